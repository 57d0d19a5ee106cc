//! Rounds whose refill the players choose (`fill_from choice`: Galatjang,
//! Sungka, Ovalhu, Bosh, Motiq's Ludii reading): a choice played through, the notation, the agents
//! and random matches. The refills worked by hand from the rule texts are
//! cases (`tests/cases/rounds/fill_from/`, `rounds/remainder/erherhe.yaml`).

use sowing::{
    agents::AgentSpec,
    engine::{format_position, parse_move, parse_position, GameRun, MatchRun, Player, Successor},
};
use std::ops::ControlFlow;

use crate::common::{legal, pos, random_match, shipped};

/// Galatjang (2x6, seven per hole, stores sown counter-clockwise): South's f
/// (1) goes into South's store, an extra turn, and neither player can move:
/// round 1 ends with South 31, North 53. North fills all six (42) and keeps
/// 11; South can fill four of six and scored less, so starts round 2 by
/// choosing them: named from the left with room for every hole still owed,
/// the first is a, b or c. South names b, then d (c or d allowed: three
/// still owed after b), then e and f are forced (two owed, two holes left);
/// 3 stay in South's store and South sows first.
#[test]
fn galatjang_round_change_with_a_chosen_refill() {
    let game = shipped("galatjang-rounds");
    let start = pos(&game, "0 0 0 0 0 1 / 0 0 0 0 0 0 south captured 30 53");
    let mut run = MatchRun::new(&game, start);
    let mut changes = Vec::new();
    let mut seen = Vec::new();
    let script = ["f", "+b", "+d", "+e", "+f"];
    let mut k = 0;
    let _: ControlFlow<()> = run.play_out(
        1000,
        |round| {
            let Some(label) = script.get(k) else {
                return ControlFlow::Break(());
            };
            k += 1;
            seen.push((
                format_position(round.position(), &game),
                legal(&game, round.position()),
            ));
            round.play(parse_move(label, &game).unwrap()).unwrap();
            ControlFlow::Continue(())
        },
        |change| changes.push(*change),
    );
    assert_eq!(changes.len(), 1);
    assert_eq!(changes[0].scores, [31, 53]);
    let expected = [
        (
            "x x x x x x / 7 7 7 7 7 7 south captured 31 11 refilling south",
            vec!["+a", "+b", "+c"],
        ),
        (
            "x 7 x x x x / 7 7 7 7 7 7 south captured 24 11 refilling south",
            vec!["+c", "+d"],
        ),
        (
            "x 7 x 7 x x / 7 7 7 7 7 7 south captured 17 11 refilling south",
            vec!["+e"],
        ),
        (
            "x 7 x 7 7 x / 7 7 7 7 7 7 south captured 10 11 refilling south",
            vec!["+f"],
        ),
    ];
    for (i, (position, moves)) in expected.iter().enumerate() {
        assert_eq!(seen[i + 1].0, *position, "before ply {}", i + 2);
        assert_eq!(seen[i + 1].1, *moves, "before ply {}", i + 2);
    }
    let now = run.run().position();
    assert_eq!(
        format_position(now, &game),
        "x 7 x 7 7 7 / 7 7 7 7 7 7 south captured 3 11"
    );
    assert!(now.opening, "the round's first sowing is still to come");
    assert_eq!(legal(&game, now), ["b", "d", "e", "f"]);
    assert_eq!(run.round(), 2);
    assert_eq!(now.total_stones(), 84);
}

/// The notation writes a position mid-choice with `refilling` and the
/// round's starter, and reads it back; a variant without the choice refuses
/// the word.
#[test]
fn the_notation_writes_and_reads_a_refill_under_way() {
    let game = shipped("galatjang-rounds");
    let text = "x 7 x x x x / 7 7 7 7 7 7 south captured 24 11 refilling south";
    let p = pos(&game, text);
    assert_eq!(p.refilling, Some(Player::South));
    assert_eq!(format_position(&p, &game), text);
    let dakon = shipped("dakon");
    let err = parse_position(
        "x x x x x x x / 7 7 7 7 7 7 7 south captured 40 9 refilling south",
        &dakon,
    )
    .unwrap_err();
    assert!(
        err.message
            .contains("only for variants with `fill_from choice`"),
        "{err}"
    );
}

/// Without `fill_from choice` a refill move cannot even be written (the
/// refusals of refill moves during a round are cases:
/// `tests/cases/rounds/fill_from/galatjang-rounds.yaml`).
#[test]
fn a_refill_move_is_refused_by_a_variant_without_the_choice() {
    let kalah = shipped("kalah");
    let err = parse_move("+a", &kalah).unwrap_err();
    assert!(
        err.contains("only for variants with `fill_from choice`"),
        "{err}"
    );
}

/// Random, greedy and MCTS agents each choose among the refill moves (and
/// the fast path agrees with the full successor list there).
#[test]
fn agents_choose_the_holes_to_fill() {
    let game = shipped("galatjang-rounds");
    let p = pos(
        &game,
        "x x x x x x / 7 7 7 7 7 7 south captured 31 11 refilling south",
    );
    let mut fast = sowing::engine::Moves::default();
    game.legal_moves(&p, &mut fast);
    let labels: Vec<String> = fast
        .as_slice()
        .iter()
        .map(|&m| game.move_label(m))
        .collect();
    assert_eq!(labels, ["+a", "+b", "+c"]);
    for spec in ["random", "greedy", "mcts:50"] {
        let agent: AgentSpec = spec.parse().unwrap();
        let mut a = agent.build(3, Player::South);
        let run = GameRun::new(&game, p);
        let pick = a.choose(&run);
        let mv = run.moves().as_slice()[pick];
        assert!(mv.filled_pit().is_some(), "{spec} played {mv:?}");
        let mut after = p;
        let fast_effect = game.apply(&mut after, mv);
        let slow = game.play(&p, mv).unwrap();
        assert_eq!(after, slow.position, "{spec}");
        assert_eq!(fast_effect, slow.effect, "{spec}");
    }
}

/// Random matches of every variant with a chosen refill conserve stones
/// through the refill moves and round changes, and end or reach the cap.
#[test]
fn random_matches_with_chosen_refills_conserve_stones() {
    for name in [
        "galatjang-rounds",
        "sungka",
        "ovalhu",
        "bosh",
        "motiq@ludii",
    ] {
        let game = shipped(name);
        let total = game.start().total_stones();
        let mut fills = 0;
        for seed in 0..8 {
            let played = |played: &Successor| {
                fills += usize::from(played.mv.filled_pit().is_some());
                assert_eq!(played.position.total_stones(), total, "{name}");
            };
            random_match(&game, game.start(), seed, 3000, played, |_| {});
        }
        assert!(fills > 0, "{name}: some refill was chosen");
    }
}

/// Under `refill surplus` the players name full pits, their own row's
/// before the other's: a file that has the two remainders make up a pit, or
/// the richer player fill first, is refused where it says `fill_from`.
#[test]
fn a_chosen_surplus_refill_is_refused_where_it_does_not_fit() {
    let errors = |edits: &[(&str, &str)]| -> String {
        let text = crate::common::shipped_text_with("motiq", edits);
        match sowing::rules::load(&sowing::diagnostic::Source::new("t.variant", text)) {
            Ok(_) => String::new(),
            Err(report) => report.to_string(),
        }
    };
    // Any `odd_pit` goes: the remainders fill the pit left once the players
    // have named theirs.
    let cases: [(&[(&str, &str)], &str); 3] = [
        (&[("fill_from left #", "fill_from choice #")], ""),
        (
            &[("fill_from left #", "fill_from choice\n  odd_pit nobody\n  first_filler richer #")],
            "`fill_from choice` under `refill surplus` has each player name their own row's pits before the other's: it goes with `first_filler poorer`, not `first_filler richer`",
        ),
        (&[("fill_from left #", "fill_from choice\n  odd_pit nobody #")], ""),
    ];
    for (edits, message) in cases {
        let found = errors(edits);
        match message {
            "" => assert_eq!(found, "", "{edits:?}"),
            _ => assert!(found.contains(message), "{edits:?}: {found}"),
        }
    }
}

/// Where the players choose the pits to refill, the moves listed without
/// playing them (the pits the mover may fill, in pit order) are the moves
/// of the full successor list, in its order, for the game and for a
/// [`GameRun`] set there: random matches of every variant and reading
/// with a chosen refill, at each round's start and after each refill move.
#[test]
fn chosen_refills_listed_without_playing_them_are_the_successors() {
    use sowing::engine::{AfterRound, Move, Moves, Position, Successors};
    use std::cell::Cell;
    for name in [
        "galatjang-rounds",
        "sungka",
        "ovalhu",
        "bosh",
        "motiq@ludii",
        "khrour@ludii",
        "awagagae@ludii",
    ] {
        let game = shipped(name);
        let checked = Cell::new(0);
        let check = |p: &Position| {
            if p.refilling.is_none() {
                return;
            }
            let mut successors = Successors::default();
            game.successors(p, &mut successors);
            let expected: Vec<Move> = successors.as_slice().iter().map(|s| s.mv).collect();
            let mut moves = Moves::default();
            game.legal_moves(p, &mut moves);
            let at = format_position(p, &game);
            assert_eq!(moves.as_slice(), &expected[..], "{name}: {at}");
            let run = GameRun::new(&game, *p);
            assert_eq!(run.moves().as_slice(), &expected[..], "{name}: {at}");
            checked.set(checked.get() + 1);
        };
        for seed in 0..8 {
            random_match(
                &game,
                game.start(),
                seed,
                3000,
                |played| check(&played.position),
                |change| {
                    if let AfterRound::Next(start) = change.after {
                        check(&start);
                    }
                },
            );
        }
        assert!(
            checked.get() > 10,
            "{name}: {} refill positions",
            checked.get()
        );
    }
}
