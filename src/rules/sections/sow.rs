//! The `sow` section: how a move sows. Its declaration, each key as a named
//! constant (the handle a check names it by), the sentences `sow describe`
//! says of them, and the checks that tie its keys to those of the sections
//! before it.

use super::board;
use crate::{
    diagnostic::Diagnostic,
    rules::notation::{pit_label, MAX_RELAYS},
    rules::{declaration::*, model::*},
};

pub const SECTION: Section = Section {
    name: "sow",
    doc: "How a move sows.",
    intro: "",
    notes: "`extra_turn store` without `stores sown` is an error. `extra_turn capture`
gives the mover another move after every move that captured stones, by any
capture rule (whoever the stones go to) or a claim: after Wa'ache
Waledat's relay-landing four, \"the player takes another turn\" (from any pit).
It is an error without a capture rule. An extra turn shows in a
trace as two plies by the same player; perft counts plies, so it counts both.

`skip_origin yes` with `start origin` is a contradiction and an error.

A relay lap sows like a move from the lifted pit (same start and skip rules);
captures are looked at only where the last lap ends. A relay can come back to
a lap state it had already reached (the same board, the same pit about to be
lifted) and then goes on for ever: 57% of random games of Boukerourou meet
one. `end { when relay_cycle }` ends the game there, scored by its own key
(`relay_cycle draw`: Ludii plays such a relay to its move limit, a draw).
A move stops after 1000 relay laps, a bound of ours that keeps every move
finite, and play goes on from where the move was cut: without `relay_cycle`
it decides every game that meets a cycling relay (with it, only a relay too
long to come back within the bound); `sow check --play N` reports how often
it decides a game.

`reverse_to_capture N` lets the `N` pits at the left end of each of the
mover's rows (on four rows the outer row's first `N` and the inner row's
last `N` labels: Omweso's \"left two holes in the outer row or the left
two in the inner row\") sow the other way round too, when that move
captures: the move goes the other way for all its laps, and it is legal
only if it captures stones somewhere along them (a capture by any rule,
on any lap). It needs one direction for every pit (`ccw` or `cw`), a
capture rule, two or four rows, no `first_lap captures` and no grand-slam
rule but `allowed`.

A move from a pit that may sow either way (`direction either`) is written
with its direction: `b:ccw` or `b:cw`; a reverse move of
`reverse_to_capture` likewise (`b:cw` where pits sow `ccw`); other moves
are just the pit's label. Where the rules let a
player who cannot move pass (`end { when neither_can_move }`), the move is
written `pass`.",
    order: None,
    repeat: None,
    keys: &[
        DIRECTION,
        DIRECTION_FROM,
        REVERSE_TO_CAPTURE,
        REVERSE_WHEN,
        START,
        SKIP_ORIGIN,
        LAPS,
        EXTRA_TURN,
    ],
    checks: &[
        more_rows_sow_one_way,
        direction_from_board_needs_per_pit_directions,
        skip_origin_needs_start_next,
        extra_turn_store_needs_stores,
        reverse_to_capture_fits,
        reverse_when_fits,
    ],
};

pub const DIRECTION: Key = Key {
    section: Some("sow"),
    name: "direction",
    describe: direction,
    read: |r, v| r.sowing.direction = v.words(),
    write: |r| Some(directions(&r.sowing.direction)),
    what: "sowing direction",
    value: ValueKind::PerPit(Words::of::<PitDirection>()),
    default: Default::Value("ccw"),
    warns: None,
    doc: "Which way each pit sows: one value for every pit, or one per pit of a row from its owner's left.",
    example: "direction cw either ccw",
    infer: Infer::Searched,
};

pub const DIRECTION_FROM: Key = Key {
    section: Some("sow"),
    name: "direction_from",
    describe: direction_from,
    read: |r, v| r.sowing.direction_from = v.word(),
    write: |r| {
        (r.sowing.direction_from != DirectionFrom::Owner).then(|| one(r.sowing.direction_from))
    },
    what: "`direction_from` value",
    value: ValueKind::Word(Words::of::<DirectionFrom>()),
    default: Default::Value("owner"),
    warns: None,
    doc: "Whose left `direction` counts each row's pits from: its owner's, or South's for both rows (a pit's direction goes with its side of the board).",
    example: "direction_from board",
    infer: Infer::OptIn,
};

pub const REVERSE_TO_CAPTURE: Key = Key {
    section: Some("sow"),
    name: "reverse_to_capture",
    describe: reverse_to_capture,
    read: |r, v| r.sowing.reverse_to_capture = v.byte(),
    write: |r| (r.sowing.reverse_to_capture != 0).then(|| one(r.sowing.reverse_to_capture)),
    what: "number of pits",
    value: ValueKind::Number {
        min: 1,
        max: Bound::Fixed(MAX_PITS_PER_ROW as u32),
    },
    default: Default::Absent("none (every pit sows its own way only)"),
    warns: None,
    doc: "How many pits at the left end of each of the mover's rows may also sow the other way round, a move legal only when it captures.",
    example: "reverse_to_capture 2",
    infer: Infer::OptIn,
};

pub const REVERSE_WHEN: Key = Key {
    section: Some("sow"),
    name: "reverse_when",
    describe: reverse_when,
    read: |r, v| r.sowing.reverse_when = v.word(),
    write: |r| {
        (r.sowing.reverse_when != ReverseWhen::Captures).then(|| one(r.sowing.reverse_when))
    },
    what: "`reverse_when` value",
    value: ValueKind::Word(Words::of::<ReverseWhen>()),
    default: Default::Value("captures"),
    warns: None,
    doc: "When a move the other way round of `reverse_to_capture` is legal: when it captures on some lap, or when its first lap ends in an inner pit facing two pits that hold stones, whatever it captures (Ludii's Mweso).",
    example: "reverse_when first_lap_faces_both",
    infer: Infer::OptIn,
};

pub const START: Key = Key {
    section: Some("sow"),
    name: "start",
    describe: start,
    read: |r, v| r.sowing.start = v.word(),
    write: |r| Some(one(r.sowing.start)),
    what: "sowing start",
    value: ValueKind::Word(Words::of::<SowStart>().opt_in(&["origin_unless_single"])),
    default: Default::Value("next"),
    warns: Some(Warning {
        text: "where sowing starts is not stated: `start next` assumed (write `start origin` or `start next`)",
        only_if: None,
    }),
    doc: "Which pit gets the first stone.",
    example: "start origin",
    infer: Infer::Searched,
};

pub const SKIP_ORIGIN: Key = Key {
    section: Some("sow"),
    name: "skip_origin",
    describe: skip_origin,
    read: |r, v| r.sowing.skip_origin = v.word::<Switch>() == Switch::Yes,
    write: |r| {
        Some(one(if r.sowing.skip_origin {
            Switch::Yes
        } else {
            Switch::No
        }))
    },
    what: "`skip_origin` value",
    value: ValueKind::Word(Words::of::<Switch>()),
    default: Default::Value("no"),
    warns: None,
    doc: "Whether a sowing that goes all the way round leaves out the emptied pit.",
    example: "skip_origin yes",
    infer: Infer::Searched,
};

pub const LAPS: Key = Key {
    section: Some("sow"),
    name: "laps",
    describe: laps,
    read: |r, v| r.sowing.laps = v.word(),
    write: |r| Some(one(r.sowing.laps)),
    what: "kind of laps",
    value: ValueKind::Word(Words::of::<Laps>().opt_in(&[
        "relay_until_capture",
        "next_always",
        "relay_unless_next_empty",
        "next_after_occupied",
        "relay_until_capture_unless_next_empty",
        "relay_taking_next",
        "relay_until_lap_captures",
    ])),
    default: Default::Value("single"),
    warns: None,
    doc: "What happens when the hand is empty.",
    example: "laps relay",
    infer: Infer::Searched,
};

pub const EXTRA_TURN: Key = Key {
    section: Some("sow"),
    name: "extra_turn",
    describe: extra_turn,
    read: |r, v| r.sowing.extra_turn = v.word(),
    write: |r| Some(one(r.sowing.extra_turn)),
    what: "extra-turn rule",
    value: ValueKind::Word(Words::of::<ExtraTurn>().opt_in(&["capture"])),
    default: Default::Value("never"),
    warns: None,
    doc: "When the mover moves again.",
    example: "extra_turn store",
    infer: Infer::Searched,
};

/// `reverse_to_capture N`: which pits may sow the other way, and when.
fn reverse_to_capture(rules: &Rules) -> Vec<String> {
    let n = usize::from(rules.sowing.reverse_to_capture);
    if n == 0 {
        return Vec::new();
    }
    let (per_row, side) = (usize::from(rules.board.pits), rules.pits_per_side());
    let mut pits: Vec<usize> = (0..n.min(per_row)).collect();
    if rules.board.rows == 4 {
        pits.extend((0..n.min(per_row)).map(|k| 2 * per_row - 1 - k));
    }
    let labels: Vec<String> = pits.iter().map(|&p| pit_label(p, side)).collect();
    let (other, word) = match rules.sowing.direction.first() {
        Some(PitDirection::Cw) => ("counter-clockwise", "ccw"),
        _ => ("clockwise", "cw"),
    };
    let when = match rules.sowing.reverse_when {
        ReverseWhen::Captures => {
            "when it captures: such a move is legal only if it captures stones on some lap"
        }
        ReverseWhen::FirstLapFacesBoth => "when its first lap faces two occupied pits",
    };
    vec![format!(
        "A move from {} (North's the same in capitals), the pits at the left end of the mover's rows, may also go {other}, for all its laps, {when}. It is written with its direction (`{}:{word}`); the usual way, the pit's label alone.",
        labels.join(", "),
        labels[0]
    )]
}

/// `reverse_when first_lap_faces_both`: which reverse moves are legal.
fn reverse_when(rules: &Rules) -> Vec<String> {
    match rules.sowing.reverse_when {
        ReverseWhen::Captures => Vec::new(),
        ReverseWhen::FirstLapFacesBoth => vec!["A move the other way round is legal when, and only when, its first lap would end in a pit of the mover's inner row whose facing pit and the pit behind it both hold stones, looked at before the move is sown: it is played whatever it captures, even nothing (its last pit empty), and a move that would capture only on a later lap is not offered.".into()],
    }
}

fn direction(rules: &Rules) -> Vec<String> {
    let direction = &rules.sowing.direction;
    // The order round one circuit: the board on two rows, South's side on
    // four (North's goes round theirs alike).
    let per_side = rules.pits_per_side();
    let circuit = if rules.board.rows == 4 {
        per_side
    } else {
        rules.pit_count()
    };
    let ccw_order: Vec<String> = (0..circuit).map(|p| pit_label(p, per_side)).collect();
    let cw_order: Vec<String> = (0..circuit)
        .map(|k| pit_label((circuit - k) % circuit, per_side))
        .collect();
    let uniform = direction.iter().all(|d| Some(d) == direction.first());
    if rules.board.rows == 4 && uniform && direction.first() == Some(&PitDirection::Either) {
        // The cw order from `a` is `a p o ...`: from the other end of a row.
        return vec![format!(
            "They lift all its stones and sow them one by one round their own two rows only, either way as the mover chooses for the move: counter-clockwise, South in the order {} ..., or clockwise, in the order {} ... (North likewise in capitals); a move is written with its direction (`i:ccw`, `i:cw`); stones reach the opponent's side only by capture.",
            ccw_order.join(" "),
            cw_order.join(" ")
        )];
    }
    if rules.board.rows == 4 && uniform {
        let (way, order) = match direction.first() {
            Some(PitDirection::Cw) => ("clockwise", cw_order),
            _ => ("counter-clockwise", ccw_order),
        };
        return vec![format!(
            "They lift all its stones and sow them one by one {way} round their own two rows only, South in the order {} ... (North likewise in capitals); stones reach the opponent's side only by capture.",
            order.join(" ")
        )];
    }
    vec![match (uniform, direction.first()) {
        (true, Some(PitDirection::Ccw)) => format!(
            "They lift all its stones and sow them one by one counter-clockwise, in the order {} ...",
            ccw_order.join(" ")
        ),
        (true, Some(PitDirection::Cw)) => format!(
            "They lift all its stones and sow them one by one clockwise, in the order {} ...",
            cw_order.join(" ")
        ),
        _ => {
            let per_pit: Vec<String> = direction
                .iter()
                .enumerate()
                .map(|(i, d)| {
                    let how = match d {
                        PitDirection::Ccw => "counter-clockwise",
                        PitDirection::Cw => "clockwise",
                        PitDirection::Either => "either way, as the mover chooses",
                    };
                    format!("the {} pit from the owner's left sows {how}", ordinal(i + 1))
                })
                .collect();
            format!(
                "They lift all its stones and sow them one by one in the pit's direction: {}. Counter-clockwise is the order {} ..., clockwise the reverse; a move from a pit that sows either way is written with its direction, like b:ccw or b:cw.",
                per_pit.join(", "),
                ccw_order.join(" ")
            )
        }
    }]
}

fn direction_from(rules: &Rules) -> Vec<String> {
    match rules.sowing.direction_from {
        DirectionFrom::Owner => Vec::new(),
        DirectionFrom::Board => vec!["North's pits are counted from South's left, as the board lies: each pit sows the way the pit facing it in South's row does.".into()],
    }
}

fn start(rules: &Rules) -> Vec<String> {
    vec![match rules.sowing.start {
        SowStart::Origin => "The first stone goes back into the emptied pit, the others into the pits that follow it.".into(),
        SowStart::Next => "The first stone goes into the pit after the emptied one.".into(),
        SowStart::OriginUnlessSingle => "The first stone goes back into the emptied pit, the others into the pits that follow it; a single stone goes into the pit after the emptied one.".into(),
    }]
}

/// With the number of stones a sowing needs to come back round.
fn skip_origin(rules: &Rules) -> Vec<String> {
    // Slots a sowing passes in one round: the pits, and the mover's store.
    let circuit = if rules.board.rows == 4 {
        rules.pits_per_side()
    } else {
        rules.pit_count()
    };
    let slots = circuit
        + match rules.board.stores {
            Stores::None => 0,
            Stores::Sown => 1,
            Stores::SownBoth => 2,
        };
    let lap = match rules.sowing.start {
        SowStart::Origin | SowStart::OriginUnlessSingle => slots + 1,
        SowStart::Next => slots,
    };
    vec![if rules.sowing.skip_origin {
        format!("A sowing of {lap} or more stones, which goes all the way round, leaves out the emptied pit.")
    } else {
        format!("A sowing of {lap} or more stones goes all the way round and drops into the emptied pit too.")
    }]
}

fn laps(rules: &Rules) -> Vec<String> {
    let store = match rules.board.stores {
        Stores::None => "",
        Stores::Sown => " or in the store",
        Stores::SownBoth => " or in either store",
    };
    let bound = format!(" (or after {MAX_RELAYS} laps, a bound of ours)");
    vec![match rules.sowing.laps {
        Laps::Single => "The move ends when the hand is empty: there is no relay sowing.".into(),
        Laps::Relay => format!("When the last stone lands in a pit that already held stones, the mover lifts that pit's stones and sows them on the same way (relay sowing); the move ends when a lap ends in an empty pit{store}{bound}."),
        Laps::RelayUntilCapture => format!("When the last stone lands in a pit that already held stones, the mover lifts that pit's stones and sows them on the same way (relay sowing), unless a capture rule on the last pit takes that pit: the move then ends there with the capture; the move also ends when a lap ends in an empty pit{store}{bound}."),
        Laps::NextRelay => format!("When the last stone lands in an empty pit, the mover lifts the stones of the pit after it, if any, and sows them on the same way; the move ends when that pit is empty{bound}."),
        Laps::NextAlways => format!("Wherever the last stone lands, the mover lifts the stones of the pit after it, if any, and sows them on the same way; the move ends when that pit is empty{bound}."),
        Laps::NextAfterOccupied => format!("When the last stone lands in a pit that already held stones, the mover lifts the stones of the pit after it, if any, and sows them on the same way; the move ends when that pit is empty, or when a lap ends in an empty pit{bound}."),
        Laps::RelayUntilCaptureUnlessNextEmpty => format!("When the last stone lands in a pit that already held stones and the pit after it (in the sowing direction) holds stones too, the mover lifts the landing pit's stones and sows them on the same way (relay sowing), unless a capture rule on the last pit takes that pit: the move then ends there with the capture; the move also ends when a lap ends in an empty pit{store}, or in a pit whose next pit is empty{bound}."),
        Laps::RelayTakingNext => format!("Wherever the last stone lands, when the pit after it (in the sowing direction) holds stones, the mover captures them, lifts the landing pit's stones and sows them on the same way; the move ends when a lap ends in a pit whose next pit is empty{bound}."),
        Laps::RelayUntilLapCaptures => format!("When the last stone lands in a pit that already held stones, the mover lifts that pit's stones and sows them on the same way (relay sowing), unless the lap took a pit by a capture during the sowing: the move then ends there; the move also ends when a lap ends in an empty pit{store}{bound}."),
        Laps::RelayUnlessNextEmpty => format!("When the last stone lands in a pit that already held stones and the pit after it (in the sowing direction) holds stones too, the mover lifts the landing pit's stones and sows them on the same way (relay sowing); the move ends when a lap ends in an empty pit{store}, or in a pit whose next pit is empty{bound}."),
    }]
}

fn extra_turn(rules: &Rules) -> Vec<String> {
    vec![match rules.sowing.extra_turn {
        ExtraTurn::Never => "Then the other player moves.".into(),
        ExtraTurn::Store => "If the last stone lands in the mover's own store, the mover moves again; otherwise the other player moves.".into(),
        ExtraTurn::Capture => "If the move captured, the mover moves again; otherwise the other player moves.".into(),
        ExtraTurn::LastPitCapture => "If a capture where the move ended took stones, the mover moves again (stones taken during the sowing or by a sweep give no extra turn); otherwise the other player moves.".into(),
    }]
}

/// `first`, `second`, ... `fifteenth`, then `16th`, `21st`, `22nd`, ...
fn ordinal(n: usize) -> String {
    const WORDS: [&str; 15] = [
        "first",
        "second",
        "third",
        "fourth",
        "fifth",
        "sixth",
        "seventh",
        "eighth",
        "ninth",
        "tenth",
        "eleventh",
        "twelfth",
        "thirteenth",
        "fourteenth",
        "fifteenth",
    ];
    let suffix = match (n % 10, n % 100) {
        (_, 11..=13) => "th",
        (1, _) => "st",
        (2, _) => "nd",
        (3, _) => "rd",
        _ => "th",
    };
    WORDS
        .get(n.wrapping_sub(1))
        .map_or_else(|| format!("{n}{suffix}"), |w| (*w).to_string())
}

pub(crate) fn skip_origin_needs_start_next(read: &Read<'_>) -> Vec<Diagnostic> {
    let sowing = &read.rules.sowing;
    match read.given(&SKIP_ORIGIN) {
        Some(s) if read.valid(&START) && sowing.start != SowStart::Next && sowing.skip_origin => {
            vec![Diagnostic::error(
                s.span,
                format!(
                    "`skip_origin yes` contradicts `start {}`: the origin gets the first stone",
                    sowing.start
                ),
            )]
        }
        _ => Vec::new(),
    }
}

/// `extra_turn store` needs stores to land in, `extra_turn capture` a rule
/// that captures.
pub(crate) fn extra_turn_store_needs_stores(read: &Read<'_>) -> Vec<Diagnostic> {
    let rules = &read.rules;
    match read.given(&EXTRA_TURN) {
        Some(s)
            if read.valid(&board::STORES)
                && rules.sowing.extra_turn == ExtraTurn::Store
                && rules.board.stores == Stores::None =>
        {
            vec![Diagnostic::error(
                s.span,
                "`extra_turn store` needs stores on the board (`stores sown` in `board`)",
            )]
        }
        Some(s)
            if matches!(
                rules.sowing.extra_turn,
                ExtraTurn::Capture | ExtraTurn::LastPitCapture
            ) && rules.captures.is_empty()
                && rules.claim.count.is_none() =>
        {
            vec![Diagnostic::error(
                s.span,
                format!(
                    "`extra_turn {}` has no effect: the variant has no capture rule (`capture NAME {{ ... }}`) and no `claim`",
                    rules.sowing.extra_turn.word()
                ),
            )]
        }
        _ => Vec::new(),
    }
}

/// On three rows every pit sows the same way, `ccw` or `cw`; on four rows
/// too, which may be `either` (Bao: the mover chooses the way round their
/// own two rows).
/// `direction_from board` changes nothing when every pit sows the same way.
pub(crate) fn direction_from_board_needs_per_pit_directions(read: &Read<'_>) -> Vec<Diagnostic> {
    let direction = &read.rules.sowing.direction;
    match read.given(&DIRECTION_FROM) {
        Some(s)
            if read.valid(&DIRECTION)
                && read.rules.sowing.direction_from == DirectionFrom::Board
                && direction.iter().all(|&d| d == direction[0]) =>
        {
            vec![Diagnostic::error(
                s.span,
                "`direction_from board` has no effect: every pit sows the same way (give `direction` one value per pit)",
            )]
        }
        _ => Vec::new(),
    }
}

pub(crate) fn more_rows_sow_one_way(read: &Read<'_>) -> Vec<Diagnostic> {
    let Some(rows) = board::more_rows(read) else {
        return Vec::new();
    };
    let three = read.rules.board.rows == 3;
    let direction = &read.rules.sowing.direction;
    let either = three && direction.contains(&PitDirection::Either);
    if !read.valid(&DIRECTION) || !(either || direction.iter().any(|&d| d != direction[0])) {
        return Vec::new();
    }
    let ways = if three {
        "`direction ccw` or `direction cw`"
    } else {
        "`direction ccw`, `direction cw` or `direction either`"
    };
    read.given(&DIRECTION)
        .map(|s| {
            Diagnostic::error(
                s.span,
                format!("on {rows} rows every pit sows the same way: {ways}"),
            )
        })
        .into_iter()
        .collect()
}

/// `reverse_when` other than `captures` says which reverse moves of
/// `reverse_to_capture` are legal: it needs that key, and
/// `first_lap_faces_both` looks across the inner row of four rows.
pub(crate) fn reverse_when_fits(read: &Read<'_>) -> Vec<Diagnostic> {
    let rules = &read.rules;
    let Some(s) = read.given(&REVERSE_WHEN) else {
        return Vec::new();
    };
    if rules.sowing.reverse_when == ReverseWhen::Captures {
        return Vec::new();
    }
    let why = if rules.sowing.reverse_to_capture == 0 {
        "has no effect without `reverse_to_capture`: no move goes the other way round"
    } else if read.valid(&board::ROWS) && rules.board.rows != 4 {
        "looks across the mover's inner row: it needs a four-row board (`rows 4`)"
    } else {
        return Vec::new();
    };
    vec![Diagnostic::error(
        s.span,
        format!("`reverse_when {}` {why}", rules.sowing.reverse_when),
    )]
}

/// `reverse_to_capture N` needs pits that sow one way (the reverse is the
/// other), at most a row's pits, a capture rule, two or four rows, moves
/// from the mover's own pits, and no other rule that picks among the
/// directions or the captures of moves (`first_lap captures`, a grand-slam
/// rule but `allowed`).
pub(crate) fn reverse_to_capture_fits(read: &Read<'_>) -> Vec<Diagnostic> {
    let rules = &read.rules;
    let Some(s) = read.given(&REVERSE_TO_CAPTURE) else {
        return Vec::new();
    };
    let mut out = Vec::new();
    let mut error = |why: String| {
        out.push(Diagnostic::error(
            s.span,
            format!("`reverse_to_capture` (a move the other way round when it captures) {why}"),
        ));
    };
    let direction = &rules.sowing.direction;
    if read.valid(&DIRECTION)
        && !(direction.iter().all(|&d| d == PitDirection::Ccw)
            || direction.iter().all(|&d| d == PitDirection::Cw))
    {
        error(
            "needs one sowing direction for every pit (`direction ccw` or `direction cw`)".into(),
        );
    }
    if read.valid(&board::PITS) && rules.sowing.reverse_to_capture > rules.board.pits {
        error(format!(
            "names {} pits, but a row has {}",
            rules.sowing.reverse_to_capture, rules.board.pits
        ));
    }
    if read.valid(&board::ROWS) && rules.board.rows == 3 {
        error("is not supported on three rows".into());
    }
    if !rules.has_captures() {
        error("needs a capture rule: without one no move captures".into());
    }
    if rules.sowing.first_lap == FirstLap::Captures {
        error("cannot be used with `first_lap captures` in `legal`".into());
    }
    if rules.has_captures() && rules.grand_slam != GrandSlam::Allowed {
        error("cannot be used with a grand-slam rule (`grand_slam allowed` only)".into());
    }
    if rules.sowing.play_from != crate::rules::PlayFrom::Own {
        error("needs the mover to play from their own pits (`play_from own` in `legal`)".into());
    }
    out
}
