"""The lines `/caylus stats` shows of a player's results in one game, without Discord: the
Discord command and the web page of a finished game both show them (docs/history.md,
docs/web.md). Read in the language in force."""

from __future__ import annotations

import contextlib
import re

import i18n
from bot.games import ui_for
from bot.service.answers import Outcome
from bot.service.history import PlayerStats
from bot.words.lang import m, t


def stats_lines(found: PlayerStats, name: str) -> list[str]:
    """The player `name`'s results (`found`), as `/caylus stats` tells them: a title, then
    games and wins, rating, average score with its parts, favourite buildings, time to decide.
    A player without a game of this kind gets the one line saying so."""
    game = found.kind
    title = m.KIND_NAMES.get(game, game)
    if not found.games:
        return [t.STATS_NONE.format(name=name, game=title)]
    lines = [f"**{t.STATS_TITLE.format(name=name, game=title)}**"]
    lines.append(
        t.STATS_GAMES.format(
            games=found.games, wins=found.wins, completion=round(100 * found.completion)
        )
    )
    if found.rating is not None:
        lines.append(
            t.STATS_RATING.format(
                rating=i18n.number(round(found.rating.rating, 1)), place=found.rating.place
            )
        )
    ui = ui_for(game)
    if found.average_score is not None:
        parts = {k: round(v) for k, v in found.average_breakdown.items()}
        average = Outcome(scores=[parts.get("total", 0)], breakdown=[parts], winners=[])
        lines.append(t.STATS_AVERAGE.format(score=i18n.number(round(found.average_score, 1))))
        with contextlib.suppress(KeyError, IndexError):  # an older rules' breakdown
            lines += ["  " + line for line in ui.score_lines(average, [name], [""])]
    if found.favourite_buildings:
        names = {value: _topic_name(label) for label, value in ui.rule_topics()}
        lines.append(
            t.STATS_FAVOURITES.format(
                buildings=i18n.join(
                    [
                        t.STATS_BUILT.format(name=names.get(tile, tile), count=count)
                        for tile, count in found.favourite_buildings
                    ]
                )
            )
        )
    if found.average_decision is not None:
        minutes = round(found.average_decision / 60)
        lines.append(t.STATS_DECIDE.format(hours=minutes // 60, minutes=minutes % 60))
    return lines


def _topic_name(label: str) -> str:
    """A building's name from its /caylus help topic ("Farm (production) — ...")."""
    return re.split(r" \(| — ", label, maxsplit=1)[0]
