//! Verifying recorded rule descriptions: replaying game records against a
//! variant and finding where two variants part ways.

pub mod boards;
pub mod compare;
pub mod diff;
pub mod infer;
pub mod record;
pub mod replay;
pub mod rule_diff;

pub use record::{
    Checkpoint, ExpectedResult, Moves, Record, RecordError, RecordFile, RoundEnd, SaveError,
};
pub use replay::{replay, Divergence, Mismatch, Verdict};
