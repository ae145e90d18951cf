"""Record ``setup`` directives for Creature Feature: fixed dice (H8), stacked deals, budgets.
SETUP_HELP lists them (``horror rules --all`` prints it; a test applies every example).
"""

from __future__ import annotations

from common.engine import IllegalMove, Rules
from horror import _
from horror.state import Film

SETUP_HELP = (
    ("dice: N N N", "dice: 1 2 2 3 5 1 3 4 6",
     "the next dice rolled, in order (side one's, then side two's, roll after roll); the seeded "
     "dice follow them"),
    ("deal SEAT: CARD, CARD; SEAT: CARD", "deal p1: c1, s2; p2: c3",
     "one line per deal, in order: these cards go to these seats, the rest are dealt as usual "
     "(ids are numbered in order of creation, so a record knows them in advance)"),
    ("budget SEAT: N", "budget p1: 5", "SEAT's starting budget (instead of 12)"),
)


def apply_directive(rules: Rules[Film], st: Film, directive: str) -> None:
    head, sep, body = directive.partition(":")
    words = head.split()
    if not sep or not words:
        raise IllegalMove(_("a setup line reads 'setup WHAT: VALUES' (dice, deal, budget)"))
    if words == ["dice"]:
        values = body.replace(",", " ").split()
        if not values or not all(v.isdigit() and 1 <= int(v) <= 6 for v in values):
            raise IllegalMove(_('fixed dice are numbers from 1 to 6'))
        st.fixed.extend(int(v) for v in values)
    elif words[0] == "deal":
        st.stacked.append(_deal(st, directive.partition(" ")[2]))
    elif words[0] == "budget" and len(words) == 2:
        seat = _seat(st, words[1])
        if not body.strip().isdigit():
            raise IllegalMove(_('a budget is a whole number of dice'))
        st.budgets[seat] = st.start[seat] = int(body)
    else:
        known = ", ".join(syntax.split(":")[0] for syntax, _example, _what in SETUP_HELP)
        raise IllegalMove(_('unknown setup {strip!r} ({known})').format(strip=head.strip(), known=known))


def _seat(st: Film, name: str) -> str:
    if name not in st.budgets:
        raise IllegalMove(_('no seat {name!r} (seats: {list})').format(name=name, list=', '.join(st.seats)))
    return name


def _deal(st: Film, text: str) -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    for part in text.split(";"):
        seat, sep, cards = part.partition(":")
        if not sep:
            raise IllegalMove(_("a stacked deal reads 'deal SEAT: c1, s2; SEAT: t3'"))
        out[_seat(st, seat.strip())] = [c.strip().lower() for c in cards.split(",") if c.strip()]
    return out
