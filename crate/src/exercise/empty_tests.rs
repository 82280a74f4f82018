//! An empty answer (nothing, blanks, comments) gets a sentence naming what to write, in every
//! exercise and in the learner's loop, and never a counterexample or any part of an answer.

use super::catalogue::{self, LOOP};
use super::program::learner_blocks;
use super::*;

/// Anything an answer is made of: the operators, the digits of a constant.
const ANSWER_CHARACTERS: &[char] = &[
    '~', '&', '|', '^', '+', '-', '<', '>', '!', '(', '0', '1', '2', '3', '4', '5', '6', '7', '8',
    '9',
];

const EMPTY: [&str; 5] = [
    "",
    "   \n\n\t",
    "# nothing yet\n",
    "// to do\n# later\n\n",
    "\n\n// poss = ?\n",
];

#[test]
fn an_empty_answer_names_the_outputs_to_write_and_gives_nothing_away() {
    for (index, exercise) in catalogue::all().iter().enumerate() {
        let slug = &exercise.slug;
        for source in EMPTY {
            let report = check_answer(index, exercise, source);
            assert_eq!(report.verdict, Verdict::Incomplete, "{slug} {source:?}");
            assert_eq!(report.counterexample, None, "{slug} {source:?}");
            assert!(
                report
                    .summary
                    .starts_with("The answer is empty: write an expression for"),
                "{slug}: {}",
                report.summary
            );
            for output in &exercise.outputs {
                assert!(
                    report.summary.contains(&format!("`{}`", output.name)),
                    "{slug}: {}",
                    report.summary
                );
            }
            assert_eq!(report.diagnostics.len(), 1, "{slug}");
            let located = &report.diagnostics[0];
            // The rendered refusal is its place ("line 1, column 1: ") and the message, then
            // the learner's own line and a caret.
            let (first, rest) = located.rendered.split_once('\n').unwrap();
            let rendered = first.replace(
                &format!("line {}, column {}: ", located.line, located.column),
                "",
            );
            for line in rest.lines().map(str::trim) {
                let own = line.is_empty() || source.lines().any(|l| l.trim() == line);
                assert!(
                    own || line == "^",
                    "{slug} {source:?}: {}",
                    located.rendered
                );
            }
            let said = [&report.summary, &report.dlc, &located.message, &rendered];
            for text in said {
                assert!(
                    !text.contains(ANSWER_CHARACTERS),
                    "{slug} {source:?}: gives something away: {text}"
                );
            }
        }
    }
}

#[test]
fn an_empty_answer_in_the_loop_says_what_it_wants_and_nothing_more() {
    for empty in LOOP {
        let error = learner_blocks(|slug| {
            Some(if slug == empty {
                String::new()
            } else {
                catalogue::find(slug).unwrap().1.reference.clone()
            })
        })
        .err()
        .unwrap_or_else(|| panic!("{empty}: an empty block runs"));
        assert!(error.starts_with(&format!("{empty}: ")), "{error}");
        assert!(
            error.contains("the answer is empty: write an expression for"),
            "{error}"
        );
        let message = error.split_once(": the answer").unwrap().1;
        assert!(!message.contains(ANSWER_CHARACTERS), "{error}");
    }
}

#[test]
fn a_blank_answer_is_told_apart_from_a_broken_one() {
    assert!(lang::is_blank("") && lang::is_blank(" # x\n// y"));
    assert!(!lang::is_blank("poss") && !lang::is_blank("= ;") && !lang::is_blank("💥"));
    // The starters are no answer yet, but not empty: they keep their own refusal.
    for (index, exercise) in catalogue::all().iter().enumerate() {
        let report = check_answer(index, exercise, &exercise.starter);
        assert!(!report.summary.contains("empty"), "{}", report.summary);
    }
}
