//! The six algorithms: the published counts, valid and distinct solutions, lockstep (the same
//! queens placed and lifted in the same order by all), exact `back()`, and operation counts
//! against small recursive programs written straight from each module's definition.
#![cfg(not(target_arch = "wasm32"))] // native tests; the facade has its own beside it in src/wasm/

mod common;

use bitqueens::algorithms::{Algorithm, Kind};
use bitqueens::count::plain::tree_nodes;
use bitqueens::play::{node_events, seek_nodes};
use bitqueens::published::{A000170, A002562};
use bitqueens::symmetry::is_representative;
use bitqueens::{Step, Stepping};
use common::is_valid_placement;
use proptest::prelude::*;
use std::collections::HashSet;

fn algorithm(kind: Kind, n: u32, mirror: bool) -> Algorithm {
    Algorithm::new(kind, n, mirror).unwrap()
}

#[test]
fn every_algorithm_finds_the_published_solutions_for_n_1_to_10_each_valid_and_distinct() {
    for kind in Kind::ALL {
        for mirror in [false, true] {
            for n in 1..=10u32 {
                let mut search = algorithm(kind, n, mirror);
                let mut boards = HashSet::new();
                let mut representatives = 0;
                while !search.is_finished() {
                    if let Step::Solution { .. } = search.step() {
                        let queens = search.queens().to_vec();
                        assert!(is_valid_placement(n, &queens), "{kind:?} n={n}: {queens:?}");
                        let mirrored: Vec<u32> = queens.iter().map(|c| n - 1 - c).collect();
                        let images = if mirror && n > 1 {
                            vec![queens, mirrored]
                        } else {
                            vec![queens]
                        };
                        for board in images {
                            representatives += u64::from(is_representative(&board));
                            assert!(
                                boards.insert(board),
                                "{kind:?} n={n} mirror={mirror}: found twice"
                            );
                        }
                    }
                }
                let i = n as usize - 1;
                assert_eq!(
                    boards.len() as u64,
                    A000170[i],
                    "{kind:?} n={n} mirror={mirror}"
                );
                assert_eq!(search.solutions() * search.weight(), A000170[i]);
                assert_eq!(
                    representatives, A002562[i],
                    "{kind:?} n={n} mirror={mirror}"
                );
            }
        }
    }
}

/// The node events (a queen placed or lifted) of the first `nodes` of them.
fn first_node_events(kind: Kind, n: u32, mirror: bool, nodes: usize) -> Vec<Step> {
    let mut search = algorithm(kind, n, mirror);
    let mut events = Vec::new();
    while events.len() < nodes && !search.is_finished() {
        let step = search.step();
        if step.is_node() {
            events.push(step);
        }
    }
    events
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    /// Lockstep: every algorithm places and lifts the same queens in the same order.
    #[test]
    fn all_algorithms_place_and_lift_the_same_queens_in_the_same_order(
        n in 1u32..=10, mirror: bool, nodes in 0usize..4000,
    ) {
        let richards = first_node_events(Kind::Richards, n, mirror, nodes);
        for kind in Kind::ALL {
            prop_assert_eq!(&first_node_events(kind, n, mirror, nodes), &richards, "{:?}", kind);
        }
    }

    /// Resting at the same node position, every algorithm shows the same queens, and the
    /// same nodes: whether it got there going forward or back.
    #[test]
    fn every_algorithm_rests_on_the_same_board_at_a_node_position(
        n in 1u32..=9, mirror: bool, there in 0u64..3000, back in 0u64..3000,
    ) {
        let mut boards = Vec::new();
        for kind in Kind::ALL {
            let mut search = algorithm(kind, n, mirror);
            prop_assert!(seek_nodes(&mut search, there, u32::MAX));
            prop_assert!(seek_nodes(&mut search, back, u32::MAX));
            let mut direct = algorithm(kind, n, mirror);
            seek_nodes(&mut direct, back, u32::MAX);
            prop_assert_eq!(&search, &direct, "{:?}", kind);
            boards.push((search.queens().to_vec(), search.nodes(), node_events(&search)));
        }
        prop_assert!(boards.windows(2).all(|w| w[0] == w[1]), "{:?}", boards);
    }

    /// `back()` is exact: k steps forward then j back is the same state, counters and data
    /// structure included, as k - j steps forward.
    #[test]
    fn back_undoes_exactly(
        kind in prop::sample::select(Kind::ALL.to_vec()), n in 1u32..=8, mirror: bool,
        k in 0usize..6000, j in 0usize..6000,
    ) {
        let mut there_and_back = algorithm(kind, n, mirror);
        let mut taken = 0;
        while taken < k && !there_and_back.is_finished() {
            there_and_back.step();
            taken += 1;
        }
        let j = j.min(taken);
        for _ in 0..j {
            prop_assert!(there_and_back.back().is_some());
        }
        let mut direct = algorithm(kind, n, mirror);
        for _ in 0..taken - j {
            direct.step();
        }
        prop_assert_eq!(there_and_back, direct);
    }
}

#[test]
fn each_back_returns_the_step_it_undoes_and_the_start_has_none() {
    for kind in Kind::ALL {
        let mut search = algorithm(kind, 6, false);
        assert_eq!(search.back(), None);
        while !search.is_finished() {
            let before = search.clone();
            let step = search.step();
            let mut undone = search.clone();
            assert_eq!(undone.back(), Some(step), "{kind:?}");
            assert_eq!(undone, before, "{kind:?} after {step:?}");
        }
        assert_eq!(
            search.step(),
            Step::Finished {
                solutions: A000170[5]
            }
        );
    }
}

#[test]
fn only_the_programs_that_test_attacked_squares_reject_any() {
    for kind in Kind::ALL {
        let mut search = algorithm(kind, 6, false);
        let mut rejects = 0;
        while !search.is_finished() {
            rejects += u32::from(matches!(search.step(), Step::Reject { .. }));
        }
        let tests_attacked = matches!(
            kind,
            Kind::BoardScan | Kind::FlagArrays | Kind::RowsAsIntegers | Kind::BitByBit
        );
        assert_eq!(rejects > 0, tests_attacked, "{kind:?}");
    }
}

/// Solutions, nodes and operations of a whole search, from a straight recursive program.
#[derive(Debug, Default, PartialEq, Eq)]
struct Count {
    solutions: u64,
    nodes: u64,
    operations: u64,
}

/// The squares of a row in the order every algorithm tries them: right-most column first.
fn columns(n: u32) -> impl Iterator<Item = u32> {
    (0..n).rev()
}

/// Board scan: put the queen, scan columns, then `\`, then `/` diagonals cell by cell up to
/// a line with two queens, take the queen back if attacked; lifting writes a cell.
fn board_scan(n: u32) -> Count {
    fn scan(board: &[Vec<bool>]) -> (u64, bool) {
        let n = board.len() as i64;
        let mut lines: Vec<Vec<(i64, i64)>> =
            (0..n).map(|c| (0..n).map(|r| (r, c)).collect()).collect();
        for d in 0..2 * n - 1 {
            lines.push(
                (0..n)
                    .map(|r| (r, r - d + n - 1))
                    .filter(|&(_, c)| c >= 0 && c < n)
                    .collect(),
            );
        }
        for d in 0..2 * n - 1 {
            lines.push(
                (0..n)
                    .map(|r| (r, d - r))
                    .filter(|&(_, c)| c >= 0 && c < n)
                    .collect(),
            );
        }
        let mut read = 0;
        for line in lines {
            let mut queens = 0;
            for (r, c) in line {
                read += 1;
                queens += u32::from(board[r as usize][c as usize]);
                if queens == 2 {
                    return (read, true);
                }
            }
        }
        (read, false)
    }
    fn search(board: &mut Vec<Vec<bool>>, row: usize, count: &mut Count) {
        let n = board.len() as u32;
        if row == board.len() {
            count.solutions += 1;
            return;
        }
        for c in columns(n) {
            board[row][c as usize] = true;
            let (read, attacked) = scan(board);
            count.operations += 1 + read;
            if attacked {
                board[row][c as usize] = false;
                count.operations += 1;
                continue;
            }
            count.nodes += 1;
            search(board, row + 1, count);
            board[row][c as usize] = false;
            count.operations += 1;
        }
    }
    let mut count = Count::default();
    search(
        &mut vec![vec![false; n as usize]; n as usize],
        0,
        &mut count,
    );
    count
}

/// Flag arrays: read the column flag, then `\`, then `/`, up to the first set; place and
/// lift write three flags each.
fn flag_arrays(n: u32) -> Count {
    struct Flags {
        n: usize,
        columns: Vec<bool>,
        down: Vec<bool>,
        up: Vec<bool>,
    }
    fn search(f: &mut Flags, row: usize, count: &mut Count) {
        if row == f.n {
            count.solutions += 1;
            return;
        }
        for c in columns(f.n as u32).map(|c| c as usize) {
            let (d, u) = (row + f.n - 1 - c, row + c);
            let reads = [f.columns[c], f.down[d], f.up[u]];
            match reads.iter().position(|&set| set) {
                Some(i) => count.operations += i as u64 + 1,
                None => {
                    count.operations += 3 + 3;
                    (f.columns[c], f.down[d], f.up[u]) = (true, true, true);
                    count.nodes += 1;
                    search(f, row + 1, count);
                    (f.columns[c], f.down[d], f.up[u]) = (false, false, false);
                    count.operations += 3;
                }
            }
        }
    }
    let n = n as usize;
    let mut flags = Flags {
        n,
        columns: vec![false; n],
        down: vec![false; 2 * n],
        up: vec![false; 2 * n],
    };
    let mut count = Count::default();
    search(&mut flags, 0, &mut count);
    count
}

/// Rows as integers: OR the rows (one read each), compare the rows above the candidate
/// from the last one up to a hit (one read each), push and pop a row (one write each).
fn rows_as_integers(n: u32) -> Count {
    fn search(n: u32, rows: &mut Vec<u32>, count: &mut Count) {
        if rows.len() == n as usize {
            count.solutions += 1;
            return;
        }
        let taken = rows.iter().fold(0, |t, r| t | r);
        count.operations += rows.len() as u64;
        for bit in columns(n)
            .map(|c| 1u32 << (n - 1 - c))
            .filter(|b| taken & b == 0)
        {
            let mut attacked = false;
            for (k, row) in rows.iter().rev().enumerate() {
                count.operations += 1;
                let k = k as u32 + 1;
                if *row == bit << k || *row == bit >> k {
                    attacked = true;
                    break;
                }
            }
            if !attacked {
                rows.push(bit);
                count.operations += 1;
                count.nodes += 1;
                search(n, rows, count);
                rows.pop();
                count.operations += 1;
            }
        }
    }
    let mut count = Count::default();
    search(n, &mut Vec::new(), &mut count);
    count
}

/// Bit by bit: `col == done` 1; per position the loop test 1 and the test 4; the call 5; the
/// loop's last test 1.
fn bit_by_bit(n: u32) -> Count {
    fn search(done: u32, ld: u32, col: u32, rd: u32, count: &mut Count) {
        count.operations += 1;
        if col == done {
            count.solutions += 1;
            return;
        }
        let mut position = 1u32;
        while position != 0 && position <= done {
            count.operations += 1 + 4;
            if (ld | col | rd) & position == 0 {
                count.operations += 5;
                count.nodes += 1;
                search(
                    done,
                    (ld | position) >> 1,
                    col | position,
                    (rd | position) << 1,
                    count,
                );
            }
            position = position.wrapping_shl(1);
        }
        count.operations += 1;
    }
    let mut count = Count::default();
    search(u32::MAX >> (32 - n), 0, 0, 0, &mut count);
    count
}

/// Richards: `col == done` 1; poss 4; a dead end's test 1; per square the loop test 1,
/// `bit = poss & -poss` 2, `poss -= bit` 1; the call 5; the loop's last test 1.
fn richards(n: u32) -> Count {
    fn search(done: u32, ld: u32, col: u32, rd: u32, count: &mut Count) {
        count.operations += 1;
        if col == done {
            count.solutions += 1;
            return;
        }
        let mut poss = !(ld | col | rd) & done;
        count.operations += 4 + 1; // and the loop's first test
        if poss == 0 {
            return;
        }
        while poss != 0 {
            let bit = poss & poss.wrapping_neg();
            poss -= bit;
            count.operations += 3 + 5;
            count.nodes += 1;
            search(done, (ld | bit) >> 1, col | bit, (rd | bit) << 1, count);
            count.operations += 1; // the loop's next test
        }
    }
    let mut count = Count::default();
    search(u32::MAX >> (32 - n), 0, 0, 0, &mut count);
    count
}

/// Free masks: `cols == 0` 1; cand 3; a dead end's test 1; per candidate the loop test 1
/// and taking it 3; placing 5 and lifting 5; the loop's last test 1.
fn free_masks(n: u32) -> Count {
    fn search(n: u32, cols: u32, d1: u64, d2: u64, count: &mut Count) {
        let width = 2 * n;
        let word = u64::MAX >> (64 - width);
        let rotr = |x: u64| ((x >> 1) | (x << (width - 1))) & word;
        let rotl = |x: u64| ((x << 1) | (x >> (width - 1))) & word;
        count.operations += 1;
        if cols == 0 {
            count.solutions += 1;
            return;
        }
        let mut cand = cols & (d1 & d2) as u32 & (u32::MAX >> (32 - n));
        count.operations += 3;
        loop {
            count.operations += 1;
            if cand == 0 {
                return;
            }
            let bit = cand & cand.wrapping_neg();
            cand -= bit;
            count.operations += 3 + 5 + 5;
            count.nodes += 1;
            let b = u64::from(bit);
            search(n, cols ^ bit, rotr(d1 ^ b), rotl(d2 ^ b), count);
        }
    }
    let mut count = Count::default();
    let word = u64::MAX >> (64 - 2 * n);
    search(n, u32::MAX >> (32 - n), word, word, &mut count);
    count
}

#[test]
fn operations_are_counted_as_each_module_defines_them() {
    type Reference = fn(u32) -> Count;
    let references: [(Kind, Reference); 6] = [
        (Kind::BoardScan, board_scan),
        (Kind::FlagArrays, flag_arrays),
        (Kind::RowsAsIntegers, rows_as_integers),
        (Kind::BitByBit, bit_by_bit),
        (Kind::Richards, richards),
        (Kind::FreeMasks, free_masks),
    ];
    for (kind, reference) in references {
        for n in 1..=7 {
            let mut search = algorithm(kind, n, false);
            while !search.is_finished() {
                search.step();
            }
            let stepped = Count {
                solutions: search.solutions(),
                nodes: search.nodes(),
                operations: search.operations(),
            };
            assert_eq!(stepped, reference(n), "{kind:?} n={n}");
        }
    }
}

#[test]
fn the_tree_has_as_many_nodes_as_every_algorithm_places() {
    for n in 1..=10 {
        for mirror in [false, true] {
            let size = tree_nodes(n, mirror).unwrap();
            for kind in Kind::ALL {
                let mut search = algorithm(kind, n, mirror);
                while !search.is_finished() {
                    search.step();
                }
                assert_eq!(search.nodes(), size, "{kind:?} n={n} mirror={mirror}");
                assert_eq!(
                    node_events(&search),
                    2 * size,
                    "every queen placed was lifted"
                );
            }
        }
    }
    assert!(tree_nodes(0, false).is_err() && tree_nodes(33, false).is_err());
}

#[test]
fn names_and_slugs_are_the_pages_and_round_trip() {
    let names: Vec<&str> = Kind::ALL.iter().map(|k| k.name()).collect();
    assert_eq!(
        names,
        [
            "Board scan",
            "Flag arrays",
            "Rows as integers",
            "Bit by bit",
            "Richards' bitmask",
            "Free masks with rotation"
        ]
    );
    for kind in Kind::ALL {
        assert_eq!(Kind::from_slug(kind.slug()), Ok(kind));
    }
    let error = Kind::from_slug("quantum").unwrap_err().to_string();
    assert!(
        error.contains("No algorithm “quantum”") && error.contains("board-scan"),
        "{error}"
    );
}
