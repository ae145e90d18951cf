"""The client's connection to a host: one socket read by a background thread (``_Conn``),
and the ``Link`` that opens it, says hello (with the player's language) and can say it again
with a seat token after a drop. docs/protocol.md describes the messages.
"""

from __future__ import annotations

import contextlib
import contextvars
import os
import queue
import random
import socket
import threading
from collections.abc import Callable
from typing import Any

from common import _
from common.engine import GameError
from common.i18n import current
from common.net.protocol import (
    MAX_HOST_LINE,
    PROTOCOL_VERSION,
    REJOIN_EVERY,
    SUPPORTED_VERSIONS,
    ProtocolError,
    clean_text,
    encode,
    keepalive,
    parse_line,
    versions_text,
)
from common.spec import GameSpec

CONNECT_TIMEOUT = 10.0  # seconds to open a connection
REPLY_TIMEOUT = 30.0  # seconds to wait for the answer to hello or to a move
RETRY_ENV = "BMOVIE_NET_RETRY"
RETRY_FOR = 120.0  # seconds a dropped client keeps trying to rejoin


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
        raise GameError(_("{address} is not an address: write HOST:PORT, e.g. 192.168.1.20:4747")
                        .format(address=repr(address)))
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


class _Conn:
    """One socket, read by a background thread into a queue of messages. The host's heartbeat
    ``ping`` is answered right there, so a client busy at its prompt is never taken for dead."""

    def __init__(self, sock: socket.socket, link: Link | None = None) -> None:
        self.sock = sock
        self.link = link  # its ``live`` hook shows chat at once while the player types
        self.lock = threading.Lock()
        self.queue: queue.Queue[Any] = queue.Queue()
        # in the player's language context (a new thread starts without it): a lost line is told
        # in the player's language
        self.thread = threading.Thread(target=contextvars.copy_context().run, args=(self._read,),
                                       name="net-reader", daemon=True)
        self.thread.start()

    def _read(self) -> None:
        try:
            stream = self.sock.makefile("rb")
            while True:
                line = stream.readline(MAX_HOST_LINE + 1)
                if not line:
                    self.queue.put(Lost(_("the host closed the connection")))
                    return
                if len(line) > MAX_HOST_LINE:
                    self.queue.put(Lost(_("the host sent a message over {n} bytes").format(n=MAX_HOST_LINE)))
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
            self.queue.put(Lost(_("connection lost: {reason}")
                                .format(reason=getattr(exc, "strerror", None) or exc)))

    def send(self, message: dict[str, Any]) -> None:
        try:
            with self.lock:
                self.sock.sendall(encode(message))
        except OSError as exc:
            raise Lost(_("connection lost: {reason}").format(reason=exc.strerror or exc)) from None

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
        self.lang = current()  # the player's language, kept: a rejoin may say hello from a thread
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
            raise Unreachable(_("cannot reach {address}: {reason}")
                              .format(address=self.address, reason=exc.strerror or exc)) from None
        sock.settimeout(None)
        keepalive(sock)
        conn = _Conn(sock, self)
        hello: dict[str, Any] = {"type": "hello", "version": PROTOCOL_VERSION,
                                 "versions": list(SUPPORTED_VERSIONS), "game": self.spec.name,
                                 "name": self.name, "lang": self.lang}
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
            raise Unreachable(_("{address} did not answer hello within {seconds} s")
                              .format(address=self.address, seconds=f"{REPLY_TIMEOUT:g}"))
        kind = reply.get("type")
        if kind == "error":
            conn.close()
            # the host words its reason in this client's language (hello told it which)
            reason = clean_text(str(reply.get("message") or _("no reason given")), 400)
            raise Refused(_("the host refused: {reason}").format(reason=reason),
                          str(reply.get("code", "")))
        if kind == "welcome" and reply.get("version") not in SUPPORTED_VERSIONS:
            conn.close()
            raise Refused(_("protocol version mismatch: this client speaks version {ours}, the "
                            "host {theirs}; use the same release on both sides")
                          .format(ours=versions_text(SUPPORTED_VERSIONS),
                                  theirs=repr(reply.get("version"))), "version")
        if kind not in ("welcome", "over"):
            conn.close()
            raise Refused(_("the host answered hello with {kind}, not a welcome")
                          .format(kind=repr(kind)))
        self.version = reply.get("version", PROTOCOL_VERSION)
        self.conn = conn
        return reply

    def send(self, message: dict[str, Any]) -> None:
        if self.conn is None:
            raise Lost(_("not connected"))
        self.conn.send(message)

    def recv(self, timeout: float | None = None) -> dict[str, Any] | None:
        if self.conn is None:
            raise Lost(_("not connected"))
        return self.conn.recv(timeout)

    def close(self) -> None:
        if self.conn is not None:
            self.conn.close()
            self.conn = None

