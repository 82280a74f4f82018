// Predict mode's words: the prompt of a question, the sentence that explains its answer, the
// masks of the bit panel it hides, and how a learner's answer compares with the right one.
// A question comes from the core (Search.question, see crate/src/session/predict.rs) with its answer;
// nothing here computes an answer, only shows and compares it.
//
// Rows and columns are shown 1-based; masks in binary, most significant bit (column 1) first.

import { toBinary, fullMask } from '../shared/binary.js';
import { maskNames } from '../shared/answer.js';

/** The names of the learner's digit rows for a question, one per mask asked for: the names
 *  of the masks in the core's answer (shared/answer.js), 'mask' or 'ld', 'col', 'rd'. */
export function answerRows(question) {
  return maskNames(question.answer.form);
}

/** The right digits of row `name` (see answerRows), as a mask. */
export function rightMask(question, name) {
  return question.answer[name];
}

/** What the question asks, in one or two sentences. */
export function prompt(question) {
  const { topic, n, row, poss, complement, next } = question;
  const r = row + 1;
  switch (topic) {
    case 'free-squares':
      return `Which squares of row ${r} are free? Mark the new poss = ~(ld | col | rd) & done.` +
        (question.searched !== fullMask(n) ? ` In mirror mode only the columns of ${toBinary(question.searched, n)} are searched in this row.` : '');
    case 'lowest-bit':
      return `poss = ${toBinary(poss, n)}. Which square of row ${r} does bit = poss & -poss pick?`;
    case 'twos-complement':
      return complement
        ? `poss = ${toBinary(poss, n)}. What is ~poss in binary (${n} digits)?`
        : `poss = ${toBinary(poss, n)}. What is -poss in binary (${n} digits, two’s complement)?`;
    case 'next-row':
      return `The next step places a queen in row ${r}, column ${next.column + 1}. What are row ${r + 1}’s ld, col and rd?`;
    case 'what-happens':
      return row === n
        ? 'Every row holds a queen. What does the search do next: place a queen, back up, or a solution?'
        : `What does the search do next in row ${r}: place a queen, back up, or a solution?`;
    default:
      return `Unknown question “${topic}”.`;
  }
}

/** Why the right answer is right: one sentence with the numbers, as the narration says it. */
export function explain(question) {
  const { topic, n, row, ld, col, rd, poss, answer, next, complement } = question;
  const b = (mask) => toBinary(mask, n);
  const r = row + 1;
  switch (topic) {
    case 'free-squares':
      return `A square is free when no mask marks it: ld = ${b(ld)}, col = ${b(col)}, rd = ${b(rd)}, so poss = ~(ld | col | rd) & done = ${b(answer.mask)}` +
        (question.searched !== fullMask(n) ? `, within the searched columns ${b(question.searched)}.` : '.');
    case 'lowest-bit':
      return `-poss flips every digit of poss above its lowest 1, so poss & -poss keeps only that 1: bit = ${b(answer.mask)}, column ${next.column + 1}, the right-most free square.`;
    case 'twos-complement':
      return complement
        ? `~ flips every digit: ~${b(poss)} = ${b(answer.mask)} (within done, the ${n} columns).`
        : `-poss = ~poss + 1: flip every digit of ${b(poss)} and add 1, which gives ${b(answer.mask)} (the last ${n} digits).`;
    case 'next-row':
      return `bit = ${b(1 << (n - 1 - next.column))} (column ${next.column + 1}): (ld | bit) >> 1 = ${b(answer.ld)}, col | bit = ${b(answer.col)}, (rd | bit) << 1 = ${b(answer.rd)} (within done).`;
    case 'what-happens':
      switch (answer.outcome) {
        case 'place': return `poss = ${b(poss)} still holds a free square, so the search takes its lowest bit and places a queen there.`;
        case 'solution': return `col = ${b(col)} = done: every column holds a queen, so this board is a solution.`;
        default:
          return next.kind === 'deadEnd'
            ? `poss = 0: no square of row ${r} is free, a dead end, so the search backs up.`
            : `poss = 0: row ${r} has no square left to try, so the search backs up to row ${next.row + 1}.`;
      }
    default:
      return '';
  }
}

/** The masks of the bit panel (by their names in bits.js) that would give the answer away
 *  or are the answer: hidden until the question is answered. */
export function hiddenLines(question) {
  const nextRow = ['(ld | bit) >> 1', 'col | bit', '(rd | bit) << 1'];
  switch (question.topic) {
    // `ld | col | rd` too: its digits flipped are the answer.
    case 'free-squares': return ['ld | col | rd', '~(ld | col | rd) & done', 'poss', 'bit', ...nextRow];
    case 'lowest-bit':
    case 'twos-complement': return ['bit', ...nextRow];
    case 'next-row': return nextRow;
    default: return [];
  }
}

/**
 * How `given` (the learner's answer in the core's shape, shared/answer.js; null for no outcome
 * chosen) compares with the question's: {right: true when all of it is right, digits: {name:
 * [true|false per column]}}, `name` as answerRows says. A mask not given counts as all 0.
 */
export function compare(question, given) {
  if (question.answer.form === 'outcome') {
    return { right: given?.outcome === question.answer.outcome, digits: {} };
  }
  const { n } = question;
  const digits = {};
  let right = true;
  for (const name of answerRows(question)) {
    const want = toBinary(rightMask(question, name), n);
    const got = toBinary(given?.[name] ?? 0, n);
    digits[name] = [...want].map((digit, c) => digit === got[c]);
    right &&= want === got;
  }
  return { right, digits };
}
