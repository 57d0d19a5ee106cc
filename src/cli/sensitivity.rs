//! The columns `sow compare-rules` plays: the variants named, or one
//! file's rules and each of its readings (`--readings`), or one variant
//! with a key at each of its values (`--vary`): which uncertain points of
//! a description move the figures. Every column takes the `--set`
//! overrides too.

use super::error::Error;
use crate::{
    engine::AnyGame,
    rules::{
        overrides::{self, Override},
        readings,
        schema::{self, ValueKind},
    },
    variants::{self, LoadError},
};

/// What `sow compare-rules` was asked to compare.
pub(super) struct Columns<'a> {
    /// The VARIANT arguments.
    pub variants: &'a [String],
    /// One column per reading of the one variant, after its base.
    pub readings: bool,
    /// One column per value of this key of the one variant (`KEY` or
    /// `KEY=VALUES`).
    pub vary: Option<&'a str>,
    /// Overrides every column takes.
    pub set: &'a [Override],
}

/// A column to play: how it is named when names alone do not tell the
/// columns apart, and its game.
pub(super) struct Column {
    /// The variant argument, or the value tried (`sow.laps=relay`).
    pub arg: String,
    /// The variant, changed as asked.
    pub game: AnyGame,
    /// A column of `--vary`: headed by its setting alone, `(file)` added at
    /// the value the file itself gives (the variant's name, with every
    /// setting, is in the JSON and CSV).
    pub heading: Option<String>,
}

/// A value of `--vary` the file's other rules refuse.
pub(super) struct Skipped {
    /// The setting tried (`board.seeds=1`).
    pub setting: String,
    /// The first error of the rules so changed.
    pub reason: String,
}

/// `message` with, when it says a key of the file "has no effect" under
/// the value tried, how to leave that key out (`--set SECTION.KEY=default`).
fn with_reset_hint(message: &str) -> String {
    let key = message
        .strip_prefix('`')
        .and_then(|rest| rest.split_once("` has no effect"))
        .map(|(key, _)| key);
    let mut sections = schema::sections().filter(|s| s.keys.iter().any(|k| Some(k.name) == key));
    match (key, sections.next(), sections.next()) {
        (Some(key), Some(section), None) => format!(
            "{message} (add --set {}.{key}={} to leave it out)",
            section.name,
            readings::RESET
        ),
        _ => message.to_string(),
    }
}

impl Columns<'_> {
    /// The games to play, and the values of `--vary` skipped.
    ///
    /// # Errors
    /// A variant that does not load; --readings or --vary with other than
    /// one variant, or on a file without readings; a bad --vary.
    pub(super) fn games(&self) -> Result<(Vec<Column>, Vec<Skipped>), Error> {
        let one = || match self.variants {
            [one] => Ok(one.as_str()),
            _ => Err(Error::Usage(format!(
                "{} compares one variant's rules, and {} were given",
                if self.readings {
                    "--readings"
                } else {
                    "--vary"
                },
                self.variants.len()
            ))),
        };
        let load = |arg: &str, set: &[Override]| -> Result<Column, Error> {
            Ok(Column {
                arg: arg.to_string(),
                game: AnyGame::new(variants::load_with(arg, set)?.rules),
                heading: None,
            })
        };
        if self.readings {
            let variant = one()?;
            let named = variants::named(variant)?;
            if named.reading.is_some() {
                return Err(Error::Usage(format!(
                    "--readings compares a file's rules with its readings: name the file, not `{variant}`"
                )));
            }
            let names = readings::names_in(&named.source.text);
            if names.is_empty() {
                return Err(Error::Usage(format!(
                    "--readings: {variant} has no readings (`reading NAME {{ ... }}` in its file)"
                )));
            }
            let mut columns = vec![load(variant, self.set)?];
            for name in names {
                columns.push(load(&format!("{variant}@{name}"), self.set)?);
            }
            return Ok((columns, Vec::new()));
        }
        if let Some(vary) = self.vary {
            let variant = one()?;
            // The file's own value of the key (with the other overrides).
            let own = own_value(variant, self.set, vary);
            let mut columns = Vec::new();
            let mut skipped = Vec::new();
            for value in values(vary).map_err(|m| Error::Usage(format!("--vary {vary}: {m}")))? {
                let mut set = self.set.to_vec();
                set.push(value.clone());
                overrides::once_each(&set)
                    .map_err(|m| Error::Usage(format!("--vary {vary}: {m}")))?;
                match variants::load_with(variant, &set) {
                    Ok(loaded) => columns.push(Column {
                        arg: value.to_string(),
                        game: AnyGame::new(loaded.rules),
                        heading: Some(if own.as_ref() == Some(&value.values) {
                            format!("{value} (file)")
                        } else {
                            value.to_string()
                        }),
                    }),
                    Err(LoadError::SetInvalid { report, .. }) => skipped.push(Skipped {
                        setting: value.to_string(),
                        reason: report
                            .diagnostics
                            .first()
                            .map_or_else(String::new, |d| with_reset_hint(&d.message)),
                    }),
                    Err(e) => return Err(e.into()),
                }
            }
            if columns.is_empty() {
                return Err(Error::Usage(format!(
                    "--vary {vary}: the rules of {variant} allow none of the values{}",
                    skipped
                        .iter()
                        .map(|s| format!("\n  {}: {}", s.setting, s.reason))
                        .collect::<String>()
                )));
            }
            return Ok((columns, skipped));
        }
        let columns = (self.variants.iter())
            .map(|v| load(v, self.set))
            .collect::<Result<_, _>>()?;
        Ok((columns, Vec::new()))
    }
}

/// The value the file `variant` (with `set`) gives the key of `vary`, as
/// written; `None` for a key of a section given per item, whose rules the
/// file may hold several of.
fn own_value(variant: &str, set: &[Override], vary: &str) -> Option<Vec<String>> {
    let name = vary.split('=').next()?.trim();
    let (section, label, key) = overrides::find_key(name).ok()?;
    let per_item = schema::section(section).is_some_and(|s| s.repeat.is_some());
    if label.is_some() || per_item {
        return None;
    }
    (key.write)(&variants::load_with(variant, set).ok()?.rules)
}

/// The overrides `--vary` tries: `KEY` alone, every word of a keyword key;
/// `KEY=A..B`, the whole numbers A to B; `KEY=X,Y,...`, each value listed.
///
/// # Errors
/// An unknown key or value, a number key without its values, a bad range.
fn values(vary: &str) -> Result<Vec<Override>, String> {
    let (name, list) = match vary.split_once('=') {
        Some((name, list)) => (name.trim(), Some(list)),
        None => (vary.trim(), None),
    };
    let (_, _, key) = overrides::find_key(name)?;
    let written: Vec<String> = match (list, key.value) {
        (Some(list), _) => match list.split_once("..") {
            Some((from, to)) => {
                let number = |text: &str| {
                    text.trim()
                        .parse::<u32>()
                        .map_err(|_| format!("`{list}`: a range is two whole numbers, `3..6`"))
                };
                let (from, to) = (number(from)?, number(to)?);
                if from > to {
                    return Err(format!("`{list}`: the range runs from {from} down to {to}"));
                }
                (from..=to).map(|n| n.to_string()).collect()
            }
            None => list.split(',').map(|v| v.trim().to_string()).collect(),
        },
        (None, ValueKind::Word(words) | ValueKind::PerPit(words)) => {
            words.words.iter().map(|w| w.to_string()).collect()
        }
        (None, ValueKind::Number { .. }) => {
            return Err(format!(
                "`{name}` takes a number: give the values to try, as a range (`{name}=3..6`) or a list (`{name}=3,4,6`)"
            ))
        }
        (None, _) => {
            return Err(format!(
                "`{name}` takes a list: give the values to try, separated by commas, each as a file writes it (`{name}=A,A B`)"
            ))
        }
    };
    written
        .iter()
        .map(|value| overrides::parse(&format!("{name}={value}")))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn shown(vary: &str) -> Vec<String> {
        values(vary)
            .unwrap()
            .iter()
            .map(ToString::to_string)
            .collect()
    }

    #[test]
    fn a_keyword_key_varies_over_every_word() {
        assert_eq!(
            shown("sow.skip_origin"),
            ["sow.skip_origin=yes", "sow.skip_origin=no"]
        );
    }

    #[test]
    fn numbers_come_from_a_range_or_a_list() {
        assert_eq!(
            shown("board.seeds=3..5"),
            ["board.seeds=3", "board.seeds=4", "board.seeds=5"]
        );
        assert_eq!(
            shown("capture.counts=2 3,4"),
            ["capture.counts=2 3", "capture.counts=4"]
        );
        assert!(values("board.seeds")
            .unwrap_err()
            .contains("board.seeds=3..6"));
        assert!(values("board.seeds=6..3").unwrap_err().contains("down to"));
        assert!(values("capture.counts")
            .unwrap_err()
            .contains("separated by commas"));
        assert!(values("sow.laps=relay,rely")
            .unwrap_err()
            .contains("did you mean `relay`"));
    }
}
