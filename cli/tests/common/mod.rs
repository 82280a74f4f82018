//! Running the `bitqueens` command as a user runs it, and a scratch folder per test.
#![allow(dead_code)] // each test file uses its own share of these

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// Runs `bitqueens ARGS` to its end.
pub fn bitqueens(args: &[&str]) -> Output {
    command(args).output().unwrap()
}

/// `bitqueens ARGS`, not started yet.
pub fn command(args: &[&str]) -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_bitqueens"));
    command.args(args);
    command
}

/// The JSON printed by a run that must succeed.
pub fn json(args: &[&str]) -> serde_json::Value {
    let out = bitqueens(args);
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).unwrap()
}

/// A run that must fail with status 1; returns its stderr.
pub fn refused(args: &[&str]) -> String {
    let out = bitqueens(args);
    let err = String::from_utf8_lossy(&out.stderr).to_string();
    assert_eq!(out.status.code(), Some(1), "{args:?} should fail: {err}");
    err
}

/// An empty folder of its own for one test, removed when dropped.
pub struct Scratch(pub PathBuf);

impl Scratch {
    pub fn new(name: &str) -> Scratch {
        let dir = std::env::temp_dir().join(format!("bitqueens-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        Scratch(dir)
    }

    /// A path in the folder, as a string for the command line.
    pub fn file(&self, name: &str) -> String {
        self.0.join(name).display().to_string()
    }

    /// Writes `text` to `name` and returns its path.
    pub fn write(&self, name: &str, text: &str) -> String {
        std::fs::write(self.0.join(name), text).unwrap();
        self.file(name)
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// The lines of a file.
pub fn lines(path: impl AsRef<Path>) -> Vec<String> {
    std::fs::read_to_string(path)
        .unwrap()
        .lines()
        .map(str::to_string)
        .collect()
}
