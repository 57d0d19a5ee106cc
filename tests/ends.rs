//! End scorings (`last_mover`, `able_to_move`, `empty_row_wins`), per-pit
//! starts (`board { start }`) and `first_move_from`: the checks, the
//! commands and the engine's ends. The positions worked out by hand from
//! each rule's words are cases (`end/leftovers/`, `end/stones_left/`,
//! `end/score_reached/`, `end/no_legal_move/um-el-bil.yaml`,
//! `capture/take/fairkalah.yaml`).

use sowing::engine::{parse_move, EndReason, Illegal};

use crate::common::{board, legal, play, pos, shipped, sow};

/// Kalah with the leftovers to the last mover (MancalaGames' CrossCapt and
/// SimpleCapt end so).
fn kalah_last_mover() -> sowing::engine::Game {
    crate::common::shipped_with("kalah", &[("leftovers row_owner", "leftovers last_mover")])
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

/// `board_side` gives each row's stones to its player, which is what
/// `row_owner` gives unless pits change hands: without `refill surplus`
/// the check refuses it, at its line and column.
#[test]
fn board_side_needs_pits_changing_hands() {
    let text = crate::common::shipped_text_with(
        "kalah",
        &[("leftovers row_owner", "leftovers board_side")],
    );
    let path = crate::common::scratch("board-side").join("kalah.variant");
    std::fs::write(&path, &text).unwrap();
    let (code, out, err) = sow(&["check", path.to_str().unwrap()]);
    assert_eq!(code, 1, "{out}{err}");
    let line = 1 + text.lines().position(|l| l.contains("board_side")).unwrap();
    assert!(
        err.contains(&format!("kalah.variant:{line}:"))
            && err.contains(
                "`leftovers board_side` gives what `row_owner` gives unless pits change hands"
            ),
        "{err}"
    );
}
