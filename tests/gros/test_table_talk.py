"""Issue 14's gros items: copies written as they are shown, partial names, the messages the
table reads (no stray comma, no internal ids, passes told alike), the end-screen breakdown."""

from __future__ import annotations

import pytest

from common.engine import NotationError
from common.table import Table
from gros import zones
from gros.notation import parse, ref
from gros.rules import RULES


def table(*setup: str, players: int = 2) -> Table:
    return Table(RULES, seed=3, options={"players": str(players)}, variant="gros",
                 setup=list(enumerate(setup, 1)))


def test_every_copy_reference_parses_back_the_way_it_is_shown():
    """The board shows 'The Robot (1)', narration 'robot.1' (spoken): both must be accepted
    and mean the notation's own name for that copy ('use ray/robot.1/...' was refused)."""
    t = table("movie ray: the-grave-robber[the-lucky-rabbits-foot], the-grave-robber",
              "movie dana: the-reporter", "hand ray: the-shovel", "hand dana: the-car-keys", "turn: ray 2")
    st = t.state
    names = [name for name, _ in zones.char_refs(st, 0)] + [name for name, _, _ in zones.prop_refs(st, 0)]
    assert "ray/the-grave-robber.2" in names, names
    for name in names:
        spoken = zones.spoken(st, name)
        shown = spoken.replace(".1", " (1)").replace(".2", " (2)")
        for form in (name, spoken, shown, shown.replace("the-", "").replace("-", " ")):
            assert ref(form) == name, (form, name)


def test_a_copy_as_the_board_shows_it_plays():
    from tests.gros.test_narration import two_robots_attacked

    t = two_robots_attacked(table)
    lines = t.narrate(t.play("ray", "victim dana/The Robot (1)"), None)
    assert "The Robot (1) dies in dana's Movie." in lines, lines
    assert t.facts()["movie.dana"] == "the-robot"


def test_part_of_a_name_that_fits_one_card_names_it():
    assert parse("play brain") == ("play", "the-brain-from-beyond", (), "", ())
    assert parse("play rabbit's foot on ray/reporter")[1] == "the-lucky-rabbits-foot"
    # 'gr' is in three English names, and in Italian ones too ('Il Grande Magazzino')
    with pytest.raises(NotationError, match="fits 5 cards: .*the-grave-robber.*the-gravedigger"):
        parse("play gr")


def test_taking_from_the_discards_has_no_stray_comma():
    from gros.views import _played

    assert _played("ray", ("play", "the-grave-robber", (), "the-astronaut", ())) == \
        "ray plays The Grave Robber, taking The Astronaut from the discards."
    assert _played("ray", ("play", "meanwhile-back-at-the", ("dana",), "the-beach", ())).endswith(
        "taking The Beach from the discards, on dana.")


def test_combined_locations_are_named_not_given_by_id():
    from common.engine import Event
    from gros.views import narrate

    text = narrate(Event("removed", ("dana", "the-beach+the-boat-house")))
    assert text == "The Beach + The Boat House is removed from dana's Movie."


def test_passes_are_told_to_the_passer_alone():
    """A seat that cannot act is passed for in silence; telling the table of a seat that
    could (and passed) said that it held a stop card. Every pass is now the passer's own."""
    t = table("movie ray: the-robot", "movie dana: the-robot[the-shotgun], the-robot", "hand ray: the-blob",
              "hand dana: blood-curdling-scream", "turn: ray 3")
    t.play("ray", "attack dana with the-blob")
    told: dict[str | None, list[str]] = {s: [] for s in ("ray", "dana", None)}
    passers = []
    for _ in range(5):
        if t.facts()["decision"] == "victim":
            break
        seat = t.facts()["to_move"]
        passers.append(seat)
        events = t.play(seat, "pass")
        for who in told:
            told[who] += t.narrate(events, who)
    assert passers
    assert not any("passes" in line for lines in told.values() for line in lines), told
    for seat in passers:
        assert "You pass." in told[seat], told


def test_the_end_screen_counts_each_title_word_and_shows_the_hand_cards_that_score():
    from gros.render import end_summary

    t = table("movie ray: the-robot", "movie dana: the-reporter", "hand ray: the-blob",
              "hand dana: the-car-keys", "turn: ray 3")
    view = t.view("dana")
    assert view["revealed"] == {}  # nothing is shown before the credits
    st = t.state
    from gros import flow

    flow.finish_game(st, "the test ended it", [])
    view = t.view("dana")
    words = set(view["title_words"])
    for cards in view["revealed"].values():
        for cid in cards:
            assert RULES.catalog.cards[cid].title.lower() in words
    parts = end_summary(view, t.outcome().to_json())
    from io import StringIO

    from rich.console import Console

    out = StringIO()
    Console(file=out, width=150).print(parts[0])
    for seat, score in view["scores"].items():
        assert seat in out.getvalue() and str(score) in out.getvalue()


def test_generated_titles_use_each_title_word_once_and_read_as_titles():
    import random
    import re

    from gros.catalog import load_catalog
    from gros.titles import generated_title

    words = sorted({c.title.lower() for c in load_catalog("gros+gr2").cards.values()})
    rng = random.Random(14)
    for _ in range(500):
        six = rng.sample(words, 6)
        title = generated_title(six)
        said = re.findall(r"[a-z]+(?:-[a-z]+)?", title.lower())
        for w in six:
            assert sum(said.count(form) for form in (w, w + "s", w + "es")) == 1, (six, title)
        assert "  " not in title and not title.endswith(":"), title
    assert generated_title(["zombie", "atomic", "swamp", "revenge", "blob", "night"]) == \
        "Night of the Atomic Blobs: Revenge of the Zombies from the Swamp"


def test_a_word_revealed_twice_is_said_once_and_plurals_are_english():
    """A deal can reveal two cards with one title word ('grave, grave'): the generated title
    said it twice; and it wrote 'Heros'."""
    import random
    import re

    from gros.catalog import load_catalog
    from gros.titles import generated_title

    deck = [c.title.lower() for c in load_catalog("gros+gr2").cards.values() for _ in range(c.copies)]
    rng = random.Random(23)
    for _ in range(300):
        six = rng.sample(deck, 6)  # as a deal reveals them: repeats and all
        said = re.findall(r"[a-z]+(?:-[a-z]+)?", generated_title(six).lower())
        for w in set(six):
            forms = (w, w + "s", w + "es", w[:-1] + "ies")
            assert sum(said.count(form) for form in forms) == 1, (six, said)
    assert generated_title(["hero", "grave", "grave"]) == "The Heroes from the Grave"
    assert "Heros" not in generated_title(["hero", "blob", "night"])
