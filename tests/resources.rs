//! Long runs through the binary: searches too large for the memory are
//! refused before they start, and batches say how far they are.

use std::time::{Duration, Instant};

use crate::common::{scratch, sow};

/// Modiar with `pits` pits a row and `seeds` a pit, written to a file.
fn modiar_board(tag: &str, pits: u32, seeds: u32) -> String {
    let text = sowing::variants::source("modiar")
        .unwrap()
        .text
        .replace("pits   3 ", &format!("pits   {pits} "))
        .replace("seeds  7 ", &format!("seeds  {seeds} "));
    let path = scratch(tag).join("board.variant");
    std::fs::write(&path, text).unwrap();
    path.to_str().unwrap().to_string()
}

/// Runs `sow`, failing when it takes more than a few seconds.
fn quick(args: &[&str]) -> (i32, String, String) {
    let clock = Instant::now();
    let result = sow(args);
    assert!(
        clock.elapsed() < Duration::from_secs(10),
        "{args:?} took {:?}",
        clock.elapsed()
    );
    result
}

#[test]
fn analyze_refuses_a_limit_beyond_the_memory_at_once() {
    // 10^12 positions at 100 bytes each are 100 TB: no machine running the
    // tests has that, and Oware's bound (C(60, 12) boards) is far above it.
    let (code, stdout, stderr) = quick(&["analyze", "oware", "--limit", "1000000000000"]);
    assert_eq!(code, 2, "{stderr}");
    assert!(stdout.is_empty());
    assert!(
        stderr.contains("--limit 1000000000000")
            && stderr.contains("100 TB")
            && stderr.contains("available")
            && stderr.contains("lower --limit to at most"),
        "{stderr}"
    );
}

#[test]
fn diff_refuses_max_positions_beyond_the_memory_at_once() {
    let (code, _, stderr) = quick(&["diff", "oware", "awari", "--max-positions", "1000000000000"]);
    assert_eq!(code, 2, "{stderr}");
    assert!(
        stderr.contains("--max-positions 1000000000000")
            && stderr.contains("lower --max-positions to at most"),
        "{stderr}"
    );
}

#[test]
fn solve_refuses_a_board_beyond_the_memory_at_once() {
    // 2x4 pits of 12: 96 stones, C(104, 8) = 257,575,523,205 boards, twice,
    // plus the start: over 46 TB at 90 bytes a position, under the --limit.
    let board = modiar_board("solve-memory", 4, 12);
    let (code, _, stderr) = quick(&["solve", &board, "--limit", "18446744073709551615"]);
    assert_eq!(code, 2, "{stderr}");
    assert!(
        stderr.contains("up to 515151046411 positions")
            && stderr.contains("available")
            && stderr.contains("free memory or solve a smaller board"),
        "{stderr}"
    );
}

#[test]
fn the_perfect_agent_on_a_large_board_names_what_the_user_can_do() {
    // 2x4 pits of 4: C(40, 8) = 76,904,685 boards, twice, plus the start:
    // more than the 50,000,000 positions solved on the fly.
    let board = modiar_board("perfect-large", 4, 4);
    for args in [
        [
            "simulate",
            board.as_str(),
            "--agents",
            "perfect,random",
            "--games",
            "1",
        ],
        [
            "trace",
            board.as_str(),
            "--agents",
            "random,perfect",
            "--seed",
            "1",
        ],
    ] {
        let (code, _, stderr) = quick(&args);
        assert_eq!(code, 2, "{stderr}");
        assert!(
            stderr.contains("up to 153809371 positions")
                && stderr.contains("more than the 50000000 it solves on the fly")
                && stderr.contains("choose another agent"),
            "{stderr}"
        );
        assert!(!stderr.contains("--limit"), "{stderr}");
    }
}

#[test]
fn progress_lines_come_every_two_seconds_when_asked_and_not_a_terminal() {
    use std::io::BufRead;
    let mut child = std::process::Command::new(assert_cmd::cargo::cargo_bin("sow"))
        .args([
            "simulate",
            "modiar",
            "--games",
            "1000000000",
            "--threads",
            "1",
            "--progress",
        ])
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let clock = Instant::now();
    let stderr = std::io::BufReader::new(child.stderr.take().unwrap());
    let mut lines = Vec::new();
    for line in stderr.lines() {
        lines.push((line.unwrap(), clock.elapsed()));
        if lines.len() == 2 {
            break;
        }
    }
    child.kill().unwrap();
    child.wait().unwrap();
    assert_eq!(lines.len(), 2, "{lines:?}");
    let mut done = Vec::new();
    for (line, _) in &lines {
        // "Modiar: 28665/1000000000 games (0.0%), 14332 games/s, ETA 19h 22m"
        let rest = line.strip_prefix("Modiar: ").expect(line);
        let (count, rest) = rest.split_once("/1000000000 games (").expect(line);
        assert!(
            rest.contains("%), ") && rest.contains(" games/s, ETA "),
            "{line}"
        );
        done.push(count.parse::<u64>().unwrap());
    }
    assert!(0 < done[0] && done[0] < done[1], "{lines:?}");
    let gap = lines[1].1 - lines[0].1;
    assert!(
        gap > Duration::from_millis(1500) && gap < Duration::from_secs(10),
        "{gap:?}"
    );
}

#[test]
fn a_short_batch_ends_with_one_line_when_asked_and_none_otherwise() {
    for (args, lines) in [
        (
            vec!["simulate", "modiar", "--games", "40", "--progress"],
            vec!["Modiar: 40 games in "],
        ),
        (
            vec![
                "compare-rules",
                "modiar",
                "modiar-awale-info",
                "--games",
                "40",
                "--progress",
            ],
            vec!["Modiar: 40 games in ", "Modiar@awale-info: 40 games in "],
        ),
        (vec!["simulate", "modiar", "--games", "40"], vec![]),
    ] {
        let (code, _, stderr) = quick(&args);
        assert_eq!(code, 0, "{stderr}");
        let got: Vec<&str> = stderr.lines().collect();
        assert_eq!(got.len(), lines.len(), "{args:?}: {stderr}");
        for (line, start) in got.iter().zip(lines) {
            assert!(
                line.starts_with(start) && line.ends_with(" games/s"),
                "{args:?}: {line}"
            );
        }
    }
}

#[test]
fn the_perfect_agent_says_it_is_solving() {
    let board = modiar_board("perfect-says", 2, 3);
    let (code, _, stderr) = quick(&["trace", &board, "--agents", "perfect,random"]);
    assert_eq!(code, 0, "{stderr}");
    let lines: Vec<&str> = stderr.lines().collect();
    assert_eq!(
        lines[0], "solving Modiar for the perfect agent...",
        "{stderr}"
    );
    assert!(
        lines[1].starts_with("solved Modiar: ") && lines[1].contains(" positions in "),
        "{stderr}"
    );
}
