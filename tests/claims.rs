//! Pits that become a player's store (`claim`), on Toguz Kumalak: the
//! notation of a claimed pit, its drawing in a trace, and the checks of the
//! claim keys. The positions worked by hand are cases
//! (`claim/makes/toguz-kumalak.yaml`, `claim/limit/`, `claim/except/`,
//! `claim/mirror/`, `sow/start/toguz-kumalak.yaml`).

use sowing::engine::{format_position, parse_position};

use crate::common::{shipped, sow};

#[test]
fn the_notation_refuses_impossible_tuzdiks() {
    let game = shipped("toguz-kumalak");
    let cases = [
        (
            "9 9 9 9 9 9 9 9 t / 9 9 9 9 9 9 9 9 9 south",
            "(`except 9`)",
        ),
        (
            "9 t 9 9 9 9 9 9 9 / 9 t 9 9 9 9 9 9 9 south",
            "`mirror forbidden`",
        ),
        (
            "t t 9 9 9 9 9 9 9 / 9 9 9 9 9 9 9 9 9 south",
            "north has claimed a pit already",
        ),
    ];
    // A tuzdik is read back as it is written.
    let fed = "0 0 0 0 0 0 0 0 1 / 2 1 t 1 1 1 1 1 1 south captured 4 0";
    let read = parse_position(fed, &game).unwrap();
    assert_eq!(format_position(&read, &game), fed);
    for (text, message) in cases {
        let err = parse_position(text, &game).unwrap_err();
        assert!(err.message.contains(message), "{text}: {err}");
    }
    let err = parse_position("4 t 4 4 4 4 / 4 4 4 4 4 4 south", &shipped("oware")).unwrap_err();
    assert!(
        err.message.contains("only for variants with `claim`"),
        "{err}"
    );
    assert_eq!(err.offset, 2);
}

/// `sow trace` draws a tuzdik `t` from the ply that makes it.
#[test]
fn trace_draws_the_tuzdik() {
    let (code, out, err) = sow(&[
        "trace",
        "toguz-kumalak",
        "--from",
        "0 0 0 0 0 0 0 0 4 / 1 1 2 1 1 1 1 1 1 south captured 70 78",
        "--moves",
        "i B",
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("   1  south   i"), "{out}");
    assert!(
        out.contains(
            "  0  0  0  0  0  0  0  0  1 |  2  2  t  1  1  1  1  1  1   73  78  3 from C\n"
        ),
        "{out}"
    );
    assert!(
        out.contains("  0  0  0  0  0  0  0  0  1 |  2  1  t  1  1  1  1  1  1   74  78\n"),
        "{out}"
    );
}

/// The solver refuses a variant with claims, with the reason.
#[test]
fn solve_refuses_claims() {
    let (code, _, err) = sow(&["solve", "toguz-kumalak"]);
    assert_eq!(code, 2, "{err}");
    assert!(
        err.contains("a position of the solver does not record which"),
        "{err}"
    );
}

/// The claim keys need `makes`, `laps single` or `relay` and places in the
/// row.
#[test]
fn claim_keys_are_checked() {
    let dir = crate::common::scratch("claim-keys");
    let base = sowing::variants::source("toguz-kumalak").unwrap().text;
    let cases = [
        (
            ("  makes  3\n", ""),
            "`except` has no effect: no `makes` is given",
        ),
        (
            ("  laps        single", "  laps        next_always"),
            "`claim` is supported with `laps single` or `relay` only",
        ),
        (
            ("  except 9", "  except 10"),
            "`except 10`: a row has 9 pits",
        ),
    ];
    for (i, ((from, to), message)) in cases.into_iter().enumerate() {
        let text = base.replace(from, to);
        assert_ne!(text, base, "{from}");
        let file = format!("{i}.variant");
        std::fs::write(dir.join(&file), &text).unwrap();
        let (code, _, err) = crate::common::sow_in(&dir, &["check", &file], "");
        assert_eq!(code, 1, "{from}: {err}");
        assert!(err.contains(message), "{from}: {err}");
    }
}

/// Without rounds, a player whose every pit the opponent claimed owns no
/// pit, and the position is written and read back like any other. On two
/// pits of one stone each, with a pit claimed when it is made 2, south's `a`
/// sows into `A` and claims it (its 2 stones to south): north owns nothing,
/// has no move, and south wins 2 to 0.
#[test]
fn a_player_whose_every_pit_is_claimed_is_written_and_read_back() {
    let dir = crate::common::scratch("claimed-every-pit");
    let file = dir.join("tiny.variant");
    let variant = "name \"tiny\"\nboard {\n  rows 2\n  pits 1\n  seeds 1\n}\n\
                   sow {\n  start next\n}\nclaim {\n  makes 2\n  mirror allowed\n}\n\
                   end {\n  repetition ignore\n}\n";
    std::fs::write(&file, variant).unwrap();
    let loaded = sowing::rules::load(&sowing::diagnostic::Source::new("tiny", variant));
    let game = sowing::engine::Game::new(loaded.unwrap_or_else(|r| panic!("{r}")).rules);
    let text = "0 / t north captured 2 0";
    let read = parse_position(text, &game).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(format_position(&read, &game), text);
    let (code, out, err) = sow(&["trace", file.to_str().unwrap(), "--moves", "a"]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains("   1  south   a     0 |  t    2   0  2 from A\n"),
        "{out}"
    );
    assert!(out.contains("south 2 - north 0: south wins"), "{out}");
}
