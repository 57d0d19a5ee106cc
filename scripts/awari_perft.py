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

Usage: scripts/awari_perft.py DEPTH ["a b c d e f / A B C D E F south"]
"""
import sys

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


def perft(board, player, depth):
    if depth == 0:
        return 1
    return sum(perft(b, p, depth - 1) for b, p in successors(board, player))


def main():
    depth = int(sys.argv[1])
    board, player = [4] * N, 0
    if len(sys.argv) > 2:
        south, rest = sys.argv[2].split("/")
        words = rest.split()
        board = [int(x) for x in south.split()] + [int(x) for x in words[:6]]
        player = 0 if words[6] == "south" else 1
    for d in range(1, depth + 1):
        print(f"perft {d} {perft(board, player, d)}")


if __name__ == "__main__":
    main()
