"""Free text typed by players (names, narration, plans): cleaned once, where it is read, so
that no escape code reaches another player's terminal, a record or the screenplay, whether
the move came from a keyboard, a record file or the network (the rule is common.safetext's,
the one for all text from another person).
"""

from __future__ import annotations

from common.engine import NotationError
from common.safetext import clean
from horror import _

NAME_MAX = 60  # a character, set, monster or film title
TEXT_MAX = 300  # a sentence: narration, a trope, a plan, a setting
__all__ = ["NAME_MAX", "TEXT_MAX", "clean", "limited"]  # clean: the rule of common.safetext


def limited(text: str, what: str, most: int) -> str:
    """``text`` cleaned, or a NotationError if it is still longer than ``most`` characters."""
    text = clean(text)
    if len(text) > most:
        raise NotationError(_('{what} is at most {most} characters, not {n}').format(what=what, most=most, n=len(text)))
    return text
