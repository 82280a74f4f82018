//! Hostile input, in bulk, at the parser and at the room: no panic, every refusal a sentence,
//! and no student ever handed what only the teacher may see. As many cases as
//! `BITQUEENS_PROPERTY_RUNS` says (10,000 unless set; `npm run test:slow` asks for 100,000).

use crate::hub::{Hub, Limits};
use crate::identity::Random;
use crate::protocol::{self, ClientMessage};
use crate::room::Effect;
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

const TYPES: [&str; 15] = [
    "teach",
    "resumeTeaching",
    "show",
    "explore",
    "pause",
    "ask",
    "reveal",
    "voteAgain",
    "results",
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
    let topic = prop::sample::select(vec![
        "free-squares",
        "lowest-bit",
        "twos-complement",
        "next-row",
        "what-happens",
        "x",
    ]);
    prop_oneof![
        prop_oneof![Just("KEY".to_string()), ".{0,4}"].prop_map(|key| json!({"type": "teach", "key": key})),
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
        (0u64..4, 0u32..4, given).prop_map(|(question, round, given)| json!({"type": "answer", "question": question, "round": round, "given": given})),
        ".{0,30}".prop_map(|name| json!({"type": "rename", "name": name})),
    ]
    .prop_filter_map("parses", |mut value| {
        value["v"] = json!(1);
        protocol::parse(&value.to_string()).ok()
    })
}

fn event() -> impl Strategy<Value = Event> {
    prop_oneof![
        10 => (1u64..7, valid_message()).prop_map(|(conn, m)| Event::Message(conn, m)),
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
        // Who is a teacher, as the messages sent say; the real codes, tokens and secrets,
        // substituted for the placeholders so that the sequence reaches deep.
        let mut teachers: HashSet<u64> = HashSet::new();
        let mut names: HashMap<&str, String> = HashMap::new();
        for event in events {
            let effects = match event {
                Event::Message(conn, message) => {
                    let message = substitute(message, &names);
                    hub.handle(conn, message, now)
                }
                Event::Leave(conn) => hub.leave(conn, now),
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
                                teachers.insert(*to);
                                names.insert("CODE", message["code"].as_str().unwrap().to_string());
                                names.insert("SECRET", message["secret"].as_str().unwrap().to_string());
                            }
                            "joined" => {
                                teachers.remove(to);
                                names.insert("TOKEN", message["token"].as_str().unwrap().to_string());
                            }
                            "error" => assert_sentence(message["reason"].as_str().unwrap()),
                            _ => {}
                        }
                        prop_assert!(
                            teachers.contains(to) || !TEACHERS_ONLY.contains(&kind.as_str()),
                            "a student was sent {kind}"
                        );
                    }
                    Effect::Append { to, .. } => {
                        prop_assert!(teachers.contains(to), "a student was sent answered");
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
