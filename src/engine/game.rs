//! A variant compiled for play: sowing paths, capture tables and the move
//! generator. Everything that depends only on the rules is worked out once in
//! [`Game::new`]; the move loop reads tables and never allocates.

mod capture;

use std::{fmt, ops::Range};

use capture::CaptureTable;

use super::run::EndReason;
use super::{
    notation::pit_label,
    position::{Move, Player, Position, MAX_PITS, STORE_SLOT},
};
use crate::rules::{
    Direction, EndWhen, ExtraTurn, FeedFallback, FeedWhen, GrandSlam, Laps, Leftovers,
    PitDirection, Restriction, Rules, SowStart, Stores, Take,
};

/// Most moves a position can have: two per pit of the mover's row (pits that
/// sow either way).
const MAX_MOVES: usize = MAX_PITS;

/// Most relay laps one move may sow; the move ends where the last one does.
/// It keeps every move finite: a next-pit relay can cycle for ever (most
/// random games of Boukerourou meet one; `sow check --play` counts them).
pub const MAX_RELAYS: u32 = 1000;

/// What a move did besides moving stones.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Effect {
    /// The pit that got the last stone.
    pub last: u8,
    /// Bit `i` is set when pit `i` was captured.
    pub captured_pits: u32,
    /// Stones captured by this move.
    pub captured: u16,
    /// The move would have captured every stone of the opponent's row, and the
    /// grand-slam rule made it capture nothing instead.
    pub capture_waived: bool,
    /// The relay would have gone on, but the move had sown [`MAX_RELAYS`]
    /// relay laps and was cut there.
    pub relay_cut: bool,
}

/// A legal move and the position it leads to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Successor {
    /// The move.
    pub mv: Move,
    /// The position after it.
    pub position: Position,
    /// What it sowed and captured.
    pub effect: Effect,
}

/// The legal moves of a position with their results, in pit order.
/// Fixed-size: filling it allocates nothing.
#[derive(Debug, Clone)]
pub struct Successors {
    len: usize,
    items: [Successor; MAX_MOVES],
    /// The mover had moves but had to feed and none could: the variant's
    /// feeding fallback ended the game.
    pub feeding_impossible: bool,
    /// An end condition of the rules holds in the position (so it has no
    /// moves), e.g. a player captured more than half of the stones.
    pub end_rule: Option<EndReason>,
}

impl Default for Successors {
    fn default() -> Self {
        let blank = Successor {
            mv: Move::PASS,
            position: Position {
                pits: [0; MAX_PITS],
                captured: [0; 2],
                removed: 0,
                to_move: Player::South,
                opening: false,
            },
            effect: Effect::default(),
        };
        Successors {
            len: 0,
            items: [blank; MAX_MOVES],
            feeding_impossible: false,
            end_rule: None,
        }
    }
}

impl Successors {
    /// The legal moves with their results.
    pub fn as_slice(&self) -> &[Successor] {
        &self.items[..self.len]
    }

    /// Number of legal moves.
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether there is no legal move.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Why a position with no successors is over.
    pub fn end_reason(&self) -> EndReason {
        match (self.end_rule, self.feeding_impossible) {
            (Some(reason), _) => reason,
            (None, true) => EndReason::FeedingImpossible,
            (None, false) => EndReason::NoLegalMove,
        }
    }

    /// The successor reached by `mv`, if `mv` is legal.
    pub fn find(&self, mv: Move) -> Option<&Successor> {
        self.as_slice().iter().find(|s| s.mv == mv)
    }

    fn push(&mut self, mv: Move, position: Position, effect: Effect) {
        self.items[self.len] = Successor {
            mv,
            position,
            effect,
        };
        self.len += 1;
    }

    /// Keeps the successors for which `keep` (given each one's index)
    /// holds; returns how many remain.
    fn retain_indexed(&mut self, mut keep: impl FnMut(usize, &Successor) -> bool) -> usize {
        let mut kept = 0;
        for i in 0..self.len {
            if keep(i, &self.items[i]) {
                self.items[kept] = self.items[i];
                kept += 1;
            }
        }
        self.len = kept;
        kept
    }
}

/// Why a move cannot be played.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Illegal {
    /// The game is over.
    GameOver,
    /// The pit is in the opponent's row.
    NotYourPit {
        /// Label of the pit.
        pit: String,
        /// Its owner.
        owner: Player,
    },
    /// The pit holds fewer stones than a move needs.
    TooFewStones {
        /// Label of the pit.
        pit: String,
        /// Stones in it.
        has: u8,
        /// Stones a pit needs to be played.
        needs: u8,
    },
    /// The move would capture the opponent's whole row.
    GrandSlam {
        /// Label of the pit.
        pit: String,
    },
    /// The mover must feed the opponent and this move does not.
    DoesNotFeed {
        /// Label of the pit.
        pit: String,
    },
    /// The pit does not sow in the direction asked for.
    WrongDirection {
        /// Label of the pit.
        pit: String,
        /// The pit's direction rule.
        rule: PitDirection,
    },
    /// A pass, while the mover has a move.
    CannotPass,
}

impl std::error::Error for Illegal {}

impl fmt::Display for Illegal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Illegal::GameOver => write!(f, "the game is over"),
            Illegal::NotYourPit { pit, owner } => write!(f, "pit `{pit}` belongs to {owner}"),
            Illegal::TooFewStones { pit, has, needs } => write!(
                f,
                "pit `{pit}` holds {has} stone{}; a pit needs at least {needs} to be played",
                if *has == 1 { "" } else { "s" }
            ),
            Illegal::GrandSlam { pit } => write!(
                f,
                "`{pit}` would capture every stone in the opponent's row (grand slam), which is forbidden here"
            ),
            Illegal::DoesNotFeed { pit } => write!(
                f,
                "`{pit}` does not feed the opponent, and a move that does exists"
            ),
            Illegal::WrongDirection { pit, rule } => {
                write!(f, "pit `{pit}` sows {rule} only")
            }
            Illegal::CannotPass => write!(f, "a player may pass only when they cannot move"),
        }
    }
}

/// A variant compiled for play.
#[derive(Debug, Clone)]
pub struct Game {
    rules: Rules,
    per_row: usize,
    pit_count: usize,
    /// `sow_path[mover][direction][origin][k]`: the slot that gets stone `k`
    /// (from 0) sown from `origin` in that direction by `mover` (whose store,
    /// if any, is on the path).
    sow_path: [[[[u8; MAX_PITS]; MAX_PITS]; 2]; 2],
    /// Length of every sowing path before it repeats.
    path_len: usize,
    /// `lap_split[n]`: a sowing of `n` stones as (full laps, stones left
    /// over), i.e. `n / path_len` and `n % path_len`, without dividing.
    lap_split: [(u8, u8); 256],
    /// Per direction, the pit before / after each pit in sowing order.
    before: [[u8; MAX_PITS]; 2],
    after: [[u8; MAX_PITS]; 2],
    /// The capture rules, compiled, in the order they are tried.
    pub(super) capture_rules: Box<[CaptureTable]>,
    /// `capturable[n]`: some rule captures a last pit holding `n` stones
    /// (on some row): the move loop's first, one-lookup test.
    capturable: [bool; 256],
    /// The largest count any rule captures (0 when none does).
    max_capturable: usize,
    /// Whether the game's first move captures nothing (every rule says
    /// `first_move no_capture`; true without rules).
    opening_no_capture: bool,
    /// Per player: bit `i` set when pit `i` is in that player's row.
    row_bits: [u32; 2],
    /// Per player: the bytes of that player's row in [`Position::words`].
    row_bytes: [[u64; 4]; 2],
    /// Whether the rules list end conditions besides `no_legal_move`.
    pub(super) has_end_conditions: bool,
    /// Those end conditions in the order of the rules, as the reason each
    /// gives; the first `end_check_count` are used.
    end_checks: [EndReason; 3],
    end_check_count: usize,
    /// Whether a player who cannot move passes (`neither_can_move`).
    pub(super) passes: bool,
    /// The move restrictions in the order they filter moves.
    restriction_steps: [Restriction; 3],
    /// How each way of ending scores the stones left, by [`EndReason`].
    scoring: [Leftovers; EndReason::COUNT],
    /// Whether the grand-slam rule can make a move illegal
    /// (`forbidden`, `only_move_no_capture`) rather than only change it.
    pub(super) slam_limits_moves: bool,
    /// Whether the grand-slam rule can change how a legal move is played
    /// (`no_capture`, `only_move_no_capture`: the capture is waived), so that
    /// playing a capturing move has to look for a grand slam.
    pub(super) slam_changes_play: bool,
    /// Whether every sowing is one lap and every capture rule takes only
    /// pits that qualify by their count (`take last`): then the counts a sowing leaves
    /// in the opponent's row, worked out from `path_index` without sowing,
    /// can rule out a grand slam (see `Game::may_grand_slam`).
    slam_screen: bool,
    /// `path_index[mover][direction][origin][pit]`: the `k` of
    /// `sow_path[mover][direction][origin][k] == pit` (`u8::MAX` when the pit
    /// is not on the path, as a skipped origin).
    path_index: [[[[u8; MAX_PITS]; MAX_PITS]; 2]; 2],
    /// Copies of rules the move loop reads at every move.
    laps: Laps,
    has_stores: bool,
    extra_turn: bool,
    pub(super) min_stones: u8,
    /// Per pit: the directions a move from it may take.
    directions: [&'static [Direction]; MAX_PITS],
    /// Per mover: every move of their row in successor order (pit order,
    /// each pit in the directions it may sow), first `candidate_count` used.
    pub(super) candidates: [[Move; MAX_PITS]; 2],
    pub(super) candidate_count: [usize; 2],
}

impl Game {
    /// Compiles validated rules.
    pub fn new(rules: Rules) -> Self {
        let per_row = usize::from(rules.board.pits);
        let pit_count = 2 * per_row;
        let step = |i: usize, direction: Direction, forward: bool| -> usize {
            if (direction == Direction::Ccw) == forward {
                (i + 1) % pit_count
            } else {
                (i + pit_count - 1) % pit_count
            }
        };
        let mut before = [[0u8; MAX_PITS]; 2];
        let mut after = [[0u8; MAX_PITS]; 2];
        let stores = rules.board.stores == Stores::Sown;
        let owner = |pit: usize| pit / per_row;
        let mut sow_path = [[[[0u8; MAX_PITS]; MAX_PITS]; 2]; 2];
        let mut path_len = 0;
        for direction in [Direction::Ccw, Direction::Cw] {
            let d = direction as usize;
            for i in 0..pit_count {
                before[d][i] = step(i, direction, false) as u8;
                after[d][i] = step(i, direction, true) as u8;
            }
            for (mover, origin) in (0..2).flat_map(|m| (0..pit_count).map(move |o| (m, o))) {
                // Every slot once, in sowing order from the origin: the pits,
                // and the mover's store where the sowing leaves the mover's row.
                let mut cycle = Vec::with_capacity(MAX_PITS);
                let mut pit = origin;
                for _ in 0..pit_count {
                    cycle.push(pit);
                    let next = step(pit, direction, true);
                    if stores && owner(pit) == mover && owner(next) != mover {
                        cycle.push(STORE_SLOT);
                    }
                    pit = next;
                }
                let path = &mut sow_path[mover][d][origin];
                if rules.sowing.start == SowStart::Next {
                    cycle.rotate_left(1);
                }
                if rules.sowing.skip_origin {
                    cycle.retain(|&slot| slot != origin);
                }
                for (slot, &target) in path.iter_mut().zip(&cycle) {
                    *slot = target as u8;
                }
                path_len = cycle.len();
            }
        }
        let south_bits = (1u32 << per_row) - 1;
        let row_bits = [south_bits, south_bits << per_row];
        let capture_rules: Box<[CaptureTable]> = rules
            .captures
            .iter()
            .map(|rule| CaptureTable::new(rule, row_bits))
            .collect();
        let max_capturable = capture_rules.iter().map(|c| c.max).max().unwrap_or(0);
        let mut capturable = [false; 256];
        for &n in rules.captures.iter().flat_map(|c| &c.counts) {
            capturable[usize::from(n)] = true;
        }
        let opening_no_capture = capture_rules.iter().all(|c| c.opening_no_capture);
        let (laps, min_stones) = (rules.sowing.laps, rules.sowing.min_stones);
        let extra_turn = rules.sowing.extra_turn == ExtraTurn::Store;
        let mut directions: [&'static [Direction]; MAX_PITS] = [&[]; MAX_PITS];
        for (pit, allowed) in directions.iter_mut().enumerate().take(pit_count) {
            *allowed = rules.sowing.direction[pit % per_row].allowed();
        }
        let has_end_conditions = rules
            .end
            .when
            .iter()
            .any(|w| !matches!(w, EndWhen::NoLegalMove | EndWhen::NeitherCanMove));
        let passes = rules.end.when.contains(&EndWhen::NeitherCanMove);
        let mut end_checks = [EndReason::NoLegalMove; 3];
        let mut end_check_count = 0;
        for when in &rules.end.when {
            let reason = match when {
                EndWhen::NoLegalMove | EndWhen::NeitherCanMove => continue,
                EndWhen::CapturedMajority => EndReason::CapturedMajority,
                EndWhen::RowEmpty => EndReason::RowEmpty,
                EndWhen::AllPitsAtMostOne => EndReason::AllPitsAtMostOne,
            };
            if !end_checks[..end_check_count].contains(&reason) {
                end_checks[end_check_count] = reason;
                end_check_count += 1;
            }
        }
        let slam_matters = rules.grand_slam != GrandSlam::Allowed && rules.has_captures();
        let slam_changes_play = slam_matters && rules.grand_slam != GrandSlam::Forbidden;
        let slam_limits_moves = slam_matters
            && matches!(
                rules.grand_slam,
                GrandSlam::Forbidden | GrandSlam::OnlyMoveNoCapture
            );
        let mut candidates = [[Move::PASS; MAX_PITS]; 2];
        let mut candidate_count = [0; 2];
        for mover in Player::BOTH {
            let m = mover.index();
            let row = directions
                .iter()
                .enumerate()
                .skip(m * per_row)
                .take(per_row);
            for (pit, allowed) in row {
                for &direction in *allowed {
                    candidates[m][candidate_count[m]] = Move {
                        pit: pit as u8,
                        direction,
                    };
                    candidate_count[m] += 1;
                }
            }
        }
        let row_bytes = row_bits.map(|bits| {
            let mut words = [0u64; 4];
            for pit in (0..MAX_PITS).filter(|&pit| bits >> pit & 1 == 1) {
                words[pit / 8] |= 0xFF << (8 * (pit % 8));
            }
            words
        });
        let lap_split = std::array::from_fn(|n| ((n / path_len) as u8, (n % path_len) as u8));
        let slam_screen =
            rules.sowing.laps == Laps::Single && capture_rules.iter().all(|c| c.take == Take::Last);
        let mut path_index = [[[[u8::MAX; MAX_PITS]; MAX_PITS]; 2]; 2];
        for (indices, paths) in path_index
            .iter_mut()
            .flatten()
            .zip(sow_path.iter().flatten())
        {
            for (index, path) in indices.iter_mut().zip(paths) {
                for (k, &slot) in path[..path_len].iter().enumerate() {
                    index[usize::from(slot)] = k as u8;
                }
            }
        }
        let restriction_steps = rules.restrictions.0;
        let scoring = EndReason::ALL.map(|reason| {
            let end = &rules.end;
            match reason {
                EndReason::NoLegalMove => end.scoring.no_legal_move,
                EndReason::FeedingImpossible => end.scoring.feeding_impossible,
                EndReason::Repetition => end.repetition_leftovers,
                EndReason::CapturedMajority => end.scoring.captured_majority,
                EndReason::RowEmpty => end.scoring.row_empty,
                EndReason::AllPitsAtMostOne => end.scoring.all_pits_at_most_one,
                // Not an end of the rules (a capped game has no winner):
                // its scores are the captures and `leftovers`, never a draw.
                EndReason::PlyCap if end.leftovers == Leftovers::Draw => Leftovers::Unscored,
                EndReason::PlyCap => end.leftovers,
            }
        });
        Game {
            rules,
            per_row,
            pit_count,
            sow_path,
            path_len,
            lap_split,
            before,
            after,
            capture_rules,
            capturable,
            max_capturable,
            opening_no_capture,
            row_bits,
            row_bytes,
            has_end_conditions,
            end_checks,
            end_check_count,
            passes,
            restriction_steps,
            scoring,
            slam_limits_moves,
            slam_changes_play,
            slam_screen,
            path_index,
            laps,
            has_stores: stores,
            extra_turn,
            min_stones,
            directions,
            candidates,
            candidate_count,
        }
    }

    /// The rules this game was compiled from.
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// How a game that ended for `reason` scores the stones left.
    pub fn scoring(&self, reason: EndReason) -> Leftovers {
        self.scoring[reason as usize]
    }

    /// Pits on the board.
    pub fn pit_count(&self) -> usize {
        self.pit_count
    }

    /// Pits in each row.
    pub fn pits_per_row(&self) -> usize {
        self.per_row
    }

    /// The pits of `player`'s row, as absolute indices.
    pub fn row(&self, player: Player) -> Range<usize> {
        let start = player.index() * self.per_row;
        start..start + self.per_row
    }

    /// The position before the first move.
    pub fn start(&self) -> Position {
        let mut pits = [0u8; MAX_PITS];
        pits[..self.pit_count].fill(self.rules.board.seeds);
        Position {
            pits,
            captured: [0; 2],
            removed: 0,
            to_move: Player::South,
            opening: true,
        }
    }

    /// Label of a pit (`a`, `b`, ... for South, `A`, `B`, ... for North).
    pub fn label(&self, pit: usize) -> String {
        pit_label(pit, self.per_row)
    }

    /// How a move is written: the label of its pit (`a`, `B`, ...), with
    /// `:ccw` or `:cw` where the pit may sow either way, or `pass`.
    pub fn move_label(&self, mv: Move) -> String {
        if mv == Move::PASS {
            return "pass".to_string();
        }
        let pit = usize::from(mv.pit);
        match self.pit_direction(pit) {
            PitDirection::Either => format!("{}:{}", self.label(pit), mv.direction),
            _ => self.label(pit),
        }
    }

    /// Where the stones of `mv` played from `pos` go, one entry per stone in
    /// sowing order: `Some(pit)` for a pit, `None` for the mover's store.
    /// Empty for a pass or an empty pit. For showing a move; legality is not
    /// checked.
    pub fn sowing_path(&self, pos: &Position, mv: Move) -> Vec<Option<usize>> {
        self.sowing_laps(pos, mv)
            .into_iter()
            .flat_map(|(_, lap)| lap)
            .collect()
    }

    /// [`Game::sowing_path`] lap by lap: the pit each lap's stones were
    /// lifted from and where they went (several laps where the rules relay).
    pub fn sowing_laps(&self, pos: &Position, mv: Move) -> Vec<(usize, Vec<Option<usize>>)> {
        if mv == Move::PASS {
            return Vec::new();
        }
        let direction = mv.direction as usize;
        let paths = &self.sow_path[pos.to_move.index()][direction];
        let mut board = *pos;
        let mut origin = usize::from(mv.pit);
        let mut out = Vec::new();
        for relays in 0..=MAX_RELAYS {
            let path = &paths[origin][..self.path_len];
            let stones = usize::from(board.pits[origin]);
            out.push((
                origin,
                path.iter()
                    .cycle()
                    .take(stones)
                    .map(|&slot| (usize::from(slot) != STORE_SLOT).then_some(usize::from(slot)))
                    .collect(),
            ));
            let last = self.sow_lap(&mut board, path, origin);
            match self.relay_from(&board, last, direction, relays) {
                Some(next) => origin = next,
                None => break,
            }
        }
        out
    }

    /// Whether some move of `pos` might be a grand slam, on one look at the
    /// opponent's row: not when the sowing is one lap (so that row only
    /// gains stones), a capture takes only pits holding a capturable count
    /// (`take last`: not the opposite pit, whatever it holds), and one of
    /// that row's pits already holds more than any capturable count (it
    /// cannot be emptied).
    #[inline]
    pub(super) fn slam_possible(&self, pos: &Position) -> bool {
        !self.slam_screen
            || self
                .row(pos.to_move.other())
                .all(|pit| usize::from(pos.pits[pit]) <= self.max_capturable)
    }

    /// The direction rule of a pit (the same for the pit in the same place of
    /// either row, counted from its owner's left).
    pub fn pit_direction(&self, pit: usize) -> PitDirection {
        self.rules.sowing.direction[pit % self.per_row]
    }

    /// Whether `player`'s row holds no stone.
    #[inline]
    fn row_is_empty(&self, pos: &Position, player: Player) -> bool {
        masked(&pos.words(), &self.row_bytes[player.index()]) == 0
    }

    fn can_move(&self, pos: &Position, player: Player) -> bool {
        let min = self.rules.sowing.min_stones;
        pos.pits[self.row(player)].iter().any(|&n| n >= min)
    }

    /// Sows from `pit` and, when `capture` is true, captures; the result is
    /// the position with the other player to move. Legality is not checked.
    fn sow(&self, pos: &Position, mv: Move, capture: bool) -> (Position, Effect) {
        let mut next = *pos;
        let effect = self.sow_in_place(&mut next, mv, capture);
        (next, effect)
    }

    /// [`Game::sow`] on a position in place (the move loop writes straight
    /// into the successor list).
    #[inline]
    pub(super) fn sow_in_place(&self, pos: &mut Position, mv: Move, capture: bool) -> Effect {
        #[cfg(debug_assertions)]
        let total = pos.total_stones();
        let mover = pos.to_move;
        let direction = mv.direction as usize;
        let paths = &self.sow_path[mover.index()][direction];
        let mut origin = usize::from(mv.pit);
        let mut relays = 0;
        let last = loop {
            let last = self.sow_lap(pos, &paths[origin][..self.path_len], origin);
            match self.relay_from(pos, last, direction, relays) {
                Some(next) => origin = next,
                None => break last,
            }
            relays += 1;
        };
        let mut effect = Effect {
            last: last as u8,
            relay_cut: relays == MAX_RELAYS && self.relay_from(pos, last, direction, 0).is_some(),
            ..Effect::default()
        };
        if self.has_stores {
            let in_store = pos.pits[STORE_SLOT];
            pos.pits[STORE_SLOT] = 0;
            pos.captured[mover.index()] += u16::from(in_store);
        }
        let extra_turn = last == STORE_SLOT && self.extra_turn;
        if capture && last != STORE_SLOT {
            self.capture(pos, mover, last, direction, &mut effect);
        }
        if !extra_turn {
            pos.to_move = mover.other();
        }
        pos.opening = false;
        #[cfg(debug_assertions)]
        debug_assert_eq!(pos.total_stones(), total, "stones conserved");
        effect
    }

    /// The pit whose stones a relay lifts after a lap ended in `last`, if the
    /// rules relay here (`relays` laps have been relayed already).
    #[inline]
    fn relay_from(
        &self,
        pos: &Position,
        last: usize,
        direction: usize,
        relays: u32,
    ) -> Option<usize> {
        if self.laps == Laps::Single || last == STORE_SLOT || relays == MAX_RELAYS {
            return None;
        }
        match self.laps {
            Laps::Relay if pos.pits[last] > 1 => Some(last),
            Laps::NextRelay if pos.pits[last] == 1 => {
                let next = usize::from(self.after[direction][last]);
                (pos.pits[next] > 0).then_some(next)
            }
            _ => None,
        }
    }

    /// One lap of the hand: lifts the stones of `origin` and drops them along
    /// `path`; returns the slot that got the last stone.
    #[inline]
    fn sow_lap(&self, pos: &mut Position, path: &[u8], origin: usize) -> usize {
        let stones = usize::from(pos.pits[origin]);
        pos.pits[origin] = 0;
        if stones <= path.len() {
            for &target in &path[..stones] {
                pos.pits[usize::from(target) % MAX_PITS] += 1;
            }
        } else {
            let (laps, rest) = self.lap_split[stones];
            for (k, &target) in path.iter().enumerate() {
                pos.pits[usize::from(target) % MAX_PITS] += laps + u8::from(k < usize::from(rest));
            }
        }
        usize::from(path[self.last_index(stones)])
    }

    /// The index on its path of the slot that gets the last of `stones`.
    #[inline]
    pub(super) fn last_index(&self, stones: usize) -> usize {
        let (laps, rest) = self.lap_split[stones];
        if rest == 0 {
            usize::from(laps.min(1)) * (self.path_len - 1)
        } else {
            usize::from(rest) - 1
        }
    }

    /// Whether a move with this effect, leading to `next`, is a grand slam:
    /// it captured from the opponent's row and left that row empty.
    pub(super) fn is_grand_slam(&self, next: &Position, mover: Player, effect: &Effect) -> bool {
        let opponent = mover.other();
        effect.captured_pits & self.row_bits[opponent.index()] != 0
            && self.row_is_empty(next, opponent)
    }

    /// The first end condition of the rules (besides having no legal move)
    /// that holds in `pos`.
    #[inline]
    pub(super) fn end_condition(&self, pos: &Position) -> Option<EndReason> {
        let words = pos.words();
        let holds = |reason: &EndReason| match reason {
            EndReason::CapturedMajority => {
                let total = pos.total_stones();
                pos.captured.iter().any(|&c| 2 * u32::from(c) > total)
            }
            EndReason::RowEmpty => self.row_bytes.iter().any(|mask| masked(&words, mask) == 0),
            // Every byte 0 or 1 (the unused slots are always 0).
            EndReason::AllPitsAtMostOne => masked(&words, &[0xFEFE_FEFE_FEFE_FEFE; 4]) == 0,
            _ => false,
        };
        self.end_checks[..self.end_check_count]
            .iter()
            .copied()
            .find(holds)
    }

    /// Whether the mover must feed the opponent in `pos`.
    pub(super) fn must_feed(&self, pos: &Position) -> bool {
        let opponent = pos.to_move.other();
        match self.rules.feeding.when {
            FeedWhen::Never => false,
            FeedWhen::RowEmpty => self.row_is_empty(pos, opponent),
            FeedWhen::CannotMove => !self.can_move(pos, opponent),
        }
    }

    /// Whether `next` (after a move) satisfies the feeding obligation.
    fn feeds(&self, next: &Position) -> bool {
        let fed = next.to_move;
        match self.rules.feeding.when {
            FeedWhen::Never => true,
            FeedWhen::RowEmpty => !self.row_is_empty(next, fed),
            FeedWhen::CannotMove => self.can_move(next, fed),
        }
    }

    /// Whether a move from `pos` may capture at all.
    #[inline]
    pub(super) fn may_capture(&self, pos: &Position) -> bool {
        let waived = pos.opening && self.opening_no_capture;
        self.max_capturable > 0 && !waived
    }

    /// Fills `out` with the legal moves of `pos` and their results.
    ///
    /// Order of the rules: the pits holding at least `min_stones` (in each
    /// direction they may sow); then the grand-slam rule; then, when the mover
    /// must feed, only the moves that feed (or the fallback when none does).
    /// Under `neither_can_move`, a player without a move passes while the
    /// opponent has one.
    pub fn successors(&self, pos: &Position, out: &mut Successors) {
        out.len = 0;
        out.feeding_impossible = false;
        out.end_rule = None;
        if self.has_end_conditions {
            if let Some(reason) = self.end_condition(pos) {
                out.end_rule = Some(reason);
                return;
            }
        }
        self.moves(pos, out);
        if out.len == 0 && !out.feeding_impossible && self.passes {
            let mut turned = *pos;
            turned.to_move = pos.to_move.other();
            turned.opening = false;
            let mut replies = Successors::default();
            self.moves(&turned, &mut replies);
            if !replies.is_empty() {
                out.push(Move::PASS, turned, Effect::default());
            }
        }
    }

    /// The legal moves of `pos`, passes aside: every move from a pit holding
    /// at least `min_stones` (with its result: a grand slam under a rule that
    /// plays it without capture is sown without capture), then the
    /// grand-slam and feeding rules in the order of the rules, each keeping
    /// some of the moves the one before allowed.
    fn moves(&self, pos: &Position, out: &mut Successors) {
        let mover = pos.to_move;
        let capture = self.may_capture(pos);
        // Bit `i`: successor `i` is a grand slam.
        let mut slams = 0u32;
        for pit in self.row(mover) {
            if pos.pits[pit] < self.min_stones {
                continue;
            }
            for &direction in self.directions[pit] {
                let mv = Move {
                    pit: pit as u8,
                    direction,
                };
                // Sow straight into the next free slot; it only counts once kept.
                let slot = &mut out.items[out.len];
                slot.mv = mv;
                slot.position = *pos;
                let effect = self.sow_in_place(&mut slot.position, mv, capture);
                slot.effect = effect;
                if effect.captured > 0 && self.is_grand_slam(&slot.position, mover, &effect) {
                    match self.rules.grand_slam {
                        GrandSlam::Allowed => {}
                        GrandSlam::Forbidden => slams |= 1 << out.len,
                        GrandSlam::NoCapture | GrandSlam::OnlyMoveNoCapture => {
                            // When it is played, it is played without capture.
                            slams |= 1 << out.len;
                            let (next, effect) = self.sow(pos, mv, false);
                            out.items[out.len].position = next;
                            out.items[out.len].effect = waived(effect);
                        }
                    }
                }
                out.len += 1;
            }
        }
        for step in self.restriction_steps {
            match step {
                Restriction::GrandSlam => slams = self.drop_slams(out, slams),
                Restriction::Feed => slams = self.keep_feeding(pos, out, slams),
                Restriction::MinStones => {}
            }
        }
    }

    /// The grand-slam rule on the moves `out` holds (`slams`: which are
    /// grand slams); returns the slams left.
    fn drop_slams(&self, out: &mut Successors, slams: u32) -> u32 {
        let drop = match self.rules.grand_slam {
            GrandSlam::Allowed | GrandSlam::NoCapture => false,
            GrandSlam::Forbidden => true,
            // Illegal unless every move left is one.
            GrandSlam::OnlyMoveNoCapture => slams.count_ones() as usize != out.len,
        };
        if drop && slams != 0 {
            out.retain_indexed(|i, _| slams >> i & 1 == 0);
            return 0;
        }
        slams
    }

    /// The feeding rule on the moves `out` holds: when the mover must feed,
    /// only the moves that feed, or the fallback when none does. Returns
    /// which of the moves kept are grand slams.
    fn keep_feeding(&self, pos: &Position, out: &mut Successors, slams: u32) -> u32 {
        if out.len == 0 || !self.must_feed(pos) {
            return slams;
        }
        // One pass: the moves that feed move to the front, in order.
        let (mut kept, mut kept_slams) = (0, 0u32);
        for i in 0..out.len {
            if self.feeds(&out.items[i].position) {
                out.items[kept] = out.items[i];
                kept_slams |= (slams >> i & 1) << kept;
                kept += 1;
            }
        }
        if kept > 0 {
            out.len = kept;
            return kept_slams;
        }
        // None feeds (and none has moved).
        match self.rules.feeding.otherwise {
            FeedFallback::PlayAny => slams,
            FeedFallback::EndGame => {
                out.len = 0;
                out.feeding_impossible = true;
                0
            }
        }
    }

    /// Plays `mv` if it is legal.
    ///
    /// # Errors
    /// Why the move is illegal.
    pub fn play(&self, pos: &Position, mv: Move) -> Result<Successor, Illegal> {
        let mut legal = Successors::default();
        self.successors(pos, &mut legal);
        match legal.find(mv) {
            Some(s) => Ok(*s),
            None => Err(self.why_illegal(pos, mv, &legal)),
        }
    }

    /// Why `mv` is not among the legal moves `legal` of `pos`.
    pub fn why_illegal(&self, pos: &Position, mv: Move, legal: &Successors) -> Illegal {
        if legal.feeding_impossible || legal.end_rule.is_some() || legal.is_empty() {
            return Illegal::GameOver;
        }
        if mv == Move::PASS {
            return Illegal::CannotPass;
        }
        let pit = usize::from(mv.pit);
        let label = self.label(pit);
        if !self.row(pos.to_move).contains(&pit) {
            return Illegal::NotYourPit {
                pit: label,
                owner: pos.to_move.other(),
            };
        }
        let min = self.rules.sowing.min_stones.max(1);
        if pos.pits[pit] < min {
            return Illegal::TooFewStones {
                pit: label,
                has: pos.pits[pit],
                needs: min,
            };
        }
        if !self.pit_direction(pit).allowed().contains(&mv.direction) {
            return Illegal::WrongDirection {
                pit: label,
                rule: self.pit_direction(pit),
            };
        }
        let (next, effect) = self.sow(pos, mv, self.may_capture(pos));
        if self.rules.grand_slam != GrandSlam::Allowed
            && effect.captured > 0
            && self.is_grand_slam(&next, pos.to_move, &effect)
        {
            return Illegal::GrandSlam { pit: label };
        }
        Illegal::DoesNotFeed { pit: label }
    }
}

/// The bits of `words` under `mask`, folded into one word: zero exactly when
/// every masked bit is clear.
#[inline]
fn masked(words: &[u64; 4], mask: &[u64; 4]) -> u64 {
    (words[0] & mask[0]) | (words[1] & mask[1]) | (words[2] & mask[2]) | (words[3] & mask[3])
}

pub(super) fn waived(effect: Effect) -> Effect {
    Effect {
        capture_waived: true,
        ..effect
    }
}
