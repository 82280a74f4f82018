// The race of the algorithms: for N = 4 to 14, every algorithm runs its whole search to the
// end in a Web Worker, one run at a time so that each time is measured alone. A table gives
// time, nodes, operations and operations per node; a chart gives time against N on a log
// scale, one line per algorithm. A run that would take over a minute is not started: the
// table says how long it would take, from the algorithm's own previous runs.
//
//   idle ── Race every algorithm ──▶ racing ──(done / Stop the race / section closed)──▶ idle

import { LogChart } from '../shared/log-chart.js';
import { published } from '../shared/core-constants.js';
import { grouped, duration } from '../shared/format.js';
import { WorkerLink } from '../shared/worker-link.js';

export const RACE_SIZES = [4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14];
/** Runs estimated to take longer than this are skipped. */
export const SKIP_ABOVE_MS = 60_000;

/** A finished run: {n, slug, name, solutions, nodes, operations, ms}, or a skipped one: {n, slug, name, skippedMs}. */
function cells(row) {
  const expected = published(row.n)?.total;
  if (row.skippedMs !== undefined) {
    return [row.n, row.name, `skipped: about ${duration(row.skippedMs)}`, grouped(row.nodes), '–', '–', '–'];
  }
  return [row.n, row.name, duration(row.ms), grouped(row.nodes), grouped(row.operations),
    (row.operations / Math.max(1, row.nodes)).toFixed(1),
    `${grouped(row.solutions)} ${row.solutions === expected ? '✓' : '✗ differs from OEIS'}`];
}

/**
 * How long `slug` would take at `n`, from its row at n − 1: that time (or that estimate, when
 * it was skipped), times the growth of the tree, times the growth of its operations per node
 * between its last two runs. Null when it has no row at n − 1.
 */
export function estimateMs(rows, slug, n, nodes) {
  const own = rows.filter((r) => r.slug === slug);
  const previous = own.find((r) => r.n === n - 1);
  if (!previous) return null;
  const [before, last] = own.filter((r) => r.ms !== undefined).slice(-2);
  const perNode = (r) => r.operations / Math.max(1, r.nodes);
  const costGrowth = before && last ? perNode(last) / perNode(before) : 1;
  return (previous.ms ?? previous.skippedMs) * (nodes / Math.max(1, previous.nodes)) * costGrowth;
}

export class AlgorithmRace {
  /**
   * @param {object} elements {section, start, stop, status, table, chart}; closing `section` stops the race
   * @param {Array} algorithms [{slug, name}]
   * @param {Function} makeWorker returns a new Worker running algorithm-worker.js
   */
  constructor(elements, algorithms, makeWorker) {
    this.ui = elements;
    this.algorithms = algorithms;
    this.makeWorker = makeWorker;
    this.rows = [];
    this.chart = new LogChart(elements.chart);
    this.running = false;
    this.skipAboveMs = SKIP_ABOVE_MS;
    elements.start.addEventListener('click', () => this.start());
    elements.stop.addEventListener('click', () => this.stop('Stopped.'));
    elements.section.addEventListener('toggle', () => {
      if (!elements.section.open) this.stop('The section was closed: the race stopped.');
    });
  }

  async start() {
    if (this.running) return;
    this.running = true;
    this.rows = [];
    this.render();
    this.ui.start.disabled = true;
    this.ui.stop.disabled = false;
    try {
      for (const n of RACE_SIZES) {
        for (const { slug, name } of this.algorithms) {
          const row = await this.race(n, slug, name);
          if (!this.running) return;
          this.rows.push(row);
          this.render();
        }
      }
      const skipped = this.rows.filter((r) => r.skippedMs !== undefined).length;
      this.ui.status.textContent = `Race finished: ${this.rows.length - skipped} runs, ${skipped} skipped (each would take over ${duration(this.skipAboveMs)}).`;
    } catch (error) {
      if (this.running) {
        console.error('The race failed:', error);
        this.ui.status.textContent = `The race failed: ${error.message}.`;
      }
    } finally {
      this.finish();
    }
  }

  /** One run, or its estimate when it would be too long. */
  race(n, slug, name) {
    return new Promise((resolve, reject) => {
      this.abandon = reject; // stop() ends the wait
      const heard = (data) => {
        if (data.kind === 'size') {
          const estimate = estimateMs(this.rows, slug, n, data.nodes);
          if (estimate !== null && estimate > this.skipAboveMs) {
            this.worker.end();
            resolve({ n, slug, name, nodes: data.nodes, skippedMs: estimate });
          }
          this.size = data.nodes;
        } else if (data.kind === 'progress') {
          this.ui.status.textContent = `N = ${n}, ${name}: ${((100 * data.nodes) / this.size).toFixed(0)}% of ${grouped(this.size)} nodes, ${duration(data.ms)}…`;
        } else if (data.kind === 'done') {
          this.worker.end();
          resolve({ n, slug, name, ...data });
        } else {
          this.worker.end();
          reject(new Error(data.error));
        }
      };
      this.worker = new WorkerLink(this.makeWorker, { what: 'the race’s worker', heard, failed: reject });
      this.ui.status.textContent = `N = ${n}, ${name}…`;
      this.worker.post({ n, algorithm: slug });
    });
  }

  /** Stops the run in progress at once; `why` is shown. */
  stop(why) {
    if (!this.running) return;
    this.running = false;
    this.worker?.end();
    this.abandon?.(new Error(why));
    this.ui.status.textContent = `${why} The rows so far stay.`;
    this.finish();
  }

  finish() {
    this.running = false;
    this.ui.start.disabled = false;
    this.ui.stop.disabled = true;
  }

  render() {
    const body = this.ui.table.tBodies[0];
    body.replaceChildren(...this.rows.map((row) => {
      const tr = document.createElement('tr');
      tr.dataset.algorithm = row.slug;
      if (row.skippedMs !== undefined) tr.className = 'skipped';
      tr.replaceChildren(...cells(row).map((text) => {
        const td = document.createElement('td');
        td.textContent = text;
        return td;
      }));
      return tr;
    }));
    this.ui.table.hidden = this.rows.length === 0;
    this.chart.draw(this.algorithms.map(({ slug, name }, i) => ({
      label: name, className: `a${i}`,
      points: this.rows.filter((r) => r.slug === slug && r.ms !== undefined).map((r) => ({ n: r.n, ms: r.ms })),
    })));
  }
}
