"""Choices laid out for Discord: at most 5 rows, a row being up to 5 buttons or one select menu of
at most 25 options. Pure (no Discord objects); each game describes its own choices.
"""

from __future__ import annotations

from dataclasses import dataclass, field

# A choice's value may carry more than one engine action (docs/pace.md): "place 11|take FF" is
# the placement and the answer it carries ahead; "!3/6/castle/0=castle all" answers the
# question with that key.
ANSWER_SEP = "|"
QUESTION_MARK = "!"

MAX_ROWS = 5
MAX_BUTTONS_PER_ROW = 5
MAX_OPTIONS = 25
BUTTON_LABEL = 80
OPTION_LABEL = 100


@dataclass(frozen=True, slots=True)
class Choice:
    action: str  # notation text, sent back to the service
    label: str
    description: str = ""
    style: str = "primary"  # primary | secondary | success | danger


@dataclass(slots=True)
class Menu:
    placeholder: str
    choices: list[Choice]


@dataclass(slots=True)
class Layout:
    buttons: list[Choice] = field(default_factory=list)
    menus: list[Menu] = field(default_factory=list)
    hidden: int = 0  # choices that did not fit (reachable with /caylus play)

    @property
    def rows(self) -> int:
        return self.rows_with(0)

    def rows_with(self, extra_buttons: int) -> int:
        """The rows needed with `extra_buttons` more buttons (a "My hand" button, say)."""
        buttons = len(self.buttons) + extra_buttons
        return len(self.menus) + -(-buttons // MAX_BUTTONS_PER_ROW)

    def choices(self) -> list[Choice]:
        return [*self.buttons, *(c for m in self.menus for c in m.choices)]


def _short(label: str, limit: int) -> str:
    return label if len(label) <= limit else label[: limit - 1] + "…"


def _menus(title: str, choices: list[Choice]) -> list[Menu]:
    """One menu, or several when there are more than 25 choices."""
    if len(choices) <= MAX_OPTIONS:
        return [Menu(title, choices)] if choices else []
    parts = -(-len(choices) // MAX_OPTIONS)
    size = -(-len(choices) // parts)
    menus = []
    for k in range(parts):
        chunk = choices[k * size : (k + 1) * size]
        menus.append(Menu(f"{title} ({k + 1}/{parts})", chunk))
    return menus


def fit(buttons: list[Choice], groups: list[tuple[str, list[Choice]]]) -> Layout:
    """Lay groups out as menus (a group of few choices becomes buttons when rows allow)."""
    layout = Layout(buttons=list(buttons))
    menus: list[Menu] = []
    for title, choices in groups:
        menus.extend(_menus(title, choices))
    # merge neighbouring menus while there are too many rows
    while menus and len(menus) + -(-len(layout.buttons) // MAX_BUTTONS_PER_ROW) > MAX_ROWS:
        best = None
        for k in range(len(menus) - 1):
            size = len(menus[k].choices) + len(menus[k + 1].choices)
            if size <= MAX_OPTIONS and (best is None or size < best[1]):
                best = (k, size)
        if best is None:  # nothing merges: drop the last menu (reachable with /caylus play)
            layout.hidden += len(menus.pop().choices)
            continue
        k = best[0]
        merged = Menu(
            f"{menus[k].placeholder} · {menus[k + 1].placeholder}",
            menus[k].choices + menus[k + 1].choices,
        )
        menus[k : k + 2] = [merged]
    layout.menus = menus
    return layout


def _button_label(choice: Choice) -> str:
    """A button has no description line: what the option does goes into its label when it
    fits (a select menu shows descriptions under each option)."""
    if choice.description and choice.description not in choice.label:
        both = f"{choice.label} · {choice.description}"
        if len(both) <= BUTTON_LABEL:
            return both
    return _short(choice.label, BUTTON_LABEL)


def finish(result: Layout) -> Layout:
    result.buttons = [
        Choice(c.action, _button_label(c), c.description, c.style) for c in result.buttons
    ]
    for menu in result.menus:
        menu.placeholder = _short(menu.placeholder, 150)
        menu.choices = [
            Choice(c.action, _short(c.label, OPTION_LABEL), _short(c.description, 100), c.style)
            for c in menu.choices
        ]
    return result


def autocomplete_name(choice: Choice) -> str:
    """The text of an autocomplete suggestion: plain words and the notation (max 100)."""
    tail = f" · {choice.action}"
    return _short(choice.label, 100 - len(tail)) + tail
