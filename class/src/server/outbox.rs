//! What waits to go to each connection: a bounded queue of messages, and beside it the
//! latest roster and tally and the answers' rows for a teacher ([`Updates`]).
//!
//! Invariants:
//! - effects are handed over without waiting ([`deliver`]): a connection whose queue is full,
//!   or a teacher whose rows waiting pass their bound, is closed (it catches up when it comes
//!   back), never waited for;
//! - nothing is queued for a connection after its close.

use super::app::{lock, Shared};
use crate::protocol;
use crate::room::{AnswerKey, Effect};
use bytes::Bytes;
use std::collections::BTreeMap;
use std::sync::{Arc, Mutex};
use tokio::sync::{mpsc, Notify};

/// Messages waiting for one connection, at most.
pub const SEND_QUEUE: usize = 64;

/// Answers' rows waiting for a teacher, at most, per seat of a room (`max_students` + 1): one
/// `answered` carries them all, and a student's later answer to a round replaces their row
/// waiting, so a teacher who reads has at most one row per student and round waiting. Past
/// it, the teacher's connection is closed as fallen behind, as with a full queue (`results`
/// after its `opened` catches up).
pub const ROWS_PENDING_PER_SEAT: usize = 4;

/// One message on its way to a connection.
pub(super) enum Outgoing {
    Text(Bytes),
    Close(u16, String),
}

/// One connection's way out: its queue, its kill switch (a full queue, or rows past their
/// bound), and what waits beside the queue.
pub(super) struct Outbox {
    pub(super) queue: mpsc::Sender<Outgoing>,
    pub(super) kill: Arc<Notify>,
    pub(super) updates: Arc<Updates>,
}

/// What waits for one connection outside its queue: the latest roster and tally not sent
/// yet (a burst of joins or answers replaces them), and the answers' rows not sent yet (a
/// burst of answers is joined into one `answered`), so that neither fills the queue.
#[derive(Default)]
pub(super) struct Updates {
    pending: Mutex<Pending>,
    pub(super) wake: Notify,
}

#[derive(Default)]
struct Pending {
    /// Indexed by [`crate::room::Slot`].
    latest: [Option<Bytes>; 2],
    /// One per answer (the latest row of it), at most [`Shared::rows_pending`].
    rows: BTreeMap<AnswerKey, Bytes>,
}

impl Updates {
    /// What to send now, in order: the answers' rows as one `answered`, then the latest
    /// roster and tally.
    pub(super) fn take(&self) -> Vec<Bytes> {
        let Pending { latest, rows } = std::mem::take(&mut *lock(&self.pending));
        let rows: Vec<Bytes> = rows.into_values().collect();
        let rows = (!rows.is_empty()).then(|| protocol::answered(&rows));
        rows.into_iter()
            .chain(latest.into_iter().flatten())
            .collect()
    }
}

/// Hands each effect to its connection's queue, without waiting: a full queue closes that
/// connection (it catches up when it comes back).
pub(super) fn deliver(shared: &mut Shared, effects: Vec<Effect>) {
    for effect in effects {
        let (to, outgoing, last) = match effect {
            Effect::Update { to, slot, text } => {
                if let Some(outbox) = shared.outboxes.get(&to) {
                    lock(&outbox.updates.pending).latest[slot as usize] = Some(text);
                    outbox.updates.wake.notify_one();
                }
                continue;
            }
            Effect::Append { to, answer, row } => {
                let Some(outbox) = shared.outboxes.get(&to) else {
                    continue;
                };
                let mut pending = lock(&outbox.updates.pending);
                if pending.rows.len() < shared.rows_pending || pending.rows.contains_key(&answer) {
                    pending.rows.insert(answer, row);
                    drop(pending);
                    outbox.updates.wake.notify_one();
                } else {
                    // Fallen behind, as with a full queue: `results` after `opened` catches up.
                    drop(pending);
                    outbox.kill.notify_one();
                    shared.outboxes.remove(&to);
                }
                continue;
            }
            Effect::Send { to, text } => (to, Outgoing::Text(text), false),
            Effect::Close { to, code, reason } => (to, Outgoing::Close(code, reason), true),
        };
        let Some(outbox) = shared.outboxes.get(&to) else {
            continue;
        };
        if outbox.queue.try_send(outgoing).is_err() {
            outbox.kill.notify_one();
            shared.outboxes.remove(&to);
        } else if last {
            // Nothing goes after a close; the connection ends once the close is sent.
            shared.outboxes.remove(&to);
        }
    }
}
