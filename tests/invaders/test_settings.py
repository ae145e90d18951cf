"""Each side's opening hand, draw and hand limit (rulings I3): defaults in decks.toml, options
for both sides or one, and a card file that says something else is refused with its line."""

from __future__ import annotations

import pytest

from common.cards import CardDataError, canonical, checksum
from common.engine import GameError
from invaders.catalog import DECKS_FILE, load_catalog
from invaders.rules import RULES
from invaders.state import ALIENS, HUMANS


def test_the_defaults_come_from_the_card_file():
    st = RULES.setup({}, 1)
    want = RULES.catalog.settings
    assert st.draw == {s: want[s]["draw"] for s in (ALIENS, HUMANS)}
    assert st.hand_limit == {s: want[s]["limit"] for s in (ALIENS, HUMANS)}
    assert {s: len(st.hands[s]) for s in (ALIENS, HUMANS)} == {s: want[s]["hand"] for s in (ALIENS, HUMANS)}


def test_an_option_sets_both_sides_and_a_side_option_one():
    sets = RULES.settings({"draw": "3", "draw.aliens": "1", "hand.humans": "6", "limit": "5"})
    assert sets[ALIENS] == {"hand": RULES.catalog.settings[ALIENS]["hand"], "draw": 1, "limit": 5}
    assert sets[HUMANS] == {"hand": 6, "draw": 3, "limit": 5}
    st = RULES.setup({"draw": "3", "draw.aliens": "1", "hand.humans": "6"}, 2)
    assert len(st.hands[HUMANS]) == 6 and st.draw == {ALIENS: 1, HUMANS: 3}


def test_each_side_draws_its_own_count_and_keeps_its_own_limit():
    st = RULES.setup({"draw.aliens": "1", "draw.humans": "3", "limit.aliens": "2", "hand": "0"}, 4)
    RULES.apply(st, HUMANS, ("place", 3))
    assert (len(st.hands[ALIENS]), len(st.hands[HUMANS])) == (1, 0)  # the fleet drew 1 on turn 1
    RULES.apply(st, ALIENS, ("end",))
    assert len(st.hands[HUMANS]) == 3
    st.hands[ALIENS] += ["gunner", "gunner"]  # 3 cards against a limit of 2: one must go
    st.phase, st.discarding = "attack", False
    RULES.apply(st, ALIENS, ("end",))
    assert st.discarding and RULES.legal_moves(st, ALIENS)[0][0] == "discard"


@pytest.mark.parametrize("options,words", [({"draw.aliens": "x"}, "draw.aliens must be a whole number"),
                                           ({"limit.humans": "0"}, "limit.humans must be between 1 and 20"),
                                           ({"hand": "21"}, "hand must be between 0 and 20")])
def test_bad_settings_are_refused_with_a_sentence(options, words):
    RULES.check_options(options)  # the keys are known ...
    with pytest.raises(GameError, match=words):  # ... the values are not
        RULES.setup(options, 1)


@pytest.mark.parametrize("change,words", [
    (("draw = 3", "draw = -1"), "settings humans: 'draw' must be a whole number from 0 to 20"),
    (("[settings.humans]", "[settings.outpost]"), "no \\[settings.humans\\] section"),
    (("hand = 4\ndraw = 2", "hand = 4\ndeal = 2\ndraw = 2"), "unknown setting 'deal'"),
])
def test_a_bad_settings_table_names_the_file_and_the_setting(tmp_path, change, words):
    text = open(DECKS_FILE, encoding="utf-8").read()
    assert change[0] in text
    bad = tmp_path / "decks.toml"
    bad.write_text(text.replace(change[0], change[1], 1), encoding="utf-8")
    with pytest.raises(CardDataError, match=f"decks.toml: .*{words}"):
        load_catalog(str(bad))


def test_a_saved_state_with_one_number_for_both_sides_still_loads():
    data = RULES.to_json(RULES.setup({}, 3))
    data["hand_limit"], data["draw"] = 4, 2  # as states were saved before the sides had their own
    st = RULES.from_json(data)
    assert st.hand_limit == {ALIENS: 4, HUMANS: 4} and st.draw == {ALIENS: 2, HUMANS: 2}


def test_the_hand_settings_are_part_of_the_card_checksum():
    """The default draw is data (decks.toml) but was not in the record's 'cards' checksum: a game
    saved with the default fleet draw would have replayed with another draw, unwarned,
    after a change of the default. The rulings' settings (hand 4, draw 2, limit 4) add nothing,
    so records written before the settings were data keep their checksum."""
    default = RULES.card_checksum({})
    assert RULES.card_checksum({"draw.aliens": "1"}) != default
    assert RULES.card_checksum({"draw": "3"}) != RULES.card_checksum({"draw": "2"})
    rulings = {"draw": "2", "hand": "4", "limit": "4"}
    composition = RULES.composition(rulings)
    base = checksum([RULES.catalog.source(composition), canonical(composition)])
    assert RULES.card_checksum(rulings) == base
