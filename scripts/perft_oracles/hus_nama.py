#!/usr/bin/env python3
"""Perft of Hus (Nama) (4x16), written from its rules (Schultze 1907 via
Ludii's "Hus (Nama)", see variants/hus-nama.variant), independently of
`sow`'s engine and of its pit numbering.

Cross-checks tests/perft/hus-nama.perft. The board is a grid seen from above
with South at the bottom: rows 0 (North's outer), 1 (North's inner), 2
(South's inner), 3 (South's outer); columns 0-15 from west (South's left)
to east.

- Start: 2 in every outer pit and in the eight rightmost pits of each inner
  row (South's right is east: row 2, columns 8-15; North's right is west:
  row 1, columns 0-7). 96 stones.
- Each player's first turn is one of four fixed moves, written here from
  the site numbers of Ludii's code (site s is row s // 16 from the bottom,
  column s % 16): South 6 -> 10, 11; 10 -> 25, 26; 24 -> 25, 26; 7 -> 8, 9;
  North 57 -> 53, 52; 53 -> 38, 37; 39 -> 38, 37; 56 -> 55, 54: all the
  stones of the first site go one each into the others; nothing else
  happens.
- Later moves lift an own pit holding 2 or more and sow counter-clockwise
  round the mover's own two rows, from the next pit (South east along row
  3 and back west along row 2, North west along row 0 and back east along
  row 1).
- A lap ending in an empty pit ends the move. A lap ending in an occupied
  pit of either of the mover's rows, when the opponent's inner pit in that
  column holds stones, takes it and the opponent's outer pit behind it (if
  it holds any) and sows them on from the pit after the landing pit (which
  keeps its stones); the move then ends. Otherwise a lap ending in an
  occupied pit lifts it and sows on.
- A move is cut after 1001 laps, as `sow` does (a bound of the engine, not
  of the rules).
- The player to move without a pit of 2 or more has lost: no moves.

Usage: python3 -m perft_oracles.hus_nama DEPTH
"""
import sys

from perft_oracles import core

COLS = 16
MAX_LAPS = 1001
INNER = {0: 2, 1: 1}  # player -> their inner row (0 South, 1 North)
OUTER = {0: 3, 1: 0}
OPENINGS = {
    0: {6: (10, 11), 10: (25, 26), 24: (25, 26), 7: (8, 9)},
    1: {57: (53, 52), 53: (38, 37), 39: (38, 37), 56: (55, 54)},
}


def cell(site):
    """Ludii's site as (row from the top, column)."""
    return 3 - site // COLS, site % COLS


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
    b = [list(row) for row in board]
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
        if b[inner][c] > 0:
            taken = b[inner][c] + b[outer][c]
            b[inner][c] = b[outer][c] = 0
            lap(b, path, last, taken)
            break
        hand, b[r][c] = b[r][c], 0
        origin = last
    return b


def opening(board, player, site):
    b = [list(row) for row in board]
    r, c = cell(site)
    stones, b[r][c] = b[r][c], 0
    assert stones == len(OPENINGS[player][site])
    for to in OPENINGS[player][site]:
        tr, tc = cell(to)
        b[tr][tc] += 1
    return b


def start():
    b = [[0] * COLS for _ in range(4)]
    for c in range(COLS):
        b[0][c] = b[3][c] = 2
    for c in range(COLS // 2):
        b[1][c] = 2  # North's rightmost inner pits (west)
        b[2][COLS - 1 - c] = 2  # South's rightmost inner pits (east)
    return b


def moves(state):
    board, player, first_turns = state
    if first_turns < 2:
        return list(OPENINGS[player])
    return [i for i, (r, c) in enumerate(circuit(player)) if board[r][c] >= 2]


def play(state, m):
    board, player, first_turns = state
    if first_turns < 2:
        b = opening(board, player, m)
    else:
        b = move(board, player, m)
    return tuple(map(tuple, b)), 1 - player, first_turns + 1


def main():
    depth, position = core.depth_and_position(sys.argv)
    if position:
        board, player = core.parse_four_rows(position, COLS)
        state = (tuple(map(tuple, board)), player, 2)
    else:
        state = (tuple(map(tuple, start())), 0, 0)
    core.print_table(state, depth, moves, play, memo={})


if __name__ == "__main__":
    main()
