// The frames of an exported animation, in order: a copy of the search is stepped once per
// frame, each frame drawn by animation-frames.js on a canvas of its own and handed to the
// encoder (gif.js, mp4.js). Only the search's steps decide what a frame shows; the clock
// decides only when the page is given back (at least every YIELD_MS), so that the progress
// bar moves and Cancel works.

import { drawFrame, frameLayout } from './animation-frames.js';

/** The page is given back at least this often (ms) while frames are made. */
const YIELD_MS = 30;

/** Thrown by renderFrames when `cancelled()` says so: nothing is to be saved. */
export class Cancelled extends Error {}

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
export function frameCanvas(n) {
  const { width, height } = frameLayout(n);
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  return { canvas, context: canvas.getContext('2d', { willReadFrequently: true, alpha: false }), width, height };
}
