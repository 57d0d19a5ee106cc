//! Perft tables: `tests/perft/<variant>.perft` files with `perft DEPTH LEAVES`
//! lines, each number cross-checked against an independent implementation.
//! The counts are from the variant's start, or from the position of the last
//! `from POSITION` line before them.

use crate::common::{pos, shipped};

fn check_perft_file(file: &str, node_limit: u64) {
    let text =
        std::fs::read_to_string(format!("{}/tests/perft/{file}", env!("CARGO_MANIFEST_DIR")))
            .unwrap();
    let mut game = None;
    let mut start = None;
    let mut checked = 0;
    for line in text.lines().map(str::trim) {
        let words: Vec<&str> = line.split_whitespace().collect();
        match words.as_slice() {
            [] => {}
            [comment, ..] if comment.starts_with('#') => {}
            ["variant", name] => {
                let shipped = shipped(name);
                start = Some(shipped.start());
                game = Some(shipped);
            }
            ["from", ..] => {
                let game = game.as_ref().expect("a `variant` line comes first");
                start = Some(pos(game, &line["from".len()..]));
            }
            ["perft", depth, leaves] => {
                let leaves: u64 = leaves.parse().unwrap();
                if leaves > node_limit {
                    continue;
                }
                let game = game.as_ref().expect("a `variant` line comes first");
                let depth = depth.parse().unwrap();
                assert_eq!(
                    sowing::engine::perft(game, start.as_ref().unwrap(), depth),
                    leaves,
                    "{file}: perft {depth}"
                );
                checked += 1;
            }
            other => panic!("{file}: unreadable line {other:?}"),
        }
    }
    assert!(checked > 0, "{file}: no perft line checked");
}

#[test]
fn every_shipped_variant_has_a_perft_table() {
    for name in sowing::variants::shipped_names() {
        check_perft_file(&format!("{name}.perft"), 300_000);
        // Each reading too, under its old name when it has one; a `ludii`
        // reading is checked by the replay of Ludii's own games instead
        // (tests/ludii.rs), the independent values for it.
        let text = sowing::variants::text(name).unwrap();
        let readings = sowing::rules::readings::names_in(&text);
        for reading in readings.into_iter().filter(|r| r != "ludii") {
            let full = format!("{name}@{reading}");
            let file = sowing::variants::ALIASES
                .iter()
                .find(|(_, new)| *new == full)
                .map_or(full.as_str(), |(old, _)| old);
            check_perft_file(&format!("{file}.perft"), 300_000);
        }
    }
}
