//! The checks that tie keys together, run once every key is read: a value
//! that contradicts another, an option without effect, a count no last pit
//! can hold. Each is a small function of what was read; each looks only at
//! keys that read fine, so a bad value is reported once, by the validator.

use super::{board_checks, model::*, validate::Read};
use crate::{diagnostic::Diagnostic, dsl::Value};

/// A check between keys: the errors and warnings it finds.
pub(super) type Check = fn(&Read<'_>) -> Vec<Diagnostic>;

/// Every check, in the order their messages are reported.
pub(super) const CHECKS: &[Check] = &[
    board_has_a_start,
    board_checks::board_rows_fit,
    board_checks::capture_fits_the_board,
    board_checks::resows_fits,
    board_checks::inner_row_empty_needs_four_rows,
    stones_fit_on_the_board,
    skip_origin_needs_start_next,
    extra_turn_store_needs_stores,
    take_with_a_chain_is_last,
    facing_counts_need_a_facing_take,
    sowing_triggers_fit,
    sweeps_come_last,
    before_fits,
    unreachable_counts,
    grand_slam_needs_captures,
    otherwise_needs_feeding,
    lap_rules_need_relays,
    lap_test_needs_a_condition,
    repetition_leftovers_needs_repetition,
    scoring_needs_its_end,
    first_move_from_in_the_row,
    end_numbers_go_with_their_condition,
    rounds_options_need_refill,
    refill_needs_every_stone_owned,
    fill_choice_needs_captures,
    unfilled_reopens_fits,
    odd_pit_needs_surplus,
    refill_needs_seeds,
    singletons_need_min_stones,
    claim_options_need_count,
    claim_fits_the_sowing,
    claim_tribute_fits,
    claim_places_in_the_row,
    claim_pairs_need_two_rows,
    each_player_first_moves_fit,
    play_from_any_fits,
    first_move_shift_fits,
    requires_capture_fits,
    board_at_most_is_for_sweeps,
    last_goes_to_is_for_every_pit,
    first_lap_captures_fits,
    single_into_empty_needs_single_moves,
    opening_shifts_fit,
    last_stone_is_for_every_pit,
];

const BOARD: Option<&str> = Some("board");
const SOW: Option<&str> = Some("sow");
const CAPTURE: Option<&str> = Some("capture");
const LEGAL: Option<&str> = Some("legal");
const END: Option<&str> = Some("end");
const ROUNDS: Option<&str> = Some("rounds");
const CLAIM: Option<&str> = Some("claim");
const OPENING: Option<&str> = Some("opening");

/// Pit counts are bytes: the board holds at most [`MAX_STONES`], and at
/// least one stone.
fn stones_fit_on_the_board(read: &Read<'_>) -> Vec<Diagnostic> {
    // Rows that do not read (`rows 5`) have their own error: no count here.
    let (Some(pits), Some(_)) = (read.pits(), read.side_pits()) else {
        return Vec::new();
    };
    let rows = read.rules.board.rows;
    let total = read.rules.total_stones();
    let (setting, what) = match (read.given(BOARD, "seeds"), read.given(BOARD, "start")) {
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
fn board_has_a_start(read: &Read<'_>) -> Vec<Diagnostic> {
    if !read.valid(BOARD, "seeds") || !read.valid(BOARD, "start") {
        return Vec::new();
    }
    match (read.given(BOARD, "seeds"), read.given(BOARD, "start")) {
        (None, None) => vec![Diagnostic::error(
            read.section_span(BOARD),
            "missing `seeds` in section `board` (or `start`, the count of every pit)",
        )],
        (Some(_), Some(start)) => vec![Diagnostic::error(
            start.span,
            "`start` and `seeds` both give the start: keep one (`seeds N` is `start` with every count N)",
        )],
        _ => Vec::new(),
    }
}

fn skip_origin_needs_start_next(read: &Read<'_>) -> Vec<Diagnostic> {
    let sowing = &read.rules.sowing;
    match read.given(SOW, "skip_origin") {
        Some(s)
            if read.valid(SOW, "start") && sowing.start != SowStart::Next && sowing.skip_origin =>
        {
            vec![Diagnostic::error(
                s.span,
                format!(
                    "`skip_origin yes` contradicts `start {}`: the origin gets the first stone",
                    sowing.start
                ),
            )]
        }
        _ => Vec::new(),
    }
}

/// `extra_turn store` needs stores to land in, `extra_turn capture` a rule
/// that captures.
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
        Some(s)
            if rules.sowing.extra_turn == ExtraTurn::Capture
                && rules.captures.is_empty()
                && rules.claim.count.is_none() =>
        {
            vec![Diagnostic::error(
                s.span,
                "`extra_turn capture` has no effect: the variant has no capture rule (`capture NAME { ... }`) and no `claim`",
            )]
        }
        _ => Vec::new(),
    }
}

/// The capture rules that read fine, by item: `(item, rule)`.
fn capture_rules<'r>(read: &'r Read<'_>) -> impl Iterator<Item = (usize, &'r CaptureRule)> {
    read.rules.captures.iter().enumerate()
}

/// `take` other than `last` takes a facing pit, which a chain cannot follow;
/// `take two_out` chains forward only, across the empty pits.
fn take_with_a_chain_is_last(read: &Read<'_>) -> Vec<Diagnostic> {
    capture_rules(read)
        .filter_map(|(i, rule)| {
            let s = read.given_in(CAPTURE, i, "take")?;
            let chains = match rule.take {
                Take::Last | Take::LastAndOppositeEvenEmpty => return None,
                Take::TwoOut => rule.chain == Chain::Backward,
                _ => rule.chain != Chain::None,
            };
            (read.valid_in(CAPTURE, i, "chain") && chains).then(|| {
                let text = match rule.take {
                    Take::TwoOut => {
                        "`take two_out` chains forward only: `chain backward` is not supported"
                            .to_string()
                    }
                    take => format!("`take {take}` cannot be combined with a chain"),
                };
                Diagnostic::error(s.span, text)
            })
        })
        .collect()
}

/// The triggers inside the sowing (`every_pit`, `relay_landing`) take the
/// one pit a stone made qualify: no facing pit, no neighbours, no chain;
/// `relay_landing` needs relay laps to land from, and `then` is about it
/// alone. Their sowing (stone by stone, see the engine's `sow_capturing`)
/// does not follow a relay cycle or test the end after each lap.
fn sowing_triggers_fit(read: &Read<'_>) -> Vec<Diagnostic> {
    let rules = &read.rules;
    let mut out = Vec::new();
    for (i, rule) in capture_rules(read) {
        if let Some(s) = read.given_in(CAPTURE, i, "then") {
            // (`on last_pit` with `then resows`: see `board_checks::resows_fits`.)
            let last_pit_resows = rule.on == Trigger::LastPit && rule.then.resows();
            if read.valid_in(CAPTURE, i, "on")
                && rule.on != Trigger::RelayLanding
                && !last_pit_resows
            {
                out.push(Diagnostic::error(
                    s.span,
                    format!("`then` has no effect with `on {}`: it says what follows a relay-landing capture", rule.on),
                ));
            }
        }
        let Some(s) = read.given_in(CAPTURE, i, "on") else {
            continue;
        };
        if rule.on == Trigger::LastPit {
            continue;
        }
        let mut error = |text: String| out.push(Diagnostic::error(s.span, text));
        let resows = rule.then.resows();
        if read.valid_in(CAPTURE, i, "take") && rule.take != Take::Last && !resows {
            error(format!(
                "`on {}` takes the pit itself: `take {}` is not supported with it",
                rule.on, rule.take
            ));
        }
        if read.valid_in(CAPTURE, i, "chain") && rule.chain != Chain::None {
            error(format!(
                "`on {}` takes the pit itself: a chain is not supported with it",
                rule.on
            ));
        }
        if rule.on == Trigger::RelayLanding
            && read.valid(SOW, "laps")
            && rules.sowing.laps != Laps::Relay
        {
            error(format!(
                "`on relay_landing` needs `laps relay`, not `laps {}`",
                rules.sowing.laps
            ));
        }
        // A sweep looks at the board after the sowing, which it leaves to
        // the table-driven laps: cycles and lap tests work as without it.
        if rule.on == Trigger::Sweep {
            continue;
        }
        if read.valid(END, "when") && rules.end.when.contains(&EndWhen::RelayCycle) {
            error(format!(
                "`on {}` cannot be combined with `relay_cycle` in `end`",
                rule.on
            ));
        }
        if read.valid(END, "test_after") && rules.end.test_after == EndTest::Lap {
            error(format!(
                "`on {}` cannot be combined with `test_after lap` in `end`",
                rule.on
            ));
        }
    }
    out
}

/// A sweep looks at the board once the rules on the last pit have taken
/// what they take: it is written after them, so that the file's order is
/// the order the rules are tried in.
fn sweeps_come_last(read: &Read<'_>) -> Vec<Diagnostic> {
    let rules = &read.rules.captures;
    capture_rules(read)
        .filter(|(_, rule)| rule.on == Trigger::Sweep)
        .filter_map(|(i, sweep)| {
            let s = read.given_in(CAPTURE, i, "on")?;
            let later = rules[i + 1..].iter().find(|r| r.on == Trigger::LastPit)?;
            Some(Diagnostic::error(
                s.span,
                format!(
                    "`capture {}` sweeps the board before `capture {}` looks at the last pit: write the sweep after the rules on the last pit",
                    sweep.name, later.name
                ),
            ))
        })
        .collect()
}

/// `before` is about the stone that falls into the pit: a relay lands only
/// in a pit that held stones, a sweep looks at pits and not at a stone, and
/// the further pits of a chain or of `take neighbours` get no stone
/// (`before any`, the default, says nothing and goes with anything).
fn before_fits(read: &Read<'_>) -> Vec<Diagnostic> {
    capture_rules(read)
        .filter_map(|(i, rule)| {
            let s = read.given_in(CAPTURE, i, "before")?;
            if rule.before == Before::Any {
                return None;
            }
            let why = if read.valid_in(CAPTURE, i, "on") && rule.on == Trigger::RelayLanding {
                "a relay lands only in a pit that held stones".to_string()
            } else if read.valid_in(CAPTURE, i, "on") && rule.on == Trigger::Sweep {
                "a sweep looks at what the pits hold after the sowing, not at a stone".to_string()
            } else if read.valid_in(CAPTURE, i, "chain") && rule.chain != Chain::None {
                "the further pits of a chain get no stone".to_string()
            } else if read.valid_in(CAPTURE, i, "take") && rule.take == Take::Neighbours {
                "the neighbours get no stone".to_string()
            } else {
                return None;
            };
            let context = match rule.on {
                Trigger::RelayLanding | Trigger::Sweep => format!("`on {}`", rule.on),
                _ if rule.chain != Chain::None => format!("`chain {}`", rule.chain),
                _ => format!("`take {}`", rule.take),
            };
            Some(Diagnostic::error(
                s.span,
                format!("`before` cannot be combined with {context}: {why}"),
            ))
        })
        .collect()
}

/// `facing_counts` is about a facing pit the rule's `take` leaves alone.
fn facing_counts_need_a_facing_take(read: &Read<'_>) -> Vec<Diagnostic> {
    capture_rules(read)
        .filter_map(|(i, rule)| {
            let s = read.given_in(CAPTURE, i, "facing_counts")?;
            (read.valid_in(CAPTURE, i, "take")
                && matches!(
                    rule.take,
                    Take::Last
                        | Take::Neighbours
                        | Take::Next
                        | Take::TwoOut
                        | Take::BehindPastEmpty
                ))
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

/// `otherwise` and `feed_gives` say what the feeding rule does: nothing
/// with `feed never`.
fn otherwise_needs_feeding(read: &Read<'_>) -> Vec<Diagnostic> {
    if !read.valid(LEGAL, "feed") || read.rules.feeding.when != FeedWhen::Never {
        return Vec::new();
    }
    // An old file's `feeding { when never }` is named as written.
    let feed = match read.given(LEGAL, "feed") {
        Some(f) if f.key.node == "when" => "when never",
        _ => "feed never",
    };
    ["otherwise", "feed_gives"]
        .into_iter()
        .filter_map(|key| read.given(LEGAL, key).map(|s| (key, s)))
        .map(|(key, s)| Diagnostic::error(s.span, format!("`{key}` has no effect with `{feed}`")))
        .collect()
}

/// `relay_cycle` and `test_after lap` are about relay laps.
fn lap_rules_need_relays(read: &Read<'_>) -> Vec<Diagnostic> {
    let rules = &read.rules;
    if !read.valid(SOW, "laps") || !read.valid(END, "when") || rules.sowing.laps != Laps::Single {
        return Vec::new();
    }
    let mut out = Vec::new();
    if let Some(s) = read.given(END, "when") {
        if rules.end.when.contains(&EndWhen::RelayCycle) {
            out.push(Diagnostic::error(
                s.span,
                "`relay_cycle` has no effect with `laps single`: a move has one lap",
            ));
        }
    }
    if let Some(s) = read.given(END, "test_after") {
        if rules.end.test_after == EndTest::Lap {
            out.push(Diagnostic::error(
                s.span,
                "`test_after lap` has no effect with `laps single`: a move has one lap",
            ));
        }
    }
    out
}

/// `test_after lap` tests the end conditions a lap can bring about.
fn lap_test_needs_a_condition(read: &Read<'_>) -> Vec<Diagnostic> {
    let rules = &read.rules;
    match read.given(END, "test_after") {
        Some(s)
            if read.valid(END, "when")
                && rules.end.test_after == EndTest::Lap
                && !rules.end.when.iter().any(|w| w.tested_after_laps()) =>
        {
            vec![Diagnostic::error(
                s.span,
                "`test_after lap` has no effect: `when` lists no condition a lap can bring about (`row_empty`, `all_pits_at_most_one`, `captured_majority`, `inner_row_empty`)",
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

/// `first_move_from` names places on South's side: of its row, or on four
/// rows of its two rows in label order (`a`-`p` on 4x8).
fn first_move_from_in_the_row(read: &Read<'_>) -> Vec<Diagnostic> {
    let Some(setting) = read.given(LEGAL, "first_move_from") else {
        return Vec::new();
    };
    if read.rules.board.rows != 4 {
        return places_in_the_row(read, LEGAL, "first_move_from");
    }
    let Some(side) = read.side_pits() else {
        return Vec::new();
    };
    setting
        .values
        .iter()
        .filter_map(|value| match value.node {
            Value::Number(Ok(n)) if n > side as i64 => Some(Diagnostic::error(
                value.span,
                format!("`first_move_from {n}`: a side of two rows has {side} pits (1 to {side})"),
            )),
            _ => None,
        })
        .collect()
}

/// The numbers of `key` in `section`, places in a row (1 first), each at
/// most the pits of a row.
fn places_in_the_row(
    read: &Read<'_>,
    section: Option<&'static str>,
    key: &'static str,
) -> Vec<Diagnostic> {
    let (Some(pits), Some(setting)) = (read.pits(), read.given(section, key)) else {
        return Vec::new();
    };
    setting
        .values
        .iter()
        .filter_map(|value| match value.node {
            Value::Number(Ok(n)) if n > i64::from(pits) => Some((n, value.span)),
            _ => None,
        })
        .map(|(n, span)| {
            Diagnostic::error(
                span,
                format!("`{key} {n}`: a row has {pits} pits (1 to {pits})"),
            )
        })
        .collect()
}

/// `stones_left` needs `stones_left_at_most`, `score_reached` needs
/// `score_at_least`, and neither number means anything without its
/// condition.
fn end_numbers_go_with_their_condition(read: &Read<'_>) -> Vec<Diagnostic> {
    if !read.valid(END, "when") {
        return Vec::new();
    }
    let pairs = [
        (
            EndWhen::StonesLeft,
            "stones_left_at_most",
            read.rules.end.stones_left_at_most,
        ),
        (
            EndWhen::ScoreReached,
            "score_at_least",
            read.rules.end.score_at_least,
        ),
    ];
    let mut out = Vec::new();
    for (condition, key, number) in pairs {
        let listed = read.rules.end.when.contains(&condition);
        match (listed, number, read.given(END, key)) {
            (true, None, _) if read.valid(END, key) => out.push(Diagnostic::error(
                read.given(END, "when")
                    .map_or(read.section_span(END), |s| s.span),
                format!("`when {condition}` needs `{key} N` in `end`"),
            )),
            (false, Some(_), Some(s)) => out.push(Diagnostic::error(
                s.span,
                format!("`{key}` has no effect: `when` does not list `{condition}`"),
            )),
            _ => {}
        }
    }
    out
}

/// The keys of `rounds` other than `refill` say how one round leads to the
/// next: without `refill` there is one round.
fn rounds_options_need_refill(read: &Read<'_>) -> Vec<Diagnostic> {
    if !read.valid(ROUNDS, "refill") || read.given(ROUNDS, "refill").is_some() {
        return Vec::new();
    }
    [
        "fill_from",
        "remainder",
        "odd_pit",
        "unfilled",
        "next_start",
        "match_end",
    ]
    .into_iter()
    .filter_map(|name| read.given(ROUNDS, name).map(|s| (name, s)))
    .map(|(name, s)| {
        Diagnostic::error(
            s.span,
            format!("`{name}` has no effect: no `refill` is given, so the game is one round"),
        )
    })
    .collect()
}

/// A refill pours every player's stones back into the pits: a way of ending
/// that may give stones to nobody (`unscored`, `divided`'s odd stone) or sets
/// the captures aside (`draw`, `able_to_move`, `empty_row_wins`,
/// `empty_row_loses`) would lose or invent stones between rounds.
fn refill_needs_every_stone_owned(read: &Read<'_>) -> Vec<Diagnostic> {
    let Some(setting) = read.given(ROUNDS, "refill") else {
        return Vec::new();
    };
    if !read.valid(END, "when") || !read.valid(LEGAL, "feed") || !read.valid(LEGAL, "otherwise") {
        return Vec::new();
    }
    let end = &read.rules.end;
    let mut ways: Vec<(&str, Leftovers)> = end
        .scoring
        .ways()
        .into_iter()
        .filter(|(way, _)| super::schema::way_in_force(&read.rules, way).is_ok())
        .collect();
    if end.repetition != Repetition::Ignore {
        ways.push(("repetition_leftovers", end.repetition_leftovers));
    }
    ways.into_iter()
        .filter(|(_, scoring)| {
            matches!(scoring, Leftovers::Unscored | Leftovers::Divided)
                || scoring.sets_captures_aside()
        })
        .map(|(way, scoring)| {
            Diagnostic::error(
                setting.span,
                format!(
                    "`refill` pours every stone back into the pits, but `{way}` scores the game `{scoring}`, which does not give each stone left to one player: use `row_owner`, `player_to_move` or `last_mover`"
                ),
            )
        })
        .collect()
}

/// `unfilled reopens` sows into the pits a player could not fill: they are
/// their own row's (`refill captures`), filled in a fixed order (a refill
/// move under `fill_from choice` fills an empty closed pit).
fn unfilled_reopens_fits(read: &Read<'_>) -> Vec<Diagnostic> {
    let rounds = &read.rules.rounds;
    match read.given(ROUNDS, "unfilled") {
        Some(s)
            if rounds.unfilled == Unfilled::Reopens
                && (rounds.refill == Some(Refill::Surplus)
                    || rounds.fill_from == FillFrom::Choice) =>
        {
            vec![Diagnostic::error(
                s.span,
                "`unfilled reopens` goes with `refill captures` and `fill_from left` or `right`",
            )]
        }
        _ => Vec::new(),
    }
}

/// `odd_pit` says who fills the pit two remainders make up: only `refill
/// surplus` gives a player pits beyond their own row's.
fn odd_pit_needs_surplus(read: &Read<'_>) -> Vec<Diagnostic> {
    match read.given(ROUNDS, "odd_pit") {
        Some(s) if read.rules.rounds.refill == Some(Refill::Captures) => {
            vec![Diagnostic::error(
                s.span,
                "`odd_pit` has no effect: under `refill captures` each player fills their own pits only; it goes with `refill surplus`",
            )]
        }
        _ => Vec::new(),
    }
}

/// `fill_from choice` lets each player name the pits of their own row they
/// fill: `refill surplus`, where pits change hands, has no such choice yet,
/// and `remainder next_pit` needs an order to find the next pit in.
fn fill_choice_needs_captures(read: &Read<'_>) -> Vec<Diagnostic> {
    let rounds = &read.rules.rounds;
    let mut out = Vec::new();
    if let Some(s) = read.given(ROUNDS, "remainder").filter(|_| {
        rounds.remainder == crate::rules::Remainder::NextPit
            && (rounds.fill_from == crate::rules::FillFrom::Choice
                || rounds.refill == Some(crate::rules::Refill::Surplus))
    }) {
        out.push(Diagnostic::error(
            s.span,
            "`remainder next_pit` puts what is left in the next pit of a fixed order: it goes with `refill captures` and `fill_from left` or `right`",
        ));
    }
    out.extend(match read.given(ROUNDS, "fill_from") {
        Some(s)
            if rounds.fill_from == crate::rules::FillFrom::Choice
                && rounds.refill == Some(crate::rules::Refill::Surplus) =>
        {
            vec![Diagnostic::error(
                s.span,
                "`fill_from choice` lets each player choose the pits of their own row to fill: it goes with `refill captures`, not `refill surplus`",
            )]
        }
        _ => Vec::new(),
    });
    out
}

/// A refill puts `seeds` stones in each pit: a start given pit by pit
/// (`start`) says no such count.
fn refill_needs_seeds(read: &Read<'_>) -> Vec<Diagnostic> {
    match (read.given(ROUNDS, "refill"), read.given(BOARD, "start")) {
        (Some(_), Some(start)) => vec![Diagnostic::error(
            start.span,
            "`refill` fills each pit with `seeds` stones, so a variant with rounds gives its start as `seeds N`, not pit by pit",
        )],
        _ => Vec::new(),
    }
}

/// `singletons into_empty` lets single stones be played when nothing else
/// can: it means something only when `min_stones` is 2 or more, and is not
/// supported beside a grand-slam rule that changes moves.
fn singletons_need_min_stones(read: &Read<'_>) -> Vec<Diagnostic> {
    let rules = &read.rules;
    let Some(s) = read
        .given(LEGAL, "singletons")
        .filter(|_| rules.sowing.singletons != Singletons::Never)
    else {
        return Vec::new();
    };
    let mut out = Vec::new();
    if read.valid(LEGAL, "min_stones") && rules.sowing.min_stones < 2 {
        out.push(Diagnostic::error(
            s.span,
            format!(
                "`singletons {}` plays single stones when no pit holds `min_stones`: it needs `min_stones 2` or more, not {}",
                rules.sowing.singletons, rules.sowing.min_stones
            ),
        ));
    }
    if read.valid(LEGAL, "grand_slam") && rules.grand_slam != GrandSlam::Allowed {
        out.push(Diagnostic::error(
            s.span,
            format!(
                "`singletons {}` is not supported with `grand_slam {}` yet",
                rules.sowing.singletons, rules.grand_slam
            ),
        ));
    }
    out
}
/// The keys of `claim` other than `makes` say which pits may be claimed:
/// without `makes` none is.
fn claim_options_need_count(read: &Read<'_>) -> Vec<Diagnostic> {
    if !read.valid(CLAIM, "makes") || read.given(CLAIM, "makes").is_some() {
        return Vec::new();
    }
    [
        "except",
        "mirror",
        "of",
        "limit",
        "stones",
        "tribute",
        "tribute_first",
        "tribute_then",
        "by",
        "pair",
    ]
    .into_iter()
    .filter_map(|name| read.given(CLAIM, name).map(|s| (name, s)))
    .map(|(name, s)| {
        Diagnostic::error(
            s.span,
            format!("`{name}` has no effect: no `makes` is given, so no pit is ever claimed"),
        )
    })
    .collect()
}

/// A claimed pit's stones go to its owner once the sowing is over: a relay
/// would lift them first, and a capture inside the sowing could take them.
fn claim_fits_the_sowing(read: &Read<'_>) -> Vec<Diagnostic> {
    let Some(count) = read.given(CLAIM, "makes") else {
        return Vec::new();
    };
    let rules = &read.rules;
    let mut out = Vec::new();
    if read.valid(SOW, "laps") && !matches!(rules.sowing.laps, Laps::Single | Laps::Relay) {
        out.push(Diagnostic::error(
            count.span,
            format!("`claim` is supported with `laps single` or `relay` only, not `laps {}`: its relay could lift the stones sown into a claimed pit", rules.sowing.laps),
        ));
    }
    for (i, rule) in capture_rules(read) {
        if read.valid_in(CAPTURE, i, "on")
            && matches!(
                rule.on,
                Trigger::EveryPit | Trigger::RelayLanding | Trigger::Sweep
            )
        {
            out.push(Diagnostic::error(
                count.span,
                format!("`claim` is not supported with a capture `on {}`: it could take the stones sown into a claimed pit before they reach its owner, or take a claimed pit", rule.on),
            ));
        }
    }
    out
}

/// A tribute takes stones kept in a claimed pit (`stones kept`), and the
/// keys that say how it is taken need one.
fn claim_tribute_fits(read: &Read<'_>) -> Vec<Diagnostic> {
    if !read.valid(CLAIM, "makes") || read.given(CLAIM, "makes").is_none() {
        return Vec::new();
    }
    let claim = &read.rules.claim;
    let mut out = Vec::new();
    match read.given(CLAIM, "tribute") {
        Some(tribute) if read.valid(CLAIM, "stones") && claim.stones != ClaimStones::Kept => {
            out.push(Diagnostic::error(
                tribute.span,
                format!("`tribute` needs `stones kept`: under `stones {}` a claimed pit holds nothing to take", claim.stones),
            ));
        }
        Some(_) => {}
        None => out.extend(
            ["tribute_first", "tribute_then"]
                .into_iter()
                .filter_map(|name| read.given(CLAIM, name).map(|s| (name, s)))
                .map(|(name, s)| {
                    Diagnostic::error(
                        s.span,
                        format!("`{name}` has no effect: no `tribute` is given"),
                    )
                }),
        ),
    }
    out
}

/// `by empty_facing` and `pair facing` name the pit facing another: on
/// two rows, where every pit faces one.
fn claim_pairs_need_two_rows(read: &Read<'_>) -> Vec<Diagnostic> {
    let rules = &read.rules;
    if !read.valid(BOARD, "rows") || rules.board.rows == 2 {
        return Vec::new();
    }
    [
        ("by", rules.claim.by != ClaimBy::Landing),
        ("pair", rules.claim.pair != ClaimPair::One),
    ]
    .into_iter()
    .filter(|&(name, set)| set && read.valid(CLAIM, name))
    .filter_map(|(name, _)| read.given(CLAIM, name).map(|s| (name, s)))
    .map(|(name, s)| {
        Diagnostic::error(
            s.span,
            format!(
                "`{name}` is supported on two rows only, not {} rows: it names the pit facing another",
                rules.board.rows
            ),
        )
    })
    .collect()
}

/// `except` names places of a row.
fn claim_places_in_the_row(read: &Read<'_>) -> Vec<Diagnostic> {
    places_in_the_row(read, CLAIM, "except")
}

/// `first_moves each_player` says which moves `first_move_from` and a
/// capture rule's `first_move no_capture` apply to, so it needs one of them;
/// it follows the first move of each player in a game of one round without
/// extra turns (where South always moves first and North second).
fn each_player_first_moves_fit(read: &Read<'_>) -> Vec<Diagnostic> {
    let rules = &read.rules;
    let Some(s) = read.given(LEGAL, "first_moves") else {
        return Vec::new();
    };
    if rules.sowing.first_moves != FirstMoves::EachPlayer {
        return Vec::new();
    }
    let mut out = Vec::new();
    let shift = rules.sowing.first_move == FirstMoveKind::Shift;
    let waiver = shift
        || rules
            .captures
            .iter()
            .any(|c| c.first_move == FirstMove::NoCapture);
    if read.valid(LEGAL, "first_move_from") && rules.sowing.first_move_from.is_empty() && !waiver {
        out.push(Diagnostic::error(
            s.span,
            "`first_moves each_player` has no effect: neither `first_move_from`, `first_move shift` nor a capture rule's `first_move no_capture` is given",
        ));
    }
    if read.valid(SOW, "extra_turn") && rules.sowing.extra_turn == ExtraTurn::Store {
        out.push(Diagnostic::error(
            s.span,
            "`first_moves each_player` is not supported with `extra_turn store`",
        ));
    }
    // An extra turn in the opening would make South's second move North's
    // first; none comes when no rule captures in the opening.
    let opening_captures = !shift
        && rules
            .captures
            .iter()
            .any(|c| c.first_move == FirstMove::Normal);
    if read.valid(SOW, "extra_turn")
        && rules.sowing.extra_turn == ExtraTurn::Capture
        && opening_captures
    {
        out.push(Diagnostic::error(
            s.span,
            "`first_moves each_player` with `extra_turn capture` needs `first_move no_capture` in every capture rule: an extra turn in the opening would make South's second move North's first",
        ));
    }
    out
}

/// `play_from any` (or `opponent`) lets a move start in the opponent's row
/// of a two-row board: not with stores in the sowing path (whose store a
/// sowing from the other row passes is not defined), nor with pits that sow
/// either way (a move list holds one move per pit of the board).
fn play_from_any_fits(read: &Read<'_>) -> Vec<Diagnostic> {
    let rules = &read.rules;
    let Some(s) = read.given(LEGAL, "play_from") else {
        return Vec::new();
    };
    let play_from = rules.sowing.play_from;
    if play_from == PlayFrom::Own {
        return Vec::new();
    }
    let mut out = Vec::new();
    let mut error = |why: &str| {
        out.push(Diagnostic::error(
            s.span,
            format!("`play_from {play_from}` is not supported {why}"),
        ));
    };
    if read.valid(BOARD, "stores") && rules.board.stores.sown() {
        error(&format!("with `stores {}`", rules.board.stores));
    }
    if read.valid(BOARD, "rows") && rules.board.rows != 2 {
        error("on four rows");
    }
    if read.valid(SOW, "direction") && rules.sowing.direction.contains(&PitDirection::Either) {
        error("with pits that sow either way (`direction either`)");
    }
    out
}

/// `first_move shift` replaces the sowing of a first move: on two rows,
/// in one round, where the first lap is not judged by where it ends.
fn first_move_shift_fits(read: &Read<'_>) -> Vec<Diagnostic> {
    let rules = &read.rules;
    let Some(s) = read.given(LEGAL, "first_move") else {
        return Vec::new();
    };
    if rules.sowing.first_move != FirstMoveKind::Shift {
        return Vec::new();
    }
    let mut out = Vec::new();
    let mut error = |why: &str| {
        out.push(Diagnostic::error(
            s.span,
            format!("`first_move shift` is not supported {why}"),
        ));
    };
    if read.valid(BOARD, "rows") && rules.board.rows != 2 {
        error("on three or four rows");
    }
    if read.valid(ROUNDS, "refill") && rules.rounds.refill.is_some() {
        error("with rounds (`refill` in `rounds`)");
    }
    if read.valid(LEGAL, "first_lap") && rules.sowing.first_lap != FirstLap::Any {
        error("with `first_lap`");
    }
    out
}

/// `requires capture` makes a sweep follow another rule's capture: it is
/// for `on sweep`, after some other rule.
fn requires_capture_fits(read: &Read<'_>) -> Vec<Diagnostic> {
    capture_rules(read)
        .filter_map(|(i, rule)| {
            let s = read.given_in(CAPTURE, i, "requires")?;
            if rule.requires != Requires::Capture {
                return None;
            }
            let why = if read.valid_in(CAPTURE, i, "on") && rule.on != Trigger::Sweep {
                format!("it is for `on sweep`, not `on {}`", rule.on)
            } else if i == 0 {
                "no capture rule comes before this one".to_string()
            } else {
                return None;
            };
            Some(Diagnostic::error(
                s.span,
                format!("`requires capture` has no effect here: {why}"),
            ))
        })
        .collect()
}

/// `requires first_lap` stops the captures of a move whose first lap did
/// not capture: it is for the laps of a relay (`on relay_landing`); and
/// `first_lap captures` asks for a move whose first lap captures, so it
/// needs a rule that captures at the end of a relay lap.
fn first_lap_captures_fits(read: &Read<'_>) -> Vec<Diagnostic> {
    let rules = &read.rules;
    let mut out: Vec<Diagnostic> = capture_rules(read)
        .filter_map(|(i, rule)| {
            let s = read.given_in(CAPTURE, i, "requires")?;
            let wrong = rule.requires == Requires::FirstLap
                && read.valid_in(CAPTURE, i, "on")
                && rule.on != Trigger::RelayLanding;
            wrong.then(|| {
                Diagnostic::error(
                    s.span,
                    format!(
                        "`requires first_lap` has no effect here: it is for `on relay_landing`, not `on {}`",
                        rule.on
                    ),
                )
            })
        })
        .collect();
    if let Some(s) = read.given(LEGAL, "first_lap") {
        let relay_capture = rules.captures.iter().any(|c| c.on == Trigger::RelayLanding);
        if rules.sowing.first_lap == FirstLap::Captures && !relay_capture {
            out.push(Diagnostic::error(
                s.span,
                "`first_lap captures` needs a capture rule `on relay_landing` (a first lap that ends in a capture)",
            ));
        }
    }
    out
}

/// `last_goes_to` says where a lap's last pit goes when a rule takes pits
/// as the stones drop: it is for `on every_pit`.
fn last_goes_to_is_for_every_pit(read: &Read<'_>) -> Vec<Diagnostic> {
    capture_rules(read)
        .filter_map(|(i, rule)| {
            let s = read.given_in(CAPTURE, i, "last_goes_to")?;
            (read.valid_in(CAPTURE, i, "on") && rule.on != Trigger::EveryPit).then(|| {
                Diagnostic::error(
                    s.span,
                    format!(
                        "`last_goes_to` has no effect here: it is for `on every_pit`, not `on {}`",
                        rule.on
                    ),
                )
            })
        })
        .collect()
}

/// `board_at_most` says when a sweep applies: it is for `on sweep`.
fn board_at_most_is_for_sweeps(read: &Read<'_>) -> Vec<Diagnostic> {
    capture_rules(read)
        .filter_map(|(i, rule)| {
            let s = read.given_in(CAPTURE, i, "board_at_most")?;
            (read.valid_in(CAPTURE, i, "on") && rule.on != Trigger::Sweep).then(|| {
                Diagnostic::error(
                    s.span,
                    format!(
                        "`board_at_most` has no effect here: it is for `on sweep`, not `on {}`",
                        rule.on
                    ),
                )
            })
        })
        .collect()
}

/// `first_lap single_into_empty` says when a pit of one stone is played:
/// it means something only when `min_stones` lets such a pit be played.
fn single_into_empty_needs_single_moves(read: &Read<'_>) -> Vec<Diagnostic> {
    let rules = &read.rules;
    match read.given(LEGAL, "first_lap") {
        Some(s)
            if rules.sowing.first_lap == FirstLap::SingleIntoEmpty
                && read.valid(LEGAL, "min_stones")
                && rules.sowing.min_stones > 1 =>
        {
            vec![Diagnostic::error(
                s.span,
                format!(
                    "`first_lap single_into_empty` has no effect with `min_stones {}`: no pit holding a single stone is played",
                    rules.sowing.min_stones
                ),
            )]
        }
        _ => Vec::new(),
    }
}

/// `last_stone lifted` says which stones an `on every_pit` rule looks at;
/// the `on every_pit` rules of a variant agree on it.
fn last_stone_is_for_every_pit(read: &Read<'_>) -> Vec<Diagnostic> {
    let every_pit = |rule: &CaptureRule| rule.on == Trigger::EveryPit;
    let lifted =
        (read.rules.captures.iter()).any(|c| every_pit(c) && c.last_stone == LastStone::Lifted);
    capture_rules(read)
        .filter_map(|(i, rule)| {
            if !read.valid_in(CAPTURE, i, "on") {
                return None;
            }
            if !every_pit(rule) {
                let s = read.given_in(CAPTURE, i, "last_stone")?;
                return (rule.last_stone != LastStone::Taken).then(|| {
                    Diagnostic::error(
                        s.span,
                        format!(
                            "`last_stone lifted` has no effect here: it is for `on every_pit`, not `on {}`",
                            rule.on
                        ),
                    )
                });
            }
            let span = read.given_in(CAPTURE, i, "on")?.span;
            (lifted && rule.last_stone == LastStone::Taken).then(|| {
                Diagnostic::error(
                    span,
                    "the `on every_pit` rules of a variant must agree on `last_stone`: another one has `last_stone lifted`",
                )
            })
        })
        .collect()
}

/// `opening { shifts_from }` names a place of South's row, and the
/// opening it starts is South's whole first turn: it needs two rows, one
/// sowing direction, no sown stores and an even start (`seeds`), and no
/// other rule of the first move.
fn opening_shifts_fit(read: &Read<'_>) -> Vec<Diagnostic> {
    let rules = &read.rules;
    let Some(s) = read.given(OPENING, "shifts_from") else {
        return Vec::new();
    };
    let mut out = places_in_the_row(read, OPENING, "shifts_from");
    let mut error = |why: &str| {
        out.push(Diagnostic::error(
            s.span,
            format!("`shifts_from` (the opening of shifts) {why}"),
        ));
    };
    if read.valid(BOARD, "rows") && rules.board.rows != 2 {
        error("is not supported on three or four rows");
    }
    if read.valid(SOW, "direction")
        && !(rules.sowing.direction.iter()).all(|&d| d == PitDirection::Ccw)
        && !(rules.sowing.direction.iter()).all(|&d| d == PitDirection::Cw)
    {
        error("needs one sowing direction for every pit (`direction ccw` or `direction cw`)");
    }
    if read.valid(BOARD, "stores") && rules.board.stores.sown() {
        error("is not supported with sown stores");
    }
    if read.given(BOARD, "start").is_some() {
        error("needs every pit to start alike (`seeds`, not `start`)");
    }
    for (key, given) in [
        ("first_move_from", !rules.sowing.first_move_from.is_empty()),
        ("first_move", rules.sowing.first_move != FirstMoveKind::Sow),
        ("first_moves", rules.sowing.first_moves != FirstMoves::Game),
    ] {
        if read.valid(LEGAL, key) && given {
            error(&format!(
                "cannot be used with `{key}` in `legal`: South's first turn is the opening's"
            ));
        }
    }
    out
}
