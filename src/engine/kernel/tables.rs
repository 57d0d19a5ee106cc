//! The kernel's move tables: for each mover, pit and stone count, what the
//! sowing adds to the board (all pits as byte lanes of one `u128`), to the
//! mover's store, where its last stone lands and whether the mover moves
//! again. Built from the general engine's own sowing (without capture) on a
//! board holding only the sown pit, and checked against the sowing the
//! kernel's shape assumes (the pits in pit order round the board, the
//! mover's store after their last pit): a variant whose sowing differs is
//! not taken.

use crate::engine::{Game, Move, Player, Position};
use crate::rules::{Direction, PitDirection, SowStart, Stores};

/// What sowing `n` stones from one pit does, on any board (one lap: the
/// stones do not depend on the other pits).
#[derive(Debug, Clone, Copy, Default)]
pub(super) struct Sowing {
    /// Added to the board's byte lanes (the emptied origin a wrapping
    /// subtraction).
    pub delta: u128,
    /// Stones into the mover's store.
    pub store: u8,
    /// The pit the last stone lands in; [`NO_PIT`] for the store.
    pub last: u8,
    /// The mover moves again (`extra_turn store`).
    pub again: bool,
}

/// [`Sowing::last`] of a sowing that ends in the store.
pub(super) const NO_PIT: u8 = u8::MAX;

/// The sowings of every mover, pit of theirs and stone count up to `total`
/// (index `[mover][pit][n]`, the pit counted from 0 along the whole
/// board), or `None` when the engine's sowing is not the one the shape
/// assumes.
pub(super) fn sowings(game: &Game, total: usize) -> Option<Vec<Sowing>> {
    let rules = game.rules();
    let per_row = usize::from(rules.board.pits);
    let pit_count = 2 * per_row;
    let stores = rules.board.stores == Stores::Sown;
    let mut table = vec![Sowing::default(); 2 * pit_count * (total + 1)];
    for mover in Player::BOTH {
        if game.row(mover) != (mover.index() * per_row..(mover.index() + 1) * per_row) {
            return None;
        }
        for pit in game.row(mover) {
            for n in 1..=total {
                let engine = engine_sowing(game, mover, pit, n)?;
                let assumed = assumed_sowing(rules, mover, pit, n, stores);
                if (engine.delta, engine.store, engine.last) != assumed {
                    return None;
                }
                table[(mover.index() * pit_count + pit) * (total + 1) + n] = engine;
            }
        }
    }
    Some(table)
}

/// The engine's sowing of `n` stones from `pit` by `mover` on a board
/// holding nothing else, without capture.
fn engine_sowing(game: &Game, mover: Player, pit: usize, n: usize) -> Option<Sowing> {
    let mut pos = Position {
        to_move: mover,
        ..Position::EMPTY
    };
    pos.pits[pit] = u8::try_from(n).ok()?;
    let before = lanes(&pos);
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
    let last = usize::from(effect.last);
    Some(Sowing {
        delta: lanes(&pos).wrapping_sub(before),
        store: u8::try_from(pos.captured[mover.index()]).ok()?,
        last: if last < pit_count { last as u8 } else { NO_PIT },
        again: pos.to_move == mover,
    })
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
) -> (u128, u8, u8) {
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
    let delta = (0..16).fold(0u128, |d, i| {
        d.wrapping_add((counts[i] as u128).wrapping_mul(1u128 << (8 * i)))
    });
    (delta, store, last)
}

/// The first 16 pits as byte lanes (pit `i` in byte `i`).
pub(super) fn lanes(pos: &Position) -> u128 {
    let mut bytes = [0u8; 16];
    bytes.copy_from_slice(&pos.pits[..16]);
    u128::from_le_bytes(bytes)
}
