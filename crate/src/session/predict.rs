//! Predict mode's answer key: the question to ask before Richards' stepper takes its next
//! step, with the answer read from that step itself (the stepper is cloned and stepped; the
//! search does not move). The page asks, checks and explains; it never computes an answer.
//!
//! Which topic can be asked before which step:
//!
//! | next step | topics |
//! |---|---|
//! | `Free` | free squares (the new `poss`) |
//! | `Try` | lowest bit (`poss & -poss`), two's complement (`-poss` or `~poss`), what happens (a queen is placed) |
//! | `Place` | next row (`ld`, `col`, `rd` of the row below) |
//! | `DeadEnd`, `Backtrack` | what happens (back up) |
//! | `Solution` | what happens (a solution) |
//!
//! `Finished` is never asked about.

use crate::algorithms::richards::Stepper;
use crate::board::{full_mask, searched_part};
use crate::stepping::Step;
use serde::{Deserialize, Serialize};
use std::fmt;

/// What a question can be about: the learner chooses which ("Ask about").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Topic {
    /// "Which squares of row r are free?": the new `poss`.
    FreeSquares,
    /// "Which square does `poss & -poss` pick?": the new `bit`.
    LowestBit,
    /// "What is `-poss` in binary?" or "What is `~poss`?" (n digits).
    TwosComplement,
    /// "What are the next row's `ld`, `col` and `rd`?"
    NextRow,
    /// "Place a queen, back up, or a solution?"
    WhatHappens,
}

impl Topic {
    /// Every topic, in the order the page lists them.
    pub const ALL: [Topic; 5] = [
        Topic::FreeSquares,
        Topic::LowestBit,
        Topic::TwosComplement,
        Topic::NextRow,
        Topic::WhatHappens,
    ];

    /// The short name the page and its stored score use.
    pub fn slug(self) -> &'static str {
        match self {
            Topic::FreeSquares => "free-squares",
            Topic::LowestBit => "lowest-bit",
            Topic::TwosComplement => "twos-complement",
            Topic::NextRow => "next-row",
            Topic::WhatHappens => "what-happens",
        }
    }

    /// The name the page shows by its checkbox.
    pub fn name(self) -> &'static str {
        match self {
            Topic::FreeSquares => "Free squares",
            Topic::LowestBit => "Lowest bit",
            Topic::TwosComplement => "Two’s complement",
            Topic::NextRow => "Next row",
            Topic::WhatHappens => "What happens",
        }
    }

    /// The topic with this slug.
    pub fn from_slug(slug: &str) -> Result<Topic, UnknownTopic> {
        Topic::ALL
            .into_iter()
            .find(|t| t.slug() == slug)
            .ok_or_else(|| UnknownTopic(slug.chars().take(40).collect()))
    }

    /// True when a question of this topic can be asked before `step`.
    pub fn asks_before(self, step: &Step) -> bool {
        matches!(
            (self, step),
            (Topic::FreeSquares, Step::Free { .. })
                | (
                    Topic::LowestBit | Topic::TwosComplement | Topic::WhatHappens,
                    Step::Try { .. }
                )
                | (Topic::NextRow, Step::Place { .. })
                | (
                    Topic::WhatHappens,
                    Step::DeadEnd { .. } | Step::Backtrack { .. } | Step::Solution { .. }
                )
        )
    }
}

/// A topic name that is none of [`Topic::ALL`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownTopic(pub String);

impl fmt::Display for UnknownTopic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let known: Vec<&str> = Topic::ALL.iter().map(|t| t.slug()).collect();
        write!(
            f,
            "No question topic “{}”: use one of {}.",
            self.0,
            known.join(", ")
        )
    }
}

impl std::error::Error for UnknownTopic {}

/// What the learner is asked to give. Read back (a class's answers) in the same shape it is
/// written, unknown fields refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "form", rename_all = "camelCase", deny_unknown_fields)]
pub enum Answer {
    /// One row of n digits (a mask; digit k stands for board column k).
    #[serde(rename_all = "camelCase")]
    Digits { mask: u32 },
    /// The three masks the row below receives.
    #[serde(rename_all = "camelCase")]
    Rows { ld: u32, col: u32, rd: u32 },
    /// What the step does.
    #[serde(rename_all = "camelCase")]
    Outcome { outcome: Outcome },
}

/// The three answers to "what happens next?".
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum Outcome {
    /// A free square is chosen and its queen placed.
    Place,
    /// Nothing is left to try in the row: the search backs up to the row above.
    Back,
    /// Every row holds a queen: a solution.
    Solution,
}

/// One question, generated from where the search stands, with its answer. Written as one
/// flat object: the fields of [`Shown`], then `next` and `answer`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Question {
    /// What the learner is shown: everything but the answer.
    #[serde(flatten)]
    pub shown: Shown,
    /// The step the answer is read from: the one the search takes next.
    pub next: Step,
    /// The right answer.
    pub answer: Answer,
}

/// A question without its answer: all a learner (a class's student) may see of it. Nothing in
/// it gives the answer away; `next_column` is the one thing read from the step itself.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Shown {
    /// What it is about.
    pub topic: Topic,
    /// For [`Topic::TwosComplement`]: true asks for `~poss`, false for `-poss`.
    pub complement: bool,
    /// Board size.
    pub n: u32,
    /// The row the question is about (0-based; `n` before a solution).
    pub row: u32,
    /// The masks of that row now, as the bit panel shows them (`poss`: its free squares not
    /// tried yet, 0 before they are computed), each within `done`.
    pub ld: u32,
    /// See `ld`.
    pub col: u32,
    /// See `ld`.
    pub rd: u32,
    /// See `ld`.
    pub poss: u32,
    /// The columns of the row the search covers: all of them (`done`) except in mirror mode.
    pub searched: u32,
    /// For [`Topic::NextRow`]: the column of the queen about to be placed (the next step's);
    /// `None` (not written) for every other topic.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub next_column: Option<u32>,
}

/// The question to ask before `stepper`'s next step, on one of the `asked` topics that can
/// be asked there, or `None` (nothing asked before it, or the search is finished). When
/// several can, `turn` (the number of questions asked so far) picks one in rotation, and
/// also alternates `-poss` with `~poss`, so that a learner answering in a row meets them all.
pub fn question(stepper: &Stepper, asked: &[Topic], turn: u32) -> Option<Question> {
    if stepper.is_finished() {
        return None;
    }
    let mut after = stepper.clone();
    let next = after.step();
    // Right after a solution the board is full and the next step lifts the last queen: there
    // is nothing to predict (the row asked about would be past the board).
    let after_solution = stepper.row() == stepper.n() && matches!(next, Step::Backtrack { .. });
    let topics: Vec<Topic> = Topic::ALL
        .into_iter()
        .filter(|t| asked.contains(t) && t.asks_before(&next) && !after_solution)
        .collect();
    if topics.is_empty() {
        return None;
    }
    // Shifted by one each time round, so that a step kind met every k-th question (each row
    // on the way down asks before its Free, Try and Place) does not always get the same topic.
    let round = turn as usize / topics.len();
    let topic = topics[(turn as usize + round) % topics.len()];
    let n = stepper.n();
    let done = full_mask(n).expect("a stepper's board size is valid");
    let row = stepper.row();
    let call = stepper.calls()[row as usize];
    // Each topic's questions come round once per `topics.len()` turns: every other time
    // round, two's complement asks for `~poss` instead of `-poss`.
    let complement = topic == Topic::TwosComplement && round % 2 == 1;
    let answer = match (topic, next) {
        (Topic::FreeSquares, Step::Free { poss, .. }) => Answer::Digits { mask: poss },
        (Topic::LowestBit, Step::Try { bit, .. }) => Answer::Digits { mask: bit },
        (Topic::TwosComplement, _) if complement => Answer::Digits {
            mask: !call.poss & done,
        },
        (Topic::TwosComplement, _) => Answer::Digits {
            mask: call.poss.wrapping_neg() & done,
        },
        (Topic::NextRow, _) => {
            let below = after.calls()[row as usize + 1];
            Answer::Rows {
                ld: below.ld & done,
                col: below.col & done,
                rd: below.rd & done,
            }
        }
        (_, Step::Try { .. }) => Answer::Outcome {
            outcome: Outcome::Place,
        },
        (_, Step::Solution { .. }) => Answer::Outcome {
            outcome: Outcome::Solution,
        },
        _ => Answer::Outcome {
            outcome: Outcome::Back,
        },
    };
    let first_queen = stepper.calls()[0].bit;
    let next_column = match (topic, next) {
        (Topic::NextRow, Step::Place { column, .. }) => Some(column),
        _ => None,
    };
    Some(Question {
        shown: Shown {
            topic,
            complement,
            n,
            row,
            ld: call.ld & done,
            col: call.col & done,
            rd: call.rd & done,
            poss: call.poss & done,
            searched: searched_part(n, stepper.mirror(), row as usize, first_queen) & done,
            next_column,
        },
        next,
        answer,
    })
}

/// Why `given` is not the answer to `question`, in one line: the wrong pattern it most likely
/// is (the attacked squares given for the free ones, a mask left out, a shift the wrong way,
/// `~poss` given for `-poss`…), else the columns (1-based, from the left) where it differs.
/// `None` when it is right. Never panics, whatever the two hold (a question of another size,
/// masks past the board).
pub fn reason(question: &Question, given: &Answer) -> Option<String> {
    if *given == question.answer {
        return None;
    }
    let n = question.shown.n;
    let done = full_mask(n).unwrap_or(u32::MAX);
    let free = !(question.shown.ld | question.shown.col | question.shown.rd) & done;
    let pattern = match (question.shown.topic, question.answer, *given) {
        (_, Answer::Digits { mask: right }, Answer::Digits { mask }) => {
            digits_reason(question, done, free, right, mask)
        }
        (_, Answer::Rows { ld, col, rd }, Answer::Rows { .. }) => {
            rows_reason(question, done, [ld, col, rd], *given)
        }
        (_, Answer::Outcome { outcome: right }, Answer::Outcome { outcome }) => {
            Some(outcome_reason(right, outcome).to_string())
        }
        _ => Some(String::from(
            "That answer is of another kind than the question asks for.",
        )),
    };
    Some(pattern.unwrap_or_else(|| differing_columns(n, question.answer, *given)))
}

/// The wrong digit patterns of free squares, lowest bit and two's complement.
fn digits_reason(q: &Question, done: u32, free: u32, right: u32, mask: u32) -> Option<String> {
    let line = |text: &str| Some(text.to_string());
    if mask & !done != 0 {
        return line("Some digits lie off the board: a mask has one digit per column.");
    }
    match q.shown.topic {
        Topic::FreeSquares => {
            let (ld, col, rd) = (q.shown.ld, q.shown.col, q.shown.rd);
            let attacked = (ld | col | rd) & done;
            // With nothing attacked, the attacked squares are no answer at all (an untouched
            // one): no `~` was forgotten, so the branches below say what fits.
            if attacked != 0 && mask == attacked {
                line("These are the attacked squares: is the `~` missing in `~(ld | col | rd)`?")
            } else if mask == free && right != free {
                line("In mirror mode this row searches only part of its squares: leave out those outside it.")
            } else if mask == !(col | rd) & done {
                line("The squares `ld` attacks are counted free: is `ld` left out of `ld | col | rd`?")
            } else if mask == !(ld | rd) & done {
                line("The squares `col` attacks are counted free: is `col` left out of `ld | col | rd`?")
            } else if mask == !(ld | col) & done {
                line("The squares `rd` attacks are counted free: is `rd` left out of `ld | col | rd`?")
            } else if mask & !free != 0 && mask & !right & free == 0 {
                line("A square you marked free is attacked by a queen above: check `ld`, `col` and `rd` there.")
            } else if mask & !right == 0 {
                line("A free square is missing: every column no mask attacks is free.")
            } else {
                None
            }
        }
        Topic::LowestBit => {
            let highest = match q.shown.poss {
                0 => 0,
                poss => 1u32 << (31 - poss.leading_zeros()),
            };
            if mask == highest && mask != right {
                line("That is the highest (left-most) free square: `poss & -poss` keeps the lowest, the right-most one.")
            } else if mask == q.shown.poss {
                line(
                    "That is all of `poss`: `poss & -poss` keeps only its lowest (right-most) bit.",
                )
            } else if mask.count_ones() != 1 {
                line("`poss & -poss` has exactly one bit set: the right-most bit of `poss`.")
            } else if mask & q.shown.poss == 0 {
                line("That square is not free: the bit is one of `poss`, its right-most one.")
            } else {
                line("That is a free square, but not the right-most one: `poss & -poss` keeps the lowest bit.")
            }
        }
        Topic::TwosComplement => {
            let not_poss = !q.shown.poss & done;
            let minus_poss = q.shown.poss.wrapping_neg() & done;
            if !q.shown.complement && mask == not_poss {
                line("That is `~poss`: `-poss` is `~poss + 1`, the +1 is missing.")
            } else if q.shown.complement && mask == minus_poss {
                line("That is `-poss` (`~poss + 1`): `~poss` only flips every digit, with no +1.")
            } else if mask == q.shown.poss {
                line("That is `poss` itself: every digit flips (and `-poss` then adds 1).")
            } else if !q.shown.complement && mask == not_poss.wrapping_sub(1) & done {
                line("The 1 was taken away instead of added: `-poss` is `~poss + 1`.")
            } else {
                None
            }
        }
        Topic::NextRow | Topic::WhatHappens => None,
    }
}

/// The wrong patterns of the next row's three masks.
fn rows_reason(q: &Question, done: u32, right: [u32; 3], given: Answer) -> Option<String> {
    let Answer::Rows { ld, col, rd } = given else {
        return None;
    };
    let line = |text: &str| Some(text.to_string());
    let bit = match q.next {
        Step::Place { column, .. } if column < q.shown.n => {
            1u32.checked_shl(q.shown.n - 1 - column).unwrap_or(0)
        }
        _ => 0,
    };
    if [ld, col, rd].iter().any(|&m| m & !done != 0) {
        return line("Some digits lie off the board: a mask has one digit per column.");
    }
    if ld == ((q.shown.ld | bit) << 1) & done && rd == (q.shown.rd | bit) >> 1 {
        line("The diagonals shift the wrong way: `ld` moves right (`>> 1`), `rd` moves left (`<< 1`).")
    } else if ld == q.shown.ld | bit && rd == q.shown.rd | bit {
        line("The diagonals are not shifted: the row below sees `ld` one column to the right, `rd` one to the left.")
    } else if bit != 0
        && (ld == q.shown.ld >> 1 || col == q.shown.col || rd == (q.shown.rd << 1) & done)
    {
        line("The new queen is not added: each mask takes `| bit` (before the shift).")
    } else if col != right[1] {
        line("`col` is the columns already taken, with the new queen's: `col | bit`.")
    } else if ld != right[0] && rd == right[2] {
        line("`ld` is wrong: `(ld | bit) >> 1`, one column to the right.")
    } else if rd != right[2] && ld == right[0] {
        line("`rd` is wrong: `(rd | bit) << 1`, one column to the left, within the board.")
    } else {
        None
    }
}

/// Why `outcome` is not what the step does (`right`).
fn outcome_reason(right: Outcome, outcome: Outcome) -> &'static str {
    match (right, outcome) {
        (Outcome::Place, Outcome::Back) => {
            "`poss` is not 0: a free square is left in this row, so a queen is placed."
        }
        (Outcome::Place, _) => {
            "Not every row holds a queen yet: a free square is left, so a queen is placed."
        }
        (Outcome::Back, Outcome::Place) => {
            "`poss` is 0: no square of this row is free, so the search backs up."
        }
        (Outcome::Back, _) => {
            "`col` is not `done`: not every row holds a queen, and nothing is left to try, so the search backs up."
        }
        (Outcome::Solution, _) => "`col == done`: every row holds a queen, so this is a solution.",
    }
}

/// The generic line: which columns (1-based, from the left) differ, mask by mask.
fn differing_columns(n: u32, right: Answer, given: Answer) -> String {
    let n = n.min(32);
    let columns = |a: u32, b: u32| -> Vec<String> {
        (0..n)
            .filter(|&c| (a ^ b) >> (n - 1 - c) & 1 == 1)
            .map(|c| (c + 1).to_string())
            .collect()
    };
    let named = |list: Vec<String>| match list.len() {
        1 => format!("column {}", list[0]),
        _ => format!("columns {}", list.join(", ")),
    };
    match (right, given) {
        (Answer::Digits { mask: a }, Answer::Digits { mask: b }) => {
            let list = columns(a, b);
            if list.is_empty() {
                "Digits past the board differ from the right answer.".to_string()
            } else {
                // The verb agrees with the number of columns named.
                let verb = if list.len() == 1 { "differs" } else { "differ" };
                format!("{} {verb} from the right answer.", capitalized(named(list)))
            }
        }
        (
            Answer::Rows { ld, col, rd },
            Answer::Rows {
                ld: l,
                col: c,
                rd: r,
            },
        ) => {
            let parts: Vec<String> = [("ld", ld, l), ("col", col, c), ("rd", rd, r)]
                .into_iter()
                .filter(|&(_, a, b)| a != b)
                .map(|(name, a, b)| {
                    let list = columns(a, b);
                    if list.is_empty() {
                        format!("`{name}` past the board")
                    } else {
                        format!("`{name}` at {}", named(list))
                    }
                })
                .collect();
            format!("Wrong digits: {}.", parts.join("; "))
        }
        _ => "That answer differs from the right one.".to_string(),
    }
}

/// `text` with its first letter upper-case.
fn capitalized(text: String) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => text,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The squares of `row` no queen of `queens` (columns, row 0 first) attacks, as a mask:
    /// from the geometry of the board, not from the stepper's masks.
    fn unattacked(n: u32, queens: &[u32], row: u32) -> u32 {
        (0..n)
            .filter(|&c| {
                queens.iter().enumerate().all(|(r, &q)| {
                    let dr = row as i64 - r as i64;
                    q != c && (c as i64 - q as i64).abs() != dr
                })
            })
            .fold(0, |mask, c| mask | 1 << (n - 1 - c))
    }

    /// Every question asked along a whole search, all topics on, one topic at a time.
    fn every_question(n: u32, mirror: bool, asked: &[Topic]) -> Vec<(Stepper, Question)> {
        let mut stepper = Stepper::with_mirror(n, mirror).unwrap();
        let mut asked_so_far = 0;
        let mut found = Vec::new();
        while !stepper.is_finished() {
            if let Some(q) = question(&stepper, asked, asked_so_far) {
                asked_so_far += 1;
                found.push((stepper.clone(), q));
            }
            stepper.step();
        }
        found
    }

    #[test]
    fn free_squares_are_the_squares_no_queen_attacks() {
        for n in 4..=8 {
            let questions = every_question(n, false, &[Topic::FreeSquares]);
            assert!(!questions.is_empty());
            for (stepper, q) in questions {
                let queens = stepper.queens();
                let expected = unattacked(n, &queens, q.shown.row);
                assert_eq!(
                    q.answer,
                    Answer::Digits { mask: expected },
                    "n={n} queens={queens:?}"
                );
                assert!(matches!(q.next, Step::Free { .. }));
            }
        }
    }

    #[test]
    fn the_lowest_bit_is_the_right_most_square_left() {
        for (stepper, q) in every_question(6, false, &[Topic::LowestBit]) {
            let Answer::Digits { mask } = q.answer else {
                panic!("digits")
            };
            assert_eq!(mask.count_ones(), 1);
            assert_ne!(q.shown.poss & mask, 0, "the bit is one of poss");
            assert_eq!(
                q.shown.poss & (mask - 1),
                0,
                "no square of poss lies right of it"
            );
            let mut after = stepper.clone();
            assert_eq!(after.step(), q.next);
        }
    }

    #[test]
    fn twos_complement_alternates_and_is_right() {
        let questions = every_question(8, false, &[Topic::TwosComplement]);
        let (mut negatives, mut complements) = (0, 0);
        for (_, q) in &questions {
            let Answer::Digits { mask } = q.answer else {
                panic!("digits")
            };
            let done = (1u32 << 8) - 1;
            if q.shown.complement {
                complements += 1;
                assert_eq!(mask | q.shown.poss, done);
                assert_eq!(mask & q.shown.poss, 0);
            } else {
                negatives += 1;
                // -poss + poss = 0 (mod 2^8): the definition of the two's complement.
                assert_eq!((mask + q.shown.poss) & done, 0);
            }
        }
        assert_eq!(negatives, complements);
        assert!(negatives > 10);
    }

    #[test]
    fn the_next_row_is_attacked_where_the_queens_say() {
        for n in 4..=7 {
            for (stepper, q) in every_question(n, false, &[Topic::NextRow]) {
                let Step::Place { column, .. } = q.next else {
                    panic!("a place")
                };
                assert_eq!(q.shown.next_column, Some(column), "shown with the question");
                let mut queens = stepper.queens();
                queens.push(column);
                let Answer::Rows { ld, col, rd } = q.answer else {
                    panic!("rows")
                };
                let done = (1u32 << n) - 1;
                assert_eq!(
                    !(ld | col | rd) & done,
                    unattacked(n, &queens, q.shown.row + 1)
                );
                let columns = queens.iter().fold(0, |m, &c| m | 1 << (n - 1 - c));
                assert_eq!(col, columns);
            }
        }
    }

    #[test]
    fn a_question_is_written_as_one_flat_object_the_shown_part_first() {
        // What the page reads (wasm `question()`): the fields of `Shown`, then the step and
        // the answer; `nextColumn` only for next row.
        let (_, free) = every_question(4, false, &[Topic::FreeSquares])[0];
        let json = serde_json::to_string(&free).unwrap();
        assert!(
            json.starts_with(
                r#"{"topic":"free-squares","complement":false,"n":4,"row":0,"ld":0,"col":0,"rd":0,"poss":0,"searched":15,"next":{"kind":"free","#
            ),
            "{json}"
        );
        assert!(
            json.ends_with(r#""answer":{"form":"digits","mask":15}}"#),
            "{json}"
        );
        let (_, below) = every_question(4, false, &[Topic::NextRow])[0];
        let Step::Place { column, .. } = below.next else {
            panic!("a place")
        };
        let json = serde_json::to_string(&below).unwrap();
        let shown = format!(r#","searched":15,"nextColumn":{column},"next":{{"kind":"place","#);
        assert!(json.contains(&shown), "{json}");
        let shown = serde_json::to_value(below.shown).unwrap();
        assert_eq!(shown.get("nextColumn"), Some(&serde_json::json!(column)));
        assert_eq!(shown.get("answer"), None, "the shown part holds no answer");
        assert_eq!(shown.get("next"), None, "nor the step it is read from");
    }

    #[test]
    fn what_happens_is_what_the_step_does() {
        let questions = every_question(6, false, &[Topic::WhatHappens]);
        let mut seen = std::collections::HashSet::new();
        for (_, q) in &questions {
            let Answer::Outcome { outcome } = q.answer else {
                panic!("outcome")
            };
            seen.insert(format!("{outcome:?}"));
            assert_eq!(q.shown.next_column, None, "only next row shows the column");
            let expected = match q.next {
                Step::Try { .. } => Outcome::Place,
                Step::Solution { .. } => Outcome::Solution,
                Step::DeadEnd { .. } | Step::Backtrack { .. } => Outcome::Back,
                other => panic!("asked before {other:?}"),
            };
            assert_eq!(outcome, expected);
        }
        assert_eq!(seen.len(), 3, "all three outcomes come up on a 6×6 board");
    }

    #[test]
    fn all_topics_rotate_and_the_search_does_not_move() {
        let stepper = Stepper::new(8).unwrap();
        let mut advanced = stepper.clone();
        advanced.step(); // poss computed: the next step is a Try
        let topics: Vec<Topic> = (0..3)
            .map(|turn| question(&advanced, &Topic::ALL, turn).unwrap().shown.topic)
            .collect();
        assert_eq!(
            topics,
            [Topic::LowestBit, Topic::TwosComplement, Topic::WhatHappens]
        );
        let before = advanced.clone();
        let _ = question(&advanced, &Topic::ALL, 0);
        assert!(advanced == before);
        assert_eq!(question(&stepper, &[Topic::NextRow], 0), None);
    }

    #[test]
    fn nothing_is_asked_between_a_solution_and_the_step_back_from_it() {
        // 6×6: the first solution is found at some step; the step after it backs up from the
        // full board, and no topic asks before it.
        let mut stepper = Stepper::new(6).unwrap();
        loop {
            let mut peek = stepper.clone();
            let next = peek.step();
            stepper.step();
            if matches!(next, Step::Solution { .. }) {
                break;
            }
        }
        let mut peek = stepper.clone();
        assert!(matches!(peek.step(), Step::Backtrack { .. }));
        assert_eq!(stepper.row(), 6);
        assert_eq!(question(&stepper, &Topic::ALL, 0), None);
    }

    #[test]
    fn a_learner_answering_every_question_meets_every_topic_of_a_try_step() {
        // As the page asks: one turn per question, every topic ticked, the search going on.
        let mut stepper = Stepper::new(12).unwrap();
        let mut turn = 0;
        let mut before_try = Vec::new();
        while before_try.len() < 12 {
            if let Some(asked) = question(&stepper, &Topic::ALL, turn) {
                turn += 1;
                if matches!(asked.next, Step::Try { .. }) {
                    let complement = asked.answer
                        == Answer::Digits {
                            mask: !asked.shown.poss & full_mask(12).unwrap(),
                        };
                    before_try.push((asked.shown.topic, complement));
                }
            }
            stepper.step();
        }
        for topic in [Topic::LowestBit, Topic::TwosComplement, Topic::WhatHappens] {
            assert!(
                before_try.iter().any(|&(t, _)| t == topic),
                "{topic:?} in {before_try:?}"
            );
        }
        let twos: Vec<bool> = before_try
            .iter()
            .filter(|(t, _)| *t == Topic::TwosComplement)
            .map(|&(_, complement)| complement)
            .collect();
        assert!(
            twos.contains(&true) && twos.contains(&false),
            "-poss and ~poss: {twos:?}"
        );
    }

    #[test]
    fn mirror_mode_searches_half_of_row_one() {
        let questions = every_question(8, true, &[Topic::FreeSquares]);
        let (_, first) = &questions[0];
        assert_eq!(first.shown.searched, 0b1111_0000);
        assert_eq!(first.answer, Answer::Digits { mask: 0b1111_0000 });
    }

    #[test]
    fn a_finished_search_asks_nothing_and_slugs_round_trip() {
        let mut stepper = Stepper::new(4).unwrap();
        while !stepper.is_finished() {
            stepper.step();
        }
        assert_eq!(question(&stepper, &Topic::ALL, 0), None);
        for topic in Topic::ALL {
            assert_eq!(Topic::from_slug(topic.slug()), Ok(topic));
        }
        let error = Topic::from_slug("poss").unwrap_err().to_string();
        assert!(error.contains("free-squares"), "{error}");
    }

    /// The squares of `row` attacked by no queen of `queens`, leaving out the attacks of
    /// `left_out` (0: the column, 1: the diagonal going down to the right, `ld`'s, 2: down to
    /// the left, `rd`'s): from the geometry of the board.
    fn unattacked_but(n: u32, queens: &[u32], row: u32, left_out: usize) -> u32 {
        (0..n)
            .filter(|&c| {
                queens.iter().enumerate().all(|(r, &q)| {
                    let dr = row as i64 - r as i64;
                    let (c, q) = (c as i64, q as i64);
                    let attacks = [c == q, c == q + dr, c == q - dr];
                    !attacks.iter().enumerate().any(|(i, &a)| a && i != left_out)
                })
            })
            .fold(0, |mask, c| mask | 1 << (n - 1 - c))
    }

    fn said(q: &Question, given: Answer) -> String {
        reason(q, &given).unwrap_or_else(|| panic!("{given:?} is wrong for {q:?}"))
    }

    #[test]
    fn a_right_answer_has_no_reason() {
        for topic in Topic::ALL {
            for (_, q) in every_question(6, true, &[topic]) {
                assert_eq!(reason(&q, &q.answer), None);
            }
        }
    }

    #[test]
    fn the_attacked_squares_for_the_free_ones_point_at_the_missing_not() {
        let done = 0b11_1111;
        let (mut attacked, mut left_out) = (0, [0; 3]);
        for (stepper, q) in every_question(6, false, &[Topic::FreeSquares]) {
            let queens = stepper.queens();
            let given = !unattacked(6, &queens, q.shown.row) & done;
            if given != 0 {
                assert!(said(&q, Answer::Digits { mask: given }).contains('~'));
                attacked += 1;
            }
            for (i, name) in ["`col`", "`ld`", "`rd`"].into_iter().enumerate() {
                let mask = unattacked_but(6, &queens, q.shown.row, i);
                let others = (0..3)
                    .filter(|&j| j != i)
                    .map(|j| unattacked_but(6, &queens, q.shown.row, j));
                if mask != unattacked(6, &queens, q.shown.row)
                    && others.clone().all(|m| m != mask)
                    && mask != !unattacked(6, &queens, q.shown.row) & done
                {
                    let line = said(&q, Answer::Digits { mask });
                    assert!(
                        line.contains(name) && line.contains("left out"),
                        "{name}: {line}"
                    );
                    left_out[i] += 1;
                }
            }
        }
        assert!(
            attacked > 10 && left_out.iter().all(|&k| k > 3),
            "{attacked} {left_out:?}"
        );
    }

    #[test]
    fn an_untouched_answer_on_an_empty_row_is_not_blamed_on_a_missing_not() {
        // Row 1 of an empty board: nothing is attacked, every square is free. An all-zero
        // answer (nothing flipped) gives the squares missing, not a forgotten `~`.
        let (_, first) = &every_question(6, false, &[Topic::FreeSquares])[0];
        assert_eq!(
            (
                first.shown.row,
                first.shown.ld | first.shown.col | first.shown.rd
            ),
            (0, 0)
        );
        let line = said(first, Answer::Digits { mask: 0 });
        assert!(!line.contains('~'), "{line}");
        assert!(line.contains("free square is missing"), "{line}");
    }

    #[test]
    fn a_free_square_outside_the_searched_half_is_named_in_mirror_mode() {
        let (_, first) = &every_question(8, true, &[Topic::FreeSquares])[0];
        let line = said(first, Answer::Digits { mask: 0b1111_1111 });
        assert!(line.contains("mirror"), "{line}");
    }

    #[test]
    fn the_left_most_free_square_for_the_lowest_bit_is_named() {
        let mut named = 0;
        for (_, q) in every_question(7, false, &[Topic::LowestBit]) {
            // The left-most square of `poss`: the digit furthest left, by the display rule.
            let left_most = (0..7)
                .map(|c| 1u32 << (6 - c))
                .find(|b| q.shown.poss & b != 0)
                .unwrap();
            if q.shown.poss.count_ones() > 1 {
                assert!(said(&q, Answer::Digits { mask: left_most }).contains("highest"));
                assert!(said(&q, Answer::Digits { mask: q.shown.poss }).contains("all of `poss`"));
                named += 1;
            }
        }
        assert!(named > 5);
    }

    #[test]
    fn not_for_minus_and_minus_for_not_are_told_apart() {
        let done = 0xFF;
        let (mut minus, mut not) = (0, 0);
        for (_, q) in every_question(8, false, &[Topic::TwosComplement]) {
            // ~poss flips every digit; -poss is the number that adds to poss to give 2^8.
            let flipped = (0..8).fold(0, |m, c| m | ((q.shown.poss >> c & 1) ^ 1) << c);
            let negative = (256 - q.shown.poss) & done;
            if q.shown.complement {
                if negative != flipped {
                    assert!(said(&q, Answer::Digits { mask: negative }).contains("no +1"));
                    not += 1;
                }
            } else if negative != flipped {
                assert!(said(&q, Answer::Digits { mask: flipped }).contains("+1 is missing"));
                minus += 1;
            }
        }
        assert!(minus > 5 && not > 5, "{minus} {not}");
    }

    #[test]
    fn shifts_the_wrong_way_and_a_missing_bit_are_named() {
        let done = 0b11_1111;
        let (mut swapped, mut missing) = (0, 0);
        for (_, q) in every_question(6, false, &[Topic::NextRow]) {
            let Step::Place { column, .. } = q.next else {
                panic!("a place")
            };
            let bit = 1 << (5 - column);
            let wrong_way = Answer::Rows {
                ld: ((q.shown.ld | bit) << 1) & done,
                col: q.shown.col | bit,
                rd: (q.shown.rd | bit) >> 1,
            };
            if wrong_way != q.answer {
                assert!(said(&q, wrong_way).contains("wrong way"));
                swapped += 1;
            }
            let no_bit = Answer::Rows {
                ld: q.shown.ld >> 1,
                col: q.shown.col,
                rd: (q.shown.rd << 1) & done,
            };
            assert!(said(&q, no_bit).contains("not added"), "{q:?}");
            missing += 1;
        }
        assert!(swapped > 5 && missing > 5);
    }

    #[test]
    fn what_happens_says_why() {
        for (_, q) in every_question(5, false, &[Topic::WhatHappens]) {
            let Answer::Outcome { outcome } = q.answer else {
                panic!("outcome")
            };
            for other in [Outcome::Place, Outcome::Back, Outcome::Solution] {
                if other != outcome {
                    let line = said(&q, Answer::Outcome { outcome: other });
                    let expected = match outcome {
                        Outcome::Place => "a queen is placed",
                        Outcome::Back => "backs up",
                        Outcome::Solution => "solution",
                    };
                    assert!(line.contains(expected), "{outcome:?} for {other:?}: {line}");
                }
            }
        }
    }

    #[test]
    fn otherwise_the_columns_that_differ_are_named_from_one() {
        // Columns 2 and 5 (1-based, from the left) of a 6-column row.
        let line = differing_columns(
            6,
            Answer::Digits { mask: 0b01_0010 },
            Answer::Digits { mask: 0 },
        );
        assert_eq!(line, "Columns 2, 5 differ from the right answer.");
        let line = differing_columns(
            6,
            Answer::Digits { mask: 0b10_0000 },
            Answer::Digits { mask: 0 },
        );
        assert_eq!(line, "Column 1 differs from the right answer.");
        let line = differing_columns(
            4,
            Answer::Rows {
                ld: 1,
                col: 0,
                rd: 0,
            },
            Answer::Rows {
                ld: 0,
                col: 0,
                rd: 8,
            },
        );
        assert_eq!(line, "Wrong digits: `ld` at column 4; `rd` at column 1.");
    }

    #[test]
    fn reason_never_panics_on_odd_questions() {
        let (_, mut q) = every_question(6, false, &[Topic::NextRow])[0];
        for n in [0, 1, 31, 32, 33, 200, u32::MAX] {
            q.shown.n = n;
            for given in [
                Answer::Digits { mask: u32::MAX },
                Answer::Rows {
                    ld: u32::MAX,
                    col: 0,
                    rd: 1,
                },
                Answer::Outcome {
                    outcome: Outcome::Back,
                },
            ] {
                for topic in Topic::ALL {
                    q.shown.topic = topic;
                    let _ = reason(&q, &given);
                }
            }
        }
        q.next = Step::Place {
            row: 0,
            column: u32::MAX,
        };
        let _ = reason(
            &q,
            &Answer::Rows {
                ld: 0,
                col: 0,
                rd: 0,
            },
        );
    }
}
