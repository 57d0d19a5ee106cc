//! A position as an SVG picture, written by hand: the same position always
//! gives the same bytes.
//!
//! The board is seen from South: North's row on top, reversed so that its
//! pits run from North's left; South's row below. Stores, where the variant
//! has them, are at the ends: North's on the left, South's on the right. The
//! last move's origin pit is ringed in blue, the pit (or store) that got the
//! last stone is filled amber (ringed amber inside when it was captured too),
//! captured pits are filled red with a dashed ring.

use std::fmt::Write;

use super::{text::Style, words::describe_move, Frame};
use crate::engine::{pit_text, Game, PitBits, Player, Width};

/// Distance between pit centres.
const STEP: i32 = 80;
/// Pit radius.
const RADIUS: i32 = 32;
/// Store width.
const STORE_W: i32 = 64;
/// Outer margin.
const PAD: i32 = 20;
/// Width of the key to the marks.
const LEGEND_W: i32 = 330;
/// Rough width of a caption character at the caption's font size.
const CHAR_W: i32 = 8;
/// Rough width of a title character (20 px bold): wide enough for capitals.
const TITLE_CHAR_W: i32 = 13;

const BOARD_FILL: &str = "#d9b77e";
const EDGE: &str = "#7a5a2b";
const PIT_FILL: &str = "#f6e8cc";
const ORIGIN: &str = "#1f5fbf";
const LAST_FILL: &str = "#ffd54f";
const CAPTURED_FILL: &str = "#f28b82";
const CAPTURED_EDGE: &str = "#b71c1c";
const CLOSED_FILL: &str = "#9e9e9e";

/// The SVG picture of `frame`'s position, titled with the variant's name.
pub fn position_svg<W: Width>(game: &Game<W>, frame: &Frame<W>) -> String {
    let pos = &frame.position;
    let per_row = game.pits_per_row() as i32;
    let stores = game.rules().board.stores.sown();
    let store_space = if stores { STORE_W + 20 } else { 0 };
    let board_x = PAD;
    let board_y = 70;
    let board_w = 40 + store_space * 2 + (per_row - 1) * STEP + 2 * RADIUS;
    // The rows as drawn from the top (two, or four: North's outer and
    // inner, South's inner and outer), each from South's left.
    let rows = game.topology().drawn_rows();
    let board_h = rows.len() as i32 * STEP + 20;
    let first_x = board_x + 20 + store_space + RADIUS;
    let mut place = vec![(0, 0); game.pit_count()];
    for (r, row) in rows.iter().enumerate() {
        for (c, &pit) in row.iter().enumerate() {
            place[pit] = (r as i32, c as i32);
        }
    }
    let centre = |pit: usize| -> (i32, i32) {
        let (r, c) = place[pit];
        (first_x + c * STEP, board_y + 10 + STEP / 2 + r * STEP)
    };
    // The inner rows of a four-row board are labelled inside their pits.
    let inner_rows: Vec<usize> = rows[1..rows.len() - 1].concat();

    let mut caption = Vec::new();
    let title = match frame.ply {
        0 => format!("{}: start", game.rules().name),
        n => format!("{}: after ply {n}", game.rules().name),
    };
    if let Some((before, played)) = &frame.last {
        let words = describe_move(game, before, played, Style { colour: false });
        caption.extend(words.split("; ").map(str::to_string));
    }
    caption.push(format!(
        "{} {}, north {}; {} to move",
        if stores {
            "in stores: south"
        } else {
            "captured: south"
        },
        pos.captured[0],
        pos.captured[1],
        pos.to_move
    ));
    let caption_y = board_y + board_h + 50;
    let legend_y = caption_y + 22 * caption.len() as i32 + 6;
    let longest = caption.iter().map(|l| l.chars().count()).max().unwrap_or(0) as i32;
    let legend_w = if frame.last.is_some() { LEGEND_W } else { 0 };
    let width = (2 * PAD + board_w)
        .max(2 * PAD + longest * CHAR_W)
        .max(2 * PAD + title.chars().count() as i32 * TITLE_CHAR_W)
        .max(2 * PAD + legend_w);
    let height = legend_y + if frame.last.is_some() { 30 } else { 0 } + PAD;

    let mut s = String::new();
    let _ = writeln!(
        s,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" viewBox="0 0 {width} {height}" font-family="Helvetica, Arial, sans-serif">"#
    );
    let _ = writeln!(s, "<title>{}</title>", esc(&title));
    let _ = writeln!(
        s,
        r##"<rect x="0" y="0" width="{width}" height="{height}" fill="#ffffff"/>"##
    );
    let _ = writeln!(
        s,
        r##"<text x="{PAD}" y="32" font-size="20" font-weight="bold" fill="#222">{}</text>"##,
        esc(&title)
    );
    // Row names and pit labels, outside the board.
    let label_rows = [
        (&rows[0], board_y - 10, "north"),
        (&rows[rows.len() - 1], board_y + board_h + 22, "south"),
    ];
    for (row, y, name) in label_rows {
        let _ = writeln!(
            s,
            r##"<text x="{PAD}" y="{y}" font-size="14" fill="#555">{name}</text>"##
        );
        // In pit order (each player's labels from their own left).
        let mut pits = row.clone();
        pits.sort_unstable();
        for pit in pits {
            let (x, _) = centre(pit);
            let _ = writeln!(
                s,
                r##"<text x="{x}" y="{y}" font-size="16" text-anchor="middle" fill="#333">{}</text>"##,
                game.label(pit)
            );
        }
    }
    let _ = writeln!(
        s,
        r#"<rect x="{board_x}" y="{board_y}" width="{board_w}" height="{board_h}" rx="24" fill="{BOARD_FILL}" stroke="{EDGE}" stroke-width="3"/>"#
    );
    if stores {
        let store_h = board_h - 20;
        let stores_at = [
            (Player::North, board_x + 20),
            (Player::South, board_x + board_w - 20 - STORE_W),
        ];
        // The last stone of the last move went into its mover's store.
        let last_store = frame.last.and_then(|(before, played)| {
            game.store_owner(usize::from(played.effect.last), before.to_move)
        });
        for (player, x) in stores_at {
            let y = board_y + 10;
            let (fill, class) = if last_store == Some(player) {
                (LAST_FILL, " last")
            } else {
                (PIT_FILL, "")
            };
            let _ = writeln!(
                s,
                r#"<rect class="store {player}{class}" x="{x}" y="{y}" width="{STORE_W}" height="{store_h}" rx="28" fill="{fill}" stroke="{EDGE}" stroke-width="2"/>"#
            );
            let _ = writeln!(
                s,
                r##"<text x="{}" y="{}" font-size="22" text-anchor="middle" fill="#222">{}</text>"##,
                x + STORE_W / 2,
                y + store_h / 2 + 8,
                pos.captured[player.index()]
            );
        }
    }
    let (origin, last, captured) = match &frame.last {
        Some((_, played)) if played.mv != crate::engine::Move::PASS => (
            Some(
                (played.mv.filled_pit().or(played.mv.taken_pit()))
                    .unwrap_or(usize::from(played.mv.pit)),
            ),
            Some(usize::from(played.effect.last)),
            played.effect.captured_pits,
        ),
        _ => (None, None, W::Set::ZERO),
    };
    for pit in 0..game.pit_count() {
        let (x, y) = centre(pit);
        let is_captured = captured.has(pit);
        let (fill, class) = if pos.is_closed(pit) {
            (CLOSED_FILL, "pit closed")
        } else if is_captured {
            (CAPTURED_FILL, "pit captured")
        } else if last == Some(pit) {
            (LAST_FILL, "pit last")
        } else {
            (PIT_FILL, "pit")
        };
        let ring = if is_captured {
            format!(r#"stroke="{CAPTURED_EDGE}" stroke-width="3" stroke-dasharray="6 4""#)
        } else {
            format!(r#"stroke="{EDGE}" stroke-width="2""#)
        };
        let _ = writeln!(
            s,
            r#"<circle class="{class}" data-pit="{}" cx="{x}" cy="{y}" r="{RADIUS}" fill="{fill}" {ring}/>"#,
            game.label(pit)
        );
        if is_captured && last == Some(pit) {
            // The last stone's pit was captured too: an amber ring inside.
            let _ = writeln!(
                s,
                r#"<circle class="last" cx="{x}" cy="{y}" r="{}" fill="none" stroke="{LAST_FILL}" stroke-width="5"/>"#,
                RADIUS - 6
            );
        }
        if origin == Some(pit) {
            let _ = writeln!(
                s,
                r#"<circle class="origin" cx="{x}" cy="{y}" r="{}" fill="none" stroke="{ORIGIN}" stroke-width="4"/>"#,
                RADIUS + 5
            );
        }
        let _ = writeln!(
            s,
            r##"<text x="{x}" y="{}" font-size="24" text-anchor="middle" fill="#222">{}</text>"##,
            y + 8,
            pit_text(game, pos, pit)
        );
        if inner_rows.contains(&pit) {
            let _ = writeln!(
                s,
                r##"<text x="{x}" y="{}" font-size="11" text-anchor="middle" fill="#555">{}</text>"##,
                y - 14,
                game.label(pit)
            );
        }
    }
    for (i, line) in caption.iter().enumerate() {
        let _ = writeln!(
            s,
            r##"<text x="{PAD}" y="{}" font-size="14" fill="#222">{}</text>"##,
            caption_y + 22 * i as i32,
            esc(line)
        );
    }
    if frame.last.is_some() {
        legend(&mut s, legend_y);
    }
    s.push_str("</svg>\n");
    s
}

/// The key to the marks.
fn legend(s: &mut String, y: i32) {
    let marks = [
        (
            format!(r#"fill="{PIT_FILL}" stroke="{ORIGIN}" stroke-width="4""#),
            "origin",
        ),
        (
            format!(r#"fill="{LAST_FILL}" stroke="{EDGE}" stroke-width="2""#),
            "last stone",
        ),
        (
            format!(
                r#"fill="{CAPTURED_FILL}" stroke="{CAPTURED_EDGE}" stroke-width="2" stroke-dasharray="4 3""#
            ),
            "captured",
        ),
    ];
    for (i, (paint, name)) in marks.iter().enumerate() {
        let x = PAD + 8 + LEGEND_W / 3 * i as i32;
        let _ = writeln!(s, r#"<circle cx="{x}" cy="{y}" r="8" {paint}/>"#);
        let _ = writeln!(
            s,
            r##"<text x="{}" y="{}" font-size="13" fill="#444">{name}</text>"##,
            x + 14,
            y + 5
        );
    }
}

/// Escapes text for XML.
pub(super) fn esc(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            c => out.push(c),
        }
    }
    out
}
