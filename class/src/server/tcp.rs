//! The TCP side of every connection: a cap on those open at once (one over it told 503 and
//! closed), each socket's place given back when it is dropped, writes that make no progress
//! cut ([`WRITE_WAIT`]), and HTTP/1.1 served with a deadline on each request's head and
//! every request's `Host` checked ([`Hosts`]).
//!
//! Invariants:
//! - one over a cap is answered 503 and closed within [`GOODBYE_WAIT`], never queued (at most
//!   [`GOODBYES`] such at once; past them, closed without a word); a newcomer displaces an
//!   unsettled connection rather than being refused where [`Admission`] says so, and the one
//!   displaced is closed at once (its HTTP connection, or its WebSocket before its seat);
//! - a connection's place is given back when its socket is dropped, however the connection
//!   ended (HTTP or WebSocket, closed by either side, or cut by a wait);
//! - a request whose `Host` is not one of this server's names is refused (421) on every
//!   route, before any of them.

use super::app::lock;
use super::config::{Config, Hosts};
use super::memory;
use crate::admission::{Admission, Full};
use axum::extract::ConnectInfo;
use axum::http::{header, HeaderMap, StatusCode, Uri};
use axum::response::{IntoResponse, Response};
use axum::Router;
use std::collections::HashMap;
use std::net::{IpAddr, SocketAddr};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tokio::io::{AsyncRead, AsyncWrite};
use tokio::net::TcpStream;
use tokio::sync::{watch, Notify};

/// The most a connection's request head may take in the server's memory, in bytes (hyper's
/// least is 8 KiB; a browser's head is one or two): a slow flood of half heads costs little.
pub const READ_BUFFER: usize = 16 * 1024;

/// The kernel's send buffer asked for each connection, in bytes (Linux doubles it).
pub const SEND_BUFFER: usize = 32 * 1024;

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

/// Accepts connections on `listener` and serves each with `router` (see the module's
/// invariants), until `stop` resolves; then lets the requests being answered finish, for at
/// most two seconds.
pub(super) async fn serve_http(
    listener: tokio::net::TcpListener,
    router: Router,
    config: &Config,
    stop: impl std::future::Future<Output = ()>,
) {
    let doors = Arc::new(Mutex::new(Doors {
        admission: Admission::new(
            config.max_connections,
            config.max_per_address,
            config.max_unsettled,
        ),
        evict: HashMap::new(),
    }));
    // Each connection task holds a receiver: stopping is told through it, and the last one
    // dropped means every connection has ended.
    let hosts = Arc::new(Hosts::new(config.addr.ip(), &config.hosts));
    // Memory freed by a burst of connections is given back once the burst has ended.
    let trimming = {
        let doors = doors.clone();
        tokio::spawn(async move {
            let mut trims = memory::Trims::default();
            let mut every = tokio::time::interval(memory::LOOK_EVERY);
            loop {
                every.tick().await;
                let open = lock(&doors).admission.count();
                if trims.after(open) {
                    tokio::task::spawn_blocking(memory::give_back);
                }
            }
        })
    };
    // Sockets over a cap being told 503 (see `refuse_full`).
    let goodbyes = Arc::new(AtomicUsize::new(0));
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
        // Keyed as guesses are (an IPv6 /64 is one key): one household or phone may use a
        // whole /64, and must not spread over it past the per-address cap.
        let lease = match Doors::admit(&doors, super::app::guesser(peer.ip())) {
            Ok(lease) => lease,
            Err(full) => {
                refuse_full(tcp, full, &goodbyes);
                continue;
            }
        };
        let place = Place(lease.clone());
        let counted = Counted::new(tcp, place, config.write_wait);
        // Small kernel send buffers: a connection that does not read fills its queue soon
        // (and is dropped) instead of parking megabytes in the kernel; no delay for small
        // messages.
        let _ = counted.tcp.set_nodelay(true);
        let _ = socket2::SockRef::from(&counted.tcp).set_send_buffer_size(SEND_BUFFER);
        tokio::spawn(http_connection(
            counted,
            (peer, lease),
            router.clone(),
            hosts.clone(),
            config.header_wait,
            stopped.clone(),
        ));
    }
    trimming.abort();
    drop(listener);
    drop(stopped);
    let _ = stopping.send(true);
    // Connections answering a request finish it; idle ones close now. A WebSocket is no
    // longer one of them (its task is the relay's), and ends with the runtime.
    let _ = tokio::time::timeout(Duration::from_secs(2), stopping.closed()).await;
}

/// Answers a connection over a cap with a 503 and a sentence, then closes it, in a task of
/// its own: the 503 is written if the socket takes it now (a new socket does), the write
/// side shut, and what the client sends read and discarded for at most [`GOODBYE_WAIT`] (a
/// socket closed with unread data is reset, and the reset may eat the 503). At most
/// [`GOODBYES`] such goodbyes at once (`saying` counts them); past them the socket is just
/// closed.
fn refuse_full(tcp: TcpStream, full: Full, saying: &Arc<AtomicUsize>) {
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

/// Every connection's admission ([`Admission`]), and how to close each unsettled one when a
/// newcomer displaces it.
struct Doors {
    admission: Admission<IpAddr>,
    /// Each open connection's eviction notice, by its admission id.
    evict: HashMap<u64, Arc<Notify>>,
}

impl Doors {
    /// A connection from `ip` let in (the one it displaces, if any, told to close now), or
    /// the cap it meets.
    fn admit(doors: &Arc<Mutex<Doors>>, ip: IpAddr) -> Result<Lease, Full> {
        let mut locked = lock(doors);
        let admitted = locked.admission.admit(ip)?;
        if let Some(notice) = admitted.evicted.and_then(|id| locked.evict.remove(&id)) {
            notice.notify_one(); // kept if its task is not waiting yet
        }
        let evicted = Arc::new(Notify::new());
        locked.evict.insert(admitted.id, evicted.clone());
        Ok(Lease {
            doors: doors.clone(),
            id: admitted.id,
            evicted,
        })
    }
}

/// A handle on one connection's admission: it tells when the connection has read a request's
/// head or taken a seat, and waits for its eviction. Cloned into each request (the WebSocket
/// takes it); the connection's [`Place`] gives it back.
#[derive(Clone)]
pub(super) struct Lease {
    doors: Arc<Mutex<Doors>>,
    id: u64,
    evicted: Arc<Notify>,
}

impl Lease {
    /// The connection's first request's head was read.
    fn serving(&self) {
        lock(&self.doors).admission.serving(self.id);
    }

    /// The connection took a seat: it is never displaced from now on.
    pub(super) fn seated(&self) {
        let mut doors = lock(&self.doors);
        doors.admission.seated(self.id);
        doors.evict.remove(&self.id);
    }

    /// Resolves when a newcomer has displaced this connection: it closes then.
    pub(super) async fn evicted(&self) {
        self.evicted.notified().await;
    }
}

/// One connection's place among those open: given back when dropped.
struct Place(Lease);

impl Drop for Place {
    fn drop(&mut self) {
        let mut doors = lock(&self.0.doors);
        doors.admission.release(self.0.id);
        doors.evict.remove(&self.0.id);
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

/// The answer to a request that does not name one of this server's hosts, once, or None: a
/// `Host` header twice (400), none or another host (421); a request whose target names its
/// host (`GET http://host/path`, which a browser sends only to a proxy) must name the same
/// host as its `Host` (421).
fn refusal(hosts: &Hosts, headers: &HeaderMap, uri: &Uri) -> Option<Response> {
    let text = |status, sentence: &'static str| {
        let plain = [(header::CONTENT_TYPE, "text/plain; charset=utf-8")];
        Some((status, plain, sentence).into_response())
    };
    let mut named = headers.get_all(header::HOST).iter();
    let host = named.next().and_then(|h| h.to_str().ok());
    if named.next().is_some() {
        return text(StatusCode::BAD_REQUEST, "A request names its host once.");
    }
    let same_target = uri
        .authority()
        .is_none_or(|target| host.is_some_and(|host| target.as_str().eq_ignore_ascii_case(host)));
    if !hosts.allows(host) || !same_target {
        return text(
            StatusCode::MISDIRECTED_REQUEST,
            "This class server does not answer to this host name: open it at its own address (or start it with --host NAME).",
        );
    }
    None
}

/// Serves HTTP/1.1 on one connection (each request with the peer's address, for
/// `ConnectInfo`), until it closes, its head is late, or the server stops.
async fn http_connection(
    tcp: Counted,
    (peer, lease): (SocketAddr, Lease),
    router: Router,
    hosts: Arc<Hosts>,
    header_wait: Duration,
    mut stopped: watch::Receiver<bool>,
) {
    let evicted = lease.clone();
    let service =
        hyper::service::service_fn(move |mut request: hyper::Request<hyper::body::Incoming>| {
            lease.serving();
            let refused = refusal(&hosts, request.headers(), request.uri());
            request.extensions_mut().insert(ConnectInfo(peer));
            request.extensions_mut().insert(lease.clone());
            let mut router = router.clone();
            async move {
                match refused {
                    Some(response) => Ok(response),
                    None => tower_service::Service::call(&mut router, request).await,
                }
            }
        });
    let mut builder = hyper::server::conn::http1::Builder::new();
    builder
        .timer(hyper_util::rt::TokioTimer::new())
        .header_read_timeout(header_wait)
        .max_buf_size(READ_BUFFER);
    let connection = builder
        .serve_connection(hyper_util::rt::TokioIo::new(tcp), service)
        .with_upgrades();
    tokio::pin!(connection);
    tokio::select! {
        _ = connection.as_mut() => return,
        _ = evicted.evicted() => return, // displaced by a newcomer: closed now
        _ = stopped.wait_for(|stop| *stop) => {}
    }
    connection.as_mut().graceful_shutdown();
    let _ = connection.await;
}
