"""The element cards: kinds, Screen Time, costs (ruling H2), and the stock phrases bots and
move suggestions write scripts with.

Costs are data here so that the rules, the help text, the rules page and the tests all read
one table.
"""

from __future__ import annotations

from horror.state import MONSTER, Element

CHARACTER_KINDS = ("extra", "supporting", "star")
SCREEN_TIME = {"extra": 1, "supporting": 2, "star": 3}
START_ARMOUR = {"extra": 0, "supporting": 0, "star": 1}
MONSTER_ST = 4
PLAN_ST = 3
SET_MAX_ST = 4  # a set holds at most 5 dice: 1 for the set, 4 raises (ruling H2)

# dice, at a script meeting and during filming (None: not allowed then)
MEETING_COST = {"extra": 0, "supporting": 1, "star": 2, "armour": 1, "set": 1, "raise": 1}
FILMING_COST = {"extra": 1, "set": 2, "raise": 2}

# the element types a trade offer may name
TYPES = {"role": "role", "character": "role", "char": "role", "set": "set", "trope": "trope",
         "subplot": "subplot", "monster": "monster"}


def card_type(el: Element) -> str:
    """The type a trade names: 'role', 'set', 'trope', 'subplot' or 'monster'."""
    if el.kind in CHARACTER_KINDS:
        return "role"
    return el.kind


def is_character(el: Element) -> bool:
    return el.kind in CHARACTER_KINDS


def id_prefix(kind: str) -> str:
    return {"set": "s", "trope": "t", "subplot": "p"}.get(kind, "c")


# -- stock phrases (the themed stock of names, sets and tropes is in horror.pools) ---------------
ABILITIES = ("smells fear", "moves without a sound", "climbs sheer walls", "cannot cross running water",
             "hates fire", "mimics voices", "sees in the dark", "is drawn to light")


def pick(items: tuple, n: int) -> str:
    """A stock phrase chosen by a number (deterministic: suggestions are a function of the state)."""
    return items[n % len(items)]


def is_monster(ref: str) -> bool:
    return ref == MONSTER
