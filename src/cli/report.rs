//! Text output for people: check summaries, the variant list, traces.

use std::fmt::Write;

use comfy_table::{presets::UTF8_FULL_CONDENSED, Table};

use crate::{
    engine::{Game, Player},
    rules::Rules,
    trace::Trace,
};

/// The facts `sow check` prints for a valid file.
pub(super) fn check_ok(name: &str, rules: &Rules) -> String {
    let per_row = rules.board.pits as usize;
    let label = |i| crate::engine::pit_label(i, per_row);
    format!(
        "ok: {name}: {} ({} rows of {} pits, {} seeds each: {} stones; south owns {}-{}, north owns {}-{})\n",
        rules.name,
        rules.board.rows,
        per_row,
        rules.board.seeds,
        rules.total_stones(),
        label(0),
        label(per_row - 1),
        label(per_row),
        label(2 * per_row - 1),
    )
}

/// The table of `sow list`.
pub(super) fn list(rows: &[(&str, Rules)]) -> String {
    let mut table = Table::new();
    table.load_preset(UTF8_FULL_CONDENSED);
    table.set_header(["name", "variant", "board", "source"]);
    for (name, rules) in rows {
        table.add_row([
            name.to_string(),
            rules.name.clone(),
            format!(
                "2x{} x{} ({} stones)",
                rules.board.pits,
                rules.board.seeds,
                rules.total_stones()
            ),
            rules.source.clone().unwrap_or_else(|| "-".into()),
        ]);
    }
    format!("{table}\n")
}

/// A trace as a table: one line per ply with the whole board after it.
pub(super) fn trace_text(game: &Game, trace: &Trace) -> String {
    let pits = game.pit_count();
    let per_row = game.pits_per_row();
    let board = |counts: &[u8]| {
        let cell = |c: &u8| format!("{c:>3}");
        let south: String = counts[..per_row].iter().map(cell).collect();
        let north: String = counts[per_row..].iter().map(cell).collect();
        format!("{south} |{north}")
    };
    let labels: Vec<String> = (0..pits).map(|p| game.label(p)).collect();
    let header_board = {
        let cell = |l: &String| format!("{l:>3}");
        let south: String = labels[..per_row].iter().map(cell).collect();
        let north: String = labels[per_row..].iter().map(cell).collect();
        format!("{south} |{north}")
    };
    let width = trace
        .plies
        .iter()
        .map(|p| p.mv.len())
        .max()
        .unwrap_or(0)
        .max(4);
    let mut out = String::new();
    let rules = game.rules();
    let _ = writeln!(
        out,
        "{}: 2 rows of {per_row} pits, {} stones; {} moves first",
        rules.name,
        trace.start.iter().map(|&n| u32::from(n)).sum::<u32>(),
        trace.first_player,
    );
    let _ = writeln!(
        out,
        " ply  player  {:<width$}{header_board}   scores  captured",
        "move"
    );
    let _ = writeln!(
        out,
        "   0{:w$}{}    0   0",
        "",
        board(&trace.start),
        w = 10 + width
    );
    for ply in &trace.plies {
        let mut captured = match (ply.captured, ply.capture_waived) {
            (_, true) => "none (grand slam: capture waived)".to_string(),
            (0, false) => String::new(),
            (n, false) => format!("{n} from {}", ply.captured_pits.join(" ")),
        };
        if !captured.is_empty() {
            captured.insert_str(0, "  ");
        }
        let _ = writeln!(
            out,
            "{:>4}  {:<6}  {:<width$}{}  {:>3} {:>3}{captured}",
            ply.ply,
            ply.player,
            ply.mv,
            board(&ply.board),
            ply.scores[0],
            ply.scores[1],
        );
    }
    match &trace.result {
        Some(result) => {
            let verdict = match result.winner {
                crate::engine::Outcome::Draw => "a draw".to_string(),
                winner => format!("{} wins", winner.as_str()),
            };
            let _ = writeln!(
                out,
                "end: {} after {}; final scores south {} - north {}: {verdict}",
                result.end.describe(),
                plies(trace.plies.len()),
                result.scores[Player::South.index()],
                result.scores[Player::North.index()],
            );
        }
        None => {
            let _ = writeln!(out, "the game goes on after {}", plies(trace.plies.len()));
        }
    }
    out
}

fn plies(n: usize) -> String {
    format!("{n} pl{}", if n == 1 { "y" } else { "ies" })
}

/// The lines `sow bench` prints.
pub(super) fn bench_text(bench: &crate::bench::BenchReport) -> String {
    let mut out = format!("{}: random playouts from the start\n", bench.variant);
    for run in &bench.playouts {
        let _ = writeln!(
            out,
            "  {} thread{}: {:>12.0} games/s {:>14.0} plies/s  ({} games in {:.1} s)",
            run.threads,
            if run.threads == 1 { " " } else { "s" },
            run.games_per_s,
            run.plies_per_s,
            run.games,
            run.seconds,
        );
    }
    if let [one, many] = bench.playouts.as_slice() {
        let _ = writeln!(
            out,
            "  speed-up on {} threads: {:.2}x",
            many.threads,
            many.games_per_s / one.games_per_s
        );
    }
    let p = &bench.perft;
    let _ = writeln!(
        out,
        "perft {}: {} leaves in {:.2} s, {:.0} nodes/s",
        p.depth, p.leaves, p.seconds, p.nodes_per_s
    );
    if let Some(kib) = bench.peak_memory_kib {
        let _ = writeln!(out, "peak memory: {:.1} MiB", kib as f64 / 1024.0);
    }
    out
}
