"""Playing and looking: the choice buttons and menus, /caylus play (with autocomplete), undo,
board, me, log."""

from __future__ import annotations

import asyncio
import io
import logging
import time
from typing import Any

import discord
from discord import app_commands

import i18n
from bot.discord.cogs.base import (
    DELIVERY_ERRORS,
    NO_MENTIONS,
    TableBase,
    _clip,
    _label_in,
    client_language,
    collapsed,
    in_language,
)
from bot.discord.cogs.group import caylus
from bot.discord.cogs.settings import orders_text
from bot.discord.views import (
    choice_view,
    orders_view,
    questions_view,
    turn_plan_view,
    undo_view,
    with_catch_up,
)
from bot.games import plans as pl
from bot.games.layout import MAX_ROWS, autocomplete_name
from bot.service import GameInfo
from bot.service.answers import action_label, legal_actions, public_label
from bot.service.show import QuestionsNow, TurnPlanNow
from bot.words import errors as err
from bot.words.lang import colour_name, m, t
from render.sentences import decision_phrase

log = logging.getLogger(__name__)


class PlayCommands(TableBase):
    """Moves and looks."""

    async def press(
        self, interaction: discord.Interaction, game_id: int, version: int, action: str
    ) -> None:
        """A choice button or menu was used."""
        started = time.perf_counter()
        self.remember(interaction.user)
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
                failed = await self.post(game_id, pressed.posts)
                if failed is not None:
                    note = t.MADE_NOT_POSTED.format(label=label, reason=failed)
                    await self.tell(interaction, note)
            await self._offer_premoves(interaction, game_id, pressed.turn_plan)
        self.timings.append(time.perf_counter() - started)

    async def _offer_premoves(
        self, interaction: discord.Interaction, game_id: int, now: TurnPlanNow | None
    ) -> None:
        """After a placement, privately: the turn plan editor ("Plan my turn"), showing the plan
        and where it stands, so the rest of the turn need not wait for the player. `now`: what
        the service read for it with the move (None: nothing to plan)."""
        if now is None:
            return
        editor = await self._turn_plan_editor_of(now)
        if editor is None:
            return
        try:
            await self.tell(interaction, editor[0], view=editor[1])
        except DELIVERY_ERRORS:
            log.info("could not offer the turn plan in game %s", game_id)

    # --- the turn plan (docs/pace.md, "Plan my turn") ----------------------------------------

    async def turn_plan_press(
        self, interaction: discord.Interaction, game_id: int, op: str, value: str | None
    ) -> None:
        """ "Plan my turn" (`o`: the private editor) and the editor's menus and buttons: `a` add
        a space ('12|take C'), `c` a condition ('else=pass', 'after=4', 'above=2', 'limit=1'),
        `g` suggest a plan, `b` remove the last space, `x` clear, `s` use it every turn (or
        stop)."""
        self.remember(interaction.user)
        async with self.guard(interaction, f"turnplan:{op}", game_id):
            if op == "o":
                await self.defer_private(interaction, read=False)  # read with the plan
            else:
                await self.defer_update(interaction, read=False)  # the private editor is edited
            async with self.locks[game_id]:
                planned = await self.service.change_turn_plan(
                    game_id,
                    interaction.channel_id if op == "o" else None,
                    interaction.user.id,
                    op,
                    value,
                    reader=client_language(interaction),
                )
                await self.post(game_id, planned.posts)  # a plan played at once
                now = planned.editor
                editor = None if now is None else await self._turn_plan_editor_of(now)
            content, view = editor or (t.TURN_PLAN_NONE_NOW, None)
            if op == "o":
                await self.tell(interaction, content, view=view)
            else:
                await interaction.edit_original_response(
                    content=_clip(content), view=view, allowed_mentions=NO_MENTIONS
                )

    async def _turn_plan_editor_of(self, now: TurnPlanNow) -> tuple[str, discord.ui.View] | None:
        """The private editor: the plan, where it stands, and its menus and buttons, from what
        the service read (`now`); None when the game has no turn plans."""
        info, state, seat, options, mine = now.game, now.state, now.seat, now.options, now.mine
        ui = self.ui(info.kind)
        if ui.plans is None:
            return None
        names = await self.names_for(info)
        progress = now.progress
        if progress is None:
            progress = ui.plans.turn_plan_progress(state, seat, pl.TurnPlan())
        title = ui.turn_plan_title(info.id, ui.plans.plan_turn(state))
        lines = [title, ui.turn_plan_how()]
        lines += ui.turn_plan_lines(state, seat, progress, options, names)
        if progress.plan.standing:
            lines.append(t.TURN_PLAN_STANDING_SEEDS)
        spaces = ui.turn_plan_choices(state, seat, options, names)
        view = turn_plan_view(
            info.id,
            spaces,
            ui.turn_plan_conditions(progress.plan),
            back=bool(progress.plan.entries),
            standing=mine.standing_plan is not None,
        )
        return "\n".join(lines), view

    async def _plans_lines(
        self, info: GameInfo, user_id: int, lines: list[str]
    ) -> discord.ui.View | None:
        """/caylus me: this game's standing orders and the player's plans (private), and the
        components to change the orders and cancel the plans (None where plans do not apply)."""
        try:
            mine = await self.service.plans_of(info.id, user_id)
        except err.ServiceError:
            return None
        names = self.ui(info.kind).order_names
        lines.append(t.ME_ORDERS.format(orders=orders_text(mine.orders, names)))
        texts = [plan.text for plan in mine.plans if not isinstance(plan, pl.TurnPlan)]
        ui = self.ui(info.kind)
        turn_plan = await self._turn_plan_line(info, user_id) if mine.plans else None
        if turn_plan is not None:
            lines.append(turn_plan)
        has_plans = bool(texts) or turn_plan is not None
        if texts or not has_plans:
            lines.append(t.ME_PLANS.format(plans="; ".join(texts)) if texts else t.ME_NO_PLANS)
        current = mine.orders.model_dump()
        can_plan = ui.has_turn_plans and bool(
            await self.service.turn_plan_options(info.id, user_id)
        )
        return orders_view(info.id, current, cancel=has_plans, names=names, plan=can_plan)

    async def orders_press(
        self, interaction: discord.Interaction, game_id: int, value: str | None
    ) -> None:
        """The /caylus me menu of standing orders ("inn=ask"), or "cancel all my plans"."""
        self.remember(interaction.user)
        async with self.guard(interaction, "orders", game_id):
            await self.defer_private(interaction)
            uid = interaction.user.id
            async with self.locks[game_id]:
                if value is None:
                    changed = await self.service.cancel_plans(game_id, uid)
                    note = t.PLANS_CANCELLED.format(game_id=game_id)
                else:
                    name, _, how = value.partition("=")
                    before = await self.service.game(game_id)
                    changed = await self.service.set_orders(game_id, uid, **{name: how})
                    info = await self.service.game(game_id)
                    shown = orders_text(changed.mine.orders, self.ui(info.kind).order_names)
                    note = t.ORDER_SET.format(orders=shown)
                    if changed.result is not None:  # it answered the channel's prompt: collapse it
                        with self.public(info):
                            what, words = t.ORDER_WHAT[name], t.ORDER_NAMES[name][how]
                            label = t.ORDER_LINE.format(what=what, how=words)
                        who = self.names.get(uid, interaction.user.display_name)
                        await self._mark_answered(
                            interaction.channel, game_id, before.version, who, label, info.language
                        )
                await self.tell(interaction, note)
                if changed.result is not None:  # the order answered the pending decision
                    await self.deliver(game_id, changed.result)

    async def premove_press(
        self, interaction: discord.Interaction, game_id: int, target: str | None
    ) -> None:
        """The private premove menu (a target) or its "cancel my queue" button (None)."""
        self.remember(interaction.user)
        async with self.guard(interaction, "premove", game_id):
            await self.defer_private(interaction)
            async with self.locks[game_id]:
                uid = interaction.user.id
                if target is None:
                    changed = await self.service.cancel_premoves(game_id, uid)
                else:
                    changed = await self.service.queue_premove(game_id, uid, target)
                info = await self.service.game(game_id)
                state = await self.service.state(game_id)
                ui = self.ui(info.kind)
                queued = [ui.premove_text(state, plan) for plan in changed.mine.premoves]
                note = (
                    t.PREMOVE_QUEUED.format(queue=", ".join(queued)) if queued else t.PREMOVE_NONE
                )
                await self.tell(interaction, note)
                if changed.result is not None:  # the queue answered the pending placement
                    await self.deliver(game_id, changed.result)

    async def choices_press(self, interaction: discord.Interaction, game_id: int) -> None:
        """ "My choices": the presser's questions ahead (and the decision now, if theirs), with
        their answers, privately (docs/pace.md)."""
        self.remember(interaction.user)
        async with self.guard(interaction, "choices", game_id):
            await self.defer_private(interaction, read=False)  # read with the choices
            now = await self.service.questions_now(
                game_id,
                interaction.user.id,
                channel_id=interaction.channel_id,
                check_channel=True,
                reader=client_language(interaction),
            )
            await self._questions_reply(interaction, now)

    async def _questions_reply(self, interaction: discord.Interaction, now: QuestionsNow) -> None:
        info, questions, game_id = now.game, now.questions, now.game.id
        names = await self.names_for(info)
        ui = self.ui(info.kind)
        shown = [q for q in questions if q.options][: MAX_ROWS - 1]
        lines = [t.CHOICES_TITLE.format(game_id=game_id)]
        turn_plan = None
        seat = info.seat_of(interaction.user.id)
        if now.progress is not None and now.state is not None and seat is not None:
            turn_plan = self.turn_plan_line_of(
                info, seat.seat, now.progress, now.state, now.options, names
            )
        if turn_plan is not None:  # the player's own plan, in their private reply
            lines.append(turn_plan)
        for q in questions:
            if q.fallback:
                lines.append(t.CHOICES_FALLBACK.format(reason=q.fallback))
        if not shown:
            lines.append(t.CHOICES_NONE)
            await self.tell(interaction, "\n".join(lines))
            return
        menus = []
        for q in shown:
            title, options = ui.question_choices(q, names)
            menus.append((q.key, title, options))
            lines.append(ui.question_line(q, names))
        if len(questions) > len(shown):
            lines.append(t.CHOICES_MORE)
        view = questions_view(game_id, info.version, menus)
        await self.tell(interaction, "\n".join(lines), view=view)

    async def answer_press(
        self, interaction: discord.Interaction, game_id: int, version: int, value: str
    ) -> None:
        """An answer picked in the private "My choices" reply: "key=option"."""
        self.remember(interaction.user)
        async with self.guard(interaction, "answer", game_id):
            await self.defer_private(interaction, read=False)  # read with the answer
            key, _, option = value.partition("=")
            async with self.locks[game_id]:
                answered = await self.service.answer_ahead(
                    game_id, interaction.user.id, key, option, reader=client_language(interaction)
                )
                await self.post(game_id, answered.posts)
            await self._questions_reply(interaction, answered.questions)

    @caylus.command(name="play", description=t.DESC["play"])
    @app_commands.describe(action=t.OPT_ACTION)
    async def play(self, interaction: discord.Interaction, action: str) -> None:
        started = time.perf_counter()
        self.remember(interaction.user)
        async with self.guard(interaction, f"play:{_clip(action, 40)}"):
            await self.defer_private(interaction, read=False)  # read with the move
            if interaction.guild_id is None:
                raise err.ServiceError(t.GUILD_ONLY)
            held: list[int] = []

            async def hold(game_id: int) -> None:
                """The game's lock, from before its move until its posts are out."""
                await self.locks[game_id].acquire()
                held.append(game_id)

            try:
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
                failed = await self.post(info.id, played.posts)
                if failed is not None:
                    note = t.MADE_NOT_POSTED.format(label=label, reason=failed)
                    await self.tell(interaction, note)
            finally:
                for game_id in held:
                    self.locks[game_id].release()
        self.timings.append(time.perf_counter() - started)

    @play.autocomplete("action")
    async def play_autocomplete(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        """The user's legal moves matching what they typed; only fast reads (by key) and the
        names known without asking Discord (an autocomplete cannot be deferred)."""

        async def find() -> list[app_commands.Choice[str]]:
            if interaction.guild_id is None:
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
        self.remember(interaction.user)
        async with self.guard(interaction, "undo"):
            await self.defer_private(interaction, read=False)  # read with the undo
            await self._undo(interaction, None, None)

    async def undo_press(self, interaction: discord.Interaction, game_id: int, seq: int) -> None:
        """ "Undo" under the confirmation of a move: that move, if it is still the last one."""
        self.remember(interaction.user)
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
        held: list[int] = []

        async def hold(locked: int) -> None:
            await self.locks[locked].acquire()
            held.append(locked)

        try:
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
            failed = await self.post(before.id, undone.posts)
            if failed is not None:
                await self.tell(interaction, t.MADE_NOT_POSTED.format(label=label, reason=failed))
        finally:
            for locked in held:
                self.locks[locked].release()

    @caylus.command(name="board", description=t.DESC["board"])
    async def board(self, interaction: discord.Interaction) -> None:
        """Where this channel's game stands, privately: whose decision and since when, the
        deadline, one line per seat, and the board picture (the lobby before the start)."""
        self.remember(interaction.user)
        async with self.guard(interaction, "board"):
            await self.defer_private(interaction)
            info = await self.channel_game(interaction)
            if info.status == "lobby":
                await self.tell(interaction, embed=await self.lobby_embed(info))
                return
            names = await self.names_for(info)
            state = await self.service.state(info.id)
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
            file = None
            drawn = await picture
            if drawn is not None:
                file = discord.File(io.BytesIO(drawn.data), filename=drawn.filename)
            await self.tell(interaction, "\n".join(lines), file=file)

    @caylus.command(name="me", description=t.DESC["me"])
    async def me(self, interaction: discord.Interaction) -> None:
        self.remember(interaction.user)
        async with self.guard(interaction, "me"):
            await self.defer_private(interaction)
            info = await self.running_game(interaction)
            await self._private_reply(interaction, info)

    async def hand_press(self, interaction: discord.Interaction, game_id: int) -> None:
        """ "My hand" on a prompt: the presser's own hand and its choices, privately."""
        self.remember(interaction.user)
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
            draw = in_language(i18n.current(), ui.hand_picture)  # the reader's language
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
        if interaction.user.id in (await self.service.ask_now(info.id)).ahead:
            lines.append(t.ME_AHEAD)
        plans_view = await self._plans_lines(info, interaction.user.id, lines)
        if plans_view is not None and components is None:
            components = plans_view
        components = with_catch_up(info.id, components)
        file = None
        picture = await hand_picture if hand_picture is not None else None
        if picture is not None:
            file = discord.File(io.BytesIO(picture.data), filename=picture.filename)
        await self.tell(interaction, "\n".join(lines), view=components, file=file)

    @caylus.command(name="log", description=t.DESC["log"])
    @app_commands.describe(page=t.OPT_PAGE)
    async def log_(
        self, interaction: discord.Interaction, page: app_commands.Range[int, 1, 1000] = 1
    ) -> None:
        self.remember(interaction.user)
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
