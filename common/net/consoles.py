"""The consoles of a player at a hosted game: the lobby and the spectator's console
(``console``: host messages as they come, typed lines are commands) and the REPL of local play
with chat added (``net_ui``). The command words are the player's language's as well as English
(``english_word``), as at the game's prompt; what they answer is in the player's language.
"""

from __future__ import annotations

import contextlib
import contextvars
import sys
import threading
import time
from typing import Any

from common import N_, _, pgettext
from common.engine import GameError
from common.net.botclient import print_line
from common.net.protocol import clean_text
from common.net.remote import Echo, RemoteSession
from common.spec import GameSpec


def _thread(target: Any, name: str) -> threading.Thread:
    """A daemon thread in the player's language context (a new thread starts without it)."""
    return threading.Thread(target=contextvars.copy_context().run, args=(target,), name=name,
                            daemon=True)


CONSOLE_COMMANDS = (("sit", N_("SEAT"), N_("take a seat (sit any: the first free one)")),
                    ("stand", "", N_("give your seat back")),
                    ("say", N_("TEXT"), N_("chat with everyone at the table")),
                    ("who", "", N_("who sits where, who is connected")),
                    ("board", "", N_("the game as you see it (once it has begun)")),
                    ("help", "", N_("this list")),
                    ("quit", "", N_("leave")))


def _console_words() -> dict[str, str]:
    """The lobby's own command words in the player's language -> English."""
    # Translators: the "command" words are typed at the lobby's prompt: one word each, lower
    # case, no spaces (the English words keep working too)
    words = {"sit": pgettext("command", "sit"), "stand": pgettext("command", "stand"),
             "say": pgettext("command", "say"), "chat": pgettext("command", "chat"),
             "who": pgettext("command", "who"), "any": pgettext("command", "any")}
    return {local.lower(): word for word, local in words.items() if local.lower() != word}


def english_word(word: str) -> str:
    """A command word typed in the player's language ('siedi', 'помощь') as the English one the
    consoles act on; an English word, or any other, as it is."""
    from common.commands import local_words

    word = word.lower()
    return _console_words().get(word) or local_words().get(word) or word


def local_command(word: str) -> str:
    """An English command word as the player's language says it."""
    from common.commands import local_word

    mine = {english: local for local, english in _console_words().items()}
    return mine.get(word) or local_word(word)


def console_help() -> str:
    """The lobby's commands in the player's language (the English words work too), explained."""
    rows = [(f"{local_command(word)} {_(takes) if takes else ''}".strip(), _(text))
            for word, takes, text in CONSOLE_COMMANDS]
    return "\n".join(f"  {name:<14} {text}" for name, text in rows)


def console(spec: GameSpec, session: RemoteSession, echo: Echo = print_line,
            interactive: bool = True) -> str:
    """The lobby (until the game begins) or a spectator's view (until it ends): host messages
    are printed as they come; typed lines are commands. Returns 'play' when this client has a
    seat in a game that began, 'over' or 'quit'."""
    from common.render import show

    def finished() -> str | None:
        if session.over is not None or session.lost is not None:
            return "over"
        if session.state is not None and session.seat is not None:
            return "play"
        return None

    last_seq = [-1]
    prompt: Any = None
    if interactive:
        from prompt_toolkit import PromptSession

        prompt = PromptSession(erase_when_done=True)  # the log keeps what was typed, not the prompt

    def pump_once(timeout: float | None) -> None:
        session.poll(timeout)
        for line in session._take_lines():
            echo(line)
        state = session.state
        if state is not None and session.seat is None and state["seq"] != last_seq[0]:
            if last_seq[0] < 0 and interactive:  # the game began: 'lobby>' becomes 'watch>'
                app = prompt.app
                if app.is_running and getattr(app, "loop", None) is not None:
                    app.loop.call_soon_threadsafe(app.invalidate)
            last_seq[0] = state["seq"]
            with contextlib.suppress(Exception):
                show(spec.render.render_view(state["view"], None))

    if not interactive:  # a script or a pipe: just follow the game
        while finished() is None:
            pump_once(None)
        return finished() or "over"

    done = threading.Event()
    result: list[str] = []

    def pump() -> None:
        while not done.is_set():
            pump_once(0.2)
            end = finished()
            if end is not None:
                result.append(end)
                done.set()
        app = prompt.app
        for _attempt in range(50):  # the prompt may be between two reads: keep asking it to stop
            if app.is_running and getattr(app, "loop", None) is not None:
                app.loop.call_soon_threadsafe(lambda: app.exit(result="") if app.is_running else None)
            time.sleep(0.1)

    from prompt_toolkit.patch_stdout import patch_stdout

    def label() -> str:  # read at every redraw: the prompt changes when the game begins
        return (pgettext("prompt", "watch") if session.state is not None
                else pgettext("prompt", "lobby")) + "> "

    echo(_("Type 'help' for the commands; you are watching the game in progress.")
         if session.state is not None else
         _("Type 'help' for the commands; the game begins when the seats are filled."))
    with patch_stdout(raw=True):  # raw: let the board's colours through, not "?[1;35m"
        thread = _thread(pump, "net-console")
        thread.start()
        while not done.is_set():
            try:
                text = prompt.prompt(label).strip()
            except (EOFError, KeyboardInterrupt):
                done.set()
                return "quit"
            if done.is_set() or not text:
                continue
            word, _sep, rest = text.partition(" ")
            word = english_word(word)
            try:
                if word in ("quit", "exit"):
                    done.set()
                    return "quit"
                if word in ("say", "chat"):
                    session.chat(rest)
                elif word == "sit":
                    seat = rest.strip()
                    seat = "any" if not seat or english_word(seat) == "any" else spec.seat_aliases().get(
                        seat.lower(), seat)
                    session.send({"type": "sit", "seat": seat})
                elif word == "stand":
                    session.send({"type": "stand"})
                elif word == "who":
                    for line in session.who():
                        echo(line)
                elif word == "board":
                    if session.state is None:
                        echo(_("the game has not begun yet: no board to show"))
                    else:
                        show(spec.render.render_view(session.state["view"], session.seat))
                elif word in ("help", "?"):
                    echo(console_help())
                else:
                    echo(_("unknown command {word}; the commands are:")
                         .format(word=repr(clean_text(word, 30))))
                    echo(console_help())
            except GameError as exc:
                echo(_("error: {reason}").format(reason=exc))
    return result[0] if result else "over"


def net_ui(spec: GameSpec, session: RemoteSession, tui: bool = False) -> int:
    """The REPL of local play (or its full-screen table), plus chat ('chat TEXT', and 'say TEXT'
    where 'say' is no move of the game: in Creature Feature it is narration, a move that goes
    into the film) and 'who'."""
    from common.render import say
    from common.tui import choose_ui

    base = choose_ui(tui)

    def _is_move(text: str) -> bool:
        try:
            spec.rules.parse(text)
        except GameError:
            return False
        return True

    class NetUi(base):  # type: ignore[valid-type,misc]
        def advance(self) -> None:
            if session.settled() or getattr(self, "full_screen", False) or not (
                    sys.stdin.isatty() and sys.stdout.isatty()):
                super().advance()
                return
            self.wait_at_prompt()

        def wait_at_prompt(self) -> None:
            """While the others play: their moves, chat and lobby news appear as they come,
            above a prompt that takes 'say', 'who', 'board', 'log' and 'quit'; it gives way
            to the move prompt when this seat must decide."""
            from prompt_toolkit import PromptSession
            from prompt_toolkit.patch_stdout import patch_stdout

            # erased when the seat's turn comes (or a line is entered): the prompt does not stay in
            # the log above the next one
            prompt: Any = PromptSession(erase_when_done=True)
            done = threading.Event()

            def pump() -> None:
                while not done.is_set():
                    lines = session.pump(0.2)
                    if lines:
                        self.lines(lines)
                    if session.settled():
                        done.set()
                app = prompt.app
                for _attempt in range(50):  # the prompt may be between two reads: keep asking
                    if app.is_running and getattr(app, "loop", None) is not None:
                        app.loop.call_soon_threadsafe(
                            lambda: app.exit(result="") if app.is_running else None)
                        return
                    time.sleep(0.05)

            with patch_stdout(raw=True):
                thread = _thread(pump, "net-wait")
                thread.start()
                try:
                    while not done.is_set():
                        try:
                            text = prompt.prompt(_("(waiting) > ")).strip()
                        except (EOFError, KeyboardInterrupt):
                            self.quitting = True
                            return
                        if text:
                            say(_("(waiting) > ") + text, "dim")  # what was typed stays, once
                            self.waiting_command(text)
                        if self.quitting:
                            return
                finally:
                    done.set()
                    thread.join(timeout=5)

        def waiting_command(self, text: str) -> None:
            word = english_word(text.partition(" ")[0])
            seat = session.seat
            if word in ("quit", "exit"):
                self.quitting = True
            elif word in ("say", "chat", "who", "board", "hand", "log", "help", "card", "cards",
                          "discard", "pile", "rules") or word in self.toggle_names():
                self.command(seat or "", text)
            else:
                say(_("It is not your turn: '{say} TEXT' chats, '{who}', '{board}' and '{log}' show "
                      "the table, '{quit}' leaves.").format(
                    say=local_command("say"), who=local_command("who"), board=local_command("board"),
                    log=local_command("log"), quit=local_command("quit")))

        def command(self, seat: str, text: str) -> str | None:
            word, _sep, rest = text.partition(" ")
            word = english_word(word) if not _is_move(text) else word.lower()
            if word in ("say", "chat") and not (word == "say" and _is_move(text)):
                try:
                    session.chat(rest)
                except GameError as exc:
                    say(_("error: {reason}").format(reason=exc))
                return None
            if word == "who":
                for line in session.who():
                    say(line)
                return None
            return super().command(seat, text)

        def help(self, topic: str) -> None:
            super().help(topic)
            if not topic:
                say("  {word:<12} {text}".format(word=f"{local_command('chat')} {_('TEXT')}", text=_(
                    "chat with everyone at the table (out of the game; 'say' chats too where it "
                    "is no move)")))
                say("  {word:<12} {text}".format(word=local_command("who"), text=_(
                    "who sits where, who is connected")))

    try:
        return NetUi(spec, session).run()
    finally:
        session.close()

