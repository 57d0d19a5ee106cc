#!/usr/bin/env python3
"""Perft of Foji, Fondji, Woli, Unnee Tugalluulax, Tap Urdy and Gabata (Adegrat), written from their rules
(the variant files' headers), independently of `sow`'s engine. Cross-checks
tests/perft/<name>.perft.

Usage: python3 -m perft_oracles.skip_origin_two_row NAME DEPTH ["a b c ... / A B C ... south|north"]

Board: holes 0..5 are South's (a..f), 6..11 North's (A..F), in
anticlockwise order; the hole facing hole i is 11-i. Perft counts move
sequences of exactly DEPTH moves; games that end earlier are not counted.
A repeated position is not looked at (perft knows no history), so the
players' agreement to end a loop never comes up.

foji (4 each): sow clockwise from the next hole, skipping the hole sown
from; a lap whose last counter lands in an occupied hole lifts it and sows
on the same way (skipping it); a last counter in an empty hole of the
mover's row takes the opponent's hole facing it, if it holds counters. A
move must leave the opponent's row a counter; when none can, or the mover
has no counter, the game is over.

fondji (4 each): sow anticlockwise from the next hole, skipping the hole
sown from, one lap; a last hole of the mover's own row holding 2 or 3 is
taken, then the holes before it while they are the mover's and hold 2 or 3.
When the opponent's row is empty the move must put a counter in it; when
none can, or the mover has no counter, the game is over.

woli (6 each): as fondji, but clockwise and the twos and threes are taken
in the opponent's row; a move whose capture would leave the opponent's row
empty is not allowed.

unnee-tugalluulax (6 each): sow clockwise from the next hole (twelve or
more pass through the emptied hole), one lap; a last hole of the mover's
row holding four is taken. The game is over when the mover has no counter.

tap-urdy (4 each): a player sows a hole of the opponent's row, clockwise,
from the next hole (twelve or more pass through the emptied hole); a lap
whose last counter lands in an occupied hole lifts it and sows on the same
way if the hole after it (clockwise) holds counters; if that hole is empty,
the hole after the empty one is taken (either row) and the move ends; a
last counter in an empty hole ends the move. The game is over as soon as a
row is empty.

gabata-adegrat (3 each; one round): sow anticlockwise from the next hole
(twelve or more pass through the emptied hole); a lap whose last counter
lands in an occupied hole lifts the hole after it, if that holds counters,
and sows on from it; if it is empty the move ends; a last counter in an
empty hole takes the hole after it (either row), if that holds counters.
The round is over as soon as a row is empty: an end here, as for `sow
perft`, which does not play into the next round.

Relays stop after 1000 relay laps, as `sow` does (a bound of the engine, not
of the rules): the move ends there, with no capture.
"""

import sys

from perft_oracles import core

N = 12
MAX_RELAYS = 1000


row, owner, sow = core.row_of_six, core.owner_of_six, core.sow_twelve


def chain(b, last, step, player, side):
    """Takes the last hole and the holes before it while they hold 2 or 3
    and lie on `side` (the row of `player` or of the opponent)."""
    want = player if side == "own" else 1 - player
    hole, taken = last, set()
    while hole not in taken and owner(hole) == want and b[hole] in (2, 3):
        taken.add(hole)
        b[hole] = 0
        hole = (hole - step) % N
    return bool(taken)


class Foji:
    start = [4] * N

    def play(self, b, player, hole):
        b = list(b)
        for _ in range(MAX_RELAYS + 1):
            last = sow(b, hole, -1, True)
            if b[last] > 1:
                hole = last
                continue
            if owner(last) == player and b[11 - last]:
                b[11 - last] = 0
            break
        return b

    def moves(self, b, player):
        out = []
        for h in row(player):
            if b[h]:
                after = self.play(b, player, h)
                if any(after[o] for o in row(1 - player)):
                    out.append((h, after))
        return out


class Fondji:
    start = [4] * N
    step, side = 1, "own"
    grand_slam_forbidden = False

    def moves(self, b, player):
        out = []
        for h in row(player):
            if not b[h]:
                continue
            after = list(b)
            last = sow(after, h, self.step, True)
            captured = chain(after, last, self.step, player, self.side)
            opp = any(after[o] for o in row(1 - player))
            if self.grand_slam_forbidden and captured and not opp:
                continue
            out.append((h, after, opp))
        if not any(b[o] for o in row(1 - player)):
            out = [m for m in out if m[2]]
        return [(h, after) for h, after, _ in out]


class Woli(Fondji):
    start = [6] * N
    step, side = -1, "opponent"
    grand_slam_forbidden = True


class Unnee:
    start = [6] * N

    def moves(self, b, player):
        out = []
        for h in row(player):
            if b[h]:
                after = list(b)
                last = sow(after, h, -1, False)
                if owner(last) == player and after[last] == 4:
                    after[last] = 0
                out.append((h, after))
        return out


class TapUrdy:
    start = [4] * N

    def moves(self, b, player):
        if not any(b[h] for h in row(0)) or not any(b[h] for h in row(1)):
            return []
        return [(h, self.play(b, h)) for h in row(1 - player) if b[h]]

    def play(self, b, hole):
        b = list(b)
        for _ in range(MAX_RELAYS + 1):
            last = sow(b, hole, -1, False)
            if b[last] == 1:
                break
            gap = (last - 1) % N
            if b[gap]:
                hole = last
                continue
            target = (gap - 1) % N
            if target != last:
                b[target] = 0
            break
        return b


class GabataAdegrat:
    start = [3] * N

    def moves(self, b, player):
        if not any(b[h] for h in row(0)) or not any(b[h] for h in row(1)):
            return []
        return [(h, self.play(b, h)) for h in row(player) if b[h]]

    def play(self, b, hole):
        b = list(b)
        for _ in range(MAX_RELAYS + 1):
            last = sow(b, hole, 1, False)
            after = (last + 1) % N
            if b[last] > 1:
                if b[after]:
                    hole = after
                    continue
                break
            b[after] = 0
            break
        return b


GAMES = {"foji": Foji, "fondji": Fondji, "woli": Woli, "unnee-tugalluulax": Unnee,
    "tap-urdy": TapUrdy,
    "gabata-adegrat": GabataAdegrat,
}




def main():
    name, depth = sys.argv[1], int(sys.argv[2])
    game = GAMES[name]()
    board, player = game.start, 0
    if len(sys.argv) > 3:
        tokens = sys.argv[3].replace("/", " ").split()
        board, player = [int(t) for t in tokens[:12]], 0 if tokens[12] == "south" else 1
    core.print_table(
        (board, player),
        depth,
        lambda s: game.moves(*s),
        lambda s, move_and_after: (move_and_after[1], 1 - s[1]),
    )


if __name__ == "__main__":
    main()
