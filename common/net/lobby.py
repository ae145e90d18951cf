"""The lobby half of a table: who is in the room, who sits where, seat tokens, joining,
standing up, leaving and coming back, and the ``lobby`` message that shows it all.

``Lobby`` is a base of ``Room`` (common/net/room.py), which adds the game itself; the seat and
membership rules live here so that they read in one place.
"""

from __future__ import annotations

import asyncio
import secrets
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from common import _
from common.i18n import DEFAULT, language
from common.net import crowd
from common.net.languages import by_language
from common.net.limits import FairShare
from common.net.protocol import (
    LOBBY_DELTAS_SINCE,
    MAX_NAME,
    clean_text,
    encode,
    error,
    lobby_delta,
    people_order,
)
from common.net.seating import REMOTE, RoomConfig, Seat

if TYPE_CHECKING:
    from common.net.member import Host
    from common.net.member import Member as Conn
    from common.spec import GameSpec
    from common.table import Table

class Lobby:
    """Seats and members of one table (the attributes are set by ``Room.__init__``; the game's
    side, ``_begin``, ``send_state``, ``_actor``..., by ``Room``)."""

    server: Host
    name: str
    cfg: RoomConfig
    table: Table | None
    kinds: dict[str, str]  # seat -> REMOTE or a bot kind
    seats: dict[str, Seat]
    tokens: dict[str, str]  # seat token -> seat
    members: set[Conn]  # every connection at this table: seated, watching or in the lobby
    game_no: int
    started: bool
    over: bool
    finished: dict[str, dict[str, dict[str, Any]]]  # token -> language -> 'over' message
    spec: GameSpec
    changed: asyncio.Event  # set when the game may go on (a seat taken, a move made)

    if TYPE_CHECKING:  # the game's side, Room's (declared for the checker, not defined here)
        def log(self, text: str) -> None: ...
        def log_about(self, conn: Conn, text: str) -> None: ...
        def _make_bots(self) -> None: ...
        def _actor(self) -> str | None: ...
        def _bot_plays(self, seat: str) -> bool: ...
        def _send_state(self, conn: Conn, lines: list[Any], resync: bool = False) -> None: ...
        def send_state(self, conn: Conn, since: int | None = None) -> None: ...
        def _open_record(self) -> None: ...
        def _save_tokens(self) -> None: ...
    people_sent: dict[str, dict[str, Any]]  # the people of the last lobby broadcast, by name
    share: FairShare  # what the table's unseated members may ask of the host, per address

    def public_seats(self) -> dict[str, dict[str, Any]]:
        return {s: {"kind": info.kind, "name": info.player or None,
                    "connected": info.conn is not None or info.kind != REMOTE,
                    "bot": self._bot_plays(s) if self.started else info.kind != REMOTE}
                for s, info in self.seats.items()}

    def lobby(self) -> dict[str, Any]:
        people = sorted(({"name": c.name, "seat": c.seat, "watching": c.watching}
                         for c in self.members), key=people_order)
        return {"type": "lobby", "table": self.name, "game_no": self.game_no,
                "started": self.started, "seats": self.public_seats(), "people": people,
                "waiting": self._waiting_text()}

    def _broadcast_lobby(self) -> None:
        """Every member learns who is here now: a member that holds a whole lobby (protocol 4)
        gets only what changed since the last broadcast, the others the whole lobby (sending
        everyone the whole people list on every join made churn cost the square of the crowd)."""
        if not self.members:
            return
        lobby: dict[str, Any] = {}
        for lang, conns in by_language(self.members).items():  # 'waiting' is a sentence
            with language(lang):
                lobby = self.lobby()
            whole = delta = b""
            for conn in conns:
                if conn.lobby_whole and conn.version >= LOBBY_DELTAS_SINCE:
                    delta = delta or encode(lobby_delta(lobby, self.people_sent))
                    conn.send_raw(delta)
                else:
                    whole = whole or encode(lobby)
                    conn.send_raw(whole)
                    conn.lobby_whole = True
        self.people_sent = {p["name"]: p for p in lobby["people"]}

    def inform(self, text: Callable[[], str], skip: Conn | None = None) -> None:
        """Tell every member (but ``skip``) something, worded by ``text()`` in each one's
        language (once per language)."""
        for lang, conns in by_language(c for c in self.members if c is not skip).items():
            with language(lang):
                data = encode({"type": "info", "message": text()})
            for conn in conns:
                conn.send_raw(data)

    def _paused_text(self) -> str | None:
        actor = self._actor() if self.started and self.table is not None else None
        if actor is None or self.cfg.on_disconnect != "pause":
            return None
        info = self.seats[actor]
        if info.kind == REMOTE and info.conn is None and not info.abandoned:
            return _("the table waits for {name} ({seat}) to come back").format(
                name=info.player or actor, seat=actor)
        return None

    def _waiting_text(self) -> str:
        if self.started:
            return _("the game is on")
        missing = [s for s, info in self.seats.items() if info.kind == REMOTE and info.conn is None]
        if missing:
            return _("waiting for players: {seats}").format(seats=", ".join(missing))
        return _("the game is about to begin")

    # -- joining ----------------------------------------------------------------------------------
    def hello(self, conn: Conn, msg: dict[str, Any]) -> None:
        token = msg.get("token")
        if token is not None:
            seat = self.tokens.get(token)
            if seat is None and token in self.finished:  # the game ended while it was away
                conn.send(self.finished[token][conn.lang])
                conn.hangup = True
                return
            if seat is None or self.over:
                conn.refuse("bad_token", _("unknown or expired seat token (its game "
                                                        "is over, or it was given by another host)"),
                                   fatal=True)
                return
            self._enter(conn, msg, seat=None)
            self._sit(conn, seat, reply="welcome", since=msg.get("seq"))
            return
        if self.over or self.table is None:
            conn.refuse("not_ready", _("a game just ended; join again in a moment"),
                               fatal=True)
            return
        wanted = msg.get("seat")
        crowded = None
        if msg.get("watch") or wanted is None:  # a place without a seat
            crowded = crowd.admit(conn, self.server.limits, self.share, self.members, self.name)
        if crowded is not None:
            conn.refuse("crowded", _("{reason}; try later").format(reason=crowded),
                               fatal=True)
            return
        if msg.get("watch"):
            self._enter(conn, msg, seat=None, watching=True)
            self.log_about(conn, f"{conn.name} watches ({conn.peer})")
            self.inform(lambda: _("{name} is watching.").format(name=conn.name), skip=conn)
            self._broadcast_lobby()
            if self.started:
                self.send_state(conn)
            return
        if wanted is None and self.started:
            conn.refuse("started", _("the game has begun and every seat is taken; "
                                                  "join --rejoin to take your seat back, or "
                                                  "--watch to watch"), fatal=True)
            return
        seat = None
        if wanted is not None:
            seat, problem = self._free_seat(wanted)
            if seat is None:
                conn.refuse(problem[0], problem[1], fatal=True)
                return
        token = self._new_token(seat) if seat is not None else None
        self._enter(conn, msg, seat=seat, token=token)
        if seat is None:
            self.log_about(conn, f"{conn.name} is in the lobby ({conn.peer})")
            self.inform(lambda: _("{name} joined the lobby.").format(name=conn.name), skip=conn)
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
                "seats": self.public_seats(), "lang": conn.lang, "hints": not self.cfg.no_hints}

    def _free_seat(self, wanted: str) -> tuple[str | None, tuple[str, str]]:
        free = [s for s, info in self.seats.items()
                if info.kind == REMOTE and info.token is None and info.conn is None]
        if wanted == "any":
            if free:
                return free[0], ("", "")
            return None, ("table_full", _("every seat is taken: {seats}").format(
                seats=", ".join(f"{s}={self._who(s)}" for s in self.seats)))
        info = self.seats.get(wanted)
        if info is None:
            return None, ("no_seat", _("there is no seat {seat} (seats: {seats})").format(
                seat=repr(wanted), seats=", ".join(self.seats)))
        if info.kind != REMOTE:
            return None, ("seat_taken", _("seat {seat} is played by the host's {kind} bot").format(
                seat=wanted, kind=info.kind))
        if wanted not in free:
            return None, ("seat_taken", _("seat {seat} is taken (free seats: {free})").format(
                seat=wanted, free=", ".join(free) or _("none")))
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
            with language(old.lang):
                old.send(error("replaced", _("another connection took this seat with its token")))
            old.seat, old.room = None, None
            self.members.discard(old)
            old.close()
        if info.timer is not None:
            info.timer.cancel()
            info.timer = None
        had_bot = info.abandoned
        info.conn, info.abandoned = conn, False
        crowd.seated(conn, self.server.limits)
        info.player = conn.name
        conn.seat, conn.watching, conn.errors = seat, False, 0
        if reply == "welcome":
            conn.send(self._welcome(conn, seat, info.token, rejoin=True))
        elif reply == "seated":
            conn.send({"type": "seated", "seat": seat, "token": info.token})
        self._save_tokens()
        verb = "rejoined" if rejoin else "sat down"
        told = f"; told the moves after {since}" if rejoin and since is not None else ""
        self.log_about(conn, f"{seat} {verb} ({conn.name}, {conn.peer}{told})")
        self.inform(lambda: self._seated_text(conn.name, seat, rejoin, had_bot), skip=conn)
        self._broadcast_lobby()
        if self.started:
            self.send_state(conn, since)
            self._poke()
        else:
            self._maybe_start()

    def sit(self, conn: Conn, wanted: str) -> None:
        """A lobby member takes (or changes) a seat."""
        if self.started:
            conn.refuse("started", _("the game has begun; seats are taken"))
            return
        if conn.seat is not None and conn.seat == wanted:
            conn.refuse("seat_taken", _("you already sit at {seat}").format(seat=wanted))
            return
        seat, problem = self._free_seat(wanted)
        if seat is None:
            conn.refuse(*problem)
            return
        if conn.seat is not None:
            self._free(conn)
        self._new_token(seat)
        self._sit(conn, seat, reply="seated")

    def stand(self, conn: Conn) -> None:
        if self.started:
            conn.refuse("started", _("the game has begun; leave with bye"))
            return
        if conn.seat is None:
            conn.refuse("not_seated", _("you have no seat"))
            return
        seat = conn.seat
        self._free(conn)
        self.server.limits.unseat(conn.address, conn)
        conn.unseated = True
        conn.send({"type": "seated", "seat": None, "token": None})
        self.inform(lambda: _("{name} stood up; {seat} is free.").format(name=conn.name, seat=seat),
                    skip=conn)
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
            return _("the game has already begun") if self.started else _("no game is waiting")
        empty = [s for s, info in self.seats.items() if info.kind == REMOTE and info.conn is None]
        if empty and not fill:
            return _("waiting for players: {seats}").format(seats=", ".join(empty))
        for seat in empty:
            info = self.seats[seat]
            info.kind, info.token, info.player = self.cfg.fill, None, ""
            self.kinds[seat] = self.cfg.fill
            self.tokens = {t: s for t, s in self.tokens.items() if s != seat}
        if empty:
            self.inform(lambda: _("The host gives {seats} to {kind} bots.").format(
                seats=", ".join(empty), kind=self.cfg.fill))
        self._begin()
        return _("game {n} begins").format(n=self.game_no)

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
        with language(DEFAULT):  # the host's log stays English (tools read it)
            self.log("begins (" + " ".join(f"{s}={self._who(s)}" for s in self.seats) + ")")
        for conn in list(self.members):
            if conn.seat is None:
                conn.watching = True
        self.inform(lambda: _("Game {n} begins.").format(n=self.game_no))
        self._broadcast_lobby()
        for conn in list(self.members):
            self.send_state(conn)  # in its own language
        self._poke()

    # -- leaving and coming back -------------------------------------------------------------------
    def left(self, conn: Conn) -> None:
        self.members.discard(conn)
        seat = conn.seat
        if conn.game_no != self.game_no or self.over:
            return
        if seat is None:
            self.inform(lambda: _("{name} left.").format(name=conn.name))
            self._broadcast_lobby()
            return
        info = self.seats[seat]
        if info.conn is not conn:
            return
        info.conn = None
        if not self.started:  # before the game the seat is simply free again
            self._free(conn)
            self.log(f"{seat} left ({conn.name}); the seat is free")
            self.inform(lambda: _("{name} left; {seat} is free again.").format(name=conn.name, seat=seat))
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
            self.inform(lambda: _("{name} ({seat}) is not connected; the table waits for them to "
                                  "come back.").format(name=who, seat=seat))
            self._resend_paused()
            return
        wait = self.cfg.grace if wait is None else wait
        self.inform(lambda: _("{name} ({seat}) is not connected; a bot decides for {seat} if they "
                              "are not back in {seconds} s.").format(name=who, seat=seat,
                                                                     seconds=f"{wait:g}"))
        loop = asyncio.get_running_loop()
        info.timer = loop.call_later(wait, self._expire, seat, self.game_no)

    def _resend_paused(self) -> None:
        """Everyone learns that the table is waiting (a state with ``paused``)."""
        if self._paused_text() is None:
            return
        for conn in list(self.members):
            self._send_state(conn, [])  # in its own language

    def _expire(self, seat: str, game_no: int) -> None:
        info = self.seats.get(seat)
        if game_no != self.game_no or self.over or info is None or info.conn is not None:
            return
        self.hand_to_bot(seat)

    def hand_to_bot(self, seat: str) -> str:
        info = self.seats.get(seat)
        if info is None or not self.started or self.over:
            return _("no seat {seat} in a game in progress").format(seat=repr(seat))
        if info.kind != REMOTE or info.conn is not None:
            return _("{seat} is not waiting for a player").format(seat=seat)
        if info.timer is not None:
            info.timer.cancel()
        info.timer, info.abandoned = None, True
        self.log(f"{seat} is not back; a {self.cfg.fill} bot decides for it")
        self.inform(lambda: _("A bot now decides for {seat} until {name} rejoins.").format(
            seat=seat, name=info.player) if info.player else
            _("A bot now decides for {seat} until its player rejoins.").format(seat=seat))
        self._broadcast_lobby()
        self._poke()
        return _("a bot decides for {seat}").format(seat=seat)

    # -- helpers -----------------------------------------------------------------------------------------
    def _poke(self) -> None:
        self.changed.set()

    def _who(self, seat: str) -> str:
        """Who plays ``seat``, in a few words (the host's log shows it too: the log stays English)."""
        info = self.seats[seat]
        if info.kind != REMOTE:
            return _("{kind} bot").format(kind=info.kind)
        return info.player or (_("free") if info.token is None else _("taken"))

    @staticmethod
    def _seated_text(name: str, seat: str, rejoin: bool, had_bot: bool) -> str:
        if rejoin and had_bot:
            return _("{name} is back at {seat} and takes back the seat from the bot.").format(
                name=name, seat=seat)
        if rejoin:
            return _("{name} is back at {seat}.").format(name=name, seat=seat)
        return _("{name} sits at {seat}.").format(name=name, seat=seat)

