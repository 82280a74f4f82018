// End-to-end: Count all on the GPU, with WebGPU on SwiftShader (the CPU's Vulkan that Debian's
// Chromium carries: no GPU needed). The kernel's counts against the published tables for every
// N from 1 to 12, the same count as the CPU's workers, the split said, the GPU chunk loaded only
// when a GPU count starts; and, in a browser without WebGPU, no GPU offered.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { usePage, button } from '../../support/session.js';
import { text, setSize, countIdle, resultText } from '../../support/count-panel.js';
import { published } from '../../support/published.js';

const session = usePage({ webgpu: true });
/** The largest board counted on the GPU: 12, and 13 in npm run test:slow. */
const LARGEST = Number(process.env.BITQUEENS_GPU_LARGEST_N ?? 12);

/** Count on: the GPU chosen, once the panel has named it. */
async function chooseGpu(page) {
  const device = page.locator('#count-device');
  await device.locator('option[value="gpu"]').waitFor({ state: 'attached' });
  await device.selectOption('gpu');
}

async function countAll(page, n) {
  await setSize(page, String(n));
  await button(page, 'Count all').click();
  await countIdle(page);
  return text(page, 'count-result');
}

test(`Count all on the GPU (SwiftShader): every N from 1 to ${LARGEST} as published, the split said, the GPU code loaded only then`, async () => {
  const page = await session.open();
  const label = page.locator('#count-device-label');
  // The browser is asked for a GPU once the panel is seen, not at load.
  await page.locator('#count-panel').scrollIntoViewIfNeeded();
  await label.waitFor();
  const offered = await page.locator('#count-device option[value="gpu"]').textContent();
  assert.match(offered, /^the GPU: \S/, 'named as the browser names it');
  const gpuChunk = () => page.requests.some((url) => /gpu-count\.[0-9a-f]+\.js$/.test(url));
  assert.equal(gpuChunk(), false, 'not loaded with the page');
  await chooseGpu(page);
  assert.equal(await page.locator('#count-workers').isDisabled(), true, 'the workers are the CPU’s');
  for (let n = 1; n <= LARGEST; n += 1) {
    const result = await countAll(page, n);
    assert.ok(result.startsWith(resultText(n, published(n))), `${n}: ${result}`);
    assert.match(result, /✓ agree/, `${n}`);
    if (n !== 12) continue;
    const status = await text(page, 'count-status');
    assert.match(status, /^Counted in .* on the GPU \(.+\), .* by the GPU/, status);
    assert.match(status, /The first 3 rows were preset: 378 partial boards .* one GPU invocation each, in \d+ chunks\./, status);
  }
  assert.equal(gpuChunk(), true, 'loaded when a GPU count started');
  // The history lists the GPU's rows as the GPU's.
  const row12 = page.locator('#count-table tbody tr', { hasText: /^12/ });
  assert.match(await row12.first().textContent(), /gpu.*GPU/);
});

test('the GPU and the CPU’s workers give the same count of the same board', async () => {
  const page = await session.open();
  await page.locator('#count-panel').scrollIntoViewIfNeeded();
  await page.locator('#count-device-label').waitFor();
  const onCpu = await countAll(page, 11);
  await chooseGpu(page);
  const onGpu = await countAll(page, 11);
  const counts = (result) => result.match(/^N = 11: [\d,]+ solutions, [\d,]+ unique\./)?.[0];
  assert.ok(counts(onCpu), onCpu);
  assert.equal(counts(onGpu), counts(onCpu));
  assert.match(await text(page, 'count-status'), /on the GPU/);
});
