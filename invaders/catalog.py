"""Galaxy Invaders' cards as data: ``decks.toml`` read and validated (the cards, the default
decks and the book's, each side's opening hand, draw and hand limit); errors name the card and
the field. Below the rules and the notation, which both read it."""

from __future__ import annotations

import os
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Protocol

from common.cards import CardDataError, canonical, load_toml, require
from invaders import effects
from invaders.state import SEATS

DECKS_FILE = os.path.join(os.path.dirname(__file__), "decks.toml")


@dataclass(frozen=True, slots=True)
class Card:
    id: str
    seat: str
    name: str
    italian: str
    effect: str
    steps: int
    text: str
    reach: int = 0  # a Death Ray's reach in squares below its ship


# the hand settings a side may have (rulings I3): option key -> (low, high)
SETTINGS = {"hand": (0, 20), "draw": (0, 20), "limit": (1, 20)}
RULINGS_SETTINGS = {"hand": 4, "draw": 2, "limit": 4}  # I3's starting point, for both sides


@dataclass(frozen=True)
class Catalog:
    cards: dict[str, dict[str, Card]]  # seat -> id -> card
    decks: dict[str, dict[str, int]]  # the default composition
    sources: dict[str, dict[str, str]]  # seat -> id -> canonical text of the card, for the checksum
    settings: dict[str, dict[str, int]]  # seat -> the default opening hand, draw and hand limit
    book_decks: dict[str, dict[str, int]]  # variant `book`: the book's cards, the rulings' counts
    book_settings: dict[str, dict[str, int]]  # variant `book`: hand 4, draw 2, limit 4

    def decks_for(self, variant: str) -> dict[str, dict[str, int]]:
        return self.book_decks if variant == "book" else self.decks

    def settings_for(self, variant: str) -> dict[str, dict[str, int]]:
        return self.book_settings if variant == "book" else self.settings

    def source(self, composition: dict[str, dict[str, int]]) -> str:
        """The canonical text of the cards in these decks, for a record's checksum: a card in
        no deck of the game (a card added for another variant) leaves it as it was."""
        return canonical({seat: {cid: self.sources[seat][cid] for cid, n in counts.items() if n}
                          for seat, counts in composition.items()})


@lru_cache(maxsize=8)
def load_catalog(path: str = DECKS_FILE) -> Catalog:
    """Read and validate the card file; errors name the card and the field."""
    data = load_toml(path)
    where = os.path.basename(path)
    cards: dict[str, dict[str, Card]] = {}
    for seat in SEATS:
        entries = data.get("cards", {}).get(seat)
        if not isinstance(entries, dict) or not entries:
            raise CardDataError(f"{where}: no [cards.{seat}] section")
        cards[seat] = {}
        for cid, entry in entries.items():
            effect = require(cid, entry, "effect", str, where)
            known = effects.for_seat(seat)
            if effect not in known:  # (the registry, invaders/effects.py, is the vocabulary)
                raise CardDataError(f"{where}: card {cid!r}: field 'effect': {effect!r} is not an effect "
                                    f"of the {seat}' cards (effects: {', '.join(known)})")
            numbers = {"steps": 0, "reach": 0}
            for key in effects.REGISTRY[effect].fields:  # ('steps' of a Maneuver, 'reach' of a ray)
                numbers[key] = require(cid, entry, key, int, where)
                if numbers[key] < 1:
                    raise CardDataError(f"{where}: card {cid!r}: field {key!r} must be at least 1")
            cards[seat][cid] = Card(cid, seat, require(cid, entry, "name", str, where),
                                    entry.get("italian", ""), effect, numbers["steps"],
                                    require(cid, entry, "text", str, where), numbers["reach"])
    decks = {seat: validate_deck(cards[seat], data.get("decks", {}).get(seat, {}), where, seat) for seat in SEATS}
    settings = {seat: validate_settings(data.get("settings", {}).get(seat), where, seat) for seat in SEATS}
    book = data.get("book", {})
    book_decks = {seat: validate_deck(cards[seat], book.get("decks", {}).get(seat, {}), where, f"book {seat}")
                  for seat in SEATS}
    book_settings = {seat: validate_settings(book.get("settings", {}).get(seat), where, f"book {seat}")
                     for seat in SEATS}
    sources = {seat: {cid: canonical(entry) for cid, entry in data["cards"][seat].items()} for seat in SEATS}
    return Catalog(cards, decks, sources, settings, book_decks, book_settings)


def validate_settings(entry: Any, where: str, seat: str) -> dict[str, int]:
    """A side's [settings.SEAT]: every one of hand, draw and limit, a whole number in range."""
    if not isinstance(entry, dict):
        raise CardDataError(f"{where}: no [settings.{seat}] section")
    for key in entry:
        if key not in SETTINGS:
            raise CardDataError(f"{where}: settings {seat}: unknown setting {key!r} (known: {', '.join(SETTINGS)})")
    out = {}
    for key, (low, high) in SETTINGS.items():
        n = entry.get(key)
        if not isinstance(n, int) or isinstance(n, bool) or not low <= n <= high:
            raise CardDataError(f"{where}: settings {seat}: {key!r} must be a whole number from {low} to {high}")
        out[key] = n
    return out


def validate_deck(cards: dict[str, Card], counts: dict[str, Any], where: str, seat: str) -> dict[str, int]:
    for cid, n in counts.items():
        if cid not in cards:
            raise CardDataError(f"{where}: deck {seat}: unknown card {cid!r} (known: {', '.join(cards)})")
        if not isinstance(n, int) or isinstance(n, bool) or n < 0:
            raise CardDataError(f"{where}: deck {seat}: card {cid!r}: count must be a whole number >= 0")
    if sum(counts.values()) < 1:
        raise CardDataError(f"{where}: deck {seat} is empty")
    return dict(counts)


class HasCatalog(Protocol):
    """What the views and the record's setup directives need of the rules: their cards."""

    @property
    def catalog(self) -> Catalog: ...
