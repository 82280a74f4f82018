// What was counted in this visit: a table like the ones in the classic blog posts, and a
// chart of counting time against N on a log scale. Rows are kept per N and worker count;
// counting the same again replaces the row.

import { published } from './published.js';
import { count, duration, rate, workerCount } from './format.js';
import { LogChart } from './log-chart.js';

export class CountHistory {
  constructor(table, chart) {
    this.table = table;
    this.chart = new LogChart(chart);
    this.rows = [];
  }

  /** Adds a finished count: {n, total, unique, nodes, ms, workers}. */
  add(result) {
    this.rows = this.rows.filter((r) => r.n !== result.n || r.workers !== result.workers);
    this.rows.push(result);
    this.rows.sort((a, b) => a.n - b.n || a.workers - b.workers);
    this.#renderTable();
    this.#renderChart();
  }

  /**
   * The count to estimate a board of size `below` from: of those that took 50 ms or more
   * (shorter ones are mostly start-up), the one of the largest board, with the most workers.
   */
  reference(below) {
    return this.rows.filter((r) => r.n < below && r.ms >= 50).at(-1) ?? null;
  }

  #renderTable() {
    const body = this.table.tBodies[0];
    body.replaceChildren(...this.rows.map((r) => {
      const expected = published(r.n);
      const agrees = expected && expected.total === r.total && expected.unique === r.unique;
      const tr = document.createElement('tr');
      const cells = [r.n, count(r.total), count(r.unique),
        expected ? `${count(expected.total)} / ${count(expected.unique)} ${agrees ? '✓' : '✗ differs'}` : '–',
        duration(r.ms), r.workers, rate(r.nodes, r.ms)];
      tr.replaceChildren(...cells.map((text) => {
        const td = document.createElement('td');
        td.textContent = text;
        return td;
      }));
      if (expected && !agrees) tr.classList.add('mismatch');
      return tr;
    }));
    this.table.hidden = this.rows.length === 0;
  }

  /** Time (log scale) against N, one line per worker count. */
  #renderChart() {
    const byWorkers = new Map();
    for (const r of this.rows) byWorkers.set(r.workers, [...(byWorkers.get(r.workers) ?? []), { n: r.n, ms: r.ms }]);
    this.chart.draw([...byWorkers].map(([workers, points]) => ({
      label: workerCount(workers), className: `w${Math.min(workers, 4)}`, points,
    })));
  }
}
