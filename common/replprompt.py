"""The line REPL's prompt (a mixin of ``common.repl.Ui``): prompt_toolkit with completion,
history and a toolbar at a terminal, a plain line from a pipe; the keys a reaction may pass
with at one keystroke."""

from __future__ import annotations

import sys
import time
from collections.abc import Callable
from typing import Any

from common import _
from common.paths import state_dir
from common.private import private_file
from common.spoken import spoken

# an empty line this soon after the prompt that follows a '!' is the Enter the player pressed
# after it out of habit (the key passes at once): asked again, it plays no Enter move
ENTER_AFTER_KEY = 1.0


class Prompting:
    """Needs ``spec``, ``session``, ``here``, ``title`` and ``reacting()`` from the ``Ui``."""

    spec: Any
    session: Any
    here: list[str]
    title: str
    prompt_sessions: dict[str, Any]
    typed_ahead: str
    reacting: Callable[[], bool]  # Reacting's: is the decision a reaction?
    enter_move: Callable[[str], str | None]  # the Ui's: the move a bare Enter plays
    cut_short: bool  # the last prompt was ended by the network, not by Enter
    passed_by_key = False  # the last prompt was ended by the '!' key

    def _prompt_toolkit(self, seat: str) -> Any:
        """The seat's prompt. One player keeps a history file across games; at hot-seat each
        seat gets its own history in memory, so Up-arrow never shows another seat's lines."""
        if seat not in self.prompt_sessions:
            from prompt_toolkit import PromptSession
            from prompt_toolkit.history import FileHistory, InMemoryHistory
            from prompt_toolkit.key_binding import merge_key_bindings

            from common.completion import MoveCompleter, tab_keys

            history: Any = InMemoryHistory()
            if len(self.here) <= 1:
                state = state_dir()
                try:
                    state.mkdir(mode=0o700, parents=True, exist_ok=True)
                    history = FileHistory(private_file(str(state / f"{self.spec.name}-history")))
                except OSError:
                    pass
            self.prompt_sessions[seat] = PromptSession(
                history=history, completer=MoveCompleter(self), complete_while_typing=True,
                bottom_toolbar=self.toolbar, key_bindings=merge_key_bindings(
                    [_keys(self.reacting), tab_keys()]))
        return self.prompt_sessions[seat]

    def _live(self, prompt: Any, text: str, shown: Any, live: Callable[..., None]) -> str:
        """The prompt of a network game: lines that arrive meanwhile appear above it, and the
        network may end it (its seat's decision was taken for it: a bot, a timeout)."""
        from prompt_toolkit.patch_stdout import patch_stdout

        app = prompt.app

        def interrupt() -> None:  # from the network thread: end the prompt, empty-handed
            self.cut_short = True  # no Enter was pressed: the Enter move is not played
            loop = getattr(app, "loop", None)
            if loop is not None:
                loop.call_soon_threadsafe(lambda: app.exit(result="") if app.is_running else None)

        with patch_stdout(raw=True):  # lines printed meanwhile appear above the prompt
            live(lambda line: print(line, flush=True), interrupt)
            try:
                return prompt.prompt(text, placeholder=shown)
            finally:
                live(None)

    def read(self, seat: str) -> str:
        text = f"{self.spec.seat_name(seat)}> "
        if sys.stdin.isatty() and sys.stdout.isatty():
            prompt = self._prompt_toolkit(seat)
            live = getattr(self.session, "live_chat", None)  # a network game: chat shows at once
            typed, self.typed_ahead = self.typed_ahead, ""
            self.cut_short = False
            enter = self.enter_move(seat)  # shown, dimmed, on the empty line: what Enter plays
            # (an empty placeholder, not None: None keeps the session's last one)
            shown: Any = [("fg:ansibrightblack", _("Enter: {move}").format(
                move=spoken(self.spec.rules.notation, enter)))] if enter else ""
            asked = time.monotonic()
            if live is None:
                line = prompt.prompt(text, default=typed, placeholder=shown)
            else:
                line = self._live(prompt, text, shown, live)
            after_key, self.passed_by_key = self.passed_by_key, line == "pass!"
            if after_key and not line and not self.cut_short and time.monotonic() - asked < ENTER_AFTER_KEY:
                return self.read(seat)  # the Enter pressed after '!' (which needs none)
            return line
        sys.stdout.write(text)
        sys.stdout.flush()
        line = sys.stdin.readline()
        if not line:
            raise EOFError
        return line

    def toolbar(self) -> str:
        seat = self.session.waiting_for()
        if seat is not None and self.reacting():
            return " " + _("{title} · {seat} may react · ! passes for the rest of this turn · "
                           "'reactions' sets which you are asked").format(
                title=self.title, seat=self.spec.seat_name(seat)) + " "
        return " " + _("{title} · {seat} to decide · Tab lists moves · 'help' for "
                       "commands").format(title=self.title, seat=self.spec.seat_name(seat or "—")) + " "


def _keys(reacting: Any) -> Any:
    """The prompt's key bindings: '!' on an empty line at a reaction passes for the rest of
    the turn at one keystroke (``reacting()`` says whether the decision is one); and 'mouse
    events' are dropped. A pasted colour code (ESC [ 3 1 m) reads as one, and prompt_toolkit's
    own handler then dies printing its traceback; we never ask for mouse reporting, so nothing
    real is lost."""
    from prompt_toolkit.filters import Condition
    from prompt_toolkit.key_binding import KeyBindings
    from prompt_toolkit.keys import Keys

    keys = KeyBindings()

    @keys.add(Keys.Vt100MouseEvent)
    def _ignore(event: Any) -> None:
        pass

    @Condition
    def empty_reaction() -> bool:
        from prompt_toolkit.application.current import get_app

        return not get_app().current_buffer.text and reacting()

    @keys.add("!", filter=empty_reaction)
    def _pass_turn(event: Any) -> None:
        event.app.exit(result="pass!")

    return keys

