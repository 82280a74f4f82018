// End-to-end: a live class on a real `bitqueens serve` (tests/support/class-server.js), one
// teacher page and three students (one on a 390 px phone): joining by link, by the short link
// and by the typed code, following 20 steps, a question with the answers hidden, the reveal,
// a second round, a student's connection cut (a reload) and restored with the answer kept,
// the CSV downloaded and read, the teacher's lesson followed stop by stop, the end of the
// class; then the server killed mid-class and started again on the same port (with the same
// teacher key): the class taken back. Every page fails the test on a console error
// (session.js), and axe checks both views. Every wait is for a state, never for a time.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { usePage, button, steps, queensOnBoard, masksFromQueens } from '../../support/session.js';
import { joinCode, startClass, PHONE, LAPTOP, section, status, atStep } from '../../support/class-page.js';
import { seriousViolations } from '../../support/axe.js';
import { startClassServer } from '../../support/class-server.js';
import { expectOutage } from '../../support/class-outage.js';

const session = usePage();

/** Waits until the page's board stands at `step`. */
/** The student's answer digits as 0/1 text. */
const digitsOf = (page) => page.getByRole('group', { name: 'Your answer' }).getByRole('button')
  .evaluateAll((buttons) => buttons.map((b) => (b.getAttribute('aria-pressed') === 'true' ? '1' : '0')).join(''));

/** What the squares of row `row` (from 1) of the page's board say in their names: 'hidden',
 *  'attacked' (by the marks ↓ ↘ ↙ named) or what else follows the colon ('free', …). */
const rowSaid = (page, row) => page.locator(`#board [role="gridcell"][data-row="${row - 1}"]`).evaluateAll((cells) => cells
  .map((cell) => {
    const said = cell.getAttribute('aria-label').split(': ')[1] ?? '';
    return said.startsWith('hidden') ? 'hidden' : /^attacked along the (column ↓|ld diagonal ↘|rd diagonal ↙)/.test(said) ? 'attacked' : said;
  }));

/** The pages may log their probes' failures (and a socket's) while a server is away. */
const expectReconnects = () => expectOutage(session);

test('on a static host, Start a live class says in one line how to start a class server', async () => {
  // GET /class/hello is answered by dist/class/hello (no class server here): no 404 logged.
  const page = await session.open('?n=6');
  await button(page, 'Live class').click();
  await button(page, 'Start a live class').click();
  await section(page).getByText(/needs a class server.*bitqueens serve/).waitFor();
});

test('a whole class: join three ways, follow 20 steps, a question in two rounds, a student back after a cut, the CSV, the end', async () => {
  const server = await startClassServer();
  try {
    const teacher = await session.openAnother(server.teacherLink, LAPTOP);
    assert.equal(new URL(teacher.url()).searchParams.has('teach'), false, 'the teacher key leaves the address bar');
    const code = await startClass(teacher);
    assert.match(await teacher.locator('.join-address').textContent(), new RegExp(`/c/${code}$`));
    assert.equal(await teacher.getByRole('img', { name: /^QR code of the join address/ }).isVisible(), true);

    // Three students: the short link, the typed code on a phone, the ?class= link.
    const ann = await session.openAnother(`${server.origin}/c/${code}`, LAPTOP);
    const bo = await session.openAnother(`${server.origin}/`, PHONE);
    await button(bo, 'Live class').click();
    await bo.getByLabel('Join a class: code').fill(`${code.slice(0, 3).toLowerCase()}-${code.slice(3).toLowerCase()}`);
    await button(bo, 'Join').click();
    const cy = await session.openAnother(`${server.origin}/?class=${code}`, LAPTOP);
    const students = [ann, bo, cy];
    await teacher.getByText('3 students joined').waitFor();
    for (const page of students) await section(page).getByText('Your board follows the teacher’s: its controls are locked.').waitFor();

    // The teacher's board drives: 20 steps, every student's board at step 20 with the same queens.
    for (let i = 0; i < 20; i++) await button(teacher, 'Step').click();
    for (const page of students) await atStep(page, 20);
    const queens = await queensOnBoard(teacher);
    for (const page of students) assert.deepEqual(await queensOnBoard(page), queens);
    // Read-only: the student's controls take no click, and the arrow key does not step.
    assert.equal(await bo.locator('.controls').evaluate((bar) => bar.inert), true);
    await ann.keyboard.press('ArrowRight');
    assert.equal(await steps(ann), 20);
    // Space still presses what has the focus (History opens), and moves no board.
    await ann.locator('#history-panel summary').focus();
    await ann.keyboard.press(' ');
    await ann.locator('#history-panel[open]').waitFor({ state: 'attached' });
    assert.equal(await steps(ann), 20);

    // A name with a formula and a comma in it: the teacher sees it as text, the CSV escapes it.
    await ann.getByLabel('Your name (only the teacher sees it)').fill('=Ada, <b>1</b>');
    await button(ann, 'Rename').click();
    await teacher.getByText('Who joined').click();
    await teacher.locator('.class-roster li', { hasText: '=Ada, <b>1</b>' }).waitFor();

    // A question: the students see it, the teacher sees only how many answered.
    await teacher.getByRole('combobox', { name: 'Topic' }).selectOption('free-squares');
    await button(teacher, 'Ask the class').click();
    for (const page of students) await page.getByText(/^Which squares of row \d+ are free\?/).waitFor();
    await teacher.getByText('0 of 3 answered').waitFor();
    // The right answer, from the board alone (the queens, by the rules of the game): the
    // squares of the row asked about that no queen above attacks.
    const asked = Number((await ann.locator('.class-prompt').textContent()).match(/row (\d+) are free/)[1]);
    assert.equal(asked, queens.length + 1, 'asked about the row under the queens');
    const attacked = masksFromQueens(queens, 8);
    const free = [...attacked.ld].map((_, c) => (attacked.ld[c] === '0' && attacked.col[c] === '0' && attacked.rd[c] === '0' ? '1' : '0')).join('');
    // What each student sends below: Ann nothing (all 0), Bo column 3, Cy columns 1 and 2.
    const sent = [{ page: ann, name: 'Ann', answer: '00000000' }, { page: bo, name: 'Bo', answer: '00100000' }, { page: cy, name: 'Cy', answer: '11000000' }]
      .map((student) => ({ ...student, verdict: student.answer === free ? 'right' : 'wrong' }));
    // The masks that give the answer away (poss and the lines from it) are hidden on every
    // screen while the question is open, the projector's too.
    const hiddenMasks = (page) => page.locator('.masks .mask-digits.hidden').count();
    for (const page of [teacher, ...students]) {
      assert.ok(await hiddenMasks(page) >= 2, 'the answer is not on the screen');
      assert.equal(await page.locator('#board.asking-free').count(), 1, 'nor on the board: its free squares hidden');
      assert.deepEqual(await rowSaid(page, asked), new Array(8).fill('hidden'), 'nor the row’s marks (↓ ↘ ↙), in its squares’ names too');
    }
    assert.deepEqual(await seriousViolations(bo), [], 'axe on the student view');
    // On the 390×844 phone the question sits right under the board: with the board at the top
    // of the screen, Submit is on the same screen, above the bottom bar (hidden while the board
    // follows: then the screen's bottom), and the bar's "Show it ↑" caption (for a board one
    // drives) never shows for a board that follows.
    await bo.locator('#board').evaluate((board) => board.scrollIntoView({ block: 'start' }));
    const phoneScreen = await bo.evaluate(() => {
      const board = document.getElementById('board');
      const part = board.nextElementSibling;
      const submit = [...part.querySelectorAll('button')].find((b) => b.textContent === 'Submit');
      return {
        docked: part.matches('.class-question.class-docked'),
        boardTop: board.getBoundingClientRect().top,
        submitBottom: submit.getBoundingClientRect().bottom,
        barTop: ((bar) => (bar.checkVisibility() ? bar.getBoundingClientRect().top : innerHeight))(document.querySelector('.controls .buttons')),
      };
    });
    assert.equal(phoneScreen.docked, true, 'the question right under the board');
    assert.ok(phoneScreen.boardTop >= 0 && phoneScreen.submitBottom <= phoneScreen.barTop, JSON.stringify(phoneScreen));
    assert.equal(await bo.locator('#bar-caption').isVisible(), false);
    await bo.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    assert.equal(await bo.locator('#bar-caption').isVisible(), false, 'not even with the board scrolled away');
    await button(ann, 'Submit').click();
    await button(bo, 'column 3').click();
    await button(bo, 'Submit').click();
    await button(cy, 'column 1').click();
    await button(cy, 'column 2').click();
    await button(cy, 'Submit').click();
    for (const page of students) await page.getByText(/^Answer sent\./).waitFor();
    await teacher.getByText('3 of 3 answered').waitFor();
    assert.equal(await section(teacher).getByRole('table').count(), 0, 'the answers stay hidden until Show answers');

    // Cy's connection is cut (the page reloaded): back as themselves, the answer kept. The
    // count was 3 before the reload too: Cy's own line says the rejoin happened first.
    await cy.reload();
    await status(cy).getByText('In the class.').waitFor();
    await cy.getByText(/^Which squares of row \d+ are free\?/).waitFor();
    await cy.getByText(/^Answer sent\./).waitFor();
    assert.equal(await digitsOf(cy), '11000000');
    await teacher.getByText('3 students joined').waitFor();

    // The reveal: one table per round, the right answer marked, each wrong one with a reason.
    await button(teacher, 'Show answers').click();
    const round1 = section(teacher).getByRole('table', { name: /^Round 1: 3 answers/ });
    await round1.waitFor();
    const rows = await round1.locator('tbody tr').evaluateAll((trs) => trs.map((tr) => ({
      answer: tr.querySelector('th').getAttribute('aria-label') ?? tr.querySelector('th').textContent,
      count: Number(tr.querySelector('.class-count-number').textContent),
      verdict: tr.lastElementChild.textContent,
    })));
    assert.equal(rows.reduce((sum, row) => sum + row.count, 0), 3);
    for (let i = 1; i < rows.length; i++) assert.ok(rows[i - 1].count >= rows[i].count, 'most frequent first');
    assert.ok(rows.filter((row) => row.verdict === '✓ right').length <= 1);
    for (const row of rows.filter((r) => r.verdict !== '✓ right')) assert.match(row.verdict, /^✗ .{10,}/, 'a wrong answer has its reason');
    for (const { page, verdict } of sent) {
      await page.getByText(verdict === 'right' ? /^Right!/ : new RegExp(`^Not this time: the answer was ${free}\\.`)).waitFor();
    }
    // The teacher's table marks the board's answer right, and only it.
    assert.deepEqual(rows.filter((row) => row.verdict === '✓ right').map((row) => row.answer), [free]);
    for (const page of [teacher, ...students]) {
      assert.equal(await hiddenMasks(page), 0, 'shown with the answers');
      assert.equal(await page.locator('#board.asking-free').count(), 0);
      const said = await rowSaid(page, asked);
      assert.deepEqual(said.map((look) => look === 'attacked'), [...free].map((digit) => digit === '0'), 'the row’s marks back: the attacked squares');
    }
    assert.deepEqual(await seriousViolations(teacher), [], 'axe on the teacher view');

    // Vote again: round 2 hidden again, then both rounds side by side.
    await button(teacher, 'Vote again').click();
    for (const page of students) await page.getByText(/^Round 2: Which squares/).waitFor();
    assert.equal(await section(teacher).getByRole('table').count(), 0);
    await button(bo, 'Submit').click();
    await teacher.getByText('1 of 3 answered').waitFor();
    await button(teacher, 'Show answers').click();
    await teacher.getByRole('table', { name: /^Round 2: 1 answer$/ }).waitFor();
    assert.equal(await section(teacher).getByRole('table').count(), 2);

    // The presenter view on the laptop (1366×768), both histograms shown: the whole board and
    // the histograms stay on the screen.
    await button(teacher, 'Presenter').click();
    await teacher.waitForFunction(() => document.documentElement.hasAttribute('data-presenter'));
    const layout = await teacher.evaluate(() => {
      window.scrollTo(0, 0);
      const box = (selector) => document.querySelector(selector).getBoundingClientRect();
      return { board: box('#board').bottom, histograms: box('.class-histograms').bottom, side: box('.masks').right, height: innerHeight, width: innerWidth };
    });
    if (process.env.CLASS_SCREENSHOT) await teacher.screenshot({ path: process.env.CLASS_SCREENSHOT });
    assert.ok(layout.board <= layout.height, `the board's bottom (${layout.board}) within the viewport (${layout.height})`);
    assert.ok(layout.histograms <= layout.height, `the histograms' bottom (${layout.histograms}) within the viewport`);
    assert.ok(layout.side <= layout.width, 'the masks within the viewport');
    await button(teacher, 'Exit presenter (Esc)').click();
    await teacher.waitForFunction(() => !document.documentElement.hasAttribute('data-presenter'));

    // The results as CSV, made by the page from the answers the server sent it.
    const lines = await csvLines(teacher);
    assert.equal(lines[0], 'round,question,step,student,answer,right,seconds');
    assert.equal(lines.length, 1 + 4, 'three answers in round 1, one in round 2');
    assert.ok(lines.some((line) => line.includes(`"'=Ada, <b>1</b>"`)), 'the name escaped for CSV and for formulas');
    // Each answer of round 1 with the verdict the board gives it (Cy's kept through the reload).
    for (const { name, answer, verdict } of sent) {
      assert.ok(lines.some((line) => new RegExp(`^1,\\d+ \\(free-squares\\),20,("[^"]*"|[^,"]+),${answer},${verdict},[\\d.]+$`).test(line)),
        `${name}'s ${answer} is ${verdict} (the free squares ${free}): ${lines.join(' | ')}`);
    }
    assert.equal(lines.filter((line) => line.startsWith('2,')).length, 1);

    // Play, then Pause: the positions go out throttled, and the final one always.
    await button(teacher, 'Play').click();
    await teacher.waitForFunction(() => Number(document.querySelector('#steps').textContent.replace(/,/g, '')) >= 26);
    await teacher.locator('.controls').getByRole('button', { name: 'Pause', exact: true }).click();
    const played = await steps(teacher);
    for (const page of students) await atStep(page, played);

    // Let them explore: Bo's controls are Bo's; Bring everyone back: Bo's board is the teacher's again.
    await button(teacher, 'Let them explore').click();
    await section(bo).getByText('Explore on your own: the teacher unlocked your controls.').waitFor();
    assert.equal(await bo.locator('.controls').evaluate((bar) => bar.inert), false);
    await button(bo, 'Step').click();
    await atStep(bo, played + 1);
    await button(teacher, 'Bring everyone back').click();
    await atStep(bo, played);
    assert.equal(await bo.locator('.controls').evaluate((bar) => bar.inert), true);

    // Pause: every screen frozen with a message, then given back.
    await button(teacher, 'Pause the class').click();
    for (const page of students) await section(page).getByText('The teacher paused the class: eyes to the front.').waitFor();
    await status(teacher).getByText(/^The class is paused: every student’s screen is frozen/).waitFor();
    assert.equal(await cy.locator('.stage').evaluate((stage) => stage.inert), true);
    await button(teacher, 'Resume the class').click();
    await status(teacher).getByText('The class is open. Your board drives every student’s board.').waitFor();
    for (const page of students) await section(page).getByText('Your board follows the teacher’s: its controls are locked.').waitFor();
    assert.equal(await cy.locator('.stage').evaluate((stage) => stage.inert), false);

    // The teacher's lesson: every student's page opens it at the same stop, read-only, and
    // closes it when the teacher does.
    const lessonOf = (page) => page.locator('#lesson-bar').evaluate((bar) => ({
      hidden: bar.hidden,
      title: bar.querySelector('#lesson-title').textContent,
      stop: bar.querySelector('#lesson-stop').textContent,
      note: bar.querySelector('#lesson-note').textContent,
    }));
    const sameLesson = async (page, shown) => {
      await page.waitForFunction((want) => {
        const bar = document.querySelector('#lesson-bar');
        return !bar.hidden && document.querySelector('#lesson-stop').textContent === want.stop
          && document.querySelector('#lesson-note').textContent === want.note;
      }, shown);
      assert.deepEqual(await lessonOf(page), shown);
    };
    await teacher.getByLabel('Lessons').selectOption({ label: 'The three masks' });
    await button(teacher, 'Next stop').click();
    const stop2 = await lessonOf(teacher);
    assert.equal(stop2.title, 'The three masks');
    assert.match(stop2.stop, /^Stop 2 of \d+$/);
    for (const page of students) await sameLesson(page, stop2);
    const lessonStep = await steps(teacher);
    for (const page of students) await atStep(page, lessonStep);
    assert.equal(await button(ann, 'Next stop').isDisabled(), true, 'the lesson is the teacher’s: read-only');
    assert.equal(await ann.getByLabel('Lessons').isDisabled(), true);
    await button(teacher, 'Next stop').click();
    const stop3 = await lessonOf(teacher);
    assert.match(stop3.stop, /^Stop 3 of \d+$/);
    for (const page of students) await sameLesson(page, stop3);
    await button(teacher, 'Close lesson').click();
    for (const page of students) await page.locator('#lesson-bar').waitFor({ state: 'hidden' });
    const last = await steps(teacher);

    // The end, once the teacher says yes: every student told, the boards kept; the teacher's
    // lobby offers the results of the class that ended (the answers the page kept).
    await button(teacher, 'End class…').click();
    await button(teacher, 'End the class').click();
    for (const page of students) await section(page).getByText(/^The class is over\./).waitFor();
    for (const page of students) assert.equal(await steps(page), last);
    await button(teacher, 'Download the results of the class that ended').waitFor();
    await status(teacher).getByText('You ended the class.').waitFor();
    assert.equal(await ann.getByLabel('Lessons').isDisabled(), false, 'the lessons are the student’s again');
    assert.equal(await bo.locator('.controls').evaluate((bar) => bar.inert), false, 'the controls are the student’s again');

    // A page that comes to the class after its end is told so, once, and is at the lobby.
    const late = await session.openAnother(`${server.origin}/?class=${code}`, PHONE);
    await status(late).getByText('This class has ended.').waitFor();
    await button(late, 'Start a live class').waitFor();
    assert.equal(new URL(late.url()).searchParams.has('class'), false, 'a reload stays out of the class');
  } finally {
    await server.stop();
  }
});

/** The lines of the CSV that Download results (CSV) gives on `page` now. */
async function csvLines(page) {
  const downloaded = page.waitForEvent('download');
  await button(page, 'Download results (CSV)').click();
  return (await readFile(await (await downloaded).path(), 'utf8')).trimEnd().split('\r\n');
}

test('reloads rejoin as the same teacher and student; the server killed mid-class: the boards stay, the pages say it is gone, and the class is taken back when it returns', async () => {
  expectReconnects();
  let server = await startClassServer();
  try {
    const teacher = await session.openAnother(server.teacherLink, LAPTOP);
    const code = await startClass(teacher);
    const student = await session.openAnother(`${server.origin}/`, PHONE);
    await button(student, 'Live class').click();
    await student.getByLabel('Join a class: code').fill(code);
    await button(student, 'Join').click();
    await teacher.getByText('1 student joined').waitFor();
    // One answer, before the reloads and the restart: the teacher's page keeps it throughout.
    await button(teacher, 'Ask the class').click();
    await button(student, 'column 1').click();
    await button(student, 'Submit').click();
    await teacher.getByText('1 of 1 answered').waitFor();
    const answerLine = /^1,1 \(free-squares\),0,[^,]+,10000000,wrong,[\d.]+$/;
    for (let i = 0; i < 7; i++) await button(teacher, 'Step').click();
    await atStep(student, 7);

    // Reloads: the student (joined by the typed code) and the teacher come back as themselves.
    // The count was 1 before the reload too: the student's own line says the rejoin happened.
    await student.reload();
    await status(student).getByText('In the class.').waitFor();
    await section(student).getByText('Your board follows the teacher’s: its controls are locked.').waitFor();
    await atStep(student, 7);
    await teacher.getByText('1 student joined').waitFor();
    await teacher.reload();
    assert.equal(await joinCode(teacher), code, 'the teacher is back in the same class');
    await status(student).getByText('The teacher is back.').waitFor();
    await atStep(student, 7);
    assert.match((await csvLines(teacher))[1] ?? '', answerLine, 'the reloaded page has the answer again');
    // Its own copy dropped (and not written again as the page goes): the server's `results`
    // after `opened` gives it back.
    await teacher.evaluate(() => {
      const KEPT = 'bitqueens.class.teacher-answers';
      const setItem = Storage.prototype.setItem;
      Storage.prototype.setItem = function keepAllBut(key, value) {
        if (key !== KEPT) setItem.call(this, key, value);
      };
      sessionStorage.removeItem(KEPT);
    });
    await teacher.reload();
    assert.equal(await joinCode(teacher), code);
    await status(student).getByText('The teacher is back.').waitFor();
    assert.match((await csvLines(teacher))[1] ?? '', answerLine, 'the server gives a reloaded page every answer');

    await server.stop();
    await status(teacher).getByText('The class server is gone: trying again…').waitFor();
    await status(student).getByText(/^Your phone lost the class’s connection: reconnecting…/).waitFor();
    assert.equal(await steps(student), 7, 'the board is kept');
    assert.equal(await steps(teacher), 7);
    const whileGone = await csvLines(teacher);
    assert.equal(whileGone.length, 2, 'the results download with the server gone');
    assert.match(whileGone[1], answerLine);

    // Back on the same port with the same teacher key (kept in its state folder) but no room:
    // the teacher's page reopens the class under its code, the student's rejoins it as
    // themselves, and the student's board follows the teacher's next step again.
    server = await startClassServer({ port: server.port, state: server.state });
    await section(teacher).getByText(/^The class server restarted: your class is open again under the same code.*the answers so far are kept in this tab/).waitFor();
    assert.equal(await joinCode(teacher), code, 'the same code');
    assert.deepEqual(await csvLines(teacher), whileGone, 'the answers from before the restart are kept');
    await status(student).getByText('In the class.').waitFor();
    await teacher.getByText('1 student joined').waitFor();
    assert.equal(await steps(student), 7);
    await button(teacher, 'Step').click();
    await atStep(student, 8);
    assert.deepEqual(await queensOnBoard(student), await queensOnBoard(teacher));
    assert.deepEqual(await seriousViolations(student), []);

    // The answers from before the restart are kept over a reload of the teacher's tab too,
    // though the server no longer has them.
    await teacher.reload();
    assert.equal(await joinCode(teacher), code);
    await status(student).getByText('The teacher is back.').waitFor();
    assert.deepEqual(await csvLines(teacher), whileGone, 'the answers from before the restart are kept over a reload');
  } finally {
    await server.stop();
  }
});
