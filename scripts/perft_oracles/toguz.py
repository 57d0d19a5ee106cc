#!/usr/bin/env python3
"""Independent perft for Toguz Kumalak (variants/toguz-kumalak.variant),
written from the rule text, not from the Rust engine: 2x9 board, no stores
in the sowing; south's pits 0..8 (a..i), north's 9..17 (A..I), sown
counter-clockwise in index order. A move lifts a pit of the mover's row
(not a tuzdik) and sows from it: the first stone back into the pit, unless
it held one stone, which goes into the next pit. A stone falling into a
tuzdik goes to the tuzdik's owner. If the last stone lands in an
opponent's pit (not a tuzdik) that now holds an even count, the mover takes
it; if it holds 3, the mover has no tuzdik, the pit is not the opponent's
ninth and not at the place (index within its row) of the opponent's
tuzdik, it becomes the mover's tuzdik and the mover takes its 3 stones.
The game ends when the player to move has no stone in a playable pit, or
a player holds more than half of the 162 stones (82): such a position has
no moves, and (as in `sow perft`) games that end before DEPTH plies are
not counted.

Usage: python3 -m perft_oracles.toguz "9 9 9 9 9 9 9 9 9 / 9 9 9 9 9 9 9 9 9 south [captured S N]" DEPTH
(a tuzdik is written `t`; its owner is the player of the other row)
"""
import sys

from perft_oracles import core

N = 9
TOTAL = 162


def parse(text):
    tokens = text.replace("/", " ").split()
    pits, tuz = [], [None, None]
    for i, t in enumerate(tokens[: 2 * N]):
        if t == "t":
            tuz[1 - i // N] = i
            pits.append(0)
        else:
            pits.append(int(t))
    mover = 0 if tokens[2 * N] == "south" else 1
    caps = [0, 0]
    if len(tokens) > 2 * N + 1 and tokens[2 * N + 1] == "captured":
        caps = [int(tokens[2 * N + 2]), int(tokens[2 * N + 3])]
    return pits, tuz, mover, caps


def moves(state):
    pits, tuz, mover, caps = state
    if any(2 * c > TOTAL for c in caps):
        return []
    row = range(mover * N, mover * N + N)
    return [p for p in row if pits[p] > 0 and p not in tuz]


def play(state, origin):
    pits, tuz, mover, caps = state
    pits, tuz, caps = list(pits), list(tuz), list(caps)
    stones = pits[origin]
    pits[origin] = 0
    pos = origin if stones > 1 else (origin + 1) % (2 * N)
    last = pos
    for _ in range(stones):
        last = pos
        if pos == tuz[0]:
            caps[0] += 1
        elif pos == tuz[1]:
            caps[1] += 1
        else:
            pits[pos] += 1
        pos = (pos + 1) % (2 * N)
    theirs = last // N != mover
    if theirs and last not in tuz:
        if pits[last] % 2 == 0:
            caps[mover] += pits[last]
            pits[last] = 0
        elif pits[last] == 3 and tuz[mover] is None and last % N != N - 1:
            other = tuz[1 - mover]
            if other is None or other % N != last % N:
                caps[mover] += 3
                pits[last] = 0
                tuz[mover] = last
    return (tuple(pits), tuple(tuz), 1 - mover, tuple(caps))


def main():
    pits, tuz, mover, caps = parse(sys.argv[1])
    state = (tuple(pits), tuple(tuz), mover, tuple(caps))
    core.print_table(state, int(sys.argv[2]), moves, play)


if __name__ == "__main__":
    main()
