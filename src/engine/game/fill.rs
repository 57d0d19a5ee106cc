//! Refill moves (`rounds { fill_from choice }`): at the start of a round, a
//! player who cannot fill every pit of their row names the pits they fill,
//! one move (`+c`) per pit, from their left (under `remainder next_pit`,
//! the pit for the stones short of a full one last, anywhere); the player who starts the
//! round chooses first, then the other, then the round's first sowing.
//! Only positions whose `refilling` is set call into this module (one flag
//! test per move otherwise).

use super::Game;
use crate::engine::effect::{Effect, Successor, Successors};
use crate::engine::illegal::Illegal;
use crate::engine::position::{Move, Player, Position};
use crate::engine::width::{PitBits, Width};
use crate::rules::{Remainder, Unfilled};

impl<W: Width> Game<W> {
    /// The pits `player` may fill now, as a bit set: their closed pits
    /// after the last they have opened (pits are named from the player's
    /// left, so each choice of pits is one sequence of moves), leaving room
    /// for every pit their captured stones can still fill. Under
    /// `remainder next_pit`, once those are named, the stones short of a
    /// full pit go into any empty closed pit of their row. Empty when they
    /// have nothing left to choose.
    pub(super) fn fillable(&self, pos: &Position<W>, player: Player) -> W::Set {
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

    /// The refill moves of `pos` (its `refilling` is set) and their results.
    pub(super) fn fill_successors(&self, pos: &Position<W>, out: &mut Successors<W>) {
        let pits = self.fillable(pos, pos.to_move);
        for pit in self.row(pos.to_move).filter(|&pit| pits.has(pit)) {
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
        let seeds = self.rules().board.seeds;
        let filler = pos.to_move;
        let count = u8::try_from(pos.captured[filler.index()]).map_or(seeds, |n| n.min(seeds));
        pos.pits[pit] = count;
        if count == seeds || self.rules().rounds.unfilled != Unfilled::Reopens {
            pos.closed &= !W::Set::bit(pit);
        }
        pos.captured[filler.index()] -= u16::from(count);
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
        let next = [filler, filler.other()]
            .into_iter()
            .filter(|&p| p == filler || p != starter)
            .find(|&p| self.fillable(pos, p) != W::Set::ZERO);
        match next {
            Some(player) => {
                pos.to_move = player;
                pos.refilling = Some(starter);
            }
            None => {
                pos.to_move = starter;
                pos.refilling = None;
                // Under `unfilled open` the pits nobody chose are in play,
                // empty.
                if self.rules().rounds.unfilled == Unfilled::Open {
                    pos.closed = W::Set::ZERO;
                }
            }
        }
    }

    /// Why `mv` cannot be played while the players choose the pits to
    /// refill, or why a refill cannot be played outside that choice.
    pub(super) fn why_fill_illegal(&self, pos: &Position<W>, mv: Move) -> Illegal {
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
        } else if !self.row(pos.to_move).contains(&pit) {
            format!("pit `{label}` is not in {}'s row", pos.to_move)
        } else if !pos.is_closed(pit) {
            format!("pit `{label}` is filled already")
        } else {
            let open: Vec<String> = self
                .row(pos.to_move)
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
