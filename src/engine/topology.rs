//! The board's shape: how many rows, which pits each player owns, the
//! circuit a sowing goes round, which pit faces which, and where each pit
//! is drawn. Worked out once from the rules; the move loop reads the tables
//! [`Game::new`](super::Game::new) builds from it.
//!
//! Pits are numbered in label order. On two rows South owns `0..n` (`a b
//! c ...` from South's left) and North `n..2n` (`A B C ...` from North's
//! left), and a counter-clockwise sowing goes round the whole board in that
//! order. On four rows each player owns two rows and sows round them only;
//! their pits are numbered (and lettered) along their own counter-clockwise
//! circuit: the outer row from the owner's left to right, then the inner row
//! from the owner's right back to left. South owns `0..2n` (`a`-`p` on 4x8:
//! `a`-`h` outer, `i`-`p` inner), North `2n..4n` (`A`-`P`).
//!
//! On three rows (an even `n` pits a row) each player owns the row nearest
//! them and the half of the middle row on their right, and one circuit goes
//! round the whole board as on two rows: South's row from its left to right,
//! South's half of the middle row from the board's east edge back to the
//! centre, North's row from North's left (the east) to right, North's half
//! of the middle row from the west edge to the centre, and back to South's
//! row. Pits are numbered (and lettered) in that order: South owns
//! `0..3n/2` (`a`-`i` on 3x6: `a`-`f` its row, `g`-`i` its half of the
//! middle row), North the rest (`A`-`I`). Nothing faces anything across the
//! middle row (no facing captures).

use std::ops::Range;

use super::position::Player;
use crate::rules::{Direction, Rules};

/// The board's shape, for a board of two, three or four rows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Topology {
    rows: usize,
    per_row: usize,
}

impl Topology {
    /// The shape the rules give.
    pub fn new(rules: &Rules) -> Topology {
        Topology {
            rows: usize::from(rules.board.rows),
            per_row: usize::from(rules.board.pits),
        }
    }

    /// Rows on the board (2, 3 or 4).
    pub fn rows(&self) -> usize {
        self.rows
    }

    /// Pits in each row.
    pub fn per_row(&self) -> usize {
        self.per_row
    }

    /// Pits each player owns (one row; a row and a half on three rows; two
    /// rows on four).
    pub fn per_side(&self) -> usize {
        self.rows * self.per_row / 2
    }

    /// Pits on the board.
    pub fn pit_count(&self) -> usize {
        self.rows * self.per_row
    }

    /// The pits `player` owns.
    pub fn side(&self, player: Player) -> Range<usize> {
        let start = player.index() * self.per_side();
        start..start + self.per_side()
    }

    /// The owner of `pit`.
    pub fn owner(&self, pit: usize) -> Player {
        if pit < self.per_side() {
            Player::South
        } else {
            Player::North
        }
    }

    /// Pits a sowing passes before it comes back to where it started: the
    /// whole board on two and three rows, the owner's two rows on four.
    pub fn circuit_len(&self) -> usize {
        if self.rows == 4 {
            self.per_side()
        } else {
            self.pit_count()
        }
    }

    /// The pit after `pit` going `direction`: round the whole board on two
    /// and three rows, round the owner's own two rows on four.
    pub fn next(&self, pit: usize, direction: Direction) -> usize {
        let len = self.circuit_len();
        let start = if self.rows == 4 {
            self.side(self.owner(pit)).start
        } else {
            0
        };
        let k = pit - start;
        start
            + match direction {
                Direction::Ccw => (k + 1) % len,
                Direction::Cw => (k + len - 1) % len,
            }
    }

    /// Whether `pit` is in its owner's inner row (the row next to the
    /// opponent's), or on three rows in the middle row. On two rows every pit
    /// is.
    pub fn is_inner(&self, pit: usize) -> bool {
        self.rows == 2 || (pit - self.side(self.owner(pit)).start) >= self.per_row
    }

    /// The pit facing `pit` across the middle of the board: on two rows the
    /// opponent's pit in the same column; on four rows, for an inner pit,
    /// the opponent's inner pit in the same column (an outer pit faces
    /// nothing); on three rows nothing.
    pub fn facing(&self, pit: usize) -> Option<usize> {
        let n = self.per_row;
        match self.rows {
            4 if self.is_inner(pit) => Some(5 * n - 1 - pit),
            2 => Some(self.pit_count() - 1 - pit),
            _ => None,
        }
    }

    /// On four rows, the outer pit behind inner pit `pit` (same owner, same
    /// column); none on two rows or for an outer pit.
    pub fn behind(&self, pit: usize) -> Option<usize> {
        (self.rows == 4 && self.is_inner(pit)).then(|| {
            let start = self.side(self.owner(pit)).start;
            2 * start + self.per_side() - 1 - pit
        })
    }

    /// On four rows, the inner pit in front of outer pit `pit` (same owner,
    /// same column); none on two or three rows or for an inner pit.
    pub fn in_front(&self, pit: usize) -> Option<usize> {
        (self.rows == 4 && !self.is_inner(pit)).then(|| {
            let start = self.side(self.owner(pit)).start;
            2 * start + self.per_side() - 1 - pit
        })
    }

    /// The pits as a board is drawn with South at the bottom: one entry per
    /// row, from the far row (North's outer, or North's only row) to the
    /// near row (South's outer), each from South's left to right.
    pub fn drawn_rows(&self) -> Vec<Vec<usize>> {
        let n = self.per_row;
        let forward = |first: usize, len: usize| (first..first + len).collect::<Vec<_>>();
        let backward = |first: usize, len: usize| (first..first + len).rev().collect::<Vec<_>>();
        match self.rows {
            // North's outer row runs from North's left (South's right), its
            // inner row back; South's inner row runs from South's right.
            4 => vec![
                backward(2 * n, n),
                forward(3 * n, n),
                backward(n, n),
                forward(0, n),
            ],
            // The middle row: North's half (from the west edge), then
            // South's (lettered from the east edge).
            3 => {
                let (side, half) = (self.per_side(), n / 2);
                let mut middle = forward(side + n, half);
                middle.extend(backward(n, half));
                vec![backward(side, n), middle, forward(0, n)]
            }
            _ => vec![backward(n, n), forward(0, n)],
        }
    }

    /// Where the notation writes `/` between rows: the number of pits, in
    /// label order, before each break. Two rows: after South's row; three:
    /// after each player's full row and after South's half of the middle
    /// row; four: after every row.
    pub fn row_breaks(&self) -> Vec<usize> {
        let (n, side) = (self.per_row, self.per_side());
        match self.rows {
            3 => vec![n, side, side + n],
            rows => (1..rows).map(|row| row * n).collect(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn four_by(n: u8) -> Topology {
        Topology {
            rows: 4,
            per_row: usize::from(n),
        }
    }

    #[test]
    fn four_row_circuits_stay_on_their_side() {
        let t = four_by(8);
        // South: a..h outer, i..p inner, back to a.
        assert_eq!(t.next(7, Direction::Ccw), 8);
        assert_eq!(t.next(15, Direction::Ccw), 0);
        assert_eq!(t.next(0, Direction::Cw), 15);
        // North: A..P = 16..31.
        assert_eq!(t.next(31, Direction::Ccw), 16);
        assert_eq!(t.next(16, Direction::Cw), 31);
        assert_eq!(t.circuit_len(), 16);
    }

    #[test]
    fn facing_and_behind_on_four_rows() {
        let t = four_by(8);
        // Drawn: row 0 North outer H..A, row 1 North inner I..P,
        // row 2 South inner p..i, row 3 South outer a..h.
        let rows = t.drawn_rows();
        let columns = rows[0].iter().zip(&rows[1]).zip(&rows[2]).zip(&rows[3]);
        for (((&n_outer, &n_inner), &s_inner), &s_outer) in columns {
            assert_eq!(t.facing(s_inner), Some(n_inner));
            assert_eq!(t.facing(n_inner), Some(s_inner));
            assert_eq!(t.behind(s_inner), Some(s_outer));
            assert_eq!(t.behind(n_inner), Some(n_outer));
            assert_eq!(t.facing(s_outer), None);
            assert_eq!(t.in_front(s_outer), Some(s_inner));
            assert_eq!(t.in_front(n_outer), Some(n_inner));
            assert_eq!(t.in_front(s_inner), None);
            assert!(t.is_inner(n_inner) && !t.is_inner(n_outer));
        }
        // South's `i` (8) is at South's right end, facing North's `P` (31).
        assert_eq!(rows[2][7], 8);
        assert_eq!(t.facing(8), Some(31));
        assert_eq!(t.behind(8), Some(7));
    }

    #[test]
    fn three_rows_are_one_circuit_with_the_middle_row_split() {
        let t = Topology {
            rows: 3,
            per_row: 6,
        };
        // South a-f (0-5) and g-i (6-8), North A-F (9-14) and G-I (15-17).
        assert_eq!(t.per_side(), 9);
        assert_eq!(t.circuit_len(), 18);
        assert_eq!(t.next(5, Direction::Ccw), 6, "f, then g at the east edge");
        assert_eq!(t.next(8, Direction::Ccw), 9, "i, then North's A");
        assert_eq!(t.next(17, Direction::Ccw), 0, "I, then South's a");
        assert_eq!(t.owner(8), Player::South);
        assert_eq!(t.owner(9), Player::North);
        assert!(t.is_inner(6) && !t.is_inner(5) && t.is_inner(15));
        assert_eq!(t.facing(6), None);
        assert_eq!(
            t.drawn_rows(),
            vec![
                vec![14, 13, 12, 11, 10, 9],
                vec![15, 16, 17, 8, 7, 6],
                vec![0, 1, 2, 3, 4, 5]
            ]
        );
        assert_eq!(t.row_breaks(), [6, 9, 15]);
    }

    #[test]
    fn two_rows_are_one_circuit() {
        let t = Topology {
            rows: 2,
            per_row: 6,
        };
        assert_eq!(t.next(5, Direction::Ccw), 6);
        assert_eq!(t.next(11, Direction::Ccw), 0);
        assert_eq!(t.facing(0), Some(11));
        assert_eq!(t.behind(0), None);
        assert_eq!(
            t.drawn_rows(),
            vec![vec![11, 10, 9, 8, 7, 6], vec![0, 1, 2, 3, 4, 5]]
        );
        assert_eq!(t.row_breaks(), [6]);
    }
}
