#!/usr/bin/env python3
"""Independent perft for Hufesay and Motiq (variants/hufesay.variant,
variants/motiq.variant), with pits that changed hands, written from the rule
texts (and Ludii's Hufesay.lud / Motiq.lud), not from the Rust engine.

Board 2xN, no stores; south's pits 0..N-1 (a, b, ...), north's N..2N-1
(A, B, ...); counter-clockwise sowing goes a..last, A..last, a... A count
written `4*` is a pit that belongs to the player of the other row: that
player plays it. A player plays any pit they own holding a stone; the
stones are lifted and sown one by one from the next pit on.

Hufesay: the last stone in an occupied pit (now > 1): lift it and sow on.
In an empty pit of the mover's row (the row, whoever owns the pit): the
opposite pit's stones are captured. The turn ends.
Motiq (flag `motiq`): the last stone making 4 in a pit: those 4 are
captured, and if the next pit holds stones they are lifted and sown on,
else the turn ends; making 2, 3 or 5+: lift and sow on; 1: the turn ends.

Hufesay: a relay that comes back to a lap state of the same move (the same
board, the same pit about to be lifted) ends the round after that move, the
board as it was at that state. Motiq has no such end: any relay is cut after
1000 relays (sow's bound for every variant), the move ending there.
Before each move: a row (the row, not the owned pits) with no stone ends
the round. A player who owns no pit with a stone passes (a move) if the
other can move; if neither can, the round ends. A round that ends is not
counted at deeper depths (perft counts move sequences of exactly DEPTH).

Usage: python3 -m perft_oracles.surplus_pits "4 4 4 4 4 4 / 4* 4* 4 4 4 4 south" DEPTH [motiq]
"""
import sys

from perft_oracles import core

MOTIQ = False
N = 6


def parse(text):
    global N
    tokens = text.replace("/", " ").split()
    side = next(i for i, t in enumerate(tokens) if t in ("south", "north"))
    N = side // 2
    pits, owner = [], []
    for i, t in enumerate(tokens[:side]):
        row = 0 if i < N else 1
        if t.endswith("*"):
            pits.append(int(t[:-1]))
            owner.append(1 - row)
        else:
            pits.append(int(t))
            owner.append(row)
    return tuple(pits), tuple(owner), 0 if tokens[side] == "south" else 1


def can_move(pits, owner, player):
    return any(n > 0 and owner[i] == player for i, n in enumerate(pits))


MAX_RELAYS = 1000  # sow's bound: a move stops after this many relays


def play(pits, mover, origin):
    """The board after the move, and whether its relay came back to a lap
    state (board, pit about to be lifted) it had reached: a move that would
    go on for ever, which ends the round (`relay_cycle`) with the board as
    it was at that state. A relay still going after MAX_RELAYS relays is cut
    (sow's bound): the move ends where its last lap ended."""
    pits = list(pits)
    at = origin
    seen = {}
    for relays in range(MAX_RELAYS + 1):
        state = (tuple(pits), at)
        if state in seen and not MOTIQ:  # Motiq has no `relay_cycle` end
            return list(state[0]), True
        seen[state] = relays
        hand, pits[at] = pits[at], 0
        while hand:
            at = (at + 1) % (2 * N)
            pits[at] += 1
            hand -= 1
        if MOTIQ:
            if pits[at] == 4:
                pits[at] = 0  # captured by the mover
                nxt = (at + 1) % (2 * N)
                if pits[nxt] == 0:
                    return pits, False
                at = nxt
                continue
            if pits[at] > 1:
                continue
            return pits, False
        if pits[at] > 1:
            continue
        break
    if not MOTIQ and pits[at] == 1 and at // N == mover:
        pits[2 * N - 1 - at] = 0  # captured
    return pits, False


PASS = None


def legal(state):
    """The mover's moves, a pass when only the opponent can move; none once
    a row is empty or a move closed a cycle (the round is over)."""
    pits, owner, mover, over = state
    if over or sum(pits[:N]) == 0 or sum(pits[N:]) == 0:
        return []
    mine = [i for i in range(2 * N) if pits[i] > 0 and owner[i] == mover]
    if mine:
        return mine
    return [PASS] if can_move(pits, owner, 1 - mover) else []


def after(state, move):
    pits, owner, mover, _ = state
    if move is PASS:
        return pits, owner, 1 - mover, False
    pits, cycled = play(pits, mover, move)
    return tuple(pits), owner, 1 - mover, cycled


def main():
    global MOTIQ
    MOTIQ = "motiq" in sys.argv[3:]
    pits, owner, mover = parse(sys.argv[1])
    core.print_table((pits, owner, mover, False), int(sys.argv[2]), legal, after)


if __name__ == "__main__":
    main()
