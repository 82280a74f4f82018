// An answer in the core's shape (www/shared/answer.js): the one list of outcomes, the masks of
// each form, and an answer made from what the learner pressed.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { OUTCOMES, outcomeWords, maskNames, answerOf } from '../../../www/shared/answer.js';

test('the three outcomes in their buttons’ order, with their words', () => {
  assert.deepEqual(OUTCOMES.map((o) => o.outcome), ['place', 'back', 'solution']);
  assert.equal(outcomeWords('back'), 'Back up');
  assert.equal(outcomeWords('fly'), undefined);
  assert.throws(() => { OUTCOMES[0].label = 'x'; }, TypeError, 'one list, that no user changes');
});

test('the masks of each form, named as the core names them', () => {
  assert.deepEqual(maskNames('digits'), ['mask']);
  assert.deepEqual(maskNames('rows'), ['ld', 'col', 'rd']);
  assert.deepEqual(maskNames('outcome'), []);
  assert.deepEqual(maskNames('bits'), []);
});

test('an answer of each form in the core’s shape; a missing mask is 0, an outcome not chosen none', () => {
  assert.deepEqual(answerOf('digits', { masks: { mask: 5 } }), { form: 'digits', mask: 5 });
  assert.deepEqual(answerOf('digits'), { form: 'digits', mask: 0 });
  assert.deepEqual(answerOf('rows', { masks: { ld: 8, rd: 3, extra: 1 } }), { form: 'rows', ld: 8, col: 0, rd: 3 });
  assert.deepEqual(answerOf('outcome', { outcome: 'back', masks: { mask: 1 } }), { form: 'outcome', outcome: 'back' });
  assert.equal(answerOf('outcome', {}), null);
  assert.equal(answerOf('outcome', { outcome: 'fly' }), null);
});
