//! Two boards in short, side by side: how `sow verify` and `sow diff` show
//! where a record and the rules, or two variants, part. Rows are drawn as
//! the text boards of `render::text` draw them (North's on top), the pits'
//! counts only.

use std::fmt::Write;

use crate::engine::{Game, Width};

/// The board in short, for comparisons: the pits' counts three columns
/// each, one line per row, North's on top (as `render::text` draws boards), no stores (the
/// comparisons give the captures in words).
pub fn board_lines<W: Width>(game: &Game<W>, pits: &[u8]) -> Vec<String> {
    game.topology()
        .drawn_rows()
        .into_iter()
        .map(|row| row.iter().map(|&p| format!("{:>3}", pits[p])).collect())
        .collect()
}

/// Titles of the rows drawn by [`board_lines`]: `north C B A`, `south a b
/// c` (each row by its owner's name; `middle` for the middle row of three,
/// which both players share).
pub fn row_titles<W: Width>(game: &Game<W>) -> Vec<String> {
    let topology = game.topology();
    game.topology()
        .drawn_rows()
        .into_iter()
        .map(|row| {
            let owner = topology.owner(row[0]);
            let shared = row.iter().any(|&p| topology.owner(p) != owner);
            let name = if shared {
                "middle".to_string()
            } else {
                owner.to_string()
            };
            let labels: Vec<String> = row.into_iter().map(|p| game.label(p)).collect();
            format!("{name} {}", labels.join(" "))
        })
        .collect()
}

/// Two boards side by side under the titles `left` and `right`.
pub fn side_by_side<W: Width>(game: &Game<W>, left: (&str, &[u8]), right: (&str, &[u8])) -> String {
    let titles = row_titles(game);
    let width = titles.iter().map(String::len).max().unwrap_or(0);
    let cells = 3 * game.pits_per_row();
    let a = board_lines(game, left.1);
    let b = board_lines(game, right.1);
    let wa = cells.max(left.0.len());
    let wb = cells.max(right.0.len());
    let mut out = format!("  {:width$}  {:>wa$}    {:>wb$}\n", "", left.0, right.0);
    for i in 0..titles.len() {
        let _ = writeln!(
            out,
            "  {:width$}  {:>wa$}    {:>wb$}",
            titles[i], a[i], b[i]
        );
    }
    let differ: Vec<String> = (0..game.pit_count())
        .filter(|&p| left.1[p] != right.1[p])
        .map(|p| {
            format!(
                "{} ({} {}, {} {})",
                game.label(p),
                left.0,
                left.1[p],
                right.0,
                right.1[p]
            )
        })
        .collect();
    if !differ.is_empty() {
        let _ = writeln!(out, "  differs at {}", differ.join(", "));
    }
    out
}
