"""What a Grave Robbers position and a card in hand are worth to a seat: the judgement the
``normal`` bot scores its look-ahead with and the ``hard`` search scores its play-outs with,
and the rules of thumb both follow (what to discard, which victim to pick, windows closed as
if nobody answered)."""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

from common.engine import GameError, Move
from gros import flow
from gros import moves as mv
from gros import strength as sx
from gros.state import HAND_SIZE, TITLE_BONUS, GrosState

QUIET = {("pass",), ("end",), ("done",)}
WORTH = {"character": 0.35, "prop": 0.25, "location": 0.25, "creature": 0.3}
CHAFF = 1.0  # a card worth less than this goes at the end of a turn, to draw a better one
# ``chances``: log-odds of winning per score point (a seat 11.6 points ahead is e, 2.7, times
# likelier to win), per credits card in hand, and per point of lead it holds the credits with,
# per stop in hand, per Character cast (fitted: see ``chances``)
SCORE_ODDS, CREDITS_ODDS, LEAD_ODDS, STOP_ODDS, CAST_ODDS = 0.086, 0.17, 0.063, 0.14, 0.10


_WORTH: dict[tuple[str, str], float] = {}  # (deck, card id) -> its worth: it depends on the card only


def card_worth(st: GrosState, seat: int, i: int) -> float:
    d = st.defs[i]
    if d.type == "prop" and not st.movies[seat].chars:
        return 0.3  # nobody to hold it
    key = (d.deck, d.id)
    worth = _WORTH.get(key)
    if worth is None:
        worth = _WORTH[key] = _worth(d)
    return worth


def _worth(d: Any) -> float:
    """What a card in hand is worth beyond its title word: a future play, or a stop kept for
    the attack that would cost a Character. Every card is worth something (a choice later),
    so paying for a stop with cards must buy more than it costs."""
    if d.type == "credits":
        return 2.0
    if d.type == "sfx":
        return 2.5 if is_stop(d) else 1.2
    if d.type == "creature":  # a future attack: worth less than the kill it buys
        return 0.4 + 0.12 * max(d.strength, 0)
    return 0.6 + WORTH[d.type] * max(d.strength, 0)


def is_stop(d: Any) -> bool:
    """An SFX that stops a card or an attack: what a seat keeps for the blow that matters."""
    return d.type == "sfx" and d.action is not None and (
        d.action.stops or any(e.kind == "stop_attack" for e in d.action.effects))


def hand_worth(st: GrosState, seat: int) -> float:
    """What the cards in hand are worth beyond their title words: they are future plays."""
    return sum(card_worth(st, seat, i) for i in st.hands[seat])


def banked(st: GrosState, seat: int) -> int:
    """Match play: the points already won in earlier games of the match."""
    return st.totals[seat] if st.target and st.totals else 0


def public_score(st: GrosState, seat: int) -> float:
    """A Movie's score without the hand (which an opponent cannot see)."""
    words = set(st.title_words)
    cards = st.movies[seat].cards(credits=False)
    return sx.defence(st, seat) + sum(TITLE_BONUS for i in cards if st.defs[i].word in words)


def evaluate(st: GrosState, me: int, leader: float = 0.0) -> float:
    """How good the position is for ``me``: its score and hand against the others' public
    scores (the best rival's, and half their mean), match totals included (a new deal is not a
    clean slate for whoever was behind). ``leader`` moves that much of the mean's weight onto
    the best rival (``gros.hard.LEADER``); with one rival nothing changes."""
    if st.winners:
        return 1000.0 * (me in st.winners) / len(st.winners) - 500.0
    mine = flow.score(st, me) + hand_worth(st, me) + banked(st, me)
    others = [public_score(st, s) + 0.4 * len(st.hands[s]) + banked(st, s) for s in range(st.n) if s != me]
    best, mean = max(others), sum(others) / len(others)
    return mine - best - 0.5 * mean - leader * (best - mean)


def look_ahead(rules: Any, st: GrosState, me: int, move: Move, leader: float = 0.0) -> float:
    """The ``normal`` level's value of a move: played on a copy, every window closed as if
    nobody answered, the position ``evaluate``d (a quiet move a hair ahead of an equal one).
    The seat's legal moves are listed once on ``st`` and lent to every copy: each ``apply``
    checks its move against them, and listing them anew was a third of a look-ahead. So are
    the Movies' Defences, which the copies inherit."""
    cache = st.legal_cache
    if cache is None or cache[0] != me:
        rules.legal_moves(st, st.names[me])
    for s, known in enumerate(st.dcache):  # found once here, not on every copy (most keep it)
        if known is None:
            sx.defence(st, s)
    trial = st.clone()
    trial.legal_cache = st.legal_cache
    try:
        rules.apply(trial, st.names[me], move)
        close_windows(rules, trial)
    except GameError:
        return float("-inf")
    return evaluate(trial, me, leader) + (0.05 if move in QUIET else 0.0)


def best_look_ahead(rules: Any, st: GrosState, me: int, moves: list[Move],
                    jitter: Callable[[], float] | None = None) -> Move:
    """The move ``look_ahead`` rates best, the first of equals: ``normal``'s choice (its
    ``jitter`` breaks ties at random) and a play-out's turn in ``hard``'s search."""
    best, best_value = moves[0], float("-inf")
    for m in moves:
        value = look_ahead(rules, st, me, m) + (jitter() if jitter else 0.0)
        if value > best_value:
            best, best_value = m, value
    return best


def shares(rules: Any, st: GrosState) -> dict[str, float]:
    """The search's evaluation at its cut-off: the open windows closed as if nobody answered,
    then each seat's expected share of the win (a softmax of ``chances``)."""
    close_windows(rules, st)
    if st.winners:
        return {st.names[w]: 1.0 / len(st.winners) for w in st.winners}
    odds = chances(st)
    top = max(odds)
    weights = [math.exp(v - top) for v in odds]
    total = sum(weights)
    return {st.names[s]: w / total for s, w in enumerate(weights)}


def chances(st: GrosState) -> list[float]:
    """Each seat's log-odds of winning, fitted (a softmax over the seats) to who won 1,100
    games between ``normal`` bots (600 of 2 players, 500 of 3; 36,000 positions): the
    score (title words in hand included) and match total, the credits in hand (worth more
    the further ahead), the stops kept, the Characters cast. The cards in hand are worth
    nothing more: in those games they did not tell the winner (an earlier guess that counted
    them, softness 6, fitted worse: 0.61 nats a position against 0.55)."""
    scores = [flow.score(st, s) + banked(st, s) for s in range(st.n)]
    odds = []
    for s in range(st.n):
        lead = scores[s] - max(scores[j] for j in range(st.n) if j != s)
        credits = stops = 0
        for i in st.hands[s]:
            d = st.defs[i]
            credits += d.type == "credits"
            stops += is_stop(d)
        odds.append(SCORE_ODDS * scores[s] + credits * (CREDITS_ODDS + LEAD_ODDS * max(0, lead))
                    + STOP_ODDS * stops + CAST_ODDS * len(st.movies[s].chars))
    return odds


def dig(st: GrosState, me: int, legal: list[Move]) -> Move:
    """End of turn: keep room to draw. A full hand draws nothing next turn, and a hand that
    cannot play stalls the deck; so discard down to five (the least useful card), and chaff
    (a weak Prop, Location or Creature; with no cast every Prop: dig for Characters), one a
    turn. Title words stay: they score in hand; so do stops, Creatures and the credits. But
    never a full hand, even of title words: two bots once held six of them and four cards
    for 300 rounds, the one unable to draw and the other drawing none, so as not to draw the
    deck's last card and end a game it was losing (the least useful title word goes). A full
    hand with a Character in it is kept: the Character is cast next turn, which makes room."""
    hand = st.hands[me]
    words = set(st.title_words)
    no_cast = not st.movies[me].chars

    def keep(i: int) -> float:
        d = st.defs[i]
        if d.word in words:
            return 100.0
        if d.type == "character":  # it could be cast next turn (gros.sense: discarded_cast): after title words
            return 150.0 + card_worth(st, me, i)
        if no_cast and d.type == "prop":
            return -10.0 + card_worth(st, me, i)
        return card_worth(st, me, i)

    worst = min(hand, key=keep, default=None)
    must = len(hand) > HAND_SIZE
    full = len(hand) >= HAND_SIZE
    stalled = full and not any(st.defs[i].type == "character" for i in hand)  # one would be cast next turn
    if worst is None or (keep(worst) >= 50 and not must and not stalled) or not (
            must or full or keep(worst) < CHAFF):
        return ("done",) if ("done",) in legal else legal[0]
    move = ("discard", st.ids[worst])
    return move if move in legal else legal[0]


def close_windows(rules: Any, st: GrosState, limit: int = 60, until: tuple[int, str] | None = None) -> None:
    """Let every open window close as if nobody answered; victims are picked greedily.
    ``until``: stop as well when that seat has that decision (its next answer in an attack)."""
    for _ in range(limit):
        d = mv.decider(st)
        if d is None or d[1] in ("turn", "discard", "title", "draw") or d == until:
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
