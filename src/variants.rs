//! Shipped variants (embedded from `variants/`) and how a VARIANT argument is
//! resolved: a shipped name, or a path to a `.variant` file.

use std::path::Path;

use crate::{diagnostic::Source, error::Error, rules::Loaded};

include!(concat!(env!("OUT_DIR"), "/shipped.rs"));

/// The names of the shipped variants, sorted.
pub fn shipped_names() -> impl Iterator<Item = &'static str> {
    SHIPPED.iter().map(|(name, _)| *name)
}

/// The source of a shipped variant or of a variant file.
///
/// # Errors
/// The file cannot be read, or no shipped variant or file has that name.
pub fn source(arg: &str) -> Result<Source, Error> {
    if let Some((name, text)) = SHIPPED.iter().find(|(name, _)| *name == arg) {
        return Ok(Source::new(format!("variants/{name}.variant"), *text));
    }
    let path = Path::new(arg);
    if path.exists() {
        let text = std::fs::read_to_string(path).map_err(|source| Error::Io {
            path: arg.to_string(),
            source,
        })?;
        return Ok(Source::new(arg, text));
    }
    Err(Error::UnknownVariant {
        name: arg.to_string(),
        shipped: shipped_names().map(String::from).collect(),
    })
}

/// Loads and validates a shipped variant or a variant file.
///
/// # Errors
/// As [`source`], or the file does not validate.
pub fn load(arg: &str) -> Result<Loaded, Error> {
    let source = source(arg)?;
    crate::rules::load(&source).map_err(Error::Variant)
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
    fn unknown_name_lists_the_shipped_ones() {
        let err = load("modair").unwrap_err().to_string();
        assert!(err.contains("modiar"), "{err}");
    }
}
