//! One WebSocket connection of the relay: its messages read, rate-limited and handed to the
//! [`App`]; what the hub sends it written, each send waiting at most [`SEND_WAIT`]; pinged,
//! and closed when silent, unseated too long, fallen behind or refused.
//!
//! Invariants:
//! - each connection is pinged, and sent a `beat`, every [`PING_EVERY`]; one silent for
//!   [`SILENT_LIMIT`] (no message, no pong) is closed, and its student shown as gone;
//! - one that takes no seat within [`OPENING_WAIT`] is refused and closed;
//! - its seat is left when its task ends, however it ends (a panic included).

use super::app::{lock, App};
use super::outbox::{Outbox, Outgoing, Updates, SEND_QUEUE};
use super::tcp::Lease;
use crate::limits::{Admit, Rate};
use crate::protocol::{self, Refusal, CLOSE_POLICY, CLOSE_TOO_BIG};
use crate::room::ConnId;
use axum::extract::ws::{CloseFrame, Message, Utf8Bytes, WebSocket};
use bytes::Bytes;
use futures_util::{SinkExt, StreamExt};
use std::net::IpAddr;
use std::sync::atomic::Ordering;
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::{mpsc, Notify};

/// How long a new connection has to send its opening message (teach, resumeTeaching, join),
/// unless [`Config::opening_wait`] says otherwise.
pub const OPENING_WAIT: Duration = Duration::from_secs(10);

/// How often the server pings each connection, unless [`Config::ping_every`] says otherwise.
pub const PING_EVERY: Duration = Duration::from_secs(15);

/// A connection from which nothing came (no message, no pong) for this long is closed, unless
/// [`Config::silent_limit`] says otherwise: a phone that dropped off the network without a
/// goodbye is then shown as gone.
pub const SILENT_LIMIT: Duration = Duration::from_secs(45);

/// How long one message (or ping) may wait to go into a connection's socket: a client that
/// does not read for this long is closed as fallen behind (it catches up when it comes back).
pub const SEND_WAIT: Duration = Duration::from_secs(2);

/// Ends a connection's seat when its task ends, however it ends (a panic included).
struct Seat {
    app: Arc<App>,
    conn: ConnId,
}

impl Drop for Seat {
    fn drop(&mut self) {
        let (app, conn) = (&self.app, self.conn);
        lock(&app.shared).outboxes.remove(&conn);
        let now = app.now_ms();
        app.with_hub(|hub| hub.leave(conn, now), None);
    }
}

/// Sends one close frame, waiting at most a second for a client that does not read, then
/// reads what the client still sends until it closes too (at most a second more): a socket
/// closed with unread data is reset, and the client would lose the close frame and its reason.
async fn close_with<S, R>(sink: &mut S, stream: &mut R, code: u16, reason: &str)
where
    S: futures_util::Sink<Message> + Unpin,
    R: futures_util::Stream<Item = Result<Message, axum::Error>> + Unpin,
{
    let frame = CloseFrame {
        code,
        reason: Utf8Bytes::from(reason),
    };
    let sent = tokio::time::timeout(
        Duration::from_secs(1),
        sink.send(Message::Close(Some(frame))),
    )
    .await;
    if matches!(sent, Ok(Ok(()))) {
        let drain = async {
            while let Some(Ok(message)) = stream.next().await {
                if matches!(message, Message::Close(_)) {
                    break;
                }
            }
        };
        let _ = tokio::time::timeout(Duration::from_secs(1), drain).await;
    }
}

/// Sends `message`, waiting at most [`SEND_WAIT`]: false when it did not go (the socket
/// failed, or the client has not read for that long).
async fn send_within<S>(sink: &mut S, message: Message) -> bool
where
    S: futures_util::Sink<Message> + Unpin,
{
    matches!(
        tokio::time::timeout(SEND_WAIT, sink.send(message)).await,
        Ok(Ok(()))
    )
}

pub(super) async fn connection(socket: WebSocket, app: Arc<App>, (peer, lease): (IpAddr, Lease)) {
    let conn = app.next_conn.fetch_add(1, Ordering::Relaxed);
    let (queue, mut outgoing) = mpsc::channel(SEND_QUEUE);
    let kill = Arc::new(Notify::new());
    let updates = Arc::new(Updates::default());
    lock(&app.shared).outboxes.insert(
        conn,
        Outbox {
            queue,
            kill: kill.clone(),
            updates: updates.clone(),
        },
    );
    let _seat = Seat {
        app: app.clone(),
        conn,
    };
    lock(&app.shared)
        .hub
        .connected(conn, super::app::network(peer));
    let (mut sink, mut stream) = socket.split();
    // Every frame the client sends counts, pings too (each one is answered with a pong).
    let mut rate = Rate::new(app.messages_per_second, app.message_burst, app.now_ms());
    // A connection that takes no seat soon is closed: open sockets cost memory, seats are
    // capped and joins rate-limited, so idle unseated ones would be the way around both.
    let mut seated = false;
    // Until it has a seat, a newcomer may displace it (see `crate::admission`): it closes then.
    let mut settled = false;
    let opening = tokio::time::sleep(app.opening_wait);
    tokio::pin!(opening);
    // Pinged every `ping_every`; closed when nothing (a message, a pong) came for
    // `silent_limit`: a browser answers pings by itself, a phone gone off the network does not.
    let mut heard = tokio::time::Instant::now();
    let mut pings = tokio::time::interval_at(heard + app.ping_every, app.ping_every);
    pings.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        tokio::select! {
            biased;
            _ = pings.tick() => {
                if heard.elapsed() >= app.silent_limit {
                    let reason = "Your connection stopped answering: reconnect to catch up.";
                    close_with(&mut sink, &mut stream, CLOSE_POLICY, reason).await;
                    break;
                }
                if !send_within(&mut sink, Message::Ping(Bytes::from_static(b"bq"))).await {
                    break;
                }
                // A page cannot see pings: the beat tells it the server is there.
                if !send_within(&mut sink, Message::Text(app.beat.clone())).await {
                    break;
                }
            }
            _ = lease.evicted(), if !settled => break,
            _ = &mut opening, if !seated => {
                let refusal = Refusal::fatal("first", format!(
                    "A connection starts with teach, resumeTeaching or join within {} seconds.",
                    app.opening_wait.as_secs().max(1)));
                app.with_hub(|hub| hub.refused(conn, refusal), Some(conn));
                seated = true; // the close is queued; the deadline is spent
            }
            _ = kill.notified() => {
                close_with(&mut sink, &mut stream, CLOSE_POLICY, "Your connection fell behind: reconnect to catch up.").await;
                break;
            }
            next = outgoing.recv() => match next {
                Some(Outgoing::Text(text)) => {
                    let Ok(text) = Utf8Bytes::try_from(text) else { continue };
                    tokio::select! {
                        sent = send_within(&mut sink, Message::Text(text)) => if !sent { break },
                        _ = kill.notified() => break,
                    }
                }
                Some(Outgoing::Close(code, reason)) => {
                    close_with(&mut sink, &mut stream, code, &reason).await;
                    break;
                }
                None => break,
            },
            _ = updates.wake.notified() => {
                for text in updates.take() {
                    let Ok(text) = Utf8Bytes::try_from(text) else { continue };
                    tokio::select! {
                        sent = send_within(&mut sink, Message::Text(text)) => if !sent { return },
                        _ = kill.notified() => return,
                    }
                }
            }
            incoming = stream.next() => match incoming.inspect(|_| heard = tokio::time::Instant::now()) {
                None | Some(Ok(Message::Close(_))) => break,
                Some(Err(error)) => {
                    let said = error.to_string();
                    if said.contains("Message too long") || said.contains("Space limit") {
                        let reason = format!("A message is at most {} KiB.", protocol::MAX_MESSAGE_BYTES / 1024);
                        close_with(&mut sink, &mut stream, CLOSE_TOO_BIG, &reason).await;
                    }
                    break;
                }
                Some(Ok(Message::Binary(_))) => {
                    let refusal = Refusal::fatal("binary", "A message is JSON text, not binary.");
                    app.with_hub(|hub| hub.refused(conn, refusal), Some(conn));
                }
                Some(Ok(frame)) => {
                    let refusal = match rate.admit(app.now_ms()) {
                        Admit::Pass => None,
                        Admit::Drop => continue,
                        Admit::DropTelling => Some(Refusal::soft("rate", format!(
                            "Too many messages: at most {} a second; this one was dropped.", app.messages_per_second))),
                        Admit::Flood => Some(Refusal::fatal("flood", format!(
                            "Too many messages: at most {} a second.", app.messages_per_second))),
                    };
                    if let Some(refusal) = refusal {
                        app.with_hub(|hub| hub.refused(conn, refusal), Some(conn));
                        continue;
                    }
                    let Message::Text(text) = frame else { continue }; // a ping or a pong
                    let has_seat = app.message(conn, peer, text.as_str()).await;
                    seated = has_seat || seated;
                    if has_seat && !settled {
                        lease.seated();
                        settled = true;
                    }
                }
            }
        }
    }
}
