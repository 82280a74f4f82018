//! `bitqueens count N --gpu`: the core's split counted by its WGSL kernel through wgpu, on this
//! machine's GPU, or on Mesa's lavapipe (a Vulkan driver on the CPU, Debian's
//! mesa-vulkan-drivers, which .ci/run installs) where there is none. Built with the `gpu`
//! feature (`npm test` builds it: `cargo test --workspace --features bitqueens-cli/gpu`);
//! without it, `--gpu` says how to build it.

mod common;

use common::*;

#[cfg(feature = "gpu")]
#[test]
fn every_board_from_1_to_13_counts_as_published_on_the_gpu() {
    for n in 1..=13u32 {
        let (total, unique) = bitqueens::published::counts(n).unwrap();
        let report = json(&["count", &n.to_string(), "--gpu", "--json", "--quiet"]);
        assert_eq!(report["total"], total, "{n}: {report}");
        assert_eq!(report["unique"], unique, "{n}: {report}");
        assert_eq!(report["device"], "gpu");
        assert!(
            report["adapter"].as_str().is_some_and(|a| !a.is_empty()),
            "{report}"
        );
        let split = &report["partialBoards"];
        assert!(split.as_u64().is_some(), "{report}");
    }
    // The text says the split and the adapter; progress goes to stderr, chunk by chunk.
    let out = bitqueens(&["count", "12", "--gpu", "--unique"]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.starts_with("N = 12: 14200 solutions\nN = 12: 1787 unique up to symmetry\n378 partial boards (the first 3 rows preset) in "), "{text}");
    assert!(text.contains(" chunks on the GPU "), "{text}");
    assert!(String::from_utf8_lossy(&out.stderr).contains(" chunks of partial boards, "));
}

#[cfg(feature = "gpu")]
#[test]
fn a_board_past_the_splits_largest_is_refused_with_a_sentence() {
    let err = refused(&["count", "23", "--gpu"]);
    assert!(
        err.contains("the GPU counts boards up to 22×22; got 23"),
        "{err}"
    );
}

// On macOS, Metal is always there: no driver file to hide.
#[cfg(all(feature = "gpu", not(target_os = "macos")))]
#[test]
fn without_a_gpu_the_count_is_a_sentence_and_status_1_never_a_number() {
    // No Vulkan driver to be found (the loader reads only these files).
    let out = command(&["count", "10", "--gpu"])
        .env("VK_ICD_FILENAMES", "/nonexistent/bitqueens.json")
        .env("VK_DRIVER_FILES", "/nonexistent/bitqueens.json")
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(err.contains("no GPU was found"), "{err}");
    assert!(out.stdout.is_empty(), "nothing printed as a count");
}

#[cfg(not(feature = "gpu"))]
#[test]
fn a_build_without_the_gpu_counter_says_how_to_get_it() {
    let err = refused(&["count", "10", "--gpu"]);
    assert!(err.contains("--features gpu"), "{err}");
}

#[test]
fn the_gpu_takes_no_shard_journal_or_threads() {
    for extra in [
        ["--shard", "1/2"],
        ["--journal", "x.journal"],
        ["--threads", "2"],
    ] {
        let out = bitqueens(&[&["count", "10", "--gpu"][..], &extra[..]].concat());
        assert_eq!(
            out.status.code(),
            Some(2),
            "{extra:?}: clap refuses the pair"
        );
        assert!(String::from_utf8_lossy(&out.stderr).contains("cannot be used with"));
    }
}
