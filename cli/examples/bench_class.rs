//! The live class's figures (`npm run bench:class`): a real `bitqueens serve` (the binary
//! given as the first argument) on loopback, driven by WebSocket clients in this process.
//!
//! - one room of STUDENTS students (300): the time from the teacher's `show` to the last
//!   student's receipt, p50 and p99 over STEPS steps (each step sent once every student has
//!   the one before);
//! - answers taken in per second in that room: every student sends ANSWERS answers to one
//!   question at once; answers over the time until every `received` is back;
//! - ROOMS rooms (100) of PER_ROOM students (100), 10,000 connections: the same latency,
//!   all rooms stepping at once, once every room has all its students in;
//! - the server's resident memory per connection: its VmRSS with the 10,000 connections open,
//!   less before, over the connections.
//!
//! Bounded: every wait has a deadline, and the run fails with a sentence past it. Counts of
//! each kind may be set in the environment (BENCH_STUDENTS, BENCH_STEPS, BENCH_ANSWERS,
//! BENCH_ROOMS, BENCH_PER_ROOM). Run it on a quiet machine; its figures are the lead's.

use futures_util::{SinkExt, StreamExt};
use serde_json::{json, Value};
use std::io::{BufRead, BufReader};
use std::process::{Child, Command, Stdio};
use std::sync::Arc;
use std::time::{Duration, Instant};
use tokio::sync::mpsc;
use tokio_tungstenite::tungstenite::client::IntoClientRequest;
use tokio_tungstenite::tungstenite::Message;

type Ws =
    tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

const DEADLINE: Duration = Duration::from_secs(120);

fn count(name: &str, default: usize) -> usize {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

struct Server {
    child: Child,
    port: u16,
    key: String,
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn start(binary: &str, dir: &std::path::Path) -> Server {
    let mut child = Command::new(binary)
        .args([
            "serve",
            "--port",
            "0",
            "--max-rooms",
            "1000",
            "--max-students",
            "100000",
        ])
        // Every connection comes from 127.0.0.1: one address may take every place here
        // (by default it takes at most a quarter of them).
        .args(["--connections-per-address", "1000000"])
        .args(["--joins-per-minute", "1000000", "--dir"])
        .arg(dir)
        // The teacher key kept in the scratch folder, not in the user's state folder.
        .env("XDG_STATE_HOME", dir.join("state"))
        .stdout(Stdio::piped())
        .spawn()
        .expect("the bitqueens binary given runs");
    let mut lines = BufReader::new(child.stdout.take().unwrap()).lines();
    let (mut port, mut key) = (0, String::new());
    while key.is_empty() {
        let line = lines
            .next()
            .expect("bitqueens serve prints its teacher link")
            .unwrap();
        if let Some(rest) = line.strip_prefix("Serving bitqueens on http://127.0.0.1:") {
            port = rest.trim_end_matches('/').parse().unwrap();
        }
        if let Some((_, k)) = line.split_once("/?teach=") {
            key = k.to_string();
        }
    }
    std::thread::spawn(move || lines.for_each(drop));
    Server { child, port, key }
}

async fn connect(port: u16) -> Ws {
    let mut request = format!("ws://127.0.0.1:{port}/class/ws")
        .into_client_request()
        .unwrap();
    let origin = format!("http://127.0.0.1:{port}");
    request
        .headers_mut()
        .insert("origin", origin.parse().unwrap());
    tokio_tungstenite::connect_async(request)
        .await
        .expect("connected")
        .0
}

async fn send(ws: &mut Ws, mut message: Value) {
    message["v"] = json!(1);
    ws.send(Message::text(message.to_string()))
        .await
        .expect("sent");
}

async fn recv(ws: &mut Ws) -> Value {
    loop {
        match tokio::time::timeout(DEADLINE, ws.next())
            .await
            .expect("a message before the deadline")
        {
            Some(Ok(Message::Text(text))) => return serde_json::from_str(&text).unwrap(),
            Some(Ok(_)) => {}
            other => panic!("the connection ended: {other:?}"),
        }
    }
}

async fn recv_type(ws: &mut Ws, kind: &str) -> Value {
    loop {
        let message = recv(ws).await;
        if message["type"] == kind {
            return message;
        }
    }
}

/// What students report to the room's driver.
enum Heard {
    Step(u64, Instant),
    Received,
}

/// A student: joins, reports each step and each answer received, answers when told.
async fn student(port: u16, code: String, heard: mpsc::UnboundedSender<Heard>, answers: usize) {
    let mut ws = connect(port).await;
    send(
        &mut ws,
        json!({"type": "join", "code": code, "token": null, "name": null}),
    )
    .await;
    loop {
        let message = recv(&mut ws).await;
        match message["type"].as_str() {
            Some("show") => {
                let _ = heard.send(Heard::Step(
                    message["step"].as_u64().unwrap(),
                    Instant::now(),
                ));
            }
            Some("question") => {
                let id = message["id"].as_u64().unwrap();
                for i in 0..answers {
                    let given = json!({"form": "digits", "mask": i % 256});
                    send(
                        &mut ws,
                        json!({"type": "answer", "question": id, "round": 1, "given": given}),
                    )
                    .await;
                }
            }
            Some("received") => {
                let _ = heard.send(Heard::Received);
            }
            Some("ended") => return,
            _ => {}
        }
    }
}

/// A room: a teacher and `students`; returns the step latencies (ms), and the answers/s when
/// `answers` > 0. The first step waits at `all_joined` until every room sharing it has all its
/// students in: the figure is the steady class's, not a step racing other rooms' connections.
async fn room(
    port: u16,
    key: String,
    students: usize,
    steps: u64,
    answers: usize,
    all_joined: Arc<tokio::sync::Barrier>,
) -> (Vec<f64>, Option<f64>) {
    let mut teacher = connect(port).await;
    send(&mut teacher, json!({"type": "teach", "key": key})).await;
    let code = recv_type(&mut teacher, "opened").await["code"]
        .as_str()
        .unwrap()
        .to_string();
    let (heard, mut hearing) = mpsc::unbounded_channel();
    let tasks: Vec<_> = (0..students)
        .map(|_| tokio::spawn(student(port, code.clone(), heard.clone(), answers)))
        .collect();
    loop {
        let message = recv(&mut teacher).await;
        if message["type"] == "roster" && message["joined"] == students {
            break;
        }
    }
    // The teacher reads its own echoes in a task of its own; the driver only sends.
    let (mut to_server, mut from_server) = teacher.split();
    let reader = tokio::spawn(async move { while let Some(Ok(_)) = from_server.next().await {} });
    all_joined.wait().await;
    let mut latencies = Vec::new();
    for step in 1..=steps {
        let message = json!({"v": 1, "type": "show", "n": 8, "mirror": false, "step": step, "lesson": null, "stop": null});
        let sent = Instant::now();
        to_server
            .send(Message::text(message.to_string()))
            .await
            .unwrap();
        let mut last = sent;
        let mut got = 0;
        while got < students {
            match tokio::time::timeout(DEADLINE, hearing.recv())
                .await
                .expect("every student gets the step before the deadline")
            {
                Some(Heard::Step(s, at)) if s == step => {
                    got += 1;
                    last = last.max(at);
                }
                _ => {}
            }
        }
        latencies.push((last - sent).as_secs_f64() * 1000.0);
        // The teacher's own limit is 20 messages a second: stay under it.
        tokio::time::sleep(Duration::from_millis(55)).await;
    }
    let mut rate = None;
    if answers > 0 {
        let ask = json!({"v": 1, "type": "show", "n": 8, "mirror": false, "step": 0, "lesson": null, "stop": null});
        to_server
            .send(Message::text(ask.to_string()))
            .await
            .unwrap();
        tokio::time::sleep(Duration::from_millis(55)).await;
        let started = Instant::now();
        let ask = json!({"v": 1, "type": "ask", "topic": "free-squares"});
        to_server
            .send(Message::text(ask.to_string()))
            .await
            .unwrap();
        let mut received = 0;
        while received < students * answers {
            if let Some(Heard::Received) = tokio::time::timeout(DEADLINE, hearing.recv())
                .await
                .expect("every answer received before the deadline")
            {
                received += 1;
            }
        }
        rate = Some(received as f64 / started.elapsed().as_secs_f64());
    }
    to_server
        .send(Message::text(json!({"v": 1, "type": "end"}).to_string()))
        .await
        .unwrap();
    for task in tasks {
        let _ = tokio::time::timeout(DEADLINE, task).await;
    }
    reader.abort();
    (latencies, rate)
}

fn percentile(sorted: &[f64], p: f64) -> f64 {
    sorted[((sorted.len() - 1) as f64 * p).round() as usize]
}

fn rss_kib(pid: u32) -> u64 {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap_or_default();
    status
        .lines()
        .find(|l| l.starts_with("VmRSS:"))
        .and_then(|l| l.split_whitespace().nth(1))
        .and_then(|v| v.parse().ok())
        .unwrap_or(0)
}

fn summary(name: &str, mut latencies: Vec<f64>) {
    latencies.sort_by(f64::total_cmp);
    println!(
        "{name}: {} steps, p50 {:.2} ms, p99 {:.2} ms",
        latencies.len(),
        percentile(&latencies, 0.5),
        percentile(&latencies, 0.99)
    );
}

#[tokio::main]
async fn main() {
    let binary = std::env::args()
        .nth(1)
        .expect("usage: bench_class path/to/bitqueens");
    let dir = std::env::temp_dir().join(format!("bitqueens-bench-class-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(
        dir.join("index.html"),
        "<!doctype html><title>bench</title>",
    )
    .unwrap();
    let server = start(&binary, &dir);
    let (students, steps, answers) = (
        count("BENCH_STUDENTS", 300),
        count("BENCH_STEPS", 200) as u64,
        count("BENCH_ANSWERS", 20),
    );
    let one = Arc::new(tokio::sync::Barrier::new(1));
    let (latencies, rate) = room(
        server.port,
        server.key.clone(),
        students,
        steps,
        answers,
        one,
    )
    .await;
    summary(&format!("one room of {students} students"), latencies);
    if let Some(rate) = rate {
        println!("answers taken in: {rate:.0} a second ({students} students × {answers} answers)");
    }

    let (rooms, per_room) = (count("BENCH_ROOMS", 100), count("BENCH_PER_ROOM", 100));
    let before = rss_kib(server.child.id());
    let pid = server.child.id();
    let peak = Arc::new(std::sync::atomic::AtomicU64::new(0));
    let watching = {
        let peak = peak.clone();
        tokio::spawn(async move {
            loop {
                peak.fetch_max(rss_kib(pid), std::sync::atomic::Ordering::Relaxed);
                tokio::time::sleep(Duration::from_millis(100)).await;
            }
        })
    };
    let all_joined = Arc::new(tokio::sync::Barrier::new(rooms));
    let runs: Vec<_> = (0..rooms)
        .map(|_| {
            let all_joined = all_joined.clone();
            tokio::spawn(room(
                server.port,
                server.key.clone(),
                per_room,
                20,
                0,
                all_joined,
            ))
        })
        .collect();
    let mut all = Vec::new();
    for run in runs {
        all.extend(run.await.unwrap().0);
    }
    watching.abort();
    summary(
        &format!(
            "{rooms} rooms of {per_room} students ({} connections)",
            rooms * (per_room + 1)
        ),
        all,
    );
    let connections = (rooms * (per_room + 1)) as u64;
    let grown = peak
        .load(std::sync::atomic::Ordering::Relaxed)
        .saturating_sub(before);
    println!(
        "server memory: {before} KiB before, {} KiB at the peak: {:.1} KiB per connection",
        peak.load(std::sync::atomic::Ordering::Relaxed),
        grown as f64 / connections as f64
    );
    drop(server);
    let _ = std::fs::remove_dir_all(&dir);
}
