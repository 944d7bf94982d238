"""The game page's HTML: the template `static/page.html` filled in with a page's values (the
script redraws its parts from page.json when the game changes), and the static files it is
made from."""

from __future__ import annotations

import time
from html import escape
from importlib import resources
from string import Template

from bot.web.lang import wt
from bot.web.page import SpectatorPage


def static_file(name: str) -> bytes:
    """A file of bot/web/static/, as the package ships it."""
    return (resources.files("bot.web") / "static" / name).read_bytes()


PAGE = Template(static_file("page.html").decode("utf-8"))


def _items(lines: tuple[str, ...]) -> str:
    return "".join(f"<li>{line}</li>" for line in lines)


def _deadline_parts(page: SpectatorPage) -> dict[str, str]:
    """The deadline's sentence around its time, which the script shows in the reader's own
    zone (UTC until it runs); no time: the sentence alone (a pause) or nothing."""
    before, due, after = page.deadline_text.partition("{due}")
    if not due or page.deadline is None:
        return {"due_before": escape(page.deadline_text), "due_after": ""} | dict.fromkeys(
            ("due_iso", "due_at", "due_utc"), ""
        )
    at = int(page.deadline)
    return {
        "due_before": escape(before),
        "due_after": escape(after),
        "due_iso": time.strftime("%Y-%m-%dT%H:%MZ", time.gmtime(at)),
        "due_at": str(at),
        "due_utc": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime(at)),
    }


def render_html(
    page: SpectatorPage,
    base: str,
    *,
    csrf: str = "",
    you: str = "",
    replay_steps: int = 0,
    stats: tuple[str, ...] = (),
) -> str:
    """The page's HTML (in the language in force); the script redraws its parts from
    page.json when the game changes. `replay_steps`: a finished game's steps (its scrubber;
    0: none, a game not finished); `stats`: its players' `/caylus stats` lines (escaped)."""
    return PAGE.substitute(
        language=escape(page.language),
        title=escape(page.title),
        base=escape(base),
        csrf=escape(csrf),
        you=escape(you),
        your_choices=escape(wt.YOUR_CHOICES),
        nothing_to_decide=escape(wt.NOTHING_TO_DECIDE),
        hand_alt=escape(wt.HAND_ALT),
        replay_hand_alt=escape(wt.REPLAY_HAND_ALT),
        player_hidden="" if csrf else "hidden",
        version=page.version,
        heading=escape(page.heading),
        live=escape(wt.LIVE),
        offline=escape(wt.RECONNECTING),
        board_src=f"{escape(base)}/board/{page.version}.png" if page.has_board else "",
        board_alt=escape(wt.BOARD_ALT.format(game_id=page.game_id)),
        board_hidden="" if page.has_board else "hidden",
        waiting=page.waiting_html,
        **_deadline_parts(page),
        players=escape(wt.PLAYERS),
        stock=_items(page.stock_html),
        last_phases=escape(wt.LAST_PHASES),
        account=_items(page.account_html or (escape(wt.NOTHING_YET),)),
        watching="" if csrf else escape(wt.WATCHING),  # a player is not just watching
        replay_hidden="" if replay_steps else "hidden",
        replay_steps=replay_steps,
        replay=escape(wt.REPLAY),
        replay_step=escape(wt.REPLAY_STEP),
        replay_previous=escape(wt.REPLAY_PREVIOUS),
        replay_next=escape(wt.REPLAY_NEXT),
        replay_scrubber=escape(wt.REPLAY_SCRUBBER),
        replay_play=escape(wt.REPLAY_PLAY),
        replay_pause=escape(wt.REPLAY_PAUSE),
        replay_animation=escape(wt.REPLAY_ANIMATION),
        stats_hidden="" if stats else "hidden",
        stats_heading=escape(wt.STATS),
        stats=_items(stats),
    )
