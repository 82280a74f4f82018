// Text drawn once on an image of its own, to be copied onto the page's canvases after
// (drawImage). Writing text on a canvas that is in the page makes the browser bring the page's
// style up to date first, in the middle of a redraw, and shaping it again costs more than
// copying pixels: the board's marks and the bit rows' digits are such images, made once per
// size and palette.

/**
 * An image `width` × `height` (device pixels) that `paint(context)` draws: an ImageBitmap
 * where the browser has OffscreenCanvas (a canvas would be copied anew each time it is drawn
 * from), else a canvas apart from the page. Close it with `forget` when it is replaced.
 */
export function textImage(width, height, paint) {
  const canvas = typeof OffscreenCanvas === 'function' ? new OffscreenCanvas(width, height)
    : Object.assign(document.createElement('canvas'), { width, height });
  const context = canvas.getContext('2d');
  context.direction = 'ltr';
  context.textAlign = 'center';
  context.textBaseline = 'middle';
  paint(context);
  return canvas.transferToImageBitmap?.() ?? canvas;
}

/** Lets go of images made by textImage (an ImageBitmap holds its memory until closed). */
export function forget(images) {
  for (const image of images) image?.close?.();
}
