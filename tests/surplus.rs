//! Pits that change hands by surplus between rounds (`refill surplus`),
//! worked by hand on Hufesay (2x6, four per pit, no stores, relay, capture
//! of the opposite pit from an own empty pit; the poorer player keeps their
//! row from their right, the player who scored more starts) and Motiq (2x7,
//! four per pit, a lap ending on four captures it and the move goes on from
//! the next pit; filled from the left, starts alternate): refills worked
//! from a round's last position, the notation, and random matches. The
//! moves worked by hand are cases (`rounds/refill/hufesay.yaml`,
//! `rounds/refill/motiq.yaml`).

use std::ops::ControlFlow;

use sowing::engine::{
    format_position, parse_position, AfterRound, EndReason, MatchRun, Outcome, Player,
};

use crate::common::{board, legal, play, pos, shipped, shipped_with, sow};

/// Refills Hufesay after a round that ended with an empty board and the
/// given captures, South having started it.
fn hufesay_after(captured: &str) -> String {
    let game = shipped("hufesay");
    let end = pos(
        &game,
        &format!("0 0 0 0 0 0 / 0 0 0 0 0 0 south captured {captured}"),
    );
    match game.after_round(&end, EndReason::RowEmpty, Player::South) {
        AfterRound::Next(next) => {
            assert_eq!(next.total_stones(), 48, "stones conserved");
            format_position(&next, &game)
        }
        over => panic!("the match goes on: {over:?}"),
    }
}

/// South 32, North 16: South is owed 8 pits, North 4, no remainder. North
/// keeps F E D C (from their right); South fills a-f and takes B and A.
/// South took more and starts.
#[test]
fn hufesay_surplus_takes_the_poorer_players_left_pits() {
    assert_eq!(hufesay_after("32 16"), "4 4 4 4 4 4 / 4* 4* 4 4 4 4 south");
}

/// South 35 (8 and 3 over), North 13 (3 and 1 over): North keeps F E D; the
/// remainders make four, and South's 3 is the larger, so South fills C with
/// its 3 and North's 1; then South's two pits beyond their row, B and A.
#[test]
fn hufesay_odd_pit_goes_to_the_larger_remainder() {
    assert_eq!(hufesay_after("35 13"), "4 4 4 4 4 4 / 4* 4* 4* 4 4 4 south");
}

/// South 34 (8 and 2 over), North 14 (3 and 2 over): equal remainders, so
/// the odd pit, C, stays with its row's player, North (Ludii: the player
/// who fills second); South takes B and A.
#[test]
fn hufesay_equal_remainders_leave_the_odd_pit_to_its_row() {
    assert_eq!(hufesay_after("34 14"), "4 4 4 4 4 4 / 4* 4* 4 4 4 4 south");
}

/// North took more (12 to 36): South is owed 3 pits and keeps f e d (from
/// their right); North fills their row and takes c, b and a; North starts.
#[test]
fn hufesay_north_takes_souths_pits() {
    assert_eq!(hufesay_after("12 36"), "4* 4* 4* 4 4 4 / 4 4 4 4 4 4 north");
}

/// Fewer than four: the player cannot fill a pit and loses the match.
#[test]
fn hufesay_match_ends_below_one_pit() {
    let game = shipped("hufesay");
    let end = pos(&game, "0 0 0 0 0 0 / 0 0 0 0 0 0 south captured 45 3");
    assert_eq!(
        game.after_round(&end, EndReason::RowEmpty, Player::South),
        AfterRound::MatchOver(Outcome::South)
    );
}

/// A round with pits that changed hands ends (South's row is empty): each
/// player takes the stones of the pits they own, South A (3, swapped) for
/// 30 + 3 = 33, North F (2) for 13 + 2 = 15, whatever their rows.
#[test]
fn hufesay_round_end_leftovers_go_to_the_pits_owner() {
    let game = shipped("hufesay");
    let end = pos(&game, "0 0 0 0 0 0 / 3* 0 0 0 0 2 north captured 30 13");
    assert_eq!(game.final_scores(&end, EndReason::RowEmpty), [33, 15]);
    // 33 = 8 pits and 1, 15 = 3 pits and 3: North keeps F E D and, with the
    // larger remainder, fills C with its 3 and South's 1; South takes B, A.
    let AfterRound::Next(next) = game.after_round(&end, EndReason::RowEmpty, Player::North) else {
        panic!("the match goes on")
    };
    assert_eq!(
        format_position(&next, &game),
        "4 4 4 4 4 4 / 4* 4* 4 4 4 4 south"
    );
}

#[test]
fn the_notation_writes_and_reads_pits_of_the_other_row() {
    let game = shipped("hufesay");
    let text = "4 4 4 4 4 4 / 4* 4* 4 4 4 4 south";
    let p = parse_position(text, &game).unwrap();
    assert_eq!(p.swapped, 1 << 6 | 1 << 7);
    assert_eq!(format_position(&p, &game), text);
    // Owning no pit at all: that player has lost the match.
    let err = parse_position("4* 4* 4* 4* 4* 4* / 4 4 4 4 4 4 north", &game).unwrap_err();
    assert!(err.message.contains("south has no open pit"), "{err}");
    // Only `refill surplus` hands pits over.
    let other = shipped("galatjang-rounds");
    let err = parse_position("7* 7 7 7 7 7 / 7 7 7 7 7 7 south", &other).unwrap_err();
    assert!(
        err.message
            .contains("only for variants with `refill surplus`"),
        "{err}"
    );
}

/// Through the binary: the trace announces the next round with its pits
/// handed over (`4*`) and draws them so.
#[test]
fn trace_shows_the_pits_handed_over() {
    let (code, out, err) = sow(&[
        "trace",
        "hufesay",
        "--from",
        "0 0 0 0 1 0 / 0 0 0 0 0 1 south captured 30 16",
        "--moves",
        "e F a",
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains("--- round 2 starts: 4 4 4 4 4 4 / 4* 4* 4 4 4 4 south"),
        "{out}"
    );
    assert!(out.contains(" 6* 6*  0  0  6  6"), "{out}");
    let (code, _, err) = sow(&[
        "trace",
        "hufesay",
        "--from",
        "4* 4 4 4 4 4 / 4 4 4 4 4 4 south",
        "--moves",
        "a",
    ]);
    assert_ne!(code, 0);
    assert!(err.contains("belongs to north"), "{err}");
}

#[test]
fn describe_says_the_surplus_rule() {
    let (code, out, err) = sow(&["describe", "hufesay"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("is owed a pit for every 4 stones"), "{out}");
}

/// The match of `hufesay_match_goes_on_with_the_pits_handed_over` as a
/// record: `verify` replays it across the round change, where pits change
/// hands, and finds a record that says they did not.
#[test]
fn verify_replays_a_match_where_pits_change_hands() {
    let record = "\
variant: hufesay
start: \"0 0 0 0 1 0 / 0 0 0 0 0 1 south captured 30 16\"
moves: e F a
rounds:
  - round: 1
    after_ply: 2
    end: row_empty
    scores: [32, 16]
    next_start: \"4 4 4 4 4 4 / 4* 4* 4 4 4 4 south\"
expect:
  - ply: 3
    board: \"2 7 1 6 1 6 6 6 0 0 6 6\"
    captured: 1
    scores: [1, 0]
";
    let dir = crate::common::scratch("verify-surplus");
    std::fs::write(dir.join("match.yaml"), record).unwrap();
    let (code, out, err) = crate::common::sow_in(&dir, &["verify", "match.yaml"], "");
    assert_eq!(code, 0, "{out}{err}");
    assert!(out.contains("consistent: 3 plies replayed"), "{out}");
    let wrong = record.replace("4* 4* 4 4 4 4 south", "4 4 4 4 4 4 south");
    std::fs::write(dir.join("wrong.yaml"), wrong).unwrap();
    let (code, out, err) = crate::common::sow_in(&dir, &["verify", "wrong.yaml"], "");
    assert_ne!(code, 0, "{out}{err}");
    assert!(
        format!("{out}{err}").contains("4 4 4 4 4 4 / 4* 4* 4 4 4 4 south"),
        "{out}{err}"
    );
}

/// Random matches of both games, several rounds each: at every ply the
/// moves the run keeps (its fast path) are the full successors' moves, each
/// from a pit the mover owns, and no stone is lost; some rounds hand pits
/// over (else the check would not reach the case it is for).
#[test]
fn random_matches_play_only_owned_pits_and_the_fast_path_agrees() {
    use rand::SeedableRng;
    for name in ["hufesay", "motiq"] {
        let game = shipped(name);
        let total = game.start().total_stones();
        let mut swapped_plies = 0;
        for seed in 0..4 {
            let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
            let mut run = MatchRun::new(&game, game.start());
            let _: ControlFlow<()> = run.play_out(
                4000,
                |round| {
                    let pos = *round.position();
                    let fast: Vec<_> = round.moves().as_slice().to_vec();
                    let full: Vec<_> = round.successors().as_slice().iter().map(|s| s.mv).collect();
                    assert_eq!(fast, full, "{name}, seed {seed}");
                    for mv in &fast {
                        if *mv != sowing::engine::Move::PASS {
                            assert_eq!(game.owner(&pos, usize::from(mv.pit)), pos.to_move);
                        }
                    }
                    swapped_plies += u32::from(pos.swapped != 0);
                    let pick = rand::Rng::random_range(&mut rng, 0..fast.len());
                    let played = round.play_index(pick);
                    assert_eq!(played.position.total_stones(), total, "{name}, seed {seed}");
                    ControlFlow::Continue(())
                },
                |_| {},
            );
        }
        assert!(
            swapped_plies > 100,
            "{name}: {swapped_plies} plies with pits handed over"
        );
    }
}

/// A player who owns more than half the pits of a board whose pits sow
/// either way has more moves than the board has pits: Hufesay on 2x15 with
/// `direction either`, North owning their 15 pits and South's a and b,
/// every pit holding a stone, has 17 pits times 2 directions = 34 moves (the
/// move list once held one entry per pit of the board, 32, and overflowed).
#[test]
fn surplus_owner_of_most_pits_may_have_more_moves_than_pits() {
    let game = shipped_with(
        "hufesay",
        &[("pits 6", "pits 15"), ("direction ccw", "direction either")],
    );
    let south = "1 ".repeat(13);
    let north = "1 ".repeat(15);
    let p = pos(&game, &format!("1* 1* {south}/ {north}north"));
    let moves = legal(&game, &p);
    assert_eq!(moves.len(), 34, "{moves:?}");
    for label in ["a:ccw", "a:cw", "b:ccw", "b:cw", "O:cw"] {
        assert!(moves.contains(&label.to_string()), "{label}: {moves:?}");
    }
}

/// Gabata (Adegrat): the hole nobody fills (`odd_pit nobody`) is closed
/// for the round and sowing passes over it, where Ludii's code sows into
/// it (the file's header says so). a (2) passes the closed b: c 0 -> 1, d
/// 0 -> 1, the last, empty before: the hole after it, e (3), is taken. Sown
/// into b as Ludii does, the move would end in c and take d, empty.
#[test]
fn gabata_adegrat_sows_past_the_hole_nobody_filled() {
    let game = shipped("gabata-adegrat");
    let s = play(
        &game,
        &pos(&game, "2 x 0 0 3 0 / 3 3 3 3 3 3 south captured 6 7"),
        "a",
    );
    assert_eq!(
        board(&game, &s.position),
        [0, 0, 1, 1, 0, 0, 3, 3, 3, 3, 3, 3]
    );
    assert_eq!(s.position.captured, [9, 7]);
    assert_eq!(s.position.closed, 0b10, "b stays closed");
}
