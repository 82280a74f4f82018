//! Turns `src/exercise/exercises.json` (the exercises' single source; the page receives it
//! through the wasm facade's `exercises()`) into Rust: `$OUT_DIR/exercises.rs`, the file as
//! one `Json` tree expression that `exercise::catalogue` includes and reads with serde. So
//! the core carries the exercises as data without a JSON parser in the WebAssembly
//! (serde_json there cost about 150 KB of the .wasm).
//!
//! The file is first read strictly into the exercises' schema, `src/exercise/schema.rs`
//! (included here as it is, the one place the schema is written): a file it refuses fails the
//! build with serde's sentence. The tree itself is written without knowing the schema.

use serde_json::Value;
use std::{env, fs, path::Path};

#[allow(dead_code)] // the types are here to be deserialized into, not used
#[path = "src/exercise/schema.rs"]
mod schema;

const SOURCE: &str = "src/exercise/exercises.json";
const SCHEMA: &str = "src/exercise/schema.rs";

fn main() {
    println!("cargo:rerun-if-changed={SOURCE}");
    println!("cargo:rerun-if-changed={SCHEMA}");
    let text =
        fs::read_to_string(SOURCE).unwrap_or_else(|e| panic!("{SOURCE} cannot be read: {e}"));
    if let Err(e) = serde_json::from_str::<Vec<schema::Exercise>>(&text) {
        panic!("{SOURCE} does not hold the exercises as {SCHEMA} describes them: {e}");
    }
    let json: Value =
        serde_json::from_str(&text).unwrap_or_else(|e| panic!("{SOURCE} is not JSON: {e}"));
    let out = Path::new(&env::var("OUT_DIR").expect("cargo sets OUT_DIR")).join("exercises.rs");
    fs::write(&out, rust_of(&json))
        .unwrap_or_else(|e| panic!("{} cannot be written: {e}", out.display()));
}

/// `value` as a `Json` expression (`Json` is in scope where it is included).
fn rust_of(value: &Value) -> String {
    match value {
        Value::Null => "Json::Null".to_owned(),
        Value::Bool(b) => format!("Json::Bool({b})"),
        Value::Number(n) => match n.as_u64().filter(|&n| n <= u64::from(u32::MAX)) {
            Some(n) => format!("Json::Number({n})"),
            None => panic!("{SOURCE}: {n} is not a whole number from 0 to 2^32 - 1"),
        },
        // `{:?}` writes a Rust string literal, escapes included.
        Value::String(s) => format!("Json::Text({s:?})"),
        Value::Array(items) => {
            let items: Vec<String> = items.iter().map(rust_of).collect();
            format!("Json::List(&[{}])", items.join(", "))
        }
        Value::Object(fields) => {
            let fields: Vec<String> = fields
                .iter()
                .map(|(name, value)| format!("({name:?}, {})", rust_of(value)))
                .collect();
            format!("Json::Object(&[{}])", fields.join(", "))
        }
    }
}
