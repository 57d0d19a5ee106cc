//! The `claim` section: pits that become a player's (Toguz Kumalak's tuzdik,
//! the Ethiopian weg and qasamo). Its declaration, each key as a named
//! constant (the handle a check names it by), the sentences `sow describe`
//! says of them, and the checks that tie its keys to those of the sections
//! before it.

use super::phrases::*;
use super::{board, capture, legal, sow};
use crate::{
    diagnostic::Diagnostic,
    rules::{declaration::*, model::*},
};

pub const SECTION: Section = Section {
    name: "claim",
    doc: "Pits that become a player's (Toguz Kumalak's tuzdik, the Ethiopian weg and qasamo).",
    intro: "Without `makes` no pit is ever claimed. With it, a move whose last stone
makes that count in a pit it may claim (`of`: one of the opponent's row,
one the opponent owns, or any pit, the mover's own too) claims that pit for
the mover, unless the mover has claimed as many as `limit` allows, the pit is at a place `except` names, or `mirror forbidden`
rules it out. Under relay sowing every lap's last stone is looked at: a lap
that claims a pit, or ends in a claimed pit, ends the move (nothing is ever
relayed from a claimed pit); under `relay_stops on_count` so does any lap
whose last stone makes the count, in whatever pit. A claimed pit is never played or captured from.
Under `stones to_owner` its stones are captured by the mover, and every
stone sown into it later goes straight to its owner; under `stones kept`
they stay in it, and are its owner's when the game or round ends. With
`tribute`, a move whose last stone falls into the opponent's claimed pit
takes that many stones from it (the last stone counted, fewer if it holds
fewer) for the mover, and the turn ends or the mover moves again
(`tribute_then`). Under `by empty_facing` the claim is made another way:
a move whose last stone falls into an empty pit of the mover's row, facing
a pit of the opponent that holds `makes`, moves one stone of that pit into
the landing pit and claims the opponent's pit (Leyla Gobale: \"one of the
opponent's counters is taken and placed into the hole where sowing ended,
so that each now has two counters\"). Under `pair facing` a claim takes
the pit facing the claimed one too, both the claimer's (Leyla: \"this hole
and the one opposite it are captured\"; Leyla Gobale's two holes of two).",
    notes: "A capture rule that takes the last pit comes first: a pit is claimed only when
no rule captured it; under `by empty_facing` the claim comes before the
capture rules, which then take nothing from the claimed pits (a
facing capture takes the opponent's pit at any other count). Claiming is a capture for `first_move no_capture`.
Places count from the row owner's left, 1 first (`except 9` on 2x9: the
opponent's ninth pit). Under `tribute_first no`, the first time a player's
last stone falls into a given claimed pit of the opponent takes nothing
(the pit remembers it). At the end of a game or round the stones in a
claimed pit are its owner's whatever `leftovers` says of the others; a new
round starts with no claimed pit. The notation writes a claimed pit as its
count followed by `t` (`t` alone when it holds nothing), owned by the
other row's player, or `T` when owned by its own row's player:
`9 9 t 9 / 9 9 9 9 south`, `4 4 6t 4 / 4 4 4 4 south`. `claim` needs two
rows, and `laps single` or `relay`; `sow solve`, `analyze` and the perfect
agent do not take variants with claims yet, and say so.",
    order: None,
    repeat: None,
    keys: &[
        MAKES,
        EXCEPT,
        MIRROR,
        OF,
        LIMIT,
        STONES,
        TRIBUTE,
        TRIBUTE_FIRST,
        TRIBUTE_LEAST,
        TRIBUTE_THEN,
        BY,
        PAIR,
        RELAY_STOPS,
    ],
    checks: &[
        claims_need_fewer_than_four_rows,
        claim_options_need_count,
        claim_fits_the_sowing,
        claim_tribute_fits,
        relay_stops_needs_relay,
        claim_places_in_the_row,
        claim_pairs_need_two_rows,
    ],
};

pub const MAKES: Key = Key {
    section: Some("claim"),
    name: "makes",
    describe: claim,
    read: |r, v| r.claim.count = Some(v.byte()),
    write: |r| r.claim.count.map(one),
    what: "claiming count",
    value: ValueKind::Number {
        min: 1,
        max: Bound::Stones,
    },
    default: Default::Absent("none (no pit is ever claimed)"),
    warns: None,
    doc: "The count the last stone makes in a pit of the opponent's row to claim it.",
    example: "makes 3",
    infer: Infer::OptIn,
};

pub const EXCEPT: Key = Key {
    section: Some("claim"),
    name: "except",
    describe: said_elsewhere,
    read: |r, v| r.claim.except = sorted(v.bytes()),
    write: |r| {
        (r.claim.count.is_some() && !r.claim.except.is_empty())
            .then(|| r.claim.except.iter().map(u8::to_string).collect())
    },
    what: "unclaimable place",
    value: ValueKind::Numbers {
        min: 1,
        max: Bound::Fixed(MAX_PITS_PER_ROW as u32),
    },
    default: Default::Absent("none (any place)"),
    warns: None,
    doc: "Places in a row, from its owner's left (1 first), that are never claimed.",
    example: "except 9",
    infer: Infer::OptIn,
};

pub const MIRROR: Key = Key {
    section: Some("claim"),
    name: "mirror",
    describe: said_elsewhere,
    read: |r, v| r.claim.mirror = v.word(),
    write: |r| r.claim.count.map(|_| one(r.claim.mirror)),
    what: "mirror rule",
    value: ValueKind::Word(Words::of::<Mirror>()),
    default: Default::Value("allowed"),
    warns: Some(Warning {
        text: "whether a pit may be claimed at the place of the opponent's claimed pit is not stated: `mirror allowed` assumed",
        only_if: Some("makes"),
    }),
    doc: "Whether a pit at the same place (from its owner's left) as the opponent's claimed pit may be claimed.",
    example: "mirror forbidden",
    infer: Infer::OptIn,
};

pub const OF: Key = Key {
    section: Some("claim"),
    name: "of",
    describe: said_elsewhere,
    read: |r, v| r.claim.of = v.word(),
    write: |r| r.claim.count.map(|_| one(r.claim.of)),
    what: "claimable pits",
    value: ValueKind::Word(Words::of::<ClaimOf>()),
    default: Default::Value("row"),
    warns: None,
    doc: "Which pits may be claimed: those of the opponent's row, those the opponent owns, or any pit.",
    example: "of owned",
    infer: Infer::OptIn,
};

pub const LIMIT: Key = Key {
    section: Some("claim"),
    name: "limit",
    describe: said_elsewhere,
    read: |r, v| r.claim.limit = v.word(),
    write: |r| r.claim.count.map(|_| one(r.claim.limit)),
    what: "claim limit",
    value: ValueKind::Word(Words::of::<ClaimLimit>()),
    default: Default::Value("one"),
    warns: None,
    doc: "How many pits a player may claim: one, or any number.",
    example: "limit none",
    infer: Infer::OptIn,
};

pub const STONES: Key = Key {
    section: Some("claim"),
    name: "stones",
    describe: said_elsewhere,
    read: |r, v| r.claim.stones = v.word(),
    write: |r| r.claim.count.map(|_| one(r.claim.stones)),
    what: "where a claimed pit's stones go",
    value: ValueKind::Word(Words::of::<ClaimStones>()),
    default: Default::Value("to_owner"),
    warns: None,
    doc: "Where the stones in and sown into a claimed pit go: to its owner at once, or kept in it until the game or round ends.",
    example: "stones kept",
    infer: Infer::OptIn,
};

pub const TRIBUTE: Key = Key {
    section: Some("claim"),
    name: "tribute",
    describe: said_elsewhere,
    read: |r, v| r.claim.tribute = Some(v.byte()),
    write: |r| r.claim.count.and(r.claim.tribute).map(one),
    what: "tribute",
    value: ValueKind::Number {
        min: 1,
        max: Bound::Stones,
    },
    default: Default::Absent("none (no tribute)"),
    warns: None,
    doc: "Stones the mover takes from an opponent's claimed pit where the move's last stone falls (that stone counted).",
    example: "tribute 2",
    infer: Infer::OptIn,
};

pub const TRIBUTE_LEAST: Key = Key {
    section: Some("claim"),
    name: "tribute_least",
    describe: said_elsewhere,
    read: |r, v| r.claim.tribute_least = Some(v.byte()).filter(|&n| n > 1),
    // Written when a file gave more than one: the rules of a file that
    // says `tribute_least 1` equal those of one that does not.
    write: |r| r.claim.count.and(r.claim.tribute).and(r.claim.tribute_least).map(one),
    what: "`tribute_least` count",
    value: ValueKind::Number {
        min: 1,
        max: Bound::Stones,
    },
    default: Default::Value("1"),
    warns: None,
    doc: "The fewest stones an opponent's claimed pit must hold, the move's last stone counted, for the tribute to be taken (Ludii's Gabata (Adowa): `tribute_least 2`, none from a pit the last stone alone is in).",
    example: "tribute_least 2",
    infer: Infer::OptIn,
};

pub const TRIBUTE_FIRST: Key = Key {
    section: Some("claim"),
    name: "tribute_first",
    describe: said_elsewhere,
    read: |r, v| r.claim.first_landing_free = v.word::<Switch>() == Switch::No,
    write: |r| {
        r.claim.count.and(r.claim.tribute).map(|_| {
            one(if r.claim.first_landing_free {
                Switch::No
            } else {
                Switch::Yes
            })
        })
    },
    what: "`tribute_first` value",
    value: ValueKind::Word(Words::of::<Switch>()),
    default: Default::Value("yes"),
    warns: None,
    doc: "Whether a player's first landing in a given claimed pit of the opponent takes the tribute (`no`: nothing happens the first time).",
    example: "tribute_first no",
    infer: Infer::OptIn,
};

pub const TRIBUTE_THEN: Key = Key {
    section: Some("claim"),
    name: "tribute_then",
    describe: said_elsewhere,
    read: |r, v| r.claim.tribute_then = v.word(),
    write: |r| r.claim.count.and(r.claim.tribute).map(|_| one(r.claim.tribute_then)),
    what: "what follows a tribute",
    value: ValueKind::Word(Words::of::<TributeThen>()),
    default: Default::Value("end"),
    warns: None,
    doc: "What the mover does after taking a tribute: the turn ends, or they move again from any pit of theirs.",
    example: "tribute_then again",
    infer: Infer::OptIn,
};

pub const BY: Key = Key {
    section: Some("claim"),
    name: "by",
    describe: said_elsewhere,
    read: |r, v| r.claim.by = v.word(),
    write: |r| {
        r.claim
            .count
            .filter(|_| r.claim.by != ClaimBy::Landing)
            .map(|_| one(r.claim.by))
    },
    what: "how a pit is claimed",
    value: ValueKind::Word(Words::of::<ClaimBy>()),
    default: Default::Value("landing"),
    warns: None,
    doc: "How a pit is claimed: the last stone makes `makes` in it, or it holds `makes` facing the empty pit of the mover's row the last stone fell into.",
    example: "by empty_facing",
    infer: Infer::OptIn,
};

pub const RELAY_STOPS: Key = Key {
    section: Some("claim"),
    name: "relay_stops",
    describe: said_elsewhere,
    read: |r, v| r.claim.relay_stops = v.word(),
    write: |r| {
        r.claim
            .count
            .filter(|_| r.claim.relay_stops != RelayStops::OnClaim)
            .map(|_| one(r.claim.relay_stops))
    },
    what: "laps that end a relay",
    value: ValueKind::Word(Words::of::<RelayStops>()),
    default: Default::Value("on_claim"),
    warns: None,
    doc: "Under relay sowing, which laps making the claiming count end the move: those that claim, or any.",
    example: "relay_stops on_count",
    infer: Infer::OptIn,
};

pub const PAIR: Key = Key {
    section: Some("claim"),
    name: "pair",
    describe: said_elsewhere,
    read: |r, v| r.claim.pair = v.word(),
    write: |r| {
        r.claim
            .count
            .filter(|_| r.claim.pair != ClaimPair::One)
            .map(|_| one(r.claim.pair))
    },
    what: "what a claim takes",
    value: ValueKind::Word(Words::of::<ClaimPair>()),
    default: Default::Value("one"),
    warns: None,
    doc: "What a claim takes: the claimed pit alone, or it and the pit facing it (a column), both the claimer's.",
    example: "pair facing",
    infer: Infer::OptIn,
};

/// The claim rule: one paragraph for the whole `claim` section (nothing
/// when no pit is ever claimed).
fn claim(rules: &Rules) -> Vec<String> {
    let claim = &rules.claim;
    let Some(count) = claim.count else {
        return Vec::new();
    };
    let whose = match claim.of {
        ClaimOf::Row => "a pit of the opponent's row",
        ClaimOf::Owned => "a pit the opponent owns",
        ClaimOf::Any => "any pit (the mover's own too)",
    };
    let last = match rules.sowing.laps {
        Laps::Single => "A move whose last stone",
        _ => "A lap whose last stone",
    };
    let limit = match claim.limit {
        ClaimLimit::One => ", if the mover has claimed none yet",
        ClaimLimit::None => "",
    };
    let except = match claim.except.as_slice() {
        [] => String::new(),
        places => format!(
            ", not at place {} of its row (counted from its owner's left)",
            or_list(places.iter().map(u8::to_string))
        ),
    };
    let mirror = match (claim.mirror, claim.limit) {
        (Mirror::Allowed, _) => "",
        (Mirror::Forbidden, ClaimLimit::One) => {
            ", nor at the place (from its owner's left) of the pit the opponent claimed"
        }
        (Mirror::Forbidden, ClaimLimit::None) => {
            ", nor at the place (from its owner's left) of a pit the opponent claimed"
        }
    };
    let relay = match (rules.sowing.laps, claim.by, claim.relay_stops) {
        (Laps::Single, _, _) => "",
        (_, ClaimBy::EmptyFacing, RelayStops::OnClaim) => " A lap that ends in a claimed pit ends the move: nothing is relayed from a claimed pit.",
        (_, ClaimBy::EmptyFacing, RelayStops::OnCount) => " A lap that ends in a claimed pit ends the move: nothing is relayed from a claimed pit; so does a lap whose last stone makes {count} in any pit.",
        (_, _, RelayStops::OnClaim) => " The move ends there, and a lap that ends in a claimed pit ends the move too: nothing is relayed from a claimed pit.",
        (_, _, RelayStops::OnCount) => " The move ends there, and so does a lap whose last stone makes {count} in any other pit, or ends in a claimed pit: nothing is relayed from a claimed pit.",
    };
    let relay = relay.replace("{count}", &count.to_string());
    let stones = match claim.stones {
        ClaimStones::ToOwner => "The mover captures its stones, and the pit becomes the mover's store for the rest of the game: every stone sown into it goes to its owner, and it is never played or captured from.",
        ClaimStones::Kept if claim.pair == ClaimPair::Facing => "The pits become the mover's, stones and all: they are never played or captured from, the stones sown into them stay there, and when the game or round ends they are their owner's.",
        ClaimStones::Kept => "The pit becomes the mover's, stones and all: it is never played or captured from, the stones sown into it stay there, and when the game or round ends they are its owner's.",
    };
    let pair = match claim.pair {
        ClaimPair::One => "",
        ClaimPair::Facing => " The pit facing it is claimed with it (unless already claimed), and both are the mover's.",
    };
    let mut text = match claim.by {
        ClaimBy::Landing => format!("{last} makes {count} in {whose} claims that pit, if no capture took it{limit}{except}{mirror}.{pair}{relay} {stones}"),
        ClaimBy::EmptyFacing => format!("A move whose last stone falls into an empty pit of the mover's row, facing {whose} that holds {count}, moves one stone of that pit into the landing pit and claims that pit{limit}{except}{mirror}; the capture rules come after and take nothing from a claimed pit.{pair}{relay} {stones}"),
    };

    if let Some(tribute) = claim.tribute {
        let stones = if tribute == 1 {
            "one stone (the last stone itself if the pit held none)".to_string()
        } else {
            format!("{tribute} stones (the last stone among them; what it holds if fewer)")
        };
        let first = if claim.first_landing_free {
            " except the first time that player's last stone falls into that pit, when nothing happens,"
        } else {
            ""
        };
        let least = match claim.tribute_least {
            Some(least) => format!(" when it then holds {least} stones or more"),
            None => String::new(),
        };
        let then = match claim.tribute_then {
            TributeThen::End => "the turn ends",
            TributeThen::Again => "the mover moves again, from any pit of theirs",
        };
        text.push_str(&format!(" A move whose last stone falls into the opponent's claimed pit takes {stones} from it for the mover{least},{first} and {then}."));
    }
    vec![text]
}

/// The keys of `claim` other than `makes` say which pits may be claimed:
/// without `makes` none is.
pub(crate) fn claim_options_need_count(read: &Read<'_>) -> Vec<Diagnostic> {
    if !read.valid(&MAKES) || read.given(&MAKES).is_some() {
        return Vec::new();
    }
    [
        &EXCEPT,
        &MIRROR,
        &OF,
        &LIMIT,
        &STONES,
        &TRIBUTE,
        &TRIBUTE_FIRST,
        &TRIBUTE_LEAST,
        &TRIBUTE_THEN,
        &BY,
        &PAIR,
        &RELAY_STOPS,
    ]
    .into_iter()
    .filter_map(|key| read.given(key).map(|s| (key.name, s)))
    .map(|(name, s)| {
        Diagnostic::error(
            s.span,
            format!("`{name}` has no effect: no `makes` is given, so no pit is ever claimed"),
        )
    })
    .collect()
}

/// A claimed pit's stones go to its owner once the sowing is over: a relay
/// would lift them first, and a capture inside the sowing could take them.
pub(crate) fn claim_fits_the_sowing(read: &Read<'_>) -> Vec<Diagnostic> {
    let Some(count) = read.given(&MAKES) else {
        return Vec::new();
    };
    let rules = &read.rules;
    let mut out = Vec::new();
    if read.valid(&sow::LAPS) && !matches!(rules.sowing.laps, Laps::Single | Laps::Relay) {
        out.push(Diagnostic::error(
            count.span,
            format!("`claim` is supported with `laps single` or `relay` only, not `laps {}`: its relay could lift the stones sown into a claimed pit", rules.sowing.laps),
        ));
    }
    for (i, rule) in capture::capture_rules(read) {
        if read.valid_in(&capture::ON, i)
            && matches!(
                rule.on,
                Trigger::EveryPit | Trigger::RelayLanding | Trigger::Sweep
            )
        {
            out.push(Diagnostic::error(
                count.span,
                format!("`claim` is not supported with a capture `on {}`: it could take the stones sown into a claimed pit before they reach its owner, or take a claimed pit", rule.on),
            ));
        }
    }
    out
}

/// `relay_stops on_count` ends relay laps: it needs `laps relay`.
pub(crate) fn relay_stops_needs_relay(read: &Read<'_>) -> Vec<Diagnostic> {
    match read.given(&RELAY_STOPS) {
        Some(s)
            if read.rules.claim.relay_stops == RelayStops::OnCount
                && read.valid(&sow::LAPS)
                && read.rules.sowing.laps != Laps::Relay =>
        {
            vec![Diagnostic::error(
                s.span,
                format!(
                    "`relay_stops on_count` has no effect: it ends relay laps, and the sowing is `laps {}`",
                    read.rules.sowing.laps
                ),
            )]
        }
        _ => Vec::new(),
    }
}

/// A tribute takes stones kept in a claimed pit (`stones kept`), and the
/// keys that say how it is taken need one.
pub(crate) fn claim_tribute_fits(read: &Read<'_>) -> Vec<Diagnostic> {
    if !read.valid(&MAKES) || read.given(&MAKES).is_none() {
        return Vec::new();
    }
    let claim = &read.rules.claim;
    let mut out = Vec::new();
    match read.given(&TRIBUTE) {
        Some(tribute) if read.valid(&STONES) && claim.stones != ClaimStones::Kept => {
            out.push(Diagnostic::error(
                tribute.span,
                format!("`tribute` needs `stones kept`: under `stones {}` a claimed pit holds nothing to take", claim.stones),
            ));
        }
        Some(_) => {}
        None => out.extend(
            [&TRIBUTE_FIRST, &TRIBUTE_LEAST, &TRIBUTE_THEN]
                .into_iter()
                .filter_map(|key| read.given(key).map(|s| (key.name, s)))
                .map(|(name, s)| {
                    Diagnostic::error(
                        s.span,
                        format!("`{name}` has no effect: no `tribute` is given"),
                    )
                }),
        ),
    }
    out
}

/// `by empty_facing` and `pair facing` name the pit facing another: on
/// two rows, where every pit faces one.
pub(crate) fn claim_pairs_need_two_rows(read: &Read<'_>) -> Vec<Diagnostic> {
    let rules = &read.rules;
    if !read.valid(&board::ROWS) || rules.board.rows == 2 {
        return Vec::new();
    }
    [
        (&BY, rules.claim.by != ClaimBy::Landing),
        (&PAIR, rules.claim.pair != ClaimPair::One),
    ]
    .into_iter()
    .filter(|&(key, set)| set && read.valid(key))
    .filter_map(|(key, _)| read.given(key).map(|s| (key.name, s)))
    .map(|(name, s)| {
        Diagnostic::error(
            s.span,
            format!(
                "`{name}` is supported on two rows only, not {} rows: it names the pit facing another",
                rules.board.rows
            ),
        )
    })
    .collect()
}

/// `except` names places of a row.
pub(crate) fn claim_places_in_the_row(read: &Read<'_>) -> Vec<Diagnostic> {
    legal::places_in_the_row(read, &EXCEPT)
}

/// Claims work on three rows (Gabata (Adowa)'s weg), not yet on four.
pub(crate) fn claims_need_fewer_than_four_rows(read: &Read<'_>) -> Vec<Diagnostic> {
    let four = read.rules.board.rows == 4 && read.rules.claim.count.is_some();
    board::not_supported_on_more_rows(read, &MAKES, four)
}
