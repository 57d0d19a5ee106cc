//! The generic sowing interpreter: [`Rules`](crate::rules::Rules) compiled
//! into a [`Game`] that generates legal moves and plays them on a fixed-size
//! [`Position`]. One code path serves every variant; no variant is named here.

mod game;
mod kernel;
mod legal;
mod move_error;
mod move_list;
mod notation;
mod perft;
mod playout;
mod position;
mod rounds;
mod run;
mod topology;

pub use game::{Effect, Game, Illegal, Successor, Successors, MAX_RELAYS};
pub use kernel::{Board, History, Kernel, Played};
pub use legal::Moves;
pub use move_error::MoveError;
pub use move_list::{MoveList, MAX_MOVES};
pub use notation::{
    check_stones, format_position, parse_move, parse_move_by, parse_position, pit_label, pit_text,
    PositionError, CLAIMED, CLAIMED_OWN_ROW, CLOSED, SWAPPED, VISITED,
};
pub use perft::perft;
pub use position::{Move, Player, Position, Vote, MAX_PITS};
pub use rounds::{AfterRound, MatchRun, RoundChange};
pub use run::{draw_legal, EndReason, GameRun, Outcome};
pub use topology::Topology;
