"""``RemoteSession``: a ``common.session.Session`` over the network, for the REPL, the lobby
and spectator consoles and the bot client. It holds no game of its own: it shows what the host
sends for its seat (view, legal moves, events) and sends move text back. Events arrive as data
(protocol 5) and are narrated here, with the game's own ``rules.narrate``, in this player's
language; a dropped connection is rejoined by itself with the seat token.
"""

from __future__ import annotations

import contextlib
import time
from collections.abc import Callable
from typing import Any

from common import _, ngettext
from common.engine import GameError, Sentence
from common.i18n import current, language
from common.net.languages import seat_line
from common.net.link import REPLY_TIMEOUT, Link, Lost, Refused, Unreachable, retry_delays
from common.net.protocol import (
    ProtocolError,
    apply_lobby_delta,
    apply_patch,
    clean_text,
    event_from_json,
)
from common.safetext import tree
from common.spec import GameSpec

Echo = Callable[[str], None]


class RemoteSession:
    """A ``common.session.Session`` over the network: one seat (or none: a spectator, or a
    player still in the lobby); the host decides everything."""

    can_undo = False
    answers_here = False  # other people answer over the network: a line waits for nobody

    def __init__(self, spec: GameSpec, link: Link, reply: dict[str, Any],
                 on_token: Callable[[str | None, str | None], None] | None = None) -> None:
        self.spec, self.link = spec, link
        self.seat: str | None = reply.get("seat") or None
        self.token: str | None = None  # set (and saved through on_token) by the welcome
        self.on_token = on_token
        self.on_seq: Callable[[int, bool], None] | None = None  # (seq, last): keep it with the token
        self.state: dict[str, Any] | None = None
        self.lobby: dict[str, Any] | None = None
        self.over: dict[str, Any] | None = None
        self.lost: str | None = None
        self.lines: list[str] = []
        self.chats: list[str] = []
        self.ignored = 0  # state messages older than the one shown (never applied twice)
        self.gaps = 0  # times a state skipped positions without a resync
        self.resyncing = False  # a patch did not fit: the whole view was asked for
        # the player's language (the one its hello named), kept: messages are also handled on
        # the consoles' threads
        self.lang = getattr(link, "lang", None) or current()
        # the coach: a host that knows of hints says whether its table allows them (--no-hints)
        self.hints_known = "hints" in reply
        self.hints_allowed = reply.get("hints") is not False
        self._handle(reply)

    # -- messages ------------------------------------------------------------------------------
    def _handle(self, msg: dict[str, Any]) -> dict[str, Any]:
        with language(self.lang):
            return self._handle_in_language(msg)

    def _handle_in_language(self, msg: dict[str, Any]) -> dict[str, Any]:
        kind = msg.get("type")
        if kind == "state" and isinstance(msg.get("seq"), int) and (
                isinstance(msg.get("view"), dict) or isinstance(msg.get("patch"), list)):
            self._on_state(msg)
        elif kind == "over":
            self.over = msg
        elif kind in ("info", "chat"):
            line = self._said(msg)
            self.lines.append(line)
            if kind == "chat":
                self.chats.append(line)
        elif kind == "lobby":
            self.lobby = msg
        elif kind == "lobby_delta" and self.lobby is not None:  # protocol 4: only what changed
            try:
                self.lobby = apply_lobby_delta(self.lobby, msg)
            except ProtocolError as exc:
                self.lines.append(_("(ignored a garbled message from the host: {reason})")
                                  .format(reason=exc.message))
        elif kind in ("welcome", "seated"):
            before = self.token
            self.seat = msg.get("seat") or None
            self.token = msg.get("token") or None
            if self.on_token is not None and self.token != before:
                self.on_token(self.token, self.seat)
        elif kind == "error" and msg.get("code") in ("replaced", "stopped"):
            self.lost = (_("another connection took this seat with its token")
                         if msg["code"] == "replaced" else _("the host stopped the game"))
            self.link.close()
        elif kind == "_bad":
            self.lines.append(_("(ignored a garbled message from the host: {reason})")
                              .format(reason=msg.get("message")))
        return msg

    def _said(self, msg: dict[str, Any]) -> str:
        """A chat or info message as the line it is shown as (terminal escapes removed); chat
        is shown as typed, in whatever language its writer typed it."""
        if msg.get("type") == "info":
            return clean_text(str(msg.get("message", "")), 400)
        who = clean_text(str(msg.get("from", "?")), 40)
        where = f" ({msg['seat']})" if isinstance(msg.get("seat"), str) else ""
        return f"[{who}{where}] {clean_text(str(msg.get('text', '')), 300)}"

    def live_chat(self, show: Callable[[str], None] | None,
                  interrupt: Callable[[], None] | None = None) -> None:
        """While ``show`` is set (the player is typing at the prompt), chat and info from the
        host are shown at once through it instead of after the player's next move; and if the
        host stops the game, ``interrupt`` ends the prompt."""
        self.link.on_stop = interrupt if show is not None else None
        if show is None:
            self.link.live = None
            return

        def live(msg: dict[str, Any]) -> bool:
            line = self._said(msg)
            if msg.get("type") == "chat":
                self.chats.append(line)
            show(line)
            return True

        self.link.live = live

    def _on_state(self, msg: dict[str, Any]) -> None:
        old: dict[str, Any] = self.state or {}
        same_game = bool(old) and old.get("game_no") == msg.get("game_no")
        if same_game and (msg["seq"] < old["seq"] or (msg["seq"] == old["seq"]
                                                      and not msg.get("resync"))):
            self.ignored += 1  # an old or repeated position: nothing is applied twice
            if msg["seq"] == old["seq"] and msg.get("paused") and msg["paused"] != old.get("paused"):
                self.state = {**old, "paused": msg["paused"]}
                self.lines.append(self._paused(msg["paused"]))
            return
        if "view" not in msg:  # a patch against the view this client holds
            try:
                if not same_game or msg.get("base") != old["seq"]:
                    raise ProtocolError("bad_patch", _("a view patch for a position this client "
                                                       "never saw"))
                msg = {**msg, "view": apply_patch(old["view"], msg["patch"])}
                msg.setdefault("seats", old.get("seats"))  # sent only when they change
            except ProtocolError as exc:
                if not self.resyncing:  # one request is enough: its answer is a whole view
                    self.resyncing = True
                    self.lines.append(_("(out of step with the host: {reason}; asking for the "
                                        "whole view)").format(reason=exc.message))
                    with contextlib.suppress(Lost):  # a lost line is noticed, and rejoined, by the next read
                        self.link.send({"type": "sync"})
                return
            del msg["patch"]
        self.resyncing = False  # in step again
        msg["view"] = tree(msg["view"])  # others' text in it, shown here: no escape codes (safetext)
        if same_game and msg["seq"] > old["seq"] + 1 and not msg.get("resync"):
            self.gaps += 1  # positions were skipped: the view is whole, the narration is not
            self.lines.append(_("(some moves were not narrated here; the board is up to date)"))
        self.state = msg
        if self.on_seq is not None:
            self.on_seq(msg["seq"], False)
        self.lines += self._narrate(msg.get("events"))
        if msg.get("paused"):
            self.lines.append(self._paused(msg["paused"]))

    def _paused(self, why: Any) -> str:
        return _("(paused: {reason})").format(reason=clean_text(str(why), 200))

    def _narrate(self, events: Any) -> list[str]:
        """The sentences of a state's events: a host of protocol 5 sends events as data,
        narrated here in this player's language; an older host sends sentences (English)."""
        lines: list[str] = []
        failed = 0
        for item in events if isinstance(events, list) else []:
            if isinstance(item, str):
                lines.append(clean_text(item, 400))
                continue
            try:
                event = event_from_json(tree(item))
                lines.append(Sentence(self.spec.rules.narrate(event), event.kind))
            except Exception:  # a garbled or unknown event: said once, the game goes on
                failed += 1
        if failed:
            lines.append(ngettext("(the host sent {n} event this client cannot narrate)",
                                  "(the host sent {n} events this client cannot narrate)",
                                  failed).format(n=failed))
        return lines

    def _next(self, timeout: float | None = None, rejoin: bool = True) -> dict[str, Any] | None:
        """Handle the next message and return it; None on timeout or when the host is gone for
        good (then ``self.lost`` says why). A dropped connection is rejoined with the token
        (unless ``rejoin`` is False: then it is left for the next call that may block)."""
        if self.lost is not None:
            return None
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
        if self.lost is not None:
            return False
        if not self.token and not self.link.watch:
            self.lost = why
            return False
        self.lines.append(_("Lost the connection to the host ({reason}); rejoining…").format(reason=why))
        since = self.state["seq"] if self.state else None
        for delay in retry_delays():
            time.sleep(delay)
            try:
                reply = self.link.open(self.token, since)
            except Refused as exc:
                self.lost = str(exc)
                return False
            except (Unreachable, Lost):
                continue
            self._handle(reply)
            self.lines.append(_("Rejoined the game."))
            return True
        self.lost = _("{reason}; could not rejoin {address}").format(reason=why,
                                                                     address=self.link.address)
        return False

    def _drain(self, rejoin: bool = True) -> None:
        """Handle every message already received, without waiting."""
        while self.over is None and self.lost is None:
            msg = self._next(0, rejoin)
            if msg is None:
                return
            if msg.get("type") == "error":
                self.lines.append(host_said(msg))

    def _take_lines(self) -> list[str]:
        lines, self.lines = self.lines, []
        return lines

    def _my_turn(self) -> bool:
        return (self.over is None and self.lost is None and self.state is not None
                and self.seat is not None and self.seat in (self.state.get("to_move") or []))

    def poll(self, timeout: float | None) -> dict[str, Any] | None:
        """Handle at most one message (waiting up to ``timeout``); errors become lines."""
        msg = self._next(timeout)
        if msg is not None and msg.get("type") == "error":
            self.lines.append(host_said(msg))
        return msg

    def wait_start(self, echo: Echo) -> None:
        """Block until the game begins (the first state), printing what the host says."""
        while self.state is None and self.over is None and self.lost is None:
            self.poll(None)
            for line in self._take_lines():
                echo(line)
        for line in self._take_lines():
            echo(line)

    def note_hint(self, seat: str) -> None:
        """Tell the table that this player asked the coach (a host too old to know of hints
        is not told: it would refuse the message)."""
        if self.hints_known:
            self.send({"type": "hint"})

    def chat(self, text: str) -> None:
        text = clean_text(text, 300)
        if text:
            try:
                self.link.send({"type": "chat", "text": text})
            except Lost as exc:
                raise GameError(_("not sent: {reason}").format(reason=exc)) from None

    def send(self, message: dict[str, Any]) -> None:
        try:
            self.link.send(message)
        except Lost as exc:
            raise GameError(_("not sent: {reason}").format(reason=exc)) from None

    def who(self) -> list[str]:
        """Who sits where and who is connected, from the host's last lobby message."""
        lobby = self.lobby or {}
        out = [seat_line(seat, info) for seat, info in (lobby.get("seats") or {}).items()
               if isinstance(info, dict)]
        others = [clean_text(str(p.get("name", "?")), 40) for p in lobby.get("people") or [] if not p.get("seat")]
        if others:
            out.append(_("  in the lobby or watching: {names}").format(names=", ".join(others)))
        return out or [_("  (the host has not said yet)")]

    # -- the Session protocol -----------------------------------------------------------------------
    def seats_here(self) -> list[str]:
        return [self.seat] if self.seat else []

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
        if self.seat is None:
            raise GameError(_("you are watching; only seated players move"))
        if seat != self.seat:
            raise GameError(_("you sit at {seat}, not {other}").format(seat=self.seat, other=seat))
        if self.over is not None:
            raise GameError(_("the game is over"))
        if self.lost is not None:
            raise GameError(_("the connection to the host is lost ({reason})").format(reason=self.lost))
        seq = self.state["seq"] if self.state else None
        move = {"type": "move", "move": text, "seq": seq}
        try:
            self.link.send(move)
        except Lost as exc:  # nothing whole reached the host: rejoin and send it once more
            if not self._rejoin(str(exc)):
                raise GameError(_("the connection to the host is lost ({reason})")
                                .format(reason=self.lost)) from None
            try:
                self.link.send(move)  # with the old seq: the host refuses it if the game moved on
            except Lost:
                raise GameError(_("the connection dropped before the move was sent; try "
                                  "again")) from None
        acked: int | None = None
        deadline = time.monotonic() + REPLY_TIMEOUT
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                raise GameError(_("the host did not answer within {seconds} s")
                                .format(seconds=f"{REPLY_TIMEOUT:g}"))
            msg = self._next(left)
            if self.lost is not None:
                raise GameError(_("the connection to the host is lost ({reason})").format(reason=self.lost))
            if msg is None:
                continue
            kind = msg.get("type")
            if kind == "_rejoined":
                raise GameError(_("the connection dropped; look at the board and play again "
                                  "if your move is not there"))
            if kind == "error" and acked is None:
                raise GameError(clean_text(str(msg.get("message") or _("the host refused the move")), 400))
            if kind == "error":
                self.lines.append(host_said(msg))
            elif kind == "ack":
                acked = msg.get("seq") if isinstance(msg.get("seq"), int) else 0
            if acked is not None and (self.over is not None
                                      or (self.state is not None and self.state["seq"] >= acked)):
                return self._take_lines()

    def advance(self, on_lines: Callable[[list[str]], None], progress: Any = None) -> None:
        """Wait until this seat must decide or the game ends, narrating what happens: each
        message's lines in one call (a move's sentences make one line of the story)."""
        while True:
            while not self.settled():
                lines = self.pump(0)
                if lines is None:
                    break
                if lines:
                    on_lines(lines)
            lines = self._take_lines()
            if lines:
                on_lines(lines)
            if self.settled():
                return
            self.poll(None)

    def settled(self) -> bool:
        """This seat must decide, or the game is over or lost: the wait is over."""
        return self.over is not None or self.lost is not None or self._my_turn()

    def pump(self, timeout: float) -> list[str] | None:
        """Handle one message (waiting up to ``timeout``) and return the lines it made; None
        when none came."""
        msg = self._next(timeout)
        if msg is None:
            return self._take_lines() or None  # lines a drain left behind are news too
        if msg.get("type") == "error":
            self.lines.append(host_said(msg))
        return self._take_lines()

    def outcome(self) -> dict[str, Any] | None:
        if self.over is not None:
            out = self.over.get("outcome")
            if isinstance(out, dict):
                return {"winners": list(out.get("winners") or []), "reason": str(out.get("reason", "")),
                        "scores": dict(out.get("scores") or {})}
            return {"winners": [], "reason": _("the host ended the game"), "scores": {},
                    "unfinished": True}
        if self.lost is not None:
            return {"winners": [], "reason": _("the connection to the host was lost ({reason})")
                    .format(reason=self.lost),
                    "scores": {}, "unfinished": True}
        return None

    def undo(self, seat: str | None = None) -> int:
        raise GameError(_("undo exists only in local games"))

    def record_text(self) -> str:
        if self.over is not None and isinstance(self.over.get("record"), str):
            return self.over["record"]
        if self.over is not None:
            raise GameError(_("the host keeps the record of a network game (host --save); it "
                              "names the seed, and so every hidden card"))
        raise GameError(_("the record of a network game stays with the host until the game ends "
                          "(it names the seed, which would give away the deck)"))

    def close(self) -> None:
        if self.on_seq is not None and self.state is not None and self.over is None:
            self.on_seq(self.state["seq"], True)
        if self.link.conn is not None and self.over is None:
            with contextlib.suppress(Lost):
                self.link.send({"type": "bye"})
        self.link.close()


def host_said(msg: dict[str, Any]) -> str:
    """An error from the host as a line (worded by the host, in this player's language)."""
    return _("host: {message}").format(message=clean_text(str(msg.get("message")), 400))

