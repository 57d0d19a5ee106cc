//! The kernel's move tables: for each pit of the mover's row and stone
//! count, what the sowing adds to the board (byte lanes seen from the
//! mover, see [`Lanes`]), to the mover's store, where its last stone lands
//! and whether the mover moves again. Built from the general engine's own
//! sowing (without capture) on a board holding only the sown pit, for
//! both players, and checked against the sowing the kernel's shape assumes
//! (the pits in pit order round the board, the mover's store after their
//! last pit) and between the players (seen from the mover, South's sowings
//! are North's): a variant whose sowing differs is not taken.

use super::lanes::Lanes;
use crate::engine::{Game, Move, Player, Position};
use crate::rules::{Direction, PitDirection, SowStart, Stores};

/// What sowing `n` stones from one pit does, on any board (one lap: the
/// stones do not depend on the other pits).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(super) struct Sowing<W> {
    /// Added to the board's lanes (the emptied origin a wrapping
    /// subtraction).
    pub delta: W,
    /// Stones into the mover's store.
    pub store: u8,
    /// The lane the last stone lands in; [`NO_PIT`] for the store.
    pub last: u8,
    /// The row of the capture's table for `last` (see
    /// [`ChainTable::row`](super::chain::ChainTable::row)), set when the
    /// kernel is compiled.
    pub table_row: u8,
    /// The mover moves again (`extra_turn store`).
    pub again: bool,
}

/// [`Sowing::last`] of a sowing that ends in the store.
pub(super) const NO_PIT: u8 = u8::MAX;

/// The sowings of a row's pits, `[pit][stones]`.
pub(super) type SowingTable<W> = [[Sowing<W>; 128]; 8];

/// The lane of absolute pit `pit` on the board seen from `mover`.
pub(super) fn lane_of<W: Lanes>(per_row: usize, mover: Player, pit: usize) -> usize {
    let (row, at) = (pit / per_row, pit % per_row);
    match row == mover.index() {
        true => at,
        false => W::HALF + at,
    }
}

/// The sowings of every pit of a row (index `[pit][n]`: pit `pit` of the
/// mover's row from 0, `n` stones up to `total`; the rest blank), or `None`
/// when the engine's sowing is not the one the shape assumes or not the
/// same for both players. Fixed sizes (at most 8 pits a row, 127 stones),
/// so that the move loop's index needs no bounds check.
pub(super) fn sowings<W: Lanes>(game: &Game, total: usize) -> Option<Box<SowingTable<W>>> {
    let rules = game.rules();
    let per_row = usize::from(rules.board.pits);
    let pit_count = 2 * per_row;
    let stores = rules.board.stores == Stores::Sown;
    if per_row > W::HALF || total >= 128 {
        return None;
    }
    let mut table = Box::new([[Sowing::default(); 128]; 8]);
    for mover in Player::BOTH {
        if game.row(mover) != (mover.index() * per_row..(mover.index() + 1) * per_row) {
            return None;
        }
        for (i, pit) in game.row(mover).enumerate() {
            for n in 1..=total {
                let (counts, store, last, again) = engine_sowing(game, mover, pit, n)?;
                if (counts, store, last) != assumed_sowing(rules, mover, pit, n, stores) {
                    return None;
                }
                let mut lanes = [0i64; 16];
                for (p, &c) in counts[..pit_count].iter().enumerate() {
                    lanes[lane_of::<W>(per_row, mover, p)] = c;
                }
                let sowing = Sowing {
                    delta: W::from_counts(&lanes),
                    store,
                    last: match last {
                        NO_PIT => NO_PIT,
                        p => lane_of::<W>(per_row, mover, usize::from(p)) as u8,
                    },
                    table_row: 0,
                    again,
                };
                let slot = &mut table[i][n];
                match mover {
                    Player::South => *slot = sowing,
                    Player::North if *slot != sowing => return None,
                    Player::North => {}
                }
            }
        }
    }
    Some(table)
}

/// The engine's sowing of `n` stones from `pit` by `mover` on a board
/// holding nothing else, without capture: the stones added to each pit
/// (taken from the origin), to the mover's store, the pit of the last
/// stone ([`NO_PIT`] for the store) and whether the mover moves again.
fn engine_sowing(
    game: &Game,
    mover: Player,
    pit: usize,
    n: usize,
) -> Option<([i64; 16], u8, u8, bool)> {
    let mut pos: Position = Position {
        to_move: mover,
        ..Position::EMPTY
    };
    pos.pits[pit] = u8::try_from(n).ok()?;
    let before = pos.pits;
    let mv = Move {
        pit: pit as u8,
        direction: direction(game.rules()),
    };
    let effect = game.sow_in_place(&mut pos, mv, false);
    if pos.captured[mover.other().index()] != 0 || pos.removed != 0 {
        return None;
    }
    let pit_count = game.pit_count();
    if pos.pits[pit_count..].iter().any(|&n| n != 0) {
        return None;
    }
    let counts = std::array::from_fn(|i| i64::from(pos.pits[i]) - i64::from(before[i]));
    let last = usize::from(effect.last);
    Some((
        counts,
        u8::try_from(pos.captured[mover.index()]).ok()?,
        if last < pit_count { last as u8 } else { NO_PIT },
        pos.to_move == mover,
    ))
}

/// The direction every pit sows in (the shape has one).
pub(super) fn direction(rules: &crate::rules::Rules) -> Direction {
    match rules.sowing.direction.first() {
        Some(PitDirection::Cw) => Direction::Cw,
        _ => Direction::Ccw,
    }
}

/// The sowing the shape assumes: one stone a slot round the board in pit
/// order (counter-clockwise) or against it (clockwise), the mover's store
/// (when sown) after the last pit of their row on the way, from the next
/// slot or the origin, the origin skipped when the rules say so.
fn assumed_sowing(
    rules: &crate::rules::Rules,
    mover: Player,
    pit: usize,
    n: usize,
    stores: bool,
) -> ([i64; 16], u8, u8) {
    let per_row = usize::from(rules.board.pits);
    let pit_count = 2 * per_row;
    let cw = direction(rules) == Direction::Cw;
    let store_after = mover.index() * per_row + if cw { 0 } else { per_row - 1 };
    // Slots in order from the origin: a pit, or `None` for the store.
    let mut cycle: Vec<Option<usize>> = Vec::new();
    for k in 0..pit_count {
        let p = match cw {
            false => (pit + k) % pit_count,
            true => (pit + pit_count - k) % pit_count,
        };
        cycle.push(Some(p));
        if stores && p == store_after {
            cycle.push(None);
        }
    }
    let mut counts = [0i64; 16];
    let mut store = 0u8;
    counts[pit] -= n as i64;
    let mut at = match rules.sowing.start {
        SowStart::Origin => 0,
        _ => 1,
    };
    let mut last = NO_PIT;
    for _ in 0..n {
        loop {
            let slot = cycle[at % cycle.len()];
            let skipped = rules.sowing.skip_origin && slot == Some(pit) && at > 0;
            if !skipped {
                break;
            }
            at += 1;
        }
        match cycle[at % cycle.len()] {
            Some(p) => {
                counts[p] += 1;
                last = p as u8;
            }
            None => {
                store += 1;
                last = NO_PIT;
            }
        }
        at += 1;
    }
    (counts, store, last)
}
