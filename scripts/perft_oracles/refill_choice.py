#!/usr/bin/env python3
"""Independent perft for a round that starts with the players choosing the
holes to refill (`rounds { fill_from choice }`: Galatjang, Sungka, Ovalhu),
written from the rule texts, not from the Rust engine.

A player who cannot fill every hole of their row starts the round with the
whole row closed and their score in hand; they fill `seeds` counters into a
hole per move until fewer than `seeds` are left, naming the holes from their
left (a hole after the last one they filled, leaving room for every hole
still owed), so each set of holes is one sequence of moves. The round's
starter chooses first, then the other player, then the starter sows. The
sowing is rounds_closed_pits.py's (Galatjang's and Sungka's rules), whose
functions this script reuses; `any-side` captures the opposite hole from an
empty hole on either row (Ovalhu).

Usage: python3 -m perft_oracles.refill_choice "x x x x x x / 7 7 7 7 7 7 south captured 28 9 refilling south" SEEDS DEPTH [cw] [any-side]
"""
import sys

from perft_oracles import core

from perft_oracles import rounds_closed_pits as sow


def parse(text):
    """(pits, closed, mover, captured, starter or None)."""
    pits, closed, mover = sow.parse(text)
    tokens = text.replace("/", " ").split()
    captured = [0, 0]
    if "captured" in tokens:
        i = tokens.index("captured")
        captured = [int(tokens[i + 1]), int(tokens[i + 2])]
    starter = None
    if "refilling" in tokens:
        starter = 0 if tokens[tokens.index("refilling") + 1] == "south" else 1
    return pits, closed, mover, captured, starter


def fills(closed, captured, player):
    """The holes `player` may fill now."""
    owed = captured[player] // SEEDS
    if owed == 0:
        return []
    row = list(range(player * sow.N, (player + 1) * sow.N))
    opened = [k for k, pit in enumerate(row) if pit not in closed]
    first = opened[-1] + 1 if opened else 0
    return [row[k] for k in range(first, sow.N) if sow.N - k >= owed]


def fill(state, pit):
    pits, closed, mover, captured, starter = state
    pits = list(pits)
    pits[pit] = SEEDS
    closed = closed - {pit}
    captured = list(captured)
    captured[mover] -= SEEDS
    if fills(closed, captured, mover):
        return pits, closed, mover, captured, starter
    if mover == starter and fills(closed, captured, 1 - mover):
        return pits, closed, 1 - mover, captured, starter
    return pits, closed, starter, captured, None


def legal(state):
    """The holes the mover may fill while the round's start is chosen, then
    the sowing moves of rounds_closed_pits."""
    pits, closed, mover, captured, starter = state
    if starter is not None:
        return fills(closed, captured, mover)
    return sow.legal((pits, closed, mover))


def after(state, move):
    pits, closed, mover, captured, starter = state
    if starter is not None:
        return fill(state, move)
    return (*sow.after((pits, closed, mover), move), captured, None)


def main():
    global SEEDS
    SEEDS = int(sys.argv[2])
    flags = sys.argv[4:]
    sow.CW = "cw" in flags
    sow.ANY_SIDE = "any-side" in flags
    core.print_table(parse(sys.argv[1]), int(sys.argv[3]), legal, after)


if __name__ == "__main__":
    main()
