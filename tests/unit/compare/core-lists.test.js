// What the core tells Compare about the algorithms and the learner's loop: which algorithm
// runs a learner's program, the loop's exercises, and an answer's code lines (by its lexer).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadCore } from '../../support/core.js';
import { ALGORITHMS, YOURS } from '../../../www/compare/algorithms/index.js';

const core = await loadCore();

test('algorithmNames lists every algorithm; only Your program needs a program', () => {
  const named = core.algorithmNames();
  assert.deepEqual(named.filter((a) => !a.needsProgram).map((a) => a.slug), ALGORITHMS.map((a) => a.slug));
  assert.deepEqual(named.filter((a) => a.needsProgram).map((a) => [a.slug, a.name]), [[YOURS, 'Your program']]);
  assert.ok(named.every((a) => typeof a.needsProgram === 'boolean'));
});

test('the loop’s exercises are exercises that say they make the loop, in the order it runs them', () => {
  const loop = core.loopExercises();
  assert.deepEqual(loop, ['free-squares', 'lowest-bit', 'take-it-away', 'next-row']);
  assert.deepEqual(core.exercises().filter((e) => e.loop).map((e) => e.slug).sort(), [...loop].sort());
});

test('codeLines keeps each line’s code as the lexer reads it, comments and blanks left out', () => {
  assert.deepEqual(core.codeLines('# why\n  poss = ld | col; // all\n\n x = 1;#c\n'), ['poss = ld | col;', 'x = 1;']);
  assert.deepEqual(core.codeLines(''), []);
  assert.deepEqual(core.codeLines('💥 = ld'), ['💥 = ld']);
});
