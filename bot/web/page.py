"""What a spectator's page shows of a game, made from the game service's answers only
(docs/web.md): everything comes from the game's public view (`GameUI.public`, what the channel
sees), so a Magna Carta hand is never in it.

Players are named by their colour on the web (a bot also by its level): a public link may travel
outside the Discord server, and the players' Discord names stay in Discord.
"""

from __future__ import annotations

import asyncio
import re
from collections.abc import Callable
from dataclasses import asdict, dataclass
from datetime import UTC, datetime
from html import escape
from typing import Any

import i18n
from bot.clock_service import ClockService
from bot.games import ui_for
from bot.service import GameInfo, GameService
from bot.service.answers import action_label, legal_actions
from bot.service.replay import Step, animation, replay_steps, step_board, step_text
from bot.service.stats import stats_lines
from bot.web.hand import HandPictures
from bot.web.lang import seat_names, wt
from bot.words import errors as err
from bot.words.lang import m, t, winner_line

PHASES_SHOWN = 3  # the accounts of the last steps (each one or more phases) on the page
KEPT_REPLAYS = 4  # finished games' replays (every step's state) kept in memory
KEPT_ANIMATIONS = 2  # finished games' animations kept (a few MB each)
# A finished game's players' statistics are read again after this long: they change with the
# players' later games, which do not change this game's version (the pages' cache key).
STATS_SECONDS = 60.0


@dataclass(frozen=True, slots=True)
class WebReplay:
    """A finished game's replay on its page: the steps as `/caylus replay` has them, with each
    step's account (escaped HTML lines) in the game's language, and the seats' web names."""

    game_id: int
    kind: str
    language: str
    steps: tuple[Step, ...]
    names: tuple[str, ...]
    accounts: tuple[tuple[str, ...], ...]  # per step: its account's lines

    def as_json(self) -> dict[str, Any]:
        return {"steps": [{"account_html": list(lines)} for lines in self.accounts]}


@dataclass(frozen=True, slots=True)
class WebOption:
    """One choice of a placement's chooser: the value played (a placement and its answer
    ahead, "place 11|take FF", or the placement alone), the answer alone in words ("Take 2
    food", "Decide later"), and the menu's label of that choice (what the channel is told)."""

    action: str
    words: str
    label: str


@dataclass(frozen=True, slots=True)
class WebChoice:
    """One legal move of a player (the engine's answer, through the service): its notation, how
    the game names it, where on the board picture a click plays it (None: a button), and the
    answers it is offered with, as the prompt's menu offers them (a click opens a chooser)."""

    action: str
    label: str
    area: tuple[int, int, int, int] | None
    hand_area: tuple[int, int, int, int] | None = None  # where on the hand picture, if there
    options: tuple[WebOption, ...] = ()  # a placement's answers ahead, as the menu offers them


@dataclass(frozen=True, slots=True)
class PlayerChoices:
    """What a player's page offers at one version of the game."""

    version: int
    seat_name: str
    choices: tuple[WebChoice, ...]
    board_size: tuple[int, int] | None  # the picture's pixels, to place the areas over it
    hand_html: tuple[str, ...] = ()  # the player's own hand (a game with hands), theirs only
    hand_size: tuple[int, int] | None = None  # its picture's pixels (None: no hand picture)

    def as_json(self) -> dict[str, Any]:
        return asdict(self)


@dataclass(frozen=True, slots=True)
class SpectatorPage:
    """The page of one version of a game, in the game's language. The `*_html` fields are
    escaped HTML (a status line's bold kept); the rest is plain text the page escapes."""

    game_id: int
    version: int
    language: str
    status: str
    title: str
    heading: str
    waiting_html: str  # whose decision it is ("" when nobody's)
    deadline: float | None  # Unix time of the decision's deadline (None: none, or paused)
    deadline_text: str  # "Decide by {due}." with {due} left for the page, or the pause
    stock_html: tuple[str, ...]  # where the game stands, then one line per seat
    account_html: tuple[str, ...]  # the accounts of the last phases, newest last
    has_board: bool

    def as_json(self) -> dict[str, Any]:
        return asdict(self)


_BOLD = re.compile(r"\*\*(.+?)\*\*")
_CODE = re.compile(r"`([^`]+)`")
_DISCORD_TIME = re.compile(r"\s*\(?<t:\d+(?::[a-zA-Z])?>\)?")
_ITALIC = re.compile(r"(?<![\w*])\*([^*\n]+)\*(?![\w*])")


def markdown_html(text: str) -> str:
    """A line of the bot's Discord markdown as HTML: escaped, bold, italics and code kept,
    Discord's timestamps (which only a Discord client shows) left out."""
    text = _DISCORD_TIME.sub("", text)
    html = escape(text, quote=False)
    html = _BOLD.sub(r"<strong>\1</strong>", html)
    html = _CODE.sub(r"<code>\1</code>", html)
    return _ITALIC.sub(r"<em>\1</em>", html)


class PageMaker:
    """The pages and board pictures of games, one of each per version (kept: a page that is
    asked again at the same version costs nothing)."""

    def __init__(
        self,
        service: GameService,
        clock: ClockService | None,
        *,
        now: Callable[[], float],
        keep: int = 64,
    ) -> None:
        self.service = service
        self.clock = clock
        self.now = now
        self._keep = keep
        self._pages: dict[tuple[int, int], SpectatorPage] = {}
        self._boards: dict[tuple[int, int], bytes] = {}
        self._drawing: dict[tuple[int, int], asyncio.Future[bytes | None]] = {}
        self._choices: dict[tuple[int, int, int], PlayerChoices] = {}
        self._replays: dict[int, WebReplay] = {}
        self._stats: dict[int, tuple[float, tuple[str, ...]]] = {}
        self._animations: dict[int, bytes] = {}
        self._animating: dict[int, asyncio.Lock] = {}
        self._replaying: dict[int, asyncio.Lock] = {}
        self._no_replay: set[int] = set()  # finished games that do not replay (damaged)
        self._step_boards: dict[tuple[int, int], bytes] = {}
        self._step_drawing: dict[tuple[int, int], asyncio.Lock] = {}
        self.hands = HandPictures(service, keep=keep)  # the players' own hand pictures

    def _kept(self, store: dict[Any, Any], key: Any, value: Any) -> Any:
        store[key] = value
        while len(store) > self._keep:
            del store[next(iter(store))]
        return value

    async def page(self, game_id: int) -> SpectatorPage:
        """The page of the game as it is now (UnknownGame if there is none)."""
        info = await self.service.game(game_id)
        key = (game_id, info.version)
        kept = self._pages.get(key)
        if kept is not None:
            return kept
        with i18n.using(info.language):
            page = await self._make(info)
        return self._kept(self._pages, (game_id, page.version), page)

    async def _make(self, info: GameInfo) -> SpectatorPage:
        kind_name = m.KIND_NAMES.get(info.kind, info.kind)
        title = wt.PAGE_TITLE.format(game=kind_name, game_id=info.id)
        heading = t.STATUS_TITLE.format(game_id=info.id, status=m.STATUS[info.status])
        names = seat_names(info)
        if info.status == "lobby" or (info.status == "aborted" and info.started_at is None):
            return SpectatorPage(  # the seats so far; no board before the start
                game_id=info.id,
                version=info.version,
                language=info.language,
                status=info.status,
                title=title,
                heading=heading,
                waiting_html="",
                deadline=None,
                deadline_text="",
                stock_html=tuple(escape(n) for n in names),
                account_html=(),
                has_board=False,
            )
        view = await self.service.view(info.id, 0)  # nobody's seat: nothing private
        info, state = view.game, view.state
        ui = ui_for(info.kind)
        public = ui.public(state)
        emojis = ["" for _ in info.seats]
        looks = ui.status_lines(public, names, emojis)
        if info.outcome is not None:
            looks += [
                winner_line(info.outcome, names),
                *ui.score_lines(info.outcome, names, emojis),
            ]
        stock = tuple(markdown_html(line.strip()) for line in looks if line.strip())
        waiting = ""
        deadline: float | None = None
        deadline_text = ""
        if info.status == "running" and info.pending:
            pending = info.pending[0]
            awaited = i18n.join([names[p.seat] for p in info.pending])  # all who decide now
            waiting = markdown_html(
                t.STATUS_WAITING.format(
                    who=awaited, prompt=ui.headline(public, pending, names), since=""
                )
            )
            deadline, deadline_text = await self._deadline(info)
        return SpectatorPage(
            game_id=info.id,
            version=info.version,
            language=info.language,
            status=info.status,
            title=title,
            heading=heading,
            waiting_html=waiting,
            deadline=deadline,
            deadline_text=deadline_text,
            stock_html=stock,
            account_html=await self._accounts(info, names),
            has_board=True,
        )

    async def stats(self, game_id: int) -> tuple[str, ...]:
        """A finished game's human players' results in its kind on its server, as
        `/caylus stats` tells them (escaped HTML lines, in the game's language), named by their
        colour (a seat left to the bot: who held it); () for a game not finished. Read again
        after STATS_SECONDS."""
        info = await self.service.game(game_id)
        if info.status != "finished":
            return ()
        kept = self._stats.get(game_id)
        if kept is not None and self.now() - kept[0] < STATS_SECONDS:
            return kept[1]
        lines: list[str] = []
        with i18n.using(info.language):
            names = seat_names(info)
            for seat, name in zip(info.seats, names, strict=True):
                user_id = seat.user_id if seat.user_id is not None else seat.resigned_user_id
                if user_id is None:
                    continue
                found = await self.service.player_stats(info.guild_id, user_id, info.kind)
                lines += stats_lines(found, name)
        made = tuple(markdown_html(line.strip()) for line in lines if line.strip())
        self._kept(self._stats, game_id, (self.now(), made))
        return made

    async def _deadline(self, info: GameInfo) -> tuple[float | None, str]:
        if self.clock is None:
            return None, ""
        due = await self.clock.deadline(info.id, datetime.fromtimestamp(self.now(), UTC))
        if due is None or due.seat != info.pending[0].seat:
            return None, ""
        if due.paused or due.due is None:
            return None, wt.PAUSED
        return due.due.timestamp(), wt.DECIDE_BY

    async def _accounts(self, info: GameInfo, names: list[str]) -> tuple[str, ...]:
        """The channel's accounts of the last phases, rebuilt from the record (its hidden
        parts never leave this function: only the public accounts are kept)."""
        try:
            record = await self.service.record(info.id)
        except err.ServiceError:
            return ()
        ui = ui_for(info.kind)

        def told() -> tuple[str, ...]:
            steps = replay_steps(record)
            shown = range(max(1, len(steps) - PHASES_SHOWN), len(steps))
            return tuple(
                markdown_html(line)
                for k in shown
                for line in step_text(ui, steps, k, names).splitlines()
                if line.strip()
            )

        # a whole game replayed: in a worker thread, off the bot's event loop
        return tuple(await asyncio.to_thread(_in_language(info.language, told)))

    async def choices(self, game_id: int, user_id: int) -> PlayerChoices:
        """The player's legal moves now, named and placed on the board (kept per version)."""
        view = await self.service.view(game_id, user_id)
        info = view.game
        key = (game_id, info.version, user_id)
        kept = self._choices.get(key)
        if kept is not None:
            return kept
        with i18n.using(info.language):
            names = seat_names(info)
        seat = view.seat
        seat_name = names[seat.seat] if seat is not None else ""
        legal = list(view.legal_actions)
        ui = ui_for(info.kind)
        hand: tuple[str, ...] = ()
        hand_size: tuple[int, int] | None = None
        if seat is not None and ui.has_hands:
            with i18n.using(info.language):
                lines = ui.hand_lines(view.state, seat.seat, names)
            hand = tuple(markdown_html(line.strip()) for line in lines if line.strip())
            hand_png = await self.hands.hand_png(game_id, info.version, user_id)
            hand_size = png_size(hand_png) if hand_png is not None else None
        if seat is None or not legal:
            made = PlayerChoices(info.version, seat_name, (), None, hand, hand_size)
            return self._kept(self._choices, key, made)
        previous = None
        if info.status == "running":
            before = await self.service.phase_start_state(game_id)
            previous = ui.public(before) if before is not None else None
        place = _in_language(info.language, ui.board_places)
        places = await asyncio.to_thread(place, ui.public(view.state), names, previous, legal)
        with i18n.using(info.language):
            labels = [action_label(info.kind, view.state, seat.seat, a, names) for a in legal]
            options = _answer_options(info.kind, view.state, seat.seat, names)
        png = await self.board_png(game_id, info.version)
        size = png_size(png) if png is not None else None
        in_hand: dict[str, tuple[int, int, int, int]] = {}
        if hand_size is not None:
            in_hand = await asyncio.to_thread(
                self.hands.hand_places, info, view.state, seat.seat, legal
            )
        choices = tuple(
            WebChoice(
                action,
                label,
                places.get(action) if size else None,
                in_hand.get(action),
                options.get(action, ()),
            )
            for action, label in zip(legal, labels, strict=True)
        )
        made = PlayerChoices(info.version, seat_name, choices, size, hand, hand_size)
        return self._kept(self._choices, key, made)

    async def board_png(self, game_id: int, version: int) -> bytes | None:
        """The board picture of the game at `version` as the bot draws it (public view), or
        None when the game is no longer at that version (the page asks for the new one).
        Drawn once per version: those asking while it is drawn wait for the same picture."""
        key = (game_id, version)
        kept = self._boards.get(key)
        if kept is not None:
            return kept
        drawing = self._drawing.get(key)
        if drawing is not None:
            return await asyncio.shield(drawing)
        future: asyncio.Future[bytes | None] = asyncio.get_running_loop().create_future()
        self._drawing[key] = future
        try:
            png = await self._draw(game_id, version)
        except BaseException as error:
            future.set_exception(error)
            future.exception()  # retrieved: nobody else may be waiting
            raise
        finally:
            self._drawing.pop(key, None)
        future.set_result(png)
        return self._kept(self._boards, key, png) if png is not None else None

    async def _draw(self, game_id: int, version: int) -> bytes | None:
        view = await self.service.view(game_id, 0)  # nobody's seat: nothing private
        if view.game.version != version:
            return None
        info = view.game
        ui = ui_for(info.kind)
        previous = None
        if info.status == "running":
            before = await self.service.phase_start_state(game_id)
            previous = ui.public(before) if before is not None else None
        with i18n.using(info.language):
            names = seat_names(info)
        draw = _in_language(info.language, ui.board_picture)
        picture = await asyncio.to_thread(draw, ui.public(view.state), names, previous)
        return bytes(picture.data)

    async def replay(self, game_id: int) -> WebReplay | None:
        """The replay of a finished game (None: the game is not finished, so no replay),
        its steps rebuilt once and kept (a finished game never changes)."""
        kept = self._replays.get(game_id)
        if kept is not None or game_id in self._no_replay:
            return kept
        info = await self.service.game(game_id)
        if info.status != "finished":
            return None
        async with self._replaying.setdefault(game_id, asyncio.Lock()):  # built once
            try:
                return await self._build_replay(info)
            finally:
                self._replaying.pop(game_id, None)

    async def _build_replay(self, info: GameInfo) -> WebReplay | None:
        """The replay, made under the game's lock; a game whose replay cannot be made
        (damaged, or a log that no longer replays) is remembered, not tried at every ask."""
        game_id = info.id
        kept = self._replays.get(game_id)
        if kept is not None or game_id in self._no_replay:
            return kept
        try:
            _, record, planned = await self.service.finished_game(game_id, info.guild_id)
        except err.ServiceError:  # damaged: the page shows the game without its replay
            self._no_replay.add(game_id)
            return None
        with i18n.using(info.language):
            names = seat_names(info)
        ui = ui_for(info.kind)

        def build() -> WebReplay:
            steps = replay_steps(record, planned)
            accounts = tuple(
                tuple(
                    markdown_html(line)
                    for line in step_text(ui, steps, k, names).splitlines()
                    if line.strip()
                )
                for k in range(len(steps))
            )
            return WebReplay(
                game_id, info.kind, info.language, tuple(steps), tuple(names), accounts
            )

        try:
            made = await asyncio.to_thread(_in_language(info.language, build))
        except Exception:  # a record that no longer replays: no replay on the page
            self._no_replay.add(game_id)
            return None
        self._kept(self._replays, game_id, made)
        while len(self._replays) > KEPT_REPLAYS:
            del self._replays[next(iter(self._replays))]
        return made

    async def replay_png(self, game_id: int, step: int) -> bytes | None:
        """The whole board at `step` of a finished game's replay, as the bot's replay draws it
        (`step_board`, public view), or None when there is no such step. Drawn once per step
        and kept; those asking meanwhile wait for the same picture."""
        key = (game_id, step)
        kept = self._step_boards.get(key)
        if kept is not None:
            return kept
        replay = await self.replay(game_id)
        if replay is None or not 0 <= step < len(replay.steps):
            return None
        async with self._step_drawing.setdefault(key, asyncio.Lock()):
            kept = self._step_boards.get(key)
            if kept is not None:
                return kept
            ui = ui_for(replay.kind)
            draw = _in_language(replay.language, step_board)
            try:
                picture = await asyncio.to_thread(draw, ui, replay.steps[step], list(replay.names))
            finally:
                self._step_drawing.pop(key, None)
            return self._kept(self._step_boards, key, bytes(picture.data))

    async def replay_animation(self, game_id: int) -> bytes | None:
        """A finished game as the bot's replay animates it (an animated WebP, a frame per step:
        its phone card), or None when the game has no replay. Made once (seconds of work, in a
        worker thread) and kept; those asking meanwhile wait for the same one."""
        kept = self._animations.get(game_id)
        if kept is not None:
            return kept
        replay = await self.replay(game_id)
        if replay is None:
            return None
        async with self._animating.setdefault(game_id, asyncio.Lock()):
            kept = self._animations.get(game_id)
            if kept is not None:
                return kept
            draw = _in_language(replay.language, animation)
            try:
                made: bytes = await asyncio.to_thread(
                    draw, ui_for(replay.kind), list(replay.steps), list(replay.names)
                )
            finally:
                self._animating.pop(game_id, None)
            self._animations[game_id] = made
            while len(self._animations) > KEPT_ANIMATIONS:
                del self._animations[next(iter(self._animations))]
            return made


def _answer_options(
    kind: str, state: Any, seat: int, names: list[str]
) -> dict[str, tuple[WebOption, ...]]:
    """The placements the prompt's menu offers joined with their answers, each with its
    chooser's options: the values and labels are the menu's, in its order (the answer alone
    starts with a capital: "Deliver all I can", a line of its own)."""
    ui = ui_for(kind)
    actions = legal_actions(kind, state, seat)
    joined = ui.placement_answers(state, seat, actions, names)
    if not joined:
        return {}
    labels = {c.action: c.label for c in ui.layout(state, seat, actions, names).choices()}
    return {
        move: tuple(
            WebOption(value, words[:1].upper() + words[1:], labels.get(value, words))
            for value, words in offered
        )
        for move, offered in joined.items()
    }


def png_size(png: bytes) -> tuple[int, int]:
    """A PNG's width and height (its header's first chunk)."""
    return int.from_bytes(png[16:20], "big"), int.from_bytes(png[20:24], "big")


def _in_language(language: str, draw: Callable[..., Any]) -> Callable[..., Any]:
    """`draw` run in `language` in a worker thread (which does not see our context)."""

    def run(*args: Any) -> Any:
        with i18n.using(language):
            return draw(*args)

    return run
