//! The checks of the keys Hoyito, Dongjintian and Pachgarhwa brought
//! (`board_at_most`, `take two_out`). Their positions worked by hand are
//! cases (`capture/on/hoyito.yaml`, `capture/board_at_most/hoyito.yaml`,
//! `capture/take/dongjintian.yaml`, `sow/direction/dongjintian.yaml`,
//! `sow/laps/pachgarhwa.yaml`, ...).

use crate::common::{scratch, sow};

#[test]
fn board_at_most_is_refused_off_a_sweep() {
    let dir = scratch("reach5-check");
    let path = dir.join("t.variant");
    std::fs::write(
        &path,
        "name \"t\"\nboard { pits 3; seeds 2; stores none }\nsow { start next }\n\
         capture c { counts 2; side any; board_at_most 4 }\n",
    )
    .unwrap();
    let (code, _, err) = sow(&["check", path.to_str().unwrap()]);
    assert_ne!(code, 0);
    assert!(
        err.contains("t.variant:4:33")
            && err.contains(
                "`board_at_most` has no effect here: it is for `on sweep`, not `on last_pit`"
            ),
        "{err}"
    );
}

#[test]
fn two_out_is_refused_with_a_backward_chain_or_facing_counts() {
    let cases = [
        (
            "capture c { before any; side any; take two_out; chain backward }",
            "t.variant:4:35",
            "`take two_out` chains forward only: `chain backward` is not supported",
        ),
        (
            "capture c { before any; side any; take two_out; facing_counts 1 }",
            "t.variant:4:49",
            "`facing_counts` has no effect with `take two_out`: the facing pit is not taken",
        ),
    ];
    let dir = scratch("reach5-two-out");
    let path = dir.join("t.variant");
    for (rule, place, message) in cases {
        std::fs::write(
            &path,
            format!(
                "name \"t\"\nboard {{ pits 3; seeds 2; stores none }}\nsow {{ start next }}\n{rule}\n"
            ),
        )
        .unwrap();
        let (code, _, err) = sow(&["check", path.to_str().unwrap()]);
        assert_ne!(code, 0, "{rule}");
        assert!(
            err.contains(place) && err.contains(message),
            "{rule}: {err}"
        );
    }
}
