"""Decks, hands and discard piles as plain lists (the top of a pile is the end of its list).

Plain lists keep states cheap to clone; these helpers are the few things every card game
does with them, written once.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from common.rng import Rng

T = TypeVar("T")


def draw(deck: list[T], hand: list[T], count: int, *, refill: list[T] | None = None,
         rng: Rng | None = None, on_refill: Callable[[int], None] | None = None) -> list[T]:
    """Move up to ``count`` cards from the top of ``deck`` to ``hand``; return them.

    With ``refill`` (a discard pile) and ``rng``, an empty deck is first rebuilt by shuffling
    the discards into it (``on_refill`` hears the new deck size); without, drawing stops.
    """
    drawn: list[T] = []
    for _ in range(count):
        if not deck and refill and rng is not None:
            deck.extend(refill)
            refill.clear()
            rng.shuffle(deck)
            if on_refill:
                on_refill(len(deck))
        if not deck:
            break
        drawn.append(deck.pop())
    hand.extend(drawn)
    return drawn


def take(piles: list[list[T]], card: T) -> T | None:
    """Remove one ``card`` from the first pile that holds it; None if none does."""
    for pile in piles:
        if card in pile:
            pile.remove(card)
            return card
    return None
