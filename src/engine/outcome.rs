//! How a game ends: why ([`EndReason`]) and who won ([`Outcome`]).

use serde::{Deserialize, Serialize};

/// Why a game ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum EndReason {
    /// The player to move had no legal move.
    NoLegalMove,
    /// The player to move had to feed and could not; the rules end the game.
    FeedingImpossible,
    /// A position (board and player to move) repeated.
    Repetition,
    /// A player captured more than half of the stones.
    CapturedMajority,
    /// A row was empty after a ply.
    RowEmpty,
    /// No pit held more than one stone.
    AllPitsAtMostOne,
    /// Few stones were left on the board (`stones_left`).
    StonesLeft,
    /// A player's captures reached the rules' threshold (`score_reached`).
    ScoreReached,
    /// The last move's relay came back to a lap state of the same move.
    RelayCycle,
    /// Four rows: a player's inner row was empty after a ply.
    InnerRowEmpty,
    /// No pit a player owns held a stone after a ply.
    OwnPitsEmpty,
    /// A player, the mover or the other, had no legal move after a ply.
    EitherCannotMove,
    /// A simulator's ply cap stopped the game: not an end the rules define.
    PlyCap,
}

impl EndReason {
    /// This reason's bit in a set of reasons (a `u16`: every reason has
    /// its own bit).
    pub(crate) const fn bit(self) -> u16 {
        1 << self as u16
    }

    /// How many reasons there are.
    pub const COUNT: usize = 13;

    /// Every reason, in the order reports list them.
    pub const ALL: [EndReason; EndReason::COUNT] = [
        EndReason::NoLegalMove,
        EndReason::FeedingImpossible,
        EndReason::Repetition,
        EndReason::CapturedMajority,
        EndReason::RowEmpty,
        EndReason::AllPitsAtMostOne,
        EndReason::StonesLeft,
        EndReason::ScoreReached,
        EndReason::RelayCycle,
        EndReason::InnerRowEmpty,
        EndReason::OwnPitsEmpty,
        EndReason::EitherCannotMove,
        EndReason::PlyCap,
    ];

    /// The reason as written in reports (`no_legal_move`, ...).
    pub fn as_str(self) -> &'static str {
        match self {
            EndReason::NoLegalMove => "no_legal_move",
            EndReason::FeedingImpossible => "feeding_impossible",
            EndReason::Repetition => "repetition",
            EndReason::CapturedMajority => "captured_majority",
            EndReason::RowEmpty => "row_empty",
            EndReason::AllPitsAtMostOne => "all_pits_at_most_one",
            EndReason::StonesLeft => "stones_left",
            EndReason::ScoreReached => "score_reached",
            EndReason::RelayCycle => "relay_cycle",
            EndReason::InnerRowEmpty => "inner_row_empty",
            EndReason::OwnPitsEmpty => "own_pits_empty",
            EndReason::EitherCannotMove => "either_cannot_move",
            EndReason::PlyCap => "ply_cap",
        }
    }

    /// The reason in words, for people.
    pub fn describe(self) -> &'static str {
        match self {
            EndReason::NoLegalMove => "the player to move has no legal move",
            EndReason::FeedingImpossible => "the player to move must feed and cannot",
            EndReason::Repetition => "a position repeated",
            EndReason::CapturedMajority => "a player captured more than half of the stones",
            EndReason::RowEmpty => "a row is empty",
            EndReason::AllPitsAtMostOne => "no pit holds more than one stone",
            EndReason::StonesLeft => "few stones are left on the board",
            EndReason::ScoreReached => "a player's captures reached the threshold",
            EndReason::RelayCycle => "a relay came back to a lap state of the same move",
            EndReason::InnerRowEmpty => "a player's inner row is empty",
            EndReason::OwnPitsEmpty => "no pit a player owns holds a stone",
            EndReason::EitherCannotMove => "a player has no legal move after a ply",
            EndReason::PlyCap => "the ply cap was reached",
        }
    }
}

/// Who won.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Outcome {
    /// South scored more.
    South,
    /// North scored more.
    North,
    /// Equal scores.
    Draw,
}

impl Outcome {
    /// The outcome of final scores `[south, north]`.
    pub fn from_scores(scores: [u16; 2]) -> Outcome {
        match scores[0].cmp(&scores[1]) {
            std::cmp::Ordering::Greater => Outcome::South,
            std::cmp::Ordering::Less => Outcome::North,
            std::cmp::Ordering::Equal => Outcome::Draw,
        }
    }

    /// `south`, `north` or `draw`.
    pub fn as_str(self) -> &'static str {
        match self {
            Outcome::South => "south",
            Outcome::North => "north",
            Outcome::Draw => "draw",
        }
    }
}
