//! `bitqueens`: the page's counter on the command line, and the classic algorithms of the
//! page's Compare section. This file only parses the arguments and hands them to the
//! subcommand's module.
//!
//! Exit status: 0 when all went well, 1 when a subcommand failed (a bad file, a count that
//! differs, an answer that is not right), 2 for bad arguments (with the usage) and, for
//! `check`, an answers file that cannot be graded.

mod check;
mod compare;
mod count;
mod gpu;
mod journal;
mod merge;
#[cfg(test)]
mod property_runs;
mod report;
mod serve;
mod verify;

use clap::{CommandFactory, Parser, Subcommand};

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
    /// Count every solution of an N×N board, exactly (meeting in the middle, or backtracking).
    Count(count::Args),
    /// Add up the shards of a count (`count --json --shard I/K`), once they are checked to
    /// cover every sub-problem exactly once.
    Merge(merge::Args),
    /// Re-count a random sample of the sub-problems of a `count --json` report.
    Verify(verify::Args),
    /// Run every classic algorithm (board scan … free masks with rotation) to the end and
    /// print the solutions, nodes, operations and time of each.
    Compare(compare::CompareArgs),
    /// Grade an answers file of Write it exercises (blocks opened by `# exercise SLUG`):
    /// a table, or with --json a Gradescope results.json. Exit 0 only when all are right,
    /// 1 when one is not, 2 when the file cannot be graded. --require names the assignment.
    #[command(after_help = check::exercises_help())]
    Check(check::Args),
    /// Serve the page and the live class on this computer (loopback; --lan for the room):
    /// prints the address and the teacher link, runs until Ctrl-C.
    Serve(serve::Args),
}

fn main() {
    let command = parse_or_explain().command;
    if !matches!(command, Command::Serve(_)) {
        quiet_on_closed_pipe();
    }
    let outcome = match command {
        Command::Count(args) => count::run(args),
        Command::Merge(args) => merge::run(args),
        Command::Verify(args) => verify::run(args),
        Command::Compare(args) => std::process::exit(compare::compare(args)),
        Command::Check(args) => check::run(args),
        Command::Serve(args) => serve::run(args),
    };
    if let Err(message) = outcome {
        for line in message.lines() {
            eprintln!("bitqueens: {line}");
        }
        std::process::exit(1);
    }
}

/// A report piped into a reader that stops early (`bitqueens count 14 | head -1`) ends the
/// command quietly, as it ends `cat` or `grep`: the write into the closed pipe stops the
/// process by SIGPIPE, instead of `println!` panicking on the error Rust's start-up (which
/// ignores SIGPIPE) turns it into. Not for `serve`, whose sockets must survive a peer gone.
fn quiet_on_closed_pipe() {
    #[cfg(unix)]
    {
        // SIGPIPE is 13 and SIG_DFL is 0 on every unix Rust supports here (Linux, macOS, BSDs).
        const SIGPIPE: i32 = 13;
        const SIG_DFL: usize = 0;
        extern "C" {
            fn signal(signum: i32, handler: usize) -> usize;
        }
        // SAFETY: restoring a signal's default action, before any thread starts.
        unsafe {
            signal(SIGPIPE, SIG_DFL);
        }
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
            // The usage of the subcommand that was typed, else of the whole command.
            let typed = std::env::args().nth(1).unwrap_or_default();
            let usage = match command.find_subcommand_mut(&typed) {
                Some(sub) => sub.render_usage(),
                None => command.render_usage(),
            };
            eprintln!("\n{usage}");
        }
        std::process::exit(2);
    })
}
