#!/usr/bin/env python3
"""Perft of Kalah, FairKalah, Um el-Bil, Waurie, Aw-li On-nam Ot-tjin, Altiev
and Chonka, written from each game's rule text (see the variant files'
headers), independently of `sow`'s engine. Cross-checks tests/perft/{kalah,
fairkalah,um-el-bil,waurie,aw-li-on-nam-ot-tjin,altiev,chonka}.perft.

Board: pits 0..n-1 are South's (a, b, ...), n..2n-1 North's (A, B, ...), in
anticlockwise order; each player's store (Kalah-like games) comes after their
own last pit on their sowing track. Perft counts move sequences of exactly
DEPTH moves; games that end earlier are not counted; a pass counts as a move.

Usage: python3 -m perft_oracles.game_ends GAME DEPTH
"""
import sys

from perft_oracles import core


def kalah_track(n, player, origin):
    """The slots a sowing from `origin` visits, in order: pits, and 'S' for the
    mover's store after the mover's last pit (the opponent's is skipped)."""
    track = []
    at = origin
    for _ in range(2 * n):
        if at == (n - 1 if player == 0 else 2 * n - 1):
            track.append('S')
        at = (at + 1) % (2 * n)
        track.append(at)
    return track  # one full lap: 2n pits and the store


class Kalahish:
    """Kalah and FairKalah (capture) or Waurie (no capture, empty row wins).

    Kalah's capture (`opposite_needed`) takes the last seed and the opposite
    house only when that house holds seeds; FairKalah's takes both even when
    the opposite pit is empty."""

    def __init__(self, start, capture, opposite_needed=False):
        self.n = len(start) // 2
        self.start_board = tuple(start)
        self.capture = capture
        self.opposite_needed = opposite_needed

    def start(self):
        return (self.start_board, 0)

    def row(self, player):
        return range(0, self.n) if player == 0 else range(self.n, 2 * self.n)

    def over(self, pos):
        board, player = pos
        # Either game ends as soon as a row is empty (tested after every move).
        return any(all(board[i] == 0 for i in self.row(p)) for p in (0, 1))

    def moves(self, pos):
        board, player = pos
        if self.over(pos):
            return []
        return [i for i in self.row(player) if board[i] > 0]

    def play(self, pos, pit):
        board, player = pos
        b = list(board)
        stones, b[pit] = b[pit], 0
        track = kalah_track(self.n, player, pit)
        k = 0
        last = None
        while stones:
            last = track[k % len(track)]
            if last != 'S':
                b[last] += 1
            stones -= 1
            k += 1
        if last == 'S':
            return (tuple(b), player)  # another turn
        if self.capture and last in self.row(player) and b[last] == 1:
            if self.opposite_needed and b[2 * self.n - 1 - last] == 0:
                return (tuple(b), 1 - player)  # nothing to take: the seed stays
            b[last] = 0
            b[2 * self.n - 1 - last] = 0  # the opposite pit, even empty
        return (tuple(b), 1 - player)


class UmElBil:
    def __init__(self):
        self.n = 6

    def start(self):
        return ((4,) * 12, 0, True)

    def row(self, player):
        return range(0, 6) if player == 0 else range(6, 12)

    def own_moves(self, board, player, opening):
        pits = [i for i in self.row(player) if board[i] > 0]
        if opening:
            pits = [i for i in pits if i == 5]  # "the hole on their right"
        return pits

    def moves(self, pos):
        board, player, opening = pos
        pits = self.own_moves(board, player, opening)
        if pits:
            return pits
        # A player without a move passes while the other has one.
        return ['pass'] if self.own_moves(board, 1 - player, False) else []

    def play(self, pos, pit):
        board, player, _ = pos
        if pit == 'pass':
            return (board, 1 - player, False)
        b = list(board)
        stones, b[pit] = b[pit], 0
        at = pit
        while stones:
            at = (at + 1) % 12
            b[at] += 1
            stones -= 1
        if b[at] == 1:  # the last counter fell into an empty hole: captured
            b[at] = 0
        return (tuple(b), 1 - player, False)


class AwLi:
    def __init__(self):
        self.n = 9

    def start(self):
        return ((3,) * 18, 0)

    def moves(self, pos):
        board, player = pos
        row = range(0, 9) if player == 0 else range(9, 18)
        return [i for i in row if board[i] >= 2]

    def play(self, pos, pit):
        board, player = pos
        b = list(board)
        stones, b[pit] = b[pit], 0
        at = pit
        while stones:
            at = (at + 1) % 18
            b[at] += 1
            stones -= 1
        if b[at] == 3:  # "makes a fish"
            b[at] = 0
        return (tuple(b), 1 - player)


MAX_RELAYS = 1000  # `sow` stops a move after this many relay laps


class Altiev:
    """2x6, 3 each, relay from an occupied final hole; a final counter in an
    empty hole of the mover's row takes the opposite hole; a row empty after
    any lap ends the game there (Ludii's code, where each lap is a move), the
    relay not continued and nothing captured."""

    def start(self):
        return ((3,) * 12, 0)

    def row(self, player):
        return range(0, 6) if player == 0 else range(6, 12)

    def moves(self, pos):
        board, player = pos
        if any(all(board[i] == 0 for i in self.row(p)) for p in (0, 1)):
            return []
        return [i for i in self.row(player) if board[i] > 0]

    def play(self, pos, pit):
        board, player = pos
        b = list(board)
        origin, laps = pit, 0
        while True:
            stones, b[origin] = b[origin], 0
            at = origin
            while stones:
                at = (at + 1) % 12
                b[at] += 1
                stones -= 1
            if any(all(b[i] == 0 for i in self.row(p)) for p in (0, 1)):
                return (tuple(b), 1 - player)
            if b[at] > 1 and laps < MAX_RELAYS:
                origin, laps = at, laps + 1
                continue
            break
        if b[at] == 1 and at in self.row(player):
            b[11 - at] = 0
        return (tuple(b), 1 - player)


class Chonka:
    """2x7, 7 each, the mover's store after their last hole; relay from an
    occupied final hole, the turn ends in the store; a final counter in an
    empty hole (either row) is taken with the opposite hole; a store of 49
    ends the game; a player without a move passes."""

    def start(self):
        return ((7,) * 14, (0, 0), 0)

    def row(self, player):
        return range(0, 7) if player == 0 else range(7, 14)

    def own(self, board, player):
        return [i for i in self.row(player) if board[i] > 0]

    def moves(self, pos):
        board, stores, player = pos
        if max(stores) >= 49:
            return []
        pits = self.own(board, player)
        if pits:
            return pits
        return ['pass'] if self.own(board, 1 - player) else []

    def play(self, pos, pit):
        board, stores, player = pos
        if pit == 'pass':
            return (board, stores, 1 - player)
        b, st = list(board), list(stores)
        origin, laps = pit, 0
        while True:
            track = kalah_track(7, player, origin)
            stones, b[origin] = b[origin], 0
            k, at = 0, None
            while stones:
                at = track[k % len(track)]
                if at == 'S':
                    st[player] += 1
                else:
                    b[at] += 1
                stones -= 1
                k += 1
            if at != 'S' and b[at] > 1 and laps < MAX_RELAYS:
                origin, laps = at, laps + 1
                continue
            break
        if at != 'S' and b[at] == 1:
            st[player] += b[at] + b[13 - at]
            b[at] = b[13 - at] = 0
        return (tuple(b), tuple(st), 1 - player)


GAMES = {
    'altiev': Altiev,
    'chonka': Chonka,
    'kalah': lambda: Kalahish([4] * 12, capture=True, opposite_needed=True),
    'fairkalah': lambda: Kalahish([4, 4, 5, 4, 3, 4, 4, 4, 4, 4, 4, 4], capture=True),
    'waurie': lambda: Kalahish([4] * 12, capture=False),
    'um-el-bil': UmElBil,
    'aw-li-on-nam-ot-tjin': AwLi,
}




def main():
    name, depth = sys.argv[1], int(sys.argv[2])
    game = GAMES[name]()
    core.print_table(game.start(), depth, game.moves, game.play)


if __name__ == '__main__':
    main()
