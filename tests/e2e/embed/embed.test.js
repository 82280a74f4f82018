// End-to-end: the embed page (embed.html) on its own — it fits its frame, keeps the viewer in
// its step range, shows the panels, controls and theme its link names, and explains bad
// parameters — and the main page's Embed dialog that builds it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { usePage, button, steps, controls, frames } from '../../support/session.js';
import { openPage } from '../../support/browser.js';
import { seriousViolations } from '../../support/axe.js';
import { SAY_EVERY_MS } from '../../../www/stage/announcer.js';

const session = usePage();

/** Opens the embed at `query` in a frame-sized window; resolves once it stands at its first
 *  step (body[data-state] is "loading" until the core has drawn it). */
async function openEmbed(query, viewport = { width: 800, height: 450 }) {
  const page = await openPage(session.browser, `${session.server.url}embed.html?${query}`, { viewport });
  session.page = page;
  await page.waitForFunction(() => !['loading', 'playing'].includes(document.body.dataset.state)
    && (document.getElementById('embed-area').hidden // no board nor bit rows: nothing to fit
      || document.getElementById('embed-figure').style.transform.includes('scale')));
  await frames(page, 2); // a refit the first drawing asked for (embed-fit.js refits on the next frame)
  return page;
}

const position = (page) => page.getByRole('slider', { name: 'Position' });

test('an embed of an 8×8 or smaller board fits its frame without scroll bars (up to a full-screen slide), and a large board scales down', async () => {
  for (const viewport of [{ width: 480, height: 360 }, { width: 800, height: 450 }, { width: 1280, height: 720 }]) { // a slide's frame, full screen
    for (const n of [4, 8, 16]) {
      const page = await openEmbed(`n=${n}&pos=20`, viewport);
      const fit = await page.evaluate(() => {
        const box = (id) => document.getElementById(id).getBoundingClientRect();
        const inside = (r) => r.left >= 0 && r.top >= 0 && r.right <= innerWidth + 0.5 && r.bottom <= innerHeight + 0.5;
        const root = document.documentElement;
        return {
          scrolls: root.scrollWidth > innerWidth || root.scrollHeight > innerHeight,
          board: inside(box('board')), masks: inside(box('masks')), boardWidth: box('board').width,
        };
      });
      const where = `${n}×${n} at ${viewport.width}×${viewport.height}`;
      assert.equal(fit.scrolls, false, `${where}: scroll bars`);
      assert.ok(fit.board && fit.masks, `${where}: the board or the bit rows leave the frame`);
      // Large enough to read: the board takes a good part of the frame's height.
      assert.ok(fit.boardWidth >= viewport.height * 0.45, `${where}: the board is ${fit.boardWidth} px wide`);
      await page.close();
      session.page = null;
    }
  }
});

test('Back, Step and Position stay inside the range the link names', async () => {
  const page = await openEmbed('n=6&from=10&to=14');
  assert.equal(await steps(page), 10, 'it opens at the start of the range');
  assert.equal(await button(page, 'Back').isDisabled(), true);
  for (let i = 0; i < 6; i++) await page.keyboard.press('ArrowRight');
  assert.equal(await steps(page), 14, 'Step and → stop at the end of the range');
  assert.equal(await button(page, 'Step').isDisabled(), true);
  assert.equal(await position(page).getAttribute('min'), '10');
  assert.equal(await position(page).getAttribute('max'), '14');
  await position(page).fill('12');
  assert.equal(await steps(page), 12);
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowLeft');
  assert.equal(await steps(page), 10, 'Back and ← stop at the start of the range');
});

test('Play stops at the end of the range; Play there starts again from its start', async () => {
  const page = await openEmbed('n=6&from=5&to=25&speed=max');
  await button(page, 'Play').click();
  await page.waitForFunction(() => document.body.dataset.state !== 'playing');
  assert.equal(await steps(page), 25);
  // Again: it goes back to step 5 and plays to 25 once more.
  await page.evaluate(() => {
    globalThis.seenSteps = [];
    new MutationObserver(() => globalThis.seenSteps.push(document.getElementById('steps').textContent))
      .observe(document.getElementById('steps'), { childList: true, characterData: true, subtree: true });
  });
  await button(page, 'Play').click();
  await page.waitForFunction(() => document.body.dataset.state !== 'playing' && globalThis.seenSteps.length > 0);
  assert.equal(await steps(page), 25);
  const seen = (await page.evaluate(() => globalThis.seenSteps)).map(Number);
  assert.ok(Math.min(...seen) >= 5 && seen.includes(5), `steps shown: ${seen.join(' ')}`);
});

test('bad parameters are each explained, and the embed still works', async () => {
  const page = await openEmbed('n=abc&from=9&to=3&panels=board,junk&controls=huge&theme=neon&loop=2');
  const message = page.getByRole('alert');
  await assert.doesNotReject(message.waitFor());
  const text = await message.textContent();
  for (const expected of [/bad board size/, /“from” is past “to”/, /panels it does not have \(“junk”\)/,
    /controls=“huge”/, /theme=“neon”/, /loop=“2”/]) {
    assert.match(text, expected);
  }
  assert.equal(await steps(page), 9, 'from still applies');
  await button(page, 'Step').click();
  assert.equal(await steps(page), 10);
});

test('a range past the end of the search is cut at its end, with a message', async () => {
  const page = await openEmbed('n=4&to=999999');
  await assert.doesNotReject(page.getByRole('alert').filter({ hasText: 'past the end of the search' }).waitFor());
  const end = Number(await position(page).getAttribute('max'));
  assert.ok(end > 0 && end < 999999, `Position ends at ${end}`);
  await position(page).fill(String(end));
  assert.equal(await steps(page), end);
  assert.equal(await button(page, 'Step').isDisabled(), true);
});

test('controls=none, controls=step, the panels and the themes', async () => {
  let page = await openEmbed('n=5&controls=none');
  assert.equal(await page.getByRole('region', { name: 'Controls' }).isVisible(), false);
  await page.keyboard.press('ArrowRight');
  assert.equal(await steps(page), 0, 'no control, no key');
  await page.close();
  page = await openEmbed('n=5&controls=step&theme=dark');
  assert.equal(await button(page, 'Step').isVisible(), true);
  assert.equal(await button(page, 'Back').isVisible(), true);
  assert.equal(await button(page, 'Play').isVisible(), false);
  assert.equal(await position(page).isVisible(), false);
  assert.equal(await page.evaluate(() => document.documentElement.dataset.theme), 'dark');
  await page.close();
  page = await openEmbed('n=5&panels=narration,counters,code&theme=projector&pos=3');
  assert.equal(await page.locator('#board').isVisible(), false);
  assert.equal(await page.locator('#masks').isVisible(), false);
  assert.equal(await page.locator('#narration').isVisible(), true);
  assert.equal(await page.locator('#code').isVisible(), true);
  assert.equal(await steps(page), 3);
  assert.equal(await page.evaluate(() => 'projector' in document.documentElement.dataset), true);
});

test('the Embed dialog builds the iframe for the step on screen, with a live preview', async () => {
  const page = await session.open('?n=6&pos=12');
  await button(page, 'Embed').click();
  const dialog = page.getByRole('dialog', { name: 'Embed this search' });
  await dialog.waitFor();
  const snippet = dialog.getByLabel('The code to paste');
  await page.waitForFunction(() => document.getElementById('embed-snippet').value !== '');
  const code = await snippet.inputValue();
  const src = new URL(code.match(/src="([^"]+)"/)[1].replace(/&amp;/g, '&'));
  assert.equal(src.pathname.endsWith('/embed.html'), true);
  assert.equal(src.searchParams.get('n'), '6');
  assert.equal(src.searchParams.get('from'), '12');
  assert.equal(src.searchParams.get('to'), '72');
  assert.match(code, /title="bitqueens: the 6×6 board, steps 12 to 72"/);
  assert.match(code, /width="800" height="450"/);
  // The preview is the embed itself, at the step on screen.
  const preview = page.frameLocator('#embed-preview');
  await assert.doesNotReject(preview.locator('#position-label').filter({ hasText: 'step 12 (12–72)' }).waitFor());
  // A panel more, another size: the code follows.
  await dialog.getByLabel('Narration').check();
  await dialog.getByLabel('Size').selectOption('480x360');
  await page.waitForFunction(() => document.getElementById('embed-snippet').value.includes('panels=board%2Cbits%2Cnarration'));
  assert.match(await snippet.inputValue(), /width="480" height="360"/);
  // A range that ends before it starts is explained, and nothing can be copied.
  await dialog.getByLabel('To step').fill('5');
  await assert.doesNotReject(dialog.getByRole('alert').filter({ hasText: 'is before “From step”' }).waitFor());
  assert.equal(await dialog.getByRole('button', { name: 'Copy the code' }).isDisabled(), true);
  await dialog.getByRole('button', { name: 'Close' }).click();
  assert.equal(await dialog.isVisible(), false);
  await button(page, 'Step').click();
  assert.equal(await steps(page), 13, 'the page still works');
});

test('the embed, in every theme with every panel, and the Embed dialog have no serious accessibility violation', async () => {
  for (const theme of ['light', 'dark', 'projector']) {
    const page = await openEmbed(`n=6&pos=30&from=10&to=80&theme=${theme}&panels=board,bits,narration,code,tree,counters`);
    assert.deepEqual(await seriousViolations(page), [], `axe-core, the embed in the ${theme} theme`);
    await page.close();
  }
  const page = await session.open('?n=6&pos=12');
  await button(page, 'Embed').click();
  await page.frameLocator('#embed-preview').locator('#position-label').filter({ hasText: 'step 12' }).waitFor();
  assert.deepEqual(await seriousViolations(page), [], 'axe-core, the Embed dialog');
});

test('near the end of the search the Embed dialog offers the range up to the end, and its embed needs no message', async () => {
  const page = await session.open('?n=4');
  await button(page, 'Run to end').click();
  await page.locator('body[data-state="done"]').waitFor();
  const end = await steps(page);
  await controls(page).getByLabel('Position').fill(String(end - 10));
  await button(page, 'Embed').click();
  const dialog = page.getByRole('dialog', { name: 'Embed this search' });
  assert.equal(await dialog.getByLabel('To step').inputValue(), String(end));
  const preview = page.frameLocator('#embed-preview');
  await preview.locator('#position-label').filter({ hasText: `(${end - 10}–${end})` }).waitFor();
  assert.equal(await preview.getByRole('alert').isVisible(), false);
});

test('while the core loads, the embed says so and its controls are disabled; they work once it is ready', async () => {
  const page = await openPage(session.browser, 'about:blank', { viewport: { width: 800, height: 450 } });
  session.page = page;
  let release;
  const held = new Promise((resolve) => { release = resolve; });
  await page.route('**/*.wasm', async (route) => { await held; await route.continue(); });
  await page.goto(`${session.server.url}embed.html?n=6&panels=board,bits,narration`);
  await page.locator('#narration').filter({ hasText: 'Loading the search core' }).waitFor();
  for (const name of ['Back', 'Step', 'Play']) assert.equal(await button(page, name).isDisabled(), true, `${name} while loading`);
  assert.equal(await position(page).isDisabled(), true);
  release();
  await page.waitForFunction(() => document.body.dataset.state !== 'loading');
  await button(page, 'Step').click();
  await page.waitForFunction(() => document.getElementById('steps').textContent === '1');
  assert.equal(await position(page).isDisabled(), false);
  assert.equal(await page.getByRole('slider', { name: 'Speed' }).isDisabled(), false);
});

test('the embed has one level-one heading, and its bit-row names are drawn large enough to read from a slide', async () => {
  // The figure is scaled to fit its frame: the size a name is drawn at, in CSS pixels.
  const drawnName = (page) => page.evaluate(() => {
    const name = document.querySelector('#masks .mask-name');
    return name.getBoundingClientRect().height / name.offsetHeight * parseFloat(getComputedStyle(name).fontSize);
  });
  for (const [viewport, least] of [[{ width: 800, height: 450 }, 12], [{ width: 1280, height: 720 }, 18]]) {
    for (const n of [4, 8, 12]) {
      const page = await openEmbed(`n=${n}&pos=20`, viewport);
      assert.equal(await page.getByRole('heading', { level: 1 }).count(), 1);
      const size = await drawnName(page);
      assert.ok(size >= least, `${n}×${n} at ${viewport.width}×${viewport.height}: bit-row names drawn at ${size.toFixed(1)} px`);
      await page.close();
      session.page = null;
    }
  }
});

test('Space and Enter on a focused control of the embed press that control, never Play', async () => {
  const page = await openEmbed('n=6&pos=3');
  for (const key of ['Space', 'Enter']) {
    const before = await steps(page);
    await button(page, 'Step').focus();
    await page.keyboard.press(key);
    await page.waitForFunction((n) => Number(document.getElementById('steps').textContent) === n + 1, before);
    assert.notEqual(await page.evaluate(() => document.body.dataset.state), 'playing', `${key} on Step played`);
    await button(page, 'Back').focus();
    await page.keyboard.press(key);
    await page.waitForFunction((n) => Number(document.getElementById('steps').textContent) === n, before);
  }
  await position(page).focus();
  await page.keyboard.press('Space');
  assert.notEqual(await page.evaluate(() => document.body.dataset.state), 'playing', 'Space on Position played');
  await button(page, 'Play').focus();
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => document.body.dataset.state === 'playing');
});

test('Play in the embed tells a screen reader at most one sentence every 3 s, the counters nothing; where it stops is always said', async () => {
  const page = await openEmbed('n=8&speed=10');
  const start = await page.evaluate(() => {
    window.liveChanges = [];
    for (const region of document.querySelectorAll('[aria-live], [role="status"], [role="alert"], [role="log"], output')) {
      if (region.getAttribute('aria-live') === 'off') continue;
      new MutationObserver((records) => {
        for (const record of records) window.liveChanges.push(`${region.id || region.className}: ${region.textContent.slice(0, 60)}`);
      }).observe(region, { childList: true, characterData: true, subtree: true });
    }
    return performance.now();
  });
  await button(page, 'Play').click();
  await page.waitForFunction(() => Number(document.getElementById('steps').textContent) >= 20); // some 2 s: a state
  const { changes, elapsed } = await page.evaluate((t) => ({ changes: [...window.liveChanges], elapsed: performance.now() - t }), start);
  assert.ok(changes.length >= 1 && changes.length <= 1 + Math.floor(elapsed / SAY_EVERY_MS), `${changes.length} changes in ${Math.round(elapsed)} ms: ${JSON.stringify(changes.slice(0, 12))}`);
  assert.ok(changes.every((change) => change.startsWith('narration-said: ')), JSON.stringify(changes.slice(0, 12)));
  await button(page, 'Pause').click();
  await page.waitForFunction(() => document.body.dataset.state === 'paused');
  assert.equal(await page.locator('#narration-said').textContent(), `At step ${await steps(page)}. ${await page.locator('#narration').textContent()}`);
});

