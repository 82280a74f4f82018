// End-to-end: the Lessons menu, the lesson bar, and lesson links. Every stop of every
// built-in lesson is opened and checked against its own file: the step it names, the
// Compare lanes, the question it asks.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { usePage, button, steps, frames } from '../../support/session.js';

const session = usePage();
const DIR = new URL('../../../www/teach/lessons/', import.meta.url);
const lessons = readdirSync(DIR).filter((name) => name.endsWith('.json'))
  .map((name) => JSON.parse(readFileSync(new URL(name, DIR), 'utf8')));

const stopShown = async (page) => (await page.locator('#lesson-stop').textContent()).trim();
const message = (page) => page.locator('#message');
const query = (page) => new URL(page.url()).searchParams;

test('the Lessons menu opens a lesson at its first stop; Next and Previous walk it, in the link', async () => {
  const page = await session.open('?n=8');
  await page.getByLabel('Lessons').selectOption({ label: 'The three masks' });
  const bar = page.getByRole('region', { name: 'The three masks' });
  await bar.waitFor();
  assert.equal(await stopShown(page), 'Stop 1 of 5');
  assert.equal(await button(page, 'Previous stop').isDisabled(), true);
  assert.match(await page.locator('#lesson-note').textContent(), /^Each row of the board receives three masks/);
  assert.equal(query(page).get('lesson'), 'three-masks');
  await button(page, 'Next stop').click();
  assert.equal(await stopShown(page), 'Stop 2 of 5');
  assert.equal(await steps(page), 3);
  assert.equal(query(page).get('stop'), '2');
  assert.equal(query(page).get('pos'), '3');
  await button(page, 'Previous stop').click();
  assert.equal(await steps(page), 0);
  await button(page, 'Close lesson').click();
  assert.equal(await bar.isVisible(), false);
  assert.equal(query(page).has('lesson'), false);
  assert.equal(await page.getByLabel('Lessons').inputValue(), '');
});

/** What a lesson opening changes: the board (its steps and queens), the speed, the address. */
const pageState = (page) => page.evaluate(() => ({
  steps: document.getElementById('steps').textContent,
  queens: document.querySelectorAll('#board [aria-label$=", queen"]').length,
  speed: document.getElementById('speed').value,
  address: location.href,
  lessonBar: !document.getElementById('lesson-bar').hidden,
}));

test('arrowing through the Lessons menu opens no lesson (WCAG 3.2.2); Enter opens the one chosen, Tab away puts the menu back', async () => {
  const page = await session.open('?n=6&pos=9&speed=3');
  const menu = page.getByLabel('Lessons');
  const before = await pageState(page);
  await menu.focus();
  for (let press = 0; press < 3; press++) await page.keyboard.press('ArrowDown');
  const third = await menu.evaluate((select) => ({ slug: select.value, title: select.selectedOptions[0].textContent }));
  assert.notEqual(third.slug, '', 'the arrows moved the choice');
  await frames(page, 2);
  assert.deepEqual(await pageState(page), before, 'three presses of ↓ changed nothing on the page');
  // Leaving the menu without Enter: nothing opens, the menu says again what is open (nothing).
  await page.keyboard.press('Tab');
  await frames(page, 2);
  assert.deepEqual(await pageState(page), before, 'Tab away opened nothing');
  assert.equal(await menu.inputValue(), '', 'the menu shows the lesson open: none');
  // Chosen again, and confirmed with Enter: the lesson opens at its first stop.
  await menu.focus();
  for (let press = 0; press < 3; press++) await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await page.getByRole('region', { name: third.title }).waitFor();
  assert.equal(await stopShown(page), `Stop 1 of ${lessons.find((l) => l.slug === third.slug).stops.length}`);
  assert.equal(query(page).get('lesson'), third.slug);
  // Another lesson, picked from the open list (a click or a tap: no arrow key on the menu), opens at once.
  await menu.selectOption({ label: 'The three masks' });
  await page.getByRole('region', { name: 'The three masks' }).waitFor();
  assert.equal(query(page).get('lesson'), 'three-masks');
  // ↑ back to "choose a lesson" and Enter: the lesson closes, as picking it does.
  await menu.focus();
  await page.keyboard.press('Home');
  assert.equal(query(page).get('lesson'), 'three-masks', 'Home alone closes nothing');
  await page.keyboard.press('Enter');
  await page.locator('#lesson-bar').waitFor({ state: 'hidden' });
  assert.equal(query(page).has('lesson'), false);
});

for (const lesson of lessons) {
  test(`every stop of “${lesson.title}” opens at the state its file names`, async () => {
    const page = await session.open(`?lesson=${lesson.slug}&stop=1`);
    for (const [i, stop] of lesson.stops.entries()) {
      if (i > 0) await button(page, 'Next stop').click();
      const state = new URLSearchParams(stop.state);
      const where = `stop ${i + 1}`;
      assert.equal(await stopShown(page), `Stop ${i + 1} of ${lesson.stops.length}`);
      await page.waitForFunction((want) => document.getElementById('steps').textContent.replace(/,/g, '') === want, state.get('pos') ?? '0');
      assert.equal(await message(page).isVisible(), false, `${where}: no message (${await message(page).textContent()})`);
      assert.equal(await page.locator('#size').inputValue(), state.get('n'), where);
      const predict = await button(page, 'Predict').getAttribute('aria-pressed');
      assert.equal(predict, stop.ask ? 'true' : 'false', `${where}: Predict`);
      if (stop.ask) assert.ok(await page.locator('#question-check:not([hidden])').isVisible(), `${where}: its question is open`);
      const compare = page.locator('#compare');
      assert.equal(await compare.evaluate((d) => d.open), state.has('compare'), `${where}: Compare open`);
      if (state.has('compare')) {
        const lanes = state.get('compare').split(',').length;
        await page.waitForFunction((k) => document.querySelectorAll('#compare-lanes > *').length === k, lanes);
      }
      const write = page.locator('#write');
      assert.equal(await write.evaluate((d) => d.open), state.has('exercise'), `${where}: Write it open`);
      if (state.has('exercise')) {
        assert.equal(await page.getByLabel('Exercise').inputValue(), state.get('exercise'), `${where}: its exercise`);
        await page.getByRole('textbox', { name: 'Answer', exact: true }).waitFor();
      }
    }
    assert.equal(await button(page, 'Next stop').isDisabled(), true, 'the last stop');
    assert.equal(query(page).get('stop'), String(lesson.stops.length));
  });
}

test('a link to a stop opens there, its question asked, and a reload keeps it', async () => {
  const page = await session.open('?lesson=dead-ends&stop=2');
  assert.equal(await stopShown(page), 'Stop 2 of 6');
  assert.match(await page.locator('#question-text').textContent(), /^What does the search do next in row 6/);
  await page.reload();
  await page.locator('#lesson-bar:not([hidden])').waitFor();
  assert.equal(await stopShown(page), 'Stop 2 of 6');
});

test('a link to an unknown lesson or a stop that does not exist gets a sentence, and the page works', async () => {
  let page = await session.open('?lesson=nope&n=6');
  assert.match(await message(page).textContent(), /lesson “nope”, which is not one of the lessons \(three-masks/);
  assert.equal(await page.locator('#lesson-bar').isVisible(), false);
  await button(page, 'Step').click();
  assert.equal(await steps(page), 1);
  assert.equal(query(page).has('lesson'), false, 'the bad name leaves the link');
  await page.close();
  for (const stop of ['99', 'abc', '0']) {
    page = await session.open(`?lesson=symmetry&stop=${stop}`);
    assert.match(await message(page).textContent(), new RegExp(`stop “${stop}” of “Mirror symmetry and the eight images”, which has stops 1 to 4; showing stop 1`));
    assert.equal(await stopShown(page), 'Stop 1 of 4');
    if (stop !== '0') await page.close();
  }
});

test('the last stop says the lesson is over; Close lesson gives back Predict as it was (off, or on with its topics)', async () => {
  const lesson = lessons.find((l) => l.slug === 'three-masks');
  const last = lesson.stops.length;
  const end = (page) => page.locator('#lesson-end');
  const predictOn = async (page) => (await button(page, 'Predict').getAttribute('aria-pressed')) === 'true';
  const ticked = (page) => page.locator('#ask-about input:checked').evaluateAll((boxes) => boxes.map((b) => b.value));

  assert.ok(lesson.stops.at(-1).ask, 'its last stop asks a question (Predict on)');
  let page = await session.open('?n=8&lesson=three-masks&stop=1');
  assert.equal(await end(page).isVisible(), false, 'not said before the last stop');
  for (let i = 1; i < last; i++) await button(page, 'Next stop').click();
  assert.equal(await stopShown(page), `Stop ${last} of ${last}`);
  assert.ok(await predictOn(page), 'the lesson turned Predict on');
  assert.match(await end(page).textContent(), /the lesson is over/);
  await button(page, 'Close lesson').click();
  assert.equal(await predictOn(page), false, 'Predict is off again, as it was before the lesson');
  assert.equal(await page.locator('#question').isVisible(), false);
  const at = await steps(page);
  await button(page, 'Step').click();
  assert.equal(await steps(page), at + 1, 'Step steps: no question holds it');
  await page.close();

  // Predict on, with one topic, before the lesson: it is so again after.
  page = await session.open('?n=8');
  await button(page, 'Predict').click();
  const topics = await ticked(page);
  await page.locator('#ask-about input').first().uncheck();
  const chosen = await ticked(page);
  assert.equal(chosen.length, topics.length - 1);
  await page.getByLabel('Lessons').selectOption({ label: 'The three masks' });
  await page.getByRole('region', { name: 'The three masks' }).waitFor();
  await button(page, 'Close lesson').click();
  assert.ok(await predictOn(page));
  assert.deepEqual(await ticked(page), chosen);
});

test('on a phone the lesson’s buttons stand in the bottom bar, in reach wherever the reader scrolled; after Continue the question points to Next stop; closed, they go home', async () => {
  const page = await session.open('?lesson=three-masks&stop=4', { viewport: { width: 390, height: 844 } });
  const bar = page.locator('.controls .buttons');
  const inBar = async (name) => {
    const [b, box] = await Promise.all([bar.boundingBox(), button(page, name).boundingBox()]);
    return box !== null && box.y >= b.y && box.y + box.height <= Math.min(b.y + b.height, 844);
  };
  assert.ok(await inBar('Next stop'), 'Next stop is in the bottom bar');
  assert.ok(await inBar('Previous stop') && await inBar('Close lesson'));
  assert.equal(await button(page, 'Next stop').count(), 1, 'one Next stop, not two');
  // The stop asks a question: answer it (Show answer), Continue, and the question region
  // points to the lesson, not to Step or Play.
  await button(page, 'Show answer').click();
  await button(page, 'Continue').click();
  assert.match(await page.locator('#question-text').textContent(), /^The lesson goes on at Next stop/);
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  assert.ok(await inBar('Next stop'), 'still in reach, scrolled to the end of the page');
  await button(page, 'Next stop').click();
  assert.equal(await stopShown(page), 'Stop 5 of 5');
  assert.match(await page.locator('#lesson-end').textContent(), /the lesson is over/);
  await button(page, 'Close lesson').click();
  assert.equal(await button(page, 'Next stop').isVisible(), false, 'gone with the lesson');
  assert.equal(await page.locator('#lesson-bar .lesson-buttons').count(), 1, 'back in the lesson bar');
  assert.ok(await inBar('Step'), 'the bar drives the board again');
});
