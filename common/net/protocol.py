"""The wire format shared by host and client: newline-delimited JSON objects.

Every message is one JSON object on one line, with a ``type``. What a client may send, and the
fields it must carry, is listed in ``CLIENT_MESSAGES`` and docs/protocol.md. Anything that does
not fit is refused with a ``ProtocolError`` naming what was wrong, in one sentence.
"""

from __future__ import annotations

import contextlib
import json
import os
import socket
from typing import Any

PROTOCOL_VERSION = 2  # the newest version this release speaks
SUPPORTED_VERSIONS = (2,)  # every version this release speaks (hello negotiates the highest shared)
MAX_LINE = 64 * 1024  # bytes in one message, newline included
MAX_TEXT = 200  # characters in a move, a seat, a token, a password
MAX_NAME = 24  # characters of a player's name that are kept
MAX_CHAT = 300  # characters in one chat message
MAX_ERRORS = 50  # malformed messages in a row before the host hangs up
RATE, BURST = 20.0, 60.0  # messages a second a connection may send (beyond accepted moves)
FLOOD_LIMIT = 200  # messages ignored in one flood before the host hangs up
CHAT_RATE, CHAT_BURST = 1.0, 5.0  # chat messages a second, and in one burst
GRACE_ENV = "BMOVIE_NET_GRACE"
GRACE = 30.0  # seconds a disconnected seat waits for its player before a bot takes over
IDLE = 30.0  # seconds of silence before the host pings a client; twice that and it hangs up
HELLO_TIMEOUT = 60.0  # seconds a new connection has to say an accepted hello


def grace_seconds() -> float:
    """The rejoin grace period: ``$BMOVIE_NET_GRACE`` if set to a number >= 0, else GRACE."""
    raw = os.environ.get(GRACE_ENV)
    try:
        value = float(raw) if raw is not None else GRACE
    except ValueError:
        return GRACE
    return value if value >= 0 else GRACE


class ProtocolError(Exception):
    """A message the other side cannot accept; ``code`` is a stable word, the text a sentence."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


# type -> {field: (python type, required, longest string)}; None is the same as leaving it out
CLIENT_MESSAGES: dict[str, dict[str, tuple[type, bool, int]]] = {
    "hello": {"version": (int, True, 0), "versions": (list, False, 0), "game": (str, True, MAX_TEXT),
              "name": (str, False, MAX_TEXT), "seat": (str, False, MAX_TEXT),
              "token": (str, False, MAX_TEXT), "watch": (bool, False, 0),
              "password": (str, False, MAX_TEXT), "table": (str, False, MAX_TEXT),
              "seq": (int, False, 0)},
    "sit": {"seat": (str, True, MAX_TEXT)},
    "stand": {},
    "chat": {"text": (str, True, MAX_CHAT)},
    "move": {"move": (str, True, MAX_TEXT), "seq": (int, False, 0), "seat": (str, False, MAX_TEXT)},
    "sync": {},
    "ping": {},
    "pong": {},
    "bye": {},
}

_JSON_NAMES = {int: "a whole number", str: "a string", bool: "true or false",
               list: "a list of whole numbers"}


def keepalive(sock: Any, idle: int = 30, interval: int = 10, count: int = 3) -> None:
    """Turn on TCP keepalive, so a peer that vanished without closing (a laptop lid, a pulled
    cable) is noticed in about ``idle + interval * count`` seconds instead of never."""
    with contextlib.suppress(OSError, AttributeError):
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_KEEPALIVE, 1)
        for name, value in (("TCP_KEEPIDLE", idle), ("TCP_KEEPINTVL", interval), ("TCP_KEEPCNT", count)):
            option = getattr(socket, name, None)
            if option is not None:
                sock.setsockopt(socket.IPPROTO_TCP, option, value)


def encode(message: dict[str, Any]) -> bytes:
    return json.dumps(message, ensure_ascii=False, separators=(",", ":")).encode("utf-8") + b"\n"


def parse_line(line: bytes) -> dict[str, Any]:
    """One received line as a JSON object with a string ``type``, or ProtocolError."""
    if len(line) > MAX_LINE:
        raise ProtocolError("too_long", f"a message may be at most {MAX_LINE} bytes")
    try:
        text = line.decode("utf-8")
    except UnicodeDecodeError:
        raise ProtocolError("bad_utf8", "a message must be UTF-8 text") from None
    try:
        message = json.loads(text)
    except RecursionError:
        raise ProtocolError("bad_json", "not valid JSON (nested too deeply)") from None
    except ValueError as exc:  # JSONDecodeError, and integers too long to convert
        reason = getattr(exc, "msg", None) or "a number too long"
        raise ProtocolError("bad_json", f"not valid JSON ({reason})") from None
    if not isinstance(message, dict):
        raise ProtocolError("bad_message", "a message must be a JSON object like {\"type\": \"ping\"}")
    kind = message.get("type")
    if not isinstance(kind, str):
        raise ProtocolError("bad_message", "a message needs a string field 'type'")
    return message


def _printable(text: str) -> str:
    return "".join(ch if ch.isprintable() else "?" for ch in text[:40])


def decode_client(line: bytes) -> dict[str, Any]:
    """A client's line, checked against ``CLIENT_MESSAGES``; extra fields are ignored."""
    message = parse_line(line)
    kind = message["type"]
    fields = CLIENT_MESSAGES.get(kind)
    if fields is None:
        raise ProtocolError("unknown_type", f"unknown message type {_printable(kind)!r} "
                            f"(expected one of: {', '.join(CLIENT_MESSAGES)})")
    out: dict[str, Any] = {"type": kind}
    for name, (want, required, longest) in fields.items():
        value = message.get(name)
        if value is None:
            if required:
                raise ProtocolError("bad_message", f"a {kind!r} message needs the field {name!r}")
            continue
        ok = isinstance(value, want) and (want is bool or not isinstance(value, bool))
        if ok and want is list:
            ok = len(value) <= 16 and all(isinstance(v, int) and not isinstance(v, bool)
                                          for v in value)
        if not ok:
            raise ProtocolError("bad_message", f"field {name!r} of a {kind!r} message must be "
                                f"{_JSON_NAMES[want]}, not {type(value).__name__}")
        if isinstance(value, str) and len(value) > longest:
            raise ProtocolError("bad_message", f"field {name!r} is longer than {longest} characters")
        out[name] = value
    return out


def negotiate(offered: list[int]) -> int | None:
    """The highest protocol version both sides speak, or None."""
    shared = set(offered) & set(SUPPORTED_VERSIONS)
    return max(shared) if shared else None


def versions_text(versions: Any) -> str:
    vs = sorted({v for v in versions if isinstance(v, int)})
    return " or ".join(str(v) for v in vs) if vs else "none"


def clean_text(text: str, limit: int) -> str:
    """Printable characters only (no terminal escapes, no newlines), spaces collapsed, cut."""
    kept = "".join(ch if ch.isprintable() else " " for ch in text)
    return " ".join(kept.split())[:limit]


def error(code: str, message: str) -> dict[str, Any]:
    return {"type": "error", "code": code, "message": message}
