//! The command line as clap reads it: the commands, their options and the
//! checks of their values, and the checks every command shares before it
//! starts (the agents can play the variant, a position to start from).

use std::{borrow::Cow, path::PathBuf};

use clap::{Args, Parser, Subcommand, ValueEnum};

use super::error::Error;
use crate::engine::{check_stones, parse_position, AnyGame, Game, NarrowView, Position, Width};

/// Define, check, play, simulate and solve mancala (sowing) games from rule
/// files.
///
/// VARIANT is the name of a shipped variant (see `sow list`) or the path to a
/// `.variant` file. Pits are labelled a b c ... (south, left to right) and
/// A B C ... (north, from north's left), so counter-clockwise sowing visits
/// a b c A B C. A position (`--from`) is the pit counts in that order, an
/// optional `/` between the rows, the player to move, and optionally the
/// stones captured so far: "2 3 0 / 1 5 1 south captured 18 12".
///
/// Exit codes: 0 success; 1 a check failed (`sow check` found an invalid
/// file, `sow fmt --check` an unformatted one, `sow verify` an inconsistent
/// record, `sow diff` different rules); 2 bad input or usage (an unreadable
/// variant, a bad position, an illegal move, an unknown option); 3 unknown
/// (`sow infer` stopped at its bound before finding rules that explain the
/// records). Every error names its place: file, line and column, the column
/// of a position, the ply of a move, or the option.
///
/// Examples:
///   sow check variants/modiar.variant
///   sow trace modiar --moves "a A b B"
///   sow simulate modiar --games 1000 --seed 1
#[derive(Debug, Parser)]
#[command(name = "sow", version, propagate_version = true, verbatim_doc_comment)]
pub struct Cli {
    #[command(subcommand)]
    pub(super) command: Command,
}

#[derive(Debug, Subcommand)]
pub(super) enum Command {
    /// Parse and validate variant files; print derived facts and warnings.
    ///
    /// With --play N, also play N random games of each valid file and
    /// report how often the choices beyond the source decided them: the
    /// repetition rule ended a game, a relay was cut at the lap bound, the
    /// ply cap (1000) stopped one; and how the games ended.
    ///
    /// With --set, each file's rules (or the reading named) are checked
    /// with the settings changed, and its other readings are not.
    ///
    /// Exits 0 when every file is valid, 1 when one is not.
    ///
    /// Examples:
    ///   sow check variants/modiar.variant
    ///   sow check my.variant --play 1000
    ///   sow check kalah --set board.seeds=3 --play 1000
    #[command(verbatim_doc_comment)]
    Check {
        /// Variant files (or shipped names) to check.
        #[arg(required = true, value_name = "FILE")]
        files: Vec<String>,
        /// Also play this many random games of each file (seeded as
        /// `sow simulate --games N --seed S`).
        #[arg(long, value_name = "N", value_parser = parse_games)]
        play: Option<u64>,
        /// Seed of the --play games.
        #[arg(long, default_value_t = 1, value_parser = any_u64, requires = "play")]
        seed: u64,
        #[command(flatten)]
        set: SetArgs,
    },
    /// List the shipped variants with their boards and sources.
    ///
    /// One line per variant shipped in the binary (and one per reading
    /// of it): the name to give any command (`sow simulate NAME`), the
    /// game's name, its board (`2x6 x4 (48 stones)`: rows x pits per row,
    /// stones per pit, all the stones; `per-pit start` when the file gives
    /// each pit's count) and the source its rules come from. Each
    /// variant's page in the guide's catalogue holds its whole header;
    /// `sow describe NAME` says its rules in words, `sow show NAME` prints
    /// the file.
    ///
    /// Examples:
    ///   sow list
    ///   sow describe kalah
    #[command(verbatim_doc_comment)]
    List,
    /// Rewrite variant files in canonical form, comments kept.
    ///
    /// Canonical form: the order of `sow language`, one setting per line,
    /// values aligned, every comment where it was. A file with errors is
    /// left alone (its errors are shown). Files are rewritten in place
    /// (atomically); with --check nothing is written.
    ///
    /// Exits 0 when every file is (now) formatted; 1 with --check when one
    /// is not (each is named), or when a file has errors.
    ///
    /// Examples:
    ///   sow fmt my.variant
    ///   sow fmt --check variants/*.variant
    #[command(verbatim_doc_comment)]
    Fmt {
        /// Variant files to format.
        #[arg(required = true, value_name = "FILE")]
        files: Vec<PathBuf>,
        /// Only report files that are not formatted; write nothing.
        #[arg(long)]
        check: bool,
    },
    /// Print the variant language reference, generated from its declaration.
    ///
    /// The markdown form is docs/language.md; the JSON form lists every
    /// section and key with its values, default and doc, for editor plug-ins.
    Language {
        /// Output format.
        #[arg(long, value_enum, default_value_t = LanguageFormat::Text)]
        format: LanguageFormat,
    },
    /// Print a variant file's text, comments included
    ///
    /// A shipped variant prints the text built into `sow`; a path prints the
    /// file; NAME@READING prints the rules the reading resolves to, as a
    /// whole file. Copy a shipped variant to start a new one from it.
    ///
    /// Example:
    ///   sow show modiar > my.variant && sow check my.variant
    #[command(verbatim_doc_comment)]
    Show {
        /// Shipped variant name or path to a .variant file.
        variant: String,
    },
    /// Play one game and print it ply by ply
    ///
    /// The moves come from --moves, or from two agents with --seed (random
    /// play with seed 1 when neither is given).
    ///
    /// Examples:
    ///   sow trace modiar --moves "a A b"
    ///   sow trace modiar --seed 7 --format json
    ///   sow trace modiar --from "2 3 0 / 1 5 1 south captured 15 15" --moves a
    ///   sow trace modiar --agents greedy,alphabeta:6 --seed 3 --html game.html
    ///   sow trace my.variant --seed 7 --format yaml --out games/game.yaml
    ///   sow trace kalah --set board.seeds=3 --moves "d a"
    #[command(verbatim_doc_comment)]
    Trace {
        /// Shipped variant name or path to a .variant file.
        variant: String,
        /// Moves to play, as pit labels separated by spaces: "a A b".
        #[arg(long, allow_hyphen_values = true, conflicts_with_all = ["seed", "agents", "max_plies"])]
        moves: Option<String>,
        /// Seed of the agents' random streams.
        #[arg(long, value_parser = any_u64)]
        seed: Option<u64>,
        /// The agents for south and north, comma-separated: random, greedy,
        /// alphabeta:D (search D plies), mcts:N (N playouts per move), perfect
        /// (solves the variant first), perfect:FILE (plays from a table saved
        /// by `sow solve --save FILE`).
        #[arg(long, default_value = "random,random", value_parser = crate::agents::parse_pair)]
        agents: [crate::agents::AgentSpec; 2],
        #[command(flatten)]
        start: StartArgs,
        /// Stop an agents' game after this many plies (reported as `ply_cap`);
        /// at most 1,000,000.
        #[arg(long, default_value_t = 1000, value_parser = clap::value_parser!(u32).range(1..=i64::from(crate::sim::MAX_PLY_CAP)))]
        max_plies: u32,
        /// Output format.
        #[arg(long, value_enum, default_value_t = Format::Text)]
        format: Format,
        /// Write the game as one self-contained HTML page instead (a board
        /// per ply; buttons and the arrow keys step through it; the trace is
        /// embedded as JSON; nothing is loaded from a network).
        #[arg(long, value_name = "FILE.html", conflicts_with = "format")]
        html: Option<PathBuf>,
        /// Write the trace to FILE instead of standard output. A variant
        /// file is named in it by its path from FILE's folder, so that the
        /// folder can be moved or sent as a whole.
        #[arg(long, value_name = "FILE", conflicts_with = "html")]
        out: Option<PathBuf>,
        #[command(flatten)]
        set: SetArgs,
    },
    /// Draw a position as an SVG picture.
    ///
    /// The position is the variant's start, or --from, after the --moves
    /// given (all of them, or the first K with --ply K). The board is seen
    /// from south: north's row on top from north's left, stores at the ends
    /// where the variant has them (north's left, south's right). The last
    /// move's origin pit is ringed in blue, the pit that got its last stone
    /// is amber, captured pits are red; a caption tells the move in words.
    ///
    /// Examples:
    ///   sow render modiar --moves "a C b" --svg modiar.svg
    ///   sow render modiar --moves "a C b A" --ply 2 --svg ply2.svg
    ///   sow render modiar --from "2 3 0 / 1 5 1 south" --any-stones --moves a --svg capture.svg
    #[command(verbatim_doc_comment)]
    Render {
        /// Shipped variant name or path to a .variant file.
        variant: String,
        /// Moves to play first, as labels separated by spaces: "a A b".
        #[arg(long, allow_hyphen_values = true, default_value = "")]
        moves: String,
        #[command(flatten)]
        start: StartArgs,
        /// Draw the position after this many of the moves (default: all).
        #[arg(long, value_name = "K")]
        ply: Option<u32>,
        /// The SVG file to write.
        #[arg(long, value_name = "FILE.svg", required = true)]
        svg: PathBuf,
    },
    /// Play a game against an agent at the terminal.
    ///
    /// The board is drawn from south's side: north's row on top (its pits
    /// run from north's left, so reversed), south's row below, stores at the
    /// ends where the variant has them. Type a pit label to move (`b:cw` where
    /// a pit sows either way, `pass` when you cannot move); an illegal move is
    /// refused with the reason and the legal moves. After each move you see
    /// where the stones went and what was captured.
    ///
    /// Commands: undo, hint, rules, save FILE, board, help, quit. Ctrl-C
    /// quits too; with plies unsaved it warns first, and a second Ctrl-C
    /// quits.
    /// `save FILE` writes a game record (YAML: variant, start, moves) that
    /// `sow verify` and `sow trace VARIANT --moves "..."` replay.
    ///
    /// Colours are used only on a terminal and never when NO_COLOR is set.
    /// When standard input is not a terminal, moves and commands are read
    /// from it line by line (each echoed after `> `), so a game can be
    /// scripted; the end of input quits.
    ///
    /// Examples:
    ///   sow play modiar --vs alphabeta:6
    ///   sow play kalah --as north --seed 3
    ///   printf 'a\nhint\nsave game.yaml\n' | sow play modiar --seed 1
    #[command(verbatim_doc_comment)]
    Play {
        /// Shipped variant name or path to a .variant file.
        variant: String,
        /// The agent you play against: random, greedy, alphabeta:D (search D
        /// plies), mcts:N (N playouts per move).
        #[arg(long, default_value = "greedy")]
        vs: crate::agents::AgentSpec,
        /// Your seat: south (near row a b c ...) or north (far row A B C ...).
        #[arg(long = "as", value_enum, default_value_t = Seat::South)]
        seat: Seat,
        #[command(flatten)]
        start: StartArgs,
        /// Seed of the agent's random choices (default: from the clock; the
        /// seed used is shown, so a game can be played again).
        #[arg(long, value_parser = any_u64)]
        seed: Option<u64>,
        #[command(flatten)]
        set: SetArgs,
    },
    /// Count the move sequences of each length from the start (perft).
    ///
    /// Prints one line per depth from 1 to DEPTH: the number of leaves
    /// (move sequences of that length; a sequence that ends the game early
    /// is not counted at the depths past its end). Repetition, a rule about
    /// a game's history, is not applied.
    ///
    /// Examples:
    ///   sow perft modiar 10
    ///   sow perft modiar 3 --from "0 0 1 / 2 3 2 north" --any-stones
    #[command(verbatim_doc_comment)]
    Perft {
        /// Shipped variant name or path to a .variant file.
        variant: String,
        /// Deepest depth to count (at most 40).
        #[arg(value_parser = clap::value_parser!(u32).range(1..=40))]
        depth: u32,
        #[command(flatten)]
        start: StartArgs,
    },
    /// Measure the engine: random playouts per second and perft nodes per second
    ///
    /// Plays random games from the start for --seconds on one thread, then on
    /// --threads threads (one per core by default), then runs perft. Prints games/s,
    /// plies/s, perft nodes/s and the peak memory. A variant with rounds plays
    /// whole matches: matches/s and plies/s (perft stays within a round).
    /// A variant whose rules fit the playout kernel's shape (two rows, one
    /// lap, one capture at the last pit: Oware, Kalah, Modiar...) plays on
    /// the kernel, the same games as the general engine, faster.
    ///
    /// Example: sow bench modiar --seconds 5 --format json
    #[command(verbatim_doc_comment)]
    Bench {
        /// Shipped variant name or path to a .variant file.
        variant: String,
        /// Seconds per measurement.
        #[arg(long, default_value_t = 3.0, value_parser = seconds)]
        seconds: f64,
        /// Threads for the parallel measurement (0: one per core; at most 1024).
        #[arg(long, default_value_t = 0, value_parser = threads)]
        threads: usize,
        /// Stop a game (a match, in a variant with rounds) after this many
        /// plies; it then counts in `ended_by_cap`. Default: 1,000 (10,000
        /// for a match); at most 1,000,000.
        #[arg(long, value_parser = clap::value_parser!(u32).range(1..=i64::from(crate::sim::MAX_PLY_CAP)))]
        max_plies: Option<u32>,
        /// Output format.
        #[arg(long, value_enum, default_value_t = BenchFormat::Text)]
        format: BenchFormat,
    },
    /// Play a batch of games between two agents and summarise them
    ///
    /// Game i (from 0) gets its own seed derived from --seed and i, so the
    /// results depend only on the variant, the agents, the seed and the
    /// options, never on --threads. A progress bar (games/s, ETA) is shown
    /// when stderr is a terminal; otherwise a plain line every 30 s (every
    /// 2 s with --progress). The summary gives wins per seat and draws
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
    ///   sow simulate modiar --agents greedy,alphabeta:4 --games 2000 --plot modiar.svg
    ///   sow simulate kay --set sow.skip_origin=no --games 10000
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
        /// Also draw the batch as an SVG: the distribution of game length,
        /// of the final score difference (south - north, games that ended
        /// by the rules) and the win rates with their 95% intervals.
        #[arg(long, value_name = "FILE.svg")]
        plot: Option<PathBuf>,
        #[command(flatten)]
        set: SetArgs,
    },
    /// Run the same batch on several variants: one column per variant, one row per figure
    ///
    /// Shows side by side how a rule change moves the figures. Every
    /// column plays the same games' seeds: the same batch as `sow simulate`
    /// gives each variant alone.
    ///
    /// Sensitivity: which uncertain points of a description move the
    /// balance and the length. --readings compares a file's rules with
    /// each of its readings; --vary KEY puts one key at each of its values
    /// (every word of a keyword key; numbers as a range `=3..6` or a list
    /// `=3,4,6`). A value the file's other rules do not allow is skipped,
    /// and said so with the reason, on standard error.
    ///
    /// Examples:
    ///   sow compare-rules modiar modiar@awale-info
    ///   sow compare-rules modiar my-variant.variant --agents greedy,greedy --format csv
    ///   sow compare-rules modiar --readings
    ///   sow compare-rules kay --vary sow.skip_origin
    ///   sow compare-rules kalah --vary board.seeds=3..6 --games 2000
    #[command(verbatim_doc_comment)]
    CompareRules {
        /// Shipped variant names or paths to .variant files (one with
        /// --readings or --vary).
        #[arg(required = true, value_name = "VARIANT")]
        variants: Vec<String>,
        /// One column for the file's rules, then one for each of its
        /// readings (`NAME@READING`).
        #[arg(long, conflicts_with = "vary")]
        readings: bool,
        /// One column for each value of this key (as written in files:
        /// `sow.laps`); `KEY=A..B` for the whole numbers A to B, `KEY=X,Y`
        /// for a list of values (`capture.counts=2 3,4` is two values).
        #[arg(long, value_name = "SECTION.KEY[=VALUES]")]
        vary: Option<String>,
        #[command(flatten)]
        set: SetArgs,
        #[command(flatten)]
        batch: BatchArgs,
    },
    /// Add up the JSON summaries of every shard of one batch
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
    /// Replay a recorded game (YAML) and report whether it fits the rules
    ///
    /// Prints "consistent", or the first divergence: the ply, the position
    /// before it, the move, and what the record says against what the rules
    /// give (boards side by side), or why the move is illegal and which moves
    /// are legal. Exits 0 when consistent, 1 when not, 2 on bad input.
    ///
    /// A record (see the README) is YAML:
    ///   variant: modiar
    ///   moves: "a A b"
    ///   expect:
    ///     - { ply: 1, board: [2, 8, 8, 8, 8, 8], scores: [0, 0] }
    ///   result: { scores: [21, 21], winner: draw }
    /// A checkpoint may give board, scores, captured, legal and comment; the
    /// result end, scores and winner. `sow trace --format yaml` output is
    /// accepted as a record too.
    ///
    /// Examples:
    ///   sow verify game.yaml
    ///   sow verify game.yaml --variant my-reading.variant
    ///   sow verify game.yaml --candidates modiar modiar-awale-info
    #[command(verbatim_doc_comment)]
    Verify {
        /// The record file (YAML).
        record: std::path::PathBuf,
        /// Replay against this variant instead of the record's.
        #[arg(long, conflicts_with = "candidates")]
        variant: Option<String>,
        /// Replay against each of these variants and say which explain the record.
        #[arg(long, num_args = 1.., value_name = "VARIANT")]
        candidates: Vec<String>,
        /// Replay a record whose `start` has a different number of stones
        /// than the variant's start.
        #[arg(long)]
        any_stones: bool,
    },
    /// Find the rule sets that explain recorded games
    ///
    /// Searches the rules of the language around a base (--base; by
    /// default the board of the records and every rule free) for the rule
    /// sets under which every record replays: moves legal, checkpoints and
    /// result as recorded. Prints how many explain them all, each rule the
    /// records settle (with the record and ply that settle it), each rule
    /// they leave open (with its possible values), and for each open rule
    /// the shortest moves after which its readings part ways: what to ask.
    /// Numbers of a list (capture counts) are learned from the boards, not
    /// enumerated. --out writes one explaining variant file, in the
    /// canonical form of `sow fmt`.
    ///
    /// Records without boards (moves and result only) tell rule sets apart
    /// by the moves' legality and the results alone: the search follows
    /// the first rule set it finds to its end (where a result refutes a
    /// rule set, it tries first the value of a rule that comes nearer to
    /// the recorded result), then stops after 500 partial rule sets, or
    /// while it has found none after 20,000; what it reports is then
    /// "found", not proven. --bound N stops it after N whatever it found.
    ///
    /// A rule is "determined" only when every other value of it (words
    /// that wait for --vary included), the other rules as found, fails to
    /// replay a record. When changing one rule at a time finds no rule set,
    /// the search runs again with two changes at once where a record
    /// refutes a rule set (--max-changes, at most --pairs pairs). A blank
    /// value (the rule left out of the file) is printed "(left out)".
    ///
    /// Exits 0 when a rule set explains every record; 1 when none does,
    /// said only after every rule set of the search space was replayed (a
    /// space of at most 20,000 rule sets); 2 on bad input; 3 when none was
    /// found within what was searched (unknown whether one does: the
    /// report says what was searched, and what to try).
    ///
    /// Examples:
    ///   sow infer game1.yaml game2.yaml
    ///   sow infer games/*.yaml --vary capture.counts capture.chain --base modiar
    ///   sow infer game.yaml --fix legal.feed=row_empty --out found.variant
    #[command(verbatim_doc_comment)]
    Infer {
        /// Record files (YAML, as `sow verify` reads them).
        #[arg(required = true, value_name = "RECORD")]
        records: Vec<std::path::PathBuf>,
        /// Search around this variant: its board, and its values where the
        /// search starts and for the rules not varied.
        #[arg(long, value_name = "VARIANT")]
        base: Option<String>,
        /// Vary only these rules (as written in files: `capture.counts`).
        #[arg(long, num_args = 1.., value_name = "KEY")]
        vary: Vec<String>,
        /// Pin a rule to a value (as written in files: `capture.counts=2 4 6`).
        #[arg(long, value_name = "KEY=VALUE")]
        fix: Vec<String>,
        /// Output format.
        #[arg(long, value_enum, default_value_t = DiffFormat::Text)]
        format: DiffFormat,
        /// Write one explaining variant file here, open rules in comments.
        #[arg(long, value_name = "FILE.variant")]
        out: Option<PathBuf>,
        /// Replay at most N partial rule sets (default: 200,000 with boards;
        /// without, 500 once one is found, up to 20,000 until then).
        #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..))]
        bound: Option<u32>,
        /// Rules changed at once where a record refutes a rule set: 1, or 2
        /// (two-rule changes are tried only when one-rule changes find no
        /// rule set).
        #[arg(long, value_name = "N", default_value_t = 2, value_parser = clap::value_parser!(u8).range(1..=2))]
        max_changes: u8,
        /// Two-rule changes played at most.
        #[arg(long, value_name = "N", default_value_t = 100_000, value_parser = clap::value_parser!(u32).range(1..))]
        pairs: u32,
    },
    /// Say how two variants' rules differ, and show each difference in play
    ///
    /// First the rules, option by option: every option that differs, with
    /// the sentences of `sow describe` that say it under each. Then, for each
    /// option, a move sequence that shows it: A against A with only that
    /// option changed, searched breadth-first from the start (the shortest
    /// sequence) and, when that runs out, in random games (a sequence, maybe
    /// not the shortest); each rule is said to be shown in play or not. On
    /// the same board, last, the moves after which A and B themselves part
    /// ways: the position to put to an informant. --out writes that as a
    /// record that `sow verify` finds consistent with A and not with B.
    ///
    /// Limits: each search (one per differing option, one for A against B)
    /// keeps at most --max-positions positions (about 150 bytes each: 15 MB
    /// at the default) and plays at most --playouts random games of at most
    /// 1,000 plies; time grows with both and with the number of options that
    /// differ.
    ///
    /// Exits 0 when the rules are the same (names and sources aside), 1 when
    /// they differ (even when no play shows it within the limits), 2 on bad
    /// input.
    ///
    /// Examples:
    ///   sow diff modiar modiar-awale-info
    ///   sow diff modiar modiar-awale-info --out ask-the-informant.yaml
    ///   sow diff modiar my-reading.variant --max-plies 20 --format json
    #[command(verbatim_doc_comment)]
    Diff {
        /// Variant A (shipped name or path).
        a: String,
        /// Variant B (shipped name or path).
        b: String,
        /// Breadth-first search to at most this many plies from the start.
        #[arg(long, default_value_t = 30)]
        max_plies: u32,
        /// Positions each breadth-first search keeps at most (bounds memory).
        #[arg(long, default_value_t = 100_000, value_parser = positions)]
        max_positions: usize,
        /// Random games each search plays when breadth-first finds nothing.
        #[arg(long, default_value_t = 1000, value_parser = clap::value_parser!(u32).range(0..=1_000_000))]
        playouts: u32,
        /// Output format.
        #[arg(long, value_enum, default_value_t = DiffFormat::Text)]
        format: DiffFormat,
        /// Write where A and B part ways as a game record (YAML) to this file.
        #[arg(long, value_name = "RECORD")]
        out: Option<std::path::PathBuf>,
    },
    /// Say the rules of a variant in plain English
    ///
    /// One sentence per rule, in the order a player learns a game: board, a
    /// move, captures, restrictions, end. Read it against your source: it is
    /// what the file says, not what you meant it to say.
    ///
    /// Examples:
    ///   sow describe modiar
    ///   sow describe my-reading.variant --format markdown
    #[command(verbatim_doc_comment)]
    Describe {
        /// Shipped variant name or path to a .variant file.
        variant: String,
        /// Output format.
        #[arg(long, value_enum, default_value_t = DescribeFormat::Text)]
        format: DescribeFormat,
        #[command(flatten)]
        set: SetArgs,
    },
    /// Explore every position of a small board reachable from the start
    ///
    /// Prints the total stones, how many positions (board, player to move,
    /// first move still to come) are reachable and how many end the game,
    /// whether play can come back to a position (with an example), and when
    /// it cannot, the longest game. Stops with a message past --limit
    /// positions: the graph of a large board does not fit in memory.
    ///
    /// Examples:
    ///   sow analyze tihbat
    ///   sow analyze modiar --limit 5000000
    #[command(verbatim_doc_comment)]
    Analyze {
        /// Shipped variant name or path to a .variant file.
        variant: String,
        /// Most positions to explore.
        #[arg(long, default_value_t = 1_000_000, value_parser = positions)]
        limit: usize,
    },
    /// Solve a small variant: the value of every reachable position under
    /// perfect play.
    ///
    /// Lists every position reachable from the start (board, side to move,
    /// and whether the first move is still to come), then works out by
    /// retrograde analysis what the player to move can make sure of: future
    /// captures plus leftovers, minus the opponent's. Cycles (sowing without
    /// capture can come back to a position) are solved under the variant's
    /// own repetition rule: a small group by a search over every set of
    /// positions seen, a larger one by proven bounds and then a search
    /// over the positions on the path, within --search-nodes (the report
    /// says whether the start's value is exact and names every position
    /// not proven exact). Prints the
    /// value of the start (the final score difference under perfect play,
    /// for South), the value of every first move, a perfect game (each move
    /// valued with the positions seen before it), how many
    /// positions lie on cycles and how many have a value that depends on the
    /// repetition rule, and the time and peak memory taken.
    ///
    /// Refuses, before doing anything, a variant whose number of positions
    /// may exceed --limit (the bound is C(stones + pits, pits) boards for each
    /// side to move); memory is about 90 bytes a reachable position.
    ///
    /// Larger boards: --databases K builds endgame databases (every position
    /// with at most K stones on the board, by the same retrograde analysis;
    /// --limit bounds their positions; where no position can repeat, as in
    /// Kalah, they are compact, one byte a position built on every core,
    /// and only have to fit in memory) and searches the start forward (MTD(f)
    /// with a transposition table), reading them at the leaves; --save writes
    /// the databases, --use-databases reads them back instead of building.
    ///
    /// Examples:
    ///   sow solve modiar
    ///   sow solve modiar --format json
    ///   sow solve my-variant.variant --limit 100000000 --save my-variant.solution
    ///   sow solve kalah --databases 10 --save kalah-10.db     (about a minute)
    #[command(verbatim_doc_comment)]
    #[command(group(clap::ArgGroup::new("forward").args(["databases", "use_databases"])))]
    Solve {
        /// Shipped variant name or path to a .variant file.
        variant: String,
        /// Refuse variants that may have more positions than this.
        #[arg(long, default_value_t = 50_000_000, value_name = "POSITIONS", value_parser = any_u64)]
        limit: u64,
        /// Most nodes the history search may visit in each group of
        /// repeating positions too large for the search over every set of
        /// positions seen (0: none; those groups keep their proven bounds).
        #[arg(long, default_value_t = crate::solve::SEARCH_NODES, value_name = "NODES", value_parser = any_u64)]
        search_nodes: u64,
        /// Settle the start's value and its first moves' when the searches
        /// within --search-nodes leave them as bounds: the positions of
        /// large groups that the start's value depends on, still open, are
        /// then tested by yes/no tests ("is its value at least this?") of
        /// the proof-number search, each test within NODES nodes (at least
        /// 1): only the questions that decide the start (then each first
        /// move), taken one at a time down the moves from the start, for
        /// the positions it reaches directly; every question for the
        /// others (reached through a group). The report says which values are then
        /// exact and how many nodes the tests took. Memory stays bounded:
        /// the search keeps at most 7.3 million results (for every value
        /// tested together) and, when full, forgets the half that cost
        /// least to find, keeping the costly ones (under 2 GiB in all);
        /// time grows with the nodes visited.
        /// Example: sow solve um-el-tuweisat --settle-start 60000000
        #[arg(long, value_name = "NODES", value_parser = test_nodes, conflicts_with = "forward")]
        settle_start: Option<u64>,
        /// Also write the table of values (or the databases) to FILE
        /// (binary; read back by the perfect agent, `perfect:FILE`).
        #[arg(long, value_name = "FILE")]
        save: Option<std::path::PathBuf>,
        /// Build endgame databases up to K stones on the board and search the
        /// start forward with them at the leaves.
        #[arg(long, value_name = "K")]
        databases: Option<u32>,
        /// Read the databases from FILE (saved with --databases K --save FILE)
        /// instead of building them, and search the start forward.
        #[arg(long, value_name = "FILE", conflicts_with_all = ["databases", "save"])]
        use_databases: Option<std::path::PathBuf>,
        /// With --databases or --use-databases: value every first move
        /// exactly (by default only the best ones are; the others get a
        /// proven bound, which costs far less on large boards).
        #[arg(long, requires = "forward")]
        every_move: bool,
        /// With --databases or --use-databases: threads of the forward
        /// search, sharing its table (0: one per core). The values do not
        /// depend on it; the positions searched do.
        #[arg(long, default_value_t = 1, value_parser = threads, requires = "forward")]
        threads: usize,
        /// With --databases or --use-databases: MTD(f)'s first guess at the
        /// start's value, for South (by default, found by iterative
        /// deepening). The value found is the same whatever the guess; a
        /// close one saves passes of the search.
        #[arg(long, allow_hyphen_values = true, requires = "forward")]
        guess: Option<i16>,
        /// Output format.
        #[arg(long, value_enum, default_value_t = ReportFormat::Text)]
        format: ReportFormat,
        #[command(flatten)]
        set: SetArgs,
    },
    /// Write, play, replay, compare and simulate variants in the browser
    ///
    /// Starts a local web app and prints its address; Ctrl-C stops it.
    /// Its pages:
    ///   Write     edit a shipped variant or a .variant file of FOLDER: the
    ///             errors of `sow check` at their line as you type, `sow fmt`,
    ///             `sow describe` beside it; save into FOLDER
    ///   Play      click a pit to sow, against random, greedy, alphabeta:D,
    ///             mcts:N or perfect; undo; save the game as a record
    ///   Replay    step through a record (from FOLDER or pasted), with where
    ///             `sow verify` finds it leaves the rules
    ///   Compare   two variants or readings: the rules that differ, in words,
    ///             and the shortest game that parts them (`sow diff`)
    ///   Simulate  a batch of games (`sow simulate`), its progress and table
    ///
    /// It listens on 127.0.0.1 (this computer only) unless --listen says
    /// otherwise, and reads and writes only .variant and record files inside
    /// FOLDER.
    ///
    /// Examples:
    ///   sow serve
    ///   sow serve my-variants --open
    ///   sow serve --port 9000
    #[command(verbatim_doc_comment)]
    Serve {
        /// The folder whose .variant and record files the pages open and
        /// save (nothing outside it is read or written).
        #[arg(default_value = ".")]
        folder: std::path::PathBuf,
        /// The port to listen on (0: any free port).
        #[arg(long, default_value_t = 8080)]
        port: u16,
        /// Listen on this address instead of 127.0.0.1: other computers that
        /// reach it can then read and write FOLDER's variant and record files
        /// (e.g. 0.0.0.0 for every network; there is no password).
        #[arg(long, value_name = "ADDR")]
        listen: Option<std::net::IpAddr>,
        /// Open the app in the default browser once it listens.
        #[arg(long)]
        open: bool,
    },
}

/// Where a game starts: the variant's start, or `--from`.
#[derive(Debug, Args)]
pub(super) struct StartArgs {
    /// Start from this position instead of the variant's start:
    /// pit counts a b c ... / A B C ..., the player to move, and optionally
    /// `captured S N`, e.g. "2 3 0 / 1 5 1 south". It must hold as many
    /// stones (on the board and captured) as the variant's start.
    #[arg(long, value_name = "POSITION")]
    pub(super) from: Option<String>,
    /// Accept a --from position with a different number of stones than the
    /// variant's start.
    #[arg(long, requires = "from")]
    pub(super) any_stones: bool,
}

/// Settings of the variant changed for one run (`--set`).
#[derive(Debug, Args)]
pub(super) struct SetArgs {
    /// Change a setting of the variant for this run, written as in a
    /// variant file: SECTION.KEY=VALUE (`sow.laps=relay`, `board.seeds=5`,
    /// `capture.counts=2 3`; a key of one of several capture rules:
    /// `capture.NAME.KEY`). Repeatable, each key once. The changed rules
    /// are checked as a whole file and named `NAME [SECTION.KEY=VALUE]` in
    /// the output; a trace or a saved record keeps the settings, and `sow
    /// verify` replays it under them.
    #[arg(long = "set", value_name = "SECTION.KEY=VALUE", value_parser = crate::rules::overrides::parse)]
    pub(super) set: Vec<crate::rules::overrides::Override>,
}

impl SetArgs {
    /// The settings as written (`sow.laps=relay`), for traces and records.
    pub(super) fn written(&self) -> Vec<String> {
        self.set.iter().map(ToString::to_string).collect()
    }
}

/// The options of a batch of games.
#[derive(Debug, Args)]
pub(super) struct BatchArgs {
    /// Number of games (at least 1).
    #[arg(long, default_value_t = 1000, value_parser = parse_games)]
    pub(super) games: u64,
    /// The agents, first then second, comma-separated; the first plays south
    /// (unless --swap): random, greedy, alphabeta:D (search D plies),
    /// mcts:N (N playouts per move), perfect, perfect:FILE (a table saved by
    /// `sow solve --save FILE`).
    #[arg(long, default_value = "random,random", value_parser = crate::agents::parse_pair)]
    pub(super) agents: [crate::agents::AgentSpec; 2],
    /// Seed of the batch.
    #[arg(long, default_value_t = 1, value_parser = any_u64)]
    pub(super) seed: u64,
    /// Worker threads (0: one per core; at most 1024). The results do not
    /// depend on it.
    #[arg(long, default_value_t = 0, value_parser = threads)]
    pub(super) threads: usize,
    /// Exchange the agents' seats in odd-numbered games, so that seat and
    /// agent effects can be told apart (adds wins per agent).
    #[arg(long)]
    pub(super) swap: bool,
    /// Stop a game after this many plies; it then counts as `ply_cap`.
    #[arg(long, default_value_t = 1000, value_parser = clap::value_parser!(u32).range(1..=i64::from(crate::sim::MAX_PLY_CAP)))]
    pub(super) max_plies: u32,
    /// Output format.
    #[arg(long, value_enum, default_value_t = SummaryFormat::Table)]
    pub(super) format: SummaryFormat,
    /// When stderr is not a terminal, print a progress line (games done,
    /// games/s, ETA) every 2 s rather than every 30 s. A terminal always
    /// shows a bar.
    #[arg(long)]
    pub(super) progress: bool,
}

/// `--games`: a whole number, at least 1.
pub(super) fn parse_games(s: &str) -> Result<u64, String> {
    match whole(s, u64::MAX)? {
        0 => Err("a batch needs at least 1 game".into()),
        n => Ok(n),
    }
}

/// A whole number no larger than `max`; a number too large says so and
/// gives the largest allowed.
pub(super) fn whole(s: &str, max: u64) -> Result<u64, String> {
    let digits = s.strip_prefix('+').unwrap_or(s);
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return Err(format!("expected a whole number, found `{s}`"));
    }
    match digits.parse::<u64>() {
        Ok(n) if n <= max => Ok(n),
        _ => Err(format!("`{s}` is too large: at most {max}")),
    }
}

/// `--seed`, `solve --limit`: any 64-bit whole number.
pub(super) fn any_u64(s: &str) -> Result<u64, String> {
    whole(s, u64::MAX)
}

/// A bound on positions (`--limit`, `--max-positions`).
pub(super) fn positions(s: &str) -> Result<usize, String> {
    whole(s, usize::MAX as u64).map(|n| n as usize)
}

/// `solve --settle-start`: nodes a test may visit, at least 1.
pub(super) fn test_nodes(s: &str) -> Result<u64, String> {
    match whole(s, u64::MAX)? {
        0 => Err("a test needs at least 1 node".into()),
        n => Ok(n),
    }
}

/// `--threads`: 0 (one per core) to 1024.
pub(super) fn threads(s: &str) -> Result<usize, String> {
    match s.parse::<usize>() {
        Ok(n) if n <= 1024 => Ok(n),
        _ => Err(format!(
            "expected a number of threads from 0 (one per core) to 1024, found `{s}`"
        )),
    }
}

/// Output formats of batch summaries.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub(super) enum SummaryFormat {
    /// A table for people.
    Table,
    /// JSON (with the raw counts `sow merge` needs).
    Json,
    /// CSV: a header line, then one line per summary.
    Csv,
}

/// A duration in seconds between 0.1 and one hour.
pub(super) fn seconds(text: &str) -> Result<f64, String> {
    let value: f64 = text
        .parse()
        .map_err(|_| format!("`{text}` is not a number of seconds"))?;
    if (0.1..=3600.0).contains(&value) {
        Ok(value)
    } else {
        Err(format!("{value} seconds: expected between 0.1 and 3600"))
    }
}

/// A seat at the board.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub(super) enum Seat {
    /// The near row, a b c ...; moves first from the variant's start.
    South,
    /// The far row, A B C ...
    North,
}

/// Output formats of `bench`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub(super) enum BenchFormat {
    /// Lines for people.
    Text,
    /// JSON.
    Json,
}

/// Output formats of `describe`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub(super) enum DescribeFormat {
    /// Plain text.
    Text,
    /// Markdown.
    Markdown,
}

/// Output formats of `diff`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub(super) enum DiffFormat {
    /// Words for people.
    Text,
    /// JSON.
    Json,
}

/// Output formats of `trace`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub(super) enum Format {
    /// A table for people.
    Text,
    /// YAML.
    Yaml,
    /// JSON.
    Json,
}

/// Output formats of `sow language`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub(super) enum LanguageFormat {
    /// Plain text.
    Text,
    /// Markdown (docs/language.md).
    Markdown,
    /// JSON: the declaration, for tools.
    Json,
}

/// Output formats of reports (`solve`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub(super) enum ReportFormat {
    /// Text for people.
    Text,
    /// JSON.
    Json,
}

/// Refuses agents that cannot play `game` (the perfect agent on a board too
/// large to solve), before any game starts.
pub(super) fn check_agents<W: NarrowView>(
    game: &Game<W>,
    agents: &[crate::agents::AgentSpec],
) -> Result<(), Error> {
    agents
        .iter()
        .try_for_each(|agent| agent.check(game).map_err(Error::Usage))
}

/// The game of `rules` for `command`, which plays only boards of the narrow
/// width ([`AnyGame::narrow`]): a larger board is refused (exit 2).
pub(super) fn narrow_game(rules: crate::rules::Rules, command: &str) -> Result<Game, Error> {
    AnyGame::new(rules)
        .into_narrow(command)
        .map_err(Error::Usage)
}

/// The files that VARIANT arguments read: a shipped variant's name reads
/// none. An output path is checked against them (`Output::not_input`).
pub(super) fn variant_files<'a>(args: &[&'a str]) -> Vec<&'a std::path::Path> {
    args.iter()
        .copied()
        .filter(|arg| !crate::variants::is_shipped(arg))
        .map(std::path::Path::new)
        .collect()
}

/// Refuses a variant with rounds in a command that knows only games of one
/// round (exit 2, saying so), rather than answering for one round as if it
/// were the match.
pub(super) fn one_round_only<W: Width>(game: &Game<W>, command: &str) -> Result<(), Error> {
    if !game.has_rounds() {
        return Ok(());
    }
    Err(Error::Usage(format!(
        "`sow {command}` does not support variants with rounds yet: {} is a match of rounds \
         (its `rounds` section), and a round's value is not the match's; `sow trace`, `render`, \
         `play`, `verify`, `diff`, `simulate`, `bench`, `describe`, `check` and `perft` (within \
         a round) do",
        game.rules().name
    )))
}

/// The variant's start, or the position given with `--from` (which must
/// hold the variant's number of stones unless `--any-stones`), with `game`
/// ready to play from it ([`Game::covering`]: a position may hold more
/// stones than the variant's start).
pub(super) fn start_position<'g, W: Width>(
    game: &'g Game<W>,
    args: &StartArgs,
) -> Result<(Cow<'g, Game<W>>, Position<W>), Error> {
    let Some(text) = &args.from else {
        return Ok((Cow::Borrowed(game), game.start()));
    };
    let position = parse_position(text, game).map_err(|error| Error::Position {
        text: text.to_string(),
        error,
    })?;
    if !args.any_stones {
        check_stones(game, &position, "the position has").map_err(|message| {
            Error::Usage(format!(
                "--from {text:?}: {message}; add --any-stones to start from it anyway"
            ))
        })?;
    }
    Ok((game.covering(&position), position))
}

/// Exit code used by commands that succeed.
pub(super) const OK: i32 = super::EXIT_OK;
