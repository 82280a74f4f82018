// Your program: the learner's own loop from Write it (the four exercises of the loop, in
// Richards' skeleton), run by the core's interpreter in lockstep with the others. Its code
// panel shows the learner's lines in their places; its drawing is Richards' masks, and the
// lane says where the run first leaves Richards' path (the snapshot's `leftPath`).
// Its name, its slug and that it needs a program come from the core (`algorithmNames()`);
// `slug` here must match. The loop's exercises and the code lines of an answer come from the
// core too (`loopExercises()`, `codeLines(source)`, by its own lexer).

import richards from './richards.js';
import { element } from '../../shared/element.js';

/**
 * The code panel of the learner's `program` ({slug: source} for the loop's exercises): the
 * same lines in the three renderings (the learner's language is the page's own), and the
 * lines each kind of step runs. `core` gives loopExercises() and codeLines(source).
 */
export function codeOf(program, core) {
  const LOOP = core.loopExercises();
  const codeLines = (source) => core.codeLines(String(source ?? ''));
  const text = [];
  const at = (lines) => {
    const first = text.length;
    text.push(...lines);
    return lines.map((_, i) => first + i);
  };
  at(['search(ld, col, rd):', '  if col == done: found a solution; return']);
  const free = at(codeLines(program[LOOP[0]]).map((line) => `  ${line}`));
  const loop = at(['  while poss != 0:']);
  const lowest = at(codeLines(program[LOOP[1]]).map((line) => `    ${line}`));
  const takeAway = at(codeLines(program[LOOP[2]]).map((line) => `    ${line}`));
  const nextRow = at(codeLines(program[LOOP[3]]).map((line) => `    ${line}`));
  const call = at(['    search(next_ld, next_col, next_rd)']);
  const end = at(['  # loop over: poss == 0', '  return to the row above']);
  return {
    pseudocode: text, rust: text, javascript: text,
    lines: {
      solution: [1], free, deadEnd: loop, try: [...lowest, ...takeAway], place: [...nextRow, ...call],
      backtrack: end, finished: end,
    },
  };
}

export default {
  slug: 'yours',
  blurb: 'Your four answers from Write it in Richards’ loop, run by the core’s interpreter: where your run first leaves Richards’ path, this lane says so.',
  listsFree: true,
  why: () => 'your bit',
  /** Richards' masks as the learner's loop has them, and why the core stopped it, if it did
   *  (a square off the board, a loop that does not end). */
  draw: (d, s) => [...richards.draw(d, s), ...(d.stopped ? [element('p', 'note lane-stopped', `Stopped: ${d.stopped}`)] : [])],
};
