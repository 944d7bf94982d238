"""After the game: /caylus record (the game record as JSON, as `caylus replay` reads it) and
/caylus history (the server's finished games, paged with buttons) and /caylus leaderboard (the
ratings of bot/service/ratings.py; with `player:`, that player's statistics)."""

from __future__ import annotations

import io
import logging

import discord
from discord import app_commands

import i18n
from bot.discord.cogs.base import NO_MENTIONS, _clip
from bot.discord.cogs.group import caylus
from bot.discord.cogs.guard import Answers
from bot.discord.views import history_view
from bot.service.answers import DEFAULT_LEVEL
from bot.service.history import PastGame
from bot.service.stats import stats_lines
from bot.words.lang import colour_name, m, t

log = logging.getLogger(__name__)

LEADERBOARD_SIZE = 20  # players shown by /caylus leaderboard


class HistoryCommands(Answers):
    """Records, history, ratings."""

    @caylus.command(name="record", description=t.DESC["record"])
    @app_commands.describe(game=t.OPT_GAME_ID)
    async def record(
        self, interaction: discord.Interaction, game: app_commands.Range[int, 1]
    ) -> None:
        async with self.guard(interaction, "record", game):
            await self.defer_private(interaction)
            record = await self.service.shared_record(game, interaction.guild_id or 0)
            data = record.model_dump_json(indent=2, exclude_none=True).encode()
            file = discord.File(io.BytesIO(data), filename=f"caylus-game-{game}.json")
            await self.tell(
                interaction,
                t.RECORD_NOTE.format(game_id=game, count=len(record.actions)),
                file=file,
            )

    @caylus.command(name="history", description=t.DESC["history"])
    @app_commands.describe(player=t.OPT_HISTORY_PLAYER, page=t.OPT_PAGE_NUMBER)
    async def history(
        self,
        interaction: discord.Interaction,
        player: discord.Member | None = None,
        page: app_commands.Range[int, 1, 100000] = 1,
    ) -> None:
        async with self.guard(interaction, "history"):
            await self.defer_private(interaction)
            if player is not None:
                self.remember(player)
            user_id = player.id if player is not None else None
            content, view = await self._history_page(interaction, user_id, page)
            await self.tell(interaction, content, view=view)

    async def history_press(
        self, interaction: discord.Interaction, user_id: int | None, page: int
    ) -> None:
        """Newer / Older under a page of /caylus history: the same reply shows that page."""
        async with self.guard(interaction, "history"):
            await self.defer_update(interaction)
            content, view = await self._history_page(interaction, user_id, page)
            await interaction.edit_original_response(
                content=content, view=view or discord.ui.View(), allowed_mentions=NO_MENTIONS
            )

    async def _history_page(
        self, interaction: discord.Interaction, user_id: int | None, page: int
    ) -> tuple[str, discord.ui.View | None]:
        guild_id = interaction.guild_id or 0
        found = await self.service.history(guild_id, user_id=user_id, page=page)
        name = await self.name_of(guild_id, user_id, "") if user_id is not None else ""
        if not found.games:
            if user_id is None:
                return t.HISTORY_EMPTY, None
            return t.HISTORY_EMPTY_PLAYER.format(name=name), None
        title = (t.HISTORY_TITLE if user_id is None else t.HISTORY_TITLE_PLAYER).format(
            name=name, page=found.page, pages=found.pages, count=found.total
        )
        lines = [f"**{title}**"]
        for game in found.games:
            names = await self._past_names(guild_id, game)
            when = game.ended_at or game.started_at or 0.0
            line = t.HISTORY_GAME.format(
                game_id=game.game_id,
                game=m.KIND_NAMES.get(game.kind, game.kind),
                date=f"<t:{int(when)}:d>",
                winners=i18n.join([names[s] for s in game.winners if s < len(names)]),
            )
            lines.append(f"{line} · {t.HISTORY_DAMAGED}" if game.damaged else line)
            scores = [
                t.HISTORY_SCORE.format(name=names[s.seat], score=s.score)
                for s in sorted(game.seats, key=lambda s: -(s.score or 0))
            ]
            lines.append("  " + " · ".join(scores))
        return _clip("\n".join(lines)), history_view(user_id, found.page, found.pages)

    async def _past_names(self, guild_id: int, game: PastGame) -> list[str]:
        """The seats' names: the human who played it, or who left it to the built-in player."""
        names = []
        for seat in game.seats:
            if seat.user_id is not None:
                names.append(await self.name_of(guild_id, seat.user_id, seat.colour))
            elif seat.resigned_user_id is not None:
                left = await self.name_of(guild_id, seat.resigned_user_id, seat.colour)
                names.append(t.HISTORY_TAKEN_OVER.format(name=left))
            else:
                level = seat.level or DEFAULT_LEVEL
                names.append(
                    t.BOT_NAME.format(colour=colour_name(seat.colour), level=t.BOT_LEVEL[level])
                )
        return names

    @caylus.command(name="leaderboard", description=t.DESC["leaderboard"])
    @app_commands.describe(game=t.OPT_GAME)
    @app_commands.choices(
        game=[app_commands.Choice(name=name, value=kind) for kind, name in m.KIND_NAMES.items()]
    )
    async def leaderboard(self, interaction: discord.Interaction, game: str = "caylus") -> None:
        async with self.guard(interaction, "leaderboard"):
            await self.defer_private(interaction)
            guild_id = interaction.guild_id or 0
            standings = await self.service.leaderboard(guild_id, game)
            title = m.KIND_NAMES.get(game, game)
            if not standings:
                await self.tell(interaction, t.LEADERBOARD_EMPTY.format(game=title))
                return
            lines = [f"**{t.LEADERBOARD_TITLE.format(game=title)}**"]
            for s in standings[:LEADERBOARD_SIZE]:
                name = await self.name_of(guild_id, s.user_id, "")
                lines.append(
                    t.LEADERBOARD_LINE.format(
                        place=s.place,
                        name=name,
                        rating=i18n.number(round(s.rating, 1)),
                        games=s.games,
                        wins=s.wins,
                        completion=round(100 * s.completion),
                    )
                )
            lines.append(t.LEADERBOARD_NOTE)
            await self.tell(interaction, "\n".join(lines))

    @caylus.command(name="stats", description=t.DESC["stats"])
    @app_commands.describe(player=t.OPT_STATS_PLAYER, game=t.OPT_GAME)
    @app_commands.choices(
        game=[app_commands.Choice(name=name, value=kind) for kind, name in m.KIND_NAMES.items()]
    )
    async def stats(
        self,
        interaction: discord.Interaction,
        player: discord.Member | None = None,
        game: str = "caylus",
    ) -> None:
        async with self.guard(interaction, "stats"):
            await self.defer_private(interaction)
            await self._stats(interaction, player or interaction.user, game)

    async def _stats(
        self, interaction: discord.Interaction, who: discord.abc.User, game: str
    ) -> None:
        """/caylus leaderboard player: that player's results (the group holds at most 25
        commands, so the statistics live under the leaderboard)."""
        self.remember(who)
        guild_id = interaction.guild_id or 0
        found = await self.service.player_stats(guild_id, who.id, game)
        await self.tell(interaction, "\n".join(stats_lines(found, who.display_name)))
