//! The README and the user guide (`docs/src/`) as tests: every command example
//! runs and its shown output must match what `sow` prints.
//!
//! - ```` ```console ```` blocks run through `trycmd`: a `$ sow ...` line is a
//!   command, the lines under it its output (standard output then standard
//!   error), `? 1` its exit code when not 0; `[..]` in the output matches any
//!   text within a line, a line of `...` any lines.
//! - ```` ```console,ignore,typed ```` blocks are `sow play` sessions: the text
//!   after each `> ` prompt is what the player types; it is fed to the command
//!   on standard input and the whole transcript is compared
//!   ([`typed_sessions_run_as_shown`]).
//! - Any other ```` ```console,ignore ```` block is not run; the paragraph
//!   before it must say why ("Not run: ...").
//!
//! To update the shown outputs after a change to `sow`:
//! `TRYCMD=overwrite cargo test --test integration docs::`, then read the
//! diff (`git diff README.md docs/`) before committing it.

use crate::common::sow_with_input;
use std::path::{Path, PathBuf};

/// The markdown files whose examples are tests, relative to the project
/// folder.
fn documents() -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = vec![root.join("README.md")];
    let mut pending = vec![root.join("docs/src")];
    while let Some(dir) = pending.pop() {
        for entry in std::fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                pending.push(path);
            } else if path.extension().is_some_and(|e| e == "md") {
                files.push(path);
            }
        }
    }
    files.sort();
    files
}

#[test]
fn examples_run_as_shown() {
    let cases = trycmd::TestCases::new();
    cases.register_bin("sow", PathBuf::from(env!("CARGO_BIN_EXE_sow")));
    for file in documents() {
        cases.case(file);
    }
}

/// A fenced code block: its info string, its first line number (1-based, the
/// fence itself) and its lines.
struct Block {
    info: String,
    line: usize,
    body: Vec<String>,
    /// The paragraph of text just before the fence.
    before: String,
}

fn blocks(text: &str) -> Vec<Block> {
    let mut out = Vec::new();
    let mut lines = text.lines().enumerate();
    let (mut paragraph, mut last_paragraph) = (String::new(), String::new());
    while let Some((i, line)) = lines.next() {
        if let Some(info) = line.strip_prefix("```") {
            let mut body = Vec::new();
            for (_, inner) in lines.by_ref() {
                if inner.starts_with("```") {
                    break;
                }
                body.push(inner.to_owned());
            }
            out.push(Block {
                info: info.trim().to_owned(),
                line: i + 1,
                body,
                before: if paragraph.is_empty() {
                    last_paragraph.clone()
                } else {
                    paragraph.clone()
                },
            });
        } else if line.trim().is_empty() {
            if !paragraph.is_empty() {
                last_paragraph = std::mem::take(&mut paragraph);
            }
        } else {
            paragraph.push_str(line);
            paragraph.push('\n');
        }
    }
    out
}

/// Every `sow` command shown in the documents is in a block that runs, or in
/// an ignored block whose reason is stated; a bare fence (which trycmd would
/// run as a console block) is not allowed.
#[test]
fn every_command_example_is_a_test() {
    let mut problems = Vec::new();
    for file in documents() {
        let text = std::fs::read_to_string(&file).unwrap();
        for block in blocks(&text) {
            let place = format!("{}:{}", file.display(), block.line);
            let shows_sow = block.body.iter().any(|l| {
                // `sow check ...`, not a variant file's `sow { ... }` section.
                let command = l.strip_prefix("$ ").unwrap_or(l);
                command
                    .strip_prefix("sow ")
                    .is_some_and(|rest| rest.starts_with(|c: char| c.is_ascii_lowercase()))
            });
            match block.info.as_str() {
                "" => problems.push(format!(
                    "{place}: a code block needs a language (```console runs it, ```text does not)"
                )),
                "console" | "console,ignore,typed" => {}
                "console,ignore" if block.before.contains("Not run:") => {}
                "console,ignore" => problems.push(format!(
                    "{place}: an example that is not run needs its reason in the paragraph before it (\"Not run: ...\")"
                )),
                _ if shows_sow => problems.push(format!(
                    "{place}: a `sow` command outside a ```console block is not tested; write it as `$ sow ...` with its output"
                )),
                _ => {}
            }
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

/// `sow play` sessions: what follows each `> ` prompt is typed on standard
/// input; the transcript shown must be exactly what `sow play` prints.
/// `TRYCMD=overwrite` writes the transcripts `sow` prints into the documents.
#[test]
fn typed_sessions_run_as_shown() {
    let overwrite = std::env::var("TRYCMD").is_ok_and(|v| v == "overwrite");
    let mut sessions = 0;
    let mut problems = Vec::new();
    for file in documents() {
        let text = std::fs::read_to_string(&file).unwrap();
        let mut lines: Vec<String> = text.lines().map(str::to_owned).collect();
        // Later blocks first, so that earlier line numbers stay valid.
        for block in blocks(&text).iter().rev() {
            if block.info != "console,ignore,typed" {
                continue;
            }
            sessions += 1;
            let place = format!("{}:{}", file.display(), block.line);
            let command = block.body[0]
                .strip_prefix("$ sow ")
                .unwrap_or_else(|| panic!("{place}: a typed session starts with `$ sow ...`"));
            let args =
                shlex::split(command).unwrap_or_else(|| panic!("{place}: unbalanced quotes"));
            let args: Vec<&str> = args.iter().map(String::as_str).collect();
            let typed: String = block.body[1..]
                .iter()
                .filter_map(|l| l.strip_prefix("> "))
                .map(|l| format!("{l}\n"))
                .collect();
            let (code, stdout, stderr) = sow_with_input(&args, &typed);
            assert_eq!(code, 0, "{place}: {stderr}");
            let shown = block.body[1..].join("\n");
            if stdout.trim_end() == shown.trim_end() {
                continue;
            }
            if overwrite {
                // The fence is at `block.line` (1-based), the command after it.
                let first = block.line + 1;
                let end = first + block.body.len() - 1;
                lines.splice(first..end, stdout.trim_end().lines().map(str::to_owned));
            } else {
                problems.push(format!(
                    "{place}: the session shown differs from what `sow {command}` prints:\n{}",
                    stdout.trim_end()
                ));
            }
        }
        if overwrite {
            let mut new = lines.join("\n");
            new.push('\n');
            if new != text {
                std::fs::write(&file, new).unwrap();
            }
        }
    }
    assert!(sessions > 0, "no typed session found in the guide");
    assert!(
        problems.is_empty(),
        "{}\n(update with TRYCMD=overwrite, then review the diff)",
        problems.join("\n\n")
    );
}

/// The record shown in the chapter on records is the fixture that its example
/// verifies, byte for byte.
#[test]
fn the_record_shown_is_the_one_verified() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let page = std::fs::read_to_string(root.join("docs/src/records.md")).unwrap();
    let shown = blocks(&page)
        .into_iter()
        .find(|b| b.info == "yaml")
        .expect("docs/src/records.md shows a record");
    let fixture =
        std::fs::read_to_string(root.join("tests/fixtures/records/field-session.yaml")).unwrap();
    assert_eq!(
        shown.body.join("\n"),
        fixture.trim_end(),
        "docs/src/records.md shows a record that differs from tests/fixtures/records/field-session.yaml"
    );
}
