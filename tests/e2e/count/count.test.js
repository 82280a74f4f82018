// End-to-end: the count panel — Count all, progress, Cancel, bad input, the confirmation for
// large boards, the race, and the history table and chart.
// Nothing here assumes a number of cores or a speed: the tests read the size of the page's
// worker pool (one worker per core the browser reports), or set it themselves; a test that
// acts on a running count also slows each sub-problem down (RUNNING), so that the count is
// still going when it acts, on any machine.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { usePage, button } from '../../support/session.js';
import { text, setSize, countIdle, resultText, poolSize } from '../../support/count-panel.js';
import { published } from '../../support/published.js';
import { workerCount } from '../../../www/shared/format.js';

const grouped = (value) => value.toLocaleString('en');
/** "N = 12: 14,200 solutions, 1,787 unique." as the panel writes the published counts. */
const resultFor = (n) => resultText(n, published(n));

const session = usePage();
/** A page whose counts last long enough to act on: 2 workers, each sub-problem delayed. */
const RUNNING = { cores: 2, countDelayMs: 40 };
const liveWorkers = (page) => page.evaluate(() => globalThis.bitqueensDebug.countPool.liveWorkers);
const countRunning = (page) =>
  page.waitForFunction(() => /sub-problems ·/.test(document.getElementById('count-status').textContent));

async function countAll(page, n) {
  await setSize(page, String(n));
  await button(page, 'Count all').click();
  await countIdle(page);
  return text(page, 'count-result');
}

test('Count all gives the published total and unique counts, with a mark, a table row and a chart', async () => {
  const page = await session.open();
  const workers = workerCount(await poolSize(page));
  for (const n of [8, 12, 14]) {
    const result = await countAll(page, n);
    assert.ok(result.startsWith(resultFor(n)), result);
    assert.match(result, /✓ agree/);
    assert.ok((await text(page, 'count-status')).startsWith('Counted in '), 'status');
    assert.ok((await text(page, 'count-status')).includes(` on ${workers},`), workers);
    assert.equal(await page.locator('#count-progress').getAttribute('value'), '1');
    if (n === 8) assert.equal(await page.locator('#count-chart').isVisible(), false, 'no chart of a single point');
  }
  const rows = await page.getByRole('table', { name: 'Counts this visit' }).locator('tbody tr').allTextContents();
  assert.equal(rows.length, 3);
  const { total, unique } = published(12);
  assert.match(rows[1], new RegExp(`^12\\s*meet\\s*${grouped(total)}\\s*${grouped(unique)}\\s*${grouped(total)} / ${grouped(unique)} ✓`));
  const chart = page.getByRole('img', { name: /Counting time against N/ });
  await chart.waitFor();
  assert.equal(await chart.locator('circle').count(), 3);
});

test('Method: meeting in the middle by default, its unique count shown as Burnside’s formula; backtracking gives the same counts', async () => {
  const page = await session.open();
  const method = page.getByLabel('Method');
  assert.equal(await method.inputValue(), 'meet');
  const n = 12;
  const { total, unique } = published(n);
  const result = await countAll(page, n);
  assert.ok(result.startsWith(resultFor(n)) && result.includes('✓ agree'), result);
  assert.match(await text(page, 'count-status'), /half-boards\/s, by meeting in the middle\.$/);
  // The formula's numbers must make the published unique count from the published total.
  const numbers = result.match(/\(T \+ S180 \+ 2·S90\) \/ 8 = \(([\d,]+) \+ ([\d,]+) \+ 2·([\d,]+)\) \/ 8 = ([\d,]+)/);
  assert.ok(numbers, result);
  const [t, half, quarter, classes] = numbers.slice(1).map((v) => Number(v.replace(/,/g, '')));
  assert.deepEqual([t, classes], [total, unique]);
  assert.equal(t + half + 2 * quarter, 8 * unique, 'Burnside: T + S180 + 2·S90 = 8 × unique');
  assert.match(result, /where T is the total, and S180 and S90 are the solutions a half turn and a quarter turn leave unchanged\.$/, 'every letter named');
  // The methods are offered by the names the core gives them.
  assert.deepEqual(await method.locator('option').allTextContents(), ['Meeting in the middle', 'Backtracking']);
  // N = 1: a reflection fixes the lone queen, so the formula does not hold; none is shown.
  const one = await countAll(page, 1);
  assert.ok(one.startsWith(resultFor(1)) && one.includes('✓ agree'), one);
  assert.doesNotMatch(one, /Burnside/);

  await method.selectOption('backtrack');
  const again = await countAll(page, n);
  assert.ok(again.startsWith(resultFor(n)) && again.includes('✓ agree'), again);
  assert.doesNotMatch(again, /Burnside/);
  assert.match(again, /Unique by backtracking: .* counts the class once there/, 'how backtracking counts unique solutions');
  assert.match(await text(page, 'count-status'), /M? ?nodes\/s, by backtracking\.$/);
  const methods = await page.locator('#count-table tbody tr').evaluateAll(
    (rows) => rows.filter((row) => row.cells[0].textContent === '12').map((row) => row.cells[1].textContent));
  assert.deepEqual(methods.sort(), ['backtrack', 'meet'], 'a row for each method');
});

for (const cores of [1, 3]) {
  test(`on a computer with ${workerCount(cores).replace('worker', 'core')}, the Workers menu offers 1 to ${cores} and every choice gives the published counts`, async () => {
    const page = await session.open('', { cores });
    assert.equal(await poolSize(page), cores);
    const offered = await page.getByLabel('Workers').locator('option').evaluateAll((options) => options.map((o) => o.value));
    assert.deepEqual(offered, Array.from({ length: cores }, (_, i) => String(i + 1)));
    assert.equal(await page.getByLabel('Workers').inputValue(), String(cores), 'all of them by default');
    for (const workers of new Set([1, cores])) {
      await page.getByLabel('Workers').selectOption(String(workers));
      const result = await countAll(page, 13);
      assert.ok(result.startsWith(resultFor(13)) && result.includes('✓ agree'), result);
      assert.match(await text(page, 'count-status'), new RegExp(` on ${workerCount(workers)},`));
      assert.equal(await liveWorkers(page), workers);
    }
  });
}

test('one worker gives the same counts as two, each in a row of its own', async () => {
  const page = await session.open('', { cores: 2 });
  const expected = new RegExp(`${grouped(published(13).total)} solutions, ${grouped(published(13).unique)} unique.*✓ agree`);
  for (const workers of [1, 2]) {
    await page.getByLabel('Workers').selectOption(String(workers));
    assert.match(await countAll(page, 13), expected);
    assert.match(await text(page, 'count-status'), new RegExp(`on ${workerCount(workers)},`));
  }
  const cells = await page.locator('#count-table tbody tr').evaluateAll(
    (rows) => rows.map((row) => [...row.cells].map((cell) => cell.textContent)));
  // N, method, solutions, unique and workers of each row: one per worker count, same counts.
  const row = (workers) => ['13', 'meet', grouped(published(13).total), grouped(published(13).unique), String(workers)];
  assert.deepEqual(cells.map((r) => [r[0], r[1], r[2], r[3], r[6]]), [row(1), row(2)]);
});

test('the time left is read from the work done: on a real backtracking count the estimated work left tracks the queens left', async () => {
  // The pool's reports, as the panel gets them: the estimated work done and left, and the
  // queens really placed so far. Queens placed are the count's clock here (the time each
  // sub-problem takes follows them), so the check does not depend on this machine's speed.
  // (The backtracking counter's sub-problems have estimates; meeting in the middle weighs
  // its small ones alike.)
  const page = await session.open('', { cores: 2 });
  await page.getByLabel('Method').selectOption('backtrack');
  await page.evaluate(() => {
    const pool = globalThis.bitqueensDebug.countPool;
    const countAll = pool.countAll.bind(pool);
    globalThis.reports = [];
    pool.countAll = (n, workers, onProgress, options) =>
      countAll(n, workers, (report) => { globalThis.reports.push({ ...report }); onProgress(report); }, options);
  });
  const result = await countAll(page, 14);
  assert.ok(result.startsWith(resultFor(14)), result);
  const reports = await page.evaluate(() => globalThis.reports);
  const queens = reports.at(-1).work;
  let checked = 0;
  for (const { work: placed, estimatedDone, estimatedLeft } of reports) {
    if (placed < queens / 10 || placed > queens * 0.9) continue;
    // The page's time left is time so far × estimatedLeft / estimatedDone; the truth is time so
    // far × queens left / queens placed.
    const ratio = (estimatedLeft / estimatedDone) / ((queens - placed) / placed);
    assert.ok(ratio > 0.7 && ratio < 1.4, `at ${placed} of ${queens} queens the estimate is ${ratio.toFixed(2)} of the truth`);
    checked++;
  }
  assert.ok(checked >= 20, `${checked} reports checked`);
});

test('Cancel stops every worker at once and the next count works', async () => {
  const page = await session.open('', RUNNING);
  await setSize(page, '13');
  await button(page, 'Count all').click();
  await countRunning(page);
  assert.equal(await liveWorkers(page), 2);
  // Click and read the pool in one task: "at once" means terminate() has stopped every worker
  // before the click's handler returns, whatever the machine's speed.
  const workersAfterClick = await page.evaluate(() => {
    document.getElementById('count-cancel').click();
    return globalThis.bitqueensDebug.countPool.liveWorkers;
  });
  assert.equal(workersAfterClick, 0);
  await countIdle(page);
  assert.match(await text(page, 'count-status'), /^Cancelled\. Stopped after .*; every worker was stopped\. What was counted is kept: Resume goes on from there\.$/);
  assert.equal(await text(page, 'count-result'), '');
  assert.ok((await countAll(page, 10)).startsWith(resultFor(10)));
});

test('bad board sizes get a clear message and start nothing', async () => {
  const page = await session.open();
  const cases = [
    ['0', /^Board size 0 is out of range: use 1 to 21\.$/],
    ['33', /^Board size 33 is out of range: use 1 to 21\.$/],
    ['22', /^Board size 22 is out of range: use 1 to 21\. Counting goes up to 21: N = 22 would take days/],
    ['', /Board size is empty/],
    ['7.5', /is not a whole number/],
  ];
  for (const [value, message] of cases) {
    await setSize(page, value);
    await button(page, 'Count all').click();
    assert.match(await text(page, 'count-message'), message, `Count all with “${value}”`);
    assert.equal(await liveWorkers(page), 0, `Count all with “${value}” started workers`);
    await button(page, 'Race the counters').click();
    assert.ok(await page.locator('#count-message').isVisible());
  }
  // What a person can type into the number field that is not a number.
  for (const typed of ['e', '1e-', '--']) {
    await page.locator('#count-size').fill('');
    await page.locator('#count-size').pressSequentially(typed);
    await button(page, 'Count all').click();
    assert.match(await text(page, 'count-message'), /^Board size is not a number: use 1 to 21\.$/, typed);
  }
  assert.equal(await liveWorkers(page), 0);
  assert.ok((await countAll(page, 8)).startsWith(resultFor(8)));
  assert.equal(await page.locator('#count-message').isVisible(), false, 'a good count clears the message');
});

test('during a count, Count all and Race the counters are disabled, saying why; the count finishes correctly and they are back', async () => {
  const page = await session.open('', RUNNING);
  await setSize(page, '12');
  const countAllButton = button(page, 'Count all');
  const race = button(page, 'Race the counters');
  const raceTitle = await race.getAttribute('title');
  assert.ok(raceTitle);
  await countAllButton.focus();
  await page.keyboard.press('Enter');
  await countRunning(page);
  const why = 'The count of N = 12 is still going: wait for it or press Cancel first.';
  for (const held of [countAllButton, race]) {
    assert.equal(await held.isDisabled(), true);
    assert.equal(await held.getAttribute('aria-description'), why);
    assert.equal(await held.getAttribute('title'), why);
  }
  assert.equal(await page.evaluate(() => document.activeElement?.id), 'count-cancel', 'the focus goes to Cancel, not to the page');
  await countIdle(page);
  const result = await text(page, 'count-result');
  assert.ok(result.startsWith(resultFor(12)) && result.includes('✓ agree'), result);
  for (const held of [countAllButton, race]) {
    assert.equal(await held.isDisabled(), false);
    assert.equal(await held.getAttribute('aria-description'), null);
  }
  assert.equal(await race.getAttribute('title'), raceTitle, 'its own title back');
  assert.equal(await countAllButton.getAttribute('title'), null);
});

test('changing N during a count lets it finish, saying the new size is for the next count; closing the panel cancels', async () => {
  const page = await session.open('', RUNNING);
  await setSize(page, '12');
  await button(page, 'Count all').click();
  await countRunning(page);
  await setSize(page, '9');
  assert.match(await text(page, 'count-message'), /^The count of N = 12 goes on\. N = 9 is for the next count: press Count all when this one ends, or Cancel it first\.$/);
  assert.equal(await page.locator('#count-cancel').isDisabled(), false, 'the count still runs');
  await countIdle(page);
  const result = await text(page, 'count-result');
  assert.ok(result.startsWith(resultFor(12)) && result.includes('✓ agree'), result);
  assert.equal(await page.locator('#count-message').isVisible(), false, 'the note goes when the count ends');
  assert.ok((await countAll(page, 9)).startsWith(resultFor(9)), 'the size typed is counted next');

  await setSize(page, '13');
  await button(page, 'Count all').click();
  await countRunning(page);
  await page.locator('#count-panel summary').click();
  await countIdle(page);
  assert.equal(await liveWorkers(page), 0);
  await page.locator('#count-panel summary').click();
  assert.match(await text(page, 'count-status'), /^Panel closed: the count was cancelled\./);
  assert.ok((await countAll(page, 11)).startsWith(resultFor(11)));
});

test('a board above 17 asks first, with an estimated time; declining counts nothing', async () => {
  const page = await session.open();
  await countAll(page, 14); // the estimate then comes from this visit's own measurement
  await setSize(page, '19');
  await button(page, 'Count all').click();
  const confirm = page.getByRole('group', { name: 'Confirm a long count' });
  await confirm.waitFor();
  const workers = workerCount(await poolSize(page));
  assert.match(await text(page, 'count-confirm-text'), new RegExp(`^Counting N = 19 on ${workers} takes about .+ on this computer, with about \\d+ MiB of memory for each worker\\. Count anyway\\?$`));
  await button(page, 'Count all').click();
  assert.match(await text(page, 'count-message'), /waiting for your answer/);
  await button(page, 'Don’t').click();
  assert.equal(await confirm.isVisible(), false);
  assert.equal(await text(page, 'count-status'), 'N = 19 not counted.');
  assert.equal(await liveWorkers(page), await poolSize(page), 'the workers of the N = 14 count stay, idle, for the next one');
  // Accepting starts the count; cancel it at once.
  await button(page, 'Count all').click();
  await button(page, 'Count anyway').click();
  await countRunning(page);
  await button(page, 'Cancel').click();
  await countIdle(page);
  assert.equal(await liveWorkers(page), 0);
});

test('the race runs the three counters in turn, each agreeing with the table, and refuses N > 16', async () => {
  const page = await session.open();
  await setSize(page, '12');
  await button(page, 'Race the counters').click();
  await countIdle(page);
  for (const name of ['Plain JS recursion', 'Plain bitmask in wasm', 'Backtracking counter in wasm']) {
    const racer = page.getByRole('group', { name, exact: true });
    assert.match(await racer.locator('.racer-figures').textContent(),
      new RegExp(`^${grouped(published(12).total)} solutions ✓ matches OEIS in .+, .+ nodes/s`), name);
  }
  assert.match(await page.getByRole('group', { name: 'Backtracking counter in wasm' }).textContent(), /× the plain JS speed/);
  await setSize(page, '17');
  await button(page, 'Race the counters').click();
  assert.match(await text(page, 'count-message'), /^Board size 17 is out of range: use 1 to 16\. The race goes up to 16/);
});

/** Serves the build's counting worker (the script that answers “unknown job”) as `replace`
 *  says: {status, body}; every other script as it is. */
async function replaceCountWorker(page, replacement) {
  await page.context().route(/\.js(\?.*)?$/, async (route) => {
    const response = await route.fetch();
    const body = await response.text();
    if (!body.includes('unknown job')) return route.fulfill({ response, body });
    return route.fulfill({ status: replacement.status, contentType: 'text/javascript', body: replacement.body });
  });
}

for (const [what, replacement, said] of [
  ['fails to load', { status: 404, body: 'not found' }, /^The count failed: .+\. This is a bug; press Reset to start again\.$/],
  ['throws', { status: 200, body: 'self.onmessage = () => { throw new Error("worker exploded"); };' }, /^The count failed: .*worker exploded.*\. This is a bug; press Reset to start again\.$/],
]) {
  test(`a counting worker that ${what} is reported in the panel, which then counts again`, async () => {
    const page = await session.open('', { cores: 2 });
    session.expectProblem(/The count failed/);
    if (replacement.status === 404) session.expectProblem(/^request failed: .*\.js$/);
    await replaceCountWorker(page, replacement);
    await setSize(page, '10');
    await button(page, 'Count all').click();
    await countIdle(page);
    assert.match(await text(page, 'count-message'), said);
    assert.equal(await text(page, 'count-result'), '');
    assert.equal(await liveWorkers(page), 0, 'the failed workers are gone');
    await page.context().unrouteAll({ behavior: 'wait' });
    assert.ok((await countAll(page, 10)).startsWith(resultFor(10)), 'the next count works');
  });
}

test('without WebGPU (Chromium without a GPU) no GPU is offered, and Count all counts on the workers', async () => {
  // Each time the page asks the browser for a GPU, counted.
  const countAsks = (page) => page.addInitScript(() => {
    window.adapterAsks = 0;
    const gpu = navigator.gpu;
    if (!gpu) return;
    const ask = gpu.requestAdapter.bind(gpu);
    gpu.requestAdapter = (...options) => { window.adapterAsks += 1; return ask(...options); };
  });
  const page = await session.open('', { init: countAsks });
  // Not asked at load (a browser with no GPU says so in the console, "No available adapters.")…
  await page.locator('#count-all').waitFor({ state: 'attached' });
  assert.equal(await page.evaluate(() => window.adapterAsks), 0, 'not asked before the panel is seen');
  // …but once the panel is seen: asked, and none got.
  await page.locator('#count-panel').scrollIntoViewIfNeeded();
  const offered = await page.evaluate(() => globalThis.bitqueensDebug.countPanel.gpuOffered);
  assert.equal(offered, null);
  assert.equal(await page.locator('#count-device-label').isHidden(), true);
  assert.ok((await countAll(page, 8)).startsWith(resultFor(8)));
  assert.match(await text(page, 'count-status'), /on \d+ workers?,/);
});
