//! Exact values inside a large group by proof-number search: one test at a
//! time ("is this member's value, with nothing seen but itself, at least
//! `t` for South?"), searched best first over the tree of paths.
//!
//! A node of the tree is a path from the root member, so the graph-history
//! interaction cannot arise: a move to a member on the path is the
//! repetition it is (a win for South when the rules give South at least `t`
//! there), a move out of the group is worth its exact value. The search
//! expands the most-proving node (Allis's proof-number search, South the OR
//! player), with proof and disproof numbers first set from the moves a new
//! node has, so that short proofs are found first: where the paths of a
//! large group are long, a depth-first alpha-beta search follows them to
//! the end before trying another move, and a best-first search does not.
//!
//! A member is decided at once, whatever the path, when its mover's
//! opponent cannot keep the play in the group and its mover can force a
//! good exit (the attractor of the exits worth at least `t` for South, or
//! below it for North) without meeting a member of the path whose
//! repetition would be bad for it: the forcing play only visits members
//! closer to the exit than the one it starts from, so only those of them on
//! the path can stop it short.
//!
//! As Kishimoto and Müller observe, a result that met no repetition of a
//! member above its own node holds for that member with nothing else seen:
//! each test also settles the members it proves or disproves that way
//! ([`ProofSearch::free`]).

use rustc_hash::FxHashMap;

use super::bounds::LocalGroup;

/// Most nodes one test may create before it is abandoned, in each round of
/// tests (each round tries again the members the rounds before left open).
pub(crate) const TEST_NODES: [usize; 3] = [1_000, 10_000, 100_000];

/// A proof or disproof number that stands for infinity.
const INFINITE: u32 = u32::MAX / 4;

/// Not on the path, or a node whose result depends on nothing above it.
const NONE: u32 = u32::MAX;

/// One node of the tree of paths.
#[derive(Debug, Clone, Copy)]
struct Node {
    /// The member it stands for (`NONE`: a move out of the group).
    member: u32,
    /// Its children, `children` of them from `first` on (none: a leaf).
    first: u32,
    children: u32,
    proof: u32,
    disproof: u32,
    /// For a decided node: the shallowest path depth of a member whose
    /// repetition the result depends on (`NONE`: none).
    reach: u32,
}

/// For one test value: how far each member is from a good exit for South
/// and for North (attractor ranks; `NONE`: it cannot be forced).
struct Attractors {
    south: Vec<u32>,
    north: Vec<u32>,
}

/// The proof-number search of one group (values for South throughout).
pub(crate) struct ProofSearch<'a> {
    group: &'a LocalGroup,
    /// What a repetition at each member is worth, for South.
    repeat: &'a [i16],
    /// Predecessors of each member inside the group.
    pred_first: Vec<u32>,
    pred: Vec<u32>,
    attractors: FxHashMap<i16, Attractors>,
    nodes: Vec<Node>,
    /// Depth of each member on the current path (`NONE`: not on it).
    depth_of: Vec<u32>,
    /// Every value a member can have: an exit's or a repetition's.
    outcomes: Vec<i16>,
    /// Nodes created by every test so far.
    pub total_nodes: u64,
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
            attractors: FxHashMap::default(),
            nodes: Vec::new(),
            depth_of: vec![NONE; n],
            outcomes,
            total_nodes: 0,
            free,
        }
    }

    /// Narrows member `root`'s bounds in [`ProofSearch::free`] by tests of
    /// at most `budget` nodes each, until they meet or a test runs out;
    /// returns whether they met.
    pub fn settle(&mut self, root: u32, budget: usize) -> bool {
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
            match self.at_least(root, test, budget) {
                Some(_) => {}
                None => return false,
            }
        }
    }

    /// Whether member `root`'s value with nothing seen but itself is at
    /// least `t` for South; `None` when the test outgrows `budget` nodes.
    /// Narrows [`ProofSearch::free`] for `root` and for every member the
    /// test decides with nothing seen above it.
    fn at_least(&mut self, root: u32, t: i16, budget: usize) -> Option<bool> {
        if !self.attractors.contains_key(&t) {
            let south = self.attractor(t, true);
            let north = self.attractor(t, false);
            self.attractors.insert(t, Attractors { south, north });
        }
        self.nodes.clear();
        self.nodes.push(Node {
            member: root,
            first: 0,
            children: 0,
            proof: 1,
            disproof: 1,
            reach: NONE,
        });
        let mut path: Vec<u32> = Vec::new();
        let result = loop {
            let top = self.nodes[0];
            if top.proof == 0 || top.disproof == 0 {
                break Some(top.proof == 0);
            }
            if self.nodes.len() > budget {
                break None;
            }
            self.select(&mut path);
            for (d, &i) in path.iter().enumerate() {
                self.depth_of[self.nodes[i as usize].member as usize] = d as u32;
            }
            self.expand(&path, t);
            self.update(&path, t);
            for &i in &path {
                self.depth_of[self.nodes[i as usize].member as usize] = NONE;
            }
        };
        self.total_nodes += self.nodes.len() as u64;
        result
    }

    /// The path from the root to the most-proving leaf, as node indices.
    fn select(&self, path: &mut Vec<u32>) {
        path.clear();
        let mut at = 0u32;
        loop {
            path.push(at);
            let node = self.nodes[at as usize];
            if node.children == 0 {
                return;
            }
            let south = self.group.south[node.member as usize];
            let kids = node.first..node.first + node.children;
            at = kids
                .min_by_key(|&k| {
                    let c = self.nodes[k as usize];
                    if south {
                        c.proof
                    } else {
                        c.disproof
                    }
                })
                .unwrap_or(node.first);
        }
    }

    /// Adds the children of the leaf at the end of `path` (whose members
    /// are marked in `depth_of`), deciding those it can at once.
    fn expand(&mut self, path: &[u32], t: i16) {
        let leaf = path[path.len() - 1];
        let member = self.nodes[leaf as usize].member as usize;
        let Some(attractors) = self.attractors.get(&t) else {
            return;
        };
        // The least attractor rank of a path member whose repetition is bad
        // for South, and for North.
        let (mut bad_south, mut bad_north) = (NONE, NONE);
        for &i in path {
            let m = self.nodes[i as usize].member as usize;
            if self.repeat[m] < t {
                bad_south = bad_south.min(attractors.south[m]);
            } else {
                bad_north = bad_north.min(attractors.north[m]);
            }
        }
        let first = self.nodes.len() as u32;
        let decided = |win: bool, reach: u32| {
            if win {
                (0, INFINITE, reach)
            } else {
                (INFINITE, 0, reach)
            }
        };
        if let Some(exit) = self.group.exit[member] {
            let (proof, disproof, reach) = decided(exit >= t, NONE);
            self.nodes.push(Node {
                member: NONE,
                first: 0,
                children: 0,
                proof,
                disproof,
                reach,
            });
        }
        let moves = self.group.first[member] as usize..self.group.first[member + 1] as usize;
        for &next in &self.group.succ[moves] {
            let q = next as usize;
            let (south_rank, north_rank) = (attractors.south[q], attractors.north[q]);
            let (proof, disproof, reach) = if self.depth_of[q] != NONE {
                decided(self.repeat[q] >= t, self.depth_of[q])
            } else if south_rank != NONE && south_rank < bad_south {
                decided(true, NONE)
            } else if north_rank != NONE && north_rank < bad_north {
                decided(false, NONE)
            } else {
                let moves = self.group.first[q + 1] - self.group.first[q];
                let options = moves + u32::from(self.group.exit[q].is_some());
                if self.group.south[q] {
                    (1, options, NONE)
                } else {
                    (options, 1, NONE)
                }
            };
            self.nodes.push(Node {
                member: next,
                first: 0,
                children: 0,
                proof,
                disproof,
                reach,
            });
        }
        let children = self.nodes.len() as u32 - first;
        let node = &mut self.nodes[leaf as usize];
        node.first = first;
        node.children = children;
    }

    /// Brings the proof and disproof numbers of the nodes on `path` up to
    /// date, from the leaf up, and narrows the free bounds of each member
    /// decided with nothing seen above it.
    fn update(&mut self, path: &[u32], t: i16) {
        for (depth, &at) in path.iter().enumerate().rev() {
            let node = self.nodes[at as usize];
            let member = node.member as usize;
            let south = self.group.south[member];
            let kids = node.first as usize..(node.first + node.children) as usize;
            let (mut proof, mut disproof) = if south { (INFINITE, 0) } else { (0, INFINITE) };
            for c in &self.nodes[kids.clone()] {
                if south {
                    proof = proof.min(c.proof);
                    disproof = (disproof + c.disproof).min(INFINITE);
                } else {
                    proof = (proof + c.proof).min(INFINITE);
                    disproof = disproof.min(c.disproof);
                }
            }
            let proven = proof == 0;
            let mut reach = NONE;
            if proven || disproof == 0 {
                // The result holds through the deciding children: for the
                // player who chose, the best-placed one; for the other,
                // all of them.
                let chooser_won = proven == south;
                let deciding = self.nodes[kids]
                    .iter()
                    .filter(|c| {
                        if proven {
                            c.proof == 0
                        } else {
                            c.disproof == 0
                        }
                    })
                    .map(|c| c.reach);
                reach = if chooser_won {
                    deciding.max().unwrap_or(NONE)
                } else {
                    deciding.min().unwrap_or(NONE)
                };
                if reach == NONE || reach >= depth as u32 {
                    self.narrow_free(member, proven, t);
                }
            }
            let node = &mut self.nodes[at as usize];
            node.proof = proof;
            node.disproof = disproof;
            node.reach = reach;
        }
    }

    /// Narrows the free bounds of `member`: its value is at least `t`
    /// (`proven`) or below it.
    fn narrow_free(&mut self, member: usize, proven: bool, t: i16) {
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
