"""What a Creature Feature player needs on screen (issue 23): the stake line counts the Monster
Dice, a settled roll is not drawn on every later board, "your" is the seat that plays a
character, the story's marks come from what happened (not from the players' words), 'cards
type:trope', and 'say' and 'set' refuse what they would have taken wrongly."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from rich.console import Console

from common.batch import read_record, replay
from common.engine import Event, NotationError, Sentence
from common.story import Story
from common.table import Table
from horror import cardlist, render
from horror.notation import parse
from horror.rules import RULES

RECORDS = Path(__file__).parent.parent / "records" / "horror"


def drawn(view, seat, since=None) -> str:
    console = Console(width=160, record=True, no_color=True)
    console.print(render.render_view(view, seat, since=since))
    return console.export_text()


def boards(record: str, seat: str) -> dict[str, list]:
    """Each move's text -> (view before, view after) for ``seat``, in a record's film."""
    out: dict[str, list] = {}
    last: list = [None]

    def on_move(table, line, _events):
        view = table.view(seat)
        out.setdefault(f"{line.seat}: {line.text}", []).append((last[0], view))
        last[0] = view

    assert not replay(RULES, read_record(RECORDS / record), on_move).failures
    return out


def test_the_stake_line_of_a_chase_counts_the_monster_dice():
    """A chase rolls the monster's stake and its Monster Dice; the line before the roll said
    'stake 1' for the two dice the monster would roll."""
    film = boards("monster-dice.rec", "bob")
    _before, view = film["bob: stake 2"][0]
    text = drawn(view, "bob")
    assert "Chase: Count Varga (ann) stake 1 + 1 Monster Die vs Hank Holt (bob) stake 2" in text


def test_a_settled_roll_is_drawn_once_not_on_every_board():
    film = boards("monster-dice.rec", "bob")
    before, view = film["ann: roll"][-1]  # the roll that ends the chase
    assert view["conflict"] is None and view["last_roll"]
    assert "vs   Hank Holt (≤2)" in drawn(view, "bob", since=before)  # new: shown
    assert "Hank Holt (≤2)" not in drawn(view, "bob", since=view)  # seen already: gone
    live_before, live = film["ann: roll"][0]  # a chase going on keeps its last roll in view
    assert live["conflict"] and "Hank Holt (≤2)" in drawn(live, "bob", since=live)


def test_your_is_the_seat_that_plays_the_character_not_the_one_that_wrote_it():
    def film(**kw):
        base = {"seats": ["p1", "p2"], "monster": "The Drowned Choir", "trigger": "the bell",
                "elements": [["c1", "star", "Peggy", 0, [], "p1", ""]], "played_by": {"c1": "p2"},
                "gone": [], "armour": {"c1": 1}, "lost": {"p1": 0, "p2": 0}, "triggered": True,
                "director": "p2"}
        return {**base, **kw}

    killed = film(gone=["c1"])
    assert render.callouts(film(), killed, "p2") == ["The Drowned Choir killed your Peggy."]
    assert render.callouts(film(), killed, "p1") == []  # p1 wrote Peggy; p2 played her
    saved = film(armour={"c1": 0})
    assert render.callouts(film(), saved, "p1") == []
    assert render.callouts(film(), saved, "p2")[0].startswith("Your Peggy spent a level")


def test_the_story_marks_a_move_by_what_happened_never_by_the_players_words():
    """'hates fire' in an ability had marked the premise '+' (fires), and a 'say' holding
    'plays' or 'dies' was marked as a card arriving or leaving; a line '— a dash —' became a
    heading."""
    story = Story.of(render)

    def told(kind, data):
        return Sentence(RULES.narrate(Event(kind, data)), kind)

    lines = story.move_lines([told("premise_set", ("p3", "ability", "hates fire")),
                              told("say", ("p1", "the ghost plays dead and dies again")),
                              told("say", ("p1", "— a dash —"))])
    assert lines == ["· p3 sets the ability: hates fire. · p1: the ghost plays dead and dies again "
                     "· p1: — a dash —"]
    assert story.move_lines([told("death", ("Vera", 1)), told("create", ("p1", "c1", "star", "Dies Irae", 2)),
                             told("move", ("p1", "The pier")), told("act", (2,))]) == [
        "− Vera is caught and killed. The monster grows: Monster Dice 1. + p1 creates star c1 “Dies Irae” "
        "for 2 dice. → The chase runs on to The pier.", "— Act 2 —"]
    # a sentence that does not know its event (an older host's) is marked by its words still
    assert story.mark("p1 plays c3.") == "+"
    table = Table(RULES, seed=7, options={"players": "3"})  # the table's sentences know theirs
    assert [s.kind for s in table.narrate(table.play("p1", "agree"), "p1")] == ["agree"]


def test_cards_filters_by_type_as_in_the_other_games():
    assert [row[0] for row in cardlist.matching("type:trope")] == ["trope"]
    assert [row[0] for row in cardlist.matching("type:set")] == ["set"]
    assert [row[0] for row in cardlist.matching("type:comparsa")] == ["extra"]  # any language's name
    assert cardlist.matching("type:set raise") == []
    assert [row[0] for row in cardlist.matching("star")] == ["star"]
    out = subprocess.run([sys.executable, "-m", "horror", "cards", "type:trope"], capture_output=True,
                         text=True, env={**os.environ, "NO_COLOR": "1"}, timeout=60)
    assert out.returncode == 0 and "an act ends when its" in out.stdout, out.stdout + out.stderr


@pytest.mark.parametrize("typed, says", [
    ("say c7: no quotes here", 'a character\'s line goes in double quotes: say c7: "no quotes here"'),
    ('set "unclosed', "the set's name opens a quote and never closes it"),
])
def test_say_and_set_refuse_what_they_would_have_taken_wrongly(typed, says):
    with pytest.raises(NotationError) as refused:
        parse(typed)
    assert says in str(refused.value)


def test_a_characters_line_in_typographic_quotes_is_a_line():
    assert parse('say c7: "run"') == ("say", "run", "c7")
    assert parse("say c7: “run”") == ("say", "run", "c7")
    assert parse("say Vera: «run»") == ("say", "run", "Vera")
    assert parse("say night falls: the fog comes") == ("say", "night falls: the fog comes")  # narration


def test_say_does_not_draw_the_board_again(tmp_path):
    """A 'say' changes only the film's log, which the board does not show: the board had been
    drawn again after every line, pushing the story off the screen."""
    typed = "agree\nsay the fog rolls in\nsay the lamp goes dark\nstar Vera Crane\nquit\nn\n"
    out = subprocess.run([sys.executable, "-m", "horror", "play", "--seed", "7", "--first", "p1", "--seats",
                          "human,normal,normal"], input=typed, text=True, capture_output=True,
                         env={**os.environ, "NO_COLOR": "1"}, cwd=tmp_path, timeout=60).stdout
    said = out.index("p1: the lamp goes dark")
    assert out.count("p1 to decide: meeting", 0, said) == 1, out  # drawn once, at the meeting
    assert "p1 to decide: meeting" not in out[out.index("p1: the fog rolls in"):said]
    assert "+ p1 creates star c1 “Vera Crane”" in out and out.count("p1 to decide: meeting") >= 2
