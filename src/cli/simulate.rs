//! `sow simulate`, `sow compare-rules` and `sow merge`: batches of games and
//! their summaries.

use std::path::Path;

use super::args::{BatchArgs, SetArgs, SummaryFormat, OK};
use super::error::Error;
use super::{
    output::{err, out},
    progress::Progress,
    sensitivity::Columns,
    sim_report,
};
use crate::{
    engine::{with_game, AnyGame, Game, NarrowView},
    files::Output,
    render,
    sim::{self, Batch, GamesOut, Shard, Summary, Tally},
    variants,
};

/// `sow simulate`: one batch on one variant (changed by `--set`).
pub(super) fn simulate(
    (variant, set): (&str, &SetArgs),
    args: &BatchArgs,
    shard: Option<Shard>,
    games_out: Option<&Path>,
    plot: Option<&Path>,
) -> Result<i32, Error> {
    let reads = super::args::variant_files(&[variant]);
    let games_out = games_out
        .map(|path| Output::check("--games-out", path)?.not_input(&reads))
        .transpose()?;
    let plot = plot
        .map(|path| Output::check("--plot", path)?.not_input(&reads))
        .transpose()?;
    let game = AnyGame::new(variants::load_with(variant, &set.set)?.rules);
    let batch = args.batch(shard)?;
    let (summary, tally) =
        with_game!(&game, game => run_batch(game, &batch, args, games_out.as_ref()))?;
    if let Some(plot) = plot {
        plot.write(render::batch_plot(&summary, &tally)?.as_bytes())?;
    }
    out(render(std::slice::from_ref(&summary), args.format, None)?)?;
    Ok(OK)
}

/// `sow compare-rules`: the same batch on each column (see
/// [`Columns`]); the values of `--vary` skipped are said on standard error.
pub(super) fn compare_rules(columns: &Columns<'_>, args: &BatchArgs) -> Result<i32, Error> {
    let batch = args.batch(None)?;
    let (columns, skipped) = columns.games()?;
    for skip in &skipped {
        err(format_args!("skipped {}: {}\n", skip.setting, skip.reason));
    }
    let mut summaries = Vec::new();
    for column in &columns {
        summaries.push(with_game!(&column.game, game => run_batch(game, &batch, args, None))?.0);
    }
    let args_shown: Vec<String> = columns.iter().map(|c| c.arg.clone()).collect();
    let mut labels = sim_report::column_labels(&summaries, &args_shown);
    for (label, column) in labels.iter_mut().zip(&columns) {
        if let Some(heading) = &column.heading {
            label.clone_from(heading);
        }
    }
    out(render(&summaries, args.format, Some(&labels))?)?;
    Ok(OK)
}

/// `sow merge`: shard summaries added up into the whole batch's summary.
pub(super) fn merge(files: &[String], format: SummaryFormat) -> Result<i32, Error> {
    let mut parts = Vec::new();
    for file in files {
        // A summary's ply histogram has at most 1,000,000 entries (~20 MB).
        let text = variants::read_limited(file, 64 << 20, "a summary")?;
        let summary: Summary = serde_json::from_str(&text).map_err(|e| {
            Error::Usage(format!(
                "{file}: not a summary written by `sow simulate --format json`: {e}"
            ))
        })?;
        parts.push((file.clone(), summary));
    }
    let merged = sim::merge(&parts)?;
    out(render(std::slice::from_ref(&merged), format, None)?)?;
    Ok(OK)
}

impl BatchArgs {
    /// The batch these options describe.
    fn batch(&self, shard: Option<Shard>) -> Result<Batch, Error> {
        if let Some(shard) = shard {
            if shard.count > self.games {
                return Err(Error::Usage(format!(
                    "--shard {shard}: more shards ({}) than games ({}); every shard must play at least one game",
                    shard.count, self.games
                )));
            }
        }
        Ok(Batch {
            agents: self.agents,
            seed: self.seed,
            games: self.games,
            swap: self.swap,
            max_plies: self.max_plies,
            shard,
        })
    }
}

/// Plays `batch` on `args.threads` threads (0: one per core) showing its
/// progress (see [`Progress`]), writing the games to `games_out` if given;
/// its summary and its raw tally.
fn run_batch<W: NarrowView>(
    game: &Game<W>,
    batch: &Batch,
    args: &BatchArgs,
    games_out: Option<&Output>,
) -> Result<(Summary, Tally), Error> {
    let threads = args.threads;
    super::args::check_agents(game, &batch.agents)?;
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .map_err(|e| Error::Usage(format!("--threads {threads}: {e}")))?;
    let progress = Progress::new(
        batch.indices().end - batch.indices().start,
        &game.rules().name,
        args.progress,
    );
    let mut out = games_out
        .map(|output| GamesOut::create(output, game))
        .transpose()?;
    let record = out.is_some();
    let tally = pool.install(|| {
        sim::run(
            game,
            batch,
            record,
            |result| match out.as_mut() {
                Some(out) => out.write(batch, result),
                None => Ok(()),
            },
            &|n| progress.inc(n),
        )
    })?;
    progress.finish();
    if let Some(out) = out {
        out.finish()?;
    }
    let summary = Summary::of_game(game, batch, &tally)
        .ok_or_else(|| Error::Usage("the batch holds no game".into()))?;
    Ok((summary, tally))
}

/// Summaries in the chosen format; `compared` gives the columns' labels
/// when they compare variants (see [`sim_report::column_labels`]).
fn render(
    summaries: &[Summary],
    format: SummaryFormat,
    compared: Option<&[String]>,
) -> Result<String, Error> {
    let json_error = |e: serde_json::Error| Error::Usage(e.to_string());
    Ok(match (format, compared) {
        (SummaryFormat::Table, None) => summaries
            .iter()
            .map(sim_report::summary_table)
            .collect::<String>(),
        (SummaryFormat::Table, Some(labels)) => sim_report::compare_table(summaries, labels),
        (SummaryFormat::Json, None) => summaries
            .iter()
            .map(|s| serde_json::to_string_pretty(s).map(|j| j + "\n"))
            .collect::<Result<String, _>>()
            .map_err(json_error)?,
        (SummaryFormat::Json, Some(_)) => {
            serde_json::to_string_pretty(summaries).map_err(json_error)? + "\n"
        }
        (SummaryFormat::Csv, _) => sim_report::csv(summaries),
    })
}
