//! Study positions (`--from ... --any-stones`, a record's `start`) holding
//! more stones than the variant's start, through every command that takes
//! a position: the move is sown as the rules say whatever the count. The
//! engine sows a lap from tables sized when the variant loads; a position
//! with more stones than the start once read past them (60 stones in
//! Modiar's pit a gave a board of 316 stones, 43 stones a move that changed
//! nothing).

use std::path::{Path, PathBuf};

use proptest::prelude::*;

use crate::common::{scratch, sow, sow_with_input};

/// The board after `args` (a `sow trace ... --format json` of one move).
fn traced_board(args: &[&str]) -> Vec<u64> {
    let (code, out, err) = sow(&[args, &["--format", "json"]].concat());
    assert_eq!(code, 0, "{err}");
    let trace: serde_json::Value = serde_json::from_str(&out).unwrap();
    trace["plies"][0]["board"]
        .as_array()
        .unwrap()
        .iter()
        .map(|n| n.as_u64().unwrap())
        .collect()
}

/// Modiar (2x3, the first stone back into the emptied pit, every lap
/// through it again): 60 stones from a are ten laps of the six pits, ten
/// in each; 43 are seven laps (42) and one stone more, into a.
#[test]
fn modiar_sows_a_pit_of_60_or_43_stones_lap_by_lap() {
    let trace = |from: &str, label: &str| {
        traced_board(&[
            "trace",
            "modiar",
            "--from",
            from,
            "--any-stones",
            "--moves",
            label,
        ])
    };
    assert_eq!(trace("60 0 0 / 0 0 0 south", "a"), [10, 10, 10, 10, 10, 10]);
    assert_eq!(trace("43 0 0 / 0 0 0 south", "a"), [8, 7, 7, 7, 7, 7]);
    // North's C of 50 (start origin, counter-clockwise: C a b c A B):
    // eight laps (48) and two more, into C and a, where the last lands: a
    // ends with 9, not a capture count of Modiar (2 4 6), nothing is taken.
    // b held 1 before.
    assert_eq!(
        trace("0 1 0 / 0 0 50 north", "C"),
        [8 + 1, 1 + 8, 8, 8, 8, 8 + 1]
    );
}

/// The same positions through `perft`, `verify`, `render` and `play`.
#[test]
fn modiar_plays_a_pit_of_60_stones_in_every_command() {
    // After a: ten in every pit, North to move; each of A B C (10: one lap
    // and four stones) ends in a pit of 12, no capture: 3 moves. From 43:
    // 8 7 7 / 7 7 7, and each of North's pits of 7 ends in itself with 2
    // (a capture of North's own pit, legal): 3 moves again.
    for from in ["60 0 0 / 0 0 0 south", "43 0 0 / 0 0 0 south"] {
        let (code, out, err) = sow(&["perft", "modiar", "2", "--from", from, "--any-stones"]);
        assert_eq!(
            (code, out.as_str()),
            (0, "depth  leaves\n    1  1\n    2  3\n"),
            "{from}: {err}"
        );
    }

    let dir = scratch("study-positions-modiar");
    let record = dir.join("sixty.yaml");
    std::fs::write(
        &record,
        "variant: modiar\nstart: \"60 0 0 / 0 0 0 south\"\nmoves: \"a\"\nexpect:\n  - ply: 1\n    board: [10, 10, 10, 10, 10, 10]\n",
    )
    .unwrap();
    let (code, out, err) = sow(&["verify", record.to_str().unwrap(), "--any-stones"]);
    assert_eq!(code, 0, "{out}{err}");
    assert!(
        out.contains("consistent: 1 ply replayed, 1 checkpoint agrees"),
        "{out}"
    );

    let svg = dir.join("sixty.svg");
    let (code, _, err) = sow(&[
        "render",
        "modiar",
        "--from",
        "60 0 0 / 0 0 0 south",
        "--any-stones",
        "--moves",
        "a",
        "--svg",
        svg.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(svg_counts(&svg), [10, 10, 10, 10, 10, 10]);

    // Playing North, the agent's a (South's only move) comes first, then
    // the board.
    let (code, out, err) = sow_with_input(
        &[
            "play",
            "modiar",
            "--from",
            "60 0 0 / 0 0 0 south",
            "--any-stones",
            "--seed",
            "1",
            "--as",
            "north",
        ],
        "quit\n",
    );
    assert_eq!(code, 0, "{err}");
    let laps = "a b c A B C ".repeat(10);
    let expected = format!(
        "south plays a: sows 60 stones into {}, last in C (10)",
        laps.trim_end()
    );
    assert!(out.contains(&expected), "{out}");
    assert_eq!(played_board(&out, 3), [10, 10, 10, 10, 10, 10], "{out}");
}

/// The first board `sow play` draws after South's move (`pits` a row), in
/// absolute order: the line below the header `north  C  B  A` holds North's
/// row from its left (C B A, reversed), the next South's a b c.
fn played_board(out: &str, pits: usize) -> Vec<u64> {
    let mut lines = out.lines().skip_while(|l| !l.starts_with("south plays"));
    let mut lines = lines.by_ref().skip_while(|l| !l.starts_with("north "));
    lines.next();
    let mut row = || -> Vec<u64> {
        let line = lines.next().unwrap_or_default();
        line.split_whitespace()
            .map(|n| n.parse().unwrap())
            .collect()
    };
    let mut north = row();
    north.reverse();
    let south = row();
    assert_eq!((south.len(), north.len()), (pits, pits), "{out}");
    [south, north].concat()
}

/// `sow infer` replays a record from such a start under every rule set it
/// tries: Modiar's rules explain the record of a 43-stone move.
#[test]
fn infer_explains_a_record_from_a_pit_of_43_stones() {
    let dir = scratch("study-positions-infer");
    let record = dir.join("sixty.yaml");
    std::fs::write(
        &record,
        "variant: modiar\nstart: \"43 0 0 / 0 0 0 south\"\nmoves: \"a\"\nexpect:\n  - ply: 1\n    board: [8, 7, 7, 7, 7, 7]\n",
    )
    .unwrap();
    let (code, out, err) = sow(&[
        "infer",
        record.to_str().unwrap(),
        "--base",
        "modiar",
        "--vary",
        "sow.start",
    ]);
    assert_eq!(code, 0, "{out}{err}");
    // `start next` puts the 43rd stone into b (8 7 7 ... read from b): only
    // a start in the emptied pit explains the board, as `origin` or as
    // `origin_unless_single` (43 stones are no single one).
    assert!(out.contains("explained by about 2 rule sets"), "{out}");
    assert!(
        out.contains("sow.start  origin | origin_unless_single\n"),
        "{out}"
    );
}

/// The pit counts an SVG of `sow render` shows, in the order drawn (South's
/// a b c ..., then North's A B C ...).
fn svg_counts(path: &Path) -> Vec<u64> {
    let text = std::fs::read_to_string(path).unwrap();
    let doc = roxmltree::Document::parse(&text).unwrap();
    doc.descendants()
        .filter(|n| n.has_tag_name("text") && n.attribute("font-size") == Some("24"))
        .map(|n| n.text().unwrap().parse().unwrap())
        .collect()
}

/// A two-row variant without captures, written for the property test:
/// `pits` a row, sown `cw` or counter-clockwise, the first stone into the
/// next pit or back into the emptied one, the emptied pit skipped on later
/// laps or not.
#[derive(Debug, Clone, Copy)]
struct Shape {
    pits: usize,
    cw: bool,
    start_next: bool,
    skip_origin: bool,
}

impl Shape {
    fn text(&self) -> String {
        format!(
            "name \"Study\"\n\nboard {{\n  rows 2\n  pits {}\n  seeds 2\n  stores none\n}}\n\n\
             sow {{\n  direction {}\n  start {}\n  skip_origin {}\n  laps single\n}}\n\n\
             legal {{\n  min_stones 1\n}}\n\n\
             end {{\n  when no_legal_move\n  leftovers row_owner\n  repetition ignore\n}}\n",
            self.pits,
            if self.cw { "cw" } else { "ccw" },
            if self.start_next { "next" } else { "origin" },
            if self.skip_origin { "yes" } else { "no" },
        )
    }

    /// The pit label of absolute pit `pit` (a b c ... then A B C ...).
    fn label(&self, pit: usize) -> char {
        match pit < self.pits {
            true => (b'a' + pit as u8) as char,
            false => (b'A' + (pit - self.pits) as u8) as char,
        }
    }

    /// The board after sowing `origin`, stone by stone round the 2 x
    /// `pits` pits, and the pits that got the stones in order.
    fn sow(&self, board: &[u64], origin: usize) -> (Vec<u64>, Vec<usize>) {
        let len = 2 * self.pits;
        let step = if self.cw { len - 1 } else { 1 };
        let mut board = board.to_vec();
        let stones = std::mem::take(&mut board[origin]);
        let mut pit = if self.start_next {
            (origin + step) % len
        } else {
            origin
        };
        let mut order = Vec::new();
        for _ in 0..stones {
            if self.skip_origin && pit == origin {
                pit = (pit + step) % len;
            }
            board[pit] += 1;
            order.push(pit);
            pit = (pit + step) % len;
        }
        (board, order)
    }

    /// `board` with South to move in sow's notation.
    fn position(&self, board: &[u64]) -> String {
        let row = |r: &[u64]| r.iter().map(u64::to_string).collect::<Vec<_>>().join(" ");
        format!(
            "{} / {} south",
            row(&board[..self.pits]),
            row(&board[self.pits..])
        )
    }
}

fn shapes() -> impl Strategy<Value = Shape> {
    (
        prop_oneof![Just(3usize), Just(6)],
        any::<bool>(),
        prop_oneof![
            Just((false, false)),
            Just((true, false)),
            Just((true, true))
        ],
    )
        .prop_map(|(pits, cw, (start_next, skip_origin))| Shape {
            pits,
            cw,
            start_next,
            skip_origin,
        })
}

/// A board of `pits` a row with `big` stones in South's pit `origin` and a
/// few (0 to 2) in every other pit: at most 230 + 11 x 2 = 252 stones, within
/// the 255 a board holds.
fn boards() -> impl Strategy<Value = (Shape, Vec<u64>, usize)> {
    shapes().prop_flat_map(|shape| {
        let len = 2 * shape.pits;
        (
            Just(shape),
            proptest::collection::vec(0u64..=2, len),
            0..shape.pits,
            43u64..=230,
        )
            .prop_map(|(shape, mut board, origin, big)| {
                board[origin] = big;
                (shape, board, origin)
            })
    })
}

/// A file for this property test's case (the cases run one after another).
fn case_file(dir: &Path, name: &str, text: &str) -> PathBuf {
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    /// A pit of 43 to 230 stones sown by `trace`, `render`, `perft`,
    /// `verify`, `infer` and `play` from `--from ... --any-stones` (or a
    /// record's `start`) leaves the board the stone-by-stone rule gives,
    /// with every stone still on it.
    #[test]
    fn large_counts_are_sown_by_the_rule_in_every_command((shape, board, origin) in boards()) {
        let dir = scratch("study-positions-prop");
        let variant = case_file(&dir, "study.variant", &shape.text());
        let variant = variant.to_str().unwrap();
        let from = shape.position(&board);
        let label = shape.label(origin).to_string();
        let (after, _) = shape.sow(&board, origin);
        prop_assert_eq!(after.iter().sum::<u64>(), board.iter().sum::<u64>());
        let start = ["--from", from.as_str(), "--any-stones"];

        let traced = traced_board(&[&["trace", variant][..], &start, &["--moves", &label]].concat());
        prop_assert_eq!(&traced, &after, "trace from {}", from);

        let svg = dir.join("after.svg");
        let (code, _, err) = sow(&[&["render", variant][..], &start, &["--moves", &label, "--svg", svg.to_str().unwrap()]].concat());
        prop_assert_eq!(code, 0, "{}", err);
        prop_assert_eq!(&svg_counts(&svg), &after, "render from {}", from);

        // Depth 1: South's pits holding stones; depth 2: after each, North's.
        let south_moves: Vec<usize> = (0..shape.pits).filter(|&p| board[p] > 0).collect();
        let replies: usize = south_moves
            .iter()
            .map(|&p| shape.sow(&board, p).0[shape.pits..].iter().filter(|&&n| n > 0).count())
            .sum();
        let (code, out, err) = sow(&[&["perft", variant, "2"][..], &start].concat());
        prop_assert_eq!(code, 0, "{}", err);
        prop_assert_eq!(out, format!("depth  leaves\n    1  {}\n    2  {}\n", south_moves.len(), replies), "perft from {}", from);

        let record = case_file(
            &dir,
            "record.yaml",
            &format!(
                "variant: {variant}\nstart: \"{from}\"\nmoves: \"{label}\"\nexpect:\n  - ply: 1\n    board: {after:?}\n"
            ),
        );
        let (code, out, err) = sow(&["verify", record.to_str().unwrap(), "--any-stones"]);
        prop_assert_eq!(code, 0, "verify from {}: {}{}", from, out, err);
        // The rule sets `infer` tries around the variant (its `sow.start`
        // free) include the variant's own, which explains the record.
        let (code, out, err) = sow(&["infer", record.to_str().unwrap(), "--base", variant, "--vary", "sow.start"]);
        prop_assert_eq!(code, 0, "infer from {}: {}{}", from, out, err);

        // Playing North: the agent's move for South comes first, then the
        // board. With South's other pits emptied, the agent's one move is
        // the large pit.
        let mut alone = board.clone();
        (0..shape.pits).filter(|&p| p != origin).for_each(|p| alone[p] = 0);
        let from = shape.position(&alone);
        let start = ["--from", from.as_str(), "--any-stones"];
        let (code, out, err) = sow_with_input(&[&["play", variant][..], &start, &["--seed", "1", "--as", "north"]].concat(), "quit\n");
        prop_assert_eq!(code, 0, "{}", err);
        let (after, order) = shape.sow(&alone, origin);
        let into: Vec<String> = order.iter().map(|&p| shape.label(p).to_string()).collect();
        let said = format!(
            "south plays {label}: sows {} stones into {}, last in {}",
            alone[origin],
            into.join(" "),
            shape.label(*order.last().unwrap()),
        );
        prop_assert!(out.contains(&said), "play from {}: expected `{}` in\n{}", from, said, out);
        prop_assert_eq!(played_board(&out, shape.pits), after, "play from {}", from);
    }
}
