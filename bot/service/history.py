"""After the game, without Discord: the finished games of a server (`/caylus history`), and the
players' ratings and results (`/caylus leaderboard`). See docs/history.md.

Read from the store only; the service calls these (GameService.history, ...)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from bot.service.ratings import shown
from bot.store import GameRow, RatingChange, SeatRow, Store, UnreadableGame

HISTORY_PAGE = 8  # games per page of /caylus history


@dataclass(frozen=True, slots=True)
class PastSeat:
    seat: int
    colour: str
    user_id: int | None  # who played it to the end (None: a bot seat from the start)
    resigned_user_id: int | None  # who held it before resigning it to the built-in player
    is_bot: bool
    level: str | None
    score: int | None


@dataclass(frozen=True, slots=True)
class PastGame:
    game_id: int
    kind: str
    channel_id: int
    started_at: float | None
    ended_at: float | None
    seats: tuple[PastSeat, ...]
    winners: tuple[int, ...]  # seats sharing the win
    damaged: bool = False  # marked damaged: /caylus record and /caylus replay answer so


@dataclass(frozen=True, slots=True)
class HistoryPage:
    games: tuple[PastGame, ...]
    page: int  # 1-based, within 1..pages
    pages: int  # at least 1
    total: int  # finished games that match


def past_game(
    row: GameRow | UnreadableGame,
    seats: list[SeatRow],
    changes: Sequence[RatingChange] = (),
    *,
    damaged: bool = False,
) -> PastGame:
    """A finished game as a listing shows it. An unreadable row (a damaged game) takes its
    winners and scores from the results stored when it ended (`changes`, its rating_changes
    rows), as far as they go: a seat that was a bot from the start has none."""
    if isinstance(row, UnreadableGame):
        scores: dict[int, int | None] = {c.seat: c.score for c in changes}
        winners = tuple(sorted(c.seat for c in changes if c.won))
        damaged = True
    else:
        outcome = row.outcome or {}
        found = list(outcome.get("scores") or [])
        scores = dict(enumerate(found))
        winners = tuple(outcome.get("winners") or ())
    return PastGame(
        game_id=row.id,
        kind=row.kind,
        channel_id=row.channel_id,
        started_at=row.started_at,
        ended_at=row.ended_at,
        seats=tuple(
            PastSeat(
                seat=s.seat,
                colour=s.colour,
                user_id=s.user_id,
                resigned_user_id=s.resigned_user_id,
                is_bot=s.is_bot,
                level=s.level,
                score=scores.get(s.seat),
            )
            for s in seats
        ),
        winners=winners,
        damaged=damaged,
    )


async def history(
    store: Store, guild_id: int, *, user_id: int | None = None, page: int = 1
) -> HistoryPage:
    """A page of the server's finished games, newest first (`user_id`: that player's only).
    A page past the end is the last page. A damaged game is listed, marked damaged."""
    _, total = await store.finished_games(guild_id, user_id=user_id, limit=1)
    pages = max(1, -(-total // HISTORY_PAGE))
    page = min(max(1, page), pages)
    rows, total = await store.finished_games(
        guild_id, user_id=user_id, offset=(page - 1) * HISTORY_PAGE, limit=HISTORY_PAGE
    )
    marked = await store.damaged_among([row.id for row, _ in rows])
    games = []
    for row, seats in rows:
        changes = await store.rating_changes(row.id) if isinstance(row, UnreadableGame) else []
        games.append(past_game(row, seats, changes, damaged=row.id in marked))
    return HistoryPage(
        games=tuple(games),
        page=page,
        pages=max(1, -(-total // HISTORY_PAGE)),
        total=total,
    )


@dataclass(frozen=True, slots=True)
class Standing:
    place: int  # 1 = best; equal shown ratings share a place
    user_id: int
    rating: float  # the cautious estimate, mu - 3 sigma (bot/service/ratings.py)
    mu: float
    sigma: float
    games: int
    wins: int
    finished: int
    left_early: int

    @property
    def completion(self) -> float:
        """Games held to the end, of all games (resigned, kicked or taken over count against)."""
        return self.finished / self.games if self.games else 0.0


async def leaderboard(store: Store, guild_id: int, kind: str) -> list[Standing]:
    """The rated players of a server in one game, best first (ties share a place)."""
    rows = await store.ratings(guild_id, kind)
    rows.sort(key=lambda r: (-round(shown(r.mu, r.sigma), 6), -r.wins, -r.games, r.user_id))
    out: list[Standing] = []
    for k, r in enumerate(rows):
        rating = round(shown(r.mu, r.sigma), 6)
        place = out[-1].place if out and round(out[-1].rating, 6) == rating else k + 1
        out.append(
            Standing(
                place, r.user_id, rating, r.mu, r.sigma, r.games, r.wins, r.finished, r.left_early
            )
        )
    return out


BUILD_WORDS = ("build", "prestige")  # the notation's building actions, in both games
STATS_GAMES = 500  # the newest finished games a player's statistics read


@dataclass(frozen=True, slots=True)
class PlayerStats:
    user_id: int
    kind: str
    games: int  # finished games of this kind where the player held a seat
    wins: int
    finished: int  # held to the end
    left_early: int  # left to the built-in player
    average_score: float | None  # over the games held to the end
    average_breakdown: dict[str, float]  # the parts of the score, averaged likewise
    favourite_buildings: tuple[tuple[str, int], ...]  # (building id, times built), most first
    average_decision: float | None  # seconds from the previous move to the player's own move
    rating: Standing | None  # the player's place on the leaderboard, if rated

    @property
    def completion(self) -> float:
        return self.finished / self.games if self.games else 0.0


async def player_stats(store: Store, guild_id: int, user_id: int, kind: str) -> PlayerStats:
    """A player's results in one game of one server (docs/history.md)."""
    rows, _ = await store.finished_games(guild_id, user_id=user_id, limit=STATS_GAMES)
    games = wins = finished = 0
    scores: list[int] = []
    parts: dict[str, list[int]] = {}
    built: dict[str, int] = {}
    waits: list[float] = []
    for row, seats in rows:
        if row.kind != kind:
            continue
        seat = next((s for s in seats if user_id in (s.user_id, s.resigned_user_id)), None)
        if seat is None:
            continue
        games += 1
        held = seat.user_id == user_id and not seat.is_bot
        if not held:
            continue
        finished += 1
        if isinstance(row, UnreadableGame):
            # a damaged game counts as in the leaderboard: with the result stored when it
            # ended; its score's parts are in the unreadable row, so they are left out
            result = next(
                (c for c in await store.rating_changes(row.id) if c.user_id == user_id), None
            )
            if result is not None:
                wins += int(result.won)
                if result.score is not None:
                    scores.append(result.score)
        else:
            outcome = row.outcome or {}
            wins += int(seat.seat in (outcome.get("winners") or ()))
            found = list(outcome.get("scores") or [])
            if seat.seat < len(found):
                scores.append(found[seat.seat])
            breakdown = list(outcome.get("breakdown") or [])
            if seat.seat < len(breakdown):
                for key, value in breakdown[seat.seat].items():
                    parts.setdefault(key, []).append(value)
        previous = row.started_at
        for entry in await store.log(row.id):
            if entry.seat == seat.seat and entry.user_id == user_id and not entry.by_bot:
                words = entry.action.split()
                if len(words) >= 2 and words[0] in BUILD_WORDS:
                    built[words[1]] = built.get(words[1], 0) + 1
                if not entry.planned and previous is not None:
                    waits.append(max(0.0, entry.created_at - previous))
            previous = entry.created_at
    rating = next(
        (s for s in await leaderboard(store, guild_id, kind) if s.user_id == user_id), None
    )
    favourites = sorted(built.items(), key=lambda item: (-item[1], item[0]))[:3]
    return PlayerStats(
        user_id=user_id,
        kind=kind,
        games=games,
        wins=wins,
        finished=finished,
        left_early=games - finished,
        average_score=sum(scores) / len(scores) if scores else None,
        average_breakdown={k: sum(v) / len(v) for k, v in parts.items()},
        favourite_buildings=tuple(favourites),
        average_decision=sum(waits) / len(waits) if waits else None,
        rating=rating,
    )
