//! Peer check against Ludii: Ludii's own uniformly random games of the
//! Ludii games our variant files cite (tests/peers/ludii/<variant>.jsonl.gz,
//! made by scripts/ludii-dump from Ludii 1.3.13, commit 845cda6f33; the map
//! of files to games is tests/peers/ludii/games.tsv) are replayed ply by
//! ply through the library with the shipped variant. Every Ludii decision
//! must offer as many legal moves as `sow` does and lead to the same board,
//! stores and player to move; the game must end where Ludii's ends, with
//! the same winner (a game Ludii stopped at its turn limit must still be
//! going on in `sow`).
//!
//! Ludii makes each relay lap a move of its own in some games (the same
//! player moves again, from the last hole): a `sow` ply is matched with
//! the shortest run of Ludii moves by one player that reaches the same
//! position. Which of `sow`'s legal moves was played is found the same way
//! (the one that reaches Ludii's position, the pit Ludii sowed from tried
//! first), so a direction, a refill or a vote needs no translation.
//!
//! Where Ludii draws lots between rounds (Qelat, Gabata (Shoa I),
//! Jimafesosh, Mewegae: the rules say lots are drawn), the replay draws the same
//! lots from the game's seed and gives the hole to their winner.
//!
//! Many files part from Ludii where their header says they follow the rule
//! text over Ludii's code; this is not a test that every file agrees. The
//! files whose every dumped game agrees are listed in
//! tests/peers/ludii/agreement.tsv (with the first parting of every other
//! file), and the test fails when that list stops being true, either way.
//! `UPDATE_LUDII=1 cargo test --test integration ludii::` rewrites it.

use std::{
    collections::BTreeMap,
    fmt::Write as _,
    io::{BufRead, BufReader},
    path::{Path, PathBuf},
};

use serde_json::Value;
use sowing::{
    diagnostic::Source,
    engine::{pit_label, AfterRound, Move, Outcome, Player, Wide},
    rules,
};

/// Ludii's boards are replayed at the wide width: its 64 slots hold every
/// board its files play (Hus (Nama)'s 4x16 the largest), and a game plays
/// alike at every width that holds its board.
type Game = sowing::engine::Game<Wide>;
type Position = sowing::engine::Position<Wide>;
type MatchRun<'g> = sowing::engine::MatchRun<'g, Wide>;

fn data_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/peers/ludii")
}

/// One row of games.tsv.
struct Mapped {
    variant: String,
    /// The Ludii game's path under `Common/res/lud/`.
    lud: String,
    claim: String,
    games: usize,
    /// `Some(reason)` when the file cannot be replayed against Ludii's games.
    not_comparable: Option<String>,
}

fn read_map() -> Vec<Mapped> {
    let text = std::fs::read_to_string(data_dir().join("games.tsv")).unwrap();
    let mut lines = text.lines();
    let header: Vec<&str> = lines.next().unwrap().split('\t').collect();
    let column = |name: &str| header.iter().position(|&h| h == name).unwrap();
    let (variant, lud, claim, games, compare) = (
        column("variant"),
        column("lud"),
        column("claim"),
        column("games"),
        column("compare"),
    );
    lines
        .map(|line| {
            let fields: Vec<&str> = line.split('\t').collect();
            assert_eq!(fields.len(), header.len(), "games.tsv: {line}");
            Mapped {
                variant: fields[variant].to_string(),
                lud: fields[lud].to_string(),
                claim: fields[claim].to_string(),
                games: fields[games]
                    .parse()
                    .unwrap_or_else(|_| panic!("games.tsv: games of {}", fields[variant])),
                not_comparable: match fields[compare] {
                    "yes" => None,
                    reason => Some(reason.to_string()),
                },
            }
        })
        .collect()
}

/// The variant a file's Ludii games are replayed with: its `ludii`
/// reading when it has one, else its base rules.
struct Replayed {
    game: Game,
    /// `Some("ludii")` when the file's `ludii` reading is replayed.
    reading: Option<String>,
    /// The artifacts of Ludii's engine the reading names
    /// (src/rules/artifacts.rs): the games whose first parting reaches one
    /// are left out, by its name.
    artifacts: Vec<String>,
}

/// The name of the reading that follows Ludii's code.
const LUDII_READING: &str = "ludii";

fn replayed(variant: &str) -> Replayed {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("variants/{variant}.variant"));
    let text = std::fs::read_to_string(&path).unwrap();
    let source = Source::new(path.display().to_string(), text);
    let about = rules::readings::about(&source.text)
        .into_iter()
        .find(|r| r.name == LUDII_READING);
    let rules = match &about {
        Some(_) => match rules::readings::load(&source, LUDII_READING) {
            Ok(loaded) => loaded.rules,
            Err(rules::readings::ReadingError::Invalid(report)) => panic!("{report}"),
            Err(rules::readings::ReadingError::Unknown { .. }) => unreachable!("listed"),
        },
        None => {
            rules::load(&source)
                .unwrap_or_else(|report| panic!("{report}"))
                .rules
        }
    };
    Replayed {
        game: Game::with_width(rules),
        reading: about.as_ref().map(|a| a.name.clone()),
        artifacts: about.map(|a| a.artifacts).unwrap_or_default(),
    }
}

/// Where `sow`'s pits and captures are among Ludii's sites.
struct Layout {
    /// Ludii's board site of each of `sow`'s pits.
    site_of_pit: Vec<usize>,
    /// `sow`'s pit at each Ludii board site (`None`: a store).
    pit_of_site: Vec<Option<usize>>,
    /// The board site of each player's store, South's first, when Ludii
    /// has stores on the board.
    stores: Option<[usize; 2]>,
    /// The index (among the hands) of each player's hand, when Ludii keeps
    /// captures in hands.
    hands: Option<[usize; 2]>,
    /// The length of Ludii's (first) sowing track.
    track_length: usize,
}

/// `sow`'s pit at row `row` (from South's side, 0-based) and column `col`
/// (from South's left) of a board of `rows` rows of `n` pits: the numbering
/// of src/engine/topology.rs.
fn pit_at(rows: usize, n: usize, row: usize, col: usize) -> usize {
    match (rows, row) {
        (2, 0) | (3, 0) | (4, 0) => col,
        (2, 1) => n + (n - 1 - col),
        (3, 1) if col >= n / 2 => n + (n - 1 - col),
        (3, 1) => 5 * n / 2 + col,
        (3, 2) => 3 * n / 2 + (n - 1 - col),
        (4, 1) => n + (n - 1 - col),
        (4, 2) => 3 * n + col,
        (4, 3) => 2 * n + (n - 1 - col),
        _ => unreachable!("row {row} of {rows}"),
    }
}

impl Layout {
    /// Reads Ludii's layout: the rows are the board sites sharing a height
    /// (the most sites a height holds), bottom first; other board sites are
    /// stores, whose owners Ludii's `(map ...)` names.
    fn new(game: &Game, layout: &Value) -> Result<Layout, String> {
        let sites = layout["sites"].as_array().unwrap();
        let mut heights: BTreeMap<i64, Vec<(f64, usize)>> = BTreeMap::new();
        for site in sites {
            let y = (site["y"].as_f64().unwrap() * 1000.0).round() as i64;
            let x = site["x"].as_f64().unwrap();
            let index = site["site"].as_u64().unwrap() as usize;
            heights.entry(y).or_default().push((x, index));
        }
        let width = heights.values().map(Vec::len).max().unwrap();
        let rows: Vec<Vec<(f64, usize)>> = heights
            .into_values()
            .filter(|row| row.len() == width)
            .map(|mut row| {
                row.sort_by(|a, b| a.0.total_cmp(&b.0));
                row
            })
            .collect();
        let topology = game.topology();
        if rows.len() != topology.rows() || width != topology.per_row() {
            return Err(format!(
                "Ludii's board is {}x{width}, sow's {}x{}",
                rows.len(),
                topology.rows(),
                topology.per_row()
            ));
        }
        let mut site_of_pit = vec![0; game.pit_count()];
        let mut pit_of_site = vec![None; sites.len()];
        for (r, row) in rows.iter().enumerate() {
            for (col, &(_, site)) in row.iter().enumerate() {
                let pit = pit_at(rows.len(), width, r, col);
                site_of_pit[pit] = site;
                pit_of_site[site] = Some(pit);
            }
        }
        let others: Vec<usize> = (0..sites.len())
            .filter(|&s| pit_of_site[s].is_none())
            .collect();
        let stores = layout["maps"].as_array().unwrap().iter().find_map(|map| {
            let entries = map["entries"].as_array()?;
            let owner = |player: u64| {
                entries
                    .iter()
                    .find(|e| e[0].as_u64() == Some(player))
                    .and_then(|e| e[1].as_u64())
                    .map(|s| s as usize)
                    .filter(|s| others.contains(s))
            };
            Some([owner(1)?, owner(2)?])
        });
        let hand_list: Vec<&Value> = layout["containers"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|c| c["kind"] == "hand")
            .collect();
        let hand_of = |player: u64| hand_list.iter().position(|c| c["owner"] == player);
        let hands = match (hand_of(1), hand_of(2)) {
            (Some(south), Some(north)) => Some([south, north]),
            _ => None,
        };
        let track_length = layout["tracks"][0]["sites"].as_array().map_or(0, Vec::len);
        Ok(Layout {
            site_of_pit,
            pit_of_site,
            stores,
            hands,
            track_length,
        })
    }

    /// What Ludii's state says `sow`'s position should hold: the pits in
    /// `sow`'s order, each player's captures where Ludii keeps them, and
    /// the player to move.
    fn expected(&self, state: &Value) -> Expected {
        let counts = state["c"].as_array().unwrap();
        let count = |site: usize| counts[site].as_u64().unwrap();
        let pits = self.site_of_pit.iter().map(|&s| count(s)).collect();
        let mut captured = None;
        if let Some(stores) = self.stores {
            captured = Some(stores.map(count));
        }
        if let Some(hands) = self.hands {
            let held = hands.map(|h| {
                state["h"][h]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|n| n.as_u64().unwrap())
                    .sum::<u64>()
            });
            let before = captured.unwrap_or([0, 0]);
            captured = Some([before[0] + held[0], before[1] + held[1]]);
        }
        Expected {
            pits,
            captured,
            to_move: if state["x"] == 1 {
                Player::South
            } else {
                Player::North
            },
        }
    }
}

/// A position as Ludii's state gives it, in `sow`'s terms.
#[derive(Debug, PartialEq)]
struct Expected {
    pits: Vec<u64>,
    /// `None` when Ludii keeps no captures (they leave the board).
    captured: Option<[u64; 2]>,
    to_move: Player,
}

impl Expected {
    fn matches(&self, game: &Game, pos: &Position, over: bool) -> bool {
        let pits = pos.pits[..game.pit_count()].iter().map(|&n| u64::from(n));
        pits.eq(self.pits.iter().copied())
            && self
                .captured
                .is_none_or(|c| c == pos.captured.map(u64::from))
            && (over || pos.to_move == self.to_move)
    }

    /// Whether this is Ludii's board at the end of a game whose counters
    /// it has all put in the stores (or hands): empty, with `scores` (the
    /// final scores, leftovers given) in them.
    fn scored(&self, scores: [u16; 2]) -> bool {
        self.pits.iter().all(|&n| n == 0) && self.captured == Some(scores.map(u64::from))
    }

    fn text(&self) -> String {
        let pits: Vec<String> = self.pits.iter().map(u64::to_string).collect();
        match self.captured {
            Some([s, n]) => format!("{} {} captured {s} {n}", pits.join(" "), self.to_move),
            None => format!("{} {}", pits.join(" "), self.to_move),
        }
    }
}

/// `sow`'s position in the same terms.
fn ours_text(game: &Game, pos: &Position) -> String {
    let pits: Vec<String> = pos.pits[..game.pit_count()]
        .iter()
        .map(u8::to_string)
        .collect();
    format!(
        "{} {} captured {} {}",
        pits.join(" "),
        pos.to_move,
        pos.captured[0],
        pos.captured[1]
    )
}

/// Where a replayed game first parts from Ludii's.
struct Parting {
    /// Ludii's move (from 1) where it parts.
    ply: usize,
    why: String,
    /// The artifact of Ludii's engine the sowing where it parts reaches,
    /// among those the replayed reading names.
    artifact: Option<&'static str>,
}

/// How a replayed game agreed.
#[derive(PartialEq)]
enum Agreed {
    /// To the end, with the same winner.
    ToTheEnd,
    /// To Ludii's turn or move limit, where `sow`'s game goes on.
    ToLudiisLimit,
    /// Through the file's one round: a file without rounds replaying a
    /// Ludii match ends where Ludii's first round ends, with its scores,
    /// and Ludii then fills the holes again.
    ThroughItsRound,
}

/// Whether Ludii's move fills a hole between rounds (it takes from a hand
/// or a store) or passes.
fn is_refill(layout: &Layout, ludii: &Value) -> bool {
    ludii["a"] == "pass" || fills_from_outside(layout, ludii)
}

/// Whether Ludii's move takes from a site that is no pit of `sow`'s (a
/// store or a hand): a hole filled between rounds.
fn fills_from_outside(layout: &Layout, ludii: &Value) -> bool {
    let site = ludii["s"].as_i64().unwrap();
    usize::try_from(site).is_ok_and(|s| layout.pit_of_site.get(s).copied().flatten().is_none())
}

/// The Ludii games whose refill draws lots for the hole two remainders of
/// two make up, filled after the first filler's holes from its right
/// (their `RememberOwnedHolesRandom`: the hole is P1's when `(value Random
/// (range 1 100))` is over 50), by path under `Common/res/lud/`. The rules
/// of all four say the lot is drawn. (Gabata (Ghinda) draws one too, for a
/// hole filled from the left; none of its stored games meets it.)
const DRAW_LOTS: &[&str] = &[
    "board/sow/two_rows/Gabata (Shoa I).lud",
    "board/sow/two_rows/Jimafesosh.lud",
    "board/sow/two_rows/Mewegae.lud",
    "board/sow/two_rows/Qelat.lud",
];

/// Ludii's lots in a game of seed `seed`: the context's random numbers,
/// Apache Commons RNG's `SplitMix64` started from the seed (as the runner
/// sets it), of which nothing else in these games draws, one draw a lot.
struct Lots(u64);

impl Lots {
    /// `SplitMix64.next()`.
    fn next_long(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// `BaseProvider.nextInt(n)` for an `n` not a power of two, of
    /// `LongProvider.nextInt()` (the long's two halves xored).
    fn next_int(&mut self, n: i32) -> i32 {
        loop {
            let long = self.next_long();
            let int = ((long >> 32) as u32 ^ long as u32) as i32;
            let bits = ((int as u32) >> 1) as i32;
            let val = bits % n;
            if bits.wrapping_sub(val).wrapping_add(n - 1) >= 0 {
                return val;
            }
        }
    }

    /// The winner of lot `index` (from 0) of the game.
    fn winner(seed: u64, index: usize) -> Player {
        let mut lots = Lots(seed);
        for _ in 0..index {
            lots.next_int(100);
        }
        match lots.next_int(100) + 1 > 50 {
            true => Player::South,
            false => Player::North,
        }
    }
}

/// Whether Ludii's move `j` (a refill move) fills a hole with the two
/// remainders of two: the mover's last two counters and two of the
/// other player's go into one hole in the same move.
fn fills_with_lot(layout: &Layout, moves: &[Value], j: usize) -> bool {
    let hand = |m: &Value, player: usize| m["h"][player][0].as_u64().unwrap_or(0);
    if j == 0 || moves[j]["s"].as_i64().unwrap_or(-1) < 0 || !is_refill(layout, &moves[j]) {
        return false;
    }
    let (before, after) = (&moves[j - 1], &moves[j]);
    let mover = usize::from(after["p"] == 2);
    let other = 1 - mover;
    hand(before, mover) >= 2
        && hand(after, mover) == 0
        && hand(after, other) + 2 == hand(before, other)
}

/// Gives the holes Ludii's refill moves `from..end` filled by lot to the
/// lots' winners in `pos`, `sow`'s position after the refill. A lot move
/// fills two holes: the mover's four in the first empty one along its
/// order (its row from its right, then the other's row from the other's
/// right: `sow`'s pits downwards, round the board), and the remainders in
/// the next.
fn draw_lots(
    layout: &Layout,
    moves: &[Value],
    (from, end): (usize, usize),
    seed: u64,
    pos: &mut Position,
) {
    let pits = layout.site_of_pit.len();
    let per_side = pits / 2;
    for j in (from..end).filter(|&j| fills_with_lot(layout, moves, j)) {
        let index = (0..j).filter(|&i| fills_with_lot(layout, moves, i)).count();
        let mover = usize::from(moves[j]["p"] == 2);
        let right = (mover + 1) * per_side - 1;
        let (was, now) = (layout.expected(&moves[j - 1]), layout.expected(&moves[j]));
        let lot_hole = (0..pits)
            .filter(|&pit| was.pits[pit] == 0 && now.pits[pit] > 0)
            .max_by_key(|&pit| (right + pits - pit) % pits);
        if let Some(pit) = lot_hole {
            let row_owner = if pit < per_side {
                Player::South
            } else {
                Player::North
            };
            let bit = 1 << pit;
            match Lots::winner(seed, index) == row_owner {
                true => pos.swapped &= !bit,
                false => pos.swapped |= bit,
            }
        }
    }
}

/// Starts `sow`'s next round as Ludii does, once `matched`'s round has
/// ended. Ludii's moves from `from` on that fill holes (or pass) are its
/// refill, one hole a move, the players taking turns; `sow` fills the same
/// pits (where the players choose them), and the positions after the
/// refill must agree (`before`: Ludii's state before `from`); where Ludii's
/// record stops at its limit (`at_limit`) in the middle of the refill, the
/// pits it has filled must be filled alike; where Ludii draws lots
/// (`lots`: the game's seed), the holes its refill fills by lot are the
/// lots' winners'. Returns the match and the index of Ludii's last move
/// used.
fn next_round_like<'g>(
    game: &Game,
    layout: &Layout,
    matched: &MatchRun<'g>,
    moves: &[Value],
    (from, at_limit): (usize, bool),
    before: &Value,
    lots: Option<u64>,
) -> Option<(MatchRun<'g>, usize)> {
    // Where Ludii swept the board into the hands at the round's end, the
    // round's scores must be Ludii's (a refilled board alone does not say
    // who owns which hole).
    let swept = layout.expected(before);
    if swept.pits.iter().all(|&n| n == 0) && swept.captured.is_some() {
        let run = matched.run();
        let scores = game.final_scores(run.position(), run.end()?);
        if !swept.scored(scores) {
            return None;
        }
    }
    let mut next = matched.clone();
    if !matches!(next.finish_rounds().first()?.after, AfterRound::Next(_)) {
        return None;
    }
    let mut end = from;
    while end < moves.len() && is_refill(layout, &moves[end]) {
        end += 1;
    }
    if let Some(seed) = lots {
        let mut start = *next.run().position();
        draw_lots(layout, moves, (from, end), seed, &mut start);
        next.run_mut().reset(start);
    }
    let target = if end > from { &moves[end - 1] } else { before };
    let wanted = layout.expected(target);
    // The pits each player filled in Ludii's refill (South's, North's), from
    // the holes each of its moves left holding counters.
    let mut filled_by = [0u64; 2];
    for j in from..end {
        let earlier = if j == 0 { before } else { &moves[j - 1] };
        let filler = usize::from(moves[j]["p"] == 2);
        let (was, now) = (layout.expected(earlier), layout.expected(&moves[j]));
        for (pit, (&a, &b)) in was.pits.iter().zip(&now.pits).enumerate() {
            if a == 0 && b > 0 {
                filled_by[filler] |= 1 << pit;
            }
        }
    }
    while next.run().position().refilling.is_some() {
        let pos = *next.run().position();
        // The pit Ludii filled with as many as `sow` puts there (a full
        // pit, or the stones short of one under `remainder next_pit`).
        let count = pos.captured[pos.to_move.index()].min(game.rules().board.seeds.into());
        let fills = |by_filler: bool| {
            next.run().moves().as_slice().iter().copied().find(|mv| {
                mv.filled_pit().is_some_and(|pit| {
                    pos.pits[pit] == 0
                        && wanted.pits[pit] == u64::from(count)
                        && (!by_filler || filled_by[pos.to_move.index()] >> pit & 1 == 1)
                })
            })
        };
        // Where Ludii's moves say which player filled a pit, the same.
        let fill = fills(true).or_else(|| fills(false));
        let legal = next.run().moves().as_slice();
        let mv = fill
            .or_else(|| legal.iter().copied().find(|&mv| mv == Move::PASS))
            // Past Ludii's last move at its limit: any pit still to name.
            .or_else(|| at_limit.then(|| legal.first().copied()).flatten())?;
        next.run_mut().play(mv).ok()?;
    }
    let over = end == moves.len();
    // Ludii's passes that follow its refill may open the next round: a
    // player whose every pit waits (`unfilled reopens`) passes, in `sow` too.
    for _ in 0..2 {
        let pos = next.run().position();
        if wanted.matches(game, pos, over) || next.run().moves().as_slice() != [Move::PASS] {
            break;
        }
        next.run_mut().play(Move::PASS).ok()?;
    }
    let pos = next.run().position();
    let partly_refilled = || {
        let ours = pos.pits[..game.pit_count()].iter().map(|&n| u64::from(n));
        (wanted.pits.iter().zip(ours)).all(|(&theirs, ours)| theirs == 0 || theirs == ours)
    };
    (wanted.matches(game, pos, over) || (over && at_limit && partly_refilled()))
        .then(|| (next, end.max(from) - 1))
}

/// Whether `matched`'s round, which has ended, ends the match.
fn match_over(matched: &MatchRun) -> bool {
    let after = matched.clone().finish_rounds().last().map(|c| c.after);
    matches!(after, Some(AfterRound::MatchOver(_)))
}

/// A sowing where a game parts, as the artifacts' detectors see it.
struct AtSowing<'a> {
    game: &'a Game,
    layout: &'a Layout,
    /// `sow`'s position before the move.
    before: &'a Position,
    mover: Player,
    /// `sow`'s pit sown from.
    pit: usize,
    /// The counters it held.
    sown: usize,
    /// The counters each of Ludii's moves in a row by the mover sowed (its
    /// relay laps, each from the hole the last one ended in; the first is
    /// `sown`).
    ludii_laps: Vec<usize>,
    /// The mover's captures after the move: `sow`'s, and Ludii's where it
    /// keeps them.
    captured: (u64, Option<u64>),
    /// `sow`'s position after the move, and Ludii's after the mover's
    /// moves in a row.
    boards: Option<(&'a Position, &'a Expected)>,
    /// Ludii's moves in a row by the mover from there (its relay laps).
    ludii_moves: usize,
    /// Ludii's moves before these.
    history: &'a [Value],
    /// Ludii's game stops at its move or turn limit after those moves with
    /// the mover still to move: in the middle of its turn.
    cut_by_limit: bool,
    /// Ludii's game ends by its rules after those moves with the mover
    /// still to move: the mover had no move in the middle of its turn.
    ended_mid_turn: bool,
    /// Where `sow`'s move ended the round: its final scores (leftovers
    /// given), and Ludii's board and captures after the mover's moves.
    round_end: Option<([u64; 2], &'a Expected)>,
    /// Ludii's last refill between rounds filled the hole the two
    /// remainders make up ([`odd_hole_filled`]).
    odd_hole: bool,
}

/// Whether Ludii's last refill between rounds before move `k` filled a
/// hole with the two remainders: a refill move that takes the mover's last
/// counters (two or more at once) and one of the other player's.
fn odd_hole_filled(layout: &Layout, moves: &[Value], k: usize) -> bool {
    let hand = |m: &Value, player: usize| m["h"][player][0].as_u64().unwrap_or(0);
    let refill =
        |j: usize| moves[j]["s"].as_i64().unwrap_or(-1) >= 0 && is_refill(layout, &moves[j]);
    let Some(last) = (0..k).rev().find(|&j| refill(j)) else {
        return false;
    };
    (0..=last).rev().take_while(|&j| refill(j)).any(|j| {
        let before = if j == 0 { return false } else { &moves[j - 1] };
        let mover = usize::from(moves[j]["p"] == 2);
        let other = 1 - mover;
        hand(before, mover) >= 2
            && hand(&moves[j], mover) == 0
            && hand(&moves[j], other) + 1 == hand(before, other)
    })
}

/// The pits that held counters on Ludii's board just before the move that
/// ended the last round before move `k`, but the one that move sowed from
/// (the holes a claim had made: a round ends when the counters left are
/// in wegs, and Ludii makes each relay lap a move, so that only the last
/// lap's origin held counters outside them; a weg holds fewer than four
/// once tributes emptied it), as a bit set of `sow`'s pits.
fn wegs_at_last_round_end(layout: &Layout, moves: &[Value], k: usize) -> u64 {
    let refill =
        |j: usize| moves[j]["s"].as_i64().unwrap_or(-1) >= 0 && is_refill(layout, &moves[j]);
    let Some(last) = (0..k).rev().find(|&j| refill(j)) else {
        return 0;
    };
    let first = (0..=last)
        .rev()
        .take_while(|&j| refill(j))
        .last()
        .unwrap_or(last);
    if first < 2 {
        return 0;
    }
    let origin = usize::try_from(moves[first - 1]["s"].as_i64().unwrap_or(-1))
        .ok()
        .and_then(|s| layout.pit_of_site.get(s).copied().flatten());
    let pits = layout.expected(&moves[first - 2]).pits;
    (pits.iter().enumerate())
        .filter(|&(pit, &n)| n > 0 && Some(pit) != origin)
        .fold(0, |set, (pit, _)| set | 1 << pit)
}

/// Legal-move counts where a game parts, as the artifacts' detectors see
/// them.
struct AtLegal<'a> {
    game: &'a Game,
    layout: &'a Layout,
    /// Ludii's moves before the one whose legal moves part.
    history: &'a [Value],
    /// `sow`'s position there.
    position: &'a Position,
    /// `sow`'s legal moves.
    moves: &'a [Move],
    /// The mover moved just before (Ludii's previous move is theirs too):
    /// an extra turn.
    again: bool,
    /// `sow`'s legal moves.
    ours: usize,
    /// Ludii's.
    theirs: usize,
    /// Ludii's last refill between rounds filled the hole the two
    /// remainders make up ([`odd_hole_filled`]).
    odd_hole: bool,
    /// The holes a claim had made when the last round ended
    /// ([`wegs_at_last_round_end`]).
    claimed_last_round: u64,
}

/// The end of a game whose winner parts, as the artifacts' detectors see
/// it.
struct AtEnd<'a> {
    /// `sow`'s last position (before the counters left are given).
    position: &'a Position,
    /// The stones on `sow`'s board there.
    left: u64,
    /// Ludii's last scores, where it keeps them.
    ludii_scores: Option<[u64; 2]>,
}

/// An artifact's detector, by where a game parts: at a sowing, at the
/// legal-move counts, at either, or at the winner.
#[derive(Clone, Copy)]
enum Detector {
    Sowing(fn(&AtSowing) -> bool),
    Legal(fn(&AtLegal) -> bool),
    SowingOrLegal(fn(&AtSowing) -> bool, fn(&AtLegal) -> bool),
    End(fn(&AtEnd) -> bool),
    PlaysOn(fn(&AtPlaysOn) -> bool),
}

/// A game `sow` has ended where Ludii plays on, as the artifacts' detectors
/// see it.
struct AtPlaysOn<'a> {
    /// The player `sow` has to move, who has no move.
    stuck: Player,
    /// Ludii's moves from there to its end.
    rest: &'a [Value],
    /// Whether Ludii's game ended by its rules with `sow`'s winner.
    same_end: bool,
}

/// Ludii's game goes on for one pass of the player `sow` finds stuck, then
/// moves of the other player only, and ends by its rules with `sow`'s
/// winner.
fn reaches_stalemate_seen_a_move_late(at: &AtPlaysOn) -> bool {
    let stuck = if at.stuck == Player::South { 1 } else { 2 };
    let late = match at.rest {
        [pass, rest @ ..] => {
            pass["p"] == stuck
                && pass["a"] == "pass"
                && !rest.is_empty()
                && rest.iter().all(|m| m["p"] != stuck)
        }
        [] => false,
    };
    late && at.same_end
}

/// The detector of each artifact of src/rules/artifacts.rs: whether the
/// place where a game parts reaches it.
fn detector(name: &str) -> Option<Detector> {
    match name {
        "origin_test" => Some(Detector::Sowing(reaches_origin_test)),
        "north_on_south_track" => Some(Detector::Sowing(reaches_north_on_south_track)),
        "chain_stops_before_origin" => Some(Detector::Sowing(reaches_chain_stops_before_origin)),
        "relay_to_move_limit" => Some(Detector::Sowing(reaches_relay_to_move_limit)),
        "leftovers_to_north" => Some(Detector::Sowing(reaches_leftovers_to_north)),
        "direction_kept_without_capture" => {
            Some(Detector::Legal(reaches_direction_kept_without_capture))
        }
        "direction_kept_after_capture" => {
            Some(Detector::Legal(reaches_direction_kept_after_capture))
        }
        "able_scores_stuck_store" => Some(Detector::End(reaches_able_scores_stuck_store)),
        "stalemate_seen_a_move_late" => Some(Detector::PlaysOn(reaches_stalemate_seen_a_move_late)),
        "feeding_tested_each_lap" => Some(Detector::Sowing(reaches_feeding_tested_each_lap)),
        "tuzdik_in_first_hole_kept" => Some(Detector::Sowing(reaches_tuzdik_in_first_hole_kept)),
        "refill_into_forgotten_hole" => Some(Detector::SowingOrLegal(
            |at| refilled_forgotten_hole(at.game, at.layout, at.history),
            |at| refilled_forgotten_hole(at.game, at.layout, at.history),
        )),
        "round_starter_by_rows_before_sweep" => {
            Some(Detector::Sowing(reaches_round_starter_by_rows_before_sweep))
        }
        "weg_kept_across_rounds" => Some(Detector::Legal(reaches_weg_kept_across_rounds)),
        "relay_hole_kept_across_refill" => {
            Some(Detector::Legal(reaches_relay_hole_kept_across_refill))
        }
        "own_weg_still_sown" => Some(Detector::Legal(reaches_own_weg_still_sown)),
        "odd_hole_nobodys" => Some(Detector::SowingOrLegal(|at| at.odd_hole, |at| at.odd_hole)),
        "mark_cleared_when_emptied" => Some(Detector::SowingOrLegal(
            reaches_mark_cleared_when_emptied,
            reaches_mark_cleared_when_emptied_legal,
        )),
        _ => None,
    }
}

/// The first artifact of those a reading names whose detector says the
/// place where a game parts reaches it.
fn reached(artifacts: &[String], reaches: impl Fn(Detector) -> bool) -> Option<&'static str> {
    (artifacts.iter())
        .map(|name| rules::artifacts::find(name).expect("checked by the reading"))
        .find(|artifact| detector(artifact.name).is_some_and(&reaches))
        .map(|artifact| artifact.name)
}

/// A player may sow either way, and Ludii offers exactly one way from each
/// pit `sow` offers both ways from: the way a relay went in an earlier
/// move that ended without a capture.
fn reaches_direction_kept_without_capture(at: &AtLegal) -> bool {
    let either = (at.game.rules().sowing.direction).contains(&rules::PitDirection::Either);
    either && at.theirs * 2 == at.ours
}

/// An extra turn after a capture, where Ludii offers exactly `sow`'s moves
/// from the pits that sow one way (the way the capturing move went), or
/// only a pass where none of them holds a counter.
fn reaches_direction_kept_after_capture(at: &AtLegal) -> bool {
    let after_capture = at.game.rules().sowing.extra_turn == rules::ExtraTurn::Capture;
    let one_way = |way: rules::PitDirection| {
        (at.moves.iter())
            .filter(|mv| at.game.pit_direction(usize::from(mv.pit)) == way)
            .count()
    };
    at.again
        && after_capture
        && at.theirs < at.ours
        && [rules::PitDirection::Ccw, rules::PitDirection::Cw]
            .into_iter()
            .any(|way| one_way(way) == at.theirs || (one_way(way) == 0 && at.theirs == 1))
}

/// Ludii's moves `history` hold a refill move that puts counters into a
/// hole of the filler's row that was empty when they passed at an earlier
/// refill, so forgotten by Ludii's Bosh for the rest of the match.
fn refilled_forgotten_hole(game: &Game, layout: &Layout, history: &[Value]) -> bool {
    let mut forgotten = [0u32; 2];
    let mut board = &Value::Null;
    for ludii in history {
        let player = match ludii["p"] == 1 {
            true => Player::South,
            false => Player::North,
        };
        let count = |state: &Value, pit: usize| state["c"][layout.site_of_pit[pit]].as_u64();
        let row = game.row(player);
        if ludii["a"] == "pass" {
            for pit in row.filter(|&pit| count(ludii, pit) == Some(0)) {
                forgotten[player.index()] |= 1 << pit;
            }
        } else if is_refill(layout, ludii)
            && row
                .filter(|&pit| forgotten[player.index()] >> pit & 1 == 1)
                .any(|pit| count(board, pit) == Some(0) && count(ludii, pit) > Some(0))
        {
            return true;
        }
        board = ludii;
    }
    false
}

/// Ludii offers fewer moves than `sow`, and one of `sow`'s is from a hole
/// a claim had made when the last round ended.
fn reaches_weg_kept_across_rounds(at: &AtLegal) -> bool {
    at.theirs < at.ours
        && (at.moves.iter()).any(|mv| at.claimed_last_round >> usize::from(mv.pit) & 1 == 1)
}

/// Ludii offers more moves than `sow`, one more for each hole holding
/// counters that the mover owns in the other's row and has captured.
fn reaches_own_weg_still_sown(at: &AtLegal) -> bool {
    let pos = at.position;
    let own_wegs = (0..at.game.pit_count())
        .filter(|&pit| {
            pos.claimed >> pit & 1 == 1
                && pos.swapped >> pit & 1 == 1
                && at.game.owner(pos, pit) == pos.to_move
                && pos.pits[pit] > 0
        })
        .count();
    own_wegs > 0 && at.theirs == at.ours + own_wegs
}

/// Ludii offers one move or none at the first move of a round whose
/// starter made the last refill move (Ludii's `SameTurn` holds), where
/// `sow` offers more.
fn reaches_relay_hole_kept_across_refill(at: &AtLegal) -> bool {
    let mover = match at.position.to_move {
        Player::South => 1,
        Player::North => 2,
    };
    at.theirs <= 1
        && at.theirs < at.ours
        && at.history.last().is_some_and(|last| {
            last["p"] == mover
                && last["s"].as_i64().unwrap_or(-1) >= 0
                && is_refill(at.layout, last)
        })
}

/// Under a feeding rule, Ludii's relay stops with the mover still to move
/// and its game ends there: no lap left the opponent a counter.
fn reaches_feeding_tested_each_lap(at: &AtSowing) -> bool {
    let feeds = at.game.rules().feeding.when != rules::FeedWhen::Never;
    feeds && at.ended_mid_turn
}

/// Under a claim rule, the boards part only in South's first pit, where
/// Ludii keeps the counters that `sow` gives North, North's captures short
/// by as many: North's tuzdik in that pit, never emptied by Ludii.
fn reaches_tuzdik_in_first_hole_kept(at: &AtSowing) -> bool {
    let Some((ours, theirs)) = at.boards else {
        return false;
    };
    let Some(ludii_captured) = theirs.captured else {
        return false;
    };
    let pits = ours.pits[..at.game.pit_count()]
        .iter()
        .map(|&n| u64::from(n));
    let others_agree = (pits.zip(&theirs.pits).skip(1)).all(|(ours, &theirs)| ours == theirs);
    let kept = theirs.pits[0].checked_sub(u64::from(ours.pits[0]));
    let north = Player::North.index();
    let given = u64::from(ours.captured[north]).checked_sub(ludii_captured[north]);
    at.game.rules().claim.count.is_some()
        && others_agree
        && kept.is_some_and(|kept| kept > 0 && Some(kept) == given)
}

/// The move ends the round, and the player with more captures plus
/// counters on the row of their side of the board as the move left it
/// (South on a tie) is not the player with the higher round total (South
/// on a tie): Ludii's starter of the next round, counted before the
/// counters left go to the owners of their holes.
fn reaches_round_starter_by_rows_before_sweep(at: &AtSowing) -> bool {
    let (Some((scores, _)), Some((ours, _))) = (at.round_end, at.boards) else {
        return false;
    };
    let before_sweep = Player::BOTH.map(|player| {
        let row: u64 = (at.game.row(player))
            .map(|pit| u64::from(ours.pits[pit]))
            .sum();
        u64::from(ours.captured[player.index()]) + row
    });
    (before_sweep[0] >= before_sweep[1]) != (scores[0] >= scores[1])
}

/// Under a tribute rule, the mover's last counter falls into an empty hole
/// the opponent claimed, which `sow` takes as the tribute (the hole left
/// empty, the mover's captures one up) and Ludii leaves in it, its mark
/// cleared when it was emptied.
fn reaches_mark_cleared_when_emptied(at: &AtSowing) -> bool {
    let Some((ours, theirs)) = at.boards else {
        return false;
    };
    let mover = at.mover;
    let gained = |before: u16, after: u16| after == before + 1;
    at.game.rules().claim.tribute.is_some()
        && gained(
            at.before.captured[mover.index()],
            ours.captured[mover.index()],
        )
        && (0..at.game.pit_count()).any(|pit| {
            at.before.is_claimed(pit)
                && at.game.owner(at.before, pit) != mover
                && at.before.pits[pit] == 0
                && ours.pits[pit] == 0
                && theirs.pits[pit] == 1
        })
}

/// Under a tribute rule, Ludii offers more moves than `sow`, at most one
/// more for each hole of the mover's row that the opponent claimed and
/// that holds counters: Ludii's mark is gone where such a hole was emptied
/// and sown into again, and its row's player plays it.
fn reaches_mark_cleared_when_emptied_legal(at: &AtLegal) -> bool {
    let mover = at.position.to_move;
    let unmarked = (0..at.game.pit_count())
        .filter(|&pit| {
            at.position.is_claimed(pit)
                && at.game.topology().owner(pit) == mover
                && at.game.owner(at.position, pit) != mover
                && at.position.pits[pit] > 0
        })
        .count();
    at.game.rules().claim.tribute.is_some()
        && at.theirs > at.ours
        && at.theirs - at.ours <= unmarked
}

/// Ludii scores one player its captures and the other those same captures
/// plus the counters left on the board.
fn reaches_able_scores_stuck_store(at: &AtEnd) -> bool {
    let captured = at.position.captured.map(u64::from);
    at.ludii_scores.is_some_and(|scores| {
        (0..2).any(|stuck| {
            scores[stuck] == captured[stuck] && scores[1 - stuck] == captured[stuck] + at.left
        })
    })
}

/// Ludii's `sow` with `includeSelf:False` tests its capture at the `(to)`
/// of the loop's last step, which is still the skipped origin when the
/// last counter falls just past it (Sow.java sets the context's `to`
/// before stepping over the origin): a lap of the track less the origin,
/// then one more counter, in any of the laps Ludii plays as moves of their
/// own (each skips the hole it was lifted from).
fn reaches_origin_test(at: &AtSowing) -> bool {
    let lap = at.layout.track_length.saturating_sub(1);
    at.game.rules().sowing.skip_origin
        && lap > 0
        && (at.ludii_laps.iter()).any(|&sown| sown > lap && (sown - 1) % lap == 0)
}

/// A sowing of a lap or more, the origin not skipped, after which `sow`'s
/// mover has captured more than Ludii's: Ludii's engine stops a backward
/// capture chain before the hole the move started from, which such a
/// sowing can bring to a capturing count.
fn reaches_chain_stops_before_origin(at: &AtSowing) -> bool {
    let (ours, ludii) = at.captured;
    !at.game.rules().sowing.skip_origin
        && at.sown >= at.layout.track_length
        && ludii.is_some_and(|ludii| ours > ludii)
}

/// Ludii's game stops at its move limit in the middle of one relay: its
/// run of laps by one player is longer than any relay `sow` plays, or the
/// game's record ends at Ludii's limit with the mover still to move.
fn reaches_relay_to_move_limit(at: &AtSowing) -> bool {
    u64::try_from(at.ludii_moves).is_ok_and(|n| n > u64::from(rules::MAX_RELAYS)) || at.cut_by_limit
}

/// The move ends the round in both, Ludii's board swept, and North has
/// taken in Ludii the counters left that `sow` gives South.
fn reaches_leftovers_to_north(at: &AtSowing) -> bool {
    at.round_end.is_some_and(|([south, north], ludii)| {
        ludii.pits.iter().all(|&n| n == 0)
            && ludii
                .captured
                .is_some_and(|[s, n]| s < south && s + n == south + north)
    })
}

/// North's sowing reaches the end of its row, where Ludii's South track
/// (which North sows along) goes on into South's row instead of North's
/// store.
fn reaches_north_on_south_track(at: &AtSowing) -> bool {
    let per_side = at.game.topology().per_side();
    at.mover == Player::North && at.pit >= per_side && at.sown >= 2 * per_side - at.pit
}

/// The most Ludii moves a prescribed opening that `sow` plays as part of
/// its start may take.
const MAX_OPENING_MOVES: usize = 40;

/// Replays one of Ludii's games.
fn replay(
    game: &Game,
    layout: &Layout,
    artifacts: &[String],
    record: &Value,
    lots: Option<u64>,
) -> Result<Agreed, Parting> {
    let mut matched = MatchRun::new(game, game.start());
    let moves = record["moves"].as_array().unwrap();
    // Ludii's game stopped at its move or turn limit, not by its rules.
    let at_limit = matches!(
        record["end"]["type"].as_str(),
        Some("TurnLimit" | "MoveLimit")
    );
    // Where `sow`'s start is a prescribed opening already played (`sow`
    // plays it as part of the start), Ludii's first moves play it.
    let opening = std::iter::once(&record["start"])
        .chain(moves)
        .take(MAX_OPENING_MOVES)
        .position(|state| {
            layout
                .expected(state)
                .matches(game, matched.run().position(), false)
        });
    let Some(mut k) = opening else {
        return Err(Parting {
            ply: 0,
            artifact: None,
            why: format!(
                "the start: sow {}, Ludii {}",
                ours_text(game, matched.run().position()),
                layout.expected(&record["start"]).text()
            ),
        });
    };
    while k < moves.len() {
        let ludii = &moves[k];
        let ply = k + 1;
        let parting = |why: String| {
            Err(Parting {
                ply,
                why,
                artifact: None,
            })
        };
        if matched.run().end().is_some() && game.has_rounds() {
            let before = if k == 0 {
                &record["start"]
            } else {
                &moves[k - 1]
            };
            if let Some((next, through)) =
                next_round_like(game, layout, &matched, moves, (k, at_limit), before, lots)
            {
                matched = next;
                k = through + 1;
                continue;
            }
        }
        let run = matched.run();
        // A file that plays one round of Ludii's match: its game ended
        // where Ludii's first round did (the move matched Ludii's board or
        // its scores), and Ludii fills the holes for the next.
        if run.end().is_some() && !game.has_rounds() && fills_from_outside(layout, ludii) {
            return Ok(Agreed::ThroughItsRound);
        }
        if let Some(end) = run.end() {
            // Ludii ends a game where the players cannot move with their
            // forced passes, its last moves.
            if moves[k..].iter().all(|m| m["a"] == "pass") {
                break;
            }
            let ours = match run.outcome() {
                Some(Outcome::South) => 1,
                Some(Outcome::North) => 2,
                _ => 0,
            };
            let at = AtPlaysOn {
                stuck: run.position().to_move,
                rest: &moves[k..],
                same_end: !at_limit && record["end"]["winner"].as_u64().unwrap_or(0) == ours,
            };
            return Err(Parting {
                ply,
                why: format!("sow ended the game ({}), Ludii plays on", end.as_str()),
                artifact: reached(artifacts, |detector| match detector {
                    Detector::PlaysOn(reaches) => reaches(&at),
                    _ => false,
                }),
            });
        }
        let mover = if ludii["p"] == 1 {
            Player::South
        } else {
            Player::North
        };
        if run.position().to_move != mover {
            return parting(format!(
                "sow has {} to move, Ludii {mover}",
                run.position().to_move
            ));
        }
        let ours = run.moves().len() as u64;
        let theirs = ludii["n"].as_u64().unwrap();
        if ours != theirs {
            let listed: Vec<String> = run
                .moves()
                .as_slice()
                .iter()
                .map(|&m| game.move_label(m))
                .collect();
            let at = AtLegal {
                game,
                layout,
                history: &moves[..k],
                position: run.position(),
                moves: run.moves().as_slice(),
                again: k > 0 && moves[k - 1]["p"] == ludii["p"],
                ours: ours as usize,
                theirs: theirs as usize,
                odd_hole: odd_hole_filled(layout, moves, k),
                claimed_last_round: wegs_at_last_round_end(layout, moves, k),
            };
            return Err(Parting {
                ply,
                why: format!(
                    "legal moves: sow {ours} ({}), Ludii {theirs}",
                    listed.join(" ")
                ),
                artifact: reached(artifacts, |detector| match detector {
                    Detector::Legal(reaches) | Detector::SowingOrLegal(_, reaches) => reaches(&at),
                    _ => false,
                }),
            });
        }
        // Ludii's moves k..=last are one player's in a row (relay laps,
        // extra turns): the candidates for one of sow's plies.
        let mut last = k;
        while last + 1 < moves.len() && moves[last]["x"] == moves[last]["p"] {
            last += 1;
        }
        let expected: Vec<Expected> = (k..=last).map(|i| layout.expected(&moves[i])).collect();
        let site = ludii["s"].as_i64().unwrap();
        let from = usize::try_from(site)
            .ok()
            .and_then(|s| layout.pit_of_site.get(s).copied().flatten());
        let mut candidates: Vec<Move> = run.moves().as_slice().to_vec();
        // The pit Ludii sowed from first, passes for Ludii's passes.
        candidates.sort_by_key(|m| {
            let first = match ludii["a"].as_str() {
                Some("pass") => *m == Move::PASS,
                _ => from == Some(usize::from(m.pit)),
            };
            !first
        });
        let mut found = None;
        'search: for &mv in &candidates {
            let mut tried = matched.clone();
            if tried.run_mut().play(mv).is_err() {
                continue;
            }
            let ended = tried.run().end().is_some();
            for (offset, wanted) in expected.iter().enumerate() {
                // Ludii's player to move means nothing once the game is over.
                let over = ended || k + offset + 1 == moves.len();
                if wanted.matches(game, tried.run().position(), over)
                    || (ended
                        && k + offset + 1 == moves.len()
                        && wanted.scored(tried.run().scores()))
                {
                    found = Some((tried, k + offset));
                    break 'search;
                }
                // One round of Ludii's match (a file without rounds): the
                // round's end, Ludii's board swept into its stores or hands
                // with the round's scores, before its refill.
                if ended
                    && !game.has_rounds()
                    && moves
                        .get(k + offset + 1)
                        .is_some_and(|next| fills_from_outside(layout, next))
                    && wanted.scored(tried.run().scores())
                {
                    found = Some((tried, k + offset));
                    break 'search;
                }
                // Ludii's match that ends after a refill: its board swept
                // into the hands (the round's scores), then the refill it
                // plays before its end test, its last moves.
                let closing = &moves[k + offset + 1..];
                if ended
                    && !at_limit
                    && !closing.is_empty()
                    && closing.iter().all(|m| is_refill(layout, m))
                    && wanted.scored(tried.run().scores())
                    && match_over(&tried)
                {
                    found = Some((tried, moves.len() - 1));
                    break 'search;
                }
                if ended && game.has_rounds() {
                    let at = k + offset;
                    if let Some(next) = next_round_like(
                        game,
                        layout,
                        &tried,
                        moves,
                        (at + 1, at_limit),
                        &moves[at],
                        lots,
                    ) {
                        found = Some(next);
                        break 'search;
                    }
                }
            }
        }
        let Some((next, through)) = found else {
            let mut tried = matched.clone();
            let shown = match candidates.first() {
                Some(&mv) if tried.run_mut().play(mv).is_ok() => {
                    ours_text(game, tried.run().position())
                }
                _ => "no move".to_string(),
            };
            let site_text = if site < 0 {
                ludii["a"].as_str().unwrap_or("?").to_string()
            } else {
                match from {
                    Some(pit) => pit_label(pit, game.topology().per_side()),
                    None => format!("site {site}"),
                }
            };
            let laps = if last > k {
                format!(" (after {} moves in a row by {mover})", last - k + 1)
            } else {
                String::new()
            };
            let before = if k == 0 {
                &record["start"]
            } else {
                &moves[k - 1]
            };
            let sown = usize::try_from(site)
                .ok()
                .and_then(|s| before["c"][s].as_u64())
                .unwrap_or(0) as usize;
            let ludii_laps = (k..=last)
                .map(|j| {
                    let before = if j == 0 {
                        &record["start"]
                    } else {
                        &moves[j - 1]
                    };
                    (moves[j]["s"].as_u64())
                        .and_then(|s| before["c"][s as usize].as_u64())
                        .unwrap_or(0) as usize
                })
                .collect();
            let mover_index = usize::from(mover == Player::North);
            let round_end = candidates.first().and_then(|&mv| {
                let mut played = matched.clone();
                played.run_mut().play(mv).ok()?;
                let end = played.run().end()?;
                let scores = game.final_scores(played.run().position(), end);
                Some((scores.map(u64::from), &expected[last - k]))
            });
            let ours_after = candidates.first().and_then(|&mv| {
                let mut played = matched.clone();
                played.run_mut().play(mv).ok()?;
                Some(*played.run().position())
            });
            let ours_captured = ours_after.map_or(0, |pos| u64::from(pos.captured[mover_index]));
            let at = AtSowing {
                game,
                layout,
                before: matched.run().position(),
                mover,
                pit: from.unwrap_or(usize::MAX),
                sown,
                ludii_laps,
                captured: (
                    ours_captured,
                    expected[last - k].captured.map(|c| c[mover_index]),
                ),
                boards: ours_after.as_ref().map(|pos| (pos, &expected[last - k])),
                ludii_moves: last - k + 1,
                history: &moves[..k],
                cut_by_limit: last + 1 == moves.len()
                    && moves[last]["x"] == moves[last]["p"]
                    && at_limit,
                ended_mid_turn: last + 1 == moves.len()
                    && moves[last]["x"] == moves[last]["p"]
                    && !at_limit,
                round_end,
                odd_hole: odd_hole_filled(layout, moves, k),
            };
            let artifact = reached(artifacts, |detector| match detector {
                Detector::Sowing(reaches) | Detector::SowingOrLegal(reaches, _) => {
                    from.is_some() && reaches(&at)
                }
                _ => false,
            });
            return Err(Parting {
                ply,
                why: format!(
                    "{mover} plays {site_text} from {}: sow {shown}, Ludii {}{laps}",
                    ours_text(game, matched.run().position()),
                    expected[last - k].text(),
                ),
                artifact,
            });
        };
        matched = next;
        k = through + 1;
    }
    let end = &record["end"];
    let run = matched.run();
    match end["type"].as_str() {
        Some("TurnLimit") | Some("MoveLimit") => {
            // A round that ended, with another to follow, is a match going
            // on.
            let next_round = || {
                let after = matched.clone().finish_rounds().last().map(|c| c.after);
                matches!(after, Some(AfterRound::Next(_)))
            };
            return match run.end() {
                None => Ok(Agreed::ToLudiisLimit),
                Some(_) if game.has_rounds() && next_round() => Ok(Agreed::ToLudiisLimit),
                Some(reason) => Err(Parting {
                    ply: moves.len(),
                    artifact: None,
                    why: format!(
                        "sow ended ({}) where Ludii stops at its limit",
                        reason.as_str()
                    ),
                }),
            };
        }
        _ => {}
    }
    let Some(reason) = run.end() else {
        return Err(Parting {
            ply: moves.len(),
            artifact: None,
            why: "Ludii's game ended, sow's goes on".to_string(),
        });
    };
    let outcome = if game.has_rounds() {
        match matched.clone().finish_rounds().last().map(|c| c.after) {
            Some(AfterRound::MatchOver(outcome)) => Some(outcome),
            Some(AfterRound::Next(_)) => {
                return Err(Parting {
                    ply: moves.len(),
                    artifact: None,
                    why: "Ludii's match ended, sow starts another round".to_string(),
                })
            }
            None => matched.outcome(),
        }
    } else {
        run.outcome()
    };
    let ours = match outcome {
        Some(Outcome::South) => 1,
        Some(Outcome::North) => 2,
        _ => 0,
    };
    if ours != end["winner"].as_u64().unwrap_or(0) {
        let position = run.position();
        let pits = &position.pits[..game.pit_count()];
        let at = AtEnd {
            position,
            left: pits.iter().map(|&n| u64::from(n)).sum(),
            ludii_scores: (end["scores"].as_array())
                .and_then(|s| Some([s.first()?.as_u64()?, s.get(1)?.as_u64()?])),
        };
        return Err(Parting {
            ply: moves.len(),
            artifact: reached(artifacts, |detector| match detector {
                Detector::End(reaches) => reaches(&at),
                _ => false,
            }),
            why: format!(
                "winner: sow {ours} ({}, scores {:?}), Ludii {} (scores {})",
                reason.as_str(),
                run.scores(),
                end["winner"],
                end["scores"]
            ),
        });
    }
    Ok(Agreed::ToTheEnd)
}

/// One file's result.
struct FileResult {
    variant: String,
    /// The reading replayed (`None`: the base rules).
    reading: Option<String>,
    claim: String,
    agreeing: usize,
    dumped: usize,
    /// Games agreeing only up to Ludii's turn limit.
    to_limit: usize,
    /// Games agreeing only through the file's one round of Ludii's match.
    to_round_end: usize,
    /// The seeds of the games left out for each artifact the reading
    /// names, in the reading's order.
    left_out: Vec<(String, Vec<u64>)>,
    /// Every other parting game: its seed and where it parts.
    partings: Vec<(u64, Parting)>,
    not_comparable: Option<String>,
}

impl FileResult {
    /// Whether every game agrees or reaches a named artifact, and at least
    /// one plays through to the end: a file whose every game reaches an
    /// artifact is checked only up to those artifacts, which is not
    /// agreement.
    fn agrees(&self) -> bool {
        self.not_comparable.is_none() && self.partings.is_empty() && self.agreeing > 0
    }

    /// The left-out column: `origin_test 3 13; ...`, or `-`.
    fn left_out_text(&self) -> String {
        if self.left_out.is_empty() {
            return "-".to_string();
        }
        let named: Vec<String> = (self.left_out.iter())
            .map(|(name, seeds)| {
                let seeds: Vec<String> = seeds.iter().map(u64::to_string).collect();
                format!("{name} {}", seeds.join(" "))
            })
            .collect();
        named.join("; ")
    }
}

fn check_file(mapped: &Mapped) -> FileResult {
    let replayed = replayed(&mapped.variant);
    let mut result = FileResult {
        variant: mapped.variant.clone(),
        reading: replayed.reading.clone(),
        claim: mapped.claim.clone(),
        agreeing: 0,
        dumped: 0,
        to_limit: 0,
        to_round_end: 0,
        left_out: (replayed.artifacts.iter())
            .map(|name| (name.clone(), Vec::new()))
            .collect(),
        partings: Vec::new(),
        not_comparable: mapped.not_comparable.clone(),
    };
    if mapped.not_comparable.is_some() {
        result.dumped = mapped.games;
        return result;
    }
    let path = data_dir().join(format!("{}.jsonl.gz", mapped.variant));
    let file = std::fs::File::open(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let mut lines = BufReader::new(flate2::read::GzDecoder::new(file)).lines();
    let header: Value = serde_json::from_str(&lines.next().unwrap().unwrap()).unwrap();
    let game = &replayed.game;
    let layout = match Layout::new(game, &header["layout"]) {
        Ok(layout) => layout,
        Err(why) => {
            result.dumped = mapped.games;
            result.partings.push((
                0,
                Parting {
                    ply: 0,
                    why,
                    artifact: None,
                },
            ));
            return result;
        }
    };
    for line in lines {
        let record: Value = serde_json::from_str(&line.unwrap()).unwrap();
        let seed = record["seed"].as_u64().unwrap();
        result.dumped += 1;
        // Where Ludii draws lots, the replay draws Ludii's.
        let lots = DRAW_LOTS.contains(&mapped.lud.as_str()).then_some(seed);
        match replay(game, &layout, &replayed.artifacts, &record, lots) {
            Ok(agreed) => {
                result.agreeing += 1;
                match agreed {
                    Agreed::ToLudiisLimit => result.to_limit += 1,
                    Agreed::ThroughItsRound => result.to_round_end += 1,
                    Agreed::ToTheEnd => {}
                }
            }
            Err(Parting {
                artifact: Some(name),
                ..
            }) => {
                let at = result.left_out.iter().position(|(n, _)| n == name).unwrap();
                result.left_out[at].1.push(seed);
            }
            Err(parting) => result.partings.push((seed, parting)),
        }
    }
    assert_eq!(
        result.dumped,
        mapped.games,
        "{}: games in the data file",
        path.display()
    );
    result
}

/// The summary table, as tests/peers/ludii/agreement.tsv holds it.
fn table(results: &[FileResult]) -> String {
    let mut out = String::from(
        "# Generated by `UPDATE_LUDII=1 cargo test --test integration ludii::`: \
         how each file's replay of Ludii's dumped games went.\n\
         variant\treading\tclaim\tagreeing\tdumped\tto_limit\tto_round_end\tleft_out\tfirst_parting\n",
    );
    for r in results {
        let parting = match (&r.not_comparable, r.partings.first()) {
            (Some(reason), _) => format!("not comparable: {reason}"),
            (None, Some((seed, p))) => format!(
                "seed {seed} move {}: {} ({} games part)",
                p.ply,
                p.why,
                r.partings.len()
            ),
            (None, None) if r.agreeing == 0 => {
                "no game plays to the end: every one reaches an artifact the reading names"
                    .to_string()
            }
            (None, None) => "-".to_string(),
        };
        writeln!(
            out,
            "{}\t{}\t{}\t{}\t{}\t{}\t{}\t{}\t{}",
            r.variant,
            r.reading.as_deref().unwrap_or("-"),
            r.claim,
            r.agreeing,
            r.dumped,
            r.to_limit,
            r.to_round_end,
            r.left_out_text(),
            parting.replace('\t', " ")
        )
        .unwrap();
    }
    out
}

/// Every mapped file is replayed against Ludii's games, under its `ludii`
/// reading when it has one; the files whose every game agrees (or reaches
/// an artifact its reading names) must be exactly those agreement.tsv says
/// agree, leaving out the same games.
#[test]
fn ludii_games_agree_where_listed() {
    let results: Vec<FileResult> = read_map().iter().map(check_file).collect();
    let generated = table(&results);
    println!("{generated}");
    for r in &results {
        for (seed, p) in &r.partings {
            println!("{} seed {seed} move {}: {}", r.variant, p.ply, p.why);
        }
    }
    // An artifact a reading names is reached by at least one game: a name
    // that leaves out nothing is not Ludii's play of that file.
    for r in &results {
        for (name, seeds) in &r.left_out {
            assert!(
                !seeds.is_empty() || r.not_comparable.is_some(),
                "{}@{}: artifact `{name}` is named but no game reaches it",
                r.variant,
                LUDII_READING
            );
        }
    }
    let path = data_dir().join("agreement.tsv");
    if std::env::var_os("UPDATE_LUDII").is_some() {
        std::fs::write(&path, &generated).unwrap();
        return;
    }
    let committed = std::fs::read_to_string(&path).unwrap_or_default();
    let mut lines = committed.lines().skip(1);
    let header: Vec<&str> = lines.next().unwrap_or_default().split('\t').collect();
    let column = |name: &str| {
        (header.iter().position(|&h| h == name))
            .unwrap_or_else(|| panic!("agreement.tsv has no column `{name}`"))
    };
    let (variant, left_out, first) = (
        column("variant"),
        column("left_out"),
        column("first_parting"),
    );
    // Each agreeing file with the games it leaves out.
    let listed: BTreeMap<&str, &str> = lines
        .filter_map(|line| {
            let f: Vec<&str> = line.split('\t').collect();
            (f.len() == header.len() && f[first] == "-").then(|| (f[variant], f[left_out]))
        })
        .collect();
    let mut wrong = Vec::new();
    for r in &results {
        match (r.agrees(), listed.get(r.variant.as_str())) {
            (false, Some(_)) => {
                let (seed, p) = r.partings.first().map_or((0, None), |(s, p)| (*s, Some(p)));
                wrong.push(format!(
                    "{} no longer agrees with Ludii ({}/{} games): seed {seed} move {}: {}",
                    r.variant,
                    r.agreeing,
                    r.dumped,
                    p.map_or(0, |p| p.ply),
                    p.map_or("", |p| &p.why)
                ));
            }
            (true, None) => wrong.push(format!(
                "{} now agrees with Ludii on all {} games (left out: {}): add it to the list \
                 (UPDATE_LUDII=1 cargo test --test integration ludii::)",
                r.variant,
                r.dumped,
                r.left_out_text()
            )),
            (true, Some(&listed)) if listed != r.left_out_text() => wrong.push(format!(
                "{} leaves out other games than listed: {}, listed {listed}",
                r.variant,
                r.left_out_text()
            )),
            _ => {}
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

/// Every artifact of the table has its detector here.
#[test]
fn every_artifact_has_a_detector() {
    for artifact in rules::artifacts::ARTIFACTS {
        assert!(
            detector(artifact.name).is_some(),
            "artifact `{}` has no detector in tests/ludii.rs",
            artifact.name
        );
    }
}

/// Omweso's games open with Ludii's placements: 32 counters a player,
/// each a move from the hand to one of the player's own pits, the players
/// taking turns. Every one of the 64 is replayed as `sow`'s placement
/// (`+c`), the board, the counters still in hand, the player to move and
/// the 16 legal placements compared: no game parts before the sowing
/// starts at ply 65.
#[test]
fn omweso_replays_ludiis_placements() {
    let mapped = read_map()
        .into_iter()
        .find(|m| m.variant == "omweso")
        .unwrap();
    let result = check_file(&mapped);
    assert!(result.not_comparable.is_none(), "omweso is compared");
    assert_eq!(result.dumped, 20);
    for (seed, parting) in &result.partings {
        assert!(
            parting.ply > 64,
            "omweso seed {seed} parts at ply {}: {}",
            parting.ply,
            parting.why
        );
    }
}
