//! The search: every record replayed under a tree of partial assignments.
//!
//! A node assigns some slots; the others stay at their defaults. At each ply
//! the node's rule set plays the recorded move, and so does every rule set
//! that differs from it in one unassigned slot. When one of those gives
//! another result (another board, captures, legality, legal moves after, or
//! result), the slot matters here: the node splits into one child per value,
//! each carrying on from this ply. Otherwise the node checks the record's
//! checkpoint and plays on. A node dies at the first ply it cannot explain;
//! a node the record refutes at a checkpoint splits there only on a rule
//! with a value the record accepts there ([`Mode::Rescue`]).
//! Slots no record makes matter stay unassigned: they are the open rules.
//!
//! Splitting looks at one slot at a time around the node's rule set, so two
//! rules that matter only together may be missed. A search with a budget of
//! two-rule changes ([`NodeBound::pairs`]) then tries, where a checkpoint
//! refutes a node and no one-rule change rescues it, pairs of changes of
//! its unassigned slots, and splits on the first of a pair the checkpoint
//! accepts (else on the one change that brings the board nearest to the
//! record's). Every rule set reported is confirmed afterwards by a full
//! replay ([`super::confirm`]).

use std::rc::Rc;

use super::space::Space;
use crate::{
    engine::{parse_move, EndReason, Game, GameRun, Move, Position, Successor},
    rules::schema::{Bound, Default, ValueKind},
    trace::{legal_labels, Winner},
    verify::{
        record::Record,
        replay::{check_result, compare},
    },
};

/// Where in the records: record `record` (from 0), ply `ply` (0 the start,
/// one past the last move the result).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub struct Place {
    /// The record, in the order given.
    pub record: usize,
    /// The ply.
    pub ply: u32,
}

/// A record ready to replay.
pub struct Prepared<'r> {
    /// The record.
    pub record: &'r Record,
    /// Its first position.
    pub start: Position,
    /// Its moves, as written.
    pub labels: Vec<String>,
}

/// A surviving node: an assignment that explains every record.
#[derive(Debug, Clone)]
pub struct Leaf {
    /// The value of every slot (defaults where unassigned).
    pub values: Vec<u8>,
    /// Per slot: where the records settled it (`None`: unassigned).
    pub settled: Vec<Option<Place>>,
}

/// The node that got furthest in a record before it failed.
#[derive(Debug, Clone)]
pub struct Closest {
    /// Where it failed.
    pub place: Place,
    /// Its assignment.
    pub values: Vec<u8>,
    /// Which slots it had assigned.
    pub assigned: Vec<bool>,
}

/// What the search did.
#[derive(Debug, Default)]
pub struct Outcome {
    /// The surviving assignments.
    pub leaves: Vec<Leaf>,
    /// Nodes replayed (partial rule sets).
    pub nodes: usize,
    /// Rule sets that differ from a node in one slot, played at some ply.
    pub variations: usize,
    /// Per record: the node that failed furthest in it, if any did.
    pub closest: Vec<Option<Closest>>,
    /// The search stopped at its bound on nodes: the leaves are not all.
    pub capped: bool,
    /// Nodes replayed when the first surviving assignment was found.
    pub first_found: Option<usize>,
    /// Per slot: whether any record made it matter, or (for a number of a
    /// list) showed its number on a board after a move.
    pub reached: Vec<bool>,
    /// Two-rule changes played at a refuted ply (see [`NodeBound::pairs`]).
    pub pairs_tried: usize,
    /// Refuted nodes at which two-rule changes were tried.
    pub pair_searches: usize,
    /// Refuted nodes that a two-rule change rescued.
    pub pair_rescues: usize,
    /// Refuted nodes no two-rule change rescued, split on the one change
    /// that brought the board nearest to the record's.
    pub nearer: usize,
    /// The budget of two-rule changes ran out: later refuted nodes tried
    /// one-rule changes only.
    pub pairs_capped: bool,
}

/// A one-slot variation of a node that has reached another position than
/// the node at a ply the record has no checkpoint for, played on from its
/// own position.
struct Shadow {
    /// The slot and the value it differs in.
    slot: usize,
    value: u8,
    /// Its rule set.
    game: Rc<Game>,
    /// Its position after the last ply played.
    position: Position,
}

/// How [`Search::sensitive`] looks at the variations of a node at a ply.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Mode {
    /// Replaying plies the node has passed: only bring the variations
    /// followed apart up to this ply.
    Follow,
    /// Find a rule to split on: one with a value the record sees apart.
    Split,
    /// The record refutes the node here: find a rule with a value the
    /// record sees apart and accepts here (splitting on one whose values
    /// are all refuted too would only refute every child).
    Rescue,
}

/// What one rule set does at one ply, as far as the records can see.
#[derive(Debug, PartialEq, Eq)]
enum Step {
    /// The move is not legal (or cannot be written) under it.
    Illegal,
    /// The move gives this position, capturing this much; and these legal
    /// moves after it when a checkpoint there lists them.
    Played(Position, u16, Option<Vec<String>>),
    /// The game after the last move: why it ended, final scores, winner.
    Result(Option<EndReason>, [u16; 2], Option<Winner>),
    /// Nothing to compare (no result recorded).
    Nothing,
}

/// How many partial rule sets a search replays at most.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct NodeBound {
    /// The search stops after this many once it has found a rule set that
    /// explains every record...
    pub nodes: usize,
    /// ...and, while it has found none, goes on up to this many (depth
    /// first: the first rule set found is followed to its end before the
    /// search widens).
    pub until_found: usize,
    /// Two-rule changes played at most, where a checkpoint refutes a node
    /// and no one-rule change rescues it (0: one rule at a time).
    pub pairs: usize,
}

impl NodeBound {
    /// Stop after `nodes`, found or not; one rule at a time.
    pub fn fixed(nodes: usize) -> NodeBound {
        NodeBound {
            nodes,
            until_found: nodes,
            pairs: 0,
        }
    }
}

/// The tree search over `space` for `records`, stopping at `bound`.
pub fn search(space: &mut Space, records: &[Prepared<'_>], bound: NodeBound) -> Outcome {
    let slots = space.slots.len();
    let mut search = Search {
        space,
        records,
        bound,
        out: Outcome {
            closest: vec![None; records.len()],
            reached: vec![false; slots],
            ..Outcome::default()
        },
        then: None,
    };
    let values = search.space.defaults();
    search.explore(values, vec![None; slots], Place { record: 0, ply: 0 });
    search.out
}

struct Search<'s, 'r> {
    space: &'s mut Space,
    records: &'s [Prepared<'r>],
    bound: NodeBound,
    out: Outcome,
    /// The second change of the two-rule change that a split was made for,
    /// with the place: the child of the first change tries it first.
    then: Option<(Place, usize, u8)>,
}

impl Search<'_, '_> {
    /// Replays from `from` under the assignment; returns the furthest place
    /// a node of this subtree failed at.
    fn explore(
        &mut self,
        values: Vec<u8>,
        settled: Vec<Option<Place>>,
        from: Place,
    ) -> Option<Place> {
        let found = !self.out.leaves.is_empty();
        if self.out.nodes >= self.bound.until_found || (found && self.out.nodes >= self.bound.nodes)
        {
            self.out.capped = true;
            return None;
        }
        self.out.nodes += 1;
        let game = self.space.game(&values)?;
        for r in from.record..self.records.len() {
            let first = if r == from.record { from.ply } else { 0 };
            let rec = &self.records[r];
            let mut run = GameRun::new(&game, rec.start);
            let last = rec.labels.len() as u32 + 1;
            let mut ply = first;
            // Resuming at a split: the plies before it again, under this rule
            // set, following the variations that reach other positions
            // unseen since the last checkpoint before it (no splitting there:
            // the record agreed with those plies).
            let mut shadows = Vec::new();
            let unseen_from = (1..first)
                .rev()
                .find(|&p| self.is_checked(r, p))
                .map_or(1, |p| p + 1);
            for ply in 1..first {
                if ply >= unseen_from {
                    let mine = self.step(&game, &run, r, ply);
                    let here = (r, ply);
                    self.sensitive(
                        (&values, &settled),
                        &run,
                        here,
                        &mine,
                        &mut shadows,
                        Mode::Follow,
                    );
                }
                let mv = parse_move(&rec.labels[ply as usize - 1], &game).ok();
                if mv.and_then(|mv| run.play(mv).ok()).is_none() {
                    return self.fail(r, first, &values, &settled);
                }
            }
            while ply <= last {
                if ply > 0 {
                    let mine = self.step(&game, &run, r, ply);
                    let here = (r, ply);
                    // A rule set the record refutes here splits only on a
                    // rule with a value that the record accepts here.
                    let refuted =
                        self.is_checked(r, ply) && !self.advance(&mut run.clone(), r, ply);
                    let mode = if refuted { Mode::Rescue } else { Mode::Split };
                    let mut split_on =
                        self.sensitive((&values, &settled), &run, here, &mine, &mut shadows, mode);
                    if split_on.is_none() && refuted {
                        split_on = self.two_rule_rescue((&values, &settled), &run, here, &mine);
                    }
                    if let Some((slot, seen)) = split_on {
                        // The value tried first: the node's own, or when the
                        // record refutes it here, the value that rescues it.
                        let first = if refuted { seen } else { values[slot] };
                        let place = Place { record: r, ply };
                        return self.split(values, settled, (slot, first), place);
                    }
                }
                if !self.advance(&mut run, r, ply) {
                    return self.fail(r, ply, &values, &settled);
                }
                ply += 1;
            }
        }
        if self.out.leaves.is_empty() {
            self.out.first_found = Some(self.out.nodes);
        }
        self.out.leaves.push(Leaf { values, settled });
        None
    }

    /// Where the record refutes a node at this ply and no one-rule change
    /// rescues it: the first pair of changes of its unassigned slots that
    /// the record accepts here (at the result: that comes nearer to it), as
    /// long as the budget of two-rule changes lasts, else the one change
    /// that brings the board nearest to the record's. The node splits on
    /// the first change of the pair; the child that takes it tries the
    /// second first, through [`Search::then`]. Only until a rule set is
    /// found: then the search widens one rule at a time.
    fn two_rule_rescue(
        &mut self,
        (values, settled): (&[u8], &[Option<Place>]),
        run: &GameRun<'_>,
        (r, ply): (usize, u32),
        mine: &Step,
    ) -> Option<(usize, u8)> {
        let place = Place { record: r, ply };
        let refuted_by = self.result_error(mine, r);
        let mut alt = values.to_vec();
        if let Some((at, j, w)) = self.then.take() {
            if at == place && settled[j].is_none() && values[j] != w {
                alt[j] = w;
                let game = self.space.game(&alt);
                alt[j] = values[j];
                if game.is_some_and(|g| self.rescues(&g, run.position(), (r, ply), refuted_by)) {
                    return Some((j, w));
                }
            }
        }
        // Once a rule set is found, the search widens one rule at a time.
        if self.bound.pairs == 0 || !self.out.leaves.is_empty() {
            return None;
        }
        let changes: Vec<(usize, u8)> = (0..values.len())
            .filter(|&i| settled[i].is_none())
            .flat_map(|i| {
                let own = values[i];
                (0..self.space.slots[i].searched)
                    .filter(move |&v| v != own)
                    .map(move |v| (i, v))
            })
            .collect();
        self.out.pair_searches += 1;
        for (k, &(i, v)) in changes.iter().enumerate() {
            for &(j, w) in &changes[k + 1..] {
                if j == i {
                    continue;
                }
                if self.out.pairs_tried >= self.bound.pairs {
                    self.out.pairs_capped = true;
                    return None;
                }
                alt[i] = v;
                alt[j] = w;
                let game = self.space.game(&alt);
                alt[i] = values[i];
                alt[j] = values[j];
                let Some(game) = game else { continue };
                self.out.pairs_tried += 1;
                if self.rescues(&game, run.position(), (r, ply), refuted_by) {
                    self.out.pair_rescues += 1;
                    self.then = Some((place, j, w));
                    return Some((i, v));
                }
            }
        }
        // No pair: the one change that brings the board nearest to the
        // record's, if one brings it nearer: a rule set several changes
        // away then comes nearer a change at a time (as at the result).
        let own = self.board_error(run.game(), run.position(), r, ply);
        let mut nearest = (own, None);
        for &(i, v) in &changes {
            alt[i] = v;
            let game = self.space.game(&alt);
            alt[i] = values[i];
            let Some(game) = game else { continue };
            let error = self.board_error(&game, run.position(), r, ply);
            if error < nearest.0 {
                nearest = (error, Some((i, v)));
            }
        }
        if nearest.1.is_some() {
            self.out.nearer += 1;
        }
        nearest.1
    }

    /// How far `game`, from `position`, is from the boards the record gives
    /// after `ply`: the pits that differ, plus one when the stones captured
    /// differ. `u32::MAX` when the move is illegal or no board is given.
    fn board_error(&self, game: &Game, position: &Position, r: usize, ply: u32) -> u32 {
        let Step::Played(after, captured, _) = self.step_at(game, position, r, ply) else {
            return u32::MAX;
        };
        let pits = game.pit_count();
        let mut error = None;
        for c in self.records[r]
            .record
            .expect
            .iter()
            .filter(|c| c.ply == ply)
        {
            if let Some(board) = &c.board {
                let differ = board
                    .iter()
                    .zip(&after.pits[..pits])
                    .filter(|(a, b)| a != b);
                let wrong_capture = c.captured.is_some_and(|n| n != captured);
                *error.get_or_insert(0) += differ.count() as u32 + u32::from(wrong_capture);
            }
        }
        error.unwrap_or(u32::MAX)
    }

    /// Whether `game`, from `position`, plays `ply` of record `r` as the
    /// record says, or at the result comes nearer to it than `refuted_by`.
    fn rescues(
        &self,
        game: &Game,
        position: &Position,
        (r, ply): (usize, u32),
        refuted_by: u32,
    ) -> bool {
        let at_result = ply == self.records[r].labels.len() as u32 + 1;
        (at_result && self.result_error(&self.step_at(game, position, r, ply), r) < refuted_by)
            || self.passes(game, position, r, ply)
    }

    fn fail(
        &mut self,
        record: usize,
        ply: u32,
        values: &[u8],
        settled: &[Option<Place>],
    ) -> Option<Place> {
        let place = Place { record, ply };
        let closest = &mut self.out.closest[record];
        if closest.as_ref().is_none_or(|c| c.place.ply < ply) {
            *closest = Some(Closest {
                place,
                values: values.to_vec(),
                assigned: settled.iter().map(Option::is_some).collect(),
            });
        }
        Some(place)
    }

    /// One child per value of `slot`, each from `place`, `first` first: a
    /// search stopped at its bound has then followed the rule set it started
    /// from (or the value that explains the record where that one fails)
    /// before the others.
    fn split(
        &mut self,
        values: Vec<u8>,
        settled: Vec<Option<Place>>,
        (slot, first): (usize, u8),
        place: Place,
    ) -> Option<Place> {
        self.out.reached[slot] = true;
        let first_leaf = self.out.leaves.len();
        let mut dead_furthest: Option<Place> = None;
        let mut furthest: Option<Place> = None;
        let count = self.space.slots[slot].searched;
        for v in std::iter::once(first).chain((0..count).filter(|&v| v != first)) {
            let mut child = values.clone();
            child[slot] = v;
            if self.space.game(&child).is_none() {
                continue;
            }
            let mut child_settled = settled.clone();
            child_settled[slot] = Some(place);
            let before = self.out.leaves.len();
            let failed = self.explore(child, child_settled, place);
            // The second change of a two-rule change is for the first child only.
            self.then = None;
            furthest = furthest.max(failed);
            if self.out.leaves.len() == before {
                dead_furthest = dead_furthest.max(failed);
            }
        }
        // The rule is settled where its last other value died.
        if let Some(died) = dead_furthest {
            for leaf in &mut self.out.leaves[first_leaf..] {
                leaf.settled[slot] = leaf.settled[slot].max(Some(died));
            }
        }
        furthest
    }

    /// The first unassigned slot whose other values change what the record
    /// sees at this ply, with the value that showed it (when `splitting`;
    /// otherwise only the variations followed apart are brought up to this
    /// ply).
    ///
    /// At a ply with a checkpoint (or the result) every difference counts.
    /// At a ply without one the record sees only whether the move is
    /// legal: a variation that only reaches another position is followed
    /// on its own (a [`Shadow`]) until the record tells the two apart or
    /// their positions meet again, and the node splits only then. Records
    /// of moves alone thus split on the rules that change the moves' legality
    /// or the result, not on every rule that changes the board. The children
    /// of such a split replay the record under their own rules, so the one
    /// followed apart carries on from its own position.
    fn sensitive(
        &mut self,
        (values, settled): (&[u8], &[Option<Place>]),
        run: &GameRun<'_>,
        (r, ply): (usize, u32),
        mine: &Step,
        shadows: &mut Vec<Shadow>,
        mode: Mode,
    ) -> Option<(usize, u8)> {
        if *mine == Step::Nothing {
            return None;
        }
        let splitting = mode != Mode::Follow;
        let checked = self.is_checked(r, ply);
        let seen_apart = |other: &Step| match (mine, other) {
            (Step::Played(..), Step::Played(..)) if !checked => false,
            _ => other != mine,
        };
        // Whether a value seen apart is one to split on: when the node is
        // refuted here, only a value the record accepts here, or at the
        // result one that comes nearer to it (see [`Search::result_error`]).
        let refuted_by = self.result_error(mine, r);
        let worth = |search: &Self, game: &Game, position: &Position, theirs: &Step| {
            mode != Mode::Rescue
                || search.result_error(theirs, r) < refuted_by
                || search.passes(game, position, r, ply)
        };
        // The variations followed apart play on from their own positions.
        let mut k = 0;
        while k < shadows.len() {
            let shadow = &shadows[k];
            let theirs = self.step_at(&shadow.game, &shadow.position, r, ply);
            self.out.variations += 1;
            if seen_apart(&theirs) {
                if splitting && worth(self, &shadow.game, &shadow.position, &theirs) {
                    return Some((shadow.slot, shadow.value));
                }
                shadows.swap_remove(k);
                continue;
            }
            match (theirs, mine) {
                (Step::Played(p, ..), Step::Played(q, ..)) if p != *q => {
                    shadows[k].position = p;
                    k += 1;
                }
                // Back on the node's position (or past the last move).
                _ => {
                    shadows.swap_remove(k);
                }
            }
        }
        // Numbers of a list are tried only when a board shows them (or they
        // are in: then taking them out is tried).
        let shown: Vec<String> = match mine {
            Step::Played(position, ..) => {
                let mut n: Vec<u8> = position.pits[..run.game().pit_count()].to_vec();
                n.sort_unstable();
                n.dedup();
                n.iter().map(u8::to_string).collect()
            }
            _ => Vec::new(),
        };
        let rules = run.game().rules();
        let mut alt = values.to_vec();
        for i in 0..values.len() {
            if settled[i].is_some() {
                continue;
            }
            let slot = &self.space.slots[i];
            // A rule the node's rules leave no room for (a scoring of an end
            // they do not have) changes nothing by itself.
            let no_room = slot.element.is_none()
                && !matches!(slot.key.default, Default::Absent(_))
                && (slot.key.write)(rules).is_none();
            if no_room {
                continue;
            }
            if let ValueKind::Numbers { max, .. } = slot.key.value {
                // A count of stones is tried when a board shows it (or it is
                // in); a place in the row (a fixed bound) at every ply.
                let element = slot.element.as_deref().unwrap_or("");
                let on_board = matches!(max, Bound::Fixed(_)) || shown.iter().any(|s| s == element);
                if on_board {
                    self.out.reached[i] = true;
                }
                if !on_board && values[i] == 0 {
                    continue;
                }
            }
            for v in 0..slot.searched {
                if v == values[i] || shadows.iter().any(|s| s.slot == i && s.value == v) {
                    continue;
                }
                alt[i] = v;
                let game = self.space.game(&alt);
                alt[i] = values[i];
                let Some(game) = game else { continue };
                self.out.variations += 1;
                let theirs = self.step(&game, run, r, ply);
                let apart = seen_apart(&theirs);
                if apart && splitting && worth(self, &game, run.position(), &theirs) {
                    return Some((i, v));
                }
                if splitting
                    && (!apart || mode == Mode::Rescue)
                    && self.with_dependents(
                        values,
                        settled,
                        run,
                        (r, ply, mode, refuted_by),
                        &seen_apart,
                        (i, v),
                        &game,
                    )
                {
                    return Some((i, v));
                }
                if apart {
                    continue;
                }
                if let Step::Played(position, ..) = theirs {
                    if theirs != *mine {
                        shadows.push(Shadow {
                            slot: i,
                            value: v,
                            game,
                            position,
                        });
                    }
                }
            }
        }
        None
    }

    /// Whether setting slot `i` to `v` (giving `game`) brings to life a
    /// rule that the node's rule set leaves no room for (`legal otherwise`
    /// once `feeding when` is set), and one of that rule's values then
    /// changes what the record sees: two rules that matter only together.
    #[allow(clippy::too_many_arguments)]
    fn with_dependents(
        &mut self,
        values: &[u8],
        settled: &[Option<Place>],
        run: &GameRun<'_>,
        (r, ply, mode, refuted_by): (usize, u32, Mode, u32),
        seen_apart: &dyn Fn(&Step) -> bool,
        (i, v): (usize, u8),
        game: &Rc<Game>,
    ) -> bool {
        let here = run.game().rules();
        let mut alt = values.to_vec();
        alt[i] = v;
        for j in 0..values.len() {
            let slot = &self.space.slots[j];
            if j == i || settled[j].is_some() || slot.element.is_some() {
                continue;
            }
            let wakes =
                (slot.key.write)(here).is_none() && (slot.key.write)(game.rules()).is_some();
            if !wakes {
                continue;
            }
            for w in 0..slot.searched {
                if w == values[j] {
                    continue;
                }
                alt[j] = w;
                let other = self.space.game(&alt);
                alt[j] = values[j];
                let Some(other) = other else { continue };
                self.out.variations += 1;
                let theirs = self.step(&other, run, r, ply);
                if seen_apart(&theirs)
                    && (mode != Mode::Rescue
                        || self.result_error(&theirs, r) < refuted_by
                        || self.passes(&other, run.position(), r, ply))
                {
                    return true;
                }
            }
        }
        false
    }

    /// What `game` does at `ply` of record `r`, from the position `run` is in.
    fn step(&self, game: &Rc<Game>, run: &GameRun<'_>, r: usize, ply: u32) -> Step {
        if !std::ptr::eq(run.game(), game.as_ref()) {
            return self.step_at(game, run.position(), r, ply);
        }
        let rec = &self.records[r];
        if ply == rec.labels.len() as u32 + 1 {
            return self.result(run, r);
        }
        let Ok(mv) = parse_move(&rec.labels[ply as usize - 1], game) else {
            return Step::Illegal;
        };
        match run.successors().find(mv) {
            Some(s) => self.played(game, s, r, ply),
            None => Step::Illegal,
        }
    }

    /// What `game` does at `ply` of record `r` from `position` (a game
    /// started there: no earlier positions to repeat).
    fn step_at(&self, game: &Game, position: &Position, r: usize, ply: u32) -> Step {
        let rec = &self.records[r];
        if ply == rec.labels.len() as u32 + 1 {
            return self.result(&GameRun::new(game, *position), r);
        }
        let Ok(mv) = parse_move(&rec.labels[ply as usize - 1], game) else {
            return Step::Illegal;
        };
        match game.play(position, mv) {
            Ok(s) => self.played(game, &s, r, ply),
            Err(_) => Step::Illegal,
        }
    }

    /// A move played: its position, what it captured, and the legal moves
    /// after it when a checkpoint at `ply` lists them.
    fn played(&self, game: &Game, s: &Successor, r: usize, ply: u32) -> Step {
        let wants_legal = self.records[r]
            .record
            .expect
            .iter()
            .any(|c| c.ply == ply && c.legal.is_some());
        let legal = wants_legal.then(|| legal_labels(&GameRun::new(game, s.position)));
        Step::Played(s.position, s.effect.captured, legal)
    }

    /// The game at the end of record `r` as far as its result says.
    fn result(&self, run: &GameRun<'_>, r: usize) -> Step {
        let Some(result) = &self.records[r].record.result else {
            return Step::Nothing;
        };
        let mut run = run.clone();
        if result.end == Some(EndReason::PlyCap)
            || (result.end.is_none() && result.winner == Some(Winner::None))
        {
            run.stop_at_cap();
        }
        Step::Result(run.end(), run.scores(), Some(Winner::from(run.outcome())))
    }

    /// Whether `game`, from `position`, plays `ply` of record `r` as the
    /// record says (a game started there, as [`Search::step_at`] plays it).
    fn passes(&self, game: &Game, position: &Position, r: usize, ply: u32) -> bool {
        self.advance(&mut GameRun::new(game, *position), r, ply)
    }

    /// How far `step`, the game at the end of record `r`, is from the
    /// result the record gives: 0 when it agrees, else the stones by which
    /// the scores differ, plus 100 for another winner and 1,000 for another
    /// end (or none). `u32::MAX` when `step` is no result. A record without
    /// boards is refuted by its result alone, and the result depends on many
    /// rules at once (the capture counts, the capture's options, how the
    /// leftovers go): a rule set refuted there splits on a rule with a value
    /// that comes nearer to it, so that the search descends to the rule
    /// sets that give the recorded result a rule at a time.
    fn result_error(&self, step: &Step, r: usize) -> u32 {
        let (Step::Result(end, scores, winner), Some(result)) =
            (step, &self.records[r].record.result)
        else {
            return u32::MAX;
        };
        let mut error = 0;
        if result.end.is_some_and(|e| *end != Some(e)) || end.is_none() {
            error += 1_000;
        }
        if let Some(expected) = result.scores {
            error += (0..2)
                .map(|i| u32::from(expected[i].abs_diff(scores[i])))
                .sum::<u32>();
        }
        if result.winner.is_some() && result.winner != *winner {
            error += 100;
        }
        error
    }

    /// Whether record `r` has a checkpoint at `ply` (the result counts as one).
    fn is_checked(&self, r: usize, ply: u32) -> bool {
        let rec = &self.records[r];
        ply == rec.labels.len() as u32 + 1 || rec.record.expect.iter().any(|c| c.ply == ply)
    }

    /// Plays `ply` of record `r` on `run` and checks what the record says
    /// there; false when the record and the rules disagree.
    fn advance(&self, run: &mut GameRun<'_>, r: usize, ply: u32) -> bool {
        let rec = &self.records[r];
        let last = rec.labels.len() as u32 + 1;
        if ply == last {
            return rec
                .record
                .result
                .as_ref()
                .is_none_or(|result| check_result(run, result).is_none());
        }
        let mut captured = 0;
        if ply > 0 {
            let mv: Option<Move> = parse_move(&rec.labels[ply as usize - 1], run.game()).ok();
            match mv.map(|mv| run.play(mv)) {
                Some(Ok(s)) => captured = s.effect.captured,
                _ => return false,
            }
        }
        rec.record
            .expect
            .iter()
            .filter(|c| c.ply == ply)
            .all(|c| compare(run, c, captured).is_none())
    }
}
