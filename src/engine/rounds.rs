//! Matches of rounds: when a round (one game under the rules) ends, each
//! player refills their own pits from what they scored, pits they cannot
//! fill are closed, and the next round starts; the match ends when a player
//! cannot fill a single pit. [`Game::after_round`] says what follows a round;
//! [`MatchRun`] plays a whole match on top of [`GameRun`], whose single-game
//! loop is unchanged. A variant without rounds is a match of one round.

use std::ops::ControlFlow;

use super::{
    width::{Narrow, PitBits, Width},
    EndReason, Game, GameRun, Outcome, Player, Position,
};
use crate::rules::{
    FillFrom, FirstFiller, FirstMoves, MatchEnd, NextStart, OddPit, Refill, Remainder, Unfilled,
};

/// What follows a round.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AfterRound<W: Width = Narrow> {
    /// The next round starts from this position.
    Next(Position<W>),
    /// The match is over, with this outcome (a draw only when neither
    /// player can fill a pit, which needs stones out of play).
    MatchOver(Outcome),
}

/// A round that ended, and what followed it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RoundChange<W: Width = Narrow> {
    /// The round that ended, from 1.
    pub round: u32,
    /// Why it ended.
    pub end: EndReason,
    /// Its scores `[south, north]`: what each player refills from.
    pub scores: [u16; 2],
    /// What follows it.
    pub after: AfterRound<W>,
}

impl<W: Width> Game<W> {
    /// Whether the game is a match of rounds (`rounds { refill ... }`).
    pub fn has_rounds(&self) -> bool {
        self.rules().rounds.refill.is_some()
    }

    /// Whether a round after the first starts with its first moves to play
    /// (the `opening` of its start): under `first_moves each_player` only
    /// the match's first round has first moves (South's, then North's), and
    /// so under the opening's choices.
    pub fn later_rounds_open(&self) -> bool {
        self.rules().sowing.first_moves != FirstMoves::EachPlayer
            && self.rules().opening.choices.is_empty()
    }

    /// What follows a round that ended in `pos` for `end` (not a ply cap),
    /// `starter` having moved first in it: the match's result, or the next
    /// round's start. Without rounds, the match is over.
    pub fn after_round(&self, pos: &Position<W>, end: EndReason, starter: Player) -> AfterRound<W> {
        self.after_round_scored(pos, self.final_scores(pos, end), starter)
    }

    /// [`Game::after_round`] of a round whose final scores
    /// ([`Game::final_scores`]) are `scores`.
    fn after_round_scored(
        &self,
        pos: &Position<W>,
        scores: [u16; 2],
        starter: Player,
    ) -> AfterRound<W> {
        let rounds = self.rules().rounds;
        if rounds.refill.is_none() {
            return AfterRound::MatchOver(Outcome::from_scores(scores));
        }
        let seeds = u16::from(self.rules().board.seeds);
        match rounds.match_end {
            MatchEnd::CannotFillOne | MatchEnd::NoStones => {
                let least = match rounds.match_end {
                    MatchEnd::NoStones => u16::from(rounds.match_end_stones.unwrap_or(1)),
                    _ => seeds * u16::from(rounds.match_end_pits.unwrap_or(1)),
                };
                match (scores[0] < least, scores[1] < least) {
                    (true, true) => return AfterRound::MatchOver(Outcome::Draw),
                    (true, false) => return AfterRound::MatchOver(Outcome::North),
                    (false, true) => return AfterRound::MatchOver(Outcome::South),
                    (false, false) => {}
                }
            }
            // Decided once the pits are filled, below.
            MatchEnd::NoPit => {}
        }
        let mut next = Position {
            removed: pos.removed,
            to_move: next_starter(rounds.next_start, scores, starter, pos),
            opening: self.later_rounds_open(),
            ..Position::<W>::EMPTY
        };
        match rounds.refill {
            Some(Refill::Surplus) => match rounds.first_filler {
                FirstFiller::Poorer if rounds.fill_from == FillFrom::Choice => {
                    self.refill_whole_rows(&mut next, scores)
                }
                FirstFiller::Poorer => self.refill_by_surplus(&mut next, scores),
                FirstFiller::ToMove => self.refill_in_turns(&mut next, scores, pos.to_move),
                FirstFiller::Richer => {
                    let richer = match scores[1] > scores[0] {
                        true => Player::North,
                        false => Player::South,
                    };
                    self.refill_in_turns(&mut next, scores, richer)
                }
            },
            _ => self.refill_own_rows(&mut next, scores),
        }
        match rounds.next_start {
            NextStart::TurnOrder | NextStart::TurnOrderFullPits => {
                next.to_move = self.starter_after_turns_of_filling(&next, scores, pos.to_move);
            }
            NextStart::TurnOrderAfterPass => {
                next.to_move =
                    self.starter_after_turns_of_filling(&next, scores, pos.to_move.other());
            }
            _ => {}
        }
        if rounds.fill_from == FillFrom::Choice {
            // The players name the pits they fill (refill moves), the
            // round's starter first.
            let starter = next.to_move;
            self.next_filler(&mut next, starter, starter);
        }
        debug_assert_eq!(next.total_stones(), pos.total_stones(), "stones conserved");
        if rounds.match_end == MatchEnd::NoPit {
            let owns = |player: Player| {
                (0..self.pit_count())
                    .any(|pit| !next.is_closed(pit) && self.owner(&next, pit) == player)
            };
            match (owns(Player::South), owns(Player::North)) {
                (false, false) => return AfterRound::MatchOver(Outcome::Draw),
                (false, true) => return AfterRound::MatchOver(Outcome::North),
                (true, false) => return AfterRound::MatchOver(Outcome::South),
                (true, true) => {}
            }
        }
        AfterRound::Next(next)
    }
}

impl<W: Width> Game<W> {
    /// `next_start turn_order` (and `turn_order_after_pass`, `first`
    /// being the player who did not have the move): who starts the round
    /// refilled in `next`
    /// when the players fill one pit a turn, `first` first, passing once
    /// they have none left, and the round starts with the player to move
    /// after both have passed: `first`, unless `first` fills more pits
    /// than the other (then `first` fills last, and the other starts).
    /// Under `turn_order_full_pits` a turn fills a pit from the filler's
    /// own round score (`scores`), so a pit made up of two remainders adds
    /// no turn.
    fn starter_after_turns_of_filling(
        &self,
        next: &Position<W>,
        scores: [u16; 2],
        first: Player,
    ) -> Player {
        // The pits each player's kept stones fill: under `remainder
        // next_pit`, the stones short of a full pit fill one more.
        let per_pit = u16::from(self.rules().board.seeds);
        let seeds = next.captured.map(|c| match self.rules().rounds.remainder {
            Remainder::NextPit => usize::from(c.div_ceil(per_pit)),
            Remainder::Kept => usize::from(c / per_pit),
        });
        let held = self.pits_holding(next, 1);
        let filled = |player: Player| {
            // The pits `player` owns ([`Game::owner`]): their row, a pit
            // that changed hands the other row's player's.
            let [row, other] = [player, player.other()].map(|p| self.board.row_bits[p.index()]);
            let own = (row & !next.swapped) | (other & next.swapped);
            // A pit is filled when it holds stones (an empty open pit is
            // one its owner could not fill, under `unfilled open`).
            let holding = (own & held).count_ones() as usize;
            // Under `fill_from choice` the closed pits are filled by moves
            // still to come, as many as the stones kept allow.
            let closed = (own & !held & next.closed).count_ones() as usize;
            let chosen = match (self.rules().rounds.fill_from, self.rules().rounds.refill) {
                // Under `refill surplus` every full pit kept is named, in
                // the other's row once the player's own is full.
                (FillFrom::Choice, Some(Refill::Surplus)) => seeds[player.index()],
                (FillFrom::Choice, _) => closed.min(seeds[player.index()]),
                _ => 0,
            };
            let turns = holding + chosen;
            match self.rules().rounds.next_start {
                NextStart::TurnOrderFullPits => {
                    let full = scores[player.index()] / u16::from(self.rules().board.seeds);
                    turns.min(usize::from(full))
                }
                _ => turns,
            }
        };
        if filled(first) > filled(first.other()) {
            first.other()
        } else {
            first
        }
    }

    /// `player`'s row in the order they fill it (`fill_from`).
    fn fill_order(&self, player: Player) -> impl ExactSizeIterator<Item = usize> + Clone {
        self.row_in_order(player, self.rules().rounds.fill_from)
    }

    /// `player`'s row in the order `from` says, without allocating (a
    /// match refills at every round).
    fn row_in_order(
        &self,
        player: Player,
        from: FillFrom,
    ) -> impl ExactSizeIterator<Item = usize> + Clone {
        let row = self.row(player);
        let (first, len) = (row.start, row.len());
        let (len, right) = match from {
            FillFrom::Left => (len, false),
            FillFrom::Right => (len, true),
            // Chosen by refill moves: nothing is filled here.
            FillFrom::Choice => (0, false),
        };
        (0..len).map(move |k| match right {
            true => first + len - 1 - k,
            false => first + k,
        })
    }

    /// `refill captures`: each player fills their own row from `scores`,
    /// `seeds` to a pit; the pits they cannot fill are closed (left empty
    /// and open under `unfilled open`) and what is left over stays theirs. Under `fill_from choice`, a player who
    /// cannot fill their whole row has it closed and their score kept,
    /// to name the pits they fill by refill moves.
    fn refill_own_rows(&self, next: &mut Position<W>, scores: [u16; 2]) {
        let seeds = u16::from(self.rules().board.seeds);
        for player in Player::BOTH {
            let mut left = scores[player.index()];
            let row = self.row(player);
            let whole_row = usize::from(left / seeds) >= row.len();
            let from = match self.rules().rounds.fill_from {
                FillFrom::Choice if whole_row => FillFrom::Left,
                from => from,
            };
            let order = self.row_in_order(player, from);
            for pit in row.filter(|&pit| !order.clone().any(|filled| filled == pit)) {
                next.closed |= W::Set::bit(pit);
            }
            let partly = self.rules().rounds.remainder == Remainder::NextPit;
            let unfilled = self.rules().rounds.unfilled;
            for pit in order {
                if left >= seeds {
                    next.pits[pit] = seeds as u8;
                    left -= seeds;
                } else if partly && left > 0 {
                    // `remainder next_pit`: what is left goes into this pit,
                    // which it opens (or which waits for `seeds` under
                    // `unfilled reopens`).
                    next.pits[pit] = left as u8;
                    left = 0;
                    if unfilled == Unfilled::Reopens {
                        next.closed |= W::Set::bit(pit);
                    }
                } else if unfilled != Unfilled::Open {
                    next.closed |= W::Set::bit(pit);
                }
            }
            next.captured[player.index()] = left;
        }
    }

    /// `refill surplus`: each player is owed a pit for every `seeds` stones
    /// of `scores` and fills their own row first; in the row of the player
    /// owed fewer pits (South's on equal scores) come, after that player's
    /// own, the pit the two remainders make up together (to the larger
    /// remainder, or on equal remainders to that row's player), then the
    /// pits the other player is owed beyond their row. Those pits change
    /// hands; a pit nobody fills is closed (open and empty under
    /// `unfilled open`); remainders stay captured.
    fn refill_by_surplus(&self, next: &mut Position<W>, scores: [u16; 2]) {
        let seeds = u16::from(self.rules().board.seeds);
        let mut owed = scores.map(|s| s / seeds);
        let mut left = scores.map(|s| s % seeds);
        let poorer = if scores[1] < scores[0] {
            Player::North
        } else {
            Player::South
        };
        let richer = poorer.other();
        let fill = |next: &mut Position<W>, pit: usize, player: Player| {
            next.pits[pit] = seeds as u8;
            if self.topology().owner(pit) != player {
                next.swapped |= W::Set::bit(pit);
            }
        };
        let richer_row = self.fill_order(richer);
        for (k, pit) in richer_row.clone().enumerate() {
            if k < usize::from(owed[richer.index()]) {
                fill(next, pit, richer);
            } else {
                next.closed |= W::Set::bit(pit);
            }
        }
        owed[richer.index()] = owed[richer.index()].saturating_sub(richer_row.len() as u16);
        let mut odd = odd_pit_taker(self.rules().rounds.odd_pit, left, seeds, poorer);
        for pit in self.fill_order(poorer) {
            let taker = if owed[poorer.index()] > 0 {
                owed[poorer.index()] -= 1;
                Some(poorer)
            } else if let Some(taker) = odd.take() {
                let given = seeds - left[taker.index()];
                left[taker.index()] = 0;
                left[taker.other().index()] -= given;
                Some(taker)
            } else if owed[richer.index()] > 0 {
                owed[richer.index()] -= 1;
                Some(richer)
            } else {
                None
            };
            match taker {
                Some(player) => fill(next, pit, player),
                // Under `unfilled open` the pit stays its row's player's,
                // empty and in play.
                None if self.rules().rounds.unfilled == Unfilled::Open => {}
                None => next.closed |= W::Set::bit(pit),
            }
        }
        next.captured = left;
    }
}

impl<W: Width> Game<W> {
    /// `refill surplus` under `first_filler to_move` or `richer`: `first`
    /// (the player to move when the round ended, or who scored more) fills the pits they are owed, `seeds`
    /// to a pit, along their own row in `fill_from` order and on into the
    /// other's row in the other's order; then the other fills theirs along
    /// their own order, the pits `first` filled passed over. When the two
    /// remainders make up `seeds` (`odd_pit`), the larger (on equal
    /// remainders, under `larger`, the second filler's) fills one more
    /// pit, the next of its order once its own are filled, topped up from
    /// the other's. A pit filled in the other's row changes hands; a pit
    /// nobody fills is closed (open and empty under `unfilled open`);
    /// remainders stay captured.
    fn refill_in_turns(&self, next: &mut Position<W>, scores: [u16; 2], first: Player) {
        let seeds = u16::from(self.rules().board.seeds);
        let mut owed = scores.map(|s| s / seeds);
        let mut left = scores.map(|s| s % seeds);
        let odd_taker = odd_pit_taker(self.rules().rounds.odd_pit, left, seeds, first.other());
        if let Some(taker) = odd_taker {
            left[taker.other().index()] -= seeds - left[taker.index()];
            left[taker.index()] = 0;
            owed[taker.index()] += 1;
        }
        let mut filled = W::Set::ZERO;
        for player in [first, first.other()] {
            let around = self
                .fill_order(player)
                .chain(self.fill_order(player.other()));
            for pit in around {
                if owed[player.index()] == 0 {
                    break;
                }
                if filled.has(pit) {
                    continue;
                }
                owed[player.index()] -= 1;
                filled |= W::Set::bit(pit);
                next.pits[pit] = seeds as u8;
                if self.topology().owner(pit) != player {
                    next.swapped |= W::Set::bit(pit);
                }
            }
        }
        if self.rules().rounds.unfilled != Unfilled::Open {
            for pit in (0..self.pit_count()).filter(|&pit| !filled.has(pit)) {
                next.closed |= W::Set::bit(pit);
            }
        }
        next.captured = left;
    }
}

/// Who starts the next round, after a round `starter` started that ended
/// in `end` with `scores` (under `turn_order` and
/// `turn_order_after_pass`, the first to
/// fill a pit, until [`Game::starter_after_turns_of_filling`] settles it).
/// Who fills the pit the two remainders `left` (South's, North's) make up
/// under `odd_pit`: `None` when they make up fewer than `seeds` or nobody
/// fills it; `on_equal` on equal remainders where `odd_pit` leaves that to
/// the caller (the pit's row's player, or the second filler).
pub(crate) fn odd_pit_taker(
    odd_pit: OddPit,
    left: [u16; 2],
    seeds: u16,
    on_equal: Player,
) -> Option<Player> {
    match odd_pit {
        _ if left[0] + left[1] < seeds => None,
        OddPit::Nobody => None,
        OddPit::LargerUnequal if left[0] == left[1] => None,
        _ if left[0] > left[1] => Some(Player::South),
        _ if left[1] > left[0] => Some(Player::North),
        OddPit::LargerOrNorth => Some(Player::North),
        _ => Some(on_equal),
    }
}

fn next_starter<W: Width>(
    rule: NextStart,
    scores: [u16; 2],
    starter: Player,
    end: &Position<W>,
) -> Player {
    let to_move = end.to_move;
    let by_score = |winner: bool| match Outcome::from_scores(scores) {
        Outcome::South => {
            if winner {
                Player::South
            } else {
                Player::North
            }
        }
        Outcome::North => {
            if winner {
                Player::North
            } else {
                Player::South
            }
        }
        Outcome::Draw => starter.other(),
    };
    match rule {
        NextStart::Loser => by_score(false),
        NextStart::Winner => by_score(true),
        NextStart::WinnerOrSouth => match Outcome::from_scores(scores) {
            Outcome::Draw => Player::South,
            _ => by_score(true),
        },
        NextStart::Alternate => starter.other(),
        NextStart::TurnOrder | NextStart::TurnOrderFullPits | NextStart::ToMove => to_move,
        NextStart::TurnOrderAfterPass => to_move.other(),
        // A round ends after a move (a pass leaves the other a move), so
        // its last mover is the player to move only after an extra turn.
        NextStart::LastMover if end.moved_again => to_move,
        NextStart::LastMover => to_move.other(),
    }
}

/// A match being played: the current round as a [`GameRun`], the rounds
/// before it, and the match's result once it is over.
#[derive(Debug, Clone)]
pub struct MatchRun<'g, W: Width = Narrow> {
    run: GameRun<'g, W>,
    /// Where the current round started.
    round_start: Position<W>,
    round: u32,
    starter: Player,
    plies_before: u32,
    outcome: Option<Outcome>,
}

impl<'g, W: Width> MatchRun<'g, W> {
    /// A match whose first round starts from `start`.
    pub fn new(game: &'g Game<W>, start: Position<W>) -> Self {
        MatchRun {
            run: GameRun::new(game, start),
            round_start: start,
            round: 1,
            starter: start.to_move,
            plies_before: 0,
            outcome: None,
        }
    }

    /// Starts a new match from `start`, keeping the allocated history (as
    /// [`GameRun::reset`]): the same as a new [`MatchRun`], without
    /// building one.
    pub fn reset(&mut self, start: Position<W>) {
        self.run.reset(start);
        self.round_start = start;
        self.round = 1;
        self.starter = start.to_move;
        self.plies_before = 0;
        self.outcome = None;
    }

    /// The current round (the last one, once the match is over).
    pub fn run(&self) -> &GameRun<'g, W> {
        &self.run
    }

    /// The current round, to play a move in it.
    pub fn run_mut(&mut self) -> &mut GameRun<'g, W> {
        &mut self.run
    }

    /// The number of the current round, from 1.
    pub fn round(&self) -> u32 {
        self.round
    }

    /// Plies played in the whole match.
    pub fn plies(&self) -> u32 {
        self.plies_before + self.run.plies()
    }

    /// The match's outcome once it is over; `None` while it goes on or when
    /// a ply cap stopped it.
    pub fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }

    /// Whether the match is over: decided, or stopped by a ply cap.
    pub fn is_over(&self) -> bool {
        self.outcome.is_some() || self.run.end() == Some(EndReason::PlyCap)
    }

    /// Settles every round that has ended (not at a ply cap): the current
    /// one, and each next round that ends at its start (no legal move
    /// there), until a round goes on or the match is over; says what
    /// happened, in order. Empty while the round goes on or once the match
    /// is over. Every caller that plays moves one by one settles through
    /// this, so that a record, a trace, a replay and a played match agree.
    pub fn finish_rounds(&mut self) -> Vec<RoundChange<W>> {
        std::iter::from_fn(|| self.finish_round()).collect()
    }

    /// When the current round has ended (not at a ply cap): settles it and
    /// starts the next round or ends the match; says what happened.
    /// `None` while the round goes on or once the match is over. The next
    /// round may have ended at its start: [`MatchRun::finish_rounds`]
    /// settles that too.
    fn finish_round(&mut self) -> Option<RoundChange<W>> {
        let end = self.run.end()?;
        if end == EndReason::PlyCap || self.outcome.is_some() {
            return None;
        }
        let pos = *self.run.position();
        let game = self.run.game();
        let scores = game.final_scores(&pos, end);
        let after = match game.after_round_scored(&pos, scores, self.starter) {
            // A round that ended before its first sowing (at its start, or
            // once the players had chosen the pits to refill) changed no
            // stone: the next would start the same way and end at once
            // again, for ever. The match ends, decided by this round's
            // scores.
            AfterRound::Next(_) if self.only_refills_played(&pos) => {
                AfterRound::MatchOver(Outcome::from_scores(scores))
            }
            after => after,
        };
        let change = RoundChange {
            round: self.round,
            end,
            scores,
            after,
        };
        match after {
            AfterRound::Next(start) => {
                self.plies_before += self.run.plies();
                self.run.reset(start);
                self.round_start = start;
                self.round += 1;
                self.starter = start.to_move;
            }
            AfterRound::MatchOver(outcome) => self.outcome = Some(outcome),
        }
        Some(change)
    }

    /// Whether every ply of the current round, which ended in `end`, was a
    /// refill move (none at all included): each takes `seeds` of its
    /// player's captured stones, and no other move ever takes any, so the
    /// stones taken count the refill moves.
    fn only_refills_played(&self, end: &Position<W>) -> bool {
        let seeds = u32::from(self.run.game().rules().board.seeds);
        let kept = |pos: &Position<W>| pos.captured.iter().map(|&c| u32::from(c)).sum::<u32>();
        kept(&self.round_start) == kept(end) + seeds * self.run.plies()
    }

    /// Plays the match on until it is over, or until `cap` plies have been
    /// played in all rounds together (the round is then stopped at a ply
    /// cap). Each ply is `ply(round)`, as in [`GameRun::play_out`]; each
    /// round that ends is passed to `on_round`.
    pub fn play_out<B>(
        &mut self,
        cap: u32,
        mut ply: impl FnMut(&mut GameRun<'g, W>) -> ControlFlow<B>,
        mut on_round: impl FnMut(&RoundChange<W>),
    ) -> ControlFlow<B> {
        while !self.is_over() {
            let left = cap.saturating_sub(self.plies_before);
            self.run.play_out(left, &mut ply)?;
            if let Some(change) = self.finish_round() {
                on_round(&change);
            }
        }
        ControlFlow::Continue(())
    }
}
