"""A player's plans on their own page (docs/web.md, "My choices, plans and undo"): the questions
they may answer ahead ("My choices" in Discord, the same words), their turn plan, queued plans and
standing orders as `/caylus me` says them with "Cancel all my plans", and "Undo" after their own
move while the service's undo rules allow it.

Each click goes through the same game service call as the Discord control it stands for
(`answer_ahead`, `cancel_plans`, `take_back`), with the page's CSRF token and the per-player
rate limit; the channel is then told what the Discord control would have made it see
(`ChannelTeller`, the bot's cog). All of it is read for the page's own player only: a spectator's
page and another player's never carry it."""

from __future__ import annotations

import asyncio
import hmac
import logging
from collections.abc import Awaitable, Callable
from dataclasses import asdict, dataclass
from typing import Any, Protocol

from aiohttp import web

import i18n
from bot.games import ui_for
from bot.games.plan_lines import me_plan_lines, turn_plan_line
from bot.service import ActResult, GameInfo, GameService
from bot.service.answers import action_label
from bot.service.pace import PlanResult
from bot.service.show import AnsweredAhead, Posts, QuestionsNow, Undone
from bot.web.lang import seat_names, wt
from bot.web.page import markdown_html
from bot.web.tokens import LinkSigner
from bot.words import errors as err
from bot.words.lang import t

log = logging.getLogger(__name__)

MAX_TEXT = 200  # a question's key or an option: notation, never longer
KEPT_UNDO_SEQS = 256  # (game, version, player) -> the move Undo would take back


@dataclass(frozen=True, slots=True)
class WebAnswer:
    """One option of a question ahead: its notation (sent back), its words, and whether it is
    the player's answer now."""

    option: str
    label: str
    chosen: bool


@dataclass(frozen=True, slots=True)
class WebQuestion:
    """A question the player may answer ahead: its key, its title (the Discord menu's), its
    line with the answer given so far (escaped HTML) and its options."""

    key: str
    title: str
    line_html: str
    options: tuple[WebAnswer, ...]


@dataclass(frozen=True, slots=True)
class WebUndo:
    """The Undo offer: the move `take_back` would take back (its seq), and the words."""

    seq: int
    label: str
    hint: str


@dataclass(frozen=True, slots=True)
class PlansPart:
    """The player's own part of their page beside their choices, in the game's language."""

    choices_title: str
    notes_html: tuple[str, ...]  # a plan that could not be played, or "nothing ahead"
    questions: tuple[WebQuestion, ...]
    plans_title: str
    plans_html: tuple[str, ...]  # the lines /caylus me shows: orders, turn plan, plans
    cancel: str  # the label of "Cancel all my plans" ("": nothing to cancel)
    undo: WebUndo | None

    def as_json(self) -> dict[str, Any]:
        return asdict(self)


class ChannelTeller(Protocol):
    """What the bot's Discord layer does after a click on a page, as after its own control."""

    async def answered_on_the_web(self, game_id: int, posts: Posts | None) -> None: ...

    async def undone_on_the_web(self, undone: Undone) -> None: ...

    async def played_by_plans_on_the_web(self, game_id: int, result: ActResult) -> None: ...


class Limit(Protocol):
    """A rate limit per user (bot/web/server.py's RateLimit)."""

    def allow(self, user_id: int) -> bool: ...


class Refused(Exception):
    """A request refused with a sentence (in the game's language) and its HTTP status."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.message = message

    def response(self) -> web.Response:
        return web.json_response(
            {"error": self.message, "error_html": markdown_html(self.message)},
            status=self.status,
        )


@dataclass(frozen=True, slots=True)
class Posted:
    """A player's checked request: whose, in which game, and its JSON body."""

    game_id: int
    user_id: int
    info: GameInfo
    body: dict[str, Any]


class PlanRoutes:
    """The routes of a player's plans and undo, and their part of page.json."""

    def __init__(
        self,
        service: GameService,
        signer: LinkSigner,
        limits: Limit,
        reader: Callable[[web.Request], Awaitable[tuple[int, int | None]]],
    ) -> None:
        """`limits`: the player's requests per minute (shared with their moves); `reader`: the
        game and player a request's link opens (the site's own check of its links)."""
        self.service = service
        self.signer = signer
        self.limits = limits
        self.reader = reader
        # the bot's cog, told of each change made on a page (None: no Discord, as in the demo)
        self.teller: Callable[[], ChannelTeller | None] = lambda: None
        self._tasks: set[asyncio.Future[Any]] = set()
        self._undo_seqs: dict[tuple[int, int, int], int | None] = {}

    def routes(self) -> list[web.RouteDef]:
        return [
            web.post(r"/{kind:[pa]}/{token}/answer", self.answer),
            web.post(r"/{kind:[pa]}/{token}/cancel-plans", self.cancel),
            web.post(r"/{kind:[pa]}/{token}/undo", self.undo),
        ]

    # --- the page's part ------------------------------------------------------------------

    async def part(self, game_id: int, user_id: int) -> PlansPart | None:
        """The player's questions ahead, plans and Undo offer now (None: not seated, or the
        game not running). Read afresh each time: a plan changes without the game's version."""
        info = await self.service.game(game_id)
        seat = info.seat_of(user_id)
        if seat is None or info.status != "running":
            return None
        undo_seq = await self._undo_seq(game_id, info.version, user_id)
        with i18n.using(info.language):
            names = seat_names(info)
            undo = None
            if undo_seq is not None:
                undo = WebUndo(undo_seq, t.BUTTON_UNDO, wt.UNDO_HINT)
            try:
                now = await self.service.questions_now(game_id, user_id)
            except err.ServiceError:  # a game without plans
                now = None
            notes, questions = self._questions(info, now, names)
            plans, cancel = await self._plans(info, user_id, seat.seat, now, names)
            return PlansPart(
                t.BUTTON_MY_CHOICES, notes, questions, wt.MY_PLANS, plans, cancel, undo
            )

    async def _undo_seq(self, game_id: int, version: int, user_id: int) -> int | None:
        """`undo_seq_of`, kept per version of the game (it changes only with a move, and
        reading it replays the game when the last move is the player's)."""
        key = (game_id, version, user_id)
        if key not in self._undo_seqs:
            found = await self.service.undo_seq_of(game_id, user_id)
            # a move made meanwhile: the answer may be the later version's, not kept as this one's
            if (await self.service.game(game_id)).version != version:
                return found
            self._undo_seqs[key] = found
            while len(self._undo_seqs) > KEPT_UNDO_SEQS:
                del self._undo_seqs[next(iter(self._undo_seqs))]
        return self._undo_seqs[key]

    def _questions(
        self, info: GameInfo, now: QuestionsNow | None, names: list[str]
    ) -> tuple[tuple[str, ...], tuple[WebQuestion, ...]]:
        """ "My choices": the questions ahead with their options, as the Discord reply words
        them; the decision now is the page's own choices (with the version check)."""
        if now is None:
            return (), ()
        ui = ui_for(info.kind)
        notes = [
            markdown_html(t.CHOICES_FALLBACK.format(reason=q.fallback))
            for q in now.questions
            if q.fallback
        ]
        questions = []
        for q in now.questions:
            if q.now or not q.options:
                continue
            title, options = ui.question_choices(q, names)
            answers = tuple(WebAnswer(c.action, c.label, c.action == q.planned) for c in options)
            line = markdown_html(ui.question_line(q, names))
            questions.append(WebQuestion(q.key, title, line, answers))
        if not questions:
            notes.append(markdown_html(t.CHOICES_NONE))
        return tuple(notes), tuple(questions)

    async def _plans(
        self, info: GameInfo, user_id: int, seat: int, now: QuestionsNow | None, names: list[str]
    ) -> tuple[tuple[str, ...], str]:
        """The lines `/caylus me` shows of the player's plans and orders, and the label of
        "Cancel all my plans" when there is something to cancel."""
        try:
            mine = await self.service.plans_of(info.id, user_id)
        except err.ServiceError:  # a game without plans
            return (), ""
        turn_plan = None
        if mine.plans and now is not None and now.progress is not None and now.state is not None:
            turn_plan = turn_plan_line(info.kind, seat, now.progress, now.state, now.options, names)
        lines, has_plans = me_plan_lines(info.kind, mine.orders, mine.plans, turn_plan)
        cancel = t.BUTTON_CANCEL_PLANS if has_plans else ""
        return tuple(markdown_html(line) for line in lines), cancel

    # --- the clicks -------------------------------------------------------------------------

    async def posted(self, request: web.Request) -> Posted:
        """A POST from a player's page, checked: their link, the page's CSRF token, the rate
        limit (shared with their moves), a JSON object body."""
        game_id, user_id = await self.reader(request)
        info = await self.service.game(game_id)
        with i18n.using(info.language):
            if user_id is None:  # an Activity page (`/a/`) of a spectator's token
                raise Refused(403, wt.NOT_A_MOVE)
            token = request.match_info["token"]
            sent = request.headers.get("X-CSRF-Token", "")
            if not hmac.compare_digest(sent.encode(), self.signer.csrf_token(token).encode()):
                raise Refused(403, wt.NOT_A_MOVE)
            if not self.limits.allow(user_id):
                raise Refused(429, wt.TOO_FAST)
            try:
                body = await request.json()
            except ValueError:
                raise Refused(400, wt.NOT_A_MOVE) from None
            if not isinstance(body, dict):
                raise Refused(400, wt.NOT_A_MOVE)
        return Posted(game_id, user_id, info, body)

    async def _to_the_end(self, work: Awaitable[Any]) -> Any:
        """Run `work` to its end even if the reader leaves meanwhile (a closed connection
        cancels its handler): a saved change is always told to the channel."""
        task = asyncio.ensure_future(work)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
        return await asyncio.shield(task)

    async def answer(self, request: web.Request) -> web.Response:
        """`{"key": question, "option": answer}`: a question ahead answered, as picked in
        Discord's "My choices" (`answer_ahead`); the page then shows it as the chosen one."""
        try:
            posted = await self.posted(request)
            with i18n.using(posted.info.language):
                key, option = _text(posted.body, "key"), _text(posted.body, "option")
                try:
                    answered = await self._to_the_end(
                        self._answer(posted.game_id, posted.user_id, key, option)
                    )
                except err.ServiceError as error:
                    raise Refused(400, str(error)) from None
        except Refused as refused:
            return refused.response()
        return web.json_response({"played": answered.posts is not None})

    async def _answer(self, game_id: int, user_id: int, key: str, option: str) -> AnsweredAhead:
        answered = await self.service.answer_ahead(game_id, user_id, key, option)
        teller = self.teller()
        if teller is not None and answered.posts is not None:  # it answered the decision now
            await self._tell(game_id, teller.answered_on_the_web(game_id, answered.posts))
        return answered

    async def cancel(self, request: web.Request) -> web.Response:
        """ "Cancel all my plans", as on `/caylus me` (`cancel_plans`): standing orders stay."""
        try:
            posted = await self.posted(request)
            with i18n.using(posted.info.language):
                try:
                    await self._to_the_end(self._cancel(posted.game_id, posted.user_id))
                except err.ServiceError as error:
                    raise Refused(400, str(error)) from None
                note = t.PLANS_CANCELLED.format(game_id=posted.game_id)
        except Refused as refused:
            return refused.response()
        return web.json_response({"note_html": markdown_html(note)})

    async def _cancel(self, game_id: int, user_id: int) -> PlanResult:
        changed = await self.service.cancel_plans(game_id, user_id)
        teller = self.teller()
        if teller is not None and changed.result is not None:  # an order answered it now
            await self._tell(game_id, teller.played_by_plans_on_the_web(game_id, changed.result))
        return changed

    async def undo(self, request: web.Request) -> web.Response:
        """`{"seq": the move}`: taken back as by the Undo button (`take_back` with that seq);
        a move no longer the last one gets the stale Undo button's message."""
        try:
            posted = await self.posted(request)
            with i18n.using(posted.info.language):
                seq = posted.body.get("seq")
                if not isinstance(seq, int) or isinstance(seq, bool) or seq < 1:
                    raise Refused(400, wt.NOT_A_MOVE)
                try:
                    undone = await self._to_the_end(self._undo(posted.info, posted.user_id, seq))
                except (err.UndoTooLate, err.GameNotRunning) as stale:
                    raise Refused(409, str(stale)) from None
                except err.ServiceError as error:
                    raise Refused(400, str(error)) from None
                result = undone.result
                names = seat_names(undone.before)
                action = result.cause["action"]
                label = action_label(
                    undone.before.kind, result.state, result.cause["seat"], action, names
                )
                note = t.UNDONE_NOTE.format(label=label, action=action)
        except Refused as refused:
            return refused.response()
        return web.json_response({"version": result.game.version, "note_html": markdown_html(note)})

    async def _undo(self, info: GameInfo, user_id: int, seq: int) -> Undone:
        # asked from the game's own channel, as its Undo button is
        undone = await self.service.take_back(
            user_id, seq, game_id=info.id, channel_id=info.channel_id
        )
        teller = self.teller()
        if teller is not None:
            await self._tell(info.id, teller.undone_on_the_web(undone))
        return undone

    @staticmethod
    async def _tell(game_id: int, telling: Awaitable[None]) -> None:
        try:
            await telling
        except Exception:  # the change is saved; the scheduler posts what is left
            log.exception("game %s: a change from the web page is saved, not yet posted", game_id)


def _text(body: dict[str, Any], name: str) -> str:
    value = body.get(name)
    if not isinstance(value, str) or not value or len(value) > MAX_TEXT:
        raise Refused(400, wt.NOT_A_MOVE)
    return value
