// End-to-end: Show link as QR. In Projector mode on a 1366×768 classroom screen, the QR code
// is photographed (a screenshot of its canvas) and read back with a QR decoder (jsQR): it
// holds the very link Copy link gives, and it is large enough to scan from the back of the
// room. A link too long for any QR code gets a message instead.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { PNG } from 'pngjs';
import jsQR from 'jsqr';
import { usePage, button, clickStep, steps } from '../../support/session.js';

const session = usePage();

const open = (query, viewport) => session.open(query, { viewport });

/** The link Copy link gives: from the clipboard, or from the message that shows it when the
 *  clipboard is refused. */
async function copiedLink(page) {
  await page.evaluate(() => { document.getElementById('message').textContent = ''; });
  await button(page, 'Copy link').click();
  const text = await page.locator('#message').filter({ hasText: /^(Link copied|Copy this link): / }).textContent();
  return text.replace(/^(Link copied|Copy this link): /, '');
}

/** What a QR decoder reads in a screenshot of `locator`: { data, version }, or null. */
async function read(locator) {
  const png = PNG.sync.read(await locator.screenshot());
  return jsQR(new Uint8ClampedArray(png.data), png.width, png.height);
}
const decode = async (locator) => (await read(locator))?.data ?? null;

test('in Projector mode at 1366×768, the QR code holds the permalink and is large enough for a classroom', async (t) => {
  const page = await open('?n=8&speed=5', { width: 1366, height: 768 });
  await page.locator('#projector').click();
  assert.equal(await page.locator('#projector').getAttribute('aria-pressed'), 'true');
  await clickStep(page, 37);
  assert.equal(await steps(page), 37);
  const link = await copiedLink(page);
  assert.match(link, /[?&]pos=37(&|$)/);
  await button(page, 'Show link as QR').click();
  const qr = page.locator('#qr-canvas');
  await qr.waitFor();
  assert.equal(await page.locator('#qr-link').textContent(), link, 'the link under the code');
  const found = await read(qr);
  assert.equal(found?.data, link, 'the QR code read back');
  const box = await qr.boundingBox();
  t.diagnostic(`QR code on screen: ${box.width}×${box.height} CSS px at 1366×768, Projector mode`);
  assert.ok(box.width >= 600 && box.height === box.width, `${box.width}×${box.height}`);
  assert.ok(box.y >= 0 && box.y + box.height <= 768 && box.x >= 0 && box.x + box.width <= 1366, 'all of it on screen');
  // Crisp: drawn at the screen's resolution, a whole number of pixels per module (the
  // code's modules and a quiet zone of 4 on each side).
  const { width, ratio } = await qr.evaluate((canvas) => ({ width: canvas.width, ratio: devicePixelRatio }));
  assert.equal(width, box.width * ratio);
  const modules = 17 + 4 * found.version + 2 * 4;
  assert.equal(width % modules, 0, `${width} px for ${modules} modules`);
  await page.locator('#qr-dialog').getByRole('button', { name: 'Close' }).click();
  assert.equal(await page.locator('#qr-dialog').evaluate((d) => d.open), false);
  await clickStep(page, 1);
  assert.equal(await steps(page), 38, 'the page keeps working');
});

test('on a phone the code fits the screen and still reads back', async () => {
  const page = await open('?n=6&pos=12', { width: 390, height: 844 });
  const link = await copiedLink(page);
  await button(page, 'Show link as QR').click();
  const qr = page.locator('#qr-canvas');
  await qr.waitFor(); // the export part loads on its first use: the dialog opens after it
  const box = await qr.boundingBox();
  assert.ok(box.x >= 0 && box.x + box.width <= 390, `${box.x} + ${box.width}`);
  assert.ok(box.width >= 300, `${box.width}`);
  assert.equal(await decode(qr), link);
});

test('a link too long for a QR code: a message instead, and the page keeps working', async () => {
  // The permalink keeps parameters it does not know: 3,000 characters of them are more than
  // the largest QR code holds.
  const page = await open(`?n=5&note=${'x'.repeat(3000)}`, { width: 1280, height: 900 });
  await button(page, 'Show link as QR').click();
  await page.locator('#qr-message').filter({ hasText: /too long for a QR code.*Copy link/ }).waitFor();
  assert.equal(await page.locator('#qr-canvas').isHidden(), true);
  assert.match(await page.locator('#qr-link').textContent(), /note=x{3000}/);
  await page.locator('#qr-close').click();
  await clickStep(page, 2);
  assert.equal(await steps(page), 2);
});
