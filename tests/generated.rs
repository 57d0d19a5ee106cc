//! A proptest generator of valid random variants: random [`Rules`] within the
//! language's limits and free of the contradictions the validator rejects,
//! written out as variant text in a random layout. The tests check that the
//! text loads back to the same rules, and that random games of each
//! generated variant keep every invariant (see `invariants.rs`).
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
    engine::Game,
    rules::{self, *},
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

/// Board sizes and seeds within the limits: 1 to 15 pits per row, at least 1
/// seed per pit, at most 255 stones.
fn board() -> impl Strategy<Value = Board> {
    (1..=MAX_PITS_PER_ROW).prop_flat_map(|pits| {
        let most_seeds = MAX_STONES / (2 * u32::from(pits));
        (mostly_small(most_seeds, 6), keyword::<Stores>()).prop_map(move |(seeds, stores)| Board {
            rows: 2,
            pits,
            seeds,
            stores,
        })
    })
}

/// Sowing rules for `board` (directions per pit, `min_stones` up to the
/// stones on the board); contradictions are removed by [`consistent`].
fn sowing(board: &Board) -> impl Strategy<Value = Sowing> {
    let total = 2 * u32::from(board.pits) * u32::from(board.seeds);
    let pits = usize::from(board.pits);
    let directions = prop_oneof![
        keyword::<PitDirection>().prop_map(move |d| vec![d; pits]),
        vec(keyword::<PitDirection>(), pits),
    ];
    (
        directions,
        keyword::<SowStart>(),
        any::<bool>(),
        mostly_small(total, 3),
        keyword::<ExtraTurn>(),
        keyword::<Laps>(),
    )
        .prop_map(
            |(direction, start, skip_origin, min_stones, extra_turn, laps)| Sowing {
                direction,
                start,
                skip_origin,
                laps,
                min_stones,
                extra_turn,
            },
        )
}

/// Capture rules: no counts, or up to four distinct counts no larger than the
/// stones on the board.
fn capture(total: u32) -> impl Strategy<Value = Capture> {
    let max = u8::try_from(total).unwrap_or(u8::MAX);
    let counts = prop_oneof![
        1 => Just(Vec::new()),
        3 => btree_set(prop_oneof![3 => 1..=max.min(6), 1 => 1..=max], 1..=4)
            .prop_map(|set| set.into_iter().collect()),
    ];
    (
        counts,
        keyword::<CaptureSide>(),
        keyword::<Chain>(),
        keyword::<FirstMove>(),
        keyword::<Take>(),
        keyword::<CaptureDestination>(),
    )
        .prop_map(|(counts, side, chain, first_move, take, goes_to)| Capture {
            counts,
            side,
            chain,
            first_move,
            take,
            goes_to,
        })
}

/// End rules: `no_legal_move` first, then any of the others in any order.
fn end() -> impl Strategy<Value = End> {
    let others = vec![
        EndWhen::CapturedMajority,
        EndWhen::RowEmpty,
        EndWhen::AllPitsAtMostOne,
        EndWhen::NeitherCanMove,
    ];
    (
        subsequence(others, 0..=4).prop_shuffle(),
        keyword::<Leftovers>(),
        keyword::<Repetition>(),
        keyword::<Leftovers>(),
    )
        .prop_map(|(others, leftovers, repetition, repetition_leftovers)| {
            let mut when = vec![EndWhen::NoLegalMove];
            when.extend(others);
            End {
                when,
                leftovers,
                repetition,
                repetition_leftovers,
            }
        })
}

/// A name or source: printable ASCII (quotes and backslashes included) and a
/// few other characters.
fn text() -> impl Strategy<Value = String> {
    "[ -~éü→]{0,20}"
}

/// Random rules, consistent by construction.
pub fn rules() -> impl Strategy<Value = Rules> {
    board()
        .prop_flat_map(|board| {
            let total = 2 * u32::from(board.pits) * u32::from(board.seeds);
            (
                (text(), proptest::option::of(text())),
                sowing(&board),
                capture(total),
                (keyword::<FeedWhen>(), keyword::<FeedFallback>()),
                keyword::<GrandSlam>(),
                end(),
                Just(board),
            )
        })
        .prop_map(
            |((name, source), sowing, capture, (when, otherwise), grand_slam, end, board)| {
                consistent(Rules {
                    name,
                    source,
                    board,
                    sowing,
                    capture,
                    feeding: Feeding { when, otherwise },
                    grand_slam,
                    end,
                })
            },
        )
}

/// Removes what the validator rejects as a contradiction or as a rule without
/// effect, keeping the rest: one line per rule of docs/language.md.
fn consistent(mut r: Rules) -> Rules {
    // `skip_origin yes` contradicts `start origin`.
    if r.sowing.start == SowStart::Origin {
        r.sowing.skip_origin = false;
    }
    // `extra_turn store` needs `stores sown`.
    if r.board.stores == Stores::None {
        r.sowing.extra_turn = ExtraTurn::Never;
    }
    // `side`, `chain`, `first_move`, `take` and `grand_slam` need `counts`.
    if r.capture.counts.is_empty() {
        r.capture.side = CaptureSide::Any;
        r.capture.chain = Chain::None;
        r.capture.first_move = FirstMove::Normal;
        r.capture.take = Take::Last;
        r.capture.goes_to = CaptureDestination::Mover;
        r.grand_slam = GrandSlam::Allowed;
    }
    // A `take` other than `last` cannot be combined with a chain.
    if r.capture.take != Take::Last {
        r.capture.chain = Chain::None;
    }
    // `otherwise` needs a feeding rule.
    if r.feeding.when == FeedWhen::Never {
        r.feeding.otherwise = FeedFallback::PlayAny;
    }
    // `repetition_leftovers` needs `repetition end_game`; it defaults to `leftovers`.
    if r.end.repetition == Repetition::Ignore {
        r.end.repetition_leftovers = r.end.leftovers;
    }
    r
}

/// How the text of a variant is laid out: the same rules can be written in
/// many ways, and every way must load to the same rules.
#[derive(Debug, Clone)]
pub struct Layout {
    /// Write settings that equal their default too.
    explicit: bool,
    /// Sections on one line, settings separated by `;`.
    one_line: bool,
    /// Write `direction` as one value per pit even when all are the same.
    direction_per_pit: bool,
    /// Name `no_legal_move` in `end { when ... }`, at this place in the list.
    no_legal_move_at: Option<usize>,
    /// A comment after every setting.
    comments: bool,
    /// The order of the five sections.
    sections: Vec<usize>,
    /// Write the top-level settings after the sections.
    top_last: bool,
}

/// A random layout.
pub fn layout() -> impl Strategy<Value = Layout> {
    (
        any::<bool>(),
        any::<bool>(),
        any::<bool>(),
        proptest::option::of(0..5usize),
        any::<bool>(),
        Just((0..5).collect::<Vec<usize>>()).prop_shuffle(),
        any::<bool>(),
    )
        .prop_map(
            |(
                explicit,
                one_line,
                direction_per_pit,
                no_legal_move_at,
                comments,
                sections,
                top_last,
            )| {
                Layout {
                    explicit,
                    one_line,
                    direction_per_pit,
                    no_legal_move_at,
                    comments,
                    sections,
                    top_last,
                }
            },
        )
}

/// `"text"` with `"` and `\` escaped.
fn quoted(text: &str) -> String {
    let mut out = String::from("\"");
    for c in text.chars() {
        if c == '"' || c == '\\' {
            out.push('\\');
        }
        out.push(c);
    }
    out.push('"');
    out
}

/// Words separated by spaces.
fn words<T: ToString>(items: &[T]) -> String {
    items.iter().map(T::to_string).collect::<Vec<_>>().join(" ")
}

/// Writes `rules` as variant text laid out as `layout` says.
pub fn render(r: &Rules, layout: &Layout) -> String {
    let explicit = layout.explicit;
    let mut top = vec![format!("name {}", quoted(&r.name))];
    if let Some(source) = &r.source {
        top.push(format!("source {}", quoted(source)));
    }
    if explicit || r.grand_slam != GrandSlam::Allowed {
        top.push(format!("grand_slam {}", r.grand_slam));
    }

    let mut board = Vec::new();
    if explicit {
        board.push("rows 2".to_string());
    }
    board.push(format!("pits {}", r.board.pits));
    board.push(format!("seeds {}", r.board.seeds));
    if explicit || r.board.stores != Stores::None {
        board.push(format!("stores {}", r.board.stores));
    }

    let s = &r.sowing;
    let mut sow = Vec::new();
    let uniform = s.direction.iter().all(|d| *d == s.direction[0]);
    if !uniform || layout.direction_per_pit {
        sow.push(format!("direction {}", words(&s.direction)));
    } else if explicit || s.direction[0] != PitDirection::Ccw {
        sow.push(format!("direction {}", s.direction[0]));
    }
    // Always stated: an unstated start only warns, but stating it keeps the
    // generated files free of warnings about it.
    sow.push(format!("start {}", s.start));
    if explicit || s.skip_origin {
        sow.push(format!(
            "skip_origin {}",
            if s.skip_origin { "yes" } else { "no" }
        ));
    }
    if explicit || s.laps != Laps::Single {
        sow.push(format!("laps {}", s.laps));
    }
    if explicit || s.min_stones != 1 {
        sow.push(format!("min_stones {}", s.min_stones));
    }
    if explicit || s.extra_turn != ExtraTurn::Never {
        sow.push(format!("extra_turn {}", s.extra_turn));
    }

    let c = &r.capture;
    let mut capture = Vec::new();
    if !c.counts.is_empty() {
        capture.push(format!("counts {}", words(&c.counts)));
        capture.push(format!("side {}", c.side));
        if explicit || c.chain != Chain::None {
            capture.push(format!("chain {}", c.chain));
        }
        if explicit || c.first_move != FirstMove::Normal {
            capture.push(format!("first_move {}", c.first_move));
        }
        if explicit || c.take != Take::Last {
            capture.push(format!("take {}", c.take));
        }
        if explicit || c.goes_to != CaptureDestination::Mover {
            capture.push(format!("goes_to {}", c.goes_to));
        }
    }

    let mut feeding = Vec::new();
    if explicit || r.feeding.when != FeedWhen::Never {
        feeding.push(format!("when {}", r.feeding.when));
    }
    if r.feeding.when != FeedWhen::Never {
        feeding.push(format!("otherwise {}", r.feeding.otherwise));
    }

    let e = &r.end;
    let mut end = Vec::new();
    let mut when: Vec<String> = e.when[1..].iter().map(ToString::to_string).collect();
    if let Some(at) = layout.no_legal_move_at {
        when.insert(at.min(when.len()), "no_legal_move".into());
    }
    if !when.is_empty() {
        end.push(format!("when {}", when.join(" ")));
    }
    if explicit || e.leftovers != Leftovers::RowOwner {
        end.push(format!("leftovers {}", e.leftovers));
    }
    end.push(format!("repetition {}", e.repetition));
    if e.repetition == Repetition::EndGame && (explicit || e.repetition_leftovers != e.leftovers) {
        end.push(format!("repetition_leftovers {}", e.repetition_leftovers));
    }

    let sections = [
        ("board", board),
        ("sow", sow),
        ("capture", capture),
        ("feeding", feeding),
        ("end", end),
    ];
    let setting = |line: &str| {
        if layout.comments {
            format!("{line}  # note\n")
        } else {
            format!("{line}\n")
        }
    };
    let mut out = String::from("# generated\n");
    let top_text: String = top.iter().map(|l| setting(l)).collect();
    if !layout.top_last {
        out.push_str(&top_text);
    }
    for &i in &layout.sections {
        let (name, lines) = &sections[i];
        if lines.is_empty() && !explicit {
            continue;
        }
        if layout.one_line {
            let _ = writeln!(out, "{name} {{ {} }}", lines.join("; "));
        } else {
            let _ = writeln!(out, "{name} {{");
            for line in lines {
                out.push_str("  ");
                out.push_str(&setting(line));
            }
            out.push_str("}\n");
        }
    }
    if layout.top_last {
        out.push_str(&top_text);
    }
    out
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
}
