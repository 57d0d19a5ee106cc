//! Saving a solution to a file and reading it back.
//!
//! The file is binary, little-endian: the magic `SOWSOLV1`; the length and
//! text of the rules as JSON (so a file is only ever read back for the rules
//! it was made for); the [`Stats`] as eight `u64` (the start's bounds as `i16` widened); the number of
//! positions as `u64`; then per position its key (`u64`), its value (`i16`)
//! and its group (`u32`, `u32::MAX` for none). It is written through
//! [`crate::files::Output`], so a crash never leaves a half-written table
//! under the name.

use std::{
    fs::File,
    io::{BufReader, Read, Write},
    path::Path,
};

use rustc_hash::FxHashMap;

use super::{KeyCodec, Solution, Stats, NO_GROUP};
use crate::{
    engine::Game,
    files::{IoError, Output, OutputError},
    rules::Repetition,
};

const MAGIC: &[u8; 8] = b"SOWSOLV1";

/// A solution that cannot be saved or read back.
#[derive(Debug, thiserror::Error)]
pub enum TableError {
    /// The file cannot be written.
    #[error(transparent)]
    Output(#[from] OutputError),
    /// The file cannot be read.
    #[error(transparent)]
    Io(#[from] IoError),
    /// The rules cannot be written as JSON (they always can).
    #[error("{0}")]
    Json(#[from] serde_json::Error),
    /// The file is not a solution for these rules.
    #[error("{path}: {what}")]
    Invalid {
        /// The file.
        path: String,
        /// What is wrong with it.
        what: String,
    },
}

fn rules_json(game: &Game) -> Result<String, serde_json::Error> {
    serde_json::to_string(game.rules())
}

impl Solution {
    /// Writes the solution to `output`.
    ///
    /// # Errors
    /// The file cannot be written.
    pub fn save(&self, game: &Game, output: &Output) -> Result<(), TableError> {
        let mut out = output.create()?;
        let mut write = || -> std::io::Result<()> {
            out.write_all(MAGIC)?;
            let rules = rules_json(game).map_err(std::io::Error::other)?;
            out.write_all(&(rules.len() as u64).to_le_bytes())?;
            out.write_all(rules.as_bytes())?;
            let s = &self.stats;
            for n in [
                s.positions,
                s.in_cycles,
                s.groups,
                s.largest_group,
                s.rule_dependent,
                s.approximate,
                i64::from(s.start_bounds[0]) as usize,
                i64::from(s.start_bounds[1]) as usize,
            ] {
                out.write_all(&(n as u64).to_le_bytes())?;
            }
            out.write_all(&(self.keys.len() as u64).to_le_bytes())?;
            for ((key, value), group) in self.keys.iter().zip(&self.values).zip(&self.group) {
                out.write_all(&key.to_le_bytes())?;
                out.write_all(&value.to_le_bytes())?;
                out.write_all(&group.to_le_bytes())?;
            }
            Ok(())
        };
        write().map_err(|e| output.io_error(e))?;
        Ok(out.finish()?)
    }

    /// Reads a solution saved by [`Solution::save`] for the rules of `game`.
    ///
    /// # Errors
    /// The file cannot be read, is not a solution, or was made for other rules.
    pub fn load(game: &Game, path: &Path) -> Result<Solution, TableError> {
        let bad = |what: &str| TableError::Invalid {
            path: path.display().to_string(),
            what: what.to_string(),
        };
        let io_error = |e| IoError::new(path.display(), e);
        let file = File::open(path).map_err(io_error)?;
        let mut input = BufReader::new(file);
        let mut read = |buf: &mut [u8]| input.read_exact(buf).map_err(io_error);
        let mut magic = [0u8; 8];
        read(&mut magic)?;
        if &magic != MAGIC {
            return Err(bad("not a solution file written by `sow solve --save`"));
        }
        let mut word = [0u8; 8];
        read(&mut word)?;
        let len = u64::from_le_bytes(word);
        if len > 1 << 20 {
            return Err(bad("not a solution file written by `sow solve --save`"));
        }
        let mut rules = vec![0u8; len as usize];
        read(&mut rules)?;
        if rules != rules_json(game)?.as_bytes() {
            return Err(bad(&format!(
                "this solution was made for other rules than those of {}",
                game.rules().name
            )));
        }
        let mut counts = [0usize; 9];
        for n in &mut counts {
            read(&mut word)?;
            *n = u64::from_le_bytes(word) as usize;
        }
        let [positions, in_cycles, groups, largest_group, rule_dependent, approximate, low, high, len] =
            counts;
        let codec = KeyCodec::new(game).ok_or_else(|| bad("the board does not fit a key"))?;
        let mut keys = Vec::with_capacity(len.min(1 << 28));
        let mut values = Vec::with_capacity(len.min(1 << 28));
        let mut group = Vec::with_capacity(len.min(1 << 28));
        let mut index = FxHashMap::default();
        let mut members: FxHashMap<u32, Vec<u32>> = FxHashMap::default();
        let mut entry = [0u8; 14];
        for i in 0..len as u32 {
            read(&mut entry)?;
            let key = u64::from_le_bytes(entry[..8].try_into().unwrap_or_default());
            let value = i16::from_le_bytes([entry[8], entry[9]]);
            let g = u32::from_le_bytes([entry[10], entry[11], entry[12], entry[13]]);
            keys.push(key);
            values.push(value);
            group.push(g);
            index.insert(key, i);
            if g != NO_GROUP {
                members.entry(g).or_default().push(i);
            }
        }
        let repetition = (game.rules().end.repetition == Repetition::EndGame)
            .then_some(game.rules().end.repetition_leftovers);
        Ok(Solution {
            codec,
            keys,
            index,
            values,
            group,
            members,
            repetition,
            stats: Stats {
                positions,
                in_cycles,
                groups,
                largest_group,
                rule_dependent,
                approximate,
                start_bounds: [low as i64 as i16, high as i64 as i16],
            },
        })
    }
}
