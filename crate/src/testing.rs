//! What the workspace's tests share (this crate's, the class server's and the command
//! line's): how many cases each property test runs, and how much longer than usual a test
//! waits for a state on a slow machine.

/// The variable that sets the cases of every property test (`npm run test:slow` asks for
/// 100,000); proptest's own PROPTEST_CASES is ignored by a config that names its cases.
pub const PROPERTY_RUNS_VARIABLE: &str = "BITQUEENS_PROPERTY_RUNS";

/// The cases each property test runs: [`PROPERTY_RUNS_VARIABLE`], or `default` when it is
/// unset or empty.
///
/// # Panics
/// When the variable is set to anything but a whole number above 0: a run asked for by
/// hand must not quietly run the default.
pub fn property_runs(default: u32) -> u32 {
    runs_from(
        std::env::var(PROPERTY_RUNS_VARIABLE).ok().as_deref(),
        default,
    )
}

/// The cases that the variable's value `set` asks for (see [`property_runs`]).
fn runs_from(set: Option<&str>, default: u32) -> u32 {
    match set {
        Some(text) if !text.is_empty() => {
            text.parse().ok().filter(|&n| n > 0).unwrap_or_else(|| {
                panic!("{PROPERTY_RUNS_VARIABLE} must be a whole number of cases, got {text:?}")
            })
        }
        _ => default,
    }
}

/// The variable that widens every bound a test waits for a state within (1 to 100; the
/// page's end-to-end tests read the same one: tests/support/patience.js).
pub const TIME_SCALE_VARIABLE: &str = "BITQUEENS_TIME_SCALE";

/// `bound` widened by [`TIME_SCALE_VARIABLE`]: a slow machine reaches the same states later.
///
/// # Panics
/// When the variable is set to anything but a number from 1 to 100.
pub fn patience(bound: std::time::Duration) -> std::time::Duration {
    bound.mul_f64(scale_from(
        std::env::var(TIME_SCALE_VARIABLE).ok().as_deref(),
    ))
}

fn scale_from(set: Option<&str>) -> f64 {
    match set.map(str::trim) {
        None | Some("") => 1.0,
        Some(text) => text
            .parse::<f64>()
            .ok()
            .filter(|scale| (1.0..=100.0).contains(scale))
            .unwrap_or_else(|| {
                panic!("{TIME_SCALE_VARIABLE} is {text:?}: set it to a number from 1 to 100 (how many times longer the tests wait for a state), or unset it")
            }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_variable_sets_the_cases_and_junk_is_refused() {
        assert_eq!(runs_from(None, 10_000), 10_000);
        assert_eq!(runs_from(Some(""), 10_000), 10_000);
        assert_eq!(runs_from(Some("250"), 10_000), 250);
        for junk in ["0", "-3", "ten", "1e5"] {
            let refused = std::panic::catch_unwind(|| runs_from(Some(junk), 10_000));
            assert!(refused.is_err(), "{junk}");
        }
    }

    #[test]
    fn the_time_scale_widens_bounds_and_junk_is_refused() {
        assert_eq!(scale_from(None), 1.0);
        assert_eq!(scale_from(Some(" ")), 1.0);
        assert_eq!(scale_from(Some("3")), 3.0);
        for junk in ["0.5", "101", "slow", "NaN"] {
            assert!(
                std::panic::catch_unwind(|| scale_from(Some(junk))).is_err(),
                "{junk}"
            );
        }
    }
}
