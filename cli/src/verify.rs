//! `bitqueens verify FILE`: re-counts a random sample of the sub-problems of a report of
//! `count --json`, so that a sum from a machine nobody watched can be spot-checked.

use crate::report;
use bitqueens::count::shard::sample;
use bitqueens::count::Tally;
use bitqueens::count::{Method, Plan};
use rayon::prelude::*;
use std::path::PathBuf;
use std::time::{SystemTime, UNIX_EPOCH};

/// The arguments of `bitqueens verify`.
#[derive(clap::Args)]
pub struct Args {
    /// A JSON report of `bitqueens count --json` (a shard or a whole count).
    file: PathBuf,
    /// How many of its sub-problems to count again.
    #[arg(long, default_value_t = 8, value_parser = clap::value_parser!(u64).range(1..))]
    sample: u64,
    /// Seed of the random choice [default: from the clock]; the same seed picks the same
    /// sub-problems again.
    #[arg(long)]
    seed: Option<u64>,
    /// Worker threads [default: every core].
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=1024))]
    threads: Option<u32>,
}

/// Re-counts the sample; an error when the file can't be checked or a count differs.
pub fn run(args: Args) -> Result<(), String> {
    let name = args.file.display().to_string();
    let report = report::read(&args.file)?;
    let plan = Plan::new(report.n, report.method).map_err(|e| format!("{name}: {e}"))?;
    let ours = plan.fingerprint();
    if (report.fingerprint.as_str(), report.all_sub_problems)
        != (ours.to_string().as_str(), plan.len())
    {
        return Err(format!(
            "{name} was counted on another sub-problem list ({} sub-problems, fingerprint {}) than this bitqueens lists for N = {} with {} ({}, fingerprint {ours}): it can only be checked by the version that made it.",
            report.all_sub_problems, report.fingerprint, report.n, report.method.counter(), plan.len()
        ));
    }
    let seed = args.seed.unwrap_or_else(|| {
        SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos() as u64)
    });
    let parts: Vec<(usize, Tally)> = report.tallies().collect();
    let picked = sample(parts.len(), args.sample as usize, seed);
    let (pool, _) = crate::count::thread_pool(args.threads)?;
    let recounted: Vec<Tally> = pool.install(|| {
        picked
            .par_iter()
            .with_max_len(1)
            .map_init(
                || plan.workspace(),
                |workspace, &p| {
                    plan.count_sub_problem(parts[p].0, workspace)
                        .expect("an index of this list")
                },
            )
            .collect()
    });
    println!(
        "{name}: N = {}, {}, {} sub-problems; re-counting {} of them (seed {seed}; --seed {seed} picks the same ones):",
        report.n,
        report.what(),
        parts.len(),
        picked.len()
    );
    let mut differ = 0;
    for (&p, again) in picked.iter().zip(&recounted) {
        let (index, said) = parts[p];
        let counts = |t: &Tally| match report.method {
            Method::Backtrack => format!(
                "{} solutions, {} unique, {} nodes",
                t.total, t.unique, t.work
            ),
            Method::Meet => format!("{} solutions, {} half-boards", t.total, t.work),
        };
        if said == *again {
            println!("  sub-problem {index}: {} ✓", counts(again));
        } else {
            differ += 1;
            println!(
                "  sub-problem {index}: the file says {}, counted again: {} ✗",
                counts(&said),
                counts(again)
            );
        }
    }
    // A whole meet count's unique count is not a sum of parts: it is checked from its total.
    if let (Method::Meet, None, Some(said)) = (report.method, report.shard, report.unique) {
        let whole = Tally {
            total: report.total,
            unique: 0,
            work: report.nodes,
        };
        match plan.unique(whole) {
            Ok(again) if again == said => {
                println!("  the unique count, by Burnside's lemma from the total: {again} ✓")
            }
            Ok(again) => {
                differ += 1;
                println!("  the unique count: the file says {said}, Burnside's lemma from its total gives {again} ✗");
            }
            Err(e) => {
                differ += 1;
                println!("  the unique count: {e} ✗");
            }
        }
    }
    if differ > 0 {
        return Err(format!(
            "{name}: {differ} of {} re-counted sub-problems differ from the file: do not trust its sum; count {} again.",
            picked.len(),
            report.what()
        ));
    }
    println!("All {} agree.", picked.len());
    Ok(())
}
