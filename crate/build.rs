//! Turns `www/write/exercises.json` (the exercises' single source, shared with the page) into
//! Rust: `$OUT_DIR/exercises.rs`, one `vec![Exercise { … }, …]` expression that
//! `exercise::catalogue` includes. So the core carries the exercises as data without a JSON
//! parser in the WebAssembly (serde_json there cost about 150 KB of the .wasm). A test
//! (`exercise::tests`) parses the same file with serde_json, field by field strictly, and
//! compares it with what this wrote.

use serde_json::Value;
use std::{env, fmt::Write, fs, path::Path};

const SOURCE: &str = "../www/write/exercises.json";
const FIELDS: [&str; 12] = [
    "slug",
    "title",
    "statement",
    "hint",
    "inputs",
    "outputs",
    "operators",
    "maxOperators",
    "maxPerLine",
    "reference",
    "loop",
    "starter",
];

fn main() {
    println!("cargo:rerun-if-changed={SOURCE}");
    let text =
        fs::read_to_string(SOURCE).unwrap_or_else(|e| panic!("{SOURCE} cannot be read: {e}"));
    let json: Value =
        serde_json::from_str(&text).unwrap_or_else(|e| panic!("{SOURCE} is not JSON: {e}"));
    let exercises = json
        .as_array()
        .unwrap_or_else(|| panic!("{SOURCE} holds no array"));
    let mut rust = String::from("vec![\n");
    for (i, exercise) in exercises.iter().enumerate() {
        let exercise = exercise
            .as_object()
            .unwrap_or_else(|| panic!("{SOURCE}: entry {i} is not an object"));
        if let Some(unknown) = exercise.keys().find(|k| !FIELDS.contains(&k.as_str())) {
            panic!("{SOURCE}: entry {i} has the unknown field {unknown:?}");
        }
        let field = |name: &str| {
            exercise
                .get(name)
                .unwrap_or_else(|| panic!("{SOURCE}: entry {i} has no {name:?}"))
        };
        let text = |name: &str| {
            let s = field(name)
                .as_str()
                .unwrap_or_else(|| panic!("{SOURCE}: entry {i}: {name:?} is not a string"));
            format!("String::from({s:?})")
        };
        let texts = |name: &str| {
            let items: Vec<String> = field(name)
                .as_array()
                .unwrap_or_else(|| panic!("{SOURCE}: entry {i}: {name:?} is not a list"))
                .iter()
                .map(|v| {
                    format!(
                        "String::from({:?})",
                        v.as_str().unwrap_or_else(|| panic!(
                            "{SOURCE}: entry {i}: {name:?} holds a non-string"
                        ))
                    )
                })
                .collect();
            format!("vec![{}]", items.join(", "))
        };
        let number = |value: &Value, name: &str| {
            value
                .as_u64()
                .filter(|&n| n <= u32::MAX as u64)
                .unwrap_or_else(|| panic!("{SOURCE}: entry {i}: {name:?} is not a whole number"))
        };
        let outputs: Vec<String> = field("outputs")
            .as_array()
            .unwrap_or_else(|| panic!("{SOURCE}: entry {i}: \"outputs\" is not a list"))
            .iter()
            .map(|output| {
                let name = output["name"].as_str().unwrap_or_else(|| panic!("{SOURCE}: entry {i}: an output has no name"));
                let compare = match output["compare"].as_str() {
                    Some("all") => "All",
                    Some("board") => "Board",
                    other => panic!("{SOURCE}: entry {i}: output {name:?} compares {other:?}, not \"all\" or \"board\""),
                };
                format!("Output {{ name: String::from({name:?}), compare: Compare::{compare} }}")
            })
            .collect();
        let max_per_line = match exercise.get("maxPerLine") {
            None => "None".to_string(),
            Some(value) => format!("Some({})", number(value, "maxPerLine")),
        };
        let is_loop = field("loop")
            .as_bool()
            .unwrap_or_else(|| panic!("{SOURCE}: entry {i}: \"loop\" is not true or false"));
        writeln!(
            rust,
            "    Exercise {{ slug: {}, title: {}, statement: {}, hint: {}, inputs: {}, outputs: vec![{}], operators: {}, \
             max_operators: {}, max_per_line: {max_per_line}, reference: {}, is_loop: {is_loop}, starter: {} }},",
            text("slug"),
            text("title"),
            text("statement"),
            text("hint"),
            texts("inputs"),
            outputs.join(", "),
            texts("operators"),
            number(field("maxOperators"), "maxOperators"),
            text("reference"),
            text("starter"),
        )
        .expect("a String takes any write");
    }
    rust.push_str("]\n");
    let out = Path::new(&env::var("OUT_DIR").expect("cargo sets OUT_DIR")).join("exercises.rs");
    fs::write(&out, rust).unwrap_or_else(|e| panic!("{} cannot be written: {e}", out.display()));
}
