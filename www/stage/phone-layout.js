// On a phone (layout.css: max-width 40rem) the bottom bar, always on screen, says what it drives
// once the board is scrolled away (under Compare's lanes, say), with a button that brings the
// board back; during a lesson it holds the lesson's buttons too (Previous stop, Next stop,
// Close lesson), in a thumb's reach wherever the stop's note has sent the reader. (The
// narration's place under the board there is shared/layout.css's alone.)

import { partsOf } from '../shared/dom.js';

const PHONE = '(max-width: 40rem)';

/** Both, on the page `root`: the bottom bar's caption (#bar-caption, its button
 *  #bar-show-board) shown while the board (#board) is off screen, and the lesson bar's
 *  (#lesson-bar) buttons lent to it on a phone. */
export function installPhoneLayout(root) {
  const { caption, show, board, lessonBar } = partsOf(root, {
    caption: 'bar-caption', show: 'bar-show-board', board: 'board', lessonBar: 'lesson-bar',
  });
  captionBottomBar(caption, show, board);
  lendToBottomBar(lessonBar.querySelector('.lesson-buttons'), caption, lessonBar);
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
