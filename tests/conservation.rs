//! Property tests over many random games of every shipped variant.

use proptest::{prelude::*, test_runner::TestCaseError};
use sowing::{
    agents::AgentSpec,
    engine::{Game, GameRun, NarrowView, Player},
    rules::{CaptureDestination, Leftovers},
};

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// Stones on the board plus captures stay constant at every ply; a game
    /// that is not over has a legal move; final scores share all the stones
    /// when leftovers go to the row owners.
    #[test]
    fn stones_are_conserved_in_random_games(seed in any::<u64>()) {
        for name in sowing::variants::shipped_names() {
            crate::with_shipped!(name, game => conserves_stones(name, game, seed))?;
        }
    }
}

/// One random game of `game` from `seed`, checked as
/// `stones_are_conserved_in_random_games` says.
fn conserves_stones<W: NarrowView>(
    name: &str,
    game: &Game<W>,
    seed: u64,
) -> Result<(), TestCaseError> {
    let total = game.start().total_stones();
    let mut run = GameRun::new(game, game.start());
    let mut agents = Player::BOTH.map(|p| AgentSpec::Random.build(seed, p));
    while run.end().is_none() && run.plies() < 2000 {
        prop_assert!(!run.successors().is_empty());
        let mover = run.position().to_move;
        let i = agents[mover.index()].choose(&run);
        run.play_index(i);
        prop_assert_eq!(
            run.position().total_stones(),
            total,
            "{} ply {}",
            name,
            run.plies()
        );
    }
    // Some games legitimately outlast the cap in random play (Tsoro,
    // Rab'e: a few in a hundred pass 1,000 plies); the scores are
    // checked on the games that ended.
    let Some(end) = run.end() else {
        return Ok(());
    };
    let scores = run.scores();
    let all_scored = game.scoring(end) == Leftovers::RowOwner
        && game
            .rules()
            .captures
            .iter()
            .all(|c| c.goes_to != CaptureDestination::OutOfPlay);
    if all_scored {
        prop_assert_eq!(u32::from(scores[0] + scores[1]), total);
    } else {
        prop_assert!(u32::from(scores[0] + scores[1]) <= total);
    }
    Ok(())
}
