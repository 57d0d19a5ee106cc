#!/usr/bin/env python3
"""Perft of seven Ludii two-row games that capture by count, written from
the rules in each variant file's header, independently of `sow`'s engine.
Cross-checks tests/perft/<name>.perft.

Board: pits 0..P-1 are South's (a, b, ...), P..2P-1 North's (A, B, ...), in
anticlockwise order; the pit facing pit i is 2P-1-i. Perft counts move
sequences of exactly DEPTH moves; games that end earlier are not counted; a
pass counts as a move. A position is (board, player to move, captures).

mankala (2x6, 6 each): sow anticlockwise from the next hole (a sowing of 12
or more passes through the emptied hole); a last hole holding 2, 4 or 6 is
taken, then the hole before it, and so on while they hold 2, 4 or 6 (either
row, a hole taken once). A player without counters passes while the other
can move; the game is over when neither can.

mangala-turkey (2x7, 5 each): as mankala, with 1 and 3 instead of 2, 4, 6.

vai-lung-thlan (2x6, 5 each): sow clockwise from the next hole; a last hole
holding one counter (it was empty) is taken, then the holes behind it
(against the sowing, either row, a hole taken once) while they hold one. The
game is over when the player to move has no counter.

halusa (2x6, 6 each): sow anticlockwise from the next hole; a last hole of
the mover's row holding an even number is taken, then the holes before it in
the mover's row while they hold an even number (an empty hole stops the
line). When the opponent's row is empty, the mover must leave a counter in
it; if no move does, the game is over.

j-odu (2x6, 4 each): sow anticlockwise from the next hole; a lap whose last
counter falls into an occupied hole lifts that hole and sows on from the
hole after it; when it falls into an empty hole of the mover's row, the
opponent's hole facing it is taken. A move that leaves the opponent's row
empty is played only when every move does. The game is over when the player
to move has no counter.

uril (2x6, 4 each): sow anticlockwise from the next hole, skipping the hole
sown from; a last hole of the opponent's row holding 2 or 3 is taken, then
the holes before it in the opponent's row while they hold 2 or 3. A move
that takes every counter of the opponent's row is not allowed; when the
opponent's row is empty the mover must leave a counter in it, and if no
move does the game is over. A player with no allowed move passes while the
other has one; the game is over when neither has, or when a player has
captured 25.

yovodi (2x6, 4 each): sow clockwise from the next hole; a lap whose last
counter falls into an occupied hole lifts that hole and sows on from the
hole after it; when it falls into an empty hole, the hole facing it is
taken: for the mover when the empty hole is in the mover's row, for the
opponent when it is in the opponent's row. The game is over when the player
to move has no counter.

Relays stop after 1000 relay laps, as `sow` does (a bound of the engine, not
of the rules).

Usage: python3 -m perft_oracles.count_captures_two_row NAME DEPTH ["POSITION"]
(POSITION: the counts a.. then A.., an optional `/`, south or north, and
optionally `captured S N`.)
"""
import sys

from perft_oracles import core

MAX_RELAYS = 1000


def own(p, player):
    return range(player * p, player * p + p)


class EvenChain:
    """Mankala and Mangala (Turkey): counts on either row, backward line."""

    def __init__(self, p, seeds, counts):
        self.P, self.counts = p, counts
        self.start = ([seeds] * (2 * p), 0, (0, 0))

    def stoned(self, b, player):
        return [h for h in own(self.P, player) if b[h] > 0]

    def children(self, pos):
        b, player, cap = pos
        moves = self.stoned(b, player)
        if not moves:
            if self.stoned(b, 1 - player):
                return [(b, 1 - player, cap)]  # pass
            return []
        return [self.play(b, player, cap, h) for h in moves]

    def play(self, b, player, cap, hole):
        b = list(b)
        n = 2 * self.P
        stones, b[hole] = b[hole], 0
        pit = hole
        for _ in range(stones):
            pit = (pit + 1) % n
            b[pit] += 1
        taken = 0
        seen = set()
        while pit not in seen and b[pit] in self.counts:
            seen.add(pit)
            taken += b[pit]
            b[pit] = 0
            pit = (pit - 1) % n
        cap = list(cap)
        cap[player] += taken
        return (tuple(b), 1 - player, tuple(cap))


class VaiLungThlan:
    P = 6

    def __init__(self):
        self.start = ([5] * 12, 0, (0, 0))

    def children(self, pos):
        b, player, cap = pos
        return [self.play(b, player, h) for h in own(self.P, player) if b[h] > 0]

    def play(self, b, player, hole):
        b = list(b)
        stones, b[hole] = b[hole], 0
        pit = hole
        for _ in range(stones):
            pit = (pit - 1) % 12  # clockwise
            b[pit] += 1
        seen = set()
        while pit not in seen and b[pit] == 1:
            seen.add(pit)
            b[pit] = 0
            pit = (pit + 1) % 12  # behind it, against the sowing
        return (tuple(b), 1 - player, (0, 0))


class Halusa:
    P = 6

    def __init__(self):
        self.start = ([6] * 12, 0, (0, 0))

    def children(self, pos):
        b, player, cap = pos
        mine, theirs = own(6, player), own(6, 1 - player)
        results = [self.play(b, player, h) for h in mine if b[h] > 0]
        if all(b[h] == 0 for h in theirs):
            results = [r for r in results if any(r[0][h] > 0 for h in theirs)]
        return results

    def play(self, b, player, hole):
        b = list(b)
        stones, b[hole] = b[hole], 0
        pit = hole
        for _ in range(stones):
            pit = (pit + 1) % 12
            b[pit] += 1
        mine = own(6, player)
        while pit in mine and b[pit] > 0 and b[pit] % 2 == 0:
            b[pit] = 0
            pit -= 1  # leaves the row below its first hole
        return (tuple(b), 1 - player, (0, 0))


class JOdu:
    P = 6

    def __init__(self):
        self.start = ([4] * 12, 0, (0, 0))

    def children(self, pos):
        b, player, cap = pos
        theirs = own(6, 1 - player)
        results = [self.play(b, player, h) for h in own(6, player) if b[h] > 0]
        feeding = [r for r in results if any(r[0][h] > 0 for h in theirs)]
        return feeding or results

    def play(self, b, player, hole):
        b = list(b)
        origin = hole
        for _ in range(MAX_RELAYS + 1):
            stones, b[origin] = b[origin], 0
            pit = origin
            for _ in range(stones):
                pit = (pit + 1) % 12
                b[pit] += 1
            if b[pit] > 1:
                origin = pit
                continue
            break
        if b[pit] == 1 and pit in own(6, player):
            b[11 - pit] = 0
        return (tuple(b), 1 - player, (0, 0))


class Uril:
    P = 6

    def __init__(self):
        self.start = ([4] * 12, 0, (0, 0))

    def allowed(self, b, player, cap):
        """The allowed moves, or None when the mover must feed and cannot."""
        theirs = own(6, 1 - player)
        results = []
        for h in own(6, player):
            if b[h] == 0:
                continue
            r, took = self.play(b, player, cap, h)
            if took and all(r[0][x] == 0 for x in theirs):
                continue  # takes every counter of the opponent's row
            results.append(r)
        if all(b[x] == 0 for x in theirs):
            results = [r for r in results if any(r[0][x] > 0 for x in theirs)]
            if not results:
                return None
        return results

    def children(self, pos):
        b, player, cap = pos
        if max(cap) >= 25:
            return []
        moves = self.allowed(b, player, cap)
        if moves is None:
            return []
        if not moves:
            replies = self.allowed(b, 1 - player, cap)
            if replies:
                return [(b, 1 - player, cap)]  # pass
        return moves

    def play(self, b, player, cap, hole):
        b = list(b)
        stones, b[hole] = b[hole], 0
        pit = hole
        while stones:
            pit = (pit + 1) % 12
            if pit == hole:
                continue
            b[pit] += 1
            stones -= 1
        theirs = own(6, 1 - player)
        took = 0
        while pit in theirs and b[pit] in (2, 3):
            took += b[pit]
            b[pit] = 0
            pit -= 1
        cap = list(cap)
        cap[player] += took
        return (tuple(b), 1 - player, tuple(cap)), took


class Yovodi:
    P = 6

    def __init__(self):
        self.start = ([4] * 12, 0, (0, 0))

    def children(self, pos):
        b, player, cap = pos
        return [self.play(b, player, cap, h) for h in own(6, player) if b[h] > 0]

    def play(self, b, player, cap, hole):
        b = list(b)
        origin = hole
        for _ in range(MAX_RELAYS + 1):
            stones, b[origin] = b[origin], 0
            pit = origin
            for _ in range(stones):
                pit = (pit - 1) % 12  # clockwise
                b[pit] += 1
            if b[pit] > 1:
                origin = pit
                continue
            break
        cap = list(cap)
        if b[pit] == 1:
            taker = player if pit in own(6, player) else 1 - player
            cap[taker] += b[11 - pit]
            b[11 - pit] = 0
        return (tuple(b), 1 - player, tuple(cap))


GAMES = {
    "mankala": lambda: EvenChain(6, 6, (2, 4, 6)),
    "mangala-turkey": lambda: EvenChain(7, 5, (1, 3)),
    "vai-lung-thlan": VaiLungThlan,
    "halusa": Halusa,
    "j-odu": JOdu,
    "uril": Uril,
    "yovodi": Yovodi,
}




def main():
    name, depth = sys.argv[1], int(sys.argv[2])
    game = GAMES[name]()
    b, player, cap = game.start
    if len(sys.argv) > 3:
        words = sys.argv[3].replace("/", " ").split()
        b = [int(w) for w in words[: 2 * game.P]]
        player = {"south": 0, "north": 1}[words[2 * game.P]]
        rest = words[2 * game.P + 1 :]
        cap = (int(rest[1]), int(rest[2])) if rest else (0, 0)
    start = (tuple(b), player, cap)
    core.print_table(start, depth, game.children, lambda _, child: child, memo={})


if __name__ == "__main__":
    main()
