//! Values as the solver counts them: stones still to come for the player to
//! move, what a move wins, and the worth of the stones left at an end.

use crate::{
    engine::{Game, Moves, Player, Position},
    rules::Leftovers,
};

/// What the stones on the board are worth to the player to move when the
/// game ends and they go as `leftovers` says.
pub fn leftover_value(game: &Game, pos: &Position, leftovers: Leftovers) -> i16 {
    let row = |p: Player| -> i16 { pos.pits[game.row(p)].iter().map(|&n| i16::from(n)).sum() };
    let (mine, theirs) = (row(pos.to_move), row(pos.to_move.other()));
    match leftovers {
        Leftovers::RowOwner | Leftovers::BoardSide => mine - theirs,
        Leftovers::PlayerToMove => mine + theirs,
        Leftovers::Unscored => 0,
        // The solver refuses `last_mover` with extra turns: the other
        // player moved last.
        Leftovers::LastMover => -(mine + theirs),
        // Half each (the odd stone for nobody): the same for both.
        Leftovers::Divided => 0,
        // Refused by `check`: a drawn or won end's value depends on the
        // captures before it, which a position of the solver does not record.
        Leftovers::Draw
        | Leftovers::AbleToMove
        | Leftovers::EmptyRowWins
        | Leftovers::EmptyRowLoses => {
            unreachable!("sow solve refuses ends that set the captures aside")
        }
    }
}

/// Stones a move from `before` to `after` wins for the player who made it:
/// what it adds to their captured total (captures and stones sown into their
/// store) minus what it adds to the opponent's.
pub fn gain(before: &Position, after: &Position) -> i16 {
    let added = |p: Player| after.captured[p.index()] as i16 - before.captured[p.index()] as i16;
    added(before.to_move) - added(before.to_move.other())
}

/// The factor that turns a value for the mover of `after` into one for the
/// mover of `before`: -1, or 1 when the same player moves again.
pub(crate) fn factor(before: &Position, after: &Position) -> i16 {
    if before.to_move == after.to_move {
        1
    } else {
        -1
    }
}

/// What the stones left are worth to the player to move in `pos`, a
/// position without moves, scored as the way the game ends there says.
pub(crate) fn end_value(game: &Game, pos: &Position) -> i16 {
    let mut moves = Moves::default();
    game.legal_moves(pos, &mut moves);
    leftover_value(game, pos, game.scoring(moves.end_reason()))
}

/// Sign that turns a value for `player` into a value for South.
pub(crate) fn for_south(player: Player) -> i16 {
    match player {
        Player::South => 1,
        Player::North => -1,
    }
}
