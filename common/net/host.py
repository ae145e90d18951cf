"""The network host: the listening socket, its connections and the tables they play at.

The host is the only authority. A client sends move text; the host checks it with the Table
and sends every client only what its own seat may know: its view, its legal moves, the
events it may learn of (as data, which each client narrates in its own language: protocol 5),
and errors in reply to its own messages, worded in that client's language. Spectators
get the public view (``rules.view(state, None)``). The seed, and so the deck order, never
leaves the host (the record goes out only with ``--share-record``, after the game).

A game begins in a lobby: clients join by name, take seats, chat; it starts when every seat
has a player, or when the host types ``start`` (empty seats go to bots). A player who drops
keeps the seat: after ``grace`` seconds a bot decides for it until the player rejoins with the
seat token (or, with ``on_disconnect="pause"``, the table waits). The record is appended and
flushed after every move; with the seat tokens beside it (``FILE.seats.json``, mode 0600) a
killed host continues with ``--resume FILE`` and the same players rejoin.
The parts: ``Server`` here (accepting, reading, the limits per address and overall, the heartbeat,
dispatching messages); the host's terminal (common/net/terminal.py); ``Conn``
(common/net/conn.py); ``Room``, a table (common/net/room.py) on ``Lobby``, its seats
(common/net/lobby.py); what is worded per client language (common/net/languages.py);
``RecordFile``, the files (common/net/saving.py). docs/protocol.md describes every message.
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import hmac
import socket
import sys
import time
from typing import Any, TextIO

from common import _
from common.bots import BOT_KINDS
from common.engine import GameError
from common.i18n import language
from common.net.conn import Conn
from common.net.limits import SPARE_FILES, Limits, raise_file_limit
from common.net.listener import accept_forever, listen
from common.net.member import Member
from common.net.protocol import (
    HELLO_TIMEOUT,
    IDLE,
    MAX_LINE,
    PROTOCOL_VERSION,
    SUPPORTED_VERSIONS,
    ProtocolError,
    clean_text,
    decode_client,
    encode,
    error,
    grace_seconds,
    keepalive,
    language_of,
    negotiate,
    versions_text,
)
from common.net.room import Room
from common.net.seating import REMOTE, RoomConfig, record_kinds
from common.net.terminal import command, join_addresses, start_console
from common.rng import new_seed
from common.spec import HUMAN, GameSpec, first_option, parse_seats, players_from_seats
from common.table import Table

GC_YOUNG = 50_000  # new objects between collections of the youngest generation (default 700)
FINISH_WAIT = 60.0  # seconds a stopping host waits for finished games' last bytes to go out
LINGER = 1.0  # seconds to drain a client's input after a fatal error, so the reply arrives
PASSWORD_DELAY = 1.0  # seconds before a wrong password is answered
SEND_BUFFER = 16 * 1024  # the kernel's send buffer a connection (doubled by Linux): a larger one
# queued chat ahead of the game's messages where the host could no longer put them first


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
        self.files: int | None = None  # the open-file limit the caps are sized from (run: raised)

    # -- output ----------------------------------------------------------------------------------
    def log(self, text: str) -> None:
        try:
            print(text, file=self.out, flush=True)
        except (OSError, ValueError):
            pass

    def several_tables(self) -> bool:
        return len(self.configs) > 1

    def log_about(self, member: Member, text: str) -> None:
        """Log a line about what a connection did, unless lines about its address are coming
        too fast (an attack must not fill the host's log)."""
        line = self.limits.log_line(member.address, text)
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
        files = raise_file_limit() if self.files is None else self.files
        exempt = self.limits.exempt
        self.limits = Limits(files, seats=sum(len(cfg.kinds) for cfg in self.configs.values()))
        self.limits.exempt = exempt
        try:
            listener = listen(self.bind, self.port)
        except OSError as exc:
            raise GameError(_("cannot listen on {address}: {reason}").format(
                address=f"{self.bind}:{self.port}", reason=exc.strerror or exc)) from None
        port = self.bound = listener.getsockname()[1]
        first = next(iter(self.rooms.values()))
        self.log(f"{self.spec.title_for(first.cfg.variant)} host listening on {self.bind}:{port}")
        for address in join_addresses(self.bind):
            self.log(_("players join with: {command}").format(
                command=f"{self.spec.name} join {address}:{port}"))
        if self.password:
            self.log(_("a password is needed to join (join --password)"))
        self.log("seats: " + " ".join(f"{s}={k}" for s, k in first.cfg.kinds.items()))
        if self.console:
            self._console(loop)
        beat = asyncio.create_task(self._heartbeat())
        accepting = asyncio.create_task(accept_forever(
            listener, self._serve, self.tasks, MAX_LINE, self.log,
            lambda: f"{self.limits.open} connections open, open-file limit "
                    f"{self.limits.max_open + SPARE_FILES}"))
        if self.tune_gc:
            quiet_gc()
        try:
            games = asyncio.gather(*(room.run() for room in self.rooms.values()))
            # Ctrl-C cancels the tables' tasks, not this gathering: its CancelledError is
            # looked at here, or the loop reports it as "never retrieved"
            games.add_done_callback(lambda done: done.cancelled() or done.exception())
            stop = asyncio.create_task(self.quit.wait())  # the console's 'quit'
            either: list[asyncio.Future[Any]] = [stop, games]
            await asyncio.wait(either, return_when=asyncio.FIRST_COMPLETED)
            stop.cancel()
            if games.done():
                games.result()  # a table's error (a bad --resume, say) is the host's
            else:
                games.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await games
        finally:
            beat.cancel()
            accepting.cancel()
            listener.close()
            await self._let_finish()
            for conn in list(self.conns):
                conn.close()
            if self.tasks:
                await asyncio.wait(list(self.tasks), timeout=2.0)
        return 0

    async def _let_finish(self) -> None:
        """Before the host stops: the last game's end reaches every client still reading it
        (``Conn.finish`` cuts one that stopped); at most FINISH_WAIT seconds in all."""
        deadline = time.monotonic() + FINISH_WAIT
        while any(conn.finishing for conn in self.conns) and time.monotonic() < deadline:
            await asyncio.sleep(0.05)

    async def _serve(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        conn = Conn(reader, writer, log=self.log_about)
        refused = self.limits.connect(conn.address)
        if refused is not None:
            self.log_about(conn, f"{conn.peer}: refused (busy): {refused}")
            conn.send(error("busy", _("{reason}; try later").format(reason=refused)))
            conn.close()
            return
        if self.limits.pending > self.limits.max_pending:  # the oldest connection yet to say hello makes room
            waiting = [c for c in self.conns if not c.greeted and not c.closed and not c.hangup
                       and self.limits.limited(c.address)]
            if waiting:
                oldest = min(waiting, key=lambda c: c.opened)
                with language(oldest.lang):
                    oldest.refuse("busy", _("too many connections are waiting to say hello; "
                                                  "closing the one that waited longest"), fatal=True)
                oldest.close()
        sock = writer.get_extra_info("socket")
        keepalive(sock)
        with contextlib.suppress(OSError):  # what waits for a slow reader waits here, in order
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, SEND_BUFFER)
        self.conns.add(conn)
        try:
            await self._read(conn)
        except Exception as exc:  # the host never dies of one client
            self.log(f"{conn.label}: internal error: {exc!r}")
        finally:
            self.conns.discard(conn)
            self.limits.gone(conn.address, conn.greeted)
            if conn.unseated:
                self.limits.reseat(conn.address, conn)
                conn.unseated = False
            if conn.room is not None:
                try:
                    conn.room.left(conn)
                except Exception as exc:
                    self.log(f"{conn.label}: internal error while leaving: {exc!r}")
            conn.close()

    async def _read(self, conn: Conn) -> None:
        reader = conn.reader
        while not conn.closed and not conn.hangup:
            try:
                line = await reader.readline()
            except ValueError:  # longer than the limit
                with language(conn.lang):
                    conn.refuse("too_long", _("a message may be at most {n} bytes; closing "
                                                    "the connection").format(n=MAX_LINE), fatal=True)
                break
            except OSError:
                return
            if not line.endswith(b"\n"):  # the end of the stream (and a cut-off message)
                return
            conn.heard, conn.pinged = time.monotonic(), False
            if not line.strip():
                continue
            with language(conn.lang):
                admitted = conn.admit()
            if not admitted:
                continue
            room = conn.room
            if room is not None and conn.seat is None:  # watchers share their table's budget
                while not room.share.take(conn.address):
                    await asyncio.sleep(max(0.005, room.share.wait(conn.address)))
                if conn.closed or conn.hangup:
                    break
            with language(conn.lang):  # what the host says to this client, in its language
                try:
                    self._on_line(conn, line)
                except Exception as exc:  # a bug here must not end the game
                    self.log_about(conn, f"{conn.label}: internal error: {exc!r}")
                    conn.send(error("internal", _("the host failed on that message; the game "
                                                  "goes on")))
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
            for room in self.rooms.values():
                room.share.prune()
            now = time.monotonic()
            for conn in list(self.conns):
                if conn.closed or conn.hangup:
                    continue
                if conn.frozen():
                    self.log_about(conn, f"{conn.label} does not read its messages; hanging up")
                    conn.close()
                    continue
                conn.tell_skipped()
                if conn.room is None and now - conn.opened > self.hello_timeout:
                    conn.refuse("no_hello", _("no accepted hello within {seconds} s; closing "
                                                    "the connection").format(
                                                        seconds=f"{self.hello_timeout:g}"), fatal=True)
                    conn.close()
                elif now - conn.heard > 2 * self.idle:
                    with language(conn.lang):
                        conn.refuse("idle", _("nothing heard for {seconds} s; closing the "
                                                    "connection").format(
                                                        seconds=f"{2 * self.idle:g}"), fatal=True)
                    conn.close()
                elif now - conn.heard > self.idle and not conn.pinged:
                    conn.pinged = True
                    conn.send_raw(ping)

    # -- messages ------------------------------------------------------------------------------------
    def _on_line(self, conn: Conn, line: bytes) -> None:
        """One message, already admitted by the rate limit."""
        try:
            message = decode_client(line)
        except ProtocolError as exc:
            conn.refuse(exc.code, exc.message)
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
            conn.refuse("no_hello", _("say hello first, e.g. {example}").format(
                example=f'{{"type": "hello", "version": {PROTOCOL_VERSION}, "game": "{self.spec.name}"}}'))
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
        elif kind == "hint":
            room.hint(conn)
        elif kind == "bye":
            conn.hangup = True

    def _hello(self, conn: Conn, msg: dict[str, Any]) -> None:
        if conn.room is None:  # from now on the host words everything for it in its language
            conn.lang = language_of(msg.get("lang"))
        with language(conn.lang):
            self._hello_in_language(conn, msg)

    def _hello_in_language(self, conn: Conn, msg: dict[str, Any]) -> None:
        offered = list(msg.get("versions") or []) + [msg["version"]]
        version = negotiate(offered)
        if version is None:
            conn.refuse("version", _("protocol version mismatch: this host speaks version "
                                           "{ours}, the client {theirs}; use the same release on "
                                           "both sides").format(ours=versions_text(SUPPORTED_VERSIONS),
                                                                theirs=versions_text(offered)),
                        fatal=True)
            return
        if msg["game"] != self.spec.name:
            conn.refuse("wrong_game", _("this host plays {title} ({game}), not {other}").format(
                title=self.spec.title, game=self.spec.name, other=repr(clean_text(msg["game"], 40))),
                fatal=True)
            return
        if conn.room is not None:
            conn.refuse("already_joined", _("you have already said hello on this connection"))
            return
        token = msg.get("token")
        if self.password and token is None:
            if not self.limits.password_allowed(conn.address):
                conn.refuse("password_wait", _("too many wrong passwords lately; wait a "
                                                     "minute before trying again"), fatal=True)
                return
            given = (msg.get("password") or "").encode("utf-8")
            if not hmac.compare_digest(given, self.password.encode("utf-8")):
                conn.errors += 1
                self.limits.password_failed(conn.address)
                self.log_about(conn, f"{conn.peer}: refused (password): wrong or missing password")
                conn.delayed = error("password", _("wrong or missing password (join --password)"))
                conn.hangup = True
                return
        name = msg.get("table")
        room = self.rooms.get(name) if name is not None else next(iter(self.rooms.values()))
        if room is None:
            tables = ", ".join(list(self.rooms)[:10]) + ("…" if len(self.rooms) > 10 else "")
            conn.refuse("no_table", _("there is no table {table} (tables: {tables})").format(
                table=repr(clean_text(name or "", 40)), tables=tables), fatal=True)
            return
        conn.version = version
        room.hello(conn, msg)
        if conn.room is not None and not conn.greeted:
            conn.greeted = True
            self.limits.greeted(conn.address)

    # -- the host's own terminal (common/net/terminal.py) -----------------------------------------
    def _console(self, loop: asyncio.AbstractEventLoop) -> None:
        start_console(self, loop)

    def command(self, text: str) -> None:
        """One line typed at the host's terminal."""
        command(self, text)

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
                idle: float | None = None, no_hints: bool = False, out: TextIO | None = None, console: bool = True,
                files: int | None = None, first: str | None = None) -> Server:
    """The host ``serve`` runs, its options checked (GameError for a bad one). ``files``: the
    open-file limit its caps are sized from (None: this process's, raised where allowed)."""
    rules = spec.rules
    options = dict(options or {})
    variant = variant or spec.variants[0]
    if not 0 <= port <= 65535:
        raise GameError(_("--port must be between 0 and 65535, not {n}").format(n=port))
    if games is not None and games < 1:
        raise GameError(_("--games must be at least 1, not {n}").format(n=games))
    if think is not None and think <= 0:
        raise GameError(_("--think must be more than 0 seconds, not {seconds}").format(seconds=f"{think:g}"))
    if grace is not None and grace < 0:
        raise GameError(_("--grace must be 0 seconds or more, not {seconds}").format(seconds=f"{grace:g}"))
    if idle is not None and idle <= 0:
        raise GameError(_("--idle must be more than 0 seconds, not {seconds}").format(seconds=f"{idle:g}"))
    if on_disconnect not in ("bot", "pause"):
        raise GameError(_("--on-disconnect must be 'bot' or 'pause', not {value}").format(
            value=repr(on_disconnect)))
    if not 1 <= tables <= 1000:
        raise GameError(_("--tables must be between 1 and 1000, not {n}").format(n=tables))
    if resume and tables != 1:
        raise GameError(_("--resume continues one table; leave out --tables"))
    bot_kinds = BOT_KINDS + tuple(getattr(rules, "bot_kinds", {}) or {})
    if fill is None:
        fill = next(iter(getattr(rules, "bot_kinds", {}) or {}), "random")
    if fill not in bot_kinds:
        raise GameError(_("--fill must be a bot kind ({kinds}), not {value}").format(
            kinds=", ".join(bot_kinds), value=repr(fill)))
    if resume and first is not None:
        raise GameError(_("--resume goes on with the record's own first player; leave out --first"))
    if resume:
        from common.batch import read_record

        rec = read_record(resume)
        variant, options, save = rec.variant, dict(rec.options), resume
        games = games or 1
    else:  # a resumed game keeps its record's options; a new one may count its --seats
        options = players_from_seats(spec, seats, variant, options)
    Table(rules, seed=0, options=options, variant=variant)  # bad options fail before listening
    first_option(spec, rules.seats({**options, "variant": variant}), 0, first, options)  # and --first
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
            on_disconnect=on_disconnect, fill=fill, share_record=share_record, resume=resume,
            no_hints=no_hints, first=first)
    server = Server(spec, bind=bind, port=port, rooms=configs, password=password,
                    idle=IDLE if idle is None else idle, out=out, console=console)
    server.files = files
    return server
