//! Write it's check against oracles independent of it: plain Rust for every exercise's
//! expected values, and Richards' stepper itself for the states it must cover.

use super::catalogue;
use super::check::{self, Origin, Values};
use std::collections::HashSet;

/// What an exercise should give, computed by plain Rust (not the language, not the
/// reference): its outputs, in its output order, from its inputs by name.
fn oracle(slug: &str, v: &Values) -> Vec<u32> {
    let lowest = |x: u32| if x == 0 { 0 } else { 1 << x.trailing_zeros() };
    match slug {
        "free-squares" => vec![!(v.ld | v.col | v.rd) & v.done],
        "lowest-bit" | "lowest-bit-no-minus" => vec![lowest(v.poss)],
        "take-it-away" => vec![v.poss & !v.bit],
        "take-it-away-alone" => vec![v.poss & !lowest(v.poss)],
        "next-row" => vec![(v.ld | v.bit) >> 1, v.col | v.bit, (v.rd | v.bit) << 1],
        "board-full" => vec![u32::from(v.col == v.done)],
        "queens-placed" => vec![v.col.count_ones()],
        "column-of-bit" => vec![if v.bit == 0 {
            0
        } else {
            31 - v.bit.leading_zeros()
        }],
        "one-bit-set" => vec![u32::from(v.poss.count_ones() == 1)],
        other => panic!("{other}: no oracle; write one for a new exercise"),
    }
}

/// The values named `names`, from a case's inputs.
fn values_of(names: &[String], inputs: &[u32]) -> Values {
    let mut v = Values::default();
    for (name, &value) in names.iter().zip(inputs) {
        match name.as_str() {
            "ld" => v.ld = value,
            "col" => v.col = value,
            "rd" => v.rd = value,
            "done" => v.done = value,
            "poss" => v.poss = value,
            "bit" => v.bit = value,
            other => panic!("input {other}"),
        }
    }
    v
}

/// What Richards' stepper itself does from a state, as an oracle for the exercise that reads
/// it: the queens it has placed, the column it tries, the masks its next step computes.
fn stepper_says(slug: &str, stepper: &crate::Stepper, v: &Values, expected: &[u32]) {
    use crate::algorithms::richards::Phase;
    let mut next = stepper.clone();
    let step = next.step();
    let top = *next.calls().last().unwrap();
    let at = format!("{slug} n={} step {}", stepper.n(), stepper.steps());
    match slug {
        // The row being entered is the number of queens above it.
        "queens-placed" => assert_eq!(expected[0], stepper.row(), "{at}"),
        "board-full" => assert_eq!(
            expected[0] == 1,
            matches!(step, crate::Step::Solution { .. }),
            "{at}"
        ),
        // Outside mirror mode's first rows, the stepper's next `poss` is the free squares.
        "free-squares" if !stepper.mirror() && v.col != v.done => {
            assert_eq!(
                step,
                crate::Step::Free {
                    row: stepper.row(),
                    poss: expected[0]
                },
                "{at}"
            )
        }
        "lowest-bit" | "lowest-bit-no-minus" => {
            assert!(
                matches!(step, crate::Step::Try { bit, .. } if bit == expected[0]),
                "{at}"
            )
        }
        "take-it-away" => assert_eq!((top.phase, top.poss), (Phase::Trying, expected[0]), "{at}"),
        // The board column of the queen it places, counted from the right.
        "column-of-bit" => {
            let column = stepper.trying().expect("a queen is being placed");
            assert_eq!(expected[0], stepper.n() - 1 - column, "{at}")
        }
        "next-row" => {
            let done = v.done;
            assert_eq!(
                [top.ld & done, top.col, top.rd & done],
                [expected[0], expected[1], expected[2]],
                "{at}"
            )
        }
        _ => {}
    }
}

#[test]
fn every_expected_value_agrees_with_plain_rust_and_with_the_stepper_on_every_state_checked() {
    use crate::algorithms::richards::Phase;
    use std::collections::HashMap;
    for (index, exercise) in catalogue::all().iter().enumerate() {
        let slug = exercise.slug.as_str();
        let table = check::table(index);
        // Every case the check compares on (search, edge and random): the reference's outputs
        // equal plain Rust's on the compared bits.
        let mut by_inputs: HashMap<(Vec<u32>, u32), Vec<u32>> = HashMap::new();
        let by_board = exercise
            .outputs
            .iter()
            .any(|o| o.compare == catalogue::Compare::Board);
        let mut cases = 0;
        for case in table.each_case() {
            let v = values_of(&exercise.inputs, case.inputs);
            let plain = oracle(slug, &v);
            let masked: Vec<u32> = plain
                .iter()
                .zip(case.compared)
                .map(|(p, m)| p & m)
                .collect();
            assert_eq!(
                case.expected, masked,
                "{slug}: {:?} n={}",
                case.origin, case.n
            );
            if case.origin == Origin::Search {
                let key = (case.inputs.to_vec(), if by_board { case.n } else { 0 });
                by_inputs.insert(key, case.expected.to_vec());
            }
            cases += 1;
        }
        assert!(cases > 0, "{slug}");
        // The states the check must cover, found here by walking Richards' stepper itself over
        // every board from 1×1 to 10×10, with and without mirror: each distinct one is in the
        // table, with what the stepper does next from it.
        let reads = |name: &str| exercise.inputs.iter().any(|i| i == name);
        let mut met = HashSet::new();
        for n in 1..=10 {
            for mirror in [false, true] {
                let mut stepper = crate::Stepper::with_mirror(n, mirror).unwrap();
                while !stepper.is_finished() {
                    let top = *stepper.calls().last().unwrap();
                    let here = if reads("poss") {
                        matches!(top.phase, Phase::Scanned | Phase::Returned) && top.poss != 0
                    } else if reads("bit") {
                        top.phase == Phase::Trying
                    } else {
                        top.phase == Phase::Enter
                    };
                    if here {
                        let lowest = top.poss & top.poss.wrapping_neg();
                        let v = Values {
                            ld: top.ld,
                            col: top.col,
                            rd: top.rd,
                            done: crate::board::full_mask(n).unwrap(),
                            poss: top.poss,
                            bit: if reads("poss") { lowest } else { top.bit },
                        };
                        let inputs: Vec<u32> =
                            exercise.inputs.iter().map(|i| v.get(i).unwrap()).collect();
                        let key = (inputs, if by_board { n } else { 0 });
                        let expected = by_inputs.get(&key).unwrap_or_else(|| {
                            panic!(
                                "{slug}: n={n} mirror={mirror} step {} is not checked",
                                stepper.steps()
                            )
                        });
                        stepper_says(slug, &stepper, &v, expected);
                        met.insert(key);
                    }
                    stepper.step();
                }
            }
        }
        // As many states as the check says it compares on: lowering its largest board, or
        // leaving mirror mode out, changes this count.
        assert_eq!(met.len(), table.checked.states as usize, "{slug}");
        assert_eq!(by_inputs.len(), met.len(), "{slug}");
    }
}
