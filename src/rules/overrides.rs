//! Settings changed from the command line: `--set SECTION.KEY=VALUE`. An
//! override is checked against the key's declaration when it is read
//! ([`parse`]: the key exists, each value is one of its words or a whole
//! number in its range), then applied to the file's syntax tree the way a
//! reading's overrides are ([`super::readings`]: a key replaces the file's
//! setting of that key, in a section whose order is meaning it comes
//! last), and the changed rules are validated as a whole file. The rules
//! are renamed `NAME [SECTION.KEY=VALUE, ...]`, so that every summary,
//! trace and record says the variant was changed.
//!
//! A key of a section given per item (`capture NAME`) is written
//! `capture.NAME.KEY`; `capture.KEY` names the file's one capture rule.

use super::{
    keyword::{closest, did_you_mean, expected_list},
    readings::{self, ReadingError},
    schema::{self, Bound, Key, ValueKind},
    validate::{self, Loaded},
};
use crate::{
    diagnostic::{Diagnostic, Report, Source, Span, Spanned},
    dsl::{self, Section, Setting, SyntaxTree, Value},
};

/// One `--set SECTION.KEY=VALUE`, checked against the key's declaration.
#[derive(Debug, Clone)]
pub struct Override {
    /// The key's section.
    pub section: &'static str,
    /// For a section given per item (`capture NAME`), the item named.
    pub label: Option<String>,
    /// The key.
    pub key: &'static Key,
    /// The values, as written in a file.
    pub values: Vec<String>,
}

impl Override {
    /// The key as written before `=`: `sow.skip_origin`,
    /// `capture.fours.counts`.
    pub fn name(&self) -> String {
        match &self.label {
            Some(label) => format!("{}.{label}.{}", self.section, self.key.name),
            None => format!("{}.{}", self.section, self.key.name),
        }
    }
}

/// `sow.skip_origin=no`: the override as the command line writes it.
impl std::fmt::Display for Override {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}={}", self.name(), self.values.join(" "))
    }
}

/// Every key an override can set, as written: `board.seeds`, `sow.laps`...
/// (the text keys `name` and `source` are not rules).
pub fn key_names() -> impl Iterator<Item = String> {
    schema::sections().flat_map(|s| s.keys.iter().map(move |k| format!("{}.{}", s.name, k.name)))
}

/// The key `name` (`sow.laps`, `capture.counts`, `capture.fours.counts`):
/// its section, the item it names in a section given per item, and the key.
///
/// # Errors
/// An unknown section or key, with the nearest keys.
pub fn find_key(name: &str) -> Result<(&'static str, Option<String>, &'static Key), String> {
    let unknown = || {
        let names: Vec<String> = key_names().collect();
        let near = closest(name, names.iter().map(String::as_str), 3);
        let hint = if near.is_empty() {
            "; `sow language` lists every section and key".to_string()
        } else {
            did_you_mean(&near)
        };
        format!("unknown key `{name}`{hint}")
    };
    let parts: Vec<&str> = name.split('.').collect();
    let (section, label, key) = match parts.as_slice() {
        [section, key] => (*section, None, *key),
        [section, label, key] => (*section, Some(label.to_string()), *key),
        [top] if schema::key(None, top).is_some() => {
            return Err(format!(
                "`{top}` is the file's own text, not a rule: `--set` changes the keys of a section (`sow.laps`)"
            ))
        }
        _ => return Err(unknown()),
    };
    let declared = schema::section(section).ok_or_else(unknown)?;
    if label.is_some() && declared.repeat.is_none() {
        return Err(unknown());
    }
    let key = schema::key(Some(section), key).ok_or_else(unknown)?;
    Ok((declared.name, label, key))
}

/// Whether `values`, as written after `KEY=`, are values `key` can take:
/// each a declared keyword of a keyword key, each a whole number of a
/// number key, within its range when the range does not depend on the
/// board (that is checked with the rest of the rules). A misspelt word is
/// reported here, by its option, rather than inside the rules built.
///
/// # Errors
/// The first value that is not one, with the key's words and the nearest.
pub fn check_values(name: &str, key: &Key, values: &[String]) -> Result<(), String> {
    if values.is_empty() {
        return Err(format!("`{name}=` gives no value"));
    }
    let written = || format!("`{name}={}`", values.join(" "));
    for value in values {
        match key.value {
            ValueKind::Word(w) | ValueKind::WordList(w) | ValueKind::PerPit(w) => {
                if !w.words.contains(&value.as_str()) {
                    return Err(format!(
                        "{}: unknown {} `{value}`{}; expected {}",
                        written(),
                        key.what,
                        did_you_mean(&closest(value, w.words.iter().copied(), 3)),
                        expected_list(w.words.iter().copied())
                    ));
                }
            }
            ValueKind::Number { min, max } | ValueKind::Numbers { min, max } => {
                let Ok(n) = value.parse::<u32>() else {
                    return Err(format!("{}: `{value}` is not a whole number", written()));
                };
                let top = match max {
                    Bound::Fixed(top) => Some(top),
                    Bound::Stones => None,
                };
                if n < min || top.is_some_and(|top| n > top) {
                    let range = match top {
                        Some(top) => format!("{min} to {top}"),
                        None => format!("{min} to the stones on the board"),
                    };
                    return Err(format!(
                        "{}: `{value}` is out of range: {name} takes {range}",
                        written()
                    ));
                }
            }
            ValueKind::PitCounts => {
                if value.parse::<u8>().is_err() {
                    return Err(format!(
                        "{}: `{value}` is not a number of stones (0 to 255)",
                        written()
                    ));
                }
            }
            ValueKind::PitMoves => {
                let labels = value.split_once('-');
                let is_label = |l: &str| !l.is_empty() && l.chars().all(|c| c.is_ascii_lowercase());
                if !labels.is_some_and(|(from, to)| is_label(from) && is_label(to)) {
                    return Err(format!(
                        "{}: `{value}` is not a move between two pits of South's side, such as `g-k`",
                        written()
                    ));
                }
            }
            ValueKind::Text => {}
        }
    }
    Ok(())
}

/// Reads `--set SECTION.KEY=VALUE` (values separated by spaces:
/// `capture.counts=2 3`; `KEY=default` takes the file's setting away).
///
/// # Errors
/// No `=`, an unknown key (with the nearest), a text key, or a value the key
/// does not take (with its words).
pub fn parse(arg: &str) -> Result<Override, String> {
    let (name, value) = arg
        .split_once('=')
        .ok_or_else(|| format!("`{arg}`: expected SECTION.KEY=VALUE, e.g. sow.laps=relay"))?;
    let (section, label, key) = find_key(name.trim())?;
    if matches!(key.value, ValueKind::Text) {
        return Err(format!(
            "`{name}` takes a quoted string, not a rule value: it cannot be set from the command line"
        ));
    }
    let values: Vec<String> = value.split_whitespace().map(String::from).collect();
    // `KEY=default` takes the file's setting away, as in a reading.
    if let [only] = values.as_slice() {
        if only == super::readings::RESET {
            if matches!(key.default, super::schema::Default::Required) {
                return Err(format!(
                    "`{name}={only}`: `{}` has no default, every file gives it; set it to a value",
                    key.name
                ));
            }
            return Ok(Override {
                section,
                label,
                key,
                values,
            });
        }
    }
    check_values(name.trim(), key, &values)?;
    Ok(Override {
        section,
        label,
        key,
        values,
    })
}

/// Refuses a key set twice among `overrides`.
///
/// # Errors
/// The key, and both values it was given.
pub fn once_each(overrides: &[Override]) -> Result<(), String> {
    for (i, o) in overrides.iter().enumerate() {
        if let Some(first) = overrides[..i].iter().find(|f| f.name() == o.name()) {
            return Err(format!(
                "`{}` is set twice (`{first}`, then `{o}`): set each key once",
                o.name()
            ));
        }
    }
    Ok(())
}

/// `sow.skip_origin=no, board.seeds=5`: what a changed variant's name adds.
pub fn label(overrides: &[Override]) -> String {
    overrides
        .iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join(", ")
}

/// Why the overrides give no rules.
#[derive(Debug)]
pub enum OverrideError {
    /// The file (or its reading) has errors of its own.
    File(ReadingError),
    /// An override names no place in the file (a capture rule it does not
    /// have, or one of several without its name).
    Place(String),
    /// The rules with the overrides do not validate: the validator's
    /// report, at the places of the file the overrides change.
    Invalid {
        /// The overrides, as written (`sow.laps=relay, ...`).
        set: String,
        /// What the validator says.
        report: Report,
    },
}

/// Loads `source` (its reading `reading`, if given) with `overrides`
/// applied: the file must be valid as it is; its rules then change as a
/// reading's would, and are validated again. Without overrides this is
/// the plain load.
///
/// # Errors
/// The file's own errors, an override with no place, or the changed rules'
/// errors (each marked as coming from `--set`).
pub fn load(
    source: &Source,
    reading: Option<&str>,
    overrides: &[Override],
) -> Result<Loaded, OverrideError> {
    let loaded = match reading {
        Some(name) => readings::load(source, name),
        None => super::load(source).map_err(ReadingError::Invalid),
    }
    .map_err(OverrideError::File)?;
    if overrides.is_empty() {
        return Ok(loaded);
    }
    once_each(overrides).map_err(OverrideError::Place)?;
    let tree = dsl::parse(&source.text)
        .map_err(|d| OverrideError::File(ReadingError::Invalid(report(source, vec![d]))))?;
    let tree = match reading {
        Some(name) => readings::resolve(&tree, name).unwrap_or(tree),
        None => tree,
    };
    let (tree, spans) = apply(tree, overrides).map_err(OverrideError::Place)?;
    let set = label(overrides);
    validate::validate(source, &tree, Vec::new()).map_err(|mut report| {
        for d in &mut report.diagnostics {
            if let Some((_, o)) = spans.iter().find(|(span, _)| within(d.span, *span)) {
                d.message = format!("{} (`--set {o}`)", d.message);
            }
        }
        report.diagnostics.retain(Diagnostic::is_error);
        OverrideError::Invalid { set, report }
    })
}

fn report(source: &Source, diagnostics: Vec<Diagnostic>) -> Report {
    Report {
        source: source.clone(),
        diagnostics,
    }
}

fn within(inner: Span, outer: Span) -> bool {
    outer.start <= inner.start && inner.end <= outer.end
}

/// `tree` with each override applied, renamed `NAME [overrides]`; with
/// the span each override's setting stands at (the file's setting it
/// replaces, else its section's name, else the start of the file).
///
/// # Errors
/// A capture rule the file does not have, or one of several not named.
pub fn apply(
    mut tree: SyntaxTree,
    overrides: &[Override],
) -> Result<(SyntaxTree, Vec<(Span, String)>), String> {
    let mut spans = Vec::new();
    for o in overrides {
        let declared = schema::section(o.section)
            .unwrap_or_else(|| unreachable!("an override's section is declared: {}", o.section));
        let at = section_of(&tree, o)?;
        let section = match at {
            Some(i) => &mut tree.sections[i],
            None => {
                tree.sections.push(Section {
                    name: spanned(Span::default(), o.section.to_string()),
                    label: o.label.clone().map(|l| spanned(Span::default(), l)),
                    settings: Vec::new(),
                    span: Span::default(),
                });
                tree.sections.last_mut().unwrap_or_else(|| unreachable!())
            }
        };
        let span = match section.settings.iter().find(|s| s.key.node == o.key.name) {
            Some(old) => old.span,
            None => section.name.span,
        };
        let setting = Setting {
            key: spanned(span, o.key.name.to_string()),
            values: o.values.iter().map(|v| spanned(span, value(v))).collect(),
            span,
        };
        readings::override_settings(
            &mut section.settings,
            std::iter::once(&setting),
            declared.order.is_some(),
        );
        spans.push((span, o.to_string()));
    }
    let name = tree.settings.iter_mut().find(|s| s.key.node == "name");
    if let Some([value]) = name.map(|s| s.values.as_mut_slice()) {
        if let Value::Text(base) = &value.node {
            value.node = Value::Text(format!("{base} [{}]", label(overrides)));
        }
    }
    Ok((tree, spans))
}

/// The index of the section of `tree` that `o` changes (`None`: the file
/// leaves it out, and it is added).
fn section_of(tree: &SyntaxTree, o: &Override) -> Result<Option<usize>, String> {
    let mine: Vec<usize> = (0..tree.sections.len())
        .filter(|&i| tree.sections[i].name.node == o.section)
        .collect();
    let labels = || {
        mine.iter()
            .filter_map(|&i| readings::effective_label(&tree.sections[i]))
            .collect::<Vec<_>>()
    };
    match &o.label {
        Some(label) => mine
            .iter()
            .copied()
            .find(|&i| readings::effective_label(&tree.sections[i]) == Some(label.as_str()))
            .map(Some)
            .ok_or_else(|| {
                format!(
                    "`{o}`: the file has no `{} {label}`; it has {}",
                    o.section,
                    match labels().as_slice() {
                        [] => format!("no `{}` section", o.section),
                        some => expected_list(some.iter().copied()),
                    }
                )
            }),
        None => match mine.as_slice() {
            [] => Ok(None),
            [one] => Ok(Some(*one)),
            _ => Err(format!(
                "`{o}`: the file has several `{}` sections ({}): name one, as `{}.{}.{}`",
                o.section,
                expected_list(labels().into_iter()),
                o.section,
                labels().first().copied().unwrap_or("NAME"),
                o.key.name
            )),
        },
    }
}

fn spanned<T>(span: Span, node: T) -> Spanned<T> {
    Spanned { span, node }
}

/// A value as the parser reads it: a whole number, else a word.
fn value(text: &str) -> Value {
    match text.parse::<i64>() {
        Ok(n) => Value::Number(Ok(n)),
        Err(_) => Value::Word(text.to_string()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_misspelt_key_or_word_is_refused_with_the_nearest() {
        let err = parse("sow.skip_orign=no").unwrap_err();
        assert_eq!(
            err,
            "unknown key `sow.skip_orign` (did you mean `sow.skip_origin`?)"
        );
        let err = parse("sow.laps=rely").unwrap_err();
        assert!(err.starts_with("`sow.laps=rely`: unknown "), "{err}");
        assert!(err.contains("(did you mean `relay`"), "{err}");
        assert!(parse("name=x").unwrap_err().contains("not a rule"));
        assert!(parse("sow.laps").unwrap_err().contains("SECTION.KEY=VALUE"));
    }

    #[test]
    fn a_number_out_of_its_fixed_range_is_refused() {
        let err = parse("board.rows=9").unwrap_err();
        assert!(err.contains("out of range"), "{err}");
        let seeds = parse("board.seeds=5").unwrap();
        assert_eq!(seeds.to_string(), "board.seeds=5");
    }

    #[test]
    fn default_takes_the_files_setting_away() {
        let text =
            "name \"T\"\nend {\n  repetition end_game\n  repetition_leftovers row_owner\n}\n";
        let tree = dsl::parse(text).unwrap();
        let set = [
            parse("end.repetition=ignore").unwrap(),
            parse("end.repetition_leftovers=default").unwrap(),
        ];
        let (tree, _) = apply(tree, &set).unwrap();
        let keys: Vec<&str> = tree.sections[0]
            .settings
            .iter()
            .map(|s| s.key.node.as_str())
            .collect();
        assert_eq!(keys, ["repetition"]);
        let err = parse("board.pits=default").unwrap_err();
        assert_eq!(
            err,
            "`board.pits=default`: `pits` has no default, every file gives it; set it to a value"
        );
    }

    #[test]
    fn a_key_set_twice_is_refused() {
        let twice = [
            parse("board.seeds=5").unwrap(),
            parse("board.seeds=6").unwrap(),
        ];
        assert_eq!(
            once_each(&twice).unwrap_err(),
            "`board.seeds` is set twice (`board.seeds=5`, then `board.seeds=6`): set each key once"
        );
    }

    #[test]
    fn a_setting_replaces_the_files_and_the_name_says_so() {
        let text = "name \"T\"\nsow {\n  laps single\n  direction ccw\n}\n";
        let tree = dsl::parse(text).unwrap();
        let set = [
            parse("sow.laps=relay").unwrap(),
            parse("end.when=no_legal_move").unwrap(),
        ];
        let (tree, spans) = apply(tree, &set).unwrap();
        let sow = &tree.sections[0];
        assert_eq!(sow.settings[0].key.node, "laps");
        assert_eq!(sow.settings[0].values[0].node, Value::Word("relay".into()));
        // At the place of the setting it replaces.
        assert_eq!(&text[spans[0].0.start..spans[0].0.end], "laps single");
        assert_eq!(tree.sections[1].name.node, "end");
        assert_eq!(
            tree.settings[0].values[0].node,
            Value::Text("T [sow.laps=relay, end.when=no_legal_move]".into())
        );
    }
}
