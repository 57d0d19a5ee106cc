//! The declaration of the variant language: every section and key, once.
//!
//! For each key: its section, the kind of value it takes, its default,
//! whether leaving it to the default warns (and the warning), its one-line
//! doc and an example. The validator's key lookup, unknown-key messages,
//! defaults and default warnings, `sow language`, and the canonical order
//! `sow fmt` writes all come from [`LANGUAGE`]. What each keyword *value*
//! means is the doc comment of its enum variant in [`super::model`]
//! ([`Keyword::DOCS`]).
//!
//! Each key also says how its checked value goes into the model (`read`),
//! how it is written back (`write`) and, for `sow describe`, what it says in
//! plain words (`describe`). Adding an option: declare its key here, add its
//! field (and enum) to the model, and use it in the engine; a rule that ties
//! it to other keys (a contradiction, an option without effect) is a small
//! named function in `rules/checks.rs`. Long sentences live in
//! `rules/sentences.rs`, one function per key.

use serde::Serialize;

use super::{keyword::keyword_enum, model::*, sentences, Keyword};

keyword_enum! {
    /// A yes/no switch.
    Switch {
        /// The rule applies.
        Yes = "yes",
        /// The rule does not apply.
        No = "no",
    }
}

/// One entry of the language, in canonical file order: a top-level key or a
/// section.
#[derive(Debug, Clone, Copy, Serialize)]
#[serde(tag = "entry", rename_all = "snake_case")]
pub enum Entry {
    /// A setting outside any section (`name`, `source`).
    Key(&'static Key),
    /// A named section of settings.
    Section(&'static Section),
}

/// A section: `name { key value ... }`.
#[derive(Debug, Serialize)]
pub struct Section {
    /// The section's name, e.g. `board`.
    pub name: &'static str,
    /// What the section is about (one line).
    pub doc: &'static str,
    /// Its keys, in canonical order.
    pub keys: &'static [Key],
    /// Prose printed before the key table in the language reference.
    #[serde(skip)]
    pub intro: &'static str,
    /// Prose printed after the key table: interactions and errors.
    #[serde(skip)]
    pub notes: &'static str,
    /// For a section whose lines are an ordered list (the order is part of
    /// the meaning): how the order is read and written. `None`: the keys'
    /// order means nothing and `sow fmt` sorts them.
    #[serde(rename = "ordered", serialize_with = "is_some")]
    pub order: Option<Order>,
    /// For a section given once per item, each time with a label (`capture
    /// NAME`): how its items go into the model and back. `None`: the
    /// section is given at most once, without a label.
    #[serde(rename = "repeated", serialize_with = "is_some")]
    pub repeat: Option<Repeat>,
}

/// How a section given once per item (`capture NAME { ... }`) goes into the
/// model and back. Its keys read, write and describe one item: the last of
/// the model's list, so that [`Repeat::view`] shows them item `i`.
#[derive(Debug, Clone, Copy)]
pub struct Repeat {
    /// The label an old file's unlabelled section stands for (`capture {
    /// }` is `capture last { }`).
    pub unlabelled: &'static str,
    /// Starts an item labelled so at the end of the list; the section's keys
    /// then read into it.
    pub add: fn(&mut Rules, String),
    /// The labels of the items, in order.
    pub labels: fn(&Rules) -> Vec<String>,
    /// The rules with the list cut after item `i`, which the keys then see.
    pub view: fn(&Rules, usize) -> Rules,
}

/// How an ordered section's order goes into the model and back.
#[derive(Debug, Clone, Copy)]
pub struct Order {
    /// Sets the order in `rules` from the keys given in the section, in file
    /// order. Called only when the section is written.
    pub read: fn(&mut Rules, &[&'static str]),
    /// The section's keys in the order `rules` gives them (keys not listed
    /// follow in canonical order).
    pub write: fn(&Rules) -> Vec<&'static str>,
    /// The key that comes first when it is given (the others choose among
    /// what it allows), and why.
    pub first: Option<(&'static str, &'static str)>,
}

fn is_some<S: serde::Serializer, T>(order: &Option<T>, serializer: S) -> Result<S::Ok, S::Error> {
    serializer.serialize_bool(order.is_some())
}

/// A key that moved: an old file's setting that is read as a key of the
/// current language (and that `sow fmt` rewrites there).
#[derive(Debug, Clone, Copy, Serialize)]
pub struct Moved {
    /// Its old section (`None`: the top level).
    pub from_section: Option<&'static str>,
    /// Its old name.
    pub from_key: &'static str,
    /// The section it is read in now.
    pub to_section: &'static str,
    /// Its name there.
    pub to_key: &'static str,
}

/// One key of the language.
#[derive(Debug, Serialize)]
pub struct Key {
    /// The keyword, e.g. `laps`.
    pub name: &'static str,
    /// How messages name its value: "kind of laps" in "unknown kind of laps `x`".
    pub what: &'static str,
    /// The values it takes.
    pub value: ValueKind,
    /// What applies when the file leaves it out.
    pub default: Default,
    /// The warning `sow check` gives when the file leaves it out, if any.
    pub warns: Option<Warning>,
    /// What it says, in one line.
    pub doc: &'static str,
    /// A setting as it is written, e.g. `laps relay`.
    pub example: &'static str,
    /// Whether `sow infer` searches it unless `--vary` names it.
    #[serde(skip)]
    pub infer: Infer,
    /// Its values in `rules`, as written in a file; `None` when the rules
    /// leave no room for it (a capture option without captures).
    #[serde(skip)]
    pub write: fn(&Rules) -> Option<Vec<String>>,
    /// Sets its value, checked against [`Key::value`] by the validator, in
    /// `rules`. Not called for a key left out whose default is
    /// [`Default::Absent`]: the model's blank value stands.
    #[serde(skip)]
    pub read: fn(&mut Rules, Checked),
    /// What it says in `rules`, in plain English, for `sow describe`
    /// (nothing when another key's sentence states it).
    #[serde(skip)]
    pub describe: fn(&Rules) -> Vec<String>,
}

/// A key's value once the validator has checked it against its
/// [`ValueKind`]: the right kind, in range, no repeats, a declared keyword.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Checked {
    /// A string ([`ValueKind::Text`]).
    Text(String),
    /// One number ([`ValueKind::Number`]).
    Number(u32),
    /// Numbers in the order given ([`ValueKind::Numbers`]).
    Numbers(Vec<u32>),
    /// One keyword ([`ValueKind::Word`]).
    Word(&'static str),
    /// Keywords in the order given ([`ValueKind::WordList`]), or one per
    /// pit of a row ([`ValueKind::PerPit`]).
    Words(Vec<&'static str>),
    /// One number per pit of the board, in notation order
    /// ([`ValueKind::PitCounts`]).
    Counts(Vec<u8>),
}

impl Checked {
    /// The string. A key's `read` asks for the kind its [`ValueKind`]
    /// declares, so a mismatch is a bug in the declaration.
    pub fn text(self) -> String {
        match self {
            Checked::Text(t) => t,
            other => unreachable!("a text key read {other:?}"),
        }
    }

    /// The number, which the declared range keeps within a byte.
    pub fn byte(self) -> u8 {
        match self {
            Checked::Number(n) => byte(n),
            other => unreachable!("a number key read {other:?}"),
        }
    }

    /// The numbers, each within a byte by the declared range.
    pub fn bytes(self) -> Vec<u8> {
        match self {
            Checked::Numbers(ns) => ns.into_iter().map(byte).collect(),
            other => unreachable!("a numbers key read {other:?}"),
        }
    }

    /// The keyword as a value of `K` (the enumeration the key declares).
    pub fn word<K: Keyword>(self) -> K {
        match self {
            Checked::Word(w) => keyword(w),
            other => unreachable!("a keyword key read {other:?}"),
        }
    }

    /// The counts, one per pit of the board.
    pub fn counts(self) -> Vec<u8> {
        match self {
            Checked::Counts(counts) => counts,
            other => unreachable!("a pit-counts key read {other:?}"),
        }
    }

    /// The keywords as values of `K`.
    pub fn words<K: Keyword>(self) -> Vec<K> {
        match self {
            Checked::Words(ws) => ws.into_iter().map(keyword).collect(),
            other => unreachable!("a keyword-list key read {other:?}"),
        }
    }
}

fn byte(n: u32) -> u8 {
    u8::try_from(n).unwrap_or_else(|_| unreachable!("{n} is outside a declared range"))
}

fn keyword<K: Keyword>(word: &str) -> K {
    K::from_keyword(word).unwrap_or_else(|| {
        unreachable!(
            "`{word}` is not a {}: the key's words and its `read` disagree",
            std::any::type_name::<K>()
        )
    })
}

/// Whether `sow infer` searches a key (or a keyword value) by default. Every
/// rule searched multiplies the rule sets it compiles for every set of
/// records, so a rule only a game or two needs is searched only when asked.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Infer {
    /// Searched unless `--vary` names other keys.
    Searched,
    /// Searched only when `--vary` names the key.
    OptIn,
}

/// The kind of value a key takes.
#[derive(Debug, Clone, Copy, Serialize)]
#[serde(tag = "kind", content = "values", rename_all = "snake_case")]
pub enum ValueKind {
    /// A quoted string.
    Text,
    /// One whole number in a range.
    Number {
        /// The smallest value.
        min: u32,
        /// The largest value.
        max: Bound,
    },
    /// One or more whole numbers in a range, no repeats.
    Numbers {
        /// The smallest value.
        min: u32,
        /// The largest value.
        max: Bound,
    },
    /// One keyword.
    Word(Words),
    /// One or more keywords, no repeats.
    WordList(Words),
    /// One keyword for every pit, or one per pit of a row.
    PerPit(Words),
    /// One number (0 to 255) per pit of a row, both rows alike, or one per
    /// pit of the board in notation order.
    PitCounts,
}

/// The upper end of a number's range.
#[derive(Debug, Clone, Copy, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Bound {
    /// A fixed number.
    Fixed(u32),
    /// The number of stones on the board.
    Stones,
}

/// The keywords a key takes and what each means.
#[derive(Debug, Clone, Copy)]
pub struct Words {
    /// The keywords, in documented order.
    pub words: &'static [&'static str],
    /// What each keyword means, in the same order.
    pub docs: &'static [&'static str],
    /// The keywords `sow infer` tries only when `--vary` names the key (or
    /// the base variant uses them): those only a game or two needs.
    pub opt_in: &'static [&'static str],
}

impl Words {
    /// The words and docs of a keyword enumeration.
    pub const fn of<K: Keyword>() -> Words {
        Words {
            words: K::WORDS,
            docs: K::DOCS,
            opt_in: &[],
        }
    }

    /// The same words, `sow infer` trying `words` only when asked
    /// ([`Words::opt_in`]).
    pub const fn opt_in(self, words: &'static [&'static str]) -> Words {
        Words {
            opt_in: words,
            ..self
        }
    }

    /// `(word, doc)` pairs, docs trimmed.
    pub fn pairs(&self) -> impl Iterator<Item = (&'static str, &'static str)> {
        self.words
            .iter()
            .zip(self.docs.iter())
            .map(|(w, d)| (*w, d.trim()))
    }
}

/// Serialised as a list of `{ "word": ..., "doc": ... }`.
impl Serialize for Words {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        #[derive(Serialize)]
        struct Value {
            word: &'static str,
            doc: &'static str,
        }
        serializer.collect_seq(self.pairs().map(|(word, doc)| Value { word, doc }))
    }
}

/// What applies when a key is left out.
#[derive(Debug, Clone, Copy, Serialize)]
#[serde(tag = "default", content = "value", rename_all = "snake_case")]
pub enum Default {
    /// The key must be given.
    Required,
    /// The key must be given, unless this other key of the section is
    /// (then the rule is absent: the model's blank value stands).
    RequiredUnless(&'static str),
    /// Nothing: the rule is absent (described in words, e.g. "no captures").
    Absent(&'static str),
    /// This value, as it is written.
    Value(&'static str),
    /// The value of this other key of the same section.
    SameAs(&'static str),
}

/// The warning for a key left to its default.
#[derive(Debug, Clone, Copy, Serialize)]
pub struct Warning {
    /// The message.
    pub text: &'static str,
    /// Warn only when this other key of the section is given with a value
    /// other than its default (`None`: always warn).
    pub only_if: Option<&'static str>,
}

const NAME: Key = Key {
    name: "name",
    describe: sentences::name,
    read: |r, v| r.name = v.text(),
    write: |r| Some(vec![quoted(&r.name)]),
    what: "name",
    value: ValueKind::Text,
    default: Default::Required,
    warns: None,
    doc: "The variant's display name.",
    example: "name \"Modiar\"",
    infer: Infer::Searched,
};

const SOURCE: Key = Key {
    name: "source",
    describe: sentences::source,
    read: |r, v| r.source = Some(v.text()),
    write: |r| r.source.as_deref().map(|s| vec![quoted(s)]),
    what: "source",
    value: ValueKind::Text,
    default: Default::Absent("none"),
    warns: None,
    doc: "Where the rules come from: book or page, author, year.",
    example: "source \"Mancala World, Modiar (J. Climent 2012)\"",
    infer: Infer::Searched,
};

const BOARD: Section = Section {
    name: "board",
    doc: "Board size and starting stones.",
    intro: "",
    notes: "Stones in a store count as captured: a trace's `scores` are the stores' contents.
Under `stores sown_both` the mover sows into the opponent's store too, as the
sowing passes it: those stones are the opponent's. A relay never lifts a
store, and a lap that ends in either store ends the move (`extra_turn store`
gives another move only in the mover's own store).

On four rows (`rows 4`, at most 8 pits a row, no stores) each player owns
an outer and an inner row and sows round them only. Their pits are lettered
along their own counter-clockwise circuit: on 4x8 South's outer row `a`-`h`
from South's left, the inner row `i`-`p` from South's right back to the
left; North's `A`-`P` likewise from North's side. Positions list the counts
in that order (`a`-`h / i`-`p / A`-`H / I`-`P`), and `start` gives one
side in label order. `direction` is one way for every pit (`ccw`:
along one's outer row to the right, back along the inner row; `either`:
the mover chooses the way for the move, written `i:ccw` or `i:cw`, and
`then resows_from_end` may turn it, Bao la Kujifunza). Rounds,
feeding, claims and a grand-slam rule are not supported on four rows yet.

On three rows (`rows 3`, an even number of pits a row, at most 10, no
stores) each player owns the row nearest them and the half of the middle
row on their right, and one circuit goes round the whole board: on 3x6
South's row `a`-`f` from South's left, South's half of the middle row `g`-`i`
from the east edge to the centre, North's row `A`-`F` from North's left,
North's half `G`-`I` from the west edge to the centre. Positions list the
counts in that order (`a`-`f / g`-`i / A`-`F / G`-`I`). Nothing faces across
the middle row: captures take the last pit or the next one, not a facing
pit. Rounds, feeding and a grand-slam rule are not supported on three rows
yet. A claim (`claim { makes 4; of row ... }`, Gabata (Adowa)'s weg) takes
a pit of the opponent's side, in their row or their half of the middle row;
`except` and `mirror` count places along a side in label order (1 to 9 on
3x6: `a`-`i`).

A board gives `seeds` (every pit alike) or `start` (pit by pit), not both.
`start` counts may be 0, but the board must hold at least one stone and at
most 255. With `start`, the capture counts and `min_stones` range up to the
stones of the start.",
    order: None,
    repeat: None,
    keys: &[
        Key {
            name: "rows",
            describe: sentences::rows,
            read: |r, v| r.board.rows = v.byte(),
            write: |r| Some(vec![r.board.rows.to_string()]),
            what: "rows",
            value: ValueKind::Number {
                min: 2,
                max: Bound::Fixed(4),
            },
            default: Default::Value("2"),
            warns: None,
            doc: "Rows of pits: 2 (one per player), 3 (each player owns the row nearest them and the half of the middle row on their right; one circuit round the whole board) or 4 (two per player, outer and inner; each player sows round their own two rows only).",
            example: "rows 4",
            infer: Infer::Searched,
        },
        Key {
            name: "pits",
            describe: sentences::pits,
            read: |r, v| r.board.pits = v.byte(),
            write: |r| Some(vec![r.board.pits.to_string()]),
            what: "pits per row",
            value: ValueKind::Number {
                min: 1,
                max: Bound::Fixed(MAX_PITS_PER_ROW as u32),
            },
            default: Default::Required,
            warns: None,
            doc: "Pits in each row.",
            example: "pits 3",
            infer: Infer::Searched,
        },
        Key {
            name: "seeds",
            describe: sentences::seeds,
            read: |r, v| r.board.seeds = v.byte(),
            write: |r| r.board.start.is_empty().then(|| vec![r.board.seeds.to_string()]),
            what: "seeds per pit",
            value: ValueKind::Number {
                min: 1,
                max: Bound::Fixed(MAX_STONES),
            },
            default: Default::Absent("required, unless `start` is given"),
            warns: None,
            doc: "Stones in each pit at the start (the shorthand for `start` with every count alike).",
            example: "seeds 7",
            infer: Infer::Searched,
        },
        Key {
            name: "start",
            describe: sentences::none,
            read: |r, v| r.board.start = v.counts(),
            write: |r| {
                (!r.board.start.is_empty())
                    .then(|| r.board.start.iter().map(u8::to_string).collect())
            },
            what: "start count",
            value: ValueKind::PitCounts,
            default: Default::Absent("`seeds` in every pit"),
            warns: None,
            doc: "Stones in each pit at the start, pit by pit: one count per pit of a player's side in label order (both sides alike: a row from the owner's left on two rows, `a`-`p` on four), or one per pit of the board in notation order (a b c ... A B C ...).",
            example: "start 4 4 5 4 3 4 4 4 4 4 4 4",
            infer: Infer::Searched,
        },
        Key {
            name: "stores",
            describe: sentences::none,
            read: |r, v| r.board.stores = v.word(),
            write: |r| Some(one(r.board.stores)),
            what: "kind of stores",
            value: ValueKind::Word(Words::of::<Stores>().opt_in(&["sown_both"])),
            default: Default::Value("none"),
            warns: None,
            doc: "Stores (end pits) on the board.",
            example: "stores sown",
            infer: Infer::Searched,
        },
    ],
};

const SOW: Section = Section {
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

A move from a pit that may sow either way is written with its direction:
`b:ccw` or `b:cw`; other moves are just the pit's label. Where the rules let a
player who cannot move pass (`end { when neither_can_move }`), the move is
written `pass`.",
    order: None,
    repeat: None,
    keys: &[
        Key {
            name: "direction",
            describe: sentences::direction,
            read: |r, v| r.sowing.direction = v.words(),
            write: |r| Some(directions(&r.sowing.direction)),
            what: "sowing direction",
            value: ValueKind::PerPit(Words::of::<PitDirection>()),
            default: Default::Value("ccw"),
            warns: None,
            doc: "Which way each pit sows: one value for every pit, or one per pit of a row from its owner's left.",
            example: "direction cw either ccw",
            infer: Infer::Searched,
        },
        Key {
            name: "start",
            describe: sentences::start,
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
        },
        Key {
            name: "skip_origin",
            describe: sentences::skip_origin,
            read: |r, v| r.sowing.skip_origin = v.word::<Switch>() == Switch::Yes,
            write: |r| Some(one(if r.sowing.skip_origin { Switch::Yes } else { Switch::No })),
            what: "`skip_origin` value",
            value: ValueKind::Word(Words::of::<Switch>()),
            default: Default::Value("no"),
            warns: None,
            doc: "Whether a sowing that goes all the way round leaves out the emptied pit.",
            example: "skip_origin yes",
            infer: Infer::Searched,
        },
        Key {
            name: "laps",
            describe: sentences::laps,
            read: |r, v| r.sowing.laps = v.word(),
            write: |r| Some(one(r.sowing.laps)),
            what: "kind of laps",
            value: ValueKind::Word(Words::of::<Laps>().opt_in(&[
                "relay_until_capture",
                "next_always",
                "relay_unless_next_empty",
                "next_after_occupied",
                "relay_until_capture_unless_next_empty",
            ])),
            default: Default::Value("single"),
            warns: None,
            doc: "What happens when the hand is empty.",
            example: "laps relay",
            infer: Infer::Searched,
        },
        Key {
            name: "extra_turn",
            describe: sentences::extra_turn,
            read: |r, v| r.sowing.extra_turn = v.word(),
            write: |r| Some(one(r.sowing.extra_turn)),
            what: "extra-turn rule",
            value: ValueKind::Word(Words::of::<ExtraTurn>().opt_in(&["capture"])),
            default: Default::Value("never"),
            warns: None,
            doc: "When the mover moves again.",
            example: "extra_turn store",
            infer: Infer::Searched,
        },
    ],
};

const CAPTURE: Section = Section {
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
`opposite_and_behind_both`, with `start next` in `sow`; or as Tsoro uses it,
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
        Key {
            name: "on",
            describe: sentences::none,
            read: |r, v| rule_mut(r).on = v.word(),
            write: |r| rule(r).map(|c| one(c.on)),
            what: "capture trigger",
            value: ValueKind::Word(Words::of::<Trigger>()),
            default: Default::Value("last_pit"),
            warns: None,
            doc: "When the rule looks for a capture.",
            example: "on last_pit",
            infer: Infer::OptIn,
        },
        Key {
            name: "counts",
            describe: sentences::counts,
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
        },
        Key {
            name: "before",
            describe: sentences::none,
            read: |r, v| rule_mut(r).before = v.word(),
            write: |r| rule(r).map(|c| one(c.before)),
            what: "`before` condition",
            value: ValueKind::Word(Words::of::<Before>()),
            default: Default::Value("any"),
            warns: None,
            doc: "What the pit held before the stone that makes it qualify fell in.",
            example: "before empty",
            infer: Infer::OptIn,
        },
        Key {
            name: "side",
            describe: sentences::none,
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
        },
        Key {
            name: "chain",
            describe: sentences::chain,
            read: |r, v| rule_mut(r).chain = v.word(),
            write: |r| rule(r).map(|c| one(c.chain)),
            what: "kind of chain",
            value: ValueKind::Word(Words::of::<Chain>()),
            default: Default::Value("none"),
            warns: None,
            doc: "Which pits are examined after the last one is captured.",
            example: "chain backward",
            infer: Infer::Searched,
        },
        Key {
            name: "first_move",
            describe: sentences::first_move,
            read: |r, v| rule_mut(r).first_move = v.word(),
            write: |r| rule(r).map(|c| one(c.first_move)),
            what: "first-move rule",
            value: ValueKind::Word(Words::of::<FirstMove>()),
            default: Default::Value("normal"),
            warns: None,
            doc: "Whether the rule captures on the game's first move.",
            example: "first_move no_capture",
            infer: Infer::Searched,
        },
        Key {
            name: "take",
            describe: sentences::none,
            read: |r, v| rule_mut(r).take = v.word(),
            write: |r| rule(r).map(|c| one(c.take)),
            what: "`take` value",
            value: ValueKind::Word(Words::of::<Take>().opt_in(&[
                "next",
                "opposite_and_behind",
                "opposite_and_behind_both",
                "two_out",
                "behind_past_empty",
            ])),
            default: Default::Value("last"),
            warns: None,
            doc: "What a qualifying last pit gives the mover.",
            example: "take last_and_opposite",
            infer: Infer::Searched,
        },
        Key {
            name: "facing_counts",
            describe: sentences::facing_counts,
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
        },
        Key {
            name: "goes_to",
            describe: sentences::goes_to,
            read: |r, v| rule_mut(r).goes_to = v.word(),
            // Captures that are sown on go nowhere.
            write: |r| {
                rule(r)
                    .filter(|c| !c.then.resows())
                    .map(|c| one(c.goes_to))
            },
            what: "capture destination",
            value: ValueKind::Word(
                Words::of::<CaptureDestination>().opt_in(&["opponent", "owner"]),
            ),
            default: Default::Value("mover"),
            warns: None,
            doc: "Where captured stones go.",
            example: "goes_to out_of_play",
            infer: Infer::Searched,
        },
        Key {
            name: "last_goes_to",
            describe: sentences::last_goes_to,
            read: |r, v| rule_mut(r).last_goes_to = Some(v.word()),
            write: |r| rule(r).and_then(|c| c.last_goes_to).map(one),
            what: "capture destination",
            value: ValueKind::Word(Words::of::<CaptureDestination>()),
            default: Default::Absent("as `goes_to`"),
            warns: None,
            doc: "For `on every_pit`: where the stones go of a pit that a lap's last stone makes qualify (Mewelad: \"unless it is the final hole of the sowing, in which case the player who is sowing captures them\").",
            example: "last_goes_to mover",
            infer: Infer::OptIn,
        },
        Key {
            name: "then",
            describe: sentences::then,
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
            doc: "For `on relay_landing`: whether the move stops after the capture, sows on from the next pit, or sows the captured stones on from the next pit (`resows`, also with `on last_pit` on four rows) or from the first pit the capturing lap sowed into (`resows_from_lap_start`, Omweso), or from an end of the mover's inner row, which sets the direction the move goes on (`resows_from_end`, Bao la Kujifunza's kichwa).",
            example: "then sows_on",
            infer: Infer::OptIn,
        },
        Key {
            name: "requires",
            describe: sentences::requires,
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
        },
        Key {
            name: "board_at_most",
            describe: sentences::board_at_most,
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
        },
        Key {
            name: "last_stone",
            describe: sentences::last_stone,
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
        },
    ],
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

const LEGAL: Section = Section {
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
is one). `grand_slam` other than `allowed` in a variant without captures is an
error, and so is `otherwise` or `feed_gives` with `feed never`, and
`min_stones` after another restriction.

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
    keys: &[
        Key {
            name: "min_stones",
            describe: sentences::min_stones,
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
        },
        Key {
            name: "first_move_from",
            describe: sentences::first_move_from,
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
        },
        Key {
            name: "singletons",
            describe: sentences::singletons,
            read: |r, v| r.sowing.singletons = v.word(),
            write: |r| {
                (r.sowing.singletons != Singletons::Never).then(|| one(r.sowing.singletons))
            },
            what: "single-stone rule",
            value: ValueKind::Word(Words::of::<Singletons>()),
            default: Default::Value("never"),
            warns: None,
            doc: "Whether a pit holding one stone may be played when no pit holds `min_stones` (into an empty pit only).",
            example: "singletons into_empty",
            infer: Infer::OptIn,
        },
        Key {
            name: "first_moves",
            // Said by `first_move_from`, `first_move` and `min_stones`.
            describe: sentences::none,
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
        },
        Key {
            name: "first_move",
            describe: sentences::first_move_shift,
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
        },
        Key {
            name: "play_from",
            // Said by `first_move_from`, `first_move` and `min_stones`.
            describe: sentences::none,
            read: |r, v| r.sowing.play_from = v.word(),
            write: |r| (r.sowing.play_from != PlayFrom::Own).then(|| one(r.sowing.play_from)),
            what: "pits a player may play",
            value: ValueKind::Word(Words::of::<PlayFrom>()),
            default: Default::Value("own"),
            warns: None,
            doc: "Which pits a player may play: those of their own row, any pit of the board, or those of the opponent's row.",
            example: "play_from any",
            infer: Infer::OptIn,
        },
        Key {
            name: "first_lap",
            describe: sentences::first_lap,
            read: |r, v| r.sowing.first_lap = v.word(),
            write: |r| (r.sowing.first_lap != FirstLap::Any).then(|| one(r.sowing.first_lap)),
            what: "first-lap rule",
            value: ValueKind::Word(Words::of::<FirstLap>()),
            default: Default::Value("any"),
            warns: None,
            doc: "What a move's first lap must do for the move to be legal.",
            example: "first_lap reaches_or_empty",
            infer: Infer::OptIn,
        },
        Key {
            name: "grand_slam",
            describe: sentences::grand_slam,
            read: |r, v| r.grand_slam = v.word(),
            write: |r| r.has_captures().then(|| one(r.grand_slam)),
            what: "grand-slam rule",
            value: ValueKind::Word(Words::of::<GrandSlam>()),
            default: Default::Value("allowed"),
            warns: None,
            doc: "What a move that captures the opponent's whole row may do.",
            example: "grand_slam forbidden",
            infer: Infer::Searched,
        },
        Key {
            name: "feed",
            describe: sentences::feeding_when,
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
        },
        Key {
            name: "otherwise",
            describe: sentences::otherwise,
            read: |r, v| r.feeding.otherwise = v.word(),
            write: |r| (r.feeding.when != FeedWhen::Never).then(|| one(r.feeding.otherwise)),
            what: "feeding fallback",
            value: ValueKind::Word(Words::of::<FeedFallback>()),
            default: Default::Value("play_any"),
            warns: Some(Warning {
                text:
                    "what happens when no move can feed is not stated: `otherwise play_any` assumed",
                only_if: Some("feed"),
            }),
            doc: "What happens when the mover must feed and no move can.",
            example: "otherwise end_game",
            infer: Infer::Searched,
        },
        Key {
            name: "feed_gives",
            describe: sentences::none,
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
            doc: "What a move must do to feed, if not what `feed` implies: leave a stone in the opponent's row, leave them a pit they can play, or sow a stone into their row.",
            example: "feed_gives stone",
            infer: Infer::Searched,
        },
    ],
};

/// The settings of old files that are read as `legal` keys: `sow {
/// min_stones }`, the top-level `grand_slam` and `feeding { when; otherwise
/// }`. Their order is today's fixed order (the grand-slam rule, then
/// feeding), which is also the order of a `legal` section that leaves one of
/// them out.
pub const MOVED: &[Moved] = &[
    Moved {
        from_section: Some("sow"),
        from_key: "min_stones",
        to_section: "legal",
        to_key: "min_stones",
    },
    Moved {
        from_section: None,
        from_key: "grand_slam",
        to_section: "legal",
        to_key: "grand_slam",
    },
    Moved {
        from_section: Some("feeding"),
        from_key: "when",
        to_section: "legal",
        to_key: "feed",
    },
    Moved {
        from_section: Some("feeding"),
        from_key: "otherwise",
        to_section: "legal",
        to_key: "otherwise",
    },
];

/// Where an old setting is read now, if it moved.
pub fn moved(section: Option<&str>, key: &str) -> Option<&'static Moved> {
    MOVED
        .iter()
        .find(|m| m.from_section == section && m.from_key == key)
}

/// Whether `name` is a section of old files whose keys all moved.
pub fn moved_section(name: &str) -> bool {
    section(name).is_none() && MOVED.iter().any(|m| m.from_section == Some(name))
}

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
            Restriction::GrandSlam => {}
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

const END: Section = Section {
    name: "end",
    doc: "When the game ends and how it is scored.",
    intro: "",
    notes: "The higher total (captures plus leftovers) wins; equal totals are a draw.
`leftovers` scores every way the game ends; a key named after one of them
(`no_legal_move`, `feeding_impossible`, `captured_majority`, `row_empty`,
`all_pits_at_most_one`, `stones_left`, `score_reached`, `relay_cycle`,
`inner_row_empty`, and `repetition_leftovers` for a repetition) scores that way differently, e.g.
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

`relay_cycle` ends a game whose relay came back to a lap state of the same
move, with the board as it was then (no capture: the relay never ended). It
needs relay laps. `test_after lap` also tests the other end conditions of
`when` after each relay lap: a lap that leaves one holding stops the move there,
without capture (Ludii, where each lap is a move, tests its end after each).
It needs relay laps and an end condition besides `no_legal_move`,
`neither_can_move` and `relay_cycle`.

`inner_row_empty` is for four rows only: the game ends when a player's
inner row (the row next to the opponent's) is empty after a ply, whoever
moved. `inner_row_empty empty_row_loses` makes that player lose (Bao: \"a
player whose inner row is empty loses\"); `empty_row_wins` and
`empty_row_loses` look at the inner rows for a game ended this way, and at
each player's rows for every other way.",
    order: None,
    repeat: None,
    keys: &[
        Key {
            name: "when",
            describe: sentences::end_when,
            read: |r, v| r.end.when = end_conditions(v.words()),
            write: |r| Some(r.end.when.iter().map(ToString::to_string).collect()),
            what: "end condition",
            value: ValueKind::WordList(Words::of::<EndWhen>().opt_in(&["inner_row_empty"])),
            default: Default::Value("no_legal_move"),
            warns: None,
            doc: "What ends the game, besides the player to move having no legal move (which always does).",
            example: "when no_legal_move captured_majority",
            infer: Infer::Searched,
        },
        Key {
            name: "leftovers",
            describe: sentences::leftovers,
            read: |r, v| r.end.leftovers = v.word(),
            write: |r| Some(one(r.end.leftovers)),
            what: "leftover rule",
            value: ValueKind::Word(Words::of::<Leftovers>().opt_in(&["last_mover"])),
            default: Default::Value("row_owner"),
            warns: None,
            doc: "Who gets the stones left on the board when the game ends.",
            example: "leftovers row_owner",
            infer: Infer::Searched,
        },
        Key {
            name: "repetition",
            describe: sentences::repetition,
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
        },
        Key {
            name: "repetition_leftovers",
            describe: sentences::none,
            read: |r, v| r.end.repetition_leftovers = v.word(),
            write: |r| (r.end.repetition != Repetition::Ignore).then(|| one(r.end.repetition_leftovers)),
            what: "leftover rule",
            value: ValueKind::Word(Words::of::<Leftovers>().opt_in(&["last_mover"])),
            default: Default::SameAs("leftovers"),
            warns: None,
            doc: "Who gets the stones left on the board after a game ended by repetition.",
            example: "repetition_leftovers row_owner",
            infer: Infer::Searched,
        },
        Key {
            name: "no_legal_move",
            describe: sentences::none,
            read: |r, v| r.end.scoring.no_legal_move = v.word(),
            write: |r| Some(one(r.end.scoring.no_legal_move)),
            what: "leftover rule",
            value: ValueKind::Word(Words::of::<Leftovers>().opt_in(&["last_mover"])),
            default: Default::SameAs("leftovers"),
            warns: None,
            doc: "How a game ended because the player to move has no legal move is scored.",
            example: "no_legal_move row_owner",
            infer: Infer::Searched,
        },
        Key {
            name: "feeding_impossible",
            describe: sentences::none,
            read: |r, v| r.end.scoring.feeding_impossible = v.word(),
            write: |r| {
                way_in_force(r, "feeding_impossible")
                    .is_ok()
                    .then(|| one(r.end.scoring.feeding_impossible))
            },
            what: "leftover rule",
            value: ValueKind::Word(Words::of::<Leftovers>().opt_in(&["last_mover"])),
            default: Default::SameAs("leftovers"),
            warns: None,
            doc: "How a game ended because the mover must feed and cannot (`otherwise end_game`) is scored.",
            example: "feeding_impossible draw",
            infer: Infer::Searched,
        },
        Key {
            name: "captured_majority",
            describe: sentences::none,
            read: |r, v| r.end.scoring.captured_majority = v.word(),
            write: |r| {
                ends_on(r, EndWhen::CapturedMajority)
                    .then(|| one(r.end.scoring.captured_majority))
            },
            what: "leftover rule",
            value: ValueKind::Word(Words::of::<Leftovers>().opt_in(&["last_mover"])),
            default: Default::SameAs("leftovers"),
            warns: None,
            doc: "How a game ended by `captured_majority` is scored.",
            example: "captured_majority row_owner",
            infer: Infer::Searched,
        },
        Key {
            name: "row_empty",
            describe: sentences::none,
            read: |r, v| r.end.scoring.row_empty = v.word(),
            write: |r| ends_on(r, EndWhen::RowEmpty).then(|| one(r.end.scoring.row_empty)),
            what: "leftover rule",
            value: ValueKind::Word(Words::of::<Leftovers>().opt_in(&["last_mover"])),
            default: Default::SameAs("leftovers"),
            warns: None,
            doc: "How a game ended by `row_empty` is scored.",
            example: "row_empty row_owner",
            infer: Infer::Searched,
        },
        Key {
            name: "all_pits_at_most_one",
            describe: sentences::none,
            read: |r, v| r.end.scoring.all_pits_at_most_one = v.word(),
            write: |r| {
                ends_on(r, EndWhen::AllPitsAtMostOne)
                    .then(|| one(r.end.scoring.all_pits_at_most_one))
            },
            what: "leftover rule",
            value: ValueKind::Word(Words::of::<Leftovers>().opt_in(&["last_mover"])),
            default: Default::SameAs("leftovers"),
            warns: None,
            doc: "How a game ended by `all_pits_at_most_one` is scored.",
            example: "all_pits_at_most_one unscored",
            infer: Infer::Searched,
        },
        Key {
            name: "stones_left_at_most",
            describe: sentences::none,
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
        },
        Key {
            name: "score_at_least",
            describe: sentences::none,
            read: |r, v| r.end.score_at_least = Some(v.byte()),
            write: |r| r.end.score_at_least.map(|n| vec![n.to_string()]),
            what: "score threshold",
            value: ValueKind::Number {
                min: 1,
                max: Bound::Stones,
            },
            default: Default::Absent("none; required with `score_reached`"),
            warns: None,
            doc: "Under `score_reached`: the game ends when a player has captured at least this many stones.",
            example: "score_at_least 49",
            infer: Infer::Searched,
        },
        Key {
            name: "stones_left",
            describe: sentences::none,
            read: |r, v| r.end.scoring.stones_left = v.word(),
            write: |r| ends_on(r, EndWhen::StonesLeft).then(|| one(r.end.scoring.stones_left)),
            what: "leftover rule",
            value: ValueKind::Word(Words::of::<Leftovers>().opt_in(&["last_mover"])),
            default: Default::SameAs("leftovers"),
            warns: None,
            doc: "How a game ended by `stones_left` is scored.",
            example: "stones_left row_owner",
            infer: Infer::Searched,
        },
        Key {
            name: "score_reached",
            describe: sentences::none,
            read: |r, v| r.end.scoring.score_reached = v.word(),
            write: |r| ends_on(r, EndWhen::ScoreReached).then(|| one(r.end.scoring.score_reached)),
            what: "leftover rule",
            value: ValueKind::Word(Words::of::<Leftovers>().opt_in(&["last_mover"])),
            default: Default::SameAs("leftovers"),
            warns: None,
            doc: "How a game ended by `score_reached` is scored.",
            example: "score_reached unscored",
            infer: Infer::Searched,
        },
        Key {
            name: "relay_cycle",
            describe: sentences::none,
            read: |r, v| r.end.scoring.relay_cycle = v.word(),
            write: |r| ends_on(r, EndWhen::RelayCycle).then(|| one(r.end.scoring.relay_cycle)),
            what: "leftover rule",
            value: ValueKind::Word(Words::of::<Leftovers>().opt_in(&["last_mover"])),
            default: Default::SameAs("leftovers"),
            warns: None,
            doc: "How a game ended by `relay_cycle` is scored.",
            example: "relay_cycle draw",
            infer: Infer::Searched,
        },
        Key {
            name: "inner_row_empty",
            describe: sentences::none,
            read: |r, v| r.end.scoring.inner_row_empty = v.word(),
            write: |r| {
                ends_on(r, EndWhen::InnerRowEmpty).then(|| one(r.end.scoring.inner_row_empty))
            },
            what: "leftover rule",
            value: ValueKind::Word(Words::of::<Leftovers>().opt_in(&["last_mover"])),
            default: Default::SameAs("leftovers"),
            warns: None,
            doc: "How a game ended by `inner_row_empty` is scored.",
            example: "inner_row_empty empty_row_loses",
            infer: Infer::OptIn,
        },
        Key {
            name: "test_after",
            describe: sentences::end_test,
            read: |r, v| r.end.test_after = v.word(),
            write: |r| Some(one(r.end.test_after)),
            what: "end test",
            value: ValueKind::Word(Words::of::<EndTest>()),
            default: Default::Value("move"),
            warns: None,
            doc: "When the end conditions of `when` are tested: after each move, or also after each relay lap.",
            example: "test_after lap",
            infer: Infer::Searched,
        },
    ],
};

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
/// scoring has no effect).
pub fn way_in_force(rules: &Rules, way: &str) -> Result<(), &'static str> {
    let listed = |condition: EndWhen, why| ends_on(rules, condition).then_some(()).ok_or(why);
    match way {
        "feeding_impossible" => feeding_can_end(rules)
            .then_some(())
            .ok_or("the feeding rule never ends the game (`otherwise end_game`)"),
        "captured_majority" => listed(
            EndWhen::CapturedMajority,
            "`when` does not list `captured_majority`",
        ),
        "row_empty" => listed(EndWhen::RowEmpty, "`when` does not list `row_empty`"),
        "all_pits_at_most_one" => listed(
            EndWhen::AllPitsAtMostOne,
            "`when` does not list `all_pits_at_most_one`",
        ),
        "stones_left" => listed(EndWhen::StonesLeft, "`when` does not list `stones_left`"),
        "score_reached" => listed(
            EndWhen::ScoreReached,
            "`when` does not list `score_reached`",
        ),
        "relay_cycle" => listed(EndWhen::RelayCycle, "`when` does not list `relay_cycle`"),
        "inner_row_empty" => listed(
            EndWhen::InnerRowEmpty,
            "`when` does not list `inner_row_empty`",
        ),
        _ => Ok(()),
    }
}

const ROUNDS: Section = Section {
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
`refill captures` and `fill_from left` or `right`.

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
        Key {
            name: "refill",
            describe: sentences::rounds,
            read: |r, v| r.rounds.refill = Some(v.word()),
            write: |r| r.rounds.refill.map(one),
            what: "refill rule",
            value: ValueKind::Word(Words::of::<Refill>().opt_in(&["surplus"])),
            default: Default::Absent("none (the game is one round)"),
            warns: None,
            doc: "How the stones go back into the pits when a round ends.",
            example: "refill captures",
            infer: Infer::Searched,
        },
        Key {
            name: "fill_from",
            describe: sentences::none,
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
        },
        Key {
            name: "remainder",
            describe: sentences::none,
            read: |r, v| r.rounds.remainder = v.word(),
            write: |r| r.rounds.refill.map(|_| one(r.rounds.remainder)),
            what: "remainder",
            value: ValueKind::Word(Words::of::<Remainder>().opt_in(&["next_pit"])),
            default: Default::Value("kept"),
            warns: None,
            doc: "Where the stones a player cannot make a full pit of go.",
            example: "remainder next_pit",
            infer: Infer::Searched,
        },
        Key {
            name: "odd_pit",
            describe: sentences::none,
            read: |r, v| r.rounds.odd_pit = v.word(),
            // Written under `refill surplus`, and whenever a file gave another
            // value than the default: nothing a file says is dropped.
            write: |r| {
                let surplus = r.rounds.refill == Some(Refill::Surplus);
                (surplus || r.rounds.odd_pit != OddPit::Larger).then(|| one(r.rounds.odd_pit))
            },
            what: "odd pit",
            value: ValueKind::Word(Words::of::<OddPit>().opt_in(&["larger_unequal", "nobody"])),
            default: Default::Value("larger"),
            warns: None,
            doc: "Who fills the pit the two remainders make up (`refill surplus`).",
            example: "odd_pit larger_unequal",
            infer: Infer::Searched,
        },
        Key {
            name: "unfilled",
            describe: sentences::none,
            read: |r, v| r.rounds.unfilled = v.word(),
            write: |r| r.rounds.refill.map(|_| one(r.rounds.unfilled)),
            what: "unfilled pit",
            value: ValueKind::Word(Words::of::<Unfilled>().opt_in(&["reopens"])),
            default: Default::Value("closed"),
            warns: None,
            doc: "What a pit its owner could not fill is for the round.",
            example: "unfilled reopens",
            infer: Infer::Searched,
        },
        Key {
            name: "next_start",
            describe: sentences::none,
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
        },
        Key {
            name: "match_end",
            describe: sentences::none,
            read: |r, v| r.rounds.match_end = v.word(),
            write: |r| r.rounds.refill.map(|_| one(r.rounds.match_end)),
            what: "match end",
            value: ValueKind::Word(Words::of::<MatchEnd>().opt_in(&["no_stones", "no_pit"])),
            default: Default::Value("cannot_fill_one"),
            warns: None,
            doc: "When the match ends and who wins it.",
            example: "match_end cannot_fill_one",
            infer: Infer::Searched,
        },
    ],
};

const CLAIM: Section = Section {
    name: "claim",
    doc: "Pits that become a player's (Toguz Kumalak's tuzdik, the Ethiopian weg and qasamo).",
    intro: "Without `makes` no pit is ever claimed. With it, a move whose last stone
makes that count in a pit of the opponent (`of`: of their row, or one they
own) claims that pit for the mover, unless the mover has claimed as many as
`limit` allows, the pit is at a place `except` names, or `mirror forbidden`
rules it out. Under relay sowing every lap's last stone is looked at: a lap
that claims a pit, or ends in a claimed pit, ends the move (nothing is ever
relayed from a claimed pit). A claimed pit is never played or captured from.
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
        Key {
            name: "makes",
            describe: sentences::claim,
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
        },
        Key {
            name: "except",
            describe: sentences::none,
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
        },
        Key {
            name: "mirror",
            describe: sentences::none,
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
        },
        Key {
            name: "of",
            describe: sentences::none,
            read: |r, v| r.claim.of = v.word(),
            write: |r| r.claim.count.map(|_| one(r.claim.of)),
            what: "claimable pits",
            value: ValueKind::Word(Words::of::<ClaimOf>()),
            default: Default::Value("row"),
            warns: None,
            doc: "Which of the opponent's pits may be claimed: those of their row, or those they own.",
            example: "of owned",
            infer: Infer::OptIn,
        },
        Key {
            name: "limit",
            describe: sentences::none,
            read: |r, v| r.claim.limit = v.word(),
            write: |r| r.claim.count.map(|_| one(r.claim.limit)),
            what: "claim limit",
            value: ValueKind::Word(Words::of::<ClaimLimit>()),
            default: Default::Value("one"),
            warns: None,
            doc: "How many pits a player may claim: one, or any number.",
            example: "limit none",
            infer: Infer::OptIn,
        },
        Key {
            name: "stones",
            describe: sentences::none,
            read: |r, v| r.claim.stones = v.word(),
            write: |r| r.claim.count.map(|_| one(r.claim.stones)),
            what: "where a claimed pit's stones go",
            value: ValueKind::Word(Words::of::<ClaimStones>()),
            default: Default::Value("to_owner"),
            warns: None,
            doc: "Where the stones in and sown into a claimed pit go: to its owner at once, or kept in it until the game or round ends.",
            example: "stones kept",
            infer: Infer::OptIn,
        },
        Key {
            name: "tribute",
            describe: sentences::none,
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
        },
        Key {
            name: "tribute_first",
            describe: sentences::none,
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
        },
        Key {
            name: "tribute_then",
            describe: sentences::none,
            read: |r, v| r.claim.tribute_then = v.word(),
            write: |r| r.claim.count.and(r.claim.tribute).map(|_| one(r.claim.tribute_then)),
            what: "what follows a tribute",
            value: ValueKind::Word(Words::of::<TributeThen>()),
            default: Default::Value("end"),
            warns: None,
            doc: "What the mover does after taking a tribute: the turn ends, or they move again from any pit of theirs.",
            example: "tribute_then again",
            infer: Infer::OptIn,
        },
        Key {
            name: "by",
            describe: sentences::none,
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
        },
        Key {
            name: "pair",
            describe: sentences::none,
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
        },
    ],
};

/// A prescribed opening (South's first turn, fixed by the rules).
const OPENING: Section = Section {
    name: "opening",
    doc: "A prescribed opening: South's first turn, fixed by the rules (the stylised openings of the gabata games).",
    intro: "Without a key the game has no opening: South's first turn is a move like
any. `shifts_from N` makes South's first turn the stylised opening of
shifts that Gabata (Oromo) and Jimafesosh begin with: all the stones of
South's pit at place N (1 is `a`) go into the next pit in the sowing
direction; then all those of the pit after that one go into the pit after
it, and so on round the board, every other pit emptied into the next,
until the pit to empty next holds no stone (on an even start, back at the
first one). South then lifts the stones of the last pit filled, whichever
row it is in, and sows them as a move: laps, captures and an extra turn
as any move's. The shifts capture nothing.",
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
each_player` with it are errors (the first turn is the opening's).",
    order: None,
    repeat: None,
    keys: &[Key {
        name: "shifts_from",
        describe: sentences::opening_shifts,
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
    }],
};

/// The whole language, in canonical file order: the order `sow fmt` writes
/// and `sow language` documents.
pub const LANGUAGE: &[Entry] = &[
    Entry::Key(&NAME),
    Entry::Key(&SOURCE),
    Entry::Section(&BOARD),
    Entry::Section(&SOW),
    Entry::Section(&CAPTURE),
    Entry::Section(&LEGAL),
    Entry::Section(&END),
    Entry::Section(&ROUNDS),
    Entry::Section(&CLAIM),
    Entry::Section(&OPENING),
];

/// Capture counts are kept sorted.
fn sorted(mut counts: Vec<u8>) -> Vec<u8> {
    counts.sort_unstable();
    counts
}

/// `no_legal_move` always ends the game: it comes first, whether or not it
/// is written.
fn end_conditions(given: Vec<EndWhen>) -> Vec<EndWhen> {
    let mut conditions = vec![EndWhen::NoLegalMove];
    conditions.extend(given.into_iter().filter(|c| *c != EndWhen::NoLegalMove));
    conditions
}

/// One keyword value, as written.
fn one(value: impl std::fmt::Display) -> Vec<String> {
    vec![value.to_string()]
}

/// Directions: one word when every pit sows the same way.
fn directions(directions: &[PitDirection]) -> Vec<String> {
    match directions {
        [first, rest @ ..] if rest.iter().all(|d| d == first) => one(first),
        _ => directions.iter().map(ToString::to_string).collect(),
    }
}

/// `"text"` with `"` and `\` escaped.
pub fn quoted(text: &str) -> String {
    let mut out = String::from("\"");
    for c in text.chars() {
        if c == '"' || c == '\\' {
            out.push('\\');
        }
        out.push(c);
    }
    out.push('"');
    out
}

/// The keys written outside any section, in canonical order.
pub fn top_keys() -> impl Iterator<Item = &'static Key> + Clone {
    LANGUAGE.iter().filter_map(|e| match e {
        Entry::Key(k) => Some(*k),
        Entry::Section(_) => None,
    })
}

/// The sections, in canonical order.
pub fn sections() -> impl Iterator<Item = &'static Section> + Clone {
    LANGUAGE.iter().filter_map(|e| match e {
        Entry::Section(s) => Some(*s),
        Entry::Key(_) => None,
    })
}

/// The section named `name`.
pub fn section(name: &str) -> Option<&'static Section> {
    sections().find(|s| s.name == name)
}

/// The key `name` in `section` (`None`: the top level).
pub fn key(section_name: Option<&str>, name: &str) -> Option<&'static Key> {
    match section_name {
        None => top_keys().find(|k| k.name == name),
        Some(s) => section(s)?.keys.iter().find(|k| k.name == name),
    }
}

/// Where a top-level entry comes in canonical order (sections and top-level
/// keys share one order).
pub fn entry_rank(section_or_key: &str, is_section: bool) -> usize {
    LANGUAGE
        .iter()
        .position(|e| match e {
            Entry::Key(k) => !is_section && k.name == section_or_key,
            Entry::Section(s) => is_section && s.name == section_or_key,
        })
        .unwrap_or(LANGUAGE.len())
}

/// Where `key` comes in its scope's canonical order.
pub fn key_rank(section_name: Option<&str>, name: &str) -> usize {
    match section_name {
        None => entry_rank(name, false),
        Some(s) => section(s)
            .and_then(|s| s.keys.iter().position(|k| k.name == name))
            .unwrap_or(usize::MAX),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn all_keys() -> Vec<(Option<&'static str>, &'static Key)> {
        let mut keys: Vec<_> = top_keys().map(|k| (None, k)).collect();
        for s in sections() {
            keys.extend(s.keys.iter().map(|k| (Some(s.name), k)));
        }
        keys
    }

    #[test]
    fn defaults_and_warning_conditions_name_real_values_and_keys() {
        for (section, key) in all_keys() {
            match (key.default, key.value) {
                (Default::Value(w), ValueKind::Word(words) | ValueKind::PerPit(words))
                | (Default::Value(w), ValueKind::WordList(words)) => {
                    assert!(words.words.contains(&w), "{}: default {w}", key.name)
                }
                (Default::Value(n), ValueKind::Number { .. }) => {
                    assert!(n.parse::<u32>().is_ok(), "{}: default {n}", key.name)
                }
                (Default::SameAs(other), _) => {
                    assert!(super::key(section, other).is_some(), "{}", key.name)
                }
                (Default::Value(v), kind) => panic!("{}: default {v} for {kind:?}", key.name),
                (Default::RequiredUnless(other), _) => {
                    assert!(super::key(section, other).is_some(), "{}", key.name)
                }
                (Default::Required | Default::Absent(_), _) => {}
            }
            if let Some(Warning {
                only_if: Some(other),
                ..
            }) = key.warns
            {
                assert!(super::key(section, other).is_some(), "{}", key.name);
            }
            assert!(key.example.starts_with(key.name), "{}", key.example);
        }
    }

    /// Every declared value reads into the model and writes back as itself:
    /// a key whose `read` sets another key's field, or whose words are not
    /// its enumeration's, fails here.
    #[test]
    fn every_value_reads_into_the_model_and_writes_back() {
        let mut base = Rules::default();
        base.board.pits = 3;
        base.captures = vec![CaptureRule {
            counts: vec![2, 3],
            ..CaptureRule::default()
        }];
        base.feeding.when = FeedWhen::RowEmpty;
        base.feeding.otherwise = FeedFallback::EndGame;
        base.end.when = EndWhen::ALL.iter().map(|(_, w)| *w).collect();
        base.end.repetition = Repetition::EndGame;
        base.rounds.refill = Some(Refill::Captures);
        base.claim.count = Some(3);
        base.claim.tribute = Some(1);
        for (section, key) in all_keys() {
            let cases: Vec<(Checked, String)> = match key.value {
                ValueKind::Text => vec![(Checked::Text("T \"x\"".into()), quoted("T \"x\""))],
                ValueKind::Number { min, max } => {
                    let max = match max {
                        Bound::Fixed(n) => n,
                        Bound::Stones => MAX_STONES,
                    };
                    [min, max]
                        .map(|n| (Checked::Number(n), n.to_string()))
                        .to_vec()
                }
                ValueKind::Numbers { min, .. } => {
                    vec![(Checked::Numbers(vec![min + 1, min]), min.to_string())]
                }
                ValueKind::Word(w) => w
                    .words
                    .iter()
                    .map(|w| (Checked::Word(w), w.to_string()))
                    .collect(),
                ValueKind::WordList(w) => w
                    .words
                    .iter()
                    .map(|w| (Checked::Words(vec![w]), w.to_string()))
                    .collect(),
                ValueKind::PitCounts => {
                    vec![(Checked::Counts(vec![0, 5, 255, 1, 2, 3]), "255".to_string())]
                }
                ValueKind::PerPit(w) => w
                    .words
                    .iter()
                    .map(|w| (Checked::Words(vec![w; 3]), w.to_string()))
                    .collect(),
            };
            for (value, written) in cases {
                let mut rules = base.clone();
                (key.read)(&mut rules, value);
                let back = (key.write)(&rules).unwrap_or_default();
                // A key may leave out a value the other keys imply (as
                // `feed_gives` does `feed`'s): then reading it changed nothing.
                assert!(
                    back.contains(&written) || (back.is_empty() && rules == base),
                    "{section:?} {}: read {written}, wrote {back:?}",
                    key.name
                );
            }
        }
    }

    #[test]
    fn every_value_has_a_doc() {
        for (_, key) in all_keys() {
            if let ValueKind::Word(w) | ValueKind::WordList(w) | ValueKind::PerPit(w) = key.value {
                assert_eq!(w.words.len(), w.docs.len());
                assert!(w.pairs().all(|(_, d)| !d.is_empty()), "{}", key.name);
            }
        }
    }
}
