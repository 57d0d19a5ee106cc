//! Shipped variants (embedded from `variants/`) and how a VARIANT argument is
//! resolved: a shipped name, or a path to a `.variant` file.

use std::{io::Read, path::Path};

use crate::{
    diagnostic::{Report, Source},
    files::IoError,
    rules::{overrides::Override, Loaded},
};

include!(concat!(env!("OUT_DIR"), "/shipped.rs"));

/// Why a VARIANT argument gives no rules.
#[derive(Debug, thiserror::Error)]
pub enum LoadError {
    /// The argument names neither a shipped variant nor a file.
    #[error(
        "no shipped variant or file named `{name}`{}; `sow list` shows the {} shipped variants",
        name_suggestion(name, shipped),
        shipped.len()
    )]
    Unknown {
        /// The argument.
        name: String,
        /// The shipped names.
        shipped: Vec<String>,
    },
    /// The variant has no reading of that name.
    #[error(
        "{variant} has no reading `{reading}`{}",
        reading_suggestion(reading, readings)
    )]
    UnknownReading {
        /// The variant (a shipped name or a file).
        variant: String,
        /// The reading asked for.
        reading: String,
        /// The variant's readings.
        readings: Vec<String>,
    },
    /// The file cannot be read.
    #[error(transparent)]
    Read(#[from] ReadError),
    /// The file has syntax or semantic errors.
    #[error("{0}")]
    Invalid(Report),
    /// A `--set` names no place in the file, or is given twice.
    #[error("--set: {0}")]
    SetPlace(String),
    /// The rules with the `--set` overrides are not valid.
    #[error(
        "the rules with `--set {set}` are not valid:\n{}",
        report.to_string().trim_end()
    )]
    SetInvalid {
        /// The overrides, as written.
        set: String,
        /// What the validator says, at the places of the file they change.
        report: Report,
    },
}

/// Why a text file cannot be read by [`read_limited`].
#[derive(Debug, thiserror::Error)]
pub enum ReadError {
    /// Opening or reading failed, or the text is not UTF-8.
    #[error(transparent)]
    Io(#[from] IoError),
    /// The file is larger than the limit.
    #[error("{path}: larger than {} KiB: not {what}", limit / 1024)]
    TooLarge {
        /// The file.
        path: String,
        /// The limit, in bytes.
        limit: u64,
        /// What the file should have been ("a variant file").
        what: String,
    },
}

/// Most shipped names an unknown name suggests.
const MAX_SUGGESTED: usize = 3;

/// " (did you mean `modiar`?)" for a name near shipped ones: the nearest
/// few by spelling (see [`crate::rules::closest`]), or when none is near,
/// those that contain it (`gabata` suggests the Gabata variants); at most
/// [`MAX_SUGGESTED`]. A path (`variants/modiar.variant`, as the guide writes
/// it from the project folder) is matched by its file's stem.
fn name_suggestion(name: &str, shipped: &[String]) -> String {
    let path = Path::new(name);
    let stem = (name.contains(std::path::MAIN_SEPARATOR)
        || name.contains('/')
        || name.ends_with(".variant"))
    .then(|| path.file_stem().and_then(|stem| stem.to_str()))
    .flatten()
    .unwrap_or(name);
    let names = || shipped.iter().map(String::as_str);
    let mut near = crate::rules::closest(stem, names(), MAX_SUGGESTED);
    let part = stem.to_lowercase();
    if near.is_empty() && part.chars().count() >= 3 {
        for name in names().filter(|name| name.contains(&part)) {
            if near.len() == MAX_SUGGESTED {
                break;
            }
            if !near.contains(&name) {
                near.push(name);
            }
        }
    }
    crate::rules::did_you_mean(&near)
}

/// " (did you mean `awale-info`?); readings: awale-info", or "; it has no
/// readings".
fn reading_suggestion(reading: &str, readings: &[String]) -> String {
    if readings.is_empty() {
        return "; it has no readings".to_string();
    }
    let names = || readings.iter().map(String::as_str);
    let mut near = crate::rules::closest(reading, names(), MAX_SUGGESTED);
    if near.is_empty() {
        near = names()
            .filter(|name| name.contains(reading))
            .take(MAX_SUGGESTED)
            .collect();
    }
    format!(
        "{}; readings: {}",
        crate::rules::did_you_mean(&near),
        readings.join(", ")
    )
}

/// Old names that stand for a reading of a shipped variant (a variant that
/// became a reading keeps its name for the records and scripts that use it).
pub const ALIASES: &[(&str, &str)] = &[("modiar-awale-info", "modiar@awale-info")];

/// What a VARIANT argument names: a variant file (shipped or not) and,
/// after `@`, one of its readings.
#[derive(Debug, Clone)]
pub struct Named {
    /// The file.
    pub source: Source,
    /// The reading (`None`: the base rules).
    pub reading: Option<String>,
}

/// The file and the reading a VARIANT argument names: an old name in
/// [`ALIASES`] as what it stands for; a shipped name or an existing file as
/// is (a file really named `a@b.variant` opens); else `NAME@READING` or
/// `path.variant@READING`.
///
/// # Errors
/// As [`source`], for the part before `@`.
pub fn named(arg: &str) -> Result<Named, LoadError> {
    let arg = ALIASES
        .iter()
        .find(|(old, _)| *old == arg)
        .map_or(arg, |(_, new)| *new);
    if is_shipped_file(arg) || Path::new(arg).exists() {
        return Ok(Named {
            source: source(arg)?,
            reading: None,
        });
    }
    match arg.rsplit_once('@') {
        Some((file, reading)) if !file.is_empty() && !reading.is_empty() => Ok(Named {
            source: source(file)?,
            reading: Some(reading.to_string()),
        }),
        _ => Ok(Named {
            source: source(arg)?,
            reading: None,
        }),
    }
}

/// The text of a VARIANT argument as one variant file: the file's own text,
/// or for a reading, the rules it resolves to written as a whole file
/// (every setting, defaults too, without comments; loading it gives the
/// same rules).
///
/// # Errors
/// As [`load`].
pub fn text(arg: &str) -> Result<String, LoadError> {
    let named = named(arg)?;
    if named.reading.is_none() {
        return Ok(named.source.text);
    }
    let rules = load_named(&named, arg)?.rules;
    Ok(crate::rules::write::print(&crate::rules::write::document(
        &rules, true,
    )))
}

/// The names of the shipped variants, sorted.
pub fn shipped_names() -> impl Iterator<Item = &'static str> {
    SHIPPED.iter().map(|(name, _)| *name)
}

/// The names of the shipped variants whose boards fit the narrow width, the
/// width [`Game::new`](crate::engine::Game::new) compiles for: the unit tests
/// that compile every shipped variant at that width take these.
#[cfg(test)]
pub(crate) fn narrow_shipped_names() -> impl Iterator<Item = &'static str> {
    use crate::engine::{Narrow, Width};
    shipped_names().filter(|name| Narrow::fits(&load(name).unwrap().rules))
}

/// Every narrow shipped variant, then each of its readings as
/// `NAME@READING`: what the engine's tests over every rule set walk.
#[cfg(test)]
pub(crate) fn narrow_shipped_names_and_readings() -> impl Iterator<Item = String> {
    narrow_shipped_names().flat_map(|name| {
        let text = source(name).unwrap().text;
        let readings = crate::rules::readings::names_in(&text);
        std::iter::once(name.to_string())
            .chain(readings.into_iter().map(move |r| format!("{name}@{r}")))
    })
}

/// The source of a shipped variant file (by its name) or of a variant file
/// (by its path). A reading, or an old name that stands for one, is not a
/// file: [`named`] resolves those (the text alone would give the base
/// rules).
///
/// # Errors
/// The file cannot be read, or no shipped variant or file has that name.
pub fn source(arg: &str) -> Result<Source, LoadError> {
    if let Some((name, text)) = SHIPPED.iter().find(|(name, _)| *name == arg) {
        return Ok(Source::new(format!("variants/{name}.variant"), *text));
    }
    let path = Path::new(arg);
    if path.exists() {
        return Ok(Source::new(
            arg,
            read_limited(arg, MAX_FILE_BYTES, "a variant file")?,
        ));
    }
    Err(LoadError::Unknown {
        name: arg.to_string(),
        shipped: shipped_names().map(String::from).collect(),
    })
}

/// True when `arg` names a shipped variant (which a file of that name does
/// not shadow), an old name of one of its readings ([`ALIASES`]), or a
/// reading of one (`modiar@awale-info`: whether the reading exists is found
/// when it loads).
pub fn is_shipped(arg: &str) -> bool {
    is_shipped_file(arg)
        || ALIASES.iter().any(|(old, _)| *old == arg)
        || arg
            .rsplit_once('@')
            .is_some_and(|(file, _)| is_shipped_file(file))
}

/// True when `arg` is the name of a shipped variant file.
fn is_shipped_file(arg: &str) -> bool {
    shipped_names().any(|name| name == arg)
}

/// How a record names the variant `arg` so that it replays from any folder:
/// a shipped name as is; a variant file by its path relative to
/// `record_folder` (the folder the record is written to), or by its absolute
/// path when the record's place is unknown (`None`: standard output) or no
/// relative path leads there.
///
/// # Errors
/// The variant file or the record's folder cannot be found.
pub fn reference(arg: &str, record_folder: Option<&Path>) -> Result<String, IoError> {
    if is_shipped(arg) {
        return Ok(arg.to_string());
    }
    // `path.variant@READING`: the path is the file's, the reading stays.
    let (arg, reading) = match arg.rsplit_once('@') {
        Some((file, reading)) if !Path::new(arg).exists() => (file, format!("@{reading}")),
        _ => (arg, String::new()),
    };
    let canonical = |path: &Path| {
        std::fs::canonicalize(path).map_err(|source| IoError::new(path.display(), source))
    };
    let file = canonical(Path::new(arg))?;
    let Some(folder) = record_folder else {
        return Ok(format!("{}{reading}", file.display()));
    };
    let folder = canonical(if folder.as_os_str().is_empty() {
        Path::new(".")
    } else {
        folder
    })?;
    Ok(format!(
        "{}{reading}",
        relative(&file, &folder).unwrap_or(file).display()
    ))
}

/// The path that leads from the folder `from` to `to` (both absolute), or
/// `None` when they share no root.
fn relative(to: &Path, from: &Path) -> Option<std::path::PathBuf> {
    let to: Vec<_> = to.components().collect();
    let from: Vec<_> = from.components().collect();
    let common = to.iter().zip(&from).take_while(|(a, b)| a == b).count();
    if common == 0 {
        return None;
    }
    let mut path = std::path::PathBuf::new();
    for _ in common..from.len() {
        path.push("..");
    }
    path.extend(&to[common..]);
    Some(path)
}

/// Largest variant file read, in bytes (the longest shipped one is under 3 KB).
pub const MAX_FILE_BYTES: u64 = 1 << 20;

/// Reads the text file `path`, refusing one larger than `limit` bytes (so
/// that `/dev/zero` or a huge file given by mistake is refused, not read into
/// memory); `what` names what the file should have been.
///
/// # Errors
/// The file cannot be read, is too large or is not UTF-8.
pub fn read_limited(path: &str, limit: u64, what: &str) -> Result<String, ReadError> {
    let io = |source| IoError::new(path, source);
    let file = std::fs::File::open(path).map_err(io)?;
    let mut bytes = Vec::new();
    file.take(limit + 1).read_to_end(&mut bytes).map_err(io)?;
    if bytes.len() as u64 > limit {
        return Err(ReadError::TooLarge {
            path: path.to_string(),
            limit,
            what: what.to_string(),
        });
    }
    String::from_utf8(bytes).map_err(|e| {
        ReadError::Io(io(std::io::Error::new(
            std::io::ErrorKind::InvalidData,
            format!(
                "not UTF-8 text (invalid byte at offset {})",
                e.utf8_error().valid_up_to()
            ),
        )))
    })
}

/// Loads and validates a shipped variant or a variant file.
///
/// # Errors
/// As [`source`], or the file does not validate.
pub fn load(arg: &str) -> Result<Loaded, LoadError> {
    let named = named(arg)?;
    load_named(&named, arg)
}

/// Loads what [`named`] found; `arg` is how the variant was named (for an
/// unknown reading's message).
///
/// # Errors
/// The file or the reading's rules do not validate, or there is no such
/// reading.
pub fn load_named(named: &Named, arg: &str) -> Result<Loaded, LoadError> {
    use crate::rules::readings;
    let Some(reading) = &named.reading else {
        return crate::rules::load(&named.source).map_err(LoadError::Invalid);
    };
    readings::load(&named.source, reading).map_err(|e| reading_error(e, arg))
}

/// Loads a VARIANT argument with `--set` overrides applied (see
/// [`crate::rules::overrides`]); without any, as [`load`].
///
/// # Errors
/// As [`load`]; or an override names no place in the file, is given twice,
/// or makes the rules invalid.
pub fn load_with(arg: &str, set: &[Override]) -> Result<Loaded, LoadError> {
    use crate::rules::overrides::{self, OverrideError};
    let named = named(arg)?;
    overrides::load(&named.source, named.reading.as_deref(), set).map_err(|e| match e {
        OverrideError::File(e) => reading_error(e, arg),
        OverrideError::Place(message) => LoadError::SetPlace(message),
        OverrideError::Invalid { set, report } => LoadError::SetInvalid { set, report },
    })
}

/// A reading's error as the error of the VARIANT argument `arg`.
fn reading_error(e: crate::rules::readings::ReadingError, arg: &str) -> LoadError {
    use crate::rules::readings::ReadingError;
    match e {
        ReadingError::Invalid(report) => LoadError::Invalid(report),
        ReadingError::Unknown { reading, readings } => LoadError::UnknownReading {
            variant: arg
                .rsplit_once('@')
                .map_or(arg, |(file, _)| file)
                .to_string(),
            reading,
            readings,
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_shipped_variant_validates_without_warnings() {
        for name in shipped_names() {
            let loaded = load(name).unwrap_or_else(|e| panic!("{name}: {e}"));
            assert!(
                loaded.warnings.diagnostics.is_empty(),
                "{name}:\n{}",
                loaded.warnings
            );
        }
    }

    #[test]
    fn relative_paths_go_up_then_down() {
        let to = Path::new("/w/v/kasi.variant");
        assert_eq!(
            relative(to, Path::new("/w/records/sub")),
            Some("../../v/kasi.variant".into())
        );
        assert_eq!(relative(to, Path::new("/w/v")), Some("kasi.variant".into()));
    }

    #[test]
    fn unknown_name_lists_the_shipped_ones() {
        let err = load("modair").unwrap_err().to_string();
        assert!(err.contains("modiar"), "{err}");
    }
}
