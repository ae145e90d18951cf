"""The full-screen table's panes (``common.tui``): the board, the log, the hand, the status
line and the prompt, sized for the terminal now and laid out by prompt_toolkit. A mixin of
``TuiUi``: it reads the table's state (what each pane shows) and hands each line typed at the
prompt to ``typed``; the game loop behind it is ``common.tui``'s."""

from __future__ import annotations

import io
import os
import queue
import shutil
import threading
from typing import Any

from common import _, ngettext

BESIDE = 120  # from this many columns the log sits beside the board, not under it
LOG_MIN = 6  # rows the log keeps under the board
HAND_MIN = 4  # rows the hand pane may always take; up to a third of the screen when it needs them


def to_ansi(renderable: Any, width: int) -> list[str]:
    """A rich renderable as lines of ANSI text, ``width`` wide."""
    from rich.console import Console

    out = io.StringIO()
    Console(file=out, width=max(width, 20), force_terminal=True, highlight=False, emoji=False,
            color_system=None if os.environ.get("NO_COLOR") else "256").print(renderable)
    return out.getvalue().rstrip("\n").split("\n")


class Panes:
    """What each pane shows and how big it is; ``build`` makes the prompt_toolkit Application."""

    app: Any
    ending: list[Any] | None
    entries: list[Any]
    rendered: dict[tuple[int, int], list[str]]
    hand: Any
    shown: Any
    spare: Any
    offset: int
    label: str
    status: str
    title: str
    asking: str | None
    waiting: threading.Event
    inbox: queue.Queue[str | None]
    quitting: bool
    session: Any
    spec: Any

    def typed(self, text: str) -> bool:
        raise NotImplementedError

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
            status = self.status or ("" if question else _("{seat} to decide").format(seat=self.spec.seat_name(asking or "—")))
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
