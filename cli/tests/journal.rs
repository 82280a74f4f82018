//! `count --journal`: killed at any moment and run again, the count ends with the same numbers
//! as one that was never stopped; torn lines are counted again; foreign journals are refused.

mod common;

use bitqueens::published::counts;
use common::{bitqueens, command, json, lines, refused, Scratch};
use std::collections::BTreeSet;
use std::time::{Duration, Instant};

/// The finished sub-problems a journal holds (every line after the header), as indices,
/// checking that none is there twice.
fn journaled(path: &str) -> BTreeSet<u64> {
    let mut seen = BTreeSet::new();
    for line in lines(path).iter().skip(1) {
        let numbers: Vec<u64> = line.split(' ').map(|w| w.parse().unwrap()).collect();
        assert_eq!(
            numbers.len(),
            4,
            "{line:?} in {path}: not `index total unique nodes`"
        );
        let index = numbers[0];
        assert!(seen.insert(index), "sub-problem {index} twice in {path}");
    }
    seen
}

fn same_counts(a: &serde_json::Value, b: &serde_json::Value) {
    for key in [
        "total",
        "unique",
        "nodes",
        "indices",
        "parts",
        "fingerprint",
    ] {
        assert_eq!(a[key], b[key], "{key}");
    }
}

#[test]
fn a_count_killed_at_any_moment_and_resumed_gives_the_same_numbers_as_one_never_stopped() {
    let scratch = Scratch::new("killed");
    let whole = json(&["count", "14", "--json", "-q"]);
    let (total, unique) = counts(14).unwrap();
    assert_eq!(
        (whole["total"].as_u64(), whole["unique"].as_u64()),
        (Some(total), Some(unique))
    );
    let of = whole["subProblems"].as_u64().unwrap();
    // Kill after 0 ms (before or while the header is written) up to most of the count. Two
    // threads whatever the machine has (two writers share the journal), each sleeping 5 ms
    // per sub-problem: the count takes at least subProblems × 5 / 2 ms (over 700 ms for
    // N = 14), so even the last kill lands midway on any number of cores.
    let mut killed_midway = 0;
    for (run, after_ms) in [0u64, 1, 5, 20, 60, 150, 300].into_iter().enumerate() {
        let journal = scratch.file(&format!("j{run}"));
        let mut child = command(&[
            "count",
            "14",
            "--journal",
            &journal,
            "--threads",
            "2",
            "--delay-ms",
            "5",
            "-q",
        ])
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
        std::thread::sleep(Duration::from_millis(after_ms));
        child.kill().unwrap(); // SIGKILL: no chance to tidy up
        child.wait().unwrap();
        let before = if std::path::Path::new(&journal).exists() {
            journaled(&journal).len() as u64
        } else {
            0
        };
        assert!(
            before < of,
            "killed after {after_ms} ms: the count had finished"
        );
        killed_midway += usize::from(before > 0);
        let resumed = json(&["count", "14", "--journal", &journal, "--json", "-q"]);
        same_counts(&resumed, &whole);
        // Torn lines are not kept, so at most every whole line is reused.
        assert!(
            resumed["fromJournal"].as_u64().unwrap() <= before,
            "after {after_ms} ms"
        );
        assert_eq!(
            journaled(&journal).len() as u64,
            of,
            "the journal ends complete"
        );
        // Run once more: nothing left to count, the same numbers again.
        let again = json(&["count", "14", "--journal", &journal, "--json", "-q"]);
        same_counts(&again, &whole);
        assert_eq!(again["fromJournal"].as_u64(), Some(of));
    }
    assert!(
        killed_midway >= 3,
        "only {killed_midway} kills landed midway"
    );
}

#[test]
fn a_shard_killed_midway_resumes_to_the_same_shard() {
    let scratch = Scratch::new("shard-killed");
    let journal = scratch.file("j");
    let never_stopped = json(&["count", "13", "--shard", "2/3", "--json", "-q"]);
    let mut child = slow_count(&["13", "--shard", "2/3"], &journal, 2, 10);
    child.kill().unwrap();
    child.wait().unwrap();
    let resumed = json(&[
        "count",
        "13",
        "--shard",
        "2/3",
        "--journal",
        &journal,
        "--json",
        "-q",
    ]);
    assert!(resumed["fromJournal"].as_u64().unwrap() >= 10);
    same_counts(&resumed, &never_stopped);
    assert_eq!(resumed["shard"], never_stopped["shard"]);
}

/// Starts `count ARGS --journal JOURNAL`, waiting `delay_ms` before each sub-problem, and
/// returns once the journal holds `lines` finished sub-problems.
fn slow_count(args: &[&str], journal: &str, delay_ms: u64, lines: usize) -> std::process::Child {
    let delay = delay_ms.to_string();
    let all: Vec<&str> = ["count"]
        .iter()
        .chain(args)
        .chain(&["--journal", journal, "--delay-ms", &delay, "-q"])
        .copied()
        .collect();
    let child = command(&all)
        .stdout(std::process::Stdio::null())
        .spawn()
        .unwrap();
    let started = Instant::now();
    while journaled_or_none(journal) < lines {
        assert!(
            started.elapsed() < Duration::from_secs(20),
            "the count wrote nothing"
        );
        std::thread::sleep(Duration::from_millis(5));
    }
    child
}

fn journaled_or_none(path: &str) -> usize {
    std::fs::read_to_string(path).map_or(0, |text| text.matches('\n').count().saturating_sub(1))
}

#[test]
fn a_torn_last_line_is_ignored_cut_off_and_counted_again() {
    let scratch = Scratch::new("torn");
    let journal = scratch.file("j");
    let whole = json(&["count", "12", "--journal", &journal, "--json", "-q"]);
    let text = std::fs::read_to_string(&journal).unwrap();
    let complete = text.lines().count() - 1;
    // Cut the last line in the middle, as a crash during its write would.
    let last_start = text.trim_end().rfind('\n').unwrap() + 1;
    let cut = last_start + (text.len() - last_start) / 2;
    std::fs::write(&journal, &text[..cut]).unwrap();
    let out = bitqueens(&["count", "12", "--journal", &journal, "--json"]);
    assert!(out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("ignored a torn last line"), "{err}");
    let resumed: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    same_counts(&resumed, &whole);
    assert_eq!(resumed["fromJournal"].as_u64(), Some(complete as u64 - 1));
    assert_eq!(
        journaled(&journal).len(),
        complete,
        "one whole line for each, no fragment"
    );
    assert!(std::fs::read_to_string(&journal).unwrap().ends_with('\n'));
}

#[test]
fn a_journal_of_another_count_or_no_journal_at_all_is_refused_and_left_as_it_was() {
    let scratch = Scratch::new("foreign");
    let j12 = scratch.file("n12.journal");
    json(&["count", "12", "--journal", &j12, "--json", "-q"]);
    let shard = scratch.file("shard.journal");
    json(&[
        "count",
        "12",
        "--shard",
        "1/2",
        "--journal",
        &shard,
        "--json",
        "-q",
    ]);
    let original = std::fs::read_to_string(&j12).unwrap();
    let at = original.find("fingerprint=").unwrap() + "fingerprint=".len();
    let other_list = scratch.write(
        "other-list.journal",
        &format!(
            "{}0000000000000000{}",
            &original[..at],
            &original[at + 16..]
        ),
    );
    let notes = scratch.write("notes.txt", "my notes about N = 12\n");
    let corrupt = scratch.write(
        "corrupt.journal",
        &original.replacen('\n', "\n3 oops 1 2\n", 1),
    );
    let twice = {
        let second = original.lines().nth(1).unwrap();
        scratch.write("twice.journal", &format!("{original}{second}\n"))
    };
    let folder = scratch.file("");
    let missing = scratch.file("missing.journal");
    let no_folder = scratch.file("no/such/folder/j");
    for (args, says) in [
        (
            vec!["count", "13", "--journal", &j12],
            "was written for N = 12, and this count is N = 13",
        ),
        (
            vec!["count", "12", "--shard", "1/2", "--journal", &j12],
            "written for shard all, and this count is shard 1/2",
        ),
        (
            vec!["count", "12", "--journal", &shard],
            "written for shard 1/2, and this count is shard all",
        ),
        (
            vec!["count", "12", "--journal", &other_list],
            "another list of sub-problems",
        ),
        (
            vec!["count", "12", "--journal", &notes],
            "not a bitqueens journal",
        ),
        (
            vec!["count", "12", "--journal", &corrupt],
            "line 2 (\"3 oops 1 2\")",
        ),
        (vec!["count", "12", "--journal", &twice], "is there twice"),
        (vec!["count", "12", "--journal", &folder], "is a directory"),
        (
            vec!["count", "12", "--journal", &missing, "--resume"],
            "does not exist, so there is nothing to resume",
        ),
        (
            vec!["count", "12", "--journal", &no_folder],
            "cannot open journal",
        ),
    ] {
        let err = refused(&args);
        let file = args[args.iter().position(|a| *a == "--journal").unwrap() + 1];
        assert!(
            err.contains(file.trim_end_matches('/')),
            "{args:?}: names the file: {err}"
        );
        assert!(err.contains(says), "{args:?}: {err}");
    }
    assert_eq!(
        std::fs::read_to_string(&j12).unwrap(),
        original,
        "left as it was"
    );
    assert_eq!(
        std::fs::read_to_string(&notes).unwrap(),
        "my notes about N = 12\n"
    );
    assert!(
        !std::path::Path::new(&missing).exists(),
        "--resume creates nothing"
    );
}

#[test]
fn one_count_at_a_time_per_journal() {
    let scratch = Scratch::new("locked");
    let journal = scratch.file("j");
    let mut first = slow_count(&["13"], &journal, 5, 1);
    let err = refused(&["count", "13", "--journal", &journal]);
    assert!(err.contains("in use by another bitqueens count"), "{err}");
    first.kill().unwrap();
    first.wait().unwrap();
    let (total, _) = counts(13).unwrap();
    assert_eq!(
        json(&["count", "13", "--journal", &journal, "--json", "-q"])["total"],
        total
    );
}
