//! The JavaScript facade: the only module that knows about wasm-bindgen, one thin file per
//! area of the page ([`search`]: the player; [`count`]: the counting workers and the count
//! panel's tables; [`gpu`]: the GPU counter's split; [`tree`]: the search tree panel;
//! [`names`]: the lists and limits).
//!
//! Every value crosses as a plain JS object (serde-wasm-bindgen), names are camelCase, and
//! bad input comes back as a thrown `Error` with a readable message, never as a panic.

mod count;
mod exercise;
mod gpu;
mod names;
mod search;
mod tree;

use serde::Serialize;
use wasm_bindgen::prelude::*;

/// Runs when the module is instantiated: a panic (a bug) is printed with its message on the
/// console before the wasm trap reaches JS, where the page shows it.
#[wasm_bindgen(start)]
fn start() {
    console_error_panic_hook::set_once();
}

/// A JS number that must be a whole number from 0 (exact, so at most 2^53).
pub(crate) fn whole_number(value: f64, what: &str) -> Result<u64, JsError> {
    if value >= 0.0 && value.fract() == 0.0 && value <= 2f64.powi(53) {
        Ok(value as u64)
    } else {
        Err(JsError::new(&format!(
            "{what} must be a whole number from 0; got {value}."
        )))
    }
}

/// Any error of the core as the `Error` JS sees, with the core's sentence as its message.
pub(crate) fn js_error(error: impl std::fmt::Display) -> JsError {
    JsError::new(&error.to_string())
}

/// `value` as a plain JS value; maps (and flattened structs, which serde writes as maps)
/// become plain objects, not `Map`s.
pub(crate) fn to_js<T: Serialize>(value: &T) -> Result<JsValue, JsError> {
    let plain = serde_wasm_bindgen::Serializer::new().serialize_maps_as_objects(true);
    value.serialize(&plain).map_err(js_error)
}

#[cfg(test)]
mod test_support;
