"""`caylus render`: draw a board (or the phone card) to a PNG file, from a game record or a
seeded random game.

caylus render --record game.json --out board.png
caylus render --seed 7 --players 4 --turn 6 --phase 2 --out board.png
caylus render --seed 7 --players 5 --turn 6 --phase 3 --card --phone-preview --out card.png
"""

from __future__ import annotations

import argparse
import io
import random
import sys
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from engine import caylus
from engine.caylus.state import State
from engine.errors import BadSetup, EngineError, quoted
from engine.protocol import Event
from engine.record import GameRecord, initial_state
from i18n import DEFAULT, LANGUAGES, using


def _not_negative(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{quoted(text)} is not a whole number") from None
    if value < 0:
        raise argparse.ArgumentTypeError(f"{value} is negative")
    return value


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--game", choices=("caylus", "magna-carta"), default="caylus", help="which game"
    )
    parser.add_argument("--record", help="a game record (JSON); draws its last state")
    parser.add_argument(
        "--upto",
        type=_not_negative,
        default=None,
        help="with --record: stop after this many actions",
    )
    parser.add_argument("--seed", type=int, default=0, help="seed of a random game")
    parser.add_argument("--players", type=int, default=4, choices=range(2, 6))
    parser.add_argument("--favor-mode", choices=("full", "simplified"), default="full")
    parser.add_argument("--tile-set", choices=("revised", "first"), default="revised")
    parser.add_argument(
        "--variant",
        choices=("standard", "beginner"),
        default="standard",
        help="Magna Carta: the rule set",
    )
    parser.add_argument(
        "--hand",
        type=int,
        default=None,
        metavar="SEAT",
        help=(
            "Magna Carta: draw this seat's hand (as only that player sees it) instead; seats"
            " count from 1, as in the lobby (1 is the first seat, 'Player 1')"
        ),
    )
    parser.add_argument(
        "--turn",
        type=int,
        default=None,
        help="random game: stop when this turn (Magna Carta: round) is reached (default: the end)",
    )
    parser.add_argument(
        "--phase",
        type=int,
        default=2,
        choices=range(1, 8),
        help="random game: ... and this phase (1-7)",
    )
    parser.add_argument("--names", nargs="+", default=None, help="display names by seat")
    parser.add_argument(
        "--no-highlight",
        action="store_true",
        help="do not highlight what changed in the last phase",
    )
    parser.add_argument(
        "--card", action="store_true", help="draw the phone card instead of the whole board"
    )
    parser.add_argument(
        "--phone-preview",
        action="store_true",
        help="also write OUT.400px.png: the picture as wide as a phone chat shows it",
    )
    parser.add_argument("--out", default="board.png", help="PNG file to write")
    parser.add_argument(
        "--lang",
        choices=LANGUAGES,
        default=DEFAULT,
        help="the language of the picture's words and names (docs/i18n.md)",
    )


@dataclass
class Post:
    """What the bot posts when a phase ends: the state, the state at the start of the phase(s)
    that ended (`previous`) and their engine events."""

    state: State
    previous: State | None = None
    events: list[Event] = field(default_factory=list)


class _PhaseTracker:
    """Follows a game like the bot: a post each time an action ends a phase (or the game)."""

    def __init__(self, state: State) -> None:
        self.post = Post(state)
        self.current = state  # the first state of the current phase
        self.pending: list[Event] = []  # events of the current phase, not told yet

    def step(self, new_state: State, events: Sequence[Event] = ()) -> bool:
        """Follow one action; True when it ended a phase (a new post)."""
        self.pending += [e for e in events if e.kind != "turn"]
        now = (new_state.turn, new_state.phase)
        if now == (self.current.turn, self.current.phase) and not new_state.over:
            return False
        told: list[Event] = []
        rest: list[Event] = []
        for event in self.pending:  # the phases that ended are told; the current one waits
            ended = new_state.over or (event.turn, event.phase) < now
            (told if ended else rest).append(event)
        self.pending = rest
        self.post = Post(new_state, self.current, told)
        self.current = new_state
        return True


def game_posts(
    seed: int, players: int, favor_mode: str = "full", tile_set: str = "revised"
) -> Iterator[Post]:
    """Every post of a seeded random game (engine.caylus.choose_action), in order."""
    options = caylus.Options(players=players, favor_mode=favor_mode, tile_set=tile_set)
    state = caylus.new_game(options, caylus.Setup(seed=seed))
    rng = random.Random(seed)
    tracker = _PhaseTracker(state)
    while not state.over:
        seat = state.decision.seat  # type: ignore[union-attr]
        state, events = caylus.apply(state, caylus.choose_action(state, seat, rng))
        if tracker.step(state, events):
            yield tracker.post


def random_post(
    seed: int,
    players: int,
    turn: int | None,
    phase: int,
    favor_mode: str = "full",
    tile_set: str = "revised",
) -> Post:
    """A seeded random game stopped at the first decision of (turn, phase) or later, with the
    last post's `previous` state and events (what the picture marks as changed)."""
    options = caylus.Options(players=players, favor_mode=favor_mode, tile_set=tile_set)
    state = caylus.new_game(options, caylus.Setup(seed=seed))
    rng = random.Random(seed)
    tracker = _PhaseTracker(state)
    while not state.over:
        if turn is not None and (state.turn, state.phase) >= (turn, phase):
            break
        seat = state.decision.seat  # type: ignore[union-attr]
        state, events = caylus.apply(state, caylus.choose_action(state, seat, rng))
        tracker.step(state, events)
    return Post(state, tracker.post.previous, tracker.post.events)


def random_game(
    seed: int,
    players: int,
    turn: int | None,
    phase: int,
    favor_mode: str = "full",
    tile_set: str = "revised",
) -> tuple[State, State | None]:
    """`random_post` as (state, the state at the start of the phase before)."""
    post = random_post(seed, players, turn, phase, favor_mode, tile_set)
    return post.state, post.previous


def record_post(path: str, upto: int | None) -> Post:
    """The state after the record's actions (or its first `upto`), with the last post's
    `previous` state and events.

    A record that is not one, or not of Caylus, raises BadSetup; a file that cannot be read,
    OSError (the command prints either as one line).
    """
    record = GameRecord.from_json(Path(path).read_bytes())
    if record.game != caylus.name:
        raise BadSetup(
            f"The renderer draws Caylus boards; this record is of {quoted(record.game)}."
        )
    actions = record.actions if upto is None else record.actions[:upto]
    state = initial_state(record)
    tracker = _PhaseTracker(state)
    for index, text in enumerate(actions):
        try:
            state, events = caylus.apply(state, text)
        except EngineError as error:
            print(
                f"action {index} {quoted(text)} failed: {error} Drawing the state before it.",
                file=sys.stderr,
            )
            break
        tracker.step(state, events)
    return Post(state, tracker.post.previous, tracker.post.events)


def from_record(path: str, upto: int | None) -> tuple[State, State | None]:
    """`record_post` as (state, the state at the start of the phase before)."""
    post = record_post(path, upto)
    return post.state, post.previous


def run(args: argparse.Namespace) -> int:
    with using(getattr(args, "lang", DEFAULT)):
        return _run(args)


def _run(args: argparse.Namespace) -> int:
    if args.game == "magna-carta" or (args.record and _record_game(args.record) == "magna-carta"):
        return _run_magna_carta(args)
    from render import render_card_png, render_png

    if args.record:
        post = record_post(args.record, args.upto)
    else:
        post = random_post(
            args.seed, args.players, args.turn, args.phase, args.favor_mode, args.tile_set
        )
    state = post.state
    previous, events = (None, None) if args.no_highlight else (post.previous, post.events)
    draw = render_card_png if args.card else render_png
    png = draw(state, names=args.names, previous=previous, events=events)
    Path(args.out).write_bytes(png)
    status = "game over" if state.over else f"turn {state.turn} phase {state.phase}"
    print(f"wrote {args.out} ({len(png) // 1024} KB, {status})")
    if args.phone_preview:
        preview = Path(args.out).with_suffix(".400px.png")
        preview.write_bytes(phone_preview(png))
        print(f"wrote {preview} (as a phone chat shows it: 400 px wide)")
    return 0


def _record_game(path: str) -> str:
    return GameRecord.from_json(Path(path).read_bytes()).game


def _run_magna_carta(args: argparse.Namespace) -> int:
    """A Magna Carta card, board or hand: from a record, or from a seeded random game stopped at
    the first decision of (round, phase) or later. The channel's pictures are drawn from the
    public view; `--hand SEAT` draws what only that seat sees (counted from 1, as the lobby
    and the pictures number the seats)."""
    from engine import magna_carta as mc
    from render.magna_carta import (
        render_board_picture,
        render_hand_picture,
        render_phase_pictures,
    )
    from render.magna_carta.sample import random_record, record_posts

    if args.record:
        record = GameRecord.from_json(Path(args.record).read_bytes())
        if args.upto is not None:
            record = record.model_copy(
                update={
                    "actions": record.actions[: args.upto],
                    "seats": (record.seats or [])[: args.upto] or None,
                }
            )
    else:
        if not mc.min_players <= args.players <= mc.max_players:
            raise BadSetup(f"Magna Carta is played by 2-4 players, not {args.players}.")
        stop = (args.turn, args.phase) if args.turn is not None else None
        record = random_record(args.seed, args.players, args.variant, stop)
    post = record_posts(record)[-1]
    state = post.state
    names = args.names
    if args.hand is not None:
        if not 1 <= args.hand <= state.n:
            raise BadSetup(
                f"There is no seat {args.hand} in this game: seats count from 1 (1-{state.n})."
            )
        seat = args.hand - 1  # the engine's seats count from 0
        picture = render_hand_picture(mc.view(state, seat), names=names)
    else:
        shown = mc.view(state, None)
        before = None if args.no_highlight or post.previous is None else post.previous
        events = None if args.no_highlight else post.events
        previous = mc.view(before, None) if before is not None else None
        if args.card:
            picture = render_phase_pictures(
                shown, names=names, previous=previous, events=events, board=False
            )[0]
        else:
            picture = render_board_picture(shown, names=names, previous=previous, events=events)
    Path(args.out).write_bytes(picture.data)
    status = "game over" if state.over else f"round {state.round} phase {state.phase}"
    print(f"wrote {args.out} ({len(picture.data) // 1024} KB, {status})")
    if args.phone_preview:
        preview = Path(args.out).with_suffix(".400px.png")
        preview.write_bytes(phone_preview(picture.data))
        print(f"wrote {preview} (as a phone chat shows it: 400 px wide)")
    return 0


def phone_preview(png: bytes) -> bytes:
    """The picture scaled to the width a phone chat shows it (to check it can be read)."""
    from PIL import Image

    from render import theme

    image = Image.open(io.BytesIO(png)).convert("RGB")
    height = round(image.height * theme.PHONE_WIDTH / image.width)
    out = io.BytesIO()
    image.resize((theme.PHONE_WIDTH, height), Image.Resampling.LANCZOS).save(out, "PNG")
    return out.getvalue()
