// Predict's reason for a wrong try, from the wasm core in Node (Search.reason, the core's
// predict::reason): the answers here are worked out from the board's geometry (the queens on
// it), never from the core's answer key, and the lines expected are the core's own wording.
// Needs `npm run build:wasm` first.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadCore } from '../../support/core.js';
import { answerOf, maskNames, OUTCOMES } from '../../../www/shared/answer.js';

const core = await loadCore();

/** The squares of row `row` (as a mask, column 0 the highest bit) that a queen of `queens`
 *  (a column per row above) attacks. */
function attacked(n, queens, row) {
  let mask = 0;
  for (let c = 0; c < n; c++) {
    const hit = queens.some((q, r) => q === c || Math.abs(q - c) === row - r);
    if (hit) mask |= 1 << (n - 1 - c);
  }
  return mask;
}

test('a wrong answer gets the core’s one line; a right one gets null', () => {
  const n = 8;
  const search = new core.Search(n);
  const done = (1 << n) - 1;
  try {
    // Row 1, no queen yet: every square free.
    const first = search.question(['free-squares'], 0);
    assert.equal(search.reason(first, { form: 'digits', mask: done }), null, 'every square free is right');
    assert.equal(search.reason(first, { form: 'digits', mask: 0b10100000 }),
      'A free square is missing: every column no mask attacks is free.');
    assert.equal(search.reason(first, { form: 'digits', mask: done | (1 << n) }),
      'Some digits lie off the board: a mask has one digit per column.', 'a square off the board');
    // Row 2, one queen above: the attacked squares given for the free ones.
    search.step(); // free
    search.step(); // try
    search.step(); // place
    const queens = search.snapshot().queens;
    assert.equal(queens.length, 1);
    const second = search.question(['free-squares'], 0);
    assert.equal(second.row, 1);
    const hit = attacked(n, queens, 1);
    assert.equal(search.reason(second, { form: 'digits', mask: hit }),
      'These are the attacked squares: is the `~` missing in `~(ld | col | rd)`?');
    assert.equal(search.reason(second, { form: 'digits', mask: ~hit & done }), null, 'the squares no queen attacks: right');
    assert.equal(search.steps, 3, 'the search does not move');
  } finally {
    search.free();
  }
});

test('two’s complement asked as ~poss: -poss given gets the line about the +1', () => {
  const n = 6;
  const search = new core.Search(n);
  try {
    search.step(); // free: the next step is a try
    // Turn 1 with one topic asks ~poss (see predict::question).
    const question = search.question(['twos-complement'], 1);
    assert.equal(question.complement, true);
    const done = (1 << n) - 1;
    const minus = (-question.poss) & done;
    assert.equal(search.reason(question, { form: 'digits', mask: minus }),
      'That is `-poss` (`~poss + 1`): `~poss` only flips every digit, with no +1.');
    assert.equal(search.reason(question, { form: 'digits', mask: ~question.poss & done }), null);
  } finally {
    search.free();
  }
});

test('the page’s answers (shared/answer.js, as the answer input reads them) are what the core takes, in each form', () => {
  const n = 6;
  const search = new core.Search(n);
  try {
    const seen = new Set();
    for (let turn = 0; turn < 200 && seen.size < 3; turn++) {
      for (const topic of ['free-squares', 'next-row', 'what-happens']) {
        const question = search.question([topic], 0);
        if (!question || seen.has(question.answer.form)) continue;
        const { form } = question.answer;
        seen.add(form);
        // Right: the masks (or the outcome) read off the question's own answer.
        const masks = Object.fromEntries(maskNames(form).map((name) => [name, question.answer[name]]));
        const right = answerOf(form, { masks, outcome: question.answer.outcome });
        assert.equal(search.reason(question, right), null, `${form}: the right answer, as the page gives it`);
        // Wrong: each mask with its column 1 flipped, or another outcome.
        const flipped = Object.fromEntries(Object.entries(masks).map(([name, mask]) => [name, mask ^ (1 << (n - 1))]));
        const other = OUTCOMES.find((o) => o.outcome !== question.answer.outcome).outcome;
        const wrong = answerOf(form, { masks: flipped, outcome: other });
        const line = search.reason(question, wrong);
        assert.ok(typeof line === 'string' && line.length > 10, `${form}: a wrong answer gets a line (${line})`);
      }
      search.step();
    }
    assert.deepEqual([...seen].sort(), ['digits', 'outcome', 'rows']);
  } finally {
    search.free();
  }
});

test('bad input is a thrown Error with a sentence, never a panic; the search goes on', () => {
  const search = new core.Search(8);
  try {
    const question = search.question(['free-squares'], 0);
    const junk = [
      [question, null], [question, 'digits'], [question, { form: 'digits' }], [question, { form: 'digits', mask: -1 }],
      [question, { form: 'digits', mask: 1.5 }], [question, { form: 'digits', mask: 2 ** 32 }],
      [question, { form: 'outcome', outcome: 'fly' }], [question, { form: 'bits', mask: 1 }],
      [null, { form: 'digits', mask: 1 }], [{}, { form: 'digits', mask: 1 }], [{ ...question, topic: 'poss' }, { form: 'digits', mask: 1 }],
      [{ ...question, answer: { form: 'digits', mask: 1 } }, { form: 'digits', mask: 1 }], // not the question asked here
    ];
    for (const [q, given] of junk) {
      assert.throws(() => search.reason(q, given), (error) => error instanceof Error
        && !(error instanceof WebAssembly.RuntimeError) && error.message.length > 10, JSON.stringify([q?.topic, given]));
    }
    search.step();
    assert.equal(search.steps, 1, 'the core still works');
  } finally {
    search.free();
  }
});
