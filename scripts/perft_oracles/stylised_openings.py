#!/usr/bin/env python3
"""Perft of Gabata (Oromo) and Jimafesosh from the position their
stylised openings leave, written from their rule texts (Pankhurst 1971:
178 and 179, as Ludii's Gabata (Oromo).lud and Jimafesosh.lud quote them),
independently of `sow`'s engine.

Cross-checks tests/perft/gabata-oromo.perft and tests/perft/jimafesosh.perft,
and prints the position each opening leaves (the start `sow trace` shows).

Both: 2x6, four counters a hole, no stores; holes 0-5 are South's a-f
(from South's left), 6-11 North's A-F (from North's left), so that the
anticlockwise order is 0, 1, ... 11. A move lifts a non-empty hole of the
mover's row and sows anticlockwise from the next hole (a lap of 12 or more
drops into the emptied hole too); when the last counter of a lap falls into
a hole that held counters, they are lifted and sown on. A player who cannot
move passes (a pass is a move here, as in `sow perft`); when neither can,
the game is over.

The opening: South takes all the counters of one hole ("their leftmost",
Oromo; "their rightmost", Jimafesosh) into the next hole, then those of the
hole after that into the one after it, and so on until the hole to take is
empty (the board alternates eight and none); South then sows the last hole
filled as a move, and North moves.

Gabata (Oromo): every counter but a lap's last that makes a hole hold four
takes it for the sower, as it falls. Jimafesosh: a lap that ends in an
empty hole ends the move and takes the counters of the hole facing it
(hole i faces 11 - i); the round ends when one counter or none is left.

Relays are cut after 1000 relay laps, as `sow` does (a bound of the
engine, not of the rules): the move ends there and captures nothing (its
last hole is occupied), and the game goes on.

Usage: python3 -m perft_oracles.stylised_openings oromo|jimafesosh DEPTH
"""
import sys

from perft_oracles import core

P = 6
N = 2 * P
MAX_RELAYS = 1000


def opening(first):
    """The shifts from hole `first`; returns the board and the hole to sow."""
    b = [4] * N
    hole, filled = first, None
    while b[hole] > 0:
        nxt = (hole + 1) % N
        b[nxt] += b[hole]
        b[hole] = 0
        filled = nxt
        hole = (nxt + 1) % N
    return b, filled


def move(board, captured, player, hole, game):
    b, c = list(board), list(captured)
    origin = hole
    for _ in range(MAX_RELAYS + 1):
        stones, b[origin] = b[origin], 0
        at = origin
        while stones:
            at = (at + 1) % N
            b[at] += 1
            stones -= 1
            if game == "oromo" and stones > 0 and b[at] == 4:
                c[player] += 4
                b[at] = 0
        if b[at] > 1:
            origin = at
            continue
        if game == "jimafesosh" and b[N - 1 - at] > 0:
            c[player] += b[N - 1 - at]
            b[N - 1 - at] = 0
        break
    return b, c


def moves(board, player, game):
    if game == "jimafesosh" and sum(board) <= 1:
        return []
    own = [h for h in range(player * P, player * P + P) if board[h] > 0]
    if own:
        return own
    other = 1 - player
    if any(board[h] > 0 for h in range(other * P, other * P + P)):
        return [None]
    return []


def play(board, captured, player, mv, game):
    if mv is None:
        return board, captured
    return move(board, captured, player, mv, game)




def start(game):
    first = 0 if game == "oromo" else P - 1
    board, filled = opening(first)
    print(f"# after the shifts: {board}, South sows hole {filled}")
    return move(board, [0, 0], 0, filled, game)


def main():
    game, depth = sys.argv[1], int(sys.argv[2])
    board, captured = start(game)
    print(f"# start: {board} captured {captured}, North to move")
    core.print_table(
        (board, captured, 1),
        depth,
        lambda s: moves(s[0], s[2], game),
        lambda s, mv: (*play(s[0], s[1], s[2], mv, game), 1 - s[2]),
    )


if __name__ == "__main__":
    main()
