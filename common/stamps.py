"""A record's ``cards`` stamp names the cards that changed: ``cards 1a2b3c4d SKETCH``.

The checksum (8 hex digits) tells that the card data changed; the sketch after it tells which
cards: an invertible Bloom lookup table of every card's (id, data) digest, 15 cells of 7 bytes
in 140 characters of URL-safe base64. Subtracting the table the cards give now from the one the
record carries leaves only the cards that differ, and while they are few (a handful: each
changed card counts twice, once as it was and once as it is) they are peeled off one by one,
so ``GAME run --restamp`` can say "changed: The Blob; added: Skippy". Why a sketch and not a
digest per card: 110 cards would make the header a page; the sketch stays one short word
whatever the deck's size. A stamp without one (records made before) is still accepted.

Here too the ``deal`` stamp: a digest of what the seed deals, which a saved game carries since
its moves rely on it.
"""

from __future__ import annotations

import base64
import hashlib
import json
import zlib
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from common.cards import checksum

if TYPE_CHECKING:
    from common.engine import Rules

CELLS, GROUPS = 15, 3  # each card in one cell of each of 3 groups of 5
_WIDTH = 7  # count (1 byte), id digest (3), data digest (2), check (1)


def _digest(text: str) -> int:
    return zlib.crc32(text.encode("utf-8"))


def _entry(cid: str, data: str) -> tuple[int, int]:
    """A card as the sketch holds it: 24 bits of its id, 16 of its data."""
    return _digest("id\0" + cid) & 0xFFFFFF, _digest(data) & 0xFFFF


def _mix(key: int, value: int) -> bytes:
    """Where a card goes and its check: a real hash (CRC-32 is linear, so the cells of a card
    as it was and as it is would move together)."""
    return hashlib.blake2b(f"{key}:{value}".encode(), digest_size=8).digest()


def _check(key: int, value: int) -> int:
    return _mix(key, value)[0]


def id_digest(cid: str) -> int:
    return _entry(cid, "")[0]


def _cells(key: int, value: int) -> list[int]:
    """Where a card goes: by id and data, so that a card as it was and as it is part ways."""
    size = CELLS // GROUPS
    mixed = _mix(key, value)
    return [g * size + mixed[1 + g] % size for g in range(GROUPS)]


def _add(table: list[list[int]], key: int, value: int, sign: int) -> None:
    check = _check(key, value)
    for i in _cells(key, value):
        cell = table[i]
        cell[0] = (cell[0] + sign) & 0xFF
        cell[1] ^= key
        cell[2] ^= value
        cell[3] ^= check


def sketch(parts: dict[str, str]) -> str:
    """The sketch of the cards ``parts`` (id -> the canonical text of its data)."""
    table = [[0, 0, 0, 0] for _ in range(CELLS)]
    for cid, data in parts.items():
        _add(table, *_entry(cid, data), 1)
    raw = b"".join(bytes([c]) + k.to_bytes(3, "big") + v.to_bytes(2, "big") + bytes([x]) for c, k, v, x in table)
    return base64.urlsafe_b64encode(raw).decode("ascii").rstrip("=")


def _unpack(text: str) -> list[list[int]] | None:
    try:
        raw = base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))
    except (ValueError, TypeError):
        return None
    if len(raw) != CELLS * _WIDTH:
        return None
    return [[raw[i], int.from_bytes(raw[i + 1:i + 4], "big"), int.from_bytes(raw[i + 4:i + 6], "big"), raw[i + 6]]
            for i in range(0, len(raw), _WIDTH)]


@dataclass
class Changes:
    """What differs between a stamp's cards and today's: ids (or, for a removed card no
    longer known, its id's digest as ``#hex``)."""

    changed: list[str] = field(default_factory=list)
    added: list[str] = field(default_factory=list)
    removed: list[str] = field(default_factory=list)

    def __bool__(self) -> bool:
        return bool(self.changed or self.added or self.removed)


def changes(old: str, parts: dict[str, str], known: tuple[str, ...] = ()) -> Changes | None:
    """The cards that changed between the sketch ``old`` and the cards ``parts`` now; ``known``
    are ids that may name a removed card (the record's own words). None when the sketch cannot
    tell (too many cards changed, or it is not a sketch)."""
    table = _unpack(old)
    if table is None:
        return None
    now: dict[int, tuple[str, int]] = {}
    for cid, data in parts.items():
        key, value = _entry(cid, data)
        now[key] = (cid, value)
        _add(table, key, value, -1)
    was: dict[int, int] = {}
    is_: dict[int, int] = {}
    for _round in range(2 * CELLS):  # each round peels at least one card, or none is left
        pure = next(((i, cell) for i, cell in enumerate(table) if cell[0] in (1, 255)
                     and cell[3] == _check(cell[1], cell[2]) and i in _cells(cell[1], cell[2])), None)
        if pure is None:
            break
        count, key, value, _check_sum = pure[1]  # a cell holding one card only
        side = was if count == 1 else is_
        if key in side:
            return None  # one id twice on a side: a cell that only looked pure
        side[key] = value
        _add(table, key, value, -1 if count == 1 else 1)
    if any(any(cell) for cell in table):
        return None
    if any(now.get(key, ("", -1))[1] != value for key, value in is_.items()):
        return None  # a cell that only looked pure: the sketch cannot tell
    names = {id_digest(cid): cid for cid in known}
    out = Changes()
    for key in sorted(set(was) | set(is_), key=lambda k: now.get(k, (names.get(k, ""), 0))[0]):
        if key in was and key in is_:
            out.changed.append(now[key][0])
        elif key in is_:
            out.added.append(now[key][0])
        else:
            out.removed.append(names.get(key, f"#{key:06x}"))
    return out


def deal_digest(rules: Rules, state: Any) -> str:
    """Eight hex digits over a new game's state before any move or setup line: what the seed
    dealt with these cards. A record's ``deal`` line keeps it, so that a record relying on the
    deal reports a reshuffle as one, not as a refused move half-way through."""
    return checksum([json.dumps(rules.to_json(state), sort_keys=True, ensure_ascii=False)])


_SKETCHES: dict[tuple[str, str], str] = {}


def card_sketch(rules: Rules, options: dict[str, str], stamp: str) -> str | None:
    """The sketch of the cards a game with ``options`` (the variant among them) is played with,
    once per card data (``stamp``: its checksum); None for a game without card data."""
    key = (rules.name, stamp)
    if key not in _SKETCHES:
        parts = rules.card_parts(options)
        _SKETCHES[key] = sketch({cid: data for cid, (_name, data) in parts.items()}) if parts else ""
    return _SKETCHES[key] or None
