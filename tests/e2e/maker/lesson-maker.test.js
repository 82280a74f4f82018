// End-to-end: a teacher makes a lesson (stops from what is on screen, reordered, deleted),
// downloads it, and opens it again from the file, by the picker or dropped on the page; files
// that are no lesson, or name a state the search never reaches, are refused by stop.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { usePage, button, steps } from '../../support/session.js';

const session = usePage();
const stopsListed = (page) => page.locator('#maker-stops li');
/** Waits until the message line says something matching `pattern` (a file is read
 *  asynchronously); fails with what it says otherwise. */
async function says(page, pattern) {
  try {
    await page.waitForFunction((source) => new RegExp(source).test(document.getElementById('message').textContent), pattern.source, { timeout: 5000 });
  } catch {
    assert.fail(`the message says “${await page.locator('#message').textContent()}”, not ${pattern}`);
  }
}
/** Opens Make a lesson and waits for it to be loaded (its folder is fetched on demand). */
const openMaker = async (page) => {
  await page.locator('#lesson-maker summary').click();
  await page.locator('#lesson-maker[data-loaded]:not([aria-busy])').waitFor({ state: 'attached' });
};
/** Makes a lesson of two stops in Make a lesson (opened first): this view with note `first`,
 *  then one step on with note `second`; opens it as a lesson and waits for its bar. */
const openTwoStopLesson = async (page, title, first, second) => {
  await openMaker(page);
  await page.getByLabel('Title').fill(title);
  await page.getByLabel('Note for the next stop').fill(first);
  await button(page, 'Add this view as a stop').click();
  await button(page, 'Step').click();
  await page.getByLabel('Note for the next stop').fill(second);
  await button(page, 'Add this view as a stop').click();
  await button(page, 'Open it as a lesson').click();
  const bar = page.getByRole('region', { name: title });
  await bar.waitFor();
  return bar;
};
const file = (name, text) => ({ name, mimeType: 'application/json', buffer: Buffer.from(text) });

test('stops from what is on screen, reordered and deleted, download as a lesson that opens again', async () => {
  const page = await session.open('?n=6&pos=3');
  await openMaker(page);
  await page.getByLabel('Title').fill('Six queens, my way');
  await page.getByLabel('Note for the next stop').fill('The first queen.');
  await button(page, 'Add this view as a stop').click();
  await button(page, 'Step').click();
  await button(page, 'Predict').click();
  await button(page, 'Step').click(); // asks before the next step (a Try): the stop keeps that question
  const asked = await page.locator('#question-text').textContent();
  await page.getByLabel('Note for the next stop').fill('Row 2 is found free.');
  await button(page, 'Add this view as a stop').click();
  await button(page, 'Predict').click();
  await button(page, 'Reset').click();
  await page.getByLabel('Note for the next stop').fill('From the start.');
  await button(page, 'Add this view as a stop').click();
  const listed = await stopsListed(page).locator('.maker-stop').allTextContents();
  assert.equal(listed[0], '6×6, step 3 — The first queen.');
  // The topic of the question open on screen, one of those asked before a Try.
  const topic = /poss & -poss/.test(asked) ? 'lowest-bit' : /What is [-~]poss/.test(asked) ? 'twos-complement' : 'what-happens';
  assert.equal(listed[1], `6×6, step 4 · asks: ${topic} — Row 2 is found free.`, asked);
  assert.equal(listed[2], '6×6, step 0 — From the start.');
  await button(page, 'Move up: stop 3').click();
  await button(page, 'Delete stop 3').click(); // the second stop, now third
  assert.deepEqual(await stopsListed(page).locator('.maker-stop').allTextContents(), [
    '6×6, step 3 — The first queen.',
    '6×6, step 0 — From the start.',
  ]);
  const [download] = await Promise.all([page.waitForEvent('download'), button(page, 'Download lesson').click()]);
  assert.equal(download.suggestedFilename(), 'six-queens-my-way.json');
  const text = readFileSync(await download.path(), 'utf8');
  const saved = JSON.parse(text);
  assert.equal(saved.title, 'Six queens, my way');
  assert.deepEqual(saved.stops.map((s) => s.state), ['n=6&pos=3&speed=10', 'n=6&pos=0&speed=10']);

  // In class, another browser: the file opens at its first stop and stays in the menu.
  const classroom = await session.open('?n=8');
  await openMaker(classroom);
  await classroom.getByLabel('Open lesson file').setInputFiles(file('six.json', text));
  await classroom.getByRole('region', { name: 'Six queens, my way' }).waitFor();
  assert.equal(await classroom.locator('#lesson-stop').textContent(), 'Stop 1 of 2');
  assert.equal(await steps(classroom), 3);
  await button(classroom, 'Next stop').click();
  assert.equal(await steps(classroom), 0);
  await classroom.reload();
  await classroom.locator('#board [role="gridcell"]').first().waitFor();
  assert.ok((await classroom.getByLabel('Lessons').locator('optgroup[label="Your lessons"] option').allTextContents()).includes('Six queens, my way'));
  await page.close();
});

test('a file that is no lesson, or names a step the search never reaches, is refused by stop; the page works on', async () => {
  const page = await session.open('?n=6');
  await openMaker(page);
  const picker = page.getByLabel('Open lesson file');
  await picker.setInputFiles(file('junk.json', 'this is not json'));
  await says(page, /^“junk\.json” is not a lesson: it is not JSON/);
  await picker.setInputFiles(file('list.json', '[1, 2, 3]'));
  await says(page, /^“list\.json” cannot be opened\. This is not a lesson/);
  const impossible = JSON.stringify({ title: 'Too far', stops: [{ state: 'n=4&pos=2', note: 'fine' }, { state: 'n=4&pos=999', note: 'past the end' }, { state: 'n=4&lesson=x', note: '?' }] });
  await picker.setInputFiles(file('far.json', impossible));
  await says(page, /Stop 3: the state names “lesson”/);
  const onlyFar = JSON.stringify({ title: 'Too far', stops: [{ state: 'n=4&pos=2', note: 'fine' }, { state: 'n=4&pos=999', note: 'past the end' }] });
  await picker.setInputFiles(file('far2.json', onlyFar));
  await says(page, /^“far2\.json” cannot be opened\. Stop 2: the 4×4 search ends at step \d+; there is no step 999\./);
  assert.equal(await page.locator('#lesson-bar').isVisible(), false);
  await button(page, 'Step').click();
  assert.equal(await steps(page), 1, 'the page works on');
});

test('a lesson file dropped on the page opens', async () => {
  const page = await session.open('?n=8');
  const text = JSON.stringify({ title: 'Dropped', stops: [{ state: 'n=5&pos=7', note: 'Seven steps into 5×5.' }] });
  await page.evaluate((content) => {
    const transfer = new DataTransfer();
    transfer.items.add(new File([content], 'dropped.json', { type: 'application/json' }));
    document.body.dispatchEvent(new DragEvent('drop', { dataTransfer: transfer, bubbles: true, cancelable: true }));
  }, text);
  await page.getByRole('region', { name: 'Dropped' }).waitFor();
  assert.equal(await steps(page), 7);
  assert.match(await page.locator('#lesson-note').textContent(), /Seven steps into 5×5/);
});

test('a far stop with a question asks it once the search has arrived there', async () => {
  // 300,000 steps: farther than the page seeks at once, so it seeks over several frames.
  const page = await session.open('?n=12&pos=300000');
  await page.waitForFunction(() => document.getElementById('steps').textContent === '300,000', null, { timeout: 20000 });
  await openMaker(page);
  await page.getByLabel('Title').fill('Far');
  await button(page, 'Predict').click();
  await button(page, 'Step').click(); // a question before step 300,001 (or the one after, if none)
  const at = await steps(page);
  const asked = (await page.locator('#question-text').textContent()).trim();
  assert.ok(asked.length > 0, 'a question is open');
  await button(page, 'Add this view as a stop').click();
  await button(page, 'Show answer').click();
  await button(page, 'Reset').click();
  assert.equal(await steps(page), 0);
  await button(page, 'Open it as a lesson').click();
  await page.waitForFunction((target) => Number(document.getElementById('steps').textContent.replace(/,/g, '')) === target
    && !document.getElementById('question-check').hidden, at, { timeout: 20000 });
  assert.equal(await button(page, 'Predict').getAttribute('aria-pressed'), 'true');
  assert.equal((await page.locator('#question-text').textContent()).trim(), asked, 'the same question, at the stop');
});

test('a lesson opened from Make a lesson brings the lesson bar into view with the focus, and is still there after a reload', async () => {
  const page = await session.open('?n=6&pos=3', { viewport: { width: 390, height: 844 } });
  const bar = await openTwoStopLesson(page, 'Kept here', 'First.', 'Second.');
  assert.equal(await page.evaluate(() => document.activeElement.id), 'lesson-title', 'the focus is on the lesson');
  const box = await bar.boundingBox();
  // Within a pixel of the top: the phone's layout for a lesson (fewer fields) settles after the
  // scroll, and its fractional heights may leave the bar a fraction of a pixel above it.
  assert.ok(box.y > -1 && box.y < 844, `the lesson bar is on screen (top at ${box.y})`);
  await button(page, 'Next stop').click();
  assert.match(page.url(), /lesson=kept-here&stop=2/);

  await page.reload();
  await page.waitForFunction(() => document.getElementById('lesson-stop').textContent === 'Stop 2 of 2');
  assert.equal(await page.locator('#lesson-note').textContent(), 'Second.');
  assert.equal(await page.locator('#message').textContent(), '', 'no message: the lesson is known');
  const yours = await page.locator('#lesson-menu optgroup[label="Your lessons"] option').allTextContents();
  assert.deepEqual(yours, ['Kept here']);
});

test('a made lesson’s link travels: opened in another browser, it opens the lesson at its stop; a damaged one says so', async () => {
  const page = await session.open('?n=5&pos=4');
  await openTwoStopLesson(page, 'Five queens, by link', 'Four steps in.', 'One more step: «ünïcode» ♛.');
  await button(page, 'Next stop').click();
  await page.waitForFunction(() => new URL(location.href).searchParams.get('stop') === '2' && location.hash.startsWith('#lesson='));
  const link = page.url();

  // Another browser (a new context: nothing kept): the link alone opens the lesson at stop 2.
  const elsewhere = await session.openAnother(link);
  await elsewhere.getByRole('region', { name: 'Five queens, by link' }).waitFor();
  assert.equal(await elsewhere.locator('#lesson-stop').textContent(), 'Stop 2 of 2');
  assert.equal(await elsewhere.locator('#lesson-note').textContent(), 'One more step: «ünïcode» ♛.');
  assert.equal(await steps(elsewhere), 5);
  assert.equal(await elsewhere.locator('#message').isVisible(), false, 'no message: the lesson is known');
  // A link to the step alone (Copy link without the lesson: the embed, History) carries no lesson.
  await button(elsewhere, 'Close lesson').click();
  await elsewhere.waitForFunction(() => location.hash === '' && !new URL(location.href).searchParams.has('lesson'));

  // Damaged on the way (cut short): a sentence, and the page as the link's query has it.
  const cut = link.slice(0, link.length - 7);
  const damaged = await session.openAnother(cut);
  await damaged.locator('#message').filter({ hasText: /The lesson in the link is damaged \(.+\): ask for the link again, or for the lesson file\./ }).waitFor();
  assert.equal(await damaged.locator('#lesson-bar').isHidden(), true);
});

test('a lesson link’s fragment typed into the address bar of an open page opens the lesson, as a fresh load would; junk gets the message', async () => {
  const page = await session.open('?n=5&pos=4');
  const lesson = await openTwoStopLesson(page, 'Typed in the address bar', 'First.', 'Second.');
  await page.waitForFunction(() => location.hash.startsWith('#lesson='));
  const fragment = new URL(page.url()).hash;
  await button(page, 'Close lesson').click();
  await page.waitForFunction(() => location.hash === '');
  await button(page, 'Step').click();

  // Only the fragment changes (no load): a hashchange, as when it is typed.
  await page.evaluate((hash) => { location.hash = hash; }, fragment);
  await lesson.waitFor();
  assert.equal(await page.locator('#lesson-stop').textContent(), 'Stop 1 of 2');
  assert.equal(await page.locator('#lesson-note').textContent(), 'First.');
  assert.equal(await steps(page), 4, 'at the stop, as a fresh load');
  await button(page, 'Close lesson').click();
  await lesson.waitFor({ state: 'hidden' });

  await page.evaluate(() => { location.hash = '#lesson=not*a*lesson'; });
  await page.locator('#message').filter({ hasText: /The lesson in the link is damaged \(.+\): ask for the link again, or for the lesson file\./ }).waitFor();
  assert.equal(await page.locator('#lesson-bar').isHidden(), true);
  // Another fragment (a heading's anchor, say) is not a lesson's: nothing happens.
  await page.evaluate(() => { location.hash = '#legend'; });
  assert.equal(await page.locator('#lesson-bar').isHidden(), true);
});

test('Open it as a lesson with no title: the page says so beside the button, in its own words, and the focus goes to Title', async () => {
  const page = await session.open('?n=6&pos=2');
  await openMaker(page);
  await button(page, 'Add this view as a stop').click();
  await button(page, 'Open it as a lesson').click();
  const said = page.locator('#maker-message');
  await said.waitFor();
  assert.match(await said.textContent(), /^Give the lesson a title first/);
  assert.doesNotMatch(await said.textContent(), /"title"/);
  assert.equal(await page.evaluate(() => document.activeElement?.id), 'maker-title');
  // Beside the button: on screen together with it.
  const [message, buttonBox] = [await said.boundingBox(), await button(page, 'Open it as a lesson').boundingBox()];
  assert.ok(Math.abs(message.y - buttonBox.y) < 200, `the message is ${Math.round(message.y - buttonBox.y)} px from the button`);
  await page.getByLabel('Title').fill('Now with a title');
  assert.equal(await said.isHidden(), true, 'typing a title takes the message away');
});
