use super::halves::*;
use super::join::*;
use super::joiner::*;
use super::sieve::*;
use super::split::*;
use crate::board::BoardSizeError;
use crate::published::A000170;

#[test]
fn totals_match_the_published_table_up_to_13() {
    for n in 1..=13 {
        assert_eq!(whole_total(n).unwrap(), A000170[n as usize - 1], "n = {n}");
    }
}

#[test]
fn half_keys_match_brute_force() {
    // The east halves of the first choices of rows at n = 6 to 9, against every
    // assignment of the east columns to the rows, checked queen by queen.
    for n in [6u32, 7, 8, 9] {
        let cut = Cut::of(n);
        for sub in sub_problems(n).unwrap().iter().take(40) {
            let layout = cut.layout(sub.middle);
            let rows: Vec<u32> = (0..n).filter(|&r| sub.east_rows >> r & 1 == 1).collect();
            let placed: Vec<(u32, u32)> = sub
                .middle
                .map(|m| vec![(m.row, n / 2), (n / 2, m.column)])
                .unwrap_or_default();
            let mut expected: Vec<u64> = Vec::new();
            let columns: Vec<u32> = (0..n)
                .filter(|&c| layout.east_columns >> c & 1 == 1)
                .collect();
            permutations(&columns, &mut |perm| {
                let queens: Vec<(u32, u32)> =
                    rows.iter().copied().zip(perm.iter().copied()).collect();
                let clash = |a: (u32, u32), b: (u32, u32)| {
                    (a.0 as i64 - b.0 as i64).abs() == (a.1 as i64 - b.1 as i64).abs()
                };
                let fine = queens
                    .iter()
                    .enumerate()
                    .all(|(i, &a)| queens[i + 1..].iter().all(|&b| !clash(a, b)))
                    && placed.iter().all(|&p| queens.iter().all(|&a| !clash(a, p)));
                if fine {
                    let mask = (1u64 << (n - 1)) - 1;
                    let slash: u64 = queens.iter().map(|&(r, c)| 1u64 << (r + c)).sum();
                    let back: u64 = queens.iter().map(|&(r, c)| 1u64 << (c + n - 1 - r)).sum();
                    expected
                        .push((slash >> cut.east & mask) | (back >> cut.east & mask) << (n - 1));
                }
            });
            let mut got = Vec::new();
            half_keys(
                n,
                sub.east_rows,
                layout.east_columns,
                layout.blocked,
                KeyShape {
                    shared: cut.east,
                    long_diagonals_apart: false,
                },
                &mut Halves::default(),
                |key| got.push(key),
            );
            got.sort_unstable();
            expected.sort_unstable();
            assert_eq!(got, expected, "n = {n}, {sub:?}");
        }
    }
}

fn permutations(items: &[u32], visit: &mut dyn FnMut(&[u32])) {
    fn go(items: &mut Vec<u32>, k: usize, visit: &mut dyn FnMut(&[u32])) {
        if k == items.len() {
            visit(items);
            return;
        }
        for i in k..items.len() {
            items.swap(k, i);
            go(items, k + 1, visit);
            items.swap(k, i);
        }
    }
    go(&mut items.to_vec(), 0, visit);
}

#[test]
fn the_join_matches_a_naive_pair_count() {
    let mut random = crate::random::Random::new(7);
    for (east_len, west_len, bits) in [
        (0, 5, 10),
        (1, 1, 8),
        (63, 70, 20),
        (64, 3, 30),
        (5000, 300, 44),
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
        let naive = east
            .iter()
            .map(|a| west.iter().filter(|&&b| a & b == 0).count() as u64)
            .sum::<u64>();
        assert_eq!(
            count_disjoint(&east, &west, bits),
            naive,
            "{east_len} × {west_len}, {bits} bits"
        );
        // The portable kernel (the one wasm runs) agrees with the one this CPU runs.
        let mut join = Join::new(bits);
        let portable: u64 = east
            .chunks(BLOCK)
            .map(|block| join.load(block).pairs_with_portable(&west))
            .sum();
        assert_eq!(portable, naive, "portable kernel, {east_len} × {west_len}");
    }
}

#[test]
fn the_sieve_matches_a_naive_weighted_pair_count() {
    // Large enough to be sieved (three cuts), and once too small to be; keys dense in the
    // middle bits as halves are, so that the cuts fall there.
    let mut random = crate::random::Random::new(11);
    let bits = 30;
    let key = |random: &mut crate::random::Random| {
        (0..bits)
            .filter(|&b| random.next_u64() % 8 < if (10..20).contains(&b) { 4 } else { 2 })
            .map(|b| 1u64 << b)
            .sum::<u64>()
    };
    for (sideways_len, walked_lens) in [(2100, [1000, 1100]), (300, [40, 50])] {
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
        assert_eq!(got, naive, "{sideways_len} sideways keys");
        let sieved = sideways_len * walked_lens.iter().sum::<usize>() >= SIEVE_FROM_PAIRS;
        assert_eq!(sieve.cuts.len(), if sieved { CUTS } else { 0 });
    }
}

#[test]
fn sub_problems_cover_every_choice_of_rows_once() {
    // The weights of the choices counted add up to the number of choices: C(n, n/2) for
    // even n; for odd n, the centre with C(n-1, m) choices of rows, and each pair of
    // middle queens not on a diagonal, with C(n-2, k) (k: the east columns left, m or
    // m - 1). Runs of one (n < 16) and longer runs (16, 17).
    let choose = |a: u64, b: u64| (0..b).fold(1u64, |acc, i| acc * (a - i) / (i + 1));
    for n in (2..=15u32).chain([16, 17]) {
        let cut = Cut::of(n);
        let list = sub_problems(n).unwrap();
        let mut total = 0u64;
        for sub in &list {
            let rows = cut.layout(sub.middle).rows;
            let mut east_rows = Some(sub.east_rows);
            for _ in 0..sub.span {
                let here = east_rows.expect("a run holds only choices that exist");
                total += u64::from(choice_weight(&cut, sub.middle, rows, here));
                east_rows = next_subset(rows, here);
            }
        }
        let m = n / 2;
        let expected = if n % 2 == 0 {
            choose(n as u64, n as u64 / 2)
        } else {
            let mut choices = choose(n as u64 - 1, m as u64);
            for row in (0..n).filter(|&r| r != m) {
                for column in (0..n).filter(|&c| c != m && c.abs_diff(m) != row.abs_diff(m)) {
                    let east = m - u32::from(column > m);
                    choices += choose(n as u64 - 2, east as u64);
                }
            }
            choices
        };
        assert_eq!(total, expected, "n = {n}");
        assert!(
            list.len() as u64 <= 2 * SUB_PROBLEMS,
            "n = {n}: {}",
            list.len()
        );
    }
}

#[test]
fn next_subset_walks_the_subsets_in_order() {
    for (set, size) in [
        (0b1011_0110u32, 3),
        (0b1111, 0),
        (0b1, 1),
        (u32::MAX >> 9, 4),
    ] {
        let listed: Vec<u32> = subsets_of_size(set, size).collect();
        let mut walked = vec![listed[0]];
        while let Some(next) = next_subset(set, *walked.last().unwrap()) {
            walked.push(next);
        }
        assert_eq!(walked, listed, "{set:b}, {size}");
    }
}

#[test]
fn the_middle_queens_images_share_their_images() {
    // Every image of a choice (the centre, or two queens off the centre and off each
    // other's diagonals) has the same images.
    for n in [5u32, 7, 9] {
        let m = n / 2;
        for row in 0..n {
            for column in 0..n {
                let centre = row == m && column == m;
                if !centre && (row == m || column == m || row.abs_diff(m) == column.abs_diff(m)) {
                    continue;
                }
                let middle = Middle { row, column };
                let mut images = middle_images(n, middle);
                images.sort_unstable();
                assert!(images.contains(&middle));
                for image in images {
                    let mut again = middle_images(n, image);
                    again.sort_unstable();
                    assert_eq!(again, images, "n = {n}, {middle:?} → {image:?}");
                }
            }
        }
    }
}

#[test]
fn the_half_turn_shares_its_pairs_out_evenly() {
    // Each choice of rows and its image under the half turn count the solutions off the
    // long diagonals twice between them (a choice that is its own image: once), and upside down
    // keeps the share, so that an orbit of sub_problems may be counted at any member.
    for n in (2..=14u32).step_by(2) {
        let all = (1u32 << n) - 1;
        for east_rows in subsets_of_size(all, n / 2) {
            let turned = all & !upside_down(east_rows, n);
            let share = half_turn_share(east_rows, n);
            assert_eq!(
                share + half_turn_share(turned, n),
                2,
                "n = {n}, {east_rows:b}"
            );
            assert_eq!(share, half_turn_share(upside_down(east_rows, n), n));
        }
    }
}

#[test]
fn keys_lose_exactly_their_long_diagonal_bits() {
    for n in (2..=22u32).step_by(2) {
        let bit = long_diagonal_bit(n);
        let full = (1u64 << (2 * n - 2)) - 1;
        let long = 1u64 << bit | 1u64 << (n - 1 + bit);
        assert_eq!(
            without_long_diagonals(full, n),
            (1u64 << (2 * n - 4)) - 1,
            "n = {n}"
        );
        assert_eq!(without_long_diagonals(long, n), 0, "n = {n}");
        // Bits keep their order: the lowest and the highest stay lowest and highest.
        if n > 2 {
            assert_eq!(without_long_diagonals(1, n), 1);
            assert_eq!(
                without_long_diagonals(1 << (2 * n - 3), n),
                1 << (2 * n - 5)
            );
        }
    }
}

#[test]
fn bad_sizes_are_refused() {
    assert_eq!(whole_total(0), Err(BoardSizeError(0)));
    assert_eq!(whole_total(24), Err(BoardSizeError(24)));
}
