//! `sow diff`'s report, as text and as JSON: the same figures, the same
//! move lists (every move of a sequence, the one that shows the difference
//! included).

use std::fmt::Write;

use serde_json::{json, Value};

use crate::{
    engine::{format_position, Game, Width},
    verify::boards::{board_lines, row_titles},
    verify::{
        compare::{Method, PlaySearch, ShownRule},
        diff::{plies, Found, Pair, Searched},
        rule_diff::value_shown,
    },
};

/// The report for people.
pub(super) fn text<W: Width>(
    a: &Game<W>,
    b: &Game<W>,
    names: (&str, &str),
    rules: &[ShownRule<W>],
    play: Option<&PlaySearch<W>>,
) -> String {
    let (an, bn) = names;
    let mut out = String::new();
    let count = rules.len();
    let _ = writeln!(
        out,
        "{an} and {bn}: {count} rule{} differ{}",
        if count == 1 { "" } else { "s" },
        if count == 1 { "s" } else { "" }
    );
    for shown in rules {
        let rule = &shown.rule;
        let (a_value, b_value) = (value_shown(&rule.a), value_shown(&rule.b));
        let _ = writeln!(out, "\n{}: {a_value} ({an}), {b_value} ({bn})", rule.option);
        // B's sentences are `sow describe` of A with B's value: labelled so.
        let changed = format!("{an} with `{} {b_value}`", rule.option);
        for (name, says) in [(an, &rule.a_says), (changed.as_str(), &rule.b_says)] {
            for sentence in says {
                let _ = writeln!(out, "  {name}: {sentence}");
            }
        }
        match &shown.play {
            None => {
                let _ = writeln!(out, "  not shown in play: no game on one board can take it");
            }
            Some(in_play) => {
                let names = (in_play.names.0.as_str(), in_play.names.1.as_str());
                match &in_play.search.found {
                    Some((found, method)) => {
                        let _ = write!(
                            out,
                            "  shown in play ({} against {}): {}",
                            names.0,
                            names.1,
                            found_text(&in_play.pair(), found, *method, names, "    ")
                        );
                    }
                    None => {
                        let _ = writeln!(
                            out,
                            "  not shown in play: {}",
                            not_found(&in_play.search.searched)
                        );
                    }
                }
            }
        }
    }
    out.push('\n');
    match play {
        None => {
            let board = |g: &Game<W>| {
                let r = g.rules();
                format!("{}, {}", r.board.shape(), r.start_text())
            };
            let _ = writeln!(
                out,
                "the boards differ ({an}: {}; {bn}: {}): a play comparison of {an} and {bn} needs the same board (each rule above was played on the board named with it)",
                board(a),
                board(b)
            );
        }
        Some(search) => match &search.found {
            Some((found, method)) => {
                let pair = Pair { a, b };
                let _ = write!(
                    out,
                    "in play, {an} and {bn} part ways: {}",
                    found_text(&pair, found, *method, names, "  ")
                );
            }
            None => {
                let _ = writeln!(
                    out,
                    "in play, no sequence on which {an} and {bn} part ways was found ({}), but their rules differ",
                    not_found(&search.searched)
                );
            }
        },
    }
    out
}

/// `after 3 plies: a A b (...)`, the position and the difference in words,
/// each line after the first indented by `indent`.
fn found_text<W: Width>(
    pair: &Pair<'_, W>,
    found: &Found<W>,
    method: Method,
    names: (&str, &str),
    indent: &str,
) -> String {
    let n = plies(found);
    let how = match method {
        Method::BreadthFirst => "the shortest sequence",
        Method::Playout => "found in a random game; a shorter one may exist",
    };
    let mut out = format!(
        "after {n} pl{}: {} ({how})\n",
        if n == 1 { "y" } else { "ies" },
        found.moves_text(pair.a)
    );
    let position = format_position(&found.position, pair.a);
    let _ = writeln!(out, "{indent}{}: {position}", found.position_is(pair.a));
    let lines = board_lines(pair.a, found.position.pits.as_ref());
    let titles = row_titles(pair.a);
    let width = titles.iter().map(String::len).max().unwrap_or(0);
    for (title, line) in titles.iter().zip(&lines) {
        let _ = writeln!(out, "{indent}  {title:width$} {line}");
    }
    for line in pair.words(found, names).lines() {
        let _ = writeln!(out, "{indent}{line}");
    }
    out
}

fn not_found(searched: &Searched) -> String {
    if searched.exhausted {
        format!(
            "every one of the {} positions reachable under both was examined",
            searched.positions
        )
    } else {
        format!(
            "no difference within {} plies ({} positions examined) nor in random games",
            searched.plies, searched.positions
        )
    }
}

/// The report as JSON, with the same figures and move lists as the text.
pub(super) fn json<W: Width>(
    a: &Game<W>,
    b: &Game<W>,
    names: (&str, &str),
    rules: &[ShownRule<W>],
    play: Option<&PlaySearch<W>>,
) -> Value {
    let (an, bn) = names;
    let rules: Vec<Value> = rules
        .iter()
        .map(|shown| {
            let rule = &shown.rule;
            let in_play = match &shown.play {
                None => json!({ "shown": false, "why": "no game on one board can take it" }),
                Some(in_play) => {
                    let names = (in_play.names.0.as_str(), in_play.names.1.as_str());
                    let mut value = search_json(&in_play.pair(), &in_play.search, names);
                    value["between"] = json!([names.0, names.1]);
                    value
                }
            };
            json!({
                "option": rule.option,
                "a": rule.a,
                "b": rule.b,
                "a_says": rule.a_says,
                "b_says": rule.b_says,
                "in_play": in_play,
            })
        })
        .collect();
    let play = match play {
        None => json!({ "same_board": false }),
        Some(search) => {
            let mut value = search_json(&Pair { a, b }, search, names);
            value["same_board"] = json!(true);
            value
        }
    };
    json!({ "a": an, "b": bn, "same_rules": false, "rules": rules, "play": play })
}

fn search_json<W: Width>(pair: &Pair<'_, W>, search: &PlaySearch<W>, names: (&str, &str)) -> Value {
    let searched = &search.searched;
    let searched = json!({
        "plies": searched.plies,
        "positions": searched.positions,
        "exhausted": searched.exhausted,
        "position_cap": searched.position_cap,
    });
    match &search.found {
        None => json!({ "shown": false, "searched": searched }),
        Some((found, method)) => json!({
            "shown": true,
            "plies": plies(found),
            "moves": found.moves_text(pair.a),
            "position": format_position(&found.position, pair.a),
            "position_is": found.position_is(pair.a),
            "method": method.as_str(),
            "difference": {
                "kind": found.difference.kind(),
                "words": pair.words(found, names).trim_end(),
            },
            "searched": searched,
        }),
    }
}
