#!/usr/bin/env python3
"""Perft of English Wari (St. Lucia), written from its rules (Herskovits
1932: 31, as in Ludii's "English Wari (St. Lucia).lud") independently of
`sow`'s engine.

Cross-checks tests/perft/english-wari-st-lucia.perft.

2x6, four counters a hole; the store holes only keep captures. Holes 0-5
are South's (a-f, from South's left), 6-11 North's (A-F, from North's
left): anti-clockwise is 0, 1, ..., 11, 0.

- The first move of each player (plies 1 and 2) takes every counter of one
  hole of their row and puts them into the next hole anti-clockwise (f into
  A, F into a); nothing is captured. (Ludii's "Init" phase; every hole
  holds four or more then, so no hole is refused.)
- After that a player sows a hole of their row holding two or more,
  anti-clockwise from the next hole, skipping the emptied hole on a long
  sowing. If the last hole now holds four it is captured, and so is each
  hole before it (against the sowing, across the rows) holding four, up to
  the first that does not.
- A move is legal only if it leaves the opponent a hole of two or more
  (Ludii's `ifAfterwards`); a player with no legal move ends the game.

Usage: python3 -m perft_oracles.english_wari_st_lucia DEPTH
"""
import sys

from perft_oracles import core

P = 6
N = 2 * P


def row(player):
    return range(player * P, player * P + P)


def shift(board, hole):
    b = list(board)
    b[(hole + 1) % N] += b[hole]
    b[hole] = 0
    return b


def sow(board, hole):
    b = list(board)
    stones, b[hole] = b[hole], 0
    at = hole
    while stones:
        at = (at + 1) % N
        if at == hole:
            continue
        b[at] += 1
        stones -= 1
    taken = 0
    while b[at] == 4:
        taken += 4
        b[at] = 0
        at = (at - 1) % N
    return b, taken


def moves(board, player, ply):
    """The positions after each legal move of `player`, in hole order."""
    out = []
    for hole in row(player):
        if ply < 2:
            out.append(shift(board, hole))
            continue
        if board[hole] < 2:
            continue
        b, _ = sow(board, hole)
        if any(b[h] >= 2 for h in row(1 - player)):
            out.append(b)
    return out


def main():
    core.print_table(
        ([4] * N, 0, 0),
        int(sys.argv[1]),
        lambda s: moves(*s),
        lambda s, board: (board, 1 - s[1], s[2] + 1),
    )


if __name__ == "__main__":
    main()
