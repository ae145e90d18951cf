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


def test_a_death_ray_needs_its_reach(tmp_path):
    path = _with(tmp_path, 'effect = "ray"\nreach = 4', 'effect = "ray"')
    with pytest.raises(CardDataError, match="card 'ray': missing field 'reach'"):
        load_catalog(path)


@pytest.mark.parametrize("setup, struck", [
    (["ships: d5"], "Defender"),  # d5's ray (4 squares): d4, d3, d2, then the lunar square d1
    (["ships: d6"], None),  # 5 squares up: the ray ends in space at d2
    (["ships: d5", "blue: d2"], "bullet"),
    (["ships: d5 d3"], None),  # the ship below stops it
    (["ships: d5", "red: d3"], "Defender"),  # red bullets do not
    (["ships: d5", "shields: 1"], "shield"),
])
def test_a_death_ray_strikes_at_once_down_its_column(setup, struck):
    """The fleet's one threat that no card played after it can answer (issue 21)."""
    options = {"deck.aliens": "ray:4", "hand": "4"}
    st = RULES.setup(options, 5)
    RULES.apply(st, "humans", ("place", 3))
    for line in setup:
        RULES.scenario(st, line)
    assert RULES.catalog.cards["aliens"]["ray"].reach == 4
    events = RULES.apply(st, "aliens", ("ray", setup[0].split()[1]))
    kinds = [e.kind for e in events]
    assert kinds[:2] == ["play", "ray"], kinds
    assert (st.winner == "aliens") == (struck == "Defender"), (st.winner, kinds)
    assert ("ray_stopped" in kinds) == (struck == "bullet") and (struck != "bullet" or not st.blue)
    assert ("shielded" in kinds) == (struck == "shield")
    if struck == "Defender":
        assert st.reason == "a death ray destroyed the Defender"
