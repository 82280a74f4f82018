//! `bitqueens count N`: the page's counter, natively, on every core or as one shard of many,
//! optionally keeping a journal so that a killed count goes on where it stopped.

use crate::journal::{Header, Journal};
use crate::report::Report;
use bitqueens::count::{count_sub_problem, sub_problems, Tally};
use bitqueens::shard::{fingerprint, Slice};
use rayon::prelude::*;
use std::collections::BTreeMap;
use std::io::{IsTerminal, Write};
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::mpsc;
use std::time::{Duration, Instant};

/// The arguments of `bitqueens count`.
#[derive(clap::Args)]
pub struct Args {
    /// Board size, 1 to 32.
    #[arg(value_parser = clap::value_parser!(u32).range(1..=32))]
    n: u32,
    /// Worker threads [default: every core].
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=1024))]
    threads: Option<u32>,
    /// Also print the unique count (solutions up to rotation and reflection).
    #[arg(long)]
    unique: bool,
    /// Count only slice I of K (1 ≤ I ≤ K) of the sub-problems: the partial counts of
    /// slices 1/K … K/K add up to the whole, e.g. for a Slurm array job `--array=1-K`.
    #[arg(long, value_name = "I/K")]
    shard: Option<Slice>,
    /// Keep a journal in FILE: each finished sub-problem is written there at once, and a
    /// count run again with the same FILE counts only what is not there yet.
    #[arg(long, value_name = "FILE")]
    journal: Option<PathBuf>,
    /// With --journal: the journal must exist already (go on with a count, never start one).
    #[arg(long, requires = "journal")]
    resume: bool,
    /// Print one JSON object on stdout instead of text (for `bitqueens merge` and `verify`).
    #[arg(long)]
    json: bool,
    /// No progress on stderr.
    #[arg(long, short)]
    quiet: bool,
    /// Wait MS milliseconds before each sub-problem: for tests that stop a count midway.
    #[arg(long, value_name = "MS", hide = true)]
    delay_ms: Option<u64>,
}

/// Runs the count; the error is a sentence for the user.
pub fn run(args: Args) -> Result<(), String> {
    let (pool, threads) = thread_pool(args.threads)?;

    // The run's time includes listing the sub-problems and opening the journal.
    let started = Instant::now();
    let all = sub_problems(args.n).map_err(|e| e.to_string())?;
    let print = fingerprint(args.n, &all);
    let indices = match args.shard {
        Some(slice) => slice.indices(all.len()),
        None => (0..all.len()).collect(),
    };
    let mut journal = match &args.journal {
        Some(path) => {
            let header = Header {
                n: args.n,
                sub_problems: all.len(),
                fingerprint: print,
                shard: args.shard,
            };
            Some(Journal::open(path, &header, args.resume)?)
        }
        None => None,
    };
    let earlier: BTreeMap<usize, Tally> = journal.as_ref().map_or_else(BTreeMap::new, |j| {
        if !args.quiet {
            j.notes()
                .iter()
                .for_each(|note| eprintln!("bitqueens: {note}"));
        }
        j.done().clone()
    });
    let todo: Vec<usize> = indices
        .iter()
        .copied()
        .filter(|i| !earlier.contains_key(i))
        .collect();

    let done = AtomicU64::new(earlier.len() as u64);
    let nodes = AtomicU64::new(0);
    let stop = AtomicBool::new(false);
    let (finished, progress_stops) = mpsc::channel::<()>();
    let (send, counted) = mpsc::channel::<(usize, Tally)>();

    let fresh = std::thread::scope(|scope| {
        if !args.quiet {
            let (done, nodes, of) = (&done, &nodes, indices.len());
            scope.spawn(move || report_progress(progress_stops, started, done, nodes, of));
        }
        // Every finished sub-problem goes through this thread: into the journal, if any, at
        // once, then into the sum. A journal that can't be written stops the count.
        let stop = &stop;
        let collector = scope.spawn(move || {
            let mut fresh = BTreeMap::new();
            let mut failure = None;
            while let Ok(first) = counted.recv() {
                let batch: Vec<_> = std::iter::once(first).chain(counted.try_iter()).collect();
                if let (Some(journal), None) = (journal.as_mut(), &failure) {
                    if let Err(error) = journal.record(&batch) {
                        stop.store(true, Ordering::Relaxed);
                        failure = Some(error);
                    }
                }
                fresh.extend(batch);
            }
            match (journal.as_mut(), failure) {
                (_, Some(error)) => Err(error),
                (Some(journal), None) => journal.sync().map(|()| fresh),
                (None, None) => Ok(fresh),
            }
        });
        pool.install(|| {
            todo.par_iter()
                .with_max_len(1) // one sub-problem per task: their sizes differ widely
                .for_each_with(send, |send, &index| {
                    if stop.load(Ordering::Relaxed) {
                        return;
                    }
                    if let Some(ms) = args.delay_ms {
                        std::thread::sleep(Duration::from_millis(ms));
                    }
                    let part = count_sub_problem(args.n, &all[index])
                        .expect("sub_problems lists only sub-problems");
                    nodes.fetch_add(part.nodes, Ordering::Relaxed);
                    done.fetch_add(1, Ordering::Relaxed);
                    // The collector lives until every sender is dropped.
                    send.send((index, part)).expect("the collector is alive");
                });
        });
        let fresh = collector.join().expect("the collector does not panic");
        drop(finished);
        fresh
    })?;

    // Each index of the count exactly once: from the journal, or counted now (never both,
    // `todo` leaves out what the journal holds).
    let parts: Vec<[u64; 4]> = indices
        .iter()
        .map(|i| {
            let t = earlier
                .get(i)
                .or_else(|| fresh.get(i))
                .expect("every index is counted");
            [*i as u64, t.total, t.unique, t.nodes]
        })
        .collect();
    let tally: Tally = parts
        .iter()
        .map(|p| Tally {
            total: p[1],
            unique: p[2],
            nodes: p[3],
        })
        .sum();
    let report = Report {
        n: args.n,
        total: tally.total,
        unique: tally.unique,
        nodes: tally.nodes,
        seconds: started.elapsed().as_secs_f64(),
        threads,
        sub_problems: indices.len(),
        shard: args.shard,
        fingerprint: print.to_string(),
        all_sub_problems: all.len(),
        indices,
        parts,
        from_journal: earlier.len(),
    };
    if args.json {
        println!("{}", serde_json::to_string(&report).expect("plain data"));
    } else {
        print_text(&report, args.unique, nodes.load(Ordering::Relaxed));
    }
    Ok(())
}

/// A pool of `threads` threads (every core when `None`), and its size.
pub fn thread_pool(threads: Option<u32>) -> Result<(rayon::ThreadPool, usize), String> {
    let threads = threads.map_or_else(rayon::current_num_threads, |t| t as usize);
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .map_err(|e| format!("cannot start {threads} threads: {e}"))?;
    Ok((pool, threads))
}

fn print_text(report: &Report, unique: bool, nodes_now: u64) {
    let partial = match report.shard {
        Some(slice) => format!(" (partial: shard {slice})"),
        None => String::new(),
    };
    println!("N = {}: {} solutions{partial}", report.n, report.total);
    if unique {
        println!(
            "N = {}: {} unique up to symmetry{partial}",
            report.n, report.unique
        );
    }
    let counted = report.sub_problems - report.from_journal;
    let earlier = match report.from_journal {
        0 => String::new(),
        k => format!(" ({k} more from the journal)"),
    };
    println!(
        "{counted} sub-problems{earlier} on {} threads in {:.3} s ({:.0} million nodes/s)",
        report.threads,
        report.seconds,
        nodes_now as f64 / report.seconds.max(1e-9) / 1e6
    );
}

/// Writes a progress line on stderr twice a second (in place on a terminal, as separate
/// lines every 5 s otherwise), and a last one when `stop` closes.
fn report_progress(
    stop: mpsc::Receiver<()>,
    started: Instant,
    done: &AtomicU64,
    nodes: &AtomicU64,
    of: usize,
) {
    let terminal = std::io::stderr().is_terminal();
    let every = Duration::from_millis(if terminal { 500 } else { 5000 });
    loop {
        let running = stop.recv_timeout(every) == Err(mpsc::RecvTimeoutError::Timeout);
        let seconds = started.elapsed().as_secs_f64();
        let done = done.load(Ordering::Relaxed);
        let rate = nodes.load(Ordering::Relaxed) as f64 / seconds / 1e6;
        let line = format!("{done}/{of} sub-problems, {rate:.0} M nodes/s, {seconds:.1} s");
        let mut err = std::io::stderr().lock();
        let _ = match (terminal, running) {
            (true, true) => write!(err, "\r{line}   "),
            (true, false) => writeln!(err, "\r{line}   "),
            (false, _) => writeln!(err, "{line}"),
        };
        if !running {
            return;
        }
    }
}
