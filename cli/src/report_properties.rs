//! Property tests of reading a report (what [`read`] does with a file's text: serde_json, then
//! `check`). Arbitrary text, and valid reports mutated a character or a field at a time, never
//! panic and allocate no more than a bound of the file's length and its N's longest list; a report accepted is consistent in itself (checked here from
//! its fields, independently of `check`); a report refused gets a message that ends a sentence;
//! every valid report reads back. `BITQUEENS_PROPERTY_RUNS` cases each (10,000 by default).

use super::*;
use crate::property_runs::{apply_edits, assert_sentence, config, with_allocation_budget};
use bitqueens::count::meet::MAX_MEET_N;
use proptest::prelude::*;

/// The most a read may allocate, in bytes: a few dozen per character of the file (serde's
/// lists grow by doubling; a part is 32 bytes and takes at least 10 characters), and a list
/// of the indices of the whole count of the file's N, as long as the longest an honest file
/// of that N can claim. Counted, not timed, so the same on any machine: a reader that would
/// list whatever number of sub-problems a file claims is stopped at the budget.
const BYTES_PER_CHARACTER: u64 = 64;
const BYTES_AT_LEAST: u64 = 4096;

fn budget(text: &str) -> u64 {
    // The file's N and method, read outside the budget; none: nothing to list for them.
    let longest = serde_json::from_str::<Report>(text)
        .ok()
        .filter(|r| (1..=r.method.largest_n()).contains(&r.n))
        .map_or(0, |r| longest_list(r.n, r.method));
    let index = std::mem::size_of::<usize>() as u64;
    BYTES_AT_LEAST + BYTES_PER_CHARACTER * text.len() as u64 + index * longest
}

/// `read` without the file: the text parsed and checked, within its allocation budget.
fn parse(text: &str) -> Result<Report, String> {
    with_allocation_budget(budget(text), || {
        serde_json::from_str::<Report>(text)
            .map_err(|e| format!("not the JSON of `bitqueens count --json` ({e})."))
            .and_then(|report| check(&report).map(|()| report))
    })
    .0
}

/// A report as `bitqueens count --json` writes it, consistent in itself: `all` sub-problems
/// (at most N, which no list of N is shorter than), the whole list or a slice of it.
fn report() -> impl Strategy<Value = Report> {
    report_of(false)
}

/// The same, or (`loose`) one whose parts may each give one or two more unique solutions than
/// solutions, all its sums still right.
fn report_of(loose: bool) -> impl Strategy<Value = Report> {
    (
        any::<bool>(),
        1..=bitqueens::MAX_N,
        0..=32usize,
        proptest::option::of((1..=9usize).prop_flat_map(|of| (1..=of, Just(of)))),
        proptest::collection::vec((0..1u64 << 40, 0..1u64 << 40, 0..1u64 << 40), 32),
        any::<u64>(),
        any::<bool>(),
    )
        .prop_map(move |(meet, n, all, slice, counts, print, whole_unique)| {
            let method = if meet {
                Method::Meet
            } else {
                Method::Backtrack
            };
            let n = n.min(method.largest_n());
            let all = all.min(n as usize);
            let shard = slice.map(|(index, of)| Slice::new(index, of).unwrap());
            let indices: Vec<usize> = match shard {
                Some(s) => (s.index - 1..all).step_by(s.of).collect(),
                None => (0..all).collect(),
            };
            let parts: Vec<[u64; 4]> = indices
                .iter()
                .zip(&counts)
                .map(|(&index, &(total, unique, nodes))| {
                    let unique = match (meet, loose) {
                        (true, _) => 0,
                        (false, true) => unique.min(total) + unique % 3,
                        (false, false) => unique.min(total),
                    };
                    [index as u64, total, unique, nodes]
                })
                .collect();
            let sum = |k: usize| parts.iter().map(|p| p[k]).sum::<u64>();
            let unique = match method {
                Method::Backtrack => Some(sum(2)),
                Method::Meet if shard.is_none() && whole_unique => Some(sum(1)),
                Method::Meet => None,
            };
            Report {
                n,
                method,
                total: sum(1),
                unique,
                nodes: sum(3),
                seconds: 1.5,
                threads: 2,
                sub_problems: indices.len(),
                shard,
                fingerprint: Fingerprint(print).to_string(),
                all_sub_problems: all,
                indices,
                parts,
                from_journal: 0,
            }
        })
}

/// JSON values at the edges, as text (serde_json refuses some: that is part of the test).
const EDGE_JSON: &[&str] = &[
    "-1",
    "0",
    "-0",
    "1",
    "2",
    "23",
    "24",
    "32",
    "33",
    "0.5",
    "1e300",
    "1e400",
    "4294967295",
    "4294967296",
    "9007199254740993",
    "18446744073709551615",
    "18446744073709551616",
    "111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111",
    "\"5\"",
    "\"meet\"",
    "\"backtrack\"",
    "\"Meet\"",
    "\"meet\\n\"",
    "null",
    "true",
    "[]",
    "{}",
    "[1]",
    "[[0,0,0,0]]",
    "[[0,0,1,0]]",
    "[[0,1,0,0,0]]",
    "{\"index\":1,\"of\":1}",
    "{\"index\":0,\"of\":0}",
    "{\"index\":1,\"of\":0}",
    "{\"index\":2,\"of\":1}",
    "{\"index\":1}",
    "\"0123456789ABCDEF\"",
    "\"0123456789abcdeg\"",
    "\"+123456789abcdef\"",
    "\"\"",
];
const FIELDS: &[&str] = &[
    "n",
    "method",
    "total",
    "unique",
    "nodes",
    "seconds",
    "threads",
    "subProblems",
    "shard",
    "fingerprint",
    "allSubProblems",
    "indices",
    "parts",
    "fromJournal",
];

/// A valid report's JSON with one field set to an edge value, removed, given twice (serde_json
/// refuses a duplicate field), or a number inside `indices`, `parts` or `shard` changed.
fn field_mutated() -> impl Strategy<Value = String> {
    (
        report(),
        0..FIELDS.len(),
        0..EDGE_JSON.len(),
        0..4u8,
        any::<usize>(),
    )
        .prop_map(|(r, field, edge, how, at)| {
            const HERE: &str = "the edge value goes here";
            let mut value = serde_json::to_value(&r).unwrap();
            let object = value.as_object_mut().unwrap();
            let (field, edge) = (FIELDS[field], EDGE_JSON[edge]);
            match how {
                0 => {
                    object.remove(field);
                }
                1 => {
                    let text = serde_json::to_string(object).unwrap();
                    return format!("{},\"{field}\":{edge}}}", &text[..text.len() - 1]);
                }
                2 => {
                    // A number inside one of the lists or the shard.
                    let mut holders: Vec<&mut serde_json::Value> = Vec::new();
                    for (key, v) in object.iter_mut() {
                        match key.as_str() {
                            "indices" => holders.push(v),
                            "parts" => holders.extend(v.as_array_mut().unwrap().iter_mut()),
                            "shard" if !v.is_null() => holders.push(v),
                            _ => {}
                        }
                    }
                    let holders: Vec<_> = holders
                        .into_iter()
                        .filter(|h| h.as_array().is_none_or(|a| !a.is_empty()))
                        .collect();
                    let count = holders.len();
                    if let Some(holder) = holders.into_iter().nth(at % count.max(1)) {
                        let slot = match holder {
                            serde_json::Value::Array(a) => {
                                let len = a.len();
                                &mut a[at / count % len]
                            }
                            serde_json::Value::Object(o) => {
                                let len = o.len();
                                o.values_mut().nth(at / count % len).unwrap()
                            }
                            _ => unreachable!("indices, parts and shard are lists or objects"),
                        };
                        *slot = HERE.into();
                    } else {
                        object.insert(field.to_string(), HERE.into());
                    }
                }
                _ => {
                    object.insert(field.to_string(), HERE.into());
                }
            }
            serde_json::to_string(&value)
                .unwrap()
                .replace(&format!("\"{HERE}\""), edge)
        })
}

/// A small file claiming a long list, or a slice of a huge stride.
fn claims_too_much() -> impl Strategy<Value = String> {
    let big = prop_oneof![
        Just(1usize << 20),
        Just(16_224_936usize),
        Just(1usize << 32),
        Just(usize::MAX),
        any::<usize>()
    ];
    (report(), big, any::<bool>()).prop_map(|(r, big, stride)| {
        let mut value = serde_json::to_value(&r).unwrap();
        if stride {
            value["shard"] = serde_json::json!({"index": 1, "of": big});
        } else {
            value["allSubProblems"] = big.into();
        }
        value.to_string()
    })
}

/// `text` with characters inserted, deleted or replaced.
fn mutated(text: String) -> impl Strategy<Value = String> {
    let edit = (0..3u8, any::<usize>(), any::<char>());
    proptest::collection::vec(edit, 1..4).prop_map(move |edits| {
        let mut chars: Vec<char> = text.chars().collect();
        apply_edits(&mut chars, edits);
        chars.into_iter().collect()
    })
}

/// Any text: printable, JSON-like, a valid report mutated, a field changed, a figure too large.
fn text() -> impl Strategy<Value = String> {
    prop_oneof![
        1 => any::<String>(),
        1 => "[\\[\\]{}\",:0-9a-zA-Z.+\\-eE \\\\]{0,60}",
        1 => report().prop_map(|r| serde_json::to_string(&r).unwrap()).prop_flat_map(mutated),
        3 => field_mutated(),
        1 => claims_too_much(),
        1 => report_of(true).prop_map(|r| serde_json::to_string(&r).unwrap()),
    ]
}

/// True when `r` is consistent in itself, by the rules the module docs state.
fn consistent(r: &Report) -> bool {
    let largest = match r.method {
        Method::Backtrack => bitqueens::MAX_N,
        Method::Meet => MAX_MEET_N,
    };
    let hex = r.fingerprint.len() == 16 && r.fingerprint.bytes().all(|b| b.is_ascii_hexdigit());
    let (first, stride) = r.shard.map_or((0, 1), |s| (s.index - 1, s.of));
    let len = r.indices.len();
    let listed =
        r.indices.iter().enumerate().all(|(k, &index)| {
            k.checked_mul(stride).and_then(|o| o.checked_add(first)) == Some(index)
        }) && r
            .indices
            .last()
            .is_none_or(|&last| last < r.all_sub_problems)
            && (len as u128) * (stride as u128) + first as u128 >= r.all_sub_problems as u128;
    let parts = r.parts.len() == len
        && r.sub_problems == len
        && r.parts
            .iter()
            .zip(&r.indices)
            .all(|(p, &index)| p[0] == index as u64 && p[2] <= p[1]);
    let sum = |k: usize| r.parts.iter().map(|p| u128::from(p[k])).sum::<u128>();
    let sums = sum(1) == u128::from(r.total) && sum(3) == u128::from(r.nodes);
    let unique = match r.method {
        Method::Backtrack => r.unique.map(u128::from) == Some(sum(2)),
        Method::Meet => sum(2) == 0 && (r.unique.is_none() || r.shard.is_none()),
    };
    (1..=largest).contains(&r.n) && hex && listed && parts && sums && unique
}

proptest! {
    #![proptest_config(config())]

    /// Any text is read as a consistent report, or refused with a sentence, within its budget.
    #[test]
    fn any_text_is_a_consistent_report_or_a_sentence(text in text()) {
        match parse(&text) {
            Ok(r) => prop_assert!(consistent(&r), "accepted only when consistent: {text}"),
            Err(message) => {
                assert_sentence(&message);
                // A report that deserializes and is refused is inconsistent, or claims a list
                // longer than any of its N.
                if let Ok(r) = serde_json::from_str::<Report>(&text) {
                    prop_assert!(
                        !consistent(&r) || r.all_sub_problems as u64 > longest_list(r.n, r.method),
                        "a consistent report is read: {message}: {text}"
                    );
                }
            }
        }
    }

    /// Every valid report reads back what it says.
    #[test]
    fn a_valid_report_reads_back(r in report()) {
        let read = parse(&serde_json::to_string(&r).unwrap());
        prop_assert!(read.is_ok(), "{read:?}");
        let read = read.unwrap();
        prop_assert_eq!(
            (read.n, read.method, read.total, read.unique, read.nodes, read.shard, &read.parts),
            (r.n, r.method, r.total, r.unique, r.nodes, r.shard, &r.parts)
        );
    }
}

#[test]
fn the_longest_list_a_file_may_claim_is_refused_within_its_budget() {
    // The longest list of the meet counter (N = 23): 16,224,936 sub-problems.
    let claim = format!(
        "{{\"n\":23,\"method\":\"meet\",\"total\":0,\"unique\":null,\"nodes\":0,\"seconds\":0,\"threads\":1,\"subProblems\":0,\"shard\":null,\"fingerprint\":\"0123456789abcdef\",\"allSubProblems\":{},\"indices\":[],\"parts\":[]}}",
        longest_list(23, Method::Meet)
    );
    let message = parse(&claim).unwrap_err();
    assert!(
        message.contains("its indices are not those of the whole count"),
        "{message}"
    );
}
