// Counting on the GPU with WebGPU: the core's split (GpuSplit: chunks of partial boards, the
// first rows preset) counted by the crate's one WGSL kernel (crate/src/count/gpu/kernel.wgsl,
// which count-runs.js loads as text and hands over), one invocation per partial board.
// DOM-free; loaded on demand (count-runs.js imports it when a GPU count starts), so the first
// load does not carry it.
//
// Invariants:
// - the total is exact: each invocation's count comes back as two 32-bit halves, weighted
//   and summed as BigInt;
// - a chunk is counted whole or not at all: `done` chunks are counted, the next is the one
//   to count (a lost device is replaced and the count goes on at that chunk); consecutive
//   chunks are gathered into one dispatch, and counted together or not at all;
// - nothing is sent to the GPU after `signal` aborts; the count then throws `signal.reason`.

import { gpuAdapter } from './gpu-adapter.js';
import { t } from '../shared/l10n.js';

/** Invocations in a workgroup: the kernel's @workgroup_size. */
const WORKGROUP = 64;
/** The most workgroups in one dimension of a dispatch (WebGPU's least guaranteed limit). */
const MOST_GROUPS = 65535;
/** Partial boards in one dispatch at most: a chunk of more is counted in several. */
const BATCH = 1 << 20;
/** Partial boards gathered from consecutive chunks before they go to the GPU, at least. */
const GATHER = 1 << 18;
/** How long a failed read back waits for the device's `lost` to tell whether it was lost (ms). */
const LOST_WAIT_MS = 1000;

/** The chunks' boards one after the other, in one array of `size` numbers. */
function joined(chunks, size) {
  const all = new Uint32Array(size);
  let at = 0;
  for (const chunk of chunks) {
    all.set(chunk, at);
    at += chunk.length;
  }
  return all;
}

/** How many times a lost device is replaced in one count before the count fails. */
const REPLACEMENTS = 3;

/** The kernel's pipeline and buffers on one device. */
class Kernel {
  constructor(device, code) {
    this.device = device;
    const module = device.createShaderModule({ code });
    this.pipeline = device.createComputePipeline({ layout: 'auto', compute: { module, entryPoint: 'main' } });
    this.params = device.createBuffer({ size: 16, usage: GPUBufferUsage.UNIFORM | GPUBufferUsage.COPY_DST });
  }

  /** The count of each partial board in `boards` (a Uint32Array of ld, col, rd, weight),
   *  as [lo, hi] pairs, on an n×n board. */
  async counts(n, boards) {
    const { device } = this;
    const len = boards.length / 4;
    const input = device.createBuffer({ size: Math.max(16, boards.byteLength), usage: GPUBufferUsage.STORAGE | GPUBufferUsage.COPY_DST });
    device.queue.writeBuffer(input, 0, boards);
    const outBytes = Math.max(8, len * 8);
    const output = device.createBuffer({ size: outBytes, usage: GPUBufferUsage.STORAGE | GPUBufferUsage.COPY_SRC });
    const readBack = device.createBuffer({ size: outBytes, usage: GPUBufferUsage.MAP_READ | GPUBufferUsage.COPY_DST });
    const counts = new Uint32Array(len * 2);
    try {
      for (let offset = 0; offset < len; offset += BATCH) {
        const batch = Math.min(BATCH, len - offset);
        const groups = Math.ceil(batch / WORKGROUP);
        const x = Math.min(groups, MOST_GROUPS);
        const y = Math.ceil(groups / x);
        device.queue.writeBuffer(this.params, 0, new Uint32Array([n, batch, offset, x * WORKGROUP]));
        const bind = device.createBindGroup({
          layout: this.pipeline.getBindGroupLayout(0),
          entries: [
            { binding: 0, resource: { buffer: this.params } },
            { binding: 1, resource: { buffer: input } },
            { binding: 2, resource: { buffer: output, offset: offset * 8, size: batch * 8 } },
          ],
        });
        const encoder = device.createCommandEncoder();
        const pass = encoder.beginComputePass();
        pass.setPipeline(this.pipeline);
        pass.setBindGroup(0, bind);
        pass.dispatchWorkgroups(x, y);
        pass.end();
        device.queue.submit([encoder.finish()]);
      }
      const encoder = device.createCommandEncoder();
      encoder.copyBufferToBuffer(output, 0, readBack, 0, len * 8);
      device.queue.submit([encoder.finish()]);
      await readBack.mapAsync(GPUMapMode.READ);
      counts.set(new Uint32Array(readBack.getMappedRange(), 0, len * 2));
      readBack.unmap();
    } finally {
      input.destroy();
      output.destroy();
      readBack.destroy();
    }
    return counts;
  }
}

/** The weighted sum of a chunk's counts: Σ weight × (hi·2³² + lo), as a BigInt. */
export function weightedSum(boards, counts) {
  let sum = 0n;
  for (let i = 0; i < counts.length / 2; i += 1) {
    const count = (BigInt(counts[2 * i + 1]) << 32n) | BigInt(counts[2 * i]);
    sum += BigInt(boards[4 * i + 3]) * count;
  }
  return sum;
}

/**
 * Counts every solution of the n×n board on the GPU. `core`: the wasm core ({GpuSplit});
 * `kernel`: the WGSL kernel's text; `gpu`: navigator.gpu; `onProgress({done, of, total, ms})` after each
 * chunk; `onLost(message)` when the device was lost and is being replaced; `signal` stops it.
 * Resolves to {total, presetRows, chunks, partialBoards, adapter, ms} (the total a BigInt).
 */
export async function countOnGpu(n, { core, kernel, gpu = globalThis.navigator?.gpu, onProgress = () => {}, onLost = () => {}, signal, clock = performance } = {}) {
  const split = new core.GpuSplit(n);
  const started = clock.now();
  let found = await gpuAdapter(gpu);
  if (!found) throw new Error('This browser gives no GPU (WebGPU) to this page.');
  let device = null;
  let kernelOn = null;
  let replaced = 0;
  let total = 0n;
  let partialBoards = 0;
  try {
    for (let done = 0; done < split.chunks;) {
      signal?.throwIfAborted();
      if (!kernelOn) {
        device = await found.adapter.requestDevice();
        kernelOn = new Kernel(device, kernel);
      }
      // Consecutive chunks go to the GPU together, GATHER boards at least (a chunk of a small
      // board holds a handful, and each dispatch and read back waits on its own).
      const gathered = [];
      let size = 0;
      let next = done;
      while (next < split.chunks && size < GATHER * 4) {
        const chunk = split.boards(next);
        gathered.push(chunk);
        size += chunk.length;
        next += 1;
      }
      const boards = gathered.length === 1 ? gathered[0] : joined(gathered, size);
      let counts;
      try {
        counts = await kernelOn.counts(n, boards);
      } catch (error) {
        // A lost device may reject the read back before its `lost` settles: wait for it briefly.
        const lost = await Promise.race([device.lost, new Promise((resolve) => { setTimeout(() => resolve(null), LOST_WAIT_MS); })]);
        if (!lost || replaced >= REPLACEMENTS) throw error;
        replaced += 1;
        onLost(t('count-gpu-lost', { reason: lost.message || lost.reason || '', chunk: done + 1, chunks: split.chunks }));
        kernelOn = null;
        found = (await gpuAdapter(gpu)) ?? found;
        continue;
      }
      total += weightedSum(boards, counts);
      partialBoards += boards.length / 4;
      done = next;
      onProgress({ done, of: split.chunks, total, ms: clock.now() - started });
    }
    signal?.throwIfAborted();
    return { total, presetRows: split.presetRows, chunks: split.chunks, partialBoards, adapter: found.name, ms: clock.now() - started };
  } finally {
    device?.destroy();
    split.free?.();
  }
}
