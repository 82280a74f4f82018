// The built-in lessons, in the order of the Lessons menu: each file is checked by
// tests/unit/teach/lessons.test.js (its states and questions) and tests/e2e/teach/lessons.test.js (every
// stop opens on the page).
import threeMasks from './three-masks.json';
import lowestBit from './lowest-bit.json';
import deadEnds from './dead-ends.json';
import symmetry from './symmetry.json';
import whyBitmask from './why-bitmask.json';
import writeTheLoop from './write-the-loop.json';

export const BUILT_IN_LESSONS = [threeMasks, lowestBit, deadEnds, symmetry, whyBitmask, writeTheLoop];
