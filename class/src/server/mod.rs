//! The thin network layer of the live class: axum and tokio around the pure [`Hub`]. It
//! serves the page (carried in the binary, or from `--dir`), `GET /class/hello`, the short
//! join link `GET /c/CODE`, and the WebSocket relay `GET /class/ws`.
//!
//! Invariants:
//! - the hub is behind one lock, held only around its pure calls and the non-blocking
//!   hand-over of their effects (so each connection gets messages in the hub's order); a
//!   panic under it is caught, and a poisoned lock is taken over, so no room dies of it;
//! - each connection has a send queue of [`SEND_QUEUE`] messages: one that lets it fill is
//!   closed, never waited for;
//! - each connection is pinged every [`PING_EVERY`]; one silent for [`SILENT_LIMIT`] (no
//!   message, no pong) is closed, and its student shown as gone;
//! - nothing internal (a panic, a path, an error's debug text) is sent to a client.

mod page;

use crate::identity::{self, Random};
use crate::limits::{Bucket, Window};
use crate::protocol::{self, ClientMessage, Refusal, CLOSE_POLICY, CLOSE_TOO_BIG};
use crate::room::{self, ConnId, Effect, Hub, Limits};
use axum::extract::ws::{CloseFrame, Message, Utf8Bytes, WebSocket, WebSocketUpgrade};
use axum::extract::{ConnectInfo, Path, State};
use axum::http::{header, HeaderMap, StatusCode};
use axum::response::{IntoResponse, Redirect, Response};
use axum::routing::get;
use axum::Router;
use bytes::Bytes;
use futures_util::{SinkExt, StreamExt};
use std::collections::HashMap;
use std::net::{IpAddr, SocketAddr};
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::PathBuf;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::{Duration, Instant};
use tokio::sync::{mpsc, Notify};

/// Messages waiting for one connection, at most.
pub const SEND_QUEUE: usize = 64;

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
    /// Join attempts (teach, resumeTeaching, join) per address per minute.
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
}

impl Config {
    /// The protocol's limits, on `addr`, with `key`.
    pub fn new(addr: SocketAddr, key: String) -> Config {
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

/// The latest roster and tally not sent yet to one connection: a burst of joins or answers
/// replaces them instead of filling the queue.
#[derive(Default)]
struct Updates {
    slots: Mutex<[Option<Bytes>; 2]>,
    wake: Notify,
}

impl Updates {
    fn take(&self) -> [Option<Bytes>; 2] {
        std::mem::take(&mut *lock(&self.slots))
    }
}

struct Shared {
    hub: Hub,
    outboxes: HashMap<ConnId, Outbox>,
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
                    lock(&outbox.updates.slots)[slot as usize] = Some(text);
                    outbox.updates.wake.notify_one();
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
    });
    let ticker = tokio::spawn(tick(app.clone()));
    let router = Router::new()
        .route("/class/hello", get(hello))
        .route("/class/ws", get(upgrade))
        .route("/c/{code}", get(short_link))
        .fallback(get(page::file))
        .with_state(app);
    ready(addr);
    // Small kernel send buffers: a connection that does not read fills its queue soon (and is
    // dropped) instead of parking megabytes in the kernel; no delay for small messages.
    let listener = axum::serve::ListenerExt::tap_io(listener, |tcp: &mut tokio::net::TcpStream| {
        let _ = tcp.set_nodelay(true);
        let _ = socket2::SockRef::from(&*tcp).set_send_buffer_size(SEND_BUFFER);
    });
    let served = axum::serve(
        listener,
        router.into_make_service_with_connect_info::<SocketAddr>(),
    )
    .with_graceful_shutdown(stop)
    .await;
    ticker.abort();
    served
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

async fn hello() -> Response {
    let body = serde_json::json!({
        "protocol": protocol::VERSION,
        "server": concat!("bitqueens serve ", env!("CARGO_PKG_VERSION")),
    });
    ([(header::CACHE_CONTROL, "no-store")], axum::Json(body)).into_response()
}

async fn short_link(Path(code): Path<String>) -> Response {
    match identity::normalize_code(&code) {
        Some(code) => Redirect::temporary(&format!("/?class={code}")).into_response(),
        None => (StatusCode::NOT_FOUND, "No class has this code.").into_response(),
    }
}

/// True when the request comes from a page of this server: no `Origin` (not a browser), or
/// one that is this server as the request reached it (`Host`), over http or https.
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
                // A ping a full socket cannot take now is not waited for: the silence decides.
                let ping = sink.send(Message::Ping(Bytes::from_static(b"bq")));
                if let Ok(Err(_)) = tokio::time::timeout(Duration::from_secs(1), ping).await {
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
                        sent = sink.send(Message::Text(text)) => if sent.is_err() { break },
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
                for text in updates.take().into_iter().flatten() {
                    let Ok(text) = Utf8Bytes::try_from(text) else { continue };
                    tokio::select! {
                        sent = sink.send(Message::Text(text)) => if sent.is_err() { return },
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
    if message.is_opening() && !lock(&app.joins).allow(peer, app.now_ms()) {
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
