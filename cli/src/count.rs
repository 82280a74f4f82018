//! `bitqueens count N`: the page's counters, natively, on every core or as one shard of many,
//! optionally keeping a journal so that a killed count goes on where it stopped.

use crate::journal::{Header, Journal};
use crate::report::Report;
use bitqueens::count::shard::Slice;
use bitqueens::count::Tally;
use bitqueens::count::{Method, Plan, PlanError, Workspace};
use rayon::prelude::*;
use std::collections::BTreeMap;
use std::io::{IsTerminal, Write};
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{mpsc, Mutex};
use std::time::{Duration, Instant};

/// The arguments of `bitqueens count`.
#[derive(clap::Args)]
pub struct Args {
    /// Board size, 1 to 23 (to 32 with --method backtrack).
    #[arg(value_parser = clap::value_parser!(u32).range(1..=32))]
    n: u32,
    /// How to count: meet (meeting in the middle: east and west half-boards joined on their
    /// diagonals) or backtrack (the search over the whole board, as the page plays it).
    #[arg(long, value_name = "meet|backtrack", default_value_t = Method::Meet)]
    method: Method,
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
    /// Print one JSON object on stdout instead of text: the counts; a shard's also holds each
    /// sub-problem's counts, for `bitqueens merge` and `verify`.
    #[arg(long)]
    json: bool,
    /// With --json, a whole count's report holds each sub-problem's counts too (`indices` and
    /// `parts`, as a shard's always does), so that `merge` and `verify` can check it.
    #[arg(long, requires = "json")]
    parts: bool,
    /// No progress on stderr.
    #[arg(long, short)]
    quiet: bool,
    /// Count on the GPU (Vulkan, Metal or DX12, through wgpu; a build with the `gpu`
    /// feature): the core's split, one GPU invocation per partial board, summed here.
    #[arg(long, conflicts_with_all = ["shard", "journal", "parts", "threads", "delay_ms"])]
    gpu: bool,
    /// Wait MS milliseconds before each sub-problem: for tests that stop a count midway.
    #[arg(long, value_name = "MS", hide = true)]
    delay_ms: Option<u64>,
}

/// Runs the count; the error is a sentence for the user.
pub fn run(args: Args) -> Result<(), String> {
    if args.gpu {
        return on_gpu(&args);
    }
    let (pool, threads) = thread_pool(args.threads)?;

    // The run's time includes listing the sub-problems and opening the journal.
    let started = Instant::now();
    let plan = Plan::new(args.n, args.method).map_err(|e| match e {
        PlanError::TooLarge { .. } => format!("{e} Use --method backtrack for a larger board."),
        PlanError::BoardSize(_) => e.to_string(),
    })?;
    let print = plan.fingerprint();
    let indices = match args.shard {
        Some(slice) => slice.indices(plan.len()),
        None => (0..plan.len()).collect(),
    };
    let mut journal = match &args.journal {
        Some(path) => {
            let header = Header {
                n: args.n,
                method: args.method,
                sub_problems: plan.len(),
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
    // One workspace per thread of the pool, used by that thread only.
    let workspaces: Vec<Mutex<Workspace>> =
        (0..threads).map(|_| Mutex::new(plan.workspace())).collect();

    let fresh = std::thread::scope(|scope| {
        if !args.quiet {
            let (done, nodes, of) = (&done, &nodes, indices.len());
            let unit = args.method.work_unit();
            scope.spawn(move || report_progress(progress_stops, started, done, nodes, of, unit));
        }
        // Every finished sub-problem goes through this thread: into the journal, if any, at
        // once, then into the sum. A journal that can't be written stops the count.
        let stop = &stop;
        let collector = scope.spawn(move || {
            let mut fresh = BTreeMap::new();
            let mut failure = None;
            while let Ok(first) = counted.recv() {
                // Woken at most a hundred times a second: the meet counter's sub-problems take
                // microseconds, and a wake-up per sub-problem would take the counting threads'
                // core and caches (a third of the time at N = 17 on one pinned core).
                std::thread::sleep(Duration::from_millis(10));
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
                    let mut workspace = workspaces
                        [rayon::current_thread_index().expect("in the pool")]
                    .lock()
                    .expect("a workspace's thread does not panic");
                    let part = plan
                        .count_sub_problem(index, &mut workspace)
                        .expect("the plan lists only sub-problems");
                    nodes.fetch_add(part.work, Ordering::Relaxed);
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
            [*i as u64, t.total, t.unique, t.work]
        })
        .collect();
    let tally: Tally = parts
        .iter()
        .map(|p| Tally {
            total: p[1],
            unique: p[2],
            work: p[3],
        })
        .sum();
    // A meet shard's parts carry no unique count: it comes from the whole total (Burnside's
    // lemma, a search of its own: made only when it is printed or written).
    let unique = match args.method {
        Method::Backtrack => Some(tally.unique),
        Method::Meet if args.shard.is_none() && (args.unique || args.json) => {
            Some(plan.unique(tally).map_err(|e| e.to_string())?)
        }
        Method::Meet => None,
    };
    let report = Report {
        n: args.n,
        method: args.method,
        total: tally.total,
        unique,
        nodes: tally.work,
        seconds: started.elapsed().as_secs_f64(),
        threads,
        sub_problems: indices.len(),
        shard: args.shard,
        fingerprint: print.to_string(),
        all_sub_problems: plan.len(),
        indices,
        parts,
        from_journal: earlier.len(),
    };
    if args.json && (args.parts || args.shard.is_some()) {
        println!("{}", serde_json::to_string(&report).expect("plain data"));
    } else if args.json {
        // A whole count without --parts: the summary, without the parts (a line per
        // sub-problem, about 150 KB at N = 16) that only merge and verify read.
        println!(
            "{}",
            serde_json::to_string(&report.summary()).expect("plain data")
        );
    } else {
        print_text(&report, args.unique, nodes.load(Ordering::Relaxed));
    }
    Ok(())
}

/// `count N --gpu`: the count on the GPU, printed as a count on the threads is (and with
/// --json, one object: the counts, the adapter and the split).
fn on_gpu(args: &Args) -> Result<(), String> {
    let started = Instant::now();
    let quiet = args.quiet;
    let counted = crate::gpu::count(args.n, |done, of| {
        if !quiet {
            eprintln!(
                "{done}/{of} chunks of partial boards, {:.1} s",
                started.elapsed().as_secs_f64()
            );
        }
    })?;
    let seconds = started.elapsed().as_secs_f64();
    if args.json {
        let report = serde_json::json!({
            "n": args.n,
            "device": "gpu",
            "adapter": counted.adapter,
            "total": counted.total,
            "unique": counted.unique,
            "seconds": seconds,
            "presetRows": counted.preset_rows,
            "chunks": counted.chunks,
            "partialBoards": counted.partial_boards,
        });
        println!("{report}");
        return Ok(());
    }
    println!("N = {}: {} solutions", args.n, counted.total);
    if args.unique {
        println!("N = {}: {} unique up to symmetry", args.n, counted.unique);
    }
    println!(
        "{} partial boards (the first {} rows preset) in {} chunks on the GPU {} in {seconds:.3} s ({:.1} million solutions/s)",
        counted.partial_boards,
        counted.preset_rows,
        counted.chunks,
        counted.adapter,
        counted.total as f64 / seconds.max(1e-9) / 1e6
    );
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
    match (unique, report.unique) {
        (false, _) => {}
        (true, Some(classes)) => {
            println!("N = {}: {classes} unique up to symmetry{partial}", report.n)
        }
        (true, None) => println!(
            "N = {}: the unique count comes from the whole total (bitqueens merge gives it){partial}",
            report.n
        ),
    }
    let counted = report.sub_problems - report.from_journal;
    let earlier = match report.from_journal {
        0 => String::new(),
        k => format!(" ({k} more from the journal)"),
    };
    println!(
        "{counted} sub-problems{earlier} of {} on {} thread{} in {:.3} s ({:.0} million {}/s)",
        report.method.counter(),
        report.threads,
        if report.threads == 1 { "" } else { "s" },
        report.seconds,
        nodes_now as f64 / report.seconds.max(1e-9) / 1e6,
        report.method.work_unit()
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
    unit: &str,
) {
    let terminal = std::io::stderr().is_terminal();
    let every = Duration::from_millis(if terminal { 500 } else { 5000 });
    loop {
        let running = stop.recv_timeout(every) == Err(mpsc::RecvTimeoutError::Timeout);
        let seconds = started.elapsed().as_secs_f64();
        let done = done.load(Ordering::Relaxed);
        let rate = nodes.load(Ordering::Relaxed) as f64 / seconds / 1e6;
        let line = format!("{done}/{of} sub-problems, {rate:.0} M {unit}/s, {seconds:.1} s");
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
