//! The `sow` command line: argument parsing and dispatch. Errors are printed
//! here, once, and mapped to the exit code.

mod args;
mod commands;
mod diff_report;
mod error;
mod infer_report;
mod output;
mod play;
mod progress;
mod readings_report;
mod report;
mod serve;
pub use report::check_ok;
mod sensitivity;
mod sim_report;
mod simulate;
mod verify_commands;

use std::ffi::OsString;

use clap::Parser;

use crate::variants::LoadError;
pub use args::Cli;
use args::OK;
use error::Error;
pub use error::{EXIT_BAD_INPUT, EXIT_FAILED, EXIT_OK, EXIT_UNKNOWN};

/// Runs `sow` with these arguments; returns the process exit code.
pub fn run<I, T>(args: I) -> i32
where
    I: IntoIterator<Item = T>,
    T: Into<OsString> + Clone,
{
    let cli = match Cli::try_parse_from(args) {
        Ok(cli) => cli,
        // Help and the version go to standard output as clap writes them;
        // an error goes through `output::err`, which escapes what the
        // arguments hold.
        Err(e) if e.use_stderr() => {
            output::err(e.render());
            return e.exit_code();
        }
        Err(e) => {
            let _ = e.print();
            return e.exit_code();
        }
    };
    match commands::execute(cli.command) {
        Ok(code) => code,
        Err(error) if output::reader_gone(&error) => OK,
        Err(error) => {
            match &error {
                Error::Load(LoadError::Invalid(report)) => output::err(report),
                other => output::err(format_args!("error: {other}\n")),
            }
            error.exit_code()
        }
    }
}
