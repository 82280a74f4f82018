//! The thin network layer of the live class: axum and tokio around the pure [`Hub`]. It
//! serves the page (carried in the binary, or from `--dir`), `GET /class/hello`, the short
//! join link `GET /c/CODE`, and the WebSocket relay `GET /class/ws`.
//!
//! Invariants:
//! - the hub is behind one lock, held only around its pure calls and the non-blocking
//!   hand-over of their effects (so each connection gets messages in the hub's order); a
//!   panic under it is caught, and a poisoned lock is taken over, so no room dies of it;
//! - each connection has a send queue of [`SEND_QUEUE`] messages: one that lets it fill is
//!   closed, never waited for; and each send to its socket waits at most [`SEND_WAIT`]: one
//!   that does not read is closed past it, even if its queue never fills (a few large
//!   rosters fill the kernel's buffers first); the latest roster and tally, and the answers'
//!   rows for a teacher (one per answer, at most [`ROWS_PENDING_PER_SEAT`] per seat of a room,
//!   joined into one `answered`), wait beside the queue, never in it;
//! - each connection is pinged, and sent a `beat`, every [`PING_EVERY`]; one silent for [`SILENT_LIMIT`] (no
//!   message, no pong) is closed, and its student shown as gone;
//! - connections open at once are capped, in all and per address ([`connection_caps`]); one
//!   over a cap is answered 503 and closed within [`GOODBYE_WAIT`], never queued (at most
//!   [`GOODBYES`] such at once; past them, closed without a word); a connection's place is
//!   given back when its socket is dropped, however the connection ended (HTTP or WebSocket,
//!   closed by either side, or cut by one of the waits below);
//! - a write that the client's socket takes nothing of for [`WRITE_WAIT`] fails, and the
//!   connection with it (HTTP or WebSocket; a WebSocket's own [`SEND_WAIT`] is shorter): a
//!   client that stops reading cannot hold its place;
//! - a request's head must arrive within [`HEADER_WAIT`] of the connection's start or of the
//!   previous answer (so an idle keep-alive connection is closed too);
//! - nothing internal (a panic, a path, an error's debug text) is sent to a client;
//! - a request whose `Host` is not one of this server's names ([`Hosts`]) is refused (421)
//!   on every route, before any of them: a page of another site whose name was made to point
//!   here (DNS rebinding) reads nothing and joins nothing.

mod page;

use crate::hub::{Hub, Limits};
use crate::identity::{self, Random};
use crate::limits::{Bucket, Full, Open, Window};
use crate::protocol::{self, ClientMessage, Refusal, CLOSE_POLICY, CLOSE_TOO_BIG};
use crate::room::{self, AnswerKey, ConnId, Effect};
use axum::extract::ws::{CloseFrame, Message, Utf8Bytes, WebSocket, WebSocketUpgrade};
use axum::extract::{ConnectInfo, Path, State};
use axum::http::{header, HeaderMap, StatusCode};
use axum::response::{IntoResponse, Redirect, Response};
use axum::routing::get;
use axum::Router;
use bytes::Bytes;
use futures_util::{SinkExt, StreamExt};
use std::collections::{BTreeMap, HashMap};
use std::net::{IpAddr, SocketAddr};
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::PathBuf;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::{Duration, Instant};
use tokio::io::{AsyncRead, AsyncWrite};
use tokio::net::TcpStream;
use tokio::sync::{mpsc, watch, Notify};

/// Messages waiting for one connection, at most.
pub const SEND_QUEUE: usize = 64;

/// Answers' rows waiting for a teacher, at most, per seat of a room (`max_students` + 1): one
/// `answered` carries them all, and a student's later answer to a round replaces their row
/// waiting, so a teacher who reads has at most one row per student and round waiting. Past
/// it, the teacher's connection is closed as fallen behind, as with a full queue (`results`
/// after its `opened` catches up).
pub const ROWS_PENDING_PER_SEAT: usize = 4;

/// How long a new connection has to send its opening message (teach, resumeTeaching, join),
/// unless [`Config::opening_wait`] says otherwise.
pub const OPENING_WAIT: Duration = Duration::from_secs(10);

/// How often the server pings each connection, unless [`Config::ping_every`] says otherwise.
pub const PING_EVERY: Duration = Duration::from_secs(15);

/// A connection from which nothing came (no message, no pong) for this long is closed, unless
/// [`Config::silent_limit`] says otherwise: a phone that dropped off the network without a
/// goodbye is then shown as gone.
pub const SILENT_LIMIT: Duration = Duration::from_secs(45);

/// The kernel's send buffer asked for each connection, in bytes (Linux doubles it).
pub const SEND_BUFFER: usize = 32 * 1024;

/// How long one message (or ping) may wait to go into a connection's socket: a client that
/// does not read for this long is closed as fallen behind (it catches up when it comes back).
pub const SEND_WAIT: Duration = Duration::from_secs(2);

/// How long a connection has to send a request's head (from its start, or from the answer
/// to its previous request), unless [`Config::header_wait`] says otherwise: a socket that
/// sends nothing, or half a head, or stays idle between requests, is closed after it.
pub const HEADER_WAIT: Duration = Duration::from_secs(10);

/// How long a connection's socket may take nothing of what is written to it (no byte at
/// all) before the connection is closed, unless [`Config::write_wait`] says otherwise. Reset
/// by every byte taken: a phone on weak wifi that stalls for a few seconds is not cut, a
/// client that asked for the page's files and stopped reading gives its place back.
pub const WRITE_WAIT: Duration = Duration::from_secs(10);

/// Open files kept back from the connections' total: the listener, the runtime's own, the
/// standard streams, the page's files read with `--dir`, and the sockets being told 503
/// ([`GOODBYES`] at most).
pub const RESERVED_FILES: u64 = 64 + GOODBYES as u64;

/// Sockets over a cap told 503 at once, at most (each for up to [`GOODBYE_WAIT`]); past it,
/// one over a cap is closed without a word: a flood of connections must not become a flood
/// of open files.
pub const GOODBYES: usize = 64;

/// How long a socket told 503 is read (and what it sent discarded) before it is closed: a
/// socket closed with unread data is reset, and the reset may overtake the 503.
pub const GOODBYE_WAIT: Duration = Duration::from_secs(1);

/// The caps on connections open at once, `(in all, per address)`, for rooms of `limits` and
/// `open_files` (the process's open-file limit, when known).
///
/// - In all: every seat of every room twice over (each student has one WebSocket, and may
///   briefly have a second: a page that reconnects before the server has seen its old socket
///   go, which takes up to [`SILENT_LIMIT`]; or the page's files loading), but never more
///   than the open files leave ([`RESERVED_FILES`] kept back): past them, `accept` fails for
///   everyone.
/// - Per address: twice a full room and its teacher, as above (a class on loopback or
///   behind one NAT address, a school's wifi, comes from one address; 500 students: 1,002),
///   but at most a quarter of the total: where the open files are few (256: a total of 128),
///   one address must not take every place, and three quarters stay for the others.
/// - Neither is below 1.
pub fn connection_caps(limits: &Limits, open_files: Option<u64>) -> (usize, usize) {
    let room = limits.max_students.saturating_add(1);
    let seats = limits.max_rooms.saturating_mul(room);
    let mut total = seats.saturating_mul(2);
    if let Some(files) = open_files {
        let usable = usize::try_from(files.saturating_sub(RESERVED_FILES)).unwrap_or(usize::MAX);
        total = total.min(usable);
    }
    let total = total.max(1);
    (total, room.saturating_mul(2).min(total / 4).max(1))
}

/// Raises this process's open-file limit to its hard limit (on macOS, to the most a process
/// may open); the limit then, or None where there is none to read.
pub fn raise_open_files() -> Option<u64> {
    #[cfg(unix)]
    {
        // SAFETY: getrlimit and setrlimit only read or write the struct passed.
        let mut limit = libc::rlimit {
            rlim_cur: 0,
            rlim_max: 0,
        };
        if unsafe { libc::getrlimit(libc::RLIMIT_NOFILE, &mut limit) } != 0 {
            return None;
        }
        let most = limit.rlim_max;
        #[cfg(target_os = "macos")]
        let most = most.min(macos_files_per_process());
        if most > limit.rlim_cur {
            let raised = libc::rlimit {
                rlim_cur: most,
                rlim_max: limit.rlim_max,
            };
            if unsafe { libc::setrlimit(libc::RLIMIT_NOFILE, &raised) } == 0 {
                limit.rlim_cur = most;
            }
        }
        #[allow(clippy::unnecessary_cast)] // rlim_t is u64 on most systems, not all
        Some(limit.rlim_cur as u64)
    }
    #[cfg(not(unix))]
    {
        None
    }
}

/// macOS refuses a soft limit above kern.maxfilesperproc (OPEN_MAX, 10,240, if unread).
#[cfg(target_os = "macos")]
fn macos_files_per_process() -> libc::rlim_t {
    let mut value: libc::c_int = 0;
    let mut size = std::mem::size_of::<libc::c_int>();
    // SAFETY: the name is a C string; value and size describe a c_int.
    let read = unsafe {
        libc::sysctlbyname(
            c"kern.maxfilesperproc".as_ptr(),
            (&mut value as *mut libc::c_int).cast(),
            &mut size,
            std::ptr::null_mut(),
            0,
        )
    };
    if read == 0 && value > 0 {
        value as libc::rlim_t
    } else {
        10_240
    }
}

/// What `bitqueens serve` asks of the server.
#[derive(Clone, Debug)]
pub struct Config {
    /// Where to listen.
    pub addr: SocketAddr,
    /// Serve this folder instead of the page carried in the binary.
    pub dir: Option<PathBuf>,
    /// The teacher key (see [`new_key`]).
    pub key: String,
    /// The rooms' caps and waits.
    pub limits: Limits,
    /// Join attempts per address per minute: the openings (teach, resumeTeaching, join) that
    /// prove no secret ([`Hub::proves_secret`]).
    pub joins_per_minute: u32,
    /// Messages per second per connection, and the burst.
    pub messages_per_second: u32,
    /// See `messages_per_second`.
    pub message_burst: u32,
    /// How long a new connection has to take a seat before it is closed.
    pub opening_wait: Duration,
    /// How often each connection is pinged.
    pub ping_every: Duration,
    /// How long a connection may stay silent (no message, no pong) before it is closed.
    pub silent_limit: Duration,
    /// Connections open at once, in all (see [`connection_caps`]).
    pub max_connections: usize,
    /// Connections open at once from one address (see [`connection_caps`]).
    pub max_per_address: usize,
    /// How long a request's head may take (see [`HEADER_WAIT`]).
    pub header_wait: Duration,
    /// How long a socket may take nothing written to it (see [`WRITE_WAIT`]).
    pub write_wait: Duration,
    /// Host names this server answers to besides loopback and its addresses (`--host`).
    pub hosts: Vec<String>,
}

/// The `Host`s a request may name (any port): `localhost`, a loopback address (127.0.0.0/8,
/// `[::1]`), the address listened on, and the names given (`--host`). Listening on every
/// address (`--lan`), any IP address is taken: a browser sends an address as `Host` only
/// when it connected to that address and reached this server; rebinding needs a name.
#[derive(Clone, Debug)]
pub struct Hosts {
    names: Vec<String>,
    listen: IpAddr,
}

impl Hosts {
    /// The hosts of a server listening on `listen`, with these extra `names`.
    pub fn new(listen: IpAddr, names: &[String]) -> Hosts {
        let names = names
            .iter()
            .map(|name| name.trim_end_matches('.').to_ascii_lowercase())
            .collect();
        Hosts { names, listen }
    }

    /// True when a request whose `Host` header is `host` (None: none) is for this server.
    pub fn allows(&self, host: Option<&str>) -> bool {
        let Some(host) = host else { return false };
        // "name", "name:port", "1.2.3.4:port", "[::1]:port".
        let name = if let Some(rest) = host.strip_prefix('[') {
            match rest.split_once(']') {
                Some((inside, port)) if port.is_empty() || is_port(port) => inside,
                _ => return false,
            }
        } else {
            match host.rsplit_once(':') {
                Some((name, port)) if is_port(&host[name.len()..]) && !port.is_empty() => name,
                Some(_) => return false,
                None => host,
            }
        };
        let name = name.trim_end_matches('.').to_ascii_lowercase();
        if let Ok(ip) = name.parse::<IpAddr>() {
            return ip.is_loopback() || ip == self.listen || self.listen.is_unspecified();
        }
        name == "localhost" || self.names.contains(&name)
    }
}

/// True for ":1234" (the colon and one to five digits).
fn is_port(text: &str) -> bool {
    text.strip_prefix(':').is_some_and(|digits| {
        (1..=5).contains(&digits.len()) && digits.bytes().all(|b| b.is_ascii_digit())
    })
}

impl Config {
    /// The protocol's limits, on `addr`, with `key`.
    pub fn new(addr: SocketAddr, key: String) -> Config {
        let (max_connections, max_per_address) = connection_caps(&Limits::default(), None);
        Config {
            addr,
            dir: None,
            key,
            limits: Limits::default(),
            joins_per_minute: 20,
            messages_per_second: 20,
            message_burst: 40,
            opening_wait: OPENING_WAIT,
            ping_every: PING_EVERY,
            silent_limit: SILENT_LIMIT,
            max_connections,
            max_per_address,
            header_wait: HEADER_WAIT,
            write_wait: WRITE_WAIT,
            hosts: Vec::new(),
        }
    }
}

/// The operating system's random bits.
pub struct OsRandom;

impl Random for OsRandom {
    fn next_u64(&mut self) -> u64 {
        // The operating system's generator does not fail on the systems this runs on; if it
        // ever did, a server handing out guessable secrets must stop.
        getrandom::u64().expect("the operating system gives random bits")
    }
}

/// A new teacher key: 128 random bits, lowercase base32.
pub fn new_key() -> String {
    identity::new_secret(&mut OsRandom)
}

/// One message on its way to a connection.
enum Outgoing {
    Text(Bytes),
    Close(u16, String),
}

struct Outbox {
    queue: mpsc::Sender<Outgoing>,
    kill: Arc<Notify>,
    updates: Arc<Updates>,
}

/// What waits for one connection outside its queue: the latest roster and tally not sent
/// yet (a burst of joins or answers replaces them), and the answers' rows not sent yet (a
/// burst of answers is joined into one `answered`), so that neither fills the queue.
#[derive(Default)]
struct Updates {
    pending: Mutex<Pending>,
    wake: Notify,
}

#[derive(Default)]
struct Pending {
    /// Indexed by [`room::Slot`].
    latest: [Option<Bytes>; 2],
    /// One per answer (the latest row of it), at most [`Shared::rows_pending`].
    rows: BTreeMap<AnswerKey, Bytes>,
}

impl Updates {
    /// What to send now, in order: the answers' rows as one `answered`, then the latest
    /// roster and tally.
    fn take(&self) -> Vec<Bytes> {
        let Pending { latest, rows } = std::mem::take(&mut *lock(&self.pending));
        let rows: Vec<Bytes> = rows.into_values().collect();
        let rows = (!rows.is_empty()).then(|| protocol::answered(&rows));
        rows.into_iter()
            .chain(latest.into_iter().flatten())
            .collect()
    }
}

struct Shared {
    hub: Hub,
    outboxes: HashMap<ConnId, Outbox>,
    /// Answers' rows waiting for one teacher, at most ([`ROWS_PENDING_PER_SEAT`]).
    rows_pending: usize,
}

struct App {
    shared: Mutex<Shared>,
    joins: Mutex<Window<IpAddr>>,
    next_conn: AtomicU64,
    started: Instant,
    page: page::Page,
    messages_per_second: u32,
    message_burst: u32,
    opening_wait: Duration,
    ping_every: Duration,
    silent_limit: Duration,
    /// `beat`, serialized once.
    beat: Utf8Bytes,
}

/// Takes a lock, poisoned or not: a panic under it left the state as the pure calls left
/// it, which is still a state they accept.
fn lock<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    mutex
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}

impl App {
    fn now_ms(&self) -> u64 {
        self.started.elapsed().as_millis() as u64
    }

    /// Runs `call` on the hub under the lock, and hands its effects over before letting go.
    fn with_hub(&self, call: impl FnOnce(&mut Hub) -> Vec<Effect>, conn: Option<ConnId>) {
        let mut shared = lock(&self.shared);
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
        deliver(&mut shared, effects);
    }
}

/// Hands each effect to its connection's queue, without waiting: a full queue closes that
/// connection (it catches up when it comes back).
fn deliver(shared: &mut Shared, effects: Vec<Effect>) {
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

/// Serves until `stop` resolves. `ready` is told the address bound (port 0 gives a free one).
pub async fn serve(
    config: Config,
    ready: impl FnOnce(SocketAddr),
    stop: impl std::future::Future<Output = ()> + Send + 'static,
) -> std::io::Result<()> {
    let listener = tokio::net::TcpListener::bind(config.addr).await?;
    let addr = listener.local_addr()?;
    let app = Arc::new(App {
        shared: Mutex::new(Shared {
            hub: Hub::new(
                config.key.clone(),
                config.limits.clone(),
                Box::new(OsRandom),
            ),
            outboxes: HashMap::new(),
            rows_pending: config
                .limits
                .max_students
                .saturating_add(1)
                .saturating_mul(ROWS_PENDING_PER_SEAT),
        }),
        joins: Mutex::new(Window::new(config.joins_per_minute, 100_000)),
        next_conn: AtomicU64::new(1),
        started: Instant::now(),
        page: page::Page::new(config.dir.clone()),
        messages_per_second: config.messages_per_second,
        message_burst: config.message_burst,
        opening_wait: config.opening_wait,
        ping_every: config.ping_every,
        silent_limit: config.silent_limit,
        beat: Utf8Bytes::try_from(protocol::encode(&protocol::ServerMessage::Beat))
            .expect("JSON is UTF-8"),
    });
    let ticker = tokio::spawn(tick(app.clone()));
    let router = Router::new()
        .route("/class/hello", get(hello))
        .route("/class/ws", get(upgrade))
        .route("/c/{code}", get(short_link))
        .fallback(get(page::file))
        .with_state(app);
    let open = Arc::new(Mutex::new(Open::new(
        config.max_connections,
        config.max_per_address,
    )));
    ready(addr);
    // Each connection task holds a receiver: stopping is told through it, and the last one
    // dropped means every connection has ended.
    let hosts = Arc::new(Hosts::new(config.addr.ip(), &config.hosts));
    // Sockets over a cap being told 503 (see `refuse_full`).
    let goodbyes = Arc::new(std::sync::atomic::AtomicUsize::new(0));
    let (stopping, stopped) = watch::channel(false);
    tokio::pin!(stop);
    loop {
        let (tcp, peer) = tokio::select! {
            accepted = listener.accept() => match accepted {
                Ok(accepted) => accepted,
                Err(_) => {
                    // Out of files, or a connection reset before it was taken: a moment
                    // later the next one may be taken.
                    tokio::time::sleep(Duration::from_millis(50)).await;
                    continue;
                }
            },
            _ = &mut stop => break,
        };
        let admitted = lock(&open).admit(peer.ip());
        if let Err(full) = admitted {
            refuse_full(tcp, full, &goodbyes);
            continue;
        }
        let place = Place {
            open: open.clone(),
            ip: peer.ip(),
        };
        let counted = Counted::new(tcp, place, config.write_wait);
        // Small kernel send buffers: a connection that does not read fills its queue soon
        // (and is dropped) instead of parking megabytes in the kernel; no delay for small
        // messages.
        let _ = counted.tcp.set_nodelay(true);
        let _ = socket2::SockRef::from(&counted.tcp).set_send_buffer_size(SEND_BUFFER);
        tokio::spawn(http_connection(
            counted,
            peer,
            router.clone(),
            hosts.clone(),
            config.header_wait,
            stopped.clone(),
        ));
    }
    drop(listener);
    drop(stopped);
    let _ = stopping.send(true);
    // Connections answering a request finish it; idle ones close now. A WebSocket is no
    // longer one of them (its task is the relay's), and ends with the runtime.
    let _ = tokio::time::timeout(Duration::from_secs(2), stopping.closed()).await;
    ticker.abort();
    Ok(())
}

/// Answers a connection over a cap with a 503 and a sentence, then closes it, in a task of
/// its own: the 503 is written if the socket takes it now (a new socket does), the write
/// side shut, and what the client sends read and discarded for at most [`GOODBYE_WAIT`] (a
/// socket closed with unread data is reset, and the reset may eat the 503). At most
/// [`GOODBYES`] such goodbyes at once (`saying` counts them); past them the socket is just
/// closed.
fn refuse_full(tcp: TcpStream, full: Full, saying: &Arc<std::sync::atomic::AtomicUsize>) {
    let sentence = match full {
        Full::Total => {
            "The class server has as many connections as it can hold: try again in a minute."
        }
        Full::Address => {
            "Too many connections from this address: close some tabs, or try again in a minute."
        }
    };
    if saying.fetch_add(1, Ordering::AcqRel) >= GOODBYES {
        saying.fetch_sub(1, Ordering::AcqRel);
        return; // dropped: closed without a word
    }
    let saying = saying.clone();
    tokio::spawn(async move {
        use tokio::io::{AsyncReadExt, AsyncWriteExt};
        let mut tcp = tcp;
        let answer = format!(
            "HTTP/1.1 503 Service Unavailable\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Length: {}\r\nConnection: close\r\nRetry-After: 60\r\n\r\n{sentence}",
            sentence.len()
        );
        if tcp.try_write(answer.as_bytes()).is_ok() {
            let _ = tcp.shutdown().await;
            let drain = async {
                let mut discard = [0u8; 1024];
                while let Ok(1..) = tcp.read(&mut discard).await {}
            };
            let _ = tokio::time::timeout(GOODBYE_WAIT, drain).await;
        }
        drop(tcp);
        saying.fetch_sub(1, Ordering::AcqRel);
    });
}

/// One connection's place among those open: given back when dropped.
struct Place {
    open: Arc<Mutex<Open<IpAddr>>>,
    ip: IpAddr,
}

impl Drop for Place {
    fn drop(&mut self) {
        lock(&self.open).release(&self.ip);
    }
}

/// A socket with its place: the place is given back when the socket is dropped, whether it
/// served HTTP or was upgraded to a WebSocket (hyper hands the socket over with the upgrade).
///
/// A write that makes no progress for `write_wait` fails (`TimedOut`), and the connection
/// with it: a client that asked for a large file and stopped reading would otherwise hold
/// its place (and its file) for ever. The wait starts when the socket takes nothing and is
/// reset by each byte it takes, so a slow phone that keeps reading is never cut.
struct Counted {
    tcp: TcpStream,
    _place: Place,
    write_wait: Duration,
    /// Armed while writes are refused (the socket full), from the first refusal.
    stalled: Option<std::pin::Pin<Box<tokio::time::Sleep>>>,
}

impl Counted {
    fn new(tcp: TcpStream, place: Place, write_wait: Duration) -> Counted {
        Counted {
            tcp,
            _place: place,
            write_wait,
            stalled: None,
        }
    }

    /// What a write that the socket answered `written` becomes: progress disarms the wait;
    /// no progress arms it, and fails the write once it has run out.
    fn deadline<T>(
        &mut self,
        cx: &mut std::task::Context<'_>,
        written: std::task::Poll<std::io::Result<T>>,
    ) -> std::task::Poll<std::io::Result<T>> {
        use std::future::Future;
        if written.is_ready() {
            self.stalled = None;
            return written;
        }
        let wait = self.write_wait;
        let stalled = self
            .stalled
            .get_or_insert_with(|| Box::pin(tokio::time::sleep(wait)));
        match stalled.as_mut().poll(cx) {
            std::task::Poll::Ready(()) => std::task::Poll::Ready(Err(std::io::Error::new(
                std::io::ErrorKind::TimedOut,
                "the client took nothing for the write wait",
            ))),
            std::task::Poll::Pending => std::task::Poll::Pending,
        }
    }
}

impl AsyncRead for Counted {
    fn poll_read(
        mut self: std::pin::Pin<&mut Self>,
        cx: &mut std::task::Context<'_>,
        buf: &mut tokio::io::ReadBuf<'_>,
    ) -> std::task::Poll<std::io::Result<()>> {
        std::pin::Pin::new(&mut self.tcp).poll_read(cx, buf)
    }
}

impl AsyncWrite for Counted {
    fn poll_write(
        mut self: std::pin::Pin<&mut Self>,
        cx: &mut std::task::Context<'_>,
        buf: &[u8],
    ) -> std::task::Poll<std::io::Result<usize>> {
        let written = std::pin::Pin::new(&mut self.tcp).poll_write(cx, buf);
        self.deadline(cx, written)
    }

    fn poll_write_vectored(
        mut self: std::pin::Pin<&mut Self>,
        cx: &mut std::task::Context<'_>,
        bufs: &[std::io::IoSlice<'_>],
    ) -> std::task::Poll<std::io::Result<usize>> {
        let written = std::pin::Pin::new(&mut self.tcp).poll_write_vectored(cx, bufs);
        self.deadline(cx, written)
    }

    fn is_write_vectored(&self) -> bool {
        self.tcp.is_write_vectored()
    }

    fn poll_flush(
        mut self: std::pin::Pin<&mut Self>,
        cx: &mut std::task::Context<'_>,
    ) -> std::task::Poll<std::io::Result<()>> {
        std::pin::Pin::new(&mut self.tcp).poll_flush(cx)
    }

    fn poll_shutdown(
        mut self: std::pin::Pin<&mut Self>,
        cx: &mut std::task::Context<'_>,
    ) -> std::task::Poll<std::io::Result<()>> {
        std::pin::Pin::new(&mut self.tcp).poll_shutdown(cx)
    }
}

/// Serves HTTP/1.1 on one connection (each request with the peer's address, for
/// `ConnectInfo`), until it closes, its head is late, or the server stops.
async fn http_connection(
    tcp: Counted,
    peer: SocketAddr,
    router: Router,
    hosts: Arc<Hosts>,
    header_wait: Duration,
    mut stopped: watch::Receiver<bool>,
) {
    let service = hyper::service::service_fn(
        move |mut request: hyper::Request<hyper::body::Incoming>| {
            let host = request
                .headers()
                .get(header::HOST)
                .and_then(|h| h.to_str().ok());
            let refused = (!hosts.allows(host)).then(|| {
                (
                    StatusCode::MISDIRECTED_REQUEST,
                    [(header::CONTENT_TYPE, "text/plain; charset=utf-8")],
                    "This class server does not answer to this host name: open it at its own address (or start it with --host NAME).",
                )
                    .into_response()
            });
            request.extensions_mut().insert(ConnectInfo(peer));
            let mut router = router.clone();
            async move {
                match refused {
                    Some(response) => Ok(response),
                    None => tower_service::Service::call(&mut router, request).await,
                }
            }
        },
    );
    let mut builder = hyper::server::conn::http1::Builder::new();
    builder
        .timer(hyper_util::rt::TokioTimer::new())
        .header_read_timeout(header_wait);
    let connection = builder
        .serve_connection(hyper_util::rt::TokioIo::new(tcp), service)
        .with_upgrades();
    tokio::pin!(connection);
    tokio::select! {
        _ = connection.as_mut() => return,
        _ = stopped.wait_for(|stop| *stop) => {}
    }
    connection.as_mut().graceful_shutdown();
    let _ = connection.await;
}

/// The clock of the rooms: every few seconds, rooms whose time is over end.
async fn tick(app: Arc<App>) {
    let mut interval = tokio::time::interval(Duration::from_secs(5));
    loop {
        interval.tick().await;
        let now = app.now_ms();
        app.with_hub(|hub| hub.tick(now), None);
        lock(&app.joins).forget_old(now);
    }
}

async fn hello(State(app): State<Arc<App>>) -> Response {
    let body = serde_json::json!({
        "protocol": protocol::VERSION,
        "server": concat!("bitqueens serve ", env!("CARGO_PKG_VERSION")),
        "beatSeconds": app.ping_every.as_secs().max(1),
    });
    ([(header::CACHE_CONTROL, "no-store")], axum::Json(body)).into_response()
}

/// What `/c/CODE` answers when CODE is no join code: a page that says so and leads to the
/// page's own join field (the code typed is not echoed).
const NOT_A_CODE: &str = "<!doctype html><html lang=\"en\"><meta charset=\"utf-8\">\
<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\
<title>No class has this code</title>\
<body style=\"font: 1.1rem/1.5 system-ui, sans-serif; max-width: 32rem; margin: 2rem auto; padding: 0 1rem\">\
<h1 style=\"font-size: 1.4rem\">No class has this code.</h1>\
<p>A join code is 6 letters and digits (no 0, O, 1, I or L), as the teacher shows it.</p>\
<p><a href=\"/?class=\" style=\"display: inline-block; padding: 0.6rem 1rem; min-height: 44px; box-sizing: border-box\">Type the code on the page</a></p>\
</body></html>";

async fn short_link(Path(code): Path<String>) -> Response {
    match identity::normalize_code(&code) {
        Some(code) => Redirect::temporary(&format!("/?class={code}")).into_response(),
        None => (
            StatusCode::NOT_FOUND,
            [(header::CONTENT_TYPE, "text/html; charset=utf-8")],
            NOT_A_CODE,
        )
            .into_response(),
    }
}

/// True when the request comes from a page of this server: no `Origin` (not a browser), or
/// one that is this server as the request reached it (`Host`, already one of [`Hosts`]),
/// over http or https.
fn same_origin(headers: &HeaderMap) -> bool {
    let Some(origin) = headers.get(header::ORIGIN) else {
        return true;
    };
    let (Ok(origin), Some(Ok(host))) = (
        origin.to_str(),
        headers.get(header::HOST).map(|h| h.to_str()),
    ) else {
        return false;
    };
    origin == format!("http://{host}") || origin == format!("https://{host}")
}

async fn upgrade(
    State(app): State<Arc<App>>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    upgrade: WebSocketUpgrade,
) -> Response {
    if !same_origin(&headers) {
        return (
            StatusCode::FORBIDDEN,
            "A page from another origin may not join this class server.",
        )
            .into_response();
    }
    upgrade
        .max_message_size(protocol::MAX_MESSAGE_BYTES)
        .max_frame_size(protocol::MAX_MESSAGE_BYTES)
        .read_buffer_size(4 * 1024)
        .write_buffer_size(0)
        .on_upgrade(move |socket| connection(socket, app, peer.ip()))
}

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

async fn connection(socket: WebSocket, app: Arc<App>, peer: IpAddr) {
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
    let (mut sink, mut stream) = socket.split();
    let mut bucket = Bucket::new(app.messages_per_second, app.message_burst, app.now_ms());
    // Messages dropped in a row by the rate limit: past FLOOD the connection is closed.
    const FLOOD: u32 = 100;
    let mut dropped = 0u32;
    // A connection that takes no seat soon is closed: open sockets cost memory, seats are
    // capped and joins rate-limited, so idle unseated ones would be the way around both.
    let mut seated = false;
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
                Some(Ok(Message::Ping(_) | Message::Pong(_))) => {}
                Some(Ok(Message::Binary(_))) => {
                    let refusal = Refusal::fatal("binary", "A message is JSON text, not binary.");
                    app.with_hub(|hub| hub.refused(conn, refusal), Some(conn));
                }
                Some(Ok(Message::Text(text))) => {
                    if !bucket.take(app.now_ms()) {
                        dropped += 1;
                        if dropped >= FLOOD {
                            let refusal = Refusal::fatal("flood", format!(
                                "Too many messages: at most {} a second.", app.messages_per_second));
                            app.with_hub(|hub| hub.refused(conn, refusal), Some(conn));
                        } else if dropped == 1 {
                            let refusal = Refusal::soft("rate", format!(
                                "Too many messages: at most {} a second; this one was dropped.", app.messages_per_second));
                            app.with_hub(|hub| hub.refused(conn, refusal), Some(conn));
                        }
                        continue;
                    }
                    dropped = 0;
                    handle_text(&app, conn, peer, text.as_str()).await;
                    seated = seated || lock(&app.shared).hub.is_seated(conn);
                }
            }
        }
    }
}

async fn handle_text(app: &Arc<App>, conn: ConnId, peer: IpAddr, text: &str) {
    let message = match protocol::parse(text) {
        Ok(message) => message,
        Err(refusal) => {
            app.with_hub(|hub| hub.refused(conn, refusal), Some(conn));
            return;
        }
    };
    // Only guesses count against the join limit: an opening that proves a secret (a seat's
    // token, the room's secret, the teacher key) is let through uncounted (see
    // `Hub::proves_secret`). The hub checks the secret again when it handles the message:
    // nothing passes here that it would let in without it.
    let guess = message.is_opening() && !lock(&app.shared).hub.proves_secret(&message);
    if guess && !lock(&app.joins).allow(peer, app.now_ms()) {
        let refusal = Refusal::fatal(
            "joins",
            "Too many attempts to join from this address: wait a minute, then try again.",
        );
        app.with_hub(|hub| hub.refused(conn, refusal), Some(conn));
        return;
    }
    if let ClientMessage::Ask { topic, .. } = &message {
        // The seek may take a while: made outside the lock, on a blocking thread.
        let mut plan = None;
        app.with_hub(
            |hub| match hub.ask_plan(conn, topic) {
                Ok(made) => {
                    plan = Some(made);
                    Vec::new()
                }
                Err(effects) => effects,
            },
            Some(conn),
        );
        let Some(plan) = plan else { return };
        let asked = plan.clone();
        let made = tokio::task::spawn_blocking(move || room::question_at(&asked))
            .await
            .unwrap_or_else(|_| Err("The class server could not make this question.".to_string()));
        let now = app.now_ms();
        app.with_hub(|hub| hub.open_question(conn, &plan, made, now), Some(conn));
        return;
    }
    let now = app.now_ms();
    app.with_hub(|hub| hub.handle(conn, message, now), Some(conn));
}

/// Serves on a runtime of its own until Ctrl-C (then stops cleanly): what `bitqueens serve`
/// runs. `ready` is told the address bound.
pub fn run(config: Config, ready: impl FnOnce(SocketAddr)) -> std::io::Result<()> {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()?;
    runtime.block_on(async {
        // Listening for the signals before anything is printed: a Ctrl-C right after the
        // teacher link stops the server cleanly too (it would otherwise kill it outright).
        #[cfg(unix)]
        let stop = {
            use tokio::signal::unix::{signal, SignalKind};
            let mut interrupt = signal(SignalKind::interrupt())?;
            let mut terminate = signal(SignalKind::terminate())?;
            async move {
                tokio::select! {
                    _ = interrupt.recv() => {}
                    _ = terminate.recv() => {}
                }
            }
        };
        #[cfg(not(unix))]
        let stop = async {
            let _ = tokio::signal::ctrl_c().await;
        };
        serve(config, ready, stop).await
    })?;
    // Connections still open are not waited for past a moment.
    runtime.shutdown_timeout(Duration::from_secs(1));
    Ok(())
}

/// True when the page would be served: `dir`'s index.html, or the one carried in the binary.
pub fn has_page(dir: Option<PathBuf>) -> bool {
    page::Page::new(dir).has_page()
}

pub use page::NO_PAGE;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hosts_are_loopback_the_address_listened_on_and_the_names_given() {
        let loopback = Hosts::new(
            IpAddr::from([127, 0, 0, 1]),
            &["Class.Example.".to_string()],
        );
        for host in [
            "localhost",
            "LOCALHOST:8035",
            "127.0.0.1:8035",
            "127.0.0.2",
            "[::1]:8035",
            "[::1]",
            "class.example:80",
            "class.example.",
        ] {
            assert!(loopback.allows(Some(host)), "{host}");
        }
        for host in [
            "evil.example",
            "evil.example:8035",
            "192.168.1.5:8035",
            "localhost.evil.example",
            "127.0.0.1:80:80",
            "localhost:",
            "[::1]x",
            "[::2]:8035",
            "",
        ] {
            assert!(!loopback.allows(Some(host)), "{host}");
        }
        assert!(!loopback.allows(None), "a request names its host");
        let lan = Hosts::new(IpAddr::from([0, 0, 0, 0]), &[]);
        assert!(lan.allows(Some("192.168.1.5:8035")) && lan.allows(Some("[fe80::1]:8035")));
        assert!(!lan.allows(Some("evil.example:8035")));
        let one = Hosts::new(IpAddr::from([192, 168, 1, 5]), &[]);
        assert!(one.allows(Some("192.168.1.5:8035")) && !one.allows(Some("192.168.1.6:8035")));
    }

    #[test]
    fn connection_caps_fit_a_full_room_per_address_and_the_open_files_in_all() {
        let limits = Limits::default();
        // 100 rooms of 500 students and a teacher, twice over; a full room twice per address.
        assert_eq!(connection_caps(&limits, None), (100_200, 1_002));
        assert_eq!(connection_caps(&limits, Some(1_048_576)), (100_200, 1_002));
        // The open files decide the total (128 kept back), and one address takes at most a
        // quarter of it.
        assert_eq!(connection_caps(&limits, Some(4_096)), (3_968, 992));
        assert_eq!(connection_caps(&limits, Some(8_192)), (8_064, 1_002));
        assert_eq!(connection_caps(&limits, Some(256)), (128, 32));
        assert_eq!(connection_caps(&limits, Some(10)), (1, 1));
    }
}
