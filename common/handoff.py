"""Hot-seat: who has the keyboard. It is handed over (the screen wiped, the next player asked
to sit down) only when a decision needs what only that player may see; a public decision is
taken at the table's board. A mixin of ``common.repl.Ui``; ``bench --attention`` counts the
hand-overs with the same rule (``keyboard_after``)."""

from __future__ import annotations

import sys
from typing import Any

from common import _
from common.render import console, say
from common.streams import drop_typed_ahead


def keyboard_after(holder: str | None, seat: str, private: bool) -> tuple[bool, str | None]:
    """Who holds the keyboard to themselves after ``seat`` comes to decide, when ``holder``
    did (None: nobody, the screen shows only public things), and whether the keyboard is
    handed over (a wipe and a prompt). Only a private decision (one that needs the seat's
    hand) is handed over, and only to a seat that does not hold it already; a public one
    leaves the keyboard with its holder when the holder decides it, else with nobody (the
    holder's hand is wiped first)."""
    if not private:
        return False, holder if holder == seat else None
    return seat != holder, seat


class HandOff:
    """Needs ``session``, ``here``, ``last_seat`` (the seat that holds the keyboard),
    ``typed_ahead``, ``dirty``, ``wiped`` and ``lines()`` from the ``Ui``."""

    session: Any
    spec: Any
    here: list[str]
    last_seat: str | None
    typed_ahead: str
    dirty: bool
    wiped: bool

    def lines(self, sentences: list[str], printer: Any = None) -> None:
        raise NotImplementedError

    def handoff(self, seat: str) -> None:
        """Hot-seat: hand the keyboard over only when the seat's decision needs its hand
        (``Rules.private_decision``); a public one is taken at the table's board, with the last
        player's hand wiped first. What the next player missed is retold after a hand-over."""
        if len(self.here) <= 1:
            self.last_seat = seat
            return
        private = getattr(self.session, "private_decision", None)
        handed, holder = keyboard_after(self.last_seat, seat, private is None or private(seat))
        if holder is None:  # a public decision by another seat than the one at the keyboard
            if self.last_seat is not None:  # someone's hand is on the screen: away with it
                self.session.set_public()  # a local session's
                self.last_seat = None
                self.wipe()
                self.dirty = self.wiped = True
            return
        if handed:
            missed = self.session.take_over_moves(seat)  # a local session's
            self.last_seat = seat
            self.hand_over(seat)
            if missed:  # the wipe took what happened since this player's last turn: retell it
                say(_("{seat}, since your last turn:").format(seat=self.spec.seat_name(seat)), "bold")
                for move in missed:
                    self.lines(move)
            self.dirty = self.wiped = True
        self.last_seat = seat

    def hand_over(self, seat: str) -> None:
        """Wipe the screen and wait for the next player; a line typed at the hand-over prompt
        is kept for their prompt (it is not thrown away)."""
        if not sys.stdin.isatty():
            return
        self.wipe()
        drop_typed_ahead()  # the last player's keys (an Enter after '!') do not hand the screen over
        say(_("Hand the keyboard to {seat} and press Enter.").format(seat=self.spec.seat_name(seat)), "bold")
        typed = sys.stdin.readline().strip()
        self.wipe()
        if typed:
            self.typed_ahead = typed
            say(_("(kept what you typed at the hand-over, {text}: it waits at your prompt)").format(
                text=repr(self.typed_ahead)), "dim")

    def viewer(self, seat: str) -> str | None:
        """Whose view the board shows at the seat's decision: nobody's (the public board) at
        hot-seat when nobody has the keyboard to themselves."""
        return None if len(self.here) > 1 and self.last_seat is None else seat

    def wipe(self) -> None:
        """The screen cleared before a hand-over (the full-screen table clears its panes)."""
        wipe_screen()


def wipe_screen() -> None:
    """Clear the screen and the terminal's scrollback, so the next player cannot scroll
    up to the last one's hand (a plain clear pushes the screen into the scrollback)."""
    out = console()
    if not out.is_terminal or out.is_dumb_terminal:  # a file, a pipe, TERM=dumb: no escapes
        return
    out.clear()
    out.file.write("\x1b[3J")
    out.file.flush()
