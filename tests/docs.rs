//! The README and the user guide (`docs/src/`) as tests: every command example
//! runs and its shown output must match what `sow` prints.
//!
//! - ```` ```console ```` blocks run through `trycmd`: a `$ sow ...` line is a
//!   command, the lines under it its output (standard output then standard
//!   error), `? 1` its exit code when not 0; `[..]` in the output matches any
//!   text within a line, a line of `...` any lines.
//! - ```` ```console,ignore,typed ```` blocks are `sow play` sessions: the text
//!   after each `> ` prompt is what the player types; it is fed to the command
//!   on standard input and the whole transcript is compared
//!   ([`typed_sessions_run_as_shown`]).
//! - Any other ```` ```console,ignore ```` block is not run; the paragraph
//!   before it must say why ("Not run: ...").
//!
//! To update the shown outputs after a change to `sow`:
//! `TRYCMD=overwrite cargo test --test integration docs::`, then read the
//! diff (`git diff README.md docs/`) before committing it.

use crate::common::{sow, sow_with_input};
use std::path::{Path, PathBuf};

/// The markdown files whose examples are tests, relative to the project
/// folder.
fn documents() -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = vec![root.join("README.md")];
    let mut pending = vec![root.join("docs/src")];
    while let Some(dir) = pending.pop() {
        for entry in std::fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                pending.push(path);
            } else if path.extension().is_some_and(|e| e == "md") {
                files.push(path);
            }
        }
    }
    files.sort();
    files
}

#[test]
fn examples_run_as_shown() {
    let cases = trycmd::TestCases::new();
    cases.register_bin("sow", PathBuf::from(env!("CARGO_BIN_EXE_sow")));
    for file in documents() {
        cases.case(file);
    }
}

/// A fenced code block: its info string, its first line number (1-based, the
/// fence itself) and its lines.
struct Block {
    info: String,
    line: usize,
    body: Vec<String>,
    /// The paragraph of text just before the fence.
    before: String,
}

fn blocks(text: &str) -> Vec<Block> {
    let mut out = Vec::new();
    let mut lines = text.lines().enumerate();
    let (mut paragraph, mut last_paragraph) = (String::new(), String::new());
    while let Some((i, line)) = lines.next() {
        if let Some(info) = line.strip_prefix("```") {
            let mut body = Vec::new();
            for (_, inner) in lines.by_ref() {
                if inner.starts_with("```") {
                    break;
                }
                body.push(inner.to_owned());
            }
            out.push(Block {
                info: info.trim().to_owned(),
                line: i + 1,
                body,
                before: if paragraph.is_empty() {
                    last_paragraph.clone()
                } else {
                    paragraph.clone()
                },
            });
        } else if line.trim().is_empty() {
            if !paragraph.is_empty() {
                last_paragraph = std::mem::take(&mut paragraph);
            }
        } else {
            paragraph.push_str(line);
            paragraph.push('\n');
        }
    }
    out
}

/// Every `sow` command shown in the documents is in a block that runs, or in
/// an ignored block whose reason is stated; a bare fence (which trycmd would
/// run as a console block) is not allowed.
#[test]
fn every_command_example_is_a_test() {
    let mut problems = Vec::new();
    for file in documents() {
        let text = std::fs::read_to_string(&file).unwrap();
        for block in blocks(&text) {
            let place = format!("{}:{}", file.display(), block.line);
            let shows_sow = block.body.iter().any(|l| {
                // `sow check ...`, not a variant file's `sow { ... }` section.
                let command = l.strip_prefix("$ ").unwrap_or(l);
                command
                    .strip_prefix("sow ")
                    .is_some_and(|rest| rest.starts_with(|c: char| c.is_ascii_lowercase()))
            });
            match block.info.as_str() {
                "" => problems.push(format!(
                    "{place}: a code block needs a language (```console runs it, ```text does not)"
                )),
                "console" | "console,ignore,typed" => {}
                "console,ignore" if block.before.contains("Not run:") => {}
                "console,ignore" => problems.push(format!(
                    "{place}: an example that is not run needs its reason in the paragraph before it (\"Not run: ...\")"
                )),
                _ if shows_sow => problems.push(format!(
                    "{place}: a `sow` command outside a ```console block is not tested; write it as `$ sow ...` with its output"
                )),
                _ => {}
            }
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

/// `sow play` sessions: what follows each `> ` prompt is typed on standard
/// input; the transcript shown must be exactly what `sow play` prints.
/// `TRYCMD=overwrite` writes the transcripts `sow` prints into the documents.
#[test]
fn typed_sessions_run_as_shown() {
    let overwrite = std::env::var("TRYCMD").is_ok_and(|v| v == "overwrite");
    let mut sessions = 0;
    let mut problems = Vec::new();
    for file in documents() {
        let text = std::fs::read_to_string(&file).unwrap();
        let mut lines: Vec<String> = text.lines().map(str::to_owned).collect();
        // Later blocks first, so that earlier line numbers stay valid.
        for block in blocks(&text).iter().rev() {
            if block.info != "console,ignore,typed" {
                continue;
            }
            sessions += 1;
            let place = format!("{}:{}", file.display(), block.line);
            let command = block.body[0]
                .strip_prefix("$ sow ")
                .unwrap_or_else(|| panic!("{place}: a typed session starts with `$ sow ...`"));
            let args =
                shlex::split(command).unwrap_or_else(|| panic!("{place}: unbalanced quotes"));
            let args: Vec<&str> = args.iter().map(String::as_str).collect();
            let typed: String = block.body[1..]
                .iter()
                .filter_map(|l| l.strip_prefix("> "))
                .map(|l| format!("{l}\n"))
                .collect();
            let (code, stdout, stderr) = sow_with_input(&args, &typed);
            assert_eq!(code, 0, "{place}: {stderr}");
            let shown = block.body[1..].join("\n");
            if stdout.trim_end() == shown.trim_end() {
                continue;
            }
            if overwrite {
                // The fence is at `block.line` (1-based), the command after it.
                let first = block.line + 1;
                let end = first + block.body.len() - 1;
                lines.splice(first..end, stdout.trim_end().lines().map(str::to_owned));
            } else {
                problems.push(format!(
                    "{place}: the session shown differs from what `sow {command}` prints:\n{}",
                    stdout.trim_end()
                ));
            }
        }
        if overwrite {
            let mut new = lines.join("\n");
            new.push('\n');
            if new != text {
                std::fs::write(&file, new).unwrap();
            }
        }
    }
    assert!(sessions > 0, "no typed session found in the guide");
    assert!(
        problems.is_empty(),
        "{}\n(update with TRYCMD=overwrite, then review the diff)",
        problems.join("\n\n")
    );
}

/// The record shown in the chapter on records is the fixture that its example
/// verifies, byte for byte.
#[test]
fn the_record_shown_is_the_one_verified() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let page = std::fs::read_to_string(root.join("docs/src/records.md")).unwrap();
    let shown = blocks(&page)
        .into_iter()
        .find(|b| b.info == "yaml")
        .expect("docs/src/records.md shows a record");
    let fixture =
        std::fs::read_to_string(root.join("tests/fixtures/records/field-session.yaml")).unwrap();
    assert_eq!(
        shown.body.join("\n"),
        fixture.trim_end(),
        "docs/src/records.md shows a record that differs from tests/fixtures/records/field-session.yaml"
    );
}

/// Markers around the generated results of `docs/src/speed.md`: those of
/// `scripts/bench-vs-native`, those of `scripts/bench-vs-ludii`, and the end
/// of either.
const SPEED_RESULTS_START: &str =
    "<!-- generated by tests/docs.rs from the newest bench/results/*.json: do not edit by hand -->";
const LUDII_RESULTS_START: &str =
    "<!-- generated by tests/docs.rs from the newest bench/results/ludii-*.json: do not edit by hand -->";
const SPEED_RESULTS_END: &str = "<!-- end of the generated results -->";

/// The newest results file of one script in `bench/results/`: of those named
/// `{prefix}YYYY-MM-DD.json` or, for a second run of the day,
/// `{prefix}YYYY-MM-DDTHHMMZ.json` (`scripts/bench-vs-native` writes them
/// with no prefix, `scripts/bench-vs-ludii` with `ludii-`), the one whose
/// name sorts last: a day's timed runs sort after its first.
fn newest_bench_results(prefix: &str) -> (String, serde_json::Value) {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files: Vec<PathBuf> = std::fs::read_dir(root.join("bench/results"))
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.extension().is_some_and(|e| e == "json"))
        .filter(|path| {
            let file = path.file_name().unwrap().to_string_lossy();
            file.strip_prefix(prefix)
                .is_some_and(|date| date.starts_with(|c: char| c.is_ascii_digit()))
        })
        .collect();
    files.sort();
    let newest = files
        .pop()
        .unwrap_or_else(|| panic!("bench/results/ holds no {prefix}DATE.json file"));
    let text = std::fs::read_to_string(&newest).unwrap();
    let name = format!(
        "bench/results/{}",
        newest.file_name().unwrap().to_string_lossy()
    );
    let value = serde_json::from_str(&text).unwrap_or_else(|e| panic!("{name}: {e}"));
    (name, value)
}

/// `n` rounded to a whole number, with thousands separated by commas (a
/// measurement is never negative).
fn thousands(n: f64) -> String {
    crate::guide::with_commas(n.round() as u64)
}

/// The number under `key` in a JSON object, if it is one.
fn number(object: &serde_json::Value, key: &str) -> Option<f64> {
    object.get(key).and_then(serde_json::Value::as_f64)
}

/// The median of some numbers (the mean of the middle two for an even count).
fn median(values: &[f64]) -> f64 {
    let mut sorted = values.to_vec();
    sorted.sort_by(f64::total_cmp);
    let mid = sorted.len() / 2;
    if sorted.len() % 2 == 1 {
        sorted[mid]
    } else {
        (sorted[mid - 1] + sorted[mid]) / 2.0
    }
}

/// The machine of a results file, as the page says it: its description
/// when the file has one, else its cores and processor, and whether other
/// work shared it.
fn machine_described(machine: &serde_json::Value) -> String {
    match machine["description"].as_str() {
        Some(description) => description.to_owned(),
        None => {
            let cores = number(machine, "cores").expect("machine.cores");
            // More runnable processes than half the cores when the run
            // began: other work shared the machine.
            let busy = number(machine, "load_average_before").is_some_and(|l| l > cores / 2.0);
            format!(
                "a {cores}-core machine ({}){}",
                machine["processor"]
                    .as_str()
                    .unwrap_or("processor not known"),
                if busy {
                    " shared with other work, so the figures per processor second are the \
                 ones to read"
                } else {
                    ""
                }
            )
        }
    }
}

/// The tables of `docs/src/speed.md` made from one results file of
/// `scripts/bench-vs-native` (`name` is its path in the repository).
fn speed_results_section(name: &str, results: &serde_json::Value) -> String {
    let text = |key: &str| {
        results[key]
            .as_str()
            .unwrap_or_else(|| panic!("{name}: no `{key}`"))
    };
    let described = machine_described(&results["machine"]);
    let seconds = number(results, "seconds").expect("seconds");
    let rounds = number(results, "rounds").expect("rounds");
    let mut out = format!(
        "Measured on {} with `{}`, {} build, on {described}; the data: `{name}`{}.\n\n",
        text("date"),
        text("command"),
        text("build"),
        if results.get("transcribed").is_some() {
            " (transcribed from the output recorded on the day)"
        } else {
            ""
        }
    );
    let ratio = |sow: f64, other: Option<f64>| other.map(|o| sow / o);
    out += &format!(
        "One thread, median of {rounds} rounds of {seconds} s, games per processor second \
         (the steadier measure when other work shares the machine):\n\n\
         | game | hand-written loop | `sow bench` | sow / hand-written | OpenSpiel (C++ loop) | sow / OpenSpiel |\n\
         |---|---|---|---|---|---|\n"
    );
    let games = results["one_thread"].as_array().expect("one_thread");
    for game in games {
        let label = format!("{} (`{}`)", text_of(game, "game"), text_of(game, "variant"));
        let native = number(game, "native_games_per_cpu_s").expect("native_games_per_cpu_s");
        let sow = number(game, "sow_games_per_cpu_s").expect("sow_games_per_cpu_s");
        let openspiel = number(game, "openspiel_games_per_cpu_s");
        out += &format!(
            "| {label} | {} | {} | {:.2} | {} | {} |\n",
            thousands(native),
            thousands(sow),
            sow / native,
            openspiel.map_or("-".to_owned(), thousands),
            ratio(sow, openspiel).map_or("-".to_owned(), |r| format!("{r:.1}x")),
        );
    }
    out += "\nThe same run in games per second of wall-clock time (plies per second in \
            brackets):\n\n\
            | game | hand-written loop | `sow bench` | sow / hand-written | OpenSpiel (C++ loop) | sow / OpenSpiel |\n\
            |---|---|---|---|---|---|\n";
    for game in games {
        let plies = |key: &str| format!("{:.1}M", number(game, key).expect(key) / 1e6);
        let native = number(game, "native_games_per_s").expect("native_games_per_s");
        let sow = number(game, "sow_games_per_s").expect("sow_games_per_s");
        let openspiel = number(game, "openspiel_games_per_s");
        out += &format!(
            "| {} | {} ({}) | {} ({}) | {:.2} | {} | {} |\n",
            text_of(game, "game"),
            thousands(native),
            plies("native_plies_per_s"),
            thousands(sow),
            plies("sow_plies_per_s"),
            sow / native,
            openspiel.map_or("-".to_owned(), thousands),
            ratio(sow, openspiel).map_or("-".to_owned(), |r| format!("{r:.1}x")),
        );
    }
    out += &format!(
        "\nTwo threads against one (`sow bench --threads 2`, each run measures one thread, \
         then two; the median of {rounds} runs), beside two hand-written loops run at once \
         against one, which says how far the machine itself lets two threads scale:\n\n\
         | game | 1 thread, games/s | 2 threads, games/s | 2 threads / 1 | the runs | hand-written, 2 at once / 1 |\n\
         |---|---|---|---|---|---|\n"
    );
    for game in results["two_threads"].as_array().expect("two_threads") {
        let ratios: Vec<f64> = game["ratios"]
            .as_array()
            .expect("ratios")
            .iter()
            .map(|r| r.as_f64().expect("a ratio"))
            .collect();
        let runs: Vec<String> = ratios.iter().map(|r| format!("{r:.2}")).collect();
        out += &format!(
            "| {} | {} | {} | {:.2}x | {} | {:.2}x |\n",
            text_of(game, "game"),
            thousands(number(game, "one_thread_games_per_s").expect("one thread")),
            thousands(number(game, "two_threads_games_per_s").expect("two threads")),
            median(&ratios),
            runs.join(", "),
            number(game, "native_two_processes_ratio").expect("native_two_processes_ratio"),
        );
    }
    let memory = &results["peak_memory"];
    let runs: Vec<String> = memory["runs"]
        .as_array()
        .expect("peak_memory.runs")
        .iter()
        .map(|run| {
            format!(
                "{} KiB after {} games ({} s)",
                thousands(number(run, "kib").expect("kib")),
                thousands(number(run, "games").expect("games")),
                run["seconds"]
            )
        })
        .collect();
    out += &format!(
        "\nPeak memory of `sow bench {}`: {}.\n",
        text_of(memory, "variant"),
        runs.join("; ")
    );
    out
}

/// The table of `docs/src/speed.md` made from one results file of
/// `scripts/bench-vs-ludii` (`name` is its path in the repository): per
/// variant, games per processor second of Ludii and of `sow bench`, their
/// ratio, the plies a game of each, and the ratio per ply; the lowest ratio
/// stated first; the variants whose Ludii game is not the same game apart.
fn ludii_results_section(name: &str, results: &serde_json::Value) -> String {
    let text = |key: &str| {
        results[key]
            .as_str()
            .unwrap_or_else(|| panic!("{name}: no `{key}`"))
    };
    let ludii = &results["ludii"];
    let commit = text_of(ludii, "commit");
    let mut out = match results["ludii_from"].as_str() {
        None => format!(
            "Measured on {} with `{}`, {} build, against Ludii at commit {} of its public \
             source ({}), on {}; the data: `{name}`.\n\n",
            text("date"),
            text("command"),
            text("build"),
            &commit[..commit.len().min(10)],
            text_of(ludii, "java"),
            machine_described(&results["machine"]),
        ),
        Some(from) => format!(
            "**`sow`'s side alone re-timed**: `sow` measured on {} with `{}`, {} build, on {}; \
             Ludii's figures are not re-run but those of `{from}` (measured on {} with `{}`, \
             against Ludii at commit {} of its public source, {}); the data: `{name}`.\n\n",
            text("date"),
            text("command"),
            text("build"),
            machine_described(&results["machine"]),
            text_of(ludii, "date"),
            text_of(ludii, "command"),
            &commit[..commit.len().min(10)],
            text_of(ludii, "java"),
        ),
    };
    if results["variants"][0].get("sow_variant").is_some() {
        out += "`sow bench` times the reading that replays Ludii's games (`NAME@ludii`, \
                shown under the variant) where the file has one, and stops its games at \
                Ludii's mean moves a game where more than half of Ludii's games ran to \
                its limit, so that the games of both are equally long, else at 2,500 \
                plies (Ludii stops a game after 1,250 turns a player: 2,500 moves where \
                a turn is one move).\n\n";
    }
    let variants = results["variants"].as_array().expect("variants");
    let (same, other): (Vec<_>, Vec<_>) = variants
        .iter()
        .partition(|v| v["comparable"].as_bool().expect("comparable"));
    let ratio = |v: &serde_json::Value| number(v, "ratio").expect("ratio");
    let plies_ratio = |v: &serde_json::Value| number(v, "plies_ratio").expect("plies_ratio");
    let lowest = |key: &dyn Fn(&serde_json::Value) -> f64| {
        same.iter()
            .copied()
            .min_by(|a, b| key(a).total_cmp(&key(b)))
            .expect("a variant to compare")
    };
    let headline_ratio = |v: &serde_json::Value| headline(v).1;
    let (by_games, by_plies) = (lowest(&ratio), lowest(&plies_ratio));
    let by_headline = lowest(&headline_ratio);
    let ratios: Vec<f64> = same.iter().map(|v| ratio(v)).collect();
    let plies_ratios: Vec<f64> = same.iter().map(|v| plies_ratio(v)).collect();
    let headlines: Vec<f64> = same.iter().map(|v| headline_ratio(v)).collect();
    let (per, _) = headline(by_headline);
    out += &format!(
        "The headline ratio of a variant is per game where the games of both end by the \
         rules, and per ply where more than half of either side's games were stopped by a \
         cap (Ludii's turn or move limit, `sow bench`'s ply cap), since the games are then \
         as long as the caps make them. Over the {} variants that play the same game as \
         Ludii's, the lowest headline is **{} times** (`{}`, per {per}; the median is {} \
         times), and {} of them are below 100 times.\n\n",
        same.len(),
        times(headline_ratio(by_headline)),
        text_of(by_headline, "variant"),
        times(median(&headlines)),
        headlines.iter().filter(|&&r| r < 100.0).count(),
    );
    out += &format!(
        "Per game alone, `sow bench` plays at least **{} times** as many games per \
         processor second as Ludii (the lowest ratio: `{}`; the median is {} times), and \
         per ply alone at least {} times as many plies (`{}`; the median is {} \
         times).\n\n",
        times(ratio(by_games)),
        text_of(by_games, "variant"),
        times(median(&ratios)),
        times(plies_ratio(by_plies)),
        text_of(by_plies, "variant"),
        times(median(&plies_ratios)),
    );
    let header = "| variant | Ludii game | Ludii, games/s | `sow bench`, games/s | sow / Ludii \
                  | plies a game, Ludii / sow | sow / Ludii per ply | headline |\n\
                  |---|---|---|---|---|---|---|---|\n";
    let row = |v: &serde_json::Value| {
        let game = match v["ruleset"].as_str() {
            Some(ruleset) => format!(
                "{}, ruleset {}",
                text_of(v, "ludii_game"),
                ruleset.trim_start_matches("Ruleset/")
            ),
            None => text_of(v, "ludii_game").to_owned(),
        };
        let runs = &v["ludii"];
        let limited = number(runs, "ended_by_limit").expect("ended_by_limit");
        let games = number(runs, "games").expect("games");
        let sow_capped = sow_games_at_cap(v);
        let at_limit = match (limited > 0.0, sow_capped > 0.0) {
            (false, false) => String::new(),
            (true, false) => format!(" ({limited} of {games} at Ludii's limit)"),
            (false, true) => format!(
                " ({} of sow's {} at its cap)",
                thousands(sow_capped),
                thousands(sow_games(v))
            ),
            (true, true) => format!(
                " ({limited} of {games} at Ludii's limit, {} of sow's {} at its cap)",
                thousands(sow_capped),
                thousands(sow_games(v))
            ),
        };
        let headline = match v["comparable"].as_bool().expect("comparable") {
            true => {
                let (per, ratio) = headline(v);
                format!("{} a {per}", times(ratio))
            }
            false => "none: not the same game".to_owned(),
        };
        let variant = match v["sow_variant"].as_str() {
            Some(timed) if timed != text_of(v, "variant") => {
                format!("`{}` (`{timed}`)", text_of(v, "variant"))
            }
            _ => format!("`{}`", text_of(v, "variant")),
        };
        format!(
            "| {variant} | {game} | {} | {} | {} | {} / {}{at_limit} | {} | {headline} |\n",
            thousands(number(v, "ludii_games_per_cpu_s").expect("ludii_games_per_cpu_s")),
            thousands(number(v, "sow_games_per_cpu_s").expect("sow_games_per_cpu_s")),
            times(ratio(v)),
            thousands(number(v, "ludii_plies_per_game").expect("ludii_plies_per_game")),
            thousands(number(v, "sow_plies_per_game").expect("sow_plies_per_game")),
            times(plies_ratio(v)),
        )
    };
    out += &format!(
        "Games per processor second, {} s a measurement, each after Ludii's warm-up of {} \
         processor seconds:\n\n{header}",
        number(results, "seconds").expect("seconds"),
        number(ludii, "warmup_cpu_seconds").expect("ludii.warmup_cpu_seconds"),
    );
    for v in &same {
        out += &row(v);
    }
    if !other.is_empty() {
        out += &format!(
            "\nMeasured too, but Ludii's game is not the same game (the same family of \
             rules), so left out of the figures above:\n\n{header}"
        );
        for v in &other {
            out += &row(v);
        }
        out += "\n";
        for v in &other {
            out += &format!(
                "- `{}`: {}.\n",
                text_of(v, "variant"),
                text_of(v, "not_comparable")
            );
        }
    }
    out
}

/// The games `sow bench` played for one variant of a `scripts/bench-vs-ludii`
/// results file.
fn sow_games(v: &serde_json::Value) -> f64 {
    number(&v["sow"], "games").expect("sow.games")
}

/// How many of `sow bench`'s games of one variant were stopped at its ply
/// cap. Files written before `sow bench` counted them do not say: there
/// every game was stopped when their mean length is the cap of a game (1,000
/// plies) or of a match (10,000), as none is longer, and none counts as
/// stopped otherwise.
fn sow_games_at_cap(v: &serde_json::Value) -> f64 {
    if let Some(capped) = number(&v["sow"], "ended_by_cap") {
        return capped;
    }
    let mean = number(v, "sow_plies_per_game").expect("sow_plies_per_game");
    match [1_000.0, 10_000.0].contains(&mean) {
        true => sow_games(v),
        false => 0.0,
    }
}

/// The headline ratio of one variant, as `scripts/bench-vs-ludii` states it:
/// per ply (`"ply"` and the ratio of plies per processor second) when more
/// than half of Ludii's games ran to its limit or more than half of `sow
/// bench`'s to its cap, else per game.
fn headline(v: &serde_json::Value) -> (&'static str, f64) {
    let runs = &v["ludii"];
    let ludii_limited = number(runs, "ended_by_limit").expect("ended_by_limit");
    let ludii_games = number(runs, "games").expect("games");
    if 2.0 * ludii_limited > ludii_games || 2.0 * sow_games_at_cap(v) > sow_games(v) {
        ("ply", number(v, "plies_ratio").expect("plies_ratio"))
    } else {
        ("game", number(v, "ratio").expect("ratio"))
    }
}

/// A ratio as the page shows it: one decimal under 100, whole above (with
/// thousands separated).
fn times(ratio: f64) -> String {
    if ratio < 100.0 {
        format!("{ratio:.1}")
    } else {
        thousands(ratio)
    }
}

/// The string under `key` in a JSON object.
fn text_of<'a>(object: &'a serde_json::Value, key: &str) -> &'a str {
    object[key]
        .as_str()
        .unwrap_or_else(|| panic!("no string `{key}` in {object}"))
}

/// `page` with the generated text after the marker `start` (up to the end
/// marker that follows it) replaced by `section`.
fn with_generated_section(page: &str, start: &str, section: &str) -> String {
    let from = page
        .find(start)
        .unwrap_or_else(|| panic!("docs/src/speed.md lacks the marker {start}"));
    let to = from
        + page[from..]
            .find(SPEED_RESULTS_END)
            .unwrap_or_else(|| panic!("docs/src/speed.md lacks the end marker after {start}"));
    format!("{}{start}\n{section}{}", &page[..from], &page[to..])
}

/// The results shown in `docs/src/speed.md` are those of the newest files
/// of `scripts/bench-vs-native` and `scripts/bench-vs-ludii` in
/// `bench/results/`; `UPDATE_GUIDE=1` writes them into the page.
#[test]
fn speed_page_shows_the_newest_bench_results() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/src/speed.md");
    let page = std::fs::read_to_string(&path).unwrap();
    let (name, results) = newest_bench_results("");
    let (ludii_name, ludii) = newest_bench_results("ludii-");
    let want = with_generated_section(
        &page,
        SPEED_RESULTS_START,
        &speed_results_section(&name, &results),
    );
    let want = with_generated_section(
        &want,
        LUDII_RESULTS_START,
        &ludii_results_section(&ludii_name, &ludii),
    );
    if want == page {
        return;
    }
    assert!(
        std::env::var_os("UPDATE_GUIDE").is_some(),
        "the results in docs/src/speed.md differ from {name} or {ludii_name}; regenerate them \
         with `UPDATE_GUIDE=1 cargo test --test integration docs::` and review the diff"
    );
    std::fs::write(&path, want).unwrap();
}

/// The recorded run of 2 December 2026, rendered: the ratios are the ones its
/// printed output showed (sow / hand-written 0.56, 0.79, 0.54; sow / OpenSpiel
/// 26.2x, 18.2x; two threads 2.00x, 1.94x, 2.09x).
#[test]
fn the_recorded_bench_run_renders_its_printed_ratios() {
    let name = "bench/results/2026-12-02.json";
    let text = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join(name)).unwrap();
    let section = speed_results_section(name, &serde_json::from_str(&text).unwrap());
    for row in [
        "| Oware (`oware-openspiel`) | 590,488 | 331,385 | 0.56 | 12,663 | 26.2x |",
        "| Kalah (`kalah`) | 1,323,321 | 1,046,513 | 0.79 | 57,351 | 18.2x |",
        "| Modiar (`modiar`) | 3,592,922 | 1,936,724 | 0.54 | - | - |",
        "| Oware | 590,393 (61.3M) | 329,533 (34.2M) | 0.56 | 12,643 | 26.1x |",
        "| Oware | 324,484 | 657,673 | 2.00x | 1.79, 2.10, 2.00 | 2.02x |",
        "| Kalah | 1,034,916 | 1,925,633 | 1.94x | 1.81, 1.94, 1.98 | 1.93x |",
        "| Modiar | 1,882,791 | 3,894,859 | 2.09x | 2.09, 2.09, 2.01 | 2.03x |",
        "5,556 KiB after 332,800 games (1 s); 5,692 KiB after 1,019,136 games (3 s)",
    ] {
        assert!(section.contains(row), "no `{row}` in:\n{section}");
    }
}

/// The recorded run against Ludii of 6 December 2026, rendered: the ratios
/// are the ones `scripts/bench-vs-ludii` printed as it measured (awagagae
/// 154 and 14983 games per processor second, 97.4; dakon 35.7, the lowest;
/// sute 15.6 per ply, the lowest; boukerourou's Ludii games all at its
/// limit; hus apart, with the reason of games.tsv). The headlines, worked
/// out from the file's rows by the rule alone (per ply where more than half
/// of either side's games hit a cap): the lowest is Oure Ngat's 31.0 per ply
/// (all of Ludii's games at its limit), the median 228, and 11 below 100.
#[test]
fn the_recorded_ludii_run_renders_its_printed_ratios() {
    let name = "bench/results/ludii-2026-12-06.json";
    let text = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join(name)).unwrap();
    let section = ludii_results_section(name, &serde_json::from_str(&text).unwrap());
    for expected in [
        "against Ludii at commit 845cda6f33 of its public source (openjdk version \"17.0.15\" \
         2025-04-15), on a 2-core machine (Intel(R) Xeon(R) Processor) shared with other work, so \
         the figures per processor second are the ones to read; the data: \
         `bench/results/ludii-2026-12-06.json`.",
        "Over the 85 variants that play the same game as Ludii's, the lowest headline is \
         **31.0 times** (`oure-ngat`, per ply; the median is 228 times), and 11 of them are \
         below 100 times.",
        "Per game alone, `sow bench` plays at least **35.7 times** as many games per \
         processor second as Ludii (the lowest ratio: `dakon`; the median is 245 times), and \
         per ply alone at least 15.6 times as many plies (`sute`;",
        "| `awagagae` | Awagagae | 154 | 14,983 | 97.4 | 593 / 544 (18 of 383 at Ludii's limit) | 89.3 | 97.4 a game |",
        "| `awari` | Awari | 616 | 361,616 | 587 | 108 / 108 | ",
        "| `boukerourou` | Boukerourou | 4 | 68,695 | 16,487 | 10,000 / 189 (9 of 9 at Ludii's limit) | 312 | 312 a ply |",
        "| `hus` | Hus (Damara), ruleset Damara (Observed) | 41 | 101,757 | 2,454 | 2,448 / 49 (65 of 85 at Ludii's limit) | 48.7 |",
        "- `hus`: Ludii's Hus (Damara) has no 4x8 board (its rulesets play 12 to 24 holes a row).",
    ] {
        assert!(section.contains(expected), "no `{expected}` in:\n{section}");
    }
    // The three that are not the same game come after the table of the others.
    let apart = section.find("Measured too").expect("the variants apart");
    assert!(section.find("| `hus` |").unwrap() > apart);
    assert!(section.find("| `awagagae` |").unwrap() < apart);
}

/// The headline ratio is per ply when more than half of either side's games
/// were stopped by a cap, else per game: worked out for made-up rows, and
/// the same as the `"headline"` that `scripts/bench-vs-ludii` wrote into
/// every results file that has one.
#[test]
fn the_headline_ratio_is_per_ply_where_most_games_hit_a_cap() {
    let row = |ludii: (u64, u64), sow: serde_json::Value, mean: f64| {
        serde_json::json!({
            "ratio": 40.0, "plies_ratio": 90.0, "sow_plies_per_game": mean,
            "ludii": {"games": ludii.0, "ended_by_limit": ludii.1}, "sow": sow,
        })
    };
    let counted =
        |games: u64, capped: u64| serde_json::json!({"games": games, "ended_by_cap": capped});
    let cases = [
        // All of Ludii's games at its limit (Dakon), none of sow's.
        (row((55, 55), counted(100, 0), 4_000.0), ("ply", 90.0)),
        // Half of each: not more than half.
        (row((10, 5), counted(10, 5), 500.0), ("game", 40.0)),
        // More than half of sow's at its cap.
        (row((10, 0), counted(10, 6), 9_000.0), ("ply", 90.0)),
        // A file that did not count sow's: a mean of 10,000 plies is the cap.
        (
            row((11, 0), serde_json::json!({"games": 8}), 10_000.0),
            ("ply", 90.0),
        ),
        (
            row((11, 0), serde_json::json!({"games": 8}), 9_768.0),
            ("game", 40.0),
        ),
    ];
    for (v, want) in cases {
        assert_eq!(headline(&v), want, "{v}");
    }
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("bench/results");
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        if !(name.starts_with("ludii-") && name.ends_with(".json")) {
            continue;
        }
        let results: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
        for v in results["variants"].as_array().unwrap() {
            let Some(stored) = v.get("headline") else {
                continue;
            };
            if stored.is_null() {
                // No headline between two different games.
                assert_eq!(v["comparable"], false, "{name}: {v}");
                continue;
            }
            let (per, ratio) = headline(v);
            assert_eq!(stored["per"], per, "{name}: {v}");
            assert_eq!(number(stored, "ratio"), Some(ratio), "{name}: {v}");
        }
    }
}

/// Hexadecimal words the documents may show although they look like commit
/// hashes, each with the reason.
const HEX_WORDS_ALLOWED: &[(&str, &str)] = &[
    (
        "2b1c596c",
        "the revision of StoneShark/MancalaGames (another project) that Toguz Kumalak's \
         header cites as its source",
    ),
    (
        "2b1c596c12883188ab9df24abe96ef474a7ec825",
        "the same revision in full, which the peer check against MancalaGames reads",
    ),
    (
        "845cda6f33",
        "the commit of Ludii's public source (another project) that the speed page's \
         measurement against Ludii was built from",
    ),
];

/// The development-process words in one line of a document: session, wave
/// and issue numbers, commit hashes, "helper(s)", "the lead", load averages
/// and paths outside the repository (`/tmp/` only in prose: examples may
/// write their files there). Each finding is the word and what it is.
fn process_words(line: &str, in_code_block: bool) -> Vec<(String, &'static str)> {
    let mut found = Vec::new();
    // The line's words (runs of letters and digits) and where each ends.
    let mut words: Vec<(&str, usize)> = Vec::new();
    let mut start = None;
    for (i, c) in line.char_indices().chain([(line.len(), ' ')]) {
        match (c.is_ascii_alphanumeric(), start) {
            (true, None) => start = Some(i),
            (false, Some(s)) => {
                words.push((&line[s..i], i));
                start = None;
            }
            _ => {}
        }
    }
    // What follows a word: the rest of the line after spaces and `#`.
    let after = |end: usize| line[end..].trim_start_matches([' ', '#']);
    for (k, &(word, end)) in words.iter().enumerate() {
        let lower = word.to_ascii_lowercase();
        let next_is_number = after(end).starts_with(|c: char| c.is_ascii_digit());
        let next_word = words.get(k + 1).map(|&(w, _)| w.to_ascii_lowercase());
        let spaced = |w: &str| line[end..].starts_with(' ') && next_word.as_deref() == Some(w);
        let what = match lower.as_str() {
            "session" | "sessions" if next_is_number => Some("a session number"),
            "wave" | "waves" if next_is_number => Some("a wave number"),
            "issue" | "issues" if next_is_number => Some("an issue number"),
            "helper" | "helpers" => Some("\"helper\", the development word"),
            "the" if spaced("lead") => Some("\"the lead\""),
            "load" if spaced("average") || (line[end..].starts_with(' ') && next_is_number) => {
                Some("a load average")
            }
            _ => None,
        };
        if let Some(what) = what {
            let shown = match next_word {
                Some(next) if next_is_number || what != "\"helper\", the development word" => {
                    format!("{word} {next}")
                }
                _ => word.to_owned(),
            };
            found.push((shown, what));
        }
        let hex = (7..=40).contains(&word.len())
            && word.chars().all(|c| c.is_ascii_hexdigit())
            && word.chars().any(|c| c.is_ascii_digit())
            && word.chars().any(|c| c.is_ascii_alphabetic());
        if hex && !HEX_WORDS_ALLOWED.iter().any(|&(w, _)| w == lower) {
            found.push((word.to_owned(), "a commit hash"));
        }
    }
    for path in ["../shared", "/work/"] {
        if line.contains(path) {
            found.push((path.to_owned(), "a path outside the repository"));
        }
    }
    if !in_code_block && line.contains("/tmp/") {
        found.push((
            "/tmp/".to_owned(),
            "a path outside the repository, in prose",
        ));
    }
    found
}

/// The README and the guide state what is true now: a test fails on the
/// words of the development's history (which belongs in CHANGELOG.md),
/// naming the file, the line and the word.
#[test]
fn documents_carry_no_development_process_words() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut problems = Vec::new();
    for file in documents() {
        let text = std::fs::read_to_string(&file).unwrap();
        let shown = file
            .strip_prefix(root)
            .unwrap_or(&file)
            .display()
            .to_string();
        let mut in_code_block = false;
        for (i, line) in text.lines().enumerate() {
            if line.trim_start().starts_with("```") {
                in_code_block = !in_code_block;
            }
            for (word, what) in process_words(line, in_code_block) {
                problems.push(format!("{shown}:{}: `{word}`: {what}", i + 1));
            }
        }
    }
    assert!(
        problems.is_empty(),
        "development-process words in the README or the guide (state current facts; history \
         goes into CHANGELOG.md):\n{}",
        problems.join("\n")
    );
}

/// The finder itself, on lines worked out by hand: each kind of word is
/// found, and the look-alikes are not.
#[test]
fn process_words_are_found_and_look_alikes_are_not() {
    let kinds = |line: &str, code: bool| -> Vec<&'static str> {
        process_words(line, code)
            .into_iter()
            .map(|(_, what)| what)
            .collect()
    };
    assert_eq!(kinds("Session 13: the kernel", false), ["a session number"]);
    assert_eq!(kinds("exact since wave 10", false), ["a wave number"]);
    assert_eq!(
        kinds("(issue #21) and issue 13", false),
        ["an issue number", "an issue number"]
    );
    assert_eq!(
        kinds("six helpers on 2 cores", false),
        ["\"helper\", the development word"]
    );
    assert_eq!(kinds("only the lead's builds", false), ["\"the lead\""]);
    assert_eq!(
        kinds("load average 1.4, then load 6-16", false),
        ["a load average", "a load average"]
    );
    assert_eq!(kinds("on ccc4c32, release build", false), ["a commit hash"]);
    assert_eq!(
        kinds("see ../shared/bench/", false),
        ["a path outside the repository"]
    );
    assert_eq!(
        kinds("`x /tmp/mg`", false),
        ["a path outside the repository, in prose"]
    );
    for fine in [
        "a `sow play` session: the text after",
        "3.62e29 rule sets, 1,364 partial rule sets",
        "the leading pit, a load and a branch, the wave of captures",
        "rules_sha256 is 64 hex digits: 0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef",
        "MancalaGames 2b1c596c",
        "deadbeef and 1234567 are not both",
    ] {
        assert!(kinds(fine, false).is_empty(), "{fine}: {:?}", process_words(fine, false));
    }
    assert!(kinds("$ sow trace modiar --html /tmp/game.html", true).is_empty());
}

/// The sentence before an example of `sow diff` gives as many differing rules
/// as the example's output counts (`N rules differ`).
#[test]
fn diff_examples_are_introduced_with_their_count_of_rules() {
    const NUMBERS: [&str; 10] = [
        "no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine",
    ];
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let page = std::fs::read_to_string(root.join("docs/src/records.md")).unwrap();
    let block = blocks(&page)
        .into_iter()
        .find(|b| {
            b.body
                .first()
                .is_some_and(|l| l == "$ sow diff modiar modiar@awale-info")
        })
        .expect("records.md shows `sow diff modiar modiar@awale-info`");
    let count: usize = block
        .body
        .iter()
        .find_map(|l| {
            l.strip_suffix(" rules differ")?
                .rsplit(' ')
                .next()?
                .parse()
                .ok()
        })
        .expect("the output says `N rules differ`");
    let said = format!("differ in {} rules", NUMBERS[count]);
    assert!(
        block.before.replace('\n', " ").contains(&said),
        "records.md:{}: the sentence before the example should say `{said}`:\n{}",
        block.line,
        block.before
    );
}

/// The options the getting-started table gives `sow compare-rules` are the
/// ones it takes, and the three of `sow simulate` it says it lacks are
/// refused with a usage error.
#[test]
fn compare_rules_takes_the_options_the_guide_names() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let page = std::fs::read_to_string(root.join("docs/src/getting-started.md")).unwrap();
    let row = page
        .lines()
        .find(|l| l.starts_with("| `sow compare-rules"))
        .expect("getting-started.md has a row for compare-rules");
    let (usage, _) = row[2..].split_once(" | ").expect("a table row");
    let named: Vec<&str> = usage
        .split(['[', ']', ' ', '`'])
        .filter(|w| w.starts_with("--"))
        .collect();
    assert!(named.len() >= 8, "{row}");
    let (_, help, _) = sow(&["compare-rules", "--help"]);
    for option in &named {
        assert!(
            help.contains(&format!("{option} ")) || help.contains(&format!("{option}\n")),
            "{option} is not in `sow compare-rules --help`"
        );
    }
    for refused in [
        &["--shard", "1/2"][..],
        &["--games-out", "g.jsonl"],
        &["--plot", "p.svg"],
    ] {
        assert!(
            row.contains(&format!("`{}`", refused[0])),
            "{row} should name {}",
            refused[0]
        );
        let mut args = vec!["compare-rules", "modiar", "--games", "1"];
        args.extend_from_slice(refused);
        let (code, _, stderr) = sow(&args);
        assert_eq!(code, 2, "sow compare-rules {}: {stderr}", refused[0]);
    }
}

/// Every command `sow --help` lists has a row in the getting-started table,
/// and every option a row names is one its command takes (the table left out
/// `infer` and `bench`, and gave `diff` fewer options than it has).
#[test]
fn the_command_table_has_every_command_with_its_options() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let page = std::fs::read_to_string(root.join("docs/src/getting-started.md")).unwrap();
    let (_, help, _) = sow(&["--help"]);
    let commands: Vec<&str> = help
        .lines()
        .skip_while(|l| !l.starts_with("Commands:"))
        .skip(1)
        .take_while(|l| l.starts_with("  "))
        .filter(|l| l.starts_with("  ") && !l.starts_with("   "))
        .filter_map(|l| l.split_whitespace().next())
        .filter(|&c| c != "help")
        .collect();
    assert!(commands.len() >= 19, "{help}");
    for command in commands {
        let rows: Vec<&str> = page
            .lines()
            .filter(|l| {
                l.starts_with(&format!("| `sow {command} "))
                    || l.starts_with(&format!("| `sow {command}`"))
            })
            .collect();
        assert!(
            !rows.is_empty(),
            "getting-started.md has no row for `sow {command}`"
        );
        let (_, command_help, _) = sow(&[command, "--help"]);
        for row in rows {
            let (usage, _) = row[2..].split_once(" | ").expect("a table row");
            for option in usage
                .split(['[', ']', ' ', '`', ','])
                .filter(|w| w.starts_with("--"))
            {
                assert!(
                    command_help.contains(&format!("{option} "))
                        || command_help.contains(&format!("{option}\n")),
                    "getting-started.md names {option} for `sow {command}`, which its --help lacks"
                );
            }
        }
    }
}

/// The README's short coverage table gives the counts of the coverage page's
/// table, row by row (a cell such as `**8** / 0 (study: 0)` of two folders
/// counts 8 + 0; `-` counts as nothing).
#[test]
fn readme_coverage_counts_are_the_coverage_pages() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    // The numbers of a table row after its first cell: each cell's numbers
    // before any parenthesis or `;`, summed.
    let counts = |row: &str| -> Vec<u32> {
        row.trim_matches('|')
            .split(" | ")
            .skip(1)
            .map(|cell| {
                let cell = cell.split(['(', ';']).next().unwrap_or("");
                cell.split(" / ")
                    .filter_map(|n| n.trim().trim_matches('*').parse::<u32>().ok())
                    .sum()
            })
            .collect()
    };
    let rows = |text: &str, starts: &[&str]| -> Vec<Vec<u32>> {
        starts
            .iter()
            .map(|start| {
                let row = text
                    .lines()
                    .find(|l| l.starts_with(start))
                    .unwrap_or_else(|| panic!("no row starting `{start}`"));
                counts(row)[..5].to_vec()
            })
            .collect()
    };
    let readme = std::fs::read_to_string(root.join("README.md")).unwrap();
    let page = std::fs::read_to_string(root.join("docs/src/coverage.md")).unwrap();
    assert_eq!(
        rows(
            &readme,
            &[
                "| Ludii, two-row",
                "| MancalaGames",
                "| Ludii, three- and four-row"
            ]
        ),
        rows(
            &page,
            &[
                "| Ludii, `board/sow/two_rows`",
                "| MancalaGames, `GameProps`",
                "| Ludii, `four_rows`"
            ]
        ),
        "README.md's coverage table differs from docs/src/coverage.md's"
    );
    assert_eq!(
        rows(&readme, &["| Ludii, two-row"])[0],
        [134, 66, 74, 5, 41]
    );
}
