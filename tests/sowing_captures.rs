//! Captures inside the sowing (`on every_pit`: Obridje; `on relay_landing`:
//! Meusueb), each worked by hand from the rule's words. Positions are in
//! the documented notation: South's a-f, then North's A-F, sowing
//! anticlockwise a -> f -> A -> F -> a.

use sowing::{diagnostic::Source, engine::Game, rules};

use crate::common::{board, legal, play, pos, scratch, shipped, shipped_text_with, sow};

/// A shipped variant with some lines of its file replaced.
fn edited(name: &str, edits: &[(&str, &str)]) -> Game {
    let text = shipped_text_with(name, edits);
    let loaded = rules::load(&Source::new("edited", text)).unwrap_or_else(|r| panic!("{r}"));
    Game::new(loaded.rules)
}

// ---- Obridje: every hole reaching four is taken as the stones pass ----

#[test]
fn obridje_fours_are_taken_as_the_stones_pass_by_the_rows_owner() {
    let game = shipped("obridje");
    // South c (4): d 1->2, e 3->4 (South's row: South takes 4), f 0->1,
    // A 3->4 (North's row: North takes 4, whoever moved). The last hole, A,
    // was taken: it holds nothing to lift, and the move ends.
    let s = play(
        &game,
        &pos(&game, "1 1 4 1 3 0 / 3 1 1 1 1 1 south captured 15 15"),
        "c",
    );
    assert_eq!(
        board(&game, &s.position),
        [1, 1, 0, 2, 0, 1, 0, 1, 1, 1, 1, 1]
    );
    assert_eq!(s.position.captured, [19, 19]);
    assert_eq!(s.effect.captured, 8);
}

#[test]
fn obridje_the_relay_goes_on_past_a_taken_four() {
    let game = shipped("obridje");
    // South c (4): d 3->4 (taken by South), e 1->2, f 0->1, A 1->2: the last
    // hole holds 2, lift it. A (2): B 1->2, C 1->2; lift C. C (2): D 1->2,
    // E 1->2; lift E. E (2): F 1->2, a 1->2; lift a. a (2): b 1->2, c 0->1:
    // the last lands in the emptied c, which held nothing: the move ends.
    let s = play(
        &game,
        &pos(&game, "1 1 4 3 1 0 / 1 1 1 1 1 1 south captured 16 16"),
        "c",
    );
    assert_eq!(
        board(&game, &s.position),
        [0, 2, 1, 0, 2, 1, 0, 2, 0, 2, 0, 2]
    );
    assert_eq!(s.position.captured, [20, 16]);
}

#[test]
fn every_pit_to_the_mover_gives_the_mover_every_four() {
    let game = edited("obridje", &[("goes_to row_owner", "goes_to mover")]);
    // As in the first Obridje test, but both fours go to South, the mover.
    let s = play(
        &game,
        &pos(&game, "1 1 4 1 3 0 / 3 1 1 1 1 1 south captured 15 15"),
        "c",
    );
    assert_eq!(s.position.captured, [23, 15]);
}

#[test]
fn a_forbidden_grand_slam_made_during_the_sowing_is_not_a_legal_move() {
    let game = edited(
        "obridje",
        &[("min_stones 1", "min_stones 1\n  grand_slam forbidden")],
    );
    // South f (1): A 3->4, taken (by North, its owner): North's row is left
    // empty, a grand slam, so f is not legal; a (1) sows into b and is.
    let p = pos(&game, "1 0 0 0 0 1 / 3 0 0 0 0 0 south captured 22 21");
    assert_eq!(legal(&game, &p), ["a"]);
    // Without the rule, f takes the four and empties North's row.
    let s = play(&shipped("obridje"), &p, "f");
    assert_eq!(s.position.captured, [22, 25]);
}

// ---- Meusueb: a relay landing on four takes it, then sows on ----

#[test]
fn meusueb_a_relay_landing_on_four_is_taken_and_the_sowing_goes_on_from_the_next_hole() {
    let game = shipped("meusueb");
    // South c (1): d 3->4, the last: instead of lifting the four, South
    // takes them; the next hole, e, holds 2: lift them. e (2): f 0->1,
    // A 0->1: the last lands in an empty hole and the move ends.
    let s = play(
        &game,
        &pos(&game, "1 1 1 3 2 0 / 0 1 1 1 1 1 south captured 18 17"),
        "c",
    );
    assert_eq!(
        board(&game, &s.position),
        [1, 1, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1]
    );
    assert_eq!(s.position.captured, [22, 17]);
}

#[test]
fn meusueb_the_move_ends_when_the_hole_after_the_capture_is_empty() {
    let game = shipped("meusueb");
    // South f (1): A 3->4, the last, in North's row: the mover takes them
    // (either row); the next hole, B, is empty: the move ends.
    let s = play(
        &game,
        &pos(&game, "0 0 0 0 0 1 / 3 0 2 2 2 2 south captured 18 18"),
        "f",
    );
    assert_eq!(
        board(&game, &s.position),
        [0, 0, 0, 0, 0, 0, 0, 0, 2, 2, 2, 2]
    );
    assert_eq!(s.position.captured, [22, 18]);
}

#[test]
fn meusueb_a_lap_ending_on_another_count_relays() {
    let game = shipped("meusueb");
    // South c (1): d 2->3, the last, holds 3 (not 4): lift them. d (3):
    // e 0->1, f 0->1, A 0->1: the last lands in an empty hole. Nothing taken.
    let s = play(
        &game,
        &pos(&game, "1 1 1 2 0 0 / 0 1 1 1 1 1 south captured 20 18"),
        "c",
    );
    assert_eq!(
        board(&game, &s.position),
        [1, 1, 0, 0, 1, 1, 1, 1, 1, 1, 1, 1]
    );
    assert_eq!(s.position.captured, [20, 18]);
}

#[test]
fn relay_landing_then_stops_ends_the_move_with_the_capture() {
    let game = edited("meusueb", &[("then sows_on", "then stops")]);
    // As the first Meusueb test: d is taken, and the move ends there
    // (e keeps its 2).
    let s = play(
        &game,
        &pos(&game, "1 1 1 3 2 0 / 0 1 1 1 1 1 south captured 18 17"),
        "c",
    );
    assert_eq!(
        board(&game, &s.position),
        [1, 1, 0, 0, 2, 0, 0, 1, 1, 1, 1, 1]
    );
    assert_eq!(s.position.captured, [22, 17]);
}

#[test]
fn relay_landing_to_the_row_owner_gives_a_four_of_the_opponents_row_to_them() {
    let game = edited("meusueb", &[("side any", "side any\n  goes_to row_owner")]);
    // As the second Meusueb test, but the four in North's A go to North.
    let s = play(
        &game,
        &pos(&game, "0 0 0 0 0 1 / 3 0 2 2 2 2 south captured 18 18"),
        "f",
    );
    assert_eq!(s.position.captured, [18, 22]);
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
