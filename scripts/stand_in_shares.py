#!/usr/bin/env python3
"""Shares of random games where a rule `sow` cannot state yet would matter.

Replays the games `sow simulate --games-out` wrote (sow's own random games)
with small implementations of the rules written here from the files' headers,
and counts the games where a stand-in departs from the source:

  boukerourou GAMES.jsonl        replays the file's rules from their words
                                 (relay cycle, end tested after every lap,
                                 repetition) and counts the games each decided
  oware | mangala-ii GAMES.jsonl  (MancalaGames mirrors,
                                 tests/peers/mancalagames/) a grand slam made
                                 from an empty opponent row: the peer calls a
                                 grand slam only a move whose opponent row
                                 held stones before it, and captures
  modiar-awale-info GAMES.jsonl  the feeding obligation arises and the literal
                                 requirement (a stone reaches the opponent's
                                 row) allows other moves than the file's (the
                                 opponent gets a pit of 2 or more); and, apart,
                                 a grand slam is the only feeding move while
                                 other moves exist (the rule order matters)

The replays are checked against sow's games: every game must reach the final
scores sow reported, and (Modiar) every move sow played under the feeding
obligation must be one the replay allows; the script stops at the first that
does not.

Usage: sow simulate VARIANT --games 10000 --games-out g.jsonl
       scripts/stand_in_shares.py VARIANT g.jsonl
"""
import json
import sys


def label_to_pit(label, per_row):
    ch = label.split(":")[0]
    return ord(ch) - ord("a") if ch.islower() else per_row + ord(ch) - ord("A")


def check(game, final):
    """The replay reached the final scores `sow` reported: it follows sow's moves."""
    if list(final) != game["scores"]:
        sys.exit(f"game {game['game']}: replay scores {final}, sow's {game['scores']}")


def boukerourou(games):
    """Replays Boukerourou as its file now reads it, from the rules' words: a
    relay that comes back to a lap state of its move ends the game drawn; the
    end (a row empty) is tested after every relay lap; a repeated position
    ends the game drawn. Counts how often each of those decided a game."""
    n, per_row = 8, 4
    mid_move = cycles = repetitions = 0
    rows = (range(per_row), range(per_row, n))
    for game in games:
        board, mover, end = [6] * n, 0, None
        removed, seen = 0, {(tuple(board), 0)}
        for label in game["moves"]:
            assert end is None, f"game {game['game']}: a move after the end"
            origin, states = label_to_pit(label, per_row), {}
            while True:
                states[(tuple(board), origin)] = list(board)
                stones, board[origin] = board[origin], 0
                at = origin
                for _ in range(stones):
                    at = (at + 1) % n
                    board[at] += 1
                if not (board[at] == 1 and board[(at + 1) % n] > 0):
                    if at in rows[1 - mover] and board[at] == 6:
                        removed, board[at] = removed + 6, 0
                    break
                if any(sum(board[i] for i in row) == 0 for row in rows):
                    end, mid_move = "row_empty", mid_move + 1
                    break
                origin = (at + 1) % n
                if (tuple(board), origin) in states:
                    end, cycles = "relay_cycle", cycles + 1
                    break
            mover = 1 - mover
            if end is None and any(sum(board[i] for i in row) == 0 for row in rows):
                end = "row_empty"
            if end is None:
                if removed != game.get("_removed", 0):
                    game["_removed"], seen = removed, set()
                if (tuple(board), mover) in seen:
                    end, repetitions = "repetition", repetitions + 1
                seen.add((tuple(board), mover))
        if end != game["end"]:
            sys.exit(f"game {game['game']}: replay ends by {end}, sow's by {game['end']}")
        row_totals = [sum(board[i] for i in row) for row in rows]
        check(game, row_totals if end == "row_empty" else [0, 0])
    return {
        "games": len(games),
        "a row emptied by a relay lap inside a move (the per-lap end test)": mid_move,
        "a relay came back to a lap state (relay_cycle)": cycles,
        "a repeated position (the extension)": repetitions,
    }


def modiar_awale_info(games):
    n, per_row = 6, 3
    rows = [range(0, 3), range(3, 6)]

    def sow(board, mover, pit, capture):
        """(board after, grand slam (then nothing is taken), stones sown, taken)."""
        b = list(board)
        stones, b[pit] = b[pit], 0
        at = pit - 1
        for _ in range(stones):
            at = (at + 1) % n
            b[at] += 1
        taken, seen = [], set()
        while capture and b[at] in (2, 4, 6) and at not in seen:
            seen.add(at)
            taken.append(at)
            at = (at - 1) % n
        slam, gain = False, 0
        if taken:
            opp = rows[1 - mover]
            after = [0 if i in taken else b[i] for i in range(n)]
            slam = any(i in opp for i in taken) and sum(after[i] for i in opp) == 0
            if not slam:
                gain, b = sum(b[i] for i in taken), after
        return b, slam, stones, gain

    literal_differs = order_matters = 0
    for game in games:
        board, mover, first, captured = [7] * n, 0, True, [0, 0]
        lit = order = False
        for label in game["moves"]:
            opp = rows[1 - mover]
            if all(board[i] < 2 for i in opp):  # the feeding obligation
                strong, literal, slam_feeds, plain = set(), set(), False, 0
                feeding_slams = set()
                for pit in rows[mover]:
                    if board[pit] < 2:
                        continue
                    after, slam, stones, _ = sow(board, mover, pit, not first)
                    dist = (opp[0] - pit) % n
                    if slam:
                        plain_after = sow(board, mover, pit, False)[0]
                        if any(plain_after[i] >= 2 for i in opp):
                            slam_feeds = True
                            feeding_slams.add(pit)
                        continue
                    plain += 1
                    if any(after[i] >= 2 for i in opp):
                        strong.add(pit)
                    if stones > dist:
                        literal.add(pit)
                lit |= strong != literal
                order |= plain > 0 and not strong and slam_feeds
                # sow's rule order: slams only when no other move, then feeding.
                allowed = strong if plain else feeding_slams
                if label_to_pit(label, per_row) not in allowed:
                    sys.exit(f"game {game['game']}: {label} played; feeding allows {allowed}")
            pit = label_to_pit(label, per_row)
            # A grand slam played (the only move) captures nothing: sow gives that.
            board, _, _, gain = sow(board, mover, pit, not first)
            captured[mover] += gain
            first, mover = False, 1 - mover
        check(game, [captured[p] + sum(board[i] for i in rows[p]) for p in (0, 1)])
        literal_differs += lit
        order_matters += order
    return {
        "games": len(games),
        "the literal feeding requirement allows other moves": literal_differs,
        "a grand slam is the only feeding move, other moves exist": order_matters,
    }


def slam_from_empty_row(seeds, counts, skip_origin):
    """Replays a MancalaGames mirror of Oware's family (2x6, no stores,
    `grand_slam no_capture`, a backward chain in the opponent's row) and
    counts the games with a move that takes every stone of an opponent row
    that was empty before the move: `sow` plays it without capture, the
    peer (capturer.GrandSlamCapt, which looks at the row before the move)
    captures."""

    def count(games):
        n, reached = 12, 0
        for game in games:
            board, captured, mover, hit = [seeds] * n, [0, 0], 0, False
            for label in game["moves"]:
                pit = label_to_pit(label, 6)
                opponent = range(6, 12) if mover == 0 else range(6)
                empty_before = all(board[i] == 0 for i in opponent)
                stones, board[pit], at = board[pit], 0, pit
                while stones:
                    at = (at + 1) % n
                    if skip_origin and at == pit:
                        continue
                    board[at] += 1
                    stones -= 1
                taken = []
                while at in opponent and board[at] in counts:
                    taken.append(at)
                    at = (at - 1) % n
                slam = taken and all(board[j] == 0 for j in opponent if j not in taken)
                if taken and not slam:
                    for j in taken:
                        captured[mover] += board[j]
                        board[j] = 0
                hit |= bool(slam and empty_before)
                mover = 1 - mover
            # A captured majority leaves the board unscored: the captures
            # are the final scores.
            if game["end"] == "captured_majority":
                check(game, captured)
            reached += hit
        return {
            "games": len(games),
            "a grand slam from an empty opponent row (captured by the peer)": reached,
        }

    return count


def main():
    variant, path = sys.argv[1], sys.argv[2]
    games = [json.loads(line) for line in open(path)]
    counts = {
        "boukerourou": boukerourou,
        "modiar-awale-info": modiar_awale_info,
        "oware": slam_from_empty_row(4, {2, 3}, True),
        "mangala-ii": slam_from_empty_row(6, {2, 4, 6}, False),
    }[variant](games)
    total = counts.pop("games")
    for what, k in counts.items():
        print(f"{variant}: {what}: {k} of {total} ({100 * k / total:.1f}%)")


if __name__ == "__main__":
    main()
