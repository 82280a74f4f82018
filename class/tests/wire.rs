//! The class's wire, as the server writes it: a scripted class (a teacher, three students, a
//! question of each form, answers right and wrong, a second round, a late answer, a seat taken
//! from another network, the end)
//! run through the real hub and encoder, every message kept in
//! `tests/fixtures/class/wire.json`, which the page's view tests read instead of messages
//! written by hand (tests/e2e/class/class-views.test.js).
//!
//! The file is checked, not trusted: this test fails when what the server writes now differs
//! from it. `BITQUEENS_WRITE_FIXTURES=1 cargo test -p bitqueens-class --test wire` writes
//! it anew (then the view tests say whether the page still reads it).

use bitqueens::algorithms::Kind;
use bitqueens::session::predict::{Answer, Topic};
use bitqueens::session::Session;
use bitqueens_class::hub::{Hub, Limits};
use bitqueens_class::identity::Random;
use bitqueens_class::protocol;
use bitqueens_class::room::Effect;
use serde_json::{json, Value};
use std::path::Path;

/// The same bits every run.
struct Fixed(u64);
impl Random for Fixed {
    fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_mul(6364136223846793005).wrapping_add(1);
        self.0 >> 11
    }
}

const TEACHER: u64 = 1;
const STUDENTS: [u64; 3] = [2, 3, 4];
/// A page on another network that joins with student 3's token, late in the class.
const ELSEWHERE: u64 = 5;
const N: u32 = 5;

/// The class: the hub, the clock, and every message sent so far, labelled.
struct Class {
    hub: Hub,
    now: u64,
    kept: Vec<Value>,
}

impl Class {
    /// `message` from `conn`: every message it causes kept, under `label` (what was done).
    fn says(&mut self, conn: u64, label: &str, message: Value) {
        let mut message = message;
        message["v"] = json!(1);
        self.now += 1_500;
        let parsed = protocol::parse(&message.to_string()).expect("the script speaks the protocol");
        let effects = self.hub.handle(conn, parsed, self.now);
        self.keep(label, effects);
    }

    fn keep(&mut self, label: &str, effects: Vec<Effect>) {
        for effect in effects {
            let (to, message) = match effect {
                Effect::Send { to, text } | Effect::Update { to, text, .. } => {
                    (to, serde_json::from_slice::<Value>(&text).unwrap())
                }
                Effect::Append { to, row, .. } => (
                    to,
                    json!({"type": "answered", "rows": [serde_json::from_slice::<Value>(&row).unwrap()]}),
                ),
                Effect::Close { .. } => continue,
            };
            let who = if to == TEACHER {
                "teacher".to_string()
            } else if to == ELSEWHERE {
                "student 3 elsewhere".to_string()
            } else {
                format!(
                    "student {}",
                    STUDENTS.iter().position(|&s| s == to).unwrap() + 1
                )
            };
            self.kept
                .push(json!({"after": label, "to": who, "message": message}));
        }
    }
}

/// The core's right answer to `topic` on the 5×5 board at `step` (the room's turn `turn`).
fn right(step: u64, topic: Topic, turn: u32) -> Answer {
    let mut session = Session::new(Kind::Richards, N, false).unwrap();
    session.seek(step, u32::MAX, 0);
    session.question(&[topic], turn).unwrap().answer
}

fn run_the_class() -> Value {
    let mut class = Class {
        hub: Hub::new(
            "teacherkey".to_string(),
            Limits::default(),
            Box::new(Fixed(7)),
        ),
        now: 0,
        kept: Vec::new(),
    };
    class.says(
        TEACHER,
        "the teacher opens a class",
        json!({"type": "teach", "key": "teacherkey"}),
    );
    let code = class.kept[0]["message"]["code"].clone();
    let show = |step: u64| json!({"type": "show", "n": N, "mirror": false, "step": step, "lesson": null, "stop": null});
    class.says(TEACHER, "the teacher shows step 3", show(3));
    for (i, name) in [Some("Blue Fox 12"), Some("Red Owl 7"), None]
        .into_iter()
        .enumerate()
    {
        class.hub.connected(STUDENTS[i], 10 + i as u128); // each on a network of its own
        class.says(
            STUDENTS[i],
            &format!("student {} joins", i + 1),
            json!({"type": "join", "code": code, "name": name}),
        );
    }
    // Free squares (digits): student 1 wrong, student 2 right, student 3 silent; shown.
    class.says(
        TEACHER,
        "the teacher asks free squares",
        json!({"type": "ask", "topic": "free-squares"}),
    );
    let free = right(3, Topic::FreeSquares, 0);
    let answer = |question: u64, round: u32, given: Answer| json!({"type": "answer", "question": question, "round": round, "given": given});
    class.says(
        STUDENTS[0],
        "student 1 answers free squares wrong",
        answer(1, 1, Answer::Digits { mask: 0b11111 }),
    );
    class.says(
        STUDENTS[1],
        "student 2 answers free squares right",
        answer(1, 1, free),
    );
    class.says(
        TEACHER,
        "the teacher shows the answers",
        json!({"type": "reveal"}),
    );
    class.says(
        STUDENTS[0],
        "student 1 answers after the answers were shown",
        answer(1, 1, free),
    );
    // Round 2: student 1 right this time; then the board moves on, which shows and closes it.
    class.says(
        TEACHER,
        "the teacher opens round 2",
        json!({"type": "voteAgain"}),
    );
    class.says(
        STUDENTS[0],
        "student 1 answers round 2 right",
        answer(1, 2, free),
    );
    class.says(TEACHER, "the teacher steps on to step 4", show(4));
    // What happens next (outcome) and next row (rows), each answered, then the end.
    class.says(
        TEACHER,
        "the teacher asks what happens next",
        json!({"type": "ask", "topic": "what-happens"}),
    );
    let outcome = right(4, Topic::WhatHappens, 1);
    class.says(
        STUDENTS[2],
        "student 3 answers what happens next right",
        answer(2, 1, outcome),
    );
    class.says(
        TEACHER,
        "the teacher shows the answers",
        json!({"type": "reveal"}),
    );
    class.says(TEACHER, "the teacher shows step 5", show(5));
    class.says(
        TEACHER,
        "the teacher asks next row",
        json!({"type": "ask", "topic": "next-row"}),
    );
    class.says(
        STUDENTS[1],
        "student 2 answers next row wrong",
        answer(
            3,
            1,
            Answer::Rows {
                ld: 0,
                col: 0,
                rd: 0,
            },
        ),
    );
    // Student 3's token leaks: a page on another network takes the seat while theirs is
    // connected. Student 3 is told; the teacher's roster marks the seat.
    let token = class
        .kept
        .iter()
        .find(|m| m["to"] == "student 3" && m["message"]["type"] == "joined")
        .unwrap()["message"]["token"]
        .clone();
    class.hub.connected(ELSEWHERE, 99);
    class.says(
        ELSEWHERE,
        "student 3's seat is taken from another network",
        json!({"type": "join", "code": code, "token": token, "name": null}),
    );
    class.says(
        TEACHER,
        "the teacher asks for the results",
        json!({"type": "results"}),
    );
    class.says(
        TEACHER,
        "the teacher ends the class",
        json!({"type": "end"}),
    );
    json!({
        "about": "Every message a scripted class got from the real server (class/tests/wire.rs writes it: BITQUEENS_WRITE_FIXTURES=1 cargo test -p bitqueens-class --test wire). A 5×5 board; the teacher, three students.",
        "protocol": protocol::VERSION,
        "messages": class.kept,
    })
}

#[test]
fn the_fixture_of_the_wire_is_what_the_server_writes_now() {
    let file = Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/fixtures/class/wire.json");
    let now = serde_json::to_string_pretty(&run_the_class()).unwrap() + "\n";
    if std::env::var("BITQUEENS_WRITE_FIXTURES").is_ok_and(|v| v == "1") {
        std::fs::write(&file, &now).unwrap();
    }
    let kept = std::fs::read_to_string(&file).unwrap_or_default();
    assert!(
        kept == now,
        "{} is not what the server writes now: run BITQUEENS_WRITE_FIXTURES=1 cargo test -p bitqueens-class --test wire, then the view tests (tests/e2e/class/class-views.test.js)",
        file.display()
    );
}

#[test]
fn the_scripted_class_meets_every_message_a_page_reads() {
    let wire = run_the_class();
    let kinds: std::collections::BTreeSet<&str> = wire["messages"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["message"]["type"].as_str().unwrap())
        .collect();
    for kind in [
        "opened",
        "results",
        "roster",
        "tally",
        "show",
        "joined",
        "question",
        "received",
        "answered",
        "histogram",
        "result",
        "closed",
        "error",
        "ended",
    ] {
        assert!(kinds.contains(kind), "no {kind} in the script: {kinds:?}");
    }
    let forms: std::collections::BTreeSet<&str> = wire["messages"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|m| m["message"]["type"] == "question")
        .map(|m| m["message"]["form"].as_str().unwrap())
        .collect();
    assert_eq!(forms, ["digits", "outcome", "rows"].into_iter().collect());
}
