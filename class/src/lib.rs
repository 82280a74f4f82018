//! The live class of `bitqueens serve`: the teacher's step on every student's board, the
//! room's answers as a histogram.
//!
//! - [`protocol`]: the messages, parsed and written (docs/class-protocol.md in words);
//! - [`identity`]: join codes, secrets, names (randomness injected);
//! - [`admission`]: which connections are held open, seated ones first, when many come;
//! - [`lookalike`]: names that may pass for another's or the teacher's, marked for the teacher;
//! - [`room`]: one room, its state behind its own methods: seats, questions and rounds, the
//!   answers taken, and what it shows (roster, tally, histogram, results), as effects;
//! - [`hub`]: every room of a server: the codes, who sits where, roles, rejoining and
//!   expiry; it routes each input to its room, with no sockets and no clock of its own;
//! - [`server`]: the thin network layer (axum and tokio) that serves the page and relays.
//!
//! The floors import down only: `server` uses `hub` (and `room`'s effects) and `limits`, `hub`
//! uses `room`, `room` uses `protocol`; `hub` and `room` use `identity`; all of them use the
//! core (`bitqueens`) for the questions and their grading.

pub mod admission;
pub mod hub;
pub mod identity;
pub mod limits;
pub mod lookalike;
pub mod protocol;
pub mod room;
pub mod server;

#[cfg(test)]
mod properties;
