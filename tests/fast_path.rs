//! The fast path (legal moves found without playing them, the chosen move
//! played in place: `GameRun::moves`, `GameRun::play_index`) against the full
//! successor list (`Game::successors`, every move played on a copy), move
//! for move over random games of every shipped variant.
//!
//! Games per variant: 100,000 in a release build
//! (`cargo test --release --test integration fast_path`), 300 in a debug
//! build so that `cargo test` stays quick; `SOW_FAST_PATH_GAMES` overrides.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use sowing::engine::{format_position, EndReason, Game, GameRun, Position, Successors};

use crate::common::shipped;

fn games_per_variant() -> u64 {
    let default = if cfg!(debug_assertions) { 300 } else { 100_000 };
    std::env::var("SOW_FAST_PATH_GAMES")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(default)
}

#[test]
fn fast_path_plays_the_same_games_as_the_successor_list() {
    let games = games_per_variant();
    for name in sowing::variants::shipped_names() {
        let game = shipped(name);
        let mut rng = ChaCha8Rng::seed_from_u64(21);
        let plies: u64 = (0..games)
            .map(|index| same_game_both_ways(&game, &mut rng, &format!("{name}, game {index}")))
            .sum();
        assert!(
            plies >= games,
            "{name}: only {plies} plies in {games} games"
        );
    }
}

/// Plays one random game of `game` (at most 1000 plies) on the fast path,
/// checking every ply against the full successor list; returns its plies.
/// `label` names the game in a failure.
pub fn same_game_both_ways(game: &Game, rng: &mut impl Rng, label: &str) -> u64 {
    same_game_both_ways_from(game, game.start(), rng, label)
}

/// [`same_game_both_ways`] from `start` (a later round's start, with closed
/// pits).
pub fn same_game_both_ways_from(
    game: &Game,
    start: Position,
    rng: &mut impl Rng,
    label: &str,
) -> u64 {
    let mut run = GameRun::new(game, start);
    let mut full = Successors::default();
    let mut plies = 0u64;
    while run.plies() < 1000 {
        let position = *run.position();
        let at = format!(
            "{label}, ply {} ({})",
            run.plies(),
            format_position(&position, game)
        );
        if run.end() == Some(EndReason::Repetition) {
            // A rule about the game's history: the position itself has moves.
            break;
        }
        game.successors(&position, &mut full);
        let fast: Vec<_> = run.moves().as_slice().to_vec();
        let slow: Vec<_> = full.as_slice().iter().map(|s| s.mv).collect();
        assert_eq!(fast, slow, "{at}: legal moves");
        match run.end() {
            Some(end) => {
                assert!(full.is_empty(), "{at}: over only on the fast path");
                assert_eq!(end, full.end_reason(), "{at}: end reason");
                break;
            }
            None => assert!(!full.is_empty(), "{at}: over only on the full path"),
        }
        if run.plies() % 7 == 0 {
            assert_eq!(
                run.successors().as_slice(),
                full.as_slice(),
                "{at}: successors on demand"
            );
        }
        let pick = rng.random_range(0..fast.len());
        let played = run.play_index(pick);
        assert_eq!(played, full.as_slice()[pick], "{at}: move {pick}");
        plies += 1;
    }
    plies
}
