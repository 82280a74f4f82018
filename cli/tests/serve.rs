//! `bitqueens serve` with real WebSocket clients on loopback: a teacher's whole class, and
//! every kind of bad client (a student sending teacher messages, another origin, messages
//! too big or broken, a flood, a client that never reads). Each test starts its own server.

mod class_client;

use class_client::*;
use serde_json::{json, Value};
use std::time::Duration;

/// A free-squares question on an empty 8×8 board: every square of row 1 is free, so the
/// right answer is all eight digits (from the board, not from the server).
const ALL_FREE: u32 = 0b1111_1111;

fn bars(histogram: &Value, round: usize) -> Vec<(u64, u64, bool, bool)> {
    histogram["rounds"][round]["bars"]
        .as_array()
        .unwrap()
        .iter()
        .map(|bar| {
            (
                bar["given"]["mask"].as_u64().unwrap(),
                bar["count"].as_u64().unwrap(),
                bar["right"].as_bool().unwrap(),
                bar["reason"].is_string(),
            )
        })
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_teachers_whole_class() {
    let server = Server::start(&[]);
    let (mut teacher, opened) = teacher(&server).await;
    let code = opened["code"].as_str().unwrap().to_string();
    assert_eq!(code.len(), 6);
    assert_eq!(opened["joinPath"], format!("/c/{code}"));
    assert!(opened["secret"].as_str().unwrap().len() >= 26);

    let mut students = Vec::new();
    for _ in 0..3 {
        let (client, joined) = student(&server, &code.to_lowercase(), None).await;
        assert_eq!(joined["code"], code);
        assert!(joined["question"].is_null());
        students.push((client, joined["token"].as_str().unwrap().to_string()));
    }
    // The teacher's roster counts them in; no student sees another's name (checked at the
    // end: no student ever receives a teacher's message).
    let roster = loop {
        let roster = teacher.recv_type("roster").await;
        if roster["joined"] == 3 {
            break roster;
        }
    };
    assert_eq!(roster["students"].as_array().unwrap().len(), 3);

    teacher
        .send(json!({"type": "show", "n": 8, "mirror": false, "step": 0, "lesson": null, "stop": null}))
        .await;
    for (client, _) in &mut students {
        let show = client.recv_type("show").await;
        assert_eq!(
            (show["n"].clone(), show["step"].clone()),
            (json!(8), json!(0))
        );
    }
    teacher
        .send(json!({"type": "ask", "topic": "free-squares"}))
        .await;
    let asked = teacher.recv_type("question").await;
    let id = asked["id"].as_u64().unwrap();
    assert_eq!(asked["round"], 1);
    for (client, _) in &mut students {
        let question = client.recv_type("question").await;
        assert_eq!(question["id"], id);
        assert_eq!(question["form"], "digits");
        assert!(question["question"].get("answer").is_none(), "{question}");
        assert!(question["question"].get("next").is_none(), "{question}");
    }

    // Round 1: two right, one gives the attacked squares (none on an empty board: 0).
    let round1 = [ALL_FREE, ALL_FREE, 0];
    for ((client, _), mask) in students.iter_mut().zip(round1) {
        client
            .send(json!({"type": "answer", "question": id, "round": 1, "given": {"form": "digits", "mask": mask}}))
            .await;
        let received = client.recv_type("received").await;
        assert_eq!(
            (received["id"].as_u64(), received["round"].as_u64()),
            (Some(id), Some(1))
        );
    }
    let tally = loop {
        let tally = teacher.recv_type("tally").await;
        if tally["answered"] == 3 {
            break tally;
        }
        assert!(
            tally.get("given").is_none(),
            "a tally carries no answers: {tally}"
        );
    };
    assert_eq!(tally["joined"], 3);

    teacher.send(json!({"type": "reveal"})).await;
    let histogram = teacher.recv_type("histogram").await;
    assert_eq!(histogram["question"]["answer"]["mask"], ALL_FREE);
    assert_eq!(
        bars(&histogram, 0),
        [(ALL_FREE as u64, 2, true, false), (0, 1, false, true)]
    );
    for ((client, _), mask) in students.iter_mut().zip(round1) {
        let result = client.recv_type("result").await;
        assert_eq!(result["right"], mask == ALL_FREE, "{result}");
        assert_eq!(result["reason"].is_string(), mask != ALL_FREE, "{result}");
        assert_eq!(result["answer"]["mask"], ALL_FREE);
    }

    // Round 2: everyone right but the third, who does not answer yet.
    teacher.send(json!({"type": "voteAgain"})).await;
    for (client, _) in &mut students {
        let question = client.recv_type("question").await;
        assert_eq!(
            (question["id"].as_u64(), question["round"].as_u64()),
            (Some(id), Some(2))
        );
    }
    for (client, _) in students.iter_mut().take(2) {
        client
            .send(json!({"type": "answer", "question": id, "round": 2, "given": {"form": "digits", "mask": ALL_FREE}}))
            .await;
        client.recv_type("received").await;
    }

    // The third reloads (a new connection, its token) and answers; then reloads again: its
    // round-2 answer is kept, and it lands on the open question.
    let (third, token) = students.pop().unwrap();
    drop(third);
    let (mut third, joined) = student(&server, &code, Some(&token)).await;
    assert_eq!(joined["token"], token);
    assert_eq!(joined["question"]["round"], 2);
    assert!(joined["answer"].is_null());
    third
        .send(json!({"type": "answer", "question": id, "round": 2, "given": {"form": "digits", "mask": 0b1000_0000}}))
        .await;
    third.recv_type("received").await;
    drop(third);
    let (third, joined) = student(&server, &code, Some(&token)).await;
    assert_eq!(
        joined["answer"],
        json!({"form": "digits", "mask": 0b1000_0000})
    );
    students.push((third, token));

    teacher.send(json!({"type": "reveal"})).await;
    let histogram = teacher.recv_type("histogram").await;
    assert_eq!(histogram["rounds"].as_array().unwrap().len(), 2);
    assert_eq!(
        bars(&histogram, 1),
        [
            (ALL_FREE as u64, 2, true, false),
            (0b1000_0000, 1, false, true)
        ]
    );

    teacher.send(json!({"type": "results"})).await;
    let results = teacher.recv_type("results").await;
    let rows = results["rows"].as_array().unwrap();
    assert_eq!(rows.len(), 6, "{results}");
    assert_eq!(rows.iter().filter(|r| r["right"] == true).count(), 4);

    teacher.send(json!({"type": "end"})).await;
    // The teacher's page gets every row again just before its `ended` (for the CSV after).
    let (_, _, before) = teacher.closed().await;
    let kinds: Vec<&str> = before.iter().filter_map(|m| m["type"].as_str()).collect();
    let ended = kinds.iter().position(|k| *k == "ended").expect("ended");
    let last = kinds[..ended]
        .iter()
        .rposition(|k| !matches!(*k, "roster" | "tally" | "beat"));
    assert_eq!(last.map(|i| kinds[i]), Some("results"), "{kinds:?}");
    assert_eq!(before[last.unwrap()]["rows"], results["rows"]);
    for (client, _) in &mut students {
        let (code, _, before) = client.closed().await;
        assert!(before.iter().any(|m| m["type"] == "ended"), "{before:?}");
        assert_eq!(code, 1000);
        // Over the whole class, on the wire: no student received a teacher's message (the
        // roster with the names, the tallies, the histograms, the results).
        let mut seen = client.seen.clone();
        seen.extend(
            before
                .iter()
                .map(|m| m["type"].as_str().unwrap_or("?").to_string()),
        );
        assert!(seen.contains(&"result".to_string()), "{seen:?}");
        for kind in TEACHER_ONLY {
            assert!(
                !seen.iter().any(|k| k == kind),
                "a student received {kind}: {seen:?}"
            );
        }
    }
    // The same check sees the teacher's messages where they are sent.
    for kind in ["roster", "tally", "histogram", "results"] {
        assert!(
            teacher.seen.iter().any(|k| k == kind),
            "{kind}: {:?}",
            teacher.seen
        );
    }
}

/// Every message a teacher may send, as a student would try it.
fn teacher_messages() -> Vec<Value> {
    vec![
        json!({"type": "show", "n": 8, "mirror": false, "step": 3, "lesson": null, "stop": null}),
        json!({"type": "explore", "on": true}),
        json!({"type": "pause", "on": true}),
        json!({"type": "ask", "topic": "free-squares"}),
        json!({"type": "reveal"}),
        json!({"type": "voteAgain"}),
        json!({"type": "results"}),
        json!({"type": "end"}),
    ]
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_student_cannot_send_a_teachers_message() {
    let server = Server::start(&[]);
    let (mut teacher, opened) = teacher(&server).await;
    let code = opened["code"].as_str().unwrap();
    let (mut bystander, _) = student(&server, code, None).await;
    for message in teacher_messages() {
        let kind = message["type"].clone();
        let (mut intruder, _) = student(&server, code, None).await;
        intruder.send(message).await;
        let (close, reason, before) = intruder.closed().await;
        assert_eq!(close, policy(), "{kind}: {reason}");
        let error = before.iter().find(|m| m["type"] == "error").unwrap();
        assert_eq!(
            (error["code"].as_str(), error["fatal"].as_bool()),
            (Some("role"), Some(true))
        );
        assert!(
            reason.ends_with('.') && reason.contains("teacher"),
            "{kind}: {reason}"
        );
    }
    // The room goes on: the teacher still drives the one who stayed; nothing was paused,
    // asked or ended by the intruders.
    teacher
        .send(json!({"type": "show", "n": 6, "mirror": true, "step": 5, "lesson": null, "stop": null}))
        .await;
    let show = bystander.recv_type("show").await;
    assert_eq!(
        (
            show["n"].as_u64(),
            show["paused"].as_bool(),
            show["explore"].as_bool()
        ),
        (Some(6), Some(false), Some(false))
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn another_origin_is_refused() {
    let server = Server::start(&[]);
    match try_connect(&server, Some("http://evil.example")).await {
        Err(tokio_tungstenite::tungstenite::Error::Http(response)) => {
            assert_eq!(response.status(), 403)
        }
        other => panic!("expected a 403, got {:?}", other.map(|_| "a connection")),
    }
    let https = format!("https://127.0.0.1:{}", server.port);
    assert!(try_connect(&server, Some(&https)).await.is_ok());
    assert!(try_connect(&server, Some(&server.origin())).await.is_ok());
}

/// A student's connection sends `text` raw: it is closed with `code`, a reason of one
/// sentence, and the room goes on.
async fn refused_with(
    server: &Server,
    code: &str,
    teacher: &mut Client,
    text: String,
    close: u16,
) -> String {
    let (mut client, _) = student(server, code, None).await;
    let _ = client.send_text(text).await;
    let (got, reason, _) = client.closed().await;
    assert_eq!(got, close, "{reason}");
    assert!(reason.ends_with('.'), "{reason}");
    assert!(
        !reason.contains("src/") && !reason.contains("panicked"),
        "{reason}"
    );
    let step = rand_step();
    teacher
        .send(json!({"type": "show", "n": 8, "mirror": false, "step": step, "lesson": null, "stop": null}))
        .await;
    assert_eq!(teacher.recv_type("show").await["step"], step);
    reason
}

fn rand_step() -> u64 {
    use std::sync::atomic::{AtomicU64, Ordering};
    static STEP: AtomicU64 = AtomicU64::new(1);
    STEP.fetch_add(1, Ordering::Relaxed)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn messages_too_big_broken_or_of_another_version_close_with_a_reason() {
    let server = Server::start(&[]);
    let (mut teacher, opened) = teacher(&server).await;
    let code = opened["code"].as_str().unwrap().to_string();
    let big = format!(r#"{{"v":1,"type":"rename","name":"{}"}}"#, "x".repeat(9000));
    let reason = refused_with(&server, &code, &mut teacher, big, 1009).await;
    assert!(reason.contains("8 KiB"), "{reason}");
    for broken in [
        "not json".to_string(),
        r#"{"v":1,"type":"rename","name":"a","extra":1}"#.to_string(),
        r#"{"v":1,"type":"fly"}"#.to_string(),
        r#"{"v":1,"type":"answer","question":1,"round":1,"given":{"form":"digits","mask":-1}}"#
            .to_string(),
        "[]".to_string(),
    ] {
        refused_with(&server, &code, &mut teacher, broken, policy()).await;
    }
    let reason = refused_with(
        &server,
        &code,
        &mut teacher,
        r#"{"v":0,"type":"rename","name":"a"}"#.to_string(),
        policy(),
    )
    .await;
    assert!(reason.contains("older"), "{reason}");
    // A binary frame, and a first message that is not an opening one.
    let (mut client, _) = student(&server, &code, None).await;
    client
        .ws
        .send(tokio_tungstenite::tungstenite::Message::binary(vec![
            1, 2, 3,
        ]))
        .await
        .unwrap();
    assert_eq!(client.closed().await.0, policy());
    let mut fresh = connect(&server).await;
    fresh.send(json!({"type": "rename", "name": "x"})).await;
    assert_eq!(fresh.closed().await.0, policy());
}

use futures_util::SinkExt;

/// A student floods the room, with 400 renames or (`pings`) up to 2,000 pings: warned once
/// (`rate`), then closed as a flood, while a calm student still follows the teacher.
async fn a_flood_is_warned_then_closed(pings: bool) {
    use tokio_tungstenite::tungstenite::Message;
    let server = Server::start(&[]);
    let (mut teacher, opened) = teacher(&server).await;
    let code = opened["code"].as_str().unwrap().to_string();
    let (mut calm, _) = student(&server, &code, None).await;
    let (mut flood, _) = student(&server, &code, None).await;
    let rename = json!({"v": 1, "type": "rename", "name": "again"}).to_string();
    for _ in 0..if pings { 2_000 } else { 400 } {
        let sent = if pings {
            flood.ws.send(Message::Ping(vec![7u8; 8].into())).await
        } else {
            flood.send_text(rename.clone()).await
        };
        if sent.is_err() {
            break;
        }
    }
    let (close, reason, before) = flood.closed().await;
    assert_eq!(close, policy(), "{reason}");
    assert!(reason.contains("Too many messages"), "{reason}");
    assert!(
        before.iter().any(|m| m["code"] == "rate"),
        "a warning first: {before:?}"
    );
    teacher
        .send(json!({"type": "show", "n": 5, "mirror": false, "step": 9, "lesson": null, "stop": null}))
        .await;
    assert_eq!(calm.recv_type("show").await["step"], 9);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_flood_is_closed_and_the_others_go_on() {
    a_flood_is_warned_then_closed(false).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_flood_of_pings_is_counted_and_closed_as_messages_are() {
    // 40 a burst and 20 a second pass, the rest are drops, 100 in a row a flood: a ping
    // (answered with a pong) counts as a message does.
    a_flood_is_warned_then_closed(true).await;
}

/// A `join` of code `code` from a new connection: the first message back.
/// `count` (at most 49) different codes of a code's shape, none of them `ABCDEF`: wrong guesses
/// (a room's code is random: one of them being it is a chance of one in millions).
fn wrong_codes(count: u8) -> Vec<String> {
    (0..count)
        .map(|i| format!("ABCD{}{}", (b'2' + i / 7) as char, (b'2' + i % 7) as char))
        .collect()
}

async fn try_join(server: &Server, code: &str) -> Value {
    let mut client = connect(server).await;
    client
        .send(json!({"type": "join", "code": code, "token": null, "name": null}))
        .await;
    client.recv().await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn wrong_guesses_from_one_address_are_limited_and_a_class_joining_is_not() {
    let server = Server::start(&[]);
    let (mut teacher, opened) = teacher(&server).await;
    let code = opened["code"].as_str().unwrap();
    // A class of 30 behind one address, typing the right code, all get in: no guess is wrong.
    for _ in 0..30 {
        student(&server, code, None).await;
    }
    // One wrong code tried again and again (a class's phones coming back to a code that a
    // restart took) is one guess: 40 tries, each told the code is unknown.
    for _ in 0..40 {
        assert_eq!(try_join(&server, "ABC-DEF").await["code"], "code");
    }
    // 19 more wrong codes are each told so; the next attempt is refused before it is read,
    // even with the right code, so that guessing tells nothing more.
    for wrong in wrong_codes(19) {
        assert_eq!(try_join(&server, &wrong).await["code"], "code", "{wrong}");
    }
    let refused = try_join(&server, code).await;
    assert_eq!(refused["code"], "joins", "{refused}");
    // Told when to try again: within the minute that began with the first wrong code.
    let seconds = refused["retryInSeconds"].as_u64().unwrap();
    assert!((1..=60).contains(&seconds), "{refused}");
    assert!(refused["reason"]
        .as_str()
        .unwrap()
        .contains(&format!("try again in {seconds} second")));
    // Another address is not held back.
    let mut other = connect_once_admitted(&server, "127.0.0.9", "a join").await;
    other
        .send(json!({"type": "join", "code": code, "token": null, "name": null}))
        .await;
    assert_eq!(other.recv_type("joined").await["code"], code);
    // Once the class has ended, the address whose guesses are spent is told it ended.
    teacher.send(json!({"type": "end"})).await;
    teacher.recv_type("ended").await;
    let ended = try_join(&server, code).await;
    assert_eq!(ended["code"], "ended", "{ended}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn wrong_guesses_from_many_addresses_meet_the_servers_budget() {
    let server = Server::start(&["--guesses-per-minute", "50"]);
    let (_teacher, opened) = teacher(&server).await;
    let code = opened["code"].as_str().unwrap();
    // 100 addresses guess wrong once each: each one's first try is read (past the 50 in all,
    // a fresh address still tries once) and told the code is wrong.
    let guess_from = |source: String, code: String| {
        let server = &server;
        async move {
            let mut client = connect_once_admitted(server, &source, "a guess").await;
            client
                .send(json!({"type": "join", "code": code, "token": null, "name": null}))
                .await;
            client.recv().await
        }
    };
    for i in 1..=100 {
        let answer = guess_from(format!("127.0.7.{i}"), "NOPE23".to_string()).await;
        assert_eq!(answer["code"], "code", "127.0.7.{i}: {answer}");
    }
    // The budget is spent: every one of them is refused its second try, right code or not.
    for i in 1..=100 {
        let answer = guess_from(format!("127.0.7.{i}"), code.to_string()).await;
        assert_eq!(answer["code"], "joins", "127.0.7.{i}: {answer}");
    }
    // An address that guessed nothing wrong still joins, and the class goes on.
    let joined = guess_from("127.0.8.1".to_string(), code.to_string()).await;
    assert_eq!(joined["type"], "joined", "{joined}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn strangers_who_fill_a_room_and_leave_do_not_keep_the_class_out() {
    let server = Server::start(&["--max-students", "10", "--seat-kept-seconds", "1"]);
    let (mut teacher, opened) = teacher(&server).await;
    let code = opened["code"].as_str().unwrap().to_string();
    let join_from = |source: String| {
        let (server, code) = (&server, code.clone());
        async move {
            let mut client = connect_once_admitted(server, &source, "a join").await;
            client
                .send(json!({"type": "join", "code": code, "token": null, "name": null}))
                .await;
            let first = client.recv().await;
            (client, first)
        }
    };
    // Ten strangers from ten addresses take every seat, then go.
    let mut strangers = Vec::new();
    for i in 1..=10 {
        let (client, first) = join_from(format!("127.0.10.{i}")).await;
        assert_eq!(first["type"], "joined", "{first}");
        strangers.push(client);
    }
    let (_, full) = join_from("127.0.11.1".to_string()).await;
    assert_eq!(full["code"], "full", "{full}");
    drop(strangers);
    // The real student gets in once the strangers' seats are no longer kept (a second); each
    // try from an address of its own (a try is a new student for its address's limit).
    let deadline = tokio::time::Instant::now() + patience();
    let mut tries = 0u32;
    let (mut real, _) = loop {
        tries += 1;
        let source = format!("127.0.{}.{}", 12 + tries / 250, 1 + tries % 250);
        let (client, first) = join_from(source).await;
        if first["type"] == "joined" {
            break (client, first);
        }
        assert_eq!(first["code"], "full", "{first}");
        assert!(
            tokio::time::Instant::now() < deadline,
            "the room stayed full"
        );
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    };
    // The teacher locks the room: a newcomer is refused; removes a stranger's seat.
    teacher.send(json!({"type": "lock", "on": true})).await;
    // (rosters from the joins may still be on their way: the latest says it is locked)
    while teacher.recv_type("roster").await["locked"] != true {}
    let (_, locked) = join_from("127.0.11.3".to_string()).await;
    assert_eq!(locked["code"], "locked", "{locked}");
    teacher.send(json!({"type": "remove", "student": 1})).await;
    let roster = teacher.recv_type("roster").await;
    assert!(
        roster["students"]
            .as_array()
            .unwrap()
            .iter()
            .all(|s| s["id"] != 1),
        "{roster}"
    );
    // The class goes on for the real student.
    teacher
        .send(json!({"type": "show", "n": 6, "mirror": false, "step": 2, "lesson": null, "stop": null}))
        .await;
    assert_eq!(real.recv_type("show").await["step"], 2);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn rejoins_and_the_teachers_return_prove_a_secret_and_are_not_limited() {
    let server = Server::start(&[]);
    let (first_teacher, opened) = teacher(&server).await;
    let code = opened["code"].as_str().unwrap().to_string();
    let secret = opened["secret"].as_str().unwrap().to_string();
    let (first, joined) = student(&server, &code, None).await;
    let token = joined["token"].as_str().unwrap().to_string();
    drop(first);
    // A class behind one address, reconnecting after a wifi cut: 30 rejoins with a token
    // within the minute all get in.
    for _ in 0..30 {
        let (_, rejoined) = student(&server, &code, Some(&token)).await;
        assert_eq!(rejoined["token"], token.as_str());
    }
    // Wrong guesses spend the address's minute (new joins of the right code do not); then
    // the teacher, reconnecting, still gets back in with the room's secret.
    for wrong in wrong_codes(20) {
        assert_eq!(try_join(&server, &wrong).await["code"], "code");
    }
    assert_eq!(try_join(&server, &code).await["code"], "joins");
    drop(first_teacher);
    let mut back = connect(&server).await;
    back.send(json!({"type": "resumeTeaching", "code": code, "secret": secret}))
        .await;
    assert_eq!(back.recv_type("opened").await["code"], code.as_str());
    // And a teacher link opens another class.
    teacher(&server).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_seat_taken_from_another_address_keeps_its_name_and_the_teacher_is_told() {
    let server = Server::start(&[]);
    let (mut teacher, opened) = teacher(&server).await;
    let code = opened["code"].as_str().unwrap().to_string();
    let join = |token: Value, name: &str| json!({"type": "join", "code": code, "token": token, "name": name});
    let mut owner = connect_once_admitted(&server, "127.0.0.1", "a join").await;
    owner.send(join(Value::Null, "Ada")).await;
    let token = owner.recv_type("joined").await["token"].clone();
    // The token leaks: a page at another address joins with it, under another name.
    let mut thief = connect_once_admitted(&server, "127.0.0.2", "a join").await;
    thief.send(join(token, "Mallory")).await;
    assert_eq!(thief.recv_type("joined").await["name"], "Ada");
    // The owner's page is told, in words that say what happened, and closed.
    let (_, _, told) = owner.closed().await;
    let error = told
        .iter()
        .find(|m| m["type"] == "error")
        .expect("an error");
    assert_eq!(error["code"], "replaced", "{error}");
    assert!(
        error["reason"]
            .as_str()
            .unwrap()
            .contains("another network"),
        "{error}"
    );
    // The teacher's roster marks the seat, under its own name.
    let student = loop {
        let roster = teacher.recv_type("roster").await;
        let student = roster["students"][0].clone();
        if student["takenOver"] == true {
            break student;
        }
    };
    assert_eq!(student["name"], "Ada", "{student}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn names_that_pass_for_the_teacher_or_mix_scripts_are_marked_for_the_teacher() {
    let server = Server::start(&[]);
    let (mut teacher, opened) = teacher(&server).await;
    let code = opened["code"].as_str().unwrap().to_string();
    // A Cyrillic Т, a Cyrillic а, a plain name; and names that show nothing are refused a
    // name (an anonymous one is given).
    let mut pages = Vec::new();
    for name in ["Тeacher", "Pаul", "Ada", "\u{3164}\u{2800}\u{E0041}"] {
        let mut page = connect(&server).await;
        page.send(json!({"type": "join", "code": code, "token": null, "name": name}))
            .await;
        page.recv_type("joined").await;
        pages.push(page); // connected until the test ends
    }
    let students = loop {
        let roster = teacher.recv_type("roster").await;
        if roster["students"].as_array().unwrap().len() == 4 {
            break roster["students"].as_array().unwrap().clone();
        }
    };
    let marks: Vec<(&str, &Value)> = students
        .iter()
        .map(|s| (s["name"].as_str().unwrap(), &s["mark"]))
        .collect();
    assert_eq!(marks[0], ("Тeacher", &json!("says-teacher")));
    assert_eq!(marks[1], ("Pаul", &json!("mixed-scripts")));
    assert_eq!(marks[2], ("Ada", &Value::Null));
    assert!(marks[3].0.chars().any(char::is_alphanumeric), "{marks:?}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_client_that_never_reads_is_dropped_and_the_others_get_everything() {
    let server = Server::start(&["--messages-per-second", "100000"]);
    let (mut teacher, opened) = teacher(&server).await;
    let code = opened["code"].as_str().unwrap().to_string();
    let (mut reader, _) = student(&server, &code, None).await;
    let mut sleeper = connect_small_window(&server).await;
    sleeper
        .send(json!({"type": "join", "code": code, "token": null, "name": null}))
        .await;
    sleeper.recv_type("joined").await; // and never read again
    loop {
        if teacher.recv_type("roster").await["joined"] == 2 {
            break;
        }
    }
    // The reader reads every show, in order, in a task of its own, and says how far it got:
    // the teacher never runs more than one batch ahead of it, so the reader (which does read)
    // is never the one that falls behind, however busy the machine.
    const MOST: u64 = 200_000;
    const BATCH: u64 = 32;
    let (progress, mut reader_at) = tokio::sync::watch::channel(0u64);
    let reading = tokio::spawn(async move {
        let mut last = 0;
        loop {
            let message = reader.recv().await;
            if message["type"] == "show" {
                let step = message["step"].as_u64().unwrap();
                assert_eq!(step, last + 1, "every show, in order");
                last = step;
                let _ = progress.send(last);
                if message["lesson"] == "last" {
                    return last;
                }
            }
        }
    });
    // The teacher steps on until the sleeper's connection is dropped (the roster says so),
    // reading its own echoes in batches so that it is not dropped itself.
    let lesson = "x".repeat(64);
    let mut step = 0;
    let mut dropped = false;
    while !dropped {
        assert!(
            step < MOST,
            "the sleeper was not dropped after {MOST} shows"
        );
        tokio::time::timeout(patience(), reader_at.wait_for(|at| *at >= step))
            .await
            .expect("the reader keeps up")
            .expect("the reader is reading");
        for _ in 0..BATCH {
            step += 1;
            teacher
                .send(json!({"type": "show", "n": 8, "mirror": false, "step": step, "lesson": lesson, "stop": null}))
                .await;
        }
        let mut echoes = 0;
        while echoes < BATCH {
            let message = teacher.recv().await;
            match message["type"].as_str() {
                Some("show") => echoes += 1,
                Some("roster") => dropped |= message["joined"] == 1,
                _ => {}
            }
        }
    }
    eprintln!("the sleeper was dropped after {step} shows");
    step += 1;
    teacher
        .send(json!({"type": "show", "n": 8, "mirror": false, "step": step, "lesson": "last", "stop": null}))
        .await;
    let read = tokio::time::timeout(patience() * 3, reading)
        .await
        .expect("the reader got the last show")
        .unwrap();
    assert_eq!(read, step);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_page_the_hello_and_the_short_link() {
    let server = Server::start(&[]);
    server.write_page_file("core_bg.wasm", b"\0asm\x01\0\0\0");
    let (status, headers, body) = http_get(&server, "/").await;
    assert_eq!(status, 200);
    assert_eq!(
        header(&headers, "content-type"),
        Some("text/html; charset=utf-8")
    );
    assert!(String::from_utf8_lossy(&body).contains("<title>class</title>"));
    let (status, headers, _) = http_get(&server, "/core_bg.wasm").await;
    assert_eq!(
        (status, header(&headers, "content-type")),
        (200, Some("application/wasm"))
    );
    let (status, headers, body) = http_get(&server, "/class/hello").await;
    assert_eq!(status, 200);
    assert!(header(&headers, "content-type")
        .unwrap()
        .starts_with("application/json"));
    let hello: Value = serde_json::from_slice(&body).unwrap();
    assert_eq!(hello["protocol"], 1);
    assert_eq!(hello["beatSeconds"], 15, "the ping interval: {hello}");
    assert!(hello["server"]
        .as_str()
        .unwrap()
        .starts_with("bitqueens serve "));
    let (status, headers, _) = http_get(&server, "/c/ab-cd23").await;
    assert!((300..400).contains(&status));
    assert_eq!(header(&headers, "location"), Some("/?class=ABCD23"));
    // Not a code: a page that says so, leads to the join field, and does not echo the path.
    let (status, headers, body) = http_get(&server, "/c/%3Cb%3Enope").await;
    let body = String::from_utf8_lossy(&body);
    assert_eq!(status, 404);
    assert!(header(&headers, "content-type").is_some_and(|t| t.starts_with("text/html")));
    assert!(body.contains("No class has this code.") && body.contains("href=\"/?class=\""));
    assert!(!body.contains("nope"), "the path is not echoed: {body}");
    for outside in ["/../Cargo.toml", "/%2e%2e/Cargo.toml", "/missing.js"] {
        let (status, _, body) = http_get(&server, outside).await;
        assert_eq!(status, 404, "{outside}");
        assert!(
            !String::from_utf8_lossy(&body).contains('/'),
            "no path told: {outside}"
        );
    }
}

#[test]
fn ctrl_c_stops_the_server_cleanly() {
    let mut server = Server::start(&[]);
    let status = server
        .interrupt()
        .expect("the server stops within the patience");
    assert!(status.success(), "{status}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_connection_that_takes_no_seat_is_closed() {
    let server = Server::start(&["--opening-seconds", "1"]);
    let mut idle = connect(&server).await;
    let (close, reason, before) = idle.closed().await;
    assert_eq!(close, policy(), "{reason}");
    assert!(
        reason.contains("within 1 seconds") || reason.contains("within 1 second"),
        "{reason}"
    );
    assert_eq!(before[0]["code"], "first");
    // A connection that joined in time stays, past the wait: it still receives what the
    // teacher shows after it (a write alone would succeed on a socket already closed).
    let (mut teacher, opened) = teacher(&server).await;
    let (mut seated, _) = student(&server, opened["code"].as_str().unwrap(), None).await;
    let mut late = connect(&server).await;
    late.closed().await; // a full wait has passed for `seated` too
    teacher
        .send(json!({"type": "show", "n": 6, "mirror": false, "step": 7, "lesson": null, "stop": null}))
        .await;
    // (A closed connection fails `recv`; a show sent on joining, if any, is passed over.)
    while seated.recv_type("show").await["step"] != 7 {}
    let mut fresh = connect(&server).await;
    fresh
        .send(json!({"type": "join", "code": opened["code"], "token": null, "name": null}))
        .await;
    fresh.recv_type("joined").await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_restarted_server_keeps_its_key_and_takes_its_class_back() {
    let state = scratch_dir();
    let mut server = Server::start_with(&[], Some(&state));
    let key_file = state.join("bitqueens").join("teacher-key");
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let mode = std::fs::metadata(&key_file).unwrap().permissions().mode();
        assert_eq!(mode & 0o777, 0o600, "the key is the user's alone");
    }
    let (_teacher, opened) = teacher(&server).await;
    let code = opened["code"].as_str().unwrap().to_string();
    let secret = opened["secret"].as_str().unwrap().to_string();
    let (_student, joined) = student(&server, &code, None).await;
    let token = joined["token"].as_str().unwrap().to_string();
    let key = server.key.clone();
    assert!(server.interrupt().is_some());
    // Only the key was written: nothing about the class or its student.
    let written: Vec<_> = std::fs::read_dir(state.join("bitqueens"))
        .unwrap()
        .map(|entry| entry.unwrap().file_name())
        .collect();
    assert_eq!(written, ["teacher-key"]);
    let kept = std::fs::read_to_string(&key_file).unwrap();
    assert!(!kept.contains(&code) && !kept.contains(&token) && !kept.contains(&secret));

    // Started again: the same key, no room; the student waits, the teacher reopens.
    let server = Server::start_with(&[], Some(&state));
    assert_eq!(server.key, key, "the teacher key survives a restart");
    let mut early = connect(&server).await;
    early
        .send(json!({"type": "join", "code": code, "token": token, "name": null}))
        .await;
    assert_eq!(early.recv_type("error").await["code"], "code");
    let mut teacher = connect(&server).await;
    teacher
        .send(json!({"type": "teach", "key": key, "code": code, "secret": secret}))
        .await;
    let reopened = teacher.recv_type("opened").await;
    assert_eq!(
        (&reopened["code"], &reopened["secret"]),
        (&json!(code), &json!(secret))
    );
    let (_student, rejoined) = student(&server, &code, Some(&token)).await;
    assert_eq!(
        rejoined["token"],
        token.as_str(),
        "the student is back as themselves"
    );
    loop {
        if teacher.recv_type("roster").await["joined"] == 1 {
            break;
        }
    }
    // A second teacher link cannot take the code while the class is open on it.
    let other = "b".repeat(26);
    let mut thief = connect(&server).await;
    thief
        .send(json!({"type": "teach", "key": key, "code": code, "secret": other}))
        .await;
    let (close, reason, before) = thief.closed().await;
    assert_eq!(
        (close, before[0]["code"].as_str()),
        (policy(), Some("in-use")),
        "{reason}"
    );
    drop(server);

    // --new-key: a new key, and the old one opens nothing.
    let server = Server::start_with(&["--new-key"], Some(&state));
    assert_ne!(server.key, key);
    let mut old = connect(&server).await;
    old.send(json!({"type": "teach", "key": key, "code": code, "secret": secret}))
        .await;
    let (close, _, before) = old.closed().await;
    assert_eq!((close, before[0]["code"].as_str()), (policy(), Some("key")));
    drop(server);
    let _ = std::fs::remove_dir_all(&state);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_connection_that_never_answers_pings_is_shown_as_gone() {
    use futures_util::StreamExt;
    use std::sync::atomic::{AtomicU32, Ordering};
    use std::sync::Arc;
    use std::time::Duration;
    use tokio_tungstenite::tungstenite::Message;
    let server = Server::start(&["--ping-seconds", "1", "--silent-seconds", "3"]);
    let (mut teacher, opened) = teacher(&server).await;
    let code = opened["code"].as_str().unwrap().to_string();
    // A phone gone off the network: it joined, then reads nothing (so answers no ping).
    let (_silent, _) = student(&server, &code, None).await;
    // A page that answers pings (its socket read all the time) but sends no message.
    let (alive, _) = student(&server, &code, None).await;
    let pings = Arc::new(AtomicU32::new(0));
    let shown = Arc::new(AtomicU32::new(0));
    let reader = {
        let (pings, shown) = (pings.clone(), shown.clone());
        let mut ws = alive.ws;
        tokio::spawn(async move {
            while let Some(Ok(message)) = ws.next().await {
                match message {
                    Message::Ping(_) => {
                        pings.fetch_add(1, Ordering::SeqCst);
                    }
                    Message::Text(text) => {
                        let value: Value = serde_json::from_str(&text).unwrap();
                        if value["type"] == "show" {
                            shown.store(value["step"].as_u64().unwrap() as u32, Ordering::SeqCst);
                        }
                    }
                    _ => {}
                }
            }
        })
    };
    // The teacher's page reads (and so answers pings): the silent student goes, the other stays.
    // (Bounded as a whole: the pings would keep each single wait from running out.)
    let gone = async {
        loop {
            let roster = teacher.recv_type("roster").await;
            let students = roster["students"].as_array().unwrap().clone();
            if students.len() == 2 && roster["joined"] == 1 {
                break students;
            }
        }
    };
    let roster = tokio::time::timeout(patience(), gone)
        .await
        .expect("the silent student is shown as gone within the patience");
    assert_eq!(
        roster[0]["connected"], false,
        "the silent one is shown as gone"
    );
    assert_eq!(roster[1]["connected"], true);
    // Past the silence limit for the one that answers pings: it and the teacher stay.
    let deadline = tokio::time::Instant::now() + patience();
    while pings.load(Ordering::SeqCst) < 6 {
        assert!(tokio::time::Instant::now() < deadline, "pings keep coming");
        let _ = tokio::time::timeout(Duration::from_millis(100), teacher.recv()).await;
    }
    teacher
        .send(json!({"type": "show", "n": 8, "mirror": false, "step": 9, "lesson": null, "stop": null}))
        .await;
    assert_eq!(teacher.recv_type("show").await["step"], 9);
    while shown.load(Ordering::SeqCst) != 9 {
        assert!(
            tokio::time::Instant::now() < deadline,
            "the answering student gets the show"
        );
        tokio::task::yield_now().await;
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    reader.abort();
}

/// Reads `stream` until the server closes it (what it sent before, if anything), failing
/// past the patience.
async fn read_until_closed(stream: &mut tokio::net::TcpStream) -> Vec<u8> {
    use tokio::io::AsyncReadExt;
    let mut got = Vec::new();
    let read = tokio::time::timeout(patience(), async {
        let mut buffer = [0u8; 4096];
        loop {
            match stream.read(&mut buffer).await {
                Ok(0) | Err(_) => break,
                Ok(n) => got.extend_from_slice(&buffer[..n]),
            }
        }
    })
    .await;
    assert!(
        read.is_ok(),
        "the server closes the socket within the patience"
    );
    got
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sockets_that_send_no_head_in_time_are_closed() {
    use tokio::io::AsyncWriteExt;
    use tokio::net::TcpStream;
    let server = Server::start(&["--header-seconds", "1"]);
    let address = ("127.0.0.1", server.port);
    // One that sends nothing, one that sends half a head.
    let mut silent = TcpStream::connect(address).await.unwrap();
    let mut half = TcpStream::connect(address).await.unwrap();
    half.write_all(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ")
        .await
        .unwrap();
    read_until_closed(&mut silent).await;
    read_until_closed(&mut half).await;
    // One that asked once and keeps the connection open: answered, then closed when idle.
    let mut idle = TcpStream::connect(address).await.unwrap();
    let request = format!("GET / HTTP/1.1\r\nHost: 127.0.0.1:{}\r\n\r\n", server.port);
    idle.write_all(request.as_bytes()).await.unwrap();
    let answered = read_until_closed(&mut idle).await;
    assert!(answered.starts_with(b"HTTP/1.1 200"), "{answered:?}");
    // The page still loads, and a class still opens.
    assert_eq!(http_get(&server, "/").await.0, 200);
    teacher(&server).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn connections_over_the_per_address_cap_are_refused_and_others_still_join() {
    let server = Server::start(&["--connections-per-address", "3"]);
    let (_teacher, opened) = teacher(&server).await;
    let code = opened["code"].as_str().unwrap().to_string();
    let (first, _) = student(&server, &code, None).await;
    let (_second, _) = student(&server, &code, None).await;
    // A fourth from 127.0.0.1: refused at once, with a 503 and its sentence.
    assert_refused(
        &server,
        "127.0.0.1",
        "Too many connections from this address",
    )
    .await;
    // Another address still joins, and gets its board.
    let mut other = try_connect_from(&server, "127.0.0.2").await.unwrap();
    other
        .send(json!({"type": "join", "code": code, "token": null, "name": null}))
        .await;
    let joined = other.recv_type("joined").await;
    assert_eq!(joined["show"]["n"], 8, "{joined}");
    // A connection that ends gives its place back.
    drop(first);
    let mut back = connect_once_admitted(
        &server,
        "127.0.0.1",
        "the place of a closed connection is given back",
    )
    .await;
    back.send(json!({"type": "join", "code": code, "token": null, "name": null}))
        .await;
    back.recv_type("joined").await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_client_that_never_reads_is_dropped_even_when_its_queue_never_fills() {
    let server = Server::start(&["--joins-per-minute", "1000"]);
    // A teacher's page that reads its `opened`, then nothing more (its socket's window small).
    let mut teacher = connect_small_window(&server).await;
    teacher
        .send(json!({"type": "teach", "key": server.key}))
        .await;
    let code = teacher.recv_type("opened").await["code"]
        .as_str()
        .unwrap()
        .to_string();
    // Each join sends the teacher the whole roster, as an update that replaces the one not
    // sent yet: its queue never fills. Names of 24 four-byte characters make the rosters
    // large (about 150 bytes a student): 100 joins send far more than the kernel's buffers
    // hold, and the send to the teacher's socket blocks.
    let name = "\u{1D54F}".repeat(24);
    let mut students = Vec::new();
    for _ in 0..100 {
        let mut client = connect(&server).await;
        client
            .send(json!({"type": "join", "code": code, "token": null, "name": name}))
            .await;
        client.recv_type("joined").await;
        students.push(client);
    }
    // The teacher's connection is closed as fallen behind: the students are told it is away
    // (its silence, 45 s, is longer than the patience: this is the send's own limit).
    let away = students[0].recv_type("teacherAway").await;
    assert_eq!(away["minutes"], 10);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_connection_hears_a_beat_every_ping_interval() {
    let server = Server::start(&["--ping-seconds", "1"]);
    let (_, _, body) = http_get(&server, "/class/hello").await;
    let hello: Value = serde_json::from_slice(&body).unwrap();
    assert_eq!(hello["beatSeconds"], 1, "{hello}");
    let (mut teacher, opened) = teacher(&server).await;
    let (mut student, _) = student(&server, opened["code"].as_str().unwrap(), None).await;
    // Three beats each: a beat every interval, not once. Nothing else is sent in between.
    for client in [&mut teacher, &mut student] {
        for _ in 0..3 {
            let beat = client.recv_type("beat").await;
            assert_eq!(beat, json!({"v": 1, "type": "beat"}));
        }
    }
    // Even a connection with no seat yet hears it (within its opening wait).
    let mut fresh = connect(&server).await;
    assert_eq!(fresh.recv().await["type"], "beat");
}

/// Sends `request` (a whole HTTP/1.1 request, raw) and returns the status of the answer.
async fn raw_status(server: &Server, request: &str) -> u16 {
    use tokio::io::AsyncWriteExt;
    let mut stream = tokio::net::TcpStream::connect(("127.0.0.1", server.port))
        .await
        .unwrap();
    stream.write_all(request.as_bytes()).await.unwrap();
    let answer = read_until_closed(&mut stream).await;
    let answer = String::from_utf8_lossy(&answer);
    answer
        .split(' ')
        .nth(1)
        .and_then(|status| status.parse().ok())
        .unwrap_or_else(|| panic!("an HTTP answer: {answer}"))
}

/// A WebSocket upgrade request for `host`, from a page at `origin`.
fn upgrade_request(host: &str, origin: &str) -> String {
    format!(
        "GET /class/ws HTTP/1.1\r\nHost: {host}\r\nOrigin: {origin}\r\nConnection: Upgrade\r\nUpgrade: websocket\r\nSec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n"
    )
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_request_for_another_host_name_is_refused_on_every_route() {
    let server = Server::start(&[
        "--host",
        "class.example",
        "--opening-seconds",
        "1",
        "--header-seconds",
        "1",
    ]);
    let port = server.port;
    // DNS rebinding: evil.example made to point at this computer; the browser sends its name.
    let evil = format!("evil.example:{port}");
    for path in ["/", "/class/hello", "/c/ABCD23", "/index.html"] {
        let request = format!("GET {path} HTTP/1.1\r\nHost: {evil}\r\nOrigin: http://{evil}\r\nConnection: close\r\n\r\n");
        assert_eq!(raw_status(&server, &request).await, 421, "{path}");
    }
    assert_eq!(
        raw_status(&server, &upgrade_request(&evil, &format!("http://{evil}"))).await,
        421
    );
    // The normal page, by address or as localhost, or by a name given with --host.
    assert_eq!(http_get(&server, "/").await.0, 200);
    for host in [format!("localhost:{port}"), format!("class.example:{port}")] {
        let request =
            format!("GET /class/hello HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\n\r\n");
        assert_eq!(raw_status(&server, &request).await, 200, "{host}");
        let upgrade = upgrade_request(&host, &format!("http://{host}"));
        assert_eq!(raw_status(&server, &upgrade).await, 101, "{host}");
        // An allowed host, but a page of another origin: still refused by the origin check.
        let upgrade = upgrade_request(&host, "http://evil.example");
        assert_eq!(raw_status(&server, &upgrade).await, 403, "{host}");
    }
    // Loose HTTP: the host named twice, or a target naming another host than `Host`.
    let here = format!("127.0.0.1:{port}");
    let twice = format!(
        "GET /class/hello HTTP/1.1\r\nHost: {here}\r\nHost: {evil}\r\nConnection: close\r\n\r\n"
    );
    assert_eq!(raw_status(&server, &twice).await, 400);
    let twice_same = format!(
        "GET /class/hello HTTP/1.1\r\nHost: {here}\r\nHost: {here}\r\nConnection: close\r\n\r\n"
    );
    assert_eq!(raw_status(&server, &twice_same).await, 400);
    for target in [
        format!("http://{evil}/class/hello"),
        "http://evil.example/".to_string(),
    ] {
        let request = format!("GET {target} HTTP/1.1\r\nHost: {here}\r\nConnection: close\r\n\r\n");
        assert_eq!(raw_status(&server, &request).await, 421, "{target}");
    }
    let request = format!(
        "GET http://{here}/class/hello HTTP/1.1\r\nHost: {here}\r\nConnection: close\r\n\r\n"
    );
    assert_eq!(
        raw_status(&server, &request).await,
        200,
        "the same host in both"
    );
    teacher(&server).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn connections_over_the_total_cap_are_refused_from_any_address() {
    let server = Server::start(&["--max-connections", "2"]);
    let (_teacher, opened) = teacher(&server).await;
    let (_student, _) = student(&server, opened["code"].as_str().unwrap(), None).await;
    assert_refused(&server, "127.0.0.2", "as many connections as it can hold").await;
}

/// A connection from `source` is refused with a 503 whose body holds `sentence` (not a reset,
/// nor any other error).
async fn assert_refused(server: &Server, source: &str, sentence: &str) {
    match try_connect_from(server, source).await {
        Err(tokio_tungstenite::tungstenite::Error::Http(response)) => {
            assert_eq!(response.status(), 503);
            let body =
                String::from_utf8_lossy(response.body().as_deref().unwrap_or(&[])).to_string();
            assert!(body.contains(sentence), "{body}");
        }
        Err(other) => panic!("a 503 with a sentence, not {other}"),
        Ok(_) => panic!("a connection over a cap was let in"),
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_client_that_stops_reading_a_file_gives_its_place_back() {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let server = Server::start(&["--connections-per-address", "2", "--write-seconds", "1"]);
    // A file far larger than the kernel's buffers on both sides hold.
    const SIZE: usize = 8 * 1024 * 1024;
    server.write_page_file("big.wasm", &vec![0u8; SIZE]);
    // Two sockets ask for it (with small receive windows), and never read: both places
    // of 127.0.0.1 taken.
    let mut sleepers = Vec::new();
    for _ in 0..2 {
        let socket = tokio::net::TcpSocket::new_v4().unwrap();
        socket.set_recv_buffer_size(4096).unwrap();
        let mut stream = socket
            .connect(format!("127.0.0.1:{}", server.port).parse().unwrap())
            .await
            .unwrap();
        let request = format!(
            "GET /big.wasm HTTP/1.1\r\nHost: 127.0.0.1:{}\r\n\r\n",
            server.port
        );
        stream.write_all(request.as_bytes()).await.unwrap();
        sleepers.push(stream);
    }
    // Once their writes have stalled for the write wait, the server closes them: two
    // connections from the same address are let in again, and join. Both places must be
    // back before a sleeper is read: reading one that is not yet cut would reopen its
    // window and let the server finish the file (each stalls on its own clock).
    let mut backs = Vec::new();
    for _ in 0..2 {
        backs.push(
            connect_once_admitted(
                &server,
                "127.0.0.1",
                "the place of a client that stopped reading is given back",
            )
            .await,
        );
    }
    for back in &mut backs {
        back.send(json!({"type": "teach", "key": server.key})).await;
        back.recv_type("opened").await;
    }
    // Each sleeper, read now, ends before the whole file: it was cut, not served.
    for mut sleeper in sleepers {
        let mut got = 0usize;
        let mut buffer = vec![0u8; 64 * 1024];
        let read = tokio::time::timeout(patience(), async {
            while let Ok(n @ 1..) = sleeper.read(&mut buffer).await {
                got += n;
            }
        })
        .await;
        assert!(read.is_ok(), "the server closed the sleeper");
        assert!(got < SIZE, "a sleeper was cut: {got} bytes of {SIZE}");
    }
}

/// A student's WebSocket opened by hand on a plain TCP socket, so that the test writes frames
/// the client library never would (one message in fragments, a head that announces 16 MB):
/// the reading and writing halves, the `join` sent in three fragments and its `joined` read.
async fn raw_student(
    server: &Server,
    code: &str,
) -> (
    tokio::net::tcp::OwnedReadHalf,
    tokio::net::tcp::OwnedWriteHalf,
) {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let mut stream = tokio::net::TcpStream::connect(("127.0.0.1", server.port))
        .await
        .unwrap();
    let host = format!("127.0.0.1:{}", server.port);
    stream
        .write_all(upgrade_request(&host, &server.origin()).as_bytes())
        .await
        .unwrap();
    // The answer's head, a byte at a time: nothing after it is taken from the socket.
    let mut head = Vec::new();
    while !head.ends_with(b"\r\n\r\n") {
        let byte = tokio::time::timeout(patience(), stream.read_u8())
            .await
            .expect("the upgrade is answered within the patience")
            .unwrap();
        head.push(byte);
    }
    assert!(
        head.starts_with(b"HTTP/1.1 101"),
        "{}",
        String::from_utf8_lossy(&head)
    );
    let (mut reader, mut writer) = stream.into_split();
    // Fragments below the limit make one message, which the server takes.
    let join =
        json!({"v": 1, "type": "join", "code": code, "token": null, "name": null}).to_string();
    let (a, rest) = join.as_bytes().split_at(10);
    let (b, c) = rest.split_at(10);
    for (opcode, last, part) in [
        (TEXT, false, a),
        (CONTINUATION, false, b),
        (CONTINUATION, true, c),
    ] {
        writer
            .write_all(&client_frame(opcode, last, part))
            .await
            .unwrap();
    }
    let joined = async {
        loop {
            let (opcode, payload) = server_frame(&mut reader).await;
            assert_ne!(opcode, CLOSE, "the join in fragments was taken");
            if opcode == TEXT {
                let message: Value = serde_json::from_slice(&payload).unwrap();
                if message["type"] == "joined" {
                    break;
                }
            }
        }
    };
    tokio::time::timeout(patience(), joined)
        .await
        .expect("joined within the patience");
    (reader, writer)
}

const CONTINUATION: u8 = 0x0;
const TEXT: u8 = 0x1;
const CLOSE: u8 = 0x8;

/// The head of a client's frame (masked, as every client frame is) carrying `len` bytes:
/// FIN when `last`, then `opcode`; and the mask it announces.
fn client_head(opcode: u8, last: bool, len: u64) -> (Vec<u8>, [u8; 4]) {
    let mask = [0x5a, 0x13, 0xc7, 0x2e];
    let mut head = vec![if last { 0x80 } else { 0 } | opcode];
    match len {
        0..=125 => head.push(0x80 | len as u8),
        126..=0xFFFF => {
            head.push(0x80 | 126);
            head.extend_from_slice(&(len as u16).to_be_bytes());
        }
        _ => {
            head.push(0x80 | 127);
            head.extend_from_slice(&len.to_be_bytes());
        }
    }
    head.extend_from_slice(&mask);
    (head, mask)
}

/// `payload` masked as from the offset `at` of a frame's payload.
fn masked(payload: &[u8], mask: [u8; 4], at: usize) -> Vec<u8> {
    payload
        .iter()
        .enumerate()
        .map(|(i, byte)| byte ^ mask[(at + i) % 4])
        .collect()
}

/// A whole client frame.
fn client_frame(opcode: u8, last: bool, payload: &[u8]) -> Vec<u8> {
    let (mut frame, mask) = client_head(opcode, last, payload.len() as u64);
    frame.extend(masked(payload, mask, 0));
    frame
}

/// The server's next frame (never masked, never fragmented by this server): its opcode and
/// payload; fails when the socket ends first. The caller bounds the wait.
async fn server_frame(reader: &mut tokio::net::tcp::OwnedReadHalf) -> (u8, Vec<u8>) {
    use tokio::io::AsyncReadExt;
    let first = reader.read_u8().await.expect("a frame, not the end");
    let len = match reader.read_u8().await.unwrap() & 0x7f {
        126 => u64::from(reader.read_u16().await.unwrap()),
        127 => reader.read_u64().await.unwrap(),
        len => u64::from(len),
    };
    let mut payload = vec![0; usize::try_from(len).unwrap()];
    reader.read_exact(&mut payload).await.unwrap();
    (first & 0x0f, payload)
}

/// The close the server sends next (frames before it passed over): its code and reason;
/// fails past the patience (beats and pings do not extend it).
async fn server_close(reader: &mut tokio::net::tcp::OwnedReadHalf) -> (u16, String) {
    let close = async {
        loop {
            let (opcode, payload) = server_frame(reader).await;
            if opcode == CLOSE {
                assert!(payload.len() >= 2, "a close with a code");
                let code = u16::from_be_bytes([payload[0], payload[1]]);
                return (code, String::from_utf8(payload[2..].to_vec()).unwrap());
            }
        }
    };
    tokio::time::timeout(patience(), close)
        .await
        .expect("the server closes within the patience")
}

/// The teacher's show comes back: the server still serves the class.
async fn still_serves(teacher: &mut Client) {
    let step = rand_step();
    teacher
        .send(json!({"type": "show", "n": 8, "mirror": false, "step": step, "lesson": null, "stop": null}))
        .await;
    while teacher.recv_type("show").await["step"] != step {}
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_message_over_the_limit_in_fragments_or_one_16_mb_frame_is_refused() {
    use tokio::io::AsyncWriteExt;
    let limit = bitqueens_class::protocol::MAX_MESSAGE_BYTES;
    let too_big = (
        bitqueens_class::protocol::CLOSE_TOO_BIG,
        format!("A message is at most {} KiB.", limit / 1024),
    );
    let server = Server::start(&[]);
    let (mut teacher, opened) = teacher(&server).await;
    let code = opened["code"].as_str().unwrap().to_string();

    // (a) A rename over the limit in three fragments, each of them under it.
    let (mut reader, mut writer) = raw_student(&server, &code).await;
    let name = "x".repeat(limit);
    let rename = json!({"v": 1, "type": "rename", "name": name}).to_string();
    let third = rename.len() / 3;
    let parts = [
        &rename[..third],
        &rename[third..2 * third],
        &rename[2 * third..],
    ];
    assert!(parts.iter().all(|part| part.len() < limit) && rename.len() > limit);
    for (i, part) in parts.iter().enumerate() {
        let opcode = if i == 0 { TEXT } else { CONTINUATION };
        let frame = client_frame(opcode, i == 2, part.as_bytes());
        if writer.write_all(&frame).await.is_err() {
            break; // already closed: the close is read below
        }
    }
    assert_eq!(server_close(&mut reader).await, too_big);
    still_serves(&mut teacher).await;

    // (b) One frame whose head announces 16 MB, its payload written while the close is read.
    let (mut reader, mut writer) = raw_student(&server, &code).await;
    const SIXTEEN_MB: usize = 16 * 1024 * 1024;
    let writing = tokio::spawn(async move {
        let (head, mask) = client_head(TEXT, true, SIXTEEN_MB as u64);
        if writer.write_all(&head).await.is_err() {
            return;
        }
        let chunk = vec![b'x'; 64 * 1024];
        for at in (0..SIXTEEN_MB).step_by(chunk.len()) {
            // The server stops reading: the socket fills, then fails once it is closed.
            if writer.write_all(&masked(&chunk, mask, at)).await.is_err() {
                return;
            }
        }
    });
    assert_eq!(server_close(&mut reader).await, too_big);
    tokio::time::timeout(patience(), writing)
        .await
        .expect("the server closed the socket: the 16 MB stop being written")
        .unwrap();
    still_serves(&mut teacher).await;

    // A new student still joins.
    let (_student, joined) = student(&server, &code, None).await;
    assert_eq!(joined["code"], code);
}

/// How a flood's sockets behave once open.
#[derive(Clone, Copy)]
enum Flood {
    /// Half a request's head, then a byte every 300 ms.
    HalfHeads,
    /// One whole request (`GET /class/hello`, kept alive), its answer read, then half of a
    /// second head dripped as above: a connection the server has served.
    ServedThenIdle,
}

/// A flood on `port`: `per_address` sockets from each of `addresses` (loopback only), each
/// behaving as `how` says, reopened whenever the server closes it, until `stop` says so or
/// the patience runs out. Counts the sockets the server closed.
fn slow_flood(
    port: u16,
    addresses: Vec<String>,
    (per_address, how): (usize, Flood),
    stop: tokio::sync::watch::Receiver<bool>,
) -> (
    tokio::task::JoinSet<()>,
    std::sync::Arc<std::sync::atomic::AtomicUsize>,
) {
    use std::sync::atomic::{AtomicUsize, Ordering};
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let closed = std::sync::Arc::new(AtomicUsize::new(0));
    let deadline = tokio::time::Instant::now() + patience() * 2;
    let mut flood = tokio::task::JoinSet::new();
    for source in addresses {
        assert!(source.starts_with("127."), "loopback only");
        for _ in 0..per_address {
            let (source, closed, mut stop) = (source.clone(), closed.clone(), stop.clone());
            flood.spawn(async move {
                let over = |stop: &tokio::sync::watch::Receiver<bool>| {
                    *stop.borrow() || tokio::time::Instant::now() >= deadline
                };
                while !over(&stop) {
                    let socket = tokio::net::TcpSocket::new_v4().unwrap();
                    socket.bind(format!("{source}:0").parse().unwrap()).unwrap();
                    let target = format!("127.0.0.1:{port}").parse().unwrap();
                    let Ok(stream) = socket.connect(target).await else {
                        tokio::time::sleep(Duration::from_millis(20)).await;
                        continue;
                    };
                    let (mut reader, mut writer) = stream.into_split();
                    let mut discard = [0u8; 512];
                    if let Flood::ServedThenIdle = how {
                        let whole =
                            format!("GET /class/hello HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n\r\n");
                        let answered = async {
                            writer.write_all(whole.as_bytes()).await.ok()?;
                            matches!(reader.read(&mut discard).await, Ok(1..)).then_some(())
                        };
                        if answered.await.is_none() {
                            closed.fetch_add(1, Ordering::Relaxed);
                            continue;
                        }
                    }
                    let half = format!("GET / HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nX-Slow: ");
                    if writer.write_all(half.as_bytes()).await.is_err() {
                        continue;
                    }
                    let mut drip = tokio::time::interval(Duration::from_millis(300));
                    loop {
                        tokio::select! {
                            _ = stop.changed() => return,
                            _ = tokio::time::sleep_until(deadline) => return,
                            _ = drip.tick() => {
                                if writer.write_all(b"a").await.is_err() {
                                    closed.fetch_add(1, Ordering::Relaxed);
                                    break;
                                }
                            }
                            read = reader.read(&mut discard) => {
                                // Nothing is ever answered to half a head: closed (or refused).
                                if matches!(read, Ok(0) | Err(_)) {
                                    closed.fetch_add(1, Ordering::Relaxed);
                                    break;
                                }
                            }
                        }
                    }
                }
            });
        }
    }
    (flood, closed)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_slow_flood_from_24_addresses_keeps_neither_the_class_nor_a_newcomer_out() {
    flood_keeps_neither_the_class_nor_a_newcomer_out(Flood::HalfHeads).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_flood_of_served_then_idle_connections_keeps_neither_the_class_nor_a_newcomer_out() {
    flood_keeps_neither_the_class_nor_a_newcomer_out(Flood::ServedThenIdle).await;
}

/// 24 addresses × 20 sockets flooding as `how` says, against a server of 400 places: the
/// seated class keeps stepping, and a newcomer gets the page and a seat, first time.
async fn flood_keeps_neither_the_class_nor_a_newcomer_out(how: Flood) {
    use std::sync::atomic::Ordering;
    // 400 connections at most (200 of them unsettled), 100 per address; heads may take 30 s,
    // so that every flood socket closed before then was displaced.
    let server = Server::start(&[
        "--max-connections",
        "400",
        "--connections-per-address",
        "100",
        "--header-seconds",
        "30",
    ]);
    let (mut teacher, opened) = teacher(&server).await;
    let code = opened["code"].as_str().unwrap().to_string();
    let mut students = Vec::new();
    for _ in 0..5 {
        students.push(student(&server, &code, None).await.0);
    }
    // 24 addresses × 20 slow sockets: more than the unsettled share, fewer than the total.
    let (stop, stopped) = tokio::sync::watch::channel(false);
    let addresses = (1..=24).map(|i| format!("127.0.9.{i}")).collect();
    let (mut flood, closed) = slow_flood(server.port, addresses, (20, how), stopped);
    // The flood has filled the share when the server starts closing its sockets.
    let deadline = tokio::time::Instant::now() + patience();
    while closed.load(Ordering::Relaxed) < 100 {
        assert!(
            tokio::time::Instant::now() < deadline,
            "the flood fills the share"
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    // Meanwhile the seated class keeps stepping: every student gets every step.
    for step in 1..=20u64 {
        teacher
            .send(json!({"type": "show", "n": 8, "mirror": false, "step": step, "lesson": null, "stop": null}))
            .await;
    }
    for student in &mut students {
        while student.recv_type("show").await["step"] != 20 {}
    }
    // A newcomer from a fresh address gets the page, and a new student joins, first time.
    for source in ["127.0.8.1", "127.0.8.2"] {
        let status = raw_status_from(&server, source, "/").await;
        assert_eq!(status, 200, "the page from {source}");
    }
    let mut newcomer = try_connect_from(&server, "127.0.8.3")
        .await
        .expect("a newcomer is let in");
    newcomer
        .send(json!({"type": "join", "code": code, "token": null, "name": null}))
        .await;
    assert_eq!(newcomer.recv_type("joined").await["show"]["step"], 20);
    stop.send(true).unwrap();
    while flood.join_next().await.is_some() {}
}

/// The status of `GET path` sent from the loopback address `source`.
async fn raw_status_from(server: &Server, source: &str, path: &str) -> u16 {
    use tokio::io::AsyncWriteExt;
    let socket = tokio::net::TcpSocket::new_v4().unwrap();
    socket.bind(format!("{source}:0").parse().unwrap()).unwrap();
    let target = format!("127.0.0.1:{}", server.port).parse().unwrap();
    let mut stream = socket.connect(target).await.unwrap();
    let request = format!(
        "GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{}\r\nConnection: close\r\n\r\n",
        server.port
    );
    stream.write_all(request.as_bytes()).await.unwrap();
    let answer = read_until_closed(&mut stream).await;
    String::from_utf8_lossy(&answer)
        .split_whitespace()
        .nth(1)
        .and_then(|code| code.parse().ok())
        .unwrap_or(0)
}
