//! Whole Modiar games as text traces, snapshot-tested. Each snapshot was read
//! ply by ply against the rules before it was accepted.

use sowing::{
    agents::AgentSpec,
    engine::{Game, NarrowView},
    trace, variants,
};

use crate::common::shipped;

fn text(args: &[&str]) -> String {
    let out = assert_cmd::Command::cargo_bin("sow")
        .unwrap()
        .args(args)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

#[test]
fn modiar_fixed_moves() {
    insta::assert_snapshot!(text(&["trace", "modiar", "--moves", "a A b B c C"]));
}

#[test]
fn modiar_capture_and_chain_from_a_position() {
    insta::assert_snapshot!(text(&[
        "trace",
        "modiar",
        "--from",
        "1 1 1 / 1 3 1 north",
        "--any-stones",
        "--moves",
        "B"
    ]));
}

#[test]
fn modiar_random_seed_3() {
    insta::assert_snapshot!(text(&["trace", "modiar", "--seed", "3"]));
}

#[test]
fn modiar_awale_info_random_seed_5() {
    insta::assert_snapshot!(text(&["trace", "modiar-awale-info", "--seed", "5"]));
}

#[test]
fn same_seed_same_game() {
    let game = shipped("modiar");
    let agents = [AgentSpec::Random, AgentSpec::Random];
    let a = trace::from_agents(&game, game.start(), agents, 42, 1000);
    let b = trace::from_agents(&game, game.start(), agents, 42, 1000);
    assert_eq!(
        serde_json::to_string(&a).unwrap(),
        serde_json::to_string(&b).unwrap()
    );
}

#[test]
fn json_trace_has_the_documented_fields() {
    let json: serde_json::Value = serde_json::from_str(&text(&[
        "trace", "modiar", "--moves", "a", "--format", "json",
    ]))
    .unwrap();
    let ply = &json["plies"][0];
    assert_eq!(ply["ply"], 1);
    assert_eq!(ply["player"], "south");
    assert_eq!(ply["move"], "a");
    assert_eq!(ply["board"], serde_json::json!([2, 8, 8, 8, 8, 8]));
    assert_eq!(ply["captured"], 0);
    assert_eq!(ply["scores"], serde_json::json!([0, 0]));
    let finished: serde_json::Value = serde_json::from_str(&text(&[
        "trace", "modiar", "--seed", "3", "--format", "json",
    ]))
    .unwrap();
    assert_eq!(finished["result"]["end"], "no_legal_move");
    assert_eq!(finished["result"]["scores"], serde_json::json!([29, 13]));
    assert_eq!(finished["result"]["winner"], "south");
}

#[test]
fn koumma_random_seed_1() {
    insta::assert_snapshot!(text(&["trace", "koumma", "--seed", "1"]));
}

#[test]
fn tihbat_random_seed_1() {
    insta::assert_snapshot!(text(&["trace", "tihbat", "--seed", "1"]));
}

#[test]
fn bakuk_random_seed_1() {
    insta::assert_snapshot!(text(&["trace", "bakuk", "--seed", "1"]));
}

#[test]
fn oware_opening_with_a_chain_capture() {
    insta::assert_snapshot!(text(&["trace", "oware", "--moves", "f A e B d C f D"]));
}

/// South's d and f would each take north's last stones (grand slams): as in
/// Ludii, south passes, and play goes on once north has moved.
#[test]
fn awari_passes_when_only_grand_slams_are_left() {
    insta::assert_snapshot!(text(&[
        "trace",
        "awari",
        "--from",
        "0 0 0 3 0 1 / 1 0 0 0 0 0 south captured 15 28",
        "--moves",
        "pass A d"
    ]));
}

#[test]
fn awari_ends_with_singletons() {
    insta::assert_snapshot!(text(&[
        "trace",
        "awari",
        "--from",
        "0 0 0 0 3 1 / 1 1 0 0 0 0 south",
        "--any-stones",
        "--seed",
        "2"
    ]));
}

#[test]
fn kalah_extra_turns() {
    insta::assert_snapshot!(text(&["trace", "kalah", "--moves", "c f A d"]));
}

#[test]
fn every_shipped_variant_plays_a_seeded_game_to_the_end() {
    for name in variants::shipped_names() {
        crate::with_shipped!(name, game => plays_a_seeded_game_to_the_end(name, game));
    }
}

/// A random game of `game` from seed 1 ends by the rules, not at the cap;
/// a match's first round ends.
fn plays_a_seeded_game_to_the_end<W: NarrowView>(name: &str, game: &Game<W>) {
    let agents = [AgentSpec::Random, AgentSpec::Random];
    let trace = trace::from_agents(game, game.start(), agents, 1, 5000);
    if game.has_rounds() {
        // Random players seldom end a match (see docs/src/simulation.md):
        // its first round ends.
        assert!(!trace.rounds.is_empty(), "{name}: no round ended");
        return;
    }
    let result = trace.result.unwrap_or_else(|| panic!("{name}: no result"));
    assert_ne!(result.end, sowing::engine::EndReason::PlyCap, "{name}");
}

#[test]
fn um_el_tuweisat_random_seed_1() {
    insta::assert_snapshot!(text(&["trace", "um-el-tuweisat", "--seed", "1"]));
}

#[test]
fn boukerourou_random_seed_1_opening() {
    insta::assert_snapshot!(text(&["trace", "boukerourou", "--moves", "c D c A c B"]));
}

#[test]
fn um_el_bagara_opening_both_directions() {
    insta::assert_snapshot!(text(&["trace", "um-el-bagara", "--moves", "c:cw A"]));
}

#[test]
fn galatjang_first_move_relays_four_times_into_the_store() {
    insta::assert_snapshot!(text(&["trace", "galatjang", "--moves", "a"]));
}

/// Sungka's g sows clockwise f e d c b a and into South's store on the
/// left with the last of its 7: South moves again.
#[test]
fn sungka_first_move_ends_in_the_store_on_the_left() {
    insta::assert_snapshot!(text(&["trace", "sungka", "--moves", "g"]));
}

/// A round change in a traced match (`--from` near the end of a round):
/// South's last stone goes into the store, the board is empty, round 1 ends
/// 41-43; North refills all and keeps 1; South, who scored less, starts
/// round 2 with the row closed, names a-e (`+a` to `+e`, 35) and keeps 6, f
/// stays closed (`x`); South then plays e
/// (f passed over every lap): e (7) into the store and A-F; F (8) relays
/// into a b c d e store A B; B (9) into C D E F a b c d e; e (2) into the
/// store and A; A (10) into B C D E F a b c d e. e was empty and is South's:
/// its opposite, B (1), is captured. Board 10 10 10 10 1 x / 0 0 10 10 10 2,
/// stores 10 and 1.
#[test]
fn galatjang_rounds_changes_round_and_passes_a_closed_pit() {
    insta::assert_snapshot!(text(&[
        "trace",
        "galatjang-rounds",
        "--from",
        "0 0 0 0 0 1 / 0 0 0 0 0 0 south captured 40 43",
        "--moves",
        "f +a +b +c +d +e e",
    ]));
}

/// Sungka's round change with the holes chosen: South's a (1) goes into
/// South's store on the left (an extra turn), then neither player can move:
/// round 1 ends 61-37. South fills all seven (49) and keeps 12; North, owed
/// five holes (35), scored less, starts round 2 and names them from the
/// left, each time leaving room for those still owed: B (of A B C), C (of C
/// D), E (of D E), then F and G forced; A and D stay out of play (`x`), 2
/// kept.
#[test]
fn sungka_round_change_with_chosen_holes() {
    insta::assert_snapshot!(text(&[
        "trace",
        "sungka",
        "--from",
        "1 0 0 0 0 0 0 / 0 0 0 0 0 0 0 south captured 60 37",
        "--moves",
        "a +B +C +E +F +G",
    ]));
}

/// Ovalhu's round change: South's h goes into the store, neither can move;
/// South (60) chooses seven holes of eight (b to h), then sows.
#[test]
fn ovalhu_round_change_with_a_chosen_refill() {
    insta::assert_snapshot!(text(&[
        "trace",
        "ovalhu",
        "--from",
        "0 0 0 0 0 0 0 1 / 0 0 0 0 0 0 0 0 south captured 59 68",
        "--moves",
        "h +b +c +d +e +f +g +h b",
    ]));
}

/// Bosh's round change: d ends in e, B (2) is taken past the empty A and
/// North's row is empty; South (18) chooses b to e, then sows c.
#[test]
fn bosh_round_change_with_a_chosen_refill() {
    insta::assert_snapshot!(text(&[
        "trace",
        "bosh",
        "--from",
        "0 0 0 1 0 / 0 2 0 0 0 south captured 15 22",
        "--moves",
        "d +b +c +d +e c",
    ]));
}

/// Erherhe's round change: f makes A two, taken, and North's row is empty;
/// South (22) fills a to e with four and f with the 2 left, and plays f.
#[test]
fn erherhe_round_change_fills_the_last_hole_with_what_is_left() {
    insta::assert_snapshot!(text(&[
        "trace",
        "erherhe",
        "--from",
        "0 0 0 0 0 1 / 1 0 0 0 0 0 south captured 20 26",
        "--moves",
        "f f",
    ]));
}

/// Main Chongkak's first move: a (6) into South's store and F-B; B (7)
/// relays into A, North's store and f-b; b (7) into a, South's store, F-C
/// and B, empty in North's row: the move ends, stores 2 and 1.
#[test]
fn main_chongkak_first_move_sows_both_stores() {
    insta::assert_snapshot!(text(&["trace", "main-chongkak", "--moves", "a"]));
}

/// Main Chongkak's round change: South's a (1) into South's store empties
/// South's row (34 - 38); South refills b-f from the right, a is out of
/// play, and starts round 2: b (6) passes over a into South's store and
/// F-B, B (7) relays into A, North's store and f-b; b was empty: E (7) is
/// taken.
#[test]
fn main_chongkak_round_change_passes_a_hole_out_of_play() {
    insta::assert_snapshot!(text(&[
        "trace",
        "main-chongkak",
        "--from",
        "1 0 0 0 0 0 / 0 0 0 0 0 5 south captured 33 33",
        "--moves",
        "a b",
    ]));
}

/// Khrour's game change: North's A makes two in B, taken; the board is
/// empty (10 - 6). North fills A and leaves 2 in B, waiting (`2x`); South
/// starts game 2: b sows into the waiting B (3x); North's A brings B to
/// five (no capture: still waiting) and B opens.
#[test]
fn khrour_game_change_with_a_waiting_hole() {
    insta::assert_snapshot!(text(&[
        "trace",
        "khrour",
        "--from",
        "0 0 / 1 1 north captured 10 4",
        "--moves",
        "A b A",
    ]));
}

/// Abapa and OpenSpiel's oware are the same rules under two names: the same
/// moves give the same plies (only the title differs).
#[test]
fn oware_openspiel_plays_as_oware() {
    let moves = "f A e B d C f D";
    let openspiel = text(&["trace", "oware-openspiel", "--moves", moves]);
    let abapa = text(&["trace", "oware", "--moves", moves]);
    let body = |t: &str| t.lines().skip(1).collect::<Vec<_>>().join("\n");
    assert_eq!(body(&openspiel), body(&abapa));
    assert!(openspiel.starts_with("Oware (OpenSpiel):"));
}

/// Regression: a game started from a position with captures showed `0 0` as
/// the scores before the first ply, and its YAML trace, read as a record,
/// lost those captures. b (2) sows b c, C (2) sows C a: nothing is taken, and
/// south (1 1 1) cannot move: 19 + 3 against 19 + 1.
#[test]
fn a_position_with_captures_keeps_them_in_the_trace() {
    let from = "0 2 0 / 0 0 2 south captured 19 19";
    let table = text(&["trace", "modiar", "--from", from, "--moves", "b C"]);
    assert!(
        table.starts_with("Modiar: 2 rows of 3 pits, 42 stones;"),
        "{table}"
    );
    let start_line = table.lines().nth(2).unwrap();
    assert!(
        start_line.ends_with("0  2  0 |  0  0  2   19  19"),
        "{start_line}"
    );
    assert!(table.contains("final scores south 22 - north 20: south wins"));
    let yaml = text(&[
        "trace", "modiar", "--from", from, "--moves", "b C", "--format", "yaml",
    ]);
    let dir = crate::common::scratch("trace-from-captures");
    let path = dir.join("trace.yaml");
    std::fs::write(&path, yaml).unwrap();
    let (code, stdout, stderr) = crate::common::sow(&["verify", path.to_str().unwrap()]);
    assert_eq!(code, 0, "{stdout}{stderr}");
    assert!(stdout.contains("consistent: 2 plies replayed"), "{stdout}");
}

/// Issue 12.4: a game stopped at the ply cap has no winner, in every output,
/// and `sow verify` accepts sow's own capped trace. Five plies of Modiar
/// cannot end it (42 stones; a capture of at most a few stones per ply), so
/// the cap stops the game; its scores count the stones left on each side
/// (Modiar gives each row's stones to its owner), which the test adds up
/// from the last board itself.
#[test]
fn a_capped_game_has_no_winner_anywhere() {
    let args = ["trace", "modiar", "--seed", "1", "--max-plies", "5"];
    let table = text(&args);
    let last = table.lines().last().unwrap();
    assert!(
        last.starts_with(
            "end: the ply cap was reached after 5 plies; no winner (the rules did not end the game);"
        ),
        "{last}"
    );
    assert!(
        !table.contains("wins") && !table.contains("draw"),
        "{table}"
    );

    let yaml = text(&[&args[..], &["--format", "yaml"]].concat());
    let doc: serde_yaml::Value = serde_yaml::from_str(&yaml).unwrap();
    let result = &doc["result"];
    assert_eq!(result["end"].as_str(), Some("ply_cap"));
    assert_eq!(result["winner"].as_str(), Some("none"));
    let plies = doc["plies"].as_sequence().unwrap();
    let last_ply = &plies[4];
    let board: Vec<u64> = last_ply["board"]
        .as_sequence()
        .unwrap()
        .iter()
        .map(|n| n.as_u64().unwrap())
        .collect();
    let captured: Vec<u64> = last_ply["scores"]
        .as_sequence()
        .unwrap()
        .iter()
        .map(|n| n.as_u64().unwrap())
        .collect();
    let south = captured[0] + board[..3].iter().sum::<u64>();
    let north = captured[1] + board[3..].iter().sum::<u64>();
    assert_eq!(result["scores"][0].as_u64(), Some(south));
    assert_eq!(result["scores"][1].as_u64(), Some(north));

    let json: serde_json::Value =
        serde_json::from_str(&text(&[&args[..], &["--format", "json"]].concat())).unwrap();
    assert_eq!(json["result"]["winner"], "none");

    let dir = crate::common::scratch("capped-trace");
    let path = dir.join("capped.yaml");
    std::fs::write(&path, &yaml).unwrap();
    let (code, stdout, stderr) = crate::common::sow(&["verify", path.to_str().unwrap()]);
    assert_eq!(code, 0, "{stdout}{stderr}");
    assert!(
        stdout.ends_with("consistent: 5 plies replayed, 6 checkpoints agree\n"),
        "{stdout}"
    );
    // The same record claiming a winner is refused, and says why.
    std::fs::write(&path, yaml.replace("winner: none", "winner: south")).unwrap();
    let (code, stdout, _) = crate::common::sow(&["verify", path.to_str().unwrap()]);
    assert_eq!(code, 1, "{stdout}");
    assert!(stdout.contains(
        "winner: the record says south, the rules give no winner (the game was stopped before the rules ended it)"
    ), "{stdout}");

    let html = dir.join("capped.html");
    text(&[&args[..], &["--html", html.to_str().unwrap()]].concat());
    let page = std::fs::read_to_string(&html).unwrap();
    assert!(page.contains(r#""winner":"none""#));
    assert!(page.contains("none: 'no winner'"));
}

/// A record of a game that goes on may say `winner: none` without an end
/// reason; one that the rules ended may not. Modiar after `a`: the game goes
/// on (south 2 8 8, north 8 8 8; north to move).
#[test]
fn a_record_may_say_there_is_no_winner_yet() {
    let dir = crate::common::scratch("winner-none");
    let path = dir.join("r.yaml");
    std::fs::write(
        &path,
        "variant: modiar\nmoves: a\nresult:\n  winner: none\n  scores: [18, 24]\n",
    )
    .unwrap();
    let (code, stdout, stderr) = crate::common::sow(&["verify", path.to_str().unwrap()]);
    assert_eq!(code, 0, "{stdout}{stderr}");
}

#[test]
fn i_random_seed_1() {
    insta::assert_snapshot!(text(&["trace", "i", "--seed", "1"]));
}

#[test]
fn enindji_random_seed_1() {
    insta::assert_snapshot!(text(&["trace", "enindji", "--seed", "1"]));
}

#[test]
fn oure_ngat_random_seed_1() {
    insta::assert_snapshot!(text(&["trace", "oure-ngat", "--seed", "1"]));
}

#[test]
fn whyo_random_seed_1() {
    insta::assert_snapshot!(text(&["trace", "whyo", "--seed", "1"]));
}

#[test]
fn yovodji_random_seed_1() {
    insta::assert_snapshot!(text(&["trace", "yovodji", "--seed", "1"]));
}

/// Tsoro, from the position of tests/tsoro.rs: South's e relays from g and
/// its last stone, in the empty i, takes North's P and A behind it (5 out of
/// play); North's B relays from D and G and ends in the empty J, facing the
/// empty o: nothing taken.
#[test]
fn tsoro_relay_capture_of_a_column() {
    insta::assert_snapshot!(text(&[
        "trace",
        "tsoro",
        "--from",
        "2 0 0 0 2 0 1 3 / 0 0 0 0 0 0 0 1 / 3 2 2 2 2 2 2 2 / 0 0 0 0 0 0 0 2 south",
        "--any-stones",
        "--moves",
        "e B"
    ]));
}

/// Tsoro, South holding only single stones: h's stone falls into the empty
/// i, which faces North's P (1) with A (1) behind it: both taken. North's G
/// (2) sows H and I; I faces South's empty p.
#[test]
fn tsoro_a_single_stone_captures() {
    insta::assert_snapshot!(text(&[
        "trace",
        "tsoro",
        "--from",
        "1 0 1 0 1 0 0 1 / 0 1 0 0 1 0 0 0 / 1 1 0 1 0 0 2 0 / 0 0 1 0 0 1 0 1 south removed 18",
        "--moves",
        "h G"
    ]));
}

/// Tsoro with re-entered captures, from the same position: the 5 stones
/// South's e takes are sown on into j k l m n (the last, n, faces North's
/// empty K); North's B then relays from D and G and ends in the empty J,
/// facing South's empty o: nothing is taken.
#[test]
fn tsoro_reentered_sows_a_capture_on() {
    insta::assert_snapshot!(text(&[
        "trace",
        "tests/fixtures/four-rows/tsoro-reentered.variant",
        "--from",
        "2 0 0 0 2 0 1 3 / 0 0 0 0 0 0 0 1 / 3 2 2 2 2 2 2 2 / 0 0 0 0 0 0 0 2 south",
        "--any-stones",
        "--moves",
        "e B"
    ]));
}

/// A Papan Dakon round change, worked by hand in
/// the case `rounds/fill_from/dakon.yaml` and
/// `rounds::dakon_sowing_passes_the_closed_pit_and_the_opponent_store`:
/// South's a (1) into the store ends round 1 (51 - 47); North refills B-G
/// from the right, A is closed (`x`); North's B relays from b and passes A
/// twice, ending in North's store (no extra turn).
#[test]
fn dakon_round_change_and_a_closed_pit() {
    insta::assert_snapshot!(text(&[
        "trace",
        "dakon",
        "--from",
        "1 0 0 0 0 0 0 / 0 0 0 0 0 0 0 south captured 50 47",
        "--moves",
        "a B",
    ]));
}

/// Toguz Kumalak from the start: c (9) keeps one, d-i and A get one, B
/// makes 10 (even, North's: captured); North's A (10) keeps one, B-I get
/// one, a makes 10 (even, South's: captured); South's i (10) keeps one,
/// A-I get one, I makes 11 (odd: nothing).
#[test]
fn toguz_kumalak_opening() {
    insta::assert_snapshot!(text(&["trace", "toguz-kumalak", "--moves", "c A i"]));
}

/// A tuzdik made (C, South's) and fed (North's B drops a counter into it,
/// which goes to South), as in `claims::a_tuzdik_is_made_and_fed`.
#[test]
fn toguz_kumalak_tuzdik_made_and_fed() {
    insta::assert_snapshot!(text(&[
        "trace",
        "toguz-kumalak",
        "--from",
        "0 0 0 0 0 0 0 0 4 / 1 1 2 1 1 1 1 1 1 south captured 70 78",
        "--moves",
        "i B",
    ]));
}

#[test]
fn das_bohnenspiel_random_seed_1() {
    insta::assert_snapshot!(text(&["trace", "das-bohnenspiel", "--seed", "1"]));
}

#[test]
fn pallankuli_random_seed_12_two_rounds() {
    // The first round, its end and the next round's start with a closed pit.
    insta::assert_snapshot!(text(&[
        "trace",
        "pallankuli",
        "--seed",
        "12",
        "--max-plies",
        "16"
    ]));
}

#[test]
fn dabuda_random_seed_1() {
    insta::assert_snapshot!(text(&["trace", "dabuda", "--seed", "1"]));
}

#[test]
fn kapana_bona_random_seed_1() {
    insta::assert_snapshot!(text(&["trace", "kapana-bona", "--seed", "1"]));
}

#[test]
fn wouri_random_seed_1_opening() {
    // Random games of Wouri run to hundreds of plies: the first sixteen, with
    // fours taken as the counters make them, three in one move (ply 8).
    insta::assert_snapshot!(text(&[
        "trace",
        "wouri",
        "--seed",
        "1",
        "--max-plies",
        "16"
    ]));
}

#[test]
fn la_b_akila_random_seed_1() {
    insta::assert_snapshot!(text(&["trace", "la-b-akila", "--seed", "1"]));
}

/// Muvalavala (Quioco), from the position of tests/muvalavala.rs: South's e
/// ends in the occupied g, takes North's L and A behind it (5) and sows them
/// on into h-l; l, facing the empty G, relays into a and b. North's E then
/// sows F and G; G was empty: no capture, the move ends.
#[test]
fn muvalavala_quioco_capture_sown_on() {
    insta::assert_snapshot!(text(&[
        "trace",
        "muvalavala-quioco",
        "--from",
        "0 0 0 0 2 0 / 1 0 0 0 0 1 / 2 2 2 2 2 2 / 0 1 1 1 1 3 south",
        "--any-stones",
        "--moves",
        "e E"
    ]));
}

/// Muvalavala (Luena), from the start: South's first move l (inner row)
/// relays clockwise from j, g, d and a, and its last stone, in the empty j,
/// takes North's I and D behind it (4, kept); North's first move, G, from
/// its inner row.
#[test]
fn muvalavala_luena_first_moves_from_the_inner_row() {
    insta::assert_snapshot!(text(&["trace", "muvalavala-luena", "--moves", "l G"]));
}

/// Rab'e, from the position of tests/three_rows.rs: South's c takes e's
/// four as it is made, relays from f and h, and takes North's A on the way
/// (8 in all); North's D (1) relays from E, G and I into South's a and b.
#[test]
fn rab_e_fours_taken_during_a_relay() {
    insta::assert_snapshot!(text(&[
        "trace",
        "rab-e",
        "--from",
        "0 0 3 0 3 1 / 0 2 0 / 3 0 1 1 1 1 / 1 1 1 south",
        "--any-stones",
        "--moves",
        "c D"
    ]));
}

/// Omweso, from the position of tests/omweso.rs: South's f relays from h,
/// whose lap ends in the occupied j and takes North's O and B (5), sown on
/// from i, where that lap began; North's A (2) relays from C and F and
/// ends in the empty I, facing South's empty p.
#[test]
fn omweso_capture_sown_from_the_lap_start() {
    insta::assert_snapshot!(text(&[
        "trace",
        "omweso",
        "--from",
        "0 0 0 0 0 2 0 1 / 1 1 0 0 0 0 0 0 / 2 3 2 2 2 2 2 2 / 0 0 0 0 0 0 2 0 south",
        "--any-stones",
        "--moves",
        "f A"
    ]));
}

/// Omweso, the case of tests/cases/sow/reverse_to_capture: South's a:cw
/// (2) ends in the occupied o facing North's empty J and relays o, whose
/// lap ends in m (1 -> 2) facing North's L (1) and E behind it (1): both
/// taken (2), sown on clockwise from n: n 1->2, m 2->3, relayed: l k j.
/// North's A (2): B C 0->1, the last, empty.
#[test]
fn omweso_clockwise_capture_on_a_later_lap() {
    insta::assert_snapshot!(text(&[
        "trace",
        "omweso",
        "--from",
        "2 0 0 0 0 0 0 0 / 0 0 0 0 1 0 1 1 / 2 0 0 0 1 0 0 0 / 0 0 0 1 0 0 0 0 south",
        "--any-stones",
        "--moves",
        "a:cw A"
    ]));
}

/// Omweso, the last two placements: South's last counter into a, North's
/// into A (the last columns show the counters each still holds while they
/// place), then play from a full board of twos.
#[test]
fn omweso_last_placements() {
    insta::assert_snapshot!(text(&[
        "trace",
        "omweso",
        "--from",
        "1 2 2 2 2 2 2 2 / 2 2 2 2 2 2 2 2 / 1 2 2 2 2 2 2 2 / 2 2 2 2 2 2 2 2 south placing 1 1",
        "--moves",
        "+a +A"
    ]));
}

/// Bao la Kujifunza, from the third position of tests/bao_la_kujifunza.rs
/// with one more seed in North's I (so that North's inner row is not
/// cleared, which would end the game): South's l:cw ends in the occupied j,
/// a kimbi, and takes North's O (2), sown from the nearer kichwa i, which
/// turns the move counter-clockwise: the relay of j ends in the empty m.
/// North's A:cw (2): P 0->1, O 0->1, the last, empty: the move ends.
#[test]
fn bao_la_kujifunza_capture_sown_from_a_kichwa() {
    insta::assert_snapshot!(text(&[
        "trace",
        "bao-la-kujifunza",
        "--from",
        "0 0 0 0 0 0 0 0 / 0 1 0 2 0 0 0 0 / 2 2 2 2 2 2 2 2 / 1 0 0 0 0 0 2 0 south",
        "--any-stones",
        "--moves",
        "l:cw A:cw"
    ]));
}

/// Hufesay across a round change (tests/surplus.rs works the plies): South's
/// e ends in f (empty, own row; A opposite is empty), North's F ends in a,
/// and North's row is empty: round 1 ends 32 to 16. South owns a-f and A,
/// B (drawn `4*`) and starts round 2; its a relays e, D, c and C and ends
/// in c (empty, own row), taking D's 1. North, who owns only C-F, plays E:
/// a relay of eleven laps (the board checked against
/// scripts/perft_oracles/surplus_pits.py's `play`) ends in B, a pit South owns in North's
/// row: the capture's side is the row, so North takes e's 4 opposite.
#[test]
fn hufesay_round_change_hands_pits_over() {
    insta::assert_snapshot!(text(&[
        "trace",
        "hufesay",
        "--from",
        "0 0 0 0 1 0 / 0 0 0 0 0 1 south captured 30 16",
        "--moves",
        "e F a E",
    ]));
}

#[test]
fn hoyito_random_seed_1() {
    insta::assert_snapshot!(text(&["trace", "hoyito", "--seed", "1"]));
}

#[test]
fn dongjintian_random_seed_1() {
    insta::assert_snapshot!(text(&["trace", "dongjintian", "--seed", "1"]));
}

#[test]
fn pachgarhwa_random_seed_1() {
    insta::assert_snapshot!(text(&["trace", "pachgarhwa", "--seed", "1"]));
}

#[test]
fn wa_ache_waledat_random_seed_1_opening() {
    // The first plies of a random game: each player's first turn, where a
    // lap ending on four is sown on, then landing captures, each followed by
    // another move of the same player.
    insta::assert_snapshot!(text(&[
        "trace",
        "wa-ache-waledat",
        "--seed",
        "1",
        "--max-plies",
        "12"
    ]));
}

/// Qelat, worked by hand: c is North's weg (20), F South's (17). South's a
/// (2) into b c: the last counter in North's weg: South takes one (c 20)
/// and plays again; f (1) into A (3 -> 4): A becomes South's weg. North has
/// no counter outside the wegs and passes; South's b (1) into c: one more
/// taken, South plays again and cannot: the round ends, South 5 + A 4 + F
/// 17 = 26, North 2 + c 20 = 22. Six holes each (the two remainders of two
/// make North's sixth); North starts round 2.
#[test]
fn qelat_tribute_weg_and_round_change() {
    insta::assert_snapshot!(text(&[
        "trace",
        "qelat",
        "--from",
        "2 0 20t 0 0 1 / 3 0 0 0 0 17t south captured 3 2",
        "--moves",
        "a f pass b",
    ]));
}

#[test]
fn english_wari_st_lucia_random_seed_1_opening() {
    // The first plies of a random game: each player's first move shifts a
    // hole's counters into the next hole, then sowings.
    insta::assert_snapshot!(text(&[
        "trace",
        "english-wari-st-lucia",
        "--seed",
        "1",
        "--max-plies",
        "12"
    ]));
}

/// Njombwa (Two Counters), from the start: South's i relays seven laps (i,
/// k, n, a, d, g, j) and its last stone, in the empty n, takes North's K and
/// F behind it (4, out of play), as tests/njombwa.rs works out; North's D
/// then ends in the empty F: no capture.
#[test]
fn njombwa_a_relay_of_seven_laps_takes_a_column() {
    insta::assert_snapshot!(text(&["trace", "njombwa-two-counters", "--moves", "i D"]));
}

/// Sute, from the position of tests/sute.rs: South's o steps into the empty
/// p, whose facing I is empty: North's H behind it is taken (1, out of
/// play). North's G then steps into the emptied H.
#[test]
fn sute_a_counter_facing_an_empty_pit_takes_the_one_behind() {
    insta::assert_snapshot!(text(&[
        "trace",
        "sute",
        "--from",
        "1 1 1 1 1 1 1 1 / 0 1 1 1 1 1 1 0 / 1 1 1 1 1 1 1 1 / 0 1 1 1 1 1 1 1 south removed 1",
        "--moves",
        "o G"
    ]));
}

/// Gabata (Adowa), from the start: South's f relays from i and its last
/// counter makes four in North's D: South's weg (tests/gabata_adowa.rs).
/// North's C sows through D (5, kept for South) into E, F and G; G (4) is
/// North's own: relay, into H, I, a and b; b, South's, now holds four:
/// North's weg.
#[test]
fn gabata_adowa_wegs_on_three_rows() {
    insta::assert_snapshot!(text(&["trace", "gabata-adowa", "--moves", "f C"]));
}

#[test]
fn mankala_random_seed_2() {
    insta::assert_snapshot!(text(&["trace", "mankala", "--seed", "2"]));
}

#[test]
fn mangala_turkey_random_seed_1() {
    insta::assert_snapshot!(text(&["trace", "mangala-turkey", "--seed", "1"]));
}

#[test]
fn vai_lung_thlan_random_seed_5() {
    insta::assert_snapshot!(text(&["trace", "vai-lung-thlan", "--seed", "5"]));
}

#[test]
fn halusa_random_seed_1() {
    // Ends when North cannot fill South's empty row: South, the last mover,
    // takes the two counters left.
    insta::assert_snapshot!(text(&["trace", "halusa", "--seed", "1"]));
}

#[test]
fn j_odu_random_seed_1() {
    insta::assert_snapshot!(text(&["trace", "j-odu", "--seed", "1"]));
}

#[test]
fn uril_random_seed_12() {
    insta::assert_snapshot!(text(&["trace", "uril", "--seed", "12"]));
}

#[test]
fn yovodi_random_seed_1() {
    insta::assert_snapshot!(text(&["trace", "yovodi", "--seed", "1"]));
}

#[test]
fn foji_random_seed_1() {
    insta::assert_snapshot!(text(&["trace", "foji", "--seed", "1"]));
}

#[test]
fn fondji_random_seed_1() {
    insta::assert_snapshot!(text(&["trace", "fondji", "--seed", "1"]));
}

#[test]
fn woli_random_seed_1_opening() {
    // Random games of Woli run to hundreds of plies: the first thirty, with
    // captures in the opponent's row (plies 9 and 11).
    insta::assert_snapshot!(text(&["trace", "woli", "--seed", "1", "--max-plies", "30"]));
}

#[test]
fn unnee_tugalluulax_random_seed_1_opening() {
    // Random games run to a few hundred plies: the first thirty, with a
    // four taken in the mover's own row after a sowing of fourteen (ply 17).
    insta::assert_snapshot!(text(&[
        "trace",
        "unnee-tugalluulax",
        "--seed",
        "1",
        "--max-plies",
        "30"
    ]));
}

#[test]
fn tap_urdy_random_seed_1() {
    insta::assert_snapshot!(text(&["trace", "tap-urdy", "--seed", "1"]));
}

#[test]
fn gabata_adegrat_random_seed_1_opening() {
    // A match of rounds runs to a few hundred plies: the first twenty-four
    // of round 1, with relays from the next hole (ply 1) and captures of
    // the hole after an empty landing (ply 3).
    insta::assert_snapshot!(text(&[
        "trace",
        "gabata-adegrat",
        "--seed",
        "1",
        "--max-plies",
        "24"
    ]));
}

/// Gabata (Ghinda)'s opening, worked by hand: South's first turn from a and
/// North's from A (their leftmost holes); South's a relays e, D, c and C and
/// ends in c (empty). North's A relays a, d, E, A, C and F: C's lap makes D
/// four with a counter that is not its last (North's hole: North takes it),
/// F's lap makes c and e four (South's holes: South takes them, though
/// North sows) and ends in C (empty). At ply 6 North's C relays D into F,
/// whose last counter makes four: the sower takes it and the turn ends.
/// Plies 1 and 2 (boards and scores) checked against
/// scripts/perft_oracles/pit_ownership_ethiopian.py's `play`.
#[test]
fn gabata_ghinda_random_seed_1_opening() {
    insta::assert_snapshot!(text(&[
        "trace",
        "gabata-ghinda",
        "--seed",
        "1",
        "--max-plies",
        "8"
    ]));
}

/// Rio Kadalis across a round change: North's F and South's c end in empty
/// holes; North, to move, owns no counter, so the round ends and South, who
/// moved last, takes the four left (34 to 14). Two extra each: North fills
/// F E D from its right, South its row and C and B, A is closed, each keeps
/// two; South starts round 2 (North started round 1) and plays B, a hole
/// it gained in North's row (the board checked against
/// scripts/perft_oracles/pit_ownership_ethiopian.py's `play`).
#[test]
fn rio_kadalis_round_change_gains_holes() {
    insta::assert_snapshot!(text(&[
        "trace",
        "rio-kadalis",
        "--from",
        "1 0 0 0 0 0 / 0 0 0 0 0 3 north captured 30 14",
        "--moves",
        "F c B",
    ]));
}

#[test]
fn mewelad_random_seed_1_opening() {
    // The first plies of a random match: relays, fours taken as the
    // counters pass by the hole's owner, a lap's last four by the sower
    // (ply 2: d's four, the last of E's lap, to North). Every ply's board
    // and scores checked against scripts/perft_oracles/pit_ownership_ethiopian.py's `play`.
    insta::assert_snapshot!(text(&[
        "trace",
        "mewelad",
        "--seed",
        "1",
        "--max-plies",
        "12"
    ]));
}

#[test]
fn gabata_oromo_random_seed_1_opening() {
    // The game starts after South's prescribed first turn (the shifts, then
    // the sowing of F: 0 13 1 1 2 12 / 0 3 0 12 0 0, South 4), North to
    // move; fours made before a lap's last counter are taken as they fall.
    insta::assert_snapshot!(text(&[
        "trace",
        "gabata-oromo",
        "--seed",
        "1",
        "--max-plies",
        "12"
    ]));
}

/// Um el Banat, worked by hand (tests/owner_fours.rs): South's e ends in
/// North's marked hole f (3): two taken as a tribute and another turn; its
/// d then ends in e (empty).
#[test]
fn um_el_banat_tribute_and_another_turn() {
    insta::assert_snapshot!(text(&[
        "trace",
        "um-el-banat",
        "--from",
        "0 0 0 1 1 3t / 2 0 0 0 0 0 south captured 20 21",
        "--moves",
        "e d",
    ]));
}

#[test]
fn kay_random_seed_1() {
    insta::assert_snapshot!(text(&["trace", "kay", "--seed", "1"]));
}

#[test]
fn kara_random_seed_1() {
    insta::assert_snapshot!(text(&["trace", "kara", "--seed", "1"]));
}

#[test]
fn jimafesosh_random_seed_1_opening() {
    // The game starts after South's prescribed first turn (the shifts from
    // f into A, then the sowing of e: 3 0 12 0 0 0 / 13 1 1 2 12 0, South
    // 4), North to move; a last counter in an empty hole takes the hole
    // facing it.
    insta::assert_snapshot!(text(&[
        "trace",
        "jimafesosh",
        "--seed",
        "1",
        "--max-plies",
        "12"
    ]));
}

/// Leyla Gobale (Somaliland), worked by hand (tests/pairs.rs): South's f
/// relays from d and ends in b (empty), facing E (3): one counter crosses,
/// b and E are South's (2 each). North's D relays from C, A and e and ends
/// in South's owned b (3). South's c ends in a (empty) facing F (1): taken.
#[test]
fn leyla_gobale_somaliland_pair_then_capture() {
    insta::assert_snapshot!(text(&[
        "trace",
        "leyla-gobale-somaliland",
        "--from",
        "0 0 0 1 1 2 / 1 1 1 1 3 1 south captured 10 26",
        "--moves",
        "f D c",
    ]));
}

/// Leyla Gobale (Gabradarre), worked by hand: South's b ends in c (empty)
/// facing D (3): c and D are South's (2 each). North's F relays from e and
/// E, passing through the owned holes, and ends in e (emptied by the relay).
#[test]
fn leyla_gobale_gabradarre_pair_then_relay() {
    insta::assert_snapshot!(text(&[
        "trace",
        "leyla-gobale-gabradarre",
        "--from",
        "5 1 0 5 5 5 / 5 5 5 3 5 5 south captured 5 6",
        "--moves",
        "b F",
    ]));
}

/// Leyla, worked by hand (tests/pairs.rs): South's a makes E four: E and
/// b, opposite it, are South's. North's F ends in E: two taken as a
/// tribute. South's f ends in e (empty); North has no hole to play: South
/// 20 + b 1 + e 1 + E 3 = 25, North 23.
#[test]
fn leyla_pair_tribute_and_end() {
    insta::assert_snapshot!(text(&[
        "trace",
        "leyla",
        "--from",
        "2 1 0 0 0 1 / 0 0 0 0 3 0 south captured 20 21",
        "--moves",
        "a F f",
    ]));
}

/// The first thirty plies of a random game of each of the nine Ludii
/// two-row games shipped from their rule texts (catalogue pages
/// last-counts and relay-stores): captures at a count on the last hole,
/// relays, clockwise stores.
#[test]
fn ludii_last_hole_games_random_seed_1_opening() {
    for name in [
        "adidada",
        "kpo",
        "ntyenge",
        "shono",
        "wari-ashanti",
        "wore",
        "chongka",
        "chungcajon",
        "french-wari",
    ] {
        insta::assert_snapshot!(
            format!("{}_random_seed_1_opening", name.replace('-', "_")),
            text(&["trace", name, "--seed", "1", "--max-plies", "30"])
        );
    }
}
