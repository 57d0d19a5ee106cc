#!/usr/bin/env python3
"""Recounts the coverage of Ludii's three- and four-row games.

Usage: scripts/coverage_count_rows.py docs/src/coverage.md

The study (research/coverage.md of the shared notes) did not classify these
72 games one by one: the language had two rows only, so none was
expressible. This recount reads the game-by-game table of
docs/src/coverage.md ("Ludii three- and four-row games, game by game"),
written from each game's .lud file in Ludeme/Ludii
Common/res/lud/board/sow/{four_rows,three_rows}/ (its rule text for the
default ruleset, its code where the text is silent): for each game, the
features it needs beyond the study's two-row language that the language
has now (the table's third column, not counted) and those it still
misses (the fourth). Each game is classified the study's way:

  exact           nothing missing
  up to stand-in  shipped with a stand-in for its one missing feature
  partial         one or two features missing
  out of reach    three or more

The script checks that the missing features are not ones the language now
has (COVERED: a feature named there must not be listed as missing), and
that the table holds 65 four-row and 7 three-row games.
"""

import sys
from collections import Counter

# Features a table row may name as needed: in the language now.
COVERED = {
    "four rows",  # board { rows 4 }: each player's own two-row circuit
    "three rows",  # board { rows 3 }: a row each and half the middle row
    "`direction either`",  # the mover chooses the way round, per move
    "`take opposite_and_behind`",  # Tsoro: the pit behind after the facing
    "`take opposite_and_behind_both`",  # both, only when both hold stones
    "`take behind_past_empty`",  # Sute: the pit behind an empty facing pit
    "`take opposite_and_behind_each`",  # Tshuba: each pit when it holds stones
    "`extra_chosen`",  # pits the capturer chooses after a capture
    "`opening { placement alternate }`",  # Omweso: counters placed in turn
    "`reverse_to_capture 2`",  # Omweso: the other way round to capture
    "`then resows`",  # captures sown on from the pit after the landing pit
    "`then resows_from_lap_start`",  # Omweso: from the capturing lap's first pit
    "`then resows_from_end`",  # Bao: from a kichwa
    "`then resows_and_stops`",  # sown on, the move ending where they end
    "`side own`",  # Hus (Nama): from either row, the outer across the inner
    "`opening { choices }`",  # Hus (Nama): each first turn one of fixed moves
    "`opening { placement alternate }`",  # Omweso: stones placed in turn first
    "`opening { placement south_then_north }`",  # Makonn: each side arranged in turn
    "`reverse_to_capture 2`",  # Omweso: the left pits sow back to capture
    "`first_lap captures`",  # a capturing move is obligatory
    "`requires first_lap`",  # takasa: no capture after a first lap without
    "`inner_row_empty`",  # a player whose inner row is empty loses
    "`singletons into_empty`",
    "`board start`",  # per-pit starts
    "`first_move_from`",
    "`first_move no_capture`",
    "`start origin`",
    "`laps next_always`",  # the pit after the last lap's, on four rows too
    "`claim`",  # the weg, on three rows
    "`on every_pit`",  # fours taken while sowing, on three rows
    "`rounds` on three rows",  # a match of rounds on three rows
    "`rounds` on three rows (`refill surplus`)",  # Gabata (Adowa)'s match
    "-",
}

# Shipped with a stand-in for the one feature their list misses (each
# variant's header names it): Rab'e is one round of its match.
SHIPPED_WITH_STAND_IN = {"Rab'e": "rab-e"}

HEADING = "## Ludii three- and four-row games, game by game"


def games(doc):
    """(game, board, needed and covered, missing) for each table row."""
    section = doc[doc.index(HEADING) :]
    end = section.find("\n## ", len(HEADING))
    section = section if end < 0 else section[:end]
    for line in section.splitlines():
        if not line.startswith("| ") or line.startswith(("| Game", "|---")):
            continue
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        needed = [f.strip() for f in cells[2].split(";")]
        missing = [] if cells[3] == "-" else [f.strip() for f in cells[3].split(";")]
        yield cells[0], cells[1], needed, missing


def classify(game, missing):
    if not missing:
        return "exact"
    if game in SHIPPED_WITH_STAND_IN and len(missing) == 1:
        return "up to a stand-in"
    return "partial" if len(missing) <= 2 else "out of reach"


def main():
    rows = list(games(open(sys.argv[1], encoding="utf-8").read()))
    three = [r for r in rows if r[1].startswith("3x")]
    assert (len(rows) - len(three), len(three)) == (65, 7), (len(rows), len(three))
    for game, _, needed, missing in rows:
        unknown = [f for f in needed if f not in COVERED]
        assert not unknown, (game, "needs a feature not in COVERED", unknown)
        covered = [f for f in missing if f in COVERED]
        assert not covered, (game, "lists as missing a feature the language has", covered)
    now = {game: classify(game, missing) for game, _, _, missing in rows}
    for name, part in (("four rows", rows[: len(rows) - 7]), ("three rows", three)):
        print(f"{name}:", dict(Counter(now[g] for g, *_ in part)), "of", len(part))
    print("all:", dict(Counter(now.values())), "of", len(rows))
    for kind in ("exact", "up to a stand-in"):
        print(kind + ":", ", ".join(g for g, *_ in rows if now[g] == kind))
    gaps = Counter(f for _, _, _, missing in rows for f in missing)
    print("most needed:", "; ".join(f"{f} ({n})" for f, n in gaps.most_common(8)))


if __name__ == "__main__":
    main()
