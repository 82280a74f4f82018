// End-to-end: a student's phone that loses its connection, on a real `bitqueens serve`. The
// phone's network cut (Playwright's setOffline: the browser's `offline` event, as a phone off
// the wifi gets it) is said within a few seconds, not after the 40 s of silence a dead socket
// takes, in words about the phone's connection, on the line right under the board (where the
// student looks: the class box is far below on a phone) and in the class's status. Back on the
// network the page is in the class at once, and a question's result ("Right!") that the class
// has moved on from is gone; on the class's own pace, a result stays on the step that closed
// its question and goes at the next. Every wait is for a state, never for a time.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { usePage, button } from '../../support/session.js';
import { PHONE, status, atStep, teacherAndStudent } from '../../support/class-page.js';
import { startClassServer } from '../../support/class-server.js';
import { patience } from '../../support/patience.js';

const session = usePage();

const LOST = 'Your phone lost the class’s connection: reconnecting… (your board stays as it is)';
/** The student's question block with a result shown (data-verdict), visible. */
const verdict = (page) => page.locator('.class-question[data-verdict]:not([hidden])');

/** The teacher asks (free squares), the student answers and the teacher shows the answers:
 *  the student's result is on screen. */
async function askAndShow(teacher, student) {
  await button(teacher, 'Ask the class').click();
  await student.getByText(/^Which squares of row \d+ are free\?/).waitFor();
  await button(student, 'column 1').click();
  await button(student, 'Submit').click();
  await teacher.getByText('1 of 1 answered').waitFor();
  await button(teacher, 'Show answers').click();
  await verdict(student).waitFor();
}

test('a phone off the network says so within seconds, under the board; back, it is in the class and a result the class moved on from is gone', async () => {
  const server = await startClassServer();
  try {
    const { teacher, student } = await teacherAndStudent(session, server);
    await askAndShow(teacher, student);

    // The phone loses the network: said within a few seconds (the silence alone takes 40 s),
    // right under the board, in the phone's view, and in the status.
    await student.context().setOffline(true);
    const alert = student.locator('#board + .class-alert');
    await alert.getByText(LOST, { exact: true }).waitFor({ timeout: patience(10_000) });
    const box = await alert.boundingBox();
    assert.ok(box && box.y >= 0 && box.y + box.height <= PHONE.viewport.height, `the line is on the phone's screen: ${JSON.stringify(box)}`);
    await status(student).getByText(LOST, { exact: true }).waitFor();
    assert.equal(await alert.getAttribute('role'), null, 'not a second live region: the status says it');

    // Meanwhile the class moves on: the teacher steps twice (the first closes the question).
    await button(teacher, 'Step').click();
    await button(teacher, 'Step').click();
    const step = Number((await teacher.locator('#steps').textContent()).replace(/,/g, ''));

    // Back on the network: in the class at once (no backoff to wait out), the line gone, the
    // board on the teacher's step and the old result gone with the question it answered.
    await student.context().setOffline(false);
    await status(student).getByText('In the class.', { exact: true }).waitFor({ timeout: patience(10_000) });
    await atStep(student, step);
    assert.equal(await alert.isVisible(), false, 'the line went');
    assert.equal(await verdict(student).count(), 0, 'the result the class moved on from is gone');
    assert.equal(await student.getByText(/^Right!|^Not this time|^You did not answer/).count(), 0);
  } finally {
    await server.stop();
  }
});

test('a result stays on the step that closed its question, and goes at the next step or question', async () => {
  const server = await startClassServer();
  try {
    const { teacher, student } = await teacherAndStudent(session, server);

    // Another question replaces a result at once (as it did).
    await askAndShow(teacher, student);
    await button(teacher, 'Ask the class').click();
    await student.getByRole('heading', { name: 'Question from the teacher' }).waitFor();
    assert.equal(await verdict(student).count(), 0);

    // The step that closes the question (it shows what happens, its answers shown first): the
    // result comes, and stays on that step.
    await button(teacher, 'Step').click();
    await student.getByRole('heading', { name: 'The last question' }).waitFor();
    const closedAt = Number((await teacher.locator('#steps').textContent()).replace(/,/g, ''));
    await atStep(student, closedAt);
    assert.equal(await verdict(student).count(), 1, 'the result stays on the step that closed its question');
    assert.match(await student.locator('.class-sent').textContent(), /^You did not answer\./);
    // The next step: the class moved on, the result goes.
    await button(teacher, 'Step').click();
    await atStep(student, closedAt + 1);
    await verdict(student).waitFor({ state: 'hidden' });
    assert.equal(await student.locator('.class-question').isVisible(), false);
  } finally {
    await server.stop();
  }
});
