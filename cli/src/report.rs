//! The JSON that `bitqueens count --json` prints, and that `merge` and `verify` read back:
//! the counts, and which sub-problems they cover, each with its own counts.
//!
//! ```text
//! {"n":14,"total":…,"unique":…,"nodes":…,"seconds":…,"threads":2,"subProblems":37,
//!  "shard":{"index":3,"of":8},"fingerprint":"…","allSubProblems":294,
//!  "indices":[2,10,18,…],"parts":[[2,1234,160,56789],…],"fromJournal":0}
//! ```
//!
//! `parts` holds `[index, total, unique, nodes]` for each index of `indices`, in the same
//! order; `total`, `unique` and `nodes` are their sums. [`read`] checks all of that, so a file
//! that passes it is consistent in itself; whether it agrees with the counter is `verify`'s
//! question.

use bitqueens::count::Tally;
use bitqueens::shard::{Fingerprint, Slice};
use serde::{Deserialize, Serialize};
use std::path::Path;

/// One count's JSON report (see the module docs).
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Report {
    /// Board size.
    pub n: u32,
    /// Solutions in the sub-problems covered.
    pub total: u64,
    /// Symmetry classes in them.
    pub unique: u64,
    /// Queens placed counting them.
    pub nodes: u64,
    /// Wall time of the run that wrote the report.
    pub seconds: f64,
    /// Threads of that run.
    pub threads: usize,
    /// How many sub-problems are covered (`indices.len()`).
    pub sub_problems: usize,
    /// The slice covered, or `None` for the whole list.
    pub shard: Option<Slice>,
    /// The fingerprint of the whole sub-problem list, as 16 hex digits.
    pub fingerprint: String,
    /// The length of the whole sub-problem list.
    pub all_sub_problems: usize,
    /// The indices covered, increasing.
    pub indices: Vec<usize>,
    /// `[index, total, unique, nodes]` for each of `indices`, in the same order.
    pub parts: Vec<[u64; 4]>,
    /// How many of the parts were read from a journal rather than counted by this run.
    #[serde(default)]
    pub from_journal: usize,
}

impl Report {
    /// The counts of each part, by index, in index order.
    pub fn tallies(&self) -> impl Iterator<Item = (usize, Tally)> + '_ {
        self.parts.iter().map(|&[index, total, unique, nodes]| {
            let tally = Tally {
                total,
                unique,
                nodes,
            };
            (index as usize, tally)
        })
    }

    /// "shard 3/8" or "the whole count".
    pub fn what(&self) -> String {
        self.shard
            .map_or("the whole count".to_string(), |s| format!("shard {s}"))
    }
}

/// Reads a report and checks that it is consistent in itself; the message names the file.
pub fn read(path: &Path) -> Result<Report, String> {
    let name = path.display();
    let text =
        std::fs::read_to_string(path).map_err(|e| format!("{name}: cannot read it: {e}."))?;
    let report: Report = serde_json::from_str(&text)
        .map_err(|e| format!("{name}: not the JSON of `bitqueens count --json` ({e})."))?;
    check(&report).map_err(|problem| format!("{name}: {problem}"))?;
    Ok(report)
}

fn check(r: &Report) -> Result<(), String> {
    let damaged = "the file was changed or damaged after it was written";
    if !(1..=bitqueens::MAX_N).contains(&r.n) {
        return Err(format!("N = {} is not a board size (1 to 32).", r.n));
    }
    r.fingerprint
        .parse::<Fingerprint>()
        .map_err(|e| format!("{e}."))?;
    // A sub-problem is the columns of the first SPLIT_ROWS queens, so no list is longer
    // than n^SPLIT_ROWS: a larger figure is damage, and is refused before anything is
    // allocated for it.
    let longest = (r.n as usize).pow(bitqueens::count::SPLIT_ROWS as u32);
    if r.all_sub_problems > longest {
        return Err(format!(
            "it says N = {} has {} sub-problems, more than the {longest} a list of N = {} can hold: {damaged}.",
            r.n, r.all_sub_problems, r.n
        ));
    }
    let expected = match r.shard {
        Some(slice) => slice.indices(r.all_sub_problems),
        None => (0..r.all_sub_problems).collect(),
    };
    if r.indices != expected {
        return Err(format!(
            "its indices are not those of {} of {} sub-problems: {damaged}.",
            r.what(),
            r.all_sub_problems
        ));
    }
    let part_indices: Vec<usize> = r.tallies().map(|(i, _)| i).collect();
    if part_indices != r.indices || r.sub_problems != r.indices.len() {
        return Err(format!("its parts do not match its indices: {damaged}."));
    }
    // Checked sums: the numbers come from a file, and may be anything.
    let mut sum = [0u64; 3];
    for part in &r.parts {
        for (s, value) in sum.iter_mut().zip(&part[1..]) {
            *s = s
                .checked_add(*value)
                .ok_or_else(|| format!("its parts add up to more than 2^64: {damaged}."))?;
        }
    }
    if sum != [r.total, r.unique, r.nodes] {
        return Err(format!(
            "its parts add up to {} solutions, {} unique, {} nodes, but it says {}, {}, {}: {damaged}.",
            sum[0], sum[1], sum[2], r.total, r.unique, r.nodes
        ));
    }
    if let Some(&[index, ..]) = r.parts.iter().find(|p| p[2] > p[1]) {
        return Err(format!(
            "sub-problem {index} has more unique solutions than solutions: {damaged}."
        ));
    }
    Ok(())
}
