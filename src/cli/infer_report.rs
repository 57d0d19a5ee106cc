//! `sow infer`'s report: what the records settle, what they leave open and
//! what to ask, as text, JSON and a variant file.

use std::fmt::Write;

use serde_json::{json, Map, Value};

use crate::{
    engine::{format_position, Game},
    verify::{
        self,
        diff::Pair,
        infer::{search::Place, search::Prepared, space::Space, Inference, Question},
        rule_diff::value_shown,
    },
};

/// A rule as the report shows it.
struct Rule {
    /// `capture.counts`.
    name: String,
    /// The value(s) as written, when settled.
    value: Option<String>,
    /// For a list: numbers or words settled out.
    out: Vec<String>,
    /// The possible values when open (for a list: the undecided elements).
    open: Vec<String>,
    /// Where the records settled it.
    settled: Option<Place>,
    /// For a list: elements no record reached.
    unreached: Vec<String>,
    /// The questions for it.
    questions: Vec<Ask>,
}

/// A question in words.
struct Ask {
    /// What is compared: "`sow.laps single` from `sow.laps relay`".
    what: String,
    /// How the two part ways.
    words: String,
    /// Where the moves start: `None` the start, else the record's name, the
    /// ply after which, and the position there.
    from: Option<(String, u32, String)>,
    /// The moves, as labels.
    moves: Vec<String>,
}

/// The report of a search that found rule sets.
pub(super) struct Report {
    rules: Vec<Rule>,
    header: String,
    names: Vec<String>,
}

impl Report {
    pub(super) fn new(
        inf: &Inference,
        questions: &[Question],
        records: &[Prepared<'_>],
        names: &[String],
    ) -> Report {
        let space = &inf.space;
        let mut rules: Vec<Rule> = Vec::new();
        for (i, slot) in space.slots.iter().enumerate() {
            let result = &inf.slots[i];
            let name = slot.name();
            let values = |ix: &[u8]| -> Vec<String> {
                ix.iter()
                    .map(|&v| slot.values[usize::from(v)].clone())
                    .collect()
            };
            let asks: Vec<Ask> = questions
                .iter()
                .filter(|q| q.slot == i)
                .map(|q| ask(q, slot.label(), &slot.values, slot.element.is_some(), names))
                .collect();
            let first_word = match slot.key.value {
                crate::rules::schema::ValueKind::WordList(words) => words.words[0],
                _ => "",
            };
            if rules.last().is_none_or(|r| r.name != name) {
                rules.push(Rule {
                    name: name.clone(),
                    value: None,
                    out: Vec::new(),
                    open: Vec::new(),
                    settled: None,
                    unreached: Vec::new(),
                    questions: Vec::new(),
                });
            }
            let Some(rule) = rules.last_mut() else {
                continue;
            };
            // One question per rule: for a list, about its first open element.
            if rule.questions.is_empty() {
                rule.questions.extend(asks);
            }
            match &slot.element {
                None => {
                    if result.possible.len() == 1 {
                        rule.value = Some(values(&result.possible)[0].clone());
                        rule.settled = result.settled;
                    } else {
                        rule.open = values(&result.possible);
                    }
                }
                Some(element) => {
                    let v = rule.value.get_or_insert_with(|| first_word.to_string());
                    if !result.reached {
                        rule.unreached.push(element.clone());
                        // Unreached elements keep the value the search assumed.
                        if inf.candidates[0].values[i] == 1 {
                            push_word(v, element);
                        }
                    } else if result.possible.len() > 1 {
                        rule.open.push(element.clone());
                    } else if result.possible == [1] {
                        push_word(v, element);
                        rule.settled = rule.settled.max(result.settled);
                    } else {
                        rule.out.push(element.clone());
                        rule.settled = rule.settled.max(result.settled);
                    }
                }
            }
        }
        let o = &inf.outcome;
        let plies: usize = records.iter().map(|r| r.labels.len()).sum();
        let lists: usize = space.slots.iter().filter(|s| s.element.is_some()).count();
        let mut header = String::new();
        let _ = writeln!(
            header,
            "{} record{}, {plies} plies",
            records.len(),
            if records.len() == 1 { "" } else { "s" }
        );
        let _ = writeln!(
            header,
            "search space: {} rule sets ({} rules, {lists} of them elements of lists, learned)",
            big(space.size()),
            space.slots.len() - lists
        );
        let _ = writeln!(
            header,
            "replayed: {} partial rule sets, {} one-rule variations; {} rule sets compiled",
            o.nodes,
            o.variations,
            space.compiled()
        );
        if let Some(one_rule) = inf.coverage.one_rule_nodes {
            let _ = writeln!(
                header,
                "one rule changed at a time found none ({one_rule} partial rule sets); then two: \
                 {} two-rule changes tried at {} refuted rule sets (at most {}), {} rescued by a pair, \
                 {} split on the change that brought the board nearest",
                o.pairs_tried,
                o.pair_searches,
                inf.bound.pairs,
                o.pair_rescues,
                o.nearer
            );
        }
        if let (true, Some(first)) = (o.capped, o.first_found) {
            let _ = writeln!(
                header,
                "first rule set found after {first} partial rule sets"
            );
        }
        if o.capped {
            let _ = writeln!(
                header,
                "the search stopped at its bound on partial rule sets: there may be more rule sets, \
                 and other values of the rules below"
            );
        }
        // The count is exact only when every rule set was replayed one by
        // one; otherwise it combines the open values of the rule sets found
        // (the language's cross-key checks may refuse some combinations).
        let plural = if inf.count == 1.0 { "" } else { "s" };
        let _ = match (inf.coverage.enumerated.is_some(), o.capped) {
            (true, _) => writeln!(
                header,
                "explained by {} rule set{plural}, each replayed",
                big(inf.count)
            ),
            (false, capped) => writeln!(
                header,
                "explained by about {}{} rule set{plural} (the open values below combined, not each replayed)",
                big(inf.count),
                if capped { " or more" } else { "" },
            ),
        };
        Report {
            rules,
            header,
            names: names.to_vec(),
        }
    }

    fn at(&self, records_plies: &[usize], p: Place) -> String {
        if p.ply as usize == records_plies[p.record] + 1 {
            format!("{} at the result", self.names[p.record])
        } else {
            format!("{} ply {}", self.names[p.record], p.ply)
        }
    }

    pub(super) fn text(&self, inf: &Inference, records: &[Prepared<'_>]) -> String {
        let plies: Vec<usize> = records.iter().map(|r| r.labels.len()).collect();
        let mut out = self.header.clone();
        let determined: Vec<(&Rule, Place)> = self
            .rules
            .iter()
            .filter(|r| r.open.is_empty())
            .filter_map(|r| r.settled.map(|p| (r, p)))
            .collect();
        let width = self.rules.iter().map(|r| r.name.len()).max().unwrap_or(0);
        out.push_str(if inf.outcome.capped {
            "\ndetermined among the rule sets found (not proven: the search stopped at its bound):\n"
        } else {
            "\ndetermined:\n"
        });
        if determined.is_empty() {
            out.push_str("  nothing\n");
        }
        for (r, settled) in &determined {
            let mut value = value_shown(r.value.as_deref().unwrap_or("")).to_string();
            if !r.out.is_empty() {
                let _ = write!(value, " (not {})", r.out.join(" "));
            }
            let _ = writeln!(
                out,
                "  {:width$}  {value}  ({})",
                r.name,
                self.at(&plies, *settled)
            );
        }
        out.push_str("\nopen:\n");
        let open: Vec<&Rule> = self.rules.iter().filter(|r| !r.open.is_empty()).collect();
        if open.is_empty() {
            out.push_str("  nothing\n");
        }
        for r in &open {
            if r.unreached.is_empty() && r.value.is_none() {
                let _ = writeln!(out, "  {:width$}  {}", r.name, shown_values(&r.open, " | "));
            } else {
                let _ = writeln!(
                    out,
                    "  {:width$}  {} | with {}",
                    r.name,
                    value_shown(r.value.as_deref().unwrap_or("")),
                    r.open.join(", ")
                );
            }
            for Ask {
                what,
                words,
                from,
                moves,
            } in &r.questions
            {
                let _ = writeln!(out, "    to tell {what}:");
                let start = match from {
                    None => "the start".to_string(),
                    Some((name, ply, position)) => format!("{name} after ply {ply} ({position})"),
                };
                let _ = writeln!(out, "      moves from {start}: {}", shown(&moves.join(" ")));
                for line in words.lines() {
                    let _ = writeln!(out, "      {line}");
                }
            }
        }
        let unreached: Vec<String> = self
            .rules
            .iter()
            .filter(|r| !r.unreached.is_empty())
            .map(|r| format!("{} {}", r.name, r.unreached.join(" ")))
            .collect();
        let untouched: Vec<&str> = self
            .rules
            .iter()
            .filter(|r| r.open.is_empty() && r.settled.is_none() && r.unreached.is_empty())
            .map(|r| r.name.as_str())
            .collect();
        if !untouched.is_empty() {
            let _ = writeln!(
                out,
                "\nsettled by the full replay of the rule sets found (no other value of theirs explains the records, or the language allows none): {}",
                untouched.join(", ")
            );
        }
        if !unreached.is_empty() {
            let _ = writeln!(
                out,
                "\nnever reached (no board showed them; counted as in the file written): {}",
                unreached.join("; ")
            );
        }
        if inf
            .candidates
            .iter()
            .all(|_| !records.iter().any(has_boards))
        {
            out.push_str("\nthe records have no boards: only the moves' legality and the results were checked\n");
        }
        out
    }

    pub(super) fn json(&self, inf: &Inference, records: &[Prepared<'_>]) -> Value {
        let plies: Vec<usize> = records.iter().map(|r| r.labels.len()).collect();
        let mut determined = Map::new();
        let mut open = Map::new();
        for r in &self.rules {
            let qs: Vec<Value> = r
                .questions
                .iter()
                .map(|q| {
                    let from = match &q.from {
                        None => json!("start"),
                        Some((name, ply, position)) => {
                            json!({"record": name, "ply": ply, "position": position})
                        }
                    };
                    json!({"compares": q.what, "from": from, "moves": q.moves, "difference": q.words.trim_end()})
                })
                .collect();
            if !r.open.is_empty() {
                open.insert(
                    r.name.clone(),
                    json!({"values": r.open, "settled": r.value, "not": r.out, "questions": qs}),
                );
            } else if let Some(p) = r.settled {
                let at = self.at(&plies, p);
                determined.insert(
                    r.name.clone(),
                    json!({"value": r.value, "not": r.out, "record": self.names[p.record], "ply": p.ply, "at": at}),
                );
            }
        }
        let o = &inf.outcome;
        json!({
            "records": self.names,
            "space": {"rule_sets": inf.space.size(), "slots": inf.space.slots.len()},
            "replayed": {"partial_rule_sets": o.nodes, "variations": o.variations, "compiled": inf.space.compiled()},
            "two_rule_changes": two_rule_json(inf),
            "complete": !o.capped,
            "explained_by": inf.count,
            "boards": records.iter().any(has_boards),
            "determined": determined,
            "open": open,
        })
    }

    /// One explaining rule set as a variant file, open rules in comments.
    pub(super) fn variant(&self, inf: &Inference) -> String {
        let mut header = vec![format!(
            "# Found by `sow infer` from {} record(s): {} rule set(s) explain them.",
            self.names.len(),
            big(inf.count)
        )];
        for r in self.rules.iter().filter(|r| !r.open.is_empty()) {
            header.push(format!(
                "# open: {} {}",
                r.name,
                shown_values(&r.open, " | ")
            ));
        }
        // A candidate is a rule set the language accepted.
        inf.space
            .canonical_text(&inf.candidates[0].values, &header)
            .unwrap_or_default()
    }
}

/// What the search did with two-rule changes, as JSON (`null`: not tried).
fn two_rule_json(inf: &Inference) -> Value {
    let o = &inf.outcome;
    match inf.coverage.one_rule_nodes {
        None => Value::Null,
        Some(one_rule) => json!({
            "after_one_rule_partial_rule_sets": one_rule,
            "tried": o.pairs_tried,
            "budget": inf.bound.pairs,
            "budget_used_up": o.pairs_capped,
            "refuted_rule_sets": o.pair_searches,
            "rescued": o.pair_rescues,
            "nearer": o.nearer,
        }),
    }
}

fn has_boards(r: &Prepared<'_>) -> bool {
    r.record.expect.iter().any(|c| c.board.is_some())
}

/// Values for people, blank ones as [`value_shown`] prints them.
fn shown_values(values: &[String], separator: &str) -> String {
    let shown: Vec<&str> = values.iter().map(|v| value_shown(v)).collect();
    shown.join(separator)
}

fn push_word(v: &mut String, w: &str) {
    if !v.is_empty() {
        v.push(' ');
    }
    v.push_str(w);
}

fn shown(text: &str) -> &str {
    if text.is_empty() {
        "none"
    } else {
        text
    }
}

/// A count for people: exact below a million, else in powers of ten.
fn big(n: f64) -> String {
    if n < 1e6 {
        format!("{n}")
    } else {
        format!("{n:.2e}")
    }
}

/// A question in words: what is compared, the difference, the moves.
fn ask(
    q: &Question,
    label: String,
    values: &[String],
    is_element: bool,
    records: &[String],
) -> Ask {
    let name = |v: u8| {
        let v = value_shown(&values[usize::from(v)]);
        if is_element {
            format!("`{label}` {v}")
        } else {
            format!("`{label} {v}`")
        }
    };
    let names = (name(q.values.0), name(q.values.1));
    let what = format!("{} from {}", names.0, names.1);
    let (ga, gb): (&Game, &Game) = (&q.games.0, &q.games.1);
    let from = q
        .from
        .map(|(r, ply, position)| (records[r].clone(), ply, format_position(&position, ga)));
    match &q.search.found {
        Some((found, _)) => {
            let pair = Pair { a: ga, b: gb };
            Ask {
                what,
                words: pair.words(found, (&names.0, &names.1)),
                from,
                moves: found.moves.iter().map(|&m| ga.move_label(m)).collect(),
            }
        }
        None => Ask {
            what,
            words: format!(
                "no sequence of up to {} plies shows the difference",
                q.search.searched.plies
            ),
            from: None,
            moves: Vec::new(),
        },
    }
}

/// The report when no rule set explains every record.
pub(super) struct Unexplained {
    pub text: String,
    pub json: Value,
}

/// The search space in words: its size, the rules, the lists.
fn space_words(space: &Space) -> String {
    let mut rules: Vec<String> = Vec::new();
    let mut lists: Vec<(String, usize)> = Vec::new();
    for slot in &space.slots {
        match &slot.element {
            None => rules.push(slot.name()),
            Some(_) => match lists.last_mut() {
                Some((name, n)) if *name == slot.name() => *n += 1,
                _ => lists.push((slot.name(), 1)),
            },
        }
    }
    let mut text = format!(
        "{} combinations of {} rule{} ({})",
        big(space.size()),
        rules.len(),
        if rules.len() == 1 { "" } else { "s" },
        rules.join(", ")
    );
    if !lists.is_empty() {
        let lists: Vec<String> = lists
            .iter()
            .map(|(name, n)| format!("{name}: {n} elements"))
            .collect();
        let _ = write!(text, " and elements of lists ({})", lists.join(", "));
    }
    text
}

/// What the search did, line by line, when it found no rule set.
fn searched_words(inf: &Inference) -> String {
    let o = &inf.outcome;
    let bound = inf.bound;
    let mut text = format!(
        "  the space: {}
",
        space_words(&inf.space)
    );
    let one_rule = inf.coverage.one_rule_nodes.unwrap_or(o.nodes);
    let _ = writeln!(
        text,
        "  one rule changed at a time where a record refutes a rule set: {one_rule} partial rule sets replayed{}",
        if inf.coverage.one_rule_nodes.is_none() && o.capped {
            format!(", stopped at the bound of {} (--bound N)", bound.until_found)
        } else {
            String::new()
        }
    );
    match inf.coverage.one_rule_nodes {
        Some(_) => {
            let _ = writeln!(
                text,
                "  then two: {} partial rule sets replayed{}; {} two-rule changes tried at {} refuted rule sets (at most {}{} (--pairs N)), {} split on the one change that brought the board nearest",
                o.nodes,
                if o.capped {
                    format!(", stopped at the bound of {} (--bound N)", bound.until_found)
                } else {
                    String::new()
                },
                o.pairs_tried,
                o.pair_searches,
                bound.pairs,
                if o.pairs_capped { ", used up" } else { "" },
                o.nearer
            );
        }
        None if bound.pairs == 0 => {
            text.push_str(
                "  two-rule changes not tried (--max-changes 1)
",
            );
        }
        None => {
            text.push_str(
                "  two-rule changes not tried: the one-rule search stopped at its bound
",
            );
        }
    }
    if inf.coverage.enumerated.is_none() {
        let _ = writeln!(
            text,
            "  not replayed rule set by rule set: the space has more than {} rule sets",
            verify::infer::ENUMERATED_AT_MOST
        );
    }
    text
}

/// Each record searched alone: explained alone, or how far any rule set got
/// and the one that got furthest. `main` is the search of all the records:
/// "none explains" only when it replayed every rule set of its space, else
/// "none found" with what it searched and what to try.
pub(super) fn unexplained(
    main: &Inference,
    alone: &mut [Inference],
    records: &[Prepared<'_>],
    names: &[String],
) -> Unexplained {
    let mut text = match main.coverage.enumerated {
        Some(n) => format!(
            "no rule set explains every record: every rule set of the search space replayed \
             ({n} rule sets the language accepts of {})\n",
            space_words(&main.space)
        ),
        None => format!(
            "no rule set found that explains every record; unknown whether one does. Searched:\n{}\
             to search further: --base VARIANT (start from a variant near the records), \
             --fix KEY=VALUE (pin the rules you know), --vary KEY... (a smaller space; one of at \
             most {} rule sets is replayed in full), --bound N, --pairs N\n",
            searched_words(main),
            verify::infer::ENUMERATED_AT_MOST
        ),
    };
    let mut list = Vec::new();
    for (i, inf) in alone.iter_mut().enumerate() {
        let total = records[i].labels.len();
        if !inf.candidates.is_empty() {
            let _ = writeln!(
                text,
                "{}: explained on its own (by {} rule sets)",
                names[i],
                big(inf.count)
            );
            list.push(json!({"record": names[i], "explained_alone": true}));
            continue;
        }
        let Some(closest) = inf.outcome.closest[0].clone() else {
            let _ = writeln!(text, "{}: no rule set of the search applies", names[i]);
            list.push(json!({"record": names[i], "explained_alone": false}));
            continue;
        };
        let reached = closest.place.ply.saturating_sub(1);
        let rules: Vec<String> = inf
            .space
            .slots
            .iter()
            .enumerate()
            .filter(|(s, _)| closest.assigned[*s])
            .map(|(s, slot)| {
                format!(
                    "{} {}",
                    slot.label(),
                    value_shown(&slot.values[usize::from(closest.values[s])])
                )
            })
            .collect();
        let _ = writeln!(
            text,
            "{}: no rule set {} gets past ply {reached} of {total}",
            names[i],
            if inf.coverage.enumerated.is_some() {
                "of the space"
            } else {
                "replayed"
            }
        );
        let _ = writeln!(
            text,
            "  closest: {}",
            if rules.is_empty() {
                "the defaults".to_string()
            } else {
                rules.join(", ")
            }
        );
        if let Some(game) = inf.space.game(&closest.values) {
            if let Ok(verdict) = verify::replay(&game, records[i].record, true) {
                for line in verify::replay::render(&game, &verdict).lines() {
                    let _ = writeln!(text, "  {line}");
                }
            }
        }
        list.push(json!({"record": names[i], "explained_alone": false, "furthest_ply": reached, "plies": total, "closest": rules}));
    }
    Unexplained {
        text,
        json: json!({
            "explained_by": 0,
            "complete": main.coverage.enumerated.is_some(),
            "replayed": {"partial_rule_sets": main.outcome.nodes, "variations": main.outcome.variations, "compiled": main.space.compiled()},
            "two_rule_changes": two_rule_json(main),
            "records": list,
        }),
    }
}
