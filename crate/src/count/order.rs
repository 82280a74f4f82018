//! The hand-out order: the fixed shuffle in which a count hands out its sub-problems, the
//! same for both methods, on threads, in workers and in shards' spot checks.

use crate::random::Random;

/// The order in which a count of `len` sub-problems hands them out: a fixed shuffle.
///
/// The list runs from the smallest reach to the largest, and the estimates of
/// [`super::backtrack::estimated_work`] are biased by reach (about 0.75 of the truth at reach 1, 1.15 at the
/// middle), so a count in list order measures its speed on one kind of sub-problem and
/// applies it to another. In shuffled order the sub-problems finished at any moment are a
/// fair sample of all of them, and the time left, read as *time so far × estimated work left
/// ÷ estimated work done*, stays near the truth from the first tenth of the count on.
pub fn hand_out_order(len: usize) -> Vec<u32> {
    let mut order: Vec<u32> = (0..len as u32).collect();
    let mut random = Random::new(len as u64);
    // Fisher–Yates: order[i + 1..] is settled; order[..=i] is what is left to place.
    for i in (1..len).rev() {
        order.swap(i, random.below(i as u32 + 1) as usize);
    }
    order
}

/// Every index of a list of `len` once, in the order to hand them out: [`hand_out_order`] of
/// the runs of `run` neighbours (the last one shorter), each run kept in list order. `run` is
/// 1 for a list whose items share nothing; more where neighbours share work.
pub fn hand_out_in_runs(len: usize, run: usize) -> Vec<u32> {
    hand_out_order(len.div_ceil(run))
        .into_iter()
        .flat_map(|start| {
            let start = start as usize * run;
            (start..(start + run).min(len)).map(|i| i as u32)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_order_hands_out_every_sub_problem_once_and_is_fixed() {
        for len in [0, 1, 2, 937] {
            let mut order = hand_out_order(len);
            assert_eq!(order, hand_out_order(len));
            order.sort_unstable();
            assert!(order.iter().copied().eq(0..len as u32), "{len}");
        }
        assert_ne!(hand_out_order(937), (0..937).collect::<Vec<u32>>());
    }
}
