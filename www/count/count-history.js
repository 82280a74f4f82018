// What was counted in this visit: a table like the ones in the classic blog posts, and a
// chart of counting time against N on a log scale. Rows are kept per N, worker count and
// method; counting the same again replaces the row. Its words are the catalogs' (count-table-…,
// shared/l10n.js), and it redraws itself when the language changes; the method's cell keeps the
// core's slug (meet, backtrack, gpu: a name of the code, as the CLI's --method takes it).

import { published } from '../shared/core-constants.js';
import { l10n, t, tDuration as duration, tRate as rate, tWorkers as workerCount } from '../shared/l10n.js';
import { LogChart } from '../shared/log-chart.js';

export class CountHistory {
  constructor(table, chart) {
    this.table = table;
    this.chart = new LogChart(chart);
    this.rows = [];
    l10n.onChange(() => {
      if (this.rows.length) {
        this.#renderTable();
        this.#renderChart();
      }
    });
  }

  /** Adds a finished count: {n, method, total, unique, work, ms, workers, resumed}. A
   *  resumed one (resumed > 0) is listed with its counts, but its time is only its last
   *  part's: it is marked, and left out of the chart and of the estimates. */
  add(result) {
    const same = (r) => r.n === result.n && r.workers === result.workers && r.method === result.method;
    this.rows = this.rows.filter((r) => !same(r));
    this.rows.push(result);
    this.rows.sort((a, b) => a.n - b.n || a.workers - b.workers || a.method.localeCompare(b.method));
    this.#renderTable();
    this.#renderChart();
  }

  /**
   * The count to estimate a board of size `below` by `method` from: of those by that method
   * that took 50 ms or more (shorter ones are mostly start-up), the one of the largest board,
   * with the most workers.
   */
  reference(below, method) {
    return this.rows.filter((r) => r.n < below && r.method === method && r.ms >= 50 && !r.resumed).at(-1) ?? null;
  }

  #renderTable() {
    const body = this.table.tBodies[0];
    body.replaceChildren(...this.rows.map((r) => {
      const expected = published(r.n);
      const agrees = expected && expected.total === r.total && expected.unique === r.unique;
      const tr = document.createElement('tr');
      const cells = [r.n, r.method, l10n.number(r.total), l10n.number(r.unique),
        expected ? t(agrees ? 'count-table-agree' : 'count-table-differ', { total: expected.total, unique: expected.unique }) : '–',
        r.resumed ? t('count-table-resumed', { time: duration(r.ms) }) : duration(r.ms), r.gpu ? t('count-table-gpu') : r.workers,
        r.resumed ? '–' : rate(r.work, r.ms, t(`count-unit-${r.method}`))];
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

  /** Time (log scale) against N, one line per worker count and method. */
  #renderChart() {
    const lines = new Map();
    for (const r of this.rows.filter((row) => !row.resumed)) {
      const key = `${r.workers} ${r.method}`;
      if (!lines.has(key)) lines.set(key, { workers: r.workers, method: r.method, points: [] });
      lines.get(key).points.push({ n: r.n, ms: r.ms });
    }
    this.chart.draw([...lines.values()].map(({ workers, method, points }) => ({
      label: t('count-chart-line', { workers: workerCount(workers), method }), className: `w${Math.min(workers, 4)} ${method}`, points,
    })));
  }
}
