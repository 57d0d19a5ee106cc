//! Sute (four rows, Sanderson 1913 via Ludii): what `sow describe` says
//! and the check of `take behind_past_empty`. Its positions worked by hand
//! are cases (`legal/singletons/sute.yaml`, `capture/take/sute.yaml`,
//! `end/no_legal_move/sute.yaml`).

use sowing::diagnostic::Source;
use sowing::rules;

use crate::common::{shipped_text_with, sow};

#[test]
fn sute_describe_says_four_rows_and_the_capture_past_an_empty_pit() {
    let (code, out, _) = sow(&["describe", "sute"]);
    assert_eq!(code, 0);
    assert!(out.contains("The board has four rows of 8 pits"), "{out}");
    assert!(
        out.contains(
            "is empty, the mover captures the stones of the opponent's outer pit behind that one"
        ),
        "{out}"
    );
}

/// `take behind_past_empty` needs four rows, and is not sown on.
#[test]
fn sute_take_behind_past_empty_needs_four_rows() {
    let errors = |text: String| {
        rules::load(&Source::new("t.variant", text))
            .unwrap_err()
            .to_string()
    };
    let two_rows = shipped_text_with(
        "meusueb",
        &[("side   any", "side   own\n  take behind_past_empty")],
    );
    let found = errors(two_rows);
    assert!(
        found.contains("`take behind_past_empty` needs a four-row board (`rows 4`)"),
        "{found}"
    );
}
