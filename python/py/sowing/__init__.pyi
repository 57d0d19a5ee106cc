"""Type stubs of ``sowing``: the native module's names, and ``games_frame``."""

from typing import Any, Union

from ._sowing import (
    Check as Check,
    Diagnostic as Diagnostic,
    Game as Game,
    IllegalMove as IllegalMove,
    State as State,
    VariantError as VariantError,
    check as check,
    games as games,
    load as load,
    merge as merge,
    shipped as shipped,
    simulate as simulate,
)

def games_frame(variant: Union[Game, str], **options: Any) -> Any:
    """A pandas DataFrame, one row per game (see ``games``)."""
