#!/usr/bin/env python3
"""Perft of one round of Gabata (Adowa) (3x6), written from its rules
(Pankhurst 1971 via Ludii, see variants/gabata-adowa.variant), independently
of `sow`'s engine and of its pit numbering.

Cross-checks tests/perft/gabata-adowa.perft. The board is a grid seen from
above with South at the bottom: rows 0 (North's), 1 (the middle row), 2
(South's); columns 0-5 from west (South's left) to east. South owns row 2
and the east half of row 1 (columns 3-5), North row 0 and the west half
(columns 0-2).

- Start: 3 in every pit, 54 counters.
- One circuit for both players, Ludii's track "0,E,N1,W2,17,W,S1,E2":
  row 2 west to east, row 1 from column 5 to 3, row 0 east to west, row 1
  from column 0 to 2, back to row 2 column 0.
- A move lifts an own pit holding a counter that is not a weg and sows
  along the circuit from the next pit. Where a lap's last counter falls:
  - a pit of the opponent's (not a weg) now holding 4: it becomes the
    mover's weg; the turn ends;
  - a weg of the opponent: the mover takes 2 counters from it (fewer if it
    holds fewer; the last counter counts); the turn ends;
  - the mover's own weg: the turn ends;
  - a pit now holding more than one counter: it is lifted and sown on;
  - else the turn ends.
- A relay that comes back to a lap state of the same move (board, pit about
  to be lifted) ends the round after that move; a relay still going after
  1000 relays is cut there (sow's bound).
- Before each move: a player who has no move passes (a move) if the other
  has one; if neither has, the round ends.

Usage: python3 -m perft_oracles.gabata_adowa DEPTH [POSITION]

POSITION is in sow's notation ("a-f / g-i / A-F / G-I south|north"):
South's row a-f from the west, its half of the middle row g-i from the east
edge, North's row A-F from the east, its half G-I from the west edge. A
count written `6t` is a weg of the player who does not own the pit.
"""
import sys

from perft_oracles import core

COLS = 6
MAX_RELAYS = 1000
TRIBUTE = 2
CIRCUIT = (
    [(2, c) for c in range(COLS)]
    + [(1, c) for c in (5, 4, 3)]
    + [(0, c) for c in reversed(range(COLS))]
    + [(1, c) for c in (0, 1, 2)]
)


def side(cell):
    """The player owning a grid cell: 0 South, 1 North."""
    r, c = cell
    return 0 if r == 2 or (r == 1 and c >= 3) else 1


def moves(board, weg, player):
    return [
        cell
        for cell in CIRCUIT
        if side(cell) == player and board[cell] > 0 and cell not in weg
    ]


def play(board, weg, mover, cell):
    """The board and wegs after the move, and whether the relay cycled."""
    b, w = dict(board), dict(weg)
    at = CIRCUIT.index(cell)
    seen = set()
    for _ in range(MAX_RELAYS + 1):
        key = (tuple(sorted(b.items())), at)
        if key in seen:
            return b, w, True
        seen.add(key)
        hand, b[CIRCUIT[at]] = b[CIRCUIT[at]], 0
        while hand:
            at = (at + 1) % len(CIRCUIT)
            b[CIRCUIT[at]] += 1
            hand -= 1
        here = CIRCUIT[at]
        if here not in w and b[here] == 4 and side(here) != mover:
            w[here] = mover
            return b, w, False
        if here in w:
            if w[here] != mover:
                b[here] -= min(TRIBUTE, b[here])
            return b, w, False
        if b[here] > 1:
            continue
        return b, w, False
    return b, w, False


def parse(text):
    words = text.replace("/", " ").split()
    mover = 0 if words[18] == "south" else 1
    cells = [(2, c) for c in range(COLS)] + [(1, 5 - k) for k in range(3)]
    cells += [(0, COLS - 1 - c) for c in range(COLS)] + [(1, k) for k in range(3)]
    board, weg = {}, {}
    for cell, word in zip(cells, words[:18]):
        if word.endswith("t"):
            weg[cell] = 1 - side(cell)
            word = word[:-1] or "0"
        board[cell] = int(word)
    return board, weg, mover


PASS = None


def legal(state):
    """The mover's moves, a pass when only the opponent can move; none after
    a move that closed a cycle."""
    board, weg, mover, over = state
    if over:
        return []
    mine = moves(board, weg, mover)
    if mine:
        return mine
    return [PASS] if moves(board, weg, 1 - mover) else []


def after(state, move):
    board, weg, mover, _ = state
    if move is PASS:
        return board, weg, 1 - mover, False
    board, weg, cycled = play(board, weg, mover, move)
    return board, weg, 1 - mover, cycled


def main():
    depth = int(sys.argv[1])
    if len(sys.argv) > 2:
        board, weg, player = parse(sys.argv[2])
    else:
        board, weg, player = {cell: 3 for cell in CIRCUIT}, {}, 0
    core.print_table((board, weg, player, False), depth, legal, after)


if __name__ == "__main__":
    main()
