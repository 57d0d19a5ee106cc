//! The generic types of the language's declaration: a [`Section`] of
//! [`Key`]s and of the [`Check`]s that tie its keys to those before it, the
//! kind of value a key takes ([`ValueKind`], [`Words`]), its default and
//! warning, the value the validator hands its `read` ([`Checked`]) and what
//! a check sees of a file ([`Read`]). The sections themselves, each key
//! declared once as a named constant, are the modules of `rules/sections/`;
//! `schema` assembles them into the language.

use rustc_hash::FxHashMap as HashMap;
use serde::Serialize;

use super::{keyword::keyword_enum, model::*, Keyword};
use crate::{
    diagnostic::{Diagnostic, Span},
    dsl::Setting,
};

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
    /// The checks that tie its keys together or to keys of the sections
    /// before it, run once every key is read, in this order (the sections'
    /// checks run in the language's order). A check that reads keys of
    /// several sections belongs to the latest of them.
    #[serde(skip)]
    pub(crate) checks: &'static [Check],
}

/// A check between keys: the errors and warnings it finds in what was read.
/// Each looks only at keys that read fine, so a bad value is reported once,
/// by the validator.
pub(crate) type Check = fn(&Read<'_>) -> Vec<Diagnostic>;

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
    /// The section it is written in (`None`: the top level).
    #[serde(skip)]
    pub section: Option<&'static str>,
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
    /// Moves between two pits of South's side, as places in label order (0
    /// is `a`), in the order given ([`ValueKind::PitMoves`]).
    PitMoves(Vec<(u8, u8)>),
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

    /// The moves between two pits, as places of South's side.
    pub fn pit_moves(self) -> Vec<(u8, u8)> {
        match self {
            Checked::PitMoves(moves) => moves,
            other => unreachable!("a pit-moves key read {other:?}"),
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
    /// One or more moves between two pits of South's side, each written
    /// with their labels, `g-k`; no pit emptied twice.
    PitMoves,
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

/// One keyword value, as written.
pub fn one(value: impl std::fmt::Display) -> Vec<String> {
    vec![value.to_string()]
}

/// Directions: one word when every pit sows the same way.
pub fn directions(directions: &[PitDirection]) -> Vec<String> {
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

/// Capture counts are kept sorted.
pub fn sorted(mut counts: Vec<u8>) -> Vec<u8> {
    counts.sort_unstable();
    counts
}

/// Stated in another key's sentence: a key's `describe` when it says
/// nothing itself.
pub fn said_elsewhere(_: &Rules) -> Vec<String> {
    Vec::new()
}

/// A key `(section, item, name)`: section `None` is the top level; the
/// item is 0 but in a section given per item (`capture NAME`).
pub(super) type KeyId = (Option<&'static str>, usize, &'static str);

/// What the validator has read so far.
#[derive(Default)]
pub(crate) struct Read<'a> {
    /// The rules, filled in key by key from [`Rules::default`].
    pub rules: Rules,
    /// The keys whose value (given or default) passed its checks.
    pub(super) keys: HashMap<KeyId, KeyRead<'a>>,
    /// Where each section's name is written (the start of the file for a
    /// section left out).
    pub(super) section_spans: HashMap<&'static str, Span>,
    /// How many keys failed their checks (or were required and missing).
    pub(super) failures: usize,
}

/// One key that read fine.
pub(super) struct KeyRead<'a> {
    /// Where it is written, if it is.
    pub setting: Option<&'a Setting>,
    /// Its value (`None`: an absent rule).
    pub value: Option<Checked>,
}

impl<'a> Read<'a> {
    /// Whether `key` read fine (given or by default).
    pub fn valid(&self, key: &Key) -> bool {
        self.valid_in(key, 0)
    }

    /// `key`'s setting, when it is written and read fine.
    pub fn given(&self, key: &Key) -> Option<&'a Setting> {
        self.given_in(key, 0)
    }

    /// [`Read::valid`] in item `item` of a section given per item.
    pub fn valid_in(&self, key: &Key, item: usize) -> bool {
        self.keys.contains_key(&(key.section, item, key.name))
    }

    /// [`Read::given`] in item `item` of a section given per item.
    pub fn given_in(&self, key: &Key, item: usize) -> Option<&'a Setting> {
        self.keys
            .get(&(key.section, item, key.name))
            .and_then(|read| read.setting)
    }

    /// Where `section` is written (the start of the file when it is not).
    pub fn section_span(&self, section: &str) -> Span {
        self.section_spans.get(section).copied().unwrap_or_default()
    }
}
