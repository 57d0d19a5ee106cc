//! The game's first moves (`sow { first_move, first_moves, first_move_from }`,
//! the captures' `first_move no_capture` and `opening { choices }`),
//! compiled: which pits a first move may be played from, whether it
//! captures, whose moves are first moves, and where an opening choice sows.

use super::captures::CaptureRules;
use crate::engine::width::{Narrow, PitBits, Width};
use crate::rules::{FirstMoveKind, FirstMoves, Rules};

/// The opening rules of a variant.
#[derive(Debug, Clone)]
pub(in crate::engine) struct OpeningRules<W: Width = Narrow> {
    /// Per mover: bit `i` set when the game's first move may be played from
    /// pit `i` (`first_move_from`); 0 when any pit may.
    pub(in crate::engine) first_move_pits: [W::Set; 2],
    /// Whether the game's first move captures nothing (a shift, or every
    /// rule says `first_move no_capture`; true without rules).
    pub(in crate::engine) opening_no_capture: bool,
    /// Whether North's first move is a first move too (`first_moves
    /// each_player`).
    pub(in crate::engine) each_player_opening: bool,
    /// Whether a first move is a shift (`first_move shift`): see
    /// `Game::shifts`.
    pub(in crate::engine) shift_opening: bool,
    /// `opening { choices }`: for each pit a first move may be played from,
    /// the pit (plus one) its stones are sown from; 0 for the other pits,
    /// and everywhere without choices: see `Game::plays_choice`.
    pub(in crate::engine) choice_first: W::Array,
    /// Whether first moves are the opening's choices.
    pub(in crate::engine) choice_opening: bool,
}

impl<W: Width> OpeningRules<W> {
    /// The opening rules of `rules` on a board of `per_side` pits a player,
    /// whose captures are compiled as `captures`.
    pub(in crate::engine) fn new(
        rules: &Rules,
        per_side: usize,
        captures: &CaptureRules<W>,
    ) -> OpeningRules<W> {
        let mut south = (rules.sowing.first_move_from.iter()).fold(W::Set::ZERO, |bits, &place| {
            bits | W::Set::bit(usize::from(place) - 1)
        });
        // Each choice, on South's side and on North's (the same places).
        let mut choice_first = W::EMPTY;
        for choice in &rules.opening.choices {
            let (from, first) = (usize::from(choice.from), choice.first + 1);
            south |= W::Set::bit(from);
            choice_first[from] = first;
            choice_first[per_side + from] = first + per_side as u8;
        }
        let choice_opening = !rules.opening.choices.is_empty();
        // A shift captures nothing.
        let shift_opening = rules.sowing.first_move == FirstMoveKind::Shift;
        OpeningRules {
            first_move_pits: [south, south << per_side],
            opening_no_capture: shift_opening
                || choice_opening
                || captures.every_rule_waives_opening,
            each_player_opening: rules.sowing.first_moves == FirstMoves::EachPlayer
                || choice_opening,
            shift_opening,
            choice_first,
            choice_opening,
        }
    }
}
