//! The checks that tie keys together, run once every key is read: a value
//! that contradicts another, an option without effect, a count no last pit
//! can hold. Each is a small function of what was read; each looks only at
//! keys that read fine, so a bad value is reported once, by the validator.

use super::{model::*, validate::Read};
use crate::{diagnostic::Diagnostic, dsl::Value};

/// A check between keys: the errors and warnings it finds.
pub(super) type Check = fn(&Read<'_>) -> Vec<Diagnostic>;

/// Every check, in the order their messages are reported.
pub(super) const CHECKS: &[Check] = &[
    stones_fit_on_the_board,
    skip_origin_needs_start_next,
    extra_turn_store_needs_stores,
    take_with_a_chain_is_last,
    facing_counts_need_a_facing_take,
    unreachable_counts,
    grand_slam_needs_captures,
    otherwise_needs_feeding,
    repetition_leftovers_needs_repetition,
    scoring_needs_its_end,
];

const BOARD: Option<&str> = Some("board");
const SOW: Option<&str> = Some("sow");
const CAPTURE: Option<&str> = Some("capture");
const LEGAL: Option<&str> = Some("legal");
const END: Option<&str> = Some("end");

/// Pit counts are bytes: the board holds at most [`MAX_STONES`].
fn stones_fit_on_the_board(read: &Read<'_>) -> Vec<Diagnostic> {
    let (Some(pits), Some(seeds)) = (read.pits(), read.given(BOARD, "seeds")) else {
        return Vec::new();
    };
    let per_pit = u32::from(read.rules.board.seeds);
    let total = 2 * u32::from(pits) * per_pit;
    if total <= MAX_STONES {
        return Vec::new();
    }
    vec![Diagnostic::error(
        seeds.values[0].span,
        format!(
            "{total} stones on the board (2 x {pits} pits x {per_pit} seeds): at most {MAX_STONES} are supported"
        ),
    )]
}

fn skip_origin_needs_start_next(read: &Read<'_>) -> Vec<Diagnostic> {
    let sowing = &read.rules.sowing;
    match read.given(SOW, "skip_origin") {
        Some(s)
            if read.valid(SOW, "start")
                && sowing.start == SowStart::Origin
                && sowing.skip_origin =>
        {
            vec![Diagnostic::error(
                s.span,
                "`skip_origin yes` contradicts `start origin`: the origin gets the first stone",
            )]
        }
        _ => Vec::new(),
    }
}

fn extra_turn_store_needs_stores(read: &Read<'_>) -> Vec<Diagnostic> {
    let rules = &read.rules;
    match read.given(SOW, "extra_turn") {
        Some(s)
            if read.valid(BOARD, "stores")
                && rules.sowing.extra_turn == ExtraTurn::Store
                && rules.board.stores == Stores::None =>
        {
            vec![Diagnostic::error(
                s.span,
                "`extra_turn store` needs stores on the board (`stores sown` in `board`)",
            )]
        }
        _ => Vec::new(),
    }
}

/// The capture rules that read fine, by item: `(item, rule)`.
fn capture_rules<'r>(read: &'r Read<'_>) -> impl Iterator<Item = (usize, &'r CaptureRule)> {
    read.rules.captures.iter().enumerate()
}

/// `take` other than `last` takes a facing pit, which a chain cannot follow.
fn take_with_a_chain_is_last(read: &Read<'_>) -> Vec<Diagnostic> {
    capture_rules(read)
        .filter_map(|(i, rule)| {
            let s = read.given_in(CAPTURE, i, "take")?;
            (read.valid_in(CAPTURE, i, "chain")
                && rule.chain != Chain::None
                && rule.take != Take::Last)
                .then(|| {
                    Diagnostic::error(
                        s.span,
                        format!("`take {}` cannot be combined with a chain", rule.take),
                    )
                })
        })
        .collect()
}

/// `facing_counts` is about a facing pit the rule's `take` leaves alone.
fn facing_counts_need_a_facing_take(read: &Read<'_>) -> Vec<Diagnostic> {
    capture_rules(read)
        .filter_map(|(i, rule)| {
            let s = read.given_in(CAPTURE, i, "facing_counts")?;
            (read.valid_in(CAPTURE, i, "take")
                && matches!(rule.take, Take::Last | Take::Neighbours))
            .then(|| {
                Diagnostic::error(
                    s.span,
                    format!(
                        "`facing_counts` has no effect with `take {}`: the facing pit is not taken",
                        rule.take
                    ),
                )
            })
        })
        .collect()
}

/// Warns about capture counts no last pit can hold. A move sows at least
/// `min_stones` stones, and a sowing path visits every pit of its lap once
/// before it repeats, so every move leaves stones in at least
/// `k = min(min_stones, lap)` pits: the last pit holds at most
/// `total - (k - 1)` stones.
fn unreachable_counts(read: &Read<'_>) -> Vec<Diagnostic> {
    let Some(total) = read.stones() else {
        return Vec::new();
    };
    if !read.valid(LEGAL, "min_stones") || !read.valid(SOW, "skip_origin") {
        return Vec::new();
    }
    let rules = &read.rules;
    let lap = 2 * u32::from(rules.board.pits) - u32::from(rules.sowing.skip_origin);
    let pits = u32::from(rules.sowing.min_stones).min(lap).max(1);
    let most = total - (pits - 1);
    capture_rules(read)
        .filter_map(|(i, _)| read.given_in(CAPTURE, i, "counts"))
        .flat_map(|setting| setting.values.iter())
        .filter_map(|value| match value.node {
            Value::Number(Ok(n)) if n > i64::from(most) => Some((n, value.span)),
            _ => None,
        })
        .map(|(n, span)| {
            Diagnostic::warning(
                span,
                format!(
                    "capture count {n} can never occur: every move leaves stones in at least {pits} pits, so the last one holds at most {most}"
                ),
            )
        })
        .collect()
}

fn grand_slam_needs_captures(read: &Read<'_>) -> Vec<Diagnostic> {
    match read.given(LEGAL, "grand_slam") {
        Some(s) if read.rules.grand_slam != GrandSlam::Allowed && !read.rules.has_captures() => {
            vec![Diagnostic::error(
                s.span,
                "`grand_slam` has no effect: the variant has no captures (add `counts` in `capture`)",
            )]
        }
        _ => Vec::new(),
    }
}

fn otherwise_needs_feeding(read: &Read<'_>) -> Vec<Diagnostic> {
    match read.given(LEGAL, "otherwise") {
        Some(s) if read.valid(LEGAL, "feed") && read.rules.feeding.when == FeedWhen::Never => {
            // An old file's `feeding { when never }` is named as written.
            let feed = match read.given(LEGAL, "feed") {
                Some(f) if f.key.node == "when" => "when never",
                _ => "feed never",
            };
            vec![Diagnostic::error(
                s.span,
                format!("`otherwise` has no effect with `{feed}`"),
            )]
        }
        _ => Vec::new(),
    }
}

fn repetition_leftovers_needs_repetition(read: &Read<'_>) -> Vec<Diagnostic> {
    match read.given(END, "repetition_leftovers") {
        Some(s)
            if read.valid(END, "repetition") && read.rules.end.repetition == Repetition::Ignore =>
        {
            vec![Diagnostic::error(
                s.span,
                "`repetition_leftovers` has no effect with `repetition ignore`",
            )]
        }
        _ => Vec::new(),
    }
}

/// A scoring for a way the rules never end the game has no effect.
fn scoring_needs_its_end(read: &Read<'_>) -> Vec<Diagnostic> {
    let rules = &read.rules;
    let known =
        read.valid(END, "when") && read.valid(LEGAL, "feed") && read.valid(LEGAL, "otherwise");
    if !known {
        return Vec::new();
    }
    rules
        .end
        .scoring
        .ways()
        .into_iter()
        .filter_map(|(way, _)| {
            let why = super::schema::way_in_force(rules, way).err()?;
            let s = read.given(END, way)?;
            Some(Diagnostic::error(
                s.span,
                format!("`{way}` has no effect: {why}"),
            ))
        })
        .collect()
}
