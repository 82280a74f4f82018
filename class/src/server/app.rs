//! What every connection shares: the hub, the connections' outboxes and the join limit,
//! behind one lock.
//!
//! Invariants:
//! - the lock is held only around the hub's pure calls and the non-blocking hand-over of
//!   their effects ([`deliver`]), so each connection gets messages in the hub's order;
//! - a message takes the lock once (an `ask` twice: its question is made outside it, on a
//!   blocking thread, as the seek may take a while);
//! - a panic under the lock is caught and its connection refused; a poisoned lock is taken
//!   over ([`lock`]), so no room dies of it;
//! - only wrong guesses count against the join limit ([`Guesses`], keyed by [`guesser`]): an
//!   opening that proves a secret, or joins an open room ([`Hub::guess`]), is not counted;
//!   a guesser whose wrong guesses are spent is refused whatever it guesses (the same refusal, right or wrong).

use super::outbox::{deliver, Outbox};
use super::page::Page;
use crate::hub::{Guess, Hub};
use crate::limits::Guesses;
use crate::protocol::{self, ClientMessage, Refusal};
use crate::room::{self, ConnId, Effect};
use axum::extract::ws::Utf8Bytes;
use std::collections::HashMap;
use std::net::{IpAddr, Ipv6Addr};
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::atomic::AtomicU64;
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::{Duration, Instant};

/// The state behind the lock.
pub(super) struct Shared {
    pub(super) hub: Hub,
    pub(super) outboxes: HashMap<ConnId, Outbox>,
    /// Answers' rows waiting for one teacher, at most
    /// ([`super::outbox::ROWS_PENDING_PER_SEAT`] per seat of a room).
    pub(super) rows_pending: usize,
    /// Wrong guesses per [`guesser`] and in all, per minute.
    pub(super) guesses: Guesses<IpAddr>,
}

/// The server's state and settings, one for all its connections.
pub(super) struct App {
    pub(super) shared: Mutex<Shared>,
    pub(super) next_conn: AtomicU64,
    pub(super) started: Instant,
    pub(super) page: Page,
    pub(super) messages_per_second: u32,
    pub(super) message_burst: u32,
    pub(super) opening_wait: Duration,
    pub(super) ping_every: Duration,
    pub(super) silent_limit: Duration,
    /// `beat`, serialized once.
    pub(super) beat: Utf8Bytes,
}

/// Takes a lock, poisoned or not: a panic under it left the state as the pure calls left
/// it, which is still a state they accept.
pub(super) fn lock<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    mutex
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// Who a guess at a join code is counted against: an IPv4 address, or an IPv6 address's
/// /64 (one household or phone is given a whole /64, and may pick any address in it). An
/// IPv4 address written as IPv6 (`::ffff:a.b.c.d`) is that IPv4 address.
pub fn guesser(ip: IpAddr) -> IpAddr {
    match ip {
        IpAddr::V4(_) => ip,
        IpAddr::V6(v6) => match v6.to_ipv4_mapped() {
            Some(v4) => IpAddr::V4(v4),
            None => {
                let [a, b, c, d, ..] = v6.segments();
                IpAddr::V6(Ipv6Addr::new(a, b, c, d, 0, 0, 0, 0))
            }
        },
    }
}

/// The network of a connection from `ip`, as the hub numbers it: its [`guesser`] as 128 bits
/// (an IPv4 address as its IPv6-mapped form, so no two differ only by how they were written).
pub fn network(ip: IpAddr) -> crate::room::Network {
    match guesser(ip) {
        IpAddr::V4(v4) => u128::from(v4.to_ipv6_mapped()),
        IpAddr::V6(v6) => u128::from(v6),
    }
}

/// Runs `call` on the hub of `shared` and hands its effects over; a panic in it refuses
/// `conn` (when the call was for one).
fn run(shared: &mut Shared, conn: Option<ConnId>, call: impl FnOnce(&mut Hub) -> Vec<Effect>) {
    let effects = match catch_unwind(AssertUnwindSafe(|| call(&mut shared.hub))) {
        Ok(effects) => effects,
        Err(_) => match conn {
            Some(conn) => shared.hub.refused(
                conn,
                Refusal::fatal(
                    "internal",
                    "The class server could not handle this message.",
                ),
            ),
            None => Vec::new(),
        },
    };
    deliver(shared, effects);
}

impl App {
    pub(super) fn now_ms(&self) -> u64 {
        self.started.elapsed().as_millis() as u64
    }

    /// Runs `call` on the hub under the lock, and hands its effects over before letting go.
    pub(super) fn with_hub(
        &self,
        call: impl FnOnce(&mut Hub) -> Vec<Effect>,
        conn: Option<ConnId>,
    ) {
        run(&mut lock(&self.shared), conn, call);
    }

    /// The text `text` from `conn` (from `peer`), handled: parsed, a guess counted against
    /// the join limit, handed to the hub. True when `conn` has a seat after it.
    pub(super) async fn message(&self, conn: ConnId, peer: IpAddr, text: &str) -> bool {
        let message = match protocol::parse(text) {
            Ok(ClientMessage::Ask { topic, .. }) => return self.ask(conn, &topic).await,
            Ok(message) => message,
            Err(refusal) => {
                let mut shared = lock(&self.shared);
                run(&mut shared, Some(conn), |hub| hub.refused(conn, refusal));
                return shared.hub.is_seated(conn);
            }
        };
        let now = self.now_ms();
        let mut shared = lock(&self.shared);
        let guess = shared.hub.guess(&message);
        let guesser = guesser(peer);
        if guess != Guess::None && !shared.guesses.may_guess(&guesser, now) {
            let seconds = shared.guesses.retry_in_ms(&guesser, now).div_ceil(1000) as u32;
            let refusal = Refusal::fatal(
                "joins",
                format!(
                    "Too many attempts to join from this address: try again in {seconds} second{}.",
                    if seconds == 1 { "" } else { "s" }
                ),
            )
            .retry_in(seconds);
            run(&mut shared, Some(conn), |hub| hub.refused(conn, refusal));
        } else {
            match guess {
                Guess::Wrong(guessed) => shared.guesses.wrong(guesser, guessed, now),
                Guess::Right => shared.guesses.right(guesser, now),
                Guess::None => {}
            }
            run(&mut shared, Some(conn), |hub| {
                hub.handle(conn, message, now)
            });
        }
        shared.hub.is_seated(conn)
    }

    /// `ask` from `conn`: planned under the lock, the question made outside it on a blocking
    /// thread, then opened under the lock (unless the board moved meanwhile).
    async fn ask(&self, conn: ConnId, topic: &str) -> bool {
        let (mut plan, mut seated) = (None, false);
        self.with_hub(
            |hub| {
                seated = hub.is_seated(conn);
                match hub.ask_plan(conn, topic) {
                    Ok(made) => {
                        plan = Some(made);
                        Vec::new()
                    }
                    Err(effects) => effects,
                }
            },
            Some(conn),
        );
        let Some(plan) = plan else { return seated };
        let asked = plan.clone();
        let made = tokio::task::spawn_blocking(move || room::question_at(&asked))
            .await
            .unwrap_or_else(|_| Err("The class server could not make this question.".to_string()));
        let now = self.now_ms();
        self.with_hub(|hub| hub.open_question(conn, &plan, made, now), Some(conn));
        seated
    }
}

/// The clock of the rooms: every few seconds, rooms whose time is over end, and the join
/// limit forgets the minutes that are over.
pub(super) async fn tick(app: Arc<App>) {
    let mut interval = tokio::time::interval(Duration::from_secs(5));
    loop {
        interval.tick().await;
        let now = app.now_ms();
        let mut shared = lock(&app.shared);
        run(&mut shared, None, |hub| hub.tick(now));
        shared.guesses.forget_old(now);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn guesses_are_counted_per_ipv4_address_and_per_ipv6_64() {
        let ip = |text: &str| text.parse::<IpAddr>().unwrap();
        assert_eq!(guesser(ip("192.0.2.7")), ip("192.0.2.7"));
        assert_eq!(guesser(ip("::ffff:192.0.2.7")), ip("192.0.2.7"));
        assert_eq!(
            guesser(ip("2001:db8:1:2:aaaa:bbbb:cccc:dddd")),
            ip("2001:db8:1:2::")
        );
        assert_ne!(
            guesser(ip("2001:db8:1:2::1")),
            guesser(ip("2001:db8:1:3::1")),
            "another /64 is another guesser"
        );
        // A client rotating through its /64 meets the one limit: 20 a minute, then refused.
        let mut joins = crate::limits::Window::new(20, 100);
        let allowed = (0..100u16)
            .filter(|&i| {
                let rotated = IpAddr::V6(Ipv6Addr::new(0x2001, 0xdb8, 1, 2, i, 7, i, 9));
                joins.allow(guesser(rotated), 1_000)
            })
            .count();
        assert_eq!(allowed, 20);
        // Its neighbours on other /64s are not held back by it.
        assert!(joins.allow(guesser(ip("2001:db8:1:3::1")), 1_000));
        // A network, for a takeover, is the guesser: one number however it was written.
        assert_eq!(network(ip("192.0.2.7")), network(ip("::ffff:192.0.2.7")));
        assert_eq!(
            network(ip("2001:db8:1:2::1")),
            network(ip("2001:db8:1:2::9"))
        );
        assert_ne!(network(ip("192.0.2.7")), network(ip("192.0.2.8")));
        assert_ne!(
            network(ip("2001:db8:1:2::1")),
            network(ip("2001:db8:1:3::1"))
        );
    }
}
