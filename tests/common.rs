//! Helpers shared by the test modules.

use std::ops::ControlFlow;

use sowing::{
    agents::AgentSpec,
    diagnostic::Source,
    engine::{
        parse_move, parse_position, Game, GameRun, MatchRun, Player, Position, RoundChange,
        Successor,
    },
    rules, variants,
};

/// The shipped variants whose board fits the narrow width, for the tests
/// that compile them at that width ([`shipped`]): all but Hus (Nama)'s
/// 4x16. The tests that can play any width take every shipped variant
/// through [`with_shipped!`].
pub fn shipped_narrow_names() -> impl Iterator<Item = &'static str> {
    variants::shipped_names().filter(|name| {
        let rules = variants::load(name).unwrap().rules;
        <sowing::engine::Narrow as sowing::engine::Width>::fits(&rules)
    })
}

/// Evaluates `$body` with `$game` bound to the shipped variant `$name`
/// compiled on the narrowest width its board fits (a `&Game<W>` of that
/// width), for the tests that play every shipped variant, the boards beyond
/// the narrow width included.
#[macro_export]
macro_rules! with_shipped {
    ($name:expr, $game:ident => $body:expr) => {
        match sowing::engine::AnyGame::new(sowing::variants::load($name).unwrap().rules) {
            sowing::engine::AnyGame::Narrow(boxed) => {
                let $game = &*boxed;
                $body
            }
            sowing::engine::AnyGame::Wide(boxed) => {
                let $game = &*boxed;
                $body
            }
            sowing::engine::AnyGame::Widest(boxed) => {
                let $game = &*boxed;
                $body
            }
        }
    };
}

/// A shipped variant, compiled.
pub fn shipped(name: &str) -> Game {
    Game::new(variants::load(name).unwrap().rules)
}

/// `text` with every run of spaces made one space, so that a test can edit a
/// setting (`leftovers row_owner`) whatever the file's alignment.
pub fn squeeze(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        if !(c == ' ' && out.ends_with(' ')) {
            out.push(c);
        }
    }
    out
}

/// The text of a shipped variant's base rules (its readings left out),
/// spaces squeezed (see [`squeeze`]), with each `from` (itself squeezed)
/// replaced by `to`.
pub fn shipped_text_with(name: &str, edits: &[(&str, &str)]) -> String {
    let text = variants::text(name).unwrap();
    let base = text
        .find("\nreading ")
        .map_or(text.as_str(), |at| &text[..=at]);
    let mut text = squeeze(base);
    for (from, to) in edits {
        let from = squeeze(from);
        assert!(text.contains(&from), "{name}.variant has no `{from}`");
        text = text.replace(&from, to);
    }
    text
}

/// A shipped variant with some lines of its file replaced (`from` -> `to`,
/// as [`shipped_text_with`]), compiled.
pub fn shipped_with(name: &str, edits: &[(&str, &str)]) -> Game {
    let text = shipped_text_with(name, edits);
    let loaded = rules::load(&Source::new("edited", text)).unwrap_or_else(|r| panic!("{r}"));
    Game::new(loaded.rules)
}

/// Modiar with some lines of its file replaced (`from` -> `to`).
pub fn modiar_with(edits: &[(&str, &str)]) -> Game {
    shipped_with("modiar", edits)
}

/// A position in the documented notation.
pub fn pos(game: &Game, text: &str) -> Position {
    parse_position(text, game).unwrap()
}

/// Plays the move labelled `label` from `from`.
pub fn play(game: &Game, from: &Position, label: &str) -> Successor {
    let mv = parse_move(label, game).unwrap();
    game.play(from, mv)
        .unwrap_or_else(|e| panic!("{label}: {e}"))
}

/// The board of a position as a vector (absolute order).
pub fn board(game: &Game, p: &Position) -> Vec<u8> {
    p.pits[..game.pit_count()].to_vec()
}

/// The labels of the legal moves of `p`.
pub fn legal<W: sowing::engine::Width>(game: &Game<W>, p: &Position<W>) -> Vec<String> {
    let run = GameRun::new(game, *p);
    sowing::trace::legal_labels(&run)
}

/// Runs `sow` from the project folder with `input` on standard input:
/// (exit code, stdout, stderr).
pub fn sow_with_input(args: &[&str], input: &str) -> (i32, String, String) {
    let out = assert_cmd::Command::cargo_bin("sow")
        .unwrap()
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .args(args)
        .write_stdin(input)
        .output()
        .unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

/// Runs `sow` in the folder `dir` with `input` on standard input:
/// (exit code, stdout, stderr).
pub fn sow_in(dir: &std::path::Path, args: &[&str], input: &str) -> (i32, String, String) {
    let out = assert_cmd::Command::cargo_bin("sow")
        .unwrap()
        .current_dir(dir)
        .args(args)
        .write_stdin(input)
        .output()
        .unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

/// Runs `sow` from the project folder: (exit code, stdout, stderr).
pub fn sow(args: &[&str]) -> (i32, String, String) {
    sow_with_input(args, "")
}

/// A fresh, empty folder for one test's files.
pub fn scratch(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("sowing-test-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Plays a match of `game` from `start` between two random agents (seeded
/// with `seed`), at most `cap` plies in all rounds together; `on_ply` sees
/// each ply played (the move and its result), `on_round` each round change.
/// Returns the match, over or stopped at the cap.
pub fn random_match<'g>(
    game: &'g Game,
    start: Position,
    seed: u64,
    cap: u32,
    mut on_ply: impl FnMut(&Successor),
    on_round: impl FnMut(&RoundChange),
) -> MatchRun<'g> {
    let mut agents = Player::BOTH.map(|seat| AgentSpec::Random.build(seed, seat));
    let mut run = MatchRun::new(game, start);
    let _: ControlFlow<()> = run.play_out(
        cap,
        |round| {
            let pick = agents[round.position().to_move.index()].choose(round);
            on_ply(&round.play_index(pick));
            ControlFlow::Continue(())
        },
        on_round,
    );
    run
}
