//! What an input to a room becomes: the [`Effect`]s that the network layer carries out,
//! built up in an [`Out`].
//!
//! Invariant: a message is serialized once ([`protocol::encode`]); a broadcast shares its
//! bytes among every connection it goes to.

use crate::protocol::{self, Refusal, ResultRow, ServerMessage, CLOSE_NORMAL};
use bytes::Bytes;

/// A connection, numbered by the network layer.
pub type ConnId = u64;

/// What the network layer does for the rooms.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Effect {
    /// Send this text (one JSON message) to that connection.
    Send { to: ConnId, text: Bytes },
    /// A state that connection needs only the latest of (the roster, the tally): it may
    /// replace one of the same slot not sent yet, and may overtake messages sent before.
    Update { to: ConnId, slot: Slot, text: Bytes },
    /// One answer's row (`answered`) for the teacher on that connection: the rows not sent
    /// yet go together as one message, a later row of the same `answer` replacing the
    /// earlier, so that a burst of answers never fills the queue and waits as at most one
    /// row per student and round. Like an update, it may overtake messages sent before (of
    /// two rows for one answer, the page keeps the later).
    Append {
        to: ConnId,
        answer: AnswerKey,
        row: Bytes,
    },
    /// Close that connection (after what was sent before) with this code and reason.
    Close {
        to: ConnId,
        code: u16,
        reason: String,
    },
}

/// Which answer a row is: (question id, round, the student's number in the room).
pub type AnswerKey = (u64, u32, u32);

/// The kinds of [`Effect::Update`]: each connection keeps at most one of each waiting.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Slot {
    /// The teacher's `roster`.
    Roster = 0,
    /// The teacher's `tally`.
    Tally = 1,
}

/// The effects of one input, in order.
#[derive(Default)]
pub(crate) struct Out {
    pub(crate) effects: Vec<Effect>,
}

impl Out {
    pub(crate) fn send(&mut self, to: ConnId, message: &ServerMessage) {
        let text = protocol::encode(message);
        self.effects.push(Effect::Send { to, text });
    }

    /// `message` (a roster or a tally) as the latest of its slot.
    pub(crate) fn update(&mut self, to: ConnId, message: ServerMessage) {
        let slot = match message {
            ServerMessage::Tally { .. } => Slot::Tally,
            _ => Slot::Roster,
        };
        let text = protocol::encode(&message);
        self.effects.push(Effect::Update { to, slot, text });
    }

    /// `row` for the teacher on `to`, joined with the others not sent yet (`answered`).
    pub(crate) fn append(&mut self, to: ConnId, row: &ResultRow) {
        let answer = (row.question, row.round, row.student_id);
        let row = protocol::encode_row(row);
        self.effects.push(Effect::Append { to, answer, row });
    }

    pub(crate) fn send_all(
        &mut self,
        to: impl IntoIterator<Item = ConnId>,
        message: &ServerMessage,
    ) {
        let text = protocol::encode(message);
        for conn in to {
            self.effects.push(Effect::Send {
                to: conn,
                text: text.clone(),
            });
        }
    }

    pub(crate) fn refuse(&mut self, to: ConnId, refusal: Refusal) {
        self.send(
            to,
            &ServerMessage::Error {
                code: refusal.code,
                reason: refusal.reason.clone(),
                fatal: refusal.close.is_some(),
                retry_in_seconds: refusal.retry_in_seconds,
            },
        );
        if let Some(code) = refusal.close {
            self.effects.push(Effect::Close {
                to,
                code,
                reason: close_reason(&refusal.reason),
            });
        }
    }

    pub(crate) fn close(&mut self, to: ConnId, reason: &str) {
        self.effects.push(Effect::Close {
            to,
            code: CLOSE_NORMAL,
            reason: close_reason(reason),
        });
    }
}

/// A close frame's reason holds at most 123 bytes: a longer sentence is replaced by a
/// shorter one (the whole one went in the `error` before the close).
pub(crate) fn close_reason(reason: &str) -> String {
    if reason.len() <= 123 {
        reason.to_string()
    } else {
        "The class server refused a message: its error says why.".to_string()
    }
}
