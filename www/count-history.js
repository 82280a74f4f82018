// What was counted in this visit: a table like the ones in the classic blog posts, and a
// chart of counting time against N on a log scale. Rows are kept per N and worker count;
// counting the same again replaces the row.

import { published } from './published.js';
import { count, duration, rate, workerCount } from './format.js';

const SVG = 'http://www.w3.org/2000/svg';

export class CountHistory {
  constructor(table, chart) {
    this.table = table;
    this.chart = chart;
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
    const points = this.rows.map((r) => ({ n: r.n, ms: Math.max(r.ms, 0.1), workers: r.workers }));
    const svg = this.chart;
    svg.toggleAttribute('hidden', points.length === 0); // an SVG element has no .hidden
    if (points.length === 0) return;
    const [width, height, left, bottom, top, right] = [480, 220, 56, 28, 10, 12];
    const ns = points.map((p) => p.n);
    const [n0, n1] = [Math.min(...ns), Math.max(Math.max(...ns), Math.min(...ns) + 1)];
    const logs = points.map((p) => Math.log10(p.ms));
    const [l0, l1] = [Math.floor(Math.min(...logs)), Math.max(Math.ceil(Math.max(...logs)), Math.floor(Math.min(...logs)) + 1)];
    const x = (n) => left + ((n - n0) / (n1 - n0)) * (width - left - right);
    const y = (ms) => top + (1 - (Math.log10(ms) - l0) / (l1 - l0)) * (height - top - bottom);
    const parts = [];
    const el = (name, attrs, text) => {
      const node = document.createElementNS(SVG, name);
      for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
      if (text !== undefined) node.textContent = text;
      parts.push(node);
    };
    for (let l = l0; l <= l1; l++) {
      el('line', { x1: left, x2: width - right, y1: y(10 ** l), y2: y(10 ** l), class: 'grid' });
      el('text', { x: left - 6, y: y(10 ** l) + 4, class: 'tick', 'text-anchor': 'end' }, duration(10 ** l));
    }
    for (let n = n0; n <= n1; n++) {
      el('text', { x: x(n), y: height - 8, class: 'tick', 'text-anchor': 'middle' }, String(n));
    }
    const byWorkers = new Map();
    for (const p of points) byWorkers.set(p.workers, [...(byWorkers.get(p.workers) ?? []), p]);
    for (const [workers, line] of byWorkers) {
      const cls = `series w${Math.min(workers, 4)}`;
      el('polyline', { points: line.map((p) => `${x(p.n)},${y(p.ms)}`).join(' '), class: cls });
      for (const p of line) {
        el('circle', { cx: x(p.n), cy: y(p.ms), r: 3.5, class: cls });
      }
      const lastPoint = line.at(-1);
      el('text', { x: x(lastPoint.n) - 6, y: y(lastPoint.ms) - 8, class: 'tick', 'text-anchor': 'end' },
        workerCount(workers));
    }
    svg.setAttribute('viewBox', `0 0 ${width} ${height}`);
    svg.replaceChildren(...parts);
  }
}
