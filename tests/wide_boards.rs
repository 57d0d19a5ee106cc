//! Boards beyond 32 slots: the engine compiled for a wider board
//! (`Game::with_width`) plays them, and plays today's boards exactly as the
//! narrow engine does.

use sowing::{
    diagnostic::Source,
    engine::{AnyGame, Game, GameRun, Move, Narrow, Player, Position, Wide, Widest, Width},
    rules::{self, pit_label, Direction, Rules},
    variants,
};

use crate::common::{scratch, sow};

/// Kalah's rules on 2x20, a test board beyond the narrow width.
const KALAH_2X20: &str = "tests/fixtures/wide/kalah-2x20.variant";

/// Kalah's rules on two rows of `pits` pits.
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
    for name in crate::common::shipped_narrow_names() {
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

/// Loading picks the narrowest width that holds the board: Kalah's 2x6 the
/// narrow one, 2x20 (42 slots) the wide one, 2x40 (82 slots) the widest.
#[test]
fn the_width_is_chosen_when_the_variant_loads() {
    assert!(matches!(AnyGame::new(kalah_of(6)), AnyGame::Narrow(_)));
    assert!(matches!(AnyGame::new(kalah_of(15)), AnyGame::Narrow(_)));
    assert!(matches!(AnyGame::new(kalah_of(16)), AnyGame::Wide(_)));
    let loaded = rules::load(&Source::new(
        KALAH_2X20,
        std::fs::read_to_string(KALAH_2X20).unwrap(),
    ))
    .unwrap();
    assert!(matches!(AnyGame::new(loaded.rules), AnyGame::Wide(_)));
    let mut rules = kalah_of(40);
    rules.board.seeds = 3;
    assert!(matches!(AnyGame::new(rules), AnyGame::Widest(_)));
}

/// The lap of `a_lap_crosses_more_than_thirty_two_pits`, one stone longer,
/// from the command line: 41 stones from `a`, every other pit holding one,
/// go round South's 19 other pits, South's store, North's 20 pits (past
/// slot 32) and back into the emptied `a`, the 41st: `a` was empty, so
/// Kalah takes its stone and the two of `T` facing it. By hand: `b`-`t` and
/// `A`-`S` hold two, `a` and `T` none, South's store 1 + 3 = 4.
#[test]
fn a_two_by_twenty_lap_and_capture_from_the_command_line() {
    let start = format!("41 {}/ {}south", "1 ".repeat(19), "1 ".repeat(20));
    let (code, out, err) = sow(&[
        "trace",
        KALAH_2X20,
        "--from",
        &start,
        "--any-stones",
        "--moves",
        "a",
    ]);
    assert_eq!(code, 0, "{err}");
    let after = format!(
        "   1  south   a     0{} |{}  0    4   0  3 from a T",
        "  2".repeat(19),
        "  2".repeat(19)
    );
    assert!(out.contains(&after), "{out}");
}

/// Perft on 2x20 by hand: South has 20 moves; only `q` (four stones: `r`,
/// `s`, `t`, the store) ends in the store and moves again, with 19 pits
/// left to play; after each of the 19 others North has 20: 19 x 20 + 19.
#[test]
fn perft_counts_a_two_by_twenty_board() {
    let (code, out, err) = sow(&["perft", KALAH_2X20, "2"]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(out, "depth  leaves\n    1  20\n    2  399\n");
}

/// Simulate, trace and the replay of the trace, end to end on the wide
/// engine: every game ends (Kalah's row empty), and the trace written as a
/// record replays against its variant, every checkpoint agreeing.
#[test]
fn a_two_by_twenty_board_simulates_traces_and_replays() {
    let (code, out, err) = sow(&[
        "simulate", KALAH_2X20, "--games", "20", "--seed", "1", "--format", "json",
    ]);
    assert_eq!(code, 0, "{err}");
    let summary: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(summary["games"], 20, "{out}");
    assert_eq!(summary["ends"]["row_empty"], 20, "{out}");
    let dir = scratch("wide-trace");
    let record = dir.join("game.yaml");
    let record = record.to_str().unwrap();
    let (code, _, err) = sow(&[
        "trace", KALAH_2X20, "--seed", "3", "--format", "yaml", "--out", record,
    ]);
    assert_eq!(code, 0, "{err}");
    let (code, out, err) = sow(&["verify", record]);
    assert_eq!(code, 0, "{out}{err}");
    assert!(out.contains("consistent: "), "{out}");
}

/// The commands that have only the narrow engine refuse a wider board,
/// naming themselves and the limit, with exit 2 (bad input), not a panic.
#[test]
fn commands_of_the_narrow_engine_refuse_a_wide_board() {
    let limit =
        "plays boards of at most 32 slots (2x15 with stores, 3x10, 4x8); Kalah (2x20) is 2x20";
    for (args, command) in [
        (vec!["solve", KALAH_2X20], "`sow solve`"),
        (vec!["analyze", KALAH_2X20], "`sow analyze`"),
        (
            vec!["simulate", KALAH_2X20, "--agents", "perfect,random"],
            "the perfect agent (the solver)",
        ),
    ] {
        let (code, _, err) = sow(&args);
        assert_eq!(code, 2, "{args:?}: {err}");
        assert!(
            err.contains(&format!("{command} {limit}")),
            "{args:?}: {err}"
        );
    }
}

/// The limits of the loader, with the place in the file: 60 pits a row on
/// two rows, 40 on three, 30 on four; zero pits; an opening at a place
/// beyond a 2x20 board's row.
#[test]
fn boards_beyond_the_limits_are_refused_where_they_are_written() {
    let text = std::fs::read_to_string(KALAH_2X20).unwrap();
    let error = |from: &str, to: &str| {
        let edited = text.replace(from, to);
        assert_ne!(edited, text, "{from}");
        match rules::load(&Source::new("t.variant", edited)) {
            Ok(_) => String::new(),
            Err(report) => report.to_string(),
        }
    };
    let found = error("pits   20", "pits   61");
    assert!(
        found.contains("pits per row must be between 1 and 60, found 61"),
        "{found}"
    );
    assert!(found.contains("--> t.variant:9:10"), "{found}");
    let found = error("pits   20", "pits   0");
    assert!(found.contains("--> t.variant:9:10"), "{found}");
    assert_eq!(error("pits   20\n  seeds  4", "pits   60\n  seeds  2"), "");
    let found = error(
        "  skip_origin no\n",
        "  skip_origin no\n}\nopening {\n  shifts_from 21\n",
    );
    assert!(
        found.contains("`shifts_from 21`: a row has 20 pits (1 to 20)"),
        "{found}"
    );
}

/// Pit labels beyond 26 a side go on as spreadsheet columns (`aa`, `ab`,
/// ...; `AA` for North), and read back: a 2x30 board's moves from `ad`,
/// its 30th pit, and `AD`, North's.
#[test]
fn pit_labels_go_on_past_z() {
    assert_eq!(pit_label(25, 30), "z");
    assert_eq!(pit_label(26, 30), "aa");
    assert_eq!(pit_label(29, 30), "ad");
    assert_eq!(pit_label(30, 30), "A");
    assert_eq!(pit_label(59, 30), "AD");
    let mut rules = kalah_of(30);
    rules.board.seeds = 2;
    let game: Game<Wide> = Game::with_width(rules);
    for pit in 0..60 {
        assert_eq!(rules::parse_pit_label(&game.label(pit), 30), Some(pit));
    }
    let mv = sowing::engine::parse_move("ad", &game).unwrap();
    assert_eq!(usize::from(mv.pit), 29);
    assert!(sowing::engine::parse_move("ae", &game).is_err());
    assert!(sowing::engine::parse_move("aA", &game).is_err());
}

/// `sow diff` and `sow play` take a wide board: the rule that differs from
/// Kalah is the board's size alone (20 pits a row against 6), which no game
/// on one board can show; `play` draws the 2x20 board and plays a move.
#[test]
fn diff_and_play_take_a_wide_board() {
    let (code, out, err) = sow(&["diff", KALAH_2X20, "kalah"]);
    assert_eq!(code, 1, "{err}");
    assert!(out.contains("1 rule differs"), "{out}");
    assert!(out.contains("board pits: 20 ("), "{out}");
    assert!(out.contains("no game on one board can take it"), "{out}");
    let (code, out, err) =
        crate::common::sow_with_input(&["play", KALAH_2X20, "--seed", "1"], "a\nquit\n");
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("south plays a:"), "{out}");
}
