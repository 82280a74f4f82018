//! `bitqueens count N`: the page's counter, natively, on every core or as one shard of many.
//! `bitqueens compare N`: the classic algorithms of the page's Compare section, to the end.

mod compare;

use bitqueens::count::{count_sub_problem, sub_problems, SubProblem, Tally};
use clap::{CommandFactory, Parser, Subcommand};
use rayon::prelude::*;
use serde::Serialize;
use std::io::{IsTerminal, Write};
use std::str::FromStr;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::mpsc;
use std::time::{Duration, Instant};

#[derive(Parser)]
#[command(
    name = "bitqueens",
    version,
    about = "Count the solutions of the N-Queens problem"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Count every solution of an N×N board (exact, with full symmetry).
    Count(CountArgs),
    /// Run every classic algorithm (board scan … free masks with rotation) to the end and
    /// print the solutions, nodes, operations and time of each.
    Compare(compare::CompareArgs),
}

#[derive(clap::Args)]
struct CountArgs {
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
    shard: Option<Shard>,
    /// Print one JSON object on stdout instead of text.
    #[arg(long)]
    json: bool,
    /// No progress on stderr.
    #[arg(long, short)]
    quiet: bool,
}

/// Slice `index` (1-based) of `of`: sub-problems `index-1`, `index-1+of`, … (strided, so
/// the slices get similar work).
#[derive(Clone, Copy, Debug, Serialize)]
struct Shard {
    index: usize,
    of: usize,
}

impl FromStr for Shard {
    type Err = String;
    fn from_str(text: &str) -> Result<Shard, String> {
        let bad = || format!("expected I/K with 1 ≤ I ≤ K, like 3/8; got {text:?}");
        let (i, k) = text.split_once('/').ok_or_else(bad)?;
        let index: usize = i.trim().parse().map_err(|_| bad())?;
        let of: usize = k.trim().parse().map_err(|_| bad())?;
        if index == 0 || index > of {
            return Err(bad());
        }
        Ok(Shard { index, of })
    }
}

impl Shard {
    fn select(self, problems: Vec<SubProblem>) -> Vec<SubProblem> {
        problems
            .into_iter()
            .skip(self.index - 1)
            .step_by(self.of)
            .collect()
    }
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Report {
    n: u32,
    total: u64,
    unique: u64,
    nodes: u64,
    seconds: f64,
    threads: usize,
    sub_problems: usize,
    /// Present when only a slice was counted: the counts are then partial.
    shard: Option<Shard>,
}

fn main() {
    let args = match parse_or_explain().command {
        Command::Count(args) => args,
        Command::Compare(args) => std::process::exit(compare::compare(args)),
    };
    let threads = args
        .threads
        .map_or_else(rayon::current_num_threads, |t| t as usize);
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .unwrap_or_else(|e| fail(&format!("cannot start {threads} threads: {e}")));

    let mut problems = sub_problems(args.n).unwrap_or_else(|e| fail(&e.to_string()));
    if let Some(shard) = args.shard {
        problems = shard.select(problems);
    }
    let started = Instant::now();
    let done = AtomicU64::new(0);
    let nodes = AtomicU64::new(0);
    let (finished, progress_stops) = mpsc::channel::<()>();

    let tally: Tally = std::thread::scope(|scope| {
        if !args.quiet {
            let (done, nodes, of) = (&done, &nodes, problems.len());
            scope.spawn(move || report_progress(progress_stops, started, done, nodes, of));
        }
        let tally = pool.install(|| {
            problems
                .par_iter()
                .with_max_len(1) // one sub-problem per task: their sizes differ widely
                .map(|p| {
                    let part = count_sub_problem(args.n, p).expect("listed by sub_problems");
                    done.fetch_add(1, Ordering::Relaxed);
                    nodes.fetch_add(part.nodes, Ordering::Relaxed);
                    part
                })
                .sum()
        });
        drop(finished);
        tally
    });

    let report = Report {
        n: args.n,
        total: tally.total,
        unique: tally.unique,
        nodes: tally.nodes,
        seconds: started.elapsed().as_secs_f64(),
        threads,
        sub_problems: problems.len(),
        shard: args.shard,
    };
    if args.json {
        println!("{}", serde_json::to_string(&report).expect("plain data"));
    } else {
        print_text(&report, args.unique);
    }
}

/// Parses the arguments; a mistake prints clap's message, then the usage, and exits with 2.
fn parse_or_explain() -> Cli {
    Cli::try_parse().unwrap_or_else(|error| {
        if !error.use_stderr() {
            error.exit(); // --help or --version, on stdout with status 0
        }
        let message = error.render().to_string();
        eprint!("{message}");
        if !message.contains("Usage:") {
            let mut command = Cli::command();
            command.build();
            // The usage of the subcommand typed, if any.
            let typed = std::env::args().nth(1).unwrap_or_default();
            let usage = match command.find_subcommand_mut(&typed) {
                Some(subcommand) => subcommand.render_usage(),
                None => command.render_usage(),
            };
            eprintln!("\n{usage}");
        }
        std::process::exit(2);
    })
}

fn print_text(report: &Report, unique: bool) {
    let partial = match report.shard {
        Some(Shard { index, of }) => format!(" (partial: shard {index}/{of})"),
        None => String::new(),
    };
    println!("N = {}: {} solutions{partial}", report.n, report.total);
    if unique {
        println!(
            "N = {}: {} unique up to symmetry{partial}",
            report.n, report.unique
        );
    }
    println!(
        "{} sub-problems on {} threads in {:.3} s ({:.0} million nodes/s)",
        report.sub_problems,
        report.threads,
        report.seconds,
        report.nodes as f64 / report.seconds.max(1e-9) / 1e6
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

fn fail(message: &str) -> ! {
    eprintln!("bitqueens: {message}");
    std::process::exit(2);
}
