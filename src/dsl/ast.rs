//! The syntax tree of a variant file: sections and settings with their spans.

use crate::diagnostic::{Span, Spanned};

/// A parsed variant file: top-level settings and sections, in file order.
#[derive(Debug, Clone, Default)]
pub struct SyntaxTree {
    /// Settings outside any section (`name`, `source`, `grand_slam` ...).
    pub settings: Vec<Setting>,
    /// Named sections (`board { ... }`).
    pub sections: Vec<Section>,
    /// Named readings (`reading NAME { ... }`), in file order: overrides
    /// of the settings above, resolved by [`crate::rules::readings`].
    pub readings: Vec<Reading>,
    /// Comments, `#` to the end of the line (trailing spaces removed), in
    /// file order. They mean nothing; `sow fmt` keeps them.
    pub comments: Vec<Spanned<String>>,
}

/// `name { settings }`.
#[derive(Debug, Clone)]
pub struct Section {
    /// The section's name and where it is written.
    pub name: Spanned<String>,
    /// The label of a section given more than once (`last` in `capture last
    /// { ... }`).
    pub label: Option<Spanned<String>>,
    /// The settings inside, in file order.
    pub settings: Vec<Setting>,
    /// The whole section, name to closing `}`.
    pub span: Span,
}

/// `reading NAME { settings and sections }`: one way to read the rules,
/// as overrides of the base file.
#[derive(Debug, Clone)]
pub struct Reading {
    /// The reading's name and where it is written (empty, at `reading`,
    /// when the file leaves it out: an error).
    pub name: Spanned<String>,
    /// The settings outside any section (`source`, `why`, top-level keys).
    pub settings: Vec<Setting>,
    /// The sections it overrides or adds.
    pub sections: Vec<Section>,
    /// The whole reading, `reading` to closing `}`.
    pub span: Span,
}

/// `key value value ...` on one line.
#[derive(Debug, Clone)]
pub struct Setting {
    /// The keyword.
    pub key: Spanned<String>,
    /// The values after it.
    pub values: Vec<Spanned<Value>>,
    /// The whole line, key and values.
    pub span: Span,
}

/// One value of a setting.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Value {
    /// A bare word such as `ccw`.
    Word(String),
    /// A whole number, or which way it does not fit in 64 bits.
    Number(Result<i64, Overflow>),
    /// A quoted string, escapes resolved.
    Text(String),
}

/// A number written too large (or too far below zero) to hold.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Overflow {
    /// Above the largest 64-bit number.
    TooLarge,
    /// Below the smallest 64-bit number.
    TooSmall,
}

impl Overflow {
    /// `too large` or `too small`, for messages.
    pub fn size(self) -> &'static str {
        match self {
            Overflow::TooLarge => "too large",
            Overflow::TooSmall => "too small",
        }
    }
}

impl Value {
    /// How the value is described in messages: `word`, `number` or `string`.
    pub fn kind(&self) -> &'static str {
        match self {
            Value::Word(_) => "word",
            Value::Number(_) => "number",
            Value::Text(_) => "string",
        }
    }
}
