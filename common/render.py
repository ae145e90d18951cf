"""Terminal output shared by every game: a rich console that falls back to plain text.

rich is imported here, lazily, so ``--help`` and batch runs never pay for it. Colour is off
when stdout is not a terminal or ``NO_COLOR`` is set (rich honours both).
"""

from __future__ import annotations

import os
import sys
from functools import lru_cache
from typing import Any

DICE_FACES = "⚀⚁⚂⚃⚄⚅"


@lru_cache(maxsize=1)
def console() -> Any:
    from rich.console import Console

    plain = bool(os.environ.get("NO_COLOR")) or not sys.stdout.isatty()
    return Console(highlight=False, no_color=plain, emoji=False,
                   force_terminal=None if not plain else False)


def plain() -> bool:
    return bool(os.environ.get("NO_COLOR")) or not sys.stdout.isatty()


def say(text: str, style: str | None = None) -> None:
    """One line to the player, styled when colour is on."""
    console().print(text, style=style, markup=False)


def error(text: str) -> None:
    console().print(text, style="bold red", markup=False)


def show(renderable: Any) -> None:
    console().print(renderable)


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
