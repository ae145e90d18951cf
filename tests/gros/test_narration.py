"""What the table reads: each thing said once, instructions only to the seat that must act,
and every card named so that players can tell which one (and which copy) is meant."""

from __future__ import annotations

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
