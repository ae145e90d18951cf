"""The effect vocabulary's action kinds: what a card does when it resolves, one function per kind.

Cards name effects in TOML (``{kind = "multiply", factor = 2}``); ``gros.vocabulary`` holds the
register (each kind's fields and targets, the checks a card passes when loaded) and the passive
kinds (``strength``, ``props``, ``allies``, ``chooses_victim``, ``untargetable``), read when
strengths are summed. The action effects here run when an SFX resolves, an ability is used or
a Creature is played as an SFX (``add``, ``multiply``, ``set``, ``stop_card``, ``stop_attack``,
``discard``, ``fetch``, ``return``, ``grant``, ``draw``, ``victim``, ``end_game``).

Strength changes made during an attack are snapshots, applied in the order cards resolve
(ruling G9): "double the Defence" adds the Defence it has at that moment.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from common.engine import Event
from gros import strength as sx
from gros import zones
from gros.cardtypes import Action, Card, Effect
from gros.state import GrosState
from gros.vocabulary import effect

# -- action kinds ------------------------------------------------------------------------------

@dataclass
class Ctx:
    """One card resolving: who played it, on what, and where to report what happened."""

    st: GrosState
    seat: int
    iid: int
    action: Action
    on: tuple[str, ...]
    take: str
    events: list[Event]
    stop_attack: bool = False  # set by stop_attack: the rules end the attack
    end_game: bool = False  # set by end_game: the rules score the Movies

    @property
    def card(self) -> Card:
        return self.st.defs[self.iid]

    def say(self, kind: str, *data: Any) -> None:
        self.events.append(Event(kind, data))


def _movie(ctx: Ctx) -> int:
    return zones.seat_of(ctx.st, ctx.on[0])


@effect("add", "action", fields={"value": int}, targets=("movie", "creature", "character", "location"),
        attack_targets=("movie", "creature"))
def _add(ctx: Ctx, e: Effect) -> None:
    """Add to the attacked Movie's Defence or the attacking Creature's Attack for this attack, or,
    permanently, to a Character or Location (the card is slid under it)."""
    a, n = ctx.st.attack, e.get("value")
    if ctx.action.target == "creature" and a:
        a.atk_bonus += n
    elif ctx.action.target == "movie" and a:
        a.def_bonus += n
    ctx.say("strength", *_subject(ctx), f"{n:+d}")


def _subject(ctx: Ctx) -> tuple[str, str, tuple[str, ...]]:
    """What an effect changes, for the narration: (target kind, seat or card, the Location's
    cards when it is a Location), so that it reads "dana's The Tomb", not just "dana"."""
    on = ctx.on[0] if ctx.on else ""
    t = ctx.action.target
    if t == "character":
        return t, zones.spoken(ctx.st, on), ()
    if t == "location" and on:
        st = ctx.st
        return t, on, tuple(st.ids[i] for i in st.movies[zones.seat_of(st, on)].location)
    return t, on, ()


@effect("multiply", "action", fields={"factor": int}, targets=("movie", "creature"),
        attack_targets=("movie", "creature"))
def _multiply(ctx: Ctx, e: Effect) -> None:
    """Multiply the attacked Movie's Defence or the attacking Creature's Attack as it is now."""
    _change(ctx, lambda v: v * e.get("factor"))


@effect("set", "action", fields={"value": int}, targets=("movie", "creature"),
        attack_targets=("movie", "creature"))
def _set(ctx: Ctx, e: Effect) -> None:
    """The attacked Movie's Defence or the Creature's Attack becomes this value, as it is now."""
    _change(ctx, lambda v: e.get("value"))


def _change(ctx: Ctx, fn: Callable[[int], int]) -> None:
    st, a = ctx.st, ctx.st.attack
    if a is None:
        return
    if ctx.action.target == "creature":
        now = sx.attack_value(st, a)
        a.atk_bonus += fn(now) - now
        ctx.say("attack_now", st.ids[a.creature], sx.attack_value(st, a))
    else:
        now = sx.defence(st, a.target, a)
        a.def_bonus += fn(now) - now
        ctx.say("defence_now", st.names[a.target], sx.defence(st, a.target, a))


@effect("stop_card", "action", optional={"types": list}, targets=("card",))
def _stop_card(ctx: Ctx, e: Effect) -> None:
    """Stop the card just played: it is discarded with no effect (types limits which cards)."""
    st = ctx.st
    iid, seat, _move = st.stack.pop()
    st.discard.append(iid)
    ctx.say("stopped", st.ids[iid], st.names[seat])


@effect("stop_attack", "action", attack_targets=("none",))
def _stop_attack(ctx: Ctx, e: Effect) -> None:
    """End the attack at once: the Creature and every card played in it are discarded."""
    ctx.say("attack_stopped", ctx.st.ids[ctx.st.attack.creature] if ctx.st.attack else "")
    ctx.stop_attack = True


@effect("discard", "action", optional={"self": bool}, targets=("character", "prop", "location", "none"))
def _discard(ctx: Ctx, e: Effect) -> None:
    """Discard the target Character (with all it holds), Prop or Location; self = true discards
    the card whose ability this is."""
    st, t = ctx.st, ctx.action.target
    if e.get("self"):
        _discard_self(ctx)
    elif t == "character":
        found = zones.find_char(st, ctx.on[0])
        if found:
            zones.discard_char(st, found[0], found[1], ctx.events, "removed")
    elif t == "prop":
        held = zones.find_prop(st, ctx.on[0])
        if held:
            held[1].props.remove(held[2])
            st.discard.append(held[2])
            zones.touch(st, held[0], cast=False)
            ctx.say("removed", st.names[held[0]], st.ids[held[2]])
    elif t == "location":
        seat = _movie(ctx)
        if st.movies[seat].location:
            ctx.say("removed", st.names[seat], "+".join(st.ids[i] for i in st.movies[seat].location))
            zones.clear_location(st, seat)


def _discard_self(ctx: Ctx) -> None:
    st = ctx.st
    for seat, m in enumerate(st.movies):
        for ch in m.chars:
            if ch.iid == ctx.iid:
                zones.discard_char(st, seat, ch, ctx.events, "removed")
                return
            if ctx.iid in ch.props:
                ch.props.remove(ctx.iid)
                st.discard.append(ctx.iid)
                zones.touch(st, seat, cast=False)
                ctx.say("removed", st.names[seat], st.ids[ctx.iid])
                return
        if ctx.iid in m.location:
            zones.clear_location(st, seat)
            ctx.say("removed", st.names[seat], st.ids[ctx.iid])
            return


@effect("fetch", "action", optional={"to": str}, targets=("character", "movie", "none"))
def _fetch(ctx: Ctx, e: Effect) -> None:
    """Take a card of the card's 'take' type from the discards: to your hand (to = hand), onto
    the target Character (a Prop), or into the target Movie (a Location, replacing the old one)."""
    st = ctx.st
    iid = zones.take_from_discard(st, ctx.take)
    if iid is None:
        return
    if e.get("to", "target") == "hand" or ctx.action.target == "none":
        st.hands[ctx.seat].append(iid)
        ctx.say("fetched", st.names[ctx.seat], st.ids[iid], "hand")
    elif ctx.action.target == "character":
        found = zones.find_char(st, ctx.on[0])
        if found is None:
            st.discard.append(iid)
            return
        found[1].props.append(iid)
        zones.touch(st, found[0], cast=False)
        ctx.say("fetched", st.names[found[0]], st.ids[iid], zones.spoken(st, ctx.on[0]))
    else:
        zones.place_location(st, _movie(ctx), iid, False, ctx.events)


@effect("return", "action", targets=("character", "prop"))
def _return(ctx: Ctx, e: Effect) -> None:
    """Return the target Character or Prop to its owner's hand; what it held is discarded."""
    st = ctx.st
    if ctx.action.target == "character":
        found = zones.find_char(st, ctx.on[0])
        if found:
            seat, ch = found
            said = zones.spoken(st, ctx.on[0])
            st.movies[seat].chars.remove(ch)
            st.discard.extend(ch.props)
            st.discard.extend(ch.under)
            st.hands[seat].append(ch.iid)
            zones.touch(st, seat)
            ctx.say("returned", said)
            for held in (*ch.props, *ch.under):  # players must read what was lost with it
                ctx.say("removed", st.names[seat], st.ids[held])
    else:
        found_p = zones.find_prop(st, ctx.on[0])
        if found_p:
            seat, ch, p = found_p
            said = zones.spoken(st, ctx.on[0])
            ch.props.remove(p)
            st.hands[seat].append(p)
            zones.touch(st, seat, cast=False)
            ctx.say("returned", said)


@effect("grant", "action", fields={"trait": str}, targets=("creature", "character", "location"),
        attack_targets=("creature",))
def _grant(ctx: Ctx, e: Effect) -> None:
    """The attacking Creature gains a trait for this attack; a Character or Location gains it for
    good (the card is slid under it)."""
    a = ctx.st.attack
    if ctx.action.target == "creature" and a is not None:
        a.traits.append(e.get("trait"))
    ctx.say("granted", *_subject(ctx), e.get("trait"))


@effect("draw", "action", fields={"count": int})
def _draw(ctx: Ctx, e: Effect) -> None:
    """The player draws cards (who draws the last card ends the game: G11, ``flow``)."""
    zones.draw(ctx.st, ctx.seat, e.get("count"), ctx.events)


@effect("victim", "action", attack_targets=("none",))
def _victim(ctx: Ctx, e: Effect) -> None:
    """The player of this card picks the victim if the attack succeeds."""
    if ctx.st.attack:
        ctx.st.attack.chooser = ctx.seat
    ctx.say("chooser", ctx.st.names[ctx.seat])


@effect("end_game", "action")
def _end_game(ctx: Ctx, e: Effect) -> None:
    """Roll the Credits: the game ends and the Movies are scored."""
    ctx.end_game = True
