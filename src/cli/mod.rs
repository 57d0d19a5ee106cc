//! The `sow` command line: argument parsing and dispatch. Errors are printed
//! here, once, and mapped to the exit code.

mod commands;
mod report;

use std::ffi::OsString;

use clap::{Parser, Subcommand, ValueEnum};

use crate::{error::Error, EXIT_OK};

/// Define, check, play and simulate mancala (sowing) games from rule files.
///
/// VARIANT is the name of a shipped variant (see `sow list`) or the path to a
/// `.variant` file. Pits are labelled a b c ... (south, left to right) and
/// A B C ... (north, from north's left), so counter-clockwise sowing visits
/// a b c A B C.
#[derive(Debug, Parser)]
#[command(name = "sow", version, propagate_version = true)]
pub struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Parse and validate variant files; print derived facts and warnings.
    ///
    /// Exits 0 when every file is valid, 1 when one is not.
    Check {
        /// Variant files (or shipped names) to check.
        #[arg(required = true, value_name = "FILE")]
        files: Vec<String>,
    },
    /// List the shipped variants with their sources.
    List,
    /// Play one game and print it ply by ply.
    ///
    /// The moves come from --moves, or from two agents with --seed (random
    /// play with seed 1 when neither is given).
    ///
    /// Examples:
    ///   sow trace modiar --moves "a A b"
    ///   sow trace modiar --seed 7 --format json
    ///   sow trace modiar --from "2 3 0 / 1 5 1 south" --moves a
    #[command(verbatim_doc_comment)]
    Trace {
        /// Shipped variant name or path to a .variant file.
        variant: String,
        /// Moves to play, as pit labels separated by spaces: "a A b".
        #[arg(long, conflicts_with_all = ["seed", "agents", "max_plies"])]
        moves: Option<String>,
        /// Seed of the agents' random streams.
        #[arg(long)]
        seed: Option<u64>,
        /// The agents for south and north, comma-separated (agents: random, perfect).
        #[arg(long, default_value = "random,random", value_parser = crate::agents::parse_pair)]
        agents: [crate::agents::AgentSpec; 2],
        /// Start from this position instead of the variant's start:
        /// pit counts a b c ... / A B C ..., the player to move, and optionally
        /// `captured S N`, e.g. "2 3 0 / 1 5 1 south".
        #[arg(long, value_name = "POSITION")]
        from: Option<String>,
        /// Stop an agents' game after this many plies (reported as `ply_cap`).
        #[arg(long, default_value_t = 1000)]
        max_plies: u32,
        /// Output format.
        #[arg(long, value_enum, default_value_t = Format::Text)]
        format: Format,
    },
    /// Count the move sequences of each length from the start (perft).
    ///
    /// Prints one line per depth from 1 to DEPTH: the number of leaves.
    /// Repetition, a rule about a game's history, is not applied.
    Perft {
        /// Shipped variant name or path to a .variant file.
        variant: String,
        /// Deepest depth to count (at most 40).
        #[arg(value_parser = clap::value_parser!(u32).range(1..=40))]
        depth: u32,
        /// Start from this position (see `sow trace --help`).
        #[arg(long, value_name = "POSITION")]
        from: Option<String>,
    },
    /// Solve a small variant: the value of every reachable position under
    /// perfect play.
    ///
    /// Lists every position reachable from the start (board, side to move,
    /// and whether the first move is still to come), then works out by
    /// retrograde analysis what the player to move can make sure of: future
    /// captures plus leftovers, minus the opponent's. Cycles (sowing without
    /// capture can come back to a position) are solved under the variant's
    /// own repetition rule: exactly in groups of up to 64 positions, within
    /// proven bounds in larger ones (the report says whether the start's
    /// value is exact and how many positions are approximate). Prints the
    /// value of the start (the
    /// final score difference under perfect play, for South), the value of
    /// every first move, a perfect game, how many positions lie on cycles and
    /// how many have a value that depends on the repetition rule, and the
    /// time and peak memory taken.
    ///
    /// Refuses, before doing anything, a variant whose number of positions
    /// may exceed --limit (the bound is C(stones + pits, pits) boards for each
    /// side to move); memory is about 90 bytes a reachable position.
    ///
    /// Examples:
    ///   sow solve modiar
    ///   sow solve modiar --format json
    ///   sow solve my-variant.variant --limit 100000000 --save my-variant.solution
    #[command(verbatim_doc_comment)]
    Solve {
        /// Shipped variant name or path to a .variant file.
        variant: String,
        /// Refuse variants that may have more positions than this.
        #[arg(long, default_value_t = 50_000_000, value_name = "POSITIONS")]
        limit: u64,
        /// Also write the table of values to FILE (binary; read back by the
        /// perfect agent).
        #[arg(long, value_name = "FILE")]
        save: Option<std::path::PathBuf>,
        /// Output format.
        #[arg(long, value_enum, default_value_t = ReportFormat::Text)]
        format: ReportFormat,
    },
}

/// Output formats of `trace`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
enum Format {
    /// A table for people.
    Text,
    /// YAML.
    Yaml,
    /// JSON.
    Json,
}

/// Output formats of reports (`solve`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
enum ReportFormat {
    /// Text for people.
    Text,
    /// JSON.
    Json,
}

/// Runs `sow` with these arguments; returns the process exit code.
pub fn run<I, T>(args: I) -> i32
where
    I: IntoIterator<Item = T>,
    T: Into<OsString> + Clone,
{
    let cli = match Cli::try_parse_from(args) {
        Ok(cli) => cli,
        Err(e) => {
            let _ = e.print();
            return e.exit_code();
        }
    };
    match commands::execute(cli.command) {
        Ok(code) => code,
        Err(error) => {
            match &error {
                Error::Variant(report) => eprint!("{report}"),
                other => eprintln!("error: {other}"),
            }
            error.exit_code()
        }
    }
}

/// Exit code used by commands that succeed.
const OK: i32 = EXIT_OK;
