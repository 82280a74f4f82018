//! The command line, run as a user runs it.

mod common;

use bitqueens::published::{A000170 as TOTALS, A002562 as UNIQUES};
use common::{bitqueens, json, refused};

#[test]
fn counts_print_the_published_totals_and_uniques() {
    for n in [1usize, 4, 8, 10, 13] {
        let text =
            String::from_utf8(bitqueens(&["count", &n.to_string(), "--unique", "-q"]).stdout)
                .unwrap();
        assert!(
            text.contains(&format!("N = {n}: {} solutions", TOTALS[n - 1])),
            "{text}"
        );
        assert!(
            text.contains(&format!("N = {n}: {} unique", UNIQUES[n - 1])),
            "{text}"
        );
    }
}

#[test]
fn json_has_the_counts_and_one_thread_gives_the_same_answer_as_several() {
    let one = json(&["count", "12", "--json", "--threads", "1"]);
    assert_eq!(one["total"], TOTALS[11]);
    assert_eq!(one["unique"], UNIQUES[11]);
    assert_eq!(one["threads"], 1);
    assert!(one["shard"].is_null());
    // Several threads share the sub-problems whatever the machine's cores (on one core they
    // take turns): the same counts, and the same work.
    for threads in ["3", "8"] {
        let several = json(&["count", "12", "--json", "--threads", threads]);
        assert_eq!(several["threads"].to_string(), threads);
        assert_eq!(
            (&one["total"], &one["unique"], &one["nodes"]),
            (&several["total"], &several["unique"], &several["nodes"]),
            "{threads} threads"
        );
    }
}

#[test]
fn the_partial_counts_of_all_shards_add_up_to_the_whole() {
    for method in ["meet", "backtrack"] {
        for k in [1u64, 3, 7] {
            let (mut total, mut unique, mut parts) = (0, 0, 0);
            for i in 1..=k {
                let part = json(&[
                    "count",
                    "13",
                    "--json",
                    "--method",
                    method,
                    "--shard",
                    &format!("{i}/{k}"),
                ]);
                assert_eq!(part["shard"]["index"], i);
                assert_eq!(part["method"], method);
                total += part["total"].as_u64().unwrap();
                parts += part["subProblems"].as_u64().unwrap();
                match method {
                    // The meet counter's unique count comes from the whole total only: a
                    // shard, even 1/1, has none (merge gives it).
                    "meet" => assert!(part["unique"].is_null(), "{method} {i}/{k}"),
                    _ => unique += part["unique"].as_u64().unwrap(),
                }
            }
            assert_eq!(total, TOTALS[12], "{method} k={k}");
            if method == "backtrack" {
                assert_eq!(unique, UNIQUES[12], "{method} k={k}");
            }
            assert_eq!(
                parts,
                json(&["count", "13", "--json", "--method", method])["subProblems"],
                "{method} k={k}"
            );
        }
    }
}

#[test]
fn both_methods_give_the_published_counts_and_meet_is_the_default() {
    for n in 1..=14 {
        let meet = json(&["count", &n.to_string(), "--json", "-q"]);
        let back = json(&[
            "count",
            &n.to_string(),
            "--json",
            "-q",
            "--method",
            "backtrack",
        ]);
        assert_eq!(meet["method"], "meet");
        assert_eq!(back["method"], "backtrack");
        for report in [&meet, &back] {
            assert_eq!(
                (report["total"].as_u64(), report["unique"].as_u64()),
                (Some(TOTALS[n - 1]), Some(UNIQUES[n - 1])),
                "n = {n}, {}",
                report["method"]
            );
        }
        assert_ne!(meet["fingerprint"], back["fingerprint"]);
    }
    let err = refused(&["count", "24"]);
    assert!(
        err.contains("The meet-in-the-middle counter counts boards up to 23×23; got 24. Use --method backtrack for a larger board."),
        "{err}"
    );
}

#[test]
fn bad_arguments_print_the_usage_and_exit_non_zero() {
    for args in [
        &["count"][..],
        &["count", "0"],
        &["count", "33"],
        &["count", "abc"],
        &["count", "8", "--threads", "0"],
        &["count", "8", "--shard", "0/4"],
        &["count", "8", "--shard", "5/4"],
        &["count", "8", "--shard", "x"],
        &["count", "8", "--frobnicate"],
        &["count", "8", "--method", "fast"],
        &["tally", "8"],
        &["count", "8", "--resume"],
        &["merge"],
        &["verify"],
        &["verify", "x.json", "--sample", "0"],
    ] {
        let out = bitqueens(args);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(err.contains("Usage: bitqueens"), "{args:?}: {err}");
        assert!(out.stdout.is_empty(), "{args:?}");
    }
}

#[test]
fn progress_goes_to_stderr_and_quiet_silences_it() {
    let loud = bitqueens(&["count", "14"]);
    let quiet = bitqueens(&["count", "14", "--quiet"]);
    assert!(String::from_utf8_lossy(&loud.stdout).contains("365596 solutions"));
    let progress = String::from_utf8_lossy(&loud.stderr);
    assert!(progress.contains("sub-problems, "), "{progress}");
    assert!(!String::from_utf8_lossy(&loud.stdout).contains("sub-problems, "));
    assert!(quiet.stderr.is_empty());
}

/// `bitqueens count 14 | head -0`: a reader that closes the pipe before the report is written
/// ends the command quietly (by SIGPIPE, as `cat` ends), never with a panic on stderr.
#[cfg(unix)]
#[test]
fn a_pipe_closed_early_ends_the_command_without_a_panic() {
    use std::os::unix::process::ExitStatusExt;
    use std::process::Stdio;
    for args in [&["count", "10", "--quiet"][..], &["compare", "8"][..]] {
        let mut child = common::command(args)
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        drop(child.stdout.take()); // the reader is gone before the first line
        let out = child.wait_with_output().unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(!err.contains("panicked"), "{args:?}: {err}");
        assert_eq!(
            out.status.signal(),
            Some(13),
            "{args:?}: {:?} {err}",
            out.status
        );
    }
}
