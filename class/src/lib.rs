//! The live class of `bitqueens serve`: the teacher's step on every student's board, the
//! room's answers as a histogram.
//!
//! - [`protocol`]: the messages, parsed and written (docs/class-protocol.md in words);
//! - [`identity`]: join codes, secrets, names (randomness injected);
//! - [`room`]: rooms, roles, rounds, tallies, expiry, with no sockets and no clock of its own;
//! - [`server`]: the thin network layer (axum and tokio) that serves the page and relays.
//!
//! The floors import down only: `server` uses `room`, `room` uses `protocol` and `identity`,
//! and all of them use the core (`bitqueens`) for the questions and their grading.

pub mod identity;
pub mod limits;
pub mod protocol;
pub mod room;
pub mod server;

#[cfg(test)]
mod properties;
