//! The commands that verify recorded rules: `verify`, `diff`, `describe`
//! and `analyze`.

use std::path::Path;

use super::output::{say, sayln};
use super::{DescribeFormat, DiffFormat, OK};
use crate::{
    engine::{Game, Move},
    error::Error,
    variants,
    verify::{self, RecordFile, Verdict},
    EXIT_BAD_INPUT, EXIT_FAILED,
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

/// `sow verify`: the record against its variant, `--variant`, or each
/// candidate (each gets its own verdict; exit 0 when one explains the record).
pub(super) fn verify(
    path: &Path,
    variant: Option<String>,
    candidates: &[String],
    any_stones: bool,
) -> Result<i32, Error> {
    let file = RecordFile::read(path)?;
    let replay = |game: &Game| verify::replay(game, &file.record, any_stones);
    if candidates.is_empty() {
        let arg = variant.unwrap_or_else(|| file.variant_arg());
        let game = Game::new(variants::load(&arg)?.rules);
        let verdict = replay(&game).map_err(|message| Error::Record {
            path: path.display().to_string(),
            message: format!("does not fit {} ({arg}): {message}", game.rules().name),
        })?;
        sayln!("{} against {} ({arg}):", path.display(), game.rules().name);
        say!("{}", verify::replay::render(&game, &verdict));
        return Ok(match verdict {
            Verdict::Consistent { .. } => OK,
            Verdict::Diverged(_) => EXIT_FAILED,
        });
    }
    let mut explained = Vec::new();
    let mut unreadable = false;
    for arg in candidates {
        let game = match variants::load(arg) {
            Ok(loaded) => Game::new(loaded.rules),
            Err(e) => {
                sayln!(
                    "== {arg}:
cannot be read: {e}"
                );
                unreadable = true;
                continue;
            }
        };
        sayln!("== {arg} ({}):", game.rules().name);
        match replay(&game) {
            Ok(verdict) => {
                say!("{}", verify::replay::render(&game, &verdict));
                if matches!(verdict, Verdict::Consistent { .. }) {
                    explained.push(arg.as_str());
                }
            }
            Err(message) => sayln!("does not fit: {message}"),
        }
    }
    if explained.is_empty() {
        sayln!("no candidate explains {}", path.display());
        Ok(if unreadable {
            EXIT_BAD_INPUT
        } else {
            EXIT_FAILED
        })
    } else {
        sayln!("explained by: {}", explained.join(" "));
        Ok(OK)
    }
}

/// `sow diff`: the rules that differ, each shown in play if it can be, and
/// where A and B part ways on the same board.
pub(super) fn diff(
    a_arg: &str,
    b_arg: &str,
    limits: &verify::compare::Limits,
    format: DiffFormat,
    out: Option<&Path>,
) -> Result<i32, Error> {
    use super::diff_report;
    use verify::{compare, diff::Pair};
    let out_file = out
        .map(|path| crate::files::Output::check("--out", path))
        .transpose()?;
    crate::memory::check(
        &format!("diff {a_arg} {b_arg}"),
        &format!("--max-positions {}", limits.max_positions),
        limits.max_positions as u128,
        DIFF_BYTES_PER_POSITION,
    )?;
    let a = Game::new(variants::load(a_arg)?.rules);
    let b = Game::new(variants::load(b_arg)?.rules);
    let names = (a_arg, b_arg);
    let rules = compare::rules_in_play(&a, &b, names, limits);
    if rules.is_empty() {
        match format {
            DiffFormat::Text => sayln!("{a_arg} and {b_arg} have the same rules"),
            DiffFormat::Json => sayln!(
                "{:#}",
                serde_json::json!({ "a": a_arg, "b": b_arg, "same_rules": true, "rules": [] })
            ),
        }
        return Ok(OK);
    }
    let pair = Pair { a: &a, b: &b };
    let play = compare::comparable(&a, &b).then(|| compare::search(&pair, limits));
    let written = match (&out_file, play.as_ref().and_then(|p| p.found.as_ref())) {
        (Some(out_file), Some((found, _))) => {
            write_record(&pair, found, names, out_file)?;
            Some(out_file)
        }
        _ => None,
    };
    match format {
        DiffFormat::Text => {
            say!(
                "{}",
                diff_report::text(&a, &b, names, &rules, play.as_ref())
            );
            match (out, written) {
                (Some(path), Some(_)) => sayln!(
                    "record written to {}: `sow verify` finds it consistent with {a_arg}, not with {b_arg}",
                    path.display()
                ),
                (Some(path), None) => sayln!(
                    "no record written to {}: no sequence on which {a_arg} and {b_arg} part ways was found",
                    path.display()
                ),
                _ => {}
            }
        }
        DiffFormat::Json => sayln!(
            "{:#}",
            diff_report::json(&a, &b, names, &rules, play.as_ref())
        ),
    }
    Ok(EXIT_FAILED)
}

/// Bytes a position takes in `diff`'s search: measured at 200 MB for
/// 1,000,000 positions of Oware against Awari, with a margin.
const DIFF_BYTES_PER_POSITION: u64 = 250;

/// Writes the sequence on which A and B part ways as a record for `sow verify`,
/// naming the variant relative to the record's folder.
fn write_record(
    pair: &verify::diff::Pair<'_>,
    found: &verify::diff::Found,
    (a_arg, b_arg): (&str, &str),
    out_file: &crate::files::Output,
) -> Result<(), Error> {
    let folder = out_file.path().parent().unwrap_or(Path::new(""));
    let variant = variants::reference(a_arg, Some(folder))?;
    let words = pair.words(found, (a_arg, b_arg));
    let comment = format!("where {a_arg} and {b_arg} part ways: {}", words.trim_end());
    let record = pair.record(found, variant, comment);
    let yaml = crate::yaml::to_string(&record)?;
    out_file.write(yaml.as_bytes())
}

/// `sow analyze`: the graph of reachable positions.
pub(super) fn analyze(variant: &str, limit: usize) -> Result<i32, Error> {
    use verify::analyze::Shape;
    let game = Game::new(variants::load(variant)?.rules);
    crate::memory::check(
        &format!("analyze {variant}"),
        &format!("--limit {limit}"),
        crate::solve::estimate(&game).min(limit as u128),
        verify::analyze::BYTES_PER_POSITION,
    )?;
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
