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
    load,
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
    "load",
    "shipped",
    "simulate",
]
