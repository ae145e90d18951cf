"""Issue 25: one glossary per language, read by the catalogs and the rules pages alike. The
Russian GROS page said «отмена», «сочетать», «раунд», «Финальные титры», «Огнестрельный» where
the game says «остановка», «объединить», «круг», «Титры», «Ствол», and the Russian horror page
«замысел» where the game says «завязка»."""

from __future__ import annotations

import re

import pytest

from common import glossary
from common.catalogs import PACKAGES, TRANSLATED

PAIRS = [("gros", "ru", "отмена", "stop"), ("gros", "ru", "сочетать", "combine"), ("gros", "ru", "раунд", "round"),
         ("gros", "ru", "Финальные титры", "credits"), ("gros", "ru", "Огнестрельный", "firearm"),
         ("horror", "ru", "замысел", "premise"), ("horror", "it", "una verifica", "check")]


@pytest.mark.parametrize("package", PACKAGES)
@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_text_of_a_language_says_each_term_as_its_glossary_does(package, lang):
    assert glossary.problems(package, lang) == []


@pytest.mark.parametrize(("package", "lang", "word", "term"), PAIRS)
def test_the_glossary_names_the_words_the_pages_used_to_say(package, lang, word, term):
    entry = glossary.load(package, lang)[term]
    assert any(re.match(rf"(?:{p})", word, re.I) for p in entry["avoid"]), (word, entry)
    assert not re.match(rf"(?:{entry['stem']})", word, re.I)


@pytest.mark.parametrize(("package", "lang", "word", "term"), PAIRS)
def test_a_page_that_says_another_word_is_caught(package, lang, word, term, monkeypatch):
    real = glossary.texts(package, lang)
    page = f"{package}/rules.{lang}.md"
    monkeypatch.setattr(glossary, "texts", lambda p, ln: {**real, page: real[page] + f"\n{word}.\n"})
    found = glossary.problems(package, lang)
    assert len(found) == 1 and found[0].startswith(page) and repr(term) in found[0], found


def test_a_term_the_page_never_says_is_caught(monkeypatch):
    real = glossary.texts("gros", "ru")
    page = "gros/rules.ru.md"
    monkeypatch.setattr(glossary, "texts", lambda p, ln: {**real, page: "Ничего."})
    assert any("never says" in p and page in p for p in glossary.problems("gros", "ru"))
