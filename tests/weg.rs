//! Captured holes that become a player's and keep their stones (`claim` with
//! `stones kept`, the Ethiopian and Eritrean weg): the notation of wegs,
//! random matches that conserve stones, and the checks of the keys. The
//! positions worked by hand are cases (`claim/makes/qelat.yaml`,
//! `claim/tribute/`, `claim/of/`, `claim/tribute_first/mewegae.yaml`,
//! `claim/tribute_then/awagagae.yaml`, `claim/stones/qelat-round.yaml`).

use sowing::{
    diagnostic::Source,
    engine::{format_position, AfterRound},
    rules,
};

use crate::common::{pos, random_match, shipped};

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
    let err = check(&[("tribute 1", "tribute_least 2")]);
    assert!(
        err.contains("`tribute_least` has no effect: no `tribute` is given\n   --> edited:105:2"),
        "{err}"
    );
    let err = check(&[("laps relay", "laps next_always")]);
    assert!(
        err.contains("`claim` is supported with `laps single` or `relay` only"),
        "{err}"
    );
}
