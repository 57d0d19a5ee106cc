#!/usr/bin/env python3
"""Perft of Kara and Kay, written from their rules
(the variant files' headers), independently of `sow`'s engine. Cross-checks
tests/perft/<name>.perft.

Usage: python3 -m perft_oracles.kara_kay NAME DEPTH ["a b c ... / A B C ... south|north"]

Board: holes 0..5 are South's (a..f), 6..11 North's (A..F), in
anticlockwise order. Perft counts move sequences of exactly DEPTH moves;
games that end earlier are not counted. A repeated position is not looked
at (perft knows no history).

kay (4 each, no stores sown): a hole holding two or more counters may be
played; a hole holding one only if the next hole (anticlockwise) is empty.
Sow anticlockwise from the next hole, skipping the hole sown from. When a
lap's last counter makes four in a hole of the opponent's row, that hole is
taken, then the holes before it (clockwise) while they are the opponent's
and hold four, and the move ends. Otherwise, when the last counter lands in
an occupied hole and the hole after it holds counters, the last hole is
lifted and sown on the same way; else the move ends. The game is over when
the player to move has no legal move.

kara (2x3, 7 each, no stores sown): a hole holding counters may be played;
sow anticlockwise from the next hole, six or more passing through the
emptied hole, one lap. A last hole holding 2, 4 or 6 is taken when it is
the opponent's or the mover's rightmost hole (South's c, North's C). The
game is over when the player to move has no counter.

Relays stop after 1000 relay laps, as `sow` does (a bound of the engine, not
of the rules): the move ends there, with no capture.
"""

import sys

from perft_oracles import core

N = 12  # Kay's board; Kara's is 6 holes (its own class)
MAX_RELAYS = 1000


row, owner, sow = core.row_of_six, core.owner_of_six, core.sow_twelve


class Kay:
    start = [4] * N

    def moves(self, b, player):
        out = []
        for h in row(player):
            if b[h] >= 2 or (b[h] == 1 and b[(h + 1) % N] == 0):
                out.append((h, self.play(b, player, h)))
        return out

    def play(self, b, player, hole):
        b = list(b)
        for _ in range(MAX_RELAYS + 1):
            last = sow(b, hole, 1, True)
            if owner(last) != player and b[last] == 4:
                h, seen = last, set()
                while h not in seen and owner(h) != player and b[h] == 4:
                    seen.add(h)
                    b[h] = 0
                    h = (h - 1) % N
                break
            if b[last] > 1 and b[(last + 1) % N]:
                hole = last
                continue
            break
        return b


class Kara:
    start = [7] * 6

    def moves(self, b, player):
        out = []
        for h in range(player * 3, player * 3 + 3):
            if b[h]:
                after = list(b)
                stones, after[h], hole = after[h], 0, h
                while stones:
                    hole = (hole + 1) % 6
                    after[hole] += 1
                    stones -= 1
                zone = hole // 3 != player or hole == player * 3 + 2
                if zone and after[hole] in (2, 4, 6):
                    after[hole] = 0
                out.append((h, after))
        return out


GAMES = {
    "kay": Kay,
    "kara": Kara,
}




def main():
    name, depth = sys.argv[1], int(sys.argv[2])
    game = GAMES[name]()
    board, player = game.start, 0
    if len(sys.argv) > 3:
        tokens = sys.argv[3].replace("/", " ").split()
        size = len(game.start)
        board = [int(t) for t in tokens[:size]]
        player = 0 if tokens[size] == "south" else 1
    core.print_table(
        (board, player),
        depth,
        lambda s: game.moves(*s),
        lambda s, move_and_after: (move_and_after[1], 1 - s[1]),
    )


if __name__ == "__main__":
    main()
