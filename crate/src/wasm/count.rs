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
#[wasm_bindgen]
pub struct Counter {
    plan: Plan,
    workspace: Workspace,
}

#[wasm_bindgen]
impl Counter {
    /// Lists the sub-problems of an `n`×`n` board for `method` ("meet" or "backtrack");
    /// throws, with a sentence, for a method unknown or a size it does not take.
    #[wasm_bindgen(constructor)]
    pub fn new(n: u32, method: &str) -> Result<Counter, JsError> {
        let method: Method = method.parse().map_err(js_error)?;
        let plan = Plan::new(n, method).map_err(js_error)?;
        let workspace = plan.workspace();
        Ok(Counter { plan, workspace })
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

    /// `{total, unique, work}` of sub-problem `index` (a `count::Tally`); throws for an index
    /// out of range. The meet counter's parts have `unique` 0 and count half-boards as `work`.
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
/// (`{total, unique: 0, work}`, its work in nodes), for the race against the fast counter.
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
/// `[{slug, name, counter, largestN, browserLargestN, askAbove, workUnit, uniqueCount,
/// isDefault}]` (see `count::About`; `uniqueCount` is "parts" or "burnside", `isDefault` is
/// `Method::is_default`), e.g. `{slug: "meet", name: "meeting in the middle", counter: "the
/// meet-in-the-middle counter", largestN: 23, browserLargestN: 21, askAbove: 17, workUnit:
/// "half-boards", uniqueCount: "burnside", isDefault: true}`.
#[wasm_bindgen(js_name = countingMethods)]
pub fn counting_methods() -> Result<JsValue, JsError> {
    #[derive(Serialize)]
    #[serde(rename_all = "camelCase")]
    struct ForThePage {
        #[serde(flatten)]
        about: &'static crate::count::About,
        is_default: bool,
    }
    let all: Vec<_> = Method::ALL
        .iter()
        .map(|&m| ForThePage {
            about: m.about(),
            is_default: m.is_default(),
        })
        .collect();
    to_js(&all)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::wasm::test_support::*;
    use wasm_bindgen_test::*;

    #[wasm_bindgen_test]
    fn the_counter_parts_add_up_to_the_published_counts_of_n8_and_n10() {
        for method in ["meet", "backtrack"] {
            for n in [8, 10] {
                let mut counter = Counter::new(n, method).unwrap();
                assert_eq!(counter.method(), method);
                let (mut t, mut u, mut work) = (0.0, 0.0, 0.0);
                for i in 0..counter.sub_problem_count() {
                    let part = counter.count_sub_problem(i).unwrap();
                    t += number(&part, "total");
                    u += number(&part, "unique");
                    work += number(&part, "work");
                }
                assert!(work > 0.0, "each part's work crosses as `work`");
                if method == "meet" {
                    assert_eq!(u, 0.0, "a meet part has no unique count");
                    u = number(&counter.burnside(t).unwrap(), "unique");
                    for bad in [t + 1.0, -8.0, 0.5, f64::NAN, f64::INFINITY] {
                        assert!(counter.burnside(bad).is_err(), "{bad}");
                    }
                }
                assert_eq!((t, u), published(n), "n={n}, {method}");
            }
            assert!(Counter::new(0, method).is_err() && Counter::new(33, method).is_err());
            let mut counter = Counter::new(8, method).unwrap();
            assert!(counter
                .count_sub_problem(counter.sub_problem_count())
                .is_err());
        }
        assert!(Counter::new(24, "meet").is_err() && Counter::new(8, "fast").is_err());
    }

    #[wasm_bindgen_test]
    fn the_meet_counters_join_matches_a_naive_pair_count_in_wasm() {
        crate::count::meet::join::tests::join_matches_a_naive_pair_count();
    }

    #[wasm_bindgen_test]
    fn the_counter_gives_a_work_estimate_and_a_hand_out_place_for_each_sub_problem() {
        for method in ["meet", "backtrack"] {
            let counter = Counter::new(10, method).unwrap();
            let len = counter.sub_problem_count() as usize;
            let work = counter.estimated_work();
            assert_eq!(work.len(), len);
            assert!(work.iter().all(|&w| w >= 1.0));
            let mut order = counter.hand_out_order();
            order.sort_unstable();
            assert!(order.into_iter().eq(0..len as u32));
        }
    }

    #[wasm_bindgen_test]
    fn the_fingerprint_is_the_native_one_and_tells_sizes_and_methods_apart() {
        for method in Method::ALL {
            let eight = Counter::new(8, method.slug()).unwrap().fingerprint();
            assert_eq!(eight.len(), 16);
            assert!(eight.bytes().all(|b| b.is_ascii_hexdigit()));
            let native = Plan::new(8, method).unwrap().fingerprint().to_string();
            assert_eq!(eight, native);
            assert_ne!(eight, Counter::new(9, method.slug()).unwrap().fingerprint());
        }
        assert_ne!(
            Counter::new(8, "meet").unwrap().fingerprint(),
            Counter::new(8, "backtrack").unwrap().fingerprint()
        );
    }

    #[wasm_bindgen_test]
    fn the_plain_count_by_top_column_adds_up_to_a000170() {
        let total: f64 = (0..9)
            .map(|c| number(&plain_count_with_top_js(9, c).unwrap(), "total"))
            .sum();
        assert_eq!(total, published(9).0);
        assert_eq!(
            number(&plain_count_with_top_js(9, 9).unwrap(), "total"),
            0.0
        );
        assert!(plain_count_with_top_js(0, 0).is_err());
    }

    #[wasm_bindgen_test]
    fn the_published_counts_reach_js_as_far_as_they_are_exact() {
        let counts = published_counts().unwrap();
        let totals = js_sys::Array::from(&get(&counts, "totals"));
        let uniques = js_sys::Array::from(&get(&counts, "uniques"));
        assert_eq!((totals.length(), uniques.length()), (25, 25));
        for n in [1u32, 8, 25] {
            let i = n - 1;
            assert_eq!(
                (
                    totals.get(i).as_f64().unwrap(),
                    uniques.get(i).as_f64().unwrap()
                ),
                published(n),
                "n = {n}"
            );
        }
        // The next entry would not be an exact JS number.
        assert!(A000170[25] > 1 << 53);
    }

    #[wasm_bindgen_test]
    fn the_counting_methods_reach_js_in_the_words_of_the_core() {
        let methods = js_sys::Array::from(&counting_methods().unwrap());
        assert_eq!(methods.length(), 2);
        let (meet, backtrack) = (methods.get(0), methods.get(1));
        let text = |object: &JsValue, key: &str| get(object, key).as_string().unwrap();
        assert_eq!(text(&meet, "slug"), "meet");
        assert_eq!(text(&meet, "name"), "meeting in the middle");
        assert_eq!(text(&meet, "counter"), "the meet-in-the-middle counter");
        assert_eq!(number(&meet, "largestN"), 23.0);
        assert_eq!(number(&meet, "browserLargestN"), 21.0);
        assert_eq!(number(&meet, "askAbove"), 17.0);
        assert_eq!(text(&meet, "workUnit"), "half-boards");
        assert_eq!(text(&meet, "uniqueCount"), "burnside");
        assert_eq!(get(&meet, "isDefault").as_bool(), Some(true));
        assert_eq!(text(&backtrack, "slug"), "backtrack");
        assert_eq!(text(&backtrack, "name"), "backtracking");
        assert_eq!(number(&backtrack, "largestN"), 32.0);
        assert_eq!(number(&backtrack, "browserLargestN"), 21.0);
        assert_eq!(number(&backtrack, "askAbove"), 17.0);
        assert_eq!(text(&backtrack, "workUnit"), "nodes");
        assert_eq!(text(&backtrack, "uniqueCount"), "parts");
        assert_eq!(get(&backtrack, "isDefault").as_bool(), Some(false));
        // Each slug makes a counter, and the largest board is the last it takes.
        for method in [meet, backtrack] {
            let (slug, largest) = (text(&method, "slug"), number(&method, "largestN") as u32);
            assert!(Counter::new(8, &slug).is_ok());
            assert!(Counter::new(largest + 1, &slug).is_err());
        }
    }
}
