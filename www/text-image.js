// Text drawn once on an image of its own, to be copied onto the page's canvases after
// (drawImage). Writing text on a canvas that is in the page makes the browser bring the page's
// style up to date first, in the middle of a redraw, and shaping it again costs more than
// copying pixels: the board's marks, the bit rows' digits and the search tree's labels are
// such images, made once per size and palette (TextImages).

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
 * is kept is bounded by what one key needs.
 */
export class TextImages {
  constructor() {
    this.key = [];
    this.images = new Map(); // name → image (or null)
  }

  /** The images to come are for `key` (an array, compared value by value). */
  use(key) {
    if (key.length !== this.key.length || key.some((value, i) => value !== this.key[i])) {
      this.clear();
      this.key = key;
    }
  }

  /** The image `name`, made by `make()` the first time it is asked for under this key. */
  get(name, make) {
    if (!this.images.has(name)) this.images.set(name, make());
    return this.images.get(name);
  }

  /** Lets go of every image (closed). */
  clear() {
    for (const image of this.images.values()) image?.close?.();
    this.images.clear();
  }
}
