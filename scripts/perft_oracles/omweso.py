#!/usr/bin/env python3
"""Perft of Omweso (4x8), written from its rules (Shackell 1934 via Ludii
"Mweso", see variants/omweso.variant), independently of `sow`'s engine and
of its pit numbering.

Cross-checks tests/perft/omweso.perft. The board is a grid seen from above
with South at the bottom: rows 0 (North's outer), 1 (North's inner), 2
(South's inner), 3 (South's outer); columns 0-7 from west (South's left) to
east. Anti-clockwise, South goes east along row 3 and back west along row
2, North west along row 0 and back east along row 1.

- Start: an empty board; each player holds 32 stones and places them one
  at a time in any pit of their own two rows, South first, the players
  taking turns; then South moves first.
- A move lifts an own pit holding 2 or more and sows anti-clockwise round
  the mover's own two rows, from the next pit.
- A lap ending in an empty pit ends the move. A lap ending in an occupied pit
  of the mover's inner row, when the opponent's inner pit in that column and
  the outer pit behind it both hold stones, takes both and sows them on
  from the first pit the lap sowed into (the pit after the one the lap was
  lifted from); where they end is the end of a lap like any other.
  Otherwise a lap ending in an occupied pit lifts it and sows on.
- A move may also go clockwise (for all its laps, the captured stones
  sown on clockwise too) from the two pits at the mover's left end of each
  of their rows (South: columns 0-1 of rows
  2 and 3; North: columns 6-7 of rows 0 and 1), when it captures on some
  lap; otherwise it is not a move.
- A move is cut after 1001 laps, as `sow` does.

Usage: python3 -m perft_oracles.omweso DEPTH [POSITION]

POSITION is in sow's notation ("a-h / i-p / A-H / I-P south|north"), as in
perft_oracles/tsoro.py, optionally ending in "placing S N" (the stones
South and North still hold to place).
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


LEFT = {0: [(3, 0), (3, 1), (2, 0), (2, 1)], 1: [(0, COLS - 1), (0, COLS - 2), (1, COLS - 1), (1, COLS - 2)]}


def move(board, player, index, step=1):
    """The board after the move from `path[index]` going `step` (1
    anti-clockwise, -1 clockwise), and the stones it captured."""
    b = [row[:] for row in board]
    path = circuit(player)
    opp = 1 - player
    origin, hand, taken = index, None, 0
    for _ in range(MAX_LAPS):
        if hand is None:
            r, c = path[origin]
            hand, b[r][c] = b[r][c], 0
        at = origin
        while hand:
            at = (at + step) % len(path)
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
            taken += hand
            b[inner][c] = b[outer][c] = 0
            continue  # sown from the pit after this lap's origin
        origin = at  # relay
    return b, taken


def moves(state):
    """The legal moves: (pit index, step) pairs while sowing, ("+", pit
    index) while placing."""
    board, player, hands = state
    path = circuit(player)
    if hands[player]:
        return [("+", i) for i in range(len(path))]
    ccw = [(i, 1) for i, (r, c) in enumerate(path) if board[r][c] >= 2]
    cw = [
        (i, -1)
        for i, (r, c) in enumerate(path)
        if (r, c) in LEFT[player] and board[r][c] >= 2 and move(board, player, i, -1)[1] > 0
    ]
    return ccw + cw


def play(state, m):
    board, player, hands = state
    if m[0] == "+":
        b = [row[:] for row in board]
        r, c = circuit(player)[m[1]]
        b[r][c] += 1
        left = list(hands)
        left[player] -= 1
        if left[1 - player]:
            return b, 1 - player, tuple(left)
        if left[player]:
            return b, player, tuple(left)
        return b, 0, tuple(left)
    return move(board, player, m[0], m[1])[0], 1 - player, hands


def parse(position):
    """A position, with its hands ("placing S N" at the end, else none)."""
    words = position.split()
    hands = (0, 0)
    if "placing" in words:
        k = words.index("placing")
        hands = (int(words[k + 1]), int(words[k + 2]))
        words = words[:k]
    board, player = core.parse_four_rows(" ".join(words), COLS)
    return board, player, hands


def main():
    depth, position = core.depth_and_position(sys.argv)
    state = parse(position) if position else ([[0] * COLS for _ in range(4)], 0, (32, 32))
    core.print_table(state, depth, moves, play)


if __name__ == "__main__":
    main()
