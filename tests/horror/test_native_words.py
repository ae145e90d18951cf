"""Creature Feature read as a native reader of Italian and Russian would (issue 25): each card of
a hand one item, whatever commas a trope's text holds; the move help and the notation's errors
in the player's own words, which the parser accepts; no "verb: name" in the Russian narration;
the monster's name agreeing with the sentence around it."""

from __future__ import annotations

import pytest

from common.engine import Event
from common.i18n import language
from horror.rules import RULES


@pytest.mark.parametrize("lang", ["en", "it", "ru"])
def test_a_hand_keeps_each_card_one_item_when_a_trope_holds_commas(lang):
    trope = "una porta chiusa, e dietro, nessuno"
    with language(lang):
        line = RULES.narrate(Event("hand", ("p1", ("Anna Rossi", trope, "Cripta di Zeno")), "p1"))
    assert f"Anna Rossi; {trope}; Cripta di Zeno" in line
