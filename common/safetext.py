"""Text that came from another person (titles, names, table names, chat, narration, a record
read back): the one rule for what of it may reach a terminal, a record or a rich renderable.

Removed: whole escape sequences (CSI colours, OSC 52 clipboard writes, OSC 8 links), every
other control character (C0 but tab and newline, DEL, C1), format characters (the bidi
overrides and isolates U+202A-202E, U+2066-2069 among them, which turn a line around) and
lone surrogates; the zero-width (non-)joiners stay, as emoji and some scripts need them.
A line (``clean``) also has its whitespace collapsed, so a bare CR cannot overwrite it.

It is applied where such text enters (a move's parse, the host's inbound chat and names) and
again where it is shown, so that one missed place is not a hole.
"""

from __future__ import annotations

import re
import unicodedata
from typing import Any

# whole escape sequences, so that no stray parameters such as '[2J' are left behind: CSI
# (ESC [ or C1 CSI), OSC (ESC ] or C1 OSC: titles, OSC 8 links, OSC 52 clipboard writes) up
# to its terminator, and the other ESC sequences (their first character)
_ESCAPE = re.compile(r"(?:\x1b\[|\x9b)[0-?]*[ -/]*[@-~]?"
                     r"|(?:\x1b\]|\x9d)[^\x07\x1b\x9c]*(?:\x07|\x1b\\|\x9c)?"
                     r"|\x1b[ -~]?")
_DROP = frozenset(("Cc", "Cf", "Cs"))  # control, format (bidi controls) and lone surrogates
_KEEP = frozenset("\u200c\u200d\t\n")  # joiners; tab and newline (a line collapses them)


def strip_controls(text: str) -> str:
    """``text`` without escape sequences and control or format characters (a CR or another
    control that spaces becomes a space); tabs, newlines and runs of spaces stay (a view's
    text keeps its layout)."""
    if text.isprintable():  # the common case: nothing to do
        return text
    text = _ESCAPE.sub("", text)
    return "".join(ch if ch in _KEEP or not ch.isspace() else " " for ch in text
                   if ch in _KEEP or ch.isspace() or unicodedata.category(ch) not in _DROP)


def clean(text: str, limit: int | None = None) -> str:
    """One line of someone's text, safe to show: ``strip_controls``, then every run of
    whitespace (CR, LF, tab, NEL, line separators) made one space; cut at ``limit`` characters."""
    if not text.isprintable():
        text = _ESCAPE.sub("", text)
        text = "".join(" " if ch.isspace() else ch for ch in text
                       if ch.isspace() or ch in _KEEP or unicodedata.category(ch) not in _DROP)
    text = " ".join(text.split())
    return text if limit is None else text[:limit]


def markup(text: str, limit: int | None = None) -> str:
    """``clean(text)`` for a place where rich reads markup: '[blink]' stays words."""
    from rich.markup import escape

    return escape(clean(text, limit))


def tree(value: Any) -> Any:
    """``value`` (JSON-like: a view or an event from a host) with every string value put
    through ``strip_controls``; dict keys are left as they are (a view patch names them).
    Returns ``value`` itself when nothing in it needed cleaning."""
    if isinstance(value, str):
        return value if value.isprintable() else strip_controls(value)
    if isinstance(value, dict):
        out = {key: tree(item) for key, item in value.items()}
        return value if all(out[key] is value[key] for key in value) else out
    if isinstance(value, list):
        items = [tree(item) for item in value]
        return value if all(a is b for a, b in zip(items, value, strict=True)) else items
    return value
