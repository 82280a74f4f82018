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
        out.contains("lowest-bit    2/2        yes    no       n=1 step 1: bit 0b1, yours 0b0"),
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
        .contains("Wrong: on the 1×1 board at step 1"));
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
