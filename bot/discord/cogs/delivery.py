"""Posting what happened: the outbox rows of a game become channel messages (accounts, phone
cards, boards, the next prompt), with retries, clock stops and the host told (docs/store.md,
"The outbox").
"""

from __future__ import annotations

import asyncio
import io
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from datetime import datetime
from functools import partial
from typing import Any

import discord

import i18n
from bot.clock_service import expiry_templates
from bot.discord.cogs.ahead import AheadDms
from bot.discord.cogs.base import (
    DELIVERY_ERRORS,
    NO_MENTIONS,
    POST_ATTEMPTS,
    POST_RETRY_PAUSE,
    _clip,
    awaited_mentions,
    mentioning,
)
from bot.discord.cogs.guard import Answers
from bot.games import Picture, ui_for
from bot.metrics import IN_DELIVERY, POST_FAILED, RATE_LIMITED, shard_of
from bot.service import ActResult, GameInfo
from bot.service.answers import action_label
from bot.service.show import Post, Posts, PromptNow
from bot.words import errors as err
from bot.words.lang import t, winner_line

log = logging.getLogger(__name__)


class _Lazy:
    """A phase's pictures, drawn once, from the first `start` or `get` (in worker threads)."""

    def __init__(self, draw: Callable[[], Awaitable[list[Picture]]]) -> None:
        self._draw = draw
        self._task: asyncio.Future[list[Picture]] | None = None

    def start(self) -> None:
        if self._task is None:
            self._task = asyncio.ensure_future(self._draw())

    async def get(self) -> list[Picture]:
        self.start()
        assert self._task is not None
        return await self._task


@dataclass(slots=True)
class Part:
    """One channel message of a delivery: `build` makes it (rendering its board) only when it
    is posted, so a retry that skips the parts already posted does no work for them."""

    game_id: int
    kind: str  # notice | board | whole_board | so_far | over | prompt
    build: Callable[[], Awaitable[dict[str, Any] | None]]
    pictures: _Lazy | None = None  # started before the first post, so renders overlap
    phase: tuple[int, int] | None = None  # so_far: the (turn, phase) it tells so far


async def _no_pictures() -> list[Picture]:
    return []


def _delivery_reason(error: BaseException) -> str:
    """Why a post failed, in a few words a host or player can act on."""
    if isinstance(error, discord.Forbidden):
        return t.REASON_FORBIDDEN
    if isinstance(error, discord.NotFound):
        return t.REASON_NOT_FOUND
    if isinstance(error, discord.HTTPException):
        return t.REASON_DISCORD.format(status=error.status)
    return t.REASON_NETWORK


def is_rate_limited(error: BaseException) -> bool:
    """A failure that is Discord's rate limit, raised rather than waited out (discord.py
    waits out an ordinary 429 itself; bot/metrics/ counts those from its log line)."""
    if isinstance(error, discord.RateLimited):
        return True
    return isinstance(error, discord.HTTPException) and error.status == 429


class Delivery(AheadDms, Answers):
    """Posting a game's outbox."""

    async def deliver(self, game_id: int, fresh: ActResult | None = None) -> str | None:
        """Post every undelivered outbox row of the game (read with one service call, `posts`);
        see `post`. `fresh`: the result just committed (saves rebuilding it)."""
        return await self.post(game_id, await self.service.posts(game_id, fresh))

    async def post(self, game_id: int, posts: Posts | None) -> str | None:
        """Post what the service says the channel must still see, oldest first: boards and
        accounts of the phases that ended, then the prompt of the decision now pending (or the
        end). Call under `self.locks[game_id]`.

        Returns None when everything is posted. When Discord refuses or fails, the attempt is
        counted (the scheduler tries again later, skipping what was already posted), the game's
        clock stops until a post succeeds, the host is told once, and the reason is returned
        for the player who acted."""
        if posts is None:
            return None
        await self.drop_undo_offer(game_id, seq=posts.game.seq)  # the game moved on: no Undo
        with self.public(posts.game):  # the channel reads the game's language
            return await self._deliver(posts)

    async def _deliver(self, posts: Posts) -> str | None:
        info = posts.game
        game_id = info.id
        first = posts.posts[0].entry
        try:
            channel = await self._channel(info.channel_id)
        except DELIVERY_ERRORS as error:
            return await self._delivery_failed(info, first.id, first.parts_done, error)
        if game_id not in self.undo_swept:
            await self.sweep_undo_buttons(channel, game_id)
        told = False  # a phase's account was posted: the answered prompts it tells can go
        restarted = False
        for k, post in enumerate(posts.posts):
            entry, result = post.entry, post.result
            last = k == len(posts.posts) - 1
            await self._collapse_played_by_plan(info, result, post.state_before)
            parts = await self._parts(post, posts.prompt if last else None, with_prompt=last)
            done = entry.parts_done
            for part in parts[entry.parts_done :]:
                if part.pictures is not None:
                    part.pictures.start()  # the render threads draw while earlier parts post
            try:
                for part in parts[entry.parts_done :]:
                    sent = await self._post(channel, part)
                    done += 1
                    await self._supersede(game_id, part, sent)
            except DELIVERY_ERRORS as error:
                return await self._delivery_failed(info, entry.id, done, error)
            restarted = await self.service.posted(entry.id, game_id=game_id, last=last)
            told = told or bool(result.phase_ends)
            await self._drop_told_so_far(game_id, [(e.turn, e.phase) for e in result.phase_ends])
        if told:
            await self.remove_answered(game_id)
        await self._drop_reminders(game_id)
        ask = self.ahead_asks.pop(game_id, None)
        if ask is not None:
            await self.offer_ahead_by_dm(info, ask, posts)
        elif info.status == "finished":
            await self.close_ahead_dms(info, posts)
        if restarted:
            log.info("game %s: posting works again; its clock runs again", game_id)
            await self._post_quietly(channel, t.CLOCK_RUNS_AGAIN.format(game_id=game_id))
        if info.status in ("finished", "aborted"):
            self.forget_game(game_id)  # told to the end: nothing kept for it stays
        return None

    async def _collapse_played_by_plan(
        self, info: GameInfo, result: ActResult, state_before: Any
    ) -> None:
        """The channel's prompt whose decision a plan played (a turn plan made or changed in
        its private editor while the placement was pending) collapses to one line as if it
        had been pressed, "✅ alice chose **Farm (5) — 1 d (planned)**.", instead of staying
        with its mention and its menus. A prompt pressed, answered privately or by a standing
        order was collapsed where it was answered (it is in `answered`). `state_before`: the
        state before the move (None: unknown, the notation names it)."""
        game_id = info.id
        shown, call = self.prompts.get(game_id), self.prompt_calls.get(game_id)
        if shown is None or call is None or not result.moves:
            return
        move = result.moves[0]
        if not move.planned or move.seat not in call[1]:
            return
        if any(m.id == shown.id for m in self.answered.get(game_id, [])):
            return
        names = await self.names_for(info)
        label = move.action  # the notation when the state before is unknown
        if state_before is not None:
            label = action_label(info.kind, state_before, move.seat, move.action, names)
        who = names[move.seat] if move.seat < len(names) else str(move.seat + 1)
        done = t.CHOSE.format(who=who, label=f"{label}{t.PLANNED_MARK}")
        await self.collapse_prompt(game_id, shown, done)

    async def _supersede(self, game_id: int, part: Part, sent: Any) -> None:
        """A channel that stays readable (docs/discord.md, "A game's channel"): a new whole
        board removes the one before it (the phase cards keep the story; the latest whole board
        is the one players read), a new account of a phase so far removes the older one of the
        same phase (it tells the same and more)."""
        if sent is None or part.kind not in ("whole_board", "so_far"):
            return
        if part.kind == "whole_board":
            earlier = self.whole_boards.pop(game_id, None)
            self.whole_boards[game_id] = sent
            if earlier is not None:
                await self.remove_message(game_id, earlier)
            return
        await self._drop_told_so_far(game_id, [part.phase])
        self.so_far_posts.setdefault(game_id, []).append((part.phase, sent))

    async def _drop_told_so_far(self, game_id: int, told: list[Any]) -> None:
        """The messages that told these phases so far (before a favor's prompt) go: the
        phase's account, or a newer "so far" of it, tells the same and more."""
        kept = []
        for phase, message in self.so_far_posts.pop(game_id, []):
            if phase in told:
                await self.remove_message(game_id, message)
            else:
                kept.append((phase, message))
        if kept:
            self.so_far_posts[game_id] = kept

    async def deliver_due(self, now: datetime) -> int:
        """The scheduler's part: post what earlier attempts (or a restart) left undelivered.
        Returns how many games still could not be posted."""
        failed = 0
        for game_id, _channel_id in await self.service.due_posts(now.timestamp()):
            try:
                async with self.locks[game_id]:
                    if await self.deliver(game_id) is not None:
                        failed += 1
            except err.GameDamaged:
                continue  # reported by the clock; nothing to post for a game nobody can read
            except Exception:
                failed += 1
                self.metrics.unexpected_error(IN_DELIVERY)
                log.exception("could not post the outbox of game %s", game_id)
        return failed

    async def _delivery_failed(
        self, info: GameInfo, outbox_id: int, done: int, error: BaseException
    ) -> str:
        reason = _delivery_reason(error)
        kind = RATE_LIMITED if is_rate_limited(error) else POST_FAILED
        self.metrics.routine_failure(kind, shard_of(info.guild_id, self.bot.shard_count))
        attempts = await self.service.post_failed(outbox_id, reason, done)
        if await self.service.stop_clock(info.id, reason):
            log.warning(
                "game %s: cannot post in channel %s (%s); its clock is stopped until it can",
                info.id,
                info.channel_id,
                reason,
            )
        else:
            log.info("game %s: posting failed again (attempt %s): %s", info.id, attempts, reason)
        if await self.service.claim_host_notice(info.id):
            await self._tell_host(info, reason)
        return reason

    async def _tell_host(self, info: GameInfo, reason: str) -> None:
        """A direct message to the host: the bot cannot post in the game's channel."""
        try:
            user = self.bot.get_user(info.host_id) or await self.bot.fetch_user(info.host_id)
            text = t.HOST_CANNOT_POST.format(
                game_id=info.id, channel=f"<#{info.channel_id}>", reason=reason
            )
            await user.send(_clip(text), allowed_mentions=NO_MENTIONS)
        except DELIVERY_ERRORS:
            log.info("could not tell the host of game %s (DMs closed?)", info.id)

    async def _post_quietly(self, channel: Any, text: str) -> None:
        try:
            await channel.send(_clip(text), allowed_mentions=NO_MENTIONS)
        except DELIVERY_ERRORS:
            log.info("could not post a notice in channel %s", getattr(channel, "id", None))

    async def _post(self, channel: Any, part: Part) -> Any:
        """Post one part (returns the message posted, None when there was nothing to post or
        the prompt was edited in place); a server error or a network failure is tried again at
        once after a short pause (Discord refusing, 403/404, is not: that needs a person)."""
        message = await part.build()
        if message is None:
            return None
        files = message.pop("files", [])
        call = message.pop("call", None)
        if part.kind == "prompt" and call is not None:
            earlier, shown = self.prompt_calls.get(part.game_id), self.prompts.get(part.game_id)
            last = getattr(channel, "last_message_id", None)
            if earlier is not None and shown is not None and _continues(earlier, call, shown, last):
                # the same prompt, or the next decision of the same player with nothing said
                # in between: the prompt is edited (no second ping, no new message)
                message["allowed_mentions"] = NO_MENTIONS
                answered = _answered_line(shown)
                if answered:
                    message["content"] = _clip(f"{answered}\n{message['content']}")
                edited = await shown.edit(**message)
                self.prompts[part.game_id] = edited if edited is not None else shown
                offer = self.undo_offers.get(part.game_id)
                if offer is not None and offer[0].id == shown.id:  # now the next prompt
                    self.undo_offers.pop(part.game_id, None)
                self.prompt_calls[part.game_id] = call
                return None
        for attempt in range(POST_ATTEMPTS):
            kwargs = dict(message)
            if files:
                kwargs["files"] = [discord.File(io.BytesIO(data), filename=n) for n, data in files]
            try:
                sent = await channel.send(**kwargs)
                break
            except (discord.Forbidden, discord.NotFound):
                raise
            except DELIVERY_ERRORS:
                if attempt == POST_ATTEMPTS - 1:
                    raise
                await asyncio.sleep(POST_RETRY_PAUSE * (2**attempt))
        if part.kind == "prompt":
            self.prompts[part.game_id] = sent
            if call is not None:
                self.prompt_calls[part.game_id] = call
        return sent

    async def _parts(
        self, post: Post, prompt: PromptNow | None, *, with_prompt: bool
    ) -> list[Part]:
        """The messages of one outbox row, each built only when it is posted."""
        result = post.result
        info = result.game
        gid = info.id
        names = await self.names_for(info)
        groups: list[tuple[Any, list[tuple[int, int]]]] = []
        for end in result.phase_ends:
            if groups and groups[-1][0] is end.state:
                groups[-1][1].append((end.turn, end.phase))
            else:
                groups.append((end.state, [(end.turn, end.phase)]))
        told = post.told
        cause = result.cause or {}
        parts: list[Part] = []
        intro = None
        previous = result.board_before
        ui = self.ui(info.kind)
        if cause.get("cause") == "start":
            first = result.board_before if result.board_before is not None else result.state
            intro = t.GAME_STARTS.format(game_id=gid, intro=ui.intro(first, names))
            previous = None
            if not groups:
                groups.append((result.state, []))
        undo = cause.get("cause") == "undo"
        if undo:
            parts.append(self._undo_part(info, result, cause, names))
        if cause.get("cause") == "expired" and cause.get("takeover") and result.moves:
            # a plain expiry is told in its prompt (edited); a takeover pings its player
            parts.append(self._expiry_part(gid, cause, result.moves[0].action))
        over = result.outcome is not None
        for k, (state, phases) in enumerate(groups):
            lines = [intro] if intro and k == 0 else []
            lines += [ui.account(turn, phase, told[(turn, phase)], names) for turn, phase in phases]
            text = "\n".join(x for x in lines if x)
            events = [e for phase in phases for e in told[phase]]
            # the whole board too when a new turn's placements begin, and at the end
            board = ui.shows_board(state, previous)
            pictures = _Lazy(
                partial(self.pictures, info.kind, state, names, previous, events, board)
            )
            previous = state
            if over and k == len(groups) - 1:
                parts.append(self._over_part(info, result, names, text, pictures))
                parts.append(self._picture_part(gid, pictures, 1))
                return parts
            parts.append(self._board_part(gid, text, pictures))
            if board:
                parts.append(self._picture_part(gid, pictures, 1))
        if over:
            parts.append(self._over_part(info, result, names, "", None))
        elif with_prompt:
            if post.so_far is not None:
                # what won a favor comes before the favor's prompt, not after it
                turn, phase = result.state.turn, result.state.phase
                so_far = ui.account(turn, phase, post.so_far, names, True)
                if so_far:
                    told_so_far = self._board_part(gid, so_far, _Lazy(_no_pictures))
                    told_so_far.kind, told_so_far.phase = "so_far", (turn, phase)
                    parts.append(told_so_far)
            # a decision asked again after an undo pings nobody: who undid it knows it is
            # theirs, and everyone else was asked before
            parts.append(Part(gid, "prompt", lambda: self._prompt_message(prompt, ping=not undo)))
        return parts

    def _undo_part(
        self, info: GameInfo, result: ActResult, cause: dict[str, Any], names: list[str]
    ) -> Part:
        """A move taken back: who took back what, and who was asked next, named without a
        mention (an undo asks nobody for anything new: it pings nobody)."""

        async def build() -> dict[str, Any]:
            seat = cause["seat"]
            label = action_label(info.kind, result.state, seat, cause["action"], names)
            lines = [t.UNDO_NOTICE.format(player=names[seat], label=label)]
            # "pinged": the key of outbox rows written before undo stopped pinging
            asked_next = [int(u) for u in cause.get("asked_next", cause.get("pinged", []))]
            seats = [info.seat_of(u) for u in asked_next]
            named = [names[s.seat] for s in seats if s is not None]
            if named:
                lines.append(t.UNDO_NOTICE_ASKED_NEXT.format(players=i18n.join(named)))
            return {"content": _clip("\n".join(lines)), "allowed_mentions": NO_MENTIONS}

        return Part(info.id, "notice", build)

    def _expiry_part(self, game_id: int, cause: dict[str, Any], action: str) -> Part:
        async def build() -> dict[str, Any]:
            expired, taken = expiry_templates(game_id, cause, action)
            user_id = cause.get("user_id")
            mention = f"<@{user_id}>" if user_id else cause.get("colour", "")
            lines = [expired.replace("{player}", mention)]
            if taken is not None:
                lines.append(taken.replace("{player}", mention))
            # a takeover pings its player once; a plain expiry does not (the next prompt
            # pings whoever must decide)
            mentions = mentioning([int(user_id)]) if taken is not None and user_id else NO_MENTIONS
            return {"content": _clip("\n".join(lines)), "allowed_mentions": mentions}

        return Part(game_id, "notice", build)

    def _board_part(self, game_id: int, text: str, pictures: _Lazy) -> Part:
        """A phase's account with its phone card."""

        async def build() -> dict[str, Any] | None:
            drawn = await pictures.get() or []
            if not text and not drawn:
                return None
            message: dict[str, Any] = {"content": _clip(text) if text else None}
            message["allowed_mentions"] = NO_MENTIONS
            if drawn:
                message["files"] = [(drawn[0].filename, drawn[0].data)]
            return message

        return Part(game_id, "board", build, pictures)

    def _picture_part(self, game_id: int, pictures: _Lazy, index: int) -> Part:
        """One more picture of the same phase (the whole board), in a message of its own so
        that Discord shows it at full width."""

        async def build() -> dict[str, Any] | None:
            drawn = await pictures.get() or []
            if len(drawn) <= index:
                return None
            picture = drawn[index]
            return {"files": [(picture.filename, picture.data)], "allowed_mentions": NO_MENTIONS}

        return Part(game_id, "whole_board", build, pictures)

    def _over_part(
        self, info: GameInfo, result: ActResult, names: list[str], text: str, pictures: Any
    ) -> Part:
        async def build() -> dict[str, Any]:
            drawn = (await pictures.get() or []) if pictures is not None else []
            self.prompts.pop(info.id, None)  # no decision is asked any more
            self.prompt_calls.pop(info.id, None)
            channel = await self._channel(info.channel_id)
            await self.sweep_undo_buttons(channel, info.id)
            card = drawn[0] if drawn else None
            return self._game_over_message(info, result, names, text, card)

        return Part(info.id, "over", build, pictures)

    async def _prompt_message(
        self, prompt: PromptNow | None, *, ping: bool = True
    ) -> dict[str, Any] | None:
        """The prompt of the decision pending now (none if the game no longer waits). It pings
        exactly the players the game waits for (`awaited_mentions`); `ping=False`: nobody (a
        decision asked again after an undo)."""
        if prompt is None:
            return None
        info, state, ask = prompt.game, prompt.state, prompt.ask
        self.ahead_asks[info.id] = ask  # for the opted-in DMs once everything is posted
        content, view = await self._prompt(info, state, ask=ask)
        awaited = frozenset(info.awaiting_user_ids)
        call = (
            frozenset(p.kind for p in info.pending),
            frozenset(p.seat for p in info.pending),
            awaited,
        )
        mentions = awaited_mentions(info) if ping else NO_MENTIONS
        message: dict[str, Any] = {"content": content, "allowed_mentions": mentions, "call": call}
        if view is not None:
            message["view"] = view
        return message

    @staticmethod
    def _game_over_message(
        info: GameInfo,
        result: ActResult,
        names: list[str],
        text: str,
        card: Any,
    ) -> dict[str, Any]:
        """The game-over message: scores with their breakdown, winners, the final card (the
        whole final board follows in a message of its own)."""
        outcome = result.outcome
        assert outcome is not None
        embed = discord.Embed(
            title=t.GAME_OVER_TITLE.format(game_id=info.id), colour=discord.Colour.gold()
        )
        emojis = [t.COLOUR_EMOJI.get(seat.colour, "") for seat in info.seats]
        lines = ui_for(info.kind).score_lines(outcome, names, emojis)
        embed.description = winner_line(outcome, names) + "\n\n" + "\n".join(lines)
        message: dict[str, Any] = {
            "content": _clip(text) if text else None,
            "embed": embed,
            "allowed_mentions": NO_MENTIONS,
        }
        if card is not None:
            message["files"] = [(card.filename, card.data)]
            embed.set_image(url=f"attachment://{card.filename}")
        return message


def _continues(earlier: tuple, now: tuple, shown: Any, last_message_id: int | None) -> bool:
    """Whether the prompt now carries on the one shown: the same kind of decision asked of
    fewer of the same seats (a simultaneous call some have answered), or the very same players
    asked again with no other message posted since (one ping per player per prompt)."""
    kinds, seats, pinged = now
    if kinds <= earlier[0] and seats < earlier[1]:
        return True
    return bool(pinged) and pinged == earlier[2] and last_message_id == shown.id


def _answered_line(message: Any) -> str:
    """The last "✅ ... chose ..." line of an answered prompt (kept when it is edited into the
    same player's next prompt)."""
    lines = (message.content or "").splitlines()
    return lines[-1] if lines and lines[-1].startswith("✅") else ""
