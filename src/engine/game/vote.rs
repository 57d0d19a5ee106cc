//! The vote on ending a repeating game (`end { repetition agree }`): Oware's
//! "if the game continues in a repeating loop, the players can agree to end
//! the game and capture the counters remaining in their row". At a repeated
//! position the player to move may play `propose` instead of sowing
//! ([`GameRun`](crate::engine::GameRun) offers it: only the game's history
//! says which positions repeat); the opponent then answers `accept` (the
//! game is over, scored as a repetition) or `refuse` (the proposer is to
//! move again, as before the proposal, without the offer).

use super::Game;
use crate::engine::effect::{Effect, Successor, Successors};
use crate::engine::width::Width;
use crate::engine::{
    outcome::EndReason,
    position::{Move, Position, Vote},
};

impl<W: Width> Game<W> {
    /// The position `mv`, a vote move, leads to from `pos`: after `propose`
    /// the opponent answers; after `accept` the game is over (the proposer
    /// to move, as at the repetition); after `refuse` the proposer moves.
    pub(crate) fn after_vote(&self, pos: &Position<W>, mv: Move) -> Position<W> {
        let vote = match mv {
            Move::PROPOSE => Vote::Proposed,
            Move::ACCEPT => Vote::Agreed,
            _ => Vote::None,
        };
        Position {
            to_move: pos.to_move.other(),
            vote,
            ..*pos
        }
    }

    /// Plays the vote move `mv` on `pos` in place.
    #[cold]
    pub(crate) fn apply_vote(&self, pos: &mut Position<W>, mv: Move) -> Effect<W> {
        *pos = self.after_vote(pos, mv);
        Effect::default()
    }

    /// The successors of a position where a vote is on the table: the
    /// answers to a proposal, or nothing once the players agreed (the end).
    #[cold]
    pub(super) fn vote_successors(&self, pos: &Position<W>, out: &mut Successors<W>) {
        if pos.vote == Vote::Agreed {
            return out.end_with(EndReason::Repetition);
        }
        for mv in [Move::ACCEPT, Move::REFUSE] {
            out.push(Successor {
                mv,
                position: self.after_vote(pos, mv),
                effect: Effect::default(),
            });
        }
    }
}
