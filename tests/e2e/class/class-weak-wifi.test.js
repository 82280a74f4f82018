// End-to-end: a class on weak wifi. The teacher's page talks to the real `bitqueens serve`
// directly; three students' phones talk to it through the tests' own weak-wifi proxy
// (tests/support/weak-wifi.js: every chunk 150 ms late, each connection at most 1.5 Mbit/s
// each way, and, while the class runs, their WebSockets cut at random by a seeded generator,
// reset or fallen silent, six cuts at most). Browsers' throttling does not slow an open
// WebSocket; this does. The server beats every second (--ping-seconds 1), so that a silent cut
// is noticed in seconds, as the default's 15 s would be in a real class.
// Three questions are asked and answered while the cuts happen; a student whose page says the
// answer was not sent presses Submit again, as the page asks. Then:
//   - every board follows the teacher's (each student's on the teacher's step);
//   - no answer is lost: the teacher's results hold each student's answer to each question,
//     as the student gave it;
//   - every sentence is right: each line a student read (status, the line under the board,
//     the line under Submit) is one the page means to say, and each result ("Right!", "Not
//     this time…") agrees with the teacher's verdict for that student's answer.
// Every wait is for a state; the bounds (patience) only say when to give up.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { usePage, button } from '../../support/session.js';
import { startClass, PHONE, LAPTOP, section, status } from '../../support/class-page.js';
import { startClassServer } from '../../support/class-server.js';
import { expectOutage } from '../../support/class-outage.js';
import { startWeakWifi } from '../../support/weak-wifi.js';
import { patience } from '../../support/patience.js';

const session = usePage();

const sentLine = (page) => page.locator('.class-sent');
const stepsOf = async (page) => Number((await page.locator('#steps').textContent()).replace(/,/g, ''));

/** The sentences a student's page may show (www/class/class-student.js), each line whole. */
const SENTENCES = [
  /^$/,
  /^Connecting to the class…$/,
  /^In the class\.$/,
  /^Your phone lost the class’s connection: reconnecting… \(your board stays as it is\)$/,
  /^The teacher is back\.$/,
  /^Sending…$/,
  /^Answer sent\. You see whether it was right when the teacher shows the answers\.$/,
  /^Not connected right now: your answer was not sent\. Press Submit again once the page is back in the class\.$/,
  /^The connection was lost before the class server took your answer: when the page is back in the class, it says whether the answer arrived\.$/,
  /^Your answer did not reach the class server: press Submit to send it again\.$/,
  /^Right! The teacher is showing the class’s answers\.$/,
  /^Not this time: the answer was [01]+\. The teacher is showing the class’s answers\..*$/,
];
/** What a student's page says when an answer must be sent again. */
const SEND_AGAIN = /^(Not connected right now|Your answer did not reach the class server)/;
const SENT = /^Answer sent\./;

/** Records every text a student's status, connection line and answer line take (a line
 *  replaced at once is still seen), in the page, from its start. */
const recordLines = (page) => page.addInitScript(() => {
  globalThis.linesSeen = new Set();
  const look = () => {
    for (const line of document.querySelectorAll('.class-status, .class-alert, .class-sent')) globalThis.linesSeen.add(line.textContent);
  };
  new MutationObserver(look).observe(document, { childList: true, characterData: true, subtree: true });
});

/** The student answers the open question with the digits `pick(n)` gives (0/1 for each of the
 *  board's n columns) and presses Submit until the page says the answer was sent, pressing it
 *  again whenever the page says so; resolves to the digits. */
async function answer(page, pick) {
  // The new question, not the last one's block (its result shown) on a page still away.
  await page.locator('.class-question:not([data-verdict]):not([hidden])').waitFor({ timeout: patience(90_000) });
  await page.getByRole('heading', { name: 'Question from the teacher' }).waitFor();
  const group = page.getByRole('group', { name: 'Your answer' });
  const digits = pick(await group.getByRole('button').count());
  for (let column = 1; column <= digits.length; column++) {
    const digit = group.getByRole('button', { name: `column ${column}`, exact: true });
    if (((await digit.getAttribute('aria-pressed')) === 'true') !== (digits[column - 1] === '1')) await digit.click();
  }
  for (let presses = 1; ; presses++) {
    assert.ok(presses <= 20, 'sent within 20 presses of Submit');
    await button(page, 'Submit').click();
    await sentLine(page).getByText(new RegExp(`${SENT.source}|${SEND_AGAIN.source}`)).waitFor({ timeout: patience(90_000) });
    if (SENT.test(await sentLine(page).textContent())) return digits;
    await status(page).getByText('In the class.', { exact: true }).waitFor({ timeout: patience(90_000) }); // back, then again
  }
}

/** The lines of the CSV that Download results (CSV) gives on `page` now. */
async function csvLines(page) {
  const downloaded = page.waitForEvent('download');
  await button(page, 'Download results (CSV)').click();
  return (await readFile(await (await downloaded).path(), 'utf8')).trimEnd().split('\r\n');
}

test('a class on weak wifi (150 ms, 1.5 Mbit/s, random cuts): every board follows, no answer is lost, every sentence is right', async () => {
  expectOutage(session); // a probe or a socket may fail as a cut comes
  const server = await startClassServer({ args: ['--ping-seconds', '1'] });
  const wifi = await startWeakWifi({ host: '127.0.0.1', port: server.port }, {
    delayMs: 150, bitsPerSecond: 1.5e6, seed: 51, maxCuts: 6, meanCutMs: 2500, cutOnly: 'websockets', lifetimeMs: patience(600_000),
  });
  try {
    const teacher = await session.openAnother(server.teacherLink, LAPTOP);
    const code = await startClass(teacher);
    const students = [];
    for (let i = 0; i < 3; i++) {
      const page = await session.openAnother(`${wifi.origin}/?class=${code}`, { ...PHONE, init: recordLines });
      await status(page).getByText('In the class.', { exact: true }).waitFor({ timeout: patience(90_000) });
      students.push(page);
    }
    await teacher.getByText('3 students joined').waitFor();
    const names = await Promise.all(students.map((page) => page.getByLabel('Your name (only the teacher sees it)').inputValue()));

    wifi.cut(true);
    const given = []; // [question][student]: the digits each student sent
    for (let question = 0; question < 3; question++) {
      // Steps 3, 6 and 9 of the 8-queens search each have a free-squares question.
      for (let i = 0; i < 3; i++) await button(teacher, 'Step').click();
      await button(teacher, 'Ask the class').click();
      // Each student marks one column, another for each student and question.
      const pick = (i) => (n) => Array.from({ length: n }, (_, c) => (c === (question + i) % n ? '1' : '0')).join('');
      given.push(await Promise.all(students.map((page, i) => answer(page, pick(i)))));
      await teacher.getByText(/^3 of \d answered$/).waitFor({ timeout: patience(90_000) });
      await button(teacher, 'Show answers').click();
      await Promise.all(students.map((page) => page.locator('.class-question[data-verdict]').waitFor({ timeout: patience(90_000) })));
      // The result each student read agrees with the teacher's verdict (the CSV's, below).
      const verdicts = await Promise.all(students.map((page) => page.locator('.class-question').getAttribute('data-verdict')));
      given[question].verdicts = verdicts;
    }
    wifi.cut(false);
    assert.ok(wifi.stats.resets + wifi.stats.silences >= 1, `the class was cut at least once: ${JSON.stringify(wifi.stats)}`);

    // Every board follows the teacher's next step.
    await button(teacher, 'Step').click();
    const step = await stepsOf(teacher);
    await Promise.all(students.map((page) => page.waitForFunction((s) => document.querySelector('#steps')?.textContent.replace(/,/g, '') === String(s), step, { timeout: patience(90_000) })));

    // No answer lost: each student's answer to each question, as given, with the verdict the
    // student read.
    const lines = await csvLines(teacher);
    assert.equal(lines.length, 1 + 9, `three answers to each of three questions: ${lines.join(' | ')}`);
    for (let question = 0; question < 3; question++) {
      for (let i = 0; i < 3; i++) {
        const verdict = given[question].verdicts[i] === 'right' ? 'right' : 'wrong';
        const row = lines.find((line) => line.startsWith(`1,${question + 1} (`) && line.includes(`,${names[i]},${given[question][i]},`));
        assert.ok(row, `${names[i]}'s ${given[question][i]} to question ${question + 1}: ${lines.join(' | ')}`);
        assert.match(row, new RegExp(`,${given[question][i]},${verdict},[\\d.]+$`), `the verdict ${names[i]} read`);
      }
    }

    // Every sentence a student read is one the page means.
    for (const page of students) {
      const seen = await page.evaluate(() => [...globalThis.linesSeen]);
      const strange = seen.filter((line) => !SENTENCES.some((sentence) => sentence.test(line)));
      assert.deepEqual(strange, [], 'every line a student read');
    }
  } finally {
    await wifi.stop();
    await server.stop();
  }
});
