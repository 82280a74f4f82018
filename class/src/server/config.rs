//! What `bitqueens serve` asks of the server ([`Config`]), the caps on connections that fit
//! its rooms and the open files ([`connection_caps`]), the host names it answers to
//! ([`Hosts`]), and the teacher key.

use super::socket::{OPENING_WAIT, PING_EVERY, SILENT_LIMIT};
use super::tcp::{HEADER_WAIT, RESERVED_FILES, WRITE_WAIT};
use crate::hub::Limits;
use crate::identity::{self, Random};
use std::net::{IpAddr, SocketAddr};
use std::path::PathBuf;
use std::time::Duration;

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

/// The unsettled connections a server of `max_connections` holds at once: half of them, so
/// that seated students and teachers always keep the other half, however many come slowly.
pub fn unsettled_share(max_connections: usize) -> usize {
    (max_connections / 2).max(1)
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
    /// New students per address (an IPv6 address's /64) per minute: right guesses, the
    /// joins of an open room without a seat's token ([`crate::hub::Hub::guess`]).
    pub joins_per_minute: u32,
    /// Wrong guesses at a join code, a room's secret or the teacher key, per address per
    /// minute.
    pub wrong_guesses_per_minute: u32,
    /// Wrong guesses per minute in all, past which only an address with no wrong guess this
    /// minute may try (see [`crate::limits::Guesses`]).
    pub guesses_per_minute: u32,
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
    /// Unsettled connections (no seat yet: see [`crate::admission`]) at once, in all; past
    /// them a newcomer displaces one. Half of `max_connections` (see [`unsettled_share`]).
    pub max_unsettled: usize,
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
            joins_per_minute: 60,
            wrong_guesses_per_minute: 20,
            guesses_per_minute: 300,
            messages_per_second: 20,
            message_burst: 40,
            opening_wait: OPENING_WAIT,
            ping_every: PING_EVERY,
            silent_limit: SILENT_LIMIT,
            max_connections,
            max_per_address,
            max_unsettled: unsettled_share(max_connections),
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
