//! The command line, run as a user runs it.

mod common;

use bitqueens::published::{A000170 as TOTALS, A002562 as UNIQUES};
use common::{bitqueens, json};

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
    for k in [1u64, 3, 7] {
        let (mut total, mut unique, mut parts) = (0, 0, 0);
        for i in 1..=k {
            let part = json(&["count", "13", "--json", "--shard", &format!("{i}/{k}")]);
            assert_eq!(part["shard"]["index"], i);
            total += part["total"].as_u64().unwrap();
            unique += part["unique"].as_u64().unwrap();
            parts += part["subProblems"].as_u64().unwrap();
        }
        assert_eq!((total, unique), (TOTALS[12], UNIQUES[12]), "k={k}");
        assert_eq!(
            parts,
            json(&["count", "13", "--json"])["subProblems"],
            "k={k}"
        );
    }
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
