//! The validated rules of a variant: plain data, serde-serialisable, built
//! from a syntax tree by [`load`] with every problem reported at its place.

mod board_checks;
mod checks;
pub mod describe;
pub mod format;
mod format_readings;
mod keyword;
pub mod language;
mod model;
pub mod readings;
pub mod schema;
mod sentences;
mod validate;
pub mod write;

pub use keyword::{closest, did_you_mean, expected_list, suggestion, Keyword};
pub use model::*;
pub use validate::{load, rules_of_tree, Loaded};
