//! Spans, diagnostics and the one code-frame renderer every error with a place uses.

use std::{borrow::Cow, fmt};

/// A byte range in a source text.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, serde::Serialize)]
pub struct Span {
    /// First byte.
    pub start: usize,
    /// One past the last byte.
    pub end: usize,
}

impl Span {
    /// The span from `start` to `end` (bytes).
    pub fn new(start: usize, end: usize) -> Self {
        Span { start, end }
    }
}

impl From<pest::Span<'_>> for Span {
    fn from(span: pest::Span<'_>) -> Self {
        Span::new(span.start(), span.end())
    }
}

/// A value with the place it was written.
#[derive(Debug, Clone)]
pub struct Spanned<T> {
    /// Where the value was written.
    pub span: Span,
    /// The value itself.
    pub node: T,
}

/// How serious a diagnostic is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Severity {
    /// The file is rejected.
    Error,
    /// The file is accepted, but says less than it should.
    Warning,
}

/// A message about a place in a source text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Diagnostic {
    /// Error or warning.
    pub severity: Severity,
    /// What is wrong, in lower case, without a final period.
    pub message: String,
    /// Where.
    pub span: Span,
    /// A second place worth showing (e.g. where an option was first given).
    pub note: Option<(Span, String)>,
}

impl Diagnostic {
    /// An error at `span`.
    pub fn error(span: Span, message: impl Into<String>) -> Self {
        Diagnostic {
            severity: Severity::Error,
            message: message.into(),
            span,
            note: None,
        }
    }

    /// A warning at `span`.
    pub fn warning(span: Span, message: impl Into<String>) -> Self {
        Diagnostic {
            severity: Severity::Warning,
            ..Diagnostic::error(span, message)
        }
    }

    /// Adds a note pointing at a second place.
    pub fn with_note(mut self, span: Span, note: impl Into<String>) -> Self {
        self.note = Some((span, note.into()));
        self
    }

    /// Whether this diagnostic rejects the file.
    pub fn is_error(&self) -> bool {
        self.severity == Severity::Error
    }

    /// Renders the message with the file name, line, column and a code frame.
    pub fn render(&self, source: &Source) -> String {
        let level = match self.severity {
            Severity::Error => "error",
            Severity::Warning => "warning",
        };
        let mut out = format!("{level}: {}\n", self.message);
        out.push_str(&source.frame(self.span, None));
        if let Some((span, note)) = &self.note {
            out.push_str(&source.frame(*span, Some(note)));
        }
        out
    }
}

/// A source text and the name it is shown under.
#[derive(Debug, Clone)]
pub struct Source {
    /// File path or a name such as `<embedded modiar>`.
    pub name: String,
    /// The whole text.
    pub text: String,
}

impl Source {
    /// A named source text. A byte-order mark at the start (Notepad writes
    /// one) is dropped: it is not part of the text.
    pub fn new(name: impl Into<String>, text: impl Into<String>) -> Self {
        let mut text = text.into();
        if text.starts_with(BOM) {
            text.drain(..BOM.len_utf8());
        }
        Source {
            name: name.into(),
            text,
        }
    }

    /// 1-based line and column (in characters) of a byte offset.
    pub fn line_col(&self, offset: usize) -> (usize, usize) {
        let offset = self.clamp(offset);
        let before = &self.text[..offset];
        let line = before.matches('\n').count() + 1;
        let line_start = before.rfind('\n').map_or(0, |i| i + 1);
        let col = self.text[line_start..offset].chars().count() + 1;
        (line, col)
    }

    fn clamp(&self, mut offset: usize) -> usize {
        offset = offset.min(self.text.len());
        while !self.text.is_char_boundary(offset) {
            offset -= 1;
        }
        offset
    }

    /// `  --> file:line:col`, the line itself and a `^^^` underline.
    fn frame(&self, span: Span, label: Option<&str>) -> String {
        let start = self.clamp(span.start);
        let (line, col) = self.line_col(start);
        let line_start = self.text[..start].rfind('\n').map_or(0, |i| i + 1);
        let line_end = self.text[start..]
            .find('\n')
            .map_or(self.text.len(), |i| start + i);
        let line_text = self.text[line_start..line_end].trim_end_matches('\r');
        let end = self.clamp(span.end).clamp(start, line_end);
        let indent = display_width(&self.text[line_start..start]);
        let width = display_width(&self.text[start..end]).max(1);
        let gutter = line.to_string().len();
        let pad = " ".repeat(gutter);
        let mut out = format!("{pad}--> {}:{line}:{col}\n", self.name);
        let shown = printable(line_text).replace('\t', &" ".repeat(TAB_WIDTH));
        out.push_str(&format!("{pad} |\n{line} | {shown}\n"));
        out.push_str(&format!(
            "{pad} | {}{}",
            " ".repeat(indent),
            "^".repeat(width)
        ));
        if let Some(label) = label {
            out.push(' ');
            out.push_str(label);
        }
        out.push('\n');
        out
    }
}

/// `text` made safe to print on a terminal: every control character but the
/// newline and the tab (escape, bell, carriage return, backspace, delete, the
/// C1 controls such as U+009B) is shown as a Rust-style escape, `\u{1b}`, so
/// that a file or an argument cannot drive the terminal (move the cursor,
/// rewrite a line, change the window title). Text without such characters is
/// returned as it is.
///
/// ```
/// use sowing::diagnostic::printable;
/// assert_eq!(printable("Modiar"), "Modiar");
/// assert_eq!(printable("a\u{1b}[2Jb\tc\n"), "a\\u{1b}[2Jb\tc\n");
/// ```
pub fn printable(text: &str) -> Cow<'_, str> {
    if !text.chars().any(is_escaped) {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        if is_escaped(c) {
            out.extend(c.escape_unicode());
        } else {
            out.push(c);
        }
    }
    Cow::Owned(out)
}

/// Whether [`printable`] shows `c` as an escape.
fn is_escaped(c: char) -> bool {
    c.is_control() && c != '\n' && c != '\t'
}

/// The byte-order mark some editors put at the start of a UTF-8 file.
const BOM: char = '\u{feff}';

/// Spaces a tab is shown as in a code frame (the column number still counts
/// it as one character, as editors do).
const TAB_WIDTH: usize = 4;

/// Columns `text` takes in a code frame: a tab is [`TAB_WIDTH`] spaces, a
/// control character its escape (see [`printable`]).
fn display_width(text: &str) -> usize {
    text.chars()
        .map(|c| match c {
            '\t' => TAB_WIDTH,
            c if is_escaped(c) => c.escape_unicode().count(),
            _ => 1,
        })
        .sum()
}

/// Every diagnostic of one source, rendered together.
#[derive(Debug, Clone)]
pub struct Report {
    /// The text the diagnostics point into.
    pub source: Source,
    /// Errors and warnings, in the order found.
    pub diagnostics: Vec<Diagnostic>,
}

impl Report {
    /// Whether any diagnostic is an error.
    pub fn has_errors(&self) -> bool {
        self.diagnostics.iter().any(Diagnostic::is_error)
    }
}

/// The most diagnostics a report shows; the rest are counted.
pub const MAX_SHOWN: usize = 20;

impl fmt::Display for Report {
    /// The first [`MAX_SHOWN`] diagnostics, then how many more there are.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, d) in self.diagnostics.iter().take(MAX_SHOWN).enumerate() {
            if i > 0 {
                writeln!(f)?;
            }
            write!(f, "{}", d.render(&self.source))?;
        }
        let rest = self.diagnostics.get(MAX_SHOWN..).unwrap_or_default();
        let errors = rest.iter().filter(|d| d.is_error()).count();
        let warnings = rest.len() - errors;
        let count = |n: usize, what: &str| match n {
            0 => None,
            1 => Some(format!("1 more {what}")),
            n => Some(format!("{n} more {what}s")),
        };
        let more: Vec<String> = [count(errors, "error"), count(warnings, "warning")]
            .into_iter()
            .flatten()
            .collect();
        if !more.is_empty() {
            writeln!(
                f,
                "\nand {} in {} (the first {MAX_SHOWN} are shown)",
                more.join(" and "),
                self.source.name
            )?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn frame_points_at_line_and_column() {
        let src = Source::new("x.variant", "board {\n  pits 0\n}\n");
        let d = Diagnostic::error(Span::new(15, 16), "a row needs at least 1 pit");
        assert_eq!(
            d.render(&src),
            "error: a row needs at least 1 pit\n --> x.variant:2:8\n  |\n2 |   pits 0\n  |        ^\n"
        );
    }

    #[test]
    fn tabs_are_shown_as_spaces_and_the_caret_follows() {
        let src = Source::new("x", "board {\n\tpits\t0\n}\n");
        let d = Diagnostic::error(Span::new(14, 15), "a row needs at least 1 pit");
        assert_eq!(
            d.render(&src),
            "error: a row needs at least 1 pit\n --> x:2:7\n  |\n2 |     pits    0\n  |             ^\n"
        );
    }

    #[test]
    fn control_characters_are_escaped_and_the_caret_follows() {
        let src = Source::new("x", "name \"a\u{1b}[2Jb\" c\n");
        // `c` is the 15th character; before it, the escape shows as six.
        let d = Diagnostic::error(Span::new(14, 15), "one value");
        let caret = format!("  | {}^\n", " ".repeat(14 - 1 + 6));
        assert_eq!(
            d.render(&src),
            format!("error: one value\n --> x:1:15\n  |\n1 | name \"a\\u{{1b}}[2Jb\" c\n{caret}")
        );
    }

    #[test]
    fn a_byte_order_mark_is_dropped() {
        let src = Source::new("x", "\u{feff}name \"T\"");
        assert_eq!(src.text, "name \"T\"");
    }

    #[test]
    fn long_reports_are_capped_with_a_count() {
        let source = Source::new("x", "a\n");
        let mut diagnostics = vec![Diagnostic::error(Span::new(0, 1), "bad"); MAX_SHOWN + 3];
        diagnostics.push(Diagnostic::warning(Span::new(0, 1), "odd"));
        let shown = Report {
            source,
            diagnostics,
        }
        .to_string();
        assert_eq!(shown.matches("error: bad").count(), MAX_SHOWN);
        assert!(!shown.contains("warning: odd"), "{shown}");
        assert!(
            shown.ends_with(
                "\nand 3 more errors and 1 more warning in x (the first 20 are shown)\n"
            ),
            "{shown}"
        );
    }

    #[test]
    fn offset_past_the_end_is_clamped() {
        let src = Source::new("x", "ab");
        assert_eq!(src.line_col(99), (1, 3));
    }
}
