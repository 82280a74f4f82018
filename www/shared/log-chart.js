// A line chart of times on a log scale against N, as SVG: one line per series. Used by the
// count panel's history and by the race of the algorithms.
//
// The chart is drawn at the size it is shown, one SVG unit per CSS pixel, with the page's own
// font size (larger in Projector mode): its text is as large as the text around it, and the
// margins are made to hold the longest label. It is drawn again, at the next animation frame,
// when its width or its font size changes (a resize, Projector mode): drawing changes its
// height, so it is never drawn inside the ResizeObserver's callback, which would loop.

import { duration } from './format.js';
import { svgElement } from './element.js';

/** The advance of a character of the monospace font, in ems (DejaVu Sans Mono: 0.602). */
const CHARACTER_EMS = 0.62;
/** The width drawn while the chart is not laid out (its section closed): redrawn once it is. */
const UNLAID_WIDTH = 600;

export class LogChart {
  /** Draws into the <svg> `chart` (hidden while there is no point). */
  constructor(chart) {
    this.chart = chart;
    this.series = [];
    this.drawn = { width: 0, font: 0 };
    this.pending = false;
    new ResizeObserver(() => this.#redrawIfChanged()).observe(chart);
    new MutationObserver(() => this.#redrawIfChanged())
      .observe(document.documentElement, { attributes: true, attributeFilter: ['data-projector'] });
  }

  /** Draws again at the next frame if the width or the font size is not what was drawn. */
  #redrawIfChanged() {
    if (this.pending) return;
    this.pending = true;
    requestAnimationFrame(() => {
      this.pending = false;
      if (this.#width() !== this.drawn.width || this.#font() !== this.drawn.font) this.#draw();
    });
  }

  /**
   * Shows `series` ([{label, className, points: [{n, ms}]}]): each series gets a line, a dot
   * per point and its label beside its last point (or in a legend under a narrow chart).
   */
  draw(series) {
    this.series = series;
    this.#draw();
  }

  #width() {
    return Math.round(this.chart.getBoundingClientRect().width) || UNLAID_WIDTH;
  }

  #font() {
    return parseFloat(getComputedStyle(this.chart).fontSize) || 12;
  }

  #draw() {
    const { chart, series } = this;
    // Below a millisecond a time is noise: such points sit on the 1 ms line.
    const floor = (ms) => Math.max(ms, 1);
    const points = series.flatMap((s) => s.points).map((p) => ({ n: p.n, ms: floor(p.ms) }));
    // One point makes no chart (the table beside it says as much): it shows from two on.
    chart.toggleAttribute('hidden', points.length < 2); // an SVG element has no .hidden
    if (points.length < 2) return;
    const [width, font] = [this.#width(), this.#font()];
    this.drawn = { width, font };
    const textWidth = (text) => text.length * CHARACTER_EMS * font;

    const ns = points.map((p) => p.n);
    const [n0, n1] = [Math.min(...ns), Math.max(Math.max(...ns), Math.min(...ns) + 1)];
    const logs = points.map((p) => Math.log10(p.ms));
    const [l0, l1] = [Math.floor(Math.min(...logs)), Math.max(Math.ceil(Math.max(...logs)), Math.floor(Math.min(...logs)) + 1)];
    const ticks = [];
    for (let l = l0; l <= l1; l++) ticks.push({ ms: 10 ** l, text: duration(10 ** l) });
    const drawn = series.filter((s) => s.points.length);
    // The margins hold the longest time on the left and the longest label on the right; when
    // the labels would leave the lines less than half the width (a phone), they go in a legend
    // under the chart instead, one per line.
    const gap = 1.2 * font;
    const left = Math.max(...ticks.map((t) => textWidth(t.text))) + 0.6 * font;
    const besideWidth = Math.max(...drawn.map((s) => textWidth(s.label))) + 1.2 * font;
    const legend = width - left - besideWidth < width / 2;
    const right = legend ? font : besideWidth;
    const [top, bottom] = [0.8 * font, 2 * font];
    const plotHeight = Math.round(Math.max(0.42 * width, 14 * font));
    const height = plotHeight + (legend ? drawn.length * gap + 0.4 * font : 0);
    const x = (n) => left + ((n - n0) / (n1 - n0)) * (width - left - right);
    const y = (ms) => top + (1 - (Math.log10(floor(ms)) - l0) / (l1 - l0)) * (plotHeight - top - bottom);

    const parts = [];
    const el = (name, attrs, text) => parts.push(svgElement(name, attrs, text));
    const baseline = 0.35 * font; // a text's middle at its y
    for (const { ms, text } of ticks) {
      el('line', { x1: left, x2: width - right, y1: y(ms), y2: y(ms), class: 'grid' });
      el('text', { x: left - 0.4 * font, y: y(ms) + baseline, class: 'tick', 'text-anchor': 'end' }, text);
    }
    for (let n = n0; n <= n1; n++) {
      el('text', { x: x(n), y: plotHeight - 0.5 * font, class: 'tick', 'text-anchor': 'middle' }, String(n));
    }
    for (const { className, points: line } of drawn) {
      const cls = `series ${className}`;
      el('polyline', { points: line.map((p) => `${x(p.n)},${y(p.ms)}`).join(' '), class: cls });
      for (const p of line) el('circle', { cx: x(p.n), cy: y(p.ms), r: 0.3 * font, class: cls });
    }
    if (legend) {
      // Top to bottom in the order of the lines' last points, highest first; in a smaller
      // type if the longest label would not fit the width otherwise.
      const order = [...drawn].sort((a, b) => a.points.at(-1).ms - b.points.at(-1).ms).reverse();
      const longest = Math.max(...drawn.map((s) => s.label.length));
      const small = Math.min(font, (width - 1.6 * font) / (longest * CHARACTER_EMS));
      order.forEach(({ label, className }, i) => {
        const at = plotHeight + 0.4 * font + (i + 0.5) * gap;
        el('circle', { cx: 0.4 * font, cy: at, r: 0.3 * font, class: `series ${className}` });
        el('text', { x: 1.2 * font, y: at + 0.35 * small, 'font-size': small, class: `tick label ${className}` }, label);
      });
    } else {
      // Labels at the height of their line's last point, pushed apart to stay readable, and
      // kept inside the chart (pushed back up from its foot when they would run past it).
      const labels = drawn.map(({ label, className, points: line }) => ({ label, className, at: y(line.at(-1).ms) }))
        .sort((a, b) => a.at - b.at);
      labels.forEach((l, i) => { if (i > 0) l.at = Math.max(l.at, labels[i - 1].at + gap); });
      labels.forEach((l, i) => { l.at = Math.min(l.at, plotHeight - bottom - (labels.length - 1 - i) * gap); });
      for (const { label, className, at } of labels) {
        el('text', { x: width - right + 0.6 * font, y: at + baseline, class: `tick label ${className}` }, label);
      }
    }
    chart.setAttribute('viewBox', `0 0 ${width} ${height}`);
    chart.replaceChildren(...parts);
  }
}
