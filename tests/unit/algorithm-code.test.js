// The six algorithms' code panels: the three renderings line up line for line, and every
// step an algorithm takes highlights lines that exist.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { CODE } from '../../www/compare/algorithm-code.js';

const TESTS_ATTACKED_SQUARES = ['board-scan', 'flag-arrays', 'rows-as-integers', 'bit-by-bit'];

for (const [slug, code] of Object.entries(CODE)) {
  test(`${slug}: pseudocode, Rust and JavaScript line up, and each step's lines exist`, () => {
    const lengths = ['pseudocode', 'rust', 'javascript'].map((language) => code[language].length);
    assert.equal(new Set(lengths).size, 1, `line counts ${lengths}`);
    const kinds = ['solution', 'free', 'try', 'place', 'backtrack', 'finished', ...(TESTS_ATTACKED_SQUARES.includes(slug) ? ['reject'] : [])];
    for (const kind of kinds) {
      const lines = code.lines[kind];
      assert.ok(lines?.length > 0, `${kind} highlights nothing`);
      for (const line of lines) assert.ok(line >= 0 && line < lengths[0], `${kind}: line ${line}`);
    }
  });
}

test('all six algorithms have code, under the slugs the core uses', () => {
  assert.deepEqual(Object.keys(CODE).sort(),
    ['bit-by-bit', 'board-scan', 'flag-arrays', 'free-masks', 'richards', 'rows-as-integers']);
});
