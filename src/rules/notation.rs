//! What the language says of the board and of a move that both the rules'
//! sentences and the engine use: the labels of pits and the bound on a
//! move's relay laps. The engine uses them from here.

/// Label of pit `pit` on a board where each player owns `per_side` pits
/// (a row on two rows, two rows on four).
pub fn pit_label(pit: usize, per_side: usize) -> String {
    let (base, offset) = if pit < per_side {
        (b'a', pit)
    } else {
        (b'A', pit - per_side)
    };
    char::from(base + offset as u8).to_string()
}

/// Most relay laps one move may sow; the move ends where the last one does.
/// It keeps every move finite: a next-pit relay can cycle for ever (57% of
/// random games of Boukerourou meet one; `sow check --play` counts the
/// cuts). Under `relay_cycle` a cycle ends the game as soon as it is found
/// (Boukerourou's within a few dozen laps), and the bound only cuts a relay
/// that neither stops nor comes back within it (on a large board a cycle
/// can be too long to wait for).
pub const MAX_RELAYS: u32 = 1000;
