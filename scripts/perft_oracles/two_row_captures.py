#!/usr/bin/env python3
"""Perft of two-row games without stores whose last counter captures by count:
Bakuk, Koumma, Tihbat, Modiar (Mancala World reading), Um el-Bagara, Um el
Tuweisat, Oware (Abapa) and Oware (OpenSpiel), written from the rules in each
variant file's header (and /work/shared/modiar-rules.md for Modiar),
independently of `sow`'s engine. Cross-checks tests/perft/{bakuk,koumma,
tihbat,modiar,um-el-bagara,um-el-tuweisat,oware,oware-openspiel}.perft.

Board: holes 0..n-1 are South's (a, b, ... from South's left), n..2n-1
North's (A, B, ... from North's left), in anticlockwise order, so a player's
k-th hole from their own left is `player * n + k` and anticlockwise is +1.

A move lifts the counters of one of the mover's holes holding at least
`min` and sows one lap (`start`: `next` begins in the following hole,
`origin` drops the first counter back into the emptied hole; `skip` passes
over the origin on later laps). The hole of the last counter captures when
it now holds one of `counts` and lies on the `side` asked (own, opponent,
any); the chain (`backward`: the holes sown before it; `forward`: the holes
after it along the sowing direction; `none`) takes further holes while they
hold one of `counts`, stays in the opponent's row when `side` is opponent,
and never takes a hole twice.

Per game, the remaining rules:
- `first`: the first move of the game (ply 1) captures nothing (Modiar);
- `slam`: a grand slam (a capture from the opponent's row that leaves it
  empty) is `forbidden` (Modiar), `no_capture` (played, capturing nothing:
  Oware) or allowed (None);
- `feed`: when the opponent's row is empty only moves that leave a counter
  in it are legal (`otherwise`: `end` ends the game if none does, `any`
  allows every move);
- `end`: `no_move` ends the game when the mover cannot move; `pass` lets a
  mover without a move pass (a pass counts as a move) while the opponent can
  move, and ends it when neither can;
- `majority`: a player who has captured more than half the counters ends
  the game (Oware).

Repetition of positions (each file's repetition rule) is a rule about a
game's history: perft leaves it out, as `sow perft` does (its help: "Repetition,
a rule about a game's history, is not applied").

Usage: python3 -m perft_oracles.two_row_captures GAME DEPTH
"""
import sys

from perft_oracles import core

BASE = dict(start="next", skip=False, side="any", chain="none", first=False,
            slam=None, feed=False, otherwise="end", end="no_move", majority=False, min=1, dirs=None)

GAMES = {
    # Mancala World, "Bakuk": "starting in the next one"; 2 or 4; "the
    # following holes (in an unbroken sequence)".
    "bakuk": dict(n=3, seeds=6, counts={2, 4}, chain="forward"),
    # Koumma: origin-first sowing, 2, 4 or 6 in the ensuing holes.
    "koumma": dict(n=3, seeds=6, start="origin", min=2, counts={2, 4, 6}, chain="forward"),
    # Tihbat: 2x2, 7 each, origin-first; 2, 4, 6 or 8 on the mover's side.
    "tihbat": dict(n=2, seeds=7, start="origin", min=2, counts={2, 4, 6, 8}, side="own"),
    # Modiar (modiar-rules.md): origin-first, 2/4/6 either side, chain
    # backward across rows, ply 1 captures nothing, grand slam illegal, feed
    # an empty row when possible, else any move.
    "modiar": dict(n=3, seeds=7, start="origin", min=2, counts={2, 4, 6}, chain="backward",
                   first=True, slam="forbidden", feed=True, otherwise="any"),
    # Um el-Bagara: 2x5, 5 each; leftmost two holes clockwise, centre either
    # way, rightmost two anticlockwise; 2 or 4 in the opponent's row, backward.
    "um-el-bagara": dict(n=5, seeds=5, min=2, counts={2, 4}, side="opponent", chain="backward",
                         end="pass", dirs=[(-1,), (-1,), (-1, 1), (1,), (1,)]),
    # Um el Tuweisat: 2x3, 3 each; left clockwise, centre either, right
    # anticlockwise; 2 in the opponent's row, backward.
    "um-el-tuweisat": dict(n=3, seeds=3, min=2, counts={2}, side="opponent", chain="backward",
                           end="pass", dirs=[(-1,), (-1, 1), (1,)]),
    # Oware (Abapa) and OpenSpiel's oware: skip the origin, 2 or 3 in the
    # opponent's row backward, grand slam captures nothing, feed an empty row
    # or the game ends, more than 24 captured ends it.
    "oware": dict(n=6, seeds=4, skip=True, counts={2, 3}, side="opponent", chain="backward",
                  slam="no_capture", feed=True, otherwise="end", majority=True),
    "oware-openspiel": dict(n=6, seeds=4, skip=True, counts={2, 3}, side="opponent",
                            chain="backward", slam="no_capture", feed=True, otherwise="end",
                            majority=True),
}


class Game:
    def __init__(self, name):
        self.__dict__.update(BASE)
        self.__dict__.update(GAMES[name])
        self.total = 2 * self.n * self.seeds

    def row(self, player):
        return range(player * self.n, player * self.n + self.n)

    def sow(self, board, hole, step):
        """The board after sowing `hole` one lap `step`, and the last hole."""
        b = list(board)
        stones, b[hole] = b[hole], 0
        at = hole
        if self.start == "origin":
            b[hole] += 1
            stones -= 1
        while stones:
            at = (at + step) % (2 * self.n)
            if self.skip and at == hole:
                continue
            b[at] += 1
            stones -= 1
        return b, at

    def captures(self, b, last, step, player):
        """The holes the last counter in `last` takes."""
        opp = self.row(1 - player)
        if b[last] not in self.counts:
            return []
        if self.side == "own" and last not in self.row(player):
            return []
        if self.side == "opponent" and last not in opp:
            return []
        taken = [last]
        if self.chain == "none":
            return taken
        d = -step if self.chain == "backward" else step
        at = (last + d) % (2 * self.n)
        while at not in taken and b[at] in self.counts:
            if self.side == "opponent" and at not in opp:
                break
            taken.append(at)
            at = (at + d) % (2 * self.n)
        return taken

    def moves(self, state):
        """(move, next state) for each legal move, without history."""
        board, caps, player, ply = state
        opp = self.row(1 - player)
        out = []
        for k, hole in enumerate(self.row(player)):
            if board[hole] < self.min:
                continue
            steps = self.dirs[k] if self.dirs else (1,)
            for step in steps:
                b, last = self.sow(board, hole, step)
                taken = [] if (self.first and ply == 0) else self.captures(b, last, step, player)
                slam = any(h in opp for h in taken) and all(
                    b[h] == 0 or h in taken for h in opp)
                if slam and self.slam == "forbidden":
                    continue
                if slam and self.slam == "no_capture":
                    taken = []
                c = list(caps)
                for h in taken:
                    c[player] += b[h]
                    b[h] = 0
                out.append(((hole, step), (tuple(b), tuple(c), 1 - player, ply + 1)))
        if self.feed and all(board[h] == 0 for h in opp):
            fed = [m for m in out if any(m[1][0][h] for h in opp)]
            if fed or self.otherwise == "end":
                out = fed
        return out

    def successors(self, state):
        board, caps, player, ply = state
        if self.majority and max(caps) * 2 > self.total:
            return []
        out = self.moves(state)
        if out or self.end == "no_move":
            return out
        if self.moves((board, caps, 1 - player, ply)):
            return [("pass", (board, caps, 1 - player, ply + 1))]
        return []


def main():
    if len(sys.argv) != 3 or sys.argv[1] not in GAMES:
        sys.exit(f"usage: {sys.argv[0]} {'|'.join(GAMES)} DEPTH")
    game = Game(sys.argv[1])
    depth = int(sys.argv[2])
    start = ((game.seeds,) * (2 * game.n), (0, 0), 0, 0)
    core.print_table(start, depth, game.successors, lambda s, move: move[1])


if __name__ == "__main__":
    main()
