//! The class crate's import rule: the pure part (everything but `server/`) knows no network,
//! no runtime and no clock, so that it is tested without sockets; only `server/` uses axum and
//! tokio, and nothing below it imports it. Read from the sources, so a slip fails `cargo test`.

use std::path::{Path, PathBuf};

/// What the pure modules may not name.
const NETWORK: [&str; 10] = [
    "axum",
    "hyper",
    "libc",
    "tokio",
    "std::net",
    "Instant",
    "SystemTime",
    "getrandom",
    "crate::server",
    "socket2",
];

/// The pure part's files: every `.rs` under `dir` but `server/` and `lib.rs`.
fn pure_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_name().unwrap().to_string_lossy().to_string();
        if path.is_dir() {
            if name != "server" {
                pure_files(&path, out);
            }
        } else if name.ends_with(".rs") && name != "lib.rs" {
            out.push(path);
        }
    }
}

#[test]
fn the_pure_part_knows_no_network_and_no_clock() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    pure_files(&src, &mut files);
    for path in &files {
        let name = path.strip_prefix(&src).unwrap().display();
        let text = std::fs::read_to_string(path).unwrap();
        for word in NETWORK {
            assert!(
                !text
                    .lines()
                    .any(|line| !line.trim_start().starts_with("//") && line.contains(word)),
                "{name} names {word}: only server/ may"
            );
        }
    }
    let names: Vec<String> = files
        .iter()
        .map(|p| p.strip_prefix(&src).unwrap().display().to_string())
        .collect();
    for pure in ["hub.rs", "protocol.rs", "room/mod.rs", "room/out.rs"] {
        assert!(names.iter().any(|n| n == pure), "{pure} among {names:?}");
    }
    assert!(
        !names.iter().any(|n| n.starts_with("server")),
        "server/ is not the pure part"
    );
}
