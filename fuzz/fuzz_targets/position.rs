//! The position reader and the move reader on arbitrary text, for every
//! shipped variant (the first byte picks one): each returns a value or an
//! error, never panics. A position that reads must write back the same, and
//! its legal moves must play; a move that reads must write back the same.
#![no_main]

use libfuzzer_sys::fuzz_target;
use sowing::{
    engine::{format_position, parse_move, parse_position, Game, GameRun},
    variants,
};

fuzz_target!(|data: &[u8]| {
    let Some((&pick, rest)) = data.split_first() else {
        return;
    };
    let Ok(text) = std::str::from_utf8(rest) else {
        return;
    };
    let names: Vec<&str> = variants::shipped_names().collect();
    let name = names[usize::from(pick) % names.len()];
    let Ok(loaded) = variants::load(name) else {
        return;
    };
    let game = Game::new(loaded.rules);
    if let Ok(mv) = parse_move(text, &game) {
        let label = game.move_label(mv);
        assert_eq!(parse_move(&label, &game), Ok(mv), "{text:?} -> {label}");
        let _ = game.play(&game.start(), mv);
    }
    let Ok(pos) = parse_position(text, &game) else {
        return;
    };
    let written = format_position(&pos, &game);
    assert_eq!(
        parse_position(&written, &game),
        Ok(pos),
        "{text:?} -> {written}"
    );
    let total = pos.total_stones();
    let mut run = GameRun::new(&game, pos);
    for step in 0..200usize {
        if run.end().is_some() {
            break;
        }
        for s in run.successors().as_slice() {
            assert_eq!(s.position.total_stones(), total);
            let _ = game.move_label(s.mv);
        }
        let index = (step * 7 + usize::from(pick)) % run.successors().len();
        run.play_index(index);
    }
    let _ = run.scores();
});
