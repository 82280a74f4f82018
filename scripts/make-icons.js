// Draws the web app's icons (www/offline/icons/*.png, committed; run again only to change them):
// a 4 × 4 board in the page's light and dark squares holding the four queens of a solution of
// N = 4, one disc each. `node scripts/make-icons.js`. The maskable icon keeps the board inside
// the inner 80 % circle that a launcher's mask may leave (the rest is the page's background).
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PNG } from 'pngjs';

const out = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'www', 'offline', 'icons');
const hex = (h) => [1, 3, 5].map((i) => parseInt(h.slice(i, i + 2), 16));
// The light look's colours (www/shared/base.css): --light, --dark, --ink, --accent, --bg.
const LIGHT = hex('#efe3c8');
const DARK = hex('#b98c5a');
const INK = hex('#1d1f24');
const ACCENT = hex('#1f5fbf');
const BG = hex('#f6f4ef');
/** The columns of the queens, row by row: a solution of N = 4 (each row, column and diagonal once). */
const QUEENS = [1, 3, 0, 2];
const SAMPLES = 4; // 4 × 4 samples a pixel: smooth edges

/** The colour at point (x, y) of a unit square, the board filling [inset, 1 - inset]. */
function colourAt(x, y, inset) {
  const side = 1 - 2 * inset;
  const u = (x - inset) / side;
  const v = (y - inset) / side;
  if (u < 0 || u >= 1 || v < 0 || v >= 1) return BG;
  const column = Math.floor(u * 4);
  const row = Math.floor(v * 4);
  if (QUEENS[row] === column) {
    const dx = u * 4 - column - 0.5;
    const dy = v * 4 - row - 0.5;
    const r = Math.hypot(dx, dy);
    if (r < 0.17) return ACCENT;
    if (r < 0.36) return INK;
  }
  return (row + column) % 2 === 0 ? LIGHT : DARK;
}

function draw(size, inset, file) {
  const png = new PNG({ width: size, height: size, colorType: 2 });
  for (let py = 0; py < size; py++) {
    for (let px = 0; px < size; px++) {
      const sum = [0, 0, 0];
      for (let sy = 0; sy < SAMPLES; sy++) {
        for (let sx = 0; sx < SAMPLES; sx++) {
          const c = colourAt((px + (sx + 0.5) / SAMPLES) / size, (py + (sy + 0.5) / SAMPLES) / size, inset);
          for (let k = 0; k < 3; k++) sum[k] += c[k];
        }
      }
      const at = (py * size + px) * 4;
      for (let k = 0; k < 3; k++) png.data[at + k] = Math.round(sum[k] / SAMPLES ** 2);
      png.data[at + 3] = 255;
    }
  }
  writeFileSync(path.join(out, file), PNG.sync.write(png, { colorType: 2 }));
}

draw(192, 0, 'icon-192.png');
draw(512, 0, 'icon-512.png');
draw(512, 0.22, 'maskable-512.png'); // half a side 0.28 < 0.4 / √2: the corners inside the 80 % circle
