//! `sow infer`: records generated from shipped variants are inferred back.

use serde_json::Value;
use sowing::{rules::schema, variants};

use crate::common::{scratch, sow};

/// Writes `sow trace VARIANT --seed N` (YAML, 20 plies) for each seed into `dir`.
fn traces(dir: &std::path::Path, variant: &str, seeds: &[u64]) -> Vec<String> {
    traces_to(dir, variant, seeds, 20)
}

/// [`traces`] of up to `plies` plies.
fn traces_to(dir: &std::path::Path, variant: &str, seeds: &[u64], plies: u32) -> Vec<String> {
    seeds
        .iter()
        .map(|seed| {
            let (code, out, err) = sow(&[
                "trace",
                variant,
                "--seed",
                &seed.to_string(),
                "--format",
                "yaml",
                "--max-plies",
                &plies.to_string(),
            ]);
            assert_eq!(code, 0, "{err}");
            let name = format!("{variant}-{seed}.yaml");
            std::fs::write(dir.join(&name), out).unwrap();
            name
        })
        .collect()
}

/// `sow infer` on `files` in `dir`: (exit code, JSON report if any, output).
/// Killed after five minutes (each takes seconds), so that no search
/// outlives a test that went wrong.
fn infer(dir: &std::path::Path, files: &[String], extra: &[&str]) -> (i32, Value, String) {
    let out = assert_cmd::Command::cargo_bin("sow")
        .unwrap()
        .current_dir(dir)
        .arg("infer")
        .args(files)
        .args(extra)
        .timeout(std::time::Duration::from_secs(300))
        .output()
        .unwrap();
    let code = out.status.code().unwrap_or(-1);
    let (out, err) = (
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    );
    let json = serde_json::from_str(&out).unwrap_or(Value::Null);
    (code, json, format!("{out}{err}"))
}

/// The true value of `capture.counts` etc. in a shipped variant, as written.
fn truth(variant: &str, key: &str) -> Option<Vec<String>> {
    let rules = variants::load(variant).unwrap().rules;
    let (section, name) = match key.split_once('.') {
        Some((s, n)) => (Some(s), n),
        None => (None, key),
    };
    (schema::key(section, name).unwrap().write)(&rules)
}

/// Whether `value` of `key` is a word `sow infer` searches only when
/// `--vary` names the key (`repetition agree`).
fn opt_in(key: &str, value: &str) -> bool {
    let (section, name) = key
        .split_once('.')
        .map_or((None, key), |(s, n)| (Some(s), n));
    match schema::key(section, name).unwrap().value {
        schema::ValueKind::Word(words) => words.opt_in.contains(&value),
        _ => false,
    }
}

fn words(v: &Value) -> Vec<String> {
    match v {
        Value::String(s) => s.split_whitespace().map(String::from).collect(),
        Value::Array(a) => a.iter().map(|x| x.as_str().unwrap().to_string()).collect(),
        _ => Vec::new(),
    }
}

/// Every settled rule is the variant's; the variant's value is among the
/// open values of every open rule.
fn check_inferred_back(variant: &str, seeds: &[u64]) {
    let dir = scratch(&format!("infer-{variant}"));
    let files = traces(&dir, variant, seeds);
    let (code, report, text) = infer(&dir, &files, &["--format", "json"]);
    assert_eq!(code, 0, "{variant}: {text}");
    assert!(report["explained_by"].as_f64().unwrap() >= 1.0);
    let determined = report["determined"].as_object().unwrap();
    assert!(
        determined.contains_key("sow.direction"),
        "{variant}: {text}"
    );
    for (key, found) in determined {
        let true_value = truth(variant, key).unwrap_or_default();
        let value = words(&found["value"]);
        if key == "capture.counts" || key == "end.when" {
            // Elements settled in are in the variant; those settled out are not.
            for v in &value {
                assert!(
                    true_value.contains(v),
                    "{variant}: {key} {v} in, truth {true_value:?}"
                );
            }
            for v in words(&found["not"]) {
                assert!(
                    !true_value.contains(&v),
                    "{variant}: {key} {v} out, truth {true_value:?}"
                );
            }
        } else if !true_value.is_empty() {
            assert_eq!(value, true_value, "{variant}: {key}");
        }
    }
    for (key, open) in report["open"].as_object().unwrap() {
        if key == "capture.counts" || key == "end.when" {
            continue;
        }
        if let Some(true_value) = truth(variant, key).filter(|v| !opt_in(key, &v[0])) {
            let values = words(&open["values"]);
            assert!(
                values.contains(&true_value[0]),
                "{variant}: {key} open {values:?}, truth {true_value:?}"
            );
        }
    }
}

#[test]
fn modiar_records_are_inferred_back() {
    check_inferred_back("modiar", &[1, 2, 3]);
}

#[test]
fn modiar_awale_info_records_are_inferred_back() {
    check_inferred_back("modiar-awale-info", &[1, 2, 3]);
}

#[test]
fn kalah_records_are_inferred_back() {
    check_inferred_back("kalah", &[1, 2]);
}

#[test]
fn oware_records_are_inferred_back() {
    check_inferred_back("oware", &[1, 2]);
}

#[test]
fn the_two_modiar_readings_are_told_apart_by_a_game_that_ends_unfed() {
    // Seed 1 of the awale.info reading ends with North unable to feed: the
    // records settle its feeding rule, which Modiar's own reading differs in.
    let dir = scratch("infer-feeding");
    let files = traces(&dir, "modiar-awale-info", &[1]);
    let (code, report, text) = infer(&dir, &files, &["--format", "json"]);
    assert_eq!(code, 0, "{text}");
    // Feeding is required; which trigger is left open: with `feed_gives
    // move`, `row_empty` replays the record as well, all else equal.
    let feed = words(&report["open"]["legal.feed"]["values"]);
    assert!(feed.contains(&"cannot_move".to_string()), "{text}");
    assert!(!feed.contains(&"never".to_string()), "{text}");
    assert_eq!(
        report["determined"]["legal.otherwise"]["value"], "end_game",
        "{text}"
    );
}

#[test]
fn a_record_no_rule_set_explains_is_reported() {
    let dir = scratch("infer-none");
    let files = traces_to(&dir, "modiar", &[1], 4);
    let path = dir.join(&files[0]);
    let text = std::fs::read_to_string(&path).unwrap();
    // Ply 1 of seed 1 plays b: 7 7 7 / 7 7 7 gives 8 2 8 8 8 8. A 43rd stone
    // appears in the record: no rule set creates stones.
    let edited = text.replacen("board: [8, 2, 8, 8, 8, 8]", "board: [8, 3, 8, 8, 8, 8]", 1);
    assert_ne!(edited, text, "seed 1 no longer opens with b");
    std::fs::write(&path, edited).unwrap();
    // Every rule free: far too many rule sets to replay one by one, so the
    // search can only say that it found none, what it searched, and what
    // to try (exit 3: unknown).
    let (code, _, out) = infer(&dir, &files, &["--max-changes", "1"]);
    assert_eq!(code, 3, "{out}");
    assert!(
        out.contains("no rule set found that explains every record; unknown whether one does"),
        "{out}"
    );
    assert!(!out.contains("no rule set explains"), "{out}");
    assert!(
        out.contains("two-rule changes not tried (--max-changes 1)"),
        "{out}"
    );
    assert!(out.contains("--base VARIANT"), "{out}");
    assert!(
        out.contains("no rule set replayed gets past ply 0 of 4"),
        "{out}"
    );
    // Two rules free around Modiar: the 3 directions times the 10 kinds of
    // laps (every word, as `--vary` names the key), 30 combinations, of
    // which the language refuses `relay_until_lap_captures` (Modiar has no
    // `on every_pit` rule), each other replayed: none explains it (exit 1).
    let narrow = ["--base", "modiar", "--vary", "sow.laps", "sow.direction"];
    let (code, _, out) = infer(&dir, &files, &narrow);
    assert_eq!(code, 1, "{out}");
    assert!(
        out.contains(
            "no rule set explains every record: every rule set of the search space replayed"
        ),
        "{out}"
    );
    assert!(out.contains("27 rule sets the language accepts of 30 combinations of 2 rules (sow.direction, sow.laps)"), "{out}");
    assert!(
        out.contains("no rule set of the space gets past ply 0 of 4"),
        "{out}"
    );
}

/// The peer mirror of Ayoayo (MancalaGames), a hand-written file: relay
/// sowing, and a capture of the last pit with the one facing it.
fn ayoayo() -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/peers/mancalagames/ayoayo.variant")
}

/// Ayoayo's first four plies (seed 1), whose first move captures: around
/// Ayoayo with single laps and `take last`, the record needs both rules
/// changed at once (single laps sow the wrong pits, and relay laps with
/// `take last` capture the wrong pits), so changing one rule at a time
/// finds nothing, and the search says that it found nothing (not that
/// nothing explains it). With two changes it finds relay laps and the
/// capture of the last pit and the one facing it: the file it writes
/// differs from the base in those two rules, `sow verify` replays the
/// record under it, and `sow check` has nothing to say about it. Laps
/// `relay_until_capture` (a word searched only when `--vary` names the key)
/// replays the record too: `sow.laps` is open, not determined.
#[test]
fn ayoayo_two_rules_away_from_the_base_is_found_with_two_changes() {
    let dir = scratch("infer-ayoayo");
    let (code, record, err) = sow(&[
        "trace",
        &ayoayo().display().to_string(),
        "--seed",
        "1",
        "--format",
        "yaml",
        "--max-plies",
        "4",
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(record.contains("captured: 7"), "{record}");
    std::fs::write(dir.join("ayoayo-1.yaml"), record).unwrap();
    let truth = std::fs::read_to_string(ayoayo()).unwrap();
    let base = truth
        .replace("laps relay", "laps single")
        .replace("take last_and_opposite", "take last");
    assert_ne!(base, truth);
    std::fs::write(dir.join("base.variant"), base).unwrap();
    let files = ["ayoayo-1.yaml".to_string()];
    let mut args = vec![
        "--base",
        "base.variant",
        "--vary",
        "sow.laps",
        "capture.take",
        "capture.counts",
    ];
    let (code, _, out) = infer(&dir, &files, &[&args[..], &["--max-changes", "1"]].concat());
    assert_eq!(code, 3, "{out}");
    assert!(
        out.contains("no rule set found that explains every record"),
        "{out}"
    );
    args.extend(["--format", "json", "--out", "found.variant"]);
    let (code, report, out) = infer(&dir, &files, &args);
    assert_eq!(code, 0, "{out}");
    // One refuted rule set (the base at the first move), rescued by one pair.
    assert_eq!(report["two_rule_changes"]["rescued"], 1, "{out}");
    let laps = words(&report["open"]["sow.laps"]["values"]);
    assert_eq!(laps, ["relay", "relay_until_capture"], "{out}");
    assert!(report["determined"].get("sow.laps").is_none(), "{out}");
    let load = |name: &str| {
        let text = std::fs::read_to_string(dir.join(name)).unwrap();
        sowing::rules::load(&sowing::diagnostic::Source::new(name, text))
            .unwrap()
            .rules
    };
    let (found, base) = (load("found.variant"), load("base.variant"));
    let differ: Vec<String> = schema::LANGUAGE
        .iter()
        .flat_map(|entry| match entry {
            schema::Entry::Key(k) => vec![(None, *k)],
            schema::Entry::Section(s) => s.keys.iter().map(|k| (Some(s.name), k)).collect(),
        })
        .filter(|(_, key)| {
            !matches!(key.name, "name" | "source") && (key.write)(&found) != (key.write)(&base)
        })
        .map(|(section, key)| format!("{}.{}", section.unwrap_or(""), key.name))
        .collect();
    assert_eq!(differ, ["sow.laps", "capture.take"], "{out}");
    let found_path = dir.join("found.variant").display().to_string();
    let record_path = dir.join("ayoayo-1.yaml").display().to_string();
    let (code, out, err) = sow(&["verify", &record_path, "--variant", &found_path]);
    assert_eq!(code, 0, "{out}{err}");
    let (code, out, err) = sow(&["check", &found_path]);
    assert_eq!(code, 0, "{out}{err}");
    assert!(!format!("{out}{err}").contains("warning"), "{out}{err}");
}

/// A blank value (a rule left out of the file) is printed visibly: the
/// feeding requirement `feed_gives`, left out, is what `feed` implies.
#[test]
fn a_blank_value_is_printed_as_left_out() {
    let dir = scratch("infer-blank");
    let files = traces_to(&dir, "modiar", &[1], 8);
    let args = [
        "--base",
        "modiar",
        "--vary",
        "legal.feed",
        "legal.feed_gives",
    ];
    let (code, _, out) = infer(&dir, &files, &args);
    assert_eq!(code, 0, "{out}");
    assert!(
        out.contains("legal.feed_gives  (left out) | stone | move | reach"),
        "{out}"
    );
    assert!(
        out.contains("`legal.feed_gives (left out)` from `legal.feed_gives stone`"),
        "{out}"
    );
    assert!(!out.contains("`legal.feed_gives `"), "{out}");
}

#[test]
fn records_without_boards_settle_less_and_say_so() {
    let dir = scratch("infer-moves-only");
    let files = traces(&dir, "modiar", &[1, 2]);
    // The sowing rules and the capture counts vary; the rest are Modiar's.
    let rules = [
        "sow.direction",
        "sow.start",
        "sow.laps",
        "board.stores",
        "capture.counts",
    ];
    let mut vary = vec!["--base", "modiar", "--vary"];
    vary.extend(rules);
    let mut json = vary.clone();
    json.extend(["--format", "json"]);
    let (_, with_boards, _) = infer(&dir, &files, &json);
    // The same games as records of moves and result only.
    let bare: Vec<String> = files
        .iter()
        .map(|f| {
            let trace: serde_yaml::Value =
                serde_yaml::from_str(&std::fs::read_to_string(dir.join(f)).unwrap()).unwrap();
            let moves: Vec<String> = trace["plies"]
                .as_sequence()
                .unwrap()
                .iter()
                .map(|p| p["move"].as_str().unwrap().to_string())
                .collect();
            // The result as recorded: how the game ended (a game cut at 20
            // plies ended at the ply cap) and the scores.
            let result = &trace["result"];
            let record = format!(
                "variant: modiar\nstart: \"7 7 7 / 7 7 7 south\"\nmoves: \"{}\"\nresult:\n  end: {}\n  scores: [{}, {}]\n",
                moves.join(" "),
                result["end"].as_str().unwrap(),
                result["scores"][0].as_u64().unwrap(),
                result["scores"][1].as_u64().unwrap()
            );
            let name = format!("bare-{f}");
            std::fs::write(dir.join(&name), record).unwrap();
            name
        })
        .collect();
    let (code, without, text) = infer(&dir, &bare, &json);
    assert_eq!(code, 0, "{text}");
    assert_eq!(without["boards"], false);
    // Fewer rule sets are ruled out, and nothing is settled that the boards
    // leave open.
    let explained = |r: &Value| r["explained_by"].as_f64().unwrap();
    assert!(explained(&without) > explained(&with_boards), "{text}");
    for key in without["determined"].as_object().unwrap().keys() {
        assert!(
            with_boards["determined"].get(key).is_some(),
            "{key}: {text}"
        );
    }
    // What the bare records settle is still Modiar's.
    for (key, found) in without["determined"].as_object().unwrap() {
        if let Some(truth) = truth("modiar", key).filter(|_| key != "capture.counts") {
            assert_eq!(words(&found["value"]), truth, "{key}: {text}");
        }
    }
    let (_, _, words) = infer(&dir, &bare, &vary);
    assert!(words.contains("the records have no boards"), "{words}");
}

#[test]
fn bad_keys_are_bad_input() {
    let dir = scratch("infer-bad");
    let files = traces(&dir, "modiar", &[1]);
    let (code, _, out) = infer(&dir, &files, &["--vary", "capture.cunts"]);
    assert_eq!(code, 2, "{out}");
    assert!(
        out.contains("--vary: unknown rule `capture.cunts`"),
        "{out}"
    );
}

#[test]
fn a_question_starts_from_a_recorded_position_when_that_is_shorter() {
    // The README's three Modiar records with the sowing rules, feeding and
    // the ends free around Modiar: the question for `legal.otherwise` from
    // the start takes many moves (no game came near a player unable to feed).
    let dir = scratch("infer-question-from");
    let files = traces(&dir, "modiar", &[1, 2, 3]);
    let (code, report, text) = infer(
        &dir,
        &files,
        &[
            "--base",
            "modiar",
            "--vary",
            "legal.feed",
            "legal.otherwise",
            "--format",
            "json",
        ],
    );
    assert_eq!(code, 0, "{text}");
    let questions: Vec<&Value> = report["open"]
        .as_object()
        .unwrap()
        .values()
        .flat_map(|r| r["questions"].as_array().unwrap())
        .collect();
    let from_record: Vec<&&Value> = questions.iter().filter(|q| q["from"] != "start").collect();
    assert!(!from_record.is_empty(), "{text}");
    for q in from_record {
        // The position named is the one the trace records after that ply.
        let name = q["from"]["record"].as_str().unwrap();
        let ply = q["from"]["ply"].as_u64().unwrap();
        let trace: serde_yaml::Value =
            serde_yaml::from_str(&std::fs::read_to_string(dir.join(name)).unwrap()).unwrap();
        let board: Vec<String> = trace["plies"][ply as usize - 1]["board"]
            .as_sequence()
            .unwrap()
            .iter()
            .map(|n| n.as_u64().unwrap().to_string())
            .collect();
        let (south, north) = board.split_at(3);
        let written = format!("{} / {}", south.join(" "), north.join(" "));
        let position = q["from"]["position"].as_str().unwrap();
        assert!(
            position.starts_with(&written),
            "{position} vs {written}: {text}"
        );
    }
}

/// The places `first_move_from` allows are learned from the records' first
/// moves, as capture counts are: Um el-Bil's games all start from South's
/// sixth pit (`first_move_from 6`), Dabuda's from places 7 to 10 of the
/// mover's row (each player's first move). Every place a record starts from
/// is settled in; no place of the variant is settled out; the other places
/// stay open, with the question whether a first move from one is allowed.
#[test]
fn first_move_from_is_learned_from_the_first_moves() {
    for variant in ["um-el-bil", "dabuda"] {
        let dir = scratch(&format!("infer-first-{variant}"));
        let files = traces_to(&dir, variant, &[1, 2, 3], 300);
        let args = [
            "--base",
            variant,
            "--vary",
            "legal.first_move_from",
            "--format",
            "json",
        ];
        let (code, report, text) = infer(&dir, &files, &args);
        assert_eq!(code, 0, "{variant}: {text}");
        let truth = truth(variant, "legal.first_move_from").unwrap();
        // The places the records' first moves start from (South's at ply 1;
        // North's at ply 2 under Dabuda's each-player rule), counted from
        // the mover's left.
        let mut started: Vec<String> = Vec::new();
        for f in &files {
            let trace: serde_yaml::Value =
                serde_yaml::from_str(&std::fs::read_to_string(dir.join(f)).unwrap()).unwrap();
            let plies = trace["plies"].as_sequence().unwrap();
            let first = if variant == "dabuda" { 2 } else { 1 };
            for ply in &plies[..first] {
                let mv = ply["move"].as_str().unwrap();
                let letter = mv.chars().next().unwrap().to_ascii_lowercase();
                started.push(((letter as u8 - b'a' + 1) as u32).to_string());
            }
        }
        started.sort();
        started.dedup();
        assert!(
            started.iter().all(|p| truth.contains(p)),
            "{variant}: {started:?}"
        );
        let found = report["open"]
            .get("legal.first_move_from")
            .or_else(|| report["determined"].get("legal.first_move_from"))
            .unwrap_or_else(|| panic!("{variant}: {text}"));
        let settled_in = words(&found["settled"])
            .into_iter()
            .chain(words(&found["value"]));
        let mut settled_in: Vec<String> = settled_in.collect();
        settled_in.sort();
        settled_in.dedup();
        assert_eq!(settled_in, started, "{variant}: {text}");
        for out in words(&found["not"]) {
            assert!(
                !truth.contains(&out),
                "{variant}: {out} settled out: {text}"
            );
        }
        // The open places are exactly the row's others: the records cannot
        // tell whether a first move from one of them is allowed.
        let open = words(&found["values"]);
        let pits = variants::load(variant).unwrap().rules.board.pits;
        assert_eq!(
            open.len() + started.len(),
            usize::from(pits),
            "{variant}: {text}"
        );
        assert!(found["questions"][0]["difference"]
            .as_str()
            .unwrap()
            .contains("this first move is played from"));
    }
}

/// `sow trace VARIANT --seed N` (20 plies) as a record of moves and result
/// only (the variant's own start): the name of each file written in `dir`.
fn bare_traces(dir: &std::path::Path, variant: &str, seeds: &[u64]) -> Vec<String> {
    traces(dir, variant, seeds)
        .iter()
        .map(|f| {
            let trace: serde_yaml::Value =
                serde_yaml::from_str(&std::fs::read_to_string(dir.join(f)).unwrap()).unwrap();
            let moves: Vec<&str> = trace["plies"]
                .as_sequence()
                .unwrap()
                .iter()
                .map(|p| p["move"].as_str().unwrap())
                .collect();
            let result = &trace["result"];
            let record = format!(
                "variant: {variant}\nmoves: \"{}\"\nresult:\n  end: {}\n  scores: [{}, {}]\n",
                moves.join(" "),
                result["end"].as_str().unwrap(),
                result["scores"][0].as_u64().unwrap(),
                result["scores"][1].as_u64().unwrap()
            );
            let name = format!("bare-{f}");
            std::fs::write(dir.join(&name), record).unwrap();
            name
        })
        .collect()
}

/// Records of moves and result only, every rule free around the variant
/// they come from: the search stops at its bound (the records tell rule
/// sets apart only by the moves' legality and the results), says so, and
/// what it reports holds: the variant's own rule set is among those found
/// (the variant file written is the variant's rules), every rule settled
/// among the rule sets found has the variant's value, and every open rule
/// has the variant's value among its values.
#[test]
fn moves_only_records_with_every_rule_free_are_inferred_back() {
    for variant in ["modiar", "modiar-awale-info", "kalah", "oware"] {
        let dir = scratch(&format!("infer-bare-{variant}"));
        let files = bare_traces(&dir, variant, &[1]);
        let args = [
            "--base",
            variant,
            "--format",
            "json",
            "--out",
            "found.variant",
        ];
        let (code, report, text) = infer(&dir, &files, &args);
        assert_eq!(code, 0, "{variant}: {text}");
        assert_eq!(report["boards"], false);
        assert_eq!(report["complete"], false, "{variant}: {text}");
        assert!(report["explained_by"].as_f64().unwrap() >= 1.0);
        let found = std::fs::read_to_string(dir.join("found.variant")).unwrap();
        let found = sowing::rules::load(&sowing::diagnostic::Source::new("found", found))
            .unwrap()
            .rules;
        let mut truth_rules = variants::load(variant).unwrap().rules;
        truth_rules.name.clone_from(&found.name);
        truth_rules.source.clone_from(&found.source);
        // The order the move restrictions filter in follows the order of
        // the keys in a file, which the search does not vary: it writes
        // them in the declaration's order (Modiar's awale.info reading
        // writes `feed` before `grand_slam`).
        truth_rules.restrictions = found.restrictions;
        assert_eq!(found, truth_rules, "{variant}: {text}");
        for (key, found) in report["determined"].as_object().unwrap() {
            let true_value = truth(variant, key).unwrap_or_default();
            let value = words(&found["value"]);
            if key == "capture.counts" || key == "end.when" {
                assert!(value.iter().all(|v| true_value.contains(v)), "{key}");
                assert!(words(&found["not"]).iter().all(|v| !true_value.contains(v)));
            } else if !true_value.is_empty() {
                assert_eq!(value, true_value, "{variant}: {key}");
            }
        }
        for (key, open) in report["open"].as_object().unwrap() {
            let listed = matches!(key.as_str(), "capture.counts" | "end.when");
            if let Some(true_value) = truth(variant, key).filter(|_| !listed) {
                let values = words(&open["values"]);
                assert!(
                    values.contains(&true_value[0]),
                    "{variant}: {key} open {values:?}, truth {true_value:?}"
                );
            }
        }
    }
}

/// Two Modiar games as records of moves and result only, five rules free
/// around Modiar (direction, start, laps, capture side, min_stones): the
/// search is complete, and the count of rule sets that explain both is the
/// count of a brute-force enumeration: every combination of the five
/// rules' values (the declaration's words, `min_stones` 1 to 4; the
/// language refuses some) written as a
/// variant file and replayed by `sow verify --candidates`.
#[test]
fn the_count_of_moves_only_rule_sets_is_that_of_a_brute_force_enumeration() {
    let dir = scratch("infer-bare-brute");
    let files = bare_traces(&dir, "modiar", &[1, 2]);
    let free = [
        ("sow", "direction"),
        ("sow", "start"),
        ("sow", "laps"),
        ("capture", "side"),
    ];
    let mut choices: Vec<(String, Vec<String>)> = free
        .iter()
        .map(|&(section, name)| {
            let key = schema::key(Some(section), name).unwrap();
            // A key `--vary` names is searched with every word, those
            // marked opt-in too (a per-pit direction: one for every pit).
            let (schema::ValueKind::Word(words) | schema::ValueKind::PerPit(words)) = key.value
            else {
                panic!("{name}")
            };
            let values = words.words.iter().map(|w| w.to_string()).collect();
            (name.to_string(), values)
        })
        .collect();
    choices.push((
        "min_stones".to_string(),
        (1..=4).map(|n| n.to_string()).collect(),
    ));
    // Modiar's file with each of the five lines replaced.
    let modiar = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("variants/modiar.variant"),
    )
    .unwrap();
    let total: usize = choices.iter().map(|(_, v)| v.len()).product();
    let mut candidates = Vec::new();
    for n in 0..total {
        let mut rest = n;
        let mut text = String::new();
        let picked: Vec<(&str, &str)> = choices
            .iter()
            .map(|(name, values)| {
                let v = &values[rest % values.len()];
                rest /= values.len();
                (name.as_str(), v.as_str())
            })
            .collect();
        for line in modiar.lines() {
            let trimmed = line.trim_start();
            let key = trimmed.split_whitespace().next().unwrap_or("");
            match picked.iter().find(|(name, _)| *name == key) {
                Some((name, value)) => text.push_str(&format!("  {name} {value}\n")),
                None => {
                    text.push_str(line);
                    text.push('\n');
                }
            }
        }
        let name = format!("c{n}.variant");
        // A combination the language refuses is no rule set.
        if sowing::rules::load(&sowing::diagnostic::Source::new(&name, text.clone())).is_err() {
            continue;
        }
        std::fs::write(dir.join(&name), text).unwrap();
        candidates.push(name);
    }
    // The candidates explaining each record, as `verify` says.
    let explaining = |record: &str| -> Vec<String> {
        let mut args = vec!["verify", record, "--candidates"];
        args.extend(candidates.iter().map(String::as_str));
        let out = assert_cmd::Command::cargo_bin("sow")
            .unwrap()
            .current_dir(&dir)
            .args(&args)
            .output()
            .unwrap();
        let out = String::from_utf8(out.stdout).unwrap();
        let line = out
            .lines()
            .find_map(|l| l.strip_prefix("explained by: "))
            .unwrap_or("");
        line.split_whitespace().map(String::from).collect()
    };
    let (a, b) = (explaining(&files[0]), explaining(&files[1]));
    let both = a.iter().filter(|c| b.contains(c)).count();
    assert!(both >= 1 && both < candidates.len(), "{both} of {total}");
    eprintln!(
        "brute force: {both} of {} rule sets ({total} combinations) explain both records",
        candidates.len()
    );
    // A bound that lets the search finish: without boards the default stops
    // at 500 partial rule sets once one explains, and the space of five
    // words (opt-in ones too, as `--vary` searches them) needs more.
    let mut args = vec![
        "--base", "modiar", "--format", "json", "--bound", "20000", "--vary",
    ];
    let keys: Vec<String> = free
        .iter()
        .map(|(s, n)| format!("{s}.{n}"))
        .chain(["legal.min_stones".to_string()])
        .collect();
    args.extend(keys.iter().map(String::as_str));
    let (code, report, text) = infer(&dir, &files, &args);
    assert_eq!(code, 0, "{text}");
    assert_eq!(report["complete"], true, "{text}");
    assert_eq!(
        report["explained_by"].as_f64().unwrap(),
        both as f64,
        "{text}"
    );
}

/// Two Modiar games as records of moves and result only, from their board
/// alone (no --base: every rule free at the language's defaults): the
/// search finds rule sets that explain both, says they are found, not
/// proven, and the variant file it writes explains each record as `sow
/// verify` replays it.
#[test]
fn moves_only_records_from_the_board_alone_are_explained() {
    let dir = scratch("infer-bare-board-alone");
    let files = bare_traces(&dir, "modiar", &[1, 2]);
    let args = ["--format", "json", "--out", "found.variant"];
    let (code, report, text) = infer(&dir, &files, &args);
    assert_eq!(code, 0, "{text}");
    assert_eq!(report["boards"], false);
    assert_eq!(report["complete"], false, "{text}");
    assert!(report["explained_by"].as_f64().unwrap() >= 1.0, "{text}");
    for f in &files {
        let out = assert_cmd::Command::cargo_bin("sow")
            .unwrap()
            .current_dir(&dir)
            .args(["verify", f, "--variant", "found.variant"])
            .output()
            .unwrap();
        assert_eq!(
            out.status.code(),
            Some(0),
            "{f}: {}",
            String::from_utf8_lossy(&out.stdout)
        );
    }
}

/// The same records with the search bounded to 100 partial rule sets: it
/// stops before it finds a rule set, and says that whether one explains
/// the records is unknown (exit 3), not that none does (exit 1): Modiar's
/// own rules explain both, as `sow verify` replays them.
#[test]
fn a_search_stopped_before_it_finds_a_rule_set_says_unknown() {
    let dir = scratch("infer-bare-unknown");
    let files = bare_traces(&dir, "modiar", &[1, 2]);
    for f in &files {
        let (code, out, err) = sow(&["verify", &dir.join(f).display().to_string()]);
        assert_eq!(code, 0, "{f}: {out}{err}");
    }
    let (code, _, text) = infer(&dir, &files, &["--bound", "100"]);
    assert_eq!(code, 3, "{text}");
    assert!(text.contains("unknown whether one does"), "{text}");
    assert!(!text.contains("no rule set explains"), "{text}");
    let (code, report, text) = infer(&dir, &files, &["--bound", "100", "--format", "json"]);
    assert_eq!(code, 3, "{text}");
    assert_eq!(report["explained_by"], 0, "{text}");
    assert_eq!(report["complete"], false, "{text}");
}
