"""Terminal output shared by every game: a rich console that falls back to plain text.

rich is imported here, lazily, so ``--help`` and batch runs never pay for it. rich decides
what the terminal gets: colour is off in a pipe, with ``NO_COLOR`` or ``TERM=dumb``, and on
with ``FORCE_COLOR`` even in a pipe; ``plain()`` asks it rather than repeating its rules.
"""

from __future__ import annotations

import re
import sys
from functools import lru_cache
from typing import Any

DICE_FACES = "⚀⚁⚂⚃⚄⚅"


@lru_cache(maxsize=1)
def console() -> Any:
    from rich.console import Console

    return Console(highlight=False, emoji=False)


_sink: list[Any] = []  # the full-screen table (common.tui) takes what is said, to lay it out


def divert(sink: Any) -> None:
    """Send what ``say``, ``error``, ``show`` and ``markdown`` print to ``sink(renderable)``
    instead of the terminal (None: back to the terminal)."""
    _sink[:] = [sink] if sink is not None else []


def plain() -> bool:
    """No styling wanted: not a terminal (unless FORCE_COLOR), NO_COLOR, or TERM=dumb."""
    c = console()
    return not c.is_terminal or c.no_color or c.is_dumb_terminal


def say(text: str, style: str | None = None) -> None:
    """One line to the player, styled when colour is on."""
    if _sink:
        from rich.text import Text

        _sink[0](Text(text, style=style or ""))
        return
    console().print(text, style=style, markup=False)


def error(text: str) -> None:
    say(text, "bold red")


def show(renderable: Any) -> None:
    if _sink:
        _sink[0](renderable)
        return
    console().print(renderable)


class _Fitted:
    """A table fitted to the width it is drawn at, decided when it is drawn: the full-screen
    table draws its log pane narrower than the terminal (Invaders' card list had come out
    one word a line there)."""

    def __init__(self, table: Any) -> None:
        self.table = table

    def __rich_console__(self, out: Any, options: Any) -> Any:
        yield fitted(self.table, options.max_width)


def fitted(table: Any, width: int | None = None) -> Any:
    """A table as it is where the terminal holds it whole; where rich would have to cut its
    words ('G…' for a card's name at 50 columns), each row as a block of 'heading: value'
    lines instead, as ``psql``'s expanded display does."""
    from rich.measure import Measurement
    from rich.text import Text

    out = console()
    if width is None and _sink:  # the full-screen table: fitted where it is drawn
        return _Fitted(table)
    width = width or out.width
    if Measurement.get(out, out.options.update_width(10_000), table).minimum <= width:
        return table
    headings = [str(column.header) for column in table.columns]
    columns = [list(column.cells) for column in table.columns]
    block = Text()
    if table.title:
        block.append(f"{table.title}\n", style="bold")
    for i, row in enumerate(table.rows):
        block.append("\n")
        for heading, cells in zip(headings, columns, strict=True):
            cell = str(cells[i]).replace("\n", " ").strip()
            if cell:
                block.append(f"{heading}: ", style="dim")
                block.append(cell + "\n", style=row.style or "")
    return block


_CODE = re.compile(r"(^```.*?^```[ \t]*$|`[^`\n]*`)", re.M | re.S)  # fenced blocks, code spans
_EMPHASIS = (  # a span never crosses a blank line; '_' and '*' only at word edges (snake_case)
    re.compile(r"(\*\*|__)(?=\S)((?:(?!\n[ \t]*\n).)+?)(?<=\S)\1", re.S),
    re.compile(r"(?<![\w*])(\*)(?=[^\s*])((?:(?!\n[ \t]*\n).)+?)(?<=[^\s*])\*(?![\w*])", re.S),
    re.compile(r"(?<![\w_])(_)(?=[^\s_])((?:(?!\n[ \t]*\n).)+?)(?<=[^\s_])_(?![\w_])", re.S),
)


def markdown_plain(text: str) -> str:
    """Markdown without its emphasis markers, for a pipe or NO_COLOR, where nothing would
    render them and '**budget**' only gets in the reader's way. Code keeps its backticks:
    they mark what is typed."""
    parts = _CODE.split(text)
    for k in range(0, len(parts), 2):  # the odd parts are code, left as written
        for pattern in _EMPHASIS:
            parts[k] = pattern.sub(r"\2", parts[k])
    return "".join(parts)


def markdown(text: str) -> None:
    """A Markdown page (the rules): rendered by rich on a terminal, plain text otherwise."""
    if _sink:
        from rich.markdown import Markdown

        _sink[0](Markdown(text))
        return
    if plain():
        sys.stdout.write(markdown_plain(text).rstrip("\n") + "\n")
        sys.stdout.flush()
        return
    from rich.markdown import Markdown

    console().print(Markdown(text))


def die_face(value: int, sides: int = 6) -> str:
    """A die as a die (⚀–⚅) where it has six sides, else the number in brackets."""
    return DICE_FACES[value - 1] if sides == 6 and 1 <= value <= 6 else f"[{value}]"


def progress(description: str, total: int):
    """A rich progress bar (a context manager yielding ``advance(n=1)``); quiet when plain."""
    from contextlib import contextmanager

    @contextmanager
    def bar():
        if plain():
            yield lambda n=1: None
            return
        from rich.progress import (
            BarColumn,
            MofNCompleteColumn,
            Progress,
            TextColumn,
            TimeRemainingColumn,
        )

        with Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
                      TimeRemainingColumn(), console=console(), transient=True) as p:
            task = p.add_task(description, total=total)
            yield lambda n=1: p.advance(task, n)

    return bar()


def card_query(query: str, fields: tuple[str, ...]) -> tuple[dict[str, str], list[str]]:
    """'type:sfx deck:gr2 zombie' -> ({'type': 'sfx', 'deck': 'gr2'}, ['zombie']): the card
    list's filters (``cards`` on the command line and in the game). An unknown FIELD: is a
    GameError naming the fields there are."""
    from common import _
    from common.engine import GameError

    filters: dict[str, str] = {}
    words: list[str] = []
    for token in query.lower().split():
        key, sep, value = token.partition(":")
        if sep and key in fields and value:
            filters[key] = value
        elif sep and value and key.isalpha():
            raise GameError(_("no card field {field}; filter by {fields} or words").format(
                field=repr(key), fields=", ".join(f + ":" for f in fields)))
        else:  # a card's shell word ('deflector-shield', options.card_slug) is its words
            words += [word for word in token.split("-") if word]
    return filters, words
