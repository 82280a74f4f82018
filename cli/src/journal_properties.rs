//! Property tests of reading a journal (`parse`, the bytes of the file against the count about
//! to run). Arbitrary bytes, and valid journals mutated a byte at a time, never panic and
//! allocate no more than a few dozen bytes per byte read; what is
//! read is well-formed (only whole lines, one entry per line after the header, each one of this
//! count's sub-problems, as the line says); a journal refused gets a message that ends a
//! sentence; a valid journal, torn last line and all, reads back exactly.
//! `BITQUEENS_PROPERTY_RUNS` cases each (10,000 by default).

use super::*;
use crate::property_runs::{apply_edits, assert_sentence, config, with_allocation_budget};
use proptest::prelude::*;

/// The most a read may allocate, in bytes: a few dozen per byte of the journal (an entry of
/// the map and its line's numbers for each line, a line at least 8 bytes; a message quoting a
/// line), whatever its lines say. Counted, not timed: the same on any machine.
const BYTES_PER_BYTE: u64 = 64;
const BYTES_AT_LEAST: u64 = 4096;

/// The journal's `parse`, within its allocation budget.
fn read(bytes: &[u8], header: &Header) -> Result<Found, String> {
    let budget = BYTES_AT_LEAST + BYTES_PER_BYTE * bytes.len() as u64;
    with_allocation_budget(budget, || parse(bytes, header)).0
}

/// The count about to run.
fn header() -> impl Strategy<Value = Header> {
    (
        1..=bitqueens::MAX_N,
        any::<bool>(),
        0..=60usize,
        any::<u64>(),
        proptest::option::of((1..=9usize).prop_flat_map(|of| (1..=of, Just(of)))),
    )
        .prop_map(|(n, meet, sub_problems, print, slice)| Header {
            n,
            method: if meet {
                Method::Meet
            } else {
                Method::Backtrack
            },
            sub_problems,
            fingerprint: Fingerprint(print),
            shard: slice.map(|(index, of)| Slice::new(index, of).unwrap()),
        })
}

/// A journal of `header`'s count as bitqueens writes it: its header, some of its sub-problems
/// in any order, and maybe a torn last line (a prefix of a line, without its `\n`).
#[derive(Clone, Debug)]
struct Written {
    header: Header,
    bytes: Vec<u8>,
    done: BTreeMap<usize, Tally>,
    torn: usize,
}

fn written() -> impl Strategy<Value = Written> {
    header()
        .prop_flat_map(|header| {
            let covered: Vec<usize> = (0..header.sub_problems)
                .filter(|&i| header.covers(i))
                .collect();
            let count = covered.len();
            (
                Just(header),
                Just(covered).prop_shuffle(),
                0..=count,
                proptest::collection::vec((any::<u64>(), any::<u64>(), any::<u64>()), count),
                any::<bool>(),
                "[0-9 ]{0,30}",
            )
        })
        .prop_map(|(header, order, keep, tallies, whole_header, torn)| {
            let mut text = header.line();
            let mut done = BTreeMap::new();
            for (&index, &(a, b, nodes)) in order.iter().take(keep).zip(&tallies) {
                let tally = Tally {
                    total: a.max(b),
                    unique: a.min(b),
                    work: nodes,
                };
                text.push_str(&format!(
                    "{index} {} {} {}\n",
                    tally.total, tally.unique, tally.work
                ));
                done.insert(index, tally);
            }
            if !whole_header {
                // Killed while writing the header: part of it, nothing else.
                let cut = torn.len() % header.line().len();
                return Written {
                    header,
                    bytes: header.line().as_bytes()[..cut].to_vec(),
                    done: BTreeMap::new(),
                    torn: cut,
                };
            }
            text.push_str(&torn);
            Written {
                header,
                bytes: text.into_bytes(),
                done,
                torn: torn.len(),
            }
        })
}

/// `bytes` with bytes inserted, deleted or replaced (UTF-8 broken now and then).
fn mutated(bytes: Vec<u8>) -> impl Strategy<Value = Vec<u8>> {
    let byte = prop_oneof![
        3 => proptest::sample::select(b"0123456789 \n=/:-+abcdefx".to_vec()),
        1 => any::<u8>(),
    ];
    let edit = (0..3u8, any::<usize>(), byte);
    proptest::collection::vec(edit, 1..4).prop_map(move |edits| {
        let mut bytes = bytes.clone();
        apply_edits(&mut bytes, edits);
        bytes
    })
}

/// A count and bytes to read against it: arbitrary bytes, its header then lines of junk, or a
/// valid journal (of this count, or of another) mutated.
fn case() -> impl Strategy<Value = (Header, Vec<u8>)> {
    let junk_lines =
        "([0-9]{0,22}|[0-9 +\\-]{0,12}|[0-9a-z ]{0,12}|18446744073709551616)( [0-9]{0,21}){0,4}\n?";
    prop_oneof![
        1 => (header(), proptest::collection::vec(any::<u8>(), 0..120)),
        2 => (header(), proptest::collection::vec(junk_lines, 0..6))
            .prop_map(|(h, lines)| {
                let text = h.line() + &lines.concat();
                (h, text.into_bytes())
            }),
        3 => written().prop_flat_map(|w| (Just(w.header), mutated(w.bytes))),
        1 => (header(), written().prop_flat_map(|w| mutated(w.bytes))),
    ]
}

/// `index total unique nodes` as bitqueens writes it (plain digits), or None.
fn plain_line(line: &[u8]) -> Option<(usize, Tally)> {
    let text = std::str::from_utf8(line).ok()?;
    let words: Vec<&str> = text.split(' ').collect();
    if words.len() != 4
        || !words
            .iter()
            .all(|w| !w.is_empty() && w.bytes().all(|b| b.is_ascii_digit()))
    {
        return None;
    }
    let n: Vec<u64> = words
        .iter()
        .map(|w| w.parse().ok())
        .collect::<Option<_>>()?;
    let tally = Tally {
        total: n[1],
        unique: n[2],
        work: n[3],
    };
    Some((usize::try_from(n[0]).ok()?, tally))
}

proptest! {
    #![proptest_config(config())]

    /// Any bytes are read as a well-formed journal of this count, or refused with a sentence.
    #[test]
    fn any_bytes_are_a_well_formed_journal_or_a_sentence((header, bytes) in case()) {
        match read(&bytes, &header) {
            Err(message) => assert_sentence(&message),
            Ok(found) => {
                let end = found.complete_bytes;
                prop_assert!(end <= bytes.len());
                // What follows the whole lines is one torn line, without a `\n`.
                prop_assert!(!bytes[end..].contains(&b'\n'));
                if end == 0 {
                    prop_assert!(found.done.is_empty());
                    prop_assert!(header.line().as_bytes().starts_with(&bytes) || bytes.starts_with(MAGIC.as_bytes()));
                } else {
                    prop_assert_eq!(bytes[end - 1], b'\n');
                    let mut lines = bytes[..end - 1].split(|&b| b == b'\n');
                    let first = std::str::from_utf8(lines.next().unwrap()).unwrap();
                    // The header names this count after its colon (the first of each key;
                    // method= may be absent).
                    let fields = first.split_once(':').map_or("", |(_, fields)| fields);
                    let field = |key: &str| fields.split_whitespace().find_map(|kv| kv.strip_prefix(key)?.strip_prefix('='));
                    let shard = header.shard.map_or("all".to_string(), |s| s.to_string());
                    prop_assert!(first.starts_with(MAGIC));
                    let said = |key: &str| field(key).map(str::to_string);
                    prop_assert_eq!(said("n"), Some(header.n.to_string()));
                    prop_assert_eq!(field("method").unwrap_or("backtrack"), header.method.slug());
                    prop_assert_eq!(said("sub-problems"), Some(header.sub_problems.to_string()));
                    prop_assert_eq!(said("fingerprint"), Some(header.fingerprint.to_string()));
                    prop_assert_eq!(said("shard"), Some(shard));
                    // One entry per line, none silently dropped; each as its line says.
                    let lines: Vec<&[u8]> = lines.collect();
                    prop_assert_eq!(lines.len(), found.done.len());
                    for line in lines {
                        if let Some((index, tally)) = plain_line(line) {
                            prop_assert_eq!(found.done.get(&index), Some(&tally));
                        }
                    }
                }
                for (&index, tally) in &found.done {
                    prop_assert!(header.covers(index) && tally.unique <= tally.total);
                }
            }
        }
    }

    /// A journal as bitqueens writes it reads back exactly, its torn last line left out.
    #[test]
    fn a_written_journal_reads_back(w in written()) {
        let found = read(&w.bytes, &w.header);
        prop_assert!(found.is_ok(), "{found:?}");
        let found = found.unwrap();
        prop_assert_eq!(&found.done, &w.done);
        let whole = if w.bytes.contains(&b'\n') { w.bytes.len() - w.torn } else { 0 };
        prop_assert_eq!(found.complete_bytes, whole);
    }
}
