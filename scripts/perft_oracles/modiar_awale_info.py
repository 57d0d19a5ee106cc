#!/usr/bin/env python3
"""Independent perft of Modiar, awale.info reading, written from the rules
(not from sow's engine): 2x3 pits, 7 stones each; a pit of 2 or more is played;
sowing counter-clockwise, the emptied pit gets the first stone; the last pit
holding 2, 4 or 6 is captured with the pits before it (backward, across rows)
that hold 2, 4 or 6; no capture on the game's first move; when the opponent
has no pit of 2 or more, the mover must leave them one (else the game ends);
a grand slam (captures from the opponent's row and empties it) is illegal
unless it is the only move, then it is played without capture.

ORDER says which of the last two rules chooses first:
  feed_first: feeding keeps the moves that feed, then a grand slam among them
              is illegal unless every one of them is one (awale.info's words)
  slam_first: grand slams go unless every move is one, then feeding chooses.

Usage: python3 -m perft_oracles.modiar_awale_info DEPTH [feed_first|slam_first]
"""
import sys

from perft_oracles import core

PITS = 6
COUNTS = {2, 4, 6}


def row(player):
    return range(0, 3) if player == 0 else range(3, 6)


def can_move(board, player):
    return any(board[i] >= 2 for i in row(player))


def play(board, player, pit, capture):
    """Returns (board, captured_pits) after sowing from pit."""
    b = list(board)
    stones, b[pit] = b[pit], 0
    i = pit
    for k in range(stones):
        b[i] += 1
        last = i
        i = (i + 1) % PITS
    taken = []
    if capture and b[last] in COUNTS:
        p = last
        while p not in taken and b[p] in COUNTS:
            taken.append(p)
            p = (p - 1) % PITS
        for p in taken:
            b[p] = 0
    return b, taken


def moves(board, player, opening):
    """The legal moves as (pit, resulting board)."""
    other = 1 - player
    cands = []
    for pit in row(player):
        if board[pit] < 2:
            continue
        after, taken = play(board, player, pit, not opening)
        slam = any(p in row(other) for p in taken) and all(after[i] == 0 for i in row(other))
        if slam:
            after, _ = play(board, player, pit, False)
        cands.append((pit, after, slam))

    def feed(cs):
        if not cs or can_move(board, other):
            return cs
        fed = [c for c in cs if can_move(c[1], other)]
        return fed  # none: the game ends

    def slam(cs):
        if all(c[2] for c in cs):
            return cs
        return [c for c in cs if not c[2]]

    if ORDER == "feed_first":
        cands = slam(feed(cands))
    else:
        cands = feed(slam(cands))
    return [(pit, after) for pit, after, _ in cands]


def main():
    global ORDER
    ORDER = sys.argv[2] if len(sys.argv) > 2 else "feed_first"
    core.print_table(
        ([7] * 6, 0, True),
        int(sys.argv[1]),
        lambda s: moves(*s),
        lambda s, move_and_after: (move_and_after[1], 1 - s[1], False),
    )


if __name__ == "__main__":
    main()
