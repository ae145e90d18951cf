"""The ``hard`` level's search: what it weighs, how its play-outs play, and how it scores a
film where a play-out stops.

What pays in Creature Feature is directing (only the director plays tropes, 2 dice each, and
subplots), and the chair is sold at an auction before every scene and may be claimed in the
middle of one. So the search weighs the chair: whether to bid or claim, and how much, from
samples of the film its seat's view allows (``rules.determinize``: it never sees another
hand). Each play-out runs to the end of the scene with every seat played by the same cheap
rules of thumb (``guide``: bid or claim while the chair costs no more than the tropes in hand
would pay) and is scored by ``standing``: earned dice, and the budget at ``BUDGET_WORTH`` of
an earned die, since dice buy later chairs. The other decisions are rules of thumb read
from its view (``steer``): what to direct, stake, trade and write.
"""

from __future__ import annotations

import math
from typing import Any

from common.engine import Move, Rules
from common.rng import Rng
from horror.elements import CHARACTER_KINDS
from horror.scene import started
from horror.sense import film_seen
from horror.state import AUCTION, CLIMAX, MONSTER, SCENE, Film

CHAIR = ("bid", "claim", "claim auction")  # the decisions the search weighs
BUDGET_WORTH = 1.0  # an unspent die, in earned dice (0.6 and 0.3 measured no better: rules.md)
SPREAD = 3.0  # dice: how far ahead a seat must be to be counted sure of top billing
GREED = 1.6  # the guide pays for the chair up to this many times what its hand would earn


def hand_worth(st: Film, seat: str, hand: list[str], begun: bool) -> float:
    """The dice ``seat`` would earn directing now with ``hand``: 2 a trope of the act and 1 a
    subplot, and 1 for each of its own characters they name; less what starting a scene
    costs when the hand lacks a set (2 dice) or a character (1)."""
    worth = 0.0
    mine = set(hand)
    mine.update(c for c, s in st.played_by.items() if s == seat)
    for card in hand:
        el = st.elements[card]
        if el.kind == "trope" and el.act == st.act:
            worth += 2 + sum(1 for n in el.names if n in mine)
        elif el.kind == "subplot" and st.act != CLIMAX:
            worth += 1 + sum(1 for n in el.names if n in mine)
    if worth and not begun:
        kinds = {st.elements[c].kind for c in hand}
        worth -= 2 * ("set" not in kinds) + (not kinds & set(CHARACTER_KINDS))
    return worth


def worth_now(st: Film, seat: str) -> float:
    """What ``seat``'s hand would earn if it took the chair now (in a scene under way, no set
    or character to bring first)."""
    return hand_worth(st, seat, st.hands[seat], st.phase == SCENE and started(st))


def chair_move(st: Film, seat: str, legal: list[Move], greed: float = GREED) -> Move:
    """Bid (or claim) the least the rules allow while that is no more than ``greed`` times
    what the hand would earn; else pass (or stay quiet, when the hand earns nothing)."""
    worth = worth_now(st, seat)
    bids = [m for m in legal if m[0] in ("bid", "claim")]
    if bids and bids[0][1] <= worth * greed:
        return bids[0]
    return ("quiet",) if worth <= 0 and ("quiet",) in legal else ("pass",)


# -- the play-outs ------------------------------------------------------------------------------
def guide(rules: Rules, st: Film, seat: str, legal: list[Move], rng: Rng) -> Move | None:
    """A play-out's move for any seat, from the sampled film: cheap rules of thumb (None: at
    random). The chair goes to whoever holds the tropes; the director plays them; stakes are
    small, nobody helps, and the scene is cut once nothing more pays."""
    if st.vetoable:  # a line written for its character: let it stand
        return ("pass",)
    if st.phase not in (AUCTION, SCENE):
        return ("done",) if ("done",) in legal else ("decline",) if ("decline",) in legal else None
    if st.auction is not None:
        return chair_move(st, seat, legal)
    if st.pool_queue:
        return legal[len(legal) // 2]
    if st.window:
        return chair_move(st, seat, legal)
    if st.conflict is not None:
        if legal[0][0] == "stake":
            return legal[min(1, len(legal) - 1)]
        return ("pass",) if ("pass",) in legal else ("roll",)
    return direct(st, seat, legal)


def direct(st: Film, seat: str, legal: list[Move]) -> Move:
    """The director's beat: the set, a character, then the tropes and subplots in hand; build
    a set or hire an extra only when the hand has tropes to play; the climax's plan; else cut."""
    plays = {m[1]: m for m in legal if m[0] == "play"}
    kinds = {c: st.elements[c].kind for c in plays if c in st.elements}
    for want in ("set", *CHARACTER_KINDS, "trope", "subplot", "monster"):
        card = next((c for c, k in kinds.items() if k == want), None)
        if card is not None:
            return plays[card]
    verbs = {m[0]: m for m in legal}
    if st.act != CLIMAX and hand_worth(st, seat, st.hands[seat], True) > 0:
        if st.active_set is None and "set" in verbs:
            return verbs["set"]
        if not started(st) and "extra" in verbs:
            return verbs["extra"]
        if "trigger" in verbs and any(MONSTER in st.elements[c].names for c in st.hands[seat]):
            return verbs["trigger"]
    for verb in ("spring", "plan", "escape", "cut"):
        if verb in verbs:
            return verbs[verb]
    chases = [m for m in legal if m[0] == "chase"]
    if chases:
        return chases[0]
    return legal[0]


def scene_over(st: Film) -> bool:
    """A play-out stops when the scene it began in is cut (or the film ends)."""
    return st.phase not in (AUCTION, SCENE)


def standing(rules: Rules, st: Film) -> dict[str, float]:
    """Each seat's share of top billing where a play-out stops: earned dice, and the budget at
    ``BUDGET_WORTH`` an earned die (a softmax over ``SPREAD`` dice: close is close to even)."""
    values = {s: st.earned[s] + BUDGET_WORTH * st.budgets[s] for s in st.seats}
    if st.phase == SCENE and st.director and st.act != CLIMAX:  # cut off mid-scene: its hand
        values[st.director] += hand_worth(st, st.director, st.hands[st.director], True)
    top = max(values.values())
    weights = {s: math.exp((v - top) / SPREAD) for s, v in values.items()}
    total = sum(weights.values())
    return {s: w / total for s, w in weights.items()}


def candidates(rules: Rules, view: dict[str, Any], seat: str, legal: list[Move]) -> list[Move]:
    """The chair moves worth weighing: pass, and the three lowest bids or claims; an
    auction's bids no more than one die above what the seat's hand would earn directing
    (a chair with nothing to direct only loses dice; one die more can keep a richer hand
    from it). The hand is read from the seat's own view."""
    bids = [m for m in legal if m[0] in ("bid", "claim")][:3]
    passes = [m for m in legal if m[0] == "pass"]
    if passes and view.get("hand") is not None and any(m[0] == "bid" for m in bids):
        worth = hand_worth(film_seen(view, seat), seat, list(view["hand"]), False)
        bids = [m for m in bids if m[0] != "bid" or (worth > 0 and m[1] <= worth + 1)]
    return passes + bids
