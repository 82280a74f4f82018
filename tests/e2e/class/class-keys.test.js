// Keys in a live class belong to the focus first, as on the page alone (tests/support/keys.js):
// on a student's page that follows the teacher (a question open: the answer digits, Submit,
// the name field, Rename, Leave) and on the teacher's (the class's controls beside the
// board's), Space and Enter on every control press, tick or open it, and never reach a page
// shortcut or the class's key guard. A real `bitqueens serve` on loopback.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { usePage, button } from '../../support/session.js';
import { checkEveryControl } from '../../support/keys.js';
import { startClassServer } from '../../support/class-server.js';

const session = usePage();
const LAPTOP = { viewport: { width: 1366, height: 768 } };

test('Space and Enter on every control of a following student (a question open) and of the teacher: the control’s', async () => {
  const server = await startClassServer();
  try {
    const teacher = await session.openAnother(server.teacherLink, LAPTOP);
    await button(teacher, 'Start a live class').click();
    const code = teacher.locator('.join-code').filter({ hasText: /^[A-HJ-NP-Z2-9]{6}$/ });
    await code.waitFor();
    const student = await session.openAnother(`${server.origin}/c/${(await code.textContent()).trim()}`, LAPTOP);
    await teacher.getByText('1 student joined').waitFor();
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
    for (const name of ['Show answers', 'Pause the class', 'Download results (CSV)', 'End class…']) {
      assert.ok(teacherControls.some((control) => control.what.includes(`“${name}”`)), `${name} is among the teacher's controls tested`);
    }
  } finally {
    await server.stop();
  }
});
