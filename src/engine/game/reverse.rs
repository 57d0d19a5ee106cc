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
use crate::rules::ReverseWhen;

impl<W: Width> Game<W> {
    /// Whether `mv` sows against its pit's own direction: a reverse move.
    #[inline]
    pub(in crate::engine) fn is_reverse(&self, mv: Move) -> bool {
        !(self.pit_direction(usize::from(mv.pit)).allowed()).contains(&mv.direction)
    }

    /// Keeps, among the played moves `out` of `pos`, the reverse moves
    /// `reverse_when` lets be played (and every move in its pit's own
    /// direction).
    #[cold]
    pub(super) fn keep_capturing_reverses(&self, pos: &Position<W>, out: &mut Successors<W>) {
        match self.rules.sowing.reverse_when {
            ReverseWhen::Captures => {
                out.retain_indexed(|_, s| !self.is_reverse(s.mv) || s.effect.captured > 0);
            }
            ReverseWhen::FirstLapFacesBoth => {
                out.retain_indexed(|_, s| {
                    !self.is_reverse(s.mv) || self.first_lap_faces_both(pos, s.mv)
                });
            }
        }
    }

    /// Keeps, among the candidate moves `out` of `pos`, the reverse moves
    /// `reverse_when` lets be played: those that capture when played, or
    /// whose first lap faces two occupied pits (and every move in its
    /// pit's own direction).
    #[cold]
    pub(in crate::engine) fn keep_capturing_reverse_moves(
        &self,
        pos: &Position<W>,
        out: &mut Moves<W>,
    ) {
        match self.rules.sowing.reverse_when {
            ReverseWhen::Captures => {
                let capture = self.may_capture(pos);
                out.retain_indexed(|_, &mv| {
                    !self.is_reverse(mv) || self.sow(pos, mv, capture).1.captured > 0
                });
            }
            ReverseWhen::FirstLapFacesBoth => {
                out.retain_indexed(|_, &mv| {
                    !self.is_reverse(mv) || self.first_lap_faces_both(pos, mv)
                });
            }
        }
    }

    /// `reverse_when first_lap_faces_both`: whether the first lap of `mv`
    /// would end in a pit of the mover's inner row whose facing pit and
    /// the pit behind it both hold stones in `pos`, before anything is
    /// sown (four rows: a lap sows the mover's own pits only, so it
    /// changes neither).
    pub(in crate::engine) fn first_lap_faces_both(&self, pos: &Position<W>, mv: Move) -> bool {
        let pit = usize::from(mv.pit);
        let stones = usize::from(pos.pits[pit]);
        let path = &self.sowing.sow_path[pos.to_move.index()][mv.direction as usize][pit]
            [..self.sowing.path_len];
        if stones == 0 || path.is_empty() {
            return false;
        }
        let landing = usize::from(path[(stones - 1) % path.len()]) % W::SLOTS;
        let topology = self.topology();
        let held = |pit: usize| pos.pits[pit] > 0;
        topology.is_inner(landing)
            && (topology.facing(landing))
                .is_some_and(|facing| held(facing) && topology.behind(facing).is_some_and(held))
    }
}
