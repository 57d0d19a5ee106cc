//! The Compare page's API: two variants or two readings, the rules that
//! differ in words, and the shortest game that parts them (`sow diff`).

use serde::Deserialize;
use serde_json::{json, Value};

use super::{
    files::Folder,
    http::{bad, Refusal},
    variant,
};
use crate::{
    engine::Game,
    render::{position_svg, Frame},
    verify::{
        compare::{self, Limits, PlaySearch},
        diff::{plies, Pair},
        rule_diff::value_shown,
    },
};

/// The search limits the server uses: `sow diff`'s defaults.
pub const LIMITS: Limits = Limits {
    max_plies: 30,
    max_positions: 100_000,
    playouts: 1000,
    playout_plies: 1000,
    seed: 1,
};

/// Two variants to compare.
#[derive(Debug, Deserialize)]
pub struct CompareRequest {
    /// The first (shipped, reading, or a file of the folder).
    pub a: String,
    /// The second.
    pub b: String,
}

/// The rules that differ, each in words and shown in play where it can be,
/// and where the two part ways in play (the position drawn).
///
/// # Errors
/// A variant that does not load (400).
pub fn compare(folder: &Folder, request: &CompareRequest) -> Result<Value, Refusal> {
    let a = variant::game(folder, &request.a).map_err(bad)?;
    let b = variant::game(folder, &request.b).map_err(bad)?;
    let names = (request.a.as_str(), request.b.as_str());
    let rules = compare::rules_in_play(&a, &b, names, &LIMITS);
    let rules: Vec<Value> = (rules.iter())
        .map(|shown| {
            let rule = &shown.rule;
            let in_play = shown
                .play
                .as_ref()
                .map(|p| search(&p.pair(), &p.search, (&p.names.0, &p.names.1), false));
            json!({
                "option": rule.option,
                "a": value_shown(&rule.a),
                "b": value_shown(&rule.b),
                "a_says": rule.a_says,
                "b_says": rule.b_says,
                "in_play": in_play,
            })
        })
        .collect();
    let same_rules = rules.is_empty();
    let pair = Pair { a: &a, b: &b };
    let play = (!same_rules && compare::comparable(&a, &b))
        .then(|| search(&pair, &compare::search(&pair, &LIMITS), names, true));
    Ok(json!({
        "a": request.a,
        "b": request.b,
        "same_rules": same_rules,
        "rules": rules,
        "same_board": compare::comparable(&a, &b),
        "play": play,
    }))
}

/// A search's result for the page; with `draw`, the position where the two
/// part ways as a picture.
fn search(pair: &Pair<'_>, search: &PlaySearch, names: (&str, &str), draw: bool) -> Value {
    let searched = &search.searched;
    let Some((found, method)) = &search.found else {
        return json!({
            "shown": false,
            "exhausted": searched.exhausted,
            "plies": searched.plies,
            "positions": searched.positions,
        });
    };
    let svg = draw.then(|| picture(pair.a, found));
    json!({
        "shown": true,
        "plies": plies(found),
        "moves": found.moves_text(pair.a),
        "position_is": found.position_is(pair.a),
        "method": method.as_str(),
        "words": pair.words(found, names).trim_end(),
        "svg": svg,
    })
}

fn picture(game: &Game, found: &crate::verify::diff::Found) -> String {
    let frame = Frame {
        ply: found.moves.len() as u32,
        position: found.position,
        last: None,
    };
    position_svg(game, &frame)
}
