//! The live class of `bitqueens serve`: the teacher's step on every student's board, the
//! room's answers as a histogram.
//!
//! - [`protocol`]: the messages, parsed and written (docs/class-protocol.md in words);
//! - [`identity`]: join codes, secrets, names (randomness injected);
//! - [`room`]: one room: its seats, rounds, tallies, histogram and results, as effects;
//! - [`hub`]: every room of a server, who sits where, roles, rejoining and expiry, with no
//!   sockets and no clock of its own;
//! - [`server`]: the thin network layer (axum and tokio) that serves the page and relays.
//!
//! The floors import down only: `server` uses `hub` (and `room`'s effects), `hub` uses `room`,
//! `room` uses `protocol`, `hub` also `identity` and `limits` is used by `server`; all of them
//! use the core (`bitqueens`) for the questions and their grading.

pub mod hub;
pub mod identity;
pub mod limits;
pub mod protocol;
pub mod room;
pub mod server;

#[cfg(test)]
mod properties;
