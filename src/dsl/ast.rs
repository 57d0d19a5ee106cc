//! The syntax tree of a variant file: sections and settings with their spans.

use crate::diagnostic::{Span, Spanned};

/// A parsed variant file: top-level settings and sections, in file order.
#[derive(Debug, Clone, Default)]
pub struct SyntaxTree {
    /// Settings outside any section (`name`, `source`, `grand_slam` ...).
    pub settings: Vec<Setting>,
    /// Named sections (`board { ... }`).
    pub sections: Vec<Section>,
    /// Comments, `#` to the end of the line (trailing spaces removed), in
    /// file order. They mean nothing; `sow fmt` keeps them.
    pub comments: Vec<Spanned<String>>,
}

/// `name { settings }`.
#[derive(Debug, Clone)]
pub struct Section {
    /// The section's name and where it is written.
    pub name: Spanned<String>,
    /// The settings inside, in file order.
    pub settings: Vec<Setting>,
    /// The whole section, name to closing `}`.
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
    /// A whole number; `None` when it does not fit in 64 bits.
    Number(Option<i64>),
    /// A quoted string, escapes resolved.
    Text(String),
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
