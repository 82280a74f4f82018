//! The search tree's facade: the tree around the path, the whole tree of a small board, its
//! size counted part by part or estimated.

use super::search::Search;
use super::{js_error, to_js, whole_number};
use crate::algorithms::Algorithm;
use crate::count::plain::tree_nodes;
use crate::tree::{self, PathTree};
use serde::Serialize;
use wasm_bindgen::prelude::*;

/// The part of the search tree around a search's path (see `tree::PathTree`), for the
/// Search tree panel: `new TreeView()`, then `update(search)` once per redraw.
#[wasm_bindgen]
pub struct TreeView {
    path: PathTree,
}

#[wasm_bindgen]
impl TreeView {
    /// Nothing computed yet.
    #[wasm_bindgen(constructor)]
    pub fn new() -> TreeView {
        TreeView {
            path: PathTree::new(),
        }
    }

    /// The children of every call on the stack of the search given, as a `Float64Array`,
    /// `tree::FLAT_STRIDE` numbers per child (see `PathTree::flat`). Throws for a search
    /// that is not Richards' bitmask (the tree follows its calls).
    pub fn update(&mut self, search: &Search) -> Result<Vec<f64>, JsError> {
        match search.session.algorithm() {
            Algorithm::Richards(stepper) => Ok(self.path.flat(stepper)),
            other => Err(JsError::new(&format!(
                "The search tree follows Richards' bitmask, not {}.",
                other.kind().name()
            ))),
        }
    }
}

impl Default for TreeView {
    fn default() -> TreeView {
        TreeView::new()
    }
}

/// Every node of the search tree of a small board with the steps that enter and leave it
/// (see `tree::WholeTree`); throws above `tree::WHOLE_TREE_MAX_N` or outside 1..=32.
#[wasm_bindgen(js_name = wholeTree)]
pub fn whole_tree(n: u32, mirror: bool) -> Result<JsValue, JsError> {
    to_js(&tree::whole_tree(n, mirror).map_err(js_error)?)
}

/// Counts a search tree exactly, part by part, for a worker that reports progress:
/// `new TreeCounter(16)`, `count(i)` for each `i` below `parts`, then `total(mirror)`.
#[wasm_bindgen]
pub struct TreeCounter {
    counter: tree::SizeByParts,
}

#[wasm_bindgen]
impl TreeCounter {
    /// The parts of the tree of an `n`×`n` board; throws for `n` outside 1..=32.
    #[wasm_bindgen(constructor)]
    pub fn new(n: u32) -> Result<TreeCounter, JsError> {
        let counter = tree::SizeByParts::new(n).map_err(js_error)?;
        Ok(TreeCounter { counter })
    }

    /// How many parts there are.
    #[wasm_bindgen(getter)]
    pub fn parts(&self) -> u32 {
        self.counter.parts() as u32
    }

    /// Counts part `index`; returns its nodes. Throws for an index out of range.
    #[wasm_bindgen(js_name = count)]
    pub fn count_part(&mut self, index: u32) -> Result<f64, JsError> {
        let nodes = self.counter.count_part(index as usize).map_err(js_error)?;
        Ok(nodes as f64)
    }

    /// `{nodes, deadEnds, solutions, byRow, steps}` of the tree of the mirror-mode search
    /// (`mirror`) or the whole search, once every part is counted; `null` before.
    pub fn total(&self, mirror: bool) -> Result<JsValue, JsError> {
        // Not `#[serde(flatten)]`: that would make a JS Map, not a plain object.
        #[derive(Serialize)]
        #[serde(rename_all = "camelCase")]
        struct Total {
            nodes: u64,
            dead_ends: u64,
            solutions: u64,
            by_row: Vec<u64>,
            steps: u64,
        }
        match self.counter.total(mirror) {
            Some(size) => to_js(&Total {
                steps: size.steps(),
                nodes: size.nodes,
                dead_ends: size.dead_ends,
                solutions: size.solutions,
                by_row: size.by_row,
            }),
            None => Ok(JsValue::NULL),
        }
    }
}

/// Knuth's estimate of the nodes of the search tree, `{nodes, standardError, probes}` (see
/// `tree::estimate_tree`); the same arguments give the same estimate.
#[wasm_bindgen(js_name = estimateTree)]
pub fn estimate_tree(n: u32, mirror: bool, probes: u32, seed: f64) -> Result<JsValue, JsError> {
    let seed = whole_number(seed, "A seed")?;
    to_js(&tree::estimate_tree(n, mirror, probes, seed).map_err(js_error)?)
}

/// The nodes of the whole search tree of an `n`×`n` board (see `count::plain::tree_nodes`), as a JS
/// number; throws for `n` outside 1..=32. Takes about a second per 200 million nodes.
#[wasm_bindgen(js_name = treeNodes)]
pub fn tree_nodes_js(n: u32, mirror: bool) -> Result<f64, JsError> {
    Ok(tree_nodes(n, mirror).map_err(js_error)? as f64)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::wasm::names::symmetry_images;
    use crate::wasm::test_support::*;
    use wasm_bindgen_test::*;

    /// The tree's functions are tested natively in `tree`; here, that they reach JS in the
    /// shapes the page reads, and that bad input throws a readable error.
    #[wasm_bindgen_test]
    fn the_tree_functions_reach_js_and_refuse_bad_input() {
        let message = |error: JsError| {
            let error: JsValue = error.into();
            get(&error, "message").as_string().unwrap()
        };
        let whole = whole_tree(5, true).unwrap();
        let enter = js_sys::Array::from(&get(&whole, "enter"));
        assert!(enter.length() > 0);
        assert!(
            enter.to_vec().iter().any(|e| e.is_undefined()),
            "mirror mode prunes nodes"
        );
        assert!(message(whole_tree(10, false).unwrap_err()).contains("up to 9×9"));

        let mut counter = TreeCounter::new(8).unwrap();
        assert!(counter.total(false).unwrap().is_null());
        for i in 0..counter.parts() {
            counter.count_part(i).unwrap();
        }
        let total = counter.total(false).unwrap();
        assert_eq!(number(&total, "solutions"), published(8).0);
        assert_eq!(
            number(&total, "steps"),
            4.0 * number(&total, "nodes") + number(&total, "deadEnds") + 2.0
        );
        assert_eq!(js_sys::Array::from(&get(&total, "byRow")).length(), 8);
        assert!(message(counter.count_part(counter.parts()).unwrap_err()).contains("No part"));

        let estimate = estimate_tree(12, false, 100, 3.0).unwrap();
        assert!(number(&estimate, "nodes") > 0.0 && number(&estimate, "standardError") > 0.0);
        assert!(estimate_tree(12, false, 100, -1.0).is_err());

        let images = js_sys::Array::from(&symmetry_images(vec![1, 3, 0, 2]).unwrap());
        assert_eq!(images.length(), 2);
        assert!(get(&images.get(0), "isRepresentative").as_bool().unwrap());
        assert_eq!(
            js_sys::Array::from(&get(&images.get(0), "names")).length(),
            4
        );
        assert!(message(symmetry_images(vec![0, 5]).unwrap_err()).contains("A placement is"));

        let mut search = Search::new(10, None, None, None).unwrap();
        search.run(5_000, false, 0).unwrap();
        let flat = TreeView::new().update(&search).unwrap();
        assert_eq!(flat.len() % tree::FLAT_STRIDE, 0);
        let board_scan = Search::new(6, None, Some("board-scan".into()), None).unwrap();
        assert!(message(TreeView::new().update(&board_scan).unwrap_err()).contains("Richards"));
        assert!(message(search.seek_node(vec![10], true, 1, 0).unwrap_err())
            .contains("at most 10 columns from 0 to 9"));
        let moved = search.seek_node(vec![9, 7], false, 1_000_000, 0).unwrap();
        assert!(get(&moved, "arrived").as_bool().unwrap());
        let queens = js_sys::Array::from(&get(&search.snapshot().unwrap(), "queens"));
        assert_eq!(queens.to_vec(), vec![JsValue::from(9), JsValue::from(7)]);
    }
}
