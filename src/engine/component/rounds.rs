//! What the move loop reads of the rounds (`rounds { unfilled }`): when a
//! pit closed for the round opens again. The rounds themselves (refilling,
//! closing pits) are played between games by `engine/rounds.rs`.

use crate::engine::width::{Narrow, PitBits, Width};
use crate::rules::{Rules, Unfilled};

/// The round rules the move loop reads.
#[derive(Debug, Clone)]
pub(in crate::engine) struct RoundRules<W: Width = Narrow> {
    /// `rounds { unfilled reopens }`: the count at which a closed pit,
    /// which then is sown into, opens after a move (`seeds`); 0 when closed
    /// pits are passed over for the whole round.
    pub(in crate::engine) reopen_at: u8,
    /// Whether a sowing drops stones into closed pits (`unfilled reopens`
    /// and `unplayed`) rather than passing over them.
    pub(in crate::engine) closed_sown_into: bool,
    /// The closed pits a capture may take from, as a mask over a position's
    /// `closed`: none, but all under `unfilled unplayed`.
    pub(in crate::engine) closed_capturable: W::Set,
}

impl<W: Width> RoundRules<W> {
    /// The round rules of `rules`.
    pub(in crate::engine) fn new(rules: &Rules) -> RoundRules<W> {
        let reopen_at = match rules.rounds.unfilled {
            Unfilled::Reopens if rules.rounds.refill.is_some() => rules.board.seeds,
            _ => 0,
        };
        let unplayed = rules.rounds.unfilled == Unfilled::Unplayed && rules.rounds.refill.is_some();
        RoundRules {
            reopen_at,
            closed_sown_into: reopen_at != 0 || unplayed,
            closed_capturable: if unplayed { W::Set::ALL } else { W::Set::ZERO },
        }
    }
}
