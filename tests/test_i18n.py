"""Languages: the catalogs are complete and in step with the code, and the plumbing picks the
language a player asked for (issue 15)."""

from __future__ import annotations

import pytest

from common import catalogs, i18n, ngettext
from common.i18n import language, resolve


def test_every_message_is_translated_with_the_same_placeholders():
    """What `make catalogs --check` says: no string without its translations, no .mo stale."""
    problems = catalogs.update(check=True)
    assert not problems, "\n".join(problems[:40])


@pytest.mark.parametrize(("given", "env", "want"), [
    ("ru", {"BMOVIE_LANG": "it"}, "ru"),                       # --lang wins
    (None, {"BMOVIE_LANG": "it", "LANG": "ru_RU.UTF-8"}, "it"),  # then BMOVIE_LANG
    (None, {"BMOVIE_LANG": "xx", "LANG": "ru_RU.UTF-8"}, "ru"),  # an unknown one is skipped
    (None, {"LC_ALL": "it_IT.UTF-8", "LANG": "ru_RU"}, "it"),    # POSIX order
    (None, {"LC_MESSAGES": "de_DE", "LANG": "ru_RU"}, "en"),     # another language: English
    (None, {"LANG": "C.UTF-8"}, "en"),
    (None, {}, "en"),
])
def test_the_language_comes_from_the_flag_then_the_environment(given, env, want):
    assert resolve(given, env) == want


def test_russian_plurals_take_three_forms():
    said = {}
    for lang in ("en", "it", "ru"):
        with language(lang):
            said[lang] = [ngettext("Took back {n} move.", "Took back {n} moves.", n).format(n=n)
                          for n in (1, 3, 5, 21)]
    assert said["en"][0] == "Took back 1 move." and said["en"][1] == "Took back 3 moves."
    assert len({s.split()[-1] for s in said["ru"]}) == 3  # ход / хода / ходов
    assert said["ru"][0].split()[-1] == said["ru"][3].split()[-1]  # 1 and 21 agree


def test_a_string_with_no_translation_is_recorded_not_hidden():
    i18n.MISSES.clear()
    with language("ru"):
        assert i18n.Domain("common").gettext("no such message, surely") == "no such message, surely"
    assert ("common", "ru", "no such message, surely") in i18n.MISSES
    i18n.MISSES.clear()


def test_a_changed_string_keeps_its_translation_for_review():
    """'make catalogs' dropped a whole help block's Italian when one line was added to it."""
    from babel.messages.catalog import Catalog

    old = ("Host a game on the LAN. Players join by name, take seats and chat in a lobby; the "
           "game begins when every seat has a player.")
    translated = Catalog(locale="it", domain="common")
    translated.add(old, "Ospita una partita in rete. I giocatori entrano per nome, prendono "
                        "posto e chiacchierano nella sala; la partita comincia quando ogni "
                        "posto ha un giocatore.")
    template = Catalog(domain="common")
    template.add(old + " Type 'start' to begin sooner.")
    catalogs.merge(translated, template)
    kept = translated.get(old + " Type 'start' to begin sooner.")
    assert kept is not None and kept.fuzzy and kept.string.startswith("Ospita una partita")
    problems = catalogs._problems("common", "it", template, translated)
    assert len(problems) == 1 and "fuzzy" in problems[0]
