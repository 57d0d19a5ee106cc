//! Writing to standard output and standard error without panicking
//! (`print!` panics when the reader has gone). A closed pipe, as in
//! `sow perft modiar 20 | head -3`, ends the command quietly.

use std::{
    fmt::Display,
    io::{self, Write},
};

use super::error::Error;
use crate::diagnostic::printable;

/// Writes `text` to standard output and flushes it.
///
/// # Errors
/// The write fails, e.g. the pipe was closed.
pub(super) fn out(text: impl Display) -> Result<(), Error> {
    let mut stdout = io::stdout().lock();
    write!(stdout, "{text}")
        .and_then(|()| stdout.flush())
        .map_err(Error::Stdout)
}

/// Writes `text` to standard error, its control characters escaped (see
/// [`printable`]: a message quoting a file or an argument cannot drive the
/// terminal); a failure to do so cannot be reported anywhere, so it is
/// ignored.
pub(super) fn err(text: impl Display) {
    let _ = write!(io::stderr().lock(), "{}", printable(&text.to_string()));
}

/// Whether `error` only says that the reader of standard output has gone.
pub(super) fn reader_gone(error: &Error) -> bool {
    matches!(error, Error::Stdout(e) if e.kind() == io::ErrorKind::BrokenPipe)
}

/// `print!` that reports a failed write (a closed pipe) as an error instead
/// of panicking; use inside a function returning `Result<_, Error>`.
macro_rules! say {
    ($($arg:tt)*) => {
        $crate::cli::output::out(format_args!($($arg)*))?
    };
}

/// `println!` that reports a failed write instead of panicking.
macro_rules! sayln {
    () => {
        $crate::cli::output::out("\n")?
    };
    ($($arg:tt)*) => {
        $crate::cli::output::out(format_args!("{}\n", format_args!($($arg)*)))?
    };
}

pub(super) use {say, sayln};
