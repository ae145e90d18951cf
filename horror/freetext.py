"""Free text typed by players (names, narration, plans): cleaned once, where it is read, so
that no escape code reaches another player's terminal, a record or the screenplay, whether
the move came from a keyboard, a record file or the network.
"""

from __future__ import annotations

import re
import unicodedata

from common.engine import NotationError
from horror import _

NAME_MAX = 60  # a character, set, monster or film title
TEXT_MAX = 300  # a sentence: narration, a trope, a plan, a setting

# whole terminal escape sequences (CSI, OSC and other ESC sequences), so that no stray
# parameters such as '[2J' are left behind when their ESC is dropped
_ESCAPE = re.compile(r"\x1b\[[0-?]*[ -/]*[@-~]?|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)?|\x1b[ -~]?")
_DROP = ("Cc", "Cf", "Cs")  # control, format (bidi overrides) and lone surrogate characters
_KEEP = "\u200c\u200d"  # zero-width (non-)joiners hold emoji and some scripts together


def clean(text: str) -> str:
    """Escape sequences and control characters dropped, whitespace collapsed to single spaces."""
    text = _ESCAPE.sub("", text)
    if not text.isprintable():
        text = "".join(" " if ch.isspace() else ch for ch in text
                       if ch.isspace() or ch in _KEEP or unicodedata.category(ch) not in _DROP)
    return " ".join(text.split())


def limited(text: str, what: str, most: int) -> str:
    """``text`` cleaned, or a NotationError if it is still longer than ``most`` characters."""
    text = clean(text)
    if len(text) > most:
        raise NotationError(_('{what} is at most {most} characters, not {n}').format(what=what, most=most, n=len(text)))
    return text
