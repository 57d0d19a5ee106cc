//! The fast path (legal moves found without playing them, the chosen move
//! played in place: `GameRun::moves`, `GameRun::play_index`; a random move
//! drawn before its legality is known: `GameRun::play_random`) against the
//! full successor list (`Game::successors`, every move played on a copy),
//! move for move over random games of every shipped variant. Every other
//! ply is drawn by `play_random`, and the same draw (`draw_legal`, the same
//! random stream) over the candidate moves worked out here from the rules,
//! with the successor list saying which are legal, must choose the same
//! move.
//!
//! Games per variant: 100,000 in a release build
//! (`cargo test --release --test integration fast_path`), 300 in a debug
//! build so that `cargo test` stays quick; `SOW_FAST_PATH_GAMES` overrides.

use std::ops::ControlFlow;

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use sowing::{
    engine::{
        draw_legal, format_position, AfterRound, EndReason, Game, GameRun, History, Illegal,
        Kernel, Move, PitBits, Position, RoundChange, Successors, Vote, Width,
    },
    rules::{FillFrom, GrandSlam},
    variants,
};

use crate::common::{random_match, shipped};

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
    for name in variants::shipped_names() {
        let mut rng = ChaCha8Rng::seed_from_u64(21);
        let plies: u64 = crate::with_shipped!(name, game => (0..games)
            .map(|index| same_game_both_ways(game, &mut rng, &format!("{name}, game {index}")))
            .sum());
        assert!(
            plies >= games,
            "{name}: only {plies} plies in {games} games"
        );
    }
}

/// Every shipped match whose players choose the pits to refill (`rounds {
/// fill_from choice }`): random matches are played to collect the starts of
/// later rounds where a player is still choosing, and the fast path must
/// play the same game as the full successor list from each (the refill
/// moves, their random draws, then the round's sowings).
#[test]
fn fast_path_plays_the_same_games_from_refill_positions() {
    let mut names = Vec::new();
    for name in crate::common::shipped_narrow_names() {
        let game = shipped(name);
        if !game.has_rounds() || game.rules().rounds.fill_from != FillFrom::Choice {
            continue;
        }
        let mut choosing = Vec::new();
        for seed in 0..30 {
            let on_round = |change: &RoundChange| match change.after {
                AfterRound::Next(next) if next.refilling.is_some() => choosing.push(next),
                _ => {}
            };
            random_match(&game, game.start(), seed, 5000, |_| {}, on_round);
        }
        assert!(
            choosing.len() >= 5,
            "{name}: {} refill starts",
            choosing.len()
        );
        let mut rng = ChaCha8Rng::seed_from_u64(15);
        for (i, start) in choosing.iter().enumerate() {
            same_game_both_ways_from(&game, *start, &mut rng, &format!("{name}, refill {i}"));
        }
        names.push(name);
    }
    for name in ["galatjang-rounds", "sungka", "ovalhu", "bosh"] {
        assert!(names.contains(&name), "{name} has no chosen refill");
    }
}

/// Every shipped variant where pits change hands (`refill surplus`: a later
/// round starts with pits of one row the other player's) or are claimed
/// (`claim`): random matches collect positions where they did, and the
/// fast path, which lists the moves of the pits the mover owns without
/// playing them, must play the same games as the full successor list from
/// each (the moves, the random draws over them, the ends).
#[test]
fn fast_path_plays_the_same_games_where_pits_changed_hands() {
    let mut names = Vec::new();
    for name in crate::common::shipped_narrow_names() {
        let game = shipped(name);
        let changed_hands = |pos: &Position| pos.swapped | pos.claimed != 0;
        let (mut round_starts, mut in_play) = (Vec::new(), Vec::new());
        for seed in 0..20 {
            let on_round = |change: &RoundChange| match change.after {
                AfterRound::Next(next) if changed_hands(&next) => round_starts.push(next),
                _ => {}
            };
            random_match(
                &game,
                game.start(),
                seed,
                3000,
                |ply| {
                    if changed_hands(&ply.position) {
                        in_play.push(ply.position);
                    }
                },
                on_round,
            );
        }
        // Twenty of each, spread over the matches.
        let spread = |found: &[Position]| -> Vec<Position> {
            let step = found.len().div_ceil(20).max(1);
            found.iter().step_by(step).copied().collect()
        };
        let changed = [spread(&round_starts), spread(&in_play)].concat();
        if changed.is_empty() {
            continue;
        }
        let mut rng = ChaCha8Rng::seed_from_u64(33);
        for (i, start) in changed.iter().enumerate() {
            same_game_both_ways_from(&game, *start, &mut rng, &format!("{name}, changed {i}"));
        }
        names.push(name);
    }
    for name in [
        "toguz-kumalak",
        "awagagae",
        "motiq",
        "gabata-ghinda",
        "jimafesosh",
    ] {
        assert!(
            names.contains(&name),
            "{name}: no pit changed hands: {names:?}"
        );
    }
}

/// A pass after an extra turn: the opponent moves next and is not moving
/// again, in the successor list as on the fast path. On two pits a row with
/// stores, extra turns in the store and passes, south's single stone in `b`
/// ends in the store and south moves again with an empty row: south passes,
/// and north (who holds stones) is to move, not "again".
#[test]
fn a_pass_after_an_extra_turn_hands_over_a_plain_turn() {
    let variant = "name \"pass\"\nboard {\n  rows 2\n  pits 2\n  seeds 1\n  stores sown\n}\n\
                   sow {\n  start next\n  extra_turn store\n}\n\
                   end {\n  when no_legal_move neither_can_move\n  no_legal_move last_mover\n  \
                   repetition ignore\n}\n";
    let loaded = sowing::rules::load(&sowing::diagnostic::Source::new("pass", variant));
    let game = Game::new(loaded.unwrap_or_else(|r| panic!("{r}")).rules);
    let before = crate::common::pos(&game, "0 1 / 3 0 south");
    let after_b = crate::common::play(&game, &before, "b");
    assert!(after_b.position.moved_again, "south moves again after b");
    let mut full = Successors::default();
    game.successors(&after_b.position, &mut full);
    let pass = full.as_slice();
    assert_eq!(pass.len(), 1, "south's only move is a pass");
    assert_eq!(pass[0].mv, sowing::engine::Move::PASS);
    assert!(!pass[0].position.moved_again);
    let mut played = after_b.position;
    game.apply(&mut played, sowing::engine::Move::PASS);
    assert_eq!(played, pass[0].position);
}

/// Plays one random game of `game` (at most 1000 plies) on the fast path,
/// checking every ply against the full successor list; returns its plies.
/// `label` names the game in a failure.
pub fn same_game_both_ways<W: Width>(
    game: &Game<W>,
    rng: &mut (impl Rng + Clone + PartialEq + std::fmt::Debug),
    label: &str,
) -> u64 {
    same_game_both_ways_from(game, game.start(), rng, label)
}

/// [`same_game_both_ways`] from `start` (a later round's start, with closed
/// pits).
pub fn same_game_both_ways_from<W: Width>(
    game: &Game<W>,
    start: Position<W>,
    rng: &mut (impl Rng + Clone + PartialEq + std::fmt::Debug),
    label: &str,
) -> u64 {
    let mut run = GameRun::new(game, start);
    let mut full = Successors::default();
    let mut plies = 0u64;
    while run.plies() < 1000 {
        let position = *run.position();
        let at = At {
            label,
            ply: run.plies(),
            position: &position,
            game,
        };
        if run.end() == Some(EndReason::Repetition) {
            // A rule about the game's history: the position itself has moves.
            break;
        }
        game.successors(&position, &mut full);
        let fast = run.moves().as_slice();
        // `propose` (`repetition agree`) is offered from the game's history,
        // after the position's own moves.
        let offered = fast.last() == Some(&Move::PROPOSE);
        let fast = &fast[..fast.len() - usize::from(offered)];
        let slow = || full.as_slice().iter().map(|s| s.mv);
        if !fast.iter().copied().eq(slow()) {
            panic!(
                "{at}: legal moves {fast:?} and {:?}",
                slow().collect::<Vec<_>>()
            );
        }
        match run.end() {
            Some(end) => {
                assert!(full.is_empty(), "{at}: over only on the fast path");
                assert_eq!(end, full.end_reason(), "{at}: end reason");
                break;
            }
            None => assert!(!full.is_empty(), "{at}: over only on the full path"),
        }
        if run.plies() % 7 == 0 {
            let listed = run.successors().as_slice();
            assert_eq!(
                &listed[..listed.len() - usize::from(offered)],
                full.as_slice(),
                "{at}: successors on demand"
            );
        }
        if offered {
            let pick = rng.random_range(0..run.moves().len());
            let played = run.play_index(pick);
            match full.as_slice().get(pick) {
                Some(expected) => assert_eq!(&played, expected, "{at}: move {pick}"),
                None => assert_eq!(played.mv, Move::PROPOSE, "{at}: move {pick}"),
            }
        } else if run.plies() % 2 == 0 {
            let pick = rng.random_range(0..run.moves().len());
            let played = run.play_index(pick);
            assert_eq!(played, full.as_slice()[pick], "{at}: move {pick}");
        } else {
            let candidates = candidates(game, &position, &full);
            let mut same_stream = rng.clone();
            let pick = draw_legal(candidates.len(), &mut same_stream, |i| {
                full.find(candidates[i]).is_some()
            });
            let expected = match pick {
                Some(i) => full.find(candidates[i]),
                // No candidate legal: a pass, or single stones (Tsoro).
                None => full.as_slice().get(same_stream.random_range(0..full.len())),
            };
            let played = run.play_random(rng);
            assert_eq!(Some(&played), expected, "{at}: random move");
            assert_eq!(*rng, same_stream, "{at}: random numbers used");
        }
        plies += 1;
    }
    plies
}

/// Where a check is, for its failure message (written only then).
struct At<'a, W: Width> {
    label: &'a str,
    ply: u32,
    position: &'a Position<W>,
    game: &'a Game<W>,
}

impl<W: Width> std::fmt::Display for At<'_, W> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let position = format_position(self.position, self.game);
        write!(f, "{}, ply {} ({position})", self.label, self.ply)
    }
}

/// The moves `GameRun::play_random` draws from in `pos`: from each pit the
/// mover may play that holds at least `min_stones`, in every direction a move
/// from it may take (`reverse_to_capture` included), in pit order,
/// counter-clockwise first, except those the opening rule (`first_move_from`),
/// a first-lap rule or `reverse_to_capture` forbids (asked only while the game
/// goes on; `legal`: the position's successors).
fn candidates<W: Width>(game: &Game<W>, pos: &Position<W>, legal: &Successors<W>) -> Vec<Move> {
    let changed_hands = pos.swapped | pos.claimed != PitBits::ZERO;
    let slams_limit = matches!(
        game.rules().grand_slam,
        GrandSlam::Forbidden | GrandSlam::OnlyMoveNoCapture
    );
    if (changed_hands && slams_limit) || pos.refilling.is_some() || pos.vote != Vote::None {
        // Pits changed hands or were claimed under a grand-slam rule that
        // can forbid a move, or the players are choosing the pits to
        // refill, or answering a proposal to end the game: the moves are
        // listed, with no candidates.
        return Vec::new();
    }
    if pos.to_take != 0 {
        // The mover takes the pits a capture earned: every take is a
        // candidate, and legal.
        return legal.as_slice().iter().map(|s| s.mv).collect();
    }
    let min_stones = game.rules().sowing.min_stones;
    // Where pits changed hands, the pits the mover owns (in pit order).
    let pits: Vec<usize> = match changed_hands {
        false => game.playable(pos.to_move).collect(),
        true => (0..W::SLOTS)
            .filter(|&pit| game.plays(pos, pos.to_move, pit))
            .collect(),
    };
    pits.into_iter()
        .filter(|&pit| pos.pits[pit] >= min_stones)
        .flat_map(|pit| {
            game.move_directions(pit)
                .iter()
                .map(move |&direction| Move {
                    pit: pit as u8,
                    direction,
                })
        })
        .filter(|&mv| {
            legal.find(mv).is_some()
                || !matches!(
                    game.why_illegal(pos, mv, legal),
                    Illegal::NotAnOpeningPit { .. }
                        | Illegal::FirstLap { .. }
                        | Illegal::SingleIntoOccupied { .. }
                        | Illegal::MustCapture { .. }
                        | Illegal::ReverseWithoutCapture { .. }
                        | Illegal::ReverseNotFacingBoth { .. }
                )
        })
        .collect()
}

/// Every shipped variant the playout kernel takes (its shape decided from
/// the compiled rules): the kernel plays the same games as
/// `GameRun::play_random` from the same random stream, ply for ply (the
/// same boards, captures and player to move), with the same end, final
/// scores and draws (the stream left in the same state).
#[test]
fn the_kernel_plays_the_same_games_as_the_general_path() {
    let games = games_per_variant();
    let mut taken = Vec::new();
    for name in crate::common::shipped_narrow_names() {
        let game = shipped(name);
        let Some(kernel) = Kernel::new(&game) else {
            continue;
        };
        let mut rng = ChaCha8Rng::seed_from_u64(11);
        let mut history = History::default();
        for index in 0..games {
            same_game_on_the_kernel(
                &game,
                &kernel,
                &mut history,
                &mut rng,
                &format!("{name}, game {index}"),
            );
        }
        taken.push(name);
    }
    for name in ["oware-openspiel", "kalah", "modiar"] {
        assert!(taken.contains(&name), "{name} not taken: {taken:?}");
    }
    eprintln!(
        "the kernel takes {} shipped variants: {taken:?}",
        taken.len()
    );
}

/// Plays one random game of `game` (at most 1000 plies) with
/// `GameRun::play_random` and on `kernel` from a copy of `rng`, and checks
/// that they are the same game; `rng` is left after the game.
pub fn same_game_on_the_kernel(
    game: &Game,
    kernel: &Kernel,
    history: &mut History,
    rng: &mut (impl Rng + Clone + PartialEq + std::fmt::Debug),
    label: &str,
) {
    let mut on_kernel = rng.clone();
    let mut run = GameRun::new(game, game.start());
    let mut general = Vec::new();
    let _: ControlFlow<()> = run.play_out(1000, |run| {
        run.play_random(rng);
        general.push(*run.position());
        ControlFlow::Continue(())
    });
    let mut boards = Vec::new();
    let played = kernel.play(&mut on_kernel, 1000, history, |board| boards.push(*board));
    for (ply, (pos, board)) in general.iter().zip(&boards).enumerate() {
        assert!(
            board.same_as(pos),
            "{label}, ply {}: kernel {board:?}, general {}",
            ply + 1,
            format_position(pos, game)
        );
    }
    assert_eq!(
        (played.plies, boards.len()),
        (run.plies(), general.len()),
        "{label}: plies"
    );
    let end = run.end().expect("over");
    assert_eq!(played.end, end, "{label}: end");
    let last = kernel.position(game, &played.board, played.plies);
    assert_eq!(
        game.final_scores(&last, played.end),
        run.scores(),
        "{label}: scores"
    );
    assert_eq!(&on_kernel, rng, "{label}: random stream");
}
