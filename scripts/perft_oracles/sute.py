#!/usr/bin/env python3
"""Perft of Sute (4x8), written from its rules (Sanderson 1913 via Ludii
"Sute", see variants/sute.variant), independently of `sow`'s engine and of
its pit numbering.

Cross-checks tests/perft/sute.perft. The board is a grid seen from above
with South at the bottom: rows 0 (North's outer), 1 (North's inner), 2
(South's inner), 3 (South's outer); columns 0-7 from west (South's left) to
east.

- Start: one counter in every pit but each player's rightmost inner pit
  (South's at the east end, North's at the west end). 30 counters.
- A move lifts an own pit and sows counter-clockwise round the mover's own
  two rows, from the next pit (South east along row 3 and back west along
  row 2, North west along row 0 and back east along row 1), "only into an
  empty hole": a pit may be played only when the pit after it is empty.
- A sowing whose last counter lands in the mover's inner row, where the
  opponent's inner pit in the same column is empty, takes the counters of
  the opponent's outer pit in that column out of play.

Usage: python3 -m perft_oracles.sute DEPTH [POSITION]

POSITION is in sow's notation ("a-h / i-p / A-H / I-P south|north"): South's
outer row a-h from the west, inner row i-p from the east, North's outer row
A-H from the east, inner row I-P from the west.
"""
import sys

from perft_oracles import core

COLS = 8
INNER = {0: 2, 1: 1}  # player -> their inner row (0 South, 1 North)
OUTER = {0: 3, 1: 0}


def circuit(player):
    """The mover's pits in counter-clockwise order, as (row, column)."""
    return core.four_row_circuit(player, COLS)


def move(board, player, index):
    b = [row[:] for row in board]
    path = circuit(player)
    opp = 1 - player
    r, c = path[index]
    hand, b[r][c] = b[r][c], 0
    at = index
    while hand:
        at = (at + 1) % len(path)
        r, c = path[at]
        b[r][c] += 1
        hand -= 1
    r, c = path[at]
    if r == INNER[player] and b[INNER[opp]][c] == 0:
        b[OUTER[opp]][c] = 0
    return b


def moves(board, player):
    path = circuit(player)
    out = []
    for i, (r, c) in enumerate(path):
        nr, nc = path[(i + 1) % len(path)]
        if board[r][c] > 0 and board[nr][nc] == 0:
            out.append(i)
    return out


def start():
    b = [[1] * COLS for _ in range(4)]
    b[2][COLS - 1] = 0  # South's rightmost inner pit, at the east end
    b[1][0] = 0  # North's, at the west end
    return b


def main():
    depth, position = core.depth_and_position(sys.argv)
    board, player = core.parse_four_rows(position, COLS) if position else (start(), 0)
    core.print_table(
        (board, player),
        depth,
        lambda s: moves(*s),
        lambda s, i: (move(s[0], s[1], i), 1 - s[1]),
    )


if __name__ == "__main__":
    main()
