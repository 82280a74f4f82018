//! The JSON that `bitqueens count --json` prints, and that `merge` and `verify` read back:
//! the counts, and which sub-problems they cover, each with its own counts.
//!
//! ```text
//! {"n":14,"method":"backtrack","total":…,"unique":…,"nodes":…,"seconds":…,"threads":2,
//!  "subProblems":37,"shard":{"index":3,"of":8},"fingerprint":"…","allSubProblems":294,
//!  "indices":[2,10,18,…],"parts":[[2,1234,160,56789],…],"fromJournal":0}
//! ```
//!
//! `parts` holds `[index, total, unique, nodes]` for each index of `indices`, in the same
//! order; `total` and `nodes` are their sums. A shard's report always has them; a whole
//! count's only with `--parts`: without, it is a [`Summary`] (the same fields but these two,
//! about 200 bytes where the parts of N = 16 take about 150 KB), which [`read`] refuses
//! with a sentence saying how to write one it can check. The backtracking counter's `unique` is the sum
//! of its parts'; the meet counter's parts have none (0), and its `unique` comes from the
//! whole total by Burnside's lemma, so a meet shard has `"unique":null`. [`read`] checks all
//! of that, so a file that passes it is consistent in itself; whether it agrees with the
//! counter is `verify`'s question.

use bitqueens::count::shard::{Fingerprint, Slice};
use bitqueens::count::Method;
use bitqueens::count::Tally;
use serde::{Deserialize, Serialize};
use std::path::Path;

/// One count's JSON report (see the module docs).
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Report {
    /// Board size.
    pub n: u32,
    /// The counter whose sub-problems these are (reports written before there were two were
    /// all the backtracking counter's).
    #[serde(default = "backtrack")]
    pub method: Method,
    /// Solutions in the sub-problems covered.
    pub total: u64,
    /// Symmetry classes in them: the backtracking counter's parts add up to it; the meet
    /// counter's give none, so it is known only for the whole count (`None` for a shard).
    pub unique: Option<u64>,
    /// The counter's work: queens placed (backtracking) or half-boards built (meet).
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

/// A report without `indices` and `parts`: what `count --json` prints for a whole count
/// unless `--parts` asks for them. Nothing reads it back (`read` refuses it).
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Summary<'a> {
    n: u32,
    method: Method,
    total: u64,
    unique: Option<u64>,
    nodes: u64,
    seconds: f64,
    threads: usize,
    sub_problems: usize,
    shard: Option<Slice>,
    fingerprint: &'a str,
    all_sub_problems: usize,
    from_journal: usize,
}

fn backtrack() -> Method {
    Method::Backtrack
}

impl Report {
    /// The counts of each part, by index, in index order.
    pub fn tallies(&self) -> impl Iterator<Item = (usize, Tally)> + '_ {
        self.parts.iter().map(|&[index, total, unique, nodes]| {
            let tally = Tally {
                total,
                unique,
                work: nodes,
            };
            (index as usize, tally)
        })
    }

    /// The report without its indices and parts.
    pub fn summary(&self) -> Summary<'_> {
        Summary {
            n: self.n,
            method: self.method,
            total: self.total,
            unique: self.unique,
            nodes: self.nodes,
            seconds: self.seconds,
            threads: self.threads,
            sub_problems: self.sub_problems,
            shard: self.shard,
            fingerprint: &self.fingerprint,
            all_sub_problems: self.all_sub_problems,
            from_journal: self.from_journal,
        }
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
    let report: Report = serde_json::from_str(&text).map_err(|e| {
        if is_summary(&text) {
            format!(
                "{name}: a summary of a count, without each sub-problem's counts (`indices` and \
                 `parts`), which merge and verify check: count it again with `bitqueens count N \
                 --json --parts` (a shard's report, `--shard I/K --json`, always has them)."
            )
        } else {
            format!("{name}: not the JSON of `bitqueens count --json` ({e}).")
        }
    })?;
    check(&report).map_err(|problem| format!("{name}: {problem}"))?;
    Ok(report)
}

/// True for a [`Summary`]: a count's JSON object with neither `indices` nor `parts`.
fn is_summary(text: &str) -> bool {
    use serde::de::IgnoredAny;
    #[derive(Deserialize)]
    struct Probe {
        total: Option<IgnoredAny>,
        fingerprint: Option<IgnoredAny>,
        indices: Option<IgnoredAny>,
        parts: Option<IgnoredAny>,
    }
    matches!(
        serde_json::from_str::<Probe>(text),
        Ok(Probe {
            total: Some(_),
            fingerprint: Some(_),
            indices: None,
            parts: None,
        })
    )
}

fn check(r: &Report) -> Result<(), String> {
    let damaged = "the file was changed or damaged after it was written";
    if !(1..=bitqueens::MAX_N).contains(&r.n) {
        return Err(format!("N = {} is not a board size (1 to 32).", r.n));
    }
    r.fingerprint
        .parse::<Fingerprint>()
        .map_err(|e| format!("{e}."))?;
    if r.n > r.method.largest_n() {
        return Err(format!(
            "it says {} counted N = {}, larger than it takes: {damaged}.",
            r.method.counter(),
            r.n
        ));
    }
    // A figure larger than any list of this N can hold is damage, refused before anything is
    // allocated for it.
    let longest = longest_list(r.n, r.method);
    if r.all_sub_problems as u64 > longest {
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
    if [sum[0], sum[2]] != [r.total, r.nodes] {
        // The file's field `nodes` holds the method's work units (the glossary): say which.
        return Err(format!(
            "its parts add up to {} solutions and {} {}, but it says {} and {}: {damaged}.",
            sum[0],
            sum[2],
            r.method.work_unit(),
            r.total,
            r.nodes
        ));
    }
    let whole = r.shard.is_none();
    match (r.method, r.unique) {
        (Method::Backtrack, Some(unique)) if unique == sum[1] => {}
        (Method::Backtrack, unique) => {
            return Err(format!(
                "its parts add up to {} unique solutions, but it says {}: {damaged}.",
                sum[1],
                unique.map_or("none".to_string(), |u| u.to_string())
            ))
        }
        (Method::Meet, _) if sum[1] != 0 => {
            return Err(format!(
                "it gives unique counts for parts of {}, which has none: {damaged}.",
                r.method.counter()
            ))
        }
        (Method::Meet, Some(_)) if !whole => {
            return Err(format!(
                "it gives a unique count for a shard of {}, which has none: {damaged}.",
                r.method.counter()
            ))
        }
        (Method::Meet, _) => {}
    }
    if let Some(&[index, ..]) = r.parts.iter().find(|p| p[2] > p[1]) {
        return Err(format!(
            "sub-problem {index} has more unique solutions than solutions: {damaged}."
        ));
    }
    Ok(())
}

/// More sub-problems than `method`'s list for `n` can hold. The backtracking counter's are the
/// columns of the first SPLIT_ROWS queens: at most `n^SPLIT_ROWS`. The meet counter's are a
/// set of n/2 east rows (even n: at most C(n, n/2)), or a row for the middle queen and a set
/// of (n-1)/2 east rows among the others (odd n: at most n · C(n-1, (n-1)/2)).
fn longest_list(n: u32, method: Method) -> u64 {
    let n = u64::from(n);
    let choose = |m: u64, k: u64| (1..=k).fold(1, |c, i| c * (m - i + 1) / i);
    match method {
        Method::Backtrack => n.pow(bitqueens::count::backtrack::SPLIT_ROWS as u32),
        Method::Meet if n % 2 == 0 => choose(n, n / 2),
        Method::Meet => n * choose(n - 1, (n - 1) / 2),
    }
}

#[cfg(test)]
#[path = "report_properties.rs"]
mod properties;
