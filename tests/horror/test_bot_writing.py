"""What the bots write (issue 22) and in which language each reader reads it (issue 25): over
20 bots-only films (every studio premise but one, 3 and 4 players, the three levels, ``hard``
bounded by iterations) no line is said twice, no phrase is retaken "(take 2)", every text a bot
wrote fits the film's setting and monster (the tagged stock, ``horror/pools.toml``), every bot
director speaks in each stint in the chair, and the screenplay keeps the game's numbers out of
its prose. The stock is data, key for key in every language; a Russian reader reads the film,
premise and all, in Russian."""

from __future__ import annotations

import re
import string
from collections import Counter
from functools import cache

import pytest

from common.bots import make_bot
from common.i18n import language
from common.selfplay import play_game
from horror import pools, pooltext, screenfile, screenplay, stock
from horror.rules import RULES
from horror.state import Film

FILMS = 20
LEVELS = (("normal",), ("hard", "normal", "normal"), ("easy", "normal"), ("hard",))
CYRILLIC = re.compile("[а-яё]", re.I)


def bots_film(seed: int) -> tuple[Film, dict[str, str]]:
    opts = {"players": str(3 + seed % 2)}
    levels = LEVELS[seed % len(LEVELS)]
    seats = RULES.seats(opts)
    level = {s: levels[i % len(levels)] for i, s in enumerate(seats)}
    bots = {s: make_bot(level[s], RULES, seed=seed * 7 + i, iterations=10 if level[s] == "hard" else None)
            for i, s in enumerate(seats)}
    result = play_game(RULES, seed, bots, opts)
    st = RULES.setup(opts, seed)
    for seat, move in result.moves:
        RULES.apply(st, seat, move)
    return st, level


@cache
def film(seed: int) -> tuple[Film, dict[str, str]]:
    """One bots-only film, made once per test process (the tests of a seed may share it)."""
    return bots_film(seed)


@cache
def _keys_of(text: str) -> tuple[str, ...]:
    """Every key whose text (in any language) this is: a text may be in two themes."""
    low = text.casefold()
    return tuple(k for lang in pools.LANGUAGES for k, t in pooltext.texts(lang).items() if t.casefold() == low)


@cache
def _templates(theme: str) -> tuple[tuple[re.Pattern[str], str], ...]:
    out = []
    for lang in pools.LANGUAGES:
        for key, text in pooltext.texts(lang).items():
            if key.startswith((f"{theme}.narration.", "words.common_narration.")):
                parts = [re.escape(lit) + (f"(?P<{f}>.+?)" if f else "") for lit, f, _s, _c in string.Formatter().parse(text)]
                out.append((re.compile("".join(parts), re.I), key))
    return tuple(out)


def fits(key: str, theme: str, tags: frozenset[str]) -> bool:
    """Is the text of ``key`` one a film of ``theme`` and ``tags`` may write?"""
    if key.startswith("words."):
        return True  # lines and tropes any film may have
    name, group, rest = key.split(".", 2)
    if name != theme:
        return False
    return group not in pools.TEXT_GROUPS or not pools.text_tags(name, group, rest) \
        or bool(pools.text_tags(name, group, rest) & tags)


def misfits(st: Film) -> list[str]:
    """The texts the bots wrote in this film that do not fit its setting and monster."""
    theme = pools.THEMES[stock.theme_index(st.setting, len(st.title))]
    tags = pools.film_tags(st.monster, tuple(st.abilities), st.trigger)
    names = set(theme.first) | set(theme.last)
    texts = [e.name for e in st.elements.values() if e.kind in ("trope", "subplot", "set")]
    texts += [e.concept for e in st.elements.values() if getattr(e, "concept", "")]
    texts += [e.name for e in st.elements.values() if e.kind in ("extra", "supporting", "star")
              and not set(e.name.split(" ", 1)) <= names]  # a job as a name
    texts += [p for props in st.props.values() for p in props] + st.said + [st.plan] * bool(st.plan)
    bad = []
    for text in texts:
        if text == st.monster or text.startswith(st.monster + " "):
            continue
        keys = _keys_of(text) or tuple(k for pattern, k in _templates(theme.name) if pattern.fullmatch(text))
        if not any(fits(k, theme.name, tags) for k in keys):
            bad.append(text)
    return bad


def stints(st: Film) -> list[tuple[str, bool]]:
    """(director, said a line) for each stint in the chair in which the director did something
    with a set on screen (a claim may take the chair mid-scene)."""
    out: list[list] = []
    up = False
    for e in st.log:
        if e[0] in ("scene", "chair"):
            up = up and e[0] == "chair"
            out.append([e[3] if e[0] == "scene" else e[1], False, False])
        elif e[0] in ("cut", "unfilmed", "climax", "credits"):
            out.append([None, True, False])  # between scenes: nobody directs
        elif out:
            if e[0] == "play" and e[4] == "set":
                up = True
            elif e[0] in ("say", "line") and e[1] == out[-1][0]:
                out[-1][1] = True
            elif up and e[0] in ("play", "trope", "subplot", "create") and e[1] == out[-1][0]:
                out[-1][2] = True
    return [(d, spoke) for d, spoke, acted in out if acted]


def test_the_stock_gives_every_key_in_every_language_and_knows_every_tag():
    english = pools.read("en")
    for lang in ("it", "ru"):
        theirs = pools.read(lang)
        for group in pools.WORD_GROUPS:
            assert list(theirs["words"][group]) == list(english["words"][group]), (lang, group)
        assert set(theirs["themes"]) == set(english["themes"])
        for name, theme in english["themes"].items():
            mine = theirs["themes"][name]
            for group in pools.TEXT_GROUPS:
                assert list(mine[group]) == list(theme[group]), (lang, name, group)
                for key, text in mine[group].items():  # a template fills only the English one's slots
                    slots = {f for _l, f, _s, _c in string.Formatter().parse(text) if f}
                    assert slots <= {f for _l, f, _s, _c in string.Formatter().parse(theme[group][key]) if f}
                    if lang == "ru":
                        assert CYRILLIC.search(text), (name, group, key)
            assert set(mine["premises"]) == set(theme["premises"]), (lang, name)
            for n, premise in mine["premises"].items():
                # the monster's grammar ('gender', 'plural') where it is not masculine singular
                assert set(pools.PREMISE_FIELDS) <= set(premise) <= {*pools.PREMISE_FIELDS, "gender", "plural"}, (lang, name, n)
                if lang == "ru":
                    assert all(CYRILLIC.search(premise[f]) for f in ("monster", "trigger", "setting", "title"))
    for name, tag in pools.TAGS.items():
        assert tag.keywords, name
        for path in tag.texts:
            theme, group, key = path.split(".")
            assert key in english["themes"][theme][group], path
    known = set(pools.TAGS)
    for theme in english["themes"].values():
        for premise in theme["premises"].values():
            assert set(premise.get("tags", [])) <= known, premise
    every = [t for lang in pools.LANGUAGES for t in pooltext.texts(lang).values()]
    assert not [t for t in every if "(take" in t or "(ciak" in t or "(дубль" in t]


def test_a_werewolf_film_gets_no_vampire_nor_creature():
    st = film(10)[0]  # seed 10: the studio's Wolf of Kessel Wood
    assert st.monster == "The Wolf of Kessel Wood"
    assert pools.film_tags(st.monster, tuple(st.abilities), st.trigger) == {"werewolf"}
    written = {e.name for e in st.elements.values()} | set(st.said) | {p for ps in st.props.values() for p in ps}
    others = {pooltext.texts("en")[f"gothic.{p.split('.', 1)[1]}"] for tag in ("vampire", "creature")
              for p in pools.TAGS[tag].texts}
    assert written and not written & others
    assert not misfits(st)


@pytest.mark.parametrize("seed", range(FILMS))
def test_bots_write_fresh_fitting_lines_and_every_director_speaks(seed):
    st, level = film(seed)
    assert st.ending, "the film reached its credits"
    said = Counter(st.said)
    assert len(said) >= 10 and max(said.values()) == 1, said.most_common(2)  # no line twice
    written = [e.name for e in st.elements.values()] + list(said)
    assert not [t for t in written if "(take" in t]
    assert not misfits(st), misfits(st)
    silent = [d for d, spoke in stints(st) if not spoke]
    assert not silent, (silent, level)
    # the screenplay tells the story without the game's numbers (dice stay in their notes)
    prose = [b.text for b in screenplay.blocks(RULES.view(st, None)) if b.kind in ("action", "dialogue", "heading")]
    leaks = [t for t in prose if re.search(r"Monster Dice|Plot Armour|Screen Time|\b\d+ dic?e\b|\bno die\b|\bp[1-4]\b", t)]
    assert not leaks, leaks[:3]


def test_a_russian_reader_reads_the_english_film_in_russian(tmp_path):
    """The film was written in English; the premise, the bots' texts and the names are shown
    in Russian, and the screenplay's file name is the Russian title in Latin letters."""
    st = film(4)[0]  # seed 4: It Came from the Sky, The Blob, a Midwest town
    assert st.title == "It Came from the Sky"
    view = RULES.view(st, None)
    with language("ru"):
        text = screenplay.markdown(view)
        path = screenfile.write_at_credits(view, str(tmp_path))
    assert text.startswith("# Оно пришло с неба") and "КАПЛЯ" in text and "THE BLOB" not in text
    assert "городок на Среднем Западе, 1958" in text and "Midwest" not in text
    assert path.name == "ono-prishlo-s-neba.md"
    english = {t for t in pooltext.texts("en").values() if len(t) > 12 and "{" not in t}
    assert not [t for t in english if t in text]
    with language("en"):
        assert screenplay.markdown(view).startswith("# It Came from the Sky")


def test_a_russian_table_writes_the_trigger_in_russian_and_it_still_triggers():
    with language("ru"):
        st, _level = bots_film(4)
    trope = next(e for e in st.elements.values() if e.kind == "trope" and CYRILLIC.search(e.name)
                 and pooltext.shown(e.name, "en") == st.trigger)
    assert trope.name == "рядом с городом падает метеорит" and st.triggered
    assert not [e.name for e in st.elements.values() if e.kind == "trope" and not CYRILLIC.search(e.name)]
