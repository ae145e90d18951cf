"""What the REPL talks to: a game seen from one terminal, local or over the network.

``LocalSession`` wraps a ``Table`` and the bots sitting at it; ``common.net.client`` has the
remote one. The REPL is written once against this protocol.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

from common import _
from common.bots import Bot, bot_move, make_bot
from common.engine import Event, GameError
from common.spec import HUMAN, GameSpec
from common.table import Table

Lines = Callable[[list[str]], None]
Progress = Callable[[str, float], None]  # (who is thinking, fraction done)


class Session(Protocol):
    spec: GameSpec
    can_undo: bool
    answers_here: bool  # the other seats' answers are made here, at once (bots): a line may wait

    def seats_here(self) -> list[str]: ...
    def waiting_for(self) -> str | None: ...
    def view(self, seat: str | None) -> dict[str, Any]: ...
    def legal(self, seat: str) -> list[str]: ...
    def play(self, seat: str, text: str) -> list[str]: ...
    def advance(self, on_lines: Lines, progress: Progress | None = None) -> None: ...
    def outcome(self) -> dict[str, Any] | None: ...
    def undo(self, seat: str | None = None) -> int:
        """Take back the last human move (``seat``'s, at hot-seat) and the bot moves after it."""
        ...

    def record_text(self) -> str: ...
    def close(self) -> None: ...


class LocalSession:
    """Everyone at one keyboard: human seats are prompted, bot seats move by themselves."""

    can_undo = True
    answers_here = True
    hints_allowed = True  # 'hint' at the prompt (a host may forbid them at its table)

    def __init__(self, spec: GameSpec, table: Table, kinds: dict[str, str], seed: int,
                 think: float | None) -> None:
        self.spec, self.table, self.kinds = spec, table, kinds
        self.bots: dict[str, Bot] = {
            seat: make_bot(kind, table.rules, seed=seed + 1 + i, think=think)
            for i, (seat, kind) in enumerate(kinds.items()) if kind != HUMAN}
        # hot-seat: whose the keyboard is, and what each other player has yet to read, each
        # line with the number of moves the game had when it was said (an undo drops it again)
        self.keyboard: str | None = None
        self.missed: dict[str, list[tuple[int, str]]] = {s: [] for s in self.seats_here()}
        # a loaded game's moves and their events (``play --load``), so that 'log' tells them
        self.loaded: list[tuple[int, list[Event]]] = []

    def moves(self) -> int:
        """How many moves the game has had (an undo makes it fewer)."""
        return len(self.table.record.body)

    def told_before(self, seat: str | None) -> list[tuple[int, list[str]]]:
        """A loaded game's moves as ``seat`` heard them: (moves then, sentences), for its log."""
        return [(n, self.table.narrate(events, seat)) for n, events in self.loaded]

    def seats_here(self) -> list[str]:
        return [s for s, k in self.kinds.items() if k == HUMAN]

    def waiting_for(self) -> str | None:
        for d in self.table.decisions():
            if d.seat not in self.bots:
                return d.seat
        return None

    def view(self, seat: str | None) -> dict[str, Any]:
        return self.table.view(seat)

    def legal(self, seat: str) -> list[str]:
        return self.table.legal(seat)

    def _narrate(self, events) -> list[str]:
        """Sentences for the player at the keyboard (at hot-seat, everyone else's are kept for
        when they sit down: see ``take_over``)."""
        here = self.seats_here()
        if len(here) == 1:
            return self.table.narrate(events, here[0])
        moves = len(self.table.record.body)
        public = self.table.narrate(events, self.keyboard)  # nobody: only what all may know
        for seat in here:
            if seat != self.keyboard:  # with nobody at it, the screen told the public part
                self.missed[seat] += [(moves, line) for line in self.table.narrate(events, seat)
                                      if self.keyboard is not None or line not in public]
        return public

    def private_decision(self, seat: str) -> bool:
        """Whether the seat's decision now needs its hand (hot-seat: a hand-over)."""
        return self.table.rules.private_decision(self.table.state, seat)

    def set_public(self) -> None:
        """Hot-seat: nobody has the keyboard to themselves (a public decision): the screen
        tells only what all may know, and each seat keeps its own news for its next turn."""
        self.keyboard = None

    def take_over(self, seat: str) -> list[str]:
        """Hot-seat: ``seat`` has the keyboard now; what happened since it last had it, as that
        seat may know it (its own draws included), which the screen wiped at the hand-over."""
        return [line for move in self.take_over_moves(seat) for line in move]

    def take_over_moves(self, seat: str) -> list[list[str]]:
        """``take_over``, its sentences grouped move by move (the REPL tells a move per line)."""
        self.keyboard = seat
        lines, self.missed[seat] = self.missed.get(seat, []), []
        moves: list[list[str]] = []
        last = None
        for n, line in lines:
            if n != last or not moves:
                moves.append([])
                last = n
            moves[-1].append(line)
        return moves

    def play(self, seat: str, text: str) -> list[str]:
        return self._narrate(self.table.play(seat, text))

    def advance(self, on_lines: Lines, progress: Progress | None = None) -> None:
        """Let the bots move until a human must decide or the game ends."""
        table = self.table
        while table.outcome() is None:
            decisions = table.decisions()
            if not decisions or decisions[0].seat not in self.bots:
                return
            seat = decisions[0].seat
            bot = self.bots[seat]
            legal = table.legal_moves(seat)
            report = (lambda f, s=seat: progress(s, f)) if progress else None
            move = bot_move(bot, table.rules, table.view(seat) if bot.needs_view else {},
                            seat, legal, report)
            try:
                on_lines(self._narrate(table.play(seat, move)))
            except GameError as exc:  # cannot happen with a legal move; never stall the game
                on_lines([f"{seat}: {exc}"])
                return

    def outcome(self) -> dict[str, Any] | None:
        out = self.table.outcome()
        return out.to_json() if out else None

    def undo(self, seat: str | None = None) -> int:
        """Take back the last human move (and the bots' passes after it). A player takes back
        only their own decisions: never across another player's move, a bot's or (at
        hot-seat) another person's, so 'undo' at the start of your turn never takes back
        the bots' whole turn; a bot that only passed (a reaction it did not make) is no bar."""
        here = set(self.seats_here())
        mine = {seat} if seat is not None and len(here) > 1 else here
        span = self.table.undo_span(mine)
        others = sorted((here - mine) & {who for who, _told, _text in span})
        if others:
            raise GameError(_("{seats} moved after your last move; undo takes back only your own "
                              "moves").format(seats=", ".join(others)))
        if any(told & here for _who, told, _text in span):
            raise GameError(_("undo cannot take back cards you have already drawn and seen"))
        bots = sorted({who for who, _told, text in span if who not in here and text != "pass"})
        if bots:
            raise GameError(_("{seats} moved after your last move; undo takes back only your own "
                              "moves").format(seats=", ".join(bots)))
        count = self.table.undo(mine)
        if count == 0:
            raise GameError(_("nothing to undo"))
        moves = len(self.table.record.body)  # what the taken-back moves said is not news now
        self.missed = {s: [m for m in lines if m[0] <= moves] for s, lines in self.missed.items()}
        return count

    def note_hint(self, seat: str) -> None:
        """The record notes the hint (a comment before the seat's next move)."""
        self.table.note_hint(seat)

    def record_text(self) -> str:
        return self.table.record_text()

    def close(self) -> None:
        pass
