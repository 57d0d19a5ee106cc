//! The one list type of the move generator: the legal moves of a position
//! ([`Moves`](super::Moves), moves alone) or the legal moves with their
//! results ([`Successors`](super::Successors)), and, when there is none, why
//! the position is over. The end of a position is carried here and only
//! here, whichever list found it.

use super::{
    outcome::EndReason,
    position::{Move, MAX_PITS},
    width::{Narrow, PitBits, Width},
};

/// Most moves a position of the narrow width can have: two per pit (pits
/// that sow either way), and a player may own every pit but one (`refill
/// surplus`). A board of width `W` has room for two per slot.
pub const MAX_MOVES: usize = 2 * MAX_PITS;

/// A fixed-size list of moves or successors, in successor order (pit order,
/// counter-clockwise first); filling it allocates nothing.
#[derive(Debug, Clone, Copy)]
pub struct MoveList<T: Copy + std::fmt::Debug + Send + Sync + 'static, W: Width = Narrow> {
    len: u8,
    items: W::PerMove<T>,
    /// Why the position is over when an end rule says so before any move is
    /// looked at (an end condition of the rules) or after (the mover had to
    /// feed and could not, and the rules end the game then). `None` while it
    /// goes on, and when it is over only for want of a legal move.
    end: Option<EndReason>,
}

impl<T: Copy + std::fmt::Debug + Send + Sync + 'static, W: Width> MoveList<T, W> {
    /// An empty list whose unused entries hold `blank`.
    pub(super) fn new(blank: T) -> Self {
        MoveList {
            len: 0,
            items: W::per_move_filled(blank),
            end: None,
        }
    }

    /// The entries.
    pub fn as_slice(&self) -> &[T] {
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

    /// Why a position without legal moves is over: the end the rules gave,
    /// or else that the mover has no legal move.
    pub fn end_reason(&self) -> EndReason {
        self.end.unwrap_or(EndReason::NoLegalMove)
    }

    /// The end the rules gave, if any (see [`MoveList::end_reason`]).
    pub(super) fn end(&self) -> Option<EndReason> {
        self.end
    }

    /// Empties the list, the position not over.
    #[inline]
    pub(super) fn clear(&mut self) {
        self.len = 0;
        self.end = None;
    }

    /// Empties the list: the position is over for `reason`.
    pub(super) fn end_with(&mut self, reason: EndReason) {
        self.len = 0;
        self.end = Some(reason);
    }

    /// Appends an entry.
    #[inline]
    pub(super) fn push(&mut self, item: T) {
        self.items[usize::from(self.len)] = item;
        self.len += 1;
    }

    /// Empties the list and fills it with the entries of `items` for which
    /// `keep` holds, in order (each written either way, without a branch;
    /// the length is counted in a register, not in the list).
    #[inline]
    pub(super) fn fill_where(&mut self, items: &[T], keep: impl Fn(&T) -> bool) {
        debug_assert!(items.len() <= 2 * W::SLOTS);
        let mut len = 0;
        for item in items {
            // `len` is at most the index of `item`: below MAX_MOVES (a power
            // of two, so the remainder is a mask and no bound is checked).
            self.items[len % (2 * W::SLOTS)] = *item;
            len += usize::from(keep(item));
        }
        self.clear();
        self.len = len as u8;
    }

    /// Empties the list and fills it with `table[i]` for each bit `i` set in
    /// `bits`, lowest first.
    #[inline]
    pub(super) fn fill_from_bits(&mut self, mut bits: W::Moves, table: &W::PerMove<T>) {
        let mut len = 0;
        while bits != W::Moves::ZERO {
            let slot = bits.trailing_zeros() as usize % (2 * W::SLOTS);
            self.items[len % (2 * W::SLOTS)] = table[slot];
            len += 1;
            bits = bits.without_lowest();
        }
        self.clear();
        self.len = len as u8;
    }

    /// The next free entry, to be written in place and then kept with
    /// [`MoveList::keep_next`] (or overwritten by the next one).
    #[inline]
    pub(super) fn next_slot(&mut self) -> &mut T {
        &mut self.items[usize::from(self.len)]
    }

    /// Keeps the entry written into [`MoveList::next_slot`].
    #[inline]
    pub(super) fn keep_next(&mut self) {
        self.len += 1;
    }

    /// Keeps the entries for which `keep` (given each one's index) holds, in
    /// order; returns how many remain.
    #[inline]
    pub(super) fn retain_indexed(&mut self, mut keep: impl FnMut(usize, &T) -> bool) -> usize {
        let mut kept = 0;
        for i in 0..self.len() {
            if keep(i, &self.items[i]) {
                self.items[kept] = self.items[i];
                kept += 1;
            }
        }
        self.len = kept as u8;
        kept
    }
}

/// The legal moves of a position, in the order of [`Game::successors`]
/// (pit order, counter-clockwise first), without their results, and why the
/// position is over when there is none.
pub type Moves<W = Narrow> = MoveList<Move, W>;

impl<W: Width> Default for Moves<W> {
    fn default() -> Self {
        MoveList::new(Move::PASS)
    }
}

/// What the candidate moves of a position ([`Game::candidate_moves`]) say
/// about its legal moves.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Legality<W: Width = Narrow> {
    /// The candidates are the legal moves (none: the position is over, for
    /// the reason the list gives).
    Exact,
    /// The legal moves are the candidates that are not grand slams; the
    /// candidate at `first_legal` is the first of them (those before it are
    /// grand slams), so the position has one. The others are looked at only
    /// when asked about.
    NoSlams {
        /// Index of the first legal candidate.
        first_legal: u8,
        /// The candidates as a mask of moves ([`Game::candidate_pits`]),
        /// or 0 when they are listed (a mask holds the legal first).
        pits: W::Moves,
    },
    /// The candidates are the moves of this mask of moves
    /// ([`Game::candidate_pits`], [`Game::pit_moves`]), and they are the
    /// legal moves; they are listed only when asked for.
    Pits(W::Moves),
    /// The mover must feed, and the legal moves are the candidates that
    /// feed ([`Game::feeds`]; no grand-slam rule changes or forbids a move);
    /// the candidate at `first_legal` is the first of them (those before it
    /// do not feed), so the position has one. The others are played to see
    /// whether they feed only when asked about.
    Feeding {
        /// Index of the first candidate that feeds.
        first_legal: u8,
    },
    /// The legal moves are not found from the candidates: a feeding
    /// obligation, a pass, or no legal move left by the grand-slam rule.
    /// [`Game::legal_moves_slowly`] lists them.
    Listed,
}
