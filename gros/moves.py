"""Which moves a seat may make now, and, for a move it may not make, which rule forbids it.

Moves are tuples (see ``gros.notation`` for their text):
    ("title", text, words)             ("pass",)  ("end",)  ("done",)  ("discard", card)
    ("draw",) up to six  ("draw", n)
    ("play", card, on, take, paying)   ("combine", card, seat)  ("attack", card, seat)
    ("use", ref, on, take, paying)     ("move", prop ref, character ref)  ("victim", ref)
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from itertools import combinations

from gros import strength as sx
from gros import zones
from gros.catalog import Action, Card
from gros.state import DISCARD, DRAW, HAND_SIZE, OVER, TITLE, VICTIM, Attack, GrosState, Movie

PASS, END, DONE, DRAW_FULL = ("pass",), ("end",), ("done",), ("draw",)


def decider(st: GrosState) -> tuple[int, str] | None:
    """The seat that decides now and the kind of decision (a front-end words its prompt)."""
    phase = st.phase
    if phase == OVER:
        return None
    if phase == TITLE:
        return st.first, "title"
    if st.stack:
        return st.actor, "stop"
    if st.attack_open:
        return st.actor, "respond"
    if st.window:
        return st.actor, "anytime"
    if phase == VICTIM:
        return st.actor, "victim"
    if phase == DISCARD:
        return st.turn, "discard"
    if phase == DRAW:
        return st.turn, "draw"
    return st.turn, "turn"


def protected(st: GrosState) -> bool:
    """GR2's first round: no card may affect an opponent or their Movie (ruling G5)."""
    return st.variant == "gr2" and st.round <= 1


def legal(st: GrosState, seat: int, d: tuple[int, str] | None = None) -> list[tuple]:
    """``d``: ``decider(st)`` when the caller has it already (None: found here)."""
    if d is None:
        d = decider(st)
    if d is None or d[0] != seat:
        return []
    kind = d[1]
    if kind == "turn":  # each *_moves builds a fresh list: adding the last move in place is safe
        moves = main_moves(st, seat)
        moves.append(END)
        return moves
    if kind in _WINDOW_MOVES:
        moves = _WINDOW_MOVES[kind](st, seat)
        moves.append(PASS)
        return moves
    if kind == "victim":
        return [("victim", ref) for ref in victims(st)]
    if kind == "draw":  # GROS: up to six, or fewer (book 000)
        need = min(HAND_SIZE - len(st.hands[seat]), len(st.deck))
        return [DRAW_FULL] + [("draw", k) for k in range(need - 1, -1, -1)]
    if kind == "discard":
        hand = st.hands[seat]
        moves = [("discard", cid) for cid in sorted({st.ids[i] for i in hand})]
        return moves + [DONE] if len(hand) <= HAND_SIZE else moves
    return [("title", "", ())]


def victims(st: GrosState) -> list[str]:
    a = st.attack
    if a is None:
        return []
    atraits = sx.attack_traits(st, a)
    return [ref for ref, ch in zones.char_refs(st, a.target) if sx.targetable(st, a.target, ch.iid, a, atraits)]


def _distinct(st: GrosState, hand: list[int]) -> dict[str, Card]:
    """The cards in ``hand`` once each, in the order of their first copy (every copy of a card
    has the same definition, so the dict may keep any of them)."""
    ids, defs = st.ids, st.defs
    return {ids[i]: defs[i] for i in hand}


# -- the current player's turn -----------------------------------------------------------------

def main_moves(st: GrosState, seat: int) -> list[tuple]:
    moves: list[tuple] = []
    add = moves.append
    names = st.names
    guard = st.variant == "gr2" and protected(st)
    own_refs = zones.char_refs(st, seat)
    propped = st.propped
    open_refs = None  # own Characters that may still take a Prop this turn
    for cid, card in _distinct(st, st.hands[seat]).items():
        t = card.type
        if t == "character":
            add(("play", cid, (), "", ()))
        elif t == "prop":
            if open_refs is None:
                open_refs = [ref for ref, ch in own_refs if ch.iid not in propped]
            for ref in open_refs:
                add(("play", cid, (ref,), "", ()))
        elif t == "location":
            combines = card.combines  # card text beats the rulebook (G13): under gros too
            for s in ((seat,) if guard else range(len(names))):
                add(("play", cid, (names[s],), "", ()))
                if combines and st.movies[s].location:
                    add(("combine", cid, names[s]))
        elif t == "creature":
            if not guard:
                for s in attack_targets(st, seat, card):
                    add(("attack", cid, names[s]))
            if card.as_sfx is not None:
                moves.extend(action_plays(st, seat, cid, card.as_sfx, "main"))
        elif t == "sfx":
            moves.extend(action_plays(st, seat, cid, card.action, "main"))  # type: ignore[arg-type]
        elif st.round >= 3 and st.movies[seat].chars:  # Roll the Credits (G5)
            add(("play", cid, (), "", ()))
    props = zones.prop_refs(st, seat) if len(own_refs) > 1 else None  # Props that may move
    if props:
        takers = [(ref, ch) for ref, ch in own_refs if ch.iid not in propped] if propped else own_refs
        for pref, holder, _p in props:
            moves += [("move", pref, ref) for ref, ch in takers if ch is not holder]
    moves.extend(ability_moves(st, seat, "main"))
    return moves


def attack_targets(st: GrosState, seat: int, card: Card) -> list[int]:
    """Movies this Creature may attack: an opponent's, holding a Character that may be
    targeted; an Aquatic Creature only one with no Location or an Aquatic one."""
    out = []
    defs = st.defs
    aquatic = "Aquatic" in card.traits
    for s in range(len(st.names)):
        if s == seat:
            continue
        m = st.movies[s]
        if not m.chars:
            continue
        if aquatic and m.location and not any("Aquatic" in sx.card_traits(st, i, m.loc_under) for i in m.location):
            continue
        for ch in m.chars:  # a Character with no passive effect is never untargetable
            if not defs[ch.iid].passive or sx.targetable(st, s, ch.iid, None, card.traits):
                out.append(s)
                break
    return out


# -- windows -------------------------------------------------------------------------------------

def stop_moves(st: GrosState, seat: int) -> list[tuple]:
    moves: list[tuple] = []
    for cid, action in _stop_sources(st, seat):
        moves.extend(action_plays(st, seat, cid, action, "stop"))
    return moves


def _stop_sources(st: GrosState, seat: int) -> Iterator[tuple[str, Action]]:
    """The cards that stop a card, with the action that does, in order."""
    for cid, card in _distinct(st, st.hands[seat]).items():
        for action in (card.action, card.as_sfx):
            if action is not None and action.stops:
                yield cid, action


def has_stop(st: GrosState, seat: int) -> bool:
    """Cheap test for auto-pass: could this seat stop the card on top of the stack? (Asks
    whether one stop has a way to be played; it never lists them all.)"""
    if st.kinds.stops.isdisjoint(st.hands[seat]):
        return False
    return any(action_possible(st, seat, cid, action, "stop") for cid, action in _stop_sources(st, seat))


def respond_moves(st: GrosState, seat: int) -> list[tuple]:
    moves: list[tuple] = []
    if st.attack is None:
        return moves
    for cid, action in _respond_sources(st, seat):
        if action is None:  # a Prop raising a Psycho's Attack
            moves.append(("play", cid, (st.ids[st.attack.creature],), "", ()))
        else:
            moves.extend(action_plays(st, seat, cid, action, "respond"))
    moves.extend(ability_moves(st, seat, "respond"))
    return moves


def _respond_sources(st: GrosState, seat: int) -> Iterator[tuple[str, Action | None]]:
    """The cards in hand that may answer an attack, in order, with the action they are played
    for (None: a Prop added to a Psycho, which needs no target)."""
    a = st.attack
    if a is None:
        return
    psycho = "Psycho" in sx.attack_traits(st, a)
    for cid, card in _distinct(st, st.hands[seat]).items():
        t = card.type
        if t == "sfx":
            yield cid, card.action
        elif t == "creature" and card.as_sfx is not None:
            yield cid, card.as_sfx
        elif t == "prop" and psycho and not (protected(st) and a.attacker != seat):
            yield cid, None


def can_respond(st: GrosState, seat: int) -> bool:
    """Has this seat one response to the attack (a card or an ability)? Stops at the first."""
    if st.attack is None:
        return False
    if not st.kinds.respond.isdisjoint(st.hands[seat]):  # else no card in hand could answer
        for cid, action in _respond_sources(st, seat):
            if action is None or action_possible(st, seat, cid, action, "respond"):
                return True
    return any(action_possible(st, seat, "", ab, "respond") for _ref, ab in _abilities(st, seat, "respond"))


def anytime_moves(st: GrosState, seat: int) -> list[tuple]:
    """The books' SFX window outside attacks: SFX (and Creatures played as SFX) that neither
    stop a card nor need an attack."""
    moves: list[tuple] = []
    for cid, action in _anytime_sources(st, seat):
        moves.extend(action_plays(st, seat, cid, action, "main"))
    return moves


def _anytime_sources(st: GrosState, seat: int) -> Iterator[tuple[str, Action]]:
    for cid, card in _distinct(st, st.hands[seat]).items():
        t = card.type
        if t == "sfx":
            yield cid, card.action  # type: ignore[misc]
        elif t == "creature" and card.as_sfx is not None:
            yield cid, card.as_sfx


def has_anytime(st: GrosState, seat: int) -> bool:
    """Cheap test for auto-pass in the books' SFX window: a hand with no SFX needs no search."""
    if st.kinds.anytime.isdisjoint(st.hands[seat]):
        return False
    return any(action_possible(st, seat, cid, action, "main") for cid, action in _anytime_sources(st, seat))


_WINDOW_MOVES = {"stop": stop_moves, "respond": respond_moves, "anytime": anytime_moves}


# -- targets, takes and costs ----------------------------------------------------------------------

def action_plays(st: GrosState, seat: int, cid: str, action: Action, context: str) -> list[tuple]:
    """Every way to play card ``cid`` for ``action`` in this ``context`` (main, respond, stop)."""
    ways = _ways(st, seat, action, context, cid)
    if ways is None:
        return []
    ons, takes, pays = ways
    return [("play", cid, on, take, pay) for on in ons for take in takes for pay in pays]


def ability_moves(st: GrosState, seat: int, context: str) -> list[tuple]:
    moves: list[tuple] = []
    if not ability_cards(st, seat):  # most Movies have none
        return moves
    for ref, ab in _abilities(st, seat, context):
        ways = _ways(st, seat, ab, context, "")
        if ways is not None:
            ons, takes, pays = ways
            moves += [("use", ref, on, take, pay) for on in ons for take in takes for pay in pays]
    return moves


def _abilities(st: GrosState, seat: int, context: str) -> Iterator[tuple[str, Action]]:
    """The abilities ``seat`` may use now (before their targets and costs are asked for)."""
    if context == "main" or st.attack_open:
        used = st.used
        for ref, iid in ability_cards(st, seat):
            ab = st.defs[iid].ability
            if ab is None or (ab.once and iid in used) or (ab.timing == "own" and context != "main"):
                continue
            yield ref, ab


def ability_cards(st: GrosState, seat: int) -> list[tuple[str, int]]:
    """Cards in ``seat``'s Movie that have an ability, with the name a move uses for them
    (cached with the Movie's names until ``zones.touch``; callers must not change the list)."""
    key = (seat, "abilities")
    cached = st.refs.get(key)
    if cached is None:
        cached = st.refs[key] = _ability_cards(st, seat)
    return cached


def _ability_cards(st: GrosState, seat: int) -> list[tuple[str, int]]:
    out: list[tuple[str, int]] = []
    able = st.kinds.able
    m = st.movies[seat]
    if not _any_ability(able, m):  # most Movies have no ability at all: say so quickly
        return out
    for ref, ch in zones.char_refs(st, seat):
        if ch.iid in able:
            out.append((ref, ch.iid))
        if ch.props and not able.isdisjoint(ch.props):
            out += [(f"{ref}/{st.ids[p]}", p) for p in ch.props if p in able]
    for i in st.movies[seat].location:
        if i in able:
            out.append((f"{st.names[seat]}/{st.ids[i]}", i))
    return out


def _any_ability(able: frozenset[int], m: Movie) -> bool:
    """Does any card ``ability_cards`` would list (cast, their Props, the Location) have an
    ability? Walks the Movie in place rather than building ``Movie.cards()`` each call."""
    for ch in m.chars:
        if ch.iid in able or (ch.props and not able.isdisjoint(ch.props)):
            return True
    return not able.isdisjoint(m.location)


_NO_PAY: tuple[tuple[str, ...], ...] = ((),)  # an action with no cost: one way to pay, nothing
_NO_TAKE = ("",)  # an action that takes nothing back: one way, taking nothing


def _ways(st: GrosState, seat: int, action: Action, context: str,
          cid: str) -> tuple[Sequence[tuple[str, ...]], Sequence[str], Sequence[tuple[str, ...]]] | None:
    """How ``cid`` may be played for ``action`` now: its targets, the cards it may take back
    and the ways to pay its cost (each mix of the three is one way), or None when there is
    no way; the move lists are built from these."""
    parts = _option_parts(st, seat, action, context, cid)
    if parts is None:
        return None
    ons, takes, rest = parts
    if not action.cost:
        return ons, takes, _NO_PAY
    return ons, takes, sorted(set(combinations(sorted(st.ids[i] for i in rest), action.cost)))


def action_possible(st: GrosState, seat: int, cid: str, action: Action, context: str) -> bool:
    """Is there one way to play ``cid`` for ``action`` now? (``_ways`` is not None, without
    listing the ways to pay: auto-pass asks this of every seat in every window.)"""
    return _option_parts(st, seat, action, context, cid) is not None


def _option_parts(st: GrosState, seat: int, action: Action, context: str,
                  cid: str) -> tuple[Sequence[tuple[str, ...]], Sequence[str], Sequence[int]] | None:
    """An action's targets, cards to take back and the hand it may pay from; None when one
    of them leaves no way to play it."""
    aa = st.attack if st.attack_open else None  # the attack under way, if any
    if context == "stop":
        if not action.stops:
            return None
    elif action.stops or (action.attack_only and aa is None):
        return None
    plain_when = action.plain_when
    if plain_when and not sx.holds(plain_when, st, seat, aa.target if aa is not None else seat, aa,
                                   sx.attack_traits(st, aa)):
        return None
    ons = targets(st, seat, action, aa)
    if not ons:
        return None
    takes: Sequence[str] = _NO_TAKE
    if action.take:
        ids = st.ids
        takes = sorted({ids[i] for i in st.kinds.types[action.take].intersection(st.discard)})
        if not takes:
            return None
    if not action.cost:
        return ons, takes, ()  # only an action with a cost needs the hand left to pay with
    rest = st.hands[seat][:]
    if cid:
        for k, i in enumerate(rest):
            if st.ids[i] == cid:
                del rest[k]
                break
    if len(rest) < action.cost:
        return None
    return ons, takes, rest


def _allowed(st: GrosState, seat: int, owner: int, action: Action) -> bool:
    if protected(st) and owner != seat:
        return False
    return action.owner == "any" or (owner == seat) == (action.owner == "self")


def _owners(st: GrosState, seat: int, action: Action) -> Sequence[int]:
    """The seats whose Movies ``action`` may reach, in seat order: ``_allowed`` for every
    seat at once (the first round of GR2 keeps a card to its own player's Movie, G5)."""
    owner = action.owner
    if owner == "self":
        return (seat,)
    if protected(st):
        return (seat,) if owner == "any" else ()
    n = len(st.names)
    return range(n) if owner == "any" else [s for s in range(n) if s != seat]


_NO_TARGET: tuple[tuple[str, ...], ...] = ((),)  # an action that takes no target: one way, on nothing


def targets(st: GrosState, seat: int, action: Action, a: Attack | None) -> Sequence[tuple[str, ...]]:
    """The target names this action may be played on (``()`` when it takes none); callers
    must not change the sequence."""
    t = action.target
    names = st.names
    tt = action.target_trait
    if t == "none":
        return _NO_TARGET
    if t == "card":
        if not st.stack:
            return []
        iid, owner, _ = st.stack[-1]
        types = next((e.get("types") for e in action.effects if e.kind == "stop_card"), None)
        if owner == seat or types and st.defs[iid].type not in types or not _allowed(st, seat, owner, action):
            return []
        return [(st.ids[iid],)]
    if t == "creature":
        return [(st.ids[a.creature],)] if a is not None and _allowed(st, seat, a.attacker, action) else []
    if t == "movie":
        if action.attack_only:
            return [(names[a.target],)] if a is not None and _allowed(st, seat, a.target, action) else []
        return [(names[s],) for s in _owners(st, seat, action)]
    out: list[tuple[str, ...]] = []
    movies = st.movies
    for s in _owners(st, seat, action):
        m = movies[s]
        if t == "location":
            if m.location and (tt is None or any(tt in sx.card_traits(st, i, m.loc_under) for i in m.location)):
                out.append((names[s],))
        elif t == "character":
            if tt is None:
                out += [(ref,) for ref, _ch in zones.char_refs(st, s)]
            else:
                out += [(ref,) for ref, ch in zones.char_refs(st, s) if tt in sx.card_traits(st, ch.iid, ch.under)]
        elif tt is None:  # prop
            out += [(ref,) for ref, _ch, _p in zones.prop_refs(st, s)]
        else:
            out += [(ref,) for ref, _ch, p in zones.prop_refs(st, s) if tt in st.defs[p].traits]
    return out
