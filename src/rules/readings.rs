//! Readings: one variant file, several ways to read its source. A reading
//! (`reading NAME { ... }` after the base rules) holds a `why`, optionally
//! its own `source`, and overrides of the base file's settings. It is
//! resolved here, on the syntax tree, into the tree of a whole file, which
//! is then validated like any other: every diagnostic stays at its place in
//! the file (a reading's own setting at its own line and column).
//!
//! How a reading overrides the base:
//! - a top-level key it sets replaces the base's setting of that key;
//! - a section it gives is merged into the base's section of that name (and
//!   label, for a section given per item: `capture NAME`), key by key, or
//!   added when the base leaves it out;
//! - in a section whose order is meaning (`legal`), the keys it sets come
//!   after the base's other keys, in the reading's order (the key that
//!   comes first, `min_stones`, stays first).
//!
//! The resolved rules are named `NAME@READING` (the base's `name`, an `@`,
//! the reading's name), so that records and summaries say which reading
//! they were played under.

use rustc_hash::FxHashMap as HashMap;

use super::{
    artifacts,
    keyword::{expected_list, suggestion},
    schema,
    validate::{self, Loaded},
};
use crate::{
    diagnostic::{Diagnostic, Report, Source, Spanned},
    dsl::{self, Reading, Section, Setting, SyntaxTree, Value},
};

/// The language reference's entry for readings (`sow language`).
pub const REFERENCE: &str = "A file may end with named readings of its source: each a small set of
overrides of the rules above it, with the source it follows and a sentence
saying why. `NAME@READING` (or `path.variant@READING`) names one wherever a
variant is named; its rules are called `NAME@READING` in traces, records and
summaries.

```
reading awale-info {
  source \"awale.info, \\\"Modiar\\\" (Catalan)\"
  why    \"awale.info ends the game when no move can feed\"
  legal { feed cannot_move; otherwise end_game }
}
```

| key | values | default |
|---|---|---|
| `why` | a string: why the source is read this way | required |
| `source` | a string: the source this reading follows | the file's `source` |
| `artifact` | names of artifacts: what the program the reading follows does that no rule text supports | none |

Every other setting or section is an override. A top-level key replaces the
file's setting of that key; `KEY default` takes the file's setting away, as if
the file had left it out (for a setting the reading's other overrides leave
without effect, e.g. `repetition_leftovers default` beside `repetition
ignore`). A section is merged into the file's section of
that name, key by key (a section given per item, into the item of that
label: `capture last { ... }`), or added when the file leaves it out. In a
section whose order is meaning (`legal`), the keys a reading sets come after
the file's other keys, in the reading's order (`min_stones`, which comes
first, stays first). A reading has no `name`.
The resolved rules are checked as a whole file, each problem at its place
(a reading's own setting at its own line). Reading names are lowercase
letters, digits and `-`, starting with a letter; a name given twice, a key
set twice in one reading, or an unknown key is an error. `sow check FILE`
checks the file's rules and every reading; `sow describe FILE` lists the
readings and what each changes.

A reading that follows a program (Ludii's code, say) names with `artifact`
what that program's engine does that no rule text supports, from one table
of artifacts, each with what it does and the smallest position that shows
it (`origin_test`: a lap ending just past a skipped origin is tested at the
origin). An unknown name is an error. The artifacts change no rule: they
tell a replay of the program's games which games to leave out, by name.";

/// The key that says why a reading reads the source so.
pub const WHY: &str = "why";

/// The key that names the artifacts of the program a reading follows
/// (`artifact origin_test`), from the table in `artifacts`.
pub const ARTIFACT: &str = "artifact";

/// The keys of a reading itself, not of the rules: what it says about
/// itself.
const OWN_KEYS: &[&str] = &[WHY, ARTIFACT];

/// Why a reading cannot be loaded.
#[derive(Debug)]
pub enum ReadingError {
    /// The file, or the rules the reading resolves to, has errors.
    Invalid(Report),
    /// The file has no reading of that name.
    Unknown {
        /// The name asked for.
        reading: String,
        /// The file's readings, in file order.
        readings: Vec<String>,
    },
}

/// Whether `name` is a valid reading name: lowercase ASCII letters, digits
/// and `-`, starting with a letter.
pub fn valid_name(name: &str) -> bool {
    name.starts_with(|c: char| c.is_ascii_lowercase())
        && name
            .chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-')
}

/// The names of a tree's readings, in file order.
pub fn names(tree: &SyntaxTree) -> Vec<String> {
    tree.readings.iter().map(|r| r.name.node.clone()).collect()
}

/// The names of the readings of a variant file's text (none when it does
/// not parse: its errors are shown when it loads).
pub fn names_in(text: &str) -> Vec<String> {
    dsl::parse(text).map_or_else(|_| Vec::new(), |tree| names(&tree))
}

/// What a reading says about itself.
#[derive(Debug, Clone)]
pub struct About {
    /// Its name.
    pub name: String,
    /// Its own `source`, when it gives one.
    pub source: Option<String>,
    /// Why it reads the source so.
    pub why: String,
    /// The artifacts of the program it follows that it names, in its order.
    pub artifacts: Vec<String>,
}

/// What each reading of a variant file's text says about itself, in file
/// order (none when it does not parse).
pub fn about(text: &str) -> Vec<About> {
    let Ok(tree) = dsl::parse(text) else {
        return Vec::new();
    };
    (tree.readings.iter())
        .map(|r| About {
            name: r.name.node.clone(),
            source: text_of(r, "source").map(String::from),
            why: text_of(r, WHY).unwrap_or_default().to_string(),
            artifacts: artifacts_of(r),
        })
        .collect()
}

/// The artifacts a reading names (`artifact NAME ...`), as written.
pub fn artifacts_of(reading: &Reading) -> Vec<String> {
    (reading.settings.iter())
        .filter(|s| s.key.node == ARTIFACT)
        .flat_map(|s| &s.values)
        .filter_map(|v| match &v.node {
            Value::Word(word) => Some(word.clone()),
            _ => None,
        })
        .collect()
}

/// The text of a reading's own string setting (`why`, `source`), when it is
/// written as one string.
pub fn text_of<'a>(reading: &'a Reading, key: &str) -> Option<&'a str> {
    let setting = reading.settings.iter().find(|s| s.key.node == key)?;
    match setting.values.as_slice() {
        [Spanned {
            node: Value::Text(text),
            ..
        }] => Some(text),
        _ => None,
    }
}

/// Every problem of the readings' own shape: a bad or repeated name, a
/// reading without `why`, a key or section given twice in one reading, a
/// `name` (the resolved rules take theirs from the base). What the resolved
/// rules get wrong is found when they are validated.
pub fn check(tree: &SyntaxTree) -> Vec<Diagnostic> {
    let mut found = Vec::new();
    let mut seen: HashMap<&str, Spanned<()>> = HashMap::default();
    for reading in &tree.readings {
        let name = &reading.name;
        if name.node.is_empty() {
            found.push(Diagnostic::error(
                name.span,
                "a reading needs a name: `reading NAME { ... }` (lowercase letters, digits and `-`)",
            ));
        } else if !valid_name(&name.node) {
            found.push(Diagnostic::error(
                name.span,
                format!(
                    "reading name `{}`: a reading's name is lowercase letters, digits and `-`, starting with a letter (it is written after `@`: `modiar@awale-info`)",
                    name.node
                ),
            ));
        }
        if let Some(first) = seen.get(name.node.as_str()) {
            found.push(
                Diagnostic::error(name.span, format!("reading `{}` given twice", name.node))
                    .with_note(first.span, "first given here"),
            );
        } else {
            seen.insert(
                &name.node,
                Spanned {
                    span: name.span,
                    node: (),
                },
            );
        }
        check_reading(reading, &mut found);
    }
    found
}

fn check_reading(reading: &Reading, found: &mut Vec<Diagnostic>) {
    let name = &reading.name.node;
    if text_of(reading, WHY).is_none() {
        match reading.settings.iter().find(|s| s.key.node == WHY) {
            Some(setting) => found.push(Diagnostic::error(
                setting.span,
                format!("`{WHY}` takes one quoted sentence: `{WHY} \"...\"`"),
            )),
            None => found.push(Diagnostic::error(
                reading.name.span,
                format!(
                    "reading `{name}` has no `{WHY}`: say in a sentence why the source is read this way (`{WHY} \"...\"`)"
                ),
            )),
        }
    }
    for setting in reading.settings.iter().filter(|s| s.key.node == ARTIFACT) {
        check_artifacts(setting, found);
    }
    if let Some(setting) = reading.settings.iter().find(|s| s.key.node == "name") {
        found.push(Diagnostic::error(
            setting.key.span,
            format!(
                "a reading has no `name` of its own: its rules are named after the file's, `NAME@{name}`"
            ),
        ));
    }
    for setting in &reading.settings {
        let key = setting.key.node.as_str();
        if !OWN_KEYS.contains(&key) && key != "name" && schema::key(None, key).is_none() {
            let known = OWN_KEYS
                .iter()
                .copied()
                .chain(schema::top_keys().map(|k| k.name));
            found.push(Diagnostic::error(
                setting.key.span,
                format!(
                    "unknown key `{key}` in reading `{name}`, expected a section or {}{}",
                    expected_list(known.clone()),
                    suggestion(key, known)
                ),
            ));
        }
    }
    for setting in reading.settings.iter().filter(|s| is_reset(s)) {
        reset_required(None, setting, name, found);
    }
    for section in &reading.sections {
        let section_name = section.name.node.as_str();
        for setting in section.settings.iter().filter(|s| is_reset(s)) {
            reset_required(Some(section_name), setting, name, found);
        }
        let Some(declared) = schema::section(section_name) else {
            let names = schema::sections().map(|s| s.name);
            found.push(Diagnostic::error(
                section.name.span,
                format!(
                    "unknown section `{section_name}` in reading `{name}`, expected {}{}",
                    expected_list(names.clone()),
                    suggestion(section_name, names)
                ),
            ));
            continue;
        };
        for setting in &section.settings {
            let key = setting.key.node.as_str();
            if schema::key(Some(section_name), key).is_none() {
                let keys = declared.keys.iter().map(|k| k.name);
                found.push(Diagnostic::error(
                    setting.key.span,
                    format!(
                        "unknown key `{key}` in section `{section_name}` of reading `{name}`, expected {}{}",
                        expected_list(keys.clone()),
                        suggestion(key, keys)
                    ),
                ));
            }
        }
    }
    twice(&reading.settings, "", found);
    let mut sections: HashMap<(&str, Option<&str>), &Section> = HashMap::default();
    for section in &reading.sections {
        let label = section.label.as_ref().map(|l| l.node.as_str());
        let written = match label {
            Some(label) => format!("{} {label}", section.name.node),
            None => section.name.node.clone(),
        };
        match sections.get(&(section.name.node.as_str(), label)) {
            Some(first) => found.push(
                Diagnostic::error(
                    section.name.span,
                    format!("`{written}` given twice in reading `{name}`"),
                )
                .with_note(first.name.span, "first given here"),
            ),
            None => {
                sections.insert((&section.name.node, label), section);
            }
        }
        twice(&section.settings, &format!(" in `{written}`"), found);
    }
}

/// `KEY default` for a key every file must give.
fn reset_required(
    section: Option<&str>,
    setting: &Setting,
    reading: &str,
    found: &mut Vec<Diagnostic>,
) {
    let Some(key) = schema::key(section, &setting.key.node) else {
        return;
    };
    if matches!(key.default, schema::Default::Required) {
        found.push(Diagnostic::error(
            setting.span,
            format!(
                "`{} {RESET}` in reading `{reading}`: `{}` has no default, every file gives it; set it to a value instead",
                key.name, key.name
            ),
        ));
    }
}

/// Each value of an `artifact` line names an artifact of the table.
fn check_artifacts(setting: &Setting, found: &mut Vec<Diagnostic>) {
    let names = artifacts::ARTIFACTS.iter().map(|a| a.name);
    if setting.values.is_empty() {
        found.push(Diagnostic::error(
            setting.span,
            format!(
                "`{ARTIFACT}` names one or more artifacts: {}",
                expected_list(names)
            ),
        ));
        return;
    }
    for value in &setting.values {
        match &value.node {
            Value::Word(word) if artifacts::find(word).is_some() => {}
            Value::Word(word) => found.push(Diagnostic::error(
                value.span,
                format!(
                    "unknown artifact `{word}`, expected {}{}",
                    expected_list(names.clone()),
                    suggestion(word, names.clone())
                ),
            )),
            _ => found.push(Diagnostic::error(
                value.span,
                format!(
                    "`{ARTIFACT}` takes artifact names, unquoted: {}",
                    expected_list(names.clone())
                ),
            )),
        }
    }
}

/// A key set twice among `settings` (a reading sets each key once).
fn twice(settings: &[Setting], place: &str, found: &mut Vec<Diagnostic>) {
    for (i, setting) in settings.iter().enumerate() {
        let key = &setting.key.node;
        if let Some(first) = settings[..i].iter().find(|s| &s.key.node == key) {
            found.push(
                Diagnostic::error(
                    setting.key.span,
                    format!("`{key}` set twice{place} in one reading"),
                )
                .with_note(first.key.span, "first set here"),
            );
        }
    }
}

/// The tree of the whole file that reading `name` stands for: the base
/// with the reading's overrides, without readings. `None`: no such reading.
pub fn resolve(tree: &SyntaxTree, name: &str) -> Option<SyntaxTree> {
    let reading = tree.readings.iter().find(|r| r.name.node == name)?;
    let mut resolved = SyntaxTree {
        settings: tree.settings.clone(),
        sections: tree.sections.clone(),
        readings: Vec::new(),
        comments: Vec::new(),
    };
    let own = reading
        .settings
        .iter()
        .filter(|s| !OWN_KEYS.contains(&s.key.node.as_str()));
    override_settings(&mut resolved.settings, own, false);
    for section in &reading.sections {
        let label = effective_label(section);
        let base = resolved
            .sections
            .iter_mut()
            .find(|s| s.name.node == section.name.node && effective_label(s) == label);
        match base {
            Some(base) => {
                // In an ordered section the keys set come last, in the
                // reading's order; the key that comes first stays first.
                let order = schema::section(&section.name.node).and_then(|s| s.order);
                let first = order.and_then(|o| o.first).map(|(key, _)| key);
                let (first, rest): (Vec<&Setting>, Vec<&Setting>) = section
                    .settings
                    .iter()
                    .partition(|s| Some(s.key.node.as_str()) == first);
                override_settings(&mut base.settings, first.into_iter(), false);
                override_settings(&mut base.settings, rest.into_iter(), order.is_some());
            }
            None => resolved.sections.push(section.clone()),
        }
    }
    if let Some(setting) = resolved.settings.iter_mut().find(|s| s.key.node == "name") {
        if let [value] = setting.values.as_mut_slice() {
            if let Value::Text(base) = &value.node {
                value.node = Value::Text(format!("{base}@{name}"));
            }
        }
    }
    Some(resolved)
}

/// A section's label, or for a section given per item written without
/// one (an old file's `capture { }`), the label it stands for.
pub(super) fn effective_label(section: &Section) -> Option<&str> {
    section.label.as_ref().map(|l| l.node.as_str()).or_else(|| {
        schema::section(&section.name.node)
            .and_then(|s| s.repeat)
            .map(|r| r.unlabelled)
    })
}

/// The value that resets a key in a reading: `KEY default` takes the
/// base's setting of `KEY` away, as if the file had left it out.
pub const RESET: &str = "default";

/// Whether `setting` is `KEY default`.
fn is_reset(setting: &Setting) -> bool {
    matches!(setting.values.as_slice(), [value] if value.node == Value::Word(RESET.to_string()))
}

/// Each of `overrides` replaces the setting of its key in `base` (in place,
/// or when `ordered`, moved to the end in the overrides' order), or is added;
/// `KEY default` removes it.
pub(super) fn override_settings<'a>(
    base: &mut Vec<Setting>,
    overrides: impl Iterator<Item = &'a Setting>,
    ordered: bool,
) {
    for setting in overrides {
        let at = base.iter().position(|s| s.key.node == setting.key.node);
        if is_reset(setting) {
            if let Some(at) = at {
                base.remove(at);
            }
            continue;
        }
        match at {
            Some(at) if !ordered => base[at] = setting.clone(),
            Some(at) => {
                base.remove(at);
                base.push(setting.clone());
            }
            None => base.push(setting.clone()),
        }
    }
}

/// Parses and validates reading `name` of a variant file: the file's own
/// problems and those of the rules the reading resolves to, each at its
/// place (with a note naming the reading when it is not inside it).
///
/// # Errors
/// The file has errors, the resolved rules do not validate, or the file
/// has no such reading.
pub fn load(source: &Source, name: &str) -> Result<Loaded, ReadingError> {
    let report = |diagnostics| Report {
        source: source.clone(),
        diagnostics,
    };
    let tree = dsl::parse(&source.text).map_err(|d| ReadingError::Invalid(report(vec![d])))?;
    let Some(resolved) = resolve(&tree, name) else {
        return Err(ReadingError::Unknown {
            reading: name.to_string(),
            readings: names(&tree),
        });
    };
    let Some(reading) = tree.readings.iter().find(|r| r.name.node == name) else {
        unreachable!("resolve found the reading")
    };
    let with_notes = |mut report: Report| {
        for d in &mut report.diagnostics {
            let inside = reading.span.start <= d.span.start && d.span.end <= reading.span.end;
            if !inside && d.note.is_none() {
                *d = d
                    .clone()
                    .with_note(reading.name.span, format!("in reading `{name}`"));
            }
        }
        report
    };
    // The file's own problems first: the resolved rules would repeat them.
    let found = check(&tree);
    if found.iter().any(Diagnostic::is_error) {
        return Err(ReadingError::Invalid(report(found)));
    }
    match validate::validate(source, &resolved, found) {
        Ok(loaded) => Ok(Loaded {
            rules: loaded.rules,
            warnings: with_notes(loaded.warnings),
        }),
        Err(report) => Err(ReadingError::Invalid(with_notes(report))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const BASE: &str =
        "name \"T\"\nlegal {\n  min_stones 2\n  grand_slam forbidden\n  feed row_empty\n}\n";

    fn settings(tree: &SyntaxTree, section: &str) -> Vec<String> {
        tree.sections
            .iter()
            .find(|s| s.name.node == section)
            .unwrap()
            .settings
            .iter()
            .map(|s| s.key.node.clone())
            .collect()
    }

    #[test]
    fn an_ordered_section_takes_the_readings_keys_last_in_its_order() {
        let text = format!(
            "{BASE}reading r {{\n  why \"w\"\n  legal {{ feed cannot_move; grand_slam allowed }}\n}}\n"
        );
        let tree = dsl::parse(&text).unwrap();
        let resolved = resolve(&tree, "r").unwrap();
        assert_eq!(
            settings(&resolved, "legal"),
            ["min_stones", "feed", "grand_slam"]
        );
        assert!(resolve(&tree, "s").is_none());
    }

    #[test]
    fn a_key_replaces_in_place_and_a_missing_section_is_added() {
        let text = format!(
            "{BASE}sow {{ laps single; direction ccw }}\nreading r {{\n  why \"w\"\n  sow {{ laps multiple }}\n  end {{ when no_legal_move }}\n}}\n"
        );
        let tree = dsl::parse(&text).unwrap();
        let resolved = resolve(&tree, "r").unwrap();
        let sow = resolved
            .sections
            .iter()
            .find(|s| s.name.node == "sow")
            .unwrap();
        assert_eq!(sow.settings[0].key.node, "laps");
        assert_eq!(
            sow.settings[0].values[0].node,
            Value::Word("multiple".into())
        );
        assert_eq!(sow.settings[1].key.node, "direction");
        assert_eq!(settings(&resolved, "end"), ["when"]);
        assert_eq!(
            resolved.settings[0].values[0].node,
            Value::Text("T@r".into())
        );
    }

    #[test]
    fn a_key_set_to_default_drops_the_bases_setting() {
        let text =
            format!("{BASE}reading r {{\n  why \"w\"\n  legal {{ grand_slam default }}\n}}\n");
        let tree = dsl::parse(&text).unwrap();
        let resolved = resolve(&tree, "r").unwrap();
        assert_eq!(settings(&resolved, "legal"), ["min_stones", "feed"]);
    }

    #[test]
    fn an_artifact_is_named_from_the_table() {
        let text =
            format!("{BASE}reading r {{\n  why \"w\"\n  artifact origin_test origin_tset\n}}\n");
        let tree = dsl::parse(&text).unwrap();
        let found = check(&tree);
        assert_eq!(found.len(), 1, "{found:?}");
        assert!(
            found[0]
                .message
                .starts_with("unknown artifact `origin_tset`, expected `origin_test`"),
            "{}",
            found[0].message
        );
        assert!(found[0].message.contains("did you mean `origin_test`"));
        assert_eq!(&text[found[0].span.start..found[0].span.end], "origin_tset");
        assert_eq!(
            artifacts_of(&tree.readings[0]),
            ["origin_test", "origin_tset"]
        );
        let empty = format!("{BASE}reading r {{\n  why \"w\"\n  artifact\n}}\n");
        if let Ok(tree) = dsl::parse(&empty) {
            assert!(check(&tree)[0]
                .message
                .starts_with("`artifact` names one or more"));
        }
    }

    #[test]
    fn readings_do_not_nest() {
        let text = format!("{BASE}reading x {{\n  why \"w\"\n  reading y {{ }}\n}}\n");
        let tree = dsl::parse(&text).unwrap();
        let found = check(&tree);
        assert_eq!(found.len(), 1);
        assert!(
            found[0]
                .message
                .starts_with("unknown section `reading` in reading `x`"),
            "{}",
            found[0].message
        );
    }

    #[test]
    fn names_are_lowercase_words_with_dashes() {
        assert!(valid_name("awale-info"));
        assert!(valid_name("ludii2"));
        assert!(!valid_name("Awale"));
        assert!(!valid_name("awale_info"));
        assert!(!valid_name("2nd"));
    }
}
