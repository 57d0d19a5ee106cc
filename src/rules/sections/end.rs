//! The `end` section: when the game ends and how it is scored. Its
//! declaration, each key as a named constant (the handle a check names it
//! by), the sentences `sow describe` says of them, and the checks that tie
//! its keys to those of the sections before it.

use super::phrases::*;
use super::{board, capture, legal, sow};
use crate::{
    diagnostic::Diagnostic,
    rules::{declaration::*, keyword::Keyword, model::*},
};

pub const SECTION: Section = Section {
    name: "end",
    doc: "When the game ends and how it is scored.",
    intro: "",
    notes: "The higher total (captures plus leftovers) wins; equal totals are a draw.
`leftovers` scores every way the game ends; a key named after one of them
(`no_legal_move`, `feeding_impossible`, `captured_majority`, `row_empty`,
`all_pits_at_most_one`, `stones_left`, `score_reached`, `relay_cycle`,
`inner_row_empty`, `own_pits_empty`, `either_cannot_move`, and `repetition_leftovers` for a repetition) scores that way differently, e.g.
`feeding_impossible draw` (Ludii's Awari: the players pass and the game is
drawn). Such a key for a way the rules never end the game is an error.
`draw` makes the game a draw whatever was captured (both final scores are 0);
`empty_row_wins` and `empty_row_loses` make it a win (the winner scores
every stone, the loser none); `able_to_move` is a draw when neither player can move. `sow solve`
does not take such variants (its positions do not record the captures a draw
or a win sets aside), nor `score_reached` (whether it ends depends on the
captures). `last_mover` is the player who made the last move, extra turns
included: after a move that ended in the mover's store (`extra_turn store`),
the player to move; `sow solve` does not take `last_mover` with extra turns
(its positions do not record who moved last).

`stones_left` needs `stones_left_at_most N` and `score_reached` needs
`score_at_least N` (and neither number is allowed without its condition).
`score_at_least 49` on a board of 98 stones ends the game when a player has
half of them (Chonka's \"exactly half\").
With `repetition ignore` only a simulator's ply cap stops a cycling game, and
that is always reported as `ply_cap`, never as a normal end.
`repetition_leftovers` with `repetition ignore` is an error, and so is an end
condition given twice.
`repetition_test four_moves_thrice` offers the proposal of `repetition
agree` only when the boards after the last twelve moves (a proposal and an
answer are moves that leave the board as it was) are the same four boards
three times over, not at every repeated position (Ludii's `is Cycle`, its
test of a repeating loop); it needs `repetition agree` (an error otherwise).

`relay_cycle` ends a game whose relay came back to a lap state of the same
move, with the board as it was then (no capture: the relay never ended). It
needs relay laps. `test_after lap` also tests the other end conditions of
`when` after each relay lap: a lap that leaves one holding stops the move there,
without capture where the lap ends (the pits an `on every_pit` rule takes
during the lap are taken; a capture `on relay_landing` that sows on from the
next pit is taken, and the end tested, before that pit is sown), and the
mover is still the player to move, their relay not sown out (Ludii, where each lap is a move, tests its end after
each: a round ended there is refilled from the mover, under `first_filler
to_move`). It needs relay laps and an end condition besides `no_legal_move`,
`neither_can_move` and `relay_cycle`. `test_after lap_moves` tests as
`lap` does and, under `neither_can_move`, whether a lap leaves neither
player a move: such a lap, too, stops the move, the mover then passing as
the other does, so the game ends (Ludii's Galatjang, which tests \"no more
moves can be made\" after each lap). It needs `neither_can_move`.

`inner_row_empty` is for four rows only: the game ends when a player's
inner row (the row next to the opponent's) is empty after a ply, whoever
moved. `inner_row_empty empty_row_loses` makes that player lose (Bao: \"a
player whose inner row is empty loses\"); `empty_row_wins` and
`empty_row_loses` look at the inner rows for a game ended this way, and at
each player's rows for every other way.",
    order: None,
    repeat: None,
    keys: &[
        WHEN,
        LEFTOVERS,
        REPETITION,
        REPETITION_LEFTOVERS,
        REPETITION_TEST,
        NO_LEGAL_MOVE,
        FEEDING_IMPOSSIBLE,
        CAPTURED_MAJORITY,
        ROW_EMPTY,
        ALL_PITS_AT_MOST_ONE,
        STONES_LEFT_AT_MOST,
        SCORE_AT_LEAST,
        STONES_LEFT,
        SCORE_REACHED,
        RELAY_CYCLE,
        INNER_ROW_EMPTY,
        OWN_PITS_EMPTY,
        EITHER_CANNOT_MOVE,
        TEST_AFTER,
    ],
    checks: &[
        resows_fits,
        inner_row_empty_needs_four_rows,
        sowing_triggers_fit,
        lap_rules_need_relays,
        relay_taking_next_fits,
        lap_test_needs_a_condition,
        repetition_leftovers_needs_repetition,
        repetition_test_needs_agree,
        scoring_needs_its_end,
        end_numbers_go_with_their_condition,
    ],
};

pub const WHEN: Key = Key {
    section: Some("end"),
    name: "when",
    describe: end_when,
    read: |r, v| r.end.when = end_conditions(v.words()),
    write: |r| Some(r.end.when.iter().map(ToString::to_string).collect()),
    what: "end condition",
    value: ValueKind::WordList(Words::of::<EndWhen>().opt_in(&[
        "inner_row_empty",
        "own_pits_empty",
        "either_cannot_move",
    ])),
    default: Default::Value("no_legal_move"),
    warns: None,
    doc: "What ends the game, besides the player to move having no legal move (which always does).",
    example: "when no_legal_move captured_majority",
    infer: Infer::Searched,
};

pub const LEFTOVERS: Key = Key {
    section: Some("end"),
    name: "leftovers",
    describe: leftovers,
    read: |r, v| r.end.leftovers = v.word(),
    write: |r| Some(one(r.end.leftovers)),
    what: "leftover rule",
    value: ValueKind::Word(Words::of::<Leftovers>().opt_in(&["last_mover", "board_side"])),
    default: Default::Value("row_owner"),
    warns: None,
    doc: "Who gets the stones left on the board when the game ends.",
    example: "leftovers row_owner",
    infer: Infer::Searched,
};

pub const REPETITION: Key = Key {
    section: Some("end"),
    name: "repetition",
    describe: repetition,
    read: |r, v| r.end.repetition = v.word(),
    write: |r| Some(one(r.end.repetition)),
    what: "repetition rule",
    value: ValueKind::Word(Words::of::<Repetition>().opt_in(&["agree"])),
    default: Default::Value("ignore"),
    warns: Some(Warning {
        text: "no rule for endless games: `repetition ignore` assumed, so only a ply cap stops a cycling game",
        only_if: None,
    }),
    doc: "What a repeated position (board and player to move) does.",
    example: "repetition end_game",
    infer: Infer::Searched,
};

pub const REPETITION_LEFTOVERS: Key = Key {
    section: Some("end"),
    name: "repetition_leftovers",
    describe: said_elsewhere,
    read: |r, v| r.end.repetition_leftovers = v.word(),
    write: |r| (r.end.repetition != Repetition::Ignore).then(|| one(r.end.repetition_leftovers)),
    what: "leftover rule",
    value: ValueKind::Word(Words::of::<Leftovers>().opt_in(&["last_mover", "board_side"])),
    default: Default::SameAs("leftovers"),
    warns: None,
    doc: "Who gets the stones left on the board after a game ended by repetition.",
    example: "repetition_leftovers row_owner",
    infer: Infer::Searched,
};

pub const REPETITION_TEST: Key = Key {
    section: Some("end"),
    name: "repetition_test",
    describe: said_elsewhere,
    read: |r, v| r.end.repetition_test = v.word(),
    write: |r| (r.end.repetition_test != RepetitionTest::Position).then(|| one(r.end.repetition_test)),
    what: "repetition test",
    value: ValueKind::Word(Words::of::<RepetitionTest>().opt_in(&["four_moves_thrice"])),
    default: Default::Value("position"),
    warns: None,
    doc: "What counts as a repeating game under `repetition agree`: a repeated position, or the same four-move loop three times over.",
    example: "repetition_test four_moves_thrice",
    infer: Infer::Searched,
};

pub const NO_LEGAL_MOVE: Key = Key {
    section: Some("end"),
    name: "no_legal_move",
    describe: said_elsewhere,
    read: |r, v| r.end.scoring.no_legal_move = v.word(),
    write: |r| Some(one(r.end.scoring.no_legal_move)),
    what: "leftover rule",
    value: ValueKind::Word(Words::of::<Leftovers>().opt_in(&["last_mover", "board_side"])),
    default: Default::SameAs("leftovers"),
    warns: None,
    doc: "How a game ended because the player to move has no legal move is scored.",
    example: "no_legal_move row_owner",
    infer: Infer::Searched,
};

pub const FEEDING_IMPOSSIBLE: Key = Key {
    section: Some("end"),
    name: "feeding_impossible",
    describe: said_elsewhere,
    read: |r, v| r.end.scoring.feeding_impossible = v.word(),
    write: |r| {
        way_in_force(r, "feeding_impossible")
            .is_ok()
            .then(|| one(r.end.scoring.feeding_impossible))
    },
    what: "leftover rule",
    value: ValueKind::Word(Words::of::<Leftovers>().opt_in(&["last_mover", "board_side"])),
    default: Default::SameAs("leftovers"),
    warns: None,
    doc:
        "How a game ended because the mover must feed and cannot (`otherwise end_game`) is scored.",
    example: "feeding_impossible draw",
    infer: Infer::Searched,
};

pub const CAPTURED_MAJORITY: Key = Key {
    section: Some("end"),
    name: "captured_majority",
    describe: said_elsewhere,
    read: |r, v| r.end.scoring.captured_majority = v.word(),
    write: |r| ends_on(r, EndWhen::CapturedMajority).then(|| one(r.end.scoring.captured_majority)),
    what: "leftover rule",
    value: ValueKind::Word(Words::of::<Leftovers>().opt_in(&["last_mover", "board_side"])),
    default: Default::SameAs("leftovers"),
    warns: None,
    doc: "How a game ended by `captured_majority` is scored.",
    example: "captured_majority row_owner",
    infer: Infer::Searched,
};

pub const ROW_EMPTY: Key = Key {
    section: Some("end"),
    name: "row_empty",
    describe: said_elsewhere,
    read: |r, v| r.end.scoring.row_empty = v.word(),
    write: |r| ends_on(r, EndWhen::RowEmpty).then(|| one(r.end.scoring.row_empty)),
    what: "leftover rule",
    value: ValueKind::Word(Words::of::<Leftovers>().opt_in(&["last_mover", "board_side"])),
    default: Default::SameAs("leftovers"),
    warns: None,
    doc: "How a game ended by `row_empty` is scored.",
    example: "row_empty row_owner",
    infer: Infer::Searched,
};

pub const ALL_PITS_AT_MOST_ONE: Key = Key {
    section: Some("end"),
    name: "all_pits_at_most_one",
    describe: said_elsewhere,
    read: |r, v| r.end.scoring.all_pits_at_most_one = v.word(),
    write: |r| {
        ends_on(r, EndWhen::AllPitsAtMostOne).then(|| one(r.end.scoring.all_pits_at_most_one))
    },
    what: "leftover rule",
    value: ValueKind::Word(Words::of::<Leftovers>().opt_in(&["last_mover", "board_side"])),
    default: Default::SameAs("leftovers"),
    warns: None,
    doc: "How a game ended by `all_pits_at_most_one` is scored.",
    example: "all_pits_at_most_one unscored",
    infer: Infer::Searched,
};

pub const STONES_LEFT_AT_MOST: Key = Key {
    section: Some("end"),
    name: "stones_left_at_most",
    describe: said_elsewhere,
    read: |r, v| r.end.stones_left_at_most = Some(v.byte()),
    write: |r| r.end.stones_left_at_most.map(|n| vec![n.to_string()]),
    what: "stones left",
    value: ValueKind::Number {
        min: 0,
        max: Bound::Stones,
    },
    default: Default::Absent("none; required with `stones_left`"),
    warns: None,
    doc: "Under `stones_left`: the game ends when at most this many stones are left on the board.",
    example: "stones_left_at_most 1",
    infer: Infer::Searched,
};

pub const SCORE_AT_LEAST: Key = Key {
    section: Some("end"),
    name: "score_at_least",
    describe: said_elsewhere,
    read: |r, v| r.end.score_at_least = Some(v.byte()),
    write: |r| r.end.score_at_least.map(|n| vec![n.to_string()]),
    what: "score threshold",
    value: ValueKind::Number {
        min: 1,
        max: Bound::Stones,
    },
    default: Default::Absent("none; required with `score_reached`"),
    warns: None,
    doc:
        "Under `score_reached`: the game ends when a player has captured at least this many stones.",
    example: "score_at_least 49",
    infer: Infer::Searched,
};

pub const STONES_LEFT: Key = Key {
    section: Some("end"),
    name: "stones_left",
    describe: said_elsewhere,
    read: |r, v| r.end.scoring.stones_left = v.word(),
    write: |r| ends_on(r, EndWhen::StonesLeft).then(|| one(r.end.scoring.stones_left)),
    what: "leftover rule",
    value: ValueKind::Word(Words::of::<Leftovers>().opt_in(&["last_mover", "board_side"])),
    default: Default::SameAs("leftovers"),
    warns: None,
    doc: "How a game ended by `stones_left` is scored.",
    example: "stones_left row_owner",
    infer: Infer::Searched,
};

pub const SCORE_REACHED: Key = Key {
    section: Some("end"),
    name: "score_reached",
    describe: said_elsewhere,
    read: |r, v| r.end.scoring.score_reached = v.word(),
    write: |r| ends_on(r, EndWhen::ScoreReached).then(|| one(r.end.scoring.score_reached)),
    what: "leftover rule",
    value: ValueKind::Word(Words::of::<Leftovers>().opt_in(&["last_mover", "board_side"])),
    default: Default::SameAs("leftovers"),
    warns: None,
    doc: "How a game ended by `score_reached` is scored.",
    example: "score_reached unscored",
    infer: Infer::Searched,
};

pub const RELAY_CYCLE: Key = Key {
    section: Some("end"),
    name: "relay_cycle",
    describe: said_elsewhere,
    read: |r, v| r.end.scoring.relay_cycle = v.word(),
    write: |r| ends_on(r, EndWhen::RelayCycle).then(|| one(r.end.scoring.relay_cycle)),
    what: "leftover rule",
    value: ValueKind::Word(Words::of::<Leftovers>().opt_in(&["last_mover", "board_side"])),
    default: Default::SameAs("leftovers"),
    warns: None,
    doc: "How a game ended by `relay_cycle` is scored.",
    example: "relay_cycle draw",
    infer: Infer::Searched,
};

pub const INNER_ROW_EMPTY: Key = Key {
    section: Some("end"),
    name: "inner_row_empty",
    describe: said_elsewhere,
    read: |r, v| r.end.scoring.inner_row_empty = v.word(),
    write: |r| ends_on(r, EndWhen::InnerRowEmpty).then(|| one(r.end.scoring.inner_row_empty)),
    what: "leftover rule",
    value: ValueKind::Word(Words::of::<Leftovers>().opt_in(&["last_mover", "board_side"])),
    default: Default::SameAs("leftovers"),
    warns: None,
    doc: "How a game ended by `inner_row_empty` is scored.",
    example: "inner_row_empty empty_row_loses",
    infer: Infer::OptIn,
};

pub const OWN_PITS_EMPTY: Key = Key {
    section: Some("end"),
    name: "own_pits_empty",
    describe: said_elsewhere,
    read: |r, v| r.end.scoring.own_pits_empty = v.word(),
    write: |r| ends_on(r, EndWhen::OwnPitsEmpty).then(|| one(r.end.scoring.own_pits_empty)),
    what: "leftover rule",
    value: ValueKind::Word(Words::of::<Leftovers>().opt_in(&["last_mover", "board_side"])),
    default: Default::SameAs("leftovers"),
    warns: None,
    doc: "How a game ended by `own_pits_empty` is scored.",
    example: "own_pits_empty row_owner",
    infer: Infer::OptIn,
};

pub const EITHER_CANNOT_MOVE: Key = Key {
    section: Some("end"),
    name: "either_cannot_move",
    describe: said_elsewhere,
    read: |r, v| r.end.scoring.either_cannot_move = v.word(),
    write: |r| ends_on(r, EndWhen::EitherCannotMove).then(|| one(r.end.scoring.either_cannot_move)),
    what: "leftover rule",
    value: ValueKind::Word(Words::of::<Leftovers>().opt_in(&["last_mover", "board_side"])),
    default: Default::SameAs("leftovers"),
    warns: None,
    doc: "How a game ended by `either_cannot_move` is scored.",
    example: "either_cannot_move row_owner",
    infer: Infer::OptIn,
};

pub const TEST_AFTER: Key = Key {
    section: Some("end"),
    name: "test_after",
    describe: end_test,
    read: |r, v| r.end.test_after = v.word(),
    write: |r| Some(one(r.end.test_after)),
    what: "end test",
    value: ValueKind::Word(Words::of::<EndTest>()),
    default: Default::Value("move"),
    warns: None,
    doc: "When the end conditions of `when` are tested: after each move, or also after each relay lap.",
    example: "test_after lap",
    infer: Infer::Searched,
};

/// The key that scores the way of ending named `way` (an
/// [`EndScoring::ways`] name).
pub(crate) fn way_key(way: &str) -> &'static Key {
    SECTION
        .keys
        .iter()
        .find(|k| k.name == way)
        .unwrap_or_else(|| unreachable!("`{way}` is a way of ending without its key"))
}

/// Whether `condition` is one of the rules' end conditions.
fn ends_on(rules: &Rules, condition: EndWhen) -> bool {
    rules.end.when.contains(&condition)
}

/// Whether the feeding rule can end the game (`otherwise end_game`).
fn feeding_can_end(rules: &Rules) -> bool {
    rules.feeding.when != FeedWhen::Never && rules.feeding.otherwise == FeedFallback::EndGame
}

/// Whether the way of ending named `way` (an [`EndScoring::ways`] name) can
/// end a game under `rules`; when not, why (for the message that its
/// scoring has no effect). A way named after an end condition ([`EndWhen`])
/// is in force when `when` lists it; the feeding rule's when it can end the
/// game; `no_legal_move` always.
pub fn way_in_force(rules: &Rules, way: &str) -> Result<(), String> {
    if way == FEEDING_IMPOSSIBLE.name {
        return feeding_can_end(rules)
            .then_some(())
            .ok_or_else(|| "the feeding rule never ends the game (`otherwise end_game`)".into());
    }
    match EndWhen::from_keyword(way) {
        Some(condition) if !ends_on(rules, condition) && condition != EndWhen::NoLegalMove => {
            Err(format!("`when` does not list `{way}`"))
        }
        _ => Ok(()),
    }
}

/// `no_legal_move` always ends the game: it comes first, whether or not it
/// is written.
fn end_conditions(given: Vec<EndWhen>) -> Vec<EndWhen> {
    let mut conditions = vec![EndWhen::NoLegalMove];
    conditions.extend(given.into_iter().filter(|c| *c != EndWhen::NoLegalMove));
    conditions
}

fn end_when(rules: &Rules) -> Vec<String> {
    let when = &rules.end.when;
    let mut out = vec![if when.contains(&EndWhen::NeitherCanMove) {
        "A player who cannot move passes; the game ends when neither player can move.".to_string()
    } else {
        "The game ends when the player to move has no legal move.".to_string()
    }];
    for condition in when {
        match condition {
            EndWhen::NoLegalMove | EndWhen::NeitherCanMove => {}
            EndWhen::CapturedMajority => out.push(
                "It also ends as soon as a player has captured more than half of the stones."
                    .into(),
            ),
            EndWhen::RowEmpty => {
                out.push("It also ends as soon as a row is empty, whoever is to move.".into())
            }
            EndWhen::AllPitsAtMostOne => {
                out.push("It also ends when no pit holds more than one stone.".into())
            }
            EndWhen::StonesLeft => out.push(format!(
                "It also ends as soon as at most {} left on the board.",
                stones_phrase(rules.end.stones_left_at_most.unwrap_or(0))
            )),
            EndWhen::ScoreReached => out.push(format!(
                "It also ends as soon as a player has captured at least {} stones.",
                rules.end.score_at_least.unwrap_or(0)
            )),
            EndWhen::RelayCycle => out.push(
                "It also ends when a relay comes back to a board and pit it had already reached in the same move (it would go on for ever); the board is left as it was then."
                    .into(),
            ),
            EndWhen::InnerRowEmpty => out.push(
                "It also ends as soon as a player's inner row is empty, whoever is to move."
                    .into(),
            ),
            EndWhen::OwnPitsEmpty => out.push(
                "It also ends as soon as no pit a player owns holds a stone, whoever is to move."
                    .into(),
            ),
            EndWhen::EitherCannotMove => out.push(
                "It also ends as soon as a player has no legal move, the player who just moved included."
                    .into(),
            ),
        }
    }
    out
}

fn end_test(rules: &Rules) -> Vec<String> {
    match rules.end.test_after {
        EndTest::Move => Vec::new(),
        EndTest::Lap => vec![
            "These end conditions are also tested after each relay lap: a lap that leaves one holding stops the move there, without capture where the lap ends, and the mover is still the player to move."
                .into(),
        ],
        EndTest::LapMoves => vec![
            "These end conditions are also tested after each relay lap, and so is whether either player can move: a lap that leaves one holding, or neither player a move, stops the move there, without capture where the lap ends, and the mover is still the player to move."
                .into(),
        ],
    }
}

/// Who gets the stones left (for each way of ending scored otherwise, a
/// sentence of its own), and who wins.
fn leftovers(rules: &Rules) -> Vec<String> {
    let mut out = vec![format!(
        "When it ends, {}.",
        leftovers_words(rules.end.leftovers)
    )];
    for (way, leftovers) in rules.end.scoring.ways() {
        if way_in_force(rules, way).is_ok() && leftovers != rules.end.leftovers {
            let words = match (way, leftovers_words(leftovers)) {
                // An empty inner row ends it: the row looked at is the inner row.
                ("inner_row_empty", words) => words
                    .replace("whose row", "whose inner row")
                    .replace("both rows", "both inner rows"),
                (_, words) => words.to_string(),
            };
            out.push(format!(
                "But when it ends because {}, {words}.",
                way_words(way)
            ));
        }
    }
    out.push("The higher total of captures and leftovers wins; equal totals are a draw.".into());
    out
}

/// With who gets the stones left after a repetition.
fn repetition(rules: &Rules) -> Vec<String> {
    let (repeats, later) = match rules.end.repetition_test {
        RepetitionTest::Position => (
            "a position (the board and the player to move) repeats, its player to move",
            "a later repeated position",
        ),
        RepetitionTest::FourMovesThrice => (
            "the boards after the last twelve moves (a vote counted as a move) are the same four boards three times over, the player to move",
            "a later loop",
        ),
    };
    vec![match rules.end.repetition {
        Repetition::Ignore => "A repeated position does not end the game: only a simulator's ply cap stops an endless game.".into(),
        Repetition::EndGame if rules.end.repetition_leftovers == Leftovers::Draw => {
            "If a position (the board and the player to move) repeats, the game ends in a draw, whatever was captured.".into()
        }
        Repetition::EndGame => format!(
            "If a position (the board and the player to move) repeats, the game ends and {}.",
            leftovers_words(rules.end.repetition_leftovers)
        ),
        Repetition::Agree if rules.end.repetition_leftovers == Leftovers::Draw => format!(
            "If {repeats} may propose to end the game (`propose`) instead of moving; if the opponent accepts (`accept`), the game ends in a draw, whatever was captured; if they refuse (`refuse`), the proposer sows as they would have, and the game goes on ({later} may bring another proposal)."
        ),
        Repetition::Agree => format!(
            "If {repeats} may propose to end the game (`propose`) instead of moving; if the opponent accepts (`accept`), the game ends and {}; if they refuse (`refuse`), the proposer sows as they would have, and the game goes on ({later} may bring another proposal).",
            leftovers_words(rules.end.repetition_leftovers)
        ),
    }]
}

/// A way of ending ([`EndScoring::ways`]) in words.
fn way_words(way: &str) -> &'static str {
    match way {
        "feeding_impossible" => "the mover must feed and cannot",
        "captured_majority" => "a player has captured more than half of the stones",
        "row_empty" => "a row is empty",
        "all_pits_at_most_one" => "no pit holds more than one stone",
        "stones_left" => "few stones are left on the board",
        "score_reached" => "a player's captures reach the threshold",
        "relay_cycle" => "a relay comes back to a lap state of the same move",
        "inner_row_empty" => "a player's inner row is empty",
        "own_pits_empty" => "no pit a player owns holds a stone",
        "either_cannot_move" => "a player has no legal move after a ply",
        _ => "the player to move has no legal move",
    }
}

fn leftovers_words(leftovers: Leftovers) -> &'static str {
    match leftovers {
        Leftovers::RowOwner => {
            "each player adds the stones left in their own row to their captures"
        }
        Leftovers::BoardSide => "each player adds the stones left in the row on their side of the board to their captures, whoever owns its pits",
        Leftovers::PlayerToMove => "the player to move takes all the stones left on the board",
        Leftovers::Unscored => "the stones left on the board count for nobody",
        Leftovers::Draw => "the game is a draw, whatever was captured",
        Leftovers::LastMover => "the player who made the last move takes all the stones left on the board",
        Leftovers::AbleToMove => "the player who can still move takes all the stones left on the board (a draw if neither can; each their own row if both can)",
        Leftovers::Divided => "the stones left on the board are divided equally (an odd stone counts for nobody)",
        Leftovers::EmptyRowWins => "the player whose row is empty wins, whatever was captured (a draw if both rows or neither is)",
        Leftovers::EmptyRowLoses => "the player whose row is empty loses, whatever was captured (a draw if both rows or neither is)",
    }
}

/// The triggers inside the sowing (`every_pit`, `relay_landing`) take the
/// one pit a stone made qualify: no facing pit, no neighbours, no chain;
/// `relay_landing` needs relay laps to land from, and `then` is about it
/// alone. Their sowing (stone by stone, see the engine's `sow_capturing`)
/// does not follow a relay cycle, and tests the end after each lap
/// (`test_after lap`) only under `on every_pit`.
pub(crate) fn sowing_triggers_fit(read: &Read<'_>) -> Vec<Diagnostic> {
    let rules = &read.rules;
    let mut out = Vec::new();
    for (i, rule) in capture::capture_rules(read) {
        if let Some(s) = read.given_in(&capture::THEN, i) {
            // (`on last_pit` with `then resows`: see `resows_fits`.)
            let last_pit_resows = rule.on == Trigger::LastPit && rule.then.resows();
            if read.valid_in(&capture::ON, i)
                && rule.on != Trigger::RelayLanding
                && !last_pit_resows
            {
                out.push(Diagnostic::error(
                    s.span,
                    format!("`then` has no effect with `on {}`: it says what follows a relay-landing capture", rule.on),
                ));
            }
        }
        let Some(s) = read.given_in(&capture::ON, i) else {
            continue;
        };
        if rule.on == Trigger::LastPit {
            continue;
        }
        let mut error = |text: String| out.push(Diagnostic::error(s.span, text));
        let resows = rule.then.resows();
        if read.valid_in(&capture::TAKE, i) && rule.take != Take::Last && !resows {
            error(format!(
                "`on {}` takes the pit itself: `take {}` is not supported with it",
                rule.on, rule.take
            ));
        }
        if read.valid_in(&capture::CHAIN, i) && rule.chain != Chain::None {
            error(format!(
                "`on {}` takes the pit itself: a chain is not supported with it",
                rule.on
            ));
        }
        if rule.on == Trigger::RelayLanding
            && read.valid(&sow::LAPS)
            && rules.sowing.laps != Laps::Relay
        {
            error(format!(
                "`on relay_landing` needs `laps relay`, not `laps {}`",
                rules.sowing.laps
            ));
        }
        // A sweep looks at the board after the sowing, which it leaves to
        // the table-driven laps: cycles and lap tests work as without it.
        if rule.on == Trigger::Sweep {
            continue;
        }
        if read.valid(&WHEN) && rules.end.when.contains(&EndWhen::RelayCycle) {
            error(format!(
                "`on {}` cannot be combined with `relay_cycle` in `end`",
                rule.on
            ));
        }
        // `on every_pit` takes as the lap is sown: the end is tested after
        // the lap as without it; a relay-landing capture that stops or sows
        // on from the next pit is tested after, before the next lap.
        let tested_after_capture = rule.on == Trigger::RelayLanding
            && matches!(rule.then, AfterCapture::Stops | AfterCapture::SowsOn);
        if rule.on != Trigger::EveryPit
            && !tested_after_capture
            && read.valid(&TEST_AFTER)
            && rules.end.test_after.after_laps()
        {
            error(format!(
                "`on {}` cannot be combined with `test_after {}` in `end`",
                rule.on, rules.end.test_after
            ));
        }
    }
    out
}

/// `relay_cycle` and `test_after lap` are about relay laps.
pub(crate) fn lap_rules_need_relays(read: &Read<'_>) -> Vec<Diagnostic> {
    let rules = &read.rules;
    if !read.valid(&sow::LAPS) || !read.valid(&WHEN) || rules.sowing.laps != Laps::Single {
        return Vec::new();
    }
    let mut out = Vec::new();
    if let Some(s) = read.given(&WHEN) {
        if rules.end.when.contains(&EndWhen::RelayCycle) {
            out.push(Diagnostic::error(
                s.span,
                "`relay_cycle` has no effect with `laps single`: a move has one lap",
            ));
        }
    }
    if let Some(s) = read.given(&TEST_AFTER) {
        if rules.end.test_after.after_laps() {
            out.push(Diagnostic::error(
                s.span,
                format!(
                    "`test_after {}` has no effect with `laps single`: a move has one lap",
                    rules.end.test_after
                ),
            ));
        }
    }
    out
}

/// `relay_cycle` has no effect with `laps relay_taking_next`: every relay
/// lap captures stones, so a relay never comes back to a lap state.
pub(crate) fn relay_taking_next_fits(read: &Read<'_>) -> Vec<Diagnostic> {
    let rules = &read.rules;
    if !read.valid(&sow::LAPS) || rules.sowing.laps != Laps::RelayTakingNext {
        return Vec::new();
    }
    let mut out = Vec::new();
    if let Some(s) = read.given(&WHEN) {
        if read.valid(&WHEN) && rules.end.when.contains(&EndWhen::RelayCycle) {
            out.push(Diagnostic::error(
                s.span,
                "`relay_cycle` has no effect with `laps relay_taking_next`: every relay lap captures, so a relay never comes back to a position",
            ));
        }
    }
    out
}

/// `test_after lap` tests the end conditions a lap can bring about, and
/// `lap_moves` besides them `neither_can_move`.
pub(crate) fn lap_test_needs_a_condition(read: &Read<'_>) -> Vec<Diagnostic> {
    let rules = &read.rules;
    let test = rules.end.test_after;
    let (Some(s), true) = (read.given(&TEST_AFTER), read.valid(&WHEN)) else {
        return Vec::new();
    };
    let when = &rules.end.when;
    let message = match test {
        EndTest::Move => return Vec::new(),
        EndTest::Lap if !when.iter().any(|w| w.tested_after_laps(test)) => {
            "`test_after lap` has no effect: `when` lists no condition a lap can bring about (`row_empty`, `all_pits_at_most_one`, `captured_majority`, `stones_left`, `inner_row_empty`, `own_pits_empty`, `either_cannot_move`)"
        }
        EndTest::LapMoves if !when.contains(&EndWhen::NeitherCanMove) => {
            "`test_after lap_moves` tests after each lap what `test_after lap` tests and whether neither player can move: it needs `neither_can_move` in `when`"
        }
        EndTest::Lap | EndTest::LapMoves => return Vec::new(),
    };
    vec![Diagnostic::error(s.span, message)]
}

pub(crate) fn repetition_leftovers_needs_repetition(read: &Read<'_>) -> Vec<Diagnostic> {
    match read.given(&REPETITION_LEFTOVERS) {
        Some(s) if read.valid(&REPETITION) && read.rules.end.repetition == Repetition::Ignore => {
            vec![Diagnostic::error(
                s.span,
                "`repetition_leftovers` has no effect with `repetition ignore`",
            )]
        }
        _ => Vec::new(),
    }
}

/// Only `repetition agree` offers to end a repeating game, so only it
/// needs a test of what repeats.
pub(crate) fn repetition_test_needs_agree(read: &Read<'_>) -> Vec<Diagnostic> {
    match read.given(&REPETITION_TEST) {
        Some(s)
            if read.valid(&REPETITION)
                && read.valid(&REPETITION_TEST)
                && read.rules.end.repetition != Repetition::Agree
                && read.rules.end.repetition_test != RepetitionTest::Position =>
        {
            vec![Diagnostic::error(
                s.span,
                "`repetition_test four_moves_thrice` is only for `repetition agree` (the players' agreement to end a repeating game)",
            )]
        }
        _ => Vec::new(),
    }
}

/// A scoring for a way the rules never end the game has no effect.
pub(crate) fn scoring_needs_its_end(read: &Read<'_>) -> Vec<Diagnostic> {
    let rules = &read.rules;
    let known = read.valid(&WHEN) && read.valid(&legal::FEED) && read.valid(&legal::OTHERWISE);
    if !known {
        return Vec::new();
    }
    rules
        .end
        .scoring
        .ways()
        .into_iter()
        .filter_map(|(way, _)| {
            let why = way_in_force(rules, way).err()?;
            let s = read.given(way_key(way))?;
            Some(Diagnostic::error(
                s.span,
                format!("`{way}` has no effect: {why}"),
            ))
        })
        .collect()
}

/// `stones_left` needs `stones_left_at_most`, `score_reached` needs
/// `score_at_least`, and neither number means anything without its
/// condition.
pub(crate) fn end_numbers_go_with_their_condition(read: &Read<'_>) -> Vec<Diagnostic> {
    if !read.valid(&WHEN) {
        return Vec::new();
    }
    let pairs = [
        (
            EndWhen::StonesLeft,
            &STONES_LEFT_AT_MOST,
            read.rules.end.stones_left_at_most,
        ),
        (
            EndWhen::ScoreReached,
            &SCORE_AT_LEAST,
            read.rules.end.score_at_least,
        ),
    ];
    let mut out = Vec::new();
    for (condition, key, number) in pairs {
        let listed = read.rules.end.when.contains(&condition);
        let name = key.name;
        match (listed, number, read.given(key)) {
            (true, None, _) if read.valid(key) => out.push(Diagnostic::error(
                read.given(&WHEN)
                    .map_or(read.section_span(SECTION.name), |s| s.span),
                format!("`when {condition}` needs `{name} N` in `end`"),
            )),
            (false, Some(_), Some(s)) => out.push(Diagnostic::error(
                s.span,
                format!("`{name}` has no effect: `when` does not list `{condition}`"),
            )),
            _ => {}
        }
    }
    out
}

/// `then resows` sows the taken stones from the pit after the landing pit:
/// it takes a facing pit (`take opposite` or a `take` of the pit behind),
/// keeps nothing (`goes_to` has no effect) and sows as a lap from the
/// landing pit would (`start next`); at the last pit (`on last_pit`) it
/// goes on sowing after the last lap, so no relay cycle or lap test ends
/// the game.
pub(crate) fn resows_fits(read: &Read<'_>) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    for (i, rule) in read.rules.captures.iter().enumerate() {
        let Some(then) = read.given_in(&capture::THEN, i) else {
            continue;
        };
        if !rule.then.resows() {
            continue;
        }
        let facing = matches!(
            rule.take,
            Take::Opposite | Take::OppositeAndBehind | Take::OppositeAndBehindBoth
        );
        if read.valid_in(&capture::TAKE, i) && !facing {
            out.push(Diagnostic::error(
                then.span,
                format!(
                    "`then {}` sows the facing pit's stones: it needs `take opposite`, `opposite_and_behind` or `opposite_and_behind_both`, not `take {}`",
                    rule.then, rule.take
                ),
            ));
        }
        if let Some(s) = read.given_in(&capture::GOES_TO, i) {
            out.push(Diagnostic::error(
                s.span,
                format!(
                    "`goes_to` has no effect with `then {}`: the captured stones are sown on",
                    rule.then
                ),
            ));
        }
        if read.valid(&sow::START) && read.rules.sowing.start != SowStart::Next {
            out.push(Diagnostic::error(
                then.span,
                format!("`then {}` sows from the pit after the landing pit or the lap's origin: it needs `start next` in `sow`", rule.then),
            ));
        }
        // At the last pit the sowing goes on after the move's last lap: it
        // is sown with the captures inside the sowing, which follow no
        // relay cycle and test no end after a lap.
        let end = &read.rules.end;
        if rule.on == Trigger::LastPit {
            let lap_rules = [
                (
                    &WHEN,
                    "relay_cycle".to_string(),
                    end.when.contains(&EndWhen::RelayCycle),
                ),
                (
                    &TEST_AFTER,
                    format!("test_after {}", end.test_after),
                    end.test_after.after_laps(),
                ),
            ];
            for (key, word, set) in lap_rules {
                if set && read.valid(key) {
                    out.push(Diagnostic::error(
                        then.span,
                        format!("`on last_pit` with `then {}` cannot be combined with `{word}` in `end`", rule.then),
                    ));
                }
            }
        }
    }
    out
}

/// `inner_row_empty` ends the game on an empty inner row: only four rows
/// have inner rows.
pub(crate) fn inner_row_empty_needs_four_rows(read: &Read<'_>) -> Vec<Diagnostic> {
    let rules = &read.rules;
    match read.given(&WHEN) {
        Some(s)
            if read.valid(&board::ROWS)
                && read.valid(&WHEN)
                && rules.board.rows != 4
                && rules.end.when.contains(&EndWhen::InnerRowEmpty) =>
        {
            vec![Diagnostic::error(
                s.span,
                format!(
                    "`inner_row_empty` needs a four-row board (`rows 4`): a board of {} rows has no inner rows",
                    rules.board.rows
                ),
            )]
        }
        _ => Vec::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The ways of ending are one list: each end condition but passing
    /// (`neither_can_move` is a way to go on, not to end), and the feeding
    /// rule's end; each is scored by a key of `end` named after it.
    #[test]
    fn every_way_of_ending_is_an_end_condition_or_the_feeding_rule_and_has_its_key() {
        let ways: Vec<&str> = EndScoring::default().ways().map(|(w, _)| w).to_vec();
        let mut expected: Vec<&str> = EndWhen::WORDS
            .iter()
            .copied()
            .filter(|w| *w != "neither_can_move")
            .collect();
        expected.insert(1, "feeding_impossible");
        assert_eq!(ways, expected);
        for way in ways {
            assert_eq!(way_key(way).name, way);
            assert_eq!(way_key(way).section, Some("end"));
        }
    }

    #[test]
    fn a_way_is_in_force_when_its_condition_is_listed() {
        let mut rules = Rules::default();
        rules.end.when = vec![EndWhen::NoLegalMove, EndWhen::RowEmpty];
        assert_eq!(way_in_force(&rules, "no_legal_move"), Ok(()));
        assert_eq!(way_in_force(&rules, "row_empty"), Ok(()));
        assert_eq!(
            way_in_force(&rules, "stones_left"),
            Err("`when` does not list `stones_left`".to_string())
        );
        assert_eq!(
            way_in_force(&rules, "feeding_impossible"),
            Err("the feeding rule never ends the game (`otherwise end_game`)".to_string())
        );
        rules.feeding.when = FeedWhen::RowEmpty;
        rules.feeding.otherwise = FeedFallback::EndGame;
        assert_eq!(way_in_force(&rules, "feeding_impossible"), Ok(()));
    }
}
