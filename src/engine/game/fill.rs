//! Refill moves (`rounds { fill_from choice }`): at the start of a round, a
//! player who cannot fill every pit of their row names the pits they fill,
//! one move (`+c`) per pit, from their left (under `remainder next_pit`,
//! the pit for the stones short of a full one last, anywhere; under `refill
//! surplus`, the player who scored more then the pits of the other's row
//! left); the player who starts the round chooses first, then the other,
//! then the round's first sowing.
//! Only positions whose `refilling` is set call into this module (one flag
//! test per move otherwise). The placing of `opening { placement }` runs on
//! the same moves (see the `placement` module).

use super::Game;
use crate::engine::effect::{Effect, Successor, Successors};
use crate::engine::illegal::Illegal;
use crate::engine::position::{Move, Player, Position};
use crate::engine::rounds::odd_pit_taker;
use crate::engine::width::{PitBits, Width};
use crate::rules::{OddPit, Refill, Remainder, Unfilled};

impl<W: Width> Game<W> {
    /// The pits `player` may fill now, as a bit set: their closed pits
    /// after the last they have opened (pits are named from the player's
    /// left, so each choice of pits is one sequence of moves), leaving room
    /// for every pit their captured stones can still fill. Under
    /// `remainder next_pit`, once those are named, the stones short of a
    /// full pit go into any empty closed pit of their row. Under `refill
    /// surplus`, once their own row is full and the other player has named
    /// the pits of theirs, the closed pits of the other's row, named from
    /// that row's left likewise. Empty when they have nothing left to
    /// choose.
    pub(in crate::engine) fn fillable(&self, pos: &Position<W>, player: Player) -> W::Set {
        if self.rules().opening.placement.is_some() {
            return self.placeable(pos, player);
        }
        let own = self.own_row_fillable(pos, player);
        if own != W::Set::ZERO || self.rules().rounds.refill != Some(Refill::Surplus) {
            return own;
        }
        // `refill surplus`: once their own row is full, and the other has
        // named the pits of theirs, the pits of the other's row left.
        let other = player.other();
        let row_full = self.row(player).all(|pit| !pos.is_closed(pit));
        if !row_full || self.own_row_fillable(pos, other) != W::Set::ZERO {
            return W::Set::ZERO;
        }
        let owed = usize::from(pos.captured[player.index()] / u16::from(self.rules().board.seeds));
        let row = self.row(other);
        // Named from the other's left, after the last this player filled.
        let after_filled = row
            .clone()
            .rposition(|pit| pos.swapped.has(pit))
            .map_or(row.start, |k| row.start + k + 1);
        let closed = (after_filled..row.end).filter(|&pit| pos.is_closed(pit));
        let room = |pit: usize| closed.clone().filter(|&p| p >= pit).count() >= owed;
        match owed {
            0 => W::Set::ZERO,
            _ => closed
                .clone()
                .filter(|&pit| room(pit))
                .fold(W::Set::ZERO, |set, pit| set | W::Set::bit(pit)),
        }
    }

    /// The pits of their own row `player` may fill now, as [`Game::fillable`]
    /// says.
    fn own_row_fillable(&self, pos: &Position<W>, player: Player) -> W::Set {
        let seeds = u16::from(self.rules().board.seeds);
        let captured = pos.captured[player.index()];
        let owed = usize::from(captured / seeds);
        let row = self.row(player);
        let (first, len) = (row.start, row.len());
        if owed == 0 {
            return match self.rules().rounds.remainder {
                Remainder::NextPit if captured > 0 => row
                    .filter(|&pit| pos.is_closed(pit) && pos.pits[pit] == 0)
                    .fold(W::Set::ZERO, |set, pit| set | W::Set::bit(pit)),
                _ => W::Set::ZERO,
            };
        }
        let after_open = row
            .clone()
            .rposition(|pit| !pos.is_closed(pit))
            .map_or(0, |k| k + 1);
        (after_open..len)
            .filter(|&k| len - k >= owed)
            .fold(W::Set::ZERO, |set, k| set | W::Set::bit(first + k))
    }

    /// `refill surplus` under `fill_from choice`: a player owed their whole
    /// row fills it, and keeps the rest to name pits of the other's row; a
    /// player owed fewer has their row closed and keeps their score, to
    /// name the pits they fill by refill moves.
    pub(crate) fn refill_whole_rows(&self, next: &mut Position<W>, scores: [u16; 2]) {
        let seeds = u16::from(self.rules().board.seeds);
        for player in Player::BOTH {
            let row = self.row(player);
            let mut left = scores[player.index()];
            if usize::from(left / seeds) >= row.len() {
                for pit in row {
                    next.pits[pit] = seeds as u8;
                    left -= seeds;
                }
            } else {
                for pit in row {
                    next.closed |= W::Set::bit(pit);
                }
            }
            next.captured[player.index()] = left;
        }
    }

    /// The refill moves of `pos` (its `refilling` is set) and their results.
    pub(super) fn fill_successors(&self, pos: &Position<W>, out: &mut Successors<W>) {
        let pits = self.fillable(pos, pos.to_move);
        for pit in (0..self.pit_count()).filter(|&pit| pits.has(pit)) {
            let mut position = *pos;
            let effect = self.apply_fill(&mut position, pit);
            out.push(Successor {
                mv: Move::fill(pit),
                position,
                effect,
            });
        }
    }

    /// Plays the refill move filling `pit` on `pos` in place: `seeds` of
    /// the mover's captured stones go into it and it opens (fewer, all
    /// they have, under `remainder next_pit`: the pit then waits under
    /// `unfilled reopens`). The mover goes on while they have a choice
    /// left; then the other player chooses (when the mover starts the
    /// round), and then the round starts.
    pub(crate) fn apply_fill(&self, pos: &mut Position<W>, pit: usize) -> Effect<W> {
        if self.rules().opening.placement.is_some() {
            return self.place_in(pos, pit);
        }
        let seeds = self.rules().board.seeds;
        let filler = pos.to_move;
        let count = u8::try_from(pos.captured[filler.index()]).map_or(seeds, |n| n.min(seeds));
        pos.pits[pit] = count;
        if count == seeds || self.rules().rounds.unfilled != Unfilled::Reopens {
            pos.closed &= !W::Set::bit(pit);
        }
        pos.captured[filler.index()] -= u16::from(count);
        if !self.row(filler).contains(&pit) {
            // `refill surplus`: a pit of the other's row changes hands.
            pos.swapped |= W::Set::bit(pit);
        }
        let starter = pos.refilling.unwrap_or(filler);
        self.next_filler(pos, starter, filler);
        Effect {
            last: pit as u8,
            ..Effect::default()
        }
    }

    /// Who chooses next, from `filler` on, in a round `starter` starts;
    /// ends the choosing (the starter to move, and under `unfilled open`
    /// every pit open) when nobody has a choice left.
    pub(crate) fn next_filler(&self, pos: &mut Position<W>, starter: Player, filler: Player) {
        // A player done naming has nothing left to name, except under
        // `refill surplus`, where the player who scored more names the
        // other's pits once the other is done.
        let next = [filler, filler.other()]
            .into_iter()
            .find(|&p| self.fillable(pos, p) != W::Set::ZERO);
        match next {
            Some(player) => {
                pos.to_move = player;
                pos.refilling = Some(starter);
            }
            None => {
                pos.to_move = starter;
                pos.refilling = None;
                self.fill_odd_pit(pos);
                // Under `unfilled open` the pits nobody chose are in play,
                // empty.
                if self.rules().rounds.unfilled == Unfilled::Open {
                    pos.closed = W::Set::ZERO;
                }
            }
        }
    }

    /// `refill surplus`, once the players have named their pits: the pit
    /// the two remainders make up (`odd_pit`), the first closed pit left,
    /// filled from both remainders and its taker's (on equal remainders
    /// its row's player's, as `odd_pit` says).
    fn fill_odd_pit(&self, pos: &mut Position<W>) {
        let rounds = &self.rules().rounds;
        if rounds.refill != Some(Refill::Surplus) || rounds.odd_pit == OddPit::Nobody {
            return;
        }
        let Some(pit) = (0..self.pit_count()).find(|&pit| pos.is_closed(pit)) else {
            return;
        };
        let seeds = self.rules().board.seeds;
        let row_player = match self.row(Player::South).contains(&pit) {
            true => Player::South,
            false => Player::North,
        };
        let left = pos.captured;
        let Some(taker) = odd_pit_taker(rounds.odd_pit, left, seeds.into(), row_player) else {
            return;
        };
        let given = u16::from(seeds) - left[taker.index()];
        pos.captured[taker.index()] = 0;
        pos.captured[taker.other().index()] -= given;
        pos.pits[pit] = seeds;
        pos.closed &= !W::Set::bit(pit);
        if taker != row_player {
            pos.swapped |= W::Set::bit(pit);
        }
    }

    /// Why `mv` cannot be played while the players choose the pits to
    /// refill, or why a refill cannot be played outside that choice.
    pub(super) fn why_fill_illegal(&self, pos: &Position<W>, mv: Move) -> Illegal {
        if self.rules().opening.placement.is_some() {
            return self.why_placement_illegal(pos, mv);
        }
        let Some(pit) = mv.filled_pit() else {
            return Illegal::Refill {
                why: format!(
                    "{} is choosing the pits to refill: a move now is `+` and a pit (`+{}`)",
                    pos.to_move,
                    self.label(self.row(pos.to_move).start)
                ),
            };
        };
        let label = self.label(pit);
        let why = if pos.refilling.is_none() {
            "pits are refilled only at the start of a round".to_string()
        } else if !self.row(pos.to_move).contains(&pit)
            && self.rules().rounds.refill == Some(Refill::Surplus)
        {
            format!(
                "pit `{label}` is in {}'s row: {} fills pits there only once their own row is full and {} has named theirs",
                pos.to_move.other(),
                pos.to_move,
                pos.to_move.other()
            )
        } else if !self.row(pos.to_move).contains(&pit) {
            format!("pit `{label}` is not in {}'s row", pos.to_move)
        } else if !pos.is_closed(pit) {
            format!("pit `{label}` is filled already")
        } else {
            let open: Vec<String> = (0..self.pit_count())
                .filter(|&p| self.fillable(pos, pos.to_move).has(p))
                .map(|p| format!("`+{}`", self.label(p)))
                .collect();
            format!(
                "the pits to fill are named from the player's left, leaving room for every pit still owed: {} now",
                open.join(", ")
            )
        };
        Illegal::Refill {
            why: format!("`+{label}`: {why}"),
        }
    }
}
