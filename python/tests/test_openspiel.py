"""Variants as OpenSpiel games: OpenSpiel's own checks, its MCTS bot, and
oware-openspiel / kalah played side by side with OpenSpiel's `oware` and
`mancala`."""

import random

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")

import sowing  # noqa: E402
from sowing import openspiel  # noqa: E402
from open_spiel.python.algorithms import mcts  # noqa: E402


@pytest.mark.parametrize("variant", ["modiar", "koumma", "kalah", "um-el-tuweisat", "oware-openspiel"])
def test_random_sim_test(variant):
    game = openspiel.load_game(variant)
    pyspiel.random_sim_test(game, num_sims=20, serialize=True, verbose=False)


def test_the_game_type_and_sizes():
    game = openspiel.load_game("modiar")
    kind = game.get_type()
    assert kind.information == pyspiel.GameType.Information.PERFECT_INFORMATION
    assert kind.dynamics == pyspiel.GameType.Dynamics.SEQUENTIAL
    assert kind.utility == pyspiel.GameType.Utility.ZERO_SUM
    assert game.num_players() == 2
    # Modiar: 3 pits a row, all sowing one way, no pass.
    assert game.num_distinct_actions() == 3
    assert game.observation_tensor_size() == 6 + 2 + 2


def test_a_pit_that_sows_either_way_has_a_second_action_and_a_pass_comes_last():
    # Um el-Tuweisat: 3 pits a row, `direction cw either ccw`, and a player
    # who cannot move passes: actions 0-2, then 3-5 (clockwise), then 6.
    game = openspiel.load_game("um-el-tuweisat")
    assert game.num_distinct_actions() == 7
    state = game.new_initial_state()
    assert state.legal_actions() == [0, 1, 2, 4]
    assert [state.action_to_string(0, a) for a in state.legal_actions()] == ["a", "b:ccw", "c", "b:cw"]
    assert state.action_to_string(1, 6) == "pass"
    direct = sowing.load("um-el-tuweisat").new_game()
    state.apply_action(4)
    direct.play("b:cw")
    assert str(state) == direct.position


def test_observation_tensor_and_string():
    game = openspiel.load_game("modiar")
    state = game.new_initial_state()
    state.apply_action(0)  # a: 2 8 8 / 8 8 8, north to move; 42 stones
    expected = np.array([2, 8, 8, 8, 8, 8, 0, 0], dtype=np.float32) / 42
    assert np.allclose(state.observation_tensor(0)[:8], expected)
    assert state.observation_tensor(1)[8:] == [0.0, 1.0]
    assert state.observation_string(0) == "2 8 8 / 8 8 8 north"


def test_serialisation_round_trips():
    game = openspiel.load_game("kalah")
    state = game.new_initial_state()
    for action in [2, 5, 0]:
        state.apply_action(action)
    text = pyspiel.serialize_game_and_state(game, state)
    game2, state2 = pyspiel.deserialize_game_and_state(text)
    assert str(state2) == str(state)
    assert state2.legal_actions() == state.legal_actions()
    assert game2.num_distinct_actions() == game.num_distinct_actions()


def test_a_bad_variant_raises_variant_error():
    with pytest.raises(sowing.VariantError):
        openspiel.load_game("modair")


def test_the_mcts_bot_plays_a_whole_game():
    game = openspiel.load_game("modiar")
    rng = np.random.RandomState(1)
    bot = mcts.MCTSBot(game, uct_c=2, max_simulations=40,
                       evaluator=mcts.RandomRolloutEvaluator(1, rng), random_state=rng)
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.current_player() == 0:
            action = bot.step(state)
        else:
            action = rng.choice(state.legal_actions())
        assert action in state.legal_actions()
        state.apply_action(action)
    assert sum(state.returns()) == 0
    assert state.returns()[0] in (-1.0, 0.0, 1.0)


def side_by_side(ours, theirs, to_theirs, rng):
    """Plays one random game on both; lists every difference."""
    a, b = ours.new_initial_state(), theirs.new_initial_state()
    ply = 0
    while True:
        player = b.current_player()
        if a.current_player() != player:
            return [f"ply {ply}: player {a.current_player()}, OpenSpiel {player}"]
        if a.is_terminal() != b.is_terminal():
            return [f"ply {ply}: terminal {a.is_terminal()}, OpenSpiel {b.is_terminal()}"]
        if b.is_terminal():
            break
        legal = [to_theirs(player, x) for x in a.legal_actions()]
        if legal != b.legal_actions():
            return [f"ply {ply}: legal {legal}, OpenSpiel {b.legal_actions()}"]
        action = rng.choice(a.legal_actions())
        a.apply_action(action)
        b.apply_action(to_theirs(player, action))
        ply += 1
    if a.returns() != b.returns():
        return [f"returns {a.returns()}, OpenSpiel {b.returns()}"]
    return []


def test_oware_openspiel_is_openspiels_oware():
    ours, theirs = openspiel.load_game("oware-openspiel"), pyspiel.load_game("oware")
    assert ours.num_distinct_actions() == theirs.num_distinct_actions()
    rng = random.Random(18)
    wins = set()
    for game in range(100):
        assert side_by_side(ours, theirs, lambda player, action: action, rng) == [], f"game {game}"
    # Both results occur (so the returns are compared, not only zeros).
    for _ in range(20):
        state = ours.new_initial_state()
        while not state.is_terminal():
            state.apply_action(rng.choice(state.legal_actions()))
        wins.add(tuple(state.returns()))
    assert {(1.0, -1.0), (-1.0, 1.0)} <= wins


def test_kalah_is_openspiels_mancala_with_pits_numbered_from_the_movers_left():
    ours, theirs = openspiel.load_game("kalah"), pyspiel.load_game("mancala")
    # mancala numbers a pit by its slot: 1..6 for player 0, 8..13 for player 1.
    to_mancala = lambda player, action: action + (1 if player == 0 else 8)  # noqa: E731
    rng = random.Random(18)
    for game in range(100):
        assert side_by_side(ours, theirs, to_mancala, rng) == [], f"game {game}"


def test_the_docstring_examples_run():
    import doctest

    for module in (sowing, openspiel):
        result = doctest.testmod(module)
        assert result.attempted > 0 and result.failed == 0, module.__name__
