#!/usr/bin/env python3
"""Perft of six two-row relay games, written from their rules (the
variant files' headers), independently of `sow`'s engine. Cross-checks
tests/perft/<name>.perft.

Board: pits 0..P-1 are South's (a, b, ...), P..2P-1 North's (A, B, ...), in
anticlockwise order; the pit facing pit i is 2P-1-i. Perft counts move
sequences of exactly DEPTH moves; games that end earlier are not counted; a
pass counts as a move.

das-bohnenspiel (2x6, 6 each): sow anticlockwise from the next hole (a
sowing of 12 or more passes through the emptied hole); a last hole holding
2, 4 or 6 is taken, then the hole before it, and so on while they hold 2, 4
or 6 (either row; a hole is taken once). A player with an empty row cannot
play: the game is over.

pallankuli (2x7, 6 each; one round): sow anticlockwise from the next hole,
passing over closed holes; each counter that brings a hole to four takes it
(for the owner of its row) as it falls; a lap whose last counter lands in a
hole now holding more than one lifts it and sows on; a last counter in an
empty hole takes the hole after it (on either row), if it holds counters.
The round is over when a row is empty.

dabuda (2x10, 4 each): relay sowing as above, without fours; a last counter
in an empty hole of the mover's row takes it with the facing hole, if that
holds counters. Each player's first move is from one of their four
rightmost holes; a move is legal only if its counters reach the opponent's
row or the last of them falls into an empty hole of the mover's row. The
game is over when the mover's row is empty.

kapana-bona (2x3, 8 each): a player sows any pile of the board,
anticlockwise, the first counter back into the emptied pile; then every pile
holding 2, 4 or 6 is taken. The game is over when no pile holds more than
one counter.

wouri (2x6, 4 each): sow anticlockwise from the next hole, skipping the
hole sown from; every counter that makes a hole of the opponent's row hold
four takes it as it falls (on any lap; the text's "any hole in the
opponent's row which a player causes to contain four"), so a lap whose last
counter does so ends in an empty hole and ends the move; a lap ending in
another occupied hole lifts it and sows on (skipping that hole); an empty
hole ends the move. A move must
leave the opponent a counter if some move does. The game is over when the
mover's row is empty.

la-b-akila (2x7, 7 each): sow anticlockwise from the next hole; a lap whose
last counter makes its hole hold 2 or 4 captures it with the hole facing it,
then the holes before it (against the sowing) while they hold 2 or 4, each
with its facing hole, a hole taken once; another occupied hole relays; an
empty one ends the move. A player without a counter passes while the other
can move; the game is over when at most one counter is left.

Relays stop after 1000 relay laps, as `sow` does (a bound of the engine, not
of the rules).

Usage: python3 -m perft_oracles.relay_captures_two_row NAME DEPTH ["POSITION"]
(POSITION, for pallankuli only: the counts a..g A..G, `x` for a closed hole,
then south or north.)
"""
import sys

from perft_oracles import core


class Bohnenspiel:
    P = 6
    start = [6] * 12

    def moves(self, b, player):
        return [h for h in range(player * self.P, player * self.P + self.P) if b[h] > 0]

    def play(self, b, player, hole):
        b = list(b)
        n = 2 * self.P
        stones, b[hole] = b[hole], 0
        pit = hole
        for _ in range(stones):
            pit = (pit + 1) % n
            b[pit] += 1
        taken = set()
        while pit not in taken and b[pit] in (2, 4, 6):
            taken.add(pit)
            b[pit] = 0
            pit = (pit - 1) % n
        return b


MAX_RELAYS = 1000


class Pallankuli:
    P = 7

    def __init__(self, closed=frozenset()):
        self.closed = closed

    def moves(self, b, player):
        if any(all(b[h] == 0 for h in self.row(p)) for p in (0, 1)):
            return []
        return [h for h in self.row(player) if b[h] > 0]

    def row(self, player):
        return range(player * self.P, player * self.P + self.P)

    def play(self, b, player, hole):
        b = list(b)
        n = 2 * self.P
        origin, last = hole, hole
        for _ in range(MAX_RELAYS + 1):
            stones, b[origin] = b[origin], 0
            pit = origin
            while stones:
                pit = (pit + 1) % n
                if pit in self.closed:
                    continue
                b[pit] += 1
                stones -= 1
                if b[pit] == 4:
                    b[pit] = 0  # to the owner of the row
            last = pit
            if b[last] > 1:
                origin = last
                continue
            break
        if b[last] == 1:
            b[(last + 1) % n] = 0
        return b


class Dabuda:
    P = 10

    def moves(self, b, player, opening):
        own = range(player * self.P, player * self.P + self.P)
        holes = [h for h in own if b[h] > 0]
        if opening:
            holes = [h for h in holes if h % self.P >= 6]
        return [h for h in holes if self.first_lap_ok(b, h)]

    def first_lap_ok(self, b, h):
        needed = self.P - h % self.P
        if b[h] >= needed:
            return True
        return b[(h + b[h]) % (2 * self.P)] == 0

    def play(self, b, player, hole):
        b = list(b)
        n = 2 * self.P
        origin = hole
        for _ in range(MAX_RELAYS + 1):
            stones, b[origin] = b[origin], 0
            last = origin
            for _ in range(stones):
                last = (last + 1) % n
                b[last] += 1
            if b[last] > 1:
                origin = last
                continue
            break
        mine = last // self.P == player
        if b[last] == 1 and mine and b[n - 1 - last] > 0:
            b[last] = 0
            b[n - 1 - last] = 0
        return b


class KapanaBona:
    start = [8] * 6

    def moves(self, b, player):
        if all(n <= 1 for n in b):
            return []
        return [h for h in range(6) if b[h] > 0]

    def play(self, b, player, hole):
        b = list(b)
        stones, b[hole] = b[hole], 0
        for k in range(stones):
            b[(hole + k) % 6] += 1
        return [0 if n in (2, 4, 6) else n for n in b]


class Wouri:
    P = 6
    start = [4] * 12

    def moves(self, b, player):
        own = [h for h in self.row(player) if b[h] > 0]
        fed = [h for h in own if any(self.play(b, player, h)[o] for o in self.row(1 - player))]
        return fed or own

    def row(self, player):
        return range(player * self.P, player * self.P + self.P)

    def play(self, b, player, hole):
        b = list(b)
        n = 2 * self.P
        origin = hole
        for _ in range(MAX_RELAYS + 1):
            stones, b[origin] = b[origin], 0
            last = origin
            while stones:
                last = (last + 1) % n
                if last == origin:
                    continue
                b[last] += 1
                stones -= 1
                if last // self.P != player and b[last] == 4:
                    b[last] = 0
            if b[last] <= 1:
                break
            origin = last
        return b


class LabAkila:
    P = 7
    start = [7] * 14

    def moves(self, b, player):
        if sum(b) <= 1:
            return []
        own = [h for h in range(player * 7, player * 7 + 7) if b[h] > 0]
        if own:
            return own
        return ["pass"] if any(b[h] for h in range((1 - player) * 7, (1 - player) * 7 + 7)) else []

    def play(self, b, player, hole):
        b = list(b)
        if hole == "pass":
            return b
        origin = hole
        for _ in range(MAX_RELAYS + 1):
            stones, b[origin] = b[origin], 0
            last = origin
            for _ in range(stones):
                last = (last + 1) % 14
                b[last] += 1
            if b[last] in (2, 4):
                taken, pit = set(), last
                while True:
                    taken.add(pit)
                    b[pit] = 0
                    if 13 - pit not in taken:
                        taken.add(13 - pit)
                        b[13 - pit] = 0
                    pit = (pit - 1) % 14
                    if pit in taken or b[pit] not in (2, 4):
                        break
                break
            if b[last] > 1:
                origin = last
                continue
            break
        return b


GAMES = {
    "la-b-akila": LabAkila,
    "das-bohnenspiel": Bohnenspiel,
    "pallankuli": Pallankuli,
    "dabuda": Dabuda,
    "kapana-bona": KapanaBona,
    "wouri": Wouri,
}




def main():
    name, depth = sys.argv[1], int(sys.argv[2])
    if name == "dabuda":
        game = Dabuda()
        # The state carries whether South's opening move is still to come.
        core.print_table(
            ([4] * 20, 0, True),
            depth,
            lambda s: game.moves(*s),
            lambda s, m: (game.play(s[0], s[1], m), 1 - s[1], s[2] and s[1] == 0),
        )
        return
    if name == "pallankuli":
        tokens = (sys.argv[3] if len(sys.argv) > 3 else "6 " * 14 + "south").replace("/", " ").split()
        closed = frozenset(i for i, t in enumerate(tokens[:14]) if t == "x")
        board = [0 if t == "x" else int(t) for t in tokens[:14]]
        game, player = Pallankuli(closed), 0 if tokens[14] == "south" else 1
    else:
        game = GAMES[name]()
        board, player = game.start, 0
    core.print_table(
        (board, player),
        depth,
        lambda s: game.moves(*s),
        lambda s, m: (game.play(s[0], s[1], m), 1 - s[1]),
    )


if __name__ == "__main__":
    main()
