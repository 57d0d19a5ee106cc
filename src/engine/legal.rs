//! The fast path: which moves are legal, decided without playing them where
//! the rules allow, and a chosen move played in place.
//!
//! [`Game::successors`] plays every move to find the legal ones; a game that
//! only needs one of them (random playouts, the simulator, recorded games)
//! uses [`Game::legal_moves`] and [`Game::apply`] instead. They give the same
//! moves in the same order, and `apply` leaves the same position and effect as
//! the matching successor (`tests/fast_path.rs` checks this move for move on
//! every shipped variant).
//!
//! How legality is decided, rule by rule:
//! - a pit is playable when it holds at least `min_stones` (one comparison per
//!   pit, in every direction the pit may sow) and, on the game's first move,
//!   when `first_move_from` names it;
//! - feeding is looked at only when the opponent may starve (their row is
//!   empty, or they cannot move, as the rule says); then, and when nothing is
//!   playable under a passing rule, the moves come from the full successors;
//! - the grand-slam rule costs nothing when it only changes what a move
//!   captures (`no_capture`): [`Game::apply`] waives the capture. When it can
//!   forbid a move (`forbidden`, `only_move_no_capture`), a playable move is
//!   sown on a scratch copy only when the counts it leaves could let a
//!   capture empty the opponent's row (see [`Game::would_grand_slam`]), and
//!   only in positions where one is possible at all ([`Game::slam_possible`]).

use super::{
    game::{waived, Game, Successors},
    position::{Move, Player, Position, MAX_PITS},
    run::EndReason,
};
use crate::rules::GrandSlam;

/// Most moves a position can have (two directions per pit of a row).
const MAX_MOVES: usize = MAX_PITS;

/// The legal moves of a position, in the order of [`Game::successors`]
/// (pit order, counter-clockwise first), without their results.
#[derive(Debug, Clone, Copy)]
pub struct Moves {
    len: u8,
    items: [Move; MAX_MOVES],
    /// The mover had moves but had to feed and none could: the variant's
    /// feeding fallback ended the game.
    pub feeding_impossible: bool,
    /// An end condition of the rules holds in the position (so it has no
    /// moves).
    pub end_rule: Option<EndReason>,
}

impl Default for Moves {
    fn default() -> Self {
        Moves {
            len: 0,
            items: [Move::PASS; MAX_MOVES],
            feeding_impossible: false,
            end_rule: None,
        }
    }
}

impl Moves {
    /// The legal moves.
    pub fn as_slice(&self) -> &[Move] {
        &self.items[..usize::from(self.len)]
    }

    /// Number of legal moves.
    pub fn len(&self) -> usize {
        usize::from(self.len)
    }

    /// Whether there is no legal move.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Why a position without legal moves is over.
    pub fn end_reason(&self) -> EndReason {
        match (self.end_rule, self.feeding_impossible) {
            (Some(reason), _) => reason,
            (None, true) => EndReason::FeedingImpossible,
            (None, false) => EndReason::NoLegalMove,
        }
    }

    #[inline]
    fn push(&mut self, mv: Move) {
        self.items[usize::from(self.len)] = mv;
        self.len += 1;
    }

    /// The moves (and end flags) of a full successor list.
    fn copy_from(&mut self, successors: &Successors) {
        self.len = 0;
        for s in successors.as_slice() {
            self.push(s.mv);
        }
        self.feeding_impossible = successors.feeding_impossible;
        self.end_rule = successors.end_rule;
    }
}

impl Game {
    /// Fills `out` with the legal moves of `pos`: the moves of
    /// [`Game::successors`], in the same order, mostly without playing them.
    pub fn legal_moves(&self, pos: &Position, out: &mut Moves) {
        out.len = 0;
        out.feeding_impossible = false;
        out.end_rule = None;
        if self.has_end_conditions {
            if let Some(reason) = self.end_condition(pos) {
                out.end_rule = Some(reason);
                return;
            }
        }
        let mover = pos.to_move.index();
        let mut len = 0;
        for &mv in &self.candidates[mover][..self.candidate_count[mover]] {
            out.items[len] = mv;
            len += usize::from(pos.pits[usize::from(mv.pit) % MAX_PITS] >= self.min_stones);
        }
        out.len = len as u8;
        if pos.opening && self.first_move_pits[mover] != 0 {
            self.keep_opening_moves(pos, out);
        }
        if self.first_lap_rule {
            self.keep_first_lap_moves(pos, out);
        }
        let pass_possible = out.is_empty() && self.passes;
        if pass_possible || (!out.is_empty() && self.must_feed(pos)) {
            return self.legal_moves_slowly(pos, out);
        }
        if self.slam_limits_moves && self.may_capture(pos) && self.slam_possible(pos) {
            self.drop_grand_slams(pos, out);
            if out.is_empty() && self.passes {
                self.legal_moves_slowly(pos, out);
            }
        }
    }

    /// `first_move_from`: on the game's first move, only the moves from the
    /// pits it names (once per game, so kept out of the hot path).
    #[cold]
    fn keep_opening_moves(&self, pos: &Position, out: &mut Moves) {
        let opening = self.opening_pits(pos);
        let all = *out;
        out.len = 0;
        for &mv in all.as_slice() {
            if opening >> mv.pit & 1 == 1 {
                out.push(mv);
            }
        }
    }

    /// `first_lap reaches_or_empty`: only the moves whose first lap reaches
    /// the opponent's row or ends in an empty pit of the mover's row.
    fn keep_first_lap_moves(&self, pos: &Position, out: &mut Moves) {
        let all = *out;
        out.len = 0;
        for &mv in all.as_slice() {
            if self.first_lap_allowed(pos, mv) {
                out.push(mv);
            }
        }
    }

    /// The legal moves from the full successor list (rare positions: a
    /// feeding obligation, a possible pass).
    #[cold]
    fn legal_moves_slowly(&self, pos: &Position, out: &mut Moves) {
        let mut successors = Successors::default();
        self.successors(pos, &mut successors);
        out.copy_from(&successors);
    }

    /// Removes the moves the grand-slam rule forbids: every grand slam under
    /// `forbidden`; under `only_move_no_capture`, the grand slams unless
    /// every move is one (they are then played without capturing).
    fn drop_grand_slams(&self, pos: &Position, out: &mut Moves) {
        // Bit `i`: move `i` is a grand slam (the list is filtered in place).
        let slams = out
            .as_slice()
            .iter()
            .enumerate()
            .fold(0u32, |bits, (i, &mv)| {
                bits | u32::from(self.would_grand_slam(pos, mv)) << i
            });
        let every_move = slams.count_ones() as usize == out.len();
        if slams == 0 || (every_move && self.rules().grand_slam == GrandSlam::OnlyMoveNoCapture) {
            return;
        }
        let mut kept = 0;
        for i in 0..out.len() {
            if slams >> i & 1 == 0 {
                out.items[kept] = out.items[i];
                kept += 1;
            }
        }
        out.len = kept as u8;
    }

    /// Plays the legal move `mv` on `pos` in place and says what it did: the
    /// position and effect of the matching [`Game::successors`] entry.
    /// `mv` must be legal (one of [`Game::legal_moves`]); a pass turns the
    /// board over to the opponent.
    #[inline]
    pub fn apply(&self, pos: &mut Position, mv: Move) -> super::Effect {
        if mv == Move::PASS {
            pos.to_move = pos.to_move.other();
            pos.opening = false;
            return super::Effect::default();
        }
        let capture = self.may_capture(pos);
        if !(capture && self.slam_changes_play) {
            return self.sow_in_place(pos, mv, capture);
        }
        let before = *pos;
        let mover: Player = pos.to_move;
        let effect = self.sow_in_place(pos, mv, true);
        if effect.captured > 0 && self.is_grand_slam(pos, mover, &effect) {
            // A legal grand slam is played without its capture (`no_capture`,
            // or `only_move_no_capture` when every move is one).
            *pos = before;
            return waived(self.sow_in_place(pos, mv, false));
        }
        effect
    }
}
