#!/usr/bin/env python3
"""Independent perft for Mewelad, Rio Kadalis and Gabata (Ghinda)
(variants/mewelad.variant, rio-kadalis.variant, gabata-ghinda.variant),
written from the rule texts (Pankhurst 1971 as Ludii's .lud files quote
him), not from the Rust engine.

Board 2xN, no stores; South's pits 0..N-1 (a, b, ...), North's N..2N-1
(A, B, ...); counter-clockwise sowing goes a..last, A..last, a... A count
written `4*` is a pit that belongs to the player of the other row (it
changed hands after a round): that player plays it and takes its fours. A
pit written `x` is closed: it holds nothing, sowing passes over it, nobody
plays it.

A player plays any pit they own holding a stone: its stones are lifted and
sown one by one from the next pit on. Each time a stone makes a pit hold
four: if it is the last stone of the lap, the mover takes the four ("the
final hole of the sowing") and the lap has ended in an empty pit; otherwise
the pit's owner takes them ("the owner of the hole"), and the sowing goes
on. A lap whose last stone lands in a pit that held stones (now two or
more) lifts that pit and sows on; one that ends in an empty pit ends the
move. A relay still going after MAX_RELAYS relays is cut (sow's bound for
every variant): the move ends where its last lap ended.

The round ends when the player to move has no pit to play (no passes). A
round that ends is not counted at deeper depths (perft counts move
sequences of exactly DEPTH). Gabata (Ghinda), flag `ghinda`, from the
start of a match: South's first move is from `a` and North's first from
`A` (each player's leftmost hole); a position given mid-game has no such
restriction.

Usage: python3 -m perft_oracles.pit_ownership_ethiopian "4 4 4 4 4 4 / 4* 4* 4 4 4 4 south" DEPTH [ghinda]
"""
import sys

from perft_oracles import core

N = 6
MAX_RELAYS = 1000


def parse(text):
    """Pits, owner of each pit (0 South, 1 North, None closed), mover."""
    global N
    tokens = text.replace("/", " ").split()
    side = next(i for i, t in enumerate(tokens) if t in ("south", "north"))
    N = side // 2
    pits, owner = [], []
    for i, t in enumerate(tokens[:side]):
        row = 0 if i < N else 1
        if t == "x":
            pits.append(0)
            owner.append(None)
        elif t.endswith("*"):
            pits.append(int(t[:-1]))
            owner.append(1 - row)
        else:
            pits.append(int(t))
            owner.append(row)
    return tuple(pits), tuple(owner), 0 if tokens[side] == "south" else 1


def play(pits, owner, mover, origin):
    """The board after the move and the stones each player took."""
    pits = list(pits)
    took = [0, 0]
    at = origin
    for _ in range(MAX_RELAYS + 1):
        hand, pits[at] = pits[at], 0
        while hand:
            at = (at + 1) % (2 * N)
            if owner[at] is None:
                continue  # a closed pit is passed over
            pits[at] += 1
            hand -= 1
            if pits[at] == 4:
                took[mover if hand == 0 else owner[at]] += 4
                pits[at] = 0
        if pits[at] < 2:
            break  # ended in a pit that was empty (or was just taken)
    return tuple(pits), took


def moves(pits, owner, mover, first):
    if first is not None:
        return [first] if pits[first] > 0 and owner[first] == mover else []
    return [i for i in range(2 * N) if pits[i] > 0 and owner[i] == mover]


def main():
    pits, owner, mover = parse(sys.argv[1])
    ghinda = "ghinda" in sys.argv[3:]

    def legal(state):
        """With `ghinda`, each player's first move is from their leftmost hole."""
        pits, owner, mover, ply = state
        first = (0 if mover == 0 else N) if ghinda and ply <= 2 else None
        return moves(pits, owner, mover, first)

    def after(state, move):
        pits, owner, mover, ply = state
        return play(pits, owner, mover, move)[0], owner, 1 - mover, ply + 1

    core.print_table((pits, owner, mover, 1), int(sys.argv[2]), legal, after)


if __name__ == "__main__":
    main()
