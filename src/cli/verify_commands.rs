//! The commands that verify recorded rules: `verify`, `diff`, `describe`
//! and `analyze`.

use std::path::Path;

use super::args::{DescribeFormat, DiffFormat, OK};
use super::error::Error;
use super::output::{say, sayln};
use crate::verify::RecordError;
use crate::{
    diagnostic::printable,
    engine::{with_game, AnyGame, Game, Move, Narrow, NarrowView, Wide, Widest, Width},
    variants,
    verify::{self, RecordFile, Verdict},
    EXIT_FAILED, EXIT_UNKNOWN,
};

/// `sow describe`: the rules in plain English, then the variant's readings
/// (each with why and what it changes), when it has some.
pub(super) fn describe(
    variant: &str,
    format: DescribeFormat,
    set: &[crate::rules::overrides::Override],
) -> Result<i32, Error> {
    let named = variants::named(variant)?;
    let rules = variants::load_with(variant, set)?.rules;
    // A variant changed with --set is described alone: its readings are
    // the file's, not the changed rules'.
    let readings = match named.reading {
        Some(_) => Vec::new(),
        None if !set.is_empty() => Vec::new(),
        None => super::readings_report::load_all(&named, variant)?,
    };
    let description = crate::rules::describe::describe(&rules);
    let markdown = matches!(format, DescribeFormat::Markdown);
    say!(
        "{}{}",
        match format {
            DescribeFormat::Text => description.text(),
            DescribeFormat::Markdown => description.markdown(),
        },
        super::readings_report::describe(variant, &rules, &readings, markdown)
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
    if candidates.is_empty() {
        let (arg, loaded) = match variant {
            Some(arg) => {
                let loaded = variants::load(&arg)?;
                (arg, loaded)
            }
            None => (file.variant_arg(), file.load_variant()?),
        };
        let game = AnyGame::new(loaded.rules);
        return with_game!(&game, game => {
            let verdict = verify::replay(game, &file.record, any_stones).map_err(|message| {
                RecordError::Invalid {
                    path: path.display().to_string(),
                    message: format!("does not fit {} ({arg}): {message}", game.rules().name),
                }
            })?;
            sayln!(
                "{} against {} ({}):",
                printable(&path.display().to_string()),
                game.rules().name,
                printable(&arg)
            );
            say!("{}", verify::replay::render(game, &verdict));
            Ok(match verdict {
                Verdict::Consistent { .. } => OK,
                Verdict::Diverged(_) => EXIT_FAILED,
            })
        });
    }
    // Every candidate is read before any is replayed: a name that reads as
    // nothing (a misspelling) is bad input, whatever the others explain.
    let mut games = Vec::new();
    let mut unreadable = Vec::new();
    for arg in candidates {
        match variants::load(arg) {
            Ok(loaded) => games.push((arg, AnyGame::new(loaded.rules))),
            Err(e) => unreadable.push(format!(
                "--candidates {}: {}",
                printable(arg),
                printable(&e.to_string())
            )),
        }
    }
    if !unreadable.is_empty() {
        return Err(Error::Usage(unreadable.join("\n")));
    }
    let mut explained = Vec::new();
    for (arg, game) in &games {
        sayln!("== {} ({}):", printable(arg), game.rules().name);
        with_game!(game, game => match verify::replay(game, &file.record, any_stones) {
            Ok(verdict) => {
                say!("{}", verify::replay::render(game, &verdict));
                if matches!(verdict, Verdict::Consistent { .. }) {
                    explained.push(arg.as_str());
                }
            }
            Err(message) => sayln!("does not fit: {message}"),
        })
    }
    if explained.is_empty() {
        sayln!("no candidate explains {}", path.display());
        Ok(EXIT_FAILED)
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
    let out_file = out
        .map(|path| {
            crate::files::Output::check("--out", path)?
                .not_input(&super::args::variant_files(&[a_arg, b_arg]))
        })
        .transpose()?;
    crate::memory::check(
        &format!("diff {a_arg} {b_arg}"),
        &format!("--max-positions {}", limits.max_positions),
        limits.max_positions as u128,
        DIFF_BYTES_PER_POSITION,
    )?;
    let (a, b) = (variants::load(a_arg)?.rules, variants::load(b_arg)?.rules);
    // Both compiled on the width the larger board needs (a smaller board
    // plays alike on any wider width).
    let on = (a, b, (a_arg, b_arg), limits, format, out, out_file.as_ref());
    if Narrow::fits(&on.0) && Narrow::fits(&on.1) {
        diff_on::<Narrow>(on)
    } else if Wide::fits(&on.0) && Wide::fits(&on.1) {
        diff_on::<Wide>(on)
    } else {
        diff_on::<Widest>(on)
    }
}

/// What [`diff_on`] compares: A's and B's rules and names, the search
/// bounds, the report's format, and the record's path and file.
type DiffArgs<'a> = (
    crate::rules::Rules,
    crate::rules::Rules,
    (&'a str, &'a str),
    &'a verify::compare::Limits,
    DiffFormat,
    Option<&'a Path>,
    Option<&'a crate::files::Output>,
);

/// [`diff`] with both variants compiled on width `W`.
fn diff_on<W: NarrowView>(
    (a, b, (a_arg, b_arg), limits, format, out, out_file): DiffArgs<'_>,
) -> Result<i32, Error> {
    use super::diff_report;
    use verify::{compare, diff::Pair};
    let (a, b) = (Game::<W>::with_width(a), Game::<W>::with_width(b));
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
    let written = match (out_file, play.as_ref().and_then(|p| p.found.as_ref())) {
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
fn write_record<W: Width>(
    pair: &verify::diff::Pair<'_, W>,
    found: &verify::diff::Found<W>,
    (a_arg, b_arg): (&str, &str),
    out_file: &crate::files::Output,
) -> Result<(), Error> {
    let folder = out_file.path().parent().unwrap_or(Path::new(""));
    let variant = variants::reference(a_arg, Some(folder))?;
    let words = pair.words(found, (a_arg, b_arg));
    let comment = format!("where {a_arg} and {b_arg} part ways: {}", words.trim_end());
    let record = pair.record(found, variant, comment);
    let yaml = crate::yaml::to_string(&record)?;
    Ok(out_file.write(yaml.as_bytes())?)
}

/// `sow analyze`: the graph of reachable positions.
pub(super) fn analyze(variant: &str, limit: usize) -> Result<i32, Error> {
    use crate::solve::analyze::{self, AnalyzeError, Shape};
    let game = super::args::narrow_game(variants::load(variant)?.rules, "`sow analyze`")?;
    super::args::one_round_only(&game, "analyze")?;
    crate::memory::check(
        &format!("analyze {variant}"),
        &format!("--limit {limit}"),
        crate::solve::estimate(&game).min(limit as u128),
        analyze::BYTES_PER_POSITION,
    )?;
    let analysis = analyze::analyze(&game, limit).map_err(|error| match error {
        AnalyzeError::TooLarge { .. } => Error::Usage(format!(
            "{variant}: {error}; the board is too large to analyze within --limit {limit}"
        )),
        _ => Error::Usage(format!("{variant}: cannot analyze: {error}")),
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
        "{}: {}, {} stones",
        rules.name,
        rules.board.shape(),
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

/// Partial rule sets `sow infer` replays at most (bounds time and memory).
const INFER_MAX_NODES: usize = 200_000;

/// Partial rule sets `sow infer` replays at most for records without
/// boards, once it has found a rule set that explains them.
const INFER_MAX_NODES_WITHOUT_BOARDS: usize = 500;

/// Partial rule sets `sow infer` replays at most for records without
/// boards while it has found none.
const INFER_MAX_NODES_WITHOUT_BOARDS_UNTIL_FOUND: usize = 20_000;

/// `sow infer`: the rule sets that explain the records.
pub(super) fn infer(
    paths: &[std::path::PathBuf],
    (base, vary, fix): (Option<&str>, &[String], &[String]),
    format: DiffFormat,
    out: Option<&Path>,
    (bound, max_changes, pairs): (Option<u32>, u8, u32),
) -> Result<i32, Error> {
    use verify::infer::{self, space};
    let mut reads = super::args::variant_files(&base.into_iter().collect::<Vec<_>>());
    reads.extend(paths.iter().map(std::path::PathBuf::as_path));
    let out_file = out
        .map(|path| crate::files::Output::check("--out", path)?.not_input(&reads))
        .transpose()?;
    let files: Vec<RecordFile> = paths
        .iter()
        .map(|p| RecordFile::read(p))
        .collect::<Result<_, _>>()?;
    let base_rules = match base {
        Some(arg) => variants::load(arg)?.rules,
        None => board_of_records(&files)?,
    };
    super::args::one_round_only(
        &super::args::narrow_game(base_rules.clone(), "`sow infer`")?,
        "infer",
    )?;
    let usage = |option: &str, m: String| Error::Usage(format!("{option}: {m}"));
    let vary = vary
        .iter()
        .map(|k| space::find_key(k).map_err(|m| usage("--vary", m)))
        .collect::<Result<Vec<_>, _>>()?;
    let fixed = fix
        .iter()
        .map(|f| {
            let (k, v) = f.split_once('=').ok_or_else(|| {
                usage(
                    "--fix",
                    format!("`{f}`: expected KEY=VALUE, e.g. sow.laps=relay"),
                )
            })?;
            let (section, key) = space::find_key(k).map_err(|m| usage("--fix", m))?;
            let values: Vec<String> = v.split_whitespace().map(String::from).collect();
            crate::rules::overrides::check_values(k, key, &values)
                .map_err(|m| usage("--fix", m))?;
            Ok((section, key, values))
        })
        .collect::<Result<Vec<_>, Error>>()?;
    let mut space = space::Space::new(base_rules, &vary, fixed);
    let defaults = space.defaults();
    let Some(root) = space.game(&defaults) else {
        let text = space.text(&defaults, &[]);
        let report = crate::rules::load(&crate::diagnostic::Source::new("the search's base", text))
            .err()
            .map(|r| r.to_string())
            .unwrap_or_default();
        return Err(Error::Usage(format!(
            "--base/--fix give no rule set the language accepts:\n{report}"
        )));
    };
    let mut prepared = Vec::new();
    for file in &files {
        let bad = |message: String| RecordError::Invalid {
            path: file.path.display().to_string(),
            message,
        };
        prepared.push(prepare(&root, &file.record).map_err(bad)?);
    }
    let boards = prepared
        .iter()
        .any(|p| p.record.expect.iter().any(|c| c.board.is_some()));
    // Without boards, rule sets are told apart only by the moves' legality
    // and the results: the tree is searched to a smaller bound.
    let mut bound = match bound {
        Some(n) => infer::search::NodeBound::fixed(n as usize),
        None if boards => infer::search::NodeBound::fixed(INFER_MAX_NODES),
        None => infer::search::NodeBound {
            nodes: INFER_MAX_NODES_WITHOUT_BOARDS,
            until_found: INFER_MAX_NODES_WITHOUT_BOARDS_UNTIL_FOUND,
            pairs: 0,
        },
    };
    if max_changes == 2 {
        bound.pairs = pairs as usize;
    }
    let names: Vec<String> = files.iter().map(|f| f.path.display().to_string()).collect();
    let mut inference = infer::infer(space, &prepared, bound);
    if inference.candidates.is_empty() {
        let alone: Vec<infer::Inference> = prepared
            .iter()
            .map(|p| {
                let one = std::slice::from_ref(p);
                let space = space::Space::new(
                    inference.space.base.clone(),
                    &vary,
                    inference.space.fixed.clone(),
                );
                infer::infer(space, one, infer::search::NodeBound::fixed(bound.nodes))
            })
            .collect();
        let mut alone = alone;
        let report = super::infer_report::unexplained(&inference, &mut alone, &prepared, &names);
        match format {
            DiffFormat::Text => say!("{}", report.text),
            DiffFormat::Json => sayln!("{:#}", report.json),
        }
        // Only a space replayed in full shows that no rule set explains them.
        return Ok(if inference.coverage.enumerated.is_some() {
            EXIT_FAILED
        } else {
            EXIT_UNKNOWN
        });
    }
    let limits = verify::compare::Limits {
        max_plies: 30,
        max_positions: 100_000,
        playouts: 200,
        playout_plies: 300,
        seed: 1,
    };
    let questions = inference.questions(&prepared, &limits);
    let report = super::infer_report::Report::new(&inference, &questions, &prepared, &names);
    if let Some(out_file) = &out_file {
        out_file.write(report.variant(&inference).as_bytes())?;
    }
    match format {
        DiffFormat::Text => {
            say!("{}", report.text(&inference, &prepared));
            if let Some(path) = out {
                sayln!("variant written to {}", path.display());
            }
        }
        DiffFormat::Json => sayln!("{:#}", report.json(&inference, &prepared)),
    }
    Ok(OK)
}

/// A record ready for the search: its start, its moves, and the checks that
/// it fits the board (an unknown pit label, a board of another size, a
/// checkpoint past the last move are bad input).
fn prepare<'r>(
    root: &Game,
    record: &'r verify::Record,
) -> Result<verify::infer::search::Prepared<'r>, String> {
    use verify::replay;
    if let Some(pits) = replay::record_pits(record) {
        if pits != root.pit_count() {
            return Err(format!(
                "the record's board has {pits} pits, the search's has {} (give --base)",
                root.pit_count()
            ));
        }
    }
    let start = replay::start_position(root, record, true)?;
    let labels = record.moves.labels();
    for (i, label) in labels.iter().enumerate() {
        if let Err(e) = crate::engine::parse_move(label, root) {
            if e.starts_with("unknown") {
                return Err(format!("moves: ply {}: {e}", i + 1));
            }
        }
    }
    for (i, c) in record.expect.iter().enumerate() {
        replay::check_checkpoint_fits(root, c, labels.len())
            .map_err(|e| format!("expect[{i}] (ply {}): {e}", c.ply))?;
    }
    Ok(verify::infer::search::Prepared {
        record,
        start,
        labels,
    })
}

/// The board the records are played on, from the first `start` that has
/// the same number of stones in every pit, else from the first record's
/// variant; every other rule at the language's default.
fn board_of_records(files: &[RecordFile]) -> Result<crate::rules::Rules, Error> {
    let from_start = files.iter().find_map(|f| {
        let text = f.record.start.as_ref()?;
        let pits: Vec<u8> = text
            .split_whitespace()
            .filter(|t| *t != "/")
            .map_while(|t| t.parse().ok())
            .collect();
        let first = *pits.first()?;
        (pits.len().is_multiple_of(2) && pits.iter().all(|&p| p == first))
            .then_some((pits.len() / 2, first))
    });
    let (pits, seeds) = match from_start {
        Some(board) => board,
        None => {
            let first = &files[0];
            let rules = first
                .load_variant()
                .map_err(|e| Error::Usage(format!(
                    "{}: no record starts from a full board, and its variant cannot be read ({e}); give --base",
                    first.path.display()
                )))?
                .rules;
            (usize::from(rules.board.pits), rules.board.seeds)
        }
    };
    let text = format!("name \"Inferred\"\nboard {{\n  pits  {pits}\n  seeds {seeds}\n}}\n");
    crate::rules::load(&crate::diagnostic::Source::new("records", text))
        .map(|l| l.rules)
        .map_err(|e| Error::Usage(format!("the records' board: {e}")))
}
