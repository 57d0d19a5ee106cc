#!/usr/bin/env python3
"""Perft of Hus (4x8), written from its rules (Wikipedia "Hus", see
variants/hus.variant), independently of `sow`'s engine and of its pit
numbering.

Cross-checks tests/perft/hus.perft. The board is a grid seen from above with
South at the bottom: rows 0 (North's outer), 1 (North's inner), 2 (South's
inner), 3 (South's outer); columns 0-7 from west (South's left) to east.

- Start: 2 in every outer pit and in the four rightmost pits of each inner
  row (South's right is east: row 2, columns 4-7; North's right is west:
  row 1, columns 0-3). 48 stones.
- A move lifts an own pit holding 2 or more and sows counter-clockwise
  round the mover's own two rows, from the next pit: seen from above,
  counter-clockwise runs east along the bottom and west along the top, so
  South goes east along row 3 and back west along row 2, North west along
  row 0 and back east along row 1.
- A lap ending in an empty pit ends the move. A lap ending in an occupied pit
  of the mover's inner row, when the opponent's inner pit in that column and
  the opponent's outer pit behind it both hold stones, takes both and sows
  them on from the pit after the landing pit (which keeps its stones);
  otherwise a lap ending in an occupied pit lifts it and sows on.
- A move is cut after 1001 laps, as `sow` does (a bound of the engine, not of
  the rules).
- The player to move without a pit of 2 or more has lost: no moves.

Usage: python3 -m perft_oracles.hus DEPTH
"""
import sys

from perft_oracles import core

COLS = 8
MAX_LAPS = 1001
INNER = {0: 2, 1: 1}  # player -> their inner row (0 South, 1 North)
OUTER = {0: 3, 1: 0}


def circuit(player):
    """The mover's pits in counter-clockwise order, as (row, column)."""
    return core.four_row_circuit(player, COLS)


def lap(b, path, start_index, stones):
    """Drops `stones` one by one from the pit after path[start_index];
    returns the index on the path of the last pit."""
    at = start_index
    while stones:
        at = (at + 1) % len(path)
        r, c = path[at]
        b[r][c] += 1
        stones -= 1
    return at


def move(board, player, index):
    b = [row[:] for row in board]
    path = circuit(player)
    opp = 1 - player
    r, c = path[index]
    hand, b[r][c] = b[r][c], 0
    origin = index
    for _ in range(MAX_LAPS):
        last = lap(b, path, origin, hand)
        r, c = path[last]
        if b[r][c] == 1:
            break
        inner, outer = INNER[opp], OUTER[opp]
        if r == INNER[player] and b[inner][c] > 0 and b[outer][c] > 0:
            hand = b[inner][c] + b[outer][c]
            b[inner][c] = b[outer][c] = 0
            origin = last  # the landing pit keeps its stones
        else:
            hand, b[r][c] = b[r][c], 0
            origin = last
    return b


def start():
    b = [[0] * COLS for _ in range(4)]
    for c in range(COLS):
        b[0][c] = b[3][c] = 2
    for c in range(4):
        b[1][c] = 2  # North's rightmost inner pits (west)
        b[2][COLS - 1 - c] = 2  # South's rightmost inner pits (east)
    return b


def moves(board, player):
    return [i for i, (r, c) in enumerate(circuit(player)) if board[r][c] >= 2]

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
