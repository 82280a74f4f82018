//! `bitqueens check FILE [--json]`: grades an answers file for a class, as the page's Write
//! it section checks one answer (the same language, the same check).
//!
//! The file is plain text: blocks, each opened by a line `# exercise SLUG`, then the answer's
//! `name = expr;` lines. Blank lines and comment lines (`#`, `//`) may come before the first
//! block. It prints a table (exercise, operators, legal, correct, the first counterexample),
//! then the details of each answer that is not right; with `--json`, a Gradescope-style
//! `results.json` on stdout (`{"score", "max_score", "tests": [{"name", "score",
//! "max_score", "output"}]}`).
//!
//! Exit status: 0 when every exercise in the file is right; 1 when one is not (wrong, illegal,
//! over budget, incomplete or unparsable); 2 when the file cannot be graded at all (missing,
//! unreadable, not UTF-8, no `# exercise` line, text before the first one, an unknown slug
//! or an exercise twice), with a sentence on stderr.

use bitqueens::exercise::check::{Counterexample, Origin};
use bitqueens::exercise::{catalogue, check_answer, Report, Verdict};
use serde::Serialize;
use std::path::PathBuf;

/// The arguments of `bitqueens check`.
#[derive(clap::Args)]
pub struct Args {
    /// The answers file: blocks opened by `# exercise SLUG`, then `name = expr;` lines.
    file: PathBuf,
    /// Print a Gradescope-style results.json on stdout instead of a table.
    #[arg(long)]
    json: bool,
}

/// One block of the file: the exercise, its first line number (1-based, of its header) and
/// the answer.
struct Block {
    slug: String,
    header_line: usize,
    source: String,
}

/// Reads the blocks of an answers file, or the sentence saying why it cannot be graded.
fn blocks(text: &str) -> Result<Vec<Block>, String> {
    let mut blocks: Vec<Block> = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let trimmed = line.trim();
        if let Some(rest) = trimmed.strip_prefix("# exercise") {
            let slug = rest.trim();
            let shown: String = slug.chars().take(40).collect();
            if slug.is_empty() || !rest.starts_with(char::is_whitespace) {
                return Err(format!(
                    "line {}: write the header as `# exercise SLUG`.",
                    i + 1
                ));
            }
            if catalogue::find(slug).is_none() {
                return Err(format!("line {}: {}", i + 1, catalogue::unknown(slug)));
            }
            if blocks.iter().any(|b| b.slug == slug) {
                return Err(format!("line {}: the exercise {shown} comes twice.", i + 1));
            }
            blocks.push(Block {
                slug: slug.to_owned(),
                header_line: i + 1,
                source: String::new(),
            });
        } else if let Some(block) = blocks.last_mut() {
            block.source.push_str(line);
            block.source.push('\n');
        } else if !(trimmed.is_empty() || trimmed.starts_with('#') || trimmed.starts_with("//")) {
            return Err(format!(
                "line {}: text before the first `# exercise SLUG` line; every answer goes in a \
                 block opened by such a line.",
                i + 1
            ));
        }
    }
    if blocks.is_empty() {
        return Err("the file has no `# exercise SLUG` line: it holds no answer to check.".into());
    }
    Ok(blocks)
}

/// Gradescope's results.json.
#[derive(Serialize)]
struct Results {
    score: u32,
    max_score: u32,
    tests: Vec<TestResult>,
}

#[derive(Serialize)]
struct TestResult {
    name: String,
    score: u32,
    max_score: u32,
    output: String,
}

/// Runs `check`: prints the table or the JSON and exits with the status documented above.
pub fn run(args: Args) -> ! {
    let text = match std::fs::read(&args.file) {
        Err(error) => fail(&format!("cannot read {}: {error}.", args.file.display())),
        Ok(bytes) => match String::from_utf8(bytes) {
            Ok(text) => text,
            Err(_) => fail(&format!(
                "{} is not a text file (not UTF-8): an answers file is plain text.",
                args.file.display()
            )),
        },
    };
    let blocks = match blocks(&text) {
        Ok(blocks) => blocks,
        Err(message) => fail(&format!("{}: {message}", args.file.display())),
    };
    let graded: Vec<(Block, Report)> = blocks
        .into_iter()
        .map(|block| {
            let (index, exercise) = catalogue::find(&block.slug).expect("checked in blocks");
            let report = check_answer(index, exercise, &block.source);
            (block, report)
        })
        .collect();
    let all_right = graded.iter().all(|(_, r)| r.verdict == Verdict::Correct);
    if args.json {
        let tests: Vec<TestResult> = graded
            .iter()
            .map(|(block, report)| TestResult {
                name: block.slug.clone(),
                score: u32::from(report.verdict == Verdict::Correct),
                max_score: 1,
                output: details(block, report, &args.file.display().to_string()),
            })
            .collect();
        let results = Results {
            score: tests.iter().map(|t| t.score).sum(),
            max_score: tests.len() as u32,
            tests,
        };
        println!(
            "{}",
            serde_json::to_string_pretty(&results).expect("serializes")
        );
    } else {
        print!("{}", table(&graded, &args.file.display().to_string()));
    }
    std::process::exit(if all_right { 0 } else { 1 });
}

fn fail(message: &str) -> ! {
    eprintln!("bitqueens: check: {message}");
    std::process::exit(2);
}

/// The table, then the details of every answer that is not right.
fn table(graded: &[(Block, Report)], file: &str) -> String {
    let rows: Vec<[String; 5]> = graded
        .iter()
        .map(|(block, r)| {
            let legal = !matches!(r.verdict, Verdict::Illegal | Verdict::Unparsable);
            [
                block.slug.clone(),
                if r.verdict == Verdict::Unparsable {
                    "-".to_owned()
                } else {
                    format!("{}/{}", r.operators, r.max_operators)
                },
                if legal { "yes" } else { "no" }.to_owned(),
                match r.verdict {
                    Verdict::Correct => "yes".to_owned(),
                    Verdict::Wrong => "no".to_owned(),
                    other => format!("{other:?}")
                        .to_lowercase()
                        .replace("toomany", "too many"),
                },
                r.counterexample.as_ref().map_or("-".to_owned(), short),
            ]
        })
        .collect();
    let head = [
        "exercise",
        "operators",
        "legal",
        "correct",
        "first counterexample",
    ];
    let widths: Vec<usize> = (0..5)
        .map(|c| {
            rows.iter()
                .map(|r| r[c].chars().count())
                .chain([head[c].len()])
                .max()
                .unwrap_or(0)
        })
        .collect();
    let line = |cells: [&str; 5]| {
        let padded: Vec<String> = cells
            .iter()
            .zip(&widths)
            .map(|(cell, &w)| format!("{cell:<w$}"))
            .collect();
        padded.join("  ").trim_end().to_owned() + "\n"
    };
    let mut out = line(head);
    for row in &rows {
        out += &line([&row[0], &row[1], &row[2], &row[3], &row[4]]);
    }
    let right = graded
        .iter()
        .filter(|(_, r)| r.verdict == Verdict::Correct)
        .count();
    out += &format!("\n{right} of {} right.\n", graded.len());
    for (block, report) in graded.iter().filter(|(_, r)| r.verdict != Verdict::Correct) {
        out += &format!("\n{}\n", details(block, report, file));
    }
    out
}

/// A counterexample in a cell: "n=6 step 41: poss 0b001010, yours 0b111010".
fn short(example: &Counterexample) -> String {
    let got = example.got & example.compared;
    match example.origin {
        Origin::Search => format!(
            "n={}{} step {}: {} 0b{:b}, yours 0b{:b}",
            example.n,
            if example.mirror { " mirror" } else { "" },
            example.step.unwrap_or(0),
            example.output,
            example.expected,
            got
        ),
        Origin::Edge | Origin::Random => {
            let inputs: Vec<String> = example
                .inputs
                .iter()
                .map(|v| format!("{}={:#x}", v.name, v.value))
                .collect();
            format!(
                "{}: {} {:#x}, yours {:#x}",
                inputs.join(" "),
                example.output,
                example.expected,
                got
            )
        }
    }
}

/// What the grader says about one answer: the summary, dlc's line, and each refusal with its
/// place in the file and a caret.
fn details(block: &Block, report: &Report, file: &str) -> String {
    let mut out = format!("{}: {}\n  dlc: {}", block.slug, report.summary, report.dlc);
    for d in &report.diagnostics {
        // The block starts on the line after its header.
        let line = block.header_line + d.line;
        let caret = d.rendered.split_once('\n').map_or("", |(_, rest)| rest);
        out += &format!("\n  {file}:{line}:{}: {}\n{caret}", d.column, d.message);
    }
    out
}
