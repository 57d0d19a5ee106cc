#!/usr/bin/env python3
"""Perft of nine Ludii two-row games whose moves act on the last hole only
(a capture there, a relay from there), written from the rules in each
variant file's header, independently of `sow`'s engine. Cross-checks
tests/perft/<name>.perft.

Board: pits 0..P-1 are South's (a, b, ...), P..2P-1 North's (A, B, ...), in
anticlockwise order; the pit facing pit i is 2P-1-i. Perft counts move
sequences of exactly DEPTH moves; games that end earlier are not counted; a
pass counts as a move. A position is (board, player to move): no rule of
these games looks at the captures.

Anticlockwise, from the hole after the emptied one, a sowing of 2P or more
passing through the emptied hole (but Shono's):

adidada (2x6, 4 each): a last hole of the opponent's row holding 2 or 3 is
taken, then the holes before it in that row while they hold 2 or 3. The game
is over when the player to move has no counter.

kpo (2x6, 4 each): a last hole holding 2 or 3, in either row, is taken. The
game is over when the player to move has no counter.

ntyenge (2x8, 4 each): a last hole holding 2 or 4, in either row, is taken.
A player without counters passes while the other has some.

shono (2x6, 5 each): as adidada, but the sowing passes over the emptied
hole.

wari-ashanti (2x6, 4 each): a last hole of the opponent's row holding 6 is
taken. The game is over when the player to move has no counter.

wore (2x4, 6 each): a last hole holding 2, 4 or 6, in either row, is taken.
The game is over when the player to move has no counter.

french-wari (2x6, 4 each): a lap whose last counter falls into an occupied
hole lifts it and sows on from the hole after it; a last counter in an empty
hole (either row) takes the hole facing it. The game is over when the player
to move has no counter.

Clockwise, each player's store at the end of their row that the sowing
reaches last (South's between a and G, North's between A and g), sown by its
owner only; the opponent's store is passed over:

chongka (2x7, 7 each): a lap whose last counter falls into an occupied hole
lifts it and sows on; one that falls into the mover's store ends the move; a
last counter in an empty hole of the mover's row takes the hole facing it. A
player without counters passes while the other has some.

chungcajon (2x7, 7 each): as chongka, without the capture.

Relays stop after 1000 relay laps, as `sow` does (a bound of the engine, not
of the rules).

Usage: python3 -m perft_oracles.last_hole_two_row NAME DEPTH ["POSITION"]
(POSITION: the counts a.. then A.., an optional `/`, then south or north;
anything after it, such as `captured S N`, is ignored.)
"""
import sys

from perft_oracles import core

MAX_RELAYS = 1000
STORE = -1  # the mover's store, as a place a lap can end


class Game:
    """One of the games: its size, start and rules (see the module doc)."""

    def __init__(self, pits, seeds, counts=(), side="any", chain=False,
                 skip_origin=False, passes=False, relay=False,
                 take_facing=None, stores=False):
        self.P, self.counts, self.side, self.chain = pits, counts, side, chain
        self.skip_origin, self.passes, self.relay = skip_origin, passes, relay
        self.take_facing, self.stores = take_facing, stores
        self.start = (tuple([seeds] * (2 * pits)), 0)

    def row(self, player):
        return range(player * self.P, player * self.P + self.P)

    def children(self, pos):
        b, player = pos
        moves = [h for h in self.row(player) if b[h] > 0]
        if moves:
            return [(self.play(b, player, h), 1 - player) for h in moves]
        if self.passes and any(b[h] > 0 for h in self.row(1 - player)):
            return [(b, 1 - player)]
        return []

    def lap(self, b, player, origin):
        """Sows hole `origin`; returns where the last counter fell (a hole,
        or STORE)."""
        n = 2 * self.P
        stones, b[origin] = b[origin], 0
        place = origin
        while stones:
            if self.stores:
                # clockwise: the mover's store follows a (South) or A (North)
                if place == player * self.P and place != STORE:
                    place = STORE
                    stones -= 1
                    continue
                if place == STORE:
                    place = (player * self.P - 1) % n
                else:
                    place = (place - 1) % n
            else:
                place = (place + 1) % n
                if self.skip_origin and place == origin:
                    continue
            b[place] += 1
            stones -= 1
        return place

    def play(self, b, player, hole):
        b = list(b)
        for _ in range(MAX_RELAYS + 1):
            last = self.lap(b, player, hole)
            if self.relay and last != STORE and b[last] > 1:
                hole = last
                continue
            break
        if last == STORE:
            return tuple(b)
        if self.take_facing is not None:
            mine = last in self.row(player)
            if b[last] == 1 and (self.take_facing == "any" or mine):
                b[2 * self.P - 1 - last] = 0
            return tuple(b)
        theirs = self.row(1 - player)
        while b[last] in self.counts and (self.side == "any" or last in theirs):
            b[last] = 0
            if not self.chain:
                break
            last -= 1
            if last not in theirs:
                break
        return tuple(b)


GAMES = {
    "adidada": lambda: Game(6, 4, (2, 3), side="opponent", chain=True),
    "kpo": lambda: Game(6, 4, (2, 3)),
    "ntyenge": lambda: Game(8, 4, (2, 4), passes=True),
    "shono": lambda: Game(6, 5, (2, 3), side="opponent", chain=True, skip_origin=True),
    "wari-ashanti": lambda: Game(6, 4, (6,), side="opponent"),
    "wore": lambda: Game(4, 6, (2, 4, 6)),
    "french-wari": lambda: Game(6, 4, relay=True, take_facing="any"),
    "chongka": lambda: Game(7, 7, relay=True, take_facing="own", stores=True, passes=True),
    "chungcajon": lambda: Game(7, 7, relay=True, stores=True, passes=True),
}


def main():
    name, depth = sys.argv[1], int(sys.argv[2])
    game = GAMES[name]()
    start = game.start
    if len(sys.argv) > 3:
        words = sys.argv[3].replace("/", " ").split()
        board = tuple(int(w) for w in words[: 2 * game.P])
        start = (board, core.mover(words[2 * game.P]))
    core.print_table(start, depth, game.children, lambda _, child: child, memo={})


if __name__ == "__main__":
    main()
