// End-to-end: a live class's layout, by geometry (getBoundingClientRect), never by pixels. The
// teacher at 1366×768 and 1920×1080, plain, with Projector and with Presenter: the whole board
// and the class's controls (the join code, the count, Topic and Ask the class; with a question
// open, its tally and Show answers) on the first screen together, and no student's name on
// the projected screen unless the teacher opens Who joined while projecting. A student's phone
// (390×844, 375×667, 320×640) while following: the board on the first screen right under a
// compact class status that says the controls are locked, the locked controls (the fields and
// the bottom bar) out of the way; they come back when the teacher lets the room explore. No
// horizontal scroll anywhere. A real `bitqueens serve` on loopback; every wait is for a state.
// CLASS_LAYOUT_SCREENSHOTS=folder photographs each case there.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { usePage, button } from '../../support/session.js';
import { startClass, section, atStep } from '../../support/class-page.js';
import { startClassServer } from '../../support/class-server.js';
import { patience } from '../../support/patience.js';

const session = usePage();
const shots = process.env.CLASS_LAYOUT_SCREENSHOTS;
const photograph = (page, name) => (shots ? page.screenshot({ path: path.join(shots, `${name}.png`) }) : null);

/** Each of `selectors` on `page` (scrolled to the top) that is not shown whole on the first
 *  screen, with its box; and the page's width beyond the window's, if any: once the layout
 *  has settled (the board is sized in a frame after a look changes), or as it stands when the
 *  patience runs out. */
async function offScreen(page, selectors) {
  await installCheck(page); // again each time: a page that reloaded has lost it
  const settled = await page.waitForFunction((wanted) => problems(wanted).length === 0, selectors, { timeout: patience(5_000) })
    .then(() => true, () => false);
  return settled ? [] : problemsNow(page, selectors);
}

/** The page's own copy of the check (waitForFunction runs it in the page, each frame). */
const problemsNow = (page, selectors) => page.evaluate((wanted) => problems(wanted), selectors);

/** Puts `problems(selectors)` in the page: what offScreen checks. */
const installCheck = (page) => page.evaluate(() => {
  window.problems = (wanted) => {
    window.scrollTo(0, 0);
    const out = [];
    for (const selector of wanted) {
      const element = document.querySelector(selector);
      const box = element?.getBoundingClientRect();
      const shown = element?.checkVisibility() && box.width > 1 && box.height > 1;
      if (!shown) out.push(`${selector} is not shown`);
      else if (box.top < 0 || box.left < 0 || box.bottom > innerHeight + 0.5 || box.right > innerWidth + 0.5) {
        out.push(`${selector} at ${Math.round(box.left)},${Math.round(box.top)} to ${Math.round(box.right)},${Math.round(box.bottom)} in ${innerWidth}×${innerHeight}`);
      }
    }
    const board = document.getElementById('board').getBoundingClientRect();
    if (board.width < 180) out.push(`the board is ${Math.round(board.width)} px wide`); // 8 squares of 22 px at least
    const wide = document.documentElement.scrollWidth;
    if (wide > innerWidth) out.push(`the page is ${wide} px wide in ${innerWidth}`);
    return out;
  };
});

/** True when the text `name` is seen anywhere on the first screen of `page`. */
const nameOnScreen = (page, name) => page.evaluate((wanted) => {
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (!node.data.includes(wanted) || !node.parentElement.checkVisibility()) continue;
    const range = document.createRange();
    range.selectNodeContents(node);
    const box = range.getBoundingClientRect();
    if (box.width > 1 && box.height > 1 && box.bottom > 0 && box.top < innerHeight && box.right > 0 && box.left < innerWidth) return true;
  }
  return false;
}, name);

const TEACHER_SEES = ['#board', '.join-code', '.class-joined', '.class-topic select', '.class-ask .primary'];

test('the teacher at 1366×768 and 1920×1080, plain, Projector, Presenter: the board and the class’s controls on one screen, no name projected unless asked', async () => {
  const server = await startClassServer();
  try {
    const teacher = await session.openAnother(server.teacherLink, { viewport: { width: 1366, height: 768 } });
    const code = await startClass(teacher);
    const student = await session.openAnother(`${server.origin}/c/${code}`, { viewport: { width: 390, height: 844 }, touch: true });
    await teacher.getByText('1 student joined').waitFor();
    const name = await student.getByLabel('Your name (only the teacher sees it)').inputValue();
    for (let i = 0; i < 12; i++) await button(teacher, 'Step').click();
    await atStep(student, 12);
    // Who joined open on the laptop: the names are the teacher's to read.
    await section(teacher).getByText('Who joined').click();
    await section(teacher).locator('.class-roster li').getByText(name).waitFor();

    const sizes = [{ width: 1366, height: 768 }, { width: 1920, height: 1080 }];
    for (const size of sizes) {
      await teacher.setViewportSize(size);
      const where = `${size.width}×${size.height}`;
      assert.deepEqual(await offScreen(teacher, TEACHER_SEES), [], `${where}, plain`);
      await photograph(teacher, `teacher-${where}`);
      await button(teacher, 'Projector').click();
      await teacher.waitForFunction(() => document.documentElement.hasAttribute('data-projector'));
      assert.deepEqual(await offScreen(teacher, TEACHER_SEES), [], `${where}, Projector`);
      assert.equal(await nameOnScreen(teacher, name), false, `${where}, Projector: ${name} is not projected`);
      await photograph(teacher, `teacher-${where}-projector`);
      await button(teacher, 'Presenter').click();
      await teacher.waitForFunction(() => document.documentElement.hasAttribute('data-presenter'));
      assert.deepEqual(await offScreen(teacher, TEACHER_SEES), [], `${where}, Presenter`);
      assert.equal(await nameOnScreen(teacher, name), false, `${where}, Presenter: ${name} is not projected`);
      await photograph(teacher, `teacher-${where}-presenter`);
      await button(teacher, 'Exit presenter (Esc)').click();
      await teacher.waitForFunction(() => !document.documentElement.hasAttribute('data-presenter'));
      // Asked for while projecting: Who joined opened shows the names.
      await section(teacher).getByText('Who joined').click();
      await section(teacher).locator('.class-roster li').getByText(name).waitFor();
      await button(teacher, 'Projector').click();
      await teacher.waitForFunction(() => !document.documentElement.hasAttribute('data-projector'));
    }

    // A question open: its tally and Show answers join the first screen, in each look.
    await teacher.getByRole('combobox', { name: 'Topic' }).selectOption('free-squares');
    await button(teacher, 'Ask the class').click();
    await teacher.getByText('0 of 1 answered').waitFor();
    const asking = ['#board', '.join-code', '.class-tally', '.class-question .primary'];
    for (const size of sizes) {
      await teacher.setViewportSize(size);
      const where = `${size.width}×${size.height}`;
      assert.deepEqual(await offScreen(teacher, asking), [], `${where}, a question open`);
      await button(teacher, 'Projector').click();
      await teacher.waitForFunction(() => document.documentElement.hasAttribute('data-projector'));
      assert.deepEqual(await offScreen(teacher, asking), [], `${where}, Projector, a question open`);
      await photograph(teacher, `teacher-${where}-projector-question`);
      await button(teacher, 'Presenter').click();
      await teacher.waitForFunction(() => document.documentElement.hasAttribute('data-presenter'));
      assert.deepEqual(await offScreen(teacher, asking), [], `${where}, Presenter, a question open`);
      await button(teacher, 'Exit presenter (Esc)').click();
      await teacher.waitForFunction(() => !document.documentElement.hasAttribute('data-presenter'));
      await button(teacher, 'Projector').click();
      await teacher.waitForFunction(() => !document.documentElement.hasAttribute('data-projector'));
    }

    // The answers shown, two rounds side by side: the histograms scroll in their own box
    // rather than push the board off the screen.
    await button(student, 'column 1').click();
    await button(student, 'Submit').click();
    await teacher.getByText('1 of 1 answered').waitFor();
    await button(teacher, 'Show answers').click();
    await button(teacher, 'Vote again').click();
    await student.getByText(/^Round 2: /).waitFor();
    await button(student, 'column 2').click();
    await button(student, 'Submit').click();
    await teacher.getByText('1 of 1 answered').waitFor();
    await button(teacher, 'Show answers').click();
    await teacher.getByRole('table', { name: /^Round 2: / }).waitFor();
    const shown = ['#board', '.join-code', '.class-histograms'];
    for (const size of sizes) {
      await teacher.setViewportSize(size);
      const where = `${size.width}×${size.height}`;
      assert.deepEqual(await offScreen(teacher, shown), [], `${where}, two rounds shown`);
      await button(teacher, 'Projector').click();
      await teacher.waitForFunction(() => document.documentElement.hasAttribute('data-projector'));
      assert.deepEqual(await offScreen(teacher, shown), [], `${where}, Projector, two rounds shown`);
      await photograph(teacher, `teacher-${where}-projector-histograms`);
      await button(teacher, 'Projector').click();
      await teacher.waitForFunction(() => !document.documentElement.hasAttribute('data-projector'));
    }
  } finally {
    await server.stop();
  }
});

const PHONES = [{ width: 390, height: 844 }, { width: 375, height: 667 }, { width: 320, height: 640 }];

test('a student’s phone while following (390×844, 375×667, 320×640): the board on the first screen under a compact status that says the controls are locked, which are out of the way until the room explores', async () => {
  const server = await startClassServer();
  try {
    const teacher = await session.openAnother(server.teacherLink, { viewport: { width: 1366, height: 768 } });
    const code = await startClass(teacher);
    const student = await session.openAnother(`${server.origin}/?class=${code}`, { viewport: PHONES[0], touch: true });
    await teacher.getByText('1 student joined').waitFor();
    for (let i = 0; i < 12; i++) await button(teacher, 'Step').click();
    await atStep(student, 12);
    const locked = section(student).getByText('Your board follows the teacher’s: its controls are locked.');
    await locked.waitFor();
    for (const size of PHONES) {
      await student.setViewportSize(size);
      const where = `${size.width}×${size.height}`;
      assert.deepEqual(await offScreen(student, ['#board', '.class-follow']), [], `${where}: the board and the line that says it follows`);
      const placed = await student.evaluate(() => {
        const board = document.getElementById('board').getBoundingClientRect();
        const status = document.querySelector('#live-class .class-status').getBoundingClientRect();
        const shown = (element) => element.checkVisibility() && element.getBoundingClientRect().height > 0;
        return {
          statusAboveBoard: status.bottom <= board.top,
          // The locked controls take no room: neither the fields nor the bottom bar's buttons.
          lockedShown: [...document.querySelectorAll('.controls label, .controls button')].filter(shown).map((e) => e.id || e.textContent.trim()),
          boardTop: board.top,
        };
      });
      assert.equal(placed.statusAboveBoard, true, `${where}: the class's status above the board`);
      assert.deepEqual(placed.lockedShown, [], `${where}: the locked controls are out of the way`);
      await photograph(student, `student-${where}-following`);
    }
    // A screen reader learns they are locked: the line is in the class's section, a live region.
    assert.equal(await locked.evaluate((line) => line.closest('[aria-live]') !== null), true);
    // Let them explore: the controls are the student's again, and shown.
    await button(teacher, 'Let them explore').click();
    await section(student).getByText('Explore on your own: the teacher unlocked your controls.').waitFor();
    for (const name of ['Step', 'Play']) assert.equal(await button(student, name).isVisible(), true, `${name} is back`);
    assert.equal(await student.locator('#size').isVisible(), true, 'Board size is back');
    // A question asked while the room explores: the fields stand before it on the screen, as
    // in the focus order (Tab reaches them first), the question right under them.
    await teacher.getByRole('combobox', { name: 'Topic' }).selectOption('free-squares');
    await button(teacher, 'Ask the class').click();
    await student.getByRole('group', { name: 'Your answer' }).waitFor();
    const order = await student.evaluate(() => ({
      fields: document.querySelector('.controls').getBoundingClientRect().bottom, // the bar is fixed: not in its box
      question: document.querySelector('#board ~ .class-docked').getBoundingClientRect().top,
    }));
    assert.ok(order.fields <= order.question, `the fields (to ${order.fields}) before the question (from ${order.question}), as Tab goes`);
    await button(teacher, 'Bring everyone back').click();
    await locked.waitFor();
    await button(student, 'Step').waitFor({ state: 'hidden' });
  } finally {
    await server.stop();
  }
});
