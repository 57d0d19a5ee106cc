//! A proptest generator of valid random variants, derived from the
//! language's declaration: the board drawn by hand (its sizes and starts),
//! every other key with a value its declaration allows ([`value`]: its
//! words, its range), then every setting the validator refuses dropped
//! until it accepts the variant ([`Draft::valid`]), so that a new key or
//! keyword is drawn without an edit here and no check between keys is
//! written twice. The variant is written out as text in a random layout.
//! The tests check that the text loads back to the same rules, that random
//! games of each generated variant keep every invariant (see
//! `invariants.rs`), and that every key is drawn other than its default.
//!
//! `PROPTEST_CASES=5000 cargo test --release generated` runs a bigger sweep.

use std::fmt::Write as _;

use proptest::{
    collection::{btree_set, vec},
    prelude::*,
    sample::{select, subsequence},
};
use sowing::{
    diagnostic::Source,
    engine::{Game, History, Kernel},
    rules::{
        self, format, schema,
        write::{self, Item},
        *,
    },
};

use crate::invariants::{self, cases};

/// Any value of a keyword enumeration.
fn keyword<E: Keyword + std::fmt::Debug>() -> impl Strategy<Value = E> {
    select(E::ALL.iter().map(|(_, v)| *v).collect::<Vec<E>>())
}

/// A number from 1 to `max`, usually a small one (small values make the
/// interesting cases: captures that happen, pits that can be played).
fn mostly_small(max: u32, small: u32) -> impl Strategy<Value = u8> {
    let max = u8::try_from(max).unwrap_or(u8::MAX);
    let small = small.min(u32::from(max)) as u8;
    prop_oneof![3 => 1..=small, 1 => 1..=max]
}

/// The most pits a row of the boards generated here: the narrow engine's
/// boards (2x15 with stores, 3x10, 4x8), whose fast path and playout kernel
/// these properties compare; `wide_boards` tests the larger boards.
const NARROW_PITS: u8 = 15;
const NARROW_PITS_OF_THREE: u8 = 10;
const NARROW_PITS_OF_FOUR: u8 = 8;

/// Board sizes and starts within the limits: 1 to 15 pits per row, at least
/// 1 seed per pit or (one board in four) counts pit by pit, some of them 0,
/// at least 1 and at most 255 stones.
fn board() -> impl Strategy<Value = Board> {
    prop_oneof![6 => board_of(2), 1 => board_of(3), 2 => board_of(4)]
}

/// [`board`] with `rows` rows (a four-row board has at most 8 pits a row, a
/// three-row board an even number up to 10; neither has stores).
fn board_of(rows: u8) -> impl Strategy<Value = Board> {
    let pits = match rows {
        4 => (1..=NARROW_PITS_OF_FOUR).boxed(),
        3 => (1..=NARROW_PITS_OF_THREE / 2)
            .prop_map(|half| 2 * half)
            .boxed(),
        _ => (1..=NARROW_PITS).boxed(),
    };
    pits.prop_flat_map(move |pits| {
        let most_seeds = MAX_STONES / (u32::from(rows) * u32::from(pits));
        let per_pit = vec(
            0..=most_seeds.min(6) as u8,
            usize::from(rows) * usize::from(pits),
        );
        let start = prop_oneof![3 => Just(Vec::new()), 1 => per_pit];
        (mostly_small(most_seeds, 6), keyword::<Stores>(), start).prop_map(
            move |(seeds, stores, mut start)| {
                if start.iter().all(|&n| n == 0) && !start.is_empty() {
                    start[0] = 1;
                }
                Board {
                    rows,
                    pits,
                    // A file gives `seeds` or `start`, not both.
                    seeds: if start.is_empty() { seeds } else { 0 },
                    start,
                    stores: if rows == 2 { stores } else { Stores::None },
                }
            },
        )
    })
}

/// The stones on `board` at the start.
fn stones(board: &Board) -> u32 {
    if board.start.is_empty() {
        u32::from(board.rows) * u32::from(board.pits) * u32::from(board.seeds)
    } else {
        board.start.iter().map(|&n| u32::from(n)).sum()
    }
}

/// A variant as drawn, before the validator has its say: blocks of settings
/// (the top level, then each section, a section given per item once per
/// item), each setting a key and its values as written.
#[derive(Debug, Clone, Default)]
struct Draft {
    blocks: Vec<DraftBlock>,
    /// The setting [`Draft::valid`] keeps while another may go instead:
    /// its section (`None`: the top level) and key.
    favoured: Option<(Option<String>, String)>,
}

/// The settings of the top level (`section` `None`) or of one section.
#[derive(Debug, Clone)]
struct DraftBlock {
    section: Option<String>,
    label: Option<String>,
    lines: Vec<Setting>,
    /// A value drawn for each key not given, for [`Draft::favouring`].
    spare: Vec<Setting>,
}

impl Draft {
    /// The settings `rules` writes (those other than their defaults).
    fn of(rules: &Rules) -> Draft {
        let mut top = DraftBlock {
            section: None,
            label: None,
            lines: Vec::new(),
            spare: Vec::new(),
        };
        let mut blocks = Vec::new();
        for item in write::document(rules, false).items {
            match item {
                Item::Setting(line) => top.lines.push((line.key, line.values)),
                Item::Section(block) => blocks.push(DraftBlock {
                    section: Some(block.name),
                    label: block.label,
                    lines: block
                        .settings
                        .into_iter()
                        .map(|l| (l.key, l.values))
                        .collect(),
                    spare: Vec::new(),
                }),
            }
        }
        blocks.insert(0, top);
        Draft {
            blocks,
            favoured: None,
        }
    }

    /// Its text, one setting a line, and for each line of the text the
    /// block and the setting it holds (`None`: a section's first or last
    /// line).
    fn text(&self) -> (String, Vec<(usize, Option<usize>)>) {
        let mut out = String::new();
        let mut lines = Vec::new();
        for (b, block) in self.blocks.iter().enumerate() {
            let indent = match &block.section {
                None => "",
                Some(name) => {
                    match &block.label {
                        Some(label) => writeln!(out, "{name} {label} {{"),
                        None => writeln!(out, "{name} {{"),
                    }
                    .unwrap();
                    lines.push((b, None));
                    "  "
                }
            };
            for (l, (key, values)) in block.lines.iter().enumerate() {
                writeln!(out, "{indent}{key} {}", values.join(" ")).unwrap();
                lines.push((b, Some(l)));
            }
            if block.section.is_some() {
                out.push_str("}\n");
                lines.push((b, None));
            }
        }
        (out, lines)
    }

    /// Whether a setting may be dropped: the top level and the board are
    /// drawn valid, and stay.
    fn droppable(&self, b: usize) -> bool {
        !matches!(self.blocks[b].section.as_deref(), None | Some("board"))
    }

    /// The settings an error may be about: the one it points at, and those
    /// its message names (`` `key` `` or `` `key value` ``) in the same
    /// block or in a section given once (never the top level or the board,
    /// drawn valid).
    fn suspects(&self, at: (usize, usize), message: &str) -> Vec<(usize, usize)> {
        let named: Vec<&str> = message
            .split('`')
            .skip(1)
            .step_by(2)
            .filter_map(|quoted| quoted.split_whitespace().next())
            .collect();
        let mut suspects = vec![at];
        for (b, block) in self.blocks.iter().enumerate() {
            let repeated = block.label.is_some();
            if !self.droppable(b) || (repeated && b != at.0) {
                continue;
            }
            for (l, (key, _)) in block.lines.iter().enumerate() {
                if (b, l) != at && named.contains(&key.as_str()) {
                    suspects.push((b, l));
                }
            }
        }
        suspects.retain(|&(b, _)| self.droppable(b));
        suspects
    }

    /// Whether setting `l` of block `b` is the favoured one.
    fn is_favoured(&self, (b, l): (usize, usize)) -> bool {
        self.favoured.as_ref().is_some_and(|(section, key)| {
            let block = &self.blocks[b];
            block.section == *section && block.lines[l].0 == *key
        })
    }

    /// The draft with `key` of `section` given in every block of that
    /// section (its spare value where it was not given), and favoured.
    fn favouring(mut self, section: Option<&str>, key: &str) -> Draft {
        for block in &mut self.blocks {
            if block.section.as_deref() != section || block.lines.iter().any(|(k, _)| k == key) {
                continue;
            }
            if let Some(at) = block.spare.iter().position(|(k, _)| k == key) {
                let setting = block.spare.remove(at);
                block.lines.push(setting);
            }
        }
        self.favoured = Some((section.map(str::to_string), key.to_string()));
        self
    }

    /// Gives the setting an error about block `b` asks for (the first
    /// `` `key value` `` its message quotes of a key of that block's
    /// section, or of the section it names `` in `section` ``), when that
    /// changes the draft; whether it did.
    fn repair(&mut self, b: usize, message: &str) -> bool {
        let quoted: Vec<&str> = message.split('`').skip(1).step_by(2).collect();
        let named_section = message
            .split("in `")
            .nth(1)
            .and_then(|rest| rest.split('`').next());
        let block_of = |name: &str| {
            (0..self.blocks.len())
                .find(|&i| self.blocks[i].section.as_deref() == Some(name) && self.droppable(i))
        };
        let has_key = |i: usize, key: &str| {
            self.blocks[i]
                .section
                .as_deref()
                .and_then(schema::section)
                .is_some_and(|s| s.keys.iter().any(|k| k.name == key))
        };
        for setting in quoted {
            let mut words = setting.split_whitespace().map(str::to_string);
            let (Some(key), values) = (words.next(), words.collect::<Vec<_>>()) else {
                continue;
            };
            // The block of the named section, else this one, else the
            // section the key belongs to.
            let owner = schema::sections()
                .find(|s| s.repeat.is_none() && s.keys.iter().any(|k| k.name == key))
                .and_then(|s| block_of(s.name));
            let target = [named_section.and_then(&block_of), Some(b), owner]
                .into_iter()
                .flatten()
                .find(|&i| has_key(i, &key));
            let (Some(target), false) = (target, values.is_empty()) else {
                continue;
            };
            let current = self.blocks[target].lines.iter().find(|(k, _)| *k == key);
            if current.is_some_and(|(_, old)| *old == values) {
                continue;
            }
            let lines = &mut self.blocks[target].lines;
            match lines.iter_mut().find(|(k, _)| *k == key) {
                Some((_, old)) => *old = values,
                None => lines.push((key, values)),
            }
            return true;
        }
        false
    }

    /// The rules of the draft once every setting the validator refuses is
    /// dropped (left to its default): each round, for each error, drops
    /// the latest in the language's order of the settings it is about
    /// ([`Draft::suspects`]), other than the favoured one if it can (and
    /// for an error about the favoured one, first what it asks for,
    /// [`Draft::repair`]): a key is declared after the keys it depends
    /// on (`on` first in `capture`, `when` first in `end`), and a check
    /// between sections lives in the latest of them, so the dependent
    /// setting goes and what it depends on stays. An error that points at
    /// a section drops the section's block; when the errors point at
    /// nothing that may go, the last setting that may goes. Each round
    /// drops a setting, so the validator accepts the draft in the end.
    fn valid(mut self) -> Rules {
        let mut repairs = MAX_REPAIRS;
        loop {
            let (text, lines) = self.text();
            let report = match rules::load(&Source::new("generated", text.as_str())) {
                Ok(loaded) => return loaded.rules,
                Err(report) => report,
            };
            let mut settings = std::collections::BTreeSet::new();
            let mut blocks = std::collections::BTreeSet::new();
            let errors = report.diagnostics.iter().filter(|d| d.is_error());
            for error in errors {
                let line = text[..error.span.start.min(text.len())]
                    .matches('\n')
                    .count();
                match lines.get(line) {
                    Some(&(b, Some(l))) => {
                        if repairs > 0 && self.is_favoured((b, l)) && self.repair(b, &error.message)
                        {
                            repairs -= 1;
                            continue;
                        }
                        let suspects = self.suspects((b, l), &error.message);
                        let others = suspects.iter().filter(|&&s| !self.is_favoured(s));
                        if let Some(latest) = others.max().or(suspects.iter().max()).copied() {
                            settings.insert(latest);
                        }
                    }
                    Some(&(b, None)) if self.droppable(b) => {
                        blocks.insert(b);
                    }
                    _ => {}
                }
            }
            if settings.is_empty() && blocks.is_empty() {
                let last = (0..self.blocks.len())
                    .rev()
                    .find(|&b| self.droppable(b) && !self.blocks[b].lines.is_empty());
                match last {
                    Some(b) => {
                        settings.insert((b, self.blocks[b].lines.len() - 1));
                    }
                    None => panic!("the validator refuses what was drawn valid:\n{text}\n{report}"),
                }
            }
            for &(b, l) in settings.iter().rev() {
                if !blocks.contains(&b) {
                    self.blocks[b].lines.remove(l);
                }
            }
            for &b in blocks.iter().rev() {
                self.blocks.remove(b);
            }
        }
    }
}

/// A value of `key` as written, drawn from what its declaration allows:
/// any of its words (a word per pit, or one for all; a list of them in any
/// order), a number in its range (on a board of `pits` pits a row, `rows`
/// rows and `total` stones), usually a small one (small values make the
/// interesting cases: captures that happen, pits that can be played).
fn value(key: &schema::Key, rows: u8, pits: u8, total: u32) -> BoxedStrategy<Vec<String>> {
    let words = |w: schema::Words| w.words.iter().map(|w| w.to_string()).collect::<Vec<_>>();
    let bound = |max: schema::Bound| match max {
        schema::Bound::Fixed(n) => n,
        schema::Bound::Stones => total,
    };
    let number = |min: u32, max: u32| {
        let small = max.min(min + 5);
        prop_oneof![3 => min..=small, 1 => min..=max]
    };
    match key.value {
        schema::ValueKind::Text => text().prop_map(|t| vec![schema::quoted(&t)]).boxed(),
        schema::ValueKind::Number { min, max } => {
            let max = bound(max).max(min);
            number(min, max).prop_map(|n| vec![n.to_string()]).boxed()
        }
        schema::ValueKind::Numbers { min, max } => {
            let max = bound(max).max(min);
            btree_set(number(min, max), 1..=4)
                .prop_map(|set| set.into_iter().map(|n| n.to_string()).collect())
                .boxed()
        }
        schema::ValueKind::Word(w) => select(words(w)).prop_map(|w| vec![w]).boxed(),
        // Usually a short list: one word the rules do not allow refuses
        // the whole setting.
        schema::ValueKind::WordList(w) => {
            let all = words(w);
            let n = all.len();
            prop_oneof![
                3 => subsequence(all.clone(), 1..=n.min(2)),
                1 => subsequence(all, 1..=n),
            ]
            .prop_shuffle()
            .boxed()
        }
        schema::ValueKind::PerPit(w) => prop_oneof![
            select(words(w)).prop_map(|w| vec![w]),
            vec(select(words(w)), usize::from(pits)),
        ]
        .boxed(),
        schema::ValueKind::PitCounts => vec(0..=6u8, usize::from(rows) * usize::from(pits))
            .prop_map(|counts| counts.iter().map(ToString::to_string).collect())
            .boxed(),
        schema::ValueKind::PitMoves => {
            let side = (usize::from(rows) * usize::from(pits) / 2).max(1);
            vec((0..side, 0..side), 1..=3)
                .prop_map(move |moves| {
                    let label = |pit| sowing::rules::pit_label(pit, side);
                    moves
                        .into_iter()
                        .map(|(from, first)| format!("{}-{}", label(from), label(first)))
                        .collect()
                })
                .boxed()
        }
    }
}

/// A setting as written: its key and its values.
type Setting = (String, Vec<String>);

/// A setting of `key` with a [`value`], and whether it is given: one time
/// in two (always when it is required). A setting not given is kept as a
/// spare for [`Draft::favouring`].
fn setting(key: &schema::Key, rows: u8, pits: u8, total: u32) -> BoxedStrategy<(Setting, bool)> {
    let name = key.name.to_string();
    let given = match key.default {
        schema::Default::Required => Just(true).boxed(),
        _ => any::<bool>().boxed(),
    };
    (value(key, rows, pits, total), given)
        .prop_map(move |(v, given)| ((name.clone(), v), given))
        .boxed()
}

/// The settings of one block, a [`setting`] of each key of `keys`: those
/// given, and the spares.
fn lines(
    keys: &'static [schema::Key],
    board: &Board,
) -> BoxedStrategy<(Vec<Setting>, Vec<Setting>)> {
    let (rows, pits, total) = (board.rows, board.pits, stones(board));
    keys.iter()
        .map(|key| setting(key, rows, pits, total))
        .collect::<Vec<_>>()
        .prop_map(split_given)
        .boxed()
}

/// The settings given, and the spares.
fn split_given(settings: Vec<(Setting, bool)>) -> (Vec<Setting>, Vec<Setting>) {
    let (given, spare): (Vec<_>, Vec<_>) = settings.into_iter().partition(|(_, given)| *given);
    let settings = |list: Vec<(Setting, bool)>| list.into_iter().map(|(s, _)| s).collect();
    (settings(given), settings(spare))
}

/// Every section but the board and the rounds, drawn from the declaration: a section given
/// once, or (a section given per item) none to three items, the first
/// labelled as an old file's unlabelled section reads.
fn sections(board: &Board) -> BoxedStrategy<Vec<DraftBlock>> {
    let mut blocks: Vec<BoxedStrategy<Vec<DraftBlock>>> = Vec::new();
    // The board is drawn by hand; a match of rounds is drawn by
    // [`match_rules`] (one game's invariants are checked on one round).
    for section in schema::sections().filter(|s| !matches!(s.name, "board" | "rounds")) {
        let name = section.name.to_string();
        match section.repeat {
            None => blocks.push(
                lines(section.keys, board)
                    .prop_map(move |(lines, spare)| {
                        vec![DraftBlock {
                            section: Some(name.clone()),
                            label: None,
                            lines,
                            spare,
                        }]
                    })
                    .boxed(),
            ),
            Some(repeat) => {
                let labels = [repeat.unlabelled, "second", "third"];
                let board = board.clone();
                blocks.push(
                    (0..=3usize)
                        .prop_flat_map(move |n| {
                            labels[..n]
                                .iter()
                                .map(|label| {
                                    let (name, label) = (name.clone(), label.to_string());
                                    lines(section.keys, &board).prop_map(move |(lines, spare)| {
                                        DraftBlock {
                                            section: Some(name.clone()),
                                            label: Some(label.clone()),
                                            lines,
                                            spare,
                                        }
                                    })
                                })
                                .collect::<Vec<_>>()
                        })
                        .boxed(),
                );
            }
        }
    }
    blocks
        .prop_map(|blocks| blocks.into_iter().flatten().collect())
        .boxed()
}

/// A draft on the boards `boards` gives: the top-level keys and every other
/// section drawn from the declaration.
fn draft_on(boards: impl Strategy<Value = Board>) -> impl Strategy<Value = Draft> {
    boards.prop_flat_map(|board| {
        let top: Vec<_> = schema::top_keys()
            .map(|key| setting(key, board.rows, board.pits, 0))
            .collect();
        let board_block = Draft::of(&Rules {
            board: board.clone(),
            ..Rules::default()
        })
        .blocks
        .into_iter()
        .find(|b| b.section.as_deref() == Some("board"))
        .expect("a board is always written");
        (top, sections(&board)).prop_map(move |(top, sections)| {
            let (lines, spare) = split_given(top);
            let mut blocks = vec![
                DraftBlock {
                    section: None,
                    label: None,
                    lines,
                    spare,
                },
                board_block.clone(),
            ];
            blocks.extend(sections);
            Draft {
                blocks,
                favoured: None,
            }
        })
    })
}

/// A name or source: printable ASCII (quotes and backslashes included) and a
/// few other characters.
fn text() -> impl Strategy<Value = String> {
    "[ -~éü→]{0,20}"
}

/// Random valid rules: every key drawn from the declaration, then what the
/// validator refuses dropped ([`Draft::valid`]).
pub fn rules() -> impl Strategy<Value = Rules> {
    rules_on(board())
}

/// Random rules of the playout kernel's shape (`sowing::engine::Kernel`):
/// [`rules`] on two rows of at most 7 pits and at most 127 stones, with the
/// rules the kernel does not play set to its values (one lap the same way
/// from every pit, from the next pit or the origin, at most one capture at
/// the last pit, feeding by a stone when a row is empty or never, the
/// simple ends), then made valid again.
pub fn kernel_rules() -> impl Strategy<Value = Rules> {
    let boards = (1..=7u8, 1..=6u8, keyword::<Stores>()).prop_map(|(pits, seeds, stores)| Board {
        rows: 2,
        pits,
        seeds: seeds.min(63 / pits),
        start: Vec::new(),
        stores: if stores == Stores::None {
            Stores::None
        } else {
            Stores::Sown
        },
    });
    rules_on(boards).prop_map(|mut r| {
        let pits = usize::from(r.board.pits);
        let sowing = &mut r.sowing;
        let way = match sowing.direction[0] {
            PitDirection::Cw => PitDirection::Cw,
            _ => PitDirection::Ccw,
        };
        sowing.direction = vec![way; pits];
        if sowing.start == SowStart::OriginUnlessSingle {
            sowing.start = SowStart::Next;
        }
        sowing.laps = Laps::Single;
        sowing.first_move_from.clear();
        sowing.reverse_to_capture = 0;
        if matches!(
            sowing.extra_turn,
            ExtraTurn::Capture | ExtraTurn::LastPitCapture
        ) {
            sowing.extra_turn = ExtraTurn::Store;
        }
        sowing.singletons = Singletons::Never;
        sowing.first_moves = FirstMoves::Game;
        sowing.play_from = PlayFrom::Own;
        sowing.first_lap = FirstLap::Any;
        sowing.first_move = FirstMoveKind::Sow;
        // A prescribed opening is played when the game is compiled, off the
        // kernel's shape; rounds, claims are not the kernel's either.
        r.opening = Opening::default();
        r.rounds = Rounds::default();
        r.claim = Default::default();
        // The peer's grand-slam definition is the general engine's alone.
        r.grand_slam_row = Default::default();
        r.captures.truncate(1);
        for rule in &mut r.captures {
            rule.on = Trigger::LastPit;
            // The pits chosen after a capture are plies of their own, off
            // the kernel's shape.
            rule.extra_chosen = 0;
            match rule.take {
                Take::LastAndOpposite | Take::LastAndOppositeEvenEmpty => rule.chain = Chain::None,
                _ => rule.take = Take::Last,
            }
            if rule.side == CaptureSide::OwnInner {
                rule.side = CaptureSide::Own;
            }
            if rule.side == CaptureSide::OpponentAndOwnRightmost {
                rule.side = CaptureSide::Opponent;
            }
            rule.before = Before::Any;
            if rule.counts.is_empty() {
                rule.counts = vec![2, 3];
            }
            rule.goes_to = CaptureDestination::Mover;
            rule.last_goes_to = None;
            rule.then = AfterCapture::Stops;
            rule.requires = Requires::Nothing;
            rule.facing_counts.clear();
            rule.board_at_most = None;
            rule.last_stone = LastStone::Taken;
            rule.looked_at = LookedAt::AsSown;
        }
        if !matches!(r.feeding.when, FeedWhen::Never | FeedWhen::RowEmpty) {
            r.feeding.when = FeedWhen::RowEmpty;
        }
        r.feeding.gives = FeedGives::Stone;
        if r.grand_slam == GrandSlam::OnlyMoveNoCapture {
            r.grand_slam = GrandSlam::Forbidden;
        }
        r.restrictions = Restrictions::SLAM_THEN_FEED;
        (r.end.when).retain(|w| {
            matches!(
                w,
                EndWhen::NoLegalMove
                    | EndWhen::CapturedMajority
                    | EndWhen::RowEmpty
                    | EndWhen::AllPitsAtMostOne
                    | EndWhen::NeitherCanMove
            )
        });
        if r.end.repetition == Repetition::Agree {
            r.end.repetition = Repetition::EndGame;
        }
        r.end.test_after = EndTest::Move;
        // With extra turns, the kernel does not keep who moved last.
        if r.sowing.extra_turn != ExtraTurn::Never {
            let not_last = |l: &mut Leftovers| {
                if *l == Leftovers::LastMover {
                    *l = Leftovers::RowOwner;
                }
            };
            not_last(&mut r.end.leftovers);
            not_last(&mut r.end.repetition_leftovers);
            for (_, way) in r.end.scoring.ways_mut() {
                not_last(way);
            }
        }
        Draft::of(&r).valid()
    })
}

/// Random rules on a four-row board.
pub fn four_row_rules() -> impl Strategy<Value = Rules> {
    rules_on(board_of(4))
}

/// Random rules on a three-row board.
pub fn three_row_rules() -> impl Strategy<Value = Rules> {
    rules_on(board_of(3))
}

/// Random valid rules on the boards `boards` gives. One draw in two
/// favours a key of the language (its setting given, and kept while the
/// validator has another setting to drop, [`Draft::favouring`]), trying up
/// to [`FAVOURING_TRIES`] drafts for one that keeps it: a key that holds
/// only with a rare combination of other settings is drawn at least a few
/// times in a hundred rather than a few in ten thousand.
fn rules_on(boards: impl Strategy<Value = Board>) -> impl Strategy<Value = Rules> {
    let keys: Vec<(Option<&'static schema::Section>, &'static schema::Key)> = schema::top_keys()
        .map(|key| (None, key))
        .chain(
            schema::sections()
                .filter(|s| !matches!(s.name, "board" | "rounds"))
                .flat_map(|s| s.keys.iter().map(move |key| (Some(s), key))),
        )
        .collect();
    (
        proptest::option::of(select(keys)),
        vec(draft_on(boards), FAVOURING_TRIES),
    )
        .prop_map(|(favoured, drafts)| {
            let Some((section, key)) = favoured else {
                return drafts[0].clone().valid();
            };
            let mut tries = drafts
                .into_iter()
                .map(|draft| draft.favouring(section.map(|s| s.name), key.name).valid());
            let first = tries.next().expect("at least one draft");
            if sets_other_than_default(&first, section, key) {
                return first;
            }
            tries
                .find(|r| sets_other_than_default(r, section, key))
                .unwrap_or(first)
        })
}

/// How many drafts [`rules_on`] tries for one that keeps its favoured key.
const FAVOURING_TRIES: usize = 10;

/// How many settings [`Draft::valid`] gives at most because an error about
/// the favoured setting asks for them ([`Draft::repair`]).
const MAX_REPAIRS: usize = 8;

/// How the text of a variant is laid out: the same rules can be written in
/// many ways, and every way must load to the same rules. The settings come
/// from the library's writer ([`write::document`]); the layout shuffles and
/// decorates them.
#[derive(Debug, Clone)]
pub struct Layout {
    /// Write settings that equal their default too.
    explicit: bool,
    /// Sections on one line, settings separated by `;`.
    one_line: bool,
    /// Write `direction` as one value per pit even when all are the same.
    direction_per_pit: bool,
    /// Name `no_legal_move` in `end { when ... }`, at this place in the list
    /// (the writer puts it first when it writes `when`).
    no_legal_move_at: Option<usize>,
    /// A comment after every setting.
    comments: bool,
    /// Write the move restrictions as old files do (`sow { min_stones }`,
    /// `feeding { when; otherwise }`, top-level `grand_slam`), when their
    /// order is the one old files mean.
    old_form: bool,
    /// The order of the top-level entries (a permutation of their indices).
    order: Vec<usize>,
}

/// A random layout.
pub fn layout() -> impl Strategy<Value = Layout> {
    (
        any::<bool>(),
        any::<bool>(),
        any::<bool>(),
        proptest::option::of(0..5usize),
        any::<bool>(),
        Just((0..schema::LANGUAGE.len()).collect::<Vec<usize>>()).prop_shuffle(),
        any::<bool>(),
    )
        .prop_map(
            |(
                explicit,
                one_line,
                direction_per_pit,
                no_legal_move_at,
                comments,
                order,
                old_form,
            )| {
                Layout {
                    explicit,
                    one_line,
                    direction_per_pit,
                    no_legal_move_at,
                    comments,
                    order,
                    old_form,
                }
            },
        )
}

/// Writes `rules` as variant text laid out as `layout` says.
pub fn render(r: &Rules, layout: &Layout) -> String {
    let mut doc = write::document(r, layout.explicit);
    for item in &mut doc.items {
        let Item::Section(block) = item else { continue };
        for line in &mut block.settings {
            if line.key == "direction" && layout.direction_per_pit {
                line.values = r.sowing.direction.iter().map(ToString::to_string).collect();
            }
            if block.name == "end" && line.key == "when" {
                line.values.retain(|v| v != "no_legal_move");
                if let Some(at) = layout.no_legal_move_at {
                    line.values
                        .insert(at.min(line.values.len()), "no_legal_move".into());
                }
            }
        }
        block.settings.retain(|l| !l.values.is_empty());
    }
    // Shuffle the top-level entries.
    let mut items: Vec<(usize, Item)> = doc
        .items
        .drain(..)
        .map(|item| {
            let rank = match &item {
                Item::Setting(l) => schema::entry_rank(&l.key, false),
                Item::Section(b) => schema::entry_rank(&b.name, true),
            };
            (layout.order[rank], item)
        })
        .collect();
    items.sort_by_key(|(rank, _)| *rank);
    doc.items = items.into_iter().map(|(_, item)| item).collect();
    // Old files had no `first_move_from`: such rules are written the new way.
    // Old files have no `feed_gives`, `first_moves`, `first_move`,
    // `play_from` or `first_lap` either.
    let old_feeding = r.feeding.gives == r.feeding.when.gives();
    let old_legal = r.sowing.first_move_from.is_empty()
        && r.sowing.first_moves == FirstMoves::Game
        && r.sowing.play_from == PlayFrom::Own
        && r.sowing.first_lap == FirstLap::Any
        && r.sowing.first_move == FirstMoveKind::Sow
        && r.sowing.singletons == Singletons::Never;
    if layout.old_form && r.restrictions == Restrictions::default() && old_legal && old_feeding {
        old_form(&mut doc);
    }
    // An old file's one capture rule: `capture { }` is `capture last { }`.
    if layout.old_form && r.captures.len() == 1 && r.captures[0].name == "last" {
        for item in &mut doc.items {
            if let Item::Section(b) = item {
                if b.name == "capture" {
                    b.label = None;
                }
            }
        }
    }
    doc.header.push(write::Comment {
        text: "# generated".into(),
        blank_before: false,
    });
    if layout.comments {
        for item in &mut doc.items {
            match item {
                Item::Setting(l) => l.after = Some("# note".into()),
                Item::Section(b) if !layout.one_line => {
                    for l in &mut b.settings {
                        l.after = Some("# note".into());
                    }
                }
                Item::Section(_) => {}
            }
        }
    }
    if !layout.one_line {
        return write::print(&doc);
    }
    // The one-line layout: `name { key value; key value }`.
    let mut out = String::new();
    for item in &doc.items {
        match item {
            Item::Setting(_) => {
                out.push_str(&write::print(&write::Document {
                    items: vec![item.clone()],
                    ..write::Document::default()
                }));
            }
            Item::Section(b) => {
                let lines: Vec<String> = b
                    .settings
                    .iter()
                    .map(|l| format!("{} {}", l.key, l.values.join(" ")))
                    .collect();
                let name = match &b.label {
                    Some(label) => format!("{} {label}", b.name),
                    None => b.name.clone(),
                };
                let _ = writeln!(out, "{name} {{ {} }}", lines.join("; "));
            }
        }
    }
    out
}

/// Moves the `legal` settings to where old files write them.
fn old_form(doc: &mut write::Document) {
    let Some(at) = doc
        .items
        .iter()
        .position(|i| matches!(i, Item::Section(b) if b.name == "legal"))
    else {
        return;
    };
    let Item::Section(legal) = doc.items.remove(at) else {
        unreachable!()
    };
    let mut feeding = Vec::new();
    for mut line in legal.settings {
        match line.key.as_str() {
            "min_stones" => {
                let sow = doc.items.iter_mut().find_map(|i| match i {
                    Item::Section(b) if b.name == "sow" => Some(b),
                    _ => None,
                });
                match sow {
                    Some(sow) => sow.settings.push(line),
                    None => doc.items.push(section("sow", vec![line])),
                }
            }
            "grand_slam" => doc.items.push(Item::Setting(line)),
            "feed" => {
                line.key = "when".into();
                feeding.push(line);
            }
            _ => feeding.push(line),
        }
    }
    if !feeding.is_empty() {
        doc.items.push(section("feeding", feeding));
    }
}

fn section(name: &str, settings: Vec<write::Line>) -> Item {
    Item::Section(write::Block {
        name: name.into(),
        label: None,
        before: Vec::new(),
        after_open: None,
        settings,
        end: Vec::new(),
        after_close: None,
        blank_before: false,
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(cases(64)))]

    /// A generated variant's text loads without errors, to the same rules.
    #[test]
    fn generated_variants_load_to_the_rules_they_were_written_from(
        r in rules(),
        layout in layout(),
    ) {
        let text = render(&r, &layout);
        match rules::load(&Source::new("generated", text.as_str())) {
            Ok(loaded) => prop_assert_eq!(&loaded.rules, &r, "{}", text),
            Err(report) => prop_assert!(false, "{}\n{}", text, report),
        }
    }

    /// `sow fmt` keeps a generated variant's meaning, and formatting twice
    /// changes nothing.
    #[test]
    fn formatting_a_generated_variant_keeps_its_rules_and_is_idempotent(
        r in rules(),
        layout in layout(),
    ) {
        let text = render(&r, &layout);
        let once = format::format(&Source::new("generated", text.as_str()))
            .map_err(|report| TestCaseError::fail(format!("{text}\n{report}")))?;
        let loaded = rules::load(&Source::new("formatted", once.as_str()))
            .map_err(|report| TestCaseError::fail(format!("{once}\n{report}")))?;
        prop_assert_eq!(&loaded.rules, &r, "{}", once);
        let twice = format::format(&Source::new("formatted", once.as_str()))
            .map_err(|report| TestCaseError::fail(format!("{once}\n{report}")))?;
        prop_assert_eq!(&twice, &once);
        if layout.comments {
            prop_assert_eq!(once.matches("# note").count(), text.matches("# note").count());
        }
    }

    /// Random games of a generated variant keep every invariant.
    #[test]
    fn generated_variants_keep_their_invariants(
        r in rules(),
        seeds in vec(any::<u64>(), 2),
    ) {
        let game = Game::new(r);
        for seed in seeds {
            invariants::check_games(&game, seed, 300)?;
        }
    }

    /// Random games of generated four-row variants keep every invariant
    /// of the two-row games (stones conserved, the same game traced,
    /// replayed and played), and no move puts a stone on the opponent's
    /// side: each player sows round their own two rows only.
    #[test]
    fn generated_four_row_variants_keep_their_invariants(
        r in four_row_rules(),
        seed in any::<u64>(),
    ) {
        let game = Game::new(r);
        prop_assert_eq!(game.topology().rows(), 4);
        invariants::check_games(&game, seed, 200)?;
        let mut rng = <rand_chacha::ChaCha8Rng as rand::SeedableRng>::seed_from_u64(seed);
        let mut run = sowing::engine::GameRun::new(&game, game.start());
        for _ in 0..200 {
            let moves: Vec<_> = run.successors().as_slice().iter().map(|s| s.mv).collect();
            if moves.is_empty() || run.end().is_some() {
                break;
            }
            let mv = moves[(rand::RngCore::next_u64(&mut rng) % moves.len() as u64) as usize];
            let before = *run.position();
            let opponent = game.row(before.to_move.other());
            let side = |p: &sowing::engine::Position| -> u32 {
                p.pits[opponent.clone()].iter().map(|&n| u32::from(n)).sum()
            };
            let after = run.play(mv).map_err(|e| TestCaseError::fail(e.to_string()))?;
            prop_assert!(
                side(&after.position) <= side(&before),
                "{} put stones on the opponent's side",
                game.move_label(mv)
            );
        }
    }

    /// Random games of generated three-row variants keep every invariant of
    /// the two-row games (stones conserved, the same game traced, replayed
    /// and played).
    #[test]
    fn generated_three_row_variants_keep_their_invariants(
        r in three_row_rules(),
        seed in any::<u64>(),
    ) {
        let game = Game::new(r);
        prop_assert_eq!(game.topology().rows(), 3);
        prop_assert_eq!(game.topology().per_side() * 2, game.pit_count());
        invariants::check_games(&game, seed, 200)?;
    }

    /// On generated variants (every restriction order, every scoring), the
    /// fast path plays the same games as the full successor list.
    #[test]
    fn generated_variants_play_the_same_games_on_the_fast_path(r in rules(), seed in any::<u64>()) {
        let game = Game::new(r);
        let mut rng = <rand_chacha::ChaCha8Rng as rand::SeedableRng>::seed_from_u64(seed);
        for index in 0..3 {
            crate::fast_path::same_game_both_ways(&game, &mut rng, &format!("generated, game {index}"));
        }
        // Where the rules fit its shape, the playout kernel plays the same
        // games too.
        if let Some(kernel) = Kernel::new(&game) {
            let mut history = History::default();
            for index in 0..3 {
                crate::fast_path::same_game_on_the_kernel(&game, &kernel, &mut history, &mut rng, &format!("generated on the kernel, game {index}"));
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(cases(64)))]

    /// Every generated variant of the kernel's shape is taken by the kernel
    /// (the shape is decided from the rules), and the kernel plays the same
    /// games as the general engine's random playouts from the same stream.
    #[test]
    fn the_kernel_takes_its_shape_and_plays_the_same_games(r in kernel_rules(), seed in any::<u64>()) {
        let game = Game::new(r);
        let kernel = Kernel::new(&game);
        prop_assert!(kernel.is_some(), "not taken: {:?}", game.rules());
        let kernel = kernel.unwrap();
        let mut rng = <rand_chacha::ChaCha8Rng as rand::SeedableRng>::seed_from_u64(seed);
        let mut history = History::default();
        for index in 0..20 {
            crate::fast_path::same_game_on_the_kernel(&game, &kernel, &mut history, &mut rng, &format!("kernel-shaped, game {index}"));
        }
    }
}

/// Random valid rules made a match of rounds where the validator allows
/// one: [`rules`] with a `rounds` section drawn from the declaration, its
/// `refill` always given, and every way of ending giving the stones left to
/// their row's owner (a refill pours every stone back). `None` when the
/// validator refuses the refill.
fn match_rules() -> impl Strategy<Value = Option<Rules>> {
    rules().prop_flat_map(|mut r| {
        r.end.leftovers = Leftovers::RowOwner;
        r.end.repetition_leftovers = Leftovers::RowOwner;
        for (_, way) in r.end.scoring.ways_mut() {
            *way = Leftovers::RowOwner;
        }
        let rounds = schema::section("rounds").expect("the language has rounds");
        let refill = rounds
            .keys
            .iter()
            .find(|k| k.name == "refill")
            .expect("rounds have a refill");
        let board = r.board.clone();
        (
            value(refill, board.rows, board.pits, stones(&board)),
            lines(rounds.keys, &board),
        )
            .prop_map(move |(refill, (lines, spare))| {
                let mut draft = Draft::of(&r);
                draft
                    .blocks
                    .retain(|b| b.section.as_deref() != Some("rounds"));
                let mut lines: Vec<_> = lines.into_iter().filter(|(k, _)| k != "refill").collect();
                lines.insert(0, ("refill".to_string(), refill));
                draft.blocks.push(DraftBlock {
                    section: Some("rounds".into()),
                    label: None,
                    lines,
                    spare,
                });
                let r = draft.valid();
                r.rounds.refill.is_some().then_some(r)
            })
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(cases(48)))]

    /// Generated variants made matches of rounds load as written, and in
    /// random matches every round change pours each player's score back
    /// into the pits (`seeds` to an open pit, closed pits and under
    /// `unfilled open` the pits nobody filled empty, the rest kept as
    /// captured or, under `remainder next_pit`, in one more open pit): no
    /// stone is lost or made. Under `refill captures`
    /// each player's row holds exactly what they scored; under `refill
    /// surplus` the pits a player owns (their row's, less and plus those
    /// that changed hands) hold what they scored give or take the odd pit's
    /// top-up (less than `seeds`).
    #[test]
    fn generated_matches_conserve_stones_across_round_changes(
        r in match_rules(),
        layout in layout(),
        seed in any::<u64>(),
    ) {
        let Some(r) = r else {
            return Ok(());
        };
        let refill = r.rounds.refill.expect("a match refills");
        let text = render(&r, &layout);
        let loaded = rules::load(&Source::new("generated", text.as_str()))
            .map_err(|report| TestCaseError::fail(format!("{text}\n{report}")))?;
        prop_assert_eq!(&loaded.rules, &r, "{}", text);
        let game = Game::new(r);
        let total = game.start().total_stones();
        let seeds = game.rules().board.seeds;
        let mut agents = sowing::engine::Player::BOTH
            .map(|seat| sowing::agents::AgentSpec::Random.build(seed, seat));
        let mut run = sowing::engine::MatchRun::new(&game, game.start());
        let mut failure = None;
        let _: std::ops::ControlFlow<()> = run.play_out(
            2000,
            |round| {
                let mover = round.position().to_move;
                let pick = agents[mover.index()].choose(round);
                round.play_index(pick);
                std::ops::ControlFlow::Continue(())
            },
            |change| {
                let sowing::engine::AfterRound::Next(next) = change.after else {
                    return;
                };
                let problem = if next.total_stones() != total {
                    Some(format!("{} stones after round {}, {total} before", next.total_stones(), change.round))
                } else {
                    sowing::engine::Player::BOTH.into_iter().find_map(|player| {
                        let owned: Vec<usize> = (0..game.pit_count())
                            .filter(|&pit| game.owner(&next, pit) == player)
                            .collect();
                        // Under `remainder next_pit`, one open pit may hold
                        // what was left, fewer than `seeds`; under
                        // `unfilled open` a pit nobody could fill is open
                        // and empty.
                        let short = |pit: usize| {
                            game.rules().rounds.remainder == Remainder::NextPit
                                && (1..seeds).contains(&next.pits[pit])
                        };
                        let bad_pits: Vec<usize> = owned.iter().copied().filter(|&pit| {
                            let want = if next.is_closed(pit) { 0 } else { seeds };
                            next.pits[pit] != want
                                && !(game.rules().rounds.unfilled == Unfilled::Open && next.pits[pit] == 0)
                        }).collect();
                        let bad_pit = match bad_pits.as_slice() {
                            [pit] if short(*pit) => None,
                            pits => pits.first().copied(),
                        };
                        let poured: u32 = owned.iter().map(|&pit| u32::from(next.pits[pit])).sum::<u32>()
                            + u32::from(next.captured[player.index()]);
                        let scored = u32::from(change.scores[player.index()]);
                        let top_up = match refill {
                            Refill::Captures => 0,
                            Refill::Surplus => u32::from(seeds) - 1,
                        };
                        if let Some(pit) = bad_pit {
                            Some(format!("round {}: pit {pit} holds {}", change.round, next.pits[pit]))
                        } else if refill == Refill::Captures && next.swapped != 0 {
                            Some(format!("round {}: pits changed hands under `refill captures`", change.round))
                        } else if poured.abs_diff(scored) > top_up {
                            Some(format!("round {}: {player} scored {scored}, {poured} poured back", change.round))
                        } else {
                            None
                        }
                    })
                };
                if failure.is_none() {
                    failure = problem;
                }
            },
        );
        prop_assert!(failure.is_none(), "{}\n{}", text, failure.unwrap_or_default());
    }
}

/// Whether `key` is set to a value other than its default in `r` (in any
/// item of a section given per item); a key without a default value (a
/// required key) counts when it is written at all.
fn sets_other_than_default(
    r: &Rules,
    section: Option<&schema::Section>,
    key: &schema::Key,
) -> bool {
    let differs = |rules: &Rules| -> bool {
        let Some(values) = (key.write)(rules) else {
            return false;
        };
        let default = match key.default {
            schema::Default::Value(word) => Some(vec![word.to_string()]),
            schema::Default::Absent(_) => Some(Vec::new()),
            schema::Default::SameAs(other) => section
                .and_then(|s| s.keys.iter().find(|k| k.name == other))
                .and_then(|k| (k.write)(rules)),
            schema::Default::Required | schema::Default::RequiredUnless(_) => None,
        };
        default.as_ref() != Some(&values) && !values.is_empty()
    };
    match section.and_then(|s| s.repeat) {
        Some(repeat) => (0..(repeat.labels)(r).len()).any(|i| differs(&(repeat.view)(r, i))),
        None => differs(r),
    }
}

/// Whether a random game of `r` lasts at least `plies` plies.
fn lasts(r: &Rules, plies: usize, seed: u64) -> bool {
    let game = Game::new(r.clone());
    let mut rng = <rand_chacha::ChaCha8Rng as rand::SeedableRng>::seed_from_u64(seed);
    let mut run = sowing::engine::GameRun::new(&game, game.start());
    for _ in 0..plies {
        let moves: Vec<_> = run.successors().as_slice().iter().map(|s| s.mv).collect();
        if moves.is_empty() || run.end().is_some() {
            return false;
        }
        let mv = moves[(rand::RngCore::next_u64(&mut rng) % moves.len() as u64) as usize];
        if run.play(mv).is_err() {
            return false;
        }
    }
    true
}

/// `n` values drawn from `strategy`, always the same ones.
fn draw<T: std::fmt::Debug>(strategy: impl Strategy<Value = T>, n: usize) -> Vec<T> {
    let mut runner = proptest::test_runner::TestRunner::deterministic();
    (0..n)
        .map(|_| proptest::strategy::ValueTree::current(&strategy.new_tree(&mut runner).unwrap()))
        .collect()
}

/// For every key of the language, the share of the variants `drawn` that
/// set it other than its default; and the shares with a first move and
/// lasting 10 plies of a random game.
fn coverage(drawn: &[Rules]) -> (Vec<(String, f64)>, f64, f64) {
    let n = drawn.len().max(1);
    let share = |count: usize| count as f64 / n as f64;
    let mut keys = Vec::new();
    for entry in schema::LANGUAGE {
        let (section, list): (Option<&schema::Section>, Vec<&schema::Key>) = match entry {
            schema::Entry::Key(k) => (None, vec![*k]),
            schema::Entry::Section(s) => (Some(*s), s.keys.iter().collect()),
        };
        for key in list {
            let count = drawn
                .iter()
                .filter(|r| sets_other_than_default(r, section, key))
                .count();
            let name = match section {
                Some(s) => format!("{}.{}", s.name, key.name),
                None => key.name.to_string(),
            };
            keys.push((name, share(count)));
        }
    }
    let moves = drawn.iter().filter(|r| lasts(r, 1, 1)).count();
    let ten = drawn.iter().filter(|r| lasts(r, 10, 1)).count();
    (keys, share(moves), share(ten))
}

/// Every key of the language is drawn other than its default by the
/// generators: a new key or keyword enters them from its declaration, and
/// one that the validator always refuses as drawn fails here.
#[test]
fn every_key_is_drawn_other_than_its_default() {
    let mut drawn = draw(rules(), cases(4000) as usize);
    drawn.extend(draw(four_row_rules(), cases(1200) as usize));
    drawn.extend(draw(three_row_rules(), cases(1200) as usize));
    drawn.extend(
        draw(match_rules(), cases(1200) as usize)
            .into_iter()
            .flatten(),
    );
    let (keys, _, _) = coverage(&drawn);
    let never: Vec<&str> = keys
        .iter()
        .filter(|(_, share)| *share == 0.0)
        .map(|(key, _)| key.as_str())
        .collect();
    assert!(
        never.is_empty(),
        "never drawn other than their default: {never:?}"
    );
}

/// Prints [`coverage`] for each generator, a measurement rather than a
/// check (`cargo test --test integration generated::print_coverage --
/// --ignored --nocapture`).
#[test]
#[ignore]
fn print_coverage() {
    let n = 2000;
    for (name, (keys, first, ten)) in [
        ("rules", coverage(&draw(rules(), n))),
        (
            "match_rules",
            coverage(
                &draw(match_rules(), n / 4)
                    .into_iter()
                    .flatten()
                    .collect::<Vec<_>>(),
            ),
        ),
        ("four_row_rules", coverage(&draw(four_row_rules(), n / 4))),
        ("three_row_rules", coverage(&draw(three_row_rules(), n / 4))),
        ("kernel_rules", coverage(&draw(kernel_rules(), n / 4))),
    ] {
        println!("# {name}: first move {first:.3}, 10 plies {ten:.3}");
        for (key, share) in keys {
            println!("{name}\t{key}\t{share:.3}");
        }
    }
}
