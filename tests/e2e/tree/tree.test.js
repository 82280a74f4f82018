// End-to-end: the Search tree panel. Its nodes per row against the stepper's own placements
// (wherever the player stands: after steps, a seek, Back, a run to the end), and pointing,
// clicking and choosing nodes with the keyboard, which move the player to the step that
// entered the node: the board then holds exactly that node's queens.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { usePage, controls, button, steps, queensOnBoard, frames } from '../../support/session.js';
import { styleColours } from '../../support/drawn.js';

const session = usePage();
const waitForState = (page, wanted) => page.waitForFunction((s) => document.body.dataset.state === s, wanted);
const tree = (page) => page.getByRole('application', { name: /^Search tree/ });
const readout = (page) => page.locator('#tree-readout').textContent();

/** The panel's count of nodes entered, per row. */
async function panelRows(page) {
  return page.locator('#tree-rows tbody td').evaluateAll((cells) => cells.map((c) => Number(c.textContent.replace(/,/g, ''))));
}

/** The queens the stepper itself places in each row in its first `upTo` steps (a fresh Search). */
function placedPerRow(page, n, mirror, upTo) {
  return page.evaluate(({ n, mirror, upTo }) => {
    const search = new window.bitqueensDebug.Search(n, mirror);
    const counts = new Array(n).fill(0);
    for (let i = 0; i < upTo && !search.finished; i++) {
      const event = search.step();
      if (event.kind === 'place') counts[event.row] += 1;
    }
    search.free();
    return counts;
  }, { n, mirror, upTo });
}

/** The queens' columns (0-based) that the readout gives for the node it describes. */
function readoutPath(text) {
  const match = text.match(/queens in columns ([\d ·]+);/);
  assert.ok(match, `a node is described: ${text}`);
  return match[1].split(' · ').map((c) => Number(c) - 1);
}

/** Moves the pointer over the canvas, column `xFraction` of its width, down from the top
 *  until the readout describes a node of row `row` (0-based) that `accept`s; returns the
 *  readout then. */
/** The pointer reaches only what is on screen: the whole canvas is brought there. */
const wholeCanvasOnScreen = (page) => page.locator('#tree-canvas').evaluate((canvas) => canvas.scrollIntoView({ block: 'center' }));

async function pointAt(page, row, xFraction, accept = () => true) {
  await wholeCanvasOnScreen(page);
  const box = await page.locator('#tree-canvas').boundingBox();
  for (let y = 2; y < box.height; y += 3) {
    await page.mouse.move(box.x + box.width * xFraction, box.y + y);
    const text = await readout(page);
    if ((row === null || text.startsWith(`Row ${row + 1}, `)) && accept(text)) return text;
  }
  throw new Error(`no such node of row ${row === null ? 'any' : row + 1} at ${xFraction} of the width`);
}

test('the whole tree has, row by row, the nodes the stepper placed: after steps, a seek, Back and the end', async () => {
  const page = await session.open('?n=6');
  for (const presses of [0, 1, 3, 40, 75]) {
    while ((await steps(page)) < presses) await page.keyboard.press('ArrowRight');
    assert.deepEqual(await panelRows(page), await placedPerRow(page, 6, false, presses), `after ${presses} steps`);
  }
  await button(page, 'Run to end').click();
  await waitForState(page, 'done');
  const end = await steps(page);
  assert.deepEqual(await panelRows(page), await placedPerRow(page, 6, false, end), 'at the end');
  await controls(page).getByLabel('Position').fill('300');
  await waitForState(page, 'paused');
  assert.deepEqual(await panelRows(page), await placedPerRow(page, 6, false, 300), 'after a seek back to 300');
  await page.keyboard.press('ArrowLeft');
  assert.deepEqual(await panelRows(page), await placedPerRow(page, 6, false, 299), 'after Back');
});

test('in mirror mode the tree counts the half it searches, and the other half is never entered', async () => {
  const page = await session.open('?n=7&mirror=1');
  await button(page, 'Run to end').click();
  await waitForState(page, 'done');
  assert.deepEqual(await panelRows(page), await placedPerRow(page, 7, true, await steps(page)));
  // The whole tree's first row-0 subtree is column 7's, which mirror mode skips.
  const text = await pointAt(page, 0, 0.02);
  assert.match(text, /^Row 1, column 7: .*never entered: mirror symmetry searches the other half/);
  const before = await steps(page);
  await page.mouse.down();
  await page.mouse.up();
  assert.equal(await steps(page), before, 'a node never entered has no step to go to');
});

test('clicking a node of the whole tree goes to the step that entered it: the board holds its queens', async () => {
  const page = await session.open('?n=6');
  await button(page, 'Run to end').click();
  await waitForState(page, 'done');
  for (const [row, x] of [[0, 0.3], [2, 0.55], [3, 0.81], [4, 0.5]]) {
    // A node of that row at x, or the nearest to its right (nodes are as wide as their
    // subtrees: some are a pixel wide, whatever the canvas's width).
    let text = null;
    for (let dx = 0; text === null && dx <= 0.3; dx += 0.02) text = await pointAt(page, row, x + dx).catch(() => null);
    assert.ok(text, `a node of row ${row + 1} at ${x} of the width or right of it`);
    const path = readoutPath(text);
    assert.equal(path.length, row + 1);
    const entered = Number(text.match(/entered at step ([\d,]+)/)[1].replace(/,/g, ''));
    await page.mouse.down();
    await page.mouse.up();
    await page.waitForFunction((s) => Number(document.getElementById('steps').textContent.replace(/,/g, '')) === s, entered);
    assert.deepEqual((await queensOnBoard(page)).map((q) => q.column), path, `node ${path}`);
    // It was entered by exactly the last step: one step back, its queen is gone.
    await button(page, 'Back').click();
    assert.deepEqual((await queensOnBoard(page)).map((q) => q.column), path.slice(0, -1));
    await button(page, 'Run to end').click();
    await waitForState(page, 'done');
  }
});

test('the keyboard chooses nodes without stepping the search, and Enter goes to the chosen one', async () => {
  const page = await session.open('?n=5');
  while ((await steps(page)) < 60) await page.keyboard.press('ArrowRight');
  const queens = (await queensOnBoard(page)).map((q) => q.column);
  await tree(page).focus();
  assert.deepEqual(readoutPath(await readout(page)), queens, 'focus chooses the current node');
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowLeft');
  assert.equal(await steps(page), 60, 'arrow keys move the choice, not the search');
  const chosen = readoutPath(await readout(page));
  assert.equal(chosen.length, queens.length - 1);
  await page.keyboard.press('Enter');
  assert.deepEqual((await queensOnBoard(page)).map((q) => q.column), chosen);
  assert.ok((await steps(page)) < 60, 'a node to the left was entered earlier');
});

test('the path view of a large board: clicking a done node goes back to it, a node ahead forward to it', async () => {
  const page = await session.open('?n=12');
  assert.equal(await page.getByLabel('Show').inputValue(), 'path');
  while ((await steps(page)) < 400) await page.keyboard.press('ArrowRight');
  const done = await pointAt(page, null, 0.02, (t) => /entered and left/.test(t));
  const back = readoutPath(done);
  await page.mouse.down();
  await page.mouse.up();
  await waitForState(page, 'paused');
  assert.deepEqual((await queensOnBoard(page)).map((q) => q.column), back);
  const at = await steps(page);
  await button(page, 'Back').click();
  assert.deepEqual((await queensOnBoard(page)).map((q) => q.column), back.slice(0, -1), 'entered by the last step');
  await button(page, 'Step').click();
  assert.equal(await steps(page), at);
  const ahead = await pointAt(page, 0, 0.97, (t) => /not entered yet/.test(t));
  const forward = readoutPath(ahead);
  await page.mouse.down();
  await page.mouse.up();
  await page.waitForFunction(() => ['paused', 'done'].includes(document.body.dataset.state));
  assert.deepEqual((await queensOnBoard(page)).map((q) => q.column), forward);
  assert.ok((await steps(page)) > at);
});

/** The row-1 nodes (by their queen's column) met when the pointer sweeps the canvas's width
 *  at the height `y` of row 1's band. */
async function rowOneSwept(page, y) {
  const box = await page.locator('#tree-canvas').boundingBox();
  const columns = new Set();
  for (let x = 1; x < box.width; x += 10) {
    await page.mouse.move(box.x + x, box.y + y);
    const text = await readout(page);
    if (text.startsWith('Row 1, ')) columns.add(readoutPath(text)[0]);
  }
  return columns;
}

test('the whole view zooms with + and − (buttons and keys), the wheel, and Fit', async () => {
  const page = await session.open('?n=6');
  await button(page, 'Run to end').click();
  await waitForState(page, 'done');
  // The height of row 1's band, found by pointing down the middle.
  await wholeCanvasOnScreen(page);
  const box = await page.locator('#tree-canvas').boundingBox();
  let bandY = null;
  for (let dy = 2; dy < box.height && bandY === null; dy += 3) {
    await page.mouse.move(box.x + box.width / 2, box.y + dy);
    if ((await readout(page)).startsWith('Row 1, ')) bandY = dy + 1;
  }
  assert.ok(bandY !== null, 'row 1 found');
  const zoom = page.getByRole('group', { name: 'Zoom' });
  const press = (name) => zoom.getByRole('button', { name, exact: true }).click();

  assert.equal((await rowOneSwept(page, bandY)).size, 6, 'the whole width: every node of row 1');
  await press('Zoom in');
  const zoomedIn = (await rowOneSwept(page, bandY)).size;
  assert.ok(zoomedIn >= 1 && zoomedIn < 6, `zoomed in twice: ${zoomedIn} of row 1's 6 nodes in view`);
  await press('Zoom in');
  assert.ok((await rowOneSwept(page, bandY)).size <= zoomedIn, 'closer still');
  await press('Zoom out');
  await press('Zoom out');
  assert.equal((await rowOneSwept(page, bandY)).size, 6, 'zoomed out again');
  await press('Zoom out');
  assert.equal((await rowOneSwept(page, bandY)).size, 6, 'never narrower than the whole tree');

  // The wheel, over the canvas: up zooms in around the pointer, down zooms out.
  await page.mouse.move(box.x + box.width / 2, box.y + bandY);
  for (let i = 0; i < 6; i++) await page.mouse.wheel(0, -100);
  await frames(page, 2);
  const wheeled = (await rowOneSwept(page, bandY)).size;
  assert.ok(wheeled < 6, `six turns of the wheel up: ${wheeled} of 6 in view`);
  await press('Fit');
  assert.equal((await rowOneSwept(page, bandY)).size, 6, 'Fit shows the whole width');

  // The keys + and − do the same while the tree has the focus, without stepping the search.
  const at = await steps(page);
  await tree(page).focus();
  await page.keyboard.press('+');
  assert.ok((await rowOneSwept(page, bandY)).size < 6, '+ zooms in');
  await tree(page).focus();
  await page.keyboard.press('-');
  assert.equal((await rowOneSwept(page, bandY)).size, 6, '− zooms out');
  assert.equal(await steps(page), at);
});

test('with the mouse resting on the tree, the arrow keys’ choice is the one described and the one Enter goes to; Space stays the tree’s', async () => {
  const page = await session.open('?n=5');
  while ((await steps(page)) < 60) await page.keyboard.press('ArrowRight');
  const queens = (await queensOnBoard(page)).map((q) => q.column);
  await tree(page).focus();
  const pointed = readoutPath(await pointAt(page, 0, 0.1)); // the mouse rests on a node of row 1
  await page.keyboard.press('Home'); // the current node, by the keyboard
  assert.deepEqual(readoutPath(await readout(page)), queens, 'the readout follows the keys, not the resting mouse');
  await page.keyboard.press('ArrowUp');
  const chosen = readoutPath(await readout(page));
  assert.deepEqual(chosen, queens.slice(0, -1));
  assert.notDeepEqual(chosen, pointed);
  await page.keyboard.press('Enter');
  assert.deepEqual((await queensOnBoard(page)).map((q) => q.column), chosen, 'Enter went to the node shown');
  const at = await steps(page);
  await page.keyboard.press('Space'); // a focused control keeps Space: the search does not play
  await frames(page, 3);
  assert.equal(await steps(page), at);
  assert.notEqual(await page.evaluate(() => document.body.dataset.state), 'playing');
});

/** How many pixels of the tree's canvas are, exactly and opaque, the colour of the labels of
 *  nodes on the path (nothing else is drawn in it: the canvas is transparent around the nodes). */
async function pathLabelPixels(page) {
  const { 'tree-label': label } = await styleColours(page, ['tree-label'], '#tree-panel');
  return page.locator('#tree-canvas').evaluate((canvas, rgb) => {
    const [r, g, b] = rgb.match(/[\d.]+/g).map(Number);
    const { data } = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height);
    let count = 0;
    for (let i = 0; i < data.length; i += 4) {
      if (data[i] === r && data[i + 1] === g && data[i + 2] === b && data[i + 3] === 255) count += 1;
    }
    return count;
  }, label);
}

test('the nodes on the path are labelled with their column, in both views', async () => {
  for (const n of [8, 12]) {
    const page = await session.open(`?n=${n}`);
    assert.equal(await page.getByLabel('Show').inputValue(), n === 8 ? 'whole' : 'path');
    assert.equal(await pathLabelPixels(page), 0, `${n}×${n}: no queen placed, no path`);
    for (let i = 0; i < 12; i++) await page.keyboard.press('ArrowRight');
    await frames(page, 2);
    assert.ok(await pathLabelPixels(page) > 20, `${n}×${n}: the path's nodes are labelled`);
    if (n === 8) {
      assert.deepEqual(page.problems, [], 'the page logged errors');
      await page.close();
    }
  }
});

test('closed, the tree panel waits: reopened after a change to a board of 10 or more it draws without an error', async () => {
  const page = await session.open('?n=8');
  await page.locator('#tree-panel summary').click();
  await page.waitForFunction(() => !document.getElementById('tree-panel').open);
  await controls(page).getByLabel('Board size').fill('12');
  await controls(page).getByLabel('Board size').press('Enter');
  await button(page, 'Step').click();
  await page.locator('#tree-panel summary').click();
  await page.waitForFunction(() => document.getElementById('tree-panel').open);
  await frames(page, 3);
  assert.match(await readout(page), /^Point at a node/);
  assert.equal(await page.locator('#tree-view').inputValue(), 'path');
  // The session fails the test on the console error the path view used to log here.
});
