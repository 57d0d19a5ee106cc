//! The variant parser and validator on arbitrary text: `rules::load` must
//! return rules or a report, never panic; the report must render; a variant
//! that loads must compile and play (a short game, moves picked by the input).
#![no_main]

use libfuzzer_sys::fuzz_target;
use sowing::{diagnostic::Source, engine::Game, engine::GameRun, rules};

fuzz_target!(|text: &str| {
    let source = Source::new("fuzz.variant", text);
    match rules::load(&source) {
        Err(report) => {
            assert!(report.has_errors());
            let _ = report.to_string();
        }
        Ok(loaded) => {
            let _ = loaded.warnings.to_string();
            let game = Game::new(loaded.rules);
            let total = game.start().total_stones();
            let mut run = GameRun::new(&game, game.start());
            for &byte in text.as_bytes().iter().cycle().take(300) {
                if run.end().is_some() {
                    break;
                }
                let index = usize::from(byte) % run.successors().len();
                run.play_index(index);
                assert_eq!(run.position().total_stones(), total);
            }
            let _ = run.scores();
        }
    }
});
