"""Mancala (sowing) games from declarative variant files.

``sowing`` is the Python face of the ``sow`` tool: load a shipped variant, a
``.variant`` file or the text of one, check it, play it move by move, run
batches of games at the speed of the command line, and (with
``sowing.openspiel``) use any variant as an OpenSpiel game.

>>> import sowing
>>> game = sowing.load("modiar")
>>> state = game.new_game()
>>> state.play("a")
>>> state.board[:6]
[2, 8, 8, 8, 8, 8]
"""

from ._sowing import (
    Check,
    Diagnostic,
    Game,
    IllegalMove,
    State,
    VariantError,
    check,
    games,
    load,
    merge,
    shipped,
    simulate,
)

__all__ = [
    "Check",
    "Diagnostic",
    "Game",
    "IllegalMove",
    "State",
    "VariantError",
    "check",
    "games",
    "games_frame",
    "load",
    "merge",
    "shipped",
    "simulate",
]


def games_frame(variant, **options):
    """The games of a batch as a pandas DataFrame (pandas must be installed).

    Takes the arguments of ``games`` and gives one row per game, in order:
    ``game``, ``seed``, ``south_agent``, ``north_agent``, ``plies``, ``end``,
    ``south_score``, ``north_score``, ``winner`` (``None`` for a game stopped
    at the ply cap) and, with ``moves=True``, ``moves`` (a list of labels).
    """
    try:
        import pandas
    except ImportError as error:
        raise ImportError("games_frame needs pandas: pip install pandas") from error
    rows = []
    for record in games(variant, **options):
        row = {
            "game": record["game"],
            "seed": record["seed"],
            "south_agent": record["agents"]["south"],
            "north_agent": record["agents"]["north"],
            "plies": record["plies"],
            "end": record["end"],
            "south_score": record["scores"][0],
            "north_score": record["scores"][1],
            "winner": record["winner"],
        }
        if options.get("moves"):
            row["moves"] = record["moves"]
        rows.append(row)
    return pandas.DataFrame(rows)
