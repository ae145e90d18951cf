"""Strengths: a Movie's Defence and a Creature's Attack, summed from the cards in play, with
the passive effects and conditions of the vocabulary applied (``gros.vocabulary`` defines them).

Strength changes made during an attack are snapshots kept on the attack (``atk_bonus``,
``def_bonus``); everything else is recomputed from the cards, and a Movie's Defence outside
an attack is cached until the Movie changes (``zones.touch``).
"""

from __future__ import annotations

from collections.abc import Iterable

from gros.state import TITLE_BONUS, Attack, GrosState
from gros.vocabulary import OPS, REGISTRY

NO_TRAITS: frozenset[str] = frozenset()


def title_bonus(st: GrosState, cards: Iterable[int]) -> int:
    """5 for each of ``cards`` whose title word is one of the title's words (G12)."""
    words = st.title_words
    return sum(TITLE_BONUS for i in cards if st.defs[i].word in words)


def movie_score(st: GrosState, seat: int) -> int:
    """The Movie's part of the score if the film ended now: its Defence and the title bonus of
    its cards (and, in GR2, of a Roll the Credits played); the hand's bonus is its owner's."""
    return defence(st, seat) + title_bonus(st, st.movies[seat].cards(credits=st.variant == "gr2"))


def attack_traits(st: GrosState, a: Attack | None) -> frozenset[str]:
    if a is None:
        return NO_TRAITS
    base = st.defs[a.creature].traits
    return base | frozenset(a.traits) if a.traits else base


def card_traits(st: GrosState, iid: int, under: list[int] = ()) -> frozenset[str]:  # type: ignore[assignment]
    """A card's traits, with those granted by permanent SFX slid under it."""
    traits = st.defs[iid].traits
    for u in under:
        for e in st.defs[u].action.effects:  # type: ignore[union-attr]
            if e.kind == "grant":
                traits = traits | {e.get("trait")}
    return traits


def holds(when: tuple, st: GrosState, owner: int, movie: int, a: Attack | None,
          atraits: frozenset[str], target_traits: frozenset[str] = NO_TRAITS) -> bool:
    """Whether every condition in ``when`` is true for a card of ``owner`` about ``movie``."""
    for key, val in when:
        if key == "attack":
            ok = (a is not None) == val
        elif key == "attack_trait":
            ok = val in atraits
        elif key == "attack_not_trait":
            ok = a is not None and val not in atraits
        elif key == "location_trait":
            m = st.movies[movie]
            ok = any(val in card_traits(st, i, m.loc_under) for i in m.location)
        elif key == "no_location":
            ok = (not st.movies[movie].location) == val
        elif key == "alone":
            ok = (len(st.movies[movie].chars) == 1) == val
        elif key == "defending":
            ok = (a is not None and a.target == owner) == val
        elif key == "attacking":
            ok = (a is not None and a.attacker == owner) == val
        else:  # target_trait
            ok = val in target_traits
        if not ok:
            return False
    return True


def value(st: GrosState, iid: int, owner: int, movie: int, a: Attack | None, atraits: frozenset[str]) -> int:
    """A card's printed strength after its own passive ``strength`` effects."""
    d = st.defs[iid]
    if not d.passive:
        return d.strength
    v = d.strength
    for e in d.passive:
        if e.kind == "strength" and holds(e.get("when", ()), st, owner, movie, a, atraits):
            v = OPS[e.get("op", "add")](v, e.get("value"))
    return v


def under_value(st: GrosState, under: list[int]) -> int:
    if not under:
        return 0
    total = 0
    for u in under:
        for e in st.defs[u].action.effects:  # type: ignore[union-attr]
            if e.kind == "add":
                total += e.get("value")
    return total


def _under_parts(st: GrosState, under: list[int], parts: list[tuple[str, int]]) -> None:
    """Each permanent SFX's own share, shown on its own line under the card it changes."""
    for u in under:
        x = under_value(st, [u])
        if x:
            parts.append((f"under {st.ids[u]}", x))


def defence(st: GrosState, seat: int, a: Attack | None = None,
            parts: list[tuple[str, int]] | None = None) -> int:
    """A Movie's Defence: Characters, their Props and SFX, the Location, and, during an attack on
    it, every modifier in force for that attack. ``parts`` collects the breakdown for views."""
    if a is None and parts is None and st.dcache[seat] is not None:
        return st.dcache[seat]  # type: ignore[return-value]
    m = st.movies[seat]
    defs, ids = st.defs, st.ids
    atraits = attack_traits(st, a)
    total = allies = 0
    others = len(m.chars) - 1
    for ch in m.chars:
        d = defs[ch.iid]
        v = value(st, ch.iid, seat, seat, a, atraits)
        if parts is not None:
            parts.append((ids[ch.iid], v))
            _under_parts(st, ch.under, parts)
        v += under_value(st, ch.under)
        for p in ch.props:
            x = prop_value(st, seat, ch.iid, p, a, atraits)
            if parts is not None:
                parts.append((f"  {ids[p]}", x))
            v += x
        if d.passive:
            for e in d.passive:
                if e.kind == "allies" and holds(e.get("when", ()), st, seat, seat, a, atraits):
                    allies += REGISTRY["allies"].fn(e, others)
        total += v
    for i in m.location:
        x = value(st, i, seat, seat, a, atraits)
        if parts is not None:
            parts.append((f"@{ids[i]}", x))
        total += x
    if m.location:
        if parts is not None:
            _under_parts(st, m.loc_under, parts)
        total += under_value(st, m.loc_under)
    if allies and parts is not None:
        parts.append(("allies", allies))
    total += allies
    if a is not None and a.target == seat and a.def_bonus:
        if parts is not None:
            parts.append(("this attack", a.def_bonus))
        total += a.def_bonus
    if a is None and parts is None:
        st.dcache[seat] = total
    return total


def prop_value(st: GrosState, seat: int, holder: int, p: int, a: Attack | None = None,
               atraits: frozenset[str] = NO_TRAITS) -> int:
    """What Prop ``p`` adds to its Movie's Defence held by Character ``holder``: its own
    strength, changed by what the holder does with Props (a Gun is nothing to a Swarm). Nothing
    else in a Movie depends on its Props, so it is also what giving that Prop adds."""
    defs = st.defs
    x = 0 if "Swarm" in atraits and "Gun" in defs[p].traits else value(st, p, seat, seat, a, atraits)
    for e in defs[holder].passive:
        if e.kind == "props" and holds(e.get("when", ()), st, seat, seat, a, atraits):
            x = REGISTRY["props"].fn(e, x)
    return x


def attack_value(st: GrosState, a: Attack) -> int:
    atraits = attack_traits(st, a)
    v = value(st, a.creature, a.attacker, a.target, a, atraits)
    for p in a.props:
        v += value(st, p, a.attacker, a.target, a, atraits)
    return v + a.atk_bonus


def targetable(st: GrosState, seat: int, ch_iid: int, a: Attack | None, atraits: frozenset[str]) -> bool:
    """May this Character be picked as the victim of an attack (or be attacked at all)?"""
    for e in st.defs[ch_iid].passive:
        if e.kind == "untargetable" and holds(e.get("when", ()), st, seat, seat, a, atraits):
            return False
    return True


def victim_chooser(st: GrosState, a: Attack) -> int:
    """The attacker picks the victim, unless a card in play or an SFX says otherwise."""
    if a.chooser >= 0:
        return a.chooser
    for ch in st.movies[a.target].chars:
        for e in st.defs[ch.iid].passive:
            if e.kind == "chooses_victim":
                return REGISTRY["chooses_victim"].fn(e, a, a.target)
    return a.attacker


