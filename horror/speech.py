"""Speaking in the film, and the owner's veto (H5a).

Any player may speak for any character ("Игроку не требуется режиссёрского кресла, чтобы
произнести реплику за любого персонажа"), but "игроки контролируют разыгранных ими персонажей,
так что имеют право вето на действия, с которыми не согласны". So a line of dialogue written
for a character (or the monster) that another seat played in this scene, or narration that
names one, waits for its owner: the owner's decision is ``veto`` (the line is struck from the
film and its screenplay) or ``pass`` (it stands). The log only grows: a struck line stays in
it, and the ``veto`` entry that names it (by its index in the log) keeps it out of the film.
"""

from __future__ import annotations

from common.engine import Event, IllegalMove, Move
from horror import _
from horror.elements import CHARACTER_KINDS
from horror.ledger import CHAR_OR_MONSTER, emit, find
from horror.state import MONSTER, Film


def say(st: Film, seat: str, move: Move, events: list[Event]) -> None:
    """Narration (``say TEXT``) or a line of dialogue (``say CHAR: "LINE"``), by anyone."""
    index = st.log_length
    if len(move) == 2:
        st.said.append(move[1])
        emit(st, events, "say", seat, move[1])
        _await_veto(st, index, seat, _named(st, move[1]))
        return
    try:
        el = find(st, move[2], CHAR_OR_MONSTER, "character")
    except IllegalMove as exc:  # 'say The sign reads: "KEEP OUT"' is refused, not guessed
        raise IllegalMove(_('{exc} to speak as; to narrate, leave out the colon or the quotes').format(exc=exc)) from None
    if el.id in st.gone:
        raise IllegalMove(_('{name} is dead and says nothing more').format(name=el.name))
    st.said.append(move[1])
    emit(st, events, "line", seat, el.id, el.name, move[1])
    _await_veto(st, index, seat, [el.id])


def _named(st: Film, text: str) -> list[str]:
    """The characters on screen (and the monster) a line of narration names: what it has
    them do is an action written for them."""
    low = text.casefold()
    return [c for c in st.screen if (st.elements[c].kind in CHARACTER_KINDS or c == MONSTER)
            and st.elements[c].name.casefold() in low]


def _await_veto(st: Film, index: int, seat: str, cards: list[str]) -> None:
    """Each other seat that plays one of ``cards`` in this scene is asked: veto or pass."""
    owners: list[str] = []
    for card in cards:
        owner = st.played_by.get(card)
        if owner is not None and owner != seat and owner not in owners:
            owners.append(owner)
    st.vetoable.extend((index, owner) for owner in owners)


def owner_decision(st: Film) -> str | None:
    """The seat asked whether it vetoes a line written for its character, if any."""
    return st.vetoable[0][1] if st.vetoable else None


def answer(st: Film, seat: str, move: Move, events: list[Event]) -> None:
    """The owner's answer: ``veto`` strikes the line from the film; ``pass`` lets it stand."""
    index, owner = st.vetoable[0]
    if seat != owner:
        raise IllegalMove(_("{owner} decides whether to veto the line, not {seat}").format(owner=owner, seat=seat))
    if move[0] == "pass":
        st.vetoable.pop(0)
        return
    if move[0] != "veto":
        raise IllegalMove(_("a line was written for a character {seat} plays: 'veto' strikes it from the film, "
                            "'pass' lets it stand").format(seat=seat))
    entry = st.log[index - st.log_dropped]
    st.vetoable = [(i, s) for i, s in st.vetoable if i != index]  # struck once, for every owner
    emit(st, events, "veto", seat, index, entry[-1])


def struck(log: list | tuple) -> set[int]:
    """The log indices of the lines struck by a veto."""
    return {e[2] for e in log if e[0] == "veto"}
