"""What the Discord layer must show after a move, read in one call (docs/discord.md, "How the
code is laid out"; docs/store.md, "What a move shows").

The move paths (`/caylus play`, a pressed choice or answer) make one call here: `play` or
`press` checks, plays and returns a frozen value with everything the channel must now see (the
outbox rows still to post with the events each tells, the prompt of the decision now pending and
who may answer ahead, the questions-ahead DMs to send or edit and their readers' settings),
so the cog only turns it into discord.py calls. After posting a row the cog reports it with
`posted` (the outbox's guarantee: a row is marked delivered only once its messages are out).

The chronicle (the events of the phases not yet told) lives here too: the cog never replays a
record. The engine's answers the Discord layer needs to word things (a label, the legal moves,
an outcome) are in bot/service/answers.py, so that no cog imports the engine.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass, field

import i18n
from bot.games import plans as pl
from bot.games import ui_for
from bot.games.layout import ANSWER_SEP, QUESTION_MARK
from bot.service.look import LookCalls
from bot.service.narration import Chronicle, rebuild
from bot.service.outbox import OutboxCalls
from bot.service.pace import AskNow, MyPlans, PlanResult
from bot.service.planning import PlanCalls
from bot.service.results import ActResult, GameInfo, PlayerView
from bot.service.settings import SettingsCalls
from bot.store import AheadDm, OutboxRow
from bot.words import errors as err
from bot.words.lang import t
from engine import get_game
from engine.protocol import Event, GameState

log = logging.getLogger(__name__)

__all__ = [
    "AnsweredAhead",
    "Played",
    "Post",
    "Posts",
    "Pressed",
    "PromptNow",
    "QuestionsNow",
    "Reader",
    "ShowCalls",
    "TurnPlanChanged",
    "TurnPlanNow",
    "Undone",
]


# --- what a move shows --------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Post:
    """One outbox row to post, with what its messages tell."""

    entry: OutboxRow
    result: ActResult
    told: Mapping[tuple[int, int], list[Event]]  # the events of each phase it ends
    so_far: list[Event] | None  # the phase so far, told before a favor's prompt (last row)
    # the state before its first move, when known without a replay: a move played by a plan
    # is named with it where its prompt collapses
    state_before: GameState | None


@dataclass(frozen=True, slots=True)
class PromptNow:
    """The decision pending once everything is posted: the game, its state, who may answer
    ahead (each player's questions private to them)."""

    game: GameInfo
    state: GameState
    ask: AskNow


@dataclass(frozen=True, slots=True)
class Reader:
    """A player who may get a questions-ahead DM: whether they asked for them, and the
    language of their private replies (None: the game's)."""

    ahead_dm: bool
    language: str | None


@dataclass(frozen=True, slots=True)
class Posts:
    """Everything a game's channel must still see, oldest first, and the prompt after it."""

    game: GameInfo  # as it is now
    posts: tuple[Post, ...]
    prompt: PromptNow | None  # None: the game waits for nobody (over, or not running)
    dms: tuple[AheadDm, ...] = ()  # the questions-ahead DMs kept for this game
    readers: Mapping[int, Reader] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class TurnPlanNow:
    """What the private turn plan editor shows a player: the plan in force and where it
    stands, what they could put in it, and whether a standing plan exists."""

    game: GameInfo
    state: GameState
    seat: int
    options: tuple[pl.PlanOption, ...]
    progress: pl.TurnPlanProgress | None
    mine: MyPlans


@dataclass(frozen=True, slots=True)
class Played:
    """`/caylus play`: the game before, the player's view before (to name the move), the
    result, and what the channel must now see."""

    before: GameInfo
    view: PlayerView
    result: ActResult
    posts: Posts | None


@dataclass(frozen=True, slots=True)
class Pressed:
    """A pressed choice (or answer): the game and state before (to name the move in the
    channel), the result (None: an answer kept for a later decision), what the channel must
    now see, and the turn plan editor offered after a placement (None: none)."""

    before: GameInfo
    state: GameState | None
    result: ActResult | None
    posts: Posts | None
    turn_plan: TurnPlanNow | None = None


@dataclass(frozen=True, slots=True)
class QuestionsNow:
    """A player's private "My choices": what they can answer now (theirs alone), and their
    turn plan in force with what it needs to be worded (None: they have none)."""

    game: GameInfo
    questions: tuple[pl.Question, ...]
    progress: pl.TurnPlanProgress | None = None
    state: GameState | None = None
    options: tuple[pl.PlanOption, ...] = ()


@dataclass(frozen=True, slots=True)
class AnsweredAhead:
    """An answer given in "My choices": what the channel must now see (None: nothing, the
    answer is kept for later) and the player's choices now."""

    posts: Posts | None
    questions: QuestionsNow


@dataclass(frozen=True, slots=True)
class Undone:
    """A move taken back: the game before (its prompt is closed), the result (its cause names
    the move), and what the channel must now see."""

    before: GameInfo
    result: ActResult
    posts: Posts | None


@dataclass(frozen=True, slots=True)
class TurnPlanChanged:
    """The turn plan editor used: what the channel must now see (a plan played at once;
    None: nothing) and what the editor shows now (None: nothing to plan now)."""

    posts: Posts | None
    editor: TurnPlanNow | None


def _with_condition(plan: pl.TurnPlan, value: str) -> pl.TurnPlan:
    """A turn plan with one condition of the editor's menu: 'else=pass' / 'else=ask',
    'after=N' (pass once N placed), 'above=K' (pass when a worker costs more than K), 'below=K'
    (pass when I have less than K deniers), 'limit=K'
    (the last space only if it costs at most K); 'none' removes that condition."""
    name, _, how = value.partition("=")
    number = int(how) if how.isdigit() else None
    if name == "else" and how in ("ask", "pass"):
        return plan.model_copy(update={"otherwise": how})
    if name == "after":
        return plan.model_copy(update={"pass_after": number})
    if name == "above":
        return plan.model_copy(update={"pass_above": number})
    if name == "below":
        return plan.model_copy(update={"pass_below": number})
    if name == "limit" and plan.entries:
        last = plan.entries[-1].model_copy(update={"max_cost": number})
        return plan.model_copy(update={"entries": (*plan.entries[:-1], last)})
    return plan


class ShowCalls(PlanCalls, LookCalls, OutboxCalls, SettingsCalls):
    """One call per move: play, then read what the channel must see."""

    async def play(
        self,
        guild_id: int,
        channel_id: int,
        user_id: int,
        action: str,
        *,
        issued_at: float | None = None,
        hold: Callable[[int], Awaitable[None]] | None = None,
        reader: str | None = None,
    ) -> Played:
        """`/caylus play action` typed in a channel: its running game, the move, and what the
        channel must now see. Errors name the game (`game_id`) for the answer. `hold(game_id)`:
        awaited once the game is known, before the move (the caller's own per-game lock, held
        until it has posted what it was given). `reader`: see `read_in`."""
        await self.read_in(user_id, reader)
        info = await self._started_in(guild_id, channel_id)
        if hold is not None:
            await hold(info.id)
        view = await self.view(info.id, user_id)
        try:
            result = await self.act(info.id, user_id, action, None, issued_at=issued_at)
        except err.ServiceError as error:
            if error.game_id is None:
                error.game_id = info.id
            raise
        return Played(info, view, result, await self._posts_after_move(info.id, result))

    async def _posts_after_move(self, game_id: int, result: ActResult) -> Posts | None:
        """What the channel must see after a move that is already saved. A failure reading it
        (the store, a damaged row) must not make the move look refused: the player is told it
        was played, and the scheduler posts the undelivered rows later (None here)."""
        try:
            return await self.posts(game_id, result)
        except Exception:
            log.exception(
                "game %s: the move is saved; its posts are left to the scheduler", game_id
            )
            return None

    async def _started_in(self, guild_id: int, channel_id: int) -> GameInfo:
        """The channel's game, started (running, or ended just now by the caller's move)."""
        info = await self.game_in_channel(guild_id, channel_id)
        if info is None:
            raise err.ServiceError(t.NO_GAME)
        if info.status == "lobby":
            raise err.ServiceError(t.NOT_STARTED.format(game_id=info.id, count=len(info.seats)))
        return info

    async def take_back(
        self,
        user_id: int,
        seq: int | None = None,
        *,
        game_id: int | None = None,
        guild_id: int | None = None,
        channel_id: int | None = None,
        hold: Callable[[int], Awaitable[None]] | None = None,
        reader: str | None = None,
    ) -> Undone:
        """Undo the player's last move (`seq`: the move an Undo button stands for) in game
        `game_id` (pressed in its own channel only), or else in the game of the channel where
        `/caylus undo` was typed (a game that has ended there is said so). `hold` and `reader`:
        as for `play`."""
        await self.read_in(user_id, reader)
        if game_id is not None:
            info = await self.same_channel(game_id, channel_id)
        else:
            if guild_id is None:
                raise err.ServiceError(t.GUILD_ONLY)
            ended = await self.ended_game_in_channel(guild_id, channel_id or 0)
            if ended is not None:
                raise err.ServiceError(t.UNDO_GAME_ENDED.format(game_id=ended))
            info = await self._started_in(guild_id, channel_id or 0)
        if hold is not None:
            await hold(info.id)
        before = await self.game(info.id)
        result = await self.undo(info.id, user_id, seq)
        return Undone(before, result, await self._posts_after_move(info.id, result))

    async def questions_now(
        self,
        game_id: int,
        user_id: int,
        *,
        channel_id: int | None = None,
        check_channel: bool = False,
        reader: str | None = None,
    ) -> QuestionsNow:
        """ "My choices": the player's questions and turn plan (`check_channel`: asked from a
        prompt, so only in the game's own channel). `reader`: see `read_in`."""
        await self.read_in(user_id, reader)
        if check_channel:
            info = await self.same_channel(game_id, channel_id)
        else:
            info = await self.game(game_id)
        questions = await self.questions_for(game_id, user_id)
        progress = await self.turn_plan_progress(game_id, user_id)
        if progress is None:
            return QuestionsNow(info, questions)
        state = await self.state(game_id)
        options = await self.turn_plan_options(game_id, user_id)
        return QuestionsNow(info, questions, progress, state, options)

    async def answer_ahead(
        self, game_id: int, user_id: int, key: str, option: str, *, reader: str | None = None
    ) -> AnsweredAhead:
        """An answer picked in "My choices" ("key=option"): kept for its decision, or played
        now if that decision is pending; then the player's choices as they are now."""
        await self.read_in(user_id, reader)
        answered = await self.answer(game_id, user_id, key, option)
        posts = None
        if answered.result is not None:
            posts = await self._posts_after_move(game_id, answered.result)
        return AnsweredAhead(posts, await self.questions_now(game_id, user_id))

    async def press(
        self,
        game_id: int,
        channel_id: int | None,
        user_id: int,
        action: str,
        version: int,
        *,
        reader: str | None = None,
    ) -> Pressed:
        """A choice pressed on a prompt (or in a private reply): an engine action, a placement
        carrying an answer ahead ("place 11|take FF"), or an answer to a question
        ("!key=option"). Only in the game's own channel (a copied message is refused).
        `reader`: see `read_in`."""
        await self.read_in(user_id, reader)
        before = await self.same_channel(game_id, channel_id)
        state = await self.state(game_id)
        if action.startswith(QUESTION_MARK):
            key, _, option = action[len(QUESTION_MARK) :].partition("=")
            answered = await self.answer(game_id, user_id, key, option, expected_version=version)
            result = answered.result
        else:
            result = await self.act_with_answer(game_id, user_id, action, version)
        if result is None:
            return Pressed(before, state, None, None)
        posts = await self._posts_after_move(game_id, result)
        turn_plan = None
        if result.moves and result.moves[0].action.split()[0] == "place":
            try:
                turn_plan = await self.turn_plan_now(game_id, user_id)
            except Exception:  # the move is saved: the editor offer is only a convenience
                log.warning("could not read the turn plan editor of game %s", game_id)
                turn_plan = None
        return Pressed(before, state, result, posts, turn_plan)

    async def read_in(self, user_id: int, client: str | None) -> None:
        """`client` given (the player's Discord client's language): the rest of this task, the
        service's errors and the caller's private answers included, reads in the language the
        player chose in their settings, else in `client`. A store hiccup here costs nothing
        but the choice (the client's language then)."""
        if client is None:
            return
        try:
            chosen = await self.user_language(user_id)
        except Exception:
            log.warning("could not read the language of user %s", user_id)
            chosen = None
        i18n.set_current(chosen or client)

    async def same_channel(self, game_id: int, channel_id: int | None) -> GameInfo:
        """The game, when asked from its own channel (a button copied or forwarded elsewhere
        acts nowhere)."""
        info = await self.game(game_id)
        if channel_id != info.channel_id:
            raise err.ServiceError(
                t.WRONG_CHANNEL.format(game_id=game_id, channel=f"<#{info.channel_id}>")
            )
        return info

    async def turn_plan_now(self, game_id: int, user_id: int) -> TurnPlanNow | None:
        """What the private turn plan editor shows; None when there is nothing to plan now (not
        a turn's placements, or the game has no turn plans). A spectator: NotSeated."""
        info = await self.game(game_id)
        seat = info.seat_of(user_id)
        if seat is None:
            raise err.NotSeated(game_id=game_id, user_id=user_id)
        ui = ui_for(info.kind)
        if not ui.has_turn_plans or ui.plans is None:
            return None
        options = await self.turn_plan_options(game_id, user_id)
        if not options:
            return None  # not placing now (or already passed)
        state = await self.started_state(game_id)
        progress = await self.turn_plan_progress(game_id, user_id)
        mine = await self.plans_of(game_id, user_id)
        return TurnPlanNow(info, state, seat.seat, options, progress, mine)

    async def change_turn_plan(
        self,
        game_id: int,
        channel_id: int | None,
        user_id: int,
        op: str,
        value: str | None,
        *,
        reader: str | None = None,
    ) -> TurnPlanChanged:
        """ "Plan my turn" (`o`: open the private editor, from the game's channel only) and
        the editor's menus and buttons: `a` add a space ('12|take C'), `c` a condition
        ('else=pass', 'after=4', 'above=2', 'limit=1'), `g` suggest a plan, `b` remove the
        last space, `x` clear, `s` use it every turn (or stop). `reader`: see `read_in`."""
        await self.read_in(user_id, reader)
        posts = None
        if op == "o":
            await self.same_channel(game_id, channel_id)
        else:
            changed = await self._edit_turn_plan(game_id, user_id, op, value)
            if changed is not None and changed.result is not None:
                posts = await self._posts_after_move(game_id, changed.result)  # played at once
        return TurnPlanChanged(posts, await self.turn_plan_now(game_id, user_id))

    async def _edit_turn_plan(
        self, game_id: int, user_id: int, op: str, value: str | None
    ) -> PlanResult | None:
        """One edit of the player's turn plan (the plan in force is the starting point: this
        turn's, else the standing plan)."""
        progress = await self.turn_plan_progress(game_id, user_id)
        mine = await self.plans_of(game_id, user_id)
        base = progress.plan if progress is not None else pl.TurnPlan()
        plan = base.model_copy(update={"standing": False, "turn": 0})
        entries = list(plan.entries)
        if op == "s":
            if mine.standing_plan is not None:
                return await self.cancel_turn_plan(game_id, user_id, standing=True)
            standing = plan.model_copy(update={"standing": True})
            return await self.set_turn_plan(game_id, user_id, standing)
        if op == "g":
            suggested = await self.suggest_turn_plan(game_id, user_id)
            plan = plan.model_copy(update={"entries": suggested.entries})
            plan = plan.model_copy(update={"pass_after": suggested.pass_after})
            return await self.set_turn_plan(game_id, user_id, plan)
        if op == "x":
            if mine.standing_plan is None:
                if mine.turn_plan is None:
                    return None
                return await self.cancel_turn_plan(game_id, user_id)
            plan = pl.TurnPlan()  # nothing this turn, though a standing plan exists
        elif op == "b":
            plan = plan.model_copy(update={"entries": tuple(entries[:-1])})
        elif op == "a" and value:
            target, _, answer = value.partition(ANSWER_SEP)
            entries = [e for e in entries if e.target != target]
            entries.append(pl.PlanEntry(target=target, answer=answer or None))
            plan = plan.model_copy(update={"entries": tuple(entries)})
        elif op == "c" and value:
            plan = _with_condition(plan, value)
        return await self.set_turn_plan(game_id, user_id, plan)

    async def posts(self, game_id: int, fresh: ActResult | None = None) -> Posts | None:
        """The game's outbox rows not yet posted (claimed for this process: `undelivered`),
        each with what it tells, the prompt to post after them and the questions-ahead DMs;
        None when there is nothing to post. `fresh`: the result just committed (saves
        rebuilding it)."""
        entries = await self.undelivered(game_id)
        if not entries:
            return None
        info = fresh.game if fresh is not None else await self.game(game_id)
        posts = []
        for k, entry in enumerate(entries):
            if fresh is not None and fresh.outbox_id == entry.id:
                result = fresh
            else:
                result = await self.post_result(entry)
            posts.append(await self._told(entry, result, last=k == len(entries) - 1))
        now = await self.game(game_id)
        prompt = None
        if now.status == "running" and now.pending:
            state = await self.started_state(game_id)
            prompt = PromptNow(now, state, await self.ask_now(game_id, whole=False))
        dms: tuple[AheadDm, ...] = ()
        readers: dict[int, Reader] = {}
        ahead = prompt is not None and prompt.ask.stage is not None
        if ahead or now.status == "finished":
            dms = tuple(await self.ahead_dms(game_id))
            users: list[int | AheadDm] = [
                *(prompt.ask.ahead if prompt is not None and ahead else ()),
                *dms,
            ]
            for user in dict.fromkeys(u.user_id if isinstance(u, AheadDm) else u for u in users):
                settings = await self.user_settings(user)
                readers[user] = Reader(settings.ahead_dm, settings.language)
        return Posts(info, tuple(posts), prompt, dms, readers)

    async def posted(self, outbox_id: int, *, game_id: int, last: bool) -> bool:
        """An outbox row's messages are out: it is delivered. After the `last` row the game's
        clock runs again if posting had stopped it; True when it did."""
        await self.post_delivered(outbox_id)
        return last and await self.restart_clock(game_id)

    # --- the chronicle: the events of the phases not yet told ---------------------------------

    @property
    def chronicles(self) -> dict[int, Chronicle]:
        """Game -> the events of its phases not yet told (this process's memory)."""
        return self._chronicles

    def forget_chronicle(self, game_id: int) -> None:
        """A move taken back or the game ended: its chronicle is rebuilt when next needed."""
        self._chronicles.pop(game_id, None)

    async def _told(self, entry: OutboxRow, result: ActResult, *, last: bool) -> Post:
        """What one outbox row's messages tell: the events of each phase it ends, and (the
        last row, before a favor's prompt) the events of the phase so far."""
        info = result.game
        kept = self._chronicles.get(info.id)
        first = result.moves[0].seq if result.moves else info.seq + 1
        state_before = kept.state if kept is not None and kept.seq == first - 1 else None
        chronicle = await self._chronicle(info, result)
        phases = [(end.turn, end.phase) for end in result.phase_ends]
        told = chronicle.take(phases)
        so_far = None
        over = result.outcome is not None
        if last and not over and ui_for(info.kind).tells_before_prompt(result.state):
            so_far = chronicle.so_far(result.state.turn, result.state.phase)
        if over:
            self.forget_chronicle(info.id)
        return Post(
            entry=entry,
            result=result,
            told=told,
            so_far=so_far,
            state_before=state_before,
        )

    async def _chronicle(self, info: GameInfo, result: ActResult) -> Chronicle:
        game = get_game(info.kind)
        chronicle = self._chronicles.get(info.id)
        first = result.moves[0].seq if result.moves else info.seq + 1
        if chronicle is not None and chronicle.seq == first - 1:
            chronicle.follow(game, result.moves)
            return chronicle
        record = await self.record(info.id)
        upto = result.moves[-1].seq if result.moves else len(record.actions)
        chronicle = await asyncio.to_thread(
            rebuild,
            game,
            record.options,
            record.setup,
            list(record.actions[:upto]),
            list(record.seats or [])[:upto],
        )
        self._chronicles[info.id] = chronicle
        return chronicle
