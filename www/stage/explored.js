// The Explored figure: how much of the search tree the search has visited, as the nodes
// entered (queens placed) over the nodes of the whole tree, and, while playing, the time left
// at the speed of the last second or so.
//
// The tree's size comes from tree-sizes.js: counted exactly (N <= 16), so the figure is exact
// and reads 100% exactly at the end; or estimated (N > 16), so the figure is labelled as an
// estimate with its spread (two standard errors of the estimate either way). Either way the
// size is fixed once known, and the nodes entered only grow going forward, so the figure
// never decreases going forward: it is rounded down, and reads 100% only at the end.

import {
  grouped, large as nodesText, percentDown, percentRange, timeSpan,
} from '../shared/format.js';
import { setText, partsOf } from '../shared/dom.js';

/** Its parts: index.html's ids, by name. */
export const PARTS = { output: 'explored', detail: 'explored-detail', bar: 'explored-bar', timeLeft: 'time-left' };

const RATE_WINDOW_MS = 1500;
// The bar moves in steps of a thousandth (a pixel of a bar 1000 pixels wide) and, like the
// figure, is full only at the end. A progress element's new value restyles and lays out its
// inner parts: about 0.5 ms a frame when it was written on every frame of play.
const BAR_STEPS = 1000;

export class ExploredView {
  /**
   * @param {Element} root holds its parts: output (#explored, the figure), detail, bar (a
   *   progress element), timeLeft (an output)
   * @param {TreeSizes} sizes where the tree's size comes from
   * @param {Function} now the clock, in ms
   */
  constructor(root, sizes, now = () => performance.now()) {
    Object.assign(this, partsOf(root, PARTS));
    this.sizes = sizes;
    this.now = now;
    this.heard = (info) => {
      if (info.n !== this.n) return;
      this.info = info;
      this.show();
    };
  }

  /** A new search: forget the rate, and ask for the tree's size. */
  cleared(n, mirror) {
    this.n = n;
    this.mirror = mirror;
    this.info = null;
    this.snapshot = null;
    this.samples = [];
    this.sizes.request(n, this.heard);
  }

  /** After each change of the player. */
  render(snapshot, state) {
    this.snapshot = snapshot;
    this.playing = state === 'playing';
    if (!this.playing) this.samples = [];
    else {
      const t = this.now();
      this.samples.push({ t, nodes: snapshot.nodes });
      while (this.samples.length > 2 && t - this.samples[0].t > RATE_WINDOW_MS) this.samples.shift();
    }
    this.show();
  }

  /** Nodes per second over the last samples while playing forward, or null. */
  rate() {
    const first = this.samples[0];
    const last = this.samples[this.samples.length - 1];
    if (!first || last.t - first.t < 200 || last.nodes <= first.nodes) return null;
    return ((last.nodes - first.nodes) / (last.t - first.t)) * 1000;
  }

  show() {
    const { snapshot, info } = this;
    if (!snapshot) return;
    const mode = this.mirror ? 'mirror' : 'whole';
    const nodes = snapshot.nodes;
    let figure = '…';
    let detail = '';
    let fraction = 0;
    let remaining = null; // [low, high] nodes left
    if (!info || info.kind === 'counting') {
      detail = info ? `Counting the nodes of the tree in a worker: part ${info.done} of ${info.parts} done.`
        : 'Counting the nodes of the tree in a worker.';
    } else if (info.kind === 'failed') {
      detail = `The tree could not be measured: ${info.error}`;
    } else if (info.kind === 'exact') {
      const total = info[mode].nodes;
      fraction = nodes / total;
      figure = snapshot.finished ? '100%' : percentDown(fraction);
      detail = `${grouped(nodes)} of the ${grouped(total)} nodes of the tree (exact: counted in a worker).`;
      remaining = [total - nodes, total - nodes];
    } else {
      const { nodes: estimate, standardError } = info[mode];
      const [low, high] = [estimate - 2 * standardError, estimate + 2 * standardError];
      fraction = Math.min(nodes / estimate, 0.999);
      if (snapshot.finished) {
        figure = '100%';
        detail = `The whole tree: ${grouped(nodes)} nodes.`;
      } else {
        figure = `≈ ${percentDown(fraction)}`;
        detail = `An estimate: the tree holds about ${nodesText(estimate)} nodes (± ${(200 * standardError / estimate).toFixed(1)}%, ` +
          `Knuth's method, ${grouped(info[mode].probes)} random probes), so ` +
          `${percentRange(Math.min(nodes / high, 0.999), Math.min(nodes / Math.max(low, nodes), 0.999))} explored; ${grouped(nodes)} nodes so far.`;
        remaining = [Math.max(low - nodes, 0), Math.max(high - nodes, 0)];
      }
    }
    // Only what changed is written: every write would make the browser lay the cell out again.
    setText(this.output, figure);
    setText(this.detail, detail);
    const value = snapshot.finished ? 1 : Math.min(Math.floor(fraction * BAR_STEPS), BAR_STEPS - 1) / BAR_STEPS;
    if (this.bar.value !== value) this.bar.value = value;
    setText(this.timeLeft, this.timeLeftText(remaining));
  }

  timeLeftText(remaining) {
    if (this.snapshot.finished) return 'none: the search is over';
    const rate = this.playing ? this.rate() : null;
    if (!remaining || rate === null) return this.playing ? 'measuring…' : 'shown while playing';
    const [low, high] = remaining.map((left) => timeSpan(left / rate));
    return low === high ? `about ${low} at this speed` : `about ${low} to ${high} at this speed`;
  }
}
