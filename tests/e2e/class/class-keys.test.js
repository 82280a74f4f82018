// Keys in a live class belong to the focus first, as on the page alone (tests/support/keys.js):
// on a student's page that follows the teacher (a question open: the answer digits, Submit,
// the name field, Rename, Leave) and on the teacher's (the class's controls beside the
// board's), Space and Enter on every control press, tick or open it, and never reach a page
// shortcut or the class's key guard. A real `bitqueens serve` on loopback.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { usePage, button, steps } from '../../support/session.js';
import { startClass, LAPTOP } from '../../support/class-page.js';
import { checkEveryControl } from '../../support/keys.js';
import { startClassServer } from '../../support/class-server.js';

const session = usePage();

test('Space and Enter on every control of a following student (a question open) and of the teacher: the control’s', async () => {
  const server = await startClassServer();
  try {
    const teacher = await session.openAnother(server.teacherLink, LAPTOP);
    const code = await startClass(teacher);
    const student = await session.openAnother(`${server.origin}/c/${code}`, LAPTOP);
    await teacher.getByText('1 student joined').waitFor();
    const studentName = await student.getByLabel('Your name (only the teacher sees it)').inputValue(); // before Space types in the field
    for (let i = 0; i < 6; i++) await button(teacher, 'Step').click();
    await teacher.getByRole('combobox', { name: 'Topic' }).selectOption('free-squares');
    await button(teacher, 'Ask the class').click();
    await student.getByRole('group', { name: 'Your answer' }).waitFor();

    const studentControls = await checkEveryControl(student, { atLeast: 10 });
    for (const name of ['column 1', 'Submit', 'Rename', 'Leave the class']) {
      assert.ok(studentControls.some((control) => control.what.includes(`“${name}”`)), `${name} is among the student's controls tested`);
    }
    assert.ok(studentControls.some((control) => control.what.startsWith('input[text]')), 'the name field is among them');
    const teacherControls = await checkEveryControl(teacher, { atLeast: 60 });
    for (const name of ['Show answers', 'Pause the class', 'Download results (CSV)', 'End class…', 'Take no new students', `Remove ${studentName}`]) {
      assert.ok(teacherControls.some((control) => control.what.includes(`“${name}”`)), `${name} is among the teacher's controls tested`);
    }
  } finally {
    await server.stop();
  }
});

test('a keyboard student: joined with Enter, the focus on the class’s status line; the answer one tab stop, its digits moved with the arrows and flipped with Space', async () => {
  const server = await startClassServer();
  try {
    const teacher = await session.openAnother(server.teacherLink, LAPTOP);
    await button(teacher, 'Start a live class').click();
    const code = teacher.locator('.join-code').filter({ hasText: /^[A-HJ-NP-Z2-9]{6}$/ });
    await code.waitFor();
    const student = await session.openAnother(`${server.origin}/?n=8`, LAPTOP);
    await button(student, 'Live class').focus();
    await student.keyboard.press('Enter');
    await student.getByLabel('Join a class: code').focus();
    await student.keyboard.type((await code.textContent()).trim());
    await student.keyboard.press('Enter');
    const section = student.getByRole('region', { name: 'Live class' });
    await section.getByRole('status').first().getByText('In the class.').waitFor();
    assert.deepEqual(await student.evaluate(() => {
      const focused = document.activeElement;
      if (focused === document.body || !focused) return 'the body';
      return { status: focused.matches('#live-class [role="status"]'), text: focused.textContent, tabbable: focused.tabIndex >= 0 };
    }), { status: true, text: 'In the class.', tabbable: false }, 'the focus on the status line (never a tab stop), not dropped to the body');

    // Row 4's ld, col and rd (the next step places a queen in row 3): three rows of digits.
    for (let i = 0; i < 5; i++) await button(teacher, 'Step').click();
    await teacher.getByRole('combobox', { name: 'Topic' }).selectOption('next-row');
    await button(teacher, 'Ask the class').click();
    await student.getByRole('group', { name: 'Your rd' }).waitFor();
    const answer = student.locator('.class-question');
    assert.equal(await answer.locator('.answer-digits button').count(), 24);
    assert.equal(await answer.locator('.answer-digits [tabindex="0"]').count(), 1, 'the answer is one tab stop');
    // Tab from the status line on to the answer: its first digit.
    const focused = () => student.evaluate(() => {
      const element = document.activeElement;
      return `${element.closest('[role="group"]')?.getAttribute('aria-label') ?? ''} ${element.getAttribute('aria-label') ?? element.textContent}`.trim();
    });
    for (let i = 0; i < 40 && !(await focused()).startsWith('Your '); i++) await student.keyboard.press('Tab');
    assert.equal(await focused(), 'Your ld column 1');
    const keys = async (...pressed) => {
      for (const key of pressed) await student.keyboard.press(key);
    };
    await keys('ArrowDown', 'ArrowRight', 'ArrowRight');
    assert.equal(await focused(), 'Your col column 3', '↓ to the next row, → along it');
    await keys('Space', 'ArrowDown', 'ArrowRight', 'Space', 'ArrowUp', 'ArrowUp', 'Space');
    assert.equal(await focused(), 'Your ld column 4');
    await keys('ArrowLeft', 'ArrowLeft', 'ArrowLeft', 'ArrowLeft', 'ArrowUp');
    assert.equal(await focused(), 'Your ld column 1', 'no further than the first digit and row');
    const digits = (name) => student.getByRole('group', { name, exact: true }).getByRole('button')
      .evaluateAll((buttons) => buttons.map((b) => (b.getAttribute('aria-pressed') === 'true' ? '1' : '0')).join(''));
    assert.deepEqual([await digits('Your ld'), await digits('Your col'), await digits('Your rd')], ['00010000', '00100000', '00010000']);
    assert.equal(await steps(student), 5, 'the arrows moved no board');
    await student.keyboard.press('Tab');
    assert.equal(await focused(), 'Submit', 'from the answer the next tab stop is Submit');
    await student.keyboard.press('Enter');
    await student.getByText(/^Answer sent\./).waitFor();
    // What the server took is what the keys gave.
    await teacher.getByText('1 of 1 answered').waitFor();
    await button(teacher, 'Show answers').click();
    const round = teacher.getByRole('table', { name: /^Round 1: 1 answer$/ });
    await round.waitFor();
    const taken = round.locator('tbody tr').filter({ has: teacher.locator('.class-count-number', { hasText: /^1$/ }) });
    assert.deepEqual(await taken.locator('.class-pattern').evaluateAll((lines) => lines.map((line) => line.getAttribute('aria-label'))),
      ['ld 00010000', 'col 00100000', 'rd 00010000'], 'the one answer the class gave (the right one may stand beside it)');
  } finally {
    await server.stop();
  }
});
