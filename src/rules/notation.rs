//! What the language says of the board and of a move that both the rules'
//! sentences and the engine use: the labels of pits and the bound on a
//! move's relay laps. The engine uses them from here.

/// Label of pit `pit` on a board where each player owns `per_side` pits
/// (a row on two rows, two rows on four): South's `a` to `z`, then `aa` to
/// `az`, `ba`, ... (as spreadsheet columns), North's the same in capitals.
pub fn pit_label(pit: usize, per_side: usize) -> String {
    let (base, offset) = if pit < per_side {
        (b'a', pit)
    } else {
        (b'A', pit - per_side)
    };
    let mut letters = Vec::new();
    let mut n = offset + 1;
    while n > 0 {
        n -= 1;
        letters.push(char::from(base + (n % 26) as u8));
        n /= 26;
    }
    letters.iter().rev().collect()
}

/// The pit `label` names on a board where each player owns `per_side`
/// pits, as [`pit_label`] writes it; `None` for anything else.
pub fn parse_pit_label(label: &str, per_side: usize) -> Option<usize> {
    let bytes = label.as_bytes();
    let base = match bytes.first()? {
        b'a'..=b'z' => b'a',
        b'A'..=b'Z' => b'A',
        _ => return None,
    };
    // Two letters name up to 702 pits a side: more than any board holds.
    if bytes.len() > 2 || !bytes.iter().all(|&c| (base..base + 26).contains(&c)) {
        return None;
    }
    let offset = bytes
        .iter()
        .fold(0, |n, &c| n * 26 + usize::from(c - base) + 1)
        - 1;
    let side = if base == b'a' { 0 } else { per_side };
    (offset < per_side).then_some(side + offset)
}

/// Most relay laps one move may sow; the move ends where the last one does.
/// It keeps every move finite: a next-pit relay can cycle for ever (57% of
/// random games of Boukerourou meet one; `sow check --play` counts the
/// cuts). Under `relay_cycle` a cycle ends the game as soon as it is found
/// (Boukerourou's within a few dozen laps), and the bound only cuts a relay
/// that neither stops nor comes back within it (on a large board a cycle
/// can be too long to wait for).
pub const MAX_RELAYS: u32 = 1000;
