//! The messages of the live class (docs/class-protocol.md says the same in words): what a
//! page sends, parsed into [`ClientMessage`] by [`parse`] with a size limit before any parsing,
//! and what the server sends, [`ServerMessage`], serialized once by [`encode`].
//!
//! Invariants: [`parse`] never panics, whatever the bytes; every refusal it returns is a
//! [`Refusal`] with one sentence and the close code the connection gets.

use bitqueens::session::predict::{Answer, Question, Shown, Topic};
use bytes::Bytes;
use serde::{Deserialize, Serialize};

/// The protocol's version: every message carries it as `"v"`.
pub const VERSION: u32 = 1;

/// The largest message a page may send, in bytes (checked before parsing).
pub const MAX_MESSAGE_BYTES: usize = 8 * 1024;

/// The largest step `show` may name: 2^53, the largest whole number a page's number holds
/// exactly.
pub const MAX_STEP: u64 = 1 << 53;

/// The largest `stop` of a lesson.
pub const MAX_STOP: u32 = 999;

/// The longest lesson slug, in characters.
pub const MAX_LESSON_CHARS: usize = 64;

/// WebSocket close code for a message the server refuses (policy violation).
pub const CLOSE_POLICY: u16 = 1008;

/// WebSocket close code for a message too big.
pub const CLOSE_TOO_BIG: u16 = 1009;

/// WebSocket close code for a normal end (the class ended, the seat taken elsewhere).
pub const CLOSE_NORMAL: u16 = 1000;

/// What a page sends. Each variant carries `v` (see [`VERSION`]); unknown fields are refused.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(tag = "type", rename_all = "camelCase", deny_unknown_fields)]
pub enum ClientMessage {
    /// Opens a room with the teacher key; with `code` and `secret` (both or neither), reopens
    /// under them a room this server does not know (its class, from before a restart).
    Teach {
        v: u32,
        key: String,
        #[serde(default)]
        code: Option<String>,
        #[serde(default)]
        secret: Option<String>,
    },
    /// The teacher back in their room.
    #[serde(rename_all = "camelCase")]
    ResumeTeaching {
        v: u32,
        code: String,
        secret: String,
    },
    /// What every student's board shows.
    Show {
        v: u32,
        n: u32,
        mirror: bool,
        step: u64,
        lesson: Option<String>,
        stop: Option<u32>,
    },
    /// The students' controls unlocked (true) or following again (false).
    Explore { v: u32, on: bool },
    /// Every student's screen frozen (true) or not.
    Pause { v: u32, on: bool },
    /// A question of this topic (a Predict slug) at the current show.
    Ask { v: u32, topic: String },
    /// The histogram to the teacher, each student's result to them.
    Reveal { v: u32 },
    /// Round 2 of the open question.
    VoteAgain { v: u32 },
    /// Every answer so far, for the teacher's CSV.
    Results { v: u32 },
    /// Ends the class.
    End { v: u32 },
    /// A student joins (or rejoins with the token `joined` gave).
    Join {
        v: u32,
        code: String,
        token: Option<String>,
        name: Option<String>,
    },
    /// A student's answer to the open round.
    Answer {
        v: u32,
        question: u64,
        round: u32,
        given: Answer,
    },
    /// The name the teacher sees.
    Rename { v: u32, name: String },
    /// The teacher removes the student of this roster `id` from the room: their connection
    /// is closed and their token opens nothing any more.
    Remove { v: u32, student: u32 },
    /// The room takes no new student (true; those seated come back with their tokens), or
    /// does again (false).
    Lock { v: u32, on: bool },
}

impl ClientMessage {
    /// The message's `type`, as the page writes it.
    pub fn kind(&self) -> &'static str {
        match self {
            ClientMessage::Teach { .. } => "teach",
            ClientMessage::ResumeTeaching { .. } => "resumeTeaching",
            ClientMessage::Show { .. } => "show",
            ClientMessage::Explore { .. } => "explore",
            ClientMessage::Pause { .. } => "pause",
            ClientMessage::Ask { .. } => "ask",
            ClientMessage::Reveal { .. } => "reveal",
            ClientMessage::VoteAgain { .. } => "voteAgain",
            ClientMessage::Results { .. } => "results",
            ClientMessage::End { .. } => "end",
            ClientMessage::Join { .. } => "join",
            ClientMessage::Answer { .. } => "answer",
            ClientMessage::Rename { .. } => "rename",
            ClientMessage::Remove { .. } => "remove",
            ClientMessage::Lock { .. } => "lock",
        }
    }

    /// True for the messages only a teacher's connection may send.
    pub fn is_teachers(&self) -> bool {
        matches!(
            self,
            ClientMessage::Show { .. }
                | ClientMessage::Explore { .. }
                | ClientMessage::Pause { .. }
                | ClientMessage::Ask { .. }
                | ClientMessage::Reveal { .. }
                | ClientMessage::VoteAgain { .. }
                | ClientMessage::Results { .. }
                | ClientMessage::End { .. }
                | ClientMessage::Remove { .. }
                | ClientMessage::Lock { .. }
        )
    }

    /// True for the messages that open a connection's seat (its first message).
    pub fn is_opening(&self) -> bool {
        matches!(
            self,
            ClientMessage::Teach { .. }
                | ClientMessage::ResumeTeaching { .. }
                | ClientMessage::Join { .. }
        )
    }

    fn version(&self) -> u32 {
        match *self {
            ClientMessage::Teach { v, .. }
            | ClientMessage::ResumeTeaching { v, .. }
            | ClientMessage::Show { v, .. }
            | ClientMessage::Explore { v, .. }
            | ClientMessage::Pause { v, .. }
            | ClientMessage::Ask { v, .. }
            | ClientMessage::Reveal { v }
            | ClientMessage::VoteAgain { v }
            | ClientMessage::Results { v }
            | ClientMessage::End { v }
            | ClientMessage::Join { v, .. }
            | ClientMessage::Answer { v, .. }
            | ClientMessage::Rename { v, .. }
            | ClientMessage::Remove { v, .. }
            | ClientMessage::Lock { v, .. } => v,
        }
    }
}

/// A message refused: the `error` the page gets (`code`, one sentence), and the close code
/// when the connection is closed after it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Refusal {
    /// The error's code (`too-big`, `malformed`, `version`, `role`, …).
    pub code: &'static str,
    /// One sentence, for the page to show.
    pub reason: String,
    /// The WebSocket close code when the connection is closed; `None` when it goes on.
    pub close: Option<u16>,
    /// When the same message may be sent again with a chance of success, in whole seconds
    /// (a limit's refusal only; `None` for every other).
    pub retry_in_seconds: Option<u32>,
}

impl Refusal {
    /// A refusal that closes the connection with [`CLOSE_POLICY`].
    pub fn fatal(code: &'static str, reason: impl Into<String>) -> Refusal {
        Refusal {
            code,
            reason: reason.into(),
            close: Some(CLOSE_POLICY),
            retry_in_seconds: None,
        }
    }

    /// A refusal after which the connection goes on.
    pub fn soft(code: &'static str, reason: impl Into<String>) -> Refusal {
        Refusal {
            code,
            reason: reason.into(),
            close: None,
            retry_in_seconds: None,
        }
    }

    /// This refusal, saying the message may be sent again in `seconds` (at least one).
    pub fn retry_in(self, seconds: u32) -> Refusal {
        Refusal {
            retry_in_seconds: Some(seconds.max(1)),
            ..self
        }
    }
}

/// Only `v` and an object: read first, so that a page of another version is told so in a
/// sentence even when its messages have other fields.
#[derive(Deserialize)]
struct Probe {
    v: Option<serde_json::Value>,
}

/// Parses one text message from a page: its size first, then its version, then the message
/// itself (unknown fields refused), then the ranges of its numbers and strings.
pub fn parse(text: &str) -> Result<ClientMessage, Refusal> {
    if text.len() > MAX_MESSAGE_BYTES {
        return Err(Refusal {
            code: "too-big",
            reason: format!(
                "A message is at most {} KiB: this one is {} bytes.",
                MAX_MESSAGE_BYTES / 1024,
                text.len()
            ),
            close: Some(CLOSE_TOO_BIG),
            retry_in_seconds: None,
        });
    }
    let probe: Probe = serde_json::from_str(text).map_err(|_| {
        Refusal::fatal(
            "malformed",
            "A message is one JSON object with a \"type\" and \"v\": 1.",
        )
    })?;
    match probe.v.as_ref().and_then(serde_json::Value::as_u64) {
        Some(v) if v == u64::from(VERSION) => {}
        Some(v) if v < u64::from(VERSION) => {
            return Err(Refusal::fatal(
                "version",
                "This page is older than the class server: reload it.",
            ))
        }
        Some(_) => return Err(Refusal::fatal(
            "version",
            "This page is newer than the class server: start the class server of the same version.",
        )),
        None => {
            return Err(Refusal::fatal(
                "version",
                "A message carries \"v\": 1, the protocol's version: reload the page.",
            ))
        }
    }
    let message: ClientMessage = serde_json::from_str(text).map_err(|error| {
        let mut said = error.to_string();
        if said.len() > 160 {
            let mut cut = 160;
            while !said.is_char_boundary(cut) {
                cut -= 1;
            }
            said.truncate(cut);
            said.push('…');
        }
        Refusal::fatal(
            "malformed",
            format!("The class server does not know this message ({said})."),
        )
    })?;
    if message.version() != VERSION {
        // Unreachable after the probe, unless JSON gives `v` twice: refused all the same.
        return Err(Refusal::fatal(
            "version",
            "A message carries \"v\": 1, the protocol's version: reload the page.",
        ));
    }
    check_ranges(&message)?;
    Ok(message)
}

/// The ranges the protocol gives each field.
fn check_ranges(message: &ClientMessage) -> Result<(), Refusal> {
    let refuse = |reason: String| Err(Refusal::fatal("malformed", reason));
    match message {
        ClientMessage::Show {
            n,
            step,
            lesson,
            stop,
            ..
        } => {
            if !(1..=32).contains(n) {
                return refuse(format!("A board has 1 to 32 columns, not {n}."));
            }
            if *step > MAX_STEP {
                return refuse("A step is at most 2^53.".to_string());
            }
            if let Some(lesson) = lesson {
                let slug = lesson
                    .chars()
                    .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-');
                if lesson.chars().count() > MAX_LESSON_CHARS || !slug {
                    return refuse(format!(
                        "A lesson is named by its slug: at most {MAX_LESSON_CHARS} of a-z, 0-9 and -."
                    ));
                }
            }
            if stop.is_some_and(|s| s > MAX_STOP) {
                return refuse(format!("A lesson's stop is at most {MAX_STOP}."));
            }
            Ok(())
        }
        _ => Ok(()),
    }
}

/// What every student's board shows (and the teacher's, as the room knows it).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ShowState {
    /// Board size.
    pub n: u32,
    /// Mirror mode.
    pub mirror: bool,
    /// The step the boards stand at.
    pub step: u64,
    /// The lesson's slug, if one runs.
    pub lesson: Option<String>,
    /// The lesson's stop.
    pub stop: Option<u32>,
    /// The students' controls unlocked.
    pub explore: bool,
    /// Every screen frozen.
    pub paused: bool,
}

impl Default for ShowState {
    fn default() -> ShowState {
        ShowState {
            n: 8,
            mirror: false,
            step: 0,
            lesson: None,
            stop: None,
            explore: false,
            paused: false,
        }
    }
}

/// The form of an answer: `digits`, `rows` or `outcome`.
pub fn form(answer: &Answer) -> &'static str {
    match answer {
        Answer::Digits { .. } => "digits",
        Answer::Rows { .. } => "rows",
        Answer::Outcome { .. } => "outcome",
    }
}

/// An open question as every page gets it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct QuestionOut {
    /// The question's number in its room, from 1.
    pub id: u64,
    /// 1, or 2 after vote again.
    pub round: u32,
    /// The question, its answer left out (the core's [`Shown`]: `nextColumn` only for next
    /// row).
    pub question: Shown,
    /// `digits`, `rows` or `outcome`.
    pub form: &'static str,
}

/// One student as the teacher's roster lists them.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct RosterEntry {
    /// The student's number in the room, from 1.
    pub id: u32,
    /// Their name, cleaned (see [`crate::identity::clean_name`]).
    pub name: String,
    /// True while their page is connected.
    pub connected: bool,
    /// True once their seat was taken by a page on another network while theirs was still
    /// connected (a token that leaked, or a phone that changed networks): absent when false.
    #[serde(skip_serializing_if = "is_false")]
    pub taken_over: bool,
    /// Why the name may pass for what it is not (`says-teacher`, `mixed-scripts`: see
    /// [`crate::lookalike`]): absent for most names.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub mark: Option<crate::lookalike::NameMark>,
}

fn is_false(value: &bool) -> bool {
    !value
}

/// One distinct answer of a round, with how many gave it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Bar {
    /// The answer.
    pub given: Answer,
    /// How many gave it.
    pub count: u32,
    /// True for the right one.
    pub right: bool,
    /// Why it is wrong, in one line (`predict::reason`); `None` when right.
    pub reason: Option<String>,
}

/// One round of a histogram.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct RoundBars {
    /// 1 or 2.
    pub round: u32,
    /// Answers in the round.
    pub answered: u32,
    /// Each distinct answer, most frequent first, ties by form then masks; then the right
    /// answer with a count of 0 when no one gave it (it is always a bar).
    pub bars: Vec<Bar>,
}

/// One answer, as a row of the teacher's CSV.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ResultRow {
    /// 1 or 2.
    pub round: u32,
    /// The question's id.
    pub question: u64,
    /// Its topic.
    pub topic: Topic,
    /// The step it was asked at.
    pub step: u64,
    /// The student's name now.
    pub student: String,
    /// The student's number in the room, from 1 (the roster's `id`): with the question and
    /// the round, which earlier answer this one replaces.
    pub student_id: u32,
    /// The board's size: how many digits the answer has.
    pub n: u32,
    /// Their answer.
    pub given: Answer,
    /// Right or not.
    pub right: bool,
    /// From the round's opening to the answer.
    pub seconds: f64,
}

/// What the server sends.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(tag = "type", rename_all = "camelCase")]
pub enum ServerMessage {
    /// To every connection, every ping interval (`beatSeconds` in `GET /class/hello`): the
    /// server is there. A page that hears nothing for about 2.5 beats reconnects.
    Beat,
    /// What the boards show (to everyone, after each change and on joining).
    Show(ShowState),
    /// A question or its second round opened (to everyone).
    Question(QuestionOut),
    /// The question is over: the board moved, or another was asked.
    Closed { id: u64 },
    /// The teacher's connection is gone; the room waits `minutes`.
    TeacherAway { minutes: u64 },
    /// The teacher is back.
    TeacherBack,
    /// The class ended: `reason` says why.
    Ended { reason: String },
    /// A refusal: `code`, one sentence, and whether the connection closes after it.
    #[serde(rename_all = "camelCase")]
    Error {
        code: &'static str,
        reason: String,
        fatal: bool,
        /// See [`Refusal::retry_in_seconds`]: absent when the refusal says no wait.
        #[serde(skip_serializing_if = "Option::is_none")]
        retry_in_seconds: Option<u32>,
    },
    /// To the teacher: the room opened or resumed.
    #[serde(rename_all = "camelCase")]
    Opened {
        code: String,
        secret: String,
        join_path: String,
        show: ShowState,
        question: Option<QuestionOut>,
    },
    /// To the teacher: who has joined (the latest only is sent after a burst).
    Roster {
        joined: u32,
        students: Vec<RosterEntry>,
        answered: u32,
        /// True while the room takes no new student (`lock`).
        locked: bool,
    },
    /// To the teacher: how many answered the open round, never what.
    Tally {
        id: u64,
        round: u32,
        answered: u32,
        joined: u32,
    },
    /// To the teacher: each round's distinct answers, most frequent first.
    Histogram {
        id: u64,
        question: Question,
        rounds: Vec<RoundBars>,
    },
    /// To the teacher: every answer so far, for the CSV (asked for, just before `ended`, and
    /// after each `opened`: the page's copy is whole again after a reconnect).
    Results { rows: Vec<ResultRow> },
    /// To the teacher: the answers taken since the last `answered`, one per answer, in
    /// (question, round, student) order (each replaces the page's row of the same answer,
    /// when later). The page keeps every answer,
    /// so that the results outlive a room that expired or a server that stopped. The network
    /// layer joins the rows pending for a teacher into one message ([`answered`]).
    Answered { rows: Vec<ResultRow> },
    /// To a student: they are in (or back), with the room's state and their answer.
    Joined {
        token: String,
        name: String,
        code: String,
        show: ShowState,
        question: Option<QuestionOut>,
        answer: Option<Answer>,
    },
    /// To a student: their answer is in.
    Received { id: u64, round: u32 },
    /// To every student, after the reveal: right or not, their answer (`None`: they gave
    /// none), the right answer, and why theirs is wrong (the core's one line,
    /// `predict::reason`; `None` when right or not given).
    Result {
        id: u64,
        round: u32,
        right: bool,
        given: Option<Answer>,
        answer: Answer,
        reason: Option<String>,
    },
}

#[derive(Serialize)]
struct Envelope<'a> {
    v: u32,
    #[serde(flatten)]
    message: &'a ServerMessage,
}

/// `message` as the JSON text that travels, `v` included: serialized once, shared by every
/// connection it goes to.
pub fn encode(message: &ServerMessage) -> Bytes {
    let envelope = Envelope {
        v: VERSION,
        message,
    };
    // Serializing these types cannot fail: no map with non-string keys, no float NaN (the
    // seconds are finite), no custom Serialize that errs.
    Bytes::from(serde_json::to_vec(&envelope).unwrap_or_else(|_| {
        br#"{"v":1,"type":"error","code":"internal","reason":"The server could not write a message.","fatal":false}"#.to_vec()
    }))
}

/// One row of `answered`, serialized once ([`answered`] joins them).
pub fn encode_row(row: &ResultRow) -> Bytes {
    // As in `encode`: these types serialize without fail.
    Bytes::from(serde_json::to_vec(row).unwrap_or_else(|_| b"{}".to_vec()))
}

/// The `answered` message of `rows` (each from [`encode_row`]): the same JSON as [`encode`]
/// of [`ServerMessage::Answered`] with those rows, without serializing them again.
pub fn answered(rows: &[Bytes]) -> Bytes {
    let head = format!(r#"{{"v":{VERSION},"type":"answered","rows":["#);
    let mut text =
        Vec::with_capacity(head.len() + rows.iter().map(|r| r.len() + 1).sum::<usize>() + 2);
    text.extend_from_slice(head.as_bytes());
    for (i, row) in rows.iter().enumerate() {
        if i > 0 {
            text.push(b',');
        }
        text.extend_from_slice(row);
    }
    text.extend_from_slice(b"]}");
    Bytes::from(text)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn answered_joins_rows_serialized_once_into_the_message_encode_would_write() {
        let row = |student_id: u32, mask: u32| ResultRow {
            round: 1,
            question: 3,
            topic: Topic::FreeSquares,
            step: 12,
            student: format!("Fox \"{student_id}\""),
            student_id,
            n: 8,
            given: Answer::Digits { mask },
            right: mask == 0xF0,
            seconds: 1.5,
        };
        let rows = [row(1, 0xF0), row(2, 3), row(7, 0)];
        let joined: Vec<Bytes> = rows.iter().map(encode_row).collect();
        let parsed = |bytes: &[u8]| serde_json::from_slice::<serde_json::Value>(bytes).unwrap();
        for n in 0..=rows.len() {
            assert_eq!(
                parsed(&answered(&joined[..n])),
                parsed(&encode(&ServerMessage::Answered {
                    rows: rows[..n].to_vec()
                })),
                "{n} rows"
            );
        }
    }

    #[test]
    fn a_beat_is_its_type_and_version_only() {
        assert_eq!(
            &encode(&ServerMessage::Beat)[..],
            br#"{"v":1,"type":"beat"}"#
        );
    }
}
