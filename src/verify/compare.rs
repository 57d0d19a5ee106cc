//! `sow diff`'s comparison of two variants: the rules first, option by
//! option; then, for each option that differs, a move sequence that shows it
//! in play; and, on the same board, where A and B themselves part ways.

use super::{
    diff::{Found, Pair, Searched},
    rule_diff::{rule_differences, same_board, RuleDifference},
};
use crate::engine::Game;

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
pub struct PlaySearch {
    /// The sequence and how it was found, if any.
    pub found: Option<(Found, Method)>,
    /// How far breadth-first search went.
    pub searched: Searched,
}

/// One rule difference and whether play showed it.
pub struct ShownRule {
    /// The difference in the rules.
    pub rule: RuleDifference,
    /// The game under A with only this option changed (when A's board can
    /// take it), and the play search against A.
    pub play: Option<(Game, PlaySearch)>,
}

/// Searches breadth-first, then by random games when that finds nothing.
pub fn search(pair: &Pair<'_>, limits: &Limits) -> PlaySearch {
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

/// Every rule that differs between `a` and `b`, each searched for in play
/// against `a` with only that rule changed.
pub fn rules_in_play(a: &Game, b: &Game, limits: &Limits) -> Vec<ShownRule> {
    rule_differences(a.rules(), b.rules())
        .into_iter()
        .map(|rule| {
            let play = rule.changed.clone().map(|rules| {
                let changed = Game::new(rules);
                let result = search(&Pair { a, b: &changed }, limits);
                (changed, result)
            });
            ShownRule { rule, play }
        })
        .collect()
}

/// Whether A and B can be played on the same board.
pub fn comparable(a: &Game, b: &Game) -> bool {
    same_board(a.rules(), b.rules())
}
