"""Two-player Caylus as an OpenSpiel game (a pyspiel Python game), for bench/bench_openspiel.py.

OpenSpiel is not a dependency of the project: this module imports `pyspiel` at once, so import
it only after checking that OpenSpiel is installed (the bench script does).

The game is our in-place engine (engine/caylus/fast_game.py) behind OpenSpiel's state API:

- chance: none inside the game. Caylus draws its only random parts (the order of the neutral
  buildings and the turn order) at the setup, so the game takes a `seed` parameter and its
  initial state is `new_game` of that seed: for OpenSpiel a deterministic perfect-information
  game, a different one per seed (the bench plays one seed per game).
- actions: OpenSpiel's integer action ids are our action codes (engine/caylus/codes.py,
  `ACTIONS[code]` is the engine's action), listed in ascending order as OpenSpiel expects;
  `action_to_string` writes them in our notation (docs/notation.md), e.g. `place 6|take W`.
- current player: the seat whose decision it is; decisions with a single legal option are
  played by the engine itself, as everywhere in the project, so every OpenSpiel decision has
  at least two actions.
- returns: +1 for the higher final score, -1 for the lower, 0 to both for a tie (the rules
  share a tied win), and 0 before the end (terminal rewards only).
- clone: a copy of the wrapped game (`FastGame.copy`), which is what OpenSpiel's MCTS calls
  before each simulation. The copy does not carry OpenSpiel's action history (its `history()`
  starts empty): the search never reads it.
"""

from __future__ import annotations

import pyspiel

from engine.caylus import Options, Setup, new_game
from engine.caylus.codes import ACTIONS
from engine.caylus.fast_game import FastGame

SHORT_NAME = "python_caylus"
PLAYERS = 2
# A bound OpenSpiel asks for: the decisions of one game (about 100 to 400 in practice; a
# uniformly random game ends sooner, with fewer workers placed).
MAX_GAME_LENGTH = 5_000

GAME_TYPE = pyspiel.GameType(
    short_name=SHORT_NAME,
    long_name="Caylus (two players, setup fixed by a seed)",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.DETERMINISTIC,
    information=pyspiel.GameType.Information.PERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.ZERO_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=PLAYERS,
    min_num_players=PLAYERS,
    provides_information_state_string=False,
    provides_information_state_tensor=False,
    provides_observation_string=False,
    provides_observation_tensor=False,
    parameter_specification={"seed": 0},
)
GAME_INFO = pyspiel.GameInfo(
    num_distinct_actions=len(ACTIONS),
    max_chance_outcomes=0,
    num_players=PLAYERS,
    min_utility=-1.0,
    max_utility=1.0,
    utility_sum=0.0,
    max_game_length=MAX_GAME_LENGTH,
)


class CaylusGame(pyspiel.Game):
    """Two-player Caylus whose setup (neutral buildings, turn order) is drawn from `seed`."""

    def __init__(self, params: dict[str, int] | None = None) -> None:
        super().__init__(GAME_TYPE, GAME_INFO, params or {})
        self.seed: int = self.get_parameters()["seed"]

    def new_initial_state(self) -> CaylusState:
        start = new_game(Options(players=PLAYERS), Setup(seed=self.seed))
        return CaylusState(self, FastGame.from_state(start))


class CaylusState(pyspiel.State):
    """An OpenSpiel state over one FastGame (module docstring)."""

    def __init__(self, game: CaylusGame, fast: FastGame) -> None:
        super().__init__(game)
        self.fast = fast

    def current_player(self) -> int:
        return int(pyspiel.PlayerId.TERMINAL) if self.fast.over else self.fast.seat

    def _legal_actions(self, player: int) -> list[int]:
        return sorted(self.fast.options)

    def _apply_action(self, action: int) -> None:
        if action not in self.fast.options:  # OpenSpiel's checks are off for Python games
            raise ValueError(f"{self._action_to_string(self.fast.seat, action)} is not legal now")
        self.fast.play(action)

    def _action_to_string(self, player: int, action: int) -> str:
        return str(ACTIONS[action])

    def is_terminal(self) -> bool:
        return self.fast.over

    def returns(self) -> list[float]:
        if not self.fast.over:
            return [0.0] * PLAYERS
        first, second = self.fast.scores()
        if first == second:
            return [0.0, 0.0]
        return [1.0, -1.0] if first > second else [-1.0, 1.0]

    def clone(self) -> CaylusState:
        return CaylusState(self.get_game(), self.fast.copy())

    def __str__(self) -> str:
        g, seed = self.fast, self.get_game().seed
        return f"Caylus seed {seed}, turn {g.turn} phase {g.phase}, scores {g.scores()}"


def register() -> None:
    """Make `pyspiel.load_game("python_caylus", {"seed": s})` known (once per process)."""
    if SHORT_NAME not in pyspiel.registered_names():
        pyspiel.register_game(GAME_TYPE, CaylusGame)


def load(seed: int) -> CaylusGame:
    register()
    game = pyspiel.load_game(SHORT_NAME, {"seed": seed})
    assert isinstance(game, CaylusGame)
    return game
