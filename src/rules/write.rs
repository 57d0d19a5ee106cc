//! The one writer of variant files: a [`Document`] (settings, sections and
//! the comments attached to them) printed in canonical layout, and the
//! document of a [`Rules`] value, built from the declaration
//! ([`super::schema`]). `sow fmt` prints the document of a parsed file with
//! the same printer (see [`super::format`]).

use super::{
    model::Rules,
    schema::{self, Default, Entry, Key},
};

/// A variant file as the writer sees it.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Document {
    /// Comments at the top of the file, before any setting.
    pub header: Vec<Comment>,
    /// Whether a blank line separates the header from what follows.
    pub blank_after_header: bool,
    /// Top-level settings and sections, in the order they are printed.
    pub items: Vec<Item>,
    /// Comments after the last setting or section.
    pub trailer: Vec<Comment>,
}

/// A comment on a line of its own.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Comment {
    /// The comment, from `#`.
    pub text: String,
    /// Whether a blank line comes before it.
    pub blank_before: bool,
}

/// A top-level entry.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Item {
    /// `key values`.
    Setting(Line),
    /// `name { ... }`.
    Section(Block),
}

/// One setting with its comments.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Line {
    /// The keyword.
    pub key: String,
    /// The values, as written (strings quoted).
    pub values: Vec<String>,
    /// Comments on the lines just above it.
    pub before: Vec<Comment>,
    /// The comment at the end of its line.
    pub after: Option<String>,
    /// Whether a blank line comes before it (and its comments).
    pub blank_before: bool,
}

/// A section with its comments.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Block {
    /// The section's name.
    pub name: String,
    /// Its label, in a section given per item (`last` in `capture last`).
    pub label: Option<String>,
    /// Comments on the lines just above it.
    pub before: Vec<Comment>,
    /// The comment after its `{`.
    pub after_open: Option<String>,
    /// Its settings, in the order they are printed.
    pub settings: Vec<Line>,
    /// Comments after its last setting, before the `}`.
    pub end: Vec<Comment>,
    /// The comment after its `}`.
    pub after_close: Option<String>,
    /// Whether a blank line comes before it (and its comments).
    pub blank_before: bool,
}

impl Line {
    /// A setting without comments.
    pub fn new(key: &str, values: Vec<String>) -> Line {
        Line {
            key: key.to_string(),
            values,
            before: Vec::new(),
            after: None,
            blank_before: false,
        }
    }
}

/// The document of `rules`: every setting the declaration says to write, in
/// canonical order. With `explicit`, settings equal to their default are
/// written too; without, only those that differ from their default or whose
/// default warns when left out. Loading the result gives `rules` back.
pub fn document(rules: &Rules, explicit: bool) -> Document {
    let mut items = Vec::new();
    for entry in schema::LANGUAGE {
        match entry {
            Entry::Key(key) => {
                if let Some(line) = setting(rules, key, &[], explicit) {
                    items.push(Item::Setting(line));
                }
            }
            Entry::Section(section) => match section.repeat {
                None => items.extend(block(rules, section, None, explicit)),
                Some(repeat) => {
                    for (i, label) in (repeat.labels)(rules).into_iter().enumerate() {
                        let view = (repeat.view)(rules, i);
                        items.extend(block(&view, section, Some(label), true));
                    }
                }
            },
        }
    }
    Document {
        items,
        ..Document::default()
    }
}

/// The block of `section` in `rules` (an item's, with its label), unless it
/// has nothing to say.
fn block(
    rules: &Rules,
    section: &schema::Section,
    label: Option<String>,
    explicit: bool,
) -> Option<Item> {
    // An ordered section in another order than a file that leaves it out:
    // every key, in the rules' order.
    let reordered = section
        .order
        .is_some_and(|o| (o.write)(rules) != (o.write)(&Rules::default()));
    let mut settings: Vec<Line> = section
        .keys
        .iter()
        .filter_map(|key| setting(rules, key, section.keys, explicit || reordered))
        .collect();
    if let Some(order) = section.order {
        let order = (order.write)(rules);
        settings.sort_by_key(|l| order.iter().position(|k| *k == l.key));
    }
    (!settings.is_empty() || explicit).then(|| {
        Item::Section(Block {
            name: section.name.to_string(),
            label,
            before: Vec::new(),
            after_open: None,
            settings,
            end: Vec::new(),
            after_close: None,
            blank_before: false,
        })
    })
}

/// The line for `key` in `rules`, if it is to be written; `siblings` are the
/// keys of its section (for a default that is another key's value).
fn setting(rules: &Rules, key: &Key, siblings: &[Key], explicit: bool) -> Option<Line> {
    let values = (key.write)(rules)?;
    let sibling = |name: &str| siblings.iter().find(|k| k.name == name);
    let default = match key.default {
        Default::SameAs(other) => sibling(other).and_then(|k| (k.write)(rules)),
        _ => default_of(key),
    };
    // Written with a value other than its default.
    let differs = |k: &Key| (k.write)(rules).filter(|v| Some(v) != default_of(k).as_ref());
    let warns = key.warns.is_some_and(|w| {
        w.only_if
            .is_none_or(|other| sibling(other).and_then(differs).is_some())
    });
    let is_default = default.as_ref() == Some(&values);
    (explicit || warns || !is_default).then(|| Line::new(key.name, values))
}

/// A key's default as written, when it is a value (`[]` for an absent rule).
fn default_of(key: &Key) -> Option<Vec<String>> {
    match key.default {
        Default::Value(word) => Some(vec![word.to_string()]),
        Default::Absent(_) => Some(Vec::new()),
        Default::Required | Default::RequiredUnless(_) | Default::SameAs(_) => None,
    }
}

/// Prints `doc` in canonical layout: one setting per line, values aligned
/// within each section (and each run of top-level settings), sections'
/// settings indented by two spaces, a comment at the end of a line two
/// spaces after it, at most one blank line between entries.
pub fn print(doc: &Document) -> String {
    let mut out = String::new();
    comments(&mut out, &doc.header, "", 0);
    if doc.blank_after_header && !out.is_empty() {
        out.push('\n');
    }
    let mut i = 0;
    while i < doc.items.len() {
        match &doc.items[i] {
            Item::Section(block) => {
                section(&mut out, block);
                i += 1;
            }
            Item::Setting(_) => {
                // A run of top-level settings, aligned together.
                let run: Vec<&Line> = doc.items[i..]
                    .iter()
                    .map_while(|item| match item {
                        Item::Setting(line) => Some(line),
                        Item::Section(_) => None,
                    })
                    .collect();
                i += run.len();
                lines(&mut out, &run, "", 0);
            }
        }
    }
    comments(&mut out, &doc.trailer, "", 0);
    out
}

fn section(out: &mut String, block: &Block) {
    blank(out, block.blank_before, 0);
    comments(out, &block.before, "", 0);
    out.push_str(&block.name);
    if let Some(label) = &block.label {
        out.push(' ');
        out.push_str(label);
    }
    out.push_str(" {");
    trailing(out, block.after_open.as_deref());
    // No blank line first thing in a section.
    let opened = out.len();
    let settings: Vec<&Line> = block.settings.iter().collect();
    lines(out, &settings, "  ", opened);
    comments(out, &block.end, "  ", opened);
    out.push('}');
    trailing(out, block.after_close.as_deref());
}

/// Settings aligned on their values, each with its comments.
fn lines(out: &mut String, lines: &[&Line], indent: &str, floor: usize) {
    let width = lines.iter().map(|l| l.key.len()).max().unwrap_or(0);
    for line in lines {
        blank(out, line.blank_before, floor);
        comments(out, &line.before, indent, floor);
        out.push_str(indent);
        let text = if line.values.is_empty() {
            line.key.clone()
        } else {
            format!("{:width$} {}", line.key, line.values.join(" "))
        };
        out.push_str(&text);
        trailing(out, line.after.as_deref());
    }
}

fn comments(out: &mut String, comments: &[Comment], indent: &str, floor: usize) {
    for comment in comments {
        blank(out, comment.blank_before, floor);
        out.push_str(indent);
        out.push_str(&comment.text);
        out.push('\n');
    }
}

/// A blank line, unless nothing is printed since `floor` (the start of the
/// file or of a section's settings) or one was just printed.
fn blank(out: &mut String, wanted: bool, floor: usize) {
    if wanted && out.len() > floor && !out.ends_with("\n\n") {
        out.push('\n');
    }
}

fn trailing(out: &mut String, comment: Option<&str>) {
    if let Some(comment) = comment {
        out.push_str("  ");
        out.push_str(comment);
    }
    out.push('\n');
}
