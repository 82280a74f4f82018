// The live class's data (www/class/class-data.js): the throttle of the teacher's `show`
// messages on a fake clock, the answers as text, and the results as CSV (formula injection
// included).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Throttle, ClassAnswers, csvCell, resultsCsv, answerText, answerPatterns, rightGiven, isLoopbackHost, SHOW_INTERVAL_MS } from '../../../www/class/class-data.js';

class FakeClock {
  time = 0;
  timers = [];
  now = () => this.time;
  setTimeout = (callback, ms) => {
    const timer = { callback, at: this.time + ms };
    this.timers.push(timer);
    return timer;
  };

  clearTimeout = (timer) => { this.timers = this.timers.filter((t) => t !== timer); };
  advance(ms) {
    const until = this.time + ms;
    for (;;) {
      const due = this.timers.filter((t) => t.at <= until).sort((a, b) => a.at - b.at)[0];
      if (!due) break;
      this.timers = this.timers.filter((t) => t !== due);
      this.time = due.at;
      due.callback();
    }
    this.time = until;
  }
}

test('the throttle: a Play at 60 frames a second sends about 10 a second, and always the final position', () => {
  const clock = new FakeClock();
  const sent = [];
  const throttle = new Throttle((show) => sent.push({ at: clock.time, step: show.step }), clock);
  // Two seconds of play, one position per 1000/60 ms frame.
  let step = 0;
  for (let frame = 0; frame < 120; frame++) {
    throttle.offer({ n: 8, mirror: false, step: ++step });
    clock.advance(1000 / 60);
  }
  clock.advance(1000);
  assert.ok(sent.length >= 18 && sent.length <= 22, `${sent.length} sent in 2 s`);
  for (let i = 1; i < sent.length; i++) assert.ok(sent[i].at - sent[i - 1].at >= SHOW_INTERVAL_MS - 1e-9, 'at most one per interval');
  assert.equal(sent.at(-1).step, 120, 'the final position is sent');
  assert.equal(sent[0].step, 1, 'the first goes out at once');
});

test('the throttle: the same position twice is sent once; after reset() it is sent again', () => {
  const clock = new FakeClock();
  const sent = [];
  const throttle = new Throttle((show) => sent.push(show.step), clock);
  throttle.offer({ step: 5 });
  clock.advance(500);
  throttle.offer({ step: 5 });
  clock.advance(500);
  assert.deepEqual(sent, [5]);
  throttle.reset();
  throttle.offer({ step: 5 });
  assert.deepEqual(sent, [5, 5]);
  // Inside the interval: only the latest of a burst goes, at the interval's end.
  throttle.offer({ step: 6 });
  throttle.offer({ step: 7 });
  throttle.offer({ step: 8 });
  assert.deepEqual(sent, [5, 5]);
  clock.advance(SHOW_INTERVAL_MS);
  assert.deepEqual(sent, [5, 5, 8]);
  throttle.offer({ step: 9 });
  throttle.cancel();
  clock.advance(1000);
  assert.deepEqual(sent, [5, 5, 8], 'cancelled: nothing more');
});

test('a CSV cell: quoted when it must be, and never a formula', () => {
  assert.equal(csvCell('Blue Fox 12'), 'Blue Fox 12');
  assert.equal(csvCell('a,b'), '"a,b"');
  assert.equal(csvCell('say "hi"'), '"say ""hi"""');
  assert.equal(csvCell('two\nlines'), '"two\nlines"');
  for (const formula of ['=1+1', '+SUM(A1)', '-2+3', '@cmd', '\tx', '\rx']) {
    assert.ok(csvCell(formula).replace(/^"/, '').startsWith("'"), `${JSON.stringify(formula)} → ${csvCell(formula)}`);
  }
  assert.equal(csvCell('=HYPERLINK("x","y")'), `"'=HYPERLINK(""x"",""y"")"`);
  assert.equal(csvCell(-3), '-3', 'a number stays a number');
  assert.equal(csvCell(null), '');
});

test('the results as CSV: the header, one line per answer, the answer as digits of the question\'s board', () => {
  const rows = [
    { round: 1, question: 1, topic: 'free-squares', step: 40, student: 'Blue Fox 12', n: 8, given: { form: 'digits', mask: 0b00101100 }, right: true, seconds: 12.34 },
    { round: 2, question: 1, topic: 'free-squares', step: 40, student: '=cmd|\' /C calc\'!A0', n: 8, given: { form: 'digits', mask: 3 }, right: false, seconds: 3 },
    { round: 1, question: 2, topic: 'what-happens', step: 41, student: 'Red, Owl', given: { form: 'outcome', outcome: 'back' }, right: false, seconds: 7.06 },
  ];
  const csv = resultsCsv(rows);
  const lines = csv.split('\r\n');
  assert.equal(lines[0], 'round,question,step,student,answer,right,seconds');
  assert.equal(lines[1], '1,1 (free-squares),40,Blue Fox 12,00101100,right,12.3');
  assert.equal(lines[2], `2,1 (free-squares),40,'=cmd|' /C calc'!A0,00000011,wrong,3`);
  assert.equal(lines[3], '1,2 (what-happens),41,"Red, Owl",Back up,wrong,7.1');
  assert.equal(lines[4], '');
  assert.equal(lines.length, 5);
});

test('answers as text and as bit patterns, column 1 first', () => {
  assert.equal(answerText({ form: 'digits', mask: 1 }, 4), '0001');
  assert.equal(answerText({ form: 'rows', ld: 1, col: 2, rd: 4 }, 4), 'ld 0001, col 0010, rd 0100');
  assert.equal(answerText({ form: 'outcome', outcome: 'solution' }, 4), 'A solution');
  assert.deepEqual(answerPatterns({ form: 'digits', mask: 8 }, 4), [['', '1000']]);
  assert.deepEqual(answerPatterns({ form: 'rows', ld: 1, col: 2, rd: 4 }, 3), [['ld', '001'], ['col', '010'], ['rd', '100']]);
  assert.deepEqual(answerPatterns({ form: 'outcome', outcome: 'back' }, 4), []);
  assert.deepEqual(rightGiven({ form: 'digits', mask: 5 }), { form: 'digits', mask: 5 });
  assert.equal(rightGiven(null), null);
});

test('a loopback host (this computer only): localhost, 127.0.0.0/8, [::1]; a LAN or public address is not', () => {
  for (const host of ['localhost', 'LOCALHOST', 'localhost.', 'class.localhost', '127.0.0.1', '127.1.2.3', '127.255.255.255', '[::1]']) {
    assert.equal(isLoopbackHost(host), true, host);
  }
  for (const host of ['192.168.1.20', '10.0.0.127', '128.0.0.1', '127.0.0', '127.0.0.256', '[::2]', 'bitqueens.example', 'localhost.example', '', undefined]) {
    assert.equal(isLoopbackHost(host), false, String(host));
  }
});

test('the answers the teacher\'s page keeps: the later answer of a student to a round stays, whatever the order rows come in', () => {
  const row = (question, round, studentId, mask, seconds = 1) => ({ question, round, studentId, n: 4, topic: 'free-squares', step: 0, student: `S${studentId}`, given: { form: 'digits', mask }, right: mask === 15, seconds });
  const answers = new ClassAnswers();
  answers.take([row(1, 1, 1, 15), row(1, 1, 2, 3, 1)]);
  answers.take([row(1, 1, 2, 15, 4)]); // student 2 changed their mind
  answers.take([row(1, 2, 2, 7)]); // round 2 is another answer
  answers.take([null, 'junk', 7]); // junk from the wire is skipped
  answers.take(undefined);
  assert.equal(answers.size, 3);
  assert.deepEqual(answers.rows().map((r) => [r.question, r.round, r.studentId, r.given.mask]), [[1, 1, 1, 15], [1, 1, 2, 15], [1, 2, 2, 7]]);
  // A `results` made before student 2's second answer, arriving after it: the later one stays.
  answers.take([row(1, 1, 1, 15), row(1, 1, 2, 3, 1), row(2, 1, 3, 1)]);
  assert.deepEqual(answers.rows().map((r) => [r.question, r.round, r.studentId, r.given.mask]), [[1, 1, 1, 15], [1, 1, 2, 15], [1, 2, 2, 7], [2, 1, 3, 1]]);
  // A restarted server numbers its questions from 1 again: they follow the part before.
  answers.restarted();
  answers.take([]); // the reopened room has no answers yet
  answers.take([row(1, 1, 1, 0), row(2, 1, 1, 0)]);
  assert.deepEqual(answers.rows().map((r) => r.question), [1, 1, 1, 2, 3, 4]);
  assert.match(resultsCsv(answers.rows()).split('\r\n')[6], /^1,4 \(free-squares\),0,S1,0000,wrong,1$/);
  // A restart before any answer starts no empty part.
  const fresh = new ClassAnswers();
  fresh.restarted();
  fresh.take([row(1, 1, 1, 15)]);
  assert.deepEqual(fresh.rows().map((r) => r.question), [1]);
});

test('the answers kept over a reload: kept() and back, a part begun after a restart included even when empty', () => {
  const row = (question, studentId) => ({ question, round: 1, studentId, n: 4, topic: 'free-squares', step: 0, student: `S${studentId}`, given: { form: 'digits', mask: 1 }, right: false, seconds: 1 });
  const answers = new ClassAnswers();
  answers.take([row(1, 1), row(2, 1)]);
  answers.restarted(); // nothing answered since
  const back = new ClassAnswers(JSON.parse(JSON.stringify(answers.kept())));
  assert.deepEqual(back.kept(), answers.kept());
  back.take([row(1, 2)]); // the restarted server's question 1: after the two before
  assert.deepEqual(back.rows().map((r) => [r.question, r.studentId]), [[1, 1], [2, 1], [3, 2]]);
  for (const junk of [undefined, null, 'x', [null, 7], { parts: [] }]) {
    assert.equal(new ClassAnswers(junk).size, 0, `${JSON.stringify(junk)} keeps nothing`);
  }
});
