#!/usr/bin/env python3
"""Perft of Obridje and Meusueb, written from their rules (Ludii's
Obridje.lud and Meusueb.lud), independently of `sow`'s engine.

Cross-checks tests/perft/obridje.perft and tests/perft/meusueb.perft.
Both: 2x6, 4 counters a hole, stores keep captures only (not sown); a move
lifts a non-empty hole of the mover's row and sows anticlockwise from the
next hole (a lap of 12 or more drops into the emptied hole too); the game
ends when the mover has no move.

Obridje: as each counter drops, a hole that now holds 4 is taken by the
owner of its row. When a lap ends in a hole that now holds more than one
counter (and was not just taken), its counters are lifted and sown on.

Meusueb: when a lap ends in a hole that now holds 4, the mover takes them
and, if the next hole holds counters, lifts those and sows on; otherwise,
when the hole now holds more than one, its counters are lifted and sown on.

Relays are cut after 1000 relay laps, as `sow` does (a bound of the
engine, not of the rules; no start position reaches it within these depths).

Usage: python3 -m perft_oracles.sowing_captures obridje|meusueb DEPTH
"""
import sys

from perft_oracles import core

P = 6
N = 2 * P  # 0-5 south (a-f), 6-11 north (A-F), anticlockwise order
MAX_RELAYS = 1000


def lap(b, c, origin, game):
    """Sow the counters of `origin`; returns the hole of the last counter."""
    stones, b[origin] = b[origin], 0
    at = origin
    while stones:
        at = (at + 1) % N
        b[at] += 1
        stones -= 1
        if game == "obridje" and b[at] == 4:
            c[at // P] += 4
            b[at] = 0
    return at


def move(board, captured, player, hole, game):
    b, c = list(board), list(captured)
    origin = hole
    for _ in range(MAX_RELAYS + 1):
        last = lap(b, c, origin, game)
        if game == "meusueb" and b[last] == 4:
            c[player] += 4
            b[last] = 0
            nxt = (last + 1) % N
            if b[nxt] == 0:
                break
            origin = nxt
        elif b[last] > 1:
            origin = last
        else:
            break
    return b, c


def main():
    game, depth = sys.argv[1], int(sys.argv[2])
    core.print_table(
        ([4] * N, [0, 0], 0),
        depth,
        lambda s: [h for h in range(s[2] * P, s[2] * P + P) if s[0][h] > 0],
        lambda s, hole: (*move(s[0], s[1], s[2], hole, game), 1 - s[2]),
    )


if __name__ == "__main__":
    main()
