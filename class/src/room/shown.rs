//! What a room shows, read from its state: the open question as every page gets it, the
//! teacher's roster, tally, histogram and result rows, and each student's own result.
//!
//! Invariant: a student's answer, name or result is never in a message another student
//! gets: [`Room::roster`], [`Room::tally`], [`Room::histogram`] and [`Room::results`] are the
//! teacher's; [`result_message`] is its student's alone.

use super::question::order_key;
use super::{Asked, Out, Room, Round};
use crate::protocol::{self, Bar, QuestionOut, ResultRow, RosterEntry, RoundBars, ServerMessage};
use bitqueens::session::predict::{self, Answer};
use std::collections::HashMap;

impl Room {
    /// The open question as every page gets it (its answer left out), or None.
    pub(crate) fn question_out(&self) -> Option<QuestionOut> {
        let (asked, _) = self.open_round()?;
        Some(QuestionOut {
            id: asked.id,
            round: asked.rounds.len() as u32,
            question: asked.question.shown,
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
                .filter(|(_, s)| !s.removed)
                .map(|(i, s)| RosterEntry {
                    id: i as u32 + 1,
                    name: s.name.clone(),
                    connected: s.conn.is_some(),
                    taken_over: s.taken_over,
                    mark: crate::lookalike::name_mark(&s.name),
                })
                .collect(),
            answered: self.open_round().map_or(0, |(_, r)| r.answers.len() as u32),
            locked: self.locked,
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

    /// The teacher's roster and, while a question is open, its tally: after anyone joins,
    /// leaves, renames or answers.
    pub(crate) fn update_teacher(&self, out: &mut Out) {
        let Some(teacher) = self.teacher else { return };
        out.update(teacher, self.roster());
        if let Some(tally) = self.tally() {
            out.update(teacher, tally);
        }
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
    pub(super) fn row(&self, asked: &Asked, r: usize, student: usize) -> Option<ResultRow> {
        let round = asked.rounds.get(r)?;
        let &(given, at) = round.answers.get(&student)?;
        Some(ResultRow {
            round: r as u32 + 1,
            question: asked.id,
            topic: asked.question.shown.topic,
            step: asked.step,
            student: self
                .students
                .get(student)
                .map(|s| s.name.clone())
                .unwrap_or_default(),
            student_id: student as u32 + 1,
            n: asked.question.shown.n,
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
}

/// Student `student`'s `result` of `round`, the last of `asked`: their answer, or none.
pub(super) fn result_message(asked: &Asked, round: &Round, student: usize) -> ServerMessage {
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
