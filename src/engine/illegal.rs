//! Why a move cannot be played.

use std::fmt;

use super::position::Player;
use crate::rules::{Direction, PitDirection};

/// Why a move cannot be played.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Illegal {
    /// The game is over.
    GameOver,
    /// The pit is in the opponent's row.
    NotYourPit {
        /// Label of the pit.
        pit: String,
        /// Its owner.
        owner: Player,
    },
    /// The pit was claimed (`claim`: a tuzdik, a weg): nobody plays it.
    Claimed {
        /// Label of the pit.
        pit: String,
        /// The player who claimed it.
        owner: Player,
    },
    /// The pit holds fewer stones than a move needs.
    TooFewStones {
        /// Label of the pit.
        pit: String,
        /// Stones in it.
        has: u8,
        /// Stones a pit needs to be played.
        needs: u8,
    },
    /// The pit is closed for this round.
    Closed {
        /// Label of the pit.
        pit: String,
    },
    /// The move would capture the opponent's whole row.
    GrandSlam {
        /// Label of the pit.
        pit: String,
    },
    /// The mover must feed the opponent and this move does not.
    DoesNotFeed {
        /// Label of the pit.
        pit: String,
    },
    /// The pit does not sow in the direction asked for.
    WrongDirection {
        /// Label of the pit.
        pit: String,
        /// The pit's direction rule.
        rule: PitDirection,
    },
    /// Under `reverse_to_capture`, a move against its pit's own direction
    /// that captures nothing.
    ReverseWithoutCapture {
        /// Label of the pit.
        pit: String,
        /// The direction asked for.
        direction: Direction,
    },
    /// Under `reverse_to_capture` with `reverse_when
    /// first_lap_faces_both`, a move against its pit's own direction whose
    /// first lap does not end in an inner pit facing two occupied pits.
    ReverseNotFacingBoth {
        /// Label of the pit.
        pit: String,
        /// The direction asked for.
        direction: Direction,
    },
    /// A pass, while the mover has a move.
    CannotPass,
    /// The game's first move, from a pit the rules do not open with.
    NotAnOpeningPit {
        /// Label of the pit.
        pit: String,
        /// Labels of the pits the first move may be played from.
        allowed: Vec<String>,
    },
    /// Under `singletons into_empty` or `first_lap single_into_empty`, a
    /// single stone that would fall into an occupied pit.
    SingleIntoOccupied {
        /// Label of the pit.
        pit: String,
    },
    /// The move's first lap neither reaches the opponent's row nor ends in
    /// an empty pit of the mover's row (`first_lap reaches_or_empty`).
    FirstLap {
        /// Label of the pit.
        pit: String,
    },
    /// The move does not capture at the end of its first lap, and another
    /// move would (`first_lap captures`).
    MustCapture {
        /// Label of the pit.
        pit: String,
    },
    /// A sowing while the players choose the pits to refill, or a refill
    /// that cannot be played (`fill_from choice`).
    Refill {
        /// Why, in words.
        why: String,
    },
    /// A sowing while the mover takes the pits a capture earned, or a take
    /// that cannot be played (`extra_chosen`).
    Take {
        /// Why, in words.
        why: String,
    },
    /// A sowing while a proposal to end the game waits for an answer, or a
    /// vote move where none is open (`repetition agree`).
    Vote {
        /// Whether a proposal waits for an answer.
        answer: bool,
    },
}

impl std::error::Error for Illegal {}

impl fmt::Display for Illegal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Illegal::GameOver => write!(f, "the game is over"),
            Illegal::NotYourPit { pit, owner } => write!(f, "pit `{pit}` belongs to {owner}"),
            Illegal::Claimed { pit, owner } => {
                write!(f, "pit `{pit}` is claimed by {owner}: nobody plays it")
            }
            Illegal::TooFewStones { pit, has, needs } => write!(
                f,
                "pit `{pit}` holds {has} stone{}; a pit needs at least {needs} to be played",
                if *has == 1 { "" } else { "s" }
            ),
            Illegal::Closed { pit } => write!(f, "pit `{pit}` is closed for this round"),
            Illegal::Refill { why } | Illegal::Take { why } => write!(f, "{why}"),
            Illegal::GrandSlam { pit } => write!(
                f,
                "`{pit}` would capture every stone in the opponent's row (grand slam), which is forbidden here"
            ),
            Illegal::DoesNotFeed { pit } => write!(
                f,
                "`{pit}` does not feed the opponent, and a move that does exists"
            ),
            Illegal::WrongDirection { pit, rule } => {
                write!(f, "pit `{pit}` sows {rule} only")
            }
            Illegal::ReverseWithoutCapture { pit, direction } => write!(
                f,
                "`{pit}:{direction}` captures nothing: a move from `{pit}` sows {direction} only when it captures"
            ),
            Illegal::ReverseNotFacingBoth { pit, direction } => write!(
                f,
                "`{pit}:{direction}` does not end its first lap in an inner pit facing two occupied pits: a move from `{pit}` sows {direction} only when it does"
            ),
            Illegal::CannotPass => write!(f, "a player may pass only when they cannot move"),
            Illegal::Vote { answer: true } => write!(
                f,
                "the opponent proposed to end the game: the answer is `accept` or `refuse`"
            ),
            Illegal::Vote { answer: false } => write!(
                f,
                "`propose` is a move only at a repeated position, and `accept` or `refuse` only in answer to one"
            ),
            Illegal::NotAnOpeningPit { pit, allowed } => write!(
                f,
                "this first move is played from {}, not `{pit}`",
                allowed
                    .iter()
                    .map(|l| format!("`{l}`"))
                    .collect::<Vec<_>>()
                    .join(" or ")
            ),
            Illegal::SingleIntoOccupied { pit } => write!(
                f,
                "pit `{pit}` holds a single stone, which may be played only into an empty pit"
            ),
            Illegal::FirstLap { pit } => write!(
                f,
                "`{pit}`'s first lap neither reaches the opponent's row nor ends in an empty pit of the mover's row"
            ),
            Illegal::MustCapture { pit } => write!(
                f,
                "`{pit}`'s first lap does not end in a capture, and a capturing move is obligatory"
            ),
        }
    }
}
