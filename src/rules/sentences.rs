//! What each key says in plain English, for `sow describe`: one function
//! per key, named after it and declared as its [`super::schema::Key`]'s
//! `describe`. A key's sentences may draw on other keys where one sentence
//! states several (the board's size and stores; the pit a player picks and
//! how it sows); a key stated in another's sentence says nothing itself.
//! [`super::describe`] orders them into paragraphs.

use super::model::*;
use crate::engine::{pit_label, MAX_RELAYS};

/// Stated in another key's sentence.
pub(super) fn none(_: &Rules) -> Vec<String> {
    Vec::new()
}

/// The title is the name.
pub(super) fn name(_: &Rules) -> Vec<String> {
    Vec::new()
}

pub(super) fn source(rules: &Rules) -> Vec<String> {
    vec![match &rules.source {
        Some(s) => format!("Source: {s}."),
        None => "No source is given.".to_string(),
    }]
}

/// The board's size and stores in one sentence.
pub(super) fn rows(rules: &Rules) -> Vec<String> {
    let Board {
        rows, pits, stores, ..
    } = &rules.board;
    let stores = match stores {
        Stores::None => "no stores",
        Stores::Sown => "a store for each player at the end of their row: the mover sows into their own store and skips the opponent's, and stones in a store count as captured",
        Stores::SownBoth => "a store for each player at the end of their row: the mover sows into both stores as the sowing passes them, the stones in each store being its owner's, and stones in a store count as captured",
    };
    if *rows == 3 {
        return vec![format!(
            "The board has three rows of {pits} pits, each player owning the row nearest them and the half of the middle row on their right, and {stores}; one circuit goes round the whole board.",
        )];
    }
    if *rows == 4 {
        return vec![format!(
            "The board has four rows of {pits} pit{}, two per player (an outer row and an inner row, which faces the opponent's inner row), and {stores}; each player sows round their own two rows only.",
            plural(u32::from(*pits))
        )];
    }
    vec![format!(
        "The board has {rows} rows of {pits} pit{}, one row per player, and {stores}.",
        plural(u32::from(*pits))
    )]
}

/// Who owns which pits, by label.
pub(super) fn pits(rules: &Rules) -> Vec<String> {
    let per_row = usize::from(rules.board.pits);
    if rules.board.rows == 3 {
        let side = rules.pits_per_side();
        let span = |first: usize, len: usize| {
            format!(
                "{}-{}",
                pit_label(first, side),
                pit_label(first + len - 1, side)
            )
        };
        return vec![format!(
            "South owns the near row ({} from South's left to right) and the east half of the middle row ({}, from the east edge to the centre), and moves first; North owns the far row ({} from North's left to right) and the west half of the middle row ({}, from the west edge to the centre). Counter-clockwise sowing goes round them in that order.",
            span(0, per_row),
            span(per_row, per_row / 2),
            span(side, per_row),
            span(side + per_row, per_row / 2),
        )];
    }
    if rules.board.rows == 4 {
        let side = 2 * per_row;
        let span = |first: usize| {
            format!(
                "{}-{}",
                pit_label(first, side),
                pit_label(first + per_row - 1, side)
            )
        };
        return vec![format!(
            "South owns the two near rows and moves first; North owns the two far rows. Each player's pits are lettered along their own counter-clockwise circuit: the outer row from the owner's left to right ({} for South, {} for North), then the inner row from the owner's right back to left ({} and {}).",
            span(0),
            span(2 * per_row),
            span(per_row),
            span(3 * per_row),
        )];
    }
    vec![format!(
        "South owns the near row (pits {} from South's left to right) and moves first; North owns the far row ({} from North's left to right).",
        range(0, per_row),
        range(per_row, per_row),
    )]
}

pub(super) fn seeds(rules: &Rules) -> Vec<String> {
    let Board { seeds, start, .. } = &rules.board;
    let total = rules.total_stones();
    if start.is_empty() {
        return vec![format!(
            "Each pit starts with {seeds} stone{}: {total} in all.",
            plural(u32::from(*seeds))
        )];
    }
    let per_row = usize::from(rules.board.pits);
    let row = |counts: &[u8]| {
        counts
            .iter()
            .map(u8::to_string)
            .collect::<Vec<_>>()
            .join(" ")
    };
    if rules.board.rows != 2 {
        let side = rules.pits_per_side();
        return vec![format!(
            "The pits start with {} stones on South's side and {} on North's (each in label order, a to {}): {total} in all.",
            row(&start[..side]),
            row(&start[side..]),
            crate::engine::pit_label(side - 1, side),
        )];
    }
    vec![format!(
        "The pits start with {} stones in South's row and {} in North's (each from its owner's left to right): {total} in all.",
        row(&start[..per_row]),
        row(&start[per_row..]),
    )]
}

/// When a pit holding a single stone may be played.
pub(super) fn singletons(rules: &Rules) -> Vec<String> {
    match rules.sowing.singletons {
        Singletons::Never => Vec::new(),
        Singletons::IntoEmpty => vec![format!(
            "A player none of whose pits holds {} or more stones may play a pit holding a single stone, but only when the pit that stone is sown into is empty.",
            rules.sowing.min_stones
        )],
    }
}

/// The pits the game's first move may be played from.
pub(super) fn first_move_from(rules: &Rules) -> Vec<String> {
    let places = &rules.sowing.first_move_from;
    if places.is_empty() {
        return Vec::new();
    }
    let per_side = usize::from(rules.board.rows / 2) * usize::from(rules.board.pits);
    let labels: Vec<String> = places
        .iter()
        .map(|&p| {
            format!(
                "`{}`",
                crate::engine::pit_label(usize::from(p) - 1, per_side)
            )
        })
        .collect();
    let pits = match labels.as_slice() {
        [one] => format!("pit {one}"),
        [init @ .., last] => format!("one of the pits {} or {last}", init.join(", ")),
        [] => unreachable!("checked non-empty"),
    };
    vec![match rules.sowing.first_moves {
        FirstMoves::Game => format!(
            "The game's first move (South's) must be played from {pits}; the moves after it from any pit."
        ),
        FirstMoves::EachPlayer => format!(
            "Each player's first move{} must be played from {pits} (North's from the same places of its own {}); the moves after it from any pit.",
            if rules.rounds.refill.is_some() { " of the match's first round" } else { "" },
            if rules.board.rows == 4 { "two rows" } else { "row" }
        ),
    }]
}

/// `first_move shift`: what a first move does instead of sowing.
pub(super) fn first_move_shift(rules: &Rules) -> Vec<String> {
    if rules.sowing.first_move == FirstMoveKind::Sow {
        return Vec::new();
    }
    let whose = match rules.sowing.first_moves {
        FirstMoves::Game => "The game's first move (South's)",
        FirstMoves::EachPlayer => "Each player's first move",
    };
    vec![format!(
        "{whose} does not sow: it moves all the stones of the pit played into the next pit in its sowing direction (the opponent's first pit from the mover's last), and captures nothing."
    )]
}

/// `opening { shifts_from }`: the shifts of South's first turn and the pit
/// it then sows.
pub(super) fn opening_shifts(rules: &Rules) -> Vec<String> {
    let Some(opening) = rules.opening_shifts() else {
        return Vec::new();
    };
    let Some(sown) = opening.sown() else {
        return Vec::new();
    };
    let side = rules.pits_per_side();
    let shifts: Vec<String> = opening
        .shifts
        .iter()
        .map(|&(from, to)| format!("{} into {}", pit_label(from, side), pit_label(to, side)))
        .collect();
    vec![format!(
        "South's first turn is a prescribed opening: all the stones of one pit go into the next, pit by pit ({}), capturing nothing; South then sows {} as a move. It leaves no choice: the game starts from the position it leaves, with what that sowing captured, and the player it leaves to move (North unless the sowing gives South another turn).",
        shifts.join(", "),
        pit_label(sown, side)
    )]
}

/// The pit a player picks.
pub(super) fn min_stones(rules: &Rules) -> Vec<String> {
    let min_stones = rules.sowing.min_stones;
    let own = if rules.sowing.play_from == PlayFrom::Any {
        "either row (the opponent's too)"
    } else if rules.sowing.play_from == PlayFrom::Opponent {
        "the opponent's row (never their own)"
    } else if rules.board.rows == 4 {
        "their own two rows"
    } else if rules.board.rows == 3 {
        "their own row and half-row"
    } else {
        "their own row"
    };
    let pick = if min_stones <= 1 {
        format!("any pit of {own} that is not empty")
    } else if rules.sowing.singletons != Singletons::Never {
        format!("a pit of {own} holding at least {min_stones} stones (single stones only as the restrictions say)")
    } else {
        format!("a pit of {own} holding at least {min_stones} stones (pits with fewer can never be played)")
    };
    vec![format!("On their turn a player picks {pick}.")]
}

pub(super) fn direction(rules: &Rules) -> Vec<String> {
    let direction = &rules.sowing.direction;
    // The order round one circuit: the board on two rows, South's side on
    // four (North's goes round theirs alike).
    let per_side = rules.pits_per_side();
    let circuit = if rules.board.rows == 4 {
        per_side
    } else {
        rules.pit_count()
    };
    let ccw_order: Vec<String> = (0..circuit).map(|p| pit_label(p, per_side)).collect();
    let cw_order: Vec<String> = (0..circuit)
        .map(|k| pit_label((circuit - k) % circuit, per_side))
        .collect();
    let uniform = direction.iter().all(|d| Some(d) == direction.first());
    if rules.board.rows == 4 && uniform && direction.first() == Some(&PitDirection::Either) {
        // The cw order from `a` is `a p o ...`: from the other end of a row.
        return vec![format!(
            "They lift all its stones and sow them one by one round their own two rows only, either way as the mover chooses for the move: counter-clockwise, South in the order {} ..., or clockwise, in the order {} ... (North likewise in capitals); a move is written with its direction (`i:ccw`, `i:cw`); stones reach the opponent's side only by capture.",
            ccw_order.join(" "),
            cw_order.join(" ")
        )];
    }
    if rules.board.rows == 4 && uniform {
        let (way, order) = match direction.first() {
            Some(PitDirection::Cw) => ("clockwise", cw_order),
            _ => ("counter-clockwise", ccw_order),
        };
        return vec![format!(
            "They lift all its stones and sow them one by one {way} round their own two rows only, South in the order {} ... (North likewise in capitals); stones reach the opponent's side only by capture.",
            order.join(" ")
        )];
    }
    vec![match (uniform, direction.first()) {
        (true, Some(PitDirection::Ccw)) => format!(
            "They lift all its stones and sow them one by one counter-clockwise, in the order {} ...",
            ccw_order.join(" ")
        ),
        (true, Some(PitDirection::Cw)) => format!(
            "They lift all its stones and sow them one by one clockwise, in the order {} ...",
            cw_order.join(" ")
        ),
        _ => {
            let per_pit: Vec<String> = direction
                .iter()
                .enumerate()
                .map(|(i, d)| {
                    let how = match d {
                        PitDirection::Ccw => "counter-clockwise",
                        PitDirection::Cw => "clockwise",
                        PitDirection::Either => "either way, as the mover chooses",
                    };
                    format!("the {} pit from the owner's left sows {how}", ordinal(i + 1))
                })
                .collect();
            format!(
                "They lift all its stones and sow them one by one in the pit's direction: {}. Counter-clockwise is the order {} ..., clockwise the reverse; a move from a pit that sows either way is written with its direction, like b:ccw or b:cw.",
                per_pit.join(", "),
                ccw_order.join(" ")
            )
        }
    }]
}

pub(super) fn start(rules: &Rules) -> Vec<String> {
    vec![match rules.sowing.start {
        SowStart::Origin => "The first stone goes back into the emptied pit, the others into the pits that follow it.".into(),
        SowStart::Next => "The first stone goes into the pit after the emptied one.".into(),
        SowStart::OriginUnlessSingle => "The first stone goes back into the emptied pit, the others into the pits that follow it; a single stone goes into the pit after the emptied one.".into(),
    }]
}

/// With the number of stones a sowing needs to come back round.
pub(super) fn skip_origin(rules: &Rules) -> Vec<String> {
    // Slots a sowing passes in one round: the pits, and the mover's store.
    let circuit = if rules.board.rows == 4 {
        rules.pits_per_side()
    } else {
        rules.pit_count()
    };
    let slots = circuit
        + match rules.board.stores {
            Stores::None => 0,
            Stores::Sown => 1,
            Stores::SownBoth => 2,
        };
    let lap = match rules.sowing.start {
        SowStart::Origin | SowStart::OriginUnlessSingle => slots + 1,
        SowStart::Next => slots,
    };
    vec![if rules.sowing.skip_origin {
        format!("A sowing of {lap} or more stones, which goes all the way round, leaves out the emptied pit.")
    } else {
        format!("A sowing of {lap} or more stones goes all the way round and drops into the emptied pit too.")
    }]
}

pub(super) fn laps(rules: &Rules) -> Vec<String> {
    let store = match rules.board.stores {
        Stores::None => "",
        Stores::Sown => " or in the store",
        Stores::SownBoth => " or in either store",
    };
    let bound = format!(" (or after {MAX_RELAYS} laps, a bound of ours)");
    vec![match rules.sowing.laps {
        Laps::Single => "The move ends when the hand is empty: there is no relay sowing.".into(),
        Laps::Relay => format!("When the last stone lands in a pit that already held stones, the mover lifts that pit's stones and sows them on the same way (relay sowing); the move ends when a lap ends in an empty pit{store}{bound}."),
        Laps::RelayUntilCapture => format!("When the last stone lands in a pit that already held stones, the mover lifts that pit's stones and sows them on the same way (relay sowing), unless a capture rule on the last pit takes that pit: the move then ends there with the capture; the move also ends when a lap ends in an empty pit{store}{bound}."),
        Laps::NextRelay => format!("When the last stone lands in an empty pit, the mover lifts the stones of the pit after it, if any, and sows them on the same way; the move ends when that pit is empty{bound}."),
        Laps::NextAlways => format!("Wherever the last stone lands, the mover lifts the stones of the pit after it, if any, and sows them on the same way; the move ends when that pit is empty{bound}."),
        Laps::NextAfterOccupied => format!("When the last stone lands in a pit that already held stones, the mover lifts the stones of the pit after it, if any, and sows them on the same way; the move ends when that pit is empty, or when a lap ends in an empty pit{bound}."),
        Laps::RelayUntilCaptureUnlessNextEmpty => format!("When the last stone lands in a pit that already held stones and the pit after it (in the sowing direction) holds stones too, the mover lifts the landing pit's stones and sows them on the same way (relay sowing), unless a capture rule on the last pit takes that pit: the move then ends there with the capture; the move also ends when a lap ends in an empty pit{store}, or in a pit whose next pit is empty{bound}."),
        Laps::RelayUnlessNextEmpty => format!("When the last stone lands in a pit that already held stones and the pit after it (in the sowing direction) holds stones too, the mover lifts the landing pit's stones and sows them on the same way (relay sowing); the move ends when a lap ends in an empty pit{store}, or in a pit whose next pit is empty{bound}."),
    }]
}

pub(super) fn extra_turn(rules: &Rules) -> Vec<String> {
    vec![match rules.sowing.extra_turn {
        ExtraTurn::Never => "Then the other player moves.".into(),
        ExtraTurn::Store => "If the last stone lands in the mover's own store, the mover moves again; otherwise the other player moves.".into(),
        ExtraTurn::Capture => "If the move captured, the mover moves again; otherwise the other player moves.".into(),
    }]
}

/// The capture itself: counts, side and what is taken, in one sentence.
pub(super) fn counts(rules: &Rules) -> Vec<String> {
    let Some(capture) = super::schema::rule(rules) else {
        return Vec::new();
    };
    let taken: String = match capture.take {
        Take::Last => "the mover captures its stones".into(),
        Take::LastAndOpposite => "the mover captures its stones together with those of the pit facing it, provided the facing pit holds stones (otherwise nothing is captured)".into(),
        Take::LastAndOppositeEvenEmpty => "the mover captures its stones together with those of the pit facing it, even when the facing pit is empty".into(),
        Take::Opposite => "the mover captures the stones of the pit facing it, if it holds any (the last stone stays)".into(),
        Take::OppositeAndBehind => "the mover captures the stones of the pit facing it (the opponent's inner pit in the same column), if it holds any, and those of the opponent's outer pit behind it (the last stone stays)".into(),
        Take::BehindPastEmpty => "and the pit facing it (the opponent's inner pit in the same column) is empty, the mover captures the stones of the opponent's outer pit behind that one, if it holds any (the last stone stays)".into(),
        Take::OppositeAndBehindBoth => "the mover captures the stones of the pit facing it (the opponent's inner pit in the same column) and of the opponent's outer pit behind it, provided both hold stones (the last stone stays)".into(),
        Take::Next => "the mover captures the stones of the pit after it in the sowing direction, if it holds any (the last stone stays)".into(),
        Take::TwoOut if capture.chain == Chain::None => "and the pit after it (in the sowing direction) is empty, the mover captures the stones of the pit after that one, if it holds any (the last stone stays)".into(),
        Take::TwoOut => "and the pit after it (in the sowing direction) is empty, the mover captures the stones of the pit after that one, if it holds any (the last stone stays); then, while the next pit is empty and the one after it holds stones, those too (an alternating chain that stops at two empty or two occupied pits in a row, and never comes back to the last pit)".into(),
        Take::Neighbours => format!(
            "the mover captures its stones, and those of each pit next to it in the same row (one on each side) that also holds {} and lies {}",
            capture_counts(capture),
            capture_row(capture.side)
        ),
    };
    let (condition, row) = (pit_condition(capture), capture_row(capture.side));
    vec![match capture.on {
        Trigger::LastPit => format!(
            "If the pit that got the last stone {condition} and lies {row}, {taken}."
        ),
        Trigger::EveryPit if capture.last_stone == LastStone::Lifted => format!(
            "During the sowing, as each stone but a lap's last is dropped: if the pit it fell into {condition} and lies {row}, its stones are captured there and then, and the sowing goes on."
        ),
        Trigger::EveryPit => format!(
            "During the sowing, as each stone is dropped: if the pit it fell into {condition} and lies {row}, its stones are captured there and then, and the sowing goes on (a pit the last stone fills so is taken too, which ends the move)."
        ),
        Trigger::RelayLanding if capture.take != Take::Last => format!(
            "When a lap ends in a pit that already held stones and that pit {condition} and lies {row}, {taken}, instead of lifting the landing pit for the relay; if nothing is captured, the relay goes on."
        ),
        Trigger::RelayLanding => format!(
            "When a lap ends in a pit that already held stones and that pit {condition} and lies {row}, its stones are captured instead of being lifted for the relay."
        ),
        Trigger::Sweep => format!(
            "When the sowing is over (and after any capture at the last pit), every pit {row} that {condition} is captured, whether the move sowed into it or not."
        ),
    }]
}

/// What a pit must hold to be captured, after "the pit ...": `now holds
/// exactly 2 or 3 stones`, `was empty before the stone fell in`, ... (a
/// sweep's pit: `holds ...`).
fn pit_condition(capture: &CaptureRule) -> String {
    let stones = if capture.counts == [1] {
        "stone"
    } else {
        "stones"
    };
    let holds = match capture.on {
        Trigger::Sweep => "holds",
        _ => "now holds",
    };
    // "exactly 2 or 3", but "2 to 47" for a run.
    let counts = (!capture.counts.is_empty()).then(|| {
        let counts = capture_counts(capture);
        let exactly = if counts.contains(" to ") {
            ""
        } else {
            "exactly "
        };
        format!("{holds} {exactly}{counts} {stones}")
    });
    let before = match capture.before {
        Before::Any => None,
        Before::Empty => Some("was empty before the stone fell in"),
        Before::Occupied => Some("already held stones before the stone fell in"),
    };
    match (counts, before) {
        (Some(counts), Some(before)) => format!("{before} and {counts}"),
        (Some(counts), None) => counts,
        (None, Some(before)) => before.to_string(),
        (None, None) => format!("{holds} stones"),
    }
}

/// What a relay-landing capture leaves the move to do.
pub(super) fn then(rules: &Rules) -> Vec<String> {
    match super::schema::rule(rules) {
        Some(capture) if capture.on == Trigger::RelayLanding || capture.then.resows() => vec![match capture.then {
            AfterCapture::Stops => "The move ends with that capture.".into(),
            AfterCapture::SowsOn => "The move then goes on: the mover lifts the stones of the pit after the captured one and sows them on the same way; the move ends if that pit is empty.".into(),
            AfterCapture::Resows => "The captured stones are not kept: the mover sows them on round their own pits from the pit after the landing pit (which keeps its stones), and the move goes on from where they end like any lap.".into(),
            AfterCapture::ResowsFromLapStart => "The captured stones are not kept: the mover sows them on round their own pits from the first pit the capturing lap sowed into (the pit after the one it was lifted from), and the move goes on from where they end like any lap.".into(),
            AfterCapture::ResowsFromEnd => "The captured stones are not kept: the mover sows them on round their own pits from an end pit of their inner row, which gets the first stone: the end nearer the landing pit when it is one of the two pits at either end of the row, otherwise the end from which the move goes on the way it was going; the move then goes on that way from where they end, like any lap.".into(),
        }],
        _ => Vec::new(),
    }
}

pub(super) fn chain(rules: &Rules) -> Vec<String> {
    let Some(capture) = super::schema::rule(rules).filter(|c| {
        matches!(c.take, Take::Last | Take::LastAndOppositeEvenEmpty) && c.on != Trigger::Sweep
    }) else {
        return Vec::new();
    };
    if capture.take != Take::Last && capture.chain == Chain::None {
        return Vec::new();
    }
    let (counts, row) = (capture_counts(capture), capture_row(capture.side));
    let facing = if capture.take == Take::Last {
        ""
    } else {
        " with the pit facing it"
    };
    vec![match capture.chain {
        Chain::None => "Only that pit is captured: there is no chain.".into(),
        Chain::Backward => format!(
            "Then the pit before it (against the sowing direction) is examined, and so on backward: each that holds {counts} and lies {row} is captured too{facing}; the chain stops at the first pit that does not, and never takes a pit twice."
        ),
        Chain::Forward => format!(
            "Then the pit after it (in the sowing direction) is examined, and so on forward: each that holds {counts} and lies {row} is captured too{facing}; the chain stops at the first pit that does not, and never takes a pit twice."
        ),
    }]
}

pub(super) fn goes_to(rules: &Rules) -> Vec<String> {
    let Some(capture) = super::schema::rule(rules).filter(|c| !c.then.resows()) else {
        return Vec::new();
    };
    vec![match capture.goes_to {
        CaptureDestination::Mover => "Captured stones count for the mover.".into(),
        CaptureDestination::RowOwner => {
            "Captured stones count not for the mover but for the owner of the row they were taken from."
                .into()
        }
        CaptureDestination::OutOfPlay => {
            "Captured stones are taken out of play: they count for nobody.".into()
        }
        CaptureDestination::Opponent => {
            "Captured stones count not for the mover but for the mover's opponent.".into()
        }
        CaptureDestination::Owner => {
            "Captured stones count not for the mover but for the player who owns the pit they were taken from (its row's player, or the player it went to when pits changed hands).".into()
        }
    }]
}

/// Where an `on every_pit` rule sends the stones of a lap's last pit.
pub(super) fn last_goes_to(rules: &Rules) -> Vec<String> {
    let Some(to) = super::schema::rule(rules).and_then(|c| c.last_goes_to) else {
        return Vec::new();
    };
    let whom = match to {
        CaptureDestination::Mover => "count for the mover",
        CaptureDestination::RowOwner => "count for the owner of the row the pit is in",
        CaptureDestination::OutOfPlay => "are taken out of play",
        CaptureDestination::Opponent => "count for the mover's opponent",
        CaptureDestination::Owner => "count for the player who owns the pit",
    };
    vec![format!(
        "But when the pit is the one a lap's last stone falls in, its stones {whom}; the lap then ends in an empty pit."
    )]
}

pub(super) fn first_move(rules: &Rules) -> Vec<String> {
    let Some(capture) = super::schema::rule(rules) else {
        return Vec::new();
    };
    // At a relay landing the pit the rule would take is lifted and sown on.
    let stays = if capture.on == Trigger::RelayLanding {
        "a lap ending in a pit it would take relays as any other"
    } else {
        "what it would take stays on the board"
    };
    if rules.sowing.first_move == FirstMoveKind::Shift {
        // Said by `first_move shift`: a shift captures nothing.
        return Vec::new();
    }
    vec![match capture.first_move {
        FirstMove::Normal => "The game's first move captures like any other.".into(),
        FirstMove::NoCapture if rules.sowing.first_moves == FirstMoves::EachPlayer => {
            format!("Each player's first move captures nothing: {stays}.")
        }
        FirstMove::NoCapture => {
            format!("The game's very first move captures nothing: {stays}.")
        }
    }]
}

/// The counts a facing pit must hold to be taken, when the rule says.
pub(super) fn facing_counts(rules: &Rules) -> Vec<String> {
    match super::schema::rule(rules) {
        Some(capture) if !capture.facing_counts.is_empty() => {
            let stones = if capture.facing_counts == [1] {
                "stone"
            } else {
                "stones"
            };
            vec![format!(
                "The facing pit is taken only when it holds exactly {} {stones}; otherwise nothing is captured.",
                or_list(capture.facing_counts.iter().map(u8::to_string))
            )]
        }
        _ => Vec::new(),
    }
}

/// `2`, `2 or 3`, `2, 4 or 6`; a run of more than three counts in a row
/// is `2 to 47`.
fn capture_counts(capture: &CaptureRule) -> String {
    let counts = &capture.counts;
    let run = counts.windows(2).all(|w| w[1] == w[0] + 1);
    match counts.as_slice() {
        [first, .., last] if run && counts.len() > 3 => format!("{first} to {last}"),
        _ => or_list(counts.iter().map(u8::to_string)),
    }
}

fn capture_row(side: CaptureSide) -> &'static str {
    match side {
        CaptureSide::Any => "on either row",
        CaptureSide::Own => "in the mover's own row",
        CaptureSide::Opponent => "in the opponent's row",
        CaptureSide::OwnInner => "in the mover's inner row",
        CaptureSide::OpponentAndOwnRightmost => {
            "in the opponent's row or is the mover's own rightmost pit"
        }
    }
}

pub(super) fn feeding_when(rules: &Rules) -> Vec<String> {
    let min_stones = rules.sowing.min_stones;
    let trigger = match rules.feeding.when {
        FeedWhen::Never => return vec!["A player never has to give the opponent stones.".into()],
        FeedWhen::RowEmpty => "When the opponent's row is empty".to_string(),
        FeedWhen::Always => "At every move".to_string(),
        FeedWhen::CannotMove => format!(
            "When the opponent cannot move (no pit of theirs holds {min_stones} or more stones)"
        ),
    };
    let requirement = match rules.feeding.gives {
        FeedGives::Stone if rules.feeding.when == FeedWhen::RowEmpty => {
            "leaves at least one stone in it".to_string()
        }
        FeedGives::Stone if rules.feeding.when == FeedWhen::Always => {
            "leaves at least one stone in the opponent's row".to_string()
        }
        FeedGives::Stone => {
            "leaves at least one stone in their row (even if they still cannot move)".to_string()
        }
        FeedGives::Move if rules.feeding.when == FeedWhen::CannotMove => {
            "leaves them such a pit".to_string()
        }
        FeedGives::Move => format!("leaves them a pit of {min_stones} or more stones"),
        FeedGives::Reach => {
            "sows at least one stone into their row (whatever a capture then takes)".to_string()
        }
    };
    vec![format!(
        "{trigger}, the mover must play a move that {requirement}, if any move does."
    )]
}

pub(super) fn otherwise(rules: &Rules) -> Vec<String> {
    if rules.feeding.when == FeedWhen::Never {
        return Vec::new();
    }
    vec![match rules.feeding.otherwise {
        FeedFallback::PlayAny => "If no move can do that, any move may be played.".into(),
        FeedFallback::EndGame => "If no move can do that, the game ends at once.".into(),
    }]
}

pub(super) fn grand_slam(rules: &Rules) -> Vec<String> {
    if !rules.has_captures() {
        return Vec::new();
    }
    let what = "A move that captures stones from the opponent's row and leaves that row empty (a grand slam)";
    vec![match rules.grand_slam {
        GrandSlam::Allowed => format!("{what} is allowed and captures as usual."),
        GrandSlam::Forbidden => format!("{what} may not be played."),
        GrandSlam::OnlyMoveNoCapture => format!(
            "{what} may not be played unless the mover has no other move; then it is played but captures nothing."
        ),
        GrandSlam::NoCapture => format!("{what} may be played, but captures nothing."),
    }]
}

pub(super) fn end_when(rules: &Rules) -> Vec<String> {
    let when = &rules.end.when;
    let mut out = vec![if when.contains(&EndWhen::NeitherCanMove) {
        "A player who cannot move passes; the game ends when neither player can move.".to_string()
    } else {
        "The game ends when the player to move has no legal move.".to_string()
    }];
    for condition in when {
        match condition {
            EndWhen::NoLegalMove | EndWhen::NeitherCanMove => {}
            EndWhen::CapturedMajority => out.push(
                "It also ends as soon as a player has captured more than half of the stones."
                    .into(),
            ),
            EndWhen::RowEmpty => {
                out.push("It also ends as soon as a row is empty, whoever is to move.".into())
            }
            EndWhen::AllPitsAtMostOne => {
                out.push("It also ends when no pit holds more than one stone.".into())
            }
            EndWhen::StonesLeft => out.push(format!(
                "It also ends as soon as at most {} left on the board.",
                stones_phrase(rules.end.stones_left_at_most.unwrap_or(0))
            )),
            EndWhen::ScoreReached => out.push(format!(
                "It also ends as soon as a player has captured at least {} stones.",
                rules.end.score_at_least.unwrap_or(0)
            )),
            EndWhen::RelayCycle => out.push(
                "It also ends when a relay comes back to a board and pit it had already reached in the same move (it would go on for ever); the board is left as it was then."
                    .into(),
            ),
            EndWhen::InnerRowEmpty => out.push(
                "It also ends as soon as a player's inner row is empty, whoever is to move."
                    .into(),
            ),
        }
    }
    out
}

pub(super) fn end_test(rules: &Rules) -> Vec<String> {
    match rules.end.test_after {
        EndTest::Move => Vec::new(),
        EndTest::Lap => vec![
            "These end conditions are also tested after each relay lap: a lap that leaves one holding stops the move there, without capture."
                .into(),
        ],
    }
}

/// Who gets the stones left (for each way of ending scored otherwise, a
/// sentence of its own), and who wins.
pub(super) fn leftovers(rules: &Rules) -> Vec<String> {
    let mut out = vec![format!(
        "When it ends, {}.",
        leftovers_words(rules.end.leftovers)
    )];
    for (way, leftovers) in rules.end.scoring.ways() {
        if super::schema::way_in_force(rules, way).is_ok() && leftovers != rules.end.leftovers {
            let words = match (way, leftovers_words(leftovers)) {
                // An empty inner row ends it: the row looked at is the inner row.
                ("inner_row_empty", words) => words
                    .replace("whose row", "whose inner row")
                    .replace("both rows", "both inner rows"),
                (_, words) => words.to_string(),
            };
            out.push(format!(
                "But when it ends because {}, {words}.",
                way_words(way)
            ));
        }
    }
    out.push("The higher total of captures and leftovers wins; equal totals are a draw.".into());
    out
}

/// With who gets the stones left after a repetition.
pub(super) fn repetition(rules: &Rules) -> Vec<String> {
    vec![match rules.end.repetition {
        Repetition::Ignore => "A repeated position does not end the game: only a simulator's ply cap stops an endless game.".into(),
        Repetition::EndGame if rules.end.repetition_leftovers == Leftovers::Draw => {
            "If a position (the board and the player to move) repeats, the game ends in a draw, whatever was captured.".into()
        }
        Repetition::EndGame => format!(
            "If a position (the board and the player to move) repeats, the game ends and {}.",
            leftovers_words(rules.end.repetition_leftovers)
        ),
        Repetition::Agree if rules.end.repetition_leftovers == Leftovers::Draw => {
            "If a position (the board and the player to move) repeats, its player to move may propose to end the game (`propose`) instead of moving; if the opponent accepts (`accept`), the game ends in a draw, whatever was captured; if they refuse (`refuse`), the proposer sows as they would have, and the game goes on (a later repeated position may bring another proposal).".into()
        }
        Repetition::Agree => format!(
            "If a position (the board and the player to move) repeats, its player to move may propose to end the game (`propose`) instead of moving; if the opponent accepts (`accept`), the game ends and {}; if they refuse (`refuse`), the proposer sows as they would have, and the game goes on (a later repeated position may bring another proposal).",
            leftovers_words(rules.end.repetition_leftovers)
        ),
    }]
}

/// A way of ending ([`EndScoring::ways`]) in words.
fn way_words(way: &str) -> &'static str {
    match way {
        "feeding_impossible" => "the mover must feed and cannot",
        "captured_majority" => "a player has captured more than half of the stones",
        "row_empty" => "a row is empty",
        "all_pits_at_most_one" => "no pit holds more than one stone",
        "stones_left" => "few stones are left on the board",
        "score_reached" => "a player's captures reach the threshold",
        "relay_cycle" => "a relay comes back to a lap state of the same move",
        "inner_row_empty" => "a player's inner row is empty",
        _ => "the player to move has no legal move",
    }
}

fn leftovers_words(leftovers: Leftovers) -> &'static str {
    match leftovers {
        Leftovers::RowOwner => {
            "each player adds the stones left in their own row to their captures"
        }
        Leftovers::PlayerToMove => "the player to move takes all the stones left on the board",
        Leftovers::Unscored => "the stones left on the board count for nobody",
        Leftovers::Draw => "the game is a draw, whatever was captured",
        Leftovers::LastMover => "the player who made the last move takes all the stones left on the board",
        Leftovers::AbleToMove => "the player who can still move takes all the stones left on the board (a draw if neither can; each their own row if both can)",
        Leftovers::Divided => "the stones left on the board are divided equally (an odd stone counts for nobody)",
        Leftovers::EmptyRowWins => "the player whose row is empty wins, whatever was captured (a draw if both rows or neither is)",
        Leftovers::EmptyRowLoses => "the player whose row is empty loses, whatever was captured (a draw if both rows or neither is)",
    }
}

/// `first`, `second`, ... (rows have at most 15 pits).
fn ordinal(n: usize) -> String {
    const WORDS: [&str; 15] = [
        "first",
        "second",
        "third",
        "fourth",
        "fifth",
        "sixth",
        "seventh",
        "eighth",
        "ninth",
        "tenth",
        "eleventh",
        "twelfth",
        "thirteenth",
        "fourteenth",
        "fifteenth",
    ];
    WORDS
        .get(n.wrapping_sub(1))
        .map_or_else(|| format!("{n}th"), |w| (*w).to_string())
}

fn plural(n: u32) -> &'static str {
    if n == 1 {
        ""
    } else {
        "s"
    }
}

/// `a-c`: the labels of one row, from absolute index `first`.
fn range(first: usize, per_row: usize) -> String {
    if per_row == 1 {
        pit_label(first, per_row)
    } else {
        format!(
            "{}-{}",
            pit_label(first, per_row),
            pit_label(first + per_row - 1, per_row)
        )
    }
}

/// `2`, `2 or 3`, `2, 4 or 6`.
fn or_list(items: impl Iterator<Item = String>) -> String {
    let items: Vec<String> = items.collect();
    match items.split_last() {
        None => String::new(),
        Some((last, [])) => last.clone(),
        Some((last, rest)) => format!("{} or {last}", rest.join(", ")),
    }
}

/// `1 stone is`, `4 stones are`.
fn stones_phrase(n: u8) -> String {
    if n == 1 {
        "1 stone is".to_string()
    } else {
        format!("{n} stones are")
    }
}

/// The rounds rule, for the whole `rounds` section (nothing for a game of
/// one round).
pub(super) fn rounds(rules: &Rules) -> Vec<String> {
    let rounds = &rules.rounds;
    let Some(refill) = rounds.refill else {
        return Vec::new();
    };
    let seeds = rules.board.seeds;
    let from = match rounds.fill_from {
        FillFrom::Left => "from their left",
        FillFrom::Right => "from their right",
        FillFrom::Choice => "in pits they choose (a player who cannot fill every pit names the pits, one move each, from their left, the player who starts the next round first)",
    };
    let starter = match rounds.next_start {
        NextStart::Loser => "the player who scored less in the round starts the next one (on equal scores, the one who did not start it)",
        NextStart::Winner => "the player who scored more in the round starts the next one (on equal scores, the one who did not start it)",
        NextStart::Alternate => "the player who did not start the round starts the next one",
    };
    let end = match rounds.match_end {
        MatchEnd::CannotFillOne => format!("The match ends when a round ends and a player cannot fill a single pit with {seeds}; the other player wins it."),
        MatchEnd::NoStones => "The match ends when a round ends and a player scored nothing in it; the other player wins it.".to_string(),
        MatchEnd::NoPit => "The match ends when a round ends and the refill leaves a player no open pit of their own; the other player wins it.".to_string(),
    };
    let odd = match rounds.odd_pit {
        OddPit::Larger => format!("When the two players' remainders make up {seeds} together, the larger remainder fills one more pit, the first left in the other's row, topped up from the smaller (on equal remainders, that row's player fills it). "),
        OddPit::LargerUnequal => format!("When the two players' remainders make up {seeds} together, the larger remainder fills one more pit, the first left in the other's row, topped up from the smaller; on equal remainders nobody fills it. "),
        OddPit::Nobody => "A remainder fills no pit, whatever the other's. ".to_string(),
    };
    let refilled = match refill {
        Refill::Captures if rounds.unfilled == Unfilled::Reopens => format!("each player refills their own pits from what they scored in it, {seeds} to a pit, {from}, and the stones left over stay theirs into the next round"),
        Refill::Captures => format!("each player refills their own pits from what they scored in it, {seeds} to a pit, {from}; a pit they cannot fill is closed for the next round (sowing passes over it, it cannot be played and nothing is captured from it), and the stones left over stay theirs into the next round"),
        Refill::Surplus => format!("each player is owed a pit for every {seeds} stones they scored in it and fills that many of their own pits, {seeds} to a pit, {from}. The player who scored more also fills the pits of the other's row left over: those pits become theirs, to play from and to take the stones of when a round ends, as if in their own row (for captures, feeding and a row being empty the rows stay as they are). {odd}A pit nobody fills is closed, and what is left over stays its player's into the next round"),
    };
    let remainder = match (rounds.remainder, rounds.unfilled) {
        (Remainder::Kept, _) => "",
        (Remainder::NextPit, Unfilled::Closed) => " A player who cannot fill every pit puts the stones left over in the next pit they would fill, which is open for the round with fewer than a full pit's stones.",
        (Remainder::NextPit, Unfilled::Reopens) => " A player who cannot fill every pit puts the stones left over in the next pit they would fill.",
    };
    let unfilled = match rounds.unfilled {
        Unfilled::Closed => String::new(),
        Unfilled::Reopens => format!(" A pit its owner could not fill (or filled with fewer than {seeds}) is waiting: sowing drops stones into it as into any pit, but it cannot be played and nothing is captured from it until it holds {seeds} or more after a move; it is then open for the rest of the round."),
    };
    vec![
        format!(
            "The game is a match of rounds. When a round ends, {refilled}; {starter}.{remainder}{unfilled}"
        ),
        end,
    ]
}

/// The claim rule: one paragraph for the whole `claim` section (nothing
/// when no pit is ever claimed).
pub(super) fn claim(rules: &Rules) -> Vec<String> {
    let claim = &rules.claim;
    let Some(count) = claim.count else {
        return Vec::new();
    };
    let whose = match claim.of {
        ClaimOf::Row => "a pit of the opponent's row",
        ClaimOf::Owned => "a pit the opponent owns",
    };
    let last = match rules.sowing.laps {
        Laps::Single => "A move whose last stone",
        _ => "A lap whose last stone",
    };
    let limit = match claim.limit {
        ClaimLimit::One => ", if the mover has claimed none yet",
        ClaimLimit::None => "",
    };
    let except = match claim.except.as_slice() {
        [] => String::new(),
        places => format!(
            ", not at place {} of its row (counted from its owner's left)",
            or_list(places.iter().map(u8::to_string))
        ),
    };
    let mirror = match (claim.mirror, claim.limit) {
        (Mirror::Allowed, _) => "",
        (Mirror::Forbidden, ClaimLimit::One) => {
            ", nor at the place (from its owner's left) of the pit the opponent claimed"
        }
        (Mirror::Forbidden, ClaimLimit::None) => {
            ", nor at the place (from its owner's left) of a pit the opponent claimed"
        }
    };
    let relay = match (rules.sowing.laps, claim.by) {
        (Laps::Single, _) => "",
        (_, ClaimBy::EmptyFacing) => " A lap that ends in a claimed pit ends the move: nothing is relayed from a claimed pit.",
        _ => " The move ends there, and a lap that ends in a claimed pit ends the move too: nothing is relayed from a claimed pit.",
    };
    let stones = match claim.stones {
        ClaimStones::ToOwner => "The mover captures its stones, and the pit becomes the mover's store for the rest of the game: every stone sown into it goes to its owner, and it is never played or captured from.",
        ClaimStones::Kept if claim.pair == ClaimPair::Facing => "The pits become the mover's, stones and all: they are never played or captured from, the stones sown into them stay there, and when the game or round ends they are their owner's.",
        ClaimStones::Kept => "The pit becomes the mover's, stones and all: it is never played or captured from, the stones sown into it stay there, and when the game or round ends they are its owner's.",
    };
    let pair = match claim.pair {
        ClaimPair::One => "",
        ClaimPair::Facing => " The pit facing it is claimed with it (unless already claimed), and both are the mover's.",
    };
    let mut text = match claim.by {
        ClaimBy::Landing => format!("{last} makes {count} in {whose} claims that pit, if no capture took it{limit}{except}{mirror}.{pair}{relay} {stones}"),
        ClaimBy::EmptyFacing => format!("A move whose last stone falls into an empty pit of the mover's row, facing {whose} that holds {count}, moves one stone of that pit into the landing pit and claims that pit{limit}{except}{mirror}; the capture rules come after and take nothing from a claimed pit.{pair}{relay} {stones}"),
    };

    if let Some(tribute) = claim.tribute {
        let stones = if tribute == 1 {
            "one stone (the last stone itself if the pit held none)".to_string()
        } else {
            format!("{tribute} stones (the last stone among them; what it holds if fewer)")
        };
        let first = if claim.first_landing_free {
            " except the first time that player's last stone falls into that pit, when nothing happens,"
        } else {
            ""
        };
        let then = match claim.tribute_then {
            TributeThen::End => "the turn ends",
            TributeThen::Again => "the mover moves again, from any pit of theirs",
        };
        text.push_str(&format!(" A move whose last stone falls into the opponent's claimed pit takes {stones} from it for the mover,{first} and {then}."));
    }
    vec![text]
}

/// A sweep that follows only a capture by an earlier rule.
pub(super) fn requires(rules: &Rules) -> Vec<String> {
    match super::schema::rule(rules) {
        Some(capture) if capture.requires == Requires::Capture => vec![
            "This sweep happens only after a move in which an earlier rule has captured.".into(),
        ],
        Some(capture) if capture.requires == Requires::FirstLap => vec![
            "The rule captures in a move's later laps only when the move's first lap ended in a capture: a move that does not capture at once captures nothing.".into(),
        ],
        _ => Vec::new(),
    }
}

/// The board a sweep waits for, when the rule says.
pub(super) fn board_at_most(rules: &Rules) -> Vec<String> {
    match super::schema::rule(rules).and_then(|c| c.board_at_most) {
        Some(n) => vec![format!(
            "This sweep happens only when at most {} left on the board after the sowing and the captures before it.",
            stones_phrase(n)
        )],
        None => Vec::new(),
    }
}

/// `last_stone lifted`: an in-sowing rule leaves a lap's last pit alone.
pub(super) fn last_stone(rules: &Rules) -> Vec<String> {
    match super::schema::rule(rules).map(|c| c.last_stone) {
        Some(LastStone::Lifted) => vec![
            "The pit a lap's last stone falls into is not taken by this rule: the sowing goes on with it (a relay lifts its stones and sows them on).".into(),
        ],
        _ => Vec::new(),
    }
}

/// What a move's first lap must do, when the rules say.
pub(super) fn first_lap(rules: &Rules) -> Vec<String> {
    match rules.sowing.first_lap {
        FirstLap::Any => Vec::new(),
        FirstLap::ReachesOrEmpty => vec![
            "A move may be played only if its first lap sows a stone into the opponent's row or ends in a pit of the mover's own row that was empty.".into(),
        ],
        FirstLap::Captures => vec![
            "A capturing move is obligatory: when the first lap of some move ends in a capture, only such a move may be played.".into(),
        ],
        FirstLap::SingleIntoEmpty => vec![
            "A pit holding a single stone may be played only if the pit that stone is sown into is empty.".into(),
        ],
    }
}
