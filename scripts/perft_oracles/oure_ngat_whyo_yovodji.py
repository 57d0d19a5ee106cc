#!/usr/bin/env python3
"""Perft of Oure Ngat, Whyo and Yovodji, written from their rules (the
variant files' headers: Ludii's rule text for each game), independently of
`sow`'s engine. Cross-checks tests/perft/{oure-ngat,whyo,yovodji}.perft.

Board: pits 0..P-1 are South's (a, b, ...), P..2P-1 North's (A, B, ...), in
anticlockwise order; the pit facing pit i is 2P-1-i. Perft counts move
sequences of exactly DEPTH moves; games that end earlier are not counted; a
pass counts as a move.

Oure Ngat (2x4, 6 each): sow anticlockwise, the first counter into the
emptied pile; then every pile of either row holding 2, 4 or 6 is taken by
the mover. A player whose row is empty passes while the other can move; the
game is over when every pile holds at most one counter.

Whyo (2x6, 4 each): sow anticlockwise from the next hole; a lap ending in an
empty hole ends the move; one ending in a hole that now holds 4 takes it
(the mover) and ends the move; otherwise its counters are lifted and sown on.
The game is over when the mover has no counter in their row.

Yovodji (2x6, 4 each): sow anticlockwise from the next hole, passing over
the emptied hole; a lap ending in an occupied hole relays; a last counter in
an empty hole of the mover's row takes the facing hole's counters. When the
opponent's row is empty the mover must leave a counter in it; if no move
does, the game is over.

Relays stop after 1000 relay laps, as `sow` does (a bound of the engine, not
of the rules; no start position reaches it within these depths).

Usage: python3 -m perft_oracles.oure_ngat_whyo_yovodji oure-ngat|whyo|yovodji DEPTH
"""
import sys

from perft_oracles import core

MAX_RELAYS = 1000


class OureNgat:
    P = 4
    start = [6] * 8

    def moves(self, b, player):
        if all(n <= 1 for n in b):
            return []
        own = [h for h in self.row(player) if b[h] > 0]
        if own:
            return own
        return ["pass"] if any(b[h] > 0 for h in self.row(1 - player)) else []

    def row(self, player):
        return range(player * self.P, player * self.P + self.P)

    def play(self, b, player, hole):
        b = list(b)
        if hole == "pass":
            return b
        stones, b[hole] = b[hole], 0
        for k in range(stones):
            b[(hole + k) % 8] += 1
        for i in range(8):
            if b[i] in (2, 4, 6):
                b[i] = 0
        return b


class Whyo:
    P = 6
    start = [4] * 12

    def row(self, player):
        return range(player * self.P, player * self.P + self.P)

    def moves(self, b, player):
        return [h for h in self.row(player) if b[h] > 0]

    def play(self, b, player, hole):
        b = list(b)
        origin = hole
        for _ in range(MAX_RELAYS + 1):
            stones, b[origin] = b[origin], 0
            at = origin
            while stones:
                at = (at + 1) % 12
                b[at] += 1
                stones -= 1
            if b[at] == 1:
                break
            if b[at] == 4:
                b[at] = 0
                break
            origin = at
        return b


class Yovodji:
    P = 6
    start = [4] * 12

    def row(self, player):
        return range(player * self.P, player * self.P + self.P)

    def moves(self, b, player):
        own = [h for h in self.row(player) if b[h] > 0]
        opponent = self.row(1 - player)
        if any(b[h] > 0 for h in opponent):
            return own
        return [h for h in own if any(self.play(b, player, h)[i] > 0 for i in opponent)]

    def play(self, b, player, hole):
        b = list(b)
        origin = hole
        for _ in range(MAX_RELAYS + 1):
            stones, b[origin] = b[origin], 0
            at = origin
            while stones:
                at = (at + 1) % 12
                if at == origin:
                    continue
                b[at] += 1
                stones -= 1
            if b[at] > 1:
                origin = at
                continue
            if at in self.row(player):
                b[11 - at] = 0  # the facing hole's counters are taken
            break
        return b




def main():
    game = {"oure-ngat": OureNgat, "whyo": Whyo, "yovodji": Yovodji}[sys.argv[1]]()
    core.print_table(
        (game.start, 0),
        int(sys.argv[2]),
        lambda s: game.moves(*s),
        lambda s, m: (game.play(s[0], s[1], m), 1 - s[1]),
    )


if __name__ == "__main__":
    main()
