//! The distinctive rule of every shipped relative of Modiar, from positions
//! built by hand; expected results worked out by hand from each file's source.
//! What a game record can say is a case in `tests/cases/` (filed by rule);
//! what stays here needs more: the laps of a move, an effect flag, a
//! message, or a file.

use sowing::{
    diagnostic::Source,
    engine::{EndReason, Game, GameRun},
    rules,
};

use crate::common::{board, legal, play, pos, scratch, shipped, shipped_text_with, sow};

#[test]
fn oware_grand_slam_is_played_without_capture() {
    let game = shipped("oware");
    // f (2): A=2, B=2 would take all of north's stones.
    let s = play(&game, &pos(&game, "0 0 0 0 0 2 / 1 1 0 0 0 0 south"), "f");
    assert_eq!(
        board(&game, &s.position),
        [0, 0, 0, 0, 0, 0, 2, 2, 0, 0, 0, 0]
    );
    assert_eq!(s.position.captured, [0, 0]);
    assert!(s.effect.capture_waived);
}

#[test]
fn a_pit_that_sows_either_way_needs_a_direction_in_its_label() {
    let game = shipped("um-el-tuweisat");
    assert_eq!(
        sowing::engine::parse_move("b", &game).unwrap_err(),
        "pit `b` sows either way: write `b:ccw` or `b:cw`"
    );
    assert_eq!(
        sowing::engine::parse_move("a:ccw", &game).unwrap_err(),
        "pit `a` sows cw only, not ccw"
    );
}

#[test]
fn boukerourou_relays_from_the_pit_after_an_empty_one() {
    let game = shipped("boukerourou");
    // d (1) drops into A, which was empty: B's 2 stones are lifted and sown
    // into C and D; D was empty too: a's stone is lifted and sown into b,
    // which was empty, but c (after b) is empty: the move ends. No row is
    // empty after any lap.
    let start = pos(&game, "1 0 0 1 / 0 2 0 0 south");
    let s = play(&game, &start, "d");
    assert_eq!(board(&game, &s.position), [0, 1, 0, 0, 1, 0, 1, 1]);
    assert_eq!(s.position.captured, [0, 0]);
    let laps = game.sowing_laps(&start, s.mv);
    let lifted: Vec<usize> = laps.iter().map(|(origin, _)| *origin).collect();
    assert_eq!(lifted, [3, 5, 0], "d, then B, then a");
}

/// A shipped variant with lines of its file replaced, written to a scratch
/// file (for the binary) and compiled.
fn shipped_edited(
    name: &str,
    edits: &[(&str, &str)],
    scratch: &str,
) -> (sowing::engine::Game, std::path::PathBuf) {
    let text = crate::common::shipped_text_with(name, edits);
    let path = crate::common::scratch(scratch).join(format!("{name}.variant"));
    std::fs::write(&path, &text).unwrap();
    let source = sowing::diagnostic::Source::new(scratch, text.as_str());
    let rules = sowing::rules::load(&source)
        .unwrap_or_else(|r| panic!("{r}"))
        .rules;
    (sowing::engine::Game::new(rules), path)
}

/// The relay of `a` from `2 1 0 1 / 0 1 0 1 south`, worked by hand: each lap
/// drops its last stone into an empty pit whose next pit holds stones.
/// Lifted, lap by lap: a (2: b=2, c=1), d (1: A=1), B (C=1), D (a=1), b (2:
/// c=2, d=1), A (B=1), C (D=1), a (1: b=1). The board is then
/// `0 1 2 1 / 0 1 0 1` with c to lift: the start turned two pits on (every
/// stone two pits further, the lifted pit too), so the relay does the same
/// again from there, and after 4 x 8 = 32 laps it is back at the start, with
/// a to lift: it cycles for ever. No row is ever empty (no lap state has two
/// empty pits side by side).
const CYCLING: &str = "2 1 0 1 / 0 1 0 1 south";

#[test]
fn boukerourou_a_relay_that_comes_back_to_its_start_ends_the_game_in_a_draw() {
    let game = shipped("boukerourou");
    let start = pos(&game, CYCLING);
    let mut run = GameRun::new(&game, start);
    let s = run
        .play(sowing::engine::parse_move("a", &game).unwrap())
        .unwrap();
    assert!(s.effect.relay_cycle && !s.effect.relay_cut);
    // The first lap state that came back is the move's start: the board is
    // as it was, no capture (the relay never ended), North to move.
    assert_eq!(board(&game, &s.position), [2, 1, 0, 1, 0, 1, 0, 1]);
    assert_eq!(s.position.to_move, sowing::engine::Player::North);
    assert_eq!(s.position.removed, 0);
    assert_eq!(run.end(), Some(EndReason::RelayCycle));
    // `relay_cycle draw`: a draw whatever is left.
    assert_eq!(run.scores(), [0, 0]);
    assert_eq!(run.outcome(), Some(sowing::engine::Outcome::Draw));
    // The laps shown are the 32 of one cycle, from the lifts worked above.
    let laps = game.sowing_laps(&start, s.mv);
    assert_eq!(laps.len(), 32);
    let lifted: Vec<usize> = laps[..9].iter().map(|(origin, _)| *origin).collect();
    assert_eq!(lifted, [0, 3, 5, 7, 1, 4, 6, 0, 2], "a d B D b A C a c");
    assert_eq!(laps[8].1, [Some(3), Some(4)], "c's 2 stones go to d and A");
    // Through the binary.
    let (code, out, err) = sow(&[
        "trace",
        "boukerourou",
        "--from",
        CYCLING,
        "--any-stones",
        "--moves",
        "a",
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains("a relay came back to a lap state of the same move"),
        "{out}"
    );
}

#[test]
fn boukerourou_without_the_cycle_rule_cuts_the_relay_after_1000_relays_and_plays_on() {
    let (game, _) = shipped_edited(
        "boukerourou",
        &[
            (
                "when no_legal_move row_empty relay_cycle",
                "when no_legal_move row_empty",
            ),
            ("relay_cycle draw", ""),
        ],
        "boukerourou-cut",
    );
    let s = play(&game, &pos(&game, CYCLING), "a");
    assert!(s.effect.relay_cut && !s.effect.relay_cycle);
    // 1000 relays after the first lap: 1001 laps, 1001 = 31 x 32 + 9. After
    // 8 laps the board is `0 1 2 1 / 0 1 0 1` (see CYCLING); the 9th lifts
    // c (2): d=2, A=1 (A was empty, B holds 1: the relay would go on).
    assert_eq!(board(&game, &s.position), [0, 1, 0, 2, 1, 1, 0, 1]);
    assert_eq!(s.position.to_move, sowing::engine::Player::North);
    assert!(
        GameRun::new(&game, s.position).end().is_none(),
        "play goes on"
    );
}

#[test]
fn boukerourou_tests_its_end_after_every_relay_lap() {
    // d (1) drops into A, which was empty; B holds 3: the relay lifts B. But
    // after that first lap South's row is empty: Ludii's end test (after each
    // lap) ends the game there, North keeping A=1 and B=3.
    let game = shipped("boukerourou");
    let start = pos(&game, "0 0 0 1 / 0 3 0 0 south");
    let mut run = GameRun::new(&game, start);
    run.play(sowing::engine::parse_move("d", &game).unwrap())
        .unwrap();
    assert_eq!(board(&game, run.position()), [0, 0, 0, 0, 1, 3, 0, 0]);
    assert_eq!(run.end(), Some(EndReason::RowEmpty));
    assert_eq!(run.scores(), [0, 4]);
    // Tested after the move only, the relay goes on: B's 3 go to C, D, a; a
    // was empty but b (after it) is empty: the move ends with South's row
    // refilled, and the game goes on.
    let (after_move, _) = shipped_edited(
        "boukerourou",
        &[("test_after lap", "")],
        "boukerourou-after-move",
    );
    let s = play(&after_move, &start, "d");
    assert_eq!(board(&after_move, &s.position), [1, 0, 0, 0, 1, 0, 1, 1]);
    assert!(GameRun::new(&after_move, s.position).end().is_none());
}

/// modiar-awale-info with the grand-slam rule above feeding in `legal`
/// (today's fixed order, and the order of old files), written to a scratch
/// file.
fn awale_info_slam_first() -> std::path::PathBuf {
    let text = sowing::variants::text("modiar-awale-info").unwrap();
    let slam = "  grand_slam only_move_no_capture";
    let line = text.lines().find(|l| l.starts_with(slam)).unwrap();
    let text = text
        .replace(&format!("{line}\n"), "")
        .replace("  min_stones 2\n", &format!("  min_stones 2\n{slam}\n"));
    let path = crate::common::scratch("awale-info-order").join("slam-first.variant");
    std::fs::write(&path, text).unwrap();
    path
}

#[test]
fn awale_info_grand_slam_is_illegal_unless_it_is_the_only_feeding_move() {
    // South's row 1 0 0 holds no pit of 2: North must feed. B (2): B=1, C=3;
    // South still has no pit of 2, so B does not feed. C (2): C=1, a=2; a
    // holds 2 and would be taken (the chain stops at C=1), emptying South's
    // row: a grand slam. Feeding first leaves C alone, so it is played
    // without capture: a=2 and South can move.
    let game = shipped("modiar-awale-info");
    let start = pos(&game, "1 0 0 / 1 2 2 north");
    assert_eq!(legal(&game, &start), ["C"]);
    let s = play(&game, &start, "C");
    assert_eq!(board(&game, &s.position), [2, 0, 0, 1, 2, 1]);
    assert_eq!(s.position.captured, [0, 0]);
    assert!(s.effect.capture_waived);
    // Through the binary.
    let (code, out, err) = sow(&[
        "trace",
        "modiar-awale-info",
        "--from",
        "1 0 0 / 1 2 2 north",
        "--any-stones",
        "--moves",
        "C",
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("north   C     2  0  0 |  1  2  1"), "{out}");
    assert!(out.contains("grand slam: capture waived"), "{out}");
    let (code, _, err) = sow(&[
        "trace",
        "modiar-awale-info",
        "--from",
        "1 0 0 / 1 2 2 north",
        "--any-stones",
        "--moves",
        "B",
    ]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("`B` is illegal"), "{err}");
}

#[test]
fn with_the_grand_slam_rule_first_the_same_position_ends_the_game() {
    // The slam C goes first (B is not a slam), then feeding finds that B
    // does not feed: the mover must feed and cannot, and the game ends.
    let path = awale_info_slam_first();
    let game = sowing::engine::Game::new(
        sowing::rules::load(&sowing::diagnostic::Source::new(
            "slam-first",
            std::fs::read_to_string(&path).unwrap().as_str(),
        ))
        .unwrap()
        .rules,
    );
    let start = pos(&game, "1 0 0 / 1 2 2 north");
    let run = GameRun::new(&game, start);
    assert_eq!(run.end(), Some(EndReason::FeedingImpossible));
    let (code, _, err) = sow(&[
        "trace",
        path.to_str().unwrap(),
        "--from",
        "1 0 0 / 1 2 2 north",
        "--any-stones",
        "--moves",
        "C",
    ]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("the game is over"), "{err}");
}

#[test]
fn diff_between_the_two_orders_finds_where_they_part() {
    // Breadth-first from the start, the orders first part after 10 plies, in
    // `3 9 0 / 0 1 1 south captured 18 10` (worked by hand): North has no pit
    // of 2, so South must feed. a (3) gives a=1, b=10, c=1: no feed. b (9)
    // sows b c A B C a b c A: A=2 is taken, and backward c=2, b=2, a=4, C=2,
    // B=2, every stone of North's row: a grand slam, and the only feeding
    // move. Feeding first, b is played without capture; the grand-slam rule
    // first drops b, and a does not feed: the game is over.
    let path = awale_info_slam_first();
    let (code, out, err) = sow(&["diff", "modiar-awale-info", path.to_str().unwrap()]);
    assert_eq!(code, 1, "{err}");
    assert!(
        out.contains("legal order: min_stones feed grand_slam (modiar-awale-info), min_stones grand_slam feed"),
        "{out}"
    );
    assert!(
        out.contains("part ways: after 10 plies: a A a C b A a B c A (the shortest sequence)"),
        "{out}"
    );
    assert!(out.contains("3 9 0 / 0 1 1 south captured 18 10"), "{out}");
    assert!(
        out.contains("south may play b under modiar-awale-info but not under"),
        "{out}"
    );
    // That position, played under each order.
    let game = shipped("modiar-awale-info");
    let found = pos(&game, "3 9 0 / 0 1 1 south captured 18 10");
    assert_eq!(legal(&game, &found), ["b"]);
    let s = play(&game, &found, "b");
    assert_eq!(board(&game, &s.position), [4, 2, 2, 2, 2, 2]);
    assert_eq!(s.position.captured, [18, 10]);
}

#[test]
fn diff_between_the_two_feeding_requirements_finds_where_they_part() {
    // The position sow diff finds, worked by hand: South's row is empty, so
    // North must feed. A (2: A=1, B=10) does not reach South. B (9) sows B C
    // a b c A B C a: A=3 B=2 C=19 a=2 b=1 c=1; a (2) is taken and C (19)
    // stops the chain: South keeps 0 1 1, no pit of 2, but B reached them.
    // C (17) sows C a b c A B twice and C a b c A once more: C=3 a=3 b=3 c=3
    // A=5 B=11, last in A (5): no capture, and South can play.
    let (_, path) = shipped_edited(
        "modiar-awale-info",
        &[(
            "otherwise end_game",
            "otherwise end_game\n  feed_gives reach",
        )],
        "awale-info-reach-diff",
    );
    let (code, out, err) = sow(&["diff", "modiar-awale-info", path.to_str().unwrap()]);
    assert_eq!(code, 1, "{err}");
    assert!(
        out.contains("legal feed_gives: move (modiar-awale-info), reach"),
        "{out}"
    );
    assert!(
        out.contains("part ways: after 7 plies: b B a A c A b"),
        "{out}"
    );
    assert!(out.contains("0 0 0 / 2 9 17 north captured 10 4"), "{out}");
    assert!(out.contains("north may play B under"), "{out}");
    let game = shipped("modiar-awale-info");
    let found = pos(&game, "0 0 0 / 2 9 17 north captured 10 4");
    assert_eq!(legal(&game, &found), ["C"]);
    let c = play(&game, &found, "C");
    assert_eq!(board(&game, &c.position), [3, 3, 3, 5, 11, 3]);
    let literal = sowing::engine::Game::new(
        sowing::rules::load(&sowing::diagnostic::Source::new(
            "reach",
            std::fs::read_to_string(&path).unwrap().as_str(),
        ))
        .unwrap()
        .rules,
    );
    let found = pos(&literal, "0 0 0 / 2 9 17 north captured 10 4");
    assert_eq!(legal(&literal, &found), ["B", "C"]);
    let b = play(&literal, &found, "B");
    assert_eq!(board(&literal, &b.position), [0, 1, 1, 3, 2, 19]);
    assert_eq!(b.position.captured, [10, 6]);
}

/// Awari's draw when the mover cannot feed (worked by hand in the case
/// `end/feeding_impossible/awari.yaml`), as `sow trace` says it.
#[test]
fn trace_says_awari_s_draw_when_the_mover_cannot_feed() {
    let (code, out, err) = sow(&[
        "trace",
        "awari",
        "--from",
        "2 0 0 0 0 0 / 0 0 0 0 0 0 south captured 29 17",
        "--moves",
        "",
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains("end: the player to move must feed and cannot after 0 plies; final scores south 0 - north 0: a draw"),
        "{out}"
    );
}

// ---- Meusueb: a relay landing on four takes it, then sows on ----

#[test]
fn meusueb_a_relay_landing_on_four_is_taken_and_the_sowing_goes_on_from_the_next_hole() {
    let game = shipped("meusueb");
    // South c (1): d 3->4, the last: instead of lifting the four, South
    // takes them; the next hole, e, holds 2: lift them. e (2): f 0->1,
    // A 0->1: the last lands in an empty hole and the move ends.
    let p = pos(&game, "1 1 1 3 2 0 / 0 1 1 1 1 1 south captured 18 17");
    let s = play(&game, &p, "c");
    assert_eq!(
        board(&game, &s.position),
        [1, 1, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1]
    );
    assert_eq!(s.position.captured, [22, 17]);
    // Shown lap by lap: c into d, then e into f and A.
    assert_eq!(
        game.sowing_laps(&p, s.mv),
        [(2, vec![Some(3)]), (4, vec![Some(5), Some(6)])]
    );
}

#[test]
fn sow_describe_states_the_sowing_captures() {
    let (code, out, _) = sow(&["describe", "obridje"]);
    assert_eq!(code, 0);
    assert!(
        out.contains("During the sowing, as each stone is dropped: if the pit it fell into now holds exactly 4 stones and lies on either row, its stones are captured there and then"),
        "{out}"
    );
    let (code, out, _) = sow(&["describe", "meusueb"]);
    assert_eq!(code, 0);
    assert!(
        out.contains(
            "The move then goes on: the mover lifts the stones of the pit after the captured one"
        ),
        "{out}"
    );
}

/// `sow check` on Meusueb's text with `edits`: exit code and stderr.
fn check_edited(name: &str, edits: &[(&str, &str)]) -> (i32, String) {
    let path = scratch(name).join(format!("{name}.variant"));
    std::fs::write(&path, shipped_text_with("meusueb", edits)).unwrap();
    let (code, _, err) = sow(&["check", path.to_str().unwrap()]);
    (code, err)
}

#[test]
fn relay_landing_without_relay_laps_is_refused_with_its_place() {
    let (code, err) = check_edited("landing-single", &[("laps relay", "laps single")]);
    assert_eq!(code, 1, "{err}");
    assert!(
        err.contains("`on relay_landing` needs `laps relay`, not `laps single`"),
        "{err}"
    );
    assert!(err.contains("landing-single.variant:"), "{err}");
}

#[test]
fn then_without_relay_landing_and_a_chain_with_a_sowing_trigger_are_refused() {
    let (code, err) = check_edited("then-last", &[("on relay_landing", "on last_pit")]);
    assert_eq!(code, 1, "{err}");
    assert!(
        err.contains("`then` has no effect with `on last_pit`"),
        "{err}"
    );
    let (code, err) = check_edited("every-chain", &[("side any", "side any\n  chain forward")]);
    assert_eq!(code, 1, "{err}");
    assert!(
        err.contains("`on relay_landing` takes the pit itself: a chain is not supported with it"),
        "{err}"
    );
}

/// A relay-landing capture sown on (`then resows`) that never ends: 2x1,
/// `a` 1 and `A` 4, North to move. A (4): a=2, A=1, a=3, A=2; A's lap ends
/// on 2 and takes the facing a (3), sown on from a: A=3, a=1, A=... each
/// capture lifts the other pit's 3 and sows them round to a pit of 2, for
/// ever. At the bound on relays the move is cut where it stands, with no
/// stone left in hand: before, the stones lifted for the last capture were
/// lost (a generated variant found it). Capture number 1000 (the 1001st
/// lap, an even one like the first) would have lifted a's 3: a=3, A=2.
#[test]
fn a_capture_sown_on_for_ever_is_cut_at_the_bound_without_losing_stones() {
    let text = "name \"resow cycle\"
board { rows 2; pits 1; start 2 3; stores none }
sow { direction ccw; start next; skip_origin no; laps relay }
capture more { on relay_landing; counts 2; side any; take opposite; then resows }
legal { min_stones 1 }
end { when no_legal_move; leftovers row_owner; repetition ignore }
";
    let loaded = rules::load(&Source::new("resow-cycle", text)).unwrap_or_else(|r| panic!("{r}"));
    let game = Game::new(loaded.rules);
    let s = play(&game, &pos(&game, "1 / 4 north"), "A");
    assert!(s.effect.relay_cut, "{:?}", s.effect);
    assert_eq!(board(&game, &s.position), [3, 2]);
    assert_eq!(s.position.captured, [0, 0]);
}
