"""The questions-ahead direct messages: "you can answer your coming choices now", for the
players who opted in (`/caylus settings ahead_dm:`), one per phase, edited as their questions
change (docs/discord.md, "Mentions"; docs/pace.md)."""

from __future__ import annotations

import logging

import discord

import i18n
from bot.discord.cogs.base import DELIVERY_ERRORS, NO_MENTIONS, TableBase, _clip
from bot.service import GameInfo
from bot.service.pace import AskNow
from bot.service.show import Posts
from bot.store import AheadDm
from bot.words.lang import t

log = logging.getLogger(__name__)


class AheadDms(TableBase):
    """The questions-ahead DMs."""

    async def offer_ahead_by_dm(self, info: GameInfo, ask: AskNow, posts: Posts) -> None:
        """ "You can answer your coming choices now" by direct message, for the players who
        opted in (`/caylus settings ahead_dm:`): one message per phase of the game, edited as
        their questions change (answered, new ones due) and, once none is left open or the
        phase is over, into "nothing left to answer ahead". Never a mention; a DM that fails is
        logged and counted, and the game goes on. `posts`: the DMs kept and their readers'
        settings, read with what was posted."""
        if ask.stage is None:
            return
        kept = {dm.user_id: dm for dm in posts.dms}
        names: list[str] | None = None
        for user_id in dict.fromkeys([*ask.ahead, *kept]):
            earlier = kept.get(user_id)
            if user_id not in ask.ahead and earlier is None:
                continue
            reader = posts.readers.get(user_id)
            if reader is None or not reader.ahead_dm:
                continue
            names = names or await self.names_for(info)
            with i18n.using(reader.language or info.language):
                try:
                    if earlier is not None and (earlier.turn, earlier.phase) != ask.stage:
                        # a past phase's message: it says so, and this phase gets its own
                        done = self._ahead_done_text(info, (earlier.turn, earlier.phase))
                        await self._edit_ahead_dm(info.id, user_id, earlier, done)
                        earlier = None
                    if user_id in ask.ahead:
                        text = self._ahead_dm_text(info, ask, user_id, names)
                    else:
                        text = self._ahead_done_text(info, ask.stage)
                    edited = earlier is not None and await self._edit_ahead_dm(
                        info.id, user_id, earlier, text
                    )
                    if not edited and user_id in ask.ahead:  # never a new one to say "none"
                        await self._send_ahead_dm(info.id, user_id, ask.stage, text)
                except DELIVERY_ERRORS as error:
                    self.ahead_dm_failures += 1
                    log.info("could not DM user %s about game %s: %s", user_id, info.id, error)

    async def close_ahead_dms(self, info: GameInfo, posts: Posts) -> None:
        """The game is over: each questions-ahead DM says nothing is left to answer."""
        for dm in posts.dms:
            reader = posts.readers.get(dm.user_id)
            with i18n.using((reader.language if reader else None) or info.language):
                done = self._ahead_done_text(info, (dm.turn, dm.phase))
                try:
                    await self._edit_ahead_dm(info.id, dm.user_id, dm, done)
                except DELIVERY_ERRORS as error:
                    self.ahead_dm_failures += 1
                    log.info("could not edit the DM of user %s: %s", dm.user_id, error)

    def _ahead_dm_text(self, info: GameInfo, ask: AskNow, user_id: int, names: list[str]) -> str:
        """The DM's words: the game, its turn and phase, and the open questions (private: the
        DM is this player's alone)."""
        assert ask.stage is not None
        turn, phase = ask.stage
        where = {"game_id": info.id, "channel": f"<#{info.channel_id}>"}
        lines = [t.AHEAD_DM.format(turn=turn, phase=phase, **where)]
        ui = self.ui(info.kind)
        due = [q for q in ask.questions.get(user_id, ()) if q.due and not q.now]
        lines += [ui.question_line(q, names) for q in due]
        return _clip("\n".join(lines))

    @staticmethod
    def _ahead_done_text(info: GameInfo, stage: tuple[int, int]) -> str:
        turn, phase = stage
        channel = f"<#{info.channel_id}>"
        return t.AHEAD_DM_DONE.format(game_id=info.id, channel=channel, turn=turn, phase=phase)

    async def _edit_ahead_dm(self, game_id: int, user_id: int, dm: AheadDm, text: str) -> bool:
        """Edit a player's questions-ahead DM into `text` (nothing when it already says it).
        False when the message is gone (the player deleted it)."""
        if self.ahead_dm_texts.get((game_id, user_id)) == text:
            return True
        channel = self.bot.get_partial_messageable(dm.channel_id)
        try:
            await channel.get_partial_message(dm.message_id).edit(
                content=text, allowed_mentions=NO_MENTIONS
            )
        except discord.NotFound:
            log.info("the questions-ahead DM of user %s is gone", user_id)
            return False
        self.ahead_dm_texts[(game_id, user_id)] = text
        return True

    async def _send_ahead_dm(
        self, game_id: int, user_id: int, stage: tuple[int, int], text: str
    ) -> None:
        """The phase's first questions-ahead DM, kept to be edited."""
        user = self.bot.get_user(user_id) or await self.bot.fetch_user(user_id)
        sent = await user.send(text, allowed_mentions=NO_MENTIONS)
        turn, phase = stage
        await self.service.keep_ahead_dm(
            AheadDm(game_id, user_id, turn, phase, sent.channel.id, sent.id)
        )
        self.ahead_dm_texts[(game_id, user_id)] = text
