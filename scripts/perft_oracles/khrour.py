#!/usr/bin/env python3
"""Independent perft for Khrour (variants/khrour.variant), written from its
rule text (Béart 1955, as Ludii's Khrour.lud states it), not from the Rust
engine.

2xN board, no stores; South's holes 0..N-1 (a, b, ...), North's N..2N-1 (A,
B, ...), anti-clockwise a b ... A B ... The mover lifts a hole of their row
and sows from the next hole on, one counter a hole, the emptied hole
included when the sowing goes round. If the last counter makes 2, 4, 6 or
8 in its hole, on either row, the mover captures them, unless the hole is
one still waiting (written `3x`: a hole its owner could not fill with SEEDS
at the game's start). A waiting hole is sown into like any other but never
played; once it holds SEEDS or more after a move, it is open. A player who
cannot move passes while the other can; when neither can, the game is over.

Usage: python3 -m perft_oracles.khrour "4 4 / 4 2x south" DEPTH [SEEDS]
"""
import sys

from perft_oracles import core

N = 2
SEEDS = 4


def parse(text):
    global N
    tokens = text.replace("/", " ").split()
    side = "south" if "south" in tokens else "north"
    N = tokens.index(side) // 2
    pits, waiting = [], set()
    for i, t in enumerate(tokens[: 2 * N]):
        if t.endswith("x"):
            waiting.add(i)
            t = t[:-1] or "0"
        pits.append(int(t))
    return pits, frozenset(waiting), 0 if side == "south" else 1


def moves(pits, waiting, player):
    own = range(0, N) if player == 0 else range(N, 2 * N)
    return [p for p in own if pits[p] > 0 and p not in waiting]


def play(pits, waiting, origin):
    pits = list(pits)
    hand, pits[origin] = pits[origin], 0
    hole = origin
    while hand:
        hole = (hole + 1) % (2 * N)
        pits[hole] += 1
        hand -= 1
    if pits[hole] in (2, 4, 6, 8) and hole not in waiting:
        pits[hole] = 0
    waiting = frozenset(h for h in waiting if pits[h] < SEEDS)
    return pits, waiting


PASS = None


def legal(state):
    """The mover's moves, or a pass when only the opponent can move."""
    pits, waiting, mover = state
    mine = moves(pits, waiting, mover)
    if mine:
        return mine
    return [PASS] if moves(pits, waiting, 1 - mover) else []


def after(state, move):
    pits, waiting, mover = state
    if move is PASS:
        return pits, waiting, 1 - mover
    return (*play(pits, waiting, move), 1 - mover)


def main():
    global SEEDS
    if len(sys.argv) > 3:
        SEEDS = int(sys.argv[3])
    core.print_table(parse(sys.argv[1]), int(sys.argv[2]), legal, after)


if __name__ == "__main__":
    main()
