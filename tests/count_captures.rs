//! Ludii two-row games that capture by count, each said as its rule
//! text says it where Ludii's engine departs from the text: Mankala,
//! Mangala (Turkey) and Vai Lung Thlan (a backward line that may pass the
//! emptied hole), Halusa (evens in one's own row; the last mover takes the
//! rest), J'odu (relay, the facing hole from an empty hole of one's row;
//! feeding judged on the whole move), Uril (first to 25; blocked games
//! drawn), and Yovodi (`goes_to opponent`). Every expected result is worked
//! out by hand from the rules' words (the variant files' headers).

use sowing::engine::{EndReason, GameRun, Outcome};

use crate::common::{board, legal, play, pos, shipped};

// ---- Mankala: 2, 4, 6 on either row, the line before it ----

#[test]
fn mankala_line_goes_back_through_the_emptied_hole() {
    let game = shipped("mankala");
    // South e (25): two full rounds of the twelve holes (every hole +2, e
    // included) and one more counter into f. f 1+2+1 = 4 is the last: taken;
    // then e (0+2 = 2, the emptied hole), d c b (2 each); a (1+2 = 3) ends the
    // line: 4 + 2 + 6 = 12. North's holes (2 each) come after f: untouched.
    // (Ludii's engine would stop before e and take f alone.)
    let p = pos(&game, "1 0 0 0 25 1 / 0 0 0 0 0 0 south captured 20 25");
    let s = play(&game, &p, "e");
    assert_eq!(
        board(&game, &s.position),
        [3, 0, 0, 0, 0, 0, 2, 2, 2, 2, 2, 2]
    );
    assert_eq!(s.position.captured, [32, 25]);
}

#[test]
fn mankala_ends_when_every_counter_is_captured() {
    let game = shipped("mankala");
    // South f (1) makes A 2: taken; e before it is empty. The board is
    // empty, neither player can move: the game is over, 42 to 30.
    let p = pos(&game, "0 0 0 0 0 1 / 1 0 0 0 0 0 south captured 40 30");
    let s = play(&game, &p, "f");
    let run = GameRun::new(&game, s.position);
    assert_eq!(run.end(), Some(EndReason::NoLegalMove));
    assert_eq!(run.scores(), [42, 30]);
    // A player without counters passes while the other can move.
    let p = pos(&game, "0 0 0 0 0 0 / 0 0 0 0 0 1 south captured 40 31");
    assert_eq!(legal(&game, &p), ["pass"]);
}

// ---- Mangala (Turkey): 1 and 3, the previous holes ----

#[test]
fn mangala_turkey_takes_ones_and_threes_back_across_the_rows() {
    let game = shipped("mangala-turkey");
    // South f (3) sows g (0 -> 1), A (2 -> 3), B (0 -> 1). B (1) is taken,
    // then A (3) and g (1); f, just emptied, ends the line: 1 + 3 + 1 = 5.
    let p = pos(&game, "0 0 0 0 0 3 0 / 2 0 4 0 0 0 0 south captured 30 31");
    let s = play(&game, &p, "f");
    assert_eq!(
        board(&game, &s.position),
        [0, 0, 0, 0, 0, 0, 0, 0, 0, 4, 0, 0, 0, 0]
    );
    assert_eq!(s.position.captured, [35, 31]);
}

#[test]
fn mangala_turkey_a_counter_into_an_empty_hole_is_taken_and_the_game_ends_with_the_board() {
    let game = shipped("mangala-turkey");
    // South has no counter: it passes. North's G (1) sows a, empty: a holds
    // one, taken. Every hole is empty: the game is over, 35 each, a draw.
    let p = pos(&game, "0 0 0 0 0 0 0 / 0 0 0 0 0 0 1 south captured 35 34");
    assert_eq!(legal(&game, &p), ["pass"]);
    let passed = play(&game, &p, "pass");
    let s = play(&game, &passed.position, "G");
    assert_eq!(s.position.captured, [35, 35]);
    let run = GameRun::new(&game, s.position);
    assert_eq!(run.end(), Some(EndReason::NoLegalMove));
    assert_eq!(run.outcome(), Some(Outcome::Draw));
}

// ---- Vai Lung Thlan: single counters, clockwise ----

#[test]
fn vai_lung_thlan_takes_the_single_counters_behind_the_last() {
    let game = shipped("vai-lung-thlan");
    // South c (3) sows clockwise: b (1 -> 2), a (0 -> 1), F (0 -> 1). F was
    // empty: its counter is taken, then the line behind it, against the
    // sowing: a (1) taken, b (2) ends it: 2 counters.
    let p = pos(&game, "0 1 3 2 0 0 / 0 0 0 0 2 0 south captured 25 27");
    let s = play(&game, &p, "c");
    assert_eq!(
        board(&game, &s.position),
        [0, 2, 0, 2, 0, 0, 0, 0, 0, 0, 2, 0]
    );
    assert_eq!(s.position.captured, [27, 27]);
}

#[test]
fn vai_lung_thlan_ends_when_the_mover_has_no_counter_and_the_rest_counts_for_nobody() {
    let game = shipped("vai-lung-thlan");
    // South to move with an empty row: the game is over; North's 3 counters
    // count for nobody: 30 to 27.
    let run = GameRun::new(
        &game,
        pos(&game, "0 0 0 0 0 0 / 1 0 0 0 0 2 south captured 30 27"),
    );
    assert_eq!(run.end(), Some(EndReason::NoLegalMove));
    assert_eq!(run.scores(), [30, 27]);
}

// ---- Halusa: evens in one's own row; the last mover takes the rest ----

#[test]
fn halusa_takes_even_holes_of_the_own_row_back_to_an_odd_one() {
    let game = shipped("halusa");
    // South a (4) sows b (0 -> 1), c (1 -> 2), d (1 -> 2), e (3 -> 4). e (4)
    // is even, in South's row: taken, then d (2) and c (2); b (1) is odd and
    // ends the line: 8.
    let p = pos(&game, "4 0 1 1 3 0 / 0 0 2 0 0 1 south captured 30 30");
    let s = play(&game, &p, "a");
    assert_eq!(
        board(&game, &s.position),
        [0, 1, 0, 0, 0, 0, 0, 0, 2, 0, 0, 1]
    );
    assert_eq!(s.position.captured, [38, 30]);
}

#[test]
fn halusa_the_line_stops_at_the_end_of_the_own_row() {
    let game = shipped("halusa");
    // South f (7) sows A-F (1 -> 2 each) and a (1 -> 2). a (2) is taken;
    // the hole before it is North's F (2): not South's, the line ends.
    let p = pos(&game, "1 0 0 0 0 7 / 1 1 1 1 1 1 south captured 28 30");
    let s = play(&game, &p, "f");
    assert_eq!(
        board(&game, &s.position),
        [0, 0, 0, 0, 0, 0, 2, 2, 2, 2, 2, 2]
    );
    assert_eq!(s.position.captured, [30, 30]);
}

#[test]
fn halusa_a_player_who_cannot_feed_ends_the_game_and_the_last_mover_takes_the_rest() {
    let game = shipped("halusa");
    // North must fill South's empty row; its only hole, A (2), sows B and C:
    // it cannot. Neither player is able to move: the last player who was
    // able to (South, who moved last) takes the 2 counters: 37 to 35.
    // (Ludii's code gives them to North, whose row holds them: 35 to 37.)
    let run = GameRun::new(
        &game,
        pos(&game, "0 0 0 0 0 0 / 2 0 0 0 0 0 north captured 35 35"),
    );
    assert_eq!(run.end(), Some(EndReason::FeedingImpossible));
    assert_eq!(run.scores(), [37, 35]);
}

// ---- J'odu: relay; the facing hole from an empty hole of one's row ----

#[test]
fn j_odu_relays_then_takes_the_facing_hole() {
    let game = shipped("j-odu");
    // South a (2) sows b (0 -> 1), c (1 -> 2): c held a counter, so its 2
    // are lifted and sown into d and e, both empty. e was empty and is
    // South's: the facing hole, B (3), is taken.
    let p = pos(&game, "2 0 1 0 0 0 / 0 3 0 0 0 1 south captured 20 21");
    let s = play(&game, &p, "a");
    assert_eq!(
        board(&game, &s.position),
        [0, 1, 0, 1, 1, 0, 0, 0, 0, 0, 0, 1]
    );
    assert_eq!(s.position.captured, [23, 21]);
}

#[test]
fn j_odu_a_move_must_leave_the_opponent_a_counter_if_one_can() {
    let game = shipped("j-odu");
    // As above without F: a would take North's last counters. c (1) sows d,
    // empty, and takes C, empty: nothing; North keeps B. Only c is legal.
    let p = pos(&game, "2 0 1 0 0 0 / 0 3 0 0 0 0 south captured 20 22");
    assert_eq!(legal(&game, &p), ["c"]);
    // A player without counters ends the game; each takes their own row.
    let run = GameRun::new(
        &game,
        pos(&game, "0 0 0 0 0 0 / 0 3 0 0 0 0 south captured 20 25"),
    );
    assert_eq!(run.end(), Some(EndReason::NoLegalMove));
    assert_eq!(run.scores(), [20, 28]);
}

// ---- Uril: 2 and 3 in the opponent's row; 25 wins; blocked is a draw ----

#[test]
fn uril_takes_twos_and_threes_back_along_the_opponents_row() {
    let game = shipped("uril");
    // South e (3) sows f (1 -> 2), A (1 -> 2), B (2 -> 3). B (3) is taken,
    // then A (2); f is South's own: the line ends there: 5.
    let p = pos(&game, "0 0 0 0 3 1 / 1 2 0 0 4 0 south captured 14 23");
    let s = play(&game, &p, "e");
    assert_eq!(
        board(&game, &s.position),
        [0, 0, 0, 0, 0, 2, 0, 0, 0, 0, 4, 0]
    );
    assert_eq!(s.position.captured, [19, 23]);
}

#[test]
fn uril_skips_the_origin_and_forbids_taking_every_counter() {
    let game = shipped("uril");
    // South f (12) sows A-F and a-e (11 holes), skips f, and ends in A: A
    // 1 -> 2 -> 3, taken; f before it is South's: 3.
    let p = pos(&game, "0 0 0 0 0 12 / 1 0 0 0 0 0 south captured 12 23");
    let s = play(&game, &p, "f");
    assert_eq!(
        board(&game, &s.position),
        [1, 1, 1, 1, 1, 0, 0, 1, 1, 1, 1, 1]
    );
    assert_eq!(s.position.captured, [15, 23]);
    // f (1) would make A 2 and take North's only counters: not allowed.
    let p = pos(&game, "0 0 0 0 1 1 / 1 0 0 0 0 0 south captured 22 23");
    assert_eq!(legal(&game, &p), ["e"]);
}

#[test]
fn uril_the_first_to_25_wins() {
    let game = shipped("uril");
    // South f (1) makes A 3: taken, South has 26: the game is over, whatever
    // is left on the board (B's 3).
    let p = pos(&game, "0 0 0 0 0 1 / 2 3 0 0 0 0 south captured 23 19");
    let s = play(&game, &p, "f");
    let run = GameRun::new(&game, s.position);
    assert_eq!(run.end(), Some(EndReason::ScoreReached));
    assert_eq!(run.outcome(), Some(Outcome::South));
}

#[test]
fn uril_a_blocked_game_is_a_draw() {
    let game = shipped("uril");
    // North must fill South's empty row and cannot (A (2) sows B and C):
    // both players pass in Ludii, a draw, whatever was captured.
    let run = GameRun::new(
        &game,
        pos(&game, "0 0 0 0 0 0 / 2 0 0 0 0 0 north captured 24 22"),
    );
    assert_eq!(run.end(), Some(EndReason::FeedingImpossible));
    assert_eq!(run.outcome(), Some(Outcome::Draw));
    // South, to move without counters, cannot move, and North could not
    // move after a pass either: neither can, a draw.
    let run = GameRun::new(
        &game,
        pos(&game, "0 0 0 0 0 0 / 2 0 0 0 0 0 south captured 24 22"),
    );
    assert_eq!(run.end(), Some(EndReason::NoLegalMove));
    assert_eq!(run.scores(), [0, 0]);
}

// ---- Yovodi: the facing hole to the mover, or to the opponent ----

#[test]
fn yovodi_a_last_counter_in_an_empty_hole_of_the_opponents_row_feeds_the_opponent() {
    let game = shipped("yovodi");
    // South a (2) sows clockwise F (1 -> 2) and E (0 -> 1). E was empty and
    // is North's: North takes the hole facing it in South's row, b (3).
    let p = pos(&game, "2 3 0 0 0 0 / 0 0 0 0 0 1 south captured 20 22");
    let s = play(&game, &p, "a");
    assert_eq!(
        board(&game, &s.position),
        [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 2]
    );
    assert_eq!(s.position.captured, [20, 25]);
}

#[test]
fn yovodi_a_last_counter_in_an_empty_hole_of_ones_own_row_takes_the_facing_hole() {
    let game = shipped("yovodi");
    // South c (1) sows b, empty, South's: South takes E (4), facing b.
    let p = pos(&game, "0 0 1 0 0 0 / 0 0 0 0 4 0 south captured 20 23");
    let s = play(&game, &p, "c");
    assert_eq!(
        board(&game, &s.position),
        [0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]
    );
    assert_eq!(s.position.captured, [24, 23]);
}

#[test]
fn yovodi_relays_from_an_occupied_hole_before_the_capture() {
    let game = shipped("yovodi");
    // South b (2) sows a (0 -> 1) and F (2 -> 3): F was occupied, its 3 are
    // lifted and sown into E, D, C (empty each). C was empty and is North's:
    // North takes d (2), facing C.
    let p = pos(&game, "0 2 0 2 0 0 / 0 0 0 0 0 2 south captured 20 22");
    let s = play(&game, &p, "b");
    assert_eq!(
        board(&game, &s.position),
        [1, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 0]
    );
    assert_eq!(s.position.captured, [20, 24]);
}
