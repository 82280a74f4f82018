// End-to-end: the board and the bit rows are drawn on canvases laid over transparent elements
// that carry their names and text (www/stage/board.js, www/stage/bits.js). What is drawn must always be
// what those elements say, however the position was reached: the canvases draw only the rows
// and lines that changed, and draw everything again on a resize or a new theme.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { usePage, button, controls, clickStep } from '../../support/session.js';
import { drawnColours, canvasesSized, styleColours } from '../../support/drawn.js';

const session = usePage();

const MARKED = ['queen', 'attacked', 'tried', 'trying'];

/** The style sheet's colours of the page's look now, as "rgb(r, g, b)". */
const colours = (page) => styleColours(page, ['light', 'dark', 'band', 'band-free', 'one', 'ink', 'muted']);

/** The ground a square of look `look` has: the checkerboard above and below the row being
 *  searched, the band in it (green where free or tried now, unless Predict hides which). */
function groundOf(look, row, column, palette, hidingFree) {
  if (['queen', 'above', 'below'].includes(look)) return palette[(row + column) % 2 === 0 ? 'light' : 'dark'];
  return look === 'trying' || (look === 'free' && !hidingFree) ? palette['band-free'] : palette.band;
}

/** Every square has the ground its cell's look gives it, and a mark exactly when the look has
 *  one; every digit of a line whose value is known stands on the 1s' ground exactly when it is
 *  a 1, and is written there, a 1 in ink and a 0 muted. */
async function assertDrawnAsDescribed(page, when, { hidingFree = false } = {}) {
  await canvasesSized(page);
  const palette = await colours(page);
  const cells = page.locator('#board [role="gridcell"]');
  const looks = await cells.evaluateAll((all) => all.map((cell) => [cell.dataset.look, Number(cell.dataset.row), Number(cell.dataset.column)]));
  const squares = await cells.evaluateAll(drawnColours);
  const wrong = looks.flatMap(([look, row, column], i) => {
    const [, ground, marks] = squares[i];
    const marked = marks > 0;
    return [
      ...(marked === MARKED.includes(look) ? [] : [`square ${i + 1} (${look}) ${marked ? 'has' : 'lacks'} a mark`]),
      ...(ground === groundOf(look, row, column, palette, hidingFree) ? [] : [`square ${i + 1} (${look}) on ${ground}`]),
    ];
  });
  const { one, ink, muted } = palette;
  const lines = page.locator('#masks .mask-digits:not(.pending):not(.hidden)');
  const texts = await lines.evaluateAll((all) => all.map((group) => group.textContent));
  const digits = await lines.evaluateAll(drawnColours);
  [...texts.join('')].forEach((digit, i) => {
    const [symbol, ground, marks] = digits[i];
    if ((ground === one) !== (digit === '1')) wrong.push(`digit ${i + 1} of the known lines (${digit}) on ${ground}`);
    if (marks === 0 || symbol !== (digit === '1' ? ink : muted)) wrong.push(`digit ${i + 1} of the known lines (${digit}) written in ${marks === 0 ? 'nothing' : symbol}`);
  });
  assert.ok(texts.length > 0, `${when}: no known line`);
  assert.deepEqual(wrong, [], when);
}

test('the canvases draw what the cells and the digit groups say, after every kind of move', async () => {
  const page = await session.open('?n=8');
  await assertDrawnAsDescribed(page, 'at the start');
  for (let i = 1; i <= 12; i++) {
    await clickStep(page, 1);
    await assertDrawnAsDescribed(page, `after step ${i}`);
  }
  await button(page, 'Back').click();
  await button(page, 'Back').click();
  await assertDrawnAsDescribed(page, 'after two Backs');
  await controls(page).getByLabel('Position').fill('876');
  await assertDrawnAsDescribed(page, 'after a seek to 876');
  await button(page, 'Next solution').click();
  await page.locator('body[data-state="paused"]').waitFor();
  await assertDrawnAsDescribed(page, 'at the next solution');
  await controls(page).getByLabel('Position').fill('41');
  await assertDrawnAsDescribed(page, 'after a seek back to 41');
  await page.getByLabel('Theme').selectOption('dark');
  await assertDrawnAsDescribed(page, 'in the dark theme');
  await page.setViewportSize({ width: 390, height: 844 });
  await assertDrawnAsDescribed(page, 'on a phone'); // its canvasesSized fails on a canvas not resized
});

test('a free square is drawn as not free while Predict asks for the free squares, and free again after', async () => {
  const page = await session.open('?n=8&pos=6'); // row 2: four squares free, four attacked
  assert.ok(await page.locator('#board [data-look="free"]').count() > 0, 'the row has free squares');
  await assertDrawnAsDescribed(page, 'before the question');
  await page.locator('#board').evaluate((board) => board.classList.add('asking-free'));
  await assertDrawnAsDescribed(page, 'while asking for the free squares', { hidingFree: true });
  await page.locator('#board').evaluate((board) => board.classList.remove('asking-free'));
  await assertDrawnAsDescribed(page, 'after the question');
});

test('a square shows its reason as a tooltip while the pointer is on it, and only then', async () => {
  const page = await session.open('?n=8&pos=41');
  const attacked = page.locator('#board [data-look="attacked"]').first();
  assert.equal(await attacked.getAttribute('title'), null);
  await attacked.hover();
  assert.match(await attacked.getAttribute('title'), /^attacked along the /);
  assert.match(await attacked.getAttribute('aria-label'), /^Row \d+, column \d+: attacked along the (column ↓|ld diagonal ↘|rd diagonal ↙)/);
  await page.getByRole('heading', { level: 1 }).hover();
  assert.equal(await attacked.getAttribute('title'), null);
});

test('a square of the row being searched says in its name what it shows: the arrows, ?, × or free; only that it is hidden while a question hides the row', async () => {
  const page = await session.open('?n=8&pos=41');
  const said = () => page.locator('#board [role="gridcell"]').evaluateAll((cells) => cells
    .filter((cell) => ['attacked', 'tried', 'trying', 'free', 'hidden'].includes(cell.dataset.look))
    .map((cell) => [cell.dataset.look, cell.getAttribute('aria-label')]));
  const words = { attacked: /: attacked along the (column ↓|ld diagonal ↘|rd diagonal ↙)/, tried: /: free, already tried ×$/, trying: /: being tried \?$/, free: /: free$/ };
  const seen = await said();
  assert.ok(seen.some(([look]) => look === 'attacked') && seen.some(([look]) => look !== 'attacked'), JSON.stringify(seen));
  for (const [look, name] of seen) assert.match(name, words[look], `${look}: ${name}`);
  // The marks named are the ones drawn: an attacked square's arrows are its masks'. While a
  // question asks for the free squares, the row's marks are its answer: each square says
  // only that it is hidden, and afterwards what it shows again.
  await page.locator('#board').evaluate((board) => board.classList.add('asking-free'));
  const hidden = await said();
  assert.equal(hidden.length, 8);
  for (const [look, name] of hidden) assert.deepEqual([look, name.replace(/^Row \d+, column \d+/, '')], ['hidden', ': hidden while the question asks for the free squares']);
  await page.locator('#board').evaluate((board) => board.classList.remove('asking-free'));
  assert.deepEqual(await said(), seen);
});

test('the images the canvases copy are made ahead, while the page is idle: steps and a run to the end make none, at any size', async () => {
  const page = await session.open('?n=8');
  // Counts the images made (text-image.js makes each on an OffscreenCanvas).
  await page.evaluate(() => {
    window.imagesMade_ = 0;
    const Canvas = OffscreenCanvas;
    window.OffscreenCanvas = class extends Canvas {
      constructor(...size) {
        super(...size);
        window.imagesMade_ += 1;
      }
    };
  });
  /** The images made while the search moves, after the page was idle. */
  const madeWhileMoving = async () => {
    await page.evaluate(async () => {
      for (let i = 0; i < 5; i++) await new Promise((resolve) => requestIdleCallback(resolve));
      window.imagesMade_ = 0;
    });
    await clickStep(page, 40);
    await button(page, 'Run to end').click();
    await page.locator('body[data-state="done"]').waitFor();
    return page.evaluate(() => window.imagesMade_);
  };
  assert.equal(await madeWhileMoving(), 0, '8×8');
  const size = controls(page).getByLabel('Board size');
  await size.fill('6');
  await size.press('Enter');
  assert.equal(await madeWhileMoving(), 0, '6×6, after a new size');
});
