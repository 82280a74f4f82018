//! Hostile input, in bulk, at the parser and at the room: no panic, every refusal a sentence,
//! no student ever handed what only the teacher may see (who is a teacher decided from the
//! inputs, the real key or secret sent, as well as from the hub's word), every message's
//! contents consistent; and a class run at random, each result graded as the core grades.
//! As many cases as `BITQUEENS_PROPERTY_RUNS` says (10,000 unless set; `npm run test:slow`
//! asks for 100,000).

use crate::hub::{Hub, Limits};
use crate::identity::Random;
use crate::protocol::{self, ClientMessage};
use crate::room::Effect;
use bitqueens::session::predict::Topic;
use proptest::prelude::*;
use proptest::test_runner::Config;
use serde_json::{json, Value};
use std::collections::{HashMap, HashSet};

fn config() -> Config {
    let cases = bitqueens::testing::property_runs(10_000);
    // XorShift: the default ChaCha dominates the time of an unoptimised test build; these
    // cases need variety, not a cryptographic generator.
    Config {
        cases,
        failure_persistence: None,
        rng_algorithm: proptest::test_runner::RngAlgorithm::XorShift,
        ..Config::default()
    }
}

const TYPES: [&str; 17] = [
    "teach",
    "resumeTeaching",
    "show",
    "explore",
    "pause",
    "ask",
    "reveal",
    "voteAgain",
    "results",
    "remove",
    "lock",
    "end",
    "join",
    "answer",
    "rename",
    "fly",
    "",
];

const FIELDS: [&str; 18] = [
    "key", "code", "secret", "n", "mirror", "step", "lesson", "stop", "on", "topic", "token",
    "name", "question", "round", "given", "form", "mask", "extra",
];

/// Any JSON value, a few levels deep, with the numbers and strings that break things.
fn value() -> impl Strategy<Value = Value> {
    let leaf = prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::from),
        any::<i64>().prop_map(Value::from),
        any::<u64>().prop_map(Value::from),
        (0u64..40).prop_map(Value::from),
        any::<f64>().prop_map(|f| json!(f)),
        ".{0,30}".prop_map(Value::from),
        Just(json!("free-squares")),
        Just(json!("ABCDEF")),
        Just(json!({"form": "digits", "mask": 3})),
        Just(json!({"form": "rows", "ld": 1, "col": 2, "rd": 4})),
        Just(json!({"form": "outcome", "outcome": "back"})),
    ];
    leaf.prop_recursive(2, 8, 4, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..4).prop_map(Value::from),
            prop::collection::hash_map("[a-z]{1,6}", inner, 0..4)
                .prop_map(|m| Value::Object(m.into_iter().collect())),
        ]
    })
}

/// A message-shaped object: a known or unknown type, `v` mostly 1, some fields.
fn message_like() -> impl Strategy<Value = String> {
    (
        prop::sample::select(&TYPES[..]),
        prop_oneof![8 => Just(json!(1)), 1 => value()],
        prop::collection::vec((prop::sample::select(&FIELDS[..]), value()), 0..6),
    )
        .prop_map(|(kind, v, fields)| {
            let mut object = serde_json::Map::new();
            object.insert("type".into(), json!(kind));
            object.insert("v".into(), v);
            for (name, value) in fields {
                object.insert(name.into(), value);
            }
            Value::Object(object).to_string()
        })
}

fn any_text() -> impl Strategy<Value = String> {
    prop_oneof![
        4 => message_like(),
        1 => ".{0,200}",
        1 => prop::collection::vec(any::<u8>(), 0..200).prop_map(|b| String::from_utf8_lossy(&b).into_owned()),
        1 => (message_like(), 8000usize..9000).prop_map(|(m, pad)| format!("{m}{}", " ".repeat(pad))),
    ]
}

fn assert_sentence(reason: &str) {
    assert!(
        reason.starts_with(|c: char| c.is_alphanumeric() || c == '“' || c == '`'),
        "{reason:?} starts with a word"
    );
    assert!(
        reason.ends_with('.') || reason.ends_with(".)") || reason.ends_with('?'),
        "{reason:?} ends a sentence"
    );
}

proptest! {
    #![proptest_config(config())]

    #[test]
    fn the_parser_takes_anything_and_refuses_with_a_sentence(text in any_text()) {
        match protocol::parse(&text) {
            Ok(message) => prop_assert!(text.len() <= protocol::MAX_MESSAGE_BYTES, "{}", message.kind()),
            Err(refusal) => {
                assert_sentence(&refusal.reason);
                prop_assert!(refusal.close.is_some());
            }
        }
    }
}

/// The same sequence of random bits each time.
struct Bits(u64);
impl Random for Bits {
    fn next_u64(&mut self) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        self.0
    }
}

/// One thing that happens to the hub.
#[derive(Clone, Debug)]
enum Event {
    Message(u64, ClientMessage),
    Leave(u64),
    Tick(u64),
}

/// Messages that parse, with the values the room must check (codes and tokens that are
/// wrong or right, steps near the limit, masks off the board, rounds and ids that are not).
fn valid_message() -> impl Strategy<Value = ClientMessage> {
    let code = prop_oneof![
        Just("CODE".to_string()),
        Just("ZZZZZZ".to_string()),
        "[A-Z2-9]{6}"
    ];
    let step = prop_oneof![
        0u64..3000,
        Just(crate::room::MAX_ASK_STEP + 1),
        Just(protocol::MAX_STEP)
    ];
    let mask = prop_oneof![0u32..64, any::<u32>()];
    let given = prop_oneof![
        mask.clone()
            .prop_map(|mask| json!({"form": "digits", "mask": mask})),
        (mask.clone(), mask.clone(), mask)
            .prop_map(|(ld, col, rd)| json!({"form": "rows", "ld": ld, "col": col, "rd": rd})),
        prop::sample::select(vec!["place", "back", "solution"])
            .prop_map(|o| json!({"form": "outcome", "outcome": o})),
    ];
    // The core's topics, and one that is none.
    let mut slugs: Vec<&str> = Topic::ALL.iter().map(|t| t.slug()).collect();
    slugs.push("x");
    let topic = prop::sample::select(slugs);
    prop_oneof![
        prop_oneof![3 => Just("KEY".to_string()), 1 => ".{0,4}"].prop_map(|key| json!({"type": "teach", "key": key})),
        (code.clone(), prop_oneof![Just("SECRET".to_string()), ".{0,4}"]).prop_map(|(code, secret)| json!({"type": "resumeTeaching", "code": code, "secret": secret})),
        // A reopen after a restart: a secret of the server's shape, or not.
        (prop_oneof![Just("KEY".to_string()), ".{0,4}"], code.clone(), prop_oneof![Just("a".repeat(26)), "[a-z2-7]{26}", ".{0,4}"]).prop_map(|(key, code, secret)| json!({"type": "teach", "key": key, "code": code, "secret": secret})),
        (1u32..=12, any::<bool>(), step, prop::option::of("[a-z-]{0,8}"), prop::option::of(0u32..1000)).prop_map(|(n, mirror, step, lesson, stop)| json!({"type": "show", "n": n, "mirror": mirror, "step": step, "lesson": lesson, "stop": stop})),
        any::<bool>().prop_map(|on| json!({"type": "explore", "on": on})),
        any::<bool>().prop_map(|on| json!({"type": "pause", "on": on})),
        topic.prop_map(|topic| json!({"type": "ask", "topic": topic})),
        Just(json!({"type": "reveal"})),
        Just(json!({"type": "voteAgain"})),
        Just(json!({"type": "results"})),
        Just(json!({"type": "end"})),
        (code, prop_oneof![Just(None), Just(Some("TOKEN".to_string())), prop::option::of(".{0,4}"), prop::option::of("[a-z2-7]{26}")], prop::option::of(".{0,30}")).prop_map(|(code, token, name)| json!({"type": "join", "code": code, "token": token, "name": name})),
        (prop_oneof![3 => Just(1u64), 1 => 0u64..4], prop_oneof![3 => Just(1u32), 1 => 0u32..4], given).prop_map(|(question, round, given)| json!({"type": "answer", "question": question, "round": round, "given": given})),
        ".{0,30}".prop_map(|name| json!({"type": "rename", "name": name})),
        (0u32..5).prop_map(|student| json!({"type": "remove", "student": student})),
        any::<bool>().prop_map(|on| json!({"type": "lock", "on": on})),
    ]
    .prop_filter_map("parses", |mut value| {
        value["v"] = json!(1);
        protocol::parse(&value.to_string()).ok()
    })
}

fn event() -> impl Strategy<Value = Event> {
    prop_oneof![
        // Connection 1 more often than the others: it opens a room and asks, so that the
        // sequences reach questions, answers and results.
        10 => (prop_oneof![1 => Just(1u64), 2 => 1u64..7], valid_message()).prop_map(|(conn, m)| Event::Message(conn, m)),
        1 => (1u64..7).prop_map(Event::Leave),
        1 => (0u64..20 * 60_000).prop_map(Event::Tick),
    ]
}

/// The messages only a teacher may be sent.
const TEACHERS_ONLY: [&str; 6] = [
    "opened",
    "roster",
    "tally",
    "histogram",
    "results",
    "answered",
];

proptest! {
    #![proptest_config(config())]

    #[test]
    fn the_room_takes_any_sequence(events in prop::collection::vec(event(), 1..24)) {
        let limits = Limits { max_rooms: 2, max_students: 3, ..Limits::default() };
        let mut hub = Hub::new("KEY".to_string(), limits, Box::new(Bits(9)));
        let mut now = 0;
        // Who may be a teacher, from the inputs alone: a connection that sent the real key
        // or a real room's secret since it last left. Who is one, as the hub's `opened` and
        // `joined` say: a connection may be sent the teacher's messages only when both do.
        let mut proved: HashSet<u64> = HashSet::new();
        let mut teachers: HashSet<u64> = HashSet::new();
        // The real codes, tokens and secrets, substituted for the placeholders so that the
        // sequence reaches deep; and every secret a room was given.
        let mut names: HashMap<&str, String> = HashMap::new();
        let mut secrets: HashSet<String> = HashSet::new();
        for event in events {
            let effects = match event {
                Event::Message(conn, message) => {
                    let message = substitute(message, &names);
                    let real_secret = |secret: &Option<String>| {
                        secret.as_ref().is_some_and(|s| secrets.contains(s))
                    };
                    match &message {
                        ClientMessage::Teach { key, .. } if key == "KEY" => {
                            proved.insert(conn);
                        }
                        ClientMessage::Teach { secret, .. } if real_secret(secret) => {
                            proved.insert(conn);
                        }
                        ClientMessage::ResumeTeaching { secret, .. }
                            if real_secret(&Some(secret.clone())) =>
                        {
                            proved.insert(conn);
                        }
                        _ => {}
                    }
                    hub.handle(conn, message, now)
                }
                Event::Leave(conn) => {
                    proved.remove(&conn);
                    teachers.remove(&conn);
                    hub.leave(conn, now)
                }
                Event::Tick(ms) => {
                    now += ms;
                    hub.tick(now)
                }
            };
            for effect in &effects {
                match effect {
                    Effect::Send { to, text } | Effect::Update { to, text, .. } => {
                        let message: Value = serde_json::from_slice(text).unwrap();
                        let kind = message["type"].as_str().unwrap().to_string();
                        match kind.as_str() {
                            "opened" => {
                                prop_assert!(proved.contains(to), "opened to {to}, who sent no key or secret");
                                teachers.insert(*to);
                                let code = message["code"].as_str().unwrap().to_string();
                                let secret = message["secret"].as_str().unwrap().to_string();
                                prop_assert!(crate::identity::normalize_code(&code) == Some(code.clone()), "code {code}");
                                prop_assert!(crate::identity::is_secret(&secret), "secret {secret}");
                                prop_assert_eq!(message["joinPath"].as_str().map(str::to_string), Some(format!("/c/{code}")));
                                names.insert("CODE", code);
                                secrets.insert(secret.clone());
                                names.insert("SECRET", secret);
                            }
                            "joined" => {
                                teachers.remove(to);
                                let token = message["token"].as_str().unwrap().to_string();
                                prop_assert!(crate::identity::is_secret(&token), "token {token}");
                                names.insert("TOKEN", token);
                            }
                            "error" => assert_sentence(message["reason"].as_str().unwrap()),
                            _ => {}
                        }
                        let teachers_only = TEACHERS_ONLY.contains(&kind.as_str());
                        prop_assert!(
                            !teachers_only || (teachers.contains(to) && proved.contains(to)),
                            "{kind} to {to}: not a teacher by the hub's word or by the inputs"
                        );
                        check_contents(&kind, &message)?;
                    }
                    Effect::Append { to, row, .. } => {
                        prop_assert!(teachers.contains(to) && proved.contains(to), "a student was sent answered");
                        let row: Value = serde_json::from_slice(row).unwrap();
                        check_row(&row)?;
                    }
                    Effect::Close { reason, .. } => {
                        assert_sentence(reason);
                        prop_assert!(reason.len() <= 123);
                    }
                }
            }
        }
    }
}

/// What a message of `kind` holds agrees with itself: a student's question never carries its
/// answer; a result's and a bar's verdict is whether the answer given is the right one; the
/// roster numbers its students from 1 and counts those connected; every row's verdict too.
fn check_contents(kind: &str, message: &Value) -> Result<(), TestCaseError> {
    let question = match kind {
        "question" => Some(&message["question"]),
        "joined" | "opened" => message
            .get("question")
            .filter(|q| !q.is_null())
            .map(|q| &q["question"]),
        _ => None,
    };
    if let Some(question) = question {
        prop_assert!(
            question.get("answer").is_none() && question.get("next").is_none(),
            "{kind} gives the answer away: {question}"
        );
    }
    match kind {
        "result" => {
            let right = message["given"] == message["answer"];
            prop_assert_eq!(message["right"].as_bool(), Some(right), "{}", message);
        }
        "histogram" => {
            let answer = &message["question"]["answer"];
            for round in message["rounds"].as_array().unwrap() {
                let bars = round["bars"].as_array().unwrap();
                prop_assert_eq!(
                    bars.iter().filter(|b| b["right"] == true).count(),
                    1,
                    "one right bar: {}",
                    round
                );
                for bar in bars {
                    prop_assert_eq!(
                        bar["right"].as_bool(),
                        Some(&bar["given"] == answer),
                        "{}",
                        bar
                    );
                }
                let counted: u64 = bars.iter().map(|b| b["count"].as_u64().unwrap()).sum();
                prop_assert_eq!(Some(counted), round["answered"].as_u64());
            }
        }
        "roster" => {
            let students = message["students"].as_array().unwrap();
            // Seats: at most twice max_students (3), numbered from 1 in the order taken; a
            // removed student's number is left out, never reused.
            let ids: Vec<u64> = students.iter().map(|s| s["id"].as_u64().unwrap()).collect();
            prop_assert!(
                ids.windows(2).all(|w| w[0] < w[1]),
                "ids in order: {:?}",
                ids
            );
            prop_assert!(
                ids.iter().all(|&id| (1..=6).contains(&id)),
                "ids: {:?}",
                ids
            );
            for student in students {
                prop_assert!(!student["name"].as_str().unwrap().trim().is_empty());
            }
            let connected = students.iter().filter(|s| s["connected"] == true).count() as u64;
            prop_assert_eq!(message["joined"].as_u64(), Some(connected));
        }
        "results" => {
            for row in message["rows"].as_array().unwrap() {
                check_row(row)?;
            }
        }
        _ => {}
    }
    Ok(())
}

/// A row of the teacher's results: a seat of the room (numbered from 1), round 1 or 2,
/// a verdict and the seconds taken.
fn check_row(row: &Value) -> Result<(), TestCaseError> {
    prop_assert!(
        row["studentId"]
            .as_u64()
            .is_some_and(|id| (1..=6).contains(&id)),
        "{}",
        row
    );
    prop_assert!(
        row["round"].as_u64().is_some_and(|r| r == 1 || r == 2),
        "{}",
        row
    );
    prop_assert!(
        row["right"].is_boolean() && row["seconds"].as_f64().is_some_and(|s| s >= 0.0),
        "{}",
        row
    );
    Ok(())
}

/// `message` with the placeholders CODE, SECRET and TOKEN replaced by the real ones.
fn substitute(message: ClientMessage, names: &HashMap<&str, String>) -> ClientMessage {
    let real = |text: String| names.get(text.as_str()).cloned().unwrap_or(text);
    match message {
        ClientMessage::ResumeTeaching { v, code, secret } => ClientMessage::ResumeTeaching {
            v,
            code: real(code),
            secret: real(secret),
        },
        ClientMessage::Join {
            v,
            code,
            token,
            name,
        } => ClientMessage::Join {
            v,
            code: real(code),
            token: token.map(real),
            name,
        },
        other => other,
    }
}

/// One thing a class does, in the second property: the teacher's moves and the students'.
#[derive(Clone, Debug)]
enum Move {
    Show(u64),
    Ask(&'static str),
    /// A student's answer: the right one (as the core makes it), or one of the right form
    /// made from these bits.
    Answer {
        student: usize,
        right: bool,
        bits: u32,
    },
    Reveal,
    VoteAgain,
    Leave(usize),
    Rejoin(usize),
}

fn class_move() -> impl Strategy<Value = Move> {
    let topic = prop::sample::select(Topic::ALL.map(Topic::slug).to_vec());
    prop_oneof![
        2 => (0u64..60).prop_map(Move::Show),
        3 => topic.prop_map(Move::Ask),
        8 => (0usize..3, any::<bool>(), any::<u32>()).prop_map(|(student, right, bits)| Move::Answer { student, right, bits }),
        2 => Just(Move::Reveal),
        1 => Just(Move::VoteAgain),
        1 => (0usize..3).prop_map(Move::Leave),
        1 => (0usize..3).prop_map(Move::Rejoin),
    ]
}

/// An answer of `right`'s form on a board of `n`, made from `bits`.
fn answer_like(right: &Value, n: u32, bits: u32) -> Value {
    let mask = bits & ((1 << n) - 1);
    match right["form"].as_str() {
        Some("rows") => {
            json!({"form": "rows", "ld": mask, "col": mask >> 1, "rd": (bits >> 8) & ((1 << n) - 1)})
        }
        Some("outcome") => {
            let outcome = ["place", "back", "solution"][bits as usize % 3];
            json!({"form": "outcome", "outcome": outcome})
        }
        _ => json!({"form": "digits", "mask": mask}),
    }
}

proptest! {
    #![proptest_config(config())]

    /// A class of a teacher and three students who come and go: each student's result is
    /// the answer they last had received for that round (or none), and its verdict is
    /// whether that answer is the core's, the core's question made here from the teacher's
    /// moves alone; every message agrees with itself (`check_contents`).
    #[test]
    fn a_class_grades_each_answer_as_the_core_does(moves in prop::collection::vec(class_move(), 1..40)) {
        const N: u32 = 6;
        let mut hub = Hub::new("KEY".to_string(), Limits::default(), Box::new(Bits(3)));
        let send = |hub: &mut Hub, conn: u64, value: Value, now: u64| {
            let mut value = value;
            value["v"] = json!(1);
            hub.handle(conn, protocol::parse(&value.to_string()).unwrap(), now)
        };
        let opened = send(&mut hub, 1, json!({"type": "teach", "key": "KEY"}), 0);
        let code = of_kind(&opened, 1, "opened").unwrap()["code"].clone();
        send(&mut hub, 1, json!({"type": "show", "n": N, "mirror": false, "step": 0, "lesson": null, "stop": null}), 0);
        let (mut conns, mut tokens) = (vec![2u64, 3, 4], Vec::new());
        for &conn in &conns {
            let joined = send(&mut hub, conn, json!({"type": "join", "code": code}), 0);
            tokens.push(of_kind(&joined, conn, "joined").unwrap()["token"].clone());
        }
        let mut next_conn = 5;
        let mut step = 0u64;
        // The core's right answer to each question opened (by id); the open one's id and round.
        let mut answers: HashMap<u64, Value> = HashMap::new();
        let mut open: Option<(u64, u64)> = None;
        // What each student last sent, and what the server acknowledged: (student, id, round).
        let mut pending: HashMap<usize, Value> = HashMap::new();
        let mut received: HashMap<(usize, u64, u64), Value> = HashMap::new();
        for (at, step_move) in moves.into_iter().enumerate() {
            let now = 1_000 * (at as u64 + 1);
            let mut asked_topic = None;
            let effects = match step_move {
                Move::Show(to) => {
                    step = to;
                    send(&mut hub, 1, json!({"type": "show", "n": N, "mirror": false, "step": to, "lesson": null, "stop": null}), now)
                }
                Move::Ask(topic) => {
                    asked_topic = Some(topic);
                    send(&mut hub, 1, json!({"type": "ask", "topic": topic}), now)
                }
                Move::Answer { student, right, bits } => {
                    let Some((id, round)) = open else { continue };
                    let given = if right { answers[&id].clone() } else { answer_like(&answers[&id], N, bits) };
                    pending.insert(student, given.clone());
                    send(&mut hub, conns[student], json!({"type": "answer", "question": id, "round": round, "given": given}), now)
                }
                Move::Reveal => send(&mut hub, 1, json!({"type": "reveal"}), now),
                Move::VoteAgain => send(&mut hub, 1, json!({"type": "voteAgain"}), now),
                Move::Leave(student) => hub.leave(conns[student], now),
                Move::Rejoin(student) => {
                    hub.leave(conns[student], now);
                    conns[student] = next_conn;
                    next_conn += 1;
                    send(&mut hub, conns[student], json!({"type": "join", "code": code, "token": tokens[student]}), now)
                }
            };
            for effect in &effects {
                let (Effect::Send { to, text } | Effect::Update { to, text, .. }) = effect else { continue };
                let message: Value = serde_json::from_slice(text).unwrap();
                let kind = message["type"].as_str().unwrap();
                check_contents(kind, &message)?;
                let student = conns.iter().position(|c| c == to);
                match (kind, student) {
                    ("question", None) => {
                        let (id, round) = (message["id"].as_u64().unwrap(), message["round"].as_u64().unwrap());
                        if round == 1 {
                            // A new question: the core's, from the teacher's moves alone.
                            let topic = asked_topic.expect("a question opens only on an ask");
                            let plan = crate::room::AskPlan { code: String::new(), n: N, mirror: false, step, topic: Topic::from_slug(topic).unwrap(), turn: answers.len() as u32 };
                            let question = crate::room::question_at(&plan).unwrap();
                            answers.insert(id, serde_json::to_value(question.answer).unwrap());
                        }
                        open = Some((id, round));
                    }
                    ("closed", None) => open = None,
                    ("received", Some(s)) => {
                        let key = (s, message["id"].as_u64().unwrap(), message["round"].as_u64().unwrap());
                        received.insert(key, pending[&s].clone());
                    }
                    ("result", Some(s)) => {
                        let (id, round) = (message["id"].as_u64().unwrap(), message["round"].as_u64().unwrap());
                        let given = received.get(&(s, id, round)).cloned().unwrap_or(Value::Null);
                        prop_assert_eq!(&message["given"], &given, "student {}'s own answer", s);
                        prop_assert_eq!(&message["answer"], &answers[&id], "the core's answer");
                        prop_assert_eq!(message["right"].as_bool(), Some(given == answers[&id]), "the verdict");
                    }
                    _ => {}
                }
            }
        }
    }
}

/// The first message of `kind` sent to `conn` among `effects`.
fn of_kind(effects: &[Effect], conn: u64, kind: &str) -> Option<Value> {
    effects.iter().find_map(|effect| match effect {
        Effect::Send { to, text } if *to == conn => {
            let message: Value = serde_json::from_slice(text).ok()?;
            (message["type"] == kind).then_some(message)
        }
        _ => None,
    })
}
