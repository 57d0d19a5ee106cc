//! Captured holes that become a player's and keep their stones (`claim` with
//! `stones kept`, the Ethiopian and Eritrean weg), worked by hand on Qelat,
//! Mewegae, Awagagae and Gabata (Shoa I): 2x6, four per pit, no stores,
//! counter-clockwise a..f A..F from the next pit, relay; a lap whose last
//! stone makes 4 in a hole of the opponent makes it the mover's weg; a lap
//! ending in a weg ends the move, in the opponent's weg with a tribute.
//! The notation writes a weg as its count followed by `t` (the other row's
//! player's) or `T` (its own row's player's), `!` once the opponent landed
//! in it (Mewegae, Awagagae).

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use sowing::{
    diagnostic::Source,
    engine::{format_position, AfterRound, EndReason, Player},
    rules,
};

use crate::common::{legal, play, pos, random_match, scripted_match, shipped};

/// Qelat, South's e (2): f 0 -> 1, A 2 -> 3 (occupied: relay); A (3): B 0 ->
/// 1, C 0 -> 1, D 3 -> 4. D is North's and holds four: it becomes South's
/// weg, stones and all, and the move ends there (without the weg rule D
/// would be lifted and sown on).
#[test]
fn a_relay_lap_that_makes_four_in_the_opponents_hole_captures_it() {
    let game = shipped("qelat");
    let p = pos(&game, "0 0 0 0 2 0 / 2 0 0 3 0 1 south");
    let s = play(&game, &p, "e");
    assert!(s.effect.claimed);
    assert_eq!(s.effect.captured, 0, "the weg keeps its stones");
    assert_eq!(
        format_position(&s.position, &game),
        "0 0 0 0 0 1 / 0 1 1 4t 0 1 north"
    );
    assert_eq!(
        game.claimed_pits(&s.position, Player::South)
            .collect::<Vec<_>>(),
        [9]
    );
    // North cannot play D (South's weg, in North's row).
    assert_eq!(legal(&game, &s.position), ["B", "C", "F"]);
}

/// Qelat: c is North's weg (5). South's a (2): b 0 -> 1, c 5 -> 6: the last
/// stone fell into the opponent's weg: South takes one counter (c 5) and
/// plays again, from any hole but c.
#[test]
fn qelat_tribute_takes_one_and_the_mover_plays_again() {
    let game = shipped("qelat");
    let p = pos(&game, "2 0 5t 0 0 1 / 1 1 1 1 1 1 south");
    let s = play(&game, &p, "a");
    assert_eq!(s.effect.tribute, 1);
    assert_eq!(
        format_position(&s.position, &game),
        "0 1 5t 0 0 1 / 1 1 1 1 1 1 south captured 1 0"
    );
    assert_eq!(legal(&game, &s.position), ["b", "f"]);
    // An empty weg: the last counter itself is taken.
    let p = pos(&game, "2 0 t 0 0 1 / 1 1 1 1 1 1 south");
    let s = play(&game, &p, "a");
    assert_eq!(
        format_position(&s.position, &game),
        "0 1 t 0 0 1 / 1 1 1 1 1 1 south captured 1 0"
    );
}

/// Qelat: A is South's own weg (3). South's f (1): A 3 -> 4: the lap ends in
/// the mover's own weg: nothing happens, no relay, North to move.
#[test]
fn a_lap_ending_in_the_movers_own_weg_ends_the_move() {
    let game = shipped("qelat");
    let p = pos(&game, "0 0 0 0 0 1 / 3t 1 1 1 1 1 south");
    let s = play(&game, &p, "f");
    assert_eq!(s.effect.captured, 0);
    assert!(!s.effect.claimed);
    assert_eq!(
        format_position(&s.position, &game),
        "0 0 0 0 0 0 / 4t 1 1 1 1 1 north"
    );
}

/// After a round North owns b (`3*`). South's a (1): b 3 -> 4: Qelat's weg
/// is "an opponent's hole" (`of owned`): b becomes South's weg, in South's
/// own row (`4T`). Gabata (Shoa I) captures on "the opponent's side of the
/// board" (`of row`): b is in South's row, so South relays from it: b (4)
/// into c d e f, f 0 -> 1, the move ends.
#[test]
fn of_owned_and_of_row_differ_once_holes_changed_hands() {
    let game = shipped("qelat");
    let p = pos(&game, "1 3* 0 0 0 0 / 4 4 4 4 4 4 south");
    let s = play(&game, &p, "a");
    assert!(s.effect.claimed);
    assert_eq!(
        format_position(&s.position, &game),
        "0 4T 0 0 0 0 / 4 4 4 4 4 4 north"
    );
    let shoa = shipped("gabata-shoa-i");
    let p = pos(&shoa, "1 3* 0 0 0 0 / 4 4 4 4 4 4 south");
    let s = play(&shoa, &p, "a");
    assert!(!s.effect.claimed);
    assert_eq!(
        format_position(&s.position, &shoa),
        "0 0* 1 1 1 1 / 4 4 4 4 4 4 north"
    );
}

/// Mewegae: c is North's weg (5). South's a (2) ends in c (6): "nothing
/// happens on the first instance": c is marked, North to move. Later South's
/// b (1) ends in c again (7): South takes one (6) and plays again.
#[test]
fn mewegae_first_landing_is_free_then_tribute_and_again() {
    let game = shipped("mewegae");
    let p = pos(&game, "2 0 5t 0 0 1 / 1 1 1 1 1 1 south");
    let s = play(&game, &p, "a");
    assert_eq!(s.effect.tribute, 0);
    assert_eq!(
        format_position(&s.position, &game),
        "0 1 6t! 0 0 1 / 1 1 1 1 1 1 north"
    );
    let p = pos(&game, "0 1 6t! 0 0 1 / 1 1 1 1 1 1 south");
    let s = play(&game, &p, "b");
    assert_eq!(s.effect.tribute, 1);
    assert_eq!(
        format_position(&s.position, &game),
        "0 0 6t! 0 0 1 / 1 1 1 1 1 1 south captured 1 0"
    );
}

/// Awagagae: the same first landing is free, the second takes one, "and
/// the sowing ends": North to move.
#[test]
fn awagagae_tribute_ends_the_turn() {
    let game = shipped("awagagae");
    let p = pos(&game, "0 1 6t! 0 0 1 / 1 1 1 1 1 1 south");
    let s = play(&game, &p, "b");
    assert_eq!(
        format_position(&s.position, &game),
        "0 0 6t! 0 0 1 / 1 1 1 1 1 1 north captured 1 0"
    );
}

/// Gabata (Shoa I): c is North's weg (5). South's a (2) ends in c (6): South
/// "takes one counter from it, along with the final counter" (c 4), the turn
/// ends. An empty weg: "the last counter is removed" (to South).
#[test]
fn shoa_tribute_takes_two_and_ends_the_turn() {
    let game = shipped("gabata-shoa-i");
    let p = pos(&game, "2 0 5t 0 0 1 / 1 1 1 1 1 1 south");
    let s = play(&game, &p, "a");
    assert_eq!(s.effect.tribute, 2);
    assert_eq!(
        format_position(&s.position, &game),
        "0 1 4t 0 0 1 / 1 1 1 1 1 1 north captured 2 0"
    );
    let p = pos(&game, "2 0 t 0 0 1 / 1 1 1 1 1 1 south");
    let s = play(&game, &p, "a");
    assert_eq!(
        format_position(&s.position, &game),
        "0 1 t 0 0 1 / 1 1 1 1 1 1 north captured 1 0"
    );
}

/// Qelat, a round worked by hand: c is North's weg (20), F South's (24).
/// South's f (1): A 3 -> 4 becomes South's weg. No counter is left outside
/// the wegs: neither player can move, the round ends. Each takes their
/// wegs: South A 4 + F 24 = 28, North c 20. South is owed seven holes, North
/// five: South fills their row and North's left hole A; North, who did not
/// start the round, starts the next, with no weg.
#[test]
fn a_round_ends_when_every_counter_is_in_a_weg_and_the_wegs_go_to_their_owners() {
    let game = shipped("qelat");
    let start = pos(&game, "0 0 20t 0 0 1 / 3 0 0 0 0 24t south");
    let (run, changes) = scripted_match(&game, start, &["f"]);
    assert_eq!(changes.len(), 1);
    assert_eq!(changes[0].end, EndReason::NoLegalMove);
    assert_eq!(changes[0].scores, [28, 20]);
    assert_eq!(
        format_position(run.run().position(), &game),
        "4 4 4 4 4 4 / 4* 4 4 4 4 4 north"
    );
    assert_eq!(run.run().position().claimed, 0);
}

/// The notation reads and writes wegs: `t`, `T`, counts, `!`; and refuses a
/// weg where the rule allows none.
#[test]
fn the_notation_reads_and_writes_wegs() {
    let game = shipped("mewegae");
    for text in [
        "0 1 6t! 0 0 1 / 1 1 1 1 1 1 south",
        "0 4T 0 0 0 0 / t 4 4 4 4 4 north captured 3 4",
    ] {
        assert_eq!(format_position(&pos(&game, text), &game), text);
    }
    let shoa = shipped("gabata-shoa-i");
    let err =
        sowing::engine::parse_position("4T 4 4 4 4 4 / 4 4 4 4 4 4 south", &shoa).unwrap_err();
    assert!(err.message.contains("`of row`"), "{}", err.message);
    let qelat = shipped("qelat");
    let err =
        sowing::engine::parse_position("4t! 4 4 4 4 4 / 4 4 4 4 4 4 south", &qelat).unwrap_err();
    assert!(
        err.message.contains("`tribute_first no`"),
        "{}",
        err.message
    );
}

/// Random matches of each weg game: stones conserved after every ply and
/// across round changes (the wegs poured back into the holes), no weg left
/// at a round's start, and every match ends.
#[test]
fn random_weg_matches_conserve_stones() {
    for name in ["qelat", "mewegae", "awagagae", "gabata-shoa-i"] {
        let game = shipped(name);
        let mut rounds = 0;
        let mut wegs = 0;
        for seed in 0..12 {
            let run = random_match(
                &game,
                game.start(),
                seed,
                20_000,
                |played| {
                    let after = &played.position;
                    assert_eq!(after.total_stones(), 48, "{name} seed {seed}");
                    wegs += usize::from(after.claimed != 0);
                },
                |change| {
                    if let AfterRound::Next(next) = change.after {
                        rounds += 1;
                        assert_eq!(next.total_stones(), 48, "{name} seed {seed}");
                        assert_eq!(next.claimed | next.visited, 0, "{name} seed {seed}");
                    }
                },
            );
            assert!(run.is_over(), "{name} seed {seed}: match not over");
        }
        assert!(rounds > 0, "{name}: no round change in 12 matches");
        assert!(wegs > 0, "{name}: no weg in 12 matches");
    }
    let _ = ChaCha8Rng::seed_from_u64(0);
}

/// The rule's keys are checked: a tribute needs `stones kept`, the tribute
/// keys need a tribute, and claims need single laps or relay.
#[test]
fn claim_keys_that_do_not_fit_are_refused_with_the_reason() {
    let check = |edits: &[(&str, &str)]| -> String {
        let text = crate::common::shipped_text_with("qelat", edits);
        match rules::load(&Source::new("edited", text)) {
            Ok(_) => String::new(),
            Err(report) => report.to_string(),
        }
    };
    let err = check(&[("stones kept", "stones to_owner")]);
    assert!(err.contains("`tribute` needs `stones kept`"), "{err}");
    let err = check(&[("tribute 1", "")]);
    assert!(
        err.contains("`tribute_first` has no effect: no `tribute` is given"),
        "{err}"
    );
    let err = check(&[("laps relay", "laps next_always")]);
    assert!(
        err.contains("`claim` is supported with `laps single` or `relay` only"),
        "{err}"
    );
}
