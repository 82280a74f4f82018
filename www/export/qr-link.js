// Show link as QR: the permalink of what is on screen (the same link as Copy link) as a QR
// code, large enough to scan from the back of a classroom: it fills most of the window's
// short side (at 1366×768, over 600 CSS px), drawn module by module on a canvas with a whole
// number of device pixels per module (so it stays crisp), black on white with the quiet zone
// of 4 modules the standard asks for, in every theme. Error correction M (15% of the code can
// be lost). The link is written under it as text.

import qrcode from 'qrcode-generator';
import { partsOf } from '../shared/dom.js';

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

/**
 * Wires Show link as QR, its parts found in `root`: button, dialog, canvas, link (the text
 * under the code), message, close; `permalink()` is the link of what is on screen.
 */
export function installQrLink(root, permalink) {
  const ui = partsOf(root, {
    button: 'show-qr', dialog: 'qr-dialog', canvas: 'qr-canvas', link: 'qr-link', message: 'qr-message', close: 'qr-close',
  });
  let matrix = null;
  // The code's CSS size: most of the window's short side, less what the dialog's other lines
  // take (measured after a first drawing, then drawn again to fit).
  const fit = () => {
    if (!matrix?.size) return;
    const ratio = window.devicePixelRatio || 1;
    let room = Math.min(window.innerWidth - 48, window.innerHeight - 160);
    for (let pass = 0; pass < 2; pass++) {
      drawQr(ui.canvas, matrix, Math.max(120, room), ratio);
      const rest = ui.dialog.getBoundingClientRect().height - ui.canvas.getBoundingClientRect().height;
      room = Math.min(window.innerWidth - 48, window.innerHeight - rest - 24);
    }
    drawQr(ui.canvas, matrix, Math.max(120, room), ratio);
  };
  ui.button.addEventListener('click', () => {
    const link = permalink();
    matrix = qrMatrix(link);
    ui.link.textContent = link;
    ui.canvas.hidden = Boolean(matrix.message);
    ui.message.hidden = !matrix.message;
    ui.message.textContent = matrix.message ?? '';
    ui.canvas.setAttribute('aria-label', `QR code of the link ${link}`);
    if (!ui.dialog.open) ui.dialog.showModal();
    fit();
  });
  ui.close.addEventListener('click', () => ui.dialog.close());
  window.addEventListener('resize', () => { if (ui.dialog.open) fit(); });
}
