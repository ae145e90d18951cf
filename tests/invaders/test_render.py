"""What players see of the board: every bullet counts, so stacked ones are shown with their number."""

from __future__ import annotations

from common.batch import open_table
from common.record import parse_record
from invaders import render
from invaders.rules import RULES

STACKED = """game invaders
variant standard
seed 11
option deck.aliens fire:3,maneuver:2,reinforcements:1
option deck.humans fire:12,maneuver1:4,maneuver2:7,maneuver3:2,shield:2
option draw 2
option hand 4
option limit 4
seats aliens=human humans=human
humans: place d
aliens: fire
aliens: end
aliens: discard reinforcements
humans: end
humans: discard fire
humans: discard fire
aliens: fire
expect red: b5 b5 d5 d5 f5 f5
"""


def test_two_red_bullets_on_a_ship_are_drawn_as_two(monkeypatch):
    rec = parse_record(STACKED)
    table = open_table(RULES, rec)
    for line in rec.body:
        if line.kind == "move":
            table.play(line.seat, line.text)
    view = table.view("humans")
    assert view["red"].count("b5") + view["fresh"].count("b5") == 2
    for colour in (True, False):
        text = render._text(render._cell(view, "b5", colour))
        assert text.endswith("2") and len(text) == 3, text
        alone = render._text(render._cell(view, "c5", colour))
        assert "2" not in alone
    assert "2: two stacked" in render.board(view).plain  # the legend says what "◆2" means
    monkeypatch.setenv("NO_COLOR", "1")
    assert " Vr2 " in render.board(view).plain


def test_a_card_name_both_sides_use_shows_both_cards():
    for name in ("fire", "Fire!", "Fuoco!"):
        lines = render.describe_card(name).splitlines()
        assert [line.split(";")[0] for line in lines] == ["Fire! (aliens", "Fire! (humans"], lines
        assert "blue bullet" in lines[1]
    lines = render.describe_card("maneuver").splitlines()
    assert lines[0].startswith("Maneuver (aliens;")
    assert [line.split(" (")[0] for line in lines[1:]] == ["Maneuver 1", "Maneuver 2", "Maneuver 3"]
    assert render.describe_card("maneuver 2").splitlines() == [
        "Maneuver 2 (humans; Manovra 2): The Defender moves exactly 2 squares left or right."]
    assert render.describe_card("zzz") is None
    mine = render.describe_card("fire", {"seat": "humans"}).splitlines()  # the asker's side first
    assert [line.split(";")[0] for line in mine] == ["Fire! (humans", "Fire! (aliens"]


def test_the_defender_and_blue_bullets_stand_out_on_the_yellow_lunar_row():
    st = RULES.setup({"deck.humans": "fire:12"}, 3)
    RULES.apply(st, "humans", ("place", 3))
    RULES.apply(st, "aliens", ("end",))
    while RULES.decisions(st)[0].seat == "aliens":  # discarding down to the hand limit
        RULES.apply(st, "aliens", RULES.legal_moves(st, "aliens")[0])
    RULES.apply(st, "humans", ("fire",))
    view = RULES.view(st, "humans")
    assert view["fresh"] == ["d1"] and view["fresh_colour"] == "blue"
    cell = render._cell(view, "d1", True)
    assert render._text(cell).strip() == render.DEFENDER + render.BLUE
    assert cell == [(" ", "on yellow"), (render.DEFENDER, "bold black on yellow"),
                    (render.BLUE, "bold blue on yellow")]
    view = {**view, "defender": "a"}  # the Defender has moved on and left its bullet behind
    assert render._cell(view, "d1", True) == [(" ", "on yellow"), (render.BLUE, "bold blue on yellow"),
                                             (" ", "on yellow")]
    assert render._cell(view, "a1", True)[1] == (render.DEFENDER, "bold black on yellow")
    assert render._cell(view, "d6", True)[1] == (render.SHIP, "bold bright_white on navy_blue")
    assert render._cell(view, "d1", False) == [(" b ", "")]  # plain mode is unchanged
    assert render._cell(view, "a1", False) == [(" A ", "")]


def test_a_red_bullet_on_a_ship_is_red_and_reads_on_dark_space():
    """A red bullet on a ship was drawn white; a free one was red on blue (about 1.6:1)."""
    view = {"red": ["b5"], "blue": [], "fresh": ["c5"], "fresh_colour": "red", "ships": ["b5"],
            "defender": "d"}
    ship, alone = render._cell(view, "b5", True), render._cell(view, "c5", True)
    assert (render.SHIP, "bold bright_white on navy_blue") in ship
    assert (render.RED, "bold bright_red on navy_blue") in ship
    assert (render.RED, "bold bright_red on navy_blue") in alone
    assert all(len(render._text(c)) == 3 for c in (ship, alone))
    from rich.color import Color

    def luminance(name: str) -> float:
        r, g, b = (c / 255 for c in Color.parse(name).get_truecolor())
        lin = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in (r, g, b)]
        return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]

    for ink in ("bright_red", "bright_cyan", "bright_white"):  # WCAG's contrast ratio
        ratio = (luminance(ink) + 0.05) / (luminance("navy_blue") + 0.05)
        assert ratio >= 4.5, (ink, ratio)


def test_the_forecast_warns_of_a_death_ray_the_defender_cannot_answer_later():
    """A ship that will stand within a Death Ray's reach over the unshielded Defender after
    phases 1-3: the outpost is told while it can still act (raise a shield, shoot, step)."""
    from invaders.bots import ray_reach

    st = RULES.setup({}, 3)
    RULES.apply(st, "humans", ("place", 3))
    RULES.scenario(st, "hand aliens: reinforcements")
    RULES.apply(st, "aliens", ("end",))
    high = ray_reach() + 2  # one row down in phase 3: just within reach
    RULES.scenario(st, f"ships: d{high} b7")
    said = render.callouts(None, RULES.view(st, "humans"), "humans")
    assert any("Death Ray" in line and f"d{high - 1}" in line for line in said), said
    RULES.scenario(st, f"ships: d{high + 1} b7")  # out of reach after phase 3
    assert not any("Death Ray" in line for line in render.callouts(None, RULES.view(st, "humans"), "humans"))
    RULES.scenario(st, f"ships: d{high} b7")
    RULES.scenario(st, "shields: 1")
    assert not any("Death Ray" in line for line in render.callouts(None, RULES.view(st, "humans"), "humans"))


def test_the_fleet_is_told_of_a_death_ray_strike_only_when_it_holds_a_ray():
    """The aliens' forecast spoke of a ray they did not hold (seen in tmux, Italian)."""
    from invaders.bots import ray_reach

    st = RULES.setup({}, 3)
    RULES.apply(st, "humans", ("place", 3))
    RULES.scenario(st, "hand aliens: reinforcements")
    RULES.scenario(st, f"ships: d{ray_reach() + 2} b7")

    def told() -> bool:
        return any("Death Ray" in line for line in render.callouts(None, RULES.view(st, "aliens"), "aliens"))

    assert not told()
    RULES.scenario(st, "hand aliens: reinforcements, ray")
    assert told()


def test_a_ship_about_to_descend_into_a_bullet_is_named_where_it_stands():
    """The callout said "your ship at f4" for the ship at f5 (no ship was at f4): it descends
    into the rising bullet there. The ship is named where the board shows it."""
    from common.table import Table
    from invaders.cli import SPEC
    from invaders.render import callouts

    t = Table(SPEC.rules, seed=10, variant="book")
    t.play("humans", "place a")
    SPEC.rules.scenario(t.state, "ships: c5 f7")
    SPEC.rules.scenario(t.state, "blue: c3")  # rises to c4 in phase 2; c5 descends onto it
    assert callouts(None, t.view("aliens"), "aliens") == ["A blue bullet will destroy your ship at c5 next turn."]
    assert callouts(None, t.view("humans"), "humans") == ["Your blue bullet will destroy the ship at c5 next turn."]
    SPEC.rules.scenario(t.state, "blue: c4")  # meets the ship where it stands, in phase 2
    assert callouts(None, t.view("aliens"), "aliens") == ["A blue bullet will destroy your ship at c5 next turn."]
