"""The effect vocabulary of Galaxy Invaders: one registered entry per kind of card effect.

A card in ``decks.toml`` names its effect (``effect = "snipe"``); this module says, for each
effect, which side may hold it, which move word plays it, what extra fields the card needs,
the moves a card in hand makes now, what the move does, and why a move is refused. A new card
kind is a new entry here (and its TOML): the rules read nothing else, and the catalog refuses
a card whose effect is not registered (issue 25: an unknown effect used to play as a 0-step
Maneuver without a word).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol

from common.engine import Event, IllegalMove, Move
from invaders import N_, _, board
from invaders.state import ALIENS, HUMANS, InvadersState


class Card(Protocol):
    """What an effect reads of its card (invaders.catalog.Card, which reads this module)."""

    @property
    def id(self) -> str: ...

    @property
    def steps(self) -> int: ...

    @property
    def reach(self) -> int: ...


Plays = Callable[[InvadersState, Card], list[Move]]
Resolve = Callable[[InvadersState, str, Card, Move, list[Event]], None]
Check = Callable[[InvadersState, Card, Move], None]


@dataclass(frozen=True)
class Effect:
    name: str
    seats: tuple[str, ...]  # the sides whose cards may have it
    verb: str  # the move word that plays it (notation)
    held: str  # what "you hold no ... card" calls it (an N_ string, translated where it is said)
    plays: Plays  # the moves a card with this effect makes from the state
    resolve: Resolve  # what the move does (the card is already out of the hand)
    check: Check | None = None  # raises IllegalMove when the move cannot be made now
    fits: Callable[[Card, Move], bool] = lambda card, move: True  # which held card makes the move
    fields: tuple[str, ...] = ()  # whole-number card fields it needs, each at least 1
    stays: bool = False  # the card stays in play (a shield) instead of going to the discards
    doc: str = ""


REGISTRY: dict[str, Effect] = {}


def effect(name: str, seats: tuple[str, ...], verb: str, held: str, plays: Plays, *, check: Check | None = None,
           fits: Callable[[Card, Move], bool] | None = None, fields: tuple[str, ...] = (),
           stays: bool = False) -> Callable[[Resolve], Resolve]:
    """Register the function that resolves the effect ``name``."""

    def deco(fn: Resolve) -> Resolve:
        REGISTRY[name] = Effect(name, seats, verb, held, plays, fn, check, fits or (lambda card, move: True),
                                fields, stays, (fn.__doc__ or "").strip())
        return fn

    return deco


def for_seat(seat: str) -> list[str]:
    """The effects a side's cards may have, as the catalog's error lists them."""
    return [name for name, e in REGISTRY.items() if seat in e.seats]


def for_verb(seat: str, verb: str) -> Effect | None:
    """The effect a side plays with the move word ``verb`` (none: the side has no such move)."""
    return next((e for e in REGISTRY.values() if seat in e.seats and e.verb == verb), None)


# -- the moves a held card makes ---------------------------------------------------------------

def _bare(verb: str) -> Plays:
    return lambda st, card: [(verb,)]


def _reinforce_moves(st: InvadersState, card: Card) -> list[Move]:
    return [("reinforce", c) for c in board.empty_top_columns(st)] or [("reinforce", -1)]


def _aimed(verb: str) -> Plays:
    """One move per ship: the card acts on the ship the move names."""
    return lambda st, card: [(verb, board.square_name(st, sq)) for sq in sorted(st.ships)]


def _drift_moves(st: InvadersState, card: Card) -> list[Move]:
    return [("drift", board.square_name(st, sq), d) for sq in sorted(st.ships) for d in (-1, 1)
            if board.can_drift(st, sq, d)]


def _shift_moves(st: InvadersState, card: Card) -> list[Move]:
    return [("maneuver", card.steps, d) for d in (-1, 1) if 0 <= st.defender + d * card.steps < st.width]


# -- why a move is refused ----------------------------------------------------------------------

def _a_ship_at(st: InvadersState, card: Card, move: Move) -> None:
    if board.square_at(st, move[1]) not in st.ships:
        raise IllegalMove(_("there is no ship at {square}").format(square=move[1]))


def _check_drift(st: InvadersState, card: Card, move: Move) -> None:
    _a_ship_at(st, card, move)
    if not board.can_drift(st, board.square_at(st, move[1]), move[2]):
        raise IllegalMove(_("a ship drifts one square left or right, onto no other ship and never off the board"))


def _check_shift(st: InvadersState, card: Card, move: Move) -> None:
    if not 0 <= st.defender + move[1] * move[2] < st.width:
        raise IllegalMove(_("the Defender would leave the board"))


def _check_reinforce(st: InvadersState, card: Card, move: Move) -> None:
    free = board.empty_top_columns(st)
    if move[1] >= st.width:
        raise IllegalMove(_("the board has columns a to {last}").format(last=chr(96 + st.width)))
    if move[1] < 0 and free:
        raise IllegalMove(_("name an empty top-row column: {columns}").format(
            columns=", ".join(chr(97 + c) for c in free)))
    if len(move) == 3 and move[2] != st.height + 1:
        raise IllegalMove(_("Reinforcements land on the top row, row {top}, not row {row}").format(
            top=st.height + 1, row=move[2]))
    if move[1] >= 0 and move[1] not in free:
        raise IllegalMove(_("the top-row square {square} is not empty").format(
            square=board.square_name(st, st.width * st.height + move[1])))


# -- what each effect does ----------------------------------------------------------------------

@effect("fire", (ALIENS, HUMANS), "fire", N_("Fire"), _bare("fire"))
def _fire(st: InvadersState, seat: str, card: Card, move: Move, events: list[Event]) -> None:
    """Every ship fires a red bullet, or the outpost a blue one from the Defender's square."""
    board.fire(st, seat, events)


@effect("sweep", (ALIENS,), "maneuver", N_("Maneuver"), _bare("maneuver"))
def _sweep(st: InvadersState, seat: str, card: Card, move: Move, events: list[Event]) -> None:
    """The fleet's Maneuver: every ship one square right (off the edge: the row below)."""
    board.sweep(st, events)


@effect("reinforce", (ALIENS,), "reinforce", N_("Reinforce"), _reinforce_moves, check=_check_reinforce)
def _reinforce(st: InvadersState, seat: str, card: Card, move: Move, events: list[Event]) -> None:
    """A new ship on an empty top-row square (none if the row is full)."""
    if move[1] >= 0:
        st.ships.append(st.width * st.height + move[1])
        events.append(Event("reinforced", (chr(97 + move[1]),)))


@effect("snipe", (ALIENS,), "snipe", N_("Snipe"), _aimed("snipe"), check=_a_ship_at)
def _snipe(st: InvadersState, seat: str, card: Card, move: Move, events: list[Event]) -> None:
    """One ship of the fleet's choice fires."""
    board.fire(st, seat, events, only=board.square_at(st, move[1]))


@effect("ray", (ALIENS,), "ray", N_("Death Ray"), _aimed("ray"), check=_a_ship_at, fields=("reach",))
def _ray(st: InvadersState, seat: str, card: Card, move: Move, events: list[Event]) -> None:
    """One ship's death ray strikes down its column at once, ``reach`` squares (board.ray)."""
    board.ray(st, board.square_at(st, move[1]), card.reach, events)


@effect("drift", (ALIENS,), "drift", N_("Drift"), _drift_moves, check=_check_drift)
def _drift(st: InvadersState, seat: str, card: Card, move: Move, events: list[Event]) -> None:
    """One ship slides a square left or right."""
    board.drift(st, board.square_at(st, move[1]), move[2], events)


@effect("shift", (HUMANS,), "maneuver", N_("Maneuver"), _shift_moves, check=_check_shift,
        fits=lambda card, move: card.steps == move[1], fields=("steps",))
def _shift(st: InvadersState, seat: str, card: Card, move: Move, events: list[Event]) -> None:
    """The humans' Maneuver N: the Defender moves exactly ``steps`` squares."""
    st.defender += move[1] * move[2]
    events.append(Event("moved", (chr(97 + st.defender),)))


@effect("shield", (HUMANS,), "shield", N_("Shield"), _bare("shield"), stays=True)
def _shield(st: InvadersState, seat: str, card: Card, move: Move, events: list[Event]) -> None:
    """A Deflector Shield: stays in play until it cancels a hit (board.hit_defender)."""
    st.shields.append(card.id)


@effect("spread", (HUMANS,), "spread", N_("Spread"), _bare("spread"))
def _spread(st: InvadersState, seat: str, card: Card, move: Move, events: list[Event]) -> None:
    """Three blue bullets side by side, the Defender's square in the middle."""
    board.fire(st, seat, events, spread=True)
