"""/caylus replay: a finished game of this server, phase by phase, in a private reply (the board
as the channel saw it and the account of the phases), with buttons that survive a restart, and
the whole game as one animation. The steps come from bot/service/replay.py; see docs/history.md."""

from __future__ import annotations

import asyncio
import io
import logging
from collections import OrderedDict
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

import discord
from discord import app_commands

import i18n
from bot.discord.cogs.base import NO_MENTIONS, _clip, in_language, picture_file
from bot.discord.cogs.group import caylus
from bot.discord.cogs.guard import Answers
from bot.discord.views import replay_view
from bot.service.answers import DEFAULT_LEVEL, EngineError, GameState, outcome_of, replay_failure
from bot.service.history import PastGame
from bot.service.replay import (
    Step,
    animation,
    replay_steps,
    step_board,
    step_card,
    step_text,
    turn_starts,
)
from bot.words import errors as err
from bot.words.lang import colour_name, m, t, winner_line

log = logging.getLogger(__name__)

UPLOAD_LIMIT = 10 * 1024 * 1024  # Discord's default upload limit for a bot's file (10 MiB)
SMALL_WIDTH = 400  # the animation's width when the usual one would not fit the limit
KEPT_REPLAYS = 8  # replays (their states) kept in memory, most recently used
KEPT_ANIMATIONS = 2  # animations kept (a few MB each)


@dataclass(frozen=True, slots=True)
class _Replay:
    guild_id: int
    game: PastGame
    steps: list[Step]
    names: list[str]  # the seats' names, as the pictures and accounts show them


class ReplayCommands(Answers):
    """/caylus replay and its buttons."""

    @caylus.command(name="replay", description=t.DESC["replay"])
    @app_commands.describe(game=t.OPT_GAME_ID)
    async def replay(
        self, interaction: discord.Interaction, game: app_commands.Range[int, 1]
    ) -> None:
        async with self.guard(interaction, "replay", game):
            await self.defer_private(interaction)
            content, file, view = await self._replay_message(interaction, game, 0)
            await self.tell(interaction, content, file=file, view=view)

    @replay.autocomplete("game")
    async def replay_autocomplete(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[int]]:
        """This server's newest finished games, those whose number starts as typed."""

        async def find() -> list[app_commands.Choice[int]]:
            guild_id = interaction.guild_id or 0
            typed = current.strip().lstrip("#")
            choices = []
            for past in await self.service.finished_games(guild_id):
                if typed and not str(past.game_id).startswith(typed):
                    continue
                names = await self._seat_names(guild_id, past, fetch=False)
                when = past.ended_at or past.started_at or 0.0
                label = t.REPLAY_GAME_CHOICE.format(
                    game_id=past.game_id,
                    game=m.KIND_NAMES.get(past.kind, past.kind),
                    date=datetime.fromtimestamp(when, UTC).strftime("%Y-%m-%d"),
                    winners=i18n.join([names[s] for s in past.winners]),
                )
                choices.append(app_commands.Choice(name=_clip(label, 100), value=past.game_id))
            return choices[:25]

        return await self.suggest(interaction, "replay:game", find)

    async def replay_press(
        self, interaction: discord.Interaction, game_id: int, step: int, op: str
    ) -> None:
        """A button or the menu under a replay: `op` f/p/n/l/j show `step` in the same private
        reply; `b` sends its whole board, `a` the game's animation, privately."""
        async with self.guard(interaction, "replay", game_id):
            if op == "b":
                await self.defer_private(interaction)
                await self._replay_board(interaction, game_id, step)
            elif op == "h":
                await self.defer_private(interaction)
                await self._replay_hand(interaction, game_id, step)
            elif op == "a":
                await self.defer_private(interaction)
                await self._replay_animation(interaction, game_id)
            else:
                await self.defer_update(interaction)  # the private reply is edited
                content, file, view = await self._replay_message(interaction, game_id, step)
                await interaction.edit_original_response(
                    content=content, attachments=[file], view=view, allowed_mentions=NO_MENTIONS
                )

    # --- internals ---------------------------------------------------------------------------

    async def _replay_message(
        self, interaction: discord.Interaction, game_id: int, k: int
    ) -> tuple[str, discord.File, discord.ui.View]:
        """Step `k` of the replay: its text, its phone card and the buttons."""
        found = await self._replay_of(interaction, game_id)
        steps, ui = found.steps, self.ui(found.game.kind)
        if not 0 <= k < len(steps):
            raise err.ServiceError(t.REPLAY_NO_STEP.format(game_id=game_id, step=k + 1))
        lang = i18n.current()
        loop = asyncio.get_running_loop()
        card = await loop.run_in_executor(
            self.executor, in_language(lang, step_card), ui, steps[k], found.names
        )
        lines = [
            t.REPLAY_TITLE.format(
                game_id=game_id,
                game=m.KIND_NAMES.get(found.game.kind, found.game.kind),
                step=k + 1,
                steps=len(steps),
            )
        ]
        if k == 0:
            lines.append(t.REPLAY_START)
        lines.append(step_text(ui, steps, k, found.names))
        if k == len(steps) - 1:
            lines += self._replay_scores(found, steps[k].state)
        turns = [
            (
                t.REPLAY_JUMP_START
                if first == 0
                else ui.phase_title(*steps[first].phases[0], list(steps[first].events[0]))
                .replace("**", "")
                .strip(),
                first,
            )
            for _, first in turn_starts(steps)
        ]
        hand = ui.has_hands and _seat_of(found.game, interaction.user.id) is not None
        view = replay_view(game_id, k, len(steps), turns, hand=hand)
        return _clip("\n".join(x for x in lines if x)), picture_file(card), view

    def _replay_scores(self, found: _Replay, state: GameState) -> list[str]:
        """The end of the game: the winners and every seat's score with its parts."""
        outcome = outcome_of(found.game.kind, state)
        if outcome is None:
            return []
        names = found.names
        emojis = [t.COLOUR_EMOJI.get(seat.colour, "") for seat in found.game.seats]
        lines = self.ui(found.game.kind).score_lines(outcome, names, emojis)
        return ["", winner_line(outcome, names), *lines]

    async def _replay_board(self, interaction: discord.Interaction, game_id: int, k: int) -> None:
        found = await self._replay_of(interaction, game_id)
        if not 0 <= k < len(found.steps):
            raise err.ServiceError(t.REPLAY_NO_STEP.format(game_id=game_id, step=k + 1))
        ui = self.ui(found.game.kind)
        loop = asyncio.get_running_loop()
        draw = in_language(i18n.current(), step_board)
        board = await loop.run_in_executor(self.executor, draw, ui, found.steps[k], found.names)
        await self.tell(interaction, file=picture_file(board))

    async def _replay_hand(self, interaction: discord.Interaction, game_id: int, k: int) -> None:
        """The presser's own hand at step `k` (a game with hands): theirs only, never
        another seat's."""
        found = await self._replay_of(interaction, game_id)
        if not 0 <= k < len(found.steps):
            raise err.ServiceError(t.REPLAY_NO_STEP.format(game_id=game_id, step=k + 1))
        seat = _seat_of(found.game, interaction.user.id)
        ui = self.ui(found.game.kind)
        if seat is None or not ui.has_hands:
            raise err.ServiceError(t.REPLAY_NOT_YOURS.format(game_id=game_id))
        state = found.steps[k].state
        loop = asyncio.get_running_loop()
        draw = in_language(i18n.current(), ui.hand_picture)
        picture = await loop.run_in_executor(self.executor, draw, state, seat, found.names)
        lines = [t.REPLAY_HAND.format(step=k + 1, game_id=game_id)]
        lines += ui.hand_lines(state, seat, found.names)
        await self.tell(interaction, "\n".join(lines), file=picture_file(picture))

    async def _replay_animation(self, interaction: discord.Interaction, game_id: int) -> None:
        found = await self._replay_of(interaction, game_id)
        lang = i18n.current()
        key = (game_id, lang)
        kept: OrderedDict[tuple[int, str], bytes] = self._replay_kept("_animations")
        locks: dict[tuple[int, str], asyncio.Lock] = self._replay_kept("_animation_locks")
        async with locks.setdefault(key, asyncio.Lock()):  # two presses make it once
            data = kept.get(key)
            if data is None:
                data = await self._make_animation(found, lang)
                kept[key] = data
                while len(kept) > KEPT_ANIMATIONS:
                    kept.popitem(last=False)
            kept.move_to_end(key)
        size = i18n.number(round(len(data) / 1_000_000, 1))
        if len(data) > UPLOAD_LIMIT:
            await self.tell(
                interaction, t.REPLAY_ANIMATION_TOO_BIG.format(game_id=game_id, size=size)
            )
            return
        file = discord.File(io.BytesIO(data), filename=f"caylus-game-{game_id}.webp")
        note = t.REPLAY_ANIMATION_NOTE.format(game_id=game_id, frames=len(found.steps), size=size)
        await self.tell(interaction, note, file=file)

    async def _make_animation(self, found: _Replay, lang: str) -> bytes:
        """The animation, encoded in a worker thread of its own (seconds of work: never on the
        event loop, and not in the render threads the live games' pictures need)."""
        ui = self.ui(found.game.kind)
        data = await asyncio.to_thread(in_language(lang, animation), ui, found.steps, found.names)
        if len(data) > UPLOAD_LIMIT:  # a very long game: smaller frames
            log.info("game %s: animation of %d bytes, drawn smaller", found.game.game_id, len(data))

            def small() -> bytes:
                with i18n.using(lang):
                    return animation(ui, found.steps, found.names, width=SMALL_WIDTH)

            data = await asyncio.to_thread(small)
        return data

    async def _replay_of(self, interaction: discord.Interaction, game_id: int) -> _Replay:
        """The replay of a finished game of this server (kept for the next presses)."""
        lang = i18n.current()
        key = (game_id, lang)  # the bots' names and the accounts read in the language
        kept: OrderedDict[tuple[int, str], _Replay] = self._replay_kept("_replays")
        guild_id = interaction.guild_id or 0
        found = kept.get(key)
        if found is not None:
            if found.guild_id != guild_id:  # another server's game is unknown there
                raise err.UnknownGame(game_id=game_id)
            kept.move_to_end(key)
            return found
        past, record, planned = await self.service.finished_game(game_id, guild_id)
        try:
            steps = await asyncio.to_thread(in_language(lang, replay_steps), record, planned)
        except EngineError as error:  # a log that no longer replays (rules changed since)
            try:
                failure = replay_failure(record)
            except EngineError:  # the setup itself
                failure = None
            log.error("game %s: its replay fails: %s", game_id, error)
            raise err.GameCorrupt(
                game_id=game_id,
                index=failure.index + 1 if failure else 0,
                action=_clip(failure.action if failure else "(setup)", 40),
                reason=_clip(str(error), 160),
            ) from error
        found = _Replay(guild_id, past, steps, await self._seat_names(guild_id, past))
        kept[key] = found
        while len(kept) > KEPT_REPLAYS:
            kept.popitem(last=False)
        return found

    def _replay_kept(self, name: str) -> Any:
        """A cache of this cog (made at its first use)."""
        found = self.__dict__.get(name)
        if found is None:
            found = self.__dict__[name] = OrderedDict()
        return found

    async def _seat_names(self, guild_id: int, past: PastGame, *, fetch: bool = True) -> list[str]:
        """Who played each seat: its human (or the one who left it to the built-in player),
        else the bot (`fetch=False`: without asking Discord for unknown names)."""
        names = []
        for seat in past.seats:
            user_id = seat.user_id if seat.user_id is not None else seat.resigned_user_id
            if user_id is not None:
                names.append(await self.name_of(guild_id, user_id, seat.colour, fetch=fetch))
            else:
                level = seat.level or DEFAULT_LEVEL
                names.append(
                    t.BOT_NAME.format(colour=colour_name(seat.colour), level=t.BOT_LEVEL[level])
                )
        return names


def _seat_of(game: PastGame, user_id: int) -> int | None:
    """The seat `user_id` played in a past game (to the end, or until they left it)."""
    return next((s.seat for s in game.seats if user_id in (s.user_id, s.resigned_user_id)), None)
