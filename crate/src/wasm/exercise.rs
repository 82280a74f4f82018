//! Write it's facade: the exercises (`exercises()`) and the check of an answer
//! (`checkAnswer(slug, source)`). The learner's loop is `new Search(n, mirror, "yours",
//! program)` (see `search`).

use super::{js_error, to_js};
use crate::exercise::{catalogue, check_answer_on};
use serde::Serialize;
use wasm_bindgen::prelude::*;

/// Every exercise, in order, as `exercise::schema::Exercise` serializes it (camelCase; never
/// the reference).
#[wasm_bindgen]
pub fn exercises() -> Result<JsValue, JsError> {
    to_js(&catalogue::all())
}

/// The slugs of the exercises that make the learner's loop, in the order the loop runs them
/// (the keys of the `program` that `new Search(n, mirror, "yours", program)` takes).
#[wasm_bindgen(js_name = loopExercises)]
pub fn loop_exercises() -> Vec<String> {
    catalogue::LOOP
        .iter()
        .map(|&slug| slug.to_owned())
        .collect()
}

/// The lines of an answer that hold code, as the core's lexer reads them: each from its first
/// token to its last, comments and blank lines left out. Never throws.
#[wasm_bindgen(js_name = codeLines)]
pub fn code_lines(source: &str) -> Vec<String> {
    crate::exercise::lang::code_lines(source)
}

/// Checks `source` as an answer to the exercise `slug`: `{verdict, summary, operators,
/// maxOperators, dlc, diagnostics: [{from, to, line, column, message, severity, rendered}],
/// counterexample, checked: {states, edge, random}}` (see `exercise::Report`). Never throws
/// for any source; throws only for a slug that is no exercise. `n` and `mirror` name the board
/// the learner is looking at: a wrong answer's counterexample is on it when the answer fails
/// there (any other or absent board: the smallest board of at least 4 columns where it fails).
#[wasm_bindgen(js_name = checkAnswer)]
pub fn check_answer_js(
    slug: &str,
    source: &str,
    n: Option<u32>,
    mirror: Option<bool>,
) -> Result<JsValue, JsError> {
    let (index, exercise) =
        catalogue::find(slug).ok_or_else(|| js_error(catalogue::unknown(slug)))?;
    // `null`, not `undefined`, for what is absent (`counterexample`, `step`), as the page's
    // contract says.
    let plain = serde_wasm_bindgen::Serializer::new()
        .serialize_maps_as_objects(true)
        .serialize_missing_as_null(true);
    let board = n.map(|n| (n, mirror.unwrap_or(false)));
    check_answer_on(index, exercise, source, board)
        .serialize(&plain)
        .map_err(js_error)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::wasm::search::Search;
    use crate::wasm::test_support::*;
    use wasm_bindgen_test::*;

    /// The loop's reference answers as the page sends them, with `changed` in place of one.
    fn program(changed: Option<(&str, &str)>) -> JsValue {
        let object = js_sys::Object::new();
        for slug in catalogue::LOOP {
            let mut source = catalogue::find(slug).unwrap().1.reference.clone();
            if let Some((which, answer)) = changed {
                if which == slug {
                    source = answer.to_owned();
                }
            }
            js_sys::Reflect::set(&object, &slug.into(), &source.into()).unwrap();
        }
        object.into()
    }

    #[wasm_bindgen_test]
    fn your_program_runs_as_a_search_and_finds_the_published_count() {
        for n in [1, 6, 8] {
            let mut search =
                Search::new(n, None, Some("yours".into()), Some(program(None))).unwrap();
            search.run(u32::MAX, false, 0).unwrap();
            assert!(search.finished());
            assert_eq!(search.boards_passed(), published(n).0, "n={n}");
            let snapshot = search.snapshot().unwrap();
            // `leftPath` is absent (undefined, as every `None` of a snapshot) on Richards' path.
            assert!(get(&snapshot, "leftPath").is_falsy());
            assert_eq!(
                get(&get(&snapshot, "detail"), "kind").as_string().unwrap(),
                "yours"
            );
        }
    }

    #[wasm_bindgen_test]
    fn a_wrong_loop_runs_and_says_where_it_left_richards_path() {
        let wrong = program(Some(("free-squares", "poss = ~(ld | col | rd);")));
        let mut search = Search::new(6, None, Some("yours".into()), Some(wrong)).unwrap();
        search.run(1_000, false, 0).unwrap();
        let left = get(&search.snapshot().unwrap(), "leftPath");
        assert_eq!(number(&left, "step"), 1.0);
        assert!(get(&left, "reason").as_string().unwrap().contains("& done"));
        let illegal = program(Some(("take-it-away", "poss = poss * bit;")));
        assert!(Search::new(6, None, Some("yours".into()), Some(illegal)).is_err());
        assert!(Search::new(6, None, Some("yours".into()), None).is_err());
    }

    #[wasm_bindgen_test]
    fn exercises_reach_js_without_their_references() {
        let all = js_sys::Array::from(&exercises().unwrap());
        assert!(all.length() >= 10);
        let first = all.get(0);
        assert_eq!(get(&first, "slug").as_string().unwrap(), "free-squares");
        assert_eq!(number(&first, "maxOperators"), 4.0);
        assert_eq!(get(&first, "loop").as_bool(), Some(true));
        assert!(get(&first, "reference").is_undefined());
    }

    #[wasm_bindgen_test]
    fn a_right_answer_is_correct_and_a_wrong_one_has_a_counterexample_on_the_search() {
        let right = check_answer_js(
            "free-squares",
            "poss = ~(ld | col | rd) & done;",
            None,
            None,
        )
        .unwrap();
        assert_eq!(get(&right, "verdict").as_string().unwrap(), "correct");
        assert!(get(&right, "counterexample").is_null());
        let wrong = check_answer_js("lowest-bit", "bit = poss & (poss - 1);", None, None).unwrap();
        assert_eq!(get(&wrong, "verdict").as_string().unwrap(), "wrong");
        let example = get(&wrong, "counterexample");
        assert_eq!(get(&example, "origin").as_string().unwrap(), "search");
        assert!(number(&example, "step") >= 0.0);
        assert_eq!(get(&example, "output").as_string().unwrap(), "bit");
        // The board on screen is preferred, with its mirror mode.
        let on_six = check_answer_js(
            "lowest-bit",
            "bit = poss & (poss - 1);",
            Some(6),
            Some(true),
        );
        let example = get(&on_six.unwrap(), "counterexample");
        assert_eq!(number(&example, "n"), 6.0);
        assert_eq!(get(&example, "mirror").as_bool(), Some(true));
    }

    #[wasm_bindgen_test]
    fn any_source_comes_back_as_a_verdict_and_an_unknown_slug_throws() {
        let deep = format!("poss = {}ld;", "(".repeat(5_000));
        let unary = format!("poss = {}ld;", "~".repeat(9_000));
        let chain = format!("poss = {}l;", "l|".repeat(4_900));
        let sources = [
            "",
            "poss = ld * 2;",
            "💥",
            "poss = 0x1FF;",
            &deep,
            &unary,
            &chain,
        ];
        for source in sources {
            let report = check_answer_js("free-squares", source, None, None).unwrap();
            let diagnostics = js_sys::Array::from(&get(&report, "diagnostics"));
            assert!(diagnostics.length() >= 1, "{source:.20}");
            assert!(number(&diagnostics.get(0), "to") >= number(&diagnostics.get(0), "from"));
        }
        assert!(check_answer_js("no-such-exercise", "x = 1;", None, None).is_err());
    }
}
