// The race: one N counted by three counters one after another, each on one worker, so that
// each time is measured alone. This file draws the lanes; count-runs.js's RaceRun runs them
// (its RACERS name and describe them).

import { published } from '../shared/core-constants.js';
import { RACERS } from './count-runs.js';
import { count, duration, rate } from '../shared/format.js';

export class RaceView {
  constructor(container) {
    this.container = container;
    this.lanes = new Map();
  }

  /** Draws empty lanes for a race at n. */
  start(n) {
    this.n = n;
    this.times = new Map();
    this.lanes.clear();
    const title = document.createElement('h3');
    title.textContent = `Race at N = ${n}, one worker each`;
    this.container.replaceChildren(title, ...RACERS.map((racer) => {
      const lane = document.createElement('div');
      lane.className = 'lane';
      lane.dataset.kind = racer.kind;
      lane.setAttribute('role', 'group');
      lane.setAttribute('aria-label', racer.name);
      const name = document.createElement('p');
      name.className = 'lane-name';
      name.innerHTML = '<b></b> <span class="note"></span>';
      name.querySelector('b').textContent = racer.name;
      name.querySelector('span').textContent = racer.detail;
      const bar = document.createElement('progress');
      bar.max = 1;
      bar.value = 0;
      const figures = document.createElement('p');
      figures.className = 'lane-figures';
      figures.textContent = 'waiting';
      lane.append(name, bar, figures);
      this.lanes.set(racer.kind, { bar, figures });
      return lane;
    }));
    this.container.hidden = false;
  }

  progress(kind, { done, of, work, ms }) {
    const lane = this.lanes.get(kind);
    lane.bar.value = of ? done / of : 0;
    lane.figures.textContent = `running: ${duration(ms)}, ${rate(work, ms)}`;
  }

  finished(kind, { total, work, ms }) {
    const lane = this.lanes.get(kind);
    this.times.set(kind, ms);
    lane.bar.value = 1;
    const agrees = published(this.n)?.total === total ? ' ✓ matches OEIS' : ' ✗ differs from OEIS';
    const baseline = this.times.get('plain-js');
    const faster = kind !== 'plain-js' && baseline ? `, ${(baseline / ms).toFixed(1)}× the plain JS speed` : '';
    lane.figures.textContent = `${count(total)} solutions${agrees} in ${duration(ms)}, ${rate(work, ms)}${faster}`;
  }

  stopped(kind, why) {
    const lane = this.lanes.get(kind);
    if (lane) lane.figures.textContent = why;
  }
}
