// Write it: bit puzzles (the exercises, from the core) written in an editor, checked by the
// core on every board the search meets, the first counterexample drawn on a board, a score per
// exercise, and the learner's own loop run as a lane of Compare. Other folders use only these
// names:
//   WriteIt, WriteScore, readExerciseLink, writeExerciseLink, MAX_LINK_ANSWER

export { WriteIt } from './write-section.js';
export { WriteScore } from './write-score.js';
export { readExerciseLink, writeExerciseLink, MAX_LINK_ANSWER } from './write-link.js';
