//! The players' agreement to end a repeating game (`end { repetition
//! agree }`): Oware's, Enindji's, Yovodji's, Fondji's and
//! Woli's "if the game continues in a repeating loop, the players can agree
//! to end the game and capture the counters remaining in their row": the
//! notation of a proposal and the refusal of the vote words elsewhere. The
//! loop played through, worked by hand from the rule's words, is a case
//! (`tests/cases/end/repetition/agree.yaml`, on the same ring).

use sowing::{
    diagnostic::Source,
    engine::{parse_move, EndReason, Game, GameRun, Move, Vote},
    rules,
};

use crate::common::pos;

/// A ring of four pits (`a b A B`, sown counter-clockwise one pit on), no
/// capture: two single stones go round it, so positions repeat.
const RING: &str = "name \"Ring\"
board { rows 2; pits 2; seeds 1; stores none }
sow { direction ccw; start next; laps single }
end { when no_legal_move; leftovers row_owner; repetition agree; repetition_leftovers row_owner }
";

fn ring() -> Game {
    Game::new(rules::load(&Source::new("ring", RING)).unwrap().rules)
}

/// Plays the moves `labels` (space separated) in `run`.
fn moves(run: &mut GameRun<'_>, labels: &str) {
    for label in labels.split_whitespace() {
        let mv = parse_move(label, run.game()).unwrap();
        run.play(mv).unwrap_or_else(|e| panic!("{label}: {e}"));
    }
}

/// From `1 0 / 1 0 south` (stones in a and A): South a -> b, North A -> B,
/// South b -> A (North's A now holds 1, B 1), North B -> a: the stones are
/// back in a and A with South to move, the position the game started from.
const LOOP: &str = "a A b B";

#[test]
fn vote_words_are_refused_by_a_variant_without_the_rule() {
    let text = RING.replace("repetition agree", "repetition end_game");
    let game = Game::new(rules::load(&Source::new("ring", text)).unwrap().rules);
    let err = parse_move("propose", &game).unwrap_err();
    assert!(
        err.contains("only for variants with `repetition agree`"),
        "{err}"
    );
    // Under `end_game` the same loop ends the game at the repetition.
    let mut run = GameRun::new(&game, pos(&game, "1 0 / 1 0 south"));
    moves(&mut run, LOOP);
    assert_eq!(run.end(), Some(EndReason::Repetition));
}

#[test]
fn a_position_with_a_proposal_is_written_and_read_back() {
    let game = ring();
    let p = pos(&game, "1 0 / 1 0 north proposed");
    assert_eq!(p.vote, Vote::Proposed);
    assert_eq!(
        sowing::engine::format_position(&p, &game),
        "1 0 / 1 0 north proposed"
    );
    // The answers are its successors; `accept` ends the game (South, the
    // proposer, to move in the ended position), `refuse` gives South the move.
    let mut out = sowing::engine::Successors::default();
    game.successors(&p, &mut out);
    let answers: Vec<_> = out
        .as_slice()
        .iter()
        .map(|s| (s.mv, s.position.vote))
        .collect();
    assert_eq!(
        answers,
        [(Move::ACCEPT, Vote::Agreed), (Move::REFUSE, Vote::None)]
    );
    let agreed = out.as_slice()[0].position;
    assert_eq!(
        sowing::engine::format_position(&agreed, &game),
        "1 0 / 1 0 south agreed"
    );
    let mut after = sowing::engine::Successors::default();
    game.successors(&agreed, &mut after);
    assert!(after.is_empty());
    assert_eq!(after.end_reason(), EndReason::Repetition);
}
