//! `--games-out`: one JSON object per game, one game per line (JSON Lines),
//! written whole or not at all.

use std::io::Write;

use serde::Serialize;

use super::{Batch, GameResult};
use crate::{
    engine::{EndReason, Game, Outcome},
    error::Error,
    files::{Output, OutputFile},
};

/// A JSON Lines file being written (see [`crate::files`]: a regular file
/// appears by [`GamesOut::finish`], whole; dropped unfinished, an error or an
/// interruption, it leaves the path as it was).
#[derive(Debug)]
pub struct GamesOut<'g> {
    game: &'g Game,
    output: Output,
    file: OutputFile,
}

/// One line of the file.
#[derive(Serialize)]
struct Line<'a> {
    game: u64,
    seed: u64,
    agents: Seats,
    plies: u32,
    end: EndReason,
    scores: [u16; 2],
    winner: Option<Outcome>,
    moves: &'a [String],
}

#[derive(Serialize)]
struct Seats {
    south: String,
    north: String,
}

impl<'g> GamesOut<'g> {
    /// Starts writing to `output`.
    ///
    /// # Errors
    /// The file cannot be created.
    pub fn create(output: &Output, game: &'g Game) -> Result<GamesOut<'g>, Error> {
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
    pub fn write(&mut self, batch: &Batch, result: &GameResult) -> Result<(), Error> {
        let [south, north] = batch.seats(result.index);
        let moves: Vec<String> = result
            .moves
            .iter()
            .map(|&mv| self.game.move_label(mv))
            .collect();
        let line = Line {
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
            moves: &moves,
        };
        serde_json::to_writer(&mut self.file, &line)
            .map_err(std::io::Error::from)
            .and_then(|()| self.file.write_all(b"\n"))
            .map_err(|e| self.output.io_error(e))
    }

    /// Flushes the file and gives it its name.
    ///
    /// # Errors
    /// The flush or the rename fails.
    pub fn finish(self) -> Result<(), Error> {
        self.file.finish()
    }
}
