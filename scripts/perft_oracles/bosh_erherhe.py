#!/usr/bin/env python3
"""Independent perft for Bosh and Erherhe (variants/bosh.variant,
variants/erherhe.variant), written from the rule texts, not from the Rust
engine: 2xN board without stores in the sowing; south's holes 0..N-1 (a, b,
...), north's N..2N-1 (A, B, ...); counter-clockwise a..e then A..E. A
closed hole (`x`) is passed over by the sowing, never played or taken, and
holds nothing. The round ends when a row is empty (a leaf).

Bosh: after each lap, if the hole after the last (closed or not) holds
counters, they are lifted and sown on; if it is empty, the counters of the
hole after it are taken and the turn ends.

Erherhe: one lap; a last counter making 2 or 4 in the opponent's row takes
that hole, and each neighbour in the same row holding 2 or 4.

A round may start with the players choosing the holes to refill
(`refilling P` in the position): as refill_choice.py, a player with
`captured // seeds` holes owed names them from their left, leaving room for
every hole still owed, the round's starter first.

Usage: python3 -m perft_oracles.bosh_erherhe bosh|erherhe "4 4 4 4 4 / 4 4 4 4 4 south" DEPTH
"""
import sys

from perft_oracles import core

GAME = "bosh"
SEEDS = 4
N = 5
MAX_RELAYS = 1000


def parse(text):
    global N
    tokens = text.replace("/", " ").split()
    side = tokens.index("south") if "south" in tokens else tokens.index("north")
    N = side // 2
    pits, closed = [], set()
    for i, t in enumerate(tokens[:side]):
        if t == "x":
            closed.add(i)
            pits.append(0)
        else:
            pits.append(int(t))
    mover = 0 if tokens[side] == "south" else 1
    captured = [0, 0]
    if "captured" in tokens:
        i = tokens.index("captured")
        captured = [int(tokens[i + 1]), int(tokens[i + 2])]
    starter = None
    if "refilling" in tokens:
        starter = 0 if tokens[tokens.index("refilling") + 1] == "south" else 1
    return (tuple(pits), frozenset(closed), mover, tuple(captured), starter)


def row(player):
    return range(player * N, (player + 1) * N)


def nxt(pit):
    return (pit + 1) % (2 * N)


def sow_lap(pits, closed, origin):
    """Sows the counters of `origin` one by one, passing over closed holes;
    returns the last hole."""
    hand = pits[origin]
    pits[origin] = 0
    pit = origin
    while hand:
        pit = nxt(pit)
        if pit in closed:
            continue
        pits[pit] += 1
        hand -= 1
    return pit


def play(pits, closed, mover, origin):
    pits = list(pits)
    last = sow_lap(pits, closed, origin)
    if GAME == "bosh":
        for _ in range(MAX_RELAYS):
            after = nxt(last)
            if pits[after] == 0:
                break
            last = sow_lap(pits, closed, after)
        after = nxt(last)
        beyond = nxt(after)
        if pits[after] == 0 and pits[beyond] > 0 and beyond != last:
            pits[beyond] = 0
    else:
        if last not in row(mover) and pits[last] in (2, 4):
            taken = [last]
            for side in (last - 1, last + 1):
                if side in row(1 - mover) and pits[side] in (2, 4):
                    taken.append(side)
            for pit in taken:
                pits[pit] = 0
    return tuple(pits)


def fills(closed, captured, player):
    owed = captured[player] // SEEDS
    if owed == 0:
        return []
    holes = list(row(player))
    opened = [k for k, pit in enumerate(holes) if pit not in closed]
    first = opened[-1] + 1 if opened else 0
    return [holes[k] for k in range(first, N) if N - k >= owed]


def fill(state, pit):
    pits, closed, mover, captured, starter = state
    pits = list(pits)
    pits[pit] = SEEDS
    closed = closed - {pit}
    captured = list(captured)
    captured[mover] -= SEEDS
    if fills(closed, captured, mover):
        return tuple(pits), closed, mover, tuple(captured), starter
    if mover == starter and fills(closed, captured, 1 - mover):
        return tuple(pits), closed, 1 - mover, tuple(captured), starter
    return tuple(pits), closed, starter, tuple(captured), None


def legal(state):
    """The holes the mover may fill while the round's start is chosen, then
    the non-empty holes of the mover's row; none once a row is empty."""
    pits, closed, mover, captured, starter = state
    if starter is not None:
        return fills(closed, captured, mover)
    if all(pits[p] == 0 for p in row(0)) or all(pits[p] == 0 for p in row(1)):
        return []  # a row is empty: the round is over
    return [p for p in row(mover) if pits[p] > 0]


def after(state, move):
    pits, closed, mover, captured, starter = state
    if starter is not None:
        return fill(state, move)
    return play(pits, closed, mover, move), closed, 1 - mover, captured, None


def main():
    global GAME
    GAME = sys.argv[1]
    core.print_table(parse(sys.argv[2]), int(sys.argv[3]), legal, after)


if __name__ == "__main__":
    main()
