//! The `opening` section: a prescribed opening: South's first turn, fixed by
//! the rules (the stylised openings of the gabata games), or each player's
//! first turn chosen among fixed moves (Hus (Nama)), or the stones placed
//! by the players before play (Omweso). Its declaration,
//! each key as a named constant (the handle a check names it by), the
//! sentences `sow describe` says of them, and the checks that tie its keys
//! to those of the sections before it.

use super::{board, legal, sow};
use crate::{
    diagnostic::Diagnostic,
    rules::notation::pit_label,
    rules::{declaration::*, model::*},
};

/// A prescribed opening (South's first turn, fixed by the rules).
pub const SECTION: Section = Section {
    name: "opening",
    doc: "A prescribed opening: South's first turn, fixed by the rules (the stylised openings of the gabata games), each player's first turn chosen among fixed moves, or the players' placing of their stones before play.",
    intro: "Without a key the game has no opening: South's first turn is a move like
any. `shifts_from N` makes South's first turn the stylised opening of
shifts that Gabata (Oromo) and Jimafesosh begin with: all the stones of
South's pit at place N (1 is `a`) go into the next pit in the sowing
direction; then all those of the pit after that one go into the pit after
it, and so on round the board, every other pit emptied into the next,
until the pit to empty next holds no stone (on an even start, back at the
first one). South then lifts the stones of the last pit filled, whichever
row it is in, and sows them as a move: laps, captures and an extra turn
as any move's. The shifts capture nothing.

`choices g-k ...` makes each player's first turn one of a few fixed
moves, as Hus (Nama) begins (\"each player must make one of the following
moves on their first turn\"): `g-k` lifts all the stones of `g` and sows
them one by one along the mover's sowing path from `k` on (`k` gets the
first stone), capturing nothing, and the turn ends there, whatever pit the
last stone falls into (no relay, no capture, no extra turn). North plays
the same moves on its own side (`G-K`). A choice is written with the label
of the pit it empties (`g`, or `G` for North), as any move from that pit:
a trace, a record and `sow play` name it so.

`placement alternate` starts the game with an empty board: each player
holds the stones the start gives their side (`seeds` in each of their
pits, or the `start` counts) and places them in their own pits as they
like, a stone a move, South first, the players taking turns (a player
whose hand is empty lets the other place on), as Ludii plays Omweso's
\"players may arrange the counters however they like in their holes\".
`placement south_then_north` has South place all theirs, then North. A
placement is written `+` and the pit (`+c`: a stone into `c`); while the
players place, a position ends in `placing` and the stones each still
holds (`\"0 0 1 / 0 0 0 north placing 2 3\"`). Once both hands are empty,
South makes the first move of play.",
    notes: "The opening leaves no choice, so the game starts where it ends: the start
position that `sow trace`, `perft`, `simulate` and the players see is the
one after South's whole first turn (the shifts and the sowing of the last
pit filled), with what that sowing captured, and North (or South, after an
extra turn) to move. A trace shows no ply for it: its first ply is the
first move with a choice. `sow describe` gives the opening's shifts and its
sowing pit. The opening is the first round's only (the sources describe no
opening for the later rounds of a match): a later round starts from its
refill, as without an opening. `shifts_from` needs two rows, one sowing
direction for every pit, no sown stores, `seeds` (not `start`) and a place
in the row; `first_move_from`, `first_move shift` and `first_moves
each_player` with it are errors (the first turn is the opening's).

`choices` names pits of South's side by their labels (on four rows the
outer row `a` on, then the inner row from the owner's right); a label not
on the board, a pit emptied by two choices or a choice sowing into the
pit it empties is an error, and so is a choice from a pit that holds
fewer than `min_stones` at the start (it could never be played). It
needs one sowing direction for every pit and no sown stores; `shifts_from`,
`first_move_from`, `first_move shift`, `first_moves each_player` (each
player's first turn is the opening's already) and `play_from any` with it
are errors. Only the first round of a match opens so.

The placements are plies like any other: a trace shows them, perft counts
them (every own pit is a move, so a placement of 16 pits gives 16 moves
a ply), a random playout places at random, and a record lists them.
`placement` with `shifts_from`, `choices`, `rounds { refill }` or a rule of
the first move (`first_move_from`, `first_move shift`, `first_moves
each_player`) is an error.",
    order: None,
    repeat: None,
    keys: &[SHIFTS_FROM, CHOICES, PLACEMENT],
    checks: &[
        opening_shifts_fit,
        opening_choices_fit,
        opening_placement_fits,
    ],
};

pub const SHIFTS_FROM: Key = Key {
    section: Some("opening"),
name: "shifts_from",
describe: opening_shifts,
read: |r, v| r.opening.shifts_from = v.byte(),
write: |r| (r.opening.shifts_from != 0).then(|| one(r.opening.shifts_from)),
what: "opening place",
value: ValueKind::Number {
    min: 1,
    max: Bound::Fixed(MAX_PITS_PER_ROW as u32),
},
default: Default::Absent("none (no opening)"),
warns: None,
doc: "The place in South's row (1 is `a`) the opening of shifts starts from: each other pit emptied into the next, round the board, then the last pit filled sown.",
example: "shifts_from 1",
infer: Infer::OptIn,
    };

pub const CHOICES: Key = Key {
    section: Some("opening"),
    name: "choices",
    describe: opening_choices,
    read: |r, v| {
        r.opening.choices = (v.pit_moves().into_iter())
            .map(|(from, first)| OpeningChoice { from, first })
            .collect()
    },
    write: |r| {
        let side = r.pits_per_side();
        (!r.opening.choices.is_empty()).then(|| {
            (r.opening.choices.iter())
                .map(|c| format!("{}-{}", pit_label(usize::from(c.from), side), pit_label(usize::from(c.first), side)))
                .collect()
        })
    },
    what: "opening choice",
    value: ValueKind::PitMoves,
    default: Default::Absent("none (the first turns are moves like any)"),
    warns: None,
    doc: "The fixed moves each player's first turn is one of: `g-k` sows the stones of `g` from `k` on, capturing nothing; North plays them on its own side.",
    example: "choices g-k h-i",
    infer: Infer::OptIn,
};

pub const PLACEMENT: Key = Key {
    section: Some("opening"),
    name: "placement",
    describe: opening_placement,
    read: |r, v| r.opening.placement = Some(v.word()),
    write: |r| r.opening.placement.map(one),
    what: "placement order",
    value: ValueKind::Word(Words::of::<Placement>()),
    default: Default::Absent("none (the board starts full)"),
    warns: None,
    doc: "The players place the stones the start gives their side in their own pits, a stone a move (`+c`), before play: in turn (`alternate`) or South's all first (`south_then_north`).",
    example: "placement alternate",
    infer: Infer::OptIn,
};

/// `opening { placement }`: the players' placing of their stones.
fn opening_placement(rules: &Rules) -> Vec<String> {
    let Some(order) = rules.opening.placement else {
        return Vec::new();
    };
    let hands = rules.hands();
    let order = match order {
        Placement::Alternate => "South first, the players taking turns (a player whose hand is empty lets the other place on)",
        Placement::SouthThenNorth => "South all theirs first, then North",
    };
    vec![format!(
        "The board starts empty: South holds {} stones and North {}, and they place them in their own pits as they like, a stone a move (`+c` puts one into `c`), {order}. Play starts, South first, when both hands are empty.",
        hands[0], hands[1]
    )]
}

/// `opening { placement }` is the whole opening: no other opening, no
/// rounds (a later round would start from its refill), no rule of the
/// first move.
pub(crate) fn opening_placement_fits(read: &Read<'_>) -> Vec<Diagnostic> {
    let rules = &read.rules;
    let Some(s) = read.given(&PLACEMENT) else {
        return Vec::new();
    };
    let mut out = Vec::new();
    let mut error = |why: String| {
        out.push(Diagnostic::error(
            s.span,
            format!("`placement` (the players place their stones before play) {why}"),
        ));
    };
    for key in [&SHIFTS_FROM, &CHOICES] {
        if read.given(key).is_some() {
            error(format!(
                "cannot be used with `{}`: the opening is one or the other",
                key.name
            ));
        }
    }
    if rules.rounds.refill.is_some() {
        error("is not supported with rounds (`rounds { refill }`)".to_string());
    }
    if read.valid(&board::ROWS) && rules.board.rows == 3 {
        error("is not supported on three rows".to_string());
    }
    if read.valid(&board::SEEDS) && read.valid(&board::START) {
        if let Some(most) = rules.hands().into_iter().max().filter(|&n| n > 255) {
            error(format!(
                "needs each hand to fit one pit: a player holds {most} stones, a pit at most 255"
            ));
        }
    }
    no_other_first_move_rule(read, false, "not supported with a placement", &mut |why| {
        error(why.to_string())
    });
    out
}

/// `opening { choices }`: the fixed moves of each player's first turn.
fn opening_choices(rules: &Rules) -> Vec<String> {
    let side = rules.pits_per_side();
    if rules.opening.choices.is_empty() {
        return Vec::new();
    }
    let label = |pit: u8| pit_label(usize::from(pit), side);
    let moves: Vec<String> = (rules.opening.choices.iter())
        .map(|c| {
            format!(
                "{} (its stones sown from {} on)",
                label(c.from),
                label(c.first)
            )
        })
        .collect();
    vec![format!(
        "Each player's first turn is one of {} fixed moves, North's the same on its side: {}. Such a move lifts all the stones of its pit and sows them one by one along the mover's path from the pit named, capturing nothing, and the turn ends there (no relay, no capture, no extra turn).",
        moves.len(),
        moves.join(", ")
    )]
}

/// `opening { shifts_from }`: the shifts of South's first turn and the pit
/// it then sows.
fn opening_shifts(rules: &Rules) -> Vec<String> {
    let Some(opening) = rules.opening_shifts() else {
        return Vec::new();
    };
    let Some(sown) = opening.sown() else {
        return Vec::new();
    };
    let side = rules.pits_per_side();
    let shifts: Vec<String> = opening
        .shifts
        .iter()
        .map(|&(from, to)| format!("{} into {}", pit_label(from, side), pit_label(to, side)))
        .collect();
    vec![format!(
        "South's first turn is a prescribed opening: all the stones of one pit go into the next, pit by pit ({}), capturing nothing; South then sows {} as a move. It leaves no choice: the game starts from the position it leaves, with what that sowing captured, and the player it leaves to move (North unless the sowing gives South another turn).",
        shifts.join(", "),
        pit_label(sown, side)
    )]
}

/// `opening { shifts_from }` names a place of South's row, and the
/// opening it starts is South's whole first turn: it needs two rows, one
/// sowing direction, no sown stores and an even start (`seeds`), and no
/// other rule of the first move.
pub(crate) fn opening_shifts_fit(read: &Read<'_>) -> Vec<Diagnostic> {
    let rules = &read.rules;
    let Some(s) = read.given(&SHIFTS_FROM) else {
        return Vec::new();
    };
    let mut out = legal::places_in_the_row(read, &SHIFTS_FROM);
    let mut error = |why: &str| {
        out.push(Diagnostic::error(
            s.span,
            format!("`shifts_from` (the opening of shifts) {why}"),
        ));
    };
    if read.valid(&board::ROWS) && rules.board.rows != 2 {
        error("is not supported on three or four rows");
    }
    sows_one_way_into_pits(read, &mut error);
    if read.given(&board::START).is_some() {
        error("needs every pit to start alike (`seeds`, not `start`)");
    }
    no_other_first_move_rule(
        read,
        false,
        "South's first turn is the opening's",
        &mut error,
    );
    out
}

/// `opening { choices }` is each player's whole first turn: it needs one
/// sowing direction, no sown stores, no other rule of the first move, and
/// pits that hold `min_stones` at the start.
pub(crate) fn opening_choices_fit(read: &Read<'_>) -> Vec<Diagnostic> {
    let rules = &read.rules;
    let Some(s) = read.given(&CHOICES) else {
        return Vec::new();
    };
    let mut out = Vec::new();
    let mut error = |why: &str| {
        out.push(Diagnostic::error(
            s.span,
            format!("`choices` (the opening's fixed moves) {why}"),
        ));
    };
    sows_one_way_into_pits(read, &mut error);
    if read.given(&SHIFTS_FROM).is_some() {
        error("cannot be used with `shifts_from`: the first turn is one or the other");
    }
    no_other_first_move_rule(
        read,
        true,
        "each player's first turn is the opening's",
        &mut error,
    );
    let (Some(side), true) = (board::side_pits(read), read.valid(&legal::MIN_STONES)) else {
        return out;
    };
    let start = rules.start_counts();
    let fewest = rules.sowing.min_stones;
    for (choice, value) in rules.opening.choices.iter().zip(&s.values) {
        let from = usize::from(choice.from);
        let held = start[from].min(start[side + from]);
        if held < fewest {
            out.push(Diagnostic::error(
                value.span,
                format!(
                    "`choices`: `{}` holds {held} stone{} at the start, fewer than `min_stones {fewest}`: the move could never be played",
                    pit_label(from, side),
                    if held == 1 { "" } else { "s" }
                ),
            ));
        }
    }
    out
}

/// The opening sows one way round, into pits: one sowing direction for
/// every pit, no sown stores (both kinds of opening need it).
fn sows_one_way_into_pits(read: &Read<'_>, error: &mut impl FnMut(&str)) {
    let rules = &read.rules;
    if read.valid(&sow::DIRECTION)
        && !(rules.sowing.direction.iter()).all(|&d| d == PitDirection::Ccw)
        && !(rules.sowing.direction.iter()).all(|&d| d == PitDirection::Cw)
    {
        error("needs one sowing direction for every pit (`direction ccw` or `direction cw`)");
    }
    if read.valid(&board::STORES) && rules.board.stores.sown() {
        error("is not supported with sown stores");
    }
}

/// The opening decides the first turn, so no other rule of the first move
/// may be given (`why` says why, after the key); with `with_play_from`, no
/// `play_from` either (the choices are both players' moves from their own
/// pits).
fn no_other_first_move_rule(
    read: &Read<'_>,
    with_play_from: bool,
    why: &str,
    error: &mut impl FnMut(&str),
) {
    let rules = &read.rules;
    for (key, given) in [
        (
            &legal::FIRST_MOVE_FROM,
            !rules.sowing.first_move_from.is_empty(),
        ),
        (
            &legal::FIRST_MOVE,
            rules.sowing.first_move != FirstMoveKind::Sow,
        ),
        (
            &legal::FIRST_MOVES,
            rules.sowing.first_moves != FirstMoves::Game,
        ),
        (
            &legal::PLAY_FROM,
            with_play_from && rules.sowing.play_from != PlayFrom::Own,
        ),
    ] {
        if read.valid(key) && given {
            error(&format!(
                "cannot be used with `{}` in `legal`: {why}",
                key.name
            ));
        }
    }
}
