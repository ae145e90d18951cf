"""Text the studio's stock wrote, shown in each reader's language.

A film keeps what was written as it was written: the premise in English (records replay it in
every language), a bot's trope or line in the language of the table that wrote it (the host's,
over the LAN). Every text of the stock has a key, the same in every language
(``horror/pools.toml``, ``horror/locale/<lang>/pools.toml``); so the text itself is its key,
as a catalog's msgid is: ``shown`` finds the key of a stock text written in any language, and
gives the text in the reader's. A narration template's slots (a set, a character, the monster,
a prop) are found the same way and shown in turn; a name is shown name by name. What a person
typed is in no pool and passes through as typed.

The front-ends call it where they word a view or an event for a reader (``localized``): the
rules and the log never change, so a record replays exactly as before, and every client of a
LAN game reads the film in its own language.
"""

from __future__ import annotations

import re
import string
from collections.abc import Callable
from functools import cache, lru_cache, wraps
from typing import Any, TypeVar

from common.agree import Named, grammar
from common.articles import fill
from common.i18n import current
from horror import pools

SLOTS = ("set", "char", "monster", "prop")
F = TypeVar("F", bound=Callable[..., Any])


@cache
def texts(lang: str) -> dict[str, str]:
    """Every text of the stock in ``lang``, by key ('gothic.tropes.full-moon-rises',
    'gothic.premises.1.monster', 'gothic.first.4', 'words.common_lines.run')."""
    themes, words = pools.load(lang)
    out: dict[str, str] = {}
    for theme in themes:
        for group, keys in theme.keys:
            out.update((f"{theme.name}.{group}.{k}", t) for k, t in zip(keys, getattr(theme, group), strict=True))
        for i, premise in enumerate(theme.premises):
            out.update((f"{theme.name}.premises.{i}.{f}", t)
                       for f, t in zip(pools.PREMISE_FIELDS, premise, strict=True))
        for group in ("first", "last"):
            out.update((f"{theme.name}.{group}.{i}", t) for i, t in enumerate(getattr(theme, group)))
    for group, keys in words.keys:
        out.update((f"words.{group}.{k}", t) for k, t in zip(keys, getattr(words, group), strict=True))
    out["words.monster_sound"] = words.monster_sound
    return out


def _templated(text: str) -> bool:
    return "{" in text


@cache
def _keys() -> dict[str, str]:
    """A stock text in any language (case aside) -> its key; English first, then the rest."""
    found: dict[str, str] = {}
    for lang in pools.LANGUAGES:
        for key, text in texts(lang).items():
            if not _templated(text):
                found.setdefault(text.casefold(), key)
    return found


@cache
def _templates() -> tuple[tuple[re.Pattern[str], str], ...]:
    """Each narration template in each language as a pattern whose groups are its slots."""
    out = []
    for lang in pools.LANGUAGES:
        for key, text in texts(lang).items():
            if not _templated(text):
                continue
            parts = []
            for literal, field, _spec, _conv in string.Formatter().parse(text):
                parts.append(re.escape(literal))
                if field:
                    parts.append(f"(?P<{field}>.+?)")
            out.append((re.compile("".join(parts), re.IGNORECASE | re.DOTALL), key))
    return tuple(out)


def _like(source: str, text: str) -> str:
    """``text`` with ``source``'s first letter's case (a job used as a name is capitalised)."""
    if source[:1].isupper():
        return text[:1].upper() + text[1:]
    return text


def _name(text: str, lang: str) -> str | None:
    """A stock name ('Katalin Tolliver'), first and last shown apart ('Каталин Толливер')."""
    first, sep, last = text.partition(" ")
    if not sep:
        return None
    a, b = _keys().get(first.casefold(), ""), _keys().get(last.casefold(), "")
    if ".first." not in a or ".last." not in b:
        return None
    return f"{texts(lang)[a]} {texts(lang)[b]}"


def _fill(template: str, values: dict[str, str], lang: str) -> str:
    """A template with the slots found, each name placed as the sentence needs it (Italian
    fuses a preposition with a name's article, ``common.articles``)."""
    placed = {s: pools.placed(template, s, values.get(s, "")) for s in SLOTS}
    text = fill(template, **placed) if lang == "it" else template.format_map(placed)
    return text[:1].upper() + text[1:]


@lru_cache(maxsize=8192)
def _shown(text: str, lang: str) -> str:
    key = _keys().get(text.casefold())
    if key is not None:
        theirs = texts(lang).get(key, text)
        return text if theirs.casefold() == text.casefold() else _like(text, theirs)  # as typed
    named = _name(text, lang)
    if named is not None:
        return named
    if len(text) > 8:  # a template's shortest filling is longer
        for pattern, key in _templates():
            found = pattern.fullmatch(text)
            if found:
                values = {slot: _shown(value, lang) for slot, value in found.groupdict().items()}
                return _fill(texts(lang)[key], values, lang)
    return text


def key_of(text: str) -> str | None:
    """The key of a stock text written in any language (a filled template: the template's),
    None for a name or for what a person typed."""
    key = _keys().get(text.casefold())
    if key is None:
        key = next((k for pattern, k in _templates() if pattern.fullmatch(text)), None)
    return key


def shown(text: str, lang: str | None = None) -> str:
    """``text`` in ``lang`` (default: the reader's) if the stock wrote it, else as it is."""
    lang = lang or current()
    if not text or lang not in pools.LANGUAGES:
        return text
    return _shown(text, lang)


_ITALIAN_ARTICLES = (("la ", "f", False), ("le ", "f", True), ("gli ", "m", True), ("i ", "m", True))


def named(text: str, lang: str | None = None) -> Named:
    """A name (the monster's, a side of a conflict) in ``lang`` as a sentence holds it, knowing
    its grammatical class, so that the words about it agree ("Gli Striscianti afferrano",
    "Капля повержена"): a studio monster's from its premise; a name a person typed, in Italian
    from its article; else masculine singular (a character's gender is never guessed)."""
    lang = lang or current()
    text = shown(text, lang)
    found = pools.monster_classes(lang).get(text.casefold())
    if found is None and lang == "it":
        found = next(((g, pl) for article, g, pl in _ITALIAN_ARTICLES if text.lower().startswith(article)), None)
    gender, plural = found or ("m", False)
    return Named(text, grammar(lang, gender, plural))


def localized(value: Any, lang: str | None = None) -> Any:
    """A view, an event's data or any part of them with every stock text in ``lang``: what a
    person typed, the ids, the seats and the numbers are left as they are."""
    lang = lang or current()
    if isinstance(value, str):
        return shown(value, lang)
    if isinstance(value, dict):
        return {k: localized(v, lang) for k, v in value.items()}
    if isinstance(value, tuple):
        return tuple(localized(v, lang) for v in value)
    if isinstance(value, list):
        return [localized(v, lang) for v in value]
    return value


def in_reader_language(fn: F) -> F:
    """A front-end function whose views (its dict arguments) are read in the reader's language."""
    @wraps(fn)
    def reading(*args: Any, **kwargs: Any) -> Any:
        lang = current()
        args = tuple(localized(a, lang) if isinstance(a, dict) else a for a in args)
        kwargs = {k: localized(v, lang) if isinstance(v, dict) else v for k, v in kwargs.items()}
        return fn(*args, **kwargs)
    return reading  # type: ignore[return-value]
