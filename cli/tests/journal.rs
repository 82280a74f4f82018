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
    assert!(
        a["parts"].is_array() && b["parts"].is_array(),
        "both with their parts"
    );
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
    let whole = json(&["count", "14", "--json", "--parts", "-q"]);
    let (total, unique) = counts(14).unwrap();
    assert_eq!(
        (whole["total"].as_u64(), whole["unique"].as_u64()),
        (Some(total), Some(unique))
    );
    let of = whole["subProblems"].as_u64().unwrap();
    // Killed right away (before or while the header is written), then once the journal holds
    // 1, 10, 100 and 300 lines: the kills that must land midway wait for that state, not for
    // a time, so they do on any machine. Two threads (two writers share the journal), each
    // sleeping 5 ms per sub-problem, so that the count is far from its end at each kill.
    for (run, kill_at) in [
        Kill::After(0),
        Kill::After(1),
        Kill::After(5),
        Kill::Lines(1),
        Kill::Lines(10),
        Kill::Lines(100),
        Kill::Lines(300),
    ]
    .into_iter()
    .enumerate()
    {
        let journal = scratch.file(&format!("j{run}"));
        let mut child = match kill_at {
            Kill::After(ms) => {
                let child = command(&[
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
                std::thread::sleep(Duration::from_millis(ms));
                child
            }
            Kill::Lines(lines) => slow_count(&["14"], &journal, 5, lines),
        };
        child.kill().unwrap(); // SIGKILL: no chance to tidy up
        child.wait().unwrap();
        let before = if std::path::Path::new(&journal).exists() {
            journaled(&journal).len() as u64
        } else {
            0
        };
        assert!(before < of, "killed at {kill_at:?}: the count had finished");
        if let Kill::Lines(lines) = kill_at {
            assert!(
                before >= lines as u64,
                "killed at {kill_at:?}: {before} lines"
            );
        }
        let resumed = json(&[
            "count",
            "14",
            "--journal",
            &journal,
            "--json",
            "--parts",
            "-q",
        ]);
        same_counts(&resumed, &whole);
        // Torn lines are not kept, so at most every whole line is reused.
        assert!(
            resumed["fromJournal"].as_u64().unwrap() <= before,
            "killed at {kill_at:?}"
        );
        assert_eq!(
            journaled(&journal).len() as u64,
            of,
            "the journal ends complete"
        );
        // Run once more: nothing left to count, the same numbers again.
        let again = json(&[
            "count",
            "14",
            "--journal",
            &journal,
            "--json",
            "--parts",
            "-q",
        ]);
        same_counts(&again, &whole);
        assert_eq!(again["fromJournal"].as_u64(), Some(of));
    }
}

/// When a test kills a count: a time after its start, or once its journal holds some lines.
#[derive(Clone, Copy, Debug)]
enum Kill {
    After(u64),
    Lines(usize),
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

/// Starts `count ARGS --journal JOURNAL` on two threads, each waiting `delay_ms` before each
/// sub-problem, and returns once the journal holds `lines` finished sub-problems. Two threads
/// whatever the machine has, so that the count is still far from its end then.
fn slow_count(args: &[&str], journal: &str, delay_ms: u64, lines: usize) -> std::process::Child {
    let delay = delay_ms.to_string();
    let all: Vec<&str> = ["count"]
        .iter()
        .chain(args)
        .chain(&[
            "--journal",
            journal,
            "--threads",
            "2",
            "--delay-ms",
            &delay,
            "-q",
        ])
        .copied()
        .collect();
    let child = command(&all)
        .stdout(std::process::Stdio::null())
        .spawn()
        .unwrap();
    let started = Instant::now();
    while journaled_or_none(journal) < lines {
        assert!(
            started.elapsed() < Duration::from_secs(120),
            "the count wrote fewer than {lines} lines in two minutes"
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
    let whole = json(&[
        "count",
        "12",
        "--journal",
        &journal,
        "--json",
        "--parts",
        "-q",
    ]);
    let text = std::fs::read_to_string(&journal).unwrap();
    let complete = text.lines().count() - 1;
    // Cut the last line in the middle, as a crash during its write would.
    let last_start = text.trim_end().rfind('\n').unwrap() + 1;
    let cut = last_start + (text.len() - last_start) / 2;
    std::fs::write(&journal, &text[..cut]).unwrap();
    let out = bitqueens(&["count", "12", "--journal", &journal, "--json", "--parts"]);
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
            vec!["count", "12", "--method", "backtrack", "--journal", &j12],
            "it was written by the meet-in-the-middle counter (--method meet), and this count uses the backtracking counter (--method backtrack)",
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

#[test]
fn a_count_whose_journal_fills_the_disk_stops_saying_so_and_resumes_once_there_is_room() {
    let scratch = Scratch::new("full");
    let journal = scratch.file("j");
    // A file size limit of 1 KiB stands in for a full disk: the header fits, and the writes
    // that would grow the journal past it fail (EFBIG, with SIGXFSZ ignored).
    let out = std::process::Command::new("sh")
        .args([
            "-c",
            "trap '' XFSZ; ulimit -f 1 && exec \"$0\" \"$@\"",
            env!("CARGO_BIN_EXE_bitqueens"),
            "count",
            "12",
            "--journal",
            &journal,
            "--threads",
            "2",
            "-q",
        ])
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(
        err.contains(&format!("cannot write to journal {journal}")),
        "{err}"
    );
    assert!(err.contains("The lines written before are kept"), "{err}");
    assert!(out.stdout.is_empty(), "no count printed");
    // Whole lines only: the write that hit the limit may have left a torn last line.
    let kept = journaled_or_none(&journal);
    assert!(kept > 0, "lines were written before the disk was full");
    // With room again, the same command goes on from the journal to the published count.
    let resumed = json(&["count", "12", "--journal", &journal, "--json", "-q"]);
    let (total, unique) = counts(12).unwrap();
    assert_eq!(resumed["total"].as_u64(), Some(total));
    assert_eq!(resumed["unique"].as_u64(), Some(unique));
    assert_eq!(resumed["fromJournal"].as_u64(), Some(kept as u64));
}

#[test]
fn a_journal_in_a_read_only_folder_is_refused_before_anything_is_counted() {
    let scratch = Scratch::new("read-only");
    let folder = scratch.file("locked");
    std::fs::create_dir(&folder).unwrap();
    let journal = format!("{folder}/j");
    let mut perms = std::fs::metadata(&folder).unwrap().permissions();
    std::os::unix::fs::PermissionsExt::set_mode(&mut perms, 0o555);
    std::fs::set_permissions(&folder, perms).unwrap();
    // Root ignores a folder's permissions through two capabilities (DAC override and DAC read
    // search). As root the count runs under `setpriv` (util-linux, in every Debian base image)
    // with both taken out of its bounding set, so the mode 555 binds it as it binds any user.
    // Unlike a read-only bind mount in a mount namespace (unshare), this needs no
    // CAP_SYS_ADMIN, which a container's root lacks: the test runs in CI's container and is
    // never skipped. Where setpriv cannot run, the test fails and says why.
    let root = String::from_utf8(
        std::process::Command::new("id")
            .arg("-u")
            .output()
            .unwrap()
            .stdout,
    )
    .unwrap()
    .trim()
        == "0";
    let mut run = if root {
        let mut setpriv = std::process::Command::new("setpriv");
        setpriv.args(["--bounding-set=-dac_override,-dac_read_search", "--"]);
        setpriv
    } else {
        let mut sh = std::process::Command::new("sh");
        sh.args(["-c", "exec \"$0\" \"$@\""]);
        sh
    };
    let out = run
        .args([
            env!("CARGO_BIN_EXE_bitqueens"),
            "count",
            "12",
            "--journal",
            &journal,
            "-q",
        ])
        .output()
        .unwrap_or_else(|e| {
            panic!("as root this test needs setpriv (util-linux) to drop DAC override: {e}")
        });
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        !err.starts_with("setpriv:"),
        "as root this test needs setpriv to drop DAC override (and CAP_SETPCAP to do it): {err}"
    );
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(
        err.contains(&format!("cannot open journal {journal}")),
        "{err}"
    );
    assert!(
        err.contains("Read-only") || err.contains("ermission denied"),
        "{err}"
    );
    assert!(out.stdout.is_empty(), "nothing counted");
    assert!(!std::path::Path::new(&journal).exists());
}

#[test]
fn resume_goes_on_from_an_unfinished_journal_to_the_published_counts() {
    let scratch = Scratch::new("resume");
    let journal = scratch.file("j");
    let mut child = slow_count(&["13"], &journal, 5, 20);
    child.kill().unwrap();
    child.wait().unwrap();
    let kept = journaled(&journal).len() as u64;
    let resumed = json(&[
        "count",
        "13",
        "--journal",
        &journal,
        "--resume",
        "--json",
        "-q",
    ]);
    let (total, unique) = counts(13).unwrap();
    assert_eq!(resumed["total"].as_u64(), Some(total));
    assert_eq!(resumed["unique"].as_u64(), Some(unique));
    let from = resumed["fromJournal"].as_u64().unwrap();
    assert!(from >= 20 && from <= kept, "{from} of {kept} lines reused");
    assert_eq!(
        journaled(&journal).len() as u64,
        resumed["subProblems"].as_u64().unwrap(),
        "the journal ends complete"
    );
}
