"""The two decks are real decks, the rulebook cards carry the books' values, and a malformed
deck file fails at once naming the card and the field."""

from __future__ import annotations

from pathlib import Path

import pytest

from common.cards import CardDataError
from gros.catalog import load_catalog, parse_card
from gros.notation import card as card_id
from gros.vocabulary import REGISTRY

BOOK_000 = {  # id: (type, strength, Italian name)
    "the-reporter": ("character", 3, "Il Giornalista"),
    "the-robot": ("character", 3, "Il Robot"),
    "the-annoying-little-brother": ("character", 2, "Il Fratellino Scocciante"),
    "the-tomb": ("location", 2, "La Tomba"),
    "the-blob": ("creature", 9, "Blob"),
    "alien-hq": ("location", 5, "Quartier Generale Alieno"),
    "it-was-only-a-dream": ("sfx", 0, "Era Solo un Sogno"),
    "the-cat-in-the-locker": ("sfx", 0, "Il Gatto nell'Armadietto"),
    "istruzzito": ("sfx", 0, "Istruzzito"),
    "ray-guns": ("sfx", 0, "Pistole a Raggi"),
    "the-mad-scientist": ("creature", 4, "Lo Scienziato Pazzo"),
}
BOOK_001 = {
    "hot-headed-secretary": ("character", 3), "good-looking-handyman": ("character", 2),
    "department-store": ("location", 2), "giant-android": ("creature", 12),
    "flaming-torch": ("prop", 1), "last-ditch-effort": ("sfx", 0), "meteor-shower": ("sfx", 0),
    "boom-in-frame": ("sfx", 0), "meanwhile-back-at-the": ("sfx", 0), "the-beach": ("location", 1),
    "amphibious": ("sfx", 0),
}


@pytest.mark.parametrize("deck", ["gros", "gr2"])
def test_a_real_deck(deck):
    cat = load_catalog(deck)
    copies = sum(cat.deck.values())
    assert 100 <= copies <= 120 and len(cat.cards) >= 60
    types = {c.type for c in cat.cards.values()}
    assert types == {"character", "creature", "prop", "location", "sfx", "credits"}
    assert sum(c.copies for c in cat.cards.values() if c.type == "credits") == 2
    for c in cat.cards.values():
        assert c.title and c.quote and c.text and c.copies >= 1, c.id


def test_every_effect_kind_is_used_by_some_card():
    used = set()
    for c in load_catalog("gros+gr2").cards.values():
        used.update(e.kind for e in c.passive)
        for action in (c.action, c.ability, c.as_sfx):
            if action:
                used.update(e.kind for e in action.effects)
    assert used == set(REGISTRY)


def test_book_000_values_and_italian_aliases():
    cards = load_catalog("gros").cards
    for cid, (ctype, strength, italian) in BOOK_000.items():
        c = cards[cid]
        assert (c.type, c.strength if ctype != "sfx" else 0, c.italian) == (ctype, strength, italian)
        assert card_id(italian) == cid
    assert "Alien" in cards["the-blob"].traits
    hq = cards["alien-hq"].passive[0]
    assert (hq.kind, hq.get("op"), hq.get("value"), dict(hq.get("when"))) == \
        ("strength", "set", -5, {"attack_trait": "Alien"})
    assert cards["the-cat-in-the-locker"].action.cost == 2 and cards["the-cat-in-the-locker"].action.stops
    assert cards["istruzzito"].action.permanent
    assert cards["ray-guns"].action.effects[0].get("factor") == 2
    assert cards["the-mad-scientist"].as_sfx.effects[0].get("factor") == 3


def test_book_001_values():
    cards = load_catalog("gr2").cards
    for cid, (ctype, strength) in BOOK_001.items():
        assert (cards[cid].type, cards[cid].strength) == (ctype, strength), cid
    assert cards["the-beach"].passive[0].get("value") == -5 and "Aquatic" in cards["the-beach"].traits
    assert cards["last-ditch-effort"].action.effects[0].get("value") == 10
    assert "Alien" in cards["giant-android"].traits


def test_misspelled_card_suggests():
    with pytest.raises(Exception, match="did you mean the-blob"):
        card_id("the blobb")


GOOD = {"name": "The Test Ghoul", "type": "creature", "strength": 4, "title": "Ghoul",
        "quote": "Boo.", "text": "Nothing.", "copies": 1}


@pytest.mark.parametrize("change, words", [
    ({"strength": "four"}, "field 'strength'"),
    ({"type": "monster"}, "field 'type'"),
    ({"title": ""}, "field 'title'"),
    ({"colour": "red"}, "unknown field 'colour'"),
    ({"name": "Another Name"}, "field 'name'"),
    ({"as_sfx": {"effects": [{"kind": "explode"}]}}, "'explode' is not a action effect"),
    ({"as_sfx": {"effects": [{"kind": "multiply"}], "target": "creature"}}, "missing field 'factor'"),
    ({"as_sfx": {"effects": [{"kind": "multiply", "factor": 2}], "target": "prop"}}, "cannot act on target 'prop'"),
    ({"passive": [{"kind": "strength", "value": 1, "when": {"weather": "rain"}}]}, "unknown condition 'weather'"),
    ({"ability": {"effects": [{"kind": "draw", "count": 1}]}}, "only cards that stay in play"),
])
def test_malformed_cards_name_card_and_field(change, words):
    entry = {**GOOD, **change}
    with pytest.raises(CardDataError) as info:
        parse_card("the-test-ghoul", entry, "test.toml", "gros")
    assert "the-test-ghoul" in str(info.value) and words in str(info.value)


def test_malformed_file(tmp_path: Path):
    (tmp_path / "gros.toml").write_text('[cards.the-blob]\nname = "The Blob"\ntype = "creature"\n')
    with pytest.raises(CardDataError, match="card 'the-blob': missing field 'strength'"):
        load_catalog.__wrapped__("gros", tmp_path)
    (tmp_path / "gros.toml").write_text("not = [valid")
    with pytest.raises(CardDataError, match="gros.toml: not valid TOML"):
        load_catalog.__wrapped__("gros", tmp_path)


def test_the_rules_page_lists_the_whole_vocabulary():
    from gros.vocabulary import WHEN_KEYS

    text = (Path(__file__).parents[2] / "gros" / "rules.md").read_text(encoding="utf-8")
    for name in list(REGISTRY) + list(WHEN_KEYS):
        assert f"`{name}`" in text, name
