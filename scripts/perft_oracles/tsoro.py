#!/usr/bin/env python3
"""Perft of Tsoro (4x8), and of Tsoro with re-entered captures, written from its rules (Matthews 1964 via Ludii
"Tsoro", see variants/tsoro.variant), independently of `sow`'s engine and of
its pit numbering.

Cross-checks tests/perft/tsoro.perft and the perft test of
tests/fixtures/four-rows/tsoro-reentered.variant (tests/tsoro.rs). The board is a grid seen from above
with South at the bottom: rows 0 (North's outer), 1 (North's inner), 2
(South's inner), 3 (South's outer); columns 0-7 from west (South's left) to
east.

- Start: 2 in every outer pit, the inner rows empty. 32 stones.
- A move lifts an own pit and sows counter-clockwise round the mover's own
  two rows, from the next pit: South east along row 3 and back west along
  row 2, North west along row 0 and back east along row 1.
- A lap ending in an occupied pit lifts it and sows on. A lap ending in an
  empty pit ends the move; if that pit is in the mover's inner row and the
  opponent's inner pit in its column holds stones, those are taken out of
  play, and with them the stones of the opponent's outer pit behind it.
- Moves: the pits holding 2 or more; when there is none, the pits holding 1
  whose next pit on the circuit is empty.
- With --reentered (Tsoro (Reentered Captures)), the stones taken are sown
  on round the mover's circuit from the pit after the landing pit (which
  keeps its stone), and the move goes on from where they end like any lap.
- A move is cut after 1001 laps, as `sow` does (a bound of the engine, not of
  the rules).

- With --njombwa (Njombwa (Two Counters), Sanderson 1913 via Ludii, the
  same rules on another start): 2 in every pit but each player's leftmost
  inner pit (empty) and the pit to its right (1). 58 stones.
- With --zanzibar2 (Bao Ki Arabu (Zanzibar 2), Ingrams 1931 via Ludii,
  tests/fixtures/four-rows/bao-ki-arabu-zanzibar-2.variant): 2 in every
  pit (64 stones), and any pit holding a stone may be sown.
- With --nchayo (Nchayo, Viegas Guerreiro 1966 via Ludii,
  tests/fixtures/four-rows/nchayo.variant): four rows of 5 pits, 1 in
  every pit (20 stones), and any pit holding a stone may be sown.

Usage: python3 -m perft_oracles.tsoro [--reentered | --njombwa | --zanzibar2 | --nchayo] DEPTH [POSITION]

POSITION is in sow's notation ("a-h / i-p / A-H / I-P south|north"): South's
outer row a-h from the west, inner row i-p from the east, North's outer row
A-H from the east, inner row I-P from the west.
"""
import sys

from perft_oracles import core

# --nchayo: four rows of 5 pits.
NCHAYO = "--nchayo" in sys.argv
COLS = 5 if NCHAYO else 8
# --zanzibar2: 2 in every pit, any pit holding a stone may be sown.
ZANZIBAR2 = "--zanzibar2" in sys.argv
MAX_LAPS = 1001
# --reentered: Tsoro (Reentered Captures), variants/tsoro-reentered.variant.
REENTERED = "--reentered" in sys.argv
# --njombwa: Njombwa (Two Counters), variants/njombwa-two-counters.variant.
NJOMBWA = "--njombwa" in sys.argv
FLAGS = ("--reentered", "--njombwa", "--zanzibar2", "--nchayo")
INNER = {0: 2, 1: 1}  # player -> their inner row (0 South, 1 North)
OUTER = {0: 3, 1: 0}


def circuit(player):
    """The mover's pits in counter-clockwise order, as (row, column)."""
    return core.four_row_circuit(player, COLS)


def move(board, player, index):
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
        if b[r][c] > 1:
            continue  # relay from the landing pit
        if r == INNER[player] and b[INNER[opp]][c] > 0:
            taken = b[INNER[opp]][c] + b[OUTER[opp]][c]
            b[INNER[opp]][c] = 0
            b[OUTER[opp]][c] = 0
            if REENTERED:
                hand = taken  # sown on from the pit after the landing pit
                continue
        break
    return b


def moves(board, player):
    path = circuit(player)
    if ZANZIBAR2 or NCHAYO:
        return [i for i, (r, c) in enumerate(path) if board[r][c] >= 1]
    big = [i for i, (r, c) in enumerate(path) if board[r][c] >= 2]
    if big:
        return big
    return [
        i
        for i, (r, c) in enumerate(path)
        if board[r][c] == 1 and board[path[(i + 1) % len(path)][0]][path[(i + 1) % len(path)][1]] == 0
    ]


def start():
    b = [[0] * COLS for _ in range(4)]
    if ZANZIBAR2 or NCHAYO:
        return [[2 if ZANZIBAR2 else 1] * COLS for _ in range(4)]
    for c in range(COLS):
        b[0][c] = b[3][c] = 2
    if NJOMBWA:
        for c in range(COLS):
            b[1][c] = b[2][c] = 2
        # South's left is the west, North's the east.
        b[2][0], b[2][1] = 0, 1
        b[1][COLS - 1], b[1][COLS - 2] = 0, 1
    return b


def main():
    depth, position = core.depth_and_position(sys.argv, FLAGS)
    board, player = core.parse_four_rows(position, COLS) if position else (start(), 0)
    core.print_table(
        (board, player),
        depth,
        lambda s: moves(*s),
        lambda s, i: (move(s[0], s[1], i), 1 - s[1]),
    )


if __name__ == "__main__":
    main()
