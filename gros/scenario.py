"""Record ``setup`` directives: stack the deck, fix hands and Movies, so that a rulebook
example replays exactly. SETUP_HELP lists them (``gros rules --all`` prints it; a test applies
every example). Cards come from the deck, the discards, a hand or a starting cast, so no card
is created or lost; cards displaced by a directive go to the bottom of the deck.
"""

from __future__ import annotations

import re

from common.engine import IllegalMove, Rules
from gros import _, flow, zones
from gros.notation import card
from gros.state import MAIN, TITLE, Char, GrosState

SETUP_HELP = (
    ("hand SEAT: CARD, CARD", "hand dana: it-was-only-a-dream, istruzzito",
     "the hand becomes exactly these cards; the old hand goes to the bottom of the deck"),
    ("movie SEAT: CARD[PROP PROP]{SFX}, CARD", "movie dana: reporter, robot[ray-guns], annoying-little-brother",
     "the cast becomes exactly these, with their Props in [] and the SFX under them in {}; "
     "the old cast goes to the bottom of the deck"),
    ("location SEAT: CARD", "location dana: the-tomb",
     "the Movie's Location (several joined by + are combined, GR2); the old one goes to the bottom of the deck"),
    ("deck: CARD, CARD", "deck: blob, robot",
     "the deck becomes exactly these, the first on top; the rest of the deck goes to the discard pile"),
    ("discard: CARD, CARD", "discard: the-shovel", "these cards go to the discard pile"),
    ("title: TEXT | WORD WORD", "title: Night of the Blob | night blob",
     "the title and the title words it uses (the game starts without a 'title' move)"),
    ("revealed: WORD WORD WORD WORD WORD WORD", "revealed: night swamp moon brain teenage boom",
     "the six title words revealed, before the 'title' move (the deal waits for the title): a "
     "record's title no longer hangs on the seed's shuffle"),
    ("turn: SEAT ROUND", "turn: ray 3", "it is SEAT's turn, in round ROUND, with nothing drawn yet"),
)

_ENTRY = re.compile(r"^\s*([^\[\]{}]+?)\s*(?:\[([^\]]*)\])?\s*(?:\{([^}]*)\})?\s*$")


def _take(st: GrosState, cid: str) -> int:
    for pile in [st.deck, st.discard, *st.hands]:
        for k in range(len(pile) - 1, -1, -1):
            if st.ids[pile[k]] == cid:
                return pile.pop(k)
    for m in st.movies:  # a card dealt into a starting cast: what it held goes under the deck
        for ch in m.chars:
            if st.ids[ch.iid] == cid:
                m.chars.remove(ch)
                st.deck[:0] = ch.props + ch.under
                return ch.iid
            for p in ch.props:
                if st.ids[p] == cid:
                    ch.props.remove(p)
                    return p
    raise IllegalMove(_("no {card!r} is left in the deck, the discards, a hand or a cast").format(card=cid))


def _seat(st: GrosState, name: str) -> int:
    s = zones.seat_of(st, name.strip().lower())
    if s < 0:
        raise IllegalMove(_("there is no seat {seat!r} (seats: {seats})").format(
            seat=name.strip(), seats=", ".join(st.names)))
    return s


def _cards(text: str) -> list[str]:
    return [card(w) for w in text.replace(",", " ").split()]


def apply_directive(rules: Rules[GrosState], st: GrosState, directive: str) -> None:
    head, sep, body = directive.partition(":")
    if not sep:
        raise IllegalMove(_("a setup line reads 'setup WHAT: VALUES'"))
    words = head.split()
    if words == ["revealed"]:  # before the title: nothing is dealt yet (G2)
        _reveal(st, body.split())
        return
    if not st.dealt:  # setup lines describe a dealt table: deal first (the title may come later)
        flow.deal(st, [])
    _apply(st, words, body)
    for s in range(st.n):
        zones.touch(st, s)


def _reveal(st: GrosState, words: list[str]) -> None:
    """The six title words, each some card's, in place of those the seed revealed."""
    if st.phase != TITLE or st.dealt:
        raise IllegalMove(_("the title words are revealed before the title and the deal: put "
                            "'setup revealed' first"))
    known = {d.title.lower(): d.title for d in st.defs}
    if len(words) != 6 or not all(w.lower() in known for w in words):
        raise IllegalMove(_("write 'setup revealed: WORD WORD WORD WORD WORD WORD', six title "
                            "words of the deck's cards"))
    st.candidates = [known[w.lower()] for w in words]


def _apply(st: GrosState, words: list[str], body: str) -> None:
    what = words[0] if words else ""
    if what == "hand" and len(words) == 2:
        s = _seat(st, words[1])
        chosen = [_take(st, c) for c in _cards(body)]
        st.deck[:0] = st.hands[s]
        st.hands[s] = chosen
    elif what == "movie" and len(words) == 2:
        s = _seat(st, words[1])
        m = st.movies[s]
        for ch in m.chars:
            st.deck[:0] = [ch.iid, *ch.props, *ch.under]
        m.chars = []
        for entry in filter(str.strip, body.split(",")):
            found = _ENTRY.match(entry)
            if not found:
                raise IllegalMove(_("{entry!r}: write CARD[PROP PROP]{{SFX}}").format(entry=entry.strip()))
            ch = Char(_take(st, card(found.group(1))))
            ch.props = [_take(st, c) for c in _cards(found.group(2) or "")]
            ch.under = [_take(st, c) for c in _cards(found.group(3) or "")]
            m.chars.append(ch)
    elif what == "location" and len(words) == 2:
        s = _seat(st, words[1])
        m = st.movies[s]
        st.deck[:0] = m.location + m.loc_under
        m.location, m.loc_under = [_take(st, c) for c in _cards(body.replace("+", " "))], []
    elif words == ["deck"]:
        chosen = [_take(st, c) for c in _cards(body)]
        st.discard.extend(st.deck)
        st.deck = chosen[::-1]
        st.deck_out, st.drawer = False, -1
    elif words == ["discard"]:
        st.discard.extend(_take(st, c) for c in _cards(body))
    elif words == ["title"]:
        text, _sep, used = body.partition("|")
        st.title, st.title_words = " ".join(text.split()), [w.lower() for w in used.split()]
        if not st.title or not st.title_words:
            raise IllegalMove(_("write 'setup title: TEXT | WORD WORD ...'"))
        if st.phase == TITLE:
            flow.begin_turn(st, st.first, [])
    elif words == ["turn"]:
        parts = body.split()
        if len(parts) != 2 or not parts[1].isdigit() or int(parts[1]) < 1:
            raise IllegalMove(_("write 'setup turn: SEAT ROUND'"))
        s = _seat(st, parts[0])
        if not st.title:
            st.title, st.title_words = flow.default_title(st), [w.lower() for w in st.candidates]
        st.turn, st.phase = s, MAIN
        st.turn_no = (int(parts[1]) - 1) * st.n + (s - st.first) % st.n + 1
        st.propped, st.used = [], []
    else:
        known = ", ".join(syntax.split(":")[0] for syntax, _h, _e in SETUP_HELP)
        raise IllegalMove(_("unknown setup {what!r} ({known})").format(what=" ".join(words), known=known))
