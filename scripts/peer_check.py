"""Peer check: plays random games of OpenSpiel's `oware` and `mancala` (Kalah)
and checks, ply by ply, that `sow` with `oware-openspiel` and `kalah` gives the
same legal moves, the same board and scores after every ply, and the same final
result. Run through scripts/peer-check, which sets up OpenSpiel.

Usage: python peer_check.py SOW_BINARY [GAMES_PER_VARIANT] [SEED]
"""
import json
import os
import random
import subprocess
import sys

import pyspiel


def oware_view(state):
    """(board in sow's absolute order, [score0, score1]) of an oware state."""
    fields = state.observation_string(0).split("|")
    scores = [int(x) for x in fields[1].split()]
    board = [int(x) for x in fields[2].split()]
    return board, scores


def oware_label(player, action):
    return chr((ord("a") if player == 0 else ord("A")) + action)


def kalah_view(state):
    tensor = state.observation_tensor(0)
    slots = [int(round(x)) for x in tensor[:14]]
    board = slots[1:7] + slots[8:14]
    return board, [slots[7], slots[0]]


def kalah_label(player, action):
    return chr(ord("a") + action - 1) if action <= 6 else chr(ord("A") + action - 8)


# How to read each OpenSpiel game's state and name its moves.
VIEWS = {
    "oware": (oware_view, oware_label),
    "mancala": (kalah_view, kalah_label),
}


def read_games():
    """{variant: (OpenSpiel game, view, label)} from peer_games.txt."""
    games = {}
    with open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "peer_games.txt")) as f:
        for line in f:
            if line.strip() and not line.startswith("#"):
                variant, short = line.split()
                games[variant] = (short, *VIEWS[short])
    return games


GAMES = read_games()


def final_scores(name, state):
    board, scores = GAMES[name][1](state)
    if name == "kalah":
        # OpenSpiel counts the seeds left in a row for the row's owner.
        return [scores[0] + sum(board[:6]), scores[1] + sum(board[6:])]
    return scores  # oware collects the board into the scores itself


def play_one(name, rng, sow):
    short, view, label = GAMES[name]
    state = pyspiel.load_game(short).new_initial_state()
    expected = []  # per ply: (player, legal labels, move, board, scores)
    moves = []
    while not state.is_terminal():
        player = state.current_player()
        legal = sorted(label(player, a) for a in state.legal_actions())
        action = rng.choice(state.legal_actions())
        move = label(player, action)
        state.apply_action(action)
        board, scores = view(state)
        expected.append((player, legal, move, board, scores))
        moves.append(move)
    returns = state.returns()
    winner = "draw" if returns[0] == 0 else ("south" if returns[0] > 0 else "north")
    out = subprocess.run(
        [sow, "trace", name, "--moves", " ".join(moves), "--format", "json"],
        capture_output=True, text=True, check=False,
    )
    if out.returncode != 0:
        return [f"sow refused the game: {out.stderr.strip()}"]
    trace = json.loads(out.stdout)
    problems = []
    for ply, (want, got) in enumerate(zip(expected, trace["plies"]), start=1):
        player, legal, move, board, scores = want
        if ["south", "north"][player] != got["player"]:
            problems.append(f"ply {ply}: player {got['player']}, OpenSpiel {player}")
        if sorted(got["legal"]) != legal:
            problems.append(f"ply {ply}: legal {got['legal']}, OpenSpiel {legal}")
        # At the end OpenSpiel's oware moves the seeds left on the board into
        # the scores; sow keeps the board and says so in the final result,
        # which is compared below.
        collected = name == "oware-openspiel" and ply == len(expected)
        if got["board"] != board and not collected:
            problems.append(f"ply {ply} ({move}): board {got['board']}, OpenSpiel {board}")
        if got["scores"] != scores and not collected:
            problems.append(f"ply {ply} ({move}): scores {got['scores']}, OpenSpiel {scores}")
        if problems:
            return problems
    result = trace.get("result")
    if result is None:
        return [f"sow says the game goes on after {len(moves)} plies; OpenSpiel ended it"]
    if result["winner"] != winner:
        problems.append(f"winner {result['winner']}, OpenSpiel {winner}")
    if result["scores"] != final_scores(name, state):
        problems.append(f"final scores {result['scores']}, OpenSpiel {final_scores(name, state)}")
    return problems


def main():
    sow = sys.argv[1]
    games = int(sys.argv[2]) if len(sys.argv) > 2 else 300
    seed = int(sys.argv[3]) if len(sys.argv) > 3 else 1
    failed = False
    for name in GAMES:
        rng = random.Random(seed)
        plies = 0
        bad = 0
        for game in range(games):
            problems = play_one(name, rng, sow)
            if problems:
                bad += 1
                failed = True
                if bad <= 3:
                    print(f"{name} game {game}: " + "; ".join(problems[:3]))
        print(f"{name}: {games} random games, {bad} with differences")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
