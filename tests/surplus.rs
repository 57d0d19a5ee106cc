//! Pits that change hands by surplus between rounds (`refill surplus`),
//! worked by hand on Hufesay (2x6, four per pit, no stores, relay, capture
//! of the opposite pit from an own empty pit; the poorer player keeps their
//! row from their right, the player who scored more starts) and Motiq (2x7,
//! four per pit, a lap ending on four captures it and the move goes on from
//! the next pit; filled from the left, starts alternate): the notation, the
//! commands, and random matches. The moves and refills worked by hand are
//! cases (`tests/cases/rounds/refill/`, `rounds/odd_pit/`,
//! `rounds/match_end/hufesay.yaml`).

use std::ops::ControlFlow;

use sowing::engine::{format_position, parse_position, MatchRun};

use crate::common::{legal, pos, shipped, shipped_with, sow};

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
