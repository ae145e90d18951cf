"""One TCP connection of the host (``Conn``) and its token buckets: what it may send, how much
may be queued for it, and how it is let go. docs/protocol.md lists the limits."""

from __future__ import annotations

import asyncio
import contextlib
import time
from typing import TYPE_CHECKING, Any

from common import ngettext
from common.i18n import DEFAULT, language
from common.net.limits import SYNC_BURST, SYNC_RATE, Bucket
from common.net.protocol import BURST, CHAT_BURST, CHAT_RATE, RATE, encode

if TYPE_CHECKING:
    from common.net.host import Server
    from common.net.room import Room

MAX_BUFFER = 1 << 20  # bytes queued for a client that stopped reading, before it is dropped
HARD_BUFFER = 8 << 20  # bytes queued for any client, however it reads, before it is dropped
STALLED = 10.0  # seconds without a byte taken before a client over MAX_BUFFER counts as frozen
CHAT_ROOM = 16 * 1024  # bytes queued beyond which chat to this client is skipped, not queued
CUT_AT = 64 * 1024  # bytes still queued when hanging up that are dropped at once (abort)
CLOSE_WAIT = 2.0  # seconds a hung-up connection has to deliver a smaller queue, then it is cut


class Conn:
    """One TCP connection; ``room`` is set once its hello was accepted."""

    def __init__(self, server: Server, reader: asyncio.StreamReader,
                 writer: asyncio.StreamWriter) -> None:
        self.server, self.reader, self.writer = server, reader, writer
        peer = writer.get_extra_info("peername")
        self.peer = f"{peer[0]}:{peer[1]}" if isinstance(peer, tuple) and len(peer) >= 2 else "?"
        self.address = str(peer[0]) if isinstance(peer, tuple) and peer else "?"  # the limits' key
        self.greeted = False  # its hello was accepted (it counts among the host's members)
        self.unseated = False  # counted among its address's members without a seat
        self.room: Room | None = None
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
            self.server.log_about(self, f"{self.label} does not read its messages; hanging up")
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

    def take(self) -> bool:
        """One message from the rate limit; False when it is used up (a flood)."""
        return self.rate_limit.take()

    def take_chat(self) -> bool:
        return self.chat_limit.take()

