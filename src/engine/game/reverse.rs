//! The reverse moves of `sow { reverse_to_capture N }` (Omweso's clockwise
//! captures from the four left pits): a pit at the left end of the
//! mover's rows may also sow the other way round, and such a move is legal
//! only when it captures. Only rules with the key call into this module
//! (one flag test per position otherwise).

use super::Game;
use crate::engine::effect::Successors;
use crate::engine::move_list::Moves;
use crate::engine::position::{Move, Position};
use crate::engine::width::Width;

impl<W: Width> Game<W> {
    /// Whether `mv` sows against its pit's own direction: a reverse move.
    #[inline]
    pub(in crate::engine) fn is_reverse(&self, mv: Move) -> bool {
        !(self.pit_direction(usize::from(mv.pit)).allowed()).contains(&mv.direction)
    }

    /// Keeps, among the played moves `out` of `pos`, the reverse moves that
    /// captured (and every move in its pit's own direction).
    #[cold]
    pub(super) fn keep_capturing_reverses(&self, out: &mut Successors<W>) {
        out.retain_indexed(|_, s| !self.is_reverse(s.mv) || s.effect.captured > 0);
    }

    /// Keeps, among the candidate moves `out` of `pos`, the reverse moves
    /// that capture when played (and every move in its pit's own
    /// direction).
    #[cold]
    pub(in crate::engine) fn keep_capturing_reverse_moves(
        &self,
        pos: &Position<W>,
        out: &mut Moves<W>,
    ) {
        let capture = self.may_capture(pos);
        out.retain_indexed(|_, &mv| {
            !self.is_reverse(mv) || self.sow(pos, mv, capture).1.captured > 0
        });
    }
}
