//! Exact values inside a group too large for the search over every set of
//! members seen ([`cycles`](super::cycles)): a depth-first minimax over
//! (position, the members on the current path), one member at a time.
//!
//! The value wanted for a member is that of the game starting there with
//! nothing seen but itself: a move to a member on the path ends the game by
//! repetition, worth what the rules give at the member repeated; a move out
//! of the group is worth its exact value (the positions outside were solved
//! first). The search is alpha-beta (fail-soft, South maximises), with:
//! - the window of the member's proven bounds at the root;
//! - bounds that hold whatever the path, at every node: a member whose
//!   mover can force the play out of the group on terms worth at least `l`
//!   for South (the lower bound of [`LocalGroup::bounds`]) can do so without
//!   meeting any position twice, so the only way the play can stop short is
//!   a repetition of a member on the path: the value is at least the least
//!   of `l` and the path's repetition values (likewise for the upper bound);
//! - a table of results keyed by (member, the set of members on the path),
//!   the set by two independent 64-bit hashes of its members;
//! - the graph-history interaction handled as Kishimoto and Müller propose:
//!   every result carries the shallowest path depth whose member it met by a
//!   repetition. A result that met no member above its own node holds for
//!   that member with nothing else seen (the same search tree is a search
//!   of that game), so each search also bounds, or settles, the
//!   history-free values of the members it passes through ([`PathSearch::free`]).
//!
//! A member's search that outgrows [`NODE_BUDGET`] is abandoned, and its
//! value stays within its proven bounds, reported as not proven exact.

use rustc_hash::FxHashMap;

use super::bounds::LocalGroup;

/// Most nodes one member's search may visit before it is abandoned.
pub(crate) const NODE_BUDGET: u64 = 250_000;

/// Most nodes the searches of one group may visit in all, by default.
pub const SEARCH_NODES: u64 = 50_000_000;

/// Longest path a search may follow (its recursion depth).
const MAX_DEPTH: u32 = 400_000;

/// Stack for the searches' recursion (reserved, used as the path grows).
pub(crate) const STACK_BYTES: usize = 512 << 20;

/// Runs `run` on a thread with a stack of [`STACK_BYTES`] (the searches
/// recurse as deep as the paths they follow); `None` if the thread cannot
/// be made or panics.
pub(crate) fn on_search_stack<T: Send>(run: impl FnOnce() -> T + Send) -> Option<T> {
    std::thread::scope(|scope| {
        std::thread::Builder::new()
            .stack_size(STACK_BYTES)
            .spawn_scoped(scope, run)
            .ok()
            .and_then(|handle| handle.join().ok())
    })
}

/// Most entries in the table of (member, path) results; it is emptied when
/// full (slower, still exact).
const TABLE_ENTRIES: usize = 4_000_000;

/// A search outgrew its budget or the deepest path allowed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Abandoned;

/// A stored result for one (member, path) state: bounds for South, and
/// whether it met no member of the path but its own.
#[derive(Debug, Clone, Copy)]
struct Entry {
    low: i16,
    high: i16,
    free: bool,
}

/// The search of one group (values for South throughout).
pub(crate) struct PathSearch<'a> {
    group: &'a LocalGroup,
    /// What a repetition at each member is worth, for South.
    repeat: &'a [i16],
    /// The least repetition value (the first value class).
    offset: i16,
    /// Each member's lower bound: the forcing player secures it through
    /// members settled before it ([`LocalGroup::bounds_in_order`]), so
    /// only those of them on the path can stop the play short.
    lower: Vec<i16>,
    lower_order: Vec<u32>,
    /// Each member's upper bound, likewise.
    upper: Vec<i16>,
    upper_order: Vec<u32>,
    /// For each repetition value (from `offset` up), the least settling
    /// order, for the lower and the upper bound, of a path member worth it.
    first_lower: Vec<u32>,
    first_upper: Vec<u32>,
    /// What each push overwrote in `first_lower` and `first_upper`.
    undo: Vec<(u32, u32)>,
    /// Moves inside, each member's ordered best first for its mover.
    moves: Vec<u32>,
    /// Depth of each member on the path (`u32::MAX`: not on it).
    depth_of: Vec<u32>,
    hash: (u64, u64),
    table: FxHashMap<(u32, u64, u64), Entry>,
    nodes: u64,
    /// Most nodes one search may visit ([`NODE_BUDGET`] unless set).
    budget: u64,
    /// Nodes visited by every search so far.
    pub total_nodes: u64,
    /// Proven bounds on each member's value with nothing seen but itself,
    /// for South, narrowed by every search.
    pub free: Vec<[i16; 2]>,
}

impl<'a> PathSearch<'a> {
    /// The search of `group` (its exits exact), whose members' repetitions
    /// are worth `repeat` for South; `hint` orders the moves (any values
    /// for South, best guesses first); `free` starts as the proven bounds.
    pub fn new(
        group: &'a LocalGroup,
        repeat: &'a [i16],
        hint: &[i16],
        free: Vec<[i16; 2]>,
    ) -> Self {
        let n = group.south.len();
        let ([lower, upper], [lower_order, upper_order]) = group.bounds_in_order();
        let exits = group.exit.iter().flatten().copied();
        let floor = exits
            .clone()
            .chain(repeat.iter().copied())
            .min()
            .unwrap_or(0);
        let ceil = exits.chain(repeat.iter().copied()).max().unwrap_or(0);
        let offset = repeat.iter().copied().min().unwrap_or(0);
        let classes = (repeat.iter().copied().max().unwrap_or(0) - offset) as usize + 1;
        let mut moves = group.succ.clone();
        for p in 0..n {
            let mine = &mut moves[group.first[p] as usize..group.first[p + 1] as usize];
            if group.south[p] {
                mine.sort_by_key(|&q| std::cmp::Reverse(hint[q as usize]));
            } else {
                mine.sort_by_key(|&q| hint[q as usize]);
            }
        }
        PathSearch {
            group,
            repeat,
            offset,
            lower: lower.iter().map(|l| l.unwrap_or(floor)).collect(),
            lower_order,
            upper: upper.iter().map(|u| u.unwrap_or(ceil)).collect(),
            upper_order,
            first_lower: vec![u32::MAX; classes],
            first_upper: vec![u32::MAX; classes],
            undo: Vec::new(),
            moves,
            depth_of: vec![u32::MAX; n],
            hash: (0, 0),
            table: FxHashMap::default(),
            nodes: 0,
            budget: NODE_BUDGET,
            total_nodes: 0,
            free,
        }
    }

    /// As [`PathSearch::new`], each search visiting at most `budget` nodes.
    pub fn with_budget(mut self, budget: u64) -> Self {
        self.budget = budget;
        self
    }

    /// The value for South of member `root` reached after the members
    /// `path` (distinct, in the order seen, `root` not among them), all of
    /// them since the stones on the board last changed: a move to any of
    /// them ends the game by repetition. `guess` (for South) is tested
    /// first: its value with nothing seen but itself is often the answer.
    /// `None` when the search is abandoned.
    pub fn value_after(&mut self, path: &[u32], root: u32, guess: i16) -> Option<i16> {
        self.nodes = 0;
        for &m in path {
            self.push(m);
        }
        self.push(root);
        let (mut low, mut high) = self.path_bounds(root as usize);
        let mut guess = Some(guess.clamp(low, high));
        let value = loop {
            if low >= high {
                break Some(low);
            }
            // Is the value at least `test`? Either answer narrows the bounds.
            let test = match guess.take() {
                Some(g) if g > low => g,
                Some(g) => g + 1,
                None => low + (high - low + 1) / 2,
            };
            match self.search(root, test - 1, test) {
                Ok((v, _)) if v >= test => low = v,
                Ok((v, _)) => high = v,
                Err(Abandoned) => break None,
            }
        };
        self.pop(root);
        for &m in path.iter().rev() {
            self.pop(m);
        }
        self.total_nodes += self.nodes;
        value
    }

    /// Settles member `root`'s value with nothing seen but itself, for
    /// South, searching within its bounds in [`PathSearch::free`]; `None`
    /// when the search is abandoned (the bounds may still have narrowed).
    pub fn settle(&mut self, root: u32) -> Option<i16> {
        self.nodes = 0;
        loop {
            let [low, high] = self.free[root as usize];
            if low == high {
                self.total_nodes += self.nodes;
                return Some(low);
            }
            // Is the value at least `test`? Either answer narrows the bounds.
            let test = low + (high - low + 1) / 2;
            self.push(root);
            let result = self.search(root, test - 1, test);
            self.pop(root);
            if result.is_err() {
                self.total_nodes += self.nodes;
                return None;
            }
        }
    }

    fn push(&mut self, m: u32) {
        let a = m as usize;
        self.depth_of[a] = self.undo.len() as u32;
        let class = (self.repeat[a] - self.offset) as usize;
        let before = (self.first_lower[class], self.first_upper[class]);
        self.first_lower[class] = before.0.min(self.lower_order[a]);
        self.first_upper[class] = before.1.min(self.upper_order[a]);
        self.undo.push(before);
        let (x, y) = member_hashes(m);
        self.hash = (self.hash.0 ^ x, self.hash.1 ^ y);
    }

    fn pop(&mut self, m: u32) {
        let a = m as usize;
        self.depth_of[a] = u32::MAX;
        let class = (self.repeat[a] - self.offset) as usize;
        if let Some((lower, upper)) = self.undo.pop() {
            self.first_lower[class] = lower;
            self.first_upper[class] = upper;
        }
        let (x, y) = member_hashes(m);
        self.hash = (self.hash.0 ^ x, self.hash.1 ^ y);
    }

    /// Bounds for South on member `at`'s value given the path (`at` at its
    /// end), and with nothing seen but `at`: its forced bounds, widened by
    /// the repetition values of the path members its forcing play can meet.
    fn path_bounds(&self, at: usize) -> (i16, i16) {
        let mut low = self.lower[at];
        for (class, &first) in self.first_lower.iter().enumerate() {
            let value = self.offset + class as i16;
            if value >= low {
                break;
            }
            if first < self.lower_order[at] {
                low = value;
                break;
            }
        }
        let mut high = self.upper[at];
        for (class, &first) in self.first_upper.iter().enumerate().rev() {
            let value = self.offset + class as i16;
            if value <= high {
                break;
            }
            if first < self.upper_order[at] {
                high = value;
                break;
            }
        }
        (low, high)
    }

    /// The value for South of member `at` (on the path, at its end) given
    /// the path, within the window `(alpha, beta)` (fail-soft), and the
    /// shallowest depth of a path member the result depends on.
    fn search(&mut self, at: u32, mut alpha: i16, mut beta: i16) -> Result<(i16, u32), Abandoned> {
        self.nodes += 1;
        let depth = self.undo.len() as u32 - 1;
        if self.nodes > self.budget || depth > MAX_DEPTH {
            return Err(Abandoned);
        }
        let a = at as usize;
        // These bounds hold with nothing seen but `at` too (they only
        // widen the forced ones).
        let (low, high) = self.path_bounds(a);
        if low >= beta || high <= alpha || low == high {
            let value = if low >= beta { low } else { high };
            self.narrow_free(a, low, high);
            return Ok((value, depth));
        }
        let key = (at, self.hash.0, self.hash.1);
        if let Some(e) = self.table.get(&key) {
            let reach = if e.free { depth } else { 0 };
            if e.low >= beta || e.low == e.high {
                return Ok((e.low, reach));
            }
            if e.high <= alpha {
                return Ok((e.high, reach));
            }
        }
        let (alpha0, beta0) = (alpha, beta);
        let south = self.group.south[a];
        let mut reach = depth;
        let mut best = match (self.group.exit[a], south) {
            (Some(e), _) => e,
            (None, true) => i16::MIN,
            (None, false) => i16::MAX,
        };
        let range = self.group.first[a] as usize..self.group.first[a + 1] as usize;
        for i in range {
            if south {
                alpha = alpha.max(best);
            } else {
                beta = beta.min(best);
            }
            if alpha >= beta {
                break;
            }
            let next = self.moves[i];
            let (value, r) = match self.depth_of[next as usize] {
                u32::MAX => {
                    self.push(next);
                    let result = self.search(next, alpha, beta);
                    self.pop(next);
                    result?
                }
                d => (self.repeat[next as usize], d),
            };
            reach = reach.min(r);
            best = if south {
                best.max(value)
            } else {
                best.min(value)
            };
        }
        let (low, high) = if best <= alpha0 {
            (i16::MIN, best)
        } else if best >= beta0 {
            (best, i16::MAX)
        } else {
            (best, best)
        };
        let free = reach >= depth;
        if free {
            self.narrow_free(a, low, high);
        }
        if self.table.len() >= TABLE_ENTRIES {
            self.table.clear();
        }
        self.table.insert(key, Entry { low, high, free });
        Ok((best, reach))
    }

    fn narrow_free(&mut self, at: usize, low: i16, high: i16) {
        let [l, h] = &mut self.free[at];
        *l = (*l).max(low);
        *h = (*h).min(high);
    }
}

/// Two independent 64-bit hashes of member `m` (SplitMix64 finalisers), to
/// key a set of members by the exclusive or of theirs.
pub(crate) fn member_hashes(m: u32) -> (u64, u64) {
    let mix = |mut z: u64| {
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    };
    let x = u64::from(m)
        .wrapping_add(1)
        .wrapping_mul(0x9e37_79b9_7f4a_7c15);
    (mix(x), mix(x ^ 0xd1b5_4a32_d192_ed03))
}
