// How large the search tree of each board size is, learnt once per visit in a worker
// (tree-worker.js): counted exactly up to EXACT_MAX_N, estimated by Knuth's random probes
// beyond. The Explored figure divides by it.
//
// What a caller is told, as it is learnt (for both modes at once: `mirror` and `whole`):
//   {n, kind: 'counting', done, parts}      the exact count is under way
//   {n, kind: 'exact', mirror, whole}       {nodes, deadEnds, solutions, byRow, steps}
//   {n, kind: 'estimate', mirror, whole}    {nodes, standardError, probes}
//   {n, kind: 'failed', error}

import { WorkerLink } from '../shared/worker-link.js';

/** Up to this size the tree is counted node by node (N=16: 1.1 billion nodes, a few seconds). */
export const EXACT_MAX_N = 16;
/** Probes per estimate: a standard error below 1% at every size to 32, in well under a second. */
export const PROBES = 200_000;
/** The same seed every visit, so that an estimate never changes for a given board. */
export const SEED = 12;

export class TreeSizes {
  /** @param {Function} makeWorker starts a tree-size worker */
  constructor(makeWorker) {
    this.makeWorker = makeWorker;
    this.known = new Map(); // n → the final answer
    this.worker = null;
    this.busyWith = null; // the n being measured
    this.listeners = [];
  }

  /** Calls `listener(info)` with what is known of the tree of n×n, now and as it is learnt. */
  request(n, listener) {
    const known = this.known.get(n);
    if (known) {
      listener(known);
      return;
    }
    if (this.busyWith !== n) this.start(n);
    this.listeners = this.listeners.filter((l) => l.n === n && l.listener !== listener);
    this.listeners.push({ n, listener });
  }

  /** Stops what the worker does and measures n×n instead. */
  start(n) {
    this.worker?.end(); // a worker replaced is heard no more
    this.listeners = [];
    this.busyWith = n;
    this.worker = new WorkerLink(this.makeWorker, {
      what: 'the tree-size worker',
      heard: (data) => this.heard(data),
      failed: (error) => this.heard({ kind: 'failed', n, error: error.message }),
    });
    this.worker.post(n <= EXACT_MAX_N
      ? { kind: 'count', n }
      : { kind: 'estimate', n, probes: PROBES, seed: SEED });
  }

  heard(data) {
    const info = data.kind === 'counted' ? { ...data, kind: 'exact' }
      : data.kind === 'estimated' ? { ...data, kind: 'estimate' }
        : data.kind === 'progress' ? { ...data, kind: 'counting' }
          : data;
    if (info.kind === 'failed') console.error(`The tree could not be measured (N = ${info.n}):`, info.error); // shown by Explored
    if (info.kind !== 'counting') {
      if (info.kind !== 'failed') this.known.set(info.n, info);
      this.busyWith = null;
      this.worker.end();
      this.worker = null;
    }
    for (const { n, listener } of this.listeners) if (n === info.n) listener(info);
    if (info.kind !== 'counting') this.listeners = [];
  }
}
