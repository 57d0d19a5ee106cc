#!/usr/bin/env python3
"""Perft of Enindji written from Ludii's Enindji.lud, independently of `sow`'s engine.

Cross-checks tests/perft/enindji.perft. Rules (Ludii, two_rows/Enindji.lud):
2x6, 4 counters; sow all the counters of a non-empty hole of the mover's row
anticlockwise from the next hole, skipping the emptied hole on a full
circuit; when the last counter makes 4, the owner of that hole's row
captures them (whoever moved); a move must leave the opponent's row
non-empty. A mover without such a move: when they have counters and the
opponent's row is empty, the game ends (they cannot feed); otherwise they
pass while the opponent can move, and the game ends when neither can.

Usage: python3 -m perft_oracles.enindji DEPTH ["a b c d e f / A B C D E F south"]
"""
import sys

from perft_oracles import core

P = 6
N = 2 * P  # 0-5 south (a-f), 6-11 north (A-F), anticlockwise order


def own(player):
    return range(0, P) if player == 0 else range(P, N)


def sow(board, captured, hole):
    b, c = list(board), list(captured)
    stones, b[hole] = b[hole], 0
    at = hole
    while stones:
        at = (at + 1) % N
        if at == hole:
            continue
        b[at] += 1
        stones -= 1
    if b[at] == 4:
        c[at // P] += b[at]
        b[at] = 0
    return b, c


def legal(board, captured, player):
    out = []
    for hole in own(player):
        if board[hole] == 0:
            continue
        b, c = sow(board, captured, hole)
        if sum(b[h] for h in own(1 - player)) > 0:
            out.append((b, c))
    return out


def successors(board, captured, player):
    """(board, captured, player to move) after each legal move, a pass included."""
    mine = legal(board, captured, player)
    if mine:
        return [(b, c, 1 - player) for b, c in mine]
    has_stones = sum(board[h] for h in own(player)) > 0
    opponent_empty = sum(board[h] for h in own(1 - player)) == 0
    if has_stones and opponent_empty:
        return []  # must feed and cannot: the game ends
    if legal(board, captured, 1 - player):
        return [(board, captured, 1 - player)]
    return []


def main():
    depth, position = core.depth_and_position(sys.argv)
    board, player = core.parse_two_rows(position, P) if position else ([4] * N, 0)
    core.print_table(
        (board, [0, 0], player), depth, lambda s: successors(*s), lambda s, after: after
    )


if __name__ == "__main__":
    main()
