//! Loading a variant file: parsed, its readings' own syntax checked
//! ([`super::readings`]), and its base rules validated
//! ([`super::validate`]).

use super::{
    readings,
    validate::{validate, Loaded},
};
use crate::{
    diagnostic::{Report, Source},
    dsl,
};

/// Parses and validates a variant file.
///
/// # Errors
/// A report with every syntax or semantic error (and the warnings).
pub fn load(source: &Source) -> Result<Loaded, Report> {
    let report = |diagnostics| Report {
        source: source.clone(),
        diagnostics,
    };
    let tree = dsl::parse(&source.text).map_err(|d| report(vec![d]))?;
    validate(source, &tree, readings::check(&tree))
}
