//! Game records: a recorded game in YAML, as a researcher writes it from a
//! field note, with optional checkpoints and an expected result.
//!
//! ```yaml
//! variant: modiar            # a shipped name, or a path (relative to this file)
//! start: "7 7 7 / 7 7 7 south"   # optional: the position before the first move
//! moves: "a A b"             # or a list: [a, A, b]
//! expect:                    # optional checkpoints, after the given ply
//!   - ply: 1
//!     board: [2, 8, 8, 8, 8, 8]
//!     scores: [0, 0]
//!     comment: "the first move captures nothing"
//! result:                    # optional: how the game ended
//!   scores: [21, 21]
//!   winner: draw
//! ```
//!
//! In a variant with rounds the record is a match: plies are counted
//! through it, `rounds` says where rounds end and what follows, checkpoints
//! may name the closed pits, and the result gives the match's winner:
//!
//! ```yaml
//! variant: galatjang-rounds
//! start: "0 0 0 0 0 1 / 0 0 0 0 0 0 south captured 40 43"
//! moves: f a
//! rounds:
//!   - round: 1
//!     after_ply: 1
//!     scores: [41, 43]
//!     next_start: "7 7 7 7 7 x / 7 7 7 7 7 7 south captured 6 1"
//! expect:
//!   - ply: 2
//!     closed: f
//! ```

use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use crate::{
    engine::{format_position, pit_label, AfterRound, EndReason, Game, RoundChange, Width},
    files::{self, IoError, OutputError},
    rules::Loaded,
    trace::{Trace, Winner},
    variants::{self, LoadError},
    yaml::{self, YamlError},
};

/// A game record that cannot be read, or does not fit its variant's board.
#[derive(Debug, thiserror::Error)]
pub enum RecordError {
    /// The file cannot be read.
    #[error(transparent)]
    Io(#[from] IoError),
    /// The record is not YAML, has unknown or missing fields, or does not
    /// replay on its variant.
    #[error("{path}: {message}")]
    Invalid {
        /// The record file.
        path: String,
        /// Where (`line L column C: ` when known, or the ply) and what.
        message: String,
    },
    /// The record's `variant:` names no shipped variant and no readable file.
    #[error(transparent)]
    Variant(LoadError),
    /// The record's `variant:` names a file that is not a valid variant
    /// file. Its text is not shown: the file may be anything.
    #[error(
        "{record}: `variant: {variant}` names {file}, which is not a valid variant file \
         (its first error is at line {line}, column {column}; \
         `sow check {file}` shows every error)"
    )]
    NotAVariant {
        /// The record file.
        record: String,
        /// The record's `variant:` as written.
        variant: String,
        /// The file it names (resolved against the record's folder).
        file: String,
        /// The line of the file's first error (from 1).
        line: usize,
        /// Its column (from 1).
        column: usize,
    },
}

/// Why a game could not be saved as a record.
#[derive(Debug, thiserror::Error)]
pub enum SaveError {
    /// The variant file or the record's folder cannot be found.
    #[error(transparent)]
    Variant(#[from] IoError),
    /// The record could not be written as YAML.
    #[error(transparent)]
    Yaml(#[from] YamlError),
    /// The file cannot be written.
    #[error(transparent)]
    Output(#[from] OutputError),
}

/// A recorded game: what `sow verify` reads, `sow play` saves and `sow diff
/// --out` writes (a `sow trace` file is read as one, see [`parse`]).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Record {
    /// The variant: a shipped name, or a path relative to the record's folder.
    pub variant: String,
    /// Settings of the variant changed for this game, as `--set` writes
    /// them (`sow.laps=relay`): the record replays under the variant so
    /// changed.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub set: Vec<String>,
    /// What the record is (a field note, where it comes from).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub comment: Option<String>,
    /// The position before the first move, in the position notation; the
    /// variant's start when absent.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub start: Option<String>,
    /// The moves, as pit labels (plies counted through the whole match in a
    /// variant with rounds).
    pub moves: Moves,
    /// In a variant with rounds: where rounds end, and what follows.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub rounds: Vec<RoundEnd>,
    /// Checkpoints: what the record says after some plies.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub expect: Vec<Checkpoint>,
    /// How the game ended, if the record says.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub result: Option<ExpectedResult>,
}

impl Record {
    /// The record as YAML.
    ///
    /// # Errors
    /// Should YAML serialisation fail.
    pub fn to_yaml(&self) -> Result<String, YamlError> {
        yaml::to_string(self)
    }

    /// Writes the record to `path`, through a temporary file renamed into
    /// place, so a reader never sees half a record.
    ///
    /// # Errors
    /// The file cannot be written.
    pub fn save(&self, path: &Path) -> Result<(), SaveError> {
        Ok(files::write("", path, self.to_yaml()?.as_bytes())?)
    }
}

/// The moves of a record: `"a A b"` or `[a, A, b]`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(untagged)]
pub enum Moves {
    /// Pit labels separated by spaces.
    Text(String),
    /// One pit label per item.
    List(Vec<String>),
}

impl<'de> Deserialize<'de> for Moves {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct Visitor;
        impl<'de> serde::de::Visitor<'de> for Visitor {
            type Value = Moves;

            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str("pit labels as a string (\"a A b\") or a list ([a, A, b])")
            }

            fn visit_str<E: serde::de::Error>(self, text: &str) -> Result<Moves, E> {
                Ok(Moves::Text(text.to_string()))
            }

            fn visit_seq<A: serde::de::SeqAccess<'de>>(
                self,
                mut seq: A,
            ) -> Result<Moves, A::Error> {
                let mut labels = Vec::new();
                while let Some(label) = seq.next_element::<String>()? {
                    labels.push(label);
                }
                Ok(Moves::List(labels))
            }
        }
        deserializer.deserialize_any(Visitor)
    }
}

impl Moves {
    /// The pit labels, in order.
    pub fn labels(&self) -> Vec<String> {
        match self {
            Moves::Text(text) => text.split_whitespace().map(String::from).collect(),
            Moves::List(list) => list.clone(),
        }
    }
}

/// What the record says about the game after ply `ply` (0: before any move).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Checkpoint {
    /// The ply after which this holds (0 is the start).
    pub ply: u32,
    /// The board, as pit counts in absolute order (a b c ... A B C ...):
    /// a list or a string (`"2 8 8 8 8 8"`).
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        deserialize_with = "yaml::some_numbers"
    )]
    pub board: Option<Vec<u8>>,
    /// The closed pits, as pit labels (`""` when none), in a variant with
    /// rounds.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub closed: Option<Moves>,
    /// Stones captured so far, `[south, north]`.
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        deserialize_with = "yaml::some_pair"
    )]
    pub scores: Option<[u16; 2]>,
    /// Stones captured by this ply.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub captured: Option<u16>,
    /// The legal moves after this ply, as pit labels (`""` when none).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub legal: Option<Moves>,
    /// The whole position after this ply in the position notation (`"0 2 /
    /// 3 1 north captured 4 0"`): the player to move, the captures, and
    /// claimed, closed or removed stones as the notation writes them.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub position: Option<String>,
    /// A note; not checked.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub comment: Option<String>,
}

/// How the record says the game ended.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ExpectedResult {
    /// Why it ended: `no_legal_move`, `feeding_impossible`, `repetition`, ...,
    /// or `ply_cap` for a game stopped before the rules ended it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub end: Option<crate::engine::EndReason>,
    /// Final totals `[south, north]`, leftovers included.
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        deserialize_with = "yaml::some_pair"
    )]
    pub scores: Option<[u16; 2]>,
    /// `south`, `north`, `draw`, or `none` for a game no rule ended (a
    /// ply cap stopped it); in a variant with rounds, the match's winner.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub winner: Option<Winner>,
    /// Rounds played, in a variant with rounds.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rounds: Option<u32>,
}

/// Where the record says a round ended (in a variant with rounds), and what
/// followed it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RoundEnd {
    /// The round, from 1.
    pub round: u32,
    /// The ply that ended it (plies counted through the match).
    pub after_ply: u32,
    /// Why it ended.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub end: Option<EndReason>,
    /// Its scores `[south, north]`, leftovers included: what each player
    /// refills from.
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        deserialize_with = "yaml::some_pair"
    )]
    pub scores: Option<[u16; 2]>,
    /// The next round's start in the position notation (closed pits `x`);
    /// absent when the round ended the match or the record does not say.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub next_start: Option<String>,
    /// A note; not checked.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub comment: Option<String>,
}

impl RoundEnd {
    /// The round that `change` ended after ply `after_ply` of `game`, as a
    /// record writes it (the next round's start in the position notation).
    pub fn of_change<W: Width>(game: &Game<W>, after_ply: u32, change: RoundChange<W>) -> RoundEnd {
        RoundEnd {
            round: change.round,
            after_ply,
            end: Some(change.end),
            scores: Some(change.scores),
            next_start: match change.after {
                AfterRound::Next(start) => Some(format_position(&start, game)),
                AfterRound::MatchOver(_) => None,
            },
            comment: None,
        }
    }
}

/// A record read from a file, with where it was read from.
#[derive(Debug, Clone)]
pub struct RecordFile {
    /// The file.
    pub path: PathBuf,
    /// Its contents.
    pub record: Record,
}

impl RecordFile {
    /// Reads and parses a record file.
    ///
    /// # Errors
    /// The file cannot be read, is not YAML, or has unknown or missing fields
    /// (with the line and column when known).
    pub fn read(path: &Path) -> Result<RecordFile, RecordError> {
        let text =
            std::fs::read_to_string(path).map_err(|source| IoError::new(path.display(), source))?;
        let record = parse(&text).map_err(|message| RecordError::Invalid {
            path: path.display().to_string(),
            message,
        })?;
        Ok(RecordFile {
            path: path.to_path_buf(),
            record,
        })
    }

    /// The record's variant, loaded from [`RecordFile::variant_arg`].
    ///
    /// # Errors
    /// The variant cannot be found or read ([`RecordError::Variant`]), or
    /// its file is not a valid variant file ([`RecordError::NotAVariant`]:
    /// where its first error is, not its text).
    pub fn load_variant(&self) -> Result<Loaded, RecordError> {
        let file = self.variant_arg();
        let set = (self.record.set.iter())
            .map(|o| crate::rules::overrides::parse(o))
            .collect::<Result<Vec<_>, _>>()
            .map_err(|message| RecordError::Invalid {
                path: self.path.display().to_string(),
                message: format!("set: {message}"),
            })?;
        match variants::load_with(&file, &set) {
            Ok(loaded) => Ok(loaded),
            Err(LoadError::Invalid(report)) => {
                let first = report.diagnostics.iter().find(|d| d.is_error());
                let (line, column) = report.source.line_col(first.map_or(0, |d| d.span.start));
                Err(RecordError::NotAVariant {
                    record: self.path.display().to_string(),
                    variant: self.record.variant.clone(),
                    file,
                    line,
                    column,
                })
            }
            Err(other) => Err(RecordError::Variant(other)),
        }
    }

    /// The record's variant argument: a shipped name as is, a path resolved
    /// against the record's folder.
    pub fn variant_arg(&self) -> String {
        let name = &self.record.variant;
        if variants::is_shipped(name) || Path::new(name).is_absolute() {
            return name.clone();
        }
        let folder = self.path.parent().unwrap_or(Path::new(""));
        folder.join(name).display().to_string()
    }
}

/// Parses a record from YAML text: a record as above, or the YAML or JSON
/// that `sow trace --format yaml|json` writes (recognised by its `plies`).
///
/// # Errors
/// What is wrong, starting with `line L column C: ` when the place is known.
pub fn parse(text: &str) -> Result<Record, String> {
    let is_trace = serde_yaml::from_str::<serde_yaml::Mapping>(text)
        .is_ok_and(|map| map.contains_key("plies"));
    if is_trace {
        return yaml::from_str::<Trace>(text).map(Record::from);
    }
    yaml::from_str(text)
}

/// A `sow trace` file as a record: every ply a checkpoint, every round
/// change a round end. The variant is its file when the trace names one,
/// else the shipped variant whose display name the trace gives (and its
/// reading, for `NAME@READING`; the display name itself when none has it).
impl From<Trace> for Record {
    fn from(trace: Trace) -> Record {
        // A variant changed with `--set` is named `NAME [KEY=VALUE, ...]`,
        // a reading's rules `NAME@READING`: the shipped variant named NAME,
        // reading READING.
        let display = match trace.variant.rsplit_once(" [") {
            Some((display, _)) if !trace.set.is_empty() => display,
            _ => trace.variant.as_str(),
        };
        let (display, reading) = match display.rsplit_once('@') {
            Some((display, reading)) => (display, Some(reading)),
            None => (display, None),
        };
        let shipped = || {
            variants::shipped_names()
                .find(|name| variants::load(name).is_ok_and(|loaded| loaded.rules.name == display))
        };
        let variant = match (&trace.variant_file, shipped(), reading) {
            (Some(file), _, _) => file.clone(),
            (None, Some(name), Some(reading)) => format!("{name}@{reading}"),
            (None, Some(name), None) => name.to_string(),
            (None, None, _) => trace.variant.clone(),
        };
        // The start is kept even when it looks like a variant's start: the
        // replay takes it as the start, and can tell a record played with 7
        // per pit from a variant with 6. Closed pits (a later round's start)
        // are written `x`.
        let per_row = trace.start.len() / 2;
        let pits: Vec<String> = (trace.start.iter().enumerate())
            .map(|(pit, n)| {
                if trace.start_closed.contains(&pit_label(pit, per_row)) {
                    // `3x` for a closed pit holding stones (`unfilled reopens`).
                    match n {
                        0 => "x".to_string(),
                        n => format!("{n}x"),
                    }
                } else {
                    n.to_string()
                }
            })
            .collect();
        let [south, north] = trace.start_scores;
        let start = Some(format!(
            "{} {} captured {south} {north}",
            pits.join(" "),
            trace.first_player
        ));
        Record {
            variant,
            set: trace.set.clone(),
            comment: Some("read from a `sow trace` file".into()),
            start,
            moves: Moves::List(trace.plies.iter().map(|p| p.mv.clone()).collect()),
            rounds: (trace.rounds.into_iter())
                .map(|r| RoundEnd {
                    round: r.round,
                    after_ply: r.after_ply,
                    end: Some(r.end),
                    scores: Some(r.scores),
                    next_start: r.next_start,
                    comment: None,
                })
                .collect(),
            expect: (trace.plies.into_iter())
                .map(|p| Checkpoint {
                    ply: p.ply,
                    board: Some(p.board),
                    closed: Some(Moves::List(p.closed)),
                    scores: Some(p.scores),
                    captured: Some(p.captured),
                    legal: None,
                    position: None,
                    comment: None,
                })
                .collect(),
            result: trace.result.map(|r| ExpectedResult {
                end: Some(r.end),
                scores: Some(r.scores),
                winner: Some(r.winner),
                rounds: r.rounds,
            }),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn minimal_record_and_both_move_forms() {
        let r = parse("variant: modiar\nmoves: \"a A b\"\n").unwrap();
        assert_eq!(r.moves.labels(), ["a", "A", "b"]);
        let r = parse("variant: modiar\nmoves: [a, A, b]\n").unwrap();
        assert_eq!(r.moves.labels(), ["a", "A", "b"]);
        assert!(r.expect.is_empty() && r.result.is_none() && r.start.is_none());
    }

    #[test]
    fn unknown_field_names_the_place() {
        let err =
            parse("variant: modiar\nmoves: a\nexpect:\n  - ply: 1\n    bord: [1]\n").unwrap_err();
        assert!(
            err.starts_with("line 5 column 5: expect[0]: unknown field `bord`"),
            "{err}"
        );
    }

    #[test]
    fn moves_of_the_wrong_shape_name_the_place() {
        let err = parse("variant: modiar\nmoves: {a: 1}\n").unwrap_err();
        assert_eq!(
            err,
            "line 2 column 8: moves: invalid type: map, expected pit labels as a string (\"a A b\") or a list ([a, A, b])"
        );
    }

    #[test]
    fn missing_moves_is_an_error() {
        let err = parse("variant: modiar\n").unwrap_err();
        assert!(err.contains("missing field `moves`"), "{err}");
    }
}
