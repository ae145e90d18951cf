"""One table of the host (``Room``): its game loop, what each connection is sent (its seat's
view, as a patch against the last one, and its narration), the moves, chat and sync of its
members, and the end of a game. Seats and joining are in ``Lobby`` (common/net/lobby.py), the
record and the tokens on disk in ``RecordFile`` (common/net/saving.py).
"""

from __future__ import annotations

import asyncio
import json
from collections import deque
from typing import TYPE_CHECKING, Any

from common import _
from common.bots import Bot, bot_move, make_bot
from common.engine import Event, GameError, Move
from common.i18n import DEFAULT, LANGUAGES, language
from common.net.languages import Told, by_language
from common.net.limits import FairShare
from common.net.lobby import Lobby
from common.net.protocol import (
    MAX_NAME,
    PATCHES_SINCE,
    RESUME_WAIT,
    Memo,
    clean_text,
    encode,
    view_patch,
)
from common.net.saving import RecordFile, path_for, read_tokens
from common.net.seating import REMOTE, RoomConfig, Seat, record_kinds
from common.record import escape
from common.rng import derive, derive_fast
from common.spec import first_option
from common.table import Table

if TYPE_CHECKING:
    from common.net.member import Host
    from common.net.member import Member as Conn

__all__ = ["Room", "RoomConfig", "record_kinds"]  # the table layer, as the server composes it

BACKLOG = 1000  # moves whose events are kept for catching up after a rejoin


class Room(Lobby):
    """One table: its seats, its lobby and spectators, one game after another."""

    def __init__(self, server: Host, name: str, cfg: RoomConfig) -> None:
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
        # token -> the 'over' message of the last game, by language
        self.finished: dict[str, dict[str, dict[str, Any]]] = {}
        self.changed = asyncio.Event()
        self.narration: deque[tuple[int, list[Event]]] = deque(maxlen=BACKLOG)
        self.saved = RecordFile(server.log)
        self.people_sent: dict[str, dict[str, Any]] = {}
        # per language: the whole public state, encoded once a position for every watcher
        self.watch_cache: dict[str, tuple[tuple[Any, ...], bytes, dict[str, Any], dict[str, Any]]] = {}
        self.share = FairShare()  # what its watchers may ask, shared out per address
        self.resumed_from: str | None = cfg.resume

    def log(self, text: str) -> None:
        self.server.log(self._prefix() + text)

    def log_about(self, conn: Conn, text: str) -> None:
        """A line about what ``conn`` did (rate-limited per address: see Server.log_about)."""
        self.server.log_about(conn, self._prefix() + text)

    def _prefix(self) -> str:
        return f"{f'[{self.name}] ' if self.server.several_tables() else ''}game {self.game_no}: "

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
        # who plays first: --first, else drawn from the game's seed, as at one terminal; the
        # record keeps it ('option first SEAT')
        options = first_option(self.spec, self.rules.seats({**cfg.options, "variant": cfg.variant}),
                               seed, cfg.first, cfg.options)
        self.table = Table(self.rules, seed=seed, options=options, variant=cfg.variant,
                           seat_kinds=dict(self.kinds), keep_undo=False)
        self._reset_seats()
        self.started = self.over = False
        self.saved.start(path_for(cfg.save, self.name if self.server.several_tables() else None, n))
        remote = [s for s, k in self.kinds.items() if k == REMOTE]
        self.log(f"waiting for players: {', '.join(remote)}" if remote else "bots only")
        self._maybe_start()

    def _reset_seats(self) -> None:
        self.seats = {s: Seat(s, k) for s, k in self.kinds.items()}
        self.tokens = {}
        self.bots = {}
        self.narration = deque(maxlen=BACKLOG)

    def _make_bots(self) -> None:
        for i, (s, k) in enumerate(self.kinds.items()):
            if k != REMOTE and s not in self.bots:
                self.bots[s] = make_bot(k, self.rules, seed=derive_fast(self.game_seed, "bot", i),
                                        think=self.cfg.think)

    def _resume(self, path: str) -> None:
        """Rebuild the game of a record (a killed host's) and wait for its players to rejoin."""
        from common.batch import open_table, play_moves, read_record

        rec = read_record(path, forgiving=True)
        table = open_table(self.rules, rec)
        table.keep_undo = False
        unread: list[str] = []
        play_moves(table, rec, on_error=unread.append)
        if table.outcome() is not None:
            raise GameError(f"{path}: that game is already over; there is nothing to resume")
        saved = read_tokens(path)
        if saved is None:
            saved = {}
            self.server.log(f"no seat tokens beside {path} ({path}.seats.json): players take "
                            "their seats back with join --seat")
        self.game_no = int(saved.get("game_no", 1)) if isinstance(saved.get("game_no"), int) else 1
        self.game_seed = rec.seed
        self.table = table
        self.kinds = record_kinds(rec.seats, table.seats)
        self._reset_seats()
        for seat, info in (saved.get("seats") or {}).items():
            if seat in self.seats and isinstance(info, dict) and isinstance(info.get("token"), str):
                self.seats[seat].token = info["token"]
                self.seats[seat].player = clean_text(str(info.get("name") or seat), MAX_NAME)
                self.tokens[info["token"]] = seat
        self._make_bots()
        if unread:  # the file's tail cannot be replayed: keep it aside, write the record anew
            self.log(f"{unread[0]} (resumed from the move before it; the file as it was is kept "
                     f"as {path}.torn)")
            self.saved.rewrite(path, table.record, f"{path}.torn")
        else:
            self.saved.reopen(path, table.seq)
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
                conn.refuse("illegal", str(exc))
            else:
                self.log(f"the bot's move for {seat} was refused: {exc}")
            return False
        except Exception as exc:  # e.g. a notation bug: refuse, never crash
            if conn is None:
                raise
            conn.refuse("illegal", _("cannot read that move ({error})").format(
                error=type(exc).__name__))
            return False
        text = table.record.body[-1].text
        ack = encode({"type": "ack", "seq": table.seq, "move": text}) if conn is not None else b""
        self.saved.append(f"{seat}: {escape(text)}\n")
        self._write_result()  # at once: a host killed now leaves a finished record
        self._broadcast_state(events, conn, ack)
        self._poke()
        return True

    # -- what each connection is sent -----------------------------------------------------------
    def _state(self, conn: Conn | None, seat: str | None, view: dict[str, Any], lines: list[Any],
               seats: dict[str, dict[str, Any]], resync: bool = False,
               memo: Memo | None = None) -> dict[str, Any]:
        """A ``state`` message for ``seat``. To a connection that holds a view of this game it
        carries a patch against that view (``base`` names it) and ``seats`` only when they
        changed; on a resync, or to a connection that holds nothing, everything whole. Built
        in the language of the connection it is for (a decision's prompt, ``paused``)."""
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
        # a decision the rules keep secret (a window only a seat with an answer is asked in)
        # is told to that seat alone
        shown = actor is not None and (mine or not table.rules.decider_is_secret(table.state))
        msg.update({"to_move": [actor] if shown else [],
                    "decisions": [{"kind": d.kind, "required": d.required, "prompt": d.prompt}
                                  for d in decisions],
                    "legal": table.legal(seat) if mine and seat is not None else [], "events": lines,
                    "paused": self._paused_text()})
        if "view" in msg or conn is None or conn.seats_shown != seats:
            msg["seats"] = seats
        if resync:
            msg["resync"] = True
        return msg

    def _send_state(self, conn: Conn, lines: list[Any], resync: bool = False,
                    seats: dict[str, dict[str, Any]] | None = None, ack: bytes = b"",
                    view: dict[str, Any] | None = None, memo: Memo | None = None) -> None:
        """Send ``conn`` its state (after ``ack``, in the same write), in its language, and
        remember what it holds."""
        table = self.table
        assert table is not None
        with language(conn.lang):
            view = table.view(conn.seat) if view is None else view
            seats = self.public_seats() if seats is None else seats
            data = encode(self._state(conn, conn.seat, view, lines, seats, resync, memo))
        conn.send_raw(ack + data)
        conn.shown, conn.seats_shown = (self.game_no, table.seq, view), seats

    def _broadcast_state(self, events: list[Event], mover: Conn | None = None,
                         ack: bytes = b"") -> None:
        """Everyone at the table learns what the last move did: each seat its own view and
        events, the watchers the public ones (``ack`` goes first to ``mover``). The views are
        built once per language among the connections (a view may carry text; ``Rules.views``
        shares the public part between the seats it is asked for at once)."""
        table = self.table
        assert table is not None
        seq = table.seq
        seats = self.public_seats()
        told = Told(table, events)
        if events:
            self.narration.append((seq, events))
        watchers = [c for c in self.members if c.seat is None]
        seated = [info.conn for info in self.seats.values() if info.conn is not None]
        views: dict[tuple[str, str | None], dict[str, Any]] = {}
        for lang, conns in by_language(seated + watchers).items():
            wanted: list[str | None] = [c.seat for c in conns if c.seat is not None]
            if any(c.seat is None for c in conns):
                wanted.append(None)
            with language(lang):
                views.update(((lang, s), v) for s, v in table.views(wanted).items())
        # the seats' views share parts, and so did the ones sent last time: diff those once
        # (the memo is keyed by identity, so every view it has seen is kept alive meanwhile)
        memo: Memo = {}
        alive = [c.shown for c in self.members]
        acked = mover is None
        for seat, info in self.seats.items():
            if info.conn is not None:
                first = ack if info.conn is mover else b""
                acked = acked or bool(first)
                self._send_state(info.conn, told.for_conn(info.conn, seat), seats=seats, ack=first,
                                 view=views[info.conn.lang, seat], memo=memo)
        if not acked and mover is not None:
            mover.send_raw(ack)
        groups: dict[tuple[Any, ...], list[Conn]] = {}
        for conn in watchers:  # watchers holding the same view share one encoded message
            held = conn.shown
            key = (held[0], held[1], id(held[2])) if held is not None else (None,)
            groups.setdefault((*key, id(conn.seats_shown), conn.version, conn.lang), []).append(conn)
        for group in groups.values():
            lead = group[0]
            view = views[lead.lang, None]
            with language(lead.lang):
                data = encode(self._state(lead, None, view, told.for_conn(lead, None), seats,
                                          memo=memo))
            for conn in group:
                conn.send_raw(data)
                conn.shown, conn.seats_shown = (self.game_no, seq, view), seats
        del alive  # the memo is done: the views it saw may go

    def _catch_up(self, conn: Conn, since: int | None) -> list[Any]:
        """The events ``conn``'s seat missed after position ``since`` (a rejoin's resync)."""
        if since is None or self.table is None or since >= self.table.seq:
            return []
        missed = [e for seq, events in self.narration if seq > since for e in events]
        return Told(self.table, missed).for_conn(conn, conn.seat)

    def send_state(self, conn: Conn, since: int | None = None) -> None:
        lines = self._catch_up(conn, since)
        if conn.seat is None and not lines:  # a watcher's whole state: made once a position
            self._send_watcher_state(conn)
            return
        self._send_state(conn, lines, resync=True)

    def _send_watcher_state(self, conn: Conn) -> None:
        """The public state whole, encoded once (per language) for every watcher that asks at
        this position (a crowd of watchers joining or asking for sync must not cost a view each)."""
        table = self.table
        assert table is not None
        lang = conn.lang
        with language(lang):
            seats = self.public_seats()
            key = (self.game_no, table.seq, json.dumps(seats, sort_keys=True), self._paused_text())
            cached = self.watch_cache.get(lang)
            if cached is None or cached[0] != key:
                view = table.view(None)
                data = encode(self._state(None, None, view, [], seats, resync=True))
                cached = self.watch_cache[lang] = (key, data, view, seats)
        _key, data, view, seats = cached
        conn.send_raw(data)
        conn.shown, conn.seats_shown = (self.game_no, table.seq, view), seats

    # -- messages from seated players, spectators, the lobby ---------------------------------------
    def move(self, conn: Conn, msg: dict[str, Any]) -> bool:
        seat = conn.seat
        if seat is None:
            conn.refuse("not_seated", _("you watch this game; only seated players move"))
            return False
        if msg.get("seat") not in (None, seat):
            conn.refuse("not_your_seat", _("you sit at {seat}, not {other}").format(
                seat=seat, other=msg["seat"]))
            return False
        if not self.started:
            conn.refuse("not_started", self._waiting_text())
            return False
        if self.over or self.table is None or self.table.outcome() is not None:
            conn.refuse("game_over", _("the game is over"))
            return False
        actor = self._actor()
        if seat != actor:
            conn.refuse("not_your_turn", _("it is not your decision now (waiting for "
                                                        "{seat})").format(seat=actor or _("nobody")))
            return False
        if "seq" in msg and msg["seq"] != self.table.seq:
            conn.refuse("stale", _("that move answers position {seq}, but the game is "
                                                "at {now}; look at the board again").format(
                                                    seq=msg["seq"], now=self.table.seq))
            return False
        return self._apply(seat, msg["move"], conn)

    def chat(self, conn: Conn, text: str) -> None:
        """Chat passes as typed (cleaned of control characters), in whatever language."""
        text = clean_text(text, 300)
        if not text:
            return
        if not conn.take_chat():
            conn.refuse("chat_flood", _("you are chatting too fast; wait a moment"))
            return
        data = encode({"type": "chat", "from": conn.name, "seat": conn.seat, "text": text})
        for member in list(self.members):
            member.send_chat(data)  # skipped for a reader far behind: the game's messages first

    def hint(self, conn: Conn) -> None:
        """A seated player asked the coach (on their own client, from their own view): the
        table is told and the record notes it; with --no-hints it is refused."""
        if self.cfg.no_hints:
            conn.refuse("no_hints", _("the host does not allow hints at this table"))
            return
        if self.table is None or conn.seat is None or not conn.take_chat():
            return  # nobody to tell of, or a flood: a hint is worth one chat line at most
        self.table.note_hint(conn.seat)
        name, seat = conn.name, conn.seat
        self.inform(lambda: _("{name} ({seat}) asked the coach for a hint").format(
            name=name, seat=seat))

    def sync(self, conn: Conn) -> None:
        """The whole state again (a client whose patch did not fit asks once; a few more are
        allowed, not a stream: a whole view costs the host far more than a patch)."""
        if not conn.sync_limit.take():
            conn.refuse("sync_flood", _("you asked for the whole state too often; "
                                                     "wait a moment"))
            return
        if self.started and not self.over:
            self.send_state(conn)
        else:
            conn.send(self.lobby())
            conn.lobby_whole = True

    # -- the end ----------------------------------------------------------------------------------------
    def _finish(self) -> None:
        table = self.table
        assert table is not None
        self.over = True
        told: dict[str, dict[str, Any]] = {}  # the 'over' message in each language (a sentence)
        for lang in LANGUAGES:
            with language(lang):
                told[lang] = self._over()
        outcome = told[DEFAULT]["outcome"]  # the log's line stays English (tools read it)
        winners = " ".join(outcome["winners"]) or "nobody"
        self._write_result()
        self.saved.close()
        self.finished = {info.token: told for info in self.seats.values() if info.token}
        for info in self.seats.values():
            if info.timer is not None:
                info.timer.cancel()
                info.timer = None
            info.conn = None
        for lang, conns in by_language(self.members).items():
            data = encode(told[lang])
            for conn in conns:
                conn.finish(data)
        self.members.clear()
        saved = self.saved
        where = f"; record saved to {saved.path}" if saved.path and not saved.failed else ""
        self.log(f"over: result {winners} ({outcome['reason']}){where}")

    def _over(self) -> dict[str, Any]:
        """The ``over`` message, its reason in the current language."""
        table = self.table
        assert table is not None
        out = table.outcome()
        outcome = out.to_json() if out else {"winners": [], "reason": "", "scores": {}}
        message: dict[str, Any] = {"type": "over", "game_no": self.game_no, "seq": table.seq,
                                   "outcome": outcome}
        if self.cfg.share_record:
            message["record"] = table.record_text()
        return message

    # -- the record and the tokens on disk --------------------------------------------------------
    def _write_result(self) -> None:
        out = self.table.outcome() if self.table is not None else None
        self.saved.write_result(list(out.winners) if out is not None else None)

    def _open_record(self) -> None:
        if self.table is not None:
            self.saved.open(self.table.stamped())

    def _save_tokens(self) -> None:
        if self.started:
            self.saved.save_tokens({"game": self.spec.name, "game_no": self.game_no,
                                    "seats": {s: {"token": info.token, "name": info.player}
                                              for s, info in self.seats.items() if info.token}})
