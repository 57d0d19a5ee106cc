//! A move of a game that cannot be played: its ply, why, and what was legal.

/// A move that cannot be played at its ply (an unknown label, or a move the
/// rules forbid there), with the moves that were legal.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("ply {ply}: {message}; legal moves: {}", if legal.is_empty() { "none".to_string() } else { legal.join(" ") })]
pub struct MoveError {
    /// The ply (from 1) of the move.
    pub ply: u32,
    /// What is wrong with it.
    pub message: String,
    /// The labels of the legal moves at that ply.
    pub legal: Vec<String>,
}
