// Show link as QR: the permalink of what is on screen (the same link as Copy link) as a QR
// code, large enough to scan from the back of a classroom: it fills most of the window's
// short side (at 1366×768, over 600 CSS px), drawn module by module on a canvas with a whole
// number of device pixels per module (so it stays crisp), black on white with the quiet zone
// of 4 modules the standard asks for, in every theme. Error correction M (15% of the code can
// be lost). The link is written under it as text.

import { qrMatrix, drawQr } from '../shared/qr.js';
import { partsOf } from '../shared/dom.js';

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
