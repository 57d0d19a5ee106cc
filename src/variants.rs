//! Shipped variants (embedded from `variants/`) and how a VARIANT argument is
//! resolved: a shipped name, or a path to a `.variant` file.

use std::{io::Read, path::Path};

use crate::{
    diagnostic::{Report, Source},
    files::IoError,
    rules::Loaded,
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
    /// The file cannot be read.
    #[error(transparent)]
    Read(#[from] ReadError),
    /// The file has syntax or semantic errors.
    #[error("{0}")]
    Invalid(Report),
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

/// The names of the shipped variants, sorted.
pub fn shipped_names() -> impl Iterator<Item = &'static str> {
    SHIPPED.iter().map(|(name, _)| *name)
}

/// The source of a shipped variant or of a variant file.
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
/// not shadow).
pub fn is_shipped(arg: &str) -> bool {
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
    let canonical = |path: &Path| {
        std::fs::canonicalize(path).map_err(|source| IoError::new(path.display(), source))
    };
    let file = canonical(Path::new(arg))?;
    let Some(folder) = record_folder else {
        return Ok(file.display().to_string());
    };
    let folder = canonical(if folder.as_os_str().is_empty() {
        Path::new(".")
    } else {
        folder
    })?;
    Ok(relative(&file, &folder)
        .unwrap_or(file)
        .display()
        .to_string())
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
    let source = source(arg)?;
    crate::rules::load(&source).map_err(LoadError::Invalid)
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
