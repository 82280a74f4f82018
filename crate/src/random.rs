//! Random numbers the core draws itself (it never asks JS for randomness): SplitMix64
//! (Steele, Lea and Flood), so that whatever is drawn from a seed is the same on every
//! machine. Every seed gives a full-period stream.

/// A SplitMix64 stream.
#[derive(Clone, Debug)]
pub struct Random(u64);

impl Random {
    /// The stream of `seed`.
    pub fn new(seed: u64) -> Random {
        Random(seed)
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A whole number in `0..k` (k >= 1), each equally likely up to 2^-32.
    pub fn below(&mut self, k: u32) -> u32 {
        (((self.next_u64() >> 32) * u64::from(k)) >> 32) as u32
    }

    /// One of the set bits of `mask` (not 0), each equally likely.
    pub fn bit_of(&mut self, mask: u32) -> u32 {
        nth_bit(mask, self.below(mask.count_ones()))
    }
}

/// The `j`-th set bit of `mask`, lowest first.
fn nth_bit(mut mask: u32, j: u32) -> u32 {
    for _ in 0..j {
        mask &= mask - 1;
    }
    mask & mask.wrapping_neg()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_are_below_their_bound_and_cover_it() {
        let mut random = Random::new(7);
        let mut seen = [0; 5];
        for _ in 0..1000 {
            seen[random.below(5) as usize] += 1;
        }
        assert!(seen.iter().all(|&s| s > 150), "{seen:?}");
    }

    #[test]
    fn nth_bit_counts_from_the_lowest() {
        assert_eq!(nth_bit(0b1011_0100, 0), 0b100);
        assert_eq!(nth_bit(0b1011_0100, 2), 0b10_0000);
        assert_eq!(nth_bit(0b1011_0100, 3), 0b1000_0000);
    }

    #[test]
    fn a_seed_gives_the_same_stream_and_seeds_differ() {
        let draw = |seed| {
            (0..4).map({
                let mut random = Random::new(seed);
                move |_| random.next_u64()
            })
        };
        assert!(draw(1).eq(draw(1)));
        assert!(!draw(1).eq(draw(2)));
    }
}
