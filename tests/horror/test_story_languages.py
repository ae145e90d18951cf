"""The bots write a film's story in the table's language (issue 15): the studio's stock in
Italian and Russian (``horror/locale/<lang>/pools.toml``), key for key beside the English
``horror/pools.toml``, so that a seeded film is the same film in every language, told in its own."""

from __future__ import annotations

import re
import string

import pytest

from common.i18n import language
from horror import pools, stock
from tests.horror.test_story_bots import bot_film

CYRILLIC = re.compile("[а-яё]", re.I)
STORY = ("extra", "supporting", "star", "set", "trope", "subplot")
LOCALIZED = {"it": pools.load("it")[0], "ru": pools.load("ru")[0]}
WORDS = {lang: pools.load(lang)[1] for lang in ("it", "ru")}
RU_NAMES = {e: r for en, ru in zip(pools.THEMES, LOCALIZED["ru"], strict=True)
            for e, r in zip(en.first + en.last, ru.first + ru.last, strict=True)}


def written(st) -> list[str]:
    """Every free text of the film that a bot wrote (the premise is the studio's, in English:
    the monster, and the trigger written as a trope, which must match it word for word)."""
    texts = [e.name for e in st.elements.values() if e.kind in STORY and e.name != st.trigger]
    texts += [e.concept for e in st.elements.values() if getattr(e, "concept", "")]
    texts += [p for props in st.props.values() for p in props]
    texts += [entry[2] for entry in st.log if entry[0] == "say"]
    texts += [entry[4] for entry in st.log if entry[0] == "line"]
    studio = {premise[1] for theme in pools.THEMES for premise in theme.premises}
    return texts + [a for a in st.abilities if a not in studio]  # a bot's amendment


def film(lang: str, seed: int = 6):
    with language(lang):
        return bot_film(seed)


@pytest.mark.parametrize("lang", ["it", "ru"])
def test_every_theme_is_translated_text_for_text(lang):
    fields = {"set": "S", "char": "C", "monster": "M", "prop": "P"}
    for english, theirs in zip(pools.THEMES, LOCALIZED[lang], strict=True):
        assert theirs.name == english.name and len(theirs.premises) == len(english.premises)
        for group in pools.TEXT_GROUPS:
            mine, base = getattr(theirs, group), getattr(english, group)
            assert len(mine) == len(base), (english.name, group)
            assert not set(mine) & set(base), (english.name, group)  # nothing left in English
            if lang == "ru":
                assert all(CYRILLIC.search(t) for t in mine), (english.name, group)
        for text in theirs.narration:  # only the fields the English narration is given
            assert {f for _, f, _, _ in string.Formatter().parse(text) if f} <= fields.keys(), text
            text.format(**fields)
        assert len(theirs.first) == len(english.first) and len(theirs.last) == len(english.last)
    if lang == "ru":
        assert all(CYRILLIC.search(n) for n in RU_NAMES.values())


def test_a_seeded_film_in_russian_is_written_in_cyrillic():
    st = film("ru")
    texts = written(st)
    assert len(texts) >= 40
    assert not [t for t in texts if not CYRILLIC.search(t)]
    assert sum(1 for e in st.log if e[0] == "say") >= 3 and sum(1 for e in st.log if e[0] == "line") >= 3
    names = {e.name for e in st.elements.values() if e.kind in ("extra", "supporting", "star")}
    mine = next(t for t in pools.THEMES if t.name == "mine")
    assert names & {f"{RU_NAMES[f]} {RU_NAMES[g]}" for f in mine.first
                    for g in mine.last}  # a Welsh mine: Welsh names, in Cyrillic


def test_an_italian_film_writes_from_the_italian_stock():
    st = film("it")
    english = {t for th in pools.THEMES for g in pools.TEXT_GROUPS for t in getattr(th, g)}
    english |= set(pools.WORDS.common_lines) | set(pools.WORDS.abilities) | {pools.WORDS.monster_sound}
    texts = written(st)
    assert len(texts) >= 40 and not [t for t in texts if t in english]
    italian_mine = next(t for t in LOCALIZED["it"] if t.name == "mine")
    italian = {t for g in pools.TEXT_GROUPS for t in getattr(italian_mine, g)} | set(WORDS["it"].common_lines)
    assert {e.name for e in st.elements.values() if e.kind == "trope"} & italian


@pytest.mark.parametrize("seed", [3])
def test_the_same_seed_films_the_same_story_in_every_language(seed):
    """The groups run parallel (and a trigger's trope keeps the premise's words), so the bots
    make the same moves in every language: only the words differ."""
    films = {lang: film(lang, seed) for lang in ("en", "it", "ru")}
    kinds = {lang: [(e.id, e.kind) for e in st.elements.values()] for lang, st in films.items()}
    assert kinds["en"] == kinds["it"] == kinds["ru"]
    beats = {lang: [entry[0] for entry in st.log] for lang, st in films.items()}
    assert beats["en"] == beats["it"] == beats["ru"]
    assert written(film("ru", seed)) == written(films["ru"])  # seeded: the same film again
    assert not [t for t in written(films["ru"]) if not CYRILLIC.search(t)]
    if seed == 3:  # a bot amended the premise with an ability of its own
        assert len(films["ru"].abilities) > 1


def test_a_setting_written_in_the_tables_language_finds_its_theme():
    names = [t.name for t in pools.THEMES]
    mine, coast = names.index("mine"), names.index("coast")
    assert stock.theme_index("угольная шахта в долине, 1950", 0, "ru") == mine
    assert stock.theme_index("un faro su un'isola", 3, "it") == coast
    assert stock.theme_index("un faro su un'isola", 3, "en") == 3  # English keywords only
    with language("ru"):
        theme, words = stock.stock("маяк на острове")
    assert theme is LOCALIZED["ru"][coast] and words is WORDS["ru"]
