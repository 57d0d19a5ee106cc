//! The pest parser and the walk from pest pairs to the syntax tree.

use pest::{error::InputLocation, iterators::Pair, Parser};
use pest_derive::Parser;

use super::ast::{Overflow, Reading, Section, Setting, SyntaxTree, Value};
use crate::diagnostic::{Diagnostic, Span, Spanned};

/// The parser generated from `grammar/variant.pest`.
#[derive(Parser)]
#[grammar = "grammar/variant.pest"]
struct VariantParser;

/// Parses a variant file into its syntax tree.
///
/// # Errors
/// A syntax error, with its place and what was expected there.
pub fn parse(text: &str) -> Result<SyntaxTree, Diagnostic> {
    let mut pairs = VariantParser::parse(Rule::file, text).map_err(|e| syntax_error(text, e))?;
    let mut tree = SyntaxTree {
        comments: comments(text),
        ..SyntaxTree::default()
    };
    let Some(file) = pairs.next() else {
        return Ok(tree);
    };
    for pair in file.into_inner() {
        match pair.as_rule() {
            Rule::section => tree.sections.push(section(pair)),
            Rule::setting => tree.settings.push(setting(pair)),
            Rule::reading => tree.readings.push(reading(pair)),
            Rule::EOI => {}
            other => unreachable!("unexpected {other:?} at top level"),
        }
    }
    Ok(tree)
}

fn reading(pair: Pair<'_, Rule>) -> Reading {
    debug_assert_eq!(pair.as_rule(), Rule::reading);
    let span = Span::from(pair.as_span());
    let mut inner = pair.into_inner().peekable();
    let keyword = inner
        .next()
        .map(spanned_text)
        .unwrap_or_else(|| unreachable!("the grammar starts every reading with `reading`"));
    // A reading written without its name: an empty name at `reading`.
    let name = match inner.next_if(|p| p.as_rule() == Rule::label) {
        Some(label) => spanned_text(label),
        None => Spanned {
            span: keyword.span,
            node: String::new(),
        },
    };
    let mut reading = Reading {
        name,
        settings: Vec::new(),
        sections: Vec::new(),
        span,
    };
    for pair in inner {
        match pair.as_rule() {
            Rule::section => reading.sections.push(section(pair)),
            Rule::setting => reading.settings.push(setting(pair)),
            other => unreachable!("unexpected {other:?} in a reading"),
        }
    }
    reading
}

fn section(pair: Pair<'_, Rule>) -> Section {
    debug_assert_eq!(pair.as_rule(), Rule::section);
    let span = Span::from(pair.as_span());
    let mut inner = pair.into_inner();
    let name = inner
        .next()
        .map(spanned_text)
        .unwrap_or_else(|| unreachable!("the grammar puts a key first in every section"));
    let label = inner
        .peek()
        .filter(|p| p.as_rule() == Rule::label)
        .map(spanned_text);
    if label.is_some() {
        inner.next();
    }
    Section {
        name,
        label,
        settings: inner.map(setting).collect(),
        span,
    }
}

fn setting(pair: Pair<'_, Rule>) -> Setting {
    debug_assert_eq!(pair.as_rule(), Rule::setting);
    let span = Span::from(pair.as_span());
    let mut inner = pair.into_inner();
    let key = inner
        .next()
        .map(spanned_text)
        .unwrap_or_else(|| unreachable!("the grammar puts a key first in every setting"));
    let values = inner.map(value).collect();
    Setting { key, values, span }
}

fn value(pair: Pair<'_, Rule>) -> Spanned<Value> {
    let span = Span::from(pair.as_span());
    let node = match pair.as_rule() {
        Rule::word => Value::Word(pair.as_str().to_string()),
        Rule::number => Value::Number(pair.as_str().parse().map_err(|_| {
            if pair.as_str().starts_with('-') {
                Overflow::TooSmall
            } else {
                Overflow::TooLarge
            }
        })),
        Rule::string => Value::Text(unescape(pair.as_str())),
        other => unreachable!("unexpected {other:?} as a value"),
    };
    Spanned { span, node }
}

/// The comments of a text the grammar accepts: a `#` outside a string
/// starts one, which runs to the end of the line (strings never span lines).
fn comments(text: &str) -> Vec<Spanned<String>> {
    let mut found = Vec::new();
    let mut in_string = false;
    let mut chars = text.char_indices();
    while let Some((i, c)) = chars.next() {
        match c {
            '\\' if in_string => {
                chars.next();
            }
            '"' => in_string = !in_string,
            '\n' | '\r' => in_string = false,
            '#' if !in_string => {
                let end = text[i..].find(['\n', '\r']).map_or(text.len(), |n| i + n);
                let node = text[i..end].trim_end().to_string();
                found.push(Spanned {
                    span: Span::new(i, i + node.len()),
                    node,
                });
                // Skip to the end of the line.
                while chars.clone().next().is_some_and(|(j, _)| j < end) {
                    chars.next();
                }
            }
            _ => {}
        }
    }
    found
}

fn spanned_text(pair: Pair<'_, Rule>) -> Spanned<String> {
    Spanned {
        span: Span::from(pair.as_span()),
        node: pair.as_str().to_string(),
    }
}

/// Strips the quotes and resolves `\"` and `\\`.
fn unescape(quoted: &str) -> String {
    let inner = &quoted[1..quoted.len() - 1];
    let mut out = String::with_capacity(inner.len());
    let mut chars = inner.chars();
    while let Some(c) = chars.next() {
        if c == '\\' {
            if let Some(next) = chars.next() {
                out.push(next);
            }
        } else {
            out.push(c);
        }
    }
    out
}

/// Turns pest's error into a diagnostic with friendly names for the rules.
fn syntax_error(text: &str, error: pest::error::Error<Rule>) -> Diagnostic {
    let span = match error.location {
        InputLocation::Pos(p) => Span::new(p, p),
        InputLocation::Span((s, e)) => Span::new(s, e),
    };
    if text.get(span.start..).is_some_and(unclosed_string) {
        return Diagnostic::error(
            span,
            "syntax error: this string has no closing `\"` on its line (write `\\\"` for a quote inside a string)",
        );
    }
    if let Some(diagnostic) = super::hint::explain(text, span.start) {
        return diagnostic;
    }
    let error = error.renamed_rules(|rule| describe(*rule).to_string());
    let message = match &error.variant {
        pest::error::ErrorVariant::ParsingError { .. } => error.variant.message().to_string(),
        pest::error::ErrorVariant::CustomError { message } => message.clone(),
    };
    Diagnostic::error(span, format!("syntax error: {message}"))
}

/// Whether `rest` starts with a `"` that is not closed on its line.
fn unclosed_string(rest: &str) -> bool {
    let Some(inner) = rest.strip_prefix('"') else {
        return false;
    };
    let mut chars = inner.chars();
    while let Some(c) = chars.next() {
        match c {
            '"' => return false,
            '\\' => {
                chars.next();
            }
            '\n' | '\r' => return true,
            _ => {}
        }
    }
    true
}

fn describe(rule: Rule) -> &'static str {
    match rule {
        Rule::EOI => "end of file",
        Rule::file => "a variant file",
        Rule::section => "a section such as `board { ... }`",
        Rule::reading => "a reading such as `reading ludii { ... }`",
        Rule::reading_keyword => "`reading`",
        Rule::reading_item => "a setting or a section",
        Rule::setting => "a setting such as `pits 3`",
        Rule::key | Rule::word => "a keyword",
        Rule::label => "a section label",
        Rule::number => "a number",
        Rule::string | Rule::string_inner => "a quoted string",
        Rule::separator => "a new line or `;`",
        Rule::item => "a setting or a section",
        Rule::value => "a value",
        Rule::WHITESPACE => "a space",
        Rule::COMMENT => "a comment",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sections_settings_and_values() {
        let tree = parse(
            "name \"Mo\\\"diar\"  # comment\nboard { rows 2; pits 3\n seeds 7 }\ngrand_slam forbidden\n",
        )
        .unwrap();
        assert_eq!(tree.settings.len(), 2);
        assert_eq!(
            tree.settings[0].values[0].node,
            Value::Text("Mo\"diar".into())
        );
        assert_eq!(tree.sections[0].name.node, "board");
        let keys: Vec<_> = tree.sections[0]
            .settings
            .iter()
            .map(|s| s.key.node.as_str())
            .collect();
        assert_eq!(keys, ["rows", "pits", "seeds"]);
        assert_eq!(
            tree.sections[0].settings[2].values[0].node,
            Value::Number(Ok(7))
        );
    }

    #[test]
    fn huge_number_is_kept_as_overflow() {
        let tree = parse("seeds 99999999999999999999999").unwrap();
        assert_eq!(
            tree.settings[0].values[0].node,
            Value::Number(Err(Overflow::TooLarge))
        );
        let tree = parse("seeds -99999999999999999999999").unwrap();
        assert_eq!(
            tree.settings[0].values[0].node,
            Value::Number(Err(Overflow::TooSmall))
        );
    }

    #[test]
    fn unclosed_section_is_a_syntax_error_at_the_end() {
        let err = parse("board {\n rows 2\n").unwrap_err();
        assert!(
            err.message
                .starts_with("syntax error: section `board` has no closing"),
            "{}",
            err.message
        );
        assert_eq!(err.span.start, 16);
    }

    #[test]
    fn unclosed_string_says_so() {
        let err = parse("name \"Mo\\\"diar\nboard { pits 3 }\n").unwrap_err();
        assert_eq!(err.span.start, 5);
        assert!(err.message.contains("no closing"), "{}", err.message);
        let err = parse("board { \"pits\" 3 }\n").unwrap_err();
        assert!(!err.message.contains("no closing"), "{}", err.message);
    }

    #[test]
    fn comments_are_kept_but_not_inside_strings() {
        let text = "# head\nname \"a # \\\" # b\"  # after  \nboard { pits 3 # in\n}\n";
        let tree = parse(text).unwrap();
        let comments: Vec<(&str, &str)> = tree
            .comments
            .iter()
            .map(|c| (c.node.as_str(), &text[c.span.start..c.span.end]))
            .collect();
        assert_eq!(
            comments,
            [
                ("# head", "# head"),
                ("# after", "# after"),
                ("# in", "# in")
            ]
        );
        assert_eq!(
            &text[tree.sections[0].span.start..tree.sections[0].span.end],
            "board { pits 3 # in\n}"
        );
    }

    #[test]
    fn readings_hold_settings_and_sections() {
        let text =
            "name \"M\"\nreading ludii {\n  why \"w\"\n  sow { laps single }\n}\nreadings 2\n";
        let tree = parse(text).unwrap();
        assert_eq!(tree.readings.len(), 1);
        let reading = &tree.readings[0];
        assert_eq!(reading.name.node, "ludii");
        assert_eq!(reading.settings[0].key.node, "why");
        assert_eq!(reading.sections[0].name.node, "sow");
        // `readings` is a key, not a reading.
        assert_eq!(tree.settings[1].key.node, "readings");
        // Inside a reading, `reading y { }` is a section (which the
        // validator refuses: readings do not nest).
        let nested = parse("reading x { reading y { } }").unwrap();
        assert_eq!(nested.readings[0].sections[0].name.node, "reading");
    }

    #[test]
    fn empty_file_parses() {
        let tree = parse("# nothing\n").unwrap();
        assert!(tree.settings.is_empty() && tree.sections.is_empty());
    }
}
