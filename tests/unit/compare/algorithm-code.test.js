// The six algorithms' code panels: the three renderings line up line for line, and every
// step an algorithm takes highlights lines that exist.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { CODE } from '../../../www/compare/algorithm-code.js';
import { loadCore } from '../../support/core.js';

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

test('Your program’s code panel: the learner’s lines in Richards’ skeleton, comments left out, each step’s lines on them', async () => {
  const { codeOf } = await import('../../../www/compare/algorithms/yours.js');
  const core = await loadCore(); // the loop's exercises and the lines its lexer reads
  const code = codeOf({
    'free-squares': '// free\nposs = ~(ld | col | rd) & done;\n',
    'lowest-bit': 'bit = poss & -poss; # lowest',
    'take-it-away': '\n\nposs = poss - bit;',
    'next-row': 'next_ld = (ld | bit) >> 1;\nnext_col = col | bit;\nnext_rd = (rd | bit) << 1;',
  }, core);
  const at = (kind) => code.lines[kind].map((i) => code.pseudocode[i].trim());
  assert.deepEqual(at('free'), ['poss = ~(ld | col | rd) & done;']);
  assert.deepEqual(at('try'), ['bit = poss & -poss;', 'poss = poss - bit;']);
  assert.deepEqual(at('place'), ['next_ld = (ld | bit) >> 1;', 'next_col = col | bit;', 'next_rd = (rd | bit) << 1;', 'search(next_ld, next_col, next_rd)']);
  assert.ok(code.pseudocode.every((line) => !line.includes('#') || line.includes('loop over')), 'comments left out');
  assert.equal(code.rust.length, code.pseudocode.length);
});
