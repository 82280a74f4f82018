//! The JavaScript facade: the only file that knows about wasm-bindgen.
//!
//! Every value crosses as a plain JS object (serde-wasm-bindgen), names are camelCase, and
//! bad input comes back as a thrown `Error` with a readable message, never as a panic.

use crate::count::{count_sub_problem, sub_problems, SubProblem};
use crate::plain::plain_count_with_top;
use crate::search::{Step, Stepper};
use crate::symmetry::{classify, is_representative};
use serde::Serialize;
use wasm_bindgen::prelude::*;

/// Runs when the module is instantiated: a panic (a bug) is printed with its message on the
/// console before the wasm trap reaches JS, where the page shows it.
#[wasm_bindgen(start)]
fn start() {
    console_error_panic_hook::set_once();
}

/// The stepping search, as JS sees it: `new Search(8)`, then `step()`, `back()`, `run(k)`
/// and `snapshot()`.
#[wasm_bindgen]
pub struct Search {
    stepper: Stepper,
}

/// A solution as the page lists it: its number, the step that found it, the column of the
/// queen in each row, its symmetry class, and (in mirror mode) the number of the solution it
/// is the mirror image of.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Found {
    number: u64,
    step: u64,
    queens: Vec<u32>,
    class_size: u32,
    is_representative: bool,
    mirror_of: Option<u64>,
}

/// Solutions passed by one call: how many boards (in mirror mode each solution found and its
/// mirror image), how many of those are class representatives, and the first of them in
/// full (numbers up to the caller's `keep`), so that fast play loses no count but sends the
/// page only what it lists.
#[derive(Serialize, Default)]
#[serde(rename_all = "camelCase")]
struct Solutions {
    count: u32,
    representatives: u32,
    listed: Vec<Found>,
}

/// What `run` did: how many steps it took, the last of them, and the solutions found.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Batch {
    taken: u32,
    last: Option<Step>,
    solutions: Solutions,
    finished: bool,
}

/// What `seek` did: steps moved, the last event passed (`lastUndone` when going back),
/// solutions found going forward, and solutions undone going back (counts only).
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Moved {
    taken: u32,
    last: Option<Step>,
    last_undone: bool,
    solutions: Solutions,
    undone: Solutions,
    arrived: bool,
}

#[wasm_bindgen]
impl Search {
    /// A search on an `n`×`n` board, in mirror mode when `mirror` is true (only half the
    /// first row searched; each solution stands for itself and its mirror image).
    /// Throws for `n` outside 1..=32.
    #[wasm_bindgen(constructor)]
    pub fn new(n: u32, mirror: Option<bool>) -> Result<Search, JsError> {
        let stepper = Stepper::with_mirror(n, mirror.unwrap_or(false)).map_err(js_error)?;
        Ok(Search { stepper })
    }

    /// Board size.
    #[wasm_bindgen(getter)]
    pub fn n(&self) -> u32 {
        self.stepper.n()
    }

    /// True once the search has finished.
    #[wasm_bindgen(getter)]
    pub fn finished(&self) -> bool {
        self.stepper.is_finished()
    }

    /// Steps taken from the start (a JS number: exact up to 2^53).
    #[wasm_bindgen(getter)]
    pub fn steps(&self) -> f64 {
        self.stepper.steps() as f64
    }

    /// Solutions so far, counting mirror images in mirror mode.
    #[wasm_bindgen(getter)]
    pub fn solutions(&self) -> f64 {
        (self.stepper.solutions() * self.stepper.weight()) as f64
    }

    /// One action forward; returns the event, e.g. `{kind: "try", row: 0, column: 7, bit: 1}`.
    pub fn step(&mut self) -> Result<JsValue, JsError> {
        to_js(&self.stepper.step())
    }

    /// One action back, exactly; returns the event undone, or `null` at the start.
    pub fn back(&mut self) -> Result<JsValue, JsError> {
        match self.stepper.back() {
            Some(step) => to_js(&step),
            None => Ok(JsValue::NULL),
        }
    }

    /// Up to `maxSteps` actions forward, stopping early when the search finishes, or right
    /// after a solution when `stopAtSolution` is true. Solutions numbered up to `keep` come
    /// back in full. Returns `{taken, last, solutions: {count, representatives, listed}, finished}`.
    pub fn run(
        &mut self,
        max_steps: u32,
        stop_at_solution: bool,
        keep: u32,
    ) -> Result<JsValue, JsError> {
        let mut batch = Batch {
            taken: 0,
            last: None,
            solutions: Solutions::default(),
            finished: false,
        };
        while batch.taken < max_steps && !self.stepper.is_finished() {
            let step = self.stepper.step();
            batch.taken += 1;
            batch.last = Some(step);
            if let Step::Solution { .. } = step {
                self.tally(self.stepper.solutions(), keep, &mut batch.solutions);
                if stop_at_solution {
                    break;
                }
            }
        }
        batch.finished = self.stepper.is_finished();
        to_js(&batch)
    }

    /// Moves towards step number `target` by at most `maxSteps` steps, back or forward
    /// (never past the end). `arrived` is true once there, or at the end when `target` lies
    /// beyond it. Solutions found on the way numbered up to `keep` come back in full; those
    /// undone are only counted. Throws for a target that is not a whole number >= 0.
    pub fn seek(&mut self, target: f64, max_steps: u32, keep: u32) -> Result<JsValue, JsError> {
        if !(target >= 0.0 && target.fract() == 0.0 && target <= 2f64.powi(53)) {
            return Err(JsError::new(&format!(
                "A step position must be a whole number from 0; got {target}."
            )));
        }
        let target = target as u64;
        let mut moved = Moved {
            taken: 0,
            last: None,
            last_undone: false,
            solutions: Solutions::default(),
            undone: Solutions::default(),
            arrived: false,
        };
        while moved.taken < max_steps && self.stepper.steps() > target {
            let Some(step) = self.stepper.back() else {
                break;
            };
            if let Step::Solution { .. } = step {
                // Undoing a solution leaves its queens on the board, one past the count.
                self.tally(self.stepper.solutions() + 1, 0, &mut moved.undone);
            }
            moved.taken += 1;
            (moved.last, moved.last_undone) = (Some(step), true);
        }
        while moved.taken < max_steps
            && self.stepper.steps() < target
            && !self.stepper.is_finished()
        {
            let step = self.stepper.step();
            if let Step::Solution { .. } = step {
                self.tally(self.stepper.solutions(), keep, &mut moved.solutions);
            }
            moved.taken += 1;
            (moved.last, moved.last_undone) = (Some(step), false);
        }
        moved.arrived = self.stepper.steps() == target || self.stepper.is_finished();
        to_js(&moved)
    }

    /// Everything the screen shows: `{n, row, phase, frames, queens, trying, steps, nodes,
    /// solutions, weight}` (see `Snapshot` in the core).
    pub fn snapshot(&self) -> Result<JsValue, JsError> {
        to_js(&self.stepper.snapshot())
    }
}

/// The fast counter, as a counting worker sees it: `new Counter(17)`, then `count(i)` for
/// each `i` below `subProblems`, in any order and on any worker; the parts add up.
#[wasm_bindgen]
pub struct Counter {
    n: u32,
    problems: Vec<SubProblem>,
}

#[wasm_bindgen]
impl Counter {
    /// Lists the sub-problems of an `n`×`n` board; throws for `n` outside 1..=32.
    #[wasm_bindgen(constructor)]
    pub fn new(n: u32) -> Result<Counter, JsError> {
        let problems = sub_problems(n).map_err(js_error)?;
        Ok(Counter { n, problems })
    }

    #[wasm_bindgen(getter, js_name = subProblems)]
    pub fn sub_problem_count(&self) -> u32 {
        self.problems.len() as u32
    }

    /// `{total, unique, nodes}` of sub-problem `index`; throws for an index out of range.
    pub fn count(&self, index: u32) -> Result<JsValue, JsError> {
        let problem = self.problems.get(index as usize).ok_or_else(|| {
            let last = self.problems.len() as i64 - 1;
            JsError::new(&format!(
                "No sub-problem {index}: they are numbered 0 to {last}."
            ))
        })?;
        let tally = count_sub_problem(self.n, problem).map_err(js_error)?;
        to_js(&tally)
    }
}

/// The classic recursive bitmask count of the boards whose top-row queen is in `column`
/// (`{total, unique: 0, nodes}`), for the race against the fast counter.
#[wasm_bindgen(js_name = plainCountWithTop)]
pub fn plain_count_with_top_js(n: u32, column: u32) -> Result<JsValue, JsError> {
    let tally = plain_count_with_top(n, column).map_err(js_error)?;
    to_js(&tally)
}

/// Bytes of linear memory the wasm module holds now (for the memory benchmark).
#[wasm_bindgen(js_name = wasmMemoryBytes)]
pub fn wasm_memory_bytes() -> f64 {
    (core::arch::wasm32::memory_size(0) * 65536) as f64
}

impl Search {
    /// Adds the solution on the board (all n queens placed; the `visited`-th the search
    /// reached) to `into`: every board it stands for (itself, and in mirror mode its mirror
    /// image) is counted, and listed in full when its number is at most `keep`. Allocates
    /// only for listed boards: this runs for every solution at full speed.
    fn tally(&self, visited: u64, keep: u32, into: &mut Solutions) {
        let weight = self.stepper.weight();
        let first = (visited - 1) * weight + 1;
        let n = self.stepper.n();
        let mut board = [0u32; 32];
        for (slot, column) in board.iter_mut().zip(self.stepper.queen_columns()) {
            *slot = column;
        }
        let board = &mut board[..n as usize];
        for i in 0..weight {
            if i == 1 {
                board.iter_mut().for_each(|c| *c = n - 1 - *c);
            }
            let representative = is_representative(board);
            into.count += 1;
            into.representatives += representative as u32;
            let number = first + i;
            if number <= u64::from(keep) {
                into.listed.push(Found {
                    number,
                    step: self.stepper.steps(),
                    queens: board.to_vec(),
                    class_size: classify(board).size,
                    is_representative: representative,
                    mirror_of: (i == 1).then_some(first),
                });
            }
        }
    }
}

/// Any error of the core as the `Error` JS sees, with the core's sentence as its message.
fn js_error(error: impl std::fmt::Display) -> JsError {
    JsError::new(&error.to_string())
}

fn to_js<T: Serialize>(value: &T) -> Result<JsValue, JsError> {
    serde_wasm_bindgen::to_value(value).map_err(js_error)
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
    fn the_counter_parts_add_up_to_the_published_counts_of_n8_and_n10() {
        for n in [8, 10] {
            let counter = Counter::new(n).unwrap();
            let (mut t, mut u) = (0.0, 0.0);
            for i in 0..counter.sub_problem_count() {
                let part = counter.count(i).unwrap();
                t += number(&part, "total");
                u += number(&part, "unique");
            }
            assert_eq!((t, u), published(n), "n={n}");
        }
        assert!(Counter::new(0).is_err() && Counter::new(33).is_err());
        let counter = Counter::new(8).unwrap();
        assert!(counter.count(counter.sub_problem_count()).is_err());
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
            let error = Search::new(n, None).err().expect("must be an error");
            let error: JsValue = error.into();
            let message = get(&error, "message").as_string().unwrap();
            assert!(message.contains("from 1 to 32"), "{message}");
        }
    }

    #[wasm_bindgen_test]
    fn events_are_plain_objects_with_a_kind() {
        let mut search = Search::new(8, None).unwrap();
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

    #[wasm_bindgen_test]
    fn run_to_the_end_reports_every_solution_of_n6() {
        let mut search = Search::new(6, None).unwrap();
        let batch = search.run(1_000_000, false, 1000).unwrap();
        assert!(get(&batch, "finished").as_bool().unwrap());
        let solutions = get(&batch, "solutions");
        // n = 6: 4 solutions (A000170), 1 class (A002562), so a class of 4 boards.
        assert_eq!(number(&solutions, "count"), published(6).0);
        assert_eq!(number(&solutions, "representatives"), published(6).1);
        let first = listed(&solutions).get(0);
        assert_eq!(listed(&solutions).length(), 4);
        assert_eq!(number(&first, "number"), 1.0);
        assert_eq!(number(&first, "classSize"), 4.0);
        assert_eq!(search.solutions(), published(6).0);
        assert_eq!(
            get(&get(&batch, "last"), "kind").as_string().unwrap(),
            "finished"
        );
    }

    #[wasm_bindgen_test]
    fn only_solutions_up_to_keep_are_listed_but_all_are_counted() {
        let mut search = Search::new(8, None).unwrap();
        let batch = search.run(1_000_000, false, 10).unwrap();
        let solutions = get(&batch, "solutions");
        assert_eq!(number(&solutions, "count"), published(8).0);
        assert_eq!(number(&solutions, "representatives"), published(8).1);
        let numbers: Vec<f64> = listed(&solutions)
            .iter()
            .map(|f| number(&f, "number"))
            .collect();
        assert_eq!(numbers, (1..=10).map(f64::from).collect::<Vec<_>>());
    }

    #[wasm_bindgen_test]
    fn run_can_stop_right_after_a_solution() {
        let mut search = Search::new(6, None).unwrap();
        for expected in 1..=A000170[6 - 1] {
            let batch = search.run(1_000_000, true, 1000).unwrap();
            assert_eq!(
                get(&get(&batch, "last"), "kind").as_string().unwrap(),
                "solution"
            );
            assert_eq!(number(&get(&batch, "solutions"), "count"), 1.0);
            assert_eq!(search.solutions(), expected as f64);
        }
        let rest = search.run(1_000_000, true, 1000).unwrap();
        assert!(get(&rest, "finished").as_bool().unwrap());
    }

    #[wasm_bindgen_test]
    fn seek_moves_both_ways_and_counts_solutions() {
        let mut search = Search::new(8, None).unwrap();
        let there = search.seek(8000.0, 1_000_000, 1000).unwrap();
        assert!(get(&there, "arrived").as_bool().unwrap());
        assert_eq!(search.steps(), 8000.0);
        let found = get(&there, "solutions");
        let representatives = listed(&found)
            .iter()
            .filter(|f| get(f, "isRepresentative").as_bool().unwrap())
            .count();
        assert_eq!(number(&found, "representatives"), representatives as f64);
        assert!(
            number(&found, "count") > 0.0 && representatives > 0,
            "the range must cover some"
        );
        let back = search.seek(0.0, 1_000_000, 1000).unwrap();
        let undone = get(&back, "undone");
        assert_eq!(number(&undone, "count"), number(&found, "count"));
        assert_eq!(number(&undone, "representatives"), representatives as f64);
        assert_eq!(listed(&undone).length(), 0);
        assert!(get(&back, "lastUndone").as_bool().unwrap());
        assert_eq!(search.steps(), 0.0);
        // In small slices, and past the end: it stops at the end.
        let slice = search.seek(1e12, 10, 1000).unwrap();
        assert_eq!(number(&slice, "taken"), 10.0);
        assert!(!get(&slice, "arrived").as_bool().unwrap());
        while !get(&search.seek(1e12, 100_000, 1000).unwrap(), "arrived")
            .as_bool()
            .unwrap()
        {}
        assert!(search.finished());
        assert!(search.seek(-1.0, 1, 1000).is_err());
        assert!(search.seek(f64::NAN, 1, 1000).is_err());
        assert!(search.seek(2.5, 1, 1000).is_err());
    }

    #[wasm_bindgen_test]
    fn mirror_mode_lists_each_solution_with_its_mirror_image() {
        let mut search = Search::new(8, Some(true)).unwrap();
        let batch = search.run(10_000_000, false, 1000).unwrap();
        let solutions = get(&batch, "solutions");
        let (total, unique) = published(8);
        assert_eq!(number(&solutions, "count"), total);
        assert_eq!(number(&solutions, "representatives"), unique);
        assert_eq!(search.solutions(), total);
        let (first, second) = (listed(&solutions).get(0), listed(&solutions).get(1));
        assert_eq!(number(&second, "number"), 2.0);
        assert_eq!(number(&second, "mirrorOf"), 1.0);
        let columns = |f: &JsValue| -> Vec<f64> {
            js_sys::Array::from(&get(f, "queens"))
                .iter()
                .map(|c| c.as_f64().unwrap())
                .collect()
        };
        let mirrored: Vec<f64> = columns(&second).iter().map(|c| 7.0 - c).collect();
        assert_eq!(columns(&first), mirrored);
        let back = search.seek(0.0, 10_000_000, 1000).unwrap();
        assert_eq!(number(&get(&back, "undone"), "count"), total);
        assert_eq!(number(&get(&back, "undone"), "representatives"), unique);
    }

    #[wasm_bindgen_test]
    fn snapshot_carries_the_stack_and_the_queens() {
        let mut search = Search::new(5, None).unwrap();
        for _ in 0..3 {
            search.step().unwrap();
        }
        let snap = search.snapshot().unwrap();
        assert_eq!(get(&snap, "n").as_f64().unwrap(), 5.0);
        assert_eq!(get(&snap, "row").as_f64().unwrap(), 1.0);
        let queens = js_sys::Array::from(&get(&snap, "queens"));
        assert_eq!(queens.to_vec(), vec![JsValue::from(4)]);
        let frames = js_sys::Array::from(&get(&snap, "frames"));
        assert_eq!(get(&frames.get(1), "col").as_f64().unwrap(), 1.0);
    }
}
