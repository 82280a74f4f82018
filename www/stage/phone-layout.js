// On a phone (layout.css: max-width 40rem) the bottom bar, always on screen, says what it drives
// once the board is scrolled away (under Compare's lanes, say), with a button that brings the
// board back; during a lesson it holds the lesson's buttons too (Previous stop, Next stop,
// Close lesson), in a thumb's reach wherever the stop's note has sent the reader. Whatever the
// focus moves to stands clear of the bar, never under it. (The narration's place under the
// board there is shared/layout.css's alone.)

import { partsOf } from '../shared/dom.js';

const PHONE = '(max-width: 40rem)';

/** All three, on the page `root`: the bottom bar's caption (#bar-caption, its button
 *  #bar-show-board) shown while the board (#board) is off screen, the lesson bar's
 *  (#lesson-bar) buttons lent to it on a phone, and the focus kept clear of it. */
export function installPhoneLayout(root) {
  const { caption, show, board, lessonBar } = partsOf(root, {
    caption: 'bar-caption', show: 'bar-show-board', board: 'board', lessonBar: 'lesson-bar',
  });
  captionBottomBar(caption, show, board);
  lendToBottomBar(lessonBar.querySelector('.lesson-buttons'), caption, lessonBar);
  keepFocusClearOf(caption.parentElement); // the bar holds its caption
}

/**
 * Keeps the focused element clear of `bar` (WCAG 2.4.11, focus not obscured). The bar's height,
 * measured each time it changes (its caption shown, the lesson's buttons lent, a line wrapping
 * at 320 px, a live class hiding the caption, the phone layout coming or going), is the root's
 * --bottom-bar: 0px while the bar is not fixed to the screen (no phone). layout.css makes it,
 * with room for the focus ring, the page's scroll-padding-bottom: an element scrolled into view
 * stops above the bar. Invariant, for the element the keyboard's focus is on (:focus-visible,
 * outside the bar): it does not reach under the bar once the focus has moved to it (the
 * browser's own scroll to a text field reveals only its caret, so the page scrolls it whole
 * above the bar) and once the bar has grown over it (its caption shown because that very
 * scroll took the board away, say).
 */
function keepFocusClearOf(bar) {
  const root = document.documentElement;
  let covered = 0; // px of the screen's bottom the bar covers, as last measured
  /** Scrolls `element` in above the bar when it has the keyboard's focus and reaches past
   *  `limit` (px from the screen's top) and, when `above` is given, begins above it. */
  const lift = (element, limit, above = Infinity) => {
    if (!covered || !(element instanceof Element) || bar.contains(element) || !element.matches(':focus-visible')) return;
    const box = element.getBoundingClientRect();
    if (box.bottom > limit && box.top < above) element.scrollIntoView({ block: 'nearest' });
  };
  /** Where a focused element must end: the scroll padding's top edge (the bar and the ring). */
  const limit = () => innerHeight - parseFloat(getComputedStyle(root).scrollPaddingBottom);
  const measure = () => {
    const was = covered;
    covered = getComputedStyle(bar).position === 'fixed' ? Math.ceil(bar.getBoundingClientRect().height) : 0;
    if (covered === was) return;
    root.style.setProperty('--bottom-bar', `${covered}px`);
    // Grown over the focused element, which was (partly) seen above it: brought back above.
    if (covered > was) lift(document.activeElement, limit(), innerHeight - was);
  };
  new ResizeObserver(measure).observe(bar);
  matchMedia(PHONE).addEventListener('change', measure); // fixed or not, at the same size
  measure();
  document.addEventListener('focusin', (event) => lift(event.target, limit()));
}

/**
 * Shows `caption` (inside the bottom bar; layout.css shows it only on a phone) while `board`
 * is off screen; its `show` button scrolls the board into view.
 */
function captionBottomBar(caption, show, board) {
  // A class on <body> set here, rather than a :has() rule on body that the browser would
  // re-check as the page changes every frame while playing (no cost of it was measured).
  new IntersectionObserver((entries) => {
    caption.hidden = entries.at(-1).isIntersecting;
    document.body.classList.toggle('bar-captioned', !caption.hidden);
  }).observe(board);
  show.addEventListener('click', () => board.scrollIntoView({ block: 'center' }));
}

/**
 * While the screen is a phone's and `owner` (the lesson bar) is shown, moves `group` (its
 * buttons) into the bottom bar, right after `caption`; back into `owner` otherwise. The
 * buttons are the same elements wherever they stand: one Next stop, never two.
 */
function lendToBottomBar(group, caption, owner) {
  const home = { parent: group.parentElement, next: group.nextElementSibling };
  const phone = matchMedia(PHONE);
  const place = () => {
    const lend = phone.matches && !owner.hidden;
    if (lend && group.previousElementSibling !== caption) caption.after(group);
    if (!lend && group.parentElement !== home.parent) home.parent.insertBefore(group, home.next);
    document.body.classList.toggle('bar-lesson', lend); // the bar is taller (layout.css)
  };
  phone.addEventListener('change', place);
  new MutationObserver(place).observe(owner, { attributes: true, attributeFilter: ['hidden'] });
  place();
}
