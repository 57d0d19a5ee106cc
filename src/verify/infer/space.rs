//! The rule sets `sow infer` searches, read off the declaration
//! ([`crate::rules::schema`]): one *slot* per free choice, and the rule set of
//! an assignment of the slots, written as a variant file and loaded by the
//! language's own loader (so an assignment the language rejects is no rule
//! set).
//!
//! A key with keyword values is one slot ([`Slot::values`] its words). A
//! per-pit key (`sow direction`) is searched with one word for every pit. A
//! key that takes a list (`capture counts`, `end when`) is one slot per
//! element, `in` or `out`: such sets are learned element by element as the
//! records reach them, never enumerated as subsets. A number (`sow
//! min_stones`) takes a small range. The board's size and seeds are not
//! searched: they come from the records or the base. The keys and keyword
//! values the declaration marks opt-in ([`Infer::OptIn`],
//! [`schema::Words::opt_in`]) are searched only when `--vary` names the key.

use std::rc::Rc;

use rustc_hash::FxHashMap;

use crate::{
    diagnostic::{Span, Spanned},
    dsl::{self, Setting, SyntaxTree, Value},
    engine::{Game, Narrow, Width},
    rules::{
        self,
        schema::{self, Bound, Default, Entry, Infer, Key, ValueKind},
        write::{self, Document, Item, Line},
        Rules,
    },
};

/// Most values a single number key (`min_stones`) is tried with.
pub const NUMBER_RANGE: u32 = 4;

/// A key as written in files and in `--vary`/`--fix`: `capture.counts`,
/// `grand_slam`.
pub fn key_name(section: Option<&str>, key: &Key) -> String {
    match section {
        Some(s) => format!("{s}.{}", key.name),
        None => key.name.to_string(),
    }
}

/// One free choice of the search.
#[derive(Debug, Clone)]
pub struct Slot {
    /// The key's section (`None`: top level).
    pub section: Option<&'static str>,
    /// The key.
    pub key: &'static Key,
    /// For a list key, the element this slot decides; `None` for a whole key.
    pub element: Option<String>,
    /// The values, as written: the key's words or numbers, or `out`/`in`.
    pub values: Vec<String>,
    /// The value the search assumes until the records make the slot matter
    /// (the base's, else the declared default).
    pub default: u8,
    /// How many of `values`, from the first, the search varies: the others
    /// (the words the declaration marks opt-in, when `--vary` does not
    /// name the key) are tried only around the rule sets found, one rule at
    /// a time.
    pub searched: u8,
}

impl Slot {
    /// `capture.counts` (for every element of the list too).
    pub fn name(&self) -> String {
        key_name(self.section, self.key)
    }

    /// The slot in words: `capture.counts 4` for an element, else the key.
    pub fn label(&self) -> String {
        match &self.element {
            Some(e) => format!("{} {e}", self.name()),
            None => self.name(),
        }
    }
}

/// The search space: a base rule set, keys pinned to values, and the slots.
#[derive(Debug)]
pub struct Space {
    /// The rule set around which the search runs; keys not free keep its values.
    pub base: Rules,
    /// Keys pinned by `--fix`: `(section, key, values as written)`.
    pub fixed: Vec<(Option<&'static str>, &'static Key, Vec<String>)>,
    /// The free choices.
    pub slots: Vec<Slot>,
    /// Every key in file order, and where its value comes from.
    plan: Vec<(Option<&'static str>, &'static Key, From)>,
    games: FxHashMap<Vec<u8>, Option<Rc<Game>>>,
    /// Rule sets compiled so far (the cache is emptied when full).
    compiled: usize,
    /// Stones the compiled games' tables must cover ([`Space::make_room`]).
    room: u32,
}

/// Where [`Space::settings`] takes a key's value from.
#[derive(Debug)]
enum From {
    /// Pinned by `--fix`, or not searched: these values (`None`: left out).
    Written(Option<Vec<String>>),
    /// A list key: the elements whose slots (these) are `in`.
    Elements(Vec<usize>),
    /// A whole key: this slot's value.
    Slot(usize),
}

/// Compiled rule sets kept at most: a search compiles hundreds of
/// thousands, each a few kilobytes of tables, nearly all used by one node
/// of the search only; the cache is emptied when it holds this many.
const MAX_CACHED: usize = 5_000;

/// Every key of the language, with its section, but those of `rounds`: a
/// record is one game, and `sow infer` refuses a base variant with rounds.
fn all_keys() -> Vec<(Option<&'static str>, &'static Key)> {
    let mut keys = Vec::new();
    for entry in schema::LANGUAGE {
        match entry {
            Entry::Section(s) if s.name == "rounds" => {}
            Entry::Key(k) => keys.push((None, *k)),
            Entry::Section(s) => keys.extend(s.keys.iter().map(|k| (Some(s.name), k))),
        }
    }
    keys
}

/// Whether the search leaves `key` alone: text, and the board's size and
/// start (`rows`, `pits`, `seeds`, `start`), which the records give.
/// Also left alone: the numbers that go with an end rather than make one
/// (`stones_left_at_most`, `score_at_least`), which the search does not
/// vary yet, the scoring of the two ends that need such a number
/// (`stones_left`, `score_reached`), and a sweep's `board_at_most`.
fn is_board_or_text(section: Option<&str>, key: &Key) -> bool {
    matches!(key.value, ValueKind::Text)
        || (section == Some("board")
            && matches!(key.value, ValueKind::Number { .. } | ValueKind::PitCounts))
        || matches!(
            (section, key.name),
            (
                Some("end"),
                "stones_left_at_most" | "score_at_least" | "stones_left" | "score_reached"
            ) | (Some("capture"), "board_at_most")
        )
}

/// Whether a list of places in the row (`first_move_from`) allows every
/// place when it is left out: the search then starts from the whole row,
/// every place in (whatever the base says), and a move the records show from a place puts it in
/// for good (as a capture of 4 puts 4 in `capture counts`). Started from
/// the empty list instead, trying one place in would forbid the others,
/// and two records that start from two places would put both out.
fn all_when_left_out(section: Option<&str>, key: &Key) -> bool {
    (section, key.name) == (Some("legal"), "first_move_from")
}

/// The key named `name` (`capture.counts`), if it is one the search can vary.
///
/// # Errors
/// An unknown key (with the known ones), or one the search does not vary.
pub fn find_key(name: &str) -> Result<(Option<&'static str>, &'static Key), String> {
    let known = || {
        all_keys()
            .into_iter()
            .filter(|(s, k)| !is_board_or_text(*s, k))
            .map(|(s, k)| key_name(s, k))
            .collect::<Vec<_>>()
            .join(", ")
    };
    let (section, key) = all_keys()
        .into_iter()
        .find(|(s, k)| key_name(*s, k) == name)
        .ok_or_else(|| format!("unknown rule `{name}`; the rules are: {}", known()))?;
    if is_board_or_text(section, key) {
        return Err(format!(
            "`{name}` is not searched (the board's size and seeds come from the records or --base); the rules are: {}",
            known()
        ));
    }
    Ok((section, key))
}

impl Space {
    /// The space around `base`: every key free, or only those in `vary`
    /// when it is not empty; the keys of `fix` pinned to their values.
    /// Numbers of a list key run up to the stones on `base`'s board.
    pub fn new(
        base: Rules,
        vary: &[(Option<&'static str>, &'static Key)],
        fixed: Vec<(Option<&'static str>, &'static Key, Vec<String>)>,
    ) -> Space {
        let stones = base.total_stones();
        let mut slots = Vec::new();
        for (section, key) in all_keys() {
            let same = |(s, k): &(Option<&str>, &Key)| *s == section && k.name == key.name;
            let asked = vary.iter().any(same);
            let free = !is_board_or_text(section, key)
                && (asked || (vary.is_empty() && key.infer == Infer::Searched))
                && !fixed.iter().any(|(s, k, _)| same(&(*s, k)));
            if !free {
                continue;
            }
            let current = (key.write)(&base).or_else(|| default_values(key, section, &base));
            let whole = |values: Vec<String>| {
                let default = current
                    .as_ref()
                    .and_then(|c| values.iter().position(|v| c.first() == Some(v)))
                    .unwrap_or(0) as u8;
                Slot {
                    section,
                    key,
                    element: None,
                    searched: values.len() as u8,
                    values,
                    default,
                }
            };
            let upper = |max: Bound| match max {
                Bound::Fixed(n) => n,
                Bound::Stones => stones,
            };
            match key.value {
                // A key with one value (`capture on` today) is no choice.
                ValueKind::Word(words) if words.words.len() == 1 => {}
                ValueKind::Word(words) | ValueKind::PerPit(words) => {
                    // A key whose rule may be absent (`feed_gives`) may also
                    // be left out: its first value, written as nothing.
                    let absent = matches!(key.default, Default::Absent(_)).then(String::new);
                    // The base's own value is always among them.
                    let base_value = |w: &str| {
                        current
                            .as_ref()
                            .and_then(|c| c.first())
                            .is_some_and(|c| c == w)
                    };
                    let searched = |w: &&&str| asked || base_value(w) || !words.opt_in.contains(w);
                    let values = absent
                        .into_iter()
                        .chain(words.words.iter().filter(searched).map(|w| w.to_string()));
                    let mut slot = whole(values.collect());
                    let others = words.words.iter().filter(|w| !searched(w));
                    slot.values.extend(others.map(|w| w.to_string()));
                    slots.push(slot);
                }
                ValueKind::Number { min, max } => {
                    let top = upper(max).min(min + NUMBER_RANGE - 1);
                    slots.push(whole((min..=top).map(|n| n.to_string()).collect()));
                }
                ValueKind::WordList(words) => {
                    // The first word is always in force (`no_legal_move`);
                    // the ends that need a number the search leaves alone
                    // are not tried.
                    // Nor the rare ends (`inner_row_empty`), unless asked
                    // for or the base's.
                    let base_has =
                        |w: &str| current.as_deref().is_some_and(|c| c.iter().any(|v| v == w));
                    let searched = |w: &&&str| {
                        !matches!(**w, "stones_left" | "score_reached")
                            && (asked || base_has(w) || !words.opt_in.contains(w))
                    };
                    for word in words.words.iter().skip(1).filter(searched) {
                        slots.push(element(section, key, word, current.as_deref()));
                    }
                }
                ValueKind::Numbers { min, max } => {
                    // A fixed bound is a place in the row: up to the pits.
                    let top = match max {
                        Bound::Fixed(n) => n.min(u32::from(base.board.pits)),
                        Bound::Stones => stones,
                    };
                    let all = all_when_left_out(section, key);
                    for n in min..=top {
                        let mut slot = element(section, key, &n.to_string(), current.as_deref());
                        slot.default = slot.default.max(u8::from(all));
                        slots.push(slot);
                    }
                }
                // Board keys are not searched, nor an opening's moves.
                ValueKind::Text | ValueKind::PitCounts | ValueKind::PitMoves => {}
            }
        }
        let plan = all_keys()
            .into_iter()
            .map(|(section, key)| {
                let same = |s: Option<&str>, k: &Key| s == section && k.name == key.name;
                let mine: Vec<usize> = (0..slots.len())
                    .filter(|&i| same(slots[i].section, slots[i].key))
                    .collect();
                let from = if let Some((_, _, v)) = fixed.iter().find(|(s, k, _)| same(*s, k)) {
                    From::Written(Some(v.clone()))
                } else if mine.is_empty() {
                    From::Written((key.write)(&base))
                } else if slots[mine[0]].element.is_some() {
                    From::Elements(mine)
                } else {
                    From::Slot(mine[0])
                };
                (section, key, from)
            })
            .collect();
        Space {
            base,
            fixed,
            slots,
            plan,
            games: FxHashMap::default(),
            compiled: 0,
            room: 0,
        }
    }

    /// The assignment the search starts from: every slot at its default.
    pub fn defaults(&self) -> Vec<u8> {
        self.slots.iter().map(|s| s.default).collect()
    }

    /// Rule sets in the space: the product of the slots' values.
    pub fn size(&self) -> f64 {
        self.slots.iter().map(|s| f64::from(s.searched)).product()
    }

    /// The settings of an assignment, key by key, as written in a file
    /// (`None`: the key is left out).
    pub fn settings(
        &self,
        values: &[u8],
    ) -> Vec<(Option<&'static str>, &'static Key, Vec<String>)> {
        let mut out = Vec::new();
        for (section, key, from) in &self.plan {
            let written = match from {
                From::Written(written) => written.clone(),
                From::Elements(slots) => {
                    let members = slots
                        .iter()
                        .filter(|&&i| values[i] == 1)
                        .filter_map(|&i| self.slots[i].element.clone());
                    match key.value {
                        // `end when` always holds its first word.
                        ValueKind::WordList(words) => Some(
                            std::iter::once(words.words[0].to_string())
                                .chain(members)
                                .collect(),
                        ),
                        _ => Some(members.collect()),
                    }
                }
                From::Slot(i) => {
                    let value = &self.slots[*i].values[usize::from(values[*i])];
                    Some(
                        (!value.is_empty())
                            .then(|| value.clone())
                            .into_iter()
                            .collect(),
                    )
                }
            };
            let (section, key) = (*section, *key);
            if let Some(v) = written {
                out.push((section, key, v));
            }
        }
        // Leave out what equals its default, so that options of an absent
        // rule (capture options without counts) are not written.
        let value_of = |section: Option<&str>, name: &str| {
            out.iter()
                .find(|(s, k, _)| *s == section && k.name == name)
                .map(|(_, _, v)| v.clone())
        };
        let keep: Vec<bool> = out
            .iter()
            .map(|(section, key, v)| match key.default {
                // No capture counts: no capture rule (see `Space::text`).
                Default::Required | Default::RequiredUnless(_) | Default::Absent(_) => {
                    !v.is_empty()
                }
                Default::Value(w) => v.len() != 1 || v[0] != w,
                Default::SameAs(other) => value_of(*section, other).as_ref() != Some(v),
            })
            .collect();
        out.into_iter()
            .zip(keep)
            .filter_map(|(s, k)| k.then_some(s))
            .collect()
    }

    /// The variant file of an assignment.
    pub fn text(&self, values: &[u8], header: &[String]) -> String {
        let mut doc = Document {
            header: header
                .iter()
                .map(|t| write::Comment {
                    text: t.clone(),
                    blank_before: false,
                })
                .collect(),
            blank_after_header: !header.is_empty(),
            ..Document::default()
        };
        for (section, key, v) in self.settings(values) {
            let line = Line::new(key.name, v);
            match section {
                None => doc.items.push(Item::Setting(line)),
                Some(s) => match doc.items.last_mut() {
                    Some(Item::Section(block)) if block.name == s => block.settings.push(line),
                    _ => doc.items.push(Item::Section(write::Block {
                        name: s.to_string(),
                        // The one capture rule searched is written as an
                        // old file's `capture { }` (no counts: no captures).
                        label: None,
                        before: Vec::new(),
                        after_open: None,
                        settings: vec![line],
                        end: Vec::new(),
                        after_close: None,
                        blank_before: true,
                    })),
                },
            }
        }
        write::print(&doc)
    }

    /// The variant file of an assignment the language accepts, in the
    /// canonical form `sow fmt` writes (every setting whose default would
    /// warn when left out written out), `header` as its first comments;
    /// `None` when the language rejects the assignment.
    pub fn canonical_text(&self, values: &[u8], header: &[String]) -> Option<String> {
        let rules = rules::rules_of_tree(&self.tree(values))?;
        let mut doc = write::document(&rules, false);
        doc.header = header
            .iter()
            .map(|t| write::Comment {
                text: t.clone(),
                blank_before: false,
            })
            .collect();
        doc.blank_after_header = !header.is_empty();
        Some(write::print(&doc))
    }

    /// The syntax tree of an assignment: what [`Space::text`] writes, built
    /// in memory (no file text to write and parse again).
    fn tree(&self, values: &[u8]) -> SyntaxTree {
        let mut tree = SyntaxTree::default();
        for (section, key, written) in self.settings(values) {
            let setting = Setting {
                key: spanned(key.name.to_string()),
                values: written
                    .into_iter()
                    .map(|w| spanned(value(key, w)))
                    .collect(),
                span: Span::default(),
            };
            match section {
                None => tree.settings.push(setting),
                Some(s) => match tree.sections.last_mut() {
                    Some(block) if block.name.node == s => block.settings.push(setting),
                    _ => tree.sections.push(dsl::Section {
                        name: spanned(s.to_string()),
                        label: None,
                        settings: vec![setting],
                        span: Span::default(),
                    }),
                },
            }
        }
        tree
    }

    /// The rule set of an assignment, compiled; `None` when the language
    /// rejects it (e.g. `extra_turn store` without stores), or when its
    /// board is beyond the narrow width, the only one the search plays.
    /// Cached.
    pub fn game(&mut self, values: &[u8]) -> Option<Rc<Game>> {
        if let Some(game) = self.games.get(values) {
            return game.clone();
        }
        let tree = rules::rules_of_tree(&self.tree(values));
        let game = tree.filter(Narrow::fits).map(|rules| {
            let mut game = Game::new(rules);
            game.make_room(self.room);
            Rc::new(game)
        });
        if self.games.len() >= MAX_CACHED {
            self.games.clear();
        }
        self.games.insert(values.to_vec(), game.clone());
        self.compiled += 1;
        game
    }

    /// Compiles every rule set with its tables sized for positions of up
    /// to `stones` stones ([`Game::make_room`]): the records may start from
    /// positions holding more than the board's start.
    pub fn make_room(&mut self, stones: u32) {
        if stones > self.room {
            self.room = stones;
            // The rule sets compiled with fewer are compiled again.
            self.games
                .retain(|_, game| game.as_ref().is_none_or(|game| game.covers(stones)));
        }
    }

    /// Rule sets compiled so far (one compiled again after the cache was
    /// emptied counts again).
    pub fn compiled(&self) -> usize {
        self.compiled
    }
}

fn spanned<T>(node: T) -> Spanned<T> {
    Spanned {
        span: Span::default(),
        node,
    }
}

/// A value of `key` as its `write` gives it (`"Modiar"`, `7`, `ccw`), as
/// the parser would read it.
fn value(key: &Key, written: String) -> Value {
    match key.value {
        ValueKind::Text => {
            let inner = written
                .strip_prefix('"')
                .and_then(|w| w.strip_suffix('"'))
                .unwrap_or(&written);
            let mut text = String::new();
            let mut chars = inner.chars();
            while let Some(c) = chars.next() {
                text.extend(if c == '\\' { chars.next() } else { Some(c) });
            }
            Value::Text(text)
        }
        ValueKind::Number { .. } | ValueKind::Numbers { .. } | ValueKind::PitCounts => {
            Value::Number(Ok(written.parse().unwrap_or_else(|_| {
                unreachable!("`{}` wrote {written:?}, not a number", key.name)
            })))
        }
        ValueKind::Word(_)
        | ValueKind::WordList(_)
        | ValueKind::PerPit(_)
        | ValueKind::PitMoves => Value::Word(written),
    }
}

/// An `out`/`in` slot for `element` of a list key whose current values are
/// `current`.
fn element(
    section: Option<&'static str>,
    key: &'static Key,
    element: &str,
    current: Option<&[String]>,
) -> Slot {
    let is_in = current.is_some_and(|c| c.iter().any(|v| v == element));
    Slot {
        section,
        key,
        element: Some(element.to_string()),
        values: vec!["out".into(), "in".into()],
        default: u8::from(is_in),
        searched: 2,
    }
}

/// A key's default as written, when `write` leaves it out of `base`.
fn default_values(key: &Key, section: Option<&str>, base: &Rules) -> Option<Vec<String>> {
    match key.default {
        Default::Value(w) => Some(vec![w.to_string()]),
        Default::Absent(_) => Some(Vec::new()),
        Default::SameAs(other) => schema::key(section, other).and_then(|k| (k.write)(base)),
        // A capture rule's counts, in a base without one: none.
        Default::Required | Default::RequiredUnless(_) if section == Some("capture") => {
            Some(Vec::new())
        }
        Default::Required | Default::RequiredUnless(_) => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The values the search varies of the slot named `name`.
    fn values_of(space: &Space, name: &str) -> Option<Vec<String>> {
        let slot = space.slots.iter().find(|s| s.name() == name)?;
        Some(slot.values[..usize::from(slot.searched)].to_vec())
    }

    /// The rule set built in memory is the one the file text of the same
    /// assignment loads to (or both are refused), for the base's own
    /// values, every one-rule variation of them, and assignments drawn at
    /// random.
    #[test]
    fn the_tree_loads_as_the_text_does() {
        for variant in ["modiar", "oware", "kalah"] {
            let base = crate::variants::load(variant).unwrap().rules;
            let space = Space::new(base, &[], Vec::new());
            let mut assignments = vec![space.defaults()];
            for (i, slot) in space.slots.iter().enumerate() {
                for v in 0..slot.values.len() as u8 {
                    let mut values = space.defaults();
                    values[i] = v;
                    assignments.push(values);
                }
            }
            let mut seed = 12345u64;
            for _ in 0..300 {
                let values = space
                    .slots
                    .iter()
                    .map(|slot| {
                        seed = seed
                            .wrapping_mul(6364136223846793005)
                            .wrapping_add(1442695040888963407);
                        ((seed >> 33) % slot.values.len() as u64) as u8
                    })
                    .collect();
                assignments.push(values);
            }
            let mut valid = 0;
            for values in &assignments {
                let text = space.text(values, &[]);
                let loaded = rules::load(&crate::diagnostic::Source::new("t", text.clone()));
                let built = rules::rules_of_tree(&space.tree(values));
                assert_eq!(loaded.ok().map(|l| l.rules), built, "{variant}:\n{text}");
                valid += usize::from(rules::rules_of_tree(&space.tree(values)).is_some());
            }
            // Both kinds occur: the comparison is not of refusals only.
            assert!(
                valid > 10 && valid < assignments.len(),
                "{variant}: {valid}"
            );
        }
    }

    /// The keys and values the declaration marks opt-in are searched only
    /// when `--vary` names their key.
    #[test]
    fn opt_in_keys_and_values_wait_for_vary() {
        let base = crate::variants::load("modiar").unwrap().rules;
        let all = Space::new(base.clone(), &[], Vec::new());
        assert!(values_of(&all, "capture.on").is_none());
        assert!(values_of(&all, "legal.first_lap").is_none());
        let take = values_of(&all, "capture.take").unwrap();
        assert!(take.contains(&"last".to_string()), "{take:?}");
        assert!(!take.contains(&"next".to_string()), "{take:?}");

        let asked = [
            find_key("capture.take").unwrap(),
            find_key("capture.on").unwrap(),
        ];
        let some = Space::new(base, &asked, Vec::new());
        let take = values_of(&some, "capture.take").unwrap();
        assert!(take.contains(&"next".to_string()), "{take:?}");
        assert!(values_of(&some, "capture.on").is_some());
        assert_eq!(some.slots.len(), 2);
    }
}
