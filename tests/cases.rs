//! The hand-worked cases of `tests/cases/`, filed by rule
//! (`tests/cases/SECTION/KEY/WHAT.yaml`, a section and key of the language),
//! replayed through `sow verify`'s own replay.
//!
//! A case file holds one case or several, as YAML documents separated by
//! `---`. Each case is a game record (`variant`, `start`, `moves`, `expect`,
//! `rounds`, `result`: see `docs/src/records.md`) with what a test needs
//! besides:
//!
//! - `why` (required): the hand working, what the rule says and how the
//!   numbers follow from it;
//! - `edits`: lines of the shipped variant's base rules, and of the
//!   reading the case names, replaced (`from`, `to`, runs of spaces
//!   squeezed as in `common::shipped_text_with`; the file's other readings
//!   are left as written); `variant`
//!   may also name a small variant file by its path from the case's folder;
//! - `illegal`: moves that must be illegal after the record's last move,
//!   each with a word or phrase of the reason the engine gives;
//! - `any_stones: true`: the `start` may hold another number of stones than
//!   the variant's start;
//! - `round_ends`: in a match of rounds, the round is ended at the position
//!   after the record's moves, for a reason (`end`) and with a starter
//!   (`started`) given by hand, and what follows is checked: the round's
//!   `scores` (leftovers included), and the `next_start` and its `legal`
//!   moves or the match's `winner`. It works a refill from a round's last
//!   position without the moves that would lead there.
//!
//! `cargo test --test integration cases::` runs them all; a failing case is
//! reported by its file, its place in the file and the checkpoint that fails.

use std::path::{Path, PathBuf};

use serde::Deserialize;
use serde_yaml::{Mapping, Value};
use sowing::{
    diagnostic::Source,
    engine::{
        format_position, parse_move, parse_position, AfterRound, EndReason, Outcome, Player, Wide,
    },
    rules,
    verify::{replay, replay::start_position, Mismatch, Moves, Record, Verdict},
};

use crate::common::{legal, sow, squeeze};

/// The cases are played at the wide width: its 64 slots hold every board
/// they use (Hus (Nama)'s 4x16 the largest), and a game plays alike at
/// every width that holds its board.
type Game = sowing::engine::Game<Wide>;
type Position = sowing::engine::Position<Wide>;
type MatchRun<'g> = sowing::engine::MatchRun<'g, Wide>;

/// The folder of the cases.
fn cases_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/cases")
}

/// The folder of the harness's own test cases (cases that must fail).
fn fixtures_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/cases")
}

/// A line of a shipped variant's file replaced by others.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Edit {
    /// The text replaced (runs of spaces squeezed).
    from: String,
    /// What replaces it.
    to: String,
}

/// A move that must be illegal after the record's moves.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Illegal {
    /// The move, a pit label.
    #[serde(rename = "move")]
    mv: String,
    /// Words of the reason the engine gives.
    reason: String,
}

/// A round ended by hand at the position after the record's moves, and
/// what must follow.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RoundEndsByHand {
    /// Why the round ends.
    end: EndReason,
    /// The player who started the round.
    started: Player,
    /// The round's scores `[south, north]`, leftovers included.
    #[serde(default)]
    scores: Option<[u16; 2]>,
    /// The next round's start, in the position notation.
    #[serde(default)]
    next_start: Option<String>,
    /// The legal moves at the next round's start.
    #[serde(default)]
    legal: Option<String>,
    /// The match's winner, when the round ends the match.
    #[serde(default)]
    winner: Option<Outcome>,
}

/// What a case adds to a game record.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct Extras {
    /// The hand working.
    #[serde(default)]
    why: String,
    /// Lines of the variant's file replaced.
    #[serde(default)]
    edits: Vec<Edit>,
    /// Moves that must be illegal after the last move.
    #[serde(default)]
    illegal: Vec<Illegal>,
    /// Whether the start may hold another number of stones.
    #[serde(default)]
    any_stones: bool,
    /// The round ended by hand after the last move.
    #[serde(default)]
    round_ends: Option<RoundEndsByHand>,
}

/// The fields of a case that are not the record's.
const EXTRA_FIELDS: [&str; 5] = ["why", "edits", "illegal", "any_stones", "round_ends"];

/// One case: a record and what the harness adds to it.
struct Case {
    record: Record,
    extras: Extras,
}

/// Splits one YAML document into the record and the harness's fields.
fn read_case(doc: Value) -> Result<Case, String> {
    let Value::Mapping(mut map) = doc else {
        return Err("a case is a mapping of fields".to_string());
    };
    let mut extras = Mapping::new();
    for field in EXTRA_FIELDS {
        if let Some(value) = map.remove(field) {
            extras.insert(Value::from(field), value);
        }
    }
    let extras: Extras =
        serde_yaml::from_value(Value::Mapping(extras)).map_err(|e| e.to_string())?;
    if extras.why.trim().is_empty() {
        return Err("`why` is missing: a case says how its numbers were worked out".to_string());
    }
    let record: Record = serde_yaml::from_value(Value::Mapping(map)).map_err(|e| e.to_string())?;
    Ok(Case { record, extras })
}

/// The cases of a file, in order, each with the line its document starts on.
fn read_cases(text: &str) -> Result<Vec<(usize, Case)>, String> {
    let starts = document_lines(text);
    let mut cases = Vec::new();
    for (i, document) in serde_yaml::Deserializer::from_str(text).enumerate() {
        let line = starts.get(i).copied().unwrap_or(1);
        let value = Value::deserialize(document).map_err(|e| format!("case {}: {e}", i + 1))?;
        let case = read_case(value).map_err(|e| format!("case {} (line {line}): {e}", i + 1))?;
        cases.push((line, case));
    }
    if cases.is_empty() {
        return Err("no case in the file".to_string());
    }
    Ok(cases)
}

/// The line (from 1) each YAML document of `text` starts on.
fn document_lines(text: &str) -> Vec<usize> {
    let mut starts = vec![1];
    for (i, line) in text.lines().enumerate() {
        if line.trim_end() == "---" {
            if i == 0 {
                starts.clear();
            }
            starts.push(i + 2);
        }
    }
    starts
}

/// The case's variant, compiled: its file (shipped, or beside the case)
/// with the case's edits made.
fn case_game(file: &Path, case: &Case) -> Result<Game, String> {
    let name = &case.record.variant;
    let beside = file.parent().unwrap_or(Path::new("")).join(name);
    let arg = if beside.is_file() {
        beside.display().to_string()
    } else {
        name.clone()
    };
    // A reading (`modiar@awale-info`, or its old name) edits its file's text
    // and is resolved on the edited file.
    let named = sowing::variants::named(&arg).map_err(|e| e.to_string())?;
    let mut text = named.source.text.clone();
    if !case.extras.edits.is_empty() {
        // The edits are of the base rules and of the reading the case
        // names; the file's other readings stay as written.
        let mut parts: Vec<String> = Vec::new();
        let mut rest = text.as_str();
        while let Some(at) = rest[1..].find("\nreading ").map(|at| at + 2) {
            parts.push(rest[..at].to_string());
            rest = &rest[at..];
        }
        parts.push(rest.to_string());
        let editable = |part: &str| match &named.reading {
            _ if !part.starts_with("reading ") => true,
            Some(reading) => part.starts_with(&format!("reading {reading} ")),
            None => false,
        };
        for edit in &case.extras.edits {
            let from = squeeze(&edit.from);
            let mut found = false;
            for part in parts.iter_mut().filter(|p| editable(p)) {
                let squeezed = squeeze(part);
                if squeezed.contains(&from) {
                    *part = squeezed.replace(&from, &edit.to);
                    found = true;
                }
            }
            if !found {
                return Err(format!("edits: {name} has no `{from}`"));
            }
        }
        text = parts.concat();
    }
    let source = Source::new(format!("{name} (edited)"), text);
    let loaded = match &named.reading {
        None => rules::load(&source)
            .map_err(|report| format!("the edited variant does not load: {report}"))?,
        Some(reading) => rules::readings::load(&source, reading).map_err(|e| {
            format!("the edited variant's reading `{reading}` does not load: {e:?}")
        })?,
    };
    Ok(Game::with_width(loaded.rules))
}

/// Checks a round ended by hand at the position after the record's moves:
/// its scores, then what follows it.
fn check_round_ends(game: &Game, case: &Case, said: &RoundEndsByHand) -> Result<(), String> {
    if !game.has_rounds() {
        return Err("round_ends: the variant is one game, not a match of rounds".to_string());
    }
    let goes_on = said.next_start.is_some() || said.legal.is_some();
    if let (true, true, _) | (false, false, false) =
        (said.winner.is_some(), goes_on, said.scores.is_some())
    {
        return Err(
            "round_ends: give the round's `scores`, and the match's `winner` or \
             the `next_start` (and its `legal` moves)"
                .to_string(),
        );
    }
    let start = start_position(game, &case.record, case.extras.any_stones)?;
    let game = &*game.covering(&start);
    let last = position_after(game, start, &case.record.moves)?;
    if let Some(expected) = said.scores {
        let actual = game.final_scores(&last, said.end);
        if actual != expected {
            return Err(format!(
                "round_ends: the round's scores are {actual:?}, not {expected:?}"
            ));
        }
    }
    if said.winner.is_none() && !goes_on {
        return Ok(());
    }
    match game.after_round(&last, said.end, said.started) {
        AfterRound::MatchOver(outcome) => match said.winner {
            Some(expected) if expected == outcome => Ok(()),
            Some(expected) => Err(format!(
                "round_ends: {outcome:?} wins the match, not {expected:?}"
            )),
            None => Err(format!(
                "round_ends: the match is over ({outcome:?} wins), no next round"
            )),
        },
        AfterRound::Next(next) => check_next_round(game, &next, said),
    }
}

/// The position after `moves` from `start`, played as a match (a round the
/// rules end on the way is followed by the next).
fn position_after(game: &Game, start: Position, moves: &Moves) -> Result<Position, String> {
    let mut run = MatchRun::new(game, start);
    for label in moves.labels() {
        let mv = parse_move(&label, game).map_err(|e| format!("round_ends: {label}: {e}"))?;
        (run.run_mut().play(mv)).map_err(|e| format!("round_ends: {label}: {e}"))?;
        run.finish_rounds();
    }
    Ok(*run.run().position())
}

/// Checks the next round's start, and its legal moves, against the case.
fn check_next_round(game: &Game, next: &Position, said: &RoundEndsByHand) -> Result<(), String> {
    let actual = format_position(next, game);
    let Some(text) = &said.next_start else {
        return Err(format!("round_ends: the match goes on, from `{actual}`"));
    };
    let expected =
        parse_position(text, game).map_err(|e| format!("round_ends: next_start: {e}"))?;
    let expected = format_position(&expected, game);
    if actual != expected {
        return Err(format!(
            "round_ends: the next round starts `{actual}`, not `{expected}`"
        ));
    }
    let Some(moves) = &said.legal else {
        return Ok(());
    };
    let sorted = |mut labels: Vec<String>| {
        labels.sort();
        labels
    };
    let expected = sorted(moves.split_whitespace().map(String::from).collect());
    let actual = legal(game, next);
    if sorted(actual.clone()) != expected {
        return Err(format!(
            "round_ends: the next start's legal moves are {actual:?}, not {expected:?}"
        ));
    }
    Ok(())
}

/// Replays one case: the record through `sow verify`'s replay, then each
/// move that must be illegal after its last move, then the round ended by
/// hand.
fn check_case(file: &Path, case: &Case) -> Result<(), String> {
    let game = case_game(file, case)?;
    let any_stones = case.extras.any_stones;
    match replay(&game, &case.record, any_stones)? {
        Verdict::Consistent { .. } => {}
        Verdict::Diverged(d) => {
            let mv = d.mv.map_or(String::new(), |mv| format!(" (move {mv})"));
            let at = if d.ply as usize > case.record.moves.labels().len() {
                "the result".to_string()
            } else {
                format!("ply {}{mv}", d.ply)
            };
            return Err(format!("{at}: {:?}", d.mismatch));
        }
    }
    for illegal in &case.extras.illegal {
        let mut labels = case.record.moves.labels();
        labels.push(illegal.mv.clone());
        let probe = Record {
            moves: Moves::List(labels),
            expect: Vec::new(),
            rounds: Vec::new(),
            result: None,
            ..case.record.clone()
        };
        match replay(&game, &probe, any_stones)? {
            Verdict::Diverged(d) => match d.mismatch {
                Mismatch::Illegal { reason, .. } if reason.contains(&illegal.reason) => {}
                Mismatch::Illegal { reason, .. } => {
                    return Err(format!(
                        "illegal {}: the reason is `{reason}`, not `{}`",
                        illegal.mv, illegal.reason
                    ))
                }
                other => return Err(format!("illegal {}: {other:?}", illegal.mv)),
            },
            Verdict::Consistent { .. } => {
                return Err(format!("illegal {}: the move is legal", illegal.mv))
            }
        }
    }
    match &case.extras.round_ends {
        Some(said) => check_round_ends(&game, case, said),
        None => Ok(()),
    }
}

/// Replays every case of `file`: the number of cases, or what fails, each
/// line naming the file and the case.
fn check_file(file: &Path) -> Result<usize, Vec<String>> {
    let shown = file
        .strip_prefix(env!("CARGO_MANIFEST_DIR"))
        .unwrap_or(file)
        .display()
        .to_string();
    let text = std::fs::read_to_string(file).map_err(|e| vec![format!("{shown}: {e}")])?;
    let cases = read_cases(&text).map_err(|e| vec![format!("{shown}: {e}")])?;
    let failures: Vec<String> = (cases.iter().enumerate())
        .filter_map(|(i, (line, case))| {
            let err = check_case(file, case).err()?;
            Some(format!("{shown}: case {} (line {line}): {err}", i + 1))
        })
        .collect();
    if failures.is_empty() {
        Ok(cases.len())
    } else {
        Err(failures)
    }
}

/// Every `.yaml` file under `root`, sorted.
fn case_files(root: &Path) -> Vec<PathBuf> {
    let mut files = Vec::new();
    let mut folders = vec![root.to_path_buf()];
    while let Some(folder) = folders.pop() {
        for entry in std::fs::read_dir(&folder).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                folders.push(path);
            } else if path.extension().is_some_and(|e| e == "yaml") {
                files.push(path);
            }
        }
    }
    files.sort();
    files
}

/// The sections of the language and their keys, from `sow language
/// --format json`.
fn language_keys() -> Vec<(String, Vec<String>)> {
    let (code, out, err) = sow(&["language", "--format", "json"]);
    assert_eq!(code, 0, "{err}");
    let json: serde_json::Value = serde_json::from_str(&out).unwrap();
    let name = |v: &serde_json::Value| v["name"].as_str().unwrap_or_default().to_string();
    (json["entries"].as_array().unwrap().iter())
        .filter_map(|entry| {
            let keys = entry["keys"].as_array()?;
            Some((name(entry), keys.iter().map(name).collect()))
        })
        .collect()
}

/// The files under `root` not filed as `SECTION/KEY/WHAT.yaml` with a
/// section and key of the language.
fn misfiled(root: &Path, files: &[PathBuf]) -> Vec<String> {
    let language = language_keys();
    let declared = |section: &str, key: &str| {
        (language.iter()).any(|(s, keys)| s == section && keys.iter().any(|k| k == key))
    };
    (files.iter())
        .filter_map(|file| {
            let rel = file.strip_prefix(root).unwrap();
            let parts: Vec<&str> = rel.iter().filter_map(|p| p.to_str()).collect();
            match parts[..] {
                [section, key, _] if declared(section, key) => None,
                _ => Some(format!(
                    "{}: not under SECTION/KEY/ with a section and key of `sow language`",
                    file.display()
                )),
            }
        })
        .collect()
}

#[test]
fn every_case_holds() {
    let files = case_files(&cases_root());
    assert!(!files.is_empty());
    let mut failures = Vec::new();
    let mut cases = 0;
    for file in &files {
        match check_file(file) {
            Ok(n) => cases += n,
            Err(errors) => failures.extend(errors),
        }
    }
    assert!(
        failures.is_empty(),
        "{} of the cases fail:\n{}",
        failures.len(),
        failures.join("\n")
    );
    assert!(cases >= files.len());
}

#[test]
fn every_case_is_filed_under_a_section_and_key_of_the_language() {
    let root = cases_root();
    let misfiled = misfiled(&root, &case_files(&root));
    assert!(misfiled.is_empty(), "{}", misfiled.join("\n"));
}

#[test]
fn a_case_that_does_not_hold_fails_with_its_file_and_ply() {
    let file = fixtures_root().join("capture/counts/wrong-board.yaml");
    let errors = check_file(&file).unwrap_err();
    assert_eq!(errors.len(), 1, "{errors:?}");
    let error = &errors[0];
    assert!(
        error.starts_with("tests/fixtures/cases/capture/counts/wrong-board.yaml: case 2 (line "),
        "{error}"
    );
    assert!(error.contains("ply 1 (move b): Board"), "{error}");
}

#[test]
fn a_move_said_illegal_that_is_legal_fails() {
    let file = fixtures_root().join("legal/min_stones/legal-said-illegal.yaml");
    let errors = check_file(&file).unwrap_err();
    assert_eq!(errors.len(), 1, "{errors:?}");
    assert!(
        errors[0]
            .contains("legal-said-illegal.yaml: case 1 (line 1): illegal b: the move is legal"),
        "{errors:?}"
    );
}

#[test]
fn a_case_without_its_working_is_refused() {
    let file = fixtures_root().join("legal/min_stones/no-why.yaml");
    let errors = check_file(&file).unwrap_err();
    assert!(errors[0].contains("`why` is missing"), "{errors:?}");
}

#[test]
fn a_case_filed_under_no_key_of_the_language_is_found() {
    let root = fixtures_root();
    let misfiled = misfiled(&root, &case_files(&root));
    assert_eq!(misfiled.len(), 1, "{misfiled:?}");
    assert!(misfiled[0].ends_with("capture/sweeps/misfiled.yaml: not under SECTION/KEY/ with a section and key of `sow language`"));
}

#[test]
fn a_position_with_the_wrong_player_to_move_fails() {
    let file = fixtures_root().join("capture/counts/wrong-position.yaml");
    let errors = check_file(&file).unwrap_err();
    assert_eq!(
        errors,
        ["tests/fixtures/cases/capture/counts/wrong-position.yaml: case 1 (line 1): \
          ply 1 (move b): Position { expected: \"8 2 8 / 8 8 8 south\", actual: \"8 2 8 / 8 8 8 north\" }"]
    );
}

#[test]
fn a_round_ended_by_hand_that_does_not_follow_fails() {
    let file = fixtures_root().join("rounds/refill/wrong-next-start.yaml");
    let errors = check_file(&file).unwrap_err();
    assert_eq!(
        errors,
        [
            "tests/fixtures/cases/rounds/refill/wrong-next-start.yaml: case 1 (line 1): \
             round_ends: the next round starts `4 4 4 4 4 4 / 4* 4* 4 4 4 4 south`, \
             not `4 4 4 4 4 4 / 4 4 4 4 4 4 south`",
            "tests/fixtures/cases/rounds/refill/wrong-next-start.yaml: case 2 (line 12): \
             round_ends: the match is over (South wins), no next round",
        ]
    );
}

#[test]
fn a_round_ended_by_hand_with_wrong_scores_fails() {
    let file = fixtures_root().join("rounds/refill/scores-only-wrong.yaml");
    let errors = check_file(&file).unwrap_err();
    assert_eq!(
        errors,
        [
            "tests/fixtures/cases/rounds/refill/scores-only-wrong.yaml: case 1 (line 1): \
          round_ends: the round's scores are [23, 25], not [22, 25]"
        ]
    );
}
