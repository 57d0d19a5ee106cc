//! A uniformly random legal move, drawn before its legality is known: the
//! random playouts of `sow bench` ([`GameRun::play_random`]).
//!
//! Where every candidate move of a position is legal (most positions of most
//! variants) the draw is one uniform index, as [`RandomAgent`] draws. Where
//! the grand-slam rule makes some candidates illegal, only the candidate
//! drawn is played, and only if it is not a grand slam: drawn again without
//! it otherwise. Either way the move is uniform over the legal moves, and
//! the draw ([`draw_legal`]) depends only on the candidates, which of them
//! are legal and the random stream, so the full successor list, given the
//! same stream, makes the same choice (`tests/fast_path.rs`).
//!
//! [`RandomAgent`]: crate::agents::RandomAgent

use rand::Rng;

use super::{nth_bit, GameRun};
use crate::engine::{
    effect::Successor,
    move_list::Legality,
    width::{PitBits, Width},
};

/// The random choice among `count` candidates of which `legal(i)` tells the
/// legal ones: a candidate drawn uniformly among those not yet refused,
/// refused when not legal, until one is legal; `None` when none is. Each
/// candidate is asked about at most once. Uniform over the legal
/// candidates; with every candidate legal, the first draw
/// (`rng.random_range(0..count)`) is the choice.
pub fn draw_legal(
    count: usize,
    rng: &mut impl Rng,
    mut legal: impl FnMut(usize) -> bool,
) -> Option<usize> {
    // Bit `i`: candidate `i` not refused yet.
    let mut left: u64 = if count >= 64 {
        u64::MAX
    } else {
        (1 << count) - 1
    };
    while left != 0 {
        let k = rng.random_range(0..left.count_ones() as usize);
        let i = nth_bit(left, k);
        if legal(i) {
            return Some(i);
        }
        left &= !(1 << i);
    }
    None
}

impl<W: Width> GameRun<'_, W> {
    /// Plays a uniformly random legal move, drawn from `rng` with
    /// [`draw_legal`] over the candidate moves (the moves from the pits
    /// holding enough stones, in successor order; when none is legal and the
    /// game goes on, one of the mover's legal moves is drawn: a pass, or
    /// single stones under `singletons`). Returns it with
    /// its result, as [`GameRun::play_index`].
    ///
    /// # Panics
    /// If the game is over.
    #[inline(always)]
    pub fn play_random(&mut self, rng: &mut impl Rng) -> Successor<W> {
        match self.legality {
            Legality::Pits(pits) => {
                // Every candidate legal, one a pit: the first draw is the
                // choice, as among the listed moves.
                let pick = rng.random_range(0..pits.count_ones() as usize);
                self.play_index(pick)
            }
            Legality::Exact => {
                // Every candidate legal: the first draw is the choice.
                let pick = rng.random_range(0..self.candidates.len());
                self.play_index(pick)
            }
            Legality::NoSlams { first_legal, pits } => {
                self.play_screened(rng, first_legal, pits, false)
            }
            Legality::Feeding { first_legal } => {
                self.play_screened(rng, first_legal, W::Moves::ZERO, true)
            }
            Legality::Listed => {
                let legal = self.moves();
                let candidates = self.candidates.as_slice();
                let pick = draw_legal(candidates.len(), rng, |i| {
                    legal.as_slice().contains(&candidates[i])
                });
                // No candidate legal: the moves are a pass or single stones
                // (`singletons`), drawn among themselves.
                let mv = match pick {
                    Some(i) => candidates[i],
                    None => legal.as_slice()[rng.random_range(0..legal.len())],
                };
                let index = legal.as_slice().iter().position(|&m| m == mv);
                self.play_index(index.unwrap_or(0))
            }
        }
    }

    /// [`GameRun::play_random`] where some candidates are illegal and the
    /// one at `first_legal` is the first legal one: the grand slams
    /// ([`Legality::NoSlams`], the candidates given by the mask of moves
    /// `pits`, or listed when it is 0), or, when `feeding`, the moves that
    /// do not feed where the mover must ([`Legality::Feeding`], listed). The
    /// candidate drawn is played on a copy to see whether it is legal, and
    /// the copy is the move if it is.
    #[inline]
    fn play_screened(
        &mut self,
        rng: &mut impl Rng,
        first_legal: u8,
        pits: W::Moves,
        feeding: bool,
    ) -> Successor<W> {
        let first = usize::from(first_legal);
        let game = self.game;
        // The candidates, read in place: from the mask of moves
        // or (no mask) from the list.
        let (count, listed) = match pits == W::Moves::ZERO {
            true => (self.candidates.len(), self.candidates.as_slice()),
            false => (pits.count_ones() as usize, &[][..]),
        };
        let candidate = |i: usize| match pits == W::Moves::ZERO {
            true => listed[i],
            false => game.move_table.pit_moves[nth_bit(pits, i) % (2 * W::SLOTS)],
        };
        // The candidate drawn is played on a copy; if it is legal,
        // the copy is the move.
        let mut played = None;
        let pick = draw_legal(count, rng, |i| {
            if i <= first {
                return i == first;
            }
            let mut next = self.position;
            let effect = match feeding {
                false => game.apply_unless_slam(&mut next, candidate(i)),
                true => game.apply_if_feeds(&mut next, candidate(i)),
            };
            played = effect.map(|effect| (next, effect));
            played.is_some()
        })
        .unwrap_or(first);
        let mv = candidate(pick);
        let effect = match played {
            Some((next, effect)) => {
                self.position = next;
                effect
            }
            None => game.apply(&mut self.position, mv),
        };
        self.advance();
        Successor {
            mv,
            position: self.position,
            effect,
        }
    }
}

#[cfg(test)]
mod tests {
    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;

    use super::*;

    /// Over many draws among 4 candidates of which 1 and 3 are legal, each
    /// legal one is drawn about half the time, an illegal one never, and
    /// each candidate is asked about at most once per draw.
    #[test]
    fn a_draw_is_uniform_over_the_legal_candidates() {
        let mut rng = ChaCha8Rng::seed_from_u64(7);
        let mut drawn = [0u32; 4];
        for _ in 0..20_000 {
            let mut asked = [0u8; 4];
            let pick = draw_legal(4, &mut rng, |i| {
                asked[i] += 1;
                i % 2 == 1
            });
            drawn[pick.unwrap_or(0)] += 1;
            assert!(asked.iter().all(|&n| n <= 1), "{asked:?}");
        }
        assert_eq!((drawn[0], drawn[2]), (0, 0));
        // 10,000 expected each; 5 standard deviations is about 350.
        assert!(drawn[1].abs_diff(10_000) < 350, "{drawn:?}");
        assert_eq!(drawn[1] + drawn[3], 20_000);
    }

    /// With every candidate legal the choice is the first draw; with none,
    /// there is none.
    #[test]
    fn all_legal_is_one_draw_and_none_legal_is_none() {
        let (mut a, mut b) = (ChaCha8Rng::seed_from_u64(1), ChaCha8Rng::seed_from_u64(1));
        for n in 1..10 {
            assert_eq!(draw_legal(n, &mut a, |_| true), Some(b.random_range(0..n)));
        }
        assert_eq!(draw_legal(5, &mut a, |_| false), None);
        assert_eq!(draw_legal(0, &mut a, |_| true), None);
    }
}
