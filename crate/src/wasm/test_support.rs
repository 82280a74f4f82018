//! What the facade's tests share: reading JS objects, the published counts as JS numbers.
//! The facade's tests sit beside each facade file and run in headless Chromium
//! (`cargo test --target wasm32-unknown-unknown`).

use crate::published::{A000170, A002562};
use wasm_bindgen::prelude::*;

wasm_bindgen_test::wasm_bindgen_test_configure!(run_in_browser);

/// The published (total, unique) of an n×n board, as the JS numbers the facade returns.
pub(crate) fn published(n: u32) -> (f64, f64) {
    let i = n as usize - 1;
    (A000170[i] as f64, A002562[i] as f64)
}

/// `object[key]`.
pub(crate) fn get(object: &JsValue, key: &str) -> JsValue {
    js_sys::Reflect::get(object, &JsValue::from_str(key)).unwrap()
}

/// The boards listed in a `BoardsPassed` (`boardsPassed` in JS).
pub(crate) fn listed(passed: &JsValue) -> js_sys::Array {
    js_sys::Array::from(&get(passed, "listed"))
}

/// `object[key]`, a number.
pub(crate) fn number(object: &JsValue, key: &str) -> f64 {
    get(object, key).as_f64().unwrap()
}
