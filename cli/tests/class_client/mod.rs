//! A real `bitqueens serve` on loopback and WebSocket clients of it, for the live class's
//! integration and swarm tests. Every wait is bounded: a test that would hang fails instead,
//! saying what it waited for.
#![allow(dead_code)] // each test file uses its own share of these

use futures_util::{SinkExt, StreamExt};
use serde_json::{json, Value};
use std::io::{BufRead, BufReader};
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::time::Duration;
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::client::IntoClientRequest;
use tokio_tungstenite::tungstenite::protocol::frame::coding::CloseCode;
use tokio_tungstenite::tungstenite::{Error, Message};
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};

/// The longest any one message is waited for before the test fails: 20 s, widened by
/// BITQUEENS_TIME_SCALE on a slow machine ([`bitqueens::testing::patience`]).
pub fn patience() -> Duration {
    bitqueens::testing::patience(Duration::from_secs(20))
}

/// A `bitqueens serve --port 0` running on a scratch page; stopped when dropped.
pub struct Server {
    child: Child,
    dir: PathBuf,
    /// The port it listens on, read from its first line.
    pub port: u16,
    /// The teacher key, read from its teacher link.
    pub key: String,
}

impl Server {
    /// Starts the server with `args` added, and reads its two lines. Its state folder (the
    /// teacher key's) is a scratch one, never the user's.
    pub fn start(args: &[&str]) -> Server {
        Server::start_with(args, None)
    }

    /// [`Server::start`], keeping the teacher key in `state` (the server's
    /// $XDG_STATE_HOME), when given: a server started again on it takes its key back.
    pub fn start_with(args: &[&str], state: Option<&std::path::Path>) -> Server {
        // Read before the server starts: a bad BITQUEENS_TIME_SCALE stops the test with no
        // server left running.
        let start_wait = bitqueens::testing::patience(Duration::from_secs(60));
        let dir = scratch_dir();
        let state = state.map_or_else(|| dir.join("state"), std::path::Path::to_path_buf);
        std::fs::write(
            dir.join("index.html"),
            "<!doctype html><title>class</title>",
        )
        .unwrap();
        let mut child = Command::new(env!("CARGO_BIN_EXE_bitqueens"))
            .args(["serve", "--port", "0", "--dir"])
            .arg(&dir)
            .args(args)
            .env("XDG_STATE_HOME", &state)
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .unwrap();
        let stdout = child.stdout.take().unwrap();
        let (lines, seen) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if lines.send(line).is_err() {
                    break;
                }
            }
        });
        let mut port = None;
        let mut key = None;
        while key.is_none() {
            let line = seen
                .recv_timeout(start_wait)
                .expect("bitqueens serve prints its address and teacher link within a minute");
            if let Some(rest) = line.strip_prefix("Serving bitqueens on http://127.0.0.1:") {
                port = Some(rest.trim_end_matches('/').parse().unwrap());
            }
            if let Some((_, k)) = line.split_once("/?teach=") {
                assert!(
                    line.starts_with("Teacher link: http://127.0.0.1:"),
                    "{line}"
                );
                key = Some(k.to_string());
            }
        }
        Server {
            child,
            dir,
            port: port.expect("the address line comes before the teacher link"),
            key: key.unwrap(),
        }
    }

    /// The WebSocket address.
    pub fn ws(&self) -> String {
        format!("ws://127.0.0.1:{}/class/ws", self.port)
    }

    /// The page's origin, as a browser on it sends it.
    pub fn origin(&self) -> String {
        format!("http://127.0.0.1:{}", self.port)
    }

    /// True while the process runs.
    pub fn running(&mut self) -> bool {
        self.child.try_wait().unwrap().is_none()
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

/// A new empty folder under the system's temporary one (the caller removes it).
pub fn scratch_dir() -> PathBuf {
    let dir = std::env::temp_dir().join(format!(
        "bitqueens-serve-{}-{}",
        std::process::id(),
        rand_suffix()
    ));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn rand_suffix() -> u64 {
    use std::sync::atomic::{AtomicU64, Ordering};
    static NEXT: AtomicU64 = AtomicU64::new(0);
    NEXT.fetch_add(1, Ordering::Relaxed)
}

/// One page's connection.
pub struct Client {
    pub ws: WebSocketStream<MaybeTlsStream<TcpStream>>,
    /// The type of every message received so far, in order (skipped ones included).
    pub seen: Vec<String>,
}

/// The messages only a teacher may receive (docs/class-protocol.md).
pub const TEACHER_ONLY: [&str; 5] = ["opened", "roster", "tally", "histogram", "results"];

/// Opens a connection with this `Origin` (none: `None`).
pub async fn try_connect(server: &Server, origin: Option<&str>) -> Result<Client, Error> {
    let mut request = server.ws().into_client_request().unwrap();
    if let Some(origin) = origin {
        request
            .headers_mut()
            .insert("origin", origin.parse().unwrap());
    }
    let (ws, _) = tokio::time::timeout(patience(), tokio_tungstenite::connect_async(request))
        .await
        .expect("the upgrade is answered")?;
    Ok(Client::new(ws))
}

/// Opens a connection whose socket takes in at most a few KiB before the page reads: a
/// client that stops reading is felt by the server at once.
pub async fn connect_small_window(server: &Server) -> Client {
    let socket = tokio::net::TcpSocket::new_v4().unwrap();
    socket.set_recv_buffer_size(4096).unwrap();
    let stream = socket
        .connect(format!("127.0.0.1:{}", server.port).parse().unwrap())
        .await
        .unwrap();
    let mut request = server.ws().into_client_request().unwrap();
    request
        .headers_mut()
        .insert("origin", server.origin().parse().unwrap());
    let (ws, _) = tokio_tungstenite::client_async(request, MaybeTlsStream::Plain(stream))
        .await
        .unwrap();
    Client::new(ws)
}

/// Opens a connection as the server's own page does, from the loopback address `source`
/// (Linux routes all of 127.0.0.0/8 to this computer).
pub async fn try_connect_from(server: &Server, source: &str) -> Result<Client, Error> {
    let socket = tokio::net::TcpSocket::new_v4().unwrap();
    socket.bind(format!("{source}:0").parse().unwrap()).unwrap();
    let stream = socket
        .connect(format!("127.0.0.1:{}", server.port).parse().unwrap())
        .await?;
    let mut request = server.ws().into_client_request().unwrap();
    request
        .headers_mut()
        .insert("origin", server.origin().parse().unwrap());
    let (ws, _) = tokio::time::timeout(
        patience(),
        tokio_tungstenite::client_async(request, MaybeTlsStream::Plain(stream)),
    )
    .await
    .expect("the upgrade is answered")?;
    Ok(Client::new(ws))
}

/// A connection from `source` as soon as the server lets one in (a place given back), polled
/// until patience() runs out; the failure says `what` was awaited.
pub async fn connect_once_admitted(server: &Server, source: &str, what: &str) -> Client {
    let deadline = tokio::time::Instant::now() + patience();
    loop {
        if let Ok(client) = try_connect_from(server, source).await {
            return client;
        }
        assert!(tokio::time::Instant::now() < deadline, "{what}");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// Opens a connection as the server's own page does.
pub async fn connect(server: &Server) -> Client {
    try_connect(server, Some(&server.origin())).await.unwrap()
}

impl Client {
    /// A client on an open WebSocket.
    pub fn new(ws: WebSocketStream<MaybeTlsStream<TcpStream>>) -> Client {
        Client {
            ws,
            seen: Vec::new(),
        }
    }

    /// Sends one message (`v` added).
    pub async fn send(&mut self, mut message: Value) {
        message["v"] = json!(1);
        self.ws
            .send(Message::text(message.to_string()))
            .await
            .unwrap();
    }

    /// Sends raw text.
    pub async fn send_text(&mut self, text: String) -> Result<(), Error> {
        self.ws.send(Message::text(text)).await
    }

    /// The next message; fails on a close or after [`patience()`] (the server's pings in
    /// between do not extend it).
    pub async fn recv(&mut self) -> Value {
        let deadline = tokio::time::Instant::now() + patience();
        loop {
            let next = tokio::time::timeout_at(deadline, self.ws.next())
                .await
                .expect("a message within the patience");
            match next {
                Some(Ok(Message::Text(text))) => {
                    let value: Value = serde_json::from_str(&text).unwrap();
                    assert_eq!(value["v"], 1, "{value}");
                    self.seen
                        .push(value["type"].as_str().unwrap_or("?").to_string());
                    return value;
                }
                Some(Ok(Message::Ping(_) | Message::Pong(_))) => {}
                other => panic!("expected a message, got {other:?}"),
            }
        }
    }

    /// The next message of type `kind`, those before it skipped.
    pub async fn recv_type(&mut self, kind: &str) -> Value {
        loop {
            let value = self.recv().await;
            if value["type"] == kind {
                return value;
            }
        }
    }

    /// Reads until the server closes: its close code and reason, and the messages before.
    pub async fn closed(&mut self) -> (u16, String, Vec<Value>) {
        let mut before = Vec::new();
        let deadline = tokio::time::Instant::now() + patience();
        loop {
            let next = tokio::time::timeout_at(deadline, self.ws.next())
                .await
                .expect("the server closes within the patience");
            match next {
                Some(Ok(Message::Text(text))) => before.push(serde_json::from_str(&text).unwrap()),
                Some(Ok(Message::Close(Some(frame)))) => {
                    return (u16::from(frame.code), frame.reason.to_string(), before)
                }
                Some(Ok(Message::Close(None))) | None => return (0, String::new(), before),
                Some(Ok(_)) => {}
                Some(Err(error)) => return (1006, error.to_string(), before),
            }
        }
    }
}

/// The close code of a policy violation.
pub fn policy() -> u16 {
    u16::from(CloseCode::Policy)
}

/// A teacher's connection with a room open: the client and its `opened`.
pub async fn teacher(server: &Server) -> (Client, Value) {
    let mut client = connect(server).await;
    client
        .send(json!({"type": "teach", "key": server.key}))
        .await;
    let opened = client.recv_type("opened").await;
    (client, opened)
}

/// A student joined to `code`: the client and its `joined`.
pub async fn student(server: &Server, code: &str, token: Option<&str>) -> (Client, Value) {
    let mut client = connect(server).await;
    client
        .send(json!({"type": "join", "code": code, "token": token, "name": null}))
        .await;
    let joined = client.recv_type("joined").await;
    (client, joined)
}

/// `GET path` over plain HTTP/1.1: the status, the headers (names lower-case) and the body.
pub async fn http_get(server: &Server, path: &str) -> (u16, Vec<(String, String)>, Vec<u8>) {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let mut stream = TcpStream::connect(("127.0.0.1", server.port))
        .await
        .unwrap();
    let request = format!(
        "GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{}\r\nConnection: close\r\n\r\n",
        server.port
    );
    stream.write_all(request.as_bytes()).await.unwrap();
    let mut raw = Vec::new();
    tokio::time::timeout(patience(), stream.read_to_end(&mut raw))
        .await
        .expect("an answer within the patience")
        .unwrap();
    let split = raw
        .windows(4)
        .position(|w| w == b"\r\n\r\n")
        .expect("a head");
    let head = String::from_utf8_lossy(&raw[..split]).to_string();
    let mut lines = head.lines();
    let status = lines
        .next()
        .unwrap()
        .split(' ')
        .nth(1)
        .unwrap()
        .parse()
        .unwrap();
    let headers = lines
        .filter_map(|l| l.split_once(':'))
        .map(|(k, v)| (k.trim().to_lowercase(), v.trim().to_string()))
        .collect();
    (status, headers, raw[split + 4..].to_vec())
}

/// The value of header `name`.
pub fn header<'a>(headers: &'a [(String, String)], name: &str) -> Option<&'a str> {
    headers
        .iter()
        .find(|(k, _)| k == name)
        .map(|(_, v)| v.as_str())
}

impl Server {
    /// Interrupts the server (Ctrl-C) and waits for it to end: its exit status, if it ended
    /// within the patience.
    pub fn interrupt(&mut self) -> Option<std::process::ExitStatus> {
        let pid = self.child.id().to_string();
        let sent = Command::new("kill").args(["-INT", &pid]).status().unwrap();
        assert!(sent.success());
        let deadline = std::time::Instant::now() + patience();
        while std::time::Instant::now() < deadline {
            if let Some(status) = self.child.try_wait().unwrap() {
                return Some(status);
            }
            std::thread::sleep(Duration::from_millis(20));
        }
        None
    }

    /// Writes a file of the served page.
    pub fn write_page_file(&self, name: &str, bytes: &[u8]) {
        std::fs::write(self.dir.join(name), bytes).unwrap();
    }
}
