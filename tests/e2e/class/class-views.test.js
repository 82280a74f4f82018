// The live class's views (www/class/class-teacher.js, class-student.js, class-histogram.js)
// in Chromium with no class server: www/ served as it is, the modules imported into a blank
// page with the page's style sheet, a fake link that records what is sent, and the server's
// messages faked (the contract of docs/class-protocol.md). Every wait is for a state.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { launch, watchPage } from '../../support/browser.js';
import { serve } from '../../support/server.js';
import { readFile } from 'node:fs/promises';

const ROOT = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const WWW = path.join(ROOT, 'www');
/** The one package the views import (qr.js), from node_modules, as webpack resolves it. */
const IMPORTS = { 'qrcode-generator': '/vendor/qrcode.mjs' };
const PHONE = { width: 390, height: 844 };
const LAPTOP = { width: 1366, height: 768 };

let browser;
let server;
let origin; // the served www/, with no trailing slash
before(async () => {
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
    const [teacher, student, histogram, link, answer] = await Promise.all([
      import('/class/class-teacher.js'), import('/class/class-student.js'), import('/class/class-histogram.js'), import('/class/class-link.js'),
      import('/teach/answer-input.js'), // the student's answer controls, as main.js hands them over
    ]);
    window.views = { teacher, student, histogram, link, answer };
  });
  return page;
}

/** A TeacherView on a fake open link: window.sent (messages sent), window.downloads, window.ended. */
async function teacherPage(viewport) {
  const page = await blankPage(viewport);
  await page.evaluate(() => {
    const { TeacherView } = window.views.teacher;
    window.sent = [];
    window.downloads = [];
    window.ended = null;
    const link = { state: 'open', send: (m) => { window.sent.push(m); return true; }, leave() {} };
    window.view = new TeacherView(document.getElementById('box'), {
      link,
      topics: [{ slug: 'poss', name: 'Free squares' }],
      board: () => ({ n: 5, mirror: false, step: 3, lesson: null, stop: null }),
      prompt: () => 'Which squares are free?',
      download: (filename, text) => window.downloads.push({ filename, text }),
      clock: { now: () => performance.now(), setTimeout: (f, ms) => setTimeout(f, ms), clearTimeout: (t) => clearTimeout(t) },
      ended: (text, final) => { window.ended = { text, final }; },
      asks: (slug) => window.asking?.[slug] ?? true,
    });
    window.view.state('open', {});
    window.view.message({ type: 'opened', code: 'ABCDEF', joinPath: '/c/ABCDEF' });
  });
  return page;
}

const QUESTION = { id: 'q1', round: 1, form: 'digits', question: { kind: 'poss', n: 5, row: 2, nextColumn: 0 } };
const say = (page, message) => page.evaluate((m) => window.view.message(m), message);

test('End class asks first, and the results of the class that ended are kept for the lobby (not downloaded at once)', async () => {
  const page = await teacherPage();
  await say(page, { type: 'question', ...QUESTION });
  const end = page.getByRole('button', { name: 'End class…' });
  await end.click();
  assert.deepEqual(await page.evaluate(() => window.sent.filter((m) => m.type === 'end')), [], 'nothing sent before the teacher says yes');
  await page.getByText('End the class for everyone?').waitFor();
  await page.getByRole('button', { name: 'Keep it open' }).click();
  await page.getByText('End the class for everyone?').waitFor({ state: 'hidden' });
  await end.click();
  await page.getByRole('button', { name: 'End the class', exact: true }).click();
  assert.deepEqual(await page.evaluate(() => window.sent.filter((m) => m.type === 'end')), [{ type: 'end' }]);
  // The server: every row, then ended.
  await say(page, { type: 'results', rows: [{ round: 1, question: 'q1', topic: 'poss', step: 3, student: 'Blue Fox 12', studentId: 1, n: 5, given: { form: 'digits', mask: 0b10100 }, right: true, seconds: 4.2 }] });
  await page.evaluate(() => window.view.state('gone', { reason: 'The teacher ended the class.' }));
  const { downloads, ended } = await page.evaluate(() => ({ downloads: window.downloads, ended: window.ended }));
  assert.deepEqual(downloads, [], 'the final results are kept, not downloaded unasked');
  assert.equal(ended.final.filename, 'bitqueens-class-ABCDEF.csv');
  assert.match(ended.final.csv, /Blue Fox 12,10100,right,4\.2/);
  await page.close();
});

test('the teacher\'s page keeps every answer: Download results works with the server gone, and a class lost offers them', async () => {
  const page = await teacherPage();
  await say(page, { type: 'question', ...QUESTION });
  const row = (studentId, mask, seconds) => ({ round: 1, question: 1, topic: 'poss', step: 3, student: `Fox ${studentId}`, studentId, n: 5, given: { form: 'digits', mask }, right: mask === 0b10100, seconds });
  await say(page, { type: 'answered', rows: [row(1, 0b00001, 2)] });
  await say(page, { type: 'answered', rows: [row(1, 0b10100, 3), row(2, 0b00011, 2)] }); // Fox 1's second answer replaces the first
  // The server goes away: the class's controls are held, Download results is not.
  await page.evaluate(() => window.view.state('reconnecting', { delayMs: 1000 }));
  await page.getByRole('button', { name: 'Download results (CSV)' }).click();
  const [{ filename, text }] = await page.evaluate(() => window.downloads);
  assert.equal(filename, 'bitqueens-class-ABCDEF.csv');
  assert.deepEqual(text.split('\r\n').slice(1, -1), ['1,1 (poss),3,Fox 1,10100,right,3', '1,1 (poss),3,Fox 2,00011,wrong,2']);
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
  assert.deepEqual(await topic.locator('option').allTextContents(), ['Free squares']);
  // Another position sent (the throttle's: at most ~10 a second), where the topic has none.
  const moveTo = (step, asks) => page.evaluate(({ step, asks }) => {
    window.asking = { poss: asks };
    window.view.on.board = () => ({ n: 5, mirror: false, step, lesson: null, stop: null });
    window.view.boardChanged();
  }, { step, asks });
  await moveTo(4, false);
  await topic.locator('option', { hasText: 'Free squares (none at this step)' }).waitFor({ state: 'attached' });
  assert.equal(await topic.inputValue(), 'poss', 'still the one chosen');
  await moveTo(5, true);
  await topic.locator('option', { hasText: /^Free squares$/ }).waitFor({ state: 'attached' });
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
  await page.evaluate(async () => {
    const { LiveClass } = await import('/class/live-class.js');
    document.body.insertAdjacentHTML('afterbegin', '<button id="class-button" type="button">Live class</button><main id="page"><section class="controls"></section></main>');
    document.getElementById('live-class').id = 'live-class';
    document.getElementById('box').id = 'live-class-body';
    window.downloads = [];
    window.live = new LiveClass(document, { download: (filename, text) => window.downloads.push({ filename, text }), fetch: () => Promise.reject(new Error('none')) });
    window.live.lobby('The class has ended.', { filename: 'bitqueens-class-ABCDEF.csv', csv: 'round\r\n1\r\n' });
  });
  await page.getByRole('button', { name: 'Download the results of the class that ended' }).click();
  assert.deepEqual(await page.evaluate(() => window.downloads), [{ filename: 'bitqueens-class-ABCDEF.csv', text: 'round\r\n1\r\n' }]);
  await page.close();
});

/** A StudentView on a fake open link: window.sent, window.board (the `follow` calls). */
async function studentPage(viewport) {
  const page = await blankPage(viewport);
  await page.evaluate(() => {
    const { StudentView } = window.views.student;
    const { AnswerInput } = window.views.answer;
    window.sent = [];
    const link = { state: 'open', send: (m) => { window.sent.push(m); return true; }, leave() {}, keepName() {} };
    window.concealed = [];
    window.view = new StudentView(document.getElementById('box'), {
      link, prompt: () => 'Which squares of row 3 are free?', follow() {}, lock() {}, freeze() {}, ended() {},
      answer: (container, question, given) => new AnswerInput(container, question, given),
      conceal: (question) => window.concealed.push(question ? question.kind ?? question.topic : null),
    });
    window.view.state('open', {});
    window.view.message({ type: 'joined', name: 'Blue Fox 12', show: { n: 5, mirror: false, step: 3, explore: false, paused: false } });
  });
  return page;
}

const HISTOGRAM = {
  type: 'histogram', id: 'q1', question: QUESTION.question,
  rounds: [{
    round: 1, answered: 2,
    bars: [
      { given: { form: 'digits', mask: 0b11111 }, count: 2, right: false, reason: 'the squares off the board: is `& done` missing?' },
      { given: { form: 'digits', mask: 0b00101 }, count: 0, right: true, reason: null },
    ],
  }],
};

test('the histogram: the right answer no one gave is a row like any other (marked right, count 0); reasons show their `…` spans as code', async () => {
  const page = await teacherPage();
  await say(page, { type: 'question', ...QUESTION });
  await say(page, HISTOGRAM);
  const table = page.getByRole('table', { name: 'Round 1: 2 answers' });
  const rows = await table.locator('tbody tr').evaluateAll((trs) => trs.map((tr) => ({
    right: tr.classList.contains('is-right'), answer: tr.querySelector('th').textContent,
    count: tr.querySelector('.class-count-number').textContent, verdict: tr.lastElementChild.textContent,
    code: [...tr.lastElementChild.querySelectorAll('code')].map((c) => c.textContent),
  })));
  assert.deepEqual(rows, [
    { right: false, answer: '11111', count: '2', verdict: '✗ the squares off the board: is & done missing?', code: ['& done'] },
    { right: true, answer: '00101', count: '0', verdict: '✓ right', code: [] },
  ]);
  const bar = await table.locator('tr.is-right').boundingBox();
  assert.ok(bar && bar.height > 0, 'the right row is drawn');
  await page.close();
});

test('after the reveal, Show answers reads "Answers shown" (disabled) and Vote again is the primary; a new round sets them back', async () => {
  const page = await teacherPage();
  await say(page, { type: 'question', ...QUESTION });
  const state = () => page.evaluate(() => [...document.querySelectorAll('.class-question .class-buttons button')]
    .map((b) => `${b.textContent}${b.disabled ? ' (disabled)' : ''}${b.classList.contains('primary') ? ' (primary)' : ''}`));
  assert.deepEqual(await state(), ['Show answers (primary)', 'Vote again']);
  await say(page, HISTOGRAM);
  assert.deepEqual(await state(), ['Answers shown (disabled)', 'Vote again (primary)']);
  await say(page, { type: 'question', ...QUESTION, round: 2 });
  assert.deepEqual(await state(), ['Show answers (primary)', 'Vote again (disabled)']);
  await say(page, { ...HISTOGRAM, rounds: [...HISTOGRAM.rounds, { ...HISTOGRAM.rounds[0], round: 2 }] });
  assert.deepEqual(await state(), ['Answers shown (disabled)', 'Vote again (disabled)']);
  await page.close();
});

test('a wrong student sees the core’s reason under “Not this time…”, its `…` spans as code, in the live region; a right one sees no reason', async () => {
  const page = await studentPage(PHONE);
  await say(page, { type: 'question', ...QUESTION });
  await say(page, { type: 'result', id: 'q1', right: false, given: { form: 'digits', mask: 0b11111 }, answer: { form: 'digits', mask: 0b00101 }, reason: 'the squares off the board: is `& done` missing?' });
  const live = page.locator('.class-question [role="status"]');
  assert.deepEqual(await live.locator('p').allTextContents(), [
    'Not this time: the answer was 00101. The teacher is showing the class’s answers.',
    'the squares off the board: is & done missing?',
  ]);
  assert.deepEqual(await live.locator('code').allTextContents(), ['& done']);
  await say(page, { type: 'question', ...QUESTION, id: 'q2' });
  await say(page, { type: 'result', id: 'q2', right: true, answer: { form: 'digits', mask: 0b00101 }, reason: null });
  assert.equal(await live.textContent(), 'Right! The teacher is showing the class’s answers.');
  await page.close();
});

test('a student\'s answer refused once the answers are shown: said where "Sending…" was, the answer closed; the masks hidden only while the question is open', async () => {
  const page = await studentPage(PHONE);
  await say(page, { type: 'question', ...QUESTION });
  assert.deepEqual(await page.evaluate(() => window.concealed.slice(-1)), ['poss'], 'hidden as it opens');
  await page.getByRole('button', { name: 'column 1' }).click();
  await page.getByRole('button', { name: 'Submit', exact: true }).click();
  const live = page.locator('.class-question [role="status"]');
  assert.equal(await live.textContent(), 'Sending…');
  // The teacher showed the answers before this one arrived: the server refuses it.
  await say(page, { type: 'error', code: 'revealed', reason: 'The answers are already shown: wait for the next round.', fatal: false });
  assert.equal(await live.textContent(), 'The answers are already shown: wait for the next round.');
  assert.equal(await page.getByRole('button', { name: 'Submit', exact: true }).isDisabled(), true);
  assert.equal(await page.getByRole('button', { name: 'column 1' }).isDisabled(), true);
  // A second round opens the answer again; its result closes it and shows the masks.
  await say(page, { type: 'question', ...QUESTION, round: 2 });
  assert.equal(await page.getByRole('button', { name: 'Submit', exact: true }).isDisabled(), false);
  await say(page, { type: 'result', id: 'q1', round: 2, right: true, answer: { form: 'digits', mask: 0b00101 }, reason: null });
  assert.equal(await page.getByRole('button', { name: 'Submit', exact: true }).isDisabled(), true, 'no answer after the result');
  assert.deepEqual(await page.evaluate(() => window.concealed.slice(-3)), ['poss', 'poss', null], 'shown again with the result');
  await page.close();
});

test('the board moved on after the answers were shown: the teacher\'s histogram and a student\'s result stay until the next question', async () => {
  const teacher = await teacherPage();
  await say(teacher, { type: 'question', ...QUESTION });
  await say(teacher, HISTOGRAM);
  await say(teacher, { type: 'closed', id: 'q1' });
  const table = teacher.getByRole('table', { name: 'Round 1: 2 answers' });
  assert.equal(await table.isVisible(), true, 'the histogram stays');
  assert.equal(await teacher.getByRole('button', { name: 'Vote again' }).isDisabled(), true, 'no round after the close');
  await say(teacher, { type: 'question', ...QUESTION, id: 'q2' });
  await table.waitFor({ state: 'detached' });
  await teacher.close();

  const student = await studentPage(PHONE);
  await say(student, { type: 'question', ...QUESTION });
  await say(student, { type: 'result', id: 'q1', round: 1, right: false, given: null, answer: { form: 'digits', mask: 0b00101 }, reason: null });
  await say(student, { type: 'closed', id: 'q1' });
  const part = student.locator('.class-question');
  assert.equal(await part.getByRole('heading').textContent(), 'The last question');
  assert.equal(await part.locator('[role="status"]').textContent(), 'You did not answer. The answer was 00101. The teacher is showing the class’s answers.');
  assert.equal(await student.getByRole('button', { name: 'Submit', exact: true }).isDisabled(), true);
  await say(student, { type: 'question', ...QUESTION, id: 'q2' });
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
  const question = { ...QUESTION.question, n: 12 };
  await say(page, { type: 'question', ...QUESTION, question });
  const long = 'the squares the queens above attack: is the `~` missing in `~(ld | col | rd) & done`? Every column no mask attacks is free.';
  const round = (r) => ({
    round: r, answered: 3,
    bars: [
      { given: { form: 'digits', mask: 0b111111111111 }, count: 2, right: false, reason: long },
      { given: { form: 'digits', mask: 0b000100100001 }, count: 1, right: true, reason: null },
    ],
  });
  await say(page, { type: 'histogram', id: 'q1', question, rounds: [round(1), round(2)] });
  await page.getByRole('table', { name: /^Round 2/ }).waitFor();
  const widths = await page.evaluate(() => ({ document: document.documentElement.scrollWidth, viewport: window.innerWidth }));
  assert.ok(widths.document <= widths.viewport, `the page is ${widths.document} px wide in a ${widths.viewport} px screen`);
  await page.close();
});

test('a student’s outcome question by keyboard: the three outcomes one tab stop, → moves and Space chooses, Submit sends the core’s shape; a second round keeps the choice', async () => {
  const page = await studentPage(LAPTOP);
  const outcome = { id: 'q3', round: 1, form: 'outcome', question: { topic: 'what-happens', n: 5, row: 2 } };
  await say(page, { type: 'question', ...outcome });
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
    [{ type: 'answer', question: 'q3', round: 1, given: { form: 'outcome', outcome: 'back' } }]);
  await say(page, { type: 'question', ...outcome, round: 2 });
  assert.equal(await group.getByRole('button', { name: 'Back up' }).getAttribute('aria-pressed'), 'true', 'round 2 opens with the student’s choice');
  await page.close();
});
