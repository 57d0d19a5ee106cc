//! The players' agreement to end a repeating game (`end { repetition
//! agree }`): Oware's, Enindji's, Yovodji's, Fondji's and
//! Woli's "if the game continues in a repeating loop, the players can agree
//! to end the game and capture the counters remaining in their row". Every
//! expected result is worked out by hand from the rule's words.

use sowing::{
    diagnostic::Source,
    engine::{parse_move, EndReason, Game, GameRun, Move, Vote},
    rules,
};

use crate::common::{board, pos};

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

fn labels(run: &GameRun<'_>) -> Vec<String> {
    (run.moves().as_slice().iter())
        .map(|&mv| run.game().move_label(mv))
        .collect()
}

/// From `1 0 / 1 0 south` (stones in a and A): South a -> b, North A -> B,
/// South b -> A (North's A now holds 1, B 1), North B -> a: the stones are
/// back in a and A with South to move, the position the game started from.
const LOOP: &str = "a A b B";

#[test]
fn a_repeated_position_offers_its_mover_a_proposal_after_the_sowing_moves() {
    let game = ring();
    let mut run = GameRun::new(&game, pos(&game, "1 0 / 1 0 south"));
    // Before the loop closes nobody may propose.
    moves(&mut run, "a A b");
    assert_eq!(labels(&run), ["A", "B"]);
    moves(&mut run, "B");
    assert_eq!(board(&game, run.position()), [1, 0, 1, 0]);
    assert_eq!(run.end(), None);
    // South's one sowing move, a, then the proposal.
    assert_eq!(labels(&run), ["a", "propose"]);
    let last = run.successors().as_slice().last().unwrap();
    assert_eq!(last.mv, Move::PROPOSE);
    assert_eq!(last.position.vote, Vote::Proposed);
}

#[test]
fn an_accepted_proposal_ends_the_game_each_taking_their_row() {
    let game = ring();
    let mut run = GameRun::new(&game, pos(&game, "1 0 / 1 0 south"));
    moves(&mut run, LOOP);
    moves(&mut run, "propose");
    // North answers: accept or refuse, nothing else.
    assert_eq!(run.position().to_move, sowing::engine::Player::North);
    assert_eq!(labels(&run), ["accept", "refuse"]);
    moves(&mut run, "accept");
    // Over, as a repetition: South's row holds a's stone, North's A's.
    assert_eq!(run.end(), Some(EndReason::Repetition));
    assert_eq!(run.scores(), [1, 1]);
    assert_eq!(run.plies(), 6);
}

#[test]
fn a_refused_proposal_leaves_the_proposer_to_sow_without_a_new_offer() {
    let game = ring();
    let mut run = GameRun::new(&game, pos(&game, "1 0 / 1 0 south"));
    moves(&mut run, LOOP);
    moves(&mut run, "propose refuse");
    // South is to move at the repeated position, and may only sow.
    assert_eq!(run.position().to_move, sowing::engine::Player::South);
    assert_eq!(run.position().vote, Vote::None);
    assert_eq!(labels(&run), ["a"]);
    // The loop goes round again: South a (0 1 / 1 0 north) repeats the
    // position after the first ply, so North may propose there.
    moves(&mut run, "a");
    assert_eq!(labels(&run), ["A", "propose"]);
    assert_eq!(run.end(), None);
}

#[test]
fn a_sowing_move_is_not_an_answer_and_a_vote_needs_a_repetition() {
    let game = ring();
    let mut run = GameRun::new(&game, pos(&game, "1 0 / 1 0 south"));
    // No repetition yet: no proposal.
    let err = run.play(Move::PROPOSE).unwrap_err();
    assert!(
        err.to_string().contains("only at a repeated position"),
        "{err}"
    );
    moves(&mut run, LOOP);
    moves(&mut run, "propose");
    let err = run.play(parse_move("A", &game).unwrap()).unwrap_err();
    assert!(err.to_string().contains("`accept` or `refuse`"), "{err}");
}

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
