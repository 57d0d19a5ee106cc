//! `Game` and `State`: a variant compiled for play and a game in progress,
//! with OpenSpiel's action numbering. The one module of the package that uses
//! the engine's API (`sowing::engine`), so that a change there is adapted here.

use std::{
    collections::HashMap,
    sync::{Mutex, OnceLock},
};

use pyo3::{create_exception, exceptions::PyValueError, prelude::*};
use sowing::{
    engine::{
        self, format_position, parse_move_by, parse_position, GameRun, Move, Outcome, Player,
    },
    rules::{Direction, EndWhen, PitDirection},
    trace::Winner,
    variants,
};

use crate::check::{self, Check, Variant};

create_exception!(
    sowing,
    IllegalMove,
    PyValueError,
    "A move that cannot be played here, with the engine's reason."
);

/// Compiled games, one per distinct variant text and reading, kept for the life of the
/// process: a `State` borrows its game, and loading the same variant again
/// reuses it (a compiled game takes a few kilobytes).
fn compiled(variant: &Variant) -> &'static engine::Game {
    type Key = (String, Option<String>);
    static GAMES: OnceLock<Mutex<HashMap<Key, &'static engine::Game>>> = OnceLock::new();
    let mut games = GAMES
        .get_or_init(Default::default)
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner());
    games
        .entry((variant.source.text.clone(), variant.reading.clone()))
        .or_insert_with(|| Box::leak(Box::new(engine::Game::new(variant.loaded.rules.clone()))))
}

/// What `__reduce__` returns for pickling: a callable and its arguments.
type Reduced<A> = (PyObject, A);

/// The names of the shipped variants, sorted.
#[pyfunction]
pub fn shipped() -> Vec<&'static str> {
    variants::shipped_names().collect()
}

/// Loads a variant: a shipped name (`"modiar"`), a path to a `.variant`
/// file, or the text of one. Raises `VariantError` when it has errors.
#[pyfunction]
pub fn load(py: Python<'_>, variant: &str) -> PyResult<Game> {
    let loaded = check::load(py, variant)?;
    if loaded.loaded.rules.rounds.refill.is_some() {
        // A `State` plays one game; a match would stop after its first round.
        return Err(PyValueError::new_err(format!(
            "{variant}: a match of rounds (its `rounds` section); playing it move by move is not supported yet (`sowing.simulate` plays whole matches)"
        )));
    }
    if let Err(why) = engine::AnyGame::new(loaded.loaded.rules.clone()).narrow("`sowing.load`") {
        return Err(PyValueError::new_err(format!("{variant}: {why}")));
    }
    Ok(Game {
        game: compiled(&loaded),
        check: Check::of(&loaded),
        variant: variant.to_string(),
    })
}

/// A variant, compiled for play. Made by `sowing.load`.
#[pyclass(module = "sowing", frozen)]
pub struct Game {
    game: &'static engine::Game,
    check: Check,
    variant: String,
}

impl Game {
    /// The compiled game.
    pub fn engine(&self) -> &'static engine::Game {
        self.game
    }

    /// Whether some pit sows either way (actions then have a second block).
    fn has_either(&self) -> bool {
        self.game
            .rules()
            .sowing
            .direction
            .contains(&PitDirection::Either)
    }

    /// Whether a player who cannot move passes.
    fn passes(&self) -> bool {
        self.game
            .rules()
            .end
            .when
            .contains(&EndWhen::NeitherCanMove)
    }

    /// OpenSpiel's action number of `mv`: the pit's index from the mover's
    /// left, plus one row's width for the clockwise move of a pit that sows
    /// either way; a pass comes last.
    fn action_of(&self, mv: Move) -> usize {
        let per_row = self.game.pits_per_row();
        if mv == Move::PASS {
            return per_row * (1 + usize::from(self.has_either()));
        }
        let pit = usize::from(mv.pit);
        let second =
            self.game.pit_direction(pit) == PitDirection::Either && mv.direction == Direction::Cw;
        pit % per_row + if second { per_row } else { 0 }
    }
}

#[pymethods]
impl Game {
    /// The variant's name, as its file gives it (`"Modiar"`).
    #[getter]
    fn name(&self) -> &str {
        &self.game.rules().name
    }

    /// The argument it was loaded from (name, path or text).
    #[getter]
    fn variant(&self) -> &str {
        &self.variant
    }

    /// Pits in each row.
    #[getter]
    fn pits_per_row(&self) -> usize {
        self.game.pits_per_row()
    }

    /// Pits on the board (both rows).
    #[getter]
    fn pit_count(&self) -> usize {
        self.game.pit_count()
    }

    /// Stones in play (on the board at the start).
    #[getter]
    fn total_stones(&self) -> u32 {
        self.game.start().total_stones()
    }

    /// The pit labels in board order: `a b c ...` (south) then `A B C ...`.
    #[getter]
    fn labels(&self) -> Vec<String> {
        (0..self.game.pit_count())
            .map(|p| self.game.label(p))
            .collect()
    }

    /// How many OpenSpiel actions there are: one per pit of a row, a second
    /// block of as many where some pit sows either way, and a pass where the
    /// rules let a player pass.
    #[getter]
    fn num_actions(&self) -> usize {
        self.game.pits_per_row() * (1 + usize::from(self.has_either())) + usize::from(self.passes())
    }

    /// The warnings and the `ok:` line `sow check` prints for this variant.
    fn check(&self) -> Check {
        self.check.clone()
    }

    /// A new game from the start, or from `position` written in sow's
    /// notation (`"4 4 4 4 4 4 / 4 4 4 4 4 4 south captured 0 0"`); a
    /// position with another stone count than the variant's is refused.
    #[pyo3(signature = (position=None))]
    fn new_game(slf: Bound<'_, Self>, position: Option<String>) -> PyResult<State> {
        let game = slf.get().game;
        let start = match &position {
            None => game.start(),
            Some(text) => {
                let pos = parse_position(text, game)
                    .map_err(|e| PyValueError::new_err(format!("position {text:?}: {e}")))?;
                engine::check_stones(game, &pos, "the position has")
                    .map_err(|e| PyValueError::new_err(format!("position {text:?}: {e}")))?;
                pos
            }
        };
        Ok(State {
            run: GameRun::new(game, start),
            game: slf.unbind(),
            from: position,
            moves: Vec::new(),
        })
    }

    /// A game played through `moves` (indices into the legal moves, as
    /// `State.play` takes them) from the start or from `position`.
    #[pyo3(signature = (moves, position=None))]
    fn replay(
        slf: Bound<'_, Self>,
        moves: Vec<usize>,
        position: Option<String>,
    ) -> PyResult<State> {
        let mut state = Self::new_game(slf, position)?;
        for index in moves {
            state.play_move(MoveArg::Index(index))?;
        }
        Ok(state)
    }

    fn __reduce__(&self, py: Python<'_>) -> PyResult<Reduced<(String,)>> {
        let load = py.import("sowing")?.getattr("load")?.unbind();
        Ok((load, (self.variant.clone(),)))
    }

    fn __repr__(&self) -> String {
        format!("<sowing.Game {}>", self.game.rules().name)
    }
}

/// A game in progress. Made by `Game.new_game`.
#[pyclass(module = "sowing")]
pub struct State {
    run: GameRun<'static>,
    game: Py<Game>,
    /// The position it started from, when not the variant's start.
    from: Option<String>,
    /// The moves played, as indices into the legal moves (for pickling).
    moves: Vec<u8>,
}

fn player_name(player: Player) -> &'static str {
    match player {
        Player::South => "south",
        Player::North => "north",
    }
}

/// A move given from Python: a label or an index into `legal_moves()`.
#[derive(FromPyObject)]
pub enum MoveArg {
    /// An index into the legal moves.
    Index(usize),
    /// A label: `a`, `B`, `c:cw`, `pass`.
    Label(String),
}

impl State {
    /// Plays the `index`-th legal move (in range) and remembers it.
    fn play_index(&mut self, index: usize) {
        self.run.play_index(index);
        self.moves.push(index as u8);
    }

    fn wrapper(&self) -> &Game {
        self.game.get()
    }

    fn illegal(&self, message: String) -> PyErr {
        let legal = self.legal_moves();
        IllegalMove::new_err(format!(
            "ply {}: {message}; legal moves: {}",
            self.run.plies() + 1,
            if legal.is_empty() {
                "none".to_string()
            } else {
                legal.join(" ")
            }
        ))
    }
}

#[pymethods]
impl State {
    /// The game this state belongs to.
    #[getter]
    fn game(&self, py: Python<'_>) -> Py<Game> {
        self.game.clone_ref(py)
    }

    /// The labels of the legal moves, in pit order (empty when over).
    fn legal_moves(&self) -> Vec<String> {
        let game = self.run.game();
        self.run
            .successors()
            .as_slice()
            .iter()
            .map(|s| game.move_label(s.mv))
            .collect()
    }

    /// Plays a move: its label (`"c"`, `"C"`, `"b:cw"`, `"pass"`) or its
    /// index in `legal_moves()`. Raises `IllegalMove` with the reason.
    #[pyo3(name = "play")]
    fn play_move(&mut self, r#move: MoveArg) -> PyResult<()> {
        match r#move {
            MoveArg::Index(index) => {
                let count = self.run.successors().len();
                if self.run.end().is_some() {
                    return Err(self.illegal("the game is over".into()));
                }
                if index >= count {
                    return Err(self.illegal(format!(
                        "move index {index} is out of range: there are {count} legal moves"
                    )));
                }
                self.play_index(index);
            }
            MoveArg::Label(label) => {
                let mover = self.run.position().to_move;
                let mv =
                    parse_move_by(&label, self.run.game(), mover).map_err(|e| self.illegal(e))?;
                let legal = self.run.successors();
                match legal.as_slice().iter().position(|s| s.mv == mv) {
                    Some(index) => self.play_index(index),
                    None => {
                        let why = if self.run.end().is_some() {
                            engine::Illegal::GameOver
                        } else {
                            self.run.game().why_illegal(self.run.position(), mv, legal)
                        };
                        return Err(self.illegal(format!("`{label}` is illegal: {why}")));
                    }
                }
            }
        }
        Ok(())
    }

    /// Stones per pit in board order (`a b c ... A B C ...`).
    #[getter]
    fn board(&self) -> Vec<u32> {
        self.run.position().pits[..self.run.game().pit_count()]
            .iter()
            .map(|&n| u32::from(n))
            .collect()
    }

    /// `[south, north]`: the captures so far; once the game is over, the
    /// final scores (leftovers included as the rules give them).
    #[getter]
    fn scores(&self) -> [u16; 2] {
        self.run.scores()
    }

    /// `[south, north]`: the stones captured so far (a variant with stores
    /// counts the stones in them).
    #[getter]
    fn captured(&self) -> [u16; 2] {
        self.run.position().captured
    }

    /// `"south"` or `"north"`: whose turn it is (at the end, who would move).
    #[getter]
    fn to_move(&self) -> &'static str {
        player_name(self.run.position().to_move)
    }

    /// Plies played so far.
    #[getter]
    fn plies(&self) -> u32 {
        self.run.plies()
    }

    /// The position in sow's notation (what `new_game(position=...)` reads).
    #[getter]
    fn position(&self) -> String {
        format_position(self.run.position(), self.run.game())
    }

    /// Whether the game is over.
    fn is_over(&self) -> bool {
        self.run.end().is_some()
    }

    /// `None` while the game goes on; then a dict as `sow trace` writes the
    /// result: `{"end": "captured_majority", "scores": [25, 23],
    /// "winner": "south"}` (`"draw"`, or `"none"` after `stop_at_cap`).
    fn result(&self, py: Python<'_>) -> PyResult<Option<PyObject>> {
        let Some(end) = self.run.end() else {
            return Ok(None);
        };
        let dict = pyo3::types::PyDict::new(py);
        dict.set_item("end", end.as_str())?;
        dict.set_item("scores", self.run.scores())?;
        dict.set_item("winner", Winner::from(self.run.outcome()).as_str())?;
        Ok(Some(dict.into_any().unbind()))
    }

    /// Ends the game here as a ply cap does: it is over, with no winner.
    fn stop_at_cap(&mut self) {
        self.run.stop_at_cap();
    }

    /// An independent copy.
    fn clone(&self, py: Python<'_>) -> State {
        State {
            run: self.run.clone(),
            game: self.game.clone_ref(py),
            from: self.from.clone(),
            moves: self.moves.clone(),
        }
    }

    fn __copy__(&self, py: Python<'_>) -> State {
        self.clone(py)
    }

    fn __deepcopy__(&self, py: Python<'_>, _memo: &Bound<'_, PyAny>) -> State {
        self.clone(py)
    }

    fn __reduce__(&self, py: Python<'_>) -> PyResult<Reduced<(Vec<u8>, Option<String>)>> {
        let replay = self.game.bind(py).getattr("replay")?.unbind();
        Ok((replay, (self.moves.clone(), self.from.clone())))
    }

    fn __str__(&self) -> String {
        self.position()
    }

    fn __repr__(&self) -> String {
        format!(
            "<sowing.State {}: {}>",
            self.run.game().rules().name,
            self.position()
        )
    }

    // --- OpenSpiel's view: players 0 (south) and 1 (north), action numbers.

    /// OpenSpiel's current player: 0 (south), 1 (north), or -4 once over.
    fn current_player(&self) -> i32 {
        match self.run.end() {
            Some(_) => -4,
            None => self.run.position().to_move.index() as i32,
        }
    }

    /// The legal OpenSpiel actions, ascending (see `Game.num_actions`).
    fn legal_actions(&self) -> Vec<usize> {
        let game = self.wrapper();
        let mut actions: Vec<usize> = self
            .run
            .successors()
            .as_slice()
            .iter()
            .map(|s| game.action_of(s.mv))
            .collect();
        actions.sort_unstable();
        actions
    }

    /// Plays an OpenSpiel action; `IllegalMove` when it is not legal.
    fn apply_action(&mut self, action: usize) -> PyResult<()> {
        let game = self.wrapper();
        let found = self
            .run
            .successors()
            .as_slice()
            .iter()
            .position(|s| game.action_of(s.mv) == action);
        match found {
            Some(index) => {
                self.play_index(index);
                Ok(())
            }
            None => Err(self.illegal(format!("action {action} is not legal"))),
        }
    }

    /// The label of OpenSpiel action `action` played by `player` (0 or 1),
    /// e.g. `"c"` or `"C:cw"`.
    fn action_label(&self, player: usize, action: usize) -> PyResult<String> {
        let game = self.run.game();
        let per_row = game.pits_per_row();
        let mover = if player == 0 {
            Player::South
        } else {
            Player::North
        };
        let wrapper = self.wrapper();
        if wrapper.passes() && action + 1 == wrapper.num_actions() {
            return Ok("pass".into());
        }
        if player > 1 || action >= per_row * (1 + usize::from(wrapper.has_either())) {
            return Err(PyValueError::new_err(format!(
                "no action {action} for player {player}"
            )));
        }
        let pit = game.row(mover).start + action % per_row;
        let direction = if action >= per_row {
            Direction::Cw
        } else {
            game.pit_direction(pit).allowed()[0]
        };
        Ok(game.move_label(Move {
            pit: pit as u8,
            direction,
        }))
    }

    /// OpenSpiel's returns: `[1, -1]`, `[-1, 1]` or `[0, 0]` (a draw, a game
    /// stopped at a cap, or one still going on).
    fn returns(&self) -> [f64; 2] {
        match self.run.outcome() {
            Some(Outcome::South) => [1.0, -1.0],
            Some(Outcome::North) => [-1.0, 1.0],
            Some(Outcome::Draw) | None => [0.0, 0.0],
        }
    }

    /// The observation: stones per pit in board order, then the captures
    /// `[south, north]`, each divided by the stones in play; then 1.0 for
    /// the player to move and 0.0 for the other.
    fn observation(&self) -> Vec<f32> {
        let game = self.run.game();
        let pos = self.run.position();
        let total = game.start().total_stones().max(1) as f32;
        let mut out: Vec<f32> = pos.pits[..game.pit_count()]
            .iter()
            .map(|&n| f32::from(n) / total)
            .collect();
        out.extend(pos.captured.iter().map(|&n| f32::from(n) / total));
        let to_move = pos.to_move.index();
        out.extend([
            f32::from(u8::from(to_move == 0)),
            f32::from(u8::from(to_move == 1)),
        ]);
        out
    }
}
