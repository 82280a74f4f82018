//! The exercise module's tests: the catalogue, each exercise's reference and known wrong
//! answers, the reference loop against Richards' stepper, and bulk hostile input.

use super::catalogue::{self, LOOP};
use super::check::{self, Moment, Origin, Values, MAX_INPUTS};
use super::*;
use crate::algorithms::{Algorithm, Kind};
use crate::random::Random;
use std::collections::HashSet;

fn check(slug: &str, source: &str) -> Report {
    let (index, exercise) = catalogue::find(slug).unwrap_or_else(|| panic!("no {slug}"));
    check_answer(index, exercise, source)
}

#[test]
fn build_rs_wrote_the_json_as_it_is() {
    // The JSON read strictly by serde_json (unknown fields refused, as the page's lessons
    // are), against what the catalogue reads from the tree crate/build.rs wrote.
    let parsed: Vec<catalogue::Exercise> =
        serde_json::from_str(catalogue::SOURCE).expect("exercises.json parses");
    assert_eq!(parsed, catalogue::all());
}

#[test]
fn the_catalogue_is_valid_and_every_reference_passes_its_own_check() {
    let all = catalogue::all();
    assert!(all.len() >= 10);
    let slugs: HashSet<&str> = all.iter().map(|e| e.slug.as_str()).collect();
    assert_eq!(slugs.len(), all.len(), "slugs are unique");
    for slug in LOOP {
        let (_, exercise) = catalogue::find(slug).unwrap_or_else(|| panic!("{slug} exists"));
        assert!(exercise.is_loop, "{slug} is part of the loop");
    }
    assert_eq!(all.iter().filter(|e| e.is_loop).count(), LOOP.len());
    for (index, exercise) in all.iter().enumerate() {
        let slug = &exercise.slug;
        assert!(
            rules::operators(&exercise.operators).is_some(),
            "{slug}: operators"
        );
        assert!(exercise.inputs.len() <= MAX_INPUTS, "{slug}: inputs");
        for input in &exercise.inputs {
            assert!(
                Values::default().get(input).is_some(),
                "{slug}: input {input}"
            );
        }
        let program = lang::parse(&exercise.reference).unwrap();
        let usage = rules::usage(&program, &exercise.allowed());
        assert!(usage.illegal.is_empty(), "{slug}: reference legal");
        assert!(
            usage.over_budget(&program, exercise.budget()).is_empty(),
            "{slug}: budget"
        );
        let report = check_answer(index, exercise, &exercise.reference);
        assert_eq!(
            report.verdict,
            Verdict::Correct,
            "{slug}: {}",
            report.summary
        );
        assert!(
            report.checked.states > 0 && report.checked.random > 0,
            "{slug}"
        );
        // The starter is no answer yet, and says so with a position.
        let starter = check_answer(index, exercise, &exercise.starter);
        assert_ne!(starter.verdict, Verdict::Correct, "{slug}");
        assert!(!starter.diagnostics.is_empty(), "{slug}");
    }
}

/// Known wrong answers: (slug, answer, the output that differs, where it is first seen).
const WRONG: &[(&str, &str, &str, Origin)] = &[
    (
        "free-squares",
        "poss = ~(ld | col | rd);",
        "poss",
        Origin::Search,
    ),
    (
        "free-squares",
        "poss = ~(ld | col) & done;",
        "poss",
        Origin::Search,
    ),
    (
        "free-squares",
        "poss = (ld | col | rd) & done;",
        "poss",
        Origin::Search,
    ),
    (
        "free-squares",
        "poss = ~(ld ^ col ^ rd) & done;",
        "poss",
        Origin::Search,
    ),
    (
        "lowest-bit",
        "bit = poss & (poss - 1);",
        "bit",
        Origin::Search,
    ),
    ("lowest-bit", "bit = poss & ~poss;", "bit", Origin::Search),
    ("lowest-bit", "bit = poss ^ -poss;", "bit", Origin::Search),
    (
        "lowest-bit-no-minus",
        "bit = (poss & ~poss) + 1;",
        "bit",
        Origin::Search,
    ),
    (
        "lowest-bit-no-minus",
        "bit = poss & (poss - 1);",
        "bit",
        Origin::Search,
    ),
    (
        "lowest-bit-no-minus",
        "bit = poss ^ (poss - 1);",
        "bit",
        Origin::Search,
    ),
    ("take-it-away", "poss = poss + bit;", "poss", Origin::Search),
    ("take-it-away", "poss = poss | bit;", "poss", Origin::Search),
    ("take-it-away", "poss = bit;", "poss", Origin::Search),
    (
        "take-it-away-alone",
        "poss = poss - 1;",
        "poss",
        Origin::Search,
    ),
    (
        "take-it-away-alone",
        "poss = poss & (poss + 1);",
        "poss",
        Origin::Search,
    ),
    (
        "take-it-away-alone",
        "poss = poss >> 1;",
        "poss",
        Origin::Search,
    ),
    (
        "next-row",
        "next_ld = ld | bit; next_col = col | bit; next_rd = (rd | bit) << 1;",
        "next_ld",
        Origin::Search,
    ),
    (
        "next-row",
        "next_ld = (ld | bit) >> 1; next_col = col | bit; next_rd = (rd | bit) >> 1;",
        "next_rd",
        Origin::Search,
    ),
    (
        "next-row",
        "next_ld = (ld | bit) >> 1; next_col = col; next_rd = (rd | bit) << 1;",
        "next_col",
        Origin::Search,
    ),
    (
        "next-row",
        "next_ld = (ld | bit) >> 1; next_col = col | bit | 128; next_rd = (rd | bit) << 1;",
        "next_col",
        Origin::Search,
    ),
    ("board-full", "full = col ^ done;", "full", Origin::Search),
    ("board-full", "full = !col;", "full", Origin::Search),
    (
        "board-full",
        "full = !(col & done);",
        "full",
        Origin::Search,
    ),
    ("queens-placed", "count = col & 1;", "count", Origin::Search),
    ("queens-placed", "count = !!col;", "count", Origin::Search),
    (
        "queens-placed",
        "count = col >> 1;",
        "count",
        Origin::Search,
    ),
    (
        "column-of-bit",
        "index = bit >> 1;",
        "index",
        Origin::Search,
    ),
    ("column-of-bit", "index = bit - 1;", "index", Origin::Search),
    (
        "column-of-bit",
        "h8 = !!(bit >> 8) << 3; b = bit >> h8; h4 = !!(b >> 4) << 2; b = b >> h4; \
         h2 = !!(b >> 2) << 1; b = b >> h2; index = h8 + h4 + h2 + (b >> 1);",
        "index",
        Origin::Edge,
    ),
    (
        "one-bit-set",
        "one = !(poss & (poss - 1));",
        "one",
        Origin::Edge,
    ),
    ("one-bit-set", "one = !!poss;", "one", Origin::Search),
    ("one-bit-set", "one = poss & 1;", "one", Origin::Search),
];

#[test]
fn known_wrong_answers_are_refused_with_the_right_counterexample() {
    for &(slug, source, output, origin) in WRONG {
        let report = check(slug, source);
        assert_eq!(
            report.verdict,
            Verdict::Wrong,
            "{slug}: {source}: {}",
            report.summary
        );
        let example = report.counterexample.expect("a counterexample");
        assert_eq!(example.output, output, "{slug}: {source}");
        assert_eq!(
            example.origin, origin,
            "{slug}: {source}: {}",
            report.summary
        );
        assert_ne!(
            example.got & example.compared,
            example.expected,
            "{slug}: {source}"
        );
        // The counterexample is a real difference: the reference gives `expected` there.
        let (_, exercise) = catalogue::find(slug).unwrap();
        let inputs: Vec<u32> = example.inputs.iter().map(|v| v.value).collect();
        let reference = check::reference(exercise).unwrap();
        let j = exercise
            .outputs
            .iter()
            .position(|o| o.name == output)
            .unwrap();
        assert_eq!(
            reference.evaluate(&inputs)[j] & example.compared,
            example.expected
        );
    }
}

#[test]
fn each_exercise_has_three_wrong_answers_above() {
    for exercise in catalogue::all() {
        let count = WRONG.iter().filter(|w| w.0 == exercise.slug).count();
        assert!(count >= 3, "{}: {count}", exercise.slug);
    }
}

#[test]
fn poss_without_done_is_wrong_on_a_bit_off_the_board() {
    let report = check("free-squares", "poss = ~(ld | col | rd);");
    let example = report.counterexample.unwrap();
    assert_eq!(
        (example.n, example.step, example.mirror),
        (4, Some(0), false)
    );
    assert_eq!(example.compared, u32::MAX);
    assert_eq!(example.expected, 0b1111);
    assert_eq!(example.got, u32::MAX);
    assert!(
        report
            .summary
            .starts_with("Wrong: on the 4×4 board at step 0"),
        "{}",
        report.summary
    );
}

#[test]
fn a_counterexample_step_is_the_players_position_of_that_state() {
    // One wrong answer per moment; the search sought to the step shows the same masks.
    let cases = [
        ("free-squares", "poss = ~(ld | col) & done;"),
        ("lowest-bit", "bit = poss & (poss - 1);"),
        (
            "next-row",
            "next_ld = ld >> 1; next_col = col | bit; next_rd = (rd | bit) << 1;",
        ),
    ];
    for (slug, source) in cases {
        let example = check(slug, source).counterexample.unwrap();
        let step = example.step.unwrap();
        let mut search = Algorithm::new(Kind::Richards, example.n, example.mirror).unwrap();
        search.seek(step, u32::MAX, 0);
        let Algorithm::Richards(stepper) = &search else {
            unreachable!()
        };
        assert_eq!(stepper.steps(), step);
        let moment = Moment::of(&catalogue::find(slug).unwrap().1.inputs);
        let values = Values::at(stepper, moment).expect("the state is at the exercise's moment");
        for input in &example.inputs {
            assert_eq!(
                values.get(&input.name),
                Some(input.value),
                "{slug}: {}",
                input.name
            );
        }
        assert_eq!(stepper.queens(), example.queens, "{slug}");
    }
}

#[test]
fn the_reference_loop_computes_the_steppers_own_masks_on_every_reachable_state() {
    let compiled = |slug: &str| check::reference(catalogue::find(slug).unwrap().1).unwrap();
    let (free, lowest, take, next) = (
        compiled("free-squares"),
        compiled("lowest-bit"),
        compiled("take-it-away"),
        compiled("next-row"),
    );
    let mut compared = 0;
    for n in 1..=10 {
        for mirror in [false, true] {
            let mut stepper = crate::Stepper::with_mirror(n, mirror).unwrap();
            while !stepper.is_finished() {
                let before = *stepper.calls().last().unwrap();
                let part = crate::board::searched_part(
                    n,
                    mirror,
                    stepper.row() as usize,
                    stepper.calls()[0].bit,
                );
                let enter = Values::at(&stepper, Moment::Enter);
                let choose = Values::at(&stepper, Moment::Choose);
                let place = Values::at(&stepper, Moment::Place);
                let step = stepper.step();
                let after = *stepper.calls().last().unwrap();
                match step {
                    crate::Step::Free { poss, .. } => {
                        let v = enter.unwrap();
                        // Mirror mode searches part of rows 0 and 1: the stepper ANDs that in.
                        assert_eq!(free.evaluate(&[v.ld, v.col, v.rd, v.done])[0] & part, poss);
                        compared += 1;
                    }
                    crate::Step::Try { bit, .. } => {
                        let v = choose.unwrap();
                        assert_eq!(lowest.evaluate(&[v.poss])[0], bit);
                        assert_eq!(take.evaluate(&[v.poss, bit])[0], after.poss);
                        compared += 2;
                    }
                    crate::Step::Place { .. } => {
                        let v = place.unwrap();
                        let got = next.evaluate(&[v.ld, v.col, v.rd, v.bit]);
                        assert_eq!(got, vec![after.ld, after.col, after.rd]);
                        assert_eq!(v.bit, before.bit);
                        compared += 1;
                    }
                    _ => {}
                }
            }
        }
    }
    assert!(compared > 100_000, "{compared}");
}

/// Fragments a hostile source is made of.
const FRAGMENTS: &[&str] = &[
    "poss",
    "bit",
    "ld",
    "col",
    "rd",
    "done",
    "x",
    "=",
    ";",
    "(",
    ")",
    "~",
    "&",
    "|",
    "^",
    "+",
    "-",
    "<<",
    ">>",
    "!",
    "*",
    "/",
    "%",
    "==",
    "!=",
    "&&",
    "||",
    ">>>",
    "<",
    "?",
    ":",
    "0",
    "255",
    "256",
    "0x",
    "0xFF",
    "0b102",
    "99999999999999999999999",
    "64",
    "1e9",
    " ",
    "\n",
    "\t",
    "//",
    "#",
    "é",
    "💥",
    "\u{0}",
    "\u{202e}",
    "₀",
    "=;",
    "if",
    "while",
    "f(x)",
    "{",
];

/// Checks a refusal's diagnostics; false (nothing checked) when the source was no refusal.
fn assert_refusal_is_a_sentence_with_a_position(slug: &str, source: &str) -> bool {
    let report = check(slug, source);
    let utf16 = source.encode_utf16().count();
    if matches!(report.verdict, Verdict::Correct | Verdict::Wrong) {
        return false;
    }
    assert!(!report.diagnostics.is_empty(), "{source:?}: {report:?}");
    for d in &report.diagnostics {
        assert!(d.from <= d.to && d.to <= utf16, "{source:?}: {d:?}");
        assert!(d.line >= 1 && d.column >= 1, "{source:?}");
        assert!(d.message.len() > 10, "{source:?}: {}", d.message);
        assert!(d
            .rendered
            .starts_with(&format!("line {}, column {}: ", d.line, d.column)));
        assert!(d.rendered.contains('^'), "{source:?}");
    }
    assert!(report.summary.ends_with('.'), "{}", report.summary);
    true
}

#[test]
fn ten_thousand_hostile_sources_never_panic_and_every_refusal_has_a_position() {
    let mut random = Random::new(35);
    let slugs: Vec<&str> = catalogue::all().iter().map(|e| e.slug.as_str()).collect();
    let mut refusals = 0;
    for case in 0..12_000 {
        let slug = slugs[random.below(slugs.len() as u32) as usize];
        let source: String = match case % 3 {
            // Fragments in any order.
            0 => (0..random.below(30))
                .map(|_| FRAGMENTS[random.below(FRAGMENTS.len() as u32) as usize])
                .collect::<Vec<_>>()
                .join(if random.below(2) == 0 { " " } else { "" }),
            // A line that starts right and goes wrong.
            1 => format!(
                "poss = {} {} {};",
                FRAGMENTS[random.below(FRAGMENTS.len() as u32) as usize],
                FRAGMENTS[random.below(FRAGMENTS.len() as u32) as usize],
                FRAGMENTS[random.below(FRAGMENTS.len() as u32) as usize]
            ),
            // Random bytes, as far as they are UTF-8.
            _ => {
                let bytes: Vec<u8> = (0..random.below(40))
                    .map(|_| random.below(256) as u8)
                    .collect();
                String::from_utf8_lossy(&bytes).into_owned()
            }
        };
        refusals += usize::from(assert_refusal_is_a_sentence_with_a_position(slug, &source));
        // The code panel's lines of any source: never a panic, never a comment or a blank.
        for line in lang::code_lines(&source) {
            assert!(!line.trim().is_empty() && !line.starts_with("//") && !line.starts_with('#'));
        }
    }
    // Nearly every hostile source is refused (11,995 of this seed's 12,000), and each refusal
    // was checked.
    assert!(refusals >= 11_900, "only {refusals} of 12,000 were refused");
}

#[test]
fn pathological_sources_are_refused_quickly_with_a_sentence() {
    let deep = format!("poss = {}ld{};", "(".repeat(3_000), ")".repeat(3_000));
    let unary = format!("poss = {}ld;", "~".repeat(5_000));
    let megabyte = "poss = ld | ".repeat(100_000);
    let long_line = format!("poss = {};", vec!["ld"; 400].join(" | "));
    let chain = format!("poss = {}l;", "l|".repeat(4_900));
    let cases: Vec<(&str, &str)> = vec![
        (&deep, "nests deeper than 200"),
        (&unary, "nests deeper than 200"),
        (&megabyte, "longer than 10,000 characters"),
        (&long_line, "at most 4"),
        (&chain, "more than 500 operators"),
        (
            "poss = ld * 2;",
            "`*` is not in the language; the operators are ~ & | ^ + - << >> !",
        ),
        ("poss = ld / 2;", "`/` is not in the language"),
        ("poss = ld == col;", "`==` is not in the language"),
        ("poss = 99999999999999999999999999;", "too large"),
        ("poss = 256;", "too large: constants are 0 to 255"),
        ("poss = ~(ld | cols | rd) & done;", "`cols` is not an input"),
        ("poss = ~(ld | col | rd) & done", "expected `;`"),
        ("poss = (ld | col;", "expected `)`"),
        ("poss = ld) ;", "has no `(`"),
        ("x = ld;", "never assigns `poss`"),
        ("poss = ld << (col);", "shifts by a constant or a name"),
        ("pöss = ld;", "`ö` is not part of the language"),
    ];
    for (source, expected) in cases {
        // Bounded work, whatever the source's length: the lexer is asked for no more tokens
        // than an answer of MAX_OPERATORS operators on one nesting path holds.
        let before = super::lex::TOKENS_READ.with(|read| read.get());
        let report = check("free-squares", source);
        let tokens = super::lex::TOKENS_READ.with(|read| read.get()) - before;
        let most = (2 * lang::MAX_OPERATORS + lang::MAX_DEPTH + 8) as u64;
        assert!(
            tokens <= most,
            "{source:.40}: {tokens} tokens read, more than {most}"
        );
        let first = report
            .diagnostics
            .first()
            .unwrap_or_else(|| panic!("{source:.40}"));
        assert!(
            first.message.contains(expected) || report.summary.contains(expected),
            "{source:.40}: {}",
            first.message
        );
        assert!(assert_refusal_is_a_sentence_with_a_position(
            "free-squares",
            source
        ));
    }
}

#[test]
fn code_lines_are_what_the_lexer_reads() {
    let source = "  poss = ld#one\n\n// two\n  x = 1 ; # three\n y = é z\n";
    assert_eq!(
        lang::code_lines(source),
        ["poss = ld", "x = 1 ;", "y = é z"]
    );
    assert!(lang::code_lines("").is_empty());
}

#[test]
fn a_shift_by_64_is_legal_and_gives_0() {
    let report = check("lowest-bit", "bit = poss >> 64;");
    assert_eq!(report.verdict, Verdict::Wrong);
    assert_eq!(report.counterexample.unwrap().got, 0);
}

#[test]
fn refusals_render_like_a_compiler() {
    let report = check(
        "free-squares",
        "poss = ~(ld | col | rd) & done;\nt = ld * 2;",
    );
    assert_eq!(report.verdict, Verdict::Unparsable);
    assert_eq!(
        report.diagnostics[0].rendered,
        "line 2, column 8: `*` is not in the language; the operators are ~ & | ^ + - << >> !\n  t = ld * 2;\n         ^"
    );
    assert_eq!(
        report.summary,
        "Line 2, column 8: `*` is not in the language; the operators are ~ & | ^ + - << >> !."
    );
}

#[test]
fn positions_count_utf16_for_the_editor_and_characters_for_the_text() {
    let source = "# 💥 é\nposs = ld * 2;";
    let report = check("free-squares", source);
    let d = &report.diagnostics[0];
    assert_eq!((d.line, d.column), (2, 11));
    // "# 💥 é\n" is 6 UTF-16 units + 1 for the newline; "poss = ld " 10 more.
    assert_eq!((d.from, d.to), (17, 18));
}

#[test]
fn illegal_too_many_and_incomplete_answers_are_told_apart() {
    let illegal = check("lowest-bit-no-minus", "bit = poss & -poss;");
    assert_eq!(illegal.verdict, Verdict::Illegal);
    assert_eq!(
        illegal.dlc,
        "uses unary minus (`-x`), which this exercise does not allow"
    );
    let too_many = check("take-it-away", "poss = poss & ~bit;");
    assert_eq!(too_many.verdict, Verdict::TooMany);
    assert_eq!(too_many.dlc, "2 operators (at most 1): too many");
    let per_line = check(
        "next-row",
        "next_ld = (ld | bit) >> 1 >> 0; next_col = col | bit; next_rd = rd << 1;",
    );
    assert_eq!(per_line.verdict, Verdict::TooMany);
    assert!(per_line.diagnostics[0].message.contains("at most 2"));
    let incomplete = check("next-row", "next_ld = (ld | bit) >> 1;");
    assert_eq!(incomplete.verdict, Verdict::Incomplete);
    let ok = check("free-squares", "poss = done & ~ld & ~col & ~rd;");
    assert_eq!(ok.verdict, Verdict::TooMany);
    let right = check(
        "free-squares",
        "// free squares\nposs = ~(ld | col | rd) & done;",
    );
    assert_eq!(right.verdict, Verdict::Correct);
    assert_eq!(right.dlc, "4 operators (at most 4): ok");
}

#[test]
fn other_right_answers_are_accepted() {
    let right = [
        ("lowest-bit", "bit = -poss & poss;"),
        ("lowest-bit-no-minus", "bit = poss & (~poss + 1);"),
        ("lowest-bit-no-minus", "bit = poss ^ (poss & (poss - 1));"),
        ("take-it-away", "poss = poss ^ bit;"),
        ("take-it-away-alone", "poss = poss & poss - 1;"),
        ("board-full", "full = !(~col & done);"),
        (
            "next-row",
            "next_ld = (ld | bit) >> 1; next_col = col ^ bit; next_rd = (rd | bit) << 1;",
        ),
        ("one-bit-set", "t = poss & (poss - 1); one = !t ^ !poss;"),
    ];
    for (slug, source) in right {
        let report = check(slug, source);
        assert_eq!(
            report.verdict,
            Verdict::Correct,
            "{slug}: {source}: {}",
            report.summary
        );
    }
}
