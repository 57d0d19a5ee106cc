//! The `board` section: board size and starting stones. Its declaration,
//! each key as a named constant (the handle a check names it by), the
//! sentences `sow describe` says of them, and the checks that tie its keys
//! to those of the sections before it.

use crate::{
    diagnostic::Diagnostic,
    rules::notation::pit_label,
    rules::{declaration::*, model::*},
};

pub const SECTION: Section = Section {
    name: "board",
    doc: "Board size and starting stones.",
    intro: "",
    notes: "Stones in a store count as captured: a trace's `scores` are the stores' contents.
Under `stores sown_both` the mover sows into the opponent's store too, as the
sowing passes it: those stones are the opponent's. A relay never lifts a
store, and a lap that ends in either store ends the move (`extra_turn store`
gives another move only in the mover's own store).

On four rows (`rows 4`, at most 30 pits a row, no stores) each player owns
an outer and an inner row and sows round them only. Their pits are lettered
along their own counter-clockwise circuit: on 4x8 South's outer row `a`-`h`
from South's left, the inner row `i`-`p` from South's right back to the
left; North's `A`-`P` likewise from North's side. Positions list the counts
in that order (`a`-`h / i`-`p / A`-`H / I`-`P`), and `start` gives one
side in label order. `direction` is one way for every pit (`ccw`:
along one's outer row to the right, back along the inner row; `either`:
the mover chooses the way for the move, written `i:ccw` or `i:cw`, and
`then resows_from_end` may turn it, Bao la Kujifunza). Rounds,
feeding, claims and a grand-slam rule are not supported on four rows yet.

On three rows (`rows 3`, an even number of pits a row, at most 40, no
stores) each player owns the row nearest them and the half of the middle
row on their right, and one circuit goes round the whole board: on 3x6
South's row `a`-`f` from South's left, South's half of the middle row `g`-`i`
from the east edge to the centre, North's row `A`-`F` from North's left,
North's half `G`-`I` from the west edge to the centre. Positions list the
counts in that order (`a`-`f / g`-`i / A`-`F / G`-`I`). Nothing faces across
the middle row: captures take the last pit or the next one, not a facing
pit. Feeding and a grand-slam rule are not supported on three rows yet.
In a match of rounds (`rounds`) a player's pits are their side, filled in
label order (`a`-`i` on 3x6 under `fill_from left`, from the middle row's
centre back under `right`); under `refill surplus` the pits a player fills
beyond their side are the other's, in the other's order. A claim (`claim { makes 4; of row ... }`, Gabata (Adowa)'s weg) takes
a pit of the opponent's side, in their row or their half of the middle row;
`except` and `mirror` count places along a side in label order (1 to 9 on
3x6: `a`-`i`).

A board gives `seeds` (every pit alike) or `start` (pit by pit), not both.
`start` counts may be 0, but the board must hold at least one stone and at
most 255. With `start`, the capture counts and `min_stones` range up to the
stones of the start.",
    order: None,
    repeat: None,
    keys: &[ROWS, PITS, SEEDS, START, STORES],
    checks: &[board_has_a_start, board_rows_fit, stones_fit_on_the_board],
};

pub const ROWS: Key = Key {
    section: Some("board"),
    name: "rows",
    describe: rows,
    read: |r, v| r.board.rows = v.byte(),
    write: |r| Some(vec![r.board.rows.to_string()]),
    what: "rows",
    value: ValueKind::Number {
        min: 2,
        max: Bound::Fixed(4),
    },
    default: Default::Value("2"),
    warns: None,
    doc: "Rows of pits: 2 (one per player), 3 (each player owns the row nearest them and the half of the middle row on their right; one circuit round the whole board) or 4 (two per player, outer and inner; each player sows round their own two rows only).",
    example: "rows 4",
    infer: Infer::Searched,
};

pub const PITS: Key = Key {
    section: Some("board"),
    name: "pits",
    describe: pits,
    read: |r, v| r.board.pits = v.byte(),
    write: |r| Some(vec![r.board.pits.to_string()]),
    what: "pits per row",
    value: ValueKind::Number {
        min: 1,
        max: Bound::Fixed(MAX_PITS_PER_ROW as u32),
    },
    default: Default::Required,
    warns: None,
    doc: "Pits in each row.",
    example: "pits 3",
    infer: Infer::Searched,
};

pub const SEEDS: Key = Key {
    section: Some("board"),
    name: "seeds",
    describe: seeds,
    read: |r, v| r.board.seeds = v.byte(),
    write: |r| {
        r.board
            .start
            .is_empty()
            .then(|| vec![r.board.seeds.to_string()])
    },
    what: "seeds per pit",
    value: ValueKind::Number {
        min: 1,
        max: Bound::Fixed(MAX_STONES),
    },
    default: Default::Absent("required, unless `start` is given"),
    warns: None,
    doc: "Stones in each pit at the start (the shorthand for `start` with every count alike).",
    example: "seeds 7",
    infer: Infer::Searched,
};

pub const START: Key = Key {
    section: Some("board"),
    name: "start",
    describe: said_elsewhere,
    read: |r, v| r.board.start = v.counts(),
    write: |r| {
        (!r.board.start.is_empty())
            .then(|| r.board.start.iter().map(u8::to_string).collect())
    },
    what: "start count",
    value: ValueKind::PitCounts,
    default: Default::Absent("`seeds` in every pit"),
    warns: None,
    doc: "Stones in each pit at the start, pit by pit: one count per pit of a player's side in label order (both sides alike: a row from the owner's left on two rows, `a`-`p` on four), or one per pit of the board in notation order (a b c ... A B C ...).",
    example: "start 4 4 5 4 3 4 4 4 4 4 4 4",
    infer: Infer::Searched,
};

pub const STORES: Key = Key {
    section: Some("board"),
    name: "stores",
    describe: said_elsewhere,
    read: |r, v| r.board.stores = v.word(),
    write: |r| Some(one(r.board.stores)),
    what: "kind of stores",
    value: ValueKind::Word(Words::of::<Stores>().opt_in(&["sown_both"])),
    default: Default::Value("none"),
    warns: None,
    doc: "Stores (end pits) on the board.",
    example: "stores sown",
    infer: Infer::Searched,
};

/// Pits in a row, once the board read fine.
pub fn row_pits(read: &Read<'_>) -> Option<u8> {
    read.valid(&PITS).then_some(read.rules.board.pits)
}

/// Pits on a player's side (a row on two rows, two rows on four), once the
/// board's rows and pits read fine.
pub fn side_pits(read: &Read<'_>) -> Option<usize> {
    let rows = read.valid(&ROWS).then_some(read.rules.board.rows)?;
    matches!(rows, 2..=4).then_some(())?;
    Some(usize::from(rows) * usize::from(row_pits(read)?) / 2)
}

/// The stones on the board, once the board read fine and they fit.
pub fn stones(read: &Read<'_>) -> Option<u32> {
    let total = read.rules.total_stones();
    (row_pits(read).is_some() && read.valid(&SEEDS) && total <= MAX_STONES).then_some(total)
}

/// The board's size and stores in one sentence.
fn rows(rules: &Rules) -> Vec<String> {
    let Board {
        rows, pits, stores, ..
    } = &rules.board;
    let stores = match stores {
        Stores::None => "no stores",
        Stores::Sown => "a store for each player at the end of their row: the mover sows into their own store and skips the opponent's, and stones in a store count as captured",
        Stores::SownBoth => "a store for each player at the end of their row: the mover sows into both stores as the sowing passes them, the stones in each store being its owner's, and stones in a store count as captured",
    };
    if *rows == 3 {
        return vec![format!(
            "The board has three rows of {pits} pits, each player owning the row nearest them and the half of the middle row on their right, and {stores}; one circuit goes round the whole board.",
        )];
    }
    if *rows == 4 {
        return vec![format!(
            "The board has four rows of {pits} pit{}, two per player (an outer row and an inner row, which faces the opponent's inner row), and {stores}; each player sows round their own two rows only.",
            plural(u32::from(*pits))
        )];
    }
    vec![format!(
        "The board has {rows} rows of {pits} pit{}, one row per player, and {stores}.",
        plural(u32::from(*pits))
    )]
}

/// Who owns which pits, by label.
fn pits(rules: &Rules) -> Vec<String> {
    let per_row = usize::from(rules.board.pits);
    if rules.board.rows == 3 {
        let side = rules.pits_per_side();
        let span = |first: usize, len: usize| {
            format!(
                "{}-{}",
                pit_label(first, side),
                pit_label(first + len - 1, side)
            )
        };
        return vec![format!(
            "South owns the near row ({} from South's left to right) and the east half of the middle row ({}, from the east edge to the centre), and moves first; North owns the far row ({} from North's left to right) and the west half of the middle row ({}, from the west edge to the centre). Counter-clockwise sowing goes round them in that order.",
            span(0, per_row),
            span(per_row, per_row / 2),
            span(side, per_row),
            span(side + per_row, per_row / 2),
        )];
    }
    if rules.board.rows == 4 {
        let side = 2 * per_row;
        let span = |first: usize| {
            format!(
                "{}-{}",
                pit_label(first, side),
                pit_label(first + per_row - 1, side)
            )
        };
        return vec![format!(
            "South owns the two near rows and moves first; North owns the two far rows. Each player's pits are lettered along their own counter-clockwise circuit: the outer row from the owner's left to right ({} for South, {} for North), then the inner row from the owner's right back to left ({} and {}).",
            span(0),
            span(2 * per_row),
            span(per_row),
            span(3 * per_row),
        )];
    }
    vec![format!(
        "South owns the near row (pits {} from South's left to right) and moves first; North owns the far row ({} from North's left to right).",
        range(0, per_row),
        range(per_row, per_row),
    )]
}

fn seeds(rules: &Rules) -> Vec<String> {
    let Board { seeds, start, .. } = &rules.board;
    let total = rules.total_stones();
    if rules.opening.placement.is_some() {
        return vec![format!(
            "The players hold the stones they place before play (see Opening): {total} in all."
        )];
    }
    if start.is_empty() {
        return vec![format!(
            "Each pit starts with {seeds} stone{}: {total} in all.",
            plural(u32::from(*seeds))
        )];
    }
    let per_row = usize::from(rules.board.pits);
    let row = |counts: &[u8]| {
        counts
            .iter()
            .map(u8::to_string)
            .collect::<Vec<_>>()
            .join(" ")
    };
    if rules.board.rows != 2 {
        let side = rules.pits_per_side();
        return vec![format!(
            "The pits start with {} stones on South's side and {} on North's (each in label order, a to {}): {total} in all.",
            row(&start[..side]),
            row(&start[side..]),
            pit_label(side - 1, side),
        )];
    }
    vec![format!(
        "The pits start with {} stones in South's row and {} in North's (each from its owner's left to right): {total} in all.",
        row(&start[..per_row]),
        row(&start[per_row..]),
    )]
}

fn plural(n: u32) -> &'static str {
    if n == 1 {
        ""
    } else {
        "s"
    }
}

/// `a-c`: the labels of one row, from absolute index `first`.
fn range(first: usize, per_row: usize) -> String {
    if per_row == 1 {
        pit_label(first, per_row)
    } else {
        format!(
            "{}-{}",
            pit_label(first, per_row),
            pit_label(first + per_row - 1, per_row)
        )
    }
}

/// Pit counts are bytes: the board holds at most [`MAX_STONES`], and at
/// least one stone.
pub(crate) fn stones_fit_on_the_board(read: &Read<'_>) -> Vec<Diagnostic> {
    // Rows that do not read (`rows 5`) have their own error: no count here.
    let (Some(pits), Some(_)) = (row_pits(read), side_pits(read)) else {
        return Vec::new();
    };
    let rows = read.rules.board.rows;
    let total = read.rules.total_stones();
    let (setting, what) = match (read.given(&SEEDS), read.given(&START)) {
        (Some(seeds), None) => (
            seeds,
            format!("{rows} x {pits} pits x {} seeds", read.rules.board.seeds),
        ),
        (None, Some(start)) => (start, "the `start` counts".to_string()),
        _ => return Vec::new(),
    };
    let message = match total {
        0 => "the `start` counts put no stone on the board".to_string(),
        t if t > MAX_STONES => {
            format!("{t} stones on the board ({what}): at most {MAX_STONES} are supported")
        }
        _ => return Vec::new(),
    };
    vec![Diagnostic::error(setting.values[0].span, message)]
}

/// The start is given once: `seeds` (every pit alike) or `start` (pit by
/// pit).
pub(crate) fn board_has_a_start(read: &Read<'_>) -> Vec<Diagnostic> {
    if !read.valid(&SEEDS) || !read.valid(&START) {
        return Vec::new();
    }
    match (read.given(&SEEDS), read.given(&START)) {
        (None, None) => vec![Diagnostic::error(
            read.section_span(SECTION.name),
            "missing `seeds` in section `board` (or `start`, the count of every pit)",
        )],
        (Some(_), Some(start)) => vec![Diagnostic::error(
            start.span,
            "`start` and `seeds` both give the start: keep one (`seeds N` is `start` with every count N)",
        )],
        _ => Vec::new(),
    }
}

/// The number of rows in words, on a board of three or four rows that read
/// fine (`None`: two rows, or rows that did not read).
pub(crate) fn more_rows(read: &Read<'_>) -> Option<&'static str> {
    if !read.valid(&ROWS) {
        return None;
    }
    match read.rules.board.rows {
        3 => Some("three"),
        4 => Some("four"),
        _ => None,
    }
}

/// An error at `key` when `differs` (the rule is set) on a board of three or
/// four rows: the rules written for two rows that more rows do not support
/// yet (rounds, feeding, a grand-slam rule; claims on four rows) are errors
/// there rather than guesses.
pub(crate) fn not_supported_on_more_rows(
    read: &Read<'_>,
    key: &Key,
    differs: bool,
) -> Vec<Diagnostic> {
    let Some(rows) = more_rows(read) else {
        return Vec::new();
    };
    read.given(key)
        .filter(|_| differs && read.valid(key))
        .map(|s| {
            Diagnostic::error(
                s.span,
                format!("`{}` is not supported on {rows} rows yet", key.name),
            )
        })
        .into_iter()
        .collect()
}

/// A board of three or four rows holds at most 120 pits and has no stores;
/// three rows split the middle row in halves, so they need an even number
/// of pits.
pub(crate) fn board_rows_fit(read: &Read<'_>) -> Vec<Diagnostic> {
    let Some(rows) = more_rows(read) else {
        return Vec::new();
    };
    let board = &read.rules.board;
    let max = match board.rows {
        3 => MAX_PITS_PER_ROW_OF_THREE,
        _ => MAX_PITS_PER_ROW_OF_FOUR,
    };
    let mut out = Vec::new();
    let pits = board.pits;
    if let Some(s) = read.given(&PITS).filter(|_| read.valid(&PITS)) {
        if pits > max {
            out.push(Diagnostic::error(
                s.span,
                format!(
                    "{pits} pits per row on {rows} rows: at most {max} are supported ({} x {max} pits)",
                    board.rows
                ),
            ));
        } else if board.rows == 3 && pits % 2 == 1 {
            out.push(Diagnostic::error(
                s.span,
                format!("{pits} pits per row on three rows: each player owns half of the middle row, so a row needs an even number of pits"),
            ));
        }
    }
    if let Some(s) = read.given(&STORES).filter(|_| read.valid(&STORES)) {
        if board.stores != Stores::None {
            out.push(Diagnostic::error(
                s.span,
                format!("a {rows}-row board has no stores (`stores none`)"),
            ));
        }
    }
    out
}
