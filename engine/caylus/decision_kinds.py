"""The Caylus decision kinds as data: one row per kind, read by the rules (codes, options,
checks), the words (prompts), the error texts (verbs) and the bot's plans. See
docs/players.md, "Decision kinds".
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.caylus.catalogue import Effect


@dataclass(frozen=True, slots=True)
class DecisionKind:
    """What a decision kind is: where it comes and what answers it."""

    name: str
    # the phase it is asked in; None: with a royal favor (phases 3, 5, 6, 7), as is a build or
    # lawyer decision a favor gives
    phase: int | None
    verbs: tuple[str, ...]  # the verbs of its answers (docs/notation.md)
    prompt: str  # what it asks (English; the bot translates it)
    prompt_at: str = ""  # the same at a road building, {where} its name and position
    effects: tuple[Effect, ...] = ()  # the road buildings whose activation asks it
    changeable: bool = False  # another player's choice may change its options before it comes
    parallel: bool = False  # once placement is over, may be asked of everyone at once
    answered_ahead: bool = False  # a player may answer it before it comes (a plan)
    optional_use: bool = False  # an exchange building a worker may use or skip

    @property
    def at_building(self) -> bool:
        """Asked at a road building (the decision's `at` is its position)."""
        return bool(self.effects)


def _use(name: str, verb: str, effect: Effect, prompt: str, prompt_at: str) -> DecisionKind:
    return DecisionKind(
        name,
        5,
        (verb, "skip"),
        prompt,
        prompt_at,
        (effect,),
        parallel=True,
        answered_ahead=True,
        optional_use=True,
    )


# In the order of their integer codes (engine/caylus/codes.py: KIND_CODE) and of the prompts
# in the message catalogues.
KINDS: tuple[DecisionKind, ...] = (
    DecisionKind("place", 2, ("place", "pass"), "place a worker or pass"),
    DecisionKind(
        "gate",
        3,
        ("gate",),
        "move the worker from the gate",
        changeable=True,
        answered_ahead=True,
    ),
    DecisionKind(
        "guild",
        3,
        ("provost", "skip"),
        "move the provost with the merchants' guild",
        answered_ahead=True,
    ),
    DecisionKind(
        "joust",
        3,
        ("joust", "skip"),
        "pay 1 d + 1 cloth for a royal favor at the joust field?",
        parallel=True,
        answered_ahead=True,
    ),
    DecisionKind(
        "inn", 3, ("inn",), "stay in the inn or leave", parallel=True, answered_ahead=True
    ),
    DecisionKind(
        "bribe",
        4,
        ("provost", "skip"),
        "move the provost (1 d a space) or skip",
        parallel=True,
        answered_ahead=True,
    ),
    DecisionKind(
        "produce",
        5,
        ("take",),
        "choose what the building produces",
        "choose what the {where} produces",
        (Effect.PRODUCE,),
        parallel=True,
        answered_ahead=True,
    ),
    DecisionKind(
        "owner",
        5,
        ("take",),
        "choose your owner's cube",
        "choose your owner's cube from the {where}",
        (Effect.PRODUCE,),
        parallel=True,
        answered_ahead=True,
    ),
    DecisionKind(
        "build",
        5,
        ("build", "skip"),
        "choose a building to build",
        "choose a building to build with the {where}",
        (Effect.CARPENTER, Effect.MASON, Effect.ARCHITECT),
        changeable=True,
        answered_ahead=True,
    ),
    DecisionKind(
        "lawyer",
        5,
        ("lawyer", "skip"),
        "choose a building to turn into a residence",
        "choose a building to turn into a residence with the {where}",
        (Effect.LAWYER,),
        changeable=True,
        answered_ahead=True,
    ),
    _use(
        "sell",
        "sell",
        Effect.MARKET,
        "sell a cube at the marketplace",
        "sell a cube at the {where}",
    ),
    _use("buy", "buy", Effect.PEDDLER, "buy cubes at the peddler", "buy cubes at the {where}"),
    _use(
        "church",
        "pay",
        Effect.CHURCH,
        "pay deniers for prestige at the church",
        "pay deniers for prestige at the {where}",
    ),
    _use(
        "tailor",
        "pay",
        Effect.TAILOR,
        "pay cloth for prestige at the tailor",
        "pay cloth for prestige at the {where}",
    ),
    _use("bank", "pay", Effect.BANK, "buy gold at the bank", "buy gold at the {where}"),
    _use(
        "alchemist",
        "pay",
        Effect.ALCHEMIST,
        "turn cubes into gold at the alchemist",
        "turn cubes into gold at the {where}",
    ),
    _use(
        "jeweller",
        "pay",
        Effect.JEWELLER,
        "pay gold for prestige at the jeweller",
        "pay gold for prestige at the {where}",
    ),
    DecisionKind(
        "castle", 6, ("batch", "skip"), "deliver a batch to the castle or stop", parallel=True
    ),
    DecisionKind("favor", None, ("favor",), "choose a royal favor", changeable=True),
    DecisionKind(
        "exchange",
        None,
        ("exchange", "skip"),
        "give 1 cube and take 2 (royal favor)",
        changeable=True,
    ),
)
BY_NAME: dict[str, DecisionKind] = {kind.name: kind for kind in KINDS}

# What each building effect asks of the worker on it in phase 5 (a production building asks
# only when it offers a choice: "produce"; its owner's cube is the "owner" decision).
EFFECT_KIND_NAME: dict[Effect, str] = {
    effect: kind.name for kind in KINDS for effect in kind.effects if effect is not Effect.PRODUCE
}
# The favor's own decisions come in these phases (3 the joust, 5 buildings, 6 the castle, 7
# the scorings).
FAVOR_PHASES = (3, 5, 6, 7)
