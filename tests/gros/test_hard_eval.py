"""The ``hard`` search's evaluation at its play-outs' cut-off (``gros.worth.shares``), fitted
to who won games between ``normal`` bots: each term from a seeded position where it, and only
it, tells two seats apart."""

from __future__ import annotations

from gros import worth
from gros.rules import RULES


def table(setup: list[str], players: int = 2):
    st = RULES.setup({"players": str(players), "variant": "gros"}, 11)
    for line in ["title: The Nothing | nothing", *setup]:
        RULES.scenario(st, line)
    return st


def share(setup: list[str]) -> float:
    """ray's share of the win, the position scored as the search scores its cut-off."""
    return worth.shares(RULES, table([*setup, "turn: ray 3"]))["ray"]


EVEN = ["movie ray: the-robot", "movie dana: the-robot"]


def test_equal_tables_are_even():
    assert abs(share([*EVEN, "hand ray: the-shovel", "hand dana: the-shovel"]) - 0.5) < 1e-9


def test_cards_in_hand_are_worth_no_share_of_their_own():
    """The earlier evaluation counted a hand at its cards' worth: a full hand of Props looked
    better than an empty one. In the fitted games, what was in hand did not tell the winner."""
    full = share([*EVEN, "hand ray: the-shovel, the-flashlight, the-car-keys, the-chainsaw",
                  "hand dana: the-crucifix"])
    assert abs(full - 0.5) < 1e-9


def test_a_point_ahead_is_worth_less_than_it_was():
    """Softer than the earlier guess (6 points made a seat e times likelier to win; now 11.6)."""
    ahead = share(["movie ray: the-robot, the-colonel", "movie dana: the-robot",
                   "hand ray: the-shovel", "hand dana: the-shovel"])
    lead = worth.flow.score(table(["movie ray: the-robot, the-colonel", "movie dana: the-robot"]), 0) - \
        worth.flow.score(table(["movie dana: the-robot"]), 1)
    assert lead > 0
    assert 0.5 < ahead < 1 / (1 + 2.718 ** (-lead / 6.0))


def test_the_credits_in_hand_count_more_the_further_ahead():
    behind = share(["movie ray: the-robot", "movie dana: the-robot, the-colonel",
                    "hand ray: roll-the-credits-fade-out", "hand dana: the-shovel"])
    no_credits_behind = share(["movie ray: the-robot", "movie dana: the-robot, the-colonel",
                               "hand ray: the-shovel", "hand dana: the-shovel"])
    ahead = share(["movie ray: the-robot, the-colonel", "movie dana: the-robot",
                   "hand ray: roll-the-credits-fade-out", "hand dana: the-shovel"])
    no_credits_ahead = share(["movie ray: the-robot, the-colonel", "movie dana: the-robot",
                              "hand ray: the-shovel", "hand dana: the-shovel"])
    assert behind > no_credits_behind  # a little: a lead may come
    assert ahead - no_credits_ahead > behind - no_credits_behind  # much more with the lead now


def test_a_stop_kept_and_a_character_cast_count():
    kept = share([*EVEN, "hand ray: it-was-only-a-dream", "hand dana: the-shovel"])
    assert kept > 0.5
    st = table(["movie ray: the-robot, the-farm-girl", "movie dana: the-robot", "hand ray: the-shovel",
                "hand dana: it-was-only-a-dream", "turn: ray 3"])
    odds = worth.chances(st)
    score = [worth.flow.score(st, s) for s in (0, 1)]
    assert abs(odds[0] - (worth.SCORE_ODDS * score[0] + 2 * worth.CAST_ODDS)) < 1e-9
    assert abs(odds[1] - (worth.SCORE_ODDS * score[1] + worth.CAST_ODDS + worth.STOP_ODDS)) < 1e-9
