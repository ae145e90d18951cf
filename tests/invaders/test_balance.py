"""The default decks and draw keep Galaxy Invaders even and give the fleet choices (issue 12).

A small, fixed slice of the balance table of invaders/rules.md, on the code path of
``invaders bench --matchups`` (the same seeds, so the figures are exact, not a sample that
may wobble): a change of the decks, the draw or the rules of thumb that tips the game shows
here. The full table (2,000 games, and ``hard``) stays a benchmark."""

from __future__ import annotations

import pytest

from common.bench import matchup
from invaders.cli import SPEC


@pytest.mark.parametrize("level", ["easy", "normal"])
def test_equal_levels_split_the_games_and_the_fleet_chooses(level):
    got = matchup(SPEC, f"{level} vs {level}", [level, level], 400, {})
    aliens = got["share"][f"aliens ({level})"]
    assert 0.45 <= aliens <= 0.55, got
    assert got["choices_per_game"][f"aliens ({level})"] >= 8, got


def test_the_fleet_keeps_choosing_after_its_opening_hand():
    """With the draw of 2 the eight-card fleet ran dry in easy games; with 1 it does not."""
    dry = matchup(SPEC, "easy vs easy", ["easy", "easy"], 400, {"draw.aliens": "2"})
    assert dry["share"]["aliens (easy)"] < 0.35, dry  # why the fleet draws 1 a phase
