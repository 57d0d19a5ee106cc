//! A game compiled for the narrowest board width its board fits: the width
//! is chosen once, when the variant is loaded, and each command runs on the
//! [`Game`] of that width (`with_game!`), never asking
//! per move. Boards of today's sizes keep the narrow engine, the playout
//! kernel and the solver's packed positions; larger boards take the wide
//! engine, and a command that has only the narrow one refuses them
//! ([`AnyGame::narrow`]).

use super::{
    width::{Narrow, Wide, Widest, Width},
    Game, GameRun,
};
use crate::rules::Rules;

/// A game on the narrowest width that holds its board (boxed: a compiled
/// game's tables grow with its width).
#[derive(Debug, Clone)]
pub enum AnyGame {
    /// A board of at most 32 slots (every board of two rows up to 15 pits,
    /// three rows up to 10, four rows up to 8).
    Narrow(Box<Game<Narrow>>),
    /// A board of at most 64 slots.
    Wide(Box<Game<Wide>>),
    /// A board of at most 128 slots.
    Widest(Box<Game<Widest>>),
}

/// Evaluates `$body` with `$game` bound to the [`Game`] of `$any` (a
/// reference to an [`AnyGame`]), whatever its width: the one dispatch of a
/// command on the width chosen at load. `$body` is compiled once for each
/// width.
macro_rules! with_game {
    ($any:expr, $game:ident => $body:expr) => {
        match $any {
            $crate::engine::AnyGame::Narrow(boxed) => {
                let $game: &$crate::engine::Game<$crate::engine::Narrow> = boxed;
                $body
            }
            $crate::engine::AnyGame::Wide(boxed) => {
                let $game: &$crate::engine::Game<$crate::engine::Wide> = boxed;
                $body
            }
            $crate::engine::AnyGame::Widest(boxed) => {
                let $game: &$crate::engine::Game<$crate::engine::Widest> = boxed;
                $body
            }
        }
    };
}
pub(crate) use with_game;

impl AnyGame {
    /// Compiles validated rules on the narrowest width their board fits
    /// (the validator keeps every board within [`Widest`]).
    pub fn new(rules: Rules) -> Self {
        if Narrow::fits(&rules) {
            AnyGame::Narrow(Box::new(Game::new(rules)))
        } else if Wide::fits(&rules) {
            AnyGame::Wide(Box::new(Game::with_width(rules)))
        } else {
            AnyGame::Widest(Box::new(Game::with_width(rules)))
        }
    }

    /// The rules the game was compiled from.
    pub fn rules(&self) -> &Rules {
        with_game!(self, game => game.rules())
    }

    /// The game, for a command that plays only boards of the narrow width
    /// (`command` names it in the message); a larger board is refused,
    /// saying its size and the limit.
    ///
    /// # Errors
    /// The board is larger than [`Narrow`] holds.
    pub fn narrow(&self, command: &str) -> Result<&Game, String> {
        match self {
            AnyGame::Narrow(game) => Ok(game),
            _ => Err(self.too_wide(command)),
        }
    }

    /// As [`AnyGame::narrow`], taking the game.
    ///
    /// # Errors
    /// The board is larger than [`Narrow`] holds.
    pub fn into_narrow(self, command: &str) -> Result<Game, String> {
        match self {
            AnyGame::Narrow(game) => Ok(*game),
            _ => Err(self.too_wide(command)),
        }
    }

    /// Why `command` cannot take this board.
    fn too_wide(&self, command: &str) -> String {
        with_game!(self, game => game.too_wide(command))
    }
}

impl<W: Width> Game<W> {
    /// Why `command`, which plays only boards of the narrow width, cannot
    /// take this game's board: its size and the limit.
    pub fn too_wide(&self, command: &str) -> String {
        let rules = self.rules();
        format!(
            "{command} plays boards of at most {} (2x15 with stores, 3x10, 4x8); {} is {}x{}",
            Narrow::NAME,
            rules.name,
            rules.board.rows,
            rules.board.pits,
        )
    }
}

/// A width's game seen as the narrow game it is when the width is
/// [`Narrow`]: how code generic over the width reaches code that has only
/// the narrow engine (the solver, for the perfect agent).
pub trait NarrowView: Width {
    /// `game` as a narrow game; `None` on a wider width.
    fn narrow_game(game: &Game<Self>) -> Option<&Game>;
    /// `run` as a narrow game's run; `None` on a wider width.
    fn narrow_run<'r, 'g>(run: &'r GameRun<'g, Self>) -> Option<&'r GameRun<'g>>;
}

impl NarrowView for Narrow {
    fn narrow_game(game: &Game) -> Option<&Game> {
        Some(game)
    }
    fn narrow_run<'r, 'g>(run: &'r GameRun<'g>) -> Option<&'r GameRun<'g>> {
        Some(run)
    }
}

macro_rules! not_narrow {
    ($($width:ty),*) => {$(
        impl NarrowView for $width {
            fn narrow_game(_: &Game<Self>) -> Option<&Game> {
                None
            }
            fn narrow_run<'r, 'g>(_: &'r GameRun<'g, Self>) -> Option<&'r GameRun<'g>> {
                None
            }
        }
    )*};
}
not_narrow!(Wide, Widest);
