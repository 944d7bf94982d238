"""The Magna Carta decision kinds as data: one row per kind, read by the rules (the stage each
is asked in, the cards whose activation asks it, the clock's default), the words (prompts),
the error texts (verbs), the state checks, and the bot's plans and prompts. See
docs/magna-carta-notation.md, "Actions by decision kind".
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from engine.magna_carta.catalogue import STAGES, Effect


@dataclass(frozen=True, slots=True)
class DecisionKind:
    """What a decision kind is: where it comes and what answers it."""

    name: str
    stage: int  # the kind of phase it is asked in (catalogue.STAGES; state.stage)
    verbs: tuple[str, ...]  # the verbs of its answers (docs/magna-carta-notation.md), doing first
    prompt: str  # what it asks (English: mc_words.DECISIONS; the bot translates it)
    default: str  # what the clock plays when the time is up: the answer that gives up nothing
    worker_effects: tuple[Effect, ...] = ()  # the cards whose worker it asks
    owner_effects: tuple[Effect, ...] = ()  # the cards whose owner it asks (another's worker)
    # another player's choice earlier in the same phase may change its options
    changeable: bool = False
    parallel: bool = False  # asked of several seats at once, each answering alone

    @property
    def at_building(self) -> bool:
        """Asked at a road card while it acts (the decision's `at` is its road index)."""
        return bool(self.worker_effects or self.owner_effects)

    def effects(self, part: str) -> tuple[Effect, ...]:
        """The cards whose `part` ("worker" or "owner") this kind asks."""
        if part == "worker":
            return self.worker_effects
        return self.owner_effects if part == "owner" else ()


_ACTIVATION: Final = STAGES.index("activation")


def _use(
    name: str,
    verb: str,
    prompt: str,
    worker: tuple[Effect, ...],
    owner: tuple[Effect, ...],
    changeable: bool = False,
) -> DecisionKind:
    """An effect a worker on a card, or the card's owner, may use (paying for it) or skip."""
    return DecisionKind(
        name, _ACTIVATION, (verb, "skip"), prompt, "skip", worker, owner, changeable=changeable
    )


# In the order of the prompts in the message catalogues (mc_words.DECISIONS).
KINDS: Final[tuple[DecisionKind, ...]] = (
    DecisionKind(
        "redraw",
        STAGES.index("setup"),
        ("redraw", "keep"),
        "keep your opening hand or redraw all three cards (once, free)",
        "keep",
        parallel=True,
    ),
    DecisionKind(
        "action",
        STAGES.index("actions"),
        ("draw", "swap", "place", "build", "prestige", "pass"),
        "draw, swap your hand, place a worker, build, build a prestige building or pass",
        "pass",
        # the cards the others take, build or cover, and the first pass's bonus
        changeable=True,
    ),
    DecisionKind(
        "provost",
        STAGES.index("provost"),
        ("provost", "skip"),
        "move the provost (1 d a card, up to 3) or skip",
        "skip",
        changeable=True,  # where the earlier players left him
    ),
    _use(
        "buy",
        "buy",
        "buy cubes at the Peddler (1 d each) or skip",
        (Effect.PEDDLER,),
        (Effect.PEDDLER,),
    ),
    _use("sell", "sell", "hand in a resource at the Market for 4 d or skip", (Effect.MARKET,), ()),
    _use(
        "lawyer",
        "lawyer",
        "pay 1 food to turn one of your cards into a residence, or skip",
        (Effect.LAWYER,),
        (),
    ),
    _use(
        "trade",
        "trade",
        "swap one of your resources for 1 gold at the Gold Mine, or skip",
        (),
        (Effect.GOLD_MINE,),
    ),
    _use("bank", "pay", "buy gold at the Bank or skip", (Effect.BANK,), (Effect.BANK,)),
    _use(
        "church",
        "pay",
        "buy castle tokens at the Church or skip",
        (Effect.CHURCH,),
        (Effect.CHURCH,),
        changeable=True,  # the tokens the others bought before (two only if two are left)
    ),
    DecisionKind(
        "castle",
        STAGES.index("castle"),
        ("deliver", "skip"),
        "deliver a batch to the castle or stop",
        "skip",
        changeable=True,  # the tokens the earlier players took (none left: no batch)
    ),
)
BY_NAME: Final[dict[str, DecisionKind]] = {kind.name: kind for kind in KINDS}
# The opening hands: every seat at once, the one decision the state keeps no `Decision` for
# (its seats are `state.waiting`).
OPENING: Final = BY_NAME["redraw"]
# What each card effect asks of the worker on it, and of its owner beside another's worker
# (an effect missing here gives without asking, or does nothing for that part).
WORKER_KIND: Final[dict[Effect, str]] = {
    e: kind.name for kind in KINDS for e in kind.worker_effects
}
OWNER_KIND: Final[dict[Effect, str]] = {e: kind.name for kind in KINDS for e in kind.owner_effects}
