// The race: one N counted by three counters one after another, each on one worker, so that
// each time is measured alone. This file draws the racers' rows; count-runs.js's RaceRun runs them
// (its RACERS list them by kind; their names and descriptions are the catalogs'
// count-racer-<kind>-name and -detail). Each row keeps the function that draws its figures,
// so that a change of language redraws the race as it stands.

import { published } from '../shared/core-constants.js';
import { RACERS } from './count-runs.js';
import { l10n, t, tDuration as duration, tRate } from '../shared/l10n.js';

const rate = (work, ms) => tRate(work, ms, t('count-unit-backtrack'));

export class RaceView {
  constructor(container) {
    this.container = container;
    this.rows = new Map();
    this.n = null;
    l10n.onChange(() => this.#reword());
  }

  /** Draws an empty row per racer for a race at n. */
  start(n) {
    this.n = n;
    this.times = new Map();
    this.rows.clear();
    this.title = document.createElement('h3');
    this.container.replaceChildren(this.title, ...RACERS.map((racer) => {
      const row = document.createElement('div');
      row.className = 'racer';
      row.dataset.kind = racer.kind;
      row.setAttribute('role', 'group');
      const name = document.createElement('p');
      name.className = 'racer-name';
      const bold = document.createElement('b');
      const detail = document.createElement('span');
      detail.className = 'note';
      name.append(bold, ' ', detail);
      const bar = document.createElement('progress');
      bar.max = 1;
      bar.value = 0;
      const figures = document.createElement('p');
      figures.className = 'racer-figures';
      row.append(name, bar, figures);
      this.rows.set(racer.kind, { row, bold, detail, bar, figures, say: () => t('count-racer-waiting') });
      return row;
    }));
    this.#reword();
    this.container.hidden = false;
  }

  /** Every word of the race in the page's language now: the title, the names, the figures. */
  #reword() {
    if (this.n === null) return;
    this.title.textContent = t('count-race-title', { n: this.n });
    for (const [kind, { row, bold, detail, figures, say }] of this.rows) {
      const name = t(`count-racer-${kind}-name`);
      row.setAttribute('aria-label', name);
      bold.textContent = name;
      detail.textContent = t(`count-racer-${kind}-detail`);
      figures.textContent = say();
    }
  }

  #say(kind, say) {
    const row = this.rows.get(kind);
    if (!row) return;
    row.say = say;
    row.figures.textContent = say();
  }

  progress(kind, { done, of, work, ms }) {
    this.rows.get(kind).bar.value = of ? done / of : 0;
    this.#say(kind, () => t('count-racer-running', { time: duration(ms), rate: rate(work, ms) }));
  }

  finished(kind, { total, work, ms }) {
    this.times.set(kind, ms);
    this.rows.get(kind).bar.value = 1;
    const agrees = published(this.n)?.total === total;
    const baseline = this.times.get('plain-js');
    const times = kind !== 'plain-js' && baseline ? baseline / ms : null;
    this.#say(kind, () => t('count-racer-done', {
      total, time: duration(ms), rate: rate(work, ms),
      verdict: t(agrees ? 'count-racer-matches' : 'count-racer-differs'),
      faster: times === null ? '' : t('count-racer-faster', { times: l10n.decimal(times, 1) }),
    }));
  }

  /** `why`: 'cancelled' or 'failed' (RaceRun's words for a racer that did not finish). */
  stopped(kind, why) {
    this.#say(kind, () => t(why === 'failed' ? 'count-racer-failed' : 'count-racer-cancelled'));
  }
}
