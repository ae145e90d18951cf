"""A heuristic Grave Robbers bot: one move of look-ahead from its own view.

For each legal move it deals the unseen cards at random (``determinize``, so it never sees a
hidden card), plays the move, lets every window close as if nobody answered, and scores the
result: its own Movie and hand against the best opponent's Movie. That is enough to attack
the leader when the attack would succeed, stop attacks that would succeed against it, keep
title-word cards, and roll the credits when it is ahead.
"""

from __future__ import annotations

from typing import Any

from common.engine import Move
from common.rng import Rng
from gros import hard, sense, zones
from gros.worth import best_look_ahead, dig


class HeuristicBot:
    """The ``normal`` level: one move of look-ahead from a sampled deal, scored by ``evaluate``."""

    kind = "heuristic"
    needs_view = True
    # the ``easy`` level: this bot with 95% of its decisions at random. Against two of it this
    # bot won 37% of 3-player games at half (60 games), 61% at 85%, 70.5% at 95% (100 each)
    easy_slip = 95
    # what the ``hard`` level borrows: root moves, play-out policy, evaluation (gros.hard)
    search = hard.SEARCH
    coach_search = hard.COACH_SEARCH  # the coach's: quicker play-outs (``make_bot(coach=True)``)

    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng(seed)

    def choose(self, rules: Any, view: dict[str, Any], seat: str, legal: list[Move],
               progress: Any = None) -> Move:
        if len(legal) == 1:
            return legal[0]
        if legal[0][0] == "title":
            return ("title", "", ())
        st = rules.determinize(view, seat, self.rng)
        me = zones.seat_of(st, seat)
        if legal[0][0] == "discard":
            return dig(st, me, legal)
        legal = sense.sensible(st, me, legal)
        if len(legal) == 1:
            return legal[0]
        return best_look_ahead(rules, st, me, legal, lambda: self.rng.below(100) * 1e-5)

    @staticmethod
    def easy_moves(rules: Any, view: dict[str, Any], seat: str, legal: list[Move]) -> list[Move]:
        """The moves the ``easy`` level picks from when it slips: none that harms itself (the
        tests read the seat's own hand and the table only: any deal from the view will do)."""
        st = rules.determinize(view, seat, Rng(0))
        return sense.harmless(st, zones.seat_of(st, seat), legal)


BOTS = {"heuristic": HeuristicBot}
