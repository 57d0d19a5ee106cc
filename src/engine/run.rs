//! A game in progress: the position, the plies played, and the history a
//! repetition rule needs; decides when and how the game ends.

mod draw;

use std::sync::OnceLock;

use super::{
    effect::{Effect, Successor, Successors},
    illegal::Illegal,
    move_list::{Legality, Moves},
    outcome::{EndReason, Outcome},
    position::{Move, Player, Position},
    width::{with_words, Narrow, PitBits, Width},
    Game,
};
use crate::rules::{Leftovers, Repetition, RepetitionTest};

pub use draw::draw_legal;

/// A game being played: applies moves, keeps what the repetition rule needs,
/// and knows when the game is over. Reusable with [`GameRun::reset`], so a
/// batch of games allocates only while its history grows the first time.
///
/// It keeps the legal moves ([`GameRun::moves`], found without playing them
/// where the rules allow) and plays the chosen one in place; the full
/// successor list is worked out only when asked for ([`GameRun::successors`]).
#[derive(Debug, Clone)]
pub struct GameRun<'g, W: Width = Narrow> {
    game: &'g Game<W>,
    position: Position<W>,
    plies: u32,
    /// The candidate moves of `position` ([`Game::candidate_moves`]); the
    /// legal moves when `legality` is [`Legality::Exact`]. Not filled when
    /// it is [`Legality::Pits`].
    candidates: Moves<W>,
    /// How the legal moves follow from the candidates.
    legality: Legality<W>,
    /// The legal moves, when they are not the candidates: listed with the
    /// candidates ([`Legality::Listed`]) or once asked for.
    legal: OnceLock<Moves<W>>,
    /// The successors of `position`, once asked for.
    successors: OnceLock<Successors<W>>,
    /// A successor list reused to list the legal moves of the positions
    /// that need the full successors ([`Legality::Listed`]), rather than a
    /// new one, whose every entry is written, at each such position.
    scratch: Successors<W>,
    end: Option<EndReason>,
    /// Whether the rules end the game on a repeated position.
    tracks_repetition: bool,
    /// Under `repetition_test four_moves_thrice`: a repetition is the same
    /// four-move loop three times over, and `history` holds the boards after
    /// the last [`LOOP_WINDOW`] moves.
    counts_loops: bool,
    /// Boards (with the player to move) seen since the stones on the board
    /// last changed; only kept when the rules end the game on repetition.
    /// Under `four_moves_thrice`, the boards after the last moves since
    /// then, at most [`LOOP_WINDOW`] of them.
    history: Vec<(W::Array, Player)>,
    /// A 1024-bit Bloom filter of `history`: a board whose bit is clear was
    /// not seen, and the list is scanned only on a hit.
    seen: [u64; 16],
    /// Stones off the board when `history` was last cleared.
    off_board: u32,
    /// Under `repetition agree`: the position repeats one of the history,
    /// so its player to move may propose to end the game
    /// ([`Move::PROPOSE`], the last of the moves and of the successors).
    offer: bool,
}

impl<'g, W: Width> GameRun<'g, W> {
    /// A game starting from `start`.
    pub fn new(game: &'g Game<W>, start: Position<W>) -> Self {
        let mut run = GameRun {
            game,
            position: start,
            plies: 0,
            candidates: Moves::default(),
            legality: Legality::Exact,
            legal: OnceLock::new(),
            successors: OnceLock::new(),
            scratch: Successors::default(),
            end: None,
            tracks_repetition: game.rules().end.repetition != Repetition::Ignore,
            counts_loops: game.rules().end.repetition_test == RepetitionTest::FourMovesThrice,
            history: Vec::new(),
            seen: [0; 16],
            off_board: 0,
            offer: false,
        };
        run.reset(start);
        run
    }

    /// Starts again from `start`, keeping the allocated history.
    pub fn reset(&mut self, start: Position<W>) {
        debug_assert!(
            self.game.covers(start.total_stones()),
            "a position enters play through Game::covering"
        );
        self.position = start;
        self.plies = 0;
        self.end = None;
        self.offer = false;
        self.forget_history();
        self.off_board = off_board(&start);
        // A loop is of the boards after moves: the start is none.
        if self.tracks_repetition && !self.counts_loops {
            self.remember();
        }
        if start == self.game.start() {
            let (candidates, legality) = self.game.start_candidates();
            self.settle(candidates, legality);
        } else {
            self.refresh();
        }
    }

    /// The compiled game being played.
    pub fn game(&self) -> &'g Game<W> {
        self.game
    }

    /// The current position.
    pub fn position(&self) -> &Position<W> {
        &self.position
    }

    /// Plies played so far.
    pub fn plies(&self) -> u32 {
        self.plies
    }

    /// The legal moves now (empty when the game is over), in the order of
    /// [`GameRun::successors`].
    pub fn moves(&self) -> &Moves<W> {
        match self.legality {
            Legality::Exact => &self.candidates,
            Legality::Pits(pits) => self.legal.get_or_init(|| {
                let mut legal = Moves::default();
                legal.fill_from_bits(pits, &self.game.move_table.pit_moves);
                legal
            }),
            Legality::NoSlams { first_legal, pits } => self.legal.get_or_init(|| {
                let mut legal = self.candidates;
                if pits != W::Moves::ZERO {
                    legal.fill_from_bits(pits, &self.game.move_table.pit_moves);
                }
                (self.game).drop_slams_after(&self.position, &mut legal, first_legal);
                legal
            }),
            Legality::Feeding { first_legal } => self.legal.get_or_init(|| {
                let mut legal = self.candidates;
                (self.game).keep_feeding_after(&self.position, &mut legal, first_legal);
                legal
            }),
            // Listed as the position was reached ([`GameRun::note_end`]).
            Legality::Listed => self.legal.get_or_init(|| {
                let mut legal = Moves::default();
                let mut successors = Successors::default();
                (self.game).legal_moves_slowly(&self.position, &mut legal, &mut successors);
                legal
            }),
        }
    }

    /// How many legal moves there are now ([`GameRun::moves`]'s length),
    /// without listing them where they are known as a mask of pits.
    pub fn move_count(&self) -> usize {
        match self.legality {
            Legality::Pits(pits) => pits.count_ones() as usize,
            _ => self.moves().len(),
        }
    }

    /// The legal moves now with their results (empty when the game is
    /// over). Worked out on the first call after each move.
    pub fn successors(&self) -> &Successors<W> {
        self.successors.get_or_init(|| {
            let mut successors = Successors::default();
            if !matches!(self.end, Some(EndReason::Repetition | EndReason::PlyCap)) {
                self.game.successors(&self.position, &mut successors);
            }
            if self.offer {
                successors.push(Successor {
                    mv: Move::PROPOSE,
                    position: self.game.after_vote(&self.position, Move::PROPOSE),
                    effect: Effect::default(),
                });
            }
            successors
        })
    }

    /// The boards (with the player to move) that a repetition would repeat:
    /// those seen since the stones on the board last changed, the current one
    /// included. Empty when the rules ignore repetition.
    pub fn history(&self) -> &[(W::Array, Player)] {
        &self.history
    }

    /// Why the game ended, or `None` while it goes on.
    pub fn end(&self) -> Option<EndReason> {
        self.end
    }

    /// Plays the `index`-th legal move (in [`GameRun::moves`] order, the
    /// order of [`GameRun::successors`]) and returns it with its result.
    ///
    /// # Panics
    /// If `index` is not below the number of legal moves.
    #[inline(always)]
    pub fn play_index(&mut self, index: usize) -> Successor<W> {
        let (mv, effect) = self.play_index_in_place(index);
        // Built where the caller reads it: a caller that drops it (`sow
        // bench`) copies no position. (Always inlined, the move played out
        // of line: left to itself the compiler does the reverse for the
        // generic instances, and copies the position back on every ply.)
        Successor {
            mv,
            position: self.position,
            effect,
        }
    }

    /// [`GameRun::play_index`] without building its result: the move
    /// played and what it did.
    #[inline(never)]
    fn play_index_in_place(&mut self, index: usize) -> (Move, Effect<W>) {
        let mv = match self.legality {
            Legality::Pits(pits) => {
                // Not counted first (a count of bits is a dozen and more
                // instructions without `popcnt`): an index at or past the
                // number of legal moves finds no bit, 64, out of the table.
                assert!(index < 2 * W::SLOTS, "no legal move {index}");
                self.game.move_table.pit_moves[nth_bit(pits, index)]
            }
            // The candidates are the legal moves: read in place.
            Legality::Exact => self.candidates.as_slice()[index],
            _ => self.moves().as_slice()[index],
        };
        let effect = self.game.apply(&mut self.position, mv);
        match mv.is_vote() {
            false => self.advance(),
            true => self.after_vote(),
        }
        (mv, effect)
    }

    /// Plays `mv` if it is legal.
    ///
    /// # Errors
    /// Why the move is illegal (including that the game is over).
    pub fn play(&mut self, mv: Move) -> Result<Successor<W>, Illegal> {
        if self.end.is_some() {
            return Err(Illegal::GameOver);
        }
        match self.moves().as_slice().iter().position(|&m| m == mv) {
            Some(index) => Ok(self.play_index(index)),
            None => Err(self.game.why_illegal(&self.position, mv, self.successors())),
        }
    }

    /// Stops the game at a ply cap, unless it is already over.
    pub fn stop_at_cap(&mut self) {
        if self.end.is_none() {
            self.end = Some(EndReason::PlyCap);
            self.no_moves();
        }
    }

    /// Bookkeeping after a vote move (`repetition agree`): the board did not
    /// change, so the history stays as it was, and no proposal is offered
    /// (after `refuse`, the proposer sows).
    #[cold]
    fn after_vote(&mut self) {
        self.plies += 1;
        self.offer = false;
        // A vote is a move of the loop, which leaves the board as it was.
        if self.counts_loops {
            self.remember_in_loop();
        }
        self.refresh();
    }

    /// Bookkeeping after a move was played on `self.position`. Inlined
    /// into the move, with [`GameRun::refresh`]: two calls a ply cost more
    /// than their work on a small board.
    #[inline(always)]
    fn advance(&mut self) {
        self.plies += 1;
        self.offer = false;
        // A move that ended the game in a relay cycle repeats nothing.
        if self.tracks_repetition && !self.position.relay_cycled {
            if self.counts_loops {
                return self.advance_in_loop();
            }
            // Read in place, not copied: the move has just written it.
            let stones = off_board(&self.position);
            if stones != self.off_board {
                self.off_board = stones;
                self.forget_history();
            } else if self.seen_before(&self.position) {
                if self.game.rules().end.repetition == Repetition::Agree {
                    return self.offer_to_end();
                }
                self.end = Some(EndReason::Repetition);
                self.no_moves();
                return;
            }
            self.remember();
        }
        self.refresh();
    }

    /// [`GameRun::advance`] under `repetition_test four_moves_thrice`: the
    /// board joins the last moves' boards (forgotten at a capture, which no
    /// loop spans), and the player to move may propose to end the game when
    /// they go round the same four boards three times.
    #[cold]
    fn advance_in_loop(&mut self) {
        let stones = off_board(&self.position);
        if stones != self.off_board {
            self.off_board = stones;
            self.forget_history();
        }
        self.remember_in_loop();
        if self.history.len() == LOOP_WINDOW
            && (0..LOOP_WINDOW - LOOP_LENGTH)
                .all(|i| self.history[i].0 == self.history[i + LOOP_LENGTH].0)
        {
            return self.offer_to_end();
        }
        self.refresh();
    }

    /// Adds the current board to the last moves' boards, forgetting the
    /// oldest past [`LOOP_WINDOW`].
    fn remember_in_loop(&mut self) {
        if self.history.len() == LOOP_WINDOW {
            self.history.remove(0);
        }
        self.remember();
    }

    /// Under `repetition agree`, at a repeated position: the legal moves,
    /// and `propose` after them when the game goes on.
    #[cold]
    fn offer_to_end(&mut self) {
        self.refresh();
        if self.end.is_none() {
            let mut moves = *self.moves();
            moves.push(Move::PROPOSE);
            self.candidates = moves;
            self.legality = Legality::Exact;
            self.forget_legal();
            self.offer = true;
        }
    }

    fn forget_history(&mut self) {
        self.history.clear();
        self.seen = [0; 16];
    }

    /// Adds the current board to the history.
    fn remember(&mut self) {
        let bit = seen_bit(&self.position);
        self.seen[bit / 64] |= 1 << (bit % 64);
        // Copied word by word: the move wrote the pits in words, and a
        // wider read would wait for those writes to drain.
        let mut pits = W::EMPTY;
        with_words!(false, |K| {
            let words = self.position.words_n::<K>();
            for (chunk, word) in pits.as_mut().chunks_exact_mut(8).zip(words) {
                chunk.copy_from_slice(&word.to_le_bytes());
            }
        });
        self.history.push((pits, self.position.to_move));
    }

    /// Whether the board (and player to move) of `pos` is in the history.
    fn seen_before(&self, pos: &Position<W>) -> bool {
        let bit = seen_bit(pos);
        self.seen[bit / 64] >> (bit % 64) & 1 == 1
            && self
                .history
                .iter()
                .any(|(pits, side)| *side == pos.to_move && *pits == pos.pits)
    }

    /// Finds the moves of the position just reached.
    #[inline(always)]
    fn refresh(&mut self) {
        self.forget_successors();
        match self.game.candidate_pits(&self.position) {
            // A mask of moves, one of them legal: the game goes on.
            Some(legality) => {
                self.forget_legal();
                self.legality = legality;
            }
            None => {
                self.legality = (self.game).candidate_moves(&self.position, &mut self.candidates);
                self.forget_legal_unless_listed();
                self.note_end();
            }
        }
    }

    /// Takes the candidate moves of the current position as already worked
    /// out (those of the game's start, kept by the [`Game`]).
    fn settle(&mut self, candidates: Moves<W>, legality: Legality<W>) {
        self.forget_successors();
        (self.candidates, self.legality) = (candidates, legality);
        self.forget_legal_unless_listed();
        self.note_end();
    }

    /// Ends the game when the position has no legal move (listing the
    /// legal moves of a position that needs the full successors).
    #[inline]
    fn note_end(&mut self) {
        if self.legality == Legality::Listed {
            self.list_slowly();
        }
        let over = match self.legality {
            Legality::Exact => self
                .candidates
                .is_empty()
                .then(|| self.candidates.end_reason()),
            // A legal move was found.
            Legality::NoSlams { .. } | Legality::Feeding { .. } | Legality::Pits(_) => None,
            Legality::Listed => (self.moves().is_empty()).then(|| self.moves().end_reason()),
        };
        if over.is_some() {
            self.end = over;
        }
    }

    /// Lists the legal moves of a position that needs the full successors
    /// ([`Legality::Listed`]), worked out in the reused scratch list, over
    /// the last position's list when there is one (the list of the position
    /// before, left for this: see [`GameRun::forget_legal_unless_listed`]),
    /// which spares the lock's initialisation, a tenth of the instructions
    /// of a ply of Toguz Kumalak outside the successors.
    #[cold]
    fn list_slowly(&mut self) {
        let game = self.game;
        match self.legal.get_mut() {
            Some(legal) => game.legal_moves_slowly(&self.position, legal, &mut self.scratch),
            None => {
                let mut legal = Moves::default();
                game.legal_moves_slowly(&self.position, &mut legal, &mut self.scratch);
                self.legal = OnceLock::from(legal);
            }
        }
    }

    /// Forgets the legal moves of the last position, except when the new
    /// one lists its own ([`Legality::Listed`]: [`GameRun::note_end`] then
    /// writes them over the old list at once).
    fn forget_legal_unless_listed(&mut self) {
        if self.legality != Legality::Listed {
            self.forget_legal();
        }
    }

    /// The game is over for a reason of its history or a cap: no move.
    fn no_moves(&mut self) {
        self.candidates = Moves::default();
        self.legality = Legality::Exact;
        self.forget_legal();
        self.forget_successors();
    }

    fn forget_legal(&mut self) {
        if self.legal.get().is_some() {
            self.legal = OnceLock::new();
        }
    }

    fn forget_successors(&mut self) {
        if self.successors.get().is_some() {
            self.successors = OnceLock::new();
        }
    }

    /// Final scores `[south, north]`: captures plus the leftovers the rules
    /// give. While the game goes on, the captures so far.
    pub fn scores(&self) -> [u16; 2] {
        match self.end {
            None => self.position.captured,
            Some(end) => self.game.final_scores(&self.position, end),
        }
    }

    /// The outcome, once the rules have ended the game. `None` while it goes
    /// on, and for a game a ply cap stopped: the cap is not an end the rules
    /// define, so such a game has no winner.
    pub fn outcome(&self) -> Option<Outcome> {
        match self.end {
            None | Some(EndReason::PlyCap) => None,
            Some(_) => Some(Outcome::from_scores(self.scores())),
        }
    }
}

impl<W: Width> Game<W> {
    /// The final scores `[south, north]` of a game that ended in `pos` for
    /// reason `end`: captures plus the leftovers the rules give for that end.
    /// Searching agents score the end positions of their search tree with it.
    pub fn final_scores(&self, pos: &Position<W>, end: EndReason) -> [u16; 2] {
        let mut scores = pos.captured;
        // The stones of the pits of a mask.
        let stones = |mut pits: W::Set| {
            let mut stones = 0u16;
            while pits != W::Set::ZERO {
                stones += u16::from(pos.pits[pits.trailing_zeros() as usize]);
                pits = pits.without_lowest();
            }
            stones
        };
        // The pits each player owns ([`Game::owner`]): their row, a pit
        // that changed hands the other row's player's.
        let north = self.board.row_bits[Player::North.index()] ^ pos.swapped;
        let owned = |p: Player| match p {
            Player::North => north,
            Player::South => self.board.row_bits[Player::South.index()] ^ pos.swapped,
        };
        // The stones kept in a claimed pit are its owner's whatever the end.
        if pos.claimed != W::Set::ZERO {
            for p in Player::BOTH {
                scores[p.index()] += stones(pos.claimed & owned(p));
            }
        }
        // A player's pits: their row, less and plus the pits that changed
        // hands, less the claimed pits.
        let row = |p: Player| -> u16 {
            match pos.swapped | pos.claimed == W::Set::ZERO {
                true => (self.row(p)).map(|pit| u16::from(pos.pits[pit])).sum(),
                false => stones(owned(p) & !pos.claimed),
            }
        };
        match self.scoring(end) {
            Leftovers::RowOwner => {
                for p in Player::BOTH {
                    scores[p.index()] += row(p);
                }
            }
            Leftovers::BoardSide => {
                for p in Player::BOTH {
                    scores[p.index()] += (self.row(p))
                        .filter(|&pit| !pos.is_claimed(pit))
                        .map(|pit| u16::from(pos.pits[pit]))
                        .sum::<u16>();
                }
            }
            Leftovers::PlayerToMove => {
                scores[pos.to_move.index()] += row(Player::South) + row(Player::North);
            }
            Leftovers::Unscored => {}
            Leftovers::Draw => scores = [0, 0],
            Leftovers::LastMover => {
                // After an extra turn the player to move made the last move.
                let last_mover = match pos.moved_again {
                    true => pos.to_move,
                    false => pos.to_move.other(),
                };
                scores[last_mover.index()] += row(Player::South) + row(Player::North);
            }
            Leftovers::AbleToMove => match Player::BOTH.map(|p| self.can_move(pos, p)) {
                [true, true] => {
                    for p in Player::BOTH {
                        scores[p.index()] += row(p);
                    }
                }
                [false, false] => scores = [0, 0],
                [south, _] => {
                    let taker = if south { Player::South } else { Player::North };
                    scores[taker.index()] += row(Player::South) + row(Player::North);
                }
            },
            Leftovers::Divided => {
                let half = (row(Player::South) + row(Player::North)) / 2;
                scores = scores.map(|s| s + half);
            }
            Leftovers::EmptyRowWins | Leftovers::EmptyRowLoses => {
                let total = pos.total_stones() as u16;
                let win = [total, 0];
                // A game ended by an empty inner row looks at the inner rows.
                let empty = |p: Player| match end {
                    EndReason::InnerRowEmpty => self.inner_row_is_empty(pos, p),
                    _ => row(p) == 0,
                };
                let south_wins = match Player::BOTH.map(empty) {
                    [true, false] => self.scoring(end) == Leftovers::EmptyRowWins,
                    [false, true] => self.scoring(end) == Leftovers::EmptyRowLoses,
                    _ => return [0, 0],
                };
                scores = if south_wins { win } else { [0, total] };
            }
        }
        scores
    }
}

/// The moves of a loop under `repetition_test four_moves_thrice`.
const LOOP_LENGTH: usize = 4;

/// The moves whose boards that test looks at: the loop three times.
const LOOP_WINDOW: usize = 3 * LOOP_LENGTH;

/// The Bloom-filter bit (0..1024) of a board and the player to move.
fn seen_bit<W: Width>(pos: &Position<W>) -> usize {
    let words = with_words!(false, |K| mix(&pos.words_n::<K>()));
    let mixed = words
        .wrapping_add(pos.to_move.index() as u64)
        .wrapping_mul(0x9E37_79B9_7F4A_7C15);
    (mixed >> 54) as usize
}

/// The words of a board folded into one: each word of four rotated its own
/// way (and each four by one bit more than the four before).
#[inline(always)]
fn mix<const K: usize>(words: &[u64; K]) -> u64 {
    const TURNS: [u32; 4] = [0, 17, 31, 47];
    (words.iter().enumerate()).fold(0, |mixed, (k, w)| {
        mixed ^ w.rotate_left(TURNS[k % 4] + (k / 4) as u32)
    })
}

/// Stones off the board (captured or out of play). The total is constant in
/// a game, so the stones on the board change exactly when this does.
fn off_board<W: Width>(pos: &Position<W>) -> u32 {
    u32::from(pos.captured[0]) + u32::from(pos.captured[1]) + u32::from(pos.removed)
}

/// The index of the `k`-th set bit of `bits` (from 0, lowest first); the
/// set's width when there are not that many.
fn nth_bit<M: PitBits>(mut bits: M, k: usize) -> usize {
    for _ in 0..k {
        bits = bits.without_lowest();
    }
    bits.trailing_zeros() as usize
}
