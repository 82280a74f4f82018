import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseBoardSize } from '../../www/board-size.js';

test('whole numbers from 1 to 32 are board sizes', () => {
  for (const [text, n] of [['1', 1], ['8', 8], [' 32 ', 32], ['+6', 6], ['08', 8]]) {
    assert.deepEqual(parseBoardSize(text), { ok: true, n });
  }
});

test('everything else is refused with a message naming the range', () => {
  for (const text of ['0', '33', '-4', 'abc', '', '8.5', '1e1', '8abc', null, undefined, '9'.repeat(40)]) {
    const result = parseBoardSize(text);
    assert.equal(result.ok, false, `accepted ${text}`);
    assert.match(result.message, /1 to 32/);
  }
});

test('long junk is clipped in the message', () => {
  const { message } = parseBoardSize('x'.repeat(500));
  assert.ok(message.length < 120, message);
});
