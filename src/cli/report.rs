//! Text output for people: check summaries, the variant list, traces.

use std::fmt::Write;

use comfy_table::{presets::UTF8_FULL_CONDENSED, ContentArrangement, Table};

use crate::{
    engine::{EndReason, Game, Player, Width, MAX_RELAYS},
    rules::Rules,
    sim::Bounds,
    trace::{Trace, Winner},
};

/// The facts `sow check` prints for a valid file (its name shown with
/// control characters escaped, see [`crate::diagnostic::printable`]).
pub fn check_ok(name: &str, rules: &Rules) -> String {
    let per_side = rules.pits_per_side();
    let label = |i| crate::engine::pit_label(i, per_side);
    format!(
        "ok: {}: {} ({}, {}: {} stones; south owns {}-{}, north owns {}-{})\n",
        crate::diagnostic::printable(name),
        rules.name,
        rules.board.shape(),
        rules.start_text().replace("stones each", "seeds each"),
        rules.total_stones(),
        label(0),
        label(per_side - 1),
        label(per_side),
        label(2 * per_side - 1),
    )
}

/// What `sow check --play` adds for a valid file: how often the repetition
/// rule, the relay bound and the ply cap decided the random games, then how
/// every game ended.
pub(super) fn check_play(bounds: &Bounds) -> String {
    let games = bounds.batch.games;
    let share = |n: u64| format!("{n} ({:.1}%)", 100.0 * n as f64 / games as f64);
    let mut text = format!(
        "  {games} random games (seed {}, ply cap {}):\n",
        bounds.batch.seed, bounds.batch.max_plies
    );
    let _ = writeln!(
        text,
        "    ended by repetition: {}",
        share(bounds.ended(EndReason::Repetition))
    );
    let _ = writeln!(
        text,
        "    a relay cut at {MAX_RELAYS} laps: {}",
        share(bounds.relay_cuts)
    );
    let _ = writeln!(
        text,
        "    stopped at the ply cap: {}",
        share(bounds.ended(EndReason::PlyCap))
    );
    let ends: Vec<String> = EndReason::ALL
        .iter()
        .filter(|&&end| bounds.ended(end) > 0)
        .map(|&end| format!("{} {}", end.as_str(), share(bounds.ended(end))))
        .collect();
    let _ = writeln!(text, "    ends: {}", ends.join(", "));
    text
}

/// The table of `sow list`.
pub(super) fn list(rows: &[(String, Rules)]) -> String {
    let mut table = Table::new();
    table.load_preset(UTF8_FULL_CONDENSED);
    table.set_header(["name", "variant", "board", "source"]);
    for (name, rules) in rows {
        table.add_row([
            name.to_string(),
            rules.name.clone(),
            format!(
                "{}x{} {} ({} stones)",
                rules.board.rows,
                rules.board.pits,
                match rules.board.start.is_empty() {
                    true => format!("x{}", rules.board.seeds),
                    false => "per-pit start".to_string(),
                },
                rules.total_stones()
            ),
            rules.source.clone().unwrap_or_else(|| "-".into()),
        ]);
    }
    fit(&mut table);
    format!("{table}\n")
}

/// Width of a table when the terminal's cannot be known (output to a file
/// or a pipe).
pub(super) const FALLBACK_WIDTH: u16 = 100;

/// Makes `table` fit the terminal, or [`FALLBACK_WIDTH`] columns: long
/// cells wrap.
pub(super) fn fit(table: &mut Table) {
    table.set_content_arrangement(ContentArrangement::Dynamic);
    if table.width().is_none() {
        table.set_width(FALLBACK_WIDTH);
    }
}

/// A trace as a table: one line per ply with the whole board after it.
pub(super) fn trace_text<W: Width>(game: &Game<W>, trace: &Trace) -> String {
    let pits = game.pit_count();
    // South's pits, then North's (a side is two rows on four rows).
    let per_row = game.pits_per_side();
    let labels: Vec<String> = (0..pits).map(|p| game.label(p)).collect();
    // A closed pit (a later round of a variant with rounds) is drawn `x`
    // (`3x` when it holds stones, under `unfilled reopens`),
    // a claimed pit `Nt` (`NT` when its own row's player's), a pit of the
    // other row's player `N*`.
    // Cells are three wide, or one more than the widest text (a claimed
    // pit's `20t`).
    let cell_texts = |counts: &[u8], closed: &[String], claimed: &[String], swapped: &[String]| {
        counts
            .iter()
            .zip(&labels)
            .map(|(c, label)| {
                if closed.contains(label) {
                    // Holding stones only under `unfilled reopens`.
                    match c {
                        0 => crate::engine::CLOSED.to_string(),
                        n => format!("{n}{}", crate::engine::CLOSED),
                    }
                } else if claimed.contains(label) {
                    // Claimed by the other row's player (swapped), or its own.
                    let mark = if swapped.contains(label) {
                        crate::engine::CLAIMED
                    } else {
                        crate::engine::CLAIMED_OWN_ROW
                    };
                    let count = if *c == 0 {
                        String::new()
                    } else {
                        c.to_string()
                    };
                    format!("{count}{mark}")
                } else if swapped.contains(label) {
                    format!("{c}{}", crate::engine::SWAPPED)
                } else {
                    c.to_string()
                }
            })
            .collect::<Vec<String>>()
    };
    let start_cells = cell_texts(
        &trace.start,
        &trace.start_closed,
        &trace.start_claimed,
        &trace.start_swapped,
    );
    let cw = (trace.plies.iter())
        .flat_map(|p| cell_texts(&p.board, &p.closed, &p.claimed, &p.swapped))
        .chain(start_cells)
        .map(|t| t.len())
        .filter(|&n| n >= 3)
        .map(|n| n + 1)
        .max()
        .unwrap_or(3);
    let board = |counts: &[u8], closed: &[String], claimed: &[String], swapped: &[String]| {
        let cells: Vec<String> = cell_texts(counts, closed, claimed, swapped)
            .iter()
            .map(|t| format!("{t:>cw$}"))
            .collect();
        format!(
            "{} |{}",
            cells[..per_row].concat(),
            cells[per_row..].concat()
        )
    };
    let header_board = {
        let cell = |l: &String| format!("{l:>cw$}");
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
        "{}: {}, {} stones; {} moves first",
        rules.name,
        rules.board.shape(),
        trace.start.iter().map(|&n| u32::from(n)).sum::<u32>()
            + trace
                .start_scores
                .iter()
                .map(|&n| u32::from(n))
                .sum::<u32>(),
        trace.first_player,
    );
    let _ = writeln!(
        out,
        " ply  player  {:<width$}{header_board}   scores  captured",
        "move"
    );
    let _ = writeln!(
        out,
        "   0{:w$}{}  {:>3} {:>3}",
        "",
        board(
            &trace.start,
            &trace.start_closed,
            &trace.start_claimed,
            &trace.start_swapped
        ),
        trace.start_scores[0],
        trace.start_scores[1],
        w = 10 + width
    );
    for ply in &trace.plies {
        let mut captured = match (ply.captured, ply.capture_waived) {
            (_, true) => "none (grand slam: capture waived)".to_string(),
            (0, false) => String::new(),
            // Stones taken with no pit captured: a tribute from a claimed pit.
            (n, false) if ply.captured_pits.is_empty() => format!("{n} as a tribute"),
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
            board(&ply.board, &ply.closed, &ply.claimed, &ply.swapped),
            ply.scores[0],
            ply.scores[1],
        );
        for round in trace.rounds.iter().filter(|r| r.after_ply == ply.ply) {
            round_lines(&mut out, round);
        }
    }
    match &trace.result {
        Some(result) if result.rounds.is_some() => {
            let _ = writeln!(
                out,
                "end of the match after {} and {}: {}",
                count(result.rounds.unwrap_or(0) as usize, "round"),
                plies(trace.plies.len()),
                match result.winner {
                    Winner::None => "no winner (the rules did not end the match)".to_string(),
                    winner => winner.verdict(),
                }
            );
        }
        Some(result) => {
            let [south, north] = result.scores;
            let _ = match result.winner {
                Winner::None => writeln!(
                    out,
                    "end: {} after {}; no winner (the rules did not end the game); \
                     south {south} - north {north} counting the stones left on the board",
                    result.end.describe(),
                    plies(trace.plies.len()),
                ),
                winner => writeln!(
                    out,
                    "end: {} after {}; final scores south {south} - north {north}: {}",
                    result.end.describe(),
                    plies(trace.plies.len()),
                    winner.verdict(),
                ),
            };
        }
        None => {
            let _ = writeln!(out, "the game goes on after {}", plies(trace.plies.len()));
        }
    }
    out
}

/// The lines of a round boundary: how the round ended, its scores, and the
/// next round's start.
fn round_lines(out: &mut String, round: &crate::trace::RoundRecord) {
    let [south, north] = round.scores;
    let _ = writeln!(
        out,
        "--- round {} ends: {}; scores south {south} - north {north}",
        round.round,
        round.end.describe(),
    );
    let _ = match &round.next_start {
        Some(start) => writeln!(out, "--- round {} starts: {start}", round.round + 1),
        None => writeln!(out, "--- the match is over"),
    };
}

fn count(n: usize, what: &str) -> String {
    format!("{n} {what}{}", if n == 1 { "" } else { "s" })
}

fn plies(n: usize) -> String {
    format!("{n} pl{}", if n == 1 { "y" } else { "ies" })
}

/// The lines `sow bench` prints.
pub(super) fn bench_text(bench: &crate::bench::BenchReport) -> String {
    let (unit, mut out) = if bench.matches {
        let title = format!(
            "{}: random matches of rounds from the start (each stopped at {} plies)\n",
            bench.variant,
            bench.playouts.first().map_or(0, |run| run.ply_cap)
        );
        ("matches", title)
    } else {
        let title = format!("{}: random playouts from the start\n", bench.variant);
        ("games", title)
    };
    for run in &bench.playouts {
        let rounds = run
            .rounds
            .map_or(String::new(), |rounds| format!(", {rounds} rounds"));
        let _ = writeln!(
            out,
            "  {} thread{}: {:>12.0} {unit}/s {:>14.0} plies/s  ({} {unit}{rounds} in {:.1} s)",
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

/// The report of `sow solve --databases K` for people.
pub(super) fn forward_text(game: &Game, s: &crate::solve::ForwardSummary) -> String {
    let mut out = solve_title(game, &s.variant, s.stones);
    let d = &s.databases;
    let origin = match &d.file {
        Some(file) => format!("read from {file}"),
        None => format!("built in {:.2} s", d.seconds),
    };
    let exact = if d.inexact == 0 {
        "every value exact".to_string()
    } else {
        format!("{} values not proven exact", d.inexact)
    };
    let _ = writeln!(
        out,
        "databases: every position with at most {} stones on the board, {} positions ({origin}; {exact})",
        d.stones, d.positions
    );
    let proof = if s.exact {
        "exact"
    } else {
        "not proven exact: the search read database values that are not"
    };
    value_and_play(
        &mut out,
        PerfectPlay {
            value: s.value,
            proof,
            result: s.result.as_ref(),
            moves: &s.moves,
            best: &s.best,
            pv: &s.pv,
        },
    );
    if let Some(guess) = &s.first_guess {
        let how = if guess.given {
            "given".to_string()
        } else if guess.depths.is_empty() {
            "iterative deepening found nothing within its budget".to_string()
        } else {
            let depths: Vec<String> = guess
                .depths
                .iter()
                .map(|d| format!("{:+}", d.value))
                .collect();
            let deepest = guess.depths.last().map_or(0, |d| d.depth);
            let positions: u64 = guess.depths.iter().map(|d| d.positions).sum();
            let exact = if guess.depths.last().is_some_and(|d| d.exact) {
                ", the last to the end of every line"
            } else {
                ""
            };
            format!(
                "by iterative deepening, 1 to {deepest} moves deep: {}{exact}; {positions} positions",
                depths.join(", ")
            )
        };
        let _ = writeln!(out, "first guess: {:+} ({how})", guess.value);
    }
    if !s.passes.is_empty() {
        let passes: Vec<String> = s
            .passes
            .iter()
            .map(|p| format!("[{:+}, {:+}]", p.low, p.high))
            .collect();
        let _ = writeln!(
            out,
            "MTD(f): {} passes, the start's value for south proven within {}",
            s.passes.len(),
            passes.join(", then ")
        );
    }
    let _ = writeln!(
        out,
        "search: {} positions searched for the first moves, {} in the transposition table (with the first guess's move hints)",
        s.positions_searched, s.table_positions
    );
    let memory = s.peak_memory_bytes.map_or("unknown".to_string(), |b| {
        format!("{:.1} MiB", b as f64 / (1024.0 * 1024.0))
    });
    let _ = writeln!(
        out,
        "time: {:.2} s searching, peak memory: {memory}",
        s.search_seconds
    );
    out
}

/// The first line of both solve reports: the variant and its board.
fn solve_title(game: &Game, variant: &str, stones: impl std::fmt::Display) -> String {
    format!(
        "{variant}: {}, {stones} stones\n",
        game.rules().board.shape()
    )
}

/// What `sow solve` found of perfect play from the start, by either method.
struct PerfectPlay<'a> {
    value: i16,
    proof: &'a str,
    result: Option<&'a crate::solve::PvResult>,
    moves: &'a [crate::solve::FirstMove],
    best: &'a [String],
    pv: &'a [String],
}

/// The value, the result of perfect play, the first moves, the best ones
/// and the principal variation: the lines both solve reports share.
fn value_and_play(out: &mut String, p: PerfectPlay<'_>) {
    let _ = writeln!(
        out,
        "value: {:+} for south (final score difference under perfect play; {})",
        p.value, p.proof
    );
    if let Some(r) = p.result {
        let _ = writeln!(out, "{}", perfect_play(r, p.value));
    }
    let moves: Vec<String> = p
        .moves
        .iter()
        .map(|m| match m.bound {
            crate::solve::MoveBound::Exact => format!("{} {:+}", m.mv, m.value),
            crate::solve::MoveBound::AtMost => format!("{} at most {:+}", m.mv, m.value),
            crate::solve::MoveBound::AtLeast => format!("{} at least {:+}", m.mv, m.value),
            crate::solve::MoveBound::Estimate => format!("{} {:+} (not proven)", m.mv, m.value),
        })
        .collect();
    let _ = writeln!(out, "first moves (value for south): {}", moves.join(", "));
    let _ = writeln!(out, "best: {}", p.best.join(" "));
    let _ = writeln!(
        out,
        "principal variation ({}): {}",
        plies(p.pv.len()),
        p.pv.join(" ")
    );
}

/// "perfect play: ..." : how a perfect game ends; when the principal
/// variation does not end at the start's `value` (a move's value given the
/// positions seen on the way was not settled), it is called what it is.
fn perfect_play(r: &crate::solve::PvResult, value: i16) -> String {
    let reached = i32::from(r.scores[0]) - i32::from(r.scores[1]);
    let line = if reached == i32::from(value) {
        "perfect play:".to_string()
    } else {
        format!(
            "the principal variation reaches {reached:+}, not the value: some of its moves' values \
             given the positions seen on the way are not proven; it ends in"
        )
    };
    let verdict = match r.winner {
        crate::engine::Outcome::Draw => "a draw".to_string(),
        winner => format!("{} wins", winner.as_str()),
    };
    format!(
        "{line} {verdict} {}-{} (south {}, north {}; the game ends: {})",
        r.scores[0].max(r.scores[1]),
        r.scores[0].min(r.scores[1]),
        r.scores[Player::South.index()],
        r.scores[Player::North.index()],
        r.end.describe(),
    )
}

/// The report of `sow solve` for people.
pub(super) fn solve_text(game: &Game, s: &crate::solve::Summary) -> String {
    let mut out = solve_title(game, &s.variant, s.stones);
    let rules = game.rules();
    let _ = writeln!(
        out,
        "positions: {} reachable (bound {})",
        s.positions, s.estimate
    );
    let proof = if s.bounds == [s.value, s.value] {
        "exact".to_string()
    } else {
        format!(
            "proven between {:+} and {:+}; see `approximate` below",
            s.bounds[0], s.bounds[1]
        )
    };
    value_and_play(
        &mut out,
        PerfectPlay {
            value: s.value,
            proof: &proof,
            result: s.result.as_ref(),
            moves: &s.moves,
            best: &s.best,
            pv: &s.pv,
        },
    );
    let c = &s.cycles;
    let rule = match rules.end.repetition {
        crate::rules::Repetition::EndGame => format!(
            "repetition ends the game, leftovers {}",
            rules.end.repetition_leftovers
        ),
        // Refused by the solver (`SolveError::Agreement`).
        crate::rules::Repetition::Agree => format!(
            "the players may agree to end a repeating game, leftovers {}",
            rules.end.repetition_leftovers
        ),
        crate::rules::Repetition::Ignore => {
            "repetition ignored; an endless game is scored 0".to_string()
        }
    };
    // With no group, the largest "group" is a single position: say none.
    let groups = if c.groups == 0 {
        "no positions on a cycle".to_string()
    } else {
        format!(
            "{} positions in {} groups (largest {})",
            c.positions_in_cycles, c.groups, c.largest_group
        )
    };
    let _ = writeln!(
        out,
        "cycles: {groups}; {} positions have a value that depends on the rule for endless games ({rule})",
        c.rule_dependent
    );
    if c.approximate > 0 {
        let _ = writeln!(
            out,
            "approximate: {} positions of large groups not settled by the history search (within --search-nodes) have proven bounds that differ; each is scored as if the repetition happened there",
            c.approximate
        );
    }
    if let Some(t) = &s.start_tests {
        let exact = s
            .moves
            .iter()
            .filter(|m| m.bound == crate::solve::MoveBound::Exact)
            .count();
        let start = if s.bounds == [s.value, s.value] {
            "the start's value is exact".to_string()
        } else {
            format!(
                "the start's value is still proven only between {:+} and {:+}",
                s.bounds[0], s.bounds[1]
            )
        };
        let _ = writeln!(
            out,
            "start tests (--settle-start {} nodes a test): {} tests, {} nodes; {start}; {exact} of {} first moves exact",
            t.nodes_per_test,
            t.tests,
            t.nodes,
            s.moves.len()
        );
    }
    if c.inexact > 0 {
        let _ = writeln!(
            out,
            "not proven exact: {} positions ({} in groups the history search did not settle, the others lead to those; --format json lists each with its proven bounds)",
            c.inexact,
            s.inexact_positions
                .iter()
                .filter(|p| p.why == "large_group")
                .count()
        );
    } else {
        let _ = writeln!(out, "every value is exact");
    }
    let memory = s.peak_memory_bytes.map_or("unknown".to_string(), |b| {
        format!("{:.1} MiB", b as f64 / (1024.0 * 1024.0))
    });
    let _ = writeln!(out, "time: {:.2} s, peak memory: {memory}", s.seconds);
    out
}
