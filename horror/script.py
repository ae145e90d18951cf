"""The premise and the script meetings: writing the film's elements and paying for them (H1, H2).

Each handler validates everything before it changes anything, so a refused move leaves the
film exactly as it was.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from common.engine import Event, IllegalMove, Move
from horror import _, ledger, ngettext, pgettext
from horror.elements import (
    CHARACTER_KINDS,
    FILMING_COST,
    MEETING_COST,
    SCREEN_TIME,
    SET_MAX_ST,
    START_ARMOUR,
    id_prefix,
)
from horror.ledger import CHAR, CHAR_OR_MONSTER, emit, find
from horror.narration import kind_name
from horror.notation import word_for
from horror.scene import same_words, trigger_trope
from horror.state import MEETING, MONSTER, Element, Film

_LOOKS_LIKE_ID = re.compile(r"^(?:[cstp]\d+|m|monster|mostro|монстр|plan)$", re.IGNORECASE)


# -- the premise ----------------------------------------------------------------------------
def premise(st: Film, seat: str, move: Move, events: list[Event]) -> None:
    """"Игроки договариваются": each seat in turn, from the first, may amend the premise and
    then agrees ('agree'; the notation reads 'begin' as 'agree'); when the last seat agrees, the
    first meeting opens."""
    verb = move[0]
    if verb == "agree":
        missing = [w for w, v in (("monster", st.monster), ("trigger", st.trigger),
                                  ("setting", st.setting), ("title", st.title)) if not v]
        if missing:
            words = {"monster": pgettext("premise", "monster"), "trigger": pgettext("premise", "trigger"),
                     "setting": pgettext("premise", "setting"), "title": pgettext("premise", "title")}
            raise IllegalMove(_("the film still needs a {list} before it can begin").format(
                list=", ".join(words[w] for w in missing)))
        emit(st, events, "agree", seat)
        st.turn += 1
        st.free_made = 0
        if st.turn < len(st.seats):
            return
        st.turn = 0
        emit(st, events, "premise", st.title, st.monster, tuple(st.abilities), st.trigger, st.setting)
        open_meeting(st, events)
        return
    text = move[1] if len(move) > 1 else ""
    if verb not in ("monster", "ability", "trigger", "setting", "title") or not text:
        raise IllegalMove(_("before the first meeting: monster, ability, trigger, setting, title, then 'agree'"))
    if verb == "monster":  # a new monster starts its abilities afresh
        st.monster = text
        st.abilities = []
        st.elements[MONSTER] = Element(MONSTER, "monster", text, by=seat)
    elif verb == "ability" and text.lower() == "none":
        st.abilities = []
    elif verb == "ability":
        st.abilities.append(text)
    else:
        setattr(st, verb, text)
    st.free_made += 1
    emit(st, events, "premise_set", seat, verb, text)


def open_meeting(st: Film, events: list[Event]) -> None:
    """A script meeting; the first opens with the first seat, each later one with the next."""
    st.meeting += 1
    st.phase = MEETING
    if st.meeting > 1:
        st.meeting_first = (st.meeting_first + 1) % len(st.seats)
    st.turn = st.meeting_first
    st.free_made = 0
    st.meeting_turns = 0
    emit(st, events, "meeting", st.meeting, st.act, st.seats[st.turn])


# -- creating elements -----------------------------------------------------------------------
def check_name(st: Film, name: str, what: str) -> None:
    if _LOOKS_LIKE_ID.match(name):
        if what == "set":
            raise IllegalMove(_("{name!r} looks like a card id; give the set a name").format(name=name))
        raise IllegalMove(_("{name!r} looks like a card id; give the character a name").format(name=name))
    low = name.lower()
    for el in st.elements.values():
        if el.kind in (*CHARACTER_KINDS, "set", "monster") and el.name.lower() == low:
            raise IllegalMove(_('{id} is already called {name!r}; choose another name').format(id=el.id, name=el.name))


def new_element(st: Film, kind: str, name: str, seat: str, act: int = 0,
                names: tuple[str, ...] = (), concept: str = "") -> Element:
    st.counter += 1
    el = Element(f"{id_prefix(kind)}{st.counter}", kind, name, act, names, seat, concept)
    st.elements[el.id] = el
    if kind in CHARACTER_KINDS:
        st.st[el.id] = SCREEN_TIME[kind]
        st.armour[el.id] = START_ARMOUR[kind]
    elif kind == "set":
        st.st[el.id] = 0
        st.props[el.id] = []
    return el


def placed(st: Film, el: Element, seat: str, filming: bool) -> None:
    """A new card goes to the pool at a meeting, to the director's hand during a scene."""
    (st.hands[seat] if filming else st.pool).append(el.id)


def create(st: Film, seat: str, move: Move, events: list[Event], filming: bool) -> bool:
    """Create or raise an element; True if dice were spent (which ends a meeting turn)."""
    verb = move[0]
    costs = FILMING_COST if filming else MEETING_COST
    if verb in CHARACTER_KINDS:
        if verb not in costs:
            raise IllegalMove(_("during filming only extras and sets can be created, not a {kind}").format(
                kind=kind_name(verb)))
        name = move[1]
        check_name(st, name, "character")
        cost = costs[verb]
        ledger.can_pay(st, seat, cost, {"extra": _("an extra"), "supporting": _("a supporting role"), "star": _("a star")}[verb])
        ledger.pay(st, seat, cost)
        concept = move[2] if len(move) > 2 else ""
        el = new_element(st, verb, name, seat, concept=concept)
        placed(st, el, seat, filming)
        emit(st, events, "create", seat, el.id, verb, name, cost, *((concept,) if concept else ()))
        return cost > 0
    if verb == "set":
        name, near = move[1], move[2]
        check_name(st, name, "set")
        others = [find(st, r, ("set",), "set") for r in near]
        cost = costs["set"]
        if not filming and st.budgets[seat] == 0 and not any(e.kind == "set" for e in st.elements.values()):
            cost = 0  # ruling: a film is never stuck for want of its first set
        ledger.can_pay(st, seat, cost, _("a set"))
        ledger.pay(st, seat, cost)
        el = new_element(st, "set", name, seat)
        placed(st, el, seat, filming)
        for o in others:
            pair = tuple(sorted((el.id, o.id)))
            if pair not in st.near:
                st.near.append(pair)  # type: ignore[arg-type]
        emit(st, events, "create", seat, el.id, "set", name, cost)
        return True
    if verb == "raise":
        el = find(st, move[1], ("set",), "set")
        n = move[2]
        if n < 1:
            raise IllegalMove(_('raise a set by at least 1'))
        if st.st[el.id] + n > SET_MAX_ST:
            raise IllegalMove(_('{name} is at Screen Time {st}; a set holds at most 5 dice, so its Screen Time stops at {most}').format(name=el.name, st=st.st[el.id], most=SET_MAX_ST))
        cost = costs["raise"] * n
        ledger.can_pay(st, seat, cost, _("raising {name} by {n}").format(name=el.name, n=n))
        ledger.pay(st, seat, cost)
        st.st[el.id] += n
        emit(st, events, "raise", seat, el.id, el.name, st.st[el.id], cost)
        return True
    if verb == "armour":
        if filming:
            raise IllegalMove(_('Plot Armour is bought at script meetings, not during filming'))
        el = find(st, move[1], CHAR, "character")
        if not ledger.alive(st, el.id):
            raise IllegalMove(_('{name} is dead').format(name=el.name))
        n = move[2]
        if n < 1:
            raise IllegalMove(_('buy at least 1 level of Plot Armour'))
        cost = costs["armour"] * n
        ledger.can_pay(st, seat, cost, ngettext("{n} level of Plot Armour", "{n} levels of Plot Armour", n).format(n=n))
        ledger.pay(st, seat, cost)
        st.armour[el.id] += n
        emit(st, events, "armour", seat, el.id, el.name, st.armour[el.id], cost)
        return True
    raise IllegalMove(_("'{verb}' creates nothing").format(verb=word_for(verb)))


def free_element(st: Film, seat: str, move: Move, events: list[Event]) -> None:
    """Tropes, subplots, props and adjacency: free, at meetings only."""
    verb = move[0]
    if verb == "trope":
        act, refs, text = move[1], move[2], move[3]
        if not st.act <= act <= 3:
            raise IllegalMove(_('act {act} is over; a trope can belong to act {list}').format(act=act, list=' or '.join(map(str, range(st.act, 4)))))
        _one_trigger(st, text)
        chars = _characters(st, refs, CHAR_OR_MONSTER)
        el = new_element(st, "trope", text, seat, act, chars)
        st.pool.append(el.id)
        emit(st, events, "write", seat, el.id, "trope", text, act, _names(st, chars))
    elif verb == "subplot":
        chars = _characters(st, move[1], CHAR)
        if not chars:
            raise IllegalMove(_('a subplot involves at least one character'))
        el = new_element(st, "subplot", move[2], seat, 0, chars)
        st.pool.append(el.id)
        emit(st, events, "write", seat, el.id, "subplot", move[2], 0, _names(st, chars))
    elif verb == "prop":
        el = find(st, move[1], ("set",), "set")
        st.props[el.id].append(move[2])
        emit(st, events, "prop", seat, el.id, el.name, move[2])
    elif verb == "near":
        a = find(st, move[1], ("set",), "set")
        b = find(st, move[2], ("set",), "set")
        if a.id == b.id:
            raise IllegalMove(_('a set is not adjacent to itself'))
        pair = tuple(sorted((a.id, b.id)))
        if pair in st.near:
            raise IllegalMove(_('{name} and {name2} are already adjacent').format(name=a.name, name2=b.name))
        st.near.append(pair)  # type: ignore[arg-type]
        emit(st, events, "near", seat, a.name, b.name)
    else:
        raise IllegalMove(_("'{verb}' is not something to write at a meeting").format(verb=word_for(verb)))


def _one_trigger(st: Film, text: str) -> None:
    """The monster's trigger happens once: a trope with its words is refused once it has
    happened, or while another trope of the script is the trigger."""
    if not same_words(text, st.trigger):
        return
    if st.triggered:
        raise IllegalMove(_("the monster's trigger ({trigger}) has already happened; it happens once").format(
            trigger=st.trigger))
    trope = trigger_trope(st)
    if trope is not None:
        raise IllegalMove(_("the monster's trigger is already written as the trope {id}").format(id=trope))


def _characters(st: Film, refs: tuple[str, ...], kinds: tuple[str, ...]) -> tuple[str, ...]:
    out: list[str] = []
    for ref in refs:
        el = find(st, ref, kinds, "character")
        if el.id in st.gone:
            raise IllegalMove(_('{name} is dead and cannot be written into the script').format(name=el.name))
        if el.id not in out:
            out.append(el.id)
    return tuple(out)


def _names(st: Film, ids: tuple[str, ...]) -> tuple[str, ...]:
    return tuple(ledger.name_of(st, i) for i in ids)


# -- a meeting turn ----------------------------------------------------------------------------
COSTLY = ("extra", "supporting", "star", "set", "raise", "armour")
FREE = ("trope", "subplot", "prop", "near")


def meeting(st: Film, seat: str, move: Move, events: list[Event],
            start_act: Callable[[Film, list[Event]], None]) -> None:
    verb = move[0]
    if verb in COSTLY:
        spent = create(st, seat, move, events, filming=False)
        if spent:
            _next_turn(st, events)
        else:
            st.free_made += 1
    elif verb in FREE:
        free_element(st, seat, move, events)
        st.free_made += 1
    elif verb == "pass":  # a turn without buying (a player with nothing to buy, say)
        emit(st, events, "meeting_pass", seat)
        _next_turn(st, events)
    elif verb == "close":
        if not ledger.unplayed_tropes(st, st.act):
            raise IllegalMove(_("act {act} has no trope yet; write one ('trope {act}: ...') before the meeting can close").format(act=st.act))
        kinds = {e.kind for e in st.elements.values() if e.id not in st.gone}
        if not kinds & set(CHARACTER_KINDS) or "set" not in kinds:
            raise IllegalMove(_('a scene needs a living character and a set: the script must hold both before the meeting can close'))
        if not everyone_had_a_turn(st):
            waiting = [st.seats[(st.turn + k) % len(st.seats)]
                       for k in range(1, len(st.seats) - st.meeting_turns)]
            raise IllegalMove(_('the meeting stays open until every seat has had a turn at it ({list} still to come)').format(list=', '.join(waiting)))
        emit(st, events, "close", seat, st.meeting)
        start_act(st, events)
    else:
        raise IllegalMove(_('at a script meeting {seat} writes elements or closes the meeting').format(seat=seat))


def everyone_had_a_turn(st: Film) -> bool:
    """Ruling: a meeting closes only once every seat has had a turn at it (the book lets
    anyone close on their turn and is silent on how soon; a table must not be shut out)."""
    return st.meeting_turns >= len(st.seats) - 1


def _next_turn(st: Film, events: list[Event]) -> None:
    st.turn = (st.turn + 1) % len(st.seats)
    st.meeting_turns += 1
    st.free_made = 0
    emit(st, events, "meeting_turn", st.seats[st.turn])

