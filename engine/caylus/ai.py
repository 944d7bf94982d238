"""Automated Caylus players: `easy`, `medium`, `strong` (docs/players.md).

Caylus hides nothing once the tiles are laid, so every level may read the whole state.

- easy (engine/caylus/easy.py): the built-in player's habits (random among sensible moves)
  without its blunders: it never pays more than it gets (no worker on a building it cannot use,
  no trading post for 3 d or more, no bribe that does not bring its own workers into play, no
  gold given away in an exchange or sold at a market), never takes an empty favor while a useful
  one is open, never leaves its castle worker unfed (it delivers whenever it can and spends no
  cubes before the castle that its batch needs), and never lets a castle section be scored
  without a house it could have built: with none yet in the section scored next, it goes to the
  castle first when it can feed a batch, else to a production building that completes one.
- medium, strong: Monte Carlo tree search (engine/players/mcts.py) on the in-place game
  (engine/caylus/fast_game.py). Playouts play a cheap policy for every seat up to a horizon
  (medium: a greedy one to the end of the turn; strong: easy's habits to the end of the next
  turn), where an evaluation (engine/caylus/evaluation.py) estimates each seat's final score
  (prestige, plus what cubes, deniers, buildings, favor markers and the coming castle scoring
  are still worth given the turns left). At the root strong plays a few habits of an
  experienced player (engine/caylus/habits.py): the castle while it can feed a batch, no pass
  with a hoard, the deniers favor when short.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Hashable
from dataclasses import dataclass

import engine.caylus.catalogue as cat
from engine.caylus.actions import Action
from engine.caylus.activation import build_options
from engine.caylus.catalogue import CUBES, TILES, Effect
from engine.caylus.codes import (
    ACTIONS,
    ALCHEMIST,
    BANK,
    BUILD,
    BUILD_ARG,
    CASTLE,
    CHURCH,
    COUNTS,
    EXCHANGE,
    INDEX,
    JEWELLER,
    K_STONE,
    K_WOOD,
    OWNER,
    PASS,
    PLACE,
    PLACE_ROAD0,
    PRODUCE,
    SELL,
    SKIP,
    SP_GATE,
    SP_GUILD,
    SP_JOUST,
    SP_TRADING,
    T_CASTLE,
    T_INN,
    T_STABLES,
    TAILOR,
    TILE_EFFECT,
    TILE_IDS,
    TILE_KIND,
    TILE_PRESTIGE,
    G,
)
from engine.caylus.easy import (
    can_feed,
    easy_action,
    easy_policy,
    fed_after_production,
    feeds_with,
    owes_a_house,
    starves_castle,
)
from engine.caylus.evaluation import estimated_scores
from engine.caylus.fast_game import FastGame
from engine.caylus.habits import habit_choice
from engine.caylus.state import State
from engine.errors import GameOver, NotYourDecision, shorten
from engine.players import Budget, check_level
from engine.players.mcts import best_action, margin_rewards, search

# --- the search's playout policy: greedy, with an eye on the price -------------------------------

# What things are worth to the playout policy, in deniers.
CUBE_DENIERS = (2.0, 2.0, 3.0, 3.0, 6.0)
PP_DENIERS = 2.0


def _produce_value(t: int) -> float:
    tile = TILES[TILE_IDS[t]]
    return max(sum(CUBE_DENIERS[CUBES.index(c)] for c in option) for option in tile.produce)


PRODUCE_VALUE: dict[int, float] = {
    t: _produce_value(t) for t in range(len(TILE_IDS)) if TILE_EFFECT[t] is Effect.PRODUCE
}
# the single specials, stables and inn: a rough worth of the space itself
SPECIAL_VALUE = {
    SP_GATE: 3.0,
    SP_TRADING: 3.0,
    SP_GUILD: 1.0,
    SP_JOUST: 2.0,
    T_STABLES: 1.5,
    T_INN: 1.5,
}


# A seat without a house in the section scored next: a castle worker that builds one, or a
# worker on a production building ahead of the provost that completes its batch, is worth this
# many times the section's penalty (2, 3 or 4 PP, in deniers) on top of what it brings (more
# than a builder that would spend the batch's cubes).
OWED_HOUSE_WEIGHT = 1.5


def _owed_house_deniers(g: FastGame) -> float:
    return PP_DENIERS * OWED_HOUSE_WEIGHT * (2 + g.section)


def _special_value(g: FastGame, seat: int, target: int) -> float:
    """What a worker of `seat` on a space off the road would bring this turn, in deniers."""
    b = 5 * seat
    cubes = g.cubes
    if target == T_CASTLE:
        if not fed_after_production(g, seat):  # its producers ahead of the provost count
            return 0.0
        value = 6.0 + PP_DENIERS * cat.SECTION_POINTS[min(g.section, 2)]
        if owes_a_house(g, seat):  # the section's penalty, avoided
            value += _owed_house_deniers(g)
        return value
    if target == SP_JOUST:
        return SPECIAL_VALUE[SP_JOUST] if cubes[b + 3] and g.deniers[seat] >= 3 else 0.0
    return SPECIAL_VALUE[target]


def _road_value(g: FastGame, seat: int, t: int) -> float:
    """What a worker of `seat` on road tile `t` (not a production tile) would bring this turn."""
    b = 5 * seat
    cubes = g.cubes
    deniers = g.deniers[seat]
    effect = TILE_EFFECT[t]
    if effect is _CARPENTER or effect is _MASON:
        # about: one lead cube and one other cube build something (exact for most tiles)
        lead = 1 if effect is _CARPENTER else 2
        stock = g.stock
        if not cubes[b + lead] or cubes[b] + cubes[b + 1] + cubes[b + 2] + cubes[b + 3] < 2:
            return 0.0
        if not any(stock[k] for k in (_WOOD_TILES if lead == 1 else _STONE_TILES)):
            return 0.0
        return 2.0 + PP_DENIERS * (3.0 if lead == 1 else 4.5)
    if effect is _ARCHITECT:
        options = build_options(g, seat, effect.value, False)
        if len(options) < 2:
            return 0.0
        return 2.0 + PP_DENIERS * max(TILE_PRESTIGE[BUILD_ARG[c][0]] for c in options[1:])
    if effect is _MARKET:
        if not (cubes[b] or cubes[b + 1] or cubes[b + 2] or cubes[b + 3]):
            return 0.0
        return TILES[TILE_IDS[t]].market_price - 2.0
    if effect is _PEDDLER:
        return 1.0 if TILE_IDS[t] == "peddler" else 2.5
    if effect is _CHURCH:
        return 6.0 if deniers >= 6 else (4.0 if deniers >= 4 else 0.0)
    if effect is _BANK:
        return 5.0 if deniers >= 7 else (3.0 if deniers >= 4 else 0.0)
    if effect is _TAILOR:
        return 3.0 if cubes[b + 3] >= 3 else (2.0 if cubes[b + 3] >= 2 else 0.0)
    if effect is _JEWELLER:
        return 8.0 if cubes[b + 4] >= 2 else (5.0 if cubes[b + 4] else 0.0)
    if effect is _LAWYER:
        return 6.0 if cubes[b + 3] and deniers >= 2 else 0.0
    if effect is _ALCHEMIST:
        return 1.0 if cubes[b] + cubes[b + 1] + cubes[b + 2] + cubes[b + 3] >= 4 else 0.0
    return 0.0


_CARPENTER, _MASON, _ARCHITECT = Effect.CARPENTER, Effect.MASON, Effect.ARCHITECT
_WOOD_TILES = tuple(t for t in range(len(TILE_IDS)) if TILE_KIND[t] == K_WOOD)
_STONE_TILES = tuple(t for t in range(len(TILE_IDS)) if TILE_KIND[t] == K_STONE)
_MARKET, _PEDDLER, _CHURCH, _BANK = Effect.MARKET, Effect.PEDDLER, Effect.CHURCH, Effect.BANK
_TAILOR, _JEWELLER, _LAWYER, _ALCHEMIST = (
    Effect.TAILOR,
    Effect.JEWELLER,
    Effect.LAWYER,
    Effect.ALCHEMIST,
)


def _greedy_place(g: FastGame, seat: int, options: list[int], rng: random.Random) -> int:
    """The best space for its price (a random one of the worthwhile ones now and then); pass
    when no space is worth its price."""
    deniers = g.deniers[seat]
    base = g.placement_cost(seat)
    owners, road = g.owners, g.road
    worth_of: dict[int, float] = {}  # road tile -> worth, for this decision
    best, best_gain = PASS, 0.0
    worthwhile = []
    # a seat that owes the coming scoring a house and cannot feed a batch yet: the producers
    # ahead of the provost that complete one are worth more
    short_of_a_batch = owes_a_house(g, seat) and not fed_after_production(g, seat)
    provost = g.provost
    for code in options:
        if code >= PLACE_ROAD0:
            i = code - PLACE_ROAD0
            cost = 1 if owners[i] == seat else base
            t = road[i]
            value = PRODUCE_VALUE.get(t)
            if value is not None and short_of_a_batch and i < provost:
                if fed_after_production(g, seat, t):
                    value += _owed_house_deniers(g)
            elif value is None:
                value = worth_of.get(t)
                if value is None:
                    value = worth_of[t] = _road_value(g, seat, t)
        elif code == PASS:
            continue
        else:
            cost = base
            value = _special_value(g, seat, INDEX[code])
        gain = value - cost - (2.0 if cost >= deniers else 0.0)
        if gain > 0:
            worthwhile.append(code)
            if gain > best_gain:
                best, best_gain = code, gain
    if worthwhile and rng.random() < 0.3:
        return worthwhile[rng.randrange(len(worthwhile))]
    return best


def _cubes_worth(code: int) -> float:
    """The worth in deniers of the cubes an action's argument counts (a take, a batch)."""
    counts = COUNTS[code]
    return sum(count * worth for count, worth in zip(counts, CUBE_DENIERS, strict=True))


def _best_by(options: list[int], value: Callable[[int], float]) -> int:
    best, best_value = options[0], -1e9
    for code in options:
        v = value(code)
        if v > best_value:
            best, best_value = code, v
    return best


def _keeping_the_batch(g: FastGame, seat: int, kind: int, options: list[int]) -> list[int]:
    """The options that leave `seat`'s castle worker a batch to deliver (at a production
    building, those that complete it when one does); all of them when none does."""
    b = 5 * seat
    if kind in (PRODUCE, OWNER):
        if can_feed(g.cubes, b):
            return options
        have = g.cubes[b : b + 5]
        kept = [c for c in options if feeds_with(have, COUNTS[c])]
    else:
        kept = [c for c in options if not starves_castle(g, seat, kind, c)]
    return kept or options


def playout_policy(g: FastGame, rng: random.Random) -> int:
    """Every seat's move inside the search's playouts: greedy and cheap."""
    options = g.options
    kind = g.kind
    seat = g.seat
    if kind == PLACE:
        return _greedy_place(g, seat, options, rng)
    if kind == CASTLE:
        return _best_by(options[1:], lambda c: -_cubes_worth(c))  # spends the cheapest cubes
    if g.phase <= 5 and seat in g.castle_workers:
        options = _keeping_the_batch(g, seat, kind, options)
    if kind in (PRODUCE, OWNER):
        return _best_by(options, _cubes_worth)
    if kind == BUILD:
        return _best_by(options, lambda c: TILE_PRESTIGE[BUILD_ARG[c][0]] if c != SKIP else 0.0)
    if kind in (CHURCH, BANK, TAILOR, JEWELLER):
        return options[-1]  # the biggest payment the seat can make
    if kind == SELL:
        cheap = [c for c in options if c != SKIP and INDEX[c] != G]  # keeps its gold
        return cheap[rng.randrange(len(cheap))] if cheap else SKIP
    if kind == ALCHEMIST:
        return SKIP
    if kind == EXCHANGE:
        return SKIP
    return easy_policy(g, rng)


# --- the levels ---------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Level:
    iterations: int  # playouts per decision, at most
    per_option: int  # ... and at most this many per legal option (small decisions need fewer)
    extra_turns: int  # horizon: the end of the current turn plus this many
    scale: float  # points of lead that make a reward of about 0.73
    exploration: float
    own_share: float = 0.25  # share of the reward for the seat's own gain (see margin_rewards)
    # every seat's playouts play `easy_action` (a fair beginner: delivers every batch it will
    # hold, keeps its workers busy) instead of the greedy `playout_policy`
    easy_playouts: bool = False
    # an experienced player's habits at the root, played over the search's choice where they
    # apply (engine/caylus/habits.py); False: the search alone decides
    habits: bool = False
    # a progressive bias toward the playout policy's move at every node of the tree (mcts.search)
    prior_weight: float = 0.0


# The default time budget of a decision (seconds): the bot and `caylus arena` stop the search
# there if the level's playouts have not finished sooner.
# The targets are a median of at most 1 s (strong) and 0.25 s (medium) a decision: the
# budgets leave room for the last playout and the work around the search.
LEVEL_SECONDS: dict[str, float] = {"easy": 0.0, "medium": 0.22, "strong": 0.9}
LEVEL_SETTINGS: dict[str, Level] = {
    "medium": Level(iterations=300, per_option=30, extra_turns=0, scale=4.0, exploration=0.6),
    # strong uses its whole time (a playout cap per option of 100 stopped it at about half of
    # it: 50 % of 6 two-player games won against medium instead of 75 %, docs/players.md); it
    # takes half its reward from its own gain, so that a lead bought with its deniers by its
    # rivals' loss (provost moves) weighs less than what its own moves bring: 0.71 of 12
    # three-player games won against two medium instead of 0.50 at a quarter (docs/players.md)
    # Since 2026-11-27 its playouts play easy's habits for every seat, which deliver to the
    # castle and keep their workers busy, and it plays a few habits at the root (no pass with a
    # hoard, the deniers favor when short): 82.9 points a game instead of 73.3 and no section
    # penalty instead of 0.83 a game over 12 three-player games against two medium
    # (docs/players.md, "Caylus: strong at the castle").
    # Since 2026-11-28 its horizon is the end of the next turn, at half the playouts (about the
    # same decision times), and the castle is a habit: the longer horizon put its deliveries off
    # to a next turn that its playouts delivered in (0.83 section penalties a game). Over the
    # 100 three-player validation games against two medium: 84.1 points and 0.88 won instead of
    # 78.0 and 0.55, 0.18 penalties (docs/players.md, "Caylus: strong, round three").
    "strong": Level(
        iterations=2000,
        per_option=200,
        extra_turns=1,
        scale=4.0,
        exploration=0.6,
        own_share=0.5,
        easy_playouts=True,
        habits=True,
    ),
}


def horizon(root: FastGame, settings: Level) -> Callable[[FastGame], bool]:
    """Whether a playout from `root` has reached the level's horizon: the end of the current
    turn plus `extra_turns`, or the game's end."""
    last_turn = root.turn + settings.extra_turns

    def done(g: FastGame) -> bool:
        return g.over or g.turn > last_turn

    return done


def search_stats(
    root: FastGame, settings: Level, rng: random.Random, budget: Budget
) -> dict[Hashable, tuple[int, float]]:
    """The search's visits and mean reward per root action for the decision of `root`."""
    iterations = budget.iterations or min(
        settings.iterations, settings.per_option * len(root.options)
    )
    done = horizon(root, settings)
    start = estimated_scores(root)

    def rewards(g: FastGame) -> list[float]:
        return margin_rewards(estimated_scores(g), settings.scale, start, settings.own_share)

    return search(
        lambda _rng: root.copy(),
        easy_action if settings.easy_playouts else playout_policy,
        done,
        rewards,
        rng,
        iterations,
        budget.should_stop,
        settings.exploration,
        settings.prior_weight,
    )


def search_action(
    state: State | FastGame,
    seat: int,
    level: str,
    rng: random.Random,
    budget: Budget | None = None,
) -> Action:
    settings = LEVEL_SETTINGS[level]
    root = state if isinstance(state, FastGame) else FastGame.from_state(state)
    stats = search_stats(root, settings, rng, budget or Budget())
    code: int | None = best_action(stats, root.options)  # one of `options`, or None
    if code is None:  # stopped before the first playout
        code = easy_action(root, rng)
    elif settings.habits:
        code = habit_choice(root, code, stats)
    return ACTIONS[code]


def automated_action(
    state: State,
    seat: int,
    level: str,
    rng: random.Random,
    budget: Budget | None = None,
) -> Action:
    """The action the automated player of `level` takes for `seat` (whose decision it must be).

    Deterministic for the same state, `rng` state and iteration budget (a `should_stop` that
    fires may end the search sooner and so change the choice)."""
    check_level(level)
    d = state.decision
    if state.over or d is None:
        raise GameOver("The game is over; no more moves can be made.")
    if d.seat != seat:
        raise NotYourDecision(f"Seat {shorten(str(seat), 20)} has no decision to make now.")
    root = FastGame.from_state(state)
    if len(root.options) == 1:
        return ACTIONS[root.options[0]]
    if level == "easy":
        return ACTIONS[easy_action(root, rng)]
    return search_action(root, seat, level, rng, budget)
