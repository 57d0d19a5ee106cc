#!/usr/bin/env python3
"""Perft of Omweso (4x8), written from its rules (Shackell 1934 via Ludii
"Mweso", see variants/omweso.variant), independently of `sow`'s engine and
of its pit numbering.

Cross-checks tests/perft/omweso.perft. The board is a grid seen from above
with South at the bottom: rows 0 (North's outer), 1 (North's inner), 2
(South's inner), 3 (South's outer); columns 0-7 from west (South's left) to
east. Anti-clockwise, South goes east along row 3 and back west along row
2, North west along row 0 and back east along row 1.

- Start (the file's stand-in for the players' free placing): 2 in every
  pit, 64 stones.
- A move lifts an own pit holding 2 or more and sows anti-clockwise round
  the mover's own two rows, from the next pit.
- A lap ending in an empty pit ends the move. A lap ending in an occupied pit
  of the mover's inner row, when the opponent's inner pit in that column and
  the outer pit behind it both hold stones, takes both and sows them on
  from the first pit the lap sowed into (the pit after the one the lap was
  lifted from); where they end is the end of a lap like any other.
  Otherwise a lap ending in an occupied pit lifts it and sows on.
- A move is cut after 1001 laps, as `sow` does.

Usage: python3 -m perft_oracles.omweso DEPTH [POSITION]

POSITION is in sow's notation ("a-h / i-p / A-H / I-P south|north"), as in
perft_oracles/tsoro.py.
"""
import sys

from perft_oracles import core

COLS = 8
MAX_LAPS = 1001
INNER = {0: 2, 1: 1}
OUTER = {0: 3, 1: 0}


def circuit(player):
    """The mover's pits in counter-clockwise order, as (row, column)."""
    return core.four_row_circuit(player, COLS)


def move(board, player, index):
    b = [row[:] for row in board]
    path = circuit(player)
    opp = 1 - player
    origin, hand = index, None
    for _ in range(MAX_LAPS):
        if hand is None:
            r, c = path[origin]
            hand, b[r][c] = b[r][c], 0
        at = origin
        while hand:
            at = (at + 1) % len(path)
            r, c = path[at]
            b[r][c] += 1
            hand -= 1
        hand = None
        r, c = path[at]
        if b[r][c] == 1:
            break
        inner, outer = INNER[opp], OUTER[opp]
        if r == INNER[player] and b[inner][c] > 0 and b[outer][c] > 0:
            hand = b[inner][c] + b[outer][c]
            b[inner][c] = b[outer][c] = 0
            continue  # sown from the pit after this lap's origin
        origin = at  # relay
    return b


def moves(board, player):
    return [i for i, (r, c) in enumerate(circuit(player)) if board[r][c] >= 2]


def main():
    depth, position = core.depth_and_position(sys.argv)
    board, player = core.parse_four_rows(position, COLS) if position else ([[2] * COLS for _ in range(4)], 0)
    core.print_table(
        (board, player),
        depth,
        lambda s: moves(*s),
        lambda s, i: (move(s[0], s[1], i), 1 - s[1]),
    )


if __name__ == "__main__":
    main()
