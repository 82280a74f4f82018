// End-to-end: the presenter view and its clicker keys, and the Presenter notes window kept
// in step with the lesson.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { usePage, button, steps, controls } from '../support/session.js';

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
