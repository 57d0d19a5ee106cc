//! The rule model: what a variant file means, as plain data.

use serde::{Deserialize, Serialize};

use super::keyword::keyword_enum;

/// Largest number of pits in one row the engine supports (on two rows):
/// 120 pits and two store slots fit the widest board of 128 slots, with
/// room for every pit's refill move (`+label`) below the vote codes.
pub const MAX_PITS_PER_ROW: u8 = 60;
/// Largest number of pits in one row of a four-row board (no store), as
/// [`MAX_PITS_PER_ROW`]: 120 pits.
pub const MAX_PITS_PER_ROW_OF_FOUR: u8 = 30;
/// Largest number of pits in one row of a three-row board (no store, an
/// even number), as [`MAX_PITS_PER_ROW`]: 120 pits.
pub const MAX_PITS_PER_ROW_OF_THREE: u8 = 40;
/// Largest number of stones on a board (pit counts are bytes).
pub const MAX_STONES: u32 = 255;

/// A validated variant: everything the engine needs to play it.
///
/// `Rules::default()` is a blank (no name, no pits) that the validator fills
/// in key by key from the declaration ([`super::schema`]); it is not a
/// playable variant.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct Rules {
    /// Display name, e.g. "Modiar".
    pub name: String,
    /// Where the rules come from (book, page, author, year).
    pub source: Option<String>,
    /// Board size and starting stones.
    pub board: Board,
    /// How a move sows.
    pub sowing: Sowing,
    /// What a move captures: the capture rules, in file order (empty: no
    /// captures). They are tried in this order and a pit is taken at most
    /// once.
    pub captures: Vec<CaptureRule>,
    /// The obligation to give the opponent stones.
    pub feeding: Feeding,
    /// Moves that would take every stone of the opponent's row.
    pub grand_slam: GrandSlam,
    /// Which moves the grand-slam rule speaks of.
    #[serde(default)]
    pub grand_slam_row: GrandSlamRow,
    /// The order in which the move restrictions (`min_stones`, the
    /// grand-slam rule, feeding) filter the moves.
    pub restrictions: Restrictions,
    /// When the game ends and how it is scored.
    pub end: End,
    /// Whether the game is a match of rounds, and how one round leads to
    /// the next.
    #[serde(default)]
    pub rounds: Rounds,
    /// Whether a pit of the opponent's row can become a player's store
    /// (Toguz Kumalak's tuzdik), and how.
    #[serde(default)]
    pub claim: Claim,
    /// Whether South's first turn is a prescribed opening, and which.
    #[serde(default)]
    pub opening: Opening,
}

impl Rules {
    /// Pits on the whole board.
    pub fn pit_count(&self) -> usize {
        usize::from(self.board.rows) * usize::from(self.board.pits)
    }

    /// Pits each player owns: one row on a two-row board, two (outer and
    /// inner) on a four-row board.
    pub fn pits_per_side(&self) -> usize {
        self.pit_count() / 2
    }

    /// Whether any capture rule applies.
    pub fn has_captures(&self) -> bool {
        !self.captures.is_empty()
    }

    /// `opening { shifts_from }` on the start: every other pit emptied into
    /// the next in the sowing direction, from that place of South's row,
    /// while the pit to empty holds stones (at most once round the board).
    /// `None` without that opening, or on a board or direction it does not
    /// take (two rows, one direction for every pit: the checks say so).
    pub fn opening_shifts(&self) -> Option<OpeningShifts> {
        let from = usize::from(self.opening.shifts_from);
        let pit_count = self.pit_count();
        let step = match self.sowing.direction.first()? {
            PitDirection::Ccw => 1,
            PitDirection::Cw => pit_count - 1,
            PitDirection::Either => return None,
        };
        if from == 0 || self.board.rows != 2 || from > usize::from(self.board.pits) {
            return None;
        }
        let mut counts = self.start_counts();
        let mut shifts = Vec::new();
        let mut pit = from - 1;
        while counts[pit] != 0 && shifts.len() < pit_count / 2 {
            let next = (pit + step) % pit_count;
            counts[next] += std::mem::take(&mut counts[pit]);
            shifts.push((pit, next));
            pit = (next + step) % pit_count;
        }
        Some(OpeningShifts { shifts, counts })
    }

    /// Stones on the board at the start.
    pub fn total_stones(&self) -> u32 {
        self.start_counts().iter().map(|&n| u32::from(n)).sum()
    }

    /// The start in a few words: `4 stones each`, or `start 4 4 5 ...`.
    pub fn start_text(&self) -> String {
        if self.board.start.is_empty() {
            format!("{} stones each", self.board.seeds)
        } else {
            let counts: Vec<String> = self.board.start.iter().map(u8::to_string).collect();
            format!("start {}", counts.join(" "))
        }
    }

    /// The stones each player's side holds at the start, `[south,
    /// north]`: what each places under `opening { placement }`.
    pub fn hands(&self) -> [u16; 2] {
        let counts = self.start_counts();
        let side = counts.len() / 2;
        let sum = |pits: &[u8]| pits.iter().map(|&n| u16::from(n)).sum();
        [sum(&counts[..side]), sum(&counts[side..])]
    }

    /// The stones in each pit at the start, in notation order: the `start`
    /// counts, or `seeds` in every pit.
    pub fn start_counts(&self) -> Vec<u8> {
        if self.board.start.is_empty() {
            vec![self.board.seeds; self.pit_count()]
        } else {
            self.board.start.clone()
        }
    }
}

/// A prescribed opening: South's first turn, fixed by the rules so that it
/// leaves no choice (the stylised openings of the Horn of Africa's
/// gabata). The default: none, South's first turn is a move like any.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct Opening {
    /// `shifts_from`: the place in South's row (1 is `a`) the opening of
    /// shifts starts from (Gabata (Oromo), Jimafesosh); 0: no such
    /// opening. The stones of that pit go into the next pit in the sowing
    /// direction, then those of the pit after it into the one after that,
    /// and so on while the pit to empty holds stones; South then sows the
    /// last pit filled as a move.
    pub shifts_from: u8,
    /// `choices`: the fixed moves each player's first turn is one of
    /// (Hus (Nama)); empty: no such opening. North plays the same moves on
    /// its own side.
    #[serde(default)]
    pub choices: Vec<OpeningChoice>,
    /// `placement`: the players arrange their stones in their own pits
    /// before play, a stone a move, in the order it says (Omweso); `None`:
    /// the board starts full. The stones each player places are those the
    /// start gives their side.
    #[serde(default)]
    pub placement: Option<Placement>,
}

impl Opening {
    /// Whether the rules prescribe an opening.
    pub fn is_some(&self) -> bool {
        self.shifts_from != 0 || !self.choices.is_empty()
    }
}

keyword_enum! {
    /// In what order the players place their stones under `opening {
    /// placement }`.
    Placement {
        /// A stone each in turn, South first; a player whose hand is empty
        /// lets the other place on (Ludii's Mweso: a move per counter).
        Alternate = "alternate",
        /// South places all theirs, then North all theirs.
        SouthThenNorth = "south_then_north",
    }
}

/// One fixed opening move (`opening { choices g-k }`): all the stones of
/// pit `from` are lifted and sown one by one along the mover's sowing path
/// from pit `first` on (`first` gets the first stone), capturing nothing,
/// and the turn ends. Both pits are places of the mover's side in label
/// order (0 is `a`): South's pits, North's the same places of its side.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct OpeningChoice {
    /// The pit emptied (the move is written with its label).
    pub from: u8,
    /// The pit that gets the first stone.
    pub first: u8,
}

/// The opening of shifts worked out on a start: the shifts in order (the
/// pit emptied, the pit filled, as absolute indices in notation order) and
/// the board they leave. The last pit filled is the one South then sows.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OpeningShifts {
    /// `(emptied, filled)` pits, in the order they are made.
    pub shifts: Vec<(usize, usize)>,
    /// The pit counts after the shifts, in notation order.
    pub counts: Vec<u8>,
}

impl OpeningShifts {
    /// The pit South sows after the shifts (the last one filled), if a
    /// shift was made.
    pub fn sown(&self) -> Option<usize> {
        self.shifts.last().map(|&(_, filled)| filled)
    }
}

/// Board size and starting stones.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct Board {
    /// Rows: 2 (one per player) or 4 (two per player, an outer and an inner
    /// row; each player sows round their own two rows only).
    pub rows: u8,
    /// Pits in each row.
    pub pits: u8,
    /// Stones in each pit at the start, when every pit starts alike (0
    /// when `start` gives the counts pit by pit).
    pub seeds: u8,
    /// Stones in each pit at the start, pit by pit in notation order (empty
    /// when every pit holds `seeds`).
    pub start: Vec<u8>,
    /// Stores on the board.
    pub stores: Stores,
}

impl Board {
    /// The board's size in words, as messages and reports print it: "2 rows
    /// of 6 pits", "2 rows of 1 pit".
    pub fn shape(&self) -> String {
        format!(
            "{} rows of {} pit{}",
            self.rows,
            self.pits,
            if self.pits == 1 { "" } else { "s" }
        )
    }
}

keyword_enum! {
    /// Stores (end pits) on the board.
    Stores {
        /// No stores: captured stones leave the board.
        None = "none",
        /// Each player's store follows their row in the sowing path: the
        /// mover sows into their own store and skips the opponent's.
        Sown = "sown",
        /// Each player's store follows their row in the sowing path, and the
        /// mover sows into both: stones sown into the opponent's store are
        /// the opponent's (Main Chongkak: "stores are included when sowing").
        SownBoth = "sown_both",
    }
}

impl Stores {
    /// Whether the board has stores in the sowing path (`sown` or
    /// `sown_both`).
    pub fn sown(self) -> bool {
        self != Stores::None
    }
}

/// How a move sows.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct Sowing {
    /// Which way each pit of a row sows, from the mover's left to right
    /// (one entry per pit).
    pub direction: Vec<PitDirection>,
    /// Whose left `direction` counts each row's pits from.
    #[serde(default)]
    pub direction_from: DirectionFrom,
    /// Which pit gets the first stone.
    pub start: SowStart,
    /// Whether a sowing that goes all the way round leaves out the origin.
    pub skip_origin: bool,
    /// What happens when the hand is empty.
    pub laps: Laps,
    /// The fewest stones a pit must hold to be played.
    pub min_stones: u8,
    /// The pits the game's first move may be played from, as places in
    /// South's row from South's left, 1 first (sorted; empty: any pit).
    pub first_move_from: Vec<u8>,
    /// When the mover moves again.
    pub extra_turn: ExtraTurn,
    /// Which moves are first moves, for `first_move_from` and a capture
    /// rule's `first_move`.
    #[serde(default)]
    pub first_moves: FirstMoves,
    /// Which pits a player may play.
    #[serde(default)]
    pub play_from: PlayFrom,
    /// What a move's first lap must do for the move to be legal.
    #[serde(default)]
    pub first_lap: FirstLap,
    /// Whether a pit holding one stone may be played when no pit holds
    /// `min_stones` (Tsoro).
    #[serde(default)]
    pub singletons: Singletons,
    /// What a first move (as `first_moves` says) does with the stones of
    /// the pit played: sow them, or shift them all into the next pit.
    #[serde(default)]
    pub first_move: FirstMoveKind,
    /// `reverse_to_capture`: how many pits at the left end of each of the
    /// mover's rows may also sow the other way round, when that move
    /// captures (Omweso's clockwise captures from the four left pits); 0:
    /// none.
    #[serde(default)]
    pub reverse_to_capture: u8,
    /// `reverse_when`: when a reverse move of `reverse_to_capture` is legal.
    #[serde(default)]
    pub reverse_when: ReverseWhen,
}

keyword_enum! {
    /// When a reverse move of `reverse_to_capture` is legal.
    ReverseWhen {
        /// When it captures stones on some lap, by any rule.
        Captures = "captures",
        /// When its first lap ends in a pit of the mover's inner row whose
        /// facing pit and the pit behind it both hold stones, whatever the
        /// move then captures (Ludii's Mweso, whose code looks at the pit
        /// the first lap reaches before the move is sown; four rows).
        FirstLapFacesBoth = "first_lap_faces_both",
    }
}

keyword_enum! {
    /// Whether a pit holding a single stone may be played when no pit holds
    /// `min_stones`.
    Singletons {
        /// Never: only pits holding `min_stones` are played.
        Never = "never",
        /// When no pit of the mover holds `min_stones`, a pit holding one
        /// stone may be played if the pit that stone is sown into is empty.
        IntoEmpty = "into_empty",
        /// As `into_empty`, and such a move captures nothing (Ludii's
        /// Njombwa, whose code sows the single stone without its capture).
        IntoEmptyNoCapture = "into_empty_no_capture",
    }
}

keyword_enum! {
    /// When the mover moves again.
    ExtraTurn {
        /// Turns alternate.
        Never = "never",
        /// The mover moves again when the last stone lands in their own store.
        Store = "store",
        /// The mover moves again when the move captured (Wa'ache Waledat's "these counters are captured and the player takes another turn").
        Capture = "capture",
        /// The mover moves again when a capture where the move ended took stones: a rule `on last_pit` (or a claim), not a pit taken during the sowing or by a sweep (MancalaGames' Anywoli: its fours taken as the stones pass give no extra turn, the last hole's does).
        LastPitCapture = "last_pit_capture",
    }
}

keyword_enum! {
    /// Which way stones are sown round the board.
    Direction {
        /// Counter-clockwise: along the mover's row to the right, then the opponent's (a b c A B C).
        Ccw = "ccw",
        /// Clockwise: the reverse order (a C B A c b).
        Cw = "cw",
    }
}

keyword_enum! {
    /// Whose left the per-pit `direction` counts each row's pits from.
    DirectionFrom {
        /// Each row from its owner's left: a pit sows the way the pit in the
        /// same place of the other row does, as its owner sees it.
        Owner = "owner",
        /// Both rows from South's left, as the board lies: a pit sows the
        /// way the pit on the same side of the board does (Ludii's regions,
        /// fixed sides of the board: Wa'ache Waledat).
        Board = "board",
    }
}

impl Sowing {
    /// The direction rule of `pit` on a board of `per_row` pits a row
    /// (`per_side` a player's side): the entry of `direction` for its place
    /// in its row, counted from its owner's left, or from South's left
    /// under `direction_from board`.
    pub fn pit_direction(&self, pit: usize, per_row: usize, per_side: usize) -> PitDirection {
        let place = pit % per_row;
        match self.direction_from {
            DirectionFrom::Board if pit >= per_side => self.direction[per_row - 1 - place],
            _ => self.direction[place],
        }
    }
}

keyword_enum! {
    /// Which way a pit sows.
    PitDirection {
        /// Counter-clockwise: along the mover's row to the right, then the opponent's (a b c A B C).
        Ccw = "ccw",
        /// Clockwise: the reverse order.
        Cw = "cw",
        /// The mover chooses: a move is then a pit and a direction (`b:ccw` or `b:cw`).
        Either = "either",
    }
}

impl PitDirection {
    /// The directions a move from such a pit may take.
    pub fn allowed(self) -> &'static [Direction] {
        match self {
            PitDirection::Ccw => &[Direction::Ccw],
            PitDirection::Cw => &[Direction::Cw],
            PitDirection::Either => &[Direction::Ccw, Direction::Cw],
        }
    }
}

keyword_enum! {
    /// Which pit gets the first stone of a sowing.
    SowStart {
        /// The emptied pit gets the first stone back.
        Origin = "origin",
        /// The pit after the emptied one gets the first stone.
        Next = "next",
        /// The emptied pit gets the first stone back, unless it held a
        /// single stone: that one goes into the next pit (Toguz Kumalak).
        OriginUnlessSingle = "origin_unless_single",
    }
}

keyword_enum! {
    /// What happens when the hand is empty.
    Laps {
        /// The move ends when the hand is empty.
        Single = "single",
        /// When the last stone lands in a pit that already held stones, that
        /// pit's stones are lifted and sown on the same way, until a lap ends
        /// in an empty pit or a store.
        Relay = "relay",
        /// When the last stone lands in an empty pit, the stones of the pit
        /// after it, if any, are lifted and sown on.
        NextRelay = "next_relay",
        /// As `relay`, but a lap whose last pit a capture rule on the last pit
        /// takes ends the move there, with that capture (La'b Akila).
        RelayUntilCapture = "relay_until_capture",
        /// Whatever the last pit held, the stones of the pit after it, if
        /// any, are lifted and sown on; the move ends when that pit is empty
        /// (Dongjintian).
        NextAlways = "next_always",
        /// As `relay`, but only while the pit after the landing pit holds
        /// stones: a lap ending in an occupied pit whose next pit is empty
        /// ends the move there (Tap Urdy).
        RelayUnlessNextEmpty = "relay_unless_next_empty",
        /// When the last stone lands in a pit that already held stones, the
        /// stones of the pit after it, if any, are lifted and sown on; a lap
        /// ending in an empty pit ends the move (Gabata (Adegrat)).
        NextAfterOccupied = "next_after_occupied",
        /// As `relay_until_capture`, and only while the pit after the
        /// landing pit holds stones: a lap ending in an occupied pit whose
        /// next pit is empty ends the move there too (Kay).
        RelayUntilCaptureUnlessNextEmpty = "relay_until_capture_unless_next_empty",
        /// Wherever the last stone lands, when the pit after it holds
        /// stones, the mover captures them and lifts the landing pit's
        /// stones and sows them on; the move ends when that pit is empty
        /// (Ludii's Pachgarhwa).
        RelayTakingNext = "relay_taking_next",
        /// As `relay`, but a lap in which an `on every_pit` rule took a pit
        /// ends the move there (Ludii's Rab'e, whose relay goes on from the
        /// hand the lap's captures went to).
        RelayUntilLapCaptures = "relay_until_lap_captures",
    }
}

/// One capture rule: `capture NAME { ... }`.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct CaptureRule {
    /// The rule's name, as its section's label (`last` in `capture last`).
    pub name: String,
    /// When the rule looks for a capture.
    pub on: Trigger,
    /// Counts that are captured when the last stone makes them (sorted, no
    /// repeats; empty only in a rule that gives `before` instead: then any
    /// count `before` allows).
    pub counts: Vec<u8>,
    /// What the pit held before the stone that makes it qualify fell in.
    #[serde(default)]
    pub before: Before,
    /// On whose row captures may happen.
    pub side: CaptureSide,
    /// Whether further pits are taken after the last one.
    pub chain: Chain,
    /// For a chain: whether each pit is judged by its count after the
    /// earlier pits' takes, or as the sowing left it.
    #[serde(default)]
    pub chain_judged: ChainJudged,
    /// Whether the game's very first move may capture.
    pub first_move: FirstMove,
    /// What a qualifying last pit gives the mover.
    pub take: Take,
    /// For a `take` of the facing pit: the counts it must hold to be taken
    /// (sorted, no repeats; empty: any count).
    pub facing_counts: Vec<u8>,
    /// Where captured stones go.
    pub goes_to: CaptureDestination,
    /// For `on every_pit`: where the stones go of a pit a lap's last stone
    /// makes qualify (none: as `goes_to`).
    #[serde(default)]
    pub last_goes_to: Option<CaptureDestination>,
    /// For `on relay_landing`: whether the move stops after the capture or
    /// sows on from the next pit; `resows` (also at the last pit, on four
    /// rows) sows the captured stones on.
    pub then: AfterCapture,
    /// What the move must already have done for the rule to apply.
    #[serde(default)]
    pub requires: Requires,
    /// For `on sweep`: the sweep applies only when at most this many stones
    /// are left on the board after the sowing and the earlier rules'
    /// captures (none: whatever the board holds).
    #[serde(default)]
    pub board_at_most: Option<u8>,
    /// For `on every_pit`: whether the pit a lap's last stone falls into
    /// is looked at too, or left to the sowing (a relay lifts it).
    #[serde(default)]
    pub last_stone: LastStone,
    /// For `on every_pit`: whether a pit is looked at as each stone drops,
    /// or once the lap is sown, over the pits it went along.
    #[serde(default)]
    pub looked_at: LookedAt,
    /// How many more of the opponent's pits the mover empties after this
    /// rule's capture, each chosen as a move of its own (0: none).
    #[serde(default)]
    pub extra_chosen: u8,
    /// What of this rule's capture earns the chosen pits of
    /// `extra_chosen`.
    #[serde(default)]
    pub extra_after: ExtraAfter,
}

keyword_enum! {
    /// What of a capture rule's capture earns the mover the pits it
    /// chooses (`extra_chosen`).
    ExtraAfter {
        /// A capture: the rule took stones.
        Capture = "capture",
        /// A capture of both the facing pit and the pit behind it (four
        /// rows: Msuwa's "if counters in the inner and outer row are
        /// captured").
        BothPits = "both_pits",
        /// The landing: the last pit qualified, whether or not the pits it
        /// takes held stones (Ludii's Tshuba, which takes a chosen pit
        /// after every landing in an empty inner pit).
        Landing = "landing",
    }
}

keyword_enum! {
    /// For `on every_pit`: what the rule does with the pit a lap's last
    /// stone falls into.
    LastStone {
        /// Looked at like every pit: taken when it reaches a count.
        Taken = "taken",
        /// Left to the sowing: never taken by this rule; a relay lifts it
        /// and sows on (Gabata (Oromo): "except when it is the final hole
        /// of a sowing, in which case they are picked up and sowing
        /// continues").
        Lifted = "lifted",
    }
}

keyword_enum! {
    /// For `on every_pit`: when the rule looks at the pits a lap sows.
    LookedAt {
        /// As each stone drops: a pit reaching a count is taken there and
        /// then, and a later stone of the same lap falls into it empty.
        AsSown = "as_sown",
        /// Once the lap is sown: the pits from the lap's origin on to its
        /// last pit (at most once round the board, short of the last pit
        /// under `last_stone lifted`) that hold a count are taken, before
        /// a relay lifts the last pit (Ludii's Gabata (Oromo), Obridje,
        /// Pallankuli: a pit a lap of a round or more fills to a count and
        /// then passes again is not taken). On a board with closed pits the
        /// look ends as many pits from the origin as the lap sowed stones,
        /// the closed pits counted, so short of the last pit by the closed
        /// pits passed over, a last pit it does not reach that holds the
        /// count ends the move, neither taken nor lifted, and the look
        /// leaves to a last-pit capture of the move's last lap the pit it
        /// takes (Ludii's Pallankuli, which counts the look's steps along
        /// the whole track and captures the next hole before it looks).
        AfterLap = "after_lap",
        /// As `after_lap`, but a lap that goes round the board to end in its
        /// own origin looks at every pit, where `after_lap` looks at that
        /// origin alone (Ludii's Rio Kadalis, Mewelad and Gabata (Ghinda),
        /// whose span stops short of the last pit, that pit looked at as it
        /// is sown).
        AfterLapRound = "after_lap_round",
    }
}

keyword_enum! {
    /// When a capture rule looks for a capture.
    Trigger {
        /// Where the move's last stone lands (after its last lap).
        LastPit = "last_pit",
        /// Every pit a stone is dropped into, as the stone drops: a pit
        /// reaching a count during the sowing is taken there and then.
        EveryPit = "every_pit",
        /// Where a relay lap ends, in a pit the relay would lift: a pit that
        /// reaches a count is taken instead of lifted (needs `laps relay`).
        RelayLanding = "relay_landing",
        /// After the sowing: every pit of the rows `side` allows that holds
        /// one of the counts is taken, wherever the move sowed.
        Sweep = "sweep",
    }
}

keyword_enum! {
    /// What a pit held before the stone that makes it qualify fell in.
    Before {
        /// Anything: the count it holds now decides.
        Any = "any",
        /// Nothing: the stone fell into an empty pit.
        Empty = "empty",
        /// Stones: the stone fell into a pit that already held some.
        Occupied = "occupied",
    }
}

impl Before {
    /// Whether a pit holding `count` stones, the last one just dropped,
    /// held what this condition asks before it.
    pub fn admits(self, count: usize) -> bool {
        match self {
            Before::Any => true,
            Before::Empty => count == 1,
            Before::Occupied => count >= 2,
        }
    }
}

impl CaptureRule {
    /// Whether the rule captures a pit holding `count` stones (by its
    /// `counts` and its `before`).
    pub fn captures_count(&self, count: usize) -> bool {
        let listed = self.counts.is_empty() || self.counts.iter().any(|&n| usize::from(n) == count);
        count > 0 && listed && self.before.admits(count)
    }
}

keyword_enum! {
    /// What a move does after an `on relay_landing` capture.
    AfterCapture {
        /// The move ends there.
        Stops = "stops",
        /// The move goes on: the stones of the pit after the captured one are
        /// lifted and sown (the move ends if that pit is empty).
        SowsOn = "sows_on",
        /// The captured stones are not kept: the mover sows them on from the
        /// pit after the landing pit (which keeps its stones), and the move
        /// goes on from where they end like any lap (needs a facing `take`;
        /// with `on relay_landing`, or `on last_pit` on four rows).
        Resows = "resows",
        /// As `resows`, but the captured stones are sown on from the first
        /// pit the capturing lap sowed into, the pit after the one it was
        /// lifted from (Omweso).
        ResowsFromLapStart = "resows_from_lap_start",
        /// As `resows_from_lap_start`, but the captured stones are sown the
        /// way the mover's pits sow (after a move the other way round of
        /// `reverse_to_capture` too), and the move then goes on by lifting
        /// the landing pit, the way the move was going, wherever they end
        /// (Ludii's Mweso, whose code relays from the capturing pit).
        ResowsFromLapStartRelaysLanding = "resows_from_lap_start_relays_landing",
        /// As `resows`, but the captured stones are sown on from an end pit
        /// of the mover's inner row (a kichwa), which gets the first stone:
        /// the end nearer the landing pit when it is one of the two pits at
        /// either end of the row, otherwise the end from which the move's
        /// direction goes on; the move then goes on that way (Bao la
        /// Kujifunza; four rows).
        ResowsFromEnd = "resows_from_end",
        /// As `resows`, but the move ends where the captured stones end:
        /// the pit the last of them falls into is neither lifted nor
        /// captured by this rule (Ludii's Muvalavala (Quioco), whose
        /// re-sowing is a sowing of its own).
        ResowsAndStops = "resows_and_stops",
        /// As `resows_and_stops`, but a landing in the inner row that takes
        /// both the facing pit and the pit behind it sows on only the
        /// stones of the pit behind: the facing pit's stones stay in the
        /// landing pit (Ludii's Hus (Nama), whose count of the stones to
        /// sow reads the pit behind there).
        ResowsBehindAndStops = "resows_behind_and_stops",
    }
}

impl AfterCapture {
    /// Whether the captured stones are sown on (`resows`,
    /// `resows_from_lap_start`, `resows_from_lap_start_relays_landing`,
    /// `resows_from_end`, `resows_and_stops` or
    /// `resows_behind_and_stops`)
    /// rather than kept.
    pub fn resows(self) -> bool {
        matches!(
            self,
            AfterCapture::Resows
                | AfterCapture::ResowsFromLapStart
                | AfterCapture::ResowsFromLapStartRelaysLanding
                | AfterCapture::ResowsFromEnd
                | AfterCapture::ResowsAndStops
                | AfterCapture::ResowsBehindAndStops
        )
    }
}

keyword_enum! {
    /// What is taken when the last pit qualifies.
    Take {
        /// The last pit itself, then the chain.
        Last = "last",
        /// The last pit and the pit facing it, only if the facing pit holds stones.
        LastAndOpposite = "last_and_opposite",
        /// The last pit and the pit facing it, even when the facing pit is empty.
        LastAndOppositeEvenEmpty = "last_and_opposite_even_empty",
        /// Only the pit facing the last one, if it holds stones; the last stone stays.
        Opposite = "opposite",
        /// Four rows: the pit facing the last one (the opponent's inner pit in
        /// the same column), if it holds stones, and the opponent's outer pit
        /// behind it, whatever it holds; the last stone stays.
        OppositeAndBehind = "opposite_and_behind",
        /// Four rows: the facing pit and the pit behind it, only when both
        /// hold stones; the last stone stays.
        OppositeAndBehindBoth = "opposite_and_behind_both",
        /// Four rows: the facing pit and the pit behind it, each if it
        /// holds stones, whatever the other holds (Ludii's Tshuba: the
        /// opponent's inner pit, and "if there are counters also in the
        /// corresponding outer row hole, these are also captured"); the
        /// last stone stays.
        OppositeAndBehindEach = "opposite_and_behind_each",
        /// Four rows: when the pit facing the last one is empty, the
        /// opponent's outer pit behind it, if it holds stones (Sute); the
        /// last stone stays.
        BehindPastEmpty = "behind_past_empty",
        /// The last pit, and each pit next to it in its row (one on each
        /// side, not round the end of the row) that qualifies the same way.
        Neighbours = "neighbours",
        /// Only the pit after the last one in the sowing direction, if it holds
        /// stones; the last stone stays.
        Next = "next",
        /// Two out: when the pit after the last one is empty, the pit after
        /// that, if it holds stones; the last stone stays. With `chain
        /// forward`, then each further pit across an empty one, while the
        /// holes alternate empty and occupied (Dongjintian).
        TwoOut = "two_out",
    }
}

keyword_enum! {
    /// Where captured stones go.
    CaptureDestination {
        /// To the mover: they score for the mover.
        Mover = "mover",
        /// To the owner of the row each captured pit is in, whoever moved.
        RowOwner = "row_owner",
        /// Out of play: they score for nobody.
        OutOfPlay = "out_of_play",
        /// To the mover's opponent (Yovodi: a last counter in an empty hole
        /// of the opponent's row gives them the hole facing it).
        Opponent = "opponent",
        /// To the player who owns each captured pit, whoever moved: its
        /// row's player, or the player it went to under `refill surplus`
        /// (Mewelad: "the owner of the hole in which the four counters are
        /// located captures them").
        Owner = "owner",
    }
}

keyword_enum! {
    /// On whose row a pit may be captured.
    CaptureSide {
        /// Either row.
        Any = "any",
        /// Only the mover's own row.
        Own = "own",
        /// Only the opponent's row.
        Opponent = "opponent",
        /// Four rows: only the mover's inner row (the one next to the
        /// opponent's).
        OwnInner = "own_inner",
        /// Two rows: the opponent's row and the mover's own rightmost pit
        /// (the last of their row from their left: Kara's "an opponent's
        /// hole or the rightmost hole belonging to the player sowing").
        OpponentAndOwnRightmost = "opponent_and_own_rightmost",
    }
}

keyword_enum! {
    /// Which pits are examined after the last one is captured.
    Chain {
        /// Only the last pit is captured.
        None = "none",
        /// The pits before the last, against the sowing direction, while they qualify.
        Backward = "backward",
        /// The pits after the last, in the sowing direction, while they qualify.
        Forward = "forward",
    }
}

keyword_enum! {
    /// For a chain: which count each pit of the chain is judged by.
    ChainJudged {
        /// After the earlier pits' takes: a pit already taken (as the pit
        /// facing an earlier one) ends the chain.
        AsTaken = "as_taken",
        /// As the sowing left it, before any take: a pit already taken
        /// goes on with the chain, with nothing more to take (La'b Akila:
        /// "any holes in an unbroken sequence ... which also contain two or
        /// four").
        AsSown = "as_sown",
    }
}

keyword_enum! {
    /// Whether the game's first move may capture.
    FirstMove {
        /// The first move captures like any other.
        Normal = "normal",
        /// The first move of the game captures nothing.
        NoCapture = "no_capture",
    }
}

/// The obligation to give the opponent stones.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct Feeding {
    /// When the mover must feed.
    pub when: FeedWhen,
    /// What happens when no move can feed.
    pub otherwise: FeedFallback,
    /// What a move must do to feed (what `when` implies unless the file
    /// says otherwise: [`FeedWhen::gives`]).
    #[serde(default)]
    pub gives: FeedGives,
}

keyword_enum! {
    /// When the mover must feed the opponent.
    FeedWhen {
        /// No feeding rule.
        Never = "never",
        /// When the opponent's row is empty; a feeding move leaves at least one stone there.
        RowEmpty = "row_empty",
        /// When the opponent has no pit they could play; a feeding move leaves them one.
        CannotMove = "cannot_move",
        /// At every move: a feeding move leaves at least one stone in the
        /// opponent's row (a move that would empty it is played only when
        /// no move feeds).
        Always = "always",
    }
}

impl FeedWhen {
    /// What a feeding move must do when the file does not say: end the
    /// state that obliged the mover (`row_empty`: a stone in their row;
    /// `cannot_move`: a pit they can play).
    pub fn gives(self) -> FeedGives {
        match self {
            FeedWhen::CannotMove => FeedGives::Move,
            FeedWhen::Never | FeedWhen::RowEmpty | FeedWhen::Always => FeedGives::Stone,
        }
    }
}

keyword_enum! {
    /// What a move must do to feed the opponent.
    FeedGives {
        /// Leave at least one stone in the opponent's row.
        Stone = "stone",
        /// Leave the opponent a pit they can play (holding at least `min_stones`).
        Move = "move",
        /// Sow at least one stone into the opponent's row, in any lap, whatever
        /// a capture then takes (awale.info's "enough stones to reach the
        /// opponent's territory").
        Reach = "reach",
        /// Leave at least one stone in the opponent's row once the move's
        /// first lap is sown (with that lap's capture when it ends the
        /// move), whatever later laps do: Ludii, where each relay lap is a
        /// move of its own and only the first is chosen (Foji).
        FirstLap = "first_lap",
    }
}

keyword_enum! {
    /// What happens when the mover must feed and no move can.
    FeedFallback {
        /// Any move may be played.
        PlayAny = "play_any",
        /// The game ends at once.
        EndGame = "end_game",
    }
}

keyword_enum! {
    /// A move restriction: one line of `legal { ... }`.
    Restriction {
        /// Only pits holding at least `min_stones` may be played.
        MinStones = "min_stones",
        /// The grand-slam rule.
        GrandSlam = "grand_slam",
        /// The feeding rule (`feed` and its `otherwise`).
        Feed = "feed",
    }
}

/// The move restrictions in the order they filter moves: each keeps some of
/// the moves the ones before it allow, so "no other move" in a rule means no
/// other move among those. `min_stones` always comes first (it says which
/// pits are moves at all); the grand-slam and feeding rules come in either
/// order.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Restrictions(pub [Restriction; 3]);

impl Restrictions {
    /// Today's fixed order, and the order of a file that does not say:
    /// `min_stones`, then the grand-slam rule, then feeding.
    pub const SLAM_THEN_FEED: Restrictions = Restrictions([
        Restriction::MinStones,
        Restriction::GrandSlam,
        Restriction::Feed,
    ]);
    /// The feeding rule first, then the grand-slam rule among the moves
    /// that feed (awale.info's "unless it is the only move").
    pub const FEED_THEN_SLAM: Restrictions = Restrictions([
        Restriction::MinStones,
        Restriction::Feed,
        Restriction::GrandSlam,
    ]);

    /// Whether feeding chooses before the grand-slam rule.
    pub fn feed_first(self) -> bool {
        self == Restrictions::FEED_THEN_SLAM
    }
}

/// The restrictions as a `legal` section lists them: `min_stones grand_slam feed`.
impl std::fmt::Display for Restrictions {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let words: Vec<&str> = self.0.iter().map(|r| r.word()).collect();
        write!(f, "{}", words.join(" "))
    }
}

impl std::default::Default for Restrictions {
    fn default() -> Self {
        Restrictions::SLAM_THEN_FEED
    }
}

keyword_enum! {
    /// Moves that capture from the opponent's row and leave it empty.
    GrandSlam {
        /// Played and captured as usual.
        Allowed = "allowed",
        /// Illegal.
        Forbidden = "forbidden",
        /// Illegal unless every move the mover has is a grand slam; then those
        /// moves are legal but capture nothing.
        OnlyMoveNoCapture = "only_move_no_capture",
        /// Always legal, but captures nothing.
        NoCapture = "no_capture",
    }
}

keyword_enum! {
    /// Which moves are grand slams, by the opponent's row before and after.
    GrandSlamRow {
        /// A move that captures from the opponent's row and leaves it empty.
        LeftEmpty = "left_empty",
        /// As `left_empty`, when that row held stones before the move: a move
        /// into an empty row that takes back every stone it sowed there
        /// captures as usual (MancalaGames: "when your opponent has seeds at
        /// the start of your turn, and you capture them all").
        Emptied = "emptied",
    }
}

/// When the game ends and how it is scored.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct End {
    /// What ends the game besides the player to move having no legal move
    /// (which always does); `no_legal_move` first, no repeats.
    pub when: Vec<EndWhen>,
    /// Who gets the stones left on the board.
    pub leftovers: Leftovers,
    /// What a repeated position does.
    pub repetition: Repetition,
    /// Who gets the stones left on the board after a repetition.
    pub repetition_leftovers: Leftovers,
    /// What counts as a repetition: a repeated position, or the same four
    /// boards three times over (`repetition agree` only).
    #[serde(default)]
    pub repetition_test: RepetitionTest,
    /// How each other way of ending scores the stones left (each is
    /// `leftovers` unless the file says otherwise).
    pub scoring: EndScoring,
    /// Under `stones_left`: the game ends when at most this many stones are
    /// left on the board.
    pub stones_left_at_most: Option<u8>,
    /// Under `score_reached`: the game ends when a player has captured at
    /// least this many stones.
    pub score_at_least: Option<u8>,
    /// When the end conditions of `when` are tested: after each move, or
    /// also after each relay lap.
    #[serde(default)]
    pub test_after: EndTest,
}

keyword_enum! {
    /// When the end conditions are tested.
    EndTest {
        /// After each move (each ply).
        Move = "move",
        /// After each move and after each relay lap: a lap that leaves an end
        /// condition holding stops the move there, the mover still to move
        /// (as where each lap is a move of its own, like Ludii's relays).
        Lap = "lap",
        /// As `lap`, and under `neither_can_move` a lap that leaves neither
        /// player a move also ends the game there (as where each lap is a
        /// move of its own and the end looks at the moves left after each,
        /// like Ludii's Galatjang: "when no more moves can be made").
        LapMoves = "lap_moves",
    }
}

impl EndTest {
    /// Whether the end conditions are tested after each relay lap.
    pub fn after_laps(self) -> bool {
        self != EndTest::Move
    }
}

/// How the stones left on the board are scored, per way the game ends
/// (repetition aside: [`End::repetition_leftovers`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct EndScoring {
    /// The player to move has no legal move (or, under `neither_can_move`,
    /// neither player has).
    pub no_legal_move: Leftovers,
    /// The player to move must feed and cannot (`otherwise end_game`).
    pub feeding_impossible: Leftovers,
    /// A player captured more than half of the stones.
    pub captured_majority: Leftovers,
    /// A row is empty.
    pub row_empty: Leftovers,
    /// No pit holds more than one stone.
    pub all_pits_at_most_one: Leftovers,
    /// At most `stones_left_at_most` stones are left on the board.
    pub stones_left: Leftovers,
    /// A player has captured `score_at_least` stones.
    pub score_reached: Leftovers,
    /// A relay came back to a lap state of the same move (`relay_cycle`).
    #[serde(default)]
    pub relay_cycle: Leftovers,
    /// Four rows: a player's inner row is empty (`inner_row_empty`).
    #[serde(default)]
    pub inner_row_empty: Leftovers,
    /// No pit a player owns holds a stone (`own_pits_empty`).
    #[serde(default)]
    pub own_pits_empty: Leftovers,
    /// A player, the mover or the other, has no legal move after a ply
    /// (`either_cannot_move`).
    #[serde(default)]
    pub either_cannot_move: Leftovers,
}

impl EndScoring {
    /// Each way of ending, named as its key in `end`, with its scoring.
    pub fn ways(&self) -> [(&'static str, Leftovers); 11] {
        let mut copy = *self;
        copy.ways_mut().map(|(name, leftovers)| (name, *leftovers))
    }

    /// [`EndScoring::ways`], to change them.
    pub fn ways_mut(&mut self) -> [(&'static str, &mut Leftovers); 11] {
        [
            ("no_legal_move", &mut self.no_legal_move),
            ("feeding_impossible", &mut self.feeding_impossible),
            ("captured_majority", &mut self.captured_majority),
            ("row_empty", &mut self.row_empty),
            ("all_pits_at_most_one", &mut self.all_pits_at_most_one),
            ("stones_left", &mut self.stones_left),
            ("score_reached", &mut self.score_reached),
            ("relay_cycle", &mut self.relay_cycle),
            ("inner_row_empty", &mut self.inner_row_empty),
            ("own_pits_empty", &mut self.own_pits_empty),
            ("either_cannot_move", &mut self.either_cannot_move),
        ]
    }
}

keyword_enum! {
    /// What ends the game.
    EndWhen {
        /// The player to move has no legal move (always in force).
        NoLegalMove = "no_legal_move",
        /// A player has captured more than half of the stones.
        CapturedMajority = "captured_majority",
        /// A row is empty (checked after every ply, whoever is to move).
        RowEmpty = "row_empty",
        /// No pit holds more than one stone.
        AllPitsAtMostOne = "all_pits_at_most_one",
        /// A player who cannot move passes; the game ends when neither can.
        NeitherCanMove = "neither_can_move",
        /// At most `stones_left_at_most` stones are left on the board.
        StonesLeft = "stones_left",
        /// A player has captured at least `score_at_least` stones.
        ScoreReached = "score_reached",
        /// A relay comes back to a lap state it had already reached in the
        /// same move (the same board, the same pit about to be lifted), so it
        /// would go on for ever: the game ends with the board as it was then.
        RelayCycle = "relay_cycle",
        /// Four rows: a player's inner row is empty (checked after every
        /// ply, whoever is to move; Bao's "a player whose inner row is
        /// empty loses", scored with `inner_row_empty empty_row_loses`).
        InnerRowEmpty = "inner_row_empty",
        /// No pit a player owns holds a stone (checked after every ply,
        /// whoever is to move): the pits of their row, less those the
        /// opponent won and with those they won after a round (`refill
        /// surplus`); where pits never change hands, the same as `row_empty`.
        OwnPitsEmpty = "own_pits_empty",
        /// A player, the mover or the other, has no legal move (checked
        /// after every ply, whoever is to move; Ludii's Leyla games: "play
        /// ends when one player can no longer play", the mover included).
        EitherCannotMove = "either_cannot_move",
    }
}

impl EndWhen {
    /// Whether the condition is one that `test` tests after each relay lap:
    /// under `test_after lap` the conditions of the board (a player without
    /// a move, the mover included, among them; the player to move having
    /// none, or a relay cycle, are not); under `lap_moves` those and
    /// `neither_can_move`.
    pub fn tested_after_laps(self, test: EndTest) -> bool {
        let board = matches!(
            self,
            EndWhen::CapturedMajority
                | EndWhen::StonesLeft
                | EndWhen::RowEmpty
                | EndWhen::AllPitsAtMostOne
                | EndWhen::InnerRowEmpty
                | EndWhen::OwnPitsEmpty
                | EndWhen::EitherCannotMove
        );
        match test {
            EndTest::Move => false,
            EndTest::Lap => board,
            EndTest::LapMoves => board || self == EndWhen::NeitherCanMove,
        }
    }
}

keyword_enum! {
    /// Who gets the stones left on the board when the game ends.
    Leftovers {
        /// Each player takes the stones in their own row.
        RowOwner = "row_owner",
        /// Each player takes the stones in the row on their side of the board, whoever owns its pits: a pit that changed hands under `refill surplus` counts for its row's player, not its owner (Ludii's Jimafesosh, whose round end sweeps each row into its player's hand).
        BoardSide = "board_side",
        /// The player to move takes them all.
        PlayerToMove = "player_to_move",
        /// Nobody: they are not scored.
        Unscored = "unscored",
        /// The game is drawn, whatever was captured: neither player scores.
        Draw = "draw",
        /// The player who made the last move takes them all.
        LastMover = "last_mover",
        /// The player who can still move (has a pit holding `min_stones`) takes them all; if neither can, the game is drawn; if both can, each takes their own row.
        AbleToMove = "able_to_move",
        /// Each player takes half of them; an odd stone counts for nobody.
        Divided = "divided",
        /// The player whose row is empty wins, whatever was captured: they score every stone, the other none; if both rows or neither is empty, the game is drawn. A game ended by `inner_row_empty` looks at the inner rows.
        EmptyRowWins = "empty_row_wins",
        /// The player whose row is empty loses, whatever was captured: the other scores every stone, they none; if both rows or neither is empty, the game is drawn. A game ended by `inner_row_empty` looks at the inner rows.
        EmptyRowLoses = "empty_row_loses",
    }
}

impl Leftovers {
    /// Whether the final scores this scoring gives depend on what was
    /// captured before the end, not only on the position's board (a drawn
    /// or won game sets the captures aside). `sow solve`, whose positions do
    /// not record captures, refuses such ends.
    pub fn sets_captures_aside(self) -> bool {
        matches!(
            self,
            Leftovers::Draw
                | Leftovers::AbleToMove
                | Leftovers::EmptyRowWins
                | Leftovers::EmptyRowLoses
        )
    }
}

keyword_enum! {
    /// What happens when a position (board and side to move) repeats.
    Repetition {
        /// Nothing: the game goes on (only a simulator's ply cap stops a cycling game).
        Ignore = "ignore",
        /// The game ends when a position (board and player to move) repeats.
        EndGame = "end_game",
        /// At a repeated position the player to move may propose to end the
        /// game (the move `propose`), and the opponent accepts (`accept`: the
        /// game ends, scored by `repetition_leftovers`) or refuses (`refuse`:
        /// the proposer sows, as they would have).
        Agree = "agree",
    }
}

keyword_enum! {
    /// What counts as a repeating game under `repetition agree`.
    RepetitionTest {
        /// A position (board and player to move) repeats one seen since the
        /// last capture.
        Position = "position",
        /// The boards after the last twelve moves (a vote is a move, leaving
        /// the board as it was) are the same four boards three times over:
        /// the game has gone round the same four-move loop three times
        /// (Ludii's `is Cycle`). The players to move are not compared.
        FourMovesThrice = "four_moves_thrice",
    }
}

/// A match of rounds: each round is a game under the rules above; when it
/// ends, the stones go back into the pits and the next round starts, until
/// the match ends. `refill: None` (the default) is a game of one round.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct Rounds {
    /// How the stones go back into the pits; `None`: one round only.
    pub refill: Option<Refill>,
    /// Which of their own pits a player fills first.
    pub fill_from: FillFrom,
    /// Where the stones a player cannot make a full pit of go.
    pub remainder: Remainder,
    /// Who fills the pit the two remainders make up (`refill surplus`).
    pub odd_pit: OddPit,
    /// Who fills first under `refill surplus`, on round the board.
    pub first_filler: FirstFiller,
    /// What a pit its owner could not fill is for the round.
    pub unfilled: Unfilled,
    /// Who moves first in the next round.
    pub next_start: NextStart,
    /// When the match ends and who wins it.
    pub match_end: MatchEnd,
    /// Under `match_end cannot_fill_one`: how many pits a player must be
    /// able to fill when a round ends to play on (`match_end_pits`), when
    /// more than one; `None`: one.
    #[serde(default)]
    pub match_end_pits: Option<u8>,
    /// Under `match_end no_stones`: how many stones a player must have
    /// when a round ends to play on (`match_end_stones`), when more than
    /// one; `None`: one.
    #[serde(default)]
    pub match_end_stones: Option<u8>,
}

keyword_enum! {
    /// How the stones go back into the pits when a round ends.
    Refill {
        /// Each player fills their own pits, `seeds` to a pit, from what
        /// they scored in the round (captures and leftovers); a pit they
        /// cannot fill is closed for the next round, and the stones left
        /// over stay theirs (captured) into the next round.
        Captures = "captures",
        /// Each player is owed a pit for every `seeds` stones they scored;
        /// each fills their own row first (from `fill_from`), and the
        /// player who scored more takes the other's pits that are left,
        /// which then are theirs to play and to score. When the two
        /// remainders make up `seeds`, the pit left over goes to the larger
        /// remainder (topped up from the other's; equal remainders: to its
        /// row's player). A pit still unfilled is closed; stones left over
        /// stay their player's (captured) into the next round.
        Surplus = "surplus",
    }
}

keyword_enum! {
    /// Which of their own pits a player fills first.
    FillFrom {
        /// From the player's left (`a` for South, `A` for North).
        Left = "left",
        /// From the player's right.
        Right = "right",
        /// The player chooses: at the start of the round, each player
        /// short of stones names the pits to fill, one move (`+c`) per pit,
        /// from their left, and under `remainder next_pit` then the pit for
        /// the stones short of a full one, any pit left; under `refill
        /// surplus` (with `odd_pit nobody`) the player who scored more then
        /// names the pits of the other's row they are owed beyond their own,
        /// once the other has named theirs (Ludii's Motiq).
        Choice = "choice",
    }
}

keyword_enum! {
    /// Where the stones a player cannot make a full pit of go, when a round
    /// ends.
    Remainder {
        /// They stay the player's (captured) into the next round.
        Kept = "kept",
        /// A player who cannot fill every pit puts them in the next pit
        /// they would fill, which is open for the round with fewer than
        /// `seeds` (Erherhe); a player who fills every pit keeps them.
        NextPit = "next_pit",
    }
}

keyword_enum! {
    /// Under `refill surplus`, who fills the pit the two players'
    /// remainders make up together (`seeds` between them).
    OddPit {
        /// The larger remainder, topped up from the other's; on equal
        /// remainders, the pit's row's player.
        Larger = "larger",
        /// The larger remainder, topped up from the other's; on equal
        /// remainders nobody: the pit is closed and each keeps their
        /// remainder (Gabata (Shoa I): "three extra ... also gain a hole,
        /// but not if there are one or two extra").
        LargerUnequal = "larger_unequal",
        /// Nobody: the pit is closed and each keeps their remainder, a
        /// player getting only the pits they fill (Motiq: "as many holes as
        /// they can fill").
        Nobody = "nobody",
        /// The larger remainder, topped up from the other's; on equal
        /// remainders, North (Ludii's Awagagae: the pit is South's when
        /// South has three, else North's).
        LargerOrNorth = "larger_or_north",
    }
}

keyword_enum! {
    /// Under `refill surplus`, which player fills first: each fills their
    /// own row in `fill_from` order, then on round the board into the
    /// other's row (in the other's `fill_from` order), the second taking
    /// the pits the first left, from their own row on.
    FirstFiller {
        /// The player who scored less (South on equal scores): the richer
        /// player's pits beyond their own row are the poorer's row's last.
        Poorer = "poorer",
        /// The player to move when the round ends, whatever the scores
        /// (Ludii's Qelat, where the refill is a phase of moves, a player
        /// filling all their holes in one turn): on equal
        /// remainders, the pit they make up goes to the second filler.
        ToMove = "to_move",
        /// The player who scored more (South on equal scores; Ludii's Um
        /// el Banat, which gives the refill's first turn to the richer):
        /// on equal remainders, the pit they make up goes to the second
        /// filler.
        Richer = "richer",
    }
}

keyword_enum! {
    /// What a pit its owner could not fill at a round's start is for that
    /// round.
    Unfilled {
        /// Closed: it holds nothing, sowing passes over it, it cannot be
        /// played and nothing is captured from it.
        Closed = "closed",
        /// Waiting: sown into like any pit, but not played nor captured
        /// from until it holds `seeds` stones after a move; it is then open
        /// for the rest of the round (Khrour).
        Reopens = "reopens",
        /// Open: an empty pit of its owner's like any other, sown into,
        /// played once it holds stones and captured from (Ludii's Sungka,
        /// which leaves an unfilled hole empty and plays on with it).
        Open = "open",
        /// Nobody's: sown into and captured from like any pit, but played
        /// by nobody for the rest of the round (Ludii's Gabata (Adegrat),
        /// which gives a hole nobody fills no owner).
        Unplayed = "unplayed",
    }
}

keyword_enum! {
    /// Who moves first in the next round.
    NextStart {
        /// The player who scored less in the round (on equal scores, the
        /// player who did not start it).
        Loser = "loser",
        /// The player who scored more in the round (on equal scores, the
        /// player who did not start it).
        Winner = "winner",
        /// The player who scored more in the round; on equal scores, South
        /// (Ludii's Hufesay, whose code tests South's total `>=` North's).
        WinnerOrSouth = "winner_or_south",
        /// The player who did not start the round.
        Alternate = "alternate",
        /// The turn order goes on through the refill, the players filling
        /// one pit a turn from the player to move when the round ended, a
        /// player with no pit left to fill passing, and the round starting
        /// once both have passed: the player to move at the round's end,
        /// unless they fill more pits than the other, who then starts
        /// (Ludii, where the refill is a phase of moves).
        TurnOrder = "turn_order",
        /// As `turn_order`, but a turn fills one pit with `seeds` stones
        /// taken from the player's own: the pit two remainders make up
        /// (`odd_pit`) is filled in the same turn as its filler's last
        /// pit, so the round starts with the player to move at the round's
        /// end unless they fill more such pits than the other (Ludii's
        /// Jimafesosh, whose move of a player's last four also tops up the
        /// three left with the other's one).
        TurnOrderFullPits = "turn_order_full_pits",
        /// As `turn_order`, but the player to move when the round ends
        /// passes first: the other player fills first, and the round
        /// starts with them unless they fill more pits than the player who
        /// passed (Ludii's Sungka, whose round ends once the players have
        /// passed in turn).
        TurnOrderAfterPass = "turn_order_after_pass",
        /// The player to move when the round ends (Ludii's Qelat, where that
        /// player fills first, all their holes in one turn, and moves again
        /// once the other has filled theirs).
        ToMove = "to_move",
        /// The player who made the round's last move: the one to move when
        /// it ends if that move gave them another turn, else the other
        /// (MancalaGames' Dakon, `round_starter LAST_MOVER`).
        LastMover = "last_mover",
    }
}

keyword_enum! {
    /// When a match of rounds ends and who wins it.
    MatchEnd {
        /// When a round ends and a player cannot fill a single pit (under
        /// `match_end_pits N`, N pits): the other player wins the match.
        CannotFillOne = "cannot_fill_one",
        /// When a round ends and a player scored nothing in it (under
        /// `match_end_stones N`, fewer than N stones): the other player
        /// wins the match (with `remainder next_pit`, a player with
        /// fewer than `seeds` still plays their partly filled pit).
        NoStones = "no_stones",
        /// When a round ends and the refill leaves a player no open pit of
        /// their own (`refill surplus`: the pit two remainders make up
        /// counts, so three stones may still fill one): the other player
        /// wins the match (Gabata (Shoa I): "until one player takes all the
        /// counters").
        NoPit = "no_pit",
    }
}

/// Pits that become a player's: the last stone of a move (of a lap, under
/// relay sowing) making `count` in a pit of the opponent claims it for the
/// mover (Toguz Kumalak's tuzdik, the Ethiopian weg and qasamo). It is
/// never played, relayed from or captured from again; the stones sown into
/// it are its owner's, paid at once or kept in it until the game or round
/// ends (`stones`), and the opponent may take a tribute from it
/// (`tribute`). `count: None` (the default): no pit is ever claimed.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct Claim {
    /// The count the last stone makes in an opponent's pit to claim it.
    pub count: Option<u8>,
    /// Places in a row, from its owner's left (1 first), that are never
    /// claimed (sorted; empty: any).
    pub except: Vec<u8>,
    /// Whether a player may claim the pit at the same place (from its
    /// owner's left) as the pit the opponent claimed in their row.
    pub mirror: Mirror,
    /// Which pits may be claimed.
    pub of: ClaimOf,
    /// How many pits a player may claim.
    pub limit: ClaimLimit,
    /// Where the stones in and sown into a claimed pit go.
    pub stones: ClaimStones,
    /// Stones the mover takes from an opponent's claimed pit where a move's
    /// last stone falls (the last stone counted); `None`: none.
    pub tribute: Option<u8>,
    /// True when the first time a player's last stone falls into a given
    /// claimed pit of the opponent takes no tribute (Mewegae: "nothing
    /// happens on the first instance").
    pub first_landing_free: bool,
    /// The fewest stones a claimed pit must hold, the last stone counted,
    /// for a tribute to be taken from it; `None`: any (one, the last).
    #[serde(default)]
    pub tribute_least: Option<u8>,
    /// What the mover does after taking a tribute.
    pub tribute_then: TributeThen,
    /// Who gets the tribute: the mover, or the claimed pit's owner.
    #[serde(default)]
    pub tribute_to: TributeTo,
    /// How a pit is claimed: the last stone makes `count` in it, or it
    /// holds `count` facing the empty pit of the mover's row the last stone
    /// fell into.
    #[serde(default)]
    pub by: ClaimBy,
    /// What a claim takes: the pit alone, or it and the pit facing it.
    #[serde(default)]
    pub pair: ClaimPair,
    /// Which laps making `count` end a relay: those that claim, or any.
    #[serde(default)]
    pub relay_stops: RelayStops,
}

keyword_enum! {
    /// Under relay sowing, which laps whose last stone makes the claiming
    /// count end the move.
    RelayStops {
        /// Those that claim the pit (the others relay on, as any lap
        /// ending in an occupied pit).
        OnClaim = "on_claim",
        /// Any: a lap whose last stone makes the count in any pit ends the
        /// move there, claiming it only where it may be claimed (Ludii's Um
        /// el Banat, whose code ends a lap making four in the mover's own
        /// row).
        OnCount = "on_count",
    }
}

keyword_enum! {
    /// How a pit is claimed.
    ClaimBy {
        /// The last stone makes `makes` in a pit of the opponent.
        Landing = "landing",
        /// The last stone falls into an empty pit of the mover's row, and
        /// the opponent's pit facing it holds `makes`: one stone of that
        /// pit crosses into the landing pit (Leyla Gobale: "one of the
        /// opponent's counters is taken and placed into the hole where
        /// sowing ended, so that each now has two counters").
        EmptyFacing = "empty_facing",
    }
}

keyword_enum! {
    /// What a claim takes.
    ClaimPair {
        /// The claimed pit alone.
        One = "one",
        /// The claimed pit and the pit facing it, both the claimer's
        /// (Leyla: "this hole and the one opposite it are captured").
        Facing = "facing",
    }
}

keyword_enum! {
    /// Which pits may be claimed.
    ClaimOf {
        /// The pits of the opponent's row.
        Row = "row",
        /// The pits the opponent owns (their row, less and plus the pits
        /// that changed hands under `refill surplus`).
        Owned = "owned",
        /// Any pit, the mover's own too (Ludii's Gabata (Shoa I) and
        /// Mewegae, whose code claims a hole of either row).
        Any = "any",
    }
}

keyword_enum! {
    /// How many pits a player may claim.
    ClaimLimit {
        /// One in a game (or round): Toguz Kumalak's tuzdik.
        One = "one",
        /// Any number.
        None = "none",
    }
}

keyword_enum! {
    /// Where the stones in and sown into a claimed pit go.
    ClaimStones {
        /// To its owner, captured at once: the pit holds nothing between
        /// moves (the stones in it when it is claimed are the mover's
        /// capture).
        ToOwner = "to_owner",
        /// They stay in the pit, which nobody plays, and are its owner's
        /// when the game or round ends (the weg: a tribute can take from
        /// them).
        Kept = "kept",
    }
}

keyword_enum! {
    /// Who gets the stones of a tribute.
    TributeTo {
        /// The mover, who took them.
        Mover = "mover",
        /// The claimed pit's owner, the opponent (Ludii's Awagagae).
        Owner = "owner",
    }
}

keyword_enum! {
    /// What the mover does after taking a tribute.
    TributeThen {
        /// The turn ends.
        End = "end",
        /// The mover moves again, from any pit of theirs.
        Again = "again",
    }
}

keyword_enum! {
    /// Whether a pit may be claimed at the place of the opponent's claimed pit.
    Mirror {
        /// Any place may be claimed.
        Allowed = "allowed",
        /// Not the place, counted from the row owner's left, of the pit
        /// the opponent claimed (Toguz Kumalak: "not symmetrical").
        Forbidden = "forbidden",
    }
}

keyword_enum! {
    /// Which moves are first moves, for `first_move_from` and a capture
    /// rule's `first_move`.
    FirstMoves {
        /// The game's first move only (South's).
        Game = "game",
        /// Each player's first move: South's, then North's.
        EachPlayer = "each_player",
    }
}

keyword_enum! {
    /// What a first move does with the stones of the pit played.
    FirstMoveKind {
        /// Sows them, as any move.
        Sow = "sow",
        /// Moves them all into the next pit in the pit's sowing direction
        /// (the opponent's first pit from the mover's last), without
        /// capture: English Wari (St. Lucia)'s opening move.
        Shift = "shift",
    }
}

keyword_enum! {
    /// Which pits a player may play.
    PlayFrom {
        /// The pits of their own row.
        Own = "own",
        /// Any pit of the board, the opponent's included (no sides).
        Any = "any",
        /// Only the pits of the opponent's row (Tap Urdy: "players sow
        /// counters ... from one of the holes in their opponent's row").
        Opponent = "opponent",
    }
}

keyword_enum! {
    /// What a move must already have done for a capture rule to apply.
    Requires {
        /// Nothing: the rule applies to every move.
        Nothing = "nothing",
        /// A capture by an earlier rule in the same move (a sweep that
        /// follows a capture at the landing pit, Wouri).
        Capture = "capture",
        /// A capture at the end of the move's first lap: a move whose first
        /// lap does not capture captures nothing in its later laps (Bao's
        /// takasa move).
        FirstLap = "first_lap",
    }
}

keyword_enum! {
    /// What a move's first lap must do for the move to be legal.
    FirstLap {
        /// Anything: every pit holding `min_stones` may be played.
        Any = "any",
        /// Sow a stone into the opponent's row, or end in a pit of the
        /// mover's row that was empty (Dabuda's "provided the sowing leads
        /// into the opponent's row or finishes in an empty hole").
        ReachesOrEmpty = "reaches_or_empty",
        /// End in a capture, when some move's first lap does: a capturing
        /// move is obligatory (Bao's "if a player can capture, he must").
        Captures = "captures",
        /// Any, but a pit holding a single stone is played only when that
        /// stone falls into an empty pit (Kay's "single counters can only
        /// be sowed when the next hole is empty").
        SingleIntoEmpty = "single_into_empty",
    }
}
