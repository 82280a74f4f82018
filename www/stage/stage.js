// The stage: everything that shows the search itself, redrawn once per player change: the
// board, the bit panel, the code panel, the narration, the counters and the solutions
// gallery. It is the player's screen (see player.js) for all but the controls.

import { BoardView } from './board.js';
import { BitsView } from './bits.js';
import { CodeView } from './code.js';
import { SolutionsView, MAX_LISTED } from './solutions.js';
import { describe } from './narration.js';
import { Announcer } from './announcer.js';
import { grouped } from '../shared/format.js';
import { setText, within } from '../shared/dom.js';


export class Stage {
  /**
   * @param {Document|Element} root holds its parts (the page's #page; the embed's document)
   * @param {Function} goTo called with a step number by a solution's "Go to step"
   * @param {Function} imagesOf the core's symmetryImages(queens), for a solution's detail
   * @param {object} options gallery: false leaves the solutions gallery out (the embed page
   *   has none; goTo and imagesOf are then unused); followed() true while the board moves only
   *   with another's (a live class's teacher), whose moves a screen reader hears paced
   */
  constructor(root, goTo, imagesOf, { gallery = true, followed = () => false } = {}) {
    const $ = within(root);
    this.board = new BoardView($('board'));
    this.bits = new BitsView($('masks'));
    this.code = new CodeView($('code'), $('code-language'));
    this.solutions = gallery ? new SolutionsView({
      gallery: $('solutions'), note: $('solutions-note'), unique: $('unique-found'), uniqueNote: $('unique-note'),
      uniqueWhy: $('unique-why'), classes: $('symmetry-classes'), detail: $('solution-detail'), defs: $('thumb-defs'),
    }, goTo, imagesOf) : null;
    this.text = {
      narration: $('narration'), steps: $('steps'), nodes: $('nodes'), onBoard: $('on-board'),
      found: $('solutions-found'), row: $('row'),
    };
    this.keep = MAX_LISTED;
    // The narration is shown, not live; what a screen reader hears of it, paced, is written
    // into #narration-said (announcer.js).
    const said = $('narration-said');
    this.announcer = new Announcer((text) => { said.textContent = text; });
    this.followed = followed;
  }

  /** Brings the board into view (as little scrolling as it takes) and, with `focus`, gives
   *  it the focus: the next thing to look at after a jump to a step from elsewhere. */
  showBoard({ focus = false } = {}) {
    const board = this.board.grid;
    board.scrollIntoView({ block: 'nearest' });
    if (!focus) return;
    if (!board.hasAttribute('tabindex')) board.setAttribute('tabindex', '-1'); // focusable by script, not in the tab order
    board.focus({ preventScroll: true });
  }

  cleared(n) {
    this.solutions?.clear(n);
    document.documentElement.style.setProperty('--n', n);
  }

  boardsPassed(passed) {
    this.solutions?.add(passed);
  }

  /** Shows only the step reached, on the way to a seek's target (render follows on arrival). */
  progress(steps) {
    setText(this.text.steps, grouped(steps));
  }

  /** Draws `snapshot` (Search.snapshot()), the player in `state`. The narration, the code lines
   *  and the outlined masks describe `snapshot.last`, the step taken last to reach the position
   *  (null at the start), however the player got there (step, Back, seek, a node of the tree);
   *  a screen reader hears the narration paced by the state (announcer.js). */
  render(snapshot, state) {
    const event = snapshot.last ?? null;
    this.board.render(snapshot);
    this.bits.render(snapshot, event);
    this.code.render(event);
    this.solutions?.update(snapshot);
    const { narration, steps, nodes, onBoard, found, row } = this.text;
    const sentence = describe(event, snapshot);
    setText(narration, sentence);
    this.announcer.render(sentence, snapshot.steps, state, this.followed());
    setText(steps, grouped(snapshot.steps));
    setText(nodes, grouped(snapshot.nodes));
    setText(onBoard, grouped(snapshot.queens.length));
    setText(found, grouped(snapshot.boardsPassed));
    setText(row, snapshot.row < snapshot.n ? `${snapshot.row + 1} of ${snapshot.n}` : 'all placed');
  }
}
