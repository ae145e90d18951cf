"""Card data: loading TOML card files with validation, and the checksum records carry."""

from __future__ import annotations

import os
import tomllib
import zlib
from collections.abc import Iterable
from typing import Any


class CardDataError(ValueError):
    """A card file is malformed; the message names the file, the card and the field."""


def load_toml(path: str | os.PathLike) -> dict[str, Any]:
    name = os.path.basename(path)
    try:
        with open(path, "rb") as fh:
            return tomllib.load(fh)
    except tomllib.TOMLDecodeError as exc:
        raise CardDataError(f"{name}: not valid TOML: {exc}") from None
    except OSError as exc:
        raise CardDataError(f"{name}: cannot read: {exc.strerror}") from None


def require(card: str, entry: dict[str, Any], key: str, kind: type | tuple[type, ...], where: str) -> Any:
    """Return ``entry[key]`` if present and of ``kind``, else raise naming card and field."""
    if key not in entry:
        raise CardDataError(f"{where}: card {card!r}: missing field {key!r}")
    value = entry[key]
    if not isinstance(value, kind) or isinstance(value, bool) and kind is int:
        raise CardDataError(f"{where}: card {card!r}: field {key!r} has the wrong type ({value!r})")
    return value


def canonical(obj: Any) -> str:
    """A stable text form of TOML data (dict order does not matter) for checksums."""
    if isinstance(obj, dict):
        return "{" + ",".join(f"{k!r}:{canonical(obj[k])}" for k in sorted(obj)) + "}"
    if isinstance(obj, list):
        return "[" + ",".join(canonical(v) for v in obj) + "]"
    return repr(obj)


def checksum(parts: Iterable[str]) -> str:
    """Eight hex digits over the canonical text of the card data a game is played with.

    CRC-32 is enough to notice changed card data (this is no security check) and, unlike
    hashlib, costs nothing at start-up.
    """
    crc = 0
    for part in parts:
        crc = zlib.crc32(part.encode() + b"\0", crc)
    return f"{crc:08x}"
