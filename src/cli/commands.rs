//! What each subcommand does. Commands compute data; `report` formats it.

use super::{report, Command, Format, ReportFormat, OK};
use crate::{
    engine::{parse_position, perft, Game, Position},
    error::Error,
    solve, trace, variants, EXIT_FAILED,
};

pub(super) fn execute(command: Command) -> Result<i32, Error> {
    match command {
        Command::Check { files } => Ok(check(&files)),
        Command::List => list(),
        Command::Trace {
            variant,
            moves,
            seed,
            agents,
            from,
            max_plies,
            format,
        } => {
            let game = Game::new(variants::load(&variant)?.rules);
            let start = start_position(&game, from.as_deref())?;
            let trace = match moves {
                Some(moves) => {
                    let labels: Vec<&str> = moves.split_whitespace().collect();
                    trace::from_moves(&game, start, &labels)?
                }
                None => trace::from_agents(&game, start, agents, seed.unwrap_or(1), max_plies),
            };
            let text = match format {
                Format::Text => report::trace_text(&game, &trace),
                Format::Json => {
                    serde_json::to_string_pretty(&trace).map_err(|e| Error::Usage(e.to_string()))?
                        + "\n"
                }
                Format::Yaml => {
                    serde_yaml::to_string(&trace).map_err(|e| Error::Usage(e.to_string()))?
                }
            };
            print!("{text}");
            Ok(OK)
        }
        Command::Perft {
            variant,
            depth,
            from,
        } => {
            let game = Game::new(variants::load(&variant)?.rules);
            let start = start_position(&game, from.as_deref())?;
            println!("depth  leaves");
            for d in 1..=depth {
                println!("{d:>5}  {}", perft(&game, &start, d));
            }
            Ok(OK)
        }
        Command::Solve {
            variant,
            limit,
            save,
            format,
        } => {
            let game = Game::new(variants::load(&variant)?.rules);
            let clock = std::time::Instant::now();
            let solution = solve::solve(&game, limit)?;
            let seconds = clock.elapsed().as_secs_f64();
            let summary = solve::Summary::new(&game, &solution, seconds)?;
            if let Some(path) = save {
                solution.save(&game, &path)?;
            }
            let text = match format {
                ReportFormat::Text => report::solve_text(&game, &summary),
                ReportFormat::Json => {
                    serde_json::to_string_pretty(&summary)
                        .map_err(|e| Error::Usage(e.to_string()))?
                        + "\n"
                }
            };
            print!("{text}");
            Ok(OK)
        }
    }
}

/// The variant's start, or the position given with `--from`.
fn start_position(game: &Game, from: Option<&str>) -> Result<Position, Error> {
    match from {
        None => Ok(game.start()),
        Some(text) => parse_position(text, game).map_err(|error| Error::Position {
            text: text.to_string(),
            error,
        }),
    }
}

/// `sow check`: every file, its facts or its errors; 1 when any is invalid.
fn check(files: &[String]) -> i32 {
    let mut failed = false;
    for file in files {
        let source = match variants::source(file) {
            Ok(source) => source,
            Err(e) => {
                eprintln!("error: {e}");
                failed = true;
                continue;
            }
        };
        match crate::rules::load(&source) {
            Ok(loaded) => {
                if !loaded.warnings.diagnostics.is_empty() {
                    eprint!("{}", loaded.warnings);
                }
                print!("{}", report::check_ok(&source.name, &loaded.rules));
            }
            Err(report) => {
                eprint!("{report}");
                failed = true;
            }
        }
    }
    if failed {
        EXIT_FAILED
    } else {
        OK
    }
}

/// `sow list`: the shipped variants and their sources.
fn list() -> Result<i32, Error> {
    let mut rows = Vec::new();
    for name in variants::shipped_names() {
        let rules = variants::load(name)?.rules;
        rows.push((name, rules));
    }
    print!("{}", report::list(&rows));
    Ok(OK)
}
