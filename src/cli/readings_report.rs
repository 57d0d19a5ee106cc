//! What `sow describe` and `sow list` say about a variant's readings: each
//! reading's source, why it reads the source so, and what it changes, in
//! the words of `sow diff`'s rule comparison.

use crate::{
    rules::{readings, Rules},
    variants::{self, LoadError, Named},
    verify::rule_diff::{rule_differences, value_shown},
};

/// One reading of a variant, loaded.
pub(super) struct Reading {
    /// What it says about itself.
    pub about: readings::About,
    /// The rules it resolves to.
    pub rules: Rules,
}

/// The readings of the file `named` (its base, not a reading), loaded.
///
/// # Errors
/// A reading does not load.
pub(super) fn load_all(named: &Named, arg: &str) -> Result<Vec<Reading>, LoadError> {
    readings::about(&named.source.text)
        .into_iter()
        .map(|about| {
            let one = Named {
                source: named.source.clone(),
                reading: Some(about.name.clone()),
            };
            let rules = variants::load_named(&one, arg)?.rules;
            Ok(Reading { about, rules })
        })
        .collect()
}

/// The readings of `variant` under its base rules `base`: for each, its
/// name, source, why, the artifacts of the program it follows that it
/// names (each with what that program does), and every rule it changes (`legal feed: cannot_move
/// (base row_empty)`); empty when it has none.
pub(super) fn describe(
    variant: &str,
    base: &Rules,
    readings: &[Reading],
    markdown: bool,
) -> String {
    if readings.is_empty() {
        return String::new();
    }
    let mut out = if markdown {
        "\n## Readings\n\n".to_string()
    } else {
        "\nReadings\n".to_string()
    };
    for reading in readings {
        let about = &reading.about;
        let (head, indent) = if markdown {
            (format!("- `{variant}@{}`", about.name), "  - ")
        } else {
            (format!("  {variant}@{}", about.name), "    ")
        };
        out += &head;
        if let Some(source) = &about.source {
            out += &format!(": {source}");
        }
        out += "\n";
        out += &format!("{indent}why: {}\n", about.why);
        for name in &about.artifacts {
            let what = crate::rules::artifacts::find(name).map_or("", |a| a.what);
            out += &format!("{indent}artifact {name}: {what}\n");
        }
        for difference in rule_differences(base, &reading.rules) {
            out += &format!(
                "{indent}{}: {} (base: {})\n",
                difference.option,
                value_shown(&difference.b),
                value_shown(&difference.a)
            );
        }
    }
    out
}
