// End-to-end: Next solution, Run to end, speed, keyboard shortcuts and the help dialog.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { usePage, button, controls, solutionsFound, steps, queensOnBoard, clickStep, frames, galleryListed } from '../../support/session.js';
import { launch, openPage, pageReady } from '../../support/browser.js';
import { drawnColours, canvasesSized } from '../../support/drawn.js';
import { published } from '../../support/published.js';

const grouped = (value) => value.toLocaleString('en');

const session = usePage();
const state = (page) => page.evaluate(() => document.body.dataset.state);
const waitForState = (page, wanted) =>
  page.waitForFunction((s) => document.body.dataset.state === s, wanted);

function assertValidSolution(queens, n) {
  assert.equal(queens.length, n);
  for (let a = 0; a < n; a++) {
    for (let b = a + 1; b < n; b++) {
      assert.notEqual(queens[a].column, queens[b].column);
      assert.notEqual(Math.abs(queens[a].column - queens[b].column), b - a);
    }
  }
}

test('Next solution stops at each solution of N=6 in turn, then at the end', async () => {
  const page = await session.open('?n=6');
  for (let k = 1; k <= published(6).total; k++) {
    await button(page, 'Next solution').click();
    await page.waitForFunction((want) => document.getElementById('solutions-found').textContent === String(want), k);
    await waitForState(page, 'paused');
    assertValidSolution(await queensOnBoard(page), 6);
    assert.match(await page.locator('#narration').textContent(), new RegExp(`^Solution ${k} found`));
  }
  await button(page, 'Next solution').click();
  await waitForState(page, 'done');
  assert.equal(await solutionsFound(page).textContent(), String(published(6).total));
});

test('Run to end counts the 92 solutions of N=8 and disables the forward controls', async () => {
  const page = await session.open('?n=8');
  await button(page, 'Run to end').click();
  await waitForState(page, 'done');
  assert.equal(await solutionsFound(page).textContent(), String(published(8).total));
  for (const name of ['Step', 'Play', 'Next solution', 'Run to end']) {
    assert.equal(await button(page, name).isDisabled(), true, name);
  }
  assert.equal(await button(page, 'Back').isDisabled(), false);
});

test('Pause interrupts Run to end at once and the page stays usable', async () => {
  const page = await session.open('?n=16');
  await button(page, 'Run to end').click();
  await page.waitForFunction(() => Number(document.getElementById('steps').textContent.replace(/,/g, '')) > 0);
  await button(page, 'Pause').click();
  await waitForState(page, 'paused');
  const stopped = await steps(page);
  await frames(page, 20);
  assert.equal(await steps(page), stopped);
  await button(page, 'Step').click();
  assert.equal(await steps(page), stopped + 1);
});

test('keyboard: arrows step and back, Space plays and pauses, N, R, + and −', async () => {
  const page = await session.open('?n=6');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  assert.equal(await steps(page), 2);
  await page.keyboard.press('ArrowLeft');
  assert.equal(await steps(page), 1);

  const speed = page.locator('#speed-label');
  assert.equal(await speed.textContent(), '10 steps/s');
  await page.keyboard.press('+');
  assert.equal(await speed.textContent(), '20 steps/s');
  await page.keyboard.press('-');
  await page.keyboard.press('-');
  assert.equal(await speed.textContent(), '5 steps/s');

  await page.keyboard.press('Space');
  await waitForState(page, 'playing');
  await page.keyboard.press('Space');
  await waitForState(page, 'paused');

  await page.keyboard.press('n');
  await page.waitForFunction(() => document.getElementById('solutions-found').textContent === '1');
  await page.keyboard.press('r');
  assert.equal(await steps(page), 0);
  assert.equal(await state(page), 'idle');
});

test('Space and Enter on a focused button press that button, once, and never play the search', async () => {
  const page = await session.open('?n=8');
  await button(page, 'Step').focus();
  await page.keyboard.press('Space');
  assert.equal(await steps(page), 1, 'Space pressed Step once');
  await page.keyboard.press('Enter');
  assert.equal(await steps(page), 2, 'Enter pressed Step once');
  await button(page, 'Back').focus();
  await page.keyboard.press('Space');
  assert.equal(await steps(page), 1, 'Space pressed Back');
  await frames(page, 3);
  assert.notEqual(await state(page), 'playing');
  await page.locator('body').click({ position: { x: 2, y: 2 } }); // nothing focused: Space is Play's
  await page.keyboard.press('Space');
  await waitForState(page, 'playing');
  await page.keyboard.press('Space');
  await waitForState(page, 'paused');
});

test('E runs the search to the end, like Run to end', async () => {
  const page = await session.open('?n=6');
  await page.keyboard.press('e');
  await waitForState(page, 'done');
  assert.equal(await solutionsFound(page).textContent(), String(published(6).total));
  await page.keyboard.press('r');
  assert.equal(await steps(page), 0);
  await page.keyboard.press('Shift+E');
  await waitForState(page, 'done');
  assert.equal(await solutionsFound(page).textContent(), String(published(6).total));
});

test('shortcuts are ignored with Ctrl, Alt or ⌘ held, and behind the help dialog', async () => {
  const page = await session.open('?n=6');
  for (const modifier of ['Control', 'Alt', 'Meta']) {
    for (const key of ['ArrowRight', 'n', 'e', 'Space']) {
      await page.keyboard.press(`${modifier}+${key}`);
    }
  }
  await frames(page, 5);
  assert.equal(await steps(page), 0, 'no step with a modifier held');
  assert.equal(await state(page), 'idle');
  await page.keyboard.press('ArrowRight'); // the same key alone does step
  assert.equal(await steps(page), 1);

  const speed = await page.locator('#speed-label').textContent();
  await page.keyboard.press('?');
  const dialog = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await dialog.waitFor();
  await page.evaluate(() => document.activeElement.blur()); // a focused button in the dialog would take Space itself
  for (const key of ['ArrowRight', 'ArrowLeft', 'n', 'e', 'r', '+', 'Space']) await page.keyboard.press(key);
  await frames(page, 5);
  assert.equal(await steps(page), 1, 'nothing moved behind the dialog');
  assert.equal(await state(page), 'paused');
  assert.equal(await page.locator('#speed-label').textContent(), speed, '+ changed no speed');
  await page.keyboard.press('?');
  await dialog.waitFor({ state: 'hidden' });
  await page.keyboard.press('ArrowRight');
  assert.equal(await steps(page), 2, 'the shortcuts work again once it is closed');
});

test('shortcuts are ignored while typing in the Board size field', async () => {
  const page = await session.open('?n=8');
  const size = controls(page).getByLabel('Board size');
  await size.focus();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('r');
  await page.keyboard.press('n');
  assert.equal(await steps(page), 0);
  assert.equal(await state(page), 'idle');
});

test('? opens the help dialog listing the shortcuts, Escape closes it', async () => {
  const page = await session.open();
  await page.keyboard.press('?');
  const dialog = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await dialog.waitFor();
  // It opens at its top, its heading focused: Space and the arrows in view, not its Close button.
  assert.equal(await page.locator('#help').evaluate((help) => help.scrollTop), 0, 'the dialog opened scrolled down');
  assert.equal(await page.evaluate(() => document.activeElement?.id), 'help-title');
  const first = await page.locator('#shortcut-list dt').first().evaluate((dt) => {
    const box = dt.getBoundingClientRect();
    const help = dt.closest('dialog').getBoundingClientRect();
    return { text: dt.textContent, inside: box.top >= help.top && box.bottom <= help.bottom };
  });
  assert.deepEqual(first, { text: 'Space', inside: true });
  const text = await dialog.textContent();
  for (const phrase of ['Play / pause', 'Step forward', 'Step back', 'next solution', 'Reset', 'Faster', 'Slower']) {
    assert.ok(text.includes(phrase), phrase);
  }
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'hidden' });
  await button(page, 'Keyboard ?').click();
  await dialog.waitFor();
  await button(page, 'Close').click();
  await dialog.waitFor({ state: 'hidden' });
});

test('Position says what its end is: no step yet, the steps taken so far, or the whole search once its end was reached; Speed and Position read as they are shown', async () => {
  const page = await session.open('?n=4&speed=10');
  const label = () => page.locator('#position-label').textContent();
  const position = page.getByRole('slider', { name: 'Position' });
  assert.equal(await label(), 'step 0: no step taken yet');
  await clickStep(page, 3);
  assert.equal(await label(), 'step 3 of 3 taken so far');
  await button(page, 'Back').click();
  assert.equal(await label(), 'step 2 of 3 taken so far');
  assert.equal(await position.getAttribute('aria-valuetext'), 'step 2 of 3 taken so far');
  await button(page, 'Run to end').click();
  await page.waitForFunction(() => document.body.dataset.state === 'done');
  const end = await steps(page);
  assert.equal(await label(), `step ${grouped(end)} of ${grouped(end)}, the whole search`);
  await button(page, 'Back').click();
  assert.equal(await label(), `step ${grouped(end - 1)} of ${grouped(end)}, the whole search`);
  // The Speed slider is read as its label says, not as the index of its stop.
  const speed = page.getByRole('slider', { name: 'Speed' });
  assert.equal(await speed.getAttribute('aria-valuetext'), '10 steps/s');
  await page.keyboard.press('+');
  assert.equal(await speed.getAttribute('aria-valuetext'), await page.locator('#speed-label').textContent());
  assert.equal(await speed.getAttribute('aria-valuetext'), '20 steps/s');
});

test('the Position slider moves back and forth over every step seen, exactly', async () => {
  const page = await session.open('?n=6');
  await page.keyboard.press('n'); // to the first solution
  await page.waitForFunction(() => document.getElementById('solutions-found').textContent === '1');
  const atSolution = await steps(page);
  const queens = await queensOnBoard(page);
  const position = controls(page).getByLabel('Position');
  assert.equal(await position.getAttribute('max'), String(atSolution));
  await position.fill('10');
  assert.equal(await steps(page), 10);
  assert.equal(await solutionsFound(page).textContent(), '0');
  assert.equal(await page.locator('#solutions li').count(), 0);
  await position.fill(String(atSolution));
  assert.equal(await steps(page), atSolution);
  assert.equal(await solutionsFound(page).textContent(), '1');
  assert.deepEqual(await queensOnBoard(page), queens);
  assert.equal(await page.locator('#solutions li').count(), 1);
});

test('a permalink restores board size, speed, position, queens and masks', async () => {
  const page = await session.open('?n=7');
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  for (let i = 0; i < 37; i++) await page.keyboard.press('ArrowRight');
  await page.keyboard.press('+');
  await button(page, 'Copy link').click();
  const message = await page.getByRole('alert').textContent();
  const link = message.match(/^Link copied: (http\S+)$/)?.[1];
  assert.ok(link, `the link was copied: “${message}”`);
  assert.equal(await page.evaluate(() => navigator.clipboard.readText()), link, 'the clipboard holds the link');
  assert.match(link, /n=7/);
  assert.match(link, /speed=20/);
  assert.match(link, /pos=37/);
  assert.equal(page.url(), link);
  const before = {
    board: await queensOnBoard(page),
    masks: await page.locator('#masks').textContent(),
    narration: await page.locator('#narration').textContent(),
  };

  const again = await session.openAnother(link);
  assert.equal(await steps(again), 37);
  assert.equal(await again.locator('#speed-label').textContent(), '20 steps/s');
  assert.deepEqual(await queensOnBoard(again), before.board);
  assert.equal(await again.locator('#masks').textContent(), before.masks);
  assert.equal(await again.locator('#narration').textContent(), before.narration);
});

test('a key held down past the browser\'s limit on address writes: the address still ends on the step shown', async () => {
  // Chromium ignores history.replaceState past 200 calls in 10 s (Safari and Firefox throw):
  // 260 steps, each in a task of its own as a key's repeats are, each asking for a write.
  const browser = await launch({ navigationLimit: true });
  try {
    const page = await openPage(browser, `${session.server.url}?n=8`);
    await pageReady(page);
    await page.evaluate(async () => {
      for (let i = 0; i < 260; i++) {
        document.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowRight', bubbles: true }));
        await new Promise((resolve) => { setTimeout(resolve, 0); });
      }
    });
    assert.equal(await steps(page), 260);
    await page.waitForFunction(() => new URL(location.href).searchParams.get('pos') === '260', null, { timeout: 20_000, polling: 100 });
    assert.deepEqual(page.problems, [], 'no error');
  } finally {
    await browser.close();
  }
});

test('a permalink far into a long search is restored over animation frames, and a key pressed during the restore is taken there', async () => {
  // Before the page's own scripts: the steps shown at each animation frame while the page
  // moves towards the link's step, and the page's state and step at each keydown. No clock is
  // read: a page that blocked its main thread for the whole restore would show no step on the
  // way and would take the key only once the restore had ended, at the target.
  const watchRestore = (page) => page.addInitScript(() => {
    const watch = { shown: [], keys: [] };
    globalThis.restoreWatch = watch;
    const frame = () => {
      const steps = document.getElementById('steps')?.textContent;
      if (document.body?.dataset.state === 'playing' && steps !== watch.shown.at(-1)) watch.shown.push(steps);
      requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
    addEventListener('keydown', (event) => watch.keys.push({
      key: event.key, state: document.body.dataset.state, steps: document.getElementById('steps').textContent,
    }), { capture: true });
  });
  const number = (text) => Number(text.replace(/,/g, ''));

  // A link to step 3,000,000 of 12×12: the page gets there, with every solution on the way.
  const page = await session.openAnother('?n=12&pos=3000000', { init: watchRestore });
  await page.waitForFunction(() => document.body.dataset.state === 'paused', null, { timeout: 120_000 });
  assert.equal(await steps(page), 3_000_000);
  assert.ok(number(await solutionsFound(page).textContent()) > 10_000);

  // A link to step 10^9 of 16×16 (far more than any machine does in a few frames): the
  // position moves on screen while the page gets there, and Space pressed on the way pauses
  // the search where it stands, short of the target: the key is neither dropped nor kept
  // waiting until the restore ends.
  const target = 1_000_000_000;
  await page.goto(`${session.server.url}?n=16&pos=${target}`);
  await page.waitForFunction(() => globalThis.restoreWatch.shown.length >= 3, null, { timeout: 120_000 });
  await page.keyboard.press(' ');
  await page.waitForFunction(() => document.body.dataset.state === 'paused', null, { timeout: 120_000 });
  const watch = await page.evaluate(() => globalThis.restoreWatch);
  assert.deepEqual(watch.keys.map(({ key, state }) => [key, state]), [[' ', 'playing']],
    'Space arrived while the page was on its way to the step');
  const pausedAt = await steps(page);
  assert.ok(pausedAt >= number(watch.keys[0].steps) && pausedAt < target,
    `paused at step ${pausedAt}, after ${watch.keys[0].steps} and short of ${target}`);
  assert.ok(new Set(watch.shown).size >= 3, `the position moved on screen on the way: ${watch.shown.join(' → ')}`);
  // The page works on from there: Step takes one step.
  await button(page, 'Step').click();
  await page.waitForFunction((want) => document.getElementById('steps').textContent === want,
    (pausedAt + 1).toLocaleString('en'));
  assert.equal(await page.evaluate(() => document.body.dataset.state), 'paused');
});

test('junk in the permalink gives one message per bad part and a working page', async () => {
  const page = await session.open('?n=8&speed=fast&pos=xyz');
  const text = await page.getByRole('alert').textContent();
  assert.match(text, /speed “fast”/);
  assert.match(text, /position “xyz”/);
  assert.equal(await steps(page), 0);
  await page.keyboard.press('ArrowRight');
  assert.equal(await steps(page), 1);
});

test('the browser’s colour (the theme-color metas) follows the Theme menu, not only the system', async () => {
  const page = await session.open('');
  // The colour index.html gives each system scheme, as served (the page changes them after).
  const served = await page.evaluate(async () => {
    const html = await (await fetch(location.pathname, { cache: 'no-store' })).text();
    const metas = new DOMParser().parseFromString(html, 'text/html').querySelectorAll('meta[name="theme-color"]');
    return Object.fromEntries([...metas].map((meta) => [/(light|dark)\)/.exec(meta.media)[1], meta.content]));
  });
  assert.ok(served.light && served.dark && served.light !== served.dark, JSON.stringify(served));
  const colours = () => page.evaluate(() => [...document.querySelectorAll('meta[name="theme-color"]')].map((meta) => meta.content));
  const themeBecomes = (wanted) => page.waitForFunction((w) => document.documentElement.dataset.theme === w, wanted);
  await page.emulateMedia({ colorScheme: 'light' });
  await page.getByLabel('Theme').selectOption('dark');
  assert.deepEqual(await colours(), [served.dark, served.dark], 'dark chosen on a light system');
  await page.getByLabel('Theme').selectOption('light');
  await page.emulateMedia({ colorScheme: 'dark' });
  assert.deepEqual(await colours(), [served.light, served.light], 'light chosen on a dark system');
  await page.getByLabel('Theme').selectOption('system');
  assert.deepEqual(await colours(), [served.dark, served.dark], 'the system’s again');
  await page.emulateMedia({ colorScheme: 'light' });
  await themeBecomes('light');
  assert.deepEqual(await colours(), [served.light, served.light], 'followed live');
});

test('the theme follows the system, can be chosen, and Projector mode enlarges the board', async () => {
  // A projector's screen: the board grows as far as the bit rows below it still fit (at a
  // window 900 pixels tall it cannot grow much; see layout.test.js).
  const page = await session.open('', { viewport: { width: 1920, height: 1080 } });
  const theme = () => page.evaluate(() => document.documentElement.dataset.theme);
  const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  const themeBecomes = (wanted) => page.waitForFunction((w) => document.documentElement.dataset.theme === w, wanted);
  await page.emulateMedia({ colorScheme: 'dark' });
  await themeBecomes('dark');
  await page.emulateMedia({ colorScheme: 'light' });
  await themeBecomes('light');
  const light = await background();
  await page.getByLabel('Theme').selectOption('dark');
  assert.equal(await theme(), 'dark');
  assert.notEqual(await background(), light);

  const board = page.getByRole('grid', { name: 'Board' });
  const small = (await board.boundingBox()).width;
  const projector = button(page, 'Projector');
  await projector.click();
  assert.equal(await projector.getAttribute('aria-pressed'), 'true');
  assert.ok((await board.boundingBox()).width > small * 1.2, 'the board grows');
  // Remembered on reload.
  await page.reload();
  await board.waitFor();
  assert.equal(await button(page, 'Projector').getAttribute('aria-pressed'), 'true');
  assert.equal(await theme(), 'dark');
});

test('the gallery: 92 thumbnails and 12 unique for N=8, a solution’s detail, and Go to step', async () => {
  const page = await session.open('?n=8');
  await button(page, 'Run to end').click();
  await waitForState(page, 'done');
  await galleryListed(page);
  const thumbs = page.getByRole('button', { name: /^Solution \d+: columns / });
  assert.equal(await thumbs.count(), published(8).total);
  // One ★ per symmetry class: as many as the unique solutions.
  assert.equal(await page.getByRole('status', { name: 'Unique solutions' }).textContent(), String(published(8).unique));
  assert.equal(await page.locator('.thumb.representative').count(), published(8).unique);

  await thumbs.nth(4).click();
  const detail = page.locator('#solution-detail');
  assert.match(await detail.textContent(), /^Solution 5Columns of the queens in rows 1 to 8: [1-8]( [1-8]){7}\. Found at step [\d,]+\. [248] boards in its symmetry class/);
  const step = Number((await detail.textContent()).match(/Found at step ([\d,]+)/)[1].replace(/,/g, ''));
  const columns = (await detail.textContent()).match(/rows 1 to 8: ([\d ]+)\./)[1];
  await page.getByRole('button', { name: /^Go to step/ }).click();
  await waitForState(page, 'paused');
  assert.equal(await steps(page), step);
  assert.equal(await solutionsFound(page).textContent(), '5');
  const board = (await queensOnBoard(page)).map((q) => q.column + 1).join(' ');
  assert.equal(board, columns);
  // Going back before solution 5 removes it from the gallery and closes its detail.
  await page.keyboard.press('ArrowLeft');
  assert.equal(await thumbs.count(), 4);
  assert.equal(await detail.isHidden(), true);
});

test('the gallery keeps at most 1000 boards and says so, while the counts go on (N=12)', async () => {
  const page = await session.open('?n=12');
  await button(page, 'Run to end').click();
  await waitForState(page, 'done');
  assert.equal(await solutionsFound(page).textContent(), grouped(published(12).total));
  assert.equal(await page.getByRole('status', { name: 'Unique solutions' }).textContent(), grouped(published(12).unique));
  await galleryListed(page);
  assert.equal(await page.getByRole('button', { name: /^Solution \d+: columns / }).count(), 1000);
  assert.match(await page.locator('#solutions-note').textContent(), new RegExp(`first 1,000 of ${grouped(published(12).total)}`));
});

test('the code panel switches between pseudocode, Rust and JavaScript, keeping the highlight', async () => {
  const page = await session.open('?n=8');
  await clickStep(page, 2); // a square chosen: bit = poss & -poss
  const highlighted = () => page.locator('#code .code-line.active').allTextContents();
  assert.match((await highlighted())[0], /bit\s+= poss & -poss/);
  const language = page.getByRole('region', { name: 'The algorithm' }).getByLabel('Code in');
  await language.selectOption('rust');
  assert.match((await highlighted())[0], /let bit = poss & poss\.wrapping_neg\(\);/);
  await language.selectOption('javascript');
  assert.match((await highlighted())[0], /const bit = poss & -poss;/);
  await page.keyboard.press('ArrowRight'); // place: the recursive call
  assert.match((await highlighted())[0], /search\(\(ld \| bit\) >>> 1, col \| bit, \(rd \| bit\) << 1\);/);
});

test('export: the board as SVG and PNG, the solutions as JSON and text', async () => {
  const page = await session.open('?n=6');
  await button(page, 'Run to end').click();
  await waitForState(page, 'done');
  await controls(page).getByLabel('Position').fill('0'); // back to the start: the gallery empties
  assert.equal(await page.locator('#solutions li').count(), 0);
  await button(page, 'Next solution').click();
  await waitForState(page, 'paused');
  const saved = async (name) => {
    const [file] = await Promise.all([page.waitForEvent('download'), button(page, name).click()]);
    const chunks = [];
    for await (const chunk of await file.createReadStream()) chunks.push(chunk);
    return { name: file.suggestedFilename(), body: Buffer.concat(chunks) };
  };
  const queens = (await queensOnBoard(page)).map((q) => q.column + 1).join(' ');

  const svg = await saved('Board as SVG');
  assert.match(svg.name, /^bitqueens-n6-step\d+\.svg$/);
  const text = svg.body.toString();
  assert.match(text, /^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
  assert.equal((text.match(/<circle /g) ?? []).length, 6);
  assert.ok(text.includes(`columns ${queens}`), 'the SVG title names the columns');

  const png = await saved('Board as PNG');
  assert.match(png.name, /\.png$/);
  assert.deepEqual([...png.body.subarray(0, 8)], [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  assert.equal(png.body.readUInt32BE(16), 6 * 48); // width from the IHDR chunk

  const json = JSON.parse((await saved('Solutions as JSON')).body.toString());
  assert.equal(json.n, 6);
  assert.equal(json.total, 1);
  assert.equal(json.solutions[0].columns.join(' '), queens);

  const plain = (await saved('Solutions as text')).body.toString();
  assert.equal(plain, `${queens}\n`);
});

test('Mirror symmetry: N=8 gives 92 and 12 unique with it on and off, in fewer steps when on', async () => {
  const page = await session.open('?n=8');
  const unique = page.getByRole('status', { name: 'Unique solutions' });
  await button(page, 'Run to end').click();
  await waitForState(page, 'done');
  assert.equal(await solutionsFound(page).textContent(), String(published(8).total));
  assert.equal(await unique.textContent(), String(published(8).unique));
  const fullSteps = await steps(page);

  await page.getByRole('switch', { name: 'Mirror symmetry' }).check();
  assert.equal(await steps(page), 0);
  assert.match(page.url(), /mirror=1/);
  await button(page, 'Run to end').click();
  await waitForState(page, 'done');
  assert.equal(await solutionsFound(page).textContent(), String(published(8).total));
  assert.equal(await unique.textContent(), String(published(8).unique));
  assert.ok(await steps(page) < 0.6 * fullSteps, 'mirror mode searches about half');
  // Mirror images are shown as such, paired with the solution they mirror.
  await galleryListed(page);
  const mirrors = page.getByRole('button', { name: /mirror image of solution \d+$/ });
  assert.equal(await mirrors.count(), published(8).total / 2);
  const second = await page.getByRole('button', { name: /^Solution 2: / }).getAttribute('aria-label');
  const first = await page.getByRole('button', { name: /^Solution 1: / }).getAttribute('aria-label');
  const columns = (label) => label.match(/columns ([\d ]+)/)[1].trim().split(' ').map(Number);
  assert.deepEqual(columns(second), columns(first).map((c) => 9 - c));
  assert.match(second, /mirror image of solution 1$/);
  assert.match(await page.locator('#narration').textContent(), /92 solutions on the 8×8 board, 46 found and 46 mirror images/);

  // Back to the start undoes every count, unique included.
  await controls(page).getByLabel('Position').fill('0');
  assert.equal(await solutionsFound(page).textContent(), '0');
  assert.equal(await unique.textContent(), '0');

  // A permalink restores mirror mode.
  const again = await session.openAnother(page.url());
  assert.equal(await again.getByRole('switch', { name: 'Mirror symmetry' }).isChecked(), true);
});

test('going back over solutions takes them off both counts (unique too)', async () => {
  const page = await session.open('?n=8');
  const unique = page.getByRole('status', { name: 'Unique solutions' });
  await button(page, 'Run to end').click();
  await waitForState(page, 'done');
  for (const back of [5000, 0]) {
    await controls(page).getByLabel('Position').fill(String(back));
    await galleryListed(page);
    const listed = page.getByRole('button', { name: /^Solution \d+: columns / });
    assert.equal(await solutionsFound(page).textContent(), String(await listed.count()));
    assert.equal(await unique.textContent(), String(await page.locator('.thumb.representative').count()));
  }
  assert.equal(await unique.textContent(), '0');
});

/** WCAG contrast ratio of two computed CSS colours (rgb(...) or color(srgb ...)). */
function contrast(a, b) {
  const channels = (css) => {
    const srgb = css.match(/color\(srgb ([\d.]+) ([\d.]+) ([\d.]+)/);
    if (srgb) return srgb.slice(1, 4).map(Number);
    return css.match(/[\d.]+/g).slice(0, 3).map((v) => Number(v) / 255);
  };
  const luminance = (css) => {
    const [r, g, b] = channels(css).map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

for (const [theme, projector] of [['light', false], ['dark', false], ['light', true], ['dark', true]]) {
  test(`contrast meets WCAG AA in the ${theme} theme${projector ? ' with Projector mode' : ''}`, async () => {
    const page = await session.open('?n=8&pos=41');
    await page.getByLabel('Theme').selectOption(theme);
    if (projector) await button(page, 'Projector').click();
    // [selector, minimum ratio]: 4.5 for text, 3 for symbols on the board (WCAG 1.4.3, 1.4.11).
    const checks = [
      ['#narration', 4.5], ['.counters dt', 4.5], ['.counters dd', 4.5], ['.note', 4.5], ['.mask-name', 4.5],
      ['.code-line', 4.5], ['#play', 4.5], ['#step', 4.5], ['.masthead p', 4.5],
    ];
    const failures = [];
    for (const [selector, minimum] of checks) {
      const pairs = await page.locator(selector).evaluateAll((elements) => elements.map((element) => {
        let background = 'rgba(0, 0, 0, 0)';
        for (let e = element; e && /rgba\(0, 0, 0, 0\)|transparent/.test(background); e = e.parentElement) {
          background = getComputedStyle(e).backgroundColor;
        }
        return [getComputedStyle(element).color, background];
      }));
      assert.ok(pairs.length > 0, `nothing matches ${selector}`);
      for (const [color, background] of pairs) {
        const ratio = contrast(color, background);
        if (ratio < minimum) failures.push(`${selector}: ${color} on ${background} = ${ratio.toFixed(2)}`);
      }
    }
    // The board and the digits are drawn on canvases: their pixels, square by square and
    // digit by digit. A line whose value means nothing yet is faint on purpose.
    await canvasesSized(page);
    for (const look of ['attacked', 'tried', 'queen', 'trying']) {
      const cells = page.locator(`#board [data-look="${look}"]`);
      assert.ok(await cells.count() > 0, `no square shows ${look}`);
      for (const [color, background] of await cells.evaluateAll(drawnColours)) {
        const ratio = contrast(color, background);
        if (ratio < 3) failures.push(`a ${look} square: ${color} on ${background} = ${ratio.toFixed(2)}`);
      }
    }
    const lines = page.locator('#masks .mask-digits:not(.pending):not(.hidden)');
    assert.ok(await lines.count() > 0, 'no line of digits is known yet');
    for (const [color, background] of await lines.evaluateAll(drawnColours)) {
      const ratio = contrast(color, background);
      if (ratio < 4.5) failures.push(`a digit: ${color} on ${background} = ${ratio.toFixed(2)}`);
    }
    assert.deepEqual([...new Set(failures)], []);
  });
}

test('no request leaves the page’s own origin', async () => {
  const page = await session.open('?n=6');
  const origins = new Set();
  page.on('request', (request) => origins.add(new URL(request.url()).origin));
  await page.reload();
  await pageReady(page);
  await button(page, 'Run to end').click();
  await waitForState(page, 'done');
  const mine = new URL(page.url()).origin;
  assert.ok(origins.size > 0);
  assert.deepEqual([...origins].filter((o) => o !== mine && !o.startsWith('blob:') && o !== 'null'), []);
});

test('numbers and plurals read right: "1 step/s", the classes of N = 1, grouped solutions in the lanes', async () => {
  const page = await session.open('?n=1&speed=1');
  assert.equal(await page.locator('#speed-label').textContent(), '1 step/s');
  await button(page, 'Run to end').click();
  await waitForState(page, 'done');
  const note = await page.locator('#unique-note').textContent();
  assert.match(note, /The one class is complete: it holds 1 solution\./);
  assert.doesNotMatch(note, /All 1 classes|1 solutions/);
});

test('nothing to export: "Solutions as text" says so instead of an empty file; N = 3 says it has no solution', async () => {
  const page = await session.open('?n=3');
  let downloads = 0;
  page.on('download', () => { downloads += 1; });
  const message = page.locator('#message');
  await button(page, 'Solutions as text').click();
  await message.filter({ hasText: 'Nothing to export' }).waitFor(); // the exports load on this first press
  assert.match(await message.textContent(), /^Nothing to export yet: no solution has been found/);
  await button(page, 'Run to end').click();
  await waitForState(page, 'done');
  assert.equal(await page.locator('#solutions-note').textContent(), 'None: the 3×3 board has no solution.');
  await button(page, 'Solutions as text').click();
  await page.waitForFunction(() => /has no solution/.test(document.getElementById('message').textContent));
  assert.equal(downloads, 0, 'no empty file');
});
