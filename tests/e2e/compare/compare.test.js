// End-to-end: the Compare section — lanes named after their algorithms, in lockstep (same
// queens, equal Nodes), Next/Previous node exact, Play with the barrier, Run to end against
// the published counts, the code panels, the two's complement trick, bad input, the link.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { usePage, frames } from '../../support/session.js';
import { published } from '../../support/published.js';
import { SAY_EVERY_MS } from '../../../www/stage/announcer.js';

const session = usePage();
const NAMES = ['Board scan', 'Flag arrays', 'Rows as integers', 'Bit by bit', "Richards' bitmask", 'Free masks with rotation'];

const section = (page) => page.getByRole('group', { name: 'Compare algorithms' });
const control = (page, name) => section(page).getByRole('button', { name, exact: true });
const lane = (page, name) => section(page).getByRole('region', { name, exact: true });
const number = async (locator) => Number((await locator.textContent()).replace(/,/g, ''));
const output = (page, laneName, name) => lane(page, laneName).getByRole('status', { name, exact: true });
const lanesShown = (page) => section(page).locator('.lane-view').evaluateAll((lanes) => lanes.map((l) => l.getAttribute('aria-label')));

/** The queens on a lane's board, from its cells' accessible names: "r:c" strings. */
const queensOf = (page, laneName) => lane(page, laneName).getByRole('gridcell', { name: /, queen$/ })
  .evaluateAll((cells) => cells.map((c) => c.getAttribute('aria-label').match(/Row (\d+), column (\d+)/).slice(1).join(':')));

/** Opens the page with the Compare section open on `algorithms` (names) at board size n. */
async function openCompare(algorithms, n, extra = '') {
  const slugs = { 'Board scan': 'board-scan', 'Flag arrays': 'flag-arrays', 'Rows as integers': 'rows-as-integers', 'Bit by bit': 'bit-by-bit', "Richards' bitmask": 'richards', 'Free masks with rotation': 'free-masks' };
  const page = await session.open(`?compare=${algorithms.map((a) => slugs[a]).join(',')}&cn=${n}${extra}`);
  await lane(page, algorithms[0]).waitFor();
  return page;
}

const idle = (page) => page.waitForFunction(() => document.getElementById('compare').dataset.state === 'idle');

test('the section is named, closed at first, and opens on lanes named after their algorithms', async () => {
  const page = await session.open();
  assert.equal(await section(page).count(), 1);
  assert.equal(await section(page).evaluate((d) => d.open), false);
  await page.locator('#compare summary').click();
  // The lanes are built on the section's toggle event, which comes as a task of its own
  // after the click: wait for them (a busy machine showed none yet).
  await lane(page, "Richards' bitmask").waitFor();
  assert.deepEqual(await lanesShown(page), ['Board scan', 'Bit by bit', "Richards' bitmask"]);
  const choices = await section(page).getByRole('checkbox').evaluateAll((boxes) => boxes.map((b) => b.parentElement.textContent.trim()));
  assert.deepEqual(choices, NAMES);
  for (const name of await lanesShown(page)) {
    assert.equal(await lane(page, name).getByRole('gridcell').count(), 36, name);
    for (const counter of ['Nodes', 'Operations', 'Operations per node', 'Solutions found']) {
      assert.equal(await output(page, name, counter).count(), 1, `${name}: ${counter}`);
    }
    assert.ok((await lane(page, name).locator('pre.code .code-line').count()) > 5, `${name}: its code`);
  }
});

test('two lanes stay in step for 200 nodes: the same board, equal Nodes, more work in the board scan', async () => {
  const page = await openCompare(['Board scan', 'Free masks with rotation'], 8);
  for (let i = 1; i <= 200; i++) {
    await control(page, 'Next node').click();
    if (i % 10 === 0) {
      const [scan, masks] = [await queensOf(page, 'Board scan'), await queensOf(page, 'Free masks with rotation')];
      assert.deepEqual(scan, masks, `node ${i}`);
      assert.equal(await number(output(page, 'Board scan', 'Nodes')), await number(output(page, 'Free masks with rotation', 'Nodes')), `node ${i}`);
    }
  }
  assert.ok((await number(output(page, 'Board scan', 'Nodes'))) > 50);
  assert.ok(await number(output(page, 'Board scan', 'Operations per node')) > 5 * await number(output(page, 'Free masks with rotation', 'Operations per node')));
  assert.match(page.url(), /cnode=200\b/);
});

test('Previous node returns every lane exactly to where it was', async () => {
  const page = await openCompare(['Flag arrays', 'Rows as integers', 'Bit by bit'], 7);
  const state = async () => Promise.all(['Flag arrays', 'Rows as integers', 'Bit by bit'].map(async (name) => [
    await queensOf(page, name), await number(output(page, name, 'Operations')), await lane(page, name).locator('.lane-detail').textContent(),
  ]));
  for (let i = 0; i < 30; i++) await control(page, 'Next node').click();
  const before = await state();
  for (let i = 0; i < 12; i++) await control(page, 'Next node').click();
  for (let i = 0; i < 12; i++) await control(page, 'Previous node').click();
  assert.deepEqual(await state(), before);
  for (let i = 0; i < 30; i++) await control(page, 'Previous node').click();
  assert.equal(await number(output(page, 'Bit by bit', 'Nodes')), 0);
  assert.equal(await control(page, 'Previous node').isDisabled(), true);
});

test('Play steps each lane and waits at every node for the others: Nodes are always equal', async () => {
  const page = await openCompare(['Board scan', "Richards' bitmask"], 6);
  await section(page).getByLabel('Speed').fill('7'); // 100 steps/s per lane
  await control(page, 'Play').click();
  for (let i = 0; i < 15; i++) {
    const [a, b] = await page.evaluate(() => [...document.querySelectorAll('#compare-lanes output[aria-label="Nodes"]')].map((o) => o.textContent));
    assert.equal(a, b, `sample ${i}`);
    await frames(page, 4);
  }
  await control(page, 'Pause').click();
  await idle(page);
  const steps = await number(output(page, 'Board scan', 'Nodes'));
  assert.ok(steps > 0, 'it played');
  // A click during play: Next node pauses first and moves every lane one node on.
  await control(page, 'Play').click();
  await control(page, 'Pause').waitFor(); // playing
  await control(page, 'Next node').click();
  assert.equal(await control(page, 'Play').count(), 1, 'paused');
  assert.deepEqual(await queensOf(page, 'Board scan'), await queensOf(page, "Richards' bitmask"));
});

test('Run to end: every lane finds the published solutions of N = 6 with the same nodes, each its own operations', async () => {
  const page = await openCompare(NAMES.slice(0, 4), 6);
  await control(page, 'Run to end').click();
  await page.waitForFunction(() => document.querySelectorAll('#compare-lanes .lane-view.finished').length === 4);
  await idle(page);
  const nodes = new Set();
  const perNode = [];
  for (const name of NAMES.slice(0, 4)) {
    assert.equal(await number(output(page, name, 'Solutions found')), published(6).total, name);
    nodes.add(await number(output(page, name, 'Nodes')));
    perNode.push(await number(output(page, name, 'Operations per node')));
  }
  assert.equal(nodes.size, 1, 'the same nodes in every lane');
  assert.ok(perNode[0] > 10 * perNode[1], `board scan ${perNode[0]} against flag arrays ${perNode[1]}`);
  assert.equal(await control(page, 'Next node').isDisabled(), true);
  assert.equal(await control(page, 'Run to end').isDisabled(), true);
  // Mirror symmetry: half the nodes, the same solutions.
  await section(page).getByRole('switch', { name: 'Mirror symmetry' }).check();
  await control(page, 'Run to end').click();
  await page.waitForFunction(() => document.querySelectorAll('#compare-lanes .lane-view.finished').length === 4);
  assert.equal(await number(output(page, 'Bit by bit', 'Solutions found')), published(6).total);
  assert.ok(await number(output(page, 'Bit by bit', 'Nodes')) < 0.6 * [...nodes][0]);
});

test('a link copied after every lane finished restores the end exactly', async () => {
  const names = ['Bit by bit', "Richards' bitmask", 'Flag arrays'];
  const page = await openCompare(names, 6);
  await control(page, 'Run to end').click();
  await page.waitForFunction(() => document.querySelectorAll('#compare-lanes .lane-view.finished').length === 3);
  await idle(page);
  const shown = async (p) => ({
    status: await section(p).locator('#compare-status').textContent(),
    counters: await Promise.all(names.flatMap((name) => ['Nodes', 'Operations', 'Solutions found']
      .map((counter) => output(p, name, counter).textContent()))),
    details: await Promise.all(names.map((name) => lane(p, name).locator('.lane-detail').textContent())),
  });
  const atEnd = await shown(page);
  assert.match(page.url(), /cnode=end\b/);
  const reopened = await session.open(new URL(page.url()).search);
  await reopened.waitForFunction(() => document.querySelectorAll('#compare-lanes .lane-view.finished').length === 3);
  await idle(reopened);
  assert.deepEqual(await shown(reopened), atEnd);
  for (const name of ['Next node', 'Play', 'Run to end']) {
    assert.equal(await control(reopened, name).isDisabled(), true, name);
  }
  assert.equal(await control(reopened, 'Previous node').isDisabled(), false);
});

test('each lane highlights the lines its last step ran, in the language chosen for all', async () => {
  const page = await openCompare(['Flag arrays', "Richards' bitmask"], 8);
  await control(page, 'Next node').click();
  const active = (name) => lane(page, name).locator('.code-line.active').allTextContents();
  assert.match((await active('Flag arrays')).join('\n'), /cols\[c\] = down\[row-c\+n-1\] = up\[row\+c\] = 1/);
  assert.match((await active("Richards' bitmask")).join('\n'), /search\(\(ld \| bit\) >> 1/);
  await section(page).getByLabel('Code in').selectOption('rust');
  assert.match((await active('Flag arrays')).join('\n'), /\(true, true, true\)/);
  assert.match((await active("Richards' bitmask")).join('\n'), /search\(\(ld \| bit\) >> 1, col \| bit/);
});

test('when Richards’ lane has chosen a square it shows ~poss, -poss and poss & -poss in binary', async () => {
  const page = await openCompare(['Board scan', "Richards' bitmask"], 8);
  // Queen 1 placed; then at one step a second, Richards' lane chooses its square in row 2
  // (two steps) and waits for the board scan, which tests three squares there.
  await control(page, 'Next node').click();
  await section(page).getByLabel('Speed').fill('0'); // 1 step/s
  await control(page, 'Play').click();
  const richards = lane(page, "Richards' bitmask");
  await richards.getByRole('group', { name: '~poss', exact: true }).waitFor();
  await control(page, 'Pause').click();
  const digits = async (name) => (await richards.getByRole('group', { name, exact: true }).textContent()).trim();
  const poss = parseInt(await digits('poss'), 2);
  assert.equal(await digits('~poss'), (~poss & 0xff).toString(2).padStart(8, '0'));
  assert.equal(await digits('~poss + 1 = -poss'), (-poss & 0xff).toString(2).padStart(8, '0'));
  assert.equal(await digits('poss & -poss = bit'), (poss & -poss).toString(2).padStart(8, '0'));
  assert.match(await richards.locator('.lane-narration').textContent(), /free \(bit = poss & -poss\)/);
});

test('bad input gets a message and the lanes keep working', async () => {
  const page = await openCompare(['Board scan', 'Bit by bit'], 6);
  const message = section(page).getByRole('alert');
  const size = section(page).getByLabel('Board size');
  for (const [typed, pattern] of [['0', /out of range: use 1 to 16/], ['17', /out of range: use 1 to 16.*lanes go up to 16/], ['', /empty/]]) {
    await size.fill(typed);
    await size.press('Enter');
    assert.match(await message.textContent(), pattern, typed);
    assert.equal(await lane(page, 'Board scan').getByRole('gridcell').count(), 36);
  }
  await section(page).getByRole('checkbox', { name: 'Bit by bit' }).click(); // would leave one
  assert.match(await message.textContent(), /two to four/);
  assert.equal(await section(page).getByRole('checkbox', { name: 'Bit by bit' }).isChecked(), true);
  for (const name of ['Flag arrays', 'Rows as integers']) await section(page).getByRole('checkbox', { name }).check();
  await section(page).getByRole('checkbox', { name: 'Free masks with rotation' }).click(); // a fifth
  assert.match(await message.textContent(), /untick one first/);
  assert.equal((await lanesShown(page)).length, 4);
  await control(page, 'Next node').click();
  assert.equal(await number(output(page, 'Rows as integers', 'Nodes')), 1);
});

test('a lane added mid-search joins at the same node; the state is in the link', async () => {
  const page = await openCompare(['Board scan', 'Flag arrays'], 7);
  for (let i = 0; i < 25; i++) await control(page, 'Next node').click();
  await section(page).getByRole('checkbox', { name: "Richards' bitmask" }).check();
  assert.deepEqual(await queensOf(page, "Richards' bitmask"), await queensOf(page, 'Board scan'));
  assert.equal(await number(output(page, "Richards' bitmask", 'Nodes')), await number(output(page, 'Board scan', 'Nodes')));
  const url = page.url();
  assert.match(url, /compare=board-scan%2Cflag-arrays%2Crichards|compare=board-scan,flag-arrays,richards/);
  const queens = await queensOf(page, 'Flag arrays');
  const reopened = await session.open(new URL(url).search);
  await lane(reopened, 'Flag arrays').waitFor();
  await idle(reopened);
  assert.deepEqual(await queensOf(reopened, 'Flag arrays'), queens);
  // Junk in the link: one message, a working section.
  const junk = await session.open('?compare=quantum,richards&cn=abc');
  await lane(junk, 'Board scan').waitFor();
  assert.match(await section(junk).getByRole('alert').textContent(), /unknown algorithms.*bad board size/);
});

test('a board too large to run to the end soon says so, and Pause stops it at once', async () => {
  const page = await openCompare(['Board scan', "Richards' bitmask"], 14);
  await control(page, 'Run to end').click();
  const message = section(page).getByRole('alert');
  await message.waitFor({ timeout: 20_000 });
  assert.match(await message.textContent(), /N = 14 takes the lanes about .+ more to run to the end.*Pause/);
  await control(page, 'Pause').click();
  await idle(page);
  const nodes = await number(output(page, 'Board scan', 'Nodes'));
  await frames(page, 20);
  assert.equal(await number(output(page, 'Board scan', 'Nodes')), nodes, 'stopped');
  assert.equal(nodes, await number(output(page, "Richards' bitmask", 'Nodes')));
});

test('the race: every algorithm to the end in a worker, the published solutions, the same nodes per N, long runs skipped', async () => {
  const page = await openCompare(['Board scan', 'Bit by bit'], 6);
  // Skip anything estimated over 300 ms, so that the race reaches its skipping within the test.
  await page.evaluate(() => { globalThis.bitqueensDebug.algorithmRace.skipAboveMs = 300; });
  await section(page).getByRole('button', { name: 'Race every algorithm' }).click();
  const results = section(page).getByRole('region', { name: 'Race results' });
  await page.waitForFunction(() => [...document.querySelectorAll('#algorithm-race-table tbody tr.skipped')]
    .some((row) => row.dataset.algorithm === 'board-scan'), null, { timeout: 60_000 });
  await section(page).getByRole('button', { name: 'Stop the race' }).click();
  assert.match(await section(page).locator('#algorithm-race-status').textContent(), /^Stopped\. The rows so far stay\.$/);
  const rows = await results.locator('tbody tr').evaluateAll((trs) => trs.map((tr) => [...tr.cells].map((c) => c.textContent)));
  const done = rows.filter((r) => !r[2].startsWith('skipped'));
  assert.ok(done.length >= 6 * 4, `${done.length} runs`);
  for (const [n, name, , nodes, , , solutions] of done) {
    assert.equal(solutions, `${published(Number(n)).total.toLocaleString('en')} ✓`, `${name} N=${n}`);
    assert.equal(nodes, rows.find((r) => r[0] === n)[3], `${name} N=${n}: the same nodes as the first algorithm`);
  }
  const skipped = rows.find((r) => r[1] === 'Board scan' && r[2].startsWith('skipped'));
  assert.match(skipped[2], /^skipped: about .+/);
  assert.ok(await section(page).getByRole('img', { name: /Time to the end against N/ }).locator('polyline').count() >= 4);
  assert.equal(await section(page).getByRole('button', { name: 'Race every algorithm' }).isDisabled(), false);
});

test('Space on a button of the Compare section presses that button, not the player’s Play', async () => {
  const page = await openCompare(['Flag arrays', 'Bit by bit'], 6);
  await control(page, 'Next node').focus();
  await page.keyboard.press('Space');
  assert.equal(await number(output(page, 'Bit by bit', 'Nodes')), 1);
  assert.equal(await page.evaluate(() => document.body.dataset.state), 'idle', 'the player did not start');
});

test('inside Compare the player’s keys drive the lanes: → ← Space E, listed in the help; the main board stays put', async () => {
  const page = await openCompare(['Flag arrays', 'Bit by bit'], 6);
  const nodes = () => number(output(page, 'Bit by bit', 'Nodes'));
  await page.locator('#compare-status').click(); // not focusable: the last click says where the user is
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  assert.equal(await nodes(), 2);
  await page.keyboard.press('ArrowLeft');
  assert.equal(await page.locator('#compare-status').textContent(), 'Node event 1: 1 queen placed so far in every lane.');
  await page.keyboard.press('Space');
  await page.waitForFunction(() => document.getElementById('compare').dataset.state === 'playing');
  await page.keyboard.press('Space');
  await idle(page);
  await page.keyboard.press('e');
  await page.waitForFunction(() => document.querySelectorAll('#compare-lanes .lane-view.finished').length === 2);
  assert.equal(await page.evaluate(() => document.getElementById('steps').textContent), '0', 'the main board did not move');
  assert.equal(await page.evaluate(() => document.body.dataset.state), 'idle');
  await page.keyboard.press('?');
  const dialog = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await dialog.waitFor();
  const list = await page.locator('#compare-shortcut-list').textContent();
  for (const phrase of ['Next node', 'Previous node', 'Play / pause the lanes', 'Run the lanes to the end']) assert.ok(list.includes(phrase), phrase);
  await page.keyboard.press('Escape');
  // Back on the main board, the keys are the player's again.
  await page.locator('#narration').click();
  await page.keyboard.press('ArrowRight');
  assert.equal(await page.evaluate(() => document.getElementById('steps').textContent), '1');
});

test('"untick one first" goes once the user moves on: Next node, Play, Run to end', async () => {
  const page = await openCompare(['Board scan', 'Flag arrays', 'Bit by bit', "Richards' bitmask"], 6);
  const message = page.locator('#compare-message');
  await section(page).getByRole('checkbox', { name: 'Free masks with rotation' }).click(); // refused: four already
  assert.match(await message.textContent(), /untick one first/);
  await control(page, 'Next node').click();
  assert.equal(await message.isVisible(), false);
});

test('at the default speed, board and algorithms, Play brings a node at least every second', async () => {
  const page = await session.open();
  await page.locator('#compare summary').click();
  await page.locator('#compare-lanes .lane-view').first().waitFor();
  const perSecond = Number((await page.locator('#compare-speed-label').textContent()).match(/^([\d,]+) steps?\/s/)[1].replace(/,/g, ''));
  // The most beats between two nodes: every lane's steps within a node, plus the node event.
  const beats = await page.evaluate(() => {
    const n = Number(document.getElementById('compare-size').value);
    const slugs = [...document.querySelectorAll('#compare-algorithms input:checked')].map((box) => box.value);
    let most = 0;
    for (const slug of slugs) {
      const search = new window.bitqueensDebug.Search(n, false, slug);
      while (!search.finished) {
        let k = 1;
        while (search.stepWithinNode()) k += 1;
        most = Math.max(most, k);
        search.runNodes(1, 0xffffffff);
      }
      search.free();
    }
    return most;
  });
  assert.ok(beats / perSecond <= 1, `up to ${beats} beats between nodes at ${perSecond} steps/s`);
});

/** Starts recording, in the page, every change of every live region (an aria-live other than
 *  off, a role of status, alert or log, an output not made silent): {at (ms), region, text}. */
const recordLiveChanges = (page) => page.evaluate(() => {
  window.liveChanges = [];
  for (const observer of window.liveObservers ?? []) observer.disconnect(); // a second recording starts afresh
  window.liveObservers = [];
  for (const region of document.querySelectorAll('[aria-live], [role="status"], [role="alert"], [role="log"], output')) {
    if (region.getAttribute('aria-live') === 'off') continue;
    const observer = new MutationObserver((records) => {
      for (const record of records) {
        // The text the change wrote (the region's may have changed again since).
        const text = record.type === 'characterData' ? record.target.data : [...record.addedNodes].map((node) => node.textContent).join('');
        window.liveChanges.push({ at: performance.now(), region: region.id || region.getAttribute('aria-label') || region.className, text });
      }
    });
    observer.observe(region, { childList: true, characterData: true, subtree: true });
    window.liveObservers.push(observer);
  }
  return performance.now();
});

/** The live changes recorded since `start`, and the ms since. */
const liveChangesSince = (page, start) => page.evaluate((t) => ({ changes: window.liveChanges.map(({ region, text }) => `${region}: ${text.slice(0, 60)}`), elapsed: performance.now() - t }), start);

test('the lanes playing or running to the end tell a screen reader one sentence every 3 s at most, their counters none; where they stop, always; the status line seen follows every frame', async () => {
  const page = await openCompare(['Board scan', "Richards' bitmask"], 8);
  let start = await recordLiveChanges(page);
  await control(page, 'Play').click();
  // Some seconds of play: a state (two nodes in every lane), not a time.
  await page.waitForFunction(() => [...document.querySelectorAll('#compare-lanes output[aria-label="Nodes"]')].every((o) => Number(o.textContent) >= 2));
  let { changes, elapsed } = await liveChangesSince(page, start);
  assert.ok(changes.length >= 1 && changes.length <= 1 + Math.floor(elapsed / SAY_EVERY_MS), `${changes.length} changes in ${Math.round(elapsed)} ms of play: ${JSON.stringify(changes.slice(0, 12))}`);
  assert.ok(changes.every((change) => change.startsWith('compare-said: Playing')), JSON.stringify(changes.slice(0, 12)));
  // Seen, the status line follows every frame: it is no live region.
  assert.equal(await page.locator('#compare-status').getAttribute('aria-live'), null);
  await control(page, 'Pause').click();
  await idle(page);
  assert.match(await page.locator('#compare-status').textContent(), /^Node event [\d,]+: \d+ queens placed so far in every lane\.$/, 'where they stopped');

  // Running to the end of N = 14 (far longer than this test): paced too.
  await section(page).getByLabel('Board size').fill('14');
  await section(page).getByLabel('Board size').press('Enter');
  await page.waitForFunction(() => document.getElementById('compare-status').textContent.startsWith('Node event 0:'));
  start = await recordLiveChanges(page);
  await page.evaluate(() => {
    window.seenChanges = 0;
    new MutationObserver(() => { window.seenChanges += 1; })
      .observe(document.getElementById('compare-status'), { childList: true, characterData: true, subtree: true });
  });
  await control(page, 'Run to end').click();
  await section(page).getByRole('alert').waitFor(); // it says the run is long: some frames of it
  await page.waitForFunction(() => [...document.querySelectorAll('#compare-lanes output[aria-label="Nodes"]')].every((o) => Number(o.textContent.replace(/,/g, '')) >= 2_000));
  ({ changes, elapsed } = await liveChangesSince(page, start));
  const status = changes.filter((change) => change.startsWith('compare-said'));
  assert.ok(status.length <= 1 + Math.floor(elapsed / SAY_EVERY_MS), `${status.length} status changes in ${Math.round(elapsed)} ms of the run: ${JSON.stringify(status.slice(0, 12))}`);
  assert.deepEqual(changes.filter((change) => !change.startsWith('compare-said')).map((change) => change.split(':')[0]), ['compare-message'], 'the lanes’ counters are silent; the message says the run is long');
  // What is seen moves on with the run, far more often than what is said.
  const seen = await page.evaluate(() => window.seenChanges);
  assert.ok(seen > status.length + 1, `the status line seen changed ${seen} times, the one said ${status.length}`);
  await control(page, 'Pause').click();
  await idle(page);
  assert.match(await page.locator('#compare-status').textContent(), /^Node event [\d,]+: [\d,]+ queens placed so far in every lane\.$/, 'where they stopped');
});

