//! A game record as `sow verify` reads it: the variant, the start when it is
//! not the variant's own, the moves as space-separated labels, and the
//! result once the game is over.
//!
//! ```yaml
//! variant: modiar
//! start: 2 3 0 / 1 5 1 south
//! moves: a A b
//! ```

use std::path::Path;

use serde::Serialize;

use crate::{
    files::{self, IoError, OutputError},
    yaml::YamlError,
};

/// Why a game could not be saved as a record.
#[derive(Debug, thiserror::Error)]
pub enum SaveError {
    /// The variant file or the record's folder cannot be found.
    #[error(transparent)]
    Variant(#[from] IoError),
    /// The record could not be written as YAML.
    #[error(transparent)]
    Yaml(#[from] YamlError),
    /// The file cannot be written.
    #[error(transparent)]
    Output(#[from] OutputError),
}

/// A game record in its minimal shape.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Record {
    /// A shipped variant's name or the path of a variant file.
    pub variant: String,
    /// The start position in the position notation, when the game did not
    /// start from the variant's start.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub start: Option<String>,
    /// The moves, as `Game::move_label` writes them, separated by spaces.
    pub moves: String,
    /// How the game ended, once it has.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub result: Option<crate::verify::ExpectedResult>,
}

impl Record {
    /// The record as YAML.
    ///
    /// # Errors
    /// Should YAML serialisation fail.
    pub fn to_yaml(&self) -> Result<String, YamlError> {
        crate::yaml::to_string(self)
    }

    /// Writes the record to `path`, through a temporary file renamed into
    /// place, so a reader never sees half a record.
    ///
    /// # Errors
    /// The file cannot be written.
    pub fn save(&self, path: &Path) -> Result<(), SaveError> {
        Ok(files::write("", path, self.to_yaml()?.as_bytes())?)
    }
}
