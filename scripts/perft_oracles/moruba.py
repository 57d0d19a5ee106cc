#!/usr/bin/env python3
"""Perft of Moruba (4x12), written from its rules (Malesa 2012 via Ludii, see
variants/moruba.variant), independently of `sow`'s engine and of its pit
numbering. The board and circuits are those of perft_oracles.muvalavala;
the move is written anew.

Cross-checks tests/perft/moruba.perft. The board is a grid seen from above
with South at the bottom: rows 0 (North's outer), 1 (North's inner), 2
(South's inner), 3 (South's outer); columns 0-11 from west (South's left) to
east.

- Start: 4 in every pit, 192 stones.
- A move lifts any own pit holding a stone and sows it anti-clockwise round
  the mover's own two rows, from the next pit, one lap (no relay).
- If the last stone falls in the mover's inner row (whatever the pit held)
  and the opponent's inner pit in that column holds stones, they are taken,
  and so are the stones of the opponent's outer pit behind it.
- The player to move without a stone on their side has no move.

Usage: python3 -m perft_oracles.moruba DEPTH [POSITION]
"""
import sys

from perft_oracles import core

COLS = 12
INNER = {0: 2, 1: 1}  # player -> their inner row (0 South, 1 North)
OUTER = {0: 3, 1: 0}


def move(state, index):
    board, player = state
    b = [list(row) for row in board]
    path = core.four_row_circuit(player, COLS)
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
    if r == INNER[player] and b[INNER[opp]][c] > 0:
        b[INNER[opp]][c] = 0
        b[OUTER[opp]][c] = 0
    return tuple(tuple(row) for row in b), opp


def moves(state):
    board, player = state
    path = core.four_row_circuit(player, COLS)
    return [i for i, (r, c) in enumerate(path) if board[r][c] > 0]


def main():
    depth, position = core.depth_and_position(sys.argv)
    if position:
        board, player = core.parse_four_rows(position, COLS)
    else:
        board, player = [[4] * COLS for _ in range(4)], 0
    state = (tuple(tuple(row) for row in board), player)
    core.print_table(state, depth, moves, move, {})


if __name__ == "__main__":
    main()
