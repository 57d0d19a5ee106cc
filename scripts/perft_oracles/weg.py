#!/usr/bin/env python3
"""Independent perft for the Ethiopian and Eritrean weg games (variants/
qelat.variant, mewegae.variant, awagagae.variant, gabata-shoa.variant),
written from the rule texts (Pankhurst 1971 as Ludii quotes them) and
Ludii's .lud files, not from the Rust engine.

Board 2xN, no stores; south's pits 0..N-1 (a, b, ...), north's N..2N-1
(A, B, ...); counter-clockwise sowing goes a..last, A..last, a... A count
written `4*` is a pit that belongs to the player of the other row; `6t` a
weg (a captured hole) of the other row's player, `6T` a weg of its own
row's player; `!` after a weg: its owner's opponent has landed in it once.

A player plays any pit they own that holds a stone and is not a weg; the
stones are lifted and sown one by one from the next pit on. Where a lap's
last stone falls:
- a pit that is not a weg, of the opponent (owned by them, or in their row
  with `row`), now holding 4: it becomes the mover's weg; the turn ends;
- a weg of the opponent: the mover takes TRIBUTE stones from it (fewer if
  it holds fewer; the last stone counts) and then moves again (`again`) or
  the turn ends; with `first_free`, the first time a player lands in a given
  weg nothing happens (the weg remembers it) and the turn ends;
- the mover's own weg: the turn ends;
- a pit now holding more than one stone: it is lifted and sown on;
- else the turn ends.
A relay that comes back to a lap state of the same move (board, pit about to
be lifted) ends the round after that move. A relay still going after 1000
relays is cut there (sow's bound).
Before each move: a player who has no move passes (a move) if the other has
one; if neither has, the round ends. perft counts move sequences of exactly
DEPTH within the round.

Gamacha (Nobility) (flag `gamacha`, TRIBUTE 0): no tribute; a lap that
ends in an empty hole of the mover's row (not a weg) ends the move and takes
the facing hole's counters if it holds exactly one and is not a weg.

Usage: python3 -m perft_oracles.weg POSITION DEPTH TRIBUTE [first_free] [end] [row] [gamacha]
  e.g. python3 -m perft_oracles.weg "4 4 4 4 4 4 / 4 4 4 4 4 4 south" 6 1
"""
import sys

from perft_oracles import core

N = 6
MAX_RELAYS = 1000


def parse(text):
    global N
    tokens = text.replace("/", " ").split()
    side = next(i for i, t in enumerate(tokens) if t in ("south", "north"))
    N = side // 2
    pits, owner, weg, seen = [], [], [], []
    for i, t in enumerate(tokens[:side]):
        row = 0 if i < N else 1
        visited = t.endswith("!")
        t = t.rstrip("!")
        if t[-1:] in ("t", "T"):
            weg.append(True)
            owner.append(1 - row if t[-1] == "t" else row)
            pits.append(int(t[:-1] or "0"))
        elif t.endswith("*"):
            weg.append(False)
            owner.append(1 - row)
            pits.append(int(t[:-1]))
        else:
            weg.append(False)
            owner.append(row)
            pits.append(int(t))
        seen.append(visited)
    return (pits, owner, weg, seen), 0 if tokens[side] == "south" else 1


def moves(state, player):
    pits, owner, weg, _ = state
    return [i for i in range(2 * N) if pits[i] > 0 and owner[i] == player and not weg[i]]


def play(state, mover, origin, rules):
    """The state after the move, whether the mover moves again, and whether
    the relay cycled (the round ends after this move)."""
    pits, owner, weg, seen = (list(x) for x in state)
    tribute, first_free, again, by_row, gamacha = rules
    at = origin
    visits = set()
    for relays in range(MAX_RELAYS + 1):
        key = (tuple(pits), at)
        if key in visits:
            return (pits, owner, weg, seen), False, True
        visits.add(key)
        hand, pits[at] = pits[at], 0
        while hand:
            at = (at + 1) % (2 * N)
            pits[at] += 1
            hand -= 1
        theirs = (at // N != mover) if by_row else (owner[at] != mover)
        if not weg[at] and pits[at] == 4 and theirs:
            weg[at], owner[at] = True, mover
            return (pits, owner, weg, seen), False, False
        if weg[at]:
            if owner[at] == mover:
                return (pits, owner, weg, seen), False, False
            if tribute == 0:  # no tribute (Gamacha): the turn ends
                return (pits, owner, weg, seen), False, False
            if first_free and not seen[at]:
                seen[at] = True
                return (pits, owner, weg, seen), False, False
            pits[at] -= min(tribute, pits[at])
            return (pits, owner, weg, seen), again, False
        if pits[at] > 1:
            continue
        facing = 2 * N - 1 - at
        if gamacha and at // N == mover and pits[facing] == 1 and not weg[facing]:
            pits[facing] = 0
        return (pits, owner, weg, seen), False, False
    return (pits, owner, weg, seen), False, False  # cut after MAX_RELAYS


PASS = None


def legal(state):
    """The mover's moves, a pass when only the opponent can move; none after
    a move that closed a cycle (it ends the round)."""
    position, mover, _, over = state
    if over:
        return []
    mine = moves(position, mover)
    if mine:
        return mine
    return [PASS] if moves(position, 1 - mover) else []


def after(state, move):
    position, mover, rules, _ = state
    if move is PASS:
        return position, 1 - mover, rules, False
    position, again, cycled = play(position, mover, move, rules)
    return position, mover if again else 1 - mover, rules, cycled


def main():
    state, mover = parse(sys.argv[1])
    depth = int(sys.argv[2])
    flags = sys.argv[4:]
    rules = (
        int(sys.argv[3]),
        "first_free" in flags,
        "end" not in flags,
        "row" in flags,
        "gamacha" in flags,
    )
    core.print_table((state, mover, rules, False), depth, legal, after)


if __name__ == "__main__":
    main()
