// The wasm core in Node, for the unit tests that need its constants or its answers: the .wasm
// read from www/pkg, compiled here, and started by the page's own startCore
// (www/shared/core.js). Needs `npm run build:wasm` first (npm test builds it).
import { readFileSync, existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { startCore } from '../../www/shared/core.js';

const wasm = fileURLToPath(new URL('../../www/pkg/bitqueens_bg.wasm', import.meta.url));

let started = null;

/** The core's exports (Search, limits(), algorithmNames(), predictTopics(), …): started once
 *  per test file, however often asked (the glue holds one instance: a second start would leave
 *  the first one's objects reading the wrong memory). */
export function loadCore() {
  started ??= (async () => {
    if (!existsSync(wasm)) {
      throw new Error('www/pkg/ is not built: run `npm run build:wasm` (npm test does) first.');
    }
    return startCore(await WebAssembly.compile(readFileSync(wasm)));
  })();
  return started;
}

/** Loads the core and installs its constants (published counts, counting methods) for the
 *  page's modules under test, as main.js does; returns the core. */
export async function loadCoreWithConstants() {
  const core = await loadCore();
  const { installCoreConstants } = await import('../../www/shared/core-constants.js');
  installCoreConstants(core);
  return core;
}
