// End-to-end: Animation (GIF) and Video (MP4). The files the page saves are read back here
// with decoders of their own (omggif for the GIF, mediabunny's demuxer in Node for the MP4):
// one frame per step plus the first, the first and last frames differ, the frame time follows
// Speed, the same range gives the same bytes; Cancel saves nothing; too many steps make
// nothing; the end of the search stops the animation; without WebCodecs, or without a codec
// it can encode, the Video button says why and the GIF still works. The page runs under its
// Content-Security-Policy (the <meta> webpack writes), so a violation fails the test.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { GifReader } from 'omggif';
import { Input, BufferSource, ALL_FORMATS } from 'mediabunny';
import { usePage, button, steps, clickStep } from '../support/session.js';
import { pageReady } from '../support/browser.js';

const session = usePage();

/** Opens the page at `query`; `init`, when given, runs before the page's scripts (it is loaded again). */
async function open(query, init) {
  const page = await session.open(query);
  if (!init) return page;
  await page.addInitScript(init);
  await page.reload();
  await pageReady(page);
  return page;
}

const dialog = (page) => page.locator('#animation-dialog');
const status = (page) => page.locator('#animation-status');

/** Opens the GIF (or MP4) dialog, asks for `count` steps and makes the file; returns its bytes and name. */
async function make(page, count, kind = 'gif') {
  await button(page, kind === 'gif' ? 'Animation (GIF)' : 'Video (MP4)').click();
  await page.locator('#animation-steps').fill(String(count));
  const saved = page.waitForEvent('download', { timeout: 120_000 });
  await page.locator('#animation-make').click();
  const download = await saved;
  const bytes = await readFile(await download.path());
  const said = await status(page).filter({ hasText: /^(The search ends .*)?Saved / }).textContent();
  return { bytes, name: download.suggestedFilename(), said };
}

/** Every frame of a GIF as RGBA pixels, and each frame's delay (1/100 s). */
function gifFrames(bytes) {
  const reader = new GifReader(new Uint8Array(bytes));
  const frames = [];
  const pixels = new Uint8Array(reader.width * reader.height * 4);
  for (let i = 0; i < reader.numFrames(); i++) {
    reader.decodeAndBlitFrameRGBA(i, pixels);
    frames.push({ pixels: Buffer.from(pixels), delay: reader.frameInfo(i).delay });
  }
  return { reader, frames };
}

test('a GIF: one frame per step plus one, from the step on screen, at the frame time Speed gives; the same range twice gives the same bytes', async (t) => {
  // Speed 20 steps/s: frames of 50 ms, that is 5 hundredths of a second in the GIF.
  const page = await open('?n=8&speed=20&pos=10');
  assert.equal(await steps(page), 10);
  await button(page, 'Animation (GIF)').click();
  await assert.doesNotReject(dialog(page).getByText('step 10', { exact: true }).waitFor());
  await assert.doesNotReject(dialog(page).getByText(/^50 ms/).waitFor());
  await page.locator('#animation-close').click();
  const started = Date.now();
  const first = await make(page, 40);
  const seconds = (Date.now() - started) / 1000;
  assert.equal(first.name, 'bitqueens-n8-steps10-50.gif');
  const { reader, frames } = gifFrames(first.bytes);
  assert.equal(reader.numFrames(), 41, 'one frame per step, plus the first');
  assert.equal(reader.loopCount(), 0, 'loops forever');
  assert.ok(frames.every((frame) => frame.delay === 5), `delays ${[...new Set(frames.map((f) => f.delay))]}`);
  assert.notDeepEqual(frames[0].pixels, frames.at(-1).pixels, 'the first and the last frame differ');
  for (let i = 1; i < frames.length; i++) {
    assert.notDeepEqual(frames[i].pixels, frames[i - 1].pixels, `frame ${i} shows the step it follows`);
  }
  t.diagnostic(`GIF of 41 frames (${reader.width}×${reader.height}): ${(first.bytes.length / 1024).toFixed(0)} KB in ${seconds.toFixed(1)} s`);
  assert.equal(await steps(page), 10, 'the search on screen did not move');
  await page.locator('#animation-close').click();
  // Again, after moving the board away and back: the same range, the same file.
  await clickStep(page, 3);
  await button(page, 'Back').click();
  await button(page, 'Back').click();
  await button(page, 'Back').click();
  const second = await make(page, 40);
  assert.equal(second.name, first.name);
  assert.ok(second.bytes.equals(first.bytes), 'byte for byte the same GIF');
});

test('60 steps at 8×8, the default: the size and the time taken', async (t) => {
  const page = await open('?n=8&speed=10&pos=0');
  const started = Date.now();
  const { bytes, name, said } = await make(page, 60);
  const seconds = (Date.now() - started) / 1000;
  assert.equal(name, 'bitqueens-n8-steps0-60.gif');
  assert.match(said, /Saved bitqueens-n8-steps0-60\.gif: 61 frames of 100 ms/);
  const { reader, frames } = gifFrames(bytes);
  assert.equal(reader.numFrames(), 61);
  assert.ok(frames.every((frame) => frame.delay === 10), 'frames of 100 ms at 10 steps/s');
  t.diagnostic(`GIF of 60 steps at 8×8 (${reader.width}×${reader.height}): ${(bytes.length / 1024).toFixed(0)} KB, ${seconds.toFixed(1)} s from click to file; the page: ${said}`);
  assert.ok(bytes.length < 2_000_000, `${bytes.length} bytes`);
});

test('Cancel midway saves nothing, says so, and the page keeps working', async () => {
  const page = await open('?n=10&speed=max');
  let downloads = 0;
  page.on('download', () => { downloads += 1; });
  await button(page, 'Animation (GIF)').click();
  await page.locator('#animation-steps').fill('1000');
  await page.locator('#animation-make').click();
  // Some frames made, far from all of them.
  await page.waitForFunction(() => document.getElementById('animation-progress').value >= 5);
  const cancel = page.locator('#animation-cancel');
  assert.equal(await cancel.isEnabled(), true);
  await cancel.click();
  await status(page).filter({ hasText: /cancelled/i }).waitFor();
  const made = await page.locator('#animation-progress').evaluate((bar) => bar.value);
  assert.equal(made, 0, 'the bar is emptied');
  assert.equal(await page.locator('#animation-make').isEnabled(), true, 'Make works again');
  await page.locator('#animation-close').click();
  await clickStep(page, 2);
  assert.equal(await steps(page), 2, 'the board still steps');
  // Downloads come in order: if the one made next is the first, the cancelled one saved nothing.
  const next = await make(page, 2);
  assert.match(next.name, /-steps2-4\.gif$/);
  assert.equal(downloads, 1, 'the cancelled export saved nothing');
});

test('more steps than the limit: a clear message, and nothing is made', async () => {
  const page = await open('?n=8');
  let downloads = 0;
  page.on('download', () => { downloads += 1; });
  await button(page, 'Animation (GIF)').click();
  for (const [asked, said] of [['1001', /at most 1000 steps \(1001 frames\).*1001 were asked for/], ['0', /whole number from 1 to 1000/], ['2.5', /whole number/]]) {
    await page.locator('#animation-steps').fill(asked);
    await page.locator('#animation-make').click();
    await status(page).filter({ hasText: said }).waitFor();
    assert.equal(await page.locator('#animation-progress').evaluate((bar) => bar.value), 0);
  }
  // Downloads come in order: if the one made next is the first, the refused ones saved nothing.
  await page.locator('#animation-close').click();
  await make(page, 1);
  assert.equal(downloads, 1, 'nothing was made above the limit');
});

test('a range past the end of the search stops at the end, and says so', async () => {
  const page = await open('?n=4');
  await button(page, 'Run to end').click();
  await page.locator('body[data-state="done"]').waitFor();
  const end = await steps(page);
  for (let i = 0; i < 5; i++) await button(page, 'Back').click();
  const { bytes, name } = await make(page, 60);
  assert.equal(name, `bitqueens-n4-steps${end - 5}-${end}.gif`);
  assert.equal(new GifReader(new Uint8Array(bytes)).numFrames(), 6, 'the 5 steps left, plus the first');
  await status(page).filter({ hasText: `The search ends at step ${end}` }).waitFor();
});

test('a video: where the browser has WebCodecs, an MP4 as long as its frames', async (t) => {
  const page = await open('?n=8&speed=10&pos=20');
  const hasEncoder = await page.evaluate(() => typeof VideoEncoder === 'function');
  const mp4 = button(page, 'Video (MP4)');
  if (!hasEncoder) {
    // The disabled button is checked by the next test; no MP4 was decoded here: say so.
    t.skip('this Chromium has no VideoEncoder: no MP4 to check');
    return;
  }
  const started = Date.now();
  await mp4.click();
  const codecLine = await status(page).filter({ hasText: /Codec: |cannot encode/ }).textContent();
  if (/cannot encode/.test(codecLine)) {
    assert.equal(await page.locator('#animation-make').isDisabled(), true);
    t.skip(`this Chromium encodes none of H.264, VP9, AV1 (${codecLine}): no MP4 to check`);
    return;
  }
  await page.locator('#animation-close').click();
  const { bytes, name } = await make(page, 30, 'mp4');
  const seconds = (Date.now() - started) / 1000;
  assert.equal(name, 'bitqueens-n8-steps20-50.mp4');
  const input = new Input({ source: new BufferSource(bytes), formats: ALL_FORMATS });
  const duration = await input.computeDuration();
  const track = await input.getPrimaryVideoTrack();
  const frames = await track.computePacketStats();
  t.diagnostic(`${codecLine} MP4 of 31 frames (${track.displayWidth}×${track.displayHeight}): ${(bytes.length / 1024).toFixed(0)} KB, ${duration} s, made in ${seconds.toFixed(1)} s`);
  assert.equal(frames.packetCount, 31, 'one frame per step, plus the first');
  assert.ok(Math.abs(duration - 3.1) < 0.02, `31 frames of 100 ms: ${duration} s`);
  assert.equal(await steps(page), 20, 'the search on screen did not move');
});

test('without WebCodecs: Video (MP4) is disabled and says why; the GIF still works', async () => {
  const page = await open('?n=6', () => { delete globalThis.VideoEncoder; });
  const mp4 = button(page, 'Video (MP4)');
  assert.equal(await mp4.isDisabled(), true);
  assert.match(await mp4.getAttribute('title'), /no WebCodecs.*Use Animation \(GIF\)/s);
  const { bytes } = await make(page, 3);
  assert.equal(new GifReader(new Uint8Array(bytes)).numFrames(), 4);
});

test('WebCodecs without a codec it can encode: the dialog says so, nothing breaks', async () => {
  const page = await open('?n=6', () => {
    if (globalThis.VideoEncoder) VideoEncoder.isConfigSupported = async (config) => ({ supported: false, config });
  });
  const mp4 = button(page, 'Video (MP4)');
  await mp4.click();
  await status(page).filter({ hasText: /cannot encode H\.264, VP9 or AV1 .*Use Animation \(GIF\)/ }).waitFor();
  assert.equal(await page.locator('#animation-make').isDisabled(), true);
  await page.locator('#animation-close').click();
  assert.equal(await mp4.isDisabled(), true);
  assert.match(await mp4.getAttribute('title'), /cannot encode/);
  await clickStep(page, 1);
  assert.equal(await steps(page), 1);
});
