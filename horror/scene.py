"""A scene's cards: what the director plays, what tropes and subplots force in, chases moving
to an adjacent set, and a character caught by the monster.
"""

from __future__ import annotations

from common.engine import Event, IllegalMove
from horror import _, chair, ledger
from horror.elements import CHARACTER_KINDS
from horror.ledger import CHAR, emit, find
from horror.pooltext import named, shown
from horror.state import CLIMAX, MONSTER, Film


def started(st: Film) -> bool:
    """Has the scene started? Once a set and a character have been played ("разыграет хотя бы
    одного персонажа и один сет"); a death does not unmake it: it stays started till the cut."""
    return st.begun


def _mark_begun(st: Film) -> None:
    if not st.begun and st.active_set is not None:
        st.begun = any(st.elements[c].kind in CHARACTER_KINDS for c in st.screen)


def need_started(st: Film, what: str) -> None:
    if not started(st):
        raise IllegalMove(_('the scene starts once the director has played a character and a set; then {what}').format(what=what))


def on_screen_character(st: Film, ref: str, role: str) -> str:
    el = find(st, ref, CHAR, "character")
    if el.id not in st.screen:
        raise IllegalMove(_('{name} is not in this scene').format(name=el.name))
    if el.id in st.out:
        raise IllegalMove(_('{name} is knocked out for the rest of the scene').format(name=el.name))
    return el.id


def no_new_action(st: Film) -> None:
    if st.moved:
        raise IllegalMove(_("the chase moved to another set: any further action there is a new scene ('cut' first)"))


def monster_here(st: Film) -> None:
    if MONSTER not in st.screen:
        raise IllegalMove(_('{monster} {monster:is|are} not in this scene').format(monster=named(st.monster)))


def other_side(st: Film, ref: str, a: str) -> str:
    el = find(st, ref, (*CHAR, "set", "monster"), "character, set or monster")
    if el.kind == "monster":
        monster_here(st)
        return MONSTER
    if el.kind == "set":
        if el.id != st.active_set:
            raise IllegalMove(_('{name} is not the active set').format(name=el.name))
        return el.id
    b = on_screen_character(st, el.id, "second side")
    if b == a:
        raise IllegalMove(_('{name} cannot be in conflict with itself').format(name=el.name))
    return b


def play(st: Film, seat: str, ref: str, events: list[Event]) -> None:
    el = find(st, ref, ledger.ANY_CARD, "card")
    if st.act == CLIMAX and el.kind == "set" and el.id in st.screen and st.active_set is None:
        st.active_set = el.id
        _mark_begun(st)
        emit(st, events, "play", seat, el.id, el.name, "set", "")
        return
    if el.id not in st.hands[seat]:
        if el.id in st.screen:
            raise IllegalMove(_("{name} is already in the scene").format(name=el.name))
        raise IllegalMove(_("{name} is not in the director's hand").format(name=el.name))
    kind = el.kind
    if kind in CHARACTER_KINDS:
        if st.active_set is None:
            raise IllegalMove(_("a scene takes place on one set: play a set first ('set NAME' makes one for 2 dice, "
                                "then 'play' it), then its characters"))
        to_screen(st, seat, el.id, events, "")
    elif kind == "set":
        if st.active_set is not None:
            raise IllegalMove(_("{name} is the active set; only a chase moves the scene to an adjacent set ('move SET' between its rolls)").format(name=ledger.name_of(st, st.active_set)))
        to_screen(st, seat, el.id, events, "")
        st.active_set = el.id
        _mark_begun(st)
    elif kind == "monster":
        need_started(st, _("the monster can appear"))
        if not st.triggered:
            raise IllegalMove(_("{monster} cannot appear before its trigger ({trigger}) has happened ('trigger')").format(
                monster=named(st.monster), trigger=shown(st.trigger)))
        to_screen(st, seat, MONSTER, events, "")
        chair.open_window(st)
    elif kind == "trope":
        need_started(st, _("tropes"))
        if el.act != st.act:
            if st.act == CLIMAX:
                raise IllegalMove(_("{name!r} is a trope of act {act}, and this is the climax").format(
                    name=el.name, act=el.act))
            raise IllegalMove(_("{name!r} is a trope of act {act}, and this is act {now}").format(
                name=el.name, act=el.act, now=st.act))
        triggers = not st.triggered and is_trigger(st, el.id)
        forced = _forced(st, el.names, triggers)
        st.hands[seat].remove(el.id)
        st.gone.append(el.id)
        st.scene_tropes.append((seat, el.id))
        emit(st, events, "trope", seat, el.id, el.name, tuple(ledger.name_of(st, c) for c in el.names))
        if triggers:  # the trope named as the trigger: the monster may appear from now on
            st.triggered = True
            emit(st, events, "trigger", seat, st.trigger)
        _force(st, forced, el.name, events)
        chair.open_window(st)
    elif kind == "subplot":
        need_started(st, _("subplots"))
        if st.active_subplot is not None:
            raise IllegalMove(_("the subplot {name!r} is still active; the director may 'drop' it first").format(name=ledger.name_of(st, st.active_subplot)))
        forced = _forced(st, el.names)
        to_screen(st, seat, el.id, events, "", announce=False)
        st.active_subplot = el.id
        st.scene_subplots.append((seat, el.id))
        emit(st, events, "subplot", seat, el.id, el.name, tuple(ledger.name_of(st, c) for c in el.names))
        _force(st, forced, el.name, events)
        chair.open_window(st)


def trigger_trope(st: Film) -> str | None:
    """The unplayed trope of the script that is the monster's trigger, if one is written."""
    return next((e.id for e in st.elements.values()
                 if e.kind == "trope" and e.id not in st.gone and is_trigger(st, e.id)), None)


def may_trigger(st: Film, seat: str) -> None:
    """The trigger happens once, just before the monster's entrance ("«Спусковой крючок» должен
    произойти до разыгрывания монстра"), and by the director, who plays the cards: declared
    ('trigger') by a director who holds the monster, unless a trope of the script is the
    trigger, which then happens when that trope is played."""
    if st.triggered:
        raise IllegalMove(_("the monster's trigger has already happened"))
    trope = trigger_trope(st)
    if trope is not None:
        raise IllegalMove(_("the trigger is the trope {id} (“{text}”): it happens when that trope is played").format(
            id=trope, text=st.elements[trope].name))
    if MONSTER not in st.hands[seat]:
        raise IllegalMove(_("the trigger comes just before {monster} {monster:appears|appear}: only a director "
                            "who holds {monster} declares it").format(monster=named(st.monster)))


def is_trigger(st: Film, trope: str) -> bool:
    """Is this the trope the monster's trigger names? The same words, case and punctuation aside."""
    return same_words(st.elements[trope].name, st.trigger)


def same_words(text: str, trigger: str) -> bool:
    """Does ``text`` say the trigger's words, case and punctuation aside? A studio trigger is
    said in any language its stock has ('a meteor falls near town', 'падает метеорит...')."""
    return _words(text) == _words(trigger) != "" or _words(shown(text, "en")) == _words(shown(trigger, "en")) != ""


def _words(text: str) -> str:
    return " ".join("".join(ch if ch.isalnum() else " " for ch in text.casefold()).split())


def _forced(st: Film, names: tuple[str, ...], triggers: bool = False) -> list[tuple[str, str]]:
    """The (holder, card) pairs a trope or subplot forces into the scene; checks first."""
    out = []
    for card in names:
        if card in st.gone or card in st.screen:
            continue  # dead characters are skipped; those on screen are already there
        if card == MONSTER and not st.triggered and not triggers:
            raise IllegalMove(_('it names {monster}, whose trigger ({trigger}) has not happened yet').format(
                monster=named(st.monster), trigger=shown(st.trigger)))
        who = ledger.holder(st, card)
        if who is not None:
            out.append((who, card))
    return out


def _force(st: Film, forced: list[tuple[str, str]], why: str, events: list[Event]) -> None:
    for who, card in forced:
        to_screen(st, who, card, events, why)


def to_screen(st: Film, seat: str, card: str, events: list[Event], forced_by: str,
               announce: bool = True) -> None:
    st.hands[seat].remove(card)
    st.screen.append(card)
    st.played_by[card] = seat
    if st.elements[card].kind in CHARACTER_KINDS:
        st.scene_chars[card] = seat
        if st.active_set is not None:
            st.begun = True
    if announce:
        el = st.elements[card]
        emit(st, events, "play", seat, card, ledger.name_of(st, card), el.kind, forced_by)


def move_set(st: Film, seat: str, ref: str, events: list[Event]) -> None:
    """During a chase: the action runs on to an adjacent set, whose holder must play it."""
    if seat != st.director:
        raise IllegalMove(_('only the director ({director}) moves the chase').format(director=st.director))
    el = find(st, ref, ("set",), "set")
    pair = tuple(sorted((el.id, st.active_set or "")))
    if pair not in st.near:
        raise IllegalMove(_('{name} is not adjacent to {name2}').format(name=el.name, name2=ledger.name_of(st, st.active_set or '')))
    if el.id not in st.screen:
        who = ledger.holder(st, el.id)
        if who is None:
            raise IllegalMove(_("{name} is not in anyone's hand").format(name=el.name))
        to_screen(st, who, el.id, events, "the chase")
    st.active_set = el.id
    st.moved = True
    emit(st, events, "move", seat, el.name)


def caught(st: Film, card: str, events: list[Event]) -> None:
    """Caught by the monster: a Plot Armour level saves the character (knocked out), or it dies
    and the monster grows a Monster Die. (A climax with nobody left alive ends: the caller,
    ``filming``, sees to it.)"""
    name = ledger.name_of(st, card)
    if st.armour.get(card, 0) > 0:
        st.armour[card] -= 1
        st.out.append(card)
        emit(st, events, "saved", name, st.armour[card])
        return
    st.screen.remove(card)
    st.gone.append(card)
    st.played_by.pop(card, None)
    st.md += 1
    emit(st, events, "death", name, st.md)
