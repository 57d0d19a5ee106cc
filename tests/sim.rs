//! `sow simulate`, `sow compare-rules` and `sow merge`: determinism, shards,
//! the figures of a small batch checked against independent replays, output
//! snapshots and bad arguments.

use serde_json::Value;
use sowing::{engine::GameRun, trace};

use crate::common::{scratch, shipped, shipped_text_with, sow};

fn ok(args: &[&str]) -> String {
    let (code, stdout, stderr) = sow(args);
    assert_eq!(code, 0, "{args:?}: {stderr}");
    assert!(stderr.is_empty(), "no progress bar on a pipe: {stderr}");
    stdout
}

#[test]
fn same_seed_same_json_whatever_the_threads() {
    let args = |threads: &'static str, seed: &'static str| {
        [
            "simulate",
            "modiar",
            "--games",
            "600",
            "--agents",
            "random,greedy",
            "--swap",
            "--seed",
            seed,
            "--format",
            "json",
            "--threads",
            threads,
        ]
    };
    let one = ok(&args("1", "9"));
    assert_eq!(one, ok(&args("2", "9")));
    assert_eq!(one, ok(&args("3", "9")));
    assert_ne!(one, ok(&args("1", "10")), "another seed, other games");
}

#[test]
fn merged_shards_equal_one_run() {
    let dir = scratch("merge");
    let base = [
        "simulate",
        "modiar",
        "--games",
        "1001",
        "--agents",
        "random,greedy",
        "--swap",
        "--seed",
        "4",
        "--format",
        "json",
    ];
    let whole = ok(&base);
    let mut files = Vec::new();
    for shard in ["1/3", "2/3", "3/3"] {
        let mut args = base.to_vec();
        args.extend(["--shard", shard]);
        let path = dir.join(format!("part{}.json", &shard[..1]));
        std::fs::write(&path, ok(&args)).unwrap();
        files.push(path.to_string_lossy().into_owned());
    }
    // Any order.
    let mut merge = vec!["merge", &files[2], &files[0], &files[1], "--format", "json"];
    assert_eq!(ok(&merge), whole);
    // A shard's summary says which shard it is and counts only its games:
    // 1001 games in 3 shards: cuts at ⌊1001·i/3⌋ = 0, 333, 667, 1001.
    let part: Value = serde_json::from_str(&std::fs::read_to_string(&files[2]).unwrap()).unwrap();
    assert_eq!(part["shard"], "3/3");
    assert_eq!(part["games"], 334);
    assert_eq!(part["batch_games"], 1001);
    // Two shards of three are not the whole batch.
    merge.remove(1);
    let (code, _, stderr) = sow(&merge);
    assert_eq!(code, 2);
    assert!(
        stderr.contains("needs all 3 shard summaries, got 2"),
        "{stderr}"
    );
}

/// Runs `base` as shards 1/2 and 2/2 and merges their JSON summaries.
fn merged_halves(name: &str, base: &[&str]) -> String {
    let dir = scratch(name);
    let mut files = Vec::new();
    for shard in ["1/2", "2/2"] {
        let mut args = base.to_vec();
        args.extend(["--shard", shard]);
        let path = dir.join(format!("{}.json", &shard[..1]));
        std::fs::write(&path, ok(&args)).unwrap();
        files.push(path.to_string_lossy().into_owned());
    }
    ok(&["merge", &files[0], &files[1], "--format", "json"])
}

#[test]
fn merge_of_a_two_way_split_equals_one_run() {
    let base = [
        "simulate",
        "modiar-awale-info",
        "--games",
        "500",
        "--seed",
        "2",
        "--format",
        "json",
    ];
    assert_eq!(merged_halves("merge2", &base), ok(&base));
}

/// A batch of 12 games written out with --games-out; every game is replayed
/// move by move through `trace` (another code path), and the summary's
/// figures are recomputed from the replays.
#[test]
fn summary_figures_match_replayed_games() {
    let dir = scratch("replay");
    let out = dir.join("games.jsonl");
    let json = ok(&[
        "simulate",
        "modiar",
        "--games",
        "12",
        "--seed",
        "3",
        "--agents",
        "greedy,random",
        "--format",
        "json",
        "--games-out",
        out.to_str().unwrap(),
    ]);
    let summary: Value = serde_json::from_str(&json).unwrap();
    let lines = std::fs::read_to_string(&out).unwrap();
    let game = shipped("modiar");
    let (mut wins, mut plies, mut captured, mut legal, mut choices) =
        ([0u64; 3], Vec::new(), 0u64, 0u64, 0u64);
    for (i, line) in lines.lines().enumerate() {
        let record: Value = serde_json::from_str(line).unwrap();
        assert_eq!(record["game"], i as u64);
        assert_eq!(record["agents"]["south"], "greedy");
        let moves: Vec<&str> = record["moves"]
            .as_array()
            .unwrap()
            .iter()
            .map(|m| m.as_str().unwrap())
            .collect();
        let replay = trace::from_moves(&game, game.start(), &moves).unwrap();
        let result = replay.result.as_ref().expect("each recorded game is over");
        assert_eq!(record["end"], result.end.as_str());
        assert_eq!(record["winner"], result.winner.as_str());
        assert_eq!(record["scores"], serde_json::json!(result.scores));
        assert_eq!(record["plies"], moves.len() as u64);
        wins[match result.winner.as_str() {
            "south" => 0,
            "north" => 1,
            _ => 2,
        }] += 1;
        plies.push(moves.len() as u64);
        let last = replay.plies.last().unwrap();
        captured += u64::from(last.scores[0] + last.scores[1]);
        let mut run = GameRun::new(&game, game.start());
        for mv in &moves {
            let n = run.successors().len() as u64;
            legal += n;
            choices += u64::from(n > 1);
            run.play(sowing::engine::parse_move(mv, &game).unwrap())
                .unwrap();
        }
    }
    assert_eq!(plies.len(), 12);
    assert_eq!(summary["games"], 12);
    assert_eq!(summary["wins"]["south"], wins[0]);
    assert_eq!(summary["wins"]["north"], wins[1]);
    assert_eq!(summary["wins"]["draws"], wins[2]);
    assert_eq!(summary["ends"]["ply_cap"], 0);
    plies.sort_unstable();
    let total: u64 = plies.iter().sum();
    assert_eq!(
        summary["plies"]["mean"].as_f64().unwrap(),
        total as f64 / 12.0
    );
    assert_eq!(
        summary["plies"]["median"].as_f64().unwrap(),
        (plies[5] + plies[6]) as f64 / 2.0
    );
    // Nearest rank: ⌈0.95·12⌉ = 12th of 12.
    assert_eq!(summary["plies"]["p95"], plies[11]);
    assert_eq!(summary["plies"]["max"], plies[11]);
    assert_eq!(summary["captured"]["total"], captured);
    assert_eq!(summary["branching"]["legal_moves"], legal);
    assert_eq!(summary["branching"]["positions"], total);
    assert_eq!(summary["branching"]["choices"], choices);
    let no_temp_left = std::fs::read_dir(&dir).unwrap().count();
    assert_eq!(no_temp_left, 1, "only games.jsonl in the folder");
}

#[test]
fn games_out_into_a_missing_folder_fails_cleanly() {
    let dir = scratch("missing");
    let target = dir.join("no/such/folder/games.jsonl");
    let (code, stdout, stderr) = sow(&[
        "simulate",
        "modiar",
        "--games",
        "3",
        "--games-out",
        target.to_str().unwrap(),
    ]);
    assert_eq!(code, 2);
    assert!(stdout.is_empty());
    assert!(
        stderr.contains("games.jsonl") && stderr.contains("there is no folder"),
        "{stderr}"
    );
}

#[test]
fn ply_cap_is_its_own_end() {
    // Modiar games last more than 5 plies (every pit starts with 7 stones:
    // nothing is captured on ply 1 and no row empties that fast), so a cap
    // of 5 stops every game: no wins, no draws, and no winner in the games
    // written out.
    let dir = scratch("cap");
    let out = dir.join("capped.jsonl");
    let json = ok(&[
        "simulate",
        "modiar",
        "--games",
        "50",
        "--max-plies",
        "5",
        "--format",
        "json",
        "--games-out",
        out.to_str().unwrap(),
    ]);
    let s: Value = serde_json::from_str(&json).unwrap();
    assert_eq!(s["ends"]["ply_cap"], 50);
    assert_eq!(
        s["wins"],
        serde_json::json!({"south": 0, "north": 0, "draws": 0})
    );
    assert_eq!(s["metrics"]["timeouts"], 1.0);
    assert_eq!(s["metrics"]["completion"], 0.0);
    assert_eq!(s["plies"]["max"], 5);
    let lines = std::fs::read_to_string(&out).unwrap();
    assert_eq!(lines.lines().count(), 50);
    for line in lines.lines() {
        let game: Value = serde_json::from_str(line).unwrap();
        assert_eq!(game["end"], "ply_cap");
        assert_eq!(game["winner"], Value::Null);
        assert_eq!(game["moves"].as_array().unwrap().len(), 5);
    }
}

#[test]
fn json_summary_snapshot() {
    insta::assert_snapshot!(ok(&[
        "simulate", "modiar", "--games", "8", "--seed", "7", "--format", "json"
    ]));
}

#[test]
fn table_summary_snapshot() {
    insta::assert_snapshot!(ok(&[
        "simulate",
        "modiar",
        "--games",
        "200",
        "--seed",
        "7",
        "--agents",
        "greedy,random",
        "--swap"
    ]));
}

#[test]
fn compare_rules_snapshot() {
    insta::assert_snapshot!(ok(&[
        "compare-rules",
        "modiar",
        "modiar-awale-info",
        "--games",
        "200",
        "--seed",
        "7",
        "--format",
        "csv"
    ]));
}

/// The `end: ...` rows of a table, as the ways' names (`no_legal_move`).
fn end_rows(table: &str) -> Vec<String> {
    table
        .lines()
        .filter_map(|l| {
            l.split('┆')
                .next()?
                .trim_start_matches('│')
                .trim()
                .strip_prefix("end: ")
        })
        .map(|e| e.replace(" (unfinished)", "").replace(' ', "_"))
        .collect()
}

/// The comparison has one column per variant and a row for every way of
/// ending in force under either variant: both end on no legal move and on a
/// repetition (`repetition end_game`), only the awale.info reading on a
/// feeding that cannot be made (`otherwise end_game`, the contrast the README
/// points to; `-` under Modiar, whose rules cannot end that way), and the ply
/// cap always. It fits 100 columns when the terminal's width is unknown.
#[test]
fn compare_rules_table_shows_every_end_in_force_and_fits() {
    let args = [
        "compare-rules",
        "modiar",
        "modiar-awale-info",
        "--games",
        "200",
        "--seed",
        "7",
    ];
    let table = ok(&args);
    assert_eq!(
        end_rows(&table),
        [
            "no_legal_move",
            "feeding_impossible",
            "repetition",
            "ply_cap"
        ],
        "{table}"
    );
    let feeding = table
        .lines()
        .find(|l| l.contains("end: feeding impossible"))
        .unwrap();
    let cells: Vec<&str> = feeding
        .split('┆')
        .map(|c| c.trim_matches(['│', ' ']))
        .collect();
    assert_eq!(cells[1], "-", "{feeding}");
    assert!(
        cells[2].ends_with("%)") && !cells[2].starts_with("0 "),
        "{feeding}"
    );
    assert!(table.contains("│ figure "), "{table}");
    assert!(table.contains("┆ Modiar@awale-info "), "{table}");
    for line in table.lines() {
        assert!(
            line.chars().count() <= 100,
            "{} columns: {line}",
            line.chars().count()
        );
    }
}

/// `sow list` gives each board as rows x pits a row: Omweso's four rows of
/// eight pits, two stones each (64), Gabata (Adowa)'s three rows of six,
/// three each (54), Modiar's two rows of three, seven each (42).
#[test]
fn list_shows_the_rows_of_each_board() {
    let list = ok(&["list"]);
    let board = |name: &str| {
        let row = list
            .lines()
            .find(|l| {
                l.split('┆')
                    .next()
                    .is_some_and(|c| c.trim_start_matches('│').trim() == name)
            })
            .unwrap_or_else(|| panic!("no row for {name} in\n{list}"));
        row.split('┆').nth(2).unwrap().trim().to_string()
    };
    assert_eq!(board("omweso"), "4x8 x2 (64 stones)");
    assert_eq!(board("gabata-adowa"), "3x6 x3 (54 stones)");
    assert_eq!(board("modiar"), "2x3 x7 (42 stones)");
}

/// `sow list` fits 100 columns when the terminal's width is unknown.
#[test]
fn list_fits_100_columns() {
    let list = ok(&["list"]);
    assert!(list.contains("modiar"), "{list}");
    for line in list.lines() {
        assert!(
            line.chars().count() <= 100,
            "{} columns: {line}",
            line.chars().count()
        );
    }
}

#[test]
fn bad_arguments_are_clear_errors() {
    let cases: [(&[&str], &str); 8] = [
        (
            &["simulate", "modiar", "--games", "0"],
            "a batch needs at least 1 game",
        ),
        (
            &["simulate", "modiar", "--agents", "random,minimax"],
            "unknown agent `minimax`, expected `random`, `greedy`, `alphabeta:D`, `mcts:N` or `perfect`",
        ),
        (
            &["simulate", "modiar", "--agents", "alphabeta:0,random"],
            "from 1 to 20",
        ),
        (
            &["simulate", "modiar", "--agents", "random"],
            "expected two agents",
        ),
        (
            &["simulate", "modiar", "--shard", "2"],
            "expected a shard as I/N",
        ),
        (
            &["simulate", "modiar", "--shard", "0/3"],
            "expected a shard as I/N",
        ),
        (
            &["simulate", "modiar", "--games", "2", "--shard", "1/3"],
            "more shards (3) than games (2)",
        ),
        (
            &["simulate", "modair"],
            "no shipped variant or file named `modair`",
        ),
    ];
    for (args, message) in cases {
        let (code, stdout, stderr) = sow(args);
        assert_eq!(code, 2, "{args:?}");
        assert!(stdout.is_empty(), "{args:?}: {stdout}");
        assert!(stderr.contains(message), "{args:?}: {stderr}");
    }
}

/// Two variant files that share a name but not their rules are not shards
/// of one batch (found by a new user's pass: seeds 7 and seeds 6, both
/// named Modiar, merged into one summary); the same file's shards merge.
#[test]
fn merge_refuses_shards_of_other_rules_under_one_name() {
    let dir = scratch("samename");
    let mut files = Vec::new();
    for (shard, seeds) in [("1/2", "7"), ("2/2", "6")] {
        let variant = dir.join(format!("seeds{seeds}.variant"));
        std::fs::write(
            &variant,
            shipped_text_with("modiar", &[("seeds 7", &format!("seeds {seeds}"))]),
        )
        .unwrap();
        let variant = variant.to_string_lossy().into_owned();
        let summary = ok(&[
            "simulate", &variant, "--games", "10", "--format", "json", "--shard", shard,
        ]);
        let path = dir.join(format!("{seeds}.json"));
        std::fs::write(&path, summary).unwrap();
        files.push(path.to_string_lossy().into_owned());
    }
    let (code, _, stderr) = sow(&["merge", &files[0], &files[1]]);
    assert_eq!(code, 2, "{stderr}");
    assert!(stderr.contains("not a shard of the same batch"), "{stderr}");
}

#[test]
fn merge_rejects_a_file_that_is_not_a_summary() {
    let dir = scratch("notsummary");
    let path = dir.join("x.json");
    std::fs::write(&path, "{\"games\": 3}").unwrap();
    let (code, _, stderr) = sow(&["merge", path.to_str().unwrap()]);
    assert_eq!(code, 2);
    assert!(
        stderr.contains("not a summary written by `sow simulate --format json`"),
        "{stderr}"
    );
}

/// Regression: `--games-out` wrote moves by pit index, so a pass (Um el
/// Tuweisat, `end { when neither_can_move }`) panicked with an index out of
/// bounds, and a move from a pit that sows either way lost its direction.
/// Moves are now written as `trace --moves` reads them, and replay.
#[test]
fn games_out_writes_passes_and_directions_that_replay() {
    let dir = scratch("passes");
    let out = dir.join("games.jsonl");
    ok(&[
        "simulate",
        "um-el-tuweisat",
        "--games",
        "40",
        "--threads",
        "1",
        "--games-out",
        out.to_str().unwrap(),
    ]);
    let game = shipped("um-el-tuweisat");
    let lines = std::fs::read_to_string(&out).unwrap();
    let (mut passes, mut directed) = (0, 0);
    for line in lines.lines() {
        let record: Value = serde_json::from_str(line).unwrap();
        let moves: Vec<&str> = record["moves"]
            .as_array()
            .unwrap()
            .iter()
            .map(|m| m.as_str().unwrap())
            .collect();
        passes += moves.iter().filter(|m| **m == "pass").count();
        directed += moves.iter().filter(|m| m.contains(':')).count();
        let replay = trace::from_moves(&game, game.start(), &moves).unwrap();
        let result = replay.result.expect("each recorded game is over");
        assert_eq!(record["end"], result.end.as_str());
        assert_eq!(record["scores"], serde_json::json!(result.scores));
    }
    assert_eq!(lines.lines().count(), 40);
    assert!(
        passes > 0 && directed > 0,
        "{passes} passes, {directed} b:.."
    );
}

/// Regression: merged shards lost the games that ended by `row_empty`,
/// `all_pits_at_most_one` or the ply cap. Kalah ends on an empty row, and a
/// cap of 30 plies stops most of its games.
#[test]
fn merge_keeps_every_way_of_ending() {
    let base = [
        "simulate",
        "kalah",
        "--games",
        "40",
        "--max-plies",
        "30",
        "--format",
        "json",
    ];
    let whole = ok(&base);
    let ends: Value = serde_json::from_str::<Value>(&whole).unwrap()["ends"].clone();
    assert!(ends["row_empty"].as_u64().unwrap() > 0, "{ends}");
    assert!(ends["ply_cap"].as_u64().unwrap() > 0, "{ends}");
    assert_eq!(merged_halves("merge-ends", &base), whole);
}

/// Issue 12.4: a game the ply cap stopped has no winner in `--games-out`
/// (`null`, as documented). Three plies cannot end a game of Modiar.
#[test]
fn games_out_gives_capped_games_no_winner() {
    let dir = scratch("capped-games-out");
    let out = dir.join("games.jsonl");
    ok(&[
        "simulate",
        "modiar",
        "--games",
        "6",
        "--max-plies",
        "3",
        "--games-out",
        out.to_str().unwrap(),
    ]);
    let lines = std::fs::read_to_string(&out).unwrap();
    assert_eq!(lines.lines().count(), 6);
    for line in lines.lines() {
        let record: Value = serde_json::from_str(line).unwrap();
        assert_eq!(record["end"], "ply_cap", "{line}");
        assert_eq!(record["winner"], Value::Null, "{line}");
    }
}

/// Issue 20: the summary lists only the ways of ending the variant's rules
/// can produce, and the ply cap. Read from the variants' `end` and `feeding`
/// sections: Modiar ends on no legal move and on a repetition (it feeds with
/// `otherwise play_any`); Boukerourou also on an empty row and a relay cycle;
/// Chonka on no legal move and a score reached (`repetition ignore`). The
/// JSON keeps a count for every way (the keys scripts read) and names those
/// in force in `ends_in_force`, the table's rows; merged shards keep it.
#[test]
fn summary_lists_only_the_ends_in_force() {
    let cases: [(&str, &[&str]); 3] = [
        ("modiar", &["no_legal_move", "repetition", "ply_cap"]),
        (
            "boukerourou",
            &[
                "no_legal_move",
                "repetition",
                "row_empty",
                "relay_cycle",
                "ply_cap",
            ],
        ),
        ("chonka", &["no_legal_move", "score_reached", "ply_cap"]),
    ];
    for (variant, in_force) in cases {
        let base = ["simulate", variant, "--games", "20", "--seed", "3"];
        assert_eq!(end_rows(&ok(&base)), in_force, "{variant}");
        let json_args = [&base[..], &["--format", "json"]].concat();
        let json = ok(&json_args);
        let summary: Value = serde_json::from_str(&json).unwrap();
        assert_eq!(summary["ends_in_force"], serde_json::json!(in_force));
        let ends = summary["ends"].as_object().unwrap();
        assert_eq!(ends.len(), 13, "every way keeps its key: {ends:?}");
        for (end, count) in ends {
            if !in_force.contains(&end.as_str()) {
                assert_eq!(count, 0, "{variant} cannot end by {end}");
            }
        }
        let merged = merged_halves(&format!("in-force-{variant}"), &json_args);
        assert_eq!(merged, json, "{variant}");
    }
}

/// A shard summary that counts a game ended a way its `ends_in_force` does
/// not list is refused: the table would hide that game.
#[test]
fn merge_refuses_ends_outside_those_in_force() {
    let dir = scratch("ends-outside");
    let mut files = Vec::new();
    for shard in ["1/2", "2/2"] {
        let json = ok(&[
            "simulate", "modiar", "--games", "4", "--seed", "2", "--format", "json", "--shard",
            shard,
        ]);
        let mut summary: Value = serde_json::from_str(&json).unwrap();
        summary["ends_in_force"] = serde_json::json!(["repetition", "ply_cap"]);
        let path = dir.join(format!("{}.json", &shard[..1]));
        std::fs::write(&path, summary.to_string()).unwrap();
        files.push(path.to_string_lossy().into_owned());
    }
    let (code, _, stderr) = sow(&["merge", &files[0], &files[1]]);
    assert_ne!(code, 0);
    assert!(
        stderr.contains("1.json") && stderr.contains("`ends_in_force` does not list"),
        "{stderr}"
    );
}

/// No shipped variant ends a random game a way its summary says its rules
/// cannot (the table would hide that game): 200 random games each.
#[test]
fn no_shipped_variant_ends_a_way_not_in_force() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("variants");
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .filter_map(|entry| {
            let path = entry.unwrap().path();
            (path.extension()? == "variant")
                .then(|| path.file_stem().unwrap().to_string_lossy().into_owned())
        })
        .collect();
    names.sort();
    assert!(names.len() >= 20, "{names:?}");
    for name in names {
        let json = ok(&[
            "simulate", &name, "--games", "200", "--seed", "4", "--format", "json",
        ]);
        let summary: Value = serde_json::from_str(&json).unwrap();
        let in_force = summary["ends_in_force"].as_array().unwrap();
        assert!(in_force.contains(&"ply_cap".into()), "{name}");
        for (end, count) in summary["ends"].as_object().unwrap() {
            if count.as_u64().unwrap() > 0 {
                assert!(in_force.contains(&end.as_str().into()), "{name}: {end}");
            }
        }
    }
}

/// The cells of the table row whose first cell is `figure`, after it.
fn row_cells(table: &str, figure: &str) -> Vec<String> {
    let line = table
        .lines()
        .find(|l| {
            l.split('┆')
                .next()
                .is_some_and(|c| c.trim_matches(['│', ' ']) == figure)
        })
        .unwrap_or_else(|| panic!("no row `{figure}` in\n{table}"));
    line.split('┆')
        .skip(1)
        .map(|c| c.trim_matches(['│', ' ']).to_string())
        .collect()
}

/// The count a cell starts with: `17` of `17 (85.0%)` or `17  85.0% (...)`.
fn count(cell: &str) -> u64 {
    cell.split_whitespace().next().unwrap().parse().unwrap()
}

/// Two variants of one display name (Modiar, and Modiar with 6 seeds a pit
/// in `six.variant`) are headed apart by the argument that named them. With
/// `--swap` each agent's wins get a row: the counts `sow simulate` gives for
/// the same batch (same seed, same games), which add up to the decided
/// games (south's wins and north's).
#[test]
fn compare_rules_tells_same_names_apart_and_keeps_each_agents_wins() {
    use crate::common::sow_in;
    let dir = scratch("compare-same-name");
    let six = shipped_text_with("modiar", &[("seeds 7", "seeds 6")]);
    std::fs::write(dir.join("six.variant"), six).unwrap();
    let batch = [
        "--games",
        "40",
        "--seed",
        "3",
        "--agents",
        "greedy,random",
        "--swap",
    ];
    let run = |args: &[&str]| {
        let (code, stdout, stderr) = sow_in(&dir, args, "");
        assert_eq!(code, 0, "{args:?}: {stderr}");
        stdout
    };
    let table = run(&[&["compare-rules", "modiar", "six.variant"][..], &batch].concat());
    assert_eq!(
        row_cells(&table, "figure"),
        ["Modiar (modiar)", "Modiar (six.variant)"],
        "{table}"
    );
    let greedy = row_cells(&table, "wins of greedy (first agent)");
    let random = row_cells(&table, "wins of random (second agent)");
    for (column, variant) in ["modiar", "six.variant"].into_iter().enumerate() {
        let alone = run(&[&["simulate", variant][..], &batch].concat());
        let wins = |figure: &str| count(&row_cells(&alone, figure)[0]);
        let decided = wins("south wins") + wins("north wins");
        assert_eq!(
            count(&greedy[column]),
            wins("wins of greedy (first agent, both seats)"),
            "{variant}"
        );
        assert_eq!(
            count(&random[column]),
            wins("wins of random (second agent, both seats)"),
            "{variant}"
        );
        assert_eq!(
            count(&greedy[column]) + count(&random[column]),
            decided,
            "{variant}: {table}"
        );
        assert!(decided > 0, "{alone}");
    }
    // Without --swap the agents keep their seats: no such rows.
    let table = run(&["compare-rules", "modiar", "six.variant", "--games", "10"]);
    assert!(!table.contains("wins of"), "{table}");
    // The same argument twice: the columns are numbered.
    let table = run(&["compare-rules", "modiar", "modiar", "--games", "10"]);
    assert_eq!(
        row_cells(&table, "figure"),
        ["Modiar (modiar) #1", "Modiar (modiar) #2"],
        "{table}"
    );
}
