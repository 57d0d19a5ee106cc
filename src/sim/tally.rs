//! The raw counts of a batch, from which every statistic is derived. Two
//! tallies add up to the tally of both batches, exactly.

use std::collections::BTreeMap;

use super::{
    batch::{Batch, GameResult},
    stats::Histogram,
};
use crate::engine::{EndReason, Outcome, Player};

/// Counts and sums over the games of a batch (whole numbers only, so adding
/// them up in any grouping gives the same result).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Tally {
    /// Games played.
    pub games: u64,
    /// Games won by the player in each seat, `[south, north]`.
    pub wins: [u64; 2],
    /// Games drawn (equal final scores; ply-capped games are not draws).
    pub draws: u64,
    /// Games per way of ending, in [`EndReason::ALL`] order.
    pub ends: [u64; EndReason::COUNT],
    /// Games won by the agent named first and by the one named second.
    pub agent_wins: [u64; 2],
    /// Games won by the player who moved first.
    pub first_player_wins: u64,
    /// Game lengths in plies.
    pub plies: Histogram,
    /// Stones captured during play (leftovers not included).
    pub captured: u64,
    /// Legal moves summed over every position where a move was chosen.
    pub legal_moves: u64,
    /// Positions where the mover had more than one legal move.
    pub choices: u64,
    /// Games per final score difference, South's score minus North's, over
    /// the games that ended by the rules (not at the ply cap). Kept for plots;
    /// JSON summaries do not carry it, so a tally rebuilt from them has none.
    pub score_diffs: BTreeMap<i32, u64>,
    /// Rounds per match, for a variant with rounds (empty otherwise).
    pub rounds: Histogram,
}

impl Tally {
    /// Counts one game of `batch`; `first` is the player who moves first.
    pub fn add(&mut self, batch: &Batch, first: Player, game: &GameResult) {
        self.games += 1;
        self.ends[end_index(game.end)] += 1;
        let seat = match game.winner {
            Some(Outcome::South) => Some(Player::South),
            Some(Outcome::North) => Some(Player::North),
            Some(Outcome::Draw) => {
                self.draws += 1;
                None
            }
            None => None,
        };
        if let Some(seat) = seat {
            self.wins[seat.index()] += 1;
            self.first_player_wins += u64::from(seat == first);
            let agent = seat.index() ^ usize::from(batch.swapped(game.index));
            self.agent_wins[agent] += 1;
        }
        self.plies.add(game.plies);
        self.captured += u64::from(game.captured);
        self.legal_moves += game.legal_moves;
        self.choices += u64::from(game.choices);
        if let Some(rounds) = game.rounds {
            self.rounds.add(rounds);
        }
        if game.winner.is_some() {
            let [south, north] = game.scores.map(i32::from);
            *self.score_diffs.entry(south - north).or_default() += 1;
        }
    }

    /// Every count of `self` and `other` added up; `None` when a sum does
    /// not fit (tallies read from edited summaries can hold any number).
    pub fn merged(&self, other: &Tally) -> Option<Tally> {
        let add = |a: u64, b: u64| a.checked_add(b);
        let pair = |a: [u64; 2], b: [u64; 2]| Some([add(a[0], b[0])?, add(a[1], b[1])?]);
        let mut ends = self.ends;
        for (sum, more) in ends.iter_mut().zip(other.ends) {
            *sum = add(*sum, more)?;
        }
        let mut score_diffs = self.score_diffs.clone();
        for (&diff, &count) in &other.score_diffs {
            let sum = score_diffs.entry(diff).or_default();
            *sum = add(*sum, count)?;
        }
        Some(Tally {
            games: add(self.games, other.games)?,
            wins: pair(self.wins, other.wins)?,
            draws: add(self.draws, other.draws)?,
            ends,
            agent_wins: pair(self.agent_wins, other.agent_wins)?,
            first_player_wins: add(self.first_player_wins, other.first_player_wins)?,
            plies: self.plies.merged(&other.plies)?,
            captured: add(self.captured, other.captured)?,
            legal_moves: add(self.legal_moves, other.legal_moves)?,
            choices: add(self.choices, other.choices)?,
            score_diffs,
            rounds: self.rounds.merged(&other.rounds)?,
        })
    }

    /// Games that ended at the ply cap.
    pub fn capped(&self) -> u64 {
        self.ends[end_index(EndReason::PlyCap)]
    }
}

/// The position of `end` in [`EndReason::ALL`].
pub fn end_index(end: EndReason) -> usize {
    EndReason::ALL.iter().position(|&e| e == end).unwrap_or(0)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::agents::AgentSpec;

    fn game(index: u64, scores: [u16; 2], end: EndReason) -> GameResult {
        GameResult {
            index,
            seed: 0,
            plies: 10,
            end,
            scores,
            winner: (end != EndReason::PlyCap).then(|| Outcome::from_scores(scores)),
            captured: 0,
            legal_moves: 0,
            choices: 0,
            moves: Vec::new(),
            relay_cut: false,
            rounds: None,
        }
    }

    /// Score differences are South minus North, over games ended by the
    /// rules; two tallies add up to the tally of all their games, every way
    /// of ending included.
    #[test]
    fn score_differences_and_ends_merge() {
        let batch = Batch {
            agents: [AgentSpec::Random, AgentSpec::Random],
            seed: 1,
            games: 5,
            swap: false,
            max_plies: 10,
            shard: None,
        };
        let games = [
            game(0, [30, 12], EndReason::NoLegalMove),
            game(1, [12, 30], EndReason::RowEmpty),
            game(2, [21, 21], EndReason::AllPitsAtMostOne),
            game(3, [40, 2], EndReason::PlyCap),
            game(4, [30, 12], EndReason::CapturedMajority),
        ];
        let mut all = Tally::default();
        let (mut first, mut second) = (Tally::default(), Tally::default());
        for (i, g) in games.iter().enumerate() {
            all.add(&batch, Player::South, g);
            if i < 2 { &mut first } else { &mut second }.add(&batch, Player::South, g);
        }
        // 30-12 twice: +18; 12-30: -18; 21-21: 0; the capped game is left out.
        let expected: BTreeMap<i32, u64> = [(-18, 1), (0, 1), (18, 2)].into();
        assert_eq!(all.score_diffs, expected);
        let first = first.merged(&second).unwrap();
        assert_eq!(first, all);
        assert_eq!(first.capped(), 1);
        assert_eq!(first.ends[end_index(EndReason::AllPitsAtMostOne)], 1);
    }
}
