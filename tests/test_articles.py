"""Italian fuses a preposition with a name's article: "l'attacco del “Robot”", "sfugge al
Blob", never "di “Il Robot”" or "a Il Blob" (``common/articles.py``). Every Italian message
of every game, each value a name with an article, and the horror stock's monsters in the
sentences that name them; gros's narration with every card is checked in test_agreement."""

from __future__ import annotations

import re
import string
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from common.articles import fill, fused
from common.engine import Event
from common.i18n import Domain, language

ROOT = Path(__file__).resolve().parent.parent
UNFUSED = re.compile(r"(?<![\w'’])(?:di|a|da|in|su) [“«\"]?(?:(?:il|lo|la|i|gli|le) |l['’](?=\w))", re.IGNORECASE)
NAMES = ("“Il Robot”", "Lo Skater", "La Cosa", "L'Uomo Lupo", "I Ratti", "Gli Ultracorpi", "Le Api", "«L’Orda»")


class _Anything(str):
    """A name that takes any format spec (agreement forms, widths): the name it holds."""

    def __format__(self, spec: str) -> str:
        return str(self)


@pytest.mark.parametrize(("prep", "name", "want"), [
    ("di", "“Il Robot”", "del “Robot”"), ("a", "Il Blob", "al Blob"), ("da", "Lo Skater", "dallo Skater"),
    ("in", "La Spiaggia", "nella Spiaggia"), ("su", "I Ratti", "sui Ratti"), ("di", "Gli Ultracorpi", "degli Ultracorpi"),
    ("a", "Le Api", "alle Api"), ("di", "“L'Uomo Lupo”", "dell'“Uomo Lupo”"), ("In", "l’Osservatorio", "Nell’Osservatorio"),
    ("di", "Ilaria", None), ("a", "I", None), ("di", "dana", None), ("su", "Lola", None)])
def test_a_preposition_takes_the_article_of_the_name_after_it(prep, name, want):
    assert fused(prep, name) == want


def test_only_a_preposition_the_template_puts_right_before_the_value_fuses():
    assert fill("{name} sfugge a {monster}.", name="Rita", monster="Il Blob") == "Rita sfugge al Blob."
    assert fill("Casa di {0}, {1}", "La Cosa", "a Il Blob") == "Casa della Cosa, a Il Blob"  # typed text stays
    assert fill("{a} di{b}", a="x", b="Le Api") == "x diLe Api"
    assert fill("dopo {n:>3} di {w!r}", n=5, w="Le Api") == "dopo   5 di 'Le Api'"


@pytest.mark.parametrize("package", ["gros", "horror", "invaders", "common"])
def test_every_italian_message_fuses_a_preposition_with_a_name(package):
    domain = Domain(package)
    with open(ROOT / package / "locale" / "it" / "LC_MESSAGES" / f"{package}.po", "rb") as fh:
        catalog = read_po(fh, locale="it", domain=package)
    bad, checked = [], 0
    with language("it"):
        for message in catalog:
            if not message.id or not message.string:
                continue
            ids = message.id if isinstance(message.id, tuple) else (message.id,)
            texts = [domain.ngettext(ids[0], ids[1], n) for n in (1, 2, 5)] if len(ids) > 1 else (
                [domain.pgettext(message.context, ids[0])] if message.context else [domain.gettext(ids[0])])
            for text in texts:
                fields = {f for _l, f, _s, _c in string.Formatter().parse(text) if f}
                if not fields or not all(f.isidentifier() for f in fields):
                    continue
                for name in NAMES:
                    said = text.format(**dict.fromkeys(fields, _Anything(name)))
                    checked += 1
                    bad += [said for _ in UNFUSED.finditer(said)]
    assert checked > 50, checked
    assert not bad, "\n".join(sorted(set(bad))[:20])


def test_the_horror_stock_monsters_are_fused_where_a_sentence_names_them():
    """Every stock monster (kept in English by the film, shown in Italian) in the narration of
    a chase it loses: "Rita sfugge al Blob"."""
    from horror.rules import RULES

    with open(ROOT / "horror" / "pools.toml", "rb") as fh:
        monsters = re.findall(r'^monster = "(.*)"$', fh.read().decode(), re.MULTILINE)
    assert len(monsters) > 10
    with language("it"):
        said = [RULES.narrate(Event("result", ("chase", "Rita", monster, "Rita", "dana", 1))) for monster in monsters]
    assert not [s for s in said if UNFUSED.search(s)], said
    assert "Rita sfugge al Blob." in said, said


def test_a_name_inside_an_italian_sentence_takes_a_small_article():
    """"gioca la grotta marina", "afferra il capitano": the stock's names start with a capital
    article (they open a line of the board), which Italian writes small inside a sentence."""
    from horror.rules import RULES

    assert fill("{m} afferra {n}; {x}: {y}. {z} muore", m="La Cosa", n="Il capitano", x="Lo Yeti",
                y="La resa", z="Gli Ultracorpi") == "La Cosa afferra il capitano; lo Yeti: La resa. Gli Ultracorpi muore"
    assert fill("tra {a} e «{b}»", a="“Il Robot”", b="Il Colpo") == "tra “Il Robot” e «Il Colpo»"
    with language("it"):
        said = [RULES.narrate(Event("play", ("p2", "s4", "The sea cave", "set", ""))),
                RULES.narrate(Event("result", ("chase", "The Tide Thing", "The Tide Thing", "The trawler captain",
                                               "p3", 0)))]
    assert said == ["p2 gioca la grotta marina.", "La Cosa della Marea afferra il capitano del peschereccio."], said
