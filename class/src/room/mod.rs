//! One room of the live class, without sockets: its teacher and students, the questions
//! asked and their rounds, and every input that changes them, each answered with the
//! [`Effect`]s that carry it to the connections ([`Out`]). What the room shows is read from
//! its state in `shown.rs`; its questions are made by the core (`question.rs`). The registry
//! of every room, and who sits where, is [`crate::hub`].
//!
//! Invariants:
//! - a student's seat is their index in `students` for the room's life, and `tokens` maps
//!   each seat's token to it;
//! - at most the last question asked is open, and only its last round takes answers, until
//!   that round is shown (revealed);
//! - an open round is shown before it is closed: the board's next step, or another question,
//!   would give its answer away anyway;
//! - a student's answers are never sent to another student, nor any student's name (the
//!   roster, the tally, the histogram and the rows go to the teacher only);
//! - a question is made by the core ([`question_at`]), never by the room.

mod out;
mod question;
mod shown;

pub(crate) use out::Out;
pub use out::{AnswerKey, ConnId, Effect, Slot};
pub use question::{question_at, AskPlan, MAX_ASK_STEP};

use crate::identity;
use crate::protocol::{Refusal, ServerMessage, ShowState};
use bitqueens::session::predict::{Answer, Question, Topic};
use shown::result_message;
use std::collections::{BTreeMap, HashMap};

#[derive(Debug)]
struct Student {
    token: String,
    name: String,
    conn: Option<ConnId>,
    /// When their connection went (None while connected).
    left_ms: Option<u64>,
    /// Removed by the teacher: the seat stays (its answers are the class's), its token
    /// opens nothing, and it counts for nothing.
    removed: bool,
    /// The network its page came from last (None when not known).
    network: Option<Network>,
    /// Taken by a page on another network while its own was connected (see [`Room::reseat_student`]).
    taken_over: bool,
}

/// Where a connection comes from, as far as a takeover is concerned, as the server numbers it
/// (an IPv4 address or an IPv6 address's /64, as 128 bits: see the server's `network`). Two
/// connections from one network have the same number.
pub type Network = u128;

#[derive(Debug)]
struct Round {
    opened_ms: u64,
    revealed: bool,
    /// Each student's answer (by seat) and when it came.
    answers: BTreeMap<usize, (Answer, u64)>,
}

impl Round {
    fn new(opened_ms: u64) -> Round {
        Round {
            opened_ms,
            revealed: false,
            answers: BTreeMap::new(),
        }
    }
}

#[derive(Debug)]
struct Asked {
    id: u64,
    step: u64,
    question: Question,
    rounds: Vec<Round>,
}

/// One class: see the module's invariants.
#[derive(Debug)]
pub(crate) struct Room {
    code: String,
    secret: String,
    created_ms: u64,
    teacher: Option<ConnId>,
    /// When the teacher's connection went (None while connected, or before any).
    away_since: Option<u64>,
    show: ShowState,
    students: Vec<Student>,
    tokens: HashMap<String, usize>,
    asked: Vec<Asked>,
    /// True while the last question asked takes answers (not closed by a move or another).
    open: bool,
    next_id: u64,
    /// True while the room takes no new student.
    locked: bool,
}

impl Room {
    /// A room under `code` and `secret`, opened at `now_ms` by the teacher on `teacher`.
    pub(crate) fn new(code: String, secret: String, now_ms: u64, teacher: ConnId) -> Room {
        Room {
            code,
            secret,
            created_ms: now_ms,
            teacher: Some(teacher),
            away_since: None,
            show: ShowState::default(),
            students: Vec::new(),
            tokens: HashMap::new(),
            asked: Vec::new(),
            open: false,
            next_id: 0,
            locked: false,
        }
    }

    /// The join code.
    pub(crate) fn code(&self) -> &str {
        &self.code
    }

    /// The room's secret, as its teacher's page keeps it.
    #[cfg(test)]
    pub(crate) fn secret(&self) -> &str {
        &self.secret
    }

    /// True when `secret` is the room's (compared in constant time).
    pub(crate) fn has_secret(&self, secret: &str) -> bool {
        identity::same_secret(secret, &self.secret)
    }

    /// The seat whose token is `token` (compared in constant time), if any.
    pub(crate) fn seat_of(&self, token: &str) -> Option<usize> {
        self.tokens
            .iter()
            .find(|(kept, _)| identity::same_secret(kept, token))
            .map(|(_, &seat)| seat)
    }

    /// The seats that count towards the room's cap at `now_ms`: those not removed whose
    /// student is connected, or left within `kept_ms` (a phone back from a wifi cut finds
    /// its seat in any case: a rejoin with its token is never refused for the cap).
    pub(crate) fn seats_present(&self, now_ms: u64, kept_ms: u64) -> usize {
        self.students
            .iter()
            .filter(|s| !s.removed)
            .filter(|s| {
                s.left_ms
                    .is_none_or(|left| now_ms.saturating_sub(left) < kept_ms)
            })
            .count()
    }

    /// True while the room takes no new student.
    pub(crate) fn is_locked(&self) -> bool {
        self.locked
    }

    /// True when the teacher removed the student of `seat`.
    pub(crate) fn is_removed(&self, seat: usize) -> bool {
        self.students.get(seat).is_some_and(|s| s.removed)
    }

    fn student_conns(&self) -> impl Iterator<Item = ConnId> + '_ {
        self.students.iter().filter_map(|s| s.conn)
    }

    fn everyone(&self) -> impl Iterator<Item = ConnId> + '_ {
        self.teacher.into_iter().chain(self.student_conns())
    }

    fn joined(&self) -> u32 {
        self.student_conns().count() as u32
    }

    fn open_round(&self) -> Option<(&Asked, &Round)> {
        let asked = self.asked.last().filter(|_| self.open)?;
        Some((asked, asked.rounds.last()?))
    }

    /// The teacher on `conn` takes the teacher's seat (again): the connection it held before
    /// is refused (fatal: that tab stops instead of taking the seat back), the students told
    /// the teacher is back, the teacher greeted. The connection replaced, if any.
    pub(crate) fn seat_teacher(&mut self, conn: ConnId, out: &mut Out) -> Option<ConnId> {
        let old = self.teacher.replace(conn);
        if let Some(old) = old {
            out.refuse(
                old,
                Refusal::fatal("replaced", "The class was opened again in another tab."),
            );
        }
        if self.away_since.take().is_some() {
            out.send_all(
                self.student_conns().collect::<Vec<_>>(),
                &ServerMessage::TeacherBack,
            );
        }
        self.greet_teacher(conn, out);
        old
    }

    /// `opened`, every answer so far (`results`), the roster, and where the open question
    /// stands, to the teacher on `conn`.
    pub(crate) fn greet_teacher(&self, conn: ConnId, out: &mut Out) {
        out.send(
            conn,
            &ServerMessage::Opened {
                code: self.code.clone(),
                secret: self.secret.clone(),
                join_path: format!("/c/{}", self.code),
                show: self.show.clone(),
                question: self.question_out(),
            },
        );
        // Every answer so far: the answers taken while the teacher was away, and the whole
        // of them for a page that was reloaded.
        out.send(conn, &self.results());
        out.update(conn, self.roster());
        if let Some(tally) = self.tally() {
            out.update(conn, tally);
        }
        let revealed = self
            .asked
            .last()
            .and_then(|a| a.rounds.last())
            .is_some_and(|r| r.revealed);
        if revealed {
            if let Some(histogram) = self.histogram() {
                out.send(conn, &histogram);
            }
        }
    }

    /// A new student on `conn`, seated under `token` and `name` at `now_ms`: their seat. A
    /// room holds at most `most_seats`: past them, the seat of a student gone for
    /// `kept_ms` or more who gave no answer is taken over (their token opens it no more),
    /// so that strangers who joined and left cannot keep the class out for good. None when
    /// no seat is free.
    pub(crate) fn seat_student(
        &mut self,
        (token, name): (String, String),
        (conn, network): (ConnId, Option<Network>),
        (now_ms, kept_ms): (u64, u64),
        most_seats: usize,
    ) -> Option<usize> {
        let student = Student {
            token: token.clone(),
            name,
            conn: Some(conn),
            left_ms: None,
            removed: false,
            network,
            taken_over: false,
        };
        let seat = if self.students.len() < most_seats {
            self.students.push(student);
            self.students.len() - 1
        } else {
            let answered = |seat: usize| {
                self.asked
                    .iter()
                    .any(|a| a.rounds.iter().any(|r| r.answers.contains_key(&seat)))
            };
            let free = (0..self.students.len()).find(|&seat| {
                let s = &self.students[seat];
                !s.removed
                    && s.left_ms
                        .is_some_and(|left| now_ms.saturating_sub(left) >= kept_ms)
                    && !answered(seat)
            })?;
            let gone = std::mem::replace(&mut self.students[free], student);
            self.tokens.remove(&gone.token);
            free
        };
        self.tokens.insert(token, seat);
        Some(seat)
    }

    /// The student of `seat` back on `conn` from `network`, under the seat's name (a name is
    /// changed by `rename` only: a token that leaked cannot rename a seat in passing): the
    /// connection it held before is refused (fatal) and returned. When that connection was
    /// from another network (both known), the seat is marked taken over, for the teacher.
    pub(crate) fn reseat_student(
        &mut self,
        seat: usize,
        (conn, network): (ConnId, Option<Network>),
        out: &mut Out,
    ) -> Option<ConnId> {
        let student = self.students.get_mut(seat)?;
        student.left_ms = None;
        let old = student.conn.replace(conn);
        let elsewhere = matches!((student.network, network), (Some(a), Some(b)) if a != b);
        student.network = network.or(student.network);
        if let Some(old) = old {
            let reason = if elsewhere {
                student.taken_over = true;
                "A page on another network joined the class with your seat: tell your teacher."
            } else {
                "You joined the class again in another tab."
            };
            out.refuse(old, Refusal::fatal("replaced", reason));
        }
        old
    }

    /// The student of `seat`, just seated on `conn`: `joined` (with their answer to the open
    /// round, if any), their result when that round is shown, whether the teacher is away
    /// (who waits `teacher_wait_minutes`); and the teacher's roster.
    pub(crate) fn welcome(
        &self,
        seat: usize,
        conn: ConnId,
        teacher_wait_minutes: u64,
        out: &mut Out,
    ) {
        let Some(me) = self.students.get(seat) else {
            return;
        };
        let open = self.open_round();
        out.send(
            conn,
            &ServerMessage::Joined {
                token: me.token.clone(),
                name: me.name.clone(),
                code: self.code.clone(),
                show: self.show.clone(),
                question: self.question_out(),
                answer: open
                    .and_then(|(_, round)| round.answers.get(&seat).map(|(given, _)| *given)),
            },
        );
        if let Some((asked, round)) = open.filter(|(_, round)| round.revealed) {
            out.send(conn, &result_message(asked, round, seat));
        }
        if self.teacher.is_none() && self.away_since.is_some() {
            out.send(
                conn,
                &ServerMessage::TeacherAway {
                    minutes: teacher_wait_minutes,
                },
            );
        }
        self.update_teacher(out);
    }

    /// The student of `seat` is now called `name` (already cleaned).
    pub(crate) fn rename(&mut self, seat: usize, name: String, out: &mut Out) {
        if let Some(student) = self.students.get_mut(seat) {
            student.name = name;
        }
        self.update_teacher(out);
    }

    /// The answer `given` of the student of `seat` to round `round` of question `id`, taken
    /// at `now_ms` (a later one replaces theirs): acknowledged to them, its row and the
    /// tally to the teacher. Refused when that round is not the one open, the answer does
    /// not fit the question, or the round is already shown.
    pub(crate) fn answer(
        &mut self,
        seat: usize,
        (id, round): (u64, u32),
        given: Answer,
        now_ms: u64,
        out: &mut Out,
    ) -> Result<(), Refusal> {
        let open = self.open;
        let Some(asked) = self.asked.last_mut().filter(|a| open && a.id == id) else {
            return Err(Refusal::soft(
                "closed",
                "That question is closed: answer the one on the screen.",
            ));
        };
        let rounds = asked.rounds.len() as u32;
        if round != rounds {
            return Err(Refusal::soft(
                "round",
                format!("That round is over: this is round {rounds}."),
            ));
        }
        if !question::fits(&asked.question, &given) {
            return Err(Refusal::soft(
                "answer",
                format!(
                    "This question takes an answer of the form “{}”, on a board of {} columns.",
                    crate::protocol::form(&asked.question.answer),
                    asked.question.shown.n
                ),
            ));
        }
        let Some(last) = asked.rounds.last_mut() else {
            return Err(gone());
        };
        if last.revealed {
            return Err(Refusal::soft(
                "revealed",
                "The answers are already shown: wait for the next round.",
            ));
        }
        last.answers.insert(seat, (given, now_ms));
        if let Some(conn) = self.students.get(seat).and_then(|s| s.conn) {
            out.send(conn, &ServerMessage::Received { id, round });
        }
        if let (Some(teacher), Some(asked)) = (self.teacher, self.asked.last()) {
            if let Some(row) = self.row(asked, asked.rounds.len() - 1, seat) {
                out.append(teacher, &row);
            }
        }
        self.update_teacher_tally(out);
        Ok(())
    }

    fn update_teacher_tally(&self, out: &mut Out) {
        if let (Some(teacher), Some(tally)) = (self.teacher, self.tally()) {
            out.update(teacher, tally);
        }
    }

    /// What to ask about `topic` where the board stands, or the refusal: a room asks at most
    /// `max_questions`.
    pub(crate) fn plan(&self, topic: &str, max_questions: usize) -> Result<AskPlan, Refusal> {
        let topic = Topic::from_slug(topic).map_err(|e| Refusal::soft("topic", e.to_string()))?;
        if self.asked.len() >= max_questions {
            return Err(Refusal::soft(
                "questions",
                format!(
                    "A class asks at most {max_questions} questions: download the results and start a new class."
                ),
            ));
        }
        Ok(AskPlan {
            n: self.show.n,
            mirror: self.show.mirror,
            step: self.show.step,
            topic,
            turn: self.asked.len() as u32,
            code: self.code.clone(),
        })
    }

    /// `made` (the core's question for `plan`) opened as round 1 of a new question at
    /// `now_ms`, the question open before shown and closed first; refused when the board
    /// moved since `plan`, or the core made none.
    pub(crate) fn ask(
        &mut self,
        plan: &AskPlan,
        made: Result<Question, String>,
        now_ms: u64,
        out: &mut Out,
    ) -> Result<(), Refusal> {
        if (self.show.n, self.show.mirror, self.show.step) != (plan.n, plan.mirror, plan.step) {
            return Err(Refusal::soft(
                "moved",
                "The board moved while the question was made: ask again.",
            ));
        }
        let question = made.map_err(|reason| Refusal::soft("no-question", reason))?;
        self.close_open(out);
        self.next_id += 1;
        self.asked.push(Asked {
            id: self.next_id,
            step: plan.step,
            question,
            rounds: vec![Round::new(now_ms)],
        });
        self.open = true;
        self.send_question(out);
        Ok(())
    }

    /// The open round's question to everyone, its tally to the teacher.
    fn send_question(&self, out: &mut Out) {
        if let Some(question) = self.question_out() {
            out.send_all(
                self.everyone().collect::<Vec<_>>(),
                &ServerMessage::Question(question),
            );
        }
        self.update_teacher_tally(out);
    }

    /// Round 2 of the open question, from `now_ms`; refused with none open, or after two.
    pub(crate) fn vote_again(&mut self, now_ms: u64, out: &mut Out) -> Result<(), Refusal> {
        let open = self.open;
        let asked =
            self.asked.last_mut().filter(|_| open).ok_or_else(|| {
                Refusal::soft("no-question", "No question is open: ask one first.")
            })?;
        if asked.rounds.len() >= 2 {
            return Err(Refusal::soft(
                "rounds",
                "A question has two rounds at most: ask a new one.",
            ));
        }
        asked.rounds.push(Round::new(now_ms));
        self.send_question(out);
        Ok(())
    }

    /// Every board to `n`, `mirror`, `step` (and the lesson at its stop): a move closes the
    /// open question (shown first).
    pub(crate) fn show_at(
        &mut self,
        (n, mirror, step): (u32, bool, u64),
        (lesson, stop): (Option<String>, Option<u32>),
        out: &mut Out,
    ) {
        if (self.show.n, self.show.mirror, self.show.step) != (n, mirror, step) {
            self.close_open(out);
        }
        self.show = ShowState {
            n,
            mirror,
            step,
            lesson,
            stop,
            ..self.show.clone()
        };
        self.broadcast_show(out);
    }

    /// The students' controls unlocked (`on`) or following again.
    pub(crate) fn set_explore(&mut self, on: bool, out: &mut Out) {
        self.show.explore = on;
        self.broadcast_show(out);
    }

    /// Every screen frozen (`on`) or not.
    pub(crate) fn set_paused(&mut self, on: bool, out: &mut Out) {
        self.show.paused = on;
        self.broadcast_show(out);
    }

    fn broadcast_show(&self, out: &mut Out) {
        out.send_all(
            self.everyone().collect::<Vec<_>>(),
            &ServerMessage::Show(self.show.clone()),
        );
    }

    /// Shows the answers of the open question's last round: its histogram to the teacher,
    /// each student's result to them. False when no question is open.
    pub(crate) fn reveal(&mut self, out: &mut Out) -> bool {
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
        if let (Some(teacher), Some(histogram)) = (self.teacher, self.histogram()) {
            out.send(teacher, &histogram);
        }
        self.results_to_students(out);
        true
    }

    /// Closes the open question, if any (the board moved on, or another is asked): its last
    /// round shown first when it was not, then `closed` to everyone.
    fn close_open(&mut self, out: &mut Out) {
        let Some((asked, round)) = self.open_round() else {
            return;
        };
        let (id, shown) = (asked.id, round.revealed);
        if !shown {
            self.reveal(out);
        }
        out.send_all(
            self.everyone().collect::<Vec<_>>(),
            &ServerMessage::Closed { id },
        );
        self.open = false;
    }

    /// The teacher's connection `conn` went at `now_ms`: the students are told the room
    /// waits `teacher_wait_minutes` (nothing when `conn` was no longer the teacher's).
    pub(crate) fn teacher_left(
        &mut self,
        conn: ConnId,
        now_ms: u64,
        teacher_wait_minutes: u64,
        out: &mut Out,
    ) {
        if self.teacher != Some(conn) {
            return;
        }
        self.teacher = None;
        self.away_since = Some(now_ms);
        out.send_all(
            self.student_conns().collect::<Vec<_>>(),
            &ServerMessage::TeacherAway {
                minutes: teacher_wait_minutes,
            },
        );
    }

    /// The student of `seat` lost their connection `conn` (nothing when they are already
    /// back on another): they keep their seat and answers, to come back with their token.
    pub(crate) fn student_left(&mut self, seat: usize, conn: ConnId, now_ms: u64, out: &mut Out) {
        let Some(student) = self.students.get_mut(seat).filter(|s| s.conn == Some(conn)) else {
            return;
        };
        student.conn = None;
        student.left_ms = Some(now_ms);
        self.update_teacher(out);
    }

    /// The teacher removes the student numbered `id` in the roster: their connection is
    /// refused (fatal, returned to be unseated), their token opens nothing any more, they
    /// leave the roster; their answers stay in the results. Refused for an id the roster
    /// does not list.
    pub(crate) fn remove(&mut self, id: u32, out: &mut Out) -> Result<Option<ConnId>, Refusal> {
        let seat = (id as usize).wrapping_sub(1);
        let Some(student) = self.students.get_mut(seat).filter(|s| !s.removed) else {
            return Err(Refusal::soft(
                "student",
                format!("No student {id} is in the class."),
            ));
        };
        student.removed = true;
        let conn = student.conn.take();
        if let Some(conn) = conn {
            out.refuse(conn, removed());
        }
        self.update_teacher(out);
        Ok(conn)
    }

    /// The room takes no new student (`on`), or does again.
    pub(crate) fn set_locked(&mut self, on: bool, out: &mut Out) {
        self.locked = on;
        self.update_teacher(out);
    }

    /// Why the room ends at `now_ms`, if it does: its teacher away for `teacher_wait_ms`, or
    /// open for `life_ms`.
    pub(crate) fn over(&self, now_ms: u64, teacher_wait_ms: u64, life_ms: u64) -> Option<String> {
        if self
            .away_since
            .is_some_and(|t| now_ms.saturating_sub(t) >= teacher_wait_ms)
        {
            return Some(format!(
                "The teacher did not come back within {} minutes: the class has ended.",
                teacher_wait_ms / 60_000
            ));
        }
        (now_ms.saturating_sub(self.created_ms) >= life_ms).then(|| {
            format!(
                "A class lasts {} hours at most: this one has ended.",
                life_ms / 3_600_000
            )
        })
    }

    /// Ends the room: everyone told why (`ended`) and closed. The connections closed.
    pub(crate) fn end(self, reason: &str, out: &mut Out) -> Vec<ConnId> {
        let everyone: Vec<ConnId> = self.everyone().collect();
        out.send_all(
            everyone.iter().copied(),
            &ServerMessage::Ended {
                reason: reason.to_string(),
            },
        );
        for &conn in &everyone {
            out.close(conn, reason);
        }
        everyone
    }
}

/// What a student the teacher removed is told (fatal), and told again if they come back.
pub(crate) fn removed() -> Refusal {
    Refusal::fatal("removed", "The teacher removed you from this class.")
}

/// What a connection whose room is gone is told (fatal).
pub(crate) fn gone() -> Refusal {
    Refusal::fatal("room", "This class has ended.")
}

#[cfg(test)]
mod tests {
    use super::out::close_reason;
    use super::question::mask_fits;
    use super::*;
    use crate::protocol::{self, Bar};
    use bitqueens::session::predict;
    use bytes::Bytes;
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
                    left_ms: conn.is_none().then_some(0),
                    removed: false,
                    network: None,
                    taken_over: false,
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
            locked: false,
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
