//! How two rule sets differ, option by option, in the words of `sow
//! describe`.
//!
//! Every key of the language is compared as a file writes it, from its
//! declaration ([`rule_differences`]).

use std::fmt::Display;

use crate::rules::describe::describe;
use crate::rules::{
    schema::{self, Checked, Key, Section, ValueKind},
    sections::{board, end, sow},
    CaptureRule, Rules,
};

/// One option that differs between rule sets A and B.
#[derive(Debug, Clone)]
pub struct RuleDifference {
    /// The option as written in a variant file: `capture chain`, `legal
    /// grand_slam`; with several capture rules, `capture LABEL chain`.
    pub option: String,
    /// Its value under A, as written in a variant file.
    pub a: String,
    /// Its value under B.
    pub b: String,
    /// The sentences of `sow describe` that say it under A and not under A
    /// with this option set as in B.
    pub a_says: Vec<String>,
    /// The sentences that say it under B's setting.
    pub b_says: Vec<String>,
    /// A with only this option set as in B; `None` for the board's size,
    /// which a game on A's board cannot take.
    pub changed: Option<Rules>,
}

/// How a blank value is printed: a rule left out of the file (`legal
/// feed_gives` when `feed` implies it).
pub const LEFT_OUT: &str = "(left out)";

/// A rule's value as written in a file, for people: a blank value (the key
/// left out) as [`LEFT_OUT`], so that it cannot be mistaken for a missing
/// word. `sow diff` and `sow infer` print every value through it.
pub fn value_shown(value: &str) -> &str {
    if value.is_empty() {
        LEFT_OUT
    } else {
        value
    }
}

/// Every option that differs between `a` and `b` (names and sources are not
/// rules), in the order of a variant file.
///
/// Every key of the language is compared through its declared `write`, the
/// words a file gives it; A with the option as in B is A with the fields the
/// key's `read` sets copied from B ([`key_fields`]). So a new key is compared
/// without a word here. What is compared by hand: the board's size (rows,
/// pits, the start), which a game on A's board cannot take; the sowing
/// direction pit by pit on boards of other sizes; `leftovers`, whose change
/// carries the ways of ending scored as the leftovers with it; and the order
/// of an ordered section (`legal order`).
pub fn rule_differences(a: &Rules, b: &Rules) -> Vec<RuleDifference> {
    let mut out = Differences {
        a,
        list: Vec::new(),
    };
    for section in schema::sections() {
        if section.repeat.is_some() {
            capture_differences(&mut out, section, b);
            continue;
        }
        let owned = owned_fields(section, a);
        for (key, fields) in section.keys.iter().zip(&owned) {
            out.key(section, key, fields, b);
        }
        if section.order.is_some() {
            // The order of the restrictions, as `legal`'s lines give it.
            out.option(
                &format!("{} order", section.name),
                &a.restrictions,
                &b.restrictions,
                |r| r.restrictions = b.restrictions,
            );
        }
    }
    out.list
}

/// The capture rules, matched by their place in the list: each key of rule
/// `i` on both sides (named `capture KEY` when each side has one rule, else
/// `capture LABEL KEY`), and a rule only one side has as a whole.
fn capture_differences(out: &mut Differences<'_>, section: &'static Section, b: &Rules) {
    let a = out.a;
    let captures = &b.captures;
    let single = a.captures.len() == 1 && captures.len() == 1;
    let Some(repeat) = section.repeat else {
        return;
    };
    for i in 0..a.captures.len().max(captures.len()) {
        let (Some(ra), Some(rb)) = (a.captures.get(i), captures.get(i)) else {
            let label = a
                .captures
                .get(i)
                .or(captures.get(i))
                .map(|r| r.name.clone());
            let option = format!("capture {}", label.unwrap_or_default());
            let b_rule = captures.get(i).cloned();
            out.option(
                &option,
                &rule_text(section, &a.captures, i),
                &rule_text(section, captures, i),
                |r| match (b_rule, i < r.captures.len()) {
                    (Some(rule), true) => r.captures[i] = rule,
                    (Some(rule), false) => r.captures.push(rule),
                    (None, _) => {
                        r.captures.remove(i);
                    }
                },
            );
            continue;
        };
        let (view_a, view_b) = ((repeat.view)(a, i), (repeat.view)(b, i));
        for key in section.keys {
            let fields = rule_fields(key);
            let (va, vb) = (
                shown_as(key, &view_a, ra, &fields),
                shown_as(key, &view_b, rb, &fields),
            );
            let option = match single {
                true => format!("capture {}", key.name),
                false => format!("capture {} {}", ra.name, key.name),
            };
            out.option(&option, va.as_str(), vb.as_str(), |r| {
                r.captures[i] = copy_fields(&r.captures[i], rb, &fields);
            });
        }
    }
}

/// Capture rule `i` of `captures` as its settings read, those at their
/// default left out (`none` when there is no such rule).
fn rule_text(section: &Section, captures: &[CaptureRule], i: usize) -> String {
    let Some(rule) = captures.get(i) else {
        return "none".into();
    };
    let view = Rules {
        captures: vec![rule.clone()],
        ..Rules::default()
    };
    // The settings a file writes: those not at their default.
    let settings: Vec<String> = section
        .keys
        .iter()
        .filter_map(|k| {
            let values = (k.write)(&view)?;
            let default = matches!(k.default, schema::Default::Value(d) if values == [d]);
            (!default).then(|| format!("{} {}", k.name, values.join(" ")))
        })
        .collect();
    settings.join("; ")
}

/// Whether `key` is the key `other` (of the same section, by the same name).
fn is(key: &Key, other: &Key) -> bool {
    (key.section, key.name) == (other.section, other.name)
}

/// A key's value in `rules` as a file writes it; when the file has no room
/// for it (another key makes it mean nothing), the value its fields hold.
fn shown(key: &Key, rules: &Rules, fields: &[Field]) -> String {
    shown_as(key, rules, rules, fields)
}

/// [`shown`], the fields read from `model` (the rules, or one capture rule
/// of them).
fn shown_as<T: serde::Serialize>(key: &Key, rules: &Rules, model: &T, fields: &[Field]) -> String {
    (key.write)(rules).map_or_else(
        || {
            let json = to_json(model);
            let values: Vec<String> = fields
                .iter()
                .filter_map(|f| f.iter().try_fold(&json, |v, name| v.get(name)))
                .map(json_words)
                .collect();
            values.join(" ")
        },
        |v| v.join(" "),
    )
}

/// A field's value in the words of a file: `none` for a rule left out.
fn json_words(value: &serde_json::Value) -> String {
    match value {
        serde_json::Value::Null => "none".into(),
        serde_json::Value::String(s) => s.clone(),
        serde_json::Value::Array(items) if items.is_empty() => "none".into(),
        serde_json::Value::Array(items) => {
            (items.iter().map(json_words)).collect::<Vec<_>>().join(" ")
        }
        other => other.to_string(),
    }
}

/// Values of every kind a key may take, two of each, to find which fields
/// of the model its `read` sets: whatever the rules hold, one of the two
/// differs from it.
fn probes(key: &Key, pits: usize) -> Vec<Checked> {
    match key.value {
        ValueKind::Text => vec![Checked::Text("a".into()), Checked::Text("b".into())],
        ValueKind::Number { min, .. } => vec![Checked::Number(min), Checked::Number(min + 1)],
        ValueKind::Numbers { min, .. } => {
            vec![Checked::Numbers(vec![min]), Checked::Numbers(vec![min + 1])]
        }
        ValueKind::Word(w) => w.words.iter().take(2).map(|w| Checked::Word(w)).collect(),
        ValueKind::WordList(w) => (w.words.iter().take(2))
            .map(|w| Checked::Words(vec![w]))
            .collect(),
        ValueKind::PerPit(w) => (w.words.iter().take(2))
            .map(|w| Checked::Words(vec![w; pits]))
            .collect(),
        ValueKind::PitCounts => vec![
            Checked::Counts(vec![1; 2 * pits]),
            Checked::Counts(vec![2; 2 * pits]),
        ],
        ValueKind::PitMoves => vec![
            Checked::PitMoves(vec![(0, 1)]),
            Checked::PitMoves(vec![(1, 2)]),
        ],
    }
}

/// A field of the model: the names from [`Rules`] down, as serialised.
type Field = Vec<String>;

/// The fields of `rules` that `key`'s `read` sets.
fn key_fields(key: &Key, rules: &Rules) -> Vec<Field> {
    let before = to_json(rules);
    let mut fields = Vec::new();
    for value in probes(key, usize::from(rules.board.pits)) {
        let mut probed = rules.clone();
        (key.read)(&mut probed, value);
        changed_fields(&before, &to_json(&probed), &mut Vec::new(), &mut fields);
    }
    fields
}

/// The fields each key of `section` owns, in the section's order: those its
/// `read` sets, but a field that several keys set belongs to the one that
/// sets the fewest (`feed` sets what `feed_gives` says when the file leaves
/// it out: the field is `feed_gives`'s).
fn owned_fields(section: &Section, rules: &Rules) -> Vec<Vec<Field>> {
    let set: Vec<Vec<Field>> = (section.keys.iter())
        .map(|k| key_fields(k, rules))
        .collect();
    set.iter()
        .map(|fields| {
            (fields.iter())
                .filter(|f| {
                    !set.iter()
                        .any(|other| other.len() < fields.len() && other.contains(f))
                })
                .cloned()
                .collect()
        })
        .collect()
}

/// The fields of a capture rule that `key` (of the `capture` section) sets.
fn rule_fields(key: &Key) -> Vec<Field> {
    let one_rule = Rules {
        captures: vec![CaptureRule::default()],
        ..Rules::default()
    };
    let before = to_json(&one_rule.captures[0]);
    let mut fields = Vec::new();
    for value in probes(key, 0) {
        let mut probed = one_rule.clone();
        (key.read)(&mut probed, value);
        changed_fields(
            &before,
            &to_json(&probed.captures[0]),
            &mut Vec::new(),
            &mut fields,
        );
    }
    fields
}

fn to_json<T: serde::Serialize>(value: &T) -> serde_json::Value {
    serde_json::to_value(value).unwrap_or_else(|e| unreachable!("the rules serialise: {e}"))
}

/// Adds to `out` the paths below `path` where `a` and `b` differ (a list or a
/// number is one field).
fn changed_fields(
    a: &serde_json::Value,
    b: &serde_json::Value,
    path: &mut Field,
    out: &mut Vec<Field>,
) {
    match (a, b) {
        (serde_json::Value::Object(a), serde_json::Value::Object(b)) => {
            for (name, value) in a {
                let other = b.get(name).unwrap_or(&serde_json::Value::Null);
                path.push(name.clone());
                changed_fields(value, other, path, out);
                path.pop();
            }
        }
        (a, b) if a != b && !out.contains(path) => out.push(path.clone()),
        _ => {}
    }
}

/// `to` with `fields` copied from `from`.
fn copy_fields<T>(to: &T, from: &T, fields: &[Field]) -> T
where
    T: serde::Serialize + serde::de::DeserializeOwned,
{
    let mut json = to_json(to);
    let source = to_json(from);
    for field in fields {
        let value = field.iter().try_fold(&source, |v, name| v.get(name));
        let slot = field.iter().try_fold(&mut json, |v, name| v.get_mut(name));
        if let (Some(value), Some(slot)) = (value, slot) {
            *slot = value.clone();
        }
    }
    serde_json::from_value(json).unwrap_or_else(|e| unreachable!("the rules read back: {e}"))
}

/// The differences found so far, against rule set A.
struct Differences<'a> {
    a: &'a Rules,
    list: Vec<RuleDifference>,
}

impl Differences<'_> {
    /// An option A can take B's value of: compared, and worded through `sow
    /// describe` of A before and after the change.
    fn option<T: Display + PartialEq + ?Sized>(
        &mut self,
        option: &str,
        a: &T,
        b: &T,
        set: impl FnOnce(&mut Rules),
    ) {
        if a == b {
            return;
        }
        let mut changed = self.a.clone();
        set(&mut changed);
        let before = sentences(self.a);
        let after = sentences(&changed);
        self.list.push(RuleDifference {
            option: option.to_string(),
            a: a.to_string(),
            b: b.to_string(),
            a_says: before
                .iter()
                .filter(|s| !after.contains(s))
                .cloned()
                .collect(),
            b_says: after
                .iter()
                .filter(|s| !before.contains(s))
                .cloned()
                .collect(),
            changed: Some(changed),
        });
    }

    /// `key` of `section`, compared through its `write`; A takes B's value
    /// of the fields its `read` sets. The board's size and the sowing
    /// direction on boards of other sizes, and `leftovers`, are compared by
    /// hand (see [`rule_differences`]).
    fn key(&mut self, section: &Section, key: &'static Key, fields: &[Field], b: &Rules) {
        let a = self.a;
        let option = format!("{} {}", section.name, key.name);
        if is(key, &board::ROWS) {
            self.size("board rows", a.board.rows, b.board.rows);
        } else if is(key, &board::PITS) {
            self.size("board pits", a.board.pits, b.board.pits);
        } else if is(key, &board::SEEDS) {
            // `seeds` and `start` are one rule, the start: `seeds` when both
            // files give it, else the start as each file gives it.
            if a.board.start.is_empty() && b.board.start.is_empty() {
                self.size("board seeds", a.board.seeds, b.board.seeds);
            } else {
                self.size("board start", a.start_text(), b.start_text());
            }
        } else if is(key, &board::START) {
            // Compared with `seeds`.
        } else if is(key, &sow::DIRECTION) {
            self.direction(b);
        } else if is(key, &end::LEFTOVERS) {
            let leftovers = b.end.leftovers;
            self.option(&option, &a.end.leftovers, &leftovers, |r| {
                // The ways of ending that A scores as its leftovers follow them.
                let old = r.end.leftovers;
                for (_, way) in r.end.scoring.ways_mut() {
                    if *way == old {
                        *way = leftovers;
                    }
                }
                r.end.leftovers = leftovers;
            });
        } else {
            let (va, vb) = (shown(key, a, fields), shown(key, b, fields));
            // A way of ending scored as its file's `leftovers` on both sides
            // follows them (above); one that either file scores its own way
            // is an option of its own.
            let way = b.end.scoring.ways().iter().any(|(w, _)| *w == key.name);
            let follows = |r: &Rules, v: &str| v == r.end.leftovers.to_string();
            if key.section == Some(end::SECTION.name) && way && follows(a, &va) && follows(b, &vb) {
                return;
            }
            self.option(&option, va.as_str(), vb.as_str(), |r| {
                *r = copy_fields(r, b, fields);
            });
        }
    }

    /// The sowing direction: a direction per pit only fits a board of the
    /// same size.
    fn direction(&mut self, b: &Rules) {
        let a = self.a;
        let direction = &b.sowing.direction;
        let (da, db) = (words(a.sowing.direction.iter()), words(direction.iter()));
        if a.board.pits == b.board.pits {
            self.option("sow direction", &da, &db, |r| {
                r.sowing.direction.clone_from(direction);
            });
        } else if uniform(&a.sowing.direction) && uniform(direction) {
            let first = direction[0];
            self.option(
                "sow direction",
                &a.sowing.direction[0],
                &first,
                |r: &mut Rules| r.sowing.direction.fill(first),
            );
        } else if da != db {
            self.size("sow direction", da, db);
        }
    }

    /// A difference in the board's size: no game on A's board can take it.
    fn size<T: Display + PartialEq>(&mut self, option: &'static str, a: T, b: T) {
        if a != b {
            self.list.push(RuleDifference {
                option: option.to_string(),
                a: a.to_string(),
                b: b.to_string(),
                a_says: Vec::new(),
                b_says: Vec::new(),
                changed: None,
            });
        }
    }
}

/// Every sentence `sow describe` says about `rules`.
fn sentences(rules: &Rules) -> Vec<String> {
    describe(rules)
        .sections
        .into_iter()
        .flat_map(|(_, s)| s)
        .collect()
}

/// `a b c`: values as a variant file writes them.
fn words<T: Display>(values: impl Iterator<Item = T>) -> String {
    values.map(|v| v.to_string()).collect::<Vec<_>>().join(" ")
}

fn uniform<T: PartialEq>(values: &[T]) -> bool {
    values.windows(2).all(|w| w[0] == w[1])
}

/// Whether the two boards have the same size and start (rows, pits, the
/// start counts): only then
/// can the same game be played under both.
pub fn same_board(a: &Rules, b: &Rules) -> bool {
    (a.board.rows, a.board.pits, a.start_counts()) == (b.board.rows, b.board.pits, b.start_counts())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variants;

    #[test]
    fn options_are_named_and_valued_as_in_a_file() {
        let oware = variants::load("oware").unwrap().rules;
        let kalah = variants::load("kalah").unwrap().rules;
        let found: Vec<String> = rule_differences(&oware, &kalah)
            .iter()
            .map(|d| format!("{} {} / {}", d.option, d.a, d.b))
            .collect();
        assert!(
            found.contains(&"sow skip_origin yes / no".to_string()),
            "{found:?}"
        );
        assert!(
            found.contains(&"board stores none / sown".to_string()),
            "{found:?}"
        );
    }

    /// Every key is compared from its declaration: set to another value in
    /// B, it is listed under its name, and A with it as in B writes B's
    /// value.
    #[test]
    fn every_key_is_compared_through_its_declaration() {
        let a = variants::load("modiar").unwrap().rules;
        let by_hand = [
            &board::ROWS,
            &board::PITS,
            &board::SEEDS,
            &board::START,
            &sow::DIRECTION,
        ];
        for section in schema::sections().filter(|s| s.repeat.is_none()) {
            for key in section
                .keys
                .iter()
                .filter(|k| !by_hand.iter().any(|h| is(k, h)))
            {
                for value in probes(key, usize::from(a.board.pits)) {
                    let mut b = a.clone();
                    (key.read)(&mut b, value);
                    let Some(written) = (key.write)(&b) else {
                        continue;
                    };
                    if (key.write)(&a) == Some(written.clone()) {
                        continue;
                    }
                    let option = format!("{} {}", section.name, key.name);
                    let found = rule_differences(&a, &b);
                    let d = found.iter().find(|d| d.option == option);
                    let d = d.unwrap_or_else(|| panic!("{option} {written:?}: {found:?}"));
                    assert_eq!(d.b, written.join(" "), "{option}");
                    let changed = d.changed.as_ref().unwrap();
                    assert_eq!((key.write)(changed), Some(written), "{option}");
                }
            }
        }
    }

    /// Oware against Oware with a claim: the option is named as a file
    /// writes it, `claim makes`, Oware leaving it out.
    #[test]
    fn a_rule_one_side_leaves_out_is_shown_as_none() {
        let oware = variants::load("oware").unwrap().rules;
        let mut claiming = oware.clone();
        claiming.claim.count = Some(4);
        let found: Vec<String> = rule_differences(&oware, &claiming)
            .iter()
            .map(|d| format!("{} {} / {}", d.option, d.a, d.b))
            .collect();
        assert_eq!(found, ["claim makes none / 4"]);
    }

    #[test]
    fn the_same_rules_under_other_names_do_not_differ() {
        let modiar = variants::load("modiar").unwrap().rules;
        let mut renamed = modiar.clone();
        renamed.name = "Other".into();
        renamed.source = None;
        assert!(rule_differences(&modiar, &renamed).is_empty());
    }
}
