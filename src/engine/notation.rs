//! Pit labels and the position notation.
//!
//! Pits are labelled `a b c ...` for South (from South's left to right) and
//! `A B C ...` for North (from North's left to right), so counter-clockwise
//! sowing visits `a b c A B C`. A position is written as the pit counts in
//! that absolute order, an optional `/` between the rows, the player to move,
//! and optionally what each player has captured:
//! `"2 3 0 / 1 5 1 south"` or `"2 3 0 / 1 5 1 north captured 10 20"`.
//! A closed pit (in a later round of a variant with rounds) is written `x`
//! in place of its count: `"7 x 7 / 7 7 7 north captured 3 2"`. A claimed
//! pit (a variant with `claim`) is written `t`; it belongs to the player of
//! the other row: `"9 t 9 / 9 9 9 south"` is a pit North claimed. A pit
//! that belongs to the player of the other row (`refill surplus`) has a `*`
//! after its count: `"4 4 4 / 4* 4 4 north"` is a pit of North's row that
//! South plays.
//!
//! Under `rounds { fill_from choice }` a refill move is written `+c` (fill
//! pit `c`), and a position where the players are choosing the pits to
//! refill ends in `refilling` and the player who starts the round:
//! `"x x x / 7 7 7 south captured 21 7 refilling north"`.
//!
//! Under `capture { extra_chosen N }` a pit the mover takes after a
//! capture is written `-C` (empty pit `C`), and a position whose player to
//! move still takes pits ends in `taking` and how many: `"... south
//! taking 2"`.
//!
//! Under `opening { placement }` a placement is written `+c` too (a stone
//! into `c`), and a position where the players are placing their stones
//! ends in `placing` and the stones each still holds (South's, North's):
//! `"0 0 1 / 0 0 0 north placing 2 3"`.
//!
//! Where the leftovers go to the player who moved last and a move can earn
//! another (`extra_turn` with a `last_mover` end), a position whose player
//! to move also made the last move says `again` after the player:
//! `"0 0 3 / 1 0 2 south again captured 9 4"`.
//!
//! On four rows each player's pits are lettered along their own
//! counter-clockwise circuit (see [`Topology`](super::Topology)): on 4x8
//! South's outer row is `a`-`h` from South's left, the inner row `i`-`p`
//! from South's right back to left, and North's `A`-`P` likewise from
//! North's side. A position lists the counts in that order, a `/` allowed
//! between rows: `"2 2 2 2 2 2 2 2 / 2 2 2 2 0 0 0 0 / 2 2 2 2 2 2 2 2 /
//! 2 2 2 2 0 0 0 0 south"`.

use crate::engine::width::{PitBits, Width};
use std::fmt;

use super::{
    position::{Move, Player, Position, Vote},
    Game,
};
use crate::rules::{Direction, PitDirection};

pub use crate::rules::pit_label;

/// Reads a move: a pit label (`a`, `B`, ...), with `:ccw` or `:cw` for a pit
/// that may sow either way (for a pit of `reverse_to_capture`, `:cw` or
/// `:ccw` for the other way round; its own way without), `pass`, a refill `+c` (`fill_from choice`), or
/// a vote on ending a repeating game (`propose`, `accept`, `refuse`: `end {
/// repetition agree }`).
///
/// # Errors
/// A message saying which labels exist.
pub fn parse_move<W: Width>(text: &str, game: &Game<W>) -> Result<Move, String> {
    if text == "pass" {
        return Ok(Move::PASS);
    }
    if let Some(&(_, mv)) = VOTE_MOVES.iter().find(|(word, _)| *word == text) {
        if game.rules().end.repetition != crate::rules::Repetition::Agree {
            return Err(format!(
                "`{text}` (a vote on ending a repeating game) is only for variants with `repetition agree`, and {} has none",
                game.rules().name
            ));
        }
        return Ok(mv);
    }
    if let Some(label) = text.strip_prefix(FILL) {
        return parse_fill(label, text, game);
    }
    if let Some(label) = text.strip_prefix(TAKE) {
        return parse_take(label, text, game);
    }
    let (label, direction) = match text.split_once(':') {
        None => (text, None),
        Some((label, "ccw")) => (label, Some(Direction::Ccw)),
        Some((label, "cw")) => (label, Some(Direction::Cw)),
        Some((_, other)) => {
            return Err(format!(
                "unknown direction `{other}` in `{text}`, expected `ccw` or `cw`"
            ))
        }
    };
    let per_row = game.pits_per_side();
    match crate::rules::parse_pit_label(label, per_row) {
        Some(pit) => {
            let allowed = game.move_directions(pit);
            // A pit of `reverse_to_capture` sows its own way unless told.
            let own = game.pit_direction(pit).allowed();
            let direction = match (direction, own) {
                (Some(d), _) if allowed.contains(&d) => d,
                (None, [only]) => *only,
                (None, _) => {
                    return Err(format!(
                        "pit `{label}` sows either way: write `{label}:ccw` or `{label}:cw`"
                    ))
                }
                (Some(d), _) => {
                    return Err(format!(
                        "pit `{label}` sows {} only, not {d}",
                        game.pit_direction(pit)
                    ))
                }
            };
            Ok(Move {
                pit: pit as u8,
                direction,
            })
        }
        _ => Err(format!(
            "unknown pit `{label}`: the pits are {}-{} (south) and {}-{} (north)",
            pit_label(0, per_row),
            pit_label(per_row - 1, per_row),
            pit_label(per_row, per_row),
            pit_label(2 * per_row - 1, per_row),
        )),
    }
}

/// The moves of a vote on ending a repeating game, as they are written.
pub const VOTE_MOVES: [(&str, Move); 3] = [
    ("propose", Move::PROPOSE),
    ("accept", Move::ACCEPT),
    ("refuse", Move::REFUSE),
];

/// Reads the refill `+label` (`text`).
fn parse_fill<W: Width>(label: &str, text: &str, game: &Game<W>) -> Result<Move, String> {
    let refills = game.rules().rounds.fill_from == crate::rules::FillFrom::Choice
        && game.rules().rounds.refill.is_some();
    if !refills && game.rules().opening.placement.is_none() {
        return Err(format!(
            "`{text}` (a refill or a placement) is only for variants with `fill_from choice` or `opening {{ placement }}`, and {} has neither",
            game.rules().name
        ));
    }
    let per_row = game.pits_per_side();
    let Some(pit) = crate::rules::parse_pit_label(label, per_row) else {
        return Err(format!(
                "unknown pit `{label}` in the refill `{text}`: the pits are {}-{} (south) and {}-{} (north)",
                pit_label(0, per_row),
                pit_label(per_row - 1, per_row),
                pit_label(per_row, per_row),
                pit_label(2 * per_row - 1, per_row),
            ));
    };
    Ok(Move::fill(pit))
}

/// Reads the take `-label` (`text`): the opponent's pit a capture earned
/// (`extra_chosen`).
fn parse_take<W: Width>(label: &str, text: &str, game: &Game<W>) -> Result<Move, String> {
    if !game.rules().captures.iter().any(|c| c.extra_chosen != 0) {
        return Err(format!(
            "`{text}` (a pit taken after a capture) is only for variants with `extra_chosen`, and {} has none",
            game.rules().name
        ));
    }
    let per_row = game.pits_per_side();
    let Some(pit) = crate::rules::parse_pit_label(label, per_row) else {
        return Err(format!(
            "unknown pit `{label}` in the take `{text}`: the pits are {}-{} (south) and {}-{} (north)",
            pit_label(0, per_row),
            pit_label(per_row - 1, per_row),
            pit_label(per_row, per_row),
            pit_label(2 * per_row - 1, per_row),
        ));
    };
    Ok(Move::take(pit))
}

/// Reads a move played by `mover`: as [`parse_move`], but when the text
/// cannot be read as a move (a pit that sows either way, written without a
/// direction) and the pit is the other player's, that is what is said:
/// "`b` is illegal: pit `b` belongs to south".
///
/// # Errors
/// As [`parse_move`], or the pit belongs to the other player.
pub fn parse_move_by<W: Width>(text: &str, game: &Game<W>, mover: Player) -> Result<Move, String> {
    let error = match parse_move(text, game) {
        Ok(mv) => return Ok(mv),
        Err(error) => error,
    };
    let label = text.split_once(':').map_or(text, |(label, _)| label);
    let per_row = game.pits_per_side();
    let owner = crate::rules::parse_pit_label(label, per_row).map(|pit| match pit < per_row {
        true => Player::South,
        false => Player::North,
    });
    match owner {
        Some(owner) if owner != mover => Err(format!(
            "`{text}` is illegal: pit `{label}` belongs to {owner}"
        )),
        _ => Err(error),
    }
}

/// A position string that cannot be read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PositionError {
    /// Byte offset in the position string where the problem is.
    pub offset: usize,
    /// What is wrong.
    pub message: String,
}

impl fmt::Display for PositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "column {}: {}", self.offset + 1, self.message)
    }
}

impl std::error::Error for PositionError {}

/// Reads a position in the notation above. The position is taken as a
/// mid-game one: a first-move rule does not apply to it.
///
/// # Errors
/// The column and what was expected there.
pub fn parse_position<W: Width>(text: &str, game: &Game<W>) -> Result<Position<W>, PositionError> {
    let per_row = game.pits_per_row();
    let rows = game.topology().rows();
    let pit_count = game.pit_count();
    let tokens: Vec<(usize, &str)> = text
        .split_whitespace()
        .map(|t| (t.as_ptr() as usize - text.as_ptr() as usize, t))
        .collect();
    let error = |offset: usize, message: String| PositionError { offset, message };
    let mut pits = W::EMPTY;
    let mut closed = W::Set::ZERO;
    let mut swapped = W::Set::ZERO;
    let mut claimed = W::Set::ZERO;
    let mut visited = W::Set::ZERO;
    let mut count = 0;
    let mut rest = tokens.iter().copied().peekable();
    let mut total: u32 = 0;
    while let Some(&(offset, token)) = rest.peek() {
        if token == "/" {
            if rows == 2 && count != per_row {
                return Err(error(
                    offset,
                    format!("`/` must come after the {per_row} pits of south's row"),
                ));
            }
            let breaks = game.topology().row_breaks();
            if !breaks.contains(&count) {
                let places: Vec<String> = breaks.iter().map(usize::to_string).collect();
                return Err(error(
                    offset,
                    format!(
                        "`/` must come between rows (after {} pits)",
                        places.join(", ")
                    ),
                ));
            }
            rest.next();
            continue;
        }
        if token
            .strip_prefix('-')
            .is_some_and(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()))
        {
            return Err(error(
                offset,
                format!("pit count `{token}` is negative: a pit holds 0 or more stones"),
            ));
        }
        if token == CLOSED && count < pit_count {
            if !game.has_rounds() {
                return Err(error(
                    offset,
                    format!(
                        "`{CLOSED}` (a closed pit) is only for variants with rounds, and {} has none",
                        game.rules().name
                    ),
                ));
            }
            closed |= W::Set::bit(count);
            count += 1;
            rest.next();
            continue;
        }
        if let Some(stones) = waiting_pit(token).filter(|_| count < pit_count) {
            let sown_into = matches!(
                game.rules().rounds.unfilled,
                crate::rules::Unfilled::Reopens | crate::rules::Unfilled::Unplayed
            );
            if !sown_into || !game.has_rounds() {
                return Err(error(
                    offset,
                    format!(
                        "`{token}` (a closed pit holding stones) is only for variants with `unfilled reopens` or `unplayed`, and {} has none",
                        game.rules().name
                    ),
                ));
            }
            let stones: u8 = stones
                .parse()
                .map_err(|_| error(offset, format!("pit count `{stones}` is larger than 255")))?;
            closed |= W::Set::bit(count);
            pits[count] = stones;
            total += u32::from(stones);
            count += 1;
            rest.next();
            continue;
        }
        if let Some(pit) = claimed_pit(token).filter(|_| count < pit_count) {
            let stones = pit.stones.clone().map_err(|m| error(offset, m))?;
            let owner = claimed_pit_owner(game, count, &pit, claimed, swapped)
                .map_err(|m| error(offset, m))?;
            claimed |= W::Set::bit(count);
            if owner != game.topology().owner(count) {
                swapped |= W::Set::bit(count);
            }
            if pit.visited {
                visited |= W::Set::bit(count);
            }
            pits[count] = stones;
            total += u32::from(stones);
            count += 1;
            rest.next();
            continue;
        }
        let (token, other_owner) = match token.strip_suffix(SWAPPED) {
            Some(count) if !count.is_empty() && count.bytes().all(|b| b.is_ascii_digit()) => {
                (count, true)
            }
            _ => (token, false),
        };
        if !token.bytes().all(|b| b.is_ascii_digit()) {
            break;
        }
        if other_owner && count < pit_count {
            if game.rules().rounds.refill != Some(crate::rules::Refill::Surplus) {
                return Err(error(
                    offset,
                    format!(
                        "`{token}{SWAPPED}` (a pit of the other row's player) is only for variants with `refill surplus`, and {} has none",
                        game.rules().name
                    ),
                ));
            }
            swapped |= W::Set::bit(count);
        }
        let n: u8 = token
            .parse()
            .map_err(|_| error(offset, format!("pit count `{token}` is larger than 255")))?;
        if count == pit_count {
            return Err(error(
                offset,
                format!("too many pit counts: the board has {pit_count} pits"),
            ));
        }
        pits[count] = n;
        total += u32::from(n);
        count += 1;
        rest.next();
    }
    let end = text.len();
    if count != pit_count {
        let offset = rest.peek().map_or(end, |t| t.0);
        return Err(error(
            offset,
            format!("expected {pit_count} pit counts ({rows} rows of {per_row}), found {count}"),
        ));
    }
    let refills = tokens.iter().any(|(_, t)| *t == REFILLING);
    let owns = |player: Player, pit: usize| game.row(player).contains(&pit) != swapped.has(pit);
    // Only a match of rounds closes pits; under `unfilled reopens` a closed
    // pit is sown into and may open; under `match_end no_stones` a player
    // left without a pit plays on (their round ends at once) while they
    // scored something. Without rounds a player may own no pit at all: the
    // opponent claimed them (`claim`).
    let rounds = &game.rules().rounds;
    let reopens = rounds.unfilled == crate::rules::Unfilled::Reopens;
    let plays_on = rounds.match_end == crate::rules::MatchEnd::NoStones;
    if let Some(player) = Player::BOTH
        .into_iter()
        .filter(|_| game.has_rounds() && !refills && !reopens && !plays_on)
        .into_iter()
        .find(|&p| (0..pit_count).all(|pit| !owns(p, pit) || closed.has(pit)))
    {
        return Err(error(
            0,
            format!("{player} has no open pit: a player without an open pit has lost the match"),
        ));
    }
    let to_move = match rest.next() {
        Some((_, "south")) => Player::South,
        Some((_, "north")) => Player::North,
        Some((offset, other)) => {
            return Err(error(
                offset,
                format!("expected `south` or `north` (the player to move), found `{other}`"),
            ))
        }
        None => {
            return Err(error(
                end,
                "expected `south` or `north` (the player to move)".into(),
            ))
        }
    };
    let mut moved_again = false;
    if let Some(&(offset, AGAIN)) = rest.peek() {
        rest.next();
        if !game.records_last_mover() {
            return Err(error(
                offset,
                format!(
                    "`{AGAIN}` (the player to move made the last move too) is only for variants with extra turns whose leftovers go to the last mover or whose last mover starts the next round, and {} is not one",
                    game.rules().name
                ),
            ));
        }
        moved_again = true;
    }
    let mut captured = [0u16; 2];
    if rest.peek().is_some_and(|(_, t)| *t == "captured") {
        rest.next();
        {
            for slot in &mut captured {
                let (offset, token) = rest
                    .next()
                    .ok_or_else(|| error(end, "expected two numbers after `captured`".into()))?;
                *slot = token.parse().map_err(|_| {
                    error(
                        offset,
                        format!("expected a number of captured stones, found `{token}`"),
                    )
                })?;
                total += u32::from(*slot);
            }
        }
    }
    let mut removed = 0u16;
    if rest.peek().is_some_and(|(_, t)| *t == "removed") {
        rest.next();
        let (offset, token) = rest
            .next()
            .ok_or_else(|| error(end, "expected a number after `removed`".into()))?;
        removed = token.parse().map_err(|_| {
            error(
                offset,
                format!("expected a number of stones out of play, found `{token}`"),
            )
        })?;
        total += u32::from(removed);
    }
    let mut refilling = None;
    if let Some(&(offset, PLACING)) = rest.peek() {
        rest.next();
        if game.rules().opening.placement.is_none() || captured != [0, 0] {
            return Err(error(
                offset,
                format!(
                    "`{PLACING}` (the stones each player still holds to place) is only for variants with `opening {{ placement }}`, before any capture, and {} has none",
                    game.rules().name
                ),
            ));
        }
        for slot in &mut captured {
            let (offset, token) = rest
                .next()
                .ok_or_else(|| error(end, format!("expected two numbers after `{PLACING}`")))?;
            *slot = token.parse().map_err(|_| {
                error(
                    offset,
                    format!("expected a number of stones to place, found `{token}`"),
                )
            })?;
            total += u32::from(*slot);
        }
        refilling = (captured != [0, 0]).then_some(Player::South);
    }
    if let Some(&(offset, REFILLING)) = rest.peek() {
        rest.next();
        if game.rules().rounds.fill_from != crate::rules::FillFrom::Choice
            || game.rules().rounds.refill.is_none()
        {
            return Err(error(
                offset,
                format!(
                    "`{REFILLING}` is only for variants with `fill_from choice`, and {} has none",
                    game.rules().name
                ),
            ));
        }
        refilling = match rest.next() {
            Some((_, "south")) => Some(Player::South),
            Some((_, "north")) => Some(Player::North),
            other => {
                return Err(error(
                    other.map_or(end, |t| t.0),
                    format!(
                        "expected `south` or `north` after `{REFILLING}` (the player who starts the round)"
                    ),
                ))
            }
        };
    }
    let mut vote = Vote::None;
    if let Some(&(offset, word)) = rest.peek() {
        if let Some(&(_, state)) = VOTES.iter().find(|(w, _)| *w == word) {
            rest.next();
            if game.rules().end.repetition != crate::rules::Repetition::Agree {
                return Err(error(
                    offset,
                    format!(
                        "`{word}` (a vote on ending a repeating game) is only for variants with `repetition agree`, and {} has none",
                        game.rules().name
                    ),
                ));
            }
            vote = state;
        }
    }
    let mut to_take = 0;
    if let Some(&(offset, TAKING)) = rest.peek() {
        rest.next();
        to_take = parse_taking(game, offset, rest.next(), end).map_err(|(o, m)| error(o, m))?;
    }
    if let Some((offset, other)) = rest.next() {
        return Err(error(
            offset,
            format!("expected `captured`, `removed`, `{PLACING}`, `{REFILLING}`, `proposed`, `agreed`, `{TAKING}` or the end, found `{other}`"),
        ));
    }
    if total > crate::rules::MAX_STONES {
        return Err(error(
            0,
            format!(
                "{total} stones in all: at most {} are supported",
                crate::rules::MAX_STONES
            ),
        ));
    }
    Ok(Position {
        pits,
        captured,
        removed,
        to_move,
        opening: false,
        closed,
        swapped,
        claimed,
        refilling,
        visited,
        relay_cycled: false,
        moved_again,
        vote,
        to_take,
    })
}

/// Reads the number after `taking` (at `offset`; `token` the one after
/// it, `end` the text's length): the pits the player to move still takes,
/// at least 1, in a variant with `extra_chosen`.
fn parse_taking<W: Width>(
    game: &Game<W>,
    offset: usize,
    token: Option<(usize, &str)>,
    end: usize,
) -> Result<u8, (usize, String)> {
    if !game.rules().captures.iter().any(|c| c.extra_chosen != 0) {
        return Err((
            offset,
            format!(
                "`{TAKING}` (pits still to take after a capture) is only for variants with `extra_chosen`, and {} has none",
                game.rules().name
            ),
        ));
    }
    let (offset, token) =
        token.ok_or_else(|| (end, format!("expected a number after `{TAKING}`")))?;
    match token.parse::<u8>() {
        Ok(n) if n > 0 => Ok(n),
        _ => Err((
            offset,
            format!("expected a number of pits still to take (1 or more), found `{token}`"),
        )),
    }
}

/// The words of a vote on ending a repeating game (`repetition agree`) at
/// the end of a position: `"2 0 0 / 0 0 2 north proposed"` is a position
/// where North answers South's proposal.
const VOTES: [(&str, Vote); 2] = [("proposed", Vote::Proposed), ("agreed", Vote::Agreed)];

/// Checks that `pos` holds as many stones (on the board, captured and out of
/// play) as the variant's start: a position with more or fewer cannot arise
/// in a game of this variant.
///
/// # Errors
/// Both counts in words, `pos`'s after `what` ("the position has"):
/// "the position has 134 stones, Modiar starts with 7 per pit (42 stones)".
pub fn check_stones<W: Width>(game: &Game<W>, pos: &Position<W>, what: &str) -> Result<(), String> {
    let start = game.start();
    if pos.total_stones() == start.total_stones() {
        return Ok(());
    }
    Err(format!(
        "{what} {}, {} starts with {}",
        stones_in_words(game, pos),
        game.rules().name,
        stones_in_words(game, &start)
    ))
}

/// "7 per pit (42 stones)" for an even board with nothing captured, else
/// "134 stones".
fn stones_in_words<W: Width>(game: &Game<W>, pos: &Position<W>) -> String {
    let pits = &pos.pits[..game.pit_count()];
    let total = pos.total_stones();
    let even =
        pits.iter().all(|&n| n == pits[0]) && u32::from(pits[0]) * pits.len() as u32 == total;
    if even {
        format!("{} per pit ({total} stones)", pits[0])
    } else {
        format!("{total} stones")
    }
}

/// How a refill move (`fill_from choice`) starts: `+c` fills pit `c`.
pub const FILL: char = '+';

/// How a take starts (`extra_chosen`): `-C` empties the opponent's pit
/// `C`.
pub const TAKE: char = '-';

/// Written at the end of a position while its player to move takes the
/// pits a capture earned (`extra_chosen`), before how many are left:
/// `"... south taking 2"`.
pub const TAKING: &str = "taking";

/// Written at the end of a position while the players choose the pits to
/// refill, before the player who starts the round:
/// `"x x x / 7 7 7 south captured 14 0 refilling north"`.
pub const REFILLING: &str = "refilling";

/// Written at the end of a position while the players place their stones
/// (`opening { placement }`), before the stones each still holds (South's,
/// North's): `"0 0 1 / 0 0 0 north placing 2 3"`.
pub const PLACING: &str = "placing";

/// Written after the player to move when they made the last move too (an
/// extra turn), under rules that give the leftovers to the last mover:
/// `"0 0 3 / 1 0 2 south again captured 9 4"`.
pub const AGAIN: &str = "again";

/// How a closed pit is written in place of its count.
pub const CLOSED: &str = "x";

/// Written after a claimed pit's count (alone when it holds nothing) when
/// the pit is the other row's player's: `"9 9 t 9 / 9 9 9 9 south"`,
/// `"4 6t 4 / 4 4 4 south"`.
pub const CLAIMED: &str = "t";

/// Written after a claimed pit's count when the pit is its own row's
/// player's.
pub const CLAIMED_OWN_ROW: &str = "T";

/// Written after [`CLAIMED`] or [`CLAIMED_OWN_ROW`] when the opponent of the
/// pit's owner has ended a move in it once (`tribute_first no`).
pub const VISITED: char = '!';

/// A claimed pit as the notation writes it.
struct ClaimedPit {
    /// What it holds, or why that count cannot be read.
    stones: Result<u8, String>,
    /// Whether it is its own row's player's (`T`).
    own_row: bool,
    /// Whether it carries [`VISITED`].
    visited: bool,
}

/// The stones of a closed pit that holds some (`3x`, under `unfilled
/// reopens`), as written; `None` for any other token.
fn waiting_pit(token: &str) -> Option<&str> {
    token
        .strip_suffix(CLOSED)
        .filter(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()))
}

/// Reads a token as a claimed pit (`t`, `6t`, `T`, `6T!`...), if it is one.
fn claimed_pit(token: &str) -> Option<ClaimedPit> {
    let (token, visited) = match token.strip_suffix(VISITED) {
        Some(rest) => (rest, true),
        None => (token, false),
    };
    let (count, own_row) = match (
        token.strip_suffix(CLAIMED),
        token.strip_suffix(CLAIMED_OWN_ROW),
    ) {
        (Some(count), _) => (count, false),
        (_, Some(count)) => (count, true),
        _ => return None,
    };
    if !count.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let stones = match count {
        "" => Ok(0),
        n => n
            .parse()
            .map_err(|_| format!("pit count `{n}` is larger than 255")),
    };
    Some(ClaimedPit {
        stones,
        own_row,
        visited,
    })
}

/// Written after a pit's count when the pit belongs to the player of the
/// other row (`refill surplus`): `"4 4 4 4 / 4* 4 4 4 south"`.
pub const SWAPPED: char = '*';

/// The player who owns a claimed pit written at `pit` (the other row's
/// player, or its own row's for `T`), when the variant's `claim` rule
/// allows one there given the pits `claimed` so far (owned as `swapped`
/// says): at a place `except` does not name, within `limit`, not at the
/// place of the other's under `mirror forbidden`.
fn claimed_pit_owner<W: Width>(
    game: &Game<W>,
    pit: usize,
    written: &ClaimedPit,
    claimed: W::Set,
    swapped: W::Set,
) -> Result<Player, String> {
    let claim = &game.rules().claim;
    if claim.count.is_none() {
        return Err(format!(
            "`{CLAIMED}` (a claimed pit) is only for variants with `claim`, and {} has none",
            game.rules().name
        ));
    }
    let row_owner = game.topology().owner(pit);
    let owner = if written.own_row {
        row_owner
    } else {
        row_owner.other()
    };
    let per_side = game.pits_per_side();
    let place = pit % per_side;
    if claim.except.contains(&(place as u8 + 1)) {
        return Err(format!(
            "pit `{}` cannot be claimed (`except {}`)",
            game.label(pit),
            place + 1
        ));
    }
    // Under `pair facing` the pit facing a claimed one is its claimer's too.
    let pair = claim.pair == crate::rules::ClaimPair::Facing;
    if claim.of == crate::rules::ClaimOf::Row && owner == row_owner && !pair {
        return Err(format!(
            "pit `{}` cannot be {owner}'s claimed pit: a player claims pits of the opponent's row (`of row`)",
            game.label(pit)
        ));
    }
    if written.visited && (claim.tribute.is_none() || !claim.first_landing_free) {
        return Err(format!(
            "`{VISITED}` (a claimed pit landed in once) is only for variants with `tribute_first no`, and {} has none",
            game.rules().name
        ));
    }
    let owners_of = |p: Player| {
        (0..pit)
            .filter(move |&q| claimed.has(q) && (game.topology().owner(q) != p) == swapped.has(q))
    };
    let partner = game.topology().facing(pit).filter(|_| pair);
    if claim.limit == crate::rules::ClaimLimit::One && owners_of(owner).any(|q| Some(q) != partner)
    {
        return Err(format!(
            "{owner} has claimed a pit already: a player claims at most one (`limit one`)"
        ));
    }
    if claim.mirror == crate::rules::Mirror::Forbidden
        && owners_of(owner.other()).any(|t| t % per_side == place)
    {
        return Err(format!(
            "pit `{}` is at the place of {}'s claimed pit (`mirror forbidden`)",
            game.label(pit),
            owner.other()
        ));
    }
    Ok(owner)
}

/// A pit as the notation and the text board write it: its count, [`CLOSED`]
/// for a closed pit (after its count when it holds stones, under `unfilled
/// reopens`), a claimed pit's count with [`CLAIMED`] or
/// [`CLAIMED_OWN_ROW`] (and [`VISITED`]), a count with [`SWAPPED`] for a pit
/// of the other row's player.
pub fn pit_text<W: Width>(game: &Game<W>, pos: &Position<W>, pit: usize) -> String {
    if pos.is_closed(pit) {
        // Under `unfilled reopens` a closed pit may hold stones.
        match pos.pits[pit] {
            0 => CLOSED.to_string(),
            n => format!("{n}{CLOSED}"),
        }
    } else if pos.is_claimed(pit) {
        let count = match pos.pits[pit] {
            0 => String::new(),
            n => n.to_string(),
        };
        let mark = if game.owner(pos, pit) == game.topology().owner(pit) {
            CLAIMED_OWN_ROW
        } else {
            CLAIMED
        };
        let visited = if pos.visited.has(pit) { "!" } else { "" };
        format!("{count}{mark}{visited}")
    } else if pos.is_swapped(pit) {
        format!("{}{SWAPPED}", pos.pits[pit])
    } else {
        pos.pits[pit].to_string()
    }
}
/// Writes a position in the notation [`parse_position`] reads.
pub fn format_position<W: Width>(pos: &Position<W>, game: &Game<W>) -> String {
    let mut bounds = vec![0];
    bounds.extend(game.topology().row_breaks());
    bounds.push(game.pit_count());
    let rows: Vec<String> = bounds
        .windows(2)
        .map(|row| {
            let counts: Vec<String> = (row[0]..row[1])
                .map(|pit| pit_text(game, pos, pit))
                .collect();
            counts.join(" ")
        })
        .collect();
    let mut out = format!("{} {}", rows.join(" / "), pos.to_move);
    if pos.moved_again {
        out.push_str(&format!(" {AGAIN}"));
    }
    let placing = pos.refilling.is_some() && game.rules().opening.placement.is_some();
    if pos.captured != [0, 0] && !placing {
        out.push_str(&format!(
            " captured {} {}",
            pos.captured[0], pos.captured[1]
        ));
    }
    if pos.removed != 0 {
        out.push_str(&format!(" removed {}", pos.removed));
    }
    match pos.refilling {
        Some(_) if placing => out.push_str(&format!(
            " {PLACING} {} {}",
            pos.captured[0], pos.captured[1]
        )),
        Some(starter) => out.push_str(&format!(" {REFILLING} {starter}")),
        None => {}
    }
    if let Some((word, _)) = VOTES.iter().find(|(_, v)| *v == pos.vote) {
        out.push_str(&format!(" {word}"));
    }
    if pos.to_take != 0 {
        out.push_str(&format!(" {TAKING} {}", pos.to_take));
    }
    out
}

impl<W: Width> Game<W> {
    /// Label of a pit (`a`, `b`, ... for South, `A`, `B`, ... for North).
    pub fn label(&self, pit: usize) -> String {
        pit_label(pit, self.pits_per_side())
    }

    /// How a move is written: the label of its pit (`a`, `B`, ...), with
    /// `:ccw` or `:cw` where the pit may sow either way (a reverse move of
    /// `reverse_to_capture` likewise), `+c` for a refill or a placement,
    /// `-C` for a pit taken after a capture (`extra_chosen`), or `pass`.
    pub fn move_label(&self, mv: Move) -> String {
        if mv == Move::PASS {
            return "pass".to_string();
        }
        if let Some(&(word, _)) = VOTE_MOVES.iter().find(|(_, m)| *m == mv) {
            return word.to_string();
        }
        if let Some(pit) = mv.filled_pit() {
            return format!("{}{}", FILL, self.label(pit));
        }
        if let Some(pit) = mv.taken_pit() {
            return format!("{}{}", TAKE, self.label(pit));
        }
        let pit = usize::from(mv.pit);
        match self.pit_direction(pit) {
            PitDirection::Either => format!("{}:{}", self.label(pit), mv.direction),
            _ if self.is_reverse(mv) => format!("{}:{}", self.label(pit), mv.direction),
            _ => self.label(pit),
        }
    }
}
