//! The rules of a variant in plain English, in the order a player learns a
//! game (board, move, captures, restrictions, end). Each key's sentences are
//! declared with it (its `describe`, beside the key in `rules/sections/`); this module
//! only orders them into paragraphs and adds the sentences that tie several
//! keys together.

use super::{
    schema::{self, Key},
    FeedWhen, GrandSlam, Rules,
};

/// A description: a title, a source line, and sections of sentences.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Description {
    /// The variant's name.
    pub title: String,
    /// Where the rules come from, as a sentence.
    pub source: String,
    /// `(heading, sentences)`, in the order a player learns them.
    pub sections: Vec<(&'static str, Vec<String>)>,
}

/// The paragraphs, in the order a player learns a game. Each lists where
/// its sentences come from, in order: `section.key`, a top-level key, or a
/// section's name for the rest of its keys in declaration order (so a new
/// key of a section is described without a change here).
const PARAGRAPHS: &[(&str, &[&str])] = &[
    ("Board", &["board.rows", "board.seeds", "board"]),
    ("A move", &["legal.min_stones", "sow"]),
    (
        "Captures",
        &[
            "capture.counts",
            "capture.chain",
            "capture.goes_to",
            "capture.last_goes_to",
            "capture",
        ],
    ),
    ("Restrictions", &["legal"]),
    ("End", &["end"]),
    ("Rounds", &["rounds"]),
    ("Claimed pits", &["claim"]),
    ("Opening", &["opening"]),
];

/// The top-level key that gives the source line (the name is the title).
const SOURCE: &str = "source";

/// Describes `rules` in plain English.
pub fn describe(rules: &Rules) -> Description {
    let source = schema::key(None, SOURCE).map_or_else(Vec::new, |k| (k.describe)(rules));
    let sections = PARAGRAPHS
        .iter()
        .map(|(heading, entries)| {
            let mut sentences = match entries.first().and_then(|e| repeated(e)) {
                Some(repeat) => items(entries, rules, repeat),
                None => keys(entries, rules)
                    .into_iter()
                    .flat_map(|key| (key.describe)(rules))
                    .collect(),
            };
            if *heading == "Restrictions" {
                sentences.extend(restriction_order(rules));
            }
            (*heading, sentences)
        })
        // A paragraph with nothing to say (no rounds) is left out.
        .filter(|(_, sentences)| !sentences.is_empty())
        .collect();
    Description {
        title: rules.name.clone(),
        source: source.join(" "),
        sections,
    }
}

/// The section given per item (`capture NAME`) that a paragraph's entry
/// names, if it is one.
fn repeated(entry: &str) -> Option<schema::Repeat> {
    let section = entry.split_once('.').map_or(entry, |(s, _)| s);
    schema::section(section)?.repeat
}

/// The sentences of a paragraph about a section given per item: each item's,
/// its keys seeing it alone ([`schema::Repeat::view`]). With several items,
/// each begins with its label and place in order.
fn items(entries: &[&str], rules: &Rules, repeat: schema::Repeat) -> Vec<String> {
    let labels = (repeat.labels)(rules);
    if labels.is_empty() {
        return vec!["There are no captures.".into()];
    }
    let mut sentences = Vec::new();
    if labels.len() > 1 {
        sentences.push(format!(
            "There are {} capture rules, tried in this order where the last stone lands; a pit is taken at most once.",
            labels.len()
        ));
    }
    for (i, label) in labels.iter().enumerate() {
        let view = (repeat.view)(rules, i);
        let said: Vec<String> = keys(entries, &view)
            .into_iter()
            .flat_map(|key| (key.describe)(&view))
            .collect();
        match labels.len() {
            1 => sentences.extend(said),
            _ => sentences.extend(said.into_iter().map(|s| format!("Rule `{label}`: {s}"))),
        }
    }
    sentences
}

/// The keys a paragraph's entries name, in order (an ordered section's in
/// the order of `rules`).
fn keys(entries: &[&str], rules: &Rules) -> Vec<&'static Key> {
    let listed = |section: &str, key: &str| {
        PARAGRAPHS
            .iter()
            .flat_map(|(_, entries)| entries.iter())
            .any(|e| *e == format!("{section}.{key}"))
    };
    let mut keys = Vec::new();
    for entry in entries {
        match entry.split_once('.') {
            Some((section, key)) => keys.extend(schema::key(Some(section), key)),
            None => match schema::section(entry) {
                Some(section) => {
                    let mut rest: Vec<&'static Key> = section
                        .keys
                        .iter()
                        .filter(|k| !listed(section.name, k.name))
                        .collect();
                    if let Some(order) = section.order {
                        let order = (order.write)(rules);
                        rest.sort_by_key(|k| order.iter().position(|o| *o == k.name));
                    }
                    keys.extend(rest);
                }
                None => keys.extend(schema::key(None, entry)),
            },
        }
    }
    keys
}

/// The order of the grand-slam and feeding rules, when both apply.
fn restriction_order(rules: &Rules) -> Option<String> {
    (rules.feeding.when != FeedWhen::Never
        && rules.grand_slam != GrandSlam::Allowed
        && rules.has_captures())
    .then(|| {
        if rules.restrictions.feed_first() {
            "The feeding rule applies first; the grand-slam rule then chooses among the moves that feed."
        } else {
            "The grand-slam rule applies first; the feeding rule then chooses among the moves left."
        }
        .to_string()
    })
}

impl Description {
    /// Plain text: the title, the source, then each section with one sentence a line.
    pub fn text(&self) -> String {
        let mut out = format!("{}\n{}\n", self.title, self.source);
        for (heading, sentences) in &self.sections {
            out.push_str(&format!("\n{heading}\n"));
            for s in sentences {
                out.push_str(&format!("  {s}\n"));
            }
        }
        out
    }

    /// Markdown: a heading per section and a bullet per sentence.
    pub fn markdown(&self) -> String {
        let mut out = format!("# {}\n\n{}\n", self.title, self.source);
        for (heading, sentences) in &self.sections {
            out.push_str(&format!("\n## {heading}\n\n"));
            for s in sentences {
                out.push_str(&format!("- {s}\n"));
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{schema::Entry, Keyword, PitDirection, SowStart, Trigger};

    fn modiar() -> Rules {
        crate::variants::load("modiar").unwrap().rules
    }

    /// Every value of an option gives a different description: an option
    /// value that `describe` ignores or words like another fails here (and a
    /// new key does not compile without its `describe`).
    fn all_distinct<K: Keyword>(set: impl Fn(&mut Rules, K)) {
        let texts: Vec<String> = K::ALL
            .iter()
            .map(|(_, value)| {
                let mut rules = modiar();
                set(&mut rules, *value);
                describe(&rules).text()
            })
            .collect();
        for (i, a) in texts.iter().enumerate() {
            for (j, b) in texts.iter().enumerate().skip(i + 1) {
                assert_ne!(
                    a,
                    b,
                    "`{}` and `{}` read the same",
                    K::ALL[i].0,
                    K::ALL[j].0
                );
            }
        }
    }

    /// Every declared key is described in one paragraph (the name is the
    /// title and the source the source line).
    #[test]
    fn every_key_has_one_place() {
        let mut declared: Vec<&str> = Vec::new();
        for entry in schema::LANGUAGE {
            match entry {
                Entry::Key(k) if k.name == "name" || k.name == SOURCE => {}
                Entry::Key(k) => declared.push(k.name),
                Entry::Section(s) => declared.extend(s.keys.iter().map(|k| k.name)),
            }
        }
        let mut described: Vec<&str> = PARAGRAPHS
            .iter()
            .flat_map(|(_, entries)| keys(entries, &Rules::default()))
            .map(|k| k.name)
            .collect();
        declared.sort_unstable();
        described.sort_unstable();
        assert_eq!(described, declared);
    }

    #[test]
    fn every_option_value_is_rendered() {
        all_distinct(|r, v| r.sowing.direction = vec![v; 3]);
        all_distinct(|r, v| r.sowing.extra_turn = v);
        all_distinct(|r, v| r.captures[0].take = v);
        all_distinct(|r, v| r.sowing.start = v);
        all_distinct(|r, v| r.sowing.laps = v);
        all_distinct(|r, v| r.board.stores = v);
        all_distinct(|r, v| r.captures[0].side = v);
        all_distinct(|r, v| r.captures[0].chain = v);
        all_distinct(|r, v| r.captures[0].first_move = v);
        all_distinct(|r, v| r.captures[0].on = v);
        all_distinct(|r, v| {
            r.captures[0].on = Trigger::RelayLanding;
            r.captures[0].then = v;
        });
        all_distinct(|r, v| r.feeding.when = v);
        all_distinct(|r, v| r.feeding.otherwise = v);
        all_distinct(|r, v| r.grand_slam = v);
        all_distinct(|r, v| r.end.when = vec![v]);
        all_distinct(|r, v| r.end.leftovers = v);
        all_distinct(|r, v| r.end.repetition = v);
        all_distinct(|r, v| r.end.repetition_leftovers = v);
    }

    #[test]
    fn every_number_and_text_is_rendered() {
        let base = describe(&modiar()).text();
        let changed = |edit: &dyn Fn(&mut Rules)| {
            let mut rules = modiar();
            edit(&mut rules);
            describe(&rules).text()
        };
        type Edit<'a> = (&'a str, &'a dyn Fn(&mut Rules));
        let edits: [Edit<'_>; 9] = [
            ("name", &|r| r.name = "Other".into()),
            ("source", &|r| r.source = None),
            ("pits", &|r| r.board.pits = 4),
            ("seeds", &|r| r.board.seeds = 5),
            ("skip_origin", &|r| {
                r.sowing.start = SowStart::Next;
                r.sowing.skip_origin = true;
            }),
            ("min_stones", &|r| r.sowing.min_stones = 1),
            ("counts", &|r| r.captures[0].counts = vec![2, 3]),
            ("facing_counts", &|r| {
                r.captures[0].take = crate::rules::Take::Opposite;
                r.captures[0].chain = crate::rules::Chain::None;
                r.captures[0].facing_counts = vec![1];
            }),
            ("rows", &|r| r.board.rows = 3),
        ];
        for (what, edit) in edits {
            assert_ne!(changed(edit), base, "{what} is not rendered");
        }
        let mut next = modiar();
        next.sowing.start = SowStart::Next;
        let mut skip = next.clone();
        skip.sowing.skip_origin = true;
        assert_ne!(describe(&next).text(), describe(&skip).text());
    }

    #[test]
    fn clockwise_order_and_oware_lap() {
        let mut rules = modiar();
        rules.board.pits = 6;
        rules.sowing.direction = vec![PitDirection::Cw; 6];
        rules.sowing.start = SowStart::Next;
        rules.sowing.skip_origin = true;
        let text = describe(&rules).text();
        assert!(
            text.contains("clockwise, in the order a F E D C B A f e d c b ..."),
            "{text}"
        );
        assert!(text.contains("A sowing of 12 or more stones, which goes all the way round, leaves out the emptied pit."), "{text}");
    }
}
