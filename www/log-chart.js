// A line chart of times on a log scale against N, as SVG: one line per series. Used by the
// count panel's history and by the race of the algorithms.

import { duration } from './format.js';

const SVG = 'http://www.w3.org/2000/svg';

/**
 * Draws `series` ([{label, className, points: [{n, ms}]}]) into the <svg> `chart`, hidden
 * when there is no point. Each series gets a line, a dot per point and its label at its
 * last point.
 */
export function drawLogChart(chart, series) {
  // Below a millisecond a time is noise: such points sit on the 1 ms line.
  const floor = (ms) => Math.max(ms, 1);
  const points = series.flatMap((s) => s.points).map((p) => ({ n: p.n, ms: floor(p.ms) }));
  chart.toggleAttribute('hidden', points.length === 0); // an SVG element has no .hidden
  if (points.length === 0) return;
  // The right margin holds each line's label, beside its last point.
  const [width, height, left, bottom, top, right] = [600, 240, 56, 28, 10, 180];
  const ns = points.map((p) => p.n);
  const [n0, n1] = [Math.min(...ns), Math.max(Math.max(...ns), Math.min(...ns) + 1)];
  const logs = points.map((p) => Math.log10(p.ms));
  const [l0, l1] = [Math.floor(Math.min(...logs)), Math.max(Math.ceil(Math.max(...logs)), Math.floor(Math.min(...logs)) + 1)];
  const x = (n) => left + ((n - n0) / (n1 - n0)) * (width - left - right);
  const y = (ms) => top + (1 - (Math.log10(floor(ms)) - l0) / (l1 - l0)) * (height - top - bottom);
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
  const drawn = series.filter((s) => s.points.length);
  for (const { className, points: line } of drawn) {
    const cls = `series ${className}`;
    el('polyline', { points: line.map((p) => `${x(p.n)},${y(p.ms)}`).join(' '), class: cls });
    for (const p of line) el('circle', { cx: x(p.n), cy: y(p.ms), r: 3.5, class: cls });
  }
  // Labels at the height of their line's last point, pushed apart to stay readable.
  const labels = drawn.map(({ label, className, points: line }) => ({ label, className, at: y(line.at(-1).ms) }))
    .sort((a, b) => a.at - b.at);
  labels.forEach((l, i) => { if (i > 0) l.at = Math.max(l.at, labels[i - 1].at + 13); });
  for (const { label, className, at } of labels) {
    el('text', { x: width - right + 8, y: at + 4, class: `tick label ${className}` }, label);
  }
  chart.setAttribute('viewBox', `0 0 ${width} ${height}`);
  chart.replaceChildren(...parts);
}
