"""The network host: tables (``Room``), TCP clients (``Conn``), newline-delimited JSON.

The host is the only authority. A client sends move text; the host checks it with the Table
and sends every client only what its own seat may know: its view, its legal moves, the
narration of the events it may learn of, and errors in reply to its own messages. Spectators
get the public view (``rules.view(state, None)``). The seed, and so the deck order, never
leaves the host (the record goes out only with ``--share-record``, after the game).

A game begins in a lobby: clients join by name, take seats, chat; it starts when every seat
has a player, or when the host types ``start`` (empty seats go to bots). A player who drops
keeps the seat: after ``grace`` seconds a bot decides for it until the player rejoins with the
seat token (or, with ``on_disconnect="pause"``, the table waits). The record is appended and
flushed after every move; with the seat tokens beside it (``FILE.seats.json``, mode 0600) a
killed host continues with ``--resume FILE`` and the same players rejoin.
docs/protocol.md describes every message.
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import hmac
import json
import os
import secrets
import socket
import sys
import threading
import time
from collections import deque
from dataclasses import dataclass, field
from typing import Any, TextIO

from common.bots import BOT_KINDS, Bot, bot_move, make_bot
from common.engine import GameError, Move
from common.net.protocol import (
    BURST,
    CHAT_BURST,
    CHAT_RATE,
    FLOOD_LIMIT,
    HELLO_TIMEOUT,
    IDLE,
    MAX_ERRORS,
    MAX_LINE,
    MAX_NAME,
    PATCHES_SINCE,
    PROTOCOL_VERSION,
    RATE,
    RESUME_WAIT,
    SUPPORTED_VERSIONS,
    Memo,
    ProtocolError,
    clean_text,
    decode_client,
    encode,
    error,
    grace_seconds,
    keepalive,
    negotiate,
    versions_text,
    view_patch,
)
from common.record import format_record
from common.rng import derive, derive_fast, new_seed
from common.spec import HUMAN, GameSpec, parse_seats, players_from_seats
from common.table import Table, heard

REMOTE = "remote"
MAX_BUFFER = 1 << 20  # bytes queued for a client that does not read, before it is dropped
MAX_CONNECTIONS = 1024  # open connections per host
BACKLOG = 1000  # moves whose narration is kept for catching up after a rejoin
GC_YOUNG = 50_000  # new objects between collections of the youngest generation (default 700)
# refusals of well-formed messages: a player may make any number of these
GAME_REFUSALS = frozenset({"illegal", "not_your_turn", "not_your_seat", "stale", "not_started",
                           "game_over", "already_joined", "not_seated", "seat_taken", "no_seat",
                           "started", "chat_flood", "not_in_lobby"})
LINGER = 1.0  # seconds to drain a client's input after a fatal error, so the reply arrives
PASSWORD_DELAY = 1.0  # seconds before a wrong password is answered


class Bucket:
    """A token bucket: ``rate`` a second, at most ``burst`` at once."""

    def __init__(self, rate: float, burst: float, now: float) -> None:
        self.rate, self.burst, self.tokens, self.filled = rate, burst, burst, now

    def take(self) -> bool:
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.filled) * self.rate)
        self.filled = now
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True

    def give_back(self) -> None:
        self.tokens = min(self.burst, self.tokens + 1)


class Conn:
    """One TCP connection; ``room`` is set once its hello was accepted."""

    def __init__(self, server: Server, reader: asyncio.StreamReader,
                 writer: asyncio.StreamWriter) -> None:
        self.server, self.reader, self.writer = server, reader, writer
        peer = writer.get_extra_info("peername")
        self.peer = f"{peer[0]}:{peer[1]}" if isinstance(peer, tuple) and len(peer) >= 2 else "?"
        self.room: Room | None = None
        self.seat: str | None = None
        self.watching = False
        self.name = ""
        self.version = 0
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
        if transport.get_write_buffer_size() > MAX_BUFFER:
            self.server.log(f"{self.label} does not read its messages; hanging up")
            self.close()
            return
        try:
            self.writer.write(data)
        except (OSError, RuntimeError):
            self.close()

    def close(self) -> None:
        if not self.closed:
            self.closed = True
            with contextlib.suppress(Exception):
                self.writer.close()

    def take(self) -> bool:
        """One message from the rate limit; False when it is used up (a flood)."""
        return self.rate_limit.take()

    def take_chat(self) -> bool:
        return self.chat_limit.take()


@dataclass
class Seat:
    name: str
    kind: str  # REMOTE or a bot kind
    conn: Conn | None = None
    player: str = ""
    token: str | None = None
    abandoned: bool = False  # its player left and the grace period ran out: a bot decides
    timer: asyncio.TimerHandle | None = None


@dataclass
class RoomConfig:
    kinds: dict[str, str]
    seed: int | None = None  # --seed: the secret every game's seed is derived from (else the host's own)
    variant: str = "standard"
    options: dict[str, str] = field(default_factory=dict)
    games: int | None = None
    think: float | None = 0.5
    save: str | None = None
    grace: float = 30.0
    on_disconnect: str = "bot"  # or "pause"
    fill: str = "random"  # the bot kind for empty seats at 'start' and for players who left
    share_record: bool = False
    resume: str | None = None


def _write_private(path: str, text: str) -> None:
    """Write a file readable only by this user, atomically."""
    tmp = f"{path}.tmp"
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    try:
        os.fchmod(fd, 0o600)
        os.write(fd, text.encode("utf-8"))
    finally:
        os.close(fd)
    os.replace(tmp, path)


class Room:
    """One table: its seats, its lobby and spectators, one game after another."""

    def __init__(self, server: Server, name: str, cfg: RoomConfig) -> None:
        self.server, self.name, self.cfg = server, name, cfg
        self.spec, self.rules = server.spec, server.spec.rules
        self.kinds = dict(cfg.kinds)
        self.members: set[Conn] = set()
        self.game_no = 0
        self.game_seed = 0
        self.table: Table | None = None
        self.seats: dict[str, Seat] = {}
        self.tokens: dict[str, str] = {}
        self.bots: dict[str, Bot] = {}
        self.started = False
        self.over = False
        self.finished: dict[str, dict[str, Any]] = {}  # token -> 'over' message of the last game
        self.changed = asyncio.Event()
        self.narration: deque[tuple[int, list[tuple[str | None, str]]]] = deque(maxlen=BACKLOG)
        self.record_file: Any = None
        self.result_written = False
        self.record_path: str | None = None
        self.save_failed = False
        self.resumed_from: str | None = cfg.resume

    def log(self, text: str) -> None:
        prefix = f"[{self.name}] " if len(self.server.rooms) > 1 else ""
        self.server.log(f"{prefix}game {self.game_no}: {text}")

    # -- the game loop --------------------------------------------------------------------------
    async def run(self) -> None:
        cfg = self.cfg
        while cfg.games is None or self.game_no < cfg.games:
            if self.resumed_from:
                self._resume(self.resumed_from)
                self.resumed_from = None
            else:
                self._new_game()
            await self._play()
            self._finish()

    def _new_game(self) -> None:
        cfg = self.cfg
        self.game_no += 1
        n = self.game_no
        # each game's seed comes from the host's secret through the keyed hash: one game's seed
        # (in a shared record) tells nothing of another's
        seed = derive(cfg.seed if cfg.seed is not None else self.server.secret, self.name, n)
        self.game_seed = seed
        self.kinds = dict(cfg.kinds)
        self.table = Table(self.rules, seed=seed, options=cfg.options, variant=cfg.variant,
                           seat_kinds=dict(self.kinds), keep_undo=False)
        self._reset_seats()
        self.started = self.over = False
        self.record_path = self._path_for(n)
        remote = [s for s, k in self.kinds.items() if k == REMOTE]
        self.log(f"waiting for players: {', '.join(remote)}" if remote else "bots only")
        self._maybe_start()

    def _reset_seats(self) -> None:
        self.seats = {s: Seat(s, k) for s, k in self.kinds.items()}
        self.tokens = {}
        self.bots = {}
        self.narration = deque(maxlen=BACKLOG)
        self.save_failed = False

    def _make_bots(self) -> None:
        for i, (s, k) in enumerate(self.kinds.items()):
            if k != REMOTE and s not in self.bots:
                self.bots[s] = make_bot(k, self.rules, seed=derive_fast(self.game_seed, "bot", i),
                                        think=self.cfg.think)

    def _resume(self, path: str) -> None:
        """Rebuild the game of a record (a killed host's) and wait for its players to rejoin."""
        from common.batch import open_table, read_record
        from common.record import RecordError

        rec = read_record(path)
        table = open_table(self.rules, rec)
        table.keep_undo = False
        for line in rec.body:
            if line.kind != "move":
                continue
            try:
                table.play(line.seat, line.text)
            except GameError as exc:
                raise RecordError(f"{rec.where(line.lineno)}: {line.seat}: {line.text!r}: {exc}") from None
        if table.outcome() is not None:
            raise GameError(f"{path}: that game is already over; there is nothing to resume")
        saved: dict[str, Any] = {}
        try:
            with open(f"{path}.seats.json", encoding="utf-8") as fh:
                saved = json.load(fh)
        except (OSError, ValueError):
            self.server.log(f"no seat tokens beside {path} ({path}.seats.json): players take "
                            "their seats back with join --seat")
        self.game_no = int(saved.get("game_no", 1)) if isinstance(saved.get("game_no"), int) else 1
        self.game_seed = rec.seed
        self.table = table
        self.kinds = {s: (REMOTE if k in (REMOTE, HUMAN, "") else k) for s, k in
                      (rec.seats or dict.fromkeys(table.seats, REMOTE)).items()}
        self._reset_seats()
        for seat, info in (saved.get("seats") or {}).items():
            if seat in self.seats and isinstance(info, dict) and isinstance(info.get("token"), str):
                self.seats[seat].token = info["token"]
                self.seats[seat].player = clean_text(str(info.get("name") or seat), MAX_NAME)
                self.tokens[info["token"]] = seat
        self._make_bots()
        self.record_path = path
        try:
            with open(path, "rb") as fh:
                data = fh.read()
            ends_cleanly = not data or data.endswith(b"\n")
            self.record_file = open(path, "a", encoding="utf-8")  # noqa: SIM115 - kept open
            if not ends_cleanly:
                self.record_file.write("\n")
            self.record_file.write(f"# resumed by the host at move {table.seq}\n")
            self.result_written = False
            self.record_file.flush()
        except OSError as exc:
            raise GameError(f"cannot append to {path}: {exc.strerror or exc}") from None
        self.started, self.over = True, False
        wait = max(self.cfg.grace, RESUME_WAIT)
        self.log(f"resumed from {path} at move {table.seq}; waiting for "
                 f"{', '.join(s for s, k in self.kinds.items() if k == REMOTE) or 'nobody'} to rejoin")
        for seat, info in self.seats.items():
            if info.kind == REMOTE:
                self._away(seat, wait)

    async def _play(self) -> None:
        table = self.table
        assert table is not None
        while table.outcome() is None:
            self.changed.clear()
            if self.started and await self._bot_turn():
                continue
            if table.outcome() is None:
                await self.changed.wait()

    def _actor(self) -> str | None:
        assert self.table is not None
        if self.table.outcome() is not None:
            return None
        decisions = self.table.decisions()
        return decisions[0].seat if decisions else None

    def _bot_plays(self, seat: str) -> bool:
        info = self.seats[seat]
        return info.kind != REMOTE or (info.abandoned and info.conn is None)

    def _bot_for(self, seat: str) -> Bot:
        if seat not in self.bots:  # a stand-in for a player who left
            index = list(self.seats).index(seat)
            self.bots[seat] = make_bot(self.cfg.fill, self.rules,
                                       seed=derive_fast(self.game_seed, "stand-in", index),
                                       think=self.cfg.think)
        return self.bots[seat]

    async def _bot_turn(self) -> bool:
        """Let a bot decide if the seat that acts now is a bot's; False when it is not."""
        table = self.table
        assert table is not None
        seat = self._actor()
        if seat is None or not self._bot_plays(seat):
            return False
        legal = table.legal_moves(seat)
        if not legal:
            self.log(f"{seat} must decide but has no legal move")
            return False
        bot, seq = self._bot_for(seat), table.seq
        # the bot gets a copy of its own seat's view and nothing else
        view = json.loads(json.dumps(table.view(seat))) if bot.needs_view else {}
        if bot.kind == "random":
            move = bot_move(bot, self.rules, view, seat, legal)
            await asyncio.sleep(0)
        else:
            move = await asyncio.to_thread(bot_move, bot, self.rules, view, seat, legal)
        if table is not self.table or table.seq != seq or not self._bot_plays(seat):
            return True  # the game moved on while the bot thought: look again
        return self._apply(seat, move, None)

    def _apply(self, seat: str, move: str | Move, conn: Conn | None) -> bool:
        table = self.table
        assert table is not None
        try:
            events = table.play(seat, move)
        except GameError as exc:
            if conn is not None:
                self.server.refuse(conn, "illegal", str(exc))
            else:
                self.log(f"the bot's move for {seat} was refused: {exc}")
            return False
        except Exception as exc:  # e.g. a notation bug: refuse, never crash
            if conn is None:
                raise
            self.server.refuse(conn, "illegal", f"cannot read that move ({type(exc).__name__})")
            return False
        text = table.record.body[-1].text
        ack = encode({"type": "ack", "seq": table.seq, "move": text}) if conn is not None else b""
        self._append(f"{seat}: {text}\n")
        self._write_result()  # at once: a host killed now leaves a finished record
        self._broadcast_state(events, conn, ack)
        self._poke()
        return True

    # -- what each connection is sent -----------------------------------------------------------
    def _state(self, conn: Conn | None, seat: str | None, view: dict[str, Any], lines: list[str],
               seats: dict[str, dict[str, Any]], resync: bool = False,
               memo: Memo | None = None) -> dict[str, Any]:
        """A ``state`` message for ``seat``. To a connection that holds a view of this game it
        carries a patch against that view (``base`` names it) and ``seats`` only when they
        changed; on a resync, or to a connection that holds nothing, everything whole."""
        table = self.table
        assert table is not None
        actor = self._actor()
        mine = actor is not None and actor == seat
        decisions = [d for d in table.decisions() if d.seat == seat][:1] if mine else []
        msg: dict[str, Any] = {"type": "state", "game_no": self.game_no, "seq": table.seq, "seat": seat}
        held = conn.shown if conn is not None and not resync and conn.version >= PATCHES_SINCE else None
        if held is not None and held[0] == self.game_no:
            msg["base"], msg["patch"] = held[1], view_patch(held[2], view, memo)
        else:
            msg["view"] = view
        msg.update({"to_move": [actor] if actor else [],
                    "decisions": [{"kind": d.kind, "required": d.required, "prompt": d.prompt}
                                  for d in decisions],
                    "legal": table.legal(seat) if mine else [], "events": lines,
                    "paused": self._paused_text()})
        if "view" in msg or conn is None or conn.seats_shown != seats:
            msg["seats"] = seats
        if resync:
            msg["resync"] = True
        return msg

    def _send_state(self, conn: Conn, lines: list[str], resync: bool = False,
                    seats: dict[str, dict[str, Any]] | None = None, ack: bytes = b"",
                    view: dict[str, Any] | None = None, memo: Memo | None = None) -> None:
        """Send ``conn`` its state (after ``ack``, in the same write) and remember what it holds."""
        table = self.table
        assert table is not None
        view = table.view(conn.seat) if view is None else view
        seats = self.public_seats() if seats is None else seats
        conn.send_raw(ack + encode(self._state(conn, conn.seat, view, lines, seats, resync, memo)))
        conn.shown, conn.seats_shown = (self.game_no, table.seq, view), seats

    def _broadcast_state(self, events: list, mover: Conn | None = None, ack: bytes = b"") -> None:
        """Everyone at the table learns what the last move did: each seat its own view and
        narration, the watchers the public ones (``ack`` goes first to ``mover``)."""
        table = self.table
        assert table is not None
        seq = table.seq
        seats = self.public_seats()
        told = table.narrate_all(events)
        if told:
            self.narration.append((seq, told))
        watchers = [c for c in self.members if c.seat is None]
        wanted: list[str | None] = [seat for seat, info in self.seats.items() if info.conn is not None]
        views = table.views(wanted + [None] if watchers else wanted)
        # the seats' views share parts, and so did the ones sent last time: diff those once
        # (the memo is keyed by identity, so every view it has seen is kept alive meanwhile)
        memo: Memo = {}
        alive = [c.shown for c in self.members]
        acked = mover is None
        for seat, info in self.seats.items():
            if info.conn is not None:
                first = ack if info.conn is mover else b""
                acked = acked or bool(first)
                self._send_state(info.conn, heard(told, seat), seats=seats, ack=first,
                                 view=views[seat], memo=memo)
        if not acked:
            mover.send_raw(ack)
        groups: dict[tuple[Any, ...], list[Conn]] = {}
        for conn in watchers:  # watchers holding the same view share one encoded message
            held = conn.shown
            key = (held[0], held[1], id(held[2])) if held is not None else (None,)
            groups.setdefault((*key, id(conn.seats_shown), conn.version), []).append(conn)
        for group in groups.values():
            data = encode(self._state(group[0], None, views[None], heard(told, None), seats, memo=memo))
            for conn in group:
                conn.send_raw(data)
                conn.shown, conn.seats_shown = (self.game_no, seq, views[None]), seats
        del alive  # the memo is done: the views it saw may go

    def _catch_up(self, seat: str | None, since: int | None) -> list[str]:
        """The narration ``seat`` missed after position ``since`` (a rejoin's resync)."""
        if since is None or self.table is None or since >= self.table.seq:
            return []
        return [line for seq, told in self.narration if seq > since for line in heard(told, seat)]

    def send_state(self, conn: Conn, since: int | None = None) -> None:
        self._send_state(conn, self._catch_up(conn.seat, since), resync=True)

    def public_seats(self) -> dict[str, dict[str, Any]]:
        return {s: {"kind": info.kind, "name": info.player or None,
                    "connected": info.conn is not None or info.kind != REMOTE,
                    "bot": self._bot_plays(s) if self.started else info.kind != REMOTE}
                for s, info in self.seats.items()}

    def lobby(self) -> dict[str, Any]:
        people = sorted(({"name": c.name, "seat": c.seat, "watching": c.watching}
                         for c in self.members), key=lambda p: (p["seat"] is None, p["name"]))
        return {"type": "lobby", "table": self.name, "game_no": self.game_no,
                "started": self.started, "seats": self.public_seats(), "people": people,
                "waiting": self._waiting_text()}

    def _broadcast_lobby(self) -> None:
        if self.members:
            data = encode(self.lobby())
            for conn in list(self.members):
                conn.send_raw(data)

    def inform(self, text: str, skip: Conn | None = None) -> None:
        data = encode({"type": "info", "message": text})
        for conn in list(self.members):
            if conn is not skip:
                conn.send_raw(data)

    def _paused_text(self) -> str | None:
        actor = self._actor() if self.started and self.table is not None else None
        if actor is None or self.cfg.on_disconnect != "pause":
            return None
        info = self.seats[actor]
        if info.kind == REMOTE and info.conn is None and not info.abandoned:
            return f"the table waits for {info.player or actor} ({actor}) to come back"
        return None

    def _waiting_text(self) -> str:
        if self.started:
            return "the game is on"
        missing = [s for s, info in self.seats.items() if info.kind == REMOTE and info.conn is None]
        return f"waiting for players: {', '.join(missing)}" if missing else "the game is about to begin"

    # -- joining ----------------------------------------------------------------------------------
    def hello(self, conn: Conn, msg: dict[str, Any]) -> None:
        token = msg.get("token")
        if token is not None:
            seat = self.tokens.get(token)
            if seat is None and token in self.finished:  # the game ended while it was away
                conn.send(self.finished[token])
                conn.hangup = True
                return
            if seat is None or self.over:
                self.server.refuse(conn, "bad_token", "unknown or expired seat token (its game is "
                                   "over, or it was given by another host)", fatal=True)
                return
            self._enter(conn, msg, seat=None)
            self._sit(conn, seat, reply="welcome", since=msg.get("seq"))
            return
        if self.over or self.table is None:
            self.server.refuse(conn, "not_ready", "a game just ended; join again in a moment", fatal=True)
            return
        if msg.get("watch"):
            self._enter(conn, msg, seat=None, watching=True)
            self.log(f"{conn.name} watches ({conn.peer})")
            self.inform(f"{conn.name} is watching.", skip=conn)
            self._broadcast_lobby()
            if self.started:
                self.send_state(conn)
            return
        wanted = msg.get("seat")
        if wanted is None and self.started:
            self.server.refuse(conn, "started", "the game has begun and every seat is taken; "
                               "join --rejoin to take your seat back, or --watch to watch",
                               fatal=True)
            return
        seat = None
        if wanted is not None:
            seat, problem = self._free_seat(wanted)
            if seat is None:
                self.server.refuse(conn, problem[0], problem[1], fatal=True)
                return
        token = self._new_token(seat) if seat is not None else None
        self._enter(conn, msg, seat=seat, token=token)
        if seat is None:
            self.log(f"{conn.name} is in the lobby ({conn.peer})")
            self.inform(f"{conn.name} joined the lobby.", skip=conn)
            self._broadcast_lobby()
            return
        self._sit(conn, seat, reply=None)

    def _enter(self, conn: Conn, msg: dict[str, Any], seat: str | None,
               watching: bool = False, token: str | None = None) -> None:
        conn.room, conn.watching, conn.game_no = self, watching, self.game_no
        taken = {c.name for c in self.members if c is not conn}
        base = clean_text(msg.get("name") or "", MAX_NAME) or (seat or "guest")
        if msg.get("token") is not None:
            info = self.seats.get(self.tokens.get(msg["token"], ""))
            base = clean_text(msg.get("name") or "", MAX_NAME) or (info.player if info else base)
        name, n = base, 1
        while name in taken:
            n += 1
            name = f"{base} {n}"
        conn.name = name
        self.members.add(conn)
        if msg.get("token") is None:
            conn.send(self._welcome(conn, seat, token, rejoin=False))

    def _welcome(self, conn: Conn, seat: str | None, token: str | None, rejoin: bool) -> dict[str, Any]:
        return {"type": "welcome", "version": conn.version, "game": self.spec.name,
                "title": self.spec.title_for(self.cfg.variant), "table": self.name, "game_no": self.game_no,
                "seat": seat, "name": conn.name, "token": token, "rejoin": rejoin,
                "watching": conn.watching, "started": self.started,
                "grace": self.cfg.grace, "on_disconnect": self.cfg.on_disconnect,
                "seats": self.public_seats()}

    def _free_seat(self, wanted: str) -> tuple[str | None, tuple[str, str]]:
        free = [s for s, info in self.seats.items()
                if info.kind == REMOTE and info.token is None and info.conn is None]
        if wanted == "any":
            if free:
                return free[0], ("", "")
            return None, ("table_full", "every seat is taken: " + ", ".join(
                f"{s}={self._who(s)}" for s in self.seats))
        info = self.seats.get(wanted)
        if info is None:
            return None, ("no_seat", f"there is no seat {wanted!r} (seats: {', '.join(self.seats)})")
        if info.kind != REMOTE:
            return None, ("seat_taken", f"seat {wanted} is played by the host's {info.kind} bot")
        if wanted not in free:
            return None, ("seat_taken", f"seat {wanted} is taken (free seats: {', '.join(free) or 'none'})")
        return wanted, ("", "")

    def _new_token(self, seat: str) -> str:
        """A new token for the free ``seat`` (the old one, if any, is void)."""
        token = secrets.token_urlsafe(16)
        info = self.seats[seat]
        if info.token is not None:
            self.tokens.pop(info.token, None)
        info.token = token
        self.tokens[token] = seat
        return token

    def _sit(self, conn: Conn, seat: str, reply: str | None, since: int | None = None) -> None:
        """Seat ``conn``; ``reply`` is 'welcome' (a rejoin), 'seated' (a sit) or None (the
        welcome already named the seat)."""
        info = self.seats[seat]
        rejoin = reply == "welcome"
        old = info.conn
        if old is not None and old is not conn:  # the same player on a new connection
            old.send(error("replaced", "another connection took this seat with its token"))
            old.seat, old.room = None, None
            self.members.discard(old)
            old.close()
        if info.timer is not None:
            info.timer.cancel()
            info.timer = None
        had_bot = info.abandoned
        info.conn, info.abandoned = conn, False
        info.player = conn.name
        conn.seat, conn.watching, conn.errors = seat, False, 0
        if reply == "welcome":
            conn.send(self._welcome(conn, seat, info.token, rejoin=True))
        elif reply == "seated":
            conn.send({"type": "seated", "seat": seat, "token": info.token})
        self._save_tokens()
        verb = "rejoined" if rejoin else "sat down"
        self.log(f"{seat} {verb} ({conn.name}, {conn.peer})")
        note = " and takes back the seat from the bot" if had_bot else ""
        self.inform(f"{conn.name} {'is back' if rejoin else 'sits'} at {seat}{note}.", skip=conn)
        self._broadcast_lobby()
        if self.started:
            self.send_state(conn, since)
            self._poke()
        else:
            self._maybe_start()

    def sit(self, conn: Conn, wanted: str) -> None:
        """A lobby member takes (or changes) a seat."""
        if self.started:
            self.server.refuse(conn, "started", "the game has begun; seats are taken")
            return
        if conn.seat is not None and conn.seat == wanted:
            self.server.refuse(conn, "seat_taken", f"you already sit at {wanted}")
            return
        seat, problem = self._free_seat(wanted)
        if seat is None:
            self.server.refuse(conn, *problem)
            return
        if conn.seat is not None:
            self._free(conn)
        self._new_token(seat)
        self._sit(conn, seat, reply="seated")

    def stand(self, conn: Conn) -> None:
        if self.started:
            self.server.refuse(conn, "started", "the game has begun; leave with bye")
            return
        if conn.seat is None:
            self.server.refuse(conn, "not_seated", "you have no seat")
            return
        seat = conn.seat
        self._free(conn)
        conn.send({"type": "seated", "seat": None, "token": None})
        self.inform(f"{conn.name} stood up; {seat} is free.", skip=conn)
        self._broadcast_lobby()

    def _free(self, conn: Conn) -> None:
        seat = conn.seat
        if seat is None:
            return
        info = self.seats[seat]
        if info.token is not None:
            self.tokens.pop(info.token, None)
        info.token, info.conn, info.player = None, None, ""
        conn.seat = None
        self._save_tokens()

    def start(self, fill: bool) -> str:
        """Begin the game now; with ``fill`` the empty seats go to bots. A sentence saying so."""
        if self.started or self.over or self.table is None:
            return "the game has already begun" if self.started else "no game is waiting"
        empty = [s for s, info in self.seats.items() if info.kind == REMOTE and info.conn is None]
        if empty and not fill:
            return f"waiting for players: {', '.join(empty)}"
        for seat in empty:
            info = self.seats[seat]
            info.kind, info.token, info.player = self.cfg.fill, None, ""
            self.kinds[seat] = self.cfg.fill
            self.tokens = {t: s for t, s in self.tokens.items() if s != seat}
        if empty:
            self.inform(f"The host gives {', '.join(empty)} to {self.cfg.fill} bots.")
        self._begin()
        return f"game {self.game_no} begins"

    def _maybe_start(self) -> None:
        if self.started or self.over or self.table is None:
            return
        if any(info.kind == REMOTE and info.conn is None for info in self.seats.values()):
            return
        self._begin()

    def _begin(self) -> None:
        table = self.table
        assert table is not None
        self.started = True
        self._make_bots()
        table.record.seats = dict(self.kinds)
        self._open_record()
        self._save_tokens()
        self.log("begins (" + " ".join(f"{s}={self._who(s)}" for s in self.seats) + ")")
        for conn in list(self.members):
            if conn.seat is None:
                conn.watching = True
        self.inform(f"Game {self.game_no} begins.")
        self._broadcast_lobby()
        for conn in list(self.members):
            self.send_state(conn)
        self._poke()

    # -- leaving and coming back -------------------------------------------------------------------
    def left(self, conn: Conn) -> None:
        self.members.discard(conn)
        seat = conn.seat
        if conn.game_no != self.game_no or self.over:
            return
        if seat is None:
            self.inform(f"{conn.name} left.")
            self._broadcast_lobby()
            return
        info = self.seats[seat]
        if info.conn is not conn:
            return
        info.conn = None
        if not self.started:  # before the game the seat is simply free again
            self._free(conn)
            self.log(f"{seat} left ({conn.name}); the seat is free")
            self.inform(f"{conn.name} left; {seat} is free again.")
            self._broadcast_lobby()
            return
        self.log(f"{seat} lost its connection ({conn.name})")
        self._away(seat)
        self._broadcast_lobby()

    def _away(self, seat: str, wait: float | None = None) -> None:
        """A started game's remote seat has no connection: wait (``--grace``, or ``wait``
        seconds), then hand it to a bot (or pause)."""
        info = self.seats[seat]
        who = info.player or seat
        if self.cfg.on_disconnect == "pause":
            self.inform(f"{who} ({seat}) is not connected; the table waits for them to come back.")
            self._resend_paused()
            return
        wait = self.cfg.grace if wait is None else wait
        self.inform(f"{who} ({seat}) is not connected; a bot decides for {seat} if they are not "
                    f"back in {wait:g} s.")
        loop = asyncio.get_running_loop()
        info.timer = loop.call_later(wait, self._expire, seat, self.game_no)

    def _resend_paused(self) -> None:
        """Everyone learns that the table is waiting (a state with ``paused``)."""
        if self._paused_text() is None:
            return
        for conn in list(self.members):
            self._send_state(conn, [])

    def _expire(self, seat: str, game_no: int) -> None:
        info = self.seats.get(seat)
        if game_no != self.game_no or self.over or info is None or info.conn is not None:
            return
        self.hand_to_bot(seat)

    def hand_to_bot(self, seat: str) -> str:
        info = self.seats.get(seat)
        if info is None or not self.started or self.over:
            return f"no seat {seat!r} in a game in progress"
        if info.kind != REMOTE or info.conn is not None:
            return f"{seat} is not waiting for a player"
        if info.timer is not None:
            info.timer.cancel()
        info.timer, info.abandoned = None, True
        self.log(f"{seat} is not back; a {self.cfg.fill} bot decides for it")
        self.inform(f"A bot now decides for {seat} until {info.player or 'its player'} rejoins.")
        self._broadcast_lobby()
        self._poke()
        return f"a bot decides for {seat}"

    # -- messages from seated players, spectators, the lobby ---------------------------------------
    def move(self, conn: Conn, msg: dict[str, Any]) -> bool:
        seat = conn.seat
        if seat is None:
            self.server.refuse(conn, "not_seated", "you watch this game; only seated players move")
            return False
        if msg.get("seat") not in (None, seat):
            self.server.refuse(conn, "not_your_seat", f"you sit at {seat}, not {msg['seat']}")
            return False
        if not self.started:
            self.server.refuse(conn, "not_started", self._waiting_text())
            return False
        if self.over or self.table is None or self.table.outcome() is not None:
            self.server.refuse(conn, "game_over", "the game is over")
            return False
        actor = self._actor()
        if seat != actor:
            self.server.refuse(conn, "not_your_turn", "it is not your decision now (waiting for "
                               f"{actor or 'nobody'})")
            return False
        if "seq" in msg and msg["seq"] != self.table.seq:
            self.server.refuse(conn, "stale", f"that move answers position {msg['seq']}, but the "
                               f"game is at {self.table.seq}; look at the board again")
            return False
        return self._apply(seat, msg["move"], conn)

    def chat(self, conn: Conn, text: str) -> None:
        text = clean_text(text, 300)
        if not text:
            return
        if not conn.take_chat():
            self.server.refuse(conn, "chat_flood", "you are chatting too fast; wait a moment")
            return
        data = encode({"type": "chat", "from": conn.name, "seat": conn.seat, "text": text})
        for member in list(self.members):
            member.send_raw(data)

    def sync(self, conn: Conn) -> None:
        if self.started and not self.over:
            self.send_state(conn)
        else:
            conn.send(self.lobby())

    # -- the end ----------------------------------------------------------------------------------------
    def _finish(self) -> None:
        table = self.table
        assert table is not None
        self.over = True
        out = table.outcome()
        outcome = out.to_json() if out else {"winners": [], "reason": "", "scores": {}}
        winners = " ".join(outcome["winners"]) or "nobody"
        self._write_result()
        self._close_record()
        message: dict[str, Any] = {"type": "over", "game_no": self.game_no, "seq": table.seq,
                                   "outcome": outcome}
        if self.cfg.share_record:
            message["record"] = table.record_text()
        self.finished = {info.token: message for info in self.seats.values() if info.token}
        for info in self.seats.values():
            if info.timer is not None:
                info.timer.cancel()
                info.timer = None
            info.conn = None
        data = encode(message)
        for conn in list(self.members):
            conn.send_raw(data)
            conn.hangup = True
            conn.close()
        self.members.clear()
        where = f"; record saved to {self.record_path}" if self.record_path and not self.save_failed else ""
        self.log(f"over: result {winners} ({outcome['reason']}){where}")

    # -- the record and the tokens on disk ------------------------------------------------------------
    def _path_for(self, n: int) -> str | None:
        path = self.cfg.save
        if not path:
            return None
        if len(self.server.rooms) > 1:
            root, ext = os.path.splitext(path)
            path = f"{root}-{self.name}{ext}"
        if n > 1:
            root, ext = os.path.splitext(path)
            path = f"{root}-{n}{ext}"
        return path

    def _open_record(self) -> None:
        """Write the record's header; moves are appended (and flushed) as they are played."""
        self._close_record()
        self.result_written = False
        if not self.record_path or self.table is None:
            return
        try:
            fd = os.open(self.record_path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
            self.record_file = os.fdopen(fd, "w", encoding="utf-8")
            self.record_file.write(format_record(self.table.record))
            self.record_file.flush()
        except OSError as exc:
            self._save_error(exc)

    def _write_result(self) -> None:
        out = self.table.outcome() if self.table is not None else None
        if out is not None and self.record_file is not None and not self.result_written:
            self.result_written = True
            self._append(f"result {' '.join(out.winners) or 'nobody'}\n")

    def _append(self, text: str) -> None:
        if self.record_file is None:
            return
        try:
            self.record_file.write(text)
            self.record_file.flush()
        except (OSError, ValueError) as exc:
            self._save_error(exc)

    def _close_record(self) -> None:
        if self.record_file is not None:
            with contextlib.suppress(OSError, ValueError):
                self.record_file.close()
            self.record_file = None

    def _save_error(self, exc: Exception) -> None:
        if not self.save_failed:
            self.server.log(f"cannot write the record {self.record_path}: "
                            f"{getattr(exc, 'strerror', None) or exc}")
            self.save_failed = True
        self.record_file = None

    def _save_tokens(self) -> None:
        if not self.record_path or not self.started:
            return
        data = {"game": self.spec.name, "game_no": self.game_no,
                "seats": {s: {"token": info.token, "name": info.player}
                          for s, info in self.seats.items() if info.token}}
        try:
            _write_private(f"{self.record_path}.seats.json", json.dumps(data, indent=1) + "\n")
        except OSError as exc:
            self._save_error(exc)

    # -- helpers -----------------------------------------------------------------------------------------
    def _poke(self) -> None:
        self.changed.set()

    def _who(self, seat: str) -> str:
        info = self.seats[seat]
        if info.kind != REMOTE:
            return f"{info.kind} bot"
        return info.player or ("free" if info.token is None else "taken")


class Server:
    """The listening socket, the connections and the rooms (tables) they play at."""

    def __init__(self, spec: GameSpec, *, bind: str, port: int, rooms: dict[str, RoomConfig],
                 password: str | None = None, idle: float = IDLE,
                 hello_timeout: float = HELLO_TIMEOUT, out: TextIO | None = None,
                 console: bool = False) -> None:
        self.spec, self.bind, self.port = spec, bind, port
        self.password = password or None
        self.idle, self.hello_timeout = idle, hello_timeout
        self.out = out or sys.stdout
        self.console = console
        self.conns: set[Conn] = set()
        self.tasks: set[asyncio.Task] = set()
        self.quit = asyncio.Event()
        self.configs = rooms
        self.secret = new_seed()  # the games' seeds come from it (or from --seed)
        self.rooms: dict[str, Room] = {}

    # -- output ----------------------------------------------------------------------------------
    def log(self, text: str) -> None:
        try:
            print(text, file=self.out, flush=True)
        except (OSError, ValueError):
            pass

    def _loop_error(self, loop: asyncio.AbstractEventLoop, context: dict[str, Any]) -> None:
        exc = context.get("exception")
        print(f"host: {context.get('message', 'error')}" + (f": {exc!r}" if exc else ""),
              file=sys.stderr, flush=True)

    # -- running -----------------------------------------------------------------------------------
    async def run(self) -> int:
        loop = asyncio.get_running_loop()
        loop.set_exception_handler(self._loop_error)
        self.rooms = {name: Room(self, name, cfg) for name, cfg in self.configs.items()}
        try:
            server = await asyncio.start_server(self._serve, self.bind, self.port, limit=MAX_LINE,
                                                backlog=1024)
        except OSError as exc:
            raise GameError(f"cannot listen on {self.bind}:{self.port}: {exc.strerror or exc}") from None
        port = server.sockets[0].getsockname()[1]
        first = next(iter(self.rooms.values()))
        self.log(f"{self.spec.title_for(first.cfg.variant)} host listening on {self.bind}:{port}")
        for address in join_addresses(self.bind):
            self.log(f"players join with: {self.spec.name} join {address}:{port}")
        if self.password:
            self.log("a password is needed to join (join --password)")
        self.log("seats: " + " ".join(f"{s}={k}" for s, k in first.cfg.kinds.items()))
        if self.console:
            self._console(loop)
        beat = asyncio.create_task(self._heartbeat())
        quiet_gc()
        try:
            games = asyncio.gather(*(room.run() for room in self.rooms.values()))
            stop = asyncio.create_task(self.quit.wait())  # the console's 'quit'
            await asyncio.wait([stop, games], return_when=asyncio.FIRST_COMPLETED)
            stop.cancel()
            if games.done():
                games.result()  # a table's error (a bad --resume, say) is the host's
            else:
                games.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await games
        finally:
            beat.cancel()
            server.close()
            for conn in list(self.conns):
                conn.close()
            if self.tasks:
                await asyncio.wait(list(self.tasks), timeout=2.0)
        return 0

    async def _serve(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        conn = Conn(self, reader, writer)
        if len(self.conns) >= MAX_CONNECTIONS:
            conn.send(error("busy", f"the host has {MAX_CONNECTIONS} connections already; try later"))
            conn.close()
            return
        keepalive(writer.get_extra_info("socket"))
        task = asyncio.current_task()
        if task is not None:
            self.tasks.add(task)
        self.conns.add(conn)
        try:
            await self._read(conn)
        except Exception as exc:  # the host never dies of one client
            self.log(f"{conn.label}: internal error: {exc!r}")
        finally:
            self.conns.discard(conn)
            if conn.room is not None:
                try:
                    conn.room.left(conn)
                except Exception as exc:
                    self.log(f"{conn.label}: internal error while leaving: {exc!r}")
            conn.close()
            if task is not None:
                self.tasks.discard(task)

    async def _read(self, conn: Conn) -> None:
        reader = conn.reader
        while not conn.closed and not conn.hangup:
            try:
                line = await reader.readline()
            except ValueError:  # longer than the limit
                self.refuse(conn, "too_long", f"a message may be at most {MAX_LINE} bytes; "
                            "closing the connection", fatal=True)
                break
            except OSError:
                return
            if not line.endswith(b"\n"):  # the end of the stream (and a cut-off message)
                return
            conn.heard, conn.pinged = time.monotonic(), False
            if not line.strip():
                continue
            try:
                self._on_line(conn, line)
            except Exception as exc:  # a bug here must not end the game
                self.log(f"{conn.label}: internal error: {exc!r}")
                conn.send(error("internal", "the host failed on that message; the game goes on"))
            if conn.delayed is not None:
                await asyncio.sleep(PASSWORD_DELAY)
                conn.send(conn.delayed)
                conn.delayed = None
        if conn.hangup and not conn.closed:
            await self._linger(conn)

    async def _linger(self, conn: Conn) -> None:
        """After a fatal error: the reply is sent, then input is drained until the peer hangs up,
        so closing does not reset the connection before the reply is read."""
        if conn.room is not None:  # no more broadcasts to a connection on its way out
            conn.room.members.discard(conn)
        conn.eof = True
        with contextlib.suppress(Exception):
            if conn.writer.can_write_eof():
                conn.writer.write_eof()
        with contextlib.suppress(Exception):
            async with asyncio.timeout(LINGER):
                while await conn.reader.read(65536):
                    pass

    async def _heartbeat(self) -> None:
        """Ping connections that went quiet; hang up on those that stay silent (half-open)."""
        step = max(0.05, min(self.idle, self.hello_timeout) / 4)
        ping = encode({"type": "ping"})
        while True:
            await asyncio.sleep(step)
            now = time.monotonic()
            for conn in list(self.conns):
                if conn.closed or conn.hangup:
                    continue
                if conn.room is None and now - conn.opened > self.hello_timeout:
                    self.refuse(conn, "no_hello", f"no accepted hello within "
                                f"{self.hello_timeout:g} s; closing the connection", fatal=True)
                    conn.close()
                elif now - conn.heard > 2 * self.idle:
                    self.refuse(conn, "idle", f"nothing heard for {2 * self.idle:g} s; closing "
                                "the connection", fatal=True)
                    conn.close()
                elif now - conn.heard > self.idle and not conn.pinged:
                    conn.pinged = True
                    conn.send_raw(ping)

    # -- messages ------------------------------------------------------------------------------------
    def refuse(self, conn: Conn, code: str, message: str, fatal: bool = False) -> None:
        """Answer one message with one error. Malformed messages count towards MAX_ERRORS and
        are logged; a refused move is the player's business (its text may name their cards)."""
        conn.send(error(code, message))
        if code in GAME_REFUSALS and not fatal:
            return
        conn.errors += 1
        self.log(f"{conn.label}: refused ({code}): {message}")
        if fatal or conn.errors >= MAX_ERRORS:
            if not fatal:
                conn.send(error("too_many_errors", f"{MAX_ERRORS} malformed messages in a row; "
                                "closing the connection"))
            conn.hangup = True

    def _on_line(self, conn: Conn, line: bytes) -> None:
        if not conn.take():
            conn.flooded += 1
            if conn.flooded == 1:
                conn.send(error("flood", f"too many messages (more than {RATE:g} a second); "
                                "ignoring them until you slow down"))
            if conn.flooded >= FLOOD_LIMIT:
                self.refuse(conn, "flood", f"{FLOOD_LIMIT} messages ignored; closing the "
                            "connection", fatal=True)
            return
        conn.flooded = 0
        try:
            message = decode_client(line)
        except ProtocolError as exc:
            self.refuse(conn, exc.code, exc.message)
            return
        conn.errors = 0  # MAX_ERRORS counts malformed messages in a row
        kind = message["type"]
        room = conn.room
        if kind == "ping":
            conn.send({"type": "pong"})
        elif kind == "pong":
            conn.rate_limit.give_back()  # answers to our pings are free
        elif kind == "hello":
            self._hello(conn, message)
        elif room is None:
            self.refuse(conn, "no_hello", "say hello first, e.g. "
                        f'{{"type": "hello", "version": {PROTOCOL_VERSION}, "game": "{self.spec.name}"}}')
        elif kind == "move":
            if room.move(conn, message):
                conn.rate_limit.give_back()  # accepted moves are free
        elif kind == "chat":
            room.chat(conn, message["text"])
        elif kind == "sit":
            room.sit(conn, message["seat"])
        elif kind == "stand":
            room.stand(conn)
        elif kind == "sync":
            room.sync(conn)
        elif kind == "bye":
            conn.hangup = True

    def _hello(self, conn: Conn, msg: dict[str, Any]) -> None:
        offered = list(msg.get("versions") or []) + [msg["version"]]
        version = negotiate(offered)
        if version is None:
            self.refuse(conn, "version", "protocol version mismatch: this host speaks version "
                        f"{versions_text(SUPPORTED_VERSIONS)}, the client {versions_text(offered)}; "
                        "use the same release on both sides", fatal=True)
            return
        if msg["game"] != self.spec.name:
            self.refuse(conn, "wrong_game", f"this host plays {self.spec.title} ({self.spec.name}), "
                        f"not {clean_text(msg['game'], 40)!r}", fatal=True)
            return
        if conn.room is not None:
            self.refuse(conn, "already_joined", "you have already said hello on this connection")
            return
        if self.password and msg.get("token") is None:
            given = (msg.get("password") or "").encode("utf-8")
            if not hmac.compare_digest(given, self.password.encode("utf-8")):
                conn.errors += 1
                self.log(f"{conn.peer}: refused (password): wrong or missing password")
                conn.delayed = error("password", "wrong or missing password (join --password)")
                conn.hangup = True
                return
        name = msg.get("table")
        room = self.rooms.get(name) if name is not None else next(iter(self.rooms.values()))
        if room is None:
            self.refuse(conn, "no_table", f"there is no table {clean_text(name, 40)!r} (tables: "
                        f"{', '.join(list(self.rooms)[:10])}{'…' if len(self.rooms) > 10 else ''})",
                        fatal=True)
            return
        conn.version = version
        room.hello(conn, msg)

    # -- the host's own terminal ---------------------------------------------------------------------
    def _console(self, loop: asyncio.AbstractEventLoop) -> None:
        """Commands typed at the host: start, who, say TEXT, bot SEAT, help."""

        def read() -> None:
            for line in sys.stdin:
                loop.call_soon_threadsafe(self.command, line.strip())

        if sys.stdin is None:
            return
        if sys.stdin.isatty():
            self.log("type 'start' to give empty seats to bots and begin, 'help' for more")
        threading.Thread(target=read, name="host-console", daemon=True).start()

    def command(self, text: str) -> None:
        word, _, rest = text.partition(" ")
        room = next(iter(self.rooms.values()), None)
        if room is None or not word:
            return
        if word == "start":
            self.log(room.start(fill=True))
        elif word in ("who", "seats"):
            lobby = room.lobby()
            self.log(lobby["waiting"])
            for seat, info in lobby["seats"].items():
                state = "connected" if info["connected"] else "not connected"
                self.log(f"  {seat}: {info['name'] or info['kind']} ({state}{', bot decides' if info['bot'] else ''})")
            watchers = [p["name"] for p in lobby["people"] if p["seat"] is None]
            if watchers:
                self.log(f"  watching or in the lobby: {', '.join(watchers)}")
        elif word == "say" and rest:
            data = encode({"type": "chat", "from": "host", "seat": None, "text": clean_text(rest, 300)})
            for conn in list(room.members):
                conn.send_raw(data)
        elif word == "bot" and rest:
            self.log(room.hand_to_bot(rest.strip()))
        elif word in ("quit", "exit", "stop"):
            self.log("stopping the host" + ("; host --resume FILE goes on with a saved game"
                                            if any(r.cfg.save for r in self.rooms.values()) else ""))
            stopped = encode(error("stopped", "the host stopped the game"))
            for conn in list(self.conns):  # told, so that no client tries to rejoin
                conn.send_raw(stopped)
            self.quit.set()
        else:
            unknown = "" if word in ("help", "?") else f"unknown command {word!r}; "
            self.log(f"{unknown}commands: start (empty seats to bots, begin) · who · say TEXT · "
                     "bot SEAT (a bot decides for a player who left) · quit (stop hosting; "
                     "Ctrl-C too)")


def quiet_gc() -> None:
    """Make the cyclic garbage collector pause the host rarely.

    Every connection holds the last view it was sent, so a busy host keeps hundreds of
    thousands of small dicts and lists alive. With the default thresholds the collector walks
    them many times a second, for milliseconds each time: that, not the game, was most of a
    loaded host's worst move round trips (measured with ``bench --net``). Game data is trees,
    freed by reference counting; only the odd cycle (asyncio's, an exception's) needs the
    collector, and it can wait. The objects made at start-up (modules, card catalogues) are
    moved out of its way for good."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(GC_YOUNG, 20, 10)


def join_addresses(bind: str) -> list[str]:
    """How players on the LAN reach this host: the addresses of this machine's interfaces
    (read locally; nothing is sent anywhere)."""
    if bind not in ("", "0.0.0.0", "::"):
        return [f"[{bind}]" if ":" in bind else bind]
    found: list[str] = []
    with contextlib.suppress(OSError, ImportError):
        import fcntl
        import struct

        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
            for _, name in socket.if_nameindex():
                with contextlib.suppress(OSError):
                    packed = fcntl.ioctl(s.fileno(), 0x8915,  # SIOCGIFADDR
                                         struct.pack("256s", name[:15].encode()))
                    address = socket.inet_ntoa(packed[20:24])
                    if not address.startswith("127.") and address not in found:
                        found.append(address)
    with contextlib.suppress(OSError):
        for info in socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET):
            address = str(info[4][0])
            if not address.startswith("127.") and address not in found:
                found.append(address)
    return found or [socket.gethostname()]


def serve(spec: GameSpec, *, port: int = 4747, bind: str = "0.0.0.0", seats: str | None = None,
          seed: int | None = None, variant: str | None = None, games: int | None = None,
          think: float | None = 0.5, save: str | None = None, options: dict[str, str] | None = None,
          grace: float | None = None, on_disconnect: str = "bot", password: str | None = None,
          resume: str | None = None, fill: str | None = None, share_record: bool = False,
          tables: int = 1, idle: float | None = None, out: TextIO | None = None) -> int:
    """Host games until ``games`` have been played (forever if None); the exit code."""
    rules = spec.rules
    options = dict(options or {})
    variant = variant or spec.variants[0]
    if not 0 <= port <= 65535:
        raise GameError(f"--port must be between 0 and 65535, not {port}")
    if games is not None and games < 1:
        raise GameError(f"--games must be at least 1, not {games}")
    if think is not None and think <= 0:
        raise GameError(f"--think must be more than 0 seconds, not {think:g}")
    if grace is not None and grace < 0:
        raise GameError(f"--grace must be 0 seconds or more, not {grace:g}")
    if idle is not None and idle <= 0:
        raise GameError(f"--idle must be more than 0 seconds, not {idle:g}")
    if on_disconnect not in ("bot", "pause"):
        raise GameError(f"--on-disconnect must be 'bot' or 'pause', not {on_disconnect!r}")
    if not 1 <= tables <= 1000:
        raise GameError(f"--tables must be between 1 and 1000, not {tables}")
    if resume and tables != 1:
        raise GameError("--resume continues one table; leave out --tables")
    bot_kinds = BOT_KINDS + tuple(getattr(rules, "bot_kinds", {}) or {})
    if fill is None:
        fill = next(iter(getattr(rules, "bot_kinds", {}) or {}), "random")
    if fill not in bot_kinds:
        raise GameError(f"--fill must be a bot kind ({', '.join(bot_kinds)}), not {fill!r}")
    if resume:
        from common.batch import read_record

        rec = read_record(resume)
        variant, options, save = rec.variant, dict(rec.options), resume
        games = games or 1
    else:  # a resumed game keeps its record's options; a new one may count its --seats
        options = players_from_seats(spec, seats, variant, options)
    Table(rules, seed=0, options=options, variant=variant)  # bad options fail before listening
    names = rules.seats({**options, "variant": variant})
    if seats:
        parsed = parse_seats(seats, names, (REMOTE, *bot_kinds))
        kinds = {s: REMOTE if k in (HUMAN, REMOTE) else k for s, k in parsed.items()}
    else:
        kinds = {s: REMOTE for s in names}
    grace = grace_seconds() if grace is None else grace
    configs: dict[str, RoomConfig] = {}
    for i in range(tables):
        configs["main" if tables == 1 else f"t{i + 1}"] = RoomConfig(
            kinds=kinds, seed=seed, variant=variant,
            options=options, games=games, think=think, save=save, grace=grace,
            on_disconnect=on_disconnect, fill=fill, share_record=share_record, resume=resume)
    server = Server(spec, bind=bind, port=port, rooms=configs, password=password,
                    idle=IDLE if idle is None else idle, out=out,
                    console=True)
    return asyncio.run(server.run())
