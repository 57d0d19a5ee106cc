#!/usr/bin/env python3
"""Independent perft for Leyla Gobale (Somaliland), Leyla Gobale
(Gabradarre) and Leyla (variants/leyla-gobale-somaliland.variant,
leyla-gobale-gabradarre.variant, leyla.variant), written from the rule
texts (Marin 1931 and Pankhurst 1971 as Ludii's .lud files quote them), not
from the Rust engine.

Board 2x6, no stores; South's pits 0..5 (a..f, from South's left), North's
6..11 (A..F, from North's left). Counter-clockwise sowing goes a..f, A..F,
a...; clockwise the other way (f, e, ... a, F, E, ... A, f). The hole
facing pit i is 11 - i. A pit written with `t` after its count is owned
(captured) by the player of the other row, with `T` by its own row's
player: nobody sows from it.

A player sows from any hole of their row that holds counters and is not
owned (Somaliland: the game's first move from South's right-hand hole,
f): the counters are lifted and sown one by one from the next hole on
(the emptied hole gets one again on a lap of twelve or more). Where a lap
ends:
- in an owned hole: the move ends there (Leyla: in the opponent's owned
  hole the mover takes two counters from it, the final one among them,
  or what it holds if fewer);
- Leyla: in a hole of the opponent's row made four: that hole and the one
  facing it become the mover's, counters and all; the move ends;
- in an occupied hole (now two or more): its counters are lifted and sown
  on (relay);
- in an empty hole: the move ends. Leyla Gobale: if the hole is in the
  mover's row, the facing hole holding three gives one counter to it and
  both become the mover's; holding one, two, four or more it is captured.

A relay that comes back to a board and hole it had already reached in the
same move would go on for ever: the game ends there (a relay still going
after MAX_RELAYS relays is cut, sow's bound for every variant: the move
ends where its last lap ended, nothing taken). The game ends when
the player to move has no hole to play. Perft counts move sequences of
exactly DEPTH; a game that ends earlier is not counted deeper.

Usage: python3 -m perft_oracles.leyla GAME "4 4 4 4 4 4 / 4 4 4 4 4 4 south" DEPTH [first]
GAME: somaliland, gabradarre or leyla; `first`: the position is the start
of the game (Somaliland's first move from f).
"""
import sys

from perft_oracles import core

N = 6
MAX_RELAYS = 1000


def parse(text):
    """Pits, owner of each owned pit (None: unowned), mover."""
    tokens = text.replace("/", " ").split()
    pits, owned = [], []
    for i, t in enumerate(tokens[: 2 * N]):
        row = 0 if i < N else 1
        if t.endswith("t"):
            pits.append(int(t[:-1] or 0))
            owned.append(1 - row)
        elif t.endswith("T"):
            pits.append(int(t[:-1] or 0))
            owned.append(row)
        else:
            pits.append(int(t))
            owned.append(None)
    return pits, owned, 0 if tokens[2 * N] == "south" else 1


def row(pit):
    return 0 if pit < N else 1


def play(game, pits, owned, mover, origin):
    """(pits, owned, cycled, taken) after the move."""
    pits, owned = list(pits), list(owned)
    step = 1 if game == "gabradarre" else -1
    at = origin
    seen = set()
    for relays in range(MAX_RELAYS + 1):
        key = (tuple(pits), at)
        if key in seen:
            return pits, owned, True, 0
        seen.add(key)
        hand, pits[at] = pits[at], 0
        while hand:
            at = (at + step) % (2 * N)
            pits[at] += 1
            hand -= 1
        if owned[at] is not None:
            if game == "leyla" and owned[at] != mover:
                taken = min(2, pits[at])  # the tribute: two, the final counter among them
                pits[at] -= taken
                return pits, owned, False, taken
            return pits, owned, False, 0
        if game == "leyla" and row(at) != mover and pits[at] == 4:
            owned[at] = owned[2 * N - 1 - at] = mover
            return pits, owned, False, 0
        if pits[at] > 1:
            continue  # relay from the hole
        taken = 0
        if game != "leyla" and row(at) == mover:
            facing = 2 * N - 1 - at
            if pits[facing] == 3:
                pits[facing] -= 1
                pits[at] += 1
                owned[at] = owned[facing] = mover
            else:
                taken, pits[facing] = pits[facing], 0  # captured (nothing if empty)
        return pits, owned, False, taken
    return pits, owned, False, 0  # cut after MAX_RELAYS relays


def moves(game, pits, owned, mover, first):
    if first and game == "somaliland":
        return [N - 1] if pits[N - 1] > 0 else []
    return [
        i
        for i in range(2 * N)
        if row(i) == mover and owned[i] is None and pits[i] > 0
    ]


def main():
    game = sys.argv[1]
    pits, owned, mover = parse(sys.argv[2])
    depth = int(sys.argv[3])

    def legal(state):
        """No moves after one that closed a cycle (it ends the game)."""
        pits, owned, mover, first, over = state
        return [] if over else moves(game, pits, owned, mover, first)

    def after(state, move):
        pits, owned, mover, _, _ = state
        pits, owned, cycled, _ = play(game, pits, owned, mover, move)
        return pits, owned, 1 - mover, False, cycled

    core.print_table((pits, owned, mover, "first" in sys.argv[4:], False), depth, legal, after)


if __name__ == "__main__":
    main()
