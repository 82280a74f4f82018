//! The JavaScript facade: the only file that knows about wasm-bindgen.
//!
//! Every value crosses as a plain JS object (serde-wasm-bindgen), names are camelCase, and
//! bad input comes back as a thrown `Error` with a readable message, never as a panic.

use crate::search::{Step, Stepper};
use crate::symmetry::classify;
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

/// What `run` did: how many steps it took, the last of them, and every solution found on
/// the way, so fast play loses none.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Batch {
    taken: u32,
    last: Option<Step>,
    solutions: Vec<Found>,
    finished: bool,
}

/// What `seek` did: steps moved, the last event passed (`lastUndone` when going back),
/// solutions found going forward, and solutions undone going back (with how many of those
/// were class representatives, so that the page's unique count follows).
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Moved {
    taken: u32,
    last: Option<Step>,
    last_undone: bool,
    solutions: Vec<Found>,
    undone_solutions: u32,
    undone_representatives: u32,
    arrived: bool,
}

#[wasm_bindgen]
impl Search {
    /// A search on an `n`×`n` board, in mirror mode when `mirror` is true (only half the
    /// first row searched; each solution stands for itself and its mirror image).
    /// Throws for `n` outside 1..=32.
    #[wasm_bindgen(constructor)]
    pub fn new(n: u32, mirror: Option<bool>) -> Result<Search, JsError> {
        let stepper = Stepper::with_mirror(n, mirror.unwrap_or(false))
            .map_err(|e| JsError::new(&e.to_string()))?;
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
    /// after a solution when `stopAtSolution` is true. Returns `{taken, last, solutions, finished}`.
    pub fn run(&mut self, max_steps: u32, stop_at_solution: bool) -> Result<JsValue, JsError> {
        let mut batch = Batch {
            taken: 0,
            last: None,
            solutions: Vec::new(),
            finished: false,
        };
        while batch.taken < max_steps && !self.stepper.is_finished() {
            let step = self.stepper.step();
            batch.taken += 1;
            batch.last = Some(step);
            if let Step::Solution { .. } = step {
                batch.solutions.extend(self.found(self.stepper.solutions()));
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
    /// beyond it. Throws for a target that is not a whole number >= 0.
    pub fn seek(&mut self, target: f64, max_steps: u32) -> Result<JsValue, JsError> {
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
            solutions: Vec::new(),
            undone_solutions: 0,
            undone_representatives: 0,
            arrived: false,
        };
        while moved.taken < max_steps && self.stepper.steps() > target {
            let Some(step) = self.stepper.back() else {
                break;
            };
            if let Step::Solution { .. } = step {
                // Undoing a solution leaves its queens on the board, one past the count.
                for found in self.found(self.stepper.solutions() + 1) {
                    moved.undone_solutions += 1;
                    moved.undone_representatives += found.is_representative as u32;
                }
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
                moved.solutions.extend(self.found(self.stepper.solutions()));
            }
            moved.taken += 1;
            (moved.last, moved.last_undone) = (Some(step), false);
        }
        moved.arrived = self.stepper.steps() == target || self.stepper.is_finished();
        to_js(&moved)
    }

    /// Everything the screen shows: `{n, row, phase, frames, queens, trying, steps, nodes,
    /// solutions}` (see `Snapshot` in the core).
    pub fn snapshot(&self) -> Result<JsValue, JsError> {
        to_js(&self.stepper.snapshot())
    }
}

/// Bytes of linear memory the wasm module holds now (for the memory benchmark).
#[wasm_bindgen(js_name = wasmMemoryBytes)]
pub fn wasm_memory_bytes() -> f64 {
    (core::arch::wasm32::memory_size(0) * 65536) as f64
}

impl Search {
    /// The solution on the board (all n queens placed), the `visited`-th the search reached
    /// (1-based); in mirror mode followed by its mirror image.
    fn found(&self, visited: u64) -> Vec<Found> {
        let weight = self.stepper.weight();
        let number = (visited - 1) * weight + 1;
        let step = self.stepper.steps();
        let queens = self.stepper.queens();
        let n = self.stepper.n();
        let mirrored = (weight == 2).then(|| queens.iter().map(|&c| n - 1 - c).collect());
        std::iter::once((queens, None))
            .chain(mirrored.map(|m| (m, Some(number))))
            .enumerate()
            .map(|(i, (queens, mirror_of))| {
                let class = classify(&queens);
                Found {
                    number: number + i as u64,
                    step,
                    queens,
                    class_size: class.size,
                    is_representative: class.is_representative,
                    mirror_of,
                }
            })
            .collect()
    }
}

fn to_js<T: Serialize>(value: &T) -> Result<JsValue, JsError> {
    serde_wasm_bindgen::to_value(value).map_err(|e| JsError::new(&e.to_string()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use wasm_bindgen_test::*;

    wasm_bindgen_test_configure!(run_in_browser);

    fn get(object: &JsValue, key: &str) -> JsValue {
        js_sys::Reflect::get(object, &JsValue::from_str(key)).unwrap()
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

    #[wasm_bindgen_test]
    fn run_to_the_end_reports_every_solution_of_n6() {
        let mut search = Search::new(6, None).unwrap();
        let batch = search.run(1_000_000, false).unwrap();
        assert!(get(&batch, "finished").as_bool().unwrap());
        let solutions = js_sys::Array::from(&get(&batch, "solutions"));
        // OEIS A000170: 4 solutions for n = 6; A002562: 1 class, of 4 boards.
        assert_eq!(solutions.length(), 4);
        let first = solutions.get(0);
        assert_eq!(get(&first, "number").as_f64().unwrap(), 1.0);
        assert_eq!(get(&first, "classSize").as_f64().unwrap(), 4.0);
        let representatives = solutions
            .iter()
            .filter(|f| get(f, "isRepresentative").as_bool().unwrap())
            .count();
        assert_eq!(representatives, 1);
        assert_eq!(search.solutions(), 4.0);
        assert_eq!(
            get(&get(&batch, "last"), "kind").as_string().unwrap(),
            "finished"
        );
    }

    #[wasm_bindgen_test]
    fn run_can_stop_right_after_a_solution() {
        let mut search = Search::new(6, None).unwrap();
        for expected in 1..=4 {
            let batch = search.run(1_000_000, true).unwrap();
            assert_eq!(
                get(&get(&batch, "last"), "kind").as_string().unwrap(),
                "solution"
            );
            assert_eq!(js_sys::Array::from(&get(&batch, "solutions")).length(), 1);
            assert_eq!(search.solutions(), expected as f64);
        }
        let rest = search.run(1_000_000, true).unwrap();
        assert!(get(&rest, "finished").as_bool().unwrap());
    }

    #[wasm_bindgen_test]
    fn seek_moves_both_ways_and_counts_solutions() {
        let mut search = Search::new(8, None).unwrap();
        let there = search.seek(8000.0, 1_000_000).unwrap();
        assert!(get(&there, "arrived").as_bool().unwrap());
        assert_eq!(search.steps(), 8000.0);
        let found = js_sys::Array::from(&get(&there, "solutions"));
        let representatives = found
            .iter()
            .filter(|f| get(f, "isRepresentative").as_bool().unwrap())
            .count();
        assert!(
            found.length() > 0 && representatives > 0,
            "the range must cover some"
        );
        let back = search.seek(0.0, 1_000_000).unwrap();
        assert_eq!(
            get(&back, "undoneSolutions").as_f64().unwrap(),
            found.length() as f64
        );
        assert_eq!(
            get(&back, "undoneRepresentatives").as_f64().unwrap(),
            representatives as f64
        );
        assert!(get(&back, "lastUndone").as_bool().unwrap());
        assert_eq!(search.steps(), 0.0);
        // In small slices, and past the end: it stops at the end.
        let slice = search.seek(1e12, 10).unwrap();
        assert_eq!(get(&slice, "taken").as_f64().unwrap(), 10.0);
        assert!(!get(&slice, "arrived").as_bool().unwrap());
        while !get(&search.seek(1e12, 100_000).unwrap(), "arrived")
            .as_bool()
            .unwrap()
        {}
        assert!(search.finished());
        assert!(search.seek(-1.0, 1).is_err());
        assert!(search.seek(f64::NAN, 1).is_err());
        assert!(search.seek(2.5, 1).is_err());
    }

    #[wasm_bindgen_test]
    fn mirror_mode_lists_each_solution_with_its_mirror_image() {
        let mut search = Search::new(8, Some(true)).unwrap();
        let batch = search.run(10_000_000, false).unwrap();
        let solutions = js_sys::Array::from(&get(&batch, "solutions"));
        // OEIS A000170 and A002562 for n = 8: 92 solutions, 12 unique.
        assert_eq!(solutions.length(), 92);
        assert_eq!(search.solutions(), 92.0);
        let representatives = solutions
            .iter()
            .filter(|f| get(f, "isRepresentative").as_bool().unwrap())
            .count();
        assert_eq!(representatives, 12);
        let second = solutions.get(1);
        assert_eq!(get(&second, "number").as_f64().unwrap(), 2.0);
        assert_eq!(get(&second, "mirrorOf").as_f64().unwrap(), 1.0);
        let first: Vec<f64> = js_sys::Array::from(&get(&solutions.get(0), "queens"))
            .iter()
            .map(|c| c.as_f64().unwrap())
            .collect();
        let mirrored: Vec<f64> = js_sys::Array::from(&get(&second, "queens"))
            .iter()
            .map(|c| 7.0 - c.as_f64().unwrap())
            .collect();
        assert_eq!(first, mirrored);
        let back = search.seek(0.0, 10_000_000).unwrap();
        assert_eq!(get(&back, "undoneSolutions").as_f64().unwrap(), 92.0);
        assert_eq!(get(&back, "undoneRepresentatives").as_f64().unwrap(), 12.0);
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
