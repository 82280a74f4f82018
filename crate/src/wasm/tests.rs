use super::count::*;
use super::names::*;
use super::search::*;
use super::tree::*;
use crate::algorithms::Kind;
use crate::count::{Method, Plan};
use crate::published::{A000170, A002562};
use crate::tree;
use wasm_bindgen::prelude::*;
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
            let mut counter = CountWorker::new(n, method).unwrap();
            assert_eq!(counter.method(), method);
            let (mut t, mut u) = (0.0, 0.0);
            for i in 0..counter.sub_problem_count() {
                let part = counter.count_sub_problem(i).unwrap();
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
        assert!(CountWorker::new(0, method).is_err() && CountWorker::new(33, method).is_err());
        let mut counter = CountWorker::new(8, method).unwrap();
        assert!(counter
            .count_sub_problem(counter.sub_problem_count())
            .is_err());
    }
    assert!(CountWorker::new(24, "meet").is_err() && CountWorker::new(8, "fast").is_err());
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
        let counter = CountWorker::new(10, method).unwrap();
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
        let eight = CountWorker::new(8, method.slug()).unwrap().fingerprint();
        assert_eq!(eight.len(), 16);
        assert!(eight.bytes().all(|b| b.is_ascii_hexdigit()));
        let native = Plan::new(8, method).unwrap().fingerprint().to_string();
        assert_eq!(eight, native);
        assert_ne!(
            eight,
            CountWorker::new(9, method.slug()).unwrap().fingerprint()
        );
    }
    assert_ne!(
        CountWorker::new(8, "meet").unwrap().fingerprint(),
        CountWorker::new(8, "backtrack").unwrap().fingerprint()
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
    assert_eq!(search.boards_passed(), total);
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

    let mut counter = TreeSizeByParts::new(8).unwrap();
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
    assert_eq!(text(&meet, "workUnit"), "half-boards");
    assert_eq!(get(&meet, "partsHaveUnique").as_bool(), Some(false));
    assert_eq!(text(&backtrack, "slug"), "backtrack");
    assert_eq!(text(&backtrack, "name"), "backtracking");
    assert_eq!(number(&backtrack, "largestN"), 32.0);
    assert_eq!(text(&backtrack, "workUnit"), "nodes");
    assert_eq!(get(&backtrack, "partsHaveUnique").as_bool(), Some(true));
    // Each slug makes a counter, and the largest board is the last it takes.
    for method in [meet, backtrack] {
        let (slug, largest) = (text(&method, "slug"), number(&method, "largestN") as u32);
        assert!(CountWorker::new(8, &slug).is_ok());
        assert!(CountWorker::new(largest + 1, &slug).is_err());
    }
}
