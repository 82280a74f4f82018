// What hides a question's answer on the page while it is asked: the masks it asks for (the bit
// panel's hide()) and, for free squares, the board's row being searched: its ↓ ↘ ↙ marks and
// its colours, in the canvas and in the squares' names (the `asking-free` class on #board,
// which stage/board.js follows), and poss in the Search tree's readout (the current node's
// is the answer: its hidePoss()). Predict and the live class each ask through their
// own name, and may ask at once (a teacher in a class trying Predict): what is hidden is the
// union of what each asks, and one shown again leaves the other's hidden.

import { hiddenLines } from './questions.js';

export class Concealer {
  /**
   * @param {object} bits the bit panel (BitsView): hide(names)
   * @param {Element} board #board
   * @param {object} [tree] the Search tree panel (TreePanel): hidePoss(hidden)
   */
  constructor(bits, board, tree = null) {
    this.bits = bits;
    this.board = board;
    this.tree = tree;
    this.asked = new Map(); // who → the question they hide the answer of
    /** Called when hiding begins (no question was open, one is now): what shows the step's
     *  answer in a window of its own (an export's dialog) is closed there. */
    this.onHiding = null;
  }

  /** True while a question's answer is hidden (Predict's or a live class's). */
  get hiding() {
    return this.asked.size > 0;
  }

  /** `who` ('predict', 'class') hides what gives `question`'s answer away; null shows it. */
  conceal(who, question) {
    const was = this.hiding;
    if (question) this.asked.set(who, question);
    else this.asked.delete(who);
    if (!was && this.hiding) this.onHiding?.();
    const lines = new Set();
    let free = false;
    for (const asked of this.asked.values()) {
      for (const line of hiddenLines(asked)) lines.add(line);
      free ||= asked.topic === 'free-squares';
    }
    this.bits.hide([...lines]);
    this.board.classList.toggle('asking-free', free);
    // Every question's answer is below the current node of the Search tree (the square tried
    // next, its masks, whether it is a dead end): the tree is hidden while any is open.
    this.tree?.hidePoss(this.hiding);
  }
}
