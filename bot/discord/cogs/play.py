"""Playing and looking: the choice buttons and menus, /caylus play (with autocomplete), undo,
board, me, log."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from typing import Any

import discord
from discord import app_commands

import i18n
from bot.discord.cogs.base import DELIVERY_ERRORS, NO_MENTIONS, _clip, in_language, picture_file
from bot.discord.cogs.group import caylus
from bot.discord.cogs.guard import client_language
from bot.discord.cogs.plans import PlanCommands
from bot.discord.cogs.prompts import _label_in, collapsed
from bot.discord.views import (
    choice_view,
    open_board_view,
    undo_view,
    with_catch_up,
)
from bot.games.layout import autocomplete_name
from bot.service import ActResult, GameInfo, PlayerView
from bot.service.answers import action_label, choice_label, legal_actions, public_label
from bot.service.show import Posts, Undone
from bot.words import errors as err
from bot.words.lang import colour_name, m, t
from render.sentences import decision_phrase

log = logging.getLogger(__name__)


class PlayCommands(PlanCommands):
    """Moves and looks."""

    async def press(
        self, interaction: discord.Interaction, game_id: int, version: int, action: str
    ) -> None:
        """A choice button or menu was used."""
        async with self.guard(interaction, f"press:{_clip(action, 40)}", game_id):
            await self.defer_update(interaction, read=False)  # read with the move
            async with self.locks[game_id]:
                pressed = await self.service.press(
                    game_id,
                    interaction.channel_id,
                    interaction.user.id,
                    action,
                    version,
                    reader=client_language(interaction),
                )
                before, result = pressed.before, pressed.result
                private = interaction.message is not None and interaction.message.flags.ephemeral
                # a private reply's buttons read in the presser's language; the channel, the game's
                shown = None
                if private:
                    seat = before.seat_of(interaction.user.id)
                    names = await self.names_for(before)
                    with self.public(before):
                        shown = public_label(
                            before.kind,
                            pressed.state,
                            seat.seat if seat is not None else None,
                            action,
                            names,
                        )
                label = _label_in(interaction.message, action) or action
                if result is None:  # an answer kept for later: nothing was played yet
                    await self.tell(interaction, t.ANSWER_KEPT.format(label=label))
                    return
                who = self.names.get(interaction.user.id, interaction.user.display_name)
                if private and not _same_call(before.pending, result.pending):
                    # pressed in the private "My hand" reply: the channel's prompt says so too
                    await self._mark_answered(
                        interaction.channel, game_id, version, who, shown or label, before.language
                    )
                if interaction.message is not None:
                    with i18n.using(None if private else before.language):
                        done = t.CHOSE.format(who=who, label=label)
                    # the answered prompt collapses to one line (a private reply keeps its text)
                    content = (
                        _clip(f"{interaction.message.content}\n{done}")
                        if private
                        else collapsed(interaction.message.content, done)
                    )
                    try:
                        edited = await interaction.edit_original_response(
                            content=content,
                            view=undo_view(game_id, result.undo_seq),
                            allowed_mentions=NO_MENTIONS,
                        )
                        if not private:
                            self.answered[game_id].append(edited)
                        if result.undo_seq is not None and not private:
                            await self.offer_undo(game_id, edited, result.undo_seq)
                    except DELIVERY_ERRORS:  # the move is made: the next prompt matters more
                        log.info("could not mark the pressed prompt of game %s", game_id)
                await self._post_move(interaction, game_id, pressed.posts, label)
            await self._offer_premoves(interaction, game_id, pressed.turn_plan)

    # --- the turn plan (docs/pace.md, "Plan my turn") ----------------------------------------

    @caylus.command(name="play", description=t.DESC["play"])
    @app_commands.describe(action=t.OPT_ACTION)
    async def play(self, interaction: discord.Interaction, action: str) -> None:
        async with self.guard(interaction, f"play:{_clip(action, 40)}"):
            await self.defer_private(interaction, read=False)  # read with the move
            if interaction.guild_id is None:
                raise err.ServiceError(t.GUILD_ONLY)
            async with self.holding() as hold:
                played = await self.service.play(
                    interaction.guild_id,
                    interaction.channel_id or 0,
                    interaction.user.id,
                    action,
                    issued_at=self.issued_at(interaction),
                    hold=hold,
                    reader=client_language(interaction),
                )
                info, before, result = played.before, played.view, played.result
                label = shown = action
                if before.state is not None and before.seat is not None:
                    names = await self.names_for(info)
                    seat = before.seat.seat
                    label = action_label(info.kind, before.state, seat, action, names)
                    with self.public(info):  # the channel's prompt says it in its language
                        shown = action_label(info.kind, before.state, seat, action, names)
                notation = result.moves[0].action if result.moves else action
                await self.tell(
                    interaction,
                    t.PLAYED.format(label=label, action=notation),
                    view=undo_view(info.id, result.undo_seq),
                )
                who = self.names.get(interaction.user.id, interaction.user.display_name)
                await self._mark_answered(
                    interaction.channel, info.id, before.game.version, who, shown, info.language
                )
                await self._post_move(interaction, info.id, played.posts, label)

    @play.autocomplete("action")
    async def play_autocomplete(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        """The user's legal moves matching what they typed; only fast reads (by key) and the
        names known without asking Discord (an autocomplete cannot be deferred)."""

        async def find() -> list[app_commands.Choice[str]]:
            if interaction.guild_id is None or interaction.channel_id is None:
                return []
            info = await self.service.game_in_channel(interaction.guild_id, interaction.channel_id)
            if info is None or info.status != "running":
                return []
            view = await self.service.view(info.id, interaction.user.id)
            if view.decision is None or view.seat is None:
                return []
            names = await self.names_for(info, fetch=False)
            seat = view.seat.seat
            needle = current.strip().lower()
            out = []
            for action in legal_actions(info.kind, view.state, seat):
                choice = self.ui(info.kind).describe(view.state, seat, action, names)
                name = autocomplete_name(choice)
                if needle and needle not in name.lower():
                    continue
                out.append(app_commands.Choice(name=name, value=choice.action))
                if len(out) == 25:
                    break
            return out

        return await self.suggest(interaction, "play:action", find)

    @caylus.command(name="undo", description=t.DESC["undo"])
    async def undo(self, interaction: discord.Interaction) -> None:
        async with self.guard(interaction, "undo"):
            await self.defer_private(interaction, read=False)  # read with the undo
            await self._undo(interaction, None, None)

    async def undo_press(self, interaction: discord.Interaction, game_id: int, seq: int) -> None:
        """ "Undo" under the confirmation of a move: that move, if it is still the last one."""
        async with self.guard(interaction, "undo", game_id):
            await self.defer_private(interaction, read=False)  # read with the undo
            try:
                await self._undo(interaction, game_id, seq)
            except (err.UndoTooLate, err.GameNotRunning):
                await self._drop_pressed_undo(interaction, game_id)  # stale: it goes too
                raise
            await self._drop_pressed_undo(interaction, game_id)  # it has done its work

    async def _drop_pressed_undo(self, interaction: discord.Interaction, game_id: int) -> None:
        if interaction.message is None:
            return
        self.undo_offers.pop(game_id, None)
        try:
            await interaction.message.edit(view=None)
        except DELIVERY_ERRORS:
            log.info("could not remove the Undo button of game %s", game_id)

    async def _undo(
        self, interaction: discord.Interaction, game_id: int | None, seq: int | None
    ) -> None:
        """Take back the move of game `game_id` (an Undo button) or of the channel's game
        (`/caylus undo`): one service call, then its prompt closed, the note, the posts."""
        async with self.holding() as hold:
            undone = await self.service.take_back(
                interaction.user.id,
                seq,
                game_id=game_id,
                guild_id=interaction.guild_id,
                channel_id=interaction.channel_id,
                hold=hold,
                reader=client_language(interaction),
            )
            before, result = undone.before, undone.result
            action = result.cause["action"]
            names = await self.names_for(before)
            seat = result.cause["seat"]
            label = action_label(before.kind, result.state, seat, action, names)
            await self._close_prompt(interaction.channel, before, t.PROMPT_UNDONE)
            await self.tell(interaction, t.UNDONE_NOTE.format(label=label, action=action))
            await self._post_move(interaction, before.id, undone.posts, label)

    async def _post_move(
        self, interaction: discord.Interaction, game_id: int, posts: Posts | None, label: str
    ) -> None:
        """What a move made the channel see; when Discord fails, the player is told the move
        is made all the same (the scheduler posts the rest)."""
        failed = await self.post(game_id, posts)
        if failed is not None:
            await self.tell(interaction, t.MADE_NOT_POSTED.format(label=label, reason=failed))

    @caylus.command(name="board", description=t.DESC["board"])
    @app_commands.describe(revoke_links=t.OPT_REVOKE_LINKS)
    async def board(self, interaction: discord.Interaction, revoke_links: bool = False) -> None:
        """Where this channel's game stands, privately: whose decision and since when, the
        deadline, one line per seat, and the board picture (the lobby before the start).
        `revoke_links` (the host): every web link of the game given so far stops working."""
        async with self.guard(interaction, "board"):
            await self.defer_private(interaction)
            info = await self.channel_game(interaction)
            if revoke_links:
                await self._revoke_links(interaction, info)
                return
            if info.status == "lobby":
                await self.tell(interaction, embed=await self.lobby_embed(info))
                return
            names = await self.names_for(info)
            state = await self.state_of(info)
            previous = None
            if info.status == "running":
                previous = await self.service.phase_start_state(info.id)
            # drawn in a worker thread while the words are put together
            picture = asyncio.create_task(self.render_board(info.kind, state, names, previous))
            lines = [f"**{t.STATUS_TITLE.format(game_id=info.id, status=m.STATUS[info.status])}**"]
            emojis = [t.COLOUR_EMOJI.get(seat.colour, "") for seat in info.seats]
            ui = self.ui(info.kind)
            looks = ui.status_lines(ui.public(state), names, emojis)
            lines.append(looks[0])
            if info.pending:
                pending = info.pending[0]
                since = ""
                if info.awaiting_since:
                    since = t.STATUS_SINCE.format(when=f"<t:{int(info.awaiting_since)}:R>")
                lines.append(
                    t.STATUS_WAITING.format(
                        who=names[pending.seat],
                        prompt=ui.headline(state, pending, names),
                        since=since,
                    )
                )
                lines += (await self.deadline_lines(info, names))[0]
            lines += looks[1:]
            link = await self.watch_link(info.id)
            if link is not None:
                lines.append(t.WATCH_IN_BROWSER.format(url=link))
            # the game's page inside Discord, when the Activity is set up
            opens = open_board_view(info.id) if self.activity_ready() else None
            await self.tell(
                interaction, "\n".join(lines), file=picture_file(await picture), view=opens
            )

    def activity_ready(self) -> bool:
        """Whether the bot's Discord Activity is set up (web pages at a public address and
        CAYLUS_CLIENT_SECRET): then /caylus board offers "Open the board"."""
        web = getattr(self.bot, "web", None)  # bot.app.CaylusBot's; the cogs import no web
        return web is not None and web.site.sign_in is not None and bool(self.settings.public_url)

    async def activity_press(self, interaction: discord.Interaction, game_id: int) -> None:
        """ "Open the board": Discord launches the Activity (the game's page inside Discord,
        which signs the presser in). If Discord refuses (the application's Activity is not
        enabled in the Developer Portal), the presser gets their page's link privately."""
        async with self.guard(interaction, "activity", game_id):
            try:
                await interaction.response.launch_activity()
                return
            except discord.HTTPException as error:
                log.warning("game %s: Discord did not launch the Activity (%s)", game_id, error)
            await self.defer_private(interaction)
            info = await self.service.game(game_id)
            if info.seat_of(interaction.user.id) is not None:
                link = await self.player_link(game_id, interaction.user.id)
            else:
                link = await self.watch_link(game_id)
            await self.tell(interaction, t.ACTIVITY_NOT_LAUNCHED.format(url=link or "-"))

    async def _revoke_links(self, interaction: discord.Interaction, info: GameInfo) -> None:
        """The host revokes the game's web links (docs/web.md): announced in the channel, and
        the host gets the new spectator link privately (players get theirs from /caylus me)."""
        await self.service.revoke_links(
            info.id, interaction.user.id, can_manage=self.can_manage(interaction)
        )
        note = [t.LINKS_REVOKED_NOTE.format(game_id=info.id)]
        link = await self.watch_link(info.id)
        if link is not None:
            note.append(t.WATCH_IN_BROWSER.format(url=link))
        with self.public(info):
            public = t.LINKS_REVOKED.format(game_id=info.id, who=interaction.user.display_name)
        await self.announce(interaction, "\n".join(note), public)

    @caylus.command(name="me", description=t.DESC["me"])
    async def me(self, interaction: discord.Interaction) -> None:
        async with self.guard(interaction, "me"):
            await self.defer_private(interaction)
            info = await self.running_game(interaction)
            await self._private_reply(interaction, info)

    async def played_on_the_web(
        self, game_id: int, before: PlayerView, action: str, result: ActResult
    ) -> None:
        """A move made on a player's web page (docs/web.md), already saved: its prompt in the
        channel collapses to "✅ who chose what" as after `/caylus play`, then the channel gets
        the move's posts as after a button press. `before`: the player's view it was made on."""
        info = before.game
        async with self.locks[game_id]:
            channel = self.bot.get_channel(info.channel_id)
            if channel is not None and before.seat is not None:
                names = await self.names_for(info)
                seat = before.seat.seat
                with self.public(info):  # the channel's prompt says it in its language
                    shown = choice_label(info.kind, before.state, seat, action, names)
                await self._mark_answered(
                    channel, game_id, info.version, names[seat], shown, info.language
                )
            await self.deliver(game_id, result)

    async def undone_on_the_web(self, undone: Undone) -> None:
        """A move taken back on a player's web page (docs/web.md), already saved: the channel
        sees what the Undo button's press shows it (the prompt of the decision taken back
        closed, the undo's posts), and an Undo button still offered there goes."""
        before = undone.before
        async with self.locks[before.id]:
            channel = self.bot.get_channel(before.channel_id)
            if channel is not None:
                await self._close_prompt(channel, before, t.PROMPT_UNDONE)
            await self.drop_undo_offer(before.id)
            await self.post(before.id, undone.posts)

    async def hand_press(self, interaction: discord.Interaction, game_id: int) -> None:
        """ "My hand" on a prompt: the presser's own hand and its choices, privately."""
        async with self.guard(interaction, "hand", game_id):
            await self.defer_private(interaction)
            await self._same_channel(interaction, game_id)
            info = await self.service.game(game_id)
            if info.status != "running":
                raise err.GameNotRunning(game_id=game_id, status=m.STATUS[info.status])
            await self._private_reply(interaction, info)

    async def _private_reply(self, interaction: discord.Interaction, info: GameInfo) -> None:
        """/caylus me and "My hand": the player's stock (and hand, in a game with hands, as a
        picture too) and, when they must decide, the choices; for their eyes only."""
        view = await self.service.view(info.id, interaction.user.id)
        if view.seat is None:
            await self.tell(interaction, t.ME_NO_SEAT.format(game_id=info.id))
            return
        names = await self.names_for(info)
        seat = view.seat
        ui = self.ui(info.kind)
        hand_picture = None
        if ui.has_hands and self.settings.render_boards:
            # drawn in a worker thread while the words and choices are put together
            # in the reader's language
            draw = self.metrics.timed_render("hand", in_language(i18n.current(), ui.hand_picture))
            hand_picture = asyncio.get_running_loop().run_in_executor(
                self.executor, draw, view.state, seat.seat, names
            )
        title = t.ME_TITLE.format(
            game_id=info.id,
            colour=colour_name(seat.colour),
            emoji=t.COLOUR_EMOJI.get(seat.colour, ""),
        )
        lines = [f"**{title}**", *ui.me_lines(ui.public(view.state), seat.seat)]
        lines += ui.hand_lines(view.state, seat.seat, names)
        components = None
        if view.decision is not None:
            asked = decision_phrase(info.kind, view.decision.kind, view.decision.prompt)
            lines.append(t.ME_DECISION.format(prompt=asked))
            if ui.has_hands:
                actions = legal_actions(info.kind, view.state, seat.seat)
                shown, private = ui.split_actions(view.state, seat.seat, actions)
                shape = ui.hand_layout(view.state, seat.seat, private, names)
                if private:
                    components = choice_view(info.id, info.version, shape)
                if shown:
                    lines.append(t.ME_PUBLIC_CHOICES)
            else:
                _, components = await self._prompt(
                    info, view.state, names=names, mention=False, for_user=interaction.user.id
                )
        elif info.pending:
            lines.append(t.ME_WAIT.format(who=names[info.pending[0].seat]))
        if interaction.user.id in (await self.service.ask_now(info.id, whole=False)).ahead:
            lines.append(t.ME_AHEAD)
        plans_view = await self._plans_lines(info, interaction.user.id, lines)
        if plans_view is not None and components is None:
            components = plans_view
        components = with_catch_up(info.id, components)
        link = await self.player_link(info.id, interaction.user.id)
        if link is not None:  # a link button, where a row has room (as "Catch me up")
            with contextlib.suppress(ValueError):
                components.add_item(discord.ui.Button(label=t.OPEN_IN_BROWSER, url=link))
        picture = await hand_picture if hand_picture is not None else None
        await self.tell(interaction, "\n".join(lines), view=components, file=picture_file(picture))

    @caylus.command(name="log", description=t.DESC["log"])
    @app_commands.describe(page=t.OPT_PAGE)
    async def log_(
        self, interaction: discord.Interaction, page: app_commands.Range[int, 1, 1000] = 1
    ) -> None:
        async with self.guard(interaction, "log"):
            await self.defer_private(interaction)
            info = await self.running_game(interaction)
            per_page = 20
            total = info.seq
            if total == 0:
                await self.tell(interaction, t.LOG_EMPTY.format(game_id=info.id))
                return
            after = max(0, total - per_page * page)
            limit = min(per_page, total - after) if page > 1 else per_page
            entries = (await self.service.log(info.id, after_seq=after, limit=limit)).entries
            names = await self.names_for(info)
            title = t.LOG_TITLE.format(
                game_id=info.id, first=entries[0].seq, last=entries[-1].seq, total=total
            )
            lines = [f"**{title}**"]
            lines += [
                t.LOG_LINE.format(seq=e.seq, who=names[e.seat], action=e.action) for e in entries
            ]
            await self.tell(interaction, "\n".join(lines))


def _same_call(before: Any, after: Any) -> bool:
    """Several seats were asked at once and some still must answer (the same prompt)."""
    seats_before = {p.seat for p in before}
    seats_after = {p.seat for p in after}
    kinds = {p.kind for p in before}
    return bool(seats_after) and seats_after < seats_before and {p.kind for p in after} <= kinds
