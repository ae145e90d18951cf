"""Moves no player would make, found from what the moving seat knows.

Every bot level leaves these out (``sensible``, ``harmless``) and ``gros bench --ladder``
counts them in bots-only games (``gros.audit``). Each test reads the public table and the
mover's own hand only, so a state dealt from the seat's view (``determinize``) gives the same
answer as the real one: no test can leak a hidden card into a bot's choice.

The classes (``FAULTS``): an attack that cannot succeed even with every boost in the
attacker's hand; a Prop moved without raising its Movie's Defence (relays along the cast); a
Location put over one's own without raising its Defence; a boost spent in an attack that
still loses with every other boost the seat holds (the Lucky Rabbit's Foot to reach a total
that still fails); a card played against one's own side (own Location flooded or covered by
a weaker one, own Character returned or discarded, one's own attack stopped or weakened, the
attacked Movie made weaker by its owner, an opponent's card made stronger for good); a
Location given to a rival's Movie for nothing but its Defence (``gift``); the turn ended, or
the credits rolled, with a free gain in hand (a Character to cast, a Prop for a Character, a
better Location); a castable Character discarded.
"""

from __future__ import annotations

from collections.abc import Callable, Collection
from typing import TypeVar

from gros import strength as sx
from gros import zones
from gros.catalog import Action, Effect
from gros.moves import ability_cards
from gros.state import Attack, Char, GrosState

T = TypeVar("T")

FAULTS = ("hopeless_attack", "idle_prop", "idle_location", "vain_boost", "own_goal", "gift", "passive",
          "early_credits", "discarded_cast")
SELF_HARM = ("own_goal", "gift", "discarded_cast")  # what even the ``easy`` level never does
HARM = ("discard", "return")  # effects that take a card out of the Movie they hit


def _hand_card(st: GrosState, seat: int, cid: str) -> int:
    for i in st.hands[seat]:
        if st.ids[i] == cid:
            return i
    return -1


def _action_of(st: GrosState, seat: int, move: tuple) -> Action | None:
    """The action a 'play' (SFX, or a Creature played as one) or 'use' move resolves."""
    if move[0] == "use":
        for ref, iid in ability_cards(st, seat):
            if ref == move[1]:
                return st.defs[iid].ability
        return None
    d = st.defs[_hand_card(st, seat, move[1])] if move[0] == "play" else None
    if d is None:
        return None
    return d.action if d.type in ("sfx", "credits") else d.as_sfx if d.type == "creature" else None


def _owner_of(st: GrosState, target: str) -> int:
    return zones.seat_of(st, target.partition("/")[0])


# -- boosts in an attack ---------------------------------------------------------------------------

def _change(action: Action, value: int) -> int:
    """A number after an add, multiply or set effect (the other effects leave it)."""
    for e in action.effects:
        if e.kind == "add":
            value += e.get("value")
        elif e.kind == "multiply":
            value *= e.get("factor")
        elif e.kind == "set":
            value = e.get("value")
    return value


def _best(st: GrosState, seat: int, side: str, a: Attack, start: int, skip: Collection[int] = ()) -> int:
    """The highest Attack (side 'creature') or Defence (side 'movie') ``seat`` could reach
    from ``start`` with every boost it holds (in hand, or an ability in its Movie), played
    sets first, then adds, then multiplications: the most hopeful reading of its means. The
    cards in ``skip`` are left out (the card being weighed, or a boost the seat might throw)."""
    sets, adds, factor = [start], 0, 1
    atraits = sx.attack_traits(st, a)
    sources: list[tuple[int, Action | None]] = []
    for i in st.hands[seat]:
        if i in skip:
            continue
        d = st.defs[i]
        if d.type == "prop" and side == "creature" and "Psycho" in atraits:
            sources.append((i, None))
        elif d.type == "sfx" or (d.type == "creature" and d.as_sfx is not None):
            sources.append((i, d.action if d.type == "sfx" else d.as_sfx))
    if side == "movie" or seat == a.attacker:
        sources += [(iid, st.defs[iid].ability) for _ref, iid in ability_cards(st, seat)
                    if iid not in skip and iid not in st.used]
    for i, act in sources:
        if act is None:
            adds += max(sx.value(st, i, a.attacker, a.target, a, atraits), 0)
            continue
        if act.target != side:
            continue
        if act.plain_when and not sx.holds(act.plain_when, st, seat, a.target, a, atraits):
            continue
        for e in filter(raises, act.effects):
            if e.kind == "add":
                adds += e.get("value")
            elif e.kind == "multiply":
                factor *= e.get("factor")
            else:
                sets.append(e.get("value"))
    return (max(sets) + adds) * factor


def raises(e: Effect) -> bool:
    """An effect that may lift an Attack or a Defence: a new value, a positive addition, a
    multiplication by more than one."""
    return e.kind == "set" or (e.kind == "add" and e.get("value") > 0) or (e.kind == "multiply" and e.get("factor") > 1)


def hopeless_attack(st: GrosState, seat: int, move: tuple) -> bool:
    """An attack that fails against the target's Defence now even with every boost the
    attacker holds (what its opponents might add can only make it worse)."""
    if move[0] != "attack":
        return False
    creature = _hand_card(st, seat, move[1])
    target = zones.seat_of(st, move[2])
    a = Attack(creature, seat, target)
    atk = sx.attack_value(st, a)
    return _best(st, seat, "creature", a, atk, skip=(creature,)) < sx.defence(st, target, a)


def vain_boost(st: GrosState, seat: int, move: tuple) -> bool:
    """A boost to one's own side of an attack after which that side still loses with every
    other boost it holds: the card is spent for nothing."""
    a = st.attack
    if a is None or not st.attack_open or st.stack or seat not in (a.attacker, a.target) \
            or move[0] not in ("play", "use"):
        return False
    action = _action_of(st, seat, move)
    side = "creature" if seat == a.attacker else "movie"
    if action is None or action.target != side or not any(e.kind in ("add", "multiply", "set")
                                                          for e in action.effects):
        return False
    card = _hand_card(st, seat, move[1]) if move[0] == "play" else \
        next(iid for ref, iid in ability_cards(st, seat) if ref == move[1])
    atk, dfc = sx.attack_value(st, a), sx.defence(st, a.target, a)
    if side == "creature":
        return _best(st, seat, side, a, _change(action, atk), skip=(card,)) < dfc
    after = _change(action, dfc)
    if move[0] == "use" and any(e.kind == "discard" and e.get("self") for e in action.effects) \
            and st.defs[card].type == "prop":  # a Prop spent leaves the Defence it gave
        after -= sx.value(st, card, seat, seat, a, sx.attack_traits(st, a))
    return _best(st, seat, side, a, after, skip=(card,)) <= atk


# -- cards against one's own side ---------------------------------------------------------------

def own_goal(st: GrosState, seat: int, move: tuple) -> bool:
    """A card or ability played against its player's own side."""
    action = _action_of(st, seat, move)
    if action is None:
        return False
    a = st.attack if st.attack_open else None
    kinds = {e.kind for e in action.effects if not e.get("self")}
    if "stop_attack" in kinds:
        return a is not None and a.attacker == seat
    on = move[2][0] if len(move) > 2 and move[2] else ""
    if a is not None and action.attack_only and action.target == "creature":
        now = sx.attack_value(st, a)
        after = _change(action, now)
        return (seat == a.attacker and after < now) or (seat == a.target and after > now)
    if a is not None and action.attack_only and action.target == "movie":
        return seat == a.attacker
    if not on:
        return False
    owner = _owner_of(st, on)
    if owner == seat:
        if kinds & set(HARM):
            return not ("return" in kinds and a is not None and a.target == seat)  # saved from an attack
        return "grant" in kinds and action.target == "location"  # Aquatic: open to the sea's Creatures
    return action.permanent and "add" in kinds and _change(action, 0) > 0  # a gift for good


def on_rival(st: GrosState, seat: int, move: tuple) -> int:
    """The rival whose Movie this move puts a Location on (-1 for any other move). Props go
    on one's own Characters only."""
    if move[0] != "play" or len(move[2]) != 1 or move[3] or move[4]:
        return -1
    i = _hand_card(st, seat, move[1])
    owner = zones.seat_of(st, move[2][0]) if i >= 0 and st.defs[i].type == "location" else -1
    return owner if owner != seat else -1


def gift(st: GrosState, seat: int, move: tuple) -> bool:
    """A Location put on a rival's Movie that raises its Defence (its score) and lowers it
    against none of the player's Creatures in hand: The Observatory on a rival's empty set is
    2 points for the rival. A rival's Location swapped for a weaker one, or for one that opens
    the Movie to a Creature the player holds (Lovers' Lane before a Psycho), is play."""
    owner = on_rival(st, seat, move)
    if owner < 0:
        return False
    attacks = [None, *(Attack(c, seat, owner) for c in st.hands[seat] if st.defs[c].type == "creature")]

    def defences() -> list[int]:
        return [sx.defence(st, owner, a) for a in attacks]

    before = defences()
    after = as_if_placed(st, owner, _hand_card(st, seat, move[1]), defences)
    return after[0] > before[0] and all(x >= y for x, y in zip(after[1:], before[1:], strict=True))


# -- free gains: what a turn should not end, nor the credits roll, without -----------------------

def gain(st: GrosState, seat: int, move: tuple) -> int:
    """What this move adds to its player's Defence at once, with nobody answering: a
    Character cast, a Prop given, a Location placed on one's own Movie (0 for any other)."""
    if move[0] != "play" or move[3] or move[4]:
        return 0
    i = _hand_card(st, seat, move[1])
    if i < 0:
        return 0
    t = st.defs[i].type
    if t not in ("character", "prop", "location") or (t == "location" and move[2] != (st.names[seat],)):
        return 0
    if t == "prop":  # nothing else in a Movie depends on its Props: no need to place it and see
        found = zones.find_char(st, move[2][0])
        return 0 if found is None or found[0] != seat else sx.prop_value(st, seat, found[1].iid, i)
    before = sx.defence(st, seat)
    return as_if_placed(st, seat, i, lambda: sx.defence(st, seat)) - before


def as_if_placed(st: GrosState, seat: int, card: int, measure: Callable[[], T]) -> T:
    """``measure()`` with ``card`` (a Character cast, or a Location set) in ``seat``'s Movie;
    the Movie and its caches are put back after, so a trial costs no copy of the state."""
    kept = zones.remember(st, seat)
    m = st.movies[seat]
    saved = (m.chars, m.location, m.loc_under)
    cast = st.defs[card].type == "character"
    if cast:
        m.chars = [*m.chars, Char(card)]
    else:
        m.location, m.loc_under = [card], []
    zones.touch(st, seat, cast=cast)
    try:
        return measure()
    finally:
        m.chars, m.location, m.loc_under = saved
        zones.restore(st, seat, kept)


def free_gains(st: GrosState, seat: int, legal: list[tuple]) -> list[tuple]:
    return [m for m in legal if m[0] == "play" and gain(st, seat, m) > 0]


def idle_prop(st: GrosState, seat: int, move: tuple) -> bool:
    """A Prop moved between one's own Characters without raising the Movie's Defence."""
    if move[0] != "move":
        return False
    src, dst = zones.find_prop(st, move[1]), zones.find_char(st, move[2])
    if src is None or dst is None:
        return False
    return sx.prop_value(st, seat, dst[1].iid, src[2]) <= sx.prop_value(st, seat, src[1].iid, src[2])


def idle_location(st: GrosState, seat: int, move: tuple) -> bool:
    """A Location put over one's own without raising the Movie's Defence (Lovers' Lane, then
    The Observatory over it in the same turn: a player puts down the better one once)."""
    return over_own(st, seat, move) and gain(st, seat, move) <= 0


def over_own(st: GrosState, seat: int, move: tuple) -> bool:
    """A Location played on one's own Movie, over the one it has."""
    if move[0] != "play" or move[2] != (st.names[seat],) or not st.movies[seat].location:
        return False
    i = _hand_card(st, seat, move[1])
    return i >= 0 and st.defs[i].type == "location"


def discarded_cast(st: GrosState, seat: int, move: tuple) -> bool:
    """A Character thrown away at the end of a turn: it could have been cast."""
    return move[0] == "discard" and st.defs[_hand_card(st, seat, move[1])].type == "character"


def is_credits(st: GrosState, seat: int, move: tuple) -> bool:
    return move[0] == "play" and st.defs[_hand_card(st, seat, move[1])].type == "credits"


# -- the filters the bots use --------------------------------------------------------------------

def faults(st: GrosState, seat: int, move: tuple, gains: bool) -> str:
    """The first class this move falls in ('' for none). ``gains``: whether a free gain is
    in hand (then 'end' and the credits wait for it)."""
    verb = move[0]
    if verb == "attack":
        return "hopeless_attack" if hopeless_attack(st, seat, move) else ""
    if verb == "move":
        return "idle_prop" if idle_prop(st, seat, move) else ""
    if verb == "discard":
        return "discarded_cast" if discarded_cast(st, seat, move) else ""
    if verb == "end":
        return "passive" if gains else ""
    if verb not in ("play", "use"):
        return ""
    if verb == "play" and gains and is_credits(st, seat, move):
        return "early_credits"
    if own_goal(st, seat, move):
        return "own_goal"
    if gift(st, seat, move):
        return "gift"
    if idle_location(st, seat, move):  # a weaker one over one's own lowers the Defence: self-harm
        return "own_goal" if gain(st, seat, move) < 0 else "idle_location"
    return "vain_boost" if vain_boost(st, seat, move) else ""


def sensible(st: GrosState, seat: int, legal: list[tuple],
             allowed: tuple[str, ...] = ()) -> list[tuple]:
    """The legal moves that fall in no class of ``FAULTS`` but ``allowed`` (all of them when
    every move does: a forced discard may have to be a Character)."""
    gains = st.turn == seat and any(m[0] == "play" and gain(st, seat, m) > 0 for m in legal)
    keep = [m for m in legal if faults(st, seat, m, gains) in ("", *allowed)]
    return keep or legal


def harmless(st: GrosState, seat: int, legal: list[tuple]) -> list[tuple]:
    """The legal moves that do not harm their own player (the ``easy`` level may judge badly)."""
    return sensible(st, seat, legal, tuple(f for f in FAULTS if f not in SELF_HARM))
