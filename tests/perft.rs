//! Perft tables: `tests/perft/<variant>.perft` files with `perft DEPTH LEAVES`
//! lines, each number cross-checked against an independent implementation.
//! The counts are from the variant's start, or from the position of the last
//! `from POSITION` line before them.

use sowing::engine::{parse_position, Game, Narrow, Wide, Width};

fn check_perft_file(file: &str, node_limit: u64) {
    let text =
        std::fs::read_to_string(format!("{}/tests/perft/{file}", env!("CARGO_MANIFEST_DIR")))
            .unwrap();
    // The table's variant, at the narrowest of the two widths that holds it.
    let narrow = text.lines().find_map(|line| {
        let name = line.trim().strip_prefix("variant ")?.trim();
        Some(Narrow::fits(&sowing::variants::load(name).unwrap().rules))
    });
    match narrow {
        Some(false) => check_perft_text::<Wide>(file, &text, node_limit),
        _ => check_perft_text::<Narrow>(file, &text, node_limit),
    }
}

fn check_perft_text<W: Width>(file: &str, text: &str, node_limit: u64) {
    let mut game: Option<Game<W>> = None;
    let mut start = None;
    let mut checked = 0;
    for line in text.lines().map(str::trim) {
        let words: Vec<&str> = line.split_whitespace().collect();
        match words.as_slice() {
            [] => {}
            [comment, ..] if comment.starts_with('#') => {}
            ["variant", name] => {
                let shipped = Game::with_width(sowing::variants::load(name).unwrap().rules);
                start = Some(shipped.start());
                game = Some(shipped);
            }
            ["from", ..] => {
                let game = game.as_ref().expect("a `variant` line comes first");
                start = Some(parse_position(&line["from".len()..], game).unwrap());
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
    }
    // A reading that was a variant of its own keeps its table, under its old
    // name; the other readings are each checked by their peer's own games
    // (`ludii` and `mancalagames`: tests/ludii.rs, tests/peers.rs).
    for (old, _) in sowing::variants::ALIASES {
        check_perft_file(&format!("{old}.perft"), 300_000);
    }
}
