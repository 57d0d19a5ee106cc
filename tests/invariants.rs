//! Invariants every game of every variant keeps, checked ply by ply in random
//! games: over every shipped variant here, over generated variants in
//! `generated.rs`.
//!
//! - stones on the board plus captures stay constant at every ply;
//! - a game that is not over has a legal move;
//! - every legal move is accepted by `Game::play` (to the same successor), and
//!   every other move the notation can write (each pit, each direction, a
//!   pass) is rejected with the right reason, never a panic;
//! - a position written in the notation reads back the same;
//! - the same seed gives the same game;
//! - the game's moves, replayed as a move list, give the same trace;
//! - a game stops at the ply cap only when it reaches it, and says so.

use proptest::{prelude::*, test_runner::TestCaseError};
use sowing::{
    agents::AgentSpec,
    engine::{
        format_position, parse_move, parse_position, EndReason, Game, GameRun, Illegal, Move,
        NarrowView, Outcome, Player, Position, Width,
    },
    rules::{FeedWhen, GrandSlam, Leftovers},
    trace,
};

/// Test cases per property: `PROPTEST_CASES` when set (for a bigger sweep);
/// else `default` in the slow tier (`SOW_SLOW_TESTS` set, as CI runs these
/// properties in a step of their own), and a quarter of it in a plain
/// `cargo test`, the fast tier.
pub fn cases(default: u32) -> u32 {
    if let Some(n) = std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|n| n.parse().ok())
    {
        return n;
    }
    if std::env::var_os("SOW_SLOW_TESTS").is_some() {
        default
    } else {
        (default / 4).max(1)
    }
}

/// Every move the notation can write on this board: each pit bare and with
/// each direction, and `pass`.
fn every_label<W: Width>(game: &Game<W>) -> Vec<String> {
    let mut labels = vec!["pass".to_string()];
    if game.rules().end.repetition == sowing::rules::Repetition::Agree {
        labels.extend(["propose", "accept", "refuse"].map(String::from));
    }
    let takes = game.rules().captures.iter().any(|c| c.extra_chosen != 0);
    for pit in 0..game.pit_count() {
        let label = game.label(pit);
        if takes {
            labels.push(format!("-{label}"));
        }
        labels.push(format!("{label}:ccw"));
        labels.push(format!("{label}:cw"));
        labels.push(label);
    }
    labels
}

/// Plays random games from seed `seed` (capped at `max_plies`) checking every
/// invariant at every ply, then checks determinism and replay.
pub fn check_games<W: NarrowView>(
    game: &Game<W>,
    seed: u64,
    max_plies: u32,
) -> Result<(), TestCaseError> {
    let played = play_checked(game, seed, max_plies)?;
    let from_agents = || {
        trace::from_agents(
            game,
            game.start(),
            [AgentSpec::Random, AgentSpec::Random],
            seed,
            max_plies,
        )
    };
    let traced = from_agents();
    let json = |t: &trace::Trace| serde_json::to_string(t).unwrap();
    prop_assert_eq!(json(&traced), json(&from_agents()), "same seed, same game");
    let moves: Vec<&str> = traced.plies.iter().map(|p| p.mv.as_str()).collect();
    // A match's trace goes on into later rounds; its first round is the game.
    let first_round = &moves[..played.len().min(moves.len())];
    prop_assert_eq!(
        first_round,
        &played[..],
        "the trace plays the same moves as a GameRun"
    );

    // The moves replayed as a list: the same plies, and the same result
    // unless the cap stopped the agents' game (a move list has no cap).
    let replayed = trace::from_moves(game, game.start(), &moves)
        .map_err(|e| TestCaseError::fail(format!("replay: {e}")))?;
    prop_assert_eq!(
        serde_json::to_string(&replayed.plies).unwrap(),
        serde_json::to_string(&traced.plies).unwrap()
    );
    let result = traced.result.as_ref().expect("an agents' game ends");
    if result.end == EndReason::PlyCap {
        prop_assert_eq!(moves.len(), max_plies as usize, "capped before the cap");
        prop_assert!(replayed.result.is_none());
    } else {
        prop_assert!(moves.len() <= max_plies as usize, "ran past the cap");
        let again = replayed
            .result
            .as_ref()
            .expect("a replayed whole game ends");
        prop_assert_eq!(
            serde_json::to_string(again).unwrap(),
            serde_json::to_string(result).unwrap()
        );
    }
    Ok(())
}

/// One random game, every invariant checked at every ply; returns its moves.
fn play_checked<W: NarrowView>(
    game: &Game<W>,
    seed: u64,
    max_plies: u32,
) -> Result<Vec<String>, TestCaseError> {
    let labels = every_label(game);
    let total = game.start().total_stones();
    let mut run = GameRun::new(game, game.start());
    let mut agents = Player::BOTH.map(|seat| AgentSpec::Random.build(seed, seat));
    let mut moves = Vec::new();
    loop {
        let pos = *run.position();
        prop_assert_eq!(pos.total_stones(), total, "ply {}", run.plies());
        let written = format_position(&pos, game);
        let read = parse_position(&written, game)
            .map_err(|e| TestCaseError::fail(format!("{written}: {e}")))?;
        prop_assert_eq!(
            read,
            Position {
                opening: false,
                relay_cycled: false,
                ..pos
            }
        );
        if run.end().is_some() {
            break;
        }
        if run.plies() >= max_plies {
            run.stop_at_cap();
            prop_assert_eq!(run.end(), Some(EndReason::PlyCap));
            break;
        }
        prop_assert!(!run.successors().is_empty(), "not over, yet no legal move");
        for label in &labels {
            check_move(game, &run, label)?;
        }
        let pick = agents[pos.to_move.index()].choose(&run);
        let played = run.play_index(pick);
        moves.push(game.move_label(played.mv));
    }
    check_end(game, &run, &labels, total)?;
    Ok(moves)
}

/// `label` is read as the notation says, and `Game::play` accepts it exactly
/// when it is legal, or says why not.
fn check_move<W: Width>(
    game: &Game<W>,
    run: &GameRun<'_, W>,
    label: &str,
) -> Result<(), TestCaseError> {
    let pos = run.position();
    let mv: Move = match parse_move(label, game) {
        Ok(mv) => mv,
        Err(message) => {
            // Only a direction the pit does not sow in is unreadable.
            let (pit, direction) = label.split_once(':').unwrap_or((label, ""));
            let index = (0..game.pit_count()).find(|&p| game.label(p) == pit);
            let allowed = index.map(|p| game.move_directions(p));
            let explained = match allowed {
                Some(allowed) if direction.is_empty() => allowed.len() == 2,
                Some(allowed) => !allowed.iter().any(|d| d.to_string() == direction),
                None => false,
            };
            prop_assert!(explained, "`{}` unreadable: {}", label, message);
            return Ok(());
        }
    };
    let legal = run.successors().find(mv);
    if mv == Move::PROPOSE {
        // Offered by the run, which knows the history: played there, it
        // gives its listed successor; `Game::play`, without the history,
        // refuses it.
        let played = run.clone().play(mv).ok();
        prop_assert_eq!(played.as_ref(), legal);
        prop_assert!(game.play(pos, mv).is_err(), "`propose` without the history");
        return Ok(());
    }
    match (game.play(pos, mv), legal) {
        (Ok(played), Some(expected)) => prop_assert_eq!(&played, expected),
        (Ok(_), None) => prop_assert!(false, "`{}` played but not listed as legal", label),
        (Err(why), Some(_)) => prop_assert!(false, "legal `{}` rejected: {}", label, why),
        (Err(why), None) => {
            let rules = game.rules();
            let pit = usize::from(mv.pit);
            let right = match &why {
                Illegal::CannotPass => mv == Move::PASS,
                Illegal::NotYourPit { .. } => !game.plays(pos, pos.to_move, pit),
                Illegal::Claimed { .. } => pos.is_claimed(pit),
                Illegal::TooFewStones { has, .. } => *has < rules.sowing.min_stones,
                Illegal::Closed { .. } => pos.is_closed(pit),
                Illegal::GrandSlam { .. } => rules.grand_slam != GrandSlam::Allowed,
                Illegal::DoesNotFeed { .. } => rules.feeding.when != FeedWhen::Never,
                Illegal::NotAnOpeningPit { .. } => {
                    pos.opening
                        && !(rules.sowing.first_move_from.is_empty()
                            && rules.opening.choices.is_empty())
                }
                Illegal::SingleIntoOccupied { .. } => {
                    rules.sowing.singletons != sowing::rules::Singletons::Never
                        || rules.sowing.first_lap == sowing::rules::FirstLap::SingleIntoEmpty
                }
                Illegal::FirstLap { .. } => {
                    rules.sowing.first_lap == sowing::rules::FirstLap::ReachesOrEmpty
                }
                Illegal::MustCapture { .. } => {
                    rules.sowing.first_lap == sowing::rules::FirstLap::Captures
                }
                Illegal::Refill { .. } => pos.refilling.is_some() || mv.filled_pit().is_some(),
                Illegal::Take { .. } => pos.to_take != 0 || mv.taken_pit().is_some(),
                Illegal::Vote { answer } => {
                    *answer == (pos.vote != sowing::engine::Vote::None) && (*answer || mv.is_vote())
                }
                Illegal::ReverseWithoutCapture { .. } | Illegal::ReverseNotFacingBoth { .. } => {
                    rules.sowing.reverse_to_capture > 0
                        && game.move_directions(pit).len() == 2
                        && game
                            .play(
                                pos,
                                Move {
                                    direction: mv.direction,
                                    ..mv
                                },
                            )
                            .is_err()
                }
                Illegal::WrongDirection { .. } | Illegal::GameOver => false,
            };
            prop_assert!(right, "`{}` rejected for a wrong reason: {}", label, why);
        }
    }
    Ok(())
}

/// A finished game: no move is accepted, and the result adds up.
fn check_end<W: Width>(
    game: &Game<W>,
    run: &GameRun<'_, W>,
    labels: &[String],
    total: u32,
) -> Result<(), TestCaseError> {
    for label in labels {
        if let Ok(mv) = parse_move(label, game) {
            prop_assert_eq!(run.clone().play(mv), Err(Illegal::GameOver));
        }
    }
    let scores = run.scores();
    let scored = u32::from(scores[0]) + u32::from(scores[1]);
    let leftovers = game.scoring(run.end().unwrap_or(EndReason::PlyCap));
    // Stones out of play and unscored leftovers count for nobody; a drawn
    // end scores nobody.
    let out_of_play = u32::from(run.position().removed);
    let total16 = total as u16;
    match leftovers {
        Leftovers::Draw => prop_assert_eq!(scores, [0, 0]),
        Leftovers::Unscored => prop_assert!(scored + out_of_play <= total),
        // An odd stone counts for nobody.
        Leftovers::Divided => prop_assert!(total - (scored + out_of_play) <= 1),
        // A win: every stone to the winner; or a draw.
        Leftovers::EmptyRowWins | Leftovers::EmptyRowLoses => prop_assert!(
            [[total16, 0], [0, total16], [0, 0]].contains(&scores),
            "a won or drawn game: {:?}",
            scores
        ),
        // A draw when neither can move, else every stone scored.
        Leftovers::AbleToMove if scores == [0, 0] => {}
        _ => prop_assert_eq!(scored + out_of_play, total, "every stone in play is scored"),
    }
    // A game the ply cap stopped has no winner.
    let outcome = (run.end() != Some(EndReason::PlyCap)).then(|| Outcome::from_scores(scores));
    prop_assert_eq!(run.outcome(), outcome);
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(cases(24)))]

    /// Random games of every shipped variant keep every invariant.
    #[test]
    fn shipped_variants_keep_their_invariants(seed in any::<u64>()) {
        for name in sowing::variants::shipped_names() {
            crate::with_shipped!(name, game => check_games(game, seed, 1000))
                .map_err(|e| TestCaseError::fail(format!("{name}: {e}")))?;
        }
    }
}
