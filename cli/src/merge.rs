//! `bitqueens merge FILES…`: adds up the reports of `count --json` (the shards of one count),
//! once it has checked that together they cover every sub-problem exactly once, for the same
//! board and the same sub-problem list.

use crate::report::{self, Report};
use bitqueens::count::burnside;
use bitqueens::count::shard::Slice;
use bitqueens::count::Method;
use bitqueens::published;
use serde::Serialize;
use std::collections::BTreeMap;
use std::path::PathBuf;

/// The arguments of `bitqueens merge`.
#[derive(clap::Args)]
pub struct Args {
    /// The JSON reports of `bitqueens count --json`, one per shard.
    #[arg(required = true, value_name = "FILES")]
    files: Vec<PathBuf>,
    /// Print one JSON object on stdout instead of text.
    #[arg(long)]
    json: bool,
}

/// The merged count, as `--json` prints it.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Merged {
    n: u32,
    method: Method,
    total: u64,
    unique: u64,
    nodes: u64,
    files: usize,
    sub_problems: usize,
    fingerprint: String,
    /// OEIS A000170 / A002562 for this N, when the tables go that far.
    published: Option<Published>,
    /// True when the counts equal the published ones; `None` when there are none.
    agrees: Option<bool>,
}

#[derive(Serialize)]
struct Published {
    total: u64,
    unique: u64,
}

/// Checks and merges; every problem found is in the error, one per line.
pub fn run(args: Args) -> Result<(), String> {
    let mut problems = Vec::new();
    let mut reports = Vec::new();
    for path in &args.files {
        match report::read(path) {
            Ok(report) => reports.push((path.display().to_string(), report)),
            Err(problem) => problems.push(problem),
        }
    }
    if !problems.is_empty() {
        return Err(problems.join("\n"));
    }
    let merged = check_and_add(&reports)?;
    if args.json {
        println!("{}", serde_json::to_string(&merged).expect("plain data"));
    } else {
        println!(
            "N = {}: {} solutions, {} unique ({} sub-problems, each counted once, from {} files)",
            merged.n, merged.total, merged.unique, merged.sub_problems, merged.files
        );
        match (&merged.published, merged.agrees) {
            (Some(p), Some(agrees)) => println!(
                "Published (OEIS A000170 / A002562): {} / {} {}",
                p.total,
                p.unique,
                if agrees { "✓ agree" } else { "✗ DIFFER" }
            ),
            _ => println!("No published value for N = {} to compare with.", merged.n),
        }
    }
    match merged.agrees {
        Some(false) => Err(format!(
            "the merged count of N = {} differs from the published one: re-count a sample of each file with `bitqueens verify FILE` to find the wrong one.",
            merged.n
        )),
        _ => Ok(()),
    }
}

/// The cross-file checks: one board, one list, every index exactly once.
fn check_and_add(reports: &[(String, Report)]) -> Result<Merged, String> {
    let (first_name, first) = &reports[0];
    for (name, r) in &reports[1..] {
        if r.n != first.n {
            return Err(format!(
                "{first_name} is a count of N = {} and {name} of N = {}: shards of different boards can't be merged.",
                first.n, r.n
            ));
        }
        if r.method != first.method {
            return Err(format!(
                "{first_name} was counted by {} (--method {}) and {name} by {} (--method {}): their sub-problems differ, so their counts can't be added. Count the shards again with one method.",
                first.method.counter(),
                first.method,
                r.method.counter(),
                r.method
            ));
        }
        if (&r.fingerprint, r.all_sub_problems) != (&first.fingerprint, first.all_sub_problems) {
            return Err(format!(
                "{first_name} and {name} were counted on different sub-problem lists ({} sub-problems, fingerprint {}; {} sub-problems, fingerprint {}), by different versions of bitqueens: their counts can't be added. Count the shards again with one version.",
                first.all_sub_problems, first.fingerprint, r.all_sub_problems, r.fingerprint
            ));
        }
    }
    // Which files hold each index.
    let mut holders: Vec<Vec<&str>> = vec![Vec::new(); first.all_sub_problems];
    for (name, r) in reports {
        for &i in &r.indices {
            holders[i].push(name);
        }
    }
    let mut problems = Vec::new();
    // Doubled: grouped by the files that share them.
    let mut doubled: BTreeMap<Vec<&str>, Vec<usize>> = BTreeMap::new();
    for (i, names) in holders.iter().enumerate().filter(|(_, h)| h.len() > 1) {
        doubled.entry(names.clone()).or_default().push(i);
    }
    for (names, indices) in &doubled {
        problems.push(format!(
            "{} {} in more than one file: {} (they would be counted twice).",
            sub_problems_named(indices),
            if indices.len() == 1 { "is" } else { "are" },
            names.join(", ")
        ));
    }
    let missing: Vec<usize> = (0..holders.len())
        .filter(|&i| holders[i].is_empty())
        .collect();
    if !missing.is_empty() {
        problems.push(format!(
            "{} {} in no file{}.",
            sub_problems_named(&missing),
            if missing.len() == 1 { "is" } else { "are" },
            missing_shards(reports, &missing)
        ));
    }
    if !problems.is_empty() {
        return Err(problems.join("\n"));
    }
    // Each report's unique count is the sum of its parts' (report::read checked it): none
    // for the meet counter, whose unique count comes from the whole total below.
    let mut sum = [0u64; 3];
    for (_, r) in reports {
        let parts_unique = r.tallies().map(|(_, t)| t.unique).sum();
        for (s, value) in sum.iter_mut().zip([r.total, parts_unique, r.nodes]) {
            *s = s
                .checked_add(value)
                .ok_or("the counts add up to more than 2^64")?;
        }
    }
    if first.method == Method::Meet {
        sum[1] = burnside::unique(first.n, sum[0]).map_err(|e| e.to_string())?;
    }
    let known = published::counts(first.n);
    Ok(Merged {
        n: first.n,
        method: first.method,
        total: sum[0],
        unique: sum[1],
        nodes: sum[2],
        files: reports.len(),
        sub_problems: first.all_sub_problems,
        fingerprint: first.fingerprint.clone(),
        published: known.map(|(total, unique)| Published { total, unique }),
        agrees: known.map(|p| p == (sum[0], sum[1])),
    })
}

/// "sub-problem 7" or "37 sub-problems (3, 11, 19, 27, 35, 43, 51, 59, …)".
fn sub_problems_named(indices: &[usize]) -> String {
    const SHOWN: usize = 8;
    if let [one] = indices {
        return format!("sub-problem {one}");
    }
    let mut list: Vec<String> = indices.iter().take(SHOWN).map(usize::to_string).collect();
    if indices.len() > SHOWN {
        list.push("…".to_string());
    }
    format!("{} sub-problems ({})", indices.len(), list.join(", "))
}

/// When every file is a shard of one K: ", the ones of shard 4/8 (missing?)".
fn missing_shards(reports: &[(String, Report)], missing: &[usize]) -> String {
    let ofs: Vec<Option<usize>> = reports.iter().map(|(_, r)| r.shard.map(|s| s.of)).collect();
    let Some(Some(of)) = ofs.first().copied() else {
        return String::new();
    };
    if ofs.iter().any(|&o| o != Some(of)) {
        return String::new();
    }
    let shards: std::collections::BTreeSet<usize> = missing
        .iter()
        .map(|&i| Slice::holding(i, of).index)
        .collect();
    let names: Vec<String> = shards.iter().map(|i| format!("{i}/{of}")).collect();
    format!(
        ": {} {} missing; count {} with --shard and add {}",
        if names.len() == 1 { "shard" } else { "shards" },
        names.join(", "),
        if names.len() == 1 { "it" } else { "them" },
        if names.len() == 1 {
            "its file"
        } else {
            "their files"
        },
    )
}
