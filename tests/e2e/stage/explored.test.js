// End-to-end: the Explored figure. Exact (the tree counted in a worker) up to 16×16: it never
// decreases going forward and reads 100% exactly at the end, and only there. Beyond, an
// estimate, labelled as one with its spread, that never decreases either. While playing it
// drives a time-left figure.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { usePage, controls, button, steps, frames } from '../../support/session.js';

const session = usePage();
const waitForState = (page, wanted) => page.waitForFunction((s) => document.body.dataset.state === s, wanted);
const explored = (page) => page.getByRole('status', { name: 'Explored' });
const timeLeft = (page) => page.getByRole('status', { name: 'Time left' }).textContent();
const detail = (page) => page.locator('#explored-detail').textContent();

/** The percentage the figure shows, as a number ("≈ 1.2 × 10^-5%" included). */
function percent(text) {
  const match = text.replace(/^≈ /, '').match(/^([\d.]+)(?: × 10\^(-?\d+))?%$/);
  assert.ok(match, `a percentage: “${text}”`);
  return Number(match[1]) * 10 ** Number(match[2] ?? 0);
}

/** Waits for the tree's size to be known (the worker's answer). */
const measured = (page) => page.waitForFunction(() => document.getElementById('explored').textContent !== '…');

test('exact: every step forward of N=5 keeps or raises Explored, which reads 100% at the end and only there', async () => {
  const page = await session.open('?n=5');
  await measured(page);
  assert.equal(await explored(page).textContent(), '0%');
  assert.match(await detail(page), /^0 of the \d+ nodes of the tree \(exact: counted in a worker\)\.$/);
  let last = 0;
  while ((await page.evaluate(() => document.body.dataset.state)) !== 'done') {
    await page.keyboard.press('ArrowRight');
    const shown = await explored(page).textContent();
    const finished = (await page.evaluate(() => document.body.dataset.state)) === 'done';
    assert.equal(shown === '100%', finished, `100% exactly at the end, at step ${await steps(page)}: ${shown}`);
    const value = percent(shown);
    assert.ok(value >= last, `never decreases: ${last}% then ${value}% at step ${await steps(page)}`);
    last = value;
  }
  // At the end the nodes entered are the whole tree's, as the worker counted them.
  const [, entered, total] = (await detail(page)).match(/^([\d,]+) of the ([\d,]+) nodes/);
  assert.equal(entered, total);
  assert.equal(await page.locator('#nodes').textContent(), total);
});

test('exact in mirror mode too, through solutions and a run to the end; Back lowers it again', async () => {
  const page = await session.open('?n=8&mirror=1');
  await measured(page);
  let last = 0;
  for (let k = 0; k < 6; k++) {
    await button(page, 'Next solution').click();
    await waitForState(page, 'paused');
    const value = percent(await explored(page).textContent());
    assert.ok(value >= last && value < 100, `${value}% after solution ${k + 1}`);
    last = value;
  }
  await button(page, 'Run to end').click();
  await waitForState(page, 'done');
  assert.equal(await explored(page).textContent(), '100%');
  assert.equal(await page.getByRole('status', { name: 'Time left' }).textContent(), 'none: the search is over');
  await controls(page).getByLabel('Position').fill('100');
  await waitForState(page, 'paused');
  assert.ok(percent(await explored(page).textContent()) < last);
});

test('while playing, a time left at the present speed', async () => {
  const page = await session.open('?n=15');
  await measured(page);
  assert.equal(await timeLeft(page), 'shown while playing');
  await controls(page).getByLabel('Speed').fill('13');
  await button(page, 'Play').click();
  await page.waitForFunction(() => /^about .* at this speed$/.test(document.getElementById('time-left').textContent));
  await button(page, 'Pause').click();
  assert.equal(await timeLeft(page), 'shown while playing');
});

test('an estimate beyond 16×16, labelled with its spread, that never decreases while playing', async () => {
  const page = await session.open('?n=20');
  await measured(page);
  assert.match(await explored(page).textContent(), /^≈ /);
  assert.match(await detail(page), /^An estimate: the tree holds about [\d.,× ^]+ nodes \(± [\d.]+%, Knuth's method, 200,000 random probes\), so (between .+% and .+%|about .+%) explored/);
  await controls(page).getByLabel('Speed').fill('13');
  await button(page, 'Play').click();
  // Sampled every few frames: at least ten samples, and on until it has risen above 0.
  let last = 0;
  for (let sample = 0; sample < 10 || last === 0; sample++) {
    assert.ok(sample < 5000, 'Explored never rose above 0% while playing');
    await frames(page, 3);
    const value = percent(await explored(page).textContent());
    assert.ok(value >= last, `never decreases: ${last}% then ${value}%`);
    last = value;
  }
  await page.waitForFunction(() => /^about .* at this speed$/.test(document.getElementById('time-left').textContent));
  await button(page, 'Pause').click();
});

/**
 * The nodes of the whole search tree of an n×n board, counted here by a plain recursion
 * written from the definition (a node = a queen placed on a safe square of the next row),
 * independently of the page's own counters.
 */
function treeNodes(n) {
  const columns = [];
  const safe = (row, column) => columns.every((c, r) => c !== column && Math.abs(c - column) !== row - r);
  const below = (row) => {
    let nodes = 0;
    for (let column = 0; column < n && row < n; column++) {
      if (!safe(row, column)) continue;
      columns.push(column);
      nodes += 1 + below(row + 1);
      columns.pop();
    }
    return nodes;
  };
  return below(0);
}

// In mirror mode the search enters one half of the tree: row 1's left half, and for odd n
// the middle column with row 2's left half. By the mirror symmetry that is ⌈T / 2⌉ nodes.
for (const [n, mirror] of [[1, false], [4, true], [6, false], [7, true], [8, false], [8, true], [9, true]]) {
  test(`at the end of N=${n}${mirror ? ' in mirror mode' : ''}, nodes entered = the nodes of the tree = an independent count, and Explored reads 100%`, async () => {
    const page = await session.open(`?n=${n}${mirror ? '&mirror=1' : ''}`);
    await measured(page);
    const whole = treeNodes(n);
    const expected = mirror ? Math.ceil(whole / 2) : whole;
    assert.match(await detail(page), new RegExp(`^0 of the ${expected.toLocaleString('en')} nodes of the tree`));
    await page.keyboard.press('e');
    await waitForState(page, 'done');
    const [, entered, total] = (await detail(page)).match(/^([\d,]+) of the ([\d,]+) nodes/);
    assert.equal(entered, expected.toLocaleString('en'), 'nodes entered');
    assert.equal(total, expected.toLocaleString('en'), 'nodes of the tree');
    assert.equal(await explored(page).textContent(), '100%');
    // One step back, the search is not over: below 100%, however close.
    await page.keyboard.press('ArrowLeft');
    assert.notEqual(await explored(page).textContent(), '100%');
  });
}
