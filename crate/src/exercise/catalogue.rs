//! The exercises, as data: `exercises.json` beside this file (the single source; the page
//! receives it through the wasm facade's `exercises()`), in the types of [`super::schema`].
//! `crate/build.rs` checks the file against that schema and writes it into the crate as a
//! [`Json`] tree, which [`all`] reads with the same serde derive: no JSON parser in the
//! WebAssembly. A test checks every entry: its operators exist, its reference parses, is legal,
//! keeps its budget and passes its own check.

use super::lang::Op;
use super::rules::{self, Budget};
pub use super::schema::{Compare, Exercise, Output};
use serde::de::value::{Error, MapDeserializer, SeqDeserializer};
use serde::de::{Deserializer, IntoDeserializer, Visitor};
use serde::{forward_to_deserialize_any, Deserialize};
use std::sync::OnceLock;

/// The JSON itself, for the test that parses it strictly and compares.
#[cfg(test)]
pub(super) const SOURCE: &str = include_str!("exercises.json");

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
    ALL.get_or_init(|| {
        Vec::<Exercise>::deserialize(EXERCISES)
            .expect("build.rs read exercises.json into this same schema")
    })
}

/// `exercises.json` as build.rs wrote it (it fails the build on a file the schema refuses).
static EXERCISES: Json = include!(concat!(env!("OUT_DIR"), "/exercises.rs"));

/// A JSON value written into the crate as Rust: what build.rs makes of the file, read by
/// serde as any JSON is.
#[derive(Clone, Copy, Debug)]
pub enum Json {
    Null,
    Bool(bool),
    /// JSON numbers here are whole and fit a `u32` (build.rs refuses others).
    Number(u32),
    Text(&'static str),
    List(&'static [Json]),
    Object(&'static [(&'static str, Json)]),
}

impl<'de> Deserializer<'de> for Json {
    type Error = Error;

    fn deserialize_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        match self {
            Json::Null => visitor.visit_unit(),
            Json::Bool(b) => visitor.visit_bool(b),
            Json::Number(n) => visitor.visit_u32(n),
            Json::Text(s) => visitor.visit_borrowed_str(s),
            Json::List(items) => visitor.visit_seq(SeqDeserializer::new(items.iter().copied())),
            Json::Object(fields) => visitor.visit_map(MapDeserializer::new(fields.iter().copied())),
        }
    }

    /// A field present is `Some`, as serde_json has it.
    fn deserialize_option<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        match self {
            Json::Null => visitor.visit_none(),
            other => visitor.visit_some(other),
        }
    }

    /// A unit variant is its name as a string, as serde_json has it.
    fn deserialize_enum<V: Visitor<'de>>(
        self,
        _name: &'static str,
        _variants: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, Error> {
        match self {
            Json::Text(s) => visitor.visit_enum(s.into_deserializer()),
            other => other.deserialize_any(visitor),
        }
    }

    forward_to_deserialize_any! {
        bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char str string bytes byte_buf
        unit unit_struct newtype_struct seq tuple tuple_struct map struct identifier ignored_any
    }
}

impl<'de> IntoDeserializer<'de, Error> for Json {
    type Deserializer = Json;
    fn into_deserializer(self) -> Json {
        self
    }
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
