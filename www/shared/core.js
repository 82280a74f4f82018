// The wasm core, fetched and compiled once per page. The page compiles www/pkg's .wasm
// (compileCore), starts its own instance (startCore) and posts the compiled WebAssembly.Module
// to each worker it starts (giveCore), as the worker's first message; the worker starts its
// instance from that module (coreFromPage) and never fetches the .wasm itself.
// The instance is wired to the JS glue wasm-bindgen wrote for a bundler (www/pkg/bitqueens_bg.js),
// here only (tests/support/core.js starts the core in Node with startCore too).
import * as glue from '../pkg/bitqueens_bg.js';

/** Fetches and compiles the core: a promise of its WebAssembly.Module. */
export function compileCore() {
  return WebAssembly.compileStreaming(fetch(new URL('../pkg/bitqueens_bg.wasm', import.meta.url)));
}

/** Starts this thread's instance of the compiled core; resolves to its exports (Search, limits(), …).
 *  Once per thread: the glue holds one instance. */
export async function startCore(module) {
  const instance = await WebAssembly.instantiate(module, { './bitqueens_bg.js': glue });
  glue.__wbg_set_wasm(instance.exports);
  instance.exports.__wbindgen_start();
  return glue;
}

/** Posts the compiled core to a worker just started, before any job; returns the worker. */
export function giveCore(worker, module) {
  worker.postMessage({ core: module });
  return worker;
}

/** In a worker: the core, started from the module the page posts first (giveCore). Call it at the
 *  top of the worker, before setting self.onmessage: its listener then runs first and keeps that
 *  first message from the worker's job handler. */
export function coreFromPage() {
  return new Promise((resolve, reject) => {
    self.addEventListener('message', (event) => {
      event.stopImmediatePropagation();
      startCore(event.data.core).then(resolve, reject);
    }, { once: true });
  });
}
