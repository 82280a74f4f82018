// Animation (GIF) and Video (MP4): a range of steps from where the search stands, one frame
// per step plus the first, drawn by animation-frames.js from a copy of the live search (the
// search on screen never moves), and encoded in the page: GIF by gifenc, MP4 by mediabunny
// on the browser's WebCodecs (loaded only when a video is made: a chunk of its own).
//
// The frame time follows Speed: 1000 / speed ms, in whole hundredths of a second (a GIF's
// unit), from 20 ms (browsers play GIF frames of 10 ms or less at 100 ms) to 2 s. The same
// range at the same speed gives the same file, byte for byte for a GIF: nothing in a frame
// depends on the clock or the window.
//
// Encoding yields to the page every few frames, so the progress bar moves and Cancel works;
// a cancelled export saves nothing. Where there is no WebCodecs (or no codec the browser can
// encode) the Video button is disabled and says why; the GIF works everywhere.

import { GIFEncoder, quantize, applyPalette } from 'gifenc';
import { drawFrame, frameLayout, COLOURS } from './animation-frames.js';
import { download } from './export.js';

/** The most steps an animation may cover (steps + 1 frames): 1000 steps is 20 s at the
 *  shortest frame time and 33 minutes at the longest, more than a slide needs; at 8×8 such a
 *  GIF is about 10 MB and took 17 s to make on 2 shared cores (a video is kept in memory
 *  until it is saved). The Steps field's default (60) is in index.html. */
export const MAX_STEPS = 1000;
/** The frame time's range, in ms. */
export const FRAME_MS = Object.freeze({ min: 20, max: 2000 });
/** The video codecs tried, in order (mediabunny's names). */
const VIDEO_CODECS = ['avc', 'vp9', 'av1'];
const CODEC_NAMES = { avc: 'H.264 (AVC)', vp9: 'VP9', av1: 'AV1', hevc: 'H.265 (HEVC)', vp8: 'VP8' };
/** Colours per GIF frame: the picture's 14 flat colours, exact, and shades for the soft edges
 *  of text and shapes. */
const GIF_COLOURS = 64;
const COLOUR_BITS = Math.log2(GIF_COLOURS); // the LZW codes' first width: fewer bits, smaller files
/** The page is given back at least this often (ms) while frames are made. */
const YIELD_MS = 30;

/** The frame time (ms) at `speed` steps per second (Infinity: as fast as possible). */
export function frameTime(speed) {
  const ms = Math.round(1000 / speed / 10) * 10;
  return Number.isFinite(ms) ? Math.min(FRAME_MS.max, Math.max(FRAME_MS.min, ms)) : FRAME_MS.min;
}

/** The Steps field read: { steps } or { message }. */
export function readSteps(text) {
  const value = Number(String(text).trim());
  if (String(text).trim() === '' || !Number.isInteger(value) || value < 1) {
    return { message: `Steps must be a whole number from 1 to ${MAX_STEPS}.` };
  }
  if (value > MAX_STEPS) {
    return {
      message: `Nothing was made: an animation covers at most ${MAX_STEPS} steps (${MAX_STEPS + 1} frames), `
        + `and ${value} were asked for. Make it in parts: each can start where the last one ended.`,
    };
  }
  return { steps: value };
}

class Cancelled extends Error {}

const pause = () => new Promise((resolve) => { setTimeout(resolve, 0); });

/**
 * Steps `search` (a Search of its own: it is moved) up to `steps` times, drawing a frame on
 * `context` before the first step and after each, and awaiting `frame(i)` after each
 * drawing. Stops early at the end of the search. `progress(done)` is told after each frame;
 * `cancelled()` is asked between frames. Returns { frames, from, to, ended }.
 */
export async function renderFrames(search, steps, context, { frame, progress = () => {}, cancelled = () => false }) {
  let snapshot = search.snapshot();
  let previous = null;
  const from = snapshot.steps;
  let frames = 0;
  let yielded = performance.now();
  for (;;) {
    drawFrame(context, snapshot, previous);
    await frame(frames);
    frames += 1;
    progress(frames);
    if (frames > steps || snapshot.finished) break;
    if (performance.now() - yielded > YIELD_MS) {
      await pause();
      yielded = performance.now();
    }
    if (cancelled()) throw new Cancelled();
    search.run(1, false, 0);
    previous = snapshot;
    snapshot = search.snapshot();
  }
  return { frames, from, to: snapshot.steps, ended: snapshot.finished && frames <= steps };
}

/** A canvas of the frames' size for an n×n board, and its context. */
function frameCanvas(n) {
  const { width, height } = frameLayout(n);
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  return { canvas, context: canvas.getContext('2d', { willReadFrequently: true, alpha: false }), width, height };
}

/** A GIF of `steps` steps from where `search` stands: { blob, ...renderFrames' result }. */
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

/** True when the browser has WebCodecs' video encoder at all. */
export function hasWebCodecs() {
  return typeof globalThis.VideoEncoder === 'function' && typeof globalThis.VideoFrame === 'function';
}

let mediabunny = null;
/** mediabunny, loaded once, on first use (its own webpack chunk). */
function loadMediabunny() {
  mediabunny ??= import(/* webpackChunkName: "mediabunny" */ 'mediabunny');
  return mediabunny;
}

/** The first of VIDEO_CODECS this browser can encode at an n×n board's frame size, or null. */
export async function videoCodec(n) {
  if (!hasWebCodecs()) return null;
  const { getFirstEncodableVideoCodec } = await loadMediabunny();
  const { width, height } = frameLayout(n);
  return getFirstEncodableVideoCodec(VIDEO_CODECS, { width, height });
}

/** An MP4 of `steps` steps from where `search` stands, in `codec`: { blob, ...renderFrames' result }. */
export async function makeMp4(search, steps, frameMs, codec, hooks) {
  const { Output, Mp4OutputFormat, BufferTarget, CanvasSource, QUALITY_HIGH } = await loadMediabunny();
  const { canvas, context } = frameCanvas(search.n);
  const output = new Output({ format: new Mp4OutputFormat(), target: new BufferTarget() });
  const source = new CanvasSource(canvas, { codec, quality: QUALITY_HIGH });
  output.addVideoTrack(source);
  const seconds = frameMs / 1000;
  try {
    await output.start();
    const done = await renderFrames(search, steps, context, {
      ...hooks,
      frame: (i) => source.add(i * seconds, seconds),
    });
    await output.finalize();
    return { ...done, blob: new Blob([output.target.buffer], { type: 'video/mp4' }) };
  } catch (error) {
    if (output.state !== 'finalized' && output.state !== 'canceled') await output.cancel().catch(() => {});
    throw error;
  }
}

const kilobytes = (bytes) => `${Math.max(1, Math.round(bytes / 1024)).toLocaleString('en')} KB`;
const grouped = (number) => number.toLocaleString('en');

/**
 * Wires the Animation (GIF) and Video (MP4) buttons to their dialog. `ui` holds gif, mp4 (the
 * buttons), dialog, title, from, steps, limit (the note under Steps), frameTime, make, cancel,
 * close, progress, status;
 * `seen` is the player's read-only view.
 */
export function installAnimationExport(ui, seen) {
  let kind = 'gif';
  let running = null; // { cancelled } while an export runs
  let codec; // undefined: not checked yet; null: none
  const NO_WEBCODECS = 'This browser has no WebCodecs (VideoEncoder), so the page cannot make a video here. '
    + 'Use Animation (GIF): it works in every browser.';
  const NO_CODEC = 'This browser cannot encode H.264, VP9 or AV1 video, so the page cannot make a video here. '
    + 'Use Animation (GIF): it works in every browser.';
  const noVideo = (why) => {
    ui.mp4.disabled = true;
    ui.mp4.title = why;
    ui.mp4.setAttribute('aria-description', why);
  };
  if (!hasWebCodecs()) noVideo(NO_WEBCODECS);
  ui.steps.max = MAX_STEPS;
  ui.limit.textContent = `At most ${MAX_STEPS} steps (${MAX_STEPS + 1} frames). The frame time follows Speed: `
    + `1000 ÷ speed ms, from ${FRAME_MS.min} ms to ${FRAME_MS.max / 1000} s.`;

  const status = (text) => { ui.status.textContent = text; };
  const setRunning = (on) => {
    ui.make.disabled = on;
    ui.steps.disabled = on;
    ui.cancel.disabled = !on;
    ui.dialog.setAttribute('aria-busy', String(on));
  };

  const open = async (which) => {
    kind = which;
    ui.title.textContent = kind === 'gif' ? 'Animation (GIF)' : 'Video (MP4)';
    ui.make.textContent = kind === 'gif' ? 'Make GIF' : 'Make video';
    ui.from.textContent = `step ${grouped(seen.position)}`;
    const ms = frameTime(seen.speed);
    ui.frameTime.textContent = `${ms} ms (${grouped(Math.round(100_000 / ms) / 100)} frames/s), from Speed`;
    ui.progress.value = 0;
    ui.progress.max = 1;
    status('');
    if (!running) setRunning(false);
    if (!ui.dialog.open) ui.dialog.showModal();
    if (kind === 'mp4' && codec === undefined) {
      ui.make.disabled = true;
      status('Checking which video codecs this browser can encode…');
      try {
        codec = await videoCodec(seen.n);
      } catch (error) {
        codec = null;
        status(`The video encoder could not be loaded: ${error.message}. Use Animation (GIF).`);
        noVideo(NO_CODEC);
        return;
      }
      if (kind !== 'mp4' || !ui.dialog.open) return;
      if (codec === null) {
        noVideo(NO_CODEC);
        status(NO_CODEC);
        return;
      }
      ui.make.disabled = Boolean(running); // a cancelled run may not have ended yet
      status('');
    }
    if (kind === 'mp4') status(`Codec: ${CODEC_NAMES[codec] ?? codec}.`);
  };

  const make = async () => {
    const read = readSteps(ui.steps.value);
    if (read.message) {
      status(read.message);
      return;
    }
    const { steps } = read;
    if (seen.finished) {
      status(`Nothing to animate: the search has ended (step ${grouped(seen.position)}). Go back or Reset first.`);
      return;
    }
    const frameMs = frameTime(seen.speed);
    const { n, mirror } = seen;
    const run = { cancelled: false };
    running = run;
    setRunning(true);
    ui.progress.max = steps + 1;
    ui.progress.value = 0;
    status(`Making ${grouped(steps + 1)} frames…`);
    const started = performance.now();
    const search = seen.fork(); // a copy: the search on screen does not move
    ui.from.textContent = `step ${grouped(search.steps)}`;
    const hooks = {
      // The bar, not the status line, counts the frames: the status is a live region, and a
      // screen reader would read every frame out.
      progress: (done) => {
        ui.progress.value = done;
        ui.progress.setAttribute('aria-valuetext', `frame ${grouped(done)} of ${grouped(steps + 1)}`);
      },
      cancelled: () => run.cancelled,
    };
    try {
      const made = kind === 'gif'
        ? await makeGif(search, steps, frameMs, hooks)
        : await makeMp4(search, steps, frameMs, codec, hooks);
      if (run.cancelled) throw new Cancelled();
      const name = `bitqueens-n${n}${mirror ? '-mirror' : ''}-steps${made.from}-${made.to}.${kind}`;
      download(name, made.blob);
      ui.progress.value = ui.progress.max;
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      const end = made.ended ? `The search ends at step ${grouped(made.to)}: the animation stops there. ` : '';
      status(`${end}Saved ${name}: ${grouped(made.frames)} frames of ${frameMs} ms, ${kilobytes(made.blob.size)}, made in ${seconds} s.`);
    } catch (error) {
      if (running === run) { // else the dialog shows a newer run, which this one must not touch
        ui.progress.value = 0;
        if (error instanceof Cancelled) status('Cancelled: nothing was saved.');
        else status(`The ${kind === 'gif' ? 'animation' : 'video'} could not be made: ${error?.message ?? error}.`
          + (kind === 'mp4' ? ' Try Animation (GIF).' : ''));
      }
    } finally {
      search.free();
      // A run cancelled by closing the dialog may end after a new one has started: the
      // controls are the new run's then.
      if (running === run) {
        running = null;
        setRunning(false);
      }
    }
  };

  ui.gif.addEventListener('click', () => open('gif'));
  ui.mp4.addEventListener('click', () => { if (!ui.mp4.disabled) open('mp4'); });
  ui.make.addEventListener('click', make);
  ui.steps.addEventListener('keydown', (event) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      if (!ui.make.disabled) make();
    }
  });
  ui.cancel.addEventListener('click', () => { if (running) running.cancelled = true; });
  ui.close.addEventListener('click', () => ui.dialog.close());
  // Closing the dialog (Close, Esc) cancels an export under way.
  ui.dialog.addEventListener('close', () => { if (running) running.cancelled = true; });
}
