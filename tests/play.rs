//! `sow play` driven through standard input, `sow render --svg`,
//! `sow trace --html` and `sow simulate --plot`.

use serde_json::Value;
use sowing::engine::{parse_move, Player};

use crate::common::{pos, scratch, shipped, sow_with_input};

fn ok(args: &[&str], input: &str) -> String {
    let (code, stdout, stderr) = sow_with_input(args, input);
    assert_eq!(code, 0, "{args:?}: {stderr}");
    stdout
}

/// The board lines `sow play` draws for a Modiar position (north's row
/// reversed on top).
fn modiar_board(north_cba: [u8; 3], south_abc: [u8; 3]) -> String {
    let row = |r: [u8; 3]| r.map(|n| format!("{n:>4}")).concat();
    format!(
        "north    C   B   A\n         {}\n         {}\nsouth    a   b   c\n",
        row(north_cba).trim_start(),
        row(south_abc).trim_start()
    )
}

/// A whole game worked by hand. From a=0 b=2 c=0 / A=0 B=0 C=2 with 19
/// captured each, South plays b (b=1, c=1, last in c: 1, no capture); North's
/// only move is C (C=1, a=1, no capture); South then holds 1 1 1: no pit
/// of 2, so the game is over. South adds its row (3): 22, North 1: 20.
#[test]
fn a_full_game_through_stdin() {
    let out = ok(
        &[
            "play",
            "modiar",
            "--from",
            "0 2 0 / 0 0 2 south captured 19 19",
            "--seed",
            "1",
        ],
        "b\n",
    );
    assert!(
        out.starts_with("Modiar: you play south against greedy (seed 1)."),
        "{out}"
    );
    assert!(out.contains(&modiar_board([2, 0, 0], [0, 2, 0])), "{out}");
    assert!(
        out.contains("south to move (you); legal moves: b\n"),
        "{out}"
    );
    assert!(out.contains(
        "> b\nsouth plays b: sows 2 stones into b c, last in c (1); no capture\n\
         north plays C: sows 2 stones into C a, last in a (1); no capture\n"
    ));
    assert!(out.contains(&modiar_board([1, 0, 0], [1, 1, 1])), "{out}");
    assert!(
        out.ends_with(
            "captured: south 19, north 19\ngame over after 2 plies: the player to move has no legal move; final scores south 22 - north 20: you win\n\
             the game (2 plies) was not saved: `save FILE` before `quit` keeps it\nbye\n"
        ),
        "{out}"
    );
    // Piped output carries no colour codes.
    assert!(!out.contains('\x1b'));
}

/// A longer game: the human plays South's moves of a traced game between
/// `random` (south) and `greedy` (north) with the same seed, so the agent in
/// `play` (greedy, seeded alike) must answer exactly as in the trace, and the
/// game must end with the trace's result.
#[test]
fn play_follows_a_traced_game_to_its_end() {
    let trace: Value = serde_json::from_str(&ok(
        &[
            "trace",
            "modiar",
            "--agents",
            "random,greedy",
            "--seed",
            "11",
            "--format",
            "json",
        ],
        "",
    ))
    .unwrap();
    let plies = trace["plies"].as_array().unwrap();
    let south: Vec<&str> = plies
        .iter()
        .filter(|p| p["player"] == "south")
        .map(|p| p["move"].as_str().unwrap())
        .collect();
    let north: Vec<&str> = plies
        .iter()
        .filter(|p| p["player"] == "north")
        .map(|p| p["move"].as_str().unwrap())
        .collect();
    assert!(plies.len() > 6, "a game of some length");
    let input = south.join("\n") + "\n";
    let out = ok(&["play", "modiar", "--seed", "11"], &input);
    let agent_moves: Vec<&str> = out
        .lines()
        .filter_map(|l| l.strip_prefix("north plays "))
        .map(|l| l.split(':').next().unwrap())
        .collect();
    assert_eq!(agent_moves, north);
    let result = &trace["result"];
    let [s, n] = [&result["scores"][0], &result["scores"][1]];
    assert!(
        out.contains(&format!("game over after {} plies: ", plies.len())),
        "{out}"
    );
    assert!(
        out.contains(&format!("final scores south {s} - north {n}")),
        "{out}"
    );
    assert!(!out.contains("is illegal"), "{out}");
}

/// Illegal moves are refused with the engine's reason and the legal moves;
/// the game goes on.
#[test]
fn illegal_moves_are_refused_with_the_reason() {
    let out = ok(&["play", "modiar", "--seed", "1"], "A\nz\nb:cw\nfoo bar\n");
    assert!(
        out.contains("> A\n`A` is illegal: pit `A` belongs to north\nlegal moves: a b c\n"),
        "{out}"
    );
    assert!(
        out.contains(
            "> z\nunknown pit `z`: the pits are a-c (south) and A-C (north)\nlegal moves: a b c\n"
        ),
        "{out}"
    );
    assert!(
        out.contains("> b:cw\npit `b` sows ccw only, not cw\n"),
        "{out}"
    );
    assert!(
        out.contains("`foo bar` is neither a move nor a command"),
        "{out}"
    );
    // A grand slam, worked by hand: from a=1 b=1 c=1 / A=2 B=1 C=4 North's C
    // sows C a b c, making a b c 2 2 2 (last in c): the chain would take
    // South's whole row. A (2) sows A B: B=2 is taken. B holds 1.
    let out = ok(
        &[
            "play",
            "modiar",
            "--from",
            "1 1 1 / 2 1 4 north",
            "--any-stones",
            "--as",
            "north",
            "--seed",
            "1",
        ],
        "C\nB\nA\n",
    );
    assert!(out.contains("> C\n`C` is illegal: `C` would capture every stone in the opponent's row (grand slam), which is forbidden here\nlegal moves: A\n"), "{out}");
    assert!(out.contains("> B\n`B` is illegal: pit `B` holds 1 stone; a pit needs at least 2 to be played\nlegal moves: A\n"), "{out}");
    assert!(
        out.contains(
            "> A\nnorth plays A: sows 2 stones into A B, last in B; captures 2 stones (pit B)\n"
        ),
        "{out}"
    );
    // South then holds 1 1 1: no move. South 3, North 2 + C's 4 + A's 1 = 7.
    assert!(
        out.contains("game over after 1 ply: the player to move has no legal move; final scores south 3 - north 7: you win"),
        "{out}"
    );
}

/// Where a player who cannot move passes (Um el Tuweisat), `pass` is the
/// only legal move: from a=0 b=1 c=1 / A=7 B=0 C=5 South's pits hold 1 or 0.
#[test]
fn pass_when_you_cannot_move() {
    let out = ok(
        &[
            "play",
            "um-el-tuweisat",
            "--from",
            "0 1 1 / 7 0 5 south captured 0 4",
            "--seed",
            "1",
        ],
        "b\nc\npass\n",
    );
    assert!(
        out.contains("south to move (you); legal moves: pass\n"),
        "{out}"
    );
    // b sows either way, so its label needs a direction.
    assert!(
        out.contains("> b\npit `b` sows either way: write `b:ccw` or `b:cw`\nlegal moves: pass\n"),
        "{out}"
    );
    assert!(out.contains(
        "> c\n`c` is illegal: pit `c` holds 1 stone; a pit needs at least 2 to be played\nlegal moves: pass\n"
    ), "{out}");
    assert!(
        out.contains("> pass\nsouth passes (no move)\nnorth plays "),
        "{out}"
    );
}

/// `undo` takes back the human's move and the agent's reply; `hint` names
/// the agent's choice; `rules`, `help` and `quit` answer.
#[test]
fn undo_hint_rules_help_quit() {
    let out = ok(
        &[
            "play",
            "modiar",
            "--from",
            "0 2 0 / 0 0 2 south captured 19 19",
            "--seed",
            "1",
        ],
        "undo\nhint\nb\nundo\nhelp\nrules\nquit\nb\n",
    );
    assert!(out.contains("> undo\nnothing to undo: you have not moved yet\n"));
    assert!(out.contains("> hint\ngreedy would play b\n"), "{out}");
    let after_undo = out.split("> undo\ntook back 2 moves\n").nth(1).unwrap();
    assert!(
        after_undo.starts_with(&format!(
            "\n{}captured: south 19, north 19\nsouth to move (you); legal moves: b\n",
            modiar_board([2, 0, 0], [0, 2, 0])
        )),
        "{after_undo}"
    );
    assert!(out.contains("  undo        take back your last move"));
    assert!(out.contains("(a grand slam) may not be played.\n"), "{out}");
    // Nothing is read after `quit`.
    assert!(out.ends_with("> quit\nbye\n"), "{out}");
}

/// `rules` prints the plain-words description (`sow describe`); Kalah's
/// file says: 6 pits of 4, stores sown, sowing from the next pit, an extra
/// turn in the store, capture of an emptied own pit with the opposite one.
#[test]
fn rules_describe_the_variant() {
    let out = ok(&["play", "kalah", "--seed", "1"], "rules\n");
    for line in [
        "The board has 2 rows of 6 pits, one row per player, and a store for each player at the end of their row",
        "Each pit starts with 4 stones: 48 in all.",
        "The first stone goes into the pit after the emptied one.",
        "If the last stone lands in the mover's own store, the mover moves again",
        "holds exactly 1 stone and lies in the mover's own row, the mover captures its stones together with those of the pit facing it, provided the facing pit holds stones",
        "It also ends as soon as a row is empty, whoever is to move.",
        "A player never has to give the opponent stones.",
    ] {
        assert!(out.contains(line), "{line}\n{out}");
    }
    let out = ok(&["play", "um-el-tuweisat", "--seed", "1"], "rules\n");
    assert!(
        out.contains("the first pit from the owner's left sows clockwise, the second pit from the owner's left sows either way"),
        "{out}"
    );
}

/// `save FILE` writes variant, start and moves; `sow trace` replays the moves
/// from that start to the position `play` reached.
#[test]
fn saved_games_replay_with_trace() {
    let dir = scratch("save");
    let file = dir.join("game.yaml");
    let file_arg = file.to_string_lossy().into_owned();
    // From the start: South plays a, c; greedy answers.
    let out = ok(
        &["play", "modiar", "--seed", "4"],
        &format!("a\nb\nc\nsave {file_arg}\n"),
    );
    let record = std::fs::read_to_string(&file).unwrap();
    let yaml: serde_yaml::Value = serde_yaml::from_str(&record).unwrap();
    assert_eq!(yaml["variant"], "modiar");
    assert!(yaml.get("start").is_none(), "{record}");
    let moves = yaml["moves"].as_str().unwrap();
    let labels: Vec<&str> = moves.split(' ').collect();
    assert!(labels[0] == "a" && labels.len() >= 2, "{record}");
    assert!(out.contains(&format!("saved {} moves to {file_arg}", labels.len())));
    // Replay: every move legal, and the final captures are the ones `play`
    // showed last.
    let trace: Value = serde_json::from_str(&ok(
        &["trace", "modiar", "--moves", moves, "--format", "json"],
        "",
    ))
    .unwrap();
    let last = trace["plies"].as_array().unwrap().last().unwrap().clone();
    let scores = &last["scores"];
    let shown = out.lines().rfind(|l| l.starts_with("captured: ")).unwrap();
    assert_eq!(
        shown,
        format!("captured: south {}, north {}", scores[0], scores[1])
    );
    assert_eq!(trace["plies"].as_array().unwrap().len(), labels.len());
    // And `sow verify` accepts the saved record as it is.
    let verified = ok(&["verify", &file_arg], "");
    assert!(verified.contains("consistent"), "{verified}");

    // From a position: the record carries it, and the replay starts there.
    let from = "0 2 0 / 0 0 2 south captured 19 19";
    ok(
        &["play", "modiar", "--from", from, "--seed", "1"],
        &format!("b\nsave {file_arg}\n"),
    );
    let record = std::fs::read_to_string(&file).unwrap();
    assert_eq!(
        record,
        "variant: modiar\nstart: 0 2 0 / 0 0 2 south captured 19 19\nmoves: b C\n\
         result:\n  end: no_legal_move\n  scores: [22, 20]\n  winner: south\n"
    );
    let verified = ok(&["verify", &file_arg], "");
    assert!(
        verified.ends_with("consistent: 2 plies replayed, 1 checkpoint agrees\n"),
        "{verified}"
    );
    let trace: Value = serde_json::from_str(&ok(
        &[
            "trace", "modiar", "--from", from, "--moves", "b C", "--format", "json",
        ],
        "",
    ))
    .unwrap();
    assert_eq!(
        trace["plies"][1]["board"],
        serde_json::json!([1, 1, 1, 0, 0, 1])
    );
    assert_eq!(trace["result"]["scores"], serde_json::json!([22, 20]));
    // No temporary file is left behind.
    let names: Vec<_> = std::fs::read_dir(&dir).unwrap().collect();
    assert_eq!(names.len(), 1);
}

#[test]
fn bad_play_arguments_are_clear_errors() {
    let (code, _, stderr) = sow_with_input(&["play", "modiar", "--from", "1 2 south"], "");
    assert_eq!(code, 2);
    assert!(stderr.contains("expected 6 pit counts"), "{stderr}");
    let (code, _, stderr) = sow_with_input(&["play", "modiar", "--vs", "minimax"], "");
    assert_eq!(code, 2);
    assert!(stderr.contains("unknown agent `minimax`"), "{stderr}");
    let out = ok(
        &["play", "modiar", "--seed", "1"],
        "save /no/such/folder/g.yaml\n",
    );
    assert!(out.contains("cannot save: /no/such/folder/g.yaml"), "{out}");
}

/// Where the stones of a move go, worked by hand.
#[test]
fn sowing_paths() {
    let modiar = shipped("modiar");
    let start = modiar.start();
    let path = modiar.sowing_path(&start, parse_move("a", &modiar).unwrap());
    // 7 stones from a, the first back into a: a b c A B C a.
    assert_eq!(path, [0, 1, 2, 3, 4, 5, 0].map(Some));
    let kalah = shipped("kalah");
    // Kalah's c (4 stones) sows from the next pit: d e f, then South's store.
    let path = kalah.sowing_path(&kalah.start(), parse_move("c", &kalah).unwrap());
    assert_eq!(path, [Some(3), Some(4), Some(5), None]);
    let p = pos(&modiar, "0 0 0 / 2 0 0 north");
    assert_eq!(
        modiar.sowing_path(&p, parse_move("A", &modiar).unwrap()),
        [Some(3), Some(4)]
    );
    assert_eq!(p.to_move, Player::North);
}

/// The third worked check of modiar-rules.md drawn as SVG: from a=1 b=1 c=1 /
/// A=3 B=1 C=1 North plays A (A=1 B=2 C=2), C then B are taken. The picture
/// has been looked at (origin A ringed blue; B and C red, C with the amber
/// ring of the last stone; the caption says so).
#[test]
fn svg_of_a_worked_capture() {
    let dir = scratch("svg");
    let file = dir.join("capture.svg");
    ok(
        &[
            "render",
            "modiar",
            "--from",
            "1 1 1 / 3 1 1 north",
            "--any-stones",
            "--moves",
            "A",
            "--svg",
            file.to_str().unwrap(),
        ],
        "",
    );
    let svg = std::fs::read_to_string(&file).unwrap();
    let doc = roxmltree::Document::parse(&svg).unwrap();
    let pits: Vec<(String, String)> = doc
        .descendants()
        .filter(|n| n.attribute("data-pit").is_some())
        .map(|n| {
            (
                n.attribute("data-pit").unwrap().to_string(),
                n.attribute("class").unwrap().to_string(),
            )
        })
        .collect();
    let class = |label: &str| pits.iter().find(|(l, _)| l == label).unwrap().1.as_str();
    assert_eq!(class("B"), "pit captured");
    assert_eq!(class("C"), "pit captured");
    assert_eq!(class("A"), "pit");
    assert_eq!(class("a"), "pit");
    let texts: Vec<&str> = doc.descendants().filter_map(|n| n.text()).collect();
    assert!(
        texts.contains(&"captures 4 stones (pits B and C)"),
        "{texts:?}"
    );
    insta::assert_snapshot!("render_modiar_capture_svg", svg);
}

#[test]
fn render_picks_a_ply_and_refuses_a_missing_one() {
    let dir = scratch("ply");
    let file = dir.join("p.svg");
    let f = file.to_str().unwrap();
    ok(
        &[
            "render", "modiar", "--moves", "a C", "--ply", "1", "--svg", f,
        ],
        "",
    );
    let svg = std::fs::read_to_string(&file).unwrap();
    assert!(svg.contains("<title>Modiar: after ply 1</title>"));
    // After ply 1 (a from the start): a=2, the rest 8.
    assert!(svg.contains("south plays a: sows 7 stones into a b c A B C a, last in a (2)"));
    let (code, _, stderr) = sow_with_input(
        &["render", "modiar", "--moves", "a", "--ply", "3", "--svg", f],
        "",
    );
    assert_eq!(code, 2);
    assert!(
        stderr.contains("--ply 3: the moves give only 1 plies"),
        "{stderr}"
    );
    let (code, _, stderr) = sow_with_input(&["render", "modiar", "--moves", "a b", "--svg", f], "");
    assert_eq!(code, 2);
    assert!(stderr.contains("ply 2: `b` is illegal"), "{stderr}");
    // Stores are drawn where the variant has them. Kalah's c (4 stones)
    // sows d e f and South's store, which gets the last stone.
    ok(&["render", "kalah", "--moves", "c", "--svg", f], "");
    let svg = std::fs::read_to_string(&file).unwrap();
    assert_eq!(svg.matches("class=\"store ").count(), 2);
    assert!(svg.contains("class=\"store south last\""), "{svg}");
    assert!(svg.contains("class=\"store north\""), "{svg}");
    assert!(svg.contains("south plays c: sows 4 stones into d e f store, last in store"));
}

/// The HTML page parses as XML, holds one frame per position and embeds
/// exactly the JSON trace `sow trace --format json` prints.
#[test]
fn html_trace_is_self_contained_and_embeds_the_trace() {
    let dir = scratch("html");
    let file = dir.join("game.html");
    let args = [
        "trace",
        "modiar",
        "--agents",
        "greedy,random",
        "--seed",
        "2",
    ];
    let mut html_args = args.to_vec();
    html_args.extend(["--html", file.to_str().unwrap()]);
    let (code, stdout, stderr) = sow_with_input(&html_args, "");
    assert_eq!(code, 0, "{stderr}");
    assert!(stdout.is_empty());
    let html = std::fs::read_to_string(&file).unwrap();
    assert!(html.starts_with("<!DOCTYPE html>\n"));
    let doc = roxmltree::Document::parse_with_options(
        &html,
        roxmltree::ParsingOptions {
            allow_dtd: true,
            ..Default::default()
        },
    )
    .unwrap();
    let mut json_args = args.to_vec();
    json_args.extend(["--format", "json"]);
    let expected: Value = serde_json::from_str(&ok(&json_args, "")).unwrap();
    let embedded = doc
        .descendants()
        .find(|n| n.attribute("id") == Some("trace"))
        .unwrap()
        .text()
        .unwrap();
    let embedded: Value = serde_json::from_str(embedded).unwrap();
    assert_eq!(embedded, expected);
    let frames = doc
        .descendants()
        .filter(|n| n.attribute("class") == Some("frame"))
        .count();
    assert_eq!(frames, expected["plies"].as_array().unwrap().len() + 1);
    for id in ["first", "prev", "next", "end"] {
        assert!(doc.descendants().any(|n| n.attribute("id") == Some(id)));
    }
    assert!(html.contains("ArrowRight") && html.contains("ArrowLeft"));
    // Self-contained: nothing is loaded from elsewhere.
    for outside in ["http://", "https://", "src="] {
        let loads = html
            .replace("xmlns=\"http://www.w3.org/2000/svg\"", "")
            .replace("xmlns=\"http://www.w3.org/1999/xhtml\"", "");
        assert!(!loads.contains(outside), "{outside}");
    }
}

/// The plot parses as XML, names what it shows, and does not depend on the
/// thread count.
#[test]
fn simulate_plot_is_the_same_on_any_thread_count() {
    let dir = scratch("plot");
    let mut plots = Vec::new();
    for threads in ["1", "2"] {
        let file = dir.join(format!("plot{threads}.svg"));
        ok(
            &[
                "simulate",
                "modiar",
                "--games",
                "300",
                "--agents",
                "greedy,random",
                "--threads",
                threads,
                "--plot",
                file.to_str().unwrap(),
            ],
            "",
        );
        plots.push(std::fs::read_to_string(&file).unwrap());
    }
    assert_eq!(plots[0], plots[1]);
    let doc = roxmltree::Document::parse(&plots[0]).unwrap();
    let texts: Vec<String> = doc
        .descendants()
        .filter_map(|n| n.text())
        .map(|t| t.trim().to_string())
        .collect();
    for wanted in [
        "Modiar: 300 games, greedy vs random (seed 1)",
        "Game length",
        "Win rates (95% intervals)",
        "south wins",
        "north wins",
        "draws",
    ] {
        assert!(texts.iter().any(|t| t == wanted), "{wanted}: {texts:?}");
    }
    assert!(texts.iter().any(|t| t == "south - north"));
}

/// Issue 12.15: `quit` and the end of input warn when plies played since the
/// last `save` would be lost, and end with a newline. From a=0 b=2 c=0 /
/// A=0 B=0 C=2 (the game worked in `a_full_game_through_stdin`), b and
/// North's C are two plies.
#[test]
fn quit_and_end_of_input_warn_about_unsaved_plies() {
    let from = "0 2 0 / 0 0 2 south captured 19 19";
    let args = ["play", "modiar", "--from", from, "--seed", "1"];
    let warning = "the game (2 plies) was not saved: `save FILE` before `quit` keeps it\nbye\n";
    let out = ok(&args, "b\nquit\n");
    assert!(out.ends_with(&format!("> quit\n{warning}")), "{out}");
    let out = ok(&args, "b\n");
    assert!(out.ends_with(&format!("you win\n{warning}")), "{out}");
    let dir = scratch("unsaved");
    let file = dir.join("g.yaml");
    let out = ok(&args, &format!("b\nsave {}\nquit\n", file.display()));
    assert!(out.ends_with("> quit\nbye\n"), "{out}");
    // Nothing played: nothing to lose.
    let out = ok(&args, "");
    assert!(out.ends_with("legal moves: b\nbye\n"), "{out}");
}

/// `sow play` running in the background, its output read line by line, and
/// SIGINT sent to it as Ctrl-C at a terminal would.
#[cfg(unix)]
struct Interactive {
    child: std::process::Child,
    stdin: std::process::ChildStdin,
    lines: std::sync::mpsc::Receiver<String>,
    /// Every line read so far.
    seen: Vec<String>,
}

#[cfg(unix)]
impl Interactive {
    fn start(args: &[&str]) -> Interactive {
        use std::io::BufRead;
        use std::process::{Command, Stdio};
        let mut child = Command::new(assert_cmd::cargo::cargo_bin("sow"))
            .current_dir(env!("CARGO_MANIFEST_DIR"))
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        let stdin = child.stdin.take().unwrap();
        let stdout = std::io::BufReader::new(child.stdout.take().unwrap());
        let (sender, lines) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            for line in stdout.lines().map_while(Result::ok) {
                if sender.send(line).is_err() {
                    break;
                }
            }
        });
        Interactive {
            child,
            stdin,
            lines,
            seen: Vec::new(),
        }
    }

    /// Reads until a line containing `text` (at most 30 s), that line.
    fn wait_for(&mut self, text: &str) -> String {
        loop {
            let line = self
                .lines
                .recv_timeout(std::time::Duration::from_secs(30))
                .unwrap_or_else(|e| panic!("no `{text}` ({e}) after:\n{}", self.seen.join("\n")));
            self.seen.push(line.clone());
            if line.contains(text) {
                return line;
            }
        }
    }

    fn type_line(&mut self, line: &str) {
        use std::io::Write;
        writeln!(self.stdin, "{line}").unwrap();
        self.stdin.flush().unwrap();
    }

    fn ctrl_c(&self) {
        // SAFETY: kill(2) with the id of a child this test started and has
        // not reaped.
        let sent = unsafe { libc::kill(self.child.id() as libc::pid_t, libc::SIGINT) };
        assert_eq!(sent, 0);
    }

    /// The exit code, once the process has ended (at most 30 s).
    fn exit_code(&mut self) -> Option<i32> {
        for _ in 0..300 {
            if let Some(status) = self.child.try_wait().unwrap() {
                return status.code();
            }
            std::thread::sleep(std::time::Duration::from_millis(100));
        }
        panic!("still running after:\n{}", self.seen.join("\n"));
    }
}

/// A process the test failed to end is not left running.
#[cfg(unix)]
impl Drop for Interactive {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Ctrl-C at `sow play`'s prompt is `quit`: with plies unsaved it gives
/// `quit`'s warning and the game goes on (a move or command is still
/// taken), and a second Ctrl-C in a row quits; with nothing to lose (no
/// move, or all saved) it quits at once. Until it handled SIGINT, Ctrl-C
/// ended the process and the game without a word. While the game is busy,
/// a second Ctrl-C still ends it.
#[cfg(unix)]
#[test]
fn ctrl_c_warns_of_an_unsaved_game_and_a_second_one_quits() {
    // Two plies: South's a and North's reply.
    let args = ["play", "modiar", "--seed", "1"];
    let mut play = Interactive::start(&args);
    play.wait_for("south to move (you)");
    play.type_line("a");
    play.wait_for("south to move (you)");
    play.ctrl_c();
    let warning = play.wait_for("not saved");
    assert_eq!(
        warning,
        "the game (2 plies) was not saved: `save FILE` keeps it; Ctrl-C again (or `quit`) quits"
    );
    // Still playing: a command is answered.
    play.type_line("board");
    play.wait_for("south to move (you)");
    // A line in between: the next Ctrl-C warns again; the one after quits
    // with `quit`'s farewell.
    play.ctrl_c();
    play.wait_for("not saved");
    play.ctrl_c();
    assert_eq!(
        play.wait_for("not saved"),
        "the game (2 plies) was not saved: `save FILE` before `quit` keeps it"
    );
    play.wait_for("bye");
    assert_eq!(play.exit_code(), Some(0));

    // Saved: Ctrl-C quits at once (the temporary file of the save watches
    // for signals too, and leaves SIGINT to the game).
    let dir = scratch("ctrl-c");
    let mut play = Interactive::start(&args);
    play.wait_for("south to move (you)");
    play.type_line("a");
    play.type_line(&format!("save {}", dir.join("g.yaml").display()));
    play.wait_for("saved 2 moves to");
    play.ctrl_c();
    assert_eq!(play.wait_for("bye"), "bye");
    assert_eq!(play.exit_code(), Some(0));
    assert!(
        !play.seen.iter().any(|l| l.contains("not saved")),
        "{:?}",
        play.seen
    );

    // Nothing played: nothing to lose.
    let mut play = Interactive::start(&args);
    play.wait_for("south to move (you)");
    play.ctrl_c();
    assert_eq!(play.wait_for("bye"), "bye");
    assert_eq!(play.exit_code(), Some(0));

    // While the agent thinks (a 20-ply search of Oware's opening, minutes
    // long), two Ctrl-Cs end the process at once, as SIGINT does (130).
    let mut play = Interactive::start(&["play", "oware", "--vs", "alphabeta:20", "--seed", "1"]);
    play.wait_for("south to move (you)");
    play.type_line("a");
    play.wait_for("> a");
    play.ctrl_c();
    std::thread::sleep(std::time::Duration::from_millis(200));
    play.ctrl_c();
    assert_eq!(play.exit_code(), Some(130));
}

/// Issue 12.15: a relay move says its laps. Galatjang's a (7 per pit, sowing
/// from the next pit, relaying from a pit that was not empty, the store on
/// the mover's way): 7 into b c d e f store A; A (8) into B C D E F a b c;
/// c (9) into d e f store A B C D E; E (9) into F a b c d e f store A; A (2)
/// into B C; C (10) into D E F a b c d e f store: 45 stones, the last in the
/// store (the board the trace snapshot shows: 3 11 2 11 11 11 / 0 10 0 10 1 10).
#[test]
fn a_relay_move_says_its_laps() {
    let out = ok(&["play", "galatjang", "--seed", "1"], "a\n");
    assert!(
        out.contains(
            "> a\nsouth plays a: sows 45 stones in 6 laps: 7 stones into b c d e f store A; \
             then 8 lifted from A into B C D E F a b c; \
             then 9 lifted from c into d e f store A B C D E; \
             then 9 lifted from E into F a b c d e f store A; \
             then 2 lifted from A into B C; \
             then 10 lifted from C into D E F a b c d e f store, last in store; \
             no capture; south moves again\n"
        ),
        "{out}"
    );
}

/// Issue 12.9: in Um el Tuweisat, where b sows either way, North typing `b`
/// is told whose pit it is, not that it needs a direction; `trace` says the
/// same.
#[test]
fn the_other_players_pit_is_named_as_such() {
    let out = ok(
        &["play", "um-el-tuweisat", "--as", "north", "--seed", "1"],
        "b\n",
    );
    assert!(
        out.contains("> b\n`b` is illegal: pit `b` belongs to south\nlegal moves: "),
        "{out}"
    );
    let (code, _, stderr) = sow_with_input(&["trace", "um-el-tuweisat", "--moves", "a b"], "");
    assert_eq!(code, 2);
    assert!(
        stderr.contains("ply 2: `b` is illegal: pit `b` belongs to south"),
        "{stderr}"
    );
}

/// Issue 12.15: a long variant name is not cut: the picture is as wide as
/// the title needs (60 characters at about 13 px each, plus 20 px margins:
/// 820 px, wider than the board and the caption).
#[test]
fn svg_fits_a_long_title() {
    let dir = scratch("long-title");
    let variant = dir.join("long.variant");
    let text = sowing::variants::source("modiar").unwrap().text.replace(
        "name   \"Modiar\"",
        "name   \"Modiar as played in the villages around Tangier\"",
    );
    std::fs::write(&variant, text).unwrap();
    let svg = dir.join("long.svg");
    ok(
        &[
            "render",
            variant.to_str().unwrap(),
            "--moves",
            "a",
            "--svg",
            svg.to_str().unwrap(),
        ],
        "",
    );
    let svg = std::fs::read_to_string(&svg).unwrap();
    let doc = roxmltree::Document::parse(&svg).unwrap();
    assert_eq!(doc.root_element().attribute("width"), Some("820"));
}

/// A board beyond the narrow width (Hus (Nama), 4x16) is played like any
/// other. South's opening choice `g` lifts g's 2 stones and sows them from
/// k on (worked out from the `opening { choices g-k ... }` rule): k and l
/// hold 3, g is empty, and the reply of North's opening (on its own side)
/// leaves South's outer row so.
#[test]
fn a_four_by_sixteen_board_is_played() {
    let out = ok(&["play", "hus-nama", "--seed", "3"], "g\nquit\n");
    assert!(out.contains("legal moves: g h k x"), "{out}");
    assert!(
        out.contains("south plays g: sows 2 stones into k l, last in l (3); no capture"),
        "{out}"
    );
    // The row above South's labels on the last board drawn.
    let lines: Vec<&str> = out.lines().collect();
    let labels = lines
        .iter()
        .rposition(|l| l.starts_with("south    a "))
        .unwrap();
    let south_outer = lines[labels - 1];
    assert_eq!(
        south_outer.split_whitespace().collect::<Vec<_>>(),
        "2 2 2 2 2 2 0 2 2 2 3 3 2 2 2 2"
            .split(' ')
            .collect::<Vec<_>>(),
        "{out}"
    );
}
