//! How two rule sets differ, option by option, in the words of `sow
//! describe`.
//!
//! Every field of [`Rules`] is taken apart without `..`, so a new rule option
//! does not compile until it is compared here.

use std::fmt::Display;

use crate::rules::describe::describe;
use crate::rules::{
    schema, Board, CaptureDestination, CaptureRule, Claim, End, Feeding, Rounds, Rules, Sowing,
};

/// One option that differs between rule sets A and B.
#[derive(Debug, Clone)]
pub struct RuleDifference {
    /// The option as written in a variant file: `capture chain`, `legal
    /// grand_slam`; with several capture rules, `capture LABEL chain`.
    pub option: String,
    /// Its value under A, as written in a variant file.
    pub a: String,
    /// Its value under B.
    pub b: String,
    /// The sentences of `sow describe` that say it under A and not under A
    /// with this option set as in B.
    pub a_says: Vec<String>,
    /// The sentences that say it under B's setting.
    pub b_says: Vec<String>,
    /// A with only this option set as in B; `None` for the board's size,
    /// which a game on A's board cannot take.
    pub changed: Option<Rules>,
}

/// How a blank value is printed: a rule left out of the file (`legal
/// feed_gives` when `feed` implies it).
pub const LEFT_OUT: &str = "(left out)";

/// A rule's value as written in a file, for people: a blank value (the key
/// left out) as [`LEFT_OUT`], so that it cannot be mistaken for a missing
/// word. `sow diff` and `sow infer` print every value through it.
pub fn value_shown(value: &str) -> &str {
    if value.is_empty() {
        LEFT_OUT
    } else {
        value
    }
}

/// Every option that differs between `a` and `b` (names and sources are not
/// rules), in the order of a variant file.
pub fn rule_differences(a: &Rules, b: &Rules) -> Vec<RuleDifference> {
    let mut out = Differences {
        a,
        list: Vec::new(),
    };
    let Rules {
        name: _,
        source: _,
        board,
        sowing,
        captures,
        feeding,
        grand_slam,
        restrictions,
        end,
        rounds,
        claim,
        opening,
    } = b;
    let Board {
        rows,
        pits,
        seeds,
        start,
        stores,
    } = board;
    out.size("board rows", a.board.rows, *rows);
    out.size("board pits", a.board.pits, *pits);
    // `seeds` and `start` are one rule, the start: `seeds` when both files
    // give it, else the start as each file gives it.
    if a.board.start.is_empty() && start.is_empty() {
        out.size("board seeds", a.board.seeds, *seeds);
    } else {
        out.size("board start", a.start_text(), b.start_text());
    }
    out.option("board stores", &a.board.stores, stores, |r| {
        r.board.stores = *stores;
    });
    let Sowing {
        direction,
        start,
        skip_origin,
        laps,
        min_stones,
        first_move_from,
        extra_turn,
        singletons,
        first_moves,
        play_from,
        first_lap,
        first_move,
    } = sowing;
    // A direction per pit only fits a board of the same size.
    let directions = |d: &[crate::rules::PitDirection]| words(d.iter());
    let same_size = a.board.pits == *pits;
    let (da, db) = (directions(&a.sowing.direction), directions(direction));
    if same_size {
        out.option("sow direction", &da, &db, |r| {
            r.sowing.direction.clone_from(direction);
        });
    } else if uniform(&a.sowing.direction) && uniform(direction) {
        let first = direction[0];
        out.option(
            "sow direction",
            &a.sowing.direction[0],
            &first,
            |r: &mut Rules| r.sowing.direction.fill(first),
        );
    } else if da != db {
        out.size("sow direction", da, db);
    }
    out.option("sow start", &a.sowing.start, start, |r| {
        r.sowing.start = *start;
    });
    let yes_no = |on: bool| if on { "yes" } else { "no" };
    out.option(
        "sow skip_origin",
        yes_no(a.sowing.skip_origin),
        yes_no(*skip_origin),
        |r| r.sowing.skip_origin = *skip_origin,
    );
    out.option("sow laps", &a.sowing.laps, laps, |r| r.sowing.laps = *laps);
    out.option("sow extra_turn", &a.sowing.extra_turn, extra_turn, |r| {
        r.sowing.extra_turn = *extra_turn;
    });
    capture_differences(&mut out, captures);
    out.option("legal min_stones", &a.sowing.min_stones, min_stones, |r| {
        r.sowing.min_stones = *min_stones;
    });
    let places = |p: &[u8]| words(p.iter());
    out.option(
        "legal first_move_from",
        places(&a.sowing.first_move_from).as_str(),
        places(first_move_from).as_str(),
        |r| r.sowing.first_move_from = first_move_from.clone(),
    );
    out.option("legal singletons", &a.sowing.singletons, singletons, |r| {
        r.sowing.singletons = *singletons;
    });
    out.option(
        "legal first_moves",
        &a.sowing.first_moves,
        first_moves,
        |r| {
            r.sowing.first_moves = *first_moves;
        },
    );
    out.option("legal first_move", &a.sowing.first_move, first_move, |r| {
        r.sowing.first_move = *first_move;
    });
    out.option("legal play_from", &a.sowing.play_from, play_from, |r| {
        r.sowing.play_from = *play_from;
    });
    out.option("legal first_lap", &a.sowing.first_lap, first_lap, |r| {
        r.sowing.first_lap = *first_lap;
    });
    out.option("legal grand_slam", &a.grand_slam, grand_slam, |r| {
        r.grand_slam = *grand_slam;
    });
    let Feeding {
        when,
        otherwise,
        gives,
    } = feeding;
    out.option("legal feed", &a.feeding.when, when, |r| {
        r.feeding.when = *when;
    });
    out.option("legal otherwise", &a.feeding.otherwise, otherwise, |r| {
        r.feeding.otherwise = *otherwise;
    });
    out.option("legal feed_gives", &a.feeding.gives, gives, |r| {
        r.feeding.gives = *gives;
    });
    out.option("legal order", &a.restrictions, restrictions, |r| {
        r.restrictions = *restrictions;
    });
    let End {
        when,
        leftovers,
        repetition,
        repetition_leftovers,
        scoring,
        stones_left_at_most,
        score_at_least,
        test_after,
    } = end;
    let number = |n: &Option<u8>| n.map_or_else(|| "none".to_string(), |n| n.to_string());
    out.option(
        "end stones_left_at_most",
        number(&a.end.stones_left_at_most).as_str(),
        number(stones_left_at_most).as_str(),
        |r| r.end.stones_left_at_most = *stones_left_at_most,
    );
    out.option(
        "end score_at_least",
        number(&a.end.score_at_least).as_str(),
        number(score_at_least).as_str(),
        |r| r.end.score_at_least = *score_at_least,
    );
    out.option(
        "end when",
        &words(a.end.when.iter()),
        &words(when.iter()),
        |r| r.end.when.clone_from(when),
    );
    out.option("end leftovers", &a.end.leftovers, leftovers, |r| {
        // The ways of ending that A scores as its leftovers follow them.
        let old = r.end.leftovers;
        for (_, way) in r.end.scoring.ways_mut() {
            if *way == old {
                *way = *leftovers;
            }
        }
        r.end.leftovers = *leftovers;
    });
    out.option("end test_after", &a.end.test_after, test_after, |r| {
        r.end.test_after = *test_after;
    });
    out.option("end repetition", &a.end.repetition, repetition, |r| {
        r.end.repetition = *repetition;
    });
    out.option(
        "end repetition_leftovers",
        &a.end.repetition_leftovers,
        repetition_leftovers,
        |r| r.end.repetition_leftovers = *repetition_leftovers,
    );
    // A way of ending scored as its file's `leftovers` follows them (above);
    // one that either file scores its own way is an option of its own.
    for (i, ((name, in_a), (_, in_b))) in a
        .end
        .scoring
        .ways()
        .into_iter()
        .zip(scoring.ways())
        .enumerate()
    {
        if in_a != a.end.leftovers || in_b != *leftovers {
            out.option(&format!("end {name}"), &in_a, &in_b, |r| {
                *r.end.scoring.ways_mut()[i].1 = in_b
            });
        }
    }
    let Rounds {
        refill,
        fill_from,
        remainder,
        odd_pit,
        unfilled,
        next_start,
        match_end,
    } = rounds;
    let refill_text =
        |r: &Option<crate::rules::Refill>| r.map_or("none".to_string(), |r| r.to_string());
    out.option(
        "rounds refill",
        refill_text(&a.rounds.refill).as_str(),
        refill_text(refill).as_str(),
        |r| r.rounds.refill = *refill,
    );
    out.option("rounds fill_from", &a.rounds.fill_from, fill_from, |r| {
        r.rounds.fill_from = *fill_from;
    });
    out.option("rounds remainder", &a.rounds.remainder, remainder, |r| {
        r.rounds.remainder = *remainder;
    });
    out.option("rounds odd_pit", &a.rounds.odd_pit, odd_pit, |r| {
        r.rounds.odd_pit = *odd_pit;
    });
    out.option("rounds unfilled", &a.rounds.unfilled, unfilled, |r| {
        r.rounds.unfilled = *unfilled;
    });
    out.option("rounds next_start", &a.rounds.next_start, next_start, |r| {
        r.rounds.next_start = *next_start;
    });
    out.option("rounds match_end", &a.rounds.match_end, match_end, |r| {
        r.rounds.match_end = *match_end;
    });
    let places = |p: &[u8]| match p {
        [] => "none".to_string(),
        p => p.iter().map(u8::to_string).collect::<Vec<_>>().join(" "),
    };
    let count_text = |c: &Option<u8>| c.map_or("none".to_string(), |c| c.to_string());
    let Claim {
        count,
        except,
        mirror,
        of,
        limit,
        stones,
        tribute,
        first_landing_free,
        tribute_then,
        by,
        pair,
    } = claim;
    out.option(
        "claim count",
        count_text(&a.claim.count).as_str(),
        count_text(count).as_str(),
        |r| r.claim.count = *count,
    );
    out.option(
        "claim except",
        places(&a.claim.except).as_str(),
        places(except).as_str(),
        |r| r.claim.except.clone_from(except),
    );
    out.option("claim mirror", &a.claim.mirror, mirror, |r| {
        r.claim.mirror = *mirror;
    });
    out.option("claim of", &a.claim.of, of, |r| r.claim.of = *of);
    out.option("claim limit", &a.claim.limit, limit, |r| {
        r.claim.limit = *limit;
    });
    out.option("claim stones", &a.claim.stones, stones, |r| {
        r.claim.stones = *stones;
    });
    out.option(
        "claim tribute",
        count_text(&a.claim.tribute).as_str(),
        count_text(tribute).as_str(),
        |r| r.claim.tribute = *tribute,
    );
    let first_text = |free: bool| if free { "no" } else { "yes" };
    out.option(
        "claim tribute_first",
        first_text(a.claim.first_landing_free),
        first_text(*first_landing_free),
        |r| r.claim.first_landing_free = *first_landing_free,
    );
    out.option(
        "claim tribute_then",
        &a.claim.tribute_then,
        tribute_then,
        |r| {
            r.claim.tribute_then = *tribute_then;
        },
    );
    out.option("claim by", &a.claim.by, by, |r| r.claim.by = *by);
    out.option("claim pair", &a.claim.pair, pair, |r| r.claim.pair = *pair);
    let crate::rules::Opening { shifts_from } = opening;
    let place = |p: u8| {
        if p == 0 {
            "none".to_string()
        } else {
            p.to_string()
        }
    };
    out.option(
        "opening shifts_from",
        place(a.opening.shifts_from).as_str(),
        place(*shifts_from).as_str(),
        |r| r.opening.shifts_from = *shifts_from,
    );
    out.list
}

/// The capture rules, matched by their place in the list: each key of rule
/// `i` on both sides (named `capture KEY` when each side has one rule, else
/// `capture LABEL KEY`), and a rule only one side has as a whole.
fn capture_differences(out: &mut Differences<'_>, captures: &[CaptureRule]) {
    let a = out.a;
    let single = a.captures.len() == 1 && captures.len() == 1;
    for i in 0..a.captures.len().max(captures.len()) {
        let (Some(ra), Some(rb)) = (a.captures.get(i), captures.get(i)) else {
            let label = a
                .captures
                .get(i)
                .or(captures.get(i))
                .map(|r| r.name.clone());
            let option = format!("capture {}", label.unwrap_or_default());
            let b_rule = captures.get(i).cloned();
            out.option(
                &option,
                &rule_text(&a.captures, i),
                &rule_text(captures, i),
                |r| match (b_rule, i < r.captures.len()) {
                    (Some(rule), true) => r.captures[i] = rule,
                    (Some(rule), false) => r.captures.push(rule),
                    (None, _) => {
                        r.captures.remove(i);
                    }
                },
            );
            continue;
        };
        let CaptureRule {
            name: _,
            on,
            counts,
            before,
            side,
            chain,
            first_move,
            take,
            facing_counts,
            goes_to,
            last_goes_to,
            then,
            requires,
            board_at_most,
            last_stone,
        } = rb;
        let key = |k: &str| match single {
            true => format!("capture {k}"),
            false => format!("capture {} {k}", ra.name),
        };
        out.option(&key("on"), &ra.on, on, |r| r.captures[i].on = *on);
        out.option(
            &key("counts"),
            &words(ra.counts.iter()),
            &words(counts.iter()),
            |r| r.captures[i].counts.clone_from(counts),
        );
        out.option(&key("before"), &ra.before, before, |r| {
            r.captures[i].before = *before;
        });
        out.option(&key("side"), &ra.side, side, |r| r.captures[i].side = *side);
        out.option(&key("chain"), &ra.chain, chain, |r| {
            r.captures[i].chain = *chain;
        });
        out.option(&key("first_move"), &ra.first_move, first_move, |r| {
            r.captures[i].first_move = *first_move;
        });
        out.option(&key("take"), &ra.take, take, |r| r.captures[i].take = *take);
        out.option(
            &key("facing_counts"),
            &words(ra.facing_counts.iter()),
            &words(facing_counts.iter()),
            |r| r.captures[i].facing_counts.clone_from(facing_counts),
        );
        out.option(&key("goes_to"), &ra.goes_to, goes_to, |r| {
            r.captures[i].goes_to = *goes_to;
        });
        let last = |to: &Option<CaptureDestination>| {
            to.map_or_else(|| "as goes_to".to_string(), |t| t.to_string())
        };
        out.option(
            &key("last_goes_to"),
            last(&ra.last_goes_to).as_str(),
            last(last_goes_to).as_str(),
            |r| r.captures[i].last_goes_to = *last_goes_to,
        );
        out.option(&key("then"), &ra.then, then, |r| r.captures[i].then = *then);
        out.option(&key("requires"), &ra.requires, requires, |r| {
            r.captures[i].requires = *requires;
        });
        let number = |n: &Option<u8>| n.map_or_else(|| "none".to_string(), |n| n.to_string());
        out.option(
            &key("board_at_most"),
            number(&ra.board_at_most).as_str(),
            number(board_at_most).as_str(),
            |r| r.captures[i].board_at_most = *board_at_most,
        );
        out.option(&key("last_stone"), &ra.last_stone, last_stone, |r| {
            r.captures[i].last_stone = *last_stone;
        });
    }
}

/// Capture rule `i` of `captures` as its settings read, those at their
/// default left out (`none` when there is no such rule).
fn rule_text(captures: &[CaptureRule], i: usize) -> String {
    let Some(rule) = captures.get(i) else {
        return "none".into();
    };
    let view = Rules {
        captures: vec![rule.clone()],
        ..Rules::default()
    };
    let keys = schema::section("capture").map_or(&[][..], |s| s.keys);
    // The settings a file writes: those not at their default.
    let settings: Vec<String> = keys
        .iter()
        .filter_map(|k| {
            let values = (k.write)(&view)?;
            let default = matches!(k.default, schema::Default::Value(d) if values == [d]);
            (!default).then(|| format!("{} {}", k.name, values.join(" ")))
        })
        .collect();
    settings.join("; ")
}

/// The differences found so far, against rule set A.
struct Differences<'a> {
    a: &'a Rules,
    list: Vec<RuleDifference>,
}

impl Differences<'_> {
    /// An option A can take B's value of: compared, and worded through `sow
    /// describe` of A before and after the change.
    fn option<T: Display + PartialEq + ?Sized>(
        &mut self,
        option: &str,
        a: &T,
        b: &T,
        set: impl FnOnce(&mut Rules),
    ) {
        if a == b {
            return;
        }
        let mut changed = self.a.clone();
        set(&mut changed);
        let before = sentences(self.a);
        let after = sentences(&changed);
        self.list.push(RuleDifference {
            option: option.to_string(),
            a: a.to_string(),
            b: b.to_string(),
            a_says: before
                .iter()
                .filter(|s| !after.contains(s))
                .cloned()
                .collect(),
            b_says: after
                .iter()
                .filter(|s| !before.contains(s))
                .cloned()
                .collect(),
            changed: Some(changed),
        });
    }

    /// A difference in the board's size: no game on A's board can take it.
    fn size<T: Display + PartialEq>(&mut self, option: &'static str, a: T, b: T) {
        if a != b {
            self.list.push(RuleDifference {
                option: option.to_string(),
                a: a.to_string(),
                b: b.to_string(),
                a_says: Vec::new(),
                b_says: Vec::new(),
                changed: None,
            });
        }
    }
}

/// Every sentence `sow describe` says about `rules`.
fn sentences(rules: &Rules) -> Vec<String> {
    describe(rules)
        .sections
        .into_iter()
        .flat_map(|(_, s)| s)
        .collect()
}

/// `a b c`: values as a variant file writes them.
fn words<T: Display>(values: impl Iterator<Item = T>) -> String {
    values.map(|v| v.to_string()).collect::<Vec<_>>().join(" ")
}

fn uniform<T: PartialEq>(values: &[T]) -> bool {
    values.windows(2).all(|w| w[0] == w[1])
}

/// Whether the two boards have the same size and start (rows, pits, the
/// start counts): only then
/// can the same game be played under both.
pub fn same_board(a: &Rules, b: &Rules) -> bool {
    (a.board.rows, a.board.pits, a.start_counts()) == (b.board.rows, b.board.pits, b.start_counts())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variants;

    #[test]
    fn options_are_named_and_valued_as_in_a_file() {
        let oware = variants::load("oware").unwrap().rules;
        let kalah = variants::load("kalah").unwrap().rules;
        let found: Vec<String> = rule_differences(&oware, &kalah)
            .iter()
            .map(|d| format!("{} {} / {}", d.option, d.a, d.b))
            .collect();
        assert!(
            found.contains(&"sow skip_origin yes / no".to_string()),
            "{found:?}"
        );
        assert!(
            found.contains(&"board stores none / sown".to_string()),
            "{found:?}"
        );
    }

    #[test]
    fn the_same_rules_under_other_names_do_not_differ() {
        let modiar = variants::load("modiar").unwrap().rules;
        let mut renamed = modiar.clone();
        renamed.name = "Other".into();
        renamed.source = None;
        assert!(rule_differences(&modiar, &renamed).is_empty());
    }
}
