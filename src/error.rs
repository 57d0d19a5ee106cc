//! The top-level error: every failure a command can report, with its exit code.

use crate::{diagnostic::Report, engine::PositionError};

/// Exit code for success.
pub const EXIT_OK: i32 = 0;
/// Exit code when a check fails or a record is inconsistent.
pub const EXIT_FAILED: i32 = 1;
/// Exit code for bad input or usage.
pub const EXIT_BAD_INPUT: i32 = 2;

/// Anything a command can fail with. Displayed once, by the CLI.
#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// A file could not be read or written.
    #[error("{path}: {source}")]
    Io {
        /// The file.
        path: String,
        /// What went wrong.
        source: std::io::Error,
    },
    /// A VARIANT argument names neither a shipped variant nor a file.
    #[error("no shipped variant or file named `{name}`{} (shipped: {})", crate::rules::suggestion(name, shipped.iter().map(String::as_str)), shipped.join(", "))]
    UnknownVariant {
        /// The argument.
        name: String,
        /// The shipped names.
        shipped: Vec<String>,
    },
    /// A variant file with syntax or semantic errors.
    #[error("{0}")]
    Variant(Report),
    /// A position string that cannot be read.
    #[error("--from {text:?}: {error}")]
    Position {
        /// The string given.
        text: String,
        /// Where and what.
        error: PositionError,
    },
    /// A move that cannot be played.
    #[error("ply {ply}: {message}; legal moves: {}", if legal.is_empty() { "none".to_string() } else { legal.join(" ") })]
    Move {
        /// The ply (from 1) of the move.
        ply: u32,
        /// What is wrong with it.
        message: String,
        /// The legal moves at that ply.
        legal: Vec<String>,
    },
    /// A game record that cannot be read or does not fit its variant's board.
    #[error("{path}: {message}")]
    Record {
        /// The record file.
        path: String,
        /// Where (line and column when known) and what is wrong.
        message: String,
    },
    /// A variant that cannot be solved, or a position outside a solution.
    #[error("cannot solve: {0}")]
    Solve(#[from] crate::solve::SolveError),
    /// Standard output could not be written.
    #[error("standard output: {0}")]
    Stdout(std::io::Error),
    /// A command-line value that makes no sense.
    #[error("{0}")]
    Usage(String),
}

impl Error {
    /// The process exit code for this error.
    pub fn exit_code(&self) -> i32 {
        EXIT_BAD_INPUT
    }
}
