//! The generic sowing interpreter: [`Rules`](crate::rules::Rules) compiled
//! into a [`Game`] that generates legal moves and plays them on a fixed-size
//! [`Position`]. One code path serves every variant; no variant is named here.

mod any_game;
mod component;
mod effect;
mod game;
mod illegal;
mod kernel;
mod legal;
mod move_error;
mod move_list;
mod notation;
mod outcome;
mod perft;
mod playout;
mod position;
mod rounds;
mod run;
mod topology;
mod width;

pub(crate) use any_game::with_game;
pub use any_game::{AnyGame, NarrowView};
pub use effect::{Effect, Successor, Successors};
pub use game::{Game, MAX_RELAYS};
pub use illegal::Illegal;
pub use kernel::{Board, History, Kernel, Played};
pub use move_error::MoveError;
pub use move_list::{MoveList, Moves, MAX_MOVES};
pub use notation::{
    check_stones, format_position, parse_move, parse_move_by, parse_position, pit_label, pit_text,
    PositionError, CLAIMED, CLAIMED_OWN_ROW, CLOSED, SWAPPED, VISITED,
};
pub use outcome::{EndReason, Outcome};
pub use perft::perft;
pub use position::{Move, PitArray, PitSet, Player, Position, Vote, MAX_PITS};
pub use rounds::{AfterRound, MatchRun, RoundChange};
pub use run::{draw_legal, GameRun};
pub use topology::Topology;
pub use width::{Bits256, Narrow, PitBits, Wide, Widest, Width};
