//! End scorings (`last_mover`, `able_to_move`, `divided`, `empty_row_wins`),
//! the ends `stones_left` and `score_reached`, per-pit starts (`board {
//! start }`) and `first_move_from`, from positions worked out by hand from
//! each rule's words; and the shipped games that use them.

use sowing::engine::{parse_move, EndReason, GameRun, Illegal, Outcome};

use crate::common::{board, legal, modiar_with, play, pos, shipped, sow};

/// Plays `moves` from `start` and returns the finished game's end reason
/// and final scores.
fn finish(game: &sowing::engine::Game, start: &str, moves: &[&str]) -> (EndReason, [u16; 2]) {
    let mut run = GameRun::new(game, pos(game, start));
    for label in moves {
        run.play(parse_move(label, game).unwrap())
            .unwrap_or_else(|e| panic!("{label}: {e}"));
    }
    (run.end().expect("the game is over"), run.scores())
}

/// Modiar (min_stones 2) with its `leftovers` replaced.
fn modiar_leftovers(word: &str) -> sowing::engine::Game {
    modiar_with(&[("leftovers row_owner", &format!("leftovers {word}"))])
}

#[test]
fn divided_leftovers_are_halved_and_an_odd_stone_counts_for_nobody() {
    let game = modiar_leftovers("divided");
    // 5 stones left: 2 each, the fifth for nobody.
    let (_, scores) = finish(&game, "1 1 0 / 3 0 0 south captured 20 17", &[]);
    assert_eq!(scores, [22, 19]);
    // 4 stones left: 2 each.
    let (_, scores) = finish(&game, "1 1 0 / 1 1 0 south captured 20 18", &[]);
    assert_eq!(scores, [22, 20]);
}

/// Kalah with the leftovers to the last mover (MancalaGames' CrossCapt and
/// SimpleCapt end so).
fn kalah_last_mover() -> sowing::engine::Game {
    crate::common::shipped_with("kalah", &[("leftovers row_owner", "leftovers last_mover")])
}

#[test]
fn last_mover_after_an_extra_turn_is_the_player_to_move() {
    let game = kalah_last_mover();
    // f (1) into South's store: South moves again, but its row is empty and
    // the game ends. South made the last move and takes North's 3:
    // 18 + 1 + 3.
    let at = "0 0 0 0 0 1 / 2 1 0 0 0 0 south captured 18 26";
    assert_eq!(finish(&game, at, &["f"]), (EndReason::RowEmpty, [22, 26]));
    // f (2) into the store and A: North is to move, South moved last and
    // takes the 3 on North's row (A 1, B 1, C 1).
    let at = "0 0 0 0 0 2 / 0 1 1 0 0 0 south captured 18 26";
    assert_eq!(finish(&game, at, &["f"]), (EndReason::RowEmpty, [22, 26]));
    // North's F (1) into its store: North moved last and takes South's 2.
    let at = "1 1 0 0 0 0 / 0 0 0 0 0 1 north captured 20 25";
    assert_eq!(finish(&game, at, &["F"]), (EndReason::RowEmpty, [20, 28]));
}

#[test]
fn last_mover_with_extra_turns_is_checked_and_not_solved() {
    let text = crate::common::shipped_text_with(
        "kalah",
        &[("leftovers row_owner", "leftovers last_mover")],
    );
    let path = crate::common::scratch("last-mover").join("kalah.variant");
    std::fs::write(&path, text).unwrap();
    let (code, out, err) = sow(&["check", path.to_str().unwrap()]);
    assert_eq!(code, 0, "{out}{err}");
    // Who moved last is not in a solver's position: refused, not guessed.
    assert!(matches!(
        sowing::solve::solvable(&kalah_last_mover(), u64::MAX),
        Err(sowing::solve::SolveError::LastMoverAfterExtraTurns)
    ));
}

#[test]
fn stones_left_ends_when_few_stones_remain() {
    // a (2) from the origin: a=1, b=2, and b is taken (2); a (1) is not.
    // The board then holds 1 0 0 / 2 1 0: 4 stones.
    let at = "2 1 0 / 2 1 0 south captured 18 18";
    let game = modiar_with(&[(
        "when no_legal_move",
        "when no_legal_move stones_left\n stones_left_at_most 4\n",
    )]);
    let (reason, scores) = finish(&game, at, &["a"]);
    // Each row to its owner: South 20 + 1, North 18 + 3.
    assert_eq!((reason, scores), (EndReason::StonesLeft, [21, 21]));
    // Scored its own way: the 4 stones for nobody.
    let game = modiar_with(&[(
        "when no_legal_move",
        "when no_legal_move stones_left\n stones_left_at_most 4\n stones_left unscored\n",
    )]);
    assert_eq!(finish(&game, at, &["a"]), (EndReason::StonesLeft, [20, 18]));
    // With at most 3, the game goes on: North may play A (2).
    let game = modiar_with(&[(
        "when no_legal_move",
        "when no_legal_move stones_left\n stones_left_at_most 3\n",
    )]);
    let after = play(&game, &pos(&game, at), "a").position;
    assert_eq!(legal(&game, &after), ["A"]);
}

#[test]
fn score_reached_ends_when_a_player_reaches_the_threshold() {
    let at = "2 1 0 / 2 1 0 south captured 18 18";
    let game = modiar_with(&[(
        "when no_legal_move",
        "when no_legal_move score_reached\n score_at_least 20\n",
    )]);
    // South's capture of b (2) makes 20: the game ends, rows to their owners.
    assert_eq!(
        finish(&game, at, &["a"]),
        (EndReason::ScoreReached, [21, 21])
    );
    let game = modiar_with(&[(
        "when no_legal_move",
        "when no_legal_move score_reached\n score_at_least 21\n",
    )]);
    let after = play(&game, &pos(&game, at), "a").position;
    assert_eq!(after.captured, [20, 18]);
    assert_eq!(legal(&game, &after), ["A"]);
}

#[test]
fn a_per_pit_start_is_the_start_of_play_show_and_describe() {
    let game = shipped("fairkalah");
    assert_eq!(
        board(&game, &game.start()),
        [4, 4, 5, 4, 3, 4, 4, 4, 4, 4, 4, 4]
    );
    // c (5): d e f, the store, A: the last seed lands in North's row.
    let s = play(&game, &game.start(), "c");
    assert_eq!(
        board(&game, &s.position),
        [4, 4, 0, 5, 4, 5, 5, 4, 4, 4, 4, 4]
    );
    assert_eq!(s.position.captured, [1, 0]);
    let (code, out, err) = sow(&["describe", "fairkalah"]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains("The pits start with 4 4 5 4 3 4 stones in South's row and 4 4 4 4 4 4 in North's (each from its owner's left to right): 48 in all."),
        "{out}"
    );
    let (code, out, err) = sow(&["show", "fairkalah"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("start  4 4 5 4 3 4 4 4 4 4 4 4"), "{out}");
    // A position for --from must hold the start's 48 stones.
    let from = |p: &str| sow(&["perft", "fairkalah", "1", "--from", p]);
    let (code, _, err) = from("4 4 4 4 4 4 / 4 4 4 4 4 3 south captured 0 1");
    assert_eq!(code, 0, "{err}");
    let (code, _, err) = from("4 4 4 4 4 4 / 4 4 4 4 4 4 south captured 0 1");
    assert_eq!(code, 2, "{err}");
    assert!(
        err.contains("the position has 49 stones, FairKalah starts with 48"),
        "{err}"
    );
}

#[test]
fn fairkalah_takes_the_last_seed_even_when_the_opposite_pit_is_empty() {
    // a (1) into b, empty and South's own; its opposite pit E is empty too.
    let at = "1 0 0 0 0 2 / 3 0 0 0 0 0 south captured 20 22";
    let game = shipped("fairkalah");
    let s = play(&game, &pos(&game, at), "a");
    assert_eq!(
        board(&game, &s.position),
        [0, 0, 0, 0, 0, 2, 3, 0, 0, 0, 0, 0]
    );
    assert_eq!(s.position.captured, [21, 22]);
    // Kalah (OpenSpiel's reading) leaves it.
    let kalah = shipped("kalah");
    let s = play(&kalah, &pos(&kalah, at), "a");
    assert_eq!(
        board(&kalah, &s.position),
        [0, 1, 0, 0, 0, 2, 3, 0, 0, 0, 0, 0]
    );
    assert_eq!(s.position.captured, [20, 22]);
}

#[test]
fn um_el_bil_opens_from_the_right_hand_hole_only() {
    let game = shipped("um-el-bil");
    let start = game.start();
    assert_eq!(legal(&game, &start), ["f"]);
    let refused = game
        .play(&start, parse_move("a", &game).unwrap())
        .unwrap_err();
    assert!(matches!(refused, Illegal::NotAnOpeningPit { .. }));
    assert_eq!(
        refused.to_string(),
        "this first move is played from `f`, not `a`"
    );
    // f (4): A B C D, the last into D (4, occupied): no capture. North's
    // first move is free.
    let s = play(&game, &start, "f");
    assert_eq!(
        board(&game, &s.position),
        [4, 4, 4, 4, 4, 0, 5, 5, 5, 5, 4, 4]
    );
    assert_eq!(legal(&game, &s.position), ["A", "B", "C", "D", "E", "F"]);
    // A position given with --from is mid-game: any pit.
    let mid = pos(&game, "4 4 4 4 4 4 / 4 4 4 4 4 4 south");
    assert_eq!(legal(&game, &mid).len(), 6);
    let (code, _, err) = sow(&["trace", "um-el-bil", "--moves", "a"]);
    assert_ne!(code, 0);
    assert!(
        err.contains("this first move is played from `f`, not `a`"),
        "{err}"
    );
}

#[test]
fn um_el_bil_captures_a_single_counter_passes_and_ends_on_an_empty_board() {
    let game = shipped("um-el-bil");
    // f (1) into A, empty: taken. B (2): C, D, the last into D, empty: taken.
    // South, row empty, passes; C (1) into D: taken; the board is empty.
    let at = "0 0 0 0 0 1 / 0 2 0 0 0 0 south captured 20 25";
    let mut run = GameRun::new(&game, pos(&game, at));
    for label in ["f", "B"] {
        run.play(parse_move(label, &game).unwrap()).unwrap();
    }
    assert_eq!(run.position().captured, [21, 26]);
    assert_eq!(legal(&game, run.position()), ["pass"]);
    for label in ["pass", "C"] {
        run.play(parse_move(label, &game).unwrap()).unwrap();
    }
    assert!(run.end().is_some());
    assert_eq!(run.scores(), [21, 27]);
    assert_eq!(run.outcome(), Some(Outcome::North));
}

#[test]
fn solve_refuses_ends_that_set_the_captures_aside() {
    for name in ["waurie", "aw-li-on-nam-ot-tjin"] {
        let (code, _, err) = sow(&["solve", name]);
        assert_eq!(code, 2, "{name}: {err}");
        assert!(
            err.contains("a draw or a win whatever was captured"),
            "{name}: {err}"
        );
    }
}

#[test]
fn chonka_relays_captures_on_either_row_and_is_won_at_half() {
    let game = shipped("chonka");
    // f (1) into g (1 -> 2): g is lifted, one counter to South's store, one
    // into A, empty: A's counter is taken with the opposite hole, g (now 0).
    let s = play(
        &game,
        &pos(&game, "0 0 0 0 0 1 1 / 0 0 0 0 0 0 3 south captured 45 48"),
        "f",
    );
    assert_eq!(
        board(&game, &s.position),
        [0; 13].iter().copied().chain([3]).collect::<Vec<u8>>()
    );
    assert_eq!(s.position.captured, [47, 48]);
    // A final counter in the store ends the turn: no extra move.
    let s = play(
        &game,
        &pos(&game, "0 0 0 0 0 0 1 / 8 0 0 0 0 0 0 south captured 45 44"),
        "g",
    );
    assert_eq!(s.position.captured, [46, 44]);
    assert_eq!(legal(&game, &s.position), ["A"]);
    // The store reaches 49 of 98: South wins; the counter on the board is not
    // scored.
    let (reason, scores) = finish(
        &game,
        "0 0 0 0 0 0 1 / 1 0 0 0 0 0 0 south captured 48 48",
        &["g"],
    );
    assert_eq!((reason, scores), (EndReason::ScoreReached, [49, 48]));
    // A player without a counter passes.
    let empty = pos(&game, "0 0 0 0 0 0 0 / 2 0 0 0 0 0 0 south captured 48 48");
    assert_eq!(legal(&game, &empty), ["pass"]);
}

#[test]
fn the_solver_starts_from_the_per_pit_start() {
    // One pit a side: South a 2, North A 1. South's only move, a (2), sows
    // into South's store and A: South's row is empty, the game ends, each
    // keeps their row: South 1, North 2. North wins by 1.
    let path = crate::common::scratch("tiny-start").join("tiny.variant");
    std::fs::write(
        &path,
        "name \"Tiny\"\nboard { pits 1; start 2 1; stores sown }\nsow { start next; extra_turn store }\nend { when no_legal_move row_empty; repetition ignore }\n",
    )
    .unwrap();
    let (code, out, err) = sow(&["solve", path.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("value: -1 for south"), "{out}");
    assert!(out.contains("north wins 2-1"), "{out}");
}

#[test]
fn diff_names_a_different_start() {
    let (code, out, err) = sow(&["diff", "kalah", "fairkalah"]);
    assert_eq!(code, 1, "{err}");
    assert!(
        out.contains(
            "board start: 4 stones each (kalah), start 4 4 5 4 3 4 4 4 4 4 4 4 (fairkalah)"
        ),
        "{out}"
    );
}

/// Each way of ending the rules score is a reason the engine reports under
/// the same name, and the engine's other reasons are repetition (scored by
/// `repetition_leftovers`) and the simulator's ply cap.
#[test]
fn the_engine_reports_each_way_of_ending_the_rules_score() {
    let ways: Vec<&str> = sowing::rules::EndScoring::default()
        .ways()
        .map(|(w, _)| w)
        .to_vec();
    let reasons: Vec<&str> = EndReason::ALL
        .iter()
        .map(|r| r.as_str())
        .filter(|r| !["repetition", "ply_cap"].contains(r))
        .collect();
    assert_eq!(reasons, ways);
}
