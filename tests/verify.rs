//! `sow verify`, `sow diff`, `sow describe`, `sow analyze`: records replayed
//! against variants, with expected output worked out by hand.

use assert_cmd::Command;

fn sow(args: &[&str]) -> (i32, String, String) {
    let out = Command::cargo_bin("sow")
        .unwrap()
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .args(args)
        .output()
        .unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

const RECORDS: &str = "tests/fixtures/records";

fn record(name: &str) -> String {
    format!("{RECORDS}/{name}")
}

/// The game in consistent.yaml, worked by hand (Modiar: sowing starts in the
/// emptied pit, counts 2 4 6 captured on either side, chain backward):
/// 1. a (7): a..C get 1 each and a a second: 2 8 8 / 8 8 8; the first move captures nothing.
/// 2. A (8): A B C a b c A B: 3 9 9 / 2 10 9, last in B = 10: no capture.
/// 3. a (3): a b c: 1 10 10 / 2 10 9, last c = 10.
/// 4. A (2): A B: 1 10 10 / 1 11 9, last B = 11.
/// 5. b (10): b c A B C a b c A B: b 2, c 12, A 3, B 13, C 10, a 2 -> 2 2 12 / 3 13 10, last B = 13.
/// 6. C (10): C a b c A B C a b c: 4 4 14 / 4 14 2, last c = 14.
/// 7. a (4): a b c A: 1 5 15 / 5 14 2, last A = 5.
/// 8. C (2): C a: C 1, a 2, taken; the pit before a is C = 1: the chain stops.
///    0 5 15 / 5 14 1, north has captured 2; south may play b or c.
#[test]
fn a_consistent_record() {
    let (code, stdout, stderr) = sow(&["verify", &record("consistent.yaml")]);
    assert_eq!(code, 0, "{stderr}");
    assert_eq!(
        stdout,
        "tests/fixtures/records/consistent.yaml against Modiar (modiar):\n\
         consistent: 8 plies replayed, 3 checkpoints agree\n"
    );
}

/// Ply 5 noted as if the origin were skipped (b's 10 stones go c A B C a c A
/// B C a: a 3, b 0, c 12, A 3, B 13, C 11), where Modiar gives 2 2 12 / 3 13 10.
#[test]
fn a_record_wrong_at_ply_5() {
    let (code, stdout, _) = sow(&["verify", &record("wrong-at-ply-5.yaml")]);
    assert_eq!(code, 1);
    assert_eq!(
        stdout,
        "tests/fixtures/records/wrong-at-ply-5.yaml against Modiar (modiar):
inconsistent at ply 5
position before it: 1 10 10 / 1 11 9 south
move: south plays b
the record and the rules give different boards after it:
                  record        rules
  north C B A   11 13  3     10 13  3
  south a b c    3  0 12      2  2 12
  differs at a (record 3, rules 2), b (record 0, rules 2), C (record 11, rules 10)
"
    );
}

/// After a A a A the board is 1 10 10 / 1 11 9: a holds one stone.
#[test]
fn an_illegal_move_in_a_record() {
    let (code, stdout, _) = sow(&["verify", &record("singleton.yaml")]);
    assert_eq!(code, 1);
    assert!(
        stdout.ends_with(
            "inconsistent at ply 5
position before it: 1 10 10 / 1 11 9 south
move: south plays a
by these rules the move is illegal: pit `a` holds 1 stone; a pit needs at least 2 to be played
legal moves: b c
"
        ),
        "{stdout}"
    );
}

#[test]
fn bad_records_are_bad_input() {
    let (code, stdout, stderr) = sow(&["verify", &record("bad-field.yaml")]);
    assert_eq!(code, 2);
    assert!(stdout.is_empty());
    assert_eq!(
        stderr,
        "error: tests/fixtures/records/bad-field.yaml: line 5 column 5: expect[0]: unknown field `bord`, \
         expected one of `ply`, `board`, `scores`, `captured`, `legal`, `comment`\n"
    );
    let (code, _, stderr) = sow(&["verify", &record("no-such-record.yaml")]);
    assert_eq!(code, 2);
    assert!(stderr.contains("no-such-record.yaml"), "{stderr}");
}

/// The feeding example of modiar-rules.md: from 0 0 1 / 2 3 2 with North to
/// move, South cannot play. Mancala World: South's row is not empty, so North
/// plays on (A, B or C). awale.info: North must leave South a pit of 2 or
/// more, no move does (A stays in North's row; B and C leave South 1 0 1), so
/// the game ends: South 1, North 7.
#[test]
fn candidates_tell_which_reading_explains_a_record() {
    let (code, stdout, _) = sow(&[
        "verify",
        &record("starving.yaml"),
        "--candidates",
        "modiar",
        "modiar-awale-info",
    ]);
    assert_eq!(code, 0);
    assert_eq!(
        stdout,
        "== modiar (Modiar):
inconsistent at the result
position: 0 0 1 / 2 3 2 north
the record gives a result, but by these rules the game goes on; legal moves: A B C
== modiar-awale-info (Modiar (awale.info reading)):
consistent: 0 plies replayed, 1 checkpoint agrees
explained by: modiar-awale-info
"
    );
    let (code, stdout, _) = sow(&["verify", &record("starving.yaml"), "--candidates", "modiar"]);
    assert_eq!(code, 1);
    assert!(stdout.ends_with("no candidate explains tests/fixtures/records/starving.yaml\n"));
}
