// An animation as a GIF, encoded in the page by gifenc: one frame per step (frame-sequence.js).
// The same steps at the same frame time give the same file, byte for byte: nothing in a
// frame depends on the clock or the window, and the palette of each frame depends only on
// its pixels and the frame before.

import { GIFEncoder, quantize, applyPalette } from 'gifenc';
import { COLOURS } from './animation-frames.js';
import { renderFrames, frameCanvas } from './frame-sequence.js';

/** Colours per GIF frame: the picture's 14 flat colours, exact, and shades for the soft edges
 *  of text and shapes. */
const GIF_COLOURS = 64;
const COLOUR_BITS = Math.log2(GIF_COLOURS); // the LZW codes' first width: fewer bits, smaller files

/**
 * A GIF of `steps` steps from where `search` stands, each frame shown `frameMs` ms (a multiple
 * of 10: a GIF counts in hundredths of a second), looping: { blob, ...renderFrames' result }. `hooks`: renderFrames'
 * progress and cancelled.
 */
export async function makeGif(search, steps, frameMs, hooks) {
  const { context, width, height } = frameCanvas(search.n);
  const gif = GIFEncoder();
  let before = null; // the last frame's pixels, one 32-bit word each
  const done = await renderFrames(search, steps, context, {
    ...hooks,
    frame() {
      const pixels = new Uint32Array(context.getImageData(0, 0, width, height).data.buffer);
      const { index, palette, transparentIndex } = indexFrame(pixels, before);
      gif.writeFrame(index, width, height, before
        ? { palette, delay: frameMs, transparent: true, transparentIndex, dispose: 1, colorDepth: COLOUR_BITS }
        : { palette, delay: frameMs, repeat: 0, colorDepth: COLOUR_BITS });
      before = pixels;
    },
  });
  gif.finish();
  return { ...done, blob: new Blob([gif.bytes()], { type: 'image/gif' }) };
}

/** The frames' flat colours, first in every palette, and each one's index by its pixel word. */
const FLAT = [...new Set(Object.values(COLOURS))].map((hex) => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)));
const FLAT_INDEX = new Map(FLAT.map(([r, g, b], i) => [new Uint32Array(new Uint8ClampedArray([r, g, b, 255]).buffer)[0], i]));

/**
 * A frame's pixels as palette indices. The flat colours are exact (the same in every frame);
 * the soft edges of text and shapes get the rest of GIF_COLOURS, quantized. After the first
 * frame, a pixel equal to the frame before is transparent (that frame is left in place under
 * it): a step that changes a few squares and digits costs a few kilobytes, not a picture.
 */
function indexFrame(pixels, before) {
  const index = new Uint8Array(pixels.length);
  const UNCHANGED = 255; // until the transparent index is known
  const edges = []; // changed pixels of no flat colour
  for (let p = 0; p < pixels.length; p++) {
    if (before && pixels[p] === before[p]) {
      index[p] = UNCHANGED;
      continue;
    }
    const flat = FLAT_INDEX.get(pixels[p]);
    if (flat === undefined) edges.push(p);
    else index[p] = flat;
  }
  const palette = FLAT.slice();
  if (edges.length > 0) {
    const part = new Uint32Array(edges.length);
    edges.forEach((p, k) => { part[k] = pixels[p]; });
    const bytes = new Uint8ClampedArray(part.buffer);
    const shades = quantize(bytes, GIF_COLOURS - FLAT.length - 1, { format: 'rgb565' });
    const shadeIndex = applyPalette(bytes, shades, 'rgb565');
    edges.forEach((p, k) => { index[p] = FLAT.length + shadeIndex[k]; });
    palette.push(...shades);
  }
  const transparentIndex = palette.length;
  palette.push([0, 0, 0]);
  if (before) for (let p = 0; p < index.length; p++) if (index[p] === UNCHANGED) index[p] = transparentIndex;
  return { index, palette, transparentIndex };
}
