//! Matches of rounds and closed pits, worked by hand on Galatjang's match
//! (`galatjang-rounds`: 2x6, seven per pit, stores sown, sowing from the next
//! pit counter-clockwise, relay, extra turn in the store, capture of the
//! opposite pit from an own empty pit; rounds refilled in the holes the
//! players choose, the round's loser starting the next: tests/refill_choice.rs
//! works the choice itself by hand).

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use sowing::{
    agents::AgentSpec,
    engine::{
        format_position, parse_move, parse_position, AfterRound, EndReason, MatchRun, Outcome,
        Player,
    },
};
use std::ops::ControlFlow;

use crate::common::{board, legal, play, pos, random_match, shipped, shipped_with, sow};

/// A closed pit (`x`) as a count in `board`.
const X: u8 = 0;

#[test]
fn a_relay_lap_passes_over_a_closed_pit_of_the_opponent() {
    let game = shipped("galatjang-rounds");
    // f (3): the store, A (closed) passed over, B (2 -> 3), C (0 -> 1); C was
    // empty and is north's: the move ends.
    let s = play(&game, &pos(&game, "0 0 0 0 0 3 / x 2 0 0 0 0 south"), "f");
    assert_eq!(
        board(&game, &s.position),
        [0, 0, 0, 0, 0, 0, X, 3, 1, 0, 0, 0]
    );
    assert_eq!(s.position.captured, [1, 0]);
    // The sowing as shown lap by lap skips A too.
    let mv = parse_move("f", &game).unwrap();
    let p = pos(&game, "0 0 0 0 0 3 / x 2 0 0 0 0 south");
    assert_eq!(game.sowing_path(&p, mv), [None, Some(7), Some(8)]);
}

#[test]
fn the_notation_writes_and_reads_closed_pits() {
    let game = shipped("galatjang-rounds");
    let text = "7 7 7 7 7 x / 7 7 7 7 x x north captured 6 1";
    let p = pos(&game, text);
    assert_eq!(p.closed, 1 << 5 | 1 << 10 | 1 << 11);
    assert_eq!(format_position(&p, &game), text);
    // Every pit of a row closed: that player has lost the match.
    let err = parse_position("x x x x x x / 7 7 7 7 7 7 south", &game).unwrap_err();
    assert!(err.message.contains("south has no open pit"), "{err}");
    // A variant without rounds has no closed pits.
    let one_round = shipped("galatjang");
    let err = parse_position("7 x 7 7 7 7 / 7 7 7 7 7 7 south", &one_round).unwrap_err();
    assert_eq!(err.offset, 2);
    assert!(
        err.message.contains("only for variants with rounds"),
        "{err}"
    );
}

/// Round 1 ends with the board empty, South holding 50 and North 34.
/// South fills all six pits (42) and keeps 8; North fills A-D (28), keeps 6,
/// and E, F are closed. North scored less, so North starts round 2. (The
/// fixed order, `fill_from left`, on an edited copy: the shipped file lets
/// North choose, as in the case `end/repetition_leftovers/galatjang-rounds.yaml`.)
#[test]
fn a_round_change_refills_from_the_left_and_closes_what_cannot_be_filled() {
    let game = shipped_with(
        "galatjang-rounds",
        &[("fill_from  choice", "fill_from left")],
    );
    let end = pos(&game, "0 0 0 0 0 0 / 0 0 0 0 0 0 south captured 50 34");
    let AfterRound::Next(next) = game.after_round(&end, EndReason::NoLegalMove, Player::South)
    else {
        panic!("the match goes on");
    };
    assert_eq!(
        format_position(&next, &game),
        "7 7 7 7 7 7 / 7 7 7 7 x x north captured 8 6"
    );
    assert!(next.opening, "a round starts with its first move");
    assert_eq!(next.total_stones(), 84);
}

/// `match_end_pits 2`: a player who cannot fill two pits (fewer than 14
/// stones at seven a pit) loses the match. Round 1 ends with North holding
/// 13: under the shipped `cannot_fill_one` North fills one pit (7, keeps
/// 6) and the match goes on; with `match_end_pits 2`, South wins at once.
/// North with 14 fills two pits (A, B) and plays on under both.
#[test]
fn match_end_pits_ends_the_match_when_a_player_cannot_fill_that_many() {
    let one = shipped_with(
        "galatjang-rounds",
        &[("fill_from  choice", "fill_from left")],
    );
    let two = shipped_with(
        "galatjang-rounds",
        &[
            ("fill_from  choice", "fill_from left"),
            (
                "match_end  cannot_fill_one",
                "match_end cannot_fill_one\n  match_end_pits 2",
            ),
        ],
    );
    let end = pos(&one, "0 0 0 0 0 0 / 0 0 0 0 0 0 south captured 71 13");
    let AfterRound::Next(next) = one.after_round(&end, EndReason::NoLegalMove, Player::South)
    else {
        panic!("one pit filled: the match goes on");
    };
    assert_eq!(
        format_position(&next, &one),
        "7 7 7 7 7 7 / 7 x x x x x north captured 29 6"
    );
    assert_eq!(
        two.after_round(&end, EndReason::NoLegalMove, Player::South),
        AfterRound::MatchOver(Outcome::South)
    );
    let end = pos(&two, "0 0 0 0 0 0 / 0 0 0 0 0 0 south captured 70 14");
    let AfterRound::Next(next) = two.after_round(&end, EndReason::NoLegalMove, Player::South)
    else {
        panic!("two pits filled: the match goes on");
    };
    assert_eq!(
        format_position(&next, &two),
        "7 7 7 7 7 7 / 7 7 x x x x north captured 28 0"
    );
}

/// `match_end_stones 2` (Ludii's Mewegae: the match ends when a round
/// leaves a player one counter or none). Awagagae (four a pit, `refill
/// surplus`): a round ends South 47, North 1. Under `match_end no_stones`
/// North scored something and the match goes on (South fills every pit but
/// one, the remainders 3 and 1 making up the last); with `match_end_stones
/// 2` North's one counter ends it, South winning. With two counters North
/// plays on under both.
#[test]
fn match_end_stones_ends_the_match_when_a_player_has_fewer() {
    let no_stones = ("match_end  cannot_fill_one", "match_end no_stones");
    let one = shipped_with("awagagae", &[no_stones]);
    let two = shipped_with(
        "awagagae",
        &[(
            "match_end  cannot_fill_one",
            "match_end no_stones\n  match_end_stones 2",
        )],
    );
    let end = pos(&one, "0 0 0 0 0 0 / 0 0 0 0 0 0 south captured 47 1");
    assert!(matches!(
        one.after_round(&end, EndReason::NoLegalMove, Player::South),
        AfterRound::Next(_)
    ));
    assert_eq!(
        two.after_round(&end, EndReason::NoLegalMove, Player::South),
        AfterRound::MatchOver(Outcome::South)
    );
    let end = pos(&two, "0 0 0 0 0 0 / 0 0 0 0 0 0 south captured 46 2");
    assert!(matches!(
        two.after_round(&end, EndReason::NoLegalMove, Player::South),
        AfterRound::Next(_)
    ));
}

/// `next_start last_mover`: the round's last mover starts the next round,
/// whatever the scores. Round 1 ends with the board empty and South to move,
/// South 34, North 50: South fills a-d (28) and keeps 6, e and f closed;
/// North fills all six (42) and keeps 8. With South to move, North made the
/// last move, so North starts; when South's own last move gave South another
/// turn (`again`), South starts. The loser (the shipped `next_start loser`)
/// would be South both times.
#[test]
fn next_start_last_mover_gives_the_next_round_to_the_last_mover() {
    let game = shipped_with(
        "galatjang-rounds",
        &[
            ("fill_from  choice", "fill_from left"),
            ("next_start loser", "next_start last_mover"),
        ],
    );
    assert!(game.records_last_mover(), "extra turns: `again` is kept");
    for (end, next) in [
        (
            "0 0 0 0 0 0 / 0 0 0 0 0 0 south captured 34 50",
            "7 7 7 7 x x / 7 7 7 7 7 7 north captured 6 8",
        ),
        (
            "0 0 0 0 0 0 / 0 0 0 0 0 0 south again captured 34 50",
            "7 7 7 7 x x / 7 7 7 7 7 7 south captured 6 8",
        ),
    ] {
        let end = pos(&game, end);
        let AfterRound::Next(start) = game.after_round(&end, EndReason::NoLegalMove, Player::South)
        else {
            panic!("the match goes on");
        };
        assert_eq!(format_position(&start, &game), next);
    }
}

/// Random matches: stones are conserved across every round change, every
/// round after the first starts with the refill's counts (seven or closed),
/// and the fast path agrees with the full successor list from each later
/// round's start (where pits are closed).
#[test]
fn random_matches_conserve_stones_and_the_fast_path_holds_with_closed_pits() {
    let game = shipped("galatjang-rounds");
    let mut rng = ChaCha8Rng::seed_from_u64(5);
    let mut later_starts = Vec::new();
    let mut closed_seen = false;
    for seed in 0..40 {
        let run = random_match(
            &game,
            game.start(),
            seed,
            20_000,
            |_| {},
            |change| {
                if let AfterRound::Next(next) = change.after {
                    assert_eq!(next.total_stones(), 84, "seed {seed}");
                    for pit in 0..12 {
                        let want = if next.is_closed(pit) { 0 } else { 7 };
                        assert_eq!(next.pits[pit], want, "seed {seed}, pit {pit}");
                    }
                    closed_seen |= next.closed != 0;
                    later_starts.push(next);
                }
            },
        );
        assert!(run.is_over(), "seed {seed}: match not over");
    }
    assert!(closed_seen, "no round closed a pit in 40 matches");
    for (i, start) in later_starts.iter().enumerate() {
        crate::fast_path::same_game_both_ways_from(&game, *start, &mut rng, &format!("start {i}"));
    }
}

// Through the binary.

/// South's a in round 2, worked by hand (f closed; stores S, N):
/// a (7) into b c d e S A B; B (8) into C D E F a b c d; d (9) into e S A B C
/// D E F a; a (2) into b c; c (10) into d e S A B C D E F a. a was empty and
/// is South's: F (10) is captured. The trace draws f as `x`.
#[test]
fn trace_draws_closed_pits_and_sows_past_them() {
    let (code, out, err) = sow(&[
        "trace",
        "galatjang-rounds",
        "--from",
        "7 7 7 7 7 x / 7 7 7 7 7 7 south captured 6 1",
        "--moves",
        "a",
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains("   0                7  7  7  7  7  x |  7  7  7  7  7  7    6   1\n"),
        "{out}"
    );
    assert!(
        out.contains(
            "   1  south   a     1 10  0  1 10  x | 10  2 10 10 10  0   19   1  10 from F\n"
        ),
        "{out}"
    );
}

/// The round change of `a_match_run_goes_on_to_the_next_round`, as `sow
/// trace` shows it, in text and in JSON: round 2 starts with South's row
/// closed and 41 to name five holes (a to e here), f left closed.
#[test]
fn trace_shows_the_round_boundary() {
    let args = [
        "trace",
        "galatjang-rounds",
        "--from",
        "0 0 0 0 0 1 / 0 0 0 0 0 0 south captured 40 43",
        "--moves",
        "f +a +b +c +d +e",
    ];
    let (code, out, err) = sow(&args);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains(
            "--- round 1 ends: the player to move has no legal move; scores south 41 - north 43\n\
             --- round 2 starts: x x x x x x / 7 7 7 7 7 7 south captured 41 1 refilling south\n\
             \x20  2  south   +a    7  x  x  x  x  x |  7  7  7  7  7  7   34   1\n"
        ),
        "{out}"
    );
    assert!(
        out.ends_with(
            "   6  south   +e    7  7  7  7  7  x |  7  7  7  7  7  7    6   1\n\
             the game goes on after 6 plies\n"
        ),
        "{out}"
    );
    let (code, out, err) = sow(&[&args[..], &["--format", "json"]].concat());
    assert_eq!(code, 0, "{err}");
    let json: serde_json::Value = serde_json::from_str(&out).unwrap();
    let round = &json["rounds"][0];
    assert_eq!(round["round"], 1);
    assert_eq!(round["after_ply"], 1);
    assert_eq!(round["scores"], serde_json::json!([41, 43]));
    assert_eq!(
        round["next_start"],
        "x x x x x x / 7 7 7 7 7 7 south captured 41 1 refilling south"
    );
    assert!(json["result"].is_null(), "the match goes on");
}

/// North holds 5 after round 1: the match is over and South wins it.
#[test]
fn trace_ends_the_match_when_a_player_cannot_fill_a_pit() {
    let (code, out, err) = sow(&[
        "trace",
        "galatjang-rounds",
        "--from",
        "0 0 0 0 0 1 / 0 0 0 0 0 0 south captured 78 5",
        "--moves",
        "f",
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.ends_with(
            "--- the match is over\nend of the match after 1 round and 1 ply: south wins\n"
        ),
        "{out}"
    );
}

/// A closed pit in a variant without rounds is refused with its column.
#[test]
fn a_closed_pit_is_refused_in_a_variant_without_rounds() {
    let (code, _, err) = sow(&[
        "trace",
        "galatjang",
        "--from",
        "7 x 7 7 7 7 / 7 7 7 7 7 7 south",
        "--moves",
        "a",
    ]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("column 3"), "{err}");
    assert!(err.contains("only for variants with rounds"), "{err}");
}

#[test]
fn describe_says_the_rounds_rule() {
    let (code, out, err) = sow(&["describe", "galatjang-rounds"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("\nRounds\n  The game is a match of rounds. When a round ends, each player refills their own pits from what they scored in it, 7 to a pit, in pits they choose (a player who cannot fill every pit names the pits, one move each, from their left, the player who starts the next round first);"), "{out}");
    assert!(out.contains("The match ends when a round ends and a player cannot fill a single pit with 7; the other player wins it."), "{out}");
    let (_, one_round, _) = sow(&["describe", "galatjang"]);
    assert!(!one_round.contains("Rounds"), "{one_round}");
}

/// Every match is counted once in the rounds histogram. A cap of one ply
/// stops every match in its first round: a round ends when no counter is
/// left to play, and one move cannot put 84 counters into the stores (the
/// first move of each game leaves stones in both rows).
#[test]
fn simulate_counts_rounds_per_match() {
    let (code, out, err) = sow(&[
        "simulate",
        "galatjang-rounds",
        "--games",
        "6",
        "--max-plies",
        "1",
        "--format",
        "json",
    ]);
    assert_eq!(code, 0, "{err}");
    let json: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(json["rounds"]["histogram"], serde_json::json!({"1": 6}));
    assert_eq!(json["ends"]["ply_cap"], 6);
    // Long enough for rounds to change: more than one round per match.
    let (code, out, err) = sow(&[
        "simulate",
        "galatjang-rounds",
        "--games",
        "6",
        "--max-plies",
        "3000",
        "--format",
        "json",
    ]);
    assert_eq!(code, 0, "{err}");
    let json: serde_json::Value = serde_json::from_str(&out).unwrap();
    let histogram = json["rounds"]["histogram"].as_object().unwrap();
    let matches: u64 = histogram.values().map(|n| n.as_u64().unwrap()).sum();
    assert_eq!(matches, 6);
    assert!(json["rounds"]["max"].as_u64().unwrap() > 1, "{out}");
    // A variant without rounds has no rounds figure.
    let (_, out, _) = sow(&["simulate", "galatjang", "--games", "2", "--format", "json"]);
    let json: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert!(json.get("rounds").is_none(), "{out}");
}

/// The commands that know one round only refuse a match, with the reason.
#[test]
fn commands_without_rounds_refuse_a_match() {
    for args in [
        &["solve", "galatjang-rounds"][..],
        &["analyze", "galatjang-rounds"],
    ] {
        let (code, _, err) = sow(args);
        assert_eq!(code, 2, "{args:?}: {err}");
        assert!(
            err.contains("does not support variants with rounds yet")
                && err.contains("a round's value is not the match's"),
            "{args:?}: {err}"
        );
    }
    let (code, _, err) = sow(&["simulate", "galatjang-rounds", "--agents", "perfect,random"]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("the game is a match of rounds"), "{err}");
}

/// `sow bench` plays whole matches in a variant with rounds: every match
/// has at least one round, none more plies than the cap, and the text says
/// matches/s.
#[test]
fn bench_plays_matches_of_rounds() {
    let args = [
        "bench",
        "galatjang-rounds",
        "--seconds",
        "0.2",
        "--threads",
        "2",
    ];
    let (code, out, err) = sow(&[&args[..], &["--format", "json"]].concat());
    assert_eq!(code, 0, "{err}");
    let json: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(json["matches"], true);
    for run in json["playouts"].as_array().unwrap() {
        let matches = run["games"].as_u64().unwrap();
        let rounds = run["rounds"].as_u64().unwrap();
        let plies = run["plies"].as_u64().unwrap();
        assert!(matches > 0, "{run}");
        assert!(rounds >= matches, "{run}");
        assert!(plies <= matches * 10_000, "{run}");
        // A round needs plies: the start has 84 stones on the board.
        assert!(plies > rounds, "{run}");
        // Random matches of Galatjang run on (Ludii's too run to its move
        // limit): some are stopped at the cap, each after 10,000 plies.
        assert_eq!(run["ply_cap"], 10_000, "{run}");
        let capped = run["ended_by_cap"].as_u64().unwrap();
        assert!(capped > 0 && capped <= matches, "{run}");
        assert!(plies >= capped * 10_000, "{run}");
    }
    let (code, out, err) = sow(&args);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains("random matches of rounds from the start (each stopped at 10000 plies)"),
        "{out}"
    );
    assert!(out.contains(" matches/s "), "{out}");
    // A variant without rounds plays games, with no rounds figure.
    let (code, out, err) = sow(&[
        "bench",
        "galatjang",
        "--seconds",
        "0.1",
        "--threads",
        "1",
        "--format",
        "json",
    ]);
    assert_eq!(code, 0, "{err}");
    let json: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(json["matches"], false);
    assert!(json["playouts"][0].get("rounds").is_none(), "{out}");
    assert_eq!(json["playouts"][0]["ply_cap"], 1_000, "{out}");
}

/// `sow render` and `sow trace --html` replay through round changes: f
/// is closed in round 2 (see `trace_shows_the_round_boundary`), so the
/// pictures after plies 2 to 7 (South's five refills and a) draw it grey
/// and marked `x`, the one after ply 1 (round 1's end) does not.
#[test]
fn render_and_html_pages_play_through_round_changes() {
    let dir = crate::common::scratch("rounds-render");
    let from = "0 0 0 0 0 1 / 0 0 0 0 0 0 south captured 40 43";
    let closed_f = r#"class="pit closed" data-pit="f""#;
    for (ply, closed) in [("1", false), ("2", true), ("7", true)] {
        let svg = dir.join(format!("ply{ply}.svg"));
        let svg = svg.to_str().unwrap();
        let args = [
            "render",
            "galatjang-rounds",
            "--from",
            from,
            "--moves",
            "f +a +b +c +d +e a",
        ];
        let (code, _, err) = sow(&[&args[..], &["--ply", ply, "--svg", svg]].concat());
        assert_eq!(code, 0, "{err}");
        let text = std::fs::read_to_string(svg).unwrap();
        assert_eq!(text.contains(closed_f), closed, "ply {ply}: {text}");
    }
    let html = dir.join("match.html");
    let html = html.to_str().unwrap();
    let (code, _, err) = sow(&[
        "trace",
        "galatjang-rounds",
        "--from",
        from,
        "--moves",
        "f +a +b +c +d +e a",
        "--html",
        html,
    ]);
    assert_eq!(code, 0, "{err}");
    let page = std::fs::read_to_string(html).unwrap();
    assert_eq!(
        page.matches(closed_f).count(),
        6,
        "only the frames after plies 2 to 7"
    );
    assert!(page.contains(
        r#""next_start":"x x x x x x / 7 7 7 7 7 7 south captured 41 1 refilling south""#
    ));
}

#[test]
fn rounds_keys_need_refill_and_owned_leftovers() {
    let dir = crate::common::scratch("rounds-keys");
    let base = sowing::variants::source("galatjang-rounds").unwrap().text;
    let without_refill = base.replace("  refill     captures", "  # no refill");
    std::fs::write(dir.join("a.variant"), &without_refill).unwrap();
    let (code, _, err) = crate::common::sow_in(&dir, &["check", "a.variant"], "");
    assert_eq!(code, 1, "{err}");
    assert!(
        err.contains("`fill_from` has no effect: no `refill` is given"),
        "{err}"
    );
    let unscored = base.replace(
        "  leftovers            row_owner",
        "  leftovers            unscored",
    );
    assert_ne!(unscored, base);
    std::fs::write(dir.join("b.variant"), &unscored).unwrap();
    let (code, _, err) = crate::common::sow_in(&dir, &["check", "b.variant"], "");
    assert_eq!(code, 1, "{err}");
    assert!(
        err.contains("`no_legal_move` scores the game `unscored`"),
        "{err}"
    );
    // Halving leaves an odd stone to nobody; a refill would lose it.
    let divided = base.replace(
        "  leftovers            row_owner",
        "  leftovers            divided",
    );
    std::fs::write(dir.join("c.variant"), &divided).unwrap();
    let (code, _, err) = crate::common::sow_in(&dir, &["check", "c.variant"], "");
    assert_eq!(code, 1, "{err}");
    assert!(
        err.contains("`no_legal_move` scores the game `divided`"),
        "{err}"
    );
    // A refill puts `seeds` in each pit: a start pit by pit gives no such count.
    let per_pit = base.replace("  seeds  7", "  start  7 7 7 7 7 7");
    assert_ne!(per_pit, base);
    std::fs::write(dir.join("d.variant"), &per_pit).unwrap();
    let (code, _, err) = crate::common::sow_in(&dir, &["check", "d.variant"], "");
    assert_eq!(code, 1, "{err}");
    assert!(err.contains("gives its start as `seeds N`"), "{err}");
    // `match_end_pits` counts the pits of `cannot_fill_one`, at most a row's;
    // the error points at it, the line after `match_end`.
    let match_end_line = 1 + base
        .lines()
        .position(|l| l.starts_with("  match_end  cannot_fill_one"))
        .expect("galatjang-rounds says `match_end`");
    let at = format!("e.variant:{}:3", match_end_line + 1);
    for (edit, says) in [
        (
            "  match_end  no_stones\n  match_end_pits 2",
            "`match_end_pits` has no effect: it counts the pits of `match_end cannot_fill_one`, not `match_end no_stones`",
        ),
        (
            "  match_end  cannot_fill_one\n  match_end_pits 7",
            "`match_end_pits 7` is more pits than a row has (6): no player could ever fill them",
        ),
        (
            "  match_end  cannot_fill_one\n  match_end_stones 2",
            "`match_end_stones` has no effect: it counts the stones of `match_end no_stones`, not `match_end cannot_fill_one`",
        ),
        (
            "  match_end  no_stones\n  match_end_stones 85",
            "`match_end_stones 85` is more stones than the board holds (84): every match would end after its first round",
        ),
    ] {
        let text = base.replace("  match_end  cannot_fill_one", edit);
        std::fs::write(dir.join("e.variant"), &text).unwrap();
        let (code, _, err) = crate::common::sow_in(&dir, &["check", "e.variant"], "");
        assert_eq!(code, 1, "{err}");
        assert!(err.contains(says), "{err}");
        assert!(err.contains(&at), "{err}");
    }
}

/// Every shipped variant that the validator lets have rounds (its ends give
/// every stone left to a player), given `rounds { refill captures }`: random
/// matches keep every stone through every ply and round change, refill
/// `seeds` or close every pit, and the fast path agrees with the full
/// successor list from each later round's start, closed pits and all (the
/// feeding, grand-slam and chain rules of Oware, Awari, Modiar... included).
#[test]
fn every_shipped_rule_set_plays_matches_with_closed_pits() {
    let (mut tried, mut with_closed) = (0, 0);
    for name in sowing::variants::shipped_names() {
        let text = sowing::variants::source(name).unwrap().text
            + "rounds {\n  refill captures\n  fill_from right\n  next_start winner\n}\n";
        let source = sowing::diagnostic::Source::new(format!("{name} with rounds"), text);
        let Ok(loaded) = sowing::rules::load(&source) else {
            continue;
        };
        if !<sowing::engine::Narrow as sowing::engine::Width>::fits(&loaded.rules) {
            continue;
        }
        tried += 1;
        let game = sowing::engine::Game::new(loaded.rules);
        let seeds = game.rules().board.seeds;
        let total = game.start().total_stones();
        let mut rng = ChaCha8Rng::seed_from_u64(9);
        let mut starts = Vec::new();
        for seed in 0..20 {
            random_match(
                &game,
                game.start(),
                seed,
                3000,
                |played| {
                    assert_eq!(played.position.total_stones(), total, "{name}, seed {seed}");
                    for pit in 0..game.pit_count() {
                        if played.position.is_closed(pit) {
                            assert_eq!(
                                played.position.pits[pit], 0,
                                "{name}: a closed pit got a stone"
                            );
                        }
                    }
                },
                |change| {
                    if let AfterRound::Next(next) = change.after {
                        assert_eq!(next.total_stones(), total, "{name}, seed {seed}");
                        for pit in 0..game.pit_count() {
                            let want = if next.is_closed(pit) { 0 } else { seeds };
                            assert_eq!(next.pits[pit], want, "{name}, seed {seed}");
                        }
                        if starts.len() < 40 {
                            starts.push(next);
                        }
                    }
                },
            );
        }
        with_closed += starts.iter().filter(|s| s.closed != 0).count();
        for (i, start) in starts.iter().enumerate() {
            crate::fast_path::same_game_both_ways_from(
                &game,
                *start,
                &mut rng,
                &format!("{name} with rounds, start {i}"),
            );
        }
    }
    assert!(tried >= 8, "only {tried} shipped rule sets took rounds");
    assert!(
        with_closed >= 100,
        "only {with_closed} later rounds closed a pit"
    );
}

/// Shards of a batch of matches merge into the batch: the rounds per match
/// add up like every other count.
#[test]
fn shards_of_matches_merge_with_their_rounds() {
    let dir = crate::common::scratch("rounds-merge");
    let base = [
        "simulate",
        "galatjang-rounds",
        "--games",
        "10",
        "--seed",
        "3",
        "--max-plies",
        "3000",
        "--format",
        "json",
    ];
    let run = |extra: &[&str]| -> serde_json::Value {
        let (code, out, err) = sow(&[&base[..], extra].concat());
        assert_eq!(code, 0, "{err}");
        serde_json::from_str(&out).unwrap()
    };
    let whole = run(&[]);
    let mut files = Vec::new();
    for shard in ["1/2", "2/2"] {
        let path = dir.join(format!("shard{}.json", files.len()));
        std::fs::write(&path, run(&["--shard", shard]).to_string()).unwrap();
        files.push(path.display().to_string());
    }
    let (code, out, err) = sow(&["merge", &files[0], &files[1], "--format", "json"]);
    assert_eq!(code, 0, "{err}");
    let merged: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(merged["rounds"], whole["rounds"]);
    assert!(whole["rounds"]["max"].as_u64().unwrap() > 1);
}

/// A record of a match, as a researcher writes it: the round change of
/// `a_match_run_goes_on_to_the_next_round` (South's f ends round 1 at 41
/// to 43; North fills all six and keeps 1, South names a-e and keeps 6, f
/// closed) and South's a in round 2 worked in
/// `trace_draws_closed_pits_and_sows_past_them` (F's 10 captured, f still
/// closed).
const MATCH_RECORD: &str = "\
variant: galatjang-rounds
start: \"0 0 0 0 0 1 / 0 0 0 0 0 0 south captured 40 43\"
moves: f +a +b +c +d +e a
rounds:
  - round: 1
    after_ply: 1
    end: no_legal_move
    scores: [41, 43]
    next_start: \"x x x x x x / 7 7 7 7 7 7 south captured 41 1 refilling south\"
expect:
  - ply: 1
    board: \"0 0 0 0 0 0 0 0 0 0 0 0\"
    scores: [41, 43]
  - ply: 7
    board: \"1 10 0 1 10 0 10 2 10 10 10 0\"
    closed: f
    captured: 10
    scores: [19, 1]
";

fn verify_text(name: &str, text: &str) -> (i32, String, String) {
    let dir = crate::common::scratch(name);
    std::fs::write(dir.join("match.yaml"), text).unwrap();
    crate::common::sow_in(&dir, &["verify", "match.yaml"], "")
}

#[test]
fn verify_replays_a_match_across_a_round_change_and_a_closed_pit() {
    let (code, out, err) = verify_text("verify-match", MATCH_RECORD);
    assert_eq!(code, 0, "{out}{err}");
    assert!(
        out.ends_with("consistent: 7 plies replayed, 3 checkpoints agree\n"),
        "{out}"
    );
}

/// Each way a match record can be wrong is found where it is.
#[test]
fn verify_finds_where_a_match_record_is_wrong() {
    let cases = [
        (
            ("scores: [41, 43]\n    next", "scores: [42, 42]\n    next"),
            "inconsistent at the end of round 1, after ply 1\n",
            "round 1's scores: the record says south 42 - north 42, the rules give south 41 - north 43\n",
        ),
        (
            ("after_ply: 1", "after_ply: 2"),
            "inconsistent at the end of round 1, after ply 1\n",
            "round 1 ends: the record says after ply 2, the rules say after ply 1\n",
        ),
        (
            ("round: 1", "round: 2"),
            "inconsistent at the end of round 1, after ply 1\n",
            "round 1 ends: the record says not here, the rules say after ply 1\n",
        ),
        (
            ("end: no_legal_move", "end: repetition"),
            "inconsistent at the end of round 1, after ply 1\n",
            "why round 1 ended: the record says",
        ),
        (
            ("captured 41 1 refilling south", "captured 41 1 refilling north"),
            "inconsistent at the end of round 1, after ply 1\n",
            "round 2's start: the record says x x x x x x / 7 7 7 7 7 7 south captured 41 1 refilling north, \
             the rules give x x x x x x / 7 7 7 7 7 7 south captured 41 1 refilling south\n",
        ),
        (
            ("closed: f", "closed: e"),
            "inconsistent at ply 7\n",
            "closed pits after it: the record says e, the rules give f\n",
        ),
        (
            ("scores: [19, 1]", "scores: [19, 1]\nresult: {winner: south, rounds: 2}"),
            "inconsistent at the result\n",
            "the record gives a result, but by these rules the game goes on",
        ),
    ];
    for ((from, to), place, what) in cases {
        let text = MATCH_RECORD.replacen(from, to, 1);
        assert_ne!(text, MATCH_RECORD, "{from}");
        let (code, out, err) = verify_text("verify-match-wrong", &text);
        assert_eq!(code, 1, "{from}: {out}{err}");
        assert!(out.contains(place), "{from}: {out}");
        assert!(out.contains(what), "{from}: {out}");
    }
}

/// North holds 5 after round 1: the match is over, South wins it in one
/// round; a move after it is refused; a record claiming a second round or
/// the other winner is wrong at the result.
#[test]
fn verify_checks_the_match_result() {
    let record = |moves: &str, result: &str| {
        format!(
            "variant: galatjang-rounds\nstart: \"0 0 0 0 0 1 / 0 0 0 0 0 0 south captured 78 5\"\n\
             moves: {moves}\nresult: {result}\n"
        )
    };
    let (code, out, err) = verify_text(
        "verify-match-over",
        &record(
            "f",
            "{end: no_legal_move, scores: [79, 5], winner: south, rounds: 1}",
        ),
    );
    assert_eq!(code, 0, "{out}{err}");
    for (result, what) in [
        (
            "{rounds: 2}",
            "rounds in the match: the record says 2, the rules give 1\n",
        ),
        (
            "{winner: north}",
            "winner: the record says north, the rules give south\n",
        ),
    ] {
        let (code, out, _) = verify_text("verify-match-over", &record("f", result));
        assert_eq!(code, 1, "{out}");
        assert!(out.contains(what), "{out}");
    }
    let (code, out, _) = verify_text("verify-match-over", &record("f A", "{winner: south}"));
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("inconsistent at ply 2\n"), "{out}");
}

/// `sow trace` of a match, read back by `sow verify`: every ply, round end
/// and the closed pits agree.
#[test]
fn a_trace_of_a_match_verifies() {
    let dir = crate::common::scratch("verify-match-trace");
    let (code, trace, err) = sow(&[
        "trace",
        "galatjang-rounds",
        "--agents",
        "random,random",
        "--seed",
        "4",
        "--max-plies",
        "300",
        "--format",
        "yaml",
    ]);
    assert_eq!(code, 0, "{err}");
    let json: serde_yaml::Value = serde_yaml::from_str(&trace).unwrap();
    let rounds = json["rounds"].as_sequence().unwrap().len();
    assert!(rounds >= 2, "{rounds} rounds in 300 plies");
    std::fs::write(dir.join("trace.yaml"), &trace).unwrap();
    let (code, out, err) = crate::common::sow_in(&dir, &["verify", "trace.yaml"], "");
    assert_eq!(code, 0, "{out}{err}");
    // Every ply, every round end, and the result (stopped at the ply cap).
    assert!(
        out.contains(&format!(
            "consistent: 300 plies replayed, {} checkpoints agree\n",
            300 + rounds + 1
        )),
        "{out}"
    );
}

/// `sow play` through a round change, worked by hand: South's f ends round
/// 1 (41 - 43); North fills all six and keeps 1; South, who scored less,
/// starts round 2 by naming five holes (+a to +e: each time the holes that
/// leave room for those still owed), f closed and 6 kept. South's a is the
/// sowing of
/// `trace_draws_closed_pits_and_sows_past_them`. North (greedy) answers D
/// (10): E F, its store, a b c d e (f passed over), A B; B (3) into C D E;
/// E (12) into F, the store, a b c d e, A B C D E: the last in E, emptied
/// by the lift, is North's: b (12) is captured. The saved record replays.
#[test]
fn play_announces_a_new_round_and_saves_a_match_that_verifies() {
    let dir = crate::common::scratch("play-match");
    let (code, out, err) = crate::common::sow_in(
        &dir,
        &[
            "play",
            "galatjang-rounds",
            "--from",
            "0 0 0 0 0 1 / 0 0 0 0 0 0 south captured 40 43",
            "--seed",
            "1",
        ],
        "f\n+a\n+b\n+c\n+d\n+e\na\nsave match.yaml\n",
    );
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains(
            "> f\nsouth plays f: sows 1 stone into store, last in store; no capture; south moves again\n\
             round 1 is over (the player to move has no legal move): south 41 - north 43\n\
             round 2 starts: each player refills their pits from what they scored; south moves first; \
             closed pits: a b c d e f; kept in the stores: south 41 - north 1\n\n\
             north     F   E   D   C   B   A\n\
             [ 1]      7   7   7   7   7   7\n          x   x   x   x   x   x [41]\n"
        ),
        "{out}"
    );
    assert!(
        out.contains(
            "south to move (you); legal moves: +a +b\n> +a\nsouth fills a with 7 of their stones\n"
        ),
        "{out}"
    );
    assert!(
        out.contains("south to move (you); legal moves: +e +f\n> +e\n"),
        "{out}"
    );
    assert!(
        out.contains("[1]       7   7   7   7   7   7\n          7   7   7   7   7   x [6]\n"),
        "{out}"
    );
    assert!(
        out.contains("south to move (you); legal moves: a b c d e\n> a\n"),
        "{out}"
    );
    assert!(
        out.contains(
            "north plays D: sows 25 stones in 3 laps: 10 stones into E F store a b c d e A B; \
             then 3 lifted from B into C D E; then 12 lifted from E into F store a b c d e A B C D E, \
             last in E (1); captures 12 stones (pit b)\n"
        ),
        "{out}"
    );
    assert!(
        out.contains("[15]      2   1   2  12   1  12\n          3   0   2   3  12   x [19]\n"),
        "{out}"
    );
    let record = std::fs::read_to_string(dir.join("match.yaml")).unwrap();
    assert!(
        record.contains(
            "moves: f +a +b +c +d +e a D\nrounds:\n- round: 1\n  after_ply: 1\n  end: no_legal_move\n  \
             scores: [41, 43]\n  next_start: x x x x x x / 7 7 7 7 7 7 south captured 41 1 refilling south\n"
        ),
        "{record}"
    );
    let (code, out, err) = crate::common::sow_in(&dir, &["verify", "match.yaml"], "");
    assert_eq!(code, 0, "{out}{err}");
    assert!(
        out.ends_with("consistent: 8 plies replayed, 1 checkpoint agrees\n"),
        "{out}"
    );
}

/// North holds 5 after round 1: `sow play` says the match is over and who
/// won it; the saved result names the rounds, and replays.
#[test]
fn play_ends_the_match_when_a_player_cannot_fill_a_pit() {
    let dir = crate::common::scratch("play-match-over");
    let (code, out, err) = crate::common::sow_in(
        &dir,
        &[
            "play",
            "galatjang-rounds",
            "--from",
            "0 0 0 0 0 1 / 0 0 0 0 0 0 south captured 78 5",
        ],
        "f\nA\nsave over.yaml\n",
    );
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains(
            "round 1 is over (the player to move has no legal move): south 79 - north 5\n\n"
        ),
        "{out}"
    );
    assert!(!out.contains("round 2"), "{out}");
    assert!(
        out.contains(
            "match over after 1 round and 1 ply; last round: the player to move has no legal \
             move, south 79 - north 5; north cannot fill a pit: you win\n> A\n\
             the game is over"
        ),
        "{out}"
    );
    let record = std::fs::read_to_string(dir.join("over.yaml")).unwrap();
    assert!(
        record.ends_with(
            "result:\n  end: no_legal_move\n  scores: [79, 5]\n  winner: south\n  rounds: 1\n"
        ),
        "{record}"
    );
    let (code, out, err) = crate::common::sow_in(&dir, &["verify", "over.yaml"], "");
    assert_eq!(code, 0, "{out}{err}");
}

/// `sow diff` between two readings of the refill: the first round ends the
/// same way under both (the search stays in it), and the next round's start
/// differs. From 51 - 33 (worked by hand): South fills six (42) and keeps
/// 9; North is owed four holes (28): under the shipped choice North keeps
/// the 33 and names them (the row closed until then), from the right North
/// keeps 5 and A B are closed; North, who scored less, starts. The record
/// written replays under the shipped file; the other file cannot read its
/// round 2 start, a refill under way.
#[test]
fn diff_compares_what_follows_the_first_round() {
    let dir = crate::common::scratch("diff-rounds");
    let text = sowing::variants::source("galatjang-rounds")
        .unwrap()
        .text
        .replace("  fill_from  choice", "  fill_from  right");
    std::fs::write(dir.join("right.variant"), text).unwrap();
    let (code, out, err) = crate::common::sow_in(
        &dir,
        &[
            "diff",
            "galatjang-rounds",
            "right.variant",
            "--out",
            "ask.yaml",
        ],
        "",
    );
    assert_eq!(code, 1, "{err}");
    assert!(
        out.contains("\nrounds fill_from: choice (galatjang-rounds), right (right.variant)\n"),
        "{out}"
    );
    assert!(
        out.contains(
            "  position after these moves: 0 0 0 0 0 0 / 0 0 0 0 0 0 north captured 51 33\n"
        ),
        "{out}"
    );
    assert!(
        out.contains(
            "  the first round is over under both, the same way, but what follows differs:\n\
             \x20   under galatjang-rounds: round 2 starts from 7 7 7 7 7 7 / x x x x x x north captured 9 33 refilling north\n\
             \x20   under right.variant: round 2 starts from 7 7 7 7 7 7 / x x 7 7 7 7 north captured 9 5\n"
        ),
        "{out}"
    );
    let (code, out, err) = crate::common::sow_in(&dir, &["verify", "ask.yaml"], "");
    assert_eq!(code, 0, "{out}{err}");
    let (code, out, err) = crate::common::sow_in(
        &dir,
        &["verify", "ask.yaml", "--variant", "right.variant"],
        "",
    );
    assert_eq!(code, 2, "{out}{err}");
    assert!(
        err.contains("rounds[0] (round 1): next_start: column 47: `refilling` is only for variants with `fill_from choice`"),
        "{err}"
    );
    let (code, out, err) = crate::common::sow_in(
        &dir,
        &[
            "diff",
            "galatjang-rounds",
            "right.variant",
            "--format",
            "json",
        ],
        "",
    );
    assert_eq!(code, 1, "{err}");
    let json: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(json["play"]["difference"]["kind"], "round", "{out}");
}

/// One round against a match of rounds: where the first round ends, one
/// variant's match is over and the other's goes on.
#[test]
fn diff_finds_where_one_game_and_a_match_part_ways() {
    let (code, out, err) = sow(&["diff", "galatjang", "galatjang-rounds"]);
    assert_eq!(code, 1, "{err}");
    assert!(
        out.contains("\nrounds refill: none (galatjang), captures (galatjang-rounds)\n"),
        "{out}"
    );
    assert!(
        out.contains(
            "    under galatjang: the match is over: south wins\n\
             \x20   under galatjang-rounds: round 2 starts from 7 7 7 7 7 7 / x x x x x x north captured 9 33 refilling north"
        ),
        "{out}"
    );
}

/// Why random Galatjang matches hardly end: a player's store fills mostly
/// from the relay laps, which pass both stores whatever the number of open
/// pits, so a round's scores drift back toward half the stones (measured in
/// the variant's header). From the most lopsided start there is (North one
/// pit and nothing kept, South 35 kept), North still scores fewer than 7 in
/// a few random rounds: the match's end is reachable, and each round's
/// verdict follows from its scores alone (fewer than 7: the other wins).
#[test]
fn a_lopsided_round_can_end_the_match() {
    let game = shipped("galatjang-rounds");
    let start = pos(&game, "7 7 7 7 7 7 / 7 x x x x x north captured 35 0");
    let mut ended = 0;
    for seed in 0..300 {
        let mut agents = Player::BOTH.map(|seat| AgentSpec::Random.build(seed, seat));
        let mut run = MatchRun::new(&game, start);
        let mut first = None;
        let _: ControlFlow<()> = run.play_out(
            2000,
            |round| {
                let mover = round.position().to_move;
                let pick = agents[mover.index()].choose(round);
                round.play_index(pick);
                ControlFlow::Continue(())
            },
            |change| {
                first.get_or_insert(*change);
            },
        );
        let change = first.expect("a round of Galatjang ends within 2000 plies");
        let [south, north] = change.scores;
        assert_eq!(south + north, 84, "seed {seed}");
        let over = change.after == AfterRound::MatchOver(Outcome::South);
        assert_eq!(over, north < 7, "seed {seed}: {change:?}");
        ended += usize::from(over);
    }
    assert!(ended > 0, "no lopsided round ended the match");
    assert!(
        ended < 100,
        "{ended} of 300 lopsided rounds ended the match"
    );
}

/// Round 2 of the case `rounds/fill_from/dakon.yaml`, North's B (7),
/// clockwise: A is closed and passed over, North's store (1), g f e d c b;
/// b held 7, now 8: lifted and sown on a, (South's store passed) G F E D C
/// B, (A passed) North's store: the last counter in the store ends the turn.
#[test]
fn dakon_sowing_passes_the_closed_pit_and_the_opponent_store() {
    let game = shipped("dakon");
    let p = pos(&game, "7 7 7 7 7 7 7 / x 7 7 7 7 7 7 north captured 2 5");
    let s = play(&game, &p, "B");
    assert_eq!(
        format_position(&s.position, &game),
        "8 0 8 8 8 8 8 / x 1 8 8 8 8 8 south captured 2 7"
    );
    let mv = parse_move("B", &game).unwrap();
    assert_eq!(
        game.sowing_path(&p, mv),
        [
            None,
            Some(6),
            Some(5),
            Some(4),
            Some(3),
            Some(2),
            Some(1),
            Some(0),
            Some(13),
            Some(12),
            Some(11),
            Some(10),
            Some(9),
            Some(8),
            None
        ]
    );
    assert_eq!(legal(&game, &p), ["B", "C", "D", "E", "F", "G"]);
}

/// Through the command line, from the standard start (84 stones, so round
/// 1 is played): round 1 ends once four stones are in the stores; unless
/// the scores are level, the loser cannot fill all six pits, so round 2
/// has at most 80 stones on the board once the loser has named the pits to
/// fill, and ends then, ending the match. In these 20 seeded matches every round 1 ended unlevel (South's
/// first move sows into South's store only), so every match ends in round 2
/// by `stones left`; before the fix `simulate` never returned.
#[test]
fn simulate_finishes_when_a_later_round_ends_at_its_start() {
    let dir = crate::common::scratch("round-ends-at-start");
    let file = dir.join("g.variant");
    let text = crate::common::shipped_text_with(
        "galatjang-rounds",
        &[(
            "when neither_can_move",
            "when neither_can_move stones_left\n  stones_left_at_most 80\n  stones_left row_owner",
        )],
    );
    std::fs::write(&file, text).unwrap();
    let file = file.to_str().unwrap();
    let (code, out, err) = sow(&["simulate", file, "--games", "20", "--max-plies", "50"]);
    assert_eq!(code, 0, "{err}");
    let row = |name: &str| {
        out.lines()
            .find(|line| line.contains(name))
            .unwrap_or_else(|| panic!("no `{name}` in\n{out}"))
            .to_string()
    };
    assert!(row("end: stones left").contains("20 (100.0%)"), "{out}");
    assert!(row("rounds per match").contains("max 2"), "{out}");
}

/// A move list that ends a round whose next round ends at its start (no
/// legal move there) settles that round too: the match's winner is the one
/// the agents' own game gave. Pallankuli with `match_end no_stones`, seed 5:
/// South ends 80 - 4 after ten rounds (it used to be `none` when replayed).
#[test]
fn a_replayed_move_list_settles_a_round_that_ends_at_its_start() {
    let traced = |extra: &[&str]| {
        let mut args = vec!["trace", "pallankuli", "--set", "rounds.match_end=no_stones"];
        args.extend_from_slice(extra);
        args.extend_from_slice(&["--format", "json"]);
        let (code, out, err) = sow(&args);
        assert_eq!(code, 0, "{err}");
        serde_json::from_str::<serde_json::Value>(&out).unwrap()
    };
    let played = traced(&["--seed", "5", "--max-plies", "200"]);
    let result = &played["result"];
    assert_eq!(result["winner"], "south", "{result}");
    assert_eq!(result["scores"], serde_json::json!([80, 4]));
    let moves: Vec<&str> = played["plies"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["move"].as_str().unwrap())
        .collect();
    let replayed = traced(&["--moves", &moves.join(" ")]);
    assert_eq!(&replayed["result"], result);
}

/// A match whose first round has no legal move at its start (2x8 with one
/// seed a pit, `min_stones 3`) ends there: South, to move, takes the 16
/// stones left (`leftovers player_to_move`), North scored nothing, and under
/// `match_end no_stones` South wins the match. Replaying the empty move list
/// says the same, and the agents' record (its round ending after ply 0)
/// verifies.
#[test]
fn a_match_whose_first_round_ends_at_its_start_is_settled_there() {
    let dir = crate::common::scratch("round-ends-at-match-start");
    let variant = dir.join("stuck.variant");
    std::fs::write(
        &variant,
        "name \"stuck at the start\"
board { rows 2; pits 8; seeds 1; stores sown }
sow { start next; min_stones 3 }
end { leftovers player_to_move; repetition ignore }
rounds { refill surplus; fill_from left; next_start loser; match_end no_stones }
",
    )
    .unwrap();
    let variant = variant.to_str().unwrap();
    let result = |args: &[&str]| {
        let mut all = vec!["trace", variant, "--format", "json"];
        all.extend_from_slice(args);
        let (code, out, err) = sow(&all);
        assert_eq!(code, 0, "{err}");
        serde_json::from_str::<serde_json::Value>(&out).unwrap()["result"].clone()
    };
    let expected = serde_json::json!({
        "end": "no_legal_move", "scores": [16, 0], "winner": "south", "rounds": 1
    });
    assert_eq!(result(&["--seed", "1"]), expected);
    assert_eq!(result(&["--moves", ""]), expected);
    let record = dir.join("game.yaml");
    let record = record.to_str().unwrap();
    let (code, _, err) = sow(&[
        "trace", variant, "--seed", "1", "--format", "yaml", "--out", record,
    ]);
    assert_eq!(code, 0, "{err}");
    let (code, out, err) = sow(&["verify", record]);
    assert_eq!(code, 0, "{out}{err}");
    assert!(out.contains("consistent: 0 plies replayed"), "{out}");
}

/// The record of that game, with its tenth round ending at its start right
/// after the ninth (North, 4 stones short of a pit, starts it with no open
/// pit and plays on under `match_end no_stones`), replays as consistent:
/// `sow verify` reads such a start and settles both rounds after the last
/// ply, as the game that wrote the record did.
#[test]
fn a_record_whose_last_round_ends_at_its_start_verifies() {
    let record = crate::common::scratch("round-ends-at-start").join("pallankuli.yaml");
    let record = record.to_str().unwrap();
    let (code, _, err) = sow(&[
        "trace",
        "pallankuli",
        "--set",
        "rounds.match_end=no_stones",
        "--seed",
        "5",
        "--max-plies",
        "200",
        "--format",
        "yaml",
        "--out",
        record,
    ]);
    assert_eq!(code, 0, "{err}");
    let text = std::fs::read_to_string(record).unwrap();
    assert!(text.contains("next_start: 6 6 6 6 6 6 6 / x x x x x x x north captured 38 4"));
    let (code, out, err) = sow(&["verify", record]);
    assert_eq!(code, 0, "{out}{err}");
    assert!(out.contains("consistent: 164 plies replayed"), "{out}");
}
