//! Which connections the server holds open, without a clock or sockets of its own: at most
//! `total` at once and `per_key` from one key (an address), and among them a bounded share of
//! *unsettled* ones, those that hold no seat yet (a request not yet read, a page's files, a
//! WebSocket before its seat), so that a flood of slow or idle connections cannot keep the
//! class out: when the share (or the total) is full, a newcomer takes the place of an
//! unsettled connection, never a seated one.
//!
//! A connection is, in turn:
//!
//! | state      | from                          | to                                  |
//! |------------|-------------------------------|-------------------------------------|
//! | `Waiting`  | admitted                      | `Serving` (its first request's head was read), `Seated`, evicted, released |
//! | `Serving`  | `Waiting`                     | `Seated`, evicted, released         |
//! | `Seated`   | `Waiting` or `Serving`        | released                            |
//!
//! Invariants:
//! - `count` is the number of connections admitted and neither released nor evicted, and
//!   `by_key` counts them per key (a key with none is forgotten); `count <= total` and each
//!   key's count `<= per_key` after every call;
//! - unsettled (`Waiting` and `Serving`) connections are at most `unsettled` after every call;
//! - the one evicted is of the key (an address, an IPv6 /64: the server's choice) that has the
//!   most unsettled connections, Waiting and Serving together (a flood comes from few
//!   addresses, however its connections behave: half heads, or one quick request and then
//!   idling), its oldest `Waiting` one if it has any, else its oldest `Serving` one;
//! - a `Seated` connection is never evicted;
//! - an id is released at most once; an evicted id's release changes nothing.

use std::collections::{BTreeSet, HashMap, VecDeque};
use std::hash::Hash;

/// Which cap a connection met.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Full {
    /// The server has as many connections open as it takes, every one seated.
    Total,
    /// This address has as many connections open as one address may.
    Address,
}

/// A connection's state (see the module's table).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum State {
    Waiting,
    Serving,
    Seated,
}

/// A newcomer let in: its id, and the id of the connection it displaced (to be closed now),
/// if any.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Admitted {
    pub id: u64,
    pub evicted: Option<u64>,
}

/// The unsettled connections: each key's Waiting and Serving ids, each oldest first, and the
/// keys ordered by how many they hold in all.
#[derive(Debug)]
struct Unsettled<K> {
    by_key: HashMap<K, (VecDeque<u64>, VecDeque<u64>)>,
    sizes: BTreeSet<(usize, K)>,
    count: usize,
}

impl<K: Hash + Ord + Clone> Unsettled<K> {
    fn new() -> Unsettled<K> {
        Unsettled {
            by_key: HashMap::new(),
            sizes: BTreeSet::new(),
            count: 0,
        }
    }

    fn size(&self, key: &K) -> usize {
        self.by_key.get(key).map_or(0, |(w, s)| w.len() + s.len())
    }

    /// `key` held `before` and holds what it holds now: its place in `sizes` follows.
    fn resized(&mut self, key: &K, before: usize) {
        let after = self.size(key);
        if before > 0 {
            self.sizes.remove(&(before, key.clone()));
        }
        if after > 0 {
            self.sizes.insert((after, key.clone()));
        } else {
            self.by_key.remove(key);
        }
    }

    /// `id` of `key` joins its Waiting (or else Serving) ones, as the newest.
    fn push(&mut self, key: &K, id: u64, waiting: bool) {
        let before = self.size(key);
        let (waits, serves) = self.by_key.entry(key.clone()).or_default();
        if waiting {
            waits.push_back(id);
        } else {
            serves.push_back(id);
        }
        self.resized(key, before);
        self.count += 1;
    }

    /// `id` of `key` leaves, if it is here.
    fn remove(&mut self, key: &K, id: u64) {
        let before = self.size(key);
        let Some((waits, serves)) = self.by_key.get_mut(key) else {
            return;
        };
        let mut found = false;
        for ids in [waits, serves] {
            if let Some(at) = ids.iter().position(|&x| x == id) {
                ids.remove(at);
                found = true;
                break;
            }
        }
        if found {
            self.resized(key, before);
            self.count -= 1;
        }
    }

    /// The one to displace: of the key that holds the most (of two holding as many, the
    /// greater key), its oldest Waiting one, else its oldest Serving one.
    fn victim(&self) -> Option<u64> {
        let (_, key) = self.sizes.last()?;
        let (waits, serves) = self.by_key.get(key)?;
        waits.front().or(serves.front()).copied()
    }
}

/// The connections open at once (see the module's invariants).
#[derive(Debug)]
pub struct Admission<K> {
    total: usize,
    per_key: usize,
    unsettled: usize,
    count: usize,
    by_key: HashMap<K, usize>,
    live: HashMap<u64, (K, State)>,
    pool: Unsettled<K>,
    next_id: u64,
}

impl<K: Hash + Ord + Clone> Admission<K> {
    /// None open yet; at most `total` at once, `per_key` from one key, `unsettled` unsettled
    /// (each at least 1).
    pub fn new(total: usize, per_key: usize, unsettled: usize) -> Admission<K> {
        Admission {
            total: total.max(1),
            per_key: per_key.max(1),
            unsettled: unsettled.max(1),
            count: 0,
            by_key: HashMap::new(),
            live: HashMap::new(),
            pool: Unsettled::new(),
            next_id: 0,
        }
    }

    /// A newcomer from `key`, `Waiting`: let in (displacing an unsettled connection when the
    /// share or the total is full), or refused with the cap it meets (nothing changed).
    pub fn admit(&mut self, key: K) -> Result<Admitted, Full> {
        if self.by_key.get(&key).copied().unwrap_or(0) >= self.per_key {
            return Err(Full::Address);
        }
        let mut evicted = None;
        if self.count >= self.total || self.pool.count >= self.unsettled {
            let Some(victim) = self.pool.victim() else {
                return Err(Full::Total);
            };
            self.forget(victim);
            evicted = Some(victim);
        }
        let id = self.next_id;
        self.next_id += 1;
        self.count += 1;
        *self.by_key.entry(key.clone()).or_insert(0) += 1;
        self.pool.push(&key, id, true);
        self.live.insert(id, (key, State::Waiting));
        Ok(Admitted { id, evicted })
    }

    /// Connection `id` has sent its first request's head: `Serving` (from `Waiting` only).
    pub fn serving(&mut self, id: u64) {
        self.move_to(id, State::Serving);
    }

    /// Connection `id` took a seat: `Seated`, never displaced.
    pub fn seated(&mut self, id: u64) {
        self.move_to(id, State::Seated);
    }

    /// Connection `id` ended (an evicted or unknown id: nothing).
    pub fn release(&mut self, id: u64) {
        self.forget(id);
    }

    /// Connections open now (not counting those evicted and not yet closed).
    pub fn count(&self) -> usize {
        self.count
    }

    /// Unsettled connections open now.
    pub fn unsettled(&self) -> usize {
        self.pool.count
    }

    /// `id` moves on to `to`, forward only (see the module's table).
    fn move_to(&mut self, id: u64, to: State) {
        let Some((key, state)) = self.live.get_mut(&id) else {
            return;
        };
        let forward = matches!(
            (*state, to),
            (State::Waiting, State::Serving) | (State::Waiting | State::Serving, State::Seated)
        );
        if !forward {
            return;
        }
        *state = to;
        let key = key.clone();
        self.pool.remove(&key, id);
        if to == State::Serving {
            self.pool.push(&key, id, false);
        }
    }

    /// Takes `id` out of every count (released or evicted).
    fn forget(&mut self, id: u64) {
        let Some((key, _)) = self.live.remove(&id) else {
            return;
        };
        self.pool.remove(&key, id);
        self.count -= 1;
        if let Some(open) = self.by_key.get_mut(&key) {
            *open -= 1;
            if *open == 0 {
                self.by_key.remove(&key);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn open_connections_are_capped_in_all_and_per_address() {
        let mut open = Admission::new(5, 2, 5);
        let a = open.admit("a").unwrap().id;
        open.admit("a").unwrap();
        assert_eq!(open.admit("a"), Err(Full::Address));
        let ids: Vec<u64> = ["b", "b", "c"]
            .into_iter()
            .map(|key| open.admit(key).unwrap().id)
            .collect();
        for id in [a, ids[0], ids[1]] {
            open.seated(id);
        }
        assert_eq!(open.count(), 5);
        // Full, two unsettled: a newcomer displaces one of them, never a seated one.
        let d = open.admit("d").unwrap();
        assert!(d.evicted.is_some());
        assert_eq!(open.count(), 5);
        open.release(d.evicted.unwrap()); // its socket closing: nothing more
        assert_eq!(open.count(), 5);
        // All seated but the newcomers: they displace each other; all seated: refused.
        open.seated(d.id);
        let e = open.admit("e").unwrap();
        assert!(e.evicted.is_some());
        open.seated(e.id);
        assert_eq!(open.admit("f"), Err(Full::Total));
        open.release(a);
        assert!(open.admit("a").is_ok(), "a place given back is taken again");
    }

    #[test]
    fn a_newcomer_displaces_a_connection_of_the_address_with_the_most_however_they_behave() {
        // At most 6 unsettled. A flood from x: each connection made one quick request and
        // idles (Serving); a phone on y is still sending its first head (Waiting).
        let mut open = Admission::new(100, 100, 6);
        let x: Vec<u64> = (0..4).map(|_| open.admit("x").unwrap().id).collect();
        for &id in &x {
            open.serving(id);
        }
        let phone = open.admit("y").unwrap().id;
        let student = open.admit("s").unwrap();
        assert_eq!(student.evicted, None, "room for six");
        // Full: newcomers take x's places, oldest first, never the phone's nor the student's.
        assert_eq!(open.admit("t").unwrap().evicted, Some(x[0]));
        assert_eq!(open.admit("t").unwrap().evicted, Some(x[1]));
        // x and t hold two each now: the greater key, x, loses its oldest; then t (two) its
        // oldest, a Waiting one.
        assert_eq!(open.admit("u").unwrap().evicted, Some(x[2]));
        assert_eq!(open.admit("u").unwrap().evicted, Some(student.id + 1));
        assert!(open.live.contains_key(&phone) && open.live.contains_key(&student.id));
        assert_eq!(open.unsettled(), 6);
    }

    #[test]
    fn within_the_address_with_the_most_a_waiting_one_goes_before_a_serving_one() {
        let mut open = Admission::new(100, 100, 3);
        let a: Vec<u64> = (0..3).map(|_| open.admit("a").unwrap().id).collect();
        open.serving(a[0]);
        open.serving(a[1]);
        // a[2] still sends its head: it goes first, though a[0] and a[1] are older.
        assert_eq!(open.admit("b").unwrap().evicted, Some(a[2]));
        // Then a's oldest Serving one.
        assert_eq!(open.admit("c").unwrap().evicted, Some(a[0]));
    }

    #[test]
    fn settling_and_releasing_keep_every_count_right() {
        let mut open = Admission::new(100, 100, 3);
        let a: Vec<u64> = (0..2).map(|_| open.admit("a").unwrap().id).collect();
        let b = open.admit("b").unwrap().id;
        for &id in a.iter().chain([&b]) {
            open.serving(id);
        }
        let c = open.admit("c").unwrap();
        assert_eq!(c.evicted, Some(a[0]));
        // Settling and releasing keep every count right.
        open.seated(c.id);
        open.serving(c.id); // no way back from Seated
        assert_eq!(open.unsettled(), 2);
        for id in [a[1], b, c.id, c.id] {
            open.release(id);
        }
        assert_eq!(
            (open.count(), open.unsettled(), open.by_key.len()),
            (0, 0, 0)
        );
        assert!(open.live.is_empty() && open.pool.sizes.is_empty() && open.pool.by_key.is_empty());
    }
}
