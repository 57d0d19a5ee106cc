//! Pictures of games: a position as SVG, a whole game as one HTML page, and
//! plots of a batch's results.

mod html;
mod plot;
mod svg;
pub mod text;
pub mod words;

pub use html::trace_html;
pub use plot::batch_plot;
pub use svg::position_svg;

use crate::{
    engine::{parse_move, Game, MatchRun, MoveError, Narrow, Position, Successor, Width},
    trace::Trace,
};

/// A picture that could not be made (neither happens for a well-formed
/// game or batch; the variants say what failed should one).
#[derive(Debug, thiserror::Error)]
pub enum RenderError {
    /// The trace embedded in the HTML page could not be written as JSON.
    #[error("trace as JSON: {0}")]
    Json(#[from] serde_json::Error),
    /// Drawing the plots failed.
    #[error("plot: {0}")]
    Plot(String),
}

/// A position of a game and the move that led to it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Frame<W: Width = Narrow> {
    /// Plies played before this position (0 for the start).
    pub ply: u32,
    /// The position.
    pub position: Position<W>,
    /// The position the last move was played from, and that move.
    pub last: Option<(Position<W>, Successor<W>)>,
}

/// Every position of a traced game, from its start (`start`) to its last ply.
/// In a variant with rounds the plies go on through the match: the first
/// ply of a round is played from that round's start (the refill).
///
/// # Errors
/// A move of the trace that does not replay (only if the trace was made with
/// other rules).
pub fn frames<W: Width>(
    game: &Game<W>,
    start: Position<W>,
    trace: &Trace,
) -> Result<Vec<Frame<W>>, MoveError> {
    let mut run = MatchRun::new(game, start);
    let mut out = vec![Frame {
        ply: 0,
        position: start,
        last: None,
    }];
    for ply in &trace.plies {
        let replay_error = |message: String| MoveError {
            ply: ply.ply,
            message,
            legal: ply.legal.clone(),
        };
        let mv = parse_move(&ply.mv, game).map_err(replay_error)?;
        let round = run.run_mut();
        let before = *round.position();
        let played = round
            .play(mv)
            .map_err(|illegal| replay_error(illegal.to_string()))?;
        out.push(Frame {
            ply: ply.ply,
            position: played.position,
            last: Some((before, played)),
        });
        run.finish_rounds();
    }
    Ok(out)
}
