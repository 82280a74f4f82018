// The solutions gallery: a numbered thumbnail for every solution found, its symmetry class,
// and the count of unique (fundamental) solutions beside the total, with a sentence that
// says what that count counts. Clicking a thumbnail shows it large with its column list, the
// step where it was found and the boards of its symmetry class; after a whole search, the
// table of symmetry classes sums them up (see symmetry.js).
//
// Memory stays bounded: at most MAX_LISTED solutions are kept; counting goes on past that.
// Every count shown (and exported) is the core session's, from the latest snapshot: this
// view keeps no running total, only the thumbnails it draws.

import { imagesFigure, fillClassesTable } from './symmetry.js';
import { grouped, plural } from '../shared/format.js';
import { setText } from '../shared/dom.js';

export const MAX_LISTED = 1000;
/** Thumbnails made per animation frame at most: a restore that passes hundreds of solutions
 *  in one frame lists them over the next few, and no frame runs long. */
const THUMBNAILS_PER_FRAME = 25;

const SVG = 'http://www.w3.org/2000/svg';

/** An SVG board of n×n with the queens: the light squares, a shared checker pattern for the
 *  dark ones, and one path for every queen. */
function boardPicture(queens, n, patternId) {
  const svg = document.createElementNS(SVG, 'svg');
  svg.setAttribute('viewBox', `0 0 ${n} ${n}`);
  svg.setAttribute('aria-hidden', 'true');
  const board = document.createElementNS(SVG, 'rect');
  board.setAttribute('width', n);
  board.setAttribute('height', n);
  board.setAttribute('fill', `url(#${patternId})`);
  const pieces = document.createElementNS(SVG, 'path');
  pieces.setAttribute('class', 'thumb-queens');
  pieces.setAttribute('d', queens.map((c, r) => `M${c + 0.5} ${r + 0.12}l0.36 0.38l-0.36 0.38l-0.36 -0.38z`).join(''));
  svg.append(board, pieces);
  return svg;
}

/** The checker pattern the thumbnails share, for an n×n board (defined once per n). */
function checkerPattern(defs, n) {
  const id = `checker-${n}`;
  if (!defs.querySelector(`#${id}`)) {
    const pattern = document.createElementNS(SVG, 'pattern');
    pattern.id = id;
    pattern.setAttribute('width', 2);
    pattern.setAttribute('height', 2);
    pattern.setAttribute('patternUnits', 'userSpaceOnUse');
    pattern.innerHTML = '<rect width="2" height="2" class="thumb-light"/><rect width="1" height="1" x="1" class="thumb-dark"/><rect width="1" height="1" y="1" class="thumb-dark"/>';
    defs.append(pattern);
  }
  return id;
}

const describeClass = (found) => `${found.classSize} board${found.classSize === 1 ? '' : 's'} in its symmetry class` +
  (found.isRepresentative ? ', the class representative' : '');

export class SolutionsView {
  /**
   * @param {object} elements { gallery (ol), note, unique (output), uniqueNote, uniqueWhy (the
   *   line under the number), classes (the
   *   Symmetry classes table), detail, defs (svg defs) }
   * @param {Function} goTo called with a step number by the detail's "Go to step" button
   * @param {Function} imagesOf the core's symmetryImages(queens)
   */
  constructor(elements, goTo, imagesOf) {
    Object.assign(this, elements);
    this.goTo = goTo;
    this.imagesOf = imagesOf;
    this.clear(1);
  }

  clear(n) {
    this.n = n;
    // The session's counts at the latest redraw (see session::Snapshot).
    this.counts = { boardsPassed: 0, unique: 0, classesBySize: [0, 0, 0, 0], kept: 0, finished: false };
    this.listed = [];
    this.waiting = []; // the last of `listed`, not in the gallery yet (see listWaiting)
    this.gallery.replaceChildren();
    this.detail.hidden = true;
    this.patternId = checkerPattern(this.defs, n);
    this.update();
  }

  /** Solutions passed, each mirror image counted: the session's count at the latest redraw. */
  get count() {
    return this.counts.boardsPassed;
  }

  /** Unique solutions passed (class representatives): the session's count. */
  get uniqueCount() {
    return this.counts.unique;
  }

  /** Draws the thumbnails of the solutions just passed that the session keeps in full
   *  (`listed`, numbered up to MAX_LISTED). */
  add({ listed }) {
    for (const found of listed) {
      this.listed.push(found);
      this.waiting.push(found);
    }
  }

  /** Removes the thumbnails of boards the session no longer keeps (undone by going back). */
  trim(kept) {
    while (this.listed.length > kept) {
      const removed = this.listed.pop();
      if (this.waiting.length > 0) this.waiting.pop();
      else this.gallery.lastElementChild.remove();
      if (Number(this.detail.dataset.number) === removed.number) this.detail.hidden = true;
    }
  }

  thumbnail(found) {
    const item = document.createElement('li');
    const button = document.createElement('button');
    button.type = 'button';
    button.className = `thumb${found.isRepresentative ? ' representative' : ''}`;
    const mirror = found.mirrorOf ? `, mirror image of solution ${found.mirrorOf}` : '';
    button.setAttribute('aria-label', `Solution ${found.number}: columns ${found.queens.map((c) => c + 1).join(' ')}${mirror}`);
    button.title = `Solution ${found.number}${mirror}, found at step ${grouped(found.step)}; ${describeClass(found)}`;
    const label = document.createElement('span');
    label.textContent = String(found.number);
    if (found.mirrorOf) {
      // Drawn by the stylesheet (" ⇄1"), so that the button's visible text stays part of its
      // name (axe: label-content-name-mismatch); the name says "mirror image of solution 1".
      const mirror = document.createElement('span');
      mirror.className = 'mirror-of';
      mirror.dataset.of = found.mirrorOf;
      label.append(mirror);
    }
    if (found.isRepresentative) label.append('★');
    button.append(boardPicture(found.queens, this.n, this.patternId), label);
    button.addEventListener('click', () => this.show(found));
    item.append(button);
    return item;
  }

  show(found) {
    this.detail.dataset.number = found.number;
    this.detail.hidden = false;
    const title = document.createElement('h3');
    title.textContent = `Solution ${found.number}`;
    const facts = document.createElement('p');
    facts.textContent = `Columns of the queens in rows 1 to ${this.n}: ${found.queens.map((c) => c + 1).join(' ')}. ` +
      `Found at step ${grouped(found.step)}` +
      (found.mirrorOf ? `, as the mirror image of solution ${found.mirrorOf} (mirror symmetry on). ` : '. ') +
      `${describeClass(found)}.`;
    const go = document.createElement('button');
    go.type = 'button';
    go.textContent = `Go to step ${grouped(found.step)}`;
    go.addEventListener('click', () => this.goTo(found.step));
    const images = imagesFigure(this.imagesOf(found.queens), (queens) => boardPicture(queens, this.n, this.patternId));
    this.detail.replaceChildren(boardPicture(found.queens, this.n, this.patternId), title, facts, go, images);
  }

  /**
   * Puts up to THUMBNAILS_PER_FRAME waiting solutions into the gallery, and asks for another
   * frame while some still wait. Invariant: the gallery's items are `listed` less its last
   * `waiting.length`, in order; the gallery is aria-busy exactly while some wait.
   */
  listWaiting() {
    const now = this.waiting.splice(0, THUMBNAILS_PER_FRAME);
    if (now.length > 0) this.gallery.append(...now.map((found) => this.thumbnail(found)));
    const busy = String(this.waiting.length > 0);
    if (this.gallery.getAttribute('aria-busy') !== busy) this.gallery.setAttribute('aria-busy', busy);
    if (this.waiting.length > 0 && !this.frameAsked) {
      this.frameAsked = true;
      requestAnimationFrame(() => {
        this.frameAsked = false;
        this.listWaiting();
      });
    }
  }

  /** Shows the session's counts (`snapshot`, Search.snapshot(); the last one when none), the
   *  notes and (once the search is over) the classes; once per redraw. */
  update(snapshot = this.counts) {
    this.counts = snapshot;
    this.trim(snapshot.kept);
    this.listWaiting();
    const { finished } = snapshot;
    setText(this.unique, grouped(this.uniqueCount));
    setText(this.note, this.count === 0 ? (finished ? `None: the ${this.n}×${this.n} board has no solution.` : 'None yet.')
      : this.count <= MAX_LISTED ? 'Click one to see it large, with its turns and mirror images. ★ marks the one of them that “Unique solutions” counts.'
        : `Showing the first ${grouped(MAX_LISTED)} of ${grouped(this.count)}; the counts go on.`);
    const others = this.count - this.uniqueCount;
    const uniqueNote = this.count === 0
      ? 'Unique solutions counts each solution once together with its turns and mirror images.'
      : 'Unique solutions counts each solution once together with its turns and mirror images (a symmetry ' +
        'class, up to 8 boards), when the search reaches the class’s ★ board: the one first in order when read as ' +
        'column numbers. ' + (finished
        ? `${this.uniqueCount === 1 ? 'The one class is complete: it holds' : `All ${grouped(this.uniqueCount)} classes are complete: they hold`} ${plural(this.count, 'solution')}.`
        : `So far ${grouped(this.uniqueCount)} of the ${grouped(this.count)} solutions found ` +
          `${this.uniqueCount === 1 ? 'is a ★ board' : 'are ★ boards'}; the other ${grouped(others)} ` +
          `${others === 1 ? 'is a turn or mirror image' : 'are turns or mirror images'} of ★ boards found already or still ` +
          'to come (the search tries the right-most column first, so ★ boards tend to come late).');
    setText(this.uniqueNote, uniqueNote);
    // Under the number itself, in a few words: why it may lag behind Solutions found.
    setText(this.uniqueWhy, !finished && this.uniqueCount < this.count
      ? 'so far: ★ boards come late' : 'one per symmetry class');
    if (this.classes.hidden === finished) this.classes.hidden = !finished; // a write, even of the same value, restyles it
    if (finished) fillClassesTable(this.classes, snapshot.classesBySize, this.n);
  }
}
