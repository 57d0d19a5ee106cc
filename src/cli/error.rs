//! The command line's error: every failure a command can report, with its
//! exit code. The library's layers have their own error types; this one
//! wraps them (and adds the command line's own: usage, standard output), so
//! no library module depends on it.

use crate::{
    engine::{MoveError, PositionError},
    files::{IoError, OutputError},
    memory::MemoryError,
    render::RenderError,
    sim::MergeError,
    solve::{SolveError, TableError},
    variants::{LoadError, ReadError},
    verify::RecordError,
    yaml::YamlError,
};

/// Exit code for success.
pub const EXIT_OK: i32 = 0;
/// Exit code when a check fails or a record is inconsistent.
pub const EXIT_FAILED: i32 = 1;
/// Exit code for bad input or usage.
pub const EXIT_BAD_INPUT: i32 = 2;
/// Exit code of `sow infer` when its search stopped at its bound before it
/// found a rule set that explains the records: whether one does is unknown.
pub const EXIT_UNKNOWN: i32 = 3;

/// Anything a command can fail with. Displayed once, by the CLI.
#[derive(Debug, thiserror::Error)]
pub(crate) enum Error {
    /// A file could not be read or written.
    #[error(transparent)]
    Io(#[from] IoError),
    /// An output file that cannot be written.
    #[error(transparent)]
    Output(#[from] OutputError),
    /// An input file that cannot be read.
    #[error(transparent)]
    Read(#[from] ReadError),
    /// A VARIANT argument that gives no rules.
    #[error(transparent)]
    Load(#[from] LoadError),
    /// A position string that cannot be read.
    #[error("--from {text:?}: {error}")]
    Position {
        /// The string given.
        text: String,
        /// Where and what.
        error: PositionError,
    },
    /// A move that cannot be played.
    #[error(transparent)]
    Move(#[from] MoveError),
    /// A game record that cannot be read or does not fit its variant's board.
    #[error(transparent)]
    Record(#[from] RecordError),
    /// A variant that cannot be solved, or a position outside a solution.
    #[error("cannot solve: {0}")]
    Solve(#[from] SolveError),
    /// A solution file that cannot be written or read.
    #[error(transparent)]
    Table(#[from] TableError),
    /// A picture that cannot be made.
    #[error(transparent)]
    Render(#[from] RenderError),
    /// A search too large for the memory available.
    #[error(transparent)]
    Memory(#[from] MemoryError),
    /// A record or trace that cannot be written as YAML.
    #[error(transparent)]
    Yaml(#[from] YamlError),
    /// Summaries that are not the shards of one batch.
    #[error(transparent)]
    Merge(#[from] MergeError),
    /// The web app cannot start.
    #[error(transparent)]
    Serve(#[from] crate::serve::ServeError),
    /// Standard output could not be written.
    #[error("standard output: {0}")]
    Stdout(std::io::Error),
    /// A command-line value that makes no sense.
    #[error("{0}")]
    Usage(String),
}

/// What kind of failure an error is, which decides the exit code.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Kind {
    /// The input (a file, an argument, a record) cannot be used: exit 2.
    BadInput,
}

impl Error {
    /// The kind of failure. Every error a command returns today is bad
    /// input; a check that runs and fails is not an error but its verdict
    /// (the command returns [`EXIT_FAILED`]).
    pub(crate) fn kind(&self) -> Kind {
        match self {
            Error::Io(_)
            | Error::Output(_)
            | Error::Read(_)
            | Error::Load(_)
            | Error::Position { .. }
            | Error::Move(_)
            | Error::Record(_)
            | Error::Solve(_)
            | Error::Table(_)
            | Error::Render(_)
            | Error::Memory(_)
            | Error::Yaml(_)
            | Error::Merge(_)
            | Error::Serve(_)
            | Error::Stdout(_)
            | Error::Usage(_) => Kind::BadInput,
        }
    }

    /// The process exit code for this error, from its kind.
    pub(crate) fn exit_code(&self) -> i32 {
        match self.kind() {
            Kind::BadInput => EXIT_BAD_INPUT,
        }
    }
}
