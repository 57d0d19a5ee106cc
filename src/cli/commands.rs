//! What each subcommand does. Commands compute data; `report` formats it.

use super::args::{
    narrow_game, start_position, variant_files, BenchFormat, Command, Format, LanguageFormat,
    ReportFormat, OK,
};
use super::error::Error;
use super::{
    output::{err, out, reader_gone, say},
    play, report, simulate, verify_commands,
};
use crate::{
    engine::{perft, with_game, AnyGame, Game, NarrowView, Width},
    files::Output,
    render, solve, trace, variants, EXIT_FAILED,
};
use std::{
    io::IsTerminal,
    path::{Path, PathBuf},
};

pub(super) fn execute(command: Command) -> Result<i32, Error> {
    match command {
        Command::Check {
            files,
            play,
            seed,
            set,
        } => check(&files, play.map(|games| (games, seed)), &set.set),
        Command::List => list(),
        Command::Fmt { files, check } => fmt(&files, check),
        Command::Language { format } => {
            out(match format {
                LanguageFormat::Text => crate::rules::language::text(),
                LanguageFormat::Markdown => crate::rules::language::markdown(),
                LanguageFormat::Json => crate::rules::language::json() + "\n",
            })?;
            Ok(OK)
        }
        Command::Show { variant } => {
            out(variants::text(&variant)?)?;
            Ok(OK)
        }
        Command::Trace {
            variant,
            moves,
            seed,
            agents,
            start,
            max_plies,
            format,
            html,
            out: out_path,
            set,
        } => {
            let html = html
                .map(|path| Output::check("--html", &path)?.not_input(&variant_files(&[&variant])))
                .transpose()?;
            let out_file = out_path
                .as_deref()
                .map(|path| Output::check("--out", path)?.not_input(&variant_files(&[&variant])))
                .transpose()?;
            let game = AnyGame::new(variants::load_with(&variant, &set.set)?.rules);
            with_game!(&game, game => trace_command(
                game,
                TraceRequest {
                    variant: &variant,
                    moves: moves.as_deref(),
                    seed,
                    agents,
                    start: &start,
                    max_plies,
                    format,
                    set: &set,
                },
                html,
                out_file,
            ))
        }
        Command::Play {
            variant,
            vs,
            seat,
            start,
            seed,
            set,
        } => play::play(&variant, vs, seat, &start, seed, &set),
        Command::Render {
            variant,
            moves,
            start,
            ply,
            svg,
        } => {
            let svg = Output::check("--svg", &svg)?.not_input(&variant_files(&[&variant]))?;
            let game = AnyGame::new(variants::load(&variant)?.rules);
            let page = with_game!(&game, game => render_svg(game, &start, &moves, ply))?;
            svg.write(page.as_bytes())?;
            Ok(OK)
        }
        Command::Perft {
            variant,
            depth,
            start,
        } => {
            let game = AnyGame::new(variants::load(&variant)?.rules);
            with_game!(&game, game => {
                let (game, start) = start_position(game, &start)?;
                out("depth  leaves\n")?;
                for d in 1..=depth {
                    out(format_args!("{d:>5}  {}\n", perft(&game, &start, d)))?;
                }
            });
            Ok(OK)
        }
        Command::Bench {
            variant,
            seconds,
            threads,
            max_plies,
            format,
        } => {
            let game = AnyGame::new(variants::load(&variant)?.rules);
            let threads = match threads {
                0 => std::thread::available_parallelism().map_or(1, |n| n.get()),
                n => n,
            };
            let bench = with_game!(&game, game => {
                let cap = max_plies.unwrap_or_else(|| crate::bench::default_ply_cap(game));
                crate::bench::run(game, cap, seconds, threads)
            });
            match format {
                BenchFormat::Text => out(report::bench_text(&bench))?,
                BenchFormat::Json => out(serde_json::to_string_pretty(&bench)
                    .map_err(|e| Error::Usage(e.to_string()))?
                    + "\n")?,
            }
            Ok(OK)
        }
        Command::Simulate {
            variant,
            batch,
            shard,
            games_out,
            plot,
            set,
        } => simulate::simulate(
            (&variant, &set),
            &batch,
            shard,
            games_out.as_deref(),
            plot.as_deref(),
        ),
        Command::CompareRules {
            variants,
            readings,
            vary,
            set,
            batch,
        } => {
            let columns = super::sensitivity::Columns {
                variants: &variants,
                readings,
                vary: vary.as_deref(),
                set: &set.set,
            };
            simulate::compare_rules(&columns, &batch)
        }
        Command::Merge { files, format } => simulate::merge(&files, format),
        Command::Verify {
            record,
            variant,
            candidates,
            any_stones,
        } => verify_commands::verify(&record, variant, &candidates, any_stones),
        Command::Infer {
            records,
            base,
            vary,
            fix,
            format,
            out,
            bound,
            max_changes,
            pairs,
        } => verify_commands::infer(
            &records,
            (base.as_deref(), &vary, &fix),
            format,
            out.as_deref(),
            (bound, max_changes, pairs),
        ),
        Command::Diff {
            a,
            b,
            max_plies,
            max_positions,
            playouts,
            format,
            out,
        } => {
            let limits = crate::verify::compare::Limits {
                max_plies,
                max_positions,
                playouts,
                playout_plies: 1000,
                seed: 1,
            };
            verify_commands::diff(&a, &b, &limits, format, out.as_deref())
        }
        Command::Analyze { variant, limit } => verify_commands::analyze(&variant, limit),
        Command::Describe {
            variant,
            format,
            set,
        } => verify_commands::describe(&variant, format, &set.set),
        Command::Serve {
            folder,
            port,
            listen,
            open,
        } => super::serve::serve(folder, port, listen, open),
        Command::Solve {
            variant,
            limit,
            search_nodes,
            settle_start,
            save,
            databases,
            use_databases,
            every_move,
            threads,
            guess,
            format,
            set,
        } => {
            let mut reads = variant_files(&[&variant]);
            reads.extend(use_databases.as_deref());
            let save = save
                .map(|path| Output::check("--save", &path)?.not_input(&reads))
                .transpose()?;
            let game = narrow_game(
                variants::load_with(&variant, &set.set)?.rules,
                "`sow solve`",
            )?;
            super::args::one_round_only(&game, "solve")?;
            let clock = std::time::Instant::now();
            let tables = match (databases, use_databases) {
                (_, Some(path)) => Some((
                    solve::Solution::load(&game, &path)?,
                    Some(path.display().to_string()),
                )),
                (Some(stones), None) if solve::compact_possible(&game) => {
                    // No position can come back: compact databases, built
                    // layer by layer on every core (see solving.md).
                    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
                    let show = std::io::stderr().is_terminal();
                    let mut progress = |layer: u32| {
                        if show || clock.elapsed().as_secs() >= 10 {
                            eprintln!(
                                "databases: positions with {layer} stones on the board done ({:.0} s)",
                                clock.elapsed().as_secs_f64()
                            );
                        }
                    };
                    Some((
                        solve::compact_databases(&game, stones, threads, &mut progress)?,
                        None,
                    ))
                }
                (Some(stones), None) => Some((solve::databases(&game, stones, limit)?, None)),
                (None, None) => None,
            };
            let text = if let Some((tables, file)) = tables {
                let seconds = if file.is_some() {
                    0.0
                } else {
                    clock.elapsed().as_secs_f64()
                };
                if let Some(save) = save {
                    tables.save(&game, &save)?;
                }
                // A long search says on stderr how far it got (after 10 s, or
                // at once on a terminal).
                let started = std::time::Instant::now();
                let show = std::io::stderr().is_terminal();
                let mut progress = |line: String| {
                    if show || started.elapsed().as_secs() >= 10 {
                        eprintln!("{line}");
                    }
                };
                let summary = solve::ForwardSummary::new(
                    &game,
                    &tables,
                    seconds,
                    file,
                    &solve::SearchOptions {
                        every_move,
                        threads: if threads == 0 {
                            std::thread::available_parallelism().map_or(1, |n| n.get())
                        } else {
                            threads
                        },
                        guess,
                    },
                    &mut progress,
                )?;
                match format {
                    ReportFormat::Text => report::forward_text(&game, &summary),
                    ReportFormat::Json => json(&summary)?,
                }
            } else {
                let solution =
                    solve::solve_searching(&game, limit, search_nodes, settle_start.unwrap_or(0))?;
                let seconds = clock.elapsed().as_secs_f64();
                let summary = solve::Summary::new(&game, &solution, seconds)?;
                if let Some(save) = save {
                    solution.save(&game, &save)?;
                }
                match format {
                    ReportFormat::Text => report::solve_text(&game, &summary),
                    ReportFormat::Json => json(&summary)?,
                }
            };
            say!("{text}");
            Ok(OK)
        }
    }
}

/// The folder of the file standard output is sent to (`sow trace ... >
/// game.yaml`), when it is a regular file and the system says which
/// (Linux's `/proc/self/fd/1`); `None` for a terminal or a pipe.
fn stdout_file_folder() -> Option<PathBuf> {
    let link = Path::new("/proc/self/fd/1");
    if !std::fs::metadata(link).is_ok_and(|m| m.is_file()) {
        return None;
    }
    let file = std::fs::read_link(link).ok()?;
    Some(file.parent()?.to_path_buf())
}

/// `sow render`: the SVG of the position after `ply` plies of `moves` (the
/// last by default) on `game`, at the width its board was loaded on.
fn render_svg<W: Width>(
    game: &Game<W>,
    start: &super::args::StartArgs,
    moves: &str,
    ply: Option<u32>,
) -> Result<String, Error> {
    let (game, start) = start_position(game, start)?;
    let labels: Vec<&str> = moves.split_whitespace().collect();
    let trace = trace::from_moves(&game, start, &labels)?;
    let frames = render::frames(&game, start, &trace)?;
    let k = ply.unwrap_or(trace.plies.len() as u32);
    let frame = frames.get(k as usize).ok_or_else(|| {
        Error::Usage(format!(
            "--ply {k}: the moves give only {} plies",
            trace.plies.len()
        ))
    })?;
    Ok(render::position_svg(&game, frame))
}

/// What `sow trace` was asked to play.
struct TraceRequest<'a> {
    variant: &'a str,
    moves: Option<&'a str>,
    seed: Option<u64>,
    agents: [crate::agents::AgentSpec; 2],
    start: &'a super::args::StartArgs,
    max_plies: u32,
    format: Format,
    set: &'a super::args::SetArgs,
}

/// `sow trace` on `game`, at the width its board was loaded on.
fn trace_command<W: NarrowView>(
    game: &Game<W>,
    request: TraceRequest<'_>,
    html: Option<Output>,
    out_file: Option<Output>,
) -> Result<i32, Error> {
    let (game, start) = start_position(game, request.start)?;
    let mut trace = match request.moves {
        Some(moves) => {
            let labels: Vec<&str> = moves.split_whitespace().collect();
            trace::from_moves(&game, start, &labels)?
        }
        None => {
            super::args::check_agents(&game, &request.agents)?;
            trace::from_agents(
                &game,
                start,
                request.agents,
                request.seed.unwrap_or(1),
                request.max_plies,
            )
        }
    };
    // A variant file is named from the trace's folder when that is
    // known (--out, --html, or standard output sent to a file), else
    // by its absolute path.
    let folder = match out_file.as_ref().or(html.as_ref()) {
        Some(file) => Some(file.path().parent().unwrap_or(Path::new("")).to_path_buf()),
        None => stdout_file_folder(),
    };
    trace.set = request.set.written();
    trace.variant_file = (!variants::is_shipped(request.variant))
        .then(|| variants::reference(request.variant, folder.as_deref()))
        .transpose()?;
    if let Some(html) = html {
        let frames = render::frames(&game, start, &trace)?;
        let page = render::trace_html(&game, &trace, &frames)?;
        html.write(page.as_bytes())?;
        err(format!(
            "wrote {} ({} plies)\n",
            html.path().display(),
            trace.plies.len()
        ));
        return Ok(OK);
    }
    let text = match request.format {
        Format::Text => report::trace_text(&game, &trace),
        Format::Json => {
            serde_json::to_string_pretty(&trace).map_err(|e| Error::Usage(e.to_string()))? + "\n"
        }
        Format::Yaml => crate::yaml::to_string(&trace)?,
    };
    match out_file {
        Some(file) => {
            file.write(text.as_bytes())?;
            err(format!(
                "wrote {} ({} plies)\n",
                file.path().display(),
                trace.plies.len()
            ));
        }
        None => out(text)?,
    }
    Ok(OK)
}

/// `sow check`: every file, its facts or its errors; 1 when any is invalid.
/// A file with readings: its base rules, then each reading (`FILE@READING`
/// checks that one). With `play` (games, seed), each valid file's random
/// games as well.
fn check(
    files: &[String],
    play: Option<(u64, u64)>,
    set: &[crate::rules::overrides::Override],
) -> Result<i32, Error> {
    if !set.is_empty() {
        return check_with(files, play, set);
    }
    let mut failed = false;
    for file in files {
        let named = match variants::named(file) {
            Ok(named) => named,
            Err(e) => {
                err(format_args!("error: {e}\n"));
                failed = true;
                continue;
            }
        };
        let readings = match &named.reading {
            Some(reading) => vec![Some(reading.clone())],
            None => std::iter::once(None)
                .chain(
                    crate::rules::readings::names_in(&named.source.text)
                        .into_iter()
                        .map(Some),
                )
                .collect(),
        };
        let mut shown = Vec::new();
        for reading in readings {
            let name = match &reading {
                Some(reading) => format!("{}@{reading}", named.source.name),
                None => named.source.name.clone(),
            };
            let base = reading.is_none();
            let one = variants::Named {
                source: named.source.clone(),
                reading,
            };
            // A reading's warnings that its base gave already are not repeated.
            let mut unseen = |report: &mut crate::diagnostic::Report| {
                let new = |d: &crate::diagnostic::Diagnostic| {
                    d.is_error() || !shown.contains(&(d.span, d.message.clone()))
                };
                report.diagnostics.retain(new);
                shown.extend(
                    report
                        .diagnostics
                        .iter()
                        .map(|d| (d.span, d.message.clone())),
                );
            };
            match variants::load_named(&one, file) {
                Ok(mut loaded) => {
                    unseen(&mut loaded.warnings);
                    if !loaded.warnings.diagnostics.is_empty() {
                        err(&loaded.warnings);
                    }
                    let mut facts = report::check_ok(&name, &loaded.rules);
                    if let Some((games, seed)) = play {
                        let game = AnyGame::new(loaded.rules);
                        let bounds = with_game!(&game, game => crate::sim::Bounds::measure(game, games, seed));
                        facts += &report::check_play(&bounds);
                        if with_game!(&game, game => game.has_rounds()) {
                            facts += "    (each game is a whole match of rounds: the ply cap bounds the match)\n";
                        }
                    }
                    // The exit code tells the result even when nobody reads the facts.
                    out(facts).or_else(|e| if reader_gone(&e) { Ok(()) } else { Err(e) })?;
                }
                Err(variants::LoadError::Invalid(mut report)) => {
                    unseen(&mut report);
                    err(&report);
                    failed = true;
                    if base {
                        // Its errors would be repeated by every reading.
                        break;
                    }
                }
                Err(e) => {
                    err(format_args!("error: {e}\n"));
                    failed = true;
                }
            }
        }
    }
    Ok(if failed { EXIT_FAILED } else { OK })
}

/// `sow check --set`: each file (its base, or the reading named) with the
/// settings changed, its facts or its errors; 1 when any is invalid.
fn check_with(
    files: &[String],
    play: Option<(u64, u64)>,
    set: &[crate::rules::overrides::Override],
) -> Result<i32, Error> {
    let mut failed = false;
    for file in files {
        match variants::load_with(file, set) {
            Ok(loaded) => {
                if !loaded.warnings.diagnostics.is_empty() {
                    err(&loaded.warnings);
                }
                let mut facts = report::check_ok(file, &loaded.rules);
                if let Some((games, seed)) = play {
                    let game = AnyGame::new(loaded.rules);
                    let bounds =
                        with_game!(&game, game => crate::sim::Bounds::measure(game, games, seed));
                    facts += &report::check_play(&bounds);
                }
                out(facts).or_else(|e| if reader_gone(&e) { Ok(()) } else { Err(e) })?;
            }
            Err(variants::LoadError::Invalid(report)) => {
                err(&report);
                failed = true;
            }
            Err(e) => {
                err(format_args!("error: {e}\n"));
                failed = true;
            }
        }
    }
    Ok(if failed { EXIT_FAILED } else { OK })
}

/// `sow fmt`: every file in canonical form, rewritten in place or (with
/// `check`) only named when it is not; 1 when a file has errors or, with
/// `check`, is not formatted.
fn fmt(files: &[std::path::PathBuf], check: bool) -> Result<i32, Error> {
    let mut failed = false;
    for path in files {
        let name = path.display().to_string();
        let text = variants::read_limited(&name, variants::MAX_FILE_BYTES, "a variant file")?;
        let source = crate::diagnostic::Source::new(name.as_str(), text.as_str());
        let formatted = match crate::rules::format::format(&source) {
            Ok(formatted) => formatted,
            Err(report) => {
                err(&report);
                failed = true;
                continue;
            }
        };
        if formatted == text {
            continue;
        }
        if check {
            out(format!("{name}: not formatted (run `sow fmt {name}`)\n"))?;
            failed = true;
        } else {
            // A pipe or a device (`/dev/stdin`) cannot be rewritten in place:
            // what was written would go to no file, and be lost.
            if !std::fs::metadata(path).is_ok_and(|m| m.is_file()) {
                return Err(Error::Usage(format!(
                    "{name}: not a regular file: `sow fmt` rewrites files in place (`sow fmt --check {name}` only reads it)"
                )));
            }
            crate::files::write("", path, formatted.as_bytes())?;
            out(format!("{name}: formatted\n"))?;
        }
    }
    Ok(if failed { EXIT_FAILED } else { OK })
}

/// `sow list`: the shipped variants and their sources, each followed by
/// its readings (`NAME@READING`).
fn list() -> Result<i32, Error> {
    let mut rows = Vec::new();
    for name in variants::shipped_names() {
        let named = variants::named(name)?;
        let rules = variants::load_named(&named, name)?.rules;
        rows.push((name.to_string(), rules));
        for reading in super::readings_report::load_all(&named, name)? {
            rows.push((format!("{name}@{}", reading.about.name), reading.rules));
        }
    }
    out(report::list(&rows))?;
    Ok(OK)
}

/// `value` as pretty JSON, with a final newline.
fn json(value: &impl serde::Serialize) -> Result<String, Error> {
    serde_json::to_string_pretty(value)
        .map(|text| text + "\n")
        .map_err(|e| Error::Usage(e.to_string()))
}
