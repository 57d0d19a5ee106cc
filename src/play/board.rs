//! The board as text, seen from South: North's row on top (reversed, so that
//! each player's pits run from their own left), South's row below, the
//! stores at the ends where the variant has them; and a move told in words.

use std::fmt::Write;

use crate::{
    engine::{Game, Move, Player, Position, Successor},
    rules::Stores,
};

/// How text is styled: plain, or with ANSI colours on a terminal.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Style {
    /// Whether to write ANSI colour codes.
    pub colour: bool,
}

impl Style {
    fn paint(self, code: &str, text: &str) -> String {
        if self.colour {
            format!("\x1b[{code}m{text}\x1b[0m")
        } else {
            text.to_string()
        }
    }

    /// Bold text.
    pub fn bold(self, text: &str) -> String {
        self.paint("1", text)
    }

    /// Text in red (captures, refusals).
    pub fn red(self, text: &str) -> String {
        self.paint("31", text)
    }

    /// Text in yellow (the pit that got the last stone).
    pub fn yellow(self, text: &str) -> String {
        self.paint("1;33", text)
    }

    /// Dimmed text (labels).
    pub fn dim(self, text: &str) -> String {
        self.paint("2", text)
    }
}

/// The board of `pos` as lines of text; `last` (the move just played) marks
/// its last pit and captured pits when colour is on.
///
/// ```text
/// north     C   B   A
///           8   8   8
///           2   8   8
/// south     a   b   c
/// ```
pub fn board_text(game: &Game, pos: &Position, last: Option<&Successor>, style: Style) -> String {
    let stores = game.rules().board.stores == Stores::Sown;
    let widest = pos.pits[..game.pit_count()]
        .iter()
        .map(|n| n.to_string().len())
        .max()
        .unwrap_or(1);
    let width = widest.max(2) + 2;
    let store_width = pos
        .captured
        .iter()
        .map(|n| n.to_string().len())
        .max()
        .unwrap_or(1)
        + 2;
    // The left margin holds the row names, and North's store when there are stores.
    let margin = if stores {
        "north ".len().max(store_width + 1) + 1
    } else {
        "north ".len()
    };
    let north: Vec<usize> = game.row(Player::North).rev().collect();
    let south: Vec<usize> = game.row(Player::South).collect();
    let last = last.filter(|s| s.mv != Move::PASS);
    let cell = |pit: usize| {
        let text = format!("{:>width$}", pos.pits[pit]);
        match last {
            Some(s) if s.effect.captured_pits >> pit & 1 == 1 => style.red(&text),
            Some(s) if usize::from(s.effect.last) == pit => style.yellow(&text),
            _ => text,
        }
    };
    let labels = |pits: &[usize]| -> String {
        pits.iter()
            .map(|&p| style.dim(&format!("{:>width$}", game.label(p))))
            .collect()
    };
    let counts = |pits: &[usize]| -> String { pits.iter().map(|&p| cell(p)).collect() };
    let store = |player: Player| {
        format!(
            "[{:>w$}]",
            pos.captured[player.index()],
            w = store_width - 2
        )
    };
    let mut out = String::new();
    let _ = writeln!(out, "{:<margin$}{}", "north", labels(&north));
    if stores {
        let _ = writeln!(out, "{:<margin$}{}", store(Player::North), counts(&north));
        let _ = writeln!(
            out,
            "{:<margin$}{} {}",
            "",
            counts(&south),
            store(Player::South)
        );
    } else {
        let _ = writeln!(out, "{:<margin$}{}", "", counts(&north));
        let _ = writeln!(out, "{:<margin$}{}", "", counts(&south));
    }
    let _ = writeln!(out, "{:<margin$}{}", "south", labels(&south));
    out
}

/// What each player holds: captured stones (in the stores where the variant
/// has them).
pub fn captures_line(game: &Game, pos: &Position) -> String {
    let what = if game.rules().board.stores == Stores::Sown {
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
pub fn describe_move(game: &Game, before: &Position, played: &Successor, style: Style) -> String {
    let mover = before.to_move;
    if played.mv == Move::PASS {
        return format!("{mover} passes (no move)");
    }
    let label = game.move_label(played.mv);
    let laps = game.sowing_laps(before, played.mv);
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
        Some(p) if effect.captured_pits >> p & 1 == 0 => {
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
    } else if effect.captured > 0 {
        let pits: Vec<String> = (0..game.pit_count())
            .filter(|p| effect.captured_pits >> p & 1 == 1)
            .map(|p| game.label(p))
            .collect();
        let pits = match pits.split_last() {
            Some((only, [])) => format!("pit {only}"),
            Some((last, init)) => format!("pits {} and {last}", init.join(", ")),
            None => String::new(),
        };
        text.push_str(&style.red(&format!(
            "; captures {} ({pits})",
            stones(usize::from(effect.captured))
        )));
    } else {
        text.push_str("; no capture");
    }
    if played.position.to_move == mover {
        text.push_str(&format!("; {mover} moves again"));
    }
    text
}
