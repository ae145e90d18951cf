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


def _where(word_list: list[str], prefix: str) -> str:
    if len(word_list) == 1 and word_list[0] in BARE:
        return f" {prefix} {_cap(word_list[0])}"
    return f" {prefix} the " + " ".join(_cap(w) for w in word_list)


def _plural(word: str) -> str:
    if word.split()[-1].lower() == "them" or word.endswith("s"):
        return word
    if word.endswith(("sh", "ch")):
        return word + "es"
    return word + "s"


def _cap(word: str) -> str:
    return "-".join(part.capitalize() for part in word.split("-"))


def generated_title(words: list[str]) -> str:
    """The title for these words (any number; the game always has six)."""
    if not words:
        return ""
    low = [w.lower() for w in words]
    rot = zlib.crc32(" ".join(low).encode()) % len(low)
    low = low[rot:] + low[:rot]  # which being, event or place leads: from the words
    beings = [w for w in low if w in BEINGS]
    events = [w for w in low if w in EVENTS]
    places = [w for w in low if w in PLACES]
    mods = [w for w in low if w in ADJECTIVES]
    things = [w for w in low if w not in BEINGS | EVENTS | PLACES | ADJECTIVES]  # shotgun, torches
    if beings:
        head = beings.pop(0)
    elif things:
        head = things.pop(0)
    elif mods and len(mods) > 2 or (mods and not events):
        head = mods.pop()
    else:
        head = events.pop()
    front, mods = mods[:2], mods[2:]
    cap = lambda ws: " ".join(_cap(w) for w in ws)  # noqa: E731
    who = cap(front + [head])
    who = _plural(who) if head in BEINGS else who
    title = f"{_cap(events.pop(0))} of the {who}" if events else f"The {who}"
    if beings:  # a second being: its own subtitle, or the other side of the fight
        other = cap(mods + beings)
        mods = []
        if events:
            title += f": {cap(events)} of the {_plural(other)}"
            events = []
        else:
            title += f" Versus the {_plural(other)}"
    if things:  # what the film's people carry: "... with the Shotgun and the Torches"
        title += " with the " + " and the ".join(_cap(w) for w in things)
    if places:
        first, *more = places
        title += _where(mods + [first] if not more else [first], "from")
        if more:
            title += _where(mods + more, "to")
        mods = []
    if events or mods:
        title += ": " + " and ".join(cap([w]) for w in events + mods)
    return re.sub(r"\bthe Them\b", "Them", title)  # "Revenge of Them", never "of the Them"


def shown_title(title: str, words: list[str] | tuple[str, ...]) -> str:
    """The title as the reader's language says it: the generated one is made again in that
    language; a title the players wrote themselves is theirs and stays as they wrote it."""
    from common.i18n import DEFAULT, current

    if current() == DEFAULT or not words or title != generated_title(list(words)):
        return title
    return title
