//! The exercises' schema, written once: [`Exercise`] as `exercises.json` holds it. `crate/build.rs`
//! includes this file too and reads the JSON into these types strictly (unknown or missing
//! fields fail the build); the page receives them serialized by the wasm facade's
//! `exercises()` (never the reference). Data only: the methods are in `catalogue`.

use serde::{Deserialize, Serialize};

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
#[serde(deny_unknown_fields)]
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
    /// `"~"`, `"&"`, … and `"neg"` for unary minus; a test checks they name real operators.
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
