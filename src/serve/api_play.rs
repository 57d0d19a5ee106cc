//! The Play page's API. It keeps no game: each request carries the moves so
//! far, the server replays them, plays the human's new move and the agent's
//! replies, and answers with the board (as `sow render` draws it), the
//! legal moves, the last move lap by lap, and the game as a record.

use serde::Deserialize;
use serde_json::{json, Value};

use super::{
    files::Folder,
    http::{bad, Refusal},
    variant,
};
use crate::{
    agents::AgentSpec,
    engine::{parse_move_by, Game, MatchRun, Player, Position, RoundChange, Successor},
    render::{position_svg, text::Style, words::describe_move, Frame},
    trace::{legal_labels, Winner},
    verify::{ExpectedResult, Moves, Record, RoundEnd},
};

/// Deepest `alphabeta:D` the server plays (a reply stays within seconds).
pub const MAX_DEPTH: u8 = 8;

/// Most `mcts:N` playouts per move the server plays.
pub const MAX_PLAYOUTS: u32 = 20_000;

/// Most plies a game replayed or played here may have.
pub const MAX_PLIES: usize = 5_000;

/// A game so far and what to do next.
#[derive(Debug, Deserialize)]
pub struct PlayRequest {
    /// The variant (shipped, reading, or a file of the folder).
    pub variant: String,
    /// The moves played so far, as labels.
    #[serde(default)]
    pub moves: Vec<String>,
    /// The agent (`random`, `greedy`, `alphabeta:D`, `mcts:N`, `perfect`).
    pub agent: String,
    /// The human's seat.
    pub human: Player,
    /// The seed of the agent's choices.
    #[serde(default = "one")]
    pub seed: u64,
    /// The human's new move, if any.
    #[serde(default, rename = "move")]
    pub mv: Option<String>,
    /// Where the record will be saved in the folder (for `POST
    /// /api/play/record`): it names a variant file relative to it.
    #[serde(default)]
    pub path: Option<String>,
}

fn one() -> u64 {
    1
}

/// The agents the server lets a page choose: not `perfect:FILE` (a path
/// outside the folder), and searches within [`MAX_DEPTH`] and
/// [`MAX_PLAYOUTS`].
///
/// # Errors
/// An unknown agent, one beyond the limits, or one that cannot play `game`.
pub fn agent(text: &str, game: &Game) -> Result<AgentSpec, Refusal> {
    let spec: AgentSpec = text.parse().map_err(bad)?;
    match spec {
        AgentSpec::PerfectFrom(_) => {
            return Err(bad(
                "the server plays `perfect` solved on the fly, not from a file",
            ))
        }
        AgentSpec::AlphaBeta(d) if d > MAX_DEPTH => {
            return Err(bad(format!(
                "alphabeta:{d}: the server searches at most {MAX_DEPTH} plies deep"
            )))
        }
        AgentSpec::Mcts(n) if n > MAX_PLAYOUTS => {
            return Err(bad(format!(
                "mcts:{n}: the server plays at most {MAX_PLAYOUTS} playouts per move"
            )))
        }
        _ => {}
    }
    spec.check(game).map_err(bad)?;
    Ok(spec)
}

/// A game replayed: the match, who played each move, its rounds, and the
/// last move with the position it was played from.
struct Replayed<'g> {
    run: MatchRun<'g>,
    labels: Vec<String>,
    movers: Vec<Player>,
    rounds: Vec<(u32, RoundChange)>,
    last: Option<(Position, Successor)>,
}

impl<'g> Replayed<'g> {
    fn new(game: &'g Game) -> Self {
        Replayed {
            run: MatchRun::new(game, game.start()),
            labels: Vec::new(),
            movers: Vec::new(),
            rounds: Vec::new(),
            last: None,
        }
    }

    /// Plays the move labelled `label`, naming its ply when it cannot.
    fn play(&mut self, game: &Game, label: &str) -> Result<(), Refusal> {
        let ply = self.labels.len() + 1;
        if self.run.is_over() {
            return Err(bad(format!("ply {ply}: `{label}`: the game is over")));
        }
        if ply > MAX_PLIES {
            return Err(bad(format!("a game here has at most {MAX_PLIES} plies")));
        }
        let round = self.run.run_mut();
        let mover = round.position().to_move;
        let legal = legal_labels(round);
        let mv = parse_move_by(label, game, mover)
            .map_err(|e| bad(format!("ply {ply}: {e} (legal: {})", legal.join(" "))))?;
        let before = *round.position();
        let played = round.play(mv).map_err(|illegal| {
            bad(format!(
                "ply {ply}: `{label}` is illegal: {illegal} (legal: {})",
                legal.join(" ")
            ))
        })?;
        self.push(game, mover, before, played);
        Ok(())
    }

    fn push(&mut self, game: &Game, mover: Player, before: Position, played: Successor) {
        self.labels.push(game.move_label(played.mv));
        self.movers.push(mover);
        self.last = Some((before, played));
        for change in self.run.finish_rounds() {
            if game.has_rounds() {
                self.rounds.push((self.labels.len() as u32, change));
            }
        }
    }

    fn to_move(&self) -> Player {
        self.run.run().position().to_move
    }
}

/// Replays the request's moves, plays its new move and then the agent's
/// replies until the human is to move or the game is over; the state for
/// the page.
///
/// # Errors
/// The variant does not load, the agent cannot play, or a move cannot be
/// played (400, naming its ply).
pub fn play(folder: &Folder, request: &PlayRequest) -> Result<Value, Refusal> {
    let game = variant::game(folder, &request.variant).map_err(bad)?;
    let spec = agent(&request.agent, &game)?;
    let mut replayed = replay(&game, &request.moves)?;
    if let Some(label) = &request.mv {
        if replayed.to_move() != request.human && !replayed.run.is_over() {
            return Err(bad(format!(
                "it is {}'s turn, not yours",
                replayed.to_move()
            )));
        }
        replayed.play(&game, label)?;
    }
    while !replayed.run.is_over()
        && replayed.to_move() != request.human
        && replayed.labels.len() < MAX_PLIES
    {
        let seat = replayed.to_move();
        let ply = replayed.labels.len() as u64;
        let mut chooser = spec.build(request.seed.wrapping_add(ply), seat);
        let round = replayed.run.run_mut();
        let before = *round.position();
        let index = chooser.choose(round);
        let played = round.play_index(index);
        replayed.push(&game, seat, before, played);
    }
    Ok(state(&game, &replayed, request.human))
}

fn replay<'g>(game: &'g Game, moves: &[String]) -> Result<Replayed<'g>, Refusal> {
    let mut replayed = Replayed::new(game);
    for label in moves {
        replayed.play(game, label)?;
    }
    Ok(replayed)
}

/// What the page shows of a game.
fn state(game: &Game, replayed: &Replayed<'_>, human: Player) -> Value {
    let run = &replayed.run;
    let round_ended = replayed
        .rounds
        .last()
        .is_some_and(|&(ply, _)| ply as usize == replayed.labels.len());
    // After a round's last move the board is the next round's start.
    let frame = Frame {
        ply: replayed.labels.len() as u32,
        position: *run.run().position(),
        last: if round_ended { None } else { replayed.last },
    };
    let over = run.is_over();
    let legal = if over || replayed.to_move() != human {
        Vec::new()
    } else {
        legal_labels(run.run())
    };
    let last = replayed.last.map(|(before, played)| {
        let laps: Vec<Vec<String>> = game
            .sowing_laps(&before, played.mv)
            .into_iter()
            .map(|(_, lap)| {
                lap.into_iter()
                    .map(|slot| slot.map_or_else(|| "store".to_string(), |pit| game.label(pit)))
                    .collect()
            })
            .collect();
        json!({
            "words": describe_move(game, &before, &played, Style { colour: false }),
            "laps": laps,
        })
    });
    let result = over.then(|| {
        let end = run
            .run()
            .end()
            .map_or("stopped".to_string(), |e| e.as_str().replace('_', " "));
        let scores = run.run().scores();
        format!(
            "{} ({end}; south {}, north {})",
            Winner::from(run.outcome()).verdict(),
            scores[0],
            scores[1]
        )
    });
    let rounds: Vec<String> = (replayed.rounds.iter())
        .map(|(ply, change)| {
            format!(
                "round {} ended after ply {ply} ({}; south {}, north {})",
                change.round,
                change.end.as_str().replace('_', " "),
                change.scores[0],
                change.scores[1]
            )
        })
        .collect();
    json!({
        "variant": game.rules().name,
        "moves": replayed.labels,
        "movers": replayed.movers,
        "to_move": replayed.to_move(),
        "legal": legal,
        "over": over,
        "result": result,
        "rounds": rounds,
        "last": last,
        "svg": position_svg(game, &frame),
    })
}

/// The game of the request as a record (`sow verify`'s YAML), and saved
/// into the folder when the request names a path.
///
/// # Errors
/// As [`play`]'s replay, or the folder refuses the path.
pub fn record(folder: &Folder, request: &PlayRequest) -> Result<Value, Refusal> {
    let game = variant::game(folder, &request.variant).map_err(bad)?;
    let replayed = replay(&game, &request.moves)?;
    let variant = match &request.path {
        Some(path) if !crate::variants::is_shipped(&request.variant) => {
            reference_from(folder, &request.variant, path)?
        }
        _ => request.variant.clone(),
    };
    let run = &replayed.run;
    let record = Record {
        variant,
        comment: Some(format!("played in sow serve against {}", request.agent)),
        // The page plays a variant as its file (or reading) says.
        set: Vec::new(),
        start: None,
        moves: Moves::Text(replayed.labels.join(" ")),
        rounds: (replayed.rounds.iter())
            .map(|&(after_ply, change)| RoundEnd::of_change(&game, after_ply, change))
            .collect(),
        expect: Vec::new(),
        result: (run.is_over())
            .then(|| run.run().end())
            .flatten()
            .map(|end| ExpectedResult {
                end: Some(end),
                scores: Some(run.run().scores()),
                winner: Some(run.outcome().into()),
                rounds: game.has_rounds().then(|| run.round()),
            }),
    };
    let yaml = record.to_yaml().map_err(|e| (500, e.to_string()))?;
    if let Some(path) = &request.path {
        folder
            .write(path, &yaml)
            .map_err(|e| (403, e.to_string()))?;
    }
    Ok(json!({ "yaml": yaml, "saved": request.path }))
}

/// How a record saved at `record_path` names the folder's variant file
/// `variant` (with its reading): by its path from the record's folder.
fn reference_from(folder: &Folder, variant: &str, record_path: &str) -> Result<String, Refusal> {
    let (file, reading) = match variant.rsplit_once('@') {
        Some((file, reading)) => (file, format!("@{reading}")),
        None => (variant, String::new()),
    };
    let refused = |e: super::files::FolderError| (403, e.to_string());
    let file = folder.resolve(file).map_err(refused)?;
    let record = folder.resolve(record_path).map_err(refused)?;
    let record_folder = record.parent().unwrap_or(folder.root());
    let named =
        crate::variants::reference(&format!("{}{reading}", file.display()), Some(record_folder))
            .map_err(|e| (500, e.to_string()))?;
    Ok(named)
}
