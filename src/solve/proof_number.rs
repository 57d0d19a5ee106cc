//! Exact values inside a large group by proof-number search: one test at a
//! time ("is this member's value, with nothing seen but itself, at least
//! `t` for South?"), searched depth first with thresholds (df-pn, Nagai's
//! depth-first form of Allis's proof-number search; South the OR player).
//!
//! A node is a member with the set of members on the path to it: a move to
//! a member on the path is the repetition it is (a win for South when the
//! rules give South at least `t` there), a move out of the group is worth
//! its exact value. Proof and disproof numbers start from the moves a new
//! node has, so that short proofs are found first: where the paths of a
//! large group are long, a plain alpha-beta search follows them to the end
//! before trying another move, and a best-first search does not.
//!
//! A member is decided at once, whatever the path, when its mover's
//! opponent cannot keep the play in the group and its mover can force a
//! good exit (the attractor of the exits worth at least `t` for South, or
//! below it for North) without meeting a member of the path whose
//! repetition would be bad for it: the forcing play only visits members
//! closer to the exit than the one it starts from, so only those of them on
//! the path can stop it short.
//!
//! # Transpositions and the graph-history interaction
//!
//! Two tables share work between paths:
//! - by (test value, member, set of members on the path), the set known by
//!   two independent 64-bit hashes of its members: proof and disproof
//!   numbers, decided or not. The value of a member depends on the path
//!   only through that set, so an entry holds wherever the same set comes
//!   back. The table holds at most [`TABLE_ENTRIES`] results for all test
//!   values together; when full it forgets the half that cost the least
//!   work ([`WorkedTable`]), so a long test keeps its costly results.
//! - by member alone: a few decided results, each with its [`Dependence`],
//!   after Kishimoto and Müller. A decided result is a proof tree: the
//!   winner's chosen move at its nodes, every move at the loser's, leaves
//!   that are exits, forced exits (attractor) or repetitions of members on
//!   the path. It holds on another path, at the same member, when every
//!   leaf is still what it was and no node of the tree is cut short:
//!   1. every member of the old path whose repetition it ends at (all of
//!      them good for the winner) is on the new path too: their repetitions
//!      are still there;
//!   2. no member of the new path whose repetition is bad for the winner is
//!      a node of the tree (a filter of the tree's members, which may only
//!      err by seeing one too many), nor lies within reach of one of its
//!      forced exits (attractor rank below the highest one it forces from):
//!      else the play would end there, badly for the winner.
//!
//!   Members of the new path good for the winner can only end the play
//!   sooner, as a win for it: where the tree goes on, the winner wins too.
//!   Members of the old path that are neither leaves nor in the tree do not
//!   enter it. So under 1 and 2 the same tree is a proof on the new path.
//!
//! A result whose only repetitions are of its own member holds with nothing
//! else seen (condition 1 with the path being the member alone, and 2 holds
//! for an empty path): each test also settles the members it so decides
//! ([`ProofSearch::free`]).

use std::rc::Rc;

use rustc_hash::FxHashMap;

use super::bounds::LocalGroup;
use super::history::member_hashes;
use super::worked_table::WorkedTable;

/// Most nodes one test may visit before it is abandoned, in each round of
/// tests (each round tries again the members the rounds before left open).
pub(crate) const TEST_NODES: [u64; 3] = [1_000, 10_000, 100_000];

/// Most results of the table by (test value, member, path), for every test
/// value together: the most an 8M-slot hash table holds (48 bytes a slot, so
/// 400 MiB), plus, for a decided result, what it relies on (about 220 bytes).
/// The table then forgets its cheaper half (slower, still exact).
const TABLE_ENTRIES: usize = 7 << 20;

/// Decided results kept for reuse on other paths, for each member.
const PROOFS_PER_MEMBER: usize = 6;

/// A proof or disproof number that stands for infinity.
const INFINITE: u32 = u32::MAX / 4;

/// Not on the path; no rank.
const NONE: u32 = u32::MAX;

/// What a decided result relies on, beyond its own member (see the module
/// documentation).
#[derive(Debug, Default)]
struct Dependence {
    /// Members above its node whose repetition ends a line of the proof
    /// tree (sorted).
    repeats: Vec<u32>,
    /// A filter of the members of the proof tree (one bit each, hashed).
    tree: [u64; 16],
    /// One more than the highest attractor rank the proof tree forces an
    /// exit from (0: none).
    forced: u32,
}

/// What an undecided result relies on: nothing yet.
static NO_DEPENDENCE: Dependence = Dependence {
    repeats: Vec::new(),
    tree: [0; 16],
    forced: 0,
};

/// What the result of a decided move relies on.
fn of(c: &Child) -> &Dependence {
    c.entry.dependence.as_deref().unwrap_or(&NO_DEPENDENCE)
}

/// The filter bit of member `m`: its word and mask.
fn tree_bit(m: u32) -> (usize, u64) {
    let h = member_hashes(m).1;
    ((h >> 6) as usize & 15, 1 << (h & 63))
}

/// A node's proof and disproof numbers, with what its result relies on
/// once decided.
#[derive(Debug, Clone)]
struct Entry {
    proof: u32,
    disproof: u32,
    dependence: Option<Rc<Dependence>>,
}

impl Entry {
    /// Decided: a win for South (`south_wins`) or a loss, relying on
    /// `dependence`.
    fn decided(south_wins: bool, dependence: Dependence) -> Self {
        let (proof, disproof) = if south_wins {
            (0, INFINITE)
        } else {
            (INFINITE, 0)
        };
        Entry {
            proof,
            disproof,
            dependence: Some(Rc::new(dependence)),
        }
    }
}

/// One move of a node being searched.
#[derive(Debug, Clone)]
struct Child {
    /// The member it leads to (`NONE`: out of the group).
    member: u32,
    entry: Entry,
    /// Nodes searched below it so far, on this path (0: none, or decided
    /// without a search).
    work: u32,
}

/// A decided result kept for reuse on other paths.
#[derive(Debug)]
struct Proof {
    south_wins: bool,
    dependence: Rc<Dependence>,
}

/// The tables of one test value.
#[derive(Default)]
struct Tables {
    /// Attractor ranks of the exits good for South and for North.
    south_rank: Vec<u32>,
    north_rank: Vec<u32>,
    proofs: FxHashMap<u32, Vec<Proof>>,
}

/// The key of a node in the table by path: the test value, the member and
/// the hashes of the set of members on the path to it (itself included).
type PathKey = (i16, u32, u64, u64);

/// The proof-number search of one group (values for South throughout).
pub(crate) struct ProofSearch<'a> {
    group: &'a LocalGroup,
    /// What a repetition at each member is worth, for South.
    repeat: &'a [i16],
    /// Predecessors of each member inside the group.
    pred_first: Vec<u32>,
    pred: Vec<u32>,
    /// The test value of the last test, and its tables.
    t: i16,
    tables: Tables,
    /// The tables of the other test values met so far.
    kept: FxHashMap<i16, Tables>,
    /// Proof and disproof numbers by [`PathKey`], for every test value.
    by_path: WorkedTable<PathKey, Entry>,
    /// The members on the current path, root first.
    path: Vec<u32>,
    /// Depth of each member on the current path (`NONE`: not on it).
    depth_of: Vec<u32>,
    /// For each path depth: the least attractor rank, for South and for
    /// North, of a path member down to it whose repetition is bad for that
    /// player.
    bad_rank: Vec<[u32; 2]>,
    /// The hashes of the set of members on the path.
    hash: (u64, u64),
    /// Nodes visited by the current test, and its limit.
    nodes: u64,
    budget: u64,
    /// Every value a member can have: an exit's or a repetition's.
    outcomes: Vec<i16>,
    /// Nodes visited by every test so far.
    pub total_nodes: u64,
    /// Tests run so far (answered or abandoned).
    pub tests: u64,
    /// Results taken from another path (counted for the tests).
    #[cfg(test)]
    reused: std::cell::Cell<u64>,
    /// Proven bounds on each member's value with nothing seen but itself,
    /// for South, narrowed by every test.
    pub free: Vec<[i16; 2]>,
}

impl<'a> ProofSearch<'a> {
    /// The search of `group` (its exits exact), whose members' repetitions
    /// are worth `repeat` for South; `free` starts as the proven bounds.
    pub fn new(group: &'a LocalGroup, repeat: &'a [i16], free: Vec<[i16; 2]>) -> Self {
        let n = group.south.len();
        let (pred_first, pred) = group.predecessors();
        let mut outcomes: Vec<i16> = group.exit.iter().flatten().chain(repeat).copied().collect();
        outcomes.sort_unstable();
        outcomes.dedup();
        ProofSearch {
            group,
            repeat,
            pred_first,
            pred,
            t: i16::MIN,
            tables: Tables::default(),
            kept: FxHashMap::default(),
            by_path: WorkedTable::new(TABLE_ENTRIES),
            path: Vec::new(),
            depth_of: vec![NONE; n],
            bad_rank: Vec::new(),
            hash: (0, 0),
            nodes: 0,
            budget: 0,
            outcomes,
            total_nodes: 0,
            tests: 0,
            #[cfg(test)]
            reused: std::cell::Cell::new(0),
            free,
        }
    }

    /// The same search with a table of at most `most` results, so that the
    /// tests can make it forget.
    #[cfg(test)]
    fn with_table_entries(mut self, most: usize) -> Self {
        self.by_path = WorkedTable::new(most);
        self
    }

    /// Narrows member `root`'s bounds in [`ProofSearch::free`] by tests of
    /// at most `budget` nodes each, until they meet or a test runs out;
    /// returns whether they met.
    pub fn settle(&mut self, root: u32, budget: u64) -> bool {
        loop {
            let [low, high] = self.free[root as usize];
            if low >= high {
                return true;
            }
            // The median outcome above `low`: either answer narrows.
            let above: Vec<i16> = self
                .outcomes
                .iter()
                .copied()
                .filter(|&v| v > low && v <= high)
                .collect();
            let Some(&test) = above.get(above.len() / 2) else {
                return false;
            };
            if self.at_least(root, test, budget).is_none() {
                return false;
            }
        }
    }

    /// Whether member `root`'s value with nothing seen but itself is at
    /// least `t` for South; `None` when the test outgrows `budget` nodes.
    /// Narrows [`ProofSearch::free`] for every member the test decides with
    /// nothing seen but itself (`root` among them when it answers).
    pub(crate) fn at_least(&mut self, root: u32, t: i16, budget: u64) -> Option<bool> {
        if t != self.t {
            let tables = self.kept.remove(&t).unwrap_or_else(|| Tables {
                south_rank: self.attractor(t, true),
                north_rank: self.attractor(t, false),
                ..Tables::default()
            });
            let previous = std::mem::replace(&mut self.tables, tables);
            self.kept.insert(self.t, previous);
            self.t = t;
        }
        self.nodes = 0;
        self.budget = budget;
        self.push(root);
        let entry = self.search(root, INFINITE, INFINITE);
        self.pop(root);
        self.total_nodes += self.nodes;
        self.tests += 1;
        if entry.proof == 0 {
            Some(true)
        } else if entry.disproof == 0 {
            Some(false)
        } else {
            None
        }
    }

    /// Puts member `m` at the end of the path.
    fn push(&mut self, m: u32) {
        let tables = &self.tables;
        let [mut south, mut north] = self.bad_rank.last().copied().unwrap_or([NONE; 2]);
        if self.repeat[m as usize] >= self.t {
            north = north.min(tables.north_rank[m as usize]);
        } else {
            south = south.min(tables.south_rank[m as usize]);
        }
        self.depth_of[m as usize] = self.path.len() as u32;
        self.path.push(m);
        self.bad_rank.push([south, north]);
        let (x, y) = member_hashes(m);
        self.hash = (self.hash.0 ^ x, self.hash.1 ^ y);
    }

    /// Takes member `m` off the end of the path.
    fn pop(&mut self, m: u32) {
        self.depth_of[m as usize] = NONE;
        self.path.pop();
        self.bad_rank.pop();
        let (x, y) = member_hashes(m);
        self.hash = (self.hash.0 ^ x, self.hash.1 ^ y);
    }

    /// The key of member `q` reached from the current path.
    fn key(&self, q: u32) -> PathKey {
        let (x, y) = member_hashes(q);
        (self.t, q, self.hash.0 ^ x, self.hash.1 ^ y)
    }

    /// Searches member `at`, at the end of the path, until its proof number
    /// reaches `proof_limit`, its disproof number `disproof_limit`, or the
    /// test its budget.
    fn search(&mut self, at: u32, proof_limit: u32, disproof_limit: u32) -> Entry {
        self.nodes += 1;
        let south = self.group.south[at as usize];
        let mut children = self.children(at);
        loop {
            let (mut proof, mut disproof) = if south { (INFINITE, 0) } else { (0, INFINITE) };
            let (mut best, mut best_number, mut second) = (None, INFINITE, INFINITE);
            for (i, c) in children.iter().enumerate() {
                // South picks the child easiest to prove, North the one
                // easiest to disprove.
                let number = if south {
                    proof = proof.min(c.entry.proof);
                    disproof = (disproof + c.entry.disproof).min(INFINITE);
                    c.entry.proof
                } else {
                    proof = (proof + c.entry.proof).min(INFINITE);
                    disproof = disproof.min(c.entry.disproof);
                    c.entry.disproof
                };
                if number < best_number {
                    (second, best_number, best) = (best_number, number, Some(i));
                } else if number < second {
                    second = number;
                }
            }
            if proof == 0 || disproof == 0 {
                let dependence = self.dependence(at, &children, proof == 0);
                self.keep(at, proof == 0, &dependence);
                return Entry {
                    proof,
                    disproof,
                    dependence: Some(dependence),
                };
            }
            let Some(best) = best else {
                return Entry {
                    proof,
                    disproof,
                    dependence: None,
                };
            };
            if proof >= proof_limit || disproof >= disproof_limit || self.nodes >= self.budget {
                return Entry {
                    proof,
                    disproof,
                    dependence: None,
                };
            }
            let c = &children[best];
            let (child_proof, child_disproof) = if south {
                (
                    proof_limit.min(second.saturating_add(1)),
                    (disproof_limit - disproof)
                        .saturating_add(c.entry.disproof)
                        .min(INFINITE),
                )
            } else {
                (
                    (proof_limit - proof)
                        .saturating_add(c.entry.proof)
                        .min(INFINITE),
                    disproof_limit.min(second.saturating_add(1)),
                )
            };
            let q = c.member;
            let key = self.key(q);
            let before = self.nodes;
            self.push(q);
            let entry = self.search(q, child_proof, child_disproof);
            self.pop(q);
            let work = u32::try_from(self.nodes - before)
                .unwrap_or(u32::MAX)
                .saturating_add(children[best].work);
            self.by_path.insert(key, entry.clone(), work);
            children[best] = Child {
                member: q,
                entry,
                work,
            };
        }
    }

    /// The moves of member `at` (at the end of the path), each decided at
    /// once where it can be: an exit, a repetition, a forced exit, a result
    /// kept from another path, or one kept for the same path.
    fn children(&self, at: u32) -> Vec<Child> {
        let a = at as usize;
        let tables = &self.tables;
        let mut children =
            Vec::with_capacity(self.group.first[a + 1] as usize - self.group.first[a] as usize + 1);
        if let Some(exit) = self.group.exit[a] {
            children.push(Child {
                member: NONE,
                entry: Entry::decided(exit >= self.t, Dependence::default()),
                work: 0,
            });
        }
        let [bad_south, bad_north] = self.bad_rank[self.bad_rank.len() - 1];
        let moves = self.group.first[a] as usize..self.group.first[a + 1] as usize;
        for &q in &self.group.succ[moves] {
            let qu = q as usize;
            let mut work = 0;
            let (south_rank, north_rank) = (tables.south_rank[qu], tables.north_rank[qu]);
            let entry = if self.depth_of[qu] != NONE {
                let repeats = vec![q];
                let dependence = Dependence {
                    repeats,
                    ..Dependence::default()
                };
                Entry::decided(self.repeat[qu] >= self.t, dependence)
            } else if south_rank != NONE && south_rank < bad_south {
                let forced = south_rank + 1;
                Entry::decided(
                    true,
                    Dependence {
                        forced,
                        ..Dependence::default()
                    },
                )
            } else if north_rank != NONE && north_rank < bad_north {
                let forced = north_rank + 1;
                Entry::decided(
                    false,
                    Dependence {
                        forced,
                        ..Dependence::default()
                    },
                )
            } else if let Some(entry) = self.reuse(q) {
                entry
            } else if let Some((entry, done)) = self.by_path.get(&self.key(q)) {
                work = done;
                entry.clone()
            } else {
                let options = self.group.first[qu + 1] - self.group.first[qu]
                    + u32::from(self.group.exit[qu].is_some());
                let (proof, disproof) = if self.group.south[qu] {
                    (1, options)
                } else {
                    (options, 1)
                };
                Entry {
                    proof,
                    disproof,
                    dependence: None,
                }
            };
            children.push(Child {
                member: q,
                entry,
                work,
            });
        }
        children
    }

    /// A result kept for member `q` (not on the path) that holds when `q`
    /// is reached from the current path (see the module documentation).
    fn reuse(&self, q: u32) -> Option<Entry> {
        let tables = &self.tables;
        let proofs = tables.proofs.get(&q)?;
        let on_path = |m: u32| m == q || self.depth_of[m as usize] != NONE;
        'proofs: for p in proofs {
            let d = &p.dependence;
            if !d.repeats.iter().all(|&m| on_path(m)) {
                continue;
            }
            let rank = if p.south_wins {
                &tables.south_rank
            } else {
                &tables.north_rank
            };
            for &m in &self.path {
                let good_for_south = self.repeat[m as usize] >= self.t;
                if good_for_south == p.south_wins {
                    continue;
                }
                let (word, bit) = tree_bit(m);
                if d.tree[word] & bit != 0 || rank[m as usize] < d.forced {
                    continue 'proofs;
                }
            }
            let (proof, disproof) = if p.south_wins {
                (0, INFINITE)
            } else {
                (INFINITE, 0)
            };
            #[cfg(test)]
            self.reused.set(self.reused.get() + 1);
            return Some(Entry {
                proof,
                disproof,
                dependence: Some(Rc::clone(d)),
            });
        }
        None
    }

    /// What the result of member `at`, decided (a win for South when
    /// `south_wins`) by `children`, relies on: the winner's least dependent
    /// winning move when it chose, else every move.
    fn dependence(&self, at: u32, children: &[Child], south_wins: bool) -> Rc<Dependence> {
        let chooser_won = south_wins == self.group.south[at as usize];
        let won = |c: &Child| {
            if south_wins {
                c.entry.proof == 0
            } else {
                c.entry.disproof == 0
            }
        };
        let weight = |d: &Dependence| {
            d.repeats.len() * 1024
                + d.tree
                    .iter()
                    .map(|w| w.count_ones() as usize)
                    .sum::<usize>()
        };
        let mut out = Dependence::default();
        let mut add = |c: &Child| {
            let d = of(c);
            // The repetitions of a member searched below belong to its own
            // tree, not to the path.
            let below = c.member != NONE && self.depth_of[c.member as usize] == NONE;
            out.repeats.extend(
                d.repeats
                    .iter()
                    .copied()
                    .filter(|&m| !(below && m == c.member)),
            );
            for (w, x) in out.tree.iter_mut().zip(&d.tree) {
                *w |= x;
            }
            out.forced = out.forced.max(d.forced);
        };
        if chooser_won {
            if let Some(c) = children
                .iter()
                .filter(|c| won(c))
                .min_by_key(|c| weight(of(c)))
            {
                add(c);
            }
        } else {
            children.iter().for_each(add);
        }
        let (word, bit) = tree_bit(at);
        out.tree[word] |= bit;
        out.repeats.sort_unstable();
        out.repeats.dedup();
        Rc::new(out)
    }

    /// Keeps the result of member `at` for reuse on other paths, and
    /// narrows its free bounds if it relies on no repetition but its own.
    fn keep(&mut self, at: u32, south_wins: bool, dependence: &Rc<Dependence>) {
        if dependence.repeats.iter().all(|&m| m == at) {
            self.narrow_free(at as usize, south_wins);
        }
        let proofs = &mut self.tables.proofs.entry(at).or_default();
        if proofs.len() >= PROOFS_PER_MEMBER {
            proofs.remove(0);
        }
        proofs.push(Proof {
            south_wins,
            dependence: Rc::clone(dependence),
        });
    }

    /// Narrows the free bounds of `member`: its value is at least the test
    /// value (`proven`) or below it.
    fn narrow_free(&mut self, member: usize, proven: bool) {
        let t = self.t;
        let [low, high] = &mut self.free[member];
        if proven {
            let least = self.outcomes.iter().copied().find(|&v| v >= t);
            *low = (*low).max(least.unwrap_or(t));
        } else {
            let most = self.outcomes.iter().copied().rev().find(|&v| v < t);
            *high = (*high).min(most.unwrap_or(t - 1));
        }
    }

    /// How many steps each member is from a good exit for the player who
    /// forces it (South, for an exit worth at least `t`, when `south`;
    /// else North, for one below `t`): the attractor, by breadth-first
    /// retrograde sweep. `NONE` where it cannot be forced.
    fn attractor(&self, t: i16, south: bool) -> Vec<u32> {
        let g = self.group;
        let n = g.south.len();
        let good = |exit: Option<i16>| exit.is_some_and(|v| (v >= t) == south);
        let mut rank = vec![NONE; n];
        let mut remaining: Vec<u32> = (0..n).map(|p| g.first[p + 1] - g.first[p]).collect();
        let mut queue = std::collections::VecDeque::new();
        let mut count = 0;
        for (p, rank) in rank.iter_mut().enumerate() {
            if g.south[p] == south && good(g.exit[p]) {
                *rank = count;
                count += 1;
                queue.push_back(p);
            }
        }
        while let Some(p) = queue.pop_front() {
            for &r in &self.pred[self.pred_first[p] as usize..self.pred_first[p + 1] as usize] {
                let r = r as usize;
                if rank[r] != NONE {
                    continue;
                }
                let forced = if g.south[r] == south {
                    true
                } else {
                    remaining[r] -= 1;
                    remaining[r] == 0 && (g.exit[r].is_none() || good(g.exit[r]))
                };
                if forced {
                    rank[r] = count;
                    count += 1;
                    queue.push_back(r);
                }
            }
        }
        rank
    }
}

#[cfg(test)]
mod tests {
    use rand::{Rng, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    use super::*;

    /// The value for South of the game from `at` with the members marked
    /// `seen` seen before (`at` among them): every line played to its end,
    /// a move to a seen member worth its repetition value.
    fn naive(g: &LocalGroup, repeat: &[i16], at: usize, seen: &mut [bool]) -> i16 {
        let south = g.south[at];
        let better = |a: i16, b: i16| if south { a.max(b) } else { a.min(b) };
        let mut best = g.exit[at];
        for &q in &g.succ[g.first[at] as usize..g.first[at + 1] as usize] {
            let q = q as usize;
            let v = if seen[q] {
                repeat[q]
            } else {
                seen[q] = true;
                let v = naive(g, repeat, q, seen);
                seen[q] = false;
                v
            };
            best = Some(best.map_or(v, |b| better(b, v)));
        }
        best.expect("every member has a move or an exit")
    }

    /// A random group of `n` members, with one to three moves inside each
    /// and an exit at some, and random repetition values.
    fn random_group(rng: &mut ChaCha8Rng, n: usize) -> (LocalGroup, Vec<i16>) {
        let mut g = LocalGroup {
            first: vec![0],
            ..LocalGroup::default()
        };
        for _ in 0..n {
            g.south.push(rng.random_bool(0.5));
            g.exit
                .push(rng.random_bool(0.3).then(|| rng.random_range(-3..=3)));
            let mut moves: Vec<u32> = (0..rng.random_range(1..=3))
                .map(|_| rng.random_range(0..n as u32))
                .collect();
            moves.sort_unstable();
            moves.dedup();
            g.succ.extend(moves);
            g.first.push(g.succ.len() as u32);
        }
        let repeat = (0..n).map(|_| rng.random_range(-2..=2)).collect();
        (g, repeat)
    }

    /// Every test on every member of random groups, run one after another
    /// in one search (so that results kept for one path are offered on
    /// others), answers as the naive minimax with the whole history does,
    /// and every member's free bounds hold its value and meet.
    #[test]
    fn every_test_agrees_with_the_naive_minimax_on_random_groups() {
        every_test_agrees_on_random_groups(TABLE_ENTRIES);
    }

    /// As above, with a table of 16 results, so that the search forgets
    /// results all the time and must find them again.
    #[test]
    fn every_test_agrees_with_the_naive_minimax_with_a_table_that_forgets() {
        every_test_agrees_on_random_groups(16);
    }

    /// Runs the test above with a table of at most `entries` results.
    fn every_test_agrees_on_random_groups(entries: usize) {
        let mut rng = ChaCha8Rng::seed_from_u64(41);
        let (mut reused, mut forgotten) = (0, 0);
        for round in 0..400 {
            let n = rng.random_range(2..=9);
            let (g, repeat) = random_group(&mut rng, n);
            let value: Vec<i16> = (0..n)
                .map(|at| {
                    let mut seen = vec![false; n];
                    seen[at] = true;
                    naive(&g, &repeat, at, &mut seen)
                })
                .collect();
            // Every value lies between the least and the greatest outcome.
            let mut search = ProofSearch::new(&g, &repeat, Vec::new()).with_table_entries(entries);
            let tests: Vec<i16> = search.outcomes.clone();
            search.free = vec![[tests[0], tests[tests.len() - 1]]; n];
            for &t in &tests {
                for (at, &v) in value.iter().enumerate() {
                    let answer = search.at_least(at as u32, t, 1_000_000);
                    assert_eq!(
                        answer,
                        Some(v >= t),
                        "round {round}: member {at}, test {t}: {g:?} {repeat:?}"
                    );
                }
            }
            for (at, &v) in value.iter().enumerate() {
                let [low, high] = search.free[at];
                assert!(low <= v && v <= high, "round {round}: member {at}");
                assert!(search.settle(at as u32, 1_000_000), "round {round}");
                assert_eq!(search.free[at], [v; 2], "round {round}: member {at}");
            }
            reused += search.reused.get();
            forgotten += search.by_path.forgotten;
        }
        // A table of `entries` results forgot some of them (the default is
        // larger than these groups need).
        assert_eq!(forgotten > 0, entries < 100, "{forgotten} forgotten");
        // The results kept for other paths were in fact used.
        assert!(reused > 1000, "{reused} results reused");
    }
}
