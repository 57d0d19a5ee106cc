//! Boards as text, seen from South: North's row on top (reversed, so that
//! each player's pits run from their own left), South's row below; on four
//! rows North's outer and inner rows, then South's inner and outer. A board
//! in full, with labels and stores, is drawn here
//! by [`board_text`] (`play`). The short boards that compare two positions
//! are `verify::boards`'.

use std::fmt::Write;

use crate::engine::{pit_text, Game, Move, PitBits, Player, Position, Successor, Width};

/// The pits in the order they are drawn, row by row from the top: North's
/// row (from North's right, so reversed) then South's row (from South's
/// left); on four rows, the far row to the near one, each from South's left.
pub fn drawn_rows<W: Width>(game: &Game<W>) -> Vec<Vec<usize>> {
    game.topology().drawn_rows()
}

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
pub fn board_text<W: Width>(
    game: &Game<W>,
    pos: &Position<W>,
    last: Option<&Successor<W>>,
    style: Style,
) -> String {
    let stores = game.rules().board.stores.sown();
    let widest = (0..game.pit_count())
        .map(|pit| pit_text(game, pos, pit).len())
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
    let rows = drawn_rows(game);
    let last = last.filter(|s| s.mv != Move::PASS);
    let cell = |pit: usize| {
        let text = format!("{:>width$}", pit_text(game, pos, pit));
        match last {
            Some(s) if s.effect.captured_pits.has(pit) => style.red(&text),
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
    let lines = match &rows[..] {
        // Four rows: each row's labels next to it, the inner rows' in the
        // middle of the board.
        [north_outer, north_inner, south_inner, south_outer] => vec![
            ("north", labels(north_outer)),
            ("", counts(north_outer)),
            ("", counts(north_inner)),
            ("", labels(north_inner)),
            ("", labels(south_inner)),
            ("", counts(south_inner)),
            ("", counts(south_outer)),
            ("south", labels(south_outer)),
        ],
        // Three rows: the middle row's labels under its counts.
        [north, middle, south] => vec![
            ("north", labels(north)),
            ("", counts(north)),
            ("", counts(middle)),
            ("", labels(middle)),
            ("", counts(south)),
            ("south", labels(south)),
        ],
        _ => Vec::new(),
    };
    if !lines.is_empty() {
        for (title, line) in lines {
            let _ = writeln!(out, "{title:<margin$}{line}");
        }
        return out;
    }
    let (north, south) = (&rows[0], &rows[1]);
    let _ = writeln!(out, "{:<margin$}{}", "north", labels(north));
    if stores {
        let _ = writeln!(out, "{:<margin$}{}", store(Player::North), counts(north));
        let _ = writeln!(
            out,
            "{:<margin$}{} {}",
            "",
            counts(south),
            store(Player::South)
        );
    } else {
        let _ = writeln!(out, "{:<margin$}{}", "", counts(north));
        let _ = writeln!(out, "{:<margin$}{}", "", counts(south));
    }
    let _ = writeln!(out, "{:<margin$}{}", "south", labels(south));
    out
}
