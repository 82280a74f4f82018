//! 300 students in one room of a real `bitqueens serve` on loopback: every student receives
//! every step and every question, in order, and the tallies and the histogram count exactly
//! the answers sent; each student's result gives back their own answer and the core's verdict
//! on it. Counts and contents are asserted, never times; the whole swarm is bounded (it fails
//! with a sentence if it has not finished within `swarm_patience()`).

mod class_client;

use bitqueens::algorithms::Kind;
use bitqueens::session::predict::{self, Answer, Question, Topic};
use bitqueens::session::Session;
use bitqueens::stepping::Stepping;
use class_client::*;
use serde_json::{json, Value};
use std::collections::HashMap;
use std::time::Duration;

const STUDENTS: usize = 300;
const STEPS: u64 = 20;
/// The swarm's bound: 60 s, widened by BITQUEENS_TIME_SCALE on a slow machine.
fn swarm_patience() -> Duration {
    bitqueens::testing::patience(Duration::from_secs(60))
}

/// What one student saw, and what it sent.
#[derive(Debug, Default)]
struct Seen {
    steps: Vec<u64>,
    questions: Vec<(u64, u64)>,
    received: usize,
    results: Vec<Value>,
    ended: bool,
}

/// The first step from `from` on before which the core asks a `topic` question (n = 8).
fn step_asking(topic: Topic, from: u64) -> u64 {
    let mut session = Session::new(Kind::Richards, 8, false).unwrap();
    session.seek(from, u32::MAX, 0);
    while session.question(&[topic], 0).is_none() {
        session.step().unwrap();
    }
    session.algorithm().steps()
}

/// The question the core asks at `step` (n = 8) about `topic` on the room's `turn`-th
/// question, made here as the server makes it (class/src/room.rs, `question_at`), so that
/// the results are checked against the core rather than against the server's own answer.
fn core_question(topic: Topic, step: u64, turn: u32) -> Question {
    let mut session = Session::new(Kind::Richards, 8, false).unwrap();
    session.seek(step, u32::MAX, 0);
    assert_eq!(session.algorithm().steps(), step);
    session
        .question(&[topic], turn)
        .expect("the core asks this topic at this step")
}

/// Checks student `i`'s result to question `id` (`asked`, of `form`): it gives back the
/// answer the student sent, and the core's verdict, right answer and reason for it. True when
/// the student was right.
fn check_result(i: usize, result: &Value, id: u64, asked: &Question, form: &str) -> bool {
    let sent = answer_of(i, form);
    let given: Answer = serde_json::from_value(sent.clone()).unwrap();
    let right = given == asked.answer;
    assert_eq!(
        (&result["id"], &result["round"]),
        (&json!(id), &json!(1)),
        "student {i}: {result}"
    );
    assert_eq!(
        result["given"], sent,
        "student {i}'s result gives back their answer"
    );
    assert_eq!(
        result["right"], right,
        "student {i}'s verdict is the core's: {result}"
    );
    assert_eq!(
        result["answer"],
        serde_json::to_value(asked.answer).unwrap(),
        "student {i}: the right answer is the core's"
    );
    assert_eq!(
        result["reason"],
        json!(predict::reason(asked, &given)),
        "student {i}: the core's reason, none when right"
    );
    right
}

/// Student `i`'s answer to a question of `form`.
fn answer_of(i: usize, form: &str) -> Value {
    match form {
        "digits" => json!({"form": "digits", "mask": if i.is_multiple_of(3) { 0 } else { 0xFF }}),
        _ => {
            json!({"form": "outcome", "outcome": if i.is_multiple_of(2) { "back" } else { "place" }})
        }
    }
}

async fn a_student(server_ws: (String, String), code: String, i: usize) -> Seen {
    let (url, origin) = server_ws;
    let mut request =
        tokio_tungstenite::tungstenite::client::IntoClientRequest::into_client_request(url)
            .unwrap();
    request
        .headers_mut()
        .insert("origin", origin.parse().unwrap());
    let (ws, _) = tokio_tungstenite::connect_async(request).await.unwrap();
    let mut client = Client::new(ws);
    client
        .send(json!({"type": "join", "code": code, "token": null, "name": format!("S{i}")}))
        .await;
    let mut seen = Seen::default();
    loop {
        let message = client.recv().await;
        match message["type"].as_str().unwrap() {
            "show" => seen.steps.push(message["step"].as_u64().unwrap()),
            "question" => {
                let id = message["id"].as_u64().unwrap();
                seen.questions
                    .push((id, message["round"].as_u64().unwrap()));
                let given = answer_of(i, message["form"].as_str().unwrap());
                client
                    .send(json!({"type": "answer", "question": id, "round": 1, "given": given}))
                    .await;
            }
            "received" => seen.received += 1,
            "result" => seen.results.push(message),
            "ended" => {
                seen.ended = true;
                return seen;
            }
            "joined" | "closed" | "beat" => {}
            other => panic!("a student was sent {other}: {message}"),
        }
    }
}

/// The answers' rows the teacher was sent (`answered`), by (question, student).
type Rows = HashMap<(u64, u64), Value>;

/// `rows` (a message's) into `into`, by (question, student).
fn keep_rows(into: &mut Rows, rows: &Value) {
    for row in rows.as_array().unwrap() {
        let key = (
            row["question"].as_u64().unwrap(),
            row["studentId"].as_u64().unwrap(),
        );
        into.insert(key, row.clone());
    }
}

/// Reads the teacher's messages until a tally of `answered` answers to question `id`,
/// keeping the rows of every `answered` in `rows`.
async fn tally_reaches(teacher: &mut Client, id: u64, answered: usize, rows: &mut Rows) {
    loop {
        let message = teacher.recv().await;
        if message["type"] == "answered" {
            keep_rows(rows, &message["rows"]);
        }
        if message["type"] == "tally" && message["id"] == id && message["answered"] == answered {
            assert_eq!(message["joined"], STUDENTS);
            return;
        }
    }
}

/// The count of each answer in a histogram's round 1, by its JSON.
fn counts(histogram: &Value) -> HashMap<String, u64> {
    histogram["rounds"][0]["bars"]
        .as_array()
        .unwrap()
        .iter()
        .map(|bar| (bar["given"].to_string(), bar["count"].as_u64().unwrap()))
        .collect()
}

async fn swarm(server: &Server) {
    let (mut teacher, opened) = teacher(server).await;
    let code = opened["code"].as_str().unwrap().to_string();
    let students: Vec<_> = (0..STUDENTS)
        .map(|i| tokio::spawn(a_student((server.ws(), server.origin()), code.clone(), i)))
        .collect();
    loop {
        let message = teacher.recv().await;
        if message["type"] == "roster" && message["joined"] == STUDENTS {
            break;
        }
    }

    let show = |step: u64| json!({"type": "show", "n": 8, "mirror": false, "step": step, "lesson": null, "stop": null});
    teacher
        .send(json!({"type": "ask", "topic": "free-squares"}))
        .await; // at step 0
    let mut rows = Rows::new();
    tally_reaches(&mut teacher, 1, STUDENTS, &mut rows).await;
    // Every answer reached the teacher's page as a row before the tally that counts it (a
    // burst of 300 answers in a few `answered`, the teacher's connection kept).
    assert_eq!(rows.len(), STUDENTS, "a row for each answer to question 1");
    for step in 1..=STEPS {
        teacher.send(show(step)).await;
    }
    let asked_at = step_asking(Topic::WhatHappens, STEPS);
    teacher.send(show(asked_at)).await;
    teacher
        .send(json!({"type": "ask", "topic": "what-happens"}))
        .await;
    tally_reaches(&mut teacher, 2, STUDENTS, &mut rows).await;
    assert_eq!(
        rows.len(),
        2 * STUDENTS,
        "a row for each answer to question 2"
    );
    teacher.send(json!({"type": "reveal"})).await;
    let histogram = teacher.recv_type("histogram").await;
    let mut sent: HashMap<String, u64> = HashMap::new();
    for i in 0..STUDENTS {
        *sent.entry(answer_of(i, "outcome").to_string()).or_default() += 1;
    }
    assert_eq!(
        counts(&histogram),
        sent,
        "the histogram counts the answers sent"
    );
    teacher.send(json!({"type": "end"})).await;
    // The rows sent one burst at a time are the rows of the class's final `results`.
    let results = teacher.recv_type("results").await;
    let mut kept = Rows::new();
    keep_rows(&mut kept, &results["rows"]);
    assert_eq!(
        kept, rows,
        "the rows sent as answers came are the final results"
    );

    let mut expected_steps: Vec<u64> = (1..=STEPS).collect();
    if asked_at != STEPS {
        expected_steps.push(asked_at);
    }
    // The two questions as the core asks them: turn 0 at step 0, turn 1 at `asked_at`.
    let first = core_question(Topic::FreeSquares, 0, 0);
    let second = core_question(Topic::WhatHappens, asked_at, 1);
    let mut right = [0; 2];
    for (i, student) in students.into_iter().enumerate() {
        let seen = student.await.unwrap();
        assert!(seen.ended, "student {i}");
        assert_eq!(
            seen.steps, expected_steps,
            "student {i} got every step, in order"
        );
        assert_eq!(
            seen.questions,
            [(1, 1), (2, 1)],
            "student {i} got both questions"
        );
        assert_eq!(seen.received, 2, "student {i}'s answers were both received");
        assert_eq!(
            seen.results.len(),
            2,
            "student {i} got both results: the first question's shown as the board moved on, the second's revealed"
        );
        right[0] += usize::from(check_result(i, &seen.results[0], 1, &first, "digits"));
        right[1] += usize::from(check_result(i, &seen.results[1], 2, &second, "outcome"));
    }
    // Both verdicts were given to each question: a check of either alone could not tell a
    // server that says "right" (or "wrong") to everyone.
    for (question, right) in right.into_iter().enumerate() {
        assert!(
            0 < right && right < STUDENTS,
            "question {}: {right} of {STUDENTS} right",
            question + 1
        );
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn three_hundred_students_in_one_room_get_everything() {
    let server = Server::start(&["--joins-per-minute", "1000"]);
    tokio::time::timeout(swarm_patience(), swarm(&server))
        .await
        .unwrap_or_else(|_| {
            panic!(
                "the swarm of {STUDENTS} students did not finish within {} s: a message lost, or the server stuck",
                swarm_patience().as_secs()
            )
        });
}
