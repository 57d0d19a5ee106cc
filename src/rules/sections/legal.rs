//! The `legal` section: which moves are legal: the move restrictions, in
//! order. Its declaration, each key as a named constant (the handle a check
//! names it by), the sentences `sow describe` says of them, and the checks
//! that tie its keys to those of the sections before it.

use super::{board, capture, sow};
use crate::{
    diagnostic::Diagnostic,
    dsl::Value,
    rules::{declaration::*, model::*, notation::pit_label},
};

pub const SECTION: Section = Section {
    name: "legal",
    doc: "Which moves are legal: the move restrictions, in order.",
    intro: "The lines are an ordered list: each restriction keeps some of the moves the
lines above it allow, so \"no other move\" in a rule means no other move among
those. `min_stones` comes first; the grand-slam and feeding rules come in
either order. A file without `legal` (or that leaves one of the two out)
applies the grand-slam rule first, then feeding.",
    notes: "With `grand_slam only_move_no_capture` then `feed`, a grand slam is removed
unless every move is one, and feeding then chooses among what is left: a
mover whose only feeding move is a grand slam must feed and cannot. With
`feed` then `grand_slam only_move_no_capture`, feeding first keeps the
moves that feed (a grand slam feeds when, played without its capture, it
leaves the opponent stones), and a grand slam among them is illegal unless it
is the only one; then it is played without capture (awale.info's \"unless the
mover has no other move\"). The order matters only with a feeding rule and a
grand-slam rule that removes moves (`forbidden`, `only_move_no_capture`).

`feed` says when the mover must feed (the opponent's row is empty, or they
cannot play); `feed_gives` what a move must do to feed (leave a stone in
their row, leave them a pit they can play, or sow a stone into their row), by
default what the trigger implies (`stone` for `row_empty`, `move` for
`cannot_move`). `feed cannot_move; feed_gives reach` is awale.info's literal
\"enough stones to reach the opponent's territory\": a move that sows one
stone there feeds, though the opponent may still be unable to play.

A *grand slam* is a move that captures stones from the opponent's row and
leaves that row empty (a move that captures only on the mover's own row never
is one). `grand_slam_row emptied` narrows it to a move that finds stones
in that row: a move into an empty row that takes back every stone it sowed
there captures as usual, so it is no feeding move (MancalaGames: \"when your
opponent has seeds at the start of your turn, and you capture them all\").
`grand_slam` other than `allowed` in a variant without captures is an
error, and so are `grand_slam_row` with `grand_slam allowed`, `otherwise`
or `feed_gives` with `feed never`, and `min_stones` after another
restriction.

`first_move_from` restricts only the game's first move (South's), before
the other restrictions choose among what it leaves; a place beyond the row
is an error. A position given with `--from` is a mid-game position: the rule
does not apply to it. `first_moves each_player` makes North's first move a
first move too, for `first_move_from` (North plays from the same places of
its own row) and for a capture rule's `first_move no_capture`; in a match
of rounds only the first round has them (South starts it; Gabata (Ghinda):
\"each player takes their first turn from their leftmost hole\", once). It
is not supported with `extra_turn store` (an error), and with
`extra_turn capture` only when every capture rule has `first_move
no_capture` (no capture, so no extra turn, in the opening: Wa'ache
Waledat).

`first_move shift` makes a first move (the game's, or each player's under
`first_moves each_player`) a *shift*: all the stones of the pit played go
into the next pit in the pit's sowing direction (from the mover's last pit,
the opponent's first), and nothing is captured; the pits it may be played
from are those of any move (`min_stones`, `first_move_from`), and feeding
judges it as any move. English Wari (St. Lucia): \"for the opening move, a
player may take all of the counters in one hole and add them to the next
hole\". It is not supported on three or four rows, with rounds or with
`first_lap` (errors).

`play_from any` lets a player sow from any pit of the board, the opponent's
included (Kapana Bona's heaps on the ground have no sides): a move is
written with the pit's label, `B` for South as for North. Captures, feeding
and the grand-slam rule still speak of the mover's row and the opponent's.
It is not supported with `stores sown` (whose store a sowing from the
other row would pass is not defined), on four rows, or with pits that sow
either way (errors).

`first_lap reaches_or_empty` keeps only the moves whose first lap (the
stones of the pit played, before any relay) sows a stone into the
opponent's row or ends in a pit of the mover's own row that was empty;
like `min_stones`, it says which pits are moves at all, before the other
restrictions choose.

`first_lap captures` keeps, when the first lap of some move ends in a
capture (a capture rule `on relay_landing` that takes there), only those
moves: a capturing move is obligatory (Bao). A move's first lap is the
stones of the pit played, before any relay; moves that capture only in a
later lap do not count.

`feed_gives first_lap` judges a relay by its first lap, which it takes to
capture nothing: it is not supported with relay laps and a capture rule `on
every_pit`, which captures as a lap's stones drop (an error).

`first_lap single_into_empty` plays a pit holding a single stone only
when the pit that stone is sown into is empty, whatever else the mover
has (Kay: \"single counters can only be sowed when the next hole is
empty\"); the other pits are played as `min_stones` says. A single stone
into an occupied pit is refused with its own message.

Old files: `sow { min_stones }`, the top-level `grand_slam` and the section
`feeding { when; otherwise }` are still read, as `legal { min_stones;
grand_slam; feed; otherwise }` in that order (`sow fmt` rewrites them so); a
file with a `legal` section writes them there.",
    repeat: None,
    order: Some(Order {
        read: |r, keys| r.restrictions = restriction_order(r, keys),
        write: restriction_keys,
        first: Some((
            "min_stones",
            "it says which pits can be played at all, and the restrictions after it choose among those",
        )),
    }),
    keys: &[MIN_STONES, FIRST_MOVE_FROM, SINGLETONS, FIRST_MOVES, FIRST_MOVE, PLAY_FROM, FIRST_LAP, GRAND_SLAM, GRAND_SLAM_ROW, FEED, OTHERWISE, FEED_GIVES],
    checks: &[
        feeding_and_grand_slam_need_two_rows,
        unreachable_counts,
        grand_slam_needs_captures,
        grand_slam_row_needs_a_rule,
        otherwise_needs_feeding,
        first_move_from_in_the_row,
        singletons_need_min_stones,
        each_player_first_moves_fit,
        play_from_any_fits,
        first_lap_captures_fits,
        single_into_empty_needs_single_moves,
        first_lap_feeding_fits,
    ],
};

pub const MIN_STONES: Key = Key {
    section: Some("legal"),
    name: "min_stones",
    describe: min_stones,
    read: |r, v| r.sowing.min_stones = v.byte(),
    write: |r| Some(vec![r.sowing.min_stones.to_string()]),
    what: "min_stones",
    value: ValueKind::Number {
        min: 1,
        max: Bound::Stones,
    },
    default: Default::Value("1"),
    warns: None,
    doc: "The fewest stones a pit must hold to be played.",
    example: "min_stones 2",
    infer: Infer::Searched,
};

pub const FIRST_MOVE_FROM: Key = Key {
    section: Some("legal"),
    name: "first_move_from",
    describe: first_move_from,
    read: |r, v| r.sowing.first_move_from = sorted(v.bytes()),
    write: |r| {
        (!r.sowing.first_move_from.is_empty())
            .then(|| r.sowing.first_move_from.iter().map(u8::to_string).collect())
    },
    what: "first-move pit",
    value: ValueKind::Numbers {
        min: 1,
        max: Bound::Fixed(2 * MAX_PITS_PER_ROW_OF_FOUR as u32),
    },
    default: Default::Absent("any pit"),
    warns: None,
    doc: "The pits the game's first move may be played from: places in South's row, counted from South's left (1 is `a`); on four rows, places on South's two rows in label order (1 to 16 on 4x8, `a`-`p`).",
    example: "first_move_from 6",
    infer: Infer::OptIn,
};

pub const SINGLETONS: Key = Key {
    section: Some("legal"),
    name: "singletons",
    describe: singletons,
    read: |r, v| r.sowing.singletons = v.word(),
    write: |r| {
        (r.sowing.singletons != Singletons::Never).then(|| one(r.sowing.singletons))
    },
    what: "single-stone rule",
    value: ValueKind::Word(Words::of::<Singletons>()),
    default: Default::Value("never"),
    warns: None,
    doc: "Whether a pit holding one stone may be played when no pit holds `min_stones` (into an empty pit only), and whether it captures.",
    example: "singletons into_empty",
    infer: Infer::OptIn,
};

pub const FIRST_MOVES: Key = Key {
    section: Some("legal"),
    name: "first_moves",
    // Said by `first_move_from`, `first_move` and `min_stones`.
    describe: said_elsewhere,
    read: |r, v| r.sowing.first_moves = v.word(),
    write: |r| {
        (r.sowing.first_moves != FirstMoves::Game).then(|| one(r.sowing.first_moves))
    },
    what: "first moves",
    value: ValueKind::Word(Words::of::<FirstMoves>()),
    default: Default::Value("game"),
    warns: None,
    doc: "Which moves `first_move_from` and a capture rule's `first_move` apply to: the game's first move, or each player's first move.",
    example: "first_moves each_player",
    infer: Infer::OptIn,
};

pub const FIRST_MOVE: Key = Key {
    section: Some("legal"),
    name: "first_move",
    describe: first_move_shift,
    read: |r, v| r.sowing.first_move = v.word(),
    write: |r| {
        (r.sowing.first_move != FirstMoveKind::Sow).then(|| one(r.sowing.first_move))
    },
    what: "first-move kind",
    value: ValueKind::Word(Words::of::<FirstMoveKind>()),
    default: Default::Value("sow"),
    warns: None,
    doc: "What a first move (the game's, or each player's under `first_moves each_player`) does: sow the pit's stones, or shift them all into the next pit.",
    example: "first_move shift",
    infer: Infer::OptIn,
};

pub const PLAY_FROM: Key = Key {
    section: Some("legal"),
    name: "play_from",
    // Said by `first_move_from`, `first_move` and `min_stones`.
    describe: said_elsewhere,
    read: |r, v| r.sowing.play_from = v.word(),
    write: |r| (r.sowing.play_from != PlayFrom::Own).then(|| one(r.sowing.play_from)),
    what: "pits a player may play",
    value: ValueKind::Word(Words::of::<PlayFrom>()),
    default: Default::Value("own"),
    warns: None,
    doc: "Which pits a player may play: those of their own row, any pit of the board, or those of the opponent's row.",
    example: "play_from any",
    infer: Infer::OptIn,
};

pub const FIRST_LAP: Key = Key {
    section: Some("legal"),
    name: "first_lap",
    describe: first_lap,
    read: |r, v| r.sowing.first_lap = v.word(),
    write: |r| (r.sowing.first_lap != FirstLap::Any).then(|| one(r.sowing.first_lap)),
    what: "first-lap rule",
    value: ValueKind::Word(Words::of::<FirstLap>()),
    default: Default::Value("any"),
    warns: None,
    doc: "What a move's first lap must do for the move to be legal.",
    example: "first_lap reaches_or_empty",
    infer: Infer::OptIn,
};

pub const GRAND_SLAM: Key = Key {
    section: Some("legal"),
    name: "grand_slam",
    describe: grand_slam,
    read: |r, v| r.grand_slam = v.word(),
    write: |r| r.has_captures().then(|| one(r.grand_slam)),
    what: "grand-slam rule",
    value: ValueKind::Word(Words::of::<GrandSlam>()),
    default: Default::Value("allowed"),
    warns: None,
    doc: "What a move that captures the opponent's whole row may do.",
    example: "grand_slam forbidden",
    infer: Infer::Searched,
};

pub const GRAND_SLAM_ROW: Key = Key {
    section: Some("legal"),
    name: "grand_slam_row",
    // Said by `grand_slam`, whose sentence defines a grand slam.
    describe: said_elsewhere,
    read: |r, v| r.grand_slam_row = v.word(),
    write: |r| (r.grand_slam_row != GrandSlamRow::LeftEmpty).then(|| one(r.grand_slam_row)),
    what: "grand-slam row",
    value: ValueKind::Word(Words::of::<GrandSlamRow>()),
    default: Default::Value("left_empty"),
    warns: None,
    doc: "Which moves the grand-slam rule speaks of: those that capture from the opponent's row and leave it empty, or only those of them that found stones there.",
    example: "grand_slam_row emptied",
    infer: Infer::OptIn,
};

pub const FEED: Key = Key {
    section: Some("legal"),
    name: "feed",
    describe: feeding_when,
    read: |r, v| {
        r.feeding.when = v.word();
        r.feeding.gives = r.feeding.when.gives();
    },
    write: |r| Some(one(r.feeding.when)),
    what: "feeding trigger",
    value: ValueKind::Word(Words::of::<FeedWhen>().opt_in(&["always"])),
    default: Default::Value("never"),
    warns: None,
    doc: "When the mover must feed the opponent.",
    example: "feed row_empty",
    infer: Infer::Searched,
};

pub const OTHERWISE: Key = Key {
    section: Some("legal"),
    name: "otherwise",
    describe: otherwise,
    read: |r, v| r.feeding.otherwise = v.word(),
    write: |r| (r.feeding.when != FeedWhen::Never).then(|| one(r.feeding.otherwise)),
    what: "feeding fallback",
    value: ValueKind::Word(Words::of::<FeedFallback>()),
    default: Default::Value("play_any"),
    warns: Some(Warning {
        text: "what happens when no move can feed is not stated: `otherwise play_any` assumed",
        only_if: Some("feed"),
    }),
    doc: "What happens when the mover must feed and no move can.",
    example: "otherwise end_game",
    infer: Infer::Searched,
};

pub const FEED_GIVES: Key = Key {
    section: Some("legal"),
    name: "feed_gives",
    describe: said_elsewhere,
    read: |r, v| r.feeding.gives = v.word(),
    write: |r| {
        let feeding = &r.feeding;
        (feeding.when != FeedWhen::Never && feeding.gives != feeding.when.gives())
            .then(|| one(feeding.gives))
    },
    what: "feeding requirement",
    value: ValueKind::Word(Words::of::<FeedGives>()),
    default: Default::Absent("what `feed` implies: `stone` for `row_empty`, `move` for `cannot_move`"),
    warns: None,
    doc: "What a move must do to feed, if not what `feed` implies: leave a stone in the opponent's row, leave them a pit they can play, sow a stone into their row, or leave a stone in their row once its first lap is sown.",
    example: "feed_gives stone",
    infer: Infer::Searched,
};

/// The keys of `legal` in the order of the rules' restrictions (`otherwise`
/// with `feed`, `first_move_from` with `min_stones`).
fn restriction_keys(rules: &Rules) -> Vec<&'static str> {
    let mut keys = Vec::new();
    for restriction in rules.restrictions.0 {
        keys.push(restriction.word());
        match restriction {
            Restriction::Feed => keys.extend(["otherwise", "feed_gives"]),
            // Like `min_stones`, it says which pits are moves at all.
            Restriction::MinStones => keys.extend([
                "first_move_from",
                "first_moves",
                "first_move",
                "play_from",
                "first_lap",
                "singletons",
            ]),
            Restriction::GrandSlam => keys.push("grand_slam_row"),
        }
    }
    keys
}

/// The restriction order of a `legal` section from its keys in file order
/// (`rules` read from them): feeding first when `feed` comes before
/// `grand_slam` and the order can matter, else today's order. It matters
/// only when both rules choose among moves: a feeding rule, and a grand-slam
/// rule that removes moves (`forbidden`, `only_move_no_capture`; under
/// `allowed` and `no_capture` every move stays). So rules that mean the same
/// compare equal, whatever order their file lists them in.
fn restriction_order(rules: &Rules, keys: &[&str]) -> Restrictions {
    let place = |name: &str| keys.iter().position(|k| *k == name);
    let feed_first = matches!((place("feed"), place("grand_slam")), (Some(f), Some(s)) if f < s);
    if feed_first && order_matters(rules) {
        Restrictions::FEED_THEN_SLAM
    } else {
        Restrictions::SLAM_THEN_FEED
    }
}

/// Whether the order of the feeding and grand-slam rules can change which
/// moves are legal.
pub fn order_matters(rules: &Rules) -> bool {
    rules.feeding.when != FeedWhen::Never
        && matches!(
            rules.grand_slam,
            GrandSlam::Forbidden | GrandSlam::OnlyMoveNoCapture
        )
        && rules.has_captures()
}

/// When a pit holding a single stone may be played.
fn singletons(rules: &Rules) -> Vec<String> {
    match rules.sowing.singletons {
        Singletons::Never => Vec::new(),
        Singletons::IntoEmpty => vec![format!(
            "A player none of whose pits holds {} or more stones may play a pit holding a single stone, but only when the pit that stone is sown into is empty.",
            rules.sowing.min_stones
        )],
        Singletons::IntoEmptyNoCapture => vec![format!(
            "A player none of whose pits holds {} or more stones may play a pit holding a single stone, but only when the pit that stone is sown into is empty; such a move captures nothing.",
            rules.sowing.min_stones
        )],
    }
}

/// The pits the game's first move may be played from.
fn first_move_from(rules: &Rules) -> Vec<String> {
    let places = &rules.sowing.first_move_from;
    if places.is_empty() {
        return Vec::new();
    }
    let per_side = usize::from(rules.board.rows / 2) * usize::from(rules.board.pits);
    let labels: Vec<String> = places
        .iter()
        .map(|&p| format!("`{}`", pit_label(usize::from(p) - 1, per_side)))
        .collect();
    let pits = match labels.as_slice() {
        [one] => format!("pit {one}"),
        [init @ .., last] => format!("one of the pits {} or {last}", init.join(", ")),
        [] => unreachable!("checked non-empty"),
    };
    vec![match rules.sowing.first_moves {
        FirstMoves::Game => format!(
            "The game's first move (South's) must be played from {pits}; the moves after it from any pit."
        ),
        FirstMoves::EachPlayer => format!(
            "Each player's first move{} must be played from {pits} (North's from the same places of its own {}); the moves after it from any pit.",
            if rules.rounds.refill.is_some() { " of the match's first round" } else { "" },
            if rules.board.rows == 4 { "two rows" } else { "row" }
        ),
    }]
}

/// `first_move shift`: what a first move does instead of sowing.
fn first_move_shift(rules: &Rules) -> Vec<String> {
    if rules.sowing.first_move == FirstMoveKind::Sow {
        return Vec::new();
    }
    let whose = match rules.sowing.first_moves {
        FirstMoves::Game => "The game's first move (South's)",
        FirstMoves::EachPlayer => "Each player's first move",
    };
    vec![format!(
        "{whose} does not sow: it moves all the stones of the pit played into the next pit in its sowing direction (the opponent's first pit from the mover's last), and captures nothing."
    )]
}

/// The pit a player picks.
fn min_stones(rules: &Rules) -> Vec<String> {
    let min_stones = rules.sowing.min_stones;
    let own = if rules.sowing.play_from == PlayFrom::Any {
        "either row (the opponent's too)"
    } else if rules.sowing.play_from == PlayFrom::Opponent {
        "the opponent's row (never their own)"
    } else if rules.board.rows == 4 {
        "their own two rows"
    } else if rules.board.rows == 3 {
        "their own row and half-row"
    } else {
        "their own row"
    };
    let pick = if min_stones <= 1 {
        format!("any pit of {own} that is not empty")
    } else if rules.sowing.singletons != Singletons::Never {
        format!("a pit of {own} holding at least {min_stones} stones (single stones only as the restrictions say)")
    } else {
        format!("a pit of {own} holding at least {min_stones} stones (pits with fewer can never be played)")
    };
    vec![format!("On their turn a player picks {pick}.")]
}

fn feeding_when(rules: &Rules) -> Vec<String> {
    let min_stones = rules.sowing.min_stones;
    let trigger = match rules.feeding.when {
        FeedWhen::Never => return vec!["A player never has to give the opponent stones.".into()],
        FeedWhen::RowEmpty => "When the opponent's row is empty".to_string(),
        FeedWhen::Always => "At every move".to_string(),
        FeedWhen::CannotMove => format!(
            "When the opponent cannot move (no pit of theirs holds {min_stones} or more stones)"
        ),
    };
    let requirement = match rules.feeding.gives {
        FeedGives::Stone if rules.feeding.when == FeedWhen::RowEmpty => {
            "leaves at least one stone in it".to_string()
        }
        FeedGives::Stone if rules.feeding.when == FeedWhen::Always => {
            "leaves at least one stone in the opponent's row".to_string()
        }
        FeedGives::Stone => {
            "leaves at least one stone in their row (even if they still cannot move)".to_string()
        }
        FeedGives::Move if rules.feeding.when == FeedWhen::CannotMove => {
            "leaves them such a pit".to_string()
        }
        FeedGives::Move => format!("leaves them a pit of {min_stones} or more stones"),
        FeedGives::Reach => {
            "sows at least one stone into their row (whatever a capture then takes)".to_string()
        }
        FeedGives::FirstLap => {
            "leaves at least one stone in the opponent's row once its first lap is sown, whatever its later laps do".to_string()
        }
    };
    vec![format!(
        "{trigger}, the mover must play a move that {requirement}, if any move does."
    )]
}

fn otherwise(rules: &Rules) -> Vec<String> {
    if rules.feeding.when == FeedWhen::Never {
        return Vec::new();
    }
    vec![match rules.feeding.otherwise {
        FeedFallback::PlayAny => "If no move can do that, any move may be played.".into(),
        FeedFallback::EndGame => "If no move can do that, the game ends at once.".into(),
    }]
}

fn grand_slam(rules: &Rules) -> Vec<String> {
    if !rules.has_captures() {
        return Vec::new();
    }
    let what = match rules.grand_slam_row {
        GrandSlamRow::LeftEmpty => {
            "A move that captures stones from the opponent's row and leaves that row empty (a grand slam)"
        }
        GrandSlamRow::Emptied => {
            "A move that captures stones from the opponent's row and leaves that row empty, when that row held stones before the move (a grand slam; a move into an empty row that takes back what it sowed there is not one)"
        }
    };
    vec![match rules.grand_slam {
        GrandSlam::Allowed => format!("{what} is allowed and captures as usual."),
        GrandSlam::Forbidden => format!("{what} may not be played."),
        GrandSlam::OnlyMoveNoCapture => format!(
            "{what} may not be played unless the mover has no other move; then it is played but captures nothing."
        ),
        GrandSlam::NoCapture => format!("{what} may be played, but captures nothing."),
    }]
}

/// What a move's first lap must do, when the rules say.
fn first_lap(rules: &Rules) -> Vec<String> {
    match rules.sowing.first_lap {
        FirstLap::Any => Vec::new(),
        FirstLap::ReachesOrEmpty => vec![
            "A move may be played only if its first lap sows a stone into the opponent's row or ends in a pit of the mover's own row that was empty.".into(),
        ],
        FirstLap::Captures => vec![
            "A capturing move is obligatory: when the first lap of some move ends in a capture, only such a move may be played.".into(),
        ],
        FirstLap::SingleIntoEmpty => vec![
            "A pit holding a single stone may be played only if the pit that stone is sown into is empty.".into(),
        ],
    }
}

/// Warns about capture counts no last pit can hold. A move sows at least
/// `min_stones` stones, and a sowing path visits every pit of its lap once
/// before it repeats, so every move leaves stones in at least
/// `k = min(min_stones, lap)` pits: the last pit holds at most
/// `total - (k - 1)` stones.
pub(crate) fn unreachable_counts(read: &Read<'_>) -> Vec<Diagnostic> {
    let Some(total) = board::stones(read) else {
        return Vec::new();
    };
    if !read.valid(&MIN_STONES) || !read.valid(&sow::SKIP_ORIGIN) {
        return Vec::new();
    }
    let rules = &read.rules;
    let lap = 2 * u32::from(rules.board.pits) - u32::from(rules.sowing.skip_origin);
    let pits = u32::from(rules.sowing.min_stones).min(lap).max(1);
    let most = total - (pits - 1);
    capture::capture_rules(read)
        .filter_map(|(i, _)| read.given_in(&capture::COUNTS, i))
        .flat_map(|setting| setting.values.iter())
        .filter_map(|value| match value.node {
            Value::Number(Ok(n)) if n > i64::from(most) => Some((n, value.span)),
            _ => None,
        })
        .map(|(n, span)| {
            Diagnostic::warning(
                span,
                format!(
                    "capture count {n} can never occur: every move leaves stones in at least {pits} pits, so the last one holds at most {most}"
                ),
            )
        })
        .collect()
}

pub(crate) fn grand_slam_needs_captures(read: &Read<'_>) -> Vec<Diagnostic> {
    match read.given(&GRAND_SLAM) {
        Some(s) if read.rules.grand_slam != GrandSlam::Allowed && !read.rules.has_captures() => {
            vec![Diagnostic::error(
                s.span,
                "`grand_slam` has no effect: the variant has no captures (add `counts` in `capture`)",
            )]
        }
        _ => Vec::new(),
    }
}

/// `grand_slam_row` says which moves the grand-slam rule speaks of:
/// nothing under `grand_slam allowed`, which plays them all as usual.
pub(crate) fn grand_slam_row_needs_a_rule(read: &Read<'_>) -> Vec<Diagnostic> {
    match read.given(&GRAND_SLAM_ROW) {
        Some(s)
            if read.rules.grand_slam_row != GrandSlamRow::LeftEmpty
                && read.rules.grand_slam == GrandSlam::Allowed =>
        {
            vec![Diagnostic::error(
                s.span,
                "`grand_slam_row` has no effect with `grand_slam allowed` (a grand slam is played as any move)",
            )]
        }
        _ => Vec::new(),
    }
}

/// `otherwise` and `feed_gives` say what the feeding rule does: nothing
/// with `feed never`.
pub(crate) fn otherwise_needs_feeding(read: &Read<'_>) -> Vec<Diagnostic> {
    if !read.valid(&FEED) || read.rules.feeding.when != FeedWhen::Never {
        return Vec::new();
    }
    // An old file's `feeding { when never }` is named as written.
    let feed = match read.given(&FEED) {
        Some(f) if f.key.node == "when" => "when never",
        _ => "feed never",
    };
    [&OTHERWISE, &FEED_GIVES]
        .into_iter()
        .filter_map(|key| read.given(key).map(|s| (key.name, s)))
        .map(|(key, s)| Diagnostic::error(s.span, format!("`{key}` has no effect with `{feed}`")))
        .collect()
}

/// `first_move_from` names places on South's side: of its row, or on four
/// rows of its two rows in label order (`a`-`p` on 4x8).
pub(crate) fn first_move_from_in_the_row(read: &Read<'_>) -> Vec<Diagnostic> {
    let Some(setting) = read.given(&FIRST_MOVE_FROM) else {
        return Vec::new();
    };
    if read.rules.board.rows != 4 {
        return places_in_the_row(read, &FIRST_MOVE_FROM);
    }
    let Some(side) = board::side_pits(read) else {
        return Vec::new();
    };
    setting
        .values
        .iter()
        .filter_map(|value| match value.node {
            Value::Number(Ok(n)) if n > side as i64 => Some(Diagnostic::error(
                value.span,
                format!("`first_move_from {n}`: a side of two rows has {side} pits (1 to {side})"),
            )),
            _ => None,
        })
        .collect()
}

/// The numbers of `key`, places in a row (1 first), each at most the pits
/// of a row.
pub(crate) fn places_in_the_row(read: &Read<'_>, key: &Key) -> Vec<Diagnostic> {
    let (Some(pits), Some(setting)) = (board::row_pits(read), read.given(key)) else {
        return Vec::new();
    };
    setting
        .values
        .iter()
        .filter_map(|value| match value.node {
            Value::Number(Ok(n)) if n > i64::from(pits) => Some((n, value.span)),
            _ => None,
        })
        .map(|(n, span)| {
            Diagnostic::error(
                span,
                format!("`{} {n}`: a row has {pits} pits (1 to {pits})", key.name),
            )
        })
        .collect()
}

/// `singletons into_empty` lets single stones be played when nothing else
/// can: it means something only when `min_stones` is 2 or more, and is not
/// supported beside a grand-slam rule that changes moves.
pub(crate) fn singletons_need_min_stones(read: &Read<'_>) -> Vec<Diagnostic> {
    let rules = &read.rules;
    let Some(s) = read
        .given(&SINGLETONS)
        .filter(|_| rules.sowing.singletons != Singletons::Never)
    else {
        return Vec::new();
    };
    let mut out = Vec::new();
    if read.valid(&MIN_STONES) && rules.sowing.min_stones < 2 {
        out.push(Diagnostic::error(
            s.span,
            format!(
                "`singletons {}` plays single stones when no pit holds `min_stones`: it needs `min_stones 2` or more, not {}",
                rules.sowing.singletons, rules.sowing.min_stones
            ),
        ));
    }
    if read.valid(&GRAND_SLAM) && rules.grand_slam != GrandSlam::Allowed {
        out.push(Diagnostic::error(
            s.span,
            format!(
                "`singletons {}` is not supported with `grand_slam {}` yet",
                rules.sowing.singletons, rules.grand_slam
            ),
        ));
    }
    out
}

/// `first_moves each_player` says which moves `first_move_from` and a
/// capture rule's `first_move no_capture` apply to, so it needs one of them;
/// it follows the first move of each player in a game of one round without
/// extra turns (where South always moves first and North second).
pub(crate) fn each_player_first_moves_fit(read: &Read<'_>) -> Vec<Diagnostic> {
    let rules = &read.rules;
    let Some(s) = read.given(&FIRST_MOVES) else {
        return Vec::new();
    };
    if rules.sowing.first_moves != FirstMoves::EachPlayer {
        return Vec::new();
    }
    let mut out = Vec::new();
    let shift = rules.sowing.first_move == FirstMoveKind::Shift;
    let waiver = shift
        || rules
            .captures
            .iter()
            .any(|c| c.first_move == FirstMove::NoCapture);
    if read.valid(&FIRST_MOVE_FROM) && rules.sowing.first_move_from.is_empty() && !waiver {
        out.push(Diagnostic::error(
            s.span,
            "`first_moves each_player` has no effect: neither `first_move_from`, `first_move shift` nor a capture rule's `first_move no_capture` is given",
        ));
    }
    if read.valid(&sow::EXTRA_TURN) && rules.sowing.extra_turn == ExtraTurn::Store {
        out.push(Diagnostic::error(
            s.span,
            "`first_moves each_player` is not supported with `extra_turn store`",
        ));
    }
    // An extra turn in the opening would make South's second move North's
    // first; none comes when no rule captures in the opening.
    let opening_captures = !shift
        && rules
            .captures
            .iter()
            .any(|c| c.first_move == FirstMove::Normal);
    if read.valid(&sow::EXTRA_TURN)
        && matches!(
            rules.sowing.extra_turn,
            ExtraTurn::Capture | ExtraTurn::LastPitCapture
        )
        && opening_captures
    {
        out.push(Diagnostic::error(
            s.span,
            format!(
                "`first_moves each_player` with `extra_turn {}` needs `first_move no_capture` in every capture rule: an extra turn in the opening would make South's second move North's first",
                rules.sowing.extra_turn.word()
            ),
        ));
    }
    out
}

/// `play_from any` (or `opponent`) lets a move start in the opponent's row
/// of a two-row board: not with stores in the sowing path (whose store a
/// sowing from the other row passes is not defined), nor with pits that sow
/// either way (a move list holds one move per pit of the board).
pub(crate) fn play_from_any_fits(read: &Read<'_>) -> Vec<Diagnostic> {
    let rules = &read.rules;
    let Some(s) = read.given(&PLAY_FROM) else {
        return Vec::new();
    };
    let play_from = rules.sowing.play_from;
    if play_from == PlayFrom::Own {
        return Vec::new();
    }
    let mut out = Vec::new();
    let mut error = |why: &str| {
        out.push(Diagnostic::error(
            s.span,
            format!("`play_from {play_from}` is not supported {why}"),
        ));
    };
    if read.valid(&board::STORES) && rules.board.stores.sown() {
        error(&format!("with `stores {}`", rules.board.stores));
    }
    if read.valid(&board::ROWS) && rules.board.rows != 2 {
        error("on four rows");
    }
    if read.valid(&sow::DIRECTION) && rules.sowing.direction.contains(&PitDirection::Either) {
        error("with pits that sow either way (`direction either`)");
    }
    out
}

/// `requires first_lap` stops the captures of a move whose first lap did
/// not capture: it is for the laps of a relay (`on relay_landing`); and
/// `first_lap captures` asks for a move whose first lap captures, so it
/// needs a rule that captures at the end of a relay lap.
pub(crate) fn first_lap_captures_fits(read: &Read<'_>) -> Vec<Diagnostic> {
    let rules = &read.rules;
    let mut out: Vec<Diagnostic> = capture::capture_rules(read)
        .filter_map(|(i, rule)| {
            let s = read.given_in(&capture::REQUIRES, i)?;
            let wrong = rule.requires == Requires::FirstLap
                && read.valid_in(&capture::ON, i)
                && rule.on != Trigger::RelayLanding;
            wrong.then(|| {
                Diagnostic::error(
                    s.span,
                    format!(
                        "`requires first_lap` has no effect here: it is for `on relay_landing`, not `on {}`",
                        rule.on
                    ),
                )
            })
        })
        .collect();
    if let Some(s) = read.given(&FIRST_LAP) {
        let relay_capture = rules.captures.iter().any(|c| c.on == Trigger::RelayLanding);
        if rules.sowing.first_lap == FirstLap::Captures && !relay_capture {
            out.push(Diagnostic::error(
                s.span,
                "`first_lap captures` needs a capture rule `on relay_landing` (a first lap that ends in a capture)",
            ));
        }
    }
    out
}

/// `first_lap single_into_empty` says when a pit of one stone is played:
/// it means something only when `min_stones` lets such a pit be played.
pub(crate) fn single_into_empty_needs_single_moves(read: &Read<'_>) -> Vec<Diagnostic> {
    let rules = &read.rules;
    match read.given(&FIRST_LAP) {
        Some(s)
            if rules.sowing.first_lap == FirstLap::SingleIntoEmpty
                && read.valid(&MIN_STONES)
                && rules.sowing.min_stones > 1 =>
        {
            vec![Diagnostic::error(
                s.span,
                format!(
                    "`first_lap single_into_empty` has no effect with `min_stones {}`: no pit holding a single stone is played",
                    rules.sowing.min_stones
                ),
            )]
        }
        _ => Vec::new(),
    }
}

/// Feeding and a grand-slam rule are not supported on three or four rows
/// yet.
pub(crate) fn feeding_and_grand_slam_need_two_rows(read: &Read<'_>) -> Vec<Diagnostic> {
    let rules = &read.rules;
    let mut out =
        board::not_supported_on_more_rows(read, &FEED, rules.feeding.when != FeedWhen::Never);
    out.extend(board::not_supported_on_more_rows(
        read,
        &GRAND_SLAM,
        rules.grand_slam != GrandSlam::Allowed,
    ));
    out
}

/// `feed_gives first_lap` judges a relay's first lap as capturing nothing
/// (a lap that relays ends in no capture), which a capture `on every_pit`
/// breaks: it takes as the first lap's stones drop.
pub(crate) fn first_lap_feeding_fits(read: &Read<'_>) -> Vec<Diagnostic> {
    let rules = &read.rules;
    let Some(s) = read.given(&FEED_GIVES) else {
        return Vec::new();
    };
    let relays = read.valid(&sow::LAPS) && rules.sowing.laps != Laps::Single;
    let every_pit = capture::capture_rules(read)
        .find(|&(i, rule)| read.valid_in(&capture::ON, i) && rule.on == Trigger::EveryPit);
    match every_pit {
        Some((_, rule))
            if read.valid(&FEED_GIVES) && rules.feeding.gives == FeedGives::FirstLap && relays =>
        {
            vec![Diagnostic::error(
                s.span,
                format!(
                    "`feed_gives first_lap` takes a relay's first lap to capture nothing, and the capture `{}` (`on every_pit`) captures as the lap's stones drop: not supported together",
                    rule.name
                ),
            )]
        }
        _ => Vec::new(),
    }
}
