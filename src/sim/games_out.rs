//! `--games-out`: one JSON object per game, one game per line (JSON Lines),
//! written whole or not at all.

use std::{
    fs::File,
    io::{BufWriter, Write},
    path::{Path, PathBuf},
};

use serde::Serialize;

use super::{Batch, GameResult};
use crate::{
    engine::{EndReason, Game, Outcome},
    error::Error,
};

/// A JSON Lines file being written: to a temporary file in the same folder,
/// renamed to its name by [`GamesOut::finish`]. Dropped unfinished (an error,
/// an interruption), the temporary file is removed and the target untouched.
#[derive(Debug)]
pub struct GamesOut<'g> {
    game: &'g Game,
    target: PathBuf,
    temporary: PathBuf,
    writer: Option<BufWriter<File>>,
    renamed: bool,
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
    /// Opens the temporary file next to `target`.
    ///
    /// # Errors
    /// The temporary file cannot be created.
    pub fn create(target: &Path, game: &'g Game) -> Result<GamesOut<'g>, Error> {
        let name = target
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .ok_or_else(|| {
                Error::Usage(format!("--games-out {}: not a file name", target.display()))
            })?;
        let temporary = target.with_file_name(format!(".{name}.{}.tmp", std::process::id()));
        let file = File::create(&temporary).map_err(|source| io_error(target, source))?;
        Ok(GamesOut {
            game,
            target: target.to_path_buf(),
            temporary,
            writer: Some(BufWriter::new(file)),
            renamed: false,
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
        let target = &self.target;
        let Some(writer) = self.writer.as_mut() else {
            return Ok(());
        };
        serde_json::to_writer(&mut *writer, &line)
            .map_err(|e| io_error(target, e.into()))
            .and_then(|()| writer.write_all(b"\n").map_err(|e| io_error(target, e)))
    }

    /// Flushes the file and gives it its name.
    ///
    /// # Errors
    /// The flush or the rename fails.
    pub fn finish(mut self) -> Result<(), Error> {
        if let Some(writer) = self.writer.take() {
            let file = writer
                .into_inner()
                .map_err(|e| io_error(&self.target, e.into_error()))?;
            file.sync_all().map_err(|e| io_error(&self.target, e))?;
        }
        std::fs::rename(&self.temporary, &self.target).map_err(|e| io_error(&self.target, e))?;
        self.renamed = true;
        Ok(())
    }
}

impl Drop for GamesOut<'_> {
    fn drop(&mut self) {
        if !self.renamed {
            self.writer = None;
            let _ = std::fs::remove_file(&self.temporary);
        }
    }
}

fn io_error(path: &Path, source: std::io::Error) -> Error {
    Error::Io {
        path: path.display().to_string(),
        source,
    }
}
