//! The validated rules of a variant: plain data, serde-serialisable, built
//! from a syntax tree by [`load`] with every problem reported at its place.

mod keyword;
mod model;
mod validate;

pub use keyword::{suggestion, Keyword};
pub use model::*;
pub use validate::{load, Loaded};
