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

from common import N_, _, pgettext
from common.engine import Event, GameError
from common.i18n import DEFAULT, LANGUAGES
from common.safetext import clean

PROTOCOL_VERSION = 5  # the newest version this release speaks (5: events as data, hello's language)
SUPPORTED_VERSIONS = (2, 3, 4, 5)  # every version this release speaks (hello negotiates the highest shared)
PATCHES_SINCE = 3  # the first version whose states carry view patches
LOBBY_DELTAS_SINCE = 4  # the first version sent 'lobby_delta' instead of every whole 'lobby'
EVENTS_SINCE = 5  # the first version sent events as data (each client narrates them in its language)
MAX_LANG = 16  # characters in hello's language code
MAX_LINE = 64 * 1024  # bytes in one message from a client, newline included
MAX_HOST_LINE = 16 * 1024 * 1024  # bytes in one message from the host (a long film's whole view)
MAX_TEXT = 200  # characters in a move, a seat, a token, a password
MAX_NAME = 24  # characters of a player's name that are kept
MAX_CHAT = 300  # characters in one chat message
MAX_ERRORS = 50  # malformed messages in a row before the host hangs up
RATE, BURST = 20.0, 60.0  # messages a second a connection may send (beyond accepted moves)
FLOOD_LIMIT = 200  # messages ignored in one flood before the host hangs up
CHAT_RATE, CHAT_BURST = 1.0, 5.0  # chat messages a second, and in one burst
GRACE_ENV = "BMOVIE_NET_GRACE"
GRACE = 30.0  # seconds a disconnected seat waits for its player before a bot takes over
REJOIN_EVERY = 2.0  # the longest pause (before jitter of up to 20%) between a client's rejoin attempts
# A resumed host waits at least this long for its players: every client is then somewhere in its
# backoff, and a short --grace would hand seats to bots before their players' next attempt.
RESUME_WAIT = 2 * REJOIN_EVERY * 1.2 + 0.5
IDLE = 30.0  # seconds of silence before the host pings a client; twice that and it hangs up
HELLO_TIMEOUT = 5.0  # seconds a new connection has to say an accepted hello


def grace_seconds() -> float:
    """The rejoin grace period: ``$BMOVIE_NET_GRACE`` if set, else GRACE. A value that is not
    a number of seconds (0 or more) is refused, not ignored: the host would otherwise run
    with a grace its operator did not choose."""
    raw = os.environ.get(GRACE_ENV)
    if raw is None or not raw.strip():
        return GRACE
    try:
        value = float(raw)
    except ValueError:
        value = -1.0
    if not value >= 0 or value == float("inf"):  # (not >= also catches nan)
        raise GameError(_("{name}={value!r} is not a number of seconds (0 or more)").format(
            name=GRACE_ENV, value=raw))
    return value


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
              "seq": (int, False, 0), "lang": (str, False, MAX_LANG)},
    "sit": {"seat": (str, True, MAX_TEXT)},
    "stand": {},
    "chat": {"text": (str, True, MAX_CHAT)},
    "move": {"move": (str, True, MAX_TEXT), "seq": (int, False, 0), "seat": (str, False, MAX_TEXT)},
    "sync": {},
    "hint": {},  # the player asked the coach (worked out on the client): the table is told
    "ping": {},
    "pong": {},
    "bye": {},
}

_JSON_NAMES = {int: N_("a whole number"), str: N_("a string"), bool: N_("true or false"),
               list: N_("a list of whole numbers")}


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
    # 'replace': a lone surrogate that slipped into a text must not stop the answer
    return json.dumps(message, ensure_ascii=False, separators=(",", ":")).encode("utf-8", "replace") + b"\n"


def parse_line(line: bytes, limit: int = MAX_LINE) -> dict[str, Any]:
    """One received line as a JSON object with a string ``type``, or ProtocolError."""
    if len(line) > limit:
        raise ProtocolError("too_long", _("a message may be at most {limit} bytes").format(limit=limit))
    try:
        text = line.decode("utf-8")
    except UnicodeDecodeError:
        raise ProtocolError("bad_utf8", _("a message must be UTF-8 text")) from None
    try:
        message = json.loads(text)
    except RecursionError:
        raise ProtocolError("bad_json", _("not valid JSON (nested too deeply)")) from None
    except ValueError as exc:  # JSONDecodeError, and integers too long to convert
        # the JSON decoder's own reason stays English (it comes from the standard library)
        reason = getattr(exc, "msg", None) or _("a number too long")
        raise ProtocolError("bad_json", _("not valid JSON ({reason})").format(reason=reason)) from None
    if not isinstance(message, dict):
        raise ProtocolError("bad_message", _("a message must be a JSON object like {example}")
                            .format(example='{"type": "ping"}'))
    kind = message.get("type")
    if not isinstance(kind, str):
        raise ProtocolError("bad_message", _("a message needs a string field 'type'"))
    return message


def _printable(text: str) -> str:
    return "".join(ch if ch.isprintable() else "?" for ch in text[:40])


def decode_client(line: bytes) -> dict[str, Any]:
    """A client's line, checked against ``CLIENT_MESSAGES``; extra fields are ignored."""
    message = parse_line(line)
    kind = message["type"]
    fields = CLIENT_MESSAGES.get(kind)
    if fields is None:
        raise ProtocolError("unknown_type", _("unknown message type {kind} (expected one of: "
                                              "{kinds})").format(kind=repr(_printable(kind)),
                                                                 kinds=", ".join(CLIENT_MESSAGES)))
    out: dict[str, Any] = {"type": kind}
    for name, (want, required, longest) in fields.items():
        value = message.get(name)
        if value is None:
            if required:
                raise ProtocolError("bad_message", _("a {kind} message needs the field {field}")
                                    .format(kind=repr(kind), field=repr(name)))
            continue
        ok = isinstance(value, want) and (want is bool or not isinstance(value, bool))
        if ok and want is list:
            ok = len(value) <= 16 and all(isinstance(v, int) and not isinstance(v, bool)
                                          for v in value)
        if not ok:
            # Translators: {what} is "a whole number", "a string", ...; {got} a JSON type's Python name
            raise ProtocolError("bad_message", _("field {field} of a {kind} message must be {what}, "
                                                 "not {got}").format(field=repr(name), kind=repr(kind),
                                                                     what=_(_JSON_NAMES[want]),
                                                                     got=type(value).__name__))
        if isinstance(value, str) and len(value) > longest:
            raise ProtocolError("bad_message", _("field {field} is longer than {n} characters")
                                .format(field=repr(name), n=longest))
        if isinstance(value, str) and not _encodable(value):
            raise ProtocolError("bad_utf8", _("field {field} is not valid text (a lone surrogate)")
                                .format(field=repr(name)))
        out[name] = value
    return out


def _encodable(text: str) -> bool:
    """Whether ``text`` is real Unicode text (JSON's ``"\\ud800"`` escapes make lone
    surrogates, which no UTF-8 encoder takes)."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def negotiate(offered: list[int]) -> int | None:
    """The highest protocol version both sides speak, or None."""
    shared = set(offered) & set(SUPPORTED_VERSIONS)
    return max(shared) if shared else None


def versions_text(versions: Any) -> str:
    vs = sorted({v for v in versions if isinstance(v, int)})
    return pgettext("between version numbers", " or ").join(str(v) for v in vs) if vs else _("none")


def clean_text(text: str, limit: int) -> str:
    """Someone's text as one line, cut: the rule of ``common.safetext.clean``."""
    return clean(text, limit)


def error(code: str, message: str) -> dict[str, Any]:
    return {"type": "error", "code": code, "message": message}


# -- languages and events as data (version 5) ----------------------------------------------------------
def language_of(value: Any) -> str:
    """The language a hello asks for: 'ru', 'ru_RU', 'RU-ru' -> 'ru'; anything else (none, an
    old client, a language this release does not have) -> English."""
    if not isinstance(value, str):
        return DEFAULT
    code = value.strip().replace("-", "_").split("_")[0].split(".")[0].lower()
    return code if code in LANGUAGES else DEFAULT


def event_json(event: Event) -> dict[str, Any]:
    """An event as a ``state`` carries it to a client of version 5 (JSON makes tuples lists)."""
    return {"kind": event.kind, "data": event.data, "seat": event.seat}


def _tuples(value: Any) -> Any:
    if isinstance(value, list):
        return tuple(_tuples(v) for v in value)
    return value


def event_from_json(item: Any) -> Event:
    """The event a client was sent, as the rules made it (lists become tuples again, as
    ``narrate`` expects); ProtocolError for one that cannot be read."""
    if not (isinstance(item, dict) and isinstance(item.get("kind"), str)
            and isinstance(item.get("data", []), list)
            and (item.get("seat") is None or isinstance(item.get("seat"), str))):
        raise ProtocolError("bad_event", _("an event that cannot be read: {event}")
                            .format(event=str(item)[:60]))
    return Event(item["kind"], _tuples(item.get("data") or []), item.get("seat"))


# -- lobby deltas: a member is sent the whole lobby once, then only what changed ----------------------
def people_order(person: dict[str, Any]) -> tuple[bool, str]:
    """The order of a lobby's ``people``: seated first, then by name."""
    return (person.get("seat") is None, str(person.get("name")))


def lobby_delta(lobby: dict[str, Any], before: dict[str, dict[str, Any]]) -> dict[str, Any]:
    """The ``lobby_delta`` from a lobby whose people were ``before`` (by name) to ``lobby``:
    the people who came or changed (a person) or went (None), and the rest whole (small)."""
    now = {p["name"]: p for p in lobby["people"]}
    people: dict[str, Any] = {n: p for n, p in now.items() if before.get(n) != p}
    people.update({n: None for n in before if n not in now})
    delta = {k: v for k, v in lobby.items() if k != "people"}
    delta.update(type="lobby_delta", people=people)
    return delta


def apply_lobby_delta(lobby: dict[str, Any], delta: dict[str, Any]) -> dict[str, Any]:
    """The ``lobby`` message that ``lobby`` becomes with ``delta`` (a client keeps whole
    lobbies; a delta that does not fit raises ProtocolError)."""
    changes = delta.get("people")
    if not isinstance(changes, dict) or not all(p is None or isinstance(p, dict) for p in changes.values()):
        raise ProtocolError("bad_delta", _("a lobby delta whose 'people' cannot be read"))
    people = {p.get("name"): p for p in lobby.get("people") or [] if isinstance(p, dict)}
    for name, person in changes.items():
        if person is None:
            people.pop(name, None)
        else:
            people[name] = person
    out = {**lobby, **{k: v for k, v in delta.items() if k != "people"}, "type": "lobby"}
    out["people"] = sorted(people.values(), key=people_order)
    return out


# -- view patches: after the first full view, a connection is sent only what changed ------------------
def _key(key: Any) -> str:
    """A dict key as JSON writes it (a view may use numbers as keys)."""
    return key if isinstance(key, str) else json.dumps(key)


def _same(old: Any, new: Any) -> bool:
    return old is new or (type(old) is type(new) and old == new)


Memo = dict[tuple[int, int], list[list[Any]]]


def _diff(old: Any, new: Any, path: list[Any], ops: list[list[Any]], memo: Memo | None) -> None:
    """Append to ``ops`` what turns ``old`` into ``new`` (two dicts, or two lists of one length)."""
    if type(new) is dict:
        for key, value in new.items():
            if key not in old:
                ops.append(["=", [*path, _key(key)], value])
            elif not _same(old[key], value):
                _change(old[key], value, [*path, _key(key)], ops, memo)
        for key in old:
            if key not in new:
                ops.append(["-", [*path, _key(key)]])
    else:
        for index, (was, value) in enumerate(zip(old, new, strict=True)):
            if not _same(was, value):
                _change(was, value, [*path, index], ops, memo)


def _change(was: Any, value: Any, where: list[Any], ops: list[list[Any]], memo: Memo | None) -> None:
    kind = type(value)
    if kind is dict and type(was) is dict:
        _nested(was, value, where, ops, memo)
    elif kind is list and type(was) is list:
        if len(value) > len(was) and value[:len(was)] == was:
            ops.append(["+", where, value[len(was):]])  # a log that grew: only the new entries
        elif len(value) == len(was) and value and type(value[0]) in (dict, list):
            _nested(was, value, where, ops, memo)  # one movie, one player, ... changed: only that one
        else:
            ops.append(["=", where, value])
    else:
        ops.append(["=", where, value])


def _nested(was: Any, value: Any, where: list[Any], ops: list[list[Any]], memo: Memo | None) -> None:
    """The changes inside two containers; with a memo, two that several seats' views share
    are compared once, whoever's view they appear in."""
    if memo is None:
        _diff(was, value, where, ops, None)
        return
    key = (id(was), id(value))
    inner = memo.get(key)
    if inner is None:
        inner = memo[key] = []
        _diff(was, value, [], inner, memo)
    ops += [[op[0], where + op[1], *op[2:]] for op in inner]


def view_patch(old: dict[str, Any], new: dict[str, Any], memo: Memo | None = None) -> list[list[Any]]:
    """The operations that turn view ``old`` into view ``new`` (see ``apply_patch``).

    Views are mostly unchanged from one move to the next and some (a film's log) only grow, so
    sending the difference instead of the whole view is what keeps a busy host fast: equal
    subtrees are skipped by one comparison, grown lists send only their new entries. Views
    must keep one type in one place (never 1 where True was: inside a list or dict the two
    compare equal, so the change would be missed).

    ``memo`` (an empty dict, shared by the patches of one broadcast) lets the views of several
    seats that share parts, old and new, diff those parts once; every view it was used with
    must stay alive while it is in use (it is keyed by object identity)."""
    ops: list[list[Any]] = []
    _diff(old, new, [], ops, memo)
    return ops


def apply_patch(view: dict[str, Any], ops: list[Any]) -> dict[str, Any]:
    """``view`` changed by ``ops``: ``["=", path, value]`` sets, ``["-", path]`` deletes,
    ``["+", path, items]`` extends a list. A path is a list of dict keys (strings) and list
    indexes (whole numbers). ``view`` itself is not changed (what changes is copied), so a view
    already handed out stays as it was. Raises ProtocolError for an operation that does not fit."""
    out = dict(view)
    fresh = {id(out)}  # the containers copied by this call, changed in place from then on
    for op in ops:
        if not (isinstance(op, list) and len(op) in (2, 3) and op[0] in ("=", "-", "+")
                and isinstance(op[1], list) and op[1] and (len(op) == 3) != (op[0] == "-")):
            raise ProtocolError("bad_patch", _("a view patch operation that cannot be read: {op}")
                                .format(op=str(op)[:60]))
        kind, path, last = op[0], op[1], op[1][-1]
        node: Any = out
        for key in path[:-1]:
            if not _fits(node, key) or not isinstance(node[key], (dict, list)):
                raise ProtocolError("bad_patch", _("a view patch for a place the view lacks: {path}")
                                    .format(path=str(path)[:60]))
            child = node[key]
            if id(child) not in fresh:
                node[key] = child = type(child)(child)
                fresh.add(id(child))
            node = child
        if kind == "=" and (_fits(node, last) or (isinstance(node, dict) and isinstance(last, str))):
            node[last] = op[2]
        elif kind == "-" and isinstance(node, dict) and _fits(node, last):
            del node[last]
        elif kind == "+" and _fits(node, last) and isinstance(node[last], list) and isinstance(op[2], list):
            node[last] = node[last] + op[2]
        else:
            raise ProtocolError("bad_patch", _("a view patch that does not fit the view: {op}")
                                .format(op=str(op)[:60]))
    return out


def _fits(node: Any, key: Any) -> bool:
    """Whether ``key`` names something already in ``node``."""
    if isinstance(node, dict):
        return isinstance(key, str) and key in node
    return (isinstance(node, list) and isinstance(key, int) and not isinstance(key, bool)
            and 0 <= key < len(node))
