"""A heuristic Grave Robbers bot: one move of look-ahead from its own view.

For each legal move it deals the unseen cards at random (``determinize``, so it never sees a
hidden card), plays the move, lets every window close as if nobody answered, and scores the
result: its own Movie and hand against the best opponent's Movie. That is enough to attack
the leader when the attack would succeed, stop attacks that would succeed against it, keep
title-word cards, and roll the credits when it is ahead.
"""

from __future__ import annotations

from typing import Any

from common.engine import GameError, Move
from common.rng import Rng
from gros import flow, zones
from gros import moves as mv
from gros import strength as sx
from gros.state import TITLE_BONUS, GrosState

QUIET = {("pass",), ("end",), ("done",)}
WORTH = {"character": 0.25, "prop": 0.25, "location": 0.25, "creature": 0.1}


def hand_worth(st: GrosState, seat: int) -> float:
    """What the cards in hand are worth beyond their title words: they are future plays."""
    total = 0.0
    for i in st.hands[seat]:
        d = st.defs[i]
        if d.type == "credits":
            total += 2.0
        elif d.type == "sfx":
            total += 1.0
        else:
            total += WORTH[d.type] * max(d.strength, 0)
    return total


def public_score(st: GrosState, seat: int) -> float:
    """A Movie's score without the hand (which an opponent cannot see)."""
    words = set(st.title_words)
    cards = st.movies[seat].cards(credits=False)
    return sx.defence(st, seat) + sum(TITLE_BONUS for i in cards if st.defs[i].title.lower() in words)


def evaluate(st: GrosState, me: int) -> float:
    if st.winners:
        return 1000.0 * (me in st.winners) / len(st.winners) - 500.0
    mine = flow.score(st, me) + hand_worth(st, me)
    others = [public_score(st, s) + 0.4 * len(st.hands[s]) for s in range(st.n) if s != me]
    return mine - max(others) - 0.5 * sum(others) / len(others)


def close_windows(rules: Any, st: GrosState, limit: int = 60) -> None:
    """Let every open window close as if nobody answered; victims are picked greedily."""
    for _ in range(limit):
        d = mv.decider(st)
        if d is None or d[1] in ("turn", "discard", "title", "draw"):
            return
        seat, kind = d
        if kind == "victim":
            move: Move = ("victim", pick_victim(st, seat))
        else:
            move = ("pass",)
        rules.apply(st, st.names[seat], move)


def pick_victim(st: GrosState, chooser: int) -> str:
    """The attacker kills the most valuable Character; a Movie's owner gives up the least."""
    a = st.attack
    assert a is not None
    sign = 1 if chooser == a.target else -1
    best, best_value = "", float("-inf")
    for ref in mv.victims(st):
        trial = st.clone()
        flow.kill(trial, ref, [])
        value = sign * public_score(trial, a.target)
        if value > best_value:
            best, best_value = ref, value
    return best


class HeuristicBot:
    kind = "heuristic"
    needs_view = True

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
        best, best_value = legal[0], float("-inf")
        for move in legal:
            trial = st.clone()
            try:
                rules.apply(trial, seat, move)
                close_windows(rules, trial)
            except GameError:
                continue
            value = evaluate(trial, me) + (0.05 if move in QUIET else 0.0) + self.rng.below(100) * 1e-5
            if value > best_value:
                best, best_value = move, value
        return best
