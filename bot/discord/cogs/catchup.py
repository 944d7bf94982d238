"""Catch me up: privately, what happened since the player's last move (docs/discord.md, "Catch
me up"), from the "Catch me up" button on the channel's prompt and on `/caylus me`.

It is made of what the channel was told: the accounts of the phases since that move (the same
words, from the same events), the phone card of now with what changed since then marked (drawn
from the public view, as the channel's cards are: a Magna Carta hand never shows), where the
game stands now and the player's own plans. A player who looks once a day need not scroll."""

from __future__ import annotations

import asyncio
import logging
from typing import Any

import discord

from bot.discord.cogs.base import MESSAGE_LIMIT, picture_file
from bot.discord.cogs.plans import PlanCommands
from bot.games import plans as pl
from bot.service import GameInfo
from bot.service.answers import GameState, catch_up_replay
from bot.words import errors as err
from bot.words.lang import m, t

log = logging.getLogger(__name__)

# Room kept for the header and the lines about now and the plans; the accounts get the rest
# (the latest ones first: older phases are in the thread and `/caylus log`).
CATCH_UP_TAIL = 600


class CatchUpCommands(PlanCommands):
    """The "Catch me up" button."""

    async def catch_up_press(self, interaction: discord.Interaction, game_id: int) -> None:
        async with self.guard(interaction, "catch_up", game_id):
            await self.defer_private(interaction)
            info = await self.service.game(game_id)
            if info.status not in ("running", "finished"):
                raise err.GameNotRunning(game_id=game_id, status=m.STATUS[info.status])
            if info.seat_of(interaction.user.id) is None:  # a spectator: the thread is theirs
                await self.tell(interaction, t.ME_NO_SEAT.format(game_id=game_id))
                return
            content, picture = await self.catch_up(info, interaction.user.id)
            await self.tell(interaction, content, file=picture_file(picture))

    async def catch_up(self, info: GameInfo, user_id: int) -> tuple[str, Any]:
        """The catch-up of `user_id` in game `info`, in the language in force (the reader's):
        its text and the card of now with the changes since their last move (or None)."""
        found = await self.service.since_last_move(info.id, user_id)
        record = found.record
        loop = asyncio.get_running_loop()
        before, now, told = await loop.run_in_executor(
            self.executor, catch_up_replay, info.kind, record, found.after
        )
        names = await self.names_for(info)
        ui = self.ui(info.kind)
        moves = len(record.actions) - found.after
        if moves == 0:
            head = t.CATCH_UP_NOTHING.format(game_id=info.id)
        elif found.after == 0:
            head = t.CATCH_UP_SINCE_START.format(game_id=info.id, count=moves)
        else:
            head = t.CATCH_UP_TITLE.format(game_id=info.id, count=moves)
        phases: dict[tuple[int, int], list[Any]] = {}
        for x in told:
            phases.setdefault((x.turn, x.phase), []).append(x.event)
        accounts = [
            ui.account(turn, phase, events, names) for (turn, phase), events in phases.items()
        ]
        accounts = [a for a in accounts if a]
        shown: list[str] = []
        room = MESSAGE_LIMIT - CATCH_UP_TAIL - len(head)
        for account in reversed(accounts):  # the latest phases first, as many as fit
            if len(account) + 1 > room:
                break
            shown.insert(0, account)
            room -= len(account) + 1
        lines = [head]
        if len(shown) < len(accounts):
            lines.append(t.CATCH_UP_EARLIER.format(count=len(accounts) - len(shown)))
        lines += shown
        lines.append(await self._catch_up_now(info, user_id, names, now))
        lines += await self._catch_up_plans(info, user_id)
        picture = None
        if moves and self.settings.render_boards:
            events = [x.event for x in told]
            drawn = await self.pictures(info.kind, now, names, before, events, False)
            picture = drawn[0] if drawn else None
        return "\n".join(lines), picture

    async def _catch_up_now(
        self, info: GameInfo, user_id: int, names: list[str], state: GameState
    ) -> str:
        """Where the game stands: over, the reader's decision, or whose it is."""
        if info.status == "finished":
            return t.CATCH_UP_OVER.format(game_id=info.id)
        if not info.pending:
            return ""
        ui = self.ui(info.kind)
        pending = info.pending[0]
        prompt = ui.headline(state, pending, names)
        if any(s.user_id == user_id for s in info.awaiting):
            return t.CATCH_UP_YOURS.format(prompt=prompt)
        who = " & ".join(dict.fromkeys(names[p.seat] for p in info.pending))
        return t.CATCH_UP_WAITING.format(who=who, prompt=prompt)

    async def _catch_up_plans(self, info: GameInfo, user_id: int) -> list[str]:
        """The reader's plans in this game and where they stand (none where plans do not
        apply, or once the game is over)."""
        if info.status != "running":
            return []
        try:
            mine = await self.service.plans_of(info.id, user_id)
        except err.ServiceError:
            return []
        # a turn plan reads in the game's words, as in /caylus me, the others as their text
        texts = [plan.text for plan in mine.plans if not isinstance(plan, pl.TurnPlan)]
        turn_plan = await self._turn_plan_line(info, user_id) if mine.plans else None
        lines = [turn_plan] if turn_plan is not None else []
        if texts or not lines:
            lines.append(t.ME_PLANS.format(plans="; ".join(texts)) if texts else t.ME_NO_PLANS)
        return lines
