#!/usr/bin/env python3
"""Perft of Boukerourou from the start, written from the rules' words (not from
sow's code), to cross-check tests/perft/boukerourou.perft.

The rules, as variants/boukerourou.variant reads them: 2x4 holes, 6 counters
each; a player lifts one of their holes and sows anti-clockwise from the next
hole; when the last counter lands in an empty hole and the hole after it holds
counters, those are lifted and sown on (a relay lap); a relay that comes back
to a board and hole it had already reached in the move ends the game; the end
(a row empty) is tested after every relay lap and after every move; the last
counter of the last lap, in the opponent's row making 6, captures them (out of
play). Repetition of positions is a rule about a game's history: perft leaves
it out, as `sow perft` does.

Usage: python3 -m perft_oracles.boukerourou DEPTH
"""
import sys

from perft_oracles import core

N, ROW = 8, 4


def row_empty(board):
    return sum(board[:ROW]) == 0 or sum(board[ROW:]) == 0


def play(board, mover, pit):
    """(board after the move, whether the game is over after it)."""
    board, origin, seen = list(board), pit, set()
    while True:
        seen.add((tuple(board), origin))
        stones, board[origin] = board[origin], 0
        at = origin
        for _ in range(stones):
            at = (at + 1) % N
            board[at] += 1
        if not (board[at] == 1 and board[(at + 1) % N] > 0):
            break
        if row_empty(board):
            return board, True
        origin = (at + 1) % N
        if (tuple(board), origin) in seen:
            return board, True
    opponent = range(ROW, N) if mover == 0 else range(ROW)
    if at in opponent and board[at] == 6:
        board[at] = 0
    return board, row_empty(board)


def legal(state):
    """The mover's non-empty pits; none once a move has ended the game."""
    board, mover, over = state
    return [] if over else [p for p in range(mover * ROW, mover * ROW + ROW) if board[p] > 0]


def after(state, pit):
    board, mover, _ = state
    board, over = play(board, mover, pit)
    return board, 1 - mover, over


def main():
    core.print_table(([6] * N, 0, False), int(sys.argv[1]), legal, after)


if __name__ == "__main__":
    main()
