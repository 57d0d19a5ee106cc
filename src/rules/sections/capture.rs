//! The `capture` section: what a move captures: one section per capture
//! rule. Its declaration, each key as a named constant (the handle a check
//! names it by), the sentences `sow describe` says of them, and the checks
//! that tie its keys to those of the sections before it.

use super::board;
use super::phrases::*;
use crate::{
    diagnostic::Diagnostic,
    rules::{declaration::*, model::*},
};

pub const SECTION: Section = Section {
    name: "capture",
    doc: "What a move captures: one section per capture rule.",
    intro: "Each capture rule is a section of its own, named by a label:
`capture last { ... }`. After the last stone is dropped, the pit it landed in
is captured if it now holds one of the rule's `counts` and lies on a row
`side` allows. Then the `chain` examines the neighbouring pits one by one,
taking each that qualifies the same way, and stops at the first that does
not; it never visits a pit twice. A variant may have several rules: they are
tried in file order, each on the same last pit, and a pit is taken at most
once (a rule whose pits are already taken takes nothing). A variant without a
`capture` section captures nothing.",
    notes: "The pit facing pit `a` is North's last pit, and so on (on 2x6, `a`-`F`, `b`-`E`
... `f`-`A`). On four rows an inner pit faces the opponent's inner pit in
the same column (on 4x8 `i`-`P`, `p`-`I`), and behind that is the
opponent's outer pit (`P` then `A`); there a facing `take` is supported
only as Hus uses it: `on relay_landing` with `then resows`, `side
own_inner`, `take opposite`, `opposite_and_behind` or
`opposite_and_behind_both`, with `start next` in `sow` (with `side own`,
a landing in the outer row looks across the mover's inner pit of its
column, at the same opponent's pits: Hus (Nama)); or as Tsoro uses it,
a `take` of the pit behind with `on last_pit` (the stones are kept, or sown
on with `then resows`). Kalah's capture reads: `capture facing { counts 1; side own;
take last_and_opposite }`. `goes_to opponent` credits the mover's opponent:
Yovodi's last counter in an empty hole of the opponent's row gives them the
hole facing it, in the mover's row (`capture theirs { before empty; side
opponent; take opposite; goes_to opponent }`). `goes_to owner` credits
each pit's owner, the other row's player for a pit that changed hands
under `refill surplus`; `last_goes_to` (for `on every_pit`) sends the
stones of the pit a lap's last stone makes qualify elsewhere, the lap then
ending in an empty pit: Mewelad's fours go to the hole's owner, \"unless it
is the final hole of the sowing, in which case the player who is sowing
captures them\" (`capture fours { on every_pit; counts 4; side any;
goes_to owner; last_goes_to mover }`). A chain goes with `take last` or with `take
last_and_opposite_even_empty`, which takes each pit of the chain with the
pit facing it, as the last one (La'b Akila); another `take` with a chain is
an error, and so is `facing_counts` with a `take` that leaves the facing pit
alone (`last`, `neighbours`, `next`). `take next` takes the pit after the
last one in the sowing direction, on either row, if it holds stones (a
closed pit holds none); the last stone stays (Pallankuli: \"if sowing ends
in an empty hole, the contents of the next hole are taken\"). `take two_out`
looks past the pit after the last one: when that pit is empty, the pit after
it is taken if it holds stones; with `chain forward` the capture goes on
across each further empty pit to an occupied one, and stops at two empty or
two occupied pits in a row or before the last pit (Dongjintian, whose
sowing, `laps next_always`, ends only where the next pit is empty: `capture
two_out { before any; side any; take two_out; chain forward }`, `before
any` standing for any count of the last pit); `chain backward` with it is
an error.

A count that no last pit can hold *warns*: every move sows at least
`min_stones` stones into as many different pits (up to one lap), so the last
pit holds at most the stones on the board minus `min_stones - 1` (with 42
stones and `min_stones 2`, a count of 42 never occurs).
A count larger than the number of stones, or given twice, is an error, and
so is a label given to two rules.

`on sweep` looks at the whole board once the sowing is over: every pit of
the rows `side` allows that holds one of the `counts` is taken, whether the
move sowed into it or not (Oure Ngat: \"any piles containing 2, 4, or 6
counters at the end of sowing are captured\"). It comes after the rules on
the last pit, so a sweep is written after them; it takes the pits
themselves (no `take` but `last`, no chain), and a relay that never ended
(a cycle, a lap that ended the game) sweeps nothing. With `requires
capture` a sweep follows only a move in which an earlier rule has captured
(Wouri, as Ludii codes it: a lap's landing four, then every four of the
opponent's row); it is an error on another trigger or on the first rule.
With `board_at_most N` a sweep applies only when at most N stones are left
on the board once the sowing and the earlier rules' captures are done: the
endgame sweep, where a capture that leaves few stones takes them all too
(Hoyito: \"when eight counters are left, the player to first capture a
group of four also takes the remaining four counters on the board\" reads
`capture endgame { on sweep; counts 1 2 3 4; side any; requires capture;
board_at_most 4 }`); it is an error on another trigger.

`before` says what the pit held before the stone that makes it qualify
fell in: `empty` or `occupied` (or `any`, the default). A rule that gives
`before` may leave out `counts`: it then captures at any count `before`
allows (`before occupied; side own; take opposite`: a last stone that
falls into an occupied pit of the mover's row takes the facing pit).
`before` goes with `on last_pit` and `on every_pit` (a relay lands only in
a pit that held stones; a sweep looks at pits, not at a stone), and not
with a chain or `take neighbours`, whose further pits get no stone.

`extra_chosen N` gives the mover more pits after the rule's capture: N
of the opponent's pits holding stones, each chosen as a move of its own,
written `-` and the pit's label (`-C` empties pit `C`; the stones go where
the rule's `goes_to` sends them). The mover keeps the turn until they have
taken N pits or the opponent has none holding stones left; the end
conditions are tested before each of these moves, as before any other. A
position where the player to move still takes pits ends in `taking` and
how many (`... south taking 2`). `extra_after` says what earns the pits:
`capture` (the default: the rule took stones; Tsoro (Additional
Capture): \"the player then captures again, from the agreed-upon number
of extra holes, chosen from any of the opponent's holes\"), `both_pits`
(the rule took the facing pit and the pit behind it: Msuwa) or
`landing` (the last pit qualified, whether or not its pits held stones:
Ludii's Tshuba), these two with a four-row `take` of the pit behind.
Perft counts each chosen pit as a ply, as Ludii counts each as a
decision. One rule of a variant may have `extra_chosen`, at the
last pit (`on last_pit`, `then stops`), in a game without an extra turn,
rounds, feeding, a grand-slam rule but `allowed`, `claim` or `repetition
agree`.

Old files: a section without a label, `capture { ... }`, is the rule
`capture last { ... }` (`sow fmt` writes the label); there, leaving out
`counts` means no captures, and the section's other keys are then an error.",
    order: None,
    repeat: Some(Repeat {
        unlabelled: "last",
        add: |r, label| {
            r.captures.push(CaptureRule {
                name: label,
                ..CaptureRule::default()
            })
        },
        labels: |r| r.captures.iter().map(|c| c.name.clone()).collect(),
        view: |r, i| {
            let mut view = r.clone();
            view.captures.truncate(i + 1);
            view
        },
    }),
    keys: &[
        ON,
        COUNTS,
        BEFORE,
        SIDE,
        CHAIN,
        CHAIN_JUDGED,
        FIRST_MOVE,
        TAKE,
        FACING_COUNTS,
        GOES_TO,
        LAST_GOES_TO,
        THEN,
        REQUIRES,
        BOARD_AT_MOST,
        LAST_STONE,
        LOOKED_AT,
        EXTRA_CHOSEN,
        EXTRA_AFTER,
    ],
    checks: &[
        capture_fits_the_board,
        take_with_a_chain_is_last,
        chain_judged_needs_a_chain,
        facing_counts_need_a_facing_take,
        sweeps_come_last,
        before_fits,
        requires_capture_fits,
        board_at_most_is_for_sweeps,
        last_goes_to_is_for_every_pit,
        last_stone_is_for_every_pit,
        looked_at_is_for_every_pit,
        lap_captures_need_every_pit,
        extra_chosen_fits,
    ],
};

pub const LOOKED_AT: Key = Key {
    section: Some("capture"),
    name: "looked_at",
    describe: said_elsewhere,
    read: |r, v| rule_mut(r).looked_at = v.word(),
    write: |r| {
        rule(r)
            .filter(|c| c.looked_at != LookedAt::AsSown)
            .map(|c| one(c.looked_at))
    },
    what: "time the pits are looked at",
    value: ValueKind::Word(Words::of::<LookedAt>()),
    default: Default::Value("as_sown"),
    warns: None,
    doc: "For `on every_pit`: whether a pit is looked at as each stone drops, or once the lap is sown, over the pits from its origin on to its last pit.",
    example: "looked_at after_lap",
    infer: Infer::OptIn,
};

pub const ON: Key = Key {
    section: Some("capture"),
    name: "on",
    describe: said_elsewhere,
    read: |r, v| rule_mut(r).on = v.word(),
    write: |r| rule(r).map(|c| one(c.on)),
    what: "capture trigger",
    value: ValueKind::Word(Words::of::<Trigger>()),
    default: Default::Value("last_pit"),
    warns: None,
    doc: "When the rule looks for a capture.",
    example: "on last_pit",
    infer: Infer::OptIn,
};

pub const COUNTS: Key = Key {
    section: Some("capture"),
    name: "counts",
    describe: counts,
    read: |r, v| rule_mut(r).counts = sorted(v.bytes()),
    write: |r| {
        rule(r)
            .filter(|c| !c.counts.is_empty())
            .map(|c| c.counts.iter().map(u8::to_string).collect())
    },
    what: "capture count",
    value: ValueKind::Numbers {
        min: 1,
        max: Bound::Stones,
    },
    default: Default::RequiredUnless("before"),
    warns: None,
    doc: "The stone counts a last pit is captured at.",
    example: "counts 2 4 6",
    infer: Infer::Searched,
};

pub const BEFORE: Key = Key {
    section: Some("capture"),
    name: "before",
    describe: said_elsewhere,
    read: |r, v| rule_mut(r).before = v.word(),
    write: |r| rule(r).map(|c| one(c.before)),
    what: "`before` condition",
    value: ValueKind::Word(Words::of::<Before>()),
    default: Default::Value("any"),
    warns: None,
    doc: "What the pit held before the stone that makes it qualify fell in.",
    example: "before empty",
    infer: Infer::OptIn,
};

pub const SIDE: Key = Key {
    section: Some("capture"),
    name: "side",
    describe: said_elsewhere,
    read: |r, v| rule_mut(r).side = v.word(),
    write: |r| rule(r).map(|c| one(c.side)),
    what: "capture side",
    value: ValueKind::Word(
        Words::of::<CaptureSide>().opt_in(&["own_inner", "opponent_and_own_rightmost"]),
    ),
    default: Default::Value("any"),
    warns: Some(Warning {
        text: "on whose row captures happen is not stated: `side any` assumed",
        only_if: None,
    }),
    doc: "On whose row a pit may be captured.",
    example: "side opponent",
    infer: Infer::Searched,
};

pub const CHAIN: Key = Key {
    section: Some("capture"),
    name: "chain",
    describe: chain,
    read: |r, v| rule_mut(r).chain = v.word(),
    write: |r| rule(r).map(|c| one(c.chain)),
    what: "kind of chain",
    value: ValueKind::Word(Words::of::<Chain>()),
    default: Default::Value("none"),
    warns: None,
    doc: "Which pits are examined after the last one is captured.",
    example: "chain backward",
    infer: Infer::Searched,
};

pub const CHAIN_JUDGED: Key = Key {
    section: Some("capture"),
    name: "chain_judged",
    describe: chain_judged,
    read: |r, v| rule_mut(r).chain_judged = v.word(),
    write: |r| {
        rule(r)
            .filter(|c| c.chain_judged != ChainJudged::AsTaken)
            .map(|c| one(c.chain_judged))
    },
    what: "chain judgement",
    value: ValueKind::Word(Words::of::<ChainJudged>()),
    default: Default::Value("as_taken"),
    warns: None,
    doc: "For a chain: whether each pit is judged by its count after the earlier pits' takes, or as the sowing left it.",
    example: "chain_judged as_sown",
    infer: Infer::OptIn,
};

pub const FIRST_MOVE: Key = Key {
    section: Some("capture"),
    name: "first_move",
    describe: first_move,
    read: |r, v| rule_mut(r).first_move = v.word(),
    write: |r| rule(r).map(|c| one(c.first_move)),
    what: "first-move rule",
    value: ValueKind::Word(Words::of::<FirstMove>()),
    default: Default::Value("normal"),
    warns: None,
    doc: "Whether the rule captures on the game's first move.",
    example: "first_move no_capture",
    infer: Infer::Searched,
};

pub const TAKE: Key = Key {
    section: Some("capture"),
    name: "take",
    describe: said_elsewhere,
    read: |r, v| rule_mut(r).take = v.word(),
    write: |r| rule(r).map(|c| one(c.take)),
    what: "`take` value",
    value: ValueKind::Word(Words::of::<Take>().opt_in(&[
        "next",
        "opposite_and_behind",
        "opposite_and_behind_both",
        "opposite_and_behind_each",
        "two_out",
        "behind_past_empty",
    ])),
    default: Default::Value("last"),
    warns: None,
    doc: "What a qualifying last pit gives the mover.",
    example: "take last_and_opposite",
    infer: Infer::Searched,
};

pub const FACING_COUNTS: Key = Key {
    section: Some("capture"),
    name: "facing_counts",
    describe: facing_counts,
    read: |r, v| rule_mut(r).facing_counts = sorted(v.bytes()),
    write: |r| {
        rule(r)
            .filter(|c| !c.facing_counts.is_empty())
            .map(|c| c.facing_counts.iter().map(u8::to_string).collect())
    },
    what: "facing count",
    value: ValueKind::Numbers {
        min: 1,
        max: Bound::Stones,
    },
    default: Default::Absent("any count"),
    warns: None,
    doc: "For a `take` of the facing pit: the counts it must hold to be taken.",
    example: "facing_counts 1",
    infer: Infer::OptIn,
};

pub const GOES_TO: Key = Key {
    section: Some("capture"),
    name: "goes_to",
    describe: goes_to,
    read: |r, v| rule_mut(r).goes_to = v.word(),
    // Captures that are sown on go nowhere.
    write: |r| rule(r).filter(|c| !c.then.resows()).map(|c| one(c.goes_to)),
    what: "capture destination",
    value: ValueKind::Word(Words::of::<CaptureDestination>().opt_in(&["opponent", "owner"])),
    default: Default::Value("mover"),
    warns: None,
    doc: "Where captured stones go.",
    example: "goes_to out_of_play",
    infer: Infer::Searched,
};

pub const LAST_GOES_TO: Key = Key {
    section: Some("capture"),
    name: "last_goes_to",
    describe: last_goes_to,
    read: |r, v| rule_mut(r).last_goes_to = Some(v.word()),
    write: |r| rule(r).and_then(|c| c.last_goes_to).map(one),
    what: "capture destination",
    value: ValueKind::Word(Words::of::<CaptureDestination>()),
    default: Default::Absent("as `goes_to`"),
    warns: None,
    doc: "For `on every_pit`: where the stones go of a pit that a lap's last stone makes qualify (Mewelad: \"unless it is the final hole of the sowing, in which case the player who is sowing captures them\").",
    example: "last_goes_to mover",
    infer: Infer::OptIn,
};

pub const THEN: Key = Key {
    section: Some("capture"),
    name: "then",
    describe: then,
    read: |r, v| rule_mut(r).then = v.word(),
    write: |r| {
        rule(r)
            .filter(|c| c.on == Trigger::RelayLanding || c.then != AfterCapture::Stops)
            .map(|c| one(c.then))
    },
    what: "what follows a relay-landing capture",
    value: ValueKind::Word(Words::of::<AfterCapture>()),
    default: Default::Value("stops"),
    warns: None,
    doc: "For `on relay_landing`: whether the move stops after the capture, sows on from the next pit, or sows the captured stones on from the next pit (`resows`, also with `on last_pit` on four rows) or from the first pit the capturing lap sowed into (`resows_from_lap_start`, Omweso; `resows_from_lap_start_relays_landing` sows them the pits' own way and relays from the landing pit, Ludii's Mweso), or from an end of the mover's inner row, which sets the direction the move goes on (`resows_from_end`, Bao la Kujifunza's kichwa), or from the next pit with the move ending where they end (`resows_and_stops`; `resows_behind_and_stops` sows only the pit behind's stones after an inner landing that takes both pits).",
    example: "then sows_on",
    infer: Infer::OptIn,
};

pub const REQUIRES: Key = Key {
    section: Some("capture"),
    name: "requires",
    describe: requires,
    read: |r, v| rule_mut(r).requires = v.word(),
    write: |r| {
        rule(r)
            .filter(|c| c.requires != Requires::Nothing)
            .map(|c| one(c.requires))
    },
    what: "what a capture rule requires",
    value: ValueKind::Word(Words::of::<Requires>()),
    default: Default::Value("nothing"),
    warns: None,
    doc: "For `on sweep`: whether the sweep follows every move, or only a move that an earlier rule captured in; `first_lap`: the rule captures in a move's later laps only when its first lap ended in a capture (Bao's takasa).",
    example: "requires capture",
    infer: Infer::OptIn,
};

pub const BOARD_AT_MOST: Key = Key {
    section: Some("capture"),
    name: "board_at_most",
    describe: board_at_most,
    read: |r, v| rule_mut(r).board_at_most = Some(v.byte()),
    write: |r| rule(r).and_then(|c| c.board_at_most).map(|n| vec![n.to_string()]),
    what: "stones on the board",
    value: ValueKind::Number {
        min: 1,
        max: Bound::Stones,
    },
    default: Default::Absent("whatever the board holds"),
    warns: None,
    doc: "For `on sweep`: the sweep applies only when at most this many stones are left on the board after the sowing and the earlier rules' captures.",
    example: "board_at_most 4",
    infer: Infer::OptIn,
};

pub const LAST_STONE: Key = Key {
    section: Some("capture"),
    name: "last_stone",
    describe: last_stone,
    read: |r, v| rule_mut(r).last_stone = v.word(),
    write: |r| {
        rule(r)
            .filter(|c| c.last_stone != LastStone::Taken)
            .map(|c| one(c.last_stone))
    },
    what: "last-stone rule",
    value: ValueKind::Word(Words::of::<LastStone>()),
    default: Default::Value("taken"),
    warns: None,
    doc: "For `on every_pit`: whether the pit a lap's last stone falls into is taken like any other, or left to the sowing (a relay lifts it).",
    example: "last_stone lifted",
    infer: Infer::OptIn,
};

pub const EXTRA_CHOSEN: Key = Key {
    section: Some("capture"),
    name: "extra_chosen",
    describe: extra_chosen,
    read: |r, v| rule_mut(r).extra_chosen = v.byte(),
    write: |r| {
        rule(r)
            .filter(|c| c.extra_chosen != 0)
            .map(|c| one(c.extra_chosen))
    },
    what: "number of chosen pits",
    value: ValueKind::Number {
        min: 1,
        max: Bound::Fixed(MAX_PITS_PER_ROW as u32),
    },
    default: Default::Absent("none"),
    warns: None,
    doc: "After this rule's capture, how many more of the opponent's pits the mover empties, each chosen as a move of its own (`-C`).",
    example: "extra_chosen 3",
    infer: Infer::OptIn,
};

pub const EXTRA_AFTER: Key = Key {
    section: Some("capture"),
    name: "extra_after",
    describe: said_elsewhere,
    read: |r, v| rule_mut(r).extra_after = v.word(),
    write: |r| {
        rule(r)
            .filter(|c| c.extra_after != ExtraAfter::Capture)
            .map(|c| one(c.extra_after))
    },
    what: "what earns the chosen pits",
    value: ValueKind::Word(Words::of::<ExtraAfter>()),
    default: Default::Value("capture"),
    warns: None,
    doc: "For `extra_chosen`: what of the rule's capture earns the chosen pits.",
    example: "extra_after both_pits",
    infer: Infer::OptIn,
};

/// The capture rule a `capture` section's keys read, write and describe:
/// the last of the rules (see [`Repeat::view`]).
pub fn rule(rules: &Rules) -> Option<&CaptureRule> {
    rules.captures.last()
}

/// [`rule`], to read a key into; [`Repeat::add`] has made it.
fn rule_mut(rules: &mut Rules) -> &mut CaptureRule {
    rules
        .captures
        .last_mut()
        .unwrap_or_else(|| unreachable!("a capture key is read only into a rule"))
}

/// The capture itself: counts, side and what is taken, in one sentence.
fn counts(rules: &Rules) -> Vec<String> {
    let Some(capture) = rule(rules) else {
        return Vec::new();
    };
    let taken: String = match capture.take {
        Take::Last => "the mover captures its stones".into(),
        Take::LastAndOpposite => "the mover captures its stones together with those of the pit facing it, provided the facing pit holds stones (otherwise nothing is captured)".into(),
        Take::LastAndOppositeEvenEmpty => "the mover captures its stones together with those of the pit facing it, even when the facing pit is empty".into(),
        Take::Opposite => "the mover captures the stones of the pit facing it, if it holds any (the last stone stays)".into(),
        Take::OppositeAndBehind => "the mover captures the stones of the pit facing it (the opponent's inner pit in the same column), if it holds any, and those of the opponent's outer pit behind it (the last stone stays)".into(),
        Take::BehindPastEmpty => "and the pit facing it (the opponent's inner pit in the same column) is empty, the mover captures the stones of the opponent's outer pit behind that one, if it holds any (the last stone stays)".into(),
        Take::OppositeAndBehindEach => "the mover captures the stones of the pit facing it (the opponent's inner pit in the same column) and of the opponent's outer pit behind it, each if it holds any, whatever the other holds (the last stone stays)".into(),
        Take::OppositeAndBehindBoth => "the mover captures the stones of the pit facing it (the opponent's inner pit in the same column) and of the opponent's outer pit behind it, provided both hold stones (the last stone stays)".into(),
        Take::Next => "the mover captures the stones of the pit after it in the sowing direction, if it holds any (the last stone stays)".into(),
        Take::TwoOut if capture.chain == Chain::None => "and the pit after it (in the sowing direction) is empty, the mover captures the stones of the pit after that one, if it holds any (the last stone stays)".into(),
        Take::TwoOut => "and the pit after it (in the sowing direction) is empty, the mover captures the stones of the pit after that one, if it holds any (the last stone stays); then, while the next pit is empty and the one after it holds stones, those too (an alternating chain that stops at two empty or two occupied pits in a row, and never comes back to the last pit)".into(),
        Take::Neighbours => format!(
            "the mover captures its stones, and those of each pit next to it in the same row (one on each side) that also holds {} and lies {}",
            capture_counts(capture),
            capture_row(capture.side)
        ),
    };
    let (condition, row) = (pit_condition(capture), capture_row(capture.side));
    vec![match capture.on {
        Trigger::LastPit => format!(
            "If the pit that got the last stone {condition} and lies {row}, {taken}."
        ),
        Trigger::EveryPit if capture.looked_at != LookedAt::AsSown => format!(
            "Once each lap is sown, before any relay lifts its last pit: every pit from the lap's origin on to its {last} (along the sowing, at most once round the board{round}) that {condition} and lies {row} is captured, and the sowing goes on.",
            last = match capture.last_stone {
                LastStone::Lifted => "last pit, that pit left out",
                LastStone::Taken => "last pit",
            },
            round = match capture.looked_at {
                LookedAt::AfterLapRound => "; a lap that ends in its own origin, every pit",
                _ => "",
            }
        ),
        Trigger::EveryPit if capture.last_stone == LastStone::Lifted => format!(
            "During the sowing, as each stone but a lap's last is dropped: if the pit it fell into {condition} and lies {row}, its stones are captured there and then, and the sowing goes on."
        ),
        Trigger::EveryPit => format!(
            "During the sowing, as each stone is dropped: if the pit it fell into {condition} and lies {row}, its stones are captured there and then, and the sowing goes on (a pit the last stone fills so is taken too, which ends the move)."
        ),
        Trigger::RelayLanding if capture.take != Take::Last => format!(
            "When a lap ends in a pit that already held stones and that pit {condition} and lies {row}, {taken}, instead of lifting the landing pit for the relay; if nothing is captured, the relay goes on.{across}",
            across = match (rules.board.rows, capture.side) {
                (4, CaptureSide::Own | CaptureSide::Any) => " A pit of the outer row looks across the mover's inner pit of its column: it faces the same pits of the opponent's.",
                _ => "",
            }
        ),
        Trigger::RelayLanding => format!(
            "When a lap ends in a pit that already held stones and that pit {condition} and lies {row}, its stones are captured instead of being lifted for the relay."
        ),
        Trigger::Sweep => format!(
            "When the sowing is over (and after any capture at the last pit), every pit {row} that {condition} is captured, whether the move sowed into it or not."
        ),
    }]
}

/// What a pit must hold to be captured, after "the pit ...": `now holds
/// exactly 2 or 3 stones`, `was empty before the stone fell in`, ... (a
/// sweep's pit: `holds ...`).
fn pit_condition(capture: &CaptureRule) -> String {
    let stones = if capture.counts == [1] {
        "stone"
    } else {
        "stones"
    };
    let holds = match capture.on {
        Trigger::Sweep => "holds",
        _ => "now holds",
    };
    // "exactly 2 or 3", but "2 to 47" for a run.
    let counts = (!capture.counts.is_empty()).then(|| {
        let counts = capture_counts(capture);
        let exactly = if counts.contains(" to ") {
            ""
        } else {
            "exactly "
        };
        format!("{holds} {exactly}{counts} {stones}")
    });
    let before = match capture.before {
        Before::Any => None,
        Before::Empty => Some("was empty before the stone fell in"),
        Before::Occupied => Some("already held stones before the stone fell in"),
    };
    match (counts, before) {
        (Some(counts), Some(before)) => format!("{before} and {counts}"),
        (Some(counts), None) => counts,
        (None, Some(before)) => before.to_string(),
        (None, None) => format!("{holds} stones"),
    }
}

/// What a relay-landing capture leaves the move to do.
fn then(rules: &Rules) -> Vec<String> {
    match rule(rules) {
        Some(capture) if capture.on == Trigger::RelayLanding || capture.then.resows() => vec![match capture.then {
            AfterCapture::Stops => "The move ends with that capture.".into(),
            AfterCapture::SowsOn => "The move then goes on: the mover lifts the stones of the pit after the captured one and sows them on the same way; the move ends if that pit is empty.".into(),
            AfterCapture::Resows => "The captured stones are not kept: the mover sows them on round their own pits from the pit after the landing pit (which keeps its stones), and the move goes on from where they end like any lap.".into(),
            AfterCapture::ResowsFromLapStart => "The captured stones are not kept: the mover sows them on round their own pits from the first pit the capturing lap sowed into (the pit after the one it was lifted from), and the move goes on from where they end like any lap.".into(),
            AfterCapture::ResowsFromLapStartRelaysLanding => "The captured stones are not kept: the mover sows them on round their own pits, the way those pits sow (after a move the other way round too), from the first pit the capturing lap sowed into (the pit after the one it was lifted from); then, wherever they end, the move goes on by lifting the landing pit (its stones and any the sowing added) and sowing it on the way the move was going.".into(),
            AfterCapture::ResowsFromEnd => "The captured stones are not kept: the mover sows them on round their own pits from an end pit of their inner row, which gets the first stone: the end nearer the landing pit when it is one of the two pits at either end of the row, otherwise the end from which the move goes on the way it was going; the move then goes on that way from where they end, like any lap.".into(),
            AfterCapture::ResowsAndStops => "The captured stones are not kept: the mover sows them on round their own pits from the pit after the landing pit (which keeps its stones), and the move ends where they end.".into(),
            AfterCapture::ResowsBehindAndStops => "The captured stones are not kept: the mover sows them on round their own pits from the pit after the landing pit (which keeps its stones), and the move ends where they end; but when the landing pit is in the inner row and both the facing pit and the pit behind it are taken, only the stones of the pit behind are sown, and the facing pit's stay in the landing pit.".into(),
        }],
        _ => Vec::new(),
    }
}

fn chain(rules: &Rules) -> Vec<String> {
    let Some(capture) = rule(rules).filter(|c| {
        matches!(c.take, Take::Last | Take::LastAndOppositeEvenEmpty) && c.on != Trigger::Sweep
    }) else {
        return Vec::new();
    };
    if capture.take != Take::Last && capture.chain == Chain::None {
        return Vec::new();
    }
    let (counts, row) = (capture_counts(capture), capture_row(capture.side));
    let facing = if capture.take == Take::Last {
        ""
    } else {
        " with the pit facing it"
    };
    vec![match capture.chain {
        Chain::None => "Only that pit is captured: there is no chain.".into(),
        Chain::Backward => format!(
            "Then the pit before it (against the sowing direction) is examined, and so on backward: each that holds {counts} and lies {row} is captured too{facing}; the chain stops at the first pit that does not, and never takes a pit twice."
        ),
        Chain::Forward => format!(
            "Then the pit after it (in the sowing direction) is examined, and so on forward: each that holds {counts} and lies {row} is captured too{facing}; the chain stops at the first pit that does not, and never takes a pit twice."
        ),
    }]
}

fn goes_to(rules: &Rules) -> Vec<String> {
    let Some(capture) = rule(rules).filter(|c| !c.then.resows()) else {
        return Vec::new();
    };
    vec![match capture.goes_to {
        CaptureDestination::Mover => "Captured stones count for the mover.".into(),
        CaptureDestination::RowOwner => {
            "Captured stones count not for the mover but for the owner of the row they were taken from."
                .into()
        }
        CaptureDestination::OutOfPlay => {
            "Captured stones are taken out of play: they count for nobody.".into()
        }
        CaptureDestination::Opponent => {
            "Captured stones count not for the mover but for the mover's opponent.".into()
        }
        CaptureDestination::Owner => {
            "Captured stones count not for the mover but for the player who owns the pit they were taken from (its row's player, or the player it went to when pits changed hands).".into()
        }
    }]
}

/// Where an `on every_pit` rule sends the stones of a lap's last pit.
fn last_goes_to(rules: &Rules) -> Vec<String> {
    let Some(to) = rule(rules).and_then(|c| c.last_goes_to) else {
        return Vec::new();
    };
    let whom = match to {
        CaptureDestination::Mover => "count for the mover",
        CaptureDestination::RowOwner => "count for the owner of the row the pit is in",
        CaptureDestination::OutOfPlay => "are taken out of play",
        CaptureDestination::Opponent => "count for the mover's opponent",
        CaptureDestination::Owner => "count for the player who owns the pit",
    };
    vec![format!(
        "But when the pit is the one a lap's last stone falls in, its stones {whom}; the lap then ends in an empty pit."
    )]
}

fn first_move(rules: &Rules) -> Vec<String> {
    let Some(capture) = rule(rules) else {
        return Vec::new();
    };
    // At a relay landing the pit the rule would take is lifted and sown on.
    let stays = if capture.on == Trigger::RelayLanding {
        "a lap ending in a pit it would take relays as any other"
    } else {
        "what it would take stays on the board"
    };
    if rules.sowing.first_move == FirstMoveKind::Shift || !rules.opening.choices.is_empty() {
        // Said by `first_move shift` and `opening { choices }`: a shift, or
        // an opening's choice, captures nothing.
        return Vec::new();
    }
    vec![match capture.first_move {
        FirstMove::Normal => "The game's first move captures like any other.".into(),
        FirstMove::NoCapture if rules.sowing.first_moves == FirstMoves::EachPlayer => {
            format!("Each player's first move captures nothing: {stays}.")
        }
        FirstMove::NoCapture => {
            format!("The game's very first move captures nothing: {stays}.")
        }
    }]
}

/// The counts a facing pit must hold to be taken, when the rule says.
fn facing_counts(rules: &Rules) -> Vec<String> {
    match rule(rules) {
        Some(capture) if !capture.facing_counts.is_empty() => {
            let stones = if capture.facing_counts == [1] {
                "stone"
            } else {
                "stones"
            };
            vec![format!(
                "The facing pit is taken only when it holds exactly {} {stones}; otherwise nothing is captured.",
                or_list(capture.facing_counts.iter().map(u8::to_string))
            )]
        }
        _ => Vec::new(),
    }
}

/// `2`, `2 or 3`, `2, 4 or 6`; a run of more than three counts in a row
/// is `2 to 47`.
fn capture_counts(capture: &CaptureRule) -> String {
    let counts = &capture.counts;
    let run = counts.windows(2).all(|w| w[1] == w[0] + 1);
    match counts.as_slice() {
        [first, .., last] if run && counts.len() > 3 => format!("{first} to {last}"),
        _ => or_list(counts.iter().map(u8::to_string)),
    }
}

fn capture_row(side: CaptureSide) -> &'static str {
    match side {
        CaptureSide::Any => "on either row",
        CaptureSide::Own => "in the mover's own row",
        CaptureSide::Opponent => "in the opponent's row",
        CaptureSide::OwnInner => "in the mover's inner row",
        CaptureSide::OpponentAndOwnRightmost => {
            "in the opponent's row or is the mover's own rightmost pit"
        }
    }
}

/// A sweep that follows only a capture by an earlier rule.
fn requires(rules: &Rules) -> Vec<String> {
    match rule(rules) {
        Some(capture) if capture.requires == Requires::Capture => vec![
            "This sweep happens only after a move in which an earlier rule has captured.".into(),
        ],
        Some(capture) if capture.requires == Requires::FirstLap => vec![
            "The rule captures in a move's later laps only when the move's first lap ended in a capture: a move that does not capture at once captures nothing.".into(),
        ],
        _ => Vec::new(),
    }
}

/// The board a sweep waits for, when the rule says.
fn board_at_most(rules: &Rules) -> Vec<String> {
    match rule(rules).and_then(|c| c.board_at_most) {
        Some(n) => vec![format!(
            "This sweep happens only when at most {} left on the board after the sowing and the captures before it.",
            stones_phrase(n)
        )],
        None => Vec::new(),
    }
}

/// `chain_judged as_sown`: the chain is judged on the board as sown.
fn chain_judged(rules: &Rules) -> Vec<String> {
    match rule(rules).map(|c| c.chain_judged) {
        Some(ChainJudged::AsSown) => vec![
            "Each pit of the chain is judged by the count the sowing left in it, before any capture: a pit already taken (as the pit facing an earlier one) goes on with the chain, with nothing more to take.".into(),
        ],
        _ => Vec::new(),
    }
}

/// `extra_chosen N`: the pits the mover chooses after the capture.
fn extra_chosen(rules: &Rules) -> Vec<String> {
    let Some(capture) = rule(rules).filter(|c| c.extra_chosen != 0) else {
        return Vec::new();
    };
    let pits = match capture.extra_chosen {
        1 => "one more pit".to_string(),
        n => format!("{n} more pits"),
    };
    let after = match capture.extra_after {
        ExtraAfter::Capture => "After this rule captures stones",
        ExtraAfter::BothPits => {
            "After this rule captures both the facing pit and the pit behind it"
        }
        ExtraAfter::Landing => {
            "After every last stone that qualifies for this rule, whether or not it captured stones"
        }
    };
    vec![format!(
        "{after}, the mover empties {pits} of the opponent's, any that hold stones, choosing each as a move of their own (`-C` empties pit `C`); the captured stones go where this rule's go, and the turn passes once the last is taken or the opponent has no stone left."
    )]
}

/// `last_stone lifted`: an in-sowing rule leaves a lap's last pit alone.
fn last_stone(rules: &Rules) -> Vec<String> {
    match rule(rules).map(|c| c.last_stone) {
        Some(LastStone::Lifted) => vec![
            "The pit a lap's last stone falls into is not taken by this rule: the sowing goes on with it (a relay lifts its stones and sows them on).".into(),
        ],
        _ => Vec::new(),
    }
}

/// The capture rules that read fine, by item: `(item, rule)`.
pub(crate) fn capture_rules<'r>(
    read: &'r Read<'_>,
) -> impl Iterator<Item = (usize, &'r CaptureRule)> {
    read.rules.captures.iter().enumerate()
}

/// `take` other than `last` takes a facing pit, which a chain cannot follow;
/// `take two_out` chains forward only, across the empty pits.
pub(crate) fn take_with_a_chain_is_last(read: &Read<'_>) -> Vec<Diagnostic> {
    capture_rules(read)
        .filter_map(|(i, rule)| {
            let s = read.given_in(&TAKE, i)?;
            let chains = match rule.take {
                Take::Last | Take::LastAndOppositeEvenEmpty => return None,
                Take::TwoOut => rule.chain == Chain::Backward,
                _ => rule.chain != Chain::None,
            };
            (read.valid_in(&CHAIN, i) && chains).then(|| {
                let text = match rule.take {
                    Take::TwoOut => {
                        "`take two_out` chains forward only: `chain backward` is not supported"
                            .to_string()
                    }
                    take => format!("`take {take}` cannot be combined with a chain"),
                };
                Diagnostic::error(s.span, text)
            })
        })
        .collect()
}

/// `chain_judged as_sown` says how a chain of `take last` or `take
/// last_and_opposite_even_empty` is judged: without such a chain it has no
/// effect.
pub(crate) fn chain_judged_needs_a_chain(read: &Read<'_>) -> Vec<Diagnostic> {
    capture_rules(read)
        .filter_map(|(i, rule)| {
            let s = read.given_in(&CHAIN_JUDGED, i)?;
            let chained = rule.chain != Chain::None
                && matches!(rule.take, Take::Last | Take::LastAndOppositeEvenEmpty);
            (rule.chain_judged != ChainJudged::AsTaken && !chained).then(|| {
                Diagnostic::error(
                    s.span,
                    "`chain_judged as_sown` has no effect here: it is for a `chain` of `take last` or `take last_and_opposite_even_empty`",
                )
            })
        })
        .collect()
}

/// A sweep looks at the board once the rules on the last pit have taken
/// what they take: it is written after them, so that the file's order is
/// the order the rules are tried in.
pub(crate) fn sweeps_come_last(read: &Read<'_>) -> Vec<Diagnostic> {
    let rules = &read.rules.captures;
    capture_rules(read)
        .filter(|(_, rule)| rule.on == Trigger::Sweep)
        .filter_map(|(i, sweep)| {
            let s = read.given_in(&ON, i)?;
            let later = rules[i + 1..].iter().find(|r| r.on == Trigger::LastPit)?;
            Some(Diagnostic::error(
                s.span,
                format!(
                    "`capture {}` sweeps the board before `capture {}` looks at the last pit: write the sweep after the rules on the last pit",
                    sweep.name, later.name
                ),
            ))
        })
        .collect()
}

/// `before` is about the stone that falls into the pit: a relay lands only
/// in a pit that held stones, a sweep looks at pits and not at a stone, and
/// the further pits of a chain or of `take neighbours` get no stone
/// (`before any`, the default, says nothing and goes with anything).
pub(crate) fn before_fits(read: &Read<'_>) -> Vec<Diagnostic> {
    capture_rules(read)
        .filter_map(|(i, rule)| {
            let s = read.given_in(&BEFORE, i)?;
            if rule.before == Before::Any {
                return None;
            }
            let why = if read.valid_in(&ON, i) && rule.on == Trigger::RelayLanding {
                "a relay lands only in a pit that held stones".to_string()
            } else if read.valid_in(&ON, i) && rule.on == Trigger::Sweep {
                "a sweep looks at what the pits hold after the sowing, not at a stone".to_string()
            } else if read.valid_in(&CHAIN, i) && rule.chain != Chain::None {
                "the further pits of a chain get no stone".to_string()
            } else if read.valid_in(&TAKE, i) && rule.take == Take::Neighbours {
                "the neighbours get no stone".to_string()
            } else {
                return None;
            };
            let context = match rule.on {
                Trigger::RelayLanding | Trigger::Sweep => format!("`on {}`", rule.on),
                _ if rule.chain != Chain::None => format!("`chain {}`", rule.chain),
                _ => format!("`take {}`", rule.take),
            };
            Some(Diagnostic::error(
                s.span,
                format!("`before` cannot be combined with {context}: {why}"),
            ))
        })
        .collect()
}

/// `facing_counts` is about a facing pit the rule's `take` leaves alone.
pub(crate) fn facing_counts_need_a_facing_take(read: &Read<'_>) -> Vec<Diagnostic> {
    capture_rules(read)
        .filter_map(|(i, rule)| {
            let s = read.given_in(&FACING_COUNTS, i)?;
            (read.valid_in(&TAKE, i)
                && matches!(
                    rule.take,
                    Take::Last
                        | Take::Neighbours
                        | Take::Next
                        | Take::TwoOut
                        | Take::BehindPastEmpty
                ))
            .then(|| {
                Diagnostic::error(
                    s.span,
                    format!(
                        "`facing_counts` has no effect with `take {}`: the facing pit is not taken",
                        rule.take
                    ),
                )
            })
        })
        .collect()
}

/// `requires capture` makes a sweep follow another rule's capture: it is
/// for `on sweep`, after some other rule.
pub(crate) fn requires_capture_fits(read: &Read<'_>) -> Vec<Diagnostic> {
    capture_rules(read)
        .filter_map(|(i, rule)| {
            let s = read.given_in(&REQUIRES, i)?;
            if rule.requires != Requires::Capture {
                return None;
            }
            let why = if read.valid_in(&ON, i) && rule.on != Trigger::Sweep {
                format!("it is for `on sweep`, not `on {}`", rule.on)
            } else if i == 0 {
                "no capture rule comes before this one".to_string()
            } else {
                return None;
            };
            Some(Diagnostic::error(
                s.span,
                format!("`requires capture` has no effect here: {why}"),
            ))
        })
        .collect()
}

/// `last_goes_to` says where a lap's last pit goes when a rule takes pits
/// as the stones drop: it is for `on every_pit`.
pub(crate) fn last_goes_to_is_for_every_pit(read: &Read<'_>) -> Vec<Diagnostic> {
    capture_rules(read)
        .filter_map(|(i, rule)| {
            let s = read.given_in(&LAST_GOES_TO, i)?;
            (read.valid_in(&ON, i) && rule.on != Trigger::EveryPit).then(|| {
                Diagnostic::error(
                    s.span,
                    format!(
                        "`last_goes_to` has no effect here: it is for `on every_pit`, not `on {}`",
                        rule.on
                    ),
                )
            })
        })
        .collect()
}

/// `board_at_most` says when a sweep applies: it is for `on sweep`.
pub(crate) fn board_at_most_is_for_sweeps(read: &Read<'_>) -> Vec<Diagnostic> {
    capture_rules(read)
        .filter_map(|(i, rule)| {
            let s = read.given_in(&BOARD_AT_MOST, i)?;
            (read.valid_in(&ON, i) && rule.on != Trigger::Sweep).then(|| {
                Diagnostic::error(
                    s.span,
                    format!(
                        "`board_at_most` has no effect here: it is for `on sweep`, not `on {}`",
                        rule.on
                    ),
                )
            })
        })
        .collect()
}

/// `last_stone lifted` says which stones an `on every_pit` rule looks at;
/// the `on every_pit` rules of a variant agree on it.
pub(crate) fn last_stone_is_for_every_pit(read: &Read<'_>) -> Vec<Diagnostic> {
    let every_pit = |rule: &CaptureRule| rule.on == Trigger::EveryPit;
    let lifted =
        (read.rules.captures.iter()).any(|c| every_pit(c) && c.last_stone == LastStone::Lifted);
    capture_rules(read)
        .filter_map(|(i, rule)| {
            if !read.valid_in(&ON, i) {
                return None;
            }
            if !every_pit(rule) {
                let s = read.given_in(&LAST_STONE, i)?;
                return (rule.last_stone != LastStone::Taken).then(|| {
                    Diagnostic::error(
                        s.span,
                        format!(
                            "`last_stone lifted` has no effect here: it is for `on every_pit`, not `on {}`",
                            rule.on
                        ),
                    )
                });
            }
            let span = read.given_in(&ON, i)?.span;
            (lifted && rule.last_stone == LastStone::Taken).then(|| {
                Diagnostic::error(
                    span,
                    "the `on every_pit` rules of a variant must agree on `last_stone`: another one has `last_stone lifted`",
                )
            })
        })
        .collect()
}

/// `looked_at after_lap` says when an `on every_pit` rule looks at the
/// pits: it is for `on every_pit`.
pub(crate) fn looked_at_is_for_every_pit(read: &Read<'_>) -> Vec<Diagnostic> {
    capture_rules(read)
        .filter_map(|(i, rule)| {
            let s = read.given_in(&LOOKED_AT, i)?;
            let no_effect = rule.on != Trigger::EveryPit && rule.looked_at != LookedAt::AsSown;
            (read.valid_in(&ON, i) && no_effect).then(|| {
                Diagnostic::error(
                    s.span,
                    format!(
                        "`looked_at {}` has no effect here: it is for `on every_pit`, not `on {}`",
                        rule.looked_at, rule.on
                    ),
                )
            })
        })
        .collect()
}

/// `laps relay_until_lap_captures` ends the move after a lap that took a
/// pit during the sowing: it needs an `on every_pit` rule to take one.
pub(crate) fn lap_captures_need_every_pit(read: &Read<'_>) -> Vec<Diagnostic> {
    let rules = &read.rules;
    let Some(s) = read.given(&super::sow::LAPS) else {
        return Vec::new();
    };
    let every_pit = (rules.captures.iter()).any(|rule| rule.on == Trigger::EveryPit);
    if !read.valid(&super::sow::LAPS)
        || rules.sowing.laps != Laps::RelayUntilLapCaptures
        || every_pit
    {
        return Vec::new();
    }
    vec![Diagnostic::error(
        s.span,
        "`laps relay_until_lap_captures` has no effect without an `on every_pit` capture rule: no lap takes a pit during the sowing, so it plays as `laps relay`",
    )]
}

/// The four-row keywords (`side own_inner`, the `take`s of the pit behind)
/// need four rows; on four rows a capture takes the facing pit only from a
/// relay landing that re-sows it, or with a `take` of the pit behind at the
/// last pit (the other last-pit facing takes are written for two rows).
pub(crate) fn capture_fits_the_board(read: &Read<'_>) -> Vec<Diagnostic> {
    if !read.valid(&board::ROWS) {
        return Vec::new();
    }
    let four = read.rules.board.rows == 4;
    let mut out = Vec::new();
    for (i, rule) in read.rules.captures.iter().enumerate() {
        let behind = matches!(
            rule.take,
            Take::OppositeAndBehind
                | Take::OppositeAndBehindBoth
                | Take::OppositeAndBehindEach
                | Take::BehindPastEmpty
        );
        if let Some(s) = read.given_in(&TAKE, i) {
            if !four && behind {
                out.push(Diagnostic::error(
                    s.span,
                    format!("`take {}` needs a four-row board (`rows 4`)", rule.take),
                ));
            }
            let facing = rule.take != Take::Last;
            // Three rows: nothing faces across the middle row, and a row's
            // neighbours are not a side's.
            if read.rules.board.rows == 3 && !matches!(rule.take, Take::Last | Take::Next) {
                out.push(Diagnostic::error(
                    s.span,
                    format!(
                        "`take {}` is not supported on three rows (nothing faces across the middle row): `take last` or `take next`",
                        rule.take
                    ),
                ));
            }
            // Tsoro: a last pit in the inner row takes the column facing it.
            let at_last_pit = behind && rule.on == Trigger::LastPit;
            if four && facing && !rule.then.resows() && !at_last_pit {
                out.push(Diagnostic::error(
                    s.span,
                    format!(
                        "`take {}` on four rows is supported only with `on relay_landing` and `then resows` (or, for `opposite_and_behind`, `opposite_and_behind_both`, `opposite_and_behind_each` and `behind_past_empty`, with `on last_pit`)",
                        rule.take
                    ),
                ));
            }
        }
        // The kichwa: an end of the mover's inner row, where the landing pit
        // is one of its pits.
        if let Some(s) = read.given_in(&THEN, i) {
            let inner = read.valid_in(&SIDE, i) && rule.side == CaptureSide::OwnInner;
            let elsewhere = read.valid_in(&ON, i) && rule.on != Trigger::RelayLanding;
            if rule.then == AfterCapture::ResowsFromLapStartRelaysLanding && elsewhere {
                out.push(Diagnostic::error(
                    s.span,
                    "`then resows_from_lap_start_relays_landing` relays from the landing pit of a relay: it needs `on relay_landing`",
                ));
            }
            let every_pit = (read.rules.captures.iter()).any(|r| r.on == Trigger::EveryPit);
            if rule.then == AfterCapture::ResowsFromLapStartRelaysLanding && every_pit {
                out.push(Diagnostic::error(
                    s.span,
                    "`then resows_from_lap_start_relays_landing` cannot be used with an `on every_pit` capture rule: not supported",
                ));
            }
            if rule.then == AfterCapture::ResowsFromEnd && !(four && inner) {
                out.push(Diagnostic::error(
                    s.span,
                    "`then resows_from_end` sows from an end of the mover's inner row: it needs a four-row board (`rows 4`) and `side own_inner`",
                ));
            }
        }
        if let Some(s) = read.given_in(&SIDE, i) {
            if !four && rule.side == CaptureSide::OwnInner {
                out.push(Diagnostic::error(
                    s.span,
                    "`side own_inner` needs a four-row board (`rows 4`)",
                ));
            }
            if read.rules.board.rows != 2 && rule.side == CaptureSide::OpponentAndOwnRightmost {
                out.push(Diagnostic::error(
                    s.span,
                    "`side opponent_and_own_rightmost` needs a two-row board (`rows 2`): a player's rightmost pit is the last of their one row",
                ));
            }
        }
    }
    out
}

/// `extra_chosen` follows a capture at the last pit that stops the move,
/// of one rule of the variant, in a game whose turns alternate (no extra
/// turn, rounds, feeding, grand-slam rule, claim or vote to end a
/// repeating game); `extra_after` goes with it (`both_pits` and `landing`
/// with a four-row `take` of the pit behind).
pub(crate) fn extra_chosen_fits(read: &Read<'_>) -> Vec<Diagnostic> {
    let rules = &read.rules;
    let mut out = Vec::new();
    let mut first = None;
    for (i, rule) in capture_rules(read) {
        if let Some(s) = read.given_in(&EXTRA_AFTER, i) {
            if rule.extra_chosen == 0 && read.valid_in(&EXTRA_AFTER, i) {
                out.push(Diagnostic::error(
                    s.span,
                    "`extra_after` has no effect without `extra_chosen` in the same rule (`extra_chosen 1`: one pit)",
                ));
            }
            let behind = matches!(
                rule.take,
                Take::OppositeAndBehind | Take::OppositeAndBehindBoth | Take::OppositeAndBehindEach
            );
            if rule.extra_after != ExtraAfter::Capture && !behind && read.valid_in(&TAKE, i) {
                out.push(Diagnostic::error(
                    s.span,
                    format!("`extra_after {}` needs a `take` of the facing pit and the pit behind it (`take opposite_and_behind`, `take opposite_and_behind_both` or `take opposite_and_behind_each`)", rule.extra_after),
                ));
            }
        }
        let Some(s) = read.given_in(&EXTRA_CHOSEN, i) else {
            continue;
        };
        let mut error = |why: String| {
            out.push(Diagnostic::error(
                s.span,
                format!("`extra_chosen` (pits the mover chooses after a capture) {why}"),
            ));
        };
        if let Some(other) = first.replace(&rule.name) {
            error(format!(
                "is given by rule `{other}` already: one capture rule of a variant may have it"
            ));
        }
        if rule.on != Trigger::LastPit || rule.then != AfterCapture::Stops {
            error(
                "needs a capture at the last pit that stops the move (`on last_pit`, `then stops`)"
                    .into(),
            );
        }
        let unsupported = [
            (
                rules.sowing.extra_turn != ExtraTurn::Never,
                "an extra turn (`extra_turn never` only)",
            ),
            (rules.rounds.refill.is_some(), "rounds"),
            (
                rules.feeding.when != FeedWhen::Never,
                "a feeding rule (`feed never` only)",
            ),
            (
                rules.grand_slam != GrandSlam::Allowed,
                "a grand-slam rule (`grand_slam allowed` only)",
            ),
            (rules.claim.count.is_some(), "`claim`"),
            (
                rules.end.repetition == Repetition::Agree,
                "`repetition agree` (`repetition ignore` or `repetition end_game` only)",
            ),
        ];
        for (_, what) in unsupported.iter().filter(|(given, _)| *given) {
            error(format!("is not supported with {what}"));
        }
    }
    out
}
