// End-to-end: the count panel beyond N = 14. N = 15, 16 and 17 counted in the page by meeting
// in the middle on the workers of a page that sees two cores (whatever this machine has),
// against the published total and unique counts, with Burnside's line: its T the published
// total, T + S180 + 2·S90 = 8 × the published unique count. The workers are the ones the
// browser started (count-worker.*.js), not the page's own word for them. Each test says its time.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { usePage, button } from '../../support/session.js';
import { text, setSize, countIdle, resultText } from '../../support/count-panel.js';
import { workerCount } from '../../../www/shared/format.js';
import { published } from '../../support/published.js';

const session = usePage();
const number = (digits) => Number(digits.replace(/,/g, ''));
/** The script of a counting worker in dist/ (www/count/index.js names its chunk). */
const COUNT_WORKER = /\/count-worker\.[0-9a-f]+\.js$/;

for (const n of [15, 16, 17]) {
  test(`N = ${n} by meeting in the middle on the page's workers: the published counts, and Burnside's line adds up`, async (t) => {
    const page = await session.open('', { cores: 2 });
    assert.equal(await page.getByLabel('Method').inputValue(), 'meet');
    const countWorkers = []; // the counting workers the browser starts from here on
    page.on('worker', (worker) => { if (COUNT_WORKER.test(worker.url())) countWorkers.push(worker); });
    await setSize(page, String(n));
    const started = Date.now();
    await button(page, 'Count all').click();
    await countIdle(page, 300_000);
    const seconds = (Date.now() - started) / 1000;
    const result = await text(page, 'count-result');
    const { total, unique } = published(n);
    assert.ok(result.startsWith(resultText(n, { total, unique })) && result.includes('✓ agree'), `${result} | ${await text(page, 'count-message')}`);
    // The page was told of two cores: the browser started two counting workers for this
    // count, both still there, and the sentence names that many.
    assert.equal(countWorkers.length, 2, 'counting workers started by the browser');
    assert.equal(page.workers().filter((worker) => COUNT_WORKER.test(worker.url())).length, 2, 'counting workers alive');
    const workers = workerCount(countWorkers.length); // "2 workers"
    assert.match(await text(page, 'count-status'), new RegExp(`^Counted in .+ on ${workers}, .+ by meeting in the middle\\.$`));
    const numbers = result.match(/\(T \+ S180 \+ 2·S90\) \/ 8 = \(([\d,]+) \+ ([\d,]+) \+ 2·([\d,]+)\) \/ 8 = ([\d,]+)/);
    assert.ok(numbers, result);
    const [all, half, quarter, classes] = numbers.slice(1).map(number);
    assert.deepEqual([all, classes], [total, unique]);
    assert.equal(all + half + 2 * quarter, 8 * unique, 'T + S180 + 2·S90 = 8 × unique');
    t.diagnostic(`N = ${n} on ${workers}: ${seconds.toFixed(1)} s from click to result (${await text(page, 'count-status')})`);
  });
}
