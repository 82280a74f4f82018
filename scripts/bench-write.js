// Benchmark of Write it's check in wasm (V8, as in the page): checkAnswer on every exercise,
// a right answer (it meets every state of N=1..10, the edge cases and 2,000 random masks) and
// a wrong one, after the first call (which builds the exercise's table of states once).
// Uses the release wasm that npm run build:wasm leaves in target/, bound for Node.
//   npm run build:wasm && flock -x /tmp/heavy.lock node scripts/bench-write.js
import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { performance } from 'node:perf_hooks';
import { readFileSync, writeFileSync } from 'node:fs';

const out = 'target/bench-write-pkg';
execFileSync('wasm-bindgen', ['--target', 'nodejs', '--out-dir', out,
  'target/wasm32-unknown-unknown/release/bitqueens.wasm']);
writeFileSync(`${out}/package.json`, '{"type": "commonjs"}\n'); // wasm-bindgen's nodejs target is CommonJS
const wasm = createRequire(import.meta.url)(`../${out}/bitqueens.js`);

const ROUNDS = Number(process.env.ROUNDS ?? 20);
const wrong = { 'free-squares': 'poss = ~(ld | col | rd);' };
// The references, read from the core's exercises file (the page gets none of them): right answers.
const references = new Map(JSON.parse(readFileSync('crate/src/exercise/exercises.json', 'utf8'))
  .map((e) => [e.slug, e.reference]));
console.log('| exercise | first call, table built (ms) | right answer, median (ms) | states | other masks | wrong answer (ms) |');
console.log('|---|---|---|---|---|---|');
for (const exercise of wasm.exercises()) {
  const source = references.get(exercise.slug);
  let t = performance.now();
  const first = wasm.checkAnswer(exercise.slug, source);
  if (first.verdict !== 'correct') throw new Error(`${exercise.slug}: ${first.summary}`);
  const firstMs = performance.now() - t;
  const times = [];
  for (let i = 0; i < ROUNDS; i++) {
    t = performance.now();
    wasm.checkAnswer(exercise.slug, source);
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  t = performance.now();
  wasm.checkAnswer(exercise.slug, wrong[exercise.slug] ?? `${exercise.outputs[0].name} = 0;`);
  const wrongMs = performance.now() - t;
  console.log(`| ${exercise.slug} | ${firstMs.toFixed(1)} | ${times[times.length >> 1].toFixed(2)} | ${first.checked.states} | ${first.checked.edge + first.checked.random} | ${wrongMs.toFixed(2)} |`);
}
