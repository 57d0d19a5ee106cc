//! Boards beyond 32 slots: the engine compiled for a wider board
//! (`Game::with_width`) plays them, and plays today's boards exactly as the
//! narrow engine does.

use sowing::{
    engine::{Game, GameRun, Move, Narrow, Player, Position, Wide, Widest, Width},
    rules::{Direction, Rules},
    variants,
};

/// Kalah's rules on two rows of `pits` pits (the loader takes at most 15
/// a row yet: the front ends play only the narrow width).
fn kalah_of(pits: u8) -> Rules {
    let mut rules = variants::load("kalah").unwrap().rules;
    rules.board.pits = pits;
    // Kalah sows one way from every pit: one entry a pit of a row.
    rules.sowing.direction = vec![rules.sowing.direction[0]; usize::from(pits)];
    rules
}

/// South's move from pit `pit` (sowing counter-clockwise, as in Kalah).
fn south(pit: u8) -> Move {
    Move {
        pit,
        direction: Direction::Ccw,
    }
}

/// A position of `W` with `counts` in the first pits, South to move.
fn position<W: Width>(counts: &[u8]) -> Position<W> {
    let mut pos: Position<W> = Position::EMPTY;
    pos.pits[..counts.len()].copy_from_slice(counts);
    pos
}

/// Kalah on 2x20 (40 pits and two store slots: 42, beyond 32) starts with
/// four stones a pit, and South's first pit sows one into each of the next
/// four pits.
#[test]
fn a_two_by_twenty_board_starts_full_and_sows() {
    let rules = kalah_of(20);
    assert!(!Narrow::fits(&rules) && Wide::fits(&rules));
    let game: Game<Wide> = Game::with_width(rules);
    let start = game.start();
    assert_eq!(&start.pits[..40], &[4; 40][..]);
    assert!(start.pits[40..].iter().all(|&n| n == 0));
    let next = game.play(&start, south(0)).unwrap().position;
    let mut expected = [4u8; 40];
    expected[0] = 0;
    expected[1..5].fill(5);
    assert_eq!(&next.pits[..40], &expected[..]);
    assert_eq!(next.to_move, Player::North);
}

/// 35 stones from South's first pit on 2x20, every other pit holding one:
/// by hand, one stone into each of South's 19 other pits, one into South's
/// store, then one into each of North's first 15 pits (20 to 34), the
/// last; North's pit takes no capture and the turn passes. The lap crosses
/// slot 32, where the narrow board ends.
#[test]
fn a_lap_crosses_more_than_thirty_two_pits() {
    let game: Game<Wide> = Game::with_width(kalah_of(20));
    let mut counts = [1u8; 40];
    counts[0] = 35;
    let played = game.play(&position(&counts), south(0)).unwrap();
    let mut expected = [1u8; 40];
    expected[0] = 0;
    expected[1..=34].fill(2);
    assert_eq!(&played.position.pits[..40], &expected[..]);
    assert_eq!(played.position.captured, [1, 0]);
    assert_eq!(played.position.to_move, Player::North);
    assert_eq!(played.effect.last, 34);
}

/// South's pit 18 sows its one stone into the empty pit 19, whose facing
/// pit on 2x20 is North's first, 20 (39 - 19), holding five: Kalah takes
/// the last stone and the five, six in South's store (worked by hand).
#[test]
fn a_capture_on_a_two_by_twenty_board_takes_the_facing_pit() {
    let game: Game<Wide> = Game::with_width(kalah_of(20));
    let mut counts = [1u8; 40];
    counts[19] = 0;
    counts[20] = 5;
    let played = game.play(&position(&counts), south(18)).unwrap();
    let mut expected = [1u8; 40];
    expected[18] = 0;
    expected[19] = 0;
    expected[20] = 0;
    assert_eq!(&played.position.pits[..40], &expected[..]);
    assert_eq!(played.position.captured, [6, 0]);
    assert_eq!(played.effect.captured_pits, (1 << 19) | (1 << 20));
}

/// Every shipped variant of single games played by the engine of each
/// width: the same legal moves, the same positions and the same end, move
/// by move, in random games (a fixed generator, so the games are the same
/// on every run). The wide engines play today's boards as the narrow one.
#[test]
fn every_width_plays_the_shipped_variants_alike() {
    for name in variants::shipped_names() {
        let rules = variants::load(name).unwrap().rules;
        let narrow: Game<Narrow> = Game::with_width(rules.clone());
        if narrow.has_rounds() {
            continue;
        }
        let wide: Game<Wide> = Game::with_width(rules.clone());
        let widest: Game<Widest> = Game::with_width(rules);
        let n = narrow.pit_count();
        let mut state = 0x9E37_79B9_7F4A_7C15u64 ^ name.len() as u64;
        for game_index in 0..4 {
            let mut a = GameRun::new(&narrow, narrow.start());
            let mut b = GameRun::new(&wide, wide.start());
            let mut c = GameRun::new(&widest, widest.start());
            for ply in 0..300 {
                let context = format!("{name}: game {game_index}, ply {ply}");
                let moves = a.moves().as_slice().to_vec();
                assert_eq!(b.moves().as_slice(), &moves[..], "{context}");
                assert_eq!(c.moves().as_slice(), &moves[..], "{context}");
                assert_eq!(a.end(), b.end(), "{context}");
                assert_eq!(a.end(), c.end(), "{context}");
                if moves.is_empty() || a.end().is_some() {
                    assert_eq!(a.outcome(), b.outcome(), "{context}");
                    assert_eq!(a.scores(), c.scores(), "{context}");
                    break;
                }
                state = state
                    .wrapping_mul(6_364_136_223_846_793_005)
                    .wrapping_add(1_442_695_040_888_963_407);
                let mv = moves[(state >> 33) as usize % moves.len()];
                let (x, y, z) = (
                    a.play(mv).unwrap(),
                    b.play(mv).unwrap(),
                    c.play(mv).unwrap(),
                );
                assert_eq!(&x.position.pits[..n], &y.position.pits[..n], "{context}");
                assert_eq!(&x.position.pits[..n], &z.position.pits[..n], "{context}");
                let [p, q, r] = [
                    (x.position.captured, x.position.removed, x.position.to_move),
                    (y.position.captured, y.position.removed, y.position.to_move),
                    (z.position.captured, z.position.removed, z.position.to_move),
                ];
                assert_eq!((p, p), (q, r), "{context}");
                assert_eq!(x.effect.captured, y.effect.captured, "{context}");
                assert_eq!(x.effect.captured, z.effect.captured, "{context}");
            }
        }
    }
}
