#!/usr/bin/env python3
"""Perft of Hoyito, Dongjintian and Pachgarhwa, written from their rules (the
variant files' headers), independently of `sow`'s engine. Cross-checks
tests/perft/<name>.perft.

Board: pits 0..P-1 are South's (a, b, ...), P..2P-1 North's (A, B, ...), in
anticlockwise order. Perft counts move sequences of exactly DEPTH moves;
games that end earlier are not counted; a pass counts as a move.

hoyito (2x6, 4 each): sow anticlockwise from the next hole (a sowing of 12
or more passes through the emptied hole); each counter that brings a hole to
four takes it as it falls; a lap whose last hole now holds more than one
lifts it and sows on; an empty last hole ends the move. A move that
captured and left at most four counters on the board takes them too. A player without a counter passes while the other can
move; the game is over when the board is empty.

dongjintian (2x5, 5 each): a move is a hole and a direction, kept by its
relays; sow from the next hole (a sowing of 10 or more passes through the
emptied hole); after each lap, if the hole after the last one holds
counters, lift them and sow on; else the move ends, and if the hole after
that empty one holds counters they are taken; then, while the next hole is
empty and the one after it occupied (and is not the hole the sowing ended
in), that one is taken too. A player without a counter passes while the
other has one; the game is over when at most one counter is left.

pachgarhwa (2x5, 5 each): as dongjintian, but every move sows
anticlockwise and a capture takes only the hole across the empty one (no
chain).

Relays stop after 1000 relay laps, as `sow` does (a bound of the engine, not
of the rules).

Usage: python3 -m perft_oracles.chosen_direction NAME DEPTH ["POSITION"]
(POSITION: the counts a b ... A B ..., then south or north.)
"""
import sys

from perft_oracles import core

MAX_RELAYS = 1000


class Hoyito:
    P = 6
    start = [4] * 12

    def moves(self, b, player):
        own = [h for h in range(player * 6, player * 6 + 6) if b[h] > 0]
        if own:
            return own
        return ["pass"] if any(b) else []

    def play(self, b, player, hole):
        b = list(b)
        if hole == "pass":
            return b
        captured = 0
        origin = hole
        for _ in range(MAX_RELAYS + 1):
            stones, b[origin] = b[origin], 0
            pit = origin
            while stones:
                pit = (pit + 1) % 12
                b[pit] += 1
                stones -= 1
                if b[pit] == 4:
                    captured += 4
                    b[pit] = 0
            if b[pit] > 1:
                origin = pit
                continue
            break
        if captured and sum(b) <= 4:
            b = [0] * 12
        return b


class Dongjintian:
    P = 5
    start = [5] * 10

    def moves(self, b, player):
        if sum(b) <= 1:
            return []
        own = [h for h in range(player * 5, player * 5 + 5) if b[h] > 0]
        if own:
            return [(h, step) for h in own for step in (1, -1)]
        return ["pass"]

    def play(self, b, player, move):
        b = list(b)
        if move == "pass":
            return b
        origin, step = move
        for _ in range(MAX_RELAYS + 1):
            stones, b[origin] = b[origin], 0
            pit = origin
            for _ in range(stones):
                pit = (pit + step) % 10
                b[pit] += 1
            following = (pit + step) % 10
            if b[following] > 0:
                origin = following
                continue
            break
        last, gap = pit, following
        while True:
            target = (gap + step) % 10
            if b[gap] != 0 or b[target] == 0 or target == last:
                break
            b[target] = 0
            gap = (target + step) % 10
        return b


class Pachgarhwa:
    P = 5
    start = [5] * 10

    def moves(self, b, player):
        if sum(b) <= 1:
            return []
        own = [h for h in range(player * 5, player * 5 + 5) if b[h] > 0]
        return own or ["pass"]

    def play(self, b, player, hole):
        b = list(b)
        if hole == "pass":
            return b
        origin = hole
        for _ in range(MAX_RELAYS + 1):
            stones, b[origin] = b[origin], 0
            pit = origin
            for _ in range(stones):
                pit = (pit + 1) % 10
                b[pit] += 1
            if b[(pit + 1) % 10] > 0:
                origin = (pit + 1) % 10
                continue
            break
        gap, target = (pit + 1) % 10, (pit + 2) % 10
        if b[gap] == 0 and target != pit:
            b[target] = 0
        return b


GAMES = {"hoyito": Hoyito, "dongjintian": Dongjintian, "pachgarhwa": Pachgarhwa}




def main():
    name, depth = sys.argv[1], int(sys.argv[2])
    game = GAMES[name]()
    board, player = game.start, 0
    if len(sys.argv) > 3:
        words = sys.argv[3].replace("/", " ").split()
        board, player = [int(w) for w in words[:-1]], ["south", "north"].index(words[-1])
    core.print_table(
        (board, player),
        depth,
        lambda s: game.moves(*s),
        lambda s, m: (game.play(s[0], s[1], m), 1 - s[1]),
    )


if __name__ == "__main__":
    main()
