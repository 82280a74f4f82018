//! The live class without sockets: every room of a server, who sits where, rejoining and
//! expiry. Each input (a connection's message, its end, the clock's tick) is routed to its
//! room ([`crate::room`], which does the room's work) and answered with [`Effect`]s that the
//! network layer carries out. Time is passed in (milliseconds from any fixed origin) and
//! randomness is injected, so all of it is tested here without a network.
//!
//! Invariants:
//! - a connection has at most one seat: the teacher of one room, or one student of one room;
//! - a room has at most one teacher connection and each student at most one connection;
//! - the code of a room that ended is remembered for [`ENDED_KEPT_MS`] (at most
//!   [`ENDED_KEPT`] codes, the oldest forgotten first): a `join`, `resumeTeaching` or reopening
//!   `teach` on it is refused with `ended`, and no new room is given it meanwhile;
//! - nothing here panics on any message, in any order.

use crate::identity::{self, Random};
use crate::protocol::{ClientMessage, Refusal};
use crate::room::{gone, question_at, removed, AskPlan, ConnId, Effect, Network, Out, Room};
use bitqueens::session::predict::Question;
use std::collections::{HashMap, VecDeque};

/// How long the code of a room that ended is remembered, in ms: a page that was offline when
/// its class ended, and comes back within it, is told the class has ended.
pub const ENDED_KEPT_MS: u64 = 60 * 60 * 1000;

/// Codes of rooms that ended remembered at most (the oldest forgotten first).
pub const ENDED_KEPT: usize = 1000;

/// The caps and the waits of a server.
#[derive(Clone, Debug)]
pub struct Limits {
    /// Rooms open at once.
    pub max_rooms: usize,
    /// Students in one room, counting those connected or gone for less than
    /// `seat_kept_ms` (a room keeps at most twice as many seats in all: the students who
    /// left keep their answers and their way back).
    pub max_students: usize,
    /// How long a student who left still counts towards `max_students`, in ms: strangers
    /// who join and leave cannot keep a class full.
    pub seat_kept_ms: u64,
    /// Questions asked in one room (the answers kept are bounded by it).
    pub max_questions: usize,
    /// How long a room waits for its teacher, in ms.
    pub teacher_wait_ms: u64,
    /// How long a room lives at most, in ms.
    pub room_life_ms: u64,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            max_rooms: 100,
            max_students: 500,
            seat_kept_ms: 60 * 1000,
            max_questions: 300,
            teacher_wait_ms: 10 * 60 * 1000,
            room_life_ms: 4 * 60 * 60 * 1000,
        }
    }
}

impl Limits {
    fn teacher_wait_minutes(&self) -> u64 {
        self.teacher_wait_ms / 60_000
    }
}

/// What an opening is as a guess at a secret (see [`Hub::guess`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Guess {
    /// Not a guess: it proves a secret, or is no opening.
    None,
    /// A join to a room that is open.
    Right,
    /// A code no open room has, or a wrong secret or key: what was guessed (the code as
    /// normalized, or the key, or the code and secret), so that the same guess again (a
    /// class's phones coming back to a class a restart took) is counted once.
    Wrong(String),
}

#[derive(Clone, Debug, PartialEq, Eq)]
enum Seat {
    Teacher { code: String },
    Student { code: String, student: usize },
}

/// Every room of a server, and who sits where.
pub struct Hub {
    key: String,
    limits: Limits,
    random: Box<dyn Random>,
    rooms: HashMap<String, Room>,
    seats: HashMap<ConnId, Seat>,
    /// The codes of rooms that ended, and when, oldest first (see [`ENDED_KEPT`]).
    ended: VecDeque<(String, u64)>,
    /// The network of each connection the server told of ([`Hub::connected`]), until it
    /// leaves.
    networks: HashMap<ConnId, Network>,
}

impl Hub {
    /// A server's rooms: none yet. `key` opens a room; `random` makes codes, secrets, names.
    pub fn new(key: String, limits: Limits, random: Box<dyn Random>) -> Hub {
        Hub {
            key,
            limits,
            random,
            rooms: HashMap::new(),
            seats: HashMap::new(),
            ended: VecDeque::new(),
            networks: HashMap::new(),
        }
    }

    /// `conn` comes from `network`: a student's seat taken from another network while its
    /// page is connected is marked for the teacher (see [`crate::room::Room`]'s reseating).
    pub fn connected(&mut self, conn: ConnId, network: Network) {
        self.networks.insert(conn, network);
    }

    /// Rooms open now.
    pub fn rooms(&self) -> usize {
        self.rooms.len()
    }

    /// True when a room under `code` ended within [`ENDED_KEPT_MS`] (and is remembered).
    fn has_ended(&self, code: &str) -> bool {
        self.ended.iter().any(|(ended, _)| ended == code)
    }

    /// True when `conn` has a seat (has opened a room, resumed it or joined).
    pub fn is_seated(&self, conn: ConnId) -> bool {
        self.seats.contains_key(&conn)
    }

    /// What `message` is as a guess. An opening that proves a secret of 128 bits or more (a
    /// `join` whose token is a seat of that room, a `resumeTeaching` with the room's secret,
    /// a `teach` with the teacher key) is no guess, and neither is any other message: the
    /// network layer does not count it (a class behind one address, all reconnecting after a
    /// wifi cut, would hit the limit; a teacher refused would be refused for good). A `join`
    /// to a room that is open is a right guess (a student typing the code on the projector);
    /// any other opening (a code no room has, a wrong secret or key) is a wrong one.
    pub fn guess(&self, message: &ClientMessage) -> Guess {
        let room =
            |code: &str| identity::normalize_code(code).and_then(|code| self.rooms.get(&code));
        let wrong_unless = |right: bool, guessed: String| {
            if right {
                Guess::None
            } else {
                Guess::Wrong(guessed)
            }
        };
        match message {
            ClientMessage::Teach { key, .. } => wrong_unless(
                identity::same_secret(key, &self.key),
                format!("key {}", clip(key)),
            ),
            ClientMessage::ResumeTeaching { code, secret, .. } => wrong_unless(
                room(code).is_some_and(|room| room.has_secret(secret)),
                format!("room {} {}", code_or_any(code), clip(secret)),
            ),
            ClientMessage::Join { code, token, .. } => {
                let normal = identity::normalize_code(code);
                match normal.as_ref().and_then(|code| self.rooms.get(code)) {
                    // A code that ended here lately is answered `ended`, whatever the limits:
                    // a class's phones that came back to it are told it is over.
                    None if normal.as_ref().is_some_and(|code| self.has_ended(code)) => Guess::None,
                    None => Guess::Wrong(format!("code {}", code_or_any(code))),
                    Some(room) if token.as_deref().and_then(|t| room.seat_of(t)).is_some() => {
                        Guess::None
                    }
                    Some(_) => Guess::Right,
                }
            }
            _ => Guess::None,
        }
    }

    /// A message that could not be parsed, from `conn`: the error and the close.
    pub fn refused(&mut self, conn: ConnId, refusal: Refusal) -> Vec<Effect> {
        let mut out = Out::default();
        out.refuse(conn, refusal);
        out.effects
    }

    /// `message` from `conn` at `now_ms`, handled whole (the question of an `ask` made here).
    pub fn handle(&mut self, conn: ConnId, message: ClientMessage, now_ms: u64) -> Vec<Effect> {
        if let ClientMessage::Ask { topic, .. } = &message {
            let topic = topic.clone();
            return match self.ask_plan(conn, &topic) {
                Ok(plan) => {
                    let made = question_at(&plan);
                    self.open_question(conn, &plan, made, now_ms)
                }
                Err(effects) => effects,
            };
        }
        let mut out = Out::default();
        if let Err(refusal) = self.dispatch(conn, message, now_ms, &mut out) {
            out.refuse(conn, refusal);
        }
        out.effects
    }

    /// The first half of `ask` from `conn`: what to ask where, or the refusal.
    pub fn ask_plan(&mut self, conn: ConnId, topic: &str) -> Result<AskPlan, Vec<Effect>> {
        let plan = self.teacher_room(conn, "ask").and_then(|code| {
            self.rooms
                .get(&code)
                .ok_or_else(gone)?
                .plan(topic, self.limits.max_questions)
        });
        plan.map_err(|refusal| self.refused(conn, refusal))
    }

    /// The second half of `ask`: `made` (from [`question_at`] on `plan`) opened as round 1 of
    /// a new question, unless the room moved on meanwhile (or `conn` no longer teaches it).
    pub fn open_question(
        &mut self,
        conn: ConnId,
        plan: &AskPlan,
        made: Result<Question, String>,
        now_ms: u64,
    ) -> Vec<Effect> {
        let mut out = Out::default();
        let still = self.seats.get(&conn)
            == Some(&Seat::Teacher {
                code: plan.code.clone(),
            });
        if let Some(room) = self.rooms.get_mut(&plan.code).filter(|_| still) {
            if let Err(refusal) = room.ask(plan, made, now_ms, &mut out) {
                out.refuse(conn, refusal);
            }
        }
        out.effects
    }

    /// The room `conn` teaches, or the refusal of `kind` (a teacher's message).
    fn teacher_room(&self, conn: ConnId, kind: &str) -> Result<String, Refusal> {
        match self.seats.get(&conn) {
            Some(Seat::Teacher { code }) => Ok(code.clone()),
            Some(Seat::Student { .. }) => Err(Refusal::fatal(
                "role",
                format!("Only the teacher sends “{kind}”: a student joins, answers and renames."),
            )),
            None => Err(first_message()),
        }
    }

    fn dispatch(
        &mut self,
        conn: ConnId,
        message: ClientMessage,
        now_ms: u64,
        out: &mut Out,
    ) -> Result<(), Refusal> {
        let seat = self.seats.get(&conn).cloned();
        match (&seat, message.is_opening()) {
            (None, false) => return Err(first_message()),
            (Some(_), true) => {
                return Err(Refusal::fatal(
                    "seated",
                    "This connection already has its seat: open another to join or teach again.",
                ))
            }
            _ => {}
        }
        if message.is_teachers() {
            let code = self.teacher_room(conn, message.kind())?;
            return self.teacher_message(&code, conn, message, now_ms, out);
        }
        match message {
            ClientMessage::Teach {
                key, code, secret, ..
            } => {
                let reopen = match (code, secret) {
                    (None, None) => None,
                    (Some(code), Some(secret)) => Some((code, secret)),
                    _ => {
                        return Err(Refusal::fatal(
                            "malformed",
                            "A class is reopened with both its code and its secret.",
                        ))
                    }
                };
                self.teach(conn, &key, reopen, now_ms, out)
            }
            ClientMessage::ResumeTeaching { code, secret, .. } => {
                self.resume(conn, &code, &secret, out)
            }
            ClientMessage::Join {
                code, token, name, ..
            } => self.join(
                conn,
                &code,
                (token.as_deref(), name.as_deref()),
                now_ms,
                out,
            ),
            ClientMessage::Answer {
                question,
                round,
                given,
                ..
            } => {
                let (code, student) = self.student_seat(&seat, "answer")?;
                let room = self.rooms.get_mut(&code).ok_or_else(gone)?;
                room.answer(student, (question, round), given, now_ms, out)
            }
            ClientMessage::Rename { name, .. } => {
                let (code, student) = self.student_seat(&seat, "rename")?;
                let name = identity::clean_name(&name).ok_or_else(|| {
                    Refusal::soft("name", "A name needs at least one letter or digit.")
                })?;
                let room = self.rooms.get_mut(&code).ok_or_else(gone)?;
                room.rename(student, name, out);
                Ok(())
            }
            _ => Ok(()),
        }
    }

    fn student_seat(&self, seat: &Option<Seat>, kind: &str) -> Result<(String, usize), Refusal> {
        match seat {
            Some(Seat::Student { code, student }) => Ok((code.clone(), *student)),
            _ => Err(Refusal::fatal(
                "role",
                format!("Only a student sends “{kind}”."),
            )),
        }
    }

    /// Opens a room: under a new code and secret, or under `reopen`'s (a class this server
    /// does not know, from before a restart: its teacher's page kept them).
    fn teach(
        &mut self,
        conn: ConnId,
        key: &str,
        reopen: Option<(String, String)>,
        now_ms: u64,
        out: &mut Out,
    ) -> Result<(), Refusal> {
        if !identity::same_secret(key, &self.key) {
            return Err(Refusal::fatal(
                "key",
                "This teacher key is not the server's: open the teacher link that bitqueens serve printed.",
            ));
        }
        if self.rooms.len() >= self.limits.max_rooms {
            return Err(Refusal::fatal(
                "rooms",
                format!(
                    "This server already holds {} classes, its most: end one, or start it with a higher --max-rooms.",
                    self.limits.max_rooms
                ),
            ));
        }
        let (code, secret) = match reopen {
            Some((code, secret)) => {
                let code = identity::normalize_code(&code)
                    .filter(|_| identity::is_secret(&secret))
                    .ok_or_else(|| {
                        Refusal::fatal(
                            "room",
                            "This class's code or secret is not one a class server makes: start a new class.",
                        )
                    })?;
                if self.has_ended(&code) {
                    return Err(ended());
                }
                if let Some(room) = self.rooms.get(&code) {
                    if room.has_secret(&secret) {
                        // The room is open here after all: the teacher is back in it.
                        return self.resume(conn, &code, &secret, out);
                    }
                    return Err(Refusal::fatal(
                        "in-use",
                        format!(
                            "Another class on this server has the code {code}: start a new class."
                        ),
                    ));
                }
                (code, secret)
            }
            None => {
                let (rooms, ended, random) = (&self.rooms, &self.ended, &mut self.random);
                let code = (0..64)
                    .map(|_| identity::new_code(random.as_mut()))
                    .find(|code| !rooms.contains_key(code) && !ended.iter().any(|(e, _)| e == code))
                    .ok_or_else(|| {
                        Refusal::fatal("rooms", "No free join code was found: try again.")
                    })?;
                (code, identity::new_secret(self.random.as_mut()))
            }
        };
        let room = Room::new(code.clone(), secret, now_ms, conn);
        room.greet_teacher(conn, out);
        self.seats
            .insert(conn, Seat::Teacher { code: code.clone() });
        self.rooms.insert(code, room);
        Ok(())
    }

    fn resume(
        &mut self,
        conn: ConnId,
        code: &str,
        secret: &str,
        out: &mut Out,
    ) -> Result<(), Refusal> {
        let unknown = || {
            Refusal::fatal(
                "room",
                "No class has this code and secret any more: start a new class.",
            )
        };
        let code = identity::normalize_code(code).ok_or_else(unknown)?;
        if !self.rooms.contains_key(&code) && self.has_ended(&code) {
            return Err(ended());
        }
        let room = self
            .rooms
            .get_mut(&code)
            .filter(|room| room.has_secret(secret))
            .ok_or_else(unknown)?;
        if let Some(old) = room.seat_teacher(conn, out) {
            self.seats.remove(&old);
        }
        self.seats.insert(conn, Seat::Teacher { code });
        Ok(())
    }

    /// `conn` joins the room of `code`: back in its seat with a seat's `token`, else in a new
    /// seat (named `name`, or anonymously) unless the room is locked or full at `now_ms`.
    fn join(
        &mut self,
        conn: ConnId,
        code: &str,
        (token, name): (Option<&str>, Option<&str>),
        now_ms: u64,
        out: &mut Out,
    ) -> Result<(), Refusal> {
        let unknown = || {
            Refusal::fatal(
                "code",
                "No class has this code: check the code on the projector.",
            )
        };
        let code = identity::normalize_code(code).ok_or_else(unknown)?;
        if !self.rooms.contains_key(&code) && self.has_ended(&code) {
            return Err(ended());
        }
        let room = self.rooms.get_mut(&code).ok_or_else(unknown)?;
        let name = name.and_then(identity::clean_name);
        let student = match token.and_then(|token| room.seat_of(token)) {
            Some(seat) if room.is_removed(seat) => return Err(removed()),
            Some(seat) => {
                let network = self.networks.get(&conn).copied();
                if let Some(old) = room.reseat_student(seat, (conn, network), out) {
                    self.seats.remove(&old);
                }
                seat
            }
            None => {
                if room.is_locked() {
                    return Err(Refusal::fatal(
                        "locked",
                        "This class takes no new students now: ask your teacher.",
                    ));
                }
                let limits = &self.limits;
                let full = || {
                    Refusal::fatal(
                        "full",
                        format!(
                            "This class is full ({} students): ask your teacher.",
                            limits.max_students
                        ),
                    )
                };
                if room.seats_present(now_ms, limits.seat_kept_ms) >= limits.max_students {
                    return Err(full());
                }
                // A token of a server's making that this room does not know (the class
                // reopened after a restart) is taken as the new seat's: the page rejoins
                // with it later too.
                let token = match token.filter(|t| identity::is_secret(t)) {
                    Some(token) => token.to_string(),
                    None => identity::new_secret(self.random.as_mut()),
                };
                let name = name.unwrap_or_else(|| identity::anonymous_name(self.random.as_mut()));
                let most = limits.max_students.saturating_mul(2);
                let network = self.networks.get(&conn).copied();
                room.seat_student(
                    (token, name),
                    (conn, network),
                    (now_ms, limits.seat_kept_ms),
                    most,
                )
                .ok_or_else(full)?
            }
        };
        room.welcome(student, conn, self.limits.teacher_wait_minutes(), out);
        self.seats.insert(conn, Seat::Student { code, student });
        Ok(())
    }

    fn teacher_message(
        &mut self,
        code: &str,
        conn: ConnId,
        message: ClientMessage,
        now_ms: u64,
        out: &mut Out,
    ) -> Result<(), Refusal> {
        let room = self.rooms.get_mut(code).ok_or_else(gone)?;
        match message {
            ClientMessage::Show {
                n,
                mirror,
                step,
                lesson,
                stop,
                ..
            } => room.show_at((n, mirror, step), (lesson, stop), out),
            ClientMessage::Explore { on, .. } => room.set_explore(on, out),
            ClientMessage::Pause { on, .. } => room.set_paused(on, out),
            // Shown now, or refused: there is no open question to show.
            ClientMessage::Reveal { .. } => room
                .reveal(out)
                .then_some(())
                .ok_or_else(|| Refusal::soft("no-question", "No question is open."))?,
            ClientMessage::VoteAgain { .. } => room.vote_again(now_ms, out)?,
            ClientMessage::Results { .. } => out.send(conn, &room.results()),
            ClientMessage::Remove { student, .. } => {
                if let Some(gone) = room.remove(student, out)? {
                    self.seats.remove(&gone);
                }
            }
            ClientMessage::Lock { on, .. } => room.set_locked(on, out),
            ClientMessage::End { .. } => {
                // The teacher's page keeps every answer (for the CSV after the end): the
                // rows go just before its `ended`.
                out.send(conn, &room.results());
                self.end_room(code, "The teacher ended the class.", now_ms, out);
            }
            _ => {}
        }
        Ok(())
    }

    /// Tells everyone in the room it ended, closes their connections, forgets the room (its
    /// code is remembered as ended, at `now_ms`).
    fn end_room(&mut self, code: &str, reason: &str, now_ms: u64, out: &mut Out) {
        let Some(room) = self.rooms.remove(code) else {
            return;
        };
        self.ended.push_back((room.code().to_string(), now_ms));
        while self.ended.len() > ENDED_KEPT {
            self.ended.pop_front();
        }
        for conn in room.end(reason, out) {
            self.seats.remove(&conn);
        }
    }

    /// `conn` is gone (closed, dropped, or failed): its seat is freed; a student stays in
    /// the room, with their answers, to come back with their token; a teacher's room waits.
    pub fn leave(&mut self, conn: ConnId, now_ms: u64) -> Vec<Effect> {
        let mut out = Out::default();
        self.networks.remove(&conn);
        match self.seats.remove(&conn) {
            Some(Seat::Teacher { code }) => {
                if let Some(room) = self.rooms.get_mut(&code) {
                    let minutes = self.limits.teacher_wait_minutes();
                    room.teacher_left(conn, now_ms, minutes, &mut out);
                }
            }
            Some(Seat::Student { code, student }) => {
                if let Some(room) = self.rooms.get_mut(&code) {
                    room.student_left(student, conn, now_ms, &mut out);
                }
            }
            None => {}
        }
        out.effects
    }

    /// The clock: rooms whose teacher stayed away too long, or that lived their time, end.
    pub fn tick(&mut self, now_ms: u64) -> Vec<Effect> {
        let mut out = Out::default();
        let (wait, life) = (self.limits.teacher_wait_ms, self.limits.room_life_ms);
        let mut ending: Vec<(String, String)> = self
            .rooms
            .iter()
            .filter_map(|(code, room)| Some((code.clone(), room.over(now_ms, wait, life)?)))
            .collect();
        ending.sort();
        for (code, reason) in ending {
            self.end_room(&code, &reason, now_ms, &mut out);
        }
        self.ended
            .retain(|(_, at)| now_ms.saturating_sub(*at) < ENDED_KEPT_MS);
        out.effects
    }
}

fn first_message() -> Refusal {
    Refusal::fatal(
        "first",
        "A connection starts with teach, resumeTeaching or join.",
    )
}

/// A guessed secret as a wrong guess remembers it: its first 27 characters (a secret has
/// 26, so every longer guess is wrong alike, and one of any length costs little to keep).
fn clip(secret: &str) -> &str {
    secret
        .char_indices()
        .nth(27)
        .map_or(secret, |(at, _)| &secret[..at])
}

/// A guessed code as a wrong guess remembers it: as the server writes codes, or `?` for
/// every text that is no code (no room has any of them).
fn code_or_any(code: &str) -> String {
    identity::normalize_code(code).unwrap_or_else(|| "?".to_string())
}

/// What a page that comes back to a room that ended is told (fatal: it stops there).
fn ended() -> Refusal {
    Refusal::fatal("ended", "This class has ended.")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::protocol;
    use crate::room::MAX_ASK_STEP;
    use bytes::Bytes;
    use serde_json::{json, Value};

    use crate::identity::Counter;

    const KEY: &str = "teacherkey";
    const T: ConnId = 1; // the teacher's connection in most tests

    fn hub(limits: Limits) -> Hub {
        Hub::new(KEY.to_string(), limits, Box::new(Counter(42)))
    }

    fn message(value: Value) -> ClientMessage {
        let mut value = value;
        value["v"] = json!(1);
        protocol::parse(&value.to_string()).unwrap()
    }

    /// The messages sent to `to` among `effects`.
    fn to(effects: &[Effect], conn: ConnId) -> Vec<Value> {
        effects
            .iter()
            .filter_map(|e| match e {
                Effect::Send { to, text } | Effect::Update { to, text, .. } if *to == conn => {
                    Some(serde_json::from_slice(text).unwrap())
                }
                Effect::Append { to, row, .. } if *to == conn => Some(
                    serde_json::from_slice(&protocol::answered(std::slice::from_ref(row))).unwrap(),
                ),
                _ => None,
            })
            .collect()
    }

    fn of_type(effects: &[Effect], conn: ConnId, kind: &str) -> Option<Value> {
        to(effects, conn).into_iter().find(|m| m["type"] == kind)
    }

    /// The types of the messages `conn` is sent, in order.
    fn kinds(effects: &[Effect], conn: ConnId) -> Vec<String> {
        to(effects, conn)
            .iter()
            .map(|m| m["type"].as_str().unwrap().to_string())
            .collect()
    }

    /// True when `conn` is sent a `first` before any `then`.
    fn sent_before(effects: &[Effect], conn: ConnId, first: &str, then: &str) -> bool {
        let kinds = kinds(effects, conn);
        let at = |kind: &str| kinds.iter().position(|k| k == kind);
        matches!((at(first), at(then)), (Some(a), Some(b)) if a < b)
    }

    fn closed(effects: &[Effect], conn: ConnId) -> Option<(u16, String)> {
        effects.iter().find_map(|e| match e {
            Effect::Close { to, code, reason } if *to == conn => Some((*code, reason.clone())),
            _ => None,
        })
    }

    /// A hub with a room taught by `T`; returns it and the code.
    fn room(limits: Limits) -> (Hub, String) {
        let mut hub = hub(limits);
        let effects = hub.handle(T, message(json!({"type": "teach", "key": KEY})), 0);
        let opened = of_type(&effects, T, "opened").unwrap();
        (hub, opened["code"].as_str().unwrap().to_string())
    }

    fn join(hub: &mut Hub, conn: ConnId, code: &str, token: Option<&str>) -> Vec<Effect> {
        join_at(hub, conn, code, token, 0)
    }

    fn join_at(
        hub: &mut Hub,
        conn: ConnId,
        code: &str,
        token: Option<&str>,
        now_ms: u64,
    ) -> Vec<Effect> {
        hub.handle(
            conn,
            message(json!({"type": "join", "code": code, "token": token, "name": null})),
            now_ms,
        )
    }

    fn show(n: u32, step: u64) -> ClientMessage {
        message(
            json!({"type": "show", "n": n, "mirror": false, "step": step, "lesson": null, "stop": null}),
        )
    }

    fn digits(id: u64, round: u32, mask: u32) -> ClientMessage {
        message(
            json!({"type": "answer", "question": id, "round": round, "given": {"form": "digits", "mask": mask}}),
        )
    }

    #[test]
    fn openings_are_no_guess_a_right_guess_or_a_wrong_one() {
        let (mut hub, code) = room(Limits::default());
        let effects = join(&mut hub, 2, &code, None);
        let token = of_type(&effects, 2, "joined").unwrap()["token"]
            .as_str()
            .unwrap()
            .to_string();
        let secret = hub.rooms[&code].secret().to_string();
        let guess = |value: Value| hub.guess(&message(value));
        // Proving a secret: no guess; nor is any other message.
        assert_eq!(guess(json!({"type": "teach", "key": KEY})), Guess::None);
        assert_eq!(
            guess(json!({"type": "resumeTeaching", "code": code.to_lowercase(), "secret": secret})),
            Guess::None
        );
        assert_eq!(
            guess(json!({"type": "join", "code": code, "token": token, "name": null})),
            Guess::None
        );
        assert_eq!(guess(json!({"type": "rename", "name": "x"})), Guess::None);
        // The room's code, without a seat's token: right.
        for token in [Value::Null, json!("a".repeat(26))] {
            assert_eq!(
                guess(json!({"type": "join", "code": code, "token": token, "name": null})),
                Guess::Right
            );
        }
        // A wrong key, secret or code: wrong, each named by what it guessed (a code as the
        // server writes it, so that "nope-23" and "NOPE23" are one guess).
        let wrong = |value: Value| match guess(value) {
            Guess::Wrong(guessed) => guessed,
            other => panic!("a wrong guess, not {other:?}"),
        };
        assert_eq!(wrong(json!({"type": "teach", "key": "guess"})), "key guess");
        let secret = "a".repeat(26);
        let resume = json!({"type": "resumeTeaching", "code": code, "secret": secret});
        assert_eq!(wrong(resume), format!("room {code} {secret}"));
        let nope = wrong(json!({"type": "join", "code": "NAPE23", "token": token, "name": null}));
        assert_eq!(nope, "code NAPE23");
        let typed = json!({"type": "join", "code": "nape-23", "token": null, "name": null});
        assert_eq!(wrong(typed), nope);
        // No code at all (an O is in none) is one guess, and a long key its first 27 letters.
        assert_eq!(
            wrong(json!({"type": "join", "code": "NOPE23", "token": null, "name": null})),
            "code ?"
        );
        let long = "k".repeat(5_000);
        assert_eq!(
            wrong(json!({"type": "teach", "key": long})),
            format!("key {}", &long[..27])
        );
    }

    #[test]
    fn a_room_opens_with_the_key_only() {
        let mut hub = hub(Limits::default());
        let effects = hub.handle(T, message(json!({"type": "teach", "key": "guess"})), 0);
        assert_eq!(closed(&effects, T).unwrap().0, protocol::CLOSE_POLICY);
        assert_eq!(of_type(&effects, T, "error").unwrap()["code"], "key");
        assert_eq!(hub.rooms(), 0);
        let effects = hub.handle(2, message(json!({"type": "teach", "key": KEY})), 0);
        let opened = of_type(&effects, 2, "opened").unwrap();
        let code = opened["code"].as_str().unwrap();
        assert_eq!(identity::normalize_code(code).as_deref(), Some(code));
        assert_eq!(opened["joinPath"], format!("/c/{code}"));
        assert!(of_type(&effects, 2, "roster").is_some());
    }

    #[test]
    fn roles_are_the_servers() {
        let (mut hub, code) = room(Limits::default());
        // A first message that opens nothing, then a second seat on one connection.
        let effects = hub.handle(5, message(json!({"type": "rename", "name": "x"})), 0);
        assert_eq!(of_type(&effects, 5, "error").unwrap()["code"], "first");
        let effects = hub.handle(
            T,
            message(json!({"type": "join", "code": code, "token": null, "name": null})),
            0,
        );
        assert_eq!(of_type(&effects, T, "error").unwrap()["code"], "seated");
        join(&mut hub, 2, &code, None);
        for kind in [
            show(8, 1),
            message(json!({"type": "explore", "on": true})),
            message(json!({"type": "pause", "on": true})),
            message(json!({"type": "reveal"})),
            message(json!({"type": "voteAgain"})),
            message(json!({"type": "results"})),
            message(json!({"type": "end"})),
            message(json!({"type": "ask", "topic": "free-squares"})),
        ] {
            let mut hub2 = std::mem::replace(&mut hub, self::hub(Limits::default()));
            let effects = hub2.handle(2, kind.clone(), 0);
            let error = of_type(&effects, 2, "error").unwrap();
            assert_eq!(
                (error["code"].as_str(), error["fatal"].as_bool()),
                (Some("role"), Some(true)),
                "{kind:?}"
            );
            assert!(closed(&effects, 2).is_some());
            assert!(
                to(&effects, T).is_empty(),
                "nothing reaches the teacher: {kind:?}"
            );
            hub = hub2;
        }
        // The teacher cannot answer.
        let effects = hub.handle(T, digits(1, 1, 0), 0);
        assert_eq!(of_type(&effects, T, "error").unwrap()["code"], "role");
    }

    #[test]
    fn joins_are_told_the_show_and_the_teacher_counts_them() {
        let (mut hub, code) = room(Limits::default());
        hub.handle(T, show(6, 12), 0);
        let effects = join(&mut hub, 2, &code.to_lowercase(), None);
        let joined = of_type(&effects, 2, "joined").unwrap();
        assert_eq!(
            (
                joined["show"]["n"].as_u64(),
                joined["show"]["step"].as_u64()
            ),
            (Some(6), Some(12))
        );
        let roster = of_type(&effects, T, "roster").unwrap();
        assert_eq!(roster["joined"], 1);
        assert_eq!(roster["students"][0]["name"], joined["name"]);
        let effects = join(&mut hub, 3, "NOPE23", None);
        assert_eq!(of_type(&effects, 3, "error").unwrap()["code"], "code");
        // Another student's name never reaches a student.
        let effects = join(&mut hub, 4, &code, None);
        assert!(to(&effects, 2).is_empty());
    }

    /// A room at the start of an 8×8 search with 3 students (2, 3, 4) and a free-squares
    /// question open: its id.
    fn asked(hub: &mut Hub, code: &str) -> u64 {
        for s in 2..=4 {
            join(hub, s, code, None);
        }
        hub.handle(T, show(8, 0), 0);
        let effects = hub.handle(
            T,
            message(json!({"type": "ask", "topic": "free-squares"})),
            1000,
        );
        let question = of_type(&effects, 3, "question").unwrap();
        assert_eq!(question["round"], 1);
        assert!(question["question"].get("answer").is_none());
        question["id"].as_u64().unwrap()
    }

    #[test]
    fn answers_are_tallied_hidden_then_revealed() {
        let (mut hub, code) = room(Limits::default());
        let id = asked(&mut hub, &code);
        // Empty board: every square of the first row is free, all 8 digits.
        let effects = hub.handle(2, digits(id, 1, 0xFF), 2000);
        assert!(of_type(&effects, 2, "received").is_some());
        let tally = of_type(&effects, T, "tally").unwrap();
        assert_eq!(
            (tally["answered"].as_u64(), tally["joined"].as_u64()),
            (Some(1), Some(3))
        );
        assert!(
            to(&effects, 3).is_empty() && to(&effects, 4).is_empty(),
            "no student sees another's answer"
        );
        hub.handle(3, digits(id, 1, 0x0F), 3000);
        hub.handle(3, digits(id, 1, 0), 3500); // a second answer replaces the first
        hub.handle(4, digits(id, 1, 0xFF), 4000);
        // A mask off the board, another form, an old round: refused, the connection kept.
        let effects = hub.handle(4, digits(id, 1, 0x1FF), 4000);
        assert_eq!(of_type(&effects, 4, "error").unwrap()["fatal"], false);
        assert!(closed(&effects, 4).is_none());
        let effects = hub.handle(4, digits(id, 2, 0xFF), 4000);
        assert_eq!(of_type(&effects, 4, "error").unwrap()["code"], "round");

        let effects = hub.handle(T, message(json!({"type": "reveal"})), 5000);
        let histogram = of_type(&effects, T, "histogram").unwrap();
        let bars = &histogram["rounds"][0]["bars"];
        assert_eq!(histogram["rounds"][0]["answered"], 3);
        assert_eq!(bars[0]["given"]["mask"], 0xFF);
        assert_eq!(
            (bars[0]["count"].as_u64(), bars[0]["right"].as_bool()),
            (Some(2), Some(true))
        );
        assert!(bars[0]["reason"].is_null());
        assert_eq!(
            (bars[1]["given"]["mask"].as_u64(), bars[1]["count"].as_u64()),
            (Some(0), Some(1))
        );
        // No queen yet: every square is free, and 0 leaves them all out (the core's line).
        assert!(
            bars[1]["reason"]
                .as_str()
                .unwrap()
                .contains("free square is missing"),
            "{bars}"
        );
        for (s, right) in [(2, true), (3, false), (4, true)] {
            let result = of_type(&effects, s, "result").unwrap();
            assert_eq!(result["right"], right);
            assert!(of_type(&effects, s, "histogram").is_none());
        }
        let effects = hub.handle(2, digits(id, 1, 0xFF), 6000);
        assert_eq!(of_type(&effects, 2, "error").unwrap()["code"], "revealed");

        // Vote again: round 2 hidden again; a third round refused.
        let effects = hub.handle(T, message(json!({"type": "voteAgain"})), 7000);
        assert_eq!(of_type(&effects, 4, "question").unwrap()["round"], 2);
        assert_eq!(of_type(&effects, T, "tally").unwrap()["answered"], 0);
        hub.handle(3, digits(id, 2, 0xFF), 9500);
        let effects = hub.handle(T, message(json!({"type": "voteAgain"})), 10_000);
        assert_eq!(of_type(&effects, T, "error").unwrap()["code"], "rounds");
        let effects = hub.handle(T, message(json!({"type": "reveal"})), 11_000);
        let histogram = of_type(&effects, T, "histogram").unwrap();
        assert_eq!(histogram["rounds"].as_array().unwrap().len(), 2);
        assert_eq!(histogram["rounds"][1]["bars"][0]["count"], 1);

        let effects = hub.handle(T, message(json!({"type": "results"})), 12_000);
        let rows = of_type(&effects, T, "results").unwrap()["rows"].clone();
        assert_eq!(rows.as_array().unwrap().len(), 4);
        let late = rows
            .as_array()
            .unwrap()
            .iter()
            .find(|r| r["round"] == 2)
            .unwrap();
        assert_eq!(
            (late["seconds"].as_f64(), late["right"].as_bool()),
            (Some(2.5), Some(true))
        );
        assert_eq!(
            (late["topic"].as_str(), late["step"].as_u64()),
            (Some("free-squares"), Some(0))
        );
    }

    #[test]
    fn moving_the_board_closes_the_question() {
        let (mut hub, code) = room(Limits::default());
        let id = asked(&mut hub, &code);
        let effects = hub.handle(T, message(json!({"type": "pause", "on": true})), 0);
        assert!(
            of_type(&effects, 2, "closed").is_none(),
            "a pause does not move the board"
        );
        assert_eq!(of_type(&effects, 2, "show").unwrap()["paused"], true);
        let effects = hub.handle(T, show(8, 1), 0);
        assert_eq!(of_type(&effects, 2, "closed").unwrap()["id"], id);
        let effects = hub.handle(2, digits(id, 1, 0xFF), 0);
        assert_eq!(of_type(&effects, 2, "error").unwrap()["code"], "closed");
        // A new question gets a new id.
        let effects = hub.handle(
            T,
            message(json!({"type": "ask", "topic": "what-happens"})),
            0,
        );
        let question = of_type(&effects, 2, "question").unwrap();
        assert_ne!(question["id"], id);
        assert_eq!(question["form"], "outcome");
    }

    #[test]
    fn asking_is_refused_with_a_sentence_where_no_question_is() {
        let (mut hub, _) = room(Limits::default());
        let cases = [
            ("next-row", 0, "no-question"), // before the first Free, no queen is placed
            ("poss", 0, "topic"),
            ("free-squares", MAX_ASK_STEP + 1, "no-question"),
            ("free-squares", 10_000_000, "no-question"), // past the end of a 4×4 search
        ];
        for (topic, step, code) in cases {
            hub.handle(T, show(4, step), 0);
            let effects = hub.handle(T, message(json!({"type": "ask", "topic": topic})), 0);
            let error = of_type(&effects, T, "error").unwrap_or_else(|| panic!("{topic} {step}"));
            assert_eq!(
                (error["code"].as_str(), error["fatal"].as_bool()),
                (Some(code), Some(false))
            );
            assert!(error["reason"].as_str().unwrap().ends_with('.'), "{error}");
            assert!(closed(&effects, T).is_none());
        }
    }

    #[test]
    fn a_student_rejoins_as_themselves_with_their_answer() {
        let (mut hub, code) = room(Limits::default());
        let id = asked(&mut hub, &code);
        let effects = join(&mut hub, 9, &code, None);
        let token = of_type(&effects, 9, "joined").unwrap()["token"]
            .as_str()
            .unwrap()
            .to_string();
        hub.handle(9, digits(id, 1, 0x80), 0);
        let effects = hub.leave(9, 0);
        assert_eq!(of_type(&effects, T, "roster").unwrap()["joined"], 3);
        let effects = join(&mut hub, 10, &code, Some(&token));
        let joined = of_type(&effects, 10, "joined").unwrap();
        assert_eq!(joined["token"], token);
        assert_eq!(joined["answer"], json!({"form": "digits", "mask": 0x80}));
        assert_eq!(joined["question"]["id"], id);
        // The same token from another tab: the old connection is closed, the seat moves.
        let effects = join(&mut hub, 11, &code, Some(&token));
        assert!(closed(&effects, 10).is_some());
        let told = of_type(&effects, 10, "error").unwrap();
        assert_eq!(
            (told["code"].as_str(), told["fatal"].as_bool()),
            (Some("replaced"), Some(true)),
            "the old tab is told, so that it does not reconnect and take the seat back"
        );
        let roster = of_type(&effects, T, "roster").unwrap();
        assert_eq!(
            roster["students"].as_array().unwrap().len(),
            4,
            "still one student"
        );
        assert!(
            hub.leave(10, 0).is_empty(),
            "the old connection's end changes nothing"
        );
        // An unknown token is a new student.
        let effects = join(&mut hub, 12, &code, Some("nottoken"));
        assert_ne!(of_type(&effects, 12, "joined").unwrap()["token"], token);
    }

    #[test]
    fn a_restarted_server_takes_its_class_back_under_the_same_code_and_tokens() {
        // Before the restart: a room, a student and their token.
        let (mut before, code) = room(Limits::default());
        let secret = before.rooms[&code].secret().to_string();
        let joined = of_type(&join(&mut before, 9, &code, None), 9, "joined").unwrap();
        let token = joined["token"].as_str().unwrap().to_string();

        // After: a new hub (the same key) knows no room; the teacher reopens it.
        let mut hub = Hub::new(KEY.to_string(), Limits::default(), Box::new(Counter(7)));
        let effects = join(&mut hub, 9, &code, Some(&token));
        assert_eq!(of_type(&effects, 9, "error").unwrap()["code"], "code");
        let reopen =
            json!({"type": "teach", "key": KEY, "code": code.to_lowercase(), "secret": secret});
        let effects = hub.handle(T, message(reopen), 5);
        let opened = of_type(&effects, T, "opened").unwrap();
        assert_eq!(
            (opened["code"].as_str(), opened["secret"].as_str()),
            (Some(code.as_str()), Some(secret.as_str()))
        );
        assert_eq!(hub.rooms(), 1);

        // The student's token is taken as their seat, with the name they give.
        let effects = hub.handle(
            10,
            message(json!({"type": "join", "code": code, "token": token, "name": "Ada"})),
            6,
        );
        let joined = of_type(&effects, 10, "joined").unwrap();
        assert_eq!(
            (joined["token"].as_str(), joined["name"].as_str()),
            (Some(token.as_str()), Some("Ada"))
        );
        assert_eq!(of_type(&effects, T, "roster").unwrap()["joined"], 1);
        // And rejoins with it as themselves, not as a second student.
        hub.leave(10, 7);
        let effects = join(&mut hub, 11, &code, Some(&token));
        assert_eq!(of_type(&effects, 11, "joined").unwrap()["name"], "Ada");
        let roster = of_type(&effects, T, "roster").unwrap();
        assert_eq!(roster["students"].as_array().unwrap().len(), 1);
        // A token not of a server's shape is not taken: a new one is made.
        let effects = join(&mut hub, 12, &code, Some("TOKEN"));
        assert_ne!(of_type(&effects, 12, "joined").unwrap()["token"], "TOKEN");
        // The same reopen again while the room is open: the teacher is back in it.
        let effects = hub.handle(
            13,
            message(json!({"type": "teach", "key": KEY, "code": code, "secret": secret})),
            8,
        );
        assert_eq!(
            of_type(&effects, 13, "opened").unwrap()["code"],
            code.as_str()
        );
        assert!(
            closed(&effects, T).is_some(),
            "the older teacher tab is closed"
        );
    }

    #[test]
    fn reopening_is_refused_with_a_wrong_key_a_code_in_use_or_half_of_it() {
        let (mut hub, code) = room(Limits::default());
        let secret = "a".repeat(26);
        let refused = |hub: &mut Hub, conn: ConnId, value: Value| {
            let effects = hub.handle(conn, message(value), 0);
            assert!(of_type(&effects, conn, "opened").is_none());
            assert_eq!(closed(&effects, conn).unwrap().0, protocol::CLOSE_POLICY);
            of_type(&effects, conn, "error").unwrap()["code"].clone()
        };
        let other = if code == "ABCDEF" { "ABCDEG" } else { "ABCDEF" };
        let wrong_key = json!({"type": "teach", "key": "guess", "code": other, "secret": secret});
        assert_eq!(refused(&mut hub, 2, wrong_key), "key");
        let in_use = json!({"type": "teach", "key": KEY, "code": code, "secret": secret});
        let code_in_use = refused(&mut hub, 3, in_use.clone());
        assert_eq!(code_in_use, "in-use");
        let effects = hub.handle(4, message(in_use), 0);
        assert!(of_type(&effects, 4, "error").unwrap()["reason"]
            .as_str()
            .unwrap()
            .contains(&code));
        let half = json!({"type": "teach", "key": KEY, "code": other});
        assert_eq!(refused(&mut hub, 5, half), "malformed");
        let bad_secret = json!({"type": "teach", "key": KEY, "code": other, "secret": "SECRET"});
        assert_eq!(refused(&mut hub, 6, bad_secret), "room");
        let bad_code = json!({"type": "teach", "key": KEY, "code": "O0I1L", "secret": secret});
        assert_eq!(refused(&mut hub, 7, bad_code), "room");
        assert_eq!(hub.rooms(), 1, "none of them opened a room");
        // The rooms' cap holds for a reopen too.
        let limits = Limits {
            max_rooms: 1,
            ..Limits::default()
        };
        let (mut full, _) = room(limits);
        let reopen = json!({"type": "teach", "key": KEY, "code": other, "secret": secret});
        assert_eq!(refused(&mut full, 2, reopen), "rooms");
    }

    #[test]
    fn the_room_waits_ten_minutes_for_its_teacher() {
        let (mut hub, code) = room(Limits::default());
        let effects = hub.handle(T, message(json!({"type": "results"})), 0);
        assert!(of_type(&effects, T, "results").is_some());
        join(&mut hub, 2, &code, None);
        let effects = hub.leave(T, 60_000);
        assert_eq!(of_type(&effects, 2, "teacherAway").unwrap()["minutes"], 10);
        assert!(hub.tick(60_000 + 9 * 60_000).is_empty());
        // The teacher comes back with the secret; a wrong secret is refused.
        let effects = hub.handle(
            8,
            message(json!({"type": "resumeTeaching", "code": code, "secret": "wrong"})),
            0,
        );
        assert_eq!(of_type(&effects, 8, "error").unwrap()["code"], "room");
        // The secret as the teacher's page kept it from `opened`.
        let secret = hub.rooms[&code].secret().to_string();
        let effects = hub.handle(
            7,
            message(json!({"type": "resumeTeaching", "code": code, "secret": secret})),
            0,
        );
        assert_eq!(of_type(&effects, 7, "opened").unwrap()["code"], code);
        assert!(of_type(&effects, 2, "teacherBack").is_some());
        // Away again, and this time for good.
        hub.leave(7, 100_000);
        assert!(hub.tick(100_000 + 10 * 60_000 - 1).is_empty());
        let effects = hub.tick(100_000 + 10 * 60_000);
        assert!(of_type(&effects, 2, "ended").unwrap()["reason"]
            .as_str()
            .unwrap()
            .contains("10 minutes"));
        assert!(closed(&effects, 2).is_some());
        assert_eq!(hub.rooms(), 0);
        let effects = join(&mut hub, 3, &code, None);
        assert_eq!(of_type(&effects, 3, "error").unwrap()["code"], "ended");
    }

    #[test]
    fn a_room_lasts_four_hours_at_most_and_end_ends_it() {
        let (mut hub, code) = room(Limits::default());
        join(&mut hub, 2, &code, None);
        assert!(hub.tick(4 * 3_600_000 - 1).is_empty());
        let effects = hub.tick(4 * 3_600_000);
        assert!(of_type(&effects, T, "ended").is_some() && of_type(&effects, 2, "ended").is_some());
        let (mut hub, code) = room(Limits::default());
        join(&mut hub, 2, &code, None);
        let effects = hub.handle(T, message(json!({"type": "end"})), 0);
        assert_eq!(closed(&effects, 2).unwrap().0, protocol::CLOSE_NORMAL);
        assert_eq!(hub.rooms(), 0);
        assert!(!hub.is_seated(2) && !hub.is_seated(T));
    }

    #[test]
    fn the_teacher_who_ends_the_class_gets_every_result_just_before_ended() {
        let (mut hub, code) = room(Limits::default());
        let id = asked(&mut hub, &code);
        hub.handle(2, digits(id, 1, 0xFF), 2000);
        hub.handle(3, digits(id, 1, 0), 2500);
        hub.handle(T, message(json!({"type": "voteAgain"})), 3000);
        hub.handle(3, digits(id, 2, 0xFF), 4000);
        let asked_for = of_type(
            &hub.handle(T, message(json!({"type": "results"})), 4500),
            T,
            "results",
        )
        .unwrap();
        let effects = hub.handle(T, message(json!({"type": "end"})), 5000);
        let teachers: Vec<Value> = to(&effects, T);
        assert_eq!(
            kinds(&effects, T),
            ["results", "ended"],
            "the results, then the end"
        );
        assert_eq!(teachers[0], asked_for, "the rows `results` gives");
        assert_eq!(teachers[0]["rows"].as_array().unwrap().len(), 3);
        for s in 2..=4 {
            assert!(
                of_type(&effects, s, "results").is_none(),
                "never a student's"
            );
            assert!(of_type(&effects, s, "ended").is_some());
        }
    }

    #[test]
    fn moving_the_board_shows_an_open_rounds_answers_then_closes_it() {
        let (mut hub, code) = room(Limits::default());
        let id = asked(&mut hub, &code);
        hub.handle(2, digits(id, 1, 0xFF), 2000);
        hub.handle(3, digits(id, 1, 0x0F), 2500);
        // Student 4 gives no answer. The teacher steps on: the step shows what happens.
        let effects = hub.handle(T, show(8, 1), 3000);
        let histogram = of_type(&effects, T, "histogram").unwrap();
        assert_eq!(histogram["rounds"][0]["answered"], 2);
        for (s, right, given) in [
            (2, true, Some(0xFF)),
            (3, false, Some(0x0F)),
            (4, false, None),
        ] {
            let result = of_type(&effects, s, "result").unwrap();
            assert_eq!(
                (result["right"].as_bool(), result["given"]["mask"].as_u64()),
                (Some(right), given),
                "student {s}"
            );
            assert_eq!(result["answer"]["mask"], 0xFF, "the right answer, to each");
            assert!(
                sent_before(&effects, s, "result", "closed"),
                "student {s}: the result, then closed"
            );
        }
        assert!(of_type(&effects, 4, "result").unwrap()["reason"].is_null());
        assert!(
            sent_before(&effects, T, "histogram", "closed"),
            "the teacher: the histogram, then closed"
        );
        // A round already shown is only closed when the board moves again.
        let id = {
            let effects = hub.handle(T, show(8, 0), 4000);
            assert!(
                of_type(&effects, T, "histogram").is_none(),
                "no question open"
            );
            let effects = hub.handle(
                T,
                message(json!({"type": "ask", "topic": "free-squares"})),
                5000,
            );
            of_type(&effects, 2, "question").unwrap()["id"]
                .as_u64()
                .unwrap()
        };
        hub.handle(T, message(json!({"type": "reveal"})), 6000);
        let effects = hub.handle(T, show(8, 1), 7000);
        assert!(of_type(&effects, T, "histogram").is_none());
        assert!(of_type(&effects, 2, "result").is_none());
        assert_eq!(of_type(&effects, 2, "closed").unwrap()["id"], id);
        // Nothing open: Show answers is refused with a sentence.
        let effects = hub.handle(T, message(json!({"type": "reveal"})), 7500);
        assert_eq!(
            of_type(&effects, T, "error").unwrap()["code"],
            "no-question"
        );
        // Another question asked while a round is open shows that round first, too.
        let effects = hub.handle(
            T,
            message(json!({"type": "ask", "topic": "what-happens"})),
            8000,
        );
        // (Step 1 of 8×8: "what happens next" has a question there.)
        let first = of_type(&effects, 2, "question").unwrap()["id"].clone();
        let effects = hub.handle(
            T,
            message(json!({"type": "ask", "topic": "what-happens"})),
            9000,
        );
        assert!(of_type(&effects, T, "histogram").is_some(), "shown first");
        assert_eq!(of_type(&effects, 4, "result").unwrap()["id"], first);
        assert_eq!(of_type(&effects, 4, "closed").unwrap()["id"], first);
    }

    #[test]
    fn the_teacher_is_sent_each_answer_as_taken_and_every_answer_on_coming_back() {
        let (mut hub, code) = room(Limits::default());
        let id = asked(&mut hub, &code);
        let effects = hub.handle(2, digits(id, 1, 0xFF), 2000);
        let row = &of_type(&effects, T, "answered").unwrap()["rows"][0];
        assert_eq!(
            (
                row["question"].as_u64(),
                row["round"].as_u64(),
                row["studentId"].as_u64(),
                row["n"].as_u64(),
                row["right"].as_bool(),
                row["seconds"].as_f64(),
            ),
            (Some(id), Some(1), Some(1), Some(8), Some(true), Some(1.0))
        );
        assert_eq!(row["given"]["mask"], 0xFF);
        assert!(
            of_type(&effects, 3, "answered").is_none(),
            "never to a student"
        );
        // A second answer of the same student: the row that replaces the first.
        let effects = hub.handle(2, digits(id, 1, 0), 2500);
        let row = &of_type(&effects, T, "answered").unwrap()["rows"][0];
        assert_eq!(
            (row["studentId"].as_u64(), row["right"].as_bool()),
            (Some(1), Some(false))
        );
        // Answers taken while the teacher is away reach them in `results` when they come back,
        // just after `opened`, with those from before.
        hub.leave(T, 3000);
        let effects = hub.handle(3, digits(id, 1, 0xFF), 3500);
        assert!(of_type(&effects, T, "answered").is_none());
        let secret = hub.rooms[&code].secret().to_string();
        let effects = hub.handle(
            7,
            message(json!({"type": "resumeTeaching", "code": code, "secret": secret})),
            4000,
        );
        let kinds = kinds(&effects, 7);
        assert_eq!(kinds[..2], ["opened", "results"], "{kinds:?}");
        let rows = of_type(&effects, 7, "results").unwrap()["rows"].clone();
        let mut seen: Vec<(u64, bool)> = rows
            .as_array()
            .unwrap()
            .iter()
            .map(|r| {
                (
                    r["studentId"].as_u64().unwrap(),
                    r["right"].as_bool().unwrap(),
                )
            })
            .collect();
        seen.sort();
        assert_eq!(seen, [(1, false), (2, true)]);
    }

    #[test]
    fn caps_are_kept_with_a_sentence() {
        let limits = Limits {
            max_rooms: 1,
            max_students: 2,
            ..Limits::default()
        };
        let (mut hub, code) = room(limits);
        let effects = hub.handle(9, message(json!({"type": "teach", "key": KEY})), 0);
        let error = of_type(&effects, 9, "error").unwrap();
        assert_eq!(error["code"], "rooms");
        assert!(error["reason"].as_str().unwrap().contains("--max-rooms"));
        let token = of_type(&join(&mut hub, 2, &code, None), 2, "joined").unwrap()["token"].clone();
        join(&mut hub, 3, &code, None);
        let effects = join(&mut hub, 4, &code, None);
        assert_eq!(of_type(&effects, 4, "error").unwrap()["code"], "full");
        // Coming back is not joining anew.
        hub.leave(2, 0);
        let effects = join(&mut hub, 5, &code, token.as_str());
        assert!(of_type(&effects, 5, "joined").is_some());
    }

    #[test]
    fn a_broadcast_is_serialized_once() {
        let (mut hub, code) = room(Limits::default());
        for s in 2..=5 {
            join(&mut hub, s, &code, None);
        }
        let effects = hub.handle(T, show(8, 3), 0);
        let texts: Vec<&Bytes> = effects
            .iter()
            .filter_map(|e| match e {
                Effect::Send { text, .. } => Some(text),
                _ => None,
            })
            .collect();
        assert_eq!(texts.len(), 5);
        assert!(
            texts.iter().all(|t| t.as_ptr() == texts[0].as_ptr()),
            "one buffer shared"
        );
    }

    /// The refusal `conn` got: its code, reason and whether it closes.
    fn error_of(effects: &[Effect], conn: ConnId) -> (String, String, bool) {
        let error = of_type(effects, conn, "error").expect("an error");
        (
            error["code"].as_str().unwrap().to_string(),
            error["reason"].as_str().unwrap().to_string(),
            closed(effects, conn).is_some(),
        )
    }

    #[test]
    fn a_class_that_ended_is_told_so_for_an_hour() {
        let (mut hub, code) = room(Limits::default());
        let token = of_type(&join(&mut hub, 2, &code, None), 2, "joined").unwrap()["token"]
            .as_str()
            .unwrap()
            .to_string();
        let secret = hub.rooms[&code].secret().to_string();
        hub.leave(2, 0); // offline when the class ends
        hub.handle(T, message(json!({"type": "end"})), 1_000);
        let this_class_ended = (
            "ended".to_string(),
            "This class has ended.".to_string(),
            true,
        );
        // The student back with `join` (its token or not, the code as typed), the teacher's
        // page with `resumeTeaching` or a reopening `teach`: ended, fatal.
        let effects = join(&mut hub, 3, &code, Some(&token));
        assert_eq!(error_of(&effects, 3), this_class_ended);
        let effects = join(&mut hub, 4, &code.to_lowercase(), None);
        assert_eq!(error_of(&effects, 4), this_class_ended);
        // Told whatever the join limits: a join of the ended code is no guess.
        let join_ended =
            json!({"type": "join", "code": code.to_lowercase(), "token": null, "name": null});
        assert_eq!(hub.guess(&message(join_ended.clone())), Guess::None);
        let resume = json!({"type": "resumeTeaching", "code": code, "secret": secret});
        let effects = hub.handle(5, message(resume.clone()), 2_000);
        assert_eq!(error_of(&effects, 5), this_class_ended);
        let reopen = json!({"type": "teach", "key": KEY, "code": code, "secret": secret});
        let effects = hub.handle(6, message(reopen), 2_000);
        assert_eq!(error_of(&effects, 6), this_class_ended);
        assert_eq!(hub.rooms(), 0, "nothing reopened it");
        // A code that never was is still unknown.
        let effects = join(&mut hub, 7, "ABCDEF", None);
        assert_eq!(error_of(&effects, 7).0, "code");
        // An hour later it is forgotten: unknown again (a restarted server's case).
        hub.tick(1_000 + ENDED_KEPT_MS - 1);
        assert_eq!(error_of(&join(&mut hub, 8, &code, None), 8).0, "ended");
        hub.tick(1_000 + ENDED_KEPT_MS);
        assert_eq!(error_of(&join(&mut hub, 9, &code, None), 9).0, "code");
        assert!(matches!(hub.guess(&message(join_ended)), Guess::Wrong(_)));
        let effects = hub.handle(10, message(resume), 1_000 + ENDED_KEPT_MS);
        assert_eq!(error_of(&effects, 10).0, "room");
    }

    #[test]
    fn a_room_that_expired_is_ended_too_and_the_codes_kept_are_bounded() {
        let (mut hub, code) = room(Limits::default());
        hub.leave(T, 0);
        hub.tick(10 * 60_000); // the teacher did not come back
        assert_eq!(error_of(&join(&mut hub, 2, &code, None), 2).0, "ended");
        // ENDED_KEPT more rooms end: the first code is forgotten first, the last kept.
        let mut last = String::new();
        for i in 0..ENDED_KEPT as u64 {
            let conn = 100 + i;
            let effects = hub.handle(conn, message(json!({"type": "teach", "key": KEY})), 0);
            last = of_type(&effects, conn, "opened").unwrap()["code"]
                .as_str()
                .unwrap()
                .to_string();
            assert_ne!(last, code, "no new room is given a code that ended");
            hub.handle(conn, message(json!({"type": "end"})), 0);
        }
        assert_eq!(hub.ended.len(), ENDED_KEPT);
        assert_eq!(error_of(&join(&mut hub, 3, &code, None), 3).0, "code");
        assert_eq!(error_of(&join(&mut hub, 4, &last, None), 4).0, "ended");
    }

    #[test]
    fn strangers_who_leave_stop_filling_the_room_and_the_teacher_removes_and_locks() {
        let limits = Limits {
            max_students: 3,
            seat_kept_ms: 60_000,
            ..Limits::default()
        };
        let (mut hub, code) = room(limits);
        let token_of = |effects: &[Effect], conn| {
            of_type(effects, conn, "joined").expect("joined")["token"]
                .as_str()
                .unwrap()
                .to_string()
        };
        // Three strangers fill the room, then leave: a real student is refused while their
        // seats are kept, and joins once they are not.
        for conn in 10..13 {
            join_at(&mut hub, conn, &code, None, 1_000);
            hub.leave(conn, 1_000);
        }
        assert_eq!(
            error_of(&join_at(&mut hub, 20, &code, None, 2_000), 20).0,
            "full"
        );
        let ada = token_of(&join_at(&mut hub, 21, &code, None, 61_000), 21);
        // The teacher removes her (student 4): her connection is refused and closed, the
        // roster no longer lists her, her token opens nothing, and she cannot be removed twice.
        let effects = hub.handle(T, message(json!({"type": "remove", "student": 4})), 62_000);
        assert_eq!(
            error_of(&effects, 21),
            (
                "removed".to_string(),
                "The teacher removed you from this class.".to_string(),
                true
            )
        );
        let roster = of_type(&effects, T, "roster").unwrap();
        let ids: Vec<u64> = roster["students"]
            .as_array()
            .unwrap()
            .iter()
            .map(|s| s["id"].as_u64().unwrap())
            .collect();
        assert_eq!(ids, [1, 2, 3]);
        assert!(!hub.is_seated(21));
        assert_eq!(
            error_of(&join_at(&mut hub, 22, &code, Some(&ada), 63_000), 22).0,
            "removed"
        );
        let effects = hub.handle(T, message(json!({"type": "remove", "student": 4})), 63_000);
        assert_eq!(of_type(&effects, T, "error").unwrap()["code"], "student");
        // Locked: no new student, but one seated comes back with their token; unlocked, a
        // new one joins again.
        let bea = token_of(&join_at(&mut hub, 23, &code, None, 64_000), 23);
        hub.leave(23, 64_000);
        let effects = hub.handle(T, message(json!({"type": "lock", "on": true})), 64_000);
        assert_eq!(of_type(&effects, T, "roster").unwrap()["locked"], true);
        assert_eq!(
            error_of(&join_at(&mut hub, 24, &code, None, 65_000), 24).0,
            "locked"
        );
        assert_eq!(
            token_of(&join_at(&mut hub, 25, &code, Some(&bea), 65_000), 25),
            bea
        );
        hub.handle(T, message(json!({"type": "lock", "on": false})), 66_000);
        token_of(&join_at(&mut hub, 26, &code, None, 66_000), 26);
        // Six seats are twice the cap: a seventh takes over the seat of a stranger gone for
        // a minute who gave no answer (student 1), whose token then opens nothing of it.
        let seventh = join_at(&mut hub, 27, &code, None, 300_000);
        let roster = of_type(&seventh, T, "roster").unwrap();
        assert_eq!(roster["students"].as_array().unwrap().len(), 5, "{roster}");
        assert_eq!(roster["students"][0]["id"], 1);
        assert_eq!(roster["students"][0]["connected"], true);
        // Three present again: the cap, full.
        assert_eq!(
            error_of(&join_at(&mut hub, 28, &code, None, 300_000), 28).0,
            "full"
        );
        // A student may neither lock nor remove.
        let effects = hub.handle(26, message(json!({"type": "lock", "on": true})), 300_000);
        assert_eq!(error_of(&effects, 26).0, "role");
    }

    #[test]
    fn a_rejoin_keeps_the_seats_name_whatever_name_it_brings() {
        let (mut hub, code) = room(Limits::default());
        let joined = hub.handle(
            2,
            message(json!({"type": "join", "code": code, "token": null, "name": "Ada"})),
            0,
        );
        let token = of_type(&joined, 2, "joined").unwrap()["token"].clone();
        let back = hub.handle(
            3,
            message(json!({"type": "join", "code": code, "token": token, "name": "Mallory"})),
            0,
        );
        assert_eq!(of_type(&back, 3, "joined").unwrap()["name"], "Ada");
        assert_eq!(error_of(&back, 2).0, "replaced");
        let roster = of_type(&back, T, "roster").unwrap();
        assert_eq!(roster["students"][0]["name"], "Ada");
    }

    #[test]
    fn a_seat_taken_from_another_network_while_connected_is_marked_for_the_teacher() {
        let (mut hub, code) = room(Limits::default());
        let (school, elsewhere) = (7, 9);
        let taken_over = |effects: &[Effect]| {
            of_type(effects, T, "roster").unwrap()["students"][0]
                .get("takenOver")
                .cloned()
        };
        hub.connected(2, school);
        let joined = join(&mut hub, 2, &code, None);
        let token = of_type(&joined, 2, "joined").unwrap()["token"]
            .as_str()
            .unwrap()
            .to_string();
        assert_eq!(taken_over(&joined), None, "absent while false");
        // Another tab on the same network: replaced as before, nothing marked.
        hub.connected(3, school);
        let again = join(&mut hub, 3, &code, Some(&token));
        let (why, reason, fatal) = error_of(&again, 2);
        assert_eq!((why.as_str(), fatal), ("replaced", true));
        assert!(reason.contains("another tab"), "{reason}");
        assert_eq!(taken_over(&again), None);
        // Back after its page was gone, from another network (a phone off the wifi): nothing.
        hub.leave(3, 0);
        hub.connected(4, elsewhere);
        assert_eq!(taken_over(&join(&mut hub, 4, &code, Some(&token))), None);
        // Taken from another network while connected: the owner is told, the teacher sees it.
        hub.connected(5, school);
        let taken = join(&mut hub, 5, &code, Some(&token));
        let (why, reason, _) = error_of(&taken, 4);
        assert_eq!(why, "replaced");
        assert!(reason.contains("another network"), "{reason}");
        assert_eq!(taken_over(&taken), Some(json!(true)));
        // A connection whose network the hub was not told of marks nothing (unknown).
        let (mut hub, code) = room(Limits::default());
        let token = of_type(&join(&mut hub, 2, &code, None), 2, "joined").unwrap()["token"]
            .as_str()
            .unwrap()
            .to_string();
        hub.connected(3, elsewhere);
        assert_eq!(taken_over(&join(&mut hub, 3, &code, Some(&token))), None);
    }
}
