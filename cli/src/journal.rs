//! The journal of a count (`bitqueens count N --journal FILE`): a text file that survives a
//! `kill -9`, so that running the same command again counts only what is left.
//!
//! ```text
//! bitqueens journal 1: n=17 method=backtrack sub-problems=1184 fingerprint=5f0c2d6a9b3e4417 shard=all
//! 12 81520 10190 1523322
//! 3 60816 7602 1180711
//! ```
//!
//! The header names the board size, the counting method (journals written before there were
//! two have none: theirs is `backtrack`), the length and [`Fingerprint`] of the sub-problem
//! list, and the shard (`I/K`, or `all`): a journal is reused only by the same count. Then one line
//! per finished sub-problem, in the order they finished: `index total unique nodes`.
//!
//! Invariants:
//! - a line ending in `\n` was written whole, by one `write` of this program: its sub-problem
//!   is done and is never counted again;
//! - only the last line can lack its `\n` (a write cut short by a crash): it is ignored,
//!   cut off the file, and its sub-problem counted again;
//! - each index appears at most once (a sub-problem found in the journal is not counted, so
//!   it is never written twice); a file that breaks this was changed by something else and
//!   is refused, untouched;
//! - one process at a time: the file is locked while a count uses it.
//!
//! Each batch of lines reaches the kernel with one `write` as soon as its sub-problems are
//! counted, so a killed process loses nothing it had counted; `fsync` follows at most every
//! [`SYNC_EVERY`] and at the end, so a power cut loses at most that much work, and the
//! journal's cost stays far below 1% of a count.

use bitqueens::count::shard::{Fingerprint, Slice};
use bitqueens::count::Method;
use bitqueens::count::Tally;
use std::collections::BTreeMap;
use std::fs::{File, OpenOptions};
use std::io::{ErrorKind, Read, Write};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// The first words of every journal; the number after them is the format.
const MAGIC: &str = "bitqueens journal";
/// The format this program reads and writes.
const FORMAT: u32 = 1;
/// The longest time between two `fsync`s while lines are being written.
pub const SYNC_EVERY: Duration = Duration::from_millis(100);

/// Which count a journal belongs to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Header {
    /// Board size.
    pub n: u32,
    /// The counter whose sub-problems these are.
    pub method: Method,
    /// Length of the whole sub-problem list.
    pub sub_problems: usize,
    /// Fingerprint of that list.
    pub fingerprint: Fingerprint,
    /// The slice counted, or `None` for the whole list.
    pub shard: Option<Slice>,
}

impl Header {
    /// The header line, with its `\n`.
    fn line(&self) -> String {
        let shard = self.shard.map_or("all".to_string(), |s| s.to_string());
        format!(
            "{MAGIC} {FORMAT}: n={} method={} sub-problems={} fingerprint={} shard={shard}\n",
            self.n, self.method, self.sub_problems, self.fingerprint
        )
    }

    /// True when sub-problem `index` belongs to the count this header describes.
    fn covers(&self, index: usize) -> bool {
        index < self.sub_problems && self.shard.is_none_or(|s| s.contains(index))
    }
}

/// An open journal: what it holds, and the file to add to.
pub struct Journal {
    path: PathBuf,
    file: File,
    done: BTreeMap<usize, Tally>,
    /// What to tell the user about the file as found (a new file, a torn line…).
    notes: Vec<String>,
    last_sync: Instant,
}

impl Journal {
    /// Opens the journal at `path` for the count `header` describes, creating it unless
    /// `must_exist`. A journal of another count, or a file that is not a journal, is refused
    /// with a message that names the file and says why; such a file is left as it was.
    pub fn open(path: &Path, header: &Header, must_exist: bool) -> Result<Journal, String> {
        let name = path.display();
        if must_exist && !path.exists() {
            return Err(format!(
                "journal {name} does not exist, so there is nothing to resume. Check the name, or leave out --resume to start a new journal there."
            ));
        }
        if path.is_dir() {
            return Err(format!(
                "journal {name} is a directory: give the name of a file."
            ));
        }
        let mut file = OpenOptions::new()
            .read(true)
            .append(true)
            .create(true)
            .open(path)
            .map_err(|e| format!("cannot open journal {name}: {e}."))?;
        match file.try_lock() {
            Ok(()) => {}
            Err(std::fs::TryLockError::WouldBlock) => {
                return Err(format!(
                    "journal {name} is in use by another bitqueens count: let it finish or stop it, or give another file."
                ))
            }
            Err(std::fs::TryLockError::Error(e)) => {
                return Err(format!("cannot lock journal {name}: {e}."))
            }
        }
        let mut bytes = Vec::new();
        file.read_to_end(&mut bytes)
            .map_err(|e| format!("cannot read journal {name}: {e}."))?;
        let found =
            parse(&bytes, header).map_err(|problem| format!("journal {name}: {problem}"))?;
        let mut notes = Vec::new();
        if found.complete_bytes == 0 {
            // No header line whole: a new file, or one killed before its header was written.
            file.set_len(0)
                .and_then(|()| file.write_all(header.line().as_bytes()))
                .and_then(|()| file.sync_all())
                .map_err(|e| format!("cannot write journal {name}: {e}."))?;
            notes.push(format!("journal {name}: new, nothing counted yet."));
        } else {
            if found.complete_bytes < bytes.len() {
                let torn = String::from_utf8_lossy(&bytes[found.complete_bytes..]);
                file.set_len(found.complete_bytes as u64)
                    .and_then(|()| file.sync_all())
                    .map_err(|e| {
                        format!("cannot cut the torn last line off journal {name}: {e}.")
                    })?;
                notes.push(format!(
                    "journal {name}: ignored a torn last line ({torn:?}); its sub-problem is counted again."
                ));
            }
            notes.push(format!(
                "journal {name}: {} sub-problems already counted, not counted again.",
                found.done.len()
            ));
        }
        Ok(Journal {
            path: path.to_path_buf(),
            file,
            done: found.done,
            notes,
            last_sync: Instant::now(),
        })
    }

    /// The sub-problems the journal held when opened, by index.
    pub fn done(&self) -> &BTreeMap<usize, Tally> {
        &self.done
    }

    /// What to tell the user about the file as it was found.
    pub fn notes(&self) -> &[String] {
        &self.notes
    }

    /// Appends one line per part, in one write; `fsync`s if the last was [`SYNC_EVERY`] ago.
    pub fn record(&mut self, parts: &[(usize, Tally)]) -> Result<(), String> {
        let mut lines = String::new();
        for (index, t) in parts {
            lines.push_str(&format!("{index} {} {} {}\n", t.total, t.unique, t.work));
        }
        self.file
            .write_all(lines.as_bytes())
            .map_err(|e| self.failed("write to", e))?;
        if self.last_sync.elapsed() >= SYNC_EVERY {
            self.sync()?;
        }
        Ok(())
    }

    /// `fsync`s what was written.
    pub fn sync(&mut self) -> Result<(), String> {
        self.file.sync_data().map_err(|e| self.failed("sync", e))?;
        self.last_sync = Instant::now();
        Ok(())
    }

    fn failed(&self, what: &str, error: std::io::Error) -> String {
        let full = if error.kind() == ErrorKind::StorageFull {
            " (the disk is full)"
        } else {
            ""
        };
        format!(
            "cannot {what} journal {}{full}: {error}. The lines written before are kept: fix the cause and run the same command again to go on.",
            self.path.display()
        )
    }
}

/// A journal's content as read: the finished sub-problems and where its last whole line ends
/// (0 when not even the header is whole).
#[derive(Debug)]
struct Found {
    done: BTreeMap<usize, Tally>,
    complete_bytes: usize,
}

/// Reads a journal's bytes against the count `header` describes.
fn parse(bytes: &[u8], header: &Header) -> Result<Found, String> {
    let Some(first_end) = bytes.iter().position(|&b| b == b'\n') else {
        // Not even the header is whole: empty, or killed while writing it. Anything else
        // is someone else's file.
        let wanted = header.line();
        if wanted.as_bytes().starts_with(bytes) || bytes.starts_with(MAGIC.as_bytes()) {
            return Ok(Found {
                done: BTreeMap::new(),
                complete_bytes: 0,
            });
        }
        return Err(not_a_journal(bytes));
    };
    let first = std::str::from_utf8(&bytes[..first_end]).map_err(|_| not_a_journal(bytes))?;
    check_header(first, header)?;
    let mut done = BTreeMap::new();
    let mut complete_bytes = first_end + 1;
    let mut line_number = 1;
    while let Some(length) = bytes[complete_bytes..].iter().position(|&b| b == b'\n') {
        line_number += 1;
        let line = &bytes[complete_bytes..complete_bytes + length];
        let (index, tally) = parse_line(line, header).map_err(|why| {
            format!(
                "line {line_number} ({:?}) {why}. The file was changed by something other than bitqueens; it was left as it is. Move it aside to count again from the start.",
                String::from_utf8_lossy(line)
            )
        })?;
        if done.insert(index, tally).is_some() {
            return Err(format!(
                "line {line_number}: sub-problem {index} is there twice. The file was changed by something other than bitqueens; it was left as it is. Move it aside to count again from the start."
            ));
        }
        complete_bytes += length + 1;
    }
    Ok(Found {
        done,
        complete_bytes,
    })
}

fn not_a_journal(bytes: &[u8]) -> String {
    let start: String = String::from_utf8_lossy(&bytes[..bytes.len().min(40)]).into();
    format!(
        "this file is not a bitqueens journal (it begins {start:?}), so it was left as it is. Give the name of a new file, or of the journal of this count."
    )
}

/// Checks the header line against the count about to run; the message says what differs.
fn check_header(line: &str, want: &Header) -> Result<(), String> {
    let rest = line
        .strip_prefix(MAGIC)
        .ok_or_else(|| not_a_journal(line.as_bytes()))?;
    let (format, fields) = rest.trim_start().split_once(':').unwrap_or((rest, ""));
    if format.trim() != FORMAT.to_string() {
        return Err(format!(
            "written in journal format {:?}; this bitqueens reads format {FORMAT}. Count with the bitqueens that wrote it, or start a new journal.",
            format.trim()
        ));
    }
    let field = |key: &str| {
        fields
            .split_whitespace()
            .find_map(|kv| kv.strip_prefix(key)?.strip_prefix('='))
            .ok_or_else(|| {
                format!("its header has no {key}= (header: {line:?}); it was left as it is.")
            })
    };
    let n = field("n")?;
    if n != want.n.to_string() {
        return Err(format!(
            "it was written for N = {n}, and this count is N = {}. Give another file, or count N = {n} to go on with it.",
            want.n
        ));
    }
    let method = field("method").unwrap_or("backtrack");
    if method != want.method.slug() {
        let (theirs, go_on) = match method.parse::<Method>() {
            Ok(m) => (
                format!("{} (--method {m})", m.counter()),
                format!("count with --method {m} to go on with it"),
            ),
            Err(_) => (
                format!("a counting method this bitqueens does not know ({method:?})"),
                "finish it with the version of bitqueens that wrote it".to_string(),
            ),
        };
        return Err(format!(
            "it was written by {theirs}, and this count uses {} (--method {}). Their sub-problems differ, so its counts can't be added to this one's: {go_on}, or give another file.",
            want.method.counter(),
            want.method
        ));
    }
    let shard = field("shard")?;
    let want_shard = want.shard.map_or("all".to_string(), |s| s.to_string());
    if shard != want_shard {
        return Err(format!(
            "it was written for shard {shard}, and this count is shard {want_shard}. Give each shard its own journal."
        ));
    }
    let (length, print) = (field("sub-problems")?, field("fingerprint")?);
    if length != want.sub_problems.to_string() || print != want.fingerprint.to_string() {
        return Err(format!(
            "it was written for another list of sub-problems ({length} sub-problems, fingerprint {print}; this bitqueens lists {} with fingerprint {}), by another version of bitqueens. Its counts can't be added to this one's: finish it with the version that wrote it, or start a new journal.",
            want.sub_problems, want.fingerprint
        ));
    }
    Ok(())
}

/// One line without its `\n`: `index total unique nodes`, the index one of this count's.
fn parse_line(line: &[u8], header: &Header) -> Result<(usize, Tally), String> {
    let text = std::str::from_utf8(line).map_err(|_| "is not text".to_string())?;
    let numbers: Vec<u64> = text
        .split(' ')
        .map(|word| word.parse::<u64>())
        .collect::<Result<_, _>>()
        .map_err(|_| "is not four numbers `index total unique nodes`".to_string())?;
    let [index, total, unique, nodes] = numbers[..] else {
        return Err("is not four numbers `index total unique nodes`".to_string());
    };
    let index = index as usize;
    if !header.covers(index) {
        return Err(format!(
            "names sub-problem {index}, which is not one of this count's"
        ));
    }
    if unique > total {
        return Err("has more unique solutions than solutions".to_string());
    }
    Ok((
        index,
        Tally {
            total,
            unique,
            work: nodes,
        },
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn header() -> Header {
        Header {
            n: 10,
            method: Method::Backtrack,
            sub_problems: 20,
            fingerprint: Fingerprint(0xabc),
            shard: None,
        }
    }

    fn tally(total: u64) -> Tally {
        Tally {
            total,
            unique: total / 8,
            work: total * 10,
        }
    }

    #[test]
    fn whole_lines_are_read_and_a_torn_last_line_is_left_out() {
        let head = header().line();
        let text = format!("{head}3 16 2 160\n0 8 1 80\n5 1");
        let found = parse(text.as_bytes(), &header()).unwrap();
        assert_eq!(found.done.keys().copied().collect::<Vec<_>>(), vec![0, 3]);
        assert_eq!(found.done[&3], tally(16));
        assert_eq!(found.complete_bytes, text.len() - "5 1".len());
    }

    #[test]
    fn a_header_without_a_method_is_the_backtracking_counters() {
        let head = header().line().replace(" method=backtrack", "");
        assert!(!head.contains("method"));
        let found = parse(format!("{head}3 16 2 160\n").as_bytes(), &header()).unwrap();
        assert_eq!(found.done[&3], tally(16));
        let meet = Header {
            method: Method::Meet,
            ..header()
        };
        assert!(parse(head.as_bytes(), &meet).is_err());
    }

    #[test]
    fn an_empty_file_or_a_torn_header_is_a_new_journal() {
        let head = header().line();
        for torn in ["", &head[..5], &head[..head.len() - 1]] {
            let found = parse(torn.as_bytes(), &header()).unwrap();
            assert_eq!((found.done.len(), found.complete_bytes), (0, 0), "{torn:?}");
        }
    }

    #[test]
    fn another_count_or_another_file_is_refused_saying_why() {
        let other = |change: fn(&mut Header)| {
            let mut h = header();
            change(&mut h);
            h.line()
        };
        for (text, says) in [
            (
                other(|h| h.n = 11),
                "written for N = 11, and this count is N = 10",
            ),
            (
                other(|h| h.shard = Some(Slice { index: 2, of: 4 })),
                "shard 2/4",
            ),
            (
                other(|h| h.fingerprint = Fingerprint(1)),
                "another list of sub-problems",
            ),
            (
                other(|h| h.method = Method::Meet),
                "written by the meet-in-the-middle counter (--method meet), and this count uses the backtracking counter",
            ),
            (
                header().line().replace("method=backtrack", "method=fast"),
                "a counting method this bitqueens does not know (\"fast\")",
            ),
            (
                other(|h| h.sub_problems = 21),
                "another list of sub-problems",
            ),
            ("# my notes\n".to_string(), "not a bitqueens journal"),
            (
                "just text without a newline".to_string(),
                "not a bitqueens journal",
            ),
            ("bitqueens journal 2: n=10\n".to_string(), "format \"2\""),
            (
                format!("{}7 1 1\n", header().line()),
                "line 2 (\"7 1 1\") is not four numbers",
            ),
            (
                format!("{}7 1 1 1\n7 1 1 1\n", header().line()),
                "sub-problem 7 is there twice",
            ),
            (
                format!("{}20 1 0 1\n", header().line()),
                "not one of this count's",
            ),
            (format!("{}x 1 0 1\n1 1 0 1", header().line()), "line 2"),
            (format!("{}1 1 2 1\n", header().line()), "more unique"),
        ] {
            let error = parse(text.as_bytes(), &header()).unwrap_err();
            assert!(error.contains(says), "{text:?}: {error}");
        }
    }

    #[test]
    fn a_shard_journal_holds_only_that_shards_indices() {
        let mut h = header();
        h.shard = Some(Slice { index: 2, of: 4 });
        assert!(parse(format!("{}5 1 0 1\n", h.line()).as_bytes(), &h).is_ok());
        let error = parse(format!("{}4 1 0 1\n", h.line()).as_bytes(), &h).unwrap_err();
        assert!(
            error.contains("sub-problem 4, which is not one of this count's"),
            "{error}"
        );
    }

    #[test]
    fn what_is_recorded_is_read_back_and_a_second_opener_is_turned_away() {
        let dir = std::env::temp_dir().join(format!("bitqueens-journal-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("j");
        let _ = std::fs::remove_file(&path);
        let mut journal = Journal::open(&path, &header(), false).unwrap();
        assert!(journal.notes()[0].contains("new"));
        journal.record(&[(4, tally(8)), (9, tally(16))]).unwrap();
        journal.sync().unwrap();
        let busy = Journal::open(&path, &header(), false).err().unwrap();
        assert!(busy.contains("in use by another bitqueens count"), "{busy}");
        drop(journal);
        let again = Journal::open(&path, &header(), true).unwrap();
        assert_eq!(again.done()[&9], tally(16));
        assert_eq!(again.done().len(), 2);
        drop(again);
        std::fs::remove_dir_all(&dir).unwrap();
    }
}

#[cfg(test)]
#[path = "journal_properties.rs"]
mod properties;
