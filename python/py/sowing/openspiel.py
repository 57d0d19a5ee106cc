"""Every sowing variant as an OpenSpiel game.

Importing this module registers the Python game ``"sowing"`` with OpenSpiel
(``pip install open-spiel``); its parameters are ``variant`` (a shipped name
or a path to a ``.variant`` file; default ``"modiar"``) and ``max_plies``
(default 1000). ``load_game(variant)`` loads it:

>>> from sowing import openspiel
>>> game = openspiel.load_game("oware-openspiel")
>>> state = game.new_initial_state()
>>> state.legal_actions()
[0, 1, 2, 3, 4, 5]

The game is sequential, deterministic, perfect-information and zero-sum, for
two players: 0 is south (who moves first unless a start position says
otherwise) and 1 is north. An action is the mover's pit, counted from 0 at
the mover's left; where some pit sows either way, actions ``pits .. 2*pits-1``
sow those pits clockwise (the first block then sows them counter-clockwise);
where the rules let a player pass, the last action is the pass. Returns are
+1/-1 for a win and a loss, 0 for a draw. A game still going after
``max_plies`` plies ends there with returns 0 (the ply cap: no winner).

Under these rules ``oware-openspiel`` plays exactly as OpenSpiel's ``oware``
(the same actions, legal actions, players, ends and returns). ``kalah`` plays
as OpenSpiel's ``mancala`` with other action numbers: ``mancala`` numbers a
pit by its place on its 14-slot board (1..6 for player 0, 8..13 for player 1),
this game from the mover's left (0..5).

The observation tensor holds the stones per pit in board order (``a b c ...
A B C ...``), then the captures ``[south, north]``, each divided by the stones
in play, then a one-hot of the player to move; the observation string is the
position in sow's notation (``"4 4 4 / 4 4 4 south"``).
"""

import numpy as np
import pyspiel

from open_spiel.python.observation import IIGObserverForPublicInfoGame

import sowing

SHORT_NAME = "sowing"
"""The name the game is registered under."""

_DEFAULT_PARAMS = {"variant": "modiar", "max_plies": 1000}

_GAME_TYPE = pyspiel.GameType(
    short_name=SHORT_NAME,
    long_name="Sowing (mancala) variant",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.DETERMINISTIC,
    information=pyspiel.GameType.Information.PERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.ZERO_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=2,
    min_num_players=2,
    provides_information_state_string=True,
    provides_information_state_tensor=False,
    provides_observation_string=True,
    provides_observation_tensor=True,
    parameter_specification=_DEFAULT_PARAMS,
)


def load_game(variant, max_plies=1000):
    """The OpenSpiel game of a variant: a shipped name or a variant file's path.

    Raises ``sowing.VariantError`` for a variant with errors.
    """
    sowing.load(variant)  # a bad file raises VariantError, not SpielError
    return pyspiel.load_game(SHORT_NAME, {"variant": variant, "max_plies": max_plies})


class SowingGame(pyspiel.Game):
    """A sowing variant as an OpenSpiel game (see the module's documentation)."""

    def __init__(self, params=None):
        params = {**_DEFAULT_PARAMS, **(params or {})}
        self.variant = sowing.load(str(params["variant"]))
        self.max_plies = int(params["max_plies"])
        if self.max_plies < 1:
            raise ValueError(f"max_plies must be at least 1, not {self.max_plies}")
        info = pyspiel.GameInfo(
            num_distinct_actions=self.variant.num_actions,
            max_chance_outcomes=0,
            num_players=2,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=0.0,
            max_game_length=self.max_plies,
        )
        super().__init__(_GAME_TYPE, info, params)

    def new_initial_state(self):
        """The state before the first move."""
        return SowingState(self)

    def make_py_observer(self, iig_obs_type=None, params=None):
        """The observer of the observation tensor and string."""
        if iig_obs_type is None or (iig_obs_type.public_info and not iig_obs_type.perfect_recall):
            return _BoardObserver(self.variant, params)
        return IIGObserverForPublicInfoGame(iig_obs_type, params)


class SowingState(pyspiel.State):
    """A game in progress; wraps a ``sowing.State``."""

    def __init__(self, game):
        super().__init__(game)
        self.sowing = game.variant.new_game()
        self._max_plies = game.max_plies

    def current_player(self):
        """0 (south) or 1 (north), or ``pyspiel.PlayerId.TERMINAL`` once over."""
        return self.sowing.current_player()

    def _legal_actions(self, player):
        return self.sowing.legal_actions()

    def _apply_action(self, action):
        self.sowing.apply_action(action)
        if self.sowing.plies >= self._max_plies and not self.sowing.is_over():
            self.sowing.stop_at_cap()

    def _action_to_string(self, player, action):
        return self.sowing.action_label(player, action)

    def is_terminal(self):
        return self.sowing.is_over()

    def returns(self):
        return self.sowing.returns()

    def __str__(self):
        return self.sowing.position


class _BoardObserver:
    """The observation: stones per pit, captures, and the player to move."""

    def __init__(self, variant, params):
        if params:
            raise ValueError(f"Observation parameters not supported; passed {params}")
        size = variant.pit_count + 4
        self.tensor = np.zeros(size, np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state, player):
        del player
        self.tensor[:] = state.sowing.observation()

    def string_from(self, state, player):
        del player
        return state.sowing.position


pyspiel.register_game(_GAME_TYPE, SowingGame)
