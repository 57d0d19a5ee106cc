#!/usr/bin/env python3
"""Perft of the two Muvalavala games (4x6), written from their rules (Silva
1995 via Ludii, see variants/muvalavala-quioco.variant and
variants/muvalavala-luena.variant), independently of `sow`'s engine and of
its pit numbering.

Cross-checks tests/perft/muvalavala-quioco.perft and
tests/perft/muvalavala-luena.perft. The board is a grid seen from above with
South at the bottom: rows 0 (North's outer), 1 (North's inner), 2 (South's
inner), 3 (South's outer); columns 0-5 from west (South's left) to east.
Seen from above, anti-clockwise runs east along the bottom and west along
the top: South goes east along row 3 and back west along row 2, North west
along row 0 and back east along row 1; clockwise is the reverse.

Quioco (the default):
- Start: each player 12 in their leftmost outer pit, nothing in their
  leftmost inner pit, 1 in every other pit (South's left is west, North's
  east). 44 stones.
- A move lifts an own pit holding 2 or more and sows anti-clockwise.
- A lap ending in an empty pit ends the move. A lap ending in an occupied pit
  of the mover's inner row whose facing pit (the opponent's inner pit in the
  column) holds stones takes them, and the opponent's outer pit behind too,
  and sows them on from the pit after the landing pit (which keeps its
  stones); where they end is the end of a lap like any other. Any other lap
  ending in an occupied pit lifts it and sows on.

Luena (--luena):
- Start: 2 in every pit, 48 stones.
- A move lifts any own pit holding a stone and sows clockwise; each player's
  first move is from their inner row.
- A lap ending in an occupied pit lifts it and sows on. A lap ending in an
  empty pit ends the move; if that pit is in the mover's inner row and its
  facing pit holds stones, those are captured, with the opponent's outer pit
  behind it.

Both: a move is cut after 1001 laps, as `sow` does (a bound of the engine,
not of the rules); the player to move without a move has none (perft 0
below).

Usage: python3 -m perft_oracles.muvalavala [--luena] DEPTH [POSITION]

POSITION is in sow's notation ("a-f / g-l / A-F / G-L south|north"): South's
outer row a-f from the west, inner row g-l from the east, North's outer row
A-F from the east, inner row G-L from the west. A position given is past
both players' first moves.
"""
import sys

from perft_oracles import core

COLS = 6
MAX_LAPS = 1001
LUENA = "--luena" in sys.argv
INNER = {0: 2, 1: 1}  # player -> their inner row (0 South, 1 North)
OUTER = {0: 3, 1: 0}


def circuit(player):
    """The mover's pits in sowing order, as (row, column)."""
    ccw = core.four_row_circuit(player, COLS)
    return list(reversed(ccw)) if LUENA else ccw


def move(state, index):
    board, player, firsts = state
    b = [row[:] for row in board]
    path = circuit(player)
    opp = 1 - player
    at, hand = index, None
    for _ in range(MAX_LAPS):
        if hand is None:
            r, c = path[at]
            hand, b[r][c] = b[r][c], 0
        while hand:
            at = (at + 1) % len(path)
            r, c = path[at]
            b[r][c] += 1
            hand -= 1
        hand = None
        r, c = path[at]
        facing = b[INNER[opp]][c]
        if r == INNER[player] and facing > 0 and (b[r][c] > 1) != LUENA:
            taken = facing + b[OUTER[opp]][c]
            b[INNER[opp]][c] = 0
            b[OUTER[opp]][c] = 0
            if LUENA:
                break  # kept by the mover: the lap ended in an empty pit
            hand = taken  # Quioco: sown on from the pit after the landing pit
            continue
        if b[r][c] > 1:
            continue  # relay from the landing pit
        break
    return b, opp, max(firsts - 1, 0)


def moves(state):
    board, player, firsts = state
    path = circuit(player)
    least = 1 if LUENA else 2
    return [
        i
        for i, (r, c) in enumerate(path)
        if board[r][c] >= least and (firsts == 0 or r == INNER[player])
    ]




def start():
    b = [[0] * COLS for _ in range(4)]
    if LUENA:
        return [[2] * COLS for _ in range(4)], 0, 2
    for row in range(4):
        for c in range(COLS):
            b[row][c] = 1
    b[3][0], b[2][0] = 12, 0  # South's left is west
    b[0][COLS - 1], b[1][COLS - 1] = 12, 0  # North's left is east
    return b, 0, 0


def parse(text):
    """A position in sow's notation, as a state past the first moves."""
    words = text.replace("/", " ").split()
    counts, mover = [int(w) for w in words[: 4 * COLS]], words[4 * COLS]
    b = [[0] * COLS for _ in range(4)]
    for c in range(COLS):
        b[3][c] = counts[c]  # a-f, west to east
        b[2][COLS - 1 - c] = counts[COLS + c]  # g-l, east to west
        b[0][COLS - 1 - c] = counts[2 * COLS + c]  # A-F, east to west
        b[1][c] = counts[3 * COLS + c]  # G-L, west to east
    return b, 0 if mover == "south" else 1, 0


def main():
    args = [a for a in sys.argv[1:] if a != "--luena"]
    depth = int(args[0])
    state = parse(args[1]) if len(args) > 1 else start()
    core.print_table(state, depth, moves, move)


if __name__ == "__main__":
    main()
