// The page's copy of the published tables (www/shared/published.js) against the Rust copy
// (crate/src/published.rs): the same values, for every n both hold.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { TOTALS, UNIQUES, published } from '../../www/shared/published.js';

/** The values of `pub const NAME: [u64; K] = [...]` in the Rust source, as BigInts. */
function rustTable(name) {
  const source = readFileSync(new URL('../../crate/src/published.rs', import.meta.url), 'utf8');
  const body = source.match(new RegExp(`pub const ${name}: \\[u64; (\\d+)\\] = \\[([^\\]]*)\\]`));
  assert.ok(body, `${name} not found in crate/src/published.rs`);
  const values = body[2].split(',').map((v) => v.replace(/_/g, '').trim()).filter(Boolean).map(BigInt);
  assert.equal(values.length, Number(body[1]), `${name}: length`);
  return values;
}

for (const [name, js] of [['A000170', TOTALS], ['A002562', UNIQUES]]) {
  test(`${name}: the JS copy equals the Rust copy for every n it holds`, () => {
    const rust = rustTable(name);
    assert.ok(js.length >= 21 && js.length <= rust.length, `${js.length} values`);
    js.forEach((value, i) => {
      assert.ok(Number.isSafeInteger(value), `n=${i + 1}: ${value} is not exact in JS`);
      assert.equal(BigInt(value), rust[i], `n=${i + 1}`);
    });
  });
}

test('published(n) answers for 1..25 and null outside', () => {
  assert.deepEqual(published(8), { total: 92, unique: 12 });
  for (const n of [0, 26, 7.5, NaN, '8']) assert.equal(published(n), null, String(n));
});
