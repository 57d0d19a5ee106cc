//! `sow fmt` for the readings of a file (`reading NAME { ... }`): each
//! printed after the base rules, in file order, its body in the canonical
//! layout of a file (`source`, `why` and `artifact` first, then the keys and sections
//! in the declaration's order, comments kept where they were), indented.

use super::{
    layout::{canonical, document, LineIndex},
    readings::{ARTIFACT, WHY},
    write::{print, Item},
};
use crate::{
    diagnostic::{Span, Spanned},
    dsl::{Reading, SyntaxTree},
};

/// Whether a comment of `tree` belongs to the base rules: it is not inside
/// a reading, and comes before the first reading or before (or inside) a
/// base setting or section written after one.
pub fn in_base(tree: &SyntaxTree, comment: Span) -> bool {
    let Some(first) = tree.readings.first() else {
        return true;
    };
    let inside_reading = tree
        .readings
        .iter()
        .any(|r| r.span.start <= comment.start && comment.start < r.span.end);
    let base_after = tree
        .settings
        .iter()
        .map(|s| s.span)
        .chain(tree.sections.iter().map(|s| s.span))
        .any(|span| span.end > comment.start);
    !inside_reading && (comment.start < first.span.start || base_after)
}

/// The readings of `tree` as text, each after a blank line, with the
/// comments around them (those between two readings go above the second,
/// those after the last at the end). Empty when the file has none.
pub fn readings(tree: &SyntaxTree, text: &str) -> String {
    let lines = LineIndex::new(text);
    let mut out = String::new();
    for (i, reading) in tree.readings.iter().enumerate() {
        let after_previous = i
            .checked_sub(1)
            .map_or(reading.span.start, |p| tree.readings[p].span.end);
        let above = tree
            .comments
            .iter()
            .filter(|c| after_previous <= c.span.start && c.span.start < reading.span.start)
            .filter(|c| !in_base(tree, c.span));
        // A blank line before the reading and the comments above it, but
        // none between the base's last comments and the reading they are on.
        let after_comment = (text[..reading.span.start].trim_end().lines().last())
            .is_some_and(|line| line.trim_start().starts_with('#'));
        if i > 0 || !after_comment || lines.blank_before(reading.span.start, text) {
            out.push('\n');
        }
        let above: Vec<_> = above.collect();
        for comment in &above {
            if lines.blank_before(comment.span.start, text) && !out.ends_with("\n\n") {
                out.push('\n');
            }
            out.push_str(&comment.node);
            out.push('\n');
        }
        if !above.is_empty() && lines.blank_before(reading.span.start, text) {
            out.push('\n');
        }
        out.push_str(&format!("reading {} {{\n", reading.name.node));
        for line in body(tree, reading, text).lines() {
            if !line.is_empty() {
                out.push_str("  ");
                out.push_str(line);
            }
            out.push('\n');
        }
        out.push_str("}\n");
    }
    if let Some(last) = tree.readings.last() {
        let after = (tree.comments.iter())
            .filter(|c| c.span.start >= last.span.end && !in_base(tree, c.span));
        for comment in after {
            if lines.blank_before(comment.span.start, text) && !out.ends_with("\n\n") {
                out.push('\n');
            }
            out.push_str(&comment.node);
            out.push('\n');
        }
    }
    out
}

/// A reading's settings and sections as a file's, in canonical order with
/// `why` just after `source` (or first).
fn body(tree: &SyntaxTree, reading: &Reading, text: &str) -> String {
    let inside =
        |c: &&Spanned<String>| reading.span.start < c.span.start && c.span.end <= reading.span.end;
    let sub = SyntaxTree {
        settings: reading.settings.clone(),
        sections: reading.sections.clone(),
        readings: Vec::new(),
        comments: tree.comments.iter().filter(inside).cloned().collect(),
    };
    let mut doc = canonical(document(&sub, text));
    let is_key = |item: &Item, key: &str| matches!(item, Item::Setting(line) if line.key == key);
    if let Some(at) = doc.items.iter().position(|item| is_key(item, WHY)) {
        let why = doc.items.remove(at);
        let after = doc
            .items
            .iter()
            .position(|item| is_key(item, "source"))
            .map_or(0, |source| source + 1);
        doc.items.insert(after, why);
    }
    // `artifact` just after `why`: what the reading says about itself first.
    if let Some(at) = doc.items.iter().position(|item| is_key(item, ARTIFACT)) {
        let artifact = doc.items.remove(at);
        let after = (doc.items.iter().position(|item| is_key(item, WHY))).map_or(0, |why| why + 1);
        doc.items.insert(after, artifact);
    }
    print(&doc)
}
