"""Which language a player reads, and the message catalogs that hold the translations.

Text in the code is English and is the message id: ``_("The deck is empty.")``,
``ngettext("{n} card", "{n} cards", n).format(n=n)``, or ``N_("...")`` for a constant built at
import time and translated where it is shown (``_(TEXT)``). Placeholders are named
(``{seat}``), never positional, so a translation may put them in its own order.

Each package is one gettext domain with its catalogs beside its code:
``<package>/locale/<lang>/LC_MESSAGES/<package>.po``, compiled to ``.mo`` by Babel
(``make catalogs``; ``common/catalogs.py`` is that developer tool). At run time the standard
library's ``gettext`` reads a ``.mo`` file, plural rules included (Russian has three forms),
the first time a string of that language is asked for, so English and ``--help`` load nothing.

Card names and texts are data, so their translations are data too:
``<package>/locale/<lang>/cards.toml``, one table per card id (see ``Domain.card``).

The language is a context variable: a host that serves players of several languages words
each player's errors in that player's language (``with language("ru"): ...``), while events
travel as data and each client narrates them itself.
"""

from __future__ import annotations

import gettext
import os
import sys
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any

LANGUAGES: tuple[str, ...] = ("en", "it", "ru")
LANGUAGE_NAMES = {"en": "English", "it": "Italiano", "ru": "Русский"}
DEFAULT = "en"

_current: ContextVar[str] = ContextVar("bmovie_language")
# the process's language: what a thread without a language of its own speaks (a thread starts
# with an empty context, so the full-screen table's game thread would otherwise be English)
_process = [DEFAULT]
# (domain, language, msgid) of every lookup that found no translation since the last reset:
# the tests play whole games in each language and require this to stay empty
MISSES: set[tuple[str, str, str]] = set()


def resolve(given: str | None = None, env: Mapping[str, str] | None = None) -> str:
    """The language to use: ``--lang``, else ``BMOVIE_LANG``, else the locale's language (the
    first of ``LC_ALL``, ``LC_MESSAGES``, ``LANG`` that is set, as POSIX orders them), else
    English. A ``--lang`` outside LANGUAGES is the caller's to refuse (click's choice does);
    an unknown ``BMOVIE_LANG`` leaves the choice to the locale, and a locale in a language we
    do not have (``de_DE``) means English.
    """
    env = os.environ if env is None else env
    if given:
        return given.lower()
    code = _code(env.get("BMOVIE_LANG", ""))
    if code in LANGUAGES:
        return code
    for key in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = env.get(key, "")
        if value:
            code = _code(value)
            return code if code in LANGUAGES else DEFAULT
    return DEFAULT


def _code(value: str) -> str:
    """'ru_RU.UTF-8' -> 'ru'; 'C' -> 'c' (which is no language of ours)."""
    return value.split(".")[0].split("@")[0].split("_")[0].split("-")[0].lower()


def set_language(code: str) -> None:
    """Make ``code`` the language of this process: of this context, and of every thread
    that was not given one (``language``)."""
    code = code if code in LANGUAGES else DEFAULT
    _process[0] = code
    _current.set(code)


def current() -> str:
    """The language of this context, else the process's."""
    return _current.get(_process[0])


@contextmanager
def language(code: str) -> Iterator[None]:
    """Word everything inside in ``code``: a host answering one player in that player's language."""
    token = _current.set(code if code in LANGUAGES else DEFAULT)
    try:
        yield
    finally:
        _current.reset(token)


def N_(message: str) -> str:
    """Mark a constant for the catalogs without translating it now (it is built at import
    time, before the language is known); translate it with ``_()`` where it is shown."""
    return message


def Nn_(singular: str, plural: str) -> tuple[str, str]:  # noqa: N802 - gettext's spelling
    """``N_`` for a message with plural forms: both reach the catalogs (``make catalogs``
    extracts ``Nn_`` as it does ``ngettext``); look it up with ``ngettext`` where shown."""
    return singular, plural


def Np_(context: str, message: str) -> str:  # noqa: N802 - gettext's spelling
    """``N_`` for a message with a context (``make catalogs`` extracts ``Np_`` as it does
    ``pgettext``); look it up with ``pgettext(context, message)`` where shown."""
    return message


class _Recorder(gettext.NullTranslations):
    """gettext's fallback: a lookup that reaches it found no translation, so it is noted."""

    def __init__(self, domain: str, lang: str) -> None:
        super().__init__()
        self.domain, self.lang = domain, lang

    def gettext(self, message: str) -> str:
        MISSES.add((self.domain, self.lang, message))
        return message

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        MISSES.add((self.domain, self.lang, singular))
        return singular if n == 1 else plural

    def pgettext(self, context: str, message: str) -> str:
        MISSES.add((self.domain, self.lang, f"{context}\x04{message}"))
        return message

    def npgettext(self, context: str, singular: str, plural: str, n: int) -> str:
        MISSES.add((self.domain, self.lang, f"{context}\x04{singular}"))
        return singular if n == 1 else plural


def _fusing(lang: str, text: str) -> str:
    """An Italian translation fuses a preposition with the article of the value after it
    when formatted ("di {card}" -> "del “Robot”", ``common.articles``)."""
    if lang != "it":
        return text
    from common.articles import Sentence

    return Sentence(text)


class Domain:
    """One package's messages: ``Domain("gros").gettext`` is what ``gros`` calls ``_``."""

    def __init__(self, package: str) -> None:
        self.package = package
        self._catalogs: dict[str, Any] = {}
        self._cards: dict[str, dict[str, dict[str, str]]] = {}

    def _where(self, *parts: str) -> str:
        """A file under the package's ``locale/``, as a plain string: os.path, not pathlib,
        which would cost ``--lang ru --help`` a tenth of its start-up. The package is
        normally imported already (its code asked for a message)."""
        origin = getattr(sys.modules.get(self.package), "__file__", None)
        if origin is None:
            import importlib.util

            spec = importlib.util.find_spec(self.package)
            assert spec is not None and spec.origin is not None, self.package
            origin = spec.origin
        return os.path.join(os.path.dirname(origin), "locale", *parts)

    def catalog(self, lang: str) -> Any:
        """The compiled catalog of ``lang``, loaded once; misses go to the recorder."""
        found = self._catalogs.get(lang)
        if found is None:
            path = self._where(lang, "LC_MESSAGES", f"{self.package}.mo")
            try:
                with open(path, "rb") as fh:
                    found = gettext.GNUTranslations(fh)
            except OSError:
                found = gettext.NullTranslations()
            found.add_fallback(_Recorder(self.package, lang))
            self._catalogs[lang] = found
        return found

    def gettext(self, message: str) -> str:
        lang = current()
        return message if lang == DEFAULT else _fusing(lang, self.catalog(lang).gettext(message))

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        lang = current()
        if lang == DEFAULT:
            return singular if n == 1 else plural
        return _fusing(lang, self.catalog(lang).ngettext(singular, plural, n))

    def pgettext(self, context: str, message: str) -> str:
        lang = current()
        return message if lang == DEFAULT else _fusing(lang, self.catalog(lang).pgettext(context, message))

    def npgettext(self, context: str, singular: str, plural: str, n: int) -> str:
        lang = current()
        if lang == DEFAULT:
            return singular if n == 1 else plural
        return _fusing(lang, self.catalog(lang).npgettext(context, singular, plural, n))

    # -- cards ----------------------------------------------------------------------------
    def cards(self, lang: str) -> dict[str, dict[str, str]]:
        """``<package>/locale/<lang>/cards.toml``: card id -> {field: text}, loaded once."""
        found = self._cards.get(lang)
        if found is None:
            import tomllib

            try:
                with open(self._where(lang, "cards.toml"), "rb") as fh:
                    found = tomllib.load(fh)
            except OSError:
                found = {}
            self._cards[lang] = found
        return found

    def card(self, card_id: str, field: str, english: str) -> str:
        """A card's ``field`` (name, text, quote, ...) in the current language."""
        lang = current()
        if lang == DEFAULT or not english:
            return english
        text = self.cards(lang).get(card_id, {}).get(field)
        if text is None:
            MISSES.add((self.package, lang, f"card {card_id}.{field}"))
            return english
        return text

    def card_names(self, card_id: str) -> list[str]:
        """The card's name in every language but English (move input accepts them all)."""
        names = []
        for lang in LANGUAGES:
            if lang != DEFAULT:
                name = self.cards(lang).get(card_id, {}).get("name")
                if name:
                    names.append(name)
        return names
