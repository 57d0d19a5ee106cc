//! Output files through the binary: what is at the path is never lost
//! (symlinks followed, devices and FIFOs written through, permissions kept),
//! bad paths fail before any work, and an interrupted run leaves no
//! temporary file behind.

use std::{
    fs,
    os::unix::fs::{FileTypeExt, PermissionsExt},
    path::{Path, PathBuf},
    process::{Child, Command, ExitStatus, Stdio},
    time::{Duration, Instant},
};

use crate::common::{scratch, sow, sow_with_input};

/// Modiar on a 2x2 board with 3 stones a pit: solved in a moment.
fn tiny_variant(dir: &Path) -> PathBuf {
    let text = sowing::variants::source("modiar")
        .unwrap()
        .text
        .replace("pits   3 ", "pits   2 ")
        .replace("seeds  7 ", "seeds  3 ");
    let path = dir.join("tiny.variant");
    fs::write(&path, text).unwrap();
    path
}

/// The `sow` arguments that write `path`, one per output option, and what
/// the file must start with.
fn writers(path: &str, tiny: &str) -> Vec<(Vec<String>, &'static str, &'static str)> {
    let args = |list: &[&str]| list.iter().map(|s| s.to_string()).collect::<Vec<_>>();
    vec![
        (args(&["render", "modiar", "--svg", path]), "", "<svg"),
        (
            args(&["trace", "modiar", "--moves", "a", "--html", path]),
            "",
            "<!DOCTYPE html>",
        ),
        (
            args(&["simulate", "modiar", "--games", "5", "--games-out", path]),
            "",
            "{\"game\":0,",
        ),
        (
            args(&["simulate", "modiar", "--games", "5", "--plot", path]),
            "",
            "<svg",
        ),
        (
            args(&["diff", "modiar", "modiar-awale-info", "--out", path]),
            "",
            "variant: modiar",
        ),
        (args(&["solve", tiny, "--save", path]), "", "SOWSOLV2"),
        (
            args(&["play", "modiar", "--seed", "1"]),
            "a\nsave PATH\nquit\n",
            "variant: modiar",
        ),
    ]
}

/// Runs one writer (its stdin with PATH replaced by `path`).
fn run(args: &[String], input: &str, path: &str) -> (i32, String) {
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let (code, _, stderr) = sow_with_input(&args, &input.replace("PATH", path));
    (code, stderr)
}

/// The names in `dir`, sorted.
fn names(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

#[test]
fn every_output_through_a_symlink_replaces_the_target_and_keeps_the_link() {
    let dir = scratch("symlink-outputs");
    let tiny = tiny_variant(&dir);
    let link = dir.join("link.out");
    for (args, input, start) in writers(link.to_str().unwrap(), tiny.to_str().unwrap()) {
        let real = dir.join("real.out");
        fs::write(&real, "old contents\n").unwrap();
        let _ = fs::remove_file(&link);
        // A relative link: it is read relative to its own folder.
        std::os::unix::fs::symlink("real.out", &link).unwrap();
        let (code, stderr) = run(&args, input, link.to_str().unwrap());
        assert!(code == 0 || code == 1, "{args:?}: {stderr}");
        assert!(
            fs::symlink_metadata(&link)
                .unwrap()
                .file_type()
                .is_symlink(),
            "{args:?} replaced the link"
        );
        assert_eq!(fs::read_link(&link).unwrap(), Path::new("real.out"));
        let written = fs::read(&real).unwrap();
        assert!(
            written.starts_with(start.as_bytes()),
            "{args:?} wrote {:?}",
            String::from_utf8_lossy(&written[..written.len().min(60)])
        );
        assert_eq!(
            names(&dir),
            ["link.out", "real.out", "tiny.variant"],
            "{args:?}: no temporary file is left"
        );
    }
}

#[test]
fn every_output_path_in_a_missing_folder_fails_before_any_work() {
    let dir = scratch("missing-folder");
    let tiny = tiny_variant(&dir);
    let bad = dir.join("no/such/folder/out.file");
    let bad = bad.to_str().unwrap();
    // The jobs are long on purpose: a check after the work would not end
    // within the time allowed.
    let long = [
        vec!["simulate", "modiar", "--games", "3000000000", "--plot", bad],
        vec![
            "simulate",
            "modiar",
            "--games",
            "3000000000",
            "--games-out",
            bad,
        ],
        vec!["solve", "modiar", "--save", bad],
        vec!["render", "modiar", "--svg", bad],
        vec!["trace", "modiar", "--html", bad],
        vec!["diff", "modiar", "modiar-awale-info", "--out", bad],
    ];
    for args in long {
        let (status, stderr) = finish_within(spawn(&args), Duration::from_secs(20));
        assert_eq!(status.code(), Some(2), "{args:?}: {stderr}");
        assert!(
            stderr.contains(bad) && stderr.contains("there is no folder"),
            "{args:?}: {stderr}"
        );
    }
    // `play`'s save refuses the path and the game goes on.
    let (code, stdout, _) = sow_with_input(
        &["play", tiny.to_str().unwrap(), "--seed", "1"],
        &format!("save {bad}\nquit\n"),
    );
    assert_eq!(code, 0);
    assert!(stdout.contains("there is no folder"), "{stdout}");
}

#[test]
fn a_folder_as_output_is_refused_and_left_alone() {
    let dir = scratch("folder-output");
    let (code, _, stderr) = sow(&["render", "modiar", "--svg", dir.to_str().unwrap()]);
    assert_eq!(code, 2);
    assert!(stderr.contains("is a folder"), "{stderr}");
    assert!(dir.is_dir());
}

#[test]
fn a_replaced_file_keeps_its_permissions() {
    let dir = scratch("permissions");
    let path = dir.join("board.svg");
    fs::write(&path, "old").unwrap();
    fs::set_permissions(&path, fs::Permissions::from_mode(0o640)).unwrap();
    let (code, _, stderr) = sow(&["render", "modiar", "--svg", path.to_str().unwrap()]);
    assert_eq!(code, 0, "{stderr}");
    assert!(fs::read_to_string(&path).unwrap().starts_with("<svg"));
    assert_eq!(
        fs::metadata(&path).unwrap().permissions().mode() & 0o777,
        0o640
    );
}

#[test]
fn a_fifo_output_is_written_through_to_its_reader() {
    let dir = scratch("fifo");
    let fifo = dir.join("games.pipe");
    let made = Command::new("mkfifo").arg(&fifo).status().unwrap();
    assert!(made.success());
    let reader = {
        let fifo = fifo.clone();
        std::thread::spawn(move || fs::read_to_string(fifo).unwrap())
    };
    let (code, _, stderr) = sow(&[
        "simulate",
        "modiar",
        "--games",
        "30",
        "--games-out",
        fifo.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{stderr}");
    let text = reader.join().unwrap();
    let games: Vec<serde_json::Value> = text
        .lines()
        .map(|line| serde_json::from_str(line).unwrap())
        .collect();
    let indices: Vec<u64> = games.iter().map(|g| g["game"].as_u64().unwrap()).collect();
    assert_eq!(indices, (0..30).collect::<Vec<_>>());
    assert!(fs::symlink_metadata(&fifo).unwrap().file_type().is_fifo());
    assert_eq!(names(&dir), ["games.pipe"]);
}

#[test]
fn dev_null_stays_a_character_device() {
    for args in [
        ["render", "modiar", "--svg", "/dev/null"].as_slice(),
        &[
            "simulate",
            "modiar",
            "--games",
            "3",
            "--games-out",
            "/dev/null",
        ],
    ] {
        let (code, _, stderr) = sow(args);
        assert_eq!(code, 0, "{args:?}: {stderr}");
        let kind = fs::symlink_metadata("/dev/null").unwrap().file_type();
        assert!(kind.is_char_device(), "{args:?} replaced /dev/null");
    }
}

#[test]
fn sigterm_during_games_out_removes_the_temporary_file() {
    interrupted_batch_leaves_no_temporary_file("TERM", 15);
}

#[test]
fn sigint_during_games_out_removes_the_temporary_file() {
    interrupted_batch_leaves_no_temporary_file("INT", 2);
}

/// A long `--games-out` batch killed by `signal` once its temporary file
/// has games in it: the process ends by that signal, the temporary file is
/// gone and the file already at the path is untouched.
fn interrupted_batch_leaves_no_temporary_file(signal: &str, number: i32) {
    use std::os::unix::process::ExitStatusExt;
    let dir = scratch(&format!("signal-{signal}"));
    let target = dir.join("games.jsonl");
    fs::write(&target, "earlier games\n").unwrap();
    let child = spawn(&[
        "simulate",
        "modiar",
        "--games",
        "1000000000",
        "--threads",
        "1",
        "--games-out",
        target.to_str().unwrap(),
    ]);
    let deadline = Instant::now() + Duration::from_secs(60);
    let temp_has_games = || {
        fs::read_dir(&dir).unwrap().any(|e| {
            let e = e.unwrap();
            e.file_name().to_string_lossy().starts_with(".games.jsonl.")
                && e.metadata().unwrap().len() > 0
        })
    };
    while !temp_has_games() {
        assert!(Instant::now() < deadline, "no temporary file appeared");
        std::thread::sleep(Duration::from_millis(50));
    }
    let sent = Command::new("kill")
        .args([format!("-{signal}"), child.id().to_string()])
        .status()
        .unwrap();
    assert!(sent.success());
    let (status, stderr) = finish_within(child, Duration::from_secs(20));
    assert!(!status.success(), "{stderr}");
    assert_eq!(status.signal(), Some(number), "{status:?} {stderr}");
    assert_eq!(names(&dir), ["games.jsonl"], "the temporary file is gone");
    assert_eq!(fs::read_to_string(&target).unwrap(), "earlier games\n");
}

/// Starts `sow` with `args`, stdout discarded, stderr kept.
fn spawn(args: &[&str]) -> Child {
    Command::new(assert_cmd::cargo::cargo_bin("sow"))
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap()
}

/// Waits for `child` at most `limit` (killing it and failing past that);
/// its status and stderr.
fn finish_within(mut child: Child, limit: Duration) -> (ExitStatus, String) {
    let deadline = Instant::now() + limit;
    loop {
        if let Some(status) = child.try_wait().unwrap() {
            let mut stderr = String::new();
            std::io::Read::read_to_string(&mut child.stderr.take().unwrap(), &mut stderr).unwrap();
            return (status, stderr);
        }
        if Instant::now() > deadline {
            let _ = child.kill();
            let _ = child.wait();
            panic!("still running after {limit:?}");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
}

#[test]
fn dev_stdout_on_a_pipe_is_written_through() {
    // Standard output is a pipe here: /dev/stdout leads, through /proc, to it.
    let (code, stdout, stderr) = sow(&["render", "modiar", "--svg", "/dev/stdout"]);
    assert_eq!(code, 0, "{stderr}");
    assert!(stdout.starts_with("<svg"), "{stdout}");
}

#[test]
fn a_link_to_a_missing_file_creates_the_file_and_keeps_the_link() {
    let dir = scratch("dangling-link");
    fs::create_dir(dir.join("sub")).unwrap();
    let link = dir.join("board.svg");
    std::os::unix::fs::symlink("sub/new.svg", &link).unwrap();
    let (code, _, stderr) = sow(&["render", "modiar", "--svg", link.to_str().unwrap()]);
    assert_eq!(code, 0, "{stderr}");
    assert!(fs::symlink_metadata(&link)
        .unwrap()
        .file_type()
        .is_symlink());
    assert!(fs::read_to_string(dir.join("sub/new.svg"))
        .unwrap()
        .starts_with("<svg"));
    assert_eq!(names(&dir.join("sub")), ["new.svg"]);
}

/// An output path that is one of the command's own inputs (the variant file,
/// a record, a variant named through a link) is refused before any work,
/// and the input keeps its text: writing there would lose what the user
/// gave (before, `sow infer game.yaml --out game.yaml` replaced the record
/// with a variant file, and `play`'s `save` could replace the variant).
#[test]
fn an_output_over_an_input_of_the_command_is_refused() {
    let dir = scratch("output-over-input");
    let tiny = tiny_variant(&dir);
    let text = fs::read_to_string(&tiny).unwrap();
    let link = dir.join("link.variant");
    std::os::unix::fs::symlink("tiny.variant", &link).unwrap();
    let record = dir.join("game.yaml");
    let record_text = "variant: modiar\nmoves: \"a A b\"\n";
    fs::write(&record, record_text).unwrap();
    let (tiny, link, record) = (
        tiny.to_str().unwrap(),
        link.to_str().unwrap(),
        record.to_str().unwrap(),
    );
    let cases: [&[&str]; 9] = [
        &["trace", tiny, "--html", tiny],
        &["render", tiny, "--svg", tiny],
        &["simulate", tiny, "--games", "5", "--plot", tiny],
        &["simulate", link, "--games", "5", "--games-out", tiny],
        &["diff", "modiar", tiny, "--out", tiny],
        &["diff", tiny, "modiar", "--out", link],
        &["solve", tiny, "--save", tiny],
        &["infer", record, "--base", "modiar", "--out", record],
        &["infer", record, "--base", tiny, "--out", tiny],
    ];
    for args in cases {
        let (code, stdout, stderr) = sow(args);
        assert_eq!(code, 2, "{args:?}: {stdout}{stderr}");
        assert!(
            stderr.contains("cannot write there") && stderr.contains("is read by this command"),
            "{args:?}: {stderr}"
        );
        assert_eq!(fs::read_to_string(tiny).unwrap(), text, "{args:?}");
        assert_eq!(fs::read_to_string(record).unwrap(), record_text, "{args:?}");
    }
    // `play`'s save refuses the variant's own file, and the game goes on.
    let (code, stdout, _) = sow_with_input(
        &["play", tiny, "--seed", "1"],
        &format!("a\nsave {tiny}\nquit\n"),
    );
    assert_eq!(code, 0);
    assert!(stdout.contains("is read by this command"), "{stdout}");
    assert_eq!(fs::read_to_string(tiny).unwrap(), text);
}
