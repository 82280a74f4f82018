//! The btest of the page: an answer is run on every state Richards' search reaches for
//! N = 1..=[`SEARCH_UP_TO`] (with and without mirror symmetry), then on edge cases (0,
//! `done`, single bits, the top bit `1 << 31`, all ones) and on [`RANDOM_CASES`] random
//! masks from a fixed seed, and compared with the exercise's reference on the compared bits.
//!
//! Which state an exercise reads is told by its inputs ([`Moment`]): `poss` is read where
//! the loop chooses a square, `bit` (without `poss`) where a queen is placed, anything else
//! where a row is entered. Edge and random inputs keep the loop's invariants (`col`, `ld`
//! and `poss` within `done`, `bit` a free square or the lowest bit of `poss`), so that every
//! answer that works in the real loop is accepted.
//!
//! Speed: the distinct input tuples of each exercise, with the reference's outputs and the
//! first step each occurs at, are computed once per exercise ([`table`], a `OnceLock`);
//! checking an answer then runs its compiled postfix program over a flat array.

use super::catalogue::{self, Compare, Exercise};
use super::eval::{Compiled, Scratch};
use super::lang;
use crate::algorithms::richards::{Phase, Stepper};
use crate::board::full_mask;
use crate::random::Random;
use serde::Serialize;
use std::collections::HashSet;
use std::sync::OnceLock;

/// The largest board whose whole search the check walks.
pub const SEARCH_UP_TO: u32 = 10;
/// How many random masks each answer meets after the search's states and the edge cases.
pub const RANDOM_CASES: usize = 2_000;
const SEED: u64 = 0x5EED_0035;
/// The most inputs an exercise may have (a test checks the catalogue).
pub const MAX_INPUTS: usize = 5;

/// The place in the loop whose values an exercise reads.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Moment {
    /// A row is entered: `ld`, `col`, `rd`, `done`.
    Enter,
    /// A square is chosen: `poss` (not 0 in the search) and `bit`, its lowest bit.
    Choose,
    /// A queen is placed on `bit`: `ld`, `col`, `rd`, `done`, `bit`.
    Place,
}

impl Moment {
    /// The moment an exercise with these inputs reads.
    pub fn of(inputs: &[String]) -> Moment {
        let has = |name: &str| inputs.iter().any(|i| i == name);
        if has("poss") {
            Moment::Choose
        } else if has("bit") {
            Moment::Place
        } else {
            Moment::Enter
        }
    }
}

/// The values the loop holds at a moment (`poss` and `bit` as the moment defines them).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Values {
    pub ld: u32,
    pub col: u32,
    pub rd: u32,
    pub done: u32,
    pub poss: u32,
    pub bit: u32,
}

impl Values {
    /// The value of an input name; `None` for a name the loop does not hold.
    pub fn get(&self, name: &str) -> Option<u32> {
        Some(match name {
            "ld" => self.ld,
            "col" => self.col,
            "rd" => self.rd,
            "done" => self.done,
            "poss" => self.poss,
            "bit" => self.bit,
            _ => return None,
        })
    }

    /// The values at `moment` of Richards' stepper where it stands, if it stands there.
    pub fn at(stepper: &Stepper, moment: Moment) -> Option<Values> {
        let top = stepper.calls().last()?;
        let done = full_mask(stepper.n()).ok()?;
        let values = Values {
            ld: top.ld,
            col: top.col,
            rd: top.rd,
            done,
            poss: top.poss,
            bit: top.bit,
        };
        match (moment, top.phase) {
            (Moment::Enter, Phase::Enter) => Some(values),
            (Moment::Choose, Phase::Scanned | Phase::Returned) if top.poss != 0 => Some(Values {
                bit: top.poss & top.poss.wrapping_neg(),
                ..values
            }),
            (Moment::Place, Phase::Trying) => Some(values),
            _ => None,
        }
    }
}

/// Where a case comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Origin {
    Search,
    Edge,
    Random,
}

/// One input tuple with where it was met.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Case {
    origin: Origin,
    n: u32,
    mirror: bool,
    /// For the search: the player's position (steps taken) where the state stands.
    step: u64,
}

/// The cases of one exercise, with the reference's outputs and the compared bits.
pub struct Table {
    stride: usize,
    outputs: usize,
    inputs: Vec<u32>,
    expected: Vec<u32>,
    compared: Vec<u32>,
    cases: Vec<Case>,
    /// How many cases of each origin.
    pub checked: Checked,
}

/// How many inputs were compared, by origin.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Checked {
    pub states: u32,
    pub edge: u32,
    pub random: u32,
}

/// One case of a table as a test reads it.
#[cfg(test)]
pub struct CaseView<'a> {
    pub origin: Origin,
    pub n: u32,
    pub mirror: bool,
    /// In the exercise's input order.
    pub inputs: &'a [u32],
    /// The reference's outputs on the compared bits, in the exercise's output order.
    pub expected: &'a [u32],
    pub compared: &'a [u32],
}

#[cfg(test)]
impl Table {
    /// Every case, in the order the check meets them.
    pub fn each_case(&self) -> impl Iterator<Item = CaseView<'_>> {
        self.cases.iter().enumerate().map(move |(i, case)| {
            let (s, o) = (self.stride, self.outputs);
            CaseView {
                origin: case.origin,
                n: case.n,
                mirror: case.mirror,
                inputs: &self.inputs[i * s..(i + 1) * s],
                expected: &self.expected[i * o..(i + 1) * o],
                compared: &self.compared[i * o..(i + 1) * o],
            }
        })
    }
}

/// The first input on which an answer differs from the reference.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Counterexample {
    pub origin: Origin,
    pub n: u32,
    pub mirror: bool,
    /// For the search: the position `?n=N&mirror=M&pos=STEP` opens; else `None`.
    pub step: Option<u64>,
    /// The columns of the queens placed (0-based from the left); empty off the search.
    pub queens: Vec<u32>,
    pub inputs: Vec<NamedValue>,
    pub output: String,
    pub expected: u32,
    pub got: u32,
    /// The bits compared.
    pub compared: u32,
}

/// An input's name and value.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct NamedValue {
    pub name: String,
    pub value: u32,
}

/// The bits of an output compared on an `n`×`n` board.
fn compared_bits(compare: Compare, n: u32) -> u32 {
    match compare {
        Compare::All => u32::MAX,
        Compare::Board => full_mask(n).unwrap_or(u32::MAX),
    }
}

/// The table of exercise `index` of the catalogue, built on first use.
pub fn table(index: usize) -> &'static Table {
    static TABLES: OnceLock<Vec<OnceLock<Table>>> = OnceLock::new();
    let tables = TABLES.get_or_init(|| catalogue::all().iter().map(|_| OnceLock::new()).collect());
    tables[index].get_or_init(|| build(&catalogue::all()[index]))
}

/// The reference of an exercise, compiled; a test checks that every one compiles.
pub fn reference(exercise: &Exercise) -> Option<Compiled> {
    let program = lang::parse(&exercise.reference).ok()?;
    let outputs = exercise.output_names();
    super::eval::compile(&program, &exercise.inputs, &outputs, 0).ok()
}

struct Builder<'a> {
    exercise: &'a Exercise,
    reference: Compiled,
    scratch: Scratch,
    seen: HashSet<[u32; MAX_INPUTS + 1]>,
    /// True when some output compares the board's bits only: `n` is then part of a case.
    by_board: bool,
    table: Table,
}

impl Builder<'_> {
    /// Adds a case unless its inputs (and board size, where it matters) were met before.
    fn add(&mut self, values: &Values, case: Case) {
        let mut key = [0; MAX_INPUTS + 1];
        let mut inputs = [0; MAX_INPUTS];
        for (i, name) in self.exercise.inputs.iter().take(MAX_INPUTS).enumerate() {
            inputs[i] = values.get(name).unwrap_or(0);
            key[i] = inputs[i];
        }
        key[MAX_INPUTS] = if self.by_board { case.n } else { 0 };
        if !self.seen.insert(key) {
            return;
        }
        let stride = self.table.stride;
        self.table.inputs.extend_from_slice(&inputs[..stride]);
        self.reference.run(&inputs[..stride], &mut self.scratch);
        for (j, output) in self.exercise.outputs.iter().enumerate() {
            let mask = compared_bits(output.compare, case.n);
            let value = self.reference.output(j, &self.scratch);
            self.table.expected.push(value & mask);
            self.table.compared.push(mask);
        }
        self.table.cases.push(case);
        let counter = match case.origin {
            Origin::Search => &mut self.table.checked.states,
            Origin::Edge => &mut self.table.checked.edge,
            Origin::Random => &mut self.table.checked.random,
        };
        *counter += 1;
    }
}

fn build(exercise: &Exercise) -> Table {
    let moment = Moment::of(&exercise.inputs);
    let mut builder = Builder {
        exercise,
        reference: reference(exercise).unwrap_or_else(|| {
            // A test checks every reference: this is never reached.
            let program = lang::parse("x = 0;").expect("parses");
            super::eval::compile(&program, &[], &["x".into()], 0).expect("compiles")
        }),
        scratch: Scratch::default(),
        seen: HashSet::new(),
        by_board: exercise.outputs.iter().any(|o| o.compare == Compare::Board),
        table: Table {
            stride: exercise.inputs.len().min(MAX_INPUTS),
            outputs: exercise.outputs.len(),
            inputs: Vec::new(),
            expected: Vec::new(),
            compared: Vec::new(),
            cases: Vec::new(),
            checked: Checked::default(),
        },
    };
    for n in 1..=SEARCH_UP_TO {
        for mirror in [false, true] {
            search_states(n, mirror, moment, |values, step| {
                let case = Case {
                    origin: Origin::Search,
                    n,
                    mirror,
                    step,
                };
                builder.add(&values, case);
            });
        }
    }
    for (n, values) in edge_values(moment) {
        let case = Case {
            origin: Origin::Edge,
            n,
            mirror: false,
            step: 0,
        };
        builder.add(&values, case);
    }
    let mut random = Random::new(SEED);
    // Draw until RANDOM_CASES new tuples were met, or give up after 10 times as many draws
    // (an input such as a single `bit` has only 32 values, all met before).
    let mut drawn = 0;
    for _ in 0..10 * RANDOM_CASES {
        if drawn == RANDOM_CASES {
            break;
        }
        let (n, values) = random_values(moment, &mut random);
        let before = builder.table.cases.len();
        builder.add(
            &values,
            Case {
                origin: Origin::Random,
                n,
                mirror: false,
                step: 0,
            },
        );
        drawn += usize::from(builder.table.cases.len() > before);
    }
    builder.table
}

/// Calls `f` with the values at `moment` and the position, at every position of the whole
/// search of an `n`×`n` board where the stepper stands at that moment.
pub fn search_states(n: u32, mirror: bool, moment: Moment, mut f: impl FnMut(Values, u64)) {
    let Ok(mut stepper) = Stepper::with_mirror(n, mirror) else {
        return;
    };
    while !stepper.is_finished() {
        if let Some(values) = Values::at(&stepper, moment) {
            f(values, stepper.steps());
        }
        stepper.step();
    }
}

/// The edge cases of a moment: boards of 1, 2, 8, 31 and 32 columns, and masks 0, `done`,
/// the lowest and the highest column, `1 << 31`, all ones and the alternating bits, kept
/// where the loop's invariants allow them.
fn edge_values(moment: Moment) -> Vec<(u32, Values)> {
    let mut found = Vec::new();
    for n in [1, 2, 8, 31, 32] {
        let done = full_mask(n).unwrap_or(u32::MAX);
        let masks = [
            0,
            done,
            1,
            1 << (n - 1),
            1 << 31,
            u32::MAX,
            0x5555_5555,
            0xAAAA_AAAA,
        ];
        let within: Vec<u32> = masks.iter().map(|m| m & done).collect();
        let mut push = |values: Values| found.push((n, values));
        match moment {
            Moment::Choose => {
                for &poss in &within {
                    let bit = poss & poss.wrapping_neg();
                    push(Values {
                        done,
                        poss,
                        bit,
                        ..Values::default()
                    });
                }
            }
            Moment::Enter | Moment::Place => {
                for &ld in &within {
                    for &col in &within {
                        for &rd in &masks {
                            let base = Values {
                                ld,
                                col,
                                rd,
                                done,
                                ..Values::default()
                            };
                            if moment == Moment::Enter {
                                push(base);
                                continue;
                            }
                            let free = !(ld | col | rd) & done;
                            let lowest = free & free.wrapping_neg();
                            let highest = if free == 0 {
                                0
                            } else {
                                1 << (31 - free.leading_zeros())
                            };
                            for bit in [lowest, highest] {
                                if bit != 0 {
                                    push(Values { bit, ..base });
                                }
                            }
                        }
                    }
                }
            }
        }
    }
    found
}

/// Random values at a moment on a board of 1 to 32 columns, keeping the loop's invariants.
fn random_values(moment: Moment, random: &mut Random) -> (u32, Values) {
    let n = 1 + random.below(32);
    let done = full_mask(n).unwrap_or(u32::MAX);
    // Sparse masks (a quarter of the bits) leave free squares for `bit`.
    let sparse = |random: &mut Random| {
        let a = random.next_u64();
        (a as u32) & ((a >> 32) as u32)
    };
    match moment {
        Moment::Choose => {
            let poss = (random.next_u64() as u32) & done;
            let poss = if poss == 0 { done } else { poss };
            let values = Values {
                done,
                poss,
                bit: poss & poss.wrapping_neg(),
                ..Values::default()
            };
            (n, values)
        }
        Moment::Enter | Moment::Place => loop {
            let values = Values {
                ld: sparse(random) & done,
                col: sparse(random) & done,
                rd: sparse(random),
                done,
                ..Values::default()
            };
            if moment == Moment::Enter {
                return (n, values);
            }
            let free = !(values.ld | values.col | values.rd) & done;
            if free != 0 {
                let bit = random.bit_of(free);
                return (n, Values { bit, ..values });
            }
        },
    }
}

impl Table {
    /// The first case where `answer` differs from the reference on the compared bits, as
    /// (case index, output index, the answer's value).
    pub fn first_difference(&self, answer: &Compiled) -> Option<(usize, usize, u32)> {
        let mut scratch = Scratch::default();
        let (stride, outputs) = (self.stride, self.outputs);
        for i in 0..self.cases.len() {
            answer.run(&self.inputs[i * stride..(i + 1) * stride], &mut scratch);
            for j in 0..outputs {
                let got = answer.output(j, &scratch);
                let k = i * outputs + j;
                if got & self.compared[k] != self.expected[k] {
                    return Some((i, j, got));
                }
            }
        }
        None
    }

    /// The counterexample of case `i`, output `j`, where the answer gave `got`.
    pub fn counterexample(
        &self,
        exercise: &Exercise,
        i: usize,
        j: usize,
        got: u32,
    ) -> Counterexample {
        let case = self.cases[i];
        let k = i * self.outputs + j;
        let queens = if case.origin == Origin::Search {
            queens_at(case.n, case.mirror, case.step)
        } else {
            Vec::new()
        };
        Counterexample {
            origin: case.origin,
            n: case.n,
            mirror: case.mirror,
            step: (case.origin == Origin::Search).then_some(case.step),
            queens,
            inputs: exercise
                .inputs
                .iter()
                .zip(&self.inputs[i * self.stride..(i + 1) * self.stride])
                .map(|(name, &value)| NamedValue {
                    name: name.clone(),
                    value,
                })
                .collect(),
            output: exercise.outputs[j].name.clone(),
            expected: self.expected[k],
            got,
            compared: self.compared[k],
        }
    }
}

/// The queens placed at position `step` of the search of an `n`×`n` board.
fn queens_at(n: u32, mirror: bool, step: u64) -> Vec<u32> {
    let Ok(mut stepper) = Stepper::with_mirror(n, mirror) else {
        return Vec::new();
    };
    while stepper.steps() < step && !stepper.is_finished() {
        stepper.step();
    }
    stepper.queens()
}

/// The first state of the whole `n`×`n` search (mirror mode or not) where `answer` differs
/// from the reference on the compared bits, as a counterexample; `None` when it agrees on
/// every state, or when `n` is not a board the check walks (1 to [`SEARCH_UP_TO`]).
/// Unlike the table, nothing is skipped as met before: a state met on a smaller board is
/// found again here, on this board.
pub fn search_counterexample(
    exercise: &Exercise,
    answer: &Compiled,
    n: u32,
    mirror: bool,
) -> Option<Counterexample> {
    if !(1..=SEARCH_UP_TO).contains(&n) {
        return None;
    }
    let reference = reference(exercise)?;
    let moment = Moment::of(&exercise.inputs);
    let mut stepper = Stepper::with_mirror(n, mirror).ok()?;
    let (mut mine, mut theirs) = (Scratch::default(), Scratch::default());
    let stride = exercise.inputs.len().min(MAX_INPUTS);
    let mut inputs = [0; MAX_INPUTS];
    while !stepper.is_finished() {
        if let Some(values) = Values::at(&stepper, moment) {
            for (slot, name) in inputs.iter_mut().zip(&exercise.inputs) {
                *slot = values.get(name).unwrap_or(0);
            }
            answer.run(&inputs[..stride], &mut mine);
            reference.run(&inputs[..stride], &mut theirs);
            for (j, output) in exercise.outputs.iter().enumerate() {
                let compared = compared_bits(output.compare, n);
                let got = answer.output(j, &mine);
                let expected = reference.output(j, &theirs) & compared;
                if got & compared != expected {
                    return Some(Counterexample {
                        origin: Origin::Search,
                        n,
                        mirror,
                        step: Some(stepper.steps()),
                        queens: stepper.queens(),
                        inputs: exercise
                            .inputs
                            .iter()
                            .zip(&inputs[..stride])
                            .map(|(name, &value)| NamedValue {
                                name: name.clone(),
                                value,
                            })
                            .collect(),
                        output: output.name.clone(),
                        expected,
                        got,
                        compared,
                    });
                }
            }
        }
        stepper.step();
    }
    None
}

/// The smallest board a counterexample is looked for on when no board is on screen (or the
/// one on screen shows none): boards of 1 to 3 columns have too few squares to show a learner
/// much, and "Go to this step" should not take them to a one-square board.
pub const PLAIN_BOARD: u32 = 4;

/// The counterexample to show for an answer that is wrong: on `board` (the learner's n and
/// mirror mode) when it fails there, else on the smallest board of at least [`PLAIN_BOARD`]
/// columns where it fails (without mirror mode first), else `None` (it fails on the small
/// boards, edge cases or random masks only).
pub fn preferred_counterexample(
    exercise: &Exercise,
    answer: &Compiled,
    board: Option<(u32, bool)>,
) -> Option<Counterexample> {
    if let Some(found) =
        board.and_then(|(n, mirror)| search_counterexample(exercise, answer, n, mirror))
    {
        return Some(found);
    }
    (PLAIN_BOARD..=SEARCH_UP_TO)
        .flat_map(|n| [(n, false), (n, true)])
        .find_map(|(n, mirror)| search_counterexample(exercise, answer, n, mirror))
}
