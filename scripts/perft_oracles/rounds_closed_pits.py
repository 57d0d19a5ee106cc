#!/usr/bin/env python3
"""Independent perft for Galatjang and Sungka with closed pits (later rounds
of variants/galatjang-rounds.variant and variants/sungka.variant), written
from the rule texts, not from the Rust engine: 2xN board, stores; south's
pits 0..N-1 (a, b, ...), north's N..2N-1 (A, B, ...). Counter-clockwise
(Galatjang) goes a..f, south's store, A..F, north's store; clockwise (Sungka)
goes the other way, each player's store after their row's left end. A mover
sows into their own store and passes over the opponent's and over closed pits,
starting with the pit after the origin. The last counter in the mover's store: the
mover moves again. In an occupied pit (now > 1): lift it and sow on. In an
empty pit of the mover's row: capture the opposite pit's counters. A player
who cannot move passes while the opponent can; neither can: the game ends.

From the full start ("7 7 7 7 7 7 / 7 7 7 7 7 7 south") it is Galatjang's first
round, variants/galatjang.variant: it re-checks tests/perft/galatjang.perft too.

Papan Dakon (variants/dakon.variant) sows clockwise like Sungka, but a last
counter in the store ends the turn and nothing is captured (the flags
`no-extra-turn no-capture`).

Ovalhu (variants/ovalhu.variant) captures from an empty pit on either row
(the flag `any-side`).

Usage: python3 -m perft_oracles.rounds_closed_pits "7 7 7 7 7 7 / 7 7 x x x x north" DEPTH [cw] [no-extra-turn] [no-capture] [any-side]
"""
import sys

from perft_oracles import core

STORE = ("S", "N")


N = 6  # pits per row, set from the position
CW = False
EXTRA_TURN = True
CAPTURE = True
ANY_SIDE = False  # Ovalhu: the opposite hole is captured from an empty hole on either row


def parse(text):
    global N
    tokens = text.replace("/", " ").split()
    N = (tokens.index("south") if "south" in tokens else tokens.index("north")) // 2
    pits, closed = [], set()
    for i, t in enumerate(tokens[: 2 * N]):
        if t == "x":
            closed.add(i)
            pits.append(0)
        else:
            pits.append(int(t))
    return pits, frozenset(closed), 0 if tokens[2 * N] == "south" else 1


def track(mover):
    """The mover's sowing cycle, from pit a."""
    cycle, pit = [], 0
    for _ in range(2 * N):
        cycle.append(pit)
        nxt = (pit - 1) % (2 * N) if CW else (pit + 1) % (2 * N)
        if pit // N == mover and nxt // N != mover:
            cycle.append(STORE[mover])
        pit = nxt
    return cycle


def play(pits, closed, mover, origin):
    """Returns (pits, next player)."""
    pits = list(pits)
    cycle = [s for s in track(mover) if s not in closed]
    pos = cycle.index(origin)
    while True:
        hand = pits[cycle[pos]]
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
            return pits, mover if EXTRA_TURN else 1 - mover  # in the store
        if pits[last] > 1:
            continue  # relay from the landing pit
        own = range(0, N) if mover == 0 else range(N, 2 * N)
        if (last in own or ANY_SIDE) and CAPTURE:
            pits[2 * N - 1 - last] = 0  # capture the opposite pit (counts not needed)
        return pits, 1 - mover


def moves(pits, player):
    own = range(0, N) if player == 0 else range(N, 2 * N)
    return [p for p in own if pits[p] > 0]


PASS = None


def legal(state):
    """The mover's moves, or a pass when only the opponent can move."""
    pits, _, mover = state
    mine = moves(pits, mover)
    if mine:
        return mine
    return [PASS] if moves(pits, 1 - mover) else []


def after(state, move):
    pits, closed, mover = state
    if move is PASS:
        return pits, closed, 1 - mover
    pits, to_move = play(pits, closed, mover, move)
    return pits, closed, to_move


def main():
    global CW, EXTRA_TURN, CAPTURE, ANY_SIDE
    CW = "cw" in sys.argv[3:]
    EXTRA_TURN = "no-extra-turn" not in sys.argv[3:]
    CAPTURE = "no-capture" not in sys.argv[3:]
    ANY_SIDE = "any-side" in sys.argv[3:]
    core.print_table(parse(sys.argv[1]), int(sys.argv[2]), legal, after)


if __name__ == "__main__":
    main()
