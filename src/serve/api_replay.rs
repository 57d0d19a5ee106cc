//! The Replay page's API: a record (from the folder or pasted) replayed
//! ply by ply, each position drawn, with `sow verify`'s verdict: where the
//! record leaves the rules, if it does.

use serde::Deserialize;
use serde_json::{json, Value};

use super::{
    api_play::MAX_PLIES,
    files::Folder,
    http::{bad, Refusal},
    variant,
};
use crate::{
    engine::{parse_move_by, MatchRun},
    render::{position_svg, text::Style, words::describe_move, Frame},
    verify::{self, record, replay as verdict},
};

/// A record to replay: its text, or its path in the folder.
#[derive(Debug, Deserialize)]
pub struct ReplayRequest {
    /// The record's text (YAML, or a `sow trace` file).
    #[serde(default)]
    pub text: Option<String>,
    /// Its path in the folder.
    #[serde(default)]
    pub path: Option<String>,
}

/// The record replayed: its verdict in words and a frame per ply (the
/// position after it, drawn), up to the first move the rules refuse.
///
/// # Errors
/// No record given, a record that does not parse, or a variant that does
/// not load (400).
pub fn replay(folder: &Folder, request: &ReplayRequest) -> Result<Value, Refusal> {
    let (text, place) = match (&request.text, &request.path) {
        (Some(text), _) => (text.clone(), None),
        (None, Some(path)) => (
            folder.read(path).map_err(|e| (403, e.to_string()))?,
            Some(path.as_str()),
        ),
        (None, None) => return Err(bad("give a record: its text or its path in the folder")),
    };
    let record = record::parse(&text).map_err(|e| bad(format!("the record: {e}")))?;
    // A record names its variant file from its own folder.
    let name = match place {
        Some(path) if !crate::variants::is_shipped(&record.variant) => {
            Folder::beside(path, &record.variant).map_err(|e| (403, e.to_string()))?
        }
        _ => record.variant.clone(),
    };
    let game = variant::game(folder, &name).map_err(bad)?;
    let verdict = verify::replay(&game, &record, false).map_err(bad)?;
    let words = verdict::render(&game, &verdict);
    let start = verdict::start_position(&game, &record, false).map_err(bad)?;
    let mut run = MatchRun::new(&game, start);
    let mut frames = vec![json!({
        "ply": 0,
        "move": null,
        "words": "the start",
        "svg": position_svg(&game, &Frame { ply: 0, position: start, last: None }),
    })];
    for (i, label) in record.moves.labels().iter().take(MAX_PLIES).enumerate() {
        if run.is_over() {
            break;
        }
        let round = run.run_mut();
        let before = *round.position();
        let Ok(mv) = parse_move_by(label, &game, before.to_move) else {
            break;
        };
        let Ok(played) = round.play(mv) else {
            break;
        };
        let ply = i as u32 + 1;
        let frame = Frame {
            ply,
            position: played.position,
            last: Some((before, played)),
        };
        frames.push(json!({
            "ply": ply,
            "move": label,
            "words": describe_move(&game, &before, &played, Style { colour: false }),
            "svg": position_svg(&game, &frame),
        }));
        run.finish_rounds();
    }
    let (consistent, diverged_at) = match &verdict {
        verify::Verdict::Consistent { .. } => (true, None),
        verify::Verdict::Diverged(d) => (false, Some(d.ply)),
    };
    Ok(json!({
        "variant": name,
        "verdict": words,
        "consistent": consistent,
        "diverged_at": diverged_at,
        "moves": record.moves.labels().len(),
        "frames": frames,
    }))
}
