//! The player's facade: `Search`, a stepping search with its session's counts.

use super::{js_error, to_js, whole_number};
use crate::algorithms::Kind;
use crate::play::{self, Until};
use crate::session::landmark::Landmark;
use crate::session::predict::{Answer, Outcome, Topic};
use crate::session::Session;
use crate::stepping::Stepping;
use std::collections::HashMap;
use wasm_bindgen::prelude::*;

#[wasm_bindgen]
extern "C" {
    /// JS's `Reflect.get(target, key)`: `target[key]`; throws (caught) when `target` is no
    /// object.
    #[wasm_bindgen(js_namespace = Reflect, js_name = get, catch)]
    fn reflect_get(target: &JsValue, key: &JsValue) -> Result<JsValue, JsValue>;
}

/// Field `name` of the JS object `object`, when it is one.
fn field(object: &JsValue, name: &str) -> Option<JsValue> {
    if !object.is_object() {
        return None;
    }
    reflect_get(object, &JsValue::from_str(name)).ok()
}

/// Field `name` of `object` as a u32: a whole number from 0 to 2^32 - 1, else `None`.
fn field_u32(object: &JsValue, name: &str) -> Option<u32> {
    let value = field(object, name)?.as_f64()?;
    (value >= 0.0 && value.fract() == 0.0 && value <= f64::from(u32::MAX)).then_some(value as u32)
}

/// `value` read as an answer (`{form: "digits", mask}`, `{form: "rows", ld, col, rd}` or
/// `{form: "outcome", outcome}`), field by field (lighter in the wasm than a serde reader of
/// the tagged enum); `None` for anything else.
fn read_answer(value: &JsValue) -> Option<Answer> {
    Some(match field(value, "form")?.as_string()?.as_str() {
        "digits" => Answer::Digits {
            mask: field_u32(value, "mask")?,
        },
        "rows" => Answer::Rows {
            ld: field_u32(value, "ld")?,
            col: field_u32(value, "col")?,
            rd: field_u32(value, "rd")?,
        },
        "outcome" => Answer::Outcome {
            outcome: match field(value, "outcome")?.as_string()?.as_str() {
                "place" => Outcome::Place,
                "back" => Outcome::Back,
                "solution" => Outcome::Solution,
                _ => return None,
            },
        },
        _ => return None,
    })
}

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
    ///
    /// `"yours"` is the learner's loop and needs `program`, a plain object of the four loop
    /// exercises' answers (`{"free-squares": src, "lowest-bit": src, "take-it-away": src,
    /// "next-row": src}`); it throws, with the exercise and the place, for an answer that
    /// does not parse, is illegal or over budget (a wrong one runs: see `leftPath` in the
    /// snapshot).
    #[wasm_bindgen(constructor)]
    pub fn new(
        n: u32,
        mirror: Option<bool>,
        algorithm: Option<String>,
        program: Option<JsValue>,
    ) -> Result<Search, JsError> {
        let kind = match algorithm {
            Some(slug) => Kind::from_slug(&slug).map_err(js_error)?,
            None => Kind::Richards,
        };
        let mirror = mirror.unwrap_or(false);
        if kind == Kind::Yours {
            let sources: HashMap<String, String> = match program {
                Some(value) if value.is_object() => serde_wasm_bindgen::from_value(value)
                    .map_err(|_| {
                        JsError::new("Your program must be an object of answers, each a string.")
                    })?,
                _ => {
                    return Err(JsError::new(
                        "Your program needs its answers: an object {\"free-squares\": …, \"lowest-bit\": …, \"take-it-away\": …, \"next-row\": …}.",
                    ))
                }
            };
            let session =
                Session::yours(n, mirror, |slug| sources.get(slug).cloned()).map_err(js_error)?;
            return Ok(Search { session });
        }
        let session = Session::new(kind, n, mirror).map_err(js_error)?;
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
    #[wasm_bindgen(getter, js_name = boardsPassed)]
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
    /// back in full. Returns `{taken, last, boardsPassed: {count, representatives, listed}, finished}`
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
    /// first: `[{step, event, boardsPassed}]` (see `session::HistoryEntry`). The search does not move.
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

    /// Predict mode: why `given` (`{form: "digits", mask}`, `{form: "rows", ld, col, rd}` or
    /// `{form: "outcome", outcome}`) is not the answer to `question` (as `question()` gave
    /// it, the search still where it was asked), in the core's one line
    /// (`Session::reason`): a string, or `null` when the answer is right. The search does
    /// not move. Throws, never panics, for a question or an answer it cannot read, or a
    /// question that is not the one before the next step.
    pub fn reason(&self, question: JsValue, given: JsValue) -> Result<JsValue, JsError> {
        const ANSWERS: &str = "{form: \"digits\", mask}, {form: \"rows\", ld, col, rd} or {form: \"outcome\", outcome: \"place\", \"back\" or \"solution\"}";
        let topic = field(&question, "topic")
            .and_then(|topic| topic.as_string())
            .ok_or_else(|| js_error("Not a question of Predict's: it has no topic."))?;
        let topic = Topic::from_slug(&topic).map_err(js_error)?;
        let complement = field(&question, "complement").is_some_and(|c| c.is_truthy());
        let right = field(&question, "answer")
            .and_then(|answer| read_answer(&answer))
            .ok_or_else(|| js_error(format!("The question's answer is not one of {ANSWERS}.")))?;
        let given = read_answer(&given)
            .ok_or_else(|| js_error(format!("The answer given is not one of {ANSWERS}.")))?;
        let reason = self
            .session
            .reason(topic, complement, right, given)
            .map_err(js_error)?;
        Ok(reason.map_or(JsValue::NULL, |line| JsValue::from_str(&line)))
    }

    /// Everything the screen shows: `{algorithm, n, row, queens, candidates, tried, trying,
    /// rejected, steps, nodes, operations, found, weight, finished, detail}` (see
    /// `algorithms::State`; Richards' `detail` holds its `phase` and `calls`) and the
    /// session's counts `{boardsPassed, unique, classesBySize, kept, last}` (see
    /// `session::Snapshot`).
    pub fn snapshot(&self) -> Result<JsValue, JsError> {
        to_js(&self.session.snapshot())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::wasm::names::predict_topics;
    use crate::wasm::test_support::*;
    use wasm_bindgen_test::*;

    #[wasm_bindgen_test]
    fn a_fork_stands_where_the_search_does_and_steps_alone() {
        let mut search = Search::new(8, None, None, None).unwrap();
        search.seek(100.0, 1000, 0).unwrap();
        let mut fork = search.fork();
        assert_eq!(fork.steps(), search.steps());
        fork.seek(150.0, 1000, 0).unwrap();
        assert_eq!(fork.steps(), 150.0);
        assert_eq!(search.steps(), 100.0);
    }

    #[wasm_bindgen_test]
    fn a_question_names_its_topic_and_answer_and_does_not_move_the_search() {
        let mut search = Search::new(4, None, None, None).unwrap();
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
    fn a_wrong_answer_has_the_cores_reason_and_bad_input_throws() {
        let search = Search::new(4, None, None, None).unwrap();
        let topics = vec!["free-squares".to_string()];
        let question = search.question(topics, 0).unwrap();
        let digits =
            |mask: u32| to_js(&serde_json::json!({"form": "digits", "mask": mask})).unwrap();
        // The empty first row of 4: every square free (0b1111); marking squares off the board.
        let off = search.reason(question.clone(), digits(0b11111)).unwrap();
        assert_eq!(
            off.as_string().unwrap(),
            "Some digits lie off the board: a mask has one digit per column."
        );
        assert!(search
            .reason(question.clone(), digits(15))
            .unwrap()
            .is_null());
        let wrong_kind =
            to_js(&serde_json::json!({"form": "outcome", "outcome": "place"})).unwrap();
        assert!(search
            .reason(question.clone(), wrong_kind)
            .unwrap()
            .is_string());
        for junk in [
            JsValue::NULL,
            JsValue::from_str("digits"),
            to_js(&serde_json::json!({"form": "digits", "mask": -1})).unwrap(),
            to_js(&serde_json::json!({"form": "digits", "mask": 1.5})).unwrap(),
            to_js(&serde_json::json!({"form": "bits"})).unwrap(),
        ] {
            assert!(search.reason(question.clone(), junk).is_err());
        }
        assert!(search.reason(JsValue::NULL, digits(1)).is_err());
        let elsewhere = Search::new(5, None, None, None).unwrap();
        assert!(
            elsewhere.reason(question, digits(1)).is_err(),
            "another board's question"
        );
    }

    #[wasm_bindgen_test]
    fn bad_board_sizes_throw_a_readable_error() {
        for n in [0, 33, u32::MAX] {
            let error = Search::new(n, None, None, None)
                .err()
                .expect("must be an error");
            let error: JsValue = error.into();
            let message = get(&error, "message").as_string().unwrap();
            assert!(message.contains("from 1 to 32"), "{message}");
        }
    }

    #[wasm_bindgen_test]
    fn events_are_plain_objects_with_a_kind() {
        let mut search = Search::new(8, None, None, None).unwrap();
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

    /// Batching, seeking and numbering are tested natively in `play`; here, that their
    /// results reach JS as plain objects with camelCase names, and bad targets throw.
    #[wasm_bindgen_test]
    fn run_and_seek_results_are_plain_objects() {
        let mut search = Search::new(8, Some(true), None, None).unwrap();
        let batch = search.run(10_000_000, false, 1000).unwrap();
        assert!(get(&batch, "finished").as_bool().unwrap());
        let passed = get(&batch, "boardsPassed");
        let (total, unique) = published(8);
        assert_eq!(number(&passed, "count"), total);
        assert_eq!(number(&passed, "representatives"), unique);
        assert_eq!(search.boards_passed(), total);
        assert_eq!(number(&search.snapshot().unwrap(), "boardsPassed"), total);
        let second = listed(&passed).get(1);
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
        let mut search = Search::new(5, None, None, None).unwrap();
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

    #[wasm_bindgen_test]
    fn every_algorithm_is_reachable_by_name_and_stays_in_lockstep() {
        let mut searches: Vec<Search> = Kind::ALL
            .iter()
            .map(|k| Search::new(7, None, Some(k.slug().to_owned()), None).unwrap())
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
        let error: JsValue = Search::new(8, None, Some("quantum".into()), None)
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
