"""Automated Magna Carta players: `easy`, `medium`, `strong` (docs/players.md).

Every level decides from `view(state, seat)` alone, never from the cards its seat cannot see.

- easy: the built-in player (engine/magna_carta/player.py), which already decides from the view
  and never pays for nothing.
- medium, strong: information-set Monte Carlo tree search (engine/players/mcts.py). Each playout
  starts from a determinization: a whole game built from the view, in which the cards the seat
  cannot see (the other hands, every draw pile, the seed of future reshuffles) are dealt at
  random from the cards that could be there. Playouts use a cheap greedy policy for every seat
  up to a horizon (the end of the next round), where each seat's final score is estimated (its
  points now, plus what its cubes, deniers, cards in hand and buildings are still worth given
  the rounds left). strong differs from medium in more than its playouts: a lead counted in
  bigger units, less exploration and a bias toward the built-in player's choice.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Hashable
from dataclasses import dataclass
from typing import Any

import engine.magna_carta.catalogue as cat
from engine.errors import GameOver, NotYourDecision
from engine.magna_carta.actions import Action
from engine.magna_carta.catalogue import CARDS, Effect
from engine.magna_carta.decision_kinds import BY_NAME
from engine.magna_carta.play import DRAW, PASS
from engine.magna_carta.player import BUILD_PRIORITY, choose_from_view, routine_effect
from engine.magna_carta.player import choose_action as builtin_action
from engine.magna_carta.rules import apply, legal_actions, score_breakdowns
from engine.magna_carta.state import Options, Player, Setup, State, decision
from engine.magna_carta.view import View, view
from engine.players import Budget, check_level
from engine.players.mcts import best_action, margin_rewards, search

# --- a whole game from what one seat sees --------------------------------------------------------


def determinize(v: View, rng: random.Random) -> State:
    """A game consistent with view `v`: everything in it is as `v` shows, and the cards `v`
    does not show are dealt at random from the cards that could be there. Each player owns one
    copy of each card of the rule set's deck: those not on the road, in the discard pile or (for
    the viewer) in hand are in hand or in the draw pile, in unknown order."""
    return determinizer(v)(rng)


def determinizer(v: View) -> Callable[[random.Random], State]:
    """`determinize` for many worlds of one view: what the view says is read once, and each
    call only deals the unseen cards (a search makes hundreds of worlds per decision)."""
    deck = cat.DECKS[v.variant]
    unseen_cards: list[list[str]] = []
    for pv in v.players:
        seen = Counter(r.card for r in v.road if r.owner == pv.seat)
        seen.update(pv.discard)
        if pv.hand is not None:
            seen.update(pv.hand)
        unseen_cards.append(list((Counter(deck) - seen).elements()))
    stage = cat.STAGES.index(v.phase_name)
    waiting: list[int] = []
    d = None
    cursor = 0
    if v.pending and BY_NAME[v.pending[0].kind].parallel:
        waiting = [p.seat for p in v.pending]
    elif v.pending:
        p = v.pending[0]
        d = decision(p.kind, p.seat, p.at - 1 if p.at is not None else -1, p.part)
        cursor = _cursor(stage, p.seat, d.at, v.passed)
    road = v.road
    options = _options(v)
    cards = [r.card for r in road]
    owners = [r.owner for r in road]
    flipped = [r.residence for r in road]
    covers = [r.cover for r in road]
    stored = [r.stored for r in road]
    workers = [r.worker for r in road]
    provost = v.provost - 1 if v.provost is not None else -1
    tokens = [v.tokens[t] for t in cat.TOKEN_NAMES]
    due_flips = [(position - 1, seat) for position, seat in v.due_flips]

    def deal(rng: random.Random) -> State:
        players = []
        for pv, cards_unseen in zip(v.players, unseen_cards, strict=True):
            unseen = cards_unseen.copy()
            rng.shuffle(unseen)
            if pv.hand is not None:
                hand, pile = list(pv.hand), unseen
            else:
                hand, pile = unseen[: pv.hand_size], unseen[pv.hand_size :]
            players.append(
                Player(
                    deniers=pv.deniers,
                    cubes=[pv.cubes[c] for c in cat.CUBES],
                    workers=pv.workers,
                    hand=hand,
                    deck=pile,
                    discard=list(pv.discard),
                    tokens=[pv.tokens[t] for t in cat.TOKEN_NAMES],
                    prestige=list(pv.prestige),
                )
            )
        # the lists are copied although the rules change none in place: worlds share nothing
        return State(
            options=options,
            setup=Setup(seed=rng.randrange(2**31)),  # future reshuffles: unknown, so drawn too
            round=v.round,
            stage=stage,
            cursor=cursor,
            start_player=v.start_player,
            players=players,
            road=cards.copy(),
            owners=owners.copy(),
            flipped=flipped.copy(),
            covers=covers.copy(),
            stored=stored.copy(),
            workers=workers.copy(),
            provost=provost,
            tokens=tokens.copy(),
            prestige_supply=list(v.prestige_supply),
            passed=list(v.passed),
            decision=d,
            waiting=waiting.copy(),
            due_flips=due_flips.copy(),
            delivered=list(v.delivered),
            last_round=v.last_round,
            over=v.over,
        )

    return deal


_OPTIONS: dict[tuple[int, str], Any] = {}


def _options(v: View) -> Any:
    key = (v.players_count, v.variant)
    found = _OPTIONS.get(key)
    if found is None:
        found = _OPTIONS[key] = Options(players=v.players_count, variant=v.variant)
    return found


def _cursor(stage: int, seat: int, at: int, passed: list[int]) -> int:
    """The state's cursor while `seat` decides: the seat to act (actions), its place on the
    bridge (provost, castle), or the road index being activated."""
    if stage == 2:
        return seat
    if stage in (3, 5):
        return passed.index(seat)
    if stage == 4:
        return at
    return 0


# --- the search world: a determinized game played through the rules -----------------------------


class _World:
    """A determinization being played on: the rules' own immutable `apply`, one state at a time."""

    __slots__ = ("options", "seat", "state")

    def __init__(self, state: State) -> None:
        self.state = state
        self._refresh()

    def _refresh(self) -> None:
        s = self.state
        d = s.decision
        if s.over:
            self.seat, self.options = -1, []
        else:  # the first seat the game waits for: the opening hands' (no decision), else its
            self.seat = s.waiting[0] if d is None else d.seat
            self.options = legal_actions(s, self.seat)

    def play(self, action: Action) -> None:
        self.state, _ = apply(self.state, action, self.seat)
        self._refresh()


_BUILD_RANK = {card: k for k, card in enumerate(BUILD_PRIORITY)}

# --- the playout policy: the built-in player's rules on the whole state ------------------------
#
# player.py decides from a view, which costs more than the move itself. Inside a determinization
# every card is known anyway, so the playouts use this twin of it that reads the state directly
# and makes the same choices (tests/test_ai_magna_carta.py checks that they agree).

_CUBE_VALUE = (2, 2, 3, 4)  # F W S G, as player.py values them


def _affordable(cost: str, cubes: list[int]) -> bool:
    need_gold = 0
    free = cubes.copy()
    for c in cost:
        if c == cat.ANY:
            continue
        k = cat.CUBE_INDEX[c]
        if free[k] > 0:
            free[k] -= 1
        else:
            need_gold += 1
    return free[3] >= need_gold and sum(free) - need_gold >= cost.count(cat.ANY)


def _place_value(s: State, seat: int, i: int, last: int) -> float:
    """player.py's worth of a worker of `seat` on road card `i` (0: it would pay for nothing)."""
    position = i + 1
    provost = s.provost + 1 if s.provost >= 0 else 0
    active = i <= last
    if not active and position - provost > 1:
        return 0
    data = CARDS[s.road[i]]
    p = s.players[seat]
    cubes = p.cubes
    money = p.deniers - 1
    effect = data.effect
    value = 0.0  # a float throughout (the compiled build keeps one representation)
    if data.worker_gain:
        gain = data.worker_gain
        value = (
            2.0 if gain.endswith("d") else float(sum(_CUBE_VALUE[cat.CUBE_INDEX[c]] for c in gain))
        )
    elif effect is Effect.PEDDLER:
        value = 2.5 if money >= 2 else (1.0 if money >= 1 else 0.0)
    elif effect is Effect.MARKET:
        spare = cubes[0] >= 2 or cubes[1] >= 2 or cubes[2] >= 2
        value = 2.5 if spare and money < 4 else 0.0
    elif effect is Effect.BANK:
        value = 3.0 if money >= 3 else (2.0 if money >= 1 else 0.0)
    elif effect is Effect.CHURCH:
        value = 4.0 if money >= 2 and any(s.tokens) else 0.0
    elif effect is Effect.LAWYER:
        mine = any(
            owner == seat and not s.flipped[k] and s.road[k] != "lawyer" and s.stored[k] == 0
            for k, owner in enumerate(s.owners)
        )
        can_pay = cubes[0] or cubes[3]
        value = 2.0 if mine and can_pay and s.prestige_supply else 0
    if not active:
        value /= 2
    owner = s.owners[i]
    if owner is not None and owner != seat:
        value -= 0.5  # it helps its owner too
    return value


def builtin_policy(s: State, seat: int, options: list[Action], rng: random.Random) -> Action:
    """player.choose_action's choice, read from the state instead of a view."""
    if len(options) == 1:
        return options[0]
    p = s.players[seat]
    d = s.decision
    if d is None:  # the opening hands (options: keep, redraw): keep a hand that can build
        keep = any(_affordable(CARDS[c].cost, p.cubes) for c in p.hand)
        return options[0] if keep else options[1]
    kind = d.kind
    if kind == "action":
        prestige = [a for a in options if a.verb == "prestige"]
        if prestige:
            return max(prestige, key=lambda a: (CARDS[a.arg.split()[0]].pp, -a.arg.count("G")))
        builds = [a for a in options if a.verb == "build"]
        if builds:
            return min(builds, key=lambda a: _BUILD_RANK[a.arg.split()[0]])
        places = [a for a in options if a.verb == "place"]
        if places:
            last = s.provost if s.options.variant == "standard" else len(s.road) - 1
            scored = [
                (_place_value(s, seat, int(a.arg) - 1, last), rng.random(), a) for a in places
            ]
            value, _, best_place = max(scored)
            if value >= 2:
                return best_place
        if DRAW in options and len(p.hand) <= 1 and p.deniers >= 3:
            return DRAW
        return PASS
    if kind == "provost":
        provost = s.provost + 1
        beyond = [k + 1 for k, w in enumerate(s.workers) if w == seat and k + 1 > provost]
        if beyond:
            needed = min(beyond) - provost
            move = Action.of("provost", f"+{needed}")
            if move in options and p.deniers - needed >= 0:
                return move
        return options[0]
    if kind == "castle":
        batches = [a for a in options if a.verb == "deliver"]
        return batches[0] if batches else options[0]
    return _effect(p, s, seat, kind, options)


def _effect(p: Player, s: State, seat: int, kind: str, options: list[Action]) -> Action:
    skip = options[0]
    cubes = dict(zip(cat.CUBES, p.cubes, strict=True))
    routine = routine_effect(cubes, p.deniers, kind, options)
    if routine is not None:
        return routine
    if kind == "lawyer":
        flips = [a for a in options if a.verb == "lawyer"]
        for a in flips:
            i = int(a.arg.split()[0]) - 1
            ok = s.owners[i] == seat and not s.flipped[i] and s.road[i] != "lawyer"
            if ok and s.stored[i] == 0 and CARDS[s.road[i]].pp <= 1 and a.arg.endswith("F"):
                return a if s.prestige_supply else skip
        return skip
    return skip


def playout_policy(world: _World, rng: random.Random) -> Action:
    return builtin_policy(world.state, world.seat, world.options, rng)


# --- evaluation at the horizon --------------------------------------------------------------------

CUBE_PLAY = (0.8, 0.8, 1.0, 1.6)  # F W S G: what a cube is worth while there is time to use it
CUBE_END = (1 / 3, 1 / 3, 1 / 3, 1.0)
DENIER_PLAY, DENIER_END = 0.45, 1 / 3
# Deniers beyond these pay for no more workers this round: they are worth about their end value
# (a hoard sold from cubes at the market looked like a gain and lost games, docs/players.md).
DENIERS_USEFUL = 6
CARD_IN_HAND = 0.4  # each of the first HAND_WORTH cards in hand: something to build later
HAND_WORTH = 3
OWNED_PER_ROUND = 0.3

# Two players: what one more denier, food, wood, stone, gold or card in hand is worth in final
# points, by castle tokens left (0-2, 3-5, ... 15 or more; the last round counts as 0-2).
# Measured by playing positions of built-in games to the end with and without the extra item
# (about 1000 positions each, the mean of the seat's own gain and of its lead's, food and wood
# averaged; bench/bench_mc_worth.py): a denier is worth less than its end third once the first
# rounds are over, gold less than a point, a card in hand nothing (the measured worth was just
# below 0). USE_MEASURED = False falls back on the rule-of-thumb worths above, to compare.
USE_MEASURED = True
TWO_PLAYER_WORTH: tuple[tuple[float, float, float, float, float, float], ...] = (
    (0.24, 0.64, 0.64, 0.55, 0.95, 0.0),
    (0.2, 0.65, 0.65, 0.43, 0.72, 0.0),
    (0.17, 0.62, 0.62, 0.4, 0.7, 0.0),
    (0.24, 0.8, 0.8, 0.32, 0.7, 0.0),
    (0.46, 0.85, 0.85, 0.3, 0.73, 0.0),
    (0.62, 1.15, 1.15, 0.55, 0.85, 0.0),
)


def rounds_left(s: State) -> float:
    if s.over:
        return 0.0
    if s.last_round:
        return 0.5
    per_round = 1.0 + 0.5 * len(s.players)  # castle tokens taken in a round, about
    return 1.0 + sum(s.tokens) / per_round


def estimated_scores(s: State) -> list[float]:
    breakdowns = score_breakdowns(s)
    if s.over:
        return [float(b["total"]) for b in breakdowns]
    left = rounds_left(s)
    weight = min(1.0, left / 3.0)
    owned = [0.0] * len(s.players)
    for i, owner in enumerate(s.owners):
        if owner is not None and not s.flipped[i]:
            owned[owner] += OWNED_PER_ROUND * min(left, 4.0)
    out = []
    measured = TWO_PLAYER_WORTH if len(s.players) == 2 and USE_MEASURED else None
    if measured is not None:
        stage = 0 if s.last_round else min(sum(s.tokens) // 3, len(measured) - 1)
        deniers_worth, *cubes_worth, card_worth = measured[stage]
    for seat, p in enumerate(s.players):
        b = breakdowns[seat]
        # the end scoring's thirds of cubes and deniers counted smoothly: one denier more
        # should not look like a point just because it makes a multiple of three
        value = b["total"] - b["cubes"] - b["deniers"] - b["gold"] + owned[seat]
        if measured is not None:
            value += p.deniers * deniers_worth + min(len(p.hand), HAND_WORTH) * card_worth
            value += sum(n * w for n, w in zip(p.cubes, cubes_worth, strict=True))
            out.append(value)
            continue
        for k in range(4):
            value += p.cubes[k] * (CUBE_END[k] + weight * (CUBE_PLAY[k] - CUBE_END[k]))
        useful = min(p.deniers, DENIERS_USEFUL)
        value += p.deniers * DENIER_END + useful * weight * (DENIER_PLAY - DENIER_END)
        value += min(len(p.hand), HAND_WORTH) * CARD_IN_HAND * weight
        out.append(value)
    return out


# --- the levels ---------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Level:
    iterations: int
    per_option: int
    extra_rounds: int
    scale: float
    exploration: float
    own_share: float = 0.25
    prior_weight: float = 0.0  # progressive bias toward the playout policy's choice (mcts.search)


# The targets are a median of at most 1 s (strong) and 0.25 s (medium) a decision: the
# budgets leave room for the last playout and the work around the search.
LEVEL_SECONDS: dict[str, float] = {"easy": 0.0, "medium": 0.22, "strong": 0.9}
# strong's UCB exploration constant (medium: 0.6). Its lead in units of 6 points makes the
# options' mean rewards close together: at 0.6 the exploration term outweighs their
# differences and the playouts spread almost evenly; at 0.3 more of them go to the best few
# options, whose comparison decides the move (paired arena games, docs/players.md).
STRONG_EXPLORATION = 0.3
# strong's progressive bias toward the built-in player's choice (medium: none): in each
# playout's tree walk the option the playout policy would play gets STRONG_PRIOR_WEIGHT /
# (1 + visits) on top of its UCB value (mcts.search), so the search starts from the sensible
# move and leaves it only for an option whose playouts show better (paired arena games,
# docs/players.md).
STRONG_PRIOR_WEIGHT = 2.0
LEVEL_SETTINGS: dict[str, Level] = {
    # the horizon is the end of the next round: a building's worth shows only once it is used
    # (against the end of the current round: 75 % instead of 62 % of 2-player games won by
    # medium against easy, same 8 seeds, docs/players.md)
    "medium": Level(iterations=200, per_option=25, extra_rounds=1, scale=3.0, exploration=0.6),
    # strong: 2000 playouts (compiled, about 0.1 s of processor time a decision) and a lead
    # counted in units of 6 points rather than 3, so that a lead of 8 still gains from growing
    # to 12 (docs/players.md, "Magna Carta strong against medium (2026-11-27)"); it explores
    # less (STRONG_EXPLORATION) and so spends its playouts on its best options ("Magna Carta
    # strong plays differently (2026-11-27)"), and starts from the built-in player's choice
    # (STRONG_PRIOR_WEIGHT)
    "strong": Level(
        iterations=2000,
        per_option=200,
        extra_rounds=1,
        scale=6.0,
        exploration=STRONG_EXPLORATION,
        prior_weight=STRONG_PRIOR_WEIGHT,
    ),
}


def search_action(v: View, level: str, rng: random.Random, budget: Budget | None = None) -> Action:
    budget = budget or Budget()
    stats = search_stats(v, LEVEL_SETTINGS[level], rng, budget)
    action: Action | None = best_action(stats, v.legal)
    if action is None:  # stopped before the first playout: the built-in player's choice
        assert v.viewer is not None  # search_stats refuses a spectator's view
        action = choose_from_view(v, v.viewer, rng)
    return action


def search_stats(
    v: View, settings: Level, rng: random.Random, budget: Budget
) -> dict[Hashable, tuple[int, float]]:
    """The search's (visits, mean reward) for each root action of `v`'s seat."""
    options = v.legal
    iterations = budget.iterations or min(settings.iterations, settings.per_option * len(options))
    last_round = v.round + settings.extra_rounds
    viewer = v.viewer
    if viewer is None:
        raise ValueError(
            "a search decides for a seat: it needs that seat's view, not a spectator's"
        )
    deal = determinizer(v)
    start = estimated_scores(deal(random.Random(0)))  # public parts only matter here

    def sample(r: random.Random) -> _World:
        s = deal(r)
        if s.waiting and s.waiting[0] != viewer:  # a simultaneous decision: ours comes first
            s.waiting = [viewer, *(k for k in s.waiting if k != viewer)]
        return _World(s)

    def done(world: _World) -> bool:
        s = world.state
        return s.over or s.round > last_round

    def rewards(world: _World) -> list[float]:
        return margin_rewards(
            estimated_scores(world.state), settings.scale, start, settings.own_share
        )

    return search(
        sample,
        playout_policy,
        done,
        rewards,
        rng,
        iterations,
        budget.should_stop,
        settings.exploration,
        settings.prior_weight,
    )


def automated_action(
    state: State,
    seat: int,
    level: str,
    rng: random.Random,
    budget: Budget | None = None,
) -> Action:
    """The action the automated player of `level` takes for `seat`, decided from what `seat` may
    see (`view(state, seat)`) and `rng` alone."""
    check_level(level)
    if state.over:
        raise GameOver("The game is over; no more moves can be made.")
    v = view(state, seat)
    if not v.legal:
        raise NotYourDecision(f"Seat {seat} has no decision to make now.")
    if len(v.legal) == 1:
        return v.legal[0]
    if level == "easy":
        return builtin_action(state, seat, rng)  # decides from the view (player.py)
    return search_action(v, level, rng, budget)
