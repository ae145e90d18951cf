"""Joining a hosted game: a blocking connection, the ``RemoteSession`` the REPL plays through,
and the headless bot loop of ``join --bot KIND``.

The client holds no game state of its own: it shows what the host sends for its seat (view,
legal moves, narration) and sends move text back. A dropped connection is retried with the
seat token, and the host then resends the full view. See docs/protocol.md.
"""

from __future__ import annotations

import os
import queue
import socket
import threading
import time
from collections.abc import Callable
from typing import Any

from common.bots import Bot, bot_move, make_bot
from common.engine import GameError
from common.net.protocol import (
    MAX_LINE,
    PROTOCOL_VERSION,
    ProtocolError,
    encode,
    keepalive,
    parse_line,
)
from common.spec import GameSpec

CONNECT_TIMEOUT = 10.0  # seconds to open a connection
REPLY_TIMEOUT = 30.0  # seconds to wait for the answer to hello or to a move
RECONNECT_DELAYS = (0.2, 0.5, 1.0, 2.0, 3.0, 5.0)  # pauses between rejoin attempts

Echo = Callable[[str], None]


class Lost(Exception):
    """The connection to the host ended."""


class Unreachable(GameError):
    """No connection could be opened."""


class Refused(GameError):
    """The host answered with an error and hung up (version mismatch, full table, bad token)."""


def parse_address(address: str) -> tuple[str, int]:
    """'HOST:PORT' or '[IPv6]:PORT' -> (host, port)."""
    host, sep, port_text = address.strip().rpartition(":")
    if not sep or not host or not port_text.isdigit() or not 0 < int(port_text) < 65536:
        raise GameError(f"{address!r} is not an address: write HOST:PORT, e.g. 192.168.1.20:4747")
    if host.startswith("[") and host.endswith("]"):
        host = host[1:-1]
    return host, int(port_text)


class _Conn:
    """One socket, read by a background thread into a queue of messages."""

    def __init__(self, sock: socket.socket) -> None:
        self.sock = sock
        self.queue: queue.Queue[Any] = queue.Queue()
        self.thread = threading.Thread(target=self._read, name="net-reader", daemon=True)
        self.thread.start()

    def _read(self) -> None:
        try:
            stream = self.sock.makefile("rb")
            while True:
                line = stream.readline(MAX_LINE + 1)
                if not line:
                    self.queue.put(Lost("the host closed the connection"))
                    return
                if len(line) > MAX_LINE:
                    self.queue.put(Lost(f"the host sent a message over {MAX_LINE} bytes"))
                    return
                if not line.strip():
                    continue
                try:
                    self.queue.put(parse_line(line))
                except ProtocolError as exc:
                    self.queue.put({"type": "_bad", "message": exc.message})
        except (OSError, ValueError) as exc:
            self.queue.put(Lost(f"connection lost: {getattr(exc, 'strerror', None) or exc}"))

    def send(self, message: dict[str, Any]) -> None:
        try:
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
        try:
            self.sock.shutdown(socket.SHUT_RDWR)
        except OSError:
            pass
        self.sock.close()


class Link:
    """The connection to one host, able to say hello again with a seat token."""

    def __init__(self, spec: GameSpec, host: str, port: int, name: str | None = None,
                 seat: str | None = None) -> None:
        self.spec, self.host, self.port, self.name, self.seat = spec, host, port, name, seat
        self.conn: _Conn | None = None

    @property
    def address(self) -> str:
        return f"[{self.host}]:{self.port}" if ":" in self.host else f"{self.host}:{self.port}"

    def open(self, token: str | None = None) -> dict[str, Any]:
        """Connect and say hello; the host's answer (``welcome``, or ``over`` for a rejoin after
        the end). Unreachable, Refused or Lost when that fails."""
        self.close()
        try:
            sock = socket.create_connection((self.host, self.port), timeout=CONNECT_TIMEOUT)
        except OSError as exc:
            raise Unreachable(f"cannot reach {self.address}: {exc.strerror or exc}") from None
        sock.settimeout(None)
        keepalive(sock)
        conn = _Conn(sock)
        try:
            conn.send({"type": "hello", "version": PROTOCOL_VERSION, "game": self.spec.name,
                       "name": self.name, "seat": None if token else self.seat, "token": token})
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
            raise Refused(f"the host refused: {reply.get('message', 'no reason given')}")
        if kind == "welcome" and reply.get("version") != PROTOCOL_VERSION:
            conn.close()
            raise Refused(f"protocol version mismatch: this client speaks version {PROTOCOL_VERSION}, "
                          f"the host {reply.get('version')!r}; use the same release on both sides")
        if kind == "welcome" and not isinstance(reply.get("seat"), str):
            conn.close()
            raise Refused("the host's welcome names no seat")
        if kind not in ("welcome", "over"):
            conn.close()
            raise Refused(f"the host answered hello with {kind!r}, not a welcome")
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
    """A ``common.session.Session`` over the network: one seat, the host decides everything."""

    can_undo = False

    def __init__(self, spec: GameSpec, link: Link, reply: dict[str, Any]) -> None:
        self.spec, self.link = spec, link
        self.seat: str = reply.get("seat") or link.seat or ""
        self.token: str | None = reply.get("token")
        self.state: dict[str, Any] | None = None
        self.over: dict[str, Any] | None = None
        self.lost: str | None = None
        self.lines: list[str] = []
        self._handle(reply)

    # -- messages ------------------------------------------------------------------------------
    def _handle(self, msg: dict[str, Any]) -> dict[str, Any]:
        kind = msg.get("type")
        if kind == "state" and isinstance(msg.get("seq"), int) and isinstance(msg.get("view"), dict):
            self.state = msg
            self.lines += [str(line) for line in msg.get("events") or []]
        elif kind == "over":
            self.over = msg
        elif kind == "info":
            self.lines.append(str(msg.get("message", "")))
        elif kind == "welcome":
            self.seat = msg.get("seat") or self.seat
            self.token = msg.get("token") or self.token
        elif kind == "_bad":
            self.lines.append(f"(ignored a garbled message from the host: {msg.get('message')})")
        return msg

    def _next(self, timeout: float | None = None, rejoin: bool = True) -> dict[str, Any] | None:
        """Handle the next message and return it; None on timeout or when the host is gone for
        good (then ``self.lost`` says why). A dropped connection is rejoined with the token
        (unless ``rejoin`` is False: then it is left for the next call that may block)."""
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
        if not self.token:
            self.lost = why
            return False
        self.lines.append(f"Lost the connection to the host ({why}); rejoining…")
        for delay in RECONNECT_DELAYS:
            time.sleep(delay)
            try:
                reply = self.link.open(self.token)
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
                and self.seat in (self.state.get("to_move") or []))

    def wait_start(self, echo: Echo) -> None:
        """Block until the game begins (the first state), printing what the host says."""
        while self.state is None and self.over is None and self.lost is None:
            msg = self._next()
            if msg is not None and msg.get("type") == "error":
                self.lines.append(f"host: {msg.get('message')}")
            for line in self._take_lines():
                echo(line)
        for line in self._take_lines():
            echo(line)

    # -- the Session protocol -----------------------------------------------------------------------
    def seats_here(self) -> list[str]:
        return [self.seat]

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
        """Wait until this seat must decide or the game ends, narrating what happens."""
        while True:
            self._drain()
            lines = self._take_lines()
            if lines:
                on_lines(lines)
            if self.over is not None or self.lost is not None or self._my_turn():
                return
            msg = self._next()
            if msg is not None and msg.get("type") == "error":
                self.lines.append(f"host: {msg.get('message')}")

    def outcome(self) -> dict[str, Any] | None:
        if self.over is not None:
            out = self.over.get("outcome")
            if isinstance(out, dict):
                return {"winners": list(out.get("winners") or []), "reason": str(out.get("reason", "")),
                        "scores": dict(out.get("scores") or {})}
            return {"winners": [], "reason": "the host ended the game", "scores": {}}
        if self.lost is not None:
            return {"winners": [], "reason": f"the connection to the host was lost ({self.lost})",
                    "scores": {}}
        return None

    def undo(self) -> int:
        raise GameError("undo exists only in local games")

    def record_text(self) -> str:
        if self.over is not None and isinstance(self.over.get("record"), str):
            return self.over["record"]
        raise GameError("the record of a network game arrives when the game ends "
                        "(it names the seed, which would give away the deck)")

    def close(self) -> None:
        if self.link.conn is not None and self.over is None:
            try:
                self.link.send({"type": "bye"})
            except Lost:
                pass
        self.link.close()


def _print(text: str) -> None:
    print(text, flush=True)


def play_bot(spec: GameSpec, session: RemoteSession, bot: Bot, echo: Echo = _print) -> int:
    """Let ``bot`` play this seat: one line per move; 0 when the game ends, 1 if the host is lost."""
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
    out = session.outcome() or {}
    if session.over is None:
        echo(f"game over: {out.get('reason')}")
        return 1
    winners = " ".join(out.get("winners") or []) or "nobody"
    echo(f"game over: {winners} ({out.get('reason')})")
    echo(f"result {winners}")
    return 0


def join(spec: GameSpec, address: str, *, name: str | None = None, seat: str | None = None,
         bot: str | None = None, think: float | None = 0.5, echo: Echo = _print) -> int:
    """Join the game hosted at ``address``: in the REPL, or played by ``bot``."""
    host, port = parse_address(address)
    player: Bot | None = None
    if bot:
        if think is not None and think <= 0:
            raise GameError(f"--think must be more than 0 seconds, not {think:g}")
        player = make_bot(bot, spec.rules, seed=int.from_bytes(os.urandom(4), "little"), think=think)
    if name is not None and not name.strip():
        raise GameError("--name must not be empty")
    link = Link(spec, host, port, name or (f"{bot} bot" if bot else os.environ.get("USER")), seat)
    reply = link.open()
    session = RemoteSession(spec, link, reply)
    try:
        if reply.get("type") == "welcome":
            echo(f"Joined {spec.title} at {link.address} as {session.seat}.")
        session.wait_start(echo)
        if player is not None:
            return play_bot(spec, session, player, echo)
    except BaseException:
        session.close()
        raise
    from common.repl import run_session

    return run_session(spec, session)
