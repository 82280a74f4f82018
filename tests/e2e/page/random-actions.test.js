// End-to-end: keys, clicks and field edits in a random order (seeded, so a failure can be
// replayed), over the player, the lesson bar, Predict, the presenter and the count panel; and
// taps on a phone, from while the core still loads, through GIF exports.
// After every action: no console error or page error (the session's guard), the player in
// one of its four states, the step counter a whole number. Every ACTIONS_PER_CHECK actions and
// at the end, once the page is paused and nothing counts: the queens one per row from the
// top, the masks shown those the queens give (assertMasksAgreeWithBoard), the Steps figure
// and the Position label the same step, a question open only while Predict is on, and the
// count panel either idle or running something with Cancel enabled.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { usePage, button, steps, assertMasksAgreeWithBoard } from '../../support/session.js';
import { openPage, pageReady } from '../../support/browser.js';
import { setSize, countIdle } from '../../support/count-panel.js';

const session = usePage();
const SEEDS = [1, 2, 3, 4, 5];
const ACTIONS = 100; // per seed: 500 in all
const ACTIONS_PER_CHECK = 10;

/** mulberry32: a small seeded generator, the same sequence for a seed on every machine. */
function generator(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Whether a person could use `locator` now: shown, enabled, and not inert (the page while
 *  the core loads, a section while its part is fetched). */
async function usable(locator) {
  try {
    return (await locator.isVisible()) && !(await locator.isDisabled({ timeout: 2_000 }))
      && !(await locator.evaluate((e) => Boolean(e.closest('[inert]')), null, { timeout: 2_000 }));
  } catch (error) {
    // Gone between two looks (Pause turned back into Play as a run arrived): not usable now.
    if (error.name !== 'TimeoutError') throw error;
    return false;
  }
}

/** Clicks (or, on a touch screen, taps) `locator` as a person would: not when it is absent,
 *  hidden, disabled, or covered (by the presenter view, say: Playwright then finds no point to
 *  click within 2 s). */
async function clickIfUsable(locator, what, tap = false) {
  if ((await locator.count()) === 0) return `${what}: absent`;
  const first = locator.first();
  if (!(await usable(first))) return `${what}: not usable`;
  try {
    if (tap) await first.tap({ timeout: 2_000 });
    else await first.click({ timeout: 2_000 });
  } catch (error) {
    if (error.name !== 'TimeoutError') throw error;
    return `${what}: covered`;
  }
  return what;
}

/** What `act` says of an action it could not take: its control absent, hidden, disabled or covered. */
const UNTAKEN = /: (absent|not usable|covered|hidden|none open|off screen)$/;
/** The actions taken, of those tallied ({description: times}). */
const takenOf = (tally) => [...tally].filter(([kind]) => !UNTAKEN.test(kind)).reduce((sum, [, k]) => sum + k, 0);
/** The least share of the actions chosen that must have been taken: a run whose controls were
 *  mostly out of reach (a page stuck in a dialog, say) checked little, and fails. */
const LEAST_TAKEN = 0.4; // 53% and 76% were taken in the two tests at the time of writing

const BUTTONS = ['Step', 'Back', 'Play', 'Pause', 'Reset', 'Next solution', 'Predict', 'Check', 'Show answer',
  'Continue', 'Try again', 'Next stop', 'Previous stop', 'Close lesson', 'Presenter', 'Exit presenter (Esc)'];
const KEYS = ['Space', 'Enter', 'ArrowRight', 'ArrowLeft', 'p', 'n', 'r', 'Escape', 'Tab', 'Shift+Tab', '+', '-'];
const LESSONS = ['The three masks', 'Backtracking and dead ends'];

/** The GIF export: its button, then its dialog's. */
const EXPORT_BUTTONS = ['Animation (GIF)', 'Make GIF', 'Cancel', 'Close'];

/** One action chosen by `random`; returns its description (for the failure message). With
 *  `tap`, buttons are tapped, and 15% of the actions work the GIF export. */
async function act(page, random, { tap = false } = {}) {
  const pick = (list) => list[Math.floor(random() * list.length)];
  if (tap && random() < 0.15) {
    // The dialog's buttons while it is open (Make GIF twice as likely), else the one that opens it.
    const open = await page.locator('#animation-dialog').evaluate((dialog) => dialog.open);
    const name = open ? pick(['Make GIF', ...EXPORT_BUTTONS.slice(1)]) : EXPORT_BUTTONS[0];
    const where = open ? page.locator('#animation-dialog') : page.locator('#page');
    return clickIfUsable(where.getByRole('button', { name, exact: true }), `export: ${name}`, tap);
  }
  const kind = random();
  if (kind < 0.4) {
    const name = pick(BUTTONS);
    return clickIfUsable(button(page, name), `click ${name}`, tap);
  }
  if (kind < 0.65) {
    const key = pick(KEYS);
    await page.keyboard.press(key);
    return `key ${key}`;
  }
  if (kind < 0.72) {
    // An answer digit of an open question (or nothing, when none is open).
    const digits = page.getByRole('group', { name: /^Your (answer|ld|col|rd)$/ }).getByRole('button');
    const count = await digits.count();
    if (count === 0) return 'answer digit: none open';
    const digit = digits.nth(Math.floor(random() * count));
    return clickIfUsable(digit, 'answer digit', tap);
  }
  if (kind < 0.78) {
    const label = pick(LESSONS);
    const menu = page.getByLabel('Lessons');
    if (!(await menu.isVisible()) || (await menu.isDisabled())) return 'lessons menu: not usable';
    await menu.selectOption({ label }, { timeout: 5_000 });
    return `lesson ${label}`;
  }
  if (kind < 0.84) {
    const size = pick(['5', '6', '7', '0', 'x', '33']);
    const field = page.locator('#size');
    if (!(await usable(field))) return 'board size: not usable';
    // As typed (a number field keeps only what it can read: "x" leaves it empty), then left.
    await field.evaluate((input, value) => {
      input.value = value;
      input.dispatchEvent(new Event('input', { bubbles: true }));
      input.dispatchEvent(new Event('change', { bubbles: true }));
    }, size);
    return `board size ${size}`;
  }
  // The count panel: open it, set a size, count, cancel, resume, discard, race.
  const panel = page.locator('#count-panel');
  if (!(await panel.evaluate((d) => d.open)) && (await panel.isVisible())) {
    return clickIfUsable(page.locator('#count-panel summary'), 'open the count panel', tap);
  }
  if (!(await panel.isVisible())) return 'count panel: hidden';
  const what = pick(['size', 'Count all', 'Cancel', 'Resume', 'Discard', 'Race the counters', 'close']);
  if (what === 'size') {
    if (!(await usable(page.locator('#count-size')))) return 'count size: not usable';
    const size = pick(['8', '10', '12', '0', '99', 'abc']);
    await setSize(page, size);
    return `count size ${size}`;
  }
  if (what === 'close') return clickIfUsable(page.locator('#count-panel summary'), 'close the count panel', tap);
  return clickIfUsable(page.locator('#count-panel').getByRole('button', { name: what, exact: true }), `count: ${what}`, tap);
}

/** While the core loads the page is inert: Playwright would not tap a control there, so a
 *  finger taps where one is drawn (or a key is pressed). Returns the action's description. */
async function tapWhileLoading(page, random) {
  const pick = (list) => list[Math.floor(random() * list.length)];
  if (random() < 0.3) {
    const key = pick(KEYS);
    await page.keyboard.press(key);
    return `loading: key ${key}`;
  }
  const id = pick(['step', 'play', 'back', 'reset', 'predict', 'size', 'mirror', 'copy-link', 'show-qr', 'count-all']);
  const box = await page.locator(`#${id}`).boundingBox();
  if (!box) return `loading: ${id}: off screen`;
  await page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2);
  return `loading: tap ${id}`;
}

/** The invariants that hold at any moment. */
async function alwaysTrue(page, where) {
  const state = await page.evaluate(() => document.body.dataset.state);
  assert.ok(['idle', 'playing', 'paused', 'done'].includes(state), `${where}: state ${state}`);
  assert.ok(Number.isInteger(await steps(page)), `${where}: steps`);
  assert.deepEqual(session.page.problems, [], `${where}: no error`);
}

/** The invariants of a page at rest: playing paused, the count idle. */
async function atRest(page, where) {
  if (await page.evaluate(() => document.body.dataset.state === 'playing')) {
    await page.keyboard.press('Escape'); // out of the presenter or a dialog, if one has the keys
    // Pause, if the page still plays by the time the button is pressed: a run to the next
    // solution may arrive in between, and a click that waits for a "Pause" button would then
    // wait for ever (it reads Play). The check's own step, not one of the actions tested.
    await page.evaluate(() => {
      if (document.body.dataset.state === 'playing') document.getElementById('play').click();
    });
    await page.waitForFunction(() => document.body.dataset.state !== 'playing');
  }
  const n = Number(await page.locator('#size').inputValue());
  await assertMasksAgreeWithBoard(page, n);
  const shown = await steps(page);
  const label = (await page.locator('#position-label').textContent()).replace(/,/g, '');
  assert.match(label, new RegExp(`^step ${shown}(: no step taken yet| of \\d+ taken so far| of \\d+, the whole search)$`), `${where}: Position says the step shown`);
  const predictOn = (await page.locator('#predict').getAttribute('aria-pressed')) === 'true';
  const asking = await page.locator('#question-check:not([hidden])').isVisible();
  assert.ok(!asking || predictOn, `${where}: a question open only while Predict is on`);
  // Cancel is enabled exactly while the panel runs something, and the panel is idle
  // otherwise; Count all is disabled exactly while something runs (not while the question
  // before a long count waits). All read at one moment: a race may end between two reads.
  const { cancellable, idle, held, confirming } = await page.evaluate(() => ({
    cancellable: !document.getElementById('count-cancel').disabled,
    idle: globalThis.bitqueensDebug.countPanel.state === 'idle',
    held: document.getElementById('count-all').disabled,
    confirming: globalThis.bitqueensDebug.countPanel.state === 'confirming',
  }));
  assert.ok(cancellable !== idle || !(await page.locator('#count-panel').evaluate((d) => d.open)),
    `${where}: the count panel either runs something (Cancel) or is idle, able to count`);
  assert.equal(held, !idle && !confirming, `${where}: Count all is disabled exactly while something runs`);
  await alwaysTrue(page, where);
}

test(`${SEEDS.length * ACTIONS} random actions over ${SEEDS.length} seeds leave the page consistent, with no error`, async (t) => {
  const started = Date.now();
  const tally = new Map(); // how many times each action was chosen, by its description
  for (const seed of SEEDS) {
    const random = generator(seed);
    const page = await session.open(`?n=6&speed=${[10, 100, 'max'][seed % 3]}`, { cores: 2 });
    const done = [];
    for (let i = 0; i < ACTIONS; i++) {
      done.push(await act(page, random));
      tally.set(done.at(-1), (tally.get(done.at(-1)) ?? 0) + 1);
      const where = `seed ${seed}, action ${i + 1} (${done.slice(-4).join(' → ')})`;
      await alwaysTrue(page, where);
      if ((i + 1) % ACTIONS_PER_CHECK === 0) await atRest(page, where);
    }
    // The page still works: the count panel counts and the player steps.
    await countIdle(page);
    await atRest(page, `seed ${seed}, at the end`);
    await page.close();
    session.page = null;
  }
  t.diagnostic(`${SEEDS.length * ACTIONS} actions in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  const taken = takenOf(tally);
  t.diagnostic(`${taken} of them taken (the rest found their control absent, hidden, disabled or covered)`);
  assert.ok(taken >= LEAST_TAKEN * SEEDS.length * ACTIONS, `only ${taken} of ${SEEDS.length * ACTIONS} actions were taken`);
  // Each part of the page was reached.
  for (const reached of ['click Next', 'click Predict', 'click Presenter', 'lesson The', 'count: Count', 'answer digit']) {
    assert.ok([...tally.keys()].some((kind) => kind.startsWith(reached) && !UNTAKEN.test(kind)), `never done: ${reached} (${[...tally.keys()].join(', ')})`);
  }
});

test('on a phone, taps, keys and edits from while the core loads, through GIF exports, leave the page consistent', async (t) => {
  const tally = new Map();
  for (const seed of [6, 7]) {
    const random = generator(seed);
    const page = await openPage(session.browser, 'about:blank', { viewport: { width: 390, height: 844 }, touch: true, cores: 2 });
    session.page = page; // its console errors fail the test, as every page's
    let release;
    const held = new Promise((resolve) => { release = resolve; });
    await page.route('**/*.wasm', async (route) => { await held; await route.continue(); });
    await page.goto(`${session.server.url}?n=6&speed=100`);
    await page.getByRole('status').filter({ hasText: 'Loading the search core' }).waitFor();
    const done = [];
    for (let i = 0; i < 70; i++) {
      if (i === 20) {
        // Twenty actions on the loading page did nothing to it; the core starts now.
        assert.equal(await page.locator('main').evaluate((main) => main.inert), true, `seed ${seed}: still loading`);
        release();
        await pageReady(page);
        assert.equal(await steps(page), 0, `seed ${seed}: nothing was done half-loaded (${done.join(' → ')})`);
      }
      done.push(i < 20 ? await tapWhileLoading(page, random) : await act(page, random, { tap: true }));
      tally.set(done.at(-1), (tally.get(done.at(-1)) ?? 0) + 1);
      const where = `seed ${seed}, action ${i + 1} (${done.slice(-4).join(' → ')})`;
      if (i >= 20) await alwaysTrue(page, where);
      else assert.deepEqual(page.problems, [], `${where}: no error`);
      if (i >= 20 && (i + 1) % ACTIONS_PER_CHECK === 0) {
        await page.keyboard.press('Escape'); // a dialog open (the GIF's) keeps the board's keys
        await atRest(page, where);
      }
    }
    await page.keyboard.press('Escape');
    await countIdle(page);
    await atRest(page, `seed ${seed}, at the end`);
    await page.close();
    session.page = null;
  }
  for (const reached of ['loading: tap', 'export: Animation', 'export: Make GIF', 'click ', 'lesson ']) {
    assert.ok([...tally.keys()].some((kind) => kind.startsWith(reached) && !UNTAKEN.test(kind)), `never done: ${reached} (${[...tally.keys()].join(', ')})`);
  }
  const chosen = [...tally.values()].reduce((a, b) => a + b, 0);
  const taken = takenOf(tally);
  t.diagnostic(`${chosen} actions, ${taken} of them taken, ${tally.size} kinds`);
  assert.ok(taken >= LEAST_TAKEN * chosen, `only ${taken} of ${chosen} actions were taken`);
});
