//! The player's facade: `Search`, a stepping search with its session's counts.

use super::{js_error, to_js, whole_number};
use crate::algorithms::Kind;
use crate::play::{self, Until};
use crate::session::landmark::Landmark;
use crate::session::predict::Topic;
use crate::session::Session;
use crate::stepping::Stepping;
use wasm_bindgen::prelude::*;

/// A stepping search with its counts (a `session::Session`), as JS sees it: `new Search(8)`
/// (Richards' bitmask) or `new Search(8, false, "board-scan")`, then `step()`, `back()`,
/// `run(k)`, `seek(step)` and `snapshot()`; `runNodes`, `seekNodes` and `stepWithinNode`
/// keep several algorithms in lockstep. Every count the page shows comes from here.
#[wasm_bindgen]
pub struct Search {
    pub(super) session: Session,
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

    /// Boards passed so far, counting mirror images in mirror mode
    /// (`Session::boards_passed`).
    #[wasm_bindgen(getter, js_name = solutions)]
    pub fn boards_passed(&self) -> f64 {
        self.session.boards_passed() as f64
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
        let until = if stop_at_solution {
            Until::Solution
        } else {
            Until::LimitOrEnd
        };
        to_js(&self.session.run(max_steps, until, keep.into()))
    }

    /// Up to `maxSteps` actions forward, stopping right after `nodes` queens were placed or
    /// lifted (or at the end). Solutions are counted, not listed. Returns a `play::Batch`.
    #[wasm_bindgen(js_name = runNodes)]
    pub fn run_nodes(&mut self, nodes: u32, max_steps: u32) -> Result<JsValue, JsError> {
        to_js(&self.session.run(max_steps, Until::Nodes(nodes.max(1)), 0))
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
    /// first: `[{step, event, solutions}]` (see `session::HistoryEntry`). The search does not move.
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
