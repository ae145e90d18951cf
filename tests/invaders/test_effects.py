"""Invaders' effect vocabulary is a registry (invaders/effects.py), as GROS has: the cards name
their effects, and an effect nobody registered is bad card data, refused when the cards are
read, never played as something else (issue 25: it used to play as a 0-step Maneuver)."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from common.cards import CardDataError
from invaders import effects
from invaders.catalog import DECKS_FILE, load_catalog
from invaders.cli import main
from invaders.rules import RULES


def _with(tmp_path, old: str, new: str) -> str:
    text = open(DECKS_FILE, encoding="utf-8").read()
    assert old in text
    bad = tmp_path / "decks.toml"
    bad.write_text(text.replace(old, new, 1), encoding="utf-8")
    return str(bad)


def test_every_card_names_a_registered_effect_of_its_side():
    for seat, cards in RULES.catalog.cards.items():
        for card in cards.values():
            assert seat in effects.REGISTRY[card.effect].seats, card


def test_an_unknown_effect_is_refused_at_load(tmp_path):
    path = _with(tmp_path, 'effect = "snipe"', 'effect = "snype"')
    with pytest.raises(CardDataError, match="card 'gunner': field 'effect': 'snype' is not an effect "
                                            "of the aliens' cards \\(effects: fire, sweep, "):
        load_catalog(path)


def test_an_effect_of_the_other_side_is_refused(tmp_path):
    path = _with(tmp_path, 'effect = "spread"', 'effect = "drift"')
    with pytest.raises(CardDataError, match="card 'spread': field 'effect': 'drift' is not an effect of the humans'"):
        load_catalog(path)


def test_the_fields_an_effect_needs_are_required(tmp_path):
    path = _with(tmp_path, 'effect = "shift"\nsteps = 1', 'effect = "shift"')
    with pytest.raises(CardDataError, match="card 'maneuver1': missing field 'steps'"):
        load_catalog(path)
    path = _with(tmp_path, 'steps = 2', 'steps = 0')
    with pytest.raises(CardDataError, match="card 'maneuver2': field 'steps' must be at least 1"):
        load_catalog(path)


def test_the_command_line_says_so_and_exits_2(tmp_path, monkeypatch):
    """Bad card data is bad input: one line with the message, exit 2, no traceback."""
    monkeypatch.setattr(RULES, "path", _with(tmp_path, 'effect = "snipe"', 'effect = "snype"'))
    monkeypatch.delitem(RULES.__dict__, "catalog", raising=False)
    try:
        result = CliRunner().invoke(main, ["cards"])
    finally:
        RULES.__dict__.pop("catalog", None)  # the next test reads the real cards again
    assert result.exit_code == 2, result.output
    assert "'snype' is not an effect of the aliens' cards" in result.output
    assert "Traceback" not in result.output and "internal error" not in result.output


def test_each_side_plays_its_own_effect_for_a_shared_move_word():
    """'maneuver' is the fleet's sweep and the outpost's shift; 'fire' is both sides' fire."""
    assert effects.for_verb("aliens", "maneuver").name == "sweep"
    assert effects.for_verb("humans", "maneuver").name == "shift"
    assert effects.for_verb("humans", "snipe") is None
    assert effects.for_verb("aliens", "fire") is effects.for_verb("humans", "fire")
