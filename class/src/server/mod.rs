//! The thin network layer of the live class: axum and tokio around the pure [`Hub`]. It
//! serves the page (carried in the binary, or from `--dir`), `GET /class/hello`, the short
//! join link `GET /c/CODE`, and the WebSocket relay `GET /class/ws`.
//!
//! One file per part, each with its invariants:
//! - `config.rs`: what `bitqueens serve` asks ([`Config`]), the connection caps, the hosts;
//! - `open_files.rs`: the open-file limit, raised; `memory.rs`: memory given back after a
//!   burst of connections;
//! - `tcp.rs`: accepting, admission (the caps, displacing unsettled connections: see
//!   [`crate::admission`]), the waits on a socket, HTTP and the `Host` check;
//! - `routes.rs`: `/class/hello`, `/c/CODE`, the WebSocket upgrade; `page.rs`: the page;
//! - `socket.rs`: one WebSocket of the relay: reading, rate limit, pings, writing;
//! - `outbox.rs`: what waits for each connection, handed over without waiting;
//! - `app.rs`: the hub, the outboxes and the join limit behind one lock.
//!
//! Nothing internal (a panic, a path, an error's debug text) is sent to a client.

mod app;
mod config;
mod memory;
mod open_files;
mod outbox;
mod page;
mod routes;
mod socket;
mod tcp;

pub use app::guesser;
pub use config::{connection_caps, new_key, unsettled_share, Config, Hosts, OsRandom};
pub use open_files::raise_open_files;
pub use outbox::{ROWS_PENDING_PER_SEAT, SEND_QUEUE};
pub use page::NO_PAGE;
pub use socket::{OPENING_WAIT, PING_EVERY, SEND_WAIT, SILENT_LIMIT};
pub use tcp::{GOODBYES, GOODBYE_WAIT, HEADER_WAIT, RESERVED_FILES, SEND_BUFFER, WRITE_WAIT};

use crate::hub::Hub;
use crate::limits::Guesses;
use crate::protocol;
use app::{tick, App, Shared};
use axum::extract::ws::Utf8Bytes;
use axum::routing::get;
use axum::Router;
use std::collections::HashMap;
use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::atomic::AtomicU64;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

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
            guesses: Guesses::new(
                config.wrong_guesses_per_minute,
                config.guesses_per_minute,
                config.joins_per_minute,
                100_000,
            ),
        }),
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
        .route("/class/hello", get(routes::hello))
        .route("/class/ws", get(routes::upgrade))
        .route("/c/{code}", get(routes::short_link))
        .fallback(get(page::file))
        .with_state(app);
    ready(addr);
    tcp::serve_http(listener, router, &config, stop).await;
    ticker.abort();
    Ok(())
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
