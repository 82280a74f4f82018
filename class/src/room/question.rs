//! The question a room asks, made by the core ([`question_at`]), never by the room; and the
//! answers that fit it.

use crate::protocol;
use bitqueens::algorithms::Kind;
use bitqueens::session::predict::{Answer, Question, Topic};
use bitqueens::session::Session;
use bitqueens::stepping::Stepping;

/// The furthest step a question may be asked at: the question is made by seeking a new
/// search to the step, which takes time in proportion to it (about 1.5 s of a core at
/// 100,000,000 steps, as a probe of the server measured), on a blocking thread of a server
/// that many rooms share: at this bound, about a tenth of that.
pub const MAX_ASK_STEP: u64 = 10_000_000;

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

/// True when `given` is an answer to `question`: its form, and masks within the board.
pub(crate) fn fits(question: &Question, given: &Answer) -> bool {
    protocol::form(given) == protocol::form(&question.answer) && mask_fits(question.shown.n, given)
}

pub(crate) fn mask_fits(n: u32, answer: &Answer) -> bool {
    let done = bitqueens::board::full_mask(n).unwrap_or(u32::MAX);
    match *answer {
        Answer::Digits { mask } => mask & !done == 0,
        Answer::Rows { ld, col, rd } => (ld | col | rd) & !done == 0,
        Answer::Outcome { .. } => true,
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
