// End-to-end: the classroom screen. With Projector on at 1366×768 and 1920×1080 the board,
// the bit rows, the narration and the controls are all on the first screen; in the default
// look at 1366×768 and 1280×800 the board, the rows ld … bit, the narration and the
// controls are; on a 390×844 phone, the board and Back, Step and Play are. The focus order
// runs down the screen in each of these layouts. Each case is photographed: into the folder
// named by $SCREENSHOTS (`npm run screenshots:layout` writes docs/), else a temporary one.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { usePage, button, clickStep, frames } from '../../support/session.js';

const session = usePage();
const folder = process.env.SCREENSHOTS || mkdtempSync(path.join(tmpdir(), 'bitqueens-layout-'));
mkdirSync(folder, { recursive: true });

/** The regions a person must see, by their accessible names. */
const regions = {
  board: (page) => page.getByRole('grid', { name: 'Board' }),
  'bit rows': (page) => page.getByRole('group', { name: 'Masks of the row being searched' }),
  // The first seven rows: ld, col, rd, ld | col | rd, ~(ld | col | rd) & done, poss, bit.
  'rows ld … bit': (page) => page.locator('#masks .mask-digits').nth(6),
  narration: (page) => page.locator('#narration'),
  controls: (page) => page.getByRole('region', { name: 'Controls', exact: true }),
  Back: (page) => button(page, 'Back'),
  Step: (page) => button(page, 'Step'),
  Play: (page) => button(page, 'Play'),
};

const CASES = [
  { file: 'projector-1366x768.png', width: 1366, height: 768, projector: true, theme: 'light', see: ['board', 'bit rows', 'narration', 'controls'] },
  { file: 'projector-1920x1080.png', width: 1920, height: 1080, projector: true, theme: 'dark', see: ['board', 'bit rows', 'narration', 'controls'] },
  { file: 'default-1366x768.png', width: 1366, height: 768, projector: false, theme: 'light', see: ['board', 'rows ld … bit', 'narration', 'controls'] },
  { file: 'default-1280x800.png', width: 1280, height: 800, projector: false, theme: 'dark', see: ['board', 'rows ld … bit', 'narration', 'controls'] },
  { file: 'phone-390x844.png', width: 390, height: 844, projector: false, theme: 'light', see: ['board', 'Back', 'Step', 'Play'] },
  { file: 'phone-390x844-projector.png', width: 390, height: 844, projector: true, theme: 'light', see: ['board', 'Back', 'Step', 'Play'] },
];

for (const { file, width, height, projector, theme, see } of CASES) {
  test(`${width}×${height}${projector ? ', Projector on' : ''}: ${see.join(', ')} on the first screen`, async () => {
    const page = await session.open('?n=8', { viewport: { width, height } });
    await page.getByLabel('Theme').selectOption(theme);
    if (projector) await button(page, 'Projector').click();
    await clickStep(page, 40); // queens on the board, a row being searched, masks in use
    await page.evaluate(() => window.scrollTo(0, 0));
    for (const name of see) {
      const box = await regions[name](page).boundingBox();
      assert.ok(box, `${name} is shown`);
      const inside = box.x >= 0 && box.y >= 0 && box.x + box.width <= width && box.y + box.height <= height;
      assert.ok(inside, `${name} lies inside the ${width}×${height} viewport: ${JSON.stringify(box)}`);
    }
    await page.screenshot({ path: path.join(folder, file) });
  });
}

/** The element Tab moved to: where it is on the page (not the screen), and what it is; null
 *  when it lies in a bar fixed to the screen (the phone's bottom bar is always in reach). */
const focused = (page) => page.evaluate(() => {
  const element = document.activeElement;
  for (let e = element; e; e = e.parentElement) if (getComputedStyle(e).position === 'fixed') return null;
  const box = (element.closest('label') ?? element).getBoundingClientRect(); // a slider's line is its label's
  const name = element.id || element.getAttribute('aria-label') || element.textContent.trim().slice(0, 30);
  return { name, top: box.top + scrollY, bottom: box.bottom + scrollY, left: box.left + scrollX, right: box.right + scrollX };
});

/** True when `next` comes after `previous` in reading order: below it, or beside it to the right. */
const readsAfter = (previous, next) => {
  const sameLine = next.top < previous.bottom && previous.top < next.bottom;
  return sameLine ? next.left >= previous.right - 1 : next.top >= previous.bottom - 1;
};

for (const { width, height, projector } of CASES) {
  test(`${width}×${height}${projector ? ', Projector on' : ''}: Tab runs down the first two screens in reading order`, async () => {
    const page = await session.open('?n=8', { viewport: { width, height } });
    if (projector) await button(page, 'Projector').click();
    await clickStep(page, 12);
    await page.evaluate(() => { document.activeElement.blur(); window.scrollTo(0, 0); });
    let previous = null;
    for (let tab = 0; tab < 60; tab++) {
      await page.keyboard.press('Tab');
      const next = await focused(page);
      if (!next) continue;
      if (next.top > 2 * height) break;
      if (previous) assert.ok(readsAfter(previous, next), `Tab went from ${JSON.stringify(previous)} back to ${JSON.stringify(next)}`);
      previous = next;
    }
    assert.ok(previous, 'Tab reached something');
  });
}

/** Every element under `selector` that is wider than its box, or reaches past its tile: names and sizes. */
const overflowing = (page, selector) => page.evaluate((s) => [...document.querySelectorAll(s)]
  .filter((dd) => dd.scrollWidth > dd.clientWidth + 0.5
    || dd.getBoundingClientRect().right > dd.parentElement.getBoundingClientRect().right + 0.5)
  .map((dd) => `${dd.previousElementSibling?.textContent}: ${dd.textContent} (${dd.scrollWidth} in ${dd.clientWidth})`), selector);

/** Every element under `selector` whose font was shrunk more than its tile needs: its text
 *  fills less than 80% of the tile's inside, at a font smaller than the largest it may take. */
const shrunkTooFar = (page, selector) => page.evaluate((s) => [...document.querySelectorAll(s)]
  .filter((dd) => {
    const rem = parseFloat(getComputedStyle(document.documentElement).fontSize);
    const largest = (parseFloat(getComputedStyle(dd).getPropertyValue('--counter-font')) || 1.25) * rem; // in rem, as stage.css gives it
    const text = document.createRange();
    text.selectNodeContents(dd);
    dd.textWidth_ = text.getBoundingClientRect().width;
    return parseFloat(getComputedStyle(dd).fontSize) < largest - 0.5 && dd.textWidth_ < 0.8 * dd.clientWidth;
  })
  .map((dd) => `${dd.previousElementSibling?.textContent}: ${dd.textContent} at ${getComputedStyle(dd).fontSize} (${Math.round(dd.textWidth_)} in ${dd.clientWidth})`), selector);

const WIDTHS = [
  { width: 1280, height: 900, projector: false }, { width: 1366, height: 768, projector: true },
  { width: 1920, height: 1080, projector: false }, { width: 390, height: 844, projector: false },
  { width: 390, height: 844, projector: true },
];
for (const { width, height, projector } of WIDTHS) {
  test(`${width}×${height}${projector ? ', Projector on' : ''}: the largest numbers fit their counter tiles, in the lanes too`, async () => {
    const page = await session.open('?n=32&compare=board-scan,bit-by-bit,richards,free-masks&cn=16', { viewport: { width, height } });
    if (projector) await button(page, 'Projector').click();
    await page.locator('#compare-lanes .lane-view').first().waitFor();
    // The most the page can show: 2^53 steps (the player counts in doubles), and in the lanes
    // a board scan's operations at N = 16.
    const most = (2 ** 53).toLocaleString('en');
    await page.evaluate((text) => {
      for (const id of ['steps', 'nodes', 'solutions-found', 'unique-found']) document.getElementById(id).textContent = text;
      for (const output of document.querySelectorAll('#compare-lanes .counters output')) output.textContent = text;
    }, most);
    await frames(page, 2);
    assert.deepEqual(await overflowing(page, '.counters > div:not(.explored) > dd'), []);
    assert.deepEqual(await shrunkTooFar(page, '.counters > div:not(.explored) > dd:not(.tile-note)'), []);
    const wide = await page.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(wide <= width, `the page is ${wide} px wide on a ${width} px screen`);
  });
}

/** Every code box that scrolls sideways, and every code line with a character past its box
 *  (spaces aside: those at a wrap hang past the edge unseen). */
const cutCode = (page) => page.evaluate(() => {
  const cut = [];
  for (const box of document.querySelectorAll('.code')) {
    const where = box.closest('.lane-view')?.getAttribute('aria-label') ?? 'the main code panel';
    if (box.scrollWidth > box.clientWidth + 0.5) cut.push(`${where} scrolls: ${box.scrollWidth} in ${box.clientWidth}`);
    const right = box.getBoundingClientRect().right;
    for (const line of box.querySelectorAll('.code-line')) {
      const node = line.firstChild;
      const glyph = document.createRange();
      let reach = 0;
      for (let i = 0; i < node.length; i++) {
        if (/\s/.test(node.data[i])) continue;
        glyph.setStart(node, i);
        glyph.setEnd(node, i + 1);
        reach = Math.max(reach, glyph.getBoundingClientRect().right);
      }
      if (reach > right + 0.5) cut.push(`${where}${line.classList.contains('active') ? ', highlighted' : ''}: “${line.textContent.trim()}” reaches ${reach} past ${right}`);
    }
  }
  return cut;
});

for (const { width, height, projector } of WIDTHS) {
  test(`${width}×${height}${projector ? ', Projector on' : ''}: every line of code is seen whole, the highlighted ones above all, in the lanes too`, async () => {
    const page = await session.open('?n=8&pos=40&compare=board-scan,flag-arrays,bit-by-bit,richards&cn=8&cnode=40', { viewport: { width, height } });
    if (projector) await button(page, 'Projector').click();
    await page.locator('#compare-lanes .lane-view').first().waitFor();
    await page.waitForFunction(() => document.getElementById('compare').dataset.state === 'idle'
      && document.querySelectorAll('.code-line.active').length >= 5);
    for (const language of ['pseudocode', 'rust', 'javascript']) {
      await page.locator('#code-language').selectOption(language);
      await page.locator('#compare-language').selectOption(language);
      await frames(page, 2);
      assert.deepEqual(await cutCode(page), [], language);
    }
  });
}

/** Each chart's texts drawn smaller than `least` px, or reaching outside the chart. */
const unreadableChartText = (page, least) => page.evaluate((smallest) => {
  const bad = [];
  for (const chart of document.querySelectorAll('svg.count-chart:not([hidden])')) {
    const box = chart.getBoundingClientRect();
    const scale = box.width / chart.viewBox.baseVal.width;
    for (const text of chart.querySelectorAll('text')) {
      const size = parseFloat(getComputedStyle(text).fontSize) * scale;
      const t = text.getBoundingClientRect();
      if (size < smallest) bad.push(`${chart.id} “${text.textContent}” is ${size.toFixed(1)} px`);
      if (t.left < box.left - 0.5 || t.right > box.right + 0.5 || t.top < box.top - 0.5 || t.bottom > box.bottom + 0.5) {
        bad.push(`${chart.id} “${text.textContent}” reaches outside the chart`);
      }
    }
  }
  return bad;
}, least);

for (const { width, height, projector, least } of [
  { width: 1366, height: 768, projector: true, least: 16 }, { width: 1280, height: 900, projector: false, least: 12 },
  { width: 390, height: 844, projector: false, least: 12 },
]) {
  test(`${width}×${height}${projector ? ', Projector on' : ''}: the charts' text is at least ${least} px and inside the charts, long times too`, async () => {
    const page = await session.open('?compare=board-scan,richards&cn=6', { viewport: { width, height } });
    if (projector) await button(page, 'Projector').click();
    // The count chart, from real counts; the race chart, from rows up to 1 min 40 s (the
    // drawing is what is checked here, not the race: compare.test.js runs it).
    for (const n of [8, 10, 12]) {
      await page.locator('#count-size').fill(String(n));
      await button(page, 'Count all').click();
      await page.waitForFunction(() => document.getElementById('count-cancel').disabled && document.getElementById('count-result').textContent);
    }
    await page.evaluate(() => {
      const race = globalThis.bitqueensDebug.algorithmRace;
      race.rows = race.algorithms.flatMap(({ slug, name }, a) => [4, 6, 8, 10, 12].map((n, i) => ({
        slug, name, n, ms: 10 ** (i + a / 3), nodes: 10 ** n, operations: 10 ** (n + 1), solutions: 0,
      })));
      race.render();
    });
    await frames(page, 2);
    assert.equal(await page.locator('svg.count-chart:not([hidden])').count(), 2, 'both charts are drawn');
    assert.deepEqual(await unreadableChartText(page, least), []);
    // Drawn again, without a ResizeObserver loop (a console error would fail the test), when
    // the window narrows and when Projector mode is switched.
    await page.setViewportSize({ width: Math.max(320, Math.round(width * 0.7)), height }); // 320: the narrowest phone
    await frames(page, 3);
    assert.deepEqual(await unreadableChartText(page, least), [], 'narrower');
    await button(page, 'Projector').click();
    await frames(page, 3);
    assert.deepEqual(await unreadableChartText(page, 12), [], 'Projector switched');
  });
}

test('390×844, after counts: the table of counts scrolls in its own box, the page stays as wide as the screen, Play stays on it', async () => {
  const page = await session.open('?n=6', { viewport: { width: 390, height: 844 }, touch: true });
  for (const size of ['8', '10']) {
    await page.locator('#count-size').fill(size);
    await page.locator('#count-all').tap();
    await page.waitForFunction((n) => document.querySelectorAll('#count-table tbody tr').length === n, size === '8' ? 1 : 2);
  }
  await page.locator('#count-table').scrollIntoViewIfNeeded();
  const wide = await page.evaluate(() => document.documentElement.scrollWidth);
  assert.ok(wide <= 390, `the page is ${wide} px wide`);
  const box = await page.locator('.count-table-box').evaluate((element) => ({ scrolls: element.scrollWidth > element.clientWidth, width: element.clientWidth }));
  assert.ok(box.width <= 390, `the table's box is ${box.width} px wide`);
  assert.equal(box.scrolls, true, 'the table, wider than a phone, scrolls in its box');
  const play = await page.locator('.controls .buttons').getByRole('button', { name: 'Play', exact: true });
  const where = await play.boundingBox();
  assert.ok(where.x + where.width <= 390, `Play lies on the screen: ${JSON.stringify(where)}`);
  await play.tap(); // the bar's button, not what the count panel shows under it
  await page.waitForFunction(() => document.body.dataset.state === 'playing');
});

test('390×844, Projector on, Compare open: nothing makes the page wider than the screen; the bottom bar stays on it', async () => {
  const page = await session.open('?n=8&compare=board-scan,richards&cn=6', { viewport: { width: 390, height: 844 } });
  await button(page, 'Projector').click();
  await page.locator('#compare-lanes .lane-view').first().waitFor();
  await page.locator('#compare-speed').scrollIntoViewIfNeeded();
  const wide = await page.evaluate(() => document.documentElement.scrollWidth);
  assert.ok(wide <= 390, `the page is ${wide} px wide`);
  for (const name of ['Play', 'Reset']) {
    const box = await page.locator('.controls .buttons').getByRole('button', { name, exact: true }).boundingBox();
    assert.ok(box.x + box.width <= 390, `${name} lies on the screen: ${JSON.stringify(box)}`);
  }
});

test('390×844: after Step, the sentence of that step is on screen with the board, above the bottom bar', async () => {
  const page = await session.open('?n=8', { viewport: { width: 390, height: 844 } });
  for (let k = 0; k < 40; k++) {
    await button(page, 'Step').click();
    if (k % 8 !== 0) continue;
    const [board, sentence, bar] = await Promise.all([
      page.getByRole('grid', { name: 'Board' }).boundingBox(), page.locator('#narration').boundingBox(),
      page.locator('.controls .buttons').boundingBox(),
    ]);
    assert.ok(board.y >= 0 && sentence.y >= board.y + board.height, `step ${k + 1}: the sentence is under the board`);
    assert.ok(sentence.y + sentence.height <= bar.y, `step ${k + 1}: the sentence ${JSON.stringify(sentence)} ends above the bar at ${bar.y}`);
  }
});

test('390×844, Compare open: once the board is scrolled away, the bottom bar says it drives the board at the top and brings it back', async () => {
  const page = await session.open('?n=8&compare=board-scan,richards&cn=6', { viewport: { width: 390, height: 844 } });
  await page.locator('#compare-lanes .lane-view').first().waitFor();
  const caption = page.locator('.controls .buttons').getByText('These buttons drive the board at the top.');
  await frames(page, 2);
  assert.equal(await caption.isVisible(), false, 'not while the board is on screen');
  await page.locator('#compare-lanes').scrollIntoViewIfNeeded();
  await caption.waitFor();
  const [bar, said] = await Promise.all([page.locator('.controls .buttons').boundingBox(), caption.boundingBox()]);
  assert.ok(said.y >= bar.y && said.y + said.height <= 844, `the caption is in the bar on screen: ${JSON.stringify(said)}`);
  await page.locator('.controls .buttons').getByRole('button', { name: 'Show it ↑' }).click();
  await page.waitForFunction(() => {
    const box = document.getElementById('board').getBoundingClientRect();
    return box.top >= 0 && box.bottom <= innerHeight;
  });
  await caption.waitFor({ state: 'hidden' });
  // On a wide screen there is no bottom bar and no caption.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.locator('#compare-lanes').scrollIntoViewIfNeeded();
  await frames(page, 2);
  assert.equal(await caption.isVisible(), false, 'not on a wide screen');
});

test('Play → Pause moves no button beside it, and the narration’s second line moves no counter', async () => {
  const page = await session.open('?n=8&speed=1');
  const next = button(page, 'Next solution');
  const before = await next.boundingBox();
  const counters = await page.locator('.counters').boundingBox();
  await button(page, 'Play').click();
  await button(page, 'Pause').waitFor();
  assert.deepEqual(await next.boundingBox(), before, 'Next solution stays put');
  await button(page, 'Pause').click();
  // The longest sentence the narration says takes a second line: the counters stay put.
  await page.evaluate(() => { document.getElementById('narration').textContent = 'Queen placed in row 12, column 12; row 13 gets (ld | bit) >> 1, col | bit, (rd | bit) << 1.'; });
  assert.ok(await page.locator('#narration').evaluate((p) => p.getClientRects().length > 0 && p.clientHeight > 2 * parseFloat(getComputedStyle(p).lineHeight)), 'it takes more than one line here');
  await frames(page, 2);
  assert.deepEqual(await page.locator('.counters').boundingBox(), counters, 'the counters stay put');
});

test('on a phone the masthead has no Keyboard help and the lesson bar no Presenter notes: a keyboard’s and a presenter’s', async () => {
  const page = await session.open('?lesson=three-masks', { viewport: { width: 390, height: 844 } });
  await page.locator('#lesson-bar:not([hidden])').waitFor();
  assert.equal(await page.locator('#help-button').isVisible(), false);
  assert.equal(await page.locator('#presenter-notes').isVisible(), false);
  assert.equal(await page.getByRole('button', { name: 'Next stop' }).isVisible(), true);
});

test('every panel that opens and closes shows a ▸ / ▾ marker that says which it is, Make a lesson and History too', async () => {
  const page = await session.open('?n=6');
  const markers = () => page.evaluate(() => [...document.querySelectorAll('details > summary')]
    .filter((summary) => summary.checkVisibility())
    .map((summary) => [summary.textContent.trim().split('\n')[0], getComputedStyle(summary, '::before').content, summary.parentElement.open]));
  const before = await markers();
  for (const name of ['History', 'Make a lesson', 'Compare algorithms', 'Write it', 'Search tree', 'Count all solutions']) {
    assert.ok(before.some(([text]) => text.startsWith(name)), `${name} is a panel that opens and closes`);
  }
  for (const [text, marker, open] of before) assert.equal(marker, open ? '"▾"' : '"▸"', `${text}: ${marker}`);
  await page.locator('#lesson-maker > summary').click();
  await page.locator('#history-panel > summary').click();
  const after = await markers();
  for (const name of ['History', 'Make a lesson']) {
    const [, marker] = after.find(([text]) => text.startsWith(name));
    assert.equal(marker, '"▾"', `${name} opened`);
  }
});

test('landscape, N = 4 to 32: every bit row’s name fits in the names’ column, whose width N fixes', async () => {
  for (const n of [4, 10, 17, 32]) {
    const page = await session.open(`?n=${n}&pos=${n * 50}`, { viewport: { width: 1366, height: 768 } });
    await page.locator('#masks .mask-name').first().waitFor();
    for (let step = 0; step < 40; step++) { // names at many steps: their numbers change width
      const cut = await page.evaluate(() => [...document.querySelectorAll('#masks .mask-name')]
        .filter((name) => name.scrollWidth > name.clientWidth + 0.5).map((name) => `${name.textContent} (${name.scrollWidth} in ${name.clientWidth})`));
      assert.deepEqual(cut, [], `N = ${n}`);
      await page.keyboard.press('ArrowRight');
    }
    await page.close();
    session.page = null;
  }
});


/** Whether the box of `locator` lies inside the window, and the box, for the message. */
async function onScreen(page, locator) {
  const box = await locator.boundingBox();
  const { innerWidth, innerHeight } = await page.evaluate(() => ({ innerWidth, innerHeight }));
  const inside = Boolean(box) && box.x >= 0 && box.y >= 0 && box.x + box.width <= innerWidth && box.y + box.height <= innerHeight;
  return [inside, JSON.stringify(box)];
}

for (const [width, height] of [[1366, 768], [1920, 1080]]) {
  test(`${width}×${height}, Projector and Presenter on a lesson's question: the board, the narration, the rows and the whole question on one screen`, async () => {
    const page = await session.open('?lesson=three-masks&stop=2', { viewport: { width, height } });
    await button(page, 'Projector').click();
    await button(page, 'Presenter').click();
    await page.waitForFunction(() => document.documentElement.hasAttribute('data-presenter'));
    for (let i = 0; i < 3; i++) await page.keyboard.press('PageDown');
    await page.locator('#question-check:not([hidden])').waitFor();
    for (const [name, locator] of [['board', regions.board(page)], ['narration', regions.narration(page)], ['rows ld … bit', regions['rows ld … bit'](page)],
      ['question', page.locator('#question')], ['Check', button(page, 'Check')]]) {
      const [inside, box] = await onScreen(page, locator);
      assert.ok(inside, `${name} lies inside the window: ${box}`);
    }
    // "Your answer" stands inside the question's box, with its digits.
    const within = await page.locator('#question').evaluate((question) => {
      const outer = question.getBoundingClientRect();
      return [...question.querySelectorAll('#question-answer .mask-name, #question-answer .mask-digits')].every((part) => {
        const box = part.getBoundingClientRect();
        return box.left >= outer.left - 1 && box.right <= outer.right + 1;
      });
    });
    assert.ok(within, 'the answer’s name and digits lie inside the question box');
  });
}

test('1366×768, Projector on, a lesson open: the rows ld … bit are on the first screen under its note', async () => {
  const page = await session.open('?lesson=three-masks&stop=2', { viewport: { width: 1366, height: 768 } });
  await button(page, 'Projector').click();
  await page.locator('#lesson-bar:not([hidden])').waitFor();
  await page.evaluate(() => window.scrollTo(0, 0));
  for (const name of ['board', 'rows ld … bit']) {
    const [inside, box] = await onScreen(page, regions[name](page));
    assert.ok(inside, `${name} lies inside the window: ${box}`);
  }
});

test('390×844, a lesson open: the note and the board on the first screen, the board and its rows together after one scroll, 44 px buttons', async () => {
  const page = await session.open('?lesson=three-masks&stop=1', { viewport: { width: 390, height: 844 }, touch: true });
  await page.locator('#lesson-bar:not([hidden])').waitFor();
  assert.equal(await page.evaluate(() => document.documentElement.scrollWidth), 390, 'the page is as wide as the screen');
  for (const name of ['Previous stop', 'Next stop', 'Close lesson', 'Step', 'Play']) {
    const box = await button(page, name).boundingBox();
    assert.ok(box.height >= 44, `${name}: ${box.height} px high`);
  }
  const barTop = await page.locator('.controls .buttons').evaluate((bar) => bar.getBoundingClientRect().top);
  const note = await page.locator('#lesson-note').boundingBox();
  const board = await regions.board(page).boundingBox();
  assert.ok(note.y >= 0 && note.y < barTop && board.y < barTop, `the note (${note.y}) and the board (${board.y}) start on the first screen, above the bar (${barTop})`);
  // The board and the rows the stop talks about (ld, col, rd) are seen together.
  await regions.board(page).evaluate((grid) => grid.scrollIntoView({ block: 'start' }));
  const rows = await page.locator('#masks .mask-digits').nth(2).boundingBox();
  const top = await regions.board(page).boundingBox();
  assert.ok(top.y >= 0 && rows.y + rows.height <= barTop, `board from ${top.y}, rows ld … rd to ${rows.y + rows.height}, bar at ${barTop}`);
});

for (const [width, height] of [[390, 844], [375, 667], [320, 640]]) {
  test(`${width}×${height}, a first visit on a phone: the line that says what the page is shows; the board and the narration's first line stand above the bottom bar; no sideways scroll`, async () => {
    const page = await session.open('?n=8', { viewport: { width, height }, touch: true });
    const seen = await page.evaluate(() => {
      window.scrollTo(0, 0);
      const box = (element) => element.getBoundingClientRect();
      const what = document.querySelector('.masthead .what');
      const narration = document.getElementById('narration');
      const firstLine = document.createRange();
      firstLine.selectNodeContents(narration);
      return {
        what: { shown: what.checkVisibility(), ...JSON.parse(JSON.stringify(box(what))) },
        board: JSON.parse(JSON.stringify(box(document.getElementById('board')))),
        firstLine: JSON.parse(JSON.stringify(firstLine.getClientRects()[0])),
        barTop: box(document.querySelector('.controls .buttons')).top,
        wide: document.documentElement.scrollWidth,
      };
    });
    const { what, board, firstLine, barTop } = seen;
    await page.screenshot({ path: path.join(folder, `phone-${width}x${height}-first-visit.png`) });
    assert.ok(what.shown && what.width > 100 && what.height >= 12 && what.top >= 0 && what.bottom <= barTop,
      `the page's one line is shown, readable, on the first screen: ${JSON.stringify(what)}`);
    assert.ok(board.top >= 0 && board.bottom <= barTop, `the board (${board.top} to ${board.bottom}) stands above the bar (${barTop})`);
    assert.ok(firstLine.top >= board.bottom && firstLine.bottom <= barTop, `the narration's first line (${firstLine.top} to ${firstLine.bottom}) under the board, above the bar (${barTop})`);
    assert.ok(seen.wide <= width, `the page is ${seen.wide} px wide`);
  });
}
