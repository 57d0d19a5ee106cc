//! The keys written outside any section: `name` and `source`.

use crate::rules::{declaration::*, model::*};

pub const NAME: Key = Key {
    section: None,
    name: "name",
    describe: name,
    read: |r, v| r.name = v.text(),
    write: |r| Some(vec![quoted(&r.name)]),
    what: "name",
    value: ValueKind::Text,
    default: Default::Required,
    warns: None,
    doc: "The variant's display name.",
    example: "name \"Modiar\"",
    infer: Infer::Searched,
};

pub const SOURCE: Key = Key {
    section: None,
    name: "source",
    describe: source,
    read: |r, v| r.source = Some(v.text()),
    write: |r| r.source.as_deref().map(|s| vec![quoted(s)]),
    what: "source",
    value: ValueKind::Text,
    default: Default::Absent("none"),
    warns: None,
    doc: "Where the rules come from: book or page, author, year.",
    example: "source \"Mancala World, Modiar (J. Climent 2012)\"",
    infer: Infer::Searched,
};

/// The title is the name.
fn name(_: &Rules) -> Vec<String> {
    Vec::new()
}

fn source(rules: &Rules) -> Vec<String> {
    vec![match &rules.source {
        Some(s) => format!("Source: {s}."),
        None => "No source is given.".to_string(),
    }]
}
