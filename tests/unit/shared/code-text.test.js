// The core's reasons with their `…` spans cut into code and plain text (www/shared/code-text.js).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { codeParts } from '../../../www/shared/code-text.js';

test('each `…` span is code (without its backticks), the rest plain text, in order', () => {
  assert.deepEqual(codeParts('the squares off the board: is `& done` missing?'), [
    { code: false, text: 'the squares off the board: is ' },
    { code: true, text: '& done' },
    { code: false, text: ' missing?' },
  ]);
  assert.deepEqual(codeParts('`ld` and `rd`'), [
    { code: true, text: 'ld' }, { code: false, text: ' and ' }, { code: true, text: 'rd' },
  ]);
});

test('no span, an unmatched backtick, an empty text: plain text as it is', () => {
  assert.deepEqual(codeParts('right'), [{ code: false, text: 'right' }]);
  assert.deepEqual(codeParts('one ` alone'), [{ code: false, text: 'one ` alone' }]);
  assert.deepEqual(codeParts('``'), [{ code: false, text: '``' }]);
  assert.deepEqual(codeParts(''), []);
  assert.deepEqual(codeParts(null), []);
});

test('markup in a reason stays text: a code part is the characters, never parsed', () => {
  assert.deepEqual(codeParts('`<img src=x onerror=alert(1)>`'), [{ code: true, text: '<img src=x onerror=alert(1)>' }]);
});
