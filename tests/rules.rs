//! Modiar's rules, checked from hand-built positions worked out from its
//! rule text: what a game record cannot say (a capture waived by the
//! awale.info reading). Every other worked check is a case
//! (`capture/chain/modiar.yaml`, `capture/counts/modiar.yaml`,
//! `legal/grand_slam/modiar.yaml`, `legal/feed/modiar.yaml`,
//! `legal/min_stones/modiar.yaml`, `capture/side/modiar.yaml`,
//! `sow/start/modiar.yaml`, `sow/skip_origin/modiar.yaml`,
//! `sow/direction/modiar.yaml`, `end/leftovers/modiar.yaml`,
//! `end/repetition/loop.yaml`, `capture/take/rule-order.yaml`,
//! `capture/goes_to/two-chains.yaml`, `capture/facing_counts/facing-2-3.yaml`,
//! `legal/feed/grand-slam-allowed-2x2.yaml`).

use crate::common::{board, play, pos, shipped};

#[test]
fn grand_slam_as_the_only_move_is_played_without_capture_in_the_awale_info_reading() {
    let game = shipped("modiar-awale-info");
    let s = play(&game, &pos(&game, "1 3 1 / 1 1 7 north"), "C");
    // 7 stones from C lap the board: every pit +1, C +2 (origin and last).
    assert_eq!(board(&game, &s.position), [2, 4, 2, 2, 2, 2]);
    assert_eq!(s.position.captured, [0, 0]);
    assert!(s.effect.capture_waived);
}
