//! `--games-out`: one JSON object per game, one game per line (JSON Lines),
//! written whole or not at all.

use std::io::Write;

use serde::Serialize;

use super::{Batch, GameResult};
use crate::{
    engine::{EndReason, Game, Narrow, Outcome, Width},
    files::{Output, OutputError, OutputFile},
};

/// A JSON Lines file being written (see [`crate::files`]: a regular file
/// appears by [`GamesOut::finish`], whole; dropped unfinished, an error or an
/// interruption, it leaves the path as it was).
#[derive(Debug)]
pub struct GamesOut<'g, W: Width = Narrow> {
    game: &'g Game<W>,
    output: Output,
    file: OutputFile,
}

/// One line of the file: a game of a batch, with its moves when the batch
/// recorded them. Serialise it with serde (the Python package lists games
/// with it too).
#[derive(Serialize)]
pub struct Line {
    game: u64,
    seed: u64,
    agents: Seats,
    plies: u32,
    end: EndReason,
    scores: [u16; 2],
    winner: Option<Outcome>,
    moves: Vec<String>,
}

#[derive(Serialize)]
struct Seats {
    south: String,
    north: String,
}

impl<'g, W: Width> GamesOut<'g, W> {
    /// Starts writing to `output`.
    ///
    /// # Errors
    /// The file cannot be created.
    pub fn create(output: &Output, game: &'g Game<W>) -> Result<GamesOut<'g, W>, OutputError> {
        Ok(GamesOut {
            game,
            output: output.clone(),
            file: output.create()?,
        })
    }

    /// Writes one game of `batch`.
    ///
    /// # Errors
    /// The write fails.
    pub fn write(&mut self, batch: &Batch, result: &GameResult) -> Result<(), OutputError> {
        serde_json::to_writer(&mut self.file, &line(self.game, batch, result))
            .map_err(std::io::Error::from)
            .and_then(|()| self.file.write_all(b"\n"))
            .map_err(|e| self.output.io_error(e))
    }

    /// Flushes the file and gives it its name.
    ///
    /// # Errors
    /// The flush or the rename fails.
    pub fn finish(self) -> Result<(), OutputError> {
        self.file.finish()
    }
}

/// Game `result` of `batch` as a line of the file.
pub fn line<W: Width>(game: &Game<W>, batch: &Batch, result: &GameResult) -> Line {
    let [south, north] = batch.seats(result.index);
    Line {
        game: result.index,
        seed: result.seed,
        agents: Seats {
            south: south.to_string(),
            north: north.to_string(),
        },
        plies: result.plies,
        end: result.end,
        scores: result.scores,
        winner: result.winner,
        moves: result.moves.iter().map(|&mv| game.move_label(mv)).collect(),
    }
}
