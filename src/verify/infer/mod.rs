//! `sow infer`: which rule sets of the language explain recorded games, which
//! rules the records settle, which they leave open, and a position that
//! would settle each open one.
//!
//! [`space`] reads the rule sets to search off the declaration; [`search`]
//! replays the records under a tree of partial assignments; [`confirm`]
//! replays every survivor in full (with [`crate::verify::replay`]) and tries
//! each other value of each rule it left unassigned.

pub mod search;
pub mod space;

use std::rc::Rc;

use search::{Leaf, NodeBound, Place, Prepared};
use space::Space;

use crate::{
    engine::{parse_move, Game, GameRun, Position},
    verify::{
        compare::{self, Limits, Method, PlaySearch},
        diff::Pair,
        replay, Verdict,
    },
};

/// A rule set that explains every record, with the values of its open rules.
#[derive(Debug, Clone)]
pub struct Candidate {
    /// Its assignment.
    pub values: Vec<u8>,
    /// Per slot: where the records settled it (`None`: not settled by it).
    pub settled: Vec<Option<Place>>,
    /// Per slot: the values that, all else equal, still explain every record.
    pub possible: Vec<Vec<u8>>,
}

/// What one slot comes to over all candidates.
#[derive(Debug, Clone)]
pub struct SlotResult {
    /// The values some candidate allows, as indices into the slot's values.
    pub possible: Vec<u8>,
    /// Where the records first settled it (earliest over the candidates).
    pub settled: Option<Place>,
    /// Whether any record made it matter (for a number of a list: showed it
    /// on a board).
    pub reached: bool,
}

/// Everything `sow infer` found.
pub struct Inference {
    /// The search space.
    pub space: Space,
    /// The search.
    pub outcome: search::Outcome,
    /// What else was searched.
    pub coverage: Coverage,
    /// The bound the search ran under.
    pub bound: NodeBound,
    /// The rule sets confirmed to explain every record.
    pub candidates: Vec<Candidate>,
    /// Per slot, over the candidates.
    pub slots: Vec<SlotResult>,
    /// Rule sets that explain every record (numbers no record reached counted once).
    pub count: f64,
}

/// A question for an open slot: two rule sets that differ only there, and
/// where they part ways in play.
pub struct Question {
    /// The slot.
    pub slot: usize,
    /// The two values compared (indices).
    pub values: (u8, u8),
    /// The two games.
    pub games: (Game, Game),
    /// What the play search found.
    pub search: PlaySearch,
    /// Where the moves found start: `None` the start of the game, else
    /// the position (`.2`) after ply `.1` of record `.0`, which both reach,
    /// when that question is shorter.
    pub from: Option<(usize, u32, Position)>,
}

/// Positions a search from a recorded position examines at most (the
/// search from the start has the bound the caller gives).
const MAX_POSITIONS_FROM_A_RECORD: usize = 5_000;

/// Spaces of at most this many rule sets are replayed in full, rule set by
/// rule set, when the tree search finds none that explains the records:
/// only then can `sow infer` say that none does.
pub const ENUMERATED_AT_MOST: f64 = 20_000.0;

/// How the search went, beyond what [`search::Outcome`] counts.
#[derive(Debug, Clone, Copy, Default)]
pub struct Coverage {
    /// Partial rule sets replayed one rule at a time before two-rule
    /// changes were tried (`None`: the one-rule search found rule sets, or
    /// stopped at its bound, and two-rule changes were not tried).
    pub one_rule_nodes: Option<usize>,
    /// Every rule set of the space replayed, one by one (how many).
    pub enumerated: Option<usize>,
}

/// Runs the search and confirms its survivors. One rule changes at a time
/// first; when that search ends (below its bound) without a rule set, it
/// runs again with `bound.pairs` two-rule changes; when that finds none
/// either and the space is small ([`ENUMERATED_AT_MOST`]), every rule set
/// of the space is replayed.
pub fn infer(mut space: Space, records: &[Prepared<'_>], bound: NodeBound) -> Inference {
    space.make_room(
        records
            .iter()
            .map(|r| r.start.total_stones())
            .max()
            .unwrap_or(0),
    );
    let one_rule = NodeBound { pairs: 0, ..bound };
    let mut outcome = search::search(&mut space, records, one_rule);
    let mut coverage = Coverage::default();
    if outcome.leaves.is_empty() && !outcome.capped && bound.pairs > 0 {
        coverage.one_rule_nodes = Some(outcome.nodes);
        outcome = search::search(&mut space, records, bound);
    }
    let mut candidates: Vec<Candidate> = outcome
        .leaves
        .iter()
        .filter_map(|leaf| confirm(&mut space, records, leaf, &outcome.reached))
        .collect();
    if candidates.is_empty() && space.size() <= ENUMERATED_AT_MOST {
        let (count, leaves) = enumerate(&mut space, records);
        coverage.enumerated = Some(count);
        outcome.reached = vec![true; space.slots.len()];
        outcome.capped = false;
        outcome.leaves = leaves;
        candidates = outcome
            .leaves
            .iter()
            .filter_map(|leaf| confirm(&mut space, records, leaf, &outcome.reached))
            .collect();
    }
    let slots: Vec<SlotResult> = (0..space.slots.len())
        .map(|i| {
            let mut possible: Vec<u8> = candidates
                .iter()
                .flat_map(|c| c.possible[i].iter().copied())
                .collect();
            possible.sort_unstable();
            possible.dedup();
            SlotResult {
                possible,
                settled: candidates.iter().filter_map(|c| c.settled[i]).min(),
                reached: outcome.reached[i],
            }
        })
        .collect();
    // Every rule set found one by one: each counts once.
    let count = if coverage.enumerated.is_some() {
        candidates.len() as f64
    } else {
        candidates
            .iter()
            .map(|c| {
                (0..space.slots.len())
                    .map(|i| {
                        let (slot, p) = (&space.slots[i], &c.possible[i]);
                        if c.settled[i].is_some() {
                            // The slot's other searched values are other
                            // leaves of the tree, counted there.
                            1.0 + p.iter().filter(|&&v| v >= slot.searched).count() as f64
                        } else if outcome.reached[i] || slot.element.is_none() {
                            p.len() as f64
                        } else {
                            1.0
                        }
                    })
                    .product::<f64>()
            })
            .sum()
    };
    Inference {
        space,
        outcome,
        coverage,
        bound,
        candidates,
        slots,
        count,
    }
}

/// Every rule set of the space replayed in full: how many the language
/// accepts, and those that explain every record.
fn enumerate(space: &mut Space, records: &[Prepared<'_>]) -> (usize, Vec<Leaf>) {
    let sizes: Vec<u8> = space.slots.iter().map(|s| s.searched).collect();
    let mut values = vec![0u8; sizes.len()];
    let (mut count, mut found) = (0, Vec::new());
    loop {
        if space.game(&values).is_some() {
            count += 1;
            if explains(space, records, &values).is_some() {
                found.push(Leaf {
                    values: values.clone(),
                    settled: vec![None; values.len()],
                });
            }
        }
        // The next assignment, the first slot turning fastest.
        let Some(i) = (0..values.len()).find(|&i| values[i] + 1 < sizes[i]) else {
            return (count, found);
        };
        values[i] += 1;
        values[..i].fill(0);
    }
}

/// Whether the rule set of `values` explains every record, by a full replay.
fn explains(space: &mut Space, records: &[Prepared<'_>], values: &[u8]) -> Option<Rc<Game>> {
    let game = space.game(values)?;
    records
        .iter()
        .all(|r| {
            matches!(
                replay::replay(&game, r.record, true),
                Ok(Verdict::Consistent { .. })
            )
        })
        .then_some(game)
}

/// The leaf replayed in full, and each other value of each slot tried, all
/// else equal (numbers of a list only where a board showed them): a slot is
/// determined only when every other value fails a record.
fn confirm(
    space: &mut Space,
    records: &[Prepared<'_>],
    leaf: &Leaf,
    reached: &[bool],
) -> Option<Candidate> {
    explains(space, records, &leaf.values)?;
    let mut possible = Vec::with_capacity(leaf.values.len());
    for i in 0..leaf.values.len() {
        let own = leaf.values[i];
        let is_element = space.slots[i].element.is_some();
        if is_element && !reached[i] {
            possible.push(vec![own]);
            continue;
        }
        let mut ok = Vec::new();
        for v in 0..space.slots[i].values.len() as u8 {
            let mut alt = leaf.values.clone();
            alt[i] = v;
            if v == own || explains(space, records, &alt).is_some() {
                ok.push(v);
            }
        }
        possible.push(ok);
    }
    Some(Candidate {
        values: leaf.values.clone(),
        settled: leaf.settled.clone(),
        possible,
    })
}

impl Inference {
    /// For each open slot, two candidates that differ only there and the
    /// shortest sequence after which they part ways: from the start, or
    /// from a position of the records when that is shorter.
    pub fn questions(&mut self, records: &[Prepared<'_>], limits: &Limits) -> Vec<Question> {
        let mut out = Vec::new();
        for i in 0..self.slots.len() {
            let slot = &self.space.slots[i];
            let asked = out.iter().any(|q: &Question| {
                let other = &self.space.slots[q.slot];
                other.section == slot.section && other.key.name == slot.key.name
            });
            if asked {
                continue;
            }
            let Some(c) = self.candidates.iter().find(|c| c.possible[i].len() > 1) else {
                continue;
            };
            let (v1, v2) = (c.possible[i][0], c.possible[i][1]);
            let (mut a, mut b) = (c.values.clone(), c.values.clone());
            a[i] = v1;
            b[i] = v2;
            let (Some(ga), Some(gb)) = (self.space.game(&a), self.space.game(&b)) else {
                continue;
            };
            let (ga, gb) = (Game::clone(&ga), Game::clone(&gb));
            let mut search = compare::search(&Pair { a: &ga, b: &gb }, limits);
            let from =
                shorter_from_a_record(&Pair { a: &ga, b: &gb }, records, limits, &mut search);
            out.push(Question {
                slot: i,
                values: (v1, v2),
                games: (ga, gb),
                search,
                from,
            });
        }
        out
    }
}

/// The shortest question from a position of the records, when it is
/// shorter than `search` found from the start: `search` then holds it, and
/// the record and ply it starts after are returned. A record is followed
/// while both rule sets reach the same positions in it.
fn shorter_from_a_record(
    pair: &Pair<'_>,
    records: &[Prepared<'_>],
    limits: &Limits,
    search: &mut PlaySearch,
) -> Option<(usize, u32, Position)> {
    let mut best = search.found.as_ref().map(|(f, _)| f.moves.len() as u32);
    let mut from = None;
    for (r, rec) in records.iter().enumerate() {
        let (mut ra, mut rb) = (
            GameRun::new(pair.a, rec.start),
            GameRun::new(pair.b, rec.start),
        );
        for ply in 0..=rec.labels.len() as u32 {
            if ply > 0 {
                let Ok(mv) = parse_move(&rec.labels[ply as usize - 1], pair.a) else {
                    break;
                };
                if ra.play(mv).is_err() || rb.play(mv).is_err() {
                    break;
                }
            }
            if best == Some(0) {
                return from;
            }
            if ra.position() != rb.position() {
                break;
            }
            let the_start = ply == 0 && rec.start == pair.a.start();
            if ra.end().is_some() || the_start {
                continue;
            }
            let depth = best.map_or(limits.max_plies, |b| b - 1);
            let (found, searched) =
                pair.search_from(*ra.position(), depth, MAX_POSITIONS_FROM_A_RECORD);
            if let Some(found) = found {
                best = Some(found.moves.len() as u32);
                from = Some((r, ply, *ra.position()));
                *search = PlaySearch {
                    found: Some((found, Method::BreadthFirst)),
                    searched,
                };
            }
        }
    }
    from
}
