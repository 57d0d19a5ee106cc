//! Sweeps (`on sweep`) and the `before` condition: the variant files that
//! combine them wrongly are refused at their place. The positions worked by
//! hand are cases in `tests/cases/` (`capture/on/oure-ngat-sweep.yaml`,
//! `capture/before/yovodji.yaml`, ...).

use crate::common::{scratch, shipped_text_with, sow};

// ---- Bad input: through the binary, with its place ----

/// `sow check` on a shipped variant's text with `edits`: exit code and
/// stderr.
fn check_edited(name: &str, edits: &[(&str, &str)]) -> (i32, String) {
    let dir = scratch(&format!("reach-{name}"));
    let path = dir.join(format!("{name}.variant"));
    std::fs::write(&path, shipped_text_with(name, edits)).unwrap();
    let (code, _, err) = sow(&["check", path.to_str().unwrap()]);
    (code, err)
}

#[test]
fn a_sweep_before_a_last_pit_rule_is_refused_at_its_on_line() {
    let (code, err) = check_edited(
        "oure-ngat",
        &[(
            "legal {",
            "capture late {\n  counts 3\n  side   any\n}\nlegal {",
        )],
    );
    assert_eq!(code, 1, "{err}");
    assert!(
        err.contains(
            "`capture piles` sweeps the board before `capture late` looks at the last pit"
        ),
        "{err}"
    );
    assert!(err.contains("oure-ngat.variant:47:"), "{err}");
}

#[test]
fn before_with_a_relay_landing_is_refused_at_its_line() {
    let (code, err) = check_edited("whyo", &[("counts 4", "counts 4\n  before occupied")]);
    assert_eq!(code, 1, "{err}");
    assert!(
        err.contains("`before` cannot be combined with `on relay_landing`"),
        "{err}"
    );
    let line = shipped_text_with("whyo", &[])
        .lines()
        .position(|l| l.contains("counts 4"))
        .unwrap()
        + 2;
    assert!(err.contains(&format!("whyo.variant:{line}:")), "{err}");
}
