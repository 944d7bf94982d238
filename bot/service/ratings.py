"""The players' ratings per server and game, with OpenSkill (Plackett-Luce), updated in the
transaction that ends a game. No Discord; the store keeps the numbers (docs/history.md).

The rule for a finished game:

- Every seat is one entrant, placed by the result: the winners first (the outcome's winners, so
  a tie-break of the rules counts), then by final score; seats equal on both share a place (an
  OpenSkill tie).
- A human who left their seat to the built-in player (resigned, kicked, or taken over and not
  reclaimed by the end) is placed last, below every seat held to the end, whatever the built-in
  player then scored with it; several such players share the last place. It counts as a game
  left, not finished, for the completion rate, and never as a win.
- A bot seat (a bot from the start) is an entrant of the default rating, never updated.
- Ratings move only when at least two humans took part: a human alone against bots keeps their
  rating (nobody climbs by beating the easy bot), but the game counts in games, wins and the
  completion rate.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from openskill.models import PlackettLuce

from bot.store import RatingChange, RatingRow, SeatRow, Tx

log = logging.getLogger(__name__)

MODEL = PlackettLuce()
DEFAULT_MU = MODEL.mu
DEFAULT_SIGMA = MODEL.sigma


def shown(mu: float, sigma: float) -> float:
    """The rating a leaderboard shows: the cautious estimate mu - 3 sigma (0 for a newcomer)."""
    return mu - 3 * sigma


@dataclass(frozen=True, slots=True)
class Entrant:
    seat: int
    user_id: int | None  # the human the result counts for (None: a bot seat from the start)
    held: bool  # played to the end by that human
    score: int
    won: bool


def entrants(seats: Sequence[SeatRow], outcome: dict[str, Any]) -> list[Entrant]:
    scores = list(outcome.get("scores") or [])
    winners = set(outcome.get("winners") or ())
    out = []
    for s in seats:
        score = scores[s.seat] if s.seat < len(scores) else 0
        if s.user_id is not None and not s.is_bot:
            out.append(Entrant(s.seat, s.user_id, True, score, s.seat in winners))
        elif s.resigned_user_id is not None:
            out.append(Entrant(s.seat, s.resigned_user_id, False, score, False))
        else:
            out.append(Entrant(s.seat, None, True, score, s.seat in winners))
    return out


def places(found: Sequence[Entrant]) -> list[int]:
    """Each entrant's place (1 = first; equal keys share a place)."""
    keys = [(0 if e.held else 1, 0 if e.won else 1, -e.score if e.held else 0) for e in found]
    return [1 + sum(1 for other in keys if other < key) for key in keys]


def rate(
    found: Sequence[Entrant], current: dict[int, tuple[float, float]]
) -> dict[int, tuple[int, float, float]]:
    """user id -> (place, mu after, sigma after); unchanged ratings with fewer than two humans."""
    ranks = places(found)
    humans = [e for e in found if e.user_id is not None]
    before = {
        e.user_id: current.get(e.user_id, (DEFAULT_MU, DEFAULT_SIGMA))
        for e in humans
        if e.user_id is not None
    }
    if len(humans) < 2:
        return {uid: (ranks[found.index(e)], *before[uid]) for e in humans if (uid := e.user_id)}
    teams = [
        [
            MODEL.rating(
                *(before[e.user_id] if e.user_id is not None else (DEFAULT_MU, DEFAULT_SIGMA))
            )
        ]
        for e in found
    ]
    after = MODEL.rate(teams, ranks=[float(rank) for rank in ranks])
    return {
        e.user_id: (ranks[k], after[k][0].mu, after[k][0].sigma)
        for k, e in enumerate(found)
        if e.user_id is not None
    }


def record_result(
    tx: Tx, game_id: int, guild_id: int, kind: str, seats: Sequence[SeatRow], outcome: dict
) -> None:
    """In the transaction that ends the game: every human's rating and counts, and one
    rating_changes row per human seat."""
    found = entrants(seats, outcome)
    user_ids = [e.user_id for e in found if e.user_id is not None]
    stored = tx.ratings_for_update(guild_id, kind, user_ids, DEFAULT_MU, DEFAULT_SIGMA)
    current = {uid: (row.mu, row.sigma) for uid, row in stored.items()}
    try:
        results = rate(found, current)
    except Exception:  # a rating must never stop a game from ending: logged, not rated
        log.exception("could not rate game %s", game_id)
        return
    for e in found:
        if e.user_id is None:
            continue
        place, mu, sigma = results[e.user_id]
        old = stored.get(e.user_id) or RatingRow(
            guild_id, kind, e.user_id, DEFAULT_MU, DEFAULT_SIGMA
        )
        tx.put_rating(
            RatingRow(
                guild_id,
                kind,
                e.user_id,
                mu,
                sigma,
                games=old.games + 1,
                wins=old.wins + int(e.won),
                finished=old.finished + int(e.held),
                left_early=old.left_early + int(not e.held),
            )
        )
        tx.add_rating_change(
            RatingChange(
                game_id,
                e.user_id,
                e.seat,
                place,
                e.won,
                e.held,
                e.score,
                old.mu,
                old.sigma,
                mu,
                sigma,
            )
        )
