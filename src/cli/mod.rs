//! The `sow` command line: argument parsing and dispatch. Errors are printed
//! here, once, and mapped to the exit code.

mod commands;
mod output;
mod report;
mod sim_report;
mod simulate;

use std::{ffi::OsString, path::PathBuf};

use clap::{Args, Parser, Subcommand, ValueEnum};

use crate::{error::Error, EXIT_OK};

/// Define, check, play and simulate mancala (sowing) games from rule files.
///
/// VARIANT is the name of a shipped variant (see `sow list`) or the path to a
/// `.variant` file. Pits are labelled a b c ... (south, left to right) and
/// A B C ... (north, from north's left), so counter-clockwise sowing visits
/// a b c A B C.
///
/// Exit codes: 0 success; 1 a check failed (`sow check` found an invalid
/// file); 2 bad input or usage (an unreadable variant, a bad position, an
/// illegal move, an unknown option). Every error names its place: file, line
/// and column, the column of a position, the ply of a move, or the option.
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
        /// The agents for south and north, comma-separated: random, greedy,
        /// alphabeta:D (search D plies), mcts:N (N playouts per move).
        #[arg(long, default_value = "random,random", value_parser = crate::agents::parse_pair)]
        agents: [crate::agents::AgentSpec; 2],
        /// Start from this position instead of the variant's start:
        /// pit counts a b c ... / A B C ..., the player to move, and optionally
        /// `captured S N`, e.g. "2 3 0 / 1 5 1 south".
        #[arg(long, value_name = "POSITION")]
        from: Option<String>,
        /// Stop an agents' game after this many plies (reported as `ply_cap`);
        /// at most 1,000,000.
        #[arg(long, default_value_t = 1000, value_parser = clap::value_parser!(u32).range(1..=i64::from(crate::sim::MAX_PLY_CAP)))]
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
    /// Measure the engine: random playouts per second and perft nodes per second.
    ///
    /// Plays random games from the start for --seconds on one thread, then on
    /// --threads threads (all cores by default), then runs perft. Prints games/s,
    /// plies/s, perft nodes/s and the peak memory.
    ///
    /// Example: sow bench modiar --seconds 5 --format json
    #[command(verbatim_doc_comment)]
    Bench {
        /// Shipped variant name or path to a .variant file.
        variant: String,
        /// Seconds per measurement.
        #[arg(long, default_value_t = 3.0, value_parser = seconds)]
        seconds: f64,
        /// Threads for the parallel measurement (default: all cores).
        #[arg(long, value_parser = clap::value_parser!(u16).range(1..=1024))]
        threads: Option<u16>,
        /// Output format.
        #[arg(long, value_enum, default_value_t = BenchFormat::Text)]
        format: BenchFormat,
    },
    /// Play a batch of games between two agents and summarise them.
    ///
    /// Game i (from 0) gets its own seed derived from --seed and i, so the
    /// results depend only on the variant, the agents, the seed and the
    /// options, never on --threads. A progress bar (games/s, ETA) is shown
    /// when stderr is a terminal. The summary gives wins per seat and draws
    /// with 95% Wilson intervals, the first player's advantage, game length
    /// (mean, median, p95, max), captures, how games ended (a game stopped by
    /// --max-plies counts as `ply_cap`, never as a win or a draw), the
    /// branching factor and Ludii-style metrics (see README).
    ///
    /// Examples:
    ///   sow simulate modiar --games 100000
    ///   sow simulate modiar --agents greedy,alphabeta:4 --games 2000 --swap
    ///   sow simulate modiar --format json --games-out games.jsonl
    ///   sow simulate modiar --games 1000000 --shard 2/8 --format json > part2.json
    #[command(verbatim_doc_comment)]
    Simulate {
        /// Shipped variant name or path to a .variant file.
        variant: String,
        #[command(flatten)]
        batch: BatchArgs,
        /// Play only the I-th of N contiguous slices of the batch's games
        /// (I from 1): games [(I-1)*G/N, I*G/N). `sow merge` adds the N JSON
        /// summaries up into the summary of the whole batch.
        #[arg(long, value_name = "I/N", value_parser = clap::value_parser!(crate::sim::Shard))]
        shard: Option<crate::sim::Shard>,
        /// Also write every game as one JSON object per line (JSON Lines):
        /// game, seed, agents, plies, end, scores, winner (null at the ply
        /// cap) and moves (as `trace --moves` reads them: `b`, `b:ccw`,
        /// `pass`). The file appears only when the batch is complete.
        #[arg(long, value_name = "FILE.jsonl")]
        games_out: Option<PathBuf>,
    },
    /// Run the same batch on several variants: one row per variant.
    ///
    /// Shows side by side how a rule change moves the figures.
    ///
    /// Examples:
    ///   sow compare-rules modiar modiar-awale-info
    ///   sow compare-rules modiar my-variant.variant --agents greedy,greedy --format csv
    #[command(verbatim_doc_comment)]
    CompareRules {
        /// Shipped variant names or paths to .variant files.
        #[arg(required = true, value_name = "VARIANT")]
        variants: Vec<String>,
        #[command(flatten)]
        batch: BatchArgs,
    },
    /// Add up the JSON summaries of every shard of one batch.
    ///
    /// The result is exactly the summary one run of the whole batch gives.
    ///
    /// Example:
    ///   sow simulate modiar --games 100000 --shard 1/2 --format json > a.json
    ///   sow simulate modiar --games 100000 --shard 2/2 --format json > b.json
    ///   sow merge a.json b.json --format json
    #[command(verbatim_doc_comment)]
    Merge {
        /// The JSON summaries of shards 1/N to N/N, in any order.
        #[arg(required = true, value_name = "FILE")]
        files: Vec<String>,
        /// Output format.
        #[arg(long, value_enum, default_value_t = SummaryFormat::Table)]
        format: SummaryFormat,
    },
}

/// The options of a batch of games.
#[derive(Debug, Args)]
struct BatchArgs {
    /// Number of games (at least 1).
    #[arg(long, default_value_t = 1000, value_parser = parse_games)]
    games: u64,
    /// The agents, first then second, comma-separated; the first plays south
    /// (unless --swap): random, greedy, alphabeta:D (search D plies),
    /// mcts:N (N playouts per move).
    #[arg(long, default_value = "random,random", value_parser = crate::agents::parse_pair)]
    agents: [crate::agents::AgentSpec; 2],
    /// Seed of the batch.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Worker threads (0: one per core; at most 1024). The results do not
    /// depend on it.
    #[arg(long, default_value_t = 0, value_parser = threads)]
    threads: usize,
    /// Exchange the agents' seats in odd-numbered games, so that seat and
    /// agent effects can be told apart (adds wins per agent).
    #[arg(long)]
    swap: bool,
    /// Stop a game after this many plies; it then counts as `ply_cap`.
    #[arg(long, default_value_t = 1000, value_parser = clap::value_parser!(u32).range(1..=i64::from(crate::sim::MAX_PLY_CAP)))]
    max_plies: u32,
    /// Output format.
    #[arg(long, value_enum, default_value_t = SummaryFormat::Table)]
    format: SummaryFormat,
}

/// `--games`: a whole number, at least 1.
fn parse_games(s: &str) -> Result<u64, String> {
    match s.parse::<u64>() {
        Ok(0) => Err("a batch needs at least 1 game".into()),
        Ok(n) => Ok(n),
        Err(_) => Err(format!("expected a whole number of games, found `{s}`")),
    }
}

/// `--threads`: 0 (one per core) to 1024.
fn threads(s: &str) -> Result<usize, String> {
    match s.parse::<usize>() {
        Ok(n) if n <= 1024 => Ok(n),
        _ => Err(format!(
            "expected a number of threads from 0 (one per core) to 1024, found `{s}`"
        )),
    }
}

/// Output formats of batch summaries.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
enum SummaryFormat {
    /// A table for people.
    Table,
    /// JSON (with the raw counts `sow merge` needs).
    Json,
    /// CSV: a header line, then one line per summary.
    Csv,
}

/// A duration in seconds between 0.1 and one hour.
fn seconds(text: &str) -> Result<f64, String> {
    let value: f64 = text
        .parse()
        .map_err(|_| format!("`{text}` is not a number of seconds"))?;
    if (0.1..=3600.0).contains(&value) {
        Ok(value)
    } else {
        Err(format!("{value} seconds: expected between 0.1 and 3600"))
    }
}

/// Output formats of `bench`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
enum BenchFormat {
    /// Lines for people.
    Text,
    /// JSON.
    Json,
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
        Err(error) if output::reader_gone(&error) => OK,
        Err(error) => {
            match &error {
                Error::Variant(report) => output::err(report),
                other => output::err(format_args!("error: {other}\n")),
            }
            error.exit_code()
        }
    }
}

/// Exit code used by commands that succeed.
const OK: i32 = EXIT_OK;
