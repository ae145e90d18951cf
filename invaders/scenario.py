"""Record ``setup`` directives for Invaders: stack decks, fix hands, place pieces. SETUP_HELP
lists them (``invaders rules --all`` prints it; a test applies every example). Cards are always
taken from the seat's own deck or discards, so no card is created or lost.
"""

from __future__ import annotations

from common import piles
from common.engine import IllegalMove
from invaders import _
from invaders.catalog import HasCatalog
from invaders.notation import card_id
from invaders.state import HUMANS, SEATS, InvadersState


def _take(st: InvadersState, seat: str, cid: str) -> str:
    if piles.take([st.decks[seat], st.discards[seat]], cid) is not None:
        return cid
    raise IllegalMove(_("the {seat} have no {card!r} card left in deck or discards").format(seat=seat, card=cid))


def _squares(st: InvadersState, words: list[str]) -> list[int]:
    out = []
    for w in words:
        try:
            col, row = ord(w[0]) - 97, int(w[1:]) - 1
        except (ValueError, IndexError):
            raise IllegalMove(_("{word!r} is not a square like d5").format(word=w)) from None
        if not (0 <= col < st.width and 0 <= row <= st.height):
            raise IllegalMove(_("{square} is off the board").format(square=w))
        out.append(row * st.width + col)
    return out


SETUP_HELP = (
    ("hand SEAT: CARD, CARD", "hand humans: fire, shield",
     "the hand becomes exactly these cards; the old hand goes to the bottom of the deck"),
    ("deck SEAT: CARD, CARD", "deck humans: shield, fire",
     "the deck becomes exactly these, the first on top; the rest of the deck goes to the discard pile"),
    ("discard SEAT: CARD, CARD", "discard humans: fire, fire", "these cards go to the discard pile"),
    ("ships: SQUARE SQUARE", "ships: b7 d5", "the fleet is exactly these ships"),
    ("red: SQUARE", "red: d4", "the red bullets (replacing those in play)"),
    ("blue: SQUARE", "blue: d2", "the blue bullets (replacing those in play)"),
    ("shields: N", "shields: 1", "put N Deflector Shields into play"),
)


def apply_directive(rules: HasCatalog, st: InvadersState, directive: str) -> None:
    head, sep, body = directive.partition(":")
    if not sep:
        raise IllegalMove(_("a setup line reads 'setup WHAT: VALUES'"))
    words = head.split()
    if len(words) == 2 and words[0] in ("hand", "deck", "discard") and words[1] in SEATS:
        what, seat = words
        items = [card_id(i.split()) for i in body.split(",") if i.strip()]
        for cid in items:
            if cid not in rules.catalog.cards[seat]:
                raise IllegalMove(_("the {seat} have no card called {card!r}").format(seat=seat, card=cid))
        if what == "hand":
            st.decks[seat][:0] = st.hands[seat]  # the old hand goes under the deck
            st.hands[seat] = [_take(st, seat, cid) for cid in items]
        elif what == "deck":
            chosen = [_take(st, seat, cid) for cid in items]
            st.discards[seat].extend(st.decks[seat])
            st.decks[seat] = chosen[::-1]  # top of the deck is the end of the list
        else:
            st.discards[seat].extend(_take(st, seat, cid) for cid in items)
        return
    if words == ["ships"]:
        st.ships = _squares(st, body.split())
    elif words == ["red"]:
        st.red = _squares(st, body.split())
    elif words == ["blue"]:
        st.blue = _squares(st, body.split())
    elif words == ["shields"] and body.strip().isdigit():
        for _n in range(int(body)):
            st.shields.append(_take(st, HUMANS, "shield"))
    else:
        known = ", ".join(entry[0].split(":")[0] for entry in SETUP_HELP)
        raise IllegalMove(_("unknown setup {what!r} ({known})").format(what=head.strip(), known=known))
