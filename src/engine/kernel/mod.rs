//! A specialised random-playout kernel for one common rule shape (see
//! [`shape::fits`]): two rows, one lap, a capture at the last pit by a set
//! of counts with a backward chain or the facing pit, grand slams and
//! feeding, the simple ends. A variant whose compiled rules fit is played
//! by a tight loop over its board held as byte lanes of one word, seen from
//! the player to move (their row in the low half, [`lanes`]; a `u64` for
//! rows of at most 4 pits, a `u128` for at most 8, chosen when the kernel is
//! built): a pit drawn by table among the mover's pits holding enough
//! stones, its sowing one table load and one add, the capture read from the
//! lanes, the board turned over to the next player by one rotation, the
//! legality of the move drawn only (played on a copy and drawn again when it
//! is an illegal grand slam), no list of moves. The move loop ([`play`]) is
//! compiled for the whole shape of each shipped variant the kernel takes,
//! and for each combination of a few rules ([`Compiled::flags`]) for the
//! others (reading the rest of their shape on every ply); a variant's loop
//! is chosen when a game starts.
//!
//! It plays exactly the games [`GameRun::play_random`] plays from the same
//! random stream: the same draws (one uniform index among the pits holding
//! enough stones when all are legal, [`draw_legal`] otherwise), the same
//! plies, the same ends (`tests/fast_path.rs` checks it move for move on
//! every shipped and generated variant it takes).
//!
//! [`GameRun::play_random`]: crate::engine::GameRun::play_random

mod chain;
mod draw;
mod history;
mod lanes;
mod play;
mod shape;
mod tables;

use rand::Rng;

use super::{EndReason, Game, Player, Position};
use crate::rules::{
    CaptureSide, Chain, EndWhen, FeedFallback, FeedWhen, FirstMove, GrandSlam, Repetition, Take,
};
use chain::ChainTable;
pub use history::History;
use history::Key;
use lanes::{Lanes, ONES};
use tables::{lane_of, SowingTable, NO_PIT};

/// [`Compiled::flags`]: a repeated position ends the game.
const REPETITION: u32 = 1;
/// [`Compiled::flags`]: grand slams are forbidden (and there is a capture
/// rule).
const SLAMS_FORBIDDEN: u32 = 2;
/// [`Compiled::flags`]: the mover must feed an opponent whose row is empty.
const FEEDS: u32 = 4;
/// [`Compiled::flags`]: a sowing may put stones in the mover's store or
/// give them another move (when not set, the loop reads neither).
const STORES: u32 = 8;
/// The rule flags above: every combination of them has a move loop.
const RULES: u32 = 15;
/// [`Compiled::flags`] of a move loop compiled for the kernel's whole
/// shape (one of the shipped shapes, `on_loop`): the settings below are constants of the
/// loop. Without it, the loop reads them from [`Compiled::flags`].
const SHAPED: u32 = 16;
/// [`Compiled::flags`]: the capture is taken by its [`ChainTable`].
const TABLE: u32 = 32;
/// [`Compiled::flags`]: the table needs both its count tests
/// ([`ChainTable::two_tests`]).
const TWO_TESTS: u32 = 64;
/// [`Compiled::flags`]: the table's capture has no branch
/// ([`ChainTable::branch_free`]).
const BRANCH_FREE: u32 = 128;
/// [`Compiled::flags`]: the table's window is the high half of the word
/// ([`ChainTable::high_half`]).
const HIGH_HALF: u32 = 256;
/// [`Compiled::flags`]: an empty row ends the game.
const ENDS_ROW_EMPTY: u32 = 512;
/// [`Compiled::flags`]: a majority of the stones captured ends the game.
const ENDS_MAJORITY: u32 = 1024;
/// [`Compiled::flags`]: no pit holding more than one stone ends the game.
const ENDS_AT_MOST_ONE: u32 = 2048;
/// [`Compiled::flags`]: a grand slam is played without its capture.
const SLAM_NO_CAPTURE: u32 = 4096;
/// [`Compiled::flags`]: the capture without a table takes the facing pit
/// ([`Capture::opposite`]).
const OPPOSITE: u32 = 8192;
/// [`Compiled::flags`]: ... even when it is empty ([`Capture::even_empty`]).
const EVEN_EMPTY: u32 = 16384;
/// [`Compiled::flags`]: the capture without a table goes on along its chain
/// ([`Capture::chain`]).
const CHAIN: u32 = 32768;
/// [`Compiled::flags`]: a row has at most three pits (on the `u64` word,
/// lane 3 of each half stays empty).
const THREE_PITS: u32 = 65536;

// The shapes of the shipped variants the kernel plays ([`Compiled::flags`]),
// each with its own move loop on its own word (see [`Kernel::play`]); a
// variant of another shape is played by the loop of its rule flags
// ([`RULES`]), reading the rest.
/// Modiar (a `u64`, as the four shapes after it).
const MODIAR: u32 = REPETITION | SLAMS_FORBIDDEN | FEEDS | TABLE | BRANCH_FREE | THREE_PITS;
/// Koumma.
const KOUMMA: u32 = REPETITION | TABLE | BRANCH_FREE | THREE_PITS;
/// Wore.
const WORE: u32 = TABLE | BRANCH_FREE;
/// Bakuk.
const BAKUK: u32 = REPETITION | TABLE | TWO_TESTS | BRANCH_FREE | THREE_PITS;
/// Tihbat.
const TIHBAT: u32 = REPETITION | TABLE | TWO_TESTS | THREE_PITS;
/// Oware (OpenSpiel) (a `u128`, as the shapes after it).
const OWARE: u32 = REPETITION | FEEDS | TABLE | HIGH_HALF | ENDS_MAJORITY | SLAM_NO_CAPTURE;
/// Awari.
const AWARI: u32 = REPETITION | SLAMS_FORBIDDEN | FEEDS | TABLE | HIGH_HALF | ENDS_AT_MOST_ONE;
/// Kalah.
const KALAH: u32 = STORES | ENDS_ROW_EMPTY | OPPOSITE;
/// FairKalah.
const FAIRKALAH: u32 = STORES | ENDS_ROW_EMPTY | OPPOSITE | EVEN_EMPTY;
/// Waurie.
const WAURIE: u32 = STORES | ENDS_ROW_EMPTY;
/// Halusa.
const HALUSA: u32 = REPETITION | FEEDS | TABLE;
/// Unnee tugalluulax.
const UNNEE: u32 = REPETITION | TABLE;
/// Wari (Ashanti), Adidada, Shono.
const WARI: u32 = TABLE | HIGH_HALF;
/// Mangala (Turkey), Mankala, Vai lung thlan.
const MANGALA: u32 = REPETITION | CHAIN;
/// Das Bohnenspiel.
const BOHNENSPIEL: u32 = CHAIN;
/// Kpo, Ntyenge.
const KPO: u32 = 0;

/// The kernel compiled for one variant (see the module's documentation).
#[derive(Debug, Clone)]
pub struct Kernel {
    shaped: Shaped,
}

/// The kernel on the word its board fits in.
#[derive(Debug, Clone)]
enum Shaped {
    /// Rows of at most 4 pits: one `u64`.
    Narrow(Compiled<u64>),
    /// Rows of at most 8 pits: one `u128`.
    Wide(Compiled<u128>),
}

/// The kernel for one word of lanes `W`.
#[derive(Debug, Clone)]
struct Compiled<W> {
    /// Pits in a row.
    per_row: usize,
    /// Stones in play.
    total: u32,
    /// The start.
    start: State<W>,
    /// The rules and settings the move loop is compiled for: the rule
    /// flags [`REPETITION`], [`SLAMS_FORBIDDEN`], [`FEEDS`], [`STORES`],
    /// and the settings [`TABLE`] to [`THREE_PITS`] (constants of the loop when
    /// they make one of the shipped shapes, `on_loop`, else read from here).
    flags: u32,
    /// Sowings, `[pit of the mover's row][stones]`, their last lane
    /// [`NO_PIT`] where the capture rule does not take from it.
    sowings: Box<SowingTable<W>>,
    /// The high bit of the lanes of a row (in a half).
    row_high: u64,
    /// Bit `i` set for lane `i` of the opponent's row.
    opp_lane_bits: u32,
    /// `min_stones` in every byte: pits holding fewer are not played.
    min_stones: u64,
    /// The capture rule ([`Capture::none`] when the rules have none).
    capture: Capture,
    /// What a grand slam does.
    grand_slam: GrandSlam,
    /// The mover must feed an opponent whose row is empty.
    feeds: bool,
    /// When no move feeds: any move may be played (else the game ends).
    feed_play_any: bool,
    /// The end conditions tested before the moves, in the rules' order
    /// (the first `end_count`; each also a flag, [`ENDS_ROW_EMPTY`]...).
    end_order: [EndReason; 3],
    /// How many there are.
    end_count: usize,
    /// A player without a move passes while the opponent has one
    /// (`neither_can_move`).
    passes: bool,
}

/// The capture rule of the shape, on the lanes seen from the mover.
#[derive(Debug, Clone)]
struct Capture {
    /// `capturable[n]`: a pit holding `n` stones is taken.
    capturable: [bool; 256],
    /// Bit `i` set for the lanes the rule takes from.
    lanes: u32,
    /// The chain: `next[lane]` is the lane taken next while it qualifies,
    /// round the board against the sowing or with it.
    next: [u8; 16],
    /// The pits on from the last one are taken while they qualify.
    chain: bool,
    /// `opposite[lane]`: the lane of the facing pit.
    opposite_lane: [u8; 16],
    /// The facing pit is taken with the last one.
    opposite: bool,
    /// ... even when it is empty.
    even_empty: bool,
    /// Nothing is captured on the game's first move.
    not_first_move: bool,
    /// The rule compiled without a branch, where it can be ([`ChainTable`];
    /// [`ChainTable::unused`] where it cannot, the flag [`TABLE`] clear):
    /// not an `Option`, so that the move loop tests nothing to reach it.
    table: ChainTable,
}

impl Capture {
    /// The rule of a variant without captures: it takes from no lane.
    fn none() -> Capture {
        Capture {
            capturable: [false; 256],
            lanes: 0,
            next: [0; 16],
            chain: false,
            opposite_lane: [0; 16],
            opposite: false,
            even_empty: false,
            not_first_move: false,
            table: ChainTable::unused(),
        }
    }
}

/// The state of a game on the kernel, seen from the player to move (so
/// that the move loop holds it in registers).
#[derive(Debug, Clone, Copy)]
struct State<W> {
    /// The board.
    lanes: W,
    /// Stones captured and stored by the player to move, as the sum of
    /// this word's bytes ([`lanes::byte_sum`]): the lanes a capture takes are
    /// added as they are, without summing them in the move loop (no byte
    /// overflows: at most 127 stones).
    own: u64,
    /// Stones captured and stored by the opponent, as `own`.
    opp: u64,
    /// The player to move, as the top bit of the history's keys: 0 for
    /// South, [`Key::NORTH`] for North.
    to_move: W,
}

impl<W: Key> State<W> {
    /// The state seen from the other player.
    #[inline(always)]
    fn turned(&self) -> State<W> {
        State {
            lanes: self.lanes.turned(),
            own: self.opp,
            opp: self.own,
            to_move: self.to_move.other(),
        }
    }
}

/// What one kernel game ended as.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Played {
    /// Plies played.
    pub plies: u32,
    /// Why it ended ([`EndReason::PlyCap`] at the cap).
    pub end: EndReason,
    /// The last position.
    pub board: Board,
}

/// A position of a kernel game, as the general engine's [`Position`] holds
/// it: the pits, the captures (stores included), the player to move.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Board {
    /// The pits, pit `i` at index `i` (unused entries 0).
    pub pits: [u8; 16],
    /// Stones captured (and stored) by South and North.
    pub captured: [u16; 2],
    /// The player to move.
    pub to_move: Player,
}

impl Board {
    /// Whether `pos` holds this board: the same pits, captures and player
    /// to move.
    pub fn same_as(&self, pos: &Position) -> bool {
        pos.pits[..16] == self.pits
            && pos.pits[16..].iter().all(|&n| n == 0)
            && pos.captured == self.captured
            && pos.to_move == self.to_move
    }
}

/// Runs `$run!(KERNEL, FLAGS)` (a macro taking a [`Compiled`] and the
/// constant flags of a move loop) for the move loop of `$kernel`: the loop
/// of its shape when it is one of the shapes listed (each compiled for this
/// word), else the loop of its rule flags.
macro_rules! on_loop {
    ($kernel:ident, $run:ident, $($shape:ident)*) => {{
        $(if $kernel.flags == $shape {
            return $run!($kernel, $shape | SHAPED);
        })*
        match $kernel.flags & RULES {
            0 => $run!($kernel, 0),
            1 => $run!($kernel, 1),
            2 => $run!($kernel, 2),
            3 => $run!($kernel, 3),
            4 => $run!($kernel, 4),
            5 => $run!($kernel, 5),
            6 => $run!($kernel, 6),
            7 => $run!($kernel, 7),
            8 => $run!($kernel, 8),
            9 => $run!($kernel, 9),
            10 => $run!($kernel, 10),
            11 => $run!($kernel, 11),
            12 => $run!($kernel, 12),
            13 => $run!($kernel, 13),
            14 => $run!($kernel, 14),
            _ => $run!($kernel, 15),
        }
    }};
}

/// `on_loop` on a [`Kernel`]'s word, with the shipped shapes of that
/// word.
macro_rules! on_shaped_loop {
    ($shaped:expr, $run:ident) => {
        match $shaped {
            Shaped::Narrow(kernel) => on_loop!(kernel, $run, MODIAR KOUMMA WORE BAKUK TIHBAT),
            Shaped::Wide(kernel) => on_loop!(
                kernel, $run, OWARE AWARI KALAH FAIRKALAH WAURIE HALUSA UNNEE WARI MANGALA BOHNENSPIEL KPO
            ),
        }
    };
}

impl Kernel {
    /// The kernel for `game`, when its rules fit the shape; `None` when they
    /// do not (the variant is played by the general engine).
    pub fn new(game: &Game) -> Option<Kernel> {
        let rules = game.rules();
        // The kernel's board does not record who made the last move.
        if !shape::fits(rules) || game.has_rounds() || game.records_last_mover() {
            return None;
        }
        let shaped = match usize::from(rules.board.pits) <= u64::HALF {
            true => Shaped::Narrow(Compiled::new(game)?),
            false => Shaped::Wide(Compiled::new(game)?),
        };
        Some(Kernel { shaped })
    }

    /// Plays one random game from the start until it ends or reaches `cap`
    /// plies, drawing from `rng` as [`GameRun::play_random`] does;
    /// `each_ply` sees the board after every ply.
    ///
    /// [`GameRun::play_random`]: crate::engine::GameRun::play_random
    pub fn play<R: Rng + Clone>(
        &self,
        rng: &mut R,
        cap: u32,
        history: &mut History,
        each_ply: impl FnMut(&Board),
    ) -> Played {
        macro_rules! play {
            ($kernel:ident, $flags:expr) => {
                $kernel.play_with::<{ $flags }, R>(rng, cap, history, each_ply)
            };
        }
        on_shaped_loop!(&self.shaped, play)
    }

    /// Plays `games` random games as [`Kernel::play`] does, one after
    /// another from the same stream, handing each to `each_game` (the
    /// plies are not seen: a batch for `sow bench`, whose loop is compiled
    /// once for the batch rather than entered for each game).
    pub fn play_games<R: Rng + Clone>(
        &self,
        rng: &mut R,
        cap: u32,
        history: &mut History,
        games: u32,
        mut each_game: impl FnMut(&Played),
    ) {
        macro_rules! play_games {
            ($kernel:ident, $flags:expr) => {
                for _ in 0..games {
                    each_game(&$kernel.play_with::<{ $flags }, R>(rng, cap, history, |_| {}));
                }
            };
        }
        on_shaped_loop!(&self.shaped, play_games)
    }

    /// The last position of a kernel game as a [`Position`] of `game` (for
    /// its final scores).
    pub fn position(&self, game: &Game, board: &Board, plies: u32) -> Position {
        let mut pos = game.start();
        pos.pits[..16].copy_from_slice(&board.pits);
        pos.captured = board.captured;
        pos.to_move = board.to_move;
        pos.opening = plies == 0;
        pos
    }
}

impl<W: Key> Compiled<W> {
    /// The kernel on `W` for `game`, whose rules fit the shape; `None`
    /// when its start or sowings do not.
    fn new(game: &Game) -> Option<Compiled<W>> {
        let rules = game.rules();
        let start = game.start();
        if start.closed | start.swapped | start.claimed != 0 || start.removed != 0 {
            return None;
        }
        let per_row = usize::from(rules.board.pits);
        let pit_count = 2 * per_row;
        let total = start.total_stones();
        let mut sowings = tables::sowings::<W>(game, total as usize)?;
        // Lane `lane` of the board seen from South: its absolute pit.
        let pit_of = |lane: usize| match lane < W::HALF {
            true => lane,
            false => per_row + lane - W::HALF,
        };
        let lane = |pit: usize| lane_of::<W>(per_row, Player::South, pit);
        let lanes_of = |row: std::ops::Range<usize>| row.fold(0u32, |b, p| b | 1 << lane(p));
        let (own_lanes, opp_lanes) = (lanes_of(0..per_row), lanes_of(per_row..pit_count));
        let row_high = (0..per_row).fold(0u64, |h, i| h | 0x80 << (8 * i));
        let cw = tables::direction(rules) == crate::rules::Direction::Cw;
        let capture = rules.captures.first().map(|rule| {
            // Backward is against the sowing: a pit back counter-clockwise.
            let step = match (rule.chain, cw) {
                (Chain::Backward, false) | (Chain::Forward, true) => pit_count - 1,
                _ => 1,
            };
            let opposite = matches!(
                rule.take,
                Take::LastAndOpposite | Take::LastAndOppositeEvenEmpty
            );
            let in_play = |l: usize| l < 2 * W::HALF && l % W::HALF < per_row;
            Capture {
                capturable: std::array::from_fn(|n| rule.captures_count(n)),
                lanes: match rule.side {
                    CaptureSide::Own => own_lanes,
                    CaptureSide::Opponent => opp_lanes,
                    _ => own_lanes | opp_lanes,
                },
                next: std::array::from_fn(|l| match in_play(l) {
                    true => lane((pit_of(l) + step) % pit_count) as u8,
                    false => 0,
                }),
                chain: rule.chain != Chain::None,
                opposite_lane: std::array::from_fn(|l| match in_play(l) {
                    true => lane(pit_count - 1 - pit_of(l)) as u8,
                    false => 0,
                }),
                opposite,
                even_empty: rule.take == Take::LastAndOppositeEvenEmpty,
                not_first_move: rule.first_move == FirstMove::NoCapture,
                table: ChainTable::unused(),
            }
        });
        let mut end_order = [EndReason::NoLegalMove; 3];
        let mut end_count = 0;
        for when in &rules.end.when {
            let end = match when {
                EndWhen::RowEmpty => EndReason::RowEmpty,
                EndWhen::CapturedMajority => EndReason::CapturedMajority,
                EndWhen::AllPitsAtMostOne => EndReason::AllPitsAtMostOne,
                _ => continue,
            };
            if !end_order[..end_count].contains(&end) {
                end_order[end_count] = end;
                end_count += 1;
            }
        }
        let mover = start.to_move;
        let mut start_lanes = [0i64; 16];
        for (pit, &n) in start.pits[..pit_count].iter().enumerate() {
            start_lanes[lane_of::<W>(per_row, mover, pit)] = i64::from(n);
        }
        let slams_forbidden = rules.grand_slam == GrandSlam::Forbidden && capture.is_some();
        let mut capture = capture.unwrap_or_else(Capture::none);
        let mut table = None;
        if capture.lanes != 0 && !capture.opposite {
            table = ChainTable::new(&chain::Rule {
                capturable: &capture.capturable,
                lanes: capture.lanes,
                next: &capture.next,
                chain: capture.chain,
                half: W::HALF,
                opponent_lanes: opp_lanes,
                total,
            });
        }
        let mut stores = false;
        for sowing in sowings.iter_mut().flatten() {
            if sowing.last != NO_PIT && capture.lanes >> sowing.last & 1 == 0 {
                sowing.last = NO_PIT;
            }
            sowing.table_row = ChainTable::row(sowing.last);
            stores |= sowing.store != 0 || sowing.again;
        }
        let repetition = rules.end.repetition == Repetition::EndGame;
        let feeds = rules.feeding.when == FeedWhen::RowEmpty;
        let compiled = table.is_some();
        if let Some(table) = table {
            capture.table = table;
        }
        let table = compiled.then_some(&capture.table);
        let ends = |end: EndReason| end_order[..end_count].contains(&end);
        let flags = [
            (repetition, REPETITION),
            (slams_forbidden, SLAMS_FORBIDDEN),
            (feeds, FEEDS),
            (stores, STORES),
            (table.is_some(), TABLE),
            (table.is_some_and(ChainTable::two_tests), TWO_TESTS),
            (table.is_some_and(ChainTable::branch_free), BRANCH_FREE),
            (table.is_some_and(ChainTable::high_half), HIGH_HALF),
            (ends(EndReason::RowEmpty), ENDS_ROW_EMPTY),
            (ends(EndReason::CapturedMajority), ENDS_MAJORITY),
            (ends(EndReason::AllPitsAtMostOne), ENDS_AT_MOST_ONE),
            (rules.grand_slam == GrandSlam::NoCapture, SLAM_NO_CAPTURE),
            (table.is_none() && capture.opposite, OPPOSITE),
            (table.is_none() && capture.even_empty, EVEN_EMPTY),
            (table.is_none() && capture.chain, CHAIN),
            (per_row <= 3, THREE_PITS),
        ];
        Some(Compiled {
            per_row,
            total,
            start: State {
                lanes: W::from_counts(&start_lanes),
                own: u64::from(start.captured[mover.index()]),
                opp: u64::from(start.captured[mover.other().index()]),
                to_move: match mover {
                    Player::South => W::default(),
                    Player::North => W::NORTH,
                },
            },
            flags: flags.iter().fold(0, |f, &(on, bit)| match on {
                true => f | bit,
                false => f,
            }),
            sowings,
            row_high,
            opp_lane_bits: opp_lanes,
            min_stones: u64::from(rules.sowing.min_stones) * ONES,
            capture,
            grand_slam: rules.grand_slam,
            feeds,
            feed_play_any: rules.feeding.otherwise == FeedFallback::PlayAny,
            end_order,
            end_count,
            passes: rules.end.when.contains(&EndWhen::NeitherCanMove),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variants;

    fn kernel(name: &str) -> Option<Kernel> {
        Kernel::new(&Game::new(variants::load(name).unwrap().rules))
    }

    /// Oware (OpenSpiel), Kalah and Modiar fit the shape; a relay variant
    /// (Galatjang) and a four-row one (Hus) do not.
    #[test]
    fn the_shape_is_decided_from_the_rules() {
        for name in ["oware-openspiel", "kalah", "modiar"] {
            assert!(kernel(name).is_some(), "{name}");
        }
        for name in ["galatjang", "hus"] {
            assert!(kernel(name).is_none(), "{name}");
        }
    }

    /// Whether `kernel` is played by the loop of its own shape.
    fn has_own_loop(kernel: &Kernel) -> bool {
        macro_rules! shaped {
            ($kernel:ident, $flags:expr) => {
                $flags & SHAPED != 0
            };
        }
        on_shaped_loop!(&kernel.shaped, shaped)
    }

    /// Every shipped variant the kernel takes has a move loop of its own
    /// shape; a generated variant of another shape has the loop of its
    /// rule flags.
    #[test]
    fn the_shipped_variants_have_their_own_loops() {
        let mut taken = 0;
        for name in variants::narrow_shipped_names() {
            if let Some(kernel) = kernel(name) {
                assert!(has_own_loop(&kernel), "{name}");
                taken += 1;
            }
        }
        assert!(taken >= 15, "{taken}");
        let mut rules = variants::load("modiar").unwrap().rules;
        rules.end.repetition = Repetition::Ignore;
        let kernel = Kernel::new(&Game::new(rules)).unwrap();
        assert!(!has_own_loop(&kernel));
    }
}
