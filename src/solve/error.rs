//! Why a variant cannot be solved ([`SolveError`]), the checks that refuse
//! rules under which a position's value depends on more than the position,
//! and whether the rules let a position come back at all ([`no_repetition`]).

use crate::{
    engine::{EndReason, Game},
    rules::{EndWhen, Repetition},
};

/// Why a variant cannot be solved.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SolveError {
    /// The board does not fit the 64-bit position key.
    #[error("the board is too large to solve: {pits} pits of up to {stones} stones do not fit a 64-bit position key")]
    BoardTooLarge {
        /// Pits on the board.
        pits: usize,
        /// Stones in the game.
        stones: u32,
    },
    /// The estimated number of positions exceeds the limit.
    #[error("up to {estimate} positions (C(stones + pits, pits) boards, each side to move), more than the limit of {limit}; raise --limit if the machine has the memory (about 90 bytes for each position actually reachable, usually far fewer than the bound)")]
    TooManyPositions {
        /// The upper bound on positions.
        estimate: u128,
        /// The limit.
        limit: u64,
    },
    /// A group of positions that reach one another is too large to search.
    #[error(
        "a group of {members} positions that can repeat one another is too large to solve exactly"
    )]
    CycleTooLarge {
        /// Positions in the group.
        members: usize,
    },
    /// The rules make past captures part of the state, which the position
    /// key leaves out.
    #[error("the rules end the game on captured totals (`captured_majority`, `score_reached`), which a position of the solver does not record")]
    CapturesMatter,
    /// A table read as endgame databases holds the positions reachable from
    /// a start instead.
    #[error("the table holds a variant's solution from its start, not endgame databases (`sow solve VARIANT --databases K --save FILE` makes those)")]
    NotDatabases,
    /// The rules end some games in a draw or a win whatever was captured:
    /// the value of such an end depends on past captures.
    #[error("the rules end some games in a draw or a win whatever was captured (`draw`, `able_to_move`, `empty_row_wins`, `empty_row_loses`), which depends on the captures before it: a position of the solver does not record them")]
    DrawnEnd,
    /// The game is a match of rounds.
    #[error("the game is a match of rounds: a round's value depends on the stones captured before it (they are refilled into the next round), and the solver solves one game")]
    Rounds,
    /// The rules end a game inside a move (`relay_cycle`), which a position
    /// key does not record.
    #[error("the rules end a game whose relay cycles (`relay_cycle`), inside a move: a position of the solver does not record that")]
    RelayCycleEnd,
    /// The players may agree to end a repeating game (`repetition agree`):
    /// whether a repetition ends the game is a choice of both, which the
    /// solver's model of cycles (a repetition ends the game) does not say.
    #[error("the players may agree to end a repeating game (`repetition agree`): the solver's model of cycles, in which a repetition ends the game, does not say that choice")]
    Agreement,
    /// A capture earns pits the mover chooses (`extra_chosen`): how many
    /// are still to take is part of the state, which a position key leaves
    /// out.
    #[error("a capture earns pits the mover chooses (`extra_chosen`): how many are still to take is not recorded by a position of the solver")]
    ChosenTakes,
    /// The leftovers go to the last mover under extra turns: who moved last
    /// is part of the state, which a position key leaves out.
    #[error("the leftovers go to the last mover (`last_mover`) in a game with extra turns: who moved last, the player to move or the other, is not recorded by a position of the solver")]
    LastMoverAfterExtraTurns,
    /// A position that is not in the solution (not reachable from the start).
    #[error("position not in the solution: it is not reachable from the variant's start")]
    Unknown,
    /// The positions the search may hold do not fit in the memory available.
    #[error("{}; free memory or solve a smaller board", .0.describe("positions (C(stones + pits, pits) boards, each side to move)"))]
    Memory(crate::memory::TooLarge),
    /// Pits can become a player's store (`claim`), which a position key
    /// does not record.
    #[error("pits can become a player's store (`claim`): a position of the solver does not record which")]
    Claims,
    /// Compact databases were asked of rules under which a position can
    /// come back.
    #[error("compact databases need rules under which no position can come back (stores sown, every pit sowing one way, a stone always moving on)")]
    Repeats,
    /// Building compact databases met a chain of moves, among the boards of
    /// one number of stones, longer than rules without repetition allow, or
    /// a move that added stones to the board.
    #[error("building the databases met, at {stones} stones on the board, a chain of moves longer than rules without repetition allow or a move that adds stones")]
    NotLayered {
        /// The stones on the board where it happened.
        stones: u32,
    },
}

/// Refuses rules under which a position's moves or end depend on something
/// its key leaves out: past captures, a relay cycle, the rounds of a match.
pub(super) fn check_graph_rules(game: &Game) -> Result<(), SolveError> {
    if game.has_rounds() {
        return Err(SolveError::Rounds);
    }
    if game.rules().claim.count.is_some() {
        return Err(SolveError::Claims);
    }
    let when = &game.rules().end.when;
    if when.contains(&EndWhen::CapturedMajority) || when.contains(&EndWhen::ScoreReached) {
        return Err(SolveError::CapturesMatter);
    }
    if when.contains(&EndWhen::RelayCycle) {
        return Err(SolveError::RelayCycleEnd);
    }
    if game.rules().end.repetition == Repetition::Agree {
        return Err(SolveError::Agreement);
    }
    if game.rules().captures.iter().any(|c| c.extra_chosen != 0) {
        return Err(SolveError::ChosenTakes);
    }
    Ok(())
}

/// Refuses rules under which a position's value depends on the stones
/// captured so far, or on who made the last move.
pub(super) fn check_rules(game: &Game) -> Result<(), SolveError> {
    check_graph_rules(game)?;
    if game.records_last_mover() {
        return Err(SolveError::LastMoverAfterExtraTurns);
    }
    if EndReason::ALL
        .iter()
        .any(|&reason| game.scoring(reason).sets_captures_aside())
    {
        return Err(SolveError::DrawnEnd);
    }
    Ok(())
}

/// Whether the rules make every position impossible to reach twice in a
/// game. A move that sows into a store or captures changes the stones on
/// the board, so a repetition needs moves that do neither. With stores sown
/// (a sowing that leaves the mover's row passes the mover's store), such a
/// move stays in the mover's row; with every pit sowing the same single
/// way, its stones only move on towards the row's end, and with the first
/// stone going to the next pit (or at least two stones lifted) at least one
/// stone moves on. The sum over the stones of their distance to the end of
/// their row then falls at every such move, so no position comes back.
pub fn no_repetition(rules: &crate::rules::Rules) -> bool {
    use crate::rules::{PitDirection, SowStart, Stores};
    let sowing = &rules.sowing;
    let one_way = sowing.direction.windows(2).all(|w| w[0] == w[1])
        && sowing.direction.first() != Some(&PitDirection::Either);
    rules.board.stores == Stores::Sown
        && one_way
        && (sowing.start == SowStart::Next || sowing.min_stones >= 2)
}
