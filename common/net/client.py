"""Joining a hosted game: a blocking connection, the ``RemoteSession`` the REPL plays through,
the lobby and spectator consoles, and the headless bot loop of ``join --bot KIND``.

The client holds no game state of its own: it shows what the host sends for its seat (view,
legal moves, narration) and sends move text back. A dropped connection is retried by itself
with backoff, with the seat token; the host then resends the full view and the narration the
client missed. ``state`` messages carry sequence numbers: an old or repeated one is ignored.
See docs/protocol.md.
"""

from __future__ import annotations

import contextlib
import json
import os
import queue
import random
import socket
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from common.bots import Bot, bot_move, make_bot
from common.engine import GameError
from common.net.protocol import (
    MAX_HOST_LINE,
    PROTOCOL_VERSION,
    REJOIN_EVERY,
    SUPPORTED_VERSIONS,
    ProtocolError,
    apply_lobby_delta,
    apply_patch,
    clean_text,
    encode,
    keepalive,
    parse_line,
)
from common.spec import GameSpec

CONNECT_TIMEOUT = 10.0  # seconds to open a connection
REPLY_TIMEOUT = 30.0  # seconds to wait for the answer to hello or to a move
RETRY_ENV = "BMOVIE_NET_RETRY"
SEQ_EVERY = 2.0  # seconds between writes of the last position seen (kept with the seat token)
RETRY_FOR = 120.0  # seconds a dropped client keeps trying to rejoin
SAVED = "\0saved"  # --rejoin without a token: the one saved for this host

Echo = Callable[[str], None]


class Lost(Exception):
    """The connection to the host ended."""


class Unreachable(GameError):
    """No connection could be opened."""


class Refused(GameError):
    """The host answered with an error and hung up (version mismatch, full table, bad token)."""

    def __init__(self, message: str, code: str = "") -> None:
        super().__init__(message)
        self.code = code


def parse_address(address: str) -> tuple[str, int]:
    """'HOST:PORT' or '[IPv6]:PORT' -> (host, port)."""
    host, sep, port_text = address.strip().rpartition(":")
    if not sep or not host or not port_text.isdigit() or not 0 < int(port_text) < 65536:
        raise GameError(f"{address!r} is not an address: write HOST:PORT, e.g. 192.168.1.20:4747")
    if host.startswith("[") and host.endswith("]"):
        host = host[1:-1]
    return host, int(port_text)


def retry_delays(total: float | None = None, rng: random.Random | None = None) -> list[float]:
    """Pauses between rejoin attempts: doubling from 0.2 s to ``REJOIN_EVERY``, with jitter, for
    ``total`` s (a LAN host is back within seconds; a short cap finds it soon after)."""
    if total is None:
        try:
            total = float(os.environ.get(RETRY_ENV, RETRY_FOR))
        except ValueError:
            total = RETRY_FOR
    rng = rng or random.Random()
    delays, spent, step = [], 0.0, 0.2
    while spent < total:
        delay = min(step, REJOIN_EVERY) * rng.uniform(0.8, 1.2)
        delays.append(delay)
        spent += delay
        step *= 2
    return delays


# -- seat tokens kept between runs (join --rejoin) -----------------------------------------------
def _tokens_path() -> Path:
    base = os.environ.get("XDG_STATE_HOME") or os.path.join(Path.home(), ".local", "state")
    return Path(base) / "bmovie" / "tokens.json"


def token_key(game: str, host: str, port: int, table: str | None) -> str:
    return f"{game}@{host}:{port}/{table or 'main'}"


def _read_tokens() -> dict[str, Any]:
    try:
        data = json.loads(_tokens_path().read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}


def saved_tokens(key: str) -> dict[str, str]:
    """The seat tokens kept for this host and table, by seat (two players on one account, say
    at one machine for a test, each keep their own)."""
    entry = _read_tokens().get(key)
    if not isinstance(entry, dict):
        return {}
    if isinstance(entry.get("token"), str):  # the older layout: one seat per host
        return {str(entry.get("seat") or "?"): entry["token"]}
    return {seat: e["token"] for seat, e in entry.items()
            if isinstance(e, dict) and isinstance(e.get("token"), str)}


def saved_seq(key: str, token: str) -> int | None:
    """The last position seen with ``token`` (kept with it, so that ``join --rejoin`` is told
    the moves it missed since), or None."""
    entry = _read_tokens().get(key)
    for e in (entry.values() if isinstance(entry, dict) else ()):
        if isinstance(e, dict) and e.get("token") == token and isinstance(e.get("seq"), int):
            return e["seq"]
    return None


def save_token(key: str, seat: str, token: str | None, seq: int | None = None) -> None:
    """Remember (or, with None, forget) the token of ``seat`` at this host, and the last
    position seen with it; the file is readable only by us."""
    path = _tokens_path()
    data = _read_tokens()
    seats = {s: {"token": t} for s, t in saved_tokens(key).items()}
    if token:
        seats[seat] = {"token": token, "saved": int(time.time())}
        if seq is not None:
            seats[seat]["seq"] = seq
    else:
        seats.pop(seat, None)
    if seats:
        data[key] = seats
    else:
        data.pop(key, None)
    with contextlib.suppress(OSError):
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = f"{path}.{os.getpid()}.tmp"
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        try:
            os.fchmod(fd, 0o600)
            os.write(fd, (json.dumps(data, indent=1) + "\n").encode())
        finally:
            os.close(fd)
        os.replace(tmp, path)


def _pick_token(key: str, address: str, seat: str | None) -> str:
    """The saved token ``join --rejoin`` means: the only one kept for this host, or the one
    of ``seat``."""
    tokens = saved_tokens(key)
    if seat is not None and seat in tokens:
        return tokens[seat]
    if seat is None and len(tokens) == 1:
        return next(iter(tokens.values()))
    if len(tokens) > 1:
        raise GameError(f"seat tokens are saved for {', '.join(sorted(tokens))} at {address}: "
                        f"say which with --seat (join {address} --rejoin --seat SEAT)")
    raise GameError(f"no seat token saved for {address}"
                    + (f" at seat {seat}" if seat else "") + f"; give it: join {address} --rejoin TOKEN")


class _Conn:
    """One socket, read by a background thread into a queue of messages. The host's heartbeat
    ``ping`` is answered right there, so a client busy at its prompt is never taken for dead."""

    def __init__(self, sock: socket.socket, link: Link | None = None) -> None:
        self.sock = sock
        self.link = link  # its ``live`` hook shows chat at once while the player types
        self.lock = threading.Lock()
        self.queue: queue.Queue[Any] = queue.Queue()
        self.thread = threading.Thread(target=self._read, name="net-reader", daemon=True)
        self.thread.start()

    def _read(self) -> None:
        try:
            stream = self.sock.makefile("rb")
            while True:
                line = stream.readline(MAX_HOST_LINE + 1)
                if not line:
                    self.queue.put(Lost("the host closed the connection"))
                    return
                if len(line) > MAX_HOST_LINE:
                    self.queue.put(Lost(f"the host sent a message over {MAX_HOST_LINE} bytes"))
                    return
                if not line.strip():
                    continue
                try:
                    msg = parse_line(line, MAX_HOST_LINE)
                except ProtocolError as exc:
                    self.queue.put({"type": "_bad", "message": exc.message})
                    continue
                if msg["type"] == "ping":
                    with contextlib.suppress(Lost):
                        self.send({"type": "pong"})
                    continue
                live = self.link.live if self.link is not None else None
                stop = self.link.on_stop if self.link is not None else None
                if msg["type"] == "error" and msg.get("code") == "stopped" and stop is not None:
                    stop()  # the player at the prompt hears of it now, not after their next line
                if msg["type"] in ("chat", "info") and live is not None and live(msg):
                    continue  # already shown, above the prompt
                self.queue.put(msg)
        except (OSError, ValueError) as exc:
            self.queue.put(Lost(f"connection lost: {getattr(exc, 'strerror', None) or exc}"))

    def send(self, message: dict[str, Any]) -> None:
        try:
            with self.lock:
                self.sock.sendall(encode(message))
        except OSError as exc:
            raise Lost(f"connection lost: {exc.strerror or exc}") from None

    def recv(self, timeout: float | None = None) -> dict[str, Any] | None:
        """The next message; None if none came within ``timeout``; Lost once the line is down."""
        try:
            item = self.queue.get(timeout=timeout) if timeout != 0 else self.queue.get_nowait()
        except queue.Empty:
            return None
        if isinstance(item, Lost):
            self.queue.put(item)  # stays lost
            raise item
        return item

    def close(self) -> None:
        with contextlib.suppress(OSError):
            self.sock.shutdown(socket.SHUT_RDWR)
        self.sock.close()


class Link:
    """The connection to one host, able to say hello again with a seat token."""

    def __init__(self, spec: GameSpec, host: str, port: int, name: str | None = None,
                 seat: str | None = None, *, watch: bool = False, password: str | None = None,
                 table: str | None = None) -> None:
        self.spec, self.host, self.port, self.name, self.seat = spec, host, port, name, seat
        self.watch, self.password, self.table = watch, password, table
        self.conn: _Conn | None = None
        self.version = PROTOCOL_VERSION
        # set while the player types: shows a chat or info message at once (from the reader
        # thread) and answers True, or answers False to leave it for the session
        self.live: Callable[[dict[str, Any]], bool] | None = None
        self.on_stop: Callable[[], None] | None = None  # the host stopped: end the prompt

    @property
    def address(self) -> str:
        return f"[{self.host}]:{self.port}" if ":" in self.host else f"{self.host}:{self.port}"

    def open(self, token: str | None = None, since: int | None = None) -> dict[str, Any]:
        """Connect and say hello; the host's answer (``welcome``, or ``over`` for a rejoin after
        the end). Unreachable, Refused or Lost when that fails."""
        self.close()
        try:
            sock = socket.create_connection((self.host, self.port), timeout=CONNECT_TIMEOUT)
        except OSError as exc:
            raise Unreachable(f"cannot reach {self.address}: {exc.strerror or exc}") from None
        sock.settimeout(None)
        keepalive(sock)
        conn = _Conn(sock, self)
        hello: dict[str, Any] = {"type": "hello", "version": PROTOCOL_VERSION,
                                 "versions": list(SUPPORTED_VERSIONS), "game": self.spec.name,
                                 "name": self.name}
        if token:
            hello.update(token=token, seq=since)
        elif self.watch:
            hello["watch"] = True
        elif self.seat:
            hello["seat"] = self.seat
        for key in ("password", "table"):
            if getattr(self, key):
                hello[key] = getattr(self, key)
        try:
            conn.send(hello)
            reply = conn.recv(timeout=REPLY_TIMEOUT)
        except Lost:
            conn.close()
            raise
        if reply is None:
            conn.close()
            raise Unreachable(f"{self.address} did not answer hello within {REPLY_TIMEOUT:g} s")
        kind = reply.get("type")
        if kind == "error":
            conn.close()
            raise Refused(f"the host refused: {reply.get('message', 'no reason given')}",
                          str(reply.get("code", "")))
        if kind == "welcome" and reply.get("version") not in SUPPORTED_VERSIONS:
            conn.close()
            raise Refused("protocol version mismatch: this client speaks version "
                          f"{' or '.join(map(str, SUPPORTED_VERSIONS))}, the host "
                          f"{reply.get('version')!r}; use the same release on both sides", "version")
        if kind not in ("welcome", "over"):
            conn.close()
            raise Refused(f"the host answered hello with {kind!r}, not a welcome")
        self.version = reply.get("version", PROTOCOL_VERSION)
        self.conn = conn
        return reply

    def send(self, message: dict[str, Any]) -> None:
        if self.conn is None:
            raise Lost("not connected")
        self.conn.send(message)

    def recv(self, timeout: float | None = None) -> dict[str, Any] | None:
        if self.conn is None:
            raise Lost("not connected")
        return self.conn.recv(timeout)

    def close(self) -> None:
        if self.conn is not None:
            self.conn.close()
            self.conn = None


class RemoteSession:
    """A ``common.session.Session`` over the network: one seat (or none: a spectator, or a
    player still in the lobby); the host decides everything."""

    can_undo = False

    def __init__(self, spec: GameSpec, link: Link, reply: dict[str, Any],
                 on_token: Callable[[str | None, str | None], None] | None = None) -> None:
        self.spec, self.link = spec, link
        self.seat: str | None = reply.get("seat") or None
        self.token: str | None = None  # set (and saved through on_token) by the welcome
        self.on_token = on_token
        self.on_seq: Callable[[int, bool], None] | None = None  # (seq, last): keep it with the token
        self.state: dict[str, Any] | None = None
        self.lobby: dict[str, Any] | None = None
        self.over: dict[str, Any] | None = None
        self.lost: str | None = None
        self.lines: list[str] = []
        self.chats: list[str] = []
        self.ignored = 0  # state messages older than the one shown (never applied twice)
        self.gaps = 0  # times a state skipped positions without a resync
        self.resyncing = False  # a patch did not fit: the whole view was asked for
        self._handle(reply)

    # -- messages ------------------------------------------------------------------------------
    def _handle(self, msg: dict[str, Any]) -> dict[str, Any]:
        kind = msg.get("type")
        if kind == "state" and isinstance(msg.get("seq"), int) and (
                isinstance(msg.get("view"), dict) or isinstance(msg.get("patch"), list)):
            self._on_state(msg)
        elif kind == "over":
            self.over = msg
        elif kind in ("info", "chat"):
            line = self._said(msg)
            self.lines.append(line)
            if kind == "chat":
                self.chats.append(line)
        elif kind == "lobby":
            self.lobby = msg
        elif kind == "lobby_delta" and self.lobby is not None:  # protocol 4: only what changed
            try:
                self.lobby = apply_lobby_delta(self.lobby, msg)
            except ProtocolError as exc:
                self.lines.append(f"(ignored a garbled message from the host: {exc.message})")
        elif kind in ("welcome", "seated"):
            before = self.token
            self.seat = msg.get("seat") or None
            self.token = msg.get("token") or None
            if self.on_token is not None and self.token != before:
                self.on_token(self.token, self.seat)
        elif kind == "error" and msg.get("code") in ("replaced", "stopped"):
            self.lost = ("another connection took this seat with its token"
                         if msg["code"] == "replaced" else "the host stopped the game")
            self.link.close()
        elif kind == "_bad":
            self.lines.append(f"(ignored a garbled message from the host: {msg.get('message')})")
        return msg

    def _said(self, msg: dict[str, Any]) -> str:
        """A chat or info message as the line it is shown as (terminal escapes removed)."""
        if msg.get("type") == "info":
            return clean_text(str(msg.get("message", "")), 400)
        who = clean_text(str(msg.get("from", "?")), 40)
        where = f" ({msg['seat']})" if isinstance(msg.get("seat"), str) else ""
        return f"[{who}{where}] {clean_text(str(msg.get('text', '')), 300)}"

    def live_chat(self, show: Callable[[str], None] | None,
                  interrupt: Callable[[], None] | None = None) -> None:
        """While ``show`` is set (the player is typing at the prompt), chat and info from the
        host are shown at once through it instead of after the player's next move; and if the
        host stops the game, ``interrupt`` ends the prompt."""
        self.link.on_stop = interrupt if show is not None else None
        if show is None:
            self.link.live = None
            return

        def live(msg: dict[str, Any]) -> bool:
            line = self._said(msg)
            if msg.get("type") == "chat":
                self.chats.append(line)
            show(line)
            return True

        self.link.live = live

    def _on_state(self, msg: dict[str, Any]) -> None:
        old = self.state
        same_game = old is not None and old.get("game_no") == msg.get("game_no")
        if same_game and (msg["seq"] < old["seq"] or (msg["seq"] == old["seq"]
                                                      and not msg.get("resync"))):
            self.ignored += 1  # an old or repeated position: nothing is applied twice
            if msg["seq"] == old["seq"] and msg.get("paused") and msg["paused"] != old.get("paused"):
                self.state = {**old, "paused": msg["paused"]}
                self.lines.append(f"(paused: {msg['paused']})")
            return
        if "view" not in msg:  # a patch against the view this client holds
            try:
                if not same_game or msg.get("base") != old["seq"]:
                    raise ProtocolError("bad_patch", "a view patch for a position this client never saw")
                msg = {**msg, "view": apply_patch(old["view"], msg["patch"])}
                msg.setdefault("seats", old.get("seats"))  # sent only when they change
            except ProtocolError as exc:
                if not self.resyncing:  # one request is enough: its answer is a whole view
                    self.resyncing = True
                    self.lines.append(f"(out of step with the host: {exc.message}; asking for the whole view)")
                    with contextlib.suppress(Lost):  # a lost line is noticed, and rejoined, by the next read
                        self.link.send({"type": "sync"})
                return
            del msg["patch"]
        self.resyncing = False  # in step again
        if same_game and msg["seq"] > old["seq"] + 1 and not msg.get("resync"):
            self.gaps += 1  # positions were skipped: the view is whole, the narration is not
            self.lines.append("(some moves were not narrated here; the board is up to date)")
        self.state = msg
        if self.on_seq is not None:
            self.on_seq(msg["seq"], False)
        self.lines += [str(line) for line in msg.get("events") or []]
        if msg.get("paused"):
            self.lines.append(f"(paused: {msg['paused']})")

    def _next(self, timeout: float | None = None, rejoin: bool = True) -> dict[str, Any] | None:
        """Handle the next message and return it; None on timeout or when the host is gone for
        good (then ``self.lost`` says why). A dropped connection is rejoined with the token
        (unless ``rejoin`` is False: then it is left for the next call that may block)."""
        if self.lost is not None:
            return None
        try:
            msg = self.link.recv(timeout)
        except Lost as exc:
            if self.over is not None:
                self.link.close()
                return None
            if not rejoin:
                return None
            if self._rejoin(str(exc)):
                return {"type": "_rejoined"}
            return None
        return self._handle(msg) if msg is not None else None

    def _rejoin(self, why: str) -> bool:
        self.link.close()
        if self.lost is not None:
            return False
        if not self.token and not self.link.watch:
            self.lost = why
            return False
        self.lines.append(f"Lost the connection to the host ({why}); rejoining…")
        since = self.state["seq"] if self.state else None
        for delay in retry_delays():
            time.sleep(delay)
            try:
                reply = self.link.open(self.token, since)
            except Refused as exc:
                self.lost = str(exc)
                return False
            except (Unreachable, Lost):
                continue
            self._handle(reply)
            self.lines.append("Rejoined the game.")
            return True
        self.lost = f"{why}; could not rejoin {self.link.address}"
        return False

    def _drain(self, rejoin: bool = True) -> None:
        """Handle every message already received, without waiting."""
        while self.over is None and self.lost is None:
            msg = self._next(0, rejoin)
            if msg is None:
                return
            if msg.get("type") == "error":
                self.lines.append(f"host: {msg.get('message')}")

    def _take_lines(self) -> list[str]:
        lines, self.lines = self.lines, []
        return lines

    def _my_turn(self) -> bool:
        return (self.over is None and self.lost is None and self.state is not None
                and self.seat is not None and self.seat in (self.state.get("to_move") or []))

    def poll(self, timeout: float) -> dict[str, Any] | None:
        """Handle at most one message (waiting up to ``timeout``); errors become lines."""
        msg = self._next(timeout)
        if msg is not None and msg.get("type") == "error":
            self.lines.append(f"host: {msg.get('message')}")
        return msg

    def wait_start(self, echo: Echo) -> None:
        """Block until the game begins (the first state), printing what the host says."""
        while self.state is None and self.over is None and self.lost is None:
            self.poll(None)
            for line in self._take_lines():
                echo(line)
        for line in self._take_lines():
            echo(line)

    def chat(self, text: str) -> None:
        text = clean_text(text, 300)
        if text:
            try:
                self.link.send({"type": "chat", "text": text})
            except Lost as exc:
                raise GameError(f"not sent: {exc}") from None

    def send(self, message: dict[str, Any]) -> None:
        try:
            self.link.send(message)
        except Lost as exc:
            raise GameError(f"not sent: {exc}") from None

    def who(self) -> list[str]:
        """Who sits where and who is connected, from the host's last lobby message."""
        lobby = self.lobby or {}
        out = [f"  {seat}: {info.get('name') or info.get('kind')}"
               f" ({'connected' if info.get('connected') else 'not connected'}"
               f"{', a bot decides' if info.get('bot') else ''})"
               for seat, info in (lobby.get("seats") or {}).items()]
        others = [p.get("name", "?") for p in lobby.get("people") or [] if not p.get("seat")]
        if others:
            out.append(f"  in the lobby or watching: {', '.join(others)}")
        return out or ["  (the host has not said yet)"]

    # -- the Session protocol -----------------------------------------------------------------------
    def seats_here(self) -> list[str]:
        return [self.seat] if self.seat else []

    def waiting_for(self) -> str | None:
        self._drain(rejoin=False)  # the REPL's toolbar asks this: it must never block
        return self.seat if self._my_turn() else None

    def view(self, seat: str | None) -> dict[str, Any]:
        return dict(self.state["view"]) if self.state else {}

    def legal(self, seat: str) -> list[str]:
        if seat != self.seat or not self._my_turn() or self.state is None:
            return []
        return [str(m) for m in self.state.get("legal") or []]

    def play(self, seat: str, text: str) -> list[str]:
        if self.seat is None:
            raise GameError("you are watching; only seated players move")
        if seat != self.seat:
            raise GameError(f"you sit at {self.seat}, not {seat}")
        if self.over is not None:
            raise GameError("the game is over")
        if self.lost is not None:
            raise GameError(f"the connection to the host is lost ({self.lost})")
        seq = self.state["seq"] if self.state else None
        move = {"type": "move", "move": text, "seq": seq}
        try:
            self.link.send(move)
        except Lost as exc:  # nothing whole reached the host: rejoin and send it once more
            if not self._rejoin(str(exc)):
                raise GameError(f"the connection to the host is lost ({self.lost})") from None
            try:
                self.link.send(move)  # with the old seq: the host refuses it if the game moved on
            except Lost:
                raise GameError("the connection dropped before the move was sent; try again") from None
        acked: int | None = None
        deadline = time.monotonic() + REPLY_TIMEOUT
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                raise GameError(f"the host did not answer within {REPLY_TIMEOUT:g} s")
            msg = self._next(left)
            if self.lost is not None:
                raise GameError(f"the connection to the host is lost ({self.lost})")
            if msg is None:
                continue
            kind = msg.get("type")
            if kind == "_rejoined":
                raise GameError("the connection dropped; look at the board and play again "
                                "if your move is not there")
            if kind == "error" and acked is None:
                raise GameError(str(msg.get("message", "the host refused the move")))
            if kind == "error":
                self.lines.append(f"host: {msg.get('message')}")
            elif kind == "ack":
                acked = msg.get("seq") if isinstance(msg.get("seq"), int) else 0
            if acked is not None and (self.over is not None
                                      or (self.state is not None and self.state["seq"] >= acked)):
                return self._take_lines()

    def advance(self, on_lines: Callable[[list[str]], None], progress: Any = None) -> None:
        """Wait until this seat must decide or the game ends, narrating what happens: each
        message's lines in one call (a move's sentences make one line of the story)."""
        while True:
            while not self.settled():
                lines = self.pump(0)
                if lines is None:
                    break
                if lines:
                    on_lines(lines)
            lines = self._take_lines()
            if lines:
                on_lines(lines)
            if self.settled():
                return
            self.poll(None)

    def settled(self) -> bool:
        """This seat must decide, or the game is over or lost: the wait is over."""
        return self.over is not None or self.lost is not None or self._my_turn()

    def pump(self, timeout: float) -> list[str] | None:
        """Handle one message (waiting up to ``timeout``) and return the lines it made; None
        when none came."""
        msg = self._next(timeout)
        if msg is None:
            return self._take_lines() or None  # lines a drain left behind are news too
        if msg.get("type") == "error":
            self.lines.append(f"host: {msg.get('message')}")
        return self._take_lines()

    def outcome(self) -> dict[str, Any] | None:
        if self.over is not None:
            out = self.over.get("outcome")
            if isinstance(out, dict):
                return {"winners": list(out.get("winners") or []), "reason": str(out.get("reason", "")),
                        "scores": dict(out.get("scores") or {})}
            return {"winners": [], "reason": "the host ended the game", "scores": {},
                    "unfinished": True}
        if self.lost is not None:
            return {"winners": [], "reason": f"the connection to the host was lost ({self.lost})",
                    "scores": {}, "unfinished": True}
        return None

    def undo(self, seat: str | None = None) -> int:
        raise GameError("undo exists only in local games")

    def record_text(self) -> str:
        if self.over is not None and isinstance(self.over.get("record"), str):
            return self.over["record"]
        if self.over is not None:
            raise GameError("the host keeps the record of a network game (host --save); it names "
                            "the seed, and so every hidden card")
        raise GameError("the record of a network game stays with the host until the game ends "
                        "(it names the seed, which would give away the deck)")

    def close(self) -> None:
        if self.on_seq is not None and self.state is not None and self.over is None:
            self.on_seq(self.state["seq"], True)
        if self.link.conn is not None and self.over is None:
            with contextlib.suppress(Lost):
                self.link.send({"type": "bye"})
        self.link.close()


def _print(text: str) -> None:
    print(text, flush=True)


def play_bot(spec: GameSpec, session: RemoteSession, bot: Bot, echo: Echo = _print,
             pace: float = 0.0) -> int:
    """Let ``bot`` play this seat: one line per move; 0 when the game ends, 1 if the host is lost.
    The bot sees only what the host sends this seat (its view and legal moves)."""
    rules = spec.rules
    refused = 0
    while True:
        session.advance(lambda lines: None)
        if session.outcome() is not None:
            break
        seat = session.waiting_for()
        if seat is None:
            continue
        texts = session.legal(seat)
        choices: list[tuple[Any, str]] = []
        for text in texts:
            try:
                choices.append((rules.parse(text), text))
            except GameError:
                pass
        if not choices:
            echo(f"{seat}: the host offers no move this client can read ({', '.join(texts)})")
            return 1
        legal = [m for m, _ in choices]
        move = bot_move(bot, rules, session.view(seat) if bot.needs_view else {}, seat, legal)
        text = choices[legal.index(move)][1]
        if pace > 0:
            time.sleep(pace)
        try:
            session.play(seat, text)
        except GameError as exc:
            refused += 1
            echo(f"{seat}: {text}: refused: {exc}")
            if refused >= 20:
                echo("giving up: the host refused 20 moves in a row")
                return 1
            continue
        refused = 0
        echo(f"{seat}: {text}")
    return _report_end(session, echo)


def _report_end(session: RemoteSession, echo: Echo) -> int:
    out = session.outcome() or {}
    if session.over is None:
        echo(f"game over: {out.get('reason')}")
        return 1
    winners = " ".join(out.get("winners") or []) or "nobody"
    echo(f"game over: {winners} ({out.get('reason')})")
    echo(f"result {winners}")
    return 0


# -- the lobby and the spectator's console ---------------------------------------------------------
CONSOLE_HELP = ("  sit SEAT     take a seat (sit any: the first free one)\n"
                "  stand        give your seat back\n"
                "  say TEXT     chat with everyone at the table\n"
                "  who          who sits where, who is connected\n"
                "  board        the game as you see it (once it has begun)\n"
                "  quit         leave")


def console(spec: GameSpec, session: RemoteSession, echo: Echo = _print,
            interactive: bool = True) -> str:
    """The lobby (until the game begins) or a spectator's view (until it ends): host messages
    are printed as they come; typed lines are commands. Returns 'play' when this client has a
    seat in a game that began, 'over' or 'quit'."""
    from common.render import show

    def finished() -> str | None:
        if session.over is not None or session.lost is not None:
            return "over"
        if session.state is not None and session.seat is not None:
            return "play"
        return None

    last_seq = [-1]
    prompt: Any = None
    if interactive:
        from prompt_toolkit import PromptSession

        prompt = PromptSession()

    def pump_once(timeout: float) -> None:
        session.poll(timeout)
        for line in session._take_lines():
            echo(line)
        state = session.state
        if state is not None and session.seat is None and state["seq"] != last_seq[0]:
            if last_seq[0] < 0 and interactive:  # the game began: 'lobby>' becomes 'watch>'
                app = prompt.app
                if app.is_running and getattr(app, "loop", None) is not None:
                    app.loop.call_soon_threadsafe(app.invalidate)
            last_seq[0] = state["seq"]
            with contextlib.suppress(Exception):
                show(spec.render.render_view(state["view"], None))

    if not interactive:  # a script or a pipe: just follow the game
        while finished() is None:
            pump_once(None)
        return finished() or "over"

    done = threading.Event()
    result: list[str] = []

    def pump() -> None:
        while not done.is_set():
            pump_once(0.2)
            end = finished()
            if end is not None:
                result.append(end)
                done.set()
        app = prompt.app
        for _ in range(50):  # the prompt may be between two reads: keep asking it to stop
            if app.is_running and getattr(app, "loop", None) is not None:
                app.loop.call_soon_threadsafe(lambda: app.exit(result="") if app.is_running else None)
            time.sleep(0.1)

    from prompt_toolkit.patch_stdout import patch_stdout

    def label() -> str:  # read at every redraw: the prompt changes when the game begins
        return ("watch" if session.state is not None else "lobby") + "> "

    echo("Type 'help' for the commands; " + ("you are watching the game in progress."
         if session.state is not None else "the game begins when the seats are filled."))
    with patch_stdout(raw=True):  # raw: let the board's colours through, not "?[1;35m"
        thread = threading.Thread(target=pump, name="net-console", daemon=True)
        thread.start()
        while not done.is_set():
            try:
                text = prompt.prompt(label).strip()
            except (EOFError, KeyboardInterrupt):
                done.set()
                return "quit"
            if done.is_set() or not text:
                continue
            word, _, rest = text.partition(" ")
            try:
                if word in ("quit", "exit"):
                    done.set()
                    return "quit"
                if word in ("say", "chat"):
                    session.chat(rest)
                elif word == "sit":
                    session.send({"type": "sit", "seat": rest.strip() or "any"})
                elif word == "stand":
                    session.send({"type": "stand"})
                elif word == "who":
                    for line in session.who():
                        echo(line)
                elif word == "board":
                    if session.state is None:
                        echo("the game has not begun yet: no board to show")
                    else:
                        show(spec.render.render_view(session.state["view"], session.seat))
                elif word in ("help", "?"):
                    echo(CONSOLE_HELP)
                else:
                    echo(f"unknown command {clean_text(word, 30)!r}; the commands are:")
                    echo(CONSOLE_HELP)
            except GameError as exc:
                echo(f"error: {exc}")
    return result[0] if result else "over"


def _net_ui(spec: GameSpec, session: RemoteSession, tui: bool = False) -> int:
    """The REPL of local play (or its full-screen table), plus chat ('chat TEXT', and 'say TEXT'
    where 'say' is no move of the game: in Creature Feature it is narration, a move that goes
    into the film) and 'who'."""
    from common.render import say
    from common.tui import choose_ui

    base = choose_ui(tui)

    def _is_move(text: str) -> bool:
        try:
            spec.rules.parse(text)
        except GameError:
            return False
        return True

    class NetUi(base):  # type: ignore[valid-type,misc]
        def advance(self) -> None:
            if session.settled() or getattr(self, "full_screen", False) or not (
                    sys.stdin.isatty() and sys.stdout.isatty()):
                super().advance()
                return
            self.wait_at_prompt()

        def wait_at_prompt(self) -> None:
            """While the others play: their moves, chat and lobby news appear as they come,
            above a prompt that takes 'say', 'who', 'board', 'log' and 'quit'; it gives way
            to the move prompt when this seat must decide."""
            from prompt_toolkit import PromptSession
            from prompt_toolkit.patch_stdout import patch_stdout

            prompt: Any = PromptSession()
            done = threading.Event()

            def pump() -> None:
                while not done.is_set():
                    lines = session.pump(0.2)
                    if lines:
                        self.lines(lines)
                    if session.settled():
                        done.set()
                app = prompt.app
                for _ in range(50):  # the prompt may be between two reads: keep asking
                    if app.is_running and getattr(app, "loop", None) is not None:
                        app.loop.call_soon_threadsafe(
                            lambda: app.exit(result="") if app.is_running else None)
                        return
                    time.sleep(0.05)

            with patch_stdout(raw=True):
                thread = threading.Thread(target=pump, name="net-wait", daemon=True)
                thread.start()
                try:
                    while not done.is_set():
                        try:
                            text = prompt.prompt("(waiting) > ").strip()
                        except (EOFError, KeyboardInterrupt):
                            self.quitting = True
                            return
                        if text:
                            self.waiting_command(text)
                        if self.quitting:
                            return
                finally:
                    done.set()
                    thread.join(timeout=5)

        def waiting_command(self, text: str) -> None:
            word = text.partition(" ")[0].lower()
            seat = session.seat
            if word in ("quit", "exit"):
                self.quitting = True
            elif word in ("say", "chat", "who", "board", "hand", "log", "help", "card", "cards",
                          "discard", "pile", "rules") or word in self.toggle_names():
                self.command(seat or "", text)
            else:
                say("It is not your turn: 'say TEXT' chats, 'who', 'board' and 'log' show the "
                    "table, 'quit' leaves.")

        def command(self, seat: str, text: str) -> str | None:
            word, _, rest = text.partition(" ")
            if word.lower() in ("say", "chat") and not (word.lower() == "say" and _is_move(text)):
                try:
                    session.chat(rest)
                except GameError as exc:
                    say(f"error: {exc}")
                return None
            if word.lower() == "who":
                for line in session.who():
                    say(line)
                return None
            return super().command(seat, text)

        def help(self, topic: str) -> None:
            super().help(topic)
            if not topic:
                say(f"  {'chat TEXT':<12} chat with everyone at the table (out of the game; "
                    "'say' chats too where it is no move)")
                say(f"  {'who':<12} who sits where, who is connected")

    try:
        return NetUi(spec, session).run()
    finally:
        session.close()


def join(spec: GameSpec, address: str, *, name: str | None = None, seat: str | None = None,
         bot: str | None = None, think: float | None = 0.5, watch: bool = False,
         rejoin: str | None = None, password: str | None = None, table: str | None = None,
         pace: float = 0.0, echo: Echo = _print, tui: bool = False) -> int:
    """Join the game hosted at ``address``: in the lobby and the REPL, or played by ``bot``,
    or watching (``watch``). ``rejoin`` is a seat token, or SAVED for the one kept for this host."""
    host, port = parse_address(address)
    if watch and (seat or bot or rejoin):
        raise GameError("--watch cannot be combined with --seat, --bot or --rejoin")
    if pace < 0:
        raise GameError(f"--pace must be 0 seconds or more, not {pace:g}")
    player: Bot | None = None
    if bot:
        if think is not None and think <= 0:
            raise GameError(f"--think must be more than 0 seconds, not {think:g}")
        from common.rng import new_seed

        player = make_bot(bot, spec.rules, seed=new_seed(), think=think)
    if name is not None and not clean_text(name, 40):
        raise GameError("--name must not be empty")
    key = token_key(spec.name, host, port, table)
    token = None
    if rejoin is not None:
        token = _pick_token(key, address, seat) if rejoin == SAVED else rejoin
    interactive = bot is None and sys.stdin.isatty() and sys.stdout.isatty()
    if seat is None and not watch and token is None and not interactive:
        seat = "any"  # a script or a bot: the first free seat
    default_name = f"{bot} bot" if bot else os.environ.get("USER") or "player"
    # a rejoin without --name keeps the name the seat was taken with (the host remembers it)
    link = Link(spec, host, port, name or ("" if token else default_name), seat, watch=watch,
                password=password, table=table)

    kept: list[str | None] = [None]  # the seat whose token this client saved last

    def keep(tok: str | None, at: str | None) -> None:
        if kept[0] is not None and (at != kept[0] or not tok):
            save_token(key, kept[0], None)  # stood up, or moved to another seat
        if tok and at:
            save_token(key, at, tok)
        kept[0] = at if tok else None

    noted = [0.0]  # when the last seq was written

    def note(seq: int, last: bool) -> None:
        """Keep the last position seen with the token (every few seconds, and at the end), so
        that a later 'join --rejoin' is told the moves it missed."""
        now = time.monotonic()
        if kept[0] is not None and session.token and (last or now - noted[0] >= SEQ_EVERY):
            noted[0] = now
            save_token(key, kept[0], session.token, seq)

    reply = link.open(token, saved_seq(key, token) if token else None)
    session = RemoteSession(spec, link, reply, on_token=keep)
    session.on_seq = note
    try:
        if reply.get("type") == "over":
            return _report_end(session, echo)
        where = f"as {session.seat}" if session.seat else ("to watch" if watch else "in the lobby")
        title = clean_text(reply["title"], 80) if isinstance(reply.get("title"), str) else spec.title
        echo(f"Joined {title} at {link.address} {where}.")
        if session.token:
            echo(f"If you drop out, '{spec.name} join {address} --rejoin --seat {session.seat}' "
                 "takes your seat back.")
        if player is not None:
            session.wait_start(echo)
            return play_bot(spec, session, player, echo, pace)
        if session.seat is None and watch and tui and interactive:
            session.wait_start(echo)  # the full-screen table shows the game once it begins
        elif session.seat is None:
            end = console(spec, session, echo, interactive)
            if end != "play":
                if end == "over":
                    return _report_end(session, echo)
                return 0
        else:
            session.wait_start(echo)
    except BaseException:
        session.close()
        raise
    return _net_ui(spec, session, tui)
