// History and landmarks: the sentences of the last 50 steps, newest first, each a link to
// the step it describes, and "Go to" buttons for the landmarks of the search (the first dead
// end, the first backtrack, the first solution, the next unique solution). The steps and the
// landmarks come from the core (Search.history, Search.landmark); the sentences are the
// narration's. The list is drawn only while its panel is open, and at most a few times a
// second while playing, so that it costs nothing to the redraw.

import { describe } from './narration.js';
import { partsOf } from '../shared/dom.js';
import { grouped } from '../shared/format.js';
import { PLAYING } from '../player/index.js';

/** The sentences listed. */
export const HISTORY_LENGTH = 50;
/** The furthest a landmark is looked for, in steps: about a second in the browser. */
const LANDMARK_STEPS = 50_000_000;
/** While playing, the list is redrawn at most this often. */
const PLAYING_REDRAW_MS = 300;

export class HistoryPanel {
  /**
   * @param {Element} root the History panel (#history-panel), whose parts it finds: panel (a
   *   details), list (an ol), landmarks (a group for the Go to buttons)
   * @param {Array} landmarks [{slug, name}] from the core's landmarkNames()
   * @param {object} player commanded by seek(step), read by readOnly
   * @param {Function} permalink the link to a step of this search: permalink(step)
   * @param {Messages} messages the page's message line
   */
  constructor(root, landmarks, player, permalink, messages) {
    const ui = partsOf(root, { panel: 'history-panel', list: 'history-list', landmarks: 'landmarks' });
    this.ui = ui;
    this.player = player;
    this.seen = player.readOnly;
    this.permalink = permalink;
    this.drawnAt = -Infinity; // when the list was drawn last, and for which position
    this.drawnFor = null;
    ui.panel.addEventListener('toggle', () => this.seen.ready && this.render(this.seen.snapshot(), this.seen.state, true));
    ui.list.addEventListener('click', (event) => {
      const link = event.target instanceof Element ? event.target.closest('a[data-step]') : null;
      if (!link) return;
      event.preventDefault();
      player.seek(Number(link.dataset.step));
    });
    ui.landmarks.append(...landmarks.map(({ slug, name }) => {
      const button = document.createElement('button');
      button.type = 'button';
      button.textContent = name;
      button.addEventListener('click', () => {
        const step = this.seen.landmark(slug, LANDMARK_STEPS);
        if (step === null) {
          // The next unique solution is looked for from here; the first ones from the start.
          const where = slug === 'next-unique' ? `ahead in the next ${grouped(LANDMARK_STEPS)} steps` : `in the first ${grouped(LANDMARK_STEPS)} steps`;
          messages.show(`${name}: none ${where} of this search.`, 'info');
          return;
        }
        messages.clear();
        player.seek(step);
      });
      return button;
    }));
  }

  /** After each redraw of the player (`snapshot`, `state`), and when the panel opens (`now`). */
  render(snapshot, state, now = false) {
    if (!this.ui.panel.open) return;
    const time = performance.now();
    if (!now && state === PLAYING && time - this.drawnAt < PLAYING_REDRAW_MS) return;
    const { n, weight, steps: position } = snapshot;
    if (!now && position === this.drawnFor) return;
    this.drawnAt = time;
    this.drawnFor = position;
    const passed = this.seen.history(HISTORY_LENGTH);
    this.ui.list.replaceChildren(...passed.map(({ step, event, boardsPassed }) => {
      const item = document.createElement('li');
      const link = document.createElement('a');
      link.href = this.permalink(step);
      link.dataset.step = step;
      link.textContent = `Step ${grouped(step)}`;
      if (step === position) link.setAttribute('aria-current', 'step');
      item.append(link, ` ${describe(event, { n, weight, boardsPassed })}`);
      return item;
    }));
    if (passed.length === 0) {
      const item = document.createElement('li');
      item.textContent = 'No step taken yet.';
      this.ui.list.append(item);
    }
  }
}
