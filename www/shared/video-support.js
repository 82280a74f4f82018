// Whether this browser can make a video (WebCodecs), known as the page starts: the Video
// button is disabled from the first screen where it cannot, with the reason on it, before the
// exports are loaded (main.js), and the dialog says the same once they are (export/).

/** True when the browser has WebCodecs' encoder and frames. */
export function hasWebCodecs() {
  return typeof globalThis.VideoEncoder === 'function' && typeof globalThis.VideoFrame === 'function';
}

export const NO_WEBCODECS = 'This browser has no WebCodecs (VideoEncoder), so the page cannot make a video here. '
  + 'Use Animation (GIF): it works in every browser.';

/** Disables the Video `button` and says `why`, in its title and to a screen reader. */
export function disableVideo(button, why) {
  button.disabled = true;
  button.title = why;
  button.setAttribute('aria-description', why);
}
