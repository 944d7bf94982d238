"""`caylus render`: draw a board (or the phone card, or a Magna Carta hand) to a PNG file, from
a game record or a seeded random game (render/caylus/sample.py, render/magna_carta/sample.py).

caylus render --record game.json --out board.png
caylus render --seed 7 --players 4 --turn 6 --phase 2 --out board.png
caylus render --seed 7 --players 5 --turn 6 --phase 3 --card --phone-preview --out card.png
"""

from __future__ import annotations

import argparse
import io
from collections.abc import Sequence
from pathlib import Path
from typing import TypeVar

from PIL import Image

import render.caylus as caylus_pictures
import render.magna_carta as magna_carta_pictures
from engine import magna_carta as mc
from engine.errors import BadSetup, quoted
from engine.protocol import Event
from engine.record import GameRecord
from i18n import DEFAULT, LANGUAGES, using
from render import GamePictures, Picture, theme
from render.caylus.sample import random_post, record_post
from render.magna_carta.sample import random_record, record_posts

Drawn = TypeVar("Drawn")


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


def run(args: argparse.Namespace) -> int:
    with using(getattr(args, "lang", DEFAULT)):
        return _run(args)


def _run(args: argparse.Namespace) -> int:
    if args.game == "magna-carta" or (args.record and _record_game(args.record) == "magna-carta"):
        return _run_magna_carta(args)
    if args.record:
        post = record_post(args.record, args.upto)
    else:
        post = random_post(
            args.seed, args.players, args.turn, args.phase, args.favor_mode, args.tile_set
        )
    state = post.state
    previous, events = (None, None) if args.no_highlight else (post.previous, post.events)
    picture = _draw(caylus_pictures, state, previous, events, args)
    status = "game over" if state.over else f"turn {state.turn} phase {state.phase}"
    return _write(args, picture, status)


def _draw(
    pictures: GamePictures[Drawn],
    shown: Drawn,
    previous: Drawn | None,
    events: Sequence[Event] | None,
    args: argparse.Namespace,
) -> Picture:
    """The phone card (`--card`) or the whole board, as the bot posts it."""
    if args.card:
        posted = pictures.render_phase_pictures(
            shown, names=args.names, previous=previous, events=events, board=False
        )
        return posted[0]
    return pictures.render_board_picture(shown, names=args.names, previous=previous, events=events)


def _write(args: argparse.Namespace, picture: Picture, status: str) -> int:
    Path(args.out).write_bytes(picture.data)
    print(f"wrote {args.out} ({len(picture.data) // 1024} KB, {status})")
    if args.phone_preview:
        preview = Path(args.out).with_suffix(".400px.png")
        preview.write_bytes(phone_preview(picture.data))
        print(f"wrote {preview} (as a phone chat shows it: 400 px wide)")
    return 0


def _record_game(path: str) -> str:
    return GameRecord.from_json(Path(path).read_bytes()).game


def _run_magna_carta(args: argparse.Namespace) -> int:
    """A Magna Carta card, board or hand: from a record, or from a seeded random game stopped at
    the first decision of (round, phase) or later. The channel's pictures are drawn from the
    public view; `--hand SEAT` draws what only that seat sees (counted from 1, as the lobby
    and the pictures number the seats)."""
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
    if args.hand is not None:
        if not 1 <= args.hand <= state.n:
            raise BadSetup(
                f"There is no seat {args.hand} in this game: seats count from 1 (1-{state.n})."
            )
        seat = args.hand - 1  # the engine's seats count from 0
        picture = magna_carta_pictures.render_hand_picture(mc.view(state, seat), names=args.names)
    else:
        before = None if args.no_highlight else post.previous
        events = None if args.no_highlight else post.events
        previous = mc.view(before, None) if before is not None else None
        shown = mc.view(state, None)
        picture = _draw(magna_carta_pictures, shown, previous, events, args)
    status = "game over" if state.over else f"round {state.round} phase {state.phase}"
    return _write(args, picture, status)


def phone_preview(png: bytes) -> bytes:
    """The picture scaled to the width a phone chat shows it (to check it can be read)."""
    image = Image.open(io.BytesIO(png)).convert("RGB")
    height = round(image.height * theme.PHONE_WIDTH / image.width)
    out = io.BytesIO()
    image.resize((theme.PHONE_WIDTH, height), Image.Resampling.LANCZOS).save(out, "PNG")
    return out.getvalue()
