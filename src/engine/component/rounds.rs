//! What the move loop reads of the rounds (`rounds { unfilled }`): when a
//! pit closed for the round opens again. The rounds themselves (refilling,
//! closing pits) are played between games by `engine/rounds.rs`.

use crate::rules::{Rules, Unfilled};

/// The round rules the move loop reads.
#[derive(Debug, Clone)]
pub(in crate::engine) struct RoundRules {
    /// `rounds { unfilled reopens }`: the count at which a closed pit,
    /// which then is sown into, opens after a move (`seeds`); 0 when closed
    /// pits are passed over for the whole round.
    pub(in crate::engine) reopen_at: u8,
}

impl RoundRules {
    /// The round rules of `rules`.
    pub(in crate::engine) fn new(rules: &Rules) -> RoundRules {
        let reopen_at = match rules.rounds.unfilled {
            Unfilled::Reopens if rules.rounds.refill.is_some() => rules.board.seeds,
            _ => 0,
        };
        RoundRules { reopen_at }
    }
}
