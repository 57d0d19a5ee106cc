//! Hand-written random-playout loops for OpenSpiel 2.0.2's `oware` (Abapa,
//! 2x6, 4 seeds) and `mancala` (Kalah 6x4): the speed reference a generic
//! interpreter (`sow bench`) is compared against. Rules exactly as OpenSpiel
//! 2.0.2 plays them (the project's `variants/oware-openspiel.variant` and
//! `variants/kalah.variant`).
//!
//! Protocol (as ../native-modiar-fast and `sow bench`): from the start position, play
//! uniformly random legal moves until the game ends; count games and plies.
//! A 1000-ply cap stops a game as `sow bench` does (random games never get
//! near it: OpenSpiel's oware raises an error there, its mancala is terminal).
//!
//! Usage:
//!   native-oware --game oware|kalah --seconds S     speed (JSON)
//!   native-oware --game oware|kalah --games N       fixed batch with statistics (JSON)
//!   native-oware --game oware|kalah --perft D       perft 1..=D (repetition not applied, as `sow perft`)
//!   native-oware --game oware|kalah --replay FILE   check OpenSpiel's recorded games state by state
//!   [--seed X]
//!
//! Representation: the position is kept relative to the player to move. Each
//! row is one u64 with one byte per house in sowing order (Kalah: the store is
//! byte 6), `own` for the mover and `opp` for the other; the two are swapped
//! after every move. Seed counts never exceed 48, so bytewise arithmetic never
//! carries, and a whole sowing (emptying the origin included) is two additions
//! of precomputed deltas indexed by (house, seeds). Legal moves are one SWAR
//! byte comparison; the capture chain is a table lookup on the 6-bit mask of
//! opponent houses holding 2 or 3. Nothing is played to learn legality.
use std::time::Instant;

const PLY_CAP: u32 = 1000;
const M48: u64 = 0xFFFF_FFFF_FFFF; // six bytes: one row of houses
const H6: u64 = 0x8080_8080_8080; // high bit of each of the six bytes
const ONES6: u64 = 0x0101_0101_0101;

/// wyrand: one add for the state, one 64x64->128 multiply for the output.
struct Rng(u64);
impl Rng {
    #[inline(always)]
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0xa076_1d64_78bd_642f);
        let t = u128::from(self.0) * u128::from(self.0 ^ 0xe703_7ed1_a0b4_28db);
        (t >> 64) as u64 ^ t as u64
    }
    /// Uniform in 0..n (multiply-shift; bias below 2^-60 for n <= 6).
    #[inline(always)]
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
    (x.wrapping_mul(0x0101_0101_0101_0101) >> 56) as u32
}

/// The 6-bit mask (bit j) of a SWAR mask that has the high bit of byte j set.
#[inline(always)]
fn movemask6(h: u64) -> usize {
    ((h >> 7).wrapping_mul(0x0102_0408_1020_4080) >> 56) as usize
}

/// SEL.0[m][r]: the r-th set bit of the 6-bit mask m; SEL.1[m]: its popcount.
const fn sel_table() -> ([[u8; 8]; 64], [u8; 64]) {
    let mut sel = [[0u8; 8]; 64];
    let mut cnt = [0u8; 64];
    let mut m = 0;
    while m < 64 {
        let (mut r, mut j) = (0, 0);
        while j < 6 {
            if m >> j & 1 == 1 {
                sel[m][r] = j as u8;
                r += 1;
            }
            j += 1;
        }
        cnt[m] = r as u8;
        m += 1;
    }
    (sel, cnt)
}
static SEL: ([[u8; 8]; 64], [u8; 64]) = sel_table();

/// A uniformly random set bit of the non-zero 6-bit mask `m`; also adds the
/// number of choices to `legal_sum` (statistics only).
#[inline(always)]
fn pick(rng: &mut Rng, m: usize, legal_sum: &mut u64, stats: bool) -> usize {
    let cnt = u32::from(SEL.1[m]);
    if stats {
        *legal_sum += u64::from(cnt);
    }
    SEL.0[m][rng.below(cnt)] as usize
}

/// A row delta with byte `i` equal to `c[i]` (may be negative: wrapping).
const fn pack(c: &[i64; 16], from: usize, len: usize) -> u64 {
    let mut d = 0u64;
    let mut i = 0;
    while i < len {
        d = d.wrapping_add((c[from + i] as u64).wrapping_mul(1u64 << (8 * i)));
        i += 1;
    }
    d
}

/// Counters of a batch.
#[derive(Default)]
struct Tally {
    games: u64,
    plies: u64,
    plies_sq: u128,
    max_plies: u32,
    wins: [u64; 3], // south, north, draw
    ends: [u64; 4],
    captured: u64,
    captured_sq: u64,
    legal_moves: u64,
    capped: u64,
}

// ---------------------------------------------------------------------------
// OpenSpiel oware. Absolute houses 0..5 belong to player 0, 6..11 to player 1;
// here `own`/`opp` byte i is house i of the mover's / the other row.
mod oware {
    use super::*;

    pub const END_NAMES: [&str; 4] = ["score_majority", "no_feeding_move", "repetition", "ply_cap"];
    const ROW4: u64 = 0x0404_0404_0404;
    /// Feeding thresholds: house j reaches the opponent's row iff it holds at
    /// least 6 - j seeds (a lap of 12+ always does); byte j holds 6 - j.
    const FEED_T: u64 = 0x0102_0304_0506;

    /// Per own house j and seed count n:
    /// .0 = the deltas (own, opp) of the whole sowing, the emptied origin included
    ///      (the origin is skipped on every lap);
    /// .1 = the house of the opponent's row that gets the last seed, or 6 when
    ///      it lands in the mover's own row (no capture possible).
    const fn sow_tables() -> ([[[u64; 2]; 49]; 6], [[u8; 49]; 6]) {
        let mut delta = [[[0u64; 2]; 49]; 6];
        let mut rel = [[6u8; 49]; 6];
        let mut j = 0;
        while j < 6 {
            let mut n = 1;
            while n <= 48 {
                let mut c = [0i64; 16];
                c[j] -= n as i64;
                let mut pos = j;
                let mut k = 0;
                while k < n {
                    pos = (pos + 1) % 12;
                    if pos == j {
                        pos = (pos + 1) % 12;
                    }
                    c[pos] += 1;
                    k += 1;
                }
                delta[j][n] = [pack(&c, 0, 6), pack(&c, 6, 6)];
                if pos >= 6 {
                    rel[j][n] = (pos - 6) as u8;
                }
                n += 1;
            }
            j += 1;
        }
        (delta, rel)
    }
    static SOW: ([[[u64; 2]; 49]; 6], [[u8; 49]; 6]) = sow_tables();

    /// .0[m][k]: the run of set bits of m from bit k downward (k = 6: none):
    /// the chain a capture ending in house k takes when m marks the houses
    /// holding 2 or 3. .1[c]: the byte mask of the 6-bit house mask c.
    const fn cap_tables() -> ([[u8; 8]; 64], [u64; 64]) {
        let mut chain = [[0u8; 8]; 64];
        let mut bytes = [0u64; 64];
        let mut m = 0;
        while m < 64 {
            let mut k = 0;
            while k < 6 {
                let mut c = 0u8;
                let mut i = k as i32;
                while i >= 0 && (m >> i) & 1 == 1 {
                    c |= 1 << i;
                    i -= 1;
                }
                chain[m][k] = c;
                if (m >> k) & 1 == 1 {
                    bytes[m] |= 0xFF << (8 * k);
                }
                k += 1;
            }
            m += 1;
        }
        (chain, bytes)
    }
    static CAP: ([[u8; 8]; 64], [u64; 64]) = cap_tables();

    #[derive(Clone, Copy)]
    pub struct Pos {
        pub own: u64,
        pub opp: u64,
        pub own_score: u8,
        pub opp_score: u8,
        /// The player to move (0 or 1).
        pub side: u8,
    }

    pub const fn start() -> Pos {
        Pos { own: ROW4, opp: ROW4, own_score: 0, opp_score: 0, side: 0 }
    }

    /// The legal moves as a 6-bit mask of own houses.
    #[inline(always)]
    pub fn legal(p: &Pos) -> usize {
        let t = if p.opp == 0 { FEED_T } else { ONES6 };
        movemask6(((p.own | H6) - t) & H6)
    }

    /// Plays own house `j`; returns whether it captured.
    #[inline(always)]
    pub fn apply(p: &mut Pos, j: usize) -> bool {
        let n = byte(p.own, j) as usize;
        let d = SOW.0[j][n];
        let own = p.own.wrapping_add(d[0]);
        let opp = p.opp.wrapping_add(d[1]);
        // Opponent houses holding 2 or 3, as 6 bits; the chain from the last house.
        let x = (opp & 0xFEFE_FEFE_FEFE) ^ 0x0202_0202_0202;
        let m23 = movemask6((((x | H6) - ONES6) & H6) ^ H6);
        let bm = CAP.1[CAP.0[m23][SOW.1[j][n] as usize] as usize];
        let rest = opp & !bm;
        // A capture unless it would empty the row (grand slam: captures nothing).
        let captured = bm != 0 && rest != 0;
        let mover_score = p.own_score;
        p.own_score = p.opp_score;
        p.own = if captured { rest } else { opp };
        p.opp_score = mover_score + if captured { byte_sum(opp & bm) as u8 } else { 0 };
        p.opp = own;
        p.side ^= 1;
        captured
    }

    /// Player 0's and player 1's rows.
    pub fn rows(p: &Pos) -> [u64; 2] {
        if p.side == 0 { [p.own, p.opp] } else { [p.opp, p.own] }
    }

    /// Final scores: each player adds the seeds of their own row (for the
    /// no-feeding end all seeds are in the mover's row, so this is the same).
    pub fn final_scores(p: &Pos) -> [u32; 2] {
        let own = u32::from(p.own_score) + byte_sum(p.own);
        let opp = u32::from(p.opp_score) + byte_sum(p.opp);
        if p.side == 0 { [own, opp] } else { [opp, own] }
    }

    /// Positions seen since the last capture (the scores are then constant, so
    /// the key is the two rows and the player to move), with a 1024-bit filter
    /// so that the list is scanned only on a filter hit.
    pub struct History {
        keys: [u128; PLY_CAP as usize + 2],
        len: usize,
        filter: [u64; 16],
    }
    impl History {
        pub fn new() -> Box<History> {
            Box::new(History { keys: [0; PLY_CAP as usize + 2], len: 0, filter: [0; 16] })
        }
        #[inline(always)]
        fn key(p: &Pos) -> (u128, usize, u32) {
            let k = u128::from(p.own) | u128::from(p.opp) << 48 | u128::from(p.side) << 96;
            let h = ((p.own ^ p.opp.rotate_left(29) ^ u64::from(p.side)).wrapping_mul(0x9E37_79B9_7F4A_7C15)
                >> 54) as usize;
            (k, h >> 6, (h & 63) as u32)
        }
        /// Forgets everything and records `p`.
        #[inline(always)]
        pub fn reset(&mut self, p: &Pos) {
            self.filter = [0; 16];
            let (k, w, bit) = Self::key(p);
            self.filter[w] = 1 << bit;
            self.keys[0] = k;
            self.len = 1;
        }
        /// Whether `p` was seen; records it otherwise.
        #[inline(always)]
        pub fn repeated(&mut self, p: &Pos) -> bool {
            let (k, w, bit) = Self::key(p);
            if self.filter[w] >> bit & 1 == 1 && self.keys[..self.len].contains(&k) {
                return true;
            }
            self.filter[w] |= 1 << bit;
            self.keys[self.len] = k;
            self.len += 1;
            false
        }
    }

    /// One random game; returns (plies, end index, final position).
    #[inline(always)]
    pub fn playout<const STATS: bool>(rng: &mut Rng, h: &mut History, legal_sum: &mut u64) -> (u32, usize, Pos) {
        let mut p = start();
        h.reset(&p);
        let mut plies = 0u32;
        let end = loop {
            if plies >= PLY_CAP {
                break 3;
            }
            let m = legal(&p);
            if m == 0 {
                break 1;
            }
            let j = pick(rng, m, legal_sum, STATS);
            plies += 1;
            if apply(&mut p, j) {
                if p.opp_score > 24 {
                    break 0;
                }
                h.reset(&p);
            } else if h.repeated(&p) {
                break 2;
            }
        };
        (plies, end, p)
    }

    pub fn perft(p: &Pos, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        if p.own_score > 24 || p.opp_score > 24 {
            return 0;
        }
        let mut m = legal(p);
        if depth == 1 {
            return u64::from(m.count_ones());
        }
        let mut total = 0;
        while m != 0 {
            let j = m.trailing_zeros() as usize;
            m &= m - 1;
            let mut q = *p;
            apply(&mut q, j);
            total += perft(&q, depth - 1);
        }
        total
    }
}

// ---------------------------------------------------------------------------
// OpenSpiel mancala (Kalah). OpenSpiel's board: slot 0 = player 1's store,
// 1..6 player 0's pits, 7 = player 0's store, 8..13 player 1's pits. Here
// `own`/`opp` bytes 0..5 are a player's pits in sowing order, byte 6 the store.
mod kalah {
    use super::*;

    pub const END_NAMES: [&str; 4] = ["p0_side_empty", "p1_side_empty", "both_sides_empty", "ply_cap"];
    const ROW4: u64 = 0x0404_0404_0404;
    pub const STORE: usize = 6;

    /// Per own pit j and seed count n: .0 = the deltas (own, opp) of the sowing
    /// (13-slot cycle: own pits, own store, opponent's pits; the origin is not
    /// skipped); .1 = where the last seed lands: own pit 0..5, 6 = own store,
    /// 7 = the opponent's row.
    const fn sow_tables() -> ([[[u64; 2]; 49]; 6], [[u8; 49]; 6]) {
        let mut delta = [[[0u64; 2]; 49]; 6];
        let mut last = [[0u8; 49]; 6];
        let mut j = 0;
        while j < 6 {
            let mut n = 1;
            while n <= 48 {
                let mut c = [0i64; 16];
                c[j] -= n as i64;
                let mut pos = j;
                let mut k = 0;
                while k < n {
                    pos = (pos + 1) % 13;
                    c[pos] += 1;
                    k += 1;
                }
                delta[j][n] = [pack(&c, 0, 7), pack(&c, 7, 6)];
                last[j][n] = if pos <= 6 { pos as u8 } else { 7 };
                n += 1;
            }
            j += 1;
        }
        (delta, last)
    }
    static SOW: ([[[u64; 2]; 49]; 6], [[u8; 49]; 6]) = sow_tables();

    #[derive(Clone, Copy)]
    pub struct Pos {
        pub own: u64,
        pub opp: u64,
        pub side: u8,
    }

    pub const fn start() -> Pos {
        Pos { own: ROW4, opp: ROW4, side: 0 }
    }

    #[inline(always)]
    pub fn legal(p: &Pos) -> usize {
        movemask6(((p.own & M48 | H6) - ONES6) & H6)
    }

    /// Either row empty (checked after every ply, whoever moves next).
    #[inline(always)]
    pub fn terminal(p: &Pos) -> bool {
        p.own & M48 == 0 || p.opp & M48 == 0
    }

    #[inline(always)]
    pub fn apply(p: &mut Pos, j: usize) {
        let n = byte(p.own, j) as usize;
        let d = SOW.0[j][n];
        let mut own = p.own.wrapping_add(d[0]);
        let mut opp = p.opp.wrapping_add(d[1]);
        let last = SOW.1[j][n] as usize;
        if last == STORE {
            // Extra turn.
            p.own = own;
            p.opp = opp;
            return;
        }
        if last < STORE && byte(own, last) == 1 {
            let v = u64::from(byte(opp, 5 - last));
            if v > 0 {
                own = own - (1 << (8 * last)) + ((v + 1) << (8 * STORE));
                opp -= v << (8 * (5 - last));
            }
        }
        p.own = opp;
        p.opp = own;
        p.side ^= 1;
    }

    /// Player 0's and player 1's rows (pits and store).
    pub fn rows(p: &Pos) -> [u64; 2] {
        if p.side == 0 { [p.own, p.opp] } else { [p.opp, p.own] }
    }

    /// Final counts: own pits plus own store.
    pub fn final_scores(p: &Pos) -> [u32; 2] {
        let [r0, r1] = rows(p);
        [byte_sum(r0), byte_sum(r1)]
    }

    #[inline(always)]
    pub fn playout<const STATS: bool>(rng: &mut Rng, legal_sum: &mut u64) -> (u32, usize, Pos) {
        let mut p = start();
        let mut plies = 0u32;
        let end = loop {
            if plies >= PLY_CAP {
                break 3;
            }
            let j = pick(rng, legal(&p), legal_sum, STATS);
            apply(&mut p, j);
            plies += 1;
            if terminal(&p) {
                let [r0, r1] = rows(&p);
                let (e0, e1) = (r0 & M48 == 0, r1 & M48 == 0);
                break if e0 && e1 { 2 } else if e0 { 0 } else { 1 };
            }
        };
        (plies, end, p)
    }

    pub fn perft(p: &Pos, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        if terminal(p) {
            return 0;
        }
        let mut m = legal(p);
        if depth == 1 {
            return u64::from(m.count_ones());
        }
        let mut total = 0;
        while m != 0 {
            let j = m.trailing_zeros() as usize;
            m &= m - 1;
            let mut q = *p;
            apply(&mut q, j);
            total += perft(&q, depth - 1);
        }
        total
    }
}

#[derive(Clone, Copy, PartialEq)]
enum GameKind {
    Oware,
    Kalah,
}

/// Plays `games` games, or batches of 256 games until `seconds` have passed
/// (the clock is read once per batch, as `sow bench` does).
fn run(kind: GameKind, rng: &mut Rng, games: Option<u64>, seconds: Option<f64>, stats: bool) -> (Tally, f64) {
    let mut t = Tally::default();
    let mut hist = oware::History::new();
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
                let (plies, end, scores, captured) = match kind {
                    GameKind::Oware => {
                        let (pl, e, p) = oware::playout::<$stats>(rng, &mut hist, &mut legal_sum);
                        (pl, e, oware::final_scores(&p), u32::from(p.own_score) + u32::from(p.opp_score))
                    }
                    GameKind::Kalah => {
                        let (pl, e, p) = kalah::playout::<$stats>(rng, &mut legal_sum);
                        (pl, e, kalah::final_scores(&p), byte(p.own, kalah::STORE) + byte(p.opp, kalah::STORE))
                    }
                };
                t.games += 1;
                t.plies += u64::from(plies);
                // Decide the winner, as every playout must (once per game).
                let w = if scores[0] > scores[1] { 0 } else if scores[1] > scores[0] { 1 } else { 2 };
                if $stats {
                    t.plies_sq += u128::from(plies) * u128::from(plies);
                    t.max_plies = t.max_plies.max(plies);
                    t.ends[end] += 1;
                    t.captured += u64::from(captured);
                    t.captured_sq += u64::from(captured) * u64::from(captured);
                    assert_eq!(scores[0] + scores[1], 48);
                    if end == 3 {
                        t.capped += 1;
                    } else {
                        t.wins[w] += 1;
                    }
                } else {
                    t.wins[w] += 1;
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

/// Replays OpenSpiel's recorded games (see tools/jsonl_to_replay.py) and checks
/// every state: the player to move, the legal moves, every pit and score or
/// store, when the game ends, and the final scores. Returns (games, plies).
fn replay(kind: GameKind, text: &str) -> Result<(u64, u64), String> {
    let (mut games, mut plies) = (0u64, 0u64);
    for (line_no, line) in text.lines().enumerate() {
        let v: Vec<i64> = line.split_whitespace().map(|x| x.parse().unwrap()).collect();
        let n = v[0] as usize;
        let actions = &v[1..1 + n];
        let state = |k: usize| &v[1 + n + 16 * k..1 + n + 16 * (k + 1)];
        let fin = [v[1 + n + 16 * (n + 1)] as u32, v[2 + n + 16 * (n + 1)] as u32];
        let err = |k: usize, what: &str| format!("game {line_no} state {k}: {what}");
        match kind {
            GameKind::Oware => {
                let mut h = oware::History::new();
                let mut p = oware::start();
                h.reset(&p);
                let mut over = false;
                for k in 0..=n {
                    let s = state(k);
                    let m = oware::legal(&p) as i64;
                    if k == n {
                        // OpenSpiel: terminal, the board collected.
                        if s[0] != 9 {
                            return Err(err(k, "recorded game not over"));
                        }
                        if !over && m != 0 {
                            return Err(err(k, "game should be over"));
                        }
                        if oware::final_scores(&p) != fin {
                            return Err(err(k, "final scores"));
                        }
                        break;
                    }
                    if over {
                        return Err(err(k, "ended too early"));
                    }
                    if s[0] != i64::from(p.side) {
                        return Err(err(k, "to move"));
                    }
                    if s[1] != m {
                        return Err(err(k, "legal moves"));
                    }
                    let rows = oware::rows(&p);
                    for i in 0..12 {
                        if s[2 + i] != i64::from(byte(rows[i / 6], i % 6)) {
                            return Err(err(k, "houses"));
                        }
                    }
                    let scores = if p.side == 0 { [p.own_score, p.opp_score] } else { [p.opp_score, p.own_score] };
                    if s[14] != i64::from(scores[0]) || s[15] != i64::from(scores[1]) {
                        return Err(err(k, "scores"));
                    }
                    if oware::apply(&mut p, actions[k] as usize) {
                        over = p.opp_score > 24;
                        h.reset(&p);
                    } else {
                        over = h.repeated(&p);
                    }
                    plies += 1;
                }
            }
            GameKind::Kalah => {
                let mut p = kalah::start();
                for k in 0..=n {
                    let s = state(k);
                    let [r0, r1] = kalah::rows(&p);
                    let mut board = [0i64; 14];
                    board[0] = i64::from(byte(r1, 6));
                    board[7] = i64::from(byte(r0, 6));
                    for i in 0..6 {
                        board[1 + i] = i64::from(byte(r0, i));
                        board[8 + i] = i64::from(byte(r1, i));
                    }
                    if s[2..16] != board {
                        return Err(err(k, "board"));
                    }
                    if k == n {
                        if s[0] != 9 || !kalah::terminal(&p) {
                            return Err(err(k, "should be over"));
                        }
                        if kalah::final_scores(&p) != fin {
                            return Err(err(k, "final counts"));
                        }
                        break;
                    }
                    if kalah::terminal(&p) {
                        return Err(err(k, "ended too early"));
                    }
                    if s[0] != i64::from(p.side) {
                        return Err(err(k, "to move"));
                    }
                    let first = 1 + 7 * usize::from(p.side);
                    if s[1] != (kalah::legal(&p) as i64) << first {
                        return Err(err(k, "legal moves"));
                    }
                    kalah::apply(&mut p, actions[k] as usize - first);
                    plies += 1;
                }
            }
        }
        games += 1;
    }
    Ok((games, plies))
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let get = |name: &str| args.iter().position(|a| a == name).and_then(|i| args.get(i + 1)).cloned();
    let kind = match get("--game").as_deref() {
        Some("oware") => GameKind::Oware,
        Some("kalah") | Some("mancala") => GameKind::Kalah,
        _ => {
            eprintln!("usage: native-oware --game oware|kalah (--seconds S | --games N | --perft D | --replay FILE) [--seed X]");
            std::process::exit(2);
        }
    };
    let name = if kind == GameKind::Oware { "oware" } else { "kalah" };
    let seed: u64 = get("--seed").and_then(|s| s.parse().ok()).unwrap_or(0x9E37_79B9_7F4A_7C15);
    if let Some(path) = get("--replay") {
        let text = std::fs::read_to_string(&path).expect("replay file");
        match replay(kind, &text) {
            Ok((g, n)) => {
                println!("{{\"game\":\"{name}\",\"replay\":\"{path}\",\"games\":{g},\"plies\":{n},\"mismatches\":0}}")
            }
            Err(e) => {
                println!("{{\"game\":\"{name}\",\"replay\":\"{path}\",\"error\":\"{e}\"}}");
                std::process::exit(1);
            }
        }
        return;
    }
    if let Some(d) = get("--perft").and_then(|s| s.parse::<u32>().ok()) {
        let mut out = Vec::new();
        for depth in 1..=d {
            let t0 = Instant::now();
            let n = match kind {
                GameKind::Oware => oware::perft(&oware::start(), depth),
                GameKind::Kalah => kalah::perft(&kalah::start(), depth),
            };
            out.push(format!("{{\"depth\":{depth},\"leaves\":{n},\"seconds\":{:.6}}}", t0.elapsed().as_secs_f64()));
        }
        println!("{{\"game\":\"{name}\",\"perft\":[{}]}}", out.join(","));
        return;
    }
    let games: Option<u64> = get("--games").and_then(|s| s.parse().ok());
    let seconds: Option<f64> = get("--seconds").and_then(|s| s.parse().ok());
    let (games, seconds, stats) = match (games, seconds) {
        (Some(g), _) => (Some(g), None, true),
        (None, Some(s)) => (None, Some(s), false),
        (None, None) => (None, Some(5.0), false),
    };
    let mut rng = Rng(seed);
    let (t, secs) = run(kind, &mut rng, games, seconds, stats);
    let g = t.games as f64;
    let mean = t.plies as f64 / g;
    let mut json = format!(
        "{{\"game\":\"{name}\",\"games\":{},\"plies\":{},\"seconds\":{secs:.6},\"games_per_s\":{:.1},\"plies_per_s\":{:.1},\"mean_plies\":{mean:.6}",
        t.games,
        t.plies,
        g / secs,
        t.plies as f64 / secs
    );
    if stats {
        let var = (t.plies_sq as f64 / g - mean * mean) * g / (g - 1.0);
        let names = if kind == GameKind::Oware { oware::END_NAMES } else { kalah::END_NAMES };
        let ends: Vec<String> = names.iter().zip(t.ends).map(|(n, c)| format!("\"{n}\":{c}")).collect();
        json += &format!(
            ",\"seed\":{seed},\"sd_plies\":{:.6},\"se_mean_plies\":{:.6},\"max_plies\":{},\"wins\":{{\"south\":{},\"north\":{},\"draws\":{}}},\"capped\":{},\"ends\":{{{}}},\"mean_captured\":{:.6},\"sd_captured\":{:.6},\"branching\":{:.6}",
            var.sqrt(),
            (var / g).sqrt(),
            t.max_plies,
            t.wins[0],
            t.wins[1],
            t.wins[2],
            t.capped,
            ends.join(","),
            t.captured as f64 / g,
            ((t.captured_sq as f64 / g - (t.captured as f64 / g).powi(2)) * g / (g - 1.0)).sqrt(),
            t.legal_moves as f64 / t.plies as f64
        );
    } else {
        json += &format!(",\"south_wins\":{},\"north_wins\":{},\"draws\":{}", t.wins[0], t.wins[1], t.wins[2]);
    }
    println!("{json}}}");
}
