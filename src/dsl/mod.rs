//! The variant language's syntax: the pest grammar and the syntax tree it
//! produces. Meaning (which keys exist, which values they take) is given in
//! [`crate::rules`].

mod ast;
mod hint;
mod parser;

pub use ast::{Overflow, Reading, Section, Setting, SyntaxTree, Value};
pub use parser::parse;
