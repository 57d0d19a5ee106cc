//! `sow diff`'s comparison of two variants: the rules first, option by
//! option; then, for each option that differs, a move sequence that shows it
//! in play; and, on the same board, where A and B themselves part ways.

use super::{
    diff::{Found, Pair, Searched},
    rule_diff::{rule_differences, same_board, value_shown, RuleDifference},
};
use crate::engine::{Game, Narrow, Width};

/// The bounds of every play search (each search is bounded on its own).
#[derive(Debug, Clone, Copy)]
pub struct Limits {
    /// Breadth-first search to at most this many plies.
    pub max_plies: u32,
    /// Breadth-first search keeps at most this many positions.
    pub max_positions: usize,
    /// Random games tried when breadth-first search finds nothing.
    pub playouts: u32,
    /// Plies of each random game at most.
    pub playout_plies: u32,
    /// Seed of the random games.
    pub seed: u64,
}

/// How a sequence was found.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Method {
    /// Breadth-first from the start: no shorter sequence exists.
    BreadthFirst,
    /// In a random game: a shorter one may exist.
    Playout,
}

impl Method {
    /// `breadth_first` or `random_playout` (JSON).
    pub fn as_str(self) -> &'static str {
        match self {
            Method::BreadthFirst => "breadth_first",
            Method::Playout => "random_playout",
        }
    }
}

/// The outcome of one play search.
#[derive(Debug, Clone)]
pub struct PlaySearch<W: Width = Narrow> {
    /// The sequence and how it was found, if any.
    pub found: Option<(Found<W>, Method)>,
    /// How far breadth-first search went.
    pub searched: Searched,
}

/// One rule difference and whether play showed it.
pub struct ShownRule<W: Width = Narrow> {
    /// The difference in the rules.
    pub rule: RuleDifference,
    /// The play search for it; `None` for the board's size, which no game on
    /// one board can take.
    pub play: Option<RuleInPlay<W>>,
}

/// The two games a rule was searched for in, and what was found.
pub struct RuleInPlay<W: Width = Narrow> {
    /// The game with the option as in A.
    pub first: Game<W>,
    /// The same game with the option as in B.
    pub second: Game<W>,
    /// How the two are named: `modiar` and `modiar with `capture chain
    /// forward``, or on B's board `koumma with `capture chain backward`` and
    /// `koumma`.
    pub names: (String, String),
    /// What was found.
    pub search: PlaySearch<W>,
}

/// Searches breadth-first, then by random games when that finds nothing.
pub fn search<W: Width>(pair: &Pair<'_, W>, limits: &Limits) -> PlaySearch<W> {
    let (found, searched) = pair.search(limits.max_plies, limits.max_positions);
    let found = match found {
        Some(found) => Some((found, Method::BreadthFirst)),
        None if searched.exhausted => None,
        None => pair
            .playouts(limits.playouts, limits.playout_plies, limits.seed)
            .map(|found| (found, Method::Playout)),
    };
    PlaySearch { found, searched }
}

/// Every rule that differs between `a` and `b` (named `names`), each
/// searched for in play: on A's board, A against A with only that option as
/// in B; when that shows nothing, on B's board, B with only that option as in
/// A against B (an option may matter only on one of the boards, e.g. an
/// extra turn in the store of a board that has stores).
pub fn rules_in_play<W: Width>(
    a: &Game<W>,
    b: &Game<W>,
    names: (&str, &str),
    limits: &Limits,
) -> Vec<ShownRule<W>> {
    let from_b = rule_differences(b.rules(), a.rules());
    rule_differences(a.rules(), b.rules())
        .into_iter()
        .map(|rule| {
            let on_b = from_b
                .iter()
                .find(|d| d.option == rule.option)
                .and_then(|d| d.changed.clone());
            let play = rule.changed.clone().map(|changed| {
                let label = |name: &str, value: &str| {
                    format!("{name} with `{} {}`", rule.option, value_shown(value))
                };
                let on_a = RuleInPlay::search(
                    Game::with_width(a.rules().clone()),
                    Game::with_width(changed),
                    (names.0.to_string(), label(names.0, &rule.b)),
                    limits,
                );
                match on_b {
                    Some(changed) if on_a.search.found.is_none() => {
                        let on_b = RuleInPlay::search(
                            Game::with_width(changed),
                            Game::with_width(b.rules().clone()),
                            (label(names.1, &rule.a), names.1.to_string()),
                            limits,
                        );
                        if on_b.search.found.is_some() {
                            on_b
                        } else {
                            on_a
                        }
                    }
                    _ => on_a,
                }
            });
            ShownRule { rule, play }
        })
        .collect()
}

impl<W: Width> RuleInPlay<W> {
    fn search(first: Game<W>, second: Game<W>, names: (String, String), limits: &Limits) -> Self {
        let search = search(
            &Pair {
                a: &first,
                b: &second,
            },
            limits,
        );
        RuleInPlay {
            first,
            second,
            names,
            search,
        }
    }

    /// The pair of games searched.
    pub fn pair(&self) -> Pair<'_, W> {
        Pair {
            a: &self.first,
            b: &self.second,
        }
    }
}

/// Whether A and B can be played on the same board.
pub fn comparable<W: Width>(a: &Game<W>, b: &Game<W>) -> bool {
    same_board(a.rules(), b.rules())
}
