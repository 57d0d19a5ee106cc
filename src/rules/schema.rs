//! The variant language, assembled from its sections (`rules/sections/`,
//! one module each): every section and key, once.
//!
//! For each key: its section, the kind of value it takes, its default,
//! whether leaving it to the default warns (and the warning), its one-line
//! doc and an example. The validator's key lookup, unknown-key messages,
//! defaults and default warnings, `sow language`, and the canonical order
//! `sow fmt` writes all come from [`LANGUAGE`]. What each keyword *value*
//! means is the doc comment of its enum variant in [`super::model`]
//! ([`Keyword::DOCS`](super::Keyword::DOCS)).
//!
//! Each key also says how its checked value goes into the model (`read`),
//! how it is written back (`write`) and, for `sow describe`, what it says in
//! plain words (`describe`).

pub use super::declaration::*;
use super::sections::{board, capture, claim, end, legal, opening, rounds, sow, top};
pub use super::sections::{capture::rule, end::way_in_force, legal::order_matters};

/// The language: every top-level key and section, in canonical file order.
pub const LANGUAGE: &[Entry] = &[
    Entry::Key(&top::NAME),
    Entry::Key(&top::SOURCE),
    Entry::Section(&board::SECTION),
    Entry::Section(&sow::SECTION),
    Entry::Section(&capture::SECTION),
    Entry::Section(&legal::SECTION),
    Entry::Section(&end::SECTION),
    Entry::Section(&rounds::SECTION),
    Entry::Section(&claim::SECTION),
    Entry::Section(&opening::SECTION),
];

/// The settings of old files that are read as `legal` keys: `sow {
/// min_stones }`, the top-level `grand_slam` and `feeding { when; otherwise
/// }`. Their order is today's fixed order (the grand-slam rule, then
/// feeding), which is also the order of a `legal` section that leaves one of
/// them out.
pub const MOVED: &[Moved] = &[
    Moved {
        from_section: Some("sow"),
        from_key: "min_stones",
        to_section: "legal",
        to_key: "min_stones",
    },
    Moved {
        from_section: None,
        from_key: "grand_slam",
        to_section: "legal",
        to_key: "grand_slam",
    },
    Moved {
        from_section: Some("feeding"),
        from_key: "when",
        to_section: "legal",
        to_key: "feed",
    },
    Moved {
        from_section: Some("feeding"),
        from_key: "otherwise",
        to_section: "legal",
        to_key: "otherwise",
    },
];

/// Where an old setting is read now, if it moved.
pub fn moved(section: Option<&str>, key: &str) -> Option<&'static Moved> {
    MOVED
        .iter()
        .find(|m| m.from_section == section && m.from_key == key)
}

/// Whether `name` is a section of old files whose keys all moved.
pub fn moved_section(name: &str) -> bool {
    section(name).is_none() && MOVED.iter().any(|m| m.from_section == Some(name))
}

/// The keys written outside any section, in canonical order.
pub fn top_keys() -> impl Iterator<Item = &'static Key> + Clone {
    LANGUAGE.iter().filter_map(|e| match e {
        Entry::Key(k) => Some(*k),
        Entry::Section(_) => None,
    })
}

/// The sections, in canonical order.
pub fn sections() -> impl Iterator<Item = &'static Section> + Clone {
    LANGUAGE.iter().filter_map(|e| match e {
        Entry::Section(s) => Some(*s),
        Entry::Key(_) => None,
    })
}

/// The section named `name`.
pub fn section(name: &str) -> Option<&'static Section> {
    sections().find(|s| s.name == name)
}

/// The key `name` in `section` (`None`: the top level).
pub fn key(section_name: Option<&str>, name: &str) -> Option<&'static Key> {
    match section_name {
        None => top_keys().find(|k| k.name == name),
        Some(s) => section(s)?.keys.iter().find(|k| k.name == name),
    }
}

/// Where a top-level entry comes in canonical order (sections and top-level
/// keys share one order).
pub fn entry_rank(section_or_key: &str, is_section: bool) -> usize {
    LANGUAGE
        .iter()
        .position(|e| match e {
            Entry::Key(k) => !is_section && k.name == section_or_key,
            Entry::Section(s) => is_section && s.name == section_or_key,
        })
        .unwrap_or(LANGUAGE.len())
}

/// Where `key` comes in its scope's canonical order.
pub fn key_rank(section_name: Option<&str>, name: &str) -> usize {
    match section_name {
        None => entry_rank(name, false),
        Some(s) => section(s)
            .and_then(|s| s.keys.iter().position(|k| k.name == name))
            .unwrap_or(usize::MAX),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{model::*, Keyword};

    fn all_keys() -> Vec<(Option<&'static str>, &'static Key)> {
        let mut keys: Vec<_> = top_keys().map(|k| (None, k)).collect();
        for s in sections() {
            keys.extend(s.keys.iter().map(|k| (Some(s.name), k)));
        }
        keys
    }

    #[test]
    fn defaults_and_warning_conditions_name_real_values_and_keys() {
        for (section, key) in all_keys() {
            match (key.default, key.value) {
                (Default::Value(w), ValueKind::Word(words) | ValueKind::PerPit(words))
                | (Default::Value(w), ValueKind::WordList(words)) => {
                    assert!(words.words.contains(&w), "{}: default {w}", key.name)
                }
                (Default::Value(n), ValueKind::Number { .. }) => {
                    assert!(n.parse::<u32>().is_ok(), "{}: default {n}", key.name)
                }
                (Default::SameAs(other), _) => {
                    assert!(super::key(section, other).is_some(), "{}", key.name)
                }
                (Default::Value(v), kind) => panic!("{}: default {v} for {kind:?}", key.name),
                (Default::RequiredUnless(other), _) => {
                    assert!(super::key(section, other).is_some(), "{}", key.name)
                }
                (Default::Required | Default::Absent(_), _) => {}
            }
            if let Some(Warning {
                only_if: Some(other),
                ..
            }) = key.warns
            {
                assert!(super::key(section, other).is_some(), "{}", key.name);
            }
            assert!(key.example.starts_with(key.name), "{}", key.example);
        }
    }

    /// Every declared value reads into the model and writes back as itself:
    /// a key whose `read` sets another key's field, or whose words are not
    /// its enumeration's, fails here.
    #[test]
    fn every_value_reads_into_the_model_and_writes_back() {
        let mut base = Rules::default();
        base.board.pits = 3;
        // Board keys read over it; the pit labels of `choices` need rows.
        base.board.rows = 2;
        base.captures = vec![CaptureRule {
            counts: vec![2, 3],
            ..CaptureRule::default()
        }];
        base.feeding.when = FeedWhen::RowEmpty;
        base.feeding.otherwise = FeedFallback::EndGame;
        base.end.when = EndWhen::ALL.iter().map(|(_, w)| *w).collect();
        base.end.repetition = Repetition::EndGame;
        base.rounds.refill = Some(Refill::Captures);
        base.claim.count = Some(3);
        base.claim.tribute = Some(1);
        for (section, key) in all_keys() {
            let cases: Vec<(Checked, String)> = match key.value {
                ValueKind::Text => vec![(Checked::Text("T \"x\"".into()), quoted("T \"x\""))],
                ValueKind::Number { min, max } => {
                    let max = match max {
                        Bound::Fixed(n) => n,
                        Bound::Stones => MAX_STONES,
                    };
                    [min, max]
                        .map(|n| (Checked::Number(n), n.to_string()))
                        .to_vec()
                }
                ValueKind::Numbers { min, .. } => {
                    vec![(Checked::Numbers(vec![min + 1, min]), min.to_string())]
                }
                ValueKind::Word(w) => w
                    .words
                    .iter()
                    .map(|w| (Checked::Word(w), w.to_string()))
                    .collect(),
                ValueKind::WordList(w) => w
                    .words
                    .iter()
                    .map(|w| (Checked::Words(vec![w]), w.to_string()))
                    .collect(),
                ValueKind::PitCounts => {
                    vec![(Checked::Counts(vec![0, 5, 255, 1, 2, 3]), "255".to_string())]
                }
                ValueKind::PitMoves => {
                    vec![(Checked::PitMoves(vec![(0, 2), (1, 0)]), "b-a".to_string())]
                }
                ValueKind::PerPit(w) => w
                    .words
                    .iter()
                    .map(|w| (Checked::Words(vec![w; 3]), w.to_string()))
                    .collect(),
            };
            for (value, written) in cases {
                let mut rules = base.clone();
                (key.read)(&mut rules, value);
                let back = (key.write)(&rules).unwrap_or_default();
                // A key may leave out a value the other keys imply (as
                // `feed_gives` does `feed`'s): then reading it changed nothing.
                assert!(
                    back.contains(&written) || (back.is_empty() && rules == base),
                    "{section:?} {}: read {written}, wrote {back:?}",
                    key.name
                );
            }
        }
    }

    /// Each key knows the section it is listed in: the handle the checks
    /// look it up by.
    #[test]
    fn every_key_names_its_own_section() {
        for (section, key) in all_keys() {
            assert_eq!(key.section, section, "{}", key.name);
        }
    }

    #[test]
    fn every_value_has_a_doc() {
        for (_, key) in all_keys() {
            if let ValueKind::Word(w) | ValueKind::WordList(w) | ValueKind::PerPit(w) = key.value {
                assert_eq!(w.words.len(), w.docs.len());
                assert!(w.pairs().all(|(_, d)| !d.is_empty()), "{}", key.name);
            }
        }
    }
}
