//! A hand-written random-playout loop for Modiar (2x3 pits, 7 stones each), as
//! fast as a plain single-threaded loop that plays one game at a time can
//! reasonably be: the speed reference that a generic interpreter (`sow bench
//! modiar`) is compared against.
//!
//! Rules: the Mancala World reading, exactly as
//! the project's `variants/modiar.variant`: counter-clockwise origin-first sowing
//! (the origin gets the first stone and is not skipped on laps); only pits of
//! 2 or more are played; a last pit (either row) of 2, 4 or 6 is taken, then
//! the pits before it (crossing rows, wrapping, each pit once) while they hold
//! 2, 4 or 6; ply 1 captures nothing; a grand slam (takes stones from the
//! opponent's row and leaves it empty) is illegal; when the opponent's row is
//! empty the mover must leave a stone there if any move does, else any move;
//! the game ends when the mover has no legal move, or when a position (board
//! and side to move) repeats since the last capture; each player then adds the
//! stones of their own row. A 1000-ply cap stops a game as in `sow bench`
//! (random games never get near it).
//!
//! Protocol (as ../native-oware and `sow bench`): from the start, play
//! uniformly random legal moves until the game ends; count games and plies;
//! decide the winner of every game.
//!
//! Usage:
//!   native-modiar-fast --seconds S [--seed X]        speed (JSON)
//!   native-modiar-fast --games N [--seed X]          fixed batch with statistics (JSON)
//!   native-modiar-fast --games N --fast [--seed X]   fixed batch through the speed loop (no statistics)
//!   native-modiar-fast --games N --reference [--seed X]  statistics batch played by the plain
//!                                                    implementation alone (own generator)
//!   native-modiar-fast --perft D                     perft 1..=D (repetition not applied, as `sow perft`)
//!   native-modiar-fast --check N [--seed X]          N games in lockstep with a plain array
//!                                                    implementation of the rules (see `reference`)
//!   native-modiar-fast --records N [--only-repetition] [--seed X]
//!                                                    game records (JSON lines) for `sow verify`
//!
//! Representation. The position is relative to the player to move, in one
//! u64: bytes 0,1,2 are the mover's pits and bytes 4,5,6 the opponent's, each
//! row in sowing order; bytes 3 and 7 stay zero, so passing the move is one
//! `rotate_left(32)`. Captured stones are kept apart (a byte vector per
//! player), off the dependency chain from one ply to the next. Pits never hold
//! more than 42 stones, so bytewise arithmetic never carries.
//! * Candidates (pits of 2+) are one SWAR add; a multiply gathers them into a
//!   3-bit mask, already shifted to index the pick table.
//! * The random choice is PICK[mask][r2][r3], where r2 and r3 are a uniform
//!   0..2 and 0..3 taken from a wyrand output before the mask is known (the
//!   draw is off the critical path); one output serves two plies.
//! * Sowing is one add of a precomputed delta `DELTA[pit][stones]` (the origin
//!   emptied, then origin-first, every lap). All three pits are sown while the
//!   draw is made; the chosen board is selected with cmovs.
//! * Capture: one SWAR test marks the pits holding 2, 4 or 6; a multiply
//!   gathers them into a 6-bit mask; `CAPB[last][mask]` (the row from the
//!   sowing table) is the byte mask of the backward chain. No branch.
//! * Legality is not learnt by playing every move. With the opponent's row
//!   not empty, the only illegal candidate is a grand slam, and that is
//!   exactly a move that leaves the row empty: one test after the move. Then
//!   (2.4 % of plies) the draw is redone among the legal moves, which keeps it
//!   uniform. The feeding case (opponent's row empty, 0.5 % of plies) is a
//!   cold path that lists the legal moves.
//! * Repetition: the positions since the last capture (before it the stone
//!   count differs, so nothing earlier can repeat) are kept as u64 keys behind
//!   a 64-bit filter; the list is scanned only on a filter hit (2.8 % of
//!   plies). A capture clears both by masking, without a branch.
use std::hint::select_unpredictable;
use std::time::Instant;

const PLY_CAP: u32 = 1000;
const STONES: u32 = 42;

/// Byte of logical pit p (0..5 in sowing order from the mover's first pit).
const fn byte_of(p: usize) -> usize {
    if p < 3 {
        p
    } else {
        p + 1
    }
}

const H8: u64 = 0x8080_8080_8080_8080;
/// High bits of the six pit bytes.
const PIT_H: u64 = 0x0080_8080_0080_8080;
/// High bits of the mover's three pit bytes.
const OWN_H: u64 = 0x0000_0000_0080_8080;
const OWN: u64 = 0x0000_0000_00FF_FFFF;
const OPP: u64 = 0x00FF_FFFF_0000_0000;
const K7E: u64 = 0x7E7E_7E7E_7E7E_7E7E;
const K7F: u64 = 0x7F7F_7F7F_7F7F_7F7F;
const KF9: u64 = 0xF9F9_F9F9_F9F9_F9F9;
const ONES: u64 = 0x0101_0101_0101_0101;
const START: u64 = 0x0007_0707_0007_0707;
/// Gathers bits 7, 15, 23, 39, 47, 55 (the high bits of the pit bytes) into
/// bits 56..61, without carries (see tests).
const MM6: u64 = 1 << 49 | 1 << 42 | 1 << 35 | 1 << 20 | 1 << 13 | 1 << 6;
/// Gathers bits 7, 15, 23 into bits 61..63 (bits 56..60 stay clear).
const MM3: u64 = 1 << 54 | 1 << 47 | 1 << 40;

/// wyrand: one add for the state, one 64x64->128 multiply for the output.
#[derive(Clone)]
struct Rng(u64);
impl Rng {
    #[inline(always)]
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0xa076_1d64_78bd_642f);
        let t = u128::from(self.0) * u128::from(self.0 ^ 0xe703_7ed1_a0b4_28db);
        (t >> 64) as u64 ^ t as u64
    }
    /// Uniform in 0..n, n small.
    fn below(&mut self, n: u32) -> usize {
        ((u128::from(self.next()) * u128::from(n)) >> 64) as usize
    }
}

#[inline(always)]
fn byte(x: u64, i: usize) -> u32 {
    (x >> (8 * i)) as u32 & 0xFF
}

/// Sum of the bytes of a u64 whose byte sum is below 256.
#[inline(always)]
fn byte_sum(x: u64) -> u32 {
    (x.wrapping_mul(ONES) >> 56) as u32
}

// ---------------------------------------------------------------------------
// Tables, built at compile time.

/// Per own pit j and stone count n (index 64 * j + n; n <= 42 in play):
/// .0 = the delta added to the board (-n at the origin, +1 wherever a stone
/// lands: origin first, every lap); .1 = 64 x the logical pit of the last
/// stone (the row of CAPB).
const fn sow_tables() -> ([u64; 192], [u64; 192]) {
    let mut delta = [0u64; 192];
    let mut last = [0u64; 192];
    let mut j = 0;
    while j < 3 {
        let mut n = 1;
        while n < 64 {
            let mut c = [0i64; 8];
            c[byte_of(j)] -= n as i64;
            let mut k = 0;
            while k < n {
                c[byte_of((j + k) % 6)] += 1;
                k += 1;
            }
            let mut d = 0u64;
            let mut i = 0;
            while i < 8 {
                d = d.wrapping_add((c[i] as u64).wrapping_mul(1u64 << (8 * i)));
                i += 1;
            }
            delta[64 * j + n] = d;
            last[64 * j + n] = (64 * ((j + n - 1) % 6)) as u64;
            n += 1;
        }
        j += 1;
    }
    (delta, last)
}
static DELTA: [u64; 192] = sow_tables().0;
static LAST: [u64; 192] = sow_tables().1;

/// CAPB[64 * last + m]: the byte mask of the pits a capture takes when the
/// last stone fell in logical pit `last` and `m` marks (bit p = pit p) the
/// pits holding 2, 4 or 6: the run of marked pits from `last` backward,
/// wrapping, each pit once.
const fn cap_table() -> [u64; 384] {
    let mut t = [0u64; 384];
    let mut last = 0;
    while last < 6 {
        let mut m = 0;
        while m < 64 {
            let mut bm = 0u64;
            let mut i = last;
            let mut steps = 0;
            while steps < 6 && (m >> i) & 1 == 1 {
                bm |= 0xFF << (8 * byte_of(i));
                i = (i + 5) % 6;
                steps += 1;
            }
            t[64 * last + m] = bm;
            m += 1;
        }
        last += 1;
    }
    t
}
static CAPB: [u64; 384] = cap_table();

/// PICK[8 * m + 4 * r2 + r3]: the pit chosen among the set bits of the 3-bit
/// mask m, given a uniform r2 in 0..2 and r3 in 0..3 (r2 is used when m has
/// two bits, r3 when it has three).
const fn pick_table() -> [u8; 64] {
    let mut t = [0u8; 64];
    let mut m = 1;
    while m < 8 {
        let cnt = (m & 1) + (m >> 1 & 1) + (m >> 2 & 1);
        let mut r2 = 0;
        while r2 < 2 {
            let mut r3 = 0;
            while r3 < 3 {
                let r = if cnt == 2 {
                    r2
                } else if cnt == 3 {
                    r3
                } else {
                    0
                };
                let (mut j, mut seen) = (0, 0);
                while j < 3 {
                    if (m >> j) & 1 == 1 {
                        if seen == r {
                            t[8 * m + 4 * r2 + r3] = j as u8;
                        }
                        seen += 1;
                    }
                    j += 1;
                }
                r3 += 1;
            }
            r2 += 1;
        }
        m += 1;
    }
    t
}
static PICK: [u8; 64] = pick_table();

/// The three positions after ply 1 (which captures nothing), turned to North.
const fn first_table() -> [u64; 3] {
    let mut t = [0u64; 3];
    let mut j = 0;
    while j < 3 {
        t[j] = START.wrapping_add(sow_tables().0[64 * j + 7]).rotate_left(32);
        j += 1;
    }
    t
}
static FIRST: [u64; 3] = first_table();

// ---------------------------------------------------------------------------
// Move primitives.

/// The mover's pits of 2 or more, as `8 * mask` (bit j of the mask = own pit j).
#[inline(always)]
fn cand_idx(b: u64) -> usize {
    ((b.wrapping_add(K7E) & OWN_H).wrapping_mul(MM3) >> 58) as usize
}

/// The pits holding 2, 4 or 6, as a 6-bit mask (bit p = logical pit p).
#[inline(always)]
fn mask246(s: u64) -> usize {
    // x in {2, 4, 6} iff x & 0xF9 == 0 (x in {0, 2, 4, 6}) and x != 0; no
    // byte carries or borrows since x <= 42.
    let h = H8.wrapping_sub(s & KF9) & s.wrapping_add(K7F) & PIT_H;
    (h.wrapping_mul(MM6) >> 56) as usize
}

/// Plays own pit j: returns the board after sowing and capture (not turned)
/// and the captured stones (bytewise).
#[inline(always)]
fn sow(b: u64, j: usize) -> (u64, u64) {
    let i = 64 * j + byte(b, j) as usize;
    capture(b.wrapping_add(DELTA[i]), i)
}

/// The capture after sowing `s` with table index `i` (64 * pit + stones):
/// the board after the capture (not turned) and the captured stones.
#[inline(always)]
fn capture(s: u64, i: usize) -> (u64, u64) {
    // SAFETY: i < 192 (a pit holds at most 42 stones); LAST holds multiples
    // of 64 below 384 and mask246 is below 64.
    // (The row pointer does not wait for the mask: one add less on the path.)
    let cap = s & unsafe { *CAPB.as_ptr().add(*LAST.get_unchecked(i) as usize).add(mask246(s)) };
    (s ^ cap, cap)
}

/// Ply 1: sowing without capture.
#[inline(always)]
fn sow_nocap(b: u64, j: usize) -> (u64, u64) {
    (b.wrapping_add(DELTA[64 * j + byte(b, j) as usize]), 0)
}

/// A grand slam: stones taken from the opponent's row, which is left empty.
#[inline(always)]
fn grand_slam(r: u64, cap: u64) -> bool {
    (r & OPP == 0) & (cap & OPP != 0)
}

/// Two draws from one random u64, each a pick-table offset: bit 2 = a
/// uniform 0..2, bits 0..1 = a uniform 0..3. Draw A takes bit 63 and the low
/// 32 bits (bias of the 0..3 below 2^-31); draw B takes bit 62 and bits
/// 32..61 (bias below 2^-29). The two use disjoint bits, and within one
/// draw the 0..2 and the 0..3 use disjoint bits too (see `choose`).
#[inline(always)]
fn draw_a(u: u64) -> usize {
    (((u >> 63) << 2) | (((u & 0xFFFF_FFFF) * 3) >> 32)) as usize
}
#[inline(always)]
fn draw_b(u: u64) -> usize {
    ((((u >> 62) & 1) << 2) | ((((u >> 32) & 0x3FFF_FFFF) * 3) >> 30)) as usize
}

/// A uniformly random legal move: (pit, board after the move (not turned),
/// captured stones), or None when no move is legal.
///
/// The draw is made among the candidates (pits of 2+) while all three pits
/// are sown (one table add each): the sowings and the draw are independent,
/// so they overlap; the chosen board is selected without a branch, and only
/// it goes through the capture. With the opponent's row
/// not empty before the move, a move that leaves it empty took its stones: a
/// grand slam. That case (rare) and the feeding case (the opponent's row
/// empty) go to `choose_cold`, which draws among the exact legal moves.
#[inline(always)]
fn choose(b: u64, d: usize) -> Option<(usize, u64, u64)> {
    if b & OPP == 0 {
        return unpack(choose_cold(b, d));
    }
    let idx = cand_idx(b);
    if idx == 0 {
        return None;
    }
    // SAFETY: idx < 64 (cand_idx is 8 x a 3-bit mask) and d < 8.
    let j = unsafe { *PICK.get_unchecked(idx | d) } as usize;
    // The three sowings (table index and board), then the chosen one.
    let i0 = byte(b, 0) as usize;
    let i1 = 64 + byte(b, 1) as usize;
    let i2 = 128 + byte(b, 2) as usize;
    // SAFETY: a pit holds at most 42 stones, so every index is below 192.
    let s = unsafe {
        [
            b.wrapping_add(*DELTA.get_unchecked(i0)),
            b.wrapping_add(*DELTA.get_unchecked(i1)),
            b.wrapping_add(*DELTA.get_unchecked(i2)),
        ]
    };
    let sj = select_unpredictable(j == 0, s[0], select_unpredictable(j == 1, s[1], s[2]));
    let i = select_unpredictable(j == 0, i0, select_unpredictable(j == 1, i1, i2));
    let (r, cap) = capture(sj, i);
    if r & OPP == 0 {
        // A grand slam: a fresh draw among the legal moves, uniform overall
        // (1/c + (c-l)/c * 1/l = 1/l). It can reuse the draw d: with 3
        // candidates the first pick used its 0..3 and 2 legal moves use its
        // 0..2 (independent bits); with 2 candidates at most 1 move is left.
        return unpack(choose_after_slam(b, d, s[0], s[1], s[2]));
    }
    Some((j, r, cap))
}

/// The exact legal moves (`legal_all`) and a uniform draw among them:
/// (board, captured | pit << 56), or (NONE, 0) when no move is legal (two
/// words, so that the result comes back in registers).
#[cold]
#[inline(never)]
fn choose_cold(b: u64, d: usize) -> (u64, u64) {
    let (mask, res) = legal_all(b, false);
    if mask == 0 {
        return (NONE, 0);
    }
    let j = PICK[(8 * mask as usize) | d] as usize;
    (res[j].0, res[j].1 | (j as u64) << 56)
}
const NONE: u64 = u64::MAX;

/// The drawn move was a grand slam (the opponent's row was not empty, so
/// the legal moves are the candidates that leave a stone there): a uniform
/// draw among them, from the sown boards `s` (they are passed rather than
/// recomputed, which also keeps the three table loads ahead of the select in
/// `choose`).
#[cold]
#[inline(never)]
fn choose_after_slam(b: u64, d: usize, s0: u64, s1: u64, s2: u64) -> (u64, u64) {
    let s = [s0, s1, s2];
    let cand = cand_idx(b) >> 3;
    let mut legal = 0;
    let mut res = [(0u64, 0u64); 3];
    for (k, slot) in res.iter_mut().enumerate() {
        if cand >> k & 1 == 1 {
            *slot = capture(s[k], 64 * k + byte(b, k) as usize);
            if slot.0 & OPP != 0 {
                legal |= 1 << k;
            }
        }
    }
    if legal == 0 {
        return (NONE, 0);
    }
    let j = PICK[(8 * legal) | d] as usize;
    (res[j].0, res[j].1 | (j as u64) << 56)
}

#[inline(always)]
fn unpack((r, c): (u64, u64)) -> Option<(usize, u64, u64)> {
    if r == NONE {
        None
    } else {
        Some(((c >> 56) as usize, r, c & !(0xFF << 56)))
    }
}

/// All legal moves: (3-bit mask, the result of each own pit). `first`: ply 1.
fn legal_all(b: u64, first: bool) -> (u32, [(u64, u64); 3]) {
    let mut res = [(0u64, 0u64); 3];
    let mut mask = 0u32;
    let cand = (cand_idx(b) >> 3) as u32;
    for (j, slot) in res.iter_mut().enumerate() {
        if cand >> j & 1 == 1 {
            *slot = if first { sow_nocap(b, j) } else { sow(b, j) };
            if !grand_slam(slot.0, slot.1) {
                mask |= 1 << j;
            }
        }
    }
    if b & OPP == 0 {
        let feeders = (0..3).filter(|&j| mask >> j & 1 == 1 && res[j].0 & OPP != 0).fold(0, |a, j| a | 1 << j);
        if feeders != 0 {
            mask = feeders;
        }
    }
    (mask, res)
}

fn perft(b: u64, depth: u32, first: bool) -> u64 {
    if depth == 0 {
        return 1;
    }
    let (mask, res) = legal_all(b, first);
    if depth == 1 {
        return u64::from(mask.count_ones());
    }
    (0..3).filter(|&j| mask >> j & 1 == 1).map(|j| perft(res[j].0.rotate_left(32), depth - 1, false)).sum()
}

// ---------------------------------------------------------------------------
// Repetition.

/// The positions seen since the last capture (before it the stone count was
/// different, so nothing older can repeat), each as a u64 key: the board
/// relative to the mover with the side to move in bit 31 (byte 3 is always
/// zero). A 64-bit filter (one hashed bit per key) guards the list, which is
/// scanned only on a filter hit. Used as a local so that `len` and `filter`
/// live in registers.
struct History<'a> {
    keys: &'a mut [u64; 1024],
    len: usize,
    filter: u64,
}
impl<'a> History<'a> {
    #[inline(always)]
    fn key(b: u64, side: u32) -> u64 {
        b | u64::from(side) << 31
    }
    #[inline(always)]
    fn bit(key: u64) -> u64 {
        1 << (key.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 58)
    }
    /// A history holding only `key`.
    #[inline(always)]
    fn new(keys: &'a mut [u64; 1024], key: u64) -> History<'a> {
        keys[0] = key;
        History { keys, len: 1, filter: Self::bit(key) }
    }
    /// Records the position `key` reached by a ply that captured or not;
    /// whether it repeats one seen since the last capture. No branch on
    /// `captured`: a capture clears the history by masking.
    #[inline(always)]
    fn step(&mut self, key: u64, captured: bool) -> bool {
        let keep = u64::from(captured).wrapping_sub(1); // all ones when nothing was captured
        self.filter &= keep;
        self.len &= keep as usize;
        let bit = Self::bit(key);
        if self.filter & bit != 0 && self.keys[..self.len].contains(&key) {
            return true;
        }
        self.filter |= bit;
        self.keys[self.len & 1023] = key;
        self.len += 1;
        false
    }
}

// ---------------------------------------------------------------------------
// Playouts.

const END_NAMES: [&str; 3] = ["no_legal_move", "repetition", "ply_cap"];

/// How one game ended.
struct Game {
    plies: u32,
    end: usize,
    /// South's final total (captures plus own row); North's is 42 minus it.
    south: u32,
    /// Stones left on the board.
    on_board: u32,
}

/// One random game from the start.
///
/// Ply 1 (South, no capture) comes from a table; then the loop plays two
/// plies per turn, North's (draw A) and South's (draw B) of one random word,
/// so the side to move, whose captures grow and the side bit of the
/// repetition key are constants in each half.
#[inline(always)]
fn playout<const STATS: bool>(rng: &mut Rng, keys: &mut [u64; 1024], legal_sum: &mut u64) -> Game {
    let mut rng_local = Rng(rng.0);
    let mut b = FIRST[rng_local.below(3)];
    if STATS {
        *legal_sum += 3;
    }
    let mut plies = 1u32;
    let mut h = History::new(keys, History::key(START, 0));
    h.step(History::key(b, 1), false);
    // Captured stones of South and North, bytewise.
    let (mut cap_s, mut cap_n) = (0u64, 0u64);
    macro_rules! ply {
        ($d:expr, $acc:ident, $side_after:expr) => {{
            if plies >= PLY_CAP {
                break 2;
            }
            if STATS {
                *legal_sum += u64::from(legal_all(b, false).0.count_ones());
            }
            let Some((_, r, cap)) = choose(b, $d) else {
                break 0;
            };
            $acc += cap;
            b = r.rotate_left(32);
            plies += 1;
            if h.step(History::key(b, $side_after), cap != 0) {
                break 1;
            }
        }};
    }
    let end = loop {
        let u = rng_local.next();
        ply!(draw_a(u), cap_n, 0);
        ply!(draw_b(u), cap_s, 1);
    };
    rng.0 = rng_local.0;
    // South's row: the mover's when South is to move (plies even).
    let south_row = if plies & 1 == 0 { b & OWN } else { (b & OPP) >> 32 };
    let south = byte_sum(south_row + cap_s);
    if STATS {
        assert_eq!(south + byte_sum(b) - byte_sum(south_row) + byte_sum(cap_n), STONES);
    }
    Game { plies, end, south, on_board: byte_sum(b) }
}

/// Counters of a batch.
#[derive(Default)]
struct Tally {
    games: u64,
    plies: u64,
    plies_sq: u128,
    max_plies: u32,
    wins: [u64; 3], // south, north, draw
    ends: [u64; 3],
    captured: u64,
    captured_sq: u64,
    legal_moves: u64,
}

/// Plays `games` games, or batches of 256 games until `seconds` have passed
/// (the clock is read once per batch, as `sow bench` does).
fn run(rng: &mut Rng, games: Option<u64>, seconds: Option<f64>, stats: bool) -> (Tally, f64) {
    let mut t = Tally::default();
    let mut keys = Box::new([0u64; 1024]);
    let start = Instant::now();
    let target = games.unwrap_or(u64::MAX);
    let secs = seconds.unwrap_or(f64::INFINITY);
    macro_rules! batch {
        ($stats:expr) => {{
            let mut legal_sum = 0u64;
            for _ in 0..256 {
                if t.games >= target {
                    break;
                }
                let g = playout::<$stats>(rng, &mut keys, &mut legal_sum);
                t.games += 1;
                t.plies += u64::from(g.plies);
                // Decide the winner, as every playout must (once per game).
                let w = if g.south > STONES / 2 {
                    0
                } else if g.south < STONES / 2 {
                    1
                } else {
                    2
                };
                t.wins[w] += 1;
                if $stats {
                    t.plies_sq += u128::from(g.plies) * u128::from(g.plies);
                    t.max_plies = t.max_plies.max(g.plies);
                    t.ends[g.end] += 1;
                    let captured = u64::from(STONES - g.on_board);
                    t.captured += captured;
                    t.captured_sq += captured * captured;
                }
            }
            t.legal_moves += legal_sum;
        }};
    }
    while t.games < target && start.elapsed().as_secs_f64() < secs {
        if stats {
            batch!(true)
        } else {
            batch!(false)
        }
    }
    (t, start.elapsed().as_secs_f64())
}

// ---------------------------------------------------------------------------
// A plain implementation of the rules (absolute board, arrays, every move
// played to learn legality, repetition by a list of boards), written from
// modiar-rules.md independently of the tables above. `--check` plays random
// games with both in lockstep.
mod reference {
    /// Pits 0..2 = South's a b c, 3..5 = North's A B C (sowing order).
    #[derive(Clone, Copy, PartialEq, Eq, Debug)]
    pub struct Pos {
        pub pits: [u8; 6],
        pub captured: [u8; 2],
        pub to_move: usize,
        pub ply: u32,
    }

    pub fn start() -> Pos {
        Pos { pits: [7; 6], captured: [0; 2], to_move: 0, ply: 0 }
    }

    pub fn row(side: usize) -> std::ops::Range<usize> {
        3 * side..3 * side + 3
    }

    /// Sows pit `o` and captures; whether stones were taken from the
    /// opponent's row.
    pub fn play(pos: &Pos, o: usize) -> (Pos, bool) {
        let mut q = *pos;
        let n = q.pits[o];
        q.pits[o] = 0;
        let mut i = o;
        let mut last = o;
        for _ in 0..n {
            q.pits[i] += 1; // the first stone goes back into the origin
            last = i;
            i = (i + 1) % 6;
        }
        let mut from_opp = false;
        if pos.ply > 0 {
            let mut i = last;
            let mut visited = 0;
            while visited < 6 && matches!(q.pits[i], 2 | 4 | 6) {
                q.captured[pos.to_move] += q.pits[i];
                q.pits[i] = 0;
                if row(pos.to_move ^ 1).contains(&i) {
                    from_opp = true;
                }
                i = (i + 5) % 6;
                visited += 1;
            }
        }
        q.to_move ^= 1;
        q.ply += 1;
        (q, from_opp)
    }

    /// The legal moves (absolute pit, resulting position).
    pub fn legal(pos: &Pos) -> Vec<(usize, Pos)> {
        let opp = pos.to_move ^ 1;
        let empty = |p: &Pos| row(opp).all(|i| p.pits[i] == 0);
        let mut out = Vec::new();
        for o in row(pos.to_move) {
            if pos.pits[o] < 2 {
                continue;
            }
            let (q, from_opp) = play(pos, o);
            if from_opp && empty(&q) {
                continue; // grand slam
            }
            out.push((o, q));
        }
        if empty(pos) && out.iter().any(|(_, q)| !empty(q)) {
            out.retain(|(_, q)| !empty(q));
        }
        out
    }

    pub fn scores(pos: &Pos) -> [u32; 2] {
        let mut s = [u32::from(pos.captured[0]), u32::from(pos.captured[1])];
        for (side, x) in s.iter_mut().enumerate() {
            *x += row(side).map(|i| u32::from(pos.pits[i])).sum::<u32>();
        }
        s
    }

    /// A game with the repetition rule: the boards (and side to move) seen
    /// since the stones on the board last changed.
    pub struct Game {
        pub pos: Pos,
        history: Vec<([u8; 6], usize)>,
    }
    impl Game {
        pub fn new() -> Game {
            let pos = start();
            Game { pos, history: vec![(pos.pits, pos.to_move)] }
        }
        /// Plays to `next`; whether the game ended by repetition.
        pub fn advance(&mut self, next: Pos) -> bool {
            let before: u32 = self.pos.pits.iter().map(|&x| u32::from(x)).sum();
            let after: u32 = next.pits.iter().map(|&x| u32::from(x)).sum();
            self.pos = next;
            if before != after {
                self.history.clear();
            } else if self.history.contains(&(next.pits, next.to_move)) {
                return true;
            }
            self.history.push((next.pits, next.to_move));
            false
        }
    }
}

/// `--games N --reference`: the statistics batch played by the plain
/// implementation alone, with its own generator (SplitMix64, multiply-shift
/// draw), as an estimate independent of the fast loop and of its draw.
fn run_reference(seed: u64, games: u64) -> (Tally, f64) {
    let mut state = seed;
    let mut next = move || {
        state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    };
    let mut t = Tally::default();
    let start = Instant::now();
    for _ in 0..games {
        let mut game = reference::Game::new();
        let end = loop {
            if game.pos.ply >= PLY_CAP {
                break 2;
            }
            let legal = reference::legal(&game.pos);
            t.legal_moves += legal.len() as u64;
            if legal.is_empty() {
                break 0;
            }
            let k = ((u128::from(next()) * legal.len() as u128) >> 64) as usize;
            if game.advance(legal[k].1) {
                break 1;
            }
        };
        let plies = game.pos.ply;
        let [south, north] = reference::scores(&game.pos);
        assert_eq!(south + north, STONES);
        let captured = u64::from(game.pos.captured[0]) + u64::from(game.pos.captured[1]);
        t.games += 1;
        t.plies += u64::from(plies);
        t.plies_sq += u128::from(plies) * u128::from(plies);
        t.max_plies = t.max_plies.max(plies);
        t.ends[end] += 1;
        t.captured += captured;
        t.captured_sq += captured * captured;
        t.wins[if south > north {
            0
        } else if north > south {
            1
        } else {
            2
        }] += 1;
    }
    (t, start.elapsed().as_secs_f64())
}

/// `--records N`: plays N random games with the fast primitives (`choose`,
/// `History`) and prints, as JSON lines, those worth an outside check: every
/// game with a repetition ending, a feeding position, a grand-slam redraw or
/// more than 40 plies, and one game in 50 besides. Each line has the moves
/// (pit labels), a checkpoint after every ply (board a b c A B C, captures
/// [south, north], legal moves) and the result; tools/sow_verify.py turns
/// them into `sow verify` records.
fn records(rng: &mut Rng, games: u64, only_repetition: bool) {
    const LABELS: [char; 6] = ['a', 'b', 'c', 'A', 'B', 'C'];
    let mut keys = Box::new([0u64; 1024]);
    for g in 0..games {
        let mut b = START;
        let (mut cm, mut co) = (0u64, 0u64);
        let (mut side, mut ply) = (0usize, 0u32);
        let mut hist = History::new(&mut keys, History::key(b, 0));
        let (mut moves, mut checkpoints) = (Vec::new(), Vec::new());
        let mut interesting = g % 50 == 0;
        let legal_labels = |b: u64, side: usize, first: bool| -> String {
            let (mask, _) = legal_all(b, first);
            (0..3)
                .filter(|&j| mask >> j & 1 == 1)
                .map(|j| LABELS[3 * side + j].to_string())
                .collect::<Vec<_>>()
                .join(" ")
        };
        let checkpoint = |ply: u32, b: u64, side: usize, cm: u64, co: u64, legal: &str| -> String {
            let p = to_reference(b, side, cm, co, ply);
            format!("{{\"ply\":{ply},\"board\":{:?},\"scores\":{:?},\"legal\":\"{legal}\"}}", p.pits, p.captured)
        };
        let first_legal = legal_labels(b, 0, true);
        checkpoints.push(checkpoint(0, b, 0, 0, 0, &first_legal));
        let end = loop {
            let (mask, _) = legal_all(b, ply == 0);
            if mask == 0 {
                break "no_legal_move";
            }
            if ply > 0 {
                let cands = (cand_idx(b) >> 3).count_ones();
                if b & OPP == 0 || cands != mask.count_ones() {
                    interesting = true; // feeding, or a grand slam among the candidates
                }
            }
            let u = rng.next();
            let (j, r, cap) = if ply == 0 {
                let j = rng.below(3);
                let (r, cap) = sow_nocap(b, j);
                (j, r, cap)
            } else {
                let d = if ply & 1 == 1 { draw_a(u) } else { draw_b(u) };
                choose(b, d).expect("a legal move")
            };
            moves.push(LABELS[3 * side + j].to_string());
            (cm, co) = (co, cm + cap);
            b = r.rotate_left(32);
            side ^= 1;
            ply += 1;
            let rep = hist.step(History::key(b, side as u32), cap != 0);
            let legal = if rep { String::new() } else { legal_labels(b, side, false) };
            checkpoints.push(checkpoint(ply, b, side, cm, co, &legal));
            if rep {
                interesting = true;
                break "repetition";
            }
        };
        if ply > 40 {
            interesting = true;
        }
        if !interesting || (only_repetition && end != "repetition") {
            continue;
        }
        let own = byte_sum((b & OWN) + cm);
        let scores = if side == 0 { [own, STONES - own] } else { [STONES - own, own] };
        let winner = match scores[0].cmp(&scores[1]) {
            std::cmp::Ordering::Greater => "south",
            std::cmp::Ordering::Less => "north",
            std::cmp::Ordering::Equal => "draw",
        };
        println!(
            "{{\"game\":{g},\"moves\":\"{}\",\"expect\":[{}],\"result\":{{\"end\":\"{end}\",\"scores\":{scores:?},\"winner\":\"{winner}\"}}}}",
            moves.join(" "),
            checkpoints.join(",")
        );
    }
}

/// The absolute position of the fast representation.
fn to_reference(b: u64, side: usize, cap_mover: u64, cap_other: u64, ply: u32) -> reference::Pos {
    let mut pits = [0u8; 6];
    for j in 0..3 {
        pits[3 * side + j] = byte(b, j) as u8;
        pits[3 * (side ^ 1) + j] = byte(b, 4 + j) as u8;
    }
    let mut captured = [0u8; 2];
    captured[side] = byte_sum(cap_mover) as u8;
    captured[side ^ 1] = byte_sum(cap_other) as u8;
    reference::Pos { pits, captured, to_move: side, ply }
}

/// Plays `games` random games with the fast primitives and the reference in
/// lockstep. At every position: the same legal moves with the same results
/// (legal_all), the move `choose` draws is legal with the same result; the
/// same end (no legal move or repetition, at the same ply) and the same
/// scores. Where the draw needs a grand-slam redraw or the feeding path,
/// `choose` is also sampled SAMPLES times and the counts per legal move are
/// summed into a chi-square statistic (uniformity of the rejection draw).
fn check(rng: &mut Rng, games: u64) -> Result<String, String> {
    const SAMPLES: u32 = 300;
    let mut sampler = Rng(rng.0 ^ 0x5555_5555_5555_5555);
    let (mut plies, mut positions_gs, mut positions_feed, mut reps, mut ends_nolegal) = (0u64, 0u64, 0u64, 0u64, 0u64);
    // Chi-square of the sampled draws: [special positions, plain positions
    // of the first SAMPLE_ALL_GAMES games].
    const SAMPLE_ALL_GAMES: u64 = 2000;
    let (mut chi2, mut dof) = ([0f64; 2], [0u64; 2]);
    let mut keys = Box::new([0u64; 1024]);
    let mut max_len = 0u64;
    let (mut non_capture, mut len_sum, mut filter_hits) = (0u64, 0u64, 0u64);
    for g in 0..games {
        let mut game = reference::Game::new();
        let mut b = START;
        let mut side = 0usize;
        let (mut cm, mut co) = (0u64, 0u64);
        let mut ply = 0u32;
        let mut hist = History::new(&mut keys, History::key(b, 0));
        let err = |ply: u32, what: &str| format!("game {g} ply {ply}: {what}");
        loop {
            if to_reference(b, side, cm, co, ply) != game.pos {
                return Err(err(
                    ply,
                    &format!("positions differ: {:?} vs {:?}", to_reference(b, side, cm, co, ply), game.pos),
                ));
            }
            let refl = reference::legal(&game.pos);
            let (mask, res) = legal_all(b, ply == 0);
            let fast: Vec<(usize, reference::Pos)> = (0..3)
                .filter(|&j| mask >> j & 1 == 1)
                .map(|j| {
                    let (r, cap) = res[j];
                    (3 * side + j, to_reference(r.rotate_left(32), side ^ 1, co, cm + cap, ply + 1))
                })
                .collect();
            if fast != refl {
                return Err(err(ply, &format!("legal moves differ: {fast:?} vs {refl:?}")));
            }
            if refl.is_empty() {
                if ply > 0 && choose(b, draw_a(rng.next())).is_some() {
                    return Err(err(ply, "choose found a move where none is legal"));
                }
                ends_nolegal += 1;
                break;
            }
            // Positions where the draw is not a plain pick among candidates.
            let cands = (cand_idx(b) >> 3).count_ones();
            let special_gs = ply > 0 && b & OPP != 0 && (cands as usize) != refl.len();
            let special_feed = ply > 0 && b & OPP == 0;
            if special_gs {
                positions_gs += 1;
            }
            if special_feed {
                positions_feed += 1;
            }
            let sample_all = g < SAMPLE_ALL_GAMES;
            if (special_gs || special_feed || sample_all) && refl.len() >= 2 {
                let mut counts = [0u32; 3];
                for _ in 0..SAMPLES {
                    let u = sampler.next();
                    let d = if ply & 1 == 1 { draw_a(u) } else { draw_b(u) };
                    let (j, _, _) = choose(b, d).ok_or_else(|| err(ply, "choose: none"))?;
                    counts[j] += 1;
                }
                let e = f64::from(SAMPLES) / refl.len() as f64;
                let mut x = 0.0;
                for (j, &c) in counts.iter().enumerate() {
                    let legal = mask >> j & 1 == 1;
                    if !legal && c > 0 {
                        return Err(err(ply, "choose drew an illegal move"));
                    }
                    if legal {
                        x += (f64::from(c) - e).powi(2) / e;
                    }
                }
                let k = if special_gs || special_feed { 0 } else { 1 };
                chi2[k] += x;
                dof[k] += refl.len() as u64 - 1;
            }
            // The move: ply 1 uniformly without capture; later the fast draw.
            let (j, r, cap) = if ply == 0 {
                let j = rng.below(3);
                let (r, cap) = sow_nocap(b, j);
                (j, r, cap)
            } else {
                let u = rng.next();
                let d = if ply & 1 == 1 { draw_a(u) } else { draw_b(u) };
                choose(b, d).ok_or_else(|| err(ply, "choose found no move"))?
            };
            let Some(&(_, next)) = refl.iter().find(|(o, _)| *o == 3 * side + j) else {
                return Err(err(ply, "choose drew an illegal move"));
            };
            (cm, co) = (co, cm + cap);
            b = r.rotate_left(32);
            side ^= 1;
            ply += 1;
            plies += 1;
            let key = History::key(b, side as u32);
            if cap == 0 {
                non_capture += 1;
                len_sum += hist.len as u64;
                if hist.filter & History::bit(key) != 0 {
                    filter_hits += 1;
                }
            }
            let fast_rep = hist.step(key, cap != 0);
            max_len = max_len.max(hist.len as u64);
            let ref_rep = game.advance(next);
            if fast_rep != ref_rep {
                return Err(err(ply, "repetition differs"));
            }
            if fast_rep {
                reps += 1;
                break;
            }
            if ply >= PLY_CAP {
                return Err(err(ply, "ply cap reached"));
            }
        }
        let own = byte_sum((b & OWN) + cm);
        let fast_scores = if side == 0 { [own, STONES - own] } else { [STONES - own, own] };
        if fast_scores != reference::scores(&game.pos) {
            return Err(err(ply, "final scores differ"));
        }
    }
    Ok(format!(
        "{{\"check_games\":{games},\"plies\":{plies},\"mismatches\":0,\"ends\":{{\"no_legal_move\":{ends_nolegal},\"repetition\":{reps}}},\
\"positions_with_grand_slam_candidate\":{positions_gs},\"positions_feeding\":{positions_feed},\
\"uniformity\":{{\"samples_per_position\":{SAMPLES},\"special\":{{\"chi2\":{:.1},\"dof\":{},\"z\":{:.2}}},\"plain_first_{SAMPLE_ALL_GAMES}_games\":{{\"chi2\":{:.1},\"dof\":{},\"z\":{:.2}}}}},\"longest_history\":{max_len},\
\"history\":{{\"non_capture_plies\":{non_capture},\"mean_len_before\":{:.3},\"filter_hits\":{filter_hits}}}}}",
        chi2[0],
        dof[0],
        (chi2[0] - dof[0] as f64) / (2.0 * dof[0] as f64).sqrt(),
        chi2[1],
        dof[1],
        (chi2[1] - dof[1] as f64) / (2.0 * dof[1] as f64).sqrt(),
        len_sum as f64 / non_capture as f64
    ))
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let get = |name: &str| args.iter().position(|a| a == name).and_then(|i| args.get(i + 1)).cloned();
    let seed: u64 = get("--seed").and_then(|s| s.parse().ok()).unwrap_or(0x9E37_79B9_7F4A_7C15);
    let mut rng = Rng(seed);
    if let Some(d) = get("--perft").and_then(|s| s.parse::<u32>().ok()) {
        let mut out = Vec::new();
        for depth in 1..=d {
            let t0 = Instant::now();
            let n = perft(START, depth, true);
            out.push(format!("{{\"depth\":{depth},\"leaves\":{n},\"seconds\":{:.6}}}", t0.elapsed().as_secs_f64()));
        }
        println!("{{\"game\":\"modiar\",\"perft\":[{}]}}", out.join(","));
        return;
    }
    if let Some(n) = get("--records").and_then(|s| s.parse::<u64>().ok()) {
        records(&mut rng, n, args.iter().any(|a| a == "--only-repetition"));
        return;
    }
    if let Some(n) = get("--check").and_then(|s| s.parse::<u64>().ok()) {
        match check(&mut rng, n) {
            Ok(s) => println!("{s}"),
            Err(e) => {
                println!("{{\"error\":\"{e}\"}}");
                std::process::exit(1);
            }
        }
        return;
    }
    let games: Option<u64> = get("--games").and_then(|s| s.parse().ok());
    let seconds: Option<f64> = get("--seconds").and_then(|s| s.parse().ok());
    if games.is_none() && seconds.is_none() && args.len() > 1 {
        eprintln!("usage: native-modiar-fast (--seconds S | --games N | --perft D | --check N) [--seed X]");
        std::process::exit(2);
    }
    // --fast with --games: the speed loop (no statistics) for a fixed batch.
    let stats = games.is_some() && !args.iter().any(|a| a == "--fast");
    let (t, secs) = if let (Some(n), true) = (games, args.iter().any(|a| a == "--reference")) {
        run_reference(seed, n)
    } else if games.is_some() {
        run(&mut rng, games, None, stats)
    } else {
        run(&mut rng, None, Some(seconds.unwrap_or(5.0)), false)
    };
    let g = t.games as f64;
    let mean = t.plies as f64 / g;
    let mut json = format!(
        "{{\"game\":\"modiar\",\"games\":{},\"plies\":{},\"seconds\":{secs:.6},\"games_per_s\":{:.1},\"plies_per_s\":{:.1},\"mean_plies\":{mean:.6},\"south\":{},\"north\":{},\"draws\":{}",
        t.games,
        t.plies,
        g / secs,
        t.plies as f64 / secs,
        t.wins[0],
        t.wins[1],
        t.wins[2]
    );
    if stats {
        let var = (t.plies_sq as f64 / g - mean * mean) * g / (g - 1.0);
        let ends: Vec<String> = END_NAMES.iter().zip(t.ends).map(|(n, c)| format!("\"{n}\":{c}")).collect();
        let mc = t.captured as f64 / g;
        json += &format!(
            ",\"seed\":{seed},\"sd_plies\":{:.6},\"se_mean_plies\":{:.6},\"max_plies\":{},\"ends\":{{{}}},\"mean_captured\":{mc:.6},\"sd_captured\":{:.6},\"branching\":{:.6}",
            var.sqrt(),
            (var / g).sqrt(),
            t.max_plies,
            ends.join(","),
            ((t.captured_sq as f64 / g - mc * mc) * g / (g - 1.0)).sqrt(),
            t.legal_moves as f64 / t.plies as f64
        );
    }
    println!("{json}}}");
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn gathers() {
        for m in 0..64usize {
            let mut h = 0u64;
            for p in 0..6 {
                if m >> p & 1 == 1 {
                    h |= 0x80 << (8 * byte_of(p));
                }
            }
            assert_eq!((h.wrapping_mul(MM6) >> 56) as usize, m);
            let h3 = h & OWN_H;
            assert_eq!((h3.wrapping_mul(MM3) >> 58) as usize, 8 * (m & 7));
        }
    }

    #[test]
    fn worked_checks() {
        // Ply 1, South plays a: 2 8 8 / 8 8 8.
        assert_eq!(FIRST[0].rotate_left(32), 0x0008_0808_0008_0802);
        // From a=2 b=3 c=0 A=1 B=5 C=1, South plays a: a=1 b=4, b taken.
        let b = 0x0001_0501_0000_0302;
        let (r, cap) = sow(b, 0);
        assert_eq!((r, byte_sum(cap)), (0x0001_0501_0000_0001, 4));
        // From a=1 b=1 c=1 A=3 B=1 C=1, North plays A: C then B taken.
        let b = 0x0001_0101_0001_0103; // relative to North
        let (r, cap) = sow(b, 0);
        assert_eq!((r, byte_sum(cap)), (0x0001_0101_0000_0001, 4));
        // From a=1 b=3 c=1 A=1 B=1 C=7, North plays C: a grand slam, no legal move.
        let b = 0x0001_0301_0007_0101;
        let (r, cap) = sow(b, 2);
        assert!(grand_slam(r, cap));
        assert_eq!(legal_all(b, false).0, 0);
        // a=0 b=0 c=1 A=2 B=3 C=2, North to move: any pit; A makes B 4 and takes it.
        let b = 0x0001_0000_0002_0302;
        assert_eq!(legal_all(b, false).0, 0b111);
        assert_eq!(byte_sum(sow(b, 0).1), 4);
    }
}
