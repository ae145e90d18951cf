"""Moves as a player reads them: in the player's language where the game's notation can say
them so ('gioca acqua-santa su ray/sensitiva', 'манёвр 2 влево'). A notation module's
optional ``spoken(text, lang)`` writes a move in that language's move words and card names,
which its ``parse`` reads back as the same move; records, logs and the wire keep the English."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from common.engine import NotationError
from common.i18n import DEFAULT, current


def spoken(notation: Any, move: str, lang: str | None = None) -> str:
    """``move`` (the notation's English) as a player of ``lang`` (the current language) reads
    it; as written in English or for a game without ``spoken``."""
    lang = lang or current()
    hook = getattr(notation, "spoken", None)
    return hook(move, lang) if hook is not None and lang != DEFAULT else move


def to_speak(parse: Callable[[str], Any], text: str, lang: str, languages: Mapping[str, Any]) -> Any | None:
    """The move ``text`` is, for a notation's ``spoken`` to write in ``lang``; None (it is
    shown as written) where the notation has no words in ``lang`` or ``text`` is no move."""
    if lang not in languages:
        return None
    try:
        return parse(text)
    except NotationError:
        return None
