"""The network host: one ``Table``, any number of TCP clients, newline-delimited JSON.

The host is the only authority. A client sends move text; the host checks it with the Table
and sends every client only what its own seat may know: its view, its legal moves, the
narration of the events it may learn of, and errors in reply to its own messages. The record
(which names the seed, and so the deck order) leaves the host only in the ``over`` message,
once the game has ended. docs/protocol.md describes every message.

Seats are 'remote' (a player joins over the network) or a bot kind (the host plays them).
A remote player who drops keeps the seat for a grace period; after it, a random bot decides
for that seat until the player rejoins with the seat token, so the table never blocks.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import secrets
import socket
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TextIO

from common.bots import BOT_KINDS, Bot, bot_move, make_bot
from common.engine import GameError, Move
from common.net.protocol import (
    MAX_ERRORS,
    MAX_LINE,
    PROTOCOL_VERSION,
    ProtocolError,
    decode_client,
    encode,
    error,
    grace_seconds,
    keepalive,
)
from common.spec import HUMAN, GameSpec, parse_seats
from common.table import Table

REMOTE = "remote"
MAX_BUFFER = 1 << 20  # bytes queued for a client that does not read, before it is dropped
# refusals of well-formed messages: a player may make any number of these
GAME_REFUSALS = frozenset({"illegal", "not_your_turn", "not_your_seat", "stale", "not_started",
                           "game_over", "already_seated"})
HELLO_TIMEOUT = 60.0  # seconds a connection may stay without a seat
LINGER = 1.0  # seconds to drain a client's input after a fatal error, so the reply arrives


class Client:
    """One TCP connection. ``seat`` is set once its hello was accepted."""

    def __init__(self, host: Host, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.host, self.reader, self.writer = host, reader, writer
        peer = writer.get_extra_info("peername")
        self.peer = f"{peer[0]}:{peer[1]}" if isinstance(peer, tuple) and len(peer) >= 2 else "?"
        self.seat: str | None = None
        self.name = ""
        self.game_no = 0
        self.errors = 0  # refused messages in a row
        self.hangup = False  # stop reading; the connection ends after a short linger
        self.closed = False

    @property
    def label(self) -> str:
        return f"{self.seat} ({self.name})" if self.seat else self.peer

    def send(self, message: dict[str, Any]) -> None:
        if self.closed:
            return
        transport = self.writer.transport
        if transport.is_closing():
            self.closed = True
            return
        if transport.get_write_buffer_size() > MAX_BUFFER:
            self.host.log(f"{self.label} does not read its messages; hanging up")
            self.close()
            return
        self.writer.write(encode(message))

    def close(self) -> None:
        if not self.closed:
            self.closed = True
            with contextlib.suppress(Exception):
                self.writer.close()


@dataclass
class Seat:
    name: str
    kind: str  # REMOTE or a bot kind
    client: Client | None = None
    player: str = ""
    token: str | None = None
    abandoned: bool = False  # its player left and the grace period ran out: a bot decides
    timer: asyncio.TimerHandle | None = None


class Host:
    def __init__(self, spec: GameSpec, *, bind: str, port: int, kinds: dict[str, str],
                 seed: int | None, variant: str, games: int | None, think: float | None,
                 save: str | None, options: dict[str, str], grace: float,
                 out: TextIO | None = None) -> None:
        self.spec, self.rules = spec, spec.rules
        self.bind, self.port, self.kinds = bind, port, kinds
        self.seed, self.variant, self.games, self.think = seed, variant, games, think
        self.save_path, self.options, self.grace = save, options, grace
        self.out = out or sys.stdout
        self.clients: set[Client] = set()
        self.tasks: set[asyncio.Task] = set()
        self.game_no = 0
        self.game_seed = 0
        self.table: Table | None = None
        self.seats: dict[str, Seat] = {}
        self.tokens: dict[str, str] = {}
        self.bots: dict[str, Bot] = {}
        self.started = False
        self.over = False
        self.finished: dict[str, dict[str, Any]] = {}  # token -> 'over' message of the last game
        self.changed: asyncio.Event | None = None
        self.save_failed = False

    # -- output ------------------------------------------------------------------------------
    def log(self, text: str) -> None:
        try:
            print(text, file=self.out, flush=True)
        except (OSError, ValueError):
            pass

    def _loop_error(self, loop: asyncio.AbstractEventLoop, context: dict[str, Any]) -> None:
        exc = context.get("exception")
        print(f"host: {context.get('message', 'error')}" + (f": {exc!r}" if exc else ""),
              file=sys.stderr, flush=True)

    # -- the server ----------------------------------------------------------------------------
    async def run(self) -> int:
        asyncio.get_running_loop().set_exception_handler(self._loop_error)
        self.changed = asyncio.Event()
        try:
            server = await asyncio.start_server(self._serve_client, self.bind, self.port,
                                                limit=MAX_LINE)
        except OSError as exc:
            raise GameError(f"cannot listen on {self.bind}:{self.port}: {exc.strerror or exc}") from None
        port = server.sockets[0].getsockname()[1]
        shown = self.bind
        if self.bind in ("", "0.0.0.0", "::"):
            shown = socket.gethostname()
        elif ":" in shown:
            shown = f"[{shown}]"
        self.log(f"{self.spec.title} host listening on {self.bind}:{port}")
        self.log(f"players join with: {self.spec.name} join {shown}:{port}")
        self.log("seats: " + " ".join(f"{s}={k}" for s, k in self.kinds.items()))
        try:
            while self.games is None or self.game_no < self.games:
                await self._play_game()
        finally:
            server.close()
            for client in list(self.clients):
                client.close()
            if self.tasks:
                await asyncio.wait(list(self.tasks), timeout=2.0)
        return 0

    async def _serve_client(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        client = Client(self, reader, writer)
        keepalive(writer.get_extra_info("socket"))
        task = asyncio.current_task()
        if task is not None:
            self.tasks.add(task)
        self.clients.add(client)
        try:
            await self._read(client)
        except Exception as exc:  # the host never dies of one client
            self.log(f"{client.label}: internal error: {exc!r}")
        finally:
            self.clients.discard(client)
            try:
                self._left(client)
            except Exception as exc:
                self.log(f"{client.label}: internal error while leaving: {exc!r}")
            client.close()
            if task is not None:
                self.tasks.discard(task)

    async def _read(self, client: Client) -> None:
        reader = client.reader
        while not client.closed and not client.hangup:
            try:
                if client.seat is None:
                    async with asyncio.timeout(HELLO_TIMEOUT):
                        line = await reader.readline()
                else:
                    line = await reader.readline()
            except TimeoutError:
                self._refuse(client, "no_hello", f"no hello within {HELLO_TIMEOUT:g} s; closing "
                             "the connection", fatal=True)
                break
            except ValueError:  # longer than the limit
                self._refuse(client, "too_long",
                             f"a message may be at most {MAX_LINE} bytes; closing the connection",
                             fatal=True)
                break
            except OSError:
                return
            if not line.endswith(b"\n"):  # the end of the stream (and a cut-off message)
                return
            if not line.strip():
                continue
            try:
                self._on_line(client, line)
            except Exception as exc:  # a bug here must not end the game
                self.log(f"{client.label}: internal error: {exc!r}")
                client.send(error("internal", "the host failed on that message; the game goes on"))
        if client.hangup and not client.closed:
            await self._linger(client)

    async def _linger(self, client: Client) -> None:
        """After a fatal error: the reply is sent, then input is drained until the peer hangs up,
        so closing does not reset the connection before the reply is read."""
        with contextlib.suppress(Exception):
            if client.writer.can_write_eof():
                client.writer.write_eof()
        with contextlib.suppress(Exception):
            async with asyncio.timeout(LINGER):
                while await client.reader.read(65536):
                    pass

    # -- messages ----------------------------------------------------------------------------------
    def _refuse(self, client: Client, code: str, message: str, fatal: bool = False) -> None:
        """Answer one message with one error. Malformed messages count towards MAX_ERRORS and
        are logged; a refused move is the player's business (its text may name their cards)."""
        client.send(error(code, message))
        if code in GAME_REFUSALS and not fatal:
            return
        client.errors += 1
        self.log(f"{client.label}: refused ({code}): {message}")
        if fatal or client.errors >= MAX_ERRORS:
            if not fatal:
                client.send(error("too_many_errors", f"{MAX_ERRORS} malformed messages in a row; "
                                  "closing the connection"))
            client.hangup = True

    def _on_line(self, client: Client, line: bytes) -> None:
        try:
            message = decode_client(line)
        except ProtocolError as exc:
            self._refuse(client, exc.code, exc.message)
            return
        client.errors = 0  # MAX_ERRORS counts malformed messages in a row
        kind = message["type"]
        if kind == "hello":
            self._hello(client, message)
        elif kind == "ping":
            client.send({"type": "pong"})
        elif client.seat is None:
            self._refuse(client, "no_hello", "say hello first, e.g. "
                         f'{{"type": "hello", "version": {PROTOCOL_VERSION}, "game": "{self.spec.name}"}}')
        elif kind == "move":
            self._move(client, message)
        elif kind == "sync":
            client.errors = 0
            if self.started and not self.over:
                self._send_state(client, [])
            else:
                self._refuse(client, "not_started", self._waiting_text())
        elif kind == "bye":
            client.hangup = True

    def _hello(self, client: Client, msg: dict[str, Any]) -> None:
        if msg["version"] != PROTOCOL_VERSION:
            self._refuse(client, "version", f"protocol version mismatch: this host speaks version "
                         f"{PROTOCOL_VERSION}, the client {msg['version']}; use the same release on both sides",
                         fatal=True)
            return
        if msg["game"] != self.spec.name:
            self._refuse(client, "wrong_game", f"this host plays {self.spec.title} ({self.spec.name}), "
                         f"not {msg['game']!r}", fatal=True)
            return
        if client.seat is not None:
            self._refuse(client, "already_seated", f"you already sit at {client.seat}")
            return
        name = (msg.get("name") or "").strip()[:40]
        token = msg.get("token")
        if token is not None:
            seat = self.tokens.get(token)
            if seat is None and token in self.finished:  # the game ended while it was away
                client.send(self.finished[token])
                client.hangup = True
                return
            if seat is None or self.over:
                self._refuse(client, "bad_token", "unknown or expired seat token (its game is over "
                             "or the host restarted)", fatal=True)
                return
            self._sit(client, seat, name or self.seats[seat].player, rejoin=True)
            return
        if self.over or self.table is None:
            self._refuse(client, "not_ready", "a game just ended; join again in a moment", fatal=True)
            return
        free = [s for s, info in self.seats.items() if info.kind == REMOTE and info.token is None]
        wanted = msg.get("seat")
        if wanted is not None:
            info = self.seats.get(wanted)
            if info is None:
                self._refuse(client, "no_seat", f"there is no seat {wanted!r} (seats: "
                             f"{', '.join(self.seats)})", fatal=True)
                return
            if info.kind != REMOTE:
                self._refuse(client, "seat_taken", f"seat {wanted} is played by the host's "
                             f"{info.kind} bot", fatal=True)
                return
            if wanted not in free:
                self._refuse(client, "seat_taken", f"seat {wanted} is taken (free seats: "
                             f"{', '.join(free) or 'none'})", fatal=True)
                return
            seat = wanted
        elif free:
            seat = free[0]
        else:
            self._refuse(client, "table_full", "every seat is taken: "
                         + ", ".join(f"{s}={self._who(s)}" for s in self.seats), fatal=True)
            return
        token = secrets.token_urlsafe(16)
        self.seats[seat].token = token
        self.tokens[token] = seat
        self._sit(client, seat, name or seat, rejoin=False)

    def _sit(self, client: Client, seat: str, name: str, rejoin: bool) -> None:
        info = self.seats[seat]
        old = info.client
        if old is not None and old is not client:  # the same player on a new connection
            old.send(error("replaced", "another connection took this seat with its token"))
            old.seat = None
            old.close()
        if info.timer is not None:
            info.timer.cancel()
            info.timer = None
        had_bot = info.abandoned
        info.client, info.player, info.abandoned = client, name, False
        client.seat, client.name, client.game_no, client.errors = seat, name, self.game_no, 0
        client.send({"type": "welcome", "version": PROTOCOL_VERSION, "game": self.spec.name,
                     "title": self.spec.title, "game_no": self.game_no, "seat": seat,
                     "name": name, "token": info.token, "rejoin": rejoin,
                     "seats": self._public_seats(), "grace": self.grace})
        verb = "rejoined" if rejoin else "joined"
        self.log(f"game {self.game_no}: {seat} {verb} ({name}, {client.peer})")
        note = " and takes back the seat from the bot" if had_bot else ""
        self._inform(f"{name} {verb} as {seat}{note}.", skip=client)
        if self.started:
            self._send_state(client, [])
            self._poke()
        else:
            self._maybe_start()
            if not self.started:
                client.send({"type": "info", "message": self._waiting_text()})

    def _move(self, client: Client, msg: dict[str, Any]) -> None:
        seat = client.seat
        assert seat is not None and self.table is not None
        if msg.get("seat") not in (None, seat):
            self._refuse(client, "not_your_seat", f"you sit at {seat}, not {msg['seat']}")
            return
        if not self.started:
            self._refuse(client, "not_started", self._waiting_text())
            return
        if self.over or self.table.outcome() is not None:
            self._refuse(client, "game_over", "the game is over")
            return
        to_move = self.table.to_move()
        if seat not in to_move:
            self._refuse(client, "not_your_turn", "it is not your decision now (waiting for "
                         f"{', '.join(to_move) or 'nobody'})")
            return
        if "seq" in msg and msg["seq"] != self.table.seq:
            self._refuse(client, "stale", f"that move answers position {msg['seq']}, but the game "
                         f"is at {self.table.seq}; look at the board again")
            return
        self._apply(seat, msg["move"], client)

    # -- the game ------------------------------------------------------------------------------------
    def _apply(self, seat: str, move: str | Move, client: Client | None) -> bool:
        table = self.table
        assert table is not None
        try:
            events = table.play(seat, move)
        except GameError as exc:
            if client is not None:
                self._refuse(client, "illegal", str(exc))
            else:
                self.log(f"game {self.game_no}: the bot's move for {seat} was refused: {exc}")
            return False
        except Exception as exc:  # e.g. a notation bug: refuse, never crash
            if client is None:
                raise
            self._refuse(client, "illegal", f"cannot read the move {move!r} ({exc!r})")
            return False
        if client is not None:
            client.errors = 0
            client.send({"type": "ack", "seq": table.seq, "move": table.record.body[-1].text})
        self._save()
        for info in self.seats.values():
            if info.client is not None:
                self._send_state(info.client, table.narrate(events, info.name))
        self._poke()
        return True

    def _send_state(self, client: Client, lines: list[str]) -> None:
        table, seat = self.table, client.seat
        assert table is not None and seat is not None
        over = table.outcome() is not None
        mine = [] if over else [d for d in table.decisions() if d.seat == seat]
        client.send({
            "type": "state", "game_no": self.game_no, "seq": table.seq, "seat": seat,
            "view": table.view(seat), "to_move": [] if over else table.to_move(),
            "decisions": [{"kind": d.kind, "required": d.required, "prompt": d.prompt} for d in mine],
            "legal": table.legal(seat) if mine else [], "events": lines,
            "seats": self._public_seats()})

    def _poke(self) -> None:
        if self.changed is not None:
            self.changed.set()

    def _new_game(self) -> None:
        self.game_no += 1
        n = self.game_no
        seed = self.seed + n - 1 if self.seed is not None else int.from_bytes(os.urandom(4), "little")
        self.game_seed = seed
        self.table = Table(self.rules, seed=seed, options=self.options, variant=self.variant,
                           seat_kinds=dict(self.kinds), keep_undo=False)
        self.seats = {s: Seat(s, k) for s, k in self.kinds.items()}
        self.tokens = {}
        self.bots = {s: make_bot(k, self.rules, seed=seed + 1 + i, think=self.think)
                     for i, (s, k) in enumerate(self.kinds.items()) if k != REMOTE}
        self.started = self.over = False
        self.save_failed = False
        self._save()
        self.log(f"game {n}: {self._waiting_text()}" if any(k == REMOTE for k in self.kinds.values())
                 else f"game {n}: bots only")

    async def _play_game(self) -> None:
        self._new_game()
        table, changed = self.table, self.changed
        assert table is not None and changed is not None
        self._maybe_start()
        while table.outcome() is None:
            changed.clear()
            if self.started and await self._bot_turn():
                continue
            if table.outcome() is None:
                await changed.wait()
        self._finish()

    def _bot_plays(self, seat: str) -> bool:
        info = self.seats[seat]
        return info.kind != REMOTE or (info.abandoned and info.client is None)

    def _bot_for(self, seat: str) -> Bot:
        if seat not in self.bots:  # a stand-in for a player who left
            self.bots[seat] = make_bot("random", self.rules,
                                       seed=self.game_seed + 101 + list(self.seats).index(seat))
        return self.bots[seat]

    async def _bot_turn(self) -> bool:
        """Let one bot-controlled seat decide; False when no bot has a decision now."""
        table = self.table
        assert table is not None
        seat = next((d.seat for d in table.decisions() if self._bot_plays(d.seat)), None)
        if seat is None:
            return False
        legal = table.legal_moves(seat)
        if not legal:
            self.log(f"game {self.game_no}: {seat} must decide but has no legal move")
            return False
        bot, seq = self._bot_for(seat), table.seq
        view = json.loads(json.dumps(table.view(seat))) if bot.needs_view else {}
        move = await asyncio.to_thread(bot_move, bot, self.rules, view, seat, legal)
        if table is not self.table or table.seq != seq or not self._bot_plays(seat):
            return True  # the game moved on while the bot thought: look again
        return self._apply(seat, move, None)

    def _maybe_start(self) -> None:
        if self.started or self.over:
            return
        if any(info.kind == REMOTE and info.client is None for info in self.seats.values()):
            return
        self.started = True
        self.log(f"game {self.game_no}: begins")
        for info in self.seats.values():
            if info.client is not None:
                info.client.send({"type": "info", "message": f"Game {self.game_no} begins."})
                self._send_state(info.client, [])
        self._poke()

    def _left(self, client: Client) -> None:
        seat = client.seat
        if seat is None or client.game_no != self.game_no or self.over:
            return
        info = self.seats[seat]
        if info.client is not client:
            return
        info.client = None
        if not self.started:  # before the game the seat is simply free again
            if info.token is not None:
                self.tokens.pop(info.token, None)
            info.token = None
            self.log(f"game {self.game_no}: {seat} left ({client.name}); the seat is free")
            self._inform(f"{client.name} left; {seat} is free again.")
            return
        self.log(f"game {self.game_no}: {seat} lost its connection ({client.name}); "
                 f"waiting {self.grace:g} s for a rejoin")
        self._inform(f"{client.name} ({seat}) lost the connection; a bot decides for {seat} "
                     f"if they are not back in {self.grace:g} s.")
        loop = asyncio.get_running_loop()
        info.timer = loop.call_later(self.grace, self._expire, seat, self.game_no)

    def _expire(self, seat: str, game_no: int) -> None:
        info = self.seats.get(seat)
        if game_no != self.game_no or self.over or info is None or info.client is not None:
            return
        info.timer = None
        info.abandoned = True
        self.log(f"game {self.game_no}: {seat} did not come back; a random bot takes over")
        self._inform(f"A bot now decides for {seat} until {info.player} rejoins.")
        self._poke()

    def _finish(self) -> None:
        table = self.table
        assert table is not None
        self.over = True
        out = table.outcome()
        record = table.record_text()
        saved = self._save()
        outcome = out.to_json() if out else {"winners": [], "reason": "", "scores": {}}
        message = {"type": "over", "game_no": self.game_no, "seq": table.seq,
                   "outcome": outcome, "record": record}
        self.finished = {info.token: message for info in self.seats.values() if info.token}
        for info in self.seats.values():
            if info.timer is not None:
                info.timer.cancel()
            if info.client is not None:
                info.client.send(message)
                info.client.close()
                info.client = None
        winners = " ".join(outcome["winners"]) or "nobody"
        where = f"; record saved to {saved}" if saved else ""
        self.log(f"game {self.game_no} over: result {winners} ({outcome['reason']}){where}")

    # -- helpers ---------------------------------------------------------------------------------------
    def _save(self) -> str | None:
        """Write the whole record of the game in progress (atomically); the path, or None."""
        if not self.save_path or self.table is None:
            return None
        path = Path(self.save_path)
        if self.game_no > 1:
            path = path.with_name(f"{path.stem}-{self.game_no}{path.suffix}")
        tmp = path.with_name(path.name + ".tmp")
        try:
            tmp.write_text(self.table.record_text(), encoding="utf-8")
            os.replace(tmp, path)
        except OSError as exc:
            if not self.save_failed:
                self.log(f"cannot save the record to {path}: {exc.strerror or exc}")
                self.save_failed = True
            return None
        return str(path)

    def _who(self, seat: str) -> str:
        info = self.seats[seat]
        if info.kind != REMOTE:
            return f"{info.kind} bot"
        return info.player or ("free" if info.token is None else "taken")

    def _public_seats(self) -> dict[str, dict[str, Any]]:
        return {s: {"kind": info.kind, "name": info.player or None,
                    "connected": info.client is not None or info.kind != REMOTE,
                    "bot": self._bot_plays(s)}
                for s, info in self.seats.items()}

    def _waiting_text(self) -> str:
        missing = [s for s, info in self.seats.items() if info.kind == REMOTE and info.client is None]
        return f"waiting for players to join: {', '.join(missing)}" if missing else "the game is on"

    def _inform(self, text: str, skip: Client | None = None) -> None:
        for info in self.seats.values():
            if info.client is not None and info.client is not skip:
                info.client.send({"type": "info", "message": text})


def serve(spec: GameSpec, *, port: int = 4747, bind: str = "0.0.0.0", seats: str | None = None,
          seed: int | None = None, variant: str = "standard", games: int | None = None,
          think: float | None = 0.5, save: str | None = None, options: dict[str, str] | None = None,
          grace: float | None = None, out: TextIO | None = None) -> int:
    """Host games until ``games`` have been played (forever if None); the exit code."""
    rules = spec.rules
    options = dict(options or {})
    if not 0 <= port <= 65535:
        raise GameError(f"--port must be between 0 and 65535, not {port}")
    if games is not None and games < 1:
        raise GameError(f"--games must be at least 1, not {games}")
    if think is not None and think <= 0:
        raise GameError(f"--think must be more than 0 seconds, not {think:g}")
    Table(rules, seed=0, options=options, variant=variant)  # bad options fail before listening
    names = rules.seats({**options, "variant": variant})
    bot_kinds = BOT_KINDS + tuple(getattr(rules, "bot_kinds", {}) or {})
    if seats:
        parsed = parse_seats(seats, names, (REMOTE, *bot_kinds))
        kinds = {s: REMOTE if k in (HUMAN, REMOTE) else k for s, k in parsed.items()}
    else:
        kinds = {s: REMOTE for s in names}
    host = Host(spec, bind=bind, port=port, kinds=kinds, seed=seed, variant=variant, games=games,
                think=think, save=save, options=options,
                grace=grace_seconds() if grace is None else grace, out=out)
    return asyncio.run(host.run())
