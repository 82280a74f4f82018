// The tree-size worker: measures the search tree of one board size off the main thread, for
// the Explored figure. One job at a time, posted by tree-sizes.js; a job is stopped by
// terminating the worker. Jobs and answers:
//   {kind: 'count', n}                  exact, part by part: {kind: 'progress', n, done, parts}
//                                       after each part, then {kind: 'counted', n, mirror,
//                                       whole}: each {nodes, deadEnds, solutions, byRow, steps}
//   {kind: 'estimate', n, probes, seed} Knuth's random probes: {kind: 'estimated', n, mirror,
//                                       whole}: each {nodes, standardError, probes}
//   any failure                         {kind: 'failed', n, error}
// `mirror` is the tree of the mirror-mode search, `whole` that of the whole search: one count
// gives both (see tree::SizeByParts).

import { coreFromPage } from '../shared/core.js';

const core = coreFromPage(); // the page's compiled core, its first message

self.onmessage = async ({ data: job }) => {
  const { n } = job;
  try {
    const { TreeCounter, estimateTree } = await core;
    if (job.kind === 'count') {
      const counter = new TreeCounter(n);
      try {
        for (let i = 0; i < counter.parts; i++) {
          counter.count(i);
          self.postMessage({ kind: 'progress', n, done: i + 1, parts: counter.parts });
        }
        self.postMessage({ kind: 'counted', n, mirror: counter.total(true), whole: counter.total(false) });
      } finally {
        counter.free();
      }
    } else if (job.kind === 'estimate') {
      self.postMessage({
        kind: 'estimated',
        n,
        mirror: estimateTree(n, true, job.probes, job.seed),
        whole: estimateTree(n, false, job.probes, job.seed),
      });
    } else {
      throw new Error(`unknown job ${JSON.stringify(job.kind)}`);
    }
  } catch (error) {
    self.postMessage({ kind: 'failed', n, error: error instanceof Error ? error.message : String(error) });
  }
};
