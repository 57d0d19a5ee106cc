//! The `rounds` section: a match of rounds: how one round leads to the next,
//! and when the match ends. Its declaration, each key as a named constant
//! (the handle a check names it by), the sentences `sow describe` says of
//! them, and the checks that tie its keys to those of the sections before
//! it.

use super::{board, end, legal};
use crate::{
    diagnostic::Diagnostic,
    rules::{declaration::*, model::*},
};

pub const SECTION: Section = Section {
    name: "rounds",
    doc: "A match of rounds: how one round leads to the next, and when the match ends.",
    intro: "Without `refill` the game is one round. With it, a round is a game under the
rules above, ended by `end`; then each player refills their own pits from what
they scored in it, the next round starts, and so on until the match ends.",
    notes: "A round's score is what the player captured (their store, stones left over
from earlier rounds included) plus the leftovers `end` gives them. Filling
takes `seeds` stones per pit, in the order `fill_from` says; a pit its owner
cannot fill is *closed* for the round: it holds nothing, sowing passes over it,
it cannot be played and nothing is captured from it (the notation writes it
`x`: `7 x 7 / 7 7 7 south`). The stones left over stay the player's
(captured) into the next round. Under `refill surplus` pits change hands:
each player is owed a pit for every `seeds` stones and fills their own row
first; the player who scored more then fills the pits of the other's row
that are left (after that player's own, in that player's `fill_from`
order), and those pits are theirs: theirs to play, and their stones theirs
when a round ends (`row_owner`). The rows themselves stay as they are for
the rest of the rules (`side`, `row_empty`, feeding). When the two
remainders make up `seeds`, one more pit, the first left in the other's
row, goes to the larger remainder, topped up from the other's (on equal
remainders, to its row's player). The notation writes such a pit with a
`*` after its count: `4 4 4 / 4* 4 4 south`. A round that ends before its first move
(its end condition already holds at its start) ends the match, won by the
higher score of that round. Each round's first move is a first move for
`first_move` in `capture` and `first_move_from` in `legal` (under
`first_moves each_player`, the first round's only).

Under `unfilled reopens` (Khrour) a pit its owner could not fill, or
filled with fewer than `seeds` (`remainder next_pit`), waits instead of
being closed: sowing drops stones into it as into any pit, but it is not
played and nothing is captured from it until it holds `seeds` or more after
a move; it is then open for the rest of the round. The notation writes a
waiting pit holding stones with its count and `x` (`3x`). It goes with
`refill captures`.

Under `unfilled open` (Ludii's Sungka) a pit its owner could not fill is
not closed: it is an empty pit of theirs like any other, sown into, played
once it holds stones and captured from (under `refill surplus`, a pit
nobody fills stays its row's player's). Under `fill_from choice` the pits
not chosen open once the players have chosen.

`refill` needs every way of ending to give the stones left to a player
(`row_owner`, `player_to_move` or `last_mover`), so that no stone is lost
between rounds, and the start given as `seeds N`; the other keys without
`refill` are an error. `sow trace` (text, JSON, YAML, `--html`), `render`,
`play`, `verify` and `diff` play the whole match (round boundaries, closed
pits as `x`); `sow simulate` counts matches and `sow bench` plays them (a ply
cap stops the whole match); `sow perft` counts within a round. `sow solve`,
`analyze`, `infer` and the perfect agent do not take variants with rounds
yet, and say so.",
    order: None,
    repeat: None,
    keys: &[
        REFILL,
        FILL_FROM,
        REMAINDER,
        ODD_PIT,
        FIRST_FILLER,
        UNFILLED,
        NEXT_START,
        MATCH_END,
        MATCH_END_PITS,
        MATCH_END_STONES,
    ],
    checks: &[
        rounds_need_two_rows,
        rounds_options_need_refill,
        refill_needs_every_stone_owned,
        board_side_needs_pits_changing_hands,
        fill_choice_needs_captures,
        unfilled_reopens_fits,
        odd_pit_needs_surplus,
        first_filler_needs_surplus,
        refill_needs_seeds,
        first_move_shift_fits,
        match_end_pits_fits,
        match_end_stones_fits,
    ],
};

pub const REFILL: Key = Key {
    section: Some("rounds"),
    name: "refill",
    describe: rounds,
    read: |r, v| r.rounds.refill = Some(v.word()),
    write: |r| r.rounds.refill.map(one),
    what: "refill rule",
    value: ValueKind::Word(Words::of::<Refill>().opt_in(&["surplus"])),
    default: Default::Absent("none (the game is one round)"),
    warns: None,
    doc: "How the stones go back into the pits when a round ends.",
    example: "refill captures",
    infer: Infer::Searched,
};

pub const FILL_FROM: Key = Key {
    section: Some("rounds"),
    name: "fill_from",
    describe: said_elsewhere,
    read: |r, v| r.rounds.fill_from = v.word(),
    write: |r| r.rounds.refill.map(|_| one(r.rounds.fill_from)),
    what: "fill order",
    value: ValueKind::Word(Words::of::<FillFrom>().opt_in(&["choice"])),
    default: Default::Value("left"),
    warns: Some(Warning {
        text: "which pits a player fills first is not stated: `fill_from left` assumed",
        only_if: Some("refill"),
    }),
    doc: "Which of their own pits a player fills first.",
    example: "fill_from right",
    infer: Infer::Searched,
};

pub const REMAINDER: Key = Key {
    section: Some("rounds"),
    name: "remainder",
    describe: said_elsewhere,
    read: |r, v| r.rounds.remainder = v.word(),
    write: |r| r.rounds.refill.map(|_| one(r.rounds.remainder)),
    what: "remainder",
    value: ValueKind::Word(Words::of::<Remainder>().opt_in(&["next_pit"])),
    default: Default::Value("kept"),
    warns: None,
    doc: "Where the stones a player cannot make a full pit of go.",
    example: "remainder next_pit",
    infer: Infer::Searched,
};

pub const ODD_PIT: Key = Key {
    section: Some("rounds"),
    name: "odd_pit",
    describe: said_elsewhere,
    read: |r, v| r.rounds.odd_pit = v.word(),
    // Written under `refill surplus`, and whenever a file gave another
    // value than the default: nothing a file says is dropped.
    write: |r| {
        let surplus = r.rounds.refill == Some(Refill::Surplus);
        (surplus || r.rounds.odd_pit != OddPit::Larger).then(|| one(r.rounds.odd_pit))
    },
    what: "odd pit",
    value: ValueKind::Word(Words::of::<OddPit>().opt_in(&[
        "larger_unequal",
        "nobody",
        "larger_or_north",
    ])),
    default: Default::Value("larger"),
    warns: None,
    doc: "Who fills the pit the two remainders make up (`refill surplus`).",
    example: "odd_pit larger_unequal",
    infer: Infer::Searched,
};

pub const FIRST_FILLER: Key = Key {
    section: Some("rounds"),
    name: "first_filler",
    describe: said_elsewhere,
    read: |r, v| r.rounds.first_filler = v.word(),
    // Written when a file gave another value than the default.
    write: |r| (r.rounds.first_filler != FirstFiller::Poorer).then(|| one(r.rounds.first_filler)),
    what: "first filler",
    value: ValueKind::Word(Words::of::<FirstFiller>().opt_in(&["to_move", "richer"])),
    default: Default::Value("poorer"),
    warns: None,
    doc: "Who fills first under `refill surplus`, on round the board into the other's row.",
    example: "first_filler to_move",
    infer: Infer::Searched,
};

pub const UNFILLED: Key = Key {
    section: Some("rounds"),
    name: "unfilled",
    describe: said_elsewhere,
    read: |r, v| r.rounds.unfilled = v.word(),
    write: |r| r.rounds.refill.map(|_| one(r.rounds.unfilled)),
    what: "unfilled pit",
    value: ValueKind::Word(Words::of::<Unfilled>().opt_in(&["reopens", "open"])),
    default: Default::Value("closed"),
    warns: None,
    doc: "What a pit its owner could not fill is for the round.",
    example: "unfilled reopens",
    infer: Infer::Searched,
};

pub const NEXT_START: Key = Key {
    section: Some("rounds"),
    name: "next_start",
    describe: said_elsewhere,
    read: |r, v| r.rounds.next_start = v.word(),
    write: |r| r.rounds.refill.map(|_| one(r.rounds.next_start)),
    what: "next-round starter",
    value: ValueKind::Word(Words::of::<NextStart>()),
    default: Default::Value("loser"),
    warns: Some(Warning {
        text: "who starts the next round is not stated: `next_start loser` assumed",
        only_if: Some("refill"),
    }),
    doc: "Who moves first in the next round.",
    example: "next_start alternate",
    infer: Infer::Searched,
};

pub const MATCH_END: Key = Key {
    section: Some("rounds"),
    name: "match_end",
    describe: said_elsewhere,
    read: |r, v| r.rounds.match_end = v.word(),
    write: |r| r.rounds.refill.map(|_| one(r.rounds.match_end)),
    what: "match end",
    value: ValueKind::Word(Words::of::<MatchEnd>().opt_in(&["no_stones", "no_pit"])),
    default: Default::Value("cannot_fill_one"),
    warns: None,
    doc: "When the match ends and who wins it.",
    example: "match_end cannot_fill_one",
    infer: Infer::Searched,
};

pub const MATCH_END_PITS: Key = Key {
    section: Some("rounds"),
    name: "match_end_pits",
    describe: said_elsewhere,
    // One pit, the default, is kept as `None`: the rules of a file that
    // says it equal those of one that does not.
    read: |r, v| r.rounds.match_end_pits = Some(v.byte()).filter(|&n| n > 1),
    write: |r| {
        let pits = r.rounds.match_end_pits.unwrap_or(1);
        (r.rounds.refill.is_some() && r.rounds.match_end == MatchEnd::CannotFillOne)
            .then(|| vec![pits.to_string()])
    },
    what: "pits to fill",
    value: ValueKind::Number {
        min: 1,
        max: Bound::Fixed(MAX_PITS_PER_ROW as u32),
    },
    default: Default::Value("1"),
    warns: None,
    doc: "Under `match_end cannot_fill_one`: the match ends when a round ends and a player cannot fill this many pits (MancalaGames' `goal_param`: \"the game is over when one player cannot control at least 4 holes\").",
    example: "match_end_pits 4",
    infer: Infer::Searched,
};

pub const MATCH_END_STONES: Key = Key {
    section: Some("rounds"),
    name: "match_end_stones",
    describe: said_elsewhere,
    // One stone, the default, is kept as `None`: the rules of a file that
    // says it equal those of one that does not.
    read: |r, v| r.rounds.match_end_stones = Some(v.byte()).filter(|&n| n > 1),
    write: |r| {
        // Written under `match_end no_stones`, and whenever a file gave
        // another value than the default: nothing a file says is dropped.
        let stones = r.rounds.match_end_stones;
        let no_stones = r.rounds.match_end == MatchEnd::NoStones;
        (r.rounds.refill.is_some() && (no_stones || stones.is_some()))
            .then(|| vec![stones.unwrap_or(1).to_string()])
    },
    what: "stones to play on",
    value: ValueKind::Number {
        min: 1,
        max: Bound::Fixed(255),
    },
    default: Default::Value("1"),
    warns: None,
    doc: "Under `match_end no_stones`: the match ends when a round ends and a player has fewer than this many stones (Ludii's Mewegae: `(>= 1 (count Cell at:(handSite P1)))`, one stone or none).",
    example: "match_end_stones 2",
    infer: Infer::Searched,
};

/// The rounds rule, for the whole `rounds` section (nothing for a game of
/// one round).
fn rounds(rules: &Rules) -> Vec<String> {
    let rounds = &rules.rounds;
    let Some(refill) = rounds.refill else {
        return Vec::new();
    };
    let seeds = rules.board.seeds;
    let from = match rounds.fill_from {
        FillFrom::Left => "from their left",
        FillFrom::Right => "from their right",
        FillFrom::Choice => match rounds.remainder {
            Remainder::NextPit => "in pits they choose (a player who cannot fill every pit names the pits, one move each, from their left, then the pit for the stones short of a full one, any pit left; the player who starts the next round first)",
            Remainder::Kept => "in pits they choose (a player who cannot fill every pit names the pits, one move each, from their left, the player who starts the next round first)",
        },
    };
    let starter = match rounds.next_start {
        NextStart::Loser => "the player who scored less in the round starts the next one (on equal scores, the one who did not start it)",
        NextStart::Winner => "the player who scored more in the round starts the next one (on equal scores, the one who did not start it)",
        NextStart::WinnerOrSouth => "the player who scored more in the round starts the next one (on equal scores, South)",
        NextStart::Alternate => "the player who did not start the round starts the next one",
        NextStart::TurnOrderAfterPass => "the turn order goes on through the refill, the player to move when the round ends passing first: from the other player, the players fill one pit a turn, passing when they have none left to fill, and the player to move once both have passed starts the next round (the player who did not have the move at the round's end, unless they fill more pits than the other)",
        NextStart::ToMove => "the player to move when the round ends starts the next one",
        NextStart::LastMover => "the player who made the round's last move starts the next one",
        NextStart::TurnOrder => "the turn order goes on through the refill: from the player to move when the round ends, the players fill one pit a turn, passing when they have none left to fill, and the player to move once both have passed starts the next round (the player to move at the round's end, unless they fill more pits than the other)",
        NextStart::TurnOrderFullPits => "the turn order goes on through the refill: from the player to move when the round ends, the players fill one pit a turn from their own stones, the pit two remainders make up in the same turn as its filler's last, passing when they have none left to fill, and the player to move once both have passed starts the next round (the player to move at the round's end, unless they fill more pits from their own stones than the other)",
    };
    let end = match rounds.match_end {
        MatchEnd::CannotFillOne => match rounds.match_end_pits {
            Some(pits) if pits > 1 => format!("The match ends when a round ends and a player cannot fill {pits} pits with {seeds} each (has fewer than {} stones); the other player wins it.", u16::from(pits) * u16::from(seeds)),
            _ => format!("The match ends when a round ends and a player cannot fill a single pit with {seeds}; the other player wins it."),
        },
        MatchEnd::NoStones => match rounds.match_end_stones {
            Some(stones) if stones > 1 => format!("The match ends when a round ends and a player has fewer than {stones} stones; the other player wins it."),
            _ => "The match ends when a round ends and a player scored nothing in it; the other player wins it.".to_string(),
        },
        MatchEnd::NoPit => "The match ends when a round ends and the refill leaves a player no open pit of their own; the other player wins it.".to_string(),
    };
    let (which, second) = match (rounds.fill_from, rounds.first_filler) {
        (_, FirstFiller::ToMove | FirstFiller::Richer) => (
            "the next in its order once its own are filled",
            "the second filler",
        ),
        (FillFrom::Choice, _) => (
            "the pit left once both players have named theirs",
            "that pit's row's player",
        ),
        _ => ("the first left in the other's row", "that row's player"),
    };
    let odd = match rounds.odd_pit {
        OddPit::Nobody => "A remainder fills no pit, whatever the other's. ".to_string(),
        odd_pit => {
            let equal = match odd_pit {
                OddPit::LargerUnequal => "; on equal remainders nobody fills it".to_string(),
                OddPit::LargerOrNorth => " (on equal remainders, North fills it)".to_string(),
                _ => format!(" (on equal remainders, {second} fills it)"),
            };
            format!("When the two players' remainders make up {seeds} together, the larger remainder fills one more pit, {which}, topped up from the smaller{equal}. ")
        }
    };
    let nobodys = match rounds.unfilled {
        Unfilled::Open => "its row's player's, empty and in play",
        Unfilled::Unplayed => "nobody's: sown into and captured from, but played by nobody",
        _ => "closed",
    };
    let surplus_order = match rounds.first_filler {
        FirstFiller::Poorer => format!("each player is owed a pit for every {seeds} stones they scored in it and fills that many of their own pits, {seeds} to a pit, {from}. The player who scored more also fills the pits of the other's row left over"),
        FirstFiller::ToMove | FirstFiller::Richer => {
            let first = match rounds.first_filler {
                FirstFiller::ToMove => "the player to move when the round ends",
                _ => "the player who scored more (South on equal scores)",
            };
            format!("each player is owed a pit for every {seeds} stones they scored in it and fills that many pits, {seeds} to a pit, {from} and on round the board into the other's row (in the other's order), {first} first, then the other in the pits left, from their own row on. A pit a player fills in the other's row")
        }
    };
    let refilled = match refill {
        Refill::Captures if rounds.unfilled != Unfilled::Closed => format!("each player refills their own pits from what they scored in it, {seeds} to a pit, {from}, and the stones left over stay theirs into the next round"),
        Refill::Captures => format!("each player refills their own pits from what they scored in it, {seeds} to a pit, {from}; a pit they cannot fill is closed for the next round (sowing passes over it, it cannot be played and nothing is captured from it), and the stones left over stay theirs into the next round"),
        Refill::Surplus => format!("{surplus_order}: those pits become theirs, to play from and to take the stones of when a round ends, as if in their own row (for captures, feeding and a row being empty the rows stay as they are). {odd}A pit nobody fills is {nobodys}, and what is left over stays its player's into the next round"),
    };
    let remainder = match (rounds.remainder, rounds.unfilled) {
        (Remainder::Kept, _) => "",
        (Remainder::NextPit, Unfilled::Closed) => " A player who cannot fill every pit puts the stones left over in the next pit they would fill, which is open for the round with fewer than a full pit's stones.",
        (Remainder::NextPit, _) if rounds.fill_from == FillFrom::Choice => " A player who cannot fill every pit puts the stones left over in a pit they choose.",
        (Remainder::NextPit, Unfilled::Reopens | Unfilled::Open | Unfilled::Unplayed) => " A player who cannot fill every pit puts the stones left over in the next pit they would fill.",
    };
    let unfilled = match rounds.unfilled {
        Unfilled::Closed => String::new(),
        Unfilled::Open => " A pit its owner could not fill is empty and in play like any other: sown into, played once it holds stones and captured from.".to_string(),
        Unfilled::Unplayed => " A pit its owner could not fill is nobody's for the round: sowing drops stones into it and captures take from it as from any pit, but nobody may play it.".to_string(),
        Unfilled::Reopens => format!(" A pit its owner could not fill (or filled with fewer than {seeds}) is waiting: sowing drops stones into it as into any pit, but it cannot be played and nothing is captured from it until it holds {seeds} or more after a move; it is then open for the rest of the round."),
    };
    vec![
        format!(
            "The game is a match of rounds. When a round ends, {refilled}; {starter}.{remainder}{unfilled}"
        ),
        end,
    ]
}

/// `match_end_pits` counts the pits of `match_end cannot_fill_one`, at most
/// a row's.
pub(crate) fn match_end_pits_fits(read: &Read<'_>) -> Vec<Diagnostic> {
    let Some(s) = read.given(&MATCH_END_PITS) else {
        return Vec::new();
    };
    let rules = &read.rules;
    let pits = rules.rounds.match_end_pits.unwrap_or(1);
    if read.valid(&MATCH_END) && rules.rounds.match_end != MatchEnd::CannotFillOne {
        return vec![Diagnostic::error(
            s.span,
            format!(
                "`match_end_pits` has no effect: it counts the pits of `match_end cannot_fill_one`, not `match_end {}`",
                rules.rounds.match_end
            ),
        )];
    }
    if read.valid(&board::PITS) && pits > rules.board.pits {
        return vec![Diagnostic::error(
            s.span,
            format!(
                "`match_end_pits {pits}` is more pits than a row has ({}): no player could ever fill them",
                rules.board.pits
            ),
        )];
    }
    Vec::new()
}

/// `match_end_stones` counts the stones of `match_end no_stones`, at most
/// as many as the board holds.
pub(crate) fn match_end_stones_fits(read: &Read<'_>) -> Vec<Diagnostic> {
    let Some(s) = read.given(&MATCH_END_STONES) else {
        return Vec::new();
    };
    let rules = &read.rules;
    if read.valid(&MATCH_END) && rules.rounds.match_end != MatchEnd::NoStones {
        return vec![Diagnostic::error(
            s.span,
            format!(
                "`match_end_stones` has no effect: it counts the stones of `match_end no_stones`, not `match_end {}`",
                rules.rounds.match_end
            ),
        )];
    }
    let stones = rules.rounds.match_end_stones.unwrap_or(1);
    match board::stones(read) {
        Some(total) if u32::from(stones) > total => vec![Diagnostic::error(
            s.span,
            format!(
                "`match_end_stones {stones}` is more stones than the board holds ({total}): every match would end after its first round"
            ),
        )],
        _ => Vec::new(),
    }
}

/// The keys of `rounds` other than `refill` say how one round leads to the
/// next: without `refill` there is one round.
pub(crate) fn rounds_options_need_refill(read: &Read<'_>) -> Vec<Diagnostic> {
    if !read.valid(&REFILL) || read.given(&REFILL).is_some() {
        return Vec::new();
    }
    [
        &FILL_FROM,
        &REMAINDER,
        &ODD_PIT,
        &FIRST_FILLER,
        &UNFILLED,
        &NEXT_START,
        &MATCH_END,
        &MATCH_END_PITS,
        &MATCH_END_STONES,
    ]
    .into_iter()
    .filter_map(|key| read.given(key).map(|s| (key.name, s)))
    .map(|(name, s)| {
        Diagnostic::error(
            s.span,
            format!("`{name}` has no effect: no `refill` is given, so the game is one round"),
        )
    })
    .collect()
}

/// `board_side` differs from `row_owner` only where pits change hands,
/// which only `refill surplus` makes them do.
pub(crate) fn board_side_needs_pits_changing_hands(read: &Read<'_>) -> Vec<Diagnostic> {
    let rules = &read.rules;
    if !read.valid(&REFILL) || rules.rounds.refill == Some(Refill::Surplus) {
        return Vec::new();
    }
    let mut keys = vec![(end::LEFTOVERS.name, rules.end.leftovers, &end::LEFTOVERS)];
    keys.push((
        end::REPETITION_LEFTOVERS.name,
        rules.end.repetition_leftovers,
        &end::REPETITION_LEFTOVERS,
    ));
    keys.extend((rules.end.scoring.ways()).map(|(way, scoring)| (way, scoring, end::way_key(way))));
    keys.into_iter()
        .filter(|(_, scoring, _)| *scoring == Leftovers::BoardSide)
        .filter_map(|(name, _, key)| {
            let s = read.given(key)?;
            Some(Diagnostic::error(
                s.span,
                format!("`{name} board_side` gives what `row_owner` gives unless pits change hands, which only `rounds {{ refill surplus }}` makes them do: use `row_owner`"),
            ))
        })
        .collect()
}

/// A refill pours every player's stones back into the pits: a way of ending
/// that may give stones to nobody (`unscored`, `divided`'s odd stone) or sets
/// the captures aside (`draw`, `able_to_move`, `empty_row_wins`,
/// `empty_row_loses`) would lose or invent stones between rounds.
pub(crate) fn refill_needs_every_stone_owned(read: &Read<'_>) -> Vec<Diagnostic> {
    let Some(setting) = read.given(&REFILL) else {
        return Vec::new();
    };
    if !read.valid(&end::WHEN) || !read.valid(&legal::FEED) || !read.valid(&legal::OTHERWISE) {
        return Vec::new();
    }
    let end = &read.rules.end;
    let mut ways: Vec<(&str, Leftovers)> = end
        .scoring
        .ways()
        .into_iter()
        .filter(|(way, _)| end::way_in_force(&read.rules, way).is_ok())
        .collect();
    if end.repetition != Repetition::Ignore {
        ways.push(("repetition_leftovers", end.repetition_leftovers));
    }
    ways.into_iter()
        .filter(|(_, scoring)| {
            matches!(scoring, Leftovers::Unscored | Leftovers::Divided)
                || scoring.sets_captures_aside()
        })
        .map(|(way, scoring)| {
            Diagnostic::error(
                setting.span,
                format!(
                    "`refill` pours every stone back into the pits, but `{way}` scores the game `{scoring}`, which does not give each stone left to one player: use `row_owner`, `player_to_move` or `last_mover`"
                ),
            )
        })
        .collect()
}

/// `unfilled reopens` sows into the pits a player could not fill: they are
/// their own row's (`refill captures`).
pub(crate) fn unfilled_reopens_fits(read: &Read<'_>) -> Vec<Diagnostic> {
    let rounds = &read.rules.rounds;
    match read.given(&UNFILLED) {
        Some(s)
            if rounds.unfilled == Unfilled::Reopens && rounds.refill == Some(Refill::Surplus) =>
        {
            vec![Diagnostic::error(
                s.span,
                "`unfilled reopens` goes with `refill captures`",
            )]
        }
        _ => Vec::new(),
    }
}

/// `odd_pit` says who fills the pit two remainders make up: only `refill
/// surplus` gives a player pits beyond their own row's.
pub(crate) fn odd_pit_needs_surplus(read: &Read<'_>) -> Vec<Diagnostic> {
    match read.given(&ODD_PIT) {
        Some(s) if read.rules.rounds.refill == Some(Refill::Captures) => {
            vec![Diagnostic::error(
                s.span,
                "`odd_pit` has no effect: under `refill captures` each player fills their own pits only; it goes with `refill surplus`",
            )]
        }
        _ => Vec::new(),
    }
}

/// `first_filler` orders the filling of `refill surplus`, where pits
/// change hands: under `refill captures` each fills their own row only.
pub(crate) fn first_filler_needs_surplus(read: &Read<'_>) -> Vec<Diagnostic> {
    match read.given(&FIRST_FILLER) {
        Some(s) if read.rules.rounds.refill == Some(Refill::Captures) => {
            vec![Diagnostic::error(
                s.span,
                "`first_filler` has no effect: under `refill captures` each player fills their own pits only; it goes with `refill surplus`",
            )]
        }
        _ => Vec::new(),
    }
}

/// `fill_from choice` lets each player name the pits they fill: their own
/// row's under `refill captures`; under `refill surplus` their own row's,
/// then, once the other has named theirs, the other's row's they are owed
/// beyond their own (the poorer player first, `first_filler poorer`); the
/// pit two remainders make up (`odd_pit`) is filled once both have named
/// theirs. `remainder next_pit` puts what is
/// left in a pit of the player's own row.
pub(crate) fn fill_choice_needs_captures(read: &Read<'_>) -> Vec<Diagnostic> {
    let rounds = &read.rules.rounds;
    let mut out = Vec::new();
    if let Some(s) = read.given(&REMAINDER).filter(|_| {
        rounds.remainder == crate::rules::Remainder::NextPit
            && rounds.refill == Some(crate::rules::Refill::Surplus)
    }) {
        out.push(Diagnostic::error(
            s.span,
            "`remainder next_pit` puts what is left in a pit of the player's own row: it goes with `refill captures`",
        ));
    }
    let chosen_surplus = rounds.fill_from == FillFrom::Choice
        && rounds.refill == Some(Refill::Surplus)
        && read.valid(&FILL_FROM);
    if !chosen_surplus {
        return out;
    }
    let Some(s) = read.given(&FILL_FROM) else {
        return out;
    };
    if read.valid(&FIRST_FILLER) && rounds.first_filler != FirstFiller::Poorer {
        out.push(Diagnostic::error(
            s.span,
            format!(
                "`fill_from choice` under `refill surplus` has each player name their own row's pits before the other's: it goes with `first_filler poorer`, not `first_filler {}`",
                rounds.first_filler
            ),
        ));
    }
    out
}

/// A refill puts `seeds` stones in each pit: a start given pit by pit
/// (`start`) says no such count.
pub(crate) fn refill_needs_seeds(read: &Read<'_>) -> Vec<Diagnostic> {
    match (read.given(&REFILL), read.given(&board::START)) {
        (Some(_), Some(start)) => vec![Diagnostic::error(
            start.span,
            "`refill` fills each pit with `seeds` stones, so a variant with rounds gives its start as `seeds N`, not pit by pit",
        )],
        _ => Vec::new(),
    }
}

/// `first_move shift` replaces the sowing of a first move: on two rows,
/// in one round, where the first lap is not judged by where it ends.
pub(crate) fn first_move_shift_fits(read: &Read<'_>) -> Vec<Diagnostic> {
    let rules = &read.rules;
    let Some(s) = read.given(&legal::FIRST_MOVE) else {
        return Vec::new();
    };
    if rules.sowing.first_move != FirstMoveKind::Shift {
        return Vec::new();
    }
    let mut out = Vec::new();
    let mut error = |why: &str| {
        out.push(Diagnostic::error(
            s.span,
            format!("`first_move shift` is not supported {why}"),
        ));
    };
    if read.valid(&board::ROWS) && rules.board.rows != 2 {
        error("on three or four rows");
    }
    if read.valid(&REFILL) && rules.rounds.refill.is_some() {
        error("with rounds (`refill` in `rounds`)");
    }
    if read.valid(&legal::FIRST_LAP) && rules.sowing.first_lap != FirstLap::Any {
        error("with `first_lap`");
    }
    out
}

/// Rounds are not supported on four rows yet. On three rows a player's
/// pits are their side (their row, then their half of the middle row, in
/// the order of their circuit), which they fill from its start.
pub(crate) fn rounds_need_two_rows(read: &Read<'_>) -> Vec<Diagnostic> {
    let four = read.valid(&board::ROWS) && read.rules.board.rows == 4;
    board::not_supported_on_more_rows(read, &REFILL, four && read.rules.rounds.refill.is_some())
}
