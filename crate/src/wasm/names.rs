//! What the page lists and the limits it needs, defined once in the core: the algorithms,
//! landmarks and Predict topics by slug and name, the symmetry images of a placement, the
//! limits, and the memory the module holds.

use super::{js_error, to_js};
use crate::algorithms::Kind;
use crate::count::meet;
use crate::session::landmark::Landmark;
use crate::session::predict::Topic;
use crate::symmetry::distinct_images;
use crate::tree;
use serde::Serialize;
use wasm_bindgen::prelude::*;

/// The distinct boards among the 8 rotations and reflections of a placement, each with the
/// symmetries that make it and whether it is the class representative:
/// `[{queens, symmetries, names, isRepresentative}]`. Throws for a list that is not one
/// column per row of a board of 1 to 32 rows.
#[wasm_bindgen(js_name = symmetryImages)]
pub fn symmetry_images(queens: Vec<u32>) -> Result<JsValue, JsError> {
    to_js(&distinct_images(&queens).map_err(js_error)?)
}

/// The limits the core defines and the page needs, so that each lives once, here:
/// `{maxN, maxMeetN, raceLargestN, wholeTreeMaxN, flatStride}` (`board::MAX_N`,
/// `count::meet::MAX_MEET_N`, `count::plain::RACE_LARGEST_N`, `tree::WHOLE_TREE_MAX_N`,
/// `tree::FLAT_STRIDE`).
#[wasm_bindgen]
pub fn limits() -> Result<JsValue, JsError> {
    #[derive(Serialize)]
    #[serde(rename_all = "camelCase")]
    struct Limits {
        max_n: u32,
        max_meet_n: u32,
        race_largest_n: u32,
        whole_tree_max_n: u32,
        flat_stride: usize,
    }
    to_js(&Limits {
        max_n: crate::board::MAX_N,
        max_meet_n: meet::MAX_MEET_N,
        race_largest_n: crate::count::plain::RACE_LARGEST_N,
        whole_tree_max_n: tree::WHOLE_TREE_MAX_N,
        flat_stride: tree::FLAT_STRIDE,
    })
}

/// Something the page lists by name and names in URLs and settings by slug.
#[derive(Serialize)]
struct Named {
    slug: &'static str,
    name: &'static str,
}

/// `[{slug, name}]` of every item of `all`, in order.
fn named<T: Copy>(
    all: &[T],
    slug: fn(T) -> &'static str,
    name: fn(T) -> &'static str,
) -> Result<JsValue, JsError> {
    let all: Vec<Named> = all
        .iter()
        .map(|&item| Named {
            slug: slug(item),
            name: name(item),
        })
        .collect();
    to_js(&all)
}

/// Every algorithm, the six of the lesson in its order, then "Your program":
/// `[{slug, name, needsProgram}]`. `needsProgram` is true for an algorithm that runs the
/// learner's loop (`new Search(n, mirror, slug, program)`): it is no lane until the learner
/// runs it, and no lesson or link names it.
#[wasm_bindgen(js_name = algorithmNames)]
pub fn algorithm_names() -> Result<JsValue, JsError> {
    #[derive(Serialize)]
    #[serde(rename_all = "camelCase")]
    struct Algorithm {
        slug: &'static str,
        name: &'static str,
        needs_program: bool,
    }
    let all: Vec<Algorithm> = Kind::EVERY
        .iter()
        .map(|&kind| Algorithm {
            slug: kind.slug(),
            name: kind.name(),
            needs_program: kind.needs_program(),
        })
        .collect();
    to_js(&all)
}

/// The landmarks a search can be moved to, in the order the page offers them: `[{slug, name}]`.
#[wasm_bindgen(js_name = landmarkNames)]
pub fn landmark_names() -> Result<JsValue, JsError> {
    named(&Landmark::ALL, Landmark::slug, Landmark::name)
}

/// Predict mode's question topics, in the order the page lists them: `[{slug, name}]`.
#[wasm_bindgen(js_name = predictTopics)]
pub fn predict_topics() -> Result<JsValue, JsError> {
    named(&Topic::ALL, Topic::slug, Topic::name)
}

/// Bytes of linear memory the wasm module holds now (for the memory benchmark).
#[wasm_bindgen(js_name = wasmMemoryBytes)]
pub fn wasm_memory_bytes() -> f64 {
    (core::arch::wasm32::memory_size(0) * 65536) as f64
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::wasm::search::Search;
    use crate::wasm::test_support::*;
    use crate::wasm::tree::whole_tree;
    use wasm_bindgen_test::*;

    #[wasm_bindgen_test]
    fn the_limits_reach_js_as_the_core_defines_them() {
        let limits = limits().unwrap();
        assert_eq!(number(&limits, "maxN"), 32.0);
        assert_eq!(number(&limits, "raceLargestN"), 16.0);
        assert_eq!(number(&limits, "wholeTreeMaxN"), 9.0);
        assert_eq!(number(&limits, "flatStride"), 10.0);
        // The largest board is the largest the core accepts.
        assert!(
            Search::new(32, None, None, None).is_ok() && Search::new(33, None, None, None).is_err()
        );
        assert!(whole_tree(9, false).is_ok() && whole_tree(10, false).is_err());
    }
}
