//! Every rule of the engine, checked from hand-built positions. The expected
//! results are worked out by hand from ../shared/modiar-rules.md; the first
//! block reproduces its "worked checks" one by one.

use sowing::{
    diagnostic::Source,
    engine::{parse_move, EndReason, Game, GameRun, Illegal, Outcome},
    rules,
};

use crate::common::{board, legal, modiar_with, play, pos, shipped};

// ---- The worked checks of modiar-rules.md ----

#[test]
fn ply_one_sows_round_the_board_and_captures_nothing() {
    let game = shipped("modiar");
    let s = play(&game, &game.start(), "a");
    // 7 stones from a: a gets the first back, then b c A B C, and a again.
    assert_eq!(board(&game, &s.position), [2, 8, 8, 8, 8, 8]);
    assert_eq!(s.effect.captured, 0);
    assert_eq!(s.position.captured, [0, 0]);
}

#[test]
fn the_same_sowing_captures_later_in_the_game() {
    let game = shipped("modiar");
    let s = play(&game, &pos(&game, "2 3 0 / 1 5 1 south"), "a");
    // a=1, b=4: b is taken; a holds 1 and stops the chain.
    assert_eq!(board(&game, &s.position), [1, 0, 0, 1, 5, 1]);
    assert_eq!(s.position.captured, [4, 0]);
}

#[test]
fn chain_runs_backward_until_a_pit_does_not_qualify() {
    let game = shipped("modiar");
    let s = play(&game, &pos(&game, "1 1 1 / 3 1 1 north"), "A");
    // A=1 B=2 C=2: C then B are taken, A (1) stops the chain.
    assert_eq!(board(&game, &s.position), [1, 1, 1, 1, 0, 0]);
    assert_eq!(s.position.captured, [0, 4]);
}

#[test]
fn grand_slam_that_is_the_only_move_ends_the_game_in_the_mancala_world_reading() {
    let game = shipped("modiar");
    let start = pos(&game, "1 3 1 / 1 1 7 north");
    let c = parse_move("C", &game).unwrap();
    assert_eq!(
        game.play(&start, c).unwrap_err(),
        Illegal::GameOver,
        "C is a grand slam and A, B are singletons: north has no legal move"
    );
    let run = GameRun::new(&game, start);
    assert_eq!(run.end(), Some(EndReason::NoLegalMove));
    // Each side takes its row: south 1+3+1, north 1+1+7.
    assert_eq!(run.scores(), [5, 9]);
    assert_eq!(run.outcome(), Some(Outcome::North));
}

#[test]
fn grand_slam_as_the_only_move_is_played_without_capture_in_the_awale_info_reading() {
    let game = shipped("modiar-awale-info");
    let s = play(&game, &pos(&game, "1 3 1 / 1 1 7 north"), "C");
    // 7 stones from C lap the board: every pit +1, C +2 (origin and last).
    assert_eq!(board(&game, &s.position), [2, 4, 2, 2, 2, 2]);
    assert_eq!(s.position.captured, [0, 0]);
    assert!(s.effect.capture_waived);
}

#[test]
fn feeding_when_the_opponent_cannot_play_differs_between_readings() {
    let position = "0 0 1 / 2 3 2 north";
    // Mancala World: south's row is not empty, so north plays freely.
    let mw = shipped("modiar");
    assert_eq!(legal(&mw, &pos(&mw, position)), ["A", "B", "C"]);
    let a = play(&mw, &pos(&mw, position), "A");
    assert_eq!(board(&mw, &a.position), [0, 0, 1, 1, 0, 2]);
    assert_eq!(a.position.captured, [0, 4]);
    // awale.info: no move leaves south a pit of 2, so the game ends at once.
    let aw = shipped("modiar-awale-info");
    let run = GameRun::new(&aw, pos(&aw, position));
    assert_eq!(run.end(), Some(EndReason::FeedingImpossible));
    assert_eq!(run.scores(), [1, 7]);
}

#[test]
fn stones_are_conserved_in_the_worked_checks() {
    let game = shipped("modiar");
    let s = play(&game, &game.start(), "a");
    assert_eq!(s.position.total_stones(), 42);
}

// ---- Further rules, worked by hand ----

#[test]
fn chain_crosses_the_row_boundary() {
    let game = shipped("modiar");
    // North B (3): B=1, C=2, a=2. a is taken, then C across the boundary; B stops.
    let s = play(&game, &pos(&game, "1 1 1 / 1 3 1 north"), "B");
    assert_eq!(board(&game, &s.position), [0, 1, 1, 1, 1, 0]);
    assert_eq!(s.position.captured, [0, 4]);
    assert_eq!(s.effect.captured_pits, 0b100001);
}

#[test]
fn a_pit_of_eight_is_not_captured() {
    let game = shipped("modiar");
    // South c (2): c=1, A=8. Eight is not in 2 4 6.
    let s = play(&game, &pos(&game, "1 1 2 / 7 1 1 south"), "c");
    assert_eq!(board(&game, &s.position), [1, 1, 1, 8, 1, 1]);
    assert_eq!(s.effect.captured, 0);
    // The same move onto 5 makes 6, which is taken.
    let s = play(&game, &pos(&game, "1 1 2 / 5 1 1 south"), "c");
    assert_eq!(s.position.captured, [6, 0]);
}

#[test]
fn singletons_and_empty_pits_cannot_be_played() {
    let game = shipped("modiar");
    let p = pos(&game, "1 0 3 / 2 2 2 south");
    assert_eq!(legal(&game, &p), ["c"]);
    let err = game.play(&p, parse_move("a", &game).unwrap()).unwrap_err();
    assert_eq!(
        err.to_string(),
        "pit `a` holds 1 stone; a pit needs at least 2 to be played"
    );
    let err = game.play(&p, parse_move("A", &game).unwrap()).unwrap_err();
    assert_eq!(err.to_string(), "pit `A` belongs to north");
}

#[test]
fn feeding_is_forced_when_the_opponents_row_is_empty() {
    let game = shipped("modiar");
    // a (2) ends in b; c (3) reaches A and B: only c feeds.
    let p = pos(&game, "2 0 3 / 0 0 0 south");
    assert_eq!(legal(&game, &p), ["c"]);
    let err = game.play(&p, parse_move("a", &game).unwrap()).unwrap_err();
    assert!(matches!(err, Illegal::DoesNotFeed { .. }), "{err}");
}

#[test]
fn when_no_move_can_feed_any_move_may_be_played_in_the_mancala_world_reading() {
    let game = shipped("modiar");
    // a (2) sows a, b: north's row stays empty, but no move can feed.
    let p = pos(&game, "2 0 0 / 0 0 0 south");
    assert_eq!(legal(&game, &p), ["a"]);
}

#[test]
fn grand_slam_forbidden_removes_only_that_move() {
    let game = shipped("modiar");
    // C (7) makes 2 4 2 | 4 2 2 and its chain takes every pit: a grand slam.
    // A (3) makes A=1 B=2 C=8: no capture, legal.
    let p = pos(&game, "1 3 1 / 3 1 7 north");
    assert_eq!(legal(&game, &p), ["A"]);
    let err = game.play(&p, parse_move("C", &game).unwrap()).unwrap_err();
    assert!(matches!(err, Illegal::GrandSlam { .. }), "{err}");
}

#[test]
fn a_chain_that_stays_on_the_movers_row_is_no_grand_slam() {
    let game = shipped("modiar");
    // C (7): 2 4 2 | 3 2 2; C and B are taken, A (3) stops the chain.
    let s = play(&game, &pos(&game, "1 3 1 / 2 1 7 north"), "C");
    assert_eq!(board(&game, &s.position), [2, 4, 2, 3, 0, 0]);
    assert_eq!(s.position.captured, [0, 4]);
}

#[test]
fn grand_slam_with_another_move_available_is_illegal_in_the_awale_info_reading() {
    let game = shipped("modiar-awale-info");
    assert_eq!(legal(&game, &pos(&game, "1 3 1 / 3 1 7 north")), ["A"]);
}

#[test]
fn grand_slam_played_without_capture_and_allowed() {
    let start = "1 3 1 / 3 1 7 north";
    let no_capture = modiar_with(&[("grand_slam forbidden", "grand_slam no_capture")]);
    assert_eq!(legal(&no_capture, &pos(&no_capture, start)), ["A", "C"]);
    let s = play(&no_capture, &pos(&no_capture, start), "C");
    assert_eq!(board(&no_capture, &s.position), [2, 4, 2, 4, 2, 2]);
    assert_eq!(s.position.captured, [0, 0]);

    let allowed = modiar_with(&[("grand_slam forbidden", "grand_slam allowed")]);
    let s = play(&allowed, &pos(&allowed, start), "C");
    assert_eq!(board(&allowed, &s.position), [0; 6]);
    assert_eq!(s.position.captured, [0, 16]);
}

#[test]
fn capture_side_own_and_opponent() {
    // South b (2): b=1, c=2. c is on south's own row.
    let own = modiar_with(&[("side       any", "side       own")]);
    let s = play(&own, &pos(&own, "3 2 1 / 3 3 3 south"), "b");
    assert_eq!(s.position.captured, [2, 0]);
    let opponent = modiar_with(&[("side       any", "side       opponent")]);
    let s = play(&opponent, &pos(&opponent, "3 2 1 / 3 3 3 south"), "b");
    assert_eq!(s.position.captured, [0, 0]);
    // South c (2): c=1, A=4: taken on the opponent's side, chain stops at c (own row).
    let s = play(&opponent, &pos(&opponent, "3 1 2 / 3 3 3 south"), "c");
    assert_eq!(board(&opponent, &s.position), [3, 1, 1, 0, 3, 3]);
}

#[test]
fn forward_chain_takes_the_pits_after_the_last() {
    let game = modiar_with(&[("chain      backward", "chain      forward")]);
    // South a (2): a=1, b=2. b taken; forward: c=4 taken, A=3 stops.
    let s = play(&game, &pos(&game, "2 1 4 / 3 1 1 south"), "a");
    assert_eq!(board(&game, &s.position), [1, 0, 0, 3, 1, 1]);
    assert_eq!(s.position.captured, [6, 0]);
}

#[test]
fn next_pit_start_and_skipping_the_origin() {
    let next = modiar_with(&[("start       origin", "start       next")]);
    // a (2) from the next pit: b, c.
    let s = play(&next, &pos(&next, "2 0 0 / 1 1 1 south"), "a");
    assert_eq!(board(&next, &s.position), [0, 1, 1, 1, 1, 1]);
    // a (7) without skipping: b c A B C a b; b makes 2 and is taken, a (1) stops.
    let s = play(&next, &pos(&next, "7 0 0 / 0 0 0 south"), "a");
    assert_eq!(board(&next, &s.position), [1, 0, 1, 1, 1, 1]);
    assert_eq!(s.position.captured, [2, 0]);
    let skip = modiar_with(&[
        ("start       origin", "start       next"),
        ("skip_origin no", "skip_origin yes"),
    ]);
    // a (7) with the origin skipped: b c A B C, then b c again; a stays empty.
    // c (2) and b (2) are taken; the empty origin stops the chain.
    let s = play(&skip, &pos(&skip, "7 0 0 / 0 0 0 south"), "a");
    assert_eq!(board(&skip, &s.position), [0, 0, 0, 1, 1, 1]);
    assert_eq!(s.position.captured, [4, 0]);
}

#[test]
fn clockwise_sowing_goes_the_other_way() {
    let game = modiar_with(&[("direction   ccw", "direction   cw")]);
    // b (3) clockwise from the origin: b, a, C.
    let s = play(&game, &pos(&game, "0 3 0 / 1 1 0 south"), "b");
    assert_eq!(board(&game, &s.position), [1, 1, 0, 1, 1, 1]);
}

#[test]
fn leftovers_to_the_player_to_move_or_unscored() {
    let start = "1 3 1 / 1 1 7 north";
    let to_mover = modiar_with(&[("leftovers  row_owner", "leftovers  player_to_move")]);
    assert_eq!(
        GameRun::new(&to_mover, pos(&to_mover, start)).scores(),
        [0, 14]
    );
    let unscored = modiar_with(&[("leftovers  row_owner", "leftovers  unscored")]);
    let run = GameRun::new(&unscored, pos(&unscored, start));
    assert_eq!(run.scores(), [0, 0]);
    assert_eq!(run.outcome(), Some(Outcome::Draw));
}

const LOOP: &str = "name \"Loop\"\nboard { pits 1; seeds 1 }\nsow { start next }\n";

#[test]
fn a_repeated_position_ends_the_game_when_the_rules_say_so() {
    let text = format!("{LOOP}end {{ repetition end_game }}\n");
    let game = Game::new(rules::load(&Source::new("loop", text)).unwrap().rules);
    let mut run = GameRun::new(&game, game.start());
    // a -> A: 0 | 2, north. A (2) from the next pit: a, A -> 1 | 1, south: the start again.
    run.play(parse_move("a", &game).unwrap()).unwrap();
    assert_eq!(run.end(), None);
    run.play(parse_move("A", &game).unwrap()).unwrap();
    assert_eq!(run.end(), Some(EndReason::Repetition));
    assert_eq!(run.scores(), [1, 1]);
}

#[test]
fn without_a_repetition_rule_only_the_cap_stops_a_cycle() {
    let text = format!("{LOOP}end {{ repetition ignore }}\n");
    let game = Game::new(rules::load(&Source::new("loop", text)).unwrap().rules);
    let mut run = GameRun::new(&game, game.start());
    for _ in 0..100 {
        run.play_index(0);
    }
    assert_eq!(run.end(), None);
    run.stop_at_cap();
    assert_eq!(run.end(), Some(EndReason::PlyCap));
}

/// Regression (found by the generated-variant property test): a move that
/// would take the opponent's whole row but does not feed was rejected as a
/// forbidden grand slam in a variant that allows grand slams.
#[test]
fn a_grand_slam_that_does_not_feed_is_rejected_for_not_feeding() {
    let text = "name \"T\"\nboard { pits 2; seeds 1 }\nsow { direction cw; start next }\n\
                capture { counts 2; side any; take last_and_opposite_even_empty }\n\
                feeding { when row_empty; otherwise play_any }\nend { repetition ignore }\n";
    let loaded = rules::load(&Source::new("t", text)).unwrap();
    let game = Game::new(loaded.rules);
    // Clockwise on 2x2 goes B -> A -> b -> a. South's row is empty, so North
    // must feed. B sows its stone into A (2 stones): A and the pit facing it,
    // b (empty), are taken; South's row stays empty: a grand slam, allowed
    // here, but it does not feed. A sows into b: it feeds.
    let p = pos(&game, "0 0 / 1 1 north");
    assert_eq!(legal(&game, &p), ["A"]);
    let err = game.play(&p, parse_move("B", &game).unwrap()).unwrap_err();
    assert_eq!(err, Illegal::DoesNotFeed { pit: "B".into() });
}

// ---- Several capture rules ----

/// A 2x3 board with the capture rules `rules` (sections, in order).
fn with_captures(captures: &str) -> Game {
    let text = format!(
        "name \"T\"\nboard {{ pits 3; seeds 2 }}\nsow {{ start next }}\n{captures}\nend {{ repetition ignore }}\n"
    );
    Game::new(rules::load(&Source::new("t", text)).unwrap().rules)
}

const FACING: &str = "capture facing { counts 2; side any; take opposite }";
const LAST: &str = "capture last { counts 2; side any }";

#[test]
fn capture_rules_are_tried_in_file_order_on_the_last_pit() {
    // South's a (1) sows into b, which then holds 2: the last pit.
    let start = "1 1 0 / 1 3 0 south captured 3 3";
    // `facing` first: b qualifies, so the pit facing b (B, 3) is taken and
    // b stays; then `last`: b still holds 2 and is taken too.
    let game = with_captures(&format!("{FACING}\n{LAST}"));
    let s = play(&game, &pos(&game, start), "a");
    assert_eq!(board(&game, &s.position), [0, 0, 0, 1, 0, 0]);
    assert_eq!(s.position.captured, [8, 3]);
    assert_eq!(s.effect.captured, 5);
    // `last` first: b (2) is taken; then b holds nothing, so `facing` does
    // not apply and B keeps its 3.
    let game = with_captures(&format!("{LAST}\n{FACING}"));
    let s = play(&game, &pos(&game, start), "a");
    assert_eq!(board(&game, &s.position), [0, 0, 0, 1, 3, 0]);
    assert_eq!(s.position.captured, [5, 3]);
}

#[test]
fn a_pit_is_taken_at_most_once_by_the_rules() {
    // Two rules that both take the last pit and its chain backward: the
    // second finds the pits gone. North's A (3) sows B C a: a holds 2 (the
    // last), C 2, B 2; the chain takes a, C, B (6) and stops at A (empty).
    let chain = "capture last { counts 2; side any; chain backward }\ncapture again { counts 2 3; side any; chain backward; goes_to out_of_play }";
    let game = with_captures(chain);
    let s = play(&game, &pos(&game, "1 0 1 / 3 1 1 north captured 3 2"), "A");
    assert_eq!(board(&game, &s.position), [0, 0, 1, 0, 0, 0]);
    assert_eq!(s.position.captured, [3, 8]);
    assert_eq!(s.position.removed, 0);
}

#[test]
fn a_facing_capture_can_need_a_count_in_the_facing_pit() {
    // A last stone into an empty pit of the mover's row takes the facing pit,
    // only when it holds 2 or 3. South a (1) sows into b (empty before: 1
    // now); b faces B.
    let game =
        with_captures("capture facing { counts 1; side own; take opposite; facing_counts 2 3 }");
    let s = play(&game, &pos(&game, "1 0 0 / 1 2 1 south captured 4 3"), "a");
    assert_eq!(board(&game, &s.position), [0, 1, 0, 1, 0, 1]);
    assert_eq!(s.position.captured, [6, 3]);
    // B holding 4: nothing is captured.
    let s = play(&game, &pos(&game, "1 0 0 / 1 4 1 south captured 3 2"), "a");
    assert_eq!(board(&game, &s.position), [0, 1, 0, 1, 4, 1]);
    assert_eq!(s.position.captured, [3, 2]);
}
