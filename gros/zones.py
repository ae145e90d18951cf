"""Moving cards between places, and naming the cards in play the way the notation does.

A Character in play is written ``SEAT/CARD`` (``SEAT/CARD.2`` for the second copy in that
Movie), a Prop ``SEAT/CARD/PROP``, a Movie (or its Location) by its seat's name.
"""

from __future__ import annotations

from common.engine import Event
from gros.state import Char, GrosState

DRAW_LIMIT = 6


def touch(st: GrosState, seat: int, cast: bool = True, able: bool = True) -> None:
    """A Movie changed: its cached Defence, names and cards with abilities must be found anew.
    ``cast=False``: its Characters are the same ones (a Prop, an SFX under a card or the
    Location changed), so their names stand. ``able=False``: with the same Characters, no
    card with an ability came, went or changed holder (a Prop without one moved or placed,
    an SFX slid under a card), so the cards with abilities stand too."""
    st.dcache[seat] = None
    refs = st.refs
    if cast:
        refs.pop(seat, None)
        refs.pop((seat, "copies"), None)
    refs.pop(~seat, None)
    if cast or able:
        refs.pop((seat, "abilities"), None)


def remember(st: GrosState, seat: int) -> tuple:
    """What ``touch`` forgets of a Movie, for a trial change that puts the Movie back as it
    was (``restore``): a trial then costs one Defence found, not two, and no names found anew."""
    keys = (seat, (seat, "copies"), ~seat, (seat, "abilities"))
    return st.dcache[seat], [(k, st.refs[k]) for k in keys if k in st.refs]


def restore(st: GrosState, seat: int, kept: tuple) -> None:
    """The Movie is as it was when ``remember`` kept its caches: they hold again."""
    touch(st, seat)
    st.dcache[seat] = kept[0]
    st.refs.update(kept[1])


def char_refs(st: GrosState, seat: int) -> list[tuple[str, Char]]:
    """Every Character of ``seat``'s Movie with its notation name (cached until it changes;
    callers must not change the list)."""
    cached = st.refs.get(seat)
    if cached is None:
        cached = st.refs[seat] = _char_refs(st, seat)
    return cached


def _char_refs(st: GrosState, seat: int) -> list[tuple[str, Char]]:
    base = st.names[seat] + "/"
    ids = st.ids
    chars = st.movies[seat].chars
    cids = [ids[ch.iid] for ch in chars]
    if len(set(cids)) == len(cids):  # no two copies of one card: no copy numbers needed
        return [(base + cid, ch) for cid, ch in zip(cids, chars, strict=True)]
    out = []
    seen: dict[str, int] = {}
    for ch in chars:
        cid = ids[ch.iid]
        k = seen[cid] = seen.get(cid, 0) + 1
        out.append((base + cid if k == 1 else f"{base}{cid}.{k}", ch))
    return out


def copies(st: GrosState, seat: int) -> frozenset[str]:
    """The cards of which ``seat``'s Movie holds several Characters (cached with its names)."""
    key = (seat, "copies")
    cached = st.refs.get(key)
    if cached is None:
        cached = st.refs[key] = _copies(st, seat)
    return cached


def _copies(st: GrosState, seat: int) -> frozenset[str]:
    ids = st.ids
    cids = [ids[ch.iid] for ch in st.movies[seat].chars]
    return frozenset(cid for cid in cids if cids.count(cid) > 1)


def spoken(st: GrosState, ref: str) -> str:
    """``ref`` as the table reads it: when a Movie holds several copies of a Character, the
    first is written ``CARD.1`` too, so that narration can say which copy is meant."""
    seat_name, sep, rest = ref.partition("/")
    if not sep:  # a Movie's name: nothing to number
        return ref
    char, sep2, prop = rest.partition("/")
    seat = seat_of(st, seat_name)
    if "." in char or seat < 0 or char not in copies(st, seat):
        return ref
    return f"{seat_name}/{char}.1{sep2}{prop}"


def char_label(st: GrosState, seat: int, ch: Char) -> str:
    """The Character's card id, with its copy number when its Movie holds several copies."""
    for ref, other in char_refs(st, seat):
        if other is ch:
            return spoken(st, ref).partition("/")[2]
    return st.ids[ch.iid]


def prop_refs(st: GrosState, seat: int) -> list[tuple[str, Char, int]]:
    """Every Prop in ``seat``'s Movie: (name, holder, instance), cached like ``char_refs``
    (under the key ``~seat``; callers must not change the list)."""
    cached = st.refs.get(~seat)
    if cached is None:
        cached = st.refs[~seat] = _prop_refs(st, seat)
    return cached


def _prop_refs(st: GrosState, seat: int) -> list[tuple[str, Char, int]]:
    out = []
    ids = st.ids
    for ref, ch in char_refs(st, seat):
        props = ch.props
        if not props:
            continue
        if len(props) == 1:  # the common case: one Prop, no copy number
            p = props[0]
            out.append((f"{ref}/{ids[p]}", ch, p))
            continue
        seen: dict[str, int] = {}
        for p in props:
            pid = ids[p]
            k = seen[pid] = seen.get(pid, 0) + 1
            out.append((f"{ref}/{pid}" if k == 1 else f"{ref}/{pid}.{k}", ch, p))
    return out


def seat_of(st: GrosState, name: str) -> int:
    try:
        return st.names.index(name)
    except ValueError:
        return -1


def find_char(st: GrosState, ref: str) -> tuple[int, Char] | None:
    seat = seat_of(st, ref.partition("/")[0])
    if seat < 0:
        return None
    for name, ch in char_refs(st, seat):
        if name == ref:
            return seat, ch
    return None


def find_prop(st: GrosState, ref: str) -> tuple[int, Char, int] | None:
    seat = seat_of(st, ref.partition("/")[0])
    if seat < 0:
        return None
    for name, ch, p in prop_refs(st, seat):
        if name == ref:
            return seat, ch, p
    return None


def discard_char(st: GrosState, seat: int, ch: Char, events: list[Event], why: str = "killed") -> None:
    """A Character leaves play with every card attached to it (the books' rule)."""
    label = char_label(st, seat, ch)
    st.movies[seat].chars.remove(ch)
    st.discard.extend(ch.props)
    st.discard.extend(ch.under)
    st.discard.append(ch.iid)
    touch(st, seat)
    events.append(Event(why, (st.names[seat], label)))


def clear_location(st: GrosState, seat: int) -> None:
    m = st.movies[seat]
    st.discard.extend(m.location)
    st.discard.extend(m.loc_under)
    m.location.clear()
    m.loc_under.clear()
    touch(st, seat, cast=False)


def place_location(st: GrosState, seat: int, iid: int, combine: bool, events: list[Event]) -> None:
    """A Location into a Movie: it replaces the one there unless it is combined (GR2)."""
    if not combine:
        clear_location(st, seat)
    st.movies[seat].location.append(iid)
    touch(st, seat, cast=False)
    events.append(Event("location", (st.names[seat], st.ids[iid], combine)))


def draw(st: GrosState, seat: int, count: int, events: list[Event]) -> None:
    """Draw ``count`` cards; who draws the last card is noted: the game ends then (G11, gros) or
    at the end of that player's turn (gr2), which ``flow`` sees to."""
    deck = st.deck
    count = min(count, len(deck))
    if count <= 0:
        return
    got = deck[-count:]  # the top of the deck is its end: drawn from the end, one by one
    got.reverse()
    del deck[-count:]
    if not deck:
        st.deck_out, st.drawer = True, seat
    st.hands[seat] += got
    ids, name = st.ids, st.names[seat]
    events.append(Event("draw", (name, count)))
    events.append(Event("drew", (name, tuple([ids[i] for i in got])), name))


def take_from_hand(st: GrosState, seat: int, cid: str) -> int:
    """Remove one copy of card ``cid`` from the hand (the caller has checked it is there)."""
    hand = st.hands[seat]
    ids = st.ids
    for k in range(len(hand) - 1, -1, -1):
        if ids[hand[k]] == cid:
            return hand.pop(k)
    raise KeyError(cid)


def take_from_discard(st: GrosState, cid: str) -> int | None:
    ids = st.ids
    for k in range(len(st.discard) - 1, -1, -1):
        if ids[st.discard[k]] == cid:
            return st.discard.pop(k)
    return None


def end_attack(st: GrosState, events: list[Event]) -> None:
    """The Creature, its Props and every SFX played in the attack go to the discards."""
    a = st.attack
    if a is None:
        return
    st.discard.append(a.creature)
    st.discard.extend(a.props)
    st.discard.extend(a.spent)
    st.attack = None
    st.attack_open = False
    touch(st, a.target, cast=False)
    events.append(Event("attack_over", (st.ids[a.creature],)))
