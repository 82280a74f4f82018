// The GPU count's host side (www/count/gpu-count.js, gpu-adapter.js): the weighted sum of the
// kernel's two 32-bit halves, exact past 2^53; and the adapter asked for as the browser allows.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { weightedSum } from '../../../www/count/gpu-count.js';
import { gpuAdapter, adapterName } from '../../../www/count/gpu-adapter.js';

test('a chunk’s sum weighs each partial board’s count, read from its two 32-bit halves', () => {
  // Three boards: weights 2, 1, 2; counts 5, 2^32 + 7 (hi 1), and 2^52 + 1 (hi 2^20).
  const boards = new Uint32Array([0, 1, 0, 2, 0, 4, 0, 1, 0, 8, 0, 2]);
  const counts = new Uint32Array([5, 0, 7, 1, 1, 1 << 20]);
  const expected = 2n * 5n + (2n ** 32n + 7n) + 2n * (2n ** 52n + 1n);
  assert.equal(weightedSum(boards, counts), expected);
  assert.ok(expected > BigInt(Number.MAX_SAFE_INTEGER), 'past what a Number holds exactly');
  assert.equal(weightedSum(new Uint32Array(), new Uint32Array()), 0n);
});

test('the adapter: none without WebGPU, none when refused or failing, else named', async () => {
  assert.equal(await gpuAdapter(undefined), null);
  assert.equal(await gpuAdapter({ requestAdapter: async () => null }), null);
  assert.equal(await gpuAdapter({ requestAdapter: async () => { throw new Error('blocked'); } }), null);
  const found = await gpuAdapter({ requestAdapter: async () => ({ info: { vendor: 'google', architecture: 'swiftshader' } }) });
  assert.equal(found.name, 'google swiftshader');
  assert.equal(adapterName({ description: 'NVIDIA H200', vendor: 'nvidia' }), 'NVIDIA H200');
  assert.equal(adapterName({}), 'a GPU');
});
