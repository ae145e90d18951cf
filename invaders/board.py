"""How pieces move on the Invaders board: the book's phases 1–3 and the cards' movements.

Every function mutates the state in place, appends what happened to ``events``, and stops
as soon as the game is won (the book: "vince immediatamente").
"""

from __future__ import annotations

from functools import lru_cache

from common.engine import Event
from invaders import N_
from invaders.state import ALIENS, ATTACK, HUMANS, OVER, InvadersState

# why a game ended: the state and the ``win`` event keep the English (a record fact); each
# player reads it in their language (views.reason_text)
DEFENDER_HIT = N_("a red bullet destroyed the Defender")
RAY_HIT = N_("a death ray destroyed the Defender")
LAST_SHIP = N_("the last alien ship was destroyed")
OUT_OF_CARDS = N_("the aliens ran out of cards")
LANDED = N_("a ship landed on the moon at {square}")
REASONS = (DEFENDER_HIT, RAY_HIT, LAST_SHIP, OUT_OF_CARDS)
# how games end, as ``invaders bench --matchups`` counts them (rules.end_kind)
LANDING = N_("landing")
END_KINDS = {DEFENDER_HIT: N_("Defender destroyed"), RAY_HIT: N_("Defender destroyed"), LAST_SHIP: N_("fleet destroyed"),
             OUT_OF_CARDS: N_("out of cards")}


@lru_cache(maxsize=64)
def square_names(width: int, height: int) -> tuple[tuple[str, ...], dict[str, int]]:
    """Every square's name on a board of that size, and the square each name stands for:
    computed once, so moves and play-outs never format or parse a name."""
    names = tuple(f"{chr(97 + sq % width)}{sq // width + 1}" for sq in range(width * (height + 1)))
    return names, {name: sq for sq, name in enumerate(names)}


def square_at(st: InvadersState, name: str) -> int:
    """The square a name like 'b6' stands for (-1 when it is off the board)."""
    return square_names(st.width, st.height)[1].get(name, -1)


def square_name(st: InvadersState, sq: int) -> str:
    """Board coordinates as players read them: column letter, row 1 = the lunar surface."""
    return square_names(st.width, st.height)[0][sq]


def settle_fresh(st: InvadersState, shooter: str) -> None:
    """Bullets fired this phase join the others of their colour when the phase closes."""
    if st.fresh:
        (st.red if shooter == ALIENS else st.blue).extend(st.fresh)
        st.fresh = []


def win(st: InvadersState, seat: str, reason: str, events: list[Event]) -> None:
    st.winner, st.reason, st.phase = seat, reason, OVER
    st.discarding = False
    events.append(Event("win", (seat, reason)))


def hit_defender(st: InvadersState, events: list[Event], reason: str = DEFENDER_HIT) -> None:
    """A red bullet (or a death ray) reached the Defender: a shield absorbs it, else the aliens win."""
    if st.shields:
        st.discards[HUMANS].append(st.shields.pop())
        events.append(Event("shielded", (len(st.shields),)))
    else:
        win(st, ALIENS, reason, events)


def destroy_ship(st: InvadersState, sq: int, events: list[Event]) -> None:
    st.ships.remove(sq)
    events.append(Event("ship_destroyed", (square_name(st, sq),)))
    if not st.ships:
        win(st, HUMANS, LAST_SHIP, events)


def drop_red(st: InvadersState, sq: int, events: list[Event]) -> int | None:
    """Move one red bullet one square down; return where it rests, or None if it is gone."""
    w = st.width
    below = sq - w
    if below in st.blue:
        st.blue.remove(below)
        events.append(Event("bullets_collide", (square_name(st, below),)))
        return None
    if below < w:  # the lunar row
        if below == st.defender:
            hit_defender(st, events)
        return None
    return below  # on a ship or in open space: the bullet simply rests there


def raise_blue(st: InvadersState, sq: int, events: list[Event]) -> int | None:
    """Move one blue bullet one square up; return where it rests, or None if it is gone."""
    above = sq + st.width
    if above >= st.width * (st.height + 1):
        return None  # past the top row: lost in space
    if above in st.red:
        st.red.remove(above)  # the red bullet shields whatever is there
        events.append(Event("bullets_collide", (square_name(st, above),)))
        return None
    if above in st.ships:
        destroy_ship(st, above, events)
        return None
    return above


def _advance(st: InvadersState, bullets: list[int], step, reverse: bool, events: list[Event]) -> list[int]:
    kept: list[int] = []
    order = sorted(bullets, reverse=reverse)
    for i, sq in enumerate(order):
        if st.winner:  # the game is over: the rest stay where they are
            kept.extend(order[i:])
            break
        rest = step(st, sq, events)
        if rest is not None:
            kept.append(rest)
    return kept


def advance_red(st: InvadersState, bullets: list[int], events: list[Event]) -> list[int]:
    """Phase 1 on ``bullets`` (nearest the ground first); return the survivors."""
    return _advance(st, bullets, drop_red, False, events)


def advance_blue(st: InvadersState, bullets: list[int], events: list[Event]) -> list[int]:
    """Phase 2 on ``bullets`` (farthest from the ground first); return the survivors."""
    return _advance(st, bullets, raise_blue, True, events)


def move_ship(st: InvadersState, src: int, dst: int, events: list[Event]) -> None:
    """Move a ship; landing on the moon wins for the aliens, a blue bullet destroys it."""
    st.ships.remove(src)
    if dst < st.width:
        st.ships.append(dst)
        win(st, ALIENS, LANDED.format(square=square_name(st, dst)), events)
        return
    if dst in st.blue:
        st.blue.remove(dst)
        events.append(Event("ship_destroyed", (square_name(st, dst),)))
        if not st.ships:
            win(st, HUMANS, LAST_SHIP, events)
        return
    st.ships.append(dst)


def descend(st: InvadersState, events: list[Event]) -> None:
    """Phase 3: every ship one row down, nearest the ground first."""
    for sq in sorted(st.ships):
        if st.winner:
            return
        move_ship(st, sq, sq - st.width, events)


def sweep(st: InvadersState, events: list[Event]) -> None:
    """Alien Maneuver: every ship one square right, nearest the ground and right edge first;
    off the right edge it re-enters at the left of the row below."""
    w = st.width
    for sq in sorted(st.ships, key=lambda s: (s // w, -(s % w))):
        if st.winner:
            return
        dst = sq + 1 if sq % w < w - 1 else (sq // w - 1) * w
        move_ship(st, sq, dst, events)
    events.append(Event("fleet", (" ".join(sorted(square_name(st, s) for s in st.ships)),)))


def fire(st: InvadersState, seat: str, events: list[Event], only: int | None = None,
         spread: bool = False) -> None:
    """A Fire! card (``only``: the one ship of a Lone Gunner; ``spread``: the Spread Shot's
    three bullets): first the bullets fired earlier this phase move, then new ones appear."""
    if seat == ALIENS:
        st.fresh = advance_red(st, st.fresh, events)
        if st.winner:
            return
        if only is not None:
            if only in st.ships:  # (the earlier bullets never move ships)
                st.fresh.append(only)
                events.append(Event("snipe", (square_name(st, only),)))
            return
        st.fresh.extend(st.ships)
        events.append(Event("fire", (ALIENS, len(st.ships))))
    else:
        st.fresh = advance_blue(st, st.fresh, events)
        if st.winner:
            return
        squares = [st.defender]
        if spread:  # the lunar row's squares beside the Defender (a fresh bullet there joins none)
            squares += [sq for sq in (st.defender - 1, st.defender + 1)
                        if 0 <= sq < st.width and sq not in st.fresh]
        st.fresh.extend(squares)
        events.append(Event("fire", (HUMANS, len(squares))))


def ray_path(st: InvadersState, sq: int, reach: int) -> tuple[str, int]:
    """Where a death ray from the ship at ``sq`` stops, straight down its column at most
    ``reach`` squares: at the first blue bullet ("blue"), at a ship lower down ("ship"), on the
    lunar row ("moon"), or in space ("space"); red bullets do not stop it."""
    w = st.width
    blue = set(st.blue) | (set(st.fresh) if st.phase != ATTACK else set())
    for below in range(sq - w, max(-1, sq - w * (reach + 1)), -w):
        if below in blue:
            return "blue", below
        if below in st.ships:
            return "ship", below
    return ("moon", sq % w) if sq // w <= reach else ("space", sq - w * reach)


def ray(st: InvadersState, sq: int, reach: int, events: list[Event]) -> None:
    """A Death Ray: it strikes at once down the ship's column, ``reach`` squares; a blue
    bullet on its way takes it (both are gone), a ship lower down stops it, and on the lunar
    row it hits the Defender if it stands there (a Deflector Shield cancels it)."""
    events.append(Event("ray", (square_name(st, sq),)))
    stop, at = ray_path(st, sq, reach)
    if stop == "blue":
        st.blue.remove(at)
        events.append(Event("ray_stopped", (square_name(st, at),)))
    elif stop == "moon" and at == st.defender:
        hit_defender(st, events, RAY_HIT)


def empty_top_columns(st: InvadersState) -> list[int]:
    """Columns whose top-row square holds no ship and no bullet (where Reinforcements land)."""
    base = st.width * st.height
    taken = set(st.ships) | set(st.red) | set(st.blue) | set(st.fresh)
    return [c for c in range(st.width) if base + c not in taken]


def can_drift(st: InvadersState, sq: int, d: int) -> bool:
    """Side Thrusters: one square left or right within the row, onto no other ship."""
    col = sq % st.width + d
    return 0 <= col < st.width and sq + d not in st.ships


def drift(st: InvadersState, sq: int, d: int, events: list[Event]) -> None:
    """Side Thrusters: one ship steps sideways (into a blue bullet it is destroyed)."""
    events.append(Event("drift", (square_name(st, sq), square_name(st, sq + d))))
    move_ship(st, sq, sq + d, events)
