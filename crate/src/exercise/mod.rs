//! Write it: the learner writes the search's bit expressions and the core checks them, like
//! CS:APP's Data Lab (`dlc` counts and polices the operators, `btest` runs the answer), but on
//! every board the search meets.
//!
//! - [`lang`]: the language (lexer and Pratt parser, positions, compiler-style messages);
//! - [`eval`]: answers compiled to a flat postfix program and run;
//! - [`rules`]: operator counting and legality;
//! - [`catalogue`]: the exercises (`exercises.json`, in the types of [`schema`]);
//! - [`check`]: the states, edge cases and random masks an answer is compared on;
//! - [`program`]: the learner's own loop as a stepper.
//!
//! [`check_answer`] runs the whole pipeline and never fails: whatever the source, it returns
//! a [`Report`] whose verdict says what was wrong, with a sentence at a position.

pub mod catalogue;
pub mod check;
pub mod eval;
pub mod lang;
mod lex;
pub mod program;
pub mod rules;
pub mod schema;

use crate::grouped::grouped;
use catalogue::Exercise;
use check::{Checked, Counterexample, Origin};
use lang::{position, Diagnostic, Program, Span};
use serde::Serialize;

/// What became of an answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Verdict {
    Correct,
    Wrong,
    Unparsable,
    Illegal,
    TooMany,
    Incomplete,
}

/// A refusal at a place, in the units the page and the text need.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Located {
    /// UTF-16 code units from the start of the source (CodeMirror's offsets).
    pub from: usize,
    pub to: usize,
    /// 1-based line and column (the column in characters).
    pub line: usize,
    pub column: usize,
    /// A sentence.
    pub message: String,
    /// Always "error".
    pub severity: &'static str,
    /// "line L, column C: message", the line and a caret, like a compiler's.
    pub rendered: String,
}

impl Located {
    pub(crate) fn new(diagnostic: &Diagnostic, source: &str) -> Located {
        let start = position(source, diagnostic.span.start);
        let end = position(source, diagnostic.span.end);
        Located {
            from: start.utf16,
            to: end.utf16,
            line: start.line,
            column: start.column,
            message: diagnostic.message.clone(),
            severity: "error",
            rendered: diagnostic.render(source),
        }
    }
}

/// Everything the page and the command line say about one answer.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Report {
    pub verdict: Verdict,
    /// One sentence for the Result region.
    pub summary: String,
    pub operators: u32,
    pub max_operators: u32,
    /// As `dlc` says it: "4 operators (at most 4): ok".
    pub dlc: String,
    pub diagnostics: Vec<Located>,
    pub counterexample: Option<Counterexample>,
    pub checked: Checked,
}

/// Checks `source` as an answer to `exercise` (number `index` of the catalogue), with no
/// board on screen: a wrong answer's counterexample is on the smallest board of at least
/// [`check::PLAIN_BOARD`] columns where it fails (see [`check_answer_on`]).
pub fn check_answer(index: usize, exercise: &Exercise, source: &str) -> Report {
    check_answer_on(index, exercise, source, None)
}

/// Checks `source` as an answer to `exercise` (number `index` of the catalogue); `board` is
/// the board the learner is looking at (n, mirror mode). A wrong answer's counterexample is
/// on that board when it fails there, else on the smallest board of at least
/// [`check::PLAIN_BOARD`] columns where it fails, else the first difference the check met;
/// when a smaller board shows it (the first difference), the summary says so.
pub fn check_answer_on(
    index: usize,
    exercise: &Exercise,
    source: &str,
    board: Option<(u32, bool)>,
) -> Report {
    let mut report = Report {
        verdict: Verdict::Unparsable,
        summary: String::new(),
        operators: 0,
        max_operators: exercise.max_operators,
        dlc: String::new(),
        diagnostics: Vec::new(),
        counterexample: None,
        checked: Checked::default(),
    };
    let refuse = |mut report: Report, verdict, diagnostics: Vec<Diagnostic>| {
        report.verdict = verdict;
        report.diagnostics = diagnostics
            .iter()
            .map(|d| Located::new(d, source))
            .collect();
        report.summary = match report.diagnostics.first() {
            Some(first) => format!(
                "Line {}, column {}: {}.",
                first.line, first.column, first.message
            ),
            None => "The answer was refused.".to_owned(),
        };
        report
    };
    let program: Program = match parse_answer(exercise, source) {
        Ok(program) => program,
        Err(error) if lang::is_blank(source) => {
            // Nothing written yet: the sentence names what to write, never how.
            report.verdict = Verdict::Incomplete;
            report.dlc = "not counted: the answer is empty".to_owned();
            report.summary = format!("{}.", capitalized(&error.message));
            report.diagnostics = vec![Located::new(&error, source)];
            return report;
        }
        Err(error) => {
            report.dlc = "not counted: the answer does not parse".to_owned();
            return refuse(report, Verdict::Unparsable, vec![error]);
        }
    };
    let usage = rules::usage(&program, &exercise.allowed());
    report.operators = usage.total;
    report.dlc = usage.dlc(exercise.budget(), &program);
    if !usage.illegal.is_empty() {
        return refuse(report, Verdict::Illegal, usage.illegal_diagnostics());
    }
    let compiled = match eval::compile(
        &program,
        &exercise.inputs,
        &exercise.output_names(),
        source.len(),
    ) {
        Ok(compiled) => compiled,
        Err(error) => {
            let verdict = if error.message.contains("never assigns") {
                Verdict::Incomplete
            } else {
                Verdict::Illegal
            };
            return refuse(report, verdict, vec![error]);
        }
    };
    let over = usage.over_budget(&program, exercise.budget());
    if !over.is_empty() {
        return refuse(report, Verdict::TooMany, over);
    }
    let table = check::table(index);
    report.checked = table.checked;
    match table.first_difference(&compiled) {
        None => {
            report.verdict = Verdict::Correct;
            report.summary = format!(
                "Correct: agrees on {} boards the search meets and {} other masks.",
                grouped(table.checked.states as u64),
                grouped((table.checked.edge + table.checked.random) as u64)
            );
        }
        Some((i, j, got)) => {
            let first = table.counterexample(exercise, i, j, got);
            // The table meets boards in increasing size and a search's states before edge
            // cases and random masks: an answer that agrees on every state it met fails on
            // no state of the search, so there is nothing to look for.
            let example = if first.origin == Origin::Search {
                check::preferred_counterexample(exercise, &compiled, board)
                    .unwrap_or_else(|| first.clone())
            } else {
                first.clone()
            };
            report.verdict = Verdict::Wrong;
            report.summary = wrong_sentence(&example);
            if first.origin == Origin::Search && first.n < example.n {
                report.summary.push_str(&format!(
                    " It fails on the {n}×{n} board too, more plainly: at step {step}{mirror}.",
                    n = first.n,
                    step = first.step.unwrap_or(0),
                    mirror = if first.mirror { " in mirror mode" } else { "" },
                ));
            }
            report.counterexample = Some(example);
        }
    }
    report
}

/// Parses `source` as an answer to `exercise`; an empty one (nothing but blanks and comments)
/// is refused with [`empty_answer`]'s sentence.
pub(crate) fn parse_answer(exercise: &Exercise, source: &str) -> Result<Program, Diagnostic> {
    if lang::is_blank(source) {
        return Err(empty_answer(exercise, source));
    }
    lang::parse(source)
}

/// The refusal of an empty answer, at its end: it names the outputs to assign and nothing
/// else (no operator, no digit), so that it never gives an answer away, whichever exercise.
pub fn empty_answer(exercise: &Exercise, source: &str) -> Diagnostic {
    let names: Vec<String> = exercise
        .outputs
        .iter()
        .map(|o| format!("`{}`", o.name))
        .collect();
    let message = match names.as_slice() {
        [one] => format!(
            "the answer is empty: write an expression for {one}, as a line `{} = …;`",
            exercise.outputs[0].name
        ),
        [first @ .., last] => format!(
            "the answer is empty: write an expression for each of {} and {last}, one line \
             `name = …;` each",
            first.join(", ")
        ),
        [] => "the answer is empty".to_owned(),
    };
    Diagnostic {
        span: Span {
            start: source.len(),
            end: source.len(),
        },
        message,
    }
}

fn capitalized(sentence: &str) -> String {
    let mut chars = sentence.chars();
    chars.next().map_or_else(String::new, |first| {
        first.to_uppercase().chain(chars).collect()
    })
}

/// "Wrong: on the 6×6 board at step 41, `poss` should be 0b001010 but yours is 0b111010."
fn wrong_sentence(example: &Counterexample) -> String {
    let (expected, got) = (example.expected, example.got & example.compared);
    let name = &example.output;
    match example.origin {
        Origin::Search => {
            let width = (example.n as usize).max(bits_needed(expected | got));
            format!(
                "Wrong: on the {n}×{n} board{mirror} at step {step}, `{name}` should be \
                 0b{expected:0width$b} but yours is 0b{got:0width$b}.",
                n = example.n,
                mirror = if example.mirror { " (mirror mode)" } else { "" },
                step = example.step.unwrap_or(0),
            )
        }
        Origin::Edge | Origin::Random => {
            let inputs: Vec<String> = example
                .inputs
                .iter()
                .map(|v| format!("{} = {:#x}", v.name, v.value))
                .collect();
            format!(
                "Wrong: for {} (a {} case, n = {}), `{name}` should be {expected:#x} but yours is {got:#x}.",
                inputs.join(", "),
                if example.origin == Origin::Edge { "edge" } else { "random" },
                example.n,
            )
        }
    }
}

fn bits_needed(value: u32) -> usize {
    (32 - value.leading_zeros()) as usize
}

#[cfg(test)]
mod oracle_tests;
#[cfg(test)]
mod tests;

#[cfg(test)]
mod board_tests;
#[cfg(test)]
mod empty_tests;
