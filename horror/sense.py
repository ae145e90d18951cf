"""Rules of thumb both bot levels share, read from the seat's own film (a determinized view:
its own hand, everything public): what a card in hand is worth to it before a scene, what it
may trade and accept, how it splits dice into the climax's pools, and when a character of its
own goes at the monster. Each one answers a fault seen in play (issue 22): bots that handed
over the act's tropes, passed one trope back and forth, offered only tropes for tropes (so a
person's offers found no takers), fed their own monster their own characters, and left the
monster pool empty.
"""

from __future__ import annotations

from dataclasses import fields

from common.engine import Move
from common.rng import Rng
from horror.elements import CHARACTER_KINDS, card_type
from horror.state import MONSTER, Film

PAYS = ("trope", "subplot")  # what a director earns dice by playing
KEEP_FOR_CHAIR = 3  # dice: the climax's pools leave this much for its chair (the book's advice)


_STATE = frozenset(f.name for f in fields(Film)) - {"log", "hands", "offer", "waiting"}  # what a view holds of the film


def film_seen(view: dict, seat: str) -> Film:
    """The film as ``seat``'s view shows it, to read, never to play on (it shares the view's
    lists; ``rules.determinize`` deals the unseen cards and copies everything, at ten times
    the cost): its own hand and no other, and no log (what reads the log reads the view's)."""
    data = {k: v for k, v in view.items() if k in _STATE}
    data.update(log=[], rng=0, fixed=[], stacked=[], offer=None, waiting=[], pool=[],
                hands={s: [] for s in view["seats"]})
    data["hands"][seat] = list(view["hand"] or [])
    return Film.from_json(data)


def now_tropes(st: Film, hand: list[str]) -> list[str]:
    return [c for c in hand if st.elements[c].kind == "trope" and st.elements[c].act == st.act]


def kept(st: Film, hand: list[str]) -> set[str]:
    """What a hand keeps through a trade: the act's tropes (2 dice each to whoever directs
    them) and, when it holds any, one set and one character to start their scene."""
    keep = set(now_tropes(st, hand))
    if keep:
        for kinds in (("set",), CHARACTER_KINDS):
            keep.update([c for c in hand if st.elements[c].kind in kinds][:1])
    return keep


def spares(st: Film, hand: list[str]) -> list[str]:
    """The cards a hand may give away, least worth first: a later act's trope, a second set or
    character, then a subplot; never the monster once it may be played."""
    keep = kept(st, hand)
    out = [c for c in hand if c not in keep and not (c == MONSTER and st.triggered)]
    order = {"trope": 0, "set": 1, "role": 1, "monster": 1, "subplot": 2}
    return sorted(out, key=lambda c: order.get(card_type(st.elements[c]), 1))


def wishes(st: Film, hand: list[str]) -> list[str]:
    """The card types a hand wants, the most wanted first: with tropes of the act, the set and
    the character that start their scene if it lacks them; without one, a trope (this act's
    pay). A hand that has what it needs makes no offer (every offer asks the table)."""
    kinds = {st.elements[c].kind for c in hand}
    if not now_tropes(st, hand):
        return ["trope"]
    return (["set"] if "set" not in kinds else []) + (["role"] if not kinds & set(CHARACTER_KINDS) else [])


def received(view: dict, seat: str) -> set[str]:
    """The card types ``seat`` has received in trades since the deal (the public log says
    which types changed hands): it offers none of them again, so that no card is passed back
    and forth between two seats."""
    log = view.get("log") or []
    since = next((i for i in range(len(log) - 1, -1, -1) if log[i][0] == "deal"), -1)
    out = set()
    for entry in log[since + 1:]:
        if entry[0] == "trade":  # (trade, offering seat, accepting seat, type offered, type wanted)
            if entry[1] == seat:
                out.add(entry[4])
            elif entry[2] == seat:
                out.add(entry[3])
    return out


def trade(st: Film, view: dict, seat: str, legal: list[Move], declined: set[tuple[str, str]]) -> Move:
    """An offer of a spare card for a wanted type (any spare, not only tropes), never one the
    table has just turned down nor of a type received this deal; or the answer to someone's
    offer: a spare of the type asked for, when what comes back is wanted, pays (a trope, a
    subplot) or is like for like."""
    hand = st.hands[seat]
    spare = spares(st, hand)
    if ("decline",) in legal:
        offer = view.get("offer") or {}
        gives, wants = offer.get("gives"), offer.get("wants")
        fair = gives in wishes(st, hand) or gives in PAYS or gives == wants
        give = next((m for c in spare for m in legal if m[0] == "accept" and m[1] == c), None)
        return give if fair and give else ("decline",)
    got = received(view, seat)
    for want in wishes(st, hand):
        for card in spare:
            kind = card_type(st.elements[card])
            if kind == want or kind in got or (kind, want) in declined:
                continue
            if ("offer", card, want) in legal:
                return ("offer", card, want)
    return ("done",)


def pool(st: Film, seat: str, legal: list[Move], rng: Rng) -> Move:
    """The climax's pools (H7) as a player splits them: the monster's own player backs its
    monster with half its dice; the others back the plan, about as many dice as its odds need
    to match the monster (a plan's die succeeds half the time, the monster's two in three, and
    the Monster Dice join its side), and now and then a die for the monster, for the drama;
    everyone keeps ``KEEP_FOR_CHAIR`` dice for the chair."""
    budget = max(m[1] + m[2] for m in legal)
    if st.played_by.get(MONSTER) == seat:
        m = (_free(budget) + 1) // 2 + rng.below(2)
        return ("pool", min(m, budget), 0)
    owner = st.played_by.get(MONSTER)
    monster = st.pools[0] + st.md
    if owner in st.pool_queue:  # its own player has yet to back it: about half its dice
        monster += (_free(st.budgets[owner]) + 1) // 2
    backers = max(1, sum(1 for s in st.pool_queue if s != owner))
    need = max(0, round((monster * 4 / 3 - st.pools[1]) / backers))  # the plan's fair share
    free = _free(budget)
    p = max(0, min(free, need + rng.below(3) - 1))
    m = 1 if rng.below(4) == 0 and free - p >= 1 else 0
    return ("pool", m, p)


def _free(budget: int) -> int:
    """The dice a budget may pool: all but ``KEEP_FOR_CHAIR``, or half of a small one."""
    return budget - KEEP_FOR_CHAIR if budget > KEEP_FOR_CHAIR else budget // 2


def may_go_at_monster(st: Film, seat: str, card: str) -> bool:
    """A character goes at the monster (helping in a chase, an attack) only if it survives
    being caught (Plot Armour to spend) and the monster is another player's: one's own
    characters fed to one's own monster die for nothing."""
    return st.played_by.get(MONSTER) != seat and st.armour.get(card, 0) > 0
