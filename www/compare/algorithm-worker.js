// A worker that runs one algorithm's whole search, for the race of the algorithms
// (algorithm-race.js). Job: {n, algorithm} (a slug). Answers, in order:
//   {kind: 'size', nodes}                      the tree's nodes, before the run
//   {kind: 'progress', nodes, ms}              about ten times a second
//   {kind: 'done', solutions, nodes, operations, ms}   solutions: the boards passed by the
//                                              whole run, so every solution of the board
//   {kind: 'failed', error}
// ms is measured here, from the start of the run: message latency is not in it. The run is
// stopped by terminating the worker.

import { coreFromPage } from '../shared/core.js';

const core = coreFromPage(); // the page's compiled core, its first message
const SLICE = 2_000_000; // steps between looks at the clock

self.onmessage = async ({ data: { n, algorithm } }) => {
  try {
    const { Search, treeNodes } = await core;
    self.postMessage({ kind: 'size', nodes: treeNodes(n, false) });
    const search = new Search(n, false, algorithm);
    const started = performance.now();
    let reported = started;
    while (!search.finished) {
      search.run(SLICE, false, 0);
      const now = performance.now();
      if (now - reported > 100) {
        reported = now;
        self.postMessage({ kind: 'progress', nodes: search.snapshot().nodes, ms: now - started });
      }
    }
    const ms = performance.now() - started;
    const { boardsPassed, nodes, operations } = search.snapshot();
    search.free();
    self.postMessage({ kind: 'done', solutions: boardsPassed, nodes, operations, ms });
  } catch (error) {
    self.postMessage({ kind: 'failed', error: error instanceof Error ? error.message : String(error) });
  }
};
