// End-to-end: "Check a shard". The shards come from the real command line
// (`bitqueens count N --shard I/K --json`); the page counts a sample again in its workers.
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import { usePage, button } from '../../support/session.js';
import { bitqueens } from '../../support/cli.js';

const session = usePage();
let honest; // the JSON of shard 2/3 of N = 12, as the CLI prints it (meeting in the middle)
let whole; // the JSON of the whole count of N = 10
let backtracked; // shard 2/3 of N = 12 by the backtracking counter
before(() => {
  honest = bitqueens('count', '12', '--shard', '2/3', '--json', '-q');
  whole = bitqueens('count', '10', '--json', '--parts', '-q');
  backtracked = bitqueens('count', '12', '--shard', '2/3', '--method', 'backtrack', '--json', '-q');
});

const verdict = (page) => page.locator('#shard-result .count-result').textContent();
const items = (page) => page.locator('#shard-result li').allTextContents();
const liveWorkers = (page) => page.evaluate(() => globalThis.bitqueensDebug.countPool.liveWorkers);
const checkIdle = (page) =>
  page.waitForFunction(() => document.getElementById('count-cancel').disabled, null, { timeout: 60_000 });

async function check(page, json, sampleSize) {
  await page.getByLabel('Shard JSON').fill(json);
  if (sampleSize !== undefined) await page.getByLabel('Sub-problems to check').fill(String(sampleSize));
  await button(page, 'Check the shard').click();
  await page.locator('#shard-result .count-result').waitFor();
  await checkIdle(page);
}

/** The honest shard with one part and the sums raised alike: consistent, and wrong. */
function consistentLie() {
  const report = JSON.parse(honest);
  const position = report.parts.findIndex((p) => p[1] > 0);
  report.parts[position][1] += 8;
  report.total += 8;
  return { json: JSON.stringify(report), index: report.parts[position][0], said: report.parts[position][1], of: report.parts.length };
}

test('an honest shard pasted from the command line agrees, sub-problem by sub-problem', async () => {
  const page = await session.open('', { cores: 2 });
  await check(page, honest, 8);
  assert.equal(await verdict(page), '✓ All 8 re-counted sub-problems of shard 2/3 (N = 12) agree with the file.');
  const listed = await items(page);
  assert.equal(listed.length, 8);
  const indices = JSON.parse(honest).indices;
  for (const item of listed) {
    const [, index] = item.match(/^Sub-problem (\d+): [\d,]+ solutions, [\d,]+ half-boards ✓$/) ?? [];
    assert.ok(indices.includes(Number(index)), item);
  }
  assert.equal(new Set(listed).size, 8, 'eight different sub-problems');
  // A shard of the backtracking counter is re-counted by that counter.
  await check(page, backtracked, 4);
  assert.equal(await verdict(page), '✓ All 4 re-counted sub-problems of shard 2/3 (N = 12) agree with the file.');
  for (const item of await items(page)) assert.match(item, /^Sub-problem \d+: [\d,]+ solutions, [\d,]+ unique, [\d,]+ nodes ✓$/);
  // A whole count (no shard) is checked the same way.
  await check(page, whole, 3);
  assert.equal(await verdict(page), '✓ All 3 re-counted sub-problems of the whole count (N = 10) agree with the file.');
});

test('a consistent lie dropped as a file is caught when its sub-problem is in the sample', async () => {
  const page = await session.open('', { cores: 2 });
  const lie = consistentLie();
  await page.getByLabel('Sub-problems to check').fill(String(lie.of));
  await page.getByLabel('Shard JSON').evaluate((field, json) => {
    const data = new DataTransfer();
    data.items.add(new File([json], 'n12-2-of-3.json', { type: 'application/json' }));
    field.dispatchEvent(new DragEvent('drop', { dataTransfer: data, bubbles: true, cancelable: true }));
  }, lie.json);
  await page.locator('#shard-result .count-result').waitFor();
  await checkIdle(page);
  assert.equal(await page.getByLabel('Shard JSON').inputValue(), lie.json, 'the dropped file fills the field');
  assert.equal(await verdict(page), `✗ 1 of ${lie.of} re-counted sub-problems of shard 2/3 (N = 12) differ from the file: do not trust its sum.`);
  const wrong = (await items(page)).filter((item) => item.endsWith('✗'));
  assert.equal(wrong.length, 1);
  assert.match(wrong[0], new RegExp(`^Sub-problem ${lie.index}: the file says ${lie.said.toLocaleString('en')} solutions`));
});

test('bad shards get a message that says what is wrong, and nothing is counted', async () => {
  const page = await session.open('', { cores: 2 });
  const report = JSON.parse(honest);
  const changed = (change) => {
    const copy = structuredClone(report);
    change(copy);
    return JSON.stringify(copy);
  };
  for (const [json, message] of [
    ['', /^Paste or drop the JSON of a shard first/],
    ['N = 12: 14200 solutions', /^This is not JSON \(.*\): paste the whole output of bitqueens count N --shard I\/K --json\.$/],
    [honest.slice(0, 60), /^This is not JSON/],
    ['[1, 2]', /it is not a JSON object/],
    [changed((r) => { delete r.parts; }), /it has no “indices” and “parts”/],
    [bitqueens('count', '10', '--json', '-q'), /^This is the summary of a count \(bitqueens count N --json\), without each sub-problem’s counts: check a shard \(bitqueens count N --shard I\/K --json\) or a count written with --parts\.$/],
    [changed((r) => { r.fingerprint = 'xyz'; }), /its “fingerprint” is not 16 hex digits/],
    [changed((r) => { r.n = 0; }), /N = 0 is not a board size/],
    [changed((r) => { r.n = 27; }), /^N = 27: above 25 the counts don't fit a JavaScript number exactly\. Check this shard with bitqueens verify FILE\.$/],
    [changed((r) => { r.shard = { index: 5, of: 4 }; }), /its “shard” is not \{index: I, of: K\}/],
    [changed((r) => { r.indices[0] = 0; }), /its indices are not those of shard 2\/3 of \d+ sub-problems: the file was changed or damaged/],
    [changed((r) => { r.parts[0][1] += 1; }), /its parts add up to .* but it says .*: the file was changed or damaged/],
    [changed((r) => { r.parts.pop(); }), /its parts do not match its indices/],
    [changed((r) => { r.method = 'fast'; }), /its “method” is not meet or backtrack/],
    [changed((r) => { r.parts[0][2] = 1; }), /it gives unique counts for parts of the meet-in-the-middle counter, which has none/],
  ]) {
    await page.getByLabel('Shard JSON').fill(json);
    await button(page, 'Check the shard').click();
    assert.match(await verdict(page), message, json.slice(0, 80));
    assert.equal(await liveWorkers(page), 0, 'no worker was started');
  }
  await page.getByLabel('Shard JSON').fill(honest);
  for (const size of ['0', '-2', '2.5', '']) {
    await page.getByLabel('Sub-problems to check').fill(size);
    await button(page, 'Check the shard').click();
    assert.match(await verdict(page), /^Sub-problems to check: “.*” is not a whole number of 1 or more\.$/, size);
  }
  // Made on another list of sub-problems: told apart by the fingerprint, before any count.
  await check(page, changed((r) => { r.fingerprint = '0123456789abcdef'; }), 4);
  assert.match(await verdict(page), /^✗ shard 2\/3 of N = 12 was counted on another list of sub-problems \([\d,]+ sub-problems, fingerprint 0123456789abcdef\) than this page lists for it \([\d,]+, fingerprint [0-9a-f]{16}\): it can be checked only with the version of bitqueens that made it\.$/);
  assert.equal(await page.locator('#shard-result li').count(), 0);
});
