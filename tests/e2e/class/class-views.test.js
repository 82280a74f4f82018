// The live class's views (www/class/class-teacher.js, class-student.js, class-histogram.js)
// in Chromium with no class server: www/ served as it is, the modules imported into a blank
// page with the page's style sheet and a fake link that records what is sent. Every message
// the views get is one the real server sent: tests/fixtures/class/wire.json, a scripted class
// (a 5×5 board, a teacher, three students) that class/tests/wire.rs runs through the server's
// own code (tests/support/wire.js finds them); where a test needs a message the script does not
// produce, it derives it from one of them, changing only what the test is about, and says so.
// Every wait is for a state.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { launch, watchPage } from '../../support/browser.js';
import { serve } from '../../support/server.js';
import { readFile } from 'node:fs/promises';
import { WIRE, wireMessage, wireMessages, digits, reasonText } from '../../support/wire.js';
import { loadCore } from '../../support/core.js';

const ROOT = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const WWW = path.join(ROOT, 'www');
/** The one package the views import (qr.js), from node_modules, as webpack resolves it. */
const IMPORTS = { 'qrcode-generator': '/vendor/qrcode.mjs' };
const PHONE = { width: 390, height: 844 };
const LAPTOP = { width: 1366, height: 768 };

// The script's steps (wire.json's `after`) that the tests take messages from.
const OPENS = 'the teacher opens a class';
const ASKS = 'the teacher asks free squares';
const SHOWS_ANSWERS = 'the teacher shows the answers'; // twice: pick by the question's id
const ROUND_2 = 'the teacher opens round 2';
const STEP_4 = 'the teacher steps on to step 4';
const ASKS_OUTCOME = 'the teacher asks what happens next';
const ENDS = 'the teacher ends the class';

/** A teacher's or a student's copy of the script's first question (free squares, round 1). */
const asked = (to) => wireMessage({ after: ASKS, to, type: 'question' });
const FIRST = asked('teacher');
const SECOND = wireMessage({ after: ASKS_OUTCOME, to: 'teacher', type: 'question' });
/** What the teacher's board showed when the first question was asked (n 5, step 3). */
const AT_STEP_3 = wireMessage({ after: 'the teacher shows step 3', to: 'teacher', type: 'show' });
/** The board() a teacher's page gives for what the `show` message `show` says. */
const boardOf = ({ n, mirror, step, lesson, stop }) => ({ n, mirror, step, lesson, stop });
/** The class's join code, as the server opened it. */
const CODE = wireMessage({ after: OPENS, to: 'teacher', type: 'opened' }).code;

/** The CSV line of an answer row (`results`, `answered`) of a digits question: what the
 *  teacher's Download results gives for it (round, question (topic), step, student, the mask's
 *  digits, right or wrong, seconds). */
const csvLine = (row) => [row.round, `${row.question} (${row.topic})`, row.step, row.student, digits(row.given.mask, row.n),
  row.right ? 'right' : 'wrong', row.seconds].join(',');

let browser;
let server;
let origin; // the served www/, with no trailing slash
let topics; // the core's Predict topics, as main.js hands them to the teacher's view
before(async () => {
  topics = (await loadCore()).predictTopics();
  for (const { message } of WIRE.messages.filter(({ message }) => message.type === 'question')) {
    assert.ok(topics.some((t) => t.slug === message.question.topic), `the core has the script's topic ${message.question.topic}`);
  }
  server = await serve(WWW);
  origin = server.url.replace(/\/$/, '');
  browser = await launch();
});
after(async () => {
  await browser?.close();
  await server?.close();
});

/** A blank page on the served www/ (its origin is loopback: 127.0.0.1) with the page's style
 *  sheet and a #box to draw in; `window.views` holds the modules. */
async function blankPage(viewport = LAPTOP) {
  const page = await browser.newPage({ viewport });
  await watchPage(page);
  await page.route(`${origin}/vendor/qrcode.mjs`, async (route) => route.fulfill({
    contentType: 'text/javascript', body: await readFile(path.join(ROOT, 'node_modules/qrcode-generator/dist/qrcode.mjs'), 'utf8'),
  }));
  await page.route(`${origin}/blank.html`, (route) => route.fulfill({
    contentType: 'text/html',
    body: `<!doctype html><html lang="en"><head><meta name="viewport" content="width=device-width"><title>views</title><script type="importmap">${JSON.stringify({ imports: IMPORTS })}</script><link rel="stylesheet" href="/style.css"></head><body><section id="live-class" class="live-class" aria-label="Live class"><div id="box" class="live-class-body"></div></section><div class="stage"><section class="figure"><div id="board" class="board" style="width:360px;height:360px"></div></section></div></body></html>`,
  }));
  await page.goto(`${origin}/blank.html`);
  await page.evaluate(async () => {
    const [teacher, student, histogram, link, answer, questions] = await Promise.all([
      import('/class/class-teacher.js'), import('/class/class-student.js'), import('/class/class-histogram.js'), import('/class/class-link.js'),
      import('/teach/answer-input.js'), // the student's answer controls, as main.js hands them over
      import('/teach/questions.js'), // the questions' prompts, as main.js hands them over
    ]);
    window.views = { teacher, student, histogram, link, answer, questions };
  });
  return page;
}

/** A TeacherView on a fake open link, its board where the script's first question was asked,
 *  given what the server sends a teacher who opens a class: window.sent (messages sent),
 *  window.downloads, window.ended. */
async function teacherPage(viewport) {
  const page = await blankPage(viewport);
  await page.evaluate(({ topics, board, opening }) => {
    const { TeacherView } = window.views.teacher;
    window.sent = [];
    window.downloads = [];
    window.ended = null;
    const link = { state: 'open', send: (m) => { window.sent.push(m); return true; }, leave() {} };
    window.view = new TeacherView(document.getElementById('box'), {
      link,
      topics,
      board: () => board,
      prompt: (question) => window.views.questions.prompt(question),
      download: (filename, text) => window.downloads.push({ filename, text }),
      clock: { now: () => performance.now(), setTimeout: (f, ms) => setTimeout(f, ms), clearTimeout: (t) => clearTimeout(t) },
      ended: (text, final) => { window.ended = { text, final }; },
      asks: (slug) => window.asking?.[slug] ?? true,
    });
    window.view.state('open', {});
    for (const message of opening) window.view.message(message);
  }, { topics, board: boardOf(AT_STEP_3), opening: wireMessages({ after: OPENS, to: 'teacher' }) });
  return page;
}

const say = (page, message) => page.evaluate((m) => window.view.message(m), message);

test('End class asks first, and the results of the class that ended are kept for the lobby (not downloaded at once)', async () => {
  const page = await teacherPage();
  await say(page, FIRST);
  const end = page.getByRole('button', { name: 'End class…' });
  await end.click();
  assert.deepEqual(await page.evaluate(() => window.sent.filter((m) => m.type === 'end')), [], 'nothing sent before the teacher says yes');
  await page.getByText('End the class for everyone?').waitFor();
  await page.getByRole('button', { name: 'Keep it open' }).click();
  await page.getByText('End the class for everyone?').waitFor({ state: 'hidden' });
  await end.click();
  await page.getByRole('button', { name: 'End the class', exact: true }).click();
  assert.deepEqual(await page.evaluate(() => window.sent.filter((m) => m.type === 'end')), [{ type: 'end' }]);
  // The server: every row, then ended (and the link, on `ended`, goes to gone with its reason).
  const [results, bye] = wireMessages({ after: ENDS, to: 'teacher' });
  assert.deepEqual([results.type, bye.type], ['results', 'ended']);
  await say(page, results);
  await say(page, bye);
  await page.evaluate((reason) => window.view.state('gone', { reason }), bye.reason);
  const { downloads, ended } = await page.evaluate(() => ({ downloads: window.downloads, ended: window.ended }));
  assert.deepEqual(downloads, [], 'the final results are kept, not downloaded unasked');
  assert.equal(ended.final.filename, `bitqueens-class-${CODE}.csv`);
  // One line per row, in the server's order (question, round, student); a digits answer as its digits.
  const lines = ended.final.csv.split('\r\n').slice(1, -1);
  assert.equal(lines.length, results.rows.length);
  const digitRows = results.rows.filter((row) => row.given.form === 'digits');
  assert.ok(digitRows.length > 0);
  for (const row of digitRows) assert.equal(lines[results.rows.indexOf(row)], csvLine(row));
  await page.close();
});

test('the teacher\'s page keeps every answer: Download results works with the server gone, and a class lost offers them', async () => {
  const page = await teacherPage();
  await say(page, FIRST);
  const wrong = wireMessage({ after: 'student 1 answers free squares wrong', to: 'teacher', type: 'answered' });
  const right = wireMessage({ after: 'student 2 answers free squares right', to: 'teacher', type: 'answered' });
  // The script answers no round twice; a second answer replaces the first (the server sends a
  // row for each: docs/class-protocol.md). Student 1's row again, changing only the answer (to
  // student 2's right one), its verdict and its time (later).
  const again = { ...wrong, rows: [{ ...wrong.rows[0], given: right.rows[0].given, right: true, seconds: wrong.rows[0].seconds + 1 }] };
  for (const message of [wrong, right, again]) await say(page, message);
  // The server goes away: the class's controls are held, Download results is not.
  await page.evaluate(() => window.view.state('reconnecting', { delayMs: 1000 }));
  await page.getByRole('button', { name: 'Download results (CSV)' }).click();
  const [{ filename, text }] = await page.evaluate(() => window.downloads);
  assert.equal(filename, `bitqueens-class-${CODE}.csv`);
  assert.deepEqual(text.split('\r\n').slice(1, -1), [again.rows[0], right.rows[0]].map(csvLine), 'student 1’s second answer replaced the first');
  assert.equal(await page.evaluate(() => window.sent.filter((m) => m.type === 'results').length), 0, 'made by the page, not asked of the server');
  assert.equal(await page.getByRole('button', { name: 'Ask the class' }).evaluate((b) => b.closest('[inert]') !== null), true);
  // The room is gone for good (it expired while the teacher was away): the lobby gets the answers.
  await page.evaluate(() => window.view.state('gone', { reason: 'The teacher was away for 10 minutes.' }));
  const ended = await page.evaluate(() => window.ended);
  assert.equal(ended.final.csv, text);
  await page.close();
});

test('a topic with no question before the board\'s next step says so in the Topic menu, as each position is sent', async () => {
  const page = await teacherPage();
  const topic = page.getByRole('combobox', { name: 'Topic' });
  assert.deepEqual(await topic.locator('option').allTextContents(), topics.map((t) => t.name));
  const slug = FIRST.question.topic;
  const { name } = topics.find((t) => t.slug === slug);
  await topic.selectOption(slug);
  const option = topic.locator(`option[value="${slug}"]`);
  // Another position sent (the throttle's: at most ~10 a second), where the topic has none:
  // the board's steps of the script, after the one the question was asked at.
  const moveTo = (show, asks) => page.evaluate(({ board, slug, asks }) => {
    window.asking = { [slug]: asks };
    window.view.on.board = () => board;
    window.view.boardChanged();
  }, { board: boardOf(show), slug, asks });
  await moveTo(wireMessage({ after: STEP_4, to: 'teacher', type: 'show' }), false);
  await page.waitForFunction((slug) => document.querySelector(`option[value="${slug}"]`).text.endsWith(' (none at this step)'), slug);
  assert.equal(await option.textContent(), `${name} (none at this step)`);
  assert.equal(await topic.inputValue(), slug, 'still the one chosen');
  await moveTo(wireMessage({ after: 'the teacher shows step 5', to: 'teacher', type: 'show' }), true);
  await page.waitForFunction(({ slug, name }) => document.querySelector(`option[value="${slug}"]`).text === name, { slug, name });
  await page.close();
});

test('Who joined: Remove asks first and keeps its focus through the rosters that come meanwhile; the lock follows the roster', async () => {
  const page = await teacherPage();
  const twoJoined = wireMessage({ after: 'student 2 joins', to: 'teacher', type: 'roster' });
  const threeJoined = wireMessage({ after: 'student 3 joins', to: 'teacher', type: 'roster' });
  const [first, second] = twoJoined.students;
  await say(page, twoJoined);
  await page.getByText('Who joined').click();
  const removeFirst = page.getByRole('button', { name: `Remove ${first.name}`, exact: true });
  await removeFirst.click();
  const asking = page.getByText(`Remove ${first.name} from the class?`);
  await asking.waitFor();
  const focused = () => page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.textContent);
  assert.equal(await focused(), 'Keep in the class');
  // Another student joins while the teacher is asked: the question and the focus stay.
  await say(page, threeJoined);
  assert.deepEqual(await page.locator('.class-roster .class-student-name').allTextContents(), threeJoined.students.map((s) => s.name));
  assert.equal(await asking.isVisible(), true);
  assert.equal(await focused(), 'Keep in the class');
  assert.deepEqual(await page.evaluate(() => window.sent.filter((m) => m.type === 'remove')), [], 'nothing sent before the teacher says yes');
  await page.getByRole('button', { name: 'Remove from the class', exact: true }).click();
  assert.deepEqual(await page.evaluate(() => window.sent.filter((m) => m.type === 'remove')), [{ type: 'remove', student: first.id }]);
  assert.equal(await focused(), `Remove ${second.name}`, 'the focus on the next student’s Remove');
  // The server's next roster (this one derived from the script's: the first student gone,
  // the room locked) takes them away; the focused button stays focused.
  await say(page, { ...threeJoined, joined: 2, locked: true, students: threeJoined.students.slice(1) });
  assert.deepEqual(await page.locator('.class-roster .class-student-name').allTextContents(), threeJoined.students.slice(1).map((s) => s.name));
  assert.equal(await focused(), `Remove ${second.name}`);
  const lock = page.getByRole('button', { name: 'Take no new students', exact: true });
  assert.equal(await lock.getAttribute('aria-pressed'), 'true');
  await page.getByText('Locked: new students are refused; those in the class come back.').waitFor();
  await lock.click();
  assert.deepEqual(await page.evaluate(() => window.sent.filter((m) => m.type === 'lock')), [{ type: 'lock', on: false }], 'the toggle asks; the roster says');
  assert.equal(await lock.getAttribute('aria-pressed'), 'true');
  await say(page, threeJoined);
  assert.equal(await lock.getAttribute('aria-pressed'), 'false');
  await page.getByText('Locked: new students are refused; those in the class come back.').waitFor({ state: 'hidden' });
  // A seat taken from another network while its page was connected: said beside the name.
  const takenOver = wireMessage({ after: 'student 3\'s seat is taken from another network', to: 'teacher', type: 'roster' });
  const taken = takenOver.students.find((s) => s.takenOver === true);
  assert.ok(taken, 'the script has a seat taken over');
  await say(page, takenOver);
  const item = page.locator('.class-roster li', { hasText: taken.name });
  await item.getByText('joined again from another network while connected').waitFor();
  assert.equal(await page.locator('.class-roster .taken-over').count(), 1, 'that seat only');
  // Names the server marked (this roster derived from the script's: the marks as the server
  // writes them, tested against the real server in cli/tests/serve.rs), and a mark this page
  // does not know, which says nothing.
  const marked = ['says-teacher', 'mixed-scripts', 'a-future-mark'];
  await say(page, { ...takenOver, students: takenOver.students.map((s, i) => ({ ...s, mark: marked[i] })) });
  const marks = await page.locator('.class-roster .class-student-mark').allTextContents();
  assert.match(marks[0], /says “teacher”/);
  assert.match(marks[1], /mixes alphabets/);
  assert.equal(marks[2], '');
  const box = await page.getByRole('button', { name: `Remove ${second.name}`, exact: true }).boundingBox();
  assert.ok(box.height >= 44, `Remove is 44 px tall (${box.height})`);
  await page.close();
});

test('End class stands apart from Download results', async () => {
  const page = await teacherPage();
  const [download, end] = await Promise.all(['Download results (CSV)', 'End class…'].map((name) => page.getByRole('button', { name }).boundingBox()));
  assert.ok(end.y > download.y + download.height + 16, `End class (y ${end.y}) well below Download (y ${download.y})`);
  await page.close();
});

test('the lobby offers the results of the class that ended, as CSV, from memory', async () => {
  const page = await blankPage();
  await page.evaluate(async (filename) => {
    const { LiveClass } = await import('/class/live-class.js');
    document.body.insertAdjacentHTML('afterbegin', '<button id="class-button" type="button">Live class</button><main id="page"><section class="controls"></section></main>');
    document.getElementById('live-class').id = 'live-class';
    document.getElementById('box').id = 'live-class-body';
    window.downloads = [];
    window.live = new LiveClass(document, { download: (filename, text) => window.downloads.push({ filename, text }), fetch: () => Promise.reject(new Error('none')) });
    window.live.lobby('The class has ended.', { filename, csv: 'round\r\n1\r\n' });
  }, `bitqueens-class-${CODE}.csv`);
  await page.getByRole('button', { name: 'Download the results of the class that ended' }).click();
  assert.deepEqual(await page.evaluate(() => window.downloads), [{ filename: `bitqueens-class-${CODE}.csv`, text: 'round\r\n1\r\n' }]);
  await page.close();
});

/** A StudentView on a fake open link, given what the server sends `who` ('student 1', …) as
 *  they join: window.sent, window.concealed (the `conceal` calls: the question's topic, or null). */
async function studentPage(viewport, who) {
  const page = await blankPage(viewport);
  await page.evaluate((joined) => {
    const { StudentView } = window.views.student;
    const { AnswerInput } = window.views.answer;
    window.sent = [];
    const link = { state: 'open', send: (m) => { window.sent.push(m); return true; }, leave() {}, keepName() {} };
    window.concealed = [];
    window.view = new StudentView(document.getElementById('box'), {
      link, prompt: (question) => window.views.questions.prompt(question), follow() {}, lock() {}, freeze() {}, ended() {},
      answer: (container, question, given) => new AnswerInput(container, question, given),
      conceal: (question) => window.concealed.push(question ? question.topic : null),
    });
    window.view.state('open', {});
    window.view.message(joined);
  }, wireMessage({ after: `${who} joins`, to: who, type: 'joined' }));
  return page;
}

/** The teacher's histogram of the script's first question, its answers just shown (round 1). */
const firstShown = () => wireMessage({ after: SHOWS_ANSWERS, to: 'teacher', type: 'histogram', id: FIRST.id });
/** A student's result of the first question's round 1. */
const firstResult = (to) => wireMessage({ after: SHOWS_ANSWERS, to, type: 'result', id: FIRST.id });
/** The histogram's table of round `round` ({round, answered}), by its caption. */
const roundTable = (page, { round, answered }) => page.getByRole('table', { name: `Round ${round}: ${answered} ${answered === 1 ? 'answer' : 'answers'}`, exact: true });

test('the histogram: the right answer no one gave is a row like any other (marked right, count 0); reasons show their `…` spans as code', async () => {
  const page = await teacherPage();
  await say(page, FIRST);
  // Someone gave the right answer in each of the script's rounds; a round where no one did, as
  // the server sends it (class/src/room/shown.rs: the answers given, then the right one with a
  // count of 0): the script's round 1 without the students who answered right.
  const shown = firstShown();
  const [round] = shown.rounds;
  const rightBar = round.bars.find((bar) => bar.right);
  const noneRight = {
    ...shown,
    rounds: [{ ...round, answered: round.answered - rightBar.count, bars: [...round.bars.filter((bar) => !bar.right), { ...rightBar, count: 0 }] }],
  };
  await say(page, noneRight);
  const table = roundTable(page, noneRight.rounds[0]);
  const rows = await table.locator('tbody tr').evaluateAll((trs) => trs.map((tr) => ({
    right: tr.classList.contains('is-right'), answer: tr.querySelector('th').textContent,
    count: tr.querySelector('.class-count-number').textContent, verdict: tr.lastElementChild.textContent,
    code: [...tr.lastElementChild.querySelectorAll('code')].map((c) => c.textContent),
  })));
  const { n } = shown.question;
  assert.ok(noneRight.rounds[0].bars.some((bar) => bar.reason), 'a wrong answer with the core’s reason');
  assert.deepEqual(rows, noneRight.rounds[0].bars.map(({ given, count, right, reason }) => ({
    right, answer: digits(given.mask, n), count: String(count),
    verdict: right ? '✓ right' : `✗ ${reason ? reasonText(reason).text : 'wrong'}`, code: reason ? reasonText(reason).code : [],
  })));
  const bar = await table.locator('tr.is-right').boundingBox();
  assert.ok(bar && bar.height > 0, 'the right row is drawn');
  await page.close();
});

test('after the reveal, Show answers reads "Answers shown" (disabled) and Vote again is the primary; a new round sets them back', async () => {
  const page = await teacherPage();
  await say(page, FIRST);
  const state = () => page.evaluate(() => [...document.querySelectorAll('.class-question .class-buttons button')]
    .map((b) => `${b.textContent}${b.disabled ? ' (disabled)' : ''}${b.classList.contains('primary') ? ' (primary)' : ''}`));
  assert.deepEqual(await state(), ['Show answers (primary)', 'Vote again']);
  await say(page, firstShown());
  assert.deepEqual(await state(), ['Answers shown (disabled)', 'Vote again (primary)']);
  await say(page, wireMessage({ after: ROUND_2, to: 'teacher', type: 'question' }));
  assert.deepEqual(await state(), ['Show answers (primary)', 'Vote again (disabled)']);
  // Both rounds' answers, shown as the board stepped on (before its `closed`).
  await say(page, wireMessage({ after: STEP_4, to: 'teacher', type: 'histogram' }));
  assert.deepEqual(await state(), ['Answers shown (disabled)', 'Vote again (disabled)']);
  await page.close();
});

test('a wrong student sees the core’s reason under “Not this time…”, its `…` spans as code, in the live region; a right one sees no reason', async () => {
  // Student 1: wrong in round 1, right in round 2.
  const page = await studentPage(PHONE, 'student 1');
  const question = asked('student 1');
  await say(page, question);
  const wrong = firstResult('student 1');
  assert.equal(wrong.right, false);
  await say(page, wrong);
  const live = page.locator('.class-question [role="status"]');
  const reason = reasonText(wrong.reason);
  assert.deepEqual(await live.locator('p').allTextContents(), [
    `Not this time: the answer was ${digits(wrong.answer.mask, question.question.n)}. The teacher is showing the class’s answers.`,
    reason.text,
  ]);
  assert.deepEqual(await live.locator('code').allTextContents(), reason.code);
  await say(page, wireMessage({ after: ROUND_2, to: 'student 1', type: 'question' }));
  const right = wireMessage({ after: STEP_4, to: 'student 1', type: 'result' });
  assert.equal(right.right, true);
  await say(page, right);
  assert.equal(await live.textContent(), 'Right! The teacher is showing the class’s answers.');
  await page.close();
});

test('a student\'s answer refused once the answers are shown: said where "Sending…" was, the answer closed; the masks hidden only while the question is open', async () => {
  const page = await studentPage(PHONE, 'student 1');
  const question = asked('student 1');
  const { topic, n } = question.question;
  await say(page, question);
  assert.deepEqual(await page.evaluate(() => window.concealed.slice(-1)), [topic], 'hidden as it opens');
  await page.getByRole('button', { name: 'column 1' }).click();
  await page.getByRole('button', { name: 'Submit', exact: true }).click();
  assert.deepEqual(await page.evaluate(() => window.sent), [{ type: 'answer', question: question.id, round: question.round, given: { form: 'digits', mask: 2 ** (n - 1) } }],
    'the question as the server numbered it; column 1 the highest bit');
  const live = page.locator('.class-question [role="status"]');
  assert.equal(await live.textContent(), 'Sending…');
  // The teacher showed the answers before this one arrived: the server refuses it (the
  // script's late answer).
  const refused = wireMessage({ after: 'student 1 answers after the answers were shown', to: 'student 1', type: 'error' });
  assert.equal(refused.code, 'revealed');
  await say(page, refused);
  assert.equal(await live.textContent(), refused.reason);
  assert.equal(await page.getByRole('button', { name: 'Submit', exact: true }).isDisabled(), true);
  assert.equal(await page.getByRole('button', { name: 'column 1' }).isDisabled(), true);
  // A second round opens the answer again; its result closes it and shows the masks.
  await say(page, wireMessage({ after: ROUND_2, to: 'student 1', type: 'question' }));
  assert.equal(await page.getByRole('button', { name: 'Submit', exact: true }).isDisabled(), false);
  await say(page, wireMessage({ after: STEP_4, to: 'student 1', type: 'result' }));
  assert.equal(await page.getByRole('button', { name: 'Submit', exact: true }).isDisabled(), true, 'no answer after the result');
  assert.deepEqual(await page.evaluate(() => window.concealed.slice(-3)), [topic, topic, null], 'shown again with the result');
  await page.close();
});

test('the board moved on after the answers were shown: the teacher\'s histogram and a student\'s result stay until the next question', async () => {
  // The teacher shows round 1's answers and steps on (the script steps on after round 2: the
  // same `closed`).
  const teacher = await teacherPage();
  await say(teacher, FIRST);
  const shown = firstShown();
  await say(teacher, shown);
  await say(teacher, wireMessage({ after: STEP_4, to: 'teacher', type: 'closed' }));
  const table = roundTable(teacher, shown.rounds[0]);
  assert.equal(await table.isVisible(), true, 'the histogram stays');
  assert.equal(await teacher.getByRole('button', { name: 'Vote again' }).isDisabled(), true, 'no round after the close');
  await say(teacher, SECOND);
  await table.waitFor({ state: 'detached' });
  await teacher.close();

  // Student 3 did not answer the first question; the board steps on after round 2 there too.
  const student = await studentPage(PHONE, 'student 3');
  const question = asked('student 3');
  await say(student, question);
  const result = firstResult('student 3');
  assert.equal(result.given, null);
  await say(student, result);
  await say(student, wireMessage({ after: STEP_4, to: 'student 3', type: 'closed' }));
  const part = student.locator('.class-question');
  assert.equal(await part.getByRole('heading').textContent(), 'The last question');
  assert.equal(await part.locator('[role="status"]').textContent(),
    `You did not answer. The answer was ${digits(result.answer.mask, question.question.n)}. The teacher is showing the class’s answers.`);
  assert.equal(await student.getByRole('button', { name: 'Submit', exact: true }).isDisabled(), true);
  await say(student, wireMessage({ after: ASKS_OUTCOME, to: 'student 3', type: 'question' }));
  assert.equal(await part.getByRole('heading').textContent(), 'Question from the teacher');
  assert.equal(await student.getByRole('button', { name: 'Submit', exact: true }).isDisabled(), false);
  await student.close();
});

test('a join address on a loopback host (this page is on 127.0.0.1) says, as text under the QR code, to start the server with --lan', async () => {
  const page = await teacherPage();
  const hint = page.locator('.class-join').getByText('This address works only on this computer: start the server with bitqueens serve --lan for phones.');
  await hint.waitFor();
  assert.equal(await hint.locator('code').textContent(), 'bitqueens serve --lan');
  const [qr, line] = await Promise.all([page.locator('.join-qr').boundingBox(), hint.boundingBox()]);
  assert.ok(line.y >= qr.y + qr.height - 1, 'under the QR code');
  await page.close();
});

test('390 px: a two-round histogram with long reasons stays inside the screen (it scrolls in its own box): no page-level horizontal scroll', async () => {
  const page = await teacherPage(PHONE);
  // The script's board has 5 columns and short reasons: its round 2 and two-round histogram,
  // changing only the board's width (12 columns: every answer 12 digits wide), and each round
  // holding the script's wrong answer of round 1 with a long reason.
  const opened = wireMessage({ after: ROUND_2, to: 'teacher', type: 'question' });
  const shown = wireMessage({ after: STEP_4, to: 'teacher', type: 'histogram' });
  const question = { ...shown.question, n: 12 };
  await say(page, { ...opened, question: { ...opened.question, n: 12 } });
  const long = 'the squares the queens above attack: is the `~` missing in `~(ld | col | rd) & done`? Every column no mask attacks is free.';
  const wrong = shown.rounds[0].bars.find((bar) => !bar.right);
  const rounds = shown.rounds.map((round) => {
    const right = round.bars.filter((bar) => bar.right);
    return { ...round, answered: right.reduce((sum, bar) => sum + bar.count, wrong.count), bars: [...right, { ...wrong, reason: long }] };
  });
  await say(page, { ...shown, question, rounds });
  await roundTable(page, rounds[1]).waitFor();
  const widths = await page.evaluate(() => ({ document: document.documentElement.scrollWidth, viewport: window.innerWidth }));
  assert.ok(widths.document <= widths.viewport, `the page is ${widths.document} px wide in a ${widths.viewport} px screen`);
  await page.close();
});

test('a student’s outcome question by keyboard: the three outcomes one tab stop, → moves and Space chooses, Submit sends the core’s shape; a second round keeps the choice', async () => {
  const page = await studentPage(LAPTOP, 'student 3');
  const outcome = wireMessage({ after: ASKS_OUTCOME, to: 'student 3', type: 'question' });
  assert.equal(outcome.form, 'outcome');
  await say(page, outcome);
  const group = page.getByRole('group', { name: 'Your answer', exact: true });
  assert.deepEqual(await group.getByRole('button').evaluateAll((buttons) => buttons.map((b) => `${b.textContent} ${b.tabIndex}`)),
    ['Place a queen 0', 'Back up -1', 'A solution -1']);
  await page.getByRole('button', { name: 'Submit', exact: true }).click();
  assert.equal(await page.locator('.class-question [role="status"]').textContent(), 'Choose one of the three answers, then press Submit.');
  await group.getByRole('button', { name: 'Place a queen' }).focus();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Space');
  assert.deepEqual(await page.evaluate(() => [document.activeElement.textContent, document.activeElement.getAttribute('aria-pressed'), document.activeElement.tabIndex]),
    ['Back up', 'true', 0]);
  await page.keyboard.press('Tab');
  assert.equal(await page.evaluate(() => document.activeElement.textContent), 'Submit', 'the outcomes are one tab stop');
  await page.keyboard.press('Enter');
  assert.deepEqual(await page.evaluate(() => window.sent.filter((m) => m.type === 'answer')),
    [{ type: 'answer', question: outcome.id, round: outcome.round, given: { form: 'outcome', outcome: 'back' } }]);
  // The script opens no round 2 of this question: its round 1, changing only the round.
  await say(page, { ...outcome, round: 2 });
  assert.equal(await group.getByRole('button', { name: 'Back up' }).getAttribute('aria-pressed'), 'true', 'round 2 opens with the student’s choice');
  await page.close();
});
