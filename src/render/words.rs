//! What is said about a board besides drawing it (which [`super::text`]
//! does): the captures so far, and a move in words (`play`'s reply, an SVG
//! picture's caption).

use super::text::Style;
use crate::engine::{Game, Move, PitBits, Player, Position, Successor, Width};

/// What each player holds: captured stones (in the stores where the variant
/// has them).
pub fn captures_line<W: Width>(game: &Game<W>, pos: &Position<W>) -> String {
    let what = if game.rules().board.stores.sown() {
        "in stores"
    } else {
        "captured"
    };
    format!(
        "{what}: south {}, north {}",
        pos.captured[Player::South.index()],
        pos.captured[Player::North.index()]
    )
}

/// A move in words: who played what, where the stones went, what was taken.
/// `before` is the position the move was played from.
pub fn describe_move<W: Width>(
    game: &Game<W>,
    before: &Position<W>,
    played: &Successor<W>,
    style: Style,
) -> String {
    let mover = before.to_move;
    if played.mv == Move::PASS {
        return format!("{mover} passes (no move)");
    }
    if let Some(pit) = played.mv.filled_pit() {
        return format!(
            "{mover} fills {} with {} of their stones",
            game.label(pit),
            played.position.pits[pit]
        );
    }
    if let Some(pit) = played.mv.taken_pit() {
        let n = played.effect.captured;
        return format!(
            "{mover} takes the {n} stone{} of {}",
            if n == 1 { "" } else { "s" },
            game.label(pit)
        );
    }
    let label = game.move_label(played.mv);
    let laps = game.sowing_laps(before, played.mv);
    let resown = game.resown_laps(before, played.mv);
    let path: Vec<Option<usize>> = laps.iter().flat_map(|(_, lap)| lap.clone()).collect();
    let slot = |s: &Option<usize>| s.map_or_else(|| "store".to_string(), |p| game.label(p));
    let into = |lap: &[Option<usize>]| lap.iter().map(slot).collect::<Vec<_>>().join(" ");
    let stones = |n: usize| format!("{n} stone{}", if n == 1 { "" } else { "s" });
    let sown = match laps.as_slice() {
        [(_, lap)] => format!("sows {} into {}", stones(lap.len()), into(lap)),
        _ => {
            let each: Vec<String> = laps
                .iter()
                .enumerate()
                .map(|(i, (origin, lap))| match i {
                    0 => format!("{} into {}", stones(lap.len()), into(lap)),
                    // Stones a capture took, sown on (`then resows*`).
                    _ if resown[i] => format!("then {} captured into {}", lap.len(), into(lap)),
                    _ => format!(
                        "then {} lifted from {} into {}",
                        lap.len(),
                        game.label(*origin),
                        into(lap)
                    ),
                })
                .collect();
            format!(
                "sows {} in {} laps: {}",
                stones(path.len()),
                laps.len(),
                each.join("; ")
            )
        }
    };
    let effect = &played.effect;
    let last = path.last().map_or_else(String::new, |s| match s {
        Some(p) if !effect.captured_pits.has(*p) => {
            format!(
                ", last in {} ({})",
                game.label(*p),
                played.position.pits[*p]
            )
        }
        other => format!(", last in {}", slot(other)),
    });
    let mut text = format!("{mover} plays {}: {sown}{last}", style.bold(&label));
    if effect.capture_waived {
        text.push_str("; the capture is waived (grand slam)");
    } else if effect.captured > u16::from(effect.tribute) {
        let pits: Vec<String> = (0..game.pit_count())
            .filter(|&p| effect.captured_pits.has(p))
            .map(|p| game.label(p))
            .collect();
        let pits = match pits.split_last() {
            Some((only, [])) => format!("pit {only}"),
            Some((last, init)) => format!("pits {} and {last}", init.join(", ")),
            None => String::new(),
        };
        text.push_str(&style.red(&format!(
            "; captures {} ({pits})",
            stones(usize::from(effect.captured - u16::from(effect.tribute)))
        )));
    } else if effect.tribute == 0 {
        text.push_str("; no capture");
    }
    if effect.tribute > 0 {
        let pit = game.label(usize::from(effect.last));
        text.push_str(&style.red(&format!(
            "; takes a tribute of {} from {pit}",
            stones(usize::from(effect.tribute))
        )));
    }
    if effect.claimed {
        let pit = game.label(usize::from(effect.last));
        let what = match game.rules().claim.stones {
            crate::rules::ClaimStones::ToOwner => " store",
            crate::rules::ClaimStones::Kept => "",
        };
        text.push_str(&format!("; {pit} becomes {mover}'s{what} (claimed)"));
    }
    if played.position.to_move == mover {
        text.push_str(&format!("; {mover} moves again"));
    }
    text
}
