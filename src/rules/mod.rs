//! The validated rules of a variant: plain data, serde-serialisable, built
//! from a syntax tree by [`load`] with every problem reported at its place.

pub mod artifacts;
mod declaration;
pub mod describe;
pub mod format;
mod format_readings;
mod keyword;
pub mod language;
mod layout;
mod load;
mod model;
mod notation;
pub mod overrides;
pub mod readings;
pub mod schema;
pub(crate) mod sections;
mod validate;
pub mod write;

pub use keyword::{closest, did_you_mean, expected_list, suggestion, Keyword};
pub use load::load;
pub use model::*;
pub use notation::{parse_pit_label, pit_label, MAX_RELAYS};
pub use validate::{rules_of_tree, Loaded};
