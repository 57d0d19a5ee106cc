#!/usr/bin/env python3
"""Independent perft for Galatjang with closed pits (a later round of
variants/galatjang-rounds.variant), written from the rule text, not from the
Rust engine: 2x6 board, stores; south's pits 0-5 (a-f), north's 6-11 (A-F),
counter-clockwise a..f, south's store, A..F, north's store. A mover sows into
their own store and passes over the opponent's and over closed pits, starting
with the pit after the origin. The last counter in the mover's store: the
mover moves again. In an occupied pit (now > 1): lift it and sow on. In an
empty pit of the mover's row: capture the opposite pit's counters. A player
who cannot move passes while the opponent can; neither can: the game ends.

Usage: perft_galatjang_closed.py "7 7 7 7 7 7 / 7 7 x x x x north" DEPTH
"""
import sys

STORE = ("S", "N")


def parse(text):
    tokens = text.replace("/", " ").split()
    pits, closed = [], set()
    for i, t in enumerate(tokens[:12]):
        if t == "x":
            closed.add(i)
            pits.append(0)
        else:
            pits.append(int(t))
    return pits, frozenset(closed), 0 if tokens[12] == "south" else 1


def track(mover):
    """The mover's sowing cycle, from pit a."""
    cycle = []
    for pit in range(12):
        cycle.append(pit)
        if pit == 5 and mover == 0:
            cycle.append(STORE[0])
        if pit == 11 and mover == 1:
            cycle.append(STORE[1])
    return cycle


def play(pits, closed, mover, origin):
    """Returns (pits, next player)."""
    pits = list(pits)
    cycle = [s for s in track(mover) if s not in closed]
    pos = cycle.index(origin)
    while True:
        hand = pits[pos if False else cycle[pos]]
        pits[cycle[pos]] = 0
        while hand:
            pos = (pos + 1) % len(cycle)
            slot = cycle[pos]
            hand -= 1
            if isinstance(slot, str):
                continue  # the store: its counters leave the board
            pits[slot] += 1
        last = cycle[pos]
        if isinstance(last, str):
            return pits, mover  # in the store: move again
        if pits[last] > 1:
            continue  # relay from the landing pit
        own = range(0, 6) if mover == 0 else range(6, 12)
        if last in own:
            pits[11 - last] = 0  # capture the opposite pit (counts not needed)
        return pits, 1 - mover


def moves(pits, player):
    own = range(0, 6) if player == 0 else range(6, 12)
    return [p for p in own if pits[p] > 0]


def perft(pits, closed, mover, depth):
    if depth == 0:
        return 1
    mine = moves(pits, mover)
    if not mine:
        if moves(pits, 1 - mover):
            return perft(pits, closed, 1 - mover, depth - 1)  # a pass
        return 0
    if depth == 1:
        return len(mine)
    return sum(
        perft(*(lambda r: (r[0], closed, r[1]))(play(pits, closed, mover, m)), depth - 1)
        for m in mine
    )


if __name__ == "__main__":
    pits, closed, mover = parse(sys.argv[1])
    for d in range(1, int(sys.argv[2]) + 1):
        print("perft", d, perft(pits, closed, mover, d))
