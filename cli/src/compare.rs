//! `bitqueens compare N`: every classic algorithm runs its whole search natively, one after
//! another on one thread, and the solutions, nodes, operations and time of each are printed.
//! All of them walk the same search tree, so their nodes must be equal; their solutions must
//! equal the published count. Either disagreement is reported and the exit status is 1.

use bitqueens::algorithms::{Algorithm, Kind};
use bitqueens::grouped::grouped;
use bitqueens::play::Until;
use bitqueens::published;
use bitqueens::Stepping;
use serde::Serialize;
use std::time::Instant;

/// The arguments of `bitqueens compare`.
#[derive(clap::Args)]
pub struct CompareArgs {
    /// Board size, 1 to 32 (the slow algorithms take minutes from about 14).
    #[arg(value_parser = clap::value_parser!(u32).range(1..=32))]
    n: u32,
    /// Search only the left half of the first row (every algorithm alike).
    #[arg(long)]
    mirror: bool,
    /// Only these algorithms, comma-separated: board-scan, flag-arrays, rows-as-integers,
    /// bit-by-bit, richards, free-masks [default: all six].
    #[arg(long, value_delimiter = ',', value_parser = parse_kind)]
    only: Vec<Kind>,
    /// Print one JSON object on stdout instead of a table.
    #[arg(long)]
    json: bool,
}

fn parse_kind(slug: &str) -> Result<Kind, String> {
    Kind::from_slug(slug).map_err(|e| e.to_string())
}

/// One algorithm's whole search.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Run {
    slug: &'static str,
    name: &'static str,
    /// Boards found (a solution and its mirror image count two in mirror mode).
    solutions: u64,
    nodes: u64,
    operations: u64,
    seconds: f64,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Report {
    n: u32,
    mirror: bool,
    /// OEIS A000170 for this n, when the table has it.
    published: Option<u64>,
    runs: Vec<Run>,
    /// True when every run found the published count (where known) and the same nodes.
    agree: bool,
}

/// Runs the comparison; returns the process's exit status.
pub fn compare(args: CompareArgs) -> i32 {
    let kinds = if args.only.is_empty() {
        Kind::ALL.to_vec()
    } else {
        args.only
    };
    let runs: Vec<Run> = kinds
        .into_iter()
        .map(|kind| run(kind, args.n, args.mirror))
        .collect();
    let published = published::counts(args.n).map(|(total, _)| total);
    let same_nodes = runs.windows(2).all(|w| w[0].nodes == w[1].nodes);
    let right = |r: &Run| published.is_none_or(|p| r.solutions == p);
    let report = Report {
        n: args.n,
        mirror: args.mirror,
        published,
        agree: same_nodes && runs.iter().all(right),
        runs,
    };
    if args.json {
        println!("{}", serde_json::to_string(&report).expect("plain data"));
    } else {
        print_table(&report, same_nodes);
    }
    if report.agree {
        0
    } else {
        eprintln!("bitqueens: the algorithms disagree (see above): this is a bug.");
        1
    }
}

fn run(kind: Kind, n: u32, mirror: bool) -> Run {
    let mut search = Algorithm::new(kind, n, mirror).expect("n checked by the argument parser");
    let started = Instant::now();
    while !search.is_finished() {
        search.run(u32::MAX, Until::LimitOrEnd, 0);
    }
    Run {
        slug: kind.slug(),
        name: kind.name(),
        solutions: search.solutions() * search.weight(),
        nodes: search.nodes(),
        operations: search.operations(),
        seconds: started.elapsed().as_secs_f64(),
    }
}

fn print_table(report: &Report, same_nodes: bool) {
    let mode = if report.mirror {
        ", mirror symmetry"
    } else {
        ""
    };
    println!(
        "N = {}{mode}: every algorithm to the end, one after another",
        report.n
    );
    println!(
        "{:<26} {:>14} {:>15} {:>18} {:>10} {:>11}",
        "algorithm", "solutions", "nodes", "operations", "ops/node", "time"
    );
    for r in &report.runs {
        let mark = match report.published {
            Some(p) if p == r.solutions => " ✓",
            Some(_) => " ✗",
            None => "",
        };
        println!(
            "{:<26} {:>12}{mark:<2} {:>15} {:>18} {:>10.1} {:>9.3} s",
            r.name,
            grouped(r.solutions),
            grouped(r.nodes),
            grouped(r.operations),
            r.operations as f64 / r.nodes.max(1) as f64,
            r.seconds
        );
    }
    match report.published {
        Some(p) => println!("published (OEIS A000170): {}", grouped(p)),
        None => println!("no published count for N = {}", report.n),
    }
    println!(
        "nodes: {}",
        if same_nodes {
            "the same in every algorithm ✓"
        } else {
            "DIFFER ✗"
        }
    );
}
