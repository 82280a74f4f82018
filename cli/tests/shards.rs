//! Shards that can be checked: what `count --shard I/K --json` carries, `merge` (exact
//! coverage, the published value) and `verify` (a re-counted sample), with bad input.

mod common;

use bitqueens::published::counts;
use common::{bitqueens, json, refused, Scratch};
use serde_json::Value;

/// Counts shards 1/K … K/K of `n` into files of `scratch` with the default method; returns
/// their paths.
fn shards(scratch: &Scratch, n: u32, k: usize) -> Vec<String> {
    shards_by(scratch, n, k, "meet")
}

/// The same with `--method method`.
fn shards_by(scratch: &Scratch, n: u32, k: usize, method: &str) -> Vec<String> {
    (1..=k)
        .map(|i| {
            let out = bitqueens(&[
                "count",
                &n.to_string(),
                "--shard",
                &format!("{i}/{k}"),
                "--method",
                method,
                "--json",
                "-q",
            ]);
            assert!(out.status.success());
            scratch.write(
                &format!("n{n}-{i}of{k}-{method}.json"),
                &String::from_utf8(out.stdout).unwrap(),
            )
        })
        .collect()
}

fn read(path: &str) -> Value {
    serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap()
}

/// Writes `value` to a new file of `scratch`.
fn write(scratch: &Scratch, name: &str, value: &Value) -> String {
    scratch.write(name, &value.to_string())
}

#[test]
fn a_shard_says_which_count_and_which_sub_problems_it_covers_each_with_its_counts() {
    let whole = json(&["count", "12", "--json", "--parts", "-q"]);
    let all = whole["allSubProblems"].as_u64().unwrap();
    assert_eq!(whole["indices"].as_array().unwrap().len() as u64, all);
    for i in 1..=3u64 {
        let part = json(&["count", "12", "--shard", &format!("{i}/3"), "--json", "-q"]);
        assert_eq!(
            (
                part["n"].as_u64(),
                &part["shard"]["index"],
                &part["shard"]["of"]
            ),
            (Some(12), &i.into(), &3.into())
        );
        assert_eq!(part["fingerprint"], whole["fingerprint"]);
        assert_eq!(part["fingerprint"].as_str().unwrap().len(), 16);
        let indices: Vec<u64> = part["indices"]
            .as_array()
            .unwrap()
            .iter()
            .map(|v| v.as_u64().unwrap())
            .collect();
        assert_eq!(indices, (i - 1..all).step_by(3).collect::<Vec<_>>());
        // Each part is the whole count's part of the same index.
        for p in part["parts"].as_array().unwrap() {
            let index = p[0].as_u64().unwrap() as usize;
            assert_eq!(p, &whole["parts"][index]);
        }
    }
    assert_ne!(
        json(&["count", "13", "--json", "-q"])["fingerprint"],
        whole["fingerprint"]
    );
}

#[test]
fn merge_adds_up_shards_that_cover_everything_once_next_to_the_published_value() {
    let scratch = Scratch::new("merge");
    for (n, k, method) in [
        (12, 3, "meet"),
        (13, 8, "meet"),
        (5, 4, "meet"),
        (12, 3, "backtrack"),
        (13, 8, "backtrack"),
    ] {
        let files = shards_by(&scratch, n, k, method);
        let args: Vec<&str> = ["merge"]
            .into_iter()
            .chain(files.iter().map(String::as_str))
            .collect();
        let (total, unique) = counts(n).unwrap();
        let out = bitqueens(&args);
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        let text = String::from_utf8(out.stdout).unwrap();
        assert!(
            text.contains(&format!("N = {n}: {total} solutions, {unique} unique")),
            "{text}"
        );
        assert!(
            text.contains(&format!(
                "Published (OEIS A000170 / A002562): {total} / {unique} ✓ agree"
            )),
            "{text}"
        );
        let merged = json(&[args.clone(), vec!["--json"]].concat());
        assert_eq!(
            (merged["total"].as_u64(), merged["unique"].as_u64()),
            (Some(total), Some(unique))
        );
        assert_eq!(merged["agrees"], true);
        assert_eq!(merged["files"], k);
        assert_eq!(merged["method"], method);
    }
    // A whole count is a file of its own too.
    let whole = scratch.write(
        "whole.json",
        &json(&["count", "11", "--json", "--parts", "-q"]).to_string(),
    );
    assert_eq!(
        json(&["merge", &whole, "--json"])["total"],
        counts(11).unwrap().0
    );
}

#[test]
fn merge_names_what_is_missing_doubled_foreign_or_damaged_and_fails() {
    let scratch = Scratch::new("merge-bad");
    let f = shards(&scratch, 12, 4);
    let other_n = shards(&scratch, 11, 4);
    let mut other_list = read(&f[3]);
    other_list["fingerprint"] = "0123456789abcdef".into();
    let other_list = write(&scratch, "other-list.json", &other_list);
    let mut inconsistent = read(&f[1]);
    inconsistent["parts"][0][1] = (inconsistent["parts"][0][1].as_u64().unwrap() + 8).into();
    let inconsistent = write(&scratch, "inconsistent.json", &inconsistent);
    let mut wrong_indices = read(&f[1]);
    wrong_indices["indices"][0] = 0.into();
    let wrong_indices = write(&scratch, "wrong-indices.json", &wrong_indices);
    // A shard 1/K of a list far longer than any: refused before anything that long is made.
    let mut huge_list = read(&f[0]);
    huge_list["shard"] = serde_json::json!({"index": 1, "of": 1_000_000_000_000u64});
    huge_list["allSubProblems"] = 4_000_000_000_000u64.into();
    huge_list["indices"] = serde_json::json!([0, 1_000_000_000_000u64]);
    let huge_list = write(&scratch, "huge-list.json", &huge_list);
    let backtracked = shards_by(&scratch, 12, 4, "backtrack");
    // A meet shard has no unique count of its own: one that gives one was changed.
    let mut with_unique = read(&f[2]);
    with_unique["unique"] = 100.into();
    let with_unique = write(&scratch, "with-unique.json", &with_unique);
    let corrupt = scratch.write(
        "corrupt.json",
        &std::fs::read_to_string(&f[0]).unwrap()[..40],
    );
    let not_json = scratch.write("notes.txt", "N = 12: 14200 solutions\n");
    let missing = scratch.file("missing.json");
    for (files, says) in [
        (
            vec![&f[0], &f[1], &f[3]],
            vec!["are in no file: shard 3/4 missing"],
        ),
        (
            vec![&f[0], &f[3]],
            vec!["in no file: shards 2/4, 3/4 missing"],
        ),
        (
            vec![&f[0], &f[1], &f[2], &f[3], &f[2]],
            vec![&format!("in more than one file: {}, {}", f[2], f[2])],
        ),
        (
            vec![&f[0], &f[1], &f[2], &other_n[3]],
            vec![&format!(
                "{} is a count of N = 12 and {} of N = 11",
                f[0], other_n[3]
            )],
        ),
        (
            vec![&f[0], &f[1], &f[2], &other_list],
            vec!["different sub-problem lists"],
        ),
        (
            vec![&f[0], &inconsistent, &f[2], &f[3]],
            vec![
                &format!("{inconsistent}: its parts add up to"),
                "half-boards, but it says", // a meet shard's work, in its unit
                "changed or damaged",
            ],
        ),
        (
            vec![&f[0], &wrong_indices, &f[2], &f[3]],
            vec![&format!(
                "{wrong_indices}: its indices are not those of shard 2/4"
            )],
        ),
        (
            vec![&huge_list, &f[1], &f[2], &f[3]],
            vec![&format!(
                "{huge_list}: it says N = 12 has 4000000000000 sub-problems, more than the 924"
            )],
        ),
        (
            vec![&f[0], &f[1], &backtracked[2], &f[3]],
            vec![&format!(
                "{} was counted by the meet-in-the-middle counter (--method meet) and {} by the backtracking counter (--method backtrack)",
                f[0], backtracked[2]
            )],
        ),
        (
            vec![&f[0], &f[1], &with_unique, &f[3]],
            vec![&format!(
                "{with_unique}: it gives a unique count for a shard of the meet-in-the-middle counter"
            )],
        ),
        (
            vec![&corrupt, &f[1], &f[2], &f[3]],
            vec![&format!(
                "{corrupt}: not the JSON of `bitqueens count --json`"
            )],
        ),
        (
            vec![&f[0], &f[1], &f[2], &not_json],
            vec![&format!("{not_json}: not the JSON")],
        ),
        (
            vec![&f[0], &f[1], &f[2], &missing],
            vec![&format!("{missing}: cannot read it")],
        ),
    ] {
        let args: Vec<&str> = ["merge"]
            .into_iter()
            .chain(files.iter().map(|s| s.as_str()))
            .collect();
        let err = refused(&args);
        for expected in says {
            assert!(err.contains(expected), "{files:?}: {err}");
        }
        assert!(bitqueens(&args).stdout.is_empty(), "no total is printed");
    }
    // Two files that overlap in part: a 1/2 shard next to 1/4 … 4/4.
    let half = json(&["count", "12", "--shard", "1/2", "--json", "-q"]);
    let half = write(&scratch, "half.json", &half);
    let err = refused(&["merge", &f[0], &f[1], &f[2], &f[3], &half]);
    assert!(
        err.contains(&format!("in more than one file: {}, {half}", f[0])),
        "{err}"
    );
    assert!(
        err.contains(&format!("in more than one file: {}, {half}", f[2])),
        "{err}"
    );
}

#[test]
fn a_consistent_lie_is_caught_by_the_published_value_and_by_verify() {
    let scratch = Scratch::new("lie");
    let f = shards(&scratch, 12, 2);
    // One part and the sums raised alike: the file is consistent in itself.
    let mut lie = read(&f[1]);
    let p = lie["parts"]
        .as_array()
        .unwrap()
        .iter()
        .position(|p| p[1].as_u64() > Some(0))
        .unwrap();
    let index = lie["parts"][p][0].as_u64().unwrap();
    let said = lie["parts"][p][1].as_u64().unwrap() + 8;
    lie["parts"][p][1] = said.into();
    lie["total"] = (lie["total"].as_u64().unwrap() + 8).into();
    let lie = write(&scratch, "lie.json", &lie);
    let err = refused(&["merge", &f[0], &lie]);
    assert!(err.contains("differs from the published one"), "{err}");
    assert!(String::from_utf8(bitqueens(&["merge", &f[0], &lie]).stdout)
        .unwrap()
        .contains("✗ DIFFER"));

    let out = bitqueens(&["verify", &lie, "--sample", "1000"]);
    assert_eq!(out.status.code(), Some(1));
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.contains(&format!(
            "sub-problem {index}: the file says {said} solutions"
        )),
        "{text}"
    );
    assert!(
        String::from_utf8_lossy(&out.stderr).contains("1 of "),
        "one of the sample differs"
    );
}

#[test]
fn verify_recounts_a_repeatable_sample_and_agrees_with_an_honest_file() {
    let scratch = Scratch::new("verify");
    let f = shards(&scratch, 13, 3);
    let out = bitqueens(&["verify", &f[1], "--sample", "5", "--seed", "7"]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("N = 13, shard 2/3"), "{text}");
    assert!(text.contains("re-counting 5 of them (seed 7"), "{text}");
    assert_eq!(text.matches(" ✓").count(), 5, "{text}");
    assert!(text.ends_with("All 5 agree.\n"), "{text}");
    let again =
        String::from_utf8(bitqueens(&["verify", &f[1], "--sample", "5", "--seed", "7"]).stdout)
            .unwrap();
    assert_eq!(text, again, "the same seed checks the same sub-problems");
    let other =
        String::from_utf8(bitqueens(&["verify", &f[1], "--sample", "5", "--seed", "8"]).stdout)
            .unwrap();
    assert_ne!(text, other, "another seed, another sample");
}

#[test]
fn backtracking_reports_and_reports_written_before_there_were_two_methods_still_check() {
    let scratch = Scratch::new("verify-backtrack");
    let f = shards_by(&scratch, 12, 2, "backtrack");
    let out = bitqueens(&["verify", &f[0], "--sample", "3", "--seed", "1"]);
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(out.status.success(), "{text}");
    assert!(
        text.contains(" unique, ") && text.contains(" nodes ✓"),
        "{text}"
    );
    // A report of an older bitqueens: no "method", so the backtracking counter's.
    let old: Vec<String> = f
        .iter()
        .enumerate()
        .map(|(i, path)| {
            let mut report = read(path);
            report.as_object_mut().unwrap().remove("method");
            write(&scratch, &format!("old-{i}.json"), &report)
        })
        .collect();
    let merged = json(&["merge", &old[0], &old[1], "--json"]);
    assert_eq!(
        (merged["method"].as_str(), merged["unique"].as_u64()),
        (Some("backtrack"), Some(counts(12).unwrap().1))
    );
    assert!(bitqueens(&["verify", &old[1], "--sample", "2"])
        .status
        .success());
}

#[test]
fn a_whole_meet_count_with_a_wrong_unique_count_is_caught_by_verify() {
    let scratch = Scratch::new("verify-unique");
    let whole = json(&["count", "11", "--json", "--parts", "-q"]);
    assert_eq!(whole["unique"].as_u64(), Some(counts(11).unwrap().1));
    let honest = write(&scratch, "whole.json", &whole);
    let text = String::from_utf8(bitqueens(&["verify", &honest]).stdout).unwrap();
    assert!(
        text.contains("the unique count, by Burnside's lemma from the total: 341 ✓"),
        "{text}"
    );
    let mut lie = whole.clone();
    lie["unique"] = 342.into();
    let lie = write(&scratch, "lie.json", &lie);
    let out = bitqueens(&["verify", &lie]);
    assert_eq!(out.status.code(), Some(1));
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.contains(
            "the unique count: the file says 342, Burnside's lemma from its total gives 341 ✗"
        ),
        "{text}"
    );
}

#[test]
fn verify_refuses_files_it_cannot_check() {
    let scratch = Scratch::new("verify-bad");
    let f = shards(&scratch, 10, 2);
    let mut other_list = read(&f[0]);
    other_list["fingerprint"] = "0123456789abcdef".into();
    let other_list = write(&scratch, "other-list.json", &other_list);
    let corrupt = scratch.write("corrupt.json", "{\"n\": 10, ");
    let missing = scratch.file("missing.json");
    for (file, says) in [
        (&other_list, "was counted on another sub-problem list"),
        (&corrupt, "not the JSON of `bitqueens count --json`"),
        (&missing, "cannot read it"),
    ] {
        let err = refused(&["verify", file]);
        assert!(err.contains(file.as_str()) && err.contains(says), "{err}");
    }
}

#[test]
fn a_whole_counts_json_is_a_summary_and_the_parts_are_written_where_asked_for() {
    let scratch = Scratch::new("summary");
    let out = bitqueens(&["count", "12", "--json", "-q"]);
    assert!(out.status.success());
    let summary: Value = serde_json::from_slice(&out.stdout).unwrap();
    let (total, unique) = counts(12).unwrap();
    assert_eq!(
        (summary["total"].as_u64(), summary["unique"].as_u64()),
        (Some(total), Some(unique))
    );
    let keys: Vec<&str> = summary
        .as_object()
        .unwrap()
        .keys()
        .map(String::as_str)
        .collect();
    for key in [
        "n",
        "method",
        "nodes",
        "seconds",
        "threads",
        "subProblems",
        "shard",
        "fingerprint",
        "allSubProblems",
        "fromJournal",
    ] {
        assert!(keys.contains(&key), "{key}: {keys:?}");
    }
    assert!(
        !keys.contains(&"indices") && !keys.contains(&"parts"),
        "{keys:?}"
    );
    assert!(out.stdout.len() < 400, "{} bytes", out.stdout.len());
    // --parts: each sub-problem's counts, as before; a shard has them without asking.
    let full = json(&["count", "12", "--json", "--parts", "-q"]);
    let all = full["allSubProblems"].as_u64().unwrap();
    assert_eq!(full["parts"].as_array().unwrap().len() as u64, all);
    for key in ["total", "unique", "nodes", "fingerprint", "subProblems"] {
        assert_eq!(full[key], summary[key], "{key}");
    }
    let shard = json(&["count", "12", "--shard", "1/2", "--json", "-q"]);
    assert_eq!(
        shard["parts"].as_array().unwrap().len(),
        shard["subProblems"].as_u64().unwrap() as usize
    );
    // --parts without --json is a mistake in the arguments.
    assert_eq!(bitqueens(&["count", "8", "--parts"]).status.code(), Some(2));
    // merge and verify say what a summary lacks and how to write a report they can check.
    let summary = scratch.write("summary.json", &summary.to_string());
    for command in [vec!["merge", &summary], vec!["verify", &summary]] {
        let err = refused(&command);
        assert!(
            err.contains(&format!(
                "{summary}: a summary of a count, without each sub-problem's counts"
            )),
            "{err}"
        );
        assert!(err.contains("bitqueens count N --json --parts"), "{err}");
    }
    // A file missing only one of the two is damage, not a summary.
    let mut half = full.clone();
    half.as_object_mut().unwrap().remove("parts");
    let half = write(&scratch, "half.json", &half);
    let err = refused(&["verify", &half]);
    assert!(
        err.contains("not the JSON of `bitqueens count --json`"),
        "{err}"
    );
}
