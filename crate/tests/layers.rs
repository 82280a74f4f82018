//! The crate's house rules, checked by reading its sources (`crate/src`):
//!
//! - no cycle between top-level modules (`use crate::a` in `b` and `crate::b` in `a`, directly
//!   or through others), and each module imports only from its own floor or the floors below
//!   ([`FLOORS`]);
//! - nothing outside `wasm/` mentions wasm-bindgen (or the other JS-only crates): the core
//!   builds and tests natively;
//! - no source file of the workspace (the crate, `class/` and `cli/`) has more than
//!   [`MOST_LINES`] lines before its test module (`#[cfg(test)] mod … {`; any other
//!   `#[cfg(test)]` item counts as code).
//!
//! A reference is any `crate::name` (also inside `use crate::{a, b}`) or `super::…::name`
//! reaching the crate root, in code (comments are left out). A name that `lib.rs` re-exports
//! (`crate::Stepper`) counts as the module it comes from.

#![cfg(not(target_arch = "wasm32"))] // reads the sources from disk: native only

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

/// The floors, lowest first: a module may import from its own floor and the ones below.
const FLOORS: &[&[&str]] = &[
    &[
        "board",
        "stepping",
        "symmetry",
        "random",
        "published",
        "grouped",
        "testing",
    ],
    &["algorithms"],
    &["play", "tree"],
    &["session", "count", "exercise"],
    &["wasm"],
];

/// The most lines a source file may have before its test module.
const MOST_LINES: usize = 700;

/// Names that only the facade may mention.
const JS_ONLY: &[&str] = &[
    "wasm_bindgen",
    "js_sys",
    "web_sys",
    "console_error_panic_hook",
];

/// A source file: its path under `src`, its module path (`["count", "meet", "join"]`) and
/// its text.
struct Source {
    path: PathBuf,
    module: Vec<String>,
    text: String,
}

fn src() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("src")
}

fn sources(dir: &Path, out: &mut Vec<Source>) {
    sources_under(&src(), dir, out);
}

/// The `.rs` files under `dir`, their paths and modules taken from `root` (a crate's src).
fn sources_under(root: &Path, dir: &Path, out: &mut Vec<Source>) {
    let mut entries: Vec<_> = fs::read_dir(dir)
        .expect("a source folder is readable")
        .map(|e| e.expect("a directory entry").path())
        .collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            sources_under(root, &path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            let relative = path.strip_prefix(root).expect("under src").to_path_buf();
            let mut module: Vec<String> = relative
                .with_extension("")
                .iter()
                .map(|part| part.to_string_lossy().into_owned())
                .collect();
            if module
                .last()
                .is_some_and(|last| last == "mod" || last == "lib")
            {
                module.pop();
            }
            let text = fs::read_to_string(&path).expect("a source file is text");
            out.push(Source {
                path: relative,
                module,
                text,
            });
        }
    }
}

fn all_sources() -> Vec<Source> {
    let mut out = Vec::new();
    sources(&src(), &mut out);
    assert!(
        out.len() > 20,
        "found only {} source files in {:?}",
        out.len(),
        src()
    );
    out
}

/// The text without comments (`//` to the end of the line, `/* … */`), and without the text
/// of string literals, so that a sentence or a URL is never read as a path.
fn code_of(text: &str) -> String {
    let mut code = String::with_capacity(text.len());
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '/' if chars.peek() == Some(&'/') => {
                for c in chars.by_ref() {
                    if c == '\n' {
                        code.push('\n');
                        break;
                    }
                }
            }
            '/' if chars.peek() == Some(&'*') => {
                chars.next();
                let mut last = ' ';
                for c in chars.by_ref() {
                    if last == '*' && c == '/' {
                        break;
                    }
                    last = c;
                }
            }
            '"' => {
                code.push('"');
                let mut escaped = false;
                for c in chars.by_ref() {
                    if c == '"' && !escaped {
                        break;
                    }
                    escaped = c == '\\' && !escaped;
                }
                code.push('"');
            }
            // A char literal ('"', '\'', '\u{7f}') or a lifetime: skip a literal, keep a lifetime.
            '\'' => {
                let mut ahead = chars.clone();
                if ahead.next() == Some('\\') {
                    chars.next(); // the backslash
                    chars.next(); // the escaped char
                    for c in chars.by_ref() {
                        if c == '\'' {
                            break;
                        }
                    }
                } else if ahead.next() == Some('\'') {
                    chars.next();
                    chars.next();
                }
                code.push('\'');
            }
            _ => code.push(c),
        }
    }
    code
}

fn is_ident(c: char) -> bool {
    c.is_alphanumeric() || c == '_'
}

/// The identifier at the start of `text`.
fn ident(text: &str) -> &str {
    let end = text.find(|c: char| !is_ident(c)).unwrap_or(text.len());
    &text[..end]
}

/// The names right inside a `{…}` group at the start of `text` (after the brace), at depth 0.
fn group_names(text: &str) -> Vec<String> {
    let mut names = Vec::new();
    let mut depth = 0;
    let mut at_start = true;
    for (i, c) in text.char_indices() {
        match c {
            '{' => depth += 1,
            '}' if depth == 0 => break,
            '}' => depth -= 1,
            ',' if depth == 0 => at_start = true,
            c if c.is_whitespace() => {}
            _ if depth == 0 && at_start => {
                at_start = false;
                let name = ident(&text[i..]);
                if !name.is_empty() {
                    names.push(name.to_string());
                }
            }
            _ => {}
        }
    }
    names
}

/// The crate-root names that `code` (a file at `module`) refers to.
fn root_names(code: &str, module: &[String]) -> BTreeSet<String> {
    let mut names = BTreeSet::new();
    let mut add = |after: &str| {
        if let Some(group) = after.strip_prefix('{') {
            names.extend(group_names(group));
        } else {
            let name = ident(after);
            if !name.is_empty() {
                names.insert(name.to_string());
            }
        }
    };
    for (i, _) in code.match_indices("crate::") {
        if i > 0 && code[..i].ends_with(|c: char| is_ident(c) || c == ':') {
            continue; // `$crate::` or `some_crate::`
        }
        add(&code[i + "crate::".len()..]);
    }
    // `super::` repeated as many times as the file is deep reaches the root.
    let depth = module.len();
    if depth > 0 {
        let to_root = "super::".repeat(depth);
        for (i, _) in code.match_indices(&to_root) {
            let before_ok = i == 0 || !code[..i].ends_with(|c: char| is_ident(c) || c == ':');
            let after = &code[i + to_root.len()..];
            if before_ok && !after.starts_with("super::") {
                add(after);
            }
        }
    }
    names
}

/// What the root's re-exports stand for: `Stepper` -> `algorithms`, `MAX_N` -> `board`, …
fn re_exports(lib: &str) -> BTreeMap<String, String> {
    let mut map = BTreeMap::new();
    for line in code_of(lib).lines() {
        let Some(path) = line.trim().strip_prefix("pub use ") else {
            continue;
        };
        let top = ident(path).to_string();
        let names = match path.find('{') {
            Some(brace) => group_names(&path[brace + 1..]),
            None => vec![path
                .trim_end_matches(';')
                .rsplit("::")
                .next()
                .unwrap_or("")
                .to_string()],
        };
        for name in names {
            map.insert(name, top.clone());
        }
    }
    map
}

/// The top-level modules each top-level module refers to, with a file that shows it.
fn module_graph(sources: &[Source]) -> BTreeMap<String, BTreeMap<String, PathBuf>> {
    let lib = sources
        .iter()
        .find(|s| s.module.is_empty())
        .expect("lib.rs");
    let re_exported = re_exports(&lib.text);
    let modules: BTreeSet<&str> = sources
        .iter()
        .filter_map(|s| s.module.first().map(String::as_str))
        .collect();
    let mut graph: BTreeMap<String, BTreeMap<String, PathBuf>> = BTreeMap::new();
    for source in sources {
        let Some(from) = source.module.first() else {
            continue; // lib.rs: the module map and the re-exports
        };
        let code = code_of(&source.text);
        for name in root_names(&code, &source.module) {
            let to = match re_exported.get(&name) {
                Some(module) => module.clone(),
                None if modules.contains(name.as_str()) => name,
                None => continue, // a macro exported at the root, `self`, …
            };
            if &to != from {
                graph
                    .entry(from.clone())
                    .or_default()
                    .entry(to)
                    .or_insert_with(|| source.path.clone());
            }
        }
    }
    graph
}

/// A cycle of the graph, as the modules along it (the first repeated at the end), if any.
fn find_cycle(graph: &BTreeMap<String, BTreeMap<String, PathBuf>>) -> Option<Vec<String>> {
    fn visit(
        node: &str,
        graph: &BTreeMap<String, BTreeMap<String, PathBuf>>,
        path: &mut Vec<String>,
        done: &mut BTreeSet<String>,
    ) -> Option<Vec<String>> {
        if let Some(at) = path.iter().position(|p| p == node) {
            let mut cycle = path[at..].to_vec();
            cycle.push(node.to_string());
            return Some(cycle);
        }
        if done.contains(node) {
            return None;
        }
        path.push(node.to_string());
        for next in graph.get(node).into_iter().flat_map(|edges| edges.keys()) {
            if let Some(cycle) = visit(next, graph, path, done) {
                return Some(cycle);
            }
        }
        path.pop();
        done.insert(node.to_string());
        None
    }
    let mut done = BTreeSet::new();
    for node in graph.keys() {
        if let Some(cycle) = visit(node, graph, &mut Vec::new(), &mut done) {
            return Some(cycle);
        }
    }
    None
}

/// The cycle written with, for each link, a file that makes it.
fn describe(cycle: &[String], graph: &BTreeMap<String, BTreeMap<String, PathBuf>>) -> String {
    cycle
        .windows(2)
        .map(|w| {
            format!(
                "{} -> {} (in {})",
                w[0],
                w[1],
                graph[&w[0]][&w[1]].display()
            )
        })
        .collect::<Vec<_>>()
        .join(", ")
}

#[test]
fn no_cycle_between_top_level_modules() {
    let graph = module_graph(&all_sources());
    assert!(
        graph.get("wasm").is_some_and(|edges| edges.len() > 3),
        "the reader finds the facade's imports: {graph:?}"
    );
    if let Some(cycle) = find_cycle(&graph) {
        panic!(
            "the modules import each other in a cycle: {}",
            describe(&cycle, &graph)
        );
    }
}

#[test]
fn modules_import_only_from_their_floor_or_below() {
    let sources = all_sources();
    let floor_of = |module: &str| FLOORS.iter().position(|floor| floor.contains(&module));
    for source in &sources {
        if let Some(top) = source.module.first() {
            assert!(
                floor_of(top).is_some(),
                "{} is in module `{top}`, which no floor of tests/layers.rs holds: add it to FLOORS",
                source.path.display()
            );
        }
    }
    let graph = module_graph(&sources);
    for (from, edges) in &graph {
        for (to, file) in edges {
            let (Some(a), Some(b)) = (floor_of(from), floor_of(to)) else {
                continue;
            };
            assert!(
                b <= a,
                "{} imports `{to}` (floor {b}) into `{from}` (floor {a}): a floor imports only from below",
                file.display()
            );
        }
    }
}

#[test]
fn only_the_facade_mentions_wasm_bindgen() {
    let sources = all_sources();
    for source in &sources {
        if source.module.first().is_some_and(|m| m == "wasm") {
            continue;
        }
        let code = code_of(&source.text);
        for name in JS_ONLY {
            assert!(
                !code.contains(name),
                "{} mentions {name}: only wasm/ may (the core builds and tests natively)",
                source.path.display()
            );
        }
    }
    let facade = sources
        .iter()
        .filter(|s| s.module.first().is_some_and(|m| m == "wasm"))
        .any(|s| code_of(&s.text).contains("wasm_bindgen"));
    assert!(facade, "the reader finds wasm_bindgen in wasm/");
}

/// The lines of `text` before its test module: a `#[cfg(test)]` line whose item (after
/// any further attributes) is an inline `mod name {`. Other `#[cfg(test)]` items count.
fn lines_before_test_module(text: &str) -> usize {
    let lines: Vec<&str> = text.lines().collect();
    let opens_test_module = |at: usize| {
        lines[at].trim() == "#[cfg(test)]"
            && lines[at + 1..]
                .iter()
                .map(|line| line.trim())
                .find(|line| !line.starts_with("#["))
                .is_some_and(|item| {
                    let item = item.strip_prefix("pub(crate) ").unwrap_or(item);
                    item.starts_with("mod ") && item.ends_with('{')
                })
    };
    (0..lines.len())
        .find(|&at| opens_test_module(at))
        .unwrap_or(lines.len())
}

#[test]
fn no_source_file_of_the_workspace_is_longer_than_the_limit_before_its_tests() {
    let workspace = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let mut all = all_sources();
    let mut others = Vec::new();
    for other in ["class", "cli"] {
        let root = workspace.join(other).join("src");
        sources_under(&root, &root, &mut others);
    }
    assert!(others.len() > 20, "class/src and cli/src: {}", others.len());
    all.extend(others);
    let mut too_long = Vec::new();
    for source in all {
        let before_tests = lines_before_test_module(&source.text);
        if before_tests > MOST_LINES {
            too_long.push(format!("{} ({before_tests} lines)", source.path.display()));
        }
    }
    assert!(
        too_long.is_empty(),
        "more than {MOST_LINES} lines before the test module: {}",
        too_long.join(", ")
    );
}

#[test]
fn only_the_test_module_ends_what_the_size_rule_counts() {
    let text = "fn a() {}\n#[cfg(test)]\nthread_local! {\n}\n#[cfg(test)]\nmod properties;\nfn b() {}\n#[cfg(test)]\n#[allow(unused)]\nmod tests {\n}\n";
    assert_eq!(lines_before_test_module(text), 7);
    assert_eq!(lines_before_test_module("fn a() {}\nfn b() {}\n"), 2);
}

/// The reader itself, on small made-up sources.
#[test]
fn the_reader_finds_paths_in_code_only() {
    let code = code_of(
        "use crate::{board::{A, B}, play};\n// crate::tree\nlet s = \"crate::count\";\nlet q = ['\\'', '\"', '\\u{22}'];\nsuper::super::session::x();\n",
    );
    let module = ["count".to_string(), "meet".to_string()];
    let names: Vec<String> = root_names(&code, &module).into_iter().collect();
    assert_eq!(names, ["board", "play", "session"]);
    let mut graph: BTreeMap<String, BTreeMap<String, PathBuf>> = BTreeMap::new();
    for (a, b) in [("a", "b"), ("b", "c"), ("c", "a")] {
        graph
            .entry(a.into())
            .or_default()
            .insert(b.into(), PathBuf::from(format!("{a}.rs")));
    }
    let cycle = find_cycle(&graph).expect("a -> b -> c -> a");
    assert_eq!(cycle, ["a", "b", "c", "a"]);
    graph.get_mut("c").unwrap().clear();
    assert_eq!(find_cycle(&graph), None);
}
