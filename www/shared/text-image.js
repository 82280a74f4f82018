// Text drawn once on an image of its own, to be copied onto the page's canvases after
// (drawImage). Writing text on a canvas that is in the page makes the browser bring the page's
// style up to date first, in the middle of a redraw, and shaping it again costs more than
// copying pixels: the board's marks, the bit rows' digits and the search tree's labels are
// such images, made once per size and palette (TextImages).

import { whenIdle } from './dom.js';

/**
 * An image `width` × `height` (device pixels) that `paint(context)` draws (centred text: the
 * context's textAlign and textBaseline are set so): an ImageBitmap where the browser has
 * OffscreenCanvas (a canvas would be copied anew each time it is drawn from), else a canvas
 * apart from the page. Null when there is no pixel to draw on (a canvas not laid out yet).
 */
export function textImage(width, height, paint) {
  if (!(width >= 1 && height >= 1)) return null;
  const offscreen = typeof OffscreenCanvas === 'function' ? new OffscreenCanvas(width, height) : null;
  // An OffscreenCanvas without a 2d context (some older browsers): a canvas instead.
  const canvas = offscreen?.getContext('2d') ? offscreen : Object.assign(document.createElement('canvas'), { width, height });
  const context = canvas.getContext('2d');
  context.direction = 'ltr';
  context.textAlign = 'center';
  context.textBaseline = 'middle';
  paint(context);
  return canvas.transferToImageBitmap?.() ?? canvas;
}

/** Copies `image` (if any) centred on (x, y), on whole device pixels. */
export function drawCentred(context, image, x, y) {
  if (image) context.drawImage(image, Math.round(x - image.width / 2), Math.round(y - image.height / 2));
}

/**
 * The images of one view, made for one key (the values they depend on: a size, a scale, the
 * palette object). A view says the key once per redraw (use), then asks for images by name
 * (get); a new key lets go of them all (an ImageBitmap holds its memory until closed), so what
 * is kept is bounded by what one key needs. With a new key, the images the view will ask for
 * later are made ahead while the browser is idle, so that the frame that first needs them
 * (the first of Play, the first after a new size) does not make them all at once.
 */
export class TextImages {
  constructor() {
    this.key = [];
    this.images = new Map(); // name → image (or null)
  }

  /** The images to come are for `key` (an array, compared value by value). When it is new,
   *  `ahead()` (if given) is called once the browser is idle, for a list of functions that each
   *  get an image: they are run a few at a time while it stays idle, and given up for a newer
   *  key. */
  use(key, ahead = null) {
    if (key.length === this.key.length && key.every((value, i) => value === this.key[i])) return;
    this.clear();
    this.key = key;
    if (!ahead) return;
    let jobs = null;
    const next = (idle) => {
      if (this.key !== key) return;
      jobs ??= ahead();
      while (jobs.length > 0 && idle.timeRemaining() > 0) jobs.pop()();
      if (jobs.length > 0) whenIdle(next);
    };
    whenIdle(next);
  }

  /** The image `name`, made by `make()` the first time it is asked for under this key. */
  get(name, make) {
    if (!this.images.has(name)) this.images.set(name, make());
    return this.images.get(name);
  }

  /** Lets go of every image (closed), and of the key: nothing more is made ahead for it. */
  clear() {
    for (const image of this.images.values()) image?.close?.();
    this.images.clear();
    this.key = [];
  }
}
