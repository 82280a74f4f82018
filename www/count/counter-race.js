// The race: one N counted by three counters one after another, each on one worker, so that
// each time is measured alone. This file draws the racers' rows; count-runs.js's RaceRun runs them
// (its RACERS name and describe them).

import { published } from '../shared/core-constants.js';
import { RACERS } from './count-runs.js';
import { grouped, duration, rate } from '../shared/format.js';

export class RaceView {
  constructor(container) {
    this.container = container;
    this.rows = new Map();
  }

  /** Draws an empty row per racer for a race at n. */
  start(n) {
    this.n = n;
    this.times = new Map();
    this.rows.clear();
    const title = document.createElement('h3');
    title.textContent = `Race at N = ${n}, one worker each`;
    this.container.replaceChildren(title, ...RACERS.map((racer) => {
      const row = document.createElement('div');
      row.className = 'racer';
      row.dataset.kind = racer.kind;
      row.setAttribute('role', 'group');
      row.setAttribute('aria-label', racer.name);
      const name = document.createElement('p');
      name.className = 'racer-name';
      name.innerHTML = '<b></b> <span class="note"></span>';
      name.querySelector('b').textContent = racer.name;
      name.querySelector('span').textContent = racer.detail;
      const bar = document.createElement('progress');
      bar.max = 1;
      bar.value = 0;
      const figures = document.createElement('p');
      figures.className = 'racer-figures';
      figures.textContent = 'waiting';
      row.append(name, bar, figures);
      this.rows.set(racer.kind, { bar, figures });
      return row;
    }));
    this.container.hidden = false;
  }

  progress(kind, { done, of, work, ms }) {
    const row = this.rows.get(kind);
    row.bar.value = of ? done / of : 0;
    row.figures.textContent = `running: ${duration(ms)}, ${rate(work, ms)}`;
  }

  finished(kind, { total, work, ms }) {
    const row = this.rows.get(kind);
    this.times.set(kind, ms);
    row.bar.value = 1;
    const agrees = published(this.n)?.total === total ? ' ✓ matches OEIS' : ' ✗ differs from OEIS';
    const baseline = this.times.get('plain-js');
    const faster = kind !== 'plain-js' && baseline ? `, ${(baseline / ms).toFixed(1)}× the plain JS speed` : '';
    row.figures.textContent = `${grouped(total)} solutions${agrees} in ${duration(ms)}, ${rate(work, ms)}${faster}`;
  }

  stopped(kind, why) {
    const row = this.rows.get(kind);
    if (row) row.figures.textContent = why;
  }
}
