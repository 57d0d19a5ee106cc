//! A human against an agent: the session behind `sow play`. It takes one
//! line of input at a time (a move label or a command) and answers with the
//! text to show, so the terminal loop in the CLI stays thin and the session
//! can be driven by a script. In a variant with rounds the game is a match:
//! the session announces each round's end and the next round's start.

use std::{fmt::Write, path::Path};

pub use crate::render::text::{board_text, Style};
pub use crate::render::words::{captures_line, describe_move};

use crate::{
    agents::{Agent, AgentSpec},
    engine::{
        format_position, parse_move_by, AfterRound, Game, MatchRun, Move, Narrow, NarrowView,
        Outcome, Player, Position, RoundChange, Successor, Width,
    },
    trace::legal_labels,
    verify::{Moves, Record, RoundEnd, SaveError},
};

/// How a session is set up.
#[derive(Debug, Clone)]
pub struct Options<W: Width = Narrow> {
    /// The VARIANT argument as given (a shipped name or a path), for records.
    pub variant: String,
    /// The variant's settings changed with `--set` (`sow.laps=relay`), for
    /// records.
    pub set: Vec<String>,
    /// The agent playing against the human.
    pub agent: AgentSpec,
    /// The human's seat.
    pub human: Player,
    /// A start position given with `--from`, or `None` for the variant's start.
    pub from: Option<Position<W>>,
    /// Seed of the agent's random stream.
    pub seed: u64,
    /// Plain text or colours.
    pub style: Style,
}

/// What the session says after a line of input.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Reply {
    /// Text to show; the session goes on.
    Continue(String),
    /// Text to show; the human asked to stop.
    Quit(String),
}

/// The commands, as `help` lists them.
pub const HELP: &str = "\
Type a move: the label of one of your pits (a b c ... for south, A B C ... for north),
with :ccw or :cw where a pit sows either way (b:cw), or `pass` when you cannot move.
Commands:
  undo        take back your last move (and the agent's replies)
  hint        what the agent would play in your place
  rules       the rules of this variant in short
  save FILE   write the game so far as a record (YAML) for `sow verify`
  board       show the board again
  help        this text
  quit        stop (end of input and Ctrl-C stop too)
";

/// A game between a human and an agent.
pub struct Session<'g, W: NarrowView = Narrow> {
    game: &'g Game<W>,
    options: Options<W>,
    start: Position<W>,
    agent: Box<dyn Agent<W> + Send>,
    /// The game (a match of rounds in a variant with rounds).
    run: MatchRun<'g, W>,
    /// The moves played, with who played them.
    moves: Vec<(Move, Player)>,
    /// The rounds that ended, with the ply that ended each.
    rounds: Vec<(u32, RoundChange<W>)>,
    /// The last move and the position it was played from.
    last: Option<(Position<W>, Successor<W>)>,
    /// The moves as last saved with `save`.
    saved: Vec<(Move, Player)>,
    /// Whether the last thing the human did was a Ctrl-C that warned of an
    /// unsaved game ([`Session::interrupt`]).
    interrupted: bool,
}

impl<'g, W: NarrowView> Session<'g, W> {
    /// A new game from the variant's start or from `options.from`.
    pub fn new(game: &'g Game<W>, options: Options<W>) -> Self {
        let start = options.from.unwrap_or_else(|| game.start());
        let agent = options.agent.build(options.seed, options.human.other());
        Session {
            game,
            start,
            agent,
            run: MatchRun::new(game, start),
            moves: Vec::new(),
            rounds: Vec::new(),
            last: None,
            saved: Vec::new(),
            interrupted: false,
            options,
        }
    }

    /// The opening text: who plays what, then the agent's moves if it starts,
    /// then the board.
    pub fn begin(&mut self) -> String {
        let o = &self.options;
        let mut out = format!(
            "{}: you play {} against {} (seed {}). Type a move such as `{}`, or `help`.\n",
            self.game.rules().name,
            o.human,
            o.agent,
            o.seed,
            self.game.label(self.game.row(o.human).start),
        );
        out.push_str(&self.agent_turns());
        out.push_str(&self.status());
        out
    }

    /// What to show before reading a line on a terminal.
    pub fn prompt(&self) -> String {
        if self.run.is_over() {
            "game over> ".to_string()
        } else {
            format!("{}> ", self.options.human)
        }
    }

    /// Handles one line: a move or a command.
    pub fn handle(&mut self, line: &str) -> Reply {
        self.interrupted = false;
        let words: Vec<&str> = line.split_whitespace().collect();
        let text = match words.as_slice() {
            [] => String::new(),
            ["quit"] | ["exit"] => return Reply::Quit(self.farewell()),
            ["help"] => HELP.to_string(),
            ["rules"] => crate::rules::describe::describe(self.game.rules()).text(),
            ["board"] => self.status(),
            ["undo"] => self.undo(),
            ["hint"] => self.hint(),
            ["save"] => "usage: save FILE\n".to_string(),
            ["save", ..] => self.save(Path::new(line.trim()["save".len()..].trim())),
            [label] => self.human_move(label),
            _ => format!(
                "{}\n",
                self.refusal(&format!(
                    "`{line}` is neither a move nor a command (try `help`)"
                ))
            ),
        };
        Reply::Continue(text)
    }

    /// The last words when the session ends (`quit` or the end of input):
    /// a warning when plies played since the last `save` would be lost.
    pub fn farewell(&self) -> String {
        match self.unsaved() {
            None => "bye\n".to_string(),
            Some(what) => format!(
                "{}\nbye\n",
                self.refusal(&format!("{what}: `save FILE` before `quit` keeps it"))
            ),
        }
    }

    /// Ctrl-C at the prompt: `quit` when no ply would be lost; otherwise
    /// the warning `quit` gives, the session going on, and a second Ctrl-C
    /// in a row quits.
    pub fn interrupt(&mut self) -> Reply {
        match self.unsaved() {
            Some(what) if !self.interrupted => {
                self.interrupted = true;
                Reply::Continue(format!(
                    "{}\n",
                    self.refusal(&format!(
                        "{what}: `save FILE` keeps it; Ctrl-C again (or `quit`) quits"
                    ))
                ))
            }
            _ => Reply::Quit(self.farewell()),
        }
    }

    /// What would be lost on quitting: the game or its plies since the last
    /// `save`, in words; `None` when nothing would.
    fn unsaved(&self) -> Option<String> {
        if self.moves == self.saved {
            return None;
        }
        let plies = self.moves.len();
        Some(if self.saved.is_empty() {
            format!(
                "the game ({plies} pl{}) was not saved",
                if plies == 1 { "y" } else { "ies" }
            )
        } else {
            "the game has changed since it was last saved".to_string()
        })
    }

    fn refusal(&self, text: &str) -> String {
        self.options.style.red(text)
    }

    /// The human plays `label`; then the agent replies.
    fn human_move(&mut self, label: &str) -> String {
        if self.run.is_over() {
            return format!(
                "{}\n",
                self.refusal("the game is over: `undo`, `save FILE` or `quit`")
            );
        }
        if self.run.run().position().to_move != self.options.human {
            return format!("{}\n", self.refusal("it is not your turn"));
        }
        let legal = legal_labels(self.run.run()).join(" ");
        let mv = match parse_move_by(label, self.game, self.options.human) {
            Ok(mv) => mv,
            Err(message) => {
                return format!("{}\nlegal moves: {legal}\n", self.refusal(&message));
            }
        };
        let mut out = match self.play(mv) {
            Ok(text) => text,
            Err(reason) => {
                return format!(
                    "{}\nlegal moves: {legal}\n",
                    self.refusal(&format!("`{label}` is illegal: {reason}"))
                )
            }
        };
        out.push_str(&self.agent_turns());
        out.push_str(&self.status());
        out
    }

    /// Plays `mv` for the player to move; the move in words, and the
    /// round's end and the next round's start when the move ends a round.
    fn play(&mut self, mv: Move) -> Result<String, crate::engine::Illegal> {
        let before = *self.run.run().position();
        let played = self.run.run_mut().play(mv)?;
        self.moves.push((mv, before.to_move));
        self.last = Some((before, played));
        let mut out = format!(
            "{}\n",
            describe_move(self.game, &before, &played, self.options.style)
        );
        for change in self.finish_rounds() {
            out.push_str(&self.round_words(&change));
        }
        Ok(out)
    }

    /// Settles the rounds that have just ended (in a variant with rounds;
    /// a round may end at its start) and keeps them for the record.
    fn finish_rounds(&mut self) -> Vec<RoundChange<W>> {
        let changes = self.run.finish_rounds();
        if !self.game.has_rounds() {
            return Vec::new();
        }
        for change in &changes {
            self.rounds.push((self.moves.len() as u32, *change));
            if let AfterRound::Next(_) = change.after {
                // The board is a new one: nothing to mark on it.
                self.last = None;
            }
        }
        changes
    }

    /// A round's end and what follows, in words.
    fn round_words(&self, change: &RoundChange<W>) -> String {
        let [south, north] = change.scores;
        let mut out = format!(
            "{}\n",
            self.options.style.bold(&format!(
                "round {} is over ({}): south {south} - north {north}",
                change.round,
                change.end.describe()
            ))
        );
        if let AfterRound::Next(start) = change.after {
            let closed: Vec<String> = (0..self.game.pit_count())
                .filter(|&pit| start.is_closed(pit))
                .map(|pit| self.game.label(pit))
                .collect();
            let _ = writeln!(
                out,
                "{}",
                self.options.style.bold(&format!(
                    "round {} starts: each player refills their pits from what they scored; {} \
                     moves first; closed pits: {}; kept in the stores: south {} - north {}",
                    change.round + 1,
                    start.to_move,
                    if closed.is_empty() {
                        "none".to_string()
                    } else {
                        closed.join(" ")
                    },
                    start.captured[0],
                    start.captured[1],
                ))
            );
        }
        out
    }

    /// The agent's moves while it is its turn and the game goes on.
    fn agent_turns(&mut self) -> String {
        let mut out = String::new();
        while !self.run.is_over() && self.run.run().position().to_move != self.options.human {
            let index = self.agent.choose(self.run.run());
            let mv = self.run.run().successors().as_slice()[index].mv;
            if let Ok(text) = self.play(mv) {
                out.push_str(&text);
            }
        }
        out
    }

    /// The board, the captures, and whose turn it is (or the result).
    fn status(&self) -> String {
        let pos = self.run.run().position();
        let mut out = String::from("\n");
        out.push_str(&board_text(
            self.game,
            pos,
            self.last.as_ref().map(|(_, s)| s),
            self.options.style,
        ));
        let _ = writeln!(out, "{}", captures_line(self.game, pos));
        let last = self.run.run();
        match (last.end(), self.run.outcome()) {
            (Some(end), Some(outcome)) => {
                let [south, north] = last.scores();
                let human_won = matches!(
                    (outcome, self.options.human),
                    (Outcome::South, Player::South) | (Outcome::North, Player::North)
                );
                let verdict = match outcome {
                    Outcome::Draw => "a draw".to_string(),
                    _ if human_won => "you win".to_string(),
                    _ => format!(
                        "{} ({}) wins",
                        self.options.agent,
                        self.options.human.other()
                    ),
                };
                let plies = self.run.plies();
                let plies = format!("{plies} pl{}", if plies == 1 { "y" } else { "ies" });
                let _ = if self.game.has_rounds() {
                    let rounds = self.run.round();
                    writeln!(
                        out,
                        "match over after {rounds} round{} and {plies}; last round: {}, \
                         south {south} - north {north}; {} cannot fill a pit: {}",
                        if rounds == 1 { "" } else { "s" },
                        end.describe(),
                        match outcome {
                            Outcome::South => "north",
                            Outcome::North => "south",
                            Outcome::Draw => "neither player",
                        },
                        self.options.style.bold(&verdict),
                    )
                } else {
                    writeln!(
                        out,
                        "game over after {plies}: {}; final scores south {south} - north {north}: {}",
                        end.describe(),
                        self.options.style.bold(&verdict),
                    )
                };
            }
            _ => {
                let _ = writeln!(
                    out,
                    "{} to move (you); legal moves: {}",
                    pos.to_move,
                    legal_labels(last).join(" ")
                );
            }
        }
        out
    }

    /// Back to the position before the human's last move.
    fn undo(&mut self) -> String {
        let human = self.options.human;
        let Some(cut) = self.moves.iter().rposition(|&(_, who)| who == human) else {
            return "nothing to undo: you have not moved yet\n".to_string();
        };
        let taken = self.moves.len() - cut;
        let moves: Vec<Move> = self.moves[..cut].iter().map(|&(mv, _)| mv).collect();
        self.moves.clear();
        self.rounds.clear();
        self.run = MatchRun::new(self.game, self.start);
        self.last = None;
        for mv in moves {
            // Replaying moves that were legal: the words are not shown again.
            let _ = self.play(mv);
        }
        format!(
            "took back {taken} move{}\n{}",
            if taken == 1 { "" } else { "s" },
            self.status()
        )
    }

    /// What the agent would play in the human's place.
    fn hint(&self) -> String {
        if self.run.is_over() {
            return "the game is over\n".to_string();
        }
        let spec = self.options.agent;
        let mut adviser = spec.build(self.options.seed, self.options.human);
        let index = adviser.choose(self.run.run());
        let mv = self.run.run().successors().as_slice()[index].mv;
        format!("{spec} would play {}\n", self.game.move_label(mv))
    }

    /// The game so far as a record written into `folder`: a variant file is
    /// named by its path from there, so the record replays from anywhere.
    ///
    /// # Errors
    /// The variant file or the folder cannot be found.
    pub fn record(&self, folder: &Path) -> Result<Record, crate::files::IoError> {
        let moves: Vec<String> = self
            .moves
            .iter()
            .map(|&(mv, _)| self.game.move_label(mv))
            .collect();
        Ok(Record {
            variant: crate::variants::reference(&self.options.variant, Some(folder))?,
            set: self.options.set.clone(),
            comment: None,
            start: self
                .options
                .from
                .map(|start| format_position(&start, self.game)),
            moves: Moves::Text(moves.join(" ")),
            rounds: (self.rounds.iter())
                .map(|&(after_ply, change)| RoundEnd::of_change(self.game, after_ply, change))
                .collect(),
            expect: Vec::new(),
            result: (self.run.is_over())
                .then(|| self.run.run().end())
                .flatten()
                .map(|end| crate::verify::ExpectedResult {
                    end: Some(end),
                    scores: Some(self.run.run().scores()),
                    winner: Some(self.run.outcome().into()),
                    rounds: self.game.has_rounds().then(|| self.run.round()),
                }),
        })
    }

    fn save(&mut self, path: &Path) -> String {
        let folder = path.parent().unwrap_or(Path::new(""));
        // The path first: a folder that does not exist is named as such.
        let variant = &self.options.variant;
        let reads: &[&str] = if crate::variants::is_shipped(variant) {
            &[]
        } else {
            &[variant.as_str()]
        };
        let saved = crate::files::Output::check("", path)
            .and_then(|output| output.not_input(reads))
            .map_err(SaveError::from)
            .and_then(|_| Ok(self.record(folder)?))
            .and_then(|record| record.save(path));
        match saved {
            Ok(()) => {
                self.saved.clone_from(&self.moves);
                format!(
                    "saved {} move{} to {}\n",
                    self.moves.len(),
                    if self.moves.len() == 1 { "" } else { "s" },
                    path.display()
                )
            }
            Err(e) => format!("{}\n", self.refusal(&format!("cannot save: {e}"))),
        }
    }
}
