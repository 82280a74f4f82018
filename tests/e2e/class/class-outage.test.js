// End-to-end: a student's answer when the connection to the class server fails, on a real
// `bitqueens serve` (tests/support/class-server.js). No answer is lost without a word: the
// student is told it was not sent, and after the page is back in the class, either that it
// arrived or that it did not (Submit again, the answer still set; or its question gone).
//   - The server killed while a question is open: Submit says the answer was not sent; the
//     server started again on the same port (the class reopened by the teacher's page, the
//     question gone with the old server) tells the student the answer was not sent and its
//     question closed; the next question is answered as usual.
//   - The connection lost around Submit, the server up (the student's socket routed through
//     the test, which cuts it): the answer dropped before the server took it is said lost,
//     then, back in the class, not arrived (Submit again sends it); the answer taken but its
//     receipt lost is said lost, then, back in the class, sent.
//   - The answer taken, its receipt lost, and the page kept out (its next socket held by the
//     test) while the teacher shows the answers and moves on: back in the class, with no
//     question open, the page says it cannot tell whether the answer arrived (it went out),
//     never that it was not sent; the teacher's results have it.
// Every wait is for a state, never for a time.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { usePage, button } from '../../support/session.js';
import { startClass, PHONE, LAPTOP, section, status } from '../../support/class-page.js';
import { startClassServer } from '../../support/class-server.js';
import { expectOutage } from '../../support/class-outage.js';

const session = usePage();

/** The line under the student's Submit: what became of the answer. */
const sentLine = (page) => page.locator('.class-sent');
/** The student's answer digits as 0/1 text. */
const digitsOf = (page) => page.getByRole('group', { name: 'Your answer' }).getByRole('button')
  .evaluateAll((buttons) => buttons.map((b) => (b.getAttribute('aria-pressed') === 'true' ? '1' : '0')).join(''));

/** The sentences the student reads (www/class/class-student.js). */
const NOT_CONNECTED = 'Not connected right now: your answer was not sent. Press Submit again once the page is back in the class.';
const LOST = 'The connection was lost before the class server took your answer: when the page is back in the class, it says whether the answer arrived.';
const NOT_ARRIVED = 'Your answer did not reach the class server: press Submit to send it again.';
const QUESTION_GONE = 'In the class. Your last answer did not reach the class server, and its question has closed since: it was not sent.';
const CANNOT_TELL = 'In the class. Your last answer was sent as the connection went, and its question has closed since: this page cannot tell whether it arrived (the teacher’s results show it).';
const SENT = /^Answer sent\./;

/** A teacher's page that started a class on `server`, and its join code. */
async function teacherOf(server) {
  const teacher = await session.openAnother(server.teacherLink, LAPTOP);
  return { teacher, code: await startClass(teacher) };
}

/** Records, in the page, every text the line under Submit takes from now on (read with
 *  sentLines): a sentence replaced at once is still seen. */
const recordSentLines = (page) => page.evaluate(() => {
  const line = document.querySelector('.class-sent');
  globalThis.sentLines = [line.textContent];
  new MutationObserver(() => {
    if (globalThis.sentLines.at(-1) !== line.textContent) globalThis.sentLines.push(line.textContent);
  }).observe(line, { childList: true, characterData: true, subtree: true });
});
const sentLines = (page) => page.evaluate(() => globalThis.sentLines);

test('the server killed: Submit says the answer was not sent; back on the same port, the student is told it never arrived and its question is gone; the next question is answered', async () => {
  // The pages log their probes' failures (and a socket's) while the server is away.
  expectOutage(session);
  let server = await startClassServer();
  try {
    const { teacher, code } = await teacherOf(server);
    const student = await session.openAnother(`${server.origin}/?class=${code}`, PHONE);
    await status(student).getByText('In the class.', { exact: true }).waitFor();
    await teacher.getByText('1 student joined').waitFor();
    await button(teacher, 'Ask the class').click();
    await student.getByText(/^Which squares of row 1 are free\?/).waitFor();
    await teacher.getByText('0 of 1 answered').waitFor();
    await button(student, 'column 1').click();

    await server.stop();
    await status(student).getByText(/^Your phone lost the class’s connection: reconnecting…/).waitFor();
    await button(student, 'Submit').click();
    assert.equal(await sentLine(student).textContent(), NOT_CONNECTED);
    assert.equal(await digitsOf(student), '10000000', 'the answer is still set');

    // Back with the same teacher key and no room: the teacher's page reopens the class, the
    // student's rejoins it, and is told the answer never arrived: its question went with the
    // old server (the teacher is told "Any question that was open is gone").
    server = await startClassServer({ port: server.port, state: server.state });
    await section(teacher).getByText(/^The class server restarted: your class is open again under the same code.*Any question that was open is gone/).waitFor();
    await status(student).getByText(QUESTION_GONE, { exact: true }).waitFor();
    assert.equal(await button(student, 'Submit').isVisible(), false, 'no question is open');
    await teacher.getByText('1 student joined').waitFor();

    // The class goes on: the next question is asked and answered.
    await button(teacher, 'Ask the class').click();
    await student.getByText(/^Which squares of row 1 are free\?/).waitFor();
    await button(student, 'column 2').click();
    await button(student, 'Submit').click();
    await sentLine(student).getByText(SENT).waitFor();
    await teacher.getByText('1 of 1 answered').waitFor();
  } finally {
    await server.stop();
  }
});

/**
 * Routes the class socket of the page that `init` is given to through the test, to the real
 * server. `plan.next` says how the next answer the page sends is lost: 'unsent' (the answer
 * never reaches the server; the connection is cut) or 'untold' (the server takes it; the
 * connection is cut before its `received` reaches the page). null: nothing is lost.
 * `plan.held`, while a promise, holds each new socket: it neither opens nor reaches the
 * server until the promise settles (the page kept out of the class; `plan.holding` counts them).
 */
function lossyClassSocket() {
  const plan = { next: null, cuts: 0, held: null, holding: 0 };
  const init = (page) => page.routeWebSocket(/\/class\/ws$/, async (ws) => {
    if (plan.held) {
      plan.holding += 1;
      await plan.held;
    }
    const server = ws.connectToServer();
    let receiptLost = false;
    const cut = () => {
      plan.cuts += 1;
      ws.close({ code: 4001, reason: 'The test cut the connection.' });
      server.close();
    };
    const type = (message) => {
      try {
        return JSON.parse(String(message)).type;
      } catch {
        return null;
      }
    };
    ws.onMessage((message) => {
      if (type(message) === 'answer' && plan.next) {
        const how = plan.next;
        plan.next = null;
        if (how === 'unsent') {
          cut();
          return;
        }
        receiptLost = true;
      }
      server.send(message);
    });
    server.onMessage((message) => {
      if (receiptLost && type(message) === 'received') {
        receiptLost = false;
        cut();
        return;
      }
      ws.send(message);
    });
  });
  return { plan, init };
}

/** A teacher and a student whose socket goes through lossyClassSocket(), in the class, the
 *  teacher's free-squares question on the student's screen. */
async function lossyStudentAsked(server) {
  const { teacher, code } = await teacherOf(server);
  const lossy = lossyClassSocket();
  const student = await session.openAnother(`${server.origin}/?class=${code}`, { ...PHONE, init: lossy.init });
  await status(student).getByText('In the class.', { exact: true }).waitFor();
  await teacher.getByText('1 student joined').waitFor();
  await button(teacher, 'Ask the class').click();
  await student.getByText(/^Which squares of row 1 are free\?/).waitFor();
  return { teacher, student, lossy };
}

test('the connection lost around Submit, the server up: an answer that never arrived is said so once back (Submit again sends it); one that arrived, its receipt lost, is said sent', async () => {
  const server = await startClassServer();
  try {
    const { teacher, student, lossy } = await lossyStudentAsked(server);

    // Lost before the server took it.
    await button(student, 'column 1').click();
    await button(student, 'column 2').click();
    await recordSentLines(student);
    lossy.plan.next = 'unsent';
    await button(student, 'Submit').click();
    await sentLine(student).getByText(NOT_ARRIVED, { exact: true }).waitFor();
    assert.equal(lossy.plan.cuts, 1);
    assert.deepEqual((await sentLines(student)).filter(Boolean), ['Sending…', LOST, NOT_ARRIVED]);
    assert.equal(await digitsOf(student), '11000000', 'the answer is still set');
    await status(student).getByText('In the class.', { exact: true }).waitFor();
    await teacher.getByText('0 of 1 answered').waitFor();
    await button(student, 'Submit').click();
    await sentLine(student).getByText(SENT).waitFor();
    await teacher.getByText('1 of 1 answered').waitFor();

    // Round 2 (the answers shown, then Vote again): taken by the server, its receipt lost
    // with the connection: back in the class, sent.
    await button(teacher, 'Show answers').click();
    await student.locator('.class-question[data-verdict]').waitFor();
    await button(teacher, 'Vote again').click();
    await student.getByText(/^Round 2: Which squares of row 1 are free\?/).waitFor();
    await teacher.getByText('0 of 1 answered').waitFor();
    await button(student, 'column 3').click();
    await recordSentLines(student);
    lossy.plan.next = 'untold';
    await button(student, 'Submit').click();
    await sentLine(student).getByText(SENT).waitFor();
    assert.equal(lossy.plan.cuts, 2);
    const lines = (await sentLines(student)).filter(Boolean);
    assert.deepEqual(lines.slice(0, 2), ['Sending…', LOST]);
    assert.equal(lines.length, 3, JSON.stringify(lines));
    assert.match(lines[2], SENT, 'back in the class: the server has it');
    assert.equal(await digitsOf(student), '11100000');
    await teacher.getByText('1 of 1 answered').waitFor();
  } finally {
    await server.stop();
  }
});

test('the answer taken, its receipt lost, and its question shown and closed before the page is back: the page cannot tell whether it arrived, never that it was not sent; the teacher has it', async () => {
  const server = await startClassServer();
  try {
    const { teacher, student, lossy } = await lossyStudentAsked(server);
    await teacher.getByText('0 of 1 answered').waitFor();
    await button(student, 'column 4').click();

    // The server takes the answer; the receipt is lost with the connection, and the page's
    // next socket is held: it stays out of the class.
    let release;
    lossy.plan.held = new Promise((resolve) => { release = resolve; });
    lossy.plan.next = 'untold';
    await button(student, 'Submit').click();
    await sentLine(student).getByText(LOST, { exact: true }).waitFor();
    assert.equal(lossy.plan.cuts, 1);
    await teacher.getByText(/^1 of [01] answered$/).waitFor(); // the student is away: of 0

    // The page tries to come back: its socket is held.
    await status(student).getByText('Connecting to the class…', { exact: true }).waitFor();
    assert.equal(lossy.plan.holding, 1);

    // Meanwhile the teacher shows the answers (the student's is in them) and moves on: the
    // question closes (Vote again offered no more).
    await button(teacher, 'Show answers').click();
    await teacher.getByRole('table', { name: /^Round 1: 1 answer$/ }).waitFor();
    await teacher.getByRole('button', { name: 'Vote again', exact: true, disabled: false }).waitFor();
    await button(teacher, 'Step').click();
    await teacher.getByRole('button', { name: 'Vote again', exact: true, disabled: true }).waitFor();

    lossy.plan.held = null;
    release();
    await status(student).getByText(CANNOT_TELL, { exact: true }).waitFor();
    assert.equal(await button(student, 'Submit').isVisible(), false, 'no question is open');
    assert.equal(lossy.plan.cuts, 1);
  } finally {
    await server.stop();
  }
});
