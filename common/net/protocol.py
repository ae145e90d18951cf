"""The wire format shared by host and client: newline-delimited JSON objects.

Every message is one JSON object on one line, with a ``type``. What each side may send, and
the fields it must carry, is listed in ``CLIENT_MESSAGES`` and docs/protocol.md. Anything that
does not fit is refused with a ``ProtocolError`` naming what was wrong, in one sentence.
"""

from __future__ import annotations

import contextlib
import json
import os
import socket
from typing import Any

PROTOCOL_VERSION = 1
MAX_LINE = 64 * 1024  # bytes in one message, newline included
MAX_TEXT = 200  # characters in a move, a name, a seat or a token
MAX_ERRORS = 50  # refused messages in a row before the host hangs up
GRACE_ENV = "BMOVIE_NET_GRACE"
GRACE = 30.0  # seconds a disconnected seat waits for its player before a bot takes over


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


# type -> {field: (python type, required)}; None is the same as leaving a field out
CLIENT_MESSAGES: dict[str, dict[str, tuple[type, bool]]] = {
    "hello": {"version": (int, True), "game": (str, True), "name": (str, False),
              "seat": (str, False), "token": (str, False)},
    "move": {"move": (str, True), "seq": (int, False), "seat": (str, False)},
    "sync": {},
    "ping": {},
    "bye": {},
}

_JSON_NAMES = {int: "a whole number", str: "a string"}


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
    except (json.JSONDecodeError, RecursionError) as exc:
        reason = getattr(exc, "msg", "nested too deeply")
        raise ProtocolError("bad_json", f"not valid JSON ({reason})") from None
    if not isinstance(message, dict):
        raise ProtocolError("bad_message", "a message must be a JSON object like {\"type\": \"ping\"}")
    kind = message.get("type")
    if not isinstance(kind, str):
        raise ProtocolError("bad_message", "a message needs a string field 'type'")
    return message


def decode_client(line: bytes) -> dict[str, Any]:
    """A client's line, checked against ``CLIENT_MESSAGES``; extra fields are ignored."""
    message = parse_line(line)
    kind = message["type"]
    fields = CLIENT_MESSAGES.get(kind)
    if fields is None:
        raise ProtocolError("unknown_type", f"unknown message type {kind[:40]!r} "
                            f"(expected one of: {', '.join(CLIENT_MESSAGES)})")
    out: dict[str, Any] = {"type": kind}
    for name, (want, required) in fields.items():
        value = message.get(name)
        if value is None:
            if required:
                raise ProtocolError("bad_message", f"a {kind!r} message needs the field {name!r}")
            continue
        if not isinstance(value, want) or isinstance(value, bool):
            raise ProtocolError("bad_message", f"field {name!r} of a {kind!r} message must be "
                                f"{_JSON_NAMES[want]}, not {type(value).__name__}")
        if isinstance(value, str) and len(value) > MAX_TEXT:
            raise ProtocolError("bad_message", f"field {name!r} is longer than {MAX_TEXT} characters")
        out[name] = value
    return out


def error(code: str, message: str) -> dict[str, Any]:
    return {"type": "error", "code": code, "message": message}
