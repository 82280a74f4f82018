//! `bitqueens compare`, run as a user runs it: every algorithm to the end.

mod common;

use bitqueens::published::A000170;
use common::{bitqueens, json};

const SLUGS: [&str; 6] = [
    "board-scan",
    "flag-arrays",
    "rows-as-integers",
    "bit-by-bit",
    "richards",
    "free-masks",
];

#[test]
fn every_algorithm_finds_the_published_count_with_the_same_nodes_for_n_1_to_12() {
    for n in 1..=12usize {
        let report = json(&["compare", &n.to_string(), "--json"]);
        let runs = report["runs"].as_array().unwrap();
        let slugs: Vec<&str> = runs.iter().map(|r| r["slug"].as_str().unwrap()).collect();
        assert_eq!(slugs, SLUGS, "n={n}");
        for run in runs {
            assert_eq!(run["solutions"], A000170[n - 1], "n={n} {}", run["slug"]);
            assert_eq!(run["nodes"], runs[0]["nodes"], "n={n} {}", run["slug"]);
            assert!(run["operations"].as_u64().unwrap() >= run["nodes"].as_u64().unwrap());
        }
        assert_eq!(report["published"], A000170[n - 1]);
        assert_eq!(report["agree"], true);
    }
}

#[test]
fn mirror_mode_halves_the_nodes_and_keeps_the_count_for_the_bitmask_programs() {
    let only = "bit-by-bit,richards,free-masks";
    let full = json(&["compare", "10", "--json", "--only", only]);
    let half = json(&["compare", "10", "--json", "--only", only, "--mirror"]);
    let runs = half["runs"].as_array().unwrap();
    assert_eq!(runs.len(), 3);
    let full_nodes = full["runs"][0]["nodes"].as_u64().unwrap();
    for run in runs {
        assert_eq!(run["solutions"], A000170[9]);
        assert_eq!(run["nodes"], runs[0]["nodes"]);
        assert!(run["nodes"].as_u64().unwrap() * 2 <= full_nodes + 1);
    }
}

#[test]
fn the_table_names_every_algorithm_and_says_the_nodes_agree() {
    let out = bitqueens(&["compare", "8"]);
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    for name in [
        "Board scan",
        "Flag arrays",
        "Rows as integers",
        "Bit by bit",
        "Richards' bitmask",
        "Free masks with rotation",
    ] {
        let line = text
            .lines()
            .find(|l| l.starts_with(name))
            .unwrap_or_else(|| panic!("{name}: {text}"));
        assert!(line.contains("92 ✓"), "{line}");
    }
    assert!(
        text.contains("nodes: the same in every algorithm ✓"),
        "{text}"
    );
}

#[test]
fn bad_arguments_print_the_compare_usage_and_exit_2() {
    for args in [
        &["compare"][..],
        &["compare", "0"],
        &["compare", "33"],
        &["compare", "eight"],
        &["compare", "8", "--only", "quantum"],
    ] {
        let out = bitqueens(args);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(err.contains("Usage: bitqueens compare"), "{args:?}: {err}");
        assert!(out.stdout.is_empty(), "{args:?}");
    }
    let unknown =
        String::from_utf8_lossy(&bitqueens(&["compare", "8", "--only", "quantum"]).stderr)
            .into_owned();
    assert!(
        unknown.contains("No algorithm “quantum”: use one of board-scan"),
        "{unknown}"
    );
}
