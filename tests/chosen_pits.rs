//! The pits a capture earns the mover (`capture { extra_chosen N }`,
//! Tshuba, Tsoro (Additional Capture)): the notation of a take and of a
//! position while the mover takes, the combinations the language refuses
//! (located), and the playout kernel leaving such rules to the general
//! engine. The positions worked by hand are cases
//! (`capture/extra_chosen/`, `capture/extra_after/`, `capture/take/tshuba.yaml`);
//! the perft tables are checked by `scripts/perft_oracles/chosen_pits.py`.

use sowing::engine::{format_position, parse_move, parse_position, Game, Kernel, Move};

use crate::common::{pos, shipped, shipped_text_with};

#[test]
fn a_take_is_written_with_a_minus_and_read_back() {
    let game = shipped("tsoro-additional-capture");
    let mv = parse_move("-C", &game).unwrap();
    // North's pits follow South's 16: C is pit 18.
    assert_eq!(mv, Move::take(18));
    assert_eq!(mv.taken_pit(), Some(18));
    assert_eq!(mv.filled_pit(), None, "a take is no refill");
    assert_eq!(game.move_label(mv), "-C");
    // A pit that does not exist, and a variant without the rule.
    assert!(parse_move("-Z", &game)
        .unwrap_err()
        .contains("unknown pit `Z` in the take `-Z`"));
    let tsoro = shipped("tsoro");
    assert!(parse_move("-C", &tsoro)
        .unwrap_err()
        .contains("only for variants with `extra_chosen`, and Tsoro has none"));
}

#[test]
fn a_position_while_the_mover_takes_ends_in_taking_and_how_many() {
    let game = shipped("tshuba");
    let text = "3 0 3 3 / 1 3 0 3 / 0 2 2 2 / 2 2 2 0 south removed 4 taking 1";
    let p = pos(&game, text);
    assert_eq!(p.to_take, 1);
    assert_eq!(format_position(&p, &game), text);
    let zero = parse_position(
        "3 0 3 3 / 1 3 0 3 / 0 2 2 2 / 2 2 2 0 south taking 0",
        &game,
    );
    assert!(zero
        .unwrap_err()
        .message
        .contains("expected a number of pits still to take (1 or more), found `0`"));
    let tsoro = shipped("tsoro");
    let err = parse_position(
        "2 2 2 2 2 2 2 2 / 0 0 0 0 0 0 0 0 / 2 2 2 2 2 2 2 2 / 0 0 0 0 0 0 0 0 south taking 1",
        &tsoro,
    )
    .unwrap_err();
    assert!(
        err.message.contains("`taking` (pits still to take after a capture) is only for variants with `extra_chosen`"),
        "{err}"
    );
}

/// The error a load of tsoro-additional-capture edited by `edits` reports.
fn refused(edits: &[(&str, &str)]) -> String {
    let text = shipped_text_with("tsoro-additional-capture", edits);
    let report = sowing::rules::load(&sowing::diagnostic::Source::new("t.variant", text))
        .expect_err("the edited rules load");
    report.to_string()
}

#[test]
fn extra_chosen_refuses_what_it_cannot_go_with_at_its_line() {
    // The line of `extra_chosen` in the squeezed text.
    let line = shipped_text_with("tsoro-additional-capture", &[])
        .lines()
        .position(|l| l.trim_start().starts_with("extra_chosen"))
        .unwrap()
        + 1;
    let report = refused(&[("laps relay", "laps relay\n  extra_turn capture")]);
    assert!(
        report.contains("`extra_chosen` (pits the mover chooses after a capture) is not supported with an extra turn (`extra_turn never` only)"),
        "{report}"
    );
    assert!(
        report.contains(&format!("t.variant:{}:", line + 1)),
        "{report}"
    );
    // The capture's line, not the header's mention of it.
    let report = refused(&[(
        "goes_to out_of_play\n extra_chosen",
        "goes_to out_of_play\n then resows\n extra_chosen",
    )]);
    assert!(
        report.contains(
            "needs a capture at the last pit that stops the move (`on last_pit`, `then stops`)"
        ),
        "{report}"
    );
    let report = refused(&[(
        "legal {",
        "capture more {\n  before empty\n  side own_inner\n  take opposite\n  extra_chosen 1\n}\nlegal {",
    )]);
    assert!(
        report.contains(
            "is given by rule `facing` already: one capture rule of a variant may have it"
        ),
        "{report}"
    );
    let report = refused(&[(
        "take opposite_and_behind # \"but only if there was first a capture from the inner row hole\"",
        "take behind_past_empty\n  extra_after both_pits",
    )]);
    assert!(
        report.contains(
            "`extra_after both_pits` needs a `take` of the facing pit and the pit behind it"
        ),
        "{report}"
    );
    let report = refused(&[(
        "extra_chosen 3 # \"the player then captures again, from the agreed-upon number of extra holes\"",
        "extra_after landing",
    )]);
    assert!(
        report.contains("`extra_after` has no effect without `extra_chosen` in the same rule"),
        "{report}"
    );
}

/// The kernel takes Modiar; with a capture that earns chosen pits it does
/// not, and the general engine plays it (the takes: positions the kernel's
/// board cannot hold).
#[test]
fn the_playout_kernel_leaves_chosen_pits_to_the_general_engine() {
    let rules = sowing::variants::load("modiar").unwrap().rules;
    assert!(Kernel::new(&Game::new(rules.clone())).is_some());
    let mut chosen = rules;
    chosen.captures[0].extra_chosen = 1;
    assert!(Kernel::new(&Game::new(chosen)).is_none());
}
