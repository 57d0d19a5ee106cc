//! The rules compiled into the tables the move loop reads: one component per
//! rule, each built from [`Rules`](crate::rules::Rules) by its own function
//! when a variant loads, and read by the game's step that plays the rule.
//!
//! Where to look for how a rule works:
//!
//! | rule in a variant file | component (`Game` field) | compiled by | played by |
//! |---|---|---|---|
//! | `board { rows, pits, stores }` | [`board::BoardMasks`] (`board`) | `BoardMasks::new` | read throughout the move loop |
//! | `sow { direction, start, skip_origin, laps }`, `board { stores }` | [`sowing_paths::SowPaths`] (`sowing`) | `SowPaths::new` | `Game::lift_and_sow`, `Game::sow_one_lap`, `Game::sow_laps` (`game.rs`) |
//! | `sow { direction, play_from }` | [`move_table::MoveTable`] (`move_table`) | `MoveTable::new` | `Game::candidate_moves` (`legal.rs`) |
//! | `sow { min_stones, singletons, first_lap }`, `grand_slam`, `feeding`, `restrictions` | [`legality::MoveLegality`] (`legality`) | `MoveLegality::new` | `Game::candidate_moves`, `Game::apply` (`legal.rs`), `Game::successors` (`game.rs`) |
//! | `capture NAME { ... }` | [`capture::CaptureTable`], one a rule, sorted by when they apply into [`captures::CaptureRules`] (`captures`) | `CaptureTable::new`, `CaptureRules::new` | `Game::capture` (where the last stone lands) and `Game::sweep` (after the sowing), `game/capture.rs`; inside the sowing, `game/sowing_capture.rs` |
//! | `claim { ... }` | [`claim::ClaimRule`] (`claim`) | `ClaimRule::new` | `Game::claim_or_tribute`, `game/claim.rs` |
//! | `sow { first_move, first_moves, first_move_from }` | [`opening::OpeningRules`] (`opening`) | `OpeningRules::new` | `Game::opening_pits`, `Game::opening_after` (`game.rs`), `game/opening.rs`, `game/shift.rs` |
//! | `sow { extra_turn }` | [`turns::TurnRules`] (`turns`) | `TurnRules::new` | `Game::pass_turn` (`game.rs`) |
//! | `end { when, test_after, stones_left_at_most, score_at_least, scoring, leftovers }` | [`ends::EndRules`] (`ends`) | `EndRules::new` | `Game::end_condition` (`game.rs`), `Game::final_scores` (`run.rs`) |
//! | `rounds { unfilled }` | [`rounds::RoundRules`] (`rounds`) | `RoundRules::new` | `Game::pass_turn`, `Game::passes_over` (`game.rs`); the rounds themselves, `engine/rounds.rs` |
//! | one-lap sowing on at most 16 pits (no key: a faster way to play it) | [`packed::PackedLaps`] (`packed`) | `PackedLaps::new` | `Game::sow_packed`, `game/packed.rs` |
//!
//! [`Game::new`](crate::engine::Game::new) calls each constructor in turn;
//! a move is played by `Game::sow_in_place_generic` (`game.rs`), whose body
//! follows the rules' order: lift and sow, bank the stores, capture and
//! claim, sweep, pass the turn.

pub(super) mod board;
pub(super) mod capture;
pub(super) mod captures;
pub(super) mod claim;
pub(super) mod ends;
pub(super) mod legality;
pub(super) mod move_table;
pub(super) mod opening;
pub(super) mod packed;
pub(super) mod rounds;
pub(super) mod sowing_paths;
pub(super) mod turns;
