//! Micro-benchmarks of the move generator and of playing a move, on every
//! shipped variant: `cargo bench --bench engine`.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use divan::{black_box, Bencher};
use sowing::{
    engine::{Game, GameRun, Moves, Position, Successors},
    variants,
};

fn main() {
    divan::main();
}

/// Positions from the first plies of a fixed game of each variant, so the
/// generator sees real mid-game boards.
fn sample(name: &str) -> (Game, Vec<Position>) {
    let game = Game::new(variants::load(name).unwrap().rules);
    let mut run = GameRun::new(&game, game.start());
    let mut positions = vec![*run.position()];
    while run.end().is_none() && positions.len() < 16 {
        let choice = positions.len() % run.moves().len();
        run.play_index(choice);
        positions.push(*run.position());
    }
    (game, positions)
}

fn shipped() -> Vec<&'static str> {
    variants::shipped_names().collect()
}

/// `Game::successors`: all legal moves with their results.
#[divan::bench(args = shipped())]
fn successors(bencher: Bencher, name: &str) {
    let (game, positions) = sample(name);
    let mut out = Successors::default();
    bencher.bench_local(|| {
        for pos in &positions {
            game.successors(black_box(pos), &mut out);
            black_box(out.len());
        }
    });
}

/// `Game::play`: one checked move (generation plus lookup).
#[divan::bench(args = shipped())]
fn play(bencher: Bencher, name: &str) {
    let (game, positions) = sample(name);
    let mut moves = Successors::default();
    let pairs: Vec<_> = positions
        .iter()
        .filter_map(|p| {
            game.successors(p, &mut moves);
            moves.as_slice().first().map(|s| (*p, s.mv))
        })
        .collect();
    bencher.bench_local(|| {
        for (pos, mv) in &pairs {
            black_box(game.play(black_box(pos), *mv).unwrap());
        }
    });
}

/// The fast path: `Game::legal_moves` (legality without playing the moves)
/// and `Game::apply` of the first legal move, as a random playout uses them.
#[divan::bench(args = shipped())]
fn legal_moves_and_apply(bencher: Bencher, name: &str) {
    let (game, positions) = sample(name);
    let mut moves = Moves::default();
    bencher.bench_local(|| {
        for pos in &positions {
            game.legal_moves(black_box(pos), &mut moves);
            if let Some(&mv) = moves.as_slice().first() {
                let mut next = *pos;
                black_box(game.apply(&mut next, mv));
            }
        }
    });
}
