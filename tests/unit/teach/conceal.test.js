// The Concealer (www/teach/conceal.js): Predict and the live class hide a question's answer
// through it at once; what is hidden is the union, and one shown again leaves the other's.
// Any question open hides the Search tree (its nodes below the current one give every kind of
// answer), until the last one is shown.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Concealer } from '../../../www/teach/conceal.js';
import { hiddenLines } from '../../../www/teach/questions.js';

function fakes() {
  const seen = { hidden: [], free: false, poss: false };
  const bits = { hide: (names) => { seen.hidden = [...names].sort(); } };
  const board = { classList: { toggle: (name, on) => { assert.equal(name, 'asking-free'); seen.free = on; } } };
  const tree = { hidePoss: (hidden) => { seen.poss = hidden; } };
  return { seen, concealer: new Concealer(bits, board, tree) };
}

test('a free-squares question hides its masks and the board\'s free squares; null shows them', () => {
  const { seen, concealer } = fakes();
  concealer.conceal('class', { topic: 'free-squares' });
  assert.deepEqual(seen.hidden, [...hiddenLines({ topic: 'free-squares' })].sort());
  assert.equal(seen.free, true);
  assert.equal(seen.poss, true, 'the Search tree gives no poss');
  concealer.conceal('class', null);
  assert.deepEqual(seen.hidden, []);
  assert.equal(seen.free, false);
  assert.equal(seen.poss, false);
});

test('every kind of question hides the Search tree until the last open one is shown', () => {
  const { seen, concealer } = fakes();
  for (const topic of ['lowest-bit', 'twos-complement', 'next-row', 'what-happens', 'free-squares']) {
    concealer.conceal('predict', { topic });
    assert.equal(seen.poss, true, topic);
    assert.equal(concealer.hiding, true, topic);
  }
  concealer.conceal('class', { topic: 'lowest-bit' });
  concealer.conceal('predict', null); // the class's question still open
  assert.equal(seen.poss, true);
  concealer.conceal('class', null);
  assert.equal(seen.poss, false);
  assert.equal(concealer.hiding, false);
});

test('Predict and the class at once: the union is hidden, and each shows only its own again', () => {
  const { seen, concealer } = fakes();
  concealer.conceal('predict', { topic: 'next-row' });
  concealer.conceal('class', { topic: 'free-squares' });
  assert.equal(seen.free, true);
  assert.ok(hiddenLines({ topic: 'next-row' }).every((line) => seen.hidden.includes(line)));
  concealer.conceal('class', null); // the class's answers shown: Predict's question still open
  assert.deepEqual(seen.hidden, [...hiddenLines({ topic: 'next-row' })].sort());
  assert.equal(seen.free, false);
  concealer.conceal('predict', null);
  assert.deepEqual(seen.hidden, []);
});

test('onHiding is told once when hiding begins, not while another question is open, and again after all were shown', () => {
  const { concealer } = fakes();
  let told = 0;
  concealer.onHiding = () => { told += 1; };
  concealer.conceal('class', { topic: 'lowest-bit' });
  concealer.conceal('predict', { topic: 'next-row' });
  concealer.conceal('class', null);
  assert.equal(told, 1);
  concealer.conceal('predict', null);
  concealer.conceal('predict', { topic: 'free-squares' });
  assert.equal(told, 2);
});
