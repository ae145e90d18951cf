"""What the table reads: each thing said once, instructions only to the seat that must act,
and every card named so that players can tell which one (and which copy) is meant."""

from __future__ import annotations

import re

from common.table import Table
from gros.rules import RULES


def table(*setup: str, players: int = 2) -> Table:
    return Table(RULES, seed=3, options={"players": str(players)}, variant="gros",
                 setup=list(enumerate(setup, 1)))


def test_the_end_of_turn_instructions_are_read_only_by_the_seat_that_discards():
    t = table("movie ray: the-robot", "movie dana: the-reporter", "hand ray: the-shovel, the-flashlight",
              "hand dana: the-car-keys", "turn: ray 2")
    events = t.play("ray", "end")
    assert t.narrate(events, "dana") == ["ray ends the turn holding 2 cards."]
    assert t.narrate(events, None) == ["ray ends the turn holding 2 cards."]
    mine = t.narrate(events, "ray")
    assert mine[0] == "ray ends the turn holding 2 cards."
    assert "'discard CARD'" in mine[1] and "'done'" in mine[1]


def test_a_character_played_is_narrated_once():
    t = table("movie ray: the-robot", "movie dana: the-reporter", "hand ray: the-sheriff",
              "hand dana: the-car-keys", "turn: ray 2")
    lines = t.narrate(t.play("ray", "play the-sheriff"), None)
    assert sum("The Sheriff" in line for line in lines) == 1, lines
    assert t.facts()["movie.ray"] == "the-robot the-sheriff"


def _panel(t: Table, seat: str) -> str:
    from io import StringIO

    from rich.console import Console

    from gros.render import render_view

    console = Console(file=StringIO(), width=120, color_system=None)
    console.print(render_view(t.view(seat), seat))
    return console.file.getvalue()


def test_a_permanent_sfx_on_a_location_is_shown_and_narrated_as_the_locations():
    t = table("movie ray: the-robot", "movie dana: the-reporter", "location ray: the-tomb",
              "hand ray: the-fog-machine", "hand dana: the-car-keys", "turn: ray 2")
    lines = t.narrate(t.play("ray", "play the-fog-machine on ray"), None)
    assert "ray's The Tomb gets +3 Defence." in lines, lines
    panel = _panel(t, "ray")
    assert "@ SFX" not in panel
    assert any("under: The Fog Machine" in row and "+3" in row for row in panel.splitlines()), panel


def test_a_permanent_sfx_on_a_character_shows_its_own_value():
    t = table("movie ray: the-robot{istruzzito}", "movie dana: the-reporter", "hand dana: the-car-keys",
              "turn: ray 2")
    rows = _panel(t, "ray").splitlines()
    assert any("The Robot" in row and "+3" in row for row in rows)
    assert any("under: Head in the Books" in row and "+2" in row for row in rows)


def test_attack_bonuses_say_what_gets_them():
    t = table("movie ray: the-robot", "movie dana: the-reporter[the-lucky-rabbits-foot]",
              "hand ray: the-blob, full-moon", "hand dana: blood-curdling-scream", "turn: ray 3")
    t.play("ray", "attack dana with the-blob")
    lines = t.narrate(t.play("ray", "play full-moon on the-blob"), None)
    assert "The Blob gets +4 Attack for this attack." in lines, lines
    lines = t.narrate(t.play("dana", "play blood-curdling-scream on dana"), None)
    assert "dana's Movie gets +4 Defence for this attack." in lines, lines
    lines = t.narrate(t.play("dana", "use dana/the-reporter/the-lucky-rabbits-foot on dana"), None)
    assert "dana's Movie gets +3 Defence for this attack." in lines, lines


def test_an_attack_is_told_once_in_every_language():
    """Declared ("dana attacks ray's Movie with The Blob!"), then opened after the stop window:
    the opening says so without telling the attack again (Russian said "«Капля» атакует
    фильм игрока dana" twice in a row)."""
    from common.i18n import language

    for lang, names in (("en", ("The Blob", "dana")), ("it", ("Blob", "dana")), ("ru", ("Капля", "dana"))):
        t = table("movie ray: the-robot", "movie dana: the-reporter", "hand ray: the-blob",
                  "hand dana: the-car-keys", "turn: ray 3")
        events = t.play("ray", "attack dana with the-blob")
        while not any(ev.kind == "attack" for ev in events):
            events += t.play(t.facts()["to_move"], "pass")
        events = events[:[ev.kind for ev in events].index("attack") + 1]
        with language(lang):
            lines = t.narrate(events, None)
        told = [line for line in lines if all(name in line for name in names)]
        assert len(told) == 1, lines


def test_copies_of_a_character_are_told_apart():
    t = table("movie ray: the-grave-robber[the-lucky-rabbits-foot], the-grave-robber",
              "movie dana: the-reporter", "hand ray: the-shovel", "hand dana: the-car-keys", "turn: ray 2")
    lines = t.narrate(t.play("ray", "move ray/the-grave-robber/the-lucky-rabbits-foot to ray/the-grave-robber.2"),
                      None)
    assert lines == ["ray's The Grave Robber (1)'s The Lucky Rabbit's Foot goes to ray's The Grave Robber (2)."]
    lines = t.narrate(t.play("ray", "play the-shovel on ray/the-grave-robber"), None)
    assert lines[0] == "ray plays The Shovel on ray's The Grave Robber (1).", lines
    panel = _panel(t, "ray")
    assert "The Grave Robber (1)" in panel and "The Grave Robber (2)" in panel


def two_robots_attacked(table=table):
    """ray's Blob has beaten dana's Movie of two Robots (the first with a Shotgun): ray picks
    the victim. ``table`` builds the game (each test module has its own)."""
    t = table("movie ray: the-robot", "movie dana: the-robot[the-shotgun], the-robot", "hand ray: the-blob",
              "hand dana: the-car-keys", "turn: ray 3")
    t.play("ray", "attack dana with the-blob")
    for _ in range(5):
        if t.facts()["decision"] != "victim":
            t.play(t.facts()["to_move"], "pass")
    assert t.facts()["decision"] == "victim"
    return t


def test_a_victim_among_copies_is_named_with_its_copy_number():
    t = two_robots_attacked()
    lines = t.narrate(t.play("ray", "victim dana/the-robot.2"), None)
    assert "The Robot (2) dies in dana's Movie." in lines, lines
    assert t.facts()["movie.dana"] == "the-robot[the-shotgun]"


def test_a_single_copy_has_no_number():
    t = table("movie ray: the-robot, the-sheriff", "movie dana: the-reporter", "hand ray: the-shovel",
              "hand dana: the-car-keys", "turn: ray 2")
    assert t.narrate(t.play("ray", "play the-shovel on ray/the-robot"), None)[0] == \
        "ray plays The Shovel on ray's The Robot."
    assert "(1)" not in _panel(t, "ray")


def _hand_line(**console_args) -> str:
    from io import StringIO

    from rich.console import Console

    from gros.render import hand_text

    console = Console(file=StringIO(), width=200, **console_args)
    console.print(hand_text(["the-reanimated-corpse", "the-grave-robber", "the-fog-machine"], set()))
    return re.sub(r"\x1b\[[0-9;]*m", "", console.file.getvalue())  # bold is kept without colour


def test_the_hand_shows_what_each_card_is_and_does_with_or_without_colour():
    """The hand showed a name, a number and a colour: no text, no title word (issue 23)."""
    import re

    for look in ({"color_system": None}, {"no_color": True, "force_terminal": True},
                 {"force_terminal": True, "color_system": "truecolor"}):
        text = re.sub(r"\x1b\[[0-9;]*m", "", _hand_line(**look))
        rows = [" ".join(line.split()) for line in text.splitlines()[1:]]
        assert rows[0] == "The Reanimated Corpse creature 4 Corpse No special ability", rows
        assert rows[1].startswith("The Grave Robber character 2 Robbers Once per turn, on your "
                                  "turn: take a Prop"), rows
        assert rows[2] == "The Fog Machine sfx Fog Permanent: a Location gets +3 Defence", rows


def test_once_the_attack_succeeded_the_attack_box_says_so():
    t = table("movie ray: the-robot", "movie dana: the-robot, the-reporter", "hand ray: the-blob",
              "hand dana: blood-curdling-scream", "turn: ray 3")
    t.play("ray", "attack dana with the-blob")
    assert "If everyone passes now it SUCCEEDS" in _panel(t, "ray")
    while t.facts()["decision"] != "victim":
        t.play(t.facts()["to_move"], "pass")
    panel = _panel(t, "dana")
    assert "If everyone passes" not in panel
    assert "SUCCEEDED: ray picks the victim" in panel, panel


def test_a_card_name_after_an_unknown_word_points_to_the_card_command():
    import pytest

    from common.engine import NotationError

    for text in ("cards the-robot", "the robot", "info il robot"):
        with pytest.raises(NotationError, match="is not a move; 'card the-robot' tells what a card does"):
            RULES.parse(text)
    with pytest.raises(NotationError, match="is not a move; try 'help moves'"):
        RULES.parse("dance the twist")


def test_a_finished_match_shows_its_totals_not_only_the_last_games_scores():
    """'ray reached 60. Scores: ray 40, dana 58. Winner: ray.' read as if the wrong player won."""
    from common.bots import RandomBot

    t = Table(RULES, seed=7, options={"players": "2", "target": "150"}, variant="gros")
    bots = {s: RandomBot(7 + i) for i, s in enumerate(t.seats)}
    for _ in range(20_000):
        decisions = t.decisions()
        if not decisions:
            break
        seat = decisions[0].seat
        t.play(seat, bots[seat].choose(t.rules, {}, seat, t.legal_moves(seat)))
    view = t.view(None)
    assert view["winners"] and view["game_no"] > 1
    text = " ".join(_panel(t, "ray").split())
    totals = ", ".join(f"{n} {v}" for n, v in view["totals"].items())
    assert f"match totals {totals}" in text and "the match to 150 is over" in text


def test_each_movie_shows_its_score_if_the_film_ended_now_and_the_hand_its_own():
    """BGA's 'your score if the game ended now': Defence plus 5 a ★ card, the hand's ★ told
    only to its owner (issue 23)."""
    t = table("title: Night of the Robot | night robot", "movie ray: the-robot, the-reporter",
              "movie dana: the-sheriff", "hand ray: the-robot", "hand dana: the-car-keys",
              "turn: ray 2")
    ray, dana = _panel(t, "ray"), _panel(t, "dana")
    # ray: Defence 3 + 3 and one ★ Robot in the Movie; another ★ Robot in hand, for ray alone
    def scores(panel: str) -> list[str]:  # on the panels' bottom edges
        return sorted(re.findall(r"score \d+ ─╯", panel))

    assert "ray (you) — Defence 6" in ray and "★ in hand: +5 at the end" in ray
    assert "ray — Defence 6" in dana and "in hand" not in dana
    assert scores(ray) == scores(dana) == ["score 11 ─╯", "score 3 ─╯"]
    assert "★ its title word is in the title" in ray
    assert t.view("dana")["hand_bonus"] == 0 and t.view(None)["hand_bonus"] is None
    for seat in ("ray", "dana", None):  # what the panels promise is what the end counts
        assert [m["score"] for m in t.view(seat)["movies"]] == [6 + 5, 3]
    from gros.flow import score

    assert [score(t.state, s) for s in range(2)] == [6 + 5 + 5, 3]


def test_a_second_copy_that_comes_in_is_the_one_marked_new():
    """'← new' marked the old copy of a card when a second one entered the Movie."""
    from io import StringIO

    from rich.console import Console

    from gros.render import render_view

    t = table("movie ray: the-robot, the-reporter", "movie dana: the-sheriff",
              "hand ray: the-robot", "hand dana: the-car-keys", "turn: ray 2")
    before = t.view("dana")
    t.play("ray", "play the-robot")
    console = Console(file=StringIO(), width=120, color_system=None)
    console.print(render_view(t.view("dana"), "dana", since=before))
    lines = [line for line in console.file.getvalue().splitlines() if "The Robot" in line]
    assert "← new" not in lines[0] and "← new" in lines[1], lines


def test_the_first_board_after_the_title_marks_nothing_new():
    """Every card of every cast was '← new' on the first board: news is what changed in play."""
    from io import StringIO

    from rich.console import Console

    from gros.render import render_view

    t = Table(RULES, seed=12, options={"players": "3"}, variant="gros")
    before = t.view("ray")
    assert before["phase"] == "title"
    t.play("ray", "title")
    console = Console(file=StringIO(), width=120, color_system=None)
    console.print(render_view(t.view("ray"), "ray", since=before))
    assert "← new" not in console.file.getvalue()
