"""Card data: loading TOML card files with validation, and the checksum records carry."""

from __future__ import annotations

import hashlib
import tomllib
from collections.abc import Iterable
from pathlib import Path
from typing import Any


class CardDataError(ValueError):
    """A card file is malformed; the message names the file, the card and the field."""


def load_toml(path: Path) -> dict[str, Any]:
    try:
        with path.open("rb") as fh:
            return tomllib.load(fh)
    except tomllib.TOMLDecodeError as exc:
        raise CardDataError(f"{path.name}: not valid TOML: {exc}") from None
    except OSError as exc:
        raise CardDataError(f"{path.name}: cannot read: {exc.strerror}") from None


def require(card: str, entry: dict[str, Any], key: str, kind: type | tuple[type, ...], where: str) -> Any:
    """Return ``entry[key]`` if present and of ``kind``, else raise naming card and field."""
    if key not in entry:
        raise CardDataError(f"{where}: card {card!r}: missing field {key!r}")
    value = entry[key]
    if not isinstance(value, kind) or isinstance(value, bool) and kind is int:
        raise CardDataError(f"{where}: card {card!r}: field {key!r} has the wrong type ({value!r})")
    return value


def checksum(parts: Iterable[str]) -> str:
    """Eight hex digits over the canonical text of the card data a game is played with."""
    h = hashlib.sha256()
    for part in parts:
        h.update(part.encode())
        h.update(b"\0")
    return h.hexdigest()[:8]
