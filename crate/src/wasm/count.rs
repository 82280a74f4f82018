//! The counting facade: `Counter` (one plan's sub-problems, for a counting worker), the
//! plain count of the race, Burnside's lemma, the methods and the published tables.

use super::{js_error, to_js, whole_number};
use crate::count::plain::plain_count_with_top;
use crate::count::{burnside, Method, Plan, Workspace};
use crate::published::{A000170, A002562};
use serde::Serialize;
use wasm_bindgen::prelude::*;

/// A count's plan (`count::Plan`), as a counting worker sees it: `new Counter(17, "meet")`,
/// then `count(i)` for each `i` below `subProblems`, in any order and on any worker; the parts
/// add up.
#[wasm_bindgen(js_name = Counter)]
pub struct CountWorker {
    plan: Plan,
    workspace: Workspace,
}

#[wasm_bindgen(js_class = Counter)]
impl CountWorker {
    /// Lists the sub-problems of an `n`×`n` board for `method` ("meet" or "backtrack");
    /// throws, with a sentence, for a method unknown or a size it does not take.
    #[wasm_bindgen(constructor)]
    pub fn new(n: u32, method: &str) -> Result<CountWorker, JsError> {
        let method: Method = method.parse().map_err(js_error)?;
        let plan = Plan::new(n, method).map_err(js_error)?;
        let workspace = plan.workspace();
        Ok(CountWorker { plan, workspace })
    }

    /// "meet" or "backtrack".
    #[wasm_bindgen(getter)]
    pub fn method(&self) -> String {
        self.plan.method().slug().to_string()
    }

    /// How many sub-problems the count has (they are numbered from 0).
    #[wasm_bindgen(getter, js_name = subProblems)]
    pub fn sub_problem_count(&self) -> u32 {
        self.plan.len() as u32
    }

    /// The fingerprint of the sub-problem list, 16 hex digits, as `bitqueens count --json`
    /// writes it: saved progress and shards are used only with the list they were made on.
    #[wasm_bindgen(getter)]
    pub fn fingerprint(&self) -> String {
        self.plan.fingerprint().to_string()
    }

    /// The estimated work of each sub-problem (`Plan::estimated_work`): progress and time
    /// left are measured in it.
    #[wasm_bindgen(js_name = estimatedWork)]
    pub fn estimated_work(&self) -> Vec<f64> {
        self.plan.estimated_work()
    }

    /// Every sub-problem index once, in the order to hand them out (`Plan::hand_out_order`).
    #[wasm_bindgen(js_name = handOutOrder)]
    pub fn hand_out_order(&self) -> Vec<u32> {
        self.plan.hand_out_order()
    }

    /// `{total, unique, nodes}` of sub-problem `index`; throws for an index out of range.
    /// The meet counter's parts have `unique` 0 and count half-boards as `nodes`.
    #[wasm_bindgen(js_name = count)]
    pub fn count_sub_problem(&mut self, index: u32) -> Result<JsValue, JsError> {
        let tally = self
            .plan
            .count_sub_problem(index as usize, &mut self.workspace)
            .map_err(|_| {
                let last = self.plan.len() as i64 - 1;
                JsError::new(&format!(
                    "No sub-problem {index}: they are numbered 0 to {last}."
                ))
            })?;
        to_js(&tally)
    }

    /// Burnside's lemma for the whole `total` of this board (`count::burnside::burnside`): `{half,
    /// quarter, unique}`, the solutions a half turn and a quarter turn leave unchanged and the
    /// symmetry classes, `(total + half + 2·quarter) / 8`. Throws for a total that is not a
    /// whole number or not this board's.
    pub fn burnside(&self, total: f64) -> Result<JsValue, JsError> {
        let total = whole_number(total, "The total")?;
        let burnside = burnside::burnside(self.plan.n(), total).map_err(js_error)?;
        to_js(&burnside)
    }
}

/// The classic recursive bitmask count of the boards whose top-row queen is in `column`
/// (`{total, unique: 0, nodes}`), for the race against the fast counter.
#[wasm_bindgen(js_name = plainCountWithTop)]
pub fn plain_count_with_top_js(n: u32, column: u32) -> Result<JsValue, JsError> {
    let tally = plain_count_with_top(n, column).map_err(js_error)?;
    to_js(&tally)
}

/// The published counts (OEIS A000170, the totals, and A002562, the unique counts), index
/// `n - 1` for the `n`×`n` board, as far as they are exact JS numbers (at most 2^53; so up to
/// n = 25 today): `{totals: number[], uniques: number[]}`, both of the same length.
#[wasm_bindgen(js_name = publishedCounts)]
pub fn published_counts() -> Result<JsValue, JsError> {
    #[derive(Serialize)]
    struct Published {
        totals: Vec<f64>,
        uniques: Vec<f64>,
    }
    const EXACT: u64 = 1 << 53;
    let exact = A000170
        .iter()
        .zip(A002562)
        .take_while(|&(&total, unique)| total <= EXACT && unique <= EXACT)
        .count();
    to_js(&Published {
        totals: A000170[..exact].iter().map(|&t| t as f64).collect(),
        uniques: A002562[..exact].iter().map(|&u| u as f64).collect(),
    })
}

/// The counting methods, the default first, in the words the page uses:
/// `[{slug, name, counter, largestN, workUnit, partsHaveUnique}]` (see `count::About`), e.g.
/// `{slug: "meet", name: "meeting in the middle", counter: "the meet-in-the-middle counter",
/// largestN: 23, workUnit: "half-boards", partsHaveUnique: false}`.
#[wasm_bindgen(js_name = countingMethods)]
pub fn counting_methods() -> Result<JsValue, JsError> {
    let all: Vec<_> = Method::ALL.iter().map(|m| m.about()).collect();
    to_js(&all)
}
