// The GPU this browser offers the page (WebGPU), asked for without loading the GPU counter
// itself (gpu-count.js, on demand): the count panel names it, and counts on it when chosen.

/** The GPU this browser offers, or null (no WebGPU, no adapter, or the request failed):
 *  {adapter, name}. */
export async function gpuAdapter(gpu = globalThis.navigator?.gpu) {
  if (!gpu) return null;
  let adapter = null;
  try {
    adapter = await gpu.requestAdapter({ powerPreference: 'high-performance' });
  } catch {
    return null;
  }
  return adapter ? { adapter, name: adapterName(adapter.info) } : null;
}

/** A GPU's name as the browser tells it: its description, else vendor and architecture. */
export function adapterName(info = {}) {
  const words = [info.vendor, info.architecture].filter(Boolean).join(' ');
  return info.description || words || 'a GPU';
}
