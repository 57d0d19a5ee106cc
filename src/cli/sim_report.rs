//! Batch summaries for people (comfy-table) and for spreadsheets (CSV).

use comfy_table::{presets::UTF8_FULL_CONDENSED, CellAlignment, Table};

use crate::{
    diagnostic::printable,
    engine::EndReason,
    sim::{Rate, Summary},
};

/// One summary as a two-column table, with a heading line.
pub(super) fn summary_table(s: &Summary) -> String {
    let mut table = Table::new();
    table.load_preset(UTF8_FULL_CONDENSED);
    table.set_header(["figure", "value"]);
    let games = s.games;
    table.add_row(["games".to_string(), games.to_string()]);
    let wins = [
        ("south wins", s.wins.south, &s.win_rates.south),
        ("north wins", s.wins.north, &s.win_rates.north),
        ("draws", s.wins.draws, &s.win_rates.draws),
    ];
    for (name, count, rate) in wins {
        table.add_row([name.to_string(), format!("{count}  {}", rate_text(rate))]);
    }
    let first = &s.first_player;
    table.add_row([
        format!("first player ({}) share of decided games", first.player),
        match &first.share_of_decided {
            Some(rate) => format!("{} of {}", rate_text(rate), first.decided),
            None => "no decided game".to_string(),
        },
    ]);
    table.add_row([
        "AdvantageP1 (first player's wins / games)".to_string(),
        fixed(first.advantage_p1),
    ]);
    if let Some(agents) = &s.agent_wins {
        for (i, a) in agents.iter().enumerate() {
            let which = if i == 0 { "first" } else { "second" };
            table.add_row([
                format!("wins of {} ({which} agent, both seats)", a.agent),
                format!("{}  {}", a.wins, rate_text(&a.rate)),
            ]);
        }
    }
    let p = &s.plies;
    table.add_row([
        "plies per game".to_string(),
        format!(
            "mean {:.1}  median {}  p95 {}  max {}",
            p.mean, p.median, p.p95, p.max
        ),
    ]);
    if let Some(r) = &s.rounds {
        table.add_row([
            "rounds per match (each game is a match)".to_string(),
            format!("mean {:.1}  median {}  max {}", r.mean, r.median, r.max),
        ]);
    }
    table.add_row([
        "stones captured per game".to_string(),
        format!("{:.2}", s.captured.mean),
    ]);
    for &end in &s.ends_in_force {
        table.add_row([end_name(end), count_share(s.ends.get(end), games)]);
    }
    table.add_row([
        "branching factor (legal moves per decision)".to_string(),
        s.branching.mean.map_or("-".into(), |b| format!("{b:.3}")),
    ]);
    let m = &s.metrics;
    let metrics = [
        ("Balance", Some(m.balance)),
        ("Completion", Some(m.completion)),
        ("Drawishness", Some(m.drawishness)),
        ("Timeouts", Some(m.timeouts)),
        ("DecisionMoves", m.decision_moves),
    ];
    for (name, value) in metrics {
        table.add_row([name.to_string(), value.map_or("-".into(), fixed)]);
    }
    table.add_row(["Duration (plies)".to_string(), format!("{:.2}", m.duration)]);
    if let Some(column) = table.column_mut(1) {
        column.set_cell_alignment(CellAlignment::Left);
    }
    format!("{}\n{table}\n", heading(s))
}

/// Several summaries side by side: one column per variant, one row per
/// figure, so that a rule change reads across a row. Every way of ending in
/// force under any of the variants gets its row, `-` for a variant whose
/// rules cannot end that way. Each column is headed by its label in
/// `labels` (see [`column_labels`]). With `--swap`, each agent's wins (in
/// both seats) get a row too. The table fits the terminal (or
/// [`super::report::FALLBACK_WIDTH`] columns).
pub(super) fn compare_table(summaries: &[Summary], labels: &[String]) -> String {
    let mut table = Table::new();
    table.load_preset(UTF8_FULL_CONDENSED);
    let mut header = vec!["figure".to_string()];
    header.extend(labels.iter().map(|label| printable(label).into_owned()));
    table.set_header(header);
    let mut row = |name: &str, value: &dyn Fn(&Summary) -> String| {
        let mut cells = vec![name.to_string()];
        cells.extend(summaries.iter().map(value));
        table.add_row(cells);
    };
    let pct = |r: &Rate| format!("{:.1}%", 100.0 * r.rate);
    row("games", &|s| s.games.to_string());
    row("south wins", &|s| pct(&s.win_rates.south));
    row("north wins", &|s| pct(&s.win_rates.north));
    row("draws", &|s| pct(&s.win_rates.draws));
    if let Some(agents) = summaries.iter().find_map(|s| s.agent_wins.as_ref()) {
        for (i, agent) in agents.iter().enumerate() {
            let which = if i == 0 { "first" } else { "second" };
            row(&format!("wins of {} ({which} agent)", agent.agent), &|s| {
                s.agent_wins
                    .as_ref()
                    .map_or("-".into(), |a| count_share(a[i].wins, s.games))
            });
        }
    }
    row("first player / decided", &|s| {
        s.first_player
            .share_of_decided
            .as_ref()
            .map_or("-".into(), rate_text)
    });
    row("plies: mean median p95", &|s| {
        format!("{:.1} {} {}", s.plies.mean, s.plies.median, s.plies.p95)
    });
    row("stones captured per game", &|s| {
        format!("{:.2}", s.captured.mean)
    });
    for end in EndReason::ALL {
        if summaries.iter().any(|s| s.ends_in_force.contains(&end)) {
            row(&end_name(end), &|s| {
                if s.ends_in_force.contains(&end) {
                    count_share(s.ends.get(end), s.games)
                } else {
                    "-".to_string()
                }
            });
        }
    }
    row("branching", &|s| {
        s.branching.mean.map_or("-".into(), |b| format!("{b:.2}"))
    });
    row("Balance", &|s| fixed(s.metrics.balance));
    row("Completion", &|s| fixed(s.metrics.completion));
    row("Drawishness", &|s| fixed(s.metrics.drawishness));
    super::report::fit(&mut table);
    let heading = summaries.first().map_or(String::new(), |s| {
        format!(
            "{} games per variant: {}, seed {}, ply cap {}",
            s.games,
            agents_text(s),
            s.seed,
            s.max_plies
        )
    });
    format!("{heading}\n{table}\n")
}

/// The column heads of a comparison: each variant's display name, and
/// where two variants share one (two readings of Modiar, both named
/// "Modiar"), the argument that named it as well: `Modiar (seeds6.variant)`;
/// the column's number is added when even that is the same.
pub(super) fn column_labels(summaries: &[Summary], args: &[String]) -> Vec<String> {
    let count = |label: &str, labels: &[String]| labels.iter().filter(|l| *l == label).count();
    let names: Vec<String> = summaries.iter().map(|s| s.variant.clone()).collect();
    let named: Vec<String> = (names.iter().zip(args))
        .map(|(name, arg)| match count(name, &names) {
            1 => name.clone(),
            _ => format!("{name} ({arg})"),
        })
        .collect();
    (named.iter().enumerate())
        .map(|(i, label)| match count(label, &named) {
            1 => label.clone(),
            _ => format!("{label} #{}", i + 1),
        })
        .collect()
}

/// `end: feeding impossible`, `end: ply cap (unfinished)`.
fn end_name(end: EndReason) -> String {
    match end {
        EndReason::PlyCap => "end: ply cap (unfinished)".to_string(),
        other => format!("end: {}", other.as_str().replace('_', " ")),
    }
}

/// The columns of the CSV output before the ends: then come `end_` and each
/// [`EndReason`] (every one, in force or not, so that every line has the same
/// columns), then [`CSV_AFTER_ENDS`].
const CSV_BEFORE_ENDS: [&str; 25] = [
    "variant",
    "agent_first",
    "agent_second",
    "seed",
    "swap",
    "max_plies",
    "shard",
    "games",
    "south_wins",
    "north_wins",
    "draws",
    "south_rate",
    "south_ci_low",
    "south_ci_high",
    "north_rate",
    "north_ci_low",
    "north_ci_high",
    "draw_rate",
    "first_player_share_of_decided",
    "advantage_p1",
    "plies_mean",
    "plies_median",
    "plies_p95",
    "plies_max",
    "captured_mean",
];

/// The columns of the CSV output after the ends.
const CSV_AFTER_ENDS: [&str; 9] = [
    "branching",
    "balance",
    "completion",
    "drawishness",
    "timeouts",
    "duration",
    "decision_moves",
    "agent_first_wins",
    "agent_second_wins",
];

/// A header line and one line per summary. Rates are fractions; fractions
/// and means are rounded to [`CSV_DECIMALS`] decimals; the agents' wins are
/// filled in only with `--swap`.
pub(super) fn csv(summaries: &[Summary]) -> String {
    let ends = EndReason::ALL.map(|end| format!("end_{}", end.as_str()));
    let mut out = CSV_BEFORE_ENDS.join(",");
    for column in ends.iter().map(String::as_str).chain(CSV_AFTER_ENDS) {
        out.push(',');
        out.push_str(column);
    }
    out.push('\n');
    for s in summaries {
        let opt = |v: Option<f64>| v.map_or(String::new(), decimal);
        let agent_wins = |i: usize| {
            s.agent_wins
                .as_ref()
                .map_or(String::new(), |a| a[i].wins.to_string())
        };
        let before_ends = [
            s.variant.clone(),
            s.agents[0].clone(),
            s.agents[1].clone(),
            s.seed.to_string(),
            s.swap.to_string(),
            s.max_plies.to_string(),
            s.shard.clone().unwrap_or_default(),
            s.games.to_string(),
            s.wins.south.to_string(),
            s.wins.north.to_string(),
            s.wins.draws.to_string(),
            decimal(s.win_rates.south.rate),
            decimal(s.win_rates.south.ci95[0]),
            decimal(s.win_rates.south.ci95[1]),
            decimal(s.win_rates.north.rate),
            decimal(s.win_rates.north.ci95[0]),
            decimal(s.win_rates.north.ci95[1]),
            decimal(s.win_rates.draws.rate),
            opt(s.first_player.share_of_decided.map(|r| r.rate)),
            decimal(s.first_player.advantage_p1),
            decimal(s.plies.mean),
            s.plies.median.to_string(),
            s.plies.p95.to_string(),
            s.plies.max.to_string(),
            decimal(s.captured.mean),
        ];
        let ends = EndReason::ALL.map(|end| s.ends.get(end).to_string());
        let after_ends = [
            opt(s.branching.mean),
            decimal(s.metrics.balance),
            decimal(s.metrics.completion),
            decimal(s.metrics.drawishness),
            decimal(s.metrics.timeouts),
            decimal(s.metrics.duration),
            opt(s.metrics.decision_moves),
            agent_wins(0),
            agent_wins(1),
        ];
        let line: Vec<String> = [&before_ends[..], &ends, &after_ends]
            .concat()
            .iter()
            .map(|f| csv_field(f))
            .collect();
        out.push_str(&line.join(","));
        out.push('\n');
    }
    out
}

/// Decimals of the fractions and means in CSV output.
const CSV_DECIMALS: usize = 4;

/// `0.9750000000000001` as `0.975`: rounded to [`CSV_DECIMALS`] decimals,
/// trailing zeros dropped.
fn decimal(v: f64) -> String {
    let text = format!("{v:.CSV_DECIMALS$}");
    let text = text.trim_end_matches('0').trim_end_matches('.');
    if text == "-0" {
        "0".to_string()
    } else {
        text.to_string()
    }
}

/// A CSV field, quoted when it holds a comma, a quote or a line break.
fn csv_field(s: &str) -> String {
    if s.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", s.replace('"', "\"\""))
    } else {
        s.to_string()
    }
}

fn heading(s: &Summary) -> String {
    let shard = s.shard.as_ref().map_or(String::new(), |sh| {
        format!(", shard {sh} of {} games", s.batch_games)
    });
    format!(
        "{}: {} games, {}, seed {}, ply cap {}{shard}",
        s.variant,
        s.games,
        agents_text(s),
        s.seed,
        s.max_plies
    )
}

fn agents_text(s: &Summary) -> String {
    let [a, b] = &s.agents;
    if s.swap {
        format!("{a} vs {b} (seats exchanged in odd games)")
    } else {
        format!("{a} (south) vs {b} (north)")
    }
}

/// `45.1% (44.8–45.4%)`.
fn rate_text(r: &Rate) -> String {
    format!(
        "{:.1}% ({:.1}–{:.1}%)",
        100.0 * r.rate,
        100.0 * r.ci95[0],
        100.0 * r.ci95[1]
    )
}

/// `1234 (12.3%)`.
fn count_share(count: u64, games: u64) -> String {
    format!(
        "{count} ({:.1}%)",
        100.0 * count as f64 / games.max(1) as f64
    )
}

fn fixed(v: f64) -> String {
    format!("{v:.3}")
}
