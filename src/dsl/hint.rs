//! What a syntax error most likely means, read from the text around it: an
//! unclosed section, a comma between values, `=` or `:` after a key, a
//! decimal number. The parser's own "expected ..." list is the fallback.

use crate::diagnostic::{Diagnostic, Span};

/// A diagnostic for the syntax error at byte `at` of `text`, when the text
/// there shows what was meant.
pub fn explain(text: &str, at: usize) -> Option<Diagnostic> {
    let rest = text.get(at..)?;
    let here = Span::new(at, at + rest.chars().next().map_or(0, char::len_utf8));
    let next = rest.chars().next();
    if let Some(open) = unclosed_section(&text[..at]) {
        // A `{` on the section's own line is a nested section, not a new one.
        let new_line = text[open.end..at].contains('\n');
        if next.is_none() || rest.trim_start().is_empty() || (next == Some('{') && new_line) {
            let name = &text[open.start..open.end];
            let kind = match text[..open.start].trim_end().ends_with("reading") {
                true => "reading",
                false => "section",
            };
            let where_ = if next.is_none() {
                "the file ends"
            } else {
                "a new section starts"
            };
            return Some(
                Diagnostic::error(
                    here,
                    format!(
                        "syntax error: {kind} `{name}` has no closing `}}`: {where_} before it is closed"
                    ),
                )
                .with_note(open, format!("`{name}` opened here")),
            );
        }
    }
    let setting = setting_around(text, at);
    let message = match next? {
        '}' if unclosed_section(&text[..at]).is_none() => {
            "syntax error: this `}` closes no section".to_string()
        }
        ',' => format!(
            "syntax error: values are separated by spaces, not commas: write `{}`",
            squeeze(&setting.replace(',', " "))
        ),
        '=' => format!(
            "syntax error: no `=` between a key and its value: write `{}`",
            squeeze(&setting.replace('=', " "))
        ),
        ':' => {
            let (key, after) = setting.split_once(':').unwrap_or((setting, ""));
            let key = key.trim();
            if after.trim().is_empty() {
                format!("syntax error: sections use `{{ }}`, not `:`: write `{key} {{ ... }}`")
            } else {
                format!(
                    "syntax error: no `:` after a key: write `{key} {}` (and a section as `{key} {{ ... }}`)",
                    after.trim()
                )
            }
        }
        '.' if text[..at].ends_with(|c: char| c.is_ascii_digit()) => {
            let start = text[..at]
                .rfind(|c: char| !c.is_ascii_digit() && c != '-')
                .map_or(0, |i| i + 1);
            let end = rest[1..]
                .find(|c: char| !c.is_ascii_digit())
                .map_or(text.len(), |i| at + 1 + i);
            let number = &text[start..end];
            return Some(Diagnostic::error(
                Span::new(start, end),
                format!("syntax error: whole numbers only: `{number}` is not a whole number"),
            ));
        }
        _ => return None,
    };
    Some(Diagnostic::error(here, message))
}

/// The name of the innermost section still open at the end of `before`
/// (comments and strings skipped), as a span.
fn unclosed_section(before: &str) -> Option<Span> {
    let mut open: Vec<Span> = Vec::new();
    let mut word: Option<Span> = None;
    let mut chars = before.char_indices().peekable();
    while let Some((i, c)) = chars.next() {
        match c {
            '#' => while chars.next_if(|(_, c)| *c != '\n').is_some() {},
            '"' => {
                while let Some((_, c)) = chars.next() {
                    match c {
                        '\\' => {
                            chars.next();
                        }
                        '"' | '\n' => break,
                        _ => {}
                    }
                }
                word = None;
            }
            '{' => open.push(word.take().unwrap_or(Span::new(i, i + 1))),
            '}' => {
                open.pop();
                word = None;
            }
            c if c.is_ascii_alphanumeric() || c == '_' || c == '-' => {
                let start = word.filter(|w| w.end == i).map_or(i, |w| w.start);
                word = Some(Span::new(start, i + c.len_utf8()));
            }
            ' ' | '\t' => {}
            _ => word = None,
        }
    }
    open.pop()
}

/// The setting the error is in: from the last `{`, `;` or line start before
/// `at` to the next `}`, `;`, `#` or line end.
fn setting_around(text: &str, at: usize) -> &str {
    let start = text[..at].rfind(['\n', '{', ';']).map_or(0, |i| i + 1);
    let end = text[at..]
        .find(['\n', '}', ';', '#'])
        .map_or(text.len(), |i| at + i);
    text[start..end].trim()
}

/// Collapses runs of spaces to one.
fn squeeze(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn message(text: &str, at: &str) -> String {
        let at = text.find(at).unwrap();
        explain(text, at).map(|d| d.message).unwrap_or_default()
    }

    #[test]
    fn says_what_was_meant() {
        assert_eq!(
            message("capture { counts 2,4 }", ","),
            "syntax error: values are separated by spaces, not commas: write `counts 2 4`"
        );
        assert_eq!(
            message("board {\n rows = 2\n}", "="),
            "syntax error: no `=` between a key and its value: write `rows 2`"
        );
        assert_eq!(
            message("board { seeds 4.5 }", "."),
            "syntax error: whole numbers only: `4.5` is not a whole number"
        );
        assert_eq!(
            message("board:\n", ":"),
            "syntax error: sections use `{ }`, not `:`: write `board { ... }`"
        );
        assert_eq!(
            explain("board { pits 3 } }", 17)
                .map(|d| d.message)
                .unwrap_or_default(),
            "syntax error: this `}` closes no section"
        );
        assert_eq!(
            message("name: \"T\"\n", ":"),
            "syntax error: no `:` after a key: write `name \"T\"` (and a section as `name { ... }`)"
        );
    }

    #[test]
    fn names_the_unclosed_section() {
        let text = "board { pits 3 # a { in a comment\n seeds \"}\"\nsow { start next }\n";
        let d = explain(text, text.find("{ start").unwrap()).unwrap();
        assert_eq!(
            d.message,
            "syntax error: section `board` has no closing `}`: a new section starts before it is closed"
        );
        let (span, note) = d.note.unwrap();
        assert_eq!(
            (span, note.as_str()),
            (Span::new(0, 5), "`board` opened here")
        );
        assert_eq!(explain("board { pits { 3 } }", 13), None);
        let text = "board { pits 3 }\nsow {\n start next\n";
        let d = explain(text, text.len()).unwrap();
        assert!(d.message.contains("section `sow`"), "{}", d.message);
        assert!(d.message.contains("the file ends"), "{}", d.message);
    }
}
