//! Rate limits and caps, without a clock of their own (time is passed in, in ms): join
//! attempts per address in a window of a minute, and messages per connection as a token
//! bucket. (The connections open at once are [`crate::admission`]'s.)

use std::collections::HashMap;
use std::hash::Hash;

/// At most `per_minute` attempts per key in each minute since its first attempt; remembers
/// at most `max_keys` keys (past that, an unknown key is refused until the window moves on).
#[derive(Debug)]
pub struct Window<K> {
    per_minute: u32,
    max_keys: usize,
    seen: HashMap<K, (u64, u32)>,
}

impl<K: Hash + Eq> Window<K> {
    /// A limit of `per_minute` attempts per key.
    pub fn new(per_minute: u32, max_keys: usize) -> Window<K> {
        Window {
            per_minute,
            max_keys,
            seen: HashMap::new(),
        }
    }

    /// True when `key` may make one more attempt at `now_ms` (the attempt is counted).
    pub fn allow(&mut self, key: K, now_ms: u64) -> bool {
        if !self.seen.contains_key(&key) && self.seen.len() >= self.max_keys {
            self.forget_old(now_ms);
            if self.seen.len() >= self.max_keys {
                return false;
            }
        }
        let (start, count) = self.seen.entry(key).or_insert((now_ms, 0));
        if now_ms.saturating_sub(*start) >= 60_000 {
            *start = now_ms;
            *count = 0;
        }
        if *count >= self.per_minute {
            return false;
        }
        *count += 1;
        true
    }

    /// False when `key` is new and the window already remembers as many keys as it may, even
    /// after forgetting those whose minute is over at `now_ms`.
    pub fn has_room_for(&mut self, key: &K, now_ms: u64) -> bool {
        if self.seen.contains_key(key) || self.seen.len() < self.max_keys {
            return true;
        }
        self.forget_old(now_ms);
        self.seen.len() < self.max_keys
    }

    /// The attempts `key` made in its minute, at `now_ms` (0 when that minute is over).
    pub fn used(&self, key: &K, now_ms: u64) -> u32 {
        match self.seen.get(key) {
            Some(&(start, count)) if now_ms.saturating_sub(start) < 60_000 => count,
            _ => 0,
        }
    }

    /// How long until `key`'s minute is over, at `now_ms` (0 when it is over, or never began).
    pub fn left_ms(&self, key: &K, now_ms: u64) -> u64 {
        self.seen.get(key).map_or(0, |&(start, _)| {
            60_000u64.saturating_sub(now_ms.saturating_sub(start))
        })
    }

    /// Forgets the keys whose minute is over.
    pub fn forget_old(&mut self, now_ms: u64) {
        self.seen
            .retain(|_, (start, _)| now_ms.saturating_sub(*start) < 60_000);
    }
}

/// A token bucket: `rate` messages a second, bursts of `burst`.
#[derive(Clone, Debug)]
pub struct Bucket {
    rate: u32,
    burst: u32,
    /// Tokens, in thousandths.
    milli_tokens: u64,
    last_ms: u64,
}

impl Bucket {
    /// A full bucket at `now_ms`.
    pub fn new(rate: u32, burst: u32, now_ms: u64) -> Bucket {
        Bucket {
            rate,
            burst,
            milli_tokens: u64::from(burst) * 1000,
            last_ms: now_ms,
        }
    }

    /// True when a message may go at `now_ms` (its token taken).
    pub fn take(&mut self, now_ms: u64) -> bool {
        let elapsed = now_ms.saturating_sub(self.last_ms);
        self.last_ms = self.last_ms.max(now_ms);
        let full = u64::from(self.burst) * 1000;
        self.milli_tokens =
            (self.milli_tokens + elapsed.saturating_mul(u64::from(self.rate))).min(full);
        if self.milli_tokens >= 1000 {
            self.milli_tokens -= 1000;
            true
        } else {
            false
        }
    }
}

/// Wrong guesses at a join code (or a room's secret, or the teacher key), per guesser and in
/// all, in a window of a minute. Only wrong guesses count, so that a whole class behind one
/// address, typing the right code, joins at once; a guesser whose minute's wrong guesses
/// are spent is refused whatever its next guess, right or wrong, so that it learns
/// nothing more. When the server's wrong guesses in all are spent, only a guesser with no
/// wrong guess this minute may try (once): guessing then takes one address a try.
///
/// Right guesses (joins of an open room) are counted apart, so that one address cannot seat
/// a crowd at once; a guesser whose joins are spent is refused whatever it guesses too.
#[derive(Debug)]
pub struct Guesses<K> {
    per_guesser: Window<K>,
    in_all: Window<()>,
    joins: Window<K>,
    /// Each guesser's wrong guesses in its minute (`per_guesser`'s): the same guess again is
    /// not counted (it tells the guesser nothing new), so a class's phones that keep coming
    /// back to a code a restart took spend one guess, not one each.
    guessed: HashMap<K, Vec<String>>,
}

impl<K: Hash + Eq + Clone> Guesses<K> {
    /// `per_guesser` wrong guesses a minute for each guesser, `in_all` for the server, and
    /// `joins` right ones for each guesser; remembering at most `max_guessers` guessers
    /// (past that, see [`Window`]).
    pub fn new(per_guesser: u32, in_all: u32, joins: u32, max_guessers: usize) -> Guesses<K> {
        Guesses {
            per_guesser: Window::new(per_guesser, max_guessers),
            in_all: Window::new(in_all, 1),
            joins: Window::new(joins, max_guessers),
            guessed: HashMap::new(),
        }
    }

    /// True when `guesser` may guess at `now_ms` (nothing is counted: see [`Self::wrong`]).
    pub fn may_guess(&mut self, guesser: &K, now_ms: u64) -> bool {
        if !self.per_guesser.has_room_for(guesser, now_ms)
            || !self.joins.has_room_for(guesser, now_ms)
        {
            return false; // too many guessers to remember: a new one waits
        }
        if self.joins.used(guesser, now_ms) >= self.joins.per_minute {
            return false;
        }
        let tried = self.per_guesser.used(guesser, now_ms);
        tried < self.per_guesser.per_minute
            && (tried == 0 || self.in_all.used(&(), now_ms) < self.in_all.per_minute)
    }

    /// How long `guesser`, refused at `now_ms`, waits before [`Self::may_guess`] can say yes:
    /// until the minute of every window that refuses it is over (a whole minute when it was
    /// refused for want of room to remember it).
    pub fn retry_in_ms(&self, guesser: &K, now_ms: u64) -> u64 {
        let (tried, own_minute) = (
            self.per_guesser.used(guesser, now_ms),
            self.per_guesser.left_ms(guesser, now_ms),
        );
        let mut wait = 0;
        if tried >= self.per_guesser.per_minute {
            wait = own_minute;
        }
        if self.joins.used(guesser, now_ms) >= self.joins.per_minute {
            wait = wait.max(self.joins.left_ms(guesser, now_ms));
        }
        if tried > 0 && self.in_all.used(&(), now_ms) >= self.in_all.per_minute {
            // Free again when the server's minute is over, or as a first guess when its own is.
            wait = wait.max(own_minute.min(self.in_all.left_ms(&(), now_ms)));
        }
        if wait == 0 {
            60_000
        } else {
            wait
        }
    }

    /// `guesser` guessed wrong at `now_ms`, guessing `guessed` (counted unless it guessed the
    /// same this minute).
    pub fn wrong(&mut self, guesser: K, guessed: String, now_ms: u64) {
        if self.per_guesser.used(&guesser, now_ms) == 0 {
            self.guessed.remove(&guesser); // its minute is over: what it guessed is forgotten
        }
        let before = self.guessed.entry(guesser.clone()).or_default();
        if before.contains(&guessed) {
            return;
        }
        // At most `per_guesser` a minute are kept (counted past the limits too: a guess let
        // through as a guesser's first).
        if before.len() < self.per_guesser.per_minute as usize {
            before.push(guessed);
        }
        self.per_guesser.allow(guesser, now_ms);
        self.in_all.allow((), now_ms);
    }

    /// `guesser` guessed right (joined an open room) at `now_ms`.
    pub fn right(&mut self, guesser: K, now_ms: u64) {
        self.joins.allow(guesser, now_ms);
    }

    /// Forgets the minutes that are over.
    pub fn forget_old(&mut self, now_ms: u64) {
        self.per_guesser.forget_old(now_ms);
        let per_guesser = &self.per_guesser;
        self.guessed
            .retain(|guesser, _| per_guesser.used(guesser, now_ms) > 0);
        self.in_all.forget_old(now_ms);
        self.joins.forget_old(now_ms);
    }
}

/// Frames dropped in a row by a connection's rate before it is closed as a flood.
pub const FLOOD: u32 = 100;

/// What a connection's rate says of one frame it sent (a message, a ping or a pong).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Admit {
    /// Within the rate: handled.
    Pass,
    /// Over it, the first in a row: dropped, and the sender told once.
    DropTelling,
    /// Over it again: dropped without a word.
    Drop,
    /// [`FLOOD`] in a row over it: the connection is closed.
    Flood,
}

/// A connection's rate: a [`Bucket`] for every frame it sends, pings and pongs as well as
/// messages (a browser sends pings on its own only to answer ours), and the drops in a row.
#[derive(Clone, Debug)]
pub struct Rate {
    bucket: Bucket,
    dropped: u32,
}

impl Rate {
    /// `per_second` frames a second, bursts of `burst`, from `now_ms`.
    pub fn new(per_second: u32, burst: u32, now_ms: u64) -> Rate {
        Rate {
            bucket: Bucket::new(per_second, burst, now_ms),
            dropped: 0,
        }
    }

    /// What happens to a frame that came at `now_ms`.
    pub fn admit(&mut self, now_ms: u64) -> Admit {
        if self.bucket.take(now_ms) {
            self.dropped = 0;
            return Admit::Pass;
        }
        self.dropped = self.dropped.saturating_add(1);
        match self.dropped {
            1 => Admit::DropTelling,
            d if d >= FLOOD => Admit::Flood,
            _ => Admit::Drop,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_window_allows_so_many_a_minute_per_key() {
        let mut window = Window::new(3, 10);
        assert!((0..3).all(|i| window.allow("a", i)));
        assert!(!window.allow("a", 10));
        assert!(window.allow("b", 10), "another address is not limited");
        assert!(!window.allow("a", 59_999));
        assert!(window.allow("a", 60_000), "a new minute");
    }

    #[test]
    fn a_window_remembers_a_bounded_number_of_keys() {
        let mut window = Window::new(1, 2);
        assert!(window.allow(1, 0));
        assert!(window.allow(2, 0));
        assert!(!window.allow(3, 1), "full: a new key waits");
        assert!(window.allow(3, 60_000), "the old keys forgotten");
    }

    #[test]
    fn a_bucket_takes_bursts_then_the_rate() {
        let mut bucket = Bucket::new(20, 40, 0);
        assert_eq!((0..100).filter(|_| bucket.take(0)).count(), 40);
        assert!(!bucket.take(49));
        assert!(bucket.take(50), "one token every 50 ms");
        assert_eq!((0..100).filter(|_| bucket.take(1050)).count(), 20);
    }

    #[test]
    fn a_rate_passes_its_burst_tells_once_then_calls_a_flood() {
        let mut rate = Rate::new(20, 40, 0);
        let seen: Vec<Admit> = (0..40 + FLOOD).map(|_| rate.admit(0)).collect();
        assert!(seen[..40].iter().all(|&a| a == Admit::Pass));
        assert_eq!(seen[40], Admit::DropTelling);
        assert!(seen[41..40 + FLOOD as usize - 1]
            .iter()
            .all(|&a| a == Admit::Drop));
        assert_eq!(seen[39 + FLOOD as usize], Admit::Flood);
        // A second later, 20 more pass, and the count of drops starts again.
        assert_eq!(rate.admit(1_000), Admit::Pass);
        assert_eq!(rate.admit(1_000), Admit::Pass);
    }

    #[test]
    fn only_wrong_guesses_count_and_a_spent_server_lets_each_guesser_try_once() {
        let mut guesses: Guesses<u32> = Guesses::new(3, 5, 1000, 100);
        // A guesser with its 3 wrong guesses spent is refused; another is not.
        for guess in ["a", "b", "c"] {
            assert!(guesses.may_guess(&1, 0));
            guesses.wrong(1, guess.to_string(), 0);
        }
        assert!(!guesses.may_guess(&1, 0));
        assert!(guesses.may_guess(&2, 0));
        // Right guesses count apart: a class behind one address joins at once, a crowd does
        // not (here 1,000 a minute); past them, the guesser is refused, right or wrong.
        for _ in 0..1000 {
            assert!(guesses.may_guess(&3, 0));
            guesses.right(3, 0);
        }
        assert!(!guesses.may_guess(&3, 0));
        // 5 wrong in all spend the server's minute: a guesser that already failed waits, a
        // fresh one may try once.
        guesses.wrong(2, "guess 2".to_string(), 0);
        guesses.wrong(4, "guess 3".to_string(), 0);
        assert!(!guesses.may_guess(&2, 0), "failed before, the server spent");
        assert!(guesses.may_guess(&5, 0), "a fresh guesser tries once");
        guesses.wrong(5, "guess 4".to_string(), 0);
        assert!(!guesses.may_guess(&5, 0));
        // A minute later, everything again.
        guesses.forget_old(60_000);
        assert!(guesses.may_guess(&1, 60_000) && guesses.may_guess(&2, 60_000));
    }

    #[test]
    fn a_refused_guesser_is_told_when_it_may_try_again() {
        let mut guesses: Guesses<u32> = Guesses::new(2, 3, 1, 100);
        guesses.wrong(1, "guess 5".to_string(), 0);
        guesses.wrong(1, "guess 6".to_string(), 10_000);
        assert!(!guesses.may_guess(&1, 25_000));
        // Its minute began at 0: at 25 s it waits 35 s, and at 60 s it may guess.
        assert_eq!(guesses.retry_in_ms(&1, 25_000), 35_000);
        assert!(guesses.may_guess(&1, 60_000));
        // Its joins spent (one a minute) from 30 s: told to wait until 90 s.
        guesses.right(2, 30_000);
        assert!(!guesses.may_guess(&2, 40_000));
        assert_eq!(guesses.retry_in_ms(&2, 40_000), 50_000);
        // The server's budget (3) spent: its minute from 0 (9's guess), 1's own from 20 s. At
        // 40 s, 1 (which failed this minute) waits for the server's minute to end, at 60 s.
        let mut guesses: Guesses<u32> = Guesses::new(2, 3, 10, 100);
        guesses.wrong(9, "guess 7".to_string(), 0);
        guesses.wrong(1, "guess 8".to_string(), 20_000);
        guesses.wrong(5, "guess 9".to_string(), 30_000);
        assert!(!guesses.may_guess(&1, 40_000));
        assert_eq!(guesses.retry_in_ms(&1, 40_000), 20_000);
        assert!(guesses.may_guess(&1, 60_000));
    }

    #[test]
    fn the_same_wrong_guess_again_counts_once_a_minute() {
        let mut guesses: Guesses<u32> = Guesses::new(3, 1_000, 1_000, 100);
        // Thirty phones behind one address come back to a code a restart took: one guess.
        for _ in 0..30 {
            assert!(guesses.may_guess(&1, 0));
            guesses.wrong(1, "code ABCDEF".to_string(), 0);
        }
        guesses.wrong(1, "code ABCDEG".to_string(), 0);
        assert!(guesses.may_guess(&1, 0), "two guesses of three");
        guesses.wrong(1, "code ABCDEH".to_string(), 0);
        assert!(!guesses.may_guess(&1, 0), "a third new one spends them");
        // In its next minute, the first guess counts again.
        guesses.forget_old(60_000);
        guesses.wrong(1, "code ABCDEF".to_string(), 60_000);
        guesses.wrong(1, "code ABCDEF".to_string(), 60_000);
        guesses.wrong(1, "code ABCDEG".to_string(), 60_000);
        assert!(guesses.may_guess(&1, 60_000));
        guesses.wrong(1, "code ABCDEF".to_string(), 61_000);
        assert!(guesses.may_guess(&1, 61_000), "a repeat is still free");
        guesses.wrong(1, "code ABCDEJ".to_string(), 61_000);
        assert!(!guesses.may_guess(&1, 61_000));
    }
}
