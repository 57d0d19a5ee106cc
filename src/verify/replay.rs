//! Replaying a record against a variant: the first place where the record
//! and the rules part ways, or the verdict that they agree.

use std::fmt::Write;

use super::record::{Checkpoint, ExpectedResult, Record, RoundEnd};
use crate::{
    engine::{
        check_stones, format_position, parse_move, parse_position, AfterRound, EndReason, Game,
        GameRun, MatchRun, Move, Narrow, Position, RoundChange, Width,
    },
    trace::{legal_labels, Winner},
    verify::boards::side_by_side,
};

/// What replaying a record gave.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Verdict<W: Width = Narrow> {
    /// Every move is legal and every checkpoint and the result agree.
    Consistent {
        /// Plies replayed.
        plies: u32,
        /// Checkpoints checked (the result counts as one).
        checked: usize,
    },
    /// The first place where the record and the rules disagree.
    Diverged(Divergence<W>),
}

/// The first disagreement between a record and the rules.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Divergence<W: Width = Narrow> {
    /// The ply (from 1) whose move or checkpoint disagrees; 0 for the start,
    /// one past the last move for the result.
    pub ply: u32,
    /// The position before that ply's move (the last position for the result).
    pub before: Position<W>,
    /// That ply's move, as written in the record.
    pub mv: Option<String>,
    /// What disagrees.
    pub mismatch: Mismatch,
}

/// What disagrees at a divergence.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Mismatch {
    /// The move cannot be played by these rules.
    Illegal {
        /// Why, in words (the engine's reason).
        reason: String,
        /// The legal moves in that position.
        legal: Vec<String>,
        /// Why the game had already ended, if it had.
        ended: Option<EndReason>,
    },
    /// A different board after the move.
    Board {
        /// What the record says.
        expected: Vec<u8>,
        /// What the rules give.
        actual: Vec<u8>,
    },
    /// Different captures so far, `[south, north]`.
    Scores {
        /// What the record says.
        expected: [u16; 2],
        /// What the rules give.
        actual: [u16; 2],
    },
    /// A different number of stones captured by the move.
    Captured {
        /// What the record says.
        expected: u16,
        /// What the rules give.
        actual: u16,
    },
    /// Different legal moves after the move.
    Legal {
        /// What the record says.
        expected: Vec<String>,
        /// What the rules give.
        actual: Vec<String>,
    },
    /// The record gives a result, but by these rules the game goes on.
    GoesOn {
        /// The legal moves after the last move.
        legal: Vec<String>,
    },
    /// A different end reason.
    End {
        /// What the record says.
        expected: EndReason,
        /// What the rules give.
        actual: EndReason,
    },
    /// Different final totals.
    FinalScores {
        /// What the record says.
        expected: [u16; 2],
        /// What the rules give.
        actual: [u16; 2],
    },
    /// A different winner.
    Winner {
        /// What the record says.
        expected: Winner,
        /// What the rules give.
        actual: Winner,
    },
    /// A different number of rounds in the match.
    Rounds {
        /// What the record says.
        expected: u32,
        /// What the rules give (`None`: the variant has no rounds).
        actual: Option<u32>,
    },
    /// A different position after the move, both in the position notation.
    Position {
        /// What the record says (as the notation writes it back).
        expected: String,
        /// What the rules give.
        actual: String,
    },
    /// Different closed pits after the move.
    Closed {
        /// What the record says.
        expected: Vec<String>,
        /// What the rules give.
        actual: Vec<String>,
    },
    /// A round ends after a different ply.
    RoundEndsAt {
        /// The round.
        round: u32,
        /// After which ply the record ends it (`None`: not here).
        record: Option<u32>,
        /// After which ply the rules end it (`None`: not here).
        rules: Option<u32>,
    },
    /// A round ends for a different reason.
    RoundEndReason {
        /// The round.
        round: u32,
        /// What the record says.
        expected: EndReason,
        /// What the rules give.
        actual: EndReason,
    },
    /// A round ends with different scores.
    RoundScores {
        /// The round.
        round: u32,
        /// What the record says.
        expected: [u16; 2],
        /// What the rules give.
        actual: [u16; 2],
    },
    /// The next round starts from a different position (or the match is
    /// over by the rules).
    NextStart {
        /// The round that ended.
        round: u32,
        /// What the record says, as written.
        expected: String,
        /// What the rules give, `None` when the match is over.
        actual: Option<String>,
    },
}

/// Replays `record` under `game`. A record's `start` must hold as many
/// stones as the variant's start, unless `any_stones`; a `start` equal to
/// the variant's start is the start of a game (first-move rules apply).
///
/// # Errors
/// Why the record does not fit the variant, in words: a board of another
/// size, a start with another number of stones, a start position that cannot
/// be read, an unknown pit label, a checkpoint after the last move.
pub fn replay<W: Width>(
    game: &Game<W>,
    record: &Record,
    any_stones: bool,
) -> Result<Verdict<W>, String> {
    if let Some(pits) = record_pits(record) {
        if pits != game.pit_count() {
            let per_row = game.pits_per_row();
            let rows = game.topology().rows();
            // A count that fills no board is a slip: say where it is.
            let slip = format!(
                "{rows}x{per_row} board, the record has {pits} pit counts ({})",
                pits_place(record)
            );
            if rows != 2 {
                return Err(slip);
            }
            return Err(if pits % 2 == 0 {
                format!("2x{per_row} board, the record has 2x{}", pits / 2)
            } else {
                slip
            });
        }
    }
    let start = start_position(game, record, any_stones)?;
    let game = &*game.covering(&start);
    let labels = record.moves.labels();
    let moves: Vec<Move> = labels
        .iter()
        .enumerate()
        .map(|(i, label)| parse_move(label, game).map_err(|e| format!("moves: ply {}: {e}", i + 1)))
        .collect::<Result<_, _>>()?;
    for (i, checkpoint) in record.expect.iter().enumerate() {
        check_checkpoint_fits(game, checkpoint, moves.len())
            .map_err(|e| format!("expect[{i}] (ply {}): {e}", checkpoint.ply))?;
    }
    check_rounds_fit(game, record, moves.len())?;
    let mut matched = MatchRun::new(game, start);
    let (mut checked, mut rounds_checked) = (0, 0);
    let mut check = |run: &GameRun<'_, W>, ply: u32, before: Position<W>, captured: u16| {
        for checkpoint in record.expect.iter().filter(|c| c.ply == ply) {
            checked += 1;
            if let Some(mismatch) = compare(run, checkpoint, captured) {
                return Some(Divergence {
                    ply,
                    before,
                    mv: ply.checked_sub(1).map(|i| labels[i as usize].clone()),
                    mismatch,
                });
            }
        }
        None
    };
    if let Some(divergence) = check(matched.run(), 0, start, 0) {
        return Ok(Verdict::Diverged(divergence));
    }
    // A start where the game is already over settles it (or its round),
    // which the record says as a round ending after ply 0.
    let changes = matched.finish_rounds();
    if let Some(mismatch) = check_rounds_after(game, record, 0, &changes, &mut rounds_checked) {
        return Ok(Verdict::Diverged(Divergence {
            ply: 0,
            before: start,
            mv: None,
            mismatch,
        }));
    }
    for (i, &mv) in moves.iter().enumerate() {
        let ply = i as u32 + 1;
        let run = matched.run_mut();
        let before = *run.position();
        let legal = legal_labels(run);
        let ended = run.end();
        let diverged = |mismatch| {
            Ok(Verdict::Diverged(Divergence {
                ply,
                before,
                mv: Some(labels[i].clone()),
                mismatch,
            }))
        };
        match run.play(mv) {
            Err(illegal) => {
                return diverged(Mismatch::Illegal {
                    reason: illegal.to_string(),
                    legal,
                    ended,
                })
            }
            Ok(successor) => {
                if let Some(divergence) =
                    check(matched.run(), ply, before, successor.effect.captured)
                {
                    return Ok(Verdict::Diverged(divergence));
                }
            }
        }
        let changes = matched.finish_rounds();
        if let Some(mismatch) = check_rounds_after(game, record, ply, &changes, &mut rounds_checked)
        {
            return diverged(mismatch);
        }
    }
    checked += rounds_checked;
    if let Some(result) = &record.result {
        checked += 1;
        if let Some(mismatch) = check_match_result(&matched, result) {
            return Ok(Verdict::Diverged(Divergence {
                ply: moves.len() as u32 + 1,
                before: *matched.run().position(),
                mv: None,
                mismatch,
            }));
        }
    }
    Ok(Verdict::Consistent {
        plies: moves.len() as u32,
        checked,
    })
}

/// Whether the record's round ends can be compared at all: the variant has
/// rounds, and each round end names a ply the record has.
fn check_rounds_fit<W: Width>(game: &Game<W>, record: &Record, moves: usize) -> Result<(), String> {
    if record.rounds.is_empty() {
        return Ok(());
    }
    if !game.has_rounds() {
        return Err(format!(
            "rounds: the record ends rounds, but {} is one game, not a match of rounds",
            game.rules().name
        ));
    }
    for (i, said) in record.rounds.iter().enumerate() {
        if let Some(text) = &said.next_start {
            parse_position(text, game)
                .map_err(|e| format!("rounds[{i}] (round {}): next_start: {e}", said.round))?;
        }
        // A round may end after ply 0: at the match's start, with no legal
        // move there.
        if said.round == 0 || said.after_ply as usize > moves {
            return Err(format!(
                "rounds[{i}] (round {}, after ply {}): {}",
                said.round,
                said.after_ply,
                if said.round == 0 {
                    "rounds are counted from 1".to_string()
                } else {
                    format!(
                        "the record has only {moves} move{}",
                        if moves == 1 { "" } else { "s" }
                    )
                }
            ));
        }
    }
    Ok(())
}

/// The rounds the rules ended after ply `ply` (`changes`: a round may end
/// at its start, after the one the move ended), each against the record's
/// round end in the same order: those it puts after this ply, or gives the
/// number of a round the rules ended here. Counts each round end compared
/// in `checked`; the first disagreement.
fn check_rounds_after<W: Width>(
    game: &Game<W>,
    record: &Record,
    ply: u32,
    changes: &[RoundChange<W>],
    checked: &mut usize,
) -> Option<Mismatch> {
    let said = (record.rounds.iter())
        .filter(|r| r.after_ply == ply || changes.iter().any(|c| c.round == r.round));
    for (k, said) in said.enumerate() {
        *checked += 1;
        if let Some(mismatch) = compare_round(game, &record.rounds, said, ply, changes.get(k)) {
            return Some(mismatch);
        }
    }
    None
}

/// How the record's round end `said` (one of `record_rounds`) disagrees
/// with the rules after ply `ply`, where the rules ended a round (`change`)
/// or did not.
fn compare_round<W: Width>(
    game: &Game<W>,
    record_rounds: &[RoundEnd],
    said: &RoundEnd,
    ply: u32,
    change: Option<&RoundChange<W>>,
) -> Option<Mismatch> {
    let Some(change) = change else {
        return Some(Mismatch::RoundEndsAt {
            round: said.round,
            record: Some(ply),
            rules: None,
        });
    };
    if change.round != said.round {
        // The rules end another round here than the record does.
        let record = (record_rounds.iter())
            .find(|r| r.round == change.round)
            .map(|r| r.after_ply);
        return Some(Mismatch::RoundEndsAt {
            round: change.round,
            record,
            rules: Some(ply),
        });
    }
    if said.after_ply != ply {
        return Some(Mismatch::RoundEndsAt {
            round: said.round,
            record: Some(said.after_ply),
            rules: Some(ply),
        });
    }
    let round = change.round;
    if let Some(expected) = said.end.filter(|&end| end != change.end) {
        return Some(Mismatch::RoundEndReason {
            round,
            expected,
            actual: change.end,
        });
    }
    if let Some(expected) = said.scores.filter(|&scores| scores != change.scores) {
        return Some(Mismatch::RoundScores {
            round,
            expected,
            actual: change.scores,
        });
    }
    let next = match change.after {
        AfterRound::Next(start) => Some(start),
        AfterRound::MatchOver(_) => None,
    };
    // `check_rounds_fit` has read it.
    let said_next = (said.next_start.as_ref())
        .and_then(|text| parse_position(text, game).ok())
        .map(|p| Position {
            opening: game.later_rounds_open(),
            ..p
        });
    match (said_next, next) {
        (None, _) => None,
        (Some(expected), Some(actual)) if expected == actual => None,
        (Some(_), actual) => Some(Mismatch::NextStart {
            round,
            expected: said.next_start.clone().unwrap_or_default(),
            actual: actual.map(|p| format_position(&p, game)),
        }),
    }
}

/// The position a record starts from under `game`: its `start`, or the
/// variant's. A `start` equal to the variant's start is the start of a game
/// (first-move rules apply). Unless `any_stones`, it must hold as many
/// stones as the variant's start.
///
/// # Errors
/// The start cannot be read, or holds another number of stones.
pub fn start_position<W: Width>(
    game: &Game<W>,
    record: &Record,
    any_stones: bool,
) -> Result<Position<W>, String> {
    Ok(match &record.start {
        None => game.start(),
        Some(text) => {
            let start = parse_position(text, game).map_err(|e| format!("start: {e}"))?;
            if !any_stones {
                check_stones(game, &start, "the record starts with")
                    .map_err(|e| format!("start: {e} (--any-stones replays it anyway)"))?;
            }
            let the_start = game.start();
            if (Position {
                opening: true,
                relay_cycled: false,
                ..start
            }) == the_start
            {
                the_start
            } else {
                start
            }
        }
    })
}

/// How the record's result disagrees with the game `run` has reached after
/// the last move, if it does. A record of a game stopped at a ply cap (`end:
/// ply_cap`, or just `winner: none`) is compared with this game stopped the
/// same way.
pub fn check_result<W: Width>(run: &GameRun<'_, W>, result: &ExpectedResult) -> Option<Mismatch> {
    check_end(run, run.outcome(), None, result)
}

/// As [`check_result`], for the match `matched` has reached: its last
/// round's end and scores, the match's winner and its number of rounds.
pub fn check_match_result<W: Width>(
    matched: &MatchRun<'_, W>,
    result: &ExpectedResult,
) -> Option<Mismatch> {
    let rounds = matched.run().game().has_rounds().then(|| matched.round());
    check_end(matched.run(), matched.outcome(), rounds, result)
}

/// How `result` disagrees with the game `last` has reached, decided
/// `outcome` (the match's, in a variant with rounds) after `rounds` rounds.
fn check_end<W: Width>(
    last: &GameRun<'_, W>,
    outcome: Option<crate::engine::Outcome>,
    rounds: Option<u32>,
    result: &ExpectedResult,
) -> Option<Mismatch> {
    let says_capped = result.end == Some(EndReason::PlyCap)
        || (result.end.is_none() && result.winner == Some(Winner::None));
    let mut last = last.clone();
    if says_capped {
        last.stop_at_cap();
    }
    let Some(end) = last.end() else {
        return Some(Mismatch::GoesOn {
            legal: legal_labels(&last),
        });
    };
    let scores = last.scores();
    let winner = match end {
        EndReason::PlyCap => Winner::None,
        _ => Winner::from(outcome),
    };
    match (result.end, result.scores, result.winner, result.rounds) {
        (Some(expected), ..) if expected != end => Some(Mismatch::End {
            expected,
            actual: end,
        }),
        (_, Some(expected), ..) if expected != scores => Some(Mismatch::FinalScores {
            expected,
            actual: scores,
        }),
        (_, _, Some(expected), _) if expected != winner => Some(Mismatch::Winner {
            expected,
            actual: winner,
        }),
        (.., Some(expected)) if rounds != Some(expected) => Some(Mismatch::Rounds {
            expected,
            actual: rounds,
        }),
        _ => None,
    }
}

/// The number of pits the record's board has, when its `start` or a
/// checkpoint's board tells it.
pub fn record_pits(record: &Record) -> Option<usize> {
    let from_start = record.start.as_ref().map(|text| {
        text.split_whitespace()
            .filter(|t| *t != "/")
            // A pit's token: its count, `x` (closed), `3x`, `3*` (swapped),
            // `t` or `4T` (claimed), `6t!` (landed in).
            .take_while(|t| {
                t.bytes().all(|b| {
                    b.is_ascii_digit() || matches!(b, b'-' | b'x' | b'*' | b't' | b'T' | b'!')
                })
            })
            .count()
    });
    from_start.or_else(|| {
        record
            .expect
            .iter()
            .find_map(|c| c.board.as_ref().map(Vec::len))
    })
}

/// Where [`record_pits`] read the record's board: its `start`, or the first
/// checkpoint with a board.
fn pits_place(record: &Record) -> String {
    if record.start.is_some() {
        return "in its start".to_string();
    }
    match record.expect.iter().position(|c| c.board.is_some()) {
        Some(i) => format!("in expect[{i}], ply {}", record.expect[i].ply),
        None => "nowhere".to_string(),
    }
}

/// Whether a checkpoint can be compared at all: its ply exists and its
/// board and labels fit the variant's board.
pub fn check_checkpoint_fits<W: Width>(
    game: &Game<W>,
    c: &Checkpoint,
    moves: usize,
) -> Result<(), String> {
    if c.ply as usize > moves {
        return Err(format!(
            "the record has only {moves} move{}",
            if moves == 1 { "" } else { "s" }
        ));
    }
    if let Some(board) = &c.board {
        if board.len() != game.pit_count() {
            return Err(format!(
                "board has {} pit counts, the variant's board has {} pits",
                board.len(),
                game.pit_count()
            ));
        }
    }
    if let Some(legal) = &c.legal {
        for label in legal.labels() {
            parse_move(&label, game).map_err(|e| format!("legal: {e}"))?;
        }
    }
    if let Some(text) = &c.position {
        parse_position(text, game).map_err(|e| format!("position: {e}"))?;
    }
    if let Some(closed) = &c.closed {
        if !game.has_rounds() && !closed.labels().is_empty() {
            return Err("closed: pits are closed only in variants with rounds".to_string());
        }
        for label in closed.labels() {
            parse_move(&label, game).map_err(|e| format!("closed: {e}"))?;
        }
    }
    Ok(())
}

/// The first way `run`'s position disagrees with `checkpoint`; `captured`:
/// the stones the last move captured.
pub fn compare<W: Width>(
    run: &GameRun<'_, W>,
    checkpoint: &Checkpoint,
    captured: u16,
) -> Option<Mismatch> {
    let game = run.game();
    let pos = run.position();
    let actual_board = pos.pits[..game.pit_count()].to_vec();
    if let Some(expected) = &checkpoint.board {
        if *expected != actual_board {
            return Some(Mismatch::Board {
                expected: expected.clone(),
                actual: actual_board,
            });
        }
    }
    if let Some(expected) = checkpoint.captured {
        if expected != captured {
            return Some(Mismatch::Captured {
                expected,
                actual: captured,
            });
        }
    }
    if let Some(expected) = &checkpoint.closed {
        let mut expected = expected.labels();
        expected.sort_by_key(|l| parse_move(l, game).map(|m| m.pit).ok());
        let actual: Vec<String> = (0..game.pit_count())
            .filter(|&pit| pos.is_closed(pit))
            .map(|pit| game.label(pit))
            .collect();
        if expected != actual {
            return Some(Mismatch::Closed { expected, actual });
        }
    }
    if let Some(expected) = checkpoint.scores {
        if expected != pos.captured {
            return Some(Mismatch::Scores {
                expected,
                actual: pos.captured,
            });
        }
    }
    if let Some(text) = &checkpoint.position {
        // `check_checkpoint_fits` has read it; compared as the notation
        // writes both, which leaves out what it does not show.
        let expected =
            parse_position(text, game).map_or_else(|_| text.clone(), |p| format_position(&p, game));
        let actual = format_position(pos, game);
        if expected != actual {
            return Some(Mismatch::Position { expected, actual });
        }
    }
    if let Some(expected) = &checkpoint.legal {
        let mut expected = expected.labels();
        let actual = legal_labels(run);
        expected.sort_by_key(|l| parse_move(l, game).map(|m| m.pit).ok());
        // The same moves in any order: the answers to a proposal (`accept
        // refuse`) share no pit order.
        let sorted = |labels: &[String]| {
            let mut labels = labels.to_vec();
            labels.sort();
            labels
        };
        if sorted(&expected) != sorted(&actual) {
            return Some(Mismatch::Legal { expected, actual });
        }
    }
    None
}

/// The verdict in words, for people.
pub fn render<W: Width>(game: &Game<W>, verdict: &Verdict<W>) -> String {
    match verdict {
        Verdict::Consistent { plies, checked } => format!(
            "consistent: {plies} pl{} replayed, {checked} checkpoint{} agree{}\n",
            if *plies == 1 { "y" } else { "ies" },
            if *checked == 1 { "" } else { "s" },
            if *checked == 1 { "s" } else { "" },
        ),
        Verdict::Diverged(d) => render_divergence(game, d),
    }
}

fn render_divergence<W: Width>(game: &Game<W>, d: &Divergence<W>) -> String {
    let mut out = String::new();
    let place = match (&d.mv, &d.mismatch) {
        (
            _,
            Mismatch::GoesOn { .. }
            | Mismatch::End { .. }
            | Mismatch::FinalScores { .. }
            | Mismatch::Winner { .. }
            | Mismatch::Rounds { .. },
        ) => "at the result".to_string(),
        (
            _,
            Mismatch::RoundEndsAt { round, .. }
            | Mismatch::RoundEndReason { round, .. }
            | Mismatch::RoundScores { round, .. }
            | Mismatch::NextStart { round, .. },
        ) => format!("at the end of round {round}, after ply {}", d.ply),
        (None, _) => "at the start".to_string(),
        (Some(_), _) => format!("at ply {}", d.ply),
    };
    let _ = writeln!(out, "inconsistent {place}");
    let before = if d.mv.is_some() {
        "position before it"
    } else {
        "position"
    };
    let _ = writeln!(out, "{before}: {}", format_position(&d.before, game));
    if let Some(mv) = &d.mv {
        let _ = writeln!(out, "move: {} plays {mv}", d.before.to_move);
    }
    let after = if d.mv.is_some() { " after it" } else { "" };
    let list = |l: &[String]| {
        if l.is_empty() {
            "none".to_string()
        } else {
            l.join(" ")
        }
    };
    let pair = |s: &[u16; 2]| format!("south {} - north {}", s[0], s[1]);
    match &d.mismatch {
        Mismatch::Illegal {
            reason,
            legal,
            ended,
        } => {
            let _ = writeln!(out, "by these rules the move is illegal: {reason}");
            if let Some(end) = ended {
                let _ = writeln!(out, "the game had ended: {}", end.describe());
            }
            let _ = writeln!(out, "legal moves: {}", list(legal));
        }
        Mismatch::Board { expected, actual } => {
            let _ = writeln!(
                out,
                "the record and the rules give different boards{after}:"
            );
            out.push_str(&side_by_side(game, ("record", expected), ("rules", actual)));
        }
        Mismatch::Scores { expected, actual } => {
            let _ = writeln!(
                out,
                "captures so far{after}: the record says {}, the rules give {}",
                pair(expected),
                pair(actual)
            );
        }
        Mismatch::Captured { expected, actual } => {
            let _ = writeln!(
                out,
                "stones captured by the move: the record says {expected}, the rules give {actual}"
            );
        }
        Mismatch::Legal { expected, actual } => {
            let _ = writeln!(
                out,
                "legal moves{after}: the record says {}, the rules give {}",
                list(expected),
                list(actual)
            );
        }
        Mismatch::GoesOn { legal } => {
            let _ = writeln!(
                out,
                "the record gives a result, but by these rules the game goes on; legal moves: {}",
                list(legal)
            );
        }
        Mismatch::End { expected, actual } => {
            let _ = writeln!(
                out,
                "why the game ended: the record says {}, the rules say {}",
                expected.describe(),
                actual.describe()
            );
        }
        Mismatch::FinalScores { expected, actual } => {
            let _ = writeln!(
                out,
                "final scores: the record says {}, the rules give {}",
                pair(expected),
                pair(actual)
            );
        }
        Mismatch::Winner { expected, actual } => {
            let _ = writeln!(
                out,
                "winner: the record says {}, the rules give {}",
                expected.as_str(),
                match actual {
                    Winner::None => "no winner (the game was stopped before the rules ended it)",
                    _ => actual.as_str(),
                }
            );
        }
        Mismatch::Rounds { expected, actual } => {
            let _ = match actual {
                Some(actual) => writeln!(
                    out,
                    "rounds in the match: the record says {expected}, the rules give {actual}"
                ),
                None => writeln!(
                    out,
                    "the record says the match had {expected} rounds, but {} is one game, not a match of rounds",
                    game.rules().name
                ),
            };
        }
        Mismatch::Position { expected, actual } => {
            let _ = writeln!(
                out,
                "the position{after}: the record says {expected}, the rules give {actual}"
            );
        }
        Mismatch::Closed { expected, actual } => {
            let _ = writeln!(
                out,
                "closed pits{after}: the record says {}, the rules give {}",
                list(expected),
                list(actual)
            );
        }
        Mismatch::RoundEndsAt {
            round,
            record,
            rules,
        } => {
            let ply = |p: &Option<u32>| match p {
                Some(p) => format!("after ply {p}"),
                None => "not here".to_string(),
            };
            let _ = writeln!(
                out,
                "round {round} ends: the record says {}, the rules say {}{}",
                ply(record),
                ply(rules),
                if rules.is_none() {
                    " (the round goes on)"
                } else {
                    ""
                }
            );
        }
        Mismatch::RoundEndReason {
            round,
            expected,
            actual,
        } => {
            let _ = writeln!(
                out,
                "why round {round} ended: the record says {}, the rules say {}",
                expected.describe(),
                actual.describe()
            );
        }
        Mismatch::RoundScores {
            round,
            expected,
            actual,
        } => {
            let _ = writeln!(
                out,
                "round {round}'s scores: the record says {}, the rules give {}",
                pair(expected),
                pair(actual)
            );
        }
        Mismatch::NextStart {
            round,
            expected,
            actual,
        } => {
            let _ = match actual {
                Some(actual) => writeln!(
                    out,
                    "round {}'s start: the record says {expected}, the rules give {actual}",
                    round + 1
                ),
                None => writeln!(
                    out,
                    "the record starts round {} from {expected}, but by these rules the match is over",
                    round + 1
                ),
            };
        }
    }
    out
}
