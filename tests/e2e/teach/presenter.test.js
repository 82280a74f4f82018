// End-to-end: the presenter view and its clicker keys, and the Presenter notes window kept
// in step with the lesson.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { usePage, button, steps, controls, frames } from '../../support/session.js';
import { everyViolation } from '../../support/axe.js';
import { SAY_EVERY_MS } from '../../../www/stage/announcer.js';

const session = usePage();
const stopShown = async (page) => (await page.locator('#lesson-stop').textContent()).trim();

test('the presenter view shows the board, the masks and the narration; clicker keys walk the lesson', async () => {
  const page = await session.open('?lesson=three-masks&stop=1');
  const [notes] = await Promise.all([page.waitForEvent('popup'), button(page, 'Presenter notes').click()]);
  assert.match(await notes.locator('body').innerText(), /The three masks\s+Stop 1 of 5\s+Each row of the board receives three masks[^]*Next: The first queen stands in column 6/);
  // Styled, under the page's Content-Security-Policy (which the window inherits).
  assert.equal(await notes.evaluate(() => getComputedStyle(document.body).backgroundColor), 'rgb(246, 244, 239)');
  await button(page, 'Presenter').click();
  assert.equal(await controls(page).isVisible(), false, 'the controls are hidden');
  for (const id of ['board', 'masks', 'narration']) assert.ok(await page.locator(`#${id}`).isVisible(), id);
  await page.keyboard.press('PageDown');
  assert.equal(await stopShown(page), 'Stop 2 of 5');
  assert.equal(await steps(page), 3);
  assert.match(await notes.locator('body').innerText(), /Stop 2 of 5\s+The first queen stands/, 'the notes follow');
  await page.keyboard.press('PageUp');
  assert.equal(await stopShown(page), 'Stop 1 of 5');
  await page.keyboard.press('b');
  assert.ok(await page.locator('#blank').isVisible(), 'B blanks the screen');
  await page.keyboard.press('b');
  assert.equal(await page.locator('#blank').isVisible(), false);
  await page.keyboard.press('Escape');
  assert.ok(await controls(page).isVisible(), 'Escape leaves the presenter view');
  await notes.close();
});

test('outside a lesson Page Down steps and Page Up steps back, only in the presenter view', async () => {
  const page = await session.open('?n=6');
  await page.keyboard.press('PageDown');
  assert.equal(await steps(page), 0, 'the page’s own Page Down outside the presenter view');
  await button(page, 'Presenter').click();
  await page.keyboard.press('PageDown');
  await page.keyboard.press('PageDown');
  assert.equal(await steps(page), 2);
  await page.keyboard.press('PageUp');
  assert.equal(await steps(page), 1);
  await button(page, 'Exit presenter (Esc)').click();
  assert.equal(await button(page, 'Presenter').getAttribute('aria-pressed'), 'false');
});

test('Presenter notes, outside a lesson, follow the narration as a screen reader is told it: paced while playing, where play stops always', async () => {
  const page = await session.open('?lesson=three-masks&stop=1');
  const [notes] = await Promise.all([page.waitForEvent('popup'), button(page, 'Presenter notes').click()]);
  await button(page, 'Close lesson').click();
  await notes.getByText('No lesson open').waitFor();
  await notes.evaluate(() => {
    window.changes = 0;
    new MutationObserver((records) => { window.changes += records.length; })
      .observe(document.querySelector('[aria-live]'), { childList: true, characterData: true, subtree: true });
  });
  const start = await page.evaluate(() => performance.now());
  await button(page, 'Play').click();
  await page.waitForFunction(() => Number(document.getElementById('steps').textContent) >= 20); // some 2 s of play
  const elapsed = await page.evaluate((t) => performance.now() - t, start);
  const changes = await notes.evaluate(() => window.changes);
  assert.ok(changes >= 1 && changes <= 1 + Math.floor(elapsed / SAY_EVERY_MS), `the notes' live line changed ${changes} times in ${Math.round(elapsed)} ms of play`);
  await button(page, 'Pause').click();
  await page.waitForFunction(() => document.body.dataset.state === 'paused');
  const stopped = `At step ${await steps(page)}. ${await page.locator('#narration').textContent()}`;
  await notes.waitForFunction((text) => document.querySelector('[aria-live]').textContent === text, stopped);
  await notes.close();
});

/** The level-one headings a screen reader finds on the page: their names. */
const headingsOne = (page) => page.getByRole('heading', { level: 1 }).allTextContents();

test('the presenter view, outside a lesson and on a lesson’s question, has no axe violation of any impact: it has its own h1', async () => {
  for (const query of ['?n=8&pos=40', '?lesson=three-masks&stop=3']) {
    const page = await session.open(query, { viewport: { width: 1366, height: 768 } });
    assert.deepEqual(await headingsOne(page), ['bitqueens'], `${query}: the masthead's h1 alone`);
    await button(page, 'Presenter').click();
    await page.waitForFunction(() => document.documentElement.hasAttribute('data-presenter'));
    assert.deepEqual(await headingsOne(page), ['bitqueens: presenter view'], `${query}: the view's h1 alone`);
    assert.deepEqual(await everyViolation(page), [], `${query}, the presenter view`);
    await page.keyboard.press('Escape');
    assert.deepEqual(await headingsOne(page), ['bitqueens'], `${query}: the masthead's again`);
    assert.deepEqual(page.problems, [], `${query}: the page logged errors`);
    await page.close();
    session.page = null;
  }
});

/** Every visible leaf element (a label, a digit row, a sentence) reaching outside the window. */
const outside = (page) => page.evaluate(() => {
  const out = [];
  for (const element of document.querySelectorAll('body *')) {
    if (element.children.length || !element.checkVisibility()) continue;
    const r = element.getBoundingClientRect();
    if (r.width && (r.left < -0.5 || r.top < -0.5 || r.right > innerWidth + 0.5 || r.bottom > innerHeight + 0.5)) {
      out.push(`${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''} “${element.textContent.trim().slice(0, 30)}”`);
    }
  }
  return out;
});

for (const [width, height] of [[1280, 720], [1366, 768], [1920, 1080]]) {
  for (const projector of [false, true]) {
    test(`${width}×${height}${projector ? ', Projector on' : ''}: every label, digit and sentence of the presenter view is inside the window, Exit covering none`, async () => {
      const page = await session.open('?n=12&pos=400', { viewport: { width, height } });
      if (projector) await button(page, 'Projector').click();
      await button(page, 'Presenter').click();
      await page.locator('#presenter-exit').waitFor();
      await frames(page, 2);
      assert.deepEqual(await outside(page), []);
      const exit = await page.locator('#presenter-exit').boundingBox();
      for (const selector of ['#narration', '#masks', '#board']) {
        const box = await page.locator(selector).boundingBox();
        const overlaps = exit.x < box.x + box.width && box.x < exit.x + exit.width && exit.y < box.y + box.height && box.y < exit.y + exit.height;
        assert.equal(overlaps, false, `Exit covers ${selector}`);
      }
    });
  }
}
