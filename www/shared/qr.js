// A QR code drawn on a canvas: the matrix of a text (byte mode, error correction M: up to 15%
// of the code can be lost) and its drawing module by module, a whole number of device pixels
// per module (so it stays crisp), black on white with the quiet zone of 4 modules the standard
// asks for, in every theme. Used by Show link as QR (export/) and the live class's join code
// (class/).

import qrcode from 'qrcode-generator';

/** Modules of light margin around the code (ISO/IEC 18004's quiet zone). */
export const QUIET_ZONE = 4;
/** Error correction level: M restores up to 15% of the code. */
const LEVEL = 'M';

/**
 * The QR code of `text` (its UTF-8 bytes, byte mode): { size, dark(row, column) }, or
 * { message } when it is too long for any QR code at level M.
 */
export function qrMatrix(text) {
  // qrcode-generator takes a byte per character: give it the UTF-8 bytes as characters.
  const bytes = String.fromCharCode(...new TextEncoder().encode(text));
  const code = qrcode(0, LEVEL);
  try {
    code.addData(bytes, 'Byte');
    code.make();
  } catch {
    return {
      message: `This link is too long for a QR code (${bytes.length.toLocaleString('en')} bytes; `
        + 'the largest QR code holds 2,331 at this error correction). Use Copy link instead.',
    };
  }
  const size = code.getModuleCount();
  return { size, dark: (row, column) => code.isDark(row, column) };
}

/**
 * Draws `matrix` on `canvas` at most `cssSize` CSS pixels wide, with a whole number of device
 * pixels per module; returns the CSS size used.
 */
export function drawQr(canvas, matrix, cssSize, pixelRatio = 1) {
  const modules = matrix.size + 2 * QUIET_ZONE;
  const perModule = Math.max(1, Math.floor((cssSize * pixelRatio) / modules));
  const side = perModule * modules;
  canvas.width = side;
  canvas.height = side;
  canvas.style.width = `${side / pixelRatio}px`;
  canvas.style.height = `${side / pixelRatio}px`;
  const context = canvas.getContext('2d');
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, side, side);
  context.fillStyle = '#000000';
  for (let r = 0; r < matrix.size; r++) {
    for (let c = 0; c < matrix.size; c++) {
      if (matrix.dark(r, c)) context.fillRect((c + QUIET_ZONE) * perModule, (r + QUIET_ZONE) * perModule, perModule, perModule);
    }
  }
  return side / pixelRatio;
}
