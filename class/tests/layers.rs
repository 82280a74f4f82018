//! The class crate's import rule: the pure part (everything but `server/`) knows no network,
//! no runtime and no clock, so that it is tested without sockets; only `server/` uses axum and
//! tokio, and nothing below it imports it. Read from the sources, so a slip fails `cargo test`.

use std::path::Path;

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

#[test]
fn the_pure_part_knows_no_network_and_no_clock() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut checked = 0;
    for entry in std::fs::read_dir(&src).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_name().unwrap().to_string_lossy().to_string();
        if !name.ends_with(".rs") || name == "lib.rs" {
            continue;
        }
        let text = std::fs::read_to_string(&path).unwrap();
        for word in NETWORK {
            assert!(
                !text
                    .lines()
                    .any(|line| !line.trim_start().starts_with("//") && line.contains(word)),
                "{name} names {word}: only server/ may"
            );
        }
        checked += 1;
    }
    assert!(
        checked >= 5,
        "protocol, identity, limits, room, properties: {checked}"
    );
}
