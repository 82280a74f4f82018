//! What the property tests of the command line's readers share (report_properties.rs,
//! journal_properties.rs): how many cases each runs, `BITQUEENS_PROPERTY_RUNS` or 10,000
//! (`npm run test:slow` asks for more; proptest's own PROPTEST_CASES is ignored by
//! `with_cases`, hence a variable of ours), how a valid input is damaged, and what an error
//! message must read like.

use proptest::test_runner::Config;

/// The proptest configuration of every property test here.
pub fn config() -> Config {
    let cases = match std::env::var("BITQUEENS_PROPERTY_RUNS") {
        Ok(text) if !text.is_empty() => text.parse().ok().filter(|&n| n > 0).unwrap_or_else(|| {
            panic!("BITQUEENS_PROPERTY_RUNS must be a whole number of cases, got {text:?}")
        }),
        _ => 10_000,
    };
    // No regression files written into the source tree: a counter-example found becomes an
    // example test beside the property.
    Config {
        cases,
        failure_persistence: None,
        ..Config::default()
    }
}

/// Applies `edits` to `items`, each (kind, at, item): kind 0 inserts `item` at `at`, 1 deletes
/// the item at `at`, 2 replaces it; `at` is taken modulo the length + 1 (at the end, only an
/// insert does anything).
pub fn apply_edits<T>(items: &mut Vec<T>, edits: Vec<(u8, usize, T)>) {
    for (kind, at, item) in edits {
        let i = at % (items.len() + 1);
        match kind {
            0 => items.insert(i, item),
            _ if i == items.len() => {}
            1 => {
                items.remove(i);
            }
            _ => items[i] = item,
        }
    }
}

/// Fails unless `message` reads as the end of a sentence after the file's name and a colon
/// ("FILE: …", "journal FILE: …"): it starts with a word and ends with a full stop after one.
pub fn assert_sentence(message: &str) {
    assert!(
        message.starts_with(|c: char| c.is_alphanumeric()),
        "{message:?} starts with a word"
    );
    assert!(
        message.ends_with('.') && !message.ends_with(";.") && !message.ends_with(" ."),
        "{message:?} ends with a full stop after a word"
    );
}
