//! Saving a solution (or endgame databases) to a file and reading it back.
//!
//! The file is binary, little-endian: the magic `SOWSOLV2`; the length and
//! text of the rules as JSON (so a file is only ever read back for the rules
//! it was made for); what it covers as `u64` (`u64::MAX`: the positions
//! reachable from the start; `k`: every position with at most `k` stones on
//! the board); the key's bits per pit (`u64`); the [`Stats`] as ten `u64`
//! (the start's bounds as `i16` widened); the number of positions as `u64`;
//! then per position its key (`u64`), its value (`i16`) and its group
//! (`u32`, `u32::MAX` for none); last the number of positions not proven
//! exact (`u64`) and for each its index (`u32`), bounds (two `i16`) and
//! whether it lies in a large group (`u8`).
//!
//! Compact databases ([`super::compact`]) are written as the magic
//! `SOWDENS1`, the rules as above, the stones `k` (`u64`), the number of
//! positions (`u64`) and then each position's value as one `i8`, in the
//! order of the board numbering (`2 * rank + side`). A file is written through
//! [`crate::files::Output`], so a crash never leaves a half-written table
//! under the name.

use std::{
    fs::File,
    io::{BufReader, Read, Write},
    path::Path,
};

use rustc_hash::FxHashMap;

use super::{
    dense::{BoardIndex, DenseValues},
    Inexact, KeyCodec, Solution, Stats, NO_GROUP,
};
use crate::{
    engine::Game,
    files::{IoError, Output, OutputError},
    rules::Repetition,
};

const MAGIC: &[u8; 8] = b"SOWSOLV2";

/// The magic of compact databases.
const DENSE_MAGIC: &[u8; 8] = b"SOWDENS1";

/// What a file covers when it holds the positions reachable from the start.
const FROM_START: u64 = u64::MAX;

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

/// Why a table saved for the rules `saved` (as JSON) does not serve `game`:
/// the variant it was saved for, by name.
fn other_rules(saved: &[u8], game: &Game) -> String {
    let name = serde_json::from_slice::<serde_json::Value>(saved)
        .ok()
        .and_then(|rules| rules["name"].as_str().map(str::to_string));
    let here = &game.rules().name;
    match name {
        Some(name) if name == *here => format!(
            "this table was saved for other rules of {name} (the variant has changed since); solve it again"
        ),
        Some(name) => {
            format!("this table was saved for {name}, not {here}; solve {here} with --save")
        }
        None => format!("this table was made for other rules than those of {here}"),
    }
}

impl Solution {
    /// Writes the solution to `output`.
    ///
    /// # Errors
    /// The file cannot be written.
    pub fn save(&self, game: &Game, output: &Output) -> Result<(), TableError> {
        let mut out = output.create()?;
        let mut write = || -> std::io::Result<()> {
            if let (true, Some(dense)) = (self.compact, self.dense_values()) {
                out.write_all(DENSE_MAGIC)?;
                let rules = rules_json(game).map_err(std::io::Error::other)?;
                out.write_all(&(rules.len() as u64).to_le_bytes())?;
                out.write_all(rules.as_bytes())?;
                out.write_all(&u64::from(dense.stones()).to_le_bytes())?;
                let values = dense.raw();
                out.write_all(&(values.len() as u64).to_le_bytes())?;
                let bytes: Vec<u8> = values.iter().map(|&v| v as u8).collect();
                return out.write_all(&bytes);
            }
            out.write_all(MAGIC)?;
            let rules = rules_json(game).map_err(std::io::Error::other)?;
            out.write_all(&(rules.len() as u64).to_le_bytes())?;
            out.write_all(rules.as_bytes())?;
            let scope = self.databases.map_or(FROM_START, u64::from);
            out.write_all(&scope.to_le_bytes())?;
            out.write_all(&u64::from(self.codec.bits_per_pit()).to_le_bytes())?;
            let s = &self.stats;
            for n in [
                s.positions,
                s.in_cycles,
                s.groups,
                s.largest_group,
                s.rule_dependent,
                s.approximate,
                s.inexact,
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
            let mut inexact: Vec<_> = self.inexact.iter().collect();
            inexact.sort_unstable_by_key(|(&i, _)| i);
            out.write_all(&(inexact.len() as u64).to_le_bytes())?;
            for (i, entry) in inexact {
                out.write_all(&i.to_le_bytes())?;
                out.write_all(&entry.bounds[0].to_le_bytes())?;
                out.write_all(&entry.bounds[1].to_le_bytes())?;
                out.write_all(&[u8::from(entry.in_large_group)])?;
            }
            Ok(())
        };
        write().map_err(|e| output.io_error(e))?;
        Ok(out.finish()?)
    }

    /// Reads a solution or databases saved by [`Solution::save`] for the
    /// rules of `game`.
    ///
    /// # Errors
    /// The file cannot be read, is not a solution, or was made for other rules.
    pub fn load(game: &Game, path: &Path) -> Result<Solution, TableError> {
        let bad = |what: &str| TableError::Invalid {
            path: path.display().to_string(),
            what: what.to_string(),
        };
        let not_a_table = || {
            bad("not a table written by `sow solve --save` (or by an older version of sow: solve again)")
        };
        let io_error = |e| IoError::new(path.display(), e);
        let file = File::open(path).map_err(io_error)?;
        let mut input = BufReader::new(file);
        // A file that ends early is no table (or half of one), not a failed read.
        let mut read = |buf: &mut [u8]| {
            input.read_exact(buf).map_err(|e| match e.kind() {
                std::io::ErrorKind::UnexpectedEof => bad(
                    "the file ends before the table does: not a whole table written by `sow solve --save`",
                ),
                _ => io_error(e).into(),
            })
        };
        let mut magic = [0u8; 8];
        read(&mut magic)?;
        let compact = &magic == DENSE_MAGIC;
        if &magic != MAGIC && !compact {
            return Err(not_a_table());
        }
        let mut word = [0u8; 8];
        let mut next = |read: &mut dyn FnMut(&mut [u8]) -> Result<(), TableError>| {
            read(&mut word).map(|()| u64::from_le_bytes(word))
        };
        let len = next(&mut read)?;
        if len > 1 << 20 {
            return Err(not_a_table());
        }
        let mut rules = vec![0u8; len as usize];
        read(&mut rules)?;
        if rules != rules_json(game)?.as_bytes() {
            return Err(bad(&other_rules(&rules, game)));
        }
        if compact {
            let stones = next(&mut read)?;
            let len = next(&mut read)?;
            let index = u32::try_from(stones)
                .ok()
                .filter(|&k| k <= game.rules().total_stones())
                .and_then(|k| BoardIndex::new(game.pit_count(), k))
                .filter(|index| 2 * index.len() as u64 == len)
                .ok_or_else(not_a_table)?;
            let mut bytes = vec![0u8; len as usize];
            read(&mut bytes)?;
            let values = bytes.into_iter().map(|b| b as i8).collect();
            return Ok(Solution::from_dense(
                game,
                DenseValues::from_values(index, values),
            ));
        }
        let scope = next(&mut read)?;
        let databases = (scope != FROM_START).then_some(scope as u32);
        let bits = next(&mut read)?;
        let stones = databases.unwrap_or(game.rules().total_stones());
        let codec = KeyCodec::for_stones(game, stones)
            .filter(|c| u64::from(c.bits_per_pit()) == bits)
            .ok_or_else(not_a_table)?;
        let mut counts = [0usize; 10];
        for n in &mut counts {
            *n = next(&mut read)? as usize;
        }
        let [positions, in_cycles, groups, largest_group, rule_dependent, approximate, inexact_count, low, high, len] =
            counts;
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
        let mut inexact = FxHashMap::default();
        let mut entry = [0u8; 9];
        for _ in 0..next(&mut read)? {
            read(&mut entry)?;
            let i = u32::from_le_bytes([entry[0], entry[1], entry[2], entry[3]]);
            let bounds = [
                i16::from_le_bytes([entry[4], entry[5]]),
                i16::from_le_bytes([entry[6], entry[7]]),
            ];
            let in_large_group = entry[8] == 1;
            inexact.insert(
                i,
                Inexact {
                    bounds,
                    in_large_group,
                },
            );
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
            inexact,
            databases,
            repetition,
            stats: Stats {
                positions,
                in_cycles,
                groups,
                largest_group,
                rule_dependent,
                approximate,
                inexact: inexact_count,
                start_bounds: [low as i64 as i16, high as i64 as i16],
            },
            dense: std::sync::OnceLock::new(),
            compact: false,
            start_tests: None,
        })
    }
}
