//! `sowing`: define, check, play and simulate mancala (sowing) games from
//! declarative rule files.
//!
//! A variant file is parsed ([`dsl`]), validated into [`rules::Rules`], and
//! compiled into an [`engine::Game`] that one generic interpreter plays.
//!
//! ```
//! use sowing::{engine::{Game, GameRun, parse_move}, variants};
//!
//! let rules = variants::load("modiar")?.rules;
//! let game = Game::new(rules);
//! let mut run = GameRun::new(&game, game.start());
//! run.play(parse_move("a", &game)?)?;
//! // Ply 1 sows a's 7 stones from a itself; the first move captures nothing.
//! assert_eq!(run.position().pits[..6], [2, 8, 8, 8, 8, 8]);
//! # Ok::<_, Box<dyn std::error::Error>>(())
//! ```

pub mod agents;
pub mod bench;
pub mod cli;
pub mod diagnostic;
pub mod dsl;
pub mod engine;
pub mod files;
pub mod memory;
pub mod play;
pub mod render;
pub mod rules;
pub mod serve;
pub mod sim;
pub mod solve;
pub mod trace;
pub mod variants;
pub mod verify;
pub mod yaml;

pub use cli::{EXIT_BAD_INPUT, EXIT_FAILED, EXIT_OK, EXIT_UNKNOWN};
