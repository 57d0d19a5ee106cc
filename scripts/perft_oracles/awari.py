#!/usr/bin/env python3
"""Perft of Awari written from Ludii's Awari.lud, independently of `sow`'s engine.

Cross-checks tests/perft/awari.perft. Rules (Ludii, two_rows/Awari.lud): 2x6,
4 counters; sow anticlockwise from the next hole, skipping the origin
(`includeSelf:False`); the last counter making 2 or 3 in the opponent's row
captures it and, backward, the holes of the opponent's row holding 2 or 3; a
move must leave the opponent a counter (`ifAfterwards`); the game ends when no
hole holds more than one counter. A player without a legal move passes while
the opponent has one (Ludii's automatic pass); when the opponent's row is
empty and no move feeds it, `sow` ends the game (the file's stand-in).

Usage: python3 -m perft_oracles.awari DEPTH ["a b c d e f / A B C D E F south"]
"""
import sys

from perft_oracles import core

N = 12  # holes: 0-5 south (a-f), 6-11 north (A-F), anticlockwise order


def own(player):
    return range(0, 6) if player == 0 else range(6, 12)


def sow(board, player, hole):
    b = list(board)
    stones, b[hole] = b[hole], 0
    at = hole
    while stones:
        at = (at + 1) % N
        if at == hole:
            continue
        b[at] += 1
        stones -= 1
    opp = own(1 - player)
    while at in opp and b[at] in (2, 3):
        b[at] = 0
        at -= 1
    return b


def moves(board, player):
    """Successor boards of the legal moves (pass not included)."""
    out = []
    for hole in own(player):
        if board[hole] == 0:
            continue
        after = sow(board, player, hole)
        if sum(after[h] for h in own(1 - player)) > 0:
            out.append(after)
    return out


def successors(board, player):
    """(board, player to move) after each legal move, a pass included."""
    if all(n <= 1 for n in board):
        return []
    mine = moves(board, player)
    if mine:
        return [(b, 1 - player) for b in mine]
    opponent_empty = sum(board[h] for h in own(1 - player)) == 0
    if not opponent_empty and moves(board, 1 - player):
        return [(board, 1 - player)]
    return []


def main():
    depth, position = core.depth_and_position(sys.argv)
    board, player = core.parse_two_rows(position, N // 2) if position else ([4] * N, 0)
    core.print_table((board, player), depth, lambda s: successors(*s), lambda s, after: after)


if __name__ == "__main__":
    main()
