"""A generated film title that reads as one: "Revenge of the Atomic Zombies from the Swamp",
not "The Dream Crypt Versus the Trance Mistake of Mine Innocent". It uses all six title words
(the books: the title must use every word revealed), each once, in the role its word can
play: a being is who the film is about, an event opens it ("Revenge of ..."), a place is where
they come from, adjectives and the other nouns stand in front, and what is left over is the
subtitle. The choice among equally good titles comes from the words, never from the game's
random stream, so the deal that follows is the same whatever title is chosen.
"""

from __future__ import annotations

import re
import zlib
from dataclasses import dataclass, field

ADJECTIVES = frozenset("""atomic big cheap dark desperate double evil holy innocent invisible radical
    secret slow spooky static teenage toxic unholy""".split())
PLACES = frozenset("""basement beach beyond camp carnival circus club crypt dock drive-in garden grave graveyard
    highway house laboratory lagoon lake mall mars mine moon motel planet school sewer store suburb
    swamp tomb town woods""".split())
BEINGS = frozenset("""android babysitter blob brain brat cheerleader corpse director doll gator hero hunk
    lovers piranha pod robbers robot saucer shark slasher slugger starlet stars stranger survivor
    them zombie""".split())
EVENTS = frozenset("""blast boom curse escape experiment flood fury harvest hunt invasion massacre night
    nightmare quake rescue return revenge scream sequel shock signal strike summer twist dream trance
    mistake method luck end fog gore dig blooper""".split())
BARE = frozenset({"beyond", "mars"})  # places named without 'the'
KNOWN = BEINGS | EVENTS | PLACES | ADJECTIVES  # a word in none of them is a thing carried


def _where(word_list: list[str], prefix: str) -> str:
    if len(word_list) == 1 and word_list[0] in BARE:
        return f" {prefix} {_cap(word_list[0])}"
    return f" {prefix} the " + " ".join(_cap(w) for w in word_list)


def _plural(word: str) -> str:
    if word.split()[-1].lower() == "them" or word.endswith("s"):
        return word
    if word.endswith(("sh", "ch", "x")) or re.search(r"[^aeiou]o$", word):  # Heroes, not Heros
        return word + "es"
    if re.search(r"[^aeiou]y$", word):  # Babies
        return word[:-1] + "ies"
    return word + "s"


def _cap(word: str) -> str:
    return "-".join(part.capitalize() for part in word.split("-"))


@dataclass
class Plan:
    """The roles the words play, whatever the language: ``head`` (with up to two ``front``
    adjectives) is who the film is about, ``event`` opens it ("Revenge of ..."), ``others``
    (adjectives, then beings) are a second side, with ``their`` events or against the head,
    ``things`` are carried, ``places`` (``place_mods`` on them) are where from and where to,
    and ``rest`` (events, then adjectives) is the subtitle."""

    head: str
    kind: str  # being, thing, mod, event or place
    front: list[str] = field(default_factory=list)
    event: str = ""
    others: list[str] = field(default_factory=list)
    other_beings: list[str] = field(default_factory=list)
    their: list[str] = field(default_factory=list)
    things: list[str] = field(default_factory=list)
    places: list[str] = field(default_factory=list)
    place_mods: list[str] = field(default_factory=list)
    rest: list[str] = field(default_factory=list)


def plan(words: list[str]) -> Plan:
    """Which word plays which role (see the module's docstring)."""
    low = list(dict.fromkeys(w.lower() for w in words))  # two cards' same word: said once
    rot = zlib.crc32(" ".join(low).encode()) % len(low)
    low = low[rot:] + low[:rot]  # which being, event or place leads: from the words
    beings = [w for w in low if w in BEINGS]
    events = [w for w in low if w in EVENTS]
    places = [w for w in low if w in PLACES]
    mods = [w for w in low if w in ADJECTIVES]
    things = [w for w in low if w not in KNOWN]  # shotgun, torches
    if beings:
        head, kind = beings.pop(0), "being"
    elif things:
        head, kind = things.pop(0), "thing"
    elif mods and len(mods) > 2 or (mods and not events):
        head, kind = mods.pop(), "mod"
    elif events:
        head, kind = events.pop(), "event"
    else:  # places alone: the film is about the place
        head, kind = places.pop(0), "place"
    out = Plan(head, kind, front=mods[:2])
    mods = mods[2:]
    if events:
        out.event = events.pop(0)
    if beings:  # a second being: its own subtitle, or the other side of the fight
        out.others, out.other_beings, mods = mods, beings, []
        out.their, events = events, []
    out.things = things
    if places:
        out.places, out.place_mods, mods = places, mods, []
    out.rest = events + mods
    return out


def generated_title(words: list[str]) -> str:
    """The title for these words (any number; the game always has six)."""
    if not words:
        return ""
    p = plan(words)
    cap = lambda ws: " ".join(_cap(w) for w in ws)  # noqa: E731
    who = cap(p.front + [p.head])
    who = _plural(who) if p.kind == "being" else who
    title = f"{_cap(p.event)} of the {who}" if p.event else f"The {who}"
    if p.other_beings:
        other = cap(p.others + p.other_beings)
        if p.their:
            title += f": {cap(p.their)} of the {_plural(other)}"
        else:
            title += f" Versus the {_plural(other)}"
    if p.things:  # what the film's people carry: "... with the Shotgun and the Torches"
        title += " with the " + " and the ".join(_cap(w) for w in p.things)
    if p.places:
        first, *more = p.places
        title += _where(p.place_mods + [first] if not more else [first], "from")
        if more:
            title += _where(p.place_mods + more, "to")
    if p.rest:
        title += ": " + " and ".join(cap([w]) for w in p.rest)
    return re.sub(r"\bthe Them\b", "Them", title)  # "Revenge of Them", never "of the Them"

