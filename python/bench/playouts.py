"""Random playouts per second: the same Python loop over `sowing` and over
OpenSpiel's `oware` (C++ through pybind11), then the batch API.

Usage: python bench/playouts.py [GAMES]   (default 2000; needs open-spiel)
"""

import random
import sys
import time

import pyspiel

import sowing
from sowing import openspiel


def playouts(new_state, games, seed=1):
    """Plays `games` random games with the OpenSpiel-style API; games/s, plies/s."""
    rng = random.Random(seed)
    plies = 0
    start = time.perf_counter()
    for _ in range(games):
        state = new_state()
        while not state.is_terminal():
            state.apply_action(rng.choice(state.legal_actions()))
            plies += 1
    seconds = time.perf_counter() - start
    return games / seconds, plies / seconds


class _Native:
    """A `sowing.State` under OpenSpiel's method names (the same calls)."""

    def __init__(self, state):
        self.state = state
        self.is_terminal = state.is_over
        self.legal_actions = state.legal_actions
        self.apply_action = state.apply_action


def main():
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 2000
    variant = sowing.load("oware-openspiel")
    rows = [
        ("OpenSpiel oware (C++ via pybind11)", pyspiel.load_game("oware").new_initial_state, games),
        ("sowing.State, oware-openspiel", lambda: _Native(variant.new_game()), games),
        ("sowing.openspiel game (Python game in pyspiel)",
         openspiel.load_game("oware-openspiel").new_initial_state, max(games // 10, 1)),
    ]
    print(f"{'loop':<50} {'games/s':>10} {'plies/s':>12}")
    for name, new_state, n in rows:
        per_game, per_ply = playouts(new_state, n)
        print(f"{name:<50} {per_game:>10.0f} {per_ply:>12.0f}")
    for threads in (1, 0):
        start = time.perf_counter()
        sowing.simulate("oware-openspiel", games=20000, threads=threads)
        rate = 20000 / (time.perf_counter() - start)
        label = f"sowing.simulate, threads={threads or 'all'}"
        print(f"{label:<50} {rate:>10.0f}")


if __name__ == "__main__":
    main()
