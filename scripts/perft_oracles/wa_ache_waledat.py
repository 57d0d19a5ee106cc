#!/usr/bin/env python3
"""Perft of Wa'ache Waledat, written from its rules (Pankhurst 1971: 171 as
in Ludii's Wa'ache Waledat.lud) independently of `sow`'s engine.

Cross-checks tests/perft/wa-ache-waledat.perft.

2x6, three counters a hole, no stores. Holes 0-5 are South's (a-f, from
South's left), 6-11 North's (A-F, from North's left): anti-clockwise is
0, 1, ..., 11, 0. A player lifts any non-empty hole of their row: the
three on their left sow clockwise, the three on their right
anti-clockwise, and every lap of the move goes the same way. A lap starts
in the hole after the one lifted (a lap of 12 or more drops into the
emptied hole too). A lap whose last counter lands in an occupied hole:
if the hole now holds four and the move is not one of the first two of
the game (each player's first turn), the mover takes the four, the move
ends and the same player moves again; otherwise the hole's counters are
lifted and sown on. A lap ending in an empty hole ends the move and the
turn passes. The game ends after a move that leaves a row empty (no move
is counted from there). Relays are cut after 1000 relay laps, as `sow`
does (a bound of the engine; not reached within these depths).

Usage: python3 -m perft_oracles.wa_ache_waledat DEPTH
"""
import sys

from perft_oracles import core

P = 6
N = 2 * P
MAX_RELAYS = 1000


def step(hole, clockwise):
    return (hole - 1) % N if clockwise else (hole + 1) % N


def move(board, captured, player, hole, plies_before):
    """Plays `hole`; returns the board, the captures and who moves next."""
    b, c = list(board), list(captured)
    clockwise = hole % P < 3  # the owner's left three holes
    may_capture = plies_before >= 2
    origin = hole
    for _ in range(MAX_RELAYS + 1):
        stones, b[origin] = b[origin], 0
        at = origin
        while stones:
            at = step(at, clockwise)
            b[at] += 1
            stones -= 1
        if b[at] == 1:
            return b, c, 1 - player
        if b[at] == 4 and may_capture:
            c[player] += 4
            b[at] = 0
            return b, c, player
        origin = at
    return b, c, 1 - player


def row_empty(board):
    return sum(board[:P]) == 0 or sum(board[P:]) == 0


def legal(state):
    """The mover's non-empty holes; none once a row is empty after the first ply."""
    board, _, player, plies = state
    if plies > 0 and row_empty(board):
        return []
    return [h for h in range(player * P, player * P + P) if board[h] > 0]


def after(state, hole):
    board, captured, player, plies = state
    return (*move(board, captured, player, hole, plies), plies + 1)


def main():
    core.print_table(([3] * N, [0, 0], 0, 0), int(sys.argv[1]), legal, after)


if __name__ == "__main__":
    main()
