//! The published counts of the N-Queens problem, copied from the OEIS, never computed here.
//! Every Rust test, the command line and the page read them from this one place (the page
//! and its tests through the facade's `publishedCounts()`).

/// OEIS A000170: the number of ways to place n non-attacking queens on an n×n board.
/// `A000170[n - 1]` is the value for n, from n = 1 to 27.
pub const A000170: [u64; 27] = [
    1,
    0,
    0,
    2,
    10,
    4,
    40,
    92,
    352,
    724,
    2_680,
    14_200,
    73_712,
    365_596,
    2_279_184,
    14_772_512,
    95_815_104,
    666_090_624,
    4_968_057_848,
    39_029_188_884,
    314_666_222_712,
    2_691_008_701_644,
    24_233_937_684_440,
    227_514_171_973_736,
    2_207_893_435_808_352,
    22_317_699_616_364_044,
    234_907_967_154_122_528,
];

/// OEIS A002562: the same, counting once each class of boards that are rotations or
/// reflections of one another. `A002562[n - 1]` is the value for n, from n = 1 to 27.
pub const A002562: [u64; 27] = [
    1,
    0,
    0,
    1,
    2,
    1,
    6,
    12,
    46,
    92,
    341,
    1_787,
    9_233,
    45_752,
    285_053,
    1_846_955,
    11_977_939,
    83_263_591,
    621_012_754,
    4_878_666_808,
    39_333_324_973,
    336_376_244_042,
    3_029_242_658_210,
    28_439_272_956_934,
    275_986_683_743_434,
    2_789_712_466_510_289,
    29_363_495_934_315_694,
];

/// The published `(total, unique)` counts for an n×n board, when n is in the tables.
///
/// ```
/// assert_eq!(bitqueens::published::counts(8), Some((92, 12)));
/// assert_eq!(bitqueens::published::counts(28), None);
/// ```
pub fn counts(n: u32) -> Option<(u64, u64)> {
    let i = (n as usize).checked_sub(1)?;
    Some((*A000170.get(i)?, *A002562.get(i)?))
}
