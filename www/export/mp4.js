// An animation as an MP4 video, encoded in the page by mediabunny on the browser's WebCodecs:
// one frame per step (frame-sequence.js). mediabunny is loaded only when a video is checked
// for or made (a webpack chunk of its own), never with the page.

import { frameLayout } from './animation-frames.js';
import { renderFrames, frameCanvas } from './frame-sequence.js';
import { hasWebCodecs } from '../shared/video-support.js';

/** The video codecs tried, in order (mediabunny's names). */
const VIDEO_CODECS = ['avc', 'vp9', 'av1'];
/** A codec's name for people, by mediabunny's name. */
export const CODEC_NAMES = Object.freeze({ avc: 'H.264 (AVC)', vp9: 'VP9', av1: 'AV1', hevc: 'H.265 (HEVC)', vp8: 'VP8' });

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

/**
 * An MP4 of `steps` steps from where `search` stands, in `codec` (one videoCodec gave), each
 * frame `frameMs` ms: { blob, ...renderFrames' result }. `hooks`: renderFrames' progress and
 * cancelled. A failed or cancelled video is cancelled in mediabunny too: nothing stays open.
 */
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
