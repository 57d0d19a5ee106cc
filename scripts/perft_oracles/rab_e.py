#!/usr/bin/env python3
"""Perft of Rab'e (3x6), written from its rules (Pankhurst 1971 via Ludii,
see variants/rab-e.variant), independently of `sow`'s engine and of its pit
numbering.

Cross-checks tests/perft/rab-e.perft. The board is a grid seen from above
with South at the bottom: rows 0 (North's), 1 (the middle row), 2
(South's); columns 0-5 from west (South's left) to east. South owns row 2
and the east half of row 1 (columns 3-5), North row 0 and the west half
(columns 0-2).

- Start: 4 in every pit, 72 stones.
- One circuit for both players, Ludii's track "0,E,N1,W2,17,W,S1,E2":
  row 2 west to east, row 1 from column 5 to 3, row 0 east to west, row 1
  from column 0 to 2, back to row 2 column 0.
- A move lifts any own pit holding a stone and sows along the circuit from
  the next pit. A pit a stone makes hold exactly 4 is captured by the mover
  there and then, and the sowing goes on. If the last stone's pit was so
  captured the move ends; if it holds more than one stone it is lifted and
  sown on (relay); otherwise the move ends.
- The game ends when a player's pits are all empty (no moves there either).
- A move is cut after 1001 laps, as `sow` does.

Usage: python3 -m perft_oracles.rab_e DEPTH [POSITION]

POSITION is in sow's notation ("a-f / g-i / A-F / G-I south|north"):
South's row a-f from the west, its half of the middle row g-i from the east
edge, North's row A-F from the east, its half G-I from the west edge.
"""
import sys

from perft_oracles import core

COLS = 6
MAX_LAPS = 1001
CIRCUIT = (
    [(2, c) for c in range(COLS)]
    + [(1, c) for c in (5, 4, 3)]
    + [(0, c) for c in reversed(range(COLS))]
    + [(1, c) for c in (0, 1, 2)]
)


def owned(player):
    if player == 0:
        return [(2, c) for c in range(COLS)] + [(1, c) for c in (3, 4, 5)]
    return [(0, c) for c in range(COLS)] + [(1, c) for c in (0, 1, 2)]


def move(board, player, cell):
    b = [row[:] for row in board]
    at = CIRCUIT.index(cell)
    for _ in range(MAX_LAPS):
        r, c = CIRCUIT[at]
        hand, b[r][c] = b[r][c], 0
        taken = False
        while hand:
            at = (at + 1) % len(CIRCUIT)
            r, c = CIRCUIT[at]
            b[r][c] += 1
            hand -= 1
            taken = b[r][c] == 4
            if taken:
                b[r][c] = 0  # captured by the mover (not counted here)
        if taken or b[r][c] <= 1:
            break
    return b


def moves(board, player):
    if any(sum(board[r][c] for r, c in owned(p)) == 0 for p in (0, 1)):
        return []  # a side is empty: the game is over
    return [cell for cell in owned(player) if board[cell[0]][cell[1]] > 0]




def parse(text):
    words = text.replace("/", " ").split()
    counts, mover = [int(w) for w in words[:18]], words[18]
    b = [[0] * COLS for _ in range(3)]
    for c in range(COLS):
        b[2][c] = counts[c]  # a-f, west to east
        b[0][COLS - 1 - c] = counts[9 + c]  # A-F, east to west
    for k in range(3):
        b[1][5 - k] = counts[6 + k]  # g-i from the east edge
        b[1][k] = counts[15 + k]  # G-I from the west edge
    return b, 0 if mover == "south" else 1


def main():
    depth = int(sys.argv[1])
    if len(sys.argv) > 2:
        board, player = parse(sys.argv[2])
    else:
        board, player = [[4] * COLS for _ in range(3)], 0
    core.print_table(
        (board, player),
        depth,
        lambda s: moves(*s),
        lambda s, cell: (move(s[0], s[1], cell), 1 - s[1]),
    )


if __name__ == "__main__":
    main()
