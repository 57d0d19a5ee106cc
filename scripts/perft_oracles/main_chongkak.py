#!/usr/bin/env python3
"""Independent perft for Main Chongkak (variants/main-chongkak.variant),
written from its rule text (Skeat 1900, as Ludii's Main Chongkak.lud states
it), not from the Rust engine.

2xN board with a store at either end, each player's store on their left.
South's pits 0..N-1 (a, b, ... from South's left), North's N..2N-1 (A, B,
... from North's left). Sowing is clockwise, from the hole after the one
emptied: from South's a it goes into South's store, then North's F ... A,
then North's store, then South's f ... a. Both stores are sown into (Ludii:
"stores are included when sowing"); what falls into a store is that store's
owner's. Holes excluded from play (written x) are passed over, never played.

A lap whose last counter falls:
- into the mover's store: the mover moves again (any hole of theirs);
- into the opponent's store: the move ends;
- into a hole that already held counters: they are lifted and sown on,
  unless a row is now empty (the round ends there: looked at after every
  lap, as Ludii's code does, each lap being a move there);
- into an empty hole of the mover's row: the counters of the hole opposite
  are the mover's (the last counter stays), and the move ends;
- into an empty hole of the opponent's row: the move ends.
The round ends when a row is empty (checked after every move and lap); a
round that ends is a leaf.

Usage: python3 -m perft_oracles.main_chongkak "6 6 6 6 6 6 / 6 6 6 6 6 6 south" DEPTH
"""
import sys

from perft_oracles import core

N = 6


def parse(text):
    global N
    tokens = text.replace("/", " ").split()
    side = "south" if "south" in tokens else "north"
    N = tokens.index(side) // 2
    pits, closed = [], set()
    for i, t in enumerate(tokens[: 2 * N]):
        if t == "x":
            closed.add(i)
            pits.append(0)
        else:
            pits.append(int(t))
    return pits, frozenset(closed), 0 if side == "south" else 1


def circuit():
    """Every slot once, clockwise from South's a: a, South's store, F..A,
    North's store, f..b."""
    order = [0, "S"] + list(range(2 * N - 1, N - 1, -1)) + ["N"]
    order += list(range(N - 1, 0, -1))
    return order


def row_empty(pits):
    return sum(pits[:N]) == 0 or sum(pits[N:]) == 0


def play(pits, closed, mover, origin):
    """Returns (pits, player to move); the stores' counters leave the board."""
    pits = list(pits)
    cycle = [s for s in circuit() if s not in closed]
    mine = "S" if mover == 0 else "N"
    at = cycle.index(origin)
    while True:
        hand = pits[cycle[at]]
        pits[cycle[at]] = 0
        while hand:
            at = (at + 1) % len(cycle)
            hand -= 1
            if not isinstance(cycle[at], str):
                pits[cycle[at]] += 1
        last = cycle[at]
        if last == mine:
            return pits, mover
        if isinstance(last, str):
            return pits, 1 - mover
        if pits[last] > 1:
            if row_empty(pits):
                return pits, 1 - mover
            continue
        if (last < N) == (mover == 0):
            pits[2 * N - 1 - last] = 0  # the opposite hole's counters
        return pits, 1 - mover


def legal(state):
    """The mover's open non-empty pits; none once a row is empty."""
    pits, closed, mover = state
    if row_empty(pits):
        return []
    own = range(0, N) if mover == 0 else range(N, 2 * N)
    return [p for p in own if pits[p] > 0 and p not in closed]


def after(state, pit):
    pits, closed, mover = state
    pits, to_move = play(pits, closed, mover, pit)
    return pits, closed, to_move


def main():
    core.print_table(parse(sys.argv[1]), int(sys.argv[2]), legal, after)


if __name__ == "__main__":
    main()
