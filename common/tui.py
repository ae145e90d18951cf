"""The full-screen table (``play --tui``, ``join --tui``, ``join --watch --tui``): the board,
a scrolling log pane (PageUp/PageDown), the hand, a status line and the same prompt as the line REPL,
with completion and history, laid out by prompt_toolkit and redrawn on resize.

It is the line REPL's ``Ui`` with its output diverted (``common.render.divert``): the game
loop runs in a worker thread as it does at the line REPL, what it says goes to the log pane,
its board to the board pane, and its questions to the prompt. A terminal that is too small,
or no terminal at all, gets the line REPL with a one-line note.
"""

from __future__ import annotations

import io
import os
import queue
import shutil
import sys
import threading
import time
from collections import deque
from typing import Any

from common import _, ngettext
from common.render import divert, say
from common.repl import Ui

MIN_COLS, MIN_ROWS = 80, 24
BESIDE = 120  # from this many columns the log sits beside the board, not under it
LOG_MIN = 6  # rows the log keeps under the board
HAND_MIN = 4  # rows the hand pane may always take; up to a third of the screen when it needs them


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


def to_ansi(renderable: Any, width: int) -> list[str]:
    """A rich renderable as lines of ANSI text, ``width`` wide."""
    from rich.console import Console

    out = io.StringIO()
    Console(file=out, width=max(width, 20), force_terminal=True, highlight=False, emoji=False,
            color_system=None if os.environ.get("NO_COLOR") else "256").print(renderable)
    return out.getvalue().rstrip("\n").split("\n")


class TuiUi(Ui):
    """The line REPL's game loop, shown full screen (see the module docstring)."""

    full_screen = True

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
        self.shown = Text(_("Hand the keyboard to {seat} and press Enter.").format(seat=seat),
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
                    news = remote(0)
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
                self.label, self.asking = f"{seat}> ", seat
                self.waiting.set()
        if early is not None:
            self.note(Text(f"{seat}> {early.strip()}", style="dim"))
            return early
        try:
            line = self.wait_line(f"{seat}> ")
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

    def command(self, seat: str, text: str) -> str | None:
        """'hand' puts the whole hand into the log, where it scrolls (the hand pane shows as
        much of it as the screen has room for)."""
        from common.commands import local_words

        word = text.strip().partition(" ")[0].lower()
        if local_words().get(word, word) == "hand" and word not in self.session.legal(seat):
            self.board(seat)
            if self.hand is not None:
                self.note(self.hand)
            return None
        return super().command(seat, text)

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
            self.status = _("{seat} is thinking… {percent}%").format(
                seat=seat, percent=int(fraction * 100))
            self.refresh()

        pump = getattr(self.session, "pump", None)
        if pump is None:
            self.session.advance(paced, progress)
        else:  # a network game: wait in short steps, so 'quit' typed meanwhile is heard
            while not self.session.settled() and not self.quitting:  # type: ignore[attr-defined]
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

    def _log_lines(self, width: int) -> list[str]:
        out: list[str] = []
        for k, entry in enumerate(self.entries):
            key = (k, width)
            if key not in self.rendered:
                self.rendered[key] = to_ansi(entry, width)
            out += self.rendered[key]
        return out

    def _sizes(self) -> tuple[int, int, int, int, bool]:
        """(board width, board height, log width, log height, beside) for the terminal now."""
        if self.app is not None:
            size = self.app.output.get_size()
            cols, rows = size.columns, size.rows
        else:
            cols, rows = shutil.get_terminal_size()
        body = max(rows - 2 - self._hand_height(cols, rows), 1)
        if self.ending is not None:  # the end screen: one pane, the whole width
            return cols, body, cols, 0, False
        if cols >= BESIDE:
            log_w = max(40, cols * 2 // 5)
            return cols - log_w - 1, body, log_w, body, True
        board_h = min(len(self._board_lines(cols)), max(body - LOG_MIN, 1))
        return cols, board_h, cols, max(body - board_h, 1), False

    def _hand_lines(self, width: int) -> list[str]:
        return to_ansi(self.hand, width) if self.hand is not None and self.ending is None else []

    @staticmethod
    def _hand_room(rows: int) -> int:
        return max(HAND_MIN, (rows - 2) // 3)

    def _hand_height(self, cols: int, rows: int) -> int:
        return min(len(self._hand_lines(cols)), self._hand_room(rows))

    def _hand_shown(self, cols: int, rows: int) -> list[str]:
        """The hand pane: the whole hand where it fits, else as much as fits and a last line
        saying how many more 'hand' lists in the log (horror's hand of 6-9 had shown 3)."""
        lines = self._hand_lines(cols)
        room = self._hand_room(rows)
        if len(lines) <= room:
            return lines
        more = len(lines) - room + 1
        return [*lines[:room - 1], "  " + ngettext("… {n} more line: 'hand' shows it all in the log",
                                                  "… {n} more lines: 'hand' shows them all in the log",
                                                  more).format(n=more)]

    def _board_lines(self, width: int) -> list[str]:
        return to_ansi(self.shown, width) if self.shown is not None else [""]

    def build(self) -> Any:
        from prompt_toolkit import Application
        from prompt_toolkit.buffer import Buffer
        from prompt_toolkit.filters import Condition
        from prompt_toolkit.formatted_text import ANSI
        from prompt_toolkit.history import InMemoryHistory
        from prompt_toolkit.key_binding import KeyBindings, merge_key_bindings
        from prompt_toolkit.layout import (
            DynamicContainer,
            Float,
            FloatContainer,
            HSplit,
            Layout,
            VSplit,
            Window,
        )
        from prompt_toolkit.layout.controls import BufferControl, FormattedTextControl
        from prompt_toolkit.layout.dimension import Dimension
        from prompt_toolkit.layout.menus import CompletionsMenu

        from common.completion import MoveCompleter, tab_keys

        def accept(buf: Buffer) -> bool:
            return self.typed(buf.text)

        line = Buffer(multiline=False, history=InMemoryHistory(), completer=MoveCompleter(self),
                      complete_while_typing=Condition(lambda: bool(line.text.strip())),
                      accept_handler=accept)

        def board_text() -> Any:
            width, height, _log_w, _log_h, beside = self._sizes()
            lines = self._board_lines(width)
            if self.ending is not None:  # the last board, then the end screen: its end in view
                lines = [*lines, *(row for entry in self.ending for row in to_ansi(entry, width))]
                return ANSI("\n".join(lines[-height:]))
            if beside and self.spare is not None and len(lines) + 2 < height:
                lines = [*lines, "", *to_ansi(self.spare, width)]  # the pane's spare rows
            return ANSI("\n".join(lines[:height]))

        def log_text() -> Any:
            _cols, _rows, width, height, _beside = self._sizes()
            lines = self._log_lines(width)
            self.offset = max(0, min(self.offset, len(lines) - height))
            end = len(lines) - self.offset
            shown = lines[max(0, end - height):end]
            return ANSI("\n".join(shown))

        def status_text() -> str:  # read off the prompt: a network session is the game thread's
            asking = self.asking if self.waiting.is_set() else None
            question = self.waiting.is_set() and asking is None  # save? play again? hand over?
            scrolled = " · " + ngettext("log scrolled back {n} line", "log scrolled back {n} lines",
                                        self.offset).format(n=self.offset) if self.offset else ""
            status = self.status or ("" if question else _("{seat} to decide").format(seat=asking or "—"))
            keys = "" if self.ending is not None else _("PgUp/PgDn the log · Tab completes · 'help'")
            return " " + " · ".join(part for part in (self.title, status + scrolled, keys) if part) + " "

        board = Window(FormattedTextControl(board_text), wrap_lines=False,
                       height=lambda: Dimension.exact(self._sizes()[1]))
        log = Window(FormattedTextControl(log_text), wrap_lines=False,
                     height=lambda: Dimension.exact(self._sizes()[3]))

        def hand_text() -> Any:
            size = self.app.output.get_size()
            return ANSI("\n".join(self._hand_shown(size.columns, size.rows)))

        def hand_height() -> Any:
            size = self.app.output.get_size()
            return Dimension.exact(self._hand_height(size.columns, size.rows))

        hand = Window(FormattedTextControl(hand_text), wrap_lines=False, height=hand_height)

        def body() -> Any:
            if self.ending is not None:
                return board
            if self._sizes()[4]:
                return VSplit([board, Window(width=1, char="│", style="class:rule"), log])
            return HSplit([board, log])

        prompt = VSplit([Window(FormattedTextControl(lambda: self.label), dont_extend_width=True),
                         Window(BufferControl(line))], height=1)
        root = FloatContainer(
            HSplit([DynamicContainer(body), hand,
                    Window(FormattedTextControl(status_text), height=1, style="reverse"),
                    prompt]),
            floats=[Float(xcursor=True, ycursor=True, content=CompletionsMenu(max_height=8))])

        keys = KeyBindings()

        @keys.add("pageup")
        def _up(event: Any) -> None:
            self.offset += max(self._sizes()[3] - 1, 1)

        @keys.add("pagedown")
        def _down(event: Any) -> None:
            self.offset = max(0, self.offset - max(self._sizes()[3] - 1, 1))

        @keys.add("c-d")
        def _eof(event: Any) -> None:
            if line.text:
                line.delete()
            elif self.waiting.is_set():
                self.inbox.put(None)
            elif hasattr(self.session, "pump"):
                self.quitting = True

        @keys.add("c-c")
        def _clear(event: Any) -> None:
            line.reset()

        @keys.add("escape", filter=Condition(lambda: line.complete_state is not None))
        def _close_menu(event: Any) -> None:
            line.cancel_completion()

        self.app = Application(layout=Layout(root, focused_element=line),
                               key_bindings=merge_key_bindings([keys, tab_keys()]),
                               full_screen=True, mouse_support=False)
        return self.app

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
