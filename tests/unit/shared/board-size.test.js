import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseBoardSize, parseBoardSizeField } from '../../../www/shared/board-size.js';

/** The player's largest board (the page reads the core's board::MAX_N from wasm limits()). */
const LARGEST = 32;

test('whole numbers from 1 to 32 are board sizes', () => {
  for (const [text, n] of [['1', 1], ['8', 8], [' 32 ', 32], ['+6', 6], ['08', 8]]) {
    assert.deepEqual(parseBoardSize(text, LARGEST), { ok: true, n });
  }
});

test('everything else is refused with a message naming the range', () => {
  for (const text of ['0', '33', '-4', 'abc', '', '8.5', '1e1', '8abc', null, undefined, '9'.repeat(40)]) {
    const result = parseBoardSize(text, LARGEST);
    assert.equal(result.ok, false, `accepted ${text}`);
    assert.match(result.message, /1 to 32/);
  }
});

test('long junk is clipped in the message', () => {
  const { message } = parseBoardSize('x'.repeat(500), LARGEST);
  assert.ok(message.length < 120, message);
});

test('a smaller upper bound is checked and named in the message', () => {
  assert.deepEqual(parseBoardSize('20', 20), { ok: true, n: 20 });
  for (const text of ['21', '0', '', 'x']) {
    const result = parseBoardSize(text, 20);
    assert.equal(result.ok, false, text);
    assert.match(result.message, /1 to 20\.$/, text);
  }
});

test('a number field that holds typed non-numbers is told apart from an empty one; its own max bounds it', () => {
  assert.match(parseBoardSizeField({ value: '', validity: { badInput: true }, max: '32' }).message, /is not a number: use 1 to 32/);
  assert.match(parseBoardSizeField({ value: '', validity: { badInput: false }, max: '32' }).message, /is empty/);
  assert.match(parseBoardSizeField({ value: '33', validity: { badInput: false }, max: '32' }).message, /out of range: use 1 to 32/);
  assert.deepEqual(parseBoardSizeField({ value: '9', validity: { badInput: false } }, 16), { ok: true, n: 9 });
});
