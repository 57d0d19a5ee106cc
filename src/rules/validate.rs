//! From a syntax tree to [`Rules`], driven by the declaration
//! ([`super::schema`]): every key is looked up, checked against its value
//! kind and range (or given its declared default, with the declared
//! warning) and read into the model by its `read` function, in canonical
//! order, then every section's checks between keys
//! ([`schema::Section::checks`]) in the language's order. Every problem is
//! collected (not just the first) and carries its span.

use rustc_hash::FxHashMap as HashMap;

use super::{
    keyword::{expected_list, suggestion},
    model::*,
    notation::{parse_pit_label, pit_label},
    schema::{self, Bound, Checked, Default, Entry, Key, KeyRead, Read, ValueKind, Words},
    sections::board,
};
use crate::{
    diagnostic::{Diagnostic, Report, Source, Span, Spanned},
    dsl::{Setting, SyntaxTree, Value},
};

/// A variant file that validated, with the warnings it raised.
#[derive(Debug, Clone)]
pub struct Loaded {
    /// The rules the file describes.
    pub rules: Rules,
    /// Warnings about what the file leaves unsaid (no errors).
    pub warnings: Report,
}

/// Validates the base rules of `tree` (its readings are resolved by
/// [`super::readings`]), after the `found` diagnostics.
///
/// # Errors
/// A report with every error (and the warnings).
pub(super) fn validate(
    source: &Source,
    tree: &SyntaxTree,
    found: Vec<Diagnostic>,
) -> Result<Loaded, Report> {
    let report = |diagnostics| Report {
        source: source.clone(),
        diagnostics,
    };
    let mut validator = Validator { diagnostics: found };
    let rules = validator.rules(tree);
    match rules {
        Some(rules) if !validator.diagnostics.iter().any(Diagnostic::is_error) => Ok(Loaded {
            rules,
            warnings: report(validator.diagnostics),
        }),
        _ => Err(report(validator.diagnostics)),
    }
}

/// The rules of a syntax tree built in memory (`sow infer` builds one per
/// rule set it tries), when they validate: the checks of [`load`] without
/// the parsing, and without the messages.
pub fn rules_of_tree(tree: &SyntaxTree) -> Option<Rules> {
    let mut validator = Validator::default();
    let rules = validator.rules(tree)?;
    (!validator.diagnostics.iter().any(Diagnostic::is_error)).then_some(rules)
}

/// The settings of one section (or of the top level), by key.
#[derive(Default)]
struct Scope<'a> {
    /// The section's name (`None`: the top level).
    section: Option<&'static str>,
    /// Which of the section's items it is (0 but in a section given once
    /// per item, `capture NAME`).
    index: usize,
    /// Where the section's name is written (start of file for the top level).
    span: Span,
    found: HashMap<&'static str, &'a Setting>,
    /// A section given per item: the item's label, and whether the file left
    /// it out (an old file's `capture { }`).
    label: Option<(String, bool)>,
}

impl<'a> Scope<'a> {
    fn get(&self, key: &str) -> Option<&'a Setting> {
        self.found.get(key).copied()
    }

    /// Whether `key` is given with a valid value other than its default.
    fn given_other_than_default(&self, key: &str) -> bool {
        let Some(setting) = self.get(key) else {
            return false;
        };
        let Some(declared) = schema::key(self.section, key) else {
            return false;
        };
        match (declared.value, declared.default, setting.values.as_slice()) {
            (ValueKind::Word(words), Default::Value(default), [value]) => {
                matches!(&value.node, Value::Word(w) if w != default && words.words.contains(&w.as_str()))
            }
            _ => true,
        }
    }
}

/// The top level and every declared section (empty when not written; a
/// section given per item: one scope per item, none when not written).
struct Scopes<'a> {
    top: Scope<'a>,
    sections: HashMap<&'static str, Vec<Scope<'a>>>,
    /// The sections written in the file, with their settings.
    written: HashMap<&'static str, &'a [Setting]>,
}

/// An old file's setting that is read as a key of another section
/// ([`schema::MOVED`]), with the span of the scope it was written in.
type Relocation<'a> = (&'static schema::Moved, &'a Setting, Span);

/// The value of a range's upper end (`None`: the stones on a bad board).
fn bound(read: &Read<'_>, bound: Bound) -> Option<u32> {
    match bound {
        Bound::Fixed(n) => Some(n),
        Bound::Stones => board::stones(read),
    }
}

#[derive(Default)]
struct Validator {
    diagnostics: Vec<Diagnostic>,
}

impl Validator {
    fn error(&mut self, span: Span, message: impl Into<String>) {
        self.diagnostics.push(Diagnostic::error(span, message));
    }

    fn warn(&mut self, span: Span, message: impl Into<String>) {
        self.diagnostics.push(Diagnostic::warning(span, message));
    }

    /// The rules of `tree`, when every key read fine (errors may still come
    /// from the checks between keys).
    fn rules(&mut self, tree: &SyntaxTree) -> Option<Rules> {
        let scopes = self.scopes(tree);
        let mut read = Read::default();
        // Room for every key at once (a file is read thousands of times a
        // second by `sow infer`).
        read.keys
            .reserve(schema::sections().map(|s| s.keys.len()).sum::<usize>() + 2);
        for (name, scopes) in &scopes.sections {
            if let Some(first) = scopes.first() {
                read.section_spans.insert(name, first.span);
            }
        }
        for entry in schema::LANGUAGE {
            match entry {
                Entry::Key(key) => self.read_key(&scopes.top, key, &mut read),
                Entry::Section(section) => {
                    let scoped = scopes.sections.get(section.name);
                    for scope in scoped.map_or(&[][..], Vec::as_slice) {
                        if let (Some(repeat), Some((label, _))) = (section.repeat, &scope.label) {
                            (repeat.add)(&mut read.rules, label.clone());
                        }
                        for key in section.keys {
                            self.read_key(scope, key, &mut read);
                        }
                    }
                }
            }
        }
        for section in schema::sections() {
            if let (Some(order), Some(settings)) = (section.order, scopes.written.get(section.name))
            {
                let keys: Vec<&'static str> = settings
                    .iter()
                    .filter_map(|s| section.keys.iter().find(|k| k.name == s.key.node))
                    .map(|k| k.name)
                    .collect();
                (order.read)(&mut read.rules, &keys);
                self.check_first(section.name, order, settings);
            }
        }
        for check in schema::sections().flat_map(|s| s.checks) {
            self.diagnostics.extend(check(&read));
        }
        (read.failures == 0).then_some(read.rules)
    }

    /// The settings of the top level and of every declared section,
    /// reporting unknown sections and sections given twice.
    fn scopes<'a>(&mut self, tree: &'a SyntaxTree) -> Scopes<'a> {
        let mut moved = Vec::new();
        let top = self.scope(None, Span::default(), &tree.settings, &mut moved);
        let mut sections: HashMap<&'static str, Vec<Scope<'a>>> = HashMap::default();
        let mut written: HashMap<&'static str, &'a [Setting]> = HashMap::default();
        let mut first_seen: HashMap<(&str, Option<String>), Span> = HashMap::default();
        for section in &tree.sections {
            let name = section.name.node.as_str();
            if schema::moved_section(name) {
                self.scope_of_moved(name, section.name.span, &section.settings, &mut moved);
                continue;
            }
            let Some(declared) = schema::section(name) else {
                let names = schema::sections().map(|s| s.name);
                let message = format!(
                    "unknown section `{name}`, expected {}{}",
                    expected_list(names.clone()),
                    suggestion(name, names)
                );
                self.error(section.name.span, message);
                continue;
            };
            let known = declared.name;
            let label = match (declared.repeat, &section.label) {
                (None, Some(label)) => {
                    let message =
                        format!("section `{known}` takes no label: write `{known} {{ ... }}`");
                    self.error(label.span, message);
                    None
                }
                (None, None) => None,
                (Some(_), Some(label)) => Some((label.node.clone(), false)),
                (Some(repeat), None) => Some((repeat.unlabelled.to_string(), true)),
            };
            let seen = (known, label.as_ref().map(|(l, _)| l.clone()));
            if let Some(first) = first_seen.get(&seen) {
                let message = match &label {
                    Some((label, _)) => format!("`{known} {label}` given twice"),
                    None => format!("section `{known}` given twice"),
                };
                let d = Diagnostic::error(section.name.span, message)
                    .with_note(*first, "first given here");
                self.diagnostics.push(d);
                continue;
            }
            first_seen.insert(seen, section.name.span);
            let mut scope = self.scope(
                Some(known),
                section.name.span,
                &section.settings,
                &mut moved,
            );
            let scopes = sections.entry(known).or_default();
            scope.index = scopes.len();
            scope.label = label;
            if declared.repeat.is_some() && self.stands_for_nothing(declared, &scope) {
                continue;
            }
            scopes.push(scope);
            written.entry(known).or_insert(&section.settings);
        }
        for declared in schema::sections().filter(|s| s.repeat.is_none()) {
            sections.entry(declared.name).or_insert_with(|| {
                vec![Scope {
                    section: Some(declared.name),
                    ..Scope::default()
                }]
            });
        }
        self.relocate(moved, &mut sections, &written);
        Scopes {
            top,
            sections,
            written,
        }
    }

    /// Whether `scope`, an old file's unlabelled section of items (`capture
    /// { }`), leaves out a required key (`counts`): then it stands for no
    /// item (no captures), and each key it gives is an error.
    fn stands_for_nothing(&mut self, declared: &schema::Section, scope: &Scope<'_>) -> bool {
        if !matches!(scope.label, Some((_, true))) {
            return false;
        }
        let Some(required) = declared
            .keys
            .iter()
            .find(|k| required_here(k.default, scope) && scope.get(k.name).is_none())
        else {
            return false;
        };
        for key in declared.keys {
            if let Some(s) = scope.get(key.name) {
                let message = format!(
                    "`{}` has no effect: no {} `{}` are given",
                    key.name, declared.name, required.name
                );
                self.error(s.span, message);
            }
        }
        true
    }

    /// An ordered section's first key, when given after another key.
    fn check_first(&mut self, section: &str, order: schema::Order, settings: &[Setting]) {
        let Some((first, why)) = order.first else {
            return;
        };
        if let Some(at) = settings.iter().skip(1).find(|s| s.key.node == first) {
            self.error(
                at.key.span,
                format!("`{first}` comes first in `{section}`: {why}"),
            );
        }
    }

    /// The settings of an old section whose keys all moved (`feeding`),
    /// set aside to be read where they moved.
    fn scope_of_moved<'a>(
        &mut self,
        name: &str,
        span: Span,
        settings: &'a [Setting],
        moved: &mut Vec<Relocation<'a>>,
    ) {
        for setting in settings {
            let key = setting.key.node.as_str();
            match schema::moved(Some(name), key) {
                Some(m) => moved.push((m, setting, span)),
                None => {
                    let keys = schema::MOVED
                        .iter()
                        .filter(|m| m.from_section == Some(name))
                        .map(|m| m.from_key);
                    let message = format!(
                        "unknown key `{key}` in section `{name}`, expected {}{}",
                        expected_list(keys.clone()),
                        suggestion(key, keys)
                    );
                    self.error(setting.key.span, message);
                }
            }
        }
    }

    /// Reads old settings as the keys they moved to: into their new
    /// section's scope, unless that section is written in the file (then the
    /// old place is an error: the section's order would be ambiguous) or
    /// the key is given twice.
    fn relocate<'a>(
        &mut self,
        moved: Vec<Relocation<'a>>,
        sections: &mut HashMap<&'static str, Vec<Scope<'a>>>,
        written: &HashMap<&'static str, &'a [Setting]>,
    ) {
        for (m, setting, from_span) in moved {
            let old = match m.from_section {
                Some(section) => format!("`{section} {{ {} }}`", m.from_key),
                None => format!("`{}`", m.from_key),
            };
            let new = format!("`{} {{ {} }}`", m.to_section, m.to_key);
            if written.contains_key(m.to_section) {
                self.error(
                    setting.key.span,
                    format!(
                        "{old} is the old form of {new}: with a `{}` section, write it there",
                        m.to_section
                    ),
                );
                continue;
            }
            let Some(scope) = sections.get_mut(m.to_section).and_then(|s| s.first_mut()) else {
                continue;
            };
            if let Some(first) = scope.found.get(m.to_key) {
                let d = Diagnostic::error(setting.span, format!("{new} given twice (as {old})"))
                    .with_note(first.span, "first given here");
                self.diagnostics.push(d);
                continue;
            }
            if scope.span == Span::default() || m.to_key == "feed" {
                scope.span = from_span;
            }
            scope.found.insert(m.to_key, setting);
        }
    }

    /// Checks one key's setting (or takes its declared default) and reads
    /// it into `read.rules`; a key whose value fails a check is left out of
    /// `read.keys`.
    fn read_key<'a>(&mut self, scope: &Scope<'a>, key: &'static Key, read: &mut Read<'a>) {
        let setting = scope.get(key.name);
        let value = match setting {
            Some(setting) => self.check(setting, key, read).map(Some),
            None => self.default_value(scope, key, read),
        };
        let Some(value) = value else {
            read.failures += 1;
            return;
        };
        if let Some(value) = value.clone() {
            (key.read)(&mut read.rules, value);
        }
        read.keys.insert(
            (scope.section, scope.index, key.name),
            KeyRead { setting, value },
        );
    }

    /// The value of a key left out: its declared default (`Some(None)`
    /// for an absent rule), with the declared warning; a missing required
    /// key is an error (`None`).
    fn default_value(
        &mut self,
        scope: &Scope<'_>,
        key: &'static Key,
        read: &Read<'_>,
    ) -> Option<Option<Checked>> {
        if let Some(warning) = key.warns {
            if warning
                .only_if
                .is_none_or(|other| scope.given_other_than_default(other))
            {
                self.warn(scope.span, warning.text);
            }
        }
        let word = match key.default {
            Default::Absent(_) => return Some(None),
            Default::RequiredUnless(other) if scope.get(other).is_some() => return Some(None),
            Default::SameAs(other) => {
                return read
                    .keys
                    .get(&(scope.section, scope.index, other))
                    .map(|k| k.value.clone())
            }
            Default::Required | Default::RequiredUnless(_) => {
                let message = match scope.section {
                    None if matches!(key.value, ValueKind::Text) => format!(
                        "missing `{} \"...\"`: every variant has a {}",
                        key.name, key.what
                    ),
                    None => format!("missing `{}`: every variant has one", key.name),
                    Some(section) => match &scope.label {
                        Some((label, false)) => {
                            format!("missing `{}` in `{section} {label}`", key.name)
                        }
                        _ => format!("missing `{}` in section `{section}`", key.name),
                    },
                };
                self.error(scope.span, message);
                return None;
            }
            Default::Value(word) => word,
        };
        let checked = match key.value {
            ValueKind::Text => Checked::Text(word.to_string()),
            ValueKind::Number { .. } => Checked::Number(word.parse().ok()?),
            ValueKind::Numbers { .. } => Checked::Numbers(vec![word.parse().ok()?]),
            ValueKind::Word(_) => Checked::Word(word),
            ValueKind::WordList(_) => Checked::Words(vec![word]),
            // A bad board is reported on its own.
            ValueKind::PerPit(_) => Checked::Words(vec![word; usize::from(board::row_pits(read)?)]),
            ValueKind::PitCounts => {
                Checked::Counts(vec![word.parse().ok()?; 2 * board::side_pits(read)?])
            }
            // No key of moves has a default value.
            ValueKind::PitMoves => return None,
        };
        Some(Some(checked))
    }

    /// `setting`'s value checked against what `key` declares.
    fn check(&mut self, setting: &Setting, key: &Key, read: &Read<'_>) -> Option<Checked> {
        let what = key.what;
        match key.value {
            ValueKind::Text => self.text(setting, what).map(Checked::Text),
            ValueKind::Number { min, max } if Some(min) == bound(read, max) => {
                self.fixed_number(setting, key, min).map(Checked::Number)
            }
            ValueKind::Number { min, max } => {
                let value = self.single(setting)?;
                let max = bound(read, max).unwrap_or(MAX_STONES);
                self.number_value(value, what, min, max)
                    .map(Checked::Number)
            }
            ValueKind::Numbers { min, max } => self.numbers(setting, key, min, bound(read, max)),
            ValueKind::Word(words) => {
                let value = self.single(setting)?;
                self.keyword_value(value, what, words).map(Checked::Word)
            }
            ValueKind::WordList(words) => self.word_list(setting, key, words),
            ValueKind::PerPit(words) => self.per_pit(setting, key, words, board::row_pits(read)),
            ValueKind::PitCounts => {
                let four = read.rules.board.rows == 4;
                self.pit_counts(setting, key, board::side_pits(read), four)
            }
            ValueKind::PitMoves => self.pit_moves(setting, key, board::side_pits(read)),
        }
    }

    /// Moves between two pits of South's side, `g-k`, each pit a label of
    /// a side of `pits` pits (`None` when the board is bad, which is
    /// reported on its own); no pit emptied twice.
    fn pit_moves(&mut self, s: &Setting, key: &Key, pits: Option<usize>) -> Option<Checked> {
        if s.values.is_empty() {
            self.error(
                s.span,
                format!(
                    "`{}` needs at least one move, e.g. `{}`",
                    key.name, key.example
                ),
            );
            return None;
        }
        let pits = pits?;
        let mut moves: Vec<(u8, u8)> = Vec::new();
        let mut ok = true;
        for value in &s.values {
            let Value::Word(word) = &value.node else {
                self.error(
                    value.span,
                    format!(
                        "expected a {} (two pits of South's side, `g-k`), found a {}",
                        key.what,
                        value.node.kind()
                    ),
                );
                ok = false;
                continue;
            };
            let pit = |label: &str| parse_pit_label(label, pits).filter(|&p| p < pits);
            let parsed = word
                .split_once('-')
                .map(|(from, to)| (from, to, pit(from), pit(to)));
            let (from, to) = match parsed {
                Some((_, _, Some(from), Some(to))) => (from, to),
                Some((from, to, f, _)) => {
                    let bad = if f.is_none() { from } else { to };
                    let last = pit_label(pits - 1, pits);
                    self.error(
                        value.span,
                        format!(
                            "{} `{word}`: `{bad}` is not a pit of South's side (`a` to `{last}`)",
                            key.what
                        ),
                    );
                    ok = false;
                    continue;
                }
                None => {
                    self.error(
                        value.span,
                        format!(
                            "{} `{word}`: expected two pits of South's side joined by `-`, such as `{}`",
                            key.what, key.example.rsplit(' ').next().unwrap_or("g-k")
                        ),
                    );
                    ok = false;
                    continue;
                }
            };
            if from == to {
                self.error(
                    value.span,
                    format!(
                        "{} `{word}`: a move cannot sow into the pit it empties",
                        key.what
                    ),
                );
                ok = false;
                continue;
            }
            if moves.iter().any(|&(f, _)| usize::from(f) == from) {
                self.error(
                    value.span,
                    format!(
                        "{} `{word}`: `{}` is emptied by an earlier one",
                        key.what,
                        pit_label(from, pits)
                    ),
                );
                ok = false;
                continue;
            }
            moves.push((from as u8, to as u8));
        }
        ok.then_some(Checked::PitMoves(moves))
    }

    /// One count per pit of a side (both sides alike, each in label order:
    /// a row from its owner's left on two rows) or one per pit of the board,
    /// each 0 to 255: the counts of the whole board in notation order.
    fn pit_counts(
        &mut self,
        s: &Setting,
        key: &Key,
        pits: Option<usize>,
        four_rows: bool,
    ) -> Option<Checked> {
        let given: Vec<Option<u32>> = s
            .values
            .iter()
            .map(|value| self.number_value(value, key.what, 0, 255))
            .collect();
        let given: Vec<u8> = given
            .into_iter()
            .map(|n| n.map(|n| n as u8))
            .collect::<Option<_>>()?;
        let pits = pits?;
        if given.len() == pits {
            return Some(Checked::Counts(given.repeat(2)));
        }
        if given.len() == 2 * pits {
            return Some(Checked::Counts(given));
        }
        let (side, sides) = if four_rows {
            ("side (two rows, in label order)", "sides")
        } else {
            ("row", "rows")
        };
        self.error(
            s.span,
            format!(
                "`{}` lists {} counts: give one per pit of a {side} ({pits}, both {sides} alike) or one per pit of the board ({}, in notation order)",
                key.name,
                given.len(),
                2 * pits
            ),
        );
        None
    }

    /// A number whose range is one value (`rows 2`).
    fn fixed_number(&mut self, s: &Setting, key: &Key, only: u32) -> Option<u32> {
        let value = self.single(s)?;
        let n = self.number_value(value, key.what, 0, u32::MAX)?;
        if n != only {
            self.error(
                value.span,
                format!(
                    "{n} {what}: only {only} {what} are supported (`{key} {only}`)",
                    what = key.what,
                    key = key.name
                ),
            );
            return None;
        }
        Some(n)
    }

    /// One or more numbers, each at least `min` and at most `max` (`None`:
    /// the stones on the board, which the board section could not say), no
    /// repeats.
    fn numbers(&mut self, s: &Setting, key: &Key, min: u32, max: Option<u32>) -> Option<Checked> {
        let what = key.what;
        if s.values.is_empty() {
            self.error(
                s.span,
                format!(
                    "`{}` needs at least one number, e.g. `{}`",
                    key.name, key.example
                ),
            );
            return None;
        }
        let max = max.unwrap_or(MAX_STONES);
        let stones = matches!(
            key.value,
            ValueKind::Numbers {
                max: Bound::Stones,
                ..
            }
        );
        let mut numbers: Vec<u32> = Vec::new();
        let mut ok = true;
        for value in &s.values {
            if let (Value::Number(Err(overflow)), true) = (&value.node, stones) {
                self.error(
                    value.span,
                    format!(
                        "{what}: number {}, expected {min} to {max} (the board holds {max} stones)",
                        overflow.size()
                    ),
                );
                ok = false;
                continue;
            }
            let Some(n) = self.number_value(value, what, min, u32::MAX) else {
                ok = false;
                continue;
            };
            if n > max {
                let message = if stones {
                    format!("{what} {n} can never occur: the board holds only {max} stones")
                } else {
                    format!("{what} must be between {min} and {max}, found {n}")
                };
                self.error(value.span, message);
                ok = false;
            } else if numbers.contains(&n) {
                self.error(value.span, format!("{what} {n} given twice"));
                ok = false;
            } else {
                numbers.push(n);
            }
        }
        ok.then_some(Checked::Numbers(numbers))
    }

    /// One or more keywords, no repeats.
    fn word_list(&mut self, s: &Setting, key: &Key, words: Words) -> Option<Checked> {
        let what = key.what;
        if s.values.is_empty() {
            self.error(
                s.span,
                format!(
                    "`{}` needs at least one {what}: {}",
                    key.name,
                    expected_list(words.words.iter().copied())
                ),
            );
            return None;
        }
        let mut given: Vec<&'static str> = Vec::new();
        let mut ok = true;
        for value in &s.values {
            match self.keyword_value(value, what, words) {
                Some(w) if given.contains(&w) => {
                    self.error(value.span, format!("{what} `{w}` given twice"));
                    ok = false;
                }
                Some(w) => given.push(w),
                None => ok = false,
            }
        }
        ok.then_some(Checked::Words(given))
    }

    /// One keyword for every pit, or one per pit of a row (`pits`: `None`
    /// when the board is bad, which is reported on its own).
    fn per_pit(
        &mut self,
        s: &Setting,
        key: &Key,
        words: Words,
        pits: Option<u8>,
    ) -> Option<Checked> {
        let given: Vec<Option<&'static str>> = s
            .values
            .iter()
            .map(|value| self.keyword_value(value, key.what, words))
            .collect();
        let given: Vec<&'static str> = given.into_iter().collect::<Option<_>>()?;
        let pits = usize::from(pits?);
        match given.as_slice() {
            [] => {
                self.error(
                    s.span,
                    format!(
                        "`{}` needs a value: {}, or one per pit of a row",
                        key.name,
                        expected_list(words.words.iter().copied())
                    ),
                );
                None
            }
            [one] => Some(Checked::Words(vec![*one; pits])),
            many if many.len() == pits => Some(Checked::Words(many.to_vec())),
            many => {
                self.error(
                    s.span,
                    format!(
                        "`{}` lists {} pits, but a row has {pits}: give one {}, or one per pit from the mover's left",
                        key.name,
                        many.len(),
                        key.what
                    ),
                );
                None
            }
        }
    }

    /// Indexes the settings of one scope by key, reporting unknown keys and
    /// keys given twice.
    fn scope<'a>(
        &mut self,
        section: Option<&'static str>,
        span: Span,
        settings: &'a [Setting],
        moved: &mut Vec<Relocation<'a>>,
    ) -> Scope<'a> {
        let mut scope = Scope {
            section,
            span,
            ..Scope::default()
        };
        let keys: Vec<&'static str> = match section {
            None => schema::top_keys().map(|k| k.name).collect(),
            Some(name) => schema::section(name)
                .map(|s| s.keys.iter().map(|k| k.name).collect())
                .unwrap_or_default(),
        };
        let label = match section {
            None => "at the top level".to_string(),
            Some(name) => format!("in section `{name}`"),
        };
        for setting in settings {
            let key = setting.key.node.as_str();
            if let Some(m) = schema::moved(section, key) {
                let from = if section.is_none() {
                    setting.span
                } else {
                    span
                };
                moved.push((m, setting, from));
                continue;
            }
            let Some(known) = keys.iter().find(|k| **k == key) else {
                // A key of another place is said where it belongs (the keys
                // of this one are beside the point); any other, with this
                // place's keys.
                let message = if section.is_none() && schema::section(key).is_some() {
                    format!("unknown key `{key}` {label}: `{key}` is a section, write `{key} {{ ... }}`")
                } else if let Some(home) = home_of(key) {
                    format!("unknown key `{key}` {label}: `{key}` belongs {home}")
                } else {
                    format!(
                        "unknown key `{key}` {label}, expected {}{}",
                        expected_list(keys.iter().copied()),
                        suggestion(key, keys.iter().copied())
                    )
                };
                self.error(setting.key.span, message);
                continue;
            };
            if let Some(first) = scope.found.get(known) {
                let d = Diagnostic::error(setting.span, format!("`{known}` given twice {label}"))
                    .with_note(first.span, "first given here");
                self.diagnostics.push(d);
                continue;
            }
            scope.found.insert(known, setting);
        }
        scope
    }

    fn single<'s>(&mut self, s: &'s Setting) -> Option<&'s Spanned<Value>> {
        match s.values.as_slice() {
            [value] => Some(value),
            [] => {
                self.error(s.span, format!("`{}` needs a value", s.key.node));
                None
            }
            [_, extra, ..] => {
                self.error(extra.span, format!("`{}` takes one value", s.key.node));
                None
            }
        }
    }

    /// A keyword among `words`.
    fn keyword_value(
        &mut self,
        value: &Spanned<Value>,
        what: &str,
        words: Words,
    ) -> Option<&'static str> {
        let expected = || expected_list(words.words.iter().copied());
        let found = match &value.node {
            Value::Word(w) => w.as_str(),
            other => {
                self.error(
                    value.span,
                    format!(
                        "expected a {what} ({}), found a {}",
                        expected(),
                        other.kind()
                    ),
                );
                return None;
            }
        };
        let known = words.words.iter().find(|w| **w == found).copied();
        if known.is_none() {
            let message = format!(
                "unknown {what} `{found}`, expected {}{}",
                expected(),
                suggestion(found, words.words.iter().copied())
            );
            self.error(value.span, message);
        }
        known
    }

    fn number_value(
        &mut self,
        value: &Spanned<Value>,
        what: &str,
        min: u32,
        max: u32,
    ) -> Option<u32> {
        let n = match value.node {
            Value::Number(Ok(n)) => n,
            Value::Number(Err(overflow)) => {
                self.error(
                    value.span,
                    format!(
                        "{what}: number {}, expected {min} to {max}",
                        overflow.size()
                    ),
                );
                return None;
            }
            ref other => {
                self.error(
                    value.span,
                    format!("expected a number for {what}, found a {}", other.kind()),
                );
                return None;
            }
        };
        if n < i64::from(min) || n > i64::from(max) {
            let message = if max == u32::MAX {
                format!("{what} must be at least {min}, found {n}")
            } else {
                format!("{what} must be between {min} and {max}, found {n}")
            };
            self.error(value.span, message);
            return None;
        }
        u32::try_from(n).ok()
    }

    fn text(&mut self, s: &Setting, what: &str) -> Option<String> {
        let value = self.single(s)?;
        match &value.node {
            Value::Text(t) => match control_character(t) {
                None => Some(t.clone()),
                Some((at, c)) => {
                    // The string starts with its quote; `\"` and `\\` take two
                    // bytes in the file for one in the text.
                    let offset = value.span.start
                        + 1
                        + t[..at]
                            .chars()
                            .map(|c| c.len_utf8() + usize::from(matches!(c, '"' | '\\')))
                            .sum::<usize>();
                    self.error(
                        Span::new(offset, offset + c.len_utf8()),
                        format!(
                            "the {what} contains the control character U+{:04X}: \
                             write it in printable characters (a control character \
                             printed on a terminal can move the cursor or rewrite the screen)",
                            u32::from(c)
                        ),
                    );
                    None
                }
            },
            other => {
                self.error(
                    value.span,
                    format!(
                        "expected a quoted string for {what}, found a {}",
                        other.kind()
                    ),
                );
                None
            }
        }
    }
}

/// The first control character of `text` (tab included) and its byte
/// offset: a name or a source is printed on terminals, where such a
/// character would act instead of showing.
fn control_character(text: &str) -> Option<(usize, char)> {
    text.char_indices().find(|(_, c)| c.is_control())
}

/// Where `key` is a valid key: `at the top level`, `in section `feeding``,
/// `in section `feeding` or `end``; `None` when it is valid nowhere.
fn home_of(key: &str) -> Option<String> {
    if schema::top_keys().any(|k| k.name == key) {
        return Some("at the top level".into());
    }
    let sections: Vec<&str> = schema::sections()
        .filter(|section| section.keys.iter().any(|k| k.name == key))
        .map(|section| section.name)
        .collect();
    match sections.as_slice() {
        [] => None,
        [one] => Some(format!("in section `{one}`")),
        many => Some(format!(
            "in section {}",
            expected_list(many.iter().copied())
        )),
    }
}

/// Whether a key with this default must be given in `scope`.
fn required_here(default: Default, scope: &Scope<'_>) -> bool {
    match default {
        Default::Required => true,
        Default::RequiredUnless(other) => scope.get(other).is_none(),
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::load;

    const MINIMAL: &str =
        "name \"T\"\nboard { pits 3; seeds 7 }\nsow { start origin }\nend { repetition ignore }\n";

    fn errors(text: &str) -> Vec<String> {
        match load(&Source::new("t", text)) {
            Ok(_) => vec![],
            Err(report) => report
                .diagnostics
                .iter()
                .filter(|d| d.is_error())
                .map(|d| d.message.clone())
                .collect(),
        }
    }

    #[test]
    fn capture_rules_are_a_list_in_file_order() {
        let text = format!(
            "{MINIMAL}capture last {{ counts 2 3; side opponent; chain backward }}\ncapture facing {{ counts 1; side own; take opposite }}\n"
        );
        let r = load(&Source::new("t", &text)).unwrap().rules;
        let rules: Vec<(&str, &[u8], CaptureSide, Chain, Take)> = r
            .captures
            .iter()
            .map(|c| (c.name.as_str(), &c.counts[..], c.side, c.chain, c.take))
            .collect();
        assert_eq!(
            rules,
            [
                (
                    "last",
                    &[2, 3][..],
                    CaptureSide::Opponent,
                    Chain::Backward,
                    Take::Last
                ),
                (
                    "facing",
                    &[1][..],
                    CaptureSide::Own,
                    Chain::None,
                    Take::Opposite
                ),
            ]
        );
        // An old file's unlabelled section is the rule `last`.
        let old = format!("{MINIMAL}capture {{ counts 2 3; side opponent; chain backward }}\n");
        let r = load(&Source::new("t", &old)).unwrap().rules;
        assert_eq!(r.captures.len(), 1);
        assert_eq!(r.captures[0].name, "last");
    }

    #[test]
    fn sweeps_and_before_are_checked() {
        // A sweep is written after the rules on the last pit.
        assert_eq!(
            errors(&format!(
                "{MINIMAL}capture s {{ on sweep; counts 2; side any }}\ncapture l {{ counts 3; side any }}\n"
            )),
            ["`capture s` sweeps the board before `capture l` looks at the last pit: write the sweep after the rules on the last pit"]
        );
        assert!(errors(&format!(
            "{MINIMAL}capture l {{ counts 3; side any }}\ncapture s {{ on sweep; counts 2; side any }}\n"
        ))
        .is_empty());
        // A sweep takes the pits themselves.
        assert_eq!(
            errors(&format!(
                "{MINIMAL}capture s {{ on sweep; counts 2; side any; chain backward }}\n"
            )),
            ["`on sweep` takes the pit itself: a chain is not supported with it"]
        );
        // `before` stands in for `counts`, and goes with a stone landing.
        let r = load(&Source::new(
            "t",
            format!("{MINIMAL}capture f {{ before occupied; side own; take opposite }}\n"),
        ))
        .unwrap()
        .rules;
        assert_eq!(r.captures[0].counts, Vec::<u8>::new());
        assert_eq!(r.captures[0].before, Before::Occupied);
        assert_eq!(
            errors(&format!("{MINIMAL}capture s {{ on sweep; counts 2; before empty; side any }}\n")),
            ["`before` cannot be combined with `on sweep`: a sweep looks at what the pits hold after the sowing, not at a stone"]
        );
        assert_eq!(
            errors(&format!(
                "{}capture s {{ on relay_landing; counts 4; before occupied; side any }}\n",
                MINIMAL.replace("start origin", "start origin; laps relay")
            )),
            ["`before` cannot be combined with `on relay_landing`: a relay lands only in a pit that held stones"]
        );
        assert_eq!(
            errors(&format!("{MINIMAL}capture s {{ before occupied; side any; chain forward }}\n")),
            ["`before` cannot be combined with `chain forward`: the further pits of a chain get no stone"]
        );
        assert_eq!(
            errors(&format!(
                "{MINIMAL}capture s {{ before occupied; side any; take neighbours }}\n"
            )),
            ["`before` cannot be combined with `take neighbours`: the neighbours get no stone"]
        );
        // Neither `counts` nor `before`: the rule says nothing.
        assert_eq!(
            errors(&format!("{MINIMAL}capture s {{ side any }}\n")),
            ["missing `counts` in `capture s`"]
        );
    }

    #[test]
    fn capture_rule_errors_name_the_rule() {
        assert_eq!(
            errors(&format!(
                "{MINIMAL}capture a {{ counts 2; side any }}\ncapture a {{ counts 3; side any }}\n"
            )),
            ["`capture a` given twice"]
        );
        assert_eq!(
            errors(&format!(
                "{MINIMAL}capture {{ counts 2; side any }}\ncapture last {{ counts 3; side any }}\n"
            )),
            ["`capture last` given twice"]
        );
        assert_eq!(
            errors(&format!("{MINIMAL}capture b {{ side any }}\n")),
            ["missing `counts` in `capture b`"]
        );
        assert_eq!(
            errors(&format!("{MINIMAL}capture a {{ counts 2; side any }}\ncapture b {{ counts 1; take opposite; chain forward }}\n")),
            ["`take opposite` cannot be combined with a chain"]
        );
        assert_eq!(
            errors("name \"T\"\nboard small { pits 3; seeds 7 }\n"),
            ["section `board` takes no label: write `board { ... }`"]
        );
        assert_eq!(
            errors(&format!(
                "{MINIMAL}capture a {{ counts 2; side any; facing_counts 1 }}\n"
            )),
            ["`facing_counts` has no effect with `take last`: the facing pit is not taken"]
        );
        // The old form without counts: no captures, and nothing else to say.
        assert_eq!(
            errors(&format!("{MINIMAL}capture {{ side own }}\n")),
            ["`side` has no effect: no capture `counts` are given"]
        );
        assert!(load(&Source::new("t", format!("{MINIMAL}capture {{ }}\n")))
            .unwrap()
            .rules
            .captures
            .is_empty());
    }

    #[test]
    fn minimal_file_takes_documented_defaults_without_warnings() {
        let loaded = load(&Source::new("t", MINIMAL)).unwrap();
        assert!(loaded.warnings.diagnostics.is_empty());
        let r = loaded.rules;
        assert_eq!((r.board.pits, r.board.seeds, r.total_stones()), (3, 7, 42));
        assert_eq!(r.sowing.direction, [PitDirection::Ccw; 3]);
        assert_eq!(r.sowing.min_stones, 1);
        assert!(r.captures.is_empty());
        assert_eq!(r.grand_slam, GrandSlam::Allowed);
        assert_eq!(r.end.repetition, Repetition::Ignore);
    }

    #[test]
    fn misspelt_direction_names_the_choices() {
        let text = MINIMAL.replace("start origin", "start origin; direction cww");
        assert_eq!(
            errors(&text),
            ["unknown sowing direction `cww`, expected `ccw`, `cw` or `either` (did you mean `ccw`?)"]
        );
    }

    #[test]
    fn absurd_sizes_are_rejected() {
        assert_eq!(
            errors(&MINIMAL.replace("pits 3", "pits 0")),
            ["pits per row must be between 1 and 60, found 0"]
        );
        assert_eq!(
            errors(&MINIMAL.replace("seeds 7", "seeds 1000000000")),
            ["seeds per pit must be between 1 and 255, found 1000000000"]
        );
        assert_eq!(
            errors(&MINIMAL.replace("seeds 7", "seeds 50")),
            ["300 stones on the board (2 x 3 pits x 50 seeds): at most 255 are supported"]
        );
        // The count says the board's rows (it said "2 x" for four rows).
        assert_eq!(
            errors(&MINIMAL.replace("pits 3; seeds 7", "rows 4; pits 8; seeds 8")),
            ["256 stones on the board (4 x 8 pits x 8 seeds): at most 255 are supported"]
        );
        // Rows out of range are one error, not also "no stone on the board".
        assert_eq!(
            errors(&MINIMAL.replace("pits 3", "rows 5; pits 3")),
            ["rows must be between 2 and 4, found 5"]
        );
        assert_eq!(
            errors(&MINIMAL.replace("seeds 7", "seeds 99999999999999999999")),
            ["seeds per pit: number too large, expected 1 to 255"]
        );
    }

    #[test]
    fn impossible_capture_count_and_repeats() {
        let text = format!("{MINIMAL}capture {{ counts 2 43 2; side any }}\n");
        assert_eq!(
            errors(&text),
            [
                "capture count 43 can never occur: the board holds only 42 stones",
                "capture count 2 given twice"
            ]
        );
    }

    #[test]
    fn options_given_twice_point_at_the_first() {
        let text = MINIMAL.replace("pits 3", "pits 3; pits 4");
        let report = load(&Source::new("t", &text)).unwrap_err();
        let d = &report.diagnostics[0];
        assert_eq!(d.message, "`pits` given twice in section `board`");
        assert!(d.note.is_some());
    }

    #[test]
    fn contradictions() {
        assert_eq!(
            errors(&MINIMAL.replace("start origin", "start origin; skip_origin yes")),
            ["`skip_origin yes` contradicts `start origin`: the origin gets the first stone"]
        );
        assert_eq!(
            errors(&format!("{MINIMAL}capture {{ chain backward }}\n")),
            ["`chain` has no effect: no capture `counts` are given"]
        );
        assert_eq!(
            errors(&format!("{MINIMAL}grand_slam forbidden\n")),
            ["`grand_slam` has no effect: the variant has no captures (add `counts` in `capture`)"]
        );
        assert_eq!(
            errors(&format!(
                "{MINIMAL}capture last {{ counts 2 }}\nlegal {{ grand_slam_row emptied }}\n"
            )),
            ["`grand_slam_row` has no effect with `grand_slam allowed` (a grand slam is played as any move)"]
        );
        assert_eq!(
            errors(&format!(
                "{MINIMAL}feeding {{ when never; otherwise end_game }}\n"
            )),
            ["`otherwise` has no effect with `when never`"]
        );
    }

    #[test]
    fn a_default_that_is_another_keys_value_follows_it() {
        let text = MINIMAL.replace(
            "end { repetition ignore }",
            "end { leftovers unscored; repetition end_game }",
        );
        let rules = load(&Source::new("t", &text)).unwrap().rules;
        assert_eq!(rules.end.repetition_leftovers, Leftovers::Unscored);
        assert_eq!(rules.end.when, [EndWhen::NoLegalMove]);
    }

    #[test]
    fn a_bad_value_is_reported_once_not_again_by_the_checks_between_keys() {
        // `start` is wrong, so whether `skip_origin yes` contradicts it is
        // not known: only the bad value is reported.
        assert_eq!(
            errors(&MINIMAL.replace("start origin", "start orign; skip_origin yes")),
            ["unknown sowing start `orign`, expected `origin`, `next` or `origin_unless_single` (did you mean `origin`?)"]
        );
    }

    /// The keys of `section` as the messages list them, from the
    /// declaration.
    fn keys_of(section: &str) -> String {
        expected_list(
            schema::section(section)
                .unwrap()
                .keys
                .iter()
                .map(|k| k.name),
        )
    }

    #[test]
    fn unknown_keys_and_sections() {
        assert_eq!(
            errors(&format!("{MINIMAL}capture {{ count 2 }}\n")),
            [format!(
                "unknown key `count` in section `capture`, expected {} (did you mean `counts`?)",
                keys_of("capture")
            )]
        );
        assert!(keys_of("capture").starts_with("`on`, `counts`, `before`, "));
        assert_eq!(
            errors(&format!("{MINIMAL}bord {{ }}\n")),
            ["unknown section `bord`, expected `board`, `sow`, `capture`, `legal`, `end`, `rounds`, `claim` or `opening` (did you mean `board`?)"]
        );
    }

    #[test]
    fn keys_of_another_scope_say_where_they_belong() {
        assert_eq!(
            errors(&format!("{MINIMAL}capture {{ counts 2; side any; grand_slam forbidden }}\n")),
            ["unknown key `grand_slam` in section `capture`: `grand_slam` belongs in section `legal`"]
        );
        assert_eq!(
            errors(&MINIMAL.replace("pits 3;", "pits 3; when never;")),
            ["unknown key `when` in section `board`: `when` belongs in section `end`"]
        );
        assert_eq!(
            errors(&format!("pits 3\n{MINIMAL}")),
            ["unknown key `pits` at the top level: `pits` belongs in section `board`"]
        );
        assert_eq!(
            errors(&format!("board 3\n{MINIMAL}")),
            ["unknown key `board` at the top level: `board` is a section, write `board { ... }`"]
        );
    }

    #[test]
    fn suggestions_ignore_case() {
        assert_eq!(
            errors(&MINIMAL.replace("start origin", "start origin; direction CCW")),
            ["unknown sowing direction `CCW`, expected `ccw`, `cw` or `either` (did you mean `ccw`?)"]
        );
    }

    #[test]
    fn numbers_too_large_say_so_with_the_range() {
        assert_eq!(
            errors(&format!(
                "{MINIMAL}capture {{ counts 999999999999999999999; side any }}\n"
            )),
            ["capture count: number too large, expected 1 to 42 (the board holds 42 stones)"]
        );
        assert_eq!(
            errors(&MINIMAL.replace("pits 3", "pits -99999999999999999999")),
            ["pits per row: number too small, expected 1 to 60"]
        );
    }

    #[test]
    fn a_count_no_last_pit_can_hold_warns() {
        // 42 stones; with min_stones 3 every move puts stones in 3 pits, so
        // the last pit holds at most 40: 41 and 42 never occur, 40 may.
        let text = "name \"T\"\nboard { pits 3; seeds 7 }\nsow { start origin; min_stones 3 }\ncapture { counts 2 40 41 42; side any }\nend { repetition ignore }\n";
        let loaded = load(&Source::new("t", text)).unwrap();
        let messages: Vec<_> = loaded
            .warnings
            .diagnostics
            .iter()
            .map(|d| (d.message.as_str(), &text[d.span.start..d.span.end]))
            .collect();
        assert_eq!(
            messages,
            [
                ("capture count 41 can never occur: every move leaves stones in at least 3 pits, so the last one holds at most 40", "41"),
                ("capture count 42 can never occur: every move leaves stones in at least 3 pits, so the last one holds at most 40", "42"),
            ]
        );
    }

    #[test]
    fn unsaid_rules_warn() {
        let text = "name \"T\"\nboard { pits 3; seeds 7 }\ncapture { counts 2 }\nfeeding { when row_empty }\n";
        let loaded = load(&Source::new("t", text)).unwrap();
        let messages: Vec<_> = loaded
            .warnings
            .diagnostics
            .iter()
            .map(|d| d.message.as_str())
            .collect();
        assert_eq!(messages.len(), 4, "{messages:?}");
        assert!(messages[0].starts_with("where sowing starts is not stated"));
        assert!(messages[1].starts_with("on whose row captures happen"));
        assert!(messages[2].starts_with("what happens when no move can feed"));
        assert!(messages[3].starts_with("no rule for endless games"));
    }

    /// `legal`'s order is the file's: feeding before the grand-slam rule
    /// only when both are written so; old files keep today's order.
    #[test]
    fn legal_reads_its_order_from_the_file() {
        let with = |legal: &str| {
            let text = format!("{MINIMAL}capture {{ counts 2; side any }}\n{legal}\n");
            load(&Source::new("t", &text)).unwrap().rules
        };
        let feed_first = with("legal { feed row_empty; otherwise play_any; grand_slam forbidden }");
        assert_eq!(feed_first.restrictions, Restrictions::FEED_THEN_SLAM);
        assert_eq!(feed_first.grand_slam, GrandSlam::Forbidden);
        assert_eq!(feed_first.feeding.when, FeedWhen::RowEmpty);
        let slam_first = with("legal { grand_slam forbidden; feed row_empty; otherwise play_any }");
        assert_eq!(slam_first.restrictions, Restrictions::SLAM_THEN_FEED);
        // Where the order cannot change which moves are legal, it is today's:
        // no feeding rule, or a grand-slam rule that removes no move.
        assert_eq!(
            with("legal { feed never; grand_slam forbidden }").restrictions,
            Restrictions::SLAM_THEN_FEED
        );
        assert_eq!(
            with("legal { feed row_empty; grand_slam no_capture }").restrictions,
            Restrictions::SLAM_THEN_FEED
        );
        // One of the two left out: its place means nothing.
        assert_eq!(
            with("legal { feed row_empty }").restrictions,
            Restrictions::SLAM_THEN_FEED
        );
        // The old form is today's order, whatever the order of the file.
        let old = with("feeding { when row_empty; otherwise play_any }\ngrand_slam forbidden");
        assert_eq!(old, slam_first);
        let old_min = load(&Source::new(
            "t",
            MINIMAL.replace("start origin", "start origin; min_stones 2"),
        ))
        .unwrap()
        .rules;
        assert_eq!(old_min.sowing.min_stones, 2);
    }

    #[test]
    fn legal_and_old_forms_do_not_mix_and_min_stones_comes_first() {
        let with = |rest: &str| {
            errors(&format!(
                "{MINIMAL}capture {{ counts 2; side any }}\n{rest}\n"
            ))
        };
        assert_eq!(
            with("legal { feed row_empty }\ngrand_slam forbidden"),
            ["`grand_slam` is the old form of `legal { grand_slam }`: with a `legal` section, write it there"]
        );
        assert_eq!(
            with("legal { grand_slam forbidden }\nfeeding { when row_empty }"),
            ["`feeding { when }` is the old form of `legal { feed }`: with a `legal` section, write it there"]
        );
        assert_eq!(
            with("legal { feed row_empty; min_stones 2 }"),
            ["`min_stones` comes first in `legal`: it says which pits can be played at all, and the restrictions after it choose among those"]
        );
        assert_eq!(
            with("feeding { when row_empty; otherwise play_any; whn never }"),
            ["unknown key `whn` in section `feeding`, expected `when` or `otherwise` (did you mean `when`?)"]
        );
        assert_eq!(
            with("feeding { when never; otherwise end_game }"),
            ["`otherwise` has no effect with `when never`"]
        );
        assert_eq!(
            with("legal { feed never; otherwise end_game }"),
            ["`otherwise` has no effect with `feed never`"]
        );
    }

    /// Each way of ending is scored as `leftovers` unless the file names it;
    /// a scoring for a way the rules never end the game is an error.
    #[test]
    fn each_way_of_ending_has_its_scoring() {
        let text = format!(
            "{}legal {{ feed row_empty; otherwise end_game }}\n",
            MINIMAL.replace(
                "end { repetition ignore }",
                "end { when no_legal_move row_empty; leftovers unscored; feeding_impossible draw; repetition ignore }"
            )
        );
        let end = load(&Source::new("t", &text)).unwrap().rules.end;
        assert_eq!(end.scoring.feeding_impossible, Leftovers::Draw);
        assert_eq!(end.scoring.no_legal_move, Leftovers::Unscored);
        assert_eq!(end.scoring.row_empty, Leftovers::Unscored);
        assert_eq!(
            errors(&MINIMAL.replace("end { repetition ignore }", "end { row_empty draw; feeding_impossible draw; repetition ignore }")),
            [
                "`feeding_impossible` has no effect: the feeding rule never ends the game (`otherwise end_game`)",
                "`row_empty` has no effect: `when` does not list `row_empty`",
            ]
        );
    }

    fn rules_of(text: &str) -> Rules {
        load(&Source::new("t", text)).expect("loads").rules
    }

    #[test]
    fn start_counts_per_pit_or_per_row() {
        let board = |b: &str| MINIMAL.replace("pits 3; seeds 7", b);
        // One row's counts: both rows alike, each from its owner's left.
        let r = rules_of(&board("pits 3; start 1 0 2"));
        assert_eq!(r.start_counts(), [1, 0, 2, 1, 0, 2]);
        assert_eq!(r.total_stones(), 6);
        // The whole board in notation order (a b c A B C).
        let r = rules_of(&board("pits 3; start 1 2 3 4 5 6"));
        assert_eq!(r.start_counts(), [1, 2, 3, 4, 5, 6]);
        assert_eq!(r.total_stones(), 21);
        // `seeds N` is `start` with every count N.
        assert_eq!(rules_of(MINIMAL).start_counts(), [7; 6]);
        assert_eq!(
            errors(&board("pits 3; start 1 2")),
            ["`start` lists 2 counts: give one per pit of a row (3, both rows alike) or one per pit of the board (6, in notation order)"]
        );
        assert_eq!(
            errors(&board("pits 3; seeds 2; start 1 2 3")),
            ["`start` and `seeds` both give the start: keep one (`seeds N` is `start` with every count N)"]
        );
        assert_eq!(
            errors(&board("pits 3")),
            ["missing `seeds` in section `board` (or `start`, the count of every pit)"]
        );
        assert_eq!(
            errors(&board("pits 3; start 0 0 0")),
            ["the `start` counts put no stone on the board"]
        );
        assert_eq!(
            errors(&board("pits 3; start 100 100 100")),
            ["600 stones on the board (the `start` counts): at most 255 are supported"]
        );
        assert_eq!(
            errors(&board("pits 3; start 1 2 256")),
            ["start count must be between 0 and 255, found 256"]
        );
    }

    #[test]
    fn first_move_from_names_places_in_the_row() {
        let r = rules_of(&format!("{MINIMAL}legal {{ first_move_from 3 1 }}\n"));
        assert_eq!(r.sowing.first_move_from, [1, 3]);
        assert_eq!(
            errors(&format!("{MINIMAL}legal {{ first_move_from 4 }}\n")),
            ["`first_move_from 4`: a row has 3 pits (1 to 3)"]
        );
        assert_eq!(
            errors(&format!("{MINIMAL}legal {{ first_move_from 2; min_stones 2 }}\n")),
            ["`min_stones` comes first in `legal`: it says which pits can be played at all, and the restrictions after it choose among those"]
        );
    }

    #[test]
    fn end_numbers_need_their_conditions() {
        let end = |e: &str| MINIMAL.replace("end { repetition ignore }", e);
        let r = rules_of(&end("end { when stones_left; stones_left_at_most 1; stones_left unscored; repetition ignore }"));
        assert_eq!(r.end.stones_left_at_most, Some(1));
        assert_eq!(r.end.scoring.stones_left, Leftovers::Unscored);
        assert_eq!(r.end.scoring.no_legal_move, Leftovers::RowOwner);
        let r = rules_of(&end(
            "end { when score_reached; score_at_least 22; repetition ignore }",
        ));
        assert_eq!(r.end.score_at_least, Some(22));
        assert_eq!(
            errors(&end("end { when stones_left; repetition ignore }")),
            ["`when stones_left` needs `stones_left_at_most N` in `end`"]
        );
        assert_eq!(
            errors(&end("end { score_at_least 5; repetition ignore }")),
            ["`score_at_least` has no effect: `when` does not list `score_reached`"]
        );
        assert_eq!(
            errors(&end("end { stones_left row_owner; repetition ignore }")),
            ["`stones_left` has no effect: `when` does not list `stones_left`"]
        );
    }

    #[test]
    fn last_mover_is_allowed_with_extra_turns() {
        let kalah_like = "name \"T\"\nboard { pits 3; seeds 2; stores sown }\nsow { start next; extra_turn store }\n";
        assert!(errors(&format!(
            "{kalah_like}end {{ leftovers last_mover; repetition ignore }}\n"
        ))
        .is_empty());
        assert!(errors(
            &format!("{MINIMAL}end {{ leftovers last_mover }}\n")
                .replace("end { repetition ignore }\n", "")
        )
        .is_empty());
    }
    #[test]
    fn relay_taking_next_never_cycles_and_direction_from_board_needs_per_pit_directions() {
        let taking = MINIMAL.replace("start origin", "start origin; laps relay_taking_next");
        assert_eq!(
            errors(&taking.replace("end { repetition ignore }", "end { when relay_cycle; repetition ignore }")),
            ["`relay_cycle` has no effect with `laps relay_taking_next`: every relay lap captures, so a relay never comes back to a position"]
        );
        assert!(errors(&taking.replace(
            "end { repetition ignore }",
            "end { when stones_left; stones_left_at_most 1; test_after lap; repetition ignore }"
        ))
        .is_empty());
        assert_eq!(
            errors(&MINIMAL.replace("start origin", "start origin; direction_from board")),
            ["`direction_from board` has no effect: every pit sows the same way (give `direction` one value per pit)"]
        );
        assert!(errors(&MINIMAL.replace(
            "start origin",
            "direction cw ccw ccw; direction_from board; start origin"
        ))
        .is_empty());
    }

    #[test]
    fn lap_rules_need_relays_and_the_feeding_requirement_a_feeding_rule() {
        let end = |e: &str| MINIMAL.replace("end { repetition ignore }", e);
        assert_eq!(
            errors(&end("end { when relay_cycle; test_after lap; repetition ignore }")),
            [
                "`relay_cycle` has no effect with `laps single`: a move has one lap",
                "`test_after lap` has no effect with `laps single`: a move has one lap",
                "`test_after lap` has no effect: `when` lists no condition a lap can bring about (`row_empty`, `all_pits_at_most_one`, `captured_majority`, `stones_left`, `inner_row_empty`, `own_pits_empty`, `either_cannot_move`)",
            ]
        );
        let relay = |e: &str| end(e).replace("start origin", "start origin; laps relay");
        assert_eq!(
            errors(&relay("end { when relay_cycle; test_after lap; repetition ignore }")),
            ["`test_after lap` has no effect: `when` lists no condition a lap can bring about (`row_empty`, `all_pits_at_most_one`, `captured_majority`, `stones_left`, `inner_row_empty`, `own_pits_empty`, `either_cannot_move`)"]
        );
        // `lap_moves` tests the moves left after each lap: it needs
        // `neither_can_move`, whose end it tests.
        assert_eq!(
            errors(&relay("end { when row_empty; test_after lap_moves; repetition ignore }")),
            ["`test_after lap_moves` tests after each lap what `test_after lap` tests and whether neither player can move: it needs `neither_can_move` in `when`"]
        );
        assert!(errors(&relay(
            "end { when neither_can_move; test_after lap_moves; repetition ignore }"
        ))
        .is_empty());
        assert_eq!(
            errors(&end(
                "end { when neither_can_move; test_after lap_moves; repetition ignore }"
            )),
            ["`test_after lap_moves` has no effect with `laps single`: a move has one lap"]
        );
        let rules = load(&Source::new(
            "t",
            relay("end { when row_empty relay_cycle; relay_cycle draw; test_after lap; repetition ignore }"),
        ))
        .unwrap()
        .rules;
        assert_eq!(
            rules.end.when,
            [EndWhen::NoLegalMove, EndWhen::RowEmpty, EndWhen::RelayCycle]
        );
        assert_eq!(
            (rules.end.scoring.relay_cycle, rules.end.test_after),
            (Leftovers::Draw, EndTest::Lap)
        );
        assert_eq!(
            errors(&format!("{MINIMAL}legal {{ feed_gives reach }}\n")),
            ["`feed_gives` has no effect with `feed never`"]
        );
        // Left out, the requirement is what the trigger implies.
        let feeding = |legal: &str| {
            load(&Source::new("t", format!("{MINIMAL}legal {{ {legal} }}\n")))
                .unwrap()
                .rules
                .feeding
                .gives
        };
        assert_eq!(feeding("feed row_empty"), FeedGives::Stone);
        assert_eq!(feeding("feed cannot_move"), FeedGives::Move);
        assert_eq!(
            feeding("feed cannot_move; feed_gives reach"),
            FeedGives::Reach
        );
    }

    #[test]
    fn first_lap_feeding_is_refused_with_captures_as_stones_drop() {
        let text = |laps: &str, on: &str| {
            MINIMAL.replace("start origin", &format!("start origin; laps {laps}"))
                + &format!("capture fours {{ on {on}; counts 4; side any }}\n")
                + "legal { feed row_empty; feed_gives first_lap }\n"
        };
        let relay_every_pit = text("relay", "every_pit");
        let report = load(&Source::new("t", relay_every_pit.as_str())).unwrap_err();
        let refused: Vec<&Diagnostic> =
            report.diagnostics.iter().filter(|d| d.is_error()).collect();
        assert_eq!(
            refused.iter().map(|d| d.message.as_str()).collect::<Vec<_>>(),
            ["`feed_gives first_lap` takes a relay's first lap to capture nothing, and the capture `fours` (`on every_pit`) captures as the lap's stones drop: not supported together"]
        );
        // The message points at the requirement.
        let at = &relay_every_pit[refused[0].span.start..];
        assert!(at.starts_with("feed_gives first_lap }"), "{at}");
        // A single lap is judged with its captures, and a capture at the
        // last pit takes nothing before a relay's first lap ends.
        assert_eq!(errors(&text("single", "every_pit")), Vec::<String>::new());
        assert_eq!(errors(&text("relay", "last_pit")), Vec::<String>::new());
    }

    #[test]
    fn a_loop_test_needs_the_players_agreement() {
        let end = |e: &str| MINIMAL.replace("end { repetition ignore }", e);
        assert_eq!(
            errors(&end("end { repetition end_game; repetition_test four_moves_thrice }")),
            ["`repetition_test four_moves_thrice` is only for `repetition agree` (the players' agreement to end a repeating game)"]
        );
        let rules = load(&Source::new(
            "t",
            end("end { repetition agree; repetition_test four_moves_thrice }"),
        ))
        .unwrap()
        .rules;
        assert_eq!(rules.end.repetition_test, RepetitionTest::FourMovesThrice);
        assert_eq!(
            errors(&end(
                "end { repetition end_game; repetition_test position }"
            )),
            Vec::<String>::new()
        );
    }
}
