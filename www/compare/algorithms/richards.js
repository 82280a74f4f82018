// Richards' bitmask: everything the page needs to show it in a lane of the Compare section, in
// one place: the short text under its name, its code with the lines each kind of step runs,
// its data structure drawn from the core's `detail`, and why a square tested was free or not.
// Its name and slug come from the core (algorithms::Describe); `slug` here must match.

import { bitRow, twosComplement } from './draw.js';
import { RICHARDS } from '../../stage/index.js';

export default {
  slug: 'richards',
  blurb: 'poss = ~(ld | col | rd) & done holds the free squares; bit = poss & -poss takes the lowest. Only free squares are visited.',
  /** Its first step in a row lists the free squares (else it will test every column). */
  listsFree: true,
  code: RICHARDS,
  /** Why the square tested last was free or attacked, in a few words. */
  why: () => 'bit = poss & -poss',
  /** Its data structure, drawn: `d` is the snapshot's detail, `s` the snapshot. */
  draw(d, s) {
    const n = s.n;
    const top = d.calls[Math.min(s.row, d.calls.length - 1)];
    const done = n === 32 ? 0xffffffff : 2 ** n - 1;
    const rows = [bitRow('ld', top.ld, n), bitRow('col', top.col, n), bitRow('rd', top.rd, n)];
    // Just chosen: poss as it was when the bit was taken from it, and how.
    if (d.phase === 'trying') return [...rows, ...twosComplement(top.poss + top.bit, top.bit, n, done)];
    const unknown = d.phase === 'enter';
    return [...rows, bitRow('poss', top.poss, n, { dim: unknown }), bitRow('bit', top.bit, n, { dim: unknown })];
  },
};
