//! The learner's loop: the answers to the four loop exercises ([`catalogue::LOOP`]), compiled
//! and given to [`crate::algorithms::yours::Yours`] as its [`Blocks`], so that "Your program"
//! runs wherever a search runs (step, run, seek, Compare's lockstep).
//!
//! Each answer must parse, use only its exercise's operators, keep its budget and assign its
//! outputs; it need not be right: a wrong loop runs too, bounded, and its lane says where it
//! first left Richards' path.

use super::catalogue::{self, LOOP};
use super::check::Values;
use super::eval::{self, Compiled, Scratch};
use super::{lang, rules, Located};
use crate::algorithms::blocks::{Blocks, Costs};
use crate::algorithms::yours::Yours;
use crate::algorithms::Algorithm;
use crate::board::BoardSizeError;
use std::cell::RefCell;
use std::rc::Rc;

/// One compiled answer, with its exercise's input names in order.
struct Block {
    compiled: Compiled,
    inputs: Vec<String>,
    operators: u64,
}

impl Block {
    fn run(&self, values: &Values, scratch: &mut Scratch) -> [u32; 3] {
        let mut inputs = [0; 5];
        for (i, name) in self.inputs.iter().take(5).enumerate() {
            inputs[i] = values.get(name).unwrap_or(0);
        }
        self.compiled
            .run(&inputs[..self.inputs.len().min(5)], scratch);
        let mut out = [0; 3];
        for (j, slot) in out.iter_mut().enumerate().take(self.compiled_outputs()) {
            *slot = self.compiled.output(j, scratch);
        }
        out
    }

    fn compiled_outputs(&self) -> usize {
        self.compiled.outputs()
    }
}

/// The four blocks of the learner's loop.
pub struct LearnerBlocks {
    /// In the order of [`LOOP`].
    blocks: [Block; 4],
    scratch: RefCell<Scratch>,
}

impl LearnerBlocks {
    fn run(&self, which: usize, values: Values) -> [u32; 3] {
        let mut scratch = self.scratch.borrow_mut();
        self.blocks[which].run(&values, &mut scratch)
    }
}

impl Blocks for LearnerBlocks {
    fn free(&self, ld: u32, col: u32, rd: u32, done: u32) -> u32 {
        let values = Values {
            ld,
            col,
            rd,
            done,
            ..Values::default()
        };
        self.run(0, values)[0]
    }
    fn lowest(&self, poss: u32) -> u32 {
        self.run(
            1,
            Values {
                poss,
                ..Values::default()
            },
        )[0]
    }
    fn take(&self, poss: u32, bit: u32) -> u32 {
        self.run(
            2,
            Values {
                poss,
                bit,
                ..Values::default()
            },
        )[0]
    }
    fn next(&self, ld: u32, col: u32, rd: u32, bit: u32) -> (u32, u32, u32) {
        let values = Values {
            ld,
            col,
            rd,
            bit,
            ..Values::default()
        };
        let [l, c, r] = self.run(3, values);
        (l, c, r)
    }
    fn costs(&self) -> Costs {
        let [free, lowest, take, next] = [0, 1, 2, 3].map(|i| self.blocks[i].operators);
        Costs {
            free,
            lowest,
            take,
            next,
        }
    }
}

/// The learner's blocks from `source(slug)` for each loop exercise, or a sentence naming
/// the exercise and the first refusal: "take-it-away: line 1, column 13: uses …".
pub fn learner_blocks(source: impl Fn(&str) -> Option<String>) -> Result<LearnerBlocks, String> {
    let mut blocks = Vec::with_capacity(4);
    for slug in LOOP {
        let Some((_, exercise)) = catalogue::find(slug) else {
            return Err(catalogue::unknown(slug));
        };
        let Some(text) = source(slug) else {
            return Err(format!(
                "Your program needs an answer to each of {}; {slug} has none.",
                LOOP.join(", ")
            ));
        };
        let refuse = |d: &lang::Diagnostic| {
            let at = Located::new(d, &text);
            format!(
                "{slug}: line {}, column {}: {}.",
                at.line, at.column, at.message
            )
        };
        let program = super::parse_answer(exercise, &text).map_err(|d| refuse(&d))?;
        let usage = rules::usage(&program, &exercise.allowed());
        if let Some(d) = usage.illegal_diagnostics().first() {
            return Err(refuse(d));
        }
        if let Some(d) = usage.over_budget(&program, exercise.budget()).first() {
            return Err(refuse(d));
        }
        let compiled = eval::compile(
            &program,
            &exercise.inputs,
            &exercise.output_names(),
            text.len(),
        )
        .map_err(|d| refuse(&d))?;
        blocks.push(Block {
            compiled,
            inputs: exercise.inputs.clone(),
            operators: u64::from(usage.total),
        });
    }
    let blocks: [Block; 4] = blocks.try_into().map_err(|_| "four blocks".to_owned())?;
    Ok(LearnerBlocks {
        blocks,
        scratch: RefCell::new(Scratch::default()),
    })
}

/// "Your program" on an `n`×`n` board with these blocks, as an [`Algorithm`].
pub fn your_program(
    n: u32,
    mirror: bool,
    blocks: LearnerBlocks,
) -> Result<Algorithm, BoardSizeError> {
    Ok(Algorithm::Yours(Yours::new(n, mirror, Rc::new(blocks))?))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::published::A000170;
    use crate::stepping::{Step, Stepping};
    use crate::Stepper;

    fn reference(slug: &str) -> Option<String> {
        catalogue::find(slug).map(|(_, e)| e.reference.clone())
    }

    fn with(slug_changed: &'static str, answer: &'static str) -> impl Fn(&str) -> Option<String> {
        move |slug| {
            if slug == slug_changed {
                Some(answer.to_owned())
            } else {
                reference(slug)
            }
        }
    }

    fn run_to_end(search: &mut Algorithm) {
        while !search.is_finished() {
            search.step();
        }
    }

    #[test]
    fn the_reference_loop_finds_the_published_counts_in_lockstep_with_richards() {
        for n in 1..=12 {
            for mirror in [false, true] {
                let mut yours =
                    your_program(n, mirror, learner_blocks(reference).unwrap()).unwrap();
                run_to_end(&mut yours);
                let mut richards = Stepper::with_mirror(n, mirror).unwrap();
                while !richards.is_finished() {
                    richards.step();
                }
                let found = yours.solutions() * yours.weight();
                assert_eq!(found, A000170[n as usize - 1], "n={n} mirror={mirror}");
                assert_eq!(yours.step_counts(), richards.step_counts(), "n={n}");
                assert_eq!(yours.state().left_path, None, "n={n}");
            }
        }
    }

    #[test]
    fn poss_without_done_leaves_richards_path_with_a_sentence_and_stops() {
        let blocks = learner_blocks(with("free-squares", "poss = ~(ld | col | rd);")).unwrap();
        let mut yours = your_program(6, false, blocks).unwrap();
        run_to_end(&mut yours);
        let left = yours.state().left_path.expect("it leaves Richards' path");
        assert_eq!(left.step, 1, "the first step already differs");
        assert_eq!(
            left.reason,
            "row 1: your poss is 0b11111111111111111111111111111111 where Richards' is \
             0b111111: it holds squares off the board (is `& done` missing?)"
        );
        let Algorithm::Yours(stepper) = &yours else {
            unreachable!()
        };
        let stopped = stepper.stopped().expect("it stopped");
        assert!(stopped.contains("a square off the board"), "{stopped}");
        // Before step 1 the difference is not shown yet.
        let mut early = your_program(
            6,
            false,
            learner_blocks(with("free-squares", "poss = ~(ld | col | rd);")).unwrap(),
        )
        .unwrap();
        assert_eq!(early.state().left_path, None);
        early.step();
        assert!(early.state().left_path.is_some());
    }

    #[test]
    fn a_poss_that_forgets_a_diagonal_names_the_queen_that_attacks() {
        let blocks = learner_blocks(with("free-squares", "poss = ~(ld | col) & done;")).unwrap();
        let mut yours = your_program(4, false, blocks).unwrap();
        run_to_end(&mut yours);
        let left = yours.state().left_path.unwrap();
        // Row 1's queen in column 4 (bit 0); row 2 computes poss: rd attacks column 3 (rows
        // and columns counted from 1, as the page counts them).
        assert_eq!(
            left.reason,
            "row 2: your poss is 0b1110 where Richards' is 0b1100: digit 3 (column 3) is set \
             although the queen in row 1, column 4 attacks it along the / diagonal (rd)"
        );
        let blocks = learner_blocks(with("free-squares", "poss = ~(ld | col | rd) & 7;")).unwrap();
        let mut yours = your_program(4, false, blocks).unwrap();
        run_to_end(&mut yours);
        let reason = yours.state().left_path.unwrap().reason;
        assert!(
            reason.ends_with(
                "digit 1 (column 1) is clear although that square is free: your poss leaves it out"
            ),
            "{reason}"
        );
    }

    #[test]
    fn a_loop_that_never_empties_its_row_is_stopped() {
        let blocks = learner_blocks(with("take-it-away", "poss = poss | bit;")).unwrap();
        let mut yours = your_program(5, false, blocks).unwrap();
        run_to_end(&mut yours);
        let Algorithm::Yours(stepper) = &yours else {
            unreachable!()
        };
        assert!(stepper
            .stopped()
            .unwrap()
            .contains("tried more squares than the row has"));
        // The first step that differs: the square just tried is still in poss. The reason
        // names both masks, the digit and its column, and why that digit is wrong.
        let left = yours.state().left_path.unwrap();
        assert_eq!(
            left.reason,
            "row 1: your poss is 0b11111 where Richards' is 0b11110: digit 5 (column 5) is set \
             although a queen was just tried there: taking it away should clear it from poss"
        );
    }

    #[test]
    fn a_wrong_next_row_places_no_more_than_n_queens() {
        let source = "next_ld = ld; next_col = col; next_rd = rd;";
        let blocks = learner_blocks(with("next-row", source)).unwrap();
        let mut yours = your_program(4, false, blocks).unwrap();
        let mut most = 0;
        while !yours.is_finished() {
            yours.step();
            most = most.max(yours.queens().len());
        }
        assert!(most <= 4);
        let Algorithm::Yours(stepper) = &yours else {
            unreachable!()
        };
        assert!(stepper.stopped().is_some());
    }

    #[test]
    fn back_undoes_every_step_exactly() {
        let blocks = learner_blocks(with("lowest-bit", "bit = -poss & poss;")).unwrap();
        let mut yours = your_program(7, true, blocks).unwrap();
        let mut states = vec![yours.state()];
        let mut steps = Vec::new();
        while !yours.is_finished() {
            steps.push(yours.step());
            states.push(yours.state());
        }
        assert!(steps.len() > 2 * crate::algorithms::yours::CHECKPOINT as usize);
        while let Some(undone) = yours.back() {
            assert_eq!(Some(undone), steps.pop());
            assert_eq!(Some(yours.state()), states.get(steps.len()).cloned());
        }
        assert!(steps.is_empty());
        assert_eq!(
            yours.step(),
            Step::Free {
                row: 0,
                poss: 0b1111000
            }
        );
    }

    #[test]
    fn refused_answers_say_which_exercise_and_where() {
        let error = learner_blocks(with("take-it-away", "poss = poss * bit;"))
            .err()
            .unwrap();
        assert_eq!(
            error,
            "take-it-away: line 1, column 13: `*` is not in the language; the operators are \
             ~ & | ^ + - << >> !."
        );
        let error = learner_blocks(|slug| (slug != "next-row").then(|| reference(slug).unwrap()))
            .err()
            .unwrap();
        assert!(error.contains("next-row has none"), "{error}");
    }
}
