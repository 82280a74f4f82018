//! `bitqueens check FILE [--json]`, run as a teacher runs it: good, wrong, illegal and
//! unparsable answers files, and files that cannot be graded.

mod common;

use common::{bitqueens, Scratch};

const GOOD: &str = "# Ada, lab 3\n\
# exercise free-squares\nposs = ~(ld | col | rd) & done;\n\n\
# exercise lowest-bit\nbit = poss & -poss;\n\n\
# exercise take-it-away\nposs = poss - bit;\n\n\
# exercise next-row\nnext_ld = (ld | bit) >> 1;\nnext_col = col | bit;\nnext_rd = (rd | bit) << 1;\n";

/// Runs `check` on a file holding `text`: (exit code, stdout, stderr).
fn check(name: &str, text: &str, json: bool) -> (Option<i32>, String, String) {
    let scratch = Scratch::new(&format!("check-{name}"));
    let path = scratch.write("answers.txt", text);
    let mut args = vec!["check", path.as_str()];
    if json {
        args.push("--json");
    }
    let out = bitqueens(&args);
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn a_good_file_is_all_right_with_status_0() {
    let (code, out, _) = check("good", GOOD, false);
    assert_eq!(code, Some(0), "{out}");
    assert!(out.starts_with("exercise"), "{out}");
    assert!(
        out.contains("free-squares  4/4        yes    yes      -"),
        "{out}"
    );
    assert!(out.contains("4 of 4 right."), "{out}");
    let (code, out, _) = check("good-json", GOOD, true);
    assert_eq!(code, Some(0));
    let results: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(results["score"], 4);
    assert_eq!(results["max_score"], 4);
    let tests = results["tests"].as_array().unwrap();
    assert_eq!(tests.len(), 4);
    assert_eq!(tests[3]["name"], "next-row");
    assert_eq!(tests[3]["score"], 1);
    assert_eq!(tests[3]["max_score"], 1);
    assert!(tests[3]["output"].as_str().unwrap().contains("Correct"));
}

#[test]
fn a_wrong_answer_gets_its_counterexample_and_status_1() {
    let text = GOOD.replace("bit = poss & -poss;", "bit = poss & (poss - 1);");
    let (code, out, _) = check("wrong", &text, false);
    assert_eq!(code, Some(1), "{out}");
    assert!(
        out.contains("lowest-bit    2/2        yes    no       n=4 step 1: bit 0b1, yours 0b1110"),
        "{out}"
    );
    assert!(out.contains("3 of 4 right."));
    let (code, out, _) = check("wrong-json", &text, true);
    assert_eq!(code, Some(1));
    let results: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(results["score"], 3);
    assert_eq!(results["tests"][1]["score"], 0);
    assert!(results["tests"][1]["output"]
        .as_str()
        .unwrap()
        .contains("Wrong: on the 4×4 board at step 1"));
    // No board on screen: the smallest of at least 4 columns, the 1×1 named as plainer.
    assert!(out.contains("It fails on the 1×1 board too, more plainly: at step 1."));
}

#[test]
fn illegal_and_unparsable_answers_point_at_their_line_in_the_file() {
    let text = "# exercise lowest-bit-no-minus\nbit = poss & -poss;\n# exercise take-it-away\nposs = poss * bit;\n";
    let (code, out, _) = check("illegal", text, false);
    assert_eq!(code, Some(1), "{out}");
    assert!(
        out.contains("lowest-bit-no-minus  2/3        no     illegal"),
        "{out}"
    );
    assert!(
        out.contains(
            "answers.txt:2:14: uses unary minus (`-x`), which this exercise does not allow"
        ),
        "{out}"
    );
    assert!(
        out.contains(
            "answers.txt:4:13: `*` is not in the language; the operators are ~ & | ^ + - << >> !"
        ),
        "{out}"
    );
    assert!(
        out.contains("take-it-away         -          no     unparsable"),
        "{out}"
    );
    assert!(
        out.contains("\n  poss = poss * bit;\n              ^"),
        "{out}"
    );
}

#[test]
fn files_that_cannot_be_graded_say_why_with_status_2() {
    let cases = [
        (
            "no-header",
            "poss = ld;\n",
            "text before the first `# exercise SLUG` line",
        ),
        ("empty", "", "has no `# exercise SLUG` line"),
        (
            "unknown",
            "# exercise lowest-bits\nbit = poss;\n",
            "No exercise “lowest-bits”",
        ),
        (
            "twice",
            "# exercise lowest-bit\nbit = poss & -poss;\n# exercise lowest-bit\n",
            "comes twice",
        ),
    ];
    for (name, text, expected) in cases {
        let (code, out, err) = check(name, text, false);
        assert_eq!(code, Some(2), "{name}: {out}{err}");
        assert!(err.contains(expected), "{name}: {err}");
        assert!(out.is_empty(), "{name}");
    }
    let scratch = Scratch::new("check-binary");
    std::fs::write(scratch.0.join("junk.bin"), [0xff, 0xfe, 0, 1, 2]).unwrap();
    let out = bitqueens(&["check", &scratch.file("junk.bin")]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("not a text file"));
    let out = bitqueens(&["check", &scratch.file("missing.txt")]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("cannot read"));
}

/// Runs `check FILE ARGS…` on a file holding `text`: (exit code, stdout, stderr).
fn check_with(name: &str, text: &str, args: &[&str]) -> (Option<i32>, String, String) {
    let scratch = Scratch::new(&format!("check-{name}"));
    let path = scratch.write("answers.txt", text);
    let out = bitqueens(&[&["check", path.as_str()], args].concat());
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

const ONE_EASY: &str = "# exercise lowest-bit\nbit = poss & -poss;\n";

#[test]
fn require_names_the_assignment_and_a_missing_exercise_counts_0() {
    // Without --require, what was handed in is all that is scored (as before).
    let (code, out, _) = check_with("easy", ONE_EASY, &[]);
    assert_eq!(code, Some(0), "{out}");
    assert!(out.contains("1 of 1 right."), "{out}");
    let require = ["--require", "free-squares,lowest-bit, next-row"];
    let (code, out, _) = check_with("assigned", ONE_EASY, &require);
    assert_eq!(code, Some(1), "{out}");
    assert!(out.contains("1 of 3 right."), "{out}");
    assert!(
        out.contains("free-squares  -          -      missing"),
        "{out}"
    );
    assert!(
        out.contains(
            "next-row: missing: the file has no `# exercise next-row` block, so it counts 0."
        ),
        "{out}"
    );
    let (code, out, _) = check_with(
        "assigned-json",
        ONE_EASY,
        &[&require[..], &["--json"]].concat(),
    );
    assert_eq!(code, Some(1));
    let results: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(
        (results["score"].as_u64(), results["max_score"].as_u64()),
        (Some(1), Some(3))
    );
    let names: Vec<&str> = results["tests"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t["name"].as_str().unwrap())
        .collect();
    assert_eq!(
        names,
        ["free-squares", "lowest-bit", "next-row"],
        "the assignment's order"
    );
    assert_eq!(results["tests"][0]["score"], 0);
    assert_eq!(results["tests"][0]["max_score"], 1);
    assert!(results["tests"][0]["output"]
        .as_str()
        .unwrap()
        .contains("missing"));
    // `all`: every exercise of the catalogue; a file with no block at all scores 0.
    let every = bitqueens::exercise::catalogue::all().len();
    let (code, out, _) = check_with(
        "all",
        "# nothing handed in\n",
        &["--require", "all", "--json"],
    );
    assert_eq!(code, Some(1));
    let results: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(
        (results["score"].as_u64(), results["max_score"].as_u64()),
        (Some(0), Some(every as u64))
    );
    // A block the assignment does not name is graded, not scored.
    let (code, out, _) = check_with("extra", ONE_EASY, &["--require", "free-squares"]);
    assert_eq!(code, Some(1));
    assert!(out.contains("0 of 1 right."), "{out}");
    assert!(
        out.contains("Not in the assignment, so not scored: lowest-bit."),
        "{out}"
    );
    let (code, out, _) = check_with("right", GOOD, &["--require", "free-squares,next-row"]);
    assert_eq!(code, Some(0), "{out}");
    assert!(out.contains("2 of 2 right."), "{out}");
}

#[test]
fn an_unknown_exercise_in_require_is_a_mistake_in_the_arguments_naming_the_known_ones() {
    for require in ["lowest-bit,lowest-bits", "", " , "] {
        let (code, out, err) = check_with(
            "unknown-required",
            ONE_EASY,
            &["--require", require, "--json"],
        );
        assert_eq!(code, Some(2), "{require:?}: {err}");
        assert!(out.is_empty(), "{out}");
        assert!(err.contains("Usage: bitqueens check"), "{err}");
        if require.contains("bits") {
            assert!(
                err.contains("no exercise “lowest-bits”: name some of free-squares, lowest-bit"),
                "{err}"
            );
            assert!(err.contains("one-bit-set, or all"), "{err}");
        } else {
            assert!(err.contains("name at least one exercise, or all"), "{err}");
        }
    }
}

#[test]
fn with_json_a_file_that_cannot_be_graded_still_gets_a_results_json_scoring_0() {
    for (name, text, why) in [
        (
            "no-header",
            "poss = ld;\n",
            "text before the first `# exercise SLUG` line",
        ),
        ("empty", "", "has no `# exercise SLUG` line"),
        (
            "unknown",
            "# exercise lowest-bits\n",
            "No exercise “lowest-bits”",
        ),
    ] {
        let (code, out, err) = check_with(name, text, &["--json"]);
        assert_eq!(code, Some(2), "{name}");
        assert!(err.contains(why), "{name}: {err}");
        let results: serde_json::Value =
            serde_json::from_str(&out).unwrap_or_else(|e| panic!("{name}: {e}: {out:?}"));
        assert_eq!(
            (results["score"].as_u64(), results["max_score"].as_u64()),
            (Some(0), Some(0)),
            "{name}"
        );
        assert!(
            results["output"]
                .as_str()
                .unwrap()
                .starts_with("Not graded: "),
            "{name}"
        );
        assert!(results["output"].as_str().unwrap().contains(why), "{name}");
    }
    // With an assignment, each of its exercises is there, scoring 0 of 1, with the reason.
    let (code, out, _) = check_with(
        "junk-assigned",
        "poss = ld;\n",
        &["--json", "--require", "lowest-bit,next-row"],
    );
    assert_eq!(code, Some(2));
    let results: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(
        (results["score"].as_u64(), results["max_score"].as_u64()),
        (Some(0), Some(2))
    );
    assert_eq!(results["tests"][1]["name"], "next-row");
    assert_eq!(results["tests"][1]["max_score"], 1);
    assert!(results["tests"][1]["output"]
        .as_str()
        .unwrap()
        .contains("text before the first"));
    // A file that is not there: the same.
    let scratch = Scratch::new("check-missing-json");
    let out = bitqueens(&["check", &scratch.file("missing.txt"), "--json"]);
    assert_eq!(out.status.code(), Some(2));
    let results: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert!(results["output"].as_str().unwrap().contains("cannot read"));
}

#[test]
fn a_header_without_its_space_is_a_header_and_errors_give_the_files_line_only() {
    let text = "# Bob\n#exercise lowest-bit\nbit = poss & -poss;\n#  exercise take-it-away\nposs = poss * bit;\n";
    let (code, out, _) = check_with("no-space", text, &[]);
    assert_eq!(code, Some(1), "{out}");
    assert!(out.contains("lowest-bit    2/2        yes    yes"), "{out}");
    assert!(
        out.contains("take-it-away: the answer does not parse."),
        "{out}"
    );
    assert!(
        out.contains("answers.txt:5:13: `*` is not in the language"),
        "{out}"
    );
    // The answer's own line and column ("Line 1, column 13") are not given besides the file's.
    assert!(!out.to_lowercase().contains("line 1"), "{out}");
    let (_, out, _) = check_with("no-space-json", text, &["--json"]);
    assert!(!out.to_lowercase().contains("line 1,"), "{out}");
    // Still refused, with what was meant: a word glued to `exercise`.
    let (code, _, err) = check_with("glued", "#exercises for lab 3\n", &[]);
    assert_eq!(code, Some(2));
    assert!(
        err.contains("answers.txt:1: write the header as `# exercise SLUG`."),
        "{err}"
    );
}

#[test]
fn an_empty_block_is_told_what_to_write_and_shows_no_answer() {
    let text = "# exercise free-squares\n# exercise next-row\n// later\n";
    let (code, out, _) = check_with("empty-blocks", text, &[]);
    assert_eq!(code, Some(1), "{out}");
    assert!(
        out.contains("free-squares  0/4        yes    incomplete  -"),
        "{out}"
    );
    assert!(
        out.contains("answers.txt:1: the answer is empty: write an expression for `poss`, as a line `poss = …;`"),
        "{out}"
    );
    assert!(
        out.contains("answers.txt:2: the answer is empty: write an expression for each of `next_ld`, `next_col` and `next_rd`"),
        "{out}"
    );
    assert!(!out.contains('~') && !out.contains("0b"), "{out}");
}

#[test]
fn help_lists_every_exercise_with_the_names_its_answer_assigns() {
    let out = bitqueens(&["check", "--help"]);
    assert_eq!(out.status.code(), Some(0));
    let help = String::from_utf8(out.stdout).unwrap();
    assert!(help.contains("--require <SLUG,SLUG,…|all>"), "{help}");
    for exercise in bitqueens::exercise::catalogue::all() {
        let outputs: Vec<&str> = exercise.outputs.iter().map(|o| o.name.as_str()).collect();
        let names = format!("{} → {}", exercise.inputs.join(", "), outputs.join(", "));
        let listed = help.lines().any(|l| {
            l.trim_start().starts_with(&format!("{} ", exercise.slug)) && l.ends_with(&names)
        });
        assert!(listed, "{}: {help}", exercise.slug);
    }
    assert!(help.contains("next_ld, next_col, next_rd"), "{help}");
}
