//! The exercises, as data: `www/write/exercises.json` (the single source, shared with the
//! page through the wasm facade), turned into Rust by `crate/build.rs` at build time. A test checks every entry: its operators exist,
//! its reference parses, is legal, keeps its budget and passes its own check.

use super::lang::Op;
use super::rules::{self, Budget};
use serde::{Deserialize, Serialize};
use std::sync::OnceLock;

/// The JSON itself, for the test that parses it strictly and compares.
#[cfg(test)]
pub(super) const SOURCE: &str = include_str!("../../../www/write/exercises.json");

/// Which bits of an output are compared.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Compare {
    /// All 32 bits (a stray bit off the board would be tried as a square).
    All,
    /// The board's N columns, bits 0..N-1 (bits beyond are cut by `& done` a row later).
    Board,
}

/// An output of an exercise.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Output {
    pub name: String,
    pub compare: Compare,
}

/// One exercise, as the JSON holds it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Exercise {
    pub slug: String,
    pub title: String,
    pub statement: String,
    pub hint: String,
    pub inputs: Vec<String>,
    pub outputs: Vec<Output>,
    /// `"~"`, `"&"`, … and `"neg"` for unary minus.
    pub operators: Vec<String>,
    pub max_operators: u32,
    /// The most operators one line may use (the next row: 2 per mask).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub max_per_line: Option<u32>,
    /// The answer the checker compares with (never sent to the page).
    #[serde(skip_serializing)]
    pub reference: String,
    /// True for the four exercises that make the search's loop.
    #[serde(rename = "loop")]
    pub is_loop: bool,
    pub starter: String,
}

/// The slugs of the loop's exercises, in the order the loop runs them.
pub const LOOP: [&str; 4] = ["free-squares", "lowest-bit", "take-it-away", "next-row"];

impl Exercise {
    /// Its operators; the JSON is checked by a test to name only real ones.
    pub fn allowed(&self) -> Vec<Op> {
        rules::operators(&self.operators).unwrap_or_default()
    }

    /// Its budget.
    pub fn budget(&self) -> Budget {
        Budget {
            max_total: self.max_operators,
            max_per_line: self.max_per_line,
        }
    }

    /// The output names, in order.
    pub fn output_names(&self) -> Vec<String> {
        self.outputs.iter().map(|o| o.name.clone()).collect()
    }
}

/// Every exercise, in the order of the JSON.
pub fn all() -> &'static [Exercise] {
    static ALL: OnceLock<Vec<Exercise>> = OnceLock::new();
    // build.rs wrote the file's entries as this expression (it fails the build on a bad file).
    ALL.get_or_init(|| include!(concat!(env!("OUT_DIR"), "/exercises.rs")))
}

/// The exercise with this slug, and its index in [`all`].
pub fn find(slug: &str) -> Option<(usize, &'static Exercise)> {
    all().iter().enumerate().find(|(_, e)| e.slug == slug)
}

/// The sentence for a slug that is no exercise.
pub fn unknown(slug: &str) -> String {
    let shown: String = slug.chars().take(40).collect();
    let known: Vec<&str> = all().iter().map(|e| e.slug.as_str()).collect();
    format!("No exercise “{shown}”: use one of {}.", known.join(", "))
}
