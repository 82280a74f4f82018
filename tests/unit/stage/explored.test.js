// The Explored figure (www/stage/explored.js) with a fake tree size and a fake clock: no browser.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ExploredView, PARTS } from '../../../www/stage/explored.js';
import { percentDown, timeSpan } from '../../../www/shared/format.js';

test('percentages are rounded down, so that 100% is never shown before the end', () => {
  assert.equal(percentDown(0), '0%');
  assert.equal(percentDown(0.12345), '12.3%');
  assert.equal(percentDown(0.99999), '99.9%');
  assert.equal(percentDown(1), '99.9%');
  assert.equal(percentDown(0.0000123), '0.0012%');
  assert.equal(percentDown(9.3e-6), '0.00093%', 'decimals, not a power of ten, down to 0.00001%');
  assert.equal(percentDown(1.27e-7), '0.000012%');
  assert.equal(percentDown(3.37e-9), '3.3 × 10^-7%');
  // Rounding down keeps the order: never a smaller text for a larger fraction.
  let last = -1;
  for (let f = 1e-9; f < 1; f *= 1.37) {
    const value = Number(percentDown(f).replace(/ × 10\^(-?\d+)%$/, 'e$1').replace('%', ''));
    assert.ok(value >= last, `${f}`);
    last = value;
  }
});

test('time spans read as a person says them', () => {
  assert.equal(timeSpan(12.4), '12 s');
  assert.equal(timeSpan(200), '3 min 20 s');
  assert.equal(timeSpan(7500), '2 h 05 min');
  assert.equal(timeSpan(86_400 * 40), '40 days');
  assert.equal(timeSpan(3e25), '9.5 × 10^17 years');
});

/** The view over plain objects, with a tree size given at once, and a clock the test moves. */
function setUp(info) {
  const elements = { output: {}, detail: {}, bar: {}, timeLeft: {} };
  // A root that holds those parts under the ids the view looks for.
  const byId = new Map(Object.entries(PARTS).map(([name, id]) => [`#${id}`, elements[name]]));
  const root = { querySelector: (selector) => byId.get(selector) ?? null };
  let time = 0;
  const sizes = { request: (n, listener) => listener({ n, ...info }) };
  const view = new ExploredView(root, sizes, () => time);
  return { view, elements, tick: (ms) => { time += ms; } };
}

const snapshot = (nodes, finished = false) => ({ nodes, finished });

test('the bar moves in steps of a thousandth, rounded down, and is full only at the end', () => {
  const { view, elements } = setUp({ kind: 'exact', whole: { nodes: 1_000_000 }, mirror: { nodes: 400_000 } });
  view.cleared(12, false);
  const bars = [0, 999, 1000, 1999, 123_456, 999_999, 1_000_000].map((nodes) => {
    view.render(snapshot(nodes), 'playing');
    return elements.bar.value;
  });
  assert.deepEqual(bars, [0, 0, 0.001, 0.001, 0.123, 0.999, 0.999], 'every node entered, the last backtracks still to come');
  view.render(snapshot(1_000_000, true), 'done');
  assert.equal(elements.bar.value, 1);
});

test('exact: the nodes entered over the tree’s, 100% only once finished, and the time left while playing', () => {
  const { view, elements, tick } = setUp({ kind: 'exact', whole: { nodes: 1000 }, mirror: { nodes: 400 } });
  view.cleared(8, false);
  view.render(snapshot(250), 'paused');
  assert.equal(elements.output.textContent, '25.0%');
  assert.equal(elements.timeLeft.textContent, 'shown while playing');
  view.render(snapshot(1000), 'paused');
  assert.equal(elements.output.textContent, '99.9%', 'every node entered, the last backtracks still to come');
  view.render(snapshot(1000, true), 'done');
  assert.equal(elements.output.textContent, '100%');
  view.cleared(8, true);
  for (const nodes of [0, 100, 200]) {
    view.render(snapshot(nodes), 'playing');
    tick(500);
  }
  assert.equal(elements.output.textContent, '50.0%', 'mirror mode divides by the mirror tree');
  assert.equal(elements.timeLeft.textContent, 'about 1 s at this speed'); // 200 nodes left at 200/s
});

test('estimated: labelled, with its spread, capped below 100% until the end', () => {
  const { view, elements } = setUp({ kind: 'estimate', whole: { nodes: 1e12, standardError: 1e10, probes: 200_000 } });
  view.cleared(20, false);
  view.render(snapshot(5e9), 'paused');
  assert.equal(elements.output.textContent, '≈ 0.50%');
  assert.match(elements.detail.textContent, /^An estimate: the tree holds about 1,000,000,000,000 nodes \(± 2.0%, Knuth's method, 200,000 random probes\), so between 0.49% and 0.51% explored/);
  view.render(snapshot(2e12), 'paused');
  assert.equal(elements.output.textContent, '≈ 99.9%');
  view.render(snapshot(2e12, true), 'done');
  assert.equal(elements.output.textContent, '100%');
});

test('until the size is known, it says what it waits for', () => {
  const { view, elements } = setUp({ kind: 'counting', done: 2, parts: 8 });
  view.cleared(16, false);
  view.render(snapshot(10), 'paused');
  assert.equal(elements.output.textContent, '…');
  assert.match(elements.detail.textContent, /part 2 of 8 done/);
});
