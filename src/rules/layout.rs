//! The layout of a variant file as `sow fmt` writes it: the file turned
//! into a [`Document`] with every comment attached to the setting or section
//! it is on or above ([`document`]), old keys moved to where they are read
//! now ([`upgrade`]), and the declaration's order ([`canonical`]).
//!
//! Where comments go: a comment at the end of a line belongs to the last
//! setting, `{` or `}` before it on that line; a comment on a line of its own
//! belongs to what follows it (the next setting, section or `}`), except that
//! the comments before the first setting of the file stay at the top, and
//! those after the last one stay at the bottom.

use super::{
    schema,
    write::{Block, Comment, Document, Item, Line},
};
use crate::{
    diagnostic::Span,
    dsl::{self, Setting, SyntaxTree, Value},
};

/// Rewrites the settings of old files ([`schema::MOVED`]) as the keys they
/// are read as, each with its comments, in the section they moved to (which
/// such a file does not write: the validator refuses both). An old section
/// left empty goes; its own comments go above its first setting.
pub(super) fn upgrade(doc: &mut Document) {
    let mut moved: Vec<(&'static schema::Moved, Line)> = Vec::new();
    // The comments of old sections that go: (section, comments).
    let mut orphans: Vec<(String, Vec<Comment>)> = Vec::new();
    let mut kept = Vec::new();
    for item in std::mem::take(&mut doc.items) {
        match item {
            Item::Setting(line) => match schema::moved(None, &line.key) {
                Some(m) => moved.push((m, line)),
                None => kept.push(Item::Setting(line)),
            },
            Item::Section(mut block) => {
                let name = block.name.clone();
                for line in std::mem::take(&mut block.settings) {
                    match schema::moved(Some(&name), &line.key) {
                        Some(m) => moved.push((m, line)),
                        None => block.settings.push(line),
                    }
                }
                if schema::moved_section(&name) {
                    orphans.push((name, section_comments(block)));
                } else {
                    label_old_item(&mut block);
                    kept.push(Item::Section(block));
                }
            }
        }
    }
    doc.items = kept;
    // Canonical order within the new section (the old files' order is the
    // declared one: see `schema::MOVED`).
    moved.sort_by_key(|(m, _)| {
        schema::MOVED
            .iter()
            .position(|x| (x.from_section, x.from_key) == (m.from_section, m.from_key))
    });
    for (m, mut line) in moved {
        line.key = m.to_key.to_string();
        if let Some(at) = orphans
            .iter()
            .position(|(name, _)| Some(name.as_str()) == m.from_section)
        {
            let (_, mut comments) = orphans.swap_remove(at);
            comments.append(&mut line.before);
            line.before = comments;
        }
        let block = match doc
            .items
            .iter()
            .position(|i| matches!(i, Item::Section(b) if b.name == m.to_section))
        {
            Some(i) => i,
            None => {
                doc.items.push(Item::Section(Block {
                    name: m.to_section.to_string(),
                    label: None,
                    before: Vec::new(),
                    after_open: None,
                    settings: Vec::new(),
                    end: Vec::new(),
                    after_close: None,
                    blank_before: false,
                }));
                doc.items.len() - 1
            }
        };
        if let Item::Section(b) = &mut doc.items[block] {
            b.settings.push(line);
        }
    }
    // An old section without settings: its comments stay, at the end.
    for (_, comments) in orphans {
        doc.trailer.splice(0..0, comments);
    }
}

/// Gives an old file's unlabelled section of items (`capture { }`) the label
/// it stands for (`capture last { }`), unless it stands for no item (no
/// `counts`: the section says there are no captures).
fn label_old_item(block: &mut Block) {
    let Some(section) = schema::section(&block.name) else {
        return;
    };
    let Some(repeat) = section.repeat else {
        return;
    };
    let required_given = section
        .keys
        .iter()
        .filter_map(|k| match k.default {
            schema::Default::Required => Some((k.name, None)),
            schema::Default::RequiredUnless(other) => Some((k.name, Some(other))),
            _ => None,
        })
        .all(|(name, unless)| {
            block
                .settings
                .iter()
                .any(|l| l.key == name || Some(l.key.as_str()) == unless)
        });
    if block.label.is_none() && required_given {
        block.label = Some(repeat.unlabelled.to_string());
    }
}

/// The comments of an old section whose keys all moved (above it, after
/// its braces, before its `}`), as comments on lines of their own.
fn section_comments(mut block: Block) -> Vec<Comment> {
    let own = |text: Option<String>| {
        text.map(|text| Comment {
            text,
            blank_before: false,
        })
    };
    let mut comments = std::mem::take(&mut block.before);
    comments.extend(own(block.after_open.take()));
    comments.append(&mut block.end);
    comments.extend(own(block.after_close.take()));
    comments
}

/// Puts top-level entries and each section's keys in the declaration's
/// order (stable: what the declaration does not order keeps its place).
pub(super) fn canonical(mut doc: Document) -> Document {
    doc.items.sort_by_key(|item| match item {
        Item::Setting(line) => schema::entry_rank(&line.key, false),
        Item::Section(block) => schema::entry_rank(&block.name, true),
    });
    for item in &mut doc.items {
        if let Item::Section(block) = item {
            let name = block.name.clone();
            // The order of an ordered section is meaning: it stays.
            if schema::section(&name).is_some_and(|s| s.order.is_some()) {
                continue;
            }
            block
                .settings
                .sort_by_key(|line| schema::key_rank(Some(&name), &line.key));
        }
    }
    doc
}

/// Where a comment can be attached.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Anchor {
    /// Top-level item `i` (a setting or a section's opening line).
    Item(usize),
    /// Setting `k` of the section that is top-level item `i`.
    Inner(usize, usize),
    /// The `}` of the section that is top-level item `i`.
    Close(usize),
}

/// The document of a parsed file, in file order, comments attached.
pub(super) fn document(tree: &SyntaxTree, text: &str) -> Document {
    let lines = LineIndex::new(text);
    // Top-level items in file order, with their anchors' spans.
    let mut order: Vec<(Span, Option<&dsl::Section>, Option<&Setting>)> = tree
        .settings
        .iter()
        .map(|s| (s.span, None, Some(s)))
        .chain(tree.sections.iter().map(|s| (s.span, Some(s), None)))
        .collect();
    order.sort_by_key(|(span, _, _)| span.start);

    let mut anchors: Vec<(Anchor, Span)> = Vec::new();
    let mut items = Vec::new();
    for (i, (span, section, setting)) in order.iter().enumerate() {
        match (section, setting) {
            (Some(section), _) => {
                let open = text[section.name.span.end..]
                    .find('{')
                    .map_or(span.start, |n| section.name.span.end + n + 1);
                anchors.push((Anchor::Item(i), Span::new(span.start, open)));
                for (k, s) in section.settings.iter().enumerate() {
                    anchors.push((Anchor::Inner(i, k), s.span));
                }
                anchors.push((Anchor::Close(i), Span::new(span.end - 1, span.end)));
                items.push(Item::Section(Block {
                    name: section.name.node.clone(),
                    label: section.label.as_ref().map(|l| l.node.clone()),
                    before: Vec::new(),
                    after_open: None,
                    settings: section
                        .settings
                        .iter()
                        .map(|s| line(s, &lines, text))
                        .collect(),
                    end: Vec::new(),
                    after_close: None,
                    blank_before: lines.blank_before(span.start, text),
                }));
            }
            (None, Some(s)) => {
                anchors.push((Anchor::Item(i), s.span));
                items.push(Item::Setting(line(s, &lines, text)));
            }
            (None, None) => {}
        }
    }
    let mut doc = Document {
        items,
        ..Document::default()
    };
    for comment in &tree.comments {
        attach(
            &mut doc,
            &anchors,
            comment.span,
            &comment.node,
            &lines,
            text,
        );
    }
    // The blank line after the header belongs to the header: the first
    // item may move.
    if !doc.header.is_empty() {
        if let Some(first) = doc.items.first_mut() {
            let blank = match first {
                Item::Setting(l) => &mut l.blank_before,
                Item::Section(b) => &mut b.blank_before,
            };
            doc.blank_after_header = std::mem::take(blank);
        }
    }
    doc
}

fn attach(
    doc: &mut Document,
    anchors: &[(Anchor, Span)],
    at: Span,
    text_of_comment: &str,
    lines: &LineIndex,
    text: &str,
) {
    let line = lines.line(at.start);
    // At the end of a line: the last thing before it on that line.
    let on_line = anchors
        .iter()
        .filter(|(_, span)| span.end <= at.start && lines.line(span.end) == line)
        .max_by_key(|(_, span)| span.end);
    if let Some((anchor, _)) = on_line {
        let slot = match (*anchor, &mut doc.items[..]) {
            (Anchor::Item(i), items) => match &mut items[i] {
                Item::Setting(l) => &mut l.after,
                Item::Section(b) => &mut b.after_open,
            },
            (Anchor::Inner(i, k), items) => match &mut items[i] {
                Item::Section(b) => &mut b.settings[k].after,
                Item::Setting(l) => &mut l.after,
            },
            (Anchor::Close(i), items) => match &mut items[i] {
                Item::Section(b) => &mut b.after_close,
                Item::Setting(l) => &mut l.after,
            },
        };
        *slot = Some(text_of_comment.to_string());
        return;
    }
    let comment = Comment {
        text: text_of_comment.to_string(),
        blank_before: lines.blank_before(at.start, text),
    };
    let next = anchors
        .iter()
        .filter(|(_, span)| span.start > at.start)
        .min_by_key(|(_, span)| span.start);
    let started = anchors.iter().any(|(_, span)| span.start < at.start);
    match next {
        None => doc.trailer.push(comment),
        Some(_) if !started => doc.header.push(comment),
        Some((Anchor::Item(i), _)) => match &mut doc.items[*i] {
            Item::Setting(l) => l.before.push(comment),
            Item::Section(b) => b.before.push(comment),
        },
        Some((Anchor::Inner(i, k), _)) => {
            if let Item::Section(b) = &mut doc.items[*i] {
                b.settings[*k].before.push(comment);
            }
        }
        Some((Anchor::Close(i), _)) => {
            if let Item::Section(b) = &mut doc.items[*i] {
                b.end.push(comment);
            }
        }
    }
}

/// A setting as the writer prints it: numbers in decimal, strings quoted.
fn line(setting: &Setting, lines: &LineIndex, text: &str) -> Line {
    let values = setting
        .values
        .iter()
        .map(|v| match &v.node {
            Value::Word(w) => w.clone(),
            Value::Number(Ok(n)) => n.to_string(),
            // A file that loads has no number too large to read.
            Value::Number(Err(_)) => text[v.span.start..v.span.end].to_string(),
            Value::Text(t) => schema::quoted(t),
        })
        .collect();
    Line {
        blank_before: lines.blank_before(setting.span.start, text),
        ..Line::new(&setting.key.node, values)
    }
}

/// Line numbers of byte offsets.
pub(super) struct LineIndex {
    /// The offset where each line starts.
    starts: Vec<usize>,
}

impl LineIndex {
    pub(super) fn new(text: &str) -> LineIndex {
        let mut starts = vec![0];
        starts.extend(text.match_indices('\n').map(|(i, _)| i + 1));
        LineIndex { starts }
    }

    fn line(&self, offset: usize) -> usize {
        self.starts.partition_point(|&s| s <= offset) - 1
    }

    /// Whether the thing at `offset` is first on its line and a blank line
    /// comes just before that line.
    pub(super) fn blank_before(&self, offset: usize, text: &str) -> bool {
        let line = self.line(offset);
        let first_on_line = text[self.starts[line]..offset].trim().is_empty();
        first_on_line
            && line > 0
            && text[self.starts[line - 1]..self.starts[line]]
                .trim()
                .is_empty()
    }
}
