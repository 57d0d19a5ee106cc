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
