//! The four blocks of Richards' loop (free squares, the lowest free square, taking it away,
//! the next row's masks), what each costs, Richards' own, and the [`Body`] a
//! [`Stepper`](super::richards::Stepper) runs: blocks plus the guards a loop that may be wrong
//! needs. Richards' stepper is the loop with [`RichardsBlocks`]; "Your program" is the same
//! loop with the learner's compiled blocks ([`super::yours`]).

/// The four blocks of Richards' loop, as functions of the masks. The loop's control (`if col
/// == done`, `while poss != 0`, the calls and the returns) is [`Stepper`](super::richards::Stepper)'s; the blocks are
/// what it runs in between. Dyn-compatible, so that a learner's compiled blocks can be an
/// `Rc<dyn Blocks>` (see [`super::yours`]).
pub trait Blocks {
    /// `poss` from `ld`, `col`, `rd`, `done`.
    fn free(&self, ld: u32, col: u32, rd: u32, done: u32) -> u32;
    /// `bit` from `poss`.
    fn lowest(&self, poss: u32) -> u32;
    /// The new `poss` from `poss` and `bit`.
    fn take(&self, poss: u32, bit: u32) -> u32;
    /// The next row's `ld`, `col`, `rd` from `ld`, `col`, `rd`, `bit`.
    fn next(&self, ld: u32, col: u32, rd: u32, bit: u32) -> (u32, u32, u32);
    /// The word operations each block executes.
    fn costs(&self) -> Costs;
}

/// The word operations of each block: the operators written on its lines.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Costs {
    /// `poss = ~(ld | col | rd) & done`: 4 in Richards'.
    pub free: u64,
    /// `bit = poss & -poss`: 2.
    pub lowest: u64,
    /// `poss = poss - bit`: 1.
    pub take: u64,
    /// `(ld | bit) >> 1, col | bit, (rd | bit) << 1`: 5.
    pub next: u64,
}

/// One test of the loop's own control, `if col == done` or `while poss != 0`: one operation.
pub(super) const TEST: u64 = 1;

impl Costs {
    /// A `Free` step: `if col == done` fails, then the free block.
    #[inline]
    pub(super) fn of_free(self) -> u64 {
        TEST + self.free
    }
    /// A `Try` step: `while poss != 0` holds, then the lowest and take blocks.
    #[inline]
    pub(super) fn of_try(self) -> u64 {
        TEST + self.lowest + self.take
    }
    /// A `Place` step: the next-row block (the call itself is free).
    #[inline]
    pub(super) fn of_place(self) -> u64 {
        self.next
    }
}

/// A `Solution` step: `if col == done` holds.
pub(super) const COST_SOLUTION: u64 = TEST;
/// A `DeadEnd` step: `while poss != 0` fails at once.
pub(super) const COST_DEAD_END: u64 = TEST;

/// Richards' own blocks: the page's stepper is [`Stepper`](super::richards::Stepper) with these.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct RichardsBlocks;

impl Blocks for RichardsBlocks {
    #[inline]
    fn free(&self, ld: u32, col: u32, rd: u32, done: u32) -> u32 {
        !(ld | col | rd) & done
    }
    #[inline]
    fn lowest(&self, poss: u32) -> u32 {
        poss & poss.wrapping_neg()
    }
    #[inline]
    fn take(&self, poss: u32, bit: u32) -> u32 {
        poss.wrapping_sub(bit)
    }
    #[inline]
    fn next(&self, ld: u32, col: u32, rd: u32, bit: u32) -> (u32, u32, u32) {
        ((ld | bit) >> 1, col | bit, (rd | bit) << 1)
    }
    #[inline]
    fn costs(&self) -> Costs {
        Costs {
            free: 4,
            lowest: 2,
            take: 1,
            next: 5,
        }
    }
}

/// What a [`Stepper`](super::richards::Stepper) runs: its blocks, and the guards a loop that may be wrong needs (a
/// learner's: see [`super::yours`]). Each guard's default says "nothing to stop", and
/// Richards' blocks keep every default: after inlining, the guards of `Stepper<RichardsBlocks>`
/// are constants and its `step` is the unguarded loop.
pub trait Body: Clone {
    /// The blocks themselves.
    type Blocks: Blocks + ?Sized;
    /// The blocks.
    fn blocks(&self) -> &Self::Blocks;
    /// `poss` for a row whose searched part is `part` (`part ⊆ done`, see [`searched_part`](crate::board::searched_part)):
    /// the free block, kept within `part`; squares off the board (outside `done`) are kept,
    /// for the guards to see.
    #[inline]
    fn free_within(&self, ld: u32, col: u32, rd: u32, done: u32, part: u32) -> u32 {
        self.blocks().free(ld, col, rd, done) & (part | !done)
    }
    /// True once a guard stopped the run: the loop then only says [`Step::Finished`](crate::stepping::Step::Finished).
    #[inline]
    fn halted(&self) -> bool {
        false
    }
    /// Before the step that would be the `steps + 1`-th: true (having noted why) when the run
    /// must stop instead.
    #[inline]
    fn out_of_steps(&mut self, _steps: u64) -> bool {
        false
    }
    /// Row `row` is entered with `col` not `done`: true (having noted why) when it lies past
    /// the board, so that a queen would be placed past the last row.
    #[inline]
    fn past_last_row(&mut self, _row: usize, _col: u32) -> bool {
        false
    }
    /// Row `row` computed its `poss`.
    #[inline]
    fn scanned(&mut self, _row: usize) {}
    /// Row `row` chose `bit` from `poss`: true (having noted why) when it cannot be tried.
    #[inline]
    fn bad_try(&mut self, _row: usize, _poss: u32, _bit: u32) -> bool {
        false
    }
}

/// Richards' blocks need no guard.
impl Body for RichardsBlocks {
    type Blocks = RichardsBlocks;
    #[inline]
    fn blocks(&self) -> &RichardsBlocks {
        self
    }
    /// The free block ends `& done`: with `part` for `done` it is already the free squares
    /// within `part`, `~(ld | col | rd) & part`, as the search computes them.
    #[inline]
    fn free_within(&self, ld: u32, col: u32, rd: u32, _done: u32, part: u32) -> u32 {
        Blocks::free(self, ld, col, rd, part)
    }
}
