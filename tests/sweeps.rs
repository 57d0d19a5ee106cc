//! Sweeps (`on sweep`) and the `before` condition, and the games they and
//! the captures inside the sowing bring in: Oure Ngat, Whyo, Yovodji. Every
//! expected result is worked out by hand from the rules' words (the
//! variant files' headers).

use sowing::{
    diagnostic::Source,
    engine::{EndReason, Game, GameRun},
    rules,
};

use crate::common::{board, legal, play, pos, scratch, shipped, shipped_text_with, sow};

/// A shipped variant with some lines of its file replaced.
fn edited(name: &str, edits: &[(&str, &str)]) -> Game {
    let text = shipped_text_with(name, edits);
    let loaded = rules::load(&Source::new("edited", text)).unwrap_or_else(|r| panic!("{r}"));
    Game::new(loaded.rules)
}

// ---- Oure Ngat: every pile of 2, 4 or 6 is taken after the sowing ----

#[test]
fn oure_ngat_the_first_move_sweeps_the_piles_it_did_not_sow() {
    let game = shipped("oure-ngat");
    // South a (6), the first counter back into a: a 1, b c d 7, A B 7. C and
    // D still hold their six: "any piles containing 2, 4, or 6 counters at
    // the end of sowing are captured", so South takes 12.
    let s = play(&game, &game.start(), "a");
    assert_eq!(board(&game, &s.position), [1, 7, 7, 7, 7, 7, 0, 0]);
    assert_eq!(s.position.captured, [12, 0]);
}

#[test]
fn oure_ngat_sweeps_both_rows_the_movers_own_included() {
    let game = shipped("oure-ngat");
    // South c (3): c 0->1, d 0->1, A 1->2. Then a (2, not sown) and A (2)
    // are taken: 4 for South.
    let p = pos(&game, "2 1 3 0 / 1 1 1 1 south captured 19 19");
    let s = play(&game, &p, "c");
    assert_eq!(board(&game, &s.position), [0, 1, 1, 1, 0, 1, 1, 1]);
    assert_eq!(s.position.captured, [23, 19]);
    assert_eq!(s.effect.captured, 4);
    // The same sweep limited to the opponent's row takes A alone.
    let game = edited("oure-ngat", &[("side   any", "side   opponent")]);
    let s = play(&game, &p, "c");
    assert_eq!(board(&game, &s.position), [2, 1, 1, 1, 0, 1, 1, 1]);
    assert_eq!(s.position.captured, [21, 19]);
}

#[test]
fn a_sweep_sends_each_row_to_its_owner_and_waits_out_the_first_move() {
    let game = edited(
        "oure-ngat",
        &[("side   any", "side   any\n  goes_to row_owner")],
    );
    // As above: a goes to South, A to North.
    let p = pos(&game, "2 1 3 0 / 1 1 1 1 south captured 19 19");
    assert_eq!(play(&game, &p, "c").position.captured, [21, 21]);
    // `first_move no_capture`: the first move leaves C and D's sixes.
    let game = edited(
        "oure-ngat",
        &[("side   any", "side   any\n  first_move no_capture")],
    );
    let s = play(&game, &game.start(), "a");
    assert_eq!(board(&game, &s.position), [1, 7, 7, 7, 7, 7, 6, 6]);
    assert_eq!(s.position.captured, [0, 0]);
}

#[test]
fn a_sweep_that_empties_the_opponents_row_is_a_grand_slam() {
    // South d (3): d 0->1, A 1->2, B 1->2; the sweep takes A and B, North's
    // last counters: a grand slam. a (1) only puts its counter back.
    let p = "1 0 0 3 / 1 1 0 0 south captured 21 21";
    let game = shipped("oure-ngat");
    assert_eq!(legal(&game, &pos(&game, p)), ["a", "d"]);
    let s = play(&game, &pos(&game, p), "d");
    assert_eq!(board(&game, &s.position), [1, 0, 0, 1, 0, 0, 0, 0]);
    assert_eq!(s.position.captured, [25, 21]);
    let game = edited(
        "oure-ngat",
        &[("min_stones 1", "min_stones 1\n  grand_slam forbidden")],
    );
    assert_eq!(legal(&game, &pos(&game, p)), ["a"]);
}

#[test]
fn oure_ngat_ends_when_every_pile_holds_at_most_one() {
    let game = shipped("oure-ngat");
    // South a (3): a 1, b 1, c 1; nothing holds 2, 4 or 6; every pile now
    // holds at most one: nothing can be captured any more, the game ends,
    // the counters left count for nobody.
    let mut run = GameRun::new(&game, pos(&game, "3 0 0 0 / 0 1 0 1 south captured 21 22"));
    run.play(sowing::engine::parse_move("a", &game).unwrap())
        .unwrap();
    assert_eq!(board(&game, run.position()), [1, 1, 1, 0, 0, 1, 0, 1]);
    assert_eq!(run.end(), Some(EndReason::AllPitsAtMostOne));
    assert_eq!(run.scores(), [21, 22]);
}

#[test]
fn a_sweep_comes_after_the_rule_on_the_last_pit() {
    // A last-pit rule taking 3s with its facing pit, then a sweep of 2s.
    let game = edited(
        "oure-ngat",
        &[(
            "capture piles {",
            "capture last {\n  counts 3\n  side any\n  take last_and_opposite\n}\ncapture piles {",
        )],
    );
    // South a (2): a 0->1, b 2->3. The last pit, b (3), is taken with the
    // pit facing it, C (2): 5. The sweep then finds d (2) and A (4): 6.
    // C, taken by the first rule, is not counted twice.
    let p = pos(&game, "2 2 0 2 / 4 1 2 1 south captured 17 17");
    let s = play(&game, &p, "a");
    assert_eq!(board(&game, &s.position), [1, 0, 0, 0, 0, 1, 0, 1]);
    assert_eq!(s.position.captured, [28, 17]);
}

// ---- Yovodji: `before empty` ----

#[test]
fn yovodji_a_last_counter_in_an_empty_hole_of_ones_row_takes_the_facing_hole() {
    let game = shipped("yovodji");
    // South a (1): b 0->1, the last, into an empty hole of South's row: the
    // facing hole, E, gives its 3 to South.
    let p = pos(&game, "1 0 0 0 0 0 / 0 0 0 0 3 1 south captured 22 21");
    let s = play(&game, &p, "a");
    assert_eq!(
        board(&game, &s.position),
        [0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1]
    );
    assert_eq!(s.position.captured, [25, 21]);
    // North F (1): a 0->1, an empty hole of South's row: no capture.
    let p = pos(&game, "0 0 0 0 0 1 / 3 0 0 0 0 1 north captured 22 21");
    let s = play(&game, &p, "F");
    assert_eq!(s.position.captured, [22, 21]);
}

#[test]
fn yovodji_relays_from_an_occupied_hole_before_it_captures() {
    let game = shipped("yovodji");
    // South a (1): b 1->2, occupied: lift b (2): c 0->1, d 0->1, the last,
    // into an empty hole of South's row: the facing hole, C, gives its 2.
    let p = pos(&game, "1 1 0 0 0 0 / 0 0 2 0 0 0 south captured 22 22");
    let s = play(&game, &p, "a");
    assert_eq!(
        board(&game, &s.position),
        [0, 0, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0]
    );
    assert_eq!(s.position.captured, [24, 22]);
}

#[test]
fn yovodji_must_feed_an_empty_row_and_ends_when_it_cannot() {
    let game = shipped("yovodji");
    // North's row is empty: a (1) sows into b and does not feed; f (1) sows
    // into A and does.
    let p = pos(&game, "1 0 0 0 0 1 / 0 0 0 0 0 0 south captured 23 23");
    assert_eq!(legal(&game, &p), ["f"]);
    // No move can: the game ends, South taking the counters of their row.
    let p = pos(&game, "1 0 0 1 0 0 / 0 0 0 0 0 0 south captured 23 23");
    let run = GameRun::new(&game, p);
    assert_eq!(run.end(), Some(EndReason::FeedingImpossible));
    assert_eq!(run.scores(), [25, 23]);
}

#[test]
fn before_occupied_captures_at_any_count() {
    // Yovodji's rule with `before occupied` and one lap: a last counter into
    // an occupied hole of one's row takes the facing hole, whatever count it
    // makes.
    let game = edited(
        "yovodji",
        &[
            ("before empty", "before occupied"),
            ("laps        relay", "laps        single"),
        ],
    );
    // South a (2): b 0->1, c 5->6, the last, into an occupied hole: the
    // facing hole, D, gives its 4.
    let p = pos(&game, "2 0 5 0 0 0 / 0 0 0 4 0 0 south captured 18 19");
    let s = play(&game, &p, "a");
    assert_eq!(
        board(&game, &s.position),
        [0, 1, 6, 0, 0, 0, 0, 0, 0, 0, 0, 0]
    );
    assert_eq!(s.position.captured, [22, 19]);
    // South b (2): c 0->1, d 0->1, into an empty hole: no capture.
    let p = pos(&game, "0 2 0 0 0 0 / 0 0 0 4 0 0 south captured 21 21");
    assert_eq!(play(&game, &p, "b").position.captured, [21, 21]);
}

// ---- Whyo: a lap making four takes it and ends the move ----

#[test]
fn whyo_a_lap_making_four_takes_it_and_ends_the_move() {
    let game = shipped("whyo");
    // South a (2): b 0->1, c 3->4, the last: South takes the four.
    let p = pos(&game, "2 0 3 0 0 0 / 0 0 0 0 0 1 south captured 21 21");
    let s = play(&game, &p, "a");
    assert_eq!(
        board(&game, &s.position),
        [0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1]
    );
    assert_eq!(s.position.captured, [25, 21]);
    // After a relay: a (1): b 2->3, occupied: lift b (3): c 0->1, d 0->1,
    // e 3->4, the last: South takes it, and the move ends.
    let p = pos(&game, "1 2 0 0 3 0 / 0 0 0 0 0 0 south captured 21 21");
    let s = play(&game, &p, "a");
    assert_eq!(
        board(&game, &s.position),
        [0, 0, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0]
    );
    assert_eq!(s.position.captured, [25, 21]);
}

#[test]
fn whyo_the_last_player_able_to_move_takes_the_board() {
    let game = shipped("whyo");
    // South e (1): f 0->1, into an empty hole: the move ends. North cannot
    // move: the game ends, and South, who moved last, takes d and f (4).
    let mut run = GameRun::new(
        &game,
        pos(&game, "0 0 0 3 1 0 / 0 0 0 0 0 0 south captured 19 25"),
    );
    run.play(sowing::engine::parse_move("e", &game).unwrap())
        .unwrap();
    assert_eq!(run.end(), Some(EndReason::NoLegalMove));
    assert_eq!(run.scores(), [23, 25]);
}

// ---- Bad input: through the binary, with its place ----

/// `sow check` on a shipped variant's text with `edits`: exit code and
/// stderr.
fn check_edited(name: &str, edits: &[(&str, &str)]) -> (i32, String) {
    let dir = scratch(&format!("reach-{name}"));
    let path = dir.join(format!("{name}.variant"));
    std::fs::write(&path, shipped_text_with(name, edits)).unwrap();
    let (code, _, err) = sow(&["check", path.to_str().unwrap()]);
    (code, err)
}

#[test]
fn a_sweep_before_a_last_pit_rule_is_refused_at_its_on_line() {
    let (code, err) = check_edited(
        "oure-ngat",
        &[(
            "legal {",
            "capture late {\n  counts 3\n  side   any\n}\nlegal {",
        )],
    );
    assert_eq!(code, 1, "{err}");
    assert!(
        err.contains(
            "`capture piles` sweeps the board before `capture late` looks at the last pit"
        ),
        "{err}"
    );
    assert!(err.contains("oure-ngat.variant:47:"), "{err}");
}

#[test]
fn before_with_a_relay_landing_is_refused_at_its_line() {
    let (code, err) = check_edited("whyo", &[("counts 4", "counts 4\n  before occupied")]);
    assert_eq!(code, 1, "{err}");
    assert!(
        err.contains("`before` cannot be combined with `on relay_landing`"),
        "{err}"
    );
    let line = shipped_text_with("whyo", &[])
        .lines()
        .position(|l| l.contains("counts 4"))
        .unwrap()
        + 2;
    assert!(err.contains(&format!("whyo.variant:{line}:")), "{err}");
}
