//! Foji, Fondji, Woli, Unnee Tugalluulax, Tap Urdy and Gabata (Adegrat):
//! the check of `play_from opponent`. Their positions worked by hand are
//! cases, among them where Ludii's origin test parts from them
//! (`sow/skip_origin/lap-past-the-origin.yaml`, `sow/laps/foji.yaml`,
//! `capture/chain/fondji.yaml`, `legal/grand_slam/woli.yaml`,
//! `capture/take/tap-urdy.yaml`, `rounds/refill/gabata-adegrat.yaml`, ...).

use crate::common::{scratch, sow};

#[test]
fn play_from_opponent_is_refused_where_play_from_any_is() {
    let dir = scratch("reach10-check");
    let text = "name \"t\"\nboard { pits 3; seeds 2; stores sown }\nsow { start next }\nlegal { play_from opponent }\n";
    let path = dir.join("t.variant");
    std::fs::write(&path, text).unwrap();
    let (code, _, err) = sow(&["check", path.to_str().unwrap()]);
    assert_ne!(code, 0);
    assert!(
        err.contains("`play_from opponent` is not supported with `stores sown`"),
        "{err}"
    );
}
