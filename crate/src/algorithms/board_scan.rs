//! **Board scan**: the board you draw on paper. An n×n grid of cells, 0 or 1. To try a
//! square, put the queen there and check the whole board for two queens that attack each
//! other: every column, then every `\` diagonal, then every `/` diagonal, cell by cell, top
//! to bottom, stopping at the first line that holds two queens. (Rows need no check: the
//! walk puts one queen per row.) A check reads up to 3·n² cells.
//!
//! **Operations**: cells of the board read or written. A test writes the queen on its square
//! (1), reads the cells of the lines it scans, and takes the queen back (1) when the square
//! is attacked; a free square keeps its queen, so placing it costs nothing more, and lifting
//! it later writes its cell (1).

use super::walk::Program;
use super::walk::Walk;
use super::Detail;
use serde::Serialize;

/// A line of the board that the check scans.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "camelCase")]
pub enum Line {
    /// Column `index` (0 = left).
    Column { index: u32 },
    /// The `\` diagonal of the squares with `row - column + n - 1 == index`.
    Down { index: u32 },
    /// The `/` diagonal of the squares with `row + column == index`.
    Up { index: u32 },
}

impl Line {
    /// Every line of an n×n board, in the order the check scans them: the columns, then the
    /// `\` diagonals, then the `/` diagonals.
    pub fn all(n: u32) -> impl Iterator<Item = Line> {
        let columns = (0..n).map(|index| Line::Column { index });
        let downs = (0..2 * n - 1).map(|index| Line::Down { index });
        let ups = (0..2 * n - 1).map(|index| Line::Up { index });
        columns.chain(downs).chain(ups)
    }

    /// The squares `(row, column)` of the line on an n×n board, top to bottom.
    pub fn squares(self, n: u32) -> impl Iterator<Item = (u32, u32)> {
        let n = i64::from(n);
        (0..n).filter_map(move |r| {
            let c = match self {
                Line::Column { index } => i64::from(index),
                Line::Down { index } => r - i64::from(index) + n - 1,
                Line::Up { index } => i64::from(index) - r,
            };
            (0..n).contains(&c).then_some((r as u32, c as u32))
        })
    }
}

/// What one check of the board found.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Scan {
    /// Cells read.
    pub cells_read: u64,
    /// The first line found holding two queens, if any: the square is attacked along it.
    pub conflict: Option<Line>,
}

/// The grid of cells: `cells[r][c]` is true when a queen stands on row `r`, column `c`.
#[derive(Clone, PartialEq, Eq)]
pub struct BoardScan {
    n: u32,
    cells: [[bool; 32]; 32],
}

impl BoardScan {
    /// Checks the whole board with a queen put on (`row`, `column`): every line in the order
    /// of [`Line::all`], cell by cell, up to the first line that holds two queens.
    pub fn scan(&self, row: u32, column: u32) -> Scan {
        let mut cells_read = 0;
        for line in Line::all(self.n) {
            let mut queens = 0;
            for (r, c) in line.squares(self.n) {
                cells_read += 1;
                queens += u32::from((r, c) == (row, column) || self.cells[r as usize][c as usize]);
                if queens == 2 {
                    return Scan {
                        cells_read,
                        conflict: Some(line),
                    };
                }
            }
        }
        Scan {
            cells_read,
            conflict: None,
        }
    }

    fn column_of(&self, bit: u32) -> u32 {
        self.n - 1 - bit.trailing_zeros()
    }
}

/// The n×n board, a line of `.` and `Q` per row.
impl std::fmt::Debug for BoardScan {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let n = self.n as usize;
        let rows: Vec<String> = self.cells[..n]
            .iter()
            .map(|row| {
                row[..n]
                    .iter()
                    .map(|&q| if q { 'Q' } else { '.' })
                    .collect()
            })
            .collect();
        f.debug_tuple("BoardScan").field(&rows).finish()
    }
}

impl Program for BoardScan {
    const NAME: &'static str = "Board scan";
    const SLUG: &'static str = "board-scan";
    fn detail(walk: &Walk<Self>) -> Detail {
        Detail::BoardScan(BoardScanDetail {
            scan: walk
                .tested_column()
                .map(|(column, _)| (column, walk.program().scan(walk.row(), column))),
        })
    }
    fn new(n: u32) -> Self {
        BoardScan {
            n,
            cells: [[false; 32]; 32],
        }
    }

    /// The walk's `row == n` needs no cell.
    const SOLUTION_CHECK: u64 = 0;
    /// The `for` over the row's columns needs no cell.
    const LOOP_TEST: u64 = 0;

    /// Every column of the row is tried; finding them reads nothing.
    fn candidates(&self, _row: u32, searched: u32) -> (u32, u64) {
        (searched, 0)
    }

    /// The queen is put on the square for the check (the scan counts it there) and taken
    /// back when it is attacked.
    fn test(&self, row: u32, bit: u32) -> (bool, u64) {
        let scan = self.scan(row, self.column_of(bit));
        let attacked = scan.conflict.is_some();
        (attacked, 1 + scan.cells_read + u64::from(attacked))
    }

    /// The test left the queen on its square.
    const PLACE: u64 = 0;
    const LIFT: u64 = 1;

    fn place(&mut self, row: u32, bit: u32) {
        self.cells[row as usize][self.column_of(bit) as usize] = true;
    }

    fn lift(&mut self, row: u32, bit: u32) {
        self.cells[row as usize][self.column_of(bit) as usize] = false;
    }
}

/// What the board scan's lane draws: its last check.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct BoardScanDetail {
    /// (column, scan) of the square tested last, while the row shows it.
    pub scan: Option<(u32, Scan)>,
}
