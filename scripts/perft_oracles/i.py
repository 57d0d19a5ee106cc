#!/usr/bin/env python3
"""Perft of I written from Ludii's I.lud rule text, independently of `sow`'s engine.

Cross-checks tests/perft/i.perft. Rules (Ludii, two_rows/I.lud, "I (Observed)"):
2x3, 4 counters; a hole needs 2 or more counters to be sown; sow
anticlockwise from the next hole (the emptied hole is not skipped); when the
last counter makes 2 or 3 in its hole (either row), those are captured, and
so is each hole next to it in the same row (left and right, one step, not
across rows) that holds 2 or 3. A player who cannot move passes; the game
ends when neither can move.

Usage: python3 -m perft_oracles.i DEPTH ["a b c / A B C south"]
"""
import sys

from perft_oracles import core

P = 3  # holes per row
N = 2 * P  # 0-2 south (a-c), 3-5 north (A-C), anticlockwise order


def own(player):
    return range(0, P) if player == 0 else range(P, N)


def sow(board, hole):
    b = list(board)
    stones, b[hole] = b[hole], 0
    at = hole
    for _ in range(stones):
        at = (at + 1) % N
        b[at] += 1
    if b[at] in (2, 3):
        b[at] = 0
        row = at // P
        for n in (at - 1, at + 1):
            if 0 <= n < N and n // P == row and b[n] in (2, 3):
                b[n] = 0
    return b


def moves(board, player):
    return [sow(board, h) for h in own(player) if board[h] >= 2]


def successors(board, player):
    """(board, player to move) after each legal move, a pass included."""
    mine = moves(board, player)
    if mine:
        return [(b, 1 - player) for b in mine]
    if moves(board, 1 - player):
        return [(board, 1 - player)]
    return []


def main():
    depth, position = core.depth_and_position(sys.argv)
    board, player = core.parse_two_rows(position, P) if position else ([4] * N, 0)
    core.print_table((board, player), depth, lambda s: successors(*s), lambda s, after: after)


if __name__ == "__main__":
    main()
