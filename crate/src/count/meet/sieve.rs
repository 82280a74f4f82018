//! The sieve: a large join cut into buckets by a few key bits, each joined only with the
//! buckets it can pair with.

use super::join::{transpose, Join, BLOCK};

/// The join sieved by a few key bits ("cuts", after the reference counter's sieve): the
/// sideways keys are sorted into buckets by their bits at the cuts, and so are the walked
/// keys; a bucket is joined only with the walked buckets that share no cut bit with it (the
/// others cannot make a pair). The cuts are the bits set most often on both sides, sampled:
/// next to the long diagonals, each is set in about half the keys of either side, so three
/// cuts leave about half of the join, in smaller blocks that stay in the cache. (Measured at
/// N = 20: a third of the time; at N = 18, 5%; odd N's joins are too small to sieve.) Where
/// it saves a chunk of the walk, the buckets hold the keys without their cut bits, which two
/// buckets joined never share: at N = 20 a fourth cut takes the keys from 36 bits to 32,
/// four chunks of 8 bits to OR for each walked key instead of five.
#[derive(Default)]
pub struct Sieve {
    pub(super) cuts: Vec<u32>,
    /// The sideways keys, sorted by bucket.
    sideways: Buckets,
    /// For each walked list, its keys sorted by bucket.
    walked: Vec<Buckets>,
}

/// Keys sorted by their bucket (a counting sort): bucket `b` is `keys[starts[b]..starts[b + 1]]`.
/// The vectors only grow: past `starts[buckets]` they hold what an earlier sort left.
#[derive(Default)]
struct Buckets {
    keys: Vec<u64>,
    /// Each key's bucket, in the order given.
    of: Vec<u8>,
    starts: [usize; (1 << CUTS) + 1],
}

impl Buckets {
    /// Sorts `keys` into `buckets` buckets by `bucket`, each key stored as `stored(key)`.
    fn sort(
        &mut self,
        keys: &[u64],
        buckets: usize,
        bucket: impl Fn(u64) -> usize,
        stored: impl Fn(u64) -> u64,
    ) {
        if self.keys.len() < keys.len() {
            self.keys.resize(keys.len(), 0);
            self.of.resize(keys.len(), 0);
        }
        let mut counts = [0usize; 1 << CUTS];
        for (&key, of) in keys.iter().zip(self.of.iter_mut()) {
            let b = bucket(key);
            *of = b as u8;
            counts[b] += 1;
        }
        self.starts = [keys.len(); (1 << CUTS) + 1];
        self.starts[0] = 0;
        for (b, count) in counts.iter().enumerate().take(buckets) {
            self.starts[b + 1] = self.starts[b] + count;
        }
        let mut next = self.starts;
        for (&key, &b) in keys.iter().zip(&self.of) {
            let slot = &mut next[usize::from(b) % (1 << CUTS)];
            self.keys[*slot] = stored(key);
            *slot += 1;
        }
    }

    fn bucket(&self, b: usize) -> &[u64] {
        &self.keys[self.starts[b]..self.starts[b + 1]]
    }
}

/// Sorts `sideways` into `to` and each walked list into its `lists`, by `bucket`, storing
/// `stored(key)` (compiled for each way of reading a bucket and storing a key).
fn sort_all(
    to: &mut Buckets,
    lists: &mut [Buckets],
    sideways: &[u64],
    walked: &[(&[u64], u64)],
    buckets: usize,
    bucket: impl Fn(u64) -> usize + Copy,
    stored: impl Fn(u64) -> u64 + Copy,
) {
    to.sort(sideways, buckets, bucket, stored);
    for (list, &(keys, _)) in lists.iter_mut().zip(walked) {
        list.sort(keys, buckets, bucket, stored);
    }
}

/// Joins smaller than this many pairs are not sieved: the buckets would cost more.
pub(super) const SIEVE_FROM_PAIRS: usize = 1 << 22;

/// Cut bits of a sieved join, at most.
pub(super) const CUTS: usize = 4;
// `Sieve::pairs` reads the bucket of a key by four shifts.
const _: () = assert!(CUTS == 4);

/// Cut bits of a sieved join, at most, but for the one that saves a chunk of the walk (see
/// [`Sieve::pairs`]).
pub(super) const PLAIN_CUTS: usize = 3;

/// The sideways keys a bucket of the sieve holds, about, at least.
pub(super) const BUCKET_KEYS: usize = 256;

/// Keys sampled from each side to choose the cuts.
pub(super) const CUT_SAMPLE: usize = 512;

/// The cuts of a join of `sideways_len` keys of `bits` bits turned sideways and `walked_len`
/// walked: none where it is not sieved (see [`Sieve::pairs`]).
pub(super) fn cuts(bits: u32, sideways_len: usize, walked_len: usize) -> usize {
    if sideways_len.saturating_mul(walked_len) < SIEVE_FROM_PAIRS {
        return 0;
    }
    // One cut per doubling past 2 × BUCKET_KEYS sideways keys, at most PLAIN_CUTS: a
    // narrower block walks at a higher cost per key. One more (CUTS) where the keys, their
    // cut bits taken out, then fill one chunk of the walk fewer (36 bits at N = 20: 5
    // chunks of 8 bits at 3 cuts, 4 at 4 cuts).
    let most = (sideways_len / BUCKET_KEYS)
        .checked_ilog2()
        .map_or(0, |cuts| (cuts as usize).min(bits as usize));
    let chunks = |cuts: usize| (bits as usize - cuts).div_ceil(8);
    if most >= CUTS && chunks(CUTS) < chunks(PLAIN_CUTS) {
        CUTS
    } else {
        most.min(PLAIN_CUTS)
    }
}

impl Sieve {
    /// `Σ weight × (pairs of disjoint keys between `sideways` and `list`)` over `walked`'s
    /// `(list, weight)`; keys have at most `bits` bits.
    pub fn pairs(
        &mut self,
        join: &mut Join,
        bits: u32,
        sideways: &[u64],
        walked: &[(&[u64], u64)],
    ) -> u64 {
        let walked_len: usize = walked.iter().map(|(list, _)| list.len()).sum();
        let cuts = cuts(bits, sideways.len(), walked_len);
        let chunks = |cuts: usize| (bits as usize - cuts).div_ceil(8);
        if cuts == 0 {
            return sideways
                .chunks(BLOCK)
                .map(|block| {
                    let join = join.load_for(block, walked_len);
                    walked
                        .iter()
                        .map(|&(list, weight)| weight * join.pairs_with(list))
                        .sum::<u64>()
                })
                .sum();
        }
        self.choose_cuts(bits, sideways, walked, cuts);
        let buckets = 1 << cuts;
        // The bucket of a key: its bit at cut i as bit i (the cuts increase, so cut i is at
        // bit i or above and moves down by a shift; a cut past `cuts` reads no bit).
        let mut shifts = [0u32; CUTS];
        let mut masks = [0u64; CUTS];
        for (i, &cut) in self.cuts.iter().enumerate() {
            shifts[i] = cut - i as u32;
            masks[i] = 1 << i;
        }
        // Three shifts but where the fourth cut is taken (one shift less for every key sorted).
        let bucket = |key: u64| {
            ((key >> shifts[0] & masks[0])
                | (key >> shifts[1] & masks[1])
                | (key >> shifts[2] & masks[2])) as usize
        };
        let bucket_of_four = |key: u64| bucket(key) | (key >> shifts[3] & masks[3]) as usize;
        // Where that saves a chunk of the walk, the keys are stored without their cut bits:
        // two buckets joined share none of them (`meeting`, below), so those bits decide
        // nothing. The highest cut first, so that the lower ones stay in place. (Elsewhere
        // taking them out costs the sort more than it saves: N = 19, 0.3% more work.)
        let squeezed = chunks(cuts) < chunks(0);
        let mut lows = [u64::MAX; CUTS];
        for (low, &cut) in lows.iter_mut().zip(&self.cuts) {
            *low = (1 << cut) - 1;
        }
        let without_cuts = |key: u64| {
            lows.iter()
                .rev()
                .fold(key, |key, &low| (key & low) | (key >> 1 & !low))
        };
        self.walked.resize_with(walked.len(), Buckets::default);
        let (to, lists) = (&mut self.sideways, &mut self.walked[..]);
        match (cuts == CUTS, squeezed) {
            (true, true) => sort_all(
                to,
                lists,
                sideways,
                walked,
                buckets,
                bucket_of_four,
                without_cuts,
            ),
            (true, false) => sort_all(
                to,
                lists,
                sideways,
                walked,
                buckets,
                bucket_of_four,
                |key| key,
            ),
            (false, true) => sort_all(to, lists, sideways, walked, buckets, bucket, without_cuts),
            (false, false) => sort_all(to, lists, sideways, walked, buckets, bucket, |key| key),
        }
        let bits = if squeezed { bits - cuts as u32 } else { bits };
        let mut pairs = 0;
        for v in 0..buckets {
            let meeting = |u: usize| u & v == 0;
            let walked_len: usize = self
                .walked
                .iter()
                .flat_map(|lists| {
                    (0..buckets)
                        .filter(|&u| meeting(u))
                        .map(|u| lists.bucket(u).len())
                })
                .sum();
            for block in self.sideways.bucket(v).chunks(BLOCK) {
                let join = join.load_narrow(block, walked_len, bits);
                for (lists, &(_, weight)) in self.walked.iter().zip(walked) {
                    for u in (0..buckets).filter(|&u| meeting(u)) {
                        pairs += weight * join.pairs_with(lists.bucket(u));
                    }
                }
            }
        }
        pairs
    }

    /// The `cuts` bits most often set on both sides, from samples.
    fn choose_cuts(&mut self, bits: u32, sideways: &[u64], walked: &[(&[u64], u64)], cuts: usize) {
        // How often each bit is set in (up to CUT_SAMPLE of) the keys, 64 keys turned
        // sideways at a time: row b of the transposed matrix holds the keys' bits b.
        let share = |keys: &mut dyn Iterator<Item = u64>| {
            let mut counts = [0u32; 64];
            let mut len = 0u32;
            let mut rows = [0u64; 64];
            let mut filled = 0;
            for key in keys.take(CUT_SAMPLE) {
                len += 1;
                rows[filled] = key;
                filled += 1;
                if filled == 64 || len as usize == CUT_SAMPLE {
                    rows[filled..].fill(0);
                    transpose(&mut rows);
                    for (count, row) in counts.iter_mut().zip(&rows) {
                        *count += row.count_ones();
                    }
                    filled = 0;
                }
            }
            if filled > 0 {
                rows[filled..].fill(0);
                transpose(&mut rows);
                for (count, row) in counts.iter_mut().zip(&rows) {
                    *count += row.count_ones();
                }
            }
            counts.map(|count| f64::from(count) / f64::from(len.max(1)))
        };
        // Keys spread over each side (a list's first keys share their upper quarter).
        let stride = |len: usize| (len / CUT_SAMPLE).max(1);
        let east = share(&mut sideways.iter().step_by(stride(sideways.len())).copied());
        let walked_len = walked.iter().map(|(list, _)| list.len()).sum();
        let west = share(
            &mut walked
                .iter()
                .flat_map(|(list, _)| list.iter().step_by(stride(walked_len)))
                .copied(),
        );
        let mut by_use: Vec<u32> = (0..bits).collect();
        by_use.sort_by(|&a, &b| {
            let used = |bit: u32| east[bit as usize] * west[bit as usize];
            used(b).total_cmp(&used(a)).then(a.cmp(&b))
        });
        self.cuts.clear();
        self.cuts.extend_from_slice(&by_use[..cuts]);
        // In increasing order, so that cut i is at bit i or above (see `pairs`' bucket).
        self.cuts.sort_unstable();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_sieve_matches_a_naive_weighted_pair_count() {
        // Large enough to be sieved (three cuts; four where the keys without their cut bits
        // then fill one chunk fewer: 36 bits), and once too small to be; keys dense in the
        // middle bits as halves are, so that the cuts fall there.
        let mut random = crate::random::Random::new(11);
        for (sideways_len, walked_lens, bits, cuts) in [
            (2100, [1000, 1100], 30, PLAIN_CUTS),
            (4200, [1000, 1100], 30, PLAIN_CUTS),
            (4200, [1000, 1100], 36, CUTS),
            (300, [40, 50], 30, 0),
        ] {
            let key = |random: &mut crate::random::Random| {
                (0..bits)
                    .filter(|&b| random.next_u64() % 8 < if (10..20).contains(&b) { 4 } else { 2 })
                    .map(|b| 1u64 << b)
                    .sum::<u64>()
            };
            let sideways: Vec<u64> = (0..sideways_len).map(|_| key(&mut random)).collect();
            let lists: Vec<Vec<u64>> = walked_lens
                .iter()
                .map(|&len| (0..len).map(|_| key(&mut random)).collect())
                .collect();
            let walked = [(&lists[0][..], 3), (&lists[1][..], 1)];
            let naive: u64 = walked
                .iter()
                .map(|&(list, weight)| {
                    let pairs = list
                        .iter()
                        .map(|b| sideways.iter().filter(|&&a| a & b == 0).count() as u64)
                        .sum::<u64>();
                    weight * pairs
                })
                .sum();
            let mut sieve = Sieve::default();
            let got = sieve.pairs(&mut Join::new(bits), bits, &sideways, &walked);
            assert_eq!(got, naive, "{sideways_len} sideways keys of {bits} bits");
            let sieved = sideways_len * walked_lens.iter().sum::<usize>() >= SIEVE_FROM_PAIRS;
            assert_eq!(sieved, cuts > 0);
            assert_eq!(sieve.cuts.len(), cuts, "{sideways_len} keys of {bits} bits");
        }
    }
}
