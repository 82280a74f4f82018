//! The JavaScript facade: the only file that knows about wasm-bindgen.
//!
//! Every value crosses as a plain JS object (serde-wasm-bindgen), names are camelCase, and
//! bad input comes back as a thrown `Error` with a readable message, never as a panic.

use crate::algorithms::{Algorithm, Kind};
use crate::count::plain::{plain_count_with_top, tree_nodes};
use crate::count::{burnside, meet};
use crate::count::{Method, Plan, Workspace};
use crate::landmark::Landmark;
use crate::play::{self, Stop};
use crate::predict::Topic;
use crate::session::Session;
use crate::stepping::Stepping;
use crate::symmetry::distinct_images;
use crate::tree::{self, PathTree};
use serde::Serialize;
use wasm_bindgen::prelude::*;

/// Runs when the module is instantiated: a panic (a bug) is printed with its message on the
/// console before the wasm trap reaches JS, where the page shows it.
#[wasm_bindgen(start)]
fn start() {
    console_error_panic_hook::set_once();
}

/// A stepping search with its counts (a `session::Session`), as JS sees it: `new Search(8)`
/// (Richards' bitmask) or `new Search(8, false, "board-scan")`, then `step()`, `back()`,
/// `run(k)`, `seek(step)` and `snapshot()`; `runNodes`, `seekNodes` and `stepWithinNode`
/// keep several algorithms in lockstep. Every count the page shows comes from here.
#[wasm_bindgen]
pub struct Search {
    session: Session,
}

#[wasm_bindgen]
impl Search {
    /// A search on an `n`×`n` board, in mirror mode when `mirror` is true (only half the
    /// first row searched; each solution stands for itself and its mirror image), by the
    /// algorithm named (`"richards"` when none: see `algorithms::Kind::slug`). Throws for `n`
    /// outside 1..=32 or an unknown algorithm.
    #[wasm_bindgen(constructor)]
    pub fn new(n: u32, mirror: Option<bool>, algorithm: Option<String>) -> Result<Search, JsError> {
        let kind = match algorithm {
            Some(slug) => Kind::from_slug(&slug).map_err(js_error)?,
            None => Kind::Richards,
        };
        let session = Session::new(kind, n, mirror.unwrap_or(false)).map_err(js_error)?;
        Ok(Search { session })
    }

    /// Board size.
    #[wasm_bindgen(getter)]
    pub fn n(&self) -> u32 {
        self.session.algorithm().n()
    }

    /// True once the search has finished.
    #[wasm_bindgen(getter)]
    pub fn finished(&self) -> bool {
        self.session.algorithm().is_finished()
    }

    /// Steps taken from the start (a JS number: exact up to 2^53).
    #[wasm_bindgen(getter)]
    pub fn steps(&self) -> f64 {
        self.session.algorithm().steps() as f64
    }

    /// Solutions so far, counting mirror images in mirror mode (`Session::solutions`).
    #[wasm_bindgen(getter)]
    pub fn solutions(&self) -> f64 {
        self.session.solutions() as f64
    }

    /// Queens placed or lifted from the start: the position that lanes in lockstep share.
    #[wasm_bindgen(getter, js_name = nodeEvents)]
    pub fn node_events(&self) -> f64 {
        play::node_events(self.session.algorithm()) as f64
    }

    /// One action forward; returns the event, e.g. `{kind: "try", row: 0, column: 7, bit: 1}`.
    /// Throws once the search is finished.
    pub fn step(&mut self) -> Result<JsValue, JsError> {
        to_js(&self.session.step().map_err(js_error)?)
    }

    /// One action back, exactly; returns the event undone, or `null` at the start.
    pub fn back(&mut self) -> Result<JsValue, JsError> {
        match self.session.back() {
            Some(step) => to_js(&step),
            None => Ok(JsValue::NULL),
        }
    }

    /// Up to `maxSteps` actions forward, stopping early when the search finishes, or right
    /// after a solution when `stopAtSolution` is true. Solutions numbered up to `keep` come
    /// back in full. Returns `{taken, last, solutions: {count, representatives, listed}, finished}`
    /// (see `play::Batch`).
    pub fn run(
        &mut self,
        max_steps: u32,
        stop_at_solution: bool,
        keep: u32,
    ) -> Result<JsValue, JsError> {
        let stop = if stop_at_solution {
            Stop::AfterSolution
        } else {
            Stop::Never
        };
        to_js(&self.session.run(max_steps, stop, keep.into()))
    }

    /// Up to `maxSteps` actions forward, stopping right after `nodes` queens were placed or
    /// lifted (or at the end). Solutions are counted, not listed. Returns a `play::Batch`.
    #[wasm_bindgen(js_name = runNodes)]
    pub fn run_nodes(&mut self, nodes: u32, max_steps: u32) -> Result<JsValue, JsError> {
        to_js(
            &self
                .session
                .run(max_steps, Stop::AfterNodes(nodes.max(1)), 0),
        )
    }

    /// A copy of this search where it stands, to step on without moving this one (the
    /// worksheet reads the next steps from it). Free it when done.
    pub fn fork(&self) -> Search {
        Search {
            session: self.session.clone(),
        }
    }

    /// Moves towards step number `target` by at most `maxSteps` steps, back or forward
    /// (never past the end); see `play::Moved`. Throws for a target that is not a whole
    /// number >= 0.
    pub fn seek(&mut self, target: f64, max_steps: u32, keep: u32) -> Result<JsValue, JsError> {
        let target = whole_number(target, "A step position")?;
        to_js(&self.session.seek(target, max_steps, keep.into()))
    }

    /// Moves by at most `maxSteps` steps towards resting right after node event number
    /// `target` (see `nodeEvents`); true once there (or at the end, when the search has
    /// fewer). Throws for a target that is not a whole number >= 0.
    #[wasm_bindgen(js_name = seekNodes)]
    pub fn seek_nodes(&mut self, target: f64, max_steps: u32) -> Result<bool, JsError> {
        let target = whole_number(target, "A node position")?;
        Ok(self.session.seek_nodes(target, max_steps))
    }

    /// One step forward, unless it would place or lift a queen: then `null` and no change.
    #[wasm_bindgen(js_name = stepWithinNode)]
    pub fn step_within_node(&mut self) -> Result<JsValue, JsError> {
        match self.session.step_within_node() {
            Some(step) => to_js(&step),
            None => Ok(JsValue::NULL),
        }
    }

    /// Moves by at most `maxSteps` steps towards resting right after the step that entered the
    /// node `path` (the columns of its queens, row 0 first), forward when `ahead` (and the
    /// node is not on the board), else back; see `play::seek_node`. Returns a `play::Moved`.
    /// Throws for a path that is no node of this search (`Session::seek_node`).
    #[wasm_bindgen(js_name = seekNode)]
    pub fn seek_node(
        &mut self,
        path: Vec<u32>,
        ahead: bool,
        max_steps: u32,
        keep: u32,
    ) -> Result<JsValue, JsError> {
        let moved = self
            .session
            .seek_node(&path, ahead, max_steps, keep.into())
            .map_err(js_error)?;
        to_js(&moved)
    }

    /// The last `count` steps (at most 1,000) taken to reach where the search stands, newest
    /// first: `[{step, event, solutions}]` (see `session::Passed`). The search does not move.
    pub fn history(&self, count: u32) -> Result<JsValue, JsError> {
        to_js(&self.session.history(count.min(1_000) as usize))
    }

    /// The step right after the landmark named (`landmarkNames()` slugs), or `null` when the
    /// search has none within `maxSteps` steps. Throws for an unknown name.
    pub fn landmark(&self, slug: &str, max_steps: f64) -> Result<JsValue, JsError> {
        let which = Landmark::from_slug(slug).map_err(js_error)?;
        let max_steps = whole_number(max_steps, "A number of steps")?;
        Ok(match self.session.landmark(which, max_steps) {
            Some(step) => JsValue::from_f64(step as f64),
            None => JsValue::NULL,
        })
    }

    /// Predict mode: the question to ask before the next step, on one of the topics named
    /// (`predictTopics()` slugs), picked in rotation by `turn` (questions asked so far), with
    /// its answer read from that step; `null` when none is asked there. The search does not
    /// move. Throws for an unknown topic.
    pub fn question(&self, topics: Vec<String>, turn: u32) -> Result<JsValue, JsError> {
        let asked = topics
            .iter()
            .map(|slug| Topic::from_slug(slug))
            .collect::<Result<Vec<Topic>, _>>()
            .map_err(js_error)?;
        match self.session.question(&asked, turn) {
            Some(question) => to_js(&question),
            None => Ok(JsValue::NULL),
        }
    }

    /// Everything the screen shows: `{algorithm, n, row, queens, candidates, tried, trying,
    /// rejected, steps, nodes, operations, found, weight, finished, detail}` (see
    /// `algorithms::State`; Richards' `detail` holds its `phase` and `calls`) and the
    /// session's counts `{solutions, unique, classesBySize, kept, last}` (see
    /// `session::Snapshot`).
    pub fn snapshot(&self) -> Result<JsValue, JsError> {
        to_js(&self.session.snapshot())
    }
}

/// A JS number that must be a whole number from 0 (exact, so at most 2^53).
fn whole_number(value: f64, what: &str) -> Result<u64, JsError> {
    if value >= 0.0 && value.fract() == 0.0 && value <= 2f64.powi(53) {
        Ok(value as u64)
    } else {
        Err(JsError::new(&format!(
            "{what} must be a whole number from 0; got {value}."
        )))
    }
}

/// A fast counter (`plan::Method`), as a counting worker sees it: `new Counter(17, "meet")`,
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

    /// `{total, unique, nodes}` of sub-problem `index`; throws for an index out of range.
    /// The meet counter's parts have `unique` 0 and count half-boards as `nodes`.
    pub fn count(&mut self, index: u32) -> Result<JsValue, JsError> {
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

    /// Burnside's lemma for the whole `total` of this board (`meet::burnside`): `{half,
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
#[wasm_bindgen(js_name = TreeCounter)]
pub struct TreeCounterJs {
    counter: tree::TreeCounter,
}

#[wasm_bindgen(js_class = TreeCounter)]
impl TreeCounterJs {
    /// The parts of the tree of an `n`×`n` board; throws for `n` outside 1..=32.
    #[wasm_bindgen(constructor)]
    pub fn new(n: u32) -> Result<TreeCounterJs, JsError> {
        let counter = tree::TreeCounter::new(n).map_err(js_error)?;
        Ok(TreeCounterJs { counter })
    }

    /// How many parts there are.
    #[wasm_bindgen(getter)]
    pub fn parts(&self) -> u32 {
        self.counter.parts() as u32
    }

    /// Counts part `index`; returns its nodes. Throws for an index out of range.
    pub fn count(&mut self, index: u32) -> Result<f64, JsError> {
        let nodes = self.counter.count(index as usize).map_err(js_error)?;
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

/// The distinct boards among the 8 rotations and reflections of a placement, each with the
/// symmetries that make it and whether it is the class representative:
/// `[{queens, symmetries, names, isRepresentative}]`. Throws for a list that is not one
/// column per row of a board of 1 to 32 rows.
#[wasm_bindgen(js_name = symmetryImages)]
pub fn symmetry_images(queens: Vec<u32>) -> Result<JsValue, JsError> {
    to_js(&distinct_images(&queens).map_err(js_error)?)
}

/// The limits the core defines and the page needs, so that each lives once, here:
/// `{maxN, maxMeetN, wholeTreeMaxN, flatStride}` (`board::MAX_N`, `meet::MAX_MEET_N`,
/// `tree::WHOLE_TREE_MAX_N`, `tree::FLAT_STRIDE`).
#[wasm_bindgen]
pub fn limits() -> Result<JsValue, JsError> {
    #[derive(Serialize)]
    #[serde(rename_all = "camelCase")]
    struct Limits {
        max_n: u32,
        max_meet_n: u32,
        whole_tree_max_n: u32,
        flat_stride: usize,
    }
    to_js(&Limits {
        max_n: crate::board::MAX_N,
        max_meet_n: meet::MAX_MEET_N,
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

/// The six algorithms, in the order of the lesson: `[{slug, name}]`.
#[wasm_bindgen(js_name = algorithmNames)]
pub fn algorithm_names() -> Result<JsValue, JsError> {
    named(&Kind::ALL, Kind::slug, Kind::name)
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

/// The nodes of the whole search tree of an `n`×`n` board (see `plain::tree_nodes`), as a JS
/// number; throws for `n` outside 1..=32. Takes about a second per 200 million nodes.
#[wasm_bindgen(js_name = treeNodes)]
pub fn tree_nodes_js(n: u32, mirror: bool) -> Result<f64, JsError> {
    Ok(tree_nodes(n, mirror).map_err(js_error)? as f64)
}

/// Bytes of linear memory the wasm module holds now (for the memory benchmark).
#[wasm_bindgen(js_name = wasmMemoryBytes)]
pub fn wasm_memory_bytes() -> f64 {
    (core::arch::wasm32::memory_size(0) * 65536) as f64
}

/// Any error of the core as the `Error` JS sees, with the core's sentence as its message.
fn js_error(error: impl std::fmt::Display) -> JsError {
    JsError::new(&error.to_string())
}

/// `value` as a plain JS value; maps (and flattened structs, which serde writes as maps)
/// become plain objects, not `Map`s.
fn to_js<T: Serialize>(value: &T) -> Result<JsValue, JsError> {
    let plain = serde_wasm_bindgen::Serializer::new().serialize_maps_as_objects(true);
    value.serialize(&plain).map_err(js_error)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::published::{A000170, A002562};
    use wasm_bindgen_test::*;

    /// The published (total, unique) of an n×n board, as the JS numbers the facade returns.
    fn published(n: u32) -> (f64, f64) {
        let i = n as usize - 1;
        (A000170[i] as f64, A002562[i] as f64)
    }

    wasm_bindgen_test_configure!(run_in_browser);

    fn get(object: &JsValue, key: &str) -> JsValue {
        js_sys::Reflect::get(object, &JsValue::from_str(key)).unwrap()
    }

    #[wasm_bindgen_test]
    fn a_fork_stands_where_the_search_does_and_steps_alone() {
        let mut search = Search::new(8, None, None).unwrap();
        search.seek(100.0, 1000, 0).unwrap();
        let mut fork = search.fork();
        assert_eq!(fork.steps(), search.steps());
        fork.seek(150.0, 1000, 0).unwrap();
        assert_eq!(fork.steps(), 150.0);
        assert_eq!(search.steps(), 100.0);
    }

    #[wasm_bindgen_test]
    fn the_counter_parts_add_up_to_the_published_counts_of_n8_and_n10() {
        for method in ["meet", "backtrack"] {
            for n in [8, 10] {
                let mut counter = Counter::new(n, method).unwrap();
                assert_eq!(counter.method(), method);
                let (mut t, mut u) = (0.0, 0.0);
                for i in 0..counter.sub_problem_count() {
                    let part = counter.count(i).unwrap();
                    t += number(&part, "total");
                    u += number(&part, "unique");
                }
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
            assert!(counter.count(counter.sub_problem_count()).is_err());
        }
        assert!(Counter::new(24, "meet").is_err() && Counter::new(8, "fast").is_err());
    }

    #[wasm_bindgen_test]
    fn a_question_names_its_topic_and_answer_and_does_not_move_the_search() {
        let mut search = Search::new(4, None, None).unwrap();
        let topics = |slugs: &[&str]| slugs.iter().map(|s| s.to_string()).collect::<Vec<_>>();
        let question = search.question(topics(&["free-squares"]), 0).unwrap();
        assert_eq!(get(&question, "topic").as_string().unwrap(), "free-squares");
        let answer = get(&question, "answer");
        assert_eq!(get(&answer, "form").as_string().unwrap(), "digits");
        assert_eq!(
            number(&answer, "mask"),
            15.0,
            "the empty row: every square free"
        );
        assert_eq!(search.steps(), 0.0);
        assert!(search.question(topics(&["next-row"]), 0).unwrap().is_null());
        assert!(search.question(topics(&["poss"]), 0).is_err());
        search.step().unwrap();
        let question = search.question(topics(&["what-happens"]), 0).unwrap();
        let answer = get(&question, "answer");
        assert_eq!(get(&answer, "outcome").as_string().unwrap(), "place");
        let listed = predict_topics().unwrap();
        assert_eq!(js_sys::Array::from(&listed).length(), 5);
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
    fn bad_board_sizes_throw_a_readable_error() {
        for n in [0, 33, u32::MAX] {
            let error = Search::new(n, None, None).err().expect("must be an error");
            let error: JsValue = error.into();
            let message = get(&error, "message").as_string().unwrap();
            assert!(message.contains("from 1 to 32"), "{message}");
        }
    }

    #[wasm_bindgen_test]
    fn events_are_plain_objects_with_a_kind() {
        let mut search = Search::new(8, None, None).unwrap();
        let free = search.step().unwrap();
        assert_eq!(get(&free, "kind").as_string().unwrap(), "free");
        assert_eq!(get(&free, "poss").as_f64().unwrap(), 255.0);
        let tried = search.step().unwrap();
        assert_eq!(get(&tried, "kind").as_string().unwrap(), "try");
        assert_eq!(get(&tried, "column").as_f64().unwrap(), 7.0);
        let undone = search.back().unwrap();
        assert_eq!(get(&undone, "kind").as_string().unwrap(), "try");
        search.back().unwrap();
        assert!(search.back().unwrap().is_null());
    }

    fn listed(solutions: &JsValue) -> js_sys::Array {
        js_sys::Array::from(&get(solutions, "listed"))
    }

    fn number(object: &JsValue, key: &str) -> f64 {
        get(object, key).as_f64().unwrap()
    }

    /// Batching, seeking and numbering are tested natively in `play`; here, that their
    /// results reach JS as plain objects with camelCase names, and bad targets throw.
    #[wasm_bindgen_test]
    fn run_and_seek_results_are_plain_objects() {
        let mut search = Search::new(8, Some(true), None).unwrap();
        let batch = search.run(10_000_000, false, 1000).unwrap();
        assert!(get(&batch, "finished").as_bool().unwrap());
        let solutions = get(&batch, "solutions");
        let (total, unique) = published(8);
        assert_eq!(number(&solutions, "count"), total);
        assert_eq!(number(&solutions, "representatives"), unique);
        assert_eq!(search.solutions(), total);
        let second = listed(&solutions).get(1);
        assert_eq!(number(&second, "mirrorOf"), 1.0);
        assert!(number(&second, "classSize") >= 4.0);
        assert!(get(&second, "isRepresentative").as_bool().is_some());
        assert_eq!(js_sys::Array::from(&get(&second, "queens")).length(), 8);
        assert_eq!(
            get(&get(&batch, "last"), "kind").as_string().unwrap(),
            "finished"
        );
        let back = search.seek(0.0, 10_000_000, 1000).unwrap();
        assert!(get(&back, "arrived").as_bool().unwrap());
        assert!(get(&back, "lastUndone").as_bool().unwrap());
        assert_eq!(number(&get(&back, "undone"), "count"), total);
        assert_eq!(search.steps(), 0.0);
        let stopped = search.run(1_000_000, true, 0).unwrap();
        assert_eq!(
            get(&get(&stopped, "last"), "kind").as_string().unwrap(),
            "solution"
        );
        for bad in [-1.0, f64::NAN, 2.5] {
            assert!(search.seek(bad, 1, 1000).is_err(), "{bad}");
        }
    }

    #[wasm_bindgen_test]
    fn snapshot_carries_the_stack_and_the_queens() {
        let mut search = Search::new(5, None, None).unwrap();
        for _ in 0..3 {
            search.step().unwrap();
        }
        let snap = search.snapshot().unwrap();
        assert_eq!(get(&snap, "n").as_f64().unwrap(), 5.0);
        assert_eq!(get(&snap, "row").as_f64().unwrap(), 1.0);
        let queens = js_sys::Array::from(&get(&snap, "queens"));
        assert_eq!(queens.to_vec(), vec![JsValue::from(4)]);
        let detail = get(&snap, "detail");
        assert_eq!(get(&detail, "kind").as_string().unwrap(), "richards");
        let calls = js_sys::Array::from(&get(&detail, "calls"));
        assert_eq!(get(&calls.get(1), "col").as_f64().unwrap(), 1.0);
    }

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

        let mut counter = TreeCounterJs::new(8).unwrap();
        assert!(counter.total(false).unwrap().is_null());
        for i in 0..counter.parts() {
            counter.count(i).unwrap();
        }
        let total = counter.total(false).unwrap();
        assert_eq!(number(&total, "solutions"), published(8).0);
        assert_eq!(
            number(&total, "steps"),
            4.0 * number(&total, "nodes") + number(&total, "deadEnds") + 2.0
        );
        assert_eq!(js_sys::Array::from(&get(&total, "byRow")).length(), 8);
        assert!(message(counter.count(counter.parts()).unwrap_err()).contains("No part"));

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

        let mut search = Search::new(10, None, None).unwrap();
        search.run(5_000, false, 0).unwrap();
        let flat = TreeView::new().update(&search).unwrap();
        assert_eq!(flat.len() % tree::FLAT_STRIDE, 0);
        let board_scan = Search::new(6, None, Some("board-scan".into())).unwrap();
        assert!(message(TreeView::new().update(&board_scan).unwrap_err()).contains("Richards"));
        assert!(message(search.seek_node(vec![10], true, 1, 0).unwrap_err())
            .contains("at most 10 columns from 0 to 9"));
        let moved = search.seek_node(vec![9, 7], false, 1_000_000, 0).unwrap();
        assert!(get(&moved, "arrived").as_bool().unwrap());
        let queens = js_sys::Array::from(&get(&search.snapshot().unwrap(), "queens"));
        assert_eq!(queens.to_vec(), vec![JsValue::from(9), JsValue::from(7)]);
    }

    #[wasm_bindgen_test]
    fn the_limits_reach_js_as_the_core_defines_them() {
        let limits = limits().unwrap();
        assert_eq!(number(&limits, "maxN"), 32.0);
        assert_eq!(number(&limits, "wholeTreeMaxN"), 9.0);
        assert_eq!(number(&limits, "flatStride"), 10.0);
        // The largest board is the largest the core accepts.
        assert!(Search::new(32, None, None).is_ok() && Search::new(33, None, None).is_err());
        assert!(whole_tree(9, false).is_ok() && whole_tree(10, false).is_err());
    }

    #[wasm_bindgen_test]
    fn every_algorithm_is_reachable_by_name_and_stays_in_lockstep() {
        let mut searches: Vec<Search> = Kind::ALL
            .iter()
            .map(|k| Search::new(7, None, Some(k.slug().to_owned())).unwrap())
            .collect();
        for search in &mut searches {
            assert!(search.seek_nodes(25.0, 1_000_000).unwrap());
            assert_eq!(search.node_events(), 25.0);
        }
        let queens: Vec<String> = searches
            .iter()
            .map(|s| {
                format!(
                    "{:?}",
                    js_sys::Array::from(&get(&s.snapshot().unwrap(), "queens")).to_vec()
                )
            })
            .collect();
        assert!(queens.iter().all(|q| q == &queens[0]), "{queens:?}");
        let detail = get(&searches[0].snapshot().unwrap(), "detail");
        assert_eq!(get(&detail, "kind").as_string().unwrap(), "board-scan");
        // The next step places or lifts a queen only in a separate call.
        let board_scan = &mut searches[0];
        while !board_scan.step_within_node().unwrap().is_null() {}
        let batch = board_scan.run_nodes(1, 1_000_000).unwrap();
        assert_eq!(number(&batch, "taken"), 1.0);
        assert_eq!(board_scan.node_events(), 26.0);
        let error: JsValue = Search::new(8, None, Some("quantum".into()))
            .err()
            .unwrap()
            .into();
        assert!(get(&error, "message")
            .as_string()
            .unwrap()
            .contains("No algorithm “quantum”"));
        assert!(board_scan.seek_nodes(-1.0, 1).is_err());
    }
}
