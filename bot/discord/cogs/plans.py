"""A player's plans, privately: the turn plan editor ("Plan my turn"), the standing orders and
plans of /caylus me, premoves, and "My choices" (the questions they may answer ahead) with its
answers (docs/pace.md)."""

from __future__ import annotations

import logging

import discord

from bot.discord.cogs.base import DELIVERY_ERRORS, NO_MENTIONS, _clip
from bot.discord.cogs.delivery import Delivery
from bot.discord.cogs.guard import client_language
from bot.discord.views import orders_view, questions_view, turn_plan_view
from bot.games import plans as pl
from bot.games.layout import MAX_ROWS
from bot.games.plan_lines import me_plan_lines, orders_text, turn_plan_line, worth_a_line
from bot.service import ActResult, GameInfo
from bot.service.show import Posts, QuestionsNow, TurnPlanNow
from bot.words import errors as err
from bot.words.lang import t

log = logging.getLogger(__name__)


class PlanCommands(Delivery):
    """Plans, orders, premoves and questions ahead."""

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

    async def turn_plan_press(
        self, interaction: discord.Interaction, game_id: int, op: str, value: str | None
    ) -> None:
        """ "Plan my turn" (`o`: the private editor) and the editor's menus and buttons: `a` add
        a space ('12|take C'), `c` a condition ('else=pass', 'after=4', 'above=2', 'limit=1'),
        `g` suggest a plan, `b` remove the last space, `x` clear, `s` use it every turn (or
        stop)."""
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
        ui = self.ui(info.kind)
        names = ui.order_names
        turn_plan = await self._turn_plan_line(info, user_id) if mine.plans else None
        plan_lines, has_plans = me_plan_lines(info.kind, mine.orders, mine.plans, turn_plan)
        lines += plan_lines
        current = mine.orders.model_dump()
        can_plan = ui.has_turn_plans and bool(
            await self.service.turn_plan_options(info.id, user_id)
        )
        return orders_view(info.id, current, cancel=has_plans, names=names, plan=can_plan)

    async def orders_press(
        self, interaction: discord.Interaction, game_id: int, value: str | None
    ) -> None:
        """The /caylus me menu of standing orders ("inn=ask"), or "cancel all my plans"."""
        async with self.guard(interaction, "orders", game_id):
            await self.defer_private(interaction)
            uid = interaction.user.id
            async with self.locks[game_id]:
                if value is None:
                    changed = await self.service.cancel_plans(game_id, uid)
                    note = t.PLANS_CANCELLED.format(game_id=game_id)
                else:
                    name, _, how = value.partition("=")
                    info = await self.service.game(game_id)  # its kind and language stay
                    changed = await self.service.set_orders(game_id, uid, **{name: how})
                    shown = orders_text(changed.mine.orders, self.ui(info.kind).order_names)
                    note = t.ORDER_SET.format(orders=shown)
                    if changed.result is not None:  # it answered the channel's prompt: collapse it
                        with self.public(info):
                            what, words = t.ORDER_WHAT[name], t.ORDER_NAMES[name][how]
                            label = t.ORDER_LINE.format(what=what, how=words)
                        who = self.names.get(uid, interaction.user.display_name)
                        await self._mark_answered(
                            interaction.channel, game_id, info.version, who, label, info.language
                        )
                await self.tell(interaction, note)
                if changed.result is not None:  # the order answered the pending decision
                    await self.deliver(game_id, changed.result)

    async def premove_press(
        self, interaction: discord.Interaction, game_id: int, target: str | None
    ) -> None:
        """The private premove menu (a target) or its "cancel my queue" button (None)."""
        async with self.guard(interaction, "premove", game_id):
            await self.defer_private(interaction)
            async with self.locks[game_id]:
                uid = interaction.user.id
                if target is None:
                    changed = await self.service.cancel_premoves(game_id, uid)
                else:
                    changed = await self.service.queue_premove(game_id, uid, target)
                info = await self.service.game(game_id)
                state = await self.state_of(info)
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
            turn_plan = turn_plan_line(
                info.kind, seat.seat, now.progress, now.state, now.options, names
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
        async with self.guard(interaction, "answer", game_id):
            await self.defer_private(interaction, read=False)  # read with the answer
            key, _, option = value.partition("=")
            async with self.locks[game_id]:
                answered = await self.service.answer_ahead(
                    game_id, interaction.user.id, key, option, reader=client_language(interaction)
                )
                await self.post(game_id, answered.posts)
            await self._questions_reply(interaction, answered.questions)

    async def answered_on_the_web(self, game_id: int, posts: Posts | None) -> None:
        """A question answered on a player's web page (docs/web.md) that played the decision
        pending: the channel gets its posts, as after an answer picked in "My choices"."""
        async with self.locks[game_id]:
            await self.post(game_id, posts)

    async def played_by_plans_on_the_web(self, game_id: int, result: ActResult) -> None:
        """Plans cancelled on a player's web page let a standing order answer the decision
        pending: delivered as after "Cancel all my plans" on /caylus me."""
        async with self.locks[game_id]:
            await self.deliver(game_id, result)

    async def _turn_plan_line(self, info: GameInfo, user_id: int) -> str | None:
        """/caylus me: "Turn plan: Castle → deliver all I can; Sawmill (8) — Next: Sawmill
        (8)." (None: no turn plan in force)."""
        progress = await self.service.turn_plan_progress(info.id, user_id)
        seat = info.seat_of(user_id)
        if progress is None or seat is None or not self._worth_a_line(info, progress):
            return None  # before reading what the line would need
        state = await self.state_of(info)
        options = await self.service.turn_plan_options(info.id, user_id)
        names = await self.names_for(info)
        return turn_plan_line(info.kind, seat.seat, progress, state, options, names)

    def _worth_a_line(self, info: GameInfo, progress: pl.TurnPlanProgress) -> bool:
        return worth_a_line(info.kind, progress)
