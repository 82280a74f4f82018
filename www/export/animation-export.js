// The Animation (GIF) and Video (MP4) dialog: a range of steps from where the search stands,
// one frame per step plus the first, made from a copy of the live search (the search on
// screen never moves; frame-sequence.js) and encoded in the page (gif.js, mp4.js), then saved.
//
// The frame time follows Speed: 1000 / speed ms, in whole hundredths of a second (a GIF's
// unit), from 20 ms (browsers play GIF frames of 10 ms or less at 100 ms) to 2 s. The same
// range at the same speed gives the same file, byte for byte for a GIF: nothing in a frame
// depends on the clock or the window.
//
// Encoding yields to the page every few frames, so the progress bar moves and Cancel works;
// a cancelled export saves nothing. Where there is no WebCodecs (or no codec the browser can
// encode) the Video button is disabled and says why; the GIF works everywhere.

import { Cancelled } from './frame-sequence.js';
import { makeGif } from './gif.js';
import { videoCodec, makeMp4, CODEC_NAMES } from './mp4.js';
import { hasWebCodecs, NO_WEBCODECS, disableVideo } from '../shared/video-support.js';
import { download } from '../shared/download.js';
import { partsOf } from '../shared/dom.js';

/** The most steps an animation may cover (steps + 1 frames): 1000 steps is 20 s at the
 *  shortest frame time and 33 minutes at the longest, more than a slide needs; at 8×8 such a
 *  GIF is about 10 MB and took 17 s to make on 2 shared cores (a video is kept in memory
 *  until it is saved). The Steps field's default (60) is in index.html. */
export const MAX_STEPS = 1000;
/** The frame time's range, in ms. */
export const FRAME_MS = Object.freeze({ min: 20, max: 2000 });

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

const kilobytes = (bytes) => `${Math.max(1, Math.round(bytes / 1024)).toLocaleString('en')} KB`;
const grouped = (number) => number.toLocaleString('en');

/**
 * Wires the Animation (GIF) and Video (MP4) buttons to their dialog, all found in `root`: gif,
 * mp4 (the buttons), dialog, title, from, steps, limit (the note under Steps), frameTime,
 * make, cancel, close, progress, status;
 * `seen` is player.readOnly, what the panels may read of the player. Returns { busy() }: true
 * while an animation is being made.
 */
export function installAnimationExport(root, seen) {
  const ui = partsOf(root, {
    gif: 'export-gif', mp4: 'export-mp4', dialog: 'animation-dialog', title: 'animation-title',
    from: 'animation-from', steps: 'animation-steps', limit: 'animation-limit', frameTime: 'animation-frame-time',
    make: 'animation-make', cancel: 'animation-cancel', close: 'animation-close',
    progress: 'animation-progress', status: 'animation-status',
  });
  let kind = 'gif';
  let running = null; // { cancelled } while an export runs
  let codec; // undefined: not checked yet; null: none
  const NO_CODEC = 'This browser cannot encode H.264, VP9 or AV1 video, so the page cannot make a video here. '
    + 'Use Animation (GIF): it works in every browser.';
  const noVideo = (why) => disableVideo(ui.mp4, why);
  if (!hasWebCodecs()) noVideo(NO_WEBCODECS); // main.js did so already: the button's first state
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
  return {
    /** True while a GIF or a video is being made (the page offers no new version then). */
    busy: () => running !== null,
  };
}
