//! `sow solve --settle-start`: only the tests that decide the start's value
//! (then each first move's), chosen one at a time.
//!
//! The start reaches the members of large groups it depends on directly
//! (through positions outside any group) by moves whose captures are
//! known. The question "is the start's value at least `t` for South?"
//! thus becomes, at each such member, a question "is its value at least
//! `t` minus the stones South gained on the way?", and only the members
//! on lines whose bounds do not answer it yet matter. Each round asks the
//! start the question just above its proven lower bound, follows it down
//! the positions outside groups whose bounds leave it open, to the first
//! member it reaches with an open question not given up on, and tests that
//! member with the proof-number search ([`ProofSearch`]) within the
//! test's nodes. The member's new bounds then go back up through the
//! positions outside groups, and the next round asks again, until the
//! start's bounds meet or every open question was given up on: a question
//! whose test ran out of nodes is not asked again.

use rustc_hash::{FxHashMap, FxHashSet};

use super::history::on_search_stack;
use super::proof_number::ProofSearch;
use super::value::for_south;
use super::{Pending, Scoring, Solver, NO_GROUP};

/// A question: is this position's value at least this, for South?
type Question = (u32, i16);

impl Solver<'_> {
    /// Settles the start's value, then each first move's, by the tests that
    /// decide them (see the module documentation), on the members of the
    /// groups in `self.pending`.
    pub(super) fn settle_start(&mut self) {
        let pending = std::mem::take(&mut self.pending);
        let mut local: FxHashMap<u32, (usize, u32)> = FxHashMap::default();
        for (i, p) in pending.iter().enumerate() {
            for (k, &m) in p.component.iter().enumerate() {
                if self.direct_targets.binary_search(&m).is_ok() {
                    local.insert(m, (i, k as u32));
                }
            }
        }
        let mut roots = vec![0];
        roots.extend(self.graph.moves(0).map(|(child, _)| child));
        let mut done = FxHashSet::default();
        roots.retain(|&r| done.insert(r));
        let run = || {
            let mut searches: Vec<[Option<ProofSearch>; 2]> =
                pending.iter().map(|_| [None, None]).collect();
            let mut given_up = FxHashSet::default();
            for &root in &roots {
                loop {
                    let [low, high] = self.south_bounds(root);
                    if low >= high {
                        break;
                    }
                    let mut asked = FxHashSet::default();
                    let open = |q: Question| local.contains_key(&q.0) && !given_up.contains(&q);
                    let Some(question) = self.open_question((root, low + 1), &open, &mut asked)
                    else {
                        break;
                    };
                    let (i, k) = local[&question.0];
                    if !self.test(&pending[i], &mut searches[i], k, question.1) {
                        given_up.insert(question);
                    }
                }
            }
        };
        on_search_stack(run);
    }

    /// Tests whether member `k` of `group` is worth at least `t` for South,
    /// with the group's searches (made on first use); narrows the bounds of
    /// the group's members that the start reaches directly, and of every
    /// position outside groups; returns whether the test answered.
    fn test<'a>(
        &mut self,
        group: &'a Pending,
        searches: &mut [Option<ProofSearch<'a>>; 2],
        k: u32,
        t: i16,
    ) -> bool {
        let bounds: Vec<[i16; 2]> = group
            .component
            .iter()
            .map(|&m| self.south_bounds(m))
            .collect();
        let nodes = self.searches.start_test_nodes;
        let [from_low, from_high] = searches;
        let from_low = from_low
            .get_or_insert_with(|| ProofSearch::new(&group.low, &group.repeats, bounds.clone()));
        let mut counted = (from_low.total_nodes, from_low.tests);
        let mut answer = from_low.at_least(k, t, nodes);
        self.start_tests.nodes += from_low.total_nodes - counted.0;
        self.start_tests.tests += from_low.tests - counted.1;
        // With the exits' lower bounds, only a yes is proven.
        let from_high = match &group.high {
            Some(high) if answer != Some(true) => {
                let search = from_high
                    .get_or_insert_with(|| ProofSearch::new(high, &group.repeats, bounds.clone()));
                counted = (search.total_nodes, search.tests);
                answer = search.at_least(k, t, nodes).filter(|&yes| !yes);
                self.start_tests.nodes += search.total_nodes - counted.0;
                self.start_tests.tests += search.tests - counted.1;
                Some(&*search)
            }
            Some(_) => from_high.as_ref(),
            None => Some(&*from_low),
        };
        if answer.is_none() {
            return false;
        }
        for (k, &m) in group.component.iter().enumerate() {
            if self.direct_targets.binary_search(&m).is_err() {
                continue;
            }
            let low = from_low.free[k][0];
            let high = from_high.map_or(i16::MAX, |s| s.free[k][1]);
            self.narrow(m, low, high);
        }
        for i in 0..self.singles.len() {
            self.single(self.singles[i]);
        }
        let [low, high] = self.south_bounds(group.component[k as usize]);
        low >= t || high < t
    }

    /// The first open question (one `open` accepts) that question `q` leads
    /// to: `q` itself at a member of a group, else the questions of the
    /// moves of a position outside groups whose bounds leave them open;
    /// `None` when there is none. `asked` holds the questions followed
    /// already.
    fn open_question(
        &self,
        (node, t): Question,
        open: &impl Fn(Question) -> bool,
        asked: &mut FxHashSet<Question>,
    ) -> Option<Question> {
        let [low, high] = self.south_bounds(node);
        if low >= t || high < t {
            return None;
        }
        if self.group[node as usize] != NO_GROUP {
            return open((node, t)).then_some((node, t));
        }
        if !asked.insert((node, t)) || Some(node) == self.graph.start_again {
            return None;
        }
        let sign = self.south_sign(node);
        self.graph
            .moves(node)
            .find_map(|(child, gain)| self.open_question((child, t - sign * gain), open, asked))
    }

    /// 1 when South moves at `node`, else -1.
    fn south_sign(&self, node: u32) -> i16 {
        for_south(self.codec.decode(self.graph.keys[node as usize]).to_move)
    }

    /// The proven bounds on `node`'s value, for South.
    fn south_bounds(&self, node: u32) -> [i16; 2] {
        let sign = self.south_sign(node);
        let value = |scoring: Scoring| sign * self.values[scoring as usize][node as usize];
        [value(Scoring::Low), value(Scoring::High)]
    }

    /// Narrows the proven bounds of `node` (for South) to `[low, high]`,
    /// and brings its estimate within them.
    fn narrow(&mut self, node: u32, low: i16, high: i16) {
        let sign = self.south_sign(node);
        let [old_low, old_high] = self.south_bounds(node);
        let (low, high) = (low.max(old_low), high.min(old_high));
        debug_assert!(low <= high, "bounds that cross at {node}");
        let rules = (sign * self.values[Scoring::Rules as usize][node as usize]).clamp(low, high);
        self.set(node, Scoring::Low, sign * low);
        self.set(node, Scoring::High, sign * high);
        self.set(node, Scoring::Rules, sign * rules);
    }
}
