"""The prompt of a game's pending decision in its channel: building it (text, mentions,
components), finding it again (also after a restart), editing it when its deadline or version
changes, collapsing it to one line once answered, closing it when it is no longer asked, the
Undo button offered under a move, and the reminders that go once the decision is answered
(docs/discord.md, "Decisions" and "Mentions")."""

from __future__ import annotations

import logging
from typing import Any

import discord

import i18n
from bot.clock_service import Deadline
from bot.clock_service.clock import discord_timestamp
from bot.discord.cogs.base import DELIVERY_ERRORS, NO_MENTIONS, TableBase, _clip, through_channel
from bot.discord.views import choice_view
from bot.games.layout import MAX_ROWS, Layout
from bot.service import GameInfo
from bot.service.answers import GameState, legal_actions
from bot.service.pace import AskNow
from bot.words.lang import t

log = logging.getLogger(__name__)


def _label_in(message: discord.Message | None, action: str) -> str | None:
    """The label the player saw for `action` on the pressed message."""
    if message is None:
        return None
    for row in message.components:
        for item in getattr(row, "children", [row]):
            custom_id = getattr(item, "custom_id", "") or ""
            if custom_id.endswith(f":{action}") and getattr(item, "label", None):
                return item.label
            for option in getattr(item, "options", ()) or ():
                if option.value == action:
                    return option.label
    return None


def collapsed(content: str | None, done: str) -> str:
    """An answered prompt in one line: `done` ("✅ alice chose **Farm (5) → Take 1 cloth**."),
    after the answers an earlier decision of the same message already collapsed to (the same
    player's next decision may be edited into the message)."""
    earlier = [line for line in (content or "").splitlines() if line.startswith("✅")]
    return _clip("\n".join([*earlier, done]))


def _asks_in_channel(message: discord.Message) -> bool:
    """The message has choice buttons or menus of its own (not only "My hand" and the like)."""
    return any(
        (getattr(item, "custom_id", "") or "").startswith(("cay:b:", "cay:s:"))
        for row in message.components
        for item in getattr(row, "children", [row])
    )


def _is_prompt_of(message: discord.Message, game_id: int, version: int) -> bool:
    """A prompt of `game_id` at `version`: its buttons' and menus' ids say so
    (bot/discord/views.py)."""
    marks = (f"cay:b:{game_id}:{version}:", f"cay:s:{game_id}:{version}:")
    for row in message.components:
        for item in getattr(row, "children", [row]):
            if (getattr(item, "custom_id", "") or "").startswith(marks):
                return True
    return False


class Prompts(TableBase):
    """The pending decision's prompt in the channel."""

    async def _find_prompt(
        self, channel: Any, game_id: int, versions: set[int]
    ) -> discord.Message | None:
        """The prompt message of `game_id` at one of `versions`: the one this instance posted
        last, or (after a restart) the latest such message in the channel."""
        message = self.prompts.get(game_id)
        if message is not None and any(_is_prompt_of(message, game_id, v) for v in versions):
            return message
        try:
            async for found in channel.history(limit=30):
                if any(_is_prompt_of(found, game_id, v) for v in versions):
                    return found
        except discord.HTTPException:
            log.info("could not read the history of channel %s", getattr(channel, "id", None))
        return None

    async def _mark_answered(
        self, channel: Any, game_id: int, version: int, who: str, label: str, lang: str
    ) -> None:
        """A decision answered with /caylus play: its prompt says so and loses its buttons,
        as when a button is pressed (an edit, not a new message). `lang`: the game's."""
        message = await self._find_prompt(channel, game_id, {version})
        shown = self.prompts.get(game_id)
        if message is None and shown is not None and not _asks_in_channel(shown):
            # a prompt whose choices are all in the hands (Magna Carta's opening hands): its
            # buttons carry no version, so it is known only as the prompt this process posted
            message = shown
        if message is None:
            return
        with i18n.using(lang):
            done = t.CHOSE.format(who=who, label=label)
        await self.collapse_prompt(game_id, message, done)

    async def collapse_prompt(self, game_id: int, message: Any, done: str) -> None:
        """The answered prompt `message` becomes its one line `done` (its buttons go, nobody is
        notified), is removed with the others at the next account, and is no longer the
        prompt a next decision may be edited into."""
        try:
            edited = await through_channel(message).edit(
                content=collapsed(message.content, done), view=None, allowed_mentions=NO_MENTIONS
            )
            self.answered[game_id].append(edited if edited is not None else message)
        except discord.HTTPException:
            log.info("could not mark the answered prompt of game %s", game_id)
        if self.prompts.get(game_id) is message:
            self.prompts.pop(game_id, None)

    async def remove_answered(self, game_id: int) -> None:
        """A phase's account was posted: it tells every move of the phase, so the answered
        prompts collapsed since (one line each) are removed, leaving the story of the game.
        Kept: the current prompt (the same player's next decision may be edited into it) and
        the one whose Undo button is still good (it goes at the next account)."""
        current = self.prompts.get(game_id)
        offer = self.undo_offers.get(game_id)
        keep = {m.id for m in (current, offer[0] if offer else None) if m is not None}
        kept = []
        for message in self.answered.pop(game_id, []):
            if message.id in keep:
                kept.append(message)
                continue
            await self.remove_message(game_id, message)
        if kept:
            self.answered[game_id] = kept

    async def remove_message(self, game_id: int, message: Any) -> None:
        """Delete the bot's own `message` of a game (through its channel: the interaction that
        last edited it may have expired); one already gone is fine, a failure is logged."""
        try:
            await through_channel(message).delete()
        except discord.NotFound:
            pass  # already gone
        except DELIVERY_ERRORS:
            log.info("could not remove a message of game %s", game_id)

    async def _close_prompt(self, channel: Any, info: GameInfo, note: str | None = None) -> None:
        """A prompt no longer asked without being answered (the game was aborted; `note`: why
        else, e.g. its move was taken back): the prompt says so and loses its buttons."""
        message = await self._find_prompt(channel, info.id, {info.version})
        if message is None:
            return
        try:
            with self.public(info):
                content = _clip(f"{message.content}\n{note or t.PROMPT_ABORTED}")
            await message.edit(content=content, view=None, allowed_mentions=NO_MENTIONS)
        except discord.HTTPException:
            log.info("could not close the prompt of game %s", info.id)
        if self.prompts.get(info.id) is message:
            self.prompts.pop(info.id, None)
            self.prompt_calls.pop(info.id, None)

    async def offer_undo(self, game_id: int, message: discord.Message, seq: int) -> None:
        """`message` (in the channel) now carries the Undo button of move `seq`; an earlier
        message's button goes."""
        await self.drop_undo_offer(game_id, keep=message.id)
        self.undo_offers[game_id] = (message, seq)

    async def drop_undo_offer(
        self, game_id: int, *, seq: int | None = None, keep: int | None = None
    ) -> None:
        """Take the Undo button off its message unless it is still good: the game's last move
        is still `seq`'s (`seq` given), or the message is `keep`."""
        offer = self.undo_offers.get(game_id)
        if offer is None or offer[1] == seq:
            return
        message = offer[0]
        self.undo_offers.pop(game_id, None)
        if message.id == keep:
            return
        try:
            await through_channel(message).edit(view=None)
        except discord.HTTPException:
            log.info("could not take the Undo button off a message of game %s", game_id)

    async def sweep_undo_buttons(self, channel: Any, game_id: int) -> None:
        """No Undo button is left in the channel's recent messages: at the end of a game, and
        the first time this process posts for a game (one offered before a restart is not in
        memory)."""
        self.undo_offers.pop(game_id, None)
        self.undo_swept.add(game_id)
        try:
            async for message in channel.history(limit=40):
                ids = [
                    getattr(child, "custom_id", "") or ""
                    for row in message.components
                    for child in getattr(row, "children", [])
                ]
                if any(i.startswith(f"cay:u:{game_id}:") for i in ids):
                    await message.edit(view=None)
        except discord.HTTPException:
            log.info("could not sweep the Undo buttons of game %s", game_id)

    async def refresh_prompt(self, channel: Any, before: GameInfo) -> None:
        """Edit the current decision's prompt in place (no new message, no new ping) after
        something changed its deadline (away, back, pause, resume) or the game's version
        (reclaim, kick): its buttons carry the version, its text the deadline."""
        try:
            info = await self.service.game(before.id)
            if info.status != "running" or not info.pending:
                return
            if [p.seat for p in info.pending] != [p.seat for p in before.pending]:
                return  # another decision: it got its own prompt
            message = await self._find_prompt(channel, info.id, {before.version, info.version})
            if message is None:
                return
            state = await self.state_of(info)
            with self.public(info):
                content, view = await self._prompt(info, state)
            edited = await message.edit(content=content, view=view, allowed_mentions=NO_MENTIONS)
            self.prompts[info.id] = edited if edited is not None else message
        except discord.HTTPException:
            log.info("could not refresh the prompt of game %s", before.id)

    async def deadline_lines(
        self, info: GameInfo, names: list[str] | None = None
    ) -> tuple[list[str], Deadline | None]:
        """What the prompt says about the clock of the pending decision."""
        if not info.pending:
            return [], None
        deadline = await self.clock.deadline(info.id, self.now())
        if deadline is None or deadline.seat != info.pending[0].seat:
            return [], deadline
        if deadline.paused:
            return [t.DEADLINE_PAUSED], deadline
        due, relative = deadline.timestamp("f"), deadline.timestamp("R")
        if deadline.away_until is not None:
            names = names or await self.names_for(info)
            return [
                t.DEADLINE_AWAY.format(
                    who=names[deadline.seat],
                    until=discord_timestamp(deadline.away_until, "f"),
                    due=due,
                )
            ], deadline
        return [t.DEADLINE_LINE.format(due=due, relative=relative)], deadline

    async def _prompt(
        self,
        info: GameInfo,
        state: GameState,
        *,
        names: list[str] | None = None,
        mention: bool = True,
        for_user: int | None = None,
        ask: AskNow | None = None,
    ) -> tuple[str, discord.ui.View | None]:
        """The prompt of the pending decision: text, and the components for its decider. Its
        text mentions only the players the game waits for (`mention=False`: nobody). `ask`: who
        else has questions to answer ahead now (named on a line of their own, never mentioned:
        an offer is not a ping; the prompt gets "My choices"; what they are asked stays
        private)."""
        names = names or await self.names_for(info)
        pending = info.pending[0]
        seat = pending.seat
        users = [s.user_id for s in info.awaiting if s.user_id is not None]
        mentions = " ".join(f"<@{u}>" for u in users) if mention else "🔔"
        ui = self.ui(info.kind)
        sentence = ui.headline(state, pending, names)
        who = " & ".join(dict.fromkeys(names[p.seat] for p in info.pending))
        lines = [t.PROMPT.format(mentions=mentions, who=who, prompt=sentence)]
        if len(info.pending) == 1:
            lines.append(ui.context(ui.public(state), seat))
        lines += (await self.deadline_lines(info, names))[0]
        ahead = ask.ahead if ask is not None else ()
        if ahead:
            seats = [info.seat_of(u) for u in ahead]
            named = [names[s.seat] for s in seats if s is not None]
            lines.append(t.PROMPT_AHEAD.format(players=i18n.join(named)))
        questions = ask is not None and ask.any_question_ahead
        # a turn's placements: everyone may plan theirs at once, privately ("Plan my turn")
        plan = ui.has_turn_plans and ui.placing_now(state) and len(info.pending) == 1
        view = None
        if for_user is None and (ahead or questions or plan):
            view = choice_view(
                info.id, info.version, Layout(), choices=bool(ahead or questions), plan=plan
            )
        if for_user is None or for_user in users:
            actions = legal_actions(info.kind, state, seat) if len(info.pending) == 1 else []
            shown, private = ui.split_actions(state, seat, actions)
            shape = ui.layout(state, seat, shown, names) if shown else Layout()
            if ui.has_hands:
                while shape.menus and shape.rows_with(1) > MAX_ROWS:
                    shape.hidden += len(shape.menus.pop().choices)
                lines.append(t.PROMPT_HAND if private or not shown else t.PROMPT_HAND_TOO)
            more = questions and for_user is None
            planning = plan and for_user is None
            # the channel's prompt also has "Catch me up" (a private copy is a reply already)
            catch_up = for_user is None
            extra = ui.has_hands + more + planning + catch_up
            while shape.menus and shape.rows_with(extra) > MAX_ROWS:
                shape.hidden += len(shape.menus.pop().choices)
            view = choice_view(
                info.id,
                info.version,
                shape,
                hand=ui.has_hands,
                choices=more,
                plan=planning,
                catch_up=catch_up,
            )
            lines.append(t.PROMPT_HELP)
            if shape.hidden:
                lines.append(t.PROMPT_TOO_MANY)
        return _clip("\n".join(lines)), view

    async def _drop_reminders(self, game_id: int) -> None:
        """The decision was answered: its reminder lines go (they would only pile up)."""
        for message in self.reminders.pop(game_id, []):
            try:
                await message.delete()
            except DELIVERY_ERRORS:
                log.info("could not remove a reminder of game %s", game_id)
