//! Sute (four rows, Sanderson 1913 via Ludii) worked by hand: single
//! counters step into empty pits only, and one that reaches an inner pit
//! facing an empty pit takes the opponent's outer pit behind it
//! (`take behind_past_empty`). Sute has no relay and no re-sowing.

use sowing::engine::{format_position, parse_move, GameRun, Outcome};

use sowing::diagnostic::Source;
use sowing::rules;

use crate::common::{legal, play, pos, shipped, shipped_text_with, sow};

#[test]
fn sute_a_counter_moves_only_into_an_empty_pit() {
    let game = shipped("sute");
    let start = game.start();
    assert_eq!(
        format_position(&start, &game),
        "1 1 1 1 1 1 1 1 / 0 1 1 1 1 1 1 1 / 1 1 1 1 1 1 1 1 / 0 1 1 1 1 1 1 1 south"
    );
    // South's only empty pit is i (the east end of the inner row): only h,
    // the pit before it on South's circuit, may move.
    assert_eq!(legal(&game, &start), ["h"]);
    let g = parse_move("g", &game).unwrap();
    assert!(
        game.play(&start, g).is_err(),
        "g's counter would fall into h"
    );
    // h -> i: i faces North's P, which holds a counter: nothing is taken.
    let s = play(&game, &start, "h");
    assert_eq!(s.effect.captured, 0);
    assert_eq!(
        format_position(&s.position, &game),
        "1 1 1 1 1 1 1 0 / 1 1 1 1 1 1 1 1 / 1 1 1 1 1 1 1 1 / 0 1 1 1 1 1 1 1 north"
    );
    // North's only empty pit is I (the west end of North's inner row): H,
    // the west end of North's outer row, moves into it.
    assert_eq!(legal(&game, &s.position), ["H"]);
}

#[test]
fn sute_an_inner_pit_facing_an_empty_pit_takes_the_outer_pit_behind_it() {
    let game = shipped("sute");
    // South's i and p are empty: h may move into i, o into p. o -> p: p is
    // at the west end of South's inner row, facing North's I (empty);
    // behind I North's H (the west end of North's outer row, A-H running
    // from the east) holds a counter: taken out of play.
    let p = pos(
        &game,
        "1 1 1 1 1 1 1 1 / 0 1 1 1 1 1 1 0 / 1 1 1 1 1 1 1 1 / 0 1 1 1 1 1 1 1 south removed 1",
    );
    assert_eq!(legal(&game, &p), ["h", "o"]);
    let s = play(&game, &p, "o");
    assert_eq!(s.effect.captured, 1);
    assert_eq!(s.effect.captured_pits, 1 << 23, "H");
    assert_eq!(
        format_position(&s.position, &game),
        "1 1 1 1 1 1 1 1 / 0 1 1 1 1 1 0 1 / 1 1 1 1 1 1 1 0 / 0 1 1 1 1 1 1 1 north removed 2"
    );
    // h -> i instead: i faces North's P, which holds a counter: nothing.
    let s = play(&game, &p, "h");
    assert_eq!(s.effect.captured, 0);
    // An empty pit behind gives nothing: with H empty too, o takes nothing.
    let p = pos(
        &game,
        "1 1 1 1 1 1 1 1 / 0 1 1 1 1 1 1 0 / 1 1 1 1 1 1 1 0 / 0 1 1 1 1 1 1 1 south removed 2",
    );
    assert_eq!(play(&game, &p, "o").effect.captured, 0);
}

#[test]
fn sute_the_player_without_counters_loses() {
    let game = shipped("sute");
    // South's last move took North's last counter: North cannot move, and
    // South takes the counters left on the board.
    let p = pos(
        &game,
        "1 0 1 0 0 0 0 0 / 0 0 0 0 0 0 0 1 / 0 0 0 0 0 0 0 0 / 0 0 0 0 0 0 0 0 north removed 27",
    );
    assert!(legal(&game, &p).is_empty());
    let run = GameRun::new(&game, p);
    assert_eq!(run.scores(), [3, 0]);
    assert_eq!(run.outcome(), Some(Outcome::South));
}

#[test]
fn sute_describe_says_four_rows_and_the_capture_past_an_empty_pit() {
    let (code, out, _) = sow(&["describe", "sute"]);
    assert_eq!(code, 0);
    assert!(out.contains("The board has four rows of 8 pits"), "{out}");
    assert!(
        out.contains(
            "is empty, the mover captures the stones of the opponent's outer pit behind that one"
        ),
        "{out}"
    );
}

/// `take behind_past_empty` needs four rows, and is not sown on.
#[test]
fn sute_take_behind_past_empty_needs_four_rows() {
    let errors = |text: String| {
        rules::load(&Source::new("t.variant", text))
            .unwrap_err()
            .to_string()
    };
    let two_rows = shipped_text_with(
        "meusueb",
        &[("side   any", "side   own\n  take behind_past_empty")],
    );
    let found = errors(two_rows);
    assert!(
        found.contains("`take behind_past_empty` needs a four-row board (`rows 4`)"),
        "{found}"
    );
}
