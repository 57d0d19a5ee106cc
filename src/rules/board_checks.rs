//! The checks of the board's shape: what a four-row board allows (and the
//! four-row keywords a two-row board does not), and what the `resows`
//! capture needs. Each is a [`Check`](super::checks::Check) listed in
//! [`CHECKS`](super::checks::CHECKS).

use super::{model::*, validate::Read};
use crate::diagnostic::Diagnostic;

const BOARD: Option<&str> = Some("board");
const SOW: Option<&str> = Some("sow");
const CAPTURE: Option<&str> = Some("capture");
const LEGAL: Option<&str> = Some("legal");
const ROUNDS: Option<&str> = Some("rounds");
const END: Option<&str> = Some("end");

/// Two, three or four rows; a board of three or four rows holds at most 32
/// pits, has no stores, and sows every pit the same way; three rows split
/// the middle row in halves, so they need an even number of pits. The rules
/// written for two rows that more rows do not support yet (rounds, feeding,
/// a grand-slam rule; claims on four rows) are errors there rather than
/// guesses.
pub(super) fn board_rows_fit(read: &Read<'_>) -> Vec<Diagnostic> {
    let rules = &read.rules;
    if !read.valid(BOARD, "rows") || rules.board.rows == 2 {
        return Vec::new();
    }
    let (rows, max) = match rules.board.rows {
        3 => ("three", MAX_PITS_PER_ROW_OF_THREE),
        _ => ("four", MAX_PITS_PER_ROW_OF_FOUR),
    };
    let mut out = Vec::new();
    let mut error = |setting: Option<&crate::dsl::Setting>, text: String| {
        if let Some(s) = setting {
            out.push(Diagnostic::error(s.span, text));
        }
    };
    let pits = rules.board.pits;
    if read.valid(BOARD, "pits") && pits > max {
        error(
            read.given(BOARD, "pits"),
            format!(
                "{pits} pits per row on {rows} rows: at most {max} are supported ({} x {max} pits)",
                rules.board.rows
            ),
        );
    } else if read.valid(BOARD, "pits") && rules.board.rows == 3 && pits % 2 == 1 {
        error(
            read.given(BOARD, "pits"),
            format!("{pits} pits per row on three rows: each player owns half of the middle row, so a row needs an even number of pits"),
        );
    }
    if read.valid(BOARD, "stores") && rules.board.stores != Stores::None {
        error(
            read.given(BOARD, "stores"),
            format!("a {rows}-row board has no stores (`stores none`)"),
        );
    }
    // Four rows: one way for every pit, which may be `either` (Bao: the
    // mover chooses the way round their own two rows).
    let direction = &rules.sowing.direction;
    let either = rules.board.rows == 3 && direction.contains(&PitDirection::Either);
    if read.valid(SOW, "direction") && (either || direction.iter().any(|&d| d != direction[0])) {
        let ways = match rules.board.rows {
            3 => "`direction ccw` or `direction cw`",
            _ => "`direction ccw`, `direction cw` or `direction either`",
        };
        error(
            read.given(SOW, "direction"),
            format!("on {rows} rows every pit sows the same way: {ways}"),
        );
    }
    let unsupported = [
        (LEGAL, "feed", rules.feeding.when != FeedWhen::Never),
        (LEGAL, "grand_slam", rules.grand_slam != GrandSlam::Allowed),
        (ROUNDS, "refill", rules.rounds.refill.is_some()),
        // Claims work on three rows (Gabata (Adowa)'s weg), not yet on four.
        (
            Some("claim"),
            "makes",
            rules.board.rows == 4 && rules.claim.count.is_some(),
        ),
    ];
    for (section, key, differs) in unsupported {
        if differs && read.valid(section, key) {
            error(
                read.given(section, key),
                format!("`{key}` is not supported on {rows} rows yet"),
            );
        }
    }
    out
}

/// The four-row keywords (`side own_inner`, the `take`s of the pit behind)
/// need four rows; on four rows a capture takes the facing pit only from a
/// relay landing that re-sows it, or with a `take` of the pit behind at the
/// last pit (the other last-pit facing takes are written for two rows).
pub(super) fn capture_fits_the_board(read: &Read<'_>) -> Vec<Diagnostic> {
    if !read.valid(BOARD, "rows") {
        return Vec::new();
    }
    let four = read.rules.board.rows == 4;
    let mut out = Vec::new();
    for (i, rule) in read.rules.captures.iter().enumerate() {
        let behind = matches!(
            rule.take,
            Take::OppositeAndBehind | Take::OppositeAndBehindBoth | Take::BehindPastEmpty
        );
        if let Some(s) = read.given_in(CAPTURE, i, "take") {
            if !four && behind {
                out.push(Diagnostic::error(
                    s.span,
                    format!("`take {}` needs a four-row board (`rows 4`)", rule.take),
                ));
            }
            let facing = rule.take != Take::Last;
            // Three rows: nothing faces across the middle row, and a row's
            // neighbours are not a side's.
            if read.rules.board.rows == 3 && !matches!(rule.take, Take::Last | Take::Next) {
                out.push(Diagnostic::error(
                    s.span,
                    format!(
                        "`take {}` is not supported on three rows (nothing faces across the middle row): `take last` or `take next`",
                        rule.take
                    ),
                ));
            }
            // Tsoro: a last pit in the inner row takes the column facing it.
            let at_last_pit = behind && rule.on == Trigger::LastPit;
            if four && facing && !rule.then.resows() && !at_last_pit {
                out.push(Diagnostic::error(
                    s.span,
                    format!(
                        "`take {}` on four rows is supported only with `on relay_landing` and `then resows` (or, for `opposite_and_behind`, `opposite_and_behind_both` and `behind_past_empty`, with `on last_pit`)",
                        rule.take
                    ),
                ));
            }
        }
        // The kichwa: an end of the mover's inner row, where the landing pit
        // is one of its pits.
        if let Some(s) = read.given_in(CAPTURE, i, "then") {
            let inner = read.valid_in(CAPTURE, i, "side") && rule.side == CaptureSide::OwnInner;
            if rule.then == AfterCapture::ResowsFromEnd && !(four && inner) {
                out.push(Diagnostic::error(
                    s.span,
                    "`then resows_from_end` sows from an end of the mover's inner row: it needs a four-row board (`rows 4`) and `side own_inner`",
                ));
            }
        }
        if let Some(s) = read.given_in(CAPTURE, i, "side") {
            if !four && rule.side == CaptureSide::OwnInner {
                out.push(Diagnostic::error(
                    s.span,
                    "`side own_inner` needs a four-row board (`rows 4`)",
                ));
            }
            if read.rules.board.rows != 2 && rule.side == CaptureSide::OpponentAndOwnRightmost {
                out.push(Diagnostic::error(
                    s.span,
                    "`side opponent_and_own_rightmost` needs a two-row board (`rows 2`): a player's rightmost pit is the last of their one row",
                ));
            }
        }
    }
    out
}

/// `then resows` sows the taken stones from the pit after the landing pit:
/// it takes a facing pit (`take opposite` or a `take` of the pit behind),
/// keeps nothing (`goes_to` has no effect) and sows as a lap from the
/// landing pit would (`start next`); at the last pit (`on last_pit`) it
/// goes on sowing after the last lap, so no relay cycle or lap test ends
/// the game.
pub(super) fn resows_fits(read: &Read<'_>) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    for (i, rule) in read.rules.captures.iter().enumerate() {
        let Some(then) = read.given_in(CAPTURE, i, "then") else {
            continue;
        };
        if !rule.then.resows() {
            continue;
        }
        let facing = matches!(
            rule.take,
            Take::Opposite | Take::OppositeAndBehind | Take::OppositeAndBehindBoth
        );
        if read.valid_in(CAPTURE, i, "take") && !facing {
            out.push(Diagnostic::error(
                then.span,
                format!(
                    "`then {}` sows the facing pit's stones: it needs `take opposite`, `opposite_and_behind` or `opposite_and_behind_both`, not `take {}`",
                    rule.then, rule.take
                ),
            ));
        }
        if let Some(s) = read.given_in(CAPTURE, i, "goes_to") {
            out.push(Diagnostic::error(
                s.span,
                format!(
                    "`goes_to` has no effect with `then {}`: the captured stones are sown on",
                    rule.then
                ),
            ));
        }
        if read.valid(SOW, "start") && read.rules.sowing.start != SowStart::Next {
            out.push(Diagnostic::error(
                then.span,
                format!("`then {}` sows from the pit after the landing pit or the lap's origin: it needs `start next` in `sow`", rule.then),
            ));
        }
        // At the last pit the sowing goes on after the move's last lap: it
        // is sown with the captures inside the sowing, which follow no
        // relay cycle and test no end after a lap.
        let end = &read.rules.end;
        if rule.on == Trigger::LastPit {
            let lap_rules = [
                (
                    "when",
                    "relay_cycle",
                    end.when.contains(&EndWhen::RelayCycle),
                ),
                (
                    "test_after",
                    "test_after lap",
                    end.test_after == EndTest::Lap,
                ),
            ];
            for (key, word, set) in lap_rules {
                if set && read.valid(END, key) {
                    out.push(Diagnostic::error(
                        then.span,
                        format!("`on last_pit` with `then {}` cannot be combined with `{word}` in `end`", rule.then),
                    ));
                }
            }
        }
    }
    out
}

/// `inner_row_empty` ends the game on an empty inner row: only four rows
/// have inner rows.
pub(super) fn inner_row_empty_needs_four_rows(read: &Read<'_>) -> Vec<Diagnostic> {
    let rules = &read.rules;
    match read.given(END, "when") {
        Some(s)
            if read.valid(BOARD, "rows")
                && read.valid(END, "when")
                && rules.board.rows != 4
                && rules.end.when.contains(&EndWhen::InnerRowEmpty) =>
        {
            vec![Diagnostic::error(
                s.span,
                format!(
                    "`inner_row_empty` needs a four-row board (`rows 4`): a board of {} rows has no inner rows",
                    rules.board.rows
                ),
            )]
        }
        _ => Vec::new(),
    }
}
