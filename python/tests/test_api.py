"""The Python API against the `sow` binary: the same games, checks, errors
and batch summaries."""

import json
import pickle
import random
import threading
from concurrent.futures import ThreadPoolExecutor

import pytest

import sowing

VARIANTS = ["modiar", "koumma", "kalah", "um-el-tuweisat", "oware-openspiel", "awari"]


def random_game(game, rng, position=None):
    """Plays random legal moves to the end (or 300 plies): per ply
    (player, legal labels, move, board, scores), and the final state."""
    state = game.new_game(position=position)
    plies = []
    while not state.is_over() and len(plies) < 300:
        player, legal = state.to_move, state.legal_moves()
        move = rng.choice(legal)
        state.play(move)
        plies.append((player, legal, move, state.board, state.captured))
    return plies, state


@pytest.mark.parametrize("variant", VARIANTS)
def test_a_random_game_equals_sow_trace(variant, sow_json):
    game = sowing.load(variant)
    rng = random.Random(variant)
    for _ in range(5):
        plies, state = random_game(game, rng)
        trace = sow_json("trace", variant, "--moves", " ".join(p[2] for p in plies), "--format", "json")
        assert len(trace["plies"]) == len(plies)
        for (player, legal, move, board, captured), ply in zip(plies, trace["plies"]):
            assert (player, legal, move, board, captured) == (
                ply["player"], ply["legal"], ply["move"], ply["board"], ply["scores"]
            ), f"ply {ply['ply']}"
        assert state.result() == trace.get("result")
        if state.is_over():
            assert state.scores == trace["result"]["scores"]


def test_a_game_from_a_position_equals_sow_trace(sow_json):
    game = sowing.load("modiar")
    position = "1 9 4 / 0 2 6 north captured 10 10"
    plies, state = random_game(game, random.Random(3), position=position)
    moves = " ".join(p[2] for p in plies)
    trace = sow_json("trace", "modiar", "--from", position, "--moves", moves, "--format", "json")
    assert [p["board"] for p in trace["plies"]] == [p[3] for p in plies]
    assert state.result() == trace["result"]


def test_moves_by_index_are_the_legal_moves_in_order():
    by_label = sowing.load("um-el-tuweisat").new_game()
    by_index = by_label.clone()
    for pick in [1, 0, 2, 0, 3]:
        index = pick % len(by_label.legal_moves())
        by_label.play(by_label.legal_moves()[index])
        by_index.play(index)
    assert by_label.position == by_index.position


def test_an_illegal_move_raises_with_the_engines_reason(sow):
    state = sowing.load("modiar").new_game()
    state.play("a")
    with pytest.raises(sowing.IllegalMove) as caught:
        state.play("a")
    # sow gives the same reason for the same move.
    cli = sow("trace", "modiar", "--moves", "a a", check=False)
    assert cli.returncode != 0
    assert "pit `a` belongs to south" in str(caught.value)
    assert "pit `a` belongs to south" in cli.stderr
    assert "legal moves: A B C" in str(caught.value)
    with pytest.raises(sowing.IllegalMove, match="out of range"):
        state.play(3)
    with pytest.raises(sowing.IllegalMove, match="unknown pit `z`"):
        state.play("z")
    # The failed moves changed nothing.
    assert state.position == "2 8 8 / 8 8 8 north"


def test_clone_and_pickle_are_independent_copies():
    state = sowing.load("kalah").new_game()
    for move in ["c", "f"]:
        state.play(move)
    copy, restored = state.clone(), pickle.loads(pickle.dumps(state))
    assert copy.position == restored.position == state.position
    assert restored.legal_moves() == state.legal_moves()
    copy.play(copy.legal_moves()[0])
    assert copy.position != state.position
    assert restored.position == state.position


def test_a_shipped_variant_checks_as_sow_check_says(sow):
    # `sow check modiar` checks the file, its reading too (a line each); the
    # package checks the rules it loaded: the base's line.
    cli = sow("check", "modiar")
    check = sowing.load("modiar").check()
    assert check.ok and check.diagnostics == []
    assert check.text == cli.stderr + cli.stdout.splitlines(keepends=True)[0]
    assert cli.stdout.splitlines()[1].startswith("ok: variants/modiar.variant@awale-info: Modiar@awale-info")


BAD = """name "Bad"
board {
  rows 2
  pits 0
  seeds 4
}
"""


def test_a_bad_file_raises_variant_error_with_its_diagnostics(tmp_path, sow):
    path = tmp_path / "bad.variant"
    path.write_text(BAD)
    cli = sow("check", str(path), check=False)
    assert cli.returncode == 1
    with pytest.raises(sowing.VariantError) as caught:
        sowing.load(str(path))
    error = caught.value
    assert error.text == cli.stderr
    first = error.diagnostics[0]
    assert (first.severity, first.file, first.line, first.column) == ("error", str(path), 4, 8)
    assert "pits per row" in first.message
    assert str(first) in cli.stderr
    # The same file as text, and sowing.check, which does not raise.
    check = sowing.check(BAD)
    assert not check.ok
    assert [(d.line, d.column, d.message) for d in check.diagnostics] == [
        (d.line, d.column, d.message) for d in error.diagnostics
    ]


def test_an_unknown_name_raises_variant_error_naming_the_shipped_ones(sow):
    with pytest.raises(sowing.VariantError, match="did you mean `modiar`") as caught:
        sowing.load("modair")
    assert caught.value.diagnostics == []
    assert caught.value.text == sow("check", "modair", check=False).stderr
    assert "modiar" in sowing.shipped()


def test_a_bad_position_is_refused():
    game = sowing.load("modiar")
    with pytest.raises(ValueError, match="stones"):
        game.new_game(position="1 1 1 / 1 1 1 south")


@pytest.mark.parametrize(
    "variant,agents,seed", [("modiar", "random,greedy", 7), ("kalah", "random,random", 1)]
)
def test_simulate_equals_sow_simulate(variant, agents, seed, sow_json):
    cli = sow_json("simulate", variant, "--games", "300", "--agents", agents, "--seed", str(seed),
                   "--format", "json")
    assert sowing.simulate(variant, games=300, agents=agents, seed=seed) == cli
    # A loaded game, and another thread count, give the same summary.
    game = sowing.load(variant)
    assert sowing.simulate(game, games=300, agents=agents, seed=seed, threads=1) == cli


def test_simulate_swap_and_ply_cap_equal_sow_simulate(sow_json):
    cli = sow_json("simulate", "oware", "--games", "50", "--swap", "--max-plies", "40",
                   "--agents", "greedy,random", "--format", "json")
    got = sowing.simulate("oware", games=50, swap=True, max_plies=40, agents="greedy,random")
    assert got == cli
    assert got["ends"]["ply_cap"] > 0


def test_simulate_refuses_bad_options():
    with pytest.raises(ValueError, match="agents"):
        sowing.simulate("modiar", agents="random")
    with pytest.raises(ValueError, match="at least 1 game"):
        sowing.simulate("modiar", games=0)
    with pytest.raises(sowing.VariantError):
        sowing.simulate("modair")


def test_simulate_releases_the_gil():
    done = threading.Event()
    result = {}

    def batch():
        result["summary"] = sowing.simulate("oware", games=20000, threads=1)
        done.set()

    worker = threading.Thread(target=batch)
    worker.start()
    ticks = 0
    while not done.is_set():
        ticks += 1  # runs only while the batch does not hold the GIL
    worker.join()
    assert result["summary"]["games"] == 20000
    assert ticks > 10000


def test_games_are_the_records_of_sow_simulate_games_out(tmp_path, sow):
    path = tmp_path / "games.jsonl"
    sow("simulate", "koumma", "--games", "40", "--agents", "greedy,random", "--swap", "--seed", "5",
        "--games-out", str(path))
    cli = [json.loads(line) for line in path.read_text().splitlines()]
    got = sowing.games("koumma", games=40, agents="greedy,random", swap=True, seed=5, moves=True)
    assert got == cli
    assert all(record["moves"] for record in got)
    assert all(r["moves"] == [] for r in sowing.games("koumma", games=3))


def test_games_frame_has_a_row_per_game():
    pytest.importorskip("pandas")
    frame = sowing.games_frame("modiar", games=25, seed=2)
    records = sowing.games("modiar", games=25, seed=2)
    assert list(frame["game"]) == list(range(25))
    assert list(frame["south_score"]) == [r["scores"][0] for r in records]
    assert list(frame["winner"]) == [r["winner"] for r in records]


def test_shards_merge_into_the_whole_batch_as_sow_merge_does(sow_json):
    options = dict(games=301, agents="greedy,random", seed=4, swap=True)
    with ThreadPoolExecutor(max_workers=3) as pool:
        parts = list(pool.map(lambda i: sowing.simulate("koumma", shard=f"{i}/3", threads=1, **options),
                              [1, 2, 3]))
    assert parts[1] == sow_json("simulate", "koumma", "--games", "301", "--agents", "greedy,random",
                                "--seed", "4", "--swap", "--shard", "2/3", "--format", "json")
    assert [p["games"] for p in parts] == [100, 100, 101]
    whole = sowing.simulate("koumma", **options)
    assert sowing.merge(parts) == whole
    with pytest.raises(ValueError):
        sowing.merge(parts[:2])
    with pytest.raises(ValueError, match="shard"):
        sowing.simulate("koumma", games=2, shard="1/3")


def test_a_reading_loads_by_its_name_and_its_old_name(sow):
    reading = sowing.load("modiar@awale-info")
    assert reading.check().text == sow("check", "modiar@awale-info").stdout
    # South's row 1 0 0 has no pit of 2: under the reading North must feed,
    # and only C does (worked by hand in tests/catalogue.rs); the base
    # forbids C's grand slam and lets North play A or B.
    position = "1 0 0 / 1 2 2 north captured 20 16"
    moves = lambda variant: [str(m) for m in sowing.load(variant).new_game(position=position).legal_moves()]
    assert moves("modiar@awale-info") == moves("modiar-awale-info")
    assert moves("modiar@awale-info") != moves("modiar")
