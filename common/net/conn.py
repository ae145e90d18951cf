"""One TCP connection of the host (``Conn``): its token buckets (what it may send), its send
queue (how much may wait for it, chat last), its errors, and how it is let go.

The lowest layer of the host above the wire format (docs/architecture.md): it imports only
``protocol`` and ``limits``, and knows nothing of tables or of the server. It is what a table
calls a member (``common.net.member.Member``, the interface the table layer owns); the table
it joined sits in ``room``, which only the tables and the server read. docs/protocol.md lists
the limits."""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import Callable
from typing import Any

from common import _, ngettext
from common.i18n import DEFAULT, language
from common.net.limits import SYNC_BURST, SYNC_RATE, Bucket
from common.net.protocol import (
    BURST,
    CHAT_BURST,
    CHAT_RATE,
    FLOOD_LIMIT,
    MAX_ERRORS,
    RATE,
    encode,
    error,
)

MAX_BUFFER = 1 << 20  # bytes queued for a client that stopped reading, before it is dropped
HARD_BUFFER = 8 << 20  # bytes queued for any client, however it reads, before it is dropped
STALLED = 10.0  # seconds without a byte taken before a client over MAX_BUFFER counts as frozen
CHAT_ROOM = 16 * 1024  # bytes queued beyond which chat to this client is skipped, not queued
CUT_AT = 64 * 1024  # bytes still queued when hanging up that are dropped at once (abort)
CLOSE_WAIT = 2.0  # seconds a hung-up connection has to deliver a smaller queue, then it is cut
FINISH_CHECK = 0.25  # seconds between looks at a finished game's queue still going out (``finish``)
# refusals of well-formed messages: a player may make any number of these
GAME_REFUSALS = frozenset({"illegal", "not_your_turn", "not_your_seat", "stale", "not_started",
                           "game_over", "already_joined", "not_seated", "seat_taken", "no_seat",
                           "started", "chat_flood", "not_in_lobby", "sync_flood"})


class Conn:
    """One TCP connection; ``room`` is set once its hello was accepted."""

    def __init__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter,
                 log: Callable[[Conn, str], None] | None = None) -> None:
        self.reader, self.writer = reader, writer
        self.log = log or (lambda conn, text: None)  # a line about what it did (the server's log)
        peer = writer.get_extra_info("peername")
        self.peer = f"{peer[0]}:{peer[1]}" if isinstance(peer, tuple) and len(peer) >= 2 else "?"
        self.address = str(peer[0]) if isinstance(peer, tuple) and peer else "?"  # the limits' key
        self.greeted = False  # its hello was accepted (it counts among the host's members)
        self.unseated = False  # counted among its address's members without a seat
        self.room: Any = None  # the table it joined (set by the table; never read here)
        self.seat: str | None = None
        self.watching = False
        self.name = ""
        self.version = 0
        self.lang = DEFAULT  # the language its hello asked for: what the host words for it
        self.game_no = 0
        self.shown: tuple[int, int, dict[str, Any]] | None = None  # (game, seq, view) it was sent
        self.seats_shown: dict[str, Any] | None = None  # the seats its last state carried
        self.errors = 0  # malformed messages in a row
        self.hangup = False  # stop reading; the connection ends after a short linger
        self.closed = False
        self.eof = False  # we half-closed (after a fatal error): nothing more is sent
        self.finishing = False  # closed after the game's end, its queue still going out (``finish``)
        self.delayed: dict[str, Any] | None = None  # a fatal error to send after a pause
        now = time.monotonic()
        self.opened = self.heard = now
        self.pinged = False
        self.rate_limit = Bucket(RATE, BURST, now)
        self.flooded = 0
        self.chat_limit = Bucket(CHAT_RATE, CHAT_BURST, now)
        self.sync_limit = Bucket(SYNC_RATE, SYNC_BURST, now)
        self.lobby_whole = False  # it holds a whole lobby: later changes reach it as deltas
        self.written = 0  # bytes handed to the transport, ever
        self.taken = 0  # of those, bytes the peer's socket took (the rest is queued here)
        self.took_at = now  # when it last took some
        self.skipped = 0  # chat messages not sent to it since it was last told how many

    @property
    def label(self) -> str:
        if self.seat:
            return f"{self.seat} ({self.name})"
        return f"{self.name} ({self.peer})" if self.name else self.peer

    def send(self, message: dict[str, Any]) -> None:
        self.send_raw(encode(message))

    def send_raw(self, data: bytes) -> None:
        """Queue bytes for this client; never raises (one bad connection must not stop a
        broadcast to the others)."""
        if self.closed or self.eof:
            return
        transport = self.writer.transport
        if transport.is_closing():
            self.closed = True
            return
        if self.frozen():
            self.log(self, f"{self.label} does not read its messages; hanging up")
            self.close()
            return
        try:
            self.writer.write(data)
        except (OSError, RuntimeError):
            self.close()
            return
        self.written += len(data)

    def queued(self) -> int:
        """Bytes waiting here for the peer; notes when its socket last took some."""
        queued = self.writer.transport.get_write_buffer_size()
        taken = self.written - queued
        if taken > self.taken:
            self.taken, self.took_at = taken, time.monotonic()
        return queued

    def frozen(self) -> bool:
        """Whether this client stopped reading: more than MAX_BUFFER queued and nothing taken
        for STALLED seconds, or more than HARD_BUFFER queued however it reads. A slow reader
        who keeps reading is not cut (issue 20: a chat flood put one 1 MiB behind, and the old
        rule, the queue's size alone, hung up on an honest player)."""
        queued = self.queued()
        if queued > HARD_BUFFER:
            return True
        return queued > MAX_BUFFER and time.monotonic() - self.took_at > STALLED

    def send_chat(self, data: bytes) -> None:
        """Queue a chat message, unless more than CHAT_ROOM bytes already wait for this client:
        then it is skipped (counted, and the client told how many before the next one it gets),
        so that a chat flood never delays the game's own messages to a slow reader."""
        if self.closed or self.eof:
            return
        if self.queued() > CHAT_ROOM:
            self.skipped += 1
            return
        self.tell_skipped()
        self.send_raw(data)

    def tell_skipped(self) -> None:
        """Tell the client how many chat messages it missed, if any and if it has room."""
        if not self.skipped or self.closed or self.eof or self.queued() > CHAT_ROOM:
            return
        with language(self.lang):
            text = ngettext("{n} chat message skipped: you were reading more slowly than the "
                            "table was chatting", "{n} chat messages skipped: you were reading "
                            "more slowly than the table was chatting", self.skipped)
        self.send_raw(encode({"type": "info", "message": text.format(n=self.skipped)}))
        self.skipped = 0

    def close(self) -> None:
        """Hang up. asyncio's close waits for the queued bytes to drain, which for a peer that
        never reads is forever: the connection would never end, its seat never count as lost
        and its buffer never be freed. So a large queue is cut off at once (abort), and a small
        one gets ``CLOSE_WAIT`` seconds to go out (the last ``over``, an error's reason)."""
        if self.closed:
            return
        self.closed = True
        transport = self.writer.transport
        with contextlib.suppress(Exception):
            queued = transport.get_write_buffer_size()
            if queued > CUT_AT:
                transport.abort()
                return
            transport.close()
            if queued:
                asyncio.get_running_loop().call_later(CLOSE_WAIT, transport.abort)

    def finish(self, data: bytes) -> None:
        """The game's last message, then hang up without cutting anything short: every byte
        queued goes out, however far behind the client is, as long as it keeps taking them;
        one that takes nothing for STALLED seconds is cut. (``close`` cuts a queue past
        CUT_AT at once: a client slowed down lost the game's end, its ``over``.)"""
        self.send_raw(data)
        self.hangup = True
        if self.closed:
            return
        self.closed = self.finishing = True
        with contextlib.suppress(Exception):
            self.writer.transport.close()  # asyncio sends what is queued, then closes
            self._cut_if_stalled()

    def _cut_if_stalled(self) -> None:
        transport = self.writer.transport
        if not self.queued():
            self.finishing = False
        elif time.monotonic() - self.took_at > STALLED:
            self.finishing = False
            transport.abort()
        else:
            asyncio.get_running_loop().call_later(FINISH_CHECK, self._cut_if_stalled)

    def refuse(self, code: str, message: str, fatal: bool = False) -> None:
        """Answer one message with one error. Malformed messages count towards MAX_ERRORS and
        are logged; a refused move is the player's business (its text may name their cards)."""
        self.send(error(code, message))
        if code in GAME_REFUSALS and not fatal:
            return
        self.errors += 1
        self.log(self, f"{self.label}: refused ({code}): {message}")
        if fatal or self.errors >= MAX_ERRORS:
            if not fatal:
                self.send(error("too_many_errors", _("{n} malformed messages in a row; closing the "
                                                     "connection").format(n=MAX_ERRORS)))
            self.hangup = True

    def admit(self) -> bool:
        """One message from the rate limit; False when it is over (a flood: the message is
        ignored, and a long flood ends the connection)."""
        if not self.rate_limit.take():
            self.flooded += 1
            if self.flooded == 1:
                self.send(error("flood", _("too many messages (more than {n} a second); ignoring "
                                           "them until you slow down").format(n=f"{RATE:g}")))
            if self.flooded >= FLOOD_LIMIT:
                self.refuse("flood", _("{n} messages ignored; closing the connection")
                            .format(n=FLOOD_LIMIT), fatal=True)
            return False
        self.flooded = 0
        return True

    def take_chat(self) -> bool:
        return self.chat_limit.take()

