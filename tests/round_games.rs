//! Games of rounds with closed holes, worked by hand: Main Chongkak (the
//! Malay Congkak, `main-chongkak`: 2x6, six per hole, clockwise, both stores
//! sown, relay, another move in the mover's own store, the hole opposite an
//! own empty hole captured; rounds refilled from the right, unfilled holes
//! out of play) and Khrour (`khrour`: 2x2, four per hole, anti-clockwise,
//! a last counter making 2, 4, 6 or 8 captures; rounds refilled from the
//! left, a hole short of four waiting, sown into but neither played nor
//! captured from, until it holds four after a move).

use sowing::engine::{
    format_position, parse_move, parse_position, AfterRound, EndReason, Illegal, Outcome, Player,
};

use crate::common::{board, legal, play, pos, scripted_match, shipped};

/// A closed pit (`x`) as a count in `board`.
const X: u8 = 0;

/// Main Chongkak's first move `a` (6), clockwise from the hole after a:
/// South's store (1), F E D C B (6 -> 7 each); B held counters: lift its 7,
/// A (7), North's store (1: North's), f e d c b (7 each); b held counters:
/// lift its 7, a (0 -> 1), South's store (2), F E D C (8 each), B (0 -> 1):
/// an empty hole of North's row, the move ends.
#[test]
fn main_chongkak_sows_into_both_stores() {
    let game = shipped("main-chongkak");
    let s = play(&game, &game.start(), "a");
    assert_eq!(
        board(&game, &s.position),
        [1, 0, 7, 7, 7, 7, 7, 1, 8, 8, 8, 8]
    );
    assert_eq!(s.position.captured, [2, 1], "a counter in each store");
    assert_eq!(s.position.to_move, Player::North);
}

/// f (13): e d c b a (1 each), South's store (1), F E D C B (1 each), A
/// (1 -> 2), North's store (1). The last counter is in the opponent's store:
/// the move ends (no relay, no other move), and that counter is North's.
#[test]
fn main_chongkak_a_lap_into_the_opponents_store_ends_the_move() {
    let game = shipped("main-chongkak");
    let s = play(
        &game,
        &pos(&game, "0 0 0 0 0 13 / 1 0 0 0 0 0 south captured 29 29"),
        "f",
    );
    assert_eq!(
        board(&game, &s.position),
        [1, 1, 1, 1, 1, 0, 2, 1, 1, 1, 1, 1]
    );
    assert_eq!(s.position.captured, [30, 30]);
    assert_eq!(s.position.to_move, Player::North);
}

/// A round change worked by hand, then a closed hole.
///
/// Round 1: South's a (1) falls into South's store: another move, but
/// South's row is now empty and the round ends. North's F (5) is North's:
/// South 33 + 1 = 34, North 33 + 5 = 38.
///
/// Refill, six to a hole from the player's right: South fills f e d c b (30)
/// and keeps 4; a stays empty, out of play. North fills all six (36) and
/// keeps 2. South scored less and starts round 2.
///
/// Round 2, South's b (6): a is out of play and passed over: South's store
/// (4 + 1), F E D C B (7 each); B held counters: lift its 7, A (7), North's
/// store (2 + 1), f e d c (7 each), b (0 -> 1): an empty hole of South's
/// row, so E, facing b, is captured (7): South 12, North 3.
#[test]
fn main_chongkak_round_change_and_a_hole_out_of_play() {
    let game = shipped("main-chongkak");
    let start = pos(&game, "1 0 0 0 0 0 / 0 0 0 0 0 5 south captured 33 33");
    let (run, changes) = scripted_match(&game, start, &["a", "b"]);
    let [change] = changes.as_slice() else {
        panic!("one round change: {changes:?}");
    };
    assert_eq!(change.end, EndReason::RowEmpty);
    assert_eq!(change.scores, [34, 38]);
    let AfterRound::Next(next) = change.after else {
        panic!("the match goes on");
    };
    assert_eq!(board(&game, &next), [X, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6]);
    assert!(next.is_closed(0), "a is out of play");
    assert_eq!(next.captured, [4, 2]);
    assert_eq!(next.to_move, Player::South);
    let p = run.run().position();
    assert_eq!(board(&game, p), [X, 1, 7, 7, 7, 7, 7, 0, 7, 7, 0, 7]);
    assert!(p.is_closed(0));
    assert_eq!(p.captured, [12, 3]);
    assert_eq!(p.to_move, Player::North);
}

/// a (2): South's store (1), F (1 -> 2). F held a counter and would be
/// lifted, but South's row is empty after the lap: the round ends there
/// (the row is looked at after every lap), South 36, North 34 + 2 = 36.
/// Without that, F's two counters would go on to E and D.
#[test]
fn main_chongkak_a_relay_stops_where_a_row_runs_empty() {
    let game = shipped("main-chongkak");
    let s = play(
        &game,
        &pos(&game, "2 0 0 0 0 0 / 0 0 0 0 0 1 south captured 35 34"),
        "a",
    );
    assert_eq!(
        board(&game, &s.position),
        [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2]
    );
    assert_eq!(s.position.captured, [36, 34]);
}

/// The match ends when a round leaves a player fewer counters than fill a
/// hole: a (1) into South's store empties South's row; North has 4 + 1 = 5,
/// fewer than six, and South wins the match.
#[test]
fn main_chongkak_match_ends_when_a_hole_cannot_be_filled() {
    let game = shipped("main-chongkak");
    let start = pos(&game, "1 0 0 0 0 0 / 0 0 0 0 0 1 south captured 66 4");
    let (run, changes) = scripted_match(&game, start, &["a"]);
    assert_eq!(changes.len(), 1);
    assert_eq!(changes[0].scores, [67, 5]);
    assert_eq!(changes[0].after, AfterRound::MatchOver(Outcome::South));
    assert_eq!(run.outcome(), Some(Outcome::South));
}

/// Khrour, a round change worked by hand. North's A (1) falls into B, which
/// makes two: captured (4 + 2 = 6). The board is empty: neither can move,
/// the game (round) ends, South 10, North 6.
///
/// Refill, four to a hole from the player's left: South fills a and b (8)
/// and keeps 2 in reserve; North fills A (4) and puts the 2 left in B, which
/// waits (written `2x`). North started the game, so South starts the next.
///
/// Game 2: South's b (4): A (5), B (2 -> 3: sown into, still waiting), a
/// (5), b (0 -> 1). North may play A only: A (5): B (4), a (6), b (2), A
/// (1), B (5): the last counter falls into B, which was still waiting (and
/// holds an odd count): no capture. After the move B holds five: it opens.
#[test]
fn khrour_round_change_and_a_hole_that_reopens() {
    let game = shipped("khrour");
    let start = pos(&game, "0 0 / 1 1 north captured 10 4");
    let (run, changes) = scripted_match(&game, start, &["A", "b"]);
    let [change] = changes.as_slice() else {
        panic!("one round change: {changes:?}");
    };
    assert_eq!(change.end, EndReason::NoLegalMove);
    assert_eq!(change.scores, [10, 6]);
    let AfterRound::Next(next) = change.after else {
        panic!("the match goes on");
    };
    assert_eq!(
        format_position(&next, &game),
        "4 4 / 4 2x south captured 2 0"
    );
    let p = *run.run().position();
    assert_eq!(format_position(&p, &game), "5 1 / 5 3x north captured 2 0");
    assert_eq!(legal(&game, &p), ["A"], "B waits: it is not played");
    let err = game.play(&p, parse_move("B", &game).unwrap()).unwrap_err();
    assert_eq!(err, Illegal::Closed { pit: "B".into() });
    let s = play(&game, &p, "A");
    assert_eq!(board(&game, &s.position), [6, 2, 1, 5]);
    assert!(
        !s.position.is_closed(3),
        "B holds five after the move: open"
    );
    assert_eq!(s.position.captured, [2, 0]);
}

/// b (2): A (5), B (3 -> 4). Four is a capture count, but B is still
/// waiting when the counter falls: no capture; after the move it holds
/// four and opens. The same move with B open captures the four.
#[test]
fn khrour_a_waiting_hole_is_not_captured_from() {
    let game = shipped("khrour");
    let s = play(&game, &pos(&game, "4 2 / 4 3x south captured 3 0"), "b");
    assert_eq!(
        format_position(&s.position, &game),
        "4 0 / 5 4 north captured 3 0"
    );
    let s = play(&game, &pos(&game, "4 2 / 4 3 south captured 3 0"), "b");
    assert_eq!(
        format_position(&s.position, &game),
        "4 0 / 5 0 north captured 7 0"
    );
}

/// The match ends when a game ends with one player holding every counter:
/// b (1) makes two in A, captured; South holds all sixteen.
#[test]
fn khrour_match_ends_when_one_player_holds_every_counter() {
    let game = shipped("khrour");
    let start = pos(&game, "0 1 / 1 0 south captured 14 0");
    let (run, changes) = scripted_match(&game, start, &["b"]);
    assert_eq!(changes.len(), 1);
    assert_eq!(changes[0].scores, [16, 0]);
    assert_eq!(run.outcome(), Some(Outcome::South));
}

/// A closed pit holding stones (`3x`) is read only where closed pits are
/// sown into.
#[test]
fn a_closed_pit_holding_stones_needs_unfilled_reopens() {
    let dakon = shipped("dakon");
    let err =
        parse_position("5 1 5 1 1 1 1 / 5 3x 1 1 1 1 1 north captured 2 0", &dakon).unwrap_err();
    assert_eq!(
        err.to_string(),
        "column 19: `3x` (a closed pit holding stones) is only for variants with `unfilled reopens`, and Papan Dakon (match of rounds) has none"
    );
}

/// Gabata (Shoa I), the refill worked by hand from the text ("the player
/// with more counters gains a hole from their opponent for every four extra
/// balls ... If an opponent has three extra after counting in such a way,
/// they also gain a hole, but not if there are one or two extra"): a round
/// ends with every counter taken, South 22, North 26.
///
/// North is owed 26 / 4 = 6 holes, remainder 2, and fills its own row
/// (24). South is owed 5, remainder 2, and fills f e d c b from its right
/// (20). The two remainders make up four, but they are equal (two extra
/// each): nobody gains the hole left, South's a, which stays empty and out
/// of play; each keeps their two counters. North scored more: South, who
/// did not start, starts the next round (`next_start alternate`).
#[test]
fn gabata_shoa_i_two_extra_each_gain_nobody_the_hole() {
    let game = shipped("gabata-shoa-i");
    let end = pos(&game, "0 0 0 0 0 0 / 0 0 0 0 0 0 south captured 22 26");
    let AfterRound::Next(next) = game.after_round(&end, EndReason::NoLegalMove, Player::North)
    else {
        panic!("the match goes on");
    };
    assert_eq!(board(&game, &next), [X, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4]);
    assert!(next.is_closed(0), "a is nobody's");
    assert!((1..12).all(|pit| !next.is_closed(pit) && !next.is_swapped(pit)));
    assert_eq!(next.captured, [2, 2]);
    assert_eq!(next.to_move, Player::South);
}

/// Three extra gain the hole: South 23 (five holes, three extra), North 25
/// (six holes, one extra). South fills f e d c b, and a with its three and
/// North's one: a is South's, and nobody keeps a counter.
#[test]
fn gabata_shoa_i_three_extra_gain_the_hole() {
    let game = shipped("gabata-shoa-i");
    let end = pos(&game, "0 0 0 0 0 0 / 0 0 0 0 0 0 south captured 23 25");
    let AfterRound::Next(next) = game.after_round(&end, EndReason::NoLegalMove, Player::North)
    else {
        panic!("the match goes on");
    };
    assert_eq!(board(&game, &next), [4; 12]);
    assert!((0..12).all(|pit| !next.is_closed(pit) && !next.is_swapped(pit)));
    assert_eq!(next.captured, [0, 0]);
}

/// The match ends when a player is left without a hole ("until one player
/// takes all the counters"): South with two (two extra, North 46: eleven
/// holes and two extra) gains no hole: North fills its row and b c d e f of
/// South's from the right, a is nobody's, and North wins the match. South
/// with three (North 45: eleven holes, one extra) gains f, the first hole
/// of its row from the right (topped up with North's one): the match goes
/// on, North taking a to e.
#[test]
fn gabata_shoa_i_match_ends_when_a_player_gains_no_hole() {
    let game = shipped("gabata-shoa-i");
    let end = pos(&game, "0 0 0 0 0 0 / 0 0 0 0 0 0 south captured 2 46");
    assert_eq!(
        game.after_round(&end, EndReason::NoLegalMove, Player::North),
        AfterRound::MatchOver(Outcome::North)
    );
    let end = pos(&game, "0 0 0 0 0 0 / 0 0 0 0 0 0 south captured 3 45");
    let AfterRound::Next(next) = game.after_round(&end, EndReason::NoLegalMove, Player::North)
    else {
        panic!("South gains a hole: the match goes on");
    };
    assert_eq!(board(&game, &next), [4; 12]);
    assert!(
        !next.is_swapped(5),
        "f, the first hole South fills, is South's"
    );
    assert!((0..5).all(|pit| next.is_swapped(pit)), "a-e are North's");
    assert_eq!(next.captured, [0, 0]);
}

/// The same ends under Mewegae's text, which gives the hole of two extra
/// each to the weaker player (`odd_pit larger`, the default): South 22,
/// North 26 fill as above, and South's a takes South's two and North's two.
#[test]
fn mewegae_two_extra_each_give_the_weaker_player_the_hole() {
    let game = shipped("mewegae");
    let end = pos(&game, "0 0 0 0 0 0 / 0 0 0 0 0 0 south captured 22 26");
    let AfterRound::Next(next) = game.after_round(&end, EndReason::NoLegalMove, Player::North)
    else {
        panic!("the match goes on");
    };
    assert_eq!(board(&game, &next), [4; 12]);
    assert!(!next.is_closed(0) && !next.is_swapped(0));
    assert_eq!(next.captured, [0, 0]);
}
