"""The network host: the listening socket, its connections and the tables they play at.

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
The parts: ``Server`` here (accepting, reading, the limits per address and overall, the heartbeat,
dispatching messages, the host's console); ``Conn`` (common/net/conn.py); ``Room``, a table
(common/net/room.py) on ``Lobby``, its seats (common/net/lobby.py); ``RecordFile``, the files
(common/net/saving.py). docs/protocol.md describes every message.
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import hmac
import socket
import sys
import threading
import time
from typing import Any, TextIO

from common.bots import BOT_KINDS
from common.engine import GameError
from common.net.conn import Conn
from common.net.limits import MAX_PENDING, Limits
from common.net.lobby import REMOTE
from common.net.protocol import (
    FLOOD_LIMIT,
    HELLO_TIMEOUT,
    IDLE,
    MAX_ERRORS,
    MAX_LINE,
    PROTOCOL_VERSION,
    RATE,
    SUPPORTED_VERSIONS,
    ProtocolError,
    clean_text,
    decode_client,
    encode,
    error,
    grace_seconds,
    keepalive,
    negotiate,
    versions_text,
)
from common.net.room import Room, RoomConfig, record_kinds
from common.rng import new_seed
from common.spec import HUMAN, GameSpec, parse_seats, players_from_seats
from common.table import Table

GC_YOUNG = 50_000  # new objects between collections of the youngest generation (default 700)
# refusals of well-formed messages: a player may make any number of these
GAME_REFUSALS = frozenset({"illegal", "not_your_turn", "not_your_seat", "stale", "not_started",
                           "game_over", "already_joined", "not_seated", "seat_taken", "no_seat",
                           "started", "chat_flood", "not_in_lobby", "sync_flood"})
LINGER = 1.0  # seconds to drain a client's input after a fatal error, so the reply arrives
PASSWORD_DELAY = 1.0  # seconds before a wrong password is answered


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
        self.bound: int | None = None  # the port listened on, once listening
        self.tune_gc = True  # quiet_gc() at start (off for a host inside a test process)
        self.secret = new_seed()  # the games' seeds come from it (or from --seed)
        self.rooms: dict[str, Room] = {}
        self.limits = Limits()

    # -- output ----------------------------------------------------------------------------------
    def log(self, text: str) -> None:
        try:
            print(text, file=self.out, flush=True)
        except (OSError, ValueError):
            pass

    def log_about(self, conn: Conn, text: str) -> None:
        """Log a line about what a connection did, unless lines about its address are coming
        too fast (an attack must not fill the host's log)."""
        line = self.limits.log_line(conn.address, text)
        if line is not None:
            self.log(line)

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
        port = self.bound = server.sockets[0].getsockname()[1]
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
        if self.tune_gc:
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
        refused = self.limits.connect(conn.address)
        if refused is not None:
            self.log_about(conn, f"{conn.peer}: refused (busy): {refused}")
            conn.send(error("busy", f"{refused}; try later"))
            conn.close()
            return
        if self.limits.pending > MAX_PENDING:  # the oldest connection yet to say hello makes room
            waiting = [c for c in self.conns if not c.greeted and not c.closed and not c.hangup
                       and self.limits.limited(c.address)]
            if waiting:
                oldest = min(waiting, key=lambda c: c.opened)
                self.refuse(oldest, "busy", "too many connections are waiting to say hello; "
                            "closing the one that waited longest", fatal=True)
                oldest.close()
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
            self.limits.gone(conn.address, conn.greeted)
            if conn.unseated:
                self.limits.watcher(conn.address, -1)
                conn.unseated = False
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
            if not self._admit(conn):
                continue
            room = conn.room
            if room is not None and conn.seat is None:  # watchers share their table's budget
                while not room.share.take():
                    await asyncio.sleep(max(0.005, room.share.wait()))
                if conn.closed or conn.hangup:
                    break
            try:
                self._on_line(conn, line)
            except Exception as exc:  # a bug here must not end the game
                self.log_about(conn, f"{conn.label}: internal error: {exc!r}")
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
            self.limits.prune()
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
        self.log_about(conn, f"{conn.label}: refused ({code}): {message}")
        if fatal or conn.errors >= MAX_ERRORS:
            if not fatal:
                conn.send(error("too_many_errors", f"{MAX_ERRORS} malformed messages in a row; "
                                "closing the connection"))
            conn.hangup = True

    def _admit(self, conn: Conn) -> bool:
        """One message from the connection's rate limit; False when it is over (a flood: the
        message is ignored, and a long flood ends the connection)."""
        if not conn.take():
            conn.flooded += 1
            if conn.flooded == 1:
                conn.send(error("flood", f"too many messages (more than {RATE:g} a second); "
                                "ignoring them until you slow down"))
            if conn.flooded >= FLOOD_LIMIT:
                self.refuse(conn, "flood", f"{FLOOD_LIMIT} messages ignored; closing the "
                            "connection", fatal=True)
            return False
        conn.flooded = 0
        return True

    def _on_line(self, conn: Conn, line: bytes) -> None:
        """One message, already admitted by the rate limit."""
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
        token = msg.get("token")
        if not self.limits.room_for(token is not None):
            self.refuse(conn, "busy", f"the host has {self.limits.members} players and watchers "
                        "already; try later", fatal=True)
            return
        if self.password and token is None:
            if not self.limits.password_allowed(conn.address):
                self.refuse(conn, "password_wait", "too many wrong passwords lately; wait a "
                            "minute before trying again", fatal=True)
                return
            given = (msg.get("password") or "").encode("utf-8")
            if not hmac.compare_digest(given, self.password.encode("utf-8")):
                conn.errors += 1
                self.limits.password_failed(conn.address)
                self.log_about(conn, f"{conn.peer}: refused (password): wrong or missing password")
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
        if conn.room is not None and not conn.greeted:
            conn.greeted = True
            self.limits.greeted(conn.address)

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


def serve(spec: GameSpec, **kw: Any) -> int:
    """Host games until ``games`` have been played (forever if None); the exit code. The
    keywords are ``make_server``'s."""
    return asyncio.run(make_server(spec, **kw).run())


def make_server(spec: GameSpec, *, port: int = 4747, bind: str = "0.0.0.0", seats: str | None = None,
                seed: int | None = None, variant: str | None = None, games: int | None = None,
                think: float | None = 0.5, save: str | None = None,
                options: dict[str, str] | None = None, grace: float | None = None,
                on_disconnect: str = "bot", password: str | None = None, resume: str | None = None,
                fill: str | None = None, share_record: bool = False, tables: int = 1,
                idle: float | None = None, out: TextIO | None = None, console: bool = True) -> Server:
    """The host ``serve`` runs, its options checked (GameError for a bad one)."""
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
    if resume:  # the record says who sat where (a bot seat stays the bot's)
        kinds = record_kinds(rec.seats, names)
    elif seats:
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
    return Server(spec, bind=bind, port=port, rooms=configs, password=password,
                  idle=IDLE if idle is None else idle, out=out, console=console)
