//! The one play-out loop: a game played on from a [`GameRun`]'s position
//! until it ends or reaches a ply cap. `trace`, `simulate`, `bench`, the
//! solver's principal variation and MCTS's random games all play through it;
//! each says only how a ply is chosen and what it keeps of it.

use std::ops::ControlFlow;

use super::{width::Width, GameRun};

impl<'g, W: Width> GameRun<'g, W> {
    /// Plays on until the game ends, or until `cap` plies have been played
    /// in all (then stopped there: [`EndReason::PlyCap`](super::EndReason)).
    /// Each ply is `ply(self)`: it chooses a move and plays it (with
    /// [`GameRun::play_index`] or [`GameRun::play`]), or breaks off the
    /// play-out with a value, which is returned.
    pub fn play_out<B>(
        &mut self,
        cap: u32,
        mut ply: impl FnMut(&mut GameRun<'g, W>) -> ControlFlow<B>,
    ) -> ControlFlow<B> {
        while self.end().is_none() {
            if self.plies() >= cap {
                self.stop_at_cap();
                break;
            }
            ply(self)?;
        }
        ControlFlow::Continue(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{
        engine::{EndReason, Game},
        variants,
    };

    fn modiar() -> Game {
        Game::new(variants::load("modiar").unwrap().rules)
    }

    /// Modiar starts with 7 stones in each of 6 pits: no game ends within
    /// 3 plies, so a cap of 3 stops it there, as a ply cap.
    #[test]
    fn a_play_out_stops_at_its_cap() {
        let game = modiar();
        let mut run = GameRun::new(&game, game.start());
        let mut plies = 0;
        let flow: ControlFlow<()> = run.play_out(3, |run| {
            plies += 1;
            run.play_index(0);
            ControlFlow::Continue(())
        });
        assert_eq!(flow, ControlFlow::Continue(()));
        assert_eq!((plies, run.plies()), (3, 3));
        assert_eq!(run.end(), Some(EndReason::PlyCap));
    }

    #[test]
    fn a_play_out_broken_off_returns_the_value_and_leaves_the_game_going() {
        let game = modiar();
        let mut run = GameRun::new(&game, game.start());
        let flow = run.play_out(100, |run| {
            if run.plies() == 2 {
                return ControlFlow::Break("enough");
            }
            run.play_index(0);
            ControlFlow::Continue(())
        });
        assert_eq!(flow, ControlFlow::Break("enough"));
        assert_eq!((run.plies(), run.end()), (2, None));
    }

    /// A game already over plays no ply, whatever the cap.
    #[test]
    fn a_finished_game_plays_no_ply() {
        let game = modiar();
        let mut run = GameRun::new(&game, game.start());
        run.stop_at_cap();
        let flow: ControlFlow<()> = run.play_out(10, |_| panic!("no ply to play"));
        assert_eq!(flow, ControlFlow::Continue(()));
        assert_eq!(run.plies(), 0);
    }
}
