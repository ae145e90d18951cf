"""What the screenplay keeps and leaves out (H5a and the film's words): every line said stays,
between scenes too; a line its character's owner vetoed is struck; a scene whose only
character dies is still a filmed scene, with its heading."""

from __future__ import annotations

from pathlib import Path

from common.batch import open_table, read_record, replay
from horror import screenplay
from horror.rules import RULES

RECORDS = Path(__file__).parent.parent / "records" / "horror"


def _film(name: str):
    result = replay(RULES, read_record(RECORDS / name))
    assert result.failures == []
    return result.table


def test_lines_said_between_scenes_are_in_the_screenplay():
    table = _film("between-scenes.rec")
    said = [e[2] for e in table.state.log if e[0] == "say"]
    assert len(said) == 5
    text = screenplay.markdown(table.view(None))
    for line in said:
        assert line in text, line
    # where they were said: the keeper counts the boats between the first cut and the second scene
    assert text.index("Igor trims the wick.") < text.index("Night falls over the harbour") \
        < text.index("The keeper counts the boats again.") < text.index("The lamp goes dark.")


def test_a_vetoed_line_is_struck_from_the_screenplay():
    table = _film("veto.rec")
    text = screenplay.markdown(table.view(None)) + screenplay.fountain(table.view(None))
    for struck in ("I will go down to the cove alone.", "Hrrrrgh.", "It's only the wind."):
        assert struck not in text
    for kept in ("Igor drops the lamp and runs.", "Has anyone seen Igor?", "That was no wind."):
        assert kept in text


def test_a_cut_straight_after_the_only_death_is_a_filmed_scene():
    """The issue's case: the only character on screen is killed, and the director cuts."""
    rec = read_record(RECORDS / "death-scene.rec")
    table = open_table(RULES, rec)
    for seat, move in rec.moves():
        table.play(seat, move)
        if move.startswith("attack"):
            break
    table.play("bob", "pass")
    events = table.play("ann", "cut")
    assert "unfilmed" not in [e.kind for e in events]
    assert table.facts()["unfilmed"] == "0"
    text = screenplay.markdown(table.view(None))
    assert "LIGHTHOUSE" in text and "never filmed" not in text
