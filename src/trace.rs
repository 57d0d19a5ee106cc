//! One game, ply by ply: from a list of moves or from agents, recorded as
//! plain data that the CLI prints as text, YAML or JSON, and that `sow
//! verify` reads back as a record (every ply a checkpoint).

use std::{cell::RefCell, ops::ControlFlow};

use serde::{Deserialize, Serialize};

use crate::{
    agents::AgentSpec,
    engine::{
        format_position, parse_move_by, AfterRound, EndReason, Game, GameRun, MatchRun, MoveError,
        NarrowView, Outcome, PitBits, Player, Position, RoundChange, Width,
    },
};

/// A whole game.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Trace {
    /// The variant's name.
    pub variant: String,
    /// The variant file the game was played under, when it is not a shipped
    /// variant (set by whoever knows the file; see [`crate::variants::reference`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub variant_file: Option<String>,
    /// Settings of the variant changed with `--set` (`sow.laps=relay`), in
    /// the order given: the game was played under the variant so changed.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub set: Vec<String>,
    /// The board before the first ply, in absolute order (a b c ... A B C ...).
    #[serde(deserialize_with = "crate::yaml::numbers")]
    pub start: Vec<u8>,
    /// Labels of the pits closed at the start (a later round's start).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub start_closed: Vec<String>,
    /// Labels of the pits claimed at the start (a variant with `claim`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub start_claimed: Vec<String>,
    /// Labels of the pits that belong to the other row's player at the
    /// start (a later round's start under `refill surplus`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub start_swapped: Vec<String>,
    /// Stones captured before the first ply, `[south, north]` (non-zero only
    /// for a game started from a position with captures).
    #[serde(default, deserialize_with = "crate::yaml::pair")]
    pub start_scores: [u16; 2],
    /// Who moved first.
    pub first_player: Player,
    /// Every ply played (numbered through the whole match in a variant with
    /// rounds).
    pub plies: Vec<PlyRecord>,
    /// In a variant with rounds, every round that ended, in order.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub rounds: Vec<RoundRecord>,
    /// How the game ended (in a variant with rounds: the match, its last
    /// round's end and scores, the match's winner); `None` when the moves
    /// stop before the end.
    pub result: Option<GameResult>,
}

/// A round that ended, in a variant with rounds.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RoundRecord {
    /// The round, from 1.
    pub round: u32,
    /// The ply that ended it (plies counted through the match).
    pub after_ply: u32,
    /// Why it ended.
    pub end: EndReason,
    /// Its scores `[south, north]`, leftovers included: what each refills from.
    #[serde(deserialize_with = "crate::yaml::pair")]
    pub scores: [u16; 2],
    /// The next round's start in the position notation (closed pits `x`),
    /// or `None` when the round ended the match.
    pub next_start: Option<String>,
}

/// One ply.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PlyRecord {
    /// Number of the ply, from 1.
    pub ply: u32,
    /// Who moved.
    pub player: Player,
    /// The legal moves before the ply, in pit order.
    #[serde(default)]
    pub legal: Vec<String>,
    /// The pit played.
    #[serde(rename = "move")]
    pub mv: String,
    /// The board after the ply, in absolute order.
    #[serde(deserialize_with = "crate::yaml::numbers")]
    pub board: Vec<u8>,
    /// Stones captured by this ply.
    pub captured: u16,
    /// Captures so far, `[south, north]`.
    #[serde(deserialize_with = "crate::yaml::pair")]
    pub scores: [u16; 2],
    /// The stores' contents `[south, north]`, for variants with stores
    /// (stones in a store count as captured, so this equals `scores`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub stores: Option<[u16; 2]>,
    /// Labels of the pits closed during this ply's round, in board order.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub closed: Vec<String>,
    /// Labels of the claimed pits after this ply (a variant with `claim`),
    /// in board order; each is the store of the other row's player.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub claimed: Vec<String>,
    /// Labels of the pits that belong to the other row's player during this
    /// ply's round (`refill surplus`), in board order.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub swapped: Vec<String>,
    /// Labels of the pits captured by this ply, in board order.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub captured_pits: Vec<String>,
    /// True when the grand-slam rule cancelled this ply's capture.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub capture_waived: bool,
}

/// How a game ended.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GameResult {
    /// Why it ended.
    pub end: EndReason,
    /// Final totals `[south, north]`, leftovers included.
    #[serde(deserialize_with = "crate::yaml::pair")]
    pub scores: [u16; 2],
    /// `south`, `north`, `draw`, or `none` when the ply cap stopped the game
    /// (in a variant with rounds: the match's winner).
    pub winner: Winner,
    /// Rounds played, in a variant with rounds.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rounds: Option<u32>,
}

/// Who won, as traces and records write it: `south`, `north`, `draw`, or
/// `none` for a game that no rule ended (a ply cap stopped it, so nobody won).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Winner {
    /// South scored more.
    South,
    /// North scored more.
    North,
    /// Equal scores.
    Draw,
    /// No winner: the game was stopped before the rules ended it.
    None,
}

impl From<Option<Outcome>> for Winner {
    fn from(outcome: Option<Outcome>) -> Winner {
        match outcome {
            Some(Outcome::South) => Winner::South,
            Some(Outcome::North) => Winner::North,
            Some(Outcome::Draw) => Winner::Draw,
            None => Winner::None,
        }
    }
}

impl Winner {
    /// `south`, `north`, `draw` or `none`.
    pub fn as_str(self) -> &'static str {
        match self {
            Winner::South => "south",
            Winner::North => "north",
            Winner::Draw => "draw",
            Winner::None => "none",
        }
    }

    /// The verdict in words: `south wins`, `a draw`, or `no winner`.
    pub fn verdict(self) -> String {
        match self {
            Winner::Draw => "a draw".to_string(),
            Winner::None => "no winner".to_string(),
            winner => format!("{} wins", winner.as_str()),
        }
    }
}

/// Records the plies of a [`GameRun`] as they are played.
struct Recorder {
    trace: Trace,
}

impl Recorder {
    fn new<W: Width>(game: &Game<W>, start: Position<W>) -> Self {
        let pits = game.pit_count();
        Recorder {
            trace: Trace {
                variant: game.rules().name.clone(),
                variant_file: None,
                set: Vec::new(),
                start: start.pits[..pits].to_vec(),
                start_closed: closed_labels(game, &start),
                start_claimed: claimed_labels(game, &start),
                start_swapped: swapped_labels(game, &start),
                start_scores: start.captured,
                first_player: start.to_move,
                plies: Vec::new(),
                rounds: Vec::new(),
                result: None,
            },
        }
    }

    /// Records the ply just played on `run`.
    fn record<W: Width>(
        &mut self,
        run: &GameRun<'_, W>,
        player: Player,
        legal: Vec<String>,
        successor: crate::engine::Successor<W>,
    ) {
        let game = run.game();
        let pos = successor.position;
        let has_stores = game.rules().board.stores != crate::rules::Stores::None;
        self.trace.plies.push(PlyRecord {
            ply: self.trace.plies.len() as u32 + 1,
            player,
            legal,
            mv: game.move_label(successor.mv),
            board: pos.pits[..game.pit_count()].to_vec(),
            captured: successor.effect.captured,
            scores: pos.captured,
            stores: has_stores.then_some(pos.captured),
            closed: closed_labels(game, &pos),
            claimed: claimed_labels(game, &pos),
            swapped: swapped_labels(game, &pos),
            captured_pits: (0..game.pit_count())
                .filter(|&p| successor.effect.captured_pits.has(p))
                .map(|p| game.label(p))
                .collect(),
            capture_waived: successor.effect.capture_waived,
        });
    }

    /// Records a round that ended (in a variant with rounds).
    fn round<W: Width>(&mut self, game: &Game<W>, change: &RoundChange<W>) {
        if !game.has_rounds() {
            return;
        }
        self.trace.rounds.push(RoundRecord {
            round: change.round,
            after_ply: self.trace.plies.len() as u32,
            end: change.end,
            scores: change.scores,
            next_start: match change.after {
                AfterRound::Next(start) => Some(format_position(&start, game)),
                AfterRound::MatchOver(_) => None,
            },
        });
    }

    /// The trace of the match played on `run`.
    fn finish<W: Width>(mut self, run: &MatchRun<'_, W>) -> Trace {
        let round = run.run();
        if let Some(end) = round.end() {
            let rounds = round.game().has_rounds();
            self.trace.result = Some(GameResult {
                end,
                scores: round.scores(),
                winner: if rounds {
                    run.outcome()
                } else {
                    round.outcome()
                }
                .into(),
                rounds: rounds.then(|| run.round()),
            });
        }
        self.trace
    }
}

/// Labels of the closed pits of `pos`, in board order.
fn closed_labels<W: Width>(game: &Game<W>, pos: &Position<W>) -> Vec<String> {
    (0..game.pit_count())
        .filter(|&pit| pos.is_closed(pit))
        .map(|pit| game.label(pit))
        .collect()
}

/// Labels of the pits of `pos` that belong to the other row's player.
fn swapped_labels<W: Width>(game: &Game<W>, pos: &Position<W>) -> Vec<String> {
    (0..game.pit_count())
        .filter(|&pit| pos.is_swapped(pit))
        .map(|pit| game.label(pit))
        .collect()
}

/// Labels of the claimed pits of `pos`, in board order.
fn claimed_labels<W: Width>(game: &Game<W>, pos: &Position<W>) -> Vec<String> {
    (0..game.pit_count())
        .filter(|&pit| pos.is_claimed(pit))
        .map(|pit| game.label(pit))
        .collect()
}

/// Plays `moves` (pit labels) from `start`.
///
/// # Errors
/// An unknown label or an illegal move, naming the ply and the legal moves.
pub fn from_moves<W: Width>(
    game: &Game<W>,
    start: Position<W>,
    moves: &[&str],
) -> Result<Trace, MoveError> {
    let mut recorder = Recorder::new(game, start);
    let mut matched = MatchRun::new(game, start);
    // A start with no legal move ends the round (and maybe the match) there.
    for change in matched.finish_rounds() {
        recorder.round(game, &change);
    }
    for label in moves {
        let ply = matched.plies() + 1;
        let run = matched.run_mut();
        let legal = legal_labels(run);
        let move_error = |message: String| MoveError {
            ply,
            message,
            legal: legal.clone(),
        };
        let player = run.position().to_move;
        let mv = parse_move_by(label, game, player).map_err(move_error)?;
        let successor = run
            .play(mv)
            .map_err(|illegal| move_error(format!("`{label}` is illegal: {illegal}")))?;
        recorder.record(run, player, legal, successor);
        for change in matched.finish_rounds() {
            recorder.round(game, &change);
        }
    }
    Ok(recorder.finish(&matched))
}

/// Plays a game between two agents from `start`, stopping at `max_plies`.
pub fn from_agents<W: NarrowView>(
    game: &Game<W>,
    start: Position<W>,
    agents: [AgentSpec; 2],
    seed: u64,
    max_plies: u32,
) -> Trace {
    // Both the plies and the round changes are recorded, one at a time.
    let recorder = RefCell::new(Recorder::new(game, start));
    let mut run = MatchRun::new(game, start);
    let mut players = Player::BOTH.map(|seat| agents[seat.index()].build(seed, seat));
    let _: ControlFlow<()> = run.play_out(
        max_plies,
        |round| {
            let player = round.position().to_move;
            let legal = legal_labels(round);
            let index = players[player.index()].choose(round);
            let successor = round.play_index(index);
            recorder
                .borrow_mut()
                .record(round, player, legal, successor);
            ControlFlow::Continue(())
        },
        |change| recorder.borrow_mut().round(game, change),
    );
    recorder.into_inner().finish(&run)
}

/// The labels of the legal moves now, in pit order.
pub fn legal_labels<W: Width>(run: &GameRun<'_, W>) -> Vec<String> {
    run.successors()
        .as_slice()
        .iter()
        .map(|s| run.game().move_label(s.mv))
        .collect()
}
