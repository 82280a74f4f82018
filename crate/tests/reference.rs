//! Differential test: the stepper against a tiny recursive reference written here, on its
//! own, straight from the textbook algorithm. After k actions both must have done the same
//! actions and hold the same stack of masks, queens and counters.
#![cfg(not(target_arch = "wasm32"))] // native tests; the facade has its own beside it in src/wasm/

use bitqueens::published::A000170;
use bitqueens::{Step, Stepper};
use proptest::prelude::*;
use std::ops::ControlFlow;

/// The part of the state both implementations share.
#[derive(Clone, Debug, PartialEq, Eq)]
struct View {
    /// (ld, col, rd, poss, bit) for every row on the stack, row 0 first.
    calls: Vec<(u32, u32, u32, u32, u32)>,
    queens: Vec<u32>,
    steps: u64,
    nodes: u64,
    solutions: u64,
}

fn view_of(stepper: &Stepper) -> View {
    View {
        calls: stepper
            .calls()
            .iter()
            .map(|f| (f.ld, f.col, f.rd, f.poss, f.bit))
            .collect(),
        queens: stepper.queens(),
        steps: stepper.steps(),
        nodes: stepper.nodes(),
        solutions: stepper.solutions(),
    }
}

/// The recursive algorithm, stopping after `limit` actions.
struct Reference {
    n: u32,
    done: u32,
    limit: u64,
    stack: Vec<(u32, u32, u32, u32, u32)>,
    actions: Vec<Step>,
    nodes: u64,
    solutions: u64,
}

impl Reference {
    fn run(n: u32, limit: u64) -> (Vec<Step>, View) {
        let done = if n == 32 { u32::MAX } else { (1u32 << n) - 1 };
        let mut r = Reference {
            n,
            done,
            limit,
            stack: vec![(0, 0, 0, 0, 0)],
            actions: vec![],
            nodes: 0,
            solutions: 0,
        };
        let _ = r.search();
        let view = View {
            calls: r.stack.clone(),
            queens: r.stack[..r.stack.len() - 1]
                .iter()
                .map(|f| r.column(f.4))
                .collect(),
            steps: r.actions.len() as u64,
            nodes: r.nodes,
            solutions: r.solutions,
        };
        (r.actions, view)
    }

    fn column(&self, bit: u32) -> u32 {
        self.n - 1 - bit.trailing_zeros()
    }

    /// Records one action; stops the whole search once `limit` actions were taken.
    fn act(&mut self, step: Step) -> ControlFlow<()> {
        self.actions.push(step);
        if self.actions.len() as u64 >= self.limit {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    }

    /// The body of `search` for the row on top of the stack (pushed by the caller).
    fn search(&mut self) -> ControlFlow<()> {
        let row = self.stack.len() - 1;
        let (ld, col, rd, _, _) = self.stack[row];
        if col == self.done {
            self.solutions += 1;
            self.act(Step::Solution {
                row: row as u32,
                number: self.solutions,
            })?;
        } else {
            let mut poss = !(ld | col | rd) & self.done;
            self.stack[row].3 = poss;
            self.act(Step::Free {
                row: row as u32,
                poss,
            })?;
            if poss == 0 {
                self.act(Step::DeadEnd { row: row as u32 })?;
            }
            while poss != 0 {
                let bit = poss & poss.wrapping_neg();
                poss -= bit;
                self.stack[row].3 = poss;
                self.stack[row].4 = bit;
                self.act(Step::Try {
                    row: row as u32,
                    column: self.column(bit),
                    bit,
                })?;
                self.stack
                    .push(((ld | bit) >> 1, col | bit, (rd | bit) << 1, 0, 0));
                self.nodes += 1;
                self.act(Step::Place {
                    row: row as u32,
                    column: self.column(bit),
                })?;
                self.search()?;
            }
        }
        if row == 0 {
            self.act(Step::Finished {
                solutions: self.solutions,
            })
        } else {
            self.stack.pop();
            let bit = self.stack[row - 1].4;
            self.act(Step::Backtrack {
                row: row as u32 - 1,
                column: self.column(bit),
            })
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn stepper_matches_the_recursive_reference(n in 1u32..=10, k in 0u64..120_000) {
        let (actions, expected) = Reference::run(n, k);
        let mut stepper = Stepper::new(n).unwrap();
        let taken: Vec<Step> = stepper.by_ref().take(k as usize).collect();
        prop_assert_eq!(taken, actions);
        prop_assert_eq!(view_of(&stepper), expected);
    }

    #[test]
    fn back_j_times_after_k_steps_equals_k_minus_j_steps(
        n in 1u32..=9, k in 0usize..20_000, j in 0usize..20_000,
    ) {
        let j = j.min(k);
        let mut there_and_back = Stepper::new(n).unwrap();
        let taken = there_and_back.by_ref().take(k).count();
        for _ in 0..j.min(taken) {
            prop_assert!(there_and_back.back().is_some());
        }
        let mut direct = Stepper::new(n).unwrap();
        direct.by_ref().take(taken - j.min(taken)).count();
        prop_assert_eq!(there_and_back, direct);
    }
}

#[test]
fn the_reference_itself_counts_a000170_for_n_8() {
    // Guards the reference: if it were wrong, agreeing with it would prove nothing.
    let (actions, _) = Reference::run(8, u64::MAX);
    let solutions = actions
        .iter()
        .filter(|a| matches!(a, Step::Solution { .. }))
        .count();
    assert_eq!(solutions as u64, A000170[7]);
    assert_eq!(
        actions.last(),
        Some(&Step::Finished {
            solutions: A000170[7]
        })
    );
}
