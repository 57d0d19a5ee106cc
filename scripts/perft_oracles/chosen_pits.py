#!/usr/bin/env python3
"""Perft of the four-row games whose capture earns pits the mover chooses:
Tsoro (Additional Capture) and Tshuba, written from their rules (Ludii's
rule text and code, see variants/tsoro-additional-capture.variant and
variants/tshuba.variant), independently of `sow`'s engine and of its pit
numbering.

Cross-checks tests/perft/tsoro-additional-capture.perft and
tests/perft/tshuba.perft. The board is a grid seen from above with South at
the bottom: rows 0 (North's outer), 1 (North's inner), 2 (South's inner),
3 (South's outer); columns from west (South's left) to east.

A state is the board, the player to move and the pits they still take.

- A move lifts an own pit and sows counter-clockwise round the mover's own
  two rows, from the next pit: South east along row 3 and back west along
  row 2, North west along row 0 and back east along row 1.
- A lap ending in an occupied pit lifts it and sows on. A lap ending in an
  empty pit ends the move; if that pit is in the mover's inner row, the
  capture looks at the opponent's inner pit in its column and the outer
  pit behind it; the stones taken leave the board.
- Each pit the capture earns is a ply of its own: the mover empties one of
  the opponent's pits holding stones, while they have any; then the turn
  passes. A player with no move has lost: the game is over.
- A move is cut after 1001 laps, as `sow` does (a bound of the engine, not
  of the rules).

- Default, Tsoro (Additional Capture) on 4x8: 2 in every outer pit, the
  inner rows empty (32 stones); moves are the pits holding 2 or more, when
  there is none the pits holding 1 whose next pit on the circuit is empty;
  the capture takes the facing inner pit when it holds stones, and then
  the outer pit behind it too, and earns 3 pits.
- With --tshuba (Tshuba on 4x4): 2 in every pit (32 stones); any pit
  holding a stone may be sown; the capture takes the facing inner pit and
  the outer pit behind it, each when it holds stones, and every landing in
  an empty inner pit earns 1 pit, whatever it took.

Usage: python3 -m perft_oracles.chosen_pits [--tshuba] DEPTH [POSITION]

POSITION is in sow's notation ("outer / inner / outer / inner south|north",
optionally ending in `taking N`).
"""
import sys

from perft_oracles import core

TSHUBA = "--tshuba" in sys.argv
COLS = 4 if TSHUBA else 8
EARNED = 1 if TSHUBA else 3
MAX_LAPS = 1001
INNER = {0: 2, 1: 1}  # player -> their inner row (0 South, 1 North)
OUTER = {0: 3, 1: 0}


def circuit(player):
    """The mover's pits in counter-clockwise order, as (row, column)."""
    return core.four_row_circuit(player, COLS)


def opponent_pits(board, player):
    """The opponent's pits holding stones, as (row, column)."""
    return [(r, c) for (r, c) in circuit(1 - player) if board[r][c] > 0]


def after_turn(board, player, to_take):
    """The state once the mover has `to_take` pits still to take (cut to the
    opponent's pits holding stones): the mover again, or the opponent."""
    to_take = min(to_take, len(opponent_pits(board, player)))
    if to_take:
        return (board, player, to_take)
    return (board, 1 - player, 0)


def sow(board, player, index):
    """Sows the mover's pit `index` (on their circuit); returns the board
    and the pits the move earns."""
    b = [row[:] for row in board]
    path = circuit(player)
    opp = 1 - player
    at = index
    for _ in range(MAX_LAPS):
        r, c = path[at]
        hand, b[r][c] = b[r][c], 0
        while hand:
            at = (at + 1) % len(path)
            r, c = path[at]
            b[r][c] += 1
            hand -= 1
        r, c = path[at]
        if b[r][c] > 1:
            continue  # relay from the landing pit
        if r != INNER[player]:
            return b, 0
        facing, behind = b[INNER[opp]][c], b[OUTER[opp]][c]
        if TSHUBA:
            b[INNER[opp]][c] = 0
            b[OUTER[opp]][c] = 0
            return b, EARNED
        if facing == 0:
            return b, 0
        b[INNER[opp]][c] = 0
        b[OUTER[opp]][c] = 0
        return b, EARNED
    return b, 0


def moves(state):
    board, player, to_take = state
    if to_take:
        return [("take", rc) for rc in opponent_pits(board, player)]
    path = circuit(player)
    if TSHUBA:
        return [("sow", i) for i, (r, c) in enumerate(path) if board[r][c] >= 1]
    big = [("sow", i) for i, (r, c) in enumerate(path) if board[r][c] >= 2]
    if big:
        return big
    return [
        ("sow", i)
        for i, (r, c) in enumerate(path)
        if board[r][c] == 1 and board[path[(i + 1) % len(path)][0]][path[(i + 1) % len(path)][1]] == 0
    ]


def play(state, mv):
    board, player, to_take = state
    kind, what = mv
    if kind == "take":
        r, c = what
        b = [row[:] for row in board]
        b[r][c] = 0
        return after_turn(b, player, to_take - 1)
    b, earned = sow(board, player, what)
    return after_turn(b, player, earned)


def start():
    if TSHUBA:
        return [[2] * COLS for _ in range(4)]
    b = [[0] * COLS for _ in range(4)]
    for c in range(COLS):
        b[0][c] = b[3][c] = 2
    return b


def main():
    depth, position = core.depth_and_position(sys.argv, ("--tshuba",))
    if position:
        words = position.split()
        to_take = 0
        if "taking" in words:
            k = words.index("taking")
            to_take = int(words[k + 1])
            position = " ".join(words[:k])
        board, player = core.parse_four_rows(position, COLS)
    else:
        board, player, to_take = start(), 0, 0
    freeze = lambda b: tuple(tuple(row) for row in b)
    thaw = lambda b: [list(row) for row in b]
    core.print_table(
        (freeze(board), player, to_take),
        depth,
        lambda s: moves((thaw(s[0]), s[1], s[2])),
        lambda s, m: (lambda t: (freeze(t[0]), t[1], t[2]))(play((thaw(s[0]), s[1], s[2]), m)),
        memo={},
    )


if __name__ == "__main__":
    main()
