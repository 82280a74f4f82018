//! The join: the pairs of east and west keys that share no diagonal, counted a block of keys
//! at a time with the block turned sideways (SIMD over its bits).

/// Keys per block of the join: 64 words of 64 bits.
pub const BLOCK: usize = 64 * 64;

/// Counts the pairs `(a, b)`, `a` of `east` and `b` of `west`, with `a & b == 0`; keys have
/// at most `bits` bits.
pub fn count_disjoint(east: &[u64], west: &[u64], bits: u32) -> u64 {
    Join::new(bits).pairs(east, west)
}

pub(super) const WORDS: usize = BLOCK / 64;

/// `$body` with the constant `$w` equal to `$words`, one of the widths a block is loaded at
/// (1, 2, then every multiple of 4 up to 64 words); `$otherwise` for any other value.
#[rustfmt::skip]
macro_rules! with_fixed_width {
    ($words:expr, $w:ident => $body:expr, $otherwise:expr) => {
        match $words {
            1 => { const $w: usize = 1; $body }
            2 => { const $w: usize = 2; $body }
            4 => { const $w: usize = 4; $body }
            8 => { const $w: usize = 8; $body }
            12 => { const $w: usize = 12; $body }
            16 => { const $w: usize = 16; $body }
            20 => { const $w: usize = 20; $body }
            24 => { const $w: usize = 24; $body }
            28 => { const $w: usize = 28; $body }
            32 => { const $w: usize = 32; $body }
            36 => { const $w: usize = 36; $body }
            40 => { const $w: usize = 40; $body }
            44 => { const $w: usize = 44; $body }
            48 => { const $w: usize = 48; $body }
            52 => { const $w: usize = 52; $body }
            56 => { const $w: usize = 56; $body }
            60 => { const $w: usize = 60; $body }
            64 => { const $w: usize = 64; $body }
            _ => $otherwise,
        }
    };
}

/// The join of one block of east keys. A key is cut into chunks of `k` bits (`k` from 4 to
/// 8, chosen at each load); for each chunk and each value it can take, the table holds the OR
/// of the sideways rows (one bit per east key) of the bits set in the value. Made once and
/// loaded again for each block.
pub struct Join {
    /// The bits of a key (at most 64).
    pub(super) bits: u32,
    /// The bits of the keys of the last load (at most `bits`), of a chunk, and the chunks of
    /// a key.
    loaded_bits: u32,
    chunk_bits: u32,
    chunks: usize,
    /// The words of a sideways row at the last load, and its keys.
    words: usize,
    len: usize,
    /// Chunk `c`'s row for value `v` is `table[(c * 256 + v) * words..][..words]`.
    table: Vec<u64>,
    /// The last block loaded, turned sideways (see [`Join::load_width`]).
    sideways: Vec<u64>,
}

impl Join {
    pub fn new(bits: u32) -> Join {
        let most_chunks = (bits as usize).div_ceil(4).max(1);
        Join {
            bits,
            loaded_bits: bits,
            chunk_bits: 8,
            chunks: 0,
            words: 0,
            len: 0,
            table: vec![0; most_chunks * 256 * WORDS],
            sideways: vec![0; 64 * WORDS],
        }
    }

    /// Turns `block` (at most [`BLOCK`] keys) sideways into the table, for walking many keys.
    pub fn load(&mut self, block: &[u64]) -> &Self {
        self.load_for(block, usize::MAX)
    }

    /// Turns `block` (at most [`BLOCK`] keys) sideways into the table, for walking `walked`
    /// keys: the chunk width makes the least work, `chunks × (2^k + walked)` rows ORed.
    pub fn load_for(&mut self, block: &[u64], walked: usize) -> &Self {
        self.load_narrow(block, walked, self.bits)
    }

    /// [`Join::load_for`] for keys of `bits` bits, at most the join's (a sieve's keys, whose
    /// cut bits are taken out): the fewer bits, the fewer chunks to OR for each walked key.
    pub fn load_narrow(&mut self, block: &[u64], walked: usize, bits: u32) -> &Self {
        assert!(block.len() <= BLOCK, "a block holds at most {BLOCK} keys");
        assert!(bits <= self.bits, "a key has at most {} bits", self.bits);
        self.len = block.len();
        self.loaded_bits = bits;
        // Rounded up to a multiple of 4 (a 256-bit vector) past 2, so that the loops are
        // compiled for fixed widths (the padding's bits stand for no key: they stay 0).
        self.words = match block.len().div_ceil(64) {
            words @ 0..=2 => words,
            words => words.next_multiple_of(4),
        };
        let bits = bits.max(1);
        let work = |k: u32| {
            (bits.div_ceil(k) as usize).saturating_mul((1usize << k).saturating_add(walked))
        };
        self.chunk_bits = (4..=8).rev().min_by_key(|&k| work(k)).expect("widths");
        self.chunks = bits.div_ceil(self.chunk_bits) as usize;
        #[cfg(target_arch = "x86_64")]
        if has_avx512() {
            // SAFETY: the CPU has the features the function is compiled for.
            unsafe { self.load_avx512(block) };
            return self;
        }
        #[cfg(target_arch = "x86_64")]
        if std::arch::is_x86_feature_detected!("avx2") {
            // SAFETY: the CPU has the features the function is compiled for.
            unsafe { self.load_avx2(block) };
            return self;
        }
        self.load_portable(block);
        self
    }

    /// [`Join::load`] compiled for AVX-512 (the same code: the compiler vectorises it).
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx512f,avx512vpopcntdq,avx2,popcnt")]
    unsafe fn load_avx512(&mut self, block: &[u64]) {
        self.load_portable(block)
    }

    /// [`Join::load`] compiled for AVX2 (the same code: the compiler vectorises it).
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx2")]
    unsafe fn load_avx2(&mut self, block: &[u64]) {
        self.load_portable(block)
    }

    /// The load for any target: at a fixed width (a copy of [`Join::load_width`] for each
    /// width, vectorised for it) natively; in wasm, fixed only at 1 and 2 words, where most
    /// blocks are, and one copy for the rest (a copy per width made the load 120 KB of the
    /// module's code, and a one-thread count of N = 17 no faster).
    #[inline(always)]
    fn load_portable(&mut self, block: &[u64]) {
        #[cfg(target_arch = "wasm32")]
        match self.words {
            0 => {}
            1 => self.load_width(block, 1),
            2 => self.load_width(block, 2),
            words => self.load_width(block, words),
        }
        #[cfg(not(target_arch = "wasm32"))]
        with_fixed_width!(self.words, W => self.load_width(block, W), ())
    }

    /// The load at a width of `w` words.
    #[inline(always)]
    fn load_width(&mut self, block: &[u64], w: usize) {
        let k = self.chunk_bits as usize;
        let bits = self.loaded_bits as usize;
        let table = &mut self.table[..self.chunks * 256 * w];
        // The block turned sideways, 64 keys at a time: word `j` of bit `b`'s row,
        // `sideways[b * w + j]`, has bit `i` set when key `64 j + i` has bit `b` (words past
        // the block's keys: 0). Every word of the first `bits` rows is written.
        let sideways = &mut self.sideways[..64 * w];
        for j in 0..w {
            let mut rows = [0u64; 64];
            if let Some(keys) = block.get(64 * j..) {
                let keys = &keys[..keys.len().min(64)];
                rows[..keys.len()].copy_from_slice(keys);
                transpose(&mut rows);
            }
            for (b, row) in rows.iter().enumerate().take(bits) {
                sideways[b * w + j] = *row;
            }
        }
        for chunk in 0..self.chunks {
            // Only the values this chunk of a key can take: all but in the last chunk.
            let chunk_bits = (bits - k * chunk).min(k);
            let table = &mut table[chunk * 256 * w..][..(1 << chunk_bits) * w];
            let rows = &sideways[k * chunk * w..][..chunk_bits * w];
            fill_table(table, rows, w);
        }
    }

    /// The pairs `(a, b)`, `a` of `one` and `b` of `other`, with `a & b == 0`: the shorter
    /// list is turned sideways block by block, the longer one walked key by key.
    pub fn pairs(&mut self, one: &[u64], other: &[u64]) -> u64 {
        let (sideways, walked) = if one.len() <= other.len() {
            (one, other)
        } else {
            (other, one)
        };
        sideways
            .chunks(BLOCK)
            .map(|block| self.load_for(block, walked.len()).pairs_with(walked))
            .sum()
    }

    /// The pairs of the loaded block with the keys of `west` that share no bit.
    pub fn pairs_with(&self, west: &[u64]) -> u64 {
        #[cfg(target_arch = "x86_64")]
        if has_avx512() {
            // SAFETY: the CPU has the features the function is compiled for.
            return unsafe { self.pairs_with_avx512(west) };
        }
        #[cfg(target_arch = "x86_64")]
        if std::arch::is_x86_feature_detected!("avx2")
            && std::arch::is_x86_feature_detected!("popcnt")
        {
            // SAFETY: the CPU has the features the function is compiled for.
            return unsafe { self.pairs_with_avx2(west) };
        }
        #[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
        if self.words >= 4 {
            return self.pairs_with_simd128(west);
        }
        self.pairs_with_portable(west)
    }

    /// [`Join::pairs_with`] compiled for AVX-512 with its vector popcount (512-bit rows ORed
    /// and counted in one instruction each).
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx512f,avx512vpopcntdq,avx2,popcnt")]
    unsafe fn pairs_with_avx512(&self, west: &[u64]) -> u64 {
        self.pairs_with_portable(west)
    }

    /// [`Join::pairs_with`] compiled for AVX2 and POPCNT (the same code: the compiler vectorises it).
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx2,popcnt")]
    unsafe fn pairs_with_avx2(&self, west: &[u64]) -> u64 {
        self.pairs_with_portable(west)
    }

    /// [`Join::pairs_with`] in wasm's 128-bit SIMD, for blocks of 4 words or more (always a
    /// multiple of 4). The compiler left the plain loops scalar there (a 64-bit OR and popcount
    /// per word), so the walk is written out: the block's words are walked in slices of 16, 8
    /// or 4 words (8, 4 or 2 vectors, all kept in registers), each slice for every west key.
    #[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
    fn pairs_with_simd128(&self, west: &[u64]) -> u64 {
        let mut clashes = 0;
        let mut first = 0;
        while first < self.words {
            let (sum, words) = match self.words - first {
                16.. => (self.clashes_simd128::<8>(west, first), 16),
                8.. => (self.clashes_simd128::<4>(west, first), 8),
                _ => (self.clashes_simd128::<2>(west, first), 4),
            };
            clashes += sum;
            first += words;
        }
        west.len() as u64 * self.len as u64 - clashes
    }

    /// The clashes (east key, west key sharing a bit) of the block's words `first..first + 2V`
    /// with every key of `west`: for each key, the `V` vectors of its chunks' rows ORed, and
    /// their bits counted byte by byte (`i8x16.popcnt`) into 16-bit lanes.
    #[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
    #[inline(always)]
    fn clashes_simd128<const V: usize>(&self, west: &[u64], first: usize) -> u64 {
        use core::arch::wasm32::*;
        let (k, words) = (self.chunk_bits, self.words);
        let mask = (1u64 << k) - 1;
        assert!(first + 2 * V <= words && self.chunks * 256 * words <= self.table.len());
        let base = self.table[first..].as_ptr();
        let mut clashes = 0;
        // A key adds at most 8 V ≤ 64 to a byte's count and 128 to a 16-bit lane: 256 keys
        // fit in a lane (32,768 < 65,536) before the lanes are added up.
        for keys in west.chunks(256) {
            let mut lanes = u16x8_splat(0);
            for &key in keys {
                let mut clash = [u64x2_splat(0); V];
                let mut rest = key;
                for chunk in 0..self.chunks {
                    let row = (chunk * 256 + (rest & mask) as usize) * words;
                    rest >>= k;
                    for (v, c) in clash.iter_mut().enumerate() {
                        // SAFETY: `rest & mask` < 256 (chunks have at most 8 bits), so the
                        // row's words `first..first + 2V` lie in the chunks' tables (both
                        // asserted above).
                        let r = unsafe { base.add(row + 2 * v).cast::<v128>().read_unaligned() };
                        *c = v128_or(*c, r);
                    }
                }
                let mut bytes = u8x16_popcnt(clash[0]);
                for &c in &clash[1..] {
                    bytes = u8x16_add(bytes, u8x16_popcnt(c));
                }
                lanes = u16x8_add(lanes, u16x8_extadd_pairwise_u8x16(bytes));
            }
            let quads = u32x4_extadd_pairwise_u16x8(lanes);
            clashes += u64::from(u32x4_extract_lane::<0>(quads))
                + u64::from(u32x4_extract_lane::<1>(quads))
                + u64::from(u32x4_extract_lane::<2>(quads))
                + u64::from(u32x4_extract_lane::<3>(quads));
        }
        clashes
    }

    /// [`Join::pairs_with`] for any target: plain loops over words, which the compiler vectorises
    /// for the target's SIMD (SSE2 natively; in wasm it runs for blocks of 1 or 2 words).
    #[inline(always)]
    pub fn pairs_with_portable(&self, west: &[u64]) -> u64 {
        #[cfg(target_arch = "wasm32")]
        if let Some(pairs) = self.pairs_with_unrolled(west) {
            return pairs;
        }
        // No block loaded, or an empty one: no pairs.
        with_fixed_width!(self.words, W => self.pairs_with_words::<W>(west, self.chunk_bits, self.chunks), 0)
    }

    /// In wasm, the walk of blocks of 1 or 2 words (most of them: the blocks are small) with the
    /// chunk width and the number of chunks fixed, for keys of 28 to 36 bits (N = 16 to 19), so
    /// that the loop over a key's chunks is unrolled: V8 made each chunk a variable shift and a
    /// loop count, about 9 instructions where the unrolled walk has 5 (a one-thread count of
    /// N = 17 in wasm: 0.93 of the time). `None` for the other blocks.
    #[cfg(target_arch = "wasm32")]
    #[rustfmt::skip]
    fn pairs_with_unrolled(&self, west: &[u64]) -> Option<u64> {
        macro_rules! unrolled {
            ($(($w:literal, $k:literal, $c:literal)),* $(,)?) => {
                match (self.words, self.chunk_bits, self.chunks) {
                    $(($w, $k, $c) => Some(self.pairs_with_words::<$w>(west, $k, $c)),)*
                    _ => None,
                }
            };
        }
        unrolled!(
            (1, 8, 4), (1, 8, 5), (1, 7, 4), (1, 7, 5), (1, 7, 6), (1, 6, 5), (1, 6, 6),
            (1, 5, 6), (1, 5, 7), (1, 5, 8), (1, 4, 7), (1, 4, 8), (1, 4, 9),
            (2, 8, 4), (2, 8, 5), (2, 7, 4), (2, 7, 5), (2, 7, 6), (2, 6, 5), (2, 6, 6),
            (2, 5, 6), (2, 5, 7), (2, 5, 8), (2, 4, 7), (2, 4, 8), (2, 4, 9),
        )
    }

    /// The walk for blocks of `W` words (a fixed width, so that the compiler unrolls it), keys of
    /// `chunks` chunks of `k` bits (the join's; constants where the caller makes them so).
    #[inline(always)]
    fn pairs_with_words<const W: usize>(&self, west: &[u64], k: u32, chunks: usize) -> u64 {
        debug_assert!(k == self.chunk_bits && chunks == self.chunks);
        let mask = (1u64 << k) - 1;
        // The chunks' tables of 256 rows (a value indexes one with no bounds check).
        let (rows, _) = self.table[..chunks * 256 * W].as_chunks::<W>();
        let (tables, _) = rows.as_chunks::<256>();
        // Per word of the block, the clashes counted so far (added up at the end, so that the
        // counts of the walked keys stay in vector registers).
        let mut clashing = [0u64; W];
        for &key in west {
            let mut clash = [0u64; W];
            let mut rest = key;
            for table in tables {
                let row = &table[(rest & mask) as u8 as usize];
                rest >>= k;
                for (c, r) in clash.iter_mut().zip(row) {
                    *c |= r;
                }
            }
            for (sum, c) in clashing.iter_mut().zip(clash) {
                *sum += u64::from(c.count_ones());
            }
        }
        west.len() as u64 * self.len as u64 - clashing.iter().sum::<u64>()
    }
}

/// Fills a chunk's table (`2^b` rows of `w` words for a chunk of `b` bits) from the rows of its
/// single bits (`rows`, `b` rows of `w` words): the row of each value is the OR of the rows of
/// its bits. Natively, every value past the single bits is the OR of two rows made before (of
/// its lowest bit and of the rest), each `w` words in a few vector instructions (faster there
/// than the wasm way below where the blocks are wide: the load's share of N = 19, 10.3% of the
/// time against 11.4%).
#[cfg(not(target_arch = "wasm32"))]
#[inline(always)]
fn fill_table(table: &mut [u64], rows: &[u64], w: usize) {
    let values = table.len() / w;
    table[..w].fill(0);
    for (bit, row) in rows.chunks_exact(w).enumerate() {
        table[(1 << bit) * w..][..w].copy_from_slice(row);
    }
    for value in 3..values {
        let low = value & value.wrapping_neg();
        if low == value {
            continue;
        }
        let (done, rest) = table.split_at_mut(value * w);
        let (a, b) = (&done[low * w..][..w], &done[(value - low) * w..][..w]);
        for ((out, x), y) in rest[..w].iter_mut().zip(a).zip(b) {
            *out = x | y;
        }
    }
}

/// [`fill_table`] in wasm: bit by bit, the values with that bit as their highest are the rows
/// of the values below it (made already, the first one 0), each ORed with the bit's row: one
/// run of ORs with no branch (with the native way, a one-thread count of N = 17 in wasm took
/// 1.06 of the time).
#[cfg(target_arch = "wasm32")]
#[inline(always)]
fn fill_table(table: &mut [u64], rows: &[u64], w: usize) {
    table[..w].fill(0);
    for (bit, row) in rows.chunks_exact(w).enumerate() {
        let (below, above) = table.split_at_mut((1 << bit) * w);
        let above = &mut above[..below.len()];
        for (out, low) in above.chunks_exact_mut(w).zip(below.chunks_exact(w)) {
            for ((o, l), r) in out.iter_mut().zip(low).zip(row) {
                *o = l | r;
            }
        }
    }
}

/// Whether this CPU has AVX-512 with its vector popcount (`avx512f`, `avx512vpopcntdq`).
#[cfg(target_arch = "x86_64")]
fn has_avx512() -> bool {
    std::arch::is_x86_feature_detected!("avx512f")
        && std::arch::is_x86_feature_detected!("avx512vpopcntdq")
}

/// Transposes a 64×64 bit matrix in place: bit c of `rows[i]` goes to bit i of `rows[c]`
/// (blocks of half the width swapped across the diagonal, then quarters, down to single bits).
#[inline(always)]
pub(super) fn transpose(rows: &mut [u64; 64]) {
    let mut width = 32;
    let mut low = 0x0000_0000_FFFF_FFFFu64;
    while width != 0 {
        // Rows k and k + width (k without the bit `width`) swap the high columns of row k with
        // the low ones of row k + width, within each group of 2 × width columns.
        for group in rows.chunks_exact_mut(2 * width) {
            let (upper, lower) = group.split_at_mut(width);
            for (a, b) in upper.iter_mut().zip(lower) {
                let t = ((*a >> width) ^ *b) & low;
                *b ^= t;
                *a ^= t << width;
            }
        }
        width /= 2;
        low ^= low << width;
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    #[test]
    fn transpose_moves_each_bit_across_the_diagonal() {
        let mut random = crate::random::Random::new(3);
        let rows: [u64; 64] = std::array::from_fn(|_| random.next_u64());
        let mut turned = rows;
        transpose(&mut turned);
        for (i, row) in rows.iter().enumerate() {
            for (c, column) in turned.iter().enumerate() {
                assert_eq!(column >> i & 1, row >> c & 1, "row {i}, column {c}");
            }
        }
    }

    #[test]
    fn the_join_matches_a_naive_pair_count() {
        join_matches_a_naive_pair_count();
    }

    /// The pairs of `east` and `west` keys with no common bit, one by one.
    fn naive_pairs(east: &[u64], west: &[u64]) -> u64 {
        east.iter()
            .map(|a| west.iter().filter(|&&b| a & b == 0).count() as u64)
            .sum()
    }

    /// Also run in wasm by the facade's tests (`cargo test --target wasm32-unknown-unknown`, in
    /// Chromium), where the table filling, the unrolled walk of blocks of 1 and 2 words and the
    /// simd128 walk of wider ones are wasm's own.
    pub(crate) fn join_matches_a_naive_pair_count() {
        let mut random = crate::random::Random::new(7);
        // Blocks of every width a block is loaded at (1, 2, then multiples of 4 words up to
        // 64: 700 keys are 11 words, rounded to 12; 1500 are 24; 2600 are 41, rounded to 44),
        // keys of 8 to 44 bits (chunks of 4 to 8 bits, the last one shorter).
        for (east_len, west_len, bits) in [
            (0, 5, 10),
            (1, 1, 8),
            (63, 70, 20),
            (64, 3, 30),
            // Blocks of 1 and 2 words whose walk wasm unrolls: 8 bits × 4 chunks, 7 × 5, 5 × 7
            // (and 8 × 5 below, where a load for any number of walked keys takes 8 bits).
            (50, 2000, 30),
            (120, 3000, 34),
            (40, 150, 32),
            (100, 900, 33),
            (300, 5000, 44),
            (700, 700, 17),
            (1500, 1600, 30),
            (2600, 3000, 29),
            (BLOCK, 4500, 30),
            (BLOCK + 17, 200, 26),
        ] {
            // Sparse keys, as halves are: each bit set with probability about 1/3.
            let key = |random: &mut crate::random::Random| {
                (0..bits)
                    .filter(|_| random.next_u64().is_multiple_of(3))
                    .map(|b| 1u64 << b)
                    .sum::<u64>()
            };
            let east: Vec<u64> = (0..east_len).map(|_| key(&mut random)).collect();
            let west: Vec<u64> = (0..west_len).map(|_| key(&mut random)).collect();
            let naive = naive_pairs(&east, &west);
            assert_eq!(
                count_disjoint(&east, &west, bits),
                naive,
                "{east_len} × {west_len}, {bits} bits"
            );
            // The plain loops (every target's fallback; natively, the same code the CPU's copy
            // is compiled from) agree with the naive count.
            let mut join = Join::new(bits);
            let portable: u64 = east
                .chunks(BLOCK)
                .map(|block| join.load(block).pairs_with_portable(&west))
                .sum();
            assert_eq!(portable, naive, "portable kernel, {east_len} × {west_len}");
            // Keys of fewer bits than the join's (a sieve's, their cut bits taken out).
            let narrow_bits = bits - bits / 3;
            let low = (1u64 << narrow_bits) - 1;
            let east_low: Vec<u64> = east.iter().map(|a| a & low).collect();
            let west_low: Vec<u64> = west.iter().map(|b| b & low).collect();
            let naive_low = naive_pairs(&east_low, &west_low);
            let narrow: u64 = east_low
                .chunks(BLOCK)
                .map(|block| {
                    join.load_narrow(block, west.len(), narrow_bits)
                        .pairs_with(&west_low)
                })
                .sum();
            assert_eq!(
                narrow, naive_low,
                "{narrow_bits}-bit keys, {east_len} × {west_len}"
            );
            assert_eq!(join.load(&[]).pairs_with(&west), 0, "an empty block");
        }
    }
}
