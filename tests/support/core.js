// The wasm core in Node, for the unit tests that need its constants or its answers: www/pkg is
// built for a bundler (webpack imports the .wasm), so here the module is instantiated by hand
// with the JS glue wasm-bindgen wrote for it. Needs `npm run build:wasm` first (npm test
// builds it).
import { readFileSync, existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const pkg = fileURLToPath(new URL('../../www/pkg/', import.meta.url));

/** The core's exports (Search, limits(), algorithmNames(), predictTopics(), …). */
export async function loadCore() {
  if (!existsSync(`${pkg}bitqueens_bg.wasm`)) {
    throw new Error('www/pkg/ is not built: run `npm run build:wasm` (npm test does) first.');
  }
  const glue = await import(`${pkg}bitqueens_bg.js`);
  const { instance } = await WebAssembly.instantiate(readFileSync(`${pkg}bitqueens_bg.wasm`), { './bitqueens_bg.js': glue });
  glue.__wbg_set_wasm(instance.exports);
  instance.exports.__wbindgen_start();
  return glue;
}

/** Loads the core and installs its constants (published counts, counting methods) for the
 *  page's modules under test, as main.js does; returns the core. */
export async function loadCoreWithConstants() {
  const core = await loadCore();
  const { installCoreConstants } = await import('../../www/shared/core-constants.js');
  installCoreConstants(core);
  return core;
}
