//! Kara and Kay, each made exact with a rule
//! the language lacked: Kay (`laps relay_until_capture_unless_next_empty`,
//! `first_lap single_into_empty`). Every expected result is worked out by
//! hand from the rules' words (the variant files' headers). Holes are
//! written a..f (South, left to right) and A..F (North, from North's left);
//! anticlockwise, South's f is followed by North's A. The positions a game
//! record can say are cases (`sow/laps/kay.yaml`, `capture/chain/kay.yaml`,
//! `capture/counts/kara.yaml`, `end/no_legal_move/kara.yaml`,
//! `legal/first_lap/kay.yaml`, ...).

use crate::common::{scratch, sow};

// ---- Kay: relay unless the next hole is empty; fours of the opponent's
// row end the turn; single counters only into an empty hole ----

#[test]
fn single_into_empty_with_min_stones_two_is_refused() {
    let dir = scratch("kara-kay-check");
    let text = "name \"t\"\nboard { pits 3; seeds 2 }\nsow { start next }\nlegal { min_stones 2; first_lap single_into_empty }\n";
    let path = dir.join("t.variant");
    std::fs::write(&path, text).unwrap();
    let (code, _, err) = sow(&["check", path.to_str().unwrap()]);
    assert_ne!(code, 0);
    assert!(
        err.contains("t.variant:4:")
            && err.contains("`first_lap single_into_empty` has no effect with `min_stones 2`"),
        "{err}"
    );
}

// ---- Kara: twos, fours and sixes in the opponent's row or one's own
// rightmost hole ----

#[test]
fn opponent_and_own_rightmost_needs_two_rows() {
    let dir = scratch("kara-kay-check-side");
    let text = "name \"t\"\nboard { rows 3; pits 4; seeds 2 }\nsow { start next }\ncapture last { counts 2; side opponent_and_own_rightmost }\n";
    let path = dir.join("t.variant");
    std::fs::write(&path, text).unwrap();
    let (code, _, err) = sow(&["check", path.to_str().unwrap()]);
    assert_ne!(code, 0);
    assert!(
        err.contains("t.variant:4:")
            && err.contains("`side opponent_and_own_rightmost` needs a two-row board"),
        "{err}"
    );
}
