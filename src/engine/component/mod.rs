//! The rules compiled into the tables the move loop reads: one component per
//! rule, each built from [`Rules`](crate::rules::Rules) by its own function
//! when a variant loads, and read by the game's step that plays the rule.
//!
//! Where to look for how a rule works:
//!
//! | rule in a variant file | component | compiled by | played by |
//! |---|---|---|---|
//! | `capture NAME { ... }` | [`capture::CaptureTable`], one a rule, sorted by when they apply into [`captures::CaptureRules`] | `CaptureTable::new`, `CaptureRules::new` | `Game::capture` (where the last stone lands) and `Game::sweep` (after the sowing), `game/capture.rs` |
//! | `claim { ... }` | [`claim::ClaimRule`] | `ClaimRule::new` | `Game::claim_or_tribute`, `game/claim.rs` |
//! | `end { when, test_after, stones_left_at_most, score_at_least, scoring, leftovers }` | [`ends::EndRules`] | `EndRules::new` | `Game::end_condition` (`game.rs`), `Game::final_scores` (`run.rs`) |
//! | `sow { direction, start, skip_origin }`, `board { stores }` | [`sowing_paths::SowPaths`] (kept as the game's path tables) | `SowPaths::new` | `Game::sow_one_lap`, `Game::sow_laps` (`game.rs`) |
//! | `sow { direction, play_from }` | [`move_table::MoveTable`] (kept as the game's move tables) | `MoveTable::new` | `Game::candidate_moves` (`legal.rs`) |
//! | one-lap sowing on at most 16 pits (no key: a faster way to play it) | [`packed::PackedLaps`] | `PackedLaps::new` | `Game::sow_packed`, `game/packed.rs` |
//! | the rest: laps and relays, move legality (`min_stones`, first lap, grand slam, feeding), openings, rounds | fields of `Game` | `Game::new` (`game.rs`) | `Game::apply` (`legal.rs`) -> `Game::sow_in_place` (`game.rs`) |

pub(super) mod capture;
pub(super) mod captures;
pub(super) mod claim;
pub(super) mod ends;
pub(super) mod move_table;
pub(super) mod packed;
pub(super) mod sowing_paths;
