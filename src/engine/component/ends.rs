//! How a game ends (`end { when ... }`), compiled: the conditions tested
//! after each ply (and after each relay lap under `test_after lap`), the order
//! that says which one ended the game when several hold, and how each end
//! scores the stones left (`scoring`, `leftovers`). The conditions are
//! tested on the board by [`Game::end_condition`](crate::engine::Game).

use crate::engine::outcome::EndReason;
use crate::rules::{EndWhen, Laps, Leftovers, Rules};

/// The end rules of a variant.
#[derive(Debug, Clone)]
pub(in crate::engine) struct EndRules {
    /// Whether the rules list end conditions besides `no_legal_move`.
    pub(in crate::engine) has_conditions: bool,
    /// Those end conditions in the order of the rules (a relay cycle first:
    /// it ended the game inside the move), as the reason each gives; the
    /// first `check_count` are used.
    checks: [EndReason; 9],
    check_count: usize,
    /// The same conditions as a set: bit [`EndReason::bit`] of each.
    pub(in crate::engine) tests: u16,
    /// Whether a relay that comes back to a lap state ends the game
    /// (`relay_cycle`, with relay laps).
    pub(in crate::engine) relay_cycle_ends: bool,
    /// Whether the end conditions are also tested after each relay lap
    /// (`test_after lap` or `lap_moves`, with relay laps and a condition a
    /// lap can bring).
    pub(in crate::engine) lap_test: bool,
    /// Whether an empty row is the only condition tested (`row_empty`,
    /// with `no_legal_move` or `neither_can_move`): the test is then one
    /// masked read of the board.
    pub(in crate::engine) rows_alone: bool,
    /// Whether the only condition a lap can bring is an empty row
    /// ([`EndRules::rows_alone`] where no lap tests that neither player
    /// can move): the lap test is then one masked read of the board, the
    /// stores left out (they are in no row).
    pub(in crate::engine) lap_tests_rows_alone: bool,
    /// Whether a lap that leaves neither player a move ends the game
    /// (`neither_can_move` under `test_after lap_moves`).
    pub(in crate::engine) lap_tests_neither_moving: bool,
    /// `stones_left_at_most` and `score_at_least` (when in force).
    pub(in crate::engine) stones_left_at_most: u8,
    pub(in crate::engine) score_at_least: u16,
    /// Whether a player who cannot move passes (`neither_can_move`).
    pub(in crate::engine) passes: bool,
    /// How each way of ending scores the stones left, by [`EndReason`].
    scoring: [Leftovers; EndReason::COUNT],
}

impl EndRules {
    /// The end rules of `rules`.
    pub(in crate::engine) fn new(rules: &Rules) -> EndRules {
        let end = &rules.end;
        let relay_laps = rules.sowing.laps != Laps::Single;
        let mut checks = [EndReason::NoLegalMove; 9];
        let mut check_count = 0;
        let cycle_first = end.when.iter().filter(|w| **w == EndWhen::RelayCycle);
        for when in cycle_first.chain(end.when.iter()) {
            let reason = match when {
                EndWhen::NoLegalMove | EndWhen::NeitherCanMove => continue,
                EndWhen::CapturedMajority => EndReason::CapturedMajority,
                EndWhen::RowEmpty => EndReason::RowEmpty,
                EndWhen::AllPitsAtMostOne => EndReason::AllPitsAtMostOne,
                EndWhen::StonesLeft => EndReason::StonesLeft,
                EndWhen::ScoreReached => EndReason::ScoreReached,
                EndWhen::RelayCycle => EndReason::RelayCycle,
                EndWhen::InnerRowEmpty => EndReason::InnerRowEmpty,
                EndWhen::OwnPitsEmpty => EndReason::OwnPitsEmpty,
                EndWhen::EitherCannotMove => EndReason::EitherCannotMove,
            };
            if !checks[..check_count].contains(&reason) {
                checks[check_count] = reason;
                check_count += 1;
            }
        }
        let scoring = EndReason::ALL.map(|reason| match reason {
            EndReason::NoLegalMove => end.scoring.no_legal_move,
            EndReason::FeedingImpossible => end.scoring.feeding_impossible,
            EndReason::Repetition => end.repetition_leftovers,
            EndReason::CapturedMajority => end.scoring.captured_majority,
            EndReason::RowEmpty => end.scoring.row_empty,
            EndReason::AllPitsAtMostOne => end.scoring.all_pits_at_most_one,
            EndReason::StonesLeft => end.scoring.stones_left,
            EndReason::ScoreReached => end.scoring.score_reached,
            EndReason::RelayCycle => end.scoring.relay_cycle,
            EndReason::InnerRowEmpty => end.scoring.inner_row_empty,
            EndReason::OwnPitsEmpty => end.scoring.own_pits_empty,
            EndReason::EitherCannotMove => end.scoring.either_cannot_move,
            // Not an end of the rules (a capped game has no winner): its
            // scores are the captures and `leftovers`, never a draw or a win.
            EndReason::PlyCap
                if matches!(
                    end.leftovers,
                    Leftovers::Draw | Leftovers::EmptyRowWins | Leftovers::EmptyRowLoses
                ) =>
            {
                Leftovers::Unscored
            }
            EndReason::PlyCap => end.leftovers,
        });
        let tests = checks[..check_count]
            .iter()
            .fold(0, |bits, &reason| bits | reason.bit());
        let lap_tests_neither_moving = relay_laps
            && EndWhen::NeitherCanMove.tested_after_laps(end.test_after)
            && end.when.contains(&EndWhen::NeitherCanMove);
        EndRules {
            has_conditions: end
                .when
                .iter()
                .any(|w| !matches!(w, EndWhen::NoLegalMove | EndWhen::NeitherCanMove)),
            checks,
            check_count,
            tests,
            relay_cycle_ends: relay_laps && end.when.contains(&EndWhen::RelayCycle),
            lap_test: relay_laps && end.when.iter().any(|w| w.tested_after_laps(end.test_after)),
            lap_tests_neither_moving,
            rows_alone: tests == EndReason::RowEmpty.bit(),
            lap_tests_rows_alone: tests == EndReason::RowEmpty.bit() && !lap_tests_neither_moving,
            stones_left_at_most: end.stones_left_at_most.unwrap_or(0),
            score_at_least: end.score_at_least.map_or(u16::MAX, u16::from),
            passes: end.when.contains(&EndWhen::NeitherCanMove),
            scoring,
        }
    }

    /// How an end for `reason` scores the stones left on the board.
    #[inline]
    pub(in crate::engine) fn scoring(&self, reason: EndReason) -> Leftovers {
        self.scoring[reason as usize]
    }

    /// Whether some end gives the stones left to the player who moved last
    /// (`last_mover`), who with extra turns may be the player to move.
    pub(in crate::engine) fn scores_last_mover(&self) -> bool {
        self.scoring.contains(&Leftovers::LastMover)
    }

    /// The end that ended the game, of the conditions in `holds` (bit
    /// [`EndReason::bit`] of each that holds): the first in the rules' order.
    #[inline(always)]
    pub(in crate::engine) fn first_holding(&self, holds: u16) -> Option<EndReason> {
        self.checks[..self.check_count]
            .iter()
            .copied()
            .find(|&reason| holds & reason.bit() != 0)
    }
}
