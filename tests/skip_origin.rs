//! Foji, Fondji, Woli, Unnee Tugalluulax, Tap Urdy and Gabata (Adegrat):
//! the check of `play_from opponent`, and where Ludii's origin test parts from them. Their positions worked by hand are
//! cases (`sow/laps/foji.yaml`, `capture/chain/fondji.yaml`,
//! `legal/grand_slam/woli.yaml`, `capture/take/tap-urdy.yaml`,
//! `rounds/refill/gabata-adegrat.yaml`, ...).

use crate::common::{board, play, pos, scratch, shipped, sow};

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

// ---- Ludii's origin test: a lap ending just past the skipped origin ----

/// The smallest position where Ludii's engine parts from these files: f
/// (12) sows A-F, a-e, skips f and ends in A, past the skipped origin (a
/// (12) and F, clockwise).
/// Ludii tests its capture at the origin f (empty: nothing taken); the
/// rules' words, and these files, test the hole the last counter fell in.
#[test]
fn a_lap_ending_just_past_the_skipped_origin_is_tested_where_it_ends() {
    // Awari and Uril: A 0 -> 2 (sown twice): two, taken; before it f, the
    // skipped origin, empty: the chain stops.
    for name in ["awari", "uril"] {
        let game = shipped(name);
        let s = play(
            &game,
            &pos(&game, "0 0 0 0 0 12 / 0 0 0 0 0 0 south captured 18 18"),
            "f",
        );
        assert_eq!(
            board(&game, &s.position),
            [1, 1, 1, 1, 1, 0, 0, 1, 1, 1, 1, 1],
            "{name}"
        );
        assert_eq!(s.position.captured, [20, 18], "{name}");
    }
    // Woli sows clockwise: a (12) sows F-A, f-b, skips a and ends in F,
    // 0 -> 2: taken.
    let game = shipped("woli");
    let s = play(
        &game,
        &pos(&game, "12 0 0 0 0 0 / 0 0 0 0 0 0 south captured 30 30"),
        "a",
    );
    assert_eq!(
        board(&game, &s.position),
        [0, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0]
    );
    assert_eq!(s.position.captured, [32, 30]);
    // English Wari (St. Lucia) and Enindji: fours, A 2 -> 4, for the mover
    // in English Wari, for the hole's owner (North) in Enindji. (B 1 -> 2
    // leaves North a hole it can sow: English Wari's feeding.)
    for (name, captured) in [("english-wari-st-lucia", [21, 16]), ("enindji", [17, 20])] {
        let game = shipped(name);
        let at = "0 0 0 0 0 12 / 2 1 0 0 0 0 south captured 17 16";
        let s = play(&game, &pos(&game, at), "f");
        assert_eq!(
            board(&game, &s.position),
            [1, 1, 1, 1, 1, 0, 0, 2, 1, 1, 1, 1],
            "{name}"
        );
        assert_eq!(s.position.captured, captured, "{name}");
    }
}
