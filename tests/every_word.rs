//! Every value the language declares, tried in a real variant. The values
//! come from the declaration itself (`sowing::rules::schema`): every word of
//! every keyword key, the ends of every number's range, a string for a text
//! key. Each is set in a shipped variant as a reading would set it
//! (`reading sweep { SECTION { KEY VALUE } }`, the same path a reading's
//! overrides take), on the first shipped variant, in a rotating order, whose
//! rules the validator accepts with it (a variant that says it already only
//! when no other takes it).
//! The rules then must read back the same from their canonical text, and
//! random games of them keep every invariant of `invariants.rs`.
//!
//! Nothing here names a key or a word: a word added to the language is
//! tried here as soon as it is declared. A key whose words no shipped
//! variant can take alone (they need another setting with them) must be
//! listed in [`NEEDS_ANOTHER_SETTING`] with the reason, so that a word
//! nothing exercises cannot pass unnoticed.

use sowing::{
    diagnostic::Source,
    engine::Game,
    rules::{
        self,
        readings::{self, ReadingError},
        schema::{self, Bound, Key, Section, ValueKind},
        write, Rules,
    },
    variants,
};

use crate::invariants::check_games;

/// Keys none of whose values a shipped variant takes alone (`section.key`),
/// and single words no shipped variant takes alone (`section.key word`),
/// each with why.
const NEEDS_ANOTHER_SETTING: &[(&str, &str)] = &[
    (
        "end.own_pits_empty",
        "needs `when own_pits_empty`, which only the `ludii` readings of rio-kadalis, mewelad and gabata-ghinda take",
    ),
    (
        "end.either_cannot_move",
        "needs `when either_cannot_move`, which only the `ludii` readings of the Leyla files take",
    ),
    (
        "end.feeding_impossible board_side",
        "needs `rounds { refill surplus }` with a feeding rule that can end the game (`otherwise end_game`), which no shipped variant has together",
    ),
    (
        "end.captured_majority board_side",
        "needs `rounds { refill surplus }` with `when captured_majority`, which no shipped variant has together",
    ),
    (
        "end.all_pits_at_most_one board_side",
        "needs `rounds { refill surplus }` with `when all_pits_at_most_one`, which no shipped variant has together",
    ),
    (
        "end.score_reached board_side",
        "needs `rounds { refill surplus }` with `when score_reached`, which no shipped variant has together",
    ),
    (
        "end.inner_row_empty board_side",
        "needs `rounds { refill surplus }` with `when inner_row_empty`, which no shipped variant has together",
    ),
];

/// Whether `key` (`section.key`) is listed in [`NEEDS_ANOTHER_SETTING`].
fn needs_another_setting(key: &str) -> bool {
    NEEDS_ANOTHER_SETTING.iter().any(|(k, _)| *k == key)
}

/// One value to try: where it is written and how.
#[derive(Debug)]
struct Trial {
    /// `section.key` (the top-level keys have no section).
    key: String,
    /// The value as written.
    value: String,
    /// Whether it is a word of a keyword key (which some variant must take).
    word: bool,
}

/// The values of `key` worth trying on a board of `stones` stones.
fn values(key: &Key, stones: u32) -> Vec<(String, bool)> {
    let upper = |max: Bound| match max {
        Bound::Fixed(n) => n,
        Bound::Stones => stones,
    };
    let range = |min: u32, max: Bound| {
        let mut ns = vec![min, min + 1, upper(max).min(min + 3)];
        ns.retain(|&n| n <= upper(max));
        ns.dedup();
        ns
    };
    match key.value {
        ValueKind::Text => vec![("\"swept\"".to_string(), false)],
        ValueKind::Word(words) | ValueKind::PerPit(words) => {
            words.words.iter().map(|w| (w.to_string(), true)).collect()
        }
        ValueKind::WordList(words) => {
            let mut vs: Vec<(String, bool)> =
                words.words.iter().map(|w| (w.to_string(), true)).collect();
            if let [a, b, ..] = words.words {
                vs.push((format!("{a} {b}"), false));
            }
            vs
        }
        ValueKind::Number { min, max } => range(min, max)
            .into_iter()
            .map(|n| (n.to_string(), false))
            .collect(),
        ValueKind::Numbers { min, max } => {
            let ns = range(min, max);
            let mut vs: Vec<(String, bool)> = ns.iter().map(|n| (n.to_string(), false)).collect();
            if let [a, b, ..] = ns[..] {
                vs.push((format!("{a} {b}"), false));
            }
            vs
        }
        // One count a pit of a row, both rows alike: tried per base below.
        ValueKind::PitCounts => vec![("2".to_string(), false)],
        // A move of every board: pit `b`'s stones sown from `a` on.
        ValueKind::PitMoves => vec![("b-a".to_string(), false)],
    }
}

/// A shipped variant's text with `key` set to `value` by a reading named
/// `sweep`: in a section given per item (`capture NAME`), one text for each
/// of the variant's items, with whether that item says `value` already.
fn with_setting(
    text: &str,
    rules: &Rules,
    section: Option<&Section>,
    key: &Key,
    value: &str,
) -> Vec<(String, bool)> {
    let written = match key.value {
        ValueKind::PitCounts => vec![value; usize::from(rules.board.pits)].join(" "),
        _ => value.to_string(),
    };
    let says = |rules: &Rules| (key.write)(rules).is_some_and(|w| w.join(" ") == written);
    let reading = |setting: String| {
        format!(
            "{text}\nreading sweep {{\n  why \"every value of the language, tried\"\n{setting}}}\n"
        )
    };
    match section {
        None => vec![(reading(format!("  {} {written}\n", key.name)), says(rules))],
        Some(section) => match section.repeat {
            None => vec![(
                reading(format!(
                    "  {} {{\n    {} {written}\n  }}\n",
                    section.name, key.name
                )),
                says(rules),
            )],
            Some(repeat) => (repeat.labels)(rules)
                .into_iter()
                .enumerate()
                .map(|(i, label)| {
                    let setting = format!(
                        "  {} {label} {{\n    {} {written}\n  }}\n",
                        section.name, key.name
                    );
                    (reading(setting), says(&(repeat.view)(rules, i)))
                })
                .collect(),
        },
    }
}

/// The shipped variants, their text and rules.
fn bases() -> Vec<(String, String, Rules)> {
    variants::shipped_names()
        .map(|name| {
            let text = variants::text(name).expect("a shipped variant's text");
            let rules = rules::load(&Source::new(name, text.as_str()))
                .unwrap_or_else(|r| panic!("{name}: {r}"))
                .rules;
            (name.to_string(), text, rules)
        })
        .collect()
}

/// Every key of the language with its section (`None`: top level), but
/// `name`, which a reading does not set.
fn every_key() -> Vec<(Option<&'static Section>, &'static Key)> {
    let top = schema::top_keys()
        .filter(|k| k.name != "name")
        .map(|k| (None, k));
    let inside = schema::sections().flat_map(|s| s.keys.iter().map(move |k| (Some(s), k)));
    top.chain(inside).collect()
}

#[test]
fn every_declared_value_loads_reads_back_and_plays_in_some_variant() {
    let bases = bases();
    let mut never = Vec::new();
    let mut listed = Vec::new();
    let mut untried_keys = Vec::new();
    let mut tried = 0;
    for (i, (section, key)) in every_key().into_iter().enumerate() {
        let most_stones = bases
            .iter()
            .map(|(_, _, r)| r.total_stones())
            .max()
            .unwrap_or(0);
        let tried_before = tried;
        for (value, word) in values(key, most_stones) {
            let trial = Trial {
                key: match section {
                    Some(s) => format!("{}.{}", s.name, key.name),
                    None => key.name.to_string(),
                },
                value,
                word,
            };
            // A rotating first base, so that the values spread over the variants.
            // Those that say it already come last (the value is then tried
            // as the variant has it).
            let mut candidates: Vec<(&str, String, bool)> = (0..bases.len())
                .map(|k| &bases[(i * 7 + k) % bases.len()])
                .flat_map(|(name, text, rules)| {
                    with_setting(text, rules, section, key, &trial.value)
                        .into_iter()
                        .map(move |(text, says)| (name.as_str(), text, says))
                })
                .collect();
            candidates.sort_by_key(|(_, _, says)| *says);
            let taken = candidates.into_iter().find_map(|(name, text, _)| {
                match readings::load(&Source::new(name, text.as_str()), "sweep") {
                    Ok(loaded) => Some((name, loaded.rules)),
                    Err(ReadingError::Invalid(_)) => None,
                    Err(e) => panic!("{name} with {trial:?}: {e:?}"),
                }
            });
            let Some((base, rules)) = taken else {
                if trial.word {
                    never.push(format!("{} {}", trial.key, trial.value));
                }
                continue;
            };
            tried += 1;
            let canonical = write::print(&write::document(&rules, false));
            let again = rules::load(&Source::new("canonical", canonical.as_str()))
                .unwrap_or_else(|r| {
                    panic!("{base} with {trial:?}: its canonical text\n{canonical}\n{r}")
                })
                .rules;
            assert_eq!(
                again, rules,
                "{base} with {trial:?} reads back otherwise:\n{canonical}"
            );
            // Played on the narrow width: a base that does not fit it (Hus
            // (Nama)'s 4x16) is read and written back only.
            if !<sowing::engine::Narrow as sowing::engine::Width>::fits(&rules) {
                continue;
            }
            let game = Game::new(rules);
            check_games(&game, tried, 200)
                .unwrap_or_else(|e| panic!("{base} with {trial:?}: {e}\n{canonical}"));
        }
        // A key whose every value is listed, with why, is not left
        // untried unnoticed.
        let full_name = match section {
            Some(s) => format!("{}.{}", s.name, key.name),
            None => key.name.to_string(),
        };
        let words = values(key, most_stones)
            .into_iter()
            .filter(|(_, word)| *word)
            .map(|(value, _)| format!("{full_name} {value}"));
        if needs_another_setting(&full_name) {
            listed.extend(words);
        } else {
            listed.extend(words.filter(|word| needs_another_setting(word)));
            if tried == tried_before {
                untried_keys.push(key.name);
            }
        }
    }
    assert_eq!(never, listed, "the words no shipped variant takes alone");
    assert_eq!(
        untried_keys,
        Vec::<&str>::new(),
        "keys no value of which was tried"
    );
}
