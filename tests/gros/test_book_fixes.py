"""Grave Robbers rules checked against the books (issue 9) where a record cannot show it."""

from __future__ import annotations

from gros.render import describe_card


def test_card_outside_the_games_deck_says_so():
    assert describe_card("skippy", view={"deck_name": "gros"}).startswith("Not in this game's deck (gros): Skippy")
    assert describe_card("skippy", view={"deck_name": "gr2"}).startswith("Skippy")
    assert describe_card("skippy", view={"deck_name": "gros+gr2"}).startswith("Skippy")
    assert describe_card("the blob", view={"deck_name": "gros"}).startswith("The Blob")
    assert describe_card("skippy").startswith("Skippy")  # outside a game: every card
