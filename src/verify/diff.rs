//! Where two variants part ways: a breadth-first search from the start over
//! positions reached identically under both rule sets, for the shortest move
//! sequence after which they disagree. In variants with rounds the search
//! stays within the first round: where it ends, what follows (the next
//! round's start, or the match's result) is compared, but later rounds are
//! not searched.

use std::collections::{HashSet, VecDeque};

use std::fmt::Write;

use super::record::{Checkpoint, ExpectedResult, Moves, Record, RoundEnd};
use crate::{
    engine::{
        format_position, AfterRound, EndReason, Game, GameRun, Illegal, MatchRun, Move, Narrow,
        Outcome, PitBits, Position, Successor, Successors, Width,
    },
    rules::GrandSlam,
    verify::boards::side_by_side,
};

/// How the two variants disagree after the found sequence.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Difference<W: Width = Narrow> {
    /// The boards differ in size or in starting stones.
    Start,
    /// A move is legal under one and not the other: `(move, why the other
    /// forbids it)`.
    LegalMoves {
        /// Legal only under A.
        only_a: Vec<(Move, String)>,
        /// Legal only under B.
        only_b: Vec<(Move, String)>,
    },
    /// The same move leads to different positions (board or captures).
    Result {
        /// The move.
        mv: Move,
        /// What it gives under A.
        a: Box<Successor<W>>,
        /// What it gives under B.
        b: Box<Successor<W>>,
    },
    /// The game is over under both, for different reasons or with different
    /// final scores.
    End {
        /// Why and the final scores under A.
        a: (EndReason, [u16; 2]),
        /// Why and the final scores under B.
        b: (EndReason, [u16; 2]),
    },
    /// The first round is over under both, the same way, but what follows
    /// differs: the next round's start, or the match's result (a variant
    /// without rounds ends the match with its one game).
    Round {
        /// What follows under A.
        a: AfterRound<W>,
        /// What follows under B.
        b: AfterRound<W>,
    },
    /// The move repeats a position: one variant ends the game, or scores the
    /// end differently.
    Repetition {
        /// The move.
        mv: Move,
        /// Under A: the end reason and scores, `None` when the game goes on.
        a: Option<(EndReason, [u16; 2])>,
        /// Under B.
        b: Option<(EndReason, [u16; 2])>,
    },
}

impl<W: Width> Difference<W> {
    /// A short name for the kind of difference (used in JSON).
    pub fn kind(&self) -> &'static str {
        match self {
            Difference::Start => "start",
            Difference::LegalMoves { .. } => "legal_moves",
            Difference::Result { .. } => "result",
            Difference::End { .. } => "end",
            Difference::Round { .. } => "round",
            Difference::Repetition { .. } => "repetition",
        }
    }

    /// The move that shows the difference, when it is one move.
    pub fn shown_by(&self) -> Option<Move> {
        match self {
            Difference::Result { mv, .. } | Difference::Repetition { mv, .. } => Some(*mv),
            _ => None,
        }
    }
}

/// A sequence after which the two variants disagree.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Found<W: Width = Narrow> {
    /// The moves from the start to `position`.
    pub moves: Vec<Move>,
    /// The position both variants reach, where they disagree.
    pub position: Position<W>,
    /// How they disagree.
    pub difference: Difference<W>,
}

/// How far the search went.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Searched {
    /// Plies searched to (differences up to this many plies were looked for).
    pub plies: u32,
    /// Distinct positions examined.
    pub positions: usize,
    /// True when every position reachable under both was examined.
    pub exhausted: bool,
    /// True when the search stopped at the bound on positions.
    pub position_cap: bool,
}

impl Searched {
    /// Before the search: the start alone.
    fn nothing() -> Searched {
        Searched {
            plies: 0,
            positions: 1,
            exhausted: false,
            position_cap: false,
        }
    }
}

/// The two variants compared.
pub struct Pair<'g, W: Width = Narrow> {
    /// Variant A.
    pub a: &'g Game<W>,
    /// Variant B.
    pub b: &'g Game<W>,
}

/// A node of the search tree.
struct Node<W: Width> {
    position: Position<W>,
    parent: Option<(usize, Move)>,
    depth: u32,
}

impl<W: Width> Pair<'_, W> {
    /// The shortest sequence (at most `max_plies` moves) after which the two
    /// variants disagree, with how far the search went. At most
    /// `max_positions` positions are kept.
    pub fn search(&self, max_plies: u32, max_positions: usize) -> (Option<Found<W>>, Searched) {
        let start = self.a.start();
        if self.a.pit_count() != self.b.pit_count() || start != self.b.start() {
            let found = Found {
                moves: Vec::new(),
                position: start,
                difference: Difference::Start,
            };
            return (Some(found), Searched::nothing());
        }
        self.search_from(start, max_plies, max_positions)
    }

    /// As [`Pair::search`], from `start`, a position both variants can be in
    /// (a recorded one): the moves found are from there.
    pub fn search_from(
        &self,
        start: Position<W>,
        max_plies: u32,
        max_positions: usize,
    ) -> (Option<Found<W>>, Searched) {
        let mut searched = Searched::nothing();
        let mut nodes = vec![Node {
            position: start,
            parent: None,
            depth: 0,
        }];
        if let Some(difference) = self.at(&start) {
            return (Some(self.found(&nodes, 0, difference)), searched);
        }
        let mut seen: HashSet<Position<W>> = HashSet::from([start]);
        let mut queue = VecDeque::from([0usize]);
        let (mut sa, mut sb) = (Successors::default(), Successors::default());
        while let Some(index) = queue.pop_front() {
            let Node {
                position, depth, ..
            } = nodes[index];
            if depth >= max_plies {
                return (None, searched);
            }
            searched.plies = depth + 1;
            self.a.successors(&position, &mut sa);
            self.b.successors(&position, &mut sb);
            for a in sa.as_slice() {
                // `at` found no difference here, so B has the same moves.
                let Some(b) = same_move(self.a, a.mv, self.b, &sb) else {
                    continue;
                };
                let difference = if a.position != b.position {
                    Some(Difference::Result {
                        mv: a.mv,
                        a: Box::new(*a),
                        b: Box::new(*b),
                    })
                } else {
                    self.repetition(&nodes, index, a.mv)
                };
                if let Some(difference) = difference {
                    return (Some(self.found(&nodes, index, difference)), searched);
                }
                if !seen.insert(a.position) {
                    continue;
                }
                if searched.positions >= max_positions {
                    searched.plies = depth;
                    searched.position_cap = true;
                    return (None, searched);
                }
                searched.positions += 1;
                nodes.push(Node {
                    position: a.position,
                    parent: Some((index, a.mv)),
                    depth: depth + 1,
                });
                if let Some(difference) = self.at(&a.position) {
                    return (
                        Some(self.found(&nodes, nodes.len() - 1, difference)),
                        searched,
                    );
                }
                queue.push_back(nodes.len() - 1);
            }
        }
        searched.exhausted = true;
        (None, searched)
    }

    /// The shortest of the differences met in `playouts` random games
    /// under A (seeded by `seed`), each stopped after `max_plies` plies: at
    /// each position of a game, a difference in the position itself or in
    /// the result of any legal move, or a repetition the two treat
    /// differently. Not necessarily the shortest sequence there is.
    pub fn playouts(&self, playouts: u32, max_plies: u32, seed: u64) -> Option<Found<W>> {
        use rand::SeedableRng;
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
        let mut best: Option<Found<W>> = None;
        for _ in 0..playouts {
            let limit = best.as_ref().map_or(max_plies as usize, |f| plies(f) - 1);
            if let Some(found) = self.playout(&mut rng, limit) {
                best = Some(found);
            }
        }
        best
    }

    /// One random game under A, up to `max_plies` plies: the first
    /// difference met, if any.
    fn playout(&self, rng: &mut impl rand::Rng, max_plies: usize) -> Option<Found<W>> {
        let (mut sa, mut sb) = (Successors::default(), Successors::default());
        let start = self.a.start();
        let (mut run_a, mut run_b) = (GameRun::new(self.a, start), GameRun::new(self.b, start));
        let mut moves = Vec::new();
        loop {
            let position = *run_a.position();
            let found = |difference| Found {
                moves: moves.clone(),
                position,
                difference,
            };
            if let Some(difference) = self.at(&position) {
                return Some(found(difference));
            }
            let legal = run_a.successors().as_slice();
            if legal.is_empty() || moves.len() >= max_plies {
                return None;
            }
            self.a.successors(&position, &mut sa);
            self.b.successors(&position, &mut sb);
            for a in sa.as_slice() {
                match same_move(self.a, a.mv, self.b, &sb) {
                    Some(b) if a.position != b.position => {
                        return Some(found(Difference::Result {
                            mv: a.mv,
                            a: Box::new(*a),
                            b: Box::new(*b),
                        }));
                    }
                    _ => {}
                }
            }
            let mv = legal[rng.random_range(0..legal.len())].mv;
            let mv_b = same_move(self.a, mv, self.b, run_b.successors()).map(|s| s.mv);
            let ok_a = run_a.play(mv).is_ok();
            let ok_b = mv_b.is_some_and(|mv_b| run_b.play(mv_b).is_ok());
            let end = |run: &GameRun<'_, W>| run.end().map(|e| (e, run.scores()));
            let (ea, eb) = (end(&run_a), end(&run_b));
            let repeated =
                |e: &Option<(EndReason, [u16; 2])>| matches!(e, Some((EndReason::Repetition, _)));
            if ok_a && ok_b && ea != eb && (repeated(&ea) || repeated(&eb)) {
                return Some(found(Difference::Repetition { mv, a: ea, b: eb }));
            }
            moves.push(mv);
        }
    }

    /// A difference in `pos` itself: different legal moves or a different end.
    fn at(&self, pos: &Position<W>) -> Option<Difference<W>> {
        let (mut sa, mut sb) = (Successors::default(), Successors::default());
        self.a.successors(pos, &mut sa);
        self.b.successors(pos, &mut sb);
        if sa.is_empty() && sb.is_empty() {
            let end = |game: &Game<W>| {
                let run = GameRun::new(game, *pos);
                (run.end().unwrap_or(EndReason::NoLegalMove), run.scores())
            };
            let (a, b) = (end(self.a), end(self.b));
            if a != b {
                return Some(Difference::End { a, b });
            }
            // The search stays in the first round, which the start's mover
            // began.
            let starter = self.a.start().to_move;
            let after = |game: &Game<W>| game.after_round(pos, a.0, starter);
            let (a, b) = (after(self.a), after(self.b));
            return (a != b).then_some(Difference::Round { a, b });
        }
        let only = |mine_game: &Game<W>,
                    g: &Game<W>,
                    mine: &Successors<W>,
                    theirs: &Successors<W>|
         -> Vec<(Move, String)> {
            mine.as_slice()
                .iter()
                .filter(|s| same_move(mine_game, s.mv, g, theirs).is_none())
                .map(|s| {
                    let why = match (theirs.is_empty(), theirs.end_reason()) {
                        (false, _) => g.why_illegal(pos, s.mv, theirs).to_string(),
                        (true, EndReason::NoLegalMove) => format!(
                            "{}: {}",
                            EndReason::NoLegalMove.describe(),
                            why_forbidden(g, pos, s.mv)
                        ),
                        (true, end) => format!("the game is over: {}", end.describe()),
                    };
                    (s.mv, why)
                })
                .collect()
        };
        let only_a = only(self.a, self.b, &sa, &sb);
        let only_b = only(self.b, self.a, &sb, &sa);
        (!only_a.is_empty() || !only_b.is_empty())
            .then_some(Difference::LegalMoves { only_a, only_b })
    }

    /// Whether playing `mv` after the moves leading to node `index` repeats a
    /// position, and the two variants treat that differently. Only the path
    /// of the search tree is looked at.
    fn repetition(&self, nodes: &[Node<W>], index: usize, mv: Move) -> Option<Difference<W>> {
        let rules = (&self.a.rules().end, &self.b.rules().end);
        if (rules.0.repetition, rules.0.repetition_leftovers)
            == (rules.1.repetition, rules.1.repetition_leftovers)
        {
            return None;
        }
        let mut moves = path(nodes, index);
        moves.push(mv);
        let end = |game: &Game<W>| {
            let mut run = GameRun::new(game, game.start());
            for &m in &moves {
                let m = same_move(self.a, m, game, run.successors())?.mv;
                run.play(m).ok()?;
            }
            run.end().map(|e| (e, run.scores()))
        };
        let (a, b) = (end(self.a), end(self.b));
        let repeated =
            |e: &Option<(EndReason, [u16; 2])>| matches!(e, Some((EndReason::Repetition, _)));
        (a != b && (repeated(&a) || repeated(&b))).then_some(Difference::Repetition { mv, a, b })
    }

    fn found(&self, nodes: &[Node<W>], index: usize, difference: Difference<W>) -> Found<W> {
        Found {
            moves: path(nodes, index),
            position: nodes[index].position,
            difference,
        }
    }

    /// The found difference as a record that A explains and B does not.
    /// `variant` is how the record names A. In a variant with rounds, a
    /// round that ends is a round end of the record.
    pub fn record(&self, found: &Found<W>, variant: String, comment: String) -> Record {
        let a = self.a;
        let mut labels: Vec<String> = found.moves.iter().map(|&m| a.move_label(m)).collect();
        let mut matched = MatchRun::new(a, a.start());
        let mut last = None;
        let mut all = found.moves.clone();
        all.extend(found.difference.shown_by());
        let mut rounds = Vec::new();
        for &m in &all {
            last = matched.run_mut().play(m).ok();
        }
        let run = matched.run().clone();
        // Settled in any variant (the match's outcome comes from it), kept
        // as round ends only in one with rounds.
        let changes = matched.finish_rounds();
        for change in changes.into_iter().filter(|_| a.has_rounds()) {
            rounds.push(RoundEnd {
                round: change.round,
                after_ply: all.len() as u32,
                end: Some(change.end),
                scores: Some(change.scores),
                next_start: match change.after {
                    AfterRound::Next(start) => Some(format_position(&start, a)),
                    AfterRound::MatchOver(_) => None,
                },
                comment: None,
            });
        }
        if let Some(mv) = found.difference.shown_by() {
            labels.push(a.move_label(mv));
        }
        let ply = all.len() as u32;
        let pos = run.position();
        let expect = vec![Checkpoint {
            ply,
            board: Some(pos.pits[..a.pit_count()].to_vec()),
            closed: None,
            scores: Some(pos.captured),
            captured: last.map(|s| s.effect.captured),
            legal: Some(Moves::Text(crate::trace::legal_labels(&run).join(" "))),
            position: None,
            comment: None,
        }];
        let result = match (run.end(), matched.outcome()) {
            (Some(end), Some(winner)) => Some(ExpectedResult {
                end: Some(end),
                scores: Some(run.scores()),
                winner: Some(Some(winner).into()),
                rounds: a.has_rounds().then(|| matched.round()),
            }),
            _ => None,
        };
        Record {
            variant,
            set: Vec::new(),
            comment: Some(comment),
            start: None,
            moves: Moves::Text(labels.join(" ")),
            rounds,
            expect,
            result,
        }
    }
}

/// Why `mv`, which holds enough stones, is not legal in `pos` under `game`
/// when the mover has no legal move at all (the engine then just says the
/// game is over). Replayed with grand slams allowed, it is either legal and
/// takes the opponent's whole row (a grand slam), or it does not feed.
fn why_forbidden<W: Width>(game: &Game<W>, pos: &Position<W>, mv: Move) -> String {
    let pit = game.move_label(mv);
    let mut relaxed = game.rules().clone();
    relaxed.grand_slam = GrandSlam::Allowed;
    let unrestricted = Game::<W>::with_width(relaxed);
    let Ok(s) = unrestricted.play(pos, mv) else {
        return Illegal::DoesNotFeed { pit }.to_string();
    };
    let opponent = unrestricted.row(pos.to_move.other());
    let slam = s.effect.captured > 0
        && opponent.clone().any(|p| s.effect.captured_pits.has(p))
        && opponent.clone().all(|p| s.position.pits[p] == 0);
    if slam {
        Illegal::GrandSlam { pit }.to_string()
    } else {
        format!("`{pit}` does not feed the opponent")
    }
}

/// The move of `theirs` (legal under `to`) that a record would write as `mv`
/// is written under `from`: the same pit, and the same direction where the
/// pit sows either way. A pit that sows one way only is written without its
/// direction, so `a` is the same move under `direction ccw` and under
/// `direction cw`, though it sows the other way.
fn same_move<'s, W: Width>(
    from: &Game<W>,
    mv: Move,
    to: &Game<W>,
    theirs: &'s Successors<W>,
) -> Option<&'s Successor<W>> {
    let label = from.move_label(mv);
    theirs
        .as_slice()
        .iter()
        .find(|s| to.move_label(s.mv) == label)
}

/// The moves from the root to node `index`.
fn path<W: Width>(nodes: &[Node<W>], mut index: usize) -> Vec<Move> {
    let mut moves = Vec::new();
    while let Some((parent, mv)) = nodes[index].parent {
        moves.push(mv);
        index = parent;
    }
    moves.reverse();
    moves
}

impl<W: Width> Pair<'_, W> {
    /// The difference in words, naming the variants `names.0` and `names.1`.
    pub fn words(&self, found: &Found<W>, names: (&str, &str)) -> String {
        let (a, b) = (self.a, self.b);
        let label = |mv: Move| a.move_label(mv);
        let scores = |s: &[u16; 2]| format!("south {} - north {}", s[0], s[1]);
        let mover = found.position.to_move;
        let mut out = String::new();
        match &found.difference {
            Difference::Start => {
                let board = |g: &Game<W>| {
                    let r = g.rules();
                    format!("{}, {}", r.board.shape(), r.start_text())
                };
                if board(a) == board(b) {
                    // The same board, and openings that leave different
                    // starts (`opening { shifts_from }`).
                    let _ = writeln!(
                        out,
                        "the starts differ: {} starts from {}, {} from {} (the positions their openings leave)",
                        names.0,
                        format_position(&a.start(), a),
                        names.1,
                        format_position(&b.start(), b)
                    );
                } else {
                    let _ = writeln!(
                        out,
                        "the boards differ: {} has {}, {} has {}",
                        names.0,
                        board(a),
                        names.1,
                        board(b)
                    );
                }
            }
            Difference::LegalMoves { only_a, only_b } => {
                for (list, (yes, no)) in [(only_a, names), (only_b, (names.1, names.0))] {
                    for (mv, why) in list {
                        let _ = writeln!(
                            out,
                            "{mover} may play {} under {yes} but not under {no}: {why}",
                            label(*mv)
                        );
                    }
                }
            }
            Difference::Result { mv, a: sa, b: sb } => {
                let _ = writeln!(
                    out,
                    "{mover} plays {}: it captures {} under {} and {} under {}{}",
                    label(*mv),
                    sa.effect.captured,
                    names.0,
                    sb.effect.captured,
                    names.1,
                    match (sa.effect.capture_waived, sb.effect.capture_waived) {
                        (true, false) =>
                            format!(" (under {} a grand slam captures nothing)", names.0),
                        (false, true) =>
                            format!(" (under {} a grand slam captures nothing)", names.1),
                        _ => String::new(),
                    }
                );
                let n = a.pit_count();
                out.push_str(&side_by_side(
                    a,
                    (names.0, &sa.position.pits[..n]),
                    (names.1, &sb.position.pits[..n]),
                ));
                let _ = writeln!(
                    out,
                    "captures so far: {} under {}, {} under {}",
                    scores(&sa.position.captured),
                    names.0,
                    scores(&sb.position.captured),
                    names.1
                );
                let (next_a, next_b) = (sa.position.to_move, sb.position.to_move);
                if next_a != next_b {
                    let _ = writeln!(
                        out,
                        "then {next_a} moves under {} and {next_b} under {}",
                        names.0, names.1
                    );
                }
            }
            Difference::End { a: ea, b: eb } => {
                let _ = writeln!(out, "the game is over under both, but differently:");
                for (name, (end, s)) in [(names.0, ea), (names.1, eb)] {
                    let _ = writeln!(
                        out,
                        "  under {name}: {}; final scores {}",
                        end.describe(),
                        scores(s)
                    );
                }
            }
            Difference::Round {
                a: after_a,
                b: after_b,
            } => {
                let _ = writeln!(
                    out,
                    "the first round is over under both, the same way, but what follows differs:"
                );
                for (name, after) in [(names.0, after_a), (names.1, after_b)] {
                    let what = match after {
                        AfterRound::Next(start) => {
                            format!("round 2 starts from {}", format_position(start, a))
                        }
                        AfterRound::MatchOver(Outcome::Draw) => {
                            "the match is over: a draw".to_string()
                        }
                        AfterRound::MatchOver(Outcome::South) => {
                            "the match is over: south wins".to_string()
                        }
                        AfterRound::MatchOver(Outcome::North) => {
                            "the match is over: north wins".to_string()
                        }
                    };
                    let _ = writeln!(out, "  under {name}: {what}");
                }
            }
            Difference::Repetition { mv, a: ea, b: eb } => {
                let _ = writeln!(
                    out,
                    "{mover} plays {}, which repeats a position:",
                    label(*mv)
                );
                for (name, end) in [(names.0, ea), (names.1, eb)] {
                    let what = match end {
                        Some((end, s)) => {
                            format!(
                                "the game ends ({}); final scores {}",
                                end.describe(),
                                scores(s)
                            )
                        }
                        None => "the game goes on".to_string(),
                    };
                    let _ = writeln!(out, "  under {name}: {what}");
                }
            }
        }
        out
    }
}

/// Plies in a found sequence, counting the move that shows the difference.
pub fn plies<W: Width>(found: &Found<W>) -> usize {
    found.moves.len() + usize::from(found.difference.shown_by().is_some())
}

impl<W: Width> Found<W> {
    /// Every move of the sequence as labels of `game`, the one that shows
    /// the difference included; `(none: the start)` when there is none.
    pub fn moves_text(&self, game: &Game<W>) -> String {
        let labels: Vec<String> = (self.moves.iter())
            .chain(self.difference.shown_by().as_ref())
            .map(|&m| game.move_label(m))
            .collect();
        if labels.is_empty() {
            "(none: the start)".to_string()
        } else {
            labels.join(" ")
        }
    }

    /// Which position [`Found::position`] is: before the last move when a
    /// move shows the difference, after the moves when the position itself
    /// does.
    pub fn position_is(&self, game: &Game<W>) -> String {
        match self.difference.shown_by() {
            Some(mv) => format!("position before {}", game.move_label(mv)),
            None if self.moves.is_empty() => "position at the start".to_string(),
            None => "position after these moves".to_string(),
        }
    }
}
