// End-to-end: Animation (GIF) and Video (MP4). The files the page saves are read back here
// with decoders of their own (omggif for the GIF, mediabunny's demuxer in Node for the MP4):
// one frame per step plus the first, the first and last frames differ, the frame time follows
// Speed, the same range gives the same bytes; Cancel saves nothing; too many steps make
// nothing; the end of the search stops the animation; without WebCodecs, or without a codec
// it can encode, the Video button says why and the GIF still works. The page runs under its
// Content-Security-Policy (the <meta> webpack writes), so a violation fails the test. Frame k
// of a GIF (omggif) and of an MP4 (the browser's own decoder, a <video> seeked frame by frame)
// is compared with the page at step from + k: the queens and every bit-row digit.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { GifReader } from 'omggif';
import { Input, BufferSource, ALL_FORMATS } from 'mediabunny';
import { usePage, button, steps, clickStep, queensOnBoard } from '../../support/session.js';
import { pageReady } from '../../support/browser.js';
import { frameLayout, COLOURS } from '../../../www/export/animation-frames.js';

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

/**
 * The MP4 tests need a Chromium that encodes video: Debian's (the one browser.js runs, or
 * CHROMIUM) has WebCodecs and encodes H.264, VP9 and AV1 in software, headless too. One
 * without an encoder fails these tests, on every machine and in CI alike: a skip would let a
 * video export that no longer works pass (and scripts/node-suites.sh fails on a skip anyway).
 * Opens the Video (MP4) dialog on `page` and returns its codec line ("Codec: …"), or fails
 * saying what to do.
 */
async function encoderLine(page) {
  const fix = 'no MP4 can be checked. Run the tests with Debian\'s Chromium (sudo apt-get install -y chromium), or set CHROMIUM to a Chromium whose WebCodecs encode H.264, VP9 or AV1';
  assert.equal(await page.evaluate(() => typeof VideoEncoder), 'function', `this Chromium has no VideoEncoder: ${fix}`);
  await button(page, 'Video (MP4)').click();
  const codecLine = await status(page).filter({ hasText: /Codec: |cannot encode/ }).textContent();
  if (/cannot encode/.test(codecLine)) {
    assert.equal(await page.locator('#animation-make').isDisabled(), true, 'nothing to make without a codec');
    assert.fail(`this Chromium encodes none of H.264, VP9, AV1 (${codecLine}): ${fix}`);
  }
  return codecLine;
}

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

test('a video: an MP4 as long as its frames', async (t) => {
  const page = await open('?n=8&speed=10&pos=20');
  const started = Date.now();
  const codecLine = await encoderLine(page);
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

/** '#rrggbb' → [r, g, b]. */
const rgb = (hex) => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
/** The colour of pixel (x, y) of a decoded frame. */
const pixelAt = (frame, width, x, y) => {
  const i = (Math.round(y) * width + Math.round(x)) * 4;
  return [frame.pixels[i], frame.pixels[i + 1], frame.pixels[i + 2]];
};
/** True when `colour` is nearer to `hex` than to `other` (a GIF's palette and a video's
 *  compression both move colours a little, never past the midpoint of two far apart). */
const nearer = (colour, hex, other) => {
  const distance = (h) => rgb(h).reduce((sum, v, i) => sum + (v - colour[i]) ** 2, 0);
  return distance(hex) < distance(other);
};

/** The state of the page as a person reads it: the queens, and each bit row's digits and
 *  whether they mean anything yet (a row not yet computed is drawn pending). */
async function pageState(page) {
  const rows = {};
  for (const name of ['ld', 'col', 'rd', 'poss', 'bit']) {
    const group = page.getByRole('group', { name, exact: true });
    rows[name] = {
      digits: (await group.textContent()).trim(),
      known: !(await group.evaluate((el) => el.classList.contains('pending') || el.querySelector('.pending') !== null)),
    };
  }
  return { queens: await queensOnBoard(page), rows };
}

/**
 * Checks a decoded frame (`colourAt(x, y)` its pixels' colours) against the page's state `state` at the
 * same step: on every square outside the row being searched, nearer to ink than to the
 * square's colour at a queen's centre exactly where the page has a queen; in each bit row, a
 * cell nearer to the ones' fill than to white exactly where the page's digit is 1 (and the
 * row known). Returns the list of differences.
 */
function frameAgainstPage(colourAt, n, state) {
  const { cell, boardX, boardY, rowsY, rowHeight, rowGap } = frameLayout(n);
  const row = state.queens.length;
  const wrong = [];
  for (let r = 0; r < n; r++) {
    if (r === row) continue; // the band of the row being searched: marks, not queens
    for (let c = 0; c < n; c++) {
      const queen = state.queens.some((q) => q.row === r && q.column === c);
      const centre = colourAt(boardX + (c + 0.5) * cell, boardY + (r + 0.6) * cell);
      const square = (r + c) % 2 === 0 ? COLOURS.light : COLOURS.dark;
      if (nearer(centre, COLOURS.ink, square) !== queen) {
        wrong.push(`square ${r + 1},${c + 1}: ${queen ? 'a queen' : 'empty'} on the page, rgb(${centre}) in the frame`);
      }
    }
  }
  ['ld', 'col', 'rd', 'poss', 'bit'].forEach((name, i) => {
    const { digits, known } = state.rows[name];
    const y = rowsY + i * (rowHeight + rowGap) + rowHeight / 2;
    for (let c = 0; c < n; c++) {
      const one = known && digits[c] === '1';
      const fill = colourAt(boardX + c * cell + 6, y);
      if (nearer(fill, COLOURS.one, COLOURS.background) !== one) {
        wrong.push(`${name} digit ${c + 1}: ${known ? digits[c] : 'pending'} on the page, rgb(${fill}) in the frame`);
      }
    }
  });
  return wrong;
}

test('a GIF’s frame k shows the board and bit rows the page shows at step from + k', async () => {
  const n = 8;
  const from = 20;
  const count = 16;
  const page = await open(`?n=${n}&speed=10&pos=${from}`);
  const { bytes } = await make(page, count);
  await page.locator('#animation-close').click();
  const { reader, frames } = gifFrames(bytes);
  assert.equal(reader.numFrames(), count + 1);
  assert.equal(reader.width, frameLayout(n).width);
  let queensSeen = 0;
  const states = [];
  for (let k = 0; k <= count; k++) {
    assert.equal(await steps(page), from + k);
    const state = await pageState(page);
    states.push(state);
    queensSeen = Math.max(queensSeen, state.queens.length);
    assert.deepEqual(frameAgainstPage((x, y) => pixelAt(frames[k], reader.width, x, y), n, state), [], `frame ${k}, step ${from + k}`);
    if (k < count) await button(page, 'Step').click();
  }
  assert.ok(queensSeen >= 3, 'frames with several queens were compared');
  // The comparison tells neighbouring steps apart: a GIF one step late would fail it.
  const late = states.slice(1).filter((state, k) => frameAgainstPage((x, y) => pixelAt(frames[k], reader.width, x, y), n, state).length > 0);
  assert.ok(late.length >= count / 2, `only ${late.length} of ${count} frames differ from the next step's page`);
});

/** The points frameAgainstPage reads on a frame of an n×n board, rounded to pixels. */
function samplePoints(n) {
  const points = new Set();
  const rows = Object.fromEntries(['ld', 'col', 'rd', 'poss', 'bit'].map((name) => [name, { digits: '', known: false }]));
  // Row 1 searched, then row 2 (so that row 1's squares are read too).
  for (const queens of [[], [{ row: 0, column: 0 }]]) {
    frameAgainstPage((x, y) => { points.add(`${Math.round(x)},${Math.round(y)}`); return [0, 0, 0]; }, n, { queens, rows });
  }
  return [...points].map((p) => p.split(',').map(Number));
}

/**
 * The frames of MP4 `bytes` as the browser decodes them: a <video> in a page of its own,
 * seeked to the middle of each frame (`frameMs` long) and drawn on a canvas; of each, the
 * colours at `points` only. Returns {width, height, frames: [colourAt(x, y)]} or {error}
 * when the browser cannot play it.
 */
async function videoFrames(browser, bytes, count, frameMs, points) {
  const page = await browser.newPage();
  try {
    const decoded = await page.evaluate(async ({ base64, count, frameMs, points }) => {
      const blob = new Blob([Uint8Array.from(atob(base64), (ch) => ch.charCodeAt(0))], { type: 'video/mp4' });
      const video = document.createElement('video');
      video.muted = true;
      video.src = URL.createObjectURL(blob);
      const loaded = await new Promise((resolve) => {
        video.onloadeddata = () => resolve(true);
        video.onerror = () => resolve(false);
      });
      if (!loaded) return { error: `the browser cannot play it (${video.error?.message ?? video.error?.code})` };
      const canvas = new OffscreenCanvas(video.videoWidth, video.videoHeight);
      const context = canvas.getContext('2d', { willReadFrequently: true });
      const frames = [];
      for (let k = 0; k < count; k++) {
        await new Promise((resolve) => {
          video.onseeked = resolve;
          video.currentTime = ((k + 0.5) * frameMs) / 1000;
        });
        context.drawImage(video, 0, 0);
        const { data } = context.getImageData(0, 0, canvas.width, canvas.height);
        frames.push(points.map(([x, y]) => { const i = (y * canvas.width + x) * 4; return [data[i], data[i + 1], data[i + 2]]; }));
      }
      return { width: video.videoWidth, height: video.videoHeight, frames };
    }, { base64: Buffer.from(bytes).toString('base64'), count, frameMs, points });
    if (decoded.error) return decoded;
    const key = (x, y) => `${Math.round(x)},${Math.round(y)}`;
    const frames = decoded.frames.map((colours) => {
      const byPoint = new Map(points.map(([x, y], i) => [key(x, y), colours[i]]));
      return (x, y) => byPoint.get(key(x, y));
    });
    return { ...decoded, frames };
  } finally {
    await page.close();
  }
}

test('an MP4’s frame k, decoded by the browser, shows the board and bit rows the page shows at step from + k', async (t) => {
  const n = 8;
  const from = 20;
  const count = 12;
  const page = await open(`?n=${n}&speed=10&pos=${from}`);
  const codecLine = await encoderLine(page);
  await page.locator('#animation-close').click();
  const { bytes } = await make(page, count, 'mp4');
  await page.locator('#animation-close').click();
  const video = await videoFrames(session.browser, bytes, count + 1, 100, samplePoints(n));
  assert.equal(video.error, undefined, `${codecLine}: ${video.error}`);
  assert.equal(video.width, frameLayout(n).width);
  t.diagnostic(`${codecLine} ${video.width}×${video.height}, ${video.frames.length} frames decoded by the browser`);
  const states = [];
  for (let k = 0; k <= count; k++) {
    assert.equal(await steps(page), from + k);
    states.push(await pageState(page));
    assert.deepEqual(frameAgainstPage(video.frames[k], n, states[k]), [], `frame ${k}, step ${from + k}`);
    if (k < count) await button(page, 'Step').click();
  }
  const late = states.slice(1).filter((state, k) => frameAgainstPage(video.frames[k], n, state).length > 0);
  assert.ok(late.length >= count / 2, `only ${late.length} of ${count} frames differ from the next step's page`);
});
