//! One room of the live class, without sockets: its teacher and students, the questions
//! asked and their rounds, the roster, the tally, the histogram and each student's result,
//! and the [`Effect`]s that carry them to the connections. The registry of every room, and
//! who sits where, is [`crate::hub`].
//!
//! Invariants:
//! - a message broadcast to a room is serialized once ([`protocol::encode`]), the bytes shared;
//! - a student's answers are never sent to another student, nor any student's name (the
//!   roster, the tally and the histogram go to the teacher only);
//! - a question is made by the core ([`question_at`]), never by the room.

use crate::protocol::{
    self, Bar, QuestionOut, Refusal, ResultRow, RosterEntry, RoundBars, ServerMessage, ShowState,
    CLOSE_NORMAL,
};
use bitqueens::algorithms::Kind;
use bitqueens::session::predict::{self, Answer, Question, Topic};
use bitqueens::session::Session;
use bitqueens::stepping::Stepping;
use bytes::Bytes;
use std::collections::{BTreeMap, HashMap};

/// A connection, numbered by the network layer.
pub type ConnId = u64;

/// The furthest step a question may be asked at: seeking further would hold the server.
pub const MAX_ASK_STEP: u64 = 100_000_000;

/// What the network layer does for the room.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Effect {
    /// Send this text (one JSON message) to that connection.
    Send { to: ConnId, text: Bytes },
    /// A state that connection needs only the latest of (the roster, the tally): it may
    /// replace one of the same slot not sent yet, and may overtake messages sent before.
    Update { to: ConnId, slot: Slot, text: Bytes },
    /// One answer's row (`answered`) for the teacher on that connection: the rows not sent
    /// yet go together as one message, a later row of the same `answer` replacing the
    /// earlier, so that a burst of answers never fills the queue and waits as at most one
    /// row per student and round. Like an update, it may overtake messages sent before (of
    /// two rows for one answer, the page keeps the later).
    Append {
        to: ConnId,
        answer: AnswerKey,
        row: Bytes,
    },
    /// Close that connection (after what was sent before) with this code and reason.
    Close {
        to: ConnId,
        code: u16,
        reason: String,
    },
}

/// Which answer a row is: (question id, round, the student's number in the room).
pub type AnswerKey = (u64, u32, u32);

/// The kinds of [`Effect::Update`]: each connection keeps at most one of each waiting.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Slot {
    /// The teacher's `roster`.
    Roster = 0,
    /// The teacher's `tally`.
    Tally = 1,
}

#[derive(Debug)]
pub(crate) struct Student {
    pub(crate) token: String,
    pub(crate) name: String,
    pub(crate) conn: Option<ConnId>,
}

#[derive(Debug)]
pub(crate) struct Round {
    pub(crate) opened_ms: u64,
    pub(crate) revealed: bool,
    /// Each student's answer (by index in the room) and when it came.
    pub(crate) answers: BTreeMap<usize, (Answer, u64)>,
}

#[derive(Debug)]
pub(crate) struct Asked {
    pub(crate) id: u64,
    pub(crate) step: u64,
    pub(crate) question: Question,
    pub(crate) rounds: Vec<Round>,
}

#[derive(Debug)]
pub(crate) struct Room {
    pub(crate) code: String,
    pub(crate) secret: String,
    pub(crate) created_ms: u64,
    pub(crate) teacher: Option<ConnId>,
    /// When the teacher's connection went (None while connected, or before any).
    pub(crate) away_since: Option<u64>,
    pub(crate) show: ShowState,
    pub(crate) students: Vec<Student>,
    pub(crate) tokens: HashMap<String, usize>,
    pub(crate) asked: Vec<Asked>,
    /// True while the last question asked takes answers (not closed by a move or another).
    pub(crate) open: bool,
    pub(crate) next_id: u64,
}

/// Where and what to ask: read from a room under its lock, answered outside it (the seek may
/// take a while), then handed back to [`crate::hub::Hub::open_question`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AskPlan {
    pub(crate) code: String,
    /// The board and step the question is asked at.
    pub n: u32,
    /// Mirror mode.
    pub mirror: bool,
    /// The step.
    pub step: u64,
    /// The topic asked.
    pub topic: Topic,
    /// The turn: how many questions the room has asked (alternates `-poss` and `~poss`).
    pub turn: u32,
}

/// The question asked at `plan`, made by the core: Richards' stepper seeked to the step,
/// asked about just that topic. A sentence when there is none.
pub fn question_at(plan: &AskPlan) -> Result<Question, String> {
    if plan.step > MAX_ASK_STEP {
        return Err(format!(
            "Questions are asked up to step {MAX_ASK_STEP}: step {} is too far to reach.",
            plan.step
        ));
    }
    let mut session =
        Session::new(Kind::Richards, plan.n, plan.mirror).map_err(|e| e.to_string())?;
    // MAX_ASK_STEP < u32::MAX: one call reaches the step or the end.
    session.seek(plan.step, u32::MAX, 0);
    if session.algorithm().steps() != plan.step {
        return Err(format!(
            "The search ends at step {}: there is no step {} to ask about.",
            session.algorithm().steps(),
            plan.step
        ));
    }
    session.question(&[plan.topic], plan.turn).ok_or_else(|| {
        format!(
            "No “{}” question comes before step {}’s next step: step on, or ask another topic.",
            plan.topic.name(),
            plan.step
        )
    })
}

/// The effects of one input, built up: each message serialized once.
#[derive(Default)]
pub(crate) struct Out {
    pub(crate) effects: Vec<Effect>,
}

impl Out {
    pub(crate) fn send(&mut self, to: ConnId, message: &ServerMessage) {
        let text = protocol::encode(message);
        self.effects.push(Effect::Send { to, text });
    }

    /// `message` (a roster or a tally) as the latest of its slot.
    pub(crate) fn update(&mut self, to: ConnId, message: ServerMessage) {
        let slot = match message {
            ServerMessage::Tally { .. } => Slot::Tally,
            _ => Slot::Roster,
        };
        let text = protocol::encode(&message);
        self.effects.push(Effect::Update { to, slot, text });
    }

    /// `row` for the teacher on `to`, joined with the others not sent yet (`answered`).
    pub(crate) fn append(&mut self, to: ConnId, row: &ResultRow) {
        let answer = (row.question, row.round, row.student_id);
        let row = protocol::encode_row(row);
        self.effects.push(Effect::Append { to, answer, row });
    }

    pub(crate) fn send_all(
        &mut self,
        to: impl IntoIterator<Item = ConnId>,
        message: &ServerMessage,
    ) {
        let text = protocol::encode(message);
        for conn in to {
            self.effects.push(Effect::Send {
                to: conn,
                text: text.clone(),
            });
        }
    }

    pub(crate) fn refuse(&mut self, to: ConnId, refusal: Refusal) {
        self.send(
            to,
            &ServerMessage::Error {
                code: refusal.code,
                reason: refusal.reason.clone(),
                fatal: refusal.close.is_some(),
            },
        );
        if let Some(code) = refusal.close {
            self.effects.push(Effect::Close {
                to,
                code,
                reason: close_reason(&refusal.reason),
            });
        }
    }

    pub(crate) fn close(&mut self, to: ConnId, reason: &str) {
        self.effects.push(Effect::Close {
            to,
            code: CLOSE_NORMAL,
            reason: close_reason(reason),
        });
    }
}

/// A close frame's reason holds at most 123 bytes: a longer sentence is replaced by a
/// shorter one (the whole one went in the `error` before the close).
pub(crate) fn close_reason(reason: &str) -> String {
    if reason.len() <= 123 {
        reason.to_string()
    } else {
        "The class server refused a message: its error says why.".to_string()
    }
}

impl Room {
    pub(crate) fn student_conns(&self) -> impl Iterator<Item = ConnId> + '_ {
        self.students.iter().filter_map(|s| s.conn)
    }

    pub(crate) fn everyone(&self) -> impl Iterator<Item = ConnId> + '_ {
        self.teacher.into_iter().chain(self.student_conns())
    }

    pub(crate) fn joined(&self) -> u32 {
        self.student_conns().count() as u32
    }

    pub(crate) fn open_round(&self) -> Option<(&Asked, &Round)> {
        let asked = self.asked.last().filter(|_| self.open)?;
        Some((asked, asked.rounds.last()?))
    }

    pub(crate) fn question_out(&self) -> Option<QuestionOut> {
        let (asked, _) = self.open_round()?;
        Some(QuestionOut {
            id: asked.id,
            round: asked.rounds.len() as u32,
            question: protocol::PublicQuestion::of(&asked.question),
            form: protocol::form(&asked.question.answer),
        })
    }

    pub(crate) fn roster(&self) -> ServerMessage {
        ServerMessage::Roster {
            joined: self.joined(),
            students: self
                .students
                .iter()
                .enumerate()
                .map(|(i, s)| RosterEntry {
                    id: i as u32 + 1,
                    name: s.name.clone(),
                    connected: s.conn.is_some(),
                })
                .collect(),
            answered: self.open_round().map_or(0, |(_, r)| r.answers.len() as u32),
        }
    }

    pub(crate) fn tally(&self) -> Option<ServerMessage> {
        let (asked, round) = self.open_round()?;
        Some(ServerMessage::Tally {
            id: asked.id,
            round: asked.rounds.len() as u32,
            answered: round.answers.len() as u32,
            joined: self.joined(),
        })
    }

    pub(crate) fn histogram(&self) -> Option<ServerMessage> {
        let asked = self.asked.last()?;
        let rounds = asked
            .rounds
            .iter()
            .enumerate()
            .map(|(i, round)| {
                let mut counts: HashMap<Answer, u32> = HashMap::new();
                for (given, _) in round.answers.values() {
                    *counts.entry(*given).or_default() += 1;
                }
                let mut bars: Vec<Bar> = counts
                    .into_iter()
                    .map(|(given, count)| Bar {
                        given,
                        count,
                        right: given == asked.question.answer,
                        reason: predict::reason(&asked.question, &given),
                    })
                    .collect();
                bars.sort_by_key(|bar| (std::cmp::Reverse(bar.count), order_key(&bar.given)));
                // The right answer is always a bar: after the given ones, none when no one
                // gave it.
                if !bars.iter().any(|bar| bar.right) {
                    bars.push(Bar {
                        given: asked.question.answer,
                        count: 0,
                        right: true,
                        reason: None,
                    });
                }
                RoundBars {
                    round: i as u32 + 1,
                    answered: round.answers.len() as u32,
                    bars,
                }
            })
            .collect();
        Some(ServerMessage::Histogram {
            id: asked.id,
            question: asked.question,
            rounds,
        })
    }

    /// Every answer given in the room, question by question, round by round: the rows of
    /// the teacher's CSV.
    pub(crate) fn results(&self) -> ServerMessage {
        let mut rows = Vec::new();
        for asked in &self.asked {
            for (r, round) in asked.rounds.iter().enumerate() {
                for &student in round.answers.keys() {
                    rows.extend(self.row(asked, r, student));
                }
            }
        }
        ServerMessage::Results { rows }
    }

    /// Student `student`'s answer to round `r` (from 0) of `asked`, as a row of the CSV.
    pub(crate) fn row(&self, asked: &Asked, r: usize, student: usize) -> Option<ResultRow> {
        let round = asked.rounds.get(r)?;
        let &(given, at) = round.answers.get(&student)?;
        Some(ResultRow {
            round: r as u32 + 1,
            question: asked.id,
            topic: asked.question.topic,
            step: asked.step,
            student: self
                .students
                .get(student)
                .map(|s| s.name.clone())
                .unwrap_or_default(),
            student_id: student as u32 + 1,
            n: asked.question.n,
            given,
            right: given == asked.question.answer,
            seconds: at.saturating_sub(round.opened_ms) as f64 / 1000.0,
        })
    }

    /// Each student's result in the last round of the last question, to every student
    /// connected: whether they were right, or (with no answer given) the right answer.
    pub(crate) fn results_to_students(&self, out: &mut Out) {
        let Some(asked) = self.asked.last() else {
            return;
        };
        let Some(round) = asked.rounds.last() else {
            return;
        };
        for (student, seat) in self.students.iter().enumerate() {
            if let Some(conn) = seat.conn {
                out.send(conn, &result_message(asked, round, student));
            }
        }
    }

    /// Shows the answers of the open question's last round: its histogram to the teacher on
    /// `teacher`, each student's result to them. False when no question is open.
    pub(crate) fn reveal(&mut self, teacher: ConnId, out: &mut Out) -> bool {
        let open = self.open;
        let Some(round) = self
            .asked
            .last_mut()
            .filter(|_| open)
            .and_then(|a| a.rounds.last_mut())
        else {
            return false;
        };
        round.revealed = true;
        if let Some(histogram) = self.histogram() {
            out.send(teacher, &histogram);
        }
        self.results_to_students(out);
        true
    }

    /// Closes the open question, if any (the board moved on, or another is asked): its last
    /// round shown first when it was not (the step, or the next question, would show its
    /// answer anyway), then `closed` to everyone.
    pub(crate) fn close_open(&mut self, teacher: ConnId, out: &mut Out) {
        let Some((asked, round)) = self.open_round() else {
            return;
        };
        let (id, shown) = (asked.id, round.revealed);
        if !shown {
            self.reveal(teacher, out);
        }
        let closed = ServerMessage::Closed { id };
        out.send_all(self.everyone().collect::<Vec<_>>(), &closed);
        self.open = false;
    }
}

/// Student `student`'s `result` of `round`, the last of `asked`: their answer, or none.
pub(crate) fn result_message(asked: &Asked, round: &Round, student: usize) -> ServerMessage {
    let given = round.answers.get(&student).map(|(given, _)| *given);
    ServerMessage::Result {
        id: asked.id,
        round: asked.rounds.len() as u32,
        right: given == Some(asked.question.answer),
        given,
        answer: asked.question.answer,
        reason: given.and_then(|given| predict::reason(&asked.question, &given)),
    }
}

/// A fixed order among answers of the same count: by form, then by their masks.
pub(crate) fn order_key(answer: &Answer) -> (u8, u32, u32, u32) {
    match *answer {
        Answer::Digits { mask } => (0, mask, 0, 0),
        Answer::Rows { ld, col, rd } => (1, ld, col, rd),
        Answer::Outcome { outcome } => (2, outcome as u32, 0, 0),
    }
}

pub(crate) fn mask_fits(n: u32, answer: &Answer) -> bool {
    let done = bitqueens::board::full_mask(n).unwrap_or(u32::MAX);
    match *answer {
        Answer::Digits { mask } => mask & !done == 0,
        Answer::Rows { ld, col, rd } => (ld | col | rd) & !done == 0,
        Answer::Outcome { .. } => true,
    }
}

pub(crate) fn broadcast_show(room: &Room, out: &mut Out) {
    out.send_all(
        room.everyone().collect::<Vec<_>>(),
        &ServerMessage::Show(room.show.clone()),
    );
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::Value;

    /// A free-squares question on an empty 8×8 board, made by the core.
    fn free_squares() -> Question {
        question_at(&AskPlan {
            code: "ABCDEF".to_string(),
            n: 8,
            mirror: false,
            step: 0,
            topic: Topic::FreeSquares,
            turn: 0,
        })
        .unwrap()
    }

    /// A room with students on connections 10, 11, … (`None`: gone) and one open question
    /// whose one round has these answers (student index, mask).
    fn room_with(students: &[Option<ConnId>], answers: &[(usize, u32)]) -> Room {
        let question = free_squares();
        Room {
            code: "ABCDEF".to_string(),
            secret: "s".to_string(),
            created_ms: 0,
            teacher: Some(1),
            away_since: None,
            show: ShowState::default(),
            students: students
                .iter()
                .enumerate()
                .map(|(i, conn)| Student {
                    token: format!("t{i}"),
                    name: format!("Student {i}"),
                    conn: *conn,
                })
                .collect(),
            tokens: HashMap::new(),
            asked: vec![Asked {
                id: 1,
                step: 0,
                question,
                rounds: vec![Round {
                    opened_ms: 0,
                    revealed: false,
                    answers: answers
                        .iter()
                        .map(|&(student, mask)| (student, (Answer::Digits { mask }, 0)))
                        .collect(),
                }],
            }],
            open: true,
            next_id: 2,
        }
    }

    fn json(text: &Bytes) -> Value {
        serde_json::from_slice(text).unwrap()
    }

    #[test]
    fn the_histogram_is_most_frequent_first_the_right_one_marked_by_the_core() {
        let right = free_squares().answer;
        let Answer::Digits { mask: all } = right else {
            panic!("a digits question: {right:?}")
        };
        // 0 and 1 once each (a tie: the smaller mask first), the right one twice.
        let room = room_with(&[Some(10); 4], &[(0, 1), (1, all), (2, 0), (3, all)]);
        let Some(ServerMessage::Histogram { rounds, .. }) = room.histogram() else {
            panic!("a histogram")
        };
        let bars: Vec<(Answer, u32, bool, bool)> = rounds[0]
            .bars
            .iter()
            .map(|b| (b.given, b.count, b.right, b.reason.is_some()))
            .collect();
        assert_eq!(
            bars,
            [
                (right, 2, true, false),
                (Answer::Digits { mask: 0 }, 1, false, true),
                (Answer::Digits { mask: 1 }, 1, false, true),
            ]
        );
        assert_eq!(rounds[0].answered, 4);
    }

    #[test]
    fn the_right_answer_is_a_bar_of_0_when_no_one_gave_it() {
        let right = free_squares().answer;
        // Two wrong answers, none right; and a round with no answer at all.
        let mut room = room_with(&[Some(10); 3], &[(0, 0), (1, 0), (2, 1)]);
        room.asked[0].rounds.push(Round {
            opened_ms: 0,
            revealed: false,
            answers: BTreeMap::new(),
        });
        let Some(ServerMessage::Histogram { rounds, .. }) = room.histogram() else {
            panic!("a histogram")
        };
        let bars = &rounds[0].bars;
        assert_eq!(
            bars.iter().map(|b| (b.given, b.count)).collect::<Vec<_>>(),
            [
                (Answer::Digits { mask: 0 }, 2),
                (Answer::Digits { mask: 1 }, 1),
                (right, 0)
            ],
            "most frequent first, the right one last"
        );
        assert_eq!(
            bars[2],
            Bar {
                given: right,
                count: 0,
                right: true,
                reason: None
            }
        );
        assert_eq!(
            rounds[1].bars,
            [Bar {
                given: right,
                count: 0,
                right: true,
                reason: None
            }]
        );
        let text = json(&protocol::encode(&room.histogram().unwrap()));
        assert_eq!(text["rounds"][0]["bars"][2]["reason"], Value::Null);
    }

    #[test]
    fn a_result_carries_the_cores_reason_for_a_wrong_answer_only() {
        let room = room_with(&[Some(10), Some(11)], &[(0, 0), (1, 0xFF)]);
        let mut out = Out::default();
        room.results_to_students(&mut out);
        let results: Vec<Value> = out
            .effects
            .iter()
            .map(|e| match e {
                Effect::Send { text, .. } => json(text),
                other => panic!("only sends: {other:?}"),
            })
            .collect();
        let question = &room.asked[0].question;
        let wrong = predict::reason(question, &Answer::Digits { mask: 0 }).unwrap();
        assert_eq!(results[0]["right"], false);
        assert_eq!(results[0]["reason"], wrong.as_str());
        assert_eq!(results[1]["right"], true);
        assert!(
            results[1].get("reason").is_some_and(Value::is_null),
            "null when right: {}",
            results[1]
        );
    }

    #[test]
    fn the_roster_and_tally_count_the_connected_and_the_answers_never_what() {
        let room = room_with(&[Some(10), None, Some(12)], &[(0, 3), (1, 3)]);
        let roster = json(&protocol::encode(&room.roster()));
        assert_eq!(
            (roster["joined"].as_u64(), roster["answered"].as_u64()),
            (Some(2), Some(2))
        );
        assert_eq!(roster["students"][1]["connected"], false);
        let tally = json(&protocol::encode(&room.tally().unwrap()));
        assert_eq!(
            (tally["answered"].as_u64(), tally["joined"].as_u64()),
            (Some(2), Some(2))
        );
        assert!(tally.get("given").is_none() && roster.get("given").is_none());
        assert_eq!(room.everyone().collect::<Vec<_>>(), [1, 10, 12]);
    }

    #[test]
    fn each_result_goes_to_its_own_student_only() {
        let room = room_with(
            &[Some(10), Some(11), None, Some(13)],
            &[(0, 0), (1, 0xFF), (2, 0)],
        );
        let mut out = Out::default();
        room.results_to_students(&mut out);
        let sent: Vec<(ConnId, Option<u64>)> = out
            .effects
            .iter()
            .map(|e| match e {
                Effect::Send { to, text } => (*to, json(text)["given"]["mask"].as_u64()),
                other => panic!("only sends: {other:?}"),
            })
            .collect();
        // Student 2 answered but is gone; student 3 is here but did not answer: told the
        // right answer, with no answer of theirs.
        assert_eq!(sent, [(10, Some(0)), (11, Some(0xFF)), (13, None)]);
    }

    #[test]
    fn masks_off_the_board_and_long_close_reasons_are_caught() {
        assert!(mask_fits(4, &Answer::Digits { mask: 0b1111 }));
        assert!(!mask_fits(4, &Answer::Digits { mask: 0b1_0000 }));
        assert!(!mask_fits(
            4,
            &Answer::Rows {
                ld: 0,
                col: 0,
                rd: 1 << 4
            }
        ));
        assert_eq!(close_reason("Short."), "Short.");
        let long = "x".repeat(124);
        assert!(close_reason(&long).len() <= 123);
    }

    #[test]
    fn a_question_past_the_furthest_step_or_the_search_is_a_sentence() {
        let plan = |n, step| AskPlan {
            code: "ABCDEF".to_string(),
            n,
            mirror: false,
            step,
            topic: Topic::FreeSquares,
            turn: 0,
        };
        assert!(question_at(&plan(8, MAX_ASK_STEP + 1))
            .unwrap_err()
            .contains("too far"));
        assert!(question_at(&plan(4, 1_000_000))
            .unwrap_err()
            .contains("The search ends at step"));
    }
}
