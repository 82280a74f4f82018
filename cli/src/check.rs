//! `bitqueens check FILE [--require SLUG,…|all] [--json]`: grades an answers file for a
//! class, as the page's Write it section checks one answer (the same language, the same
//! check).
//!
//! The file is plain text: blocks, each opened by a line `# exercise SLUG` (or `#exercise
//! SLUG`), then the answer's `name = expr;` lines. Blank lines and comment lines (`#`, `//`)
//! may come before the first block. It prints a table (exercise, operators, legal, correct,
//! the first counterexample), then the details of each answer that is not right; with
//! `--json`, a Gradescope-style `results.json` on stdout (`{"score", "max_score", "output",
//! "tests": [{"name", "score", "max_score", "output"}]}`).
//!
//! Without `--require`, the exercises scored are those the file answers. With it, the
//! teacher names the assignment: each exercise named scores 1 or 0 (0 when the file has no
//! block for it, with a line saying it is missing), the score is out of their number, and a
//! block for an exercise not named is graded but not scored.
//!
//! Exit status: 0 when every exercise scored is right; 1 when one is not (wrong, illegal,
//! over budget, incomplete, unparsable or missing); 2 when the file cannot be graded at all
//! (missing, unreadable, not UTF-8, no `# exercise` line (without `--require`), text before
//! the first one, an unknown slug or an exercise twice), with a sentence on stderr, and with
//! `--json` a results.json scoring 0 that gives the reason. An unknown slug in `--require`
//! is a mistake in the arguments: status 2 with the usage, and no results.json.

use bitqueens::exercise::check::{Counterexample, Origin};
use bitqueens::exercise::{catalogue, check_answer, lang, Report, Verdict};
use serde::Serialize;
use std::path::PathBuf;

/// The arguments of `bitqueens check`.
#[derive(clap::Args)]
pub struct Args {
    /// The answers file: blocks opened by `# exercise SLUG`, then `name = expr;` lines.
    file: PathBuf,
    /// Print a Gradescope-style results.json on stdout instead of a table (also when the file
    /// cannot be graded: a score of 0 and the reason).
    #[arg(long)]
    json: bool,
    /// The assignment: the exercises to score, whether the file answers them or not (a
    /// missing one counts 0). `all` names every exercise.
    #[arg(long, value_name = "SLUG,SLUG,…|all", value_parser = assignment)]
    require: Option<Assignment>,
}

/// The exercises a teacher requires, in the order named, each once.
#[derive(Clone, Debug)]
pub struct Assignment(Vec<String>);

/// Reads `--require`: slugs separated by commas, or `all`.
fn assignment(text: &str) -> Result<Assignment, String> {
    if text.trim() == "all" {
        return Ok(Assignment(
            catalogue::all().iter().map(|e| e.slug.clone()).collect(),
        ));
    }
    let mut slugs: Vec<String> = Vec::new();
    for slug in text.split(',').map(str::trim).filter(|s| !s.is_empty()) {
        if catalogue::find(slug).is_none() {
            let shown: String = slug.chars().take(40).collect();
            let known: Vec<&str> = catalogue::all().iter().map(|e| e.slug.as_str()).collect();
            return Err(format!(
                "no exercise “{shown}”: name some of {}, or all",
                known.join(", ")
            ));
        }
        if !slugs.iter().any(|s| s == slug) {
            slugs.push(slug.to_owned());
        }
    }
    if slugs.is_empty() {
        return Err("name at least one exercise, or all".to_owned());
    }
    Ok(Assignment(slugs))
}

/// What `check --help` lists after the options: every exercise of the catalogue, its inputs
/// and the names its answer assigns.
pub fn exercises_help() -> String {
    let all = catalogue::all();
    let width = all.iter().map(|e| e.slug.len()).max().unwrap_or(0);
    let mut out = String::from(
        "Exercises (a block `# exercise SLUG` answers one; its lines assign the names after \
         the arrow, from the inputs before it):\n",
    );
    for e in all {
        let outputs: Vec<&str> = e.outputs.iter().map(|o| o.name.as_str()).collect();
        out += &format!(
            "  {:<width$}  {} → {}\n",
            e.slug,
            e.inputs.join(", "),
            outputs.join(", ")
        );
    }
    out
}

/// One block of the file: the exercise, its first line number (1-based, of its header) and
/// the answer.
struct Block {
    slug: String,
    header_line: usize,
    source: String,
}

/// The slug of a header line (`# exercise SLUG`, `#exercise SLUG`), `Ok(None)` for a line
/// that is no header, or a sentence for a line meant as one but written otherwise.
fn header(trimmed: &str) -> Result<Option<&str>, &'static str> {
    let Some(rest) = trimmed
        .strip_prefix('#')
        .and_then(|after| after.trim_start().strip_prefix("exercise"))
    else {
        return Ok(None);
    };
    let slug = rest.trim();
    if slug.is_empty() || !rest.starts_with(char::is_whitespace) {
        return Err("write the header as `# exercise SLUG`.");
    }
    Ok(Some(slug))
}

/// Reads the blocks of an answers file (perhaps none), or the sentence saying why it cannot
/// be graded, after the line number it is about ("9: …").
fn blocks(text: &str) -> Result<Vec<Block>, String> {
    let mut blocks: Vec<Block> = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let trimmed = line.trim();
        let number = i + 1;
        if let Some(slug) = header(trimmed).map_err(|m| format!("{number}: {m}"))? {
            let shown: String = slug.chars().take(40).collect();
            if catalogue::find(slug).is_none() {
                return Err(format!("{number}: {}", catalogue::unknown(slug)));
            }
            if blocks.iter().any(|b| b.slug == slug) {
                return Err(format!("{number}: the exercise {shown} comes twice."));
            }
            blocks.push(Block {
                slug: slug.to_owned(),
                header_line: number,
                source: String::new(),
            });
        } else if let Some(block) = blocks.last_mut() {
            block.source.push_str(line);
            block.source.push('\n');
        } else if !(trimmed.is_empty() || trimmed.starts_with('#') || trimmed.starts_with("//")) {
            return Err(format!(
                "{number}: text before the first `# exercise SLUG` line; every answer goes in a \
                 block opened by such a line."
            ));
        }
    }
    Ok(blocks)
}

/// Gradescope's results.json.
#[derive(Serialize)]
struct Results {
    score: u32,
    max_score: u32,
    /// Shown above the tests: why the file was not graded, else nothing.
    #[serde(skip_serializing_if = "Option::is_none")]
    output: Option<String>,
    tests: Vec<TestResult>,
}

#[derive(Serialize)]
struct TestResult {
    name: String,
    score: u32,
    max_score: u32,
    output: String,
}

/// What became of one exercise of the file or of the assignment.
enum Graded {
    /// Answered in the file; `scored` is false for a block the assignment does not name.
    Answered {
        block: Block,
        report: Box<Report>,
        scored: bool,
    },
    /// Required, and the file has no block for it.
    Missing(String),
}

impl Graded {
    fn slug(&self) -> &str {
        match self {
            Graded::Answered { block, .. } => &block.slug,
            Graded::Missing(slug) => slug,
        }
    }
    fn scored(&self) -> bool {
        matches!(
            self,
            Graded::Answered { scored: true, .. } | Graded::Missing(_)
        )
    }
    fn right(&self) -> bool {
        matches!(self, Graded::Answered { report, .. } if report.verdict == Verdict::Correct)
    }
}

/// Runs `check`: prints the table or the JSON and exits with the status documented above.
pub fn run(args: Args) -> ! {
    let file = args.file.display().to_string();
    let text = match std::fs::read(&args.file) {
        Err(error) => cannot_grade(&args, &format!("cannot read {file}: {error}.")),
        Ok(bytes) => match String::from_utf8(bytes) {
            Ok(text) => text,
            Err(_) => cannot_grade(
                &args,
                &format!("{file} is not a text file (not UTF-8): an answers file is plain text."),
            ),
        },
    };
    let blocks = match blocks(&text) {
        Ok(blocks) if blocks.is_empty() && args.require.is_none() => cannot_grade(
            &args,
            &format!(
                "{file}: the file has no `# exercise SLUG` line: it holds no answer to check."
            ),
        ),
        Ok(blocks) => blocks,
        Err(message) => cannot_grade(&args, &format!("{file}:{message}")),
    };
    let mut answered: Vec<(Block, Box<Report>)> = blocks
        .into_iter()
        .map(|block| {
            let (index, exercise) = catalogue::find(&block.slug).expect("checked in blocks");
            let report = Box::new(check_answer(index, exercise, &block.source));
            (block, report)
        })
        .collect();
    // The assignment's exercises in its order, then the blocks it does not name; without
    // one, the file's blocks in their order, all scored.
    let mut graded: Vec<Graded> = Vec::new();
    if let Some(Assignment(required)) = &args.require {
        for slug in required {
            match answered.iter().position(|(b, _)| &b.slug == slug) {
                Some(at) => {
                    let (block, report) = answered.remove(at);
                    graded.push(Graded::Answered {
                        block,
                        report,
                        scored: true,
                    });
                }
                None => graded.push(Graded::Missing(slug.clone())),
            }
        }
    }
    let scored = args.require.is_none();
    graded.extend(
        answered
            .into_iter()
            .map(|(block, report)| Graded::Answered {
                block,
                report,
                scored,
            }),
    );
    let all_right = graded.iter().filter(|g| g.scored()).all(Graded::right);
    if args.json {
        let tests: Vec<TestResult> = graded
            .iter()
            .map(|g| TestResult {
                name: g.slug().to_owned(),
                score: u32::from(g.scored() && g.right()),
                max_score: u32::from(g.scored()),
                output: details(g, &file),
            })
            .collect();
        let results = Results {
            score: tests.iter().map(|t| t.score).sum(),
            max_score: tests.iter().map(|t| t.max_score).sum(),
            output: None,
            tests,
        };
        println!(
            "{}",
            serde_json::to_string_pretty(&results).expect("serializes")
        );
    } else {
        print!("{}", table(&graded, &file));
    }
    std::process::exit(if all_right { 0 } else { 1 });
}

/// The file cannot be graded: the sentence on stderr, with `--json` a results.json scoring 0
/// (each required exercise 0 of 1) that says why; status 2.
fn cannot_grade(args: &Args, message: &str) -> ! {
    eprintln!("bitqueens: check: {message}");
    if args.json {
        let why = format!("Not graded: {message}");
        let required = args.require.as_ref().map_or(&[][..], |a| &a.0[..]);
        let results = Results {
            score: 0,
            max_score: required.len() as u32,
            output: Some(why.clone()),
            tests: required
                .iter()
                .map(|slug| TestResult {
                    name: slug.clone(),
                    score: 0,
                    max_score: 1,
                    output: why.clone(),
                })
                .collect(),
        };
        println!(
            "{}",
            serde_json::to_string_pretty(&results).expect("serializes")
        );
    }
    std::process::exit(2);
}

/// The table, then the details of every exercise that is not right.
fn table(graded: &[Graded], file: &str) -> String {
    let rows: Vec<[String; 5]> = graded
        .iter()
        .map(|g| match g {
            Graded::Missing(slug) => [
                slug.clone(),
                "-".to_owned(),
                "-".to_owned(),
                "missing".to_owned(),
                "-".to_owned(),
            ],
            Graded::Answered {
                block, report: r, ..
            } => {
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
            }
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
    let scored: Vec<&Graded> = graded.iter().filter(|g| g.scored()).collect();
    let right = scored.iter().filter(|g| g.right()).count();
    out += &format!("\n{right} of {} right.\n", scored.len());
    let extra: Vec<&str> = graded
        .iter()
        .filter(|g| !g.scored())
        .map(Graded::slug)
        .collect();
    if !extra.is_empty() {
        out += &format!(
            "Not in the assignment, so not scored: {}.\n",
            extra.join(", ")
        );
    }
    for g in graded.iter().filter(|g| !g.right()) {
        out += &format!("\n{}\n", details(g, file));
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

/// What the grader says about one exercise: the verdict, dlc's line, and each refusal at its
/// place in the file (the file's line and column only) with a caret.
fn details(graded: &Graded, file: &str) -> String {
    let (block, report, scored) = match graded {
        Graded::Missing(slug) => {
            return format!(
                "{slug}: missing: the file has no `# exercise {slug}` block, so it counts 0."
            )
        }
        Graded::Answered {
            block,
            report,
            scored,
        } => (block, report, *scored),
    };
    let blank = lang::is_blank(&block.source);
    // A refusal's place is given once, as the file's; the report's summary gives the
    // answer's own line and column, so it is told here without them.
    let said = match report.verdict {
        Verdict::Correct | Verdict::Wrong => report.summary.clone(),
        _ if blank => "the answer is empty.".to_owned(),
        Verdict::Unparsable => "the answer does not parse.".to_owned(),
        Verdict::Illegal => "the answer breaks this exercise's rules.".to_owned(),
        Verdict::TooMany => "the answer uses more operators than allowed.".to_owned(),
        Verdict::Incomplete => "the answer is incomplete.".to_owned(),
    };
    let mut out = format!("{}: {said}", block.slug);
    if !scored {
        out += " (Not in the assignment: not scored.)";
    }
    out += &format!("\n  dlc: {}", report.dlc);
    for d in &report.diagnostics {
        if blank {
            // Nothing to point at: the place is the block's header.
            out += &format!("\n  {file}:{}: {}", block.header_line, d.message);
            continue;
        }
        // The block starts on the line after its header.
        let line = block.header_line + d.line;
        let caret = d.rendered.split_once('\n').map_or("", |(_, rest)| rest);
        out += &format!("\n  {file}:{line}:{}: {}\n{caret}", d.column, d.message);
    }
    out
}
