//! The variants the pages name: a shipped variant (`modiar`), one of its
//! readings (`modiar@awale-info`), or a `.variant` file of the served folder
//! (`mine.variant`, `mine.variant@reading`). A name is never looked up as a
//! path outside the folder.

use super::files::Folder;
use crate::{
    diagnostic::Source,
    engine::{AnyGame, Game},
    rules::Loaded,
    variants::{self, LoadError, Named},
};

/// The file and reading `name` stands for.
///
/// # Errors
/// No shipped variant or folder file has that name, or the folder refuses
/// the path.
pub fn named(folder: &Folder, name: &str) -> Result<Named, String> {
    if variants::is_shipped(name) {
        return variants::named(name).map_err(|e| e.to_string());
    }
    let (file, reading) = match name.rsplit_once('@') {
        Some((file, reading)) if file.ends_with(".variant") && !reading.is_empty() => {
            (file, Some(reading.to_string()))
        }
        _ => (name, None),
    };
    if !file.ends_with(".variant") {
        return Err(format!(
            "no shipped variant is named `{name}` (a file of the folder ends in .variant)"
        ));
    }
    let text = folder.read(file).map_err(|e| e.to_string())?;
    Ok(Named {
        source: Source::new(file, text),
        reading,
    })
}

/// The rules `name` gives, loaded and validated.
///
/// # Errors
/// As [`named`], or the rules do not validate (the whole report, with its
/// places).
pub fn load(folder: &Folder, name: &str) -> Result<Loaded, String> {
    let named = named(folder, name)?;
    variants::load_named(&named, name).map_err(|e| match e {
        LoadError::Invalid(report) => report.to_string(),
        other => other.to_string(),
    })
}

/// The game `name` gives (the web app plays only boards of the narrow
/// width).
///
/// # Errors
/// As [`load`], or its board is beyond the narrow width.
pub fn game(folder: &Folder, name: &str) -> Result<Game, String> {
    AnyGame::new(load(folder, name)?.rules).into_narrow("the web app")
}
