"""The full-screen table (``play --tui``, ``join --tui``, ``join --watch --tui``): the board,
a scrolling log pane (PageUp/PageDown), the hand, a status line and the same prompt as the line REPL,
with completion and history, laid out by prompt_toolkit and redrawn on resize.

The panes and their layout are ``common.tuipanes``; this module runs the game loop behind them.
It is the line REPL's ``Ui`` with its output diverted (``common.render.divert``): the game
loop runs in a worker thread as it does at the line REPL, what it says goes to the log pane,
its board to the board pane, and its questions to the prompt. A terminal that is too small,
or no terminal at all, gets the line REPL with a one-line note.
"""

from __future__ import annotations

import queue
import shutil
import sys
import threading
import time
from collections import deque
from typing import Any

from common import _
from common.render import divert, say
from common.repl import Ui
from common.tuipanes import Panes

MIN_COLS, MIN_ROWS = 80, 24


def unfit() -> str | None:
    """Why this terminal cannot hold the full-screen table (None: it can)."""
    if not (sys.stdin.isatty() and sys.stdout.isatty()):
        return _("--tui needs a terminal (input or output is not one)")
    cols, rows = shutil.get_terminal_size((0, 0))
    if cols < MIN_COLS or rows < MIN_ROWS:
        return _("--tui needs at least {cols}x{rows} characters (this terminal is "
                 "{have_cols}x{have_rows})").format(cols=MIN_COLS, rows=MIN_ROWS, have_cols=cols,
                                                    have_rows=rows)
    return None


class TuiUi(Panes, Ui):
    """The line REPL's game loop, shown full screen (see the module docstring)."""

    full_screen = True
    ENTER_PLAYS = False  # the full screen's prompt shows no default move: Enter plays nothing

    def __init__(self, *args: Any, **kw: Any) -> None:
        super().__init__(*args, **kw)
        self.inbox: queue.Queue[str | None] = queue.Queue()
        self.waiting = threading.Event()  # the game loop waits for a line from the prompt
        self.skip = threading.Event()  # a key pressed while the bots move: no more pauses
        self.label = ""
        self.shown: Any = None  # the board pane's renderable
        self.hand: Any = None  # the hand pane's (None: the board draws the hand, or no hand)
        self.spare: Any = None  # what fills the board pane's spare rows (``story_view``), if any
        self.entries: list[Any] = []  # the log pane's renderables, oldest first
        self.rendered: dict[tuple[int, int], list[str]] = {}
        self.offset = 0  # log lines scrolled back from the newest
        self.status = ""
        self.app: Any = None
        self.asking: str | None = None  # the seat whose move the prompt waits for (None: a question)
        self.ahead: deque[str] = deque()  # lines entered while others moved, for the next move
        self.gate = threading.Lock()  # between the prompt's Enter and the game loop's next read
        self.ending: list[Any] | None = None  # the end screen, drawn across the whole screen

    # -- what the game loop says ------------------------------------------------------------------
    def note(self, renderable: Any) -> None:
        if self.ending is not None:  # the end screen has the screen's width, not the log's
            self.ending.append(renderable)
        else:
            self.entries.append(renderable)
            self.offset = 0
        self.refresh()

    def refresh(self) -> None:
        if self.app is not None:
            self.app.invalidate()

    def lines(self, sentences: list[str], printer: Any = None) -> None:
        super().lines(sentences)
        if sentences:
            self.live_board()

    def drawing(self, seat: str | None) -> tuple[Any, dict[str, Any]]:
        """The board without the hand where the game draws the hand on its own (``hand_view``):
        the hand has a pane of its own, which a tall board never pushes off the screen."""
        hand_view = getattr(self.spec.render, "hand_view", None)
        if hand_view is None:
            drawing, view = super().drawing(seat)
            self._story(view)
            return drawing, view
        self.toggles.setdefault("hand", False)
        try:
            drawing, view = super().drawing(seat)
        finally:
            del self.toggles["hand"]
        from rich.markup import render as markup

        hand = hand_view(view)
        self.hand = markup(hand) if isinstance(hand, str) else hand
        self._story(view)
        return drawing, view

    def _story(self, view: dict[str, Any]) -> None:
        """The game's ``story_view`` (horror: the script), for the rows the board leaves."""
        story_view = getattr(self.spec.render, "story_view", None)
        self.spare = story_view(view) if story_view is not None and view else None

    def live_board(self) -> None:
        """The board pane always shows the table as it is now (the line REPL draws it only at
        the player's decision, to keep the story in view; here the log keeps it)."""
        seat = self.last_seat if self.last_seat in self.here else self.reader()
        self.shown, _view = self.drawing(seat)
        self.refresh()

    def board(self, seat: str | None) -> None:
        drawing, view = self.drawing(seat)
        self.shown = drawing
        for line in self._callouts(seat, view):
            say(line, "bold yellow")
        self.seen[seat] = view
        self.dirty = False
        self.refresh()

    def wipe(self) -> None:
        self.entries.clear()
        self.rendered.clear()
        self.shown = self.hand = self.spare = None
        self.refresh()

    def hand_over(self, seat: str) -> None:
        """Hot-seat: the panes are emptied and the next player is asked to sit down before
        their hand is drawn; a line typed there is not played, and the player is told so."""
        from rich.text import Text

        self.drop_ahead()  # a line typed ahead for the last player is not the next one's
        self.wipe()
        self.shown = Text(_("Hand the keyboard to {seat} and press Enter.").format(seat=self.spec.seat_name(seat)),
                          style="bold")
        typed = (self.wait_line("") or "").strip()
        self.wipe()
        if typed:
            say(_("(what you typed at the hand-over, {text}, was not played: type it at your "
                  "prompt)").format(text=repr(typed[:80])), "dim")

    # -- what the game loop asks ------------------------------------------------------------------
    def wait_line(self, label: str) -> str | None:
        self.label = label
        self.waiting.set()
        self.refresh()
        remote = getattr(self.session, "pump", None)
        try:
            while True:
                try:
                    return self.inbox.get(timeout=0.2 if remote else None)
                except queue.Empty:  # a network game: chat and news keep coming meanwhile
                    news = remote(0) if remote else None
                    if news:
                        self.lines(news)
                    if self.session.outcome() is not None:
                        return ""
        finally:
            self.waiting.clear()
            self.label = ""
            self.refresh()

    def read(self, seat: str) -> str:
        from rich.text import Text

        with self.gate:  # a line entered while the bots moved is this move (see ``typed``)
            early = self.ahead.popleft() if self.ahead else None
            if early is None:
                self.label, self.asking = f"{self.spec.seat_name(seat)}> ", seat
                self.waiting.set()
        if early is not None:
            self.note(Text(f"{self.spec.seat_name(seat)}> {early.strip()}", style="dim"))
            return early
        try:
            line = self.wait_line(f"{self.spec.seat_name(seat)}> ")
        finally:
            self.asking = None
        if line is None:
            raise EOFError
        return line

    def drop_ahead(self) -> None:
        """Lines entered ahead are for the player's next move: a question or another player's
        turn comes first, so they are set aside, and the log says so."""
        with self.gate:
            dropped, self.ahead = list(self.ahead), deque()
        for line in dropped:
            say(_("Not used (something else was asked first): {line}").format(line=line.strip()),
                "dim")

    def ask(self, question: str) -> str | None:
        self.drop_ahead()
        return self.wait_line(question)

    def finish(self, out: dict[str, Any]) -> int:
        """The end screen across the whole screen (the score table had been squeezed into the
        log pane), the hand pane gone."""
        if not out.get("unfinished"):
            self.drop_ahead()
            self.ending = []
        return super().finish(out)

    def on_hand(self, seat: str, rest: str) -> str | None:
        """'hand' puts the whole hand into the log, where it scrolls (the hand pane shows as
        much of it as the screen has room for)."""
        self.board(seat)
        if self.hand is not None:
            self.note(self.hand)
        return None

    def interactive(self) -> bool:
        return True

    def advance(self) -> None:
        if self.shown is None:  # the board pane is never empty (a watcher has no decision)
            self.live_board()
        self.skip.clear()
        self.pacer.begin()
        pace = self.pacer.pace if self.pacer.pace > 0 else 0.0

        def paced(sentences: list[str]) -> None:
            self.lines(sentences)
            if sentences and pace and not self.skip.is_set():
                self.skip.wait(self.pacer.seconds(sentences))

        def progress(seat: str, fraction: float) -> None:
            self.status = _("{seat} {seat:is|are} thinking… {percent}%").format(
                seat=self.spec.seat_name(seat), percent=int(fraction * 100))
            self.refresh()

        pump = getattr(self.session, "pump", None)
        if pump is None:
            self.session.advance(paced, progress)
        else:  # a network game: wait in short steps, so 'quit' typed meanwhile is heard
            while not self.session.settled() and not self.quitting:
                news = pump(0.2)
                if news:
                    paced(news)
        self.status = ""

    def log(self, arg: str) -> None:
        arg = arg.strip().lower()
        count = None if arg == "all" else int(arg) if arg.isdigit() else 20
        for line in self.story.tail(self.reader(), count):
            say(line)

    def rules(self) -> None:
        from common.render import markdown

        markdown(self.spec.rules_text())

    # -- the screen -------------------------------------------------------------------------------
    def typed(self, text: str) -> bool:
        """A line from the prompt. The game loop gets it when it is waiting for one; otherwise
        (others are playing) what can be answered now is: a network game's say, who, board,
        log, quit. Returns True to keep the line in the prompt for later."""
        from rich.text import Text

        with self.gate:
            if self.waiting.is_set():
                if self.label.endswith("> ") and text.strip():  # the log keeps what was typed
                    self.note(Text(self.label + text.strip(), style="dim"))
                self.inbox.put(text)
                return False
            word = text.strip().partition(" ")[0].lower()
            if not hasattr(self.session, "pump"):  # the bots are moving: show the rest at once;
                self.skip.set()  # a line is the next move (it had stayed in the prompt, and the
                if text.strip():  # next one was glued to it: 'log 14log 26')
                    self.ahead.append(text)
                    self.note(Text(_("Typed ahead, for your next move: {line}").format(
                        line=text.strip()), style="dim"))
                return False
        if word in ("quit", "exit"):
            self.quitting = True
        elif word:
            self.command(self.reader() or "", text.strip())
        return False

    def run(self) -> int:
        """The game loop in a worker thread, the screen in this one."""
        app = self.build()
        result: list[int] = []
        failure: list[BaseException] = []

        def game() -> None:
            try:
                result.append(self.loop())
            except BaseException as exc:  # shown after the screen closes, never swallowed
                failure.append(exc)
            finally:
                self.waiting.clear()
                for _try in range(100):  # the screen may still be starting: wait for it, then close it
                    if app.is_running and app.loop is not None:
                        app.loop.call_soon_threadsafe(lambda: app.exit() if app.is_running else None)
                        break
                    time.sleep(0.05)

        divert(self.note)
        try:
            worker = threading.Thread(target=game, name="tui-game", daemon=True)
            app.pre_run_callables.append(worker.start)
            app.run()
        finally:
            divert(None)
        worker.join(timeout=5)
        if failure:
            raise failure[0]
        from common.render import show

        for entry in [*self.entries[-4:], *(self.ending or ())]:  # the end of the story and the
            show(entry)  # end screen stay on the terminal
        return result[0] if result else 0


def choose_ui(tui: bool) -> type[Ui]:
    """The full-screen ``TuiUi`` when asked for and the terminal can hold it; else the line
    REPL, saying why."""
    if not tui:
        return Ui
    why = unfit()
    if why is None:
        return TuiUi
    say(_("{why}; using the line REPL.").format(why=why), "bold")
    return Ui
