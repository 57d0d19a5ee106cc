//! The stylised opening of shifts (`opening { shifts_from N }`), the
//! opening's fixed choices (`opening { choices }`, Hus (Nama): its
//! positions worked by hand are cases, `opening/choices/`) and an
//! in-sowing capture that leaves a lap's last hole to the relay
//! (`last_stone lifted`): the checks of their keys. The positions worked by
//! hand from the rule texts of Gabata (Oromo) and Jimafesosh are cases
//! (`opening/shifts_from/`, `capture/last_stone/gabata-oromo.yaml`,
//! `capture/take/jimafesosh.yaml`).

use crate::common::{scratch, shipped_text_with, sow};

/// Writes the shipped Gabata (Oromo) with `edits` to a scratch file and
/// checks it: the exit code and standard error.
fn check_edited(name: &str, edits: &[(&str, &str)]) -> (i32, String) {
    let text = shipped_text_with("gabata-oromo", edits);
    let path = scratch(name).join("oromo.variant");
    std::fs::write(&path, text).unwrap();
    let (code, _, err) = sow(&["check", path.to_str().unwrap()]);
    (code, err)
}

#[test]
fn an_opening_place_beyond_the_row_is_refused_with_its_place() {
    let (code, err) = check_edited("shifts-beyond", &[("shifts_from 1", "shifts_from 7")]);
    assert_eq!(code, 1, "{err}");
    assert!(
        err.contains("`shifts_from 7`: a row has 6 pits (1 to 6)"),
        "{err}"
    );
    assert!(err.contains("oromo.variant:"), "{err}");
}

#[test]
fn an_opening_with_another_first_move_rule_is_refused_with_its_place() {
    let (code, err) = check_edited(
        "shifts-first-move-from",
        &[("min_stones 1", "min_stones 1\n  first_move_from 2")],
    );
    assert_eq!(code, 1, "{err}");
    assert!(
        err.contains("`shifts_from` (the opening of shifts) cannot be used with `first_move_from` in `legal`"),
        "{err}"
    );
    let (code, err) = check_edited("shifts-either", &[("direction ccw", "direction either")]);
    assert_eq!(code, 1, "{err}");
    assert!(
        err.contains("needs one sowing direction for every pit"),
        "{err}"
    );
}

#[test]
fn last_stone_lifted_outside_every_pit_is_refused_with_its_place() {
    let (code, err) = check_edited(
        "last-stone-last-pit",
        &[("on         every_pit", "on         last_pit")],
    );
    assert_eq!(code, 1, "{err}");
    assert!(
        err.contains(
            "`last_stone lifted` has no effect here: it is for `on every_pit`, not `on last_pit`"
        ),
        "{err}"
    );
    assert!(err.contains("oromo.variant:"), "{err}");
}

/// Writes the shipped Hus (Nama) with `edits` to a scratch file and checks
/// it: the exit code and standard error.
fn check_nama_edited(name: &str, edits: &[(&str, &str)]) -> (i32, String) {
    let text = shipped_text_with("hus-nama", edits);
    let path = scratch(name).join("nama.variant");
    std::fs::write(&path, text).unwrap();
    let (code, _, err) = sow(&["check", path.to_str().unwrap()]);
    (code, err)
}

#[test]
fn an_opening_choice_that_does_not_fit_the_board_is_refused_with_its_place() {
    // South's side of 4x16 is `a` to `af`: `ag` is off the board.
    let (code, err) = check_nama_edited("choices-off", &[("h-i", "h-ag")]);
    assert_eq!(code, 1, "{err}");
    assert!(
        err.contains("opening choice `h-ag`: `ag` is not a pit of South's side (`a` to `af`)"),
        "{err}"
    );
    assert!(err.contains("nama.variant:"), "{err}");
    // A pit emptied by two choices, a choice into its own pit.
    let (code, err) = check_nama_edited("choices-twice", &[("h-i", "g-i")]);
    assert_eq!(code, 1, "{err}");
    assert!(
        err.contains("opening choice `g-i`: `g` is emptied by an earlier one"),
        "{err}"
    );
    let (code, err) = check_nama_edited("choices-same", &[("h-i", "h-h")]);
    assert_eq!(code, 1, "{err}");
    assert!(
        err.contains("a move cannot sow into the pit it empties"),
        "{err}"
    );
    // `y` is empty at the start: the choice could never be played.
    let (code, err) = check_nama_edited("choices-empty", &[("h-i", "y-i")]);
    assert_eq!(code, 1, "{err}");
    assert!(
        err.contains("`choices`: `y` holds 0 stones at the start, fewer than `min_stones 2`"),
        "{err}"
    );
}

#[test]
fn an_opening_choice_with_another_first_move_rule_is_refused_with_its_place() {
    let (code, err) = check_nama_edited(
        "choices-first-move-from",
        &[("min_stones 2", "min_stones 2\n  first_move_from 1")],
    );
    assert_eq!(code, 1, "{err}");
    assert!(
        err.contains("`choices` (the opening's fixed moves) cannot be used with `first_move_from` in `legal`"),
        "{err}"
    );
    let (code, err) = check_nama_edited("choices-either", &[("direction ccw", "direction either")]);
    assert_eq!(code, 1, "{err}");
    assert!(
        err.contains(
            "`choices` (the opening's fixed moves) needs one sowing direction for every pit"
        ),
        "{err}"
    );
}
