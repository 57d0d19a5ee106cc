//! The commands that verify recorded rules: `verify`, `diff`, `describe`
//! and `analyze`.

use std::path::Path;

use super::output::{say, sayln};
use super::{DescribeFormat, DiffFormat, OK};
use crate::{
    engine::{format_position, Game, Move},
    error::Error,
    variants,
    verify::{self, RecordFile, Verdict},
    EXIT_FAILED,
};

/// `sow describe`: the rules in plain English.
pub(super) fn describe(variant: &str, format: DescribeFormat) -> Result<i32, Error> {
    let description = crate::rules::describe::describe(&variants::load(variant)?.rules);
    say!(
        "{}",
        match format {
            DescribeFormat::Text => description.text(),
            DescribeFormat::Markdown => description.markdown(),
        }
    );
    Ok(OK)
}

/// `sow verify`: the record against its variant, `--variant`, or each candidate.
pub(super) fn verify(
    path: &Path,
    variant: Option<String>,
    candidates: &[String],
) -> Result<i32, Error> {
    let file = RecordFile::read(path)?;
    let replay = |arg: &str| -> Result<(Game, Verdict), Error> {
        let game = Game::new(variants::load(arg)?.rules);
        let verdict = verify::replay(&game, &file.record).map_err(|message| Error::Record {
            path: path.display().to_string(),
            message,
        })?;
        Ok((game, verdict))
    };
    if candidates.is_empty() {
        let arg = variant.unwrap_or_else(|| file.variant_arg());
        let (game, verdict) = replay(&arg)?;
        sayln!("{} against {} ({arg}):", path.display(), game.rules().name);
        say!("{}", verify::replay::render(&game, &verdict));
        return Ok(match verdict {
            Verdict::Consistent { .. } => OK,
            Verdict::Diverged(_) => EXIT_FAILED,
        });
    }
    let mut explained = Vec::new();
    for arg in candidates {
        let (game, verdict) = replay(arg)?;
        sayln!("== {arg} ({}):", game.rules().name);
        say!("{}", verify::replay::render(&game, &verdict));
        if matches!(verdict, Verdict::Consistent { .. }) {
            explained.push(arg.as_str());
        }
    }
    if explained.is_empty() {
        sayln!("no candidate explains {}", path.display());
        Ok(EXIT_FAILED)
    } else {
        sayln!("explained by: {}", explained.join(" "));
        Ok(OK)
    }
}

/// `sow diff`: the shortest sequence after which A and B disagree.
pub(super) fn diff(
    a_arg: &str,
    b_arg: &str,
    (max_plies, max_positions): (u32, usize),
    format: DiffFormat,
    out: Option<&Path>,
) -> Result<i32, Error> {
    use verify::diff::{plies, Pair};
    let a = Game::new(variants::load(a_arg)?.rules);
    let b = Game::new(variants::load(b_arg)?.rules);
    let pair = Pair { a: &a, b: &b };
    let (found, searched) = pair.search(max_plies, max_positions);
    let names = (a_arg, b_arg);
    let Some(found) = found else {
        let text = if searched.exhausted {
            format!(
                "no difference: all {} positions reachable under both were examined (to ply {})",
                searched.positions, searched.plies
            )
        } else if searched.position_cap {
            format!(
                "no difference within {} plies; stopped at the bound of {} positions (--max-positions)",
                searched.plies, searched.positions
            )
        } else {
            format!(
                "no difference within {} plies ({} positions examined)",
                searched.plies, searched.positions
            )
        };
        match format {
            DiffFormat::Text => sayln!("{text}"),
            DiffFormat::Json => sayln!(
                "{:#}",
                serde_json::json!({
                    "a": a_arg, "b": b_arg, "found": false,
                    "searched": { "plies": searched.plies, "positions": searched.positions,
                                  "exhausted": searched.exhausted,
                                  "position_cap": searched.position_cap },
                })
            ),
        }
        return Ok(OK);
    };
    let moves: Vec<String> = found.moves.iter().map(|&m| a.move_label(m)).collect();
    let shown: Vec<String> = moves
        .iter()
        .cloned()
        .chain(found.difference.shown_by().map(|m| a.move_label(m)))
        .collect();
    let words = pair.words(&found, names);
    let position = format_position(&found.position, &a);
    if let Some(path) = out {
        let variant = if variants::shipped_names().any(|n| n == a_arg) {
            a_arg.to_string()
        } else {
            std::fs::canonicalize(a_arg)
                .map_err(|source| Error::Io {
                    path: a_arg.to_string(),
                    source,
                })?
                .display()
                .to_string()
        };
        let comment = format!("where {a_arg} and {b_arg} part ways: {}", words.trim_end());
        let record = pair.record(&found, variant, comment);
        let yaml = serde_yaml::to_string(&record).map_err(|e| Error::Usage(e.to_string()))?;
        crate::files::write_atomically(path, yaml.as_bytes())?;
    }
    match format {
        DiffFormat::Text => {
            sayln!(
                "{a_arg} and {b_arg} part ways after {} pl{}",
                plies(&found),
                if plies(&found) == 1 { "y" } else { "ies" }
            );
            sayln!(
                "moves: {}",
                if moves.is_empty() {
                    "(none: the start)".to_string()
                } else {
                    moves.join(" ")
                }
            );
            sayln!("position: {position}");
            let lines = verify::replay::board_lines(&a, &found.position.pits);
            sayln!("  north {}\n  south {}", lines[0], lines[1]);
            say!("{words}");
            sayln!(
                "searched {} position{} to ply {}",
                searched.positions,
                if searched.positions == 1 { "" } else { "s" },
                searched.plies
            );
            if let Some(path) = out {
                sayln!(
                    "record written to {}: `sow verify` finds it consistent with {a_arg}, not with {b_arg}",
                    path.display()
                );
            }
        }
        DiffFormat::Json => sayln!(
            "{:#}",
            serde_json::json!({
                "a": a_arg, "b": b_arg, "found": true,
                "plies": plies(&found),
                "moves": shown.join(" "),
                "position": position,
                "difference": { "kind": found.difference.kind(), "words": words.trim_end() },
                "searched": { "plies": searched.plies, "positions": searched.positions,
                              "exhausted": searched.exhausted },
            })
        ),
    }
    Ok(EXIT_FAILED)
}

/// `sow analyze`: the graph of reachable positions.
pub(super) fn analyze(variant: &str, limit: usize) -> Result<i32, Error> {
    use verify::analyze::Shape;
    let game = Game::new(variants::load(variant)?.rules);
    let analysis = verify::analyze::analyze(&game, limit).map_err(|too_large| {
        Error::Usage(format!(
            "{variant}: more than {} positions are reachable; the board is too large to analyze within --limit {}",
            too_large.limit, too_large.limit
        ))
    })?;
    let labels = |moves: &[Move]| {
        moves
            .iter()
            .map(|&m| game.move_label(m))
            .collect::<Vec<_>>()
            .join(" ")
    };
    let rules = game.rules();
    sayln!(
        "{}: 2 rows of {} pits, {} stones",
        rules.name,
        rules.board.pits,
        analysis.total_stones
    );
    sayln!(
        "reachable positions: {} (board, player to move, first move still to come), {} move{} between them",
        analysis.positions,
        analysis.moves,
        if analysis.moves == 1 { "" } else { "s" }
    );
    sayln!("positions where the game is over: {}", analysis.terminal);
    match &analysis.shape {
        Shape::Acyclic {
            longest_game,
            example,
        } => {
            sayln!(
                "the game cannot cycle: no position is reachable from itself, so every game ends"
            );
            sayln!(
                "longest game: {longest_game} pl{}: {}",
                if *longest_game == 1 { "y" } else { "ies" },
                labels(example)
            );
        }
        Shape::Cyclic { to_cycle, cycle } => {
            let from = if to_cycle.is_empty() {
                "from the start".to_string()
            } else {
                format!("after {}", labels(to_cycle))
            };
            sayln!(
                "the game can cycle: {from}, the moves {} come back to the same position ({} plies)",
                labels(cycle),
                cycle.len()
            );
            sayln!(
                "longest game without repetition: not computed (with cycles it is a longest simple path, exponential to search)"
            );
        }
    }
    Ok(OK)
}
