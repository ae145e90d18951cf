"""The studio's stock in the table's language: the themes of ``horror.pools`` in English,
Italian or Russian (``horror/pools.toml``, ``horror/locale/<lang>/pools.toml``), key for key.

The theme is chosen by the premise (a setting written in Italian or Russian is matched by that
language's keywords when no English keyword fits it), and its texts are read in
``common.i18n.current()``'s language. The groups run parallel, so the studio's seeded film is
the same film in every language, told in the language its table reads.
"""

from __future__ import annotations

from common.i18n import current
from horror import pools
from horror.pools import Theme, Words

THEMES_EN = {t.name: t for t in pools.THEMES}


def theme_index(setting: str, fallback: int = 0, lang: str = "en") -> int:
    """The premise's theme: by its English keywords, as ``pools.theme_for`` finds it (so an
    English table's films are what they always were), else by ``lang``'s own keywords (a
    setting the table wrote in Italian or Russian), else the ``fallback``'th."""
    low = setting.lower()
    for language in dict.fromkeys(("en", lang)):
        themes = pools.load(language)[0]
        best = max((sum(k in low for k in t.keywords), -i) for i, t in enumerate(themes))
        if best[0]:
            return -best[1]
    return fallback % len(pools.THEMES)


def words(lang: str | None = None) -> Words:
    """The words of ``lang`` (default: the current language) besides its themes."""
    return pools.load(lang or current())[1]


def stock(setting: str, fallback: int = 0, lang: str | None = None) -> tuple[Theme, Words]:
    """The film's theme and the language's other words, in ``lang`` (default: the current one)."""
    lang = lang or current()
    themes, words = pools.load(lang)
    return themes[theme_index(setting, fallback, lang)], words
