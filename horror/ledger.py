"""Book-keeping every part of the rules shares: the film's log, paying dice, finding cards.

Every public event also goes into ``Film.log``, which the screenplay and the views are
written from; dice move only through ``pay``, ``lose`` and ``reward`` so that the dice
accounting invariant (budget = start + earned - spent - lost - dice at stake) holds.
"""

from __future__ import annotations

from common.engine import Event, IllegalMove
from horror import _, ngettext, pgettext
from horror.elements import CHARACTER_KINDS
from horror.narration import kind_name
from horror.state import MONSTER, Element, Film


def emit(st: Film, events: list[Event], kind: str, *data) -> None:
    """A public event: narrated to everyone and kept in the film's log."""
    st.log.append((kind, *data))
    events.append(Event(kind, data))


def announce(events: list[Event], kind: str, *data) -> None:
    """A public event that says what comes next, for the table only: the film's log (and so
    the screenplay and every view) stays free of such book-keeping."""
    events.append(Event(kind, data))


def tell(events: list[Event], seat: str, kind: str, *data) -> None:
    """A private event: only ``seat`` learns of it; it stays out of the log."""
    events.append(Event(kind, data, seat))


def can_pay(st: Film, seat: str, dice: int, what: str) -> None:
    if dice > st.budgets[seat]:
        have = st.budgets[seat]
        raise IllegalMove(ngettext("{what} costs {n} die, and {seat} has only {have} in the budget",
                                   "{what} costs {n} dice, and {seat} has only {have} in the budget", dice).format(
            what=what, n=dice, seat=seat, have=have))


def pay(st: Film, seat: str, dice: int) -> None:
    st.budgets[seat] -= dice
    st.spent[seat] += dice


def lose(st: Film, seat: str, dice: int) -> None:
    """Dice lost from a stake (already out of the budget)."""
    st.lost[seat] += dice


def reward(st: Film, seat: str, dice: int) -> None:
    st.budgets[seat] += dice
    st.earned[seat] += dice


def what_name(what: str) -> str:
    """The kind of element a move looked for, as a refusal names it."""
    words = {"character": pgettext("looked for", "character"), "card": pgettext("looked for", "card"),
             "character, set or monster": pgettext("looked for", "character, set or monster")}
    return words[what] if what in words else kind_name(what)


def name_of(st: Film, ref: str) -> str:
    if ref == MONSTER:
        return st.monster
    if ref == "plan":
        return "the plan"
    el = st.elements.get(ref)
    return el.name if el else ref


def find(st: Film, ref: str, kinds: tuple[str, ...], what: str) -> Element:
    """The element ``ref`` names (an id or a name, case-insensitive, or a unique prefix of a
    name); IllegalMove with a clear sentence when there is none or it is of the wrong kind."""
    el = st.elements.get(ref)
    if el is None:
        key = ref.lower()
        exact = [e for e in st.elements.values() if e.name.lower() == key and e.kind in kinds]
        if not exact:
            exact = [e for e in st.elements.values() if e.name.lower() == key]
        if not exact:
            exact = [e for e in st.elements.values()
                     if e.kind in kinds and e.name.lower().startswith(key)]
        if len(exact) > 1:
            raise IllegalMove(_('{ref!r} could be {list}: name it by its id').format(ref=ref, list=', '.join(f'{e.id} ({e.name})' for e in exact[:4])))
        el = exact[0] if exact else None
    if el is None:
        raise IllegalMove(_("there is no {what} called {ref!r} in this film").format(what=what_name(what), ref=ref))
    if el.kind not in kinds:
        raise IllegalMove(_("{id} ({name}) is a {kind}, not a {what}").format(
            id=el.id, name=el.name, kind=kind_name(el.kind), what=what_name(what)))
    return el


CHAR = CHARACTER_KINDS
CHAR_OR_MONSTER = (*CHARACTER_KINDS, "monster")
ANY_CARD = (*CHARACTER_KINDS, "set", "trope", "subplot", "monster")


def holder(st: Film, card: str) -> str | None:
    for seat, hand in st.hands.items():
        if card in hand:
            return seat
    return None


def alive(st: Film, card: str) -> bool:
    return card not in st.gone


def unplayed_tropes(st: Film, act: int) -> list[str]:
    return [e.id for e in st.elements.values()
            if e.kind == "trope" and e.act == act and e.id not in st.gone]
