#!/usr/bin/env python3
"""Perft of Bao la Kujifunza (4x8), written from its rules (de Voogt's
mtaji rules, see variants/bao-la-kujifunza.variant), independently of
`sow`'s engine and of its pit numbering.

Cross-checks tests/perft/bao-la-kujifunza.perft. The board is a grid seen
from above with South at the bottom: rows 0 (North's outer), 1 (North's
inner), 2 (South's inner), 3 (South's outer); columns 0-7 from west
(South's left) to east. Anti-clockwise, South goes east along row 3 and
back west along row 2, North west along row 0 and back east along row 1;
clockwise the other way. A player's right kichwa is the end of their inner
row where the anti-clockwise circuit enters it (South: row 2 column 7,
North: row 1 column 0), the left kichwa the other end; the kimbi are each
kichwa and the pit next to it.

- Start: 2 in every pit, 64 stones.
- A move lifts an own pit holding 2 or more and sows it either way round
  the mover's own two rows, from the next pit.
- A lap ending in an empty pit ends the move. A lap ending in an occupied
  pit of the mover's inner row whose facing pit (the opponent's inner pit
  in that column) holds stones takes that pit, when the move's first lap
  did so (a move whose first lap does not capture captures nothing), and
  sows the stones on from a kichwa, which gets the first: in a kimbi from
  the nearer kichwa, else from the kichwa from which the move's direction
  goes on; the right kichwa sows anti-clockwise, the left clockwise, and
  the move goes on that way. Otherwise a lap ending in an occupied pit
  lifts it and sows on.
- If some move's first lap captures, only such moves are legal.
- A player whose inner row is empty loses: the game is over as soon as
  either inner row is empty (whoever moved), and such a position has no
  moves; nor has one whose player to move has no pit of 2 or more.
- A move is cut after 1001 laps, as `sow` does (a capture on the last lap
  is not taken).

Usage: python3 -m perft_oracles.bao_la_kujifunza DEPTH [POSITION]

POSITION is in sow's notation ("a-h / i-p / A-H / I-P south|north"), as in
perft_oracles/omweso.py.
"""
import sys

from perft_oracles import core

COLS = 8
MAX_LAPS = 1001
INNER = {0: 2, 1: 1}


def circuit(player):
    """The mover's pits in counter-clockwise order, as (row, column)."""
    return core.four_row_circuit(player, COLS)


def sow(b, path, origin, hand, step):
    at = origin
    while hand:
        at = (at + step) % len(path)
        r, c = path[at]
        b[r][c] += 1
        hand -= 1
    return at


def captures_here(b, player, path, at):
    """The facing pit's (row, column) if the lap ending at `at` may capture."""
    r, c = path[at]
    opp = INNER[1 - player]
    if b[r][c] > 1 and r == INNER[player] and b[opp][c] > 0:
        return opp, c
    return None


def first_lap_captures(board, player, index, step):
    b = [row[:] for row in board]
    path = circuit(player)
    r, c = path[index]
    hand, b[r][c] = b[r][c], 0
    at = sow(b, path, index, hand, step)
    return captures_here(b, player, path, at) is not None


def move(board, player, index, step):
    b = [row[:] for row in board]
    path = circuit(player)
    n = len(path)
    origin, hand = index, None
    first_captured = False
    for lap in range(MAX_LAPS):
        if hand is None:
            r, c = path[origin]
            hand, b[r][c] = b[r][c], 0
        at = sow(b, path, origin, hand, step)
        hand = None
        r, c = path[at]
        if b[r][c] == 1:
            break
        facing = captures_here(b, player, path, at)
        if facing and (lap == 0 or first_captured) and lap < MAX_LAPS - 1:
            first_captured = True
            fr, fc = facing
            hand, b[fr][fc] = b[fr][fc], 0
            # Places along the inner row from the right kichwa (index 8).
            k = at - COLS
            if k <= 1:
                step = 1
            elif k >= COLS - 2:
                step = -1
            kichwa = COLS if step == 1 else n - 1
            origin = (kichwa - step) % n  # the pit before it going `step`
            continue
        if lap == MAX_LAPS - 1:
            break
        origin = at  # relay
    return b


def moves(board, player):
    path = circuit(player)
    all_moves = [
        (i, step)
        for i, (r, c) in enumerate(path)
        if board[r][c] >= 2
        for step in (1, -1)
    ]
    capturing = [m for m in all_moves if first_lap_captures(board, player, *m)]
    return capturing or all_moves


def inner_row_empty(board):
    """Whether either player's inner row is empty (the game is over)."""
    return any(all(n == 0 for n in board[INNER[p]]) for p in (0, 1))


def legal(state):
    """No moves once an inner row is empty: the game is over."""
    board, player = state
    return [] if inner_row_empty(board) else moves(board, player)


def main():
    depth, position = core.depth_and_position(sys.argv)
    board, player = core.parse_four_rows(position, COLS) if position else ([[2] * COLS for _ in range(4)], 0)
    core.print_table(
        (board, player),
        depth,
        legal,
        lambda s, m: (move(s[0], s[1], *m), 1 - s[1]),
    )


if __name__ == "__main__":
    main()
