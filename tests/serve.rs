//! `sow serve` over HTTP: each test starts a server on a free port of the
//! loopback address, in a scratch folder, and talks to it as the page does.

use std::{
    io::{Read, Write},
    net::{IpAddr, Ipv4Addr, SocketAddr, TcpStream},
    path::Path,
    time::{Duration, Instant},
};

use serde_json::{json, Value};
use sowing::serve::{Options, Server};

use crate::common::{scratch, sow, sow_in};

/// A server on a free port serving `folder`, running on its own threads.
fn start(folder: &Path) -> SocketAddr {
    let server = Server::bind(&Options {
        folder: folder.to_path_buf(),
        address: IpAddr::V4(Ipv4Addr::LOCALHOST),
        port: 0,
    })
    .unwrap();
    let address = server.address();
    std::thread::spawn(move || server.run());
    address
}

/// Sends one raw request; (status, body).
fn raw(address: SocketAddr, head: &str, body: &[u8]) -> (u16, String) {
    let mut stream = TcpStream::connect(address).unwrap();
    stream
        .set_read_timeout(Some(Duration::from_secs(120)))
        .unwrap();
    stream.write_all(head.as_bytes()).unwrap();
    // The server may answer before it reads the whole body (413).
    let _ = stream.write_all(body);
    let mut answer = Vec::new();
    stream.read_to_end(&mut answer).unwrap();
    let answer = String::from_utf8(answer).unwrap();
    let status = answer[9..12].parse().unwrap();
    let body = answer.split_once("\r\n\r\n").map_or("", |(_, b)| b);
    (status, body.to_string())
}

fn post(address: SocketAddr, path: &str, value: &Value) -> (u16, Value) {
    let body = value.to_string();
    let head = format!(
        "POST {path} HTTP/1.1\r\nHost: {address}\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n",
        body.len()
    );
    let (status, text) = raw(address, &head, body.as_bytes());
    (status, serde_json::from_str(&text).unwrap())
}

fn ok(address: SocketAddr, path: &str, value: &Value) -> Value {
    let (status, answer) = post(address, path, value);
    assert_eq!(status, 200, "{path}: {answer}");
    answer
}

#[test]
fn check_locates_a_misspelt_key_with_its_suggestion() {
    let folder = scratch("serve-check");
    let address = start(&folder);
    let text = std::fs::read_to_string("variants/modiar.variant").unwrap();
    let broken = text.replacen("direction", "diretion", 1);
    let line = broken.lines().position(|l| l.contains("diretion")).unwrap() + 1;
    let column = broken
        .lines()
        .nth(line - 1)
        .unwrap()
        .find("diretion")
        .unwrap()
        + 1;
    let answer = ok(address, "/api/check", &json!({ "text": broken }));
    assert_eq!(answer["valid"], false);
    let found = answer["diagnostics"]
        .as_array()
        .unwrap()
        .iter()
        .find(|d| d["message"].as_str().unwrap().contains("diretion"))
        .expect("the misspelt key is named");
    assert_eq!(
        (found["line"].as_u64(), found["column"].as_u64()),
        (Some(line as u64), Some(column as u64))
    );
    assert_eq!(found["severity"], "error");
    assert!(
        found["message"]
            .as_str()
            .unwrap()
            .contains("did you mean `direction`?"),
        "{found}"
    );
    assert!(answer["description"].is_null());
    // The fixed text checks clean and is described.
    let fixed = ok(address, "/api/check", &json!({ "text": text }));
    assert_eq!(fixed["valid"], true);
    assert!(fixed["description"].as_str().unwrap().contains("Modiar"));
}

#[test]
fn format_gives_what_sow_fmt_writes() {
    let folder = scratch("serve-format");
    let address = start(&folder);
    let text = "name   \"Tiny\"\nboard {\n    pits 3\n  seeds  2\n}\n";
    std::fs::write(folder.join("tiny.variant"), text).unwrap();
    let (code, _, err) = sow_in(&folder, &["fmt", "tiny.variant"], "");
    assert_eq!(code, 0, "{err}");
    let answer = ok(address, "/api/format", &json!({ "text": text }));
    assert_eq!(
        answer["text"],
        std::fs::read_to_string(folder.join("tiny.variant")).unwrap()
    );
}

#[test]
fn paths_out_of_the_folder_are_refused() {
    let root = scratch("serve-sandbox");
    let folder = root.join("served");
    let outside = root.join("outside");
    std::fs::create_dir_all(&folder).unwrap();
    std::fs::create_dir_all(&outside).unwrap();
    std::fs::write(outside.join("secret.variant"), "name \"secret\"\n").unwrap();
    std::os::unix::fs::symlink(outside.join("secret.variant"), folder.join("link.variant"))
        .unwrap();
    std::os::unix::fs::symlink(&outside, folder.join("out")).unwrap();
    // A link to a file that does not exist yet, outside.
    std::os::unix::fs::symlink(outside.join("new.variant"), folder.join("dangling.variant"))
        .unwrap();
    let address = start(&folder);
    let absolute = outside.join("secret.variant").display().to_string();
    for name in [
        "../outside/secret.variant",
        absolute.as_str(),
        "link.variant",
        "out/secret.variant",
        "dangling.variant",
    ] {
        let (status, answer) = post(address, "/api/source", &json!({ "name": name }));
        assert_eq!(status, 403, "{name}: {answer}");
        assert!(
            !answer.to_string().contains("secret\\\""),
            "{name}: {answer}"
        );
        let (status, answer) = post(address, "/api/save", &json!({ "path": name, "text": "x" }));
        assert_eq!(status, 403, "{name}: {answer}");
    }
    let (_, answer) = post(address, "/api/source", &json!({ "name": "link.variant" }));
    assert!(
        answer["error"].as_str().unwrap().contains("leads out"),
        "{answer}"
    );
    assert_eq!(
        std::fs::read_to_string(outside.join("secret.variant")).unwrap(),
        "name \"secret\"\n"
    );
    assert!(!outside.join("new.variant").exists());
    assert!(std::fs::symlink_metadata(folder.join("dangling.variant"))
        .unwrap()
        .file_type()
        .is_symlink());
    // Nor may a page write anything but variants and records.
    let (status, _) = post(
        address,
        "/api/save",
        &json!({ "path": "run.sh", "text": "x" }),
    );
    assert_eq!(status, 403);
    assert!(!folder.join("run.sh").exists());
    // Inside, a variant is saved and read back.
    ok(
        address,
        "/api/save",
        &json!({ "path": "mine.variant", "text": "name \"Mine\"\n" }),
    );
    let answer = ok(address, "/api/source", &json!({ "name": "mine.variant" }));
    assert_eq!(answer["text"], "name \"Mine\"\n");
}

#[test]
fn an_oversized_request_is_refused_with_413() {
    let folder = scratch("serve-size");
    let address = start(&folder);
    let size = sowing::serve::http::MAX_BODY_BYTES + 1;
    let head = format!(
        "POST /api/check HTTP/1.1\r\nHost: {address}\r\nContent-Type: application/json\r\nContent-Length: {size}\r\nConnection: close\r\n\r\n"
    );
    let (status, body) = raw(address, &head, &vec![b' '; size]);
    assert_eq!(status, 413, "{body}");
    assert!(body.contains("larger than"), "{body}");
    // The server still answers.
    let (status, _) = post(address, "/api/check", &json!({ "text": "" }));
    assert_eq!(status, 200);
}

#[test]
fn a_request_to_another_host_name_is_refused() {
    let folder = scratch("serve-host");
    let address = start(&folder);
    let head = "GET /api/files HTTP/1.1\r\nHost: evil.example:80\r\nConnection: close\r\n\r\n";
    assert_eq!(raw(address, head, b"").0, 403);
    let head = format!(
        "GET /api/files HTTP/1.1\r\nHost: localhost:{}\r\nConnection: close\r\n\r\n",
        address.port()
    );
    assert_eq!(raw(address, &head, b"").0, 200);
}

#[test]
fn a_second_listener_on_the_same_port_is_refused() {
    let folder = scratch("serve-port");
    let address = start(&folder);
    let port = address.port().to_string();
    let (code, out, err) = sow(&["serve", folder.to_str().unwrap(), "--port", &port]);
    assert_eq!(code, 2, "{out}{err}");
    assert!(
        err.contains(&format!("cannot listen on 127.0.0.1:{port}")),
        "{err}"
    );
    assert!(err.contains("choose another port with --port"), "{err}");
}

#[test]
fn a_game_against_random_plays_to_its_end_and_its_record_verifies() {
    let folder = scratch("serve-play");
    let address = start(&folder);
    let request = |moves: &Value, mv: Option<&str>| json!({ "variant": "modiar", "agent": "random", "human": "south", "seed": 7, "moves": moves, "move": mv });
    let mut state = ok(address, "/api/play", &request(&json!([]), None));
    // Modiar's start: 7 stones in each of South's three pits, all playable.
    assert_eq!(state["legal"], json!(["a", "b", "c"]));
    let mut turns = 0;
    while state["over"] == false {
        let legal = state["legal"].as_array().unwrap().clone();
        assert!(!legal.is_empty(), "{state}");
        let before = state["moves"].as_array().unwrap().len();
        let mv = legal.last().unwrap().as_str().unwrap().to_string();
        state = ok(address, "/api/play", &request(&state["moves"], Some(&mv)));
        let moves = state["moves"].as_array().unwrap();
        assert_eq!(
            moves[before],
            mv.as_str(),
            "the human's move is played as sent"
        );
        assert_eq!(state["movers"][before], "south");
        turns += 1;
        assert!(turns < 500, "the game ends");
    }
    let result = state["result"].as_str().unwrap();
    // The record, saved into the folder, is consistent under `sow verify`.
    let mut saved = request(&state["moves"], None);
    saved["path"] = json!("games/mine.yaml");
    std::fs::create_dir_all(folder.join("games")).unwrap();
    let answer = ok(address, "/api/play/record", &saved);
    assert_eq!(answer["saved"], "games/mine.yaml");
    let (code, out, err) = sow_in(&folder, &["verify", "games/mine.yaml"], "");
    assert_eq!(code, 0, "{out}{err}");
    let plies = state["moves"].as_array().unwrap().len();
    // The result was written into the record, and `sow verify` checked it.
    assert!(
        out.ends_with(&format!(
            ":\nconsistent: {plies} plies replayed, 1 checkpoint agrees\n"
        )),
        "{out}"
    );
    let winner = answer["yaml"]
        .as_str()
        .unwrap()
        .lines()
        .find_map(|l| l.strip_prefix("  winner: "))
        .unwrap();
    let verdict = if winner == "draw" {
        "a draw".to_string()
    } else {
        format!("{winner} wins")
    };
    assert!(
        result.starts_with(&verdict),
        "{result} against the record's {winner}"
    );
    // Undo is the page's: the same moves less the last two give South's turn.
    let back = &state["moves"].as_array().unwrap()[..plies - plies % 2];
    let again = ok(address, "/api/play", &request(&json!(back), None));
    assert_eq!(again["to_move"], "south");
    assert_eq!(again["moves"].as_array().unwrap().len(), back.len());
}

#[test]
fn an_illegal_move_is_refused_with_its_ply() {
    let folder = scratch("serve-illegal");
    let address = start(&folder);
    let (status, answer) = post(
        address,
        "/api/play",
        &json!({ "variant": "modiar", "agent": "random", "human": "south", "moves": ["a", "a"] }),
    );
    assert_eq!(status, 400);
    assert!(
        answer["error"].as_str().unwrap().starts_with("ply 2:"),
        "{answer}"
    );
    let (status, answer) = post(
        address,
        "/api/play",
        &json!({ "variant": "modiar", "agent": "perfect:/etc/passwd", "human": "south" }),
    );
    assert_eq!(status, 400, "{answer}");
}

#[test]
fn a_record_replays_ply_by_ply_and_shows_where_it_leaves_the_rules() {
    let folder = scratch("serve-replay");
    std::fs::create_dir_all(folder.join("games")).unwrap();
    std::fs::copy("variants/modiar.variant", folder.join("mine.variant")).unwrap();
    // From Modiar's start (7 7 7 / 7 7 7), `a` sows 7 from a itself:
    // 2 8 8 / 8 8 8 (the library's own example); then `a` again is South's
    // move at ply 3 only if North moved at ply 2.
    std::fs::write(
        folder.join("games/good.yaml"),
        "variant: ../mine.variant\nmoves: a A\nexpect:\n- ply: 1\n  board: [2, 8, 8, 8, 8, 8]\n",
    )
    .unwrap();
    let address = start(&folder);
    let answer = ok(
        address,
        "/api/replay",
        &json!({ "path": "games/good.yaml" }),
    );
    assert_eq!(answer["consistent"], true, "{answer}");
    assert_eq!(answer["variant"], "mine.variant");
    let frames = answer["frames"].as_array().unwrap();
    assert_eq!(frames.len(), 3);
    assert_eq!(frames[1]["move"], "a");
    assert!(frames[1]["svg"]
        .as_str()
        .unwrap()
        .contains("Modiar: after ply 1"));
    // A wrong board at ply 1: the verdict names ply 1, as `sow verify` does.
    let bad = "variant: modiar\nmoves: a A\nexpect:\n- ply: 1\n  board: [2, 8, 8, 8, 8, 9]\n";
    let answer = ok(address, "/api/replay", &json!({ "text": bad }));
    assert_eq!(answer["consistent"], false);
    assert_eq!(answer["diverged_at"], 1);
    std::fs::write(folder.join("bad.yaml"), bad).unwrap();
    let (code, out, _) = sow_in(&folder, &["verify", "bad.yaml"], "");
    assert_eq!(code, 1);
    assert_eq!(
        out,
        format!(
            "bad.yaml against Modiar (modiar):\n{}",
            answer["verdict"].as_str().unwrap()
        )
    );
    // A record whose variant climbs out of the folder is refused.
    std::fs::write(
        folder.join("games/out.yaml"),
        "variant: ../../x.variant\nmoves: a\n",
    )
    .unwrap();
    let (status, _) = post(address, "/api/replay", &json!({ "path": "games/out.yaml" }));
    assert_eq!(status, 403);
}

#[test]
fn compare_gives_the_two_modiar_readings_differences_as_sow_diff_does() {
    let folder = scratch("serve-compare");
    let address = start(&folder);
    let answer = ok(
        address,
        "/api/compare",
        &json!({ "a": "modiar", "b": "modiar@awale-info" }),
    );
    let (_, out, _) = sow(&["diff", "modiar", "modiar@awale-info"]);
    let rules = answer["rules"].as_array().unwrap();
    assert!(
        out.starts_with(&format!(
            "modiar and modiar@awale-info: {} rules differ",
            rules.len()
        )),
        "{out}"
    );
    for rule in rules {
        let option = rule["option"].as_str().unwrap();
        assert!(out.contains(&format!("\n{option}: ")), "{option} in {out}");
    }
    let play = &answer["play"];
    assert_eq!(play["shown"], true);
    let line = format!(
        "part ways: after {} plies: {} (the shortest sequence)",
        play["plies"],
        play["moves"].as_str().unwrap()
    );
    assert!(out.contains(&line), "{line} in {out}");
    assert!(play["svg"].as_str().unwrap().starts_with("<svg"));
}

#[test]
fn a_small_simulation_gives_the_summary_sow_simulate_gives() {
    let folder = scratch("serve-simulate");
    let address = start(&folder);
    let started = ok(
        address,
        "/api/simulate",
        &json!({ "variant": "modiar", "agents": ["random", "greedy"], "games": 300, "seed": 5 }),
    );
    let status = wait(address, &started["job"]);
    assert_eq!(status["state"], "done", "{status}");
    assert_eq!(status["played"], 300);
    let (code, out, err) = sow(&[
        "simulate",
        "modiar",
        "--agents",
        "random,greedy",
        "--games",
        "300",
        "--seed",
        "5",
        "--format",
        "json",
    ]);
    assert_eq!(code, 0, "{err}");
    let cli: Value = serde_json::from_str(&out).unwrap();
    let summary = &status["summary"];
    for figure in ["wins", "plies", "ends", "captured", "first_player"] {
        assert_eq!(summary[figure], cli[figure], "{figure}");
    }
}

#[test]
fn a_long_batch_can_be_cancelled_and_limits_hold() {
    let folder = scratch("serve-cancel");
    let address = start(&folder);
    let (status, _) = post(
        address,
        "/api/simulate",
        &json!({ "variant": "modiar", "agents": ["random", "random"], "games": 1_000_000 }),
    );
    assert_eq!(status, 400, "more games than a batch here may have");
    let started = ok(
        address,
        "/api/simulate",
        &json!({ "variant": "oware", "agents": ["alphabeta:4", "alphabeta:4"], "games": 100_000 }),
    );
    let (status, _) = post(
        address,
        "/api/simulate",
        &json!({ "variant": "modiar", "agents": ["random", "random"], "games": 10 }),
    );
    assert_eq!(status, 409, "one batch at a time");
    ok(
        address,
        "/api/simulate/cancel",
        &json!({ "job": started["job"] }),
    );
    let status = wait(address, &started["job"]);
    assert_eq!(status["state"], "cancelled", "{status}");
    assert!(status["played"].as_u64().unwrap() < 100_000);
}

/// Polls a batch until it is no longer running.
fn wait(address: SocketAddr, job: &Value) -> Value {
    let clock = Instant::now();
    loop {
        let status = ok(address, "/api/simulate/status", &json!({ "job": job }));
        if status["state"] != "running" {
            return status;
        }
        assert!(clock.elapsed() < Duration::from_secs(300), "the batch ends");
        std::thread::sleep(Duration::from_millis(50));
    }
}

#[test]
fn the_page_and_its_assets_are_served() {
    let folder = scratch("serve-page");
    let address = start(&folder);
    for (path, needle) in [
        ("/", "<title>sow serve</title>"),
        ("/app.js", "async function api"),
        ("/style.css", ".board"),
    ] {
        let head = format!("GET {path} HTTP/1.1\r\nHost: {address}\r\nConnection: close\r\n\r\n");
        let (status, body) = raw(address, &head, b"");
        assert_eq!(status, 200, "{path}");
        assert!(body.contains(needle), "{path}");
    }
}

#[test]
fn listening_beyond_the_loopback_address_warns() {
    let folder = scratch("serve-listen");
    let out = assert_cmd::Command::cargo_bin("sow")
        .unwrap()
        .args([
            "serve",
            folder.to_str().unwrap(),
            "--listen",
            "0.0.0.0",
            "--port",
            "0",
        ])
        .timeout(Duration::from_secs(3))
        .output()
        .unwrap();
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(
        err.starts_with("WARNING: listening on 0.0.0.0, not on 127.0.0.1"),
        "{err}"
    );
    assert!(err.contains("there is no password"), "{err}");
}

#[test]
fn a_request_another_site_may_have_sent_is_refused() {
    let folder = scratch("serve-cross-site");
    let address = start(&folder);
    let body = r#"{"path": "x.variant", "text": "name \"x\"\n"}"#;
    // A form or a plain fetch of another site sends text, not JSON.
    let head = format!(
        "POST /api/save HTTP/1.1\r\nHost: {address}\r\nContent-Type: text/plain\r\nContent-Length: {}\r\nConnection: close\r\n\r\n",
        body.len()
    );
    assert_eq!(raw(address, &head, body.as_bytes()).0, 415);
    // JSON from a page of another origin.
    let head = format!(
        "POST /api/save HTTP/1.1\r\nHost: {address}\r\nOrigin: http://evil.example\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n",
        body.len()
    );
    assert_eq!(raw(address, &head, body.as_bytes()).0, 403);
    assert!(!folder.join("x.variant").exists());
    // The server's own page.
    let head = format!(
        "POST /api/save HTTP/1.1\r\nHost: {address}\r\nOrigin: http://{address}\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n",
        body.len()
    );
    assert_eq!(raw(address, &head, body.as_bytes()).0, 200);
    assert!(folder.join("x.variant").exists());
}

#[test]
fn where_the_rules_give_a_direction_each_pit_offers_both() {
    let folder = scratch("serve-direction");
    let address = start(&folder);
    // Dongjintian sows either way from each of South's five pits: ten moves
    // at the start (its perft table gives 10 at depth 1).
    let request = |moves: Value, mv: Option<&str>| json!({ "variant": "dongjintian", "agent": "greedy", "human": "south", "moves": moves, "move": mv });
    let state = ok(address, "/api/play", &request(json!([]), None));
    let legal: Vec<&str> = state["legal"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| l.as_str().unwrap())
        .collect();
    let expected: Vec<String> = ["a", "b", "c", "d", "e"]
        .iter()
        .flat_map(|pit| [format!("{pit}:ccw"), format!("{pit}:cw")])
        .collect();
    let mut sorted = legal.clone();
    sorted.sort_unstable();
    assert_eq!(sorted, expected);
    let state = ok(address, "/api/play", &request(json!([]), Some("c:cw")));
    assert_eq!(state["moves"][0], "c:cw");
    assert_eq!(state["movers"], json!(["south", "north"]));
}
